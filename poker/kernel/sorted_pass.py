"""The sorted range pass: every holding against every other on each final board at once, by sorting.

1. Every holding of two unseen cards has its value now from
   :func:`~poker.kernel.board_memo.board_values`, and every set of final cards is ranked once
   (:func:`~poker.kernel.positions.set_values`); per runout, the holdings free of it
   (:func:`~poker.kernel.positions.runout_holdings`) read their final values from the sets.
2. :func:`~poker.kernel.showdowns.holding_showdowns` sorts each board's values and finds, per holding,
   the opponent weight it beats and ties, card removal by inclusion-exclusion over the two cards; the
   weight it can meet is the whole less the weight holding either of its cards.

This is the strength tables' engine (every holding against every holding, on every board): its cost is a
few sorts per final board, whatever the weights. It gives the counts now and ``score``/``total`` after
each runout; the transitions (outcome now against outcome later, per opponent holding) need the other
passes, so they are None here unless nothing is to come (on the river the runout is the empty one and
each outcome stays what it is).
"""

from __future__ import annotations

import math

import numpy as np

from ..ranking.ranker import HandRanker
from .board_memo import read_board_values
from .positions import runout_holdings, set_values
from .range_spot import RangeTally, Spot, exact_zeros
from .showdowns import holding_showdowns, pairs_of

__all__ = ['sorted_tally']


def sorted_tally(spot: Spot, ranker: type[HandRanker] = HandRanker) -> RangeTally:
    """:func:`~poker.kernel.range_passes.range_tally` by sorting (the module's steps 1 and 2); ``transitions``
    only when nothing is to come."""
    count = len(spot.cards)
    heroes = np.flatnonzero(spot.hero > 0)
    pairs = (spot.tables.pair_first, spot.tables.pair_second)
    now_values = read_board_values(spot.board, ranker).values[spot.numbers]
    beaten, tied, met = _weighted_showdowns(now_values, spot.opponent, pairs, count)
    now = np.stack([beaten, tied, met - beaten - tied], axis=1)[heroes]
    if spot.lookahead:
        score, total = _after_runouts(spot, heroes, ranker)
    else:
        score, total = now[:, :1] + now[:, 1:2] / 2, now.sum(axis=1, keepdims=True)
    w = spot.opponent[spot.opponent > 0]
    if not (np.all(w == np.round(w)) and float(w.sum()) < 2 ** 52):
        # fractional weights: sums of sorted weights, differenced, leave rounding residue where the true
        # weight is 0; the same pass with whole weights finds those zeros exactly
        whole = sorted_tally(spot.whole_opponent(), ranker)
        now, score, total = exact_zeros(now, whole.now), exact_zeros(score, whole.score), exact_zeros(total, whole.total)
    steps: np.ndarray | None = None
    if spot.lookahead == 0:  # the one empty runout: every outcome stays
        steps = np.zeros((len(heroes), 3, 3))
        steps[:, [0, 1, 2], [0, 1, 2]] = now
    return RangeTally(holdings=spot.numbers[heroes], now=now, transitions=steps, score=score, total=total,
                      runouts=math.comb(count - 4, spot.lookahead), method='sorted')


def _after_runouts(spot: Spot, heroes: np.ndarray, ranker: type[HandRanker]) -> tuple[np.ndarray, np.ndarray]:
    """``score`` and ``total`` of the ``heroes`` rows, laid out (holding, runout): every runout's showdowns
    at once, 0 where the runout holds one of the holding's cards."""
    count, lookahead, tables = len(spot.cards), spot.lookahead, spot.tables
    holding_of = runout_holdings(count, lookahead)
    columns = np.arange(len(holding_of))[:, np.newaxis]
    final = set_values(spot.board, spot.board, tables, ranker)[tables.grid[holding_of, columns]]  # (runout, free holding)
    # per runout, the free holdings are the pairs of the positions it leaves, numbered 0.. among them
    local = pairs_of(count - lookahead)
    won, drawn, can_meet = _weighted_showdowns(final, spot.opponent[holding_of], (local[:, 0], local[:, 1]),
                                               count - lookahead)
    runouts = len(holding_of)
    cells = (holding_of * runouts + columns).ravel()
    score = np.zeros((len(spot.numbers), runouts))
    total = np.zeros_like(score)
    score.ravel()[cells] = (won + drawn / 2).ravel()
    total.ravel()[cells] = can_meet.ravel()
    if len(heroes) < len(spot.numbers):
        score, total = score[heroes], total[heroes]
    return score, total


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
