"""Any seat at the ACPC dealer: :func:`play_acpc` plays one player of a match over the ACPC protocol (version 2.0.0).

The Annual Computer Poker Competition's dealer listens on a port for each player. :func:`play_acpc` connects,
says ``VERSION:2.0.0``, and reads the dealer's ``MATCHSTATE`` lines (:class:`~poker.formats.acpc_match_state.MatchState`;
lines starting with ``#`` or ``;`` are comments). When a line is this player's turn it answers with the same line,
a ``:`` and ``r``, ``c`` or ``f``: the seat's :meth:`~poker.table.game.Contender.decide` on the view
:meth:`~poker.formats.acpc_match_state.MatchState.view` builds, made legal as the table makes it. The seat's optional
hooks are called as the table calls them (:func:`~poker.table.game.seat_hook`): ``begin_hand`` at a new hand,
``observe`` for every action (the blinds and its own included), ``end_hand`` with the
:class:`~poker.table.records.HandResult` of the hand's last state, which shows the cards of a showdown. One seat
plays the whole match, so what it learns (a modelling Loki's opponent models) it keeps.

Seats are the dealer's positions for the hand (position 0 first in the game definition's lists); the players
move round them from hand to hand, so the seats are named after the dealer's players: ``'seat 1'``,
``'seat 2'``, ... (the player this seat is named as itself). The dealer moves player ``s`` to position
``(s - hand) mod players`` (its default; a dealer with a fixed button keeps every player's position, and that is
seen at the second hand).

The match ends when the dealer closes the connection (in the middle of a hand too: that hand does not count), or
after ``hands`` hands. A line that cannot be read, or that does not fit the game, is a
:class:`~poker.errors.ProtocolError` quoting it.
"""

from __future__ import annotations

import math
import os
import random
import socket
import sys
import time
from collections.abc import Callable

from attrs import field, frozen

from ..cards.card import Card
from ..cards.streets import BOARD_SIZE
from ..errors import PokerError, ProtocolError
from ..players.kinds import PlayerSpec, make_seat, seat_names
from ..table.game import Contender, seat_hook
from ..table.records import Decision, HandResult
from ..validators import flag, read_seed, reading, shown, text, whole_number
from .acpc_match_state import MatchState
from .acpc_notation import GameDefinition
from .hand_log import HandLog

__all__ = ['DEFAULT_TIMEOUT', 'PROTOCOL_VERSION', 'AcpcResult', 'play_acpc']

PROTOCOL_VERSION = '2.0.0'
"""The version of the ACPC protocol spoken (the first line sent: ``VERSION:2.0.0``)."""

_LONGEST_LINE = 10_000

DEFAULT_TIMEOUT = 900.0
"""Seconds :func:`play_acpc` waits by default for the connection and first line, and for each line after it:
above the ACPC dealer's own default bound on a player's answer (10 minutes), so a dealer that keeps its bounds
never meets it."""


def _cards(cards: tuple[Card, ...]) -> str:
    return ''.join(str(card) for card in cards)


def _payoffs(name: str, values: object) -> tuple[float, ...]:
    """A field's reader: a tuple of finite numbers of chips, else a PokerError quoting it."""
    if not isinstance(values, tuple) or not all(isinstance(value, float) and math.isfinite(value) for value in values):
        raise PokerError(f'{name} must be a tuple of finite numbers of chips, got {shown(values)}')
    return values


@frozen
class AcpcResult:
    """What one player of an ACPC match won: its payoff in each hand played to the end, in chips as the dealer
    counts them (a split pot shared evenly, fractions included), and the game's small bet.

    >>> result = AcpcResult('loki', (10.0, -5.0, 25.0), 10)
    >>> result.hands, result.per_hand(), round(result.half_width(), 3)
    (3, 1.0, 1.697)
    """

    name: str = field(converter=reading(text, error=PokerError))  # type: ignore[misc]
    payoffs: tuple[float, ...] = field(converter=reading(_payoffs))  # type: ignore[misc]
    small_bet: int = field(converter=reading(whole_number, minimum=1, error=PokerError))  # type: ignore[misc]

    @property
    def hands(self) -> int:
        """Hands played to the end."""
        return len(self.payoffs)

    def per_hand(self) -> float:
        """Small bets won per hand (0 with no hand)."""
        return sum(self.payoffs) / self.small_bet / self.hands if self.hands else 0.0

    def half_width(self) -> float:
        """Half the width of the 95% interval of :meth:`per_hand` (``1.96 sd / sqrt(hands)``; 0 with fewer than
        two hands)."""
        if self.hands < 2:
            return 0.0
        mean = self.per_hand()
        variance = sum((payoff / self.small_bet - mean) ** 2 for payoff in self.payoffs) / (self.hands - 1)
        return 1.96 * math.sqrt(variance / self.hands)

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready data."""
        mean, half = self.per_hand(), self.half_width()
        return {'name': self.name, 'hands': self.hands, 'chips': sum(self.payoffs), 'unit': 'small bets per hand',
                'mean': mean, 'low': mean - half, 'high': mean + half}


class _Match:
    """One player's side of a match: the seat, the hand being played, and what was won."""

    def __init__(self, game: GameDefinition, seat: Contender, log: HandLog | None, progress: bool) -> None:
        self.game, self.seat, self.log, self.progress = game, seat, log, progress
        self.payoffs: list[float] = []
        self.hand: int | None = None        # the hand being played (None: between hands)
        self.over = True
        self.observed = 0
        self.names: tuple[str, ...] = ()
        self.first: tuple[int, int] | None = None   # the first hand's number and this player's position in it
        self.rotates = True
        self.shown_at = 0.0
        self.last: MatchState | None = None      # the hand's last state so far
        self.answered: str | None = None        # the betting after this player's answer to the last state

    def read(self, line: str) -> str | None:
        """Take one line of the dealer; the answer to send, if it is this player's turn. A state that contradicts
        the hand so far (or the hands before it) is a :class:`~poker.errors.ProtocolError` quoting it."""
        state = MatchState.parse(line)
        game = self.game
        to_act = state.to_act(game)
        if state.hand != self.hand:
            if not self.over:
                raise ProtocolError(f'MATCHSTATE line {shown(line)}: hand {state.hand} begins before hand '
                                    f'{self.hand} is over')
            if self.hand is not None and state.hand < self.hand:
                raise ProtocolError(f'MATCHSTATE line {shown(line)}: hand {state.hand} after hand {self.hand} (the '
                                    'hand numbers go back)')
            self._begin(state)
        elif self.over:
            if state != self.last:
                raise ProtocolError(f'MATCHSTATE line {shown(line)}: hand {state.hand} is over, and its last state '
                                    f'was {shown(self.last.text() if self.last else None)}')
            return None     # the last state of a hand, again
        else:
            self._follows(state, line)
        self.last, self.answered = state, None
        records = game.records(state.betting)
        if (observe := seat_hook(self.seat, 'observe')) is not None:
            for record in records[self.observed:]:
                observe(record, state.board[:BOARD_SIZE[record.street]])
        self.observed = len(records)
        if to_act is None:
            self._end(state)
            return None
        if to_act != state.position:
            return None
        decision = self.seat.decide(state.view(game, names=self.names))
        if not isinstance(decision, Decision):
            raise PokerError(f'player {shown(self.seat.name)}: decide(view) must return a Decision, got '
                             f'{shown(decision)}')
        answer = state.answer(game, decision.action)
        self.answered = state.betting + answer[-1]
        return answer

    def _follows(self, state: MatchState, line: str) -> None:
        """``state`` must carry on the hand's last state: this player in the same position with the same cards,
        the cards shown before still shown, the board and the betting grown from theirs, and the action this
        player answered with the next one."""
        last = self.last
        assert last is not None
        where = f'MATCHSTATE line {shown(line)}'
        if state.position != last.position:
            raise ProtocolError(f'{where}: this player moves from position {last.position} to {state.position} in '
                                f'the middle of hand {state.hand}')
        changed = [position for position, (hole, before) in enumerate(zip(state.holes, last.holes))
                   if before and hole != before]
        if changed:
            raise ProtocolError(f'{where}: the hole cards of position {changed[0]} change in the middle of hand '
                                f'{state.hand} (they were {shown(_cards(last.holes[changed[0]]))})')
        if state.board[:len(last.board)] != last.board:
            raise ProtocolError(f'{where}: the board changes in the middle of hand {state.hand} (it was '
                                f'{shown(_cards(last.board))})')
        if not state.betting.startswith(last.betting):
            raise ProtocolError(f'{where}: the betting goes back on what was played (it was {shown(last.betting)})')
        if self.answered is not None and not state.betting.startswith(self.answered):
            raise ProtocolError(f'{where}: the betting does not have this player\'s answer '
                                f'{shown(self.answered[-1])} after {shown(last.betting)}')

    def _begin(self, state: MatchState) -> None:
        players = self.game.players
        if self.first is None:
            self.first = (state.hand, state.position)
        elif self.rotates and (state.position + state.hand) % players != sum(self.first) % players:
            self.rotates = False   # a fixed button: the players keep their positions
        me = (state.position + (state.hand if self.rotates else 0)) % players
        names = [f'seat {(position + (state.hand if self.rotates else 0)) % players + 1}'
                 for position in range(players)]
        names[state.position] = self.seat.name if self.seat.name not in names else f'{self.seat.name} (seat {me + 1})'
        self.names, self.hand, self.over, self.observed = tuple(names), state.hand, False, 0
        if (begin_hand := seat_hook(self.seat, 'begin_hand')) is not None:
            begin_hand(state.position, self.names, state.hole, self.game.button)

    def _end(self, state: MatchState) -> None:
        result: HandResult = state.hand_result(self.game, names=self.names)
        line = state.log_line(self.game, self.names)
        self.over = True
        if (end_hand := seat_hook(self.seat, 'end_hand')) is not None:
            end_hand(result)
        self.payoffs.append(line.payoffs[state.position])
        if self.log is not None:
            self.log.write(line)
        self._show()

    def _show(self, done: bool = False) -> None:
        """The progress line on stderr (when asked): hands and small bets per hand, at most 5 times a second."""
        if not self.progress or sys.stderr is None:
            return
        now = time.monotonic()
        if done:
            sys.stderr.write('\r\x1b[K')
        elif now - self.shown_at >= 0.2:
            self.shown_at = now
            mean = sum(self.payoffs) / self.game.raise_sizes[0] / len(self.payoffs)
            sys.stderr.write(f'\r{len(self.payoffs):,} hands, {mean:+.3f} sb/hand\x1b[K')
        sys.stderr.flush()


def play_acpc(host: str, port: int, game: GameDefinition | str | os.PathLike[str], player: PlayerSpec = 'loki', *,
              name: str | None = None, seed: int | None = None, hands: int | None = None,
              log: str | os.PathLike[str] | None = None, timeout: float | None = DEFAULT_TIMEOUT,
              progress: bool | None = None, on_line: Callable[[str], None] | None = None) -> AcpcResult:
    """Play one player of a match on the ACPC dealer at ``host``:``port`` and return what it won.

    ``game`` is the match's :class:`~poker.formats.acpc_notation.GameDefinition` or the path of its file;
    ``player`` a player kind, ``'module:factory'`` or a factory ``f(name, seed)`` (as in
    :func:`~poker.matches.duplicate.match`), made once with ``name`` (by default the player's own) and ``seed``
    (None: a fresh one);
    ``hands`` the most hands to play (None: until the dealer closes); ``log`` a file to write each hand to as an
    ACPC log line (:meth:`~poker.formats.acpc_match_state.MatchState.log_line`: the cards this player did not see left
    empty; PHH for a ``.phh`` name, :class:`~poker.formats.hand_log.HandLog`), after a header of comment lines that holds the game
    (:meth:`~poker.formats.acpc_notation.GameDefinition.comment`, which :func:`~poker.formats.hand_history.read_history`
    reads); ``timeout`` the most seconds to wait for the dealer (:data:`DEFAULT_TIMEOUT`; None: no bound): for the
    connection and the first line together, and for each whole line after the answer before it (a line dripped a
    byte at a time counts whole); ``progress`` a progress line on stderr (None: when stderr is a terminal);
    ``on_line`` is called with each line the dealer sends.

    A state of the dealer that contradicts the hand so far (this player's position or cards, the cards shown, the
    board or the betting going back, an action of this player it did not answer with) or the hands before it (a
    hand number going back) is refused.
    """
    host = text('host', host, longest=255, error=PokerError)
    port = whole_number('port', port, minimum=1, maximum=65535, error=PokerError)
    if not isinstance(game, GameDefinition):
        game = GameDefinition.read(game)
    seed = read_seed(seed)
    seed = random.SystemRandom().randrange(1 << 32) if seed is None else seed
    hands = None if hands is None else whole_number('hands', hands, minimum=1, maximum=10 ** 9, error=PokerError)
    if timeout is not None and not (isinstance(timeout, (int, float)) and not isinstance(timeout, bool)
                                    and 0 < timeout <= 10 ** 6):
        raise PokerError(f'timeout must be a number of seconds above 0 (at most 10**6), or None, got {shown(timeout)}')
    timeout = None if timeout is None else float(timeout)
    progress = sys.stderr is not None and sys.stderr.isatty() if progress is None else \
        flag('progress', progress, error=PokerError)
    if on_line is not None and not callable(on_line):
        raise PokerError(f'on_line must be a function of each line, or None, got {shown(on_line)}')
    if name is None:
        name = seat_names([player])[0].rpartition(':')[2] if isinstance(player, str) else seat_names([player])[0]
    name = text('name', name, longest=200, error=PokerError)
    if not name or set(name) & set(':|\r\n'):
        raise PokerError(f'name must be a name without : or | (and not empty), got {shown(name)}')
    seat = make_seat(player, name, seed)
    if log is not None and not isinstance(log, (str, os.PathLike)):
        raise PokerError(f'log must be a path, or None, got {shown(log)}')
    log_file = None if log is None else HandLog(
        log, game, 'poker acpc: one player\'s hands (the cards it did not see left empty); the game:')
    try:
        match = _Match(game, seat, log_file, progress)
        try:
            _play(host, port, match, hands, timeout, on_line)
        finally:
            match._show(done=True)
    finally:
        if log_file is not None:
            log_file.close()
    return AcpcResult(seat.name, tuple(match.payoffs), game.raise_sizes[0])


class _Lines:
    """The dealer's lines, each within the time bound: a line (its line break removed) must come whole within
    ``timeout`` seconds of the moment it is asked for (None: no bound), however its bytes are spread."""

    def __init__(self, connection: socket.socket, timeout: float | None, where: str) -> None:
        self.connection, self.timeout, self.where = connection, timeout, where
        self.buffer = bytearray()

    def next(self, deadline: float | None = None) -> bytes | None:
        """The next line (None: the dealer closed the connection, a line it did not finish included), before
        ``deadline`` (a :func:`time.monotonic` time; None: ``timeout`` seconds from now)."""
        if deadline is None and self.timeout is not None:
            deadline = time.monotonic() + self.timeout
        while True:
            end = self.buffer.find(b'\n')
            if end >= 0:
                line = bytes(self.buffer[:end + 1])
                del self.buffer[:end + 1]
                if len(line) > _LONGEST_LINE + 2:
                    raise ProtocolError(f'a line from the dealer longer than {_LONGEST_LINE:,} characters: '
                                        f'{shown(line)}')
                return line
            if len(self.buffer) > _LONGEST_LINE + 2:
                raise ProtocolError(f'a line from the dealer longer than {_LONGEST_LINE:,} characters: '
                                    f'{shown(bytes(self.buffer))}')
            if deadline is not None:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise self._late()
                self.connection.settimeout(left)
            try:
                data = self.connection.recv(65536)
            except socket.timeout:
                raise self._late() from None
            if not data:
                return None
            self.buffer += data

    def _late(self) -> ProtocolError:
        begun = f' ({len(self.buffer):,} bytes of a line came, not its end)' if self.buffer else ''
        if self.timeout is None:   # (the system's own time out)
            return ProtocolError(f'the connection to the dealer at {self.where} timed out{begun}')
        return ProtocolError(f'the dealer at {self.where} sent no whole line within {self.timeout:g} seconds{begun} '
                             '(the timeout)')


def _play(host: str, port: int, match: _Match, hands: int | None, timeout: float | None,
          on_line: Callable[[str], None] | None) -> None:
    """Connect, say the version, then read and answer until the dealer closes or ``hands`` hands are over; the
    connection and the first line within ``timeout`` seconds, and every line after within ``timeout`` seconds of
    the answer before it."""
    where = f'{shown(host)} port {port}'
    start = time.monotonic()
    try:
        connection = socket.create_connection((host, port), timeout=timeout)
    except socket.timeout as error:
        raise ProtocolError(f'cannot connect to the dealer at {where} within {timeout:g} seconds (the timeout)'
                            if timeout is not None else f'cannot connect to the dealer at {where}: {error}') from None
    except OSError as error:
        raise ProtocolError(f'cannot connect to the dealer at {where}: '
                            f'{getattr(error, "strerror", None) or error}') from None
    with connection:
        lines = _Lines(connection, timeout, where)
        first = None if timeout is None else start + timeout
        try:
            connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)   # each answer goes at once
            connection.sendall(f'VERSION:{PROTOCOL_VERSION}\r\n'.encode('ascii'))
            while hands is None or len(match.payoffs) < hands:
                raw = lines.next(first)
                first = None
                if raw is None:
                    return   # the dealer closed (a line it did not finish included)
                try:
                    line = raw.decode('ascii').rstrip('\r\n')
                except UnicodeDecodeError:
                    raise ProtocolError(f'a line from the dealer that is not ASCII: {shown(raw)}') from None
                if on_line is not None:
                    on_line(line)
                if line.startswith(('#', ';')):
                    continue
                answer = match.read(line)
                if answer is not None:
                    connection.settimeout(timeout)
                    connection.sendall(answer.encode('ascii') + b'\r\n')
        except socket.timeout as error:
            raise ProtocolError(f'the dealer at {where} took more than {timeout:g} seconds to take an answer '
                                '(the timeout)' if timeout is not None else
                                f'the connection to the dealer at {where} failed: {error}') from None
        except (ConnectionResetError, BrokenPipeError):
            return   # the dealer went away
        except OSError as error:
            raise ProtocolError(f'the connection to the dealer at {where} failed: {error.strerror or error}') \
                from None
