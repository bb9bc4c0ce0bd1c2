"""Cards, their ranks and suits, and a seeded :class:`Deck`.

A card is a frozen value object with a compact integer :attr:`Card.index` (``4*(rank-2) + suit``, so
``2c`` is 0 and ``As`` is 51), which the ranking tables and the enumeration engine work on.

>>> card = Card.parse('Ah')
>>> card, str(card), card.index
(Card.parse('Ah'), 'Ah', 50)
>>> Card.parse('10♥') == Card.parse('th') == Card(Rank.TEN, Suit.HEARTS)
True
>>> sorted(parse_cards('Kd 2c As'))
[Card.parse('2c'), Card.parse('Kd'), Card.parse('As')]
"""

from __future__ import annotations

import enum
import random
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Union

from attrs import field, frozen

from ..errors import CardCountError, CardParseError, DuplicateCardError
from ..validators import CheckedEnumType, flag, index_below, read_seed, shown

__all__ = ['Card', 'CardLike', 'Deck', 'Rank', 'Suit', 'format_cards', 'parse_cards']

RANK_CHARS = '23456789TJQKA'
SUIT_CHARS = 'cdhs'
SUIT_SYMBOLS = '♣♦♥♠'


class Rank(enum.IntEnum, metaclass=CheckedEnumType):
    """Card ranks, 2 (deuce) to 14 (ace); ``str`` gives the one-character form. ``Rank(n)`` for any other
    value is a :class:`~poker.errors.CardParseError`."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    def __str__(self) -> str:
        return RANK_CHARS[self - 2]

    @classmethod
    def _missing_(cls, value: object) -> Rank:
        raise CardParseError(f'invalid rank {shown(value)} (expected 2 to 14, or a Rank)')

    @property
    def word(self) -> str:
        """The rank's name in a sentence: ``'Ace'``, ``'Ten'``, ``'Six'``."""
        return self.name.capitalize()

    @property
    def plural(self) -> str:
        """The plural a player says: ``'Aces'``, ``'Sixes'``."""
        return 'Sixes' if self is Rank.SIX else self.word + 's'

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read ``'A'``, ``'t'``, ``'10'`` and so on."""
        if not isinstance(text, str):
            raise CardParseError(f'invalid rank {shown(text)}: expected text such as "A" or "10"')
        upper = text.strip().upper()
        if upper == '10':
            return cls.TEN
        if len(upper) == 1 and upper in RANK_CHARS:
            return cls(RANK_CHARS.index(upper) + 2)
        raise CardParseError(f'invalid rank {shown(text)} (expected one of {RANK_CHARS} or 10)')


class Suit(enum.IntEnum, metaclass=CheckedEnumType):
    """Card suits in bridge order; ``str`` gives ``c``, ``d``, ``h`` or ``s``. ``Suit(n)`` for any other value
    is a :class:`~poker.errors.CardParseError`."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    def __str__(self) -> str:
        return SUIT_CHARS[self]

    @classmethod
    def _missing_(cls, value: object) -> Suit:
        raise CardParseError(f'invalid suit {shown(value)} (expected 0 to 3, or a Suit)')

    @property
    def symbol(self) -> str:
        """``'♣'``, ``'♦'``, ``'♥'`` or ``'♠'``."""
        return SUIT_SYMBOLS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read ``'h'``, ``'H'`` or ``'♥'``."""
        if not isinstance(text, str):
            raise CardParseError(f'invalid suit {shown(text)}: expected text such as "h" or "♥"')
        char = text.strip().lower()
        if len(char) == 1:
            if char in SUIT_CHARS:
                return cls(SUIT_CHARS.index(char))
            if char in SUIT_SYMBOLS:
                return cls(SUIT_SYMBOLS.index(char))
            if char in '♧♢♡♤':
                return cls('♧♢♡♤'.index(char))
        raise CardParseError(f'invalid suit {shown(text)} (expected one of {SUIT_CHARS} or {SUIT_SYMBOLS})')


def _rank(value: int) -> Rank:
    return Rank(value)


def _suit(value: int) -> Suit:
    return Suit(value)


_CARD_TOKEN = re.compile(r'(10|[2-9TJQKA])([CDHS♣♦♥♠♧♢♡♤])', re.IGNORECASE)


@frozen(order=False)
class Card:
    """One playing card: a rank and a suit.

    Cards order by rank, then suit (so ``2c < 2d < ... < As``); equal cards are equal whatever their
    subclass.
    """

    rank: Rank = field(converter=_rank)
    suit: Suit = field(converter=_suit)
    index: int = field(init=False, repr=False)
    """``4*(rank-2) + suit``: ``2c`` is 0, ``2d`` 1, ..., ``As`` 51 (computed once, at construction)."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, 'index', 4 * (int(self.rank) - 2) + int(self.suit))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card: ``'Ah'``, ``'10h'``, ``'th'``, ``'A♥'``."""
        if not isinstance(text, str):
            raise CardParseError(f'invalid card {shown(text)}: expected text such as "Ah"')
        if cls is Card:  # the plain class: well-formed text is one look-up (odd spellings read below)
            card = _CARD_OF_TEXT.get(text)
            if card is not None:
                return card
        stripped = text.strip()
        if len(stripped) < 2:
            raise CardParseError(f'invalid card {shown(text)}: expected a rank and a suit such as "Ah"')
        rank_text, suit_text = stripped[:-1], stripped[-1]
        try:
            rank = Rank.parse(rank_text)
        except CardParseError:
            raise CardParseError(f'invalid card {shown(text)}: unknown rank {shown(rank_text)} '
                                 f'(expected one of {RANK_CHARS} or 10)') from None
        try:
            suit = Suit.parse(suit_text)
        except CardParseError:
            raise CardParseError(f'invalid card {shown(text)}: unknown suit {shown(suit_text)} '
                                 f'(expected one of {SUIT_CHARS} or {SUIT_SYMBOLS})') from None
        return cls(rank, suit)

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with :attr:`index` ``index`` (0 = ``2c`` ... 51 = ``As``)."""
        number = index_below(index, 52)
        if number is None:
            raise CardParseError(f'invalid card index {shown(index)} (expected 0 to 51)')
        if cls is Card:  # cards are immutable, so the plain class shares 52 objects
            return _CARDS[number]
        return cls(Rank((number >> 2) + 2), Suit(number & 3))

    @property
    def pretty(self) -> str:
        """The card with its suit symbol: ``'A♥'``."""
        return f'{self.rank}{self.suit.symbol}'

    def __str__(self) -> str:
        return f'{self.rank}{self.suit}'

    def __repr__(self) -> str:
        return f'{type(self).__name__}.parse({str(self)!r})'

    def _repr_svg_(self) -> str:
        """The card's face, as a notebook shows it (:func:`cards_svg`)."""
        return cards_svg([self])

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index == other.index
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index != other.index
        return NotImplemented

    def __lt__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.index < other.index
        return NotImplemented

    def __le__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.index <= other.index
        return NotImplemented

    def __gt__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.index > other.index
        return NotImplemented

    def __ge__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.index >= other.index
        return NotImplemented


_CARDS: tuple[Card, ...] = tuple(Card(Rank((i >> 2) + 2), Suit(i & 3)) for i in range(52))

_CARD_OF_TEXT: dict[str, Card] = {
    rank + suit: _CARDS[4 * rank_number + suit_number]
    for rank_number, rank_char in enumerate(RANK_CHARS)
    for rank in {rank_char, rank_char.lower(), *(['10'] if rank_char == 'T' else [])}
    for suit_chars in (SUIT_CHARS, SUIT_CHARS.upper(), SUIT_SYMBOLS, '♧♢♡♤')
    for suit_number, suit in enumerate(suit_chars)
}
"""Every card text :meth:`Card.parse` reads without white space around it (``'Ah'``, ``'aH'``, ``'10h'``, ``'A♥'``,
``'A♡'``): the card, so that reading well-formed text is a look-up per card (built once, at import, from the
index formula)."""

CardLike = Union[Card, str]
"""A card, or its text."""


def _text_cards(text: str) -> list[Card] | None:
    """The cards of text whose parts (between white space, commas and semicolons) are each one card or several
    written together (``'AhKd'``), in one look-up per card; None for anything else (odd spacing such as
    ``'A h'``, a bad card), which :func:`_tokens` reads the long way and, if it is wrong, explains."""
    if ',' in text or ';' in text:
        text = text.replace(',', ' ').replace(';', ' ')
    result: list[Card] = []
    for part in text.split():
        card = _CARD_OF_TEXT.get(part)
        if card is not None:
            result.append(card)
            continue
        if len(part) % 2:
            return None
        for start in range(0, len(part), 2):
            card = _CARD_OF_TEXT.get(part[start:start + 2])
            if card is None:
                return None
            result.append(card)
    return result


def _tokens(text: str) -> list[str]:
    """Split card text such as ``'AhKd'``, ``'Ah Kd'``, ``'Ah,Kd'`` or ``'10h 9c'`` into card tokens."""
    compact = re.sub(r'[\s,;]+', '', text)
    tokens: list[str] = []
    position = 0
    while position < len(compact):
        match = _CARD_TOKEN.match(compact, position)
        if match is None:
            bad = compact[position:position + (3 if compact.startswith('10', position) else 2)]
            Card.parse(bad)  # raises the precise error for the bad token
            raise CardParseError(f'invalid card {shown(bad)} in {shown(text)}')  # pragma: no cover
        tokens.append(match.group(0))
        position = match.end()
    return tokens


def cards_svg(cards: Iterable[Card], caption: str = '') -> str:
    """Cards as faces side by side, an SVG picture (what a notebook shows for cards and hands), with
    ``caption`` below them; suits in four colours (:data:`poker.markup.SUIT_COLOURS`).

    >>> picture = cards_svg(parse_cards('Ah Td'), caption='AhTd')
    >>> picture.startswith('<svg'), '>T</text>' in picture, '♦' in picture
    (True, True, True)
    """
    from ..markup import card_faces_svg  # (pictures are for notebooks: reading cards does not import them)

    return card_faces_svg([(str(card.rank), card.suit.symbol, int(card.suit)) for card in cards], caption=caption)


def parse_cards(cards: CardLike | Iterable[CardLike], *, allow_duplicates: bool = False) -> list[Card]:
    """Read cards from text (``'AhKd'``, ``'Ah Kd 10c'``), a card, or an iterable of cards and card texts (the
    forms :data:`poker.cards.card_inputs.CardsLike` names).

    Duplicates raise :class:`DuplicateCardError` unless ``allow_duplicates``.

    >>> parse_cards('Ah Kd')
    [Card.parse('Ah'), Card.parse('Kd')]
    >>> parse_cards('AhAh')
    Traceback (most recent call last):
    ...
    poker.errors.DuplicateCardError: duplicate card 'Ah' in 'AhAh'
    """
    allow_duplicates = flag('allow_duplicates', allow_duplicates)
    if isinstance(cards, str):
        quick = _text_cards(cards)  # well-formed text: a look-up per card
        if quick is not None:
            result = quick
        else:
            tokens = _tokens(cards)  # every token read, so a bad one anywhere is the error
            # 53 cards hold the first card given twice: the cards after it need not be made
            result = [Card.parse(token) for token in (tokens if allow_duplicates else tokens[:53])]
    elif isinstance(cards, Card):
        result = [cards]
    elif isinstance(cards, Iterable) and not isinstance(cards, (bytes, bytearray, Mapping)) \
            and getattr(cards, 'ndim', 1) != 0:
        result = []
        for card in cards:
            result.append(card if isinstance(card, Card) else Card.parse(card))
            if len(result) > 52 and not allow_duplicates:
                break  # a card is already twice: say which below
    else:
        raise CardParseError(f'invalid cards {shown(cards)}: expected text such as "Ah Kd" or an iterable of cards')
    if not allow_duplicates:
        seen: set[int] = set()
        for card in result:
            if card.index in seen:
                given = cards if isinstance(cards, str) else format_cards(result)
                raise DuplicateCardError(f'duplicate card {shown(str(card))} in {shown(given)}')
            seen.add(card.index)
    return result


def format_cards(cards: CardLike | Iterable[CardLike], sep: str = ' ') -> str:
    """``'Ah Kd'``: the cards' texts joined by ``sep`` (cards, or anything :func:`parse_cards` reads).

    >>> format_cards(parse_cards('Ah Kd')), format_cards('10h 9h', sep=',')
    ('Ah Kd', 'Th,9h')
    """
    if not isinstance(sep, str):
        raise CardParseError(f'sep must be text, got {shown(sep)}')
    return sep.join(str(card) for card in parse_cards(cards, allow_duplicates=True))


class Deck:
    """A deck of the 52 cards (or fewer, with ``exclude``) that shuffles with a seed and deals.

    >>> deck = Deck(seed=7)
    >>> hole = deck.deal(2)
    >>> len(hole), len(deck)
    (2, 50)
    >>> Deck(seed=7).deal(2) == hole
    True
    """

    def __init__(self, seed: int | None = None, exclude: CardLike | Iterable[CardLike] = ()) -> None:
        excluded = {card.index for card in parse_cards(exclude)}
        self._random = random.Random(read_seed(seed))  # (a plain int: random.Random takes only Python's own)
        self._cards: list[Card] = [Card.from_index(i) for i in range(52) if i not in excluded]
        self.shuffle()

    def shuffle(self) -> None:
        """Shuffle the cards left in the deck."""
        self._random.shuffle(self._cards)

    def deal(self, count: int = 1) -> list[Card]:
        """Take ``count`` cards from the top."""
        if index_below(count, len(self._cards) + 1) is None:
            raise CardCountError(f'cannot deal {shown(count)} cards from a deck of {len(self._cards)}')
        count = int(count)
        dealt, self._cards = self._cards[:count], self._cards[count:]
        return dealt

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(list(self._cards))

    def __repr__(self) -> str:
        return f'<Deck of {len(self._cards)} cards>'
