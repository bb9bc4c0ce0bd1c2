"""The kernel's arguments, read at its door: card indices, a look-ahead, weight rows.

The kernel's public functions take concrete values (card indices, arrays of 1,326 weights, a
:class:`~poker.ranking.ranker.HandRanker` class) and check them here on entry, with the doors of the wings
below (:func:`~poker.cards.card_inputs.read_indices`, :func:`~poker.ranking.ranker_inputs.read_ranker`): an
engine's own well-formed call takes a fast path of a few type tests, anything else the full reading, which
raises the narrow :class:`~poker.errors.PokerError`.

>>> board_indices([51, 0, 7]), lookahead_on(2, (51, 0, 7), 2)
((51, 0, 7), 2)
>>> lookahead_on(2, (51, 0, 7, 9), 2)
Traceback (most recent call last):
...
poker.errors.LookaheadError: lookahead on a board of 4 cards must be 0 or 1, got 2
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..cards.card import Card
from ..cards.card_inputs import read_indices
from ..errors import DuplicateCardError, LookaheadError, SettingError, WeightsError
from ..validators import integer_array, real_array, shown, whole_number

__all__ = ['board_indices', 'check_holdings', 'check_outcomes', 'hole_indices', 'lookahead_on', 'weight_row',
           'weight_rows']


def _plain(cards: object, sizes: tuple[int, ...]) -> bool:
    """Whether ``cards`` is a list or tuple of as many distinct ints 0 to 51 as one of ``sizes``."""
    return isinstance(cards, (list, tuple)) and type(cards) in (list, tuple) and len(cards) in sizes \
        and all(type(card) is int and 0 <= card < 52 for card in cards) and len(set(cards)) == len(cards)


def board_indices(board: Sequence[int], sizes: tuple[int, ...] = (3, 4, 5)) -> tuple[int, ...]:
    """A board's card indices: distinct whole numbers 0 to 51, as many as one of ``sizes``."""
    if _plain(board, sizes):
        return tuple(board)
    return read_indices('board', board, sizes=sizes)


def hole_indices(hole: Sequence[int], board: tuple[int, ...]) -> tuple[int, int]:
    """Two hole-card indices, distinct and off the ``board``."""
    low, high = hole if _plain(hole, (2,)) else read_indices('hole', hole, sizes=(2,))
    if low in board or high in board:
        card = Card.from_index(low if low in board else high)
        raise DuplicateCardError(f'card {card} is both a hole card and on the board: {shown(hole)} / {shown(board)}')
    return low, high


def lookahead_on(lookahead: int, board: Sequence[int], most: int) -> int:
    """``lookahead`` if it is a whole number of cards to come on ``board``: 0 to ``most``, and no more than the
    board leaves before the river (5 board cards)."""
    limit = min(most, 5 - len(board))
    if type(lookahead) is int and 0 <= lookahead <= limit:
        return lookahead
    try:
        return whole_number('lookahead', lookahead, maximum=limit, error=LookaheadError)
    except LookaheadError:
        allowed = ' or '.join(str(n) for n in range(limit + 1))
        raise LookaheadError(f'lookahead on a board of {len(board)} cards must be {allowed}, got {shown(lookahead)}') \
            from None


def weight_row(name: str, weights: np.ndarray) -> np.ndarray:
    """1,326 finite weights of at least 0, as float64 (the array itself when it is one already)."""
    if type(weights) is np.ndarray and weights.dtype == np.float64 and weights.shape == (1326,) \
            and weights.min() >= 0 and weights.max() < np.inf:  # (NaN fails the first test)
        return weights
    row = real_array(name, weights, shape=(1326,), error=WeightsError)
    if (row < 0).any():
        raise WeightsError(f'{name} must be weights of at least 0, got {shown(weights)}')
    return row


def weight_rows(sets: np.ndarray) -> np.ndarray:
    """Weight sets, shape (k, 1326) (or one set of 1,326): finite weights of at least 0, as float64."""
    if type(sets) is np.ndarray and sets.dtype == np.float64 and sets.ndim in (1, 2) and sets.shape[-1] == 1326 \
            and sets.size and sets.min() >= 0 and sets.max() < np.inf:  # (NaN fails the first test)
        return sets.reshape(-1, 1326)
    rows = real_array('weight sets', sets, error=WeightsError)
    if rows.ndim not in (1, 2) or rows.shape[-1] != 1326 or (rows < 0).any():
        raise WeightsError(f'weight sets must be an array of shape (k, 1326) of weights of at least 0, got '
                           f'{shown(sets)}')
    return rows.reshape(-1, 1326)


def check_holdings(name: str, value: np.ndarray) -> None:
    """A result's field of holding numbers: a 1-D integer array of numbers 0 to 1,325."""
    array = integer_array(name, value, ndim=1)
    if array.size and (int(array.min()) < 0 or int(array.max()) > 1325):
        raise SettingError(f'{name} must be holding numbers (0 to 1325), got {shown(value)}')


def check_outcomes(name: str, value: np.ndarray) -> None:
    """A result's field of outcome codes: a 1-D integer array of AHEAD, TIED and BEHIND (0, 1, 2)."""
    array = integer_array(name, value, ndim=1)
    if array.size and (int(array.min()) < 0 or int(array.max()) > 2):
        raise SettingError(f'{name} must be outcome codes (0, 1 or 2), got {shown(value)}')
