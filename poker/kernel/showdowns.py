"""Every holding against every other on one board, without a 1,326 x 1,326 loop.

Given the hand values of all ``C(n, 2)`` two-card holdings that can be made from ``n`` cards (on one
board, or on each of a batch of boards), :func:`holding_showdowns` finds for each holding the total
weight of the holdings it beats and ties, counting only holdings that share no card with it (an
opponent can never hold one of our cards). It sorts the values once and corrects by
inclusion-exclusion: the holdings sharing a card with ``{a, b}`` are those holding ``a`` plus those
holding ``b``, less the holding ``{a, b}`` itself, which is in both. Each of those groups is sorted
too, so the cost is a few sorts of ``n(n-1)/2`` and ``n(n-1)`` values rather than a matrix.

Holdings are the pairs of :func:`itertools.combinations` of ``range(n)`` in that order; with
``n = 52`` that is the library's 1,326-holding order.

>>> import numpy as np
>>> values = np.array([5, 3, 3, 9, 1, 4])       # the pairs 01 02 03 12 13 23 of four cards
>>> beaten, tied = holding_showdowns(values)
>>> beaten.tolist(), tied.tolist()                # 01 meets only 23, 02 only 13, 03 only 12, ...
([1, 1, 0, 1, 0, 0], [0, 0, 0, 0, 0, 0])
"""

from __future__ import annotations

import functools
import itertools
import math

import numpy as np

from ..errors import SettingError, WeightsError
from ..ranges.weights import checked_weights
from ..validators import integer_array, shown

__all__ = ['holding_showdowns', 'pair_groups', 'pairs_of', 'sorted_runs']


@functools.cache
def pairs_of(cards: int) -> np.ndarray:
    """The ``C(cards, 2)`` pairs of ``range(cards)`` as a read-only (H, 2) int array, in combinations order."""
    pairs = np.array(list(itertools.combinations(range(cards), 2)), dtype=np.intp).reshape(-1, 2)
    pairs.flags.writeable = False
    return pairs


@functools.cache
def pair_groups(cards: int) -> tuple[np.ndarray, np.ndarray]:
    """The pairs holding each card, and where each pair sits in its two groups.

    ``groups[c]`` lists the numbers of the ``cards - 1`` pairs that hold card ``c``; pair ``p = (a, b)``
    is ``groups[a][b - 1]`` and ``groups[b][a]``, and ``slots[p]`` gives those two places as flat
    indices into ``groups``.
    """
    pairs = pairs_of(cards)
    groups = np.empty((cards, cards - 1), dtype=np.intp)
    slots = np.empty((len(pairs), 2), dtype=np.intp)
    filled = np.zeros(cards, dtype=np.intp)
    for number, (low, high) in enumerate(pairs.tolist()):
        for column, card in enumerate((low, high)):
            groups[card, filled[card]] = number
            slots[number, column] = card * (cards - 1) + filled[card]
            filled[card] += 1
    groups.flags.writeable = False
    slots.flags.writeable = False
    return groups, slots


def sorted_runs(values: np.ndarray, weights: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """For each entry along the last axis: the weight of entries with a smaller value, and with an equal one.

    The equal weight includes the entry's own. Without ``weights`` every entry weighs 1 and the results
    are integer counts.

    >>> below, equal = sorted_runs(np.array([[4, 1, 4, 2]]))
    >>> below.tolist(), equal.tolist()
    ([[2, 0, 2, 1]], [[2, 1, 2, 1]])
    """
    order = np.argsort(values, axis=-1, kind='stable')
    size = values.shape[-1]
    # the flat index of each sorted entry's original place: one gather sorts, one scatter unsorts (cheaper
    # than take_along_axis / put_along_axis, which build broadcast index arrays on every call)
    rows = values.size // size if size else 0
    flat_order = (order.reshape(rows, size) + (np.arange(rows) * size)[:, np.newaxis]).ravel()
    ordered = np.take(np.ascontiguousarray(values).ravel(), flat_order).reshape(values.shape)
    positions = np.broadcast_to(np.arange(size), ordered.shape)
    starts_run = np.ones(ordered.shape, dtype=bool)
    starts_run[..., 1:] = ordered[..., 1:] != ordered[..., :-1]
    ends_run = np.ones(ordered.shape, dtype=bool)
    ends_run[..., :-1] = starts_run[..., 1:]
    first = np.maximum.accumulate(np.where(starts_run, positions, 0), axis=-1)
    last = np.flip(np.minimum.accumulate(np.flip(np.where(ends_run, positions, size - 1), -1), axis=-1), -1)
    if weights is None:
        below_sorted = first
        equal_sorted = last - first + 1
    else:
        full = np.ascontiguousarray(np.broadcast_to(weights, values.shape), dtype=np.float64).ravel()
        cumulative = np.cumsum(np.take(full, flat_order).reshape(values.shape), axis=-1)
        before = np.concatenate([np.zeros(ordered.shape[:-1] + (1,)), cumulative], axis=-1)
        below_sorted = np.take_along_axis(before, first, axis=-1)
        equal_sorted = np.take_along_axis(cumulative, last, axis=-1) - below_sorted
    below = np.empty(values.shape, dtype=below_sorted.dtype)
    equal = np.empty(values.shape, dtype=equal_sorted.dtype)
    below.ravel()[flat_order] = below_sorted.ravel()
    equal.ravel()[flat_order] = equal_sorted.ravel()
    return below, equal


def holding_showdowns(values: np.ndarray, weights: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """For each holding: the weight of the card-disjoint holdings it beats, and of those it ties.

    ``values`` has the hand values of all ``C(n, 2)`` holdings of ``n`` cards along its last axis
    (leading axes are independent boards); ``weights`` (broadcast against ``values``; at least 0, a weight below
    :data:`~poker.ranges.weights.MIN_WEIGHT` read as 0) default to 1 each, which gives integer counts. A holding never meets itself or a holding sharing a card.
    """
    values = integer_array('values', values, error=SettingError)
    holdings = values.shape[-1] if values.ndim else 0
    cards = (1 + math.isqrt(1 + 8 * holdings)) // 2
    if not holdings or cards * (cards - 1) // 2 != holdings or cards > 52 or not values.size:
        raise SettingError(f'values must be the values of the pairs of some cards (1,326 for 52), got {shown(values)}')
    if weights is not None:
        weights = checked_weights('weights', weights)
        try:
            fits = np.broadcast_shapes(weights.shape, values.shape) == values.shape  # weights spread over the values
        except ValueError:
            fits = False
        if not fits:
            raise WeightsError(f'weights of shape {weights.shape} do not go with values of shape {values.shape}')
    groups, slots = pair_groups(cards)
    below, equal = sorted_runs(values, weights)
    grouped_weights = None if weights is None else np.broadcast_to(weights, values.shape)[..., groups]
    group_below, group_equal = sorted_runs(values[..., groups], grouped_weights)
    group_below = group_below.reshape(values.shape[:-1] + (-1,))
    group_equal = group_equal.reshape(values.shape[:-1] + (-1,))
    first, second = slots[:, 0], slots[:, 1]
    beaten = below - group_below[..., first] - group_below[..., second]
    own = 1 if weights is None else weights
    tied = equal - group_equal[..., first] - group_equal[..., second] + own
    return beaten, tied
