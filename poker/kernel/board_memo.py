"""Every holding's value on a board, ranked once per board and ranker class and remembered.

The values *now* (the board as it is, with each holding of two unseen cards) are asked for by every
question on a board: a player's HS, each range pass, the opponent model's re-weighting,
:func:`~poker.stats.strength.hand_strength`. :func:`board_values` ranks them with one ``rank_many`` call
and keeps them in a bounded memo, so later questions on the same board gather instead of ranking.

>>> from poker.cards.card import parse_cards
>>> from poker.cards.holdings import holding_index
>>> known = board_values([card.index for card in parse_cards('Kd 7c 2h 9s 9h')])
>>> int(known.free.sum()), HandRanker.describe(known.values.item(holding_index(49, 50)))  # AdAh
(1081, 'Two Pair, Aces and Nines')
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np
from attrs import field, frozen

from ..cards.holdings import HOLDING_COUNT, HOLDING_MASKS, NUMBER_OF_PAIR
from ..errors import SettingError
from ..ranking.ranker import HandRanker, card_columns
from ..ranking.ranker_inputs import read_ranker
from ..validators import brief, frozen_array, reading, shown, whole_number
from .exact_sums import combine_pieces, whole_pieces
from .kernel_inputs import board_indices, hole_indices, weight_rows
from .positions import enumeration_tables, unseen_cards

__all__ = ['BOARD_MEMO_SIZE', 'BoardMemo', 'BoardValues', 'board_values', 'memoized_board_values', 'read_board_values']

BOARD_MEMO_SIZE = 1024
"""How many boards (per ranker class) :func:`board_values` remembers, least recently used first out: at
about 4 KB a board, some 4 MB at most."""


@frozen(eq=False)
class BoardValues:
    """The value of every holding on one board, as the ranker ranks the board's cards with the holding.

    ``values``: 1,326 int16 values in holding order (read-only), 0 for the holdings that touch the board
    (they never meet it: mask them with ``free``; ``values.item(n)`` reads one as a Python int); ``free``:
    read-only, which holdings share no card with the board; ``mask``: the board's card mask (bit i for
    card index i, as :data:`~poker.cards.holdings.CARD_MASKS`).
    """

    __repr__ = brief

    board: tuple[int, ...] = field(converter=board_indices)
    values: np.ndarray = field(converter=reading(frozen_array, ndim=1))  # type: ignore[misc]
    free: np.ndarray = field(converter=reading(frozen_array, ndim=1))  # type: ignore[misc]
    mask: int = field(converter=reading(whole_number, maximum=(1 << 52) - 1))  # type: ignore[misc]

    def weigh(self, hole: Sequence[int], sets: np.ndarray) -> np.ndarray:
        """Shape (k, 3): per weight set (shape (k, 1326)), the weight of the holdings free of every known
        card that the holding ``hole`` is ahead of, tied with and behind: three weighted sums, nothing ranked."""
        hole = hole_indices(hole, self.board)
        sets = weight_rows(sets)
        if self.values.shape != (HOLDING_COUNT,) or self.free.shape != (HOLDING_COUNT,):
            raise SettingError(f'these board values are not 1,326 values and marks: {shown(self)}')
        return self._weighed(hole, sets)

    def _weighed(self, hole: Sequence[int], sets: np.ndarray) -> np.ndarray:
        """:meth:`weigh` of checked arguments (the engines' own)."""
        values = self.values
        mine = values[NUMBER_OF_PAIR[hole[0]][hole[1]]]
        meets = self.free & ((HOLDING_MASKS & ((1 << hole[0]) | (1 << hole[1]))) == 0)
        weights = sets * meets
        exponent, pieces = whole_pieces(weights)
        if len(pieces) == 1 and exponent == 0:  # whole weights: exact as they come
            return np.stack([weights @ (values < mine), weights @ (values == mine), weights @ (values > mine)], axis=1)
        columns = _OUTCOME_ROWS[np.sign(values - mine) + 1]  # (ahead, tied, behind: one 1 per holding)
        return combine_pieces([piece @ columns for piece in pieces], exponent)  # (summed exactly, rounded once)


_OUTCOME_ROWS = np.eye(3)
_OUTCOME_ROWS.flags.writeable = False


@functools.lru_cache(maxsize=BOARD_MEMO_SIZE)
def _board_values_memo(ranker: type[HandRanker], board: tuple[int, ...]) -> BoardValues:
    mask = sum(1 << card for card in board)
    free = (HOLDING_MASKS & mask) == 0
    numbers = np.flatnonzero(free)  # ascending: the pairs of unseen cards in combinations order
    cards = unseen_cards(board)
    tables = enumeration_tables(len(cards), 0)
    values = np.zeros(HOLDING_COUNT, dtype=np.int16)
    values[numbers] = ranker.rank_many(card_columns(board, np.take(cards, tables.pair_first),
                                                    np.take(cards, tables.pair_second)), validate=False)
    return BoardValues(board, values, free, mask)


class BoardMemo:
    """The memo behind :func:`board_values`, keyed by the ranker class and the sorted board:
    :data:`memoized_board_values` is the one.

    A ranker subclass is its own key, so it never reads another class's values, and it is asked once per
    board (one ``ranker.rank_many`` call of the 1,081, 1,128 or 1,176 holdings free of the board) until
    the board falls out of the memo. ``memoized_board_values.cache_clear()`` empties it;
    ``cache_info()`` counts hits and misses (as :func:`functools.lru_cache` does).
    """

    def __call__(self, ranker: type[HandRanker], board: Sequence[int]) -> BoardValues:
        """The values of every holding on ``board`` (3 to 5 distinct card indices) as ``ranker`` ranks them."""
        key = tuple(sorted(board_indices(board)))
        return _board_values_memo(read_ranker(ranker), key)  # type: ignore[arg-type]  # (a class is hashable)

    def cache_info(self) -> functools._CacheInfo:
        """Hits, misses, the bound and the boards kept."""
        return _board_values_memo.cache_info()

    def cache_clear(self) -> None:
        """Forget every board's values."""
        _board_values_memo.cache_clear()


memoized_board_values = BoardMemo()
"""The per-board memo of every holding's value (see :class:`BoardMemo`)."""


def board_values(board: Sequence[int], ranker: type[HandRanker] = HandRanker) -> BoardValues:
    """The value of every holding on ``board`` (3 to 5 distinct card indices, in any order), memoized.

    Every single-hand question on a board with nothing to come (:class:`~poker.stats.player.Player` on the
    river, or any street with ``lookahead=0``; :func:`~poker.stats.strength.hand_strength`) and the values
    *now* of every look-ahead read their values here: the first question on a board ranks its holdings
    once, by one ``ranker.rank_many`` call, and later ones on the same board (a bot asking its hand against
    each opponent's range, or re-weighting every holding) gather from the memo. The memo is per ranker
    class (a counting ranker sees one call per new board) and bounded (:data:`BOARD_MEMO_SIZE` boards,
    least recently used first out).
    """
    return memoized_board_values(ranker, board)


def read_board_values(board: Sequence[int], ranker: type[HandRanker]) -> BoardValues:
    """:func:`board_values` for a board and a ranker already read at the kernel's door (the kernel's own calls:
    the memo without reading them again)."""
    return _board_values_memo(ranker, tuple(sorted(board)))  # type: ignore[arg-type]  # (a class is hashable)
