"""Ranges and weights: what an opponent may hold.

* :mod:`~poker.ranges.range`: :class:`Range`, PokerStove notation, the 13x13 grid, top fractions and
  :func:`percentile`, where a starting hand stands;
* :mod:`~poker.ranges.weights`: weight sets as checked arrays over the 1,326 holdings;
* :mod:`~poker.ranges.weight_inputs`: the wing's door: every form a user may pass as one weight set
  (:data:`WeightSetLike`) or one per opponent (:data:`WeightsLike`), read by :func:`read_weights` (the one
  reading of a player's holding or range, wherever one is taken) and :func:`read_weight_sets`; :func:`lone_holding`
  tells a set that is one hand.

>>> from poker.ranges import Range
>>> len(Range.parse('QQ+, AKs'))
22
"""

from __future__ import annotations

from .range import MAX_RANGE_LENGTH, Range, percentile
from .weight_inputs import WeightSetLike, WeightsLike, lone_holding, read_weight_sets, read_weights
from .weights import (MAX_TOTAL_WEIGHT, MIN_WEIGHT, NumericWeights, Weighted, class_grid, class_means,
                      known_holdings, remove_known)

__all__ = [
    'MAX_RANGE_LENGTH',
    'MAX_TOTAL_WEIGHT',
    'MIN_WEIGHT',
    'NumericWeights',
    'Range',
    'WeightSetLike',
    'Weighted',
    'WeightsLike',
    'class_grid',
    'class_means',
    'known_holdings',
    'lone_holding',
    'percentile',
    'read_weight_sets',
    'read_weights',
    'remove_known',
]
