"""The narrow range pass: a few opponent holdings, each compared directly with every hero holding.

The grid pass spreads the opponent's weights, per runout, over grids by value and by card, whatever
their number. With K opponent holdings (at most :data:`NARROW_LIMIT`), comparing directly is cheaper:

1. Every holding with weight is ranked (``ranker.rank_many``) on the board now and on every final board
   it can meet, laid out (holding, runout): with many holdings, each set of final cards is ranked once
   and gathered (as :func:`~poker.kernel.one_hand.outcome_grid` does), with few each (holding, runout)
   hand.
2. Each opponent holding against every hero holding on every runout at once (two int16 comparisons of
   the (hero, runout) values with the opponent's runout row, in blocks of hero holdings that stay in
   cache). Rows of hero holdings sharing a card with it are cleared: that is the card removal. Summed
   along the runouts, the comparisons give per (hero, opponent) pair the runouts won and won or tied,
   which with the outcome now and the weights make ``now`` and ``transitions``; summed over the
   opponents (in int8, per group of equal weights), the points for ``score``. ``total`` counts, per
   group, the opponent holdings free of each runout less those sharing a card with the hero.

Every count is a sum of non-negative terms (no differences of sums), so it is exactly 0 where nothing
counts, whatever the weights, and whole or half weights count exactly.
"""

from __future__ import annotations

import math

import numpy as np

from ..ranking.ranker import HandRanker, card_columns
from .positions import free_runouts, set_values
from .range_spot import RangeTally, Spot, Support

__all__ = ['NARROW_LIMIT', 'narrow_tally']

NARROW_LIMIT = 63
"""The most opponent holdings with weight the narrow pass can count: it sums points (2 a win, 1 a tie)
over the opponent holdings of one weight in int8, so 2 x 63 = 126 is the most a sum reaches."""


def narrow_tally(spot: Spot, ranker: type[HandRanker] = HandRanker) -> RangeTally:
    """:func:`~poker.kernel.range_passes.range_tally` against at most :data:`NARROW_LIMIT` opponent holdings
    with weight (the module's steps 1 and 2): the same counts, in the same layout, at a cost that follows
    the opponent's support."""
    support = spot.support(ranker)
    valid, final = _final_values(spot, support, ranker)
    hero_at, opponent_at, w = support.hero_at, support.opponent_at, support.weights
    hero_final, hero_valid = final[hero_at], valid[hero_at]
    opponent_valid = valid[opponent_at]
    # an opponent holding not free of the runout gets a sentinel no hero value reaches (hero values are
    # below 7,463, and the hero's 0 where it is not free is below every opponent value)
    theirs = np.where(opponent_valid, final[opponent_at], np.int16(32767))  # (opponent, runout)
    disjoint = (support.masks[hero_at][:, np.newaxis] & support.masks[opponent_at][np.newaxis, :]) == 0
    groups = [np.flatnonzero(w == weight) for weight in np.unique(w)]  # a uniform range is one group
    wins, wins_or_ties, score = _compare(hero_final, theirs, disjoint, w, groups)
    total = _free_weight(opponent_valid, hero_valid, disjoint, w, groups)
    pairs = math.comb(len(spot.cards) - 4, spot.lookahead)
    now_counts, transitions = _transitions(support, disjoint, wins, wins_or_ties, pairs)
    return RangeTally(holdings=spot.numbers[support.used][hero_at], now=now_counts, transitions=transitions,
                      score=score, total=total, runouts=pairs, method='narrow')


def _final_values(spot: Spot, support: Support, ranker: type[HandRanker]) -> tuple[np.ndarray, np.ndarray]:
    """Step 1: per holding with weight (``support.used``) and runout column, whether the runout is free of
    the holding, and the holding's final value (0 where it is not), laid out (holding, runout) so that the
    comparisons run along a hero holding's runouts, contiguous. With nothing to come, the one empty runout."""
    used, tables = support.used, spot.tables
    if not spot.lookahead:
        return np.ones((len(used), 1), dtype=bool), support.now[:, np.newaxis].copy()
    valid = free_runouts(len(spot.cards), spot.lookahead)[used]  # (used holding, runout): the grid's non-sentinels
    shape = valid.shape
    if valid.size > tables.subsets.shape[1]:
        # many holdings: a final hand is the board plus a set of 2 + lookahead unseen cards, reached by
        # several (holding, runout) splits: rank every set once, then gather (the sentinel set reads 0)
        values = set_values(spot.board, spot.board, tables, ranker)
        return valid, values[tables.grid if len(used) == len(tables.grid) else tables.grid[used]]
    # few: rank each (holding, runout) hand
    runout_cards = np.take(spot.cards, tables.runout_positions)
    final = np.zeros(shape, dtype=np.int16)  # 0 where the runout holds a card of the holding
    final[valid] = ranker.rank_many(card_columns(
        spot.board, *(np.broadcast_to(row[np.newaxis, :], shape)[valid] for row in runout_cards),
        np.broadcast_to(support.low[:, np.newaxis], shape)[valid],
        np.broadcast_to(support.high[:, np.newaxis], shape)[valid]), validate=False)
    return valid, final


def _compare(hero_final: np.ndarray, theirs: np.ndarray, disjoint: np.ndarray, w: np.ndarray,
             groups: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Step 2: each opponent holding against every hero holding, on every runout at once.

    Where they share a card (card removal; about 90 hero holdings per opponent holding) the rows are
    cleared. Per (hero, opponent) pair: the runouts the hero wins, and wins or ties (False where either
    holding is not free); per (hero, runout): the points (2 a win, 1 a tie) against the opponents of each
    weight, in int8 (at most 2 * :data:`NARROW_LIMIT` < 128), then weighed into ``score``.
    """
    heroes, runouts = hero_final.shape
    wins = np.zeros((heroes, theirs.shape[0]), dtype=np.int32)
    wins_or_ties = np.zeros_like(wins)
    score = np.zeros(hero_final.shape)
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
    return wins, wins_or_ties, score


def _free_weight(opponent_valid: np.ndarray, hero_valid: np.ndarray, disjoint: np.ndarray, w: np.ndarray,
                 groups: list[np.ndarray]) -> np.ndarray:
    """``total``: per (hero, runout), the weight of the disjoint opponent holdings free of the runout; per
    weight group, how many of the group are free of it, less those sharing a card with the hero (int8)."""
    heroes = len(hero_valid)
    total = np.zeros(hero_valid.shape)
    for group in groups:
        free = np.repeat(opponent_valid[group].sum(axis=0, dtype=np.int8)[np.newaxis, :], heroes, axis=0)
        for k in group.tolist():
            free[~disjoint[:, k]] -= opponent_valid[k]
        free *= hero_valid
        if group is groups[0]:
            np.multiply(free, w[group[0]], out=total)
        else:
            total += w[group[0]] * free
    return total


def _transitions(support: Support, disjoint: np.ndarray, wins: np.ndarray, wins_or_ties: np.ndarray,
                 pairs: int) -> tuple[np.ndarray, np.ndarray]:
    """``now`` and ``transitions`` from the pairwise counts: each disjoint pair meets on ``pairs`` runouts,
    weighed by the opponent's weight and sorted by the outcome now (opponent weaker now: we are AHEAD).
    Sums of products, like ``score`` and ``total``: exactly 0 where nothing is counted, whatever the weights."""
    hero_now = support.now[support.hero_at].astype(np.int32)
    opponent_now = support.now[support.opponent_at].astype(np.int32)
    heroes = len(hero_now)
    shared = np.where(disjoint, support.weights[np.newaxis, :], 0.0)  # (hero, opponent)
    code = np.sign(opponent_now[np.newaxis, :] - hero_now[:, np.newaxis]) + 1  # (hero, opponent): AHEAD 0 ...
    later = (wins, wins_or_ties - wins, pairs - wins_or_ties)
    transitions = np.zeros((heroes, 3, 3))
    now_counts = np.zeros((heroes, 3))
    for a in range(3):
        band = np.where(code == a, shared, 0.0)
        now_counts[:, a] = band.sum(axis=1)
        for b in range(3):
            transitions[:, a, b] = (band * later[b]).sum(axis=1)
    return now_counts, transitions
