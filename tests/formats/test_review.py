"""``poker review`` and :func:`poker.formats.hand_review.review` (issue 34): a player's own fixed-limit hold'em hands
replayed through Loki. The oracle: a modelling Loki's own hands, played at the table and logged, reviewed as that
Loki show no decision that differs from its advice (the review replays what the table showed it, in order)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from poker import PokerError
from poker.cli import main
from poker.formats.acpc_log import LogLine
from poker.formats.acpc_notation import GameDefinition
from poker.players.bots import CallingStation, Maniac, RandomPlayer
from poker.players.modelling import ModellingLokiPlayer
from poker.strategy.actions import Blind
from poker.table.game import FixedLimitGame

pytest.importorskip('pokerkit')

HANDS = Path(__file__).resolve().parents[1] / 'data' / 'hands'
STARS = HANDS / 'pokerstars_limit.txt'


@pytest.fixture(scope='module')
def table_logs(tmp_path_factory):
    """Thirty hands of a modelling Loki at a four-handed table, logged as ACPC lines and as PHH; and the number
    of its decisions."""
    from poker.formats.hand_log import HandLog
    folder = tmp_path_factory.mktemp('table')
    game = FixedLimitGame([ModellingLokiPlayer('loki'), CallingStation('station'), Maniac('maniac'),
                           RandomPlayer('random', seed=2)], seed=5)
    decisions = 0
    with HandLog(folder / 't.log', GameDefinition.for_table(4), 'x') as log, \
            HandLog(folder / 't.phh', GameDefinition.for_table(4), 'x') as phh:
        for _ in range(30):
            hand = game.play_hand()
            log.write(LogLine.from_hand(hand))
            phh.write(LogLine.from_hand(hand))
            decisions += sum(hand.names[record.seat] == 'loki' and not isinstance(record.action, Blind)
                             for record in hand.actions)
    return folder, decisions


@pytest.mark.parametrize('name', ['t.log', 't.phh'])
def test_a_loki_reviewed_on_its_own_hands_agrees_with_itself(table_logs, name):
    from poker.formats.hand_review import review
    folder, decisions = table_logs
    result = review(folder / name, 'loki')
    assert result.hands == 30 and len(result.decisions) == decisions > 30
    assert result.differences == ()
    assert result.skipped == ()


def test_a_pokerstars_file_reviewed():
    from poker.formats.hand_review import review
    result = review(STARS, 'Hero')
    # Hero's actions in the file's four fixed-limit hands (blinds aside): 4, 7, 1 and 4
    assert [d.action for d in result.decisions] == [
        'raise', 'raise', 'bet', 'bet',
        'raise', 'call', 'check', 'call', 'bet', 'raise', 'bet',
        'fold',
        'call', 'call', 'call', 'call']
    assert dict(result.skipped) == {"of no-limit hold'em": 1, 'of another game (PokerStars Omaha Pot Limit)': 1}
    turn_raise = result.decisions[9]   # heads-up: pot 8 before the flop, 2 on it, Hero's bet 2, Villain's raise 4
    assert (turn_raise.street, turn_raise.pot / turn_raise.scale, turn_raise.to_call / turn_raise.scale) == \
        ('turn', 16, 2)
    assert turn_raise.pot_odds == pytest.approx(2 / 18)
    assert [str(card) for card in turn_raise.board] == ['Kh', '8s', '4d', '7s']
    put = {'fold': 0, 'check': 0}
    for d in result.decisions:   # the chips at stake: what Hero put in less what Loki's action would have
        def chips(action: str) -> int:
            return put.get(action, d.to_call if action == 'call' else d.to_call + d.unit * (
                1 if d.street in ('preflop', 'flop') else 2))
        assert d.stake == chips(d.action) - chips(d.advice)
        assert d.differs == (d.action != d.advice)
        assert all(math.isfinite(value) and 0 <= value <= 1 for value in (d.hs, d.ppot, d.npot, d.ehs))
    assert result.differences and all(d.stake for d in result.differences)
    data = json.loads(json.dumps(result.to_dict(), allow_nan=False))
    assert data['differences'] == len(result.differences) and len(data['decisions']) == 16


def test_review_html_draws_the_cards():
    from poker.formats.hand_review import review
    result = review(STARS, 'Hero')
    html = result._repr_html_()
    assert html.startswith('<table>') and html.count('<tr') == 17
    assert html.count('font-weight: bold') == len(result.differences)
    assert html.count('<svg') == 16 + sum(1 for d in result.decisions if d.board)


def test_poker_review_command(tmp_path, capsys):
    assert main(['review', str(STARS), '--hero', 'Hero', '--html', str(tmp_path / 'r.html')]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Hero: 4 fixed-limit hold'em hands reviewed, 16 decisions")
    assert "skipped: 1 hand of no-limit hold'em, 1 hand of another game (PokerStars Omaha Pot Limit)" in out
    assert out.count('\n* ') == out.count('sb)')
    assert (tmp_path / 'r.html').read_text(encoding='utf-8').count('<svg') > 16
    assert main(['review', str(STARS), '--hero', 'Hero', '--json']) == 0
    assert json.loads(capsys.readouterr().out)['hands'] == 4


def test_a_hero_not_in_the_files_is_one_line(capsys):
    assert main(['review', str(STARS), '--hero', 'Nobody']) == 2
    out, err = capsys.readouterr()
    assert out == '' and err.count('\n') == 1 and "no player 'Nobody'" in err
    from poker.formats.hand_review import review
    with pytest.raises(PokerError):
        review(STARS, '')
