"""The fast engine: every opponent holding and every runout, counted exactly with NumPy.

For a player's hole cards and a board, :func:`holding_outcomes` finds, for each opponent holding of two
unseen cards, whether the player is ahead, tied or behind now, and how often each of the three happens
over every runout of ``lookahead`` more cards. Weighing those counts by an opponent model
(:meth:`HoldingOutcomes.weigh`) gives the :class:`Tally` that :class:`~poker.player.Player` turns into
HS, PPOT and NPOT. :mod:`poker.reference` counts the same things one hand at a time.

How it stays fast (a flop with two cards to come is 1,070,190 showdowns):

* Only the ``n`` unseen cards matter, so everything is indexed by *positions* 0 to n-1 in the sorted
  list of unseen cards. Which positions form which holding, runout and subset does not depend on the
  spot, so :func:`enumeration_tables` builds those index tables once per ``(n, lookahead)`` and caches
  them.
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

>>> from poker.card import parse_cards
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
import itertools
import math
from collections.abc import Iterable, Sequence

import numpy as np
from attrs import field, frozen

from .hand_ranker import HandRanker
from .outcomes import AHEAD, BEHIND, TIED
from .holdings import pair_numbers

__all__ = [
    'AHEAD',
    'BEHIND',
    'EnumerationTables',
    'HoldingOutcomes',
    'MAX_LOOKAHEAD',
    'OutcomeGrid',
    'TIED',
    'Tally',
    'card_columns',
    'enumeration_tables',
    'holding_outcomes',
    'outcome_grid',
    'tally',
    'unseen_cards',
]

MAX_LOOKAHEAD = 2
"""The most board cards any statistic looks ahead (two on the flop: turn and river)."""


def _array(value: np.ndarray) -> np.ndarray:
    array = np.asarray(value)
    array.flags.writeable = False
    return array


@frozen(eq=False)
class Tally:
    """Weighted counts for k opponent weight sets: what :class:`~poker.player.Player` needs.

    ``now[i]`` holds set i's weighted holdings we are ahead of, tied with and behind now;
    ``transitions[i][a][b]`` the weighted (holding, runout) pairs that go from outcome a now to
    outcome b after the runout; ``runouts`` is the number of runouts per holding.
    """

    now: np.ndarray = field(converter=_array)
    transitions: np.ndarray = field(converter=_array)
    runouts: int


@frozen(eq=False)
class HoldingOutcomes:
    """What happens against each opponent holding, before any weighting.

    ``holdings`` are the holding numbers (``combinations(range(52), 2)`` order) of the holdings of two
    unseen cards, ``now`` the outcome code against each now (:data:`AHEAD`, :data:`TIED`,
    :data:`BEHIND`), and ``later[j]`` the counts of the three outcomes over the ``runouts`` runouts
    (with no look-ahead, the one empty runout: ``later`` is ``now`` one-hot). The counts do not depend
    on the opponent model, so a bot may weigh them by several models.
    """

    holdings: np.ndarray = field(converter=_array)
    now: np.ndarray = field(converter=_array)
    later: np.ndarray = field(converter=_array)
    runouts: int

    def weigh(self, sets: np.ndarray) -> Tally:
        """The :class:`Tally` of the weight ``sets`` (shape (k, 1326), known cards already at weight 0)."""
        weights = np.asarray(sets, dtype=np.float64).reshape(-1, 1326)[:, self.holdings]
        state = np.zeros((len(self.now), 3))
        state[np.arange(len(self.now)), self.now] = 1.0
        by_state = weights[:, np.newaxis, :] * state.T  # (k, now outcome, holding)
        return Tally(now=weights @ state, transitions=by_state @ self.later.astype(np.float64),
                     runouts=self.runouts)


@frozen(eq=False)
class EnumerationTables:
    """Index tables over positions 0 to ``unknown``-1 of the unseen cards; they depend on no spot.

    * ``pair_first``, ``pair_second``: the two positions of each holding, in combinations order;
    * ``runout_positions``: shape (lookahead, columns), the positions of each runout column (every
      card for one card to come, every pair for two);
    * ``subsets``: shape (2 + lookahead, S), every set of 2 + ``lookahead`` positions (the cards an
      opponent holds at the end besides the board);
    * ``grid[h, r]``: the number of the set made of holding h and runout column r, or S (a sentinel)
      where they share a position; ``overlapping`` such columns in every row;
    * ``runouts``: the runouts per holding, C(unknown - 2, lookahead).
    """

    unknown: int
    lookahead: int
    pair_first: np.ndarray = field(converter=_array)
    pair_second: np.ndarray = field(converter=_array)
    runout_positions: np.ndarray = field(converter=_array)
    subsets: np.ndarray = field(converter=_array)
    grid: np.ndarray = field(converter=_array)
    overlapping: int
    runouts: int


@functools.cache
def enumeration_tables(unknown: int, lookahead: int) -> EnumerationTables:
    """The cached index tables for ``unknown`` unseen cards and ``lookahead`` (0, 1 or 2) cards to come.

    >>> tables = enumeration_tables(47, 2)
    >>> tables.grid.shape, tables.subsets.shape, tables.overlapping, tables.runouts
    ((1081, 1081), (4, 178365), 91, 990)
    """
    if lookahead not in range(MAX_LOOKAHEAD + 1) or not 2 + lookahead <= unknown <= 52:
        raise ValueError(f'no enumeration tables for {unknown!r} unseen cards and look-ahead {lookahead!r}')
    first, second = np.triu_indices(unknown, 1)
    if lookahead == 0:
        return EnumerationTables(unknown, 0, first, second, np.empty((0, 1), np.intp),
                                 np.empty((2, 0), np.intp), np.empty((len(first), 0), np.intp), 0, 1)
    size = 2 + lookahead
    subsets = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(unknown), size)),
                          dtype=np.int8).reshape(-1, size)
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
                             np.ascontiguousarray(subsets.T, dtype=np.intp), grid,
                             runout_positions.shape[1] - runouts, runouts)


def unseen_cards(known: Iterable[int]) -> np.ndarray:
    """The card indices (uint8, ascending) not in ``known``: position p of the engine is card ``[p]``."""
    taken = np.zeros(52, dtype=bool)
    taken[list(known)] = True
    return np.flatnonzero(~taken).astype(np.uint8)


def card_columns(fixed: Sequence[int], *varying: np.ndarray) -> np.ndarray:
    """Hands to rank, as the (N, k) ``uint8`` view :meth:`~poker.hand_ranker.HandRanker.rank_many` reads fastest.

    ``fixed`` cards are in every hand (a column of constants each); each ``varying`` array holds one
    more card per hand. The result is the transpose of a C-ordered (k, N) array, so the ranker reads
    each column without a copy.
    """
    count = len(varying[0]) if varying else 1
    columns = np.empty((len(fixed) + len(varying), count), dtype=np.uint8)
    for row, card in enumerate(fixed):
        columns[row] = card
    for row, cards in enumerate(varying, start=len(fixed)):
        columns[row] = cards
    return columns.T


@frozen(eq=False)
class OutcomeGrid:
    """The raw comparison of one hand with opponent holdings, now and over every runout column.

    ``holdings``: holding numbers of the opponent rows; ``now``: the outcome code per row;
    ``signs[o, r]``: ``sign(theirs - mine)`` after runout column r (-1 we are ahead, 0 tied, +1 behind),
    -1 where the runout shares a card with the holding (the sentinel loses to everything);
    ``tables``: the position tables (``tables.overlapping`` such columns per row); ``cards``: the unseen
    cards by position.
    """

    holdings: np.ndarray
    now: np.ndarray
    signs: np.ndarray
    tables: EnumerationTables
    cards: np.ndarray


def outcome_grid(hole: Sequence[int], board: Sequence[int], lookahead: int,
                 ranker: type[HandRanker] = HandRanker, rows: np.ndarray | None = None) -> OutcomeGrid:
    """Compare ``hole`` on ``board`` with opponent holdings of two unseen cards, now and after each runout.

    ``rows`` selects opponent holdings by their row among the C(n, 2) holdings of unseen cards (all by
    default): the work follows the selection. Few rows rank their (holding, runout) hands directly;
    many rank each set of the opponent's final cards once (a set is reached by several splits).
    """
    cards = unseen_cards([*hole, *board])
    tables = enumeration_tables(len(cards), lookahead)
    first, second = tables.pair_first, tables.pair_second
    if rows is not None:
        first, second = first[rows], second[rows]
    low, high = np.take(cards, first), np.take(cards, second)
    # one batch for now: our hand in row 0, the opponent's holdings after it
    values = ranker.rank_many(card_columns(board, np.r_[hole[0], low], np.r_[hole[1], high]), validate=False)
    now = (np.sign(values[1:].astype(np.int16) - values[0]) + 1).astype(np.int8)  # AHEAD 0, TIED 1, BEHIND 2
    holdings = pair_numbers(low, high)
    if lookahead == 0:
        return OutcomeGrid(holdings, now, np.empty((len(now), 0), np.int16), tables, cards)
    runout_cards = [np.take(cards, positions) for positions in tables.runout_positions]
    mine = ranker.rank_many(card_columns([*hole, *board], *runout_cards), validate=False).astype(np.int16)
    grid = tables.grid if rows is None else tables.grid[rows]
    count = tables.subsets.shape[1]
    if len(now) * tables.runouts * 3 < count:  # few holdings: rank each (holding, runout) hand once
        held = np.flatnonzero(grid != count)
        row_of, column_of = np.divmod(held, grid.shape[1])
        hands = card_columns(board, low[row_of], high[row_of], *(c[column_of] for c in runout_cards))
        theirs_grid = np.zeros(grid.shape, dtype=np.int16)
        theirs_grid.flat[held] = ranker.rank_many(hands, validate=False)
        signs = theirs_grid
    else:  # many: rank every set of final cards once, then gather
        theirs = np.zeros(count + 1, dtype=np.int16)  # the last one is the sentinel, 0
        theirs[:-1] = ranker.rank_many(card_columns(board, *np.take(cards, tables.subsets)), validate=False)
        signs = theirs[grid]
    signs -= mine
    np.sign(signs, out=signs)
    return OutcomeGrid(holdings, now, signs, tables, cards)


def holding_outcomes(hole: Sequence[int], board: Sequence[int], lookahead: int,
                     ranker: type[HandRanker] = HandRanker, rows: np.ndarray | None = None) -> HoldingOutcomes:
    """The outcomes against every opponent holding (or the ``rows`` chosen), now and over every runout.

    ``hole`` and ``board`` are card indices (2, and 3 to 5, all distinct: the caller checks);
    ``lookahead`` is 0, 1 or 2 and at most the cards still to come. Every hand is ranked by
    ``ranker.rank_many``.
    """
    grid = outcome_grid(hole, board, lookahead, ranker, rows)
    now = grid.now
    if lookahead == 0:
        later = np.zeros((len(now), 3), dtype=np.int32)
        later[np.arange(len(now)), now] = 1
        return HoldingOutcomes(grid.holdings, now, later, 1)
    signs = grid.signs
    net = signs.sum(axis=1, dtype=np.int32)
    decided = np.abs(signs, out=signs).sum(axis=1, dtype=np.int32)
    ahead = (decided - net) // 2 - grid.tables.overlapping
    behind = (decided + net) // 2
    later = np.stack([ahead, grid.tables.runouts - ahead - behind, behind], axis=1)
    return HoldingOutcomes(grid.holdings, now, later, grid.tables.runouts)


def tally(hole: Sequence[int], board: Sequence[int], lookahead: int, sets: np.ndarray,
          ranker: type[HandRanker] = HandRanker) -> Tally:
    """:func:`holding_outcomes` weighed by the weight ``sets`` (shape (k, 1326)).

    Only the opponent holdings with weight in some set are enumerated, so the work follows the range.
    """
    cards = unseen_cards([*hole, *board])
    tables = enumeration_tables(len(cards), lookahead)
    numbers = pair_numbers(np.take(cards, tables.pair_first), np.take(cards, tables.pair_second))
    weighted = np.asarray(sets).reshape(-1, 1326)[:, numbers].any(axis=0)
    rows = None if weighted.all() else np.flatnonzero(weighted)
    return holding_outcomes(hole, board, lookahead, ranker, rows).weigh(sets)
