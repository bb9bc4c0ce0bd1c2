"""Positions of the unseen cards, and the index tables over them that every count gathers through.

Only the ``n`` unseen cards matter, so the kernel numbers them 0 to n-1 (their *positions*, in the order
of the cards) and works with sets of positions: a holding is two, a runout one or two, the cards an
opponent ends with besides the board ``2 + lookahead``. Which positions form which set does not depend on
the spot, so :func:`enumeration_tables` builds those tables once per ``(n, lookahead)`` and caches them;
:func:`unseen_cards` and :func:`positions_to_cards` turn positions back into cards for one spot.

>>> tables = enumeration_tables(47, 2)
>>> tables.grid.shape, tables.subsets.shape, tables.overlapping, tables.runouts
((1081, 1081), (4, 178365), 91, 990)
>>> combination_rows(4, 2).tolist()
[[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterable, Sequence

import numpy as np
from attrs import field, frozen

from ..cards.holdings import pair_numbers
from ..errors import LookaheadError, SettingError
from ..ranking.ranker import HandRanker
from ..validators import brief, frozen_array, integer_array, read_only, reading, shown, whole_number

__all__ = [
    'EnumerationTables',
    'MAX_LOOKAHEAD',
    'combination_rows',
    'enumeration_tables',
    'free_runouts',
    'holding_numbers',
    'positions_to_cards',
    'runout_holdings',
    'set_values',
    'unseen_cards',
]

MAX_LOOKAHEAD = 2
"""The most board cards any statistic looks ahead (two on the flop: turn and river)."""


MAX_COMBINATIONS = 3_000_000
"""The most rows :func:`combination_rows` makes (every five-card board is 2,598,960)."""


def combination_rows(items: int, size: int) -> np.ndarray:
    """Every ``size``-subset of ``range(items)`` (``size`` at least 1, ``items`` below 128, at most
    :data:`MAX_COMBINATIONS` subsets) as a row, in :func:`itertools.combinations` order: a cached, read-only
    (C(items, size), size) int8 array.

    Built a column at a time: each row of the subsets of one size less is repeated once for every item
    above its last one, which is appended. Every exact count over boards or runouts enumerates through it
    (:func:`~poker.stats.multiway.equity`, :func:`~poker.stats.preflop_odds.preflop_equity`, the position
    tables here).

    >>> combination_rows(5, 3)[:4].tolist(), len(combination_rows(52, 5))
    ([[0, 1, 2], [0, 1, 3], [0, 1, 4], [0, 2, 3]], 2598960)
    """
    items = whole_number('items', items, maximum=127)
    size = whole_number('size', size, minimum=1, maximum=max(1, items))
    if math.comb(items, size) > MAX_COMBINATIONS:
        raise SettingError(f'{items} items make {math.comb(items, size):,} subsets of {size}: more than '
                           f'{MAX_COMBINATIONS:,}')
    return _combination_rows(items, size)


@functools.cache
def _combination_rows(items: int, size: int) -> np.ndarray:
    rows = np.arange(items, dtype=np.int8)[:, None]
    for _ in range(size - 1):
        last = rows[:, -1].astype(np.intp)
        counts = items - 1 - last
        repeated = np.repeat(rows, counts, axis=0)
        offsets = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
        rows = np.column_stack([repeated, (np.repeat(last, counts) + 1 + offsets).astype(np.int8)])
    rows.flags.writeable = False
    return rows


@frozen(eq=False)
class EnumerationTables:
    """Index tables over positions 0 to ``unknown``-1 of the unseen cards; they depend on no spot.

    * ``pair_first``, ``pair_second``: the two positions of each holding, in combinations order;
    * ``runout_positions``: shape (lookahead, columns), the positions of each runout column (every
      card for one card to come, every pair for two);
    * ``subsets``: shape (2 + lookahead, S), uint8, every set of 2 + ``lookahead`` positions (the cards an
      opponent holds at the end besides the board);
    * ``grid[h, r]``: the number of the set made of holding h and runout column r, or S (a sentinel)
      where they share a position; ``overlapping`` such columns in every row;
    * ``runouts``: the runouts per holding, C(unknown - 2, lookahead).
    """

    __repr__ = brief

    unknown: int = field(converter=reading(whole_number, minimum=2, maximum=52))  # type: ignore[misc]
    lookahead: int = field(converter=reading(whole_number, maximum=MAX_LOOKAHEAD))  # type: ignore[misc]
    pair_first: np.ndarray = field(converter=reading(frozen_array, read=integer_array, ndim=1))  # type: ignore[misc]
    pair_second: np.ndarray = field(converter=reading(frozen_array, read=integer_array, ndim=1))  # type: ignore[misc]
    runout_positions: np.ndarray = field(converter=reading(  # type: ignore[misc]
        frozen_array, read=integer_array, ndim=2))
    subsets: np.ndarray = field(converter=reading(frozen_array, read=integer_array, ndim=2))  # type: ignore[misc]
    grid: np.ndarray = field(converter=reading(frozen_array, read=integer_array, ndim=2))  # type: ignore[misc]
    overlapping: int = field(converter=reading(whole_number))  # type: ignore[misc]
    runouts: int = field(converter=reading(whole_number))  # type: ignore[misc]


def enumeration_tables(unknown: int, lookahead: int) -> EnumerationTables:
    """The cached index tables for ``unknown`` unseen cards and ``lookahead`` (0, 1 or 2) cards to come.

    A set of ``2 + lookahead`` positions is reached by every split of it into a holding and a runout
    (six on the flop): the grid is filled split by split, each set's number written at every (holding,
    runout) cell that makes it.
    """
    if not (type(unknown) is int and type(lookahead) is int):  # (an engine's own call: ints already)
        unknown = whole_number('unknown', unknown, maximum=52)
        lookahead = whole_number('lookahead', lookahead, maximum=MAX_LOOKAHEAD, error=LookaheadError)
    if lookahead not in range(MAX_LOOKAHEAD + 1) or not 2 + lookahead <= unknown <= 52:
        raise LookaheadError(f'no enumeration tables for {shown(unknown)} unseen cards and look-ahead '
                             f'{shown(lookahead)}')
    return _enumeration_tables(unknown, lookahead)


@functools.cache
def _enumeration_tables(unknown: int, lookahead: int) -> EnumerationTables:
    first, second = _pair_positions(unknown)
    if lookahead == 0:
        return EnumerationTables(unknown, 0, first, second, np.empty((0, 1), np.intp),
                                 np.empty((2, 0), np.intp), np.empty((len(first), 0), np.intp), 0, 1)
    size = 2 + lookahead
    subsets = _combination_rows(unknown, size)
    count = len(subsets)
    runout_positions = np.arange(unknown)[np.newaxis] if lookahead == 1 else np.stack([first, second])
    grid = np.full((len(first), runout_positions.shape[1]), count, dtype=np.intp)
    numbers = np.arange(count, dtype=np.intp)
    for chosen in itertools.combinations(range(size), 2):  # each set is reached by every (holding, runout) split
        rest = [c for c in range(size) if c not in chosen]
        pair = pair_numbers(subsets[:, chosen[0]], subsets[:, chosen[1]], unknown)
        runout = (subsets[:, rest[0]].astype(np.intp) if lookahead == 1
                  else pair_numbers(subsets[:, rest[0]], subsets[:, rest[1]], unknown))
        grid[pair, runout] = numbers
    runouts = math.comb(unknown - 2, lookahead)
    return EnumerationTables(unknown, lookahead, first, second, runout_positions,
                             np.ascontiguousarray(subsets.T, dtype=np.uint8), grid,
                             runout_positions.shape[1] - runouts, runouts)


@functools.cache
def free_runouts(unknown: int, lookahead: int) -> np.ndarray:
    """``free[h, r]``: runout column r shares no position with holding h (the cached grid's non-sentinels)."""
    tables = enumeration_tables(unknown, lookahead)
    return read_only(tables.grid != tables.subsets.shape[1])


@functools.cache
def runout_holdings(unknown: int, lookahead: int) -> np.ndarray:
    """``holdings[r]``: the rows (among the C(unknown, 2) holdings of positions) free of runout column r,
    ascending, shape (runout columns, C(unknown - lookahead, 2)).

    Ascending holding rows are the combinations order of the positions the runout leaves, so a row of
    values gathered with them is what :func:`~poker.kernel.showdowns.holding_showdowns` expects.
    """
    free = free_runouts(unknown, lookahead)
    return read_only(np.nonzero(free.T)[1].reshape(free.shape[1], math.comb(unknown - lookahead, 2)))


def unseen_cards(known: Iterable[int]) -> np.ndarray:
    """The card indices (uint8, ascending) not in ``known``: position p of the engine is card ``[p]``."""
    taken = np.zeros(52, dtype=bool)
    taken[list(known)] = True
    return np.flatnonzero(~taken).astype(np.uint8)


def holding_numbers(cards: np.ndarray) -> np.ndarray:
    """The holding number (0 to 1,325) of each pair of positions of the unseen ``cards`` (:func:`unseen_cards`,
    ascending), pairs in combinations order (the rows of every position table)."""
    first, second = _pair_positions(len(cards))
    return pair_numbers(np.take(cards, first), np.take(cards, second))


@functools.cache
def _pair_positions(unknown: int) -> tuple[np.ndarray, np.ndarray]:
    first, second = np.triu_indices(unknown, 1)
    return read_only(first), read_only(second)


def positions_to_cards(positions: np.ndarray, known: Iterable[int], out: np.ndarray) -> np.ndarray:
    """The unseen cards at ``positions`` (uint8), written to ``out`` (uint8, same shape).

    Position p is the card ``p + #{known cards below it}``: with the known cards sorted, ``k_i - i`` is
    the first position the i-th of them pushes up by one. A few uint8 comparisons and additions, faster
    than a gather with (wide) integer indices.
    """
    np.copyto(out, positions)
    step = np.empty(positions.shape, dtype=bool)
    for shift, card in enumerate(sorted(known)):
        np.greater_equal(positions, card - shift, out=step)
        np.add(out, step, out=out, casting='unsafe')
    return out


def set_values(board: Sequence[int], known: Sequence[int], tables: EnumerationTables,
               ranker: type[HandRanker] = HandRanker) -> np.ndarray:
    """The value of the board with each set of ``2 + lookahead`` unseen positions (``tables.subsets``),
    one ``rank_many`` call, and a last entry 0 for the grids' sentinel (it loses to every hand).

    A final hand is the board plus such a set, whichever of its cards are the holding and which the
    runout, so ``set_values(...)[tables.grid]`` is every holding's value on every runout, each set ranked
    once although several (holding, runout) splits reach it. ``known`` are the cards that are not unseen
    (the board, and a player's hole cards if the positions exclude them).
    """
    count = tables.subsets.shape[1]
    hands = np.empty((len(board) + tables.subsets.shape[0], count), dtype=np.uint8)  # as card_columns builds
    hands[:len(board)] = np.array(board, dtype=np.uint8)[:, np.newaxis]
    positions_to_cards(tables.subsets, known, out=hands[len(board):])
    values = np.zeros(count + 1, dtype=np.int16)
    values[:-1] = ranker.rank_many(hands.T, validate=False)
    return values
