"""Duplicate matches (Papp 8.1) and the simple bots."""

from __future__ import annotations

import json
import math
import os
import pickle
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

from poker import match
from poker.players.bots import (
    AggressiveBettor, CallingStation, LoosePassive, Maniac, RandomPlayer, Rock, TightAggressive,
)
from poker.cli import main
from poker.errors import PokerError
from poker.table.game import FixedLimitGame
from poker.table.records import Decision
from poker.matches import duplicate
from poker.matches.duplicate import MatchResult, play_chunk, play_seating, rotations
from poker.players.frequencies import ModelState
from poker.players.kinds import make_seat
from patience import GUARD
from poker.players.modelling import ModellingLokiPlayer

TABLE_8_1 = """\
1 2 3 4 5 6 7 8 9 T
2 4 6 8 T 1 3 5 7 9
3 6 9 1 4 7 T 2 5 8
4 8 1 5 9 2 6 T 3 7
5 T 4 9 3 8 2 7 1 6
6 1 7 2 8 3 9 4 T 5
7 3 T 6 2 9 5 1 8 4
8 5 2 T 7 4 1 9 6 3
9 7 5 3 1 T 8 6 4 2
T 9 8 7 6 5 4 3 2 1"""


def test_ten_players_rotate_as_in_papps_table_8_1():
    for line, seating in zip(TABLE_8_1.splitlines(), rotations(10)):
        seats = [10 if c == 'T' else int(c) for c in line.split()]   # seat of player p (1-based)
        assert [seating[seat - 1] for seat in seats] == list(range(10))


@pytest.mark.parametrize('players', range(2, 11))
def test_every_player_sits_in_every_seat_once(players):
    seatings = rotations(players)
    assert len(seatings) == players
    for seat in range(players):
        assert sorted(seating[seat] for seating in seatings) == list(range(players))


def test_reproducible_and_the_same_with_an_executor(monkeypatch):
    players = ['loki-no-model', 'station', 'random']
    monkeypatch.setattr(duplicate, 'DEALS_PER_UNIT', 4)
    first = match(players, 10, seed=9)
    again = match(players, 10, seed=9)
    with ThreadPoolExecutor(2) as executor:
        spread = match(players, 10, seed=9, executor=executor)
    assert np.array_equal(first.per_deal, again.per_deal) and np.array_equal(first.per_deal, spread.per_deal)
    other = match(players, 10, seed=10)
    assert not np.array_equal(first.per_deal, other.per_deal)
    assert first.games == 3 * 10


def test_a_learning_match_is_the_same_whatever_its_units_and_workers(monkeypatch):
    # Loki's specific models learn through the match; blocks of 2 deals hand the models' state on, so the
    # result is that of whole seatings played in one go, in this process or spread over threads.
    players = ['loki', 'random']
    whole = match(players, 5, seed=4)
    monkeypatch.setattr(duplicate, 'DEALS_PER_UNIT', 2)
    assert np.array_equal(match(players, 5, seed=4).per_deal, whole.per_deal)
    with ThreadPoolExecutor(2) as executor:
        assert np.array_equal(match(players, 5, seed=4, executor=executor).per_deal, whole.per_deal)


def test_fresh_players_every_n_deals_play_as_before():
    # fresh_every=25 is the former unit of work: the small bets won in the match before players learnt across it
    players = ['random', 'maniac', 'rock']
    result = match(players, 27, seed=9, fresh_every=25)
    assert result.per_deal.sum(axis=0) * 3 == pytest.approx([-210.5, 178.5, 32])
    with ThreadPoolExecutor(2) as executor:
        assert np.array_equal(match(players, 27, seed=9, fresh_every=25, executor=executor).per_deal,
                              result.per_deal)
    assert not np.array_equal(match(players, 27, seed=9).per_deal, result.per_deal)
    with pytest.raises(PokerError, match='fresh_every'):
        match(['station', 'maniac'], 3, fresh_every=0)


def test_a_seating_played_in_two_calls_is_one_call():
    specs, names, seating, deals = ['loki', 'random'], ['loki', 'random'], [1, 0], list(range(5, 21))
    whole, states = play_seating(specs, names, seating, deals, 3)
    first, middle = play_seating(specs, names, seating, deals[:14], 3)
    second, after = play_seating(specs, names, seating, deals[14:], 3, middle)
    assert np.array_equal(np.concatenate([first, second]), whole) and after == states
    assert middle[0].showdowns['random'][1] > 0   # the showdown evidence travels with the counts
    assert isinstance(states[0], ModelState) and isinstance(states[1], tuple)   # Loki's counts, the bot's numbers
    seen = sum(states[0].counts['random'])
    assert 0 < sum(middle[0].counts['random']) < seen
    _, forgot = play_seating(specs, names, seating, deals[14:], 3)   # fresh players count only these deals
    assert sum(forgot[0].counts['random']) < seen


def test_a_match_carries_on_from_the_states_of_another(monkeypatch):
    players = ['loki', 'random']
    first = match(players, 3, seed=1)
    assert len(first.states) == 2 and all(isinstance(row[0], ModelState) for row in first.states)
    carried = match(players, 3, seed=2, states=first.states)
    for before, after in zip(first.states, carried.states):
        grown = np.array(after[0].counts['random']) - np.array(before[0].counts['random'])
        assert grown.min() >= 0 and grown.sum() > 0         # the models went on counting
    assert not np.array_equal(carried.per_deal, match(players, 3, seed=2).per_deal) or \
        carried.states[0][0] != match(players, 3, seed=2).states[0][0]
    monkeypatch.setattr(duplicate, 'DEALS_PER_UNIT', 1)
    with ThreadPoolExecutor(2) as executor:
        spread = match(players, 3, seed=2, states=first.states, executor=executor)
    assert np.array_equal(spread.per_deal, carried.per_deal)
    assert [row[0] for row in spread.states] == [row[0] for row in carried.states]
    assert match(players, 2, seed=1, fresh_every=1).states == ()


@pytest.mark.parametrize(('states', 'message'), [
    ([[None, None]], 'a state per player (2) for each of the 2 seatings'),
    ('states', 'must be a list'),
    ([[None, None], [None, ModelState({})]], "not the state of a bot's random numbers: <ModelState"),
    ([[None, None], [ModelState({}), None]], 'a LokiPlayer keeps nothing from hand to hand'),
    ([[None, 1], [None, None]], "not the state of a bot's random numbers: 1"),
])
def test_bad_states_are_refused_before_play(states, message):
    with pytest.raises(PokerError, match=re.escape(message)):
        match(['loki-no-model', 'random'], 1, seed=1, states=states)


class Checker:
    """A seat without state() and resume(): it plays its seating in one unit and takes up no state."""

    def __init__(self, name, seed):
        self.name = name

    def decide(self, view):
        return Decision('check')


def test_a_seat_without_state_hooks_hands_on_none_and_takes_up_nothing(monkeypatch):
    monkeypatch.setattr(duplicate, 'DEALS_PER_UNIT', 1)
    result = match([Checker, 'random'], 3, seed=1)
    assert [row[0] for row in result.states] == [None, None] and isinstance(result.states[0][1], tuple)
    with pytest.raises(PokerError, match="player 'Checker' cannot take up a state"):
        match([Checker, 'random'], 3, seed=1, states=[[1, None], [None, None]])


def test_states_need_players_that_learn():
    with pytest.raises(PokerError, match='without fresh_every'):
        match(['station', 'maniac'], 1, states=[[None, None], [None, None]], fresh_every=1)
    with pytest.raises(PokerError, match='keeps nothing'):
        match(['loki-no-model', 'station'], 1, states=[[ModelState({}), None], [None, None]])


def test_model_state_is_a_plain_value():
    player = ModellingLokiPlayer('Ann')
    counts = {'Bob': list(range(36))}
    player.resume(ModelState(counts))
    assert player.models['Bob'].tally.counts[0, 1].tolist() == [3, 4, 5]
    assert player.state().to_dict() == {'counts': counts, 'showdowns': {}}
    assert ModelState(**json.loads(json.dumps(player.state().to_dict()))) == player.state()
    player.resume(ModelState(counts, {'Bob': [3.0, 4.5]}))
    assert player.models['Bob'].tally.shown.tolist() == [3.0, 4.5]
    assert pickle.loads(pickle.dumps(player.state())) == player.state()
    for bad in ({'Bob': [1] * 35}, {'Bob': [-1] * 36}, {3: [0] * 36}, [0] * 36, {'Bob': 'x' * 36}):
        with pytest.raises(PokerError):
            ModelState(bad)
    for bad_showdowns in ({'Cy': [0, 0]}, {'Bob': [1]}, {'Bob': [-1, 0]}, {'Bob': [math.nan, 0]}, [1, 2]):
        with pytest.raises(PokerError):
            ModelState(counts, bad_showdowns)
    with pytest.raises(PokerError, match='ModelState'):
        player.resume({'Bob': [0] * 36})


def test_bots_hand_on_their_random_numbers_and_plain_loki_keeps_nothing():
    from poker.players.loki import LokiPlayer
    bot = RandomPlayer('r', 5)
    view = spot('7c 2d')
    state = bot.state()
    first = [bot.decide(view).action for _ in range(8)]
    copy = RandomPlayer('r', 6)
    copy.resume(state)
    assert [copy.decide(view).action for _ in range(8)] == first
    with pytest.raises(PokerError, match='random numbers'):
        copy.resume('state')
    assert LokiPlayer('l').state() is None
    with pytest.raises(PokerError, match='keeps nothing'):
        LokiPlayer('l').resume(state)


def test_results_add_up_and_intervals_come_from_the_deals():
    result = match(['maniac', 'station', 'rock', 'random'], 30, seed=2)
    assert sum(result.means()) == pytest.approx(0, abs=1e-12)
    column = result.per_deal[:, 0]
    assert result.half_widths()[0] == pytest.approx(1.96 * column.std(ddof=1) / math.sqrt(30))
    mean, half = result.difference('maniac', 'station')
    assert mean == pytest.approx(result.means()[0] - result.means()[1])
    assert result.cumulative()[-1] == pytest.approx(result.per_deal.sum(axis=0) * 4)
    data = result.to_dict()
    json.dumps(data, allow_nan=False)
    assert data['players'][0]['low'] < data['players'][0]['mean'] < data['players'][0]['high']


def test_a_deal_is_the_same_cards_for_every_seating():
    # A station against a station: every deal is checked and called down, so each seating nets the same
    # showdown; over both seatings the two players come out exactly even.
    result = play_chunk(['station', 'station'], ['a', 'b'], [11, 12, 13], 0)
    assert np.all(result[:, 0] == -result[:, 1])
    assert np.all(result.sum(axis=1) == 0)


def test_loki_beats_the_random_player():
    # (seed 5 gave +0.65 +- 1.18 once each seating had its own players)
    result = match(['loki-no-model', 'random'], 60, seed=6)
    mean, half = result.difference('loki-no-model', 'random')
    assert mean - half > 0


def test_duplicate_names_are_numbered_and_bad_players_refused():
    assert match(['station', 'station'], 1, seed=1).names == ('station-1', 'station-2')
    with pytest.raises(PokerError, match='unknown player'):
        match(['loki', 'shark'], 1)
    with pytest.raises(PokerError, match='2 to 10 players'):
        match(['loki'], 1)
    with pytest.raises(PokerError, match='hands'):
        match(['loki', 'station'], 0)
    with pytest.raises(PokerError, match='seed'):
        match(['loki', 'station'], 1, seed=-1)


def test_a_factory_can_be_a_player():
    result = match([CallingStation, 'maniac'], 5, seed=3)
    assert result.names == ('CallingStation', 'maniac') and isinstance(result, MatchResult)


def test_an_outside_player_is_module_colon_factory_and_reaches_process_workers(monkeypatch):
    from poker.processes import process_pool
    players = ['loki', 'poker.players.bots:RandomPlayer']
    result = match(players, 4, seed=3)
    assert result.names == ('loki', 'poker.players.bots:RandomPlayer')
    assert np.array_equal(result.per_deal, match(['loki', 'random'], 4, seed=3).per_deal)
    monkeypatch.setattr(duplicate, 'DEALS_PER_UNIT', 3)   # the models' states travel between processes too
    with process_pool(2) as executor:   # the workers import the module themselves
        assert np.array_equal(match(players, 4, seed=3, executor=executor).per_deal, result.per_deal)


@pytest.mark.parametrize(('spec', 'message'), [
    ('no_such_module_19:make', "cannot import 'no_such_module_19' (ModuleNotFoundError"),
    ('poker.players.bots:Shark', "no 'Shark' in module 'poker.players.bots'"),
    ('poker.players.bots:__doc__', "is not a factory f(name, seed), got"),
    ('math:sqrt', 'its factory failed (TypeError: '),
    ('poker.validators:shown', 'its factory must return a seat (a name and a decide(view) method)'),
    ('poker.players.bots:', 'an outside player is module:factory'),
])
def test_a_bad_outside_player_is_one_poker_error(spec, message):
    with pytest.raises(PokerError, match=re.escape(message)) as caught:
        match(['station', spec], 1, seed=1)
    assert '\n' not in str(caught.value)


# ------------------------------------------------------------------------------------------------ bots
def seat_actions(hand, seat):
    return {record.action for record in hand.actions if record.seat == seat} - {'small blind', 'big blind'}


def test_bots_do_what_they_say():
    game = FixedLimitGame([CallingStation('s'), Maniac('m'), RandomPlayer('r', 1), Rock('k')], seed=8)
    for _ in range(30):
        hand = game.play_hand()
        assert seat_actions(hand, 0) <= {'call', 'check'}
        assert seat_actions(hand, 1) <= {'bet', 'raise', 'call'}
    from poker.table.game import TableView
    from poker import parse_cards
    view = TableView(seat=0, name='k', hole=tuple(parse_cards('7c 2d')), board=(), street='preflop', pot=3,
                     to_call=2, bet_size=2, bets_this_round=1, called_this_round=False, opponents=3, can_raise=True)
    assert Rock('k').decide(view).action == 'fold'
    aces = TableView(seat=0, name='k', hole=tuple(parse_cards('Ac Ad')), board=(), street='preflop', pot=3,
                     to_call=2, bet_size=2, bets_this_round=1, called_this_round=False, opponents=3, can_raise=True)
    assert Rock('k').decide(aces).action == 'raise'
    picks = [RandomPlayer('r', 4).decide(view).action for _ in range(3)]
    assert picks == [RandomPlayer('r', 4).decide(view).action for _ in range(3)]


def spot(hole, board='', *, to_call=2, bets=1):
    from poker.table.game import TableView
    from poker import parse_cards
    street = {0: 'preflop', 3: 'flop', 4: 'turn', 5: 'river'}[len(board.split())]
    return TableView(seat=0, name='x', hole=tuple(parse_cards(hole)), board=tuple(parse_cards(board)), street=street,
                     pot=6, to_call=to_call, bet_size=2, bets_this_round=bets, called_this_round=False, opponents=1,
                     can_raise=True)


def test_the_aggressive_bettor_bets_or_raises_almost_always_and_never_folds():
    bot = AggressiveBettor('a', 3)
    actions = [bot.decide(spot('7c 2d', 'Ks Qs 9h', to_call=to_call, bets=to_call // 2)).action
               for to_call in (0, 2) for _ in range(200)]
    assert 0.85 <= actions.count('raise') / len(actions) <= 0.95 and set(actions) == {'raise', 'call'}


@pytest.mark.parametrize(('hole', 'board', 'tag', 'loose'), [
    ('Ac Ad', '', 'raise', 'call'),          # top of both ranges: the passive player only calls
    ('Kh 9d', '', 'fold', 'call'),           # the top 25% by IR7: inside the loose 60%, outside the tight 20%
    ('8c 7d', '', 'fold', 'call'),
    ('Jh 5d', '', 'fold', 'fold'),           # the bottom 25%
    ('Ks Kd', 'Kc 7h 2s', 'raise', 'raise'),  # a set (EHS' 1.0)
    ('Qh Jd', 'Qs 8c 3d', 'raise', 'call'),   # top pair (0.95): the loose-passive player only calls it
    ('8h 8d', 'Qs Tc 3d', 'call', 'call'),    # an underpair (0.73)
    ('Ah 2c', 'Qs 8c 3d', 'fold', 'call'),    # ace high (0.54)
    ('5h 4h', 'Ks 9c 2d', 'fold', 'fold'),    # nothing (0.03)
])
def test_tight_aggressive_and_loose_passive_play_their_ranges(hole, board, tag, loose):
    assert TightAggressive('t').decide(spot(hole, board)).action == tag
    assert LoosePassive('l').decide(spot(hole, board)).action == loose


def test_the_new_bots_are_match_players():
    result = match(['aggressive', 'tight-aggressive', 'loose-passive'], 2, seed=1)
    assert result.names == ('aggressive', 'tight-aggressive', 'loose-passive')


# ------------------------------------------------------------------------------------------------ CLI
def test_cli_match_text_json_png(capsys, tmp_path):
    assert main(['match', '--players', 'loki-no-model,station', '--hands', '4', '--seed', '1']) == 0
    out = capsys.readouterr().out
    assert '8 hands: 4 deals x 2 seatings (seed 1)' in out and 'loki-no-model' in out and '95% interval' in out
    picture = tmp_path / 'm.png'
    assert main(['match', '--players', 'maniac,station', '--hands', '3', '--seed', '1', '--json', '--png',
                 str(picture)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data['games'] == 6 and [p['name'] for p in data['players']] == ['maniac', 'station']
    assert picture.read_bytes()[:4] == b'\x89PNG'
    assert main(['match', '--players', 'station', '--player', 'poker.players.bots:Maniac', '--player', 'random',
                 '--hands', '2', '--seed', '1', '--json', '--fresh-every', '1']) == 0
    data = json.loads(capsys.readouterr().out)
    assert [p['name'] for p in data['players']] == ['station', 'poker.players.bots:Maniac', 'random']
    fresh = match(['station', 'poker.players.bots:Maniac', 'random'], 2, seed=1, fresh_every=1).to_dict()
    assert data['players'] == fresh['players']


@pytest.mark.parametrize(('argv', 'message'), [
    (['--players', 'loki,shark', '--hands', '2'], "unknown player 'shark'"),
    (['--players', 'loki', '--hands', '2'], '2 to 10 players'),
    (['--players', 'loki,station', '--hands', '-2'], 'hands'),
    (['--players', 'loki,station', '--hands', '2', '--workers', '0'], '--workers'),
    (['--players', 'loki,station', '--hands', '2', '--png', 'x.jpg'], '.png'),
    (['--players', 'loki', '--player', 'no_such_module_19:make', '--hands', '2'], "cannot import 'no_such_module_19'"),
    (['--players', 'loki', '--player', 'math:sqrt', '--hands', '2'], 'its factory failed (TypeError'),
    (['--player', 'poker.players.bots:Maniac', '--hands', '2'], '2 to 10 players'),
    (['--players', 'loki,station', '--hands', '2', '--fresh-every', '0'], 'fresh_every must be a whole number'),
])
def test_cli_match_bad_input_is_one_line_exit_2(argv, message, capsys):
    try:
        code = main(['match', *argv])
    except SystemExit as stop:   # argparse's own usage errors
        code = stop.code
    assert code == 2
    err = capsys.readouterr().err
    assert message in err and err.count('\n') == 1


def test_png_without_matplotlib_is_one_line_before_playing(capsys, monkeypatch, tmp_path):
    import sys
    for name in [name for name in sys.modules if name.startswith('matplotlib')]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, 'matplotlib', None)
    assert main(['match', '--players', 'loki,station', '--hands', '2', '--png', str(tmp_path / 'm.png')]) == 2
    captured = capsys.readouterr()
    assert captured.out == '' and 'needs matplotlib' in captured.err and captured.err.count('\n') == 1


# ---------------------------------------------------------------------------- outside players where the user stands
BOT_MODULE = '''
from poker.players.bots import CallingStation


class Pair(CallingStation):
    """A calling station of the user's own."""
'''


@pytest.fixture
def bots_here(tmp_path, monkeypatch):
    """A folder holding ``{name}.py`` modules of a bot, made the current directory, not on ``sys.path``."""
    def write(name):
        (tmp_path / f'{name}.py').write_text(BOT_MODULE)
        return tmp_path
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, 'path', [entry for entry in sys.path if entry not in ('', '.', str(tmp_path))])
    return write


def test_an_outside_module_is_found_in_the_current_directory(bots_here):
    bots_here('mybots_here_1')
    result = match(['station', 'mybots_here_1:Pair'], 2, seed=1)
    assert result.names == ('station', 'mybots_here_1:Pair')
    assert np.array_equal(result.per_deal, match(['station', 'station'], 2, seed=1).per_deal)
    assert str(Path.cwd()) not in sys.path    # looked up there, not left there


@pytest.mark.parametrize('where', ['./{}.py', '{}.py', 'ABSOLUTE'])
def test_an_outside_player_may_be_a_file(bots_here, where):
    name = f'mybots_file_{len(where)}'
    folder = bots_here(name)
    path = str(folder / f'{name}.py') if where == 'ABSOLUTE' else where.format(name)
    seat = make_seat(f'{path}:Pair', 'Pat', 1)
    assert type(seat).__name__ == 'Pair' and seat.name == 'Pat'
    assert match(['station', f'{path}:Pair'], 1, seed=1).names[1] == f'{path}:Pair'


def test_a_file_named_as_a_module_already_loaded_is_refused(bots_here):
    folder = bots_here('random')
    with pytest.raises(PokerError, match="a module named random is loaded already"):
        make_seat(f'{folder / "random.py"}:Pair', 'Pat', 1)


def test_the_console_script_finds_the_bot_where_the_user_stands(bots_here):
    """``poker match --player mybots:Pair`` run from the folder of ``mybots.py``, by the console script (whose
    ``sys.path`` starts at its own folder, not the current one)."""
    folder = bots_here('mybots_cli')
    script = Path(sys.executable).with_name('poker')
    assert script.exists(), 'the poker console script is installed beside this Python'
    environment = {key: value for key, value in os.environ.items() if key != 'PYTHONPATH'}
    done = subprocess.run([str(script), 'match', '--players', 'station', '--player', 'mybots_cli:Pair',
                           '--hands', '2', '--seed', '1', '--workers', '1', '--json'],
                          cwd=folder, capture_output=True, text=True, env=environment, timeout=GUARD)
    assert done.returncode == 0, done.stderr
    assert [player['name'] for player in json.loads(done.stdout)['players']] == ['station', 'mybots_cli:Pair']
