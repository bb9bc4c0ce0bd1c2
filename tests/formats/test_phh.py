"""PHH written wherever a log is written (issue 34): ``--log FILE.phh`` in ``poker match``, ``poker acpc`` and
``examples/pokergame.py`` through the one writer (:class:`poker.formats.hand_log.HandLog`), read back by pokerkit
(``HandHistory.load_all``, each hand alone by ``HandHistory.loads``) and by ``poker history`` with the same
numbers as the ACPC log of the same match."""

from __future__ import annotations

import json
import re

import pytest

from poker import PokerError
from poker.cli import main
from poker.formats.acpc_log import LogLine, read_log
from poker.formats.acpc_notation import NO_CAP, GameDefinition
from poker.matches.duplicate import match

pokerkit = pytest.importorskip('pokerkit')


def kit_cards(cards) -> str:
    return ''.join(f'{card.rank.value}{card.suit.value}' for card in cards)


@pytest.fixture(scope='module')
def logs(tmp_path_factory):
    """The same seeded match logged twice: as ACPC lines and as PHH."""
    folder = tmp_path_factory.mktemp('logs')
    for name in ('m.log', 'm.phh'):
        match(['loki', 'station', 'maniac'], 4, seed=3, log=folder / name)
    return folder


def test_a_match_logged_as_phh_is_read_by_pokerkit_hand_by_hand(logs):
    lines = read_log(logs / 'm.log')
    with open(logs / 'm.phh', 'rb') as file:
        hands = list(pokerkit.HandHistory.load_all(file))
    assert len(hands) == len(lines) == 12
    for line, hand in zip(lines, hands):
        state = list(hand)[-1]
        assert hand.variant == 'FT' and hand.players == list(line.names) and hand.hand == line.hand
        assert [float(payoff) for payoff in state.payoffs] == list(line.payoffs)       # pokerkit's own count
        dealt = {op.player_index: kit_cards(op.cards) for op in state.operations if type(op).__name__ == 'HoleDealing'}
        assert [dealt[index] for index in range(len(line.names))] == [''.join(map(str, hole)) for hole in line.holes]
        assert kit_cards(state.get_board_cards(0)) == ''.join(map(str, line.board))
        assert not state.status
    text = (logs / 'm.phh').read_text(encoding='utf-8')
    tables = re.split(r'^\[\d+\]\n', text, flags=re.MULTILINE)[1:]
    alone = pokerkit.HandHistory.loads(tables[4])           # each hand alone is a PHH hand
    assert [float(payoff) for payoff in list(alone)[-1].payoffs] == list(lines[4].payoffs)


def test_poker_history_reads_the_phh_log_with_the_same_numbers(logs, capsys):
    assert "variant = 'FT'" in (logs / 'm.phh').read_text(encoding='utf-8')    # (PHH, not ACPC lines)
    assert main(['history', str(logs / 'm.log'), '--json']) == 0
    from_log = json.loads(capsys.readouterr().out)
    assert main(['history', str(logs / 'm.phh'), '--json']) == 0
    from_phh = json.loads(capsys.readouterr().out)
    assert from_phh == from_log and from_log['paired'] and from_log['hands'] == 12
    assert main(['history', str(logs / 'm.phh')]) == 0
    phh_text = capsys.readouterr().out
    assert main(['history', str(logs / 'm.log')]) == 0
    assert phh_text == capsys.readouterr().out


def test_phh_hands_read_back_are_the_log_lines(logs):
    from poker.formats.hand_files import read_hands
    lines = read_log(logs / 'm.log')
    hands = read_hands(logs / 'm.phh').hands
    assert [hand.line.text() for hand in hands] == [line.text() for line in lines]


def test_a_hand_with_cards_not_seen_is_written_with_unknown_cards():
    from poker.formats.phh import phh_hand
    line = LogLine.parse('STATE:3:rc/cc/cc/rf:Ah9c|/2h3c4d/Js/7h:4|-4:Ann|Bob')
    hand = pokerkit.HandHistory.loads(phh_hand(line, GameDefinition.for_table(2)))
    state = list(hand)[-1]
    assert [float(payoff) for payoff in state.payoffs] == [4, -4]
    assert "'d dh p2 ????'" in phh_hand(line, GameDefinition.for_table(2))


def test_a_game_pokerkit_does_not_play_is_refused_before_the_log_is_written(tmp_path):
    from poker.formats.hand_log import HandLog
    game = GameDefinition(2, (2, 1), (2, 2, 4, 4), (1, 0, 0, 0), (NO_CAP,) * 4)
    with pytest.raises(PokerError, match='caps') as error:
        HandLog(tmp_path / 'x.phh', game, 'header')
    assert '\n' not in str(error.value) and not (tmp_path / 'x.phh').exists()
    HandLog(tmp_path / 'x.log', game, 'header').close()     # ACPC logs write any game


def test_hand_log_writes_acpc_lines_for_other_names(tmp_path):
    from poker.formats.hand_log import HandLog
    line = LogLine.parse('STATE:0:rc/crf:Ah9c|Ks8d/2h3c4d:-4|4:Ann|Bob')
    with HandLog(tmp_path / 'x.log', GameDefinition.for_table(2), 'two lines\nof header') as log:
        log.write(line)
    assert (tmp_path / 'x.log').read_text(encoding='utf-8').splitlines()[:2] == ['# two lines', '# of header']
    assert read_log(tmp_path / 'x.log') == (line,)


def test_poker_acpc_writes_phh_too(tmp_path, capsys):
    from acpc_dealer import FakeDealer, finish
    game = GameDefinition.for_table(3, small_blind=5, small_bet=10, big_bet=20)
    (tmp_path / 'three.game').write_text(game.text(), encoding='utf-8')
    dealer = FakeDealer(game, 4, seed=3)
    dealer.start()
    assert main(['acpc', '127.0.0.1', str(dealer.port), '--game', str(tmp_path / 'three.game'), '--player',
                 'station', '--log', str(tmp_path / 'mine.phh'), '--json']) == 0
    finish(dealer)
    played = json.loads(capsys.readouterr().out)
    with open(tmp_path / 'mine.phh', 'rb') as file:
        hands = list(pokerkit.HandHistory.load_all(file))
    assert len(hands) == played['hands'] == 4
    ours = [float(list(hand)[-1].payoffs[hand.players.index('station')]) for hand in hands]
    assert sum(ours) == played['chips']


def test_pokergame_example_writes_phh(tmp_path, capsys):
    from example_program import load_pokergame
    pokergame = load_pokergame()
    assert pokergame.main(['--hands', '3', '--players', '3', '--log', str(tmp_path / 'h.phh')]) == 0
    assert pokergame.main(['--hands', '3', '--players', '3', '--log', str(tmp_path / 'h.log')]) == 0
    with open(tmp_path / 'h.phh', 'rb') as file:
        hands = list(pokerkit.HandHistory.load_all(file))
    lines = read_log(tmp_path / 'h.log')
    assert [[float(p) for p in list(hand)[-1].payoffs] for hand in hands] == [list(line.payoffs) for line in lines]
