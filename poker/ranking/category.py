"""The nine hand categories, declared as data: their order, sizes and the value range each one takes.

Values run from 1 (7-5-4-3-2 offsuit, the weakest five cards) to 7,462 (a royal flush), one value per
class of equally strong five-card hands.

>>> HandCategory.TWO_PAIR.label
'Two Pair'
>>> HandCategory.from_value(7462), HandCategory.from_value(1)
(<HandCategory.STRAIGHT_FLUSH: 8>, <HandCategory.HIGH_CARD: 0>)
>>> HandCategory.STRAIGHT.first_value, HandCategory.STRAIGHT.last_value
(5854, 5863)
"""

from __future__ import annotations

import enum
from bisect import bisect_right
from typing import NamedTuple

from ..errors import HandValueError
from ..validators import CheckedEnumType, index_below, shown

__all__ = ['CATEGORY_DATA', 'CategoryData', 'HandCategory']


class CategoryData(NamedTuple):
    """What is known of a category: its label and its counts among five-card hands."""

    label: str
    five_card_hands: int
    distinct_values: int
    seven_card_hands: int


CATEGORY_DATA: tuple[CategoryData, ...] = (
    CategoryData('High Card', 1_302_540, 1_277, 23_294_460),
    CategoryData('One Pair', 1_098_240, 2_860, 58_627_800),
    CategoryData('Two Pair', 123_552, 858, 31_433_400),
    CategoryData('Three of a Kind', 54_912, 858, 6_461_620),
    CategoryData('Straight', 10_200, 10, 6_180_020),
    CategoryData('Flush', 5_108, 1_277, 4_047_644),
    CategoryData('Full House', 3_744, 156, 3_473_184),
    CategoryData('Four of a Kind', 624, 156, 224_848),
    CategoryData('Straight Flush', 40, 10, 41_584),
)
"""One row per category, weakest first; the counts are the well-known census figures."""

_FIRST_VALUES: list[int] = []
_next = 1
for _row in CATEGORY_DATA:
    _FIRST_VALUES.append(_next)
    _next += _row.distinct_values
NUMBER_OF_VALUES = _next - 1  # 7462


class HandCategory(enum.IntEnum, metaclass=CheckedEnumType):
    """A hand's category, ordered from weakest to strongest; ``HandCategory(n)`` for any ``n`` but 0 to 8 is a
    :class:`~poker.errors.HandValueError`."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @classmethod
    def _missing_(cls, value: object) -> HandCategory:
        raise HandValueError(f'invalid hand category {shown(value)} (expected 0 to 8, or a HandCategory)')

    @property
    def label(self) -> str:
        """The category as a player says it: ``'Full House'``."""
        return CATEGORY_DATA[self].label

    @property
    def first_value(self) -> int:
        """The weakest hand value in this category."""
        return _FIRST_VALUES[self]

    @property
    def last_value(self) -> int:
        """The strongest hand value in this category."""
        return _FIRST_VALUES[self] + CATEGORY_DATA[self].distinct_values - 1

    @classmethod
    def from_value(cls, value: int) -> HandCategory:
        """The category of a hand value (1 to 7,462)."""
        if index_below(value, NUMBER_OF_VALUES + 1) in (None, 0):
            raise HandValueError(f'invalid hand value {shown(value)} (expected 1 to {NUMBER_OF_VALUES})')
        return cls(bisect_right(_FIRST_VALUES, int(value)) - 1)

    def __str__(self) -> str:
        return self.label
