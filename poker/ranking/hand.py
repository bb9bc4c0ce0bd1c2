"""The cards one player knows, hole cards and board together: a mutable, sorted container.

>>> hand = Hand('Ah Qh')
>>> hand.add('3h 4s Jh')
>>> hand
Hand('3h 4s Jh Qh Ah')
>>> hand.add('Ah')
Traceback (most recent call last):
...
poker.errors.DuplicateCardError: duplicate card 'Ah': Hand already holds it
>>> hand.to_rankable().description
'High Card, Ace'
"""

from __future__ import annotations

from collections.abc import Iterator

from sortedcontainers import SortedList  # type: ignore[import-untyped]

from ..cards.card import Card, CardLike, cards_svg, format_cards, parse_cards
from ..cards.card_inputs import CardsLike
from ..errors import DuplicateCardError, MissingCardError
from ..validators import shown
from .rankable_hand import RankableHand

__all__ = ['Hand']


class Hand:
    """A growing set of known cards, kept in ascending order; it never holds a card twice.

    Mutable, so unhashable; take :meth:`to_rankable` (a frozen value) for something to keep or compare.
    """

    __hash__ = None  # type: ignore[assignment]

    def __init__(self, cards: CardsLike = ()) -> None:
        self._cards: SortedList = SortedList()
        self.add(cards)

    def add(self, cards: CardsLike) -> None:
        """Add one card or several (text or cards); all or none are added."""
        new = parse_cards(cards)
        for card in new:
            if card in self._cards:
                raise DuplicateCardError(f'duplicate card {shown(str(card))}: {type(self).__name__} already holds it')
        self._cards.update(new)

    def remove(self, card: CardLike) -> None:
        """Take one card out."""
        (parsed,) = parse_cards([card])
        if parsed not in self._cards:
            raise MissingCardError(f'card {shown(str(parsed))} is not in {shown(repr(self))}')
        self._cards.remove(parsed)

    def clear(self) -> None:
        """Remove every card."""
        self._cards.clear()

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, lowest first."""
        return tuple(self._cards)

    def to_rankable(self) -> RankableHand:
        """The frozen :class:`RankableHand` of these cards (5 to 7 of them)."""
        return RankableHand(self._cards)

    def __contains__(self, card: object) -> bool:
        if isinstance(card, str):
            card = Card.parse(card)
        return card in self._cards

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __eq__(self, other: object) -> bool:
        return list(self._cards) == list(other._cards) if isinstance(other, Hand) else NotImplemented

    def __str__(self) -> str:
        return format_cards(self._cards)

    def __repr__(self) -> str:
        return f'{type(self).__name__}({format_cards(self._cards)!r})'

    def _repr_svg_(self) -> str:
        """The cards' faces, lowest first, as a notebook shows them."""
        return cards_svg(self._cards)
