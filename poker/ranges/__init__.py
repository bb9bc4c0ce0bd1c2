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

from .._lazy import lazy_package as _lazy_package

TYPE_CHECKING = False  # not typing's (see poker/__init__.py)
if TYPE_CHECKING:  # what mypy and readers see; at run time each name is imported on first use (__getattr__)
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

_HOMES: dict[str, str] = {
    'MAX_RANGE_LENGTH': 'range',
    'MAX_TOTAL_WEIGHT': 'weights',
    'MIN_WEIGHT': 'weights',
    'NumericWeights': 'weights',
    'Range': 'range',
    'WeightSetLike': 'weight_inputs',
    'Weighted': 'weights',
    'WeightsLike': 'weight_inputs',
    'class_grid': 'weights',
    'class_means': 'weights',
    'known_holdings': 'weights',
    'lone_holding': 'weight_inputs',
    'percentile': 'range',
    'read_weight_sets': 'weight_inputs',
    'read_weights': 'weight_inputs',
    'remove_known': 'weights',
}
"""The module of each public name, imported on first use (:func:`poker._lazy.lazy_package`)."""

__getattr__, __dir__ = _lazy_package(__name__, _HOMES, globals())
