"""What every range pass starts from (:class:`Spot`) and what each returns (:class:`RangeTally`).

A spot is a board, a look-ahead and two sets of 1,326 weights, the hero's and the opponent's, laid out on
the holdings of two unseen cards (:mod:`~poker.kernel.positions`). The three passes of
:func:`~poker.kernel.range_passes.range_tally` (:mod:`~poker.kernel.sorted_pass`,
:mod:`~poker.kernel.narrow_pass`, :mod:`~poker.kernel.grid_pass`) read one and count the same
:class:`RangeTally`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from attrs import field, frozen

from ..ranking.ranker import HandRanker
from ..validators import RANGE_PASSES, brief, choice, finite_array, reading, whole_number
from .board_memo import read_board_values
from .exact_sums import combine_pieces, whole_pieces
from .kernel_inputs import read_holdings
from .positions import EnumerationTables, enumeration_tables, holding_numbers, unseen_cards

__all__ = ['RangeTally', 'Spot', 'Support', 'by_pieces', 'exact_zeros']


@frozen(eq=False)
class RangeTally:
    """What :func:`~poker.kernel.range_passes.range_tally` counts for every hero holding with weight,
    against the opponent's weights.

    ``holdings``: the hero's holding numbers (ascending); ``now[i]``: the weighted opponent holdings
    hero holding i is ahead of, tied with and behind now; ``transitions[i, a, b]``: the weighted
    (opponent holding, runout) pairs going from outcome a now to outcome b after the runout (both only
    over opponent holdings that share no card with hero holding i); ``score[i, r]`` and ``total[i, r]``:
    after runout r, the weighted opponent holdings beaten plus half those tied, and all of them
    (0 where the runout holds one of hero holding i's cards); ``runouts``: runouts per (hero,
    opponent) pair. ``transitions`` is None when the caller did not ask for them (the strength tables).
    ``method`` is the pass that counted: ``'sorted'``, ``'narrow'`` or ``'grid'`` (``'hero_by_hero'``
    from :func:`~poker.kernel.range_passes.hero_by_hero`).
    """

    __repr__ = brief

    holdings: np.ndarray = field(converter=reading(read_holdings))  # type: ignore[misc]
    now: np.ndarray = field(converter=reading(finite_array, ndim=2))  # type: ignore[misc]
    transitions: np.ndarray | None = field(converter=reading(finite_array, ndim=3, optional=True))  # type: ignore[misc]
    score: np.ndarray = field(converter=reading(finite_array, ndim=2))  # type: ignore[misc]
    total: np.ndarray = field(converter=reading(finite_array, ndim=2))  # type: ignore[misc]
    runouts: int = field(converter=reading(whole_number))  # type: ignore[misc]
    method: str = field(converter=reading(  # type: ignore[misc]
        choice, choices=(*RANGE_PASSES[1:], 'hero_by_hero', 'compiled')))


@frozen(eq=False)
class Support:
    """The holdings with weight on either side of a :class:`Spot`, as the narrow and grid passes lay them
    out: ``used`` (their rows among the pairs of unseen positions), ``hero_at`` and ``opponent_at``
    (positions in ``used``), the opponent's weights ``weights`` (one per ``opponent_at``), their cards
    ``low`` and ``high``, their values ``now`` on the board as it is, and ``masks``, their two positions
    as bits (int64), to test two holdings for a shared card with one ``&``."""

    used: np.ndarray
    hero_at: np.ndarray
    opponent_at: np.ndarray
    weights: np.ndarray
    low: np.ndarray
    high: np.ndarray
    now: np.ndarray
    masks: np.ndarray


@frozen(eq=False)
class Spot:
    """What every range pass starts from: the board, the look-ahead, the unseen cards, their enumeration
    tables, the holding number of each pair of unseen positions (``numbers``), the hero's and the
    opponent's weights on those pairs, and the 1,326 weights as given (``hero_all``, ``opponent_all``)."""

    board: Sequence[int]
    lookahead: int
    cards: np.ndarray
    tables: EnumerationTables
    numbers: np.ndarray
    hero: np.ndarray
    opponent: np.ndarray
    hero_all: np.ndarray
    opponent_all: np.ndarray

    @classmethod
    def of(cls, board: Sequence[int], lookahead: int, hero: np.ndarray, opponent: np.ndarray) -> Spot:
        """The spot of a board, a look-ahead and two sets of 1,326 weights."""
        cards = unseen_cards(board)
        tables = enumeration_tables(len(cards), lookahead)
        numbers = holding_numbers(cards)
        hero_all, opponent_all = np.asarray(hero, dtype=np.float64), np.asarray(opponent, dtype=np.float64)
        return cls(board, lookahead, cards, tables, numbers, hero_all[numbers], opponent_all[numbers], hero_all,
                   opponent_all)

    def with_opponent(self, opponent: np.ndarray) -> Spot:
        """The same spot against other opponent weights (1,326 of them)."""
        return Spot(self.board, self.lookahead, self.cards, self.tables, self.numbers, self.hero, opponent[self.numbers],
                    self.hero_all, opponent)

    def whole_opponent(self) -> Spot:
        """The same spot with every opponent holding with weight weighing 1 (counts exact zeros)."""
        return Spot.of(self.board, self.lookahead, self.hero_all, (self.opponent_all > 0).astype(np.float64))

    def support(self, ranker: type[HandRanker]) -> Support:
        """The :class:`Support`: the holdings with weight on either side, their cards and values now."""
        used = np.flatnonzero((self.hero > 0) | (self.opponent > 0))  # rows of the C(n, 2) holdings ranked
        hero_at = np.flatnonzero(self.hero[used] > 0)  # positions in `used`
        opponent_at = np.flatnonzero(self.opponent[used] > 0)
        first, second = self.tables.pair_first[used], self.tables.pair_second[used]
        masks = np.left_shift(np.int64(1), first.astype(np.int64)) | np.left_shift(np.int64(1), second.astype(np.int64))
        values = read_board_values(self.board, ranker).values[self.numbers[used]]
        return Support(used, hero_at, opponent_at, self.opponent[used][opponent_at], np.take(self.cards, first),
                       np.take(self.cards, second), values, masks)


def exact_zeros(counts: np.ndarray, whole: np.ndarray) -> np.ndarray:
    """``counts`` (summed with fractional weights) made exactly 0 where ``whole`` (the same counts with
    whole weights, exact) is 0, and never below 0.

    Sums of weights, differenced, leave rounding residue (1e-15, say) where the true count is 0, which
    would turn a potential's 0/0 into noise; the count with one per opponent holding with weight is 0
    exactly where the weighted one should be.
    """
    cleaned: np.ndarray = np.where(whole > 0, np.maximum(counts, 0.0), 0.0)
    return cleaned


def by_pieces(spot: Spot, count: Callable[[Spot], RangeTally]) -> RangeTally:
    """``count(spot)`` summed exactly (:mod:`~poker.kernel.exact_sums`): for whole opponent weights that count
    itself; else one count per whole piece of the opponent's weights, combined: ``now`` and ``transitions``
    correctly rounded (the numbers :class:`~poker.stats.player.Player` sums for one hand), ``score`` and
    ``total`` per runout too for weights spanning fewer than 2**11 (two pieces), else to rounding."""
    exponent, pieces = whole_pieces(spot.opponent_all)
    if len(pieces) == 1 and exponent == 0:
        return count(spot)
    tallies = [count(spot.with_opponent(piece)) for piece in pieces]
    first = tallies[0]
    transitions = None if first.transitions is None else combine_pieces(
        [tally.transitions for tally in tallies], exponent)  # type: ignore[misc]
    return RangeTally(holdings=first.holdings, now=combine_pieces([tally.now for tally in tallies], exponent),
                      transitions=transitions,
                      score=combine_pieces([tally.score for tally in tallies], exponent, rounded_once=False),
                      total=combine_pieces([tally.total for tally in tallies], exponent, rounded_once=False),
                      runouts=first.runouts, method=first.method)
