"""The compiled range pass: a whole range against a range in C, for HandRanker itself.

:func:`~poker.kernel.range_passes.range_tally` takes it under ``method='auto'`` when the ranker is
:class:`~poker.ranking.ranker.HandRanker` itself (``ranker.INLINE_RANKING``); a ranker subclass takes the
NumPy passes, which rank through its ``rank_many`` and which the tests compare with this one.

One call of ``poker.kernel._ranges.range_counts`` (``poker/kernel/_ranges.c`` says how) ranks every
holding on the board now and on every final board inline, sorts each final board's values, and walks them
once, keeping the weight below in all and per card (card removal by inclusion-exclusion, as the sorted pass
does): ``now``, ``score`` and ``total`` in the sorted pass's layout, and with the transitions a Fenwick tree
of the weight by value now (the split by the outcome now), the holdings sharing a card with the hero's
taken off through per-card bit sets of the holdings passed. Fractional weights reach it as whole pieces
(:func:`~poker.kernel.range_spot.by_pieces`, :mod:`~poker.kernel.exact_sums`); called with fractional weights
itself, it leaves rounding residue where a count is 0, which a second call with whole weights clears
(:func:`~poker.kernel.range_spot.exact_zeros`), as in the NumPy passes.
"""

from __future__ import annotations

import math

import numpy as np
from attrs import frozen

from . import _ranges
from .exact_sums import WHOLE_LIMIT, combine_pieces, whole_pieces
from .range_spot import RangeTally, Spot, by_pieces, exact_zeros

__all__ = ['compiled_board_strengths', 'compiled_counts', 'compiled_summary', 'compiled_tally']



def compiled_tally(spot: Spot, transitions: bool = True) -> RangeTally:
    """:func:`~poker.kernel.range_passes.range_tally` in C (HandRanker's values only): the same counts in the
    same layout; ``transitions`` False leaves them out while cards are to come (None), which saves most of
    the work."""
    heroes = np.flatnonzero(spot.hero > 0)
    rows = np.full(len(spot.numbers), -1, dtype=np.int32)
    rows[heroes] = np.arange(len(heroes), dtype=np.int32)
    lookahead = spot.lookahead
    columns = spot.tables.runout_positions.shape[1] if lookahead else 0
    now = np.empty((len(heroes), 3))
    score, total = np.empty((len(heroes), columns)), np.empty((len(heroes), columns))
    steps = np.empty((len(heroes), 3, 3)) if transitions and lookahead else None
    weights = np.ascontiguousarray(spot.opponent, dtype=np.float64)
    _ranges.range_counts(bytes(sorted(spot.board)), spot.cards.tobytes(), lookahead, weights, rows, now, score,
                         total, steps)
    if not lookahead:  # the one empty runout: the strength now is the final one, and every outcome stays
        score, total = now[:, :1] + now[:, 1:2] / 2, now.sum(axis=1, keepdims=True)
        steps = np.zeros((len(heroes), 3, 3))
        steps[:, [0, 1, 2], [0, 1, 2]] = now
    w = weights[weights > 0]
    if not (np.all(w == np.round(w)) and float(w.sum()) <= WHOLE_LIMIT):
        whole = compiled_tally(spot.whole_opponent(), transitions)
        now, score, total = exact_zeros(now, whole.now), exact_zeros(score, whole.score), exact_zeros(total, whole.total)
        if steps is not None and whole.transitions is not None:
            steps = exact_zeros(steps, whole.transitions)
    return RangeTally(holdings=spot.numbers[heroes], now=now, transitions=steps, score=score, total=total,
                      runouts=math.comb(len(spot.cards) - 4, lookahead), method='compiled')


@frozen(eq=False)
class RangeSummary:
    """What :func:`compiled_summary` counts: a :class:`~poker.kernel.range_spot.RangeTally` with, instead of
    ``score`` and ``total`` per runout, their sums over the runouts (``score_sum``, ``total_sum``) and that of
    ``total * strength ** 2`` (``squared_sum``), as :func:`~poker.stats.range_stats.summarise_runouts` makes them
    (whole weights: the same sums; that of the squares to rounding, summed in another order)."""

    holdings: np.ndarray
    now: np.ndarray
    transitions: np.ndarray
    score_sum: np.ndarray
    total_sum: np.ndarray
    squared_sum: np.ndarray
    runouts: int


def compiled_summary(spot: Spot) -> RangeSummary | None:
    """:func:`compiled_tally` with the transitions, cards to come and whole opponent weights (totalling less than
    2**40), the runouts summed in C rather than handed over one by one (on a flop every holding's 2 x 1,081 x
    1,081 numbers not written nor summed again in NumPy); None for any other spot (fractional weights need
    :func:`compiled_tally`'s exact zeros per runout)."""
    weights = np.ascontiguousarray(spot.opponent, dtype=np.float64)
    w = weights[weights > 0]
    if not spot.lookahead or not (np.all(w == np.round(w)) and float(w.sum()) <= WHOLE_LIMIT):
        return None
    return _summary(spot, weights)


def _summary(spot: Spot, weights: np.ndarray) -> RangeSummary:
    """One call of the compiled pass with the summaries (cards to come), against ``weights`` on the spot's pairs."""
    heroes = np.flatnonzero(spot.hero > 0)
    rows = np.full(len(spot.numbers), -1, dtype=np.int32)
    rows[heroes] = np.arange(len(heroes), dtype=np.int32)
    now, steps, summary = np.empty((len(heroes), 3)), np.empty((len(heroes), 3, 3)), np.empty((len(heroes), 3))
    _ranges.range_counts(bytes(sorted(spot.board)), spot.cards.tobytes(), spot.lookahead, weights, rows, now, None,
                         None, steps, summary=summary)
    return RangeSummary(spot.numbers[heroes], now, steps, summary[:, 0], summary[:, 1], summary[:, 2],
                        math.comb(len(spot.cards) - 4, spot.lookahead))


def compiled_counts(spot: Spot) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The hero holdings, ``now`` and ``transitions`` of :func:`compiled_tally` (a look-ahead of 0 gives the
    diagonal), summed exactly for any weights (:func:`~poker.kernel.range_spot.by_pieces`' numbers) without the
    per-runout numbers: one call per whole piece of the opponent's weights, with the summaries in C."""
    exponent, pieces = whole_pieces(spot.opponent)
    if not spot.lookahead:
        tally = by_pieces(spot, lambda part: compiled_tally(part))
        assert tally.transitions is not None
        return tally.holdings, tally.now, tally.transitions
    counted = [_summary(spot, np.ascontiguousarray(piece)) for piece in pieces]
    return (counted[0].holdings, combine_pieces([part.now for part in counted], exponent),
            combine_pieces([part.transitions for part in counted], exponent))


def compiled_board_strengths(boards: bytes, size: int, bins: int, hs: np.ndarray, equity: np.ndarray,
                             mean_squared: np.ndarray, histogram: np.ndarray | None, numbers: np.ndarray) -> None:
    """Every holding's HS, E[HS], E[HS^2] and final-strength histogram (``bins`` bins; None on the river) on each of
    ``boards`` (B boards of ``size`` sorted card indices, as bytes), against every holding, in one call of the
    compiled range pass: written into the (B, holdings) arrays given, the holdings off each board in holding order,
    their numbers into ``numbers`` (int64) (:func:`~poker.stats.boards.boards_strengths` for HandRanker itself)."""
    _ranges.board_strengths(boards, size, bins, hs, equity, mean_squared, histogram, numbers=numbers)
