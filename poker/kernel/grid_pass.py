"""The grid range pass: the opponent's weights spread per runout over cumulative grids, read by every hero
holding at its own ranks; the only wide pass that splits the runouts' outcomes by the outcome now.

The work follows the holdings with weight on either side, and what hero holdings share is done once:

1. Each holding with weight is ranked on the board now and on every final board (board plus runout) it
   can meet, once (``ranker.rank_many``), whatever side it is on.
2. Values become small ranks among the opponent's values: now, and per runout (a presence table per
   runout, summed along: no sort). For each block of runouts, the opponent's weights are spread over a
   2-D grid (now rank x final rank) and summed cumulatively in both directions; each hero holding reads
   its 3x3 now/later counts from the grid at its own two ranks (opponent weaker, equal or stronger, now
   and later) in O(1). Whole-number weights are summed in int32.
3. Card removal by inclusion-exclusion: the grid counts every opponent holding free of the runout, also
   those sharing a card with the hero holding, which hold one of the hero's two cards. Per runout (for
   the strength after it), a second grid by (card, final rank) takes them off. For the transitions, for
   each card the hero and opponent holdings holding it are compared pairwise (their final values on
   every runout at once) and subtracted; the hero's own holding, in both groups, is put right once more.
4. With fractional weights, differences of sums leave rounding residue where a count is 0; a second
   pass with whole weights finds those zeros exactly (:func:`~poker.kernel.range_spot.exact_zeros`).
"""

from __future__ import annotations

import math

import numpy as np
from attrs import frozen

from ..ranking.ranker import HandRanker, card_columns
from .exact_sums import WHOLE_LIMIT
from .outcomes import TIED
from .range_spot import RangeTally, Spot, Support, exact_zeros

__all__ = ['grid_tally']

_VALUES = 7464
"""One more than the largest hand value: the width of a presence table of values."""


def grid_tally(spot: Spot, ranker: type[HandRanker] = HandRanker) -> RangeTally:
    """:func:`~poker.kernel.range_passes.range_tally` by the shared grids (the module's steps 1 to 4)."""
    support = spot.support(ranker)
    valid, final = _final_values(spot, support, ranker)
    w = support.weights
    # whole-number weights (uniform, or a range without fractions) are summed in int32: exact and fast
    integral = bool(np.all(w == np.round(w)))
    whole = integral and float(w.sum()) < 2 ** 30
    layout = _Layout.of(spot, support, valid, final, np.int32 if whole else np.float64)
    moves, score, total = _runout_grids(layout)
    _take_shared_cards(spot, support, valid, final, moves)
    # the hero's own holding, if the opponent may hold it: in the runout grid once, in neither card
    # group of step 3 (transitions) but in both card grids (score and total)
    own = np.flatnonzero(spot.opponent[support.used][support.hero_at] > 0)
    if own.size:
        own_weight = spot.opponent[support.used][support.hero_at][own]
        moves[own, TIED, TIED] -= own_weight * math.comb(len(spot.cards) - 2, spot.lookahead)
        free = layout.hero_valid[:, own] * own_weight[np.newaxis, :]
        score[:, own] += free / 2
        total[:, own] += free
    pairs = math.comb(len(spot.cards) - 4, spot.lookahead)
    now_counts, score, total = moves.sum(axis=2) / pairs, score.T, total.T
    if not (integral and float(w.sum()) <= WHOLE_LIMIT):  # step 4: fractional weights (whole ones, as the exact
        # sums' pieces, are exact in float64): a weighted count is 0 exactly where the count with whole weights is
        exact = grid_tally(spot.whole_opponent(), ranker)
        assert exact.transitions is not None
        now_counts, moves = exact_zeros(now_counts, exact.now), exact_zeros(moves, exact.transitions)
        score, total = exact_zeros(score, exact.score), exact_zeros(total, exact.total)
    return RangeTally(holdings=spot.numbers[support.used][support.hero_at], now=now_counts, transitions=moves,
                      score=score, total=total, runouts=pairs, method='grid')


def _final_values(spot: Spot, support: Support, ranker: type[HandRanker]) -> tuple[np.ndarray, np.ndarray]:
    """Step 1: per runout (every set of ``lookahead`` unseen cards; the one empty runout with nothing to
    come) and holding with weight, whether they share no card, and the holding's final value (0 where
    they do), laid out (runout, holding)."""
    runout_positions = spot.tables.runout_positions
    runout_cards = np.take(spot.cards, runout_positions)
    runout_masks = np.bitwise_or.reduce(np.left_shift(np.int64(1), runout_positions.astype(np.int64)), axis=0)
    valid = (runout_masks[:, np.newaxis] & support.masks[np.newaxis, :]) == 0  # (runout, used holding)
    shape = valid.shape
    final = np.zeros(shape, dtype=np.int16)
    final[valid] = ranker.rank_many(card_columns(
        spot.board, *(np.broadcast_to(row[:, np.newaxis], shape)[valid] for row in runout_cards),
        np.broadcast_to(support.low, shape)[valid], np.broadcast_to(support.high, shape)[valid]), validate=False)
    return valid, final


def _rank_counts(values: np.ndarray, valid: np.ndarray) -> tuple[np.ndarray, int]:
    """Per row of ``values`` (hand values, below 7,463): ``counts[r, v]``, how many distinct valid values
    of row r are at most v, flattened; and the most distinct values in a row.

    An opponent holding of value v then has the 1-based rank ``counts[r, v]`` among the opponent values
    of its row, and a hero holding of value v finds ``counts[r, v - 1]`` opponent ranks below it and
    ``counts[r, v]`` at most equal to it: no sort, a presence table summed along.
    """
    rows = values.shape[0]
    present = np.zeros((rows, _VALUES), dtype=bool)
    present[np.nonzero(valid)[0], values[valid]] = True
    counts = np.cumsum(present, axis=1, dtype=np.int16)  # at most 1,326 distinct values in a row
    return counts.ravel(), int(counts[:, -1].max()) if rows else 0


@frozen(eq=False)
class _Layout:
    """Step 2's inputs: the small ranks of both sides, the cells the hero holdings read, the weights.

    Grids have ``now_ranks + 1`` rows (opponent rank now, 0 for none) and ``width`` columns (final rank,
    ``width - 1`` the most on any runout); card grids ``count`` rows, one per unseen position. Per
    runout r, ``final_counts[r * 7464 + v]`` is the number of distinct opponent values at most v
    (:func:`_rank_counts`). Arrays over runouts are (runout, holding).
    """

    count: int
    now_ranks: int
    final_ranks: int
    width: int
    final_counts: np.ndarray
    row_base: np.ndarray  # (runout, 1): the start of each runout's row of final_counts
    opponent_rank: np.ndarray  # 1-based rank now
    opponent_later: np.ndarray  # 1-based final rank where the runout is free of the holding
    opponent_cards: tuple[np.ndarray, np.ndarray]  # positions
    trash_weights: np.ndarray  # the opponent's weights, 0 where a runout card is held
    grid_type: type[np.integer] | type[np.floating]
    hero_valid: np.ndarray
    hero_final: np.ndarray
    hero_below_cells: np.ndarray  # int32: the grid offsets of the hero's ranks now (opponent below, at most equal)
    hero_upto_cells: np.ndarray
    hero_card_cells: tuple[np.ndarray, np.ndarray]  # int32 positions

    @classmethod
    def of(cls, spot: Spot, support: Support, valid: np.ndarray, final: np.ndarray,
           grid_type: type[np.integer] | type[np.floating]) -> _Layout:
        now, hero_at, opponent_at = support.now, support.hero_at, support.opponent_at
        opponent_valid, hero_valid = valid[:, opponent_at], valid[:, hero_at]
        now_counts, now_ranks = _rank_counts(now[np.newaxis, opponent_at], np.ones((1, len(opponent_at)), dtype=bool))
        final_counts, final_ranks = _rank_counts(final[:, opponent_at], opponent_valid)
        row_base = (np.arange(len(final)) * _VALUES)[:, np.newaxis]
        width = final_ranks + 1
        first, second = spot.tables.pair_first[support.used], spot.tables.pair_second[support.used]
        return cls(
            count=len(spot.cards), now_ranks=now_ranks, final_ranks=final_ranks, width=width,
            final_counts=final_counts, row_base=row_base, opponent_rank=now_counts[now[opponent_at]],
            opponent_later=final_counts[row_base + final[:, opponent_at]],
            opponent_cards=(first[opponent_at], second[opponent_at]),
            trash_weights=np.where(opponent_valid, support.weights[np.newaxis, :], 0.0), grid_type=grid_type,
            hero_valid=hero_valid, hero_final=final[:, hero_at],
            hero_below_cells=now_counts[now[hero_at] - 1].astype(np.int32) * np.int32(width),
            hero_upto_cells=now_counts[now[hero_at]].astype(np.int32) * np.int32(width),
            hero_card_cells=(first[hero_at].astype(np.int32), second[hero_at].astype(np.int32)))


def _runout_grids(layout: _Layout) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Step 2 and the per-runout half of step 3: the 3x3 counts of every hero holding over all runouts
    (before the card removal of the transitions), and ``score`` and ``total`` laid out (runout, hero)."""
    runouts, heroes = layout.hero_final.shape
    moves = np.zeros((heroes, 3, 3))
    score = np.zeros((runouts, heroes))  # transposed at the end: the blocks write whole rows
    total = np.zeros((runouts, heroes))
    # blocks of runouts small enough that the grids and the (runout, hero) arrays stay in cache
    block = max(1, min((1 << 22) // (layout.width * (layout.now_ranks + 1 + layout.count)),
                       (1 << 15) // max(1, heroes)))
    for start in range(0, runouts, block):
        stop = min(runouts, start + block)
        grid, by_card = _block_grids(layout, start, stop)
        score[start:stop], total[start:stop] = _read_block(layout, start, stop, grid, by_card, moves)
    return moves, score, total


def _block_grids(layout: _Layout, start: int, stop: int) -> tuple[np.ndarray, np.ndarray]:
    """The two cumulative grids of the opponent's weights on runouts ``start`` to ``stop``: by (now rank,
    final rank) over every opponent holding free of the runout, and by (card, final rank) over those
    holding each card; each with one more slab of zeros after the block's runouts, where a hero holding
    that holds a runout card reads 0."""
    size, width, rows, count = stop - start, layout.width, layout.now_ranks + 1, layout.count
    weights = layout.trash_weights[start:stop].ravel()
    later = layout.opponent_later[start:stop]  # (size, opponents); 1-based ranks where valid
    run = np.arange(size)[:, np.newaxis]
    cells = size * rows * width
    grid = np.zeros((size + 1, rows, width), dtype=layout.grid_type)
    grid[:size] = np.bincount(((run * rows + layout.opponent_rank) * width + later).ravel(), weights=weights,
                              minlength=cells)[:cells].reshape(size, rows, width)
    np.cumsum(grid, axis=1, out=grid)
    np.cumsum(grid, axis=2, out=grid)  # grid[r, i, j]: weight of now rank <= i and final rank <= j
    cells = size * count * width
    by_card = np.zeros((size + 1, count, width), dtype=layout.grid_type)
    low, high = (np.bincount(((run * count + cards) * width + later).ravel(), weights=weights, minlength=cells)[:cells]
                 for cards in layout.opponent_cards)
    by_card[:size] = (low + high).reshape(size, count, width)
    np.cumsum(by_card, axis=2, out=by_card)  # by_card[r, c, j]: weight holding card c, final rank <= j
    return grid, by_card


def _read_block(layout: _Layout, start: int, stop: int, grid: np.ndarray, by_card: np.ndarray,
                moves: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every hero holding reads its cells on every runout of the block (the zero slab where not free):
    its 3x3 counts, added to ``moves``, and its ``score`` and ``total`` rows (the opponent holdings holding
    one of its cards taken off). Indices are int32: half the memory traffic of intp, and every grid has
    fewer than 2**31 cells."""
    size, width, count, final_ranks = stop - start, layout.width, layout.count, layout.final_ranks
    run = np.arange(size)[:, np.newaxis]
    slab = np.where(layout.hero_valid[start:stop], run.astype(np.int32), np.int32(size))
    at_value = layout.row_base[start:stop] + layout.hero_final[start:stop]  # the hero's value in its runout's row
    j_below, j_upto = np.take(layout.final_counts, at_value - 1), np.take(layout.final_counts, at_value)
    base = slab * np.int32((layout.now_ranks + 1) * width)
    now_cuts = (base + layout.hero_below_cells, base + layout.hero_upto_cells,
                base + np.int32(layout.now_ranks * width))
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
    for card_of in layout.hero_card_cells:  # minus the opponent holdings that hold one of our cards
        at = (slab_base + card_of) * np.int32(width)
        below = below - np.take(flat_card, at + j_below)
        up_to = up_to - np.take(flat_card, at + j_upto)
        every = every - np.take(flat_card, at + final_ranks)
    return below + (up_to - below) / 2, every


def _take_shared_cards(spot: Spot, support: Support, valid: np.ndarray, final: np.ndarray,
                       moves: np.ndarray) -> None:
    """Step 3 for the transitions: for each card, the hero and opponent holdings that hold it, compared
    pairwise on every runout at once, taken off ``moves``.

    A runout touching a holding gives it the sentinel 32767: one touching only the hero's counts as ahead,
    one touching only the opponent's as behind (a fixed number of each per pair, ``extra``, taken off), one
    touching both as tied (left out of ``per_pair``). The hero's own holding is in neither group here.
    """
    count, lookahead, w = len(spot.cards), spot.lookahead, support.weights
    hero_at, opponent_at = support.hero_at, support.opponent_at
    first, second = spot.tables.pair_first[support.used], spot.tables.pair_second[support.used]
    big = np.int16(32767)
    # (holding, runout) layouts, so that each pairwise comparison below runs along contiguous runouts
    hero_final = np.ascontiguousarray(np.where(valid[:, hero_at], final[:, hero_at], big).T)
    opponent_final = np.ascontiguousarray(np.where(valid[:, opponent_at], final[:, opponent_at], big).T)
    hero_now, opponent_now = support.now[hero_at].astype(np.int16), support.now[opponent_at].astype(np.int16)
    hero_number, opponent_number = support.used[hero_at], support.used[opponent_at]
    same_sides = np.array_equal(hero_number, opponent_number)
    per_pair = math.comb(count - 3, lookahead)  # runouts free of three given cards
    extra = math.comb(count - 3, lookahead - 1) if lookahead else 0  # touching one given card of the three
    for card in range(count):
        mine = np.flatnonzero((first[hero_at] == card) | (second[hero_at] == card))
        theirs = np.flatnonzero((first[opponent_at] == card) | (second[opponent_at] == card))
        if not mine.size or not theirs.size:
            continue
        weight = np.where(hero_number[mine][:, np.newaxis] != opponent_number[theirs][np.newaxis, :],
                          w[theirs][np.newaxis, :], 0.0)  # never the hero's own holding: see grid_tally
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
