"""What users may pass as weights, read in one place: the door of the ranges wing.

:data:`WeightSetLike` names every form of one weight set and :data:`WeightsLike` adds a list of sets (one
per opponent); :func:`read_weights` reads one weight set and :func:`read_weight_sets` one set or a list of
sets, as checked float64 arrays over the 1,326 holdings (a weight below
:data:`~poker.ranges.weights.MIN_WEIGHT` read as 0, a set totalling at most
:data:`~poker.ranges.weights.MAX_TOTAL_WEIGHT`), or raises
:class:`~poker.errors.WeightsError` (:class:`~poker.errors.RangeParseError` for range text that cannot be
read):

* ``None``: every holding weighs 1 (uniform);
* range text, ``'TT+, AJs+'``, read by :meth:`Range.parse <poker.ranges.range.Range.parse>` (``'random'`` is every
  holding, and text that is two cards, ``'AhKh'`` or ``'Ah Kh'``, that one holding), or a
  :class:`~poker.ranges.range.Range`;
* one holding: a :class:`~poker.cards.starting_hand.StartingHand`, or two :class:`~poker.cards.card.Card` objects;
* 1,326 numbers (a NumPy array, list or tuple), one per holding;
* 169 numbers, one per class in :data:`~poker.cards.starting_hand.HAND_CLASSES` order, or a 13x13 grid
  in the same order (the Java original's weight grid): each holding gets its class's weight;
* a mapping of class names to weights, ``{'AKs': 1.0, 'QQ': 0.5}``: classes not named weigh 0;
* any object with a ``weights`` attribute holding one of the forms above (:class:`Weighted`: an
  :class:`~poker.strategy.reweighting.OpponentModel`, say);
* a list of such sets, or a 2-D array of them, one per opponent.

>>> sets, per_opponent = read_weight_sets({'AKs': 1, 'QQ': 0.5})
>>> sets.shape, per_opponent, float(sets.sum())
((1, 1326), False, 7.0)
>>> sets, per_opponent = read_weight_sets([None, {'AA': 1}])
>>> sets.shape, per_opponent, sets.sum(axis=1).tolist()
((2, 1326), True, [1326.0, 6.0])
>>> sets, per_opponent = read_weight_sets(['QQ+, AKs', 'TT+'])
>>> sets.shape, per_opponent, sets.sum(axis=1).tolist()
((2, 1326), True, [22.0, 30.0])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Union

import numpy as np

from ..cards.card import Card
from ..cards.holdings import HOLDING_COUNT, holding_index
from ..cards.starting_hand import StartingHand
from ..errors import WeightsError
from ..validators import shown
from .range import Range
from .weights import NumericWeights, Weighted, _checked, _within, array_weights, as_array

__all__ = ['WeightSetLike', 'WeightsLike', 'lone_holding', 'read_weight_sets', 'read_weights']

WeightSetLike = Union[str, Range, StartingHand, tuple[Card, Card], NumericWeights]
"""One weight set, a player's holding or range: ``None`` (uniform), range text (a hand written as cards too), a
:class:`~poker.ranges.range.Range`, one holding (a :class:`~poker.cards.starting_hand.StartingHand`, two cards),
1,326 holding weights, 169 class weights or a 13x13 grid (an array, a list or a tuple), a mapping of class names to
weights, or a :class:`Weighted` object."""

WeightsLike = Union[WeightSetLike, Sequence[WeightSetLike]]
"""What :func:`read_weight_sets` reads: one weight set (:data:`WeightSetLike`), or a list of them, one per
opponent (or a 2-D array, a row per opponent)."""


def read_weights(weights: WeightSetLike) -> np.ndarray:
    """One weight set, in any single form above, as a fresh, checked float64 array of 1,326 weights.

    This is the one reading of a player's holding or range, wherever one is taken (:func:`~poker.stats.equity`'s
    players, the opponents' weights of :func:`~poker.stats.hand_strength`, :class:`~poker.stats.Player`,
    :func:`~poker.stats.preflop_equity`, :func:`~poker.stats.range_statistics`, the command line): the same text
    gives the same weights everywhere, ``'KsJc, AcJc'`` two holdings and ``'Ks Jc'`` one.

    >>> float(read_weights({'AKs': 1, 'QQ': 0.5}).sum()), float(read_weights('QQ+').sum())
    (7.0, 18.0)
    >>> [lone_holding(read_weights(text)) for text in ('Ks Jc', 'KsJc', 'KsJc, AcJc', 'random')]
    [1216, 1216, None, None]
    >>> StartingHand.from_holding_index(1216)
    StartingHand.parse('Ks Jc')
    """
    if isinstance(weights, Range):  # checked when the range was built (and read-only): a copy will do
        copied: np.ndarray = weights.weights.copy()
        return copied
    if isinstance(weights, str):
        parsed: np.ndarray = np.array(Range.parse(weights).weights, dtype=np.float64)
        return parsed
    holding = _holding(weights)
    if holding is not None:
        one = np.zeros(HOLDING_COUNT)
        one[holding] = 1.0
        return one
    return array_weights(weights)  # type: ignore[arg-type]  # (not text, a range or a holding)


def _holding(value: object) -> int | None:
    """The holding number of a :class:`StartingHand` or of two cards, None for anything else."""
    if isinstance(value, StartingHand):
        return value.holding_index
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(card, Card) for card in value):
        if value[0] == value[1]:
            raise WeightsError(f'a holding of one card twice: {shown(value)}')
        return holding_index(value[0].index, value[1].index)
    return None


def lone_holding(weights: WeightSetLike) -> int | None:
    """The holding a weight set (any form :func:`read_weights` reads) gives all its weight, when it gives weight to
    exactly one: a player who holds that hand.

    >>> lone_holding(read_weights('AhKh:0.5')) == StartingHand.parse('AhKh').holding_index
    True
    >>> lone_holding(read_weights('AhKh, QdJd')), lone_holding(read_weights(None))
    (None, None)
    """
    held = np.flatnonzero(read_weights(weights))
    return int(held[0]) if held.size == 1 else None


def _is_single(weights: object) -> bool:
    """Whether ``weights`` is one weight set rather than a list of sets."""
    if weights is None or isinstance(weights, Mapping) or not isinstance(weights, (list, tuple, np.ndarray)) \
            or _holding(weights) is not None:
        return True
    if isinstance(weights, (list, tuple)) and any(isinstance(item, (str, Mapping)) or item is None
                                                  for item in weights[:1]):
        return False  # a list of texts or mappings: one set per opponent
    array = as_array(weights)
    if array is None or array.size == 0:
        return False
    return array.ndim <= 1 or array.shape == (13, 13)


def read_weight_sets(weights: WeightsLike = None) -> tuple[np.ndarray, bool]:
    """Read ``weights`` into a float64 array of shape (sets, 1326), and whether it was a list of sets.

    A single set (of any form) gives one row and ``False``; a list of sets, or an array of shape
    (k, 1326), (k, 169) or (k, 13, 13), gives k rows and ``True`` (one set per opponent).
    Raises :class:`~poker.errors.WeightsError` for a wrong length, a negative, NaN or infinite weight, a set
    totalling more than :data:`~poker.ranges.weights.MAX_TOTAL_WEIGHT`, an unknown class name or an empty list, and :class:`~poker.errors.RangeParseError` for range text
    that cannot be read.
    """
    if _is_single(weights):
        return read_weights(weights)[np.newaxis, :], False  # type: ignore[arg-type]  # (one set: checked)
    array = as_array(weights)
    if array is not None and array.ndim == 2 and array.shape[1] == HOLDING_COUNT and len(array):
        try:  # every row read at once, by the rules read_weights applies to one
            return _within(_checked(array, weights), weights), True
        except WeightsError:
            pass  # read row by row below, for the message that names the row that fails
    items = list(array) if array is not None else list(weights)  # type: ignore[arg-type]
    if not items:
        raise WeightsError(f'no weights in {shown(weights)}: give a weight set, a list of one set per opponent, '
                           f'or None for uniform')
    return np.stack([read_weights(item) for item in items]), True

