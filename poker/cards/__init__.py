"""Cards and hole cards: the vocabulary every other wing speaks.

* :mod:`~poker.cards.card`: :class:`Card`, :class:`Rank`, :class:`Suit`, a seeded :class:`Deck`, card text;
* :mod:`~poker.cards.holdings`: the numbering of the 1,326 two-card holdings, and their card masks;
* :mod:`~poker.cards.starting_hand`: :class:`StartingHand` and the 169 classes (``'AKs'``, ``'QQ'``);
* :mod:`~poker.cards.income_rates`: Papp's income rates of the 169 classes (three 13x13 grids);
* :mod:`~poker.cards.streets`: the betting rounds and their board sizes;
* :mod:`~poker.cards.isomorphism`: :class:`HandIndexer`, hands numbered up to suit permutation;
* :mod:`~poker.cards.card_inputs`: the wing's door: :data:`CardsLike` and :data:`HoleLike`, what users may pass
  as cards, and the readers that turn them into cards (:func:`read_cards`, :func:`read_hole`,
  :func:`read_board`, :func:`read_indices`).

>>> from poker.cards import Card, StartingHand
>>> Card.parse('Ah').index, StartingHand.parse('Ah Kh').hand_class
(50, 'AKs')
"""

from __future__ import annotations

from .._lazy import lazy_package as _lazy_package

TYPE_CHECKING = False  # not typing's (see poker/__init__.py)
if TYPE_CHECKING:  # what mypy and readers see; at run time each name is imported on first use (__getattr__)
    from .card import Card, CardLike, Deck, Rank, Suit, format_cards, parse_cards
    from .card_inputs import CardsLike, HoleLike, hand_class_of, read_board, read_cards, read_hole, read_hole_cards, read_indices
    from .holdings import HOLDINGS, HOLDING_COUNT, holding_index
    from .income_rates import INCOME_RATES, MAX_OPPONENTS, class_income_rate, income_rate_table
    from .isomorphism import HandIndexer
    from .starting_hand import CLASS_COUNT, CLASS_OF_HOLDING, HAND_CLASSES, StartingHand, class_index, class_size
    from .streets import BOARD_SIZE, BOARD_SIZES, STREETS, STREET_OF_BOARD_SIZE

__all__ = [
    'BOARD_SIZE',
    'BOARD_SIZES',
    'CLASS_COUNT',
    'CLASS_OF_HOLDING',
    'Card',
    'CardLike',
    'CardsLike',
    'Deck',
    'HAND_CLASSES',
    'HOLDINGS',
    'HOLDING_COUNT',
    'HandIndexer',
    'HoleLike',
    'INCOME_RATES',
    'MAX_OPPONENTS',
    'Rank',
    'STREETS',
    'STREET_OF_BOARD_SIZE',
    'StartingHand',
    'Suit',
    'class_income_rate',
    'class_index',
    'class_size',
    'format_cards',
    'hand_class_of',
    'holding_index',
    'income_rate_table',
    'parse_cards',
    'read_board',
    'read_cards',
    'read_hole',
    'read_hole_cards',
    'read_indices',
]

_HOMES: dict[str, str] = {
    'BOARD_SIZE': 'streets',
    'BOARD_SIZES': 'streets',
    'CLASS_COUNT': 'starting_hand',
    'CLASS_OF_HOLDING': 'starting_hand',
    'Card': 'card',
    'CardLike': 'card',
    'CardsLike': 'card_inputs',
    'Deck': 'card',
    'HAND_CLASSES': 'starting_hand',
    'HOLDINGS': 'holdings',
    'HOLDING_COUNT': 'holdings',
    'HandIndexer': 'isomorphism',
    'HoleLike': 'card_inputs',
    'INCOME_RATES': 'income_rates',
    'MAX_OPPONENTS': 'income_rates',
    'Rank': 'card',
    'STREETS': 'streets',
    'STREET_OF_BOARD_SIZE': 'streets',
    'StartingHand': 'starting_hand',
    'Suit': 'card',
    'class_income_rate': 'income_rates',
    'class_index': 'starting_hand',
    'class_size': 'starting_hand',
    'format_cards': 'card',
    'hand_class_of': 'card_inputs',
    'holding_index': 'holdings',
    'income_rate_table': 'income_rates',
    'parse_cards': 'card',
    'read_board': 'card_inputs',
    'read_cards': 'card_inputs',
    'read_hole': 'card_inputs',
    'read_hole_cards': 'card_inputs',
    'read_indices': 'card_inputs',
}
"""The module of each public name, imported on first use (:func:`poker._lazy.lazy_package`)."""

__getattr__, __dir__ = _lazy_package(__name__, _HOMES, globals())
