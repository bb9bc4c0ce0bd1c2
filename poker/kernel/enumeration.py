"""The kernel: every opponent holding and every runout, counted exactly with NumPy, for the engines.

Every engine stands on it: :class:`~poker.stats.player.Player` (one hand),
:func:`~poker.stats.range_stats.range_statistics` (a whole hero range),
:class:`~poker.strategy.reweighting.OpponentModel` and the strength tables
(:func:`~poker.stats.boards.board_strengths`: every holding against every holding). Every hand is
ranked through ``ranker.rank_many``.

* Every holding's value on a board, memoized per board and ranker class: :func:`board_values` (the values
  now of every single-hand question and of the range passes; :func:`~poker.stats.strength.hand_strength`
  reads only these);
* one hand: :func:`outcome_grid` / :func:`holding_outcomes` / :func:`tally` (below);
* a range: :func:`range_tally` (all hero holdings in one pass, by one of three passes that count the
  same numbers: narrow, sorted or grids, see its docstring) and :func:`hero_by_hero` (a few hero
  holdings, each through the one-hand kernel).

For a player's hole cards and a board, :func:`holding_outcomes` finds, for each opponent holding of two
unseen cards, whether the player is ahead, tied or behind now, and how often each of the three happens
over every runout of ``lookahead`` more cards. Weighing those counts by an opponent model
(:meth:`HoldingOutcomes.weigh`) gives the :class:`Tally` that :class:`~poker.stats.player.Player` turns into
HS, PPOT and NPOT. :mod:`poker.stats.reference` counts the same things one hand at a time.

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
import itertools
import math
from collections.abc import Iterable, Sequence

import numpy as np
from attrs import field, frozen

from ..ranking.ranker import HandRanker, card_columns
from .outcomes import AHEAD, BEHIND, TIED
from ..cards.holdings import HOLDING_COUNT, HOLDING_MASKS, NUMBER_OF_PAIR, pair_numbers
from .showdowns import holding_showdowns, pairs_of
from ..validators import read_only

__all__ = [
    'BOARD_MEMO_SIZE',
    'BoardValues',
    'EnumerationTables',
    'HoldingOutcomes',
    'MAX_LOOKAHEAD',
    'NARROW_OPPONENTS',
    'OutcomeGrid',
    'RangeTally',
    'Tally',
    'board_values',
    'enumeration_tables',
    'hero_by_hero',
    'holding_outcomes',
    'memoized_board_values',
    'outcome_grid',
    'positions_to_cards',
    'range_tally',
    'runout_holdings',
    'set_values',
    'showdown_counts',
    'tally',
    'unseen_cards',
]

MAX_LOOKAHEAD = 2
"""The most board cards any statistic looks ahead (two on the flop: turn and river)."""

NARROW_OPPONENTS = 60
"""Opponent ranges with at most this many holdings with weight take :func:`range_tally`'s narrow path
(:func:`_narrow_tally`), whose cost follows the opponent's support; wider ones the shared grids.
Measured on a flop with two cards to come, all 1,176 hero holdings: against 20 random opponent
holdings 45 ms (80 ms with 20 different weights) where the grids take 150 ms (280 ms); against 60,
75 ms (190 ms) where the grids take 190 ms (310 ms). At most 63: the narrow path counts points
(2 per opponent) in int8."""

_HOLDING_CARDS: list[tuple[int, int]] = [(int(a), int(b)) for a, b in itertools.combinations(range(52), 2)]


@frozen(eq=False)
class Tally:
    """Weighted counts for k opponent weight sets: what :class:`~poker.stats.player.Player` needs.

    ``now[i]`` holds set i's weighted holdings we are ahead of, tied with and behind now;
    ``transitions[i][a][b]`` the weighted (holding, runout) pairs that go from outcome a now to
    outcome b after the runout; ``runouts`` is the number of runouts per holding.
    """

    now: np.ndarray = field(converter=read_only)
    transitions: np.ndarray = field(converter=read_only)
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

    holdings: np.ndarray = field(converter=read_only)
    now: np.ndarray = field(converter=read_only)
    later: np.ndarray = field(converter=read_only)
    runouts: int

    def weigh(self, sets: np.ndarray) -> Tally:
        """The :class:`Tally` of the weight ``sets`` (shape (k, 1326), known cards already at weight 0)."""
        weights = np.asarray(sets, dtype=np.float64).reshape(-1, HOLDING_COUNT)[:, self.holdings]
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
    * ``subsets``: shape (2 + lookahead, S), uint8, every set of 2 + ``lookahead`` positions (the cards an
      opponent holds at the end besides the board);
    * ``grid[h, r]``: the number of the set made of holding h and runout column r, or S (a sentinel)
      where they share a position; ``overlapping`` such columns in every row;
    * ``runouts``: the runouts per holding, C(unknown - 2, lookahead).
    """

    unknown: int
    lookahead: int
    pair_first: np.ndarray = field(converter=read_only)
    pair_second: np.ndarray = field(converter=read_only)
    runout_positions: np.ndarray = field(converter=read_only)
    subsets: np.ndarray = field(converter=read_only)
    grid: np.ndarray = field(converter=read_only)
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
                             np.ascontiguousarray(subsets.T, dtype=np.uint8), grid,
                             runout_positions.shape[1] - runouts, runouts)


def unseen_cards(known: Iterable[int]) -> np.ndarray:
    """The card indices (uint8, ascending) not in ``known``: position p of the engine is card ``[p]``."""
    taken = np.zeros(52, dtype=bool)
    taken[list(known)] = True
    return np.flatnonzero(~taken).astype(np.uint8)


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
    holdings = pair_numbers(low, high)
    # now: every holding's value on this board, ours too, is read from the per-board memo
    values = board_values(board, ranker).values
    now = (np.sign(values[holdings] - values[NUMBER_OF_PAIR[hole[0]][hole[1]]]) + 1).astype(np.int8)  # AHEAD 0 ...
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
        hands = np.empty((len(board) + tables.subsets.shape[0], count), dtype=np.uint8)  # as card_columns builds
        hands[:len(board)] = np.array(board, dtype=np.uint8)[:, np.newaxis]
        positions_to_cards(tables.subsets, [*hole, *board], out=hands[len(board):])
        theirs[:-1] = ranker.rank_many(hands.T, validate=False)
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
    return _counted(outcome_grid(hole, board, lookahead, ranker, rows), keep_signs=False)


def _counted(grid: OutcomeGrid, keep_signs: bool = True) -> HoldingOutcomes:
    """The :class:`HoldingOutcomes` of a grid: each row's signs summed (in place unless ``keep_signs``)."""
    now = grid.now
    if grid.tables.lookahead == 0:
        later = np.zeros((len(now), 3), dtype=np.int32)
        later[np.arange(len(now)), now] = 1
        return HoldingOutcomes(grid.holdings, now, later, 1)
    signs = grid.signs
    net = signs.sum(axis=1, dtype=np.int32)
    decided = np.abs(signs, out=signs.copy() if keep_signs else signs).sum(axis=1, dtype=np.int32)
    ahead = (decided - net) // 2 - grid.tables.overlapping
    behind = (decided + net) // 2
    later = np.stack([ahead, grid.tables.runouts - ahead - behind, behind], axis=1)
    return HoldingOutcomes(grid.holdings, now, later, grid.tables.runouts)


def tally(hole: Sequence[int], board: Sequence[int], lookahead: int, sets: np.ndarray,
          ranker: type[HandRanker] = HandRanker) -> Tally:
    """:func:`holding_outcomes` weighed by the weight ``sets`` (shape (k, 1326)).

    Only the opponent holdings with weight in some set are enumerated, so the work follows the range.
    With nothing to come (``lookahead`` 0), the counts are the memoized values of :func:`board_values`
    weighed directly (:func:`showdown_counts`).
    """
    if lookahead == 0:
        now = showdown_counts(hole, board, sets, ranker)
        return Tally(now=now, transitions=now[:, :, np.newaxis] * np.eye(3), runouts=1)  # nothing changes
    cards = unseen_cards([*hole, *board])
    tables = enumeration_tables(len(cards), lookahead)
    numbers = pair_numbers(np.take(cards, tables.pair_first), np.take(cards, tables.pair_second))
    weighted = np.asarray(sets).reshape(-1, HOLDING_COUNT)[:, numbers].any(axis=0)
    rows = None if weighted.all() else np.flatnonzero(weighted)
    return holding_outcomes(hole, board, lookahead, ranker, rows).weigh(sets)


# ------------------------------------------------------------------------------------ every holding on a board
BOARD_MEMO_SIZE = 1024
"""How many boards (per ranker class) :func:`board_values` remembers, least recently used first out: at
about 4 KB a board, some 4 MB at most."""


@frozen(eq=False)
class BoardValues:
    """The value of every holding on one board, as the ranker ranks the board's cards with the holding.

    ``values``: 1,326 int16 values in holding order (read-only), 0 for the holdings that touch the board
    (they never meet it: mask them with ``free``; ``values.item(n)`` reads one as a Python int); ``free``:
    read-only, which holdings share no card with the board; ``mask``: the board's card mask (bit i for
    card index i, as :data:`~poker.cards.holdings.CARD_MASKS`).
    """

    board: tuple[int, ...]
    values: np.ndarray = field(converter=read_only)
    free: np.ndarray = field(converter=read_only)
    mask: int

    def weigh(self, hole: Sequence[int], sets: np.ndarray) -> np.ndarray:
        """Shape (k, 3): per weight set (shape (k, 1326)), the weight of the holdings free of every known
        card that the holding ``hole`` is ahead of, tied with and behind: three weighted sums, nothing ranked."""
        values = self.values
        mine = values[NUMBER_OF_PAIR[hole[0]][hole[1]]]
        meets = self.free & ((HOLDING_MASKS & ((1 << hole[0]) | (1 << hole[1]))) == 0)
        weights = np.asarray(sets, dtype=np.float64).reshape(-1, HOLDING_COUNT) * meets
        return np.stack([weights @ (values < mine), weights @ (values == mine), weights @ (values > mine)], axis=1)


@functools.lru_cache(maxsize=BOARD_MEMO_SIZE)
def memoized_board_values(ranker: type[HandRanker], board: tuple[int, ...]) -> BoardValues:
    """The memo behind :func:`board_values`, keyed by the ranker class and the sorted board.

    A ranker subclass is its own key, so it never reads another class's values, and it is asked once per
    board (one ``ranker.rank_many`` call of the 1,081, 1,128 or 1,176 holdings free of the board) until
    the board falls out of the memo. ``memoized_board_values.cache_clear()`` empties it;
    ``cache_info()`` counts hits and misses.
    """
    mask = sum(1 << card for card in board)
    free = (HOLDING_MASKS & mask) == 0
    numbers = np.flatnonzero(free)  # ascending: the pairs of unseen cards in combinations order
    cards = unseen_cards(board)
    tables = enumeration_tables(len(cards), 0)
    values = np.zeros(HOLDING_COUNT, dtype=np.int16)
    values[numbers] = ranker.rank_many(card_columns(board, np.take(cards, tables.pair_first),
                                                    np.take(cards, tables.pair_second)), validate=False)
    return BoardValues(board, values, free, mask)


def board_values(board: Sequence[int], ranker: type[HandRanker] = HandRanker) -> BoardValues:
    """The value of every holding on ``board`` (3 to 5 distinct card indices, in any order), memoized.

    Every single-hand question on a board with nothing to come (:class:`~poker.stats.player.Player` on the
    river, or any street with ``lookahead=0``; :func:`hand_strength`) and the values *now* of every
    look-ahead read their values here: the first question on a board ranks its holdings once, by one
    ``ranker.rank_many`` call, and later ones on the same board (a bot asking its hand against each
    opponent's range, or re-weighting every holding) gather from the memo. The memo is per ranker class
    (a counting ranker sees one call per new board) and bounded (:data:`BOARD_MEMO_SIZE` boards, least
    recently used first out).

    >>> from poker.cards.card import parse_cards
    >>> from poker.cards.holdings import holding_index
    >>> known = board_values([card.index for card in parse_cards('Kd 7c 2h 9s 9h')])
    >>> int(known.free.sum()), HandRanker.describe(known.values.item(holding_index(49, 50)))  # AdAh
    (1081, 'Two Pair, Aces and Nines')
    """
    return memoized_board_values(ranker, tuple(sorted(board)))  # type: ignore[arg-type]  # (a class is hashable)


def showdown_counts(hole: Sequence[int], board: Sequence[int], sets: np.ndarray,
                    ranker: type[HandRanker] = HandRanker) -> np.ndarray:
    """Shape (k, 3): per weight set (shape (k, 1326)), the weight of the opponent holdings ``hole`` is ahead
    of, tied with and behind on ``board`` as it is, over the holdings free of every known card.

    Nothing is ranked on a board already in the memo (:func:`board_values`): :meth:`BoardValues.weigh`.
    """
    return board_values(board, ranker).weigh(hole, sets)


# ------------------------------------------------------------------------------------ ranges against ranges
@frozen(eq=False)
class RangeTally:
    """What :func:`range_tally` counts for every hero holding with weight, against the opponent's weights.

    ``holdings``: the hero's holding numbers (ascending); ``now[i]``: the weighted opponent holdings
    hero holding i is ahead of, tied with and behind now; ``transitions[i, a, b]``: the weighted
    (opponent holding, runout) pairs going from outcome a now to outcome b after the runout (both only
    over opponent holdings that share no card with hero holding i); ``score[i, r]`` and ``total[i, r]``:
    after runout r, the weighted opponent holdings beaten plus half those tied, and all of them
    (0 where the runout holds one of hero holding i's cards); ``runouts``: runouts per (hero,
    opponent) pair. ``transitions`` is None when the caller did not ask for them (the strength tables).
    """

    holdings: np.ndarray
    now: np.ndarray
    transitions: np.ndarray | None
    score: np.ndarray
    total: np.ndarray
    runouts: int


def _rank_counts(values: np.ndarray, valid: np.ndarray) -> tuple[np.ndarray, int]:
    """Per row of ``values`` (hand values, below 7,463): ``counts[r, v]``, how many distinct valid values
    of row r are at most v, flattened; and the most distinct values in a row.

    An opponent holding of value v then has the 1-based rank ``counts[r, v]`` among the opponent values
    of its row, and a hero holding of value v finds ``counts[r, v - 1]`` opponent ranks below it and
    ``counts[r, v]`` at most equal to it: no sort, a presence table summed along.
    """
    rows = values.shape[0]
    present = np.zeros((rows, 7464), dtype=bool)
    present[np.nonzero(valid)[0], values[valid]] = True
    counts = np.cumsum(present, axis=1, dtype=np.int16)  # at most 1,326 distinct values in a row
    return counts.ravel(), int(counts[:, -1].max()) if rows else 0


def hero_by_hero(board: Sequence[int], lookahead: int, hero: np.ndarray, opponent: np.ndarray,
                 ranker: type[HandRanker] = HandRanker) -> RangeTally:
    """:func:`range_tally` for a few hero holdings: each one through the single-hand kernel
    (:func:`outcome_grid`, the engine of :class:`~poker.stats.player.Player`), over the opponent holdings with
    weight only. ``score`` and ``total`` then have a column per runout of the cards the hero does not
    hold (the same values, other columns)."""
    cards = unseen_cards(board)
    tables = enumeration_tables(len(cards), lookahead)
    numbers = pair_numbers(np.take(cards, tables.pair_first), np.take(cards, tables.pair_second))
    numbers = numbers[np.asarray(hero)[numbers] > 0]
    weights = np.asarray(opponent, dtype=np.float64)
    now, transitions, scores, totals = [], [], [], []
    for number in numbers.tolist():
        low, high = _HOLDING_CARDS[number]
        unseen = unseen_cards([low, high, *board])
        inner = enumeration_tables(len(unseen), lookahead)
        mine = pair_numbers(np.take(unseen, inner.pair_first), np.take(unseen, inner.pair_second))
        rows = np.flatnonzero(weights[mine] > 0)
        grid = outcome_grid([low, high], board, lookahead, ranker, rows)
        counted = _counted(grid)
        result = counted.weigh(weights)
        now.append(result.now[0])
        transitions.append(result.transitions[0])
        w = weights[grid.holdings]
        if lookahead:
            # per runout column: opponent holdings free of it (the sentinel marks the others) and their outcomes
            free = inner.grid[rows] != inner.subsets.shape[1]
            signs = np.where(free, grid.signs, 0).astype(np.float64)
            total = w @ free
            scores.append((total - w @ signs) / 2)
            totals.append(total)
        else:
            scores.append(np.array([result.now[0][AHEAD] + result.now[0][TIED] / 2]))
            totals.append(np.array([result.now[0].sum()]))
    width = max((len(t) for t in totals), default=1)
    return RangeTally(holdings=numbers, now=np.array(now).reshape(-1, 3),
                      transitions=np.array(transitions).reshape(-1, 3, 3),
                      score=np.array(scores).reshape(-1, width), total=np.array(totals).reshape(-1, width),
                      runouts=math.comb(len(cards) - 4, lookahead))


@frozen(eq=False)
class _Spot:
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

    def whole_opponent(self) -> _Spot:
        """The same spot with every opponent holding with weight weighing 1 (counts exact zeros)."""
        return _spot(self.board, self.lookahead, self.hero_all, (self.opponent_all > 0).astype(np.float64))

    def support(self, ranker: type[HandRanker]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                                          np.ndarray, np.ndarray, np.ndarray]:
        """The holdings with weight on either side, as the narrow and grid passes lay them out: ``used``
        (their rows among the pairs), ``hero_at`` and ``opponent_at`` (positions in ``used``), the
        opponent's weights ``w``, their cards ``low`` and ``high``, and their values ``now``."""
        used = np.flatnonzero((self.hero > 0) | (self.opponent > 0))  # rows of the C(n, 2) holdings ranked
        hero_at = np.flatnonzero(self.hero[used] > 0)  # positions in `used`
        opponent_at = np.flatnonzero(self.opponent[used] > 0)
        w = self.opponent[used][opponent_at]
        low, high = np.take(self.cards, self.tables.pair_first[used]), np.take(self.cards, self.tables.pair_second[used])
        now = board_values(self.board, ranker).values[self.numbers[used]]
        return used, hero_at, opponent_at, w, low, high, now


def _spot(board: Sequence[int], lookahead: int, hero: np.ndarray, opponent: np.ndarray) -> _Spot:
    """The :class:`_Spot` of a board, a look-ahead and two sets of 1,326 weights."""
    cards = unseen_cards(board)
    tables = enumeration_tables(len(cards), lookahead)
    numbers = pair_numbers(np.take(cards, tables.pair_first), np.take(cards, tables.pair_second))
    hero_all, opponent_all = np.asarray(hero, dtype=np.float64), np.asarray(opponent, dtype=np.float64)
    return _Spot(board, lookahead, cards, tables, numbers, hero_all[numbers], opponent_all[numbers], hero_all,
                 opponent_all)


def range_tally(board: Sequence[int], lookahead: int, hero: np.ndarray, opponent: np.ndarray,
                ranker: type[HandRanker] = HandRanker, *, transitions: bool = True) -> RangeTally:
    """Every hero holding with weight against the opponent's weights on ``board``, in one pass.

    Three passes count the same numbers; what is to come, the support of the weights and what is asked
    choose one:

    * with nothing to come (the river, or ``lookahead=0``): :func:`_sorted_tally`, one sort of every
      holding's value (about 0.4 ms on a river, whatever the ranges: against ``QQ+, AKs`` the narrow
      pass below takes 0.3 ms for 20 hero holdings but 0.9 ms for all of them);
    * an opponent range with at most :data:`NARROW_OPPONENTS` holdings with weight:
      :func:`_narrow_tally` (direct comparisons; its cost follows the opponent's support);
    * when the ``transitions`` are not asked for (``transitions=False``; the strength tables need only
      the strength now and after each runout): :func:`_sorted_tally` (a sort per final board, every
      holding against every other at once);
    * else the shared grids below, the only wide pass that splits the runouts' outcomes by the outcome
      now.

    ``hero`` and ``opponent`` are 1,326 weights (holdings touching the board are ignored). The work
    follows the holdings with weight on either side, and what hero holdings share is done once:

    1. Each holding with weight is ranked on the board now and on every final board (board plus runout)
       it can meet, once (``ranker.rank_many``), whatever side it is on.
    2. Values become small ranks among the opponent's values: now, and per runout (a presence table
       per runout, summed along: no sort). For each block of runouts, the opponent's weights are spread
       over a 2-D grid (now rank x final rank) and summed cumulatively in both directions; each hero
       holding reads its 3x3 now/later counts from the grid at its own two ranks (opponent weaker,
       equal or stronger, now and later) in O(1). Whole-number weights are summed in int32.
    3. Card removal by inclusion-exclusion: the grid counts every opponent holding free of the runout,
       also those sharing a card with the hero holding, which hold one of the hero's two cards.
       Per runout (for the strength after it), a second grid by (card, final rank) takes them off. For
       the transitions, for each card the hero and opponent holdings holding it are compared pairwise
       (their final values on every runout at once) and subtracted; the hero's own holding, in both
       groups, is put right once more.
    4. With fractional weights, differences of sums leave rounding residue where a count is 0; a
       second pass with whole weights finds those zeros exactly.

    ``score`` and ``total`` have a column per runout of the board (0 where it holds a hero card).

    An opponent range with at most :data:`NARROW_OPPONENTS` holdings with weight goes through
    :func:`_narrow_tally` instead (the same counts, exactly; its cost follows the opponent's support).
    """
    spot = _spot(board, lookahead, hero, opponent)
    if lookahead == 0:
        return _sorted_tally(spot, ranker)
    if 0 < np.count_nonzero(spot.opponent) <= NARROW_OPPONENTS and np.any(spot.hero > 0):
        return _narrow_tally(spot, ranker)
    if not transitions:
        return _sorted_tally(spot, ranker)
    return _grid_tally(spot, ranker)


def _grid_tally(spot: _Spot, ranker: type[HandRanker] = HandRanker) -> RangeTally:
    """:func:`range_tally`'s shared grids (steps 1 to 4 of its docstring), with one or two cards to come."""
    board, lookahead, cards, tables, numbers = spot.board, spot.lookahead, spot.cards, spot.tables, spot.numbers
    opponent_weight = spot.opponent
    count = len(cards)
    first, second = tables.pair_first, tables.pair_second
    used, hero_at, opponent_at, w, low, high, now = spot.support(ranker)

    # runouts: every set of `lookahead` (1 or 2) unseen cards; with nothing to come the sorted pass counts
    runout_positions = tables.runout_positions
    runout_cards = np.take(cards, runout_positions)
    runout_masks = np.bitwise_or.reduce(np.left_shift(np.int64(1), runout_positions.astype(np.int64)), axis=0)
    runouts = len(runout_masks)
    holding_masks = (np.left_shift(np.int64(1), first[used].astype(np.int64))
                     | np.left_shift(np.int64(1), second[used].astype(np.int64)))
    valid = (runout_masks[:, np.newaxis] & holding_masks[np.newaxis, :]) == 0  # (runout, used holding)
    shape = valid.shape
    final = np.zeros(shape, dtype=np.int16)
    final[valid] = ranker.rank_many(card_columns(
        board, *(np.broadcast_to(row[:, np.newaxis], shape)[valid] for row in runout_cards),
        np.broadcast_to(low, shape)[valid], np.broadcast_to(high, shape)[valid]), validate=False)
    # small ranks among the opponent's values: now over its holdings, later per runout
    opponent_valid, hero_valid = valid[:, opponent_at], valid[:, hero_at]
    now_counts, now_ranks = _rank_counts(now[np.newaxis, opponent_at], np.ones((1, len(opponent_at)), dtype=bool))
    final_counts, final_ranks = _rank_counts(final[:, opponent_at], opponent_valid)
    row_base = (np.arange(runouts) * 7464)[:, np.newaxis]
    opponent_rank = now_counts[now[opponent_at]]  # 1-based
    hero_below, hero_upto = now_counts[now[hero_at] - 1], now_counts[now[hero_at]]
    opponent_later = final_counts[row_base + final[:, opponent_at]]  # 1-based where valid
    hero_final = final[:, hero_at]

    heroes = len(hero_at)
    moves = np.zeros((heroes, 3, 3))
    score = np.zeros((runouts, heroes))  # transposed at the end: the blocks write whole rows
    total = np.zeros((runouts, heroes))
    hero_cards = (first[used][hero_at], second[used][hero_at])
    opponent_cards = (first[used][opponent_at], second[used][opponent_at])
    # -- 2. per runout, two cumulative grids of the opponent's weights: by (now rank, final rank) over
    # every opponent holding free of the runout, and by (card, final rank) over those holding each card
    width = final_ranks + 1
    # blocks of runouts small enough that the grids and the (runout, hero) arrays stay in cache
    block = max(1, min((1 << 22) // (width * (now_ranks + 1 + count)), (1 << 15) // max(1, len(hero_at))))
    # whole-number weights (uniform, or a range without fractions) are summed in int32: exact and fast
    whole = bool(np.all(w == np.round(w))) and float(w.sum()) < 2 ** 30
    grid_type = np.int32 if whole else np.float64
    trash_weights = np.where(opponent_valid, w[np.newaxis, :], 0.0)  # weight 0 where a runout card is held
    hero_below_cells = (hero_below * width).astype(np.int32)
    hero_upto_cells = (hero_upto * width).astype(np.int32)
    hero_card_cells = tuple(card_of.astype(np.int32) for card_of in hero_cards)
    for start in range(0, runouts, block):
        stop = min(runouts, start + block)
        size = stop - start
        weights = trash_weights[start:stop].ravel()
        later = opponent_later[start:stop]  # (size, opponents); 1-based ranks where valid
        run = np.arange(size)[:, np.newaxis]
        # one more slab of zeros after the block's runouts: a hero holding a runout card reads 0 there
        cells = size * (now_ranks + 1) * width
        grid = np.zeros((size + 1, now_ranks + 1, width), dtype=grid_type)
        grid[:size] = np.bincount(((run * (now_ranks + 1) + opponent_rank) * width + later).ravel(), weights=weights,
                                  minlength=cells)[:cells].reshape(size, now_ranks + 1, width)
        np.cumsum(grid, axis=1, out=grid)
        np.cumsum(grid, axis=2, out=grid)  # grid[r, i, j]: weight of now rank <= i and final rank <= j
        cells = size * count * width
        by_card = np.zeros((size + 1, count, width), dtype=grid_type)
        by_card[:size] = (np.bincount(((run * count + opponent_cards[0]) * width + later).ravel(), weights=weights,
                                      minlength=cells)[:cells]
                          + np.bincount(((run * count + opponent_cards[1]) * width + later).ravel(),
                                        weights=weights, minlength=cells)[:cells]).reshape(size, count, width)
        np.cumsum(by_card, axis=2, out=by_card)  # by_card[r, c, j]: weight holding card c, final rank <= j

        # every hero holding reads its cells on every runout of the block (the zero slab where not free);
        # indices in int32 (half the memory traffic of intp; every grid has fewer than 2**31 cells)
        slab = np.where(hero_valid[start:stop], run.astype(np.int32), np.int32(size))
        at_value = row_base[start:stop] + hero_final[start:stop]  # the hero's final value in its runout's row
        j_below, j_upto = np.take(final_counts, at_value - 1), np.take(final_counts, at_value)
        base = slab * np.int32((now_ranks + 1) * width)
        now_cuts = (base + hero_below_cells, base + hero_upto_cells, base + np.int32(now_ranks * width))
        later_cuts = (j_below, j_upto, final_ranks)
        flat = grid.ravel()
        cut = [[np.take(flat, a + b) for b in later_cuts] for a in now_cuts]  # opponent <, <=, any; now x later
        summed = np.array([[value.sum(axis=0) for value in row] for row in cut])  # (3, 3, heroes)
        now_band = (summed[0], summed[1] - summed[0], summed[2] - summed[1])  # opponent weaker now: we are AHEAD
        for a, band in enumerate(now_band):
            moves[:, a, :] += np.stack([band[0], band[1] - band[0], band[2] - band[1]], axis=1)
        below, up_to, every = cut[2]
        flat_card = by_card.ravel()
        slab_base = slab * np.int32(count)
        for card_of in hero_card_cells:  # minus the opponent holdings that hold one of our cards
            at = (slab_base + card_of) * np.int32(width)
            below = below - np.take(flat_card, at + j_below)
            up_to = up_to - np.take(flat_card, at + j_upto)
            every = every - np.take(flat_card, at + final_ranks)
        score[start:stop] = below + (up_to - below) / 2
        total[start:stop] = every

    # -- 3. card removal in the transitions: for each card, the hero and opponent holdings that hold it,
    # compared pairwise on every runout at once. A runout touching a holding gives it the sentinel 32767:
    # one touching only the hero's counts as ahead, one touching only the opponent's as behind (a fixed
    # number of each per pair, `extra`, taken off), one touching both as tied (left out of per_pair).
    big = np.int16(32767)
    # (holding, runout) layouts, so that each pairwise comparison below runs along contiguous runouts
    hero_final = np.ascontiguousarray(np.where(hero_valid, final[:, hero_at], big).T)
    opponent_final = np.ascontiguousarray(np.where(opponent_valid, final[:, opponent_at], big).T)
    hero_now, opponent_now = now[hero_at].astype(np.int16), now[opponent_at].astype(np.int16)
    hero_number, opponent_number = used[hero_at], used[opponent_at]
    same_sides = np.array_equal(hero_number, opponent_number)
    per_pair = math.comb(count - 3, lookahead)  # runouts free of three given cards
    extra = math.comb(count - 3, lookahead - 1)  # touching one given card of the three
    for card in range(count):
        mine = np.flatnonzero((hero_cards[0] == card) | (hero_cards[1] == card))
        theirs = np.flatnonzero((opponent_cards[0] == card) | (opponent_cards[1] == card))
        if not mine.size or not theirs.size:
            continue
        weight = np.where(hero_number[mine][:, np.newaxis] != opponent_number[theirs][np.newaxis, :],
                          w[theirs][np.newaxis, :], 0.0)  # never the hero's own holding: see below
        now_code = np.sign(opponent_now[theirs][np.newaxis, :] - hero_now[mine][:, np.newaxis]) + 1
        ours, others = hero_final[mine][:, np.newaxis, :], opponent_final[theirs][np.newaxis, :, :]
        beaten = (others < ours).sum(axis=2, dtype=np.int32)
        # the same holdings on both sides (a range against itself): what beats is what is beaten, transposed
        beating = beaten.T if same_sides else (others > ours).sum(axis=2, dtype=np.int32)
        ahead, behind = beaten - extra, beating - extra
        after = (ahead, per_pair - ahead - behind, behind)
        for a in range(3):
            in_band = np.where(now_code == a, weight, 0.0)
            for b in range(3):
                moves[mine, a, b] -= (in_band * after[b]).sum(axis=1)
    # the hero's own holding, if the opponent may hold it: in the runout grid once, in neither card
    # group above (transitions) but in both card grids (score and total)
    own = np.flatnonzero(opponent_weight[used][hero_at] > 0)
    if own.size:
        own_weight = opponent_weight[used][hero_at][own]
        moves[own, TIED, TIED] -= own_weight * math.comb(count - 2, lookahead)
        free = hero_valid[:, own] * own_weight[np.newaxis, :]
        score[:, own] += free / 2
        total[:, own] += free
    pairs = math.comb(count - 4, lookahead)
    now_counts, score, total = moves.sum(axis=2) / pairs, score.T, total.T
    if not whole:
        # fractional weights: the grids' differences leave rounding residue (1e-15, say) where the true
        # count is 0, which would turn 0/0 potentials into noise. The same pass with whole weights (1 per
        # opponent holding with weight) counts exactly; a weighted count is 0 exactly where that one is.
        support = _grid_tally(spot.whole_opponent(), ranker)
        now_counts = np.where(support.now > 0, np.maximum(now_counts, 0.0), 0.0)
        assert support.transitions is not None  # (asked for: the grids or the narrow pass)
        moves = np.where(support.transitions > 0, np.maximum(moves, 0.0), 0.0)
        score = np.where(support.score > 0, np.maximum(score, 0.0), 0.0)
        total = np.where(support.total > 0, np.maximum(total, 0.0), 0.0)
    return RangeTally(holdings=numbers[used][hero_at], now=now_counts, transitions=moves, score=score,
                      total=total, runouts=pairs)


@functools.cache
def _free_runouts(unknown: int, lookahead: int) -> np.ndarray:
    """``free[h, r]``: runout column r shares no position with holding h (the cached grid's non-sentinels)."""
    tables = enumeration_tables(unknown, lookahead)
    return read_only(tables.grid != tables.subsets.shape[1])


def _narrow_tally(spot: _Spot, ranker: type[HandRanker] = HandRanker) -> RangeTally:
    """:func:`range_tally` against a narrow opponent range (at most :data:`NARROW_OPPONENTS` holdings with
    weight): the same counts, in the same layout, at a cost that follows the opponent's support.

    The wide pass spreads the opponent's weights, per runout, over grids by value and by card, whatever
    their number. With K opponent holdings, comparing directly is cheaper:

    1. Every holding with weight is ranked (``ranker.rank_many``) on the board now and on every final
       board it can meet, laid out (holding, runout): with many holdings, each set of final cards is
       ranked once and gathered (as :func:`outcome_grid` does), with few each (holding, runout) hand.
    2. Each opponent holding against every hero holding on every runout at once (two int16 comparisons
       of the (hero, runout) values with the opponent's runout row, in blocks of hero holdings that stay
       in cache). Rows of hero holdings sharing a card with it are cleared: that is the card removal.
       Summed along the runouts, the comparisons give per (hero, opponent) pair the runouts won and won
       or tied, which with the outcome now and the weights make ``now`` and ``transitions``; summed over
       the opponents (in int8, per group of equal weights), the points for ``score``. ``total`` counts,
       per group, the opponent holdings free of each runout less those sharing a card with the hero.

    Every count is a sum of non-negative terms (no differences of sums), so it is exactly 0 where
    nothing counts, whatever the weights, and whole or half weights count exactly.
    """
    board, lookahead, cards, tables, numbers = spot.board, spot.lookahead, spot.cards, spot.tables, spot.numbers
    count = len(cards)
    first, second = tables.pair_first, tables.pair_second
    used, hero_at, opponent_at, w, low, high, now = spot.support(ranker)
    # -- 1. every holding with weight on every final board, laid out (holding, runout): the comparisons
    # below run along a hero holding's runouts, contiguous. The cached grid marks the runout columns
    # that share a card with a holding (its sentinel).
    if lookahead:
        valid = _free_runouts(count, lookahead)[used]  # (used holding, runout)
        shape = valid.shape
        sets = tables.subsets.shape[1]
        if valid.size > sets:
            # many holdings: a final hand is the board plus a set of 2 + lookahead unseen cards, reached by
            # several (holding, runout) splits: rank every set once, then gather (the sentinel set reads 0)
            values = set_values(board, board, tables, ranker)
            final = values[tables.grid if len(used) == len(tables.grid) else tables.grid[used]]
        else:  # few: rank each (holding, runout) hand
            runout_cards = np.take(cards, tables.runout_positions)
            final = np.zeros(shape, dtype=np.int16)  # 0 where the runout holds a card of the holding
            final[valid] = ranker.rank_many(card_columns(
                board, *(np.broadcast_to(row[np.newaxis, :], shape)[valid] for row in runout_cards),
                np.broadcast_to(low[:, np.newaxis], shape)[valid], np.broadcast_to(high[:, np.newaxis], shape)[valid]),
                validate=False)
    else:  # one empty runout
        valid = np.ones((len(used), 1), dtype=bool)
        final = now[:, np.newaxis].copy()
    runouts = valid.shape[1]
    hero_final, hero_valid = final[hero_at], valid[hero_at]
    opponent_valid = valid[opponent_at]
    # an opponent holding not free of the runout gets a sentinel no hero value reaches (hero values are
    # below 7,463, and the hero's 0 where it is not free is below every opponent value)
    theirs = np.where(opponent_valid, final[opponent_at], np.int16(32767))  # (opponent, runout)
    hero_now, opponent_now = now[hero_at].astype(np.int32), now[opponent_at].astype(np.int32)
    holding_masks = (np.left_shift(np.int64(1), first[used].astype(np.int64))
                     | np.left_shift(np.int64(1), second[used].astype(np.int64)))
    heroes, others = len(hero_at), len(opponent_at)
    disjoint = (holding_masks[hero_at][:, np.newaxis] & holding_masks[opponent_at][np.newaxis, :]) == 0

    # -- 2. each opponent holding against every hero holding, on every runout at once. Where they share
    # a card (card removal; about 90 hero holdings per opponent holding) the rows are cleared. Per
    # (hero, opponent) pair: the runouts the hero wins, and wins or ties (False where either holding is
    # not free); per (hero, runout): the points (2 a win, 1 a tie) against the opponents of each weight,
    # in int8 (at most 2 * NARROW_OPPONENTS < 128), then weighed.
    wins = np.zeros((heroes, others), dtype=np.int32)
    wins_or_ties = np.zeros((heroes, others), dtype=np.int32)
    score = np.empty(hero_final.shape)
    groups = [np.flatnonzero(w == weight) for weight in np.unique(w)]  # a uniform range is one group
    # blocks of hero holdings small enough that their values and the block's scratch stay in cache
    block = max(1, (1 << 17) // runouts)
    ahead, level = np.empty((block, runouts), dtype=bool), np.empty((block, runouts), dtype=bool)
    points = np.empty((block, runouts), dtype=np.int8)
    for start in range(0, heroes, block):
        stop = min(heroes, start + block)
        size = stop - start
        mine, gt, ge, got = hero_final[start:stop], ahead[:size], level[:size], points[:size]
        for group in groups:
            got.fill(0)
            for k in group.tolist():
                np.greater(mine, theirs[k], out=gt)
                np.greater_equal(mine, theirs[k], out=ge)
                touching = ~disjoint[start:stop, k]  # card removal: those rows count nothing
                gt[touching], ge[touching] = False, False
                got += gt.view(np.int8)
                got += ge.view(np.int8)
                wins[start:stop, k] = gt.view(np.int8).sum(axis=1, dtype=np.int16)  # at most 1,176 runouts
                wins_or_ties[start:stop, k] = ge.view(np.int8).sum(axis=1, dtype=np.int16)
            half = w[group[0]] / 2
            if group is groups[0]:
                np.multiply(got, half, out=score[start:stop])
            else:
                score[start:stop] += half * got
    # per (hero, runout): the weight of the disjoint opponent holdings free of the runout; per weight
    # group, how many of the group are free of it, less those sharing a card with the hero (int8)
    total = np.empty(hero_final.shape)
    for group in groups:
        free = np.repeat(opponent_valid[group].sum(axis=0, dtype=np.int8)[np.newaxis, :], heroes, axis=0)
        for k in group.tolist():
            free[~disjoint[:, k]] -= opponent_valid[k]
        free *= hero_valid
        if group is groups[0]:
            np.multiply(free, w[group[0]], out=total)
        else:
            total += w[group[0]] * free
    shared = np.where(disjoint, w[np.newaxis, :], 0.0)  # (hero, opponent)
    # transitions: each disjoint pair meets on `pairs` runouts; weighed by the opponent's weight and
    # sorted by the outcome now (opponent weaker now: we are AHEAD). Sums of products, like score and
    # total: exactly 0 where nothing is counted, whatever the weights.
    pairs = math.comb(count - 4, lookahead)
    code = np.sign(opponent_now[np.newaxis, :] - hero_now[:, np.newaxis]) + 1  # (hero, opponent): AHEAD 0 ...
    later = (wins, wins_or_ties - wins, pairs - wins_or_ties)
    transitions = np.zeros((heroes, 3, 3))
    now_counts = np.zeros((heroes, 3))
    for a in range(3):
        band = np.where(code == a, shared, 0.0)
        now_counts[:, a] = band.sum(axis=1)
        for b in range(3):
            transitions[:, a, b] = (band * later[b]).sum(axis=1)
    return RangeTally(holdings=numbers[used][hero_at], now=now_counts, transitions=transitions, score=score,
                      total=total, runouts=pairs)


# ------------------------------------------------------------------------- the sorted pass (no transitions)
@functools.cache
def runout_holdings(unknown: int, lookahead: int) -> np.ndarray:
    """``holdings[r]``: the rows (among the C(unknown, 2) holdings of positions) free of runout column r,
    ascending, shape (runout columns, C(unknown - lookahead, 2)).

    Ascending holding rows are the combinations order of the positions the runout leaves, so a row of
    values gathered with them is what :func:`~poker.kernel.showdowns.holding_showdowns` expects.
    """
    free = _free_runouts(unknown, lookahead)
    return read_only(np.nonzero(free.T)[1].reshape(free.shape[1], math.comb(unknown - lookahead, 2)))


def _weighted_showdowns(values: np.ndarray, weights: np.ndarray, pairs: tuple[np.ndarray, np.ndarray], cards: int
                     ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per holding (last axis; leading axes independent boards): the opponent weight it beats, ties, and
    can meet at all (the holdings sharing no card with it)."""
    if weights.size and weights.min() == weights.max():  # alike (every holding): counts, scaled
        beaten, tied = holding_showdowns(values)
        scale = float(weights.flat[0])
        met = np.full(values.shape, scale * math.comb(cards - 2, 2))
        return beaten * scale, tied * scale, met
    beaten, tied = holding_showdowns(values, weights)
    weights = np.broadcast_to(weights, values.shape)
    flat = weights.reshape(-1, values.shape[-1])
    offsets = (np.arange(len(flat)) * cards)[:, np.newaxis]
    per_card = (np.bincount((offsets + pairs[0]).ravel(), flat.ravel(), len(flat) * cards)
                + np.bincount((offsets + pairs[1]).ravel(), flat.ravel(), len(flat) * cards)).reshape(len(flat), cards)
    # every holding, less those holding either card (the holding itself is in both groups: added back once,
    # and so left out, as it should be: no one meets its own cards)
    met = flat.sum(axis=1, keepdims=True) - per_card[:, pairs[0]] - per_card[:, pairs[1]] + flat
    return beaten, tied, met.reshape(values.shape)


def _sorted_tally(spot: _Spot, ranker: type[HandRanker] = HandRanker) -> RangeTally:
    """:func:`range_tally` by sorting: every holding against every other on each final board at once.

    1. Every holding of two unseen cards has its value now from :func:`board_values`, and every set of
       final cards is ranked once (:func:`set_values`); per runout, the holdings free of it (:func:`runout_holdings`) read their
       final values from the sets.
    2. :func:`~poker.kernel.showdowns.holding_showdowns` sorts each board's values and finds, per holding, the
       opponent weight it beats and ties, card removal by inclusion-exclusion over the two cards; the
       weight it can meet is the whole less the weight holding either of its cards.

    This is the strength tables' engine (every holding against every holding, on every board): its cost
    is a few sorts per final board, whatever the weights. It gives the counts now and ``score``/``total``
    after each runout; the transitions (outcome now against outcome later, per opponent holding) need
    the grids, so they are None here unless nothing is to come (on the river the runout is the empty one
    and each outcome stays what it is).
    """
    board, lookahead, cards, tables, numbers = spot.board, spot.lookahead, spot.cards, spot.tables, spot.numbers
    opponent_weight = spot.opponent
    count = len(cards)
    heroes = np.flatnonzero(spot.hero > 0)
    pairs = (tables.pair_first, tables.pair_second)
    now_values = board_values(board, ranker).values[numbers]
    beaten, tied, met = _weighted_showdowns(now_values, opponent_weight, pairs, count)
    now = np.stack([beaten, tied, met - beaten - tied], axis=1)[heroes]
    if lookahead:
        holding_of = runout_holdings(count, lookahead)
        columns = np.arange(len(holding_of))[:, np.newaxis]
        final = set_values(board, board, tables, ranker)[tables.grid[holding_of, columns]]  # (runout, free holding)
        # per runout, the free holdings are the pairs of the positions it leaves, numbered 0.. among them
        local = pairs_of(count - lookahead)
        won, drawn, can_meet = _weighted_showdowns(final, opponent_weight[holding_of], (local[:, 0], local[:, 1]),
                                                count - lookahead)
        # laid out (holding, runout), 0 where the runout holds one of the holding's cards
        runouts = len(holding_of)
        cells = (holding_of * runouts + columns).ravel()
        score = np.zeros((len(numbers), runouts))
        total = np.zeros_like(score)
        score.ravel()[cells] = (won + drawn / 2).ravel()
        total.ravel()[cells] = can_meet.ravel()
        if len(heroes) < len(numbers):
            score, total = score[heroes], total[heroes]
    else:
        score, total = now[:, :1] + now[:, 1:2] / 2, now.sum(axis=1, keepdims=True)
    w = opponent_weight[opponent_weight > 0]
    if not (np.all(w == np.round(w)) and float(w.sum()) < 2 ** 52):
        # fractional weights: sums of sorted weights, differenced, leave rounding residue (1e-15, say)
        # where the true weight is 0. Counting with whole weights (1 per holding with weight) finds those
        # zeros exactly.
        support = _sorted_tally(spot.whole_opponent(), ranker)
        now = np.where(support.now > 0, np.maximum(now, 0.0), 0.0)
        score = np.where(support.score > 0, np.maximum(score, 0.0), 0.0)
        total = np.where(support.total > 0, np.maximum(total, 0.0), 0.0)
    steps: np.ndarray | None = None
    if lookahead == 0:  # the one empty runout: every outcome stays
        steps = np.zeros((len(heroes), 3, 3))
        steps[:, [0, 1, 2], [0, 1, 2]] = now
    return RangeTally(holdings=numbers[heroes], now=now, transitions=steps, score=score, total=total,
                      runouts=math.comb(count - 4, lookahead))
