"""Opponent weights: what a user says about the opponent's cards, as checked arrays over the 1,326 holdings.

Loki weighs each possible opponent holding by how likely the opponent is to hold it (Papp 1998, ch. 5).
A *weight set* is one non-negative, finite weight per holding, in ``combinations(range(52), 2)`` order.
:func:`weight_sets` reads any of these forms:

* ``None``: every holding weighs 1 (uniform);
* range text, ``'TT+, AJs+'``, read by :meth:`Range.parse <poker.range.Range.parse>` (the weights of its
  holdings);
* 1,326 numbers (a NumPy array, list or tuple), one per holding;
* 169 numbers, one per class in :data:`~poker.starting_hand.HAND_CLASSES` order, or a 13x13 grid
  in the same order (the Java original's weight grid): each holding gets its class's weight;
* a mapping of class names to weights, ``{'AKs': 1.0, 'QQ': 0.5}``: classes not named weigh 0;
* any object with a ``weights`` attribute holding one of the forms above (a range, say);
* a list of such sets, or a 2-D array of them, one per opponent.

Weights are real numbers (not text, not booleans); masked arrays are refused, since their hidden values
would count.

Holdings that touch a known card are then set to 0 (:func:`remove_known`); a set left all zero is an
error, since it says the opponent holds nothing.

>>> sets, per_opponent = weight_sets({'AKs': 1, 'QQ': 0.5})
>>> sets.shape, per_opponent, float(sets.sum())
((1, 1326), False, 7.0)
>>> sets, per_opponent = weight_sets([None, {'AA': 1}])
>>> sets.shape, per_opponent, sets.sum(axis=1).tolist()
((2, 1326), True, [1326.0, 6.0])
>>> sets, per_opponent = weight_sets(['QQ+, AKs', 'TT+'])
>>> sets.shape, per_opponent, sets.sum(axis=1).tolist()
((2, 1326), True, [22.0, 30.0])
>>> float(remove_known(weight_sets({'AA': 1})[0], [51]).sum())  # AA without As
3.0
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import Any, Union

import numpy as np

from .card import Card, format_cards
from .errors import PokerError, WeightsError
from .starting_hand import CLASS_OF_HOLDING, HAND_CLASSES, HOLDINGS, class_index
from .validators import real_number, shown

__all__ = [
    'HOLDING_COUNT',
    'MAX_TOTAL_WEIGHT',
    'WeightsLike',
    'class_means',
    'known_holdings',
    'remove_known',
    'uniform_weights',
    'weight_array',
    'weight_sets',
]

HOLDING_COUNT = 1326
"""The number of two-card holdings, C(52, 2)."""

MAX_TOTAL_WEIGHT = 1e300
"""The largest total a weight set may have: the engine multiplies weights by up to 1,070,190 showdowns, and
the counts must stay finite (weights are relative, so any set can be scaled below it)."""

WeightsLike = Union[None, str, np.ndarray, Iterable[Any], Mapping[str, float], Any]
"""Anything :func:`weight_sets` reads: ``None``, range text, an array, a class mapping, an object with
``weights``, or a list of those (one per opponent)."""


def uniform_weights() -> np.ndarray:
    """A fresh array of 1,326 ones."""
    return np.ones(HOLDING_COUNT)


@functools.cache
def _holdings_with_card() -> np.ndarray:
    """Row c: the numbers of the 51 holdings that contain card index c."""
    cards = HOLDINGS.astype(np.intp)
    return np.array([np.flatnonzero((cards == card).any(axis=1)) for card in range(52)])


_CLASS_SIZES = np.bincount(CLASS_OF_HOLDING, minlength=len(HAND_CLASSES))


def class_means(weights: np.ndarray) -> np.ndarray:
    """The mean weight of each class's holdings: 169 values in :data:`~poker.starting_hand.HAND_CLASSES` order.

    >>> means = class_means(weight_array({'AKs': 1, 'QQ': 0.5}))
    >>> float(means[class_index('AKs')]), float(means[class_index('QQ')]), float(means.sum())
    (1.0, 0.5, 1.5)
    """
    totals = np.bincount(CLASS_OF_HOLDING, weights=np.asarray(weights, dtype=float), minlength=len(HAND_CLASSES))
    return totals / _CLASS_SIZES


def known_holdings(cards: Iterable[int]) -> np.ndarray:
    """A boolean mask of the holdings that contain any of the card indices ``cards``.

    >>> int(known_holdings([0, 1]).sum())  # with 2c or 2d: 51 + 51 - 1
    101
    """
    mask = np.zeros(HOLDING_COUNT, dtype=bool)
    mask[_holdings_with_card()[list(cards)]] = True
    return mask


def _checked(values: np.ndarray, source: Any) -> np.ndarray:
    """``values`` as float64, after checking they are finite and non-negative."""
    if values.dtype.kind not in 'iuf':
        raise WeightsError(f'weights must be numbers, got {_shown(source)}')
    with np.errstate(over='ignore'):  # a float128 past float64's range becomes inf, refused just below
        weights = values.astype(np.float64) + 0.0  # a fresh copy, with -0.0 made 0.0 (equal weights, equal bytes)
    if not np.isfinite(weights).all():
        raise WeightsError(f'weights must be finite, got NaN or infinity in {_shown(source)}')
    if (weights < 0).any():
        raise WeightsError(f'weights must be non-negative, got {float(weights.min())!r} in {_shown(source)}')
    with np.errstate(over='ignore'):
        total = float(weights.sum())
    if total > MAX_TOTAL_WEIGHT:
        got = f'{total:g}' if total < np.inf else 'more than a float holds'
        raise WeightsError(f'weights must total at most {MAX_TOTAL_WEIGHT:g} (weighted counts of a million runouts '
                           f'must stay finite), got {got} in {_shown(source)}: scale them down')
    return weights


def _shown(source: Any) -> str:
    """A short one-line quotation of the bad input for an error message."""
    return shown(source)


def _from_classes(class_weights: np.ndarray) -> np.ndarray:
    """Spread 169 class weights (grid order) over the 1,326 holdings."""
    spread: np.ndarray = class_weights[CLASS_OF_HOLDING]
    return spread


def _from_mapping(mapping: Mapping[Any, Any]) -> np.ndarray:
    classes = np.zeros(len(HAND_CLASSES))
    for name, value in mapping.items():
        try:
            index = class_index(name) if isinstance(name, str) else -1
        except PokerError:
            index = -1
        if index < 0:
            raise WeightsError(f'unknown starting-hand class {shown(name)} in weights (expected e.g. AA, AKs, AKo)')
        try:
            classes[index] = real_number(f'the weight of {name}', value, error=WeightsError)
        except WeightsError:
            raise WeightsError(f'the weight of {name} must be a finite number, got {shown(value)} '
                               f'in {_shown(mapping)}') from None
    return _from_classes(_checked(classes, mapping))


def weight_array(weights: Any) -> np.ndarray:
    """One weight set, in any single form above, as a fresh, checked float64 array of 1,326 weights.

    >>> float(weight_array({'AKs': 1, 'QQ': 0.5}).sum())
    7.0
    """
    if weights is None:
        return uniform_weights()
    from .range import Range  # range.py builds on this module

    if isinstance(weights, Range):  # checked when the range was built (and read-only): a copy will do
        copied: np.ndarray = weights.weights.copy()
        return copied
    if isinstance(weights, str):
        parsed: np.ndarray = np.array(Range.parse(weights).weights, dtype=np.float64)
        return parsed
    if isinstance(weights, Mapping):
        return _from_mapping(weights)
    inner = getattr(weights, 'weights', None)
    if inner is not None and not isinstance(weights, np.ndarray):
        return weight_array(inner)
    array = _as_array(weights)
    if array is None or array.shape not in ((HOLDING_COUNT,), (len(HAND_CLASSES),), (13, 13)):
        shape = 'ragged' if array is None else array.shape
        raise WeightsError(f'a weight set needs 1,326 holding weights, 169 class weights or a 13x13 grid, '
                           f'got shape {shape}: {_shown(weights)}')
    checked = _checked(array, weights)
    return checked if checked.shape == (HOLDING_COUNT,) else _from_classes(checked.reshape(-1))


def _as_array(weights: Any) -> np.ndarray | None:
    """``weights`` as a NumPy array, or None if it is not a rectangular array of scalars."""
    if isinstance(weights, np.ma.MaskedArray):
        raise WeightsError(f'weights must be a plain array, not a masked one (its hidden values would count), '
                           f'got {_shown(weights)}')
    if isinstance(weights, np.ndarray):
        return weights
    if isinstance(weights, bytes):
        raise WeightsError(f'weights must be numbers or range text, got {_shown(weights)}')
    try:
        array = np.asarray(weights)
    except (ValueError, TypeError, OverflowError, RecursionError):
        return None
    return None if array.dtype == object else array


def _is_single(weights: Any) -> bool:
    """Whether ``weights`` is one weight set rather than a list of sets."""
    if weights is None or isinstance(weights, Mapping) or not isinstance(weights, (list, tuple, np.ndarray)):
        return True
    if isinstance(weights, (list, tuple)) and any(isinstance(item, (str, Mapping)) or item is None
                                                  for item in weights[:1]):
        return False  # a list of texts or mappings: one set per opponent
    array = _as_array(weights)
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
    array = _as_array(weights)
    items = list(array) if array is not None else list(weights)  # type: ignore[arg-type]
    if not items:
        raise WeightsError(f'no weights in {_shown(weights)}: give a weight set, a list of one set per opponent, '
                           f'or None for uniform')
    return np.stack([weight_array(item) for item in items]), True


def remove_known(sets: np.ndarray, cards: Iterable[int]) -> np.ndarray:
    """Copies of the weight ``sets`` (shape (k, 1326)) with every holding touching ``cards`` set to 0.

    Raises :class:`~poker.errors.WeightsError` if a set has no weight left: opponents never hold a
    known card, so such a set describes an impossible opponent.
    """
    cards = list(cards)
    result = np.array(sets, dtype=np.float64, copy=True).reshape(-1, HOLDING_COUNT)

    def which(row: int) -> str:
        return f'weight set {row + 1} of {len(result)}' if len(result) > 1 else 'the weights'

    empty = np.flatnonzero(~result.any(axis=1))
    if empty.size:  # an empty range, say: no need to blame the known cards
        raise WeightsError(f'{which(int(empty[0]))} give no holding any weight')
    result[:, _holdings_with_card()[cards].ravel()] = 0.0
    empty = np.flatnonzero(~result.any(axis=1))
    if empty.size:
        known = format_cards(Card.from_index(int(c)) for c in sorted(cards))
        raise WeightsError(f'{which(int(empty[0]))} give no holding any weight once the known cards {known!r} '
                           'are removed')
    return result
