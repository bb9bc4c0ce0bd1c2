"""What users may pass as cards, read in one place: the door of the cards wing.

:data:`CardsLike` names every form of some cards, :data:`HoleLike` every form of two hole cards. The readers
turn them into concrete cards, or raise the narrow :class:`~poker.errors.PokerError` that says what is wrong
(:class:`~poker.errors.CardParseError`, :class:`~poker.errors.CardCountError`,
:class:`~poker.errors.DuplicateCardError`), quoting the input cut short:

* :func:`read_cards`: any number of distinct cards, as a tuple of :class:`~poker.cards.card.Card`;
* :func:`read_hole`: two hole cards, as a :class:`~poker.cards.starting_hand.StartingHand` (:func:`read_hole_cards`:
  the two cards alone, higher first);
* :func:`read_board`: a board of 0, 3, 4 or 5 cards (or the sizes asked for);
* :func:`read_indices`: card indices (0 to 51), as engines take them.

The other wings call them at their doors and pass concrete cards (or indices) inward.

>>> read_cards('Ah Kd'), read_hole(['Kd', 'Ah']).hand_class, read_board('Qh 7h 2c 9s')[-1]
((Card.parse('Ah'), Card.parse('Kd')), 'AKo', Card.parse('9s'))
>>> read_board('Qh 7h')
Traceback (most recent call last):
...
poker.errors.CardCountError: a board has 0, 3, 4 or 5 cards, got 2: 'Qh 7h'
>>> read_indices('board', [51, 0, 7], sizes=(3,))
(51, 0, 7)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Union

from ..errors import CardCountError, CardParseError, DuplicateCardError, HandClassError, PokerError, SettingError
from ..validators import index_below, shown
from .card import Card, CardLike, parse_cards
from .starting_hand import HAND_CLASSES, StartingHand, class_index
from .streets import BOARD_SIZES

__all__ = [
    'CardsLike', 'HoleLike', 'check_off_board', 'hand_class_of', 'read_board', 'read_cards', 'read_hole', 'read_hole_cards',
    'read_indices',
]

CardsLike = Union[Card, str, Iterable[Union[Card, str]]]
"""Some cards: a :class:`~poker.cards.card.Card`, card text (``'Ah Kd'``, ``'AhKd'``, ``'10h 9c'``), or an
iterable of cards and card texts (a list, a tuple, a :class:`~poker.cards.starting_hand.StartingHand`)."""

HoleLike = Union[StartingHand, CardsLike]
"""Two hole cards: a :class:`~poker.cards.starting_hand.StartingHand`, or two cards in any :data:`CardsLike`
form."""


def read_cards(cards: CardsLike, *, allow_duplicates: bool = False) -> tuple[Card, ...]:
    """``cards`` as a tuple of cards, in the order given; a card twice raises
    :class:`~poker.errors.DuplicateCardError` unless ``allow_duplicates``.

    >>> read_cards([Card.parse('Ah'), '10h'])
    (Card.parse('Ah'), Card.parse('Th'))
    """
    if type(cards) is tuple and allow_duplicates is False and all(type(card) is Card for card in cards) \
            and len(set(cards)) == len(cards):
        return cards  # a tuple of distinct cards (as the library passes them): nothing to read
    return tuple(parse_cards(cards, allow_duplicates=allow_duplicates))  # (card text: a look-up per card)


def read_hole(hole: HoleLike) -> StartingHand:
    """Two distinct hole cards as a :class:`~poker.cards.starting_hand.StartingHand` (the higher card first).

    >>> read_hole('2c Ah')
    StartingHand.parse('Ah 2c')
    """
    return hole if isinstance(hole, StartingHand) else StartingHand(hole)


def read_hole_cards(hole: HoleLike) -> tuple[Card, Card]:
    """Two distinct hole cards, the higher first: :func:`read_hole`'s cards, without building a
    :class:`~poker.cards.starting_hand.StartingHand` for two cards or card text (the common forms).

    >>> read_hole_cards('2c Ah')
    (Card.parse('Ah'), Card.parse('2c'))
    """
    kind = type(hole)
    cards: tuple[CardLike, ...] | list[CardLike] | list[Card] | None = (
        hole if isinstance(hole, (tuple, list)) and (kind is tuple or kind is list)
        else parse_cards(hole) if isinstance(hole, str) and kind is str else None)
    if cards is not None and len(cards) == 2:
        first, second = cards
        if type(first) is Card and type(second) is Card and first.index != second.index:
            return (first, second) if first.index > second.index else (second, first)
    return read_hole(hole).cards


def hand_class_of(hand: HoleLike) -> str:
    """The class name (``'A8s'``) of a class name or a holding (``'Ah 8h'``, a
    :class:`~poker.cards.starting_hand.StartingHand`).

    >>> hand_class_of('a8s'), hand_class_of('8h Ah'), hand_class_of(['Td', '9c'])
    ('A8s', 'A8s', 'T9o')
    """
    if isinstance(hand, StartingHand):
        return hand.hand_class
    if isinstance(hand, str):
        text = hand.strip()
        if len(text) <= 3 and not any(c in text for c in '♣♦♥♠') and not (len(text) == 3 and text[1] == ' '):
            try:
                return HAND_CLASSES[class_index(text)]
            except PokerError:
                if len(text) != 2 or text[1].lower() not in 'cdhs':  # not one card ('Ah'): not cards at all
                    raise HandClassError(f'give a starting-hand class (AA, AKs, AKo) or two hole cards, '
                                         f'got {shown(hand)}') from None
    return StartingHand(hand).hand_class


def read_board(board: CardsLike, *, sizes: Iterable[int] = BOARD_SIZES) -> tuple[Card, ...]:
    """A board: distinct cards, as many as one of ``sizes`` (0, 3, 4 or 5 by default).

    >>> read_board('2c 7d Js', sizes=(3, 4, 5))
    (Card.parse('2c'), Card.parse('7d'), Card.parse('Js'))
    """
    allowed = _sizes(sizes)
    cards = read_cards(board)
    if len(cards) not in allowed:
        raise CardCountError(f'a board has {_counts(allowed)} cards, got {len(cards)}: {shown(board)}')
    return cards


def check_off_board(hole: Iterable[int], board: Iterable[int], hole_given: object, board_given: object) -> None:
    """The one rule for hole cards and a board (card indices): no card is in both, else a
    :class:`~poker.errors.DuplicateCardError` that quotes what was given.

    >>> check_off_board([50, 46], [0, 4, 50], 'Ah Kh', '2c 3c Ah')
    Traceback (most recent call last):
    ...
    poker.errors.DuplicateCardError: card 'Ah' is both a hole card and on the board: 'Ah Kh' / '2c 3c Ah'
    """
    shared = set(hole) & set(board)
    if shared:  # (the texts are made only here: the check runs on every statistics call)
        card = Card.from_index(min(shared))
        raise DuplicateCardError(f'card {shown(str(card))} is both a hole card and on the board: {_text(hole_given)} / '
                                 f'{_text(board_given)}')


def _text(given: object) -> str:
    """What was given, quoted: cards already read as their text (``'Ah Kh'``), anything else as it came."""
    if isinstance(given, tuple) and given and all(isinstance(card, Card) for card in given):
        return shown(' '.join(str(card) for card in given))
    return shown(given)


def read_indices(name: str, indices: Iterable[int | Card], *, sizes: Iterable[int] | None = None) -> tuple[int, ...]:
    """Distinct card indices (whole numbers 0 to 51, or cards), as many as one of ``sizes`` if given.

    >>> read_indices('hole', [Card.parse('Ah'), 0])
    (50, 0)
    >>> read_indices('hole', [52])
    Traceback (most recent call last):
    ...
    poker.errors.CardParseError: hole must be card indices (whole numbers 0 to 51), got [52]
    """
    if isinstance(indices, (list, tuple)) and (sizes is None or type(sizes) is tuple and len(indices) in sizes) \
            and all(type(i) is int and 0 <= i < 52 for i in indices) and len(set(indices)) == len(indices):
        return tuple(indices)  # an engine's own list of card indices: nothing to read
    allowed = None if sizes is None else _sizes(sizes)
    if isinstance(indices, (str, bytes)) or not isinstance(indices, Iterable) or getattr(indices, 'ndim', 1) != 1:
        raise CardParseError(f'{name} must be card indices (whole numbers 0 to 51), got {shown(indices)}')
    most = 52 if allowed is None else max(allowed)
    numbers: list[int] = []
    for item in indices:
        number = item.index if isinstance(item, Card) else index_below(item, 52)
        if number is None:
            raise CardParseError(f'{name} must be card indices (whole numbers 0 to 51), got {shown(indices)}')
        if number in numbers:
            raise DuplicateCardError(f'{name} holds card {Card.from_index(number)} twice: {shown(indices)}')
        numbers.append(number)
        if len(numbers) > most:
            break
    if allowed is not None and len(numbers) not in allowed:
        raise CardCountError(f'{name} must hold {_counts(allowed)} cards, got {shown(indices)}')
    return tuple(numbers)


def _sizes(sizes: object) -> tuple[int, ...]:
    """``sizes`` as a tuple of card counts (whole numbers 0 to 52), at least one, else a SettingError."""
    if type(sizes) is tuple and 0 < len(sizes) <= 53 and all(type(count) is int and 0 <= count <= 52
                                                            for count in sizes):
        return sizes  # the library's own tuples (BOARD_SIZES and the like): nothing to read
    counts = tuple(itertools.islice(sizes, 54)) if isinstance(sizes, (tuple, list, range)) else ()
    if not 0 < len(counts) <= 53 or not all(index_below(count, 53) is not None for count in counts):
        raise SettingError(f'sizes must be a list of card counts (0 to 52), got {shown(sizes)}')
    return tuple(int(count) for count in counts)


def _counts(sizes: tuple[int, ...]) -> str:
    """``'0, 3, 4 or 5'``: card counts in a sentence."""
    return ', '.join(str(size) for size in sizes[:-1]) + (' or ' if len(sizes) > 1 else '') + str(sizes[-1])
