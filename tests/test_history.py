"""Hand histories: a match's ACPC log written, and logs read back (stats, paired results, warmed models)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from poker.table import duplicate
from poker.table.acpc_notation import LogLine
from poker.table.duplicate import match

PLAYERS = ['loki-no-model', 'station', 'random']


@pytest.fixture
def small_units(monkeypatch):
    monkeypatch.setattr(duplicate, 'DEALS_PER_UNIT', 3)   # several blocks per seating, finishing out of order


def _lines(path):
    return [LogLine.parse(line) for line in path.read_text().splitlines()]


def test_a_match_log_holds_every_hand_in_order_the_same_on_any_executor(tmp_path, small_units):
    one, two = tmp_path / 'one.log', tmp_path / 'two.log'
    result = match(PLAYERS, 7, seed=3, log=one)
    with ThreadPoolExecutor(3) as executor:
        again = match(PLAYERS, 7, seed=3, log=two, executor=executor)
    assert one.read_bytes() == two.read_bytes()
    assert (result.per_deal == again.per_deal).all()
    lines = _lines(one)
    assert [line.hand for line in lines] == list(range(7 * 3))     # hand = deal * seatings + seating
    for deal in range(7):
        seatings = lines[3 * deal:3 * deal + 3]
        assert len({line.holes for line in seatings}) == 1            # the same cards in every seating
        assert len({line.names for line in seatings}) == 3            # each seating its own seats
        for index, name in enumerate(result.names):
            chips = sum(line.payoffs[line.names.index(name)] for line in seatings)
            assert chips / duplicate.SMALL_BET / 3 == result.per_deal[deal, index]


def test_a_fresh_every_match_log_is_the_same_on_any_executor(tmp_path):
    one, two = tmp_path / 'one.log', tmp_path / 'two.log'
    match(['maniac', 'station', 'rock'], 5, seed=2, fresh_every=2, log=one)
    with ThreadPoolExecutor(2) as executor:
        match(['maniac', 'station', 'rock'], 5, seed=2, fresh_every=2, log=two, executor=executor)
    assert one.read_bytes() == two.read_bytes()
    assert [line.hand for line in _lines(one)] == list(range(15))


# ------------------------------------------------------------------------------------------ reading logs back
import json  # noqa: E402

from poker.cli import main  # noqa: E402
from poker.errors import PokerError, ProtocolError  # noqa: E402
from poker.table.hand_history import HandHistory, read_history  # noqa: E402
from poker.table.modelling import ModellingLokiPlayer, ModelState  # noqa: E402

from fuzzing import failure  # noqa: E402

# three players (position 0 the small blind, 1 the big blind, 2 the button, first to act before the flop)
HAND_MADE = [
    # a, b, c: c raises, a and b call; flop a checks, b bets, c and a call; checked down; b's queens win
    'STATE:0:rcc/crcc/ccc/ccc:AhKh|QsQd|2c7d/3h8s9c/Tc/4d:-6|12|-6:a|b|c',
    # b, c, a: a folds, b completes, c raises, b folds
    'STATE:1:fcrf:Jc2d|5s5h|9d3c:-2|2|0:b|c|a',
]
HAND_MADE_FILE = '# a comment\n' + '\n'.join(HAND_MADE) + '\nSCORE:-6|10|-4:a|b|c\n'   # the dealer's totals


def test_hand_made_log_stats_are_the_hand_counted_numbers():
    history = HandHistory.parse(HAND_MADE)
    assert len(history.lines) == 2 and not history.paired
    stats = {p.name: p for p in history.players()}
    # a: called before the flop in hand 0 (VPIP), folded in hand 1; after the flop one call, no bet
    assert (stats['a'].vpip, stats['a'].pfr, stats['a'].aggression, stats['a'].went_to_showdown) == (0.5, 0, 0, 1)
    # b: called (big blind) and completed (small blind); one flop bet, no call after the flop
    assert (stats['b'].vpip, stats['b'].pfr, stats['b'].aggression, stats['b'].went_to_showdown) == (1, 0, None, 1)
    # c: raised in both hands; one flop call
    assert (stats['c'].vpip, stats['c'].pfr, stats['c'].aggression, stats['c'].went_to_showdown) == (1, 1, 0, 1)
    # hands unpaired: one sample each, in small bets (2 chips): a -3 and 0, b +6 and -1, c -3 and +1
    assert [(p.sb_per_hand, p.samples) for p in history.players()] == [(-1.5, 2), (2.5, 2), (-1.0, 2)]
    assert stats['b'].half_width == pytest.approx(1.96 * (2 * 3.5 ** 2) ** 0.5 / 2 ** 0.5)


def test_a_match_log_read_back_gives_the_match_results_and_models(tmp_path, small_units):
    log = tmp_path / 'match.log'
    result = match(['loki', 'station', 'random'], 6, seed=3, log=log)
    history = read_history(log)
    assert history.paired and len(history.deals()) == 6 and len(history.lines) == 18
    stats = {p.name: p for p in history.players()}
    for name, mean, half in zip(result.names, result.means(), result.half_widths()):
        assert stats[name].sb_per_hand == pytest.approx(mean, abs=1e-12)     # (sums in another order)
        assert stats[name].half_width == pytest.approx(half, abs=1e-12)
        assert stats[name].samples == 6 and stats[name].hands == 18
    # replayed as loki saw them, each seating's hands teach a model what that seating's loki learnt
    for seating in range(3):
        hands = HandHistory(tuple(line for line in history.lines if line.hand % 3 == seating))
        state = hands.model_state('loki')
        assert isinstance(state, ModelState) and state == result.states[seating][0]
        assert state.showdowns == result.states[seating][0].showdowns
    warmed = ModellingLokiPlayer('loki')
    warmed.resume(history.model_state('loki'))
    assert set(warmed.models) == {'station', 'random'}
    again = match(['loki', 'station', 'random'], 2, seed=4, states=[[history.model_state('loki'), None, None]] * 3)
    assert again.deals == 2


def test_history_command_reads_logs_and_refuses_bad_lines(tmp_path, capsys):
    log = tmp_path / 'hand.log'
    log.write_text(HAND_MADE_FILE)
    assert main(['history', str(log)]) == 0
    out = capsys.readouterr().out
    assert '2 hands (no deal played twice)' in out and 'VPIP' in out
    assert main(['history', str(log), str(log), '--json']) == 0
    data = json.loads(capsys.readouterr().out)
    assert data['hands'] == 4 and data['paired'] and data['players'][0]['name'] == 'a'
    bad = tmp_path / 'bad.log'
    bad.write_text(HAND_MADE[0] + '\nSTATE:2:rrrrr:AhKh|QsQd|2c7d:0|0|0:a|b|c\n')
    assert main(['history', str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count('\n') == 1 and "bad.log', line 2" in err and 'raise past the cap' in err
    bad.write_text(HAND_MADE[0] + '\n' + HAND_MADE[1].replace('-2|2|0', '-1|1|0') + '\n')
    assert main(['history', str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count('\n') == 1 and "bad.log', line 2: position 0 lost the 2 chips" in err
    assert main(['history', str(tmp_path / 'missing.log')]) == 2


def test_match_log_names_and_errors(tmp_path):
    log = tmp_path / 'outside.log'
    result = match(['station', 'poker.table.bots:Maniac'], 1, seed=1, log=log)
    assert result.names[1] == 'poker.table.bots:Maniac'
    assert {name for line in _lines(log) for name in line.names} == {'station', 'poker.table.bots_Maniac'}
    with pytest.raises(PokerError, match='cannot write the log'):
        match(['station', 'maniac'], 1, log=tmp_path / 'no' / 'such.log')
    with pytest.raises(PokerError, match='log must be a file name'):
        match(['station', 'maniac'], 1, log=3)


def test_the_reader_refuses_hostile_lines_in_one_line():
    good = HAND_MADE[1]
    hostile = {good[:cut] for cut in range(len(good))}
    hostile |= {good[:at] + char + good[at + 1:] for at in range(len(good)) for char in ':|/rcf9-x\x00 '}
    hostile |= {good.replace('a|b|c', 'a|b'), good.replace('-6|12|-6', '1e308|0|0'), good + ':extra', '',
                'STATE:99999999999:' + good[8:], good.replace('QsQd', 'AhQd'), good * 2}
    for line in sorted(hostile):
        assert failure(HandHistory.parse, [line]) is None, line
        try:
            HandHistory.parse([line]).players()
        except ProtocolError as error:
            assert str(error).startswith('log, line 1: ')
    empty = HandHistory(())
    assert empty.players() == () and empty.to_dict()['hands'] == 0 and 'player' in empty.table()
    unseen = HandHistory.parse(['STATE:0:rf:|Ks8d:-2|2:a|b'])    # a player's own log: a's cards never shown
    with pytest.raises(PokerError, match="does not show 'a'"):
        unseen.model_state('a')
    assert isinstance(unseen.model_state('b'), ModelState) and unseen.players()[0].vpip == 0
    for value in (None, 3, 'STATE', [3], [b'STATE'], [None]):
        assert failure(HandHistory.parse, value) is None
    assert failure(read_history, []) is None and failure(read_history, [3]) is None


def test_a_log_of_another_game_needs_its_definition(tmp_path, capsys):
    from poker.table.acpc_notation import GameDefinition
    dealer = tmp_path / 'dealer.log'   # ACPC's holdem.limit.2p.reverse_blinds: blinds 10 and 5, bets 10 and 20
    dealer.write_text('# name/game/hands/seed a.b holdem.limit.2p.reverse_blinds.game 2 0\n'
                      'STATE:0:rf:AhKh|7c2d:-10|10:a|b\nSTATE:1:cc/cc/cc/cc:Qs2d|Jc3h/2h7h9s/Tc/Ks:10|-10:b|a\n'
                      'SCORE:-20|20:a|b\n')
    with pytest.raises(ProtocolError, match=r'line 2: position 0 lost the 2 chips it put in but its payoff is -10'):
        read_history(dealer)
    game = tmp_path / 'two.game'
    game.write_text(GameDefinition(2, (10, 5), (10, 10, 20, 20), (1, 0, 0, 0), (3, 4, 4, 4)).text())
    assert main(['history', str(dealer), '--game', str(game), '--json']) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(p['name'], p['sb_per_hand']) for p in data['players']] == [('a', -1.0), ('b', 1.0)]   # 10 chips a bet
    with pytest.raises(ProtocolError, match='do not add up to 0'):
        HandHistory.parse(['STATE:0:rf:AhKh|7c2d:-2|3:a|b'])
    with pytest.raises(ProtocolError, match='position 0 won 4 chips'):   # the cards say position 0 won
        HandHistory.parse(['STATE:0:cc/cc/cc/cc:AhAd|7c2d/2h8h9s/Tc/Ks:-2|2:a|b'])
    split = 'STATE:0:rcc/crcc/ccc/ccc:2c3d|4c5d|2h3s/AcKdQh/Js/Tc:{}:a|b|c'   # a straight on the board: a split
    assert HandHistory.parse([split.format('0|0|0'), split.format('0.5|-0.5|0'), split.format('-0.25|0|0.25')])
