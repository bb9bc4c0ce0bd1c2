"""Two hole cards, their class among the 169 (``'AKs'``, ``'AKo'``, ``'QQ'``), and the 1,326 holdings.

Holdings are numbered in ``itertools.combinations(range(52), 2)`` order (``2c2d`` is 0, ``AhAs`` is
1,325; the formula is in :mod:`poker.cards.holdings`) wherever an array of 1,326 weights is meant. Classes are numbered by their place in the 13x13
grid: ace first, pairs on the diagonal, suited hands above it and offsuit hands below.

>>> hand = StartingHand.parse('KhAh')
>>> hand, hand.hand_class, hand.holding_index
(StartingHand.parse('Ah Kh'), 'AKs', 1314)
>>> HAND_CLASSES[:3], len(HAND_CLASSES), class_size('AKo'), class_size('QQ')
(('AA', 'AKs', 'AQs'), 169, 12, 6)
>>> StartingHand.parse('7c2d').income_rate(), StartingHand.parse('AdAs').income_rate(opponents=5)
(-308, 2043)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import numpy as np
from attrs import field, frozen

from ..errors import CardCountError, CardParseError, HandClassError
from ..validators import index_below, shown
from .card import RANK_CHARS, Card, CardLike, cards_svg, format_cards, parse_cards
from .holdings import HOLDING_COUNT, HOLDINGS, holding_index
from .income_rates import class_income_rate

__all__ = [
    'CLASS_COUNT',
    'CLASS_OF_HOLDING',
    'HAND_CLASSES',
    'StartingHand',
    'class_index',
    'class_size',
]

def _class_name(row: int, column: int) -> str:
    high, low = RANK_CHARS[12 - min(row, column)], RANK_CHARS[12 - max(row, column)]
    if row == column:
        return high + low
    return high + low + ('s' if row < column else 'o')


CLASS_COUNT = 169
"""The number of starting-hand classes: 13 pairs, 78 suited and 78 offsuit hands."""

HAND_CLASSES: tuple[str, ...] = tuple(_class_name(row, column) for row in range(13) for column in range(13))
"""The 169 class names in grid order: row by row from the aces, suited right of the diagonal."""
_CLASS_INDEX = {name: i for i, name in enumerate(HAND_CLASSES)}


def _class_of(low: int, high: int) -> int:
    row, column = 12 - (high >> 2), 12 - (low >> 2)
    if (low & 3) == (high & 3):
        return row * 13 + column  # suited: above the diagonal
    return column * 13 + row  # pairs land on the diagonal either way


CLASS_OF_HOLDING: np.ndarray = np.array([_class_of(int(a), int(b)) for a, b in HOLDINGS], dtype=np.int16)
"""For each of the 1,326 holdings, the index of its class in :data:`HAND_CLASSES`."""
CLASS_OF_HOLDING.flags.writeable = False


def class_index(name: str) -> int:
    """The grid index of a class name (``'AKs'``, ``'ak'`` is not enough: say suited or offsuit)."""
    key = name.strip() if isinstance(name, str) else ''
    key = key[:2].upper() + key[2:].lower()
    if key not in _CLASS_INDEX:
        raise HandClassError(f'unknown starting-hand class {shown(name)} (expected e.g. AA, AKs, AKo)')
    return _CLASS_INDEX[key]


def class_size(name: str) -> int:
    """How many holdings a class has: 6 for a pair, 4 suited, 12 offsuit."""
    key = HAND_CLASSES[class_index(name)]
    return 6 if len(key) == 2 else 4 if key.endswith('s') else 12


def _two_cards(cards: CardLike | Iterable[CardLike]) -> tuple[Card, Card]:
    parsed = sorted(parse_cards(cards), reverse=True)
    if len(parsed) != 2:
        raise CardCountError(f'a starting hand needs exactly 2 cards, got {len(parsed)}: {shown(cards)}')
    return parsed[0], parsed[1]


@frozen(eq=False, order=False, repr=False)
class StartingHand:
    """Exactly two hole cards, higher first.

    Equal when they hold the same cards. :meth:`income_rate` gives Papp's preflop value of the hand's
    class, and :meth:`sort_key` orders starting hands by it.
    """

    cards: tuple[Card, Card] = field(converter=_two_cards)

    @classmethod
    def parse(cls, text: str) -> StartingHand:
        """Read ``'AhKh'`` or ``'Ah Kh'``."""
        return cls(text)

    @classmethod
    def from_holding_index(cls, index: int) -> StartingHand:
        """The holding numbered ``index`` (0 to 1,325)."""
        number = index_below(index, HOLDING_COUNT)
        if number is None:
            raise CardParseError(f'invalid holding index {shown(index)} (expected 0 to 1325)')
        low, high = HOLDINGS[number]
        return cls((Card.from_index(int(low)), Card.from_index(int(high))))

    @classmethod
    def all(cls) -> Iterator[StartingHand]:
        """All 1,326 holdings in index order."""
        return (cls.from_holding_index(i) for i in range(HOLDING_COUNT))

    @property
    def holding_index(self) -> int:
        """The holding's number in ``combinations(range(52), 2)`` order."""
        return holding_index(self.cards[0].index, self.cards[1].index)

    @property
    def class_index(self) -> int:
        """The class's index in :data:`HAND_CLASSES`."""
        return int(CLASS_OF_HOLDING[self.holding_index])

    @property
    def hand_class(self) -> str:
        """``'AKs'``, ``'AKo'`` or ``'QQ'``."""
        return HAND_CLASSES[self.class_index]

    @property
    def is_pair(self) -> bool:
        """True for two cards of one rank."""
        return self.cards[0].rank == self.cards[1].rank

    @property
    def is_suited(self) -> bool:
        """True for two cards of one suit."""
        return self.cards[0].suit == self.cards[1].suit

    def income_rate(self, opponents: int = 1) -> int:
        """Papp's income rate of this hand's class (thousandths of a bet per hand) against ``opponents``."""
        return class_income_rate(self.class_index, opponents)

    def sort_key(self, opponents: int = 1) -> tuple[int, int]:
        """Orders starting hands by income rate against ``opponents`` (then by holding, for a total order)."""
        return (self.income_rate(opponents), self.holding_index)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return 2

    def __hash__(self) -> int:
        return self.holding_index

    def __eq__(self, other: object) -> bool:
        if isinstance(other, StartingHand):
            return self.cards == other.cards
        return NotImplemented

    def __str__(self) -> str:
        return format_cards(self.cards, sep='')

    def __repr__(self) -> str:
        return f'{type(self).__name__}.parse({format_cards(self.cards)!r})'

    def _repr_svg_(self) -> str:
        """The two cards' faces and the class below them, as a notebook shows them."""
        return cards_svg(self.cards, caption=self.hand_class)
