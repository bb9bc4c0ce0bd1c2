"""Holding numbers: the one formula that numbers a pair of cards, and the 1,326 holdings as a table.

A *holding* is two distinct cards. Wherever an array of 1,326 weights or values is meant, holdings are
numbered in ``itertools.combinations(range(52), 2)`` order: ``2c2d`` (cards 0 and 1) is 0, ``AhAs``
(50 and 51) is 1,325. The same numbering serves any ``size`` items (the engine numbers pairs of
*positions* among the unseen cards with it):

    number(low, high) = low * (2 * size - low - 1) // 2 + high - low - 1      (low < high)

>>> holding_index(0, 1), holding_index(51, 50), int(HOLDINGS[1314][0]), int(HOLDINGS[1314][1])
(0, 1325, 46, 50)
>>> pair_numbers(np.array([0, 2]), np.array([3, 1]), size=4).tolist()   # pairs 03 and 12 of four items
[2, 3]
"""

from __future__ import annotations

import itertools

import numpy as np

from ..errors import CardParseError
from ..validators import index_below, shown

__all__ = ['CARD_MASKS', 'HOLDINGS', 'HOLDING_COUNT', 'HOLDING_MASKS', 'NUMBER_OF_PAIR', 'holding_index',
           'pair_numbers']

HOLDING_COUNT = 1326
"""The number of two-card holdings, C(52, 2)."""

HOLDINGS: np.ndarray = np.array(list(itertools.combinations(range(52), 2)), dtype=np.int8)
"""The 1,326 holdings as card-index pairs (low, high), in ``combinations(range(52), 2)`` order."""
HOLDINGS.flags.writeable = False


def pair_numbers(first: np.ndarray | int, second: np.ndarray | int, size: int = 52) -> np.ndarray:
    """The combinations-order numbers of the pairs ``(first, second)`` of ``range(size)``, in either order.

    Vectorised and unchecked (the caller passes distinct items below ``size``).
    """
    first, second = np.asarray(first, dtype=np.intp), np.asarray(second, dtype=np.intp)
    low, high = np.minimum(first, second), np.maximum(first, second)
    numbers: np.ndarray = low * (2 * size - low - 1) // 2 + high - low - 1
    return numbers


def holding_index(first: int, second: int) -> int:
    """The number (0 to 1,325) of the holding of two card indices, in either order (checked)."""
    low, high = index_below(first, 52), index_below(second, 52)
    if low is None or high is None or low == high:
        raise CardParseError(f'invalid holding of card indices {shown(first)} and {shown(second)}')
    return int(pair_numbers(low, high))


NUMBER_OF_PAIR: list[list[int]] = pair_numbers(np.arange(52)[:, np.newaxis], np.arange(52)).tolist()
"""``NUMBER_OF_PAIR[a][b]``: the holding number of card indices a and b (distinct, either order), as a
plain table for Python loops, where :func:`holding_index`'s checks would cost more than the lookup."""

CARD_MASKS: np.ndarray = np.left_shift(np.int64(1), np.arange(52, dtype=np.int64))
"""One bit per card index (bit ``i`` for card ``i``): sets of cards as int64 masks, for disjointness tests."""
CARD_MASKS.flags.writeable = False

HOLDING_MASKS: np.ndarray = CARD_MASKS[HOLDINGS[:, 0]] | CARD_MASKS[HOLDINGS[:, 1]]
"""The card mask of each of the 1,326 holdings."""
HOLDING_MASKS.flags.writeable = False
