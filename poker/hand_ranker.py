"""The exact 5-7 card hand ranker, for one hand and for NumPy batches, on the same tables.

A hand value is an int from 1 to 7,462; higher is stronger, and equally strong hands have equal values.
The wheel (5-4-3-2-A) is the lowest straight and the steel wheel the lowest straight flush.

>>> from poker import parse_cards
>>> HandRanker.rank(parse_cards('Ah Kh Qh Jh Th 2c 3d'))
7462
>>> HandRanker.describe(HandRanker.rank(parse_cards('Kd Kc 4h 4s 9c')))
'Two Pair, Kings and Fours'
>>> import numpy as np
>>> HandRanker.rank_many(np.array([[48, 44, 40, 36, 32], [12, 8, 4, 0, 48]]))  # Ac-Tc, 5c-Ac
array([7462, 7453], dtype=int16)
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable, Sequence
from typing import ClassVar, Union

import numpy as np

from .card import Card, CardLike, Rank, parse_cards
from .category import HandCategory, _FIRST_VALUES
from .errors import CardCountError, CardParseError, DuplicateCardError, HandValueError, OpponentCountError
from .income_rates import IR2, IR4, IR7
from .validators import index_below, integer_array, shown, whole_number
from .ranking_tables import (
    CARD_BITS, CARD_KEYS, SUIT_KEY_BITS, five_card_classes, flush_suit_table, flush_table, rank_table,
    straight_ranks,
)

__all__ = ['HandRanker']

_KEY_LIST: list[int] = CARD_KEYS.tolist()
_SUIT_MASK = (1 << SUIT_KEY_BITS) - 1
_CATEGORY_STARTS = np.array(_FIRST_VALUES[1:], dtype=np.int16)

BitsLike = Union[np.ndarray, Callable[[np.ndarray], np.ndarray]]


def _bit_sums(columns: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """The sums of :data:`~poker.ranking_tables.CARD_BITS` of the chosen ``rows`` of card ``columns``."""
    chosen = columns[:, rows]
    total = np.take(CARD_BITS, chosen[0])
    for column in chosen[1:]:
        total += np.take(CARD_BITS, column)
    return total


class HandRanker:
    """Ranks hands of 5 to 7 cards exactly.

    Every method is a classmethod, so ``HandRanker.rank_many(...)`` works without an instance, and a
    subclass that overrides one (to count calls, say) is used wherever the subclass is passed in
    (``RankableHand.ranker``, ``Player.ranker``). Hooks meant for overriding: :meth:`rank`,
    :meth:`rank_many` and :meth:`describe`.

    The three income-rate tables (Papp 1998) are reached through :meth:`income_rate`.
    """

    MIN_CARDS: ClassVar[int] = 5
    MAX_CARDS: ClassVar[int] = 7
    MAX_OPPONENTS: ClassVar[int] = 22
    BLOCK_ROWS: ClassVar[int] = 1 << 16
    """:meth:`rank_many` works through a batch this many rows at a time, so its temporaries stay in cache."""

    INCOME_RATES: ClassVar[dict[str, tuple[tuple[int, ...], ...]]] = {'1': IR2, '2-3': IR4, '4+': IR7}
    """Papp's three 13x13 income-rate grids (see :mod:`poker.income_rates`), by number of opponents."""

    # ------------------------------------------------------------------------------ income rates
    @classmethod
    def check_opponents(cls, opponents: int) -> int:
        """``opponents`` if it is a whole number from 1 to :attr:`MAX_OPPONENTS`, else an error."""
        return whole_number('opponents', opponents, minimum=1, maximum=cls.MAX_OPPONENTS, error=OpponentCountError)

    @classmethod
    def income_rate_table(cls, opponents: int = 1) -> tuple[tuple[int, ...], ...]:
        """The 13x13 grid used against ``opponents``: IR2 for 1, IR4 for 2-3, IR7 for 4 or more."""
        count = cls.check_opponents(opponents)
        return cls.INCOME_RATES['1' if count == 1 else '2-3' if count <= 3 else '4+']

    @classmethod
    def income_rate(cls, hand_class: str, opponents: int = 1) -> int:
        """Papp's income rate of a class (``'AKs'``) against ``opponents``, in thousandths of a bet.

        >>> HandRanker.income_rate('AA'), HandRanker.income_rate('AA', 3), HandRanker.income_rate('72o', 9)
        (704, 1554, -495)
        """
        from .starting_hand import class_index
        index = class_index(hand_class)
        return cls.income_rate_table(opponents)[index // 13][index % 13]

    # ----------------------------------------------------------------------------------- one hand
    @classmethod
    def rank(cls, cards: str | Iterable[CardLike]) -> int:
        """The value of 5, 6 or 7 distinct cards (or their text).

        >>> HandRanker.rank('Ah Kh Qh Jh Th'), HandRanker.rank(parse_cards('5c 4d 3h 2s Ac'))
        (7462, 5854)
        """
        return cls.rank_indices([card.index for card in parse_cards(cards)])

    @classmethod
    def rank_indices(cls, indices: Sequence[int]) -> int:
        """The value of 5, 6 or 7 distinct card indices (0 to 51)."""
        try:
            size = -1 if isinstance(indices, (str, bytes)) else len(indices)
        except TypeError:  # a number, a 0-d array
            size = -1
        if size < 0:
            raise CardParseError(f'rank_indices needs a sequence of card indices (0 to 51), got {shown(indices)}')
        if not cls.MIN_CARDS <= size <= cls.MAX_CARDS:
            raise CardCountError(f'a hand to rank needs 5 to 7 cards, got {size}: {shown(list(indices))}')
        if any(index_below(i, 52) is None for i in indices):
            raise CardParseError(f'invalid card index in {shown(list(indices))} (expected whole numbers 0 to 51)')
        indices = [int(i) for i in indices]
        if len(set(indices)) != size:
            raise DuplicateCardError(f'duplicate card index in {shown(indices)}')
        key = sum(_KEY_LIST[i] for i in indices)
        suit = int(flush_suit_table(size)[key & _SUIT_MASK])
        if suit >= 0:
            mask = 0
            for i in indices:
                if i & 3 == suit:
                    mask |= 1 << (i >> 2)
            return int(flush_table()[mask])
        return int(rank_table(size)[key >> SUIT_KEY_BITS])

    @classmethod
    def best_five(cls, cards: Iterable[Card]) -> tuple[Card, ...]:
        """The five cards that make the hand's value, strongest first (of equal choices, the highest cards)."""
        ordered = sorted(cards, reverse=True)
        if len(ordered) == 5:
            chosen: Sequence[Card] = ordered
        else:
            value = cls.rank(ordered)
            chosen = next(five for five in itertools.combinations(ordered, 5) if cls.rank(five) == value)
        return cls._display_order(chosen, cls.rank(chosen))

    @staticmethod
    def _display_order(cards: Sequence[Card], value: int) -> tuple[Card, ...]:
        """Order five cards as a player lays them out: groups first, the wheel's ace last."""
        klass = five_card_classes()[value - 1]
        if klass.category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
            order = straight_ranks(klass.ranks[0])
            return tuple(sorted(cards, key=lambda c: (order.index(c.rank - 2), -c.suit)))
        counts = {rank: sum(c.rank == rank for c in cards) for rank in {c.rank for c in cards}}
        return tuple(sorted(cards, key=lambda c: (-counts[c.rank], -c.rank, -c.suit)))

    @classmethod
    def category(cls, value: int) -> HandCategory:
        """The category of a value."""
        return HandCategory.from_value(value)

    @classmethod
    def describe(cls, value: int) -> str:
        """What a player would say: ``'Two Pair, Kings and Fours'``, ``'Straight, Five-High'``."""
        category = HandCategory.from_value(value)
        ranks = [Rank(r + 2) for r in five_card_classes()[value - 1].ranks]
        if category is HandCategory.STRAIGHT_FLUSH and ranks[0] is Rank.ACE:
            return 'Royal Flush'
        detail = {
            HandCategory.HIGH_CARD: lambda: ranks[0].word,
            HandCategory.ONE_PAIR: lambda: ranks[0].plural,
            HandCategory.TWO_PAIR: lambda: f'{ranks[0].plural} and {ranks[1].plural}',
            HandCategory.THREE_OF_A_KIND: lambda: ranks[0].plural,
            HandCategory.STRAIGHT: lambda: f'{ranks[0].word}-High',
            HandCategory.FLUSH: lambda: f'{ranks[0].word}-High',
            HandCategory.FULL_HOUSE: lambda: f'{ranks[0].plural} over {ranks[1].plural}',
            HandCategory.FOUR_OF_A_KIND: lambda: ranks[0].plural,
            HandCategory.STRAIGHT_FLUSH: lambda: f'{ranks[0].word}-High',
        }[category]()
        return f'{category.label}, {detail}'

    # ---------------------------------------------------------------------------------- batches
    @classmethod
    def rank_many(cls, indices: np.ndarray | Sequence[Sequence[int]], *, validate: bool = True) -> np.ndarray:
        """Values of many hands at once.

        ``indices`` is an integer array of shape (N, k), k from 5 to 7, of card indices; the result is
        an int16 array of N values, each identical to :attr:`RankableHand.value` for that row. With
        ``validate`` (the default) an index outside 0..51 or a card twice in a row raises; engines that
        build their rows from known-good cards pass ``validate=False``.
        """
        cards = integer_array('rank_many\'s card indices', indices, error=CardParseError)
        if cards.ndim != 2 or not cls.MIN_CARDS <= cards.shape[1] <= cls.MAX_CARDS:
            raise CardCountError(f'rank_many needs an array of shape (N, 5..7), got shape {cards.shape}')
        size = cards.shape[1]
        if cards.shape[0] == 0:
            return np.empty(0, dtype=np.int16)
        if validate:
            low, high = int(cards.min()), int(cards.max())
            if low < 0 or high > 51:
                bad = low if low < 0 else high
                row = int(np.argwhere(cards == bad)[0, 0])
                raise CardParseError(f'invalid card index {bad} in row {row}: {cards[row].tolist()!r}')
        values = np.empty(cards.shape[0], dtype=np.int16)
        for start in range(0, cards.shape[0], cls.BLOCK_ROWS):
            block = cards[start:start + cls.BLOCK_ROWS]
            columns = np.ascontiguousarray(block.T, dtype=np.intp)
            if validate:
                cls._check_distinct(columns, cards, start)
            keys = np.take(CARD_KEYS, columns[0])
            for column in columns[1:]:
                keys += np.take(CARD_KEYS, column)
            values[start:start + len(block)] = cls.rank_key_sums(keys, size, functools.partial(_bit_sums, columns))
        return values

    @staticmethod
    def _check_distinct(columns: np.ndarray, cards: np.ndarray, start: int) -> None:
        """Raise if a row of ``columns`` (one block of ``cards``, from row ``start``) holds a card twice."""
        small = columns.astype(np.int8)
        repeated = np.zeros(small.shape[1], dtype=bool)
        pair_equal = np.empty_like(repeated)
        for first, second in itertools.combinations(range(len(small)), 2):
            repeated |= np.equal(small[first], small[second], out=pair_equal)
        if repeated.any():
            row = start + int(np.argmax(repeated))
            raise DuplicateCardError(f'duplicate card in row {row}: {cards[row].tolist()!r}')

    @staticmethod
    def rank_key_sums(keys: np.ndarray, size: int, bits: BitsLike) -> np.ndarray:
        """The engine's kernel: values from summed card keys and summed card bits.

        ``keys`` holds, per hand, the sum of :data:`~poker.ranking_tables.CARD_KEYS` of its ``size``
        cards (uint32). ``bits`` is the matching sum of :data:`~poker.ranking_tables.CARD_BITS` (int64),
        or a function that computes it for an array of row numbers (it is needed only for flushes).
        """
        values = np.take(rank_table(size), keys >> SUIT_KEY_BITS)
        flush_suits = np.take(flush_suit_table(size), keys & _SUIT_MASK)
        rows = np.flatnonzero(flush_suits >= 0)
        if rows.size:
            row_bits = bits[rows] if isinstance(bits, np.ndarray) else bits(rows)
            masks = (row_bits >> (13 * flush_suits[rows].astype(np.int64))) & 0x1FFF
            values[rows] = np.take(flush_table(), masks)
        return values

    @classmethod
    def category_many(cls, values: np.ndarray | Sequence[int]) -> np.ndarray:
        """The :class:`HandCategory` number (int8) of each value."""
        array = integer_array('hand values', values, error=HandValueError)
        if array.size and (array.min() < 1 or array.max() > _FIRST_VALUES[-1] + 9):
            raise HandValueError(f'hand values must lie in 1..7462, got {shown(array.min())}..{shown(array.max())}')
        return np.searchsorted(_CATEGORY_STARTS, array, side='right').astype(np.int8)
