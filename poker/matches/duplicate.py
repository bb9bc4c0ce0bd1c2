"""Duplicate matches: who wins, in small bets per hand, with a 95% confidence interval.

Each deal is played once per *rotation* of the seats, so that every player gets every set of hole cards
(Papp 1998, section 8.1; Billings et al.): with ``n`` players and ``n + 1`` prime (2, 4, 6 or 10 players)
player ``p`` sits in seat ``(r * p) mod (n + 1)`` in rotation ``r`` (Papp's Table 8.1, so no two
players share the same relative position twice); otherwise the seats turn round one at a time. The deck
and the button are the same in every rotation, so the hole cards stay in the same betting order.

A deal's result for a player is its net over the deal's rotations, in small bets per hand; the players'
results are the means over the deals, and their 95% intervals ``mean +- 1.96 * sd / sqrt(deals)`` come
from the spread of those per-deal results (the duplicate sets are independent).

>>> result = match(['loki-no-model', 'station'], 40, seed=1)
>>> result.names, result.deals, result.games
(('loki-no-model', 'station'), 40, 80)
>>> round(sum(result.means()), 12)   # chips only change hands
0.0

Players are kinds (:data:`~poker.players.kinds.PLAYER_KINDS`: the Lokis ``'loki'``, ``'loki-generic'``,
``'loki-no-model'``, Loki-2 ``'loki2'``, ``'loki2-generic'``, ``'loki2-no-model'`` and its ablations, and the bots
``'station'``, ``'maniac'``, ``'rock'``, ``'random'``, ``'aggressive'``, ``'tight-aggressive'``, ``'loose-passive'``,
``'folder'``, ``'prober'``), outside players ``'module:factory'`` (any importable module and a callable in it), or
factories themselves; a factory ``f(name, seed)`` returns a seat (a ``name`` and a ``decide(view)`` method,
:class:`~poker.table.game.Contender`). A process pool sends a factory by reference, so give a top-level function
or class, or its ``'module:factory'`` text (the module is imported in each worker).

Models learn through the whole match, as in Papp's experiments, and a match gives the same result on any
executor and any number of workers: each seating has its own players, who play deals 1 to N in order, and the
unit of work is a block of :data:`DEALS_PER_UNIT` deals of one seating, which starts from the players' state
after the block before (``state()`` and ``resume(state)``: a :class:`~poker.players.frequencies.ModelState` for a
modelling Loki, the random numbers' state for a bot). Workers play different seatings side by side. A seat
without those two methods plays its seating in one unit. ``fresh_every=N`` gives every chunk of ``N`` deals
fresh players instead (the unit of work is then the chunk, all seatings). ``executor`` is any
:class:`concurrent.futures.Executor`: a process pool (:func:`~poker.processes.process_pool`), or a
``dask.distributed`` cluster's (``client.get_executor()``, or ``poker match --scheduler ADDRESS``), where a long
match spreads its seatings over the cluster's workers (a learning match keeps at most one worker per seating busy;
``fresh_every`` chunks spread over all of them). With an executor a seating's blocks are larger in a long match
(:data:`UNITS_PER_SEATING`), so that a worker spends its time playing rather than waiting for the next block. A
unit of work that fails on its worker (the worker lost, the pool broken, the work's own error) is one
:class:`~poker.errors.PokerError` line naming its deals; a player's own PokerError stays what it is.
"""

from __future__ import annotations

import itertools
import math
import os
import random
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import CancelledError, Executor, Future
from typing import TYPE_CHECKING, Protocol, TypeVar

import attrs
import numpy as np
from attrs import field, frozen

from ..errors import PokerError
from ..formats.acpc_log import LogLine
from ..formats.acpc_notation import GameDefinition
from ..formats.hand_log import HandLog
from ..markup import clipped, line_chart_svg
from ..players.kinds import PlayerSpec, make_seat, read_player, seat_names
from ..table.game import MAX_HANDS, Contender, FixedLimitGame, seat_hook
from ..table.records import HandResult
from ..validators import flag, instance, is_whole, read_recorded_seed, read_seed, reading, real_array, shown, whole_number

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from ..extras import DataFrame

__all__ = ['DEALS_PER_UNIT', 'MatchResult', 'SessionLog', 'UNITS_PER_SEATING', 'match', 'rotations']

DEALS_PER_UNIT = 50
"""Deals of one seating a worker plays before it hands the players' states on to the next unit of work (any
number gives the same results: the states carry everything the players keep from hand to hand)."""
UNITS_PER_SEATING = 200
"""On an executor, the units of work a seating's deals are cut into at most: a long match plays blocks of
``hands / UNITS_PER_SEATING`` deals rather than :data:`DEALS_PER_UNIT`, since a seating's blocks follow one another
and each costs a round trip to the worker (milliseconds on a dask cluster)."""
SMALL_BET = 2
"""The small bet of match tables (blinds 1/2, bets 2/4)."""


def _is_prime(number: int) -> bool:
    return number > 1 and all(number % d for d in range(2, math.isqrt(number) + 1))


def rotations(players: int) -> list[list[int]]:
    """For each rotation, the player in each seat.

    >>> rotations(4)   # seat of player p in rotation r: (r * p) mod 5 (1-based)
    [[0, 1, 2, 3], [2, 0, 3, 1], [1, 3, 0, 2], [3, 2, 1, 0]]
    >>> rotations(3)   # 4 is not prime: turn the seats
    [[0, 1, 2], [2, 0, 1], [1, 2, 0]]
    """
    if _is_prime(players + 1):
        result = []
        for r in range(1, players + 1):
            seating = [0] * players
            for p in range(1, players + 1):
                seating[(r * p) % (players + 1) - 1] = p - 1
            result.append(seating)
        return result
    return [[(seat - r) % players for seat in range(players)] for r in range(players)]


def _player_names(names: Sequence[str]) -> tuple[str, ...]:
    """The players' names: 2 to 10 texts."""
    items = list(itertools.islice(names, FixedLimitGame.MAX_SEATS + 1)) \
        if isinstance(names, (list, tuple)) else []
    if not FixedLimitGame.MIN_SEATS <= len(items) <= FixedLimitGame.MAX_SEATS \
            or not all(isinstance(name, str) for name in items):
        raise PokerError(f'names must be the names of 2 to 10 players, got {shown(names)}')
    return tuple(items)


def _results(per_deal: np.ndarray) -> np.ndarray:
    """Per-deal results: a 2-D array of finite numbers, a row per deal and a column per player (read-only)."""
    array = real_array('per_deal', per_deal, ndim=2, error=PokerError)
    if not len(array):
        raise PokerError('per_deal must hold at least one deal')
    array.flags.writeable = False
    return array


def _states(states: Sequence[Sequence[object]]) -> tuple[tuple[object, ...], ...]:
    """Players' states by seating: a list (at most 10) of lists (at most 10), read as tuples."""
    rows = list(itertools.islice(states, FixedLimitGame.MAX_SEATS + 1)) \
        if isinstance(states, Sequence) and not isinstance(states, (str, bytes)) else None
    if rows is None or len(rows) > FixedLimitGame.MAX_SEATS or not all(
            isinstance(row, Sequence) and not isinstance(row, (str, bytes)) and len(row) <= FixedLimitGame.MAX_SEATS
            for row in rows):
        raise PokerError(f'states must be a list of the players\' states for each seating, got {shown(states)}')
    return tuple(tuple(row) for row in rows)


@frozen
class MatchResult:
    """The per-deal results of a match (``per_deal[d, p]``: player ``p``'s small bets per hand on deal ``d``)."""

    names: tuple[str, ...] = field(converter=_player_names)
    seed: int = field(converter=read_recorded_seed)
    rotations: int = field(converter=reading(  # type: ignore[misc]
        whole_number, minimum=1, maximum=FixedLimitGame.MAX_SEATS, error=PokerError))
    per_deal: np.ndarray = field(eq=False, repr=False, converter=_results)
    states: tuple[tuple[object, ...], ...] = field(default=(), eq=False, repr=False, converter=_states)
    """What each seating's players keep from hand to hand after the last deal (``states[r][p]``: player ``p``
    in seating ``r``; None for a player that keeps nothing or cannot hand it on), for ``match(..., states=)``
    to carry on from; empty when players were fresh (``fresh_every``)."""

    def __attrs_post_init__(self) -> None:
        if self.per_deal.shape[1] != len(self.names):
            raise PokerError(f'per_deal must have a column per player ({len(self.names)}), got shape '
                             f'{self.per_deal.shape}')
        if self.states and (len(self.states) != self.rotations
                            or any(len(row) != len(self.names) for row in self.states)):
            raise PokerError(f'states must hold a state per player ({len(self.names)}) for each of the '
                             f'{self.rotations} seatings, or none')
    @property
    def deals(self) -> int:
        """Deals played (each in every rotation)."""
        return int(self.per_deal.shape[0])

    @property
    def games(self) -> int:
        """Hands played: deals times rotations."""
        return self.deals * self.rotations

    def __repr__(self) -> str:
        """A one-line summary: ``<MatchResult: station +0.50, maniac -0.50 small bets per hand, 2 deals x 2
        rotations, seed 1>``."""
        means = ', '.join(f'{name} {mean:+.2f}' for name, mean in zip(self.names, self.means()))
        return (f'<{type(self).__name__}: {means} small bets per hand, {self.deals} deals x {self.rotations} '
                f'rotations, seed {self.seed}>')

    def means(self) -> list[float]:
        """Each player's small bets per hand."""
        return [float(x) for x in self.per_deal.mean(axis=0)]

    def half_widths(self) -> list[float]:
        """Half the width of each player's 95% interval (0 with one deal)."""
        if self.deals < 2:
            return [0.0] * len(self.names)
        return [float(x) for x in 1.96 * self.per_deal.std(axis=0, ddof=1) / math.sqrt(self.deals)]

    def difference(self, first: str, second: str) -> tuple[float, float]:
        """The mean of ``first``'s result less ``second``'s per deal, and its 95% half-width."""
        if not (isinstance(first, str) and first in self.names and isinstance(second, str) and second in self.names):
            raise PokerError(f'no player {shown(first)} or {shown(second)} in {", ".join(self.names)}')
        a, b = self.names.index(first), self.names.index(second)
        diff = self.per_deal[:, a] - self.per_deal[:, b]
        half = 1.96 * float(diff.std(ddof=1)) / math.sqrt(self.deals) if self.deals > 1 else 0.0
        return float(diff.mean()), half

    def cumulative(self) -> np.ndarray:
        """Each player's running total in small bets after each deal (all its rotations)."""
        return np.cumsum(self.per_deal * self.rotations, axis=0)

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready data."""
        return {'seed': self.seed, 'deals': self.deals, 'rotations': self.rotations, 'games': self.games,
                'unit': 'small bets per hand',
                'players': [{'name': name, 'mean': mean, 'low': mean - half, 'high': mean + half}
                            for name, mean, half in zip(self.names, self.means(), self.half_widths())]}

    def to_frame(self) -> DataFrame:
        """The result as a pandas table (the ``pandas`` extra), a row per player in :attr:`names` order: ``name``,
        the ``total`` small bets won over the match (the last of :meth:`cumulative`), and as in :meth:`to_dict`
        the small bets per hand (``mean``) and the 95% interval (``low``, ``high``)."""
        from ..extras import data_frame
        rows = self.to_dict()['players']
        assert isinstance(rows, list)
        totals = self.cumulative()[-1] if self.deals else np.zeros(len(self.names))
        return data_frame({'name': list(self.names), 'total': totals,
                           **{name: [row[name] for row in rows] for name in ('mean', 'low', 'high')}})

    def table(self) -> str:
        """A text table of the results, best first."""
        width = max(6, *(len(name) for name in self.names))
        lines = [f"{'player':<{width}}  {'sb/hand':>9}  {'95% interval':>20}"]
        rows = sorted(zip(self.names, self.means(), self.half_widths()), key=lambda row: -row[1])
        for name, mean, half in rows:
            lines.append(f'{name:<{width}}  {mean:>+9.3f}  [{mean - half:>+8.3f}, {mean + half:>+8.3f}]')
        return '\n'.join(lines)

    def _chart_words(self) -> tuple[str, str, str]:
        """The title and the axes' labels of the chart (:meth:`png`, :meth:`_repr_svg_`)."""
        return (f'duplicate match, {self.games:,} hands (seed {self.seed})',
                f'deals (each played {self.rotations} times, seats rotated)', 'cumulative small bets')

    def _repr_svg_(self) -> str:
        """Each player's cumulative result over the deals, as a notebook shows it: a line per player, and in the
        legend the small bets per hand with the 95% interval's half-width."""
        title, x_label, y_label = self._chart_words()
        totals = self.cumulative()
        series = [(f'{clipped(name, 14)} {mean:+.3f} \u00b1 {half:.3f}', totals[:, index].tolist())
                  for index, (name, mean, half) in enumerate(zip(self.names, self.means(), self.half_widths()))]
        return line_chart_svg(series, title=title, x_label=x_label, y_label=y_label,
                              legend_title='small bets per hand, 95%')

    def png(self, path: str | os.PathLike[str] | None = None) -> Figure:
        """A picture of each player's cumulative result over the deals (needs matplotlib): the Figure, written to
        ``path`` too when given (:func:`~poker.pictures.plots.line_chart_png`)."""
        from ..pictures.plots import line_chart_png
        title, x_label, y_label = self._chart_words()
        totals = self.cumulative()
        return line_chart_png([(name, totals[:, index]) for index, name in enumerate(self.names)], path,
                              title=title, x_label=x_label, y_label=y_label)


def play_chunk(specs: Sequence[PlayerSpec], names: Sequence[str], deal_seeds: Sequence[int],
               player_seed: int) -> np.ndarray:
    """Play ``deal_seeds`` in every rotation with fresh players (the same players in every rotation); each
    player's net chips per deal (the unit of work of ``match(..., fresh_every=N)``)."""
    return _play_chunk(specs, names, deal_seeds, player_seed)[0]


def _play_chunk(specs: Sequence[PlayerSpec], names: Sequence[str], deal_seeds: Sequence[int], player_seed: int,
                log: bool = False) -> tuple[np.ndarray, list[LogLine]]:
    """:func:`play_chunk`, and with ``log`` every hand's log line, deal by deal and in each deal seating by
    seating (numbered 0: :class:`_Log` numbers them)."""
    players = _players(specs, names, player_seed)
    result = np.zeros((len(deal_seeds), len(players)))
    lines: list[LogLine] | None = [] if log else None
    seatings = rotations(len(players))
    for row, deal_seed in enumerate(deal_seeds):
        for seating in seatings:
            _play_deal(players, names, seating, deal_seed, result[row], lines)
    return result, lines or []


def _players(specs: Sequence[PlayerSpec], names: Sequence[str], player_seed: int) -> list[Contender]:
    """The players ``player_seed`` makes, each from its own seed drawn in turn."""
    seeds = random.Random(player_seed)
    return [make_seat(spec, name, seeds.randrange(1 << 32)) for spec, name in zip(specs, names)]


def _play_deal(players: Sequence[Contender], names: Sequence[str], seating: Sequence[int], deal_seed: int,
               nets: np.ndarray, lines: list[LogLine] | None) -> None:
    """Play the deal ``deal_seed`` in ``seating``, adding each player's net chips to ``nets`` (by player) and,
    if ``lines`` is a list, the hand's log line to it."""
    hand = FixedLimitGame([players[p] for p in seating], small_bet=SMALL_BET, seed=0).play_hand(seed=deal_seed)
    for seat, player in enumerate(seating):
        nets[player] += hand.net[seat]
    if lines is not None:
        lines.append(_log_line(hand, names, seating))


def play_seating(specs: Sequence[PlayerSpec], names: Sequence[str], seating: Sequence[int], deal_seeds: Sequence[int],
                 player_seed: int, states: Sequence[object] | None = None) -> tuple[np.ndarray, list[object]]:
    """Play ``deal_seeds`` in one seating (``seating[seat]`` is the player there), in order, with the players
    ``player_seed`` makes, each first resuming its state from ``states`` (None, or a player's None: as made); each
    player's net chips per deal, and each player's state after the last deal (None for a player without
    ``state()``).

    Playing deals in two calls, the second resuming the states the first returned, gives what one call gives:
    the unit of work of a learning match (:func:`match`).
    """
    result, states, _ = _play_seating(specs, names, seating, deal_seeds, player_seed, states)
    return result, states


def _play_seating(specs: Sequence[PlayerSpec], names: Sequence[str], seating: Sequence[int], deal_seeds: Sequence[int],
                  player_seed: int, states: Sequence[object] | None = None,
                  log: bool = False) -> tuple[np.ndarray, list[object], list[LogLine]]:
    """:func:`play_seating`, and with ``log`` every hand's log line, deal by deal (numbered 0)."""
    players = _players(specs, names, player_seed)
    if states is not None:
        for seated, state in zip(players, states, strict=True):
            if state is not None:  # (None: as made)
                seated.resume(state)  # type: ignore[attr-defined]
    result = np.zeros((len(deal_seeds), len(players)))
    lines: list[LogLine] | None = [] if log else None
    for row, deal_seed in enumerate(deal_seeds):
        _play_deal(players, names, seating, deal_seed, result[row], lines)
    return (result, [seated.state() if _resumable(seated) else None for seated in players],  # type: ignore[attr-defined]
            lines or [])


def _log_line(hand: HandResult, names: Sequence[str], seating: Sequence[int]) -> LogLine:
    """A hand's log line (numbered 0), with the match's names of the players (a seat may call itself otherwise),
    each ``:`` or ``|`` in a name written ``_`` (the log format's separators: ``module:factory`` is
    ``module_factory`` there)."""
    by_seat = tuple(_log_name(names[player]) for player in seating)
    return LogLine.from_hand(hand if hand.names == by_seat else attrs.evolve(hand, names=by_seat), 0)


def _log_name(name: str) -> str:
    return name.replace(':', '_').replace('|', '_')


class _Log:
    """The match's log file (:class:`~poker.formats.hand_log.HandLog`): a header, the match's game as comment lines
    (:meth:`~poker.formats.acpc_notation.GameDefinition.comment`), then every hand (an ACPC log line, or PHH for a
    ``.phh`` name), written deal by
    deal and in each deal seating by seating (hand number ``deal * seatings + seating``, from 0), whatever order
    the units of work finish in. A block of deals is written once every seating has played it (units of work
    hand in each block's lines)."""

    def __init__(self, path: str | os.PathLike[str] | None, players: int, seatings: int,
                 blocks: list[tuple[int, int]], parts: int) -> None:
        self.seatings, self.blocks, self.parts = seatings, blocks, parts
        self.pending: dict[int, dict[int, list[LogLine]]] = {}
        self.next = 0
        self.file: HandLog | None = None
        if path is not None:
            self.file = HandLog(path, GameDefinition.for_table(players, small_bet=SMALL_BET),
                                f'poker match: {players} players, each deal played in {seatings} seatings (hand '
                                f'deal * {seatings} + seating); the game:')

    def add(self, block: int, part: int, lines: list[LogLine]) -> None:
        """The lines of one unit of work: block ``block`` (by its index), played by seating ``part`` (or by every
        seating: part 0 of 1)."""
        if self.file is None:
            return
        self.pending.setdefault(block, {})[part] = lines
        while self.next < len(self.blocks) and len(self.pending.get(self.next, {})) == self.parts:
            start, count = self.blocks[self.next]
            parts = self.pending.pop(self.next)
            ordered = [line for deal in range(count) for part in range(self.parts)
                       for line in parts[part][deal * self.seatings // self.parts:
                                               (deal + 1) * self.seatings // self.parts]]
            for index, line in enumerate(ordered):
                self.file.write(attrs.evolve(line, hand=start * self.seatings + index), flush=False)
            self.file.flush()
            self.next += 1

    def close(self) -> None:
        if self.file is not None:
            self.file.close()


class SessionLog:
    """The log of a session played hand by hand at one table (``poker play --log FILE``), written by the logs' one
    writer (:class:`~poker.formats.hand_log.HandLog`: the game, then ACPC lines or PHH for a ``.phh`` name, as a
    match's), a hand at a time as each one ends, flushed at once, so that
    the file holds every finished hand whenever the session stops. Hands are numbered from 0 in the order
    played; the names are the table's (each ``:`` or ``|`` written ``_``, as in a match's log).

    >>> import os, tempfile
    >>> from poker.players.bots import CallingStation
    >>> path = os.path.join(tempfile.mkdtemp(), 'session.log')
    >>> game = FixedLimitGame([CallingStation('Ann', 1), CallingStation('Bob', 2)], seed=1)
    >>> with SessionLog(path, 2) as log:
    ...     log.write(game.play_hand())
    >>> [line[:8] for line in open(path, encoding='utf-8') if not line.startswith('#')]
    ['STATE:0:']
    """

    def __init__(self, path: str | os.PathLike[str], players: int) -> None:
        if not isinstance(path, (str, os.PathLike)):
            raise PokerError(f'log must be a file name, got {shown(path)}')
        self.players = whole_number('players', players, minimum=FixedLimitGame.MIN_SEATS,
                                    maximum=FixedLimitGame.MAX_SEATS, error=PokerError)
        self.path = path
        self.hands = 0
        self._file = HandLog(path, GameDefinition.for_table(self.players, small_bet=SMALL_BET),
                             f'poker play: a session at one table of {self.players} seats, hands in the order '
                             'played; the game:')

    def __repr__(self) -> str:
        return f'<{type(self).__name__} {shown(str(self.path), 120)}: {self.hands} hands of {self.players} seats>'

    def __enter__(self) -> SessionLog:
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

    def write(self, hand: HandResult) -> None:
        """Write one finished hand of this table (the next number), and flush the file."""
        hand = instance('hand', hand, HandResult, error=PokerError, what='a HandResult')
        if len(hand.names) != self.players:
            raise PokerError(f'the log is of a table of {self.players} seats, got a hand of {len(hand.names)}')
        names = tuple(_log_name(name) for name in hand.names)
        self._file.write(LogLine.from_hand(attrs.evolve(hand, names=names), self.hands))  # (refused once closed)
        self.hands += 1

    def close(self) -> None:
        """Close the file (what was written stays)."""
        self._file.close()


def _resumable(player: object) -> bool:
    """Whether a seat can hand on what it keeps from hand to hand (``state()`` and ``resume(state)``)."""
    return seat_hook(player, 'state') is not None and seat_hook(player, 'resume') is not None


def _check(players: Sequence[PlayerSpec], hands: int) -> tuple[list[PlayerSpec], int]:
    specs = list(itertools.islice(players, FixedLimitGame.MAX_SEATS + 1)) \
        if isinstance(players, Sequence) and not isinstance(players, (str, bytes)) else []
    if not FixedLimitGame.MIN_SEATS <= len(specs) <= FixedLimitGame.MAX_SEATS:
        raise PokerError(f'a match needs a list of {FixedLimitGame.MIN_SEATS} to {FixedLimitGame.MAX_SEATS} '
                         f'players, got {shown(players)}')
    for spec in specs:
        read_player(spec)
    if not is_whole(hands) or not 1 <= hands <= MAX_HANDS:
        raise PokerError(f'hands (deals) must be a whole number from 1 to {MAX_HANDS:,}, got {shown(hands)}')
    return specs, int(hands)


def match(players: Sequence[PlayerSpec], hands: int, *, seed: int | None = None, executor: Executor | None = None,
          progress: bool | None = None, fresh_every: int | None = None,
          states: Sequence[Sequence[object]] | None = None, log: str | os.PathLike[str] | None = None) -> MatchResult:
    """Play ``hands`` deals (1 to :data:`~poker.table.game.MAX_HANDS`), each once per rotation of the seats, and
    measure every player.

    ``seed`` makes the match repeatable (None: a fresh one, kept in the result); ``executor`` spreads the
    work over its workers (same results); ``progress`` draws a bar on stderr (None: only when stderr is a
    terminal). Each seating has its own players, who play every deal in order and learn throughout (Papp's
    trials); ``states`` (a former result's :attr:`MatchResult.states`, same players) starts them from what they
    learnt there, so a long match or a tournament carries its models on. ``fresh_every=N`` seats fresh players
    every ``N`` deals instead, the same in every seating (the players forget what they learnt). ``log`` names a file
    that gets every hand in the ACPC log format (:class:`~poker.formats.acpc_log.LogLine`; PHH when the name ends
    ``.phh``: :class:`~poker.formats.hand_log.HandLog`), deal by deal and in
    each deal seating by seating, numbered from 0 in that order (hand ``deal * rotations + seating``), the players
    by their names in the result (``:`` and ``|``, the format's separators, written ``_``): the same file on any
    executor and any number of workers.
    """
    players, hands = _check(players, hands)
    seed = read_seed(seed)
    if executor is not None and not callable(getattr(executor, 'submit', None)):
        raise PokerError(f'executor must be a concurrent.futures.Executor (with submit), got {shown(executor)}')
    progress = None if progress is None else flag('progress', progress, error=PokerError)
    if fresh_every is not None:
        fresh_every = whole_number('fresh_every', fresh_every, minimum=1, maximum=MAX_HANDS, error=PokerError)
    seed = random.SystemRandom().randrange(1 << 32) if seed is None else seed
    names = seat_names(players)
    # every factory is called once here: one that fails, fails before any worker starts
    resumable = all(_resumable(make_seat(spec, name, 0)) for spec, name in zip(players, names))
    seatings = rotations(len(players))
    initial = _initial_states(players, names, len(seatings), states, fresh_every)
    master = random.Random(seed)
    deal_seeds = [master.randrange(1 << 32) for _ in range(hands)]
    if log is not None and not isinstance(log, (str, os.PathLike)):
        raise PokerError(f'log must be a file name or None, got {shown(log)}')
    finals: list[list[object]] = []
    if fresh_every is not None:
        chunks = [(start, deal_seeds[start:start + fresh_every], master.randrange(1 << 32))
                  for start in range(0, hands, fresh_every)]
        writer = _Log(log, len(players), len(seatings), [(start, len(seeds)) for start, seeds, _ in chunks], 1)
    else:
        size = (DEALS_PER_UNIT if executor is None else max(DEALS_PER_UNIT, -(-hands // UNITS_PER_SEATING))) \
            if resumable else hands
        blocks = [(start, deal_seeds[start:start + size]) for start in range(0, hands, size)]
        seating_seeds = [master.randrange(1 << 32) for _ in seatings]
        writer = _Log(log, len(players), len(seatings), [(start, len(seeds)) for start, seeds in blocks],
                      len(seatings))
    bar = _progress_bar(hands * len(seatings), progress)
    try:
        if fresh_every is not None:
            totals = _fresh(players, names, chunks, hands, executor, bar, writer)
        else:
            totals, finals = _learning(players, names, seatings, seating_seeds, blocks, initial, hands, executor,
                                       bar, writer)
    finally:
        bar.close()
        writer.close()
    per_deal = totals / SMALL_BET / len(seatings)
    return MatchResult(names=names, seed=seed, rotations=len(seatings), per_deal=per_deal, states=finals)


def _initial_states(players: list[PlayerSpec], names: tuple[str, ...], seatings: int,
                    states: Sequence[Sequence[object]] | None,
                    fresh_every: int | None) -> list[list[object] | None]:
    """The states each seating's players start from (None: as made), each tried on a player here, so that a bad
    one fails before any worker starts."""
    if states is None:
        return [None] * seatings
    rows = _states(states)
    if fresh_every is not None:
        raise PokerError('states carry what players learnt: they need a match without fresh_every')
    if len(rows) != seatings or any(len(row) != len(players) for row in rows):
        raise PokerError(f'states must hold a state per player ({len(players)}) for each of the {seatings} '
                         f'seatings (a former result\'s states, same players), got {shown(states)}')
    for row in rows:
        for spec, name, state in zip(players, names, row):
            if state is None:  # as made
                continue
            seat = make_seat(spec, name, 0)
            if not _resumable(seat):
                raise PokerError(f'player {shown(name)} cannot take up a state, got {shown(state)}')
            seat.resume(state)  # type: ignore[attr-defined]
    return [list(row) for row in rows]


def _fresh(players: list[PlayerSpec], names: tuple[str, ...], chunks: list[tuple[int, list[int], int]], hands: int,
           executor: Executor | None, bar: _Bar, writer: _Log) -> np.ndarray:
    """Each player's net chips per deal, over all the seatings, chunk by chunk with fresh players."""
    totals = np.zeros((hands, len(players)))
    rounds = len(rotations(len(players)))
    log = writer.file is not None
    if executor is None:
        for index, (start, seeds, player_seed) in enumerate(chunks):
            totals[start:start + len(seeds)], lines = _play_chunk(players, names, seeds, player_seed, log)
            writer.add(index, 0, lines)
            bar.update(len(seeds) * rounds)
        return totals
    futures: dict[Future[tuple[np.ndarray, list[LogLine]]], tuple[int, int, int]] = {
        executor.submit(_play_chunk, players, names, seeds, player_seed, log): (index, start, len(seeds))
        for index, (start, seeds, player_seed) in enumerate(chunks)}
    try:
        from concurrent.futures import as_completed
        for future in as_completed(futures):
            index, start, count = futures[future]
            totals[start:start + count], lines = _unit_result(future, f'deals {start + 1} to {start + count}')
            writer.add(index, 0, lines)
            bar.update(count * rounds)
    finally:
        for future in futures:
            future.cancel()
    return totals


def _learning(players: list[PlayerSpec], names: tuple[str, ...], seatings: list[list[int]], seating_seeds: list[int],
              blocks: list[tuple[int, list[int]]], initial: list[list[object] | None], hands: int,
              executor: Executor | None, bar: _Bar, writer: _Log) -> tuple[np.ndarray, list[list[object]]]:
    """Each player's net chips per deal, over all the seatings, and each seating's final states: each seating
    plays the blocks of deals in order, each block resuming the players' states after the one before (the first
    from ``initial``; blocks of different seatings run side by side)."""
    totals = np.zeros((hands, len(players)))
    log = writer.file is not None
    if executor is None:
        # block by block, each seating in turn (the seatings' players are apart, so any order gives the same
        # results): a block's boards come round again in every seating while the per-board caches still hold them
        carried = list(initial)
        for block, (start, seeds) in enumerate(blocks):
            for index, (seating, player_seed) in enumerate(zip(seatings, seating_seeds)):
                result, carried[index], lines = _play_seating(players, names, seating, seeds, player_seed,
                                                              carried[index], log)
                totals[start:start + len(seeds)] += result
                writer.add(block, index, lines)
                bar.update(len(seeds))
        return totals, [state or [] for state in carried]
    from concurrent.futures import FIRST_COMPLETED, wait
    finals: list[list[object]] = [[] for _ in seatings]

    def submit(index: int, block: int,
               states: list[object] | None) -> Future[tuple[np.ndarray, list[object], list[LogLine]]]:
        return executor.submit(_play_seating, players, names, seatings[index], blocks[block][1], seating_seeds[index],
                               states, log)

    pending = {submit(index, 0, initial[index]): (index, 0) for index in range(len(seatings))}
    try:
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                index, block = pending.pop(future)
                start, seeds = blocks[block]
                result, states, lines = _unit_result(
                    future, f'deals {start + 1} to {start + len(seeds)} of seating {index + 1}')
                totals[start:start + len(seeds)] += result   # whole chips: the sum is exact in any order
                writer.add(block, index, lines)
                bar.update(len(seeds))
                if block + 1 < len(blocks):
                    pending[submit(index, block + 1, states)] = (index, block + 1)
                else:
                    finals[index] = states
    finally:
        for future in pending:
            future.cancel()
    return totals, finals


_T = TypeVar('_T')


def _unit_result(future: Future[_T], what: str) -> _T:
    """What a unit of work (``what``: its deals) gave on its worker. Anything else it raised there, or its executor
    raised for it (a worker lost, a broken pool, a scheduler gone: the unit cancelled), is a
    :class:`~poker.errors.PokerError` naming the deals, in one line; a PokerError stays what it is."""
    try:
        return future.result()
    except PokerError:
        raise
    except CancelledError:  # a dask client cancels what it waits for when it loses its scheduler
        raise PokerError(f'{what} was cancelled: its executor shut down or lost its scheduler') from None
    except Exception as error:  # the work's own error, or a lost worker (dask's, the pool's)
        raise PokerError(f'{what} failed on its worker: {type(error).__name__}: {shown(str(error), 200)}') \
            from None


class _NoBar:
    def update(self, count: int) -> None:
        pass

    def close(self) -> None:
        pass


class _Bar(Protocol):
    def update(self, count: int) -> object: ...

    def close(self) -> object: ...


def _progress_bar(total: int, enabled: bool | None) -> _Bar:
    if enabled is None:
        enabled = sys.stderr.isatty()
    if not enabled:
        return _NoBar()
    try:
        from tqdm import tqdm  # type: ignore[import-untyped, unused-ignore]
    except ImportError:  # pragma: no cover - tqdm is a dependency of the extras only
        return _NoBar()
    bar: _Bar = tqdm(total=total, unit='hand', file=sys.stderr, leave=False)
    return bar
