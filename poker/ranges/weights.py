"""Weight sets as arrays: one non-negative, finite weight per holding, checked, and the operations on them.

Loki weighs each possible opponent holding by how likely the opponent is to hold it (Papp 1998, ch. 5).
A *weight set* is one weight per holding, in ``combinations(range(52), 2)`` order. This module reads the
forms given as numbers (:data:`NumericWeights`, read by :func:`array_weights`); :mod:`poker.ranges.weight_inputs`
reads every form a user may pass, range text included. Weights are real numbers (not text, not booleans); masked arrays are refused,
since their hidden values would count.

Weights are relative: only their ratios matter, within one window. A weight below :data:`MIN_WEIGHT` (1e-30)
counts as 0, and a set may total at most :data:`MAX_TOTAL_WEIGHT` (1e30): every door that reads weights as
numbers (:func:`array_weights`, and so :class:`~poker.ranges.range.Range` and its ``:w`` parts, and
:func:`checked_rows`, the kernel's door) applies both, so no result depends on a weight below the floor, and
the engines' products of weights (hero by opponent; up to 10 players' in a multiway equity) times a few
million runouts stay ordinary float64 numbers, never subnormal, never infinite.

Holdings that touch a known card are then set to 0 (:func:`remove_known`); a set left all zero is an
error, since it says the opponent holds nothing.

>>> float(array_weights({'AKs': 1, 'QQ': 0.5}).sum())
7.0
>>> float(remove_known(array_weights({'AA': 1})[None, :], [51]).sum())  # AA without As
3.0
>>> float(array_weights({'AKs': 1, 'QQ': 1e-31}).sum())  # QQ below the floor: 0
4.0
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol, Union

import numpy as np

from ..cards.card import Card, format_cards
from ..cards.card_inputs import read_indices
from ..cards.holdings import HOLDING_COUNT, HOLDING_MASKS, HOLDINGS
from ..cards.starting_hand import CLASS_OF_HOLDING, HAND_CLASSES, class_index
from ..errors import PokerError, WeightsError
from ..validators import is_masked, real_array, real_number, shown

__all__ = [
    'MAX_TOTAL_WEIGHT',
    'MIN_WEIGHT',
    'NumericWeights',
    'Weighted',
    'ZERO_RULE',
    'array_weights',
    'as_array',
    'checked_rows',
    'checked_weights',
    'class_grid',
    'class_means',
    'known_holdings',
    'remove_known',
    'uniform_weights',
]


class Weighted(Protocol):
    """Anything with a ``weights`` attribute that holds a weight set (an
    :class:`~poker.strategy.reweighting.OpponentModel`, a :class:`~poker.players.modelling.SeatModel`): the
    weights read are those."""

    @property
    def weights(self) -> object:
        """The weight set, in any form :func:`array_weights` reads."""


NumericWeights = Union[None, np.ndarray, Sequence[float], Sequence[Sequence[float]], Mapping[str, float], Weighted]
"""One weight set given as numbers: ``None`` (every holding alike), 1,326 holding weights, 169 class weights or a
13x13 grid (an array, a list or a tuple), a mapping of class names to weights, or a :class:`Weighted` object."""

MIN_WEIGHT = 1e-30
"""The smallest weight that counts: a weight below it is 0, read so at every door (and a set whose weights are
all below it is empty). The engines multiply weights together, hero by opponent, and in a multiway equity
one weight per player for up to 10 players, then by runout counts, and sum the products: 1e-30 to the 10th
power is 1e-300, still an ordinary (normal) float64 with room to spare, where a subnormal product would keep
fewer digits, so results would depend on weights far below anything a user means (``JJ:5e-324`` changed an
equity by half a percent). It lies 28 orders of magnitude below the smallest weight a seat's model at the
table writes (0.01, Papp's floor, :attr:`~poker.players.modelling.SeatModel.LOW_WEIGHT`); an
:class:`~poker.strategy.reweighting.OpponentModel`, which has no floor, takes a holding from 1 to 0 only after
16 actions that each multiply it by ``LOW_FACTOR`` (0.01)."""

MAX_TOTAL_WEIGHT = 1e30
"""The largest total a weight set may have, the ceiling that mirrors :data:`MIN_WEIGHT`: a product of up to 10
players' weights totals at most 1e300, and times the 1,712,304 boards of a preflop deal it stays finite
(weights are relative, so any set can be scaled below it)."""


ZERO_RULE = f'a weight below {MIN_WEIGHT:g} counts as 0'
"""The rule of :data:`MIN_WEIGHT` as the errors that find a set with no weight state it."""


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
    """The mean weight of each class's holdings: 169 values in :data:`~poker.cards.starting_hand.HAND_CLASSES` order.

    >>> means = class_means(array_weights({'AKs': 1, 'QQ': 0.5}))
    >>> float(means[class_index('AKs')]), float(means[class_index('QQ')]), float(means.sum())
    (1.0, 0.5, 1.5)
    """
    array = real_array('weights', weights, shape=(HOLDING_COUNT,), error=WeightsError)
    totals = np.bincount(CLASS_OF_HOLDING, weights=array, minlength=len(HAND_CLASSES))
    return totals / _CLASS_SIZES


def class_grid(values: np.ndarray) -> np.ndarray:
    """169 values, one per class in :data:`~poker.cards.starting_hand.HAND_CLASSES` order, as the 13x13 grid:
    row by row, pairs on the diagonal, suited hands above it, offsuit below.

    >>> grid = class_grid(class_means(array_weights({'AKs': 1, 'QQ': 0.5})))
    >>> float(grid[0, 1]), float(grid[2, 2]), float(grid[1, 0])
    (1.0, 0.5, 0.0)
    """
    array = real_array('class values', values, shape=(len(HAND_CLASSES),), error=WeightsError)
    return array.reshape(13, 13)


def known_holdings(cards: Iterable[int | Card]) -> np.ndarray:
    """A boolean mask of the holdings that contain any of the cards (card indices, or cards) ``cards``.

    >>> int(known_holdings([0, 1]).sum())  # with 2c or 2d: 51 + 51 - 1
    101
    """
    bits = 0
    for card in read_indices('cards', cards):
        bits |= 1 << card
    touching: np.ndarray = (HOLDING_MASKS & bits) != 0  # one pass over the holdings' card masks
    return touching


def _checked(values: np.ndarray, source: object) -> np.ndarray:
    """``values`` as a fresh float64 array, after checking they are finite and non-negative."""
    if values.dtype.kind not in 'iuf':
        raise WeightsError(f'weights must be numbers, got {shown(source)}')
    with np.errstate(over='ignore'):  # a float128 past float64's range becomes inf, refused just below
        weights = values.astype(np.float64) + 0.0  # a fresh copy, with -0.0 made 0.0 (equal weights, equal bytes)
    if not np.isfinite(weights).all():
        raise WeightsError(f'weights must be finite, got NaN or infinity in {shown(source)}')
    if (weights < 0).any():
        raise WeightsError(f'weights must be non-negative, got {shown(float(weights.min()))} in {shown(source)}')
    return weights


def _within(holding_weights: np.ndarray, source: object) -> np.ndarray:
    """Checked weights over the holdings, if they total at most :data:`MAX_TOTAL_WEIGHT`, with every weight
    below :data:`MIN_WEIGHT` made 0 (in place)."""
    _check_totals(holding_weights, source)
    holding_weights[holding_weights < MIN_WEIGHT] = 0.0
    return holding_weights


def _check_totals(rows: np.ndarray, source: object) -> None:
    """A :class:`~poker.errors.WeightsError` if a row of non-negative weights (the last axis) totals more than
    :data:`MAX_TOTAL_WEIGHT`."""
    with np.errstate(over='ignore'):
        totals = np.atleast_1d(rows).sum(axis=-1)
    if totals.size and not totals.max() <= MAX_TOTAL_WEIGHT:
        total = float(totals.max())
        got = f'{total:g}' if total < np.inf else 'more than a float holds'
        raise WeightsError(f'weights must total at most {MAX_TOTAL_WEIGHT:g} (products of 10 players\' weights over '
                           f'a million runouts must stay finite), got {got} in {shown(source)}: scale them down')


def _from_classes(class_weights: np.ndarray) -> np.ndarray:
    """Spread 169 class weights (grid order) over the 1,326 holdings."""
    spread: np.ndarray = class_weights[CLASS_OF_HOLDING]
    return spread


def _from_mapping(mapping: Mapping[str, object]) -> np.ndarray:
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
                               f'in {shown(mapping)}') from None
    return _within(_from_classes(_checked(classes, mapping)), mapping)


def array_weights(weights: NumericWeights) -> np.ndarray:
    """One weight set given as numbers (not text: :func:`poker.ranges.weight_inputs.read_weights` reads range text) as a
    fresh, checked float64 array of 1,326 weights: None (uniform), a class mapping, an object with a
    ``weights`` attribute, 1,326 holding weights, 169 class weights or a 13x13 grid.

    >>> float(array_weights({'AKs': 1, 'QQ': 0.5}).sum())
    7.0
    """
    if weights is None:
        return uniform_weights()
    if isinstance(weights, str):
        raise WeightsError(f'range text needs Range.parse, got {shown(weights)}')
    if isinstance(weights, Mapping):
        return _from_mapping(weights)
    inner = getattr(weights, 'weights', None)
    if inner is not None and not isinstance(weights, np.ndarray):
        return array_weights(inner)
    array = as_array(weights)
    if array is None or array.shape not in ((HOLDING_COUNT,), (len(HAND_CLASSES),), (13, 13)):
        shape = 'ragged' if array is None else array.shape
        raise WeightsError(f'a weight set needs 1,326 holding weights, 169 class weights or a 13x13 grid, '
                           f'got shape {shape}: {shown(weights)}')
    checked = _checked(array, weights)
    return _within(checked if checked.shape == (HOLDING_COUNT,) else _from_classes(checked.reshape(-1)), weights)


def as_array(weights: object) -> np.ndarray | None:
    """``weights`` as a NumPy array, or None if it is not a rectangular array of scalars."""
    if is_masked(weights):
        raise WeightsError(f'weights must be a plain array, not a masked one (its hidden values would count), '
                           f'got {shown(weights)}')
    if isinstance(weights, np.ndarray):
        return weights
    if isinstance(weights, bytes):
        raise WeightsError(f'weights must be numbers or range text, got {shown(weights)}')
    try:
        array = np.asarray(weights)
    except (ValueError, TypeError, OverflowError, RecursionError):
        return None
    return None if array.dtype == object else array


def checked_rows(name: str, weights: np.ndarray, shape: tuple[int, ...] | None = None) -> np.ndarray:
    """Finite weights of at least 0 over the holdings (the last axis; shape (1326,) or (k, 1326), or ``shape``),
    each row totalling at most :data:`MAX_TOTAL_WEIGHT`, as float64 with every weight below :data:`MIN_WEIGHT`
    0, and at least one row: the array itself when it is all that already (weights read at a door: NaN fails
    ``min() >= 0``), else a checked copy, or a :class:`~poker.errors.WeightsError`."""
    if type(weights) is np.ndarray and weights.dtype == np.float64 and weights.ndim in (1, 2) and weights.size \
            and weights.shape[-1] == HOLDING_COUNT and (shape is None or weights.shape == shape):
        lowest = weights.min()
        if lowest >= 0 and weights.sum(axis=-1).max() <= MAX_TOTAL_WEIGHT \
                and (lowest >= MIN_WEIGHT or not ((weights > 0) & (weights < MIN_WEIGHT)).any()):
            return weights
    array = real_array(name, weights, shape=shape, error=WeightsError)
    if array.ndim not in (1, 2) or array.shape[-1] != HOLDING_COUNT or (array < 0).any():
        raise WeightsError(f'{name} must be weights of at least 0 over the 1,326 holdings (shape (k, 1326)), got '
                           f'{shown(weights)}')
    if not array.size:
        raise WeightsError(f'{name} must hold at least one set of 1,326 weights, got shape {array.shape}')
    return _within(array, weights)


def checked_weights(name: str, weights: object) -> np.ndarray:
    """Weights of any shape whose last axis runs over holdings (of any number of cards): a fresh float64 array,
    finite, at least 0, each row totalling at most :data:`MAX_TOTAL_WEIGHT`, with every weight below
    :data:`MIN_WEIGHT` 0, or a :class:`~poker.errors.WeightsError` (the window of :func:`checked_rows`, for
    holdings of fewer than 52 cards).

    >>> checked_weights('weights', [[1, 5e-324], [0.5, 0]]).tolist()
    [[1.0, 0.0], [0.5, 0.0]]
    """
    array = np.asarray(real_array(name, weights, error=WeightsError))  # (one number: a 0-d array, to write in)
    if (array < 0).any():
        raise WeightsError(f'{name} must be weights of at least 0, got {shown(float(array.min()))} in '
                           f'{shown(weights)}')
    return _within(array, weights)


def remove_known(sets: np.ndarray, cards: Iterable[int | Card]) -> np.ndarray:
    """Copies of the weight ``sets`` (shape (k, 1326), or one set of 1,326) with every holding touching
    ``cards`` (card indices, or cards) set to 0.

    Raises :class:`~poker.errors.WeightsError` if a set has no weight left: opponents never hold a
    known card, so such a set describes an impossible opponent.
    """
    numbers = list(read_indices('cards', cards))
    result = checked_rows('weight sets', sets).reshape(-1, HOLDING_COUNT).copy()

    def which(row: int) -> str:
        return f'weight set {row + 1} of {len(result)}' if len(result) > 1 else 'the weights'

    empty = np.flatnonzero(~result.any(axis=1))
    if empty.size:  # an empty range, say: no need to blame the known cards
        raise WeightsError(f'{which(int(empty[0]))} give no holding any weight ({ZERO_RULE})')
    result[:, _holdings_with_card()[numbers].ravel()] = 0.0
    empty = np.flatnonzero(~result.any(axis=1))
    if empty.size:
        known = format_cards(Card.from_index(c) for c in sorted(numbers))
        raise WeightsError(f'{which(int(empty[0]))} give no holding any weight once the known cards {shown(known)} '
                           'are removed')
    return result
