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

from ..cards.card_inputs import check_off_board, read_indices
from ..cards.holdings import HOLDING_COUNT
from ..errors import LookaheadError, SettingError
from ..ranges.weights import checked_rows
from ..validators import integer_array, shown, whole_number

__all__ = ['board_indices', 'hole_indices', 'lookahead_on', 'read_holdings', 'read_outcomes', 'weight_row',
           'weight_rows']


def board_indices(board: Sequence[int], sizes: tuple[int, ...] = (3, 4, 5)) -> tuple[int, ...]:
    """A board's card indices: distinct whole numbers 0 to 51, as many as one of ``sizes``."""
    return read_indices('board', board, sizes=sizes)


def hole_indices(hole: Sequence[int], board: tuple[int, ...]) -> tuple[int, int]:
    """Two hole-card indices, distinct and off the ``board``."""
    low, high = read_indices('hole', hole, sizes=(2,))
    check_off_board((low, high), board, hole, board)
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
    """1,326 finite weights of at least 0 totalling at most :data:`~poker.ranges.weights.MAX_TOTAL_WEIGHT`, as
    float64 with every weight below :data:`~poker.ranges.weights.MIN_WEIGHT` 0 (the array itself when it is all
    that already: :func:`~poker.ranges.weights.checked_rows`)."""
    return checked_rows(name, weights, shape=(HOLDING_COUNT,))


def weight_rows(sets: np.ndarray) -> np.ndarray:
    """Weight sets, shape (k, 1326) (or one set of 1,326), each read as :func:`weight_row` reads one."""
    return checked_rows('weight sets', sets).reshape(-1, HOLDING_COUNT)


def read_holdings(name: str, value: np.ndarray) -> np.ndarray:
    """A result's field of holding numbers: a 1-D integer array of numbers 0 to 1,325."""
    return _codes(name, value, HOLDING_COUNT - 1, 'holding numbers (0 to 1325)')


def read_outcomes(name: str, value: np.ndarray) -> np.ndarray:
    """A result's field of outcome codes: a 1-D integer array of AHEAD, TIED and BEHIND (0, 1, 2)."""
    return _codes(name, value, 2, 'outcome codes (0, 1 or 2)')


def _codes(name: str, value: np.ndarray, top: int, what: str) -> np.ndarray:
    """``value`` as a 1-D integer array of numbers 0 to ``top``, else a SettingError saying it must be ``what``."""
    array = integer_array(name, value, ndim=1)
    if array.size and (int(array.min()) < 0 or int(array.max()) > top):
        raise SettingError(f'{name} must be {what}, got {shown(value)}')
    return array
