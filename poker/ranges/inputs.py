"""What users may pass as weights, read in one place: the door of the ranges wing.

:data:`WeightsLike` names every form; :func:`weight_array` reads one weight set and :func:`weight_sets` one
set or a list of sets (one per opponent), as checked float64 arrays over the 1,326 holdings:

* ``None``: every holding weighs 1 (uniform);
* range text, ``'TT+, AJs+'``, read by :meth:`Range.parse <poker.ranges.range.Range.parse>`, or a
  :class:`~poker.ranges.range.Range`;
* 1,326 numbers (a NumPy array, list or tuple), one per holding;
* 169 numbers, one per class in :data:`~poker.cards.starting_hand.HAND_CLASSES` order, or a 13x13 grid
  in the same order (the Java original's weight grid): each holding gets its class's weight;
* a mapping of class names to weights, ``{'AKs': 1.0, 'QQ': 0.5}``: classes not named weigh 0;
* any object with a ``weights`` attribute holding one of the forms above;
* a list of such sets, or a 2-D array of them, one per opponent.

>>> sets, per_opponent = weight_sets({'AKs': 1, 'QQ': 0.5})
>>> sets.shape, per_opponent, float(sets.sum())
((1, 1326), False, 7.0)
>>> sets, per_opponent = weight_sets([None, {'AA': 1}])
>>> sets.shape, per_opponent, sets.sum(axis=1).tolist()
((2, 1326), True, [1326.0, 6.0])
>>> sets, per_opponent = weight_sets(['QQ+, AKs', 'TT+'])
>>> sets.shape, per_opponent, sets.sum(axis=1).tolist()
((2, 1326), True, [22.0, 30.0])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Union

import numpy as np

from ..errors import WeightsError
from ..validators import shown
from .range import Range
from .weights import array_weights, as_array

__all__ = ['WeightsLike', 'weight_array', 'weight_sets']

WeightsLike = Union[None, str, np.ndarray, Iterable[Any], Mapping[str, float], Any]
"""Anything :func:`weight_sets` reads: ``None``, range text, an array, a class mapping, an object with
``weights``, or a list of those (one per opponent)."""


def weight_array(weights: Any) -> np.ndarray:
    """One weight set, in any single form above, as a fresh, checked float64 array of 1,326 weights.

    >>> float(weight_array({'AKs': 1, 'QQ': 0.5}).sum()), float(weight_array('QQ+').sum())
    (7.0, 18.0)
    """
    if isinstance(weights, Range):  # checked when the range was built (and read-only): a copy will do
        copied: np.ndarray = weights.weights.copy()
        return copied
    if isinstance(weights, str):
        parsed: np.ndarray = np.array(Range.parse(weights).weights, dtype=np.float64)
        return parsed
    return array_weights(weights)


def _is_single(weights: Any) -> bool:
    """Whether ``weights`` is one weight set rather than a list of sets."""
    if weights is None or isinstance(weights, Mapping) or not isinstance(weights, (list, tuple, np.ndarray)):
        return True
    if isinstance(weights, (list, tuple)) and any(isinstance(item, (str, Mapping)) or item is None
                                                  for item in weights[:1]):
        return False  # a list of texts or mappings: one set per opponent
    array = as_array(weights)
    if array is None or array.size == 0:
        return False
    return array.ndim <= 1 or array.shape == (13, 13)


def weight_sets(weights: WeightsLike = None) -> tuple[np.ndarray, bool]:
    """Read ``weights`` into a float64 array of shape (sets, 1326), and whether it was a list of sets.

    A single set (of any form) gives one row and ``False``; a list of sets, or an array of shape
    (k, 1326), (k, 169) or (k, 13, 13), gives k rows and ``True`` (one set per opponent).
    Raises :class:`~poker.errors.WeightsError` for a wrong length, a negative, NaN or infinite weight,
    an unknown class name or an empty list, and :class:`~poker.errors.RangeParseError` for range text
    that cannot be read.
    """
    if _is_single(weights):
        return weight_array(weights)[np.newaxis, :], False
    array = as_array(weights)
    items = list(array) if array is not None else list(weights)  # type: ignore[arg-type]
    if not items:
        raise WeightsError(f'no weights in {shown(weights)}: give a weight set, a list of one set per opponent, '
                           f'or None for uniform')
    return np.stack([weight_array(item) for item in items]), True
