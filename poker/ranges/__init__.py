"""Ranges and weights: what an opponent may hold.

* :mod:`~poker.ranges.range`: :class:`Range`, PokerStove notation, the 13x13 grid, top fractions;
* :mod:`~poker.ranges.weights`: weight sets as checked arrays over the 1,326 holdings;
* :mod:`~poker.ranges.inputs`: the door: every form a user may pass as weights (:data:`WeightsLike`).

>>> from poker.ranges import Range
>>> len(Range.parse('QQ+, AKs'))
22
"""

from __future__ import annotations

from .range import Range
from .weights import MAX_TOTAL_WEIGHT, class_means, known_holdings, remove_known
from .inputs import WeightsLike, weight_array, weight_sets

__all__ = [
    'MAX_TOTAL_WEIGHT',
    'Range',
    'WeightsLike',
    'class_means',
    'known_holdings',
    'remove_known',
    'weight_array',
    'weight_sets',
]
