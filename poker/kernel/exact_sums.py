"""Weighted counts summed exactly: one answer whatever the order of the additions.

A weighted count (the opponent weight a hand is ahead of, the weighted (holding, runout) pairs of a transition)
is a sum of weights, each taken a whole number of times. Summed in float64 as they come, fractional weights
give an answer that depends on the order of the additions: a matrix product, a walk up sorted values with card
removal and a sum over runouts first each round differently. So the engines sum them exactly, and round once:

* a weight set is split into whole-number pieces (:func:`whole_pieces`): every weight is ``2**exponent`` times a
  whole number (the smallest unit of the set's weights), written in base ``2**32``, one piece per digit;
* each piece is counted like whole weights, which float64 sums exactly in any order (a piece is below
  :data:`PIECE`, a set of at most 1,326 holdings below ``2**42.4``, and a hand meets each opponent holding on at
  most 1,081 runouts: every partial sum stays a whole number below ``2**53``);
* :func:`combine_pieces` puts the pieces' sums together, rounded once to the nearest float64 (ties to even):
  the exact sum, correctly rounded. Whole weights totalling less than :data:`WHOLE_LIMIT` are one piece: their
  counts are what they always were.

So :class:`~poker.stats.player.Player` (one hand, a matrix product per piece) and the range passes (every hand,
a walk per runout) give the same float64 numbers for the same weights, to the last bit.

>>> weights = np.array([0.1, 0.7, 0.2])
>>> 0.1 + 0.7 + 0.2, 0.2 + 0.7 + 0.1  # summed as they come: each order rounds its own way
(1.0, 0.9999999999999999)
>>> exponent, pieces = whole_pieces(weights)
>>> all(np.array_equal(piece, np.floor(piece)) for piece in pieces)
True
>>> ones = np.ones(3)
>>> [float(combine_pieces([piece @ ones for piece in pieces], exponent)),
...  float(combine_pieces([piece[::-1] @ ones for piece in pieces], exponent))]
[1.0, 1.0]
"""

from __future__ import annotations

import math

import numpy as np

__all__ = ['PIECE', 'WHOLE_LIMIT', 'combine_pieces', 'whole_pieces']

PIECE_BITS = 32
PIECE = 2.0 ** PIECE_BITS
"""Each piece of a weight set is a whole number below this."""

WHOLE_LIMIT = 1326 * PIECE
"""Whole weights totalling at most this are counted as they are (one piece; a set of pieces totals at most this
too): every count of them, also summed over the 1,081 runouts of a flop, stays a whole number below ``2**53``,
exact in float64."""


def whole_pieces(weights: np.ndarray) -> tuple[int, list[np.ndarray]]:
    """``weights`` (float64, finite, at least 0; any shape) as ``2**exponent * sum(pieces[p] * PIECE**(P - 1 - p))``:
    the exponent and the P pieces (new float64 arrays of whole numbers below :data:`PIECE`), the highest first.
    Whole weights totalling at most :data:`WHOLE_LIMIT` are one piece, themselves (exponent 0)."""
    if not weights.size:
        return 0, [weights.copy()]
    largest = float(weights.max())
    if largest <= 0.0:
        return 0, [weights.copy()]
    if largest * weights.size <= WHOLE_LIMIT and bool(np.all(weights == np.floor(weights))):
        return 0, [weights.copy()]
    # most often (an opponent model's weights, within 2**-11 of the largest): two pieces, the unit 2**-64 of the
    # largest's power of two; every weight a whole number of units if the low piece comes out whole
    exponent = math.frexp(largest)[1] - 2 * PIECE_BITS
    scaled = weights * 2.0 ** -exponent
    top = np.floor(scaled * 2.0 ** -PIECE_BITS)
    low = scaled - top * PIECE  # (exact: the low bits of a float64, whole or not)
    if bool(np.all(low == np.floor(low))):
        return exponent, [top, low]
    smallest = float(np.min(weights, where=weights > 0, initial=largest))
    # w = m * 2**e with 0.5 <= m < 1 and 53 bits of m, so w / 2**(e - 53) is whole; e grows with w
    exponent = math.frexp(smallest)[1] - 53
    bits = math.frexp(largest)[1] - exponent
    scaled = weights * 2.0 ** -exponent  # whole numbers below 2**bits (exact: a power of two)
    pieces = []
    for digit in range((bits + PIECE_BITS - 1) // PIECE_BITS - 1, -1, -1):
        if not digit:
            pieces.append(scaled)
            break
        top = np.floor(scaled * 2.0 ** (-PIECE_BITS * digit))
        pieces.append(top)
        scaled = scaled - top * 2.0 ** (PIECE_BITS * digit)  # the digits below (exact: the low bits of a float64)
    return exponent, pieces


def combine_pieces(sums: list[np.ndarray], exponent: int, *, rounded_once: bool = True) -> np.ndarray:
    """The exact ``2**exponent * sum(sums[p] * PIECE**(P - 1 - p))`` rounded once to float64 (to nearest, ties to
    even), for the sums of :func:`whole_pieces`' pieces (whole or half numbers below ``2**53``, arrays of one
    shape): one float64 addition for two pieces (its one rounding is the correct one), Python's whole numbers for
    more. ``rounded_once`` False takes float64 steps for more than two pieces too (fast on large arrays, each step
    rounded: exact zeros stay 0)."""
    if len(sums) == 1:
        return np.ldexp(np.asarray(sums[0], dtype=np.float64), exponent)
    if len(sums) == 2 or not rounded_once:
        combined = np.asarray(sums[0], dtype=np.float64)
        for piece in sums[1:]:
            combined = combined * PIECE + piece
        return np.ldexp(combined, exponent)
    shape = np.shape(sums[0])
    columns = [np.ravel(np.asarray(piece, dtype=np.float64) * 2).tolist() for piece in sums]  # (halves made whole)
    values = []
    for digits in zip(*columns):
        exact = 0
        for digit in digits:
            exact = (exact << PIECE_BITS) + int(digit)
        values.append(float(exact))  # Python rounds a whole number to the nearest float64, ties to even
    return np.ldexp(np.array(values, dtype=np.float64).reshape(shape), exponent - 1)
