"""Card, Rank, Suit, parse_cards, format_cards and Deck."""

from __future__ import annotations

import itertools
from unittest import mock

import attrs
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from poker import (
    Card, CardCountError, CardParseError, Deck, DuplicateCardError, Rank, StartingHand, Suit, format_cards, parse_cards,
)
from poker.cards import read_hole, read_hole_cards

ALL_CARDS = [Card.from_index(i) for i in range(52)]


def test_index_follows_rank_then_suit() -> None:
    assert [card.index for card in ALL_CARDS] == list(range(52))
    assert [(card.rank, card.suit) for card in ALL_CARDS] == list(itertools.product(Rank, Suit))
    assert str(Card.from_index(0)) == '2c' and str(Card.from_index(51)) == 'As'
    assert Card.from_index(np.int8(50)) == Card(Rank.ACE, Suit.HEARTS)  # NumPy integers too


def test_ranks_and_suits_are_int_enums() -> None:
    assert [int(r) for r in Rank] == list(range(2, 15)) and [int(s) for s in Suit] == [0, 1, 2, 3]
    assert ''.join(str(r) for r in Rank) == '23456789TJQKA' and ''.join(str(s) for s in Suit) == 'cdhs'
    assert ''.join(s.symbol for s in Suit) == '♣♦♥♠'
    assert Rank.ACE.word == 'Ace' and Rank.ACE.plural == 'Aces' and Rank.SIX.plural == 'Sixes'
    assert Rank.parse('10') is Rank.TEN is Rank.parse('t') and Suit.parse('♠') is Suit.SPADES is Suit.parse('S')


@pytest.mark.parametrize('card', ALL_CARDS, ids=str)
def test_every_card_round_trips(card: Card) -> None:
    text = str(card)
    assert Card.parse(text) == card
    assert Card.parse(text.lower()) == card and Card.parse(text.upper()) == card
    assert Card.parse(card.pretty) == card
    assert Card.parse(f' {text} ') == card
    assert eval(repr(card)) == card
    assert Card.from_index(card.index) == card
    assert card.pretty == f'{card.rank}{card.suit.symbol}'


@pytest.mark.parametrize('text', ['10h', 'Th', 'th', 'TH', '10♥', 'T♡', 't♥'])
def test_ten_of_hearts_spellings(text: str) -> None:
    assert Card.parse(text) == Card(Rank.TEN, Suit.HEARTS)


def test_order_is_by_rank_then_suit() -> None:
    shuffled = ALL_CARDS[::-1]
    assert sorted(shuffled) == ALL_CARDS
    assert Card.parse('2s') < Card.parse('3c') and Card.parse('2c') < Card.parse('2d') < Card.parse('2h')
    assert Card.parse('As') > Card.parse('Ah') >= Card.parse('Ah') and Card.parse('Kd') <= Card.parse('Kd')
    assert max(ALL_CARDS) == Card.parse('As')


def test_cards_are_frozen_hashable_values() -> None:
    assert len(set(ALL_CARDS + [Card.parse(str(c)) for c in ALL_CARDS])) == 52
    assert hash(Card.parse('Ah')) == Card.parse('Ah').index
    assert Card.parse('Ah') != Card.parse('Ad') and Card.parse('Ah') != 'Ah'
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        Card.parse('Ah').rank = Rank.KING  # type: ignore[misc]


def test_subclass_cards_compare_with_cards() -> None:
    class MarkedCard(Card):
        pass

    marked = MarkedCard(Rank.ACE, Suit.HEARTS)
    assert marked == Card.parse('Ah') and Card.parse('Ah') == marked
    assert marked > Card.parse('Kh') and Card.parse('2c') < marked
    assert MarkedCard.parse('Ah').__class__ is MarkedCard
    assert repr(marked) == "MarkedCard.parse('Ah')" and type(eval(repr(marked))) is MarkedCard


@pytest.mark.parametrize('text', ['AhKd10c', 'Ah Kd 10c', 'Ah,Kd,Tc', 'ah; KD ; tc', 'A♥K♦10♣', ' Ah\tKd\nTc '])
def test_parse_cards_reads_many_spellings(text: str) -> None:
    assert parse_cards(text) == [Card.parse('Ah'), Card.parse('Kd'), Card.parse('Tc')]


def test_parse_cards_takes_cards_and_texts() -> None:
    ace = Card.parse('Ah')
    assert parse_cards([ace, 'Kd']) == [ace, Card.parse('Kd')]
    assert parse_cards(ace) == [ace]
    assert parse_cards('') == [] and parse_cards([]) == []
    assert parse_cards('AhAh', allow_duplicates=True) == [ace, ace]


def test_format_and_parse_round_trip_every_holding() -> None:
    for first, second in itertools.combinations(ALL_CARDS, 2):
        for sep in (' ', '', ','):
            text = format_cards((second, first), sep=sep)
            assert parse_cards(text) == [second, first]
    assert format_cards(parse_cards('Ah Kd')) == 'Ah Kd'


def test_long_card_text_makes_no_more_cards_than_it_needs() -> None:
    # 'Ah' 100,000 times once made 100,000 cards before finding the second one the same
    with mock.patch.object(Card, 'parse', wraps=Card.parse) as made:
        with pytest.raises(DuplicateCardError, match="duplicate card 'Ah'"):
            parse_cards('Ah' * 100_000)
    assert made.call_count <= 53
    with pytest.raises(CardParseError, match="invalid card 'xx'"):
        parse_cards('Ah ' * 100 + 'xx')  # every token is read: a bad one after a repeat is still the error
    assert len(parse_cards('Ah' * 1000, allow_duplicates=True)) == 1000


def test_parse_cards_does_not_change_its_input() -> None:
    cards = ['Kd', Card.parse('Ah')]
    parse_cards(cards)
    assert cards == ['Kd', Card.parse('Ah')]


def test_seeded_deck_deals_the_same_cards() -> None:
    first, second = Deck(seed=11), Deck(seed=11)
    assert first.deal(7) == second.deal(7)
    assert list(first) == list(second)
    assert Deck(seed=11).deal(52) != Deck(seed=12).deal(52)


def test_deck_holds_every_card_once_and_deals_from_the_top() -> None:
    deck = Deck(seed=3)
    assert len(deck) == 52 and sorted(deck) == ALL_CARDS
    top = list(deck)[:3]
    assert deck.deal(3) == top and len(deck) == 49
    assert deck.deal(0) == [] and len(deck) == 49
    rest = deck.deal(49)
    assert sorted(top + rest) == ALL_CARDS and len(deck) == 0
    assert repr(deck) == '<Deck of 0 cards>'


def test_deck_iteration_is_a_copy() -> None:
    deck = Deck(seed=1)
    cards = list(deck)
    cards.clear()
    assert len(deck) == 52


def test_seeded_shuffle_is_repeatable_and_keeps_the_cards() -> None:
    first, second = Deck(seed=5), Deck(seed=5)
    before = list(first)
    first.shuffle()
    second.shuffle()
    assert list(first) == list(second) != before
    assert sorted(first) == sorted(before)


def test_deck_takes_numpy_integers() -> None:
    import numpy as np
    assert Deck(seed=np.int64(7)).deal(np.int8(3)) == Deck(seed=7).deal(3)


def test_deck_without_known_cards() -> None:
    deck = Deck(seed=2, exclude='Ah Kh 2c')
    assert len(deck) == 49
    assert not {Card.parse('Ah'), Card.parse('Kh'), Card.parse('2c')} & set(deck)
    assert len(Deck(exclude=[Card.parse('As')])) == 51


# ---------------------------------------------------------------------------- well-formed text: a look-up per card
def _the_long_way(text: str) -> list[Card]:
    """The oracle: the tokenizer and :meth:`Card.parse` of each token, then the duplicate check, with no look-up
    table (what parse_cards did for every text before the fast path)."""
    from poker.cards.card import _tokens

    result = [Card(Rank.parse(token[:-1]), Suit.parse(token[-1])) for token in _tokens(text)]
    if len({card.index for card in result}) != len(result):
        raise DuplicateCardError('duplicate')
    return result


RANK_SPELLINGS = [*'23456789TJQKA', *'tjqka', '10']
SUIT_SPELLINGS = [*'cdhsCDHS♣♦♥♠♧♢♡♤']


def test_every_card_spelling_reads_as_the_long_way() -> None:
    for rank, suit in itertools.product(RANK_SPELLINGS, SUIT_SPELLINGS):
        text = rank + suit
        assert Card.parse(text) == _the_long_way(text)[0] == Card(Rank.parse(rank), Suit.parse(suit))
        assert parse_cards(text) == _the_long_way(text)


def test_well_formed_text_is_read_without_the_tokenizer() -> None:
    # the common spellings (parts apart or written together, commas, semicolons) are a look-up per card;
    # the tokenizer and Card.parse read only odd text ('A h', '10h9c'), and explain a bad card
    with mock.patch('poker.cards.card._tokens', side_effect=AssertionError('tokenized')), \
            mock.patch.object(Card, 'parse', side_effect=AssertionError('parsed')):
        assert parse_cards('Ah Kd 10c, 9♥;qS\tAsKs') == [Card.from_index(i) for i in (50, 45, 32, 30, 43, 51, 47)]
    assert parse_cards('A h 10h9c') == [Card.parse('Ah'), Card.parse('Th'), Card.parse('9c')]


CARDISH = st.lists(st.sampled_from([*RANK_SPELLINGS, *SUIT_SPELLINGS, ' ', ',', ';', '\t', '1', '0', 'x', '\u00a0', 'ſ',
                                    '\u212a']), max_size=14).map(''.join)


@given(CARDISH)
@settings(max_examples=400, deadline=None)
def test_parse_cards_agrees_with_the_long_way(text: str) -> None:
    try:
        expected: list[Card] | type[Exception] = _the_long_way(text)
    except (CardParseError, DuplicateCardError) as error:
        expected = type(error)
    if isinstance(expected, list):
        assert parse_cards(text) == expected
    else:
        with pytest.raises(expected):
            parse_cards(text)


@pytest.mark.parametrize('hole', ['2c Ah', 'Ah2c', 'ah, 2C', ['2c', 'Ah'], (Card.parse('2c'), 'A♥'),
                                  [Card.parse('Ah'), Card.parse('2c')], StartingHand.parse('Ah 2c'), ('2c', 'Ah')],
                         ids=repr)
def test_read_hole_cards_reads_as_read_hole(hole: object) -> None:
    assert read_hole_cards(hole) == read_hole(hole).cards == (Card.parse('Ah'), Card.parse('2c'))  # type: ignore[arg-type]


@pytest.mark.parametrize('hole, error', [('Ah Ah', DuplicateCardError), ('Ah', CardCountError), ('Ah Kd Qc', CardCountError),
                                         ([Card.parse('Ah'), Card.parse('Ah')], DuplicateCardError), ('Ax Kd', CardParseError),
                                         (None, CardParseError), (['Ah', 7], CardParseError)])
def test_read_hole_cards_refuses_what_read_hole_refuses(hole: object, error: type[Exception]) -> None:
    for reader in (read_hole, read_hole_cards):
        with pytest.raises(error):
            reader(hole)  # type: ignore[arg-type]


def test_read_hole_cards_keeps_card_subclasses() -> None:
    class MarkedCard(Card):
        pass

    low, high = MarkedCard(Rank.TWO, Suit.CLUBS), MarkedCard(Rank.ACE, Suit.HEARTS)
    assert [type(card) for card in read_hole_cards([low, high])] == [MarkedCard, MarkedCard]
