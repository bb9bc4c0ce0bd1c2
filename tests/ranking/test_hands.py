"""Hand (mutable, sorted), StartingHand (the 1,326 holdings and 169 classes) and RankableHand."""

from __future__ import annotations

import itertools
from collections import Counter

import attrs
import numpy as np
import pytest

from poker import Card, DuplicateCardError, Hand, HandCategory, HandRanker, RankableHand, StartingHand, parse_cards
from poker.cards.holdings import HOLDINGS, holding_index
from poker.cards.starting_hand import CLASS_OF_HOLDING, HAND_CLASSES, class_index, class_size

# ------------------------------------------------------------------------------------------ Hand


def test_hand_keeps_its_cards_sorted() -> None:
    hand = Hand('Ah Qh')
    hand.add('3h 4s Jh')
    hand.add(Card.parse('2c'))
    assert hand.cards == tuple(parse_cards('2c 3h 4s Jh Qh Ah'))
    assert list(hand) == list(hand.cards) and len(hand) == 6
    assert str(hand) == '2c 3h 4s Jh Qh Ah'
    assert eval(repr(hand)) == hand


def test_hand_add_remove_clear_contains() -> None:
    hand = Hand()
    assert len(hand) == 0
    hand.add(['Kd', Card.parse('Ks')])
    assert 'Kd' in hand and Card.parse('Ks') in hand and 'Kh' not in hand
    hand.remove('Kd')
    assert hand == Hand('Ks')
    hand.clear()
    assert hand == Hand()


def test_hand_refuses_duplicates_all_or_none() -> None:
    hand = Hand('Ah Kh')
    with pytest.raises(DuplicateCardError, match="'Ah'"):
        hand.add('Qh Ah')
    assert hand == Hand('Ah Kh')


def test_hand_is_mutable_so_unhashable() -> None:
    with pytest.raises(TypeError):
        hash(Hand('Ah'))


def test_hand_to_rankable() -> None:
    hand = Hand('Kd Kc 4h')
    hand.add('4s 9c')
    rankable = hand.to_rankable()
    assert isinstance(rankable, RankableHand)
    assert rankable.description == 'Two Pair, Kings and Fours'
    hand.add('9d')  # the rankable hand is a frozen snapshot
    assert len(rankable) == 5 and hand.to_rankable().description == 'Two Pair, Kings and Nines'


# ----------------------------------------------------------------------------------- StartingHand


def test_holdings_are_in_combinations_order() -> None:
    assert HOLDINGS.shape == (1326, 2)
    assert HOLDINGS.tolist() == [list(pair) for pair in itertools.combinations(range(52), 2)]
    for index, (low, high) in enumerate(itertools.combinations(range(52), 2)):
        assert holding_index(low, high) == holding_index(high, low) == index


def test_every_holding_round_trips() -> None:
    seen = set()
    for index, hand in enumerate(StartingHand.all()):
        assert hand.holding_index == index
        assert StartingHand.from_holding_index(index) == hand
        assert StartingHand.parse(str(hand)) == hand
        assert StartingHand.parse(' '.join(str(c) for c in reversed(hand.cards))) == hand
        assert eval(repr(hand)) == hand
        assert hand.cards[0] > hand.cards[1]
        assert HAND_CLASSES[int(CLASS_OF_HOLDING[index])] == hand.hand_class
        seen.add(hand)
    assert len(seen) == 1326


def test_169_classes_with_their_sizes() -> None:
    assert len(HAND_CLASSES) == len(set(HAND_CLASSES)) == 169
    sizes = Counter(CLASS_OF_HOLDING.tolist())
    assert sorted(sizes) == list(range(169))
    for index, name in enumerate(HAND_CLASSES):
        assert sizes[index] == class_size(name) == {2: 6, 3: 4 if name.endswith('s') else 12}[len(name)]
    kinds = Counter('pair' if len(n) == 2 else n[-1] for n in HAND_CLASSES)
    assert kinds == {'pair': 13, 's': 78, 'o': 78}


def test_class_grid_layout() -> None:
    grid = np.array(HAND_CLASSES).reshape(13, 13)
    assert grid[0, 0] == 'AA' and grid[12, 12] == '22'
    assert grid[0, 1] == 'AKs' and grid[1, 0] == 'AKo' and grid[12, 0] == 'A2o' and grid[0, 12] == 'A2s'
    for row, column in itertools.product(range(13), repeat=2):
        name = grid[row, column]
        assert (row == column) == (len(name) == 2)
        assert (row < column) == name.endswith('s')


@pytest.mark.parametrize('text, hand_class', [
    ('AhKh', 'AKs'), ('KhAh', 'AKs'), ('AhKd', 'AKo'), ('QcQd', 'QQ'), ('7c2d', '72o'), ('2s3s', '32s'),
    ('Td9d', 'T9s'), ('10d 9c', 'T9o'),
])
def test_hand_class_names(text: str, hand_class: str) -> None:
    hand = StartingHand.parse(text)
    assert hand.hand_class == hand_class
    assert hand.class_index == class_index(hand_class) == class_index(hand_class.lower())
    assert hand.is_pair == (len(hand_class) == 2)
    assert hand.is_suited == hand_class.endswith('s')


def test_starting_hand_value_object() -> None:
    hand = StartingHand.parse('KhAh')
    assert hand == StartingHand([Card.parse('Ah'), 'Kh']) and len(hand) == 2
    assert hash(hand) == hand.holding_index == 1314
    assert str(hand) == 'AhKh' and list(hand) == list(parse_cards('Ah Kh'))
    assert hand != StartingHand.parse('AhKd')
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        hand.cards = ()  # type: ignore[misc]


def test_starting_hand_income_rate_orders_hands() -> None:
    aces, seven_deuce = StartingHand.parse('AhAd'), StartingHand.parse('7c2d')
    assert aces.income_rate() == HandRanker.income_rate('AA') > seven_deuce.income_rate()
    assert sorted([seven_deuce, aces], key=StartingHand.sort_key) == [seven_deuce, aces]
    assert aces.sort_key(5) == (HandRanker.income_rate('AA', 5), aces.holding_index)


# ----------------------------------------------------------------------------------- RankableHand


def test_rankable_hand_value_category_best_five() -> None:
    hand = RankableHand.parse('Kd Kc 4h 4s 9c 2d 3c')
    assert hand.value == HandRanker.rank(hand.cards)
    assert hand.category is HandCategory.TWO_PAIR
    assert hand.best_five == tuple(parse_cards('Kd Kc 4s 4h 9c'))
    assert hand.description == 'Two Pair, Kings and Fours'
    assert hand.cards == tuple(sorted(hand.cards, reverse=True)) and len(hand) == 7
    assert list(hand) == list(hand.cards)
    assert str(hand) == 'Kd Kc 9c 4s 4h 3c 2d' and RankableHand.parse(str(hand)).cards == hand.cards
    assert repr(hand) == '<RankableHand Kd Kc 9c 4s 4h 3c 2d: Two Pair, Kings and Fours (two pair, value 4771)>'


@pytest.mark.parametrize('text', ['AhKhQhJhTh', 'Ah Kh Qh Jh Th', 'ah,kh,qh,jh,th', 'Th Jh Qh Kh Ah', 'AhKh Qh JhTh'])
def test_rankable_hand_parse_with_optional_spaces(text: str) -> None:
    hand = RankableHand.parse(text)
    assert hand.cards == tuple(parse_cards('Ah Kh Qh Jh Th')) and hand.description == 'Royal Flush'


def test_rankable_hands_compare_by_value() -> None:
    flush = RankableHand.parse('Ah 9h 7h 4h 2h')
    straight = RankableHand.parse('Ac Kd Qh Js Tc')
    same_straight = RankableHand.parse('As Kh Qd Jc Ts 2c')
    assert straight < flush and flush > straight and straight <= same_straight and straight >= same_straight
    assert straight == same_straight and straight != flush
    assert hash(straight) == hash(same_straight)
    assert max([straight, flush, same_straight]) is flush
    assert (straight == 'Ac Kd Qh Js Tc') is False


def test_rankable_hand_is_frozen() -> None:
    hand = RankableHand.parse('Ah Kh Qh Jh Th')
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        hand.value = 1  # type: ignore[misc]


def test_rankable_hand_subclass_uses_its_ranker() -> None:
    class CountingRanker(HandRanker):
        calls = 0

        @classmethod
        def rank_many(cls, indices, *, validate=True):  # type: ignore[no-untyped-def, override]
            CountingRanker.calls += 1
            return super().rank_many(indices, validate=validate)

    class CountedHand(RankableHand):
        ranker = CountingRanker

    counted = CountedHand.parse('Ah Kh Qh Jh Th')
    assert CountingRanker.calls == 1 and counted.value == 7462
    assert counted == RankableHand.parse('As Ks Qs Js Ts') and counted > RankableHand.parse('2c 3d 4h 5s 7c')
    assert repr(counted) == '<CountedHand Ah Kh Qh Jh Th: Royal Flush (straight flush, value 7462)>'
