"""Playing the ACPC dealer: a fake dealer on loopback (tests/acpc_dealer.py) speaks as the real one does.

The real dealer (built from its public C source, protocol 2.0.0) sends every player the state after every
action (``MATCHSTATE:<position>:<hand>:<betting>:<cards>``, the others' cards empty until a showdown), moves the
players one position back each hand, and reads an answer only from the player whose turn it is: the state line,
``:`` and ``r``, ``c`` or ``f``. :class:`FakeDealer` does the same for one player, the other positions playing
at random; it checks every answer, and it can also send lines of a script and hang up.
"""

from __future__ import annotations

import json
import socket

import pytest

from poker import PokerError, ProtocolError
from poker.cli import main
from poker.formats.acpc_client import AcpcResult, play_acpc
from poker.formats.acpc_log import LogLine
from poker.formats.acpc_notation import GameDefinition
from poker.players.kinds import PLAYER_KINDS
from poker.table.game import TableView
from poker.table.records import Decision

from acpc_dealer import FakeDealer, finish


class Recorder:
    """A seat that records every call the client makes."""

    def __init__(self, name: str, seed: int) -> None:
        self.name = name
        self.calls: list[str] = []

    def begin_hand(self, seat, names, hole, button) -> None:
        self.calls.append(f'begin {seat} {names} {button}')

    def observe(self, record, board) -> None:
        self.calls.append(f'observe {record.seat} {record.action} {len(board)}')

    def end_hand(self, result) -> None:
        self.calls.append(f'end {result.net} {len(result.hands)}')

    def decide(self, view: TableView) -> Decision:
        self.calls.append(f'decide {view.seat} {view.street}')
        return Decision('raise' if view.street == 'preflop' else 'call')


@pytest.mark.parametrize('kind', ['loki', 'loki-generic', 'loki-no-model', 'loki2-br'])
@pytest.mark.parametrize('players', [2, 3])
def test_a_loki_of_each_kind_plays_the_dealer(kind, players):
    """Every answer is the state line and a legal action; what the player won is what the dealer counts; one seat
    plays the match, and a modelling Loki's models keep what they saw of each opponent."""
    game = GameDefinition.for_table(players, small_blind=5, small_bet=10, big_bet=20)
    dealer = FakeDealer(game, 4, seed=players, start=players - 1)
    dealer.start()
    made = []

    def factory(name: str, seed: int):
        made.append(PLAYER_KINDS[kind](name, seed))
        return made[-1]

    result = play_acpc('127.0.0.1', dealer.port, game, factory, name=kind, timeout=20, progress=False)
    finish(dealer)
    assert dealer.version == 'VERSION:2.0.0\r\n' and len(made) == 1 and dealer.answers
    assert result.hands == 4 and result.name == kind
    positions = [(players - 1 - hand) % players for hand in range(4)]
    assert list(result.payoffs) == [line.payoffs[p] for line, p in zip(dealer.log, positions)]
    state = made[0].state()
    if kind != 'loki-no-model':   # the models counted the opponents' actions over the whole match
        assert sum(sum(counts) for counts in state.counts.values()) >= 4 * (players - 1)
        assert set(state.counts) == {f'seat {seat}' for seat in range(1, players)}   # we are seat `players`


def test_the_seat_hooks_are_called_as_the_table_calls_them(tmp_path):
    game = GameDefinition.for_table(3)
    dealer = FakeDealer(game, 3, seed=5, start=1)
    dealer.start()
    made = []
    result = play_acpc('127.0.0.1', dealer.port, game, lambda name, seed: made.append(Recorder(name, seed)) or made[-1],
                       name='rec', log=tmp_path / 'ours.log', timeout=20, progress=False)
    finish(dealer)
    calls = made[0].calls
    assert [call for call in calls if call.startswith('begin')] == [
        "begin 1 ('seat 1', 'rec', 'seat 3') 2", "begin 0 ('rec', 'seat 3', 'seat 1') 2",
        "begin 2 ('seat 3', 'seat 1', 'rec') 2"]   # the dealer's players keep their names as they move round
    assert calls[1:3] == ['observe 0 small blind 0', 'observe 1 big blind 0']
    assert sum(call.startswith('end') for call in calls) == 3 == result.hands
    decided = sum(call.startswith('decide') for call in calls)
    assert decided == len(dealer.answers) and decided > 3
    ours = [LogLine.parse(line) for line in (tmp_path / 'ours.log').read_text().splitlines()
            if not line.startswith('#')]
    for mine, full in zip(ours, dealer.log, strict=True):   # our log: the cards we did not see left empty
        assert (mine.hand, mine.betting, mine.board, mine.payoffs) == (full.hand, full.betting, full.board,
                                                                       full.payoffs)
        assert all(hole in ((), full_hole) for hole, full_hole in zip(mine.holes, full.holes))


def test_the_dealer_closing_mid_hand_ends_the_match_cleanly(capsys):
    game = GameDefinition.for_table(2)
    dealer = FakeDealer(game, 5, seed=2, hang_up_after=20)
    dealer.start()
    result = play_acpc('127.0.0.1', dealer.port, game, 'station', timeout=20, progress=True)
    finish(dealer)
    assert 1 <= result.hands == len(dealer.log) < 5    # the hand cut short does not count
    err = capsys.readouterr().err   # the progress line, asked for, then wiped
    assert err.startswith('\r1 hands, ') and 'sb/hand' in err and err.endswith('\r\x1b[K')
    dealer = FakeDealer(game, 1)
    dealer.start()
    play_acpc('127.0.0.1', dealer.port, game, 'station', timeout=20)   # not on a terminal: no progress line
    finish(dealer)
    assert capsys.readouterr().err == ''


@pytest.mark.parametrize('lines, message', [
    ([b'MATCHSTATE:0:0::8dJd|\r\n', b'MATCHSTATE:0:0:c:8dJd\r\n'], "MATCHSTATE line 'MATCHSTATE:0:0:c:8dJd'"),
    ([b'MATCHSTATE:0:0:x:8dJd|\r\n'], "'MATCHSTATE:0:0:x:8dJd|'"),
    ([b'# a comment\r\n', b'HELLO\r\n'], "'HELLO': expected MATCHSTATE"),
    ([b'MATCHSTATE:0:0::8dJd||\r\n'], 'is not a state of'),
    ([b'MATCHSTATE:1:0::|8dJd\r\n', b'MATCHSTATE:1:1::|8dJd\r\n'], 'hand 1 begins before hand 0 is over'),
    ([b'MATCHSTATE:1:0:c:|8dJd\r\n', b'MATCHSTATE:1:0::|8dJd\r\n'], 'the betting goes back'),
    ([b'MATCHSTATE:1:0::|8d\xffJd\r\n'], 'not ASCII'),
    ([b'M' * 20_000 + b'\r\n'], 'longer than 10,000 characters'),
])
def test_a_malformed_line_from_the_dealer_is_one_error_naming_it(lines, message):
    game = GameDefinition.for_table(2)
    dealer = FakeDealer(game, script=lines)
    dealer.start()
    with pytest.raises(ProtocolError, match=message) as error:
        play_acpc('127.0.0.1', dealer.port, game, 'station', timeout=20, progress=False)
    finish(dealer)
    assert '\n' not in str(error.value) and len(str(error.value)) < 400


def test_bad_arguments_and_an_absent_dealer_are_refused_in_one_line(tmp_path):
    game = GameDefinition.for_table(2)
    with socket.create_server(('127.0.0.1', 0)) as closed:
        port = closed.getsockname()[1]
    with pytest.raises(ProtocolError, match='cannot connect to the dealer'):
        play_acpc('127.0.0.1', port, game, 'station', timeout=5)
    for changes, message in [({'port': 0}, 'port must be'), ({'host': 3}, 'host must be text'),
                             ({'game': tmp_path / 'none.game'}, 'cannot read the game definition'),
                             ({'player': 'nobody'}, 'unknown player'), ({'name': 'a:b'}, 'name must be'),
                             ({'timeout': float('nan')}, 'timeout must be'), ({'hands': 0}, 'hands must be'),
                             ({'log': tmp_path / 'no' / 'x.log'}, 'cannot write the log')]:
        arguments = {'host': '127.0.0.1', 'port': port, 'game': game, 'player': 'station', **changes}
        with pytest.raises(PokerError, match=message):
            play_acpc(**arguments)


def test_a_result_in_small_bets():
    result = AcpcResult('loki', (10.0, -5.0, 25.0), 10)
    assert result.to_dict() == {'name': 'loki', 'hands': 3, 'chips': 30.0, 'unit': 'small bets per hand',
                                'mean': 1.0, 'low': 1.0 - result.half_width(), 'high': 1.0 + result.half_width()}
    assert AcpcResult('x', (), 10).per_hand() == 0.0


def test_the_command_plays_the_dealer(tmp_path, capsys):
    game = GameDefinition.for_table(3, small_blind=5, small_bet=10, big_bet=20)
    (tmp_path / 'three.game').write_text(game.text(), encoding='utf-8')
    dealer = FakeDealer(game, 2, seed=9)
    dealer.start()
    status = main(['acpc', '127.0.0.1', str(dealer.port), '--game', str(tmp_path / 'three.game'), '--player',
                   'loki-no-model', '--hands', '2', '--log', str(tmp_path / 'm.log')])
    finish(dealer)
    out, err = capsys.readouterr()
    assert status == 0 and err == '' and out.startswith('2 hands as loki-no-model')
    assert len([line for line in (tmp_path / 'm.log').read_text().splitlines() if line.startswith('STATE:')]) == 2
    (tmp_path / 'nl.game').write_text(game.text().replace('limit', 'nolimit', 1), encoding='utf-8')
    status = main(['acpc', '127.0.0.1', '1', '--game', str(tmp_path / 'nl.game')])
    out, err = capsys.readouterr()
    assert status == 2 and err.count('\n') == 1 and 'only fixed-limit hold\'em is played' in err


# ------------------------------------------------------------------- issue 28: time bounds and contradictions
from fuzzing import hang_guard  # noqa: E402


def test_a_silent_dealer_ends_the_match_at_the_timeout(tmp_path, capsys):
    """Issue 28: a dealer that stays silent kept ``poker acpc`` forever (no bound by default). The dealer here never
    sends a line, so the result does not hang on how fast the machine is."""
    from poker.formats.acpc_client import DEFAULT_TIMEOUT
    import inspect
    assert inspect.signature(play_acpc).parameters['timeout'].default == DEFAULT_TIMEOUT == 900
    game = GameDefinition.for_table(2)
    dealer = FakeDealer(game, script=[], hold=True)
    dealer.start()
    with hang_guard(60), pytest.raises(ProtocolError, match=r"'127.0.0.1' port \d+ sent no whole line within 0.05 "
                                                            r'seconds \(the timeout\)$'):
        play_acpc('127.0.0.1', dealer.port, game, 'station', timeout=0.05, progress=False)
    finish(dealer)
    (tmp_path / 'two.game').write_text(game.text(), encoding='utf-8')
    dealer = FakeDealer(game, script=[b'# hello\r\n'], hold=True)   # a comment, then nothing
    dealer.start()
    with hang_guard(60):
        status = main(['acpc', '127.0.0.1', str(dealer.port), '--game', str(tmp_path / 'two.game'), '--timeout',
                       '0.05', '--log', str(tmp_path / 'm.log')])
    finish(dealer)
    err = capsys.readouterr().err
    assert status == 2 and err.count('\n') == 1 and 'sent no whole line within 0.05 seconds' in err
    for bad in ('0', '-1', 'nan', 'inf', '1e7', 'x'):
        assert main(['acpc', '127.0.0.1', '1', '--game', str(tmp_path / 'two.game'), '--timeout', bad]) == 2
        assert capsys.readouterr().err.count('\n') == 1


def test_a_dealer_dripping_a_line_ends_the_match_at_the_timeout():
    """Issue 28: the timeout was per ``recv``, so a dealer dripping a byte a second kept the player 15 s with no
    error. The bound is for a whole line: this dealer drips bytes 20 ms apart and never ends its line."""
    game = GameDefinition.for_table(2)
    dealer = FakeDealer(game, script=[b'MATCHSTATE:0:0::'], drip=b'Ah')
    dealer.start()
    with hang_guard(60), pytest.raises(ProtocolError, match='sent no whole line within 0.05 seconds'):
        play_acpc('127.0.0.1', dealer.port, game, 'station', timeout=0.05, progress=False)
    finish(dealer)
    dealer = FakeDealer(game, script=[b'MATCHSTATE:1:0::|AhKd\r\n'], hold=True)   # a line, answered, then silence
    dealer.start()
    with hang_guard(60), pytest.raises(ProtocolError, match='sent no whole line within 0.05 seconds'):
        play_acpc('127.0.0.1', dealer.port, game, 'station', timeout=0.05, progress=False)
    finish(dealer)


@pytest.mark.parametrize('lines, message', [
    ([b'MATCHSTATE:1:0::|AhKd\r\n', b'MATCHSTATE:0:0:r:AhKd|\r\n'],
     'this player moves from position 1 to 0 in the middle of hand 0'),
    ([b'MATCHSTATE:1:0::|AhKd\r\n', b'MATCHSTATE:1:0:r:|AhKd\r\n'], "does not have this player's answer 'c' after ''"),
    ([b'MATCHSTATE:1:0::|AhKd\r\n', b'MATCHSTATE:1:0::|AhKd\r\n'], "does not have this player's answer 'c'"),
    ([b'MATCHSTATE:0:5::AhKd|\r\n', b'MATCHSTATE:0:5:f:AhKd|\r\n', b'MATCHSTATE:0:4::QhQd|\r\n'],
     'hand 4 after hand 5 \\(the hand numbers go back\\)'),
    ([b'MATCHSTATE:0:5::AhKd|\r\n', b'MATCHSTATE:0:5:c:AhQd|\r\n'], 'the hole cards of position 0 change'),
    ([b'MATCHSTATE:0:5::AhKd|\r\n', b'MATCHSTATE:0:5:c:AhKd|\r\n', b'MATCHSTATE:0:5:cc/:AhKd|/2c3c4c\r\n',
      b'MATCHSTATE:0:5:cc/c:AhKd|/2c3c5c\r\n'], "the board changes in the middle of hand 5 \\(it was '2c3c4c'\\)"),
    ([b'MATCHSTATE:0:5::AhKd|\r\n', b'MATCHSTATE:0:5:f:AhKd|\r\n', b'MATCHSTATE:0:5:f:AhQd|\r\n'],
     "hand 5 is over, and its last state was 'MATCHSTATE:0:5:f:AhKd|'"),
])
def test_a_state_that_contradicts_the_hand_is_refused(lines, message):
    """Issue 28: a state whose seat changed mid-hand and whose betting said this player raised (it had called)
    was answered again; hand numbers going back were accepted."""
    game = GameDefinition.for_table(2)
    dealer = FakeDealer(game, script=lines, hold=True)
    dealer.start()
    with hang_guard(60), pytest.raises(ProtocolError, match=message) as error:
        play_acpc('127.0.0.1', dealer.port, game, 'station', timeout=20, progress=False)
    finish(dealer)
    assert '\n' not in str(error.value) and str(error.value).startswith('MATCHSTATE line ')


def test_poker_acpc_logs_read_back_without_the_game(tmp_path, capsys):
    """Issue 28: ``poker history`` on ``poker acpc --log``'s own log needed ``--game`` again; the log carries it."""
    game = GameDefinition.for_table(3, small_blind=5, small_bet=10, big_bet=20)
    (tmp_path / 'three.game').write_text(game.text(), encoding='utf-8')
    dealer = FakeDealer(game, 6, seed=3)
    dealer.start()
    assert main(['acpc', '127.0.0.1', str(dealer.port), '--game', str(tmp_path / 'three.game'), '--player', 'station',
                 '--log', str(tmp_path / 'm.log'), '--json']) == 0
    finish(dealer)
    played = json.loads(capsys.readouterr().out)
    assert main(['history', str(tmp_path / 'm.log'), '--json']) == 0
    data = json.loads(capsys.readouterr().out)
    ours = next(player for player in data['players'] if player['name'] == 'station')
    assert data['hands'] == played['hands'] == 6 and not data['paired']
    assert ours['sb_per_hand'] == pytest.approx(played['mean'], abs=1e-12)   # in the game's small bets (10 chips)
    assert sum(line.payoffs[-hand % 3] for hand, line in enumerate(dealer.log)) == played['chips']   # dealer's count
