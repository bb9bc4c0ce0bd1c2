"""A hand of 5, 6 or 7 cards that has a value: the thing showdowns compare.

>>> hand = RankableHand.parse('Ah Kh Qh Jh Th 2c 3d')
>>> hand.value, hand.category, hand.description
(7462, <HandCategory.STRAIGHT_FLUSH: 8>, 'Royal Flush')
>>> RankableHand.parse('5c4d3h2sAc') < RankableHand.parse('6c5d4h3s2c')
True
>>> hand
<RankableHand Ah Kh Qh Jh Th 3d 2c: Royal Flush (straight flush, value 7462)>
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from attrs import field, frozen

from ..cards.card import Card, cards_svg, format_cards, parse_cards
from ..cards.card_inputs import CardsLike
from ..errors import CardCountError
from ..validators import shown
from .category import HandCategory
from .ranker import HandRanker

__all__ = ['RankableHand']


def _sorted_cards(cards: CardsLike) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(cards), reverse=True))


@frozen(eq=False, order=False, repr=False)
class RankableHand:
    """5 to 7 distinct cards, kept strongest first, with their value, category and best five cards.

    Hands compare by :attr:`value` (``==`` too: equally strong hands are equal), so ``max(hands)`` is
    the showdown winner. The value comes from :attr:`ranker`, a class attribute a subclass may replace.
    """

    ranker: ClassVar[type[HandRanker]] = HandRanker

    cards: tuple[Card, ...] = field(converter=_sorted_cards)
    value: int = field(init=False)

    def __attrs_post_init__(self) -> None:
        if not self.ranker.MIN_CARDS <= len(self.cards) <= self.ranker.MAX_CARDS:
            raise CardCountError(f'a rankable hand needs 5 to 7 cards, got {len(self.cards)}: '
                                 f'{shown(format_cards(self.cards))}')
        object.__setattr__(self, 'value', self.ranker.rank(self.cards))

    @classmethod
    def parse(cls, text: str) -> RankableHand:
        """Read ``'Ah Kh Qh Jh Th 2c 3d'`` (spaces optional)."""
        return cls(text)

    @property
    def category(self) -> HandCategory:
        """The hand's category (``HandCategory.FLUSH`` and so on)."""
        return HandCategory.from_value(self.value)

    @property
    def best_five(self) -> tuple[Card, ...]:
        """The five cards that make the value, as a player would lay them out."""
        return self.ranker.best_five(self.cards)

    @property
    def description(self) -> str:
        """What a player would say: ``'Full House, Kings over Fours'``."""
        return self.ranker.describe(self.value)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __str__(self) -> str:
        return format_cards(self.cards)

    def __repr__(self) -> str:
        """``<RankableHand Ah Kh Qh Jh Th 3d 2c: Royal Flush (straight flush, value 7462)>``: the cards, what a
        player would say, the category and the value."""
        category = self.category.name.lower().replace('_', ' ')
        return (f'<{type(self).__name__} {format_cards(self.cards)}: {self.description} ({category}, '
                f'value {self.value})>')

    def _repr_svg_(self) -> str:
        """The cards' faces, strongest first, with what a player would say below them, as a notebook shows
        them."""
        return cards_svg(self.cards, caption=self.description)

    def __hash__(self) -> int:
        return hash(self.value)

    def __eq__(self, other: object) -> bool:
        return self.value == other.value if isinstance(other, RankableHand) else NotImplemented

    def __ne__(self, other: object) -> bool:
        return self.value != other.value if isinstance(other, RankableHand) else NotImplemented

    def __lt__(self, other: RankableHand) -> bool:
        return self.value < other.value if isinstance(other, RankableHand) else NotImplemented

    def __le__(self, other: RankableHand) -> bool:
        return self.value <= other.value if isinstance(other, RankableHand) else NotImplemented

    def __gt__(self, other: RankableHand) -> bool:
        return self.value > other.value if isinstance(other, RankableHand) else NotImplemented

    def __ge__(self, other: RankableHand) -> bool:
        return self.value >= other.value if isinstance(other, RankableHand) else NotImplemented
