"""Everything a user or a dealer can send to the table's readers, fuzzed (issue 28): hostile log files read by
``read_history`` and ``poker history``, and hostile dealers played by ``play_acpc``.

A log file is built from pieces that have broken readers before: valid lines of 2, 3 and 6 players (the table's
game and another, with and without a header), cut short, changed a character at a time, run together, blown up
past the longest line, with NULs, byte-order marks, CR, CRLF, bytes that are not UTF-8, random bytes, headers
that disagree, SCORE lines right and wrong. A dealer is a thread on loopback that sends a script (states of real
hands, changed, swapped, repeated, cut, random bytes) and then hangs up, holds the line open in silence, or drips
a line a byte at a time without end. Every example must end with a result or one short line (a PokerError, exit
status 2), never a traceback, and never hang (``hang_guard``: far more than an example needs). The counts are
printed (``pytest -s``); ``POKER_FUZZ_EXAMPLES`` multiplies them for a deeper run.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import socket
import threading
import time

import pytest

from fuzzing import TookTooLong, failure, hang_guard
from poker.cli import main
from poker.formats.acpc_client import play_acpc
from poker.formats.acpc_log import LogLine
from poker.formats.acpc_match_state import MatchState
from poker.formats.acpc_notation import GameDefinition
from poker.players.bots import CallingStation, Maniac, RandomPlayer
from poker.table.game import FixedLimitGame
from poker.formats.hand_history import read_history

SCALE = max(1, int(os.environ.get('POKER_FUZZ_EXAMPLES', '4')) // 4)
"""Examples are multiplied by this (``POKER_FUZZ_EXAMPLES`` / 4, at least 1)."""


def table_lines(seats: int, hands: int, seed: int, **options) -> list[str]:
    bots = [CallingStation, Maniac, RandomPlayer]
    game = FixedLimitGame([bots[seat % 3](f'p{seat}') for seat in range(seats)], seed=seed, **options)
    return [LogLine.from_hand(game.play_hand()).text() for _ in range(hands)]


TEN = dict(small_blind=5, small_bet=10, big_bet=20)
LINES = {2: table_lines(2, 40, 1), 3: table_lines(3, 40, 2), 6: table_lines(6, 20, 3),
         'ten': table_lines(2, 30, 4, **TEN)}
HEADERS = {2: GameDefinition.for_table(2).comment(), 3: GameDefinition.for_table(3).comment(),
           'ten': GameDefinition.for_table(2, **TEN).comment()}


def mutate(line: str, rng: random.Random) -> str:
    at = rng.randrange(len(line) + 1)
    kind = rng.randrange(6)
    if kind == 0:
        return line[:at]                                                       # cut short
    if kind == 1:
        return line[:at] + rng.choice(':|/rcf-.0123456789AKhsdc \x00\r\ufeff\u00b2\u0662') + line[at + 1:]
    if kind == 2:
        return line[:at] + line[at:at + rng.randrange(1, 20)] * 2 + line[at:]   # a piece doubled
    if kind == 3:
        return line + line                                                     # run together
    if kind == 4:
        return line[:at] + 'x' * rng.choice([10_000, 9_990, 40_000]) + line[at:]   # past the longest line
    return line.replace(rng.choice(['|', ':', '/']), rng.choice(['||', '::', '/', '']), 1)


def hostile_log(rng: random.Random) -> bytes:
    """One hostile log file."""
    kind = rng.randrange(10)
    if kind == 0:
        return rng.randbytes(rng.choice([0, 1, 100, 5_000, 50_000]))
    if kind == 1:
        return bytes(rng.choice([1, 10_001, 50_000]))
    key = rng.choice(list(LINES))
    lines = rng.sample(LINES[key], rng.randrange(1, 12))
    if rng.random() < 0.3:
        other = rng.choice(list(LINES))
        lines.insert(rng.randrange(len(lines) + 1), rng.choice(LINES[other]))        # mixed games
    if rng.random() < 0.4:
        lines.insert(rng.randrange(len(lines) + 1), HEADERS[rng.choice(list(HEADERS))])   # a header, anywhere
    if rng.random() < 0.3:
        header = HEADERS[rng.choice(list(HEADERS))].splitlines()
        lines.insert(0, '\n'.join(header[:rng.randrange(len(header))]))            # a header cut short
    for _ in range(rng.choice([0, 0, 0, 1, 2])):
        at = rng.randrange(len(lines))
        lines[at] = mutate(lines[at], rng)
    if rng.random() < 0.3:
        lines.append(rng.choice(['SCORE:0|0:p0|p1', 'SCORE:1|x', 'SCORE::', '# a comment', '', '   ', 'STATE']))
    if rng.random() < 0.2:
        lines.insert(rng.randrange(len(lines) + 1), 'STATE:0:rf:AhKh|7c2d:-1|1:p0|p0')   # one name twice
    end = rng.choice(['\n', '\r\n', '\r', '\n\n'])
    data = end.join(lines).encode('utf-8', 'surrogatepass')
    if rng.random() < 0.2:
        data = b'\xef\xbb\xbf' + data
    if rng.random() < 0.1:
        at = rng.randrange(len(data) + 1)
        data = data[:at] + rng.choice([b'\xff', b'\x00', b'\xef\xbb\xbf', b'\xc3']) + data[at:]
    return data


def test_hostile_logs_give_a_result_or_one_line(tmp_path, capsys):
    rng = random.Random(28)
    tried = escapes = hangs = results = 0
    problems = []
    for number in range(300 * SCALE):
        data = hostile_log(rng)
        path = tmp_path / f'{number}.log'
        path.write_bytes(data)
        paths = [path] if rng.random() < 0.8 else [path, tmp_path / f'{rng.randrange(number + 1)}.log']
        tried += 1
        try:
            with hang_guard(60):
                problem = failure(read_history, paths)
                if problem is None:
                    try:
                        history = read_history(paths)
                    except Exception:  # noqa: BLE001 - refused in one line: checked just above
                        history = None
                    if history is not None:
                        results += 1
                        for call in (history.players, history.to_dict, history.table, history.deals):
                            problem = problem or failure(call)
                if number % 10 == 0:   # the command too, in this process
                    out, err = io.StringIO(), io.StringIO()
                    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                        status = main(['history', *map(str, paths), '--json'])
                    if status not in (0, 2) or 'Traceback' in err.getvalue() or \
                            (status == 2 and err.getvalue().count('\n') != 1):
                        problem = problem or f'poker history: {status} {err.getvalue()[:300]!r}'
        except TookTooLong:
            hangs += 1
            problem = 'hang'
        if problem is not None:
            escapes += problem != 'hang'
            problems.append((data[:200], problem))
    print(f'\nhostile logs: {tried} tried, {results} read, {escapes} escapes, {hangs} hangs')
    assert not problems, problems[:5]
    assert results > 10 and tried - results > 100   # both ends reached


# ------------------------------------------------------------------------------------------ hostile dealers
DECK = list(range(52))


def dealer_lines(game: GameDefinition, hands: int, rng: random.Random, start: int = 0) -> list[str]:
    """The states a dealer sends one player over ``hands`` hands, every position acting at random (this player
    too: so the script may not have what the player answers)."""
    from poker import Card
    lines = []
    players = game.players
    for hand in range(hands):
        position = (start - hand) % players
        cards = [Card.from_index(index) for index in rng.sample(DECK, 2 * players + 5)]
        holes = [tuple(cards[2 * p:2 * p + 2]) for p in range(players)]
        board = tuple(cards[2 * players:])
        betting = ''
        while True:
            to_act = game.to_act(betting)
            reached = board[:(0, 3, 4, 5)[betting.count('/')]]
            seen = [hole if p == position or (to_act is None and rng.random() < 0.5) else ()
                    for p, hole in enumerate(holes)]
            lines.append(MatchState(position, hand, betting, seen, reached).text())
            if to_act is None:
                break
            betting = game.act(betting, rng.choices(['fold', 'call', 'raise'], weights=(1, 6, 3))[0])
    return lines


class ScriptDealer(threading.Thread):
    """Sends ``script`` (bytes) to the player that connects, then hangs up (``end='close'``), holds the line open in
    silence (``'hold'``) or drips ``MATCHSTATE`` a byte at a time without end (``'drip'``)."""

    def __init__(self, script: bytes, end: str) -> None:
        super().__init__(daemon=True)
        self.script, self.end = script, end
        self.server = socket.create_server(('127.0.0.1', 0))
        self.server.settimeout(60)
        self.port = self.server.getsockname()[1]

    def run(self) -> None:
        try:
            connection, _ = self.server.accept()
            with connection:
                connection.settimeout(60)
                connection.sendall(self.script)
                if self.end == 'drip':
                    while True:
                        for byte in b'MATCHSTATE':
                            time.sleep(0.02)
                            connection.sendall(bytes([byte]))
                while self.end == 'hold' and connection.recv(4096):
                    pass
        except OSError:
            pass   # the player closed (or never came)
        finally:
            self.server.close()


def hostile_script(game: GameDefinition, rng: random.Random) -> bytes:
    lines = dealer_lines(game, rng.randrange(1, 4), rng, start=rng.randrange(game.players))
    kind = rng.randrange(8)
    if kind == 0:
        return rng.randbytes(rng.choice([1, 100, 3_000]))
    if kind == 1:   # swapped, repeated, dropped lines: states that contradict the hand so far
        for _ in range(rng.randrange(1, 4)):
            a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[a], lines[b] = lines[b], lines[a]
    elif kind == 2:
        for _ in range(rng.randrange(1, 4)):
            at = rng.randrange(len(lines))
            lines.insert(at, lines[rng.randrange(len(lines))])
    elif kind == 3:
        del lines[rng.randrange(len(lines))]
    elif kind == 4:
        for _ in range(rng.randrange(1, 3)):
            at = rng.randrange(len(lines))
            lines[at] = mutate(lines[at], rng)
    elif kind == 5:   # another position, another hand number, in the middle of a hand
        at = rng.randrange(len(lines))
        parts = lines[at].split(':')
        parts[rng.choice([1, 2])] = str(rng.randrange(12))
        lines[at] = ':'.join(parts)
    elif kind == 6:
        lines = lines[:rng.randrange(len(lines) + 1)]
    data = ''.join(line + rng.choice(['\r\n', '\n']) for line in lines).encode('utf-8', 'surrogatepass')
    if rng.random() < 0.3:
        data = data[:rng.randrange(len(data) + 1)]   # cut in the middle of a line
    if rng.random() < 0.1:
        data = data.replace(b'\n', b'\r', 1)
    return data


def test_hostile_dealers_give_a_result_or_one_line(tmp_path):
    rng = random.Random(28)
    games = [GameDefinition.for_table(2), GameDefinition.for_table(3, **TEN)]
    tried = escapes = hangs = results = 0
    ends = {'close': 0, 'hold': 0, 'drip': 0}
    problems = []
    for number in range(60 * SCALE):
        game = rng.choice(games)
        end = rng.choice(['close', 'close', 'hold', 'drip'])
        dealer = ScriptDealer(hostile_script(game, rng), end)
        dealer.start()
        tried += 1
        ends[end] += 1
        player = rng.choice(['station', 'maniac', 'random', 'loki-no-model'])
        log = tmp_path / f'{number}.log' if rng.random() < 0.3 else None
        try:
            with hang_guard(120):
                problem = failure(play_acpc, '127.0.0.1', dealer.port, game, player, seed=number, log=log,
                                  timeout=0.05, progress=False)
                if problem is None and log is not None:
                    problem = failure(read_history, log)   # what it wrote reads back (or is refused in a line)
        except TookTooLong:
            hangs += 1
            problem = 'hang'
        dealer.join(60)
        if problem is None and end == 'close':
            results += 1   # (a hold or a drip ends at the timeout: a one-line error)
        if problem is not None:
            escapes += problem != 'hang'
            problems.append((dealer.script[:200], end, problem))
    print(f'\nhostile dealers: {tried} tried ({ends}), {escapes} escapes, {hangs} hangs')
    assert not problems, problems[:5]


def test_hostile_dealers_through_the_command(tmp_path, capsys):
    rng = random.Random(29)
    game = GameDefinition.for_table(2)
    (tmp_path / 'two.game').write_text(game.text(), encoding='utf-8')
    for number in range(8 * SCALE):
        dealer = ScriptDealer(hostile_script(game, rng), rng.choice(['close', 'hold', 'drip']))
        dealer.start()
        with hang_guard(120):
            status = main(['acpc', '127.0.0.1', str(dealer.port), '--game', str(tmp_path / 'two.game'), '--player',
                           'station', '--timeout', '0.05', '--json'])
        dealer.join(60)
        out, err = capsys.readouterr()
        assert status in (0, 2) and 'Traceback' not in err, err
        assert (status == 2 and err.count('\n') == 1 and out == '') or (status == 0 and err == ''), (status, err)


@pytest.mark.parametrize('data', [b'\xef\xbb\xbf', b'\x00' * 3, b'\r\n' * 3, b'#' * 20_000 + b'\n'])
def test_odd_small_logs(tmp_path, data):
    path = tmp_path / 'odd.log'
    path.write_bytes(data)
    assert failure(read_history, path) is None
