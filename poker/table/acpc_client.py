"""Any seat at the ACPC dealer: :func:`play_acpc` plays one player of a match over the ACPC protocol (version 2.0.0).

The Annual Computer Poker Competition's dealer listens on a port for each player. :func:`play_acpc` connects,
says ``VERSION:2.0.0``, and reads the dealer's ``MATCHSTATE`` lines (:class:`~poker.table.acpc_notation.MatchState`;
lines starting with ``#`` or ``;`` are comments). When a line is this player's turn it answers with the same line,
a ``:`` and ``r``, ``c`` or ``f``: the seat's :meth:`~poker.table.game.Contender.decide` on the view
:meth:`~poker.table.acpc_notation.MatchState.view` builds, made legal as the table makes it. The seat's optional
hooks are called as the table calls them (:func:`~poker.table.game.seat_hook`): ``begin_hand`` at a new hand,
``observe`` for every action (the blinds and its own included), ``end_hand`` with the
:class:`~poker.table.game.HandResult` of the hand's last state, which shows the cards of a showdown. One seat
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
from pathlib import Path
from typing import TextIO

from attrs import field, frozen

from ..cards.streets import BOARD_SIZE
from ..errors import PokerError, ProtocolError
from ..validators import checked_by, flag, read_seed, shown, text, whole_number
from .acpc_notation import GameDefinition, MatchState
from .duplicate import PlayerSpec, _names, _seat
from .game import Contender, Decision, HandResult, seat_hook

__all__ = ['PROTOCOL_VERSION', 'AcpcResult', 'play_acpc']

PROTOCOL_VERSION = '2.0.0'
"""The version of the ACPC protocol spoken (the first line sent: ``VERSION:2.0.0``)."""

_LONGEST_LINE = 10_000


def _payoffs(name: str, values: object) -> None:
    if not isinstance(values, tuple) or not all(isinstance(value, float) and math.isfinite(value) for value in values):
        raise PokerError(f'{name} must be a tuple of finite numbers of chips, got {shown(values)}')


@frozen
class AcpcResult:
    """What one player of an ACPC match won: its payoff in each hand played to the end, in chips as the dealer
    counts them (a split pot shared evenly, fractions included), and the game's small bet.

    >>> result = AcpcResult('loki', (10.0, -5.0, 25.0), 10)
    >>> result.hands, result.per_hand(), round(result.half_width(), 3)
    (3, 1.0, 1.697)
    """

    name: str = field(validator=checked_by(text, error=PokerError))
    payoffs: tuple[float, ...] = field(validator=checked_by(_payoffs))
    small_bet: int = field(validator=checked_by(whole_number, minimum=1, error=PokerError))

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

    def __init__(self, game: GameDefinition, seat: Contender, log: TextIO | None, progress: bool) -> None:
        self.game, self.seat, self.log, self.progress = game, seat, log, progress
        self.payoffs: list[float] = []
        self.hand: int | None = None        # the hand being played (None: between hands)
        self.over = True
        self.observed = 0
        self.names: tuple[str, ...] = ()
        self.first: tuple[int, int] | None = None   # the first hand's number and this player's position in it
        self.rotates = True
        self.shown_at = 0.0

    def read(self, line: str) -> str | None:
        """Take one line of the dealer; the answer to send, if it is this player's turn."""
        state = MatchState.parse(line)
        game = self.game
        to_act = state.to_act(game)
        if state.hand != self.hand:
            if not self.over:
                raise ProtocolError(f'MATCHSTATE line {shown(line)}: hand {state.hand} begins before hand '
                                    f'{self.hand} is over')
            self._begin(state)
        elif self.over:
            return None     # the last state of a hand, again
        records = game.records(state.betting)
        if len(records) < self.observed:
            raise ProtocolError(f'MATCHSTATE line {shown(line)}: the betting goes back on what was played')
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
        return state.answer(game, decision.action)

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
            self.log.write(line.text() + '\n')
            self.log.flush()
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
              log: str | os.PathLike[str] | None = None, timeout: float | None = None,
              progress: bool | None = None, on_line: Callable[[str], None] | None = None) -> AcpcResult:
    """Play one player of a match on the ACPC dealer at ``host``:``port`` and return what it won.

    ``game`` is the match's :class:`~poker.table.acpc_notation.GameDefinition` or the path of its file;
    ``player`` a player kind, ``'module:factory'`` or a factory ``f(name, seed)`` (as in
    :func:`~poker.table.duplicate.match`), made once with ``name`` (by default the player's own) and ``seed``
    (None: a fresh one);
    ``hands`` the most hands to play (None: until the dealer closes); ``log`` a file to write each hand to as an
    ACPC log line (:meth:`~poker.table.acpc_notation.MatchState.log_line`: the cards this player did not see left
    empty); ``timeout`` the most seconds to wait for the dealer (None: no limit); ``progress`` a progress line on
    stderr (None: when stderr is a terminal); ``on_line`` is called with each line the dealer sends.
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
    progress = sys.stderr is not None and sys.stderr.isatty() if progress is None else \
        flag('progress', progress, error=PokerError)
    if on_line is not None and not callable(on_line):
        raise PokerError(f'on_line must be a function of each line, or None, got {shown(on_line)}')
    if name is None:
        name = _names([player])[0].rpartition(':')[2] if isinstance(player, str) else _names([player])[0]
    name = text('name', name, longest=200, error=PokerError)
    if not name or set(name) & set(':|\r\n'):
        raise PokerError(f'name must be a name without : or | (and not empty), got {shown(name)}')
    seat = _seat(player, name, seed)
    log_file = _open_log(log)
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


def _open_log(log: str | os.PathLike[str] | None) -> TextIO | None:
    if log is None:
        return None
    if not isinstance(log, (str, os.PathLike)):
        raise PokerError(f'log must be a path, or None, got {shown(log)}')
    try:
        return Path(log).open('w', encoding='utf-8')
    except (OSError, ValueError) as error:
        raise PokerError(f'cannot write the log {shown(str(log))}: {getattr(error, "strerror", None) or error}') \
            from None


def _play(host: str, port: int, match: _Match, hands: int | None, timeout: float | None,
          on_line: Callable[[str], None] | None) -> None:
    """Connect, say the version, then read and answer until the dealer closes or ``hands`` hands are over."""
    try:
        connection = socket.create_connection((host, port), timeout=timeout)
    except OSError as error:
        raise ProtocolError(f'cannot connect to the dealer at {shown(host)} port {port}: '
                            f'{getattr(error, "strerror", None) or error}') from None
    with connection, connection.makefile('rb') as lines:
        try:
            connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)   # each answer goes at once
            connection.sendall(f'VERSION:{PROTOCOL_VERSION}\r\n'.encode('ascii'))
            while hands is None or len(match.payoffs) < hands:
                raw = lines.readline(_LONGEST_LINE + 2)
                if not raw.endswith(b'\n'):
                    if len(raw) > _LONGEST_LINE:
                        raise ProtocolError(f'a line from the dealer longer than {_LONGEST_LINE:,} characters: '
                                            f'{shown(raw)}')
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
                    connection.sendall(answer.encode('ascii') + b'\r\n')
        except socket.timeout:
            raise ProtocolError(f'the dealer at {shown(host)} port {port} sent nothing for {timeout} seconds') \
                from None
        except (ConnectionResetError, BrokenPipeError):
            return   # the dealer went away
        except OSError as error:
            raise ProtocolError(f'the connection to the dealer at {shown(host)} port {port} failed: '
                                f'{error.strerror or error}') from None

