"""A memoizing factory of hands: the same card set, in any order, gives the very same object.

>>> factory = HandFactory(maxsize=1000)
>>> first = factory.get_hand('Ah Kh Qh Jh Th')
>>> first is factory.get_hand(['Th', 'Jh', 'Qh', 'Kh', 'Ah'])
True
>>> factory.get_hand('AhKh')
StartingHand.parse('Ah Kh')
>>> factory.cache_info()
CacheInfo(hits=1, misses=2, maxsize=1000, currsize=2)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import ClassVar, NamedTuple, Union

from ..cards.card import Card, parse_cards
from ..cards.card_inputs import CardsLike, read_cards
from ..cards.starting_hand import StartingHand
from ..errors import CardCountError
from ..validators import shown, whole_number
from .rankable_hand import RankableHand

__all__ = ['CacheInfo', 'HandFactory']

AnyHand = Union[StartingHand, RankableHand]


class CacheInfo(NamedTuple):
    """The cache's counters, as :func:`functools.lru_cache` reports them."""

    hits: int
    misses: int
    maxsize: int | None
    currsize: int


class HandFactory:
    """Memoizes :class:`StartingHand` (2 cards) and :class:`RankableHand` (5-7 cards) by card set.

    A bounded LRU cache (``maxsize`` a whole number of at least 0, or None for unbounded; anything else is
    a :class:`~poker.errors.SettingError`), safe to share between threads. It never
    mutates the cards it is given. Subclass hooks: :attr:`starting_hand_class`,
    :attr:`rankable_hand_class` and :meth:`make_hand` (called on a miss).
    """

    starting_hand_class: ClassVar[type[StartingHand]] = StartingHand
    rankable_hand_class: ClassVar[type[RankableHand]] = RankableHand

    def __init__(self, maxsize: int | None = 1 << 20) -> None:
        self.maxsize = None if maxsize is None else whole_number('maxsize', maxsize, minimum=0)
        self._cache: OrderedDict[int, AnyHand] = OrderedDict()
        self._lock = threading.Lock()
        self._hits = 0
        self._misses = 0

    def get_hand(self, cards: CardsLike) -> AnyHand:
        """The hand of these cards: a cached object if this card set was asked for before."""
        parsed = parse_cards(cards)
        key = 0
        for card in parsed:
            key |= 1 << card.index
        with self._lock:
            hand = self._cache.get(key)
            if hand is not None:
                self._hits += 1
                self._cache.move_to_end(key)
                return hand
        hand = self.make_hand(parsed)
        with self._lock:
            self._misses += 1
            existing = self._cache.setdefault(key, hand)
            self._cache.move_to_end(key)
            if self.maxsize is not None:
                while len(self._cache) > self.maxsize:
                    self._cache.popitem(last=False)
            return existing

    def get_rankable_hand(self, cards: CardsLike) -> RankableHand:
        """:meth:`get_hand` for 5 to 7 cards, typed as a :class:`RankableHand` (other counts raise)."""
        hand = self.get_hand(cards)
        if not isinstance(hand, RankableHand):
            raise CardCountError(f'a rankable hand needs 5 to 7 cards, got 2: {shown(str(hand))}')
        return hand

    def get_starting_hand(self, cards: CardsLike) -> StartingHand:
        """:meth:`get_hand` for two cards, typed as a :class:`StartingHand` (other counts raise)."""
        hand = self.get_hand(cards)
        if not isinstance(hand, StartingHand):
            raise CardCountError(f'a starting hand needs exactly 2 cards, got {len(hand)}: {shown(str(hand))}')
        return hand

    def make_hand(self, cards: CardsLike) -> AnyHand:
        """Build the hand for a cache miss (a hook for subclasses; :meth:`get_hand` passes a list of cards)."""
        cards = list(read_cards(cards))
        if len(cards) == 2:
            return self.starting_hand_class(cards)
        if 5 <= len(cards) <= 7:
            return self.rankable_hand_class(cards)
        raise CardCountError(f'a hand needs 2 or 5 to 7 cards, got {len(cards)}')

    def cache_info(self) -> CacheInfo:
        """Hits, misses, the bound and the current size, like :func:`functools.lru_cache`."""
        with self._lock:
            return CacheInfo(self._hits, self._misses, self.maxsize, len(self._cache))

    def clear(self) -> None:
        """Empty the cache and reset the counts."""
        with self._lock:
            self._cache.clear()
            self._hits = self._misses = 0

    def __repr__(self) -> str:
        return f'{type(self).__name__}(maxsize={self.maxsize!r})'
