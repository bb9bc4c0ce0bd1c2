"""One hand against every opponent holding and every runout: the counts behind a player's HS, PPOT and NPOT.

For a player's hole cards and a board, :func:`holding_outcomes` finds, for each opponent holding of two
unseen cards, whether the player is ahead, tied or behind now, and how often each of the three happens
over every runout of ``lookahead`` more cards. Weighing those counts by an opponent model
(:meth:`HoldingOutcomes.weigh`, or :func:`tally` at once) gives the :class:`Tally` that
:class:`~poker.stats.player.Player` turns into HS, PPOT and NPOT. :mod:`poker.stats.reference` counts the
same things one hand at a time.

How it stays fast (a flop with two cards to come is 1,070,190 showdowns):

* Everything is indexed by positions of the unseen cards (:mod:`~poker.kernel.positions`), through tables
  cached per ``(n, lookahead)``.
* Every hand is ranked by the one hook, ``ranker.rank_many`` (so a ranker subclass changes every
  count), on compact ``uint8`` card arrays built column by column from the cached position tables:
  the board's columns are constants, the unseen cards' columns one ``take`` each.
* The opponent's final hand depends only on the *set* of its unseen cards (the holding and the runout
  together): on the flop 178,365 sets of four, each ranked once, though each is reached by six
  (holding, runout) splits. The player's final hand depends only on the runout (1,081 of them).
* The outcomes are laid out as a grid, a row per holding and a column per runout; the grid of subset
  numbers is cached, so one gather fills it with the opponent's values. Runouts that share a card with
  the holding point at a sentinel value 0, which loses to every hand, so each row has the same known
  number of them to subtract. ``sign(theirs - mine)`` summed along a row, and its absolute value summed,
  give the row's ahead, tied and behind counts.

>>> from poker.cards.card import parse_cards
>>> hole, board = [c.index for c in parse_cards('Ah Qh')], [c.index for c in parse_cards('3h 4s Jh')]
>>> outcomes = holding_outcomes(hole, board, lookahead=2)
>>> len(outcomes.holdings), outcomes.runouts, int(outcomes.later.sum())
(1081, 990, 1070190)
>>> tally = outcomes.weigh(np.ones((1, 1326)))
>>> tally.now.tolist(), tally.transitions[0, 2].tolist()
([[628.0, 9.0, 444.0]], [221903.0, 680.0, 216977.0])
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

import numpy as np
from attrs import field, frozen

from ..cards.holdings import HOLDING_COUNT, HOLDING_MASKS, NUMBER_OF_PAIR, pair_numbers
from ..errors import SettingError
from ..ranking.ranker import HandRanker, card_columns
from ..ranking.ranker_inputs import read_ranker
from ..validators import brief, flag, frozen_array, instance, integer_array, reading, shown, whole_number
from . import _count
from .board_memo import board_values, read_board_values
from .exact_sums import combine_pieces, whole_pieces
from .kernel_inputs import board_indices, hole_indices, lookahead_on, read_holdings, read_outcomes, weight_rows
from .positions import (
    MAX_LOOKAHEAD, EnumerationTables, enumeration_tables, holding_numbers, set_values, unseen_cards,
)

__all__ = ['HoldingOutcomes', 'OutcomeGrid', 'Tally', 'holding_outcomes', 'outcome_grid', 'showdown_counts', 'tally']


@frozen(eq=False)
class Tally:
    """Weighted counts for k opponent weight sets: what :class:`~poker.stats.player.Player` needs.

    ``now[i]`` holds set i's weighted holdings we are ahead of, tied with and behind now;
    ``transitions[i][a][b]`` the weighted (holding, runout) pairs that go from outcome a now to
    outcome b after the runout; ``runouts`` is the number of runouts per holding.
    """

    __repr__ = brief

    now: np.ndarray = field(converter=reading(frozen_array, ndim=2))  # type: ignore[misc]
    transitions: np.ndarray = field(converter=reading(frozen_array, ndim=3))  # type: ignore[misc]
    runouts: int = field(converter=reading(whole_number))  # type: ignore[misc]


@frozen(eq=False)
class HoldingOutcomes:
    """What happens against each opponent holding, before any weighting.

    ``holdings`` are the holding numbers (``combinations(range(52), 2)`` order) of the holdings of two
    unseen cards, ``now`` the outcome code against each now (:data:`~poker.kernel.outcomes.AHEAD`,
    :data:`~poker.kernel.outcomes.TIED`, :data:`~poker.kernel.outcomes.BEHIND`), and ``later[j]`` the
    counts of the three outcomes over the ``runouts`` runouts (with no look-ahead, the one empty runout:
    ``later`` is ``now`` one-hot). The counts do not depend on the opponent model, so a bot may weigh
    them by several models.
    """

    __repr__ = brief

    holdings: np.ndarray = field(converter=reading(frozen_array, read=read_holdings))  # type: ignore[misc]
    now: np.ndarray = field(converter=reading(frozen_array, read=read_outcomes))  # type: ignore[misc]
    later: np.ndarray = field(converter=reading(frozen_array, ndim=2))  # type: ignore[misc]
    runouts: int = field(converter=reading(whole_number))  # type: ignore[misc]

    def __attrs_post_init__(self) -> None:
        if not len(self.holdings) == len(self.now) == len(self.later) or self.later.shape[1:] != (3,):
            raise SettingError(f'holdings, now and later must have a row per holding ({len(self.holdings)}), '
                               f'later three columns: got {len(self.now)} and {self.later.shape}')

    def weigh(self, sets: np.ndarray) -> Tally:
        """The :class:`Tally` of the weight ``sets`` (shape (k, 1326), known cards already at weight 0)."""
        return self._weigh(weight_rows(sets))

    def _weigh(self, sets: np.ndarray) -> Tally:
        """:meth:`weigh` of weight sets already read (the kernel's own calls)."""
        return _weigh_columns(sets[:, self.holdings], _weighing_columns(self.now, self.later), self.runouts)


def _weighing_columns(now: np.ndarray, later: np.ndarray) -> np.ndarray:
    """Per opponent holding (rows), what its weight counts for: the outcome now (3 columns, one of them 1) and the
    transitions (9 columns: the runouts' outcomes in the row of the outcome now), as float64."""
    rows = np.arange(len(now))
    columns = np.zeros((len(now), 12))
    columns[rows, now] = 1.0
    columns[rows[:, np.newaxis], 3 + 3 * now[:, np.newaxis].astype(np.intp) + _SLOTS.T] = later
    return columns


def _weigh_columns(weights: np.ndarray, columns: np.ndarray, runouts: int) -> Tally:
    """The :class:`Tally` of weight rows (k, n) against :func:`_weighing_columns` (n, 12), summed exactly
    (:mod:`~poker.kernel.exact_sums`: one product per whole piece of the weights, each exact in any order)."""
    exponent, pieces = whole_pieces(weights)
    counted = combine_pieces([piece @ columns for piece in pieces], exponent)
    return _read_tally(counted[:, :3], counted[:, 3:].reshape(-1, 3, 3), runouts)


@frozen(eq=False)
class OutcomeGrid:
    """The raw comparison of one hand with opponent holdings, now and over every runout column.

    ``holdings``: holding numbers of the opponent rows; ``now``: the outcome code per row;
    ``signs[o, r]``: ``sign(theirs - mine)`` after runout column r (-1 we are ahead, 0 tied, +1 behind),
    -1 where the runout shares a card with the holding (the sentinel loses to everything);
    ``tables``: the position tables (``tables.overlapping`` such columns per row); ``cards``: the unseen
    cards by position.
    """

    __repr__ = brief

    holdings: np.ndarray = field(converter=reading(read_holdings))  # type: ignore[misc]
    now: np.ndarray = field(converter=reading(read_outcomes))  # type: ignore[misc]
    signs: np.ndarray = field(converter=reading(integer_array, ndim=2))  # type: ignore[misc]
    tables: EnumerationTables = field(converter=reading(instance, kind=EnumerationTables))  # type: ignore[misc]
    cards: np.ndarray = field(converter=reading(integer_array, ndim=1))  # type: ignore[misc]

    def __attrs_post_init__(self) -> None:
        columns = self.tables.runout_positions.shape[1] if self.tables.lookahead else 0
        if not len(self.holdings) == len(self.now) == len(self.signs) or self.signs.shape[1] != columns:
            raise SettingError(f'holdings, now and signs must have a row per holding ({len(self.holdings)}), signs '
                               f'a column per runout of the tables ({columns}): got {self.signs.shape}')

    def outcomes(self, keep_signs: bool = True) -> HoldingOutcomes:
        """The :class:`HoldingOutcomes` of the grid: each row's signs summed (in place unless ``keep_signs``).

        With ``net`` the sum of a row's signs and ``decided`` the sum of their absolute values, the row is
        behind on ``(decided + net) / 2`` runouts and ahead on ``(decided - net) / 2``, less the columns
        that share a card with the holding (each reads -1, ahead, and is no runout of it).
        """
        keep_signs = flag('keep_signs', keep_signs)
        now = self.now
        if self.tables.lookahead == 0:
            later = np.zeros((len(now), 3), dtype=np.int32)
            later[np.arange(len(now)), now] = 1
            return HoldingOutcomes(self.holdings, now, later, 1)
        signs = self.signs
        net = signs.sum(axis=1, dtype=np.int32)
        decided = np.abs(signs, out=signs.copy() if keep_signs else signs).sum(axis=1, dtype=np.int32)
        ahead = (decided - net) // 2 - self.tables.overlapping
        behind = (decided + net) // 2
        later = np.stack([ahead, self.tables.runouts - ahead - behind, behind], axis=1)
        return HoldingOutcomes(self.holdings, now, later, self.tables.runouts)


def outcome_grid(hole: Sequence[int], board: Sequence[int], lookahead: int,
                 ranker: type[HandRanker] = HandRanker, rows: np.ndarray | None = None) -> OutcomeGrid:
    """Compare ``hole`` on ``board`` with opponent holdings of two unseen cards, now and after each runout.

    ``rows`` selects opponent holdings by their row among the C(n, 2) holdings of unseen cards (all by
    default): the work follows the selection. Few rows rank their (holding, runout) hands directly;
    many rank each set of the opponent's final cards once (a set is reached by several splits).
    """
    hole, board, lookahead, ranker = _hand(hole, board, lookahead, ranker)
    rows = _rows(rows, board, hole)
    cards = unseen_cards([*hole, *board])
    tables = enumeration_tables(len(cards), lookahead)
    first, second = tables.pair_first, tables.pair_second
    if rows is not None:
        first, second = first[rows], second[rows]
    low, high = np.take(cards, first), np.take(cards, second)
    holdings = pair_numbers(low, high)
    now = _now(hole, board, holdings, ranker)
    if lookahead == 0:
        return OutcomeGrid(holdings, now, np.empty((len(now), 0), np.int16), tables, cards)
    runout_cards = [np.take(cards, positions) for positions in tables.runout_positions]
    mine = ranker.rank_many(card_columns([*hole, *board], *runout_cards), validate=False).astype(np.int16)
    signs = _final_values(hole, board, tables, ranker, rows, (low, high), runout_cards)
    signs -= mine
    np.sign(signs, out=signs)
    return OutcomeGrid(holdings, now, signs, tables, cards)


def _final_values(hole: Sequence[int], board: Sequence[int], tables: EnumerationTables, ranker: type[HandRanker],
                  rows: np.ndarray | None, holding_cards: tuple[np.ndarray, np.ndarray],
                  runout_cards: list[np.ndarray]) -> np.ndarray:
    """A new int16 grid of the opponent's final value per (holding row, runout column), 0 (the sentinel)
    where the runout shares a card with the holding: the cheaper of two ways to fill it."""
    grid = tables.grid if rows is None else tables.grid[rows]
    count = tables.subsets.shape[1]
    low, high = holding_cards
    if len(low) * tables.runouts * 3 < count:  # few holdings: rank each (holding, runout) hand once
        held = np.flatnonzero(grid != count)
        row_of, column_of = np.divmod(held, grid.shape[1])
        hands = card_columns(board, low[row_of], high[row_of], *(c[column_of] for c in runout_cards))
        values = np.zeros(grid.shape, dtype=np.int16)
        values.flat[held] = ranker.rank_many(hands, validate=False)
        return values
    # many: rank every set of final cards once, then gather (the sentinel set reads 0)
    gathered: np.ndarray = set_values(board, [*hole, *board], tables, ranker)[grid]
    return gathered


def _now(hole: Sequence[int], board: Sequence[int], holdings: np.ndarray, ranker: type[HandRanker]) -> np.ndarray:
    """The outcome code against each of ``holdings`` on the board as it is, from the per-board memo."""
    values = read_board_values(board, ranker).values
    now: np.ndarray = (np.sign(values[holdings] - values[NUMBER_OF_PAIR[hole[0]][hole[1]]]) + 1).astype(np.int8)
    return now  # AHEAD 0, TIED 1, BEHIND 2


def holding_outcomes(hole: Sequence[int], board: Sequence[int], lookahead: int,
                     ranker: type[HandRanker] = HandRanker, rows: np.ndarray | None = None) -> HoldingOutcomes:
    """The outcomes against every opponent holding (or the ``rows`` chosen), now and over every runout.

    ``hole`` and ``board`` are card indices (2, and 3 to 5, all distinct: the caller checks);
    ``lookahead`` is 0, 1 or 2 and at most the cards still to come. Every hand is ranked by
    ``ranker.rank_many``; with :class:`HandRanker` itself, the counts over runouts come from the compiled
    loop (``_count.later_counts``, ranking inline), which ranks each set of the opponent's final cards once
    and counts every split of it, with no grid; the outcomes of the last :data:`OUTCOME_MEMO_SIZE` hands are
    kept (a player deciding twice on a board, or a match dealing the same cards in every seating, counts once).
    """
    hole, board, lookahead, ranker = _hand(hole, board, lookahead, ranker)
    return _outcomes(hole, board, lookahead, ranker, _rows(rows, board, hole))


def _outcomes(hole: tuple[int, int], board: tuple[int, ...], lookahead: int, ranker: type[HandRanker],
              rows: np.ndarray | None) -> HoldingOutcomes:
    """:func:`holding_outcomes` with its arguments read (the kernel's own calls)."""
    if not lookahead or not ranker.INLINE_RANKING:
        return outcome_grid(hole, board, lookahead, ranker, rows).outcomes(keep_signs=False)
    every = _inline_outcomes(hole, board, lookahead)
    if rows is None:
        return every
    return _read_outcomes(every.holdings[rows], every.now[rows], every.later[rows], every.runouts)


OUTCOME_MEMO_SIZE = 512
"""How many hands' outcomes against every holding :func:`holding_outcomes` keeps (with :class:`HandRanker`
itself; about 16 kB a hand on the flop)."""


_DECK = bytes(range(52))


@functools.lru_cache(maxsize=OUTCOME_MEMO_SIZE)
def _inline_outcomes(hole: tuple[int, int], board: tuple[int, ...], lookahead: int) -> HoldingOutcomes:
    """:func:`holding_outcomes` against every holding with :class:`HandRanker` itself, counted by the compiled
    loop (its arguments read; the arrays are read-only, so the memo's answers can be shared)."""
    known = bytes((*hole, *board))
    cards = _DECK.translate(None, known)  # the unseen cards, ascending
    mask = 0
    for card in known:
        mask |= 1 << card
    holdings = np.flatnonzero((HOLDING_MASKS & mask) == 0)  # ascending: the pairs of unseen cards in combinations order
    later, now = np.empty((len(holdings), 3), dtype=np.int32), np.empty(len(holdings), dtype=np.int8)
    _count.later_counts(bytes(board), bytes(hole), cards, lookahead, later, now)
    return _read_outcomes(holdings, now, later, math.comb(len(cards) - 2, lookahead))


def _read_outcomes(holdings: np.ndarray, now: np.ndarray, later: np.ndarray, runouts: int) -> HoldingOutcomes:
    """A :class:`HoldingOutcomes` of the kernel's own fresh arrays (as the compiled loop wrote them, or rows taken
    from such), made read-only as its converters would, nothing read again."""
    record = object.__new__(HoldingOutcomes)
    for name, value in (('holdings', holdings), ('now', now), ('later', later)):
        value.flags.writeable = False
        object.__setattr__(record, name, value)
    object.__setattr__(record, 'runouts', runouts)
    return record


def _hand(hole: Sequence[int], board: Sequence[int], lookahead: int,
          ranker: type[HandRanker]) -> tuple[tuple[int, int], tuple[int, ...], int, type[HandRanker]]:
    """One hand's arguments read at the kernel's door: the hole cards' and the board's indices (distinct),
    the look-ahead the board allows, the ranker class."""
    board = board_indices(board)
    return (hole_indices(hole, board), board, lookahead_on(lookahead, board, MAX_LOOKAHEAD),
            read_ranker(ranker))


def _rows(rows: np.ndarray | None, board: Sequence[int], hole: Sequence[int]) -> np.ndarray | None:
    """Rows among the holdings of the cards unseen beside the hand and the board: None (all) or their numbers."""
    if rows is None:
        return None
    numbers = integer_array('rows', rows, ndim=1)
    count = (52 - len(board) - len(hole)) * (51 - len(board) - len(hole)) // 2
    if numbers.size and (int(numbers.min()) < 0 or int(numbers.max()) >= count):
        raise SettingError(f'rows must be rows of the {count} holdings of unseen cards, got {shown(rows)}')
    return numbers


def tally(hole: Sequence[int], board: Sequence[int], lookahead: int, sets: np.ndarray,
          ranker: type[HandRanker] = HandRanker) -> Tally:
    """:func:`holding_outcomes` weighed by the weight ``sets`` (shape (k, 1326)).

    Only the opponent holdings with weight in some set are enumerated, so the work follows the range.
    With nothing to come (``lookahead`` 0), the counts are the memoized values of
    :func:`~poker.kernel.board_memo.board_values` weighed directly (:func:`showdown_counts`).
    """
    hole, board, lookahead, ranker = _hand(hole, board, lookahead, ranker)
    return read_tally(hole, board, lookahead, weight_rows(sets), ranker)


def read_tally(hole: tuple[int, int], board: tuple[int, ...], lookahead: int, sets: np.ndarray,
               ranker: type[HandRanker]) -> Tally:
    """:func:`tally` of arguments read already: two hole cards and 3 to 5 board cards (indices, all distinct), a
    look-ahead the board allows, checked weight rows of shape (k, 1326) and a ranker class. Not a door (so not in
    ``__all__``): for the engines, which read their arguments at their own doors; the same counts, summed the
    same way."""
    if lookahead == 0:
        now = read_board_values(board, ranker)._weighed(hole, sets)  # (showdown_counts, its arguments read)
        return _read_tally(now, now[:, :, np.newaxis] * np.eye(3), 1)  # nothing changes
    if ranker.INLINE_RANKING:  # every holding's outcomes kept, and what each weight counts for: one product
        outcomes = _inline_outcomes(hole, board, lookahead)
        return _weigh_columns(sets[:, outcomes.holdings], _inline_columns(hole, board, lookahead), outcomes.runouts)
    cards = unseen_cards([*hole, *board])
    numbers = holding_numbers(cards)
    weighted = sets[:, numbers].any(axis=0)
    rows = None if weighted.all() else np.flatnonzero(weighted)
    return _outcomes(hole, board, lookahead, ranker, rows)._weigh(sets)


@functools.lru_cache(maxsize=OUTCOME_MEMO_SIZE)
def _inline_columns(hole: tuple[int, int], board: tuple[int, ...], lookahead: int) -> np.ndarray:
    """:func:`_weighing_columns` of :func:`_inline_outcomes` (kept as long: a player's every decision on a board)."""
    outcomes = _inline_outcomes(hole, board, lookahead)
    columns = _weighing_columns(outcomes.now, outcomes.later)
    columns.flags.writeable = False
    return columns


def _read_tally(now: np.ndarray, transitions: np.ndarray, runouts: int) -> Tally:
    """A :class:`Tally` of the kernel's own float64 arrays (shapes (k, 3) and (k, 3, 3)), made read-only as
    its converters would, nothing read again."""
    record = object.__new__(Tally)
    for name, value in (('now', now), ('transitions', transitions)):
        value.flags.writeable = False
        object.__setattr__(record, name, value)
    object.__setattr__(record, 'runouts', runouts)
    return record


def inline_showdown(hole: tuple[int, int], board: Sequence[int], weights: np.ndarray) -> tuple[float, float, float]:
    """The weight of the holdings free of every known card that ``hole`` is ahead of, tied with and behind on
    ``board`` as it is, as :class:`HandRanker` itself ranks (inline, in one compiled loop over the holdings
    with weight: nothing is memoized), summed exactly (:mod:`~poker.kernel.exact_sums`). Not a door (so not in
    ``__all__``): for the engines, which read their arguments already: two hole cards and 3 to 5 board cards, all
    distinct, and 1,326 float64 weights."""
    return exact_showdown(hole, board, weights)


def exact_showdown(hole: tuple[int, int], board: Sequence[int], weights: np.ndarray) -> tuple[float, float, float]:
    """:func:`inline_showdown`: the compiled loop once per whole piece of the weights (once for whole weights),
    the pieces' sums combined (:func:`~poker.kernel.exact_sums.combine_pieces`)."""
    exponent, pieces = whole_pieces(weights)
    if len(pieces) == 1 and exponent == 0:
        return _count.showdown_counts(bytes(hole), bytes(board), weights)
    sums = [np.array(_count.showdown_counts(bytes(hole), bytes(board), piece)) for piece in pieces]
    ahead, tied, behind = combine_pieces(sums, exponent).tolist()
    return ahead, tied, behind


_ONES = np.ones(HOLDING_COUNT)
_ONES.flags.writeable = False
_SLOTS = np.arange(3, dtype=np.int8)[:, np.newaxis]


def inline_counts(hole: tuple[int, int], board: tuple[int, ...], lookahead: int,
                  weights: np.ndarray | None) -> tuple[list[float], list[list[float]], int, int]:
    """One weight set's :func:`tally`, as :class:`HandRanker` itself ranks, in a few compiled steps: the weighted
    counts now (ahead, tied, behind), the 3x3 transitions, the runouts per holding and the holdings counted
    (free of every known card, with weight). ``weights`` None weighs every holding 1. Not a door (so not in
    ``__all__``): for the engines, which read their arguments already: two hole cards and 3 to 5 board cards,
    all distinct, a look-ahead the board allows, and 1,326 checked float64 weights. Nothing on the river or
    with ``lookahead`` 0 is memoized (one compiled loop over the holdings); with a look-ahead, the outcomes
    against every holding come from the memo of :func:`holding_outcomes`."""
    unseen = 50 - len(board)
    if not lookahead:
        ahead, tied, behind = _count.showdown_counts(bytes(hole), bytes(board), _ONES) if weights is None \
            else exact_showdown(hole, board, weights)
        if weights is None:
            holdings = unseen * (unseen - 1) // 2
        else:
            known = (1 << hole[0]) | (1 << hole[1])
            for card in board:
                known |= 1 << card
            holdings = int(np.count_nonzero(weights[(HOLDING_MASKS & known) == 0]))
        return [ahead, tied, behind], [[ahead, 0.0, 0.0], [0.0, tied, 0.0], [0.0, 0.0, behind]], 1, holdings
    outcomes = _inline_outcomes(hole, board, lookahead)
    which = outcomes.now == _SLOTS  # (3, holdings): the holdings we are ahead of, tied with, behind now
    if weights is None:
        counted = which.astype(np.int32)  # (whole counts: summed exactly in integers)
        now, transitions = counted.sum(axis=1, dtype=np.float64), (counted @ outcomes.later).astype(np.float64)
        return now.tolist(), transitions.tolist(), outcomes.runouts, len(outcomes.now)
    chosen = weights[outcomes.holdings]
    exponent, pieces = whole_pieces(chosen)
    later = outcomes.later.astype(np.float64)
    counted = [which * piece for piece in pieces]  # each piece summed exactly, the pieces combined rounded once
    now = combine_pieces([piece.sum(axis=1) for piece in counted], exponent)
    transitions = combine_pieces([piece @ later for piece in counted], exponent)
    return now.tolist(), transitions.tolist(), outcomes.runouts, int(np.count_nonzero(chosen))


def showdown_counts(hole: Sequence[int], board: Sequence[int], sets: np.ndarray,
                    ranker: type[HandRanker] = HandRanker) -> np.ndarray:
    """Shape (k, 3): per weight set (shape (k, 1326)), the weight of the opponent holdings ``hole`` is ahead
    of, tied with and behind on ``board`` as it is, over the holdings free of every known card.

    Nothing is ranked on a board already in the memo (:func:`~poker.kernel.board_memo.board_values`):
    :meth:`~poker.kernel.board_memo.BoardValues.weigh`.
    """
    known = board_values(board, ranker)
    return known._weighed(hole_indices(hole, known.board), weight_rows(sets))
