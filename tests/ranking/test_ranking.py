"""HandRanker against an independent reference: exhaustive for five cards, hypothesis for six and seven.

The reference below knows nothing of the ranking tables: it names the category of five cards by
counting ranks and suits, breaks ties by the ranks in order of significance, and numbers the 7,462
distinct results from 1 upwards. A 6- or 7-card hand is worth its best five-card subset.
"""

from __future__ import annotations

import functools
import itertools
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import poker
from poker import (
    Card, CardCountError, CardParseError, DuplicateCardError, HandCategory, HandRanker, PokerError, RankableHand,
    parse_cards,
)
from poker.ranking.tables import CARD_KEYS, RANK_KEYS, SUIT_KEY_BITS, SUIT_KEYS

import installed

# ------------------------------------------------------------------------------------ the reference

ReferenceKey = tuple[int, tuple[int, ...]]


def reference_key(cards: Sequence[int]) -> ReferenceKey:
    """(category, tie-break ranks) of five card indices, by counting: no tables involved."""
    ranks = [card >> 2 for card in cards]
    flush = len({card & 3 for card in cards}) == 1
    counts = Counter(ranks)
    # ranks by (multiplicity, rank), most significant first: for KK44 9 that is K, 4, 9
    by_significance = tuple(sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True))
    shape = sorted(counts.values(), reverse=True)
    distinct = sorted(counts, reverse=True)
    top = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            top = distinct[0]
        elif distinct == [12, 3, 2, 1, 0]:  # the wheel: 5-4-3-2-A, five-high
            top = 3
    if top is not None and flush:
        return 8, (top,)
    if shape == [4, 1]:
        return 7, by_significance
    if shape == [3, 2]:
        return 6, by_significance
    if flush:
        return 5, by_significance
    if top is not None:
        return 4, (top,)
    if shape == [3, 1, 1]:
        return 3, by_significance
    if shape == [2, 2, 1]:
        return 2, by_significance
    if shape == [2, 1, 1, 1]:
        return 1, by_significance
    return 0, by_significance


def _representative(ranks: Sequence[int], flush: bool) -> list[int]:
    """Five card indices with these ranks: all clubs for a flush, else suits that make no flush."""
    if flush:
        return [4 * rank for rank in ranks]
    suits = [Counter(ranks[:i])[rank] for i, rank in enumerate(ranks)]  # the n-th copy of a rank: suit n
    if len(set(suits)) == 1:
        suits[-1] = 1
    return [4 * rank + suit for rank, suit in zip(ranks, suits)]


@functools.cache
def reference_values() -> dict[ReferenceKey, int]:
    """Every distinct five-card key, numbered 1 (weakest) to 7,462 in order of strength."""
    keys = set()
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) <= 4:
            keys.add(reference_key(_representative(ranks, flush=False)))
    for ranks in itertools.combinations(range(13), 5):
        keys.add(reference_key(_representative(ranks, flush=True)))
    return {key: value for value, key in enumerate(sorted(keys), start=1)}


def reference_value(cards: Sequence[int]) -> int:
    """The value of 5 to 7 card indices: the best of their five-card subsets."""
    values = reference_values()
    return max(values[reference_key(five)] for five in itertools.combinations(cards, 5))


def all_five_card_hands() -> np.ndarray:
    return np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(52), 5)),
                       dtype=np.int8, count=comb(52, 5) * 5).reshape(-1, 5)


def test_reference_has_the_known_shape() -> None:
    values = reference_values()
    assert len(values) == 7462
    per_category = Counter(category for category, _ in values)
    assert [per_category[c] for c in HandCategory] == [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]


# ------------------------------------------------------------------------------------ five cards

@pytest.fixture(scope='module')
def five_card_values() -> tuple[np.ndarray, np.ndarray]:
    hands = all_five_card_hands()
    return hands, HandRanker.rank_many(hands)


def test_every_five_card_hand_equals_the_reference(five_card_values: tuple[np.ndarray, np.ndarray]) -> None:
    hands, values = five_card_values
    ranks = hands.astype(np.int64) >> 2
    suits = hands & 3
    flush = (suits == suits[:, :1]).all(axis=1)
    # a hand's reference value depends only on its multiset of ranks and whether it is a flush
    signature = (5 ** ranks).sum(axis=1) * 2 + flush
    unique, first, inverse = np.unique(signature, return_index=True, return_inverse=True)
    assert len(unique) == 7462
    reference = reference_values()
    expected = np.array([reference[reference_key(hands[row].tolist())] for row in first], dtype=np.int16)
    np.testing.assert_array_equal(values, expected[inverse])


def test_five_card_census_matches_the_issue(five_card_values: tuple[np.ndarray, np.ndarray]) -> None:
    _, values = five_card_values
    per_value = np.bincount(values, minlength=7463)
    categories = HandRanker.category_many(np.arange(1, 7463))
    hands = np.bincount(categories, weights=per_value[1:], minlength=9).astype(int).tolist()
    distinct = np.bincount(categories, weights=(per_value[1:] > 0).astype(float), minlength=9).astype(int).tolist()
    assert hands == [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]
    assert distinct == [1_277, 2_860, 858, 858, 10, 1_277, 156, 156, 10]
    assert sum(hands) == 2_598_960 and sum(distinct) == 7_462


# ------------------------------------------------------------------------------ six and seven cards

def _hands_with_five_suited(size: int) -> st.SearchStrategy[list[int]]:
    """Hands crowded into few suits and few ranks, where flushes, straights and sets meet."""
    low = st.integers(0, 8)
    return low.flatmap(lambda start: st.lists(
        st.builds(lambda rank, suit: 4 * rank + suit, st.integers(start, start + 4) | st.integers(0, 12),
                  st.sampled_from([0, 0, 0, 1, 2, 3])),
        min_size=size, max_size=size, unique=True))


def hands(size: int) -> st.SearchStrategy[list[int]]:
    uniform = st.lists(st.integers(0, 51), min_size=size, max_size=size, unique=True)
    return uniform | _hands_with_five_suited(size)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from([5, 6, 7]).flatmap(hands))
def test_value_is_the_best_five_card_subset(cards: list[int]) -> None:
    value = HandRanker.rank_indices(cards)
    assert value == reference_value(cards)
    assert value == max(HandRanker.rank_indices(five) for five in itertools.combinations(cards, 5))
    hand = RankableHand([Card.from_index(c) for c in cards])
    assert hand.value == value
    assert HandRanker.rank_many(np.array([cards]))[0] == value


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([5, 6, 7]).flatmap(hands), st.sampled_from([5, 6, 7]).flatmap(hands))
def test_order_of_two_hands_follows_the_reference(first: list[int], second: list[int]) -> None:
    def sign(x: int) -> int:
        return (x > 0) - (x < 0)
    got = HandRanker.rank_indices(first) - HandRanker.rank_indices(second)
    expected = reference_value(first) - reference_value(second)
    assert sign(got) == sign(expected)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from([5, 6, 7]).flatmap(hands))
def test_best_five_makes_the_value(cards: list[int]) -> None:
    hand = RankableHand(' '.join(card_text(c) for c in cards))
    best = hand.best_five
    assert len(best) == 5 and set(best) <= set(hand.cards)
    assert HandRanker.rank(best) == hand.value


def card_text(index: int) -> str:
    return '23456789TJQKA'[index >> 2] + 'cdhs'[index & 3]


@pytest.mark.parametrize('size', [6, 7])
def test_every_non_flush_rank_multiset_of_six_and_seven_cards(size: int) -> None:
    """Exhaustive over the rank table: every multiset of ranks, suited so that no flush is possible."""
    multisets = [ranks for ranks in itertools.combinations_with_replacement(range(13), size)
                 if max(Counter(ranks).values()) <= 4]
    # sorted ranks dealt round the suits: copies of one rank are neighbours, so they get different suits,
    # and no suit gets more than two of the seven cards
    cards = np.array([[4 * rank + i % 4 for i, rank in enumerate(ranks)] for ranks in multisets])
    reference = reference_values()
    best_of_ranks = {}
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) <= 4:
            best_of_ranks[ranks] = reference[reference_key(_representative(ranks, flush=False))]
    expected = [max(best_of_ranks[five] for five in itertools.combinations(ranks, 5)) for ranks in multisets]
    np.testing.assert_array_equal(HandRanker.rank_many(cards), expected)


@pytest.mark.parametrize('size', [5, 6, 7])
@pytest.mark.parametrize('suit', [0, 3])
def test_every_one_suit_hand(size: int, suit: int) -> None:
    """Exhaustive over the flush table: every set of ranks in one suit."""
    rank_sets = list(itertools.combinations(range(13), size))
    cards = np.array([[4 * rank + suit for rank in ranks] for ranks in rank_sets])
    expected = [reference_value(row) for row in cards.tolist()]
    np.testing.assert_array_equal(HandRanker.rank_many(cards), expected)


# ------------------------------------------------------------------------------ batches and one hand

@pytest.mark.parametrize('size', [5, 6, 7])
def test_rank_many_equals_rankable_hand_value(size: int) -> None:
    rng = np.random.default_rng(size)
    batch = np.array([rng.choice(52, size, replace=False) for _ in range(3000)])
    values = HandRanker.rank_many(batch)
    assert values.dtype == np.int16 and values.shape == (3000,)
    expected = [RankableHand(' '.join(card_text(c) for c in row)).value for row in batch.tolist()]
    np.testing.assert_array_equal(values, expected)
    np.testing.assert_array_equal(HandRanker.rank_many(batch, validate=False), values)
    np.testing.assert_array_equal(HandRanker.rank_many(batch.astype(np.uint8)), values)
    np.testing.assert_array_equal(HandRanker.rank_many(batch.tolist()), values)


def test_rank_many_names_the_first_bad_row_of_a_large_batch() -> None:
    rng = np.random.default_rng(64)
    batch = np.array([rng.choice(52, 7, replace=False) for _ in range(100_000)], dtype=np.uint8)
    batch[70_150, 6] = batch[70_150, 0]
    batch[90_000, 3] = batch[90_000, 1]
    with pytest.raises(DuplicateCardError, match=r'row 70150: '):
        HandRanker.rank_many(batch)
    assert HandRanker.rank_many(batch, validate=False)[0] == HandRanker.rank_indices(batch[0].tolist())
    batch[80_000, 2] = 52
    with pytest.raises(CardParseError, match=r'invalid card index 52 in row 80000: '):
        HandRanker.rank_many(batch, validate=False)  # an index off the deck is refused even unvalidated


@pytest.mark.parametrize('dtype', [np.int8, np.int16, np.int64])
def test_rank_many_names_the_first_bad_row_whatever_the_dtype(dtype: type) -> None:
    batch = np.array([[0, 1, 2, 3, 4, 5, 6]] * 6, dtype=dtype)
    batch[2, 4], batch[4, 1] = -1, -3  # the first bad row holds neither the smallest index nor the largest
    for validate in (True, False):
        with pytest.raises(CardParseError, match=r'invalid card index -1 in row 2: '):
            HandRanker.rank_many(batch, validate=validate)
    batch[2, 4], batch[3, 0] = 4, 60
    batch[5, 5] = 100
    with pytest.raises(CardParseError, match=r'invalid card index 60 in row 3: '):
        HandRanker.rank_many(batch)


@pytest.mark.parametrize('layout', ['rows', 'columns', 'strided'])
def test_rank_many_finds_a_card_twice_in_every_layout(layout: str) -> None:
    # the rows or the columns packed (a first pass checks the range, the loop the duplicates), or neither
    rng = np.random.default_rng(7)
    hands = np.array([rng.choice(52, 7, replace=False) for _ in range(500)], dtype=np.uint8)
    expected = [RankableHand(' '.join(card_text(c) for c in row)).value for row in hands.tolist()]
    for row, (a, b) in ((300, (6, 2)), (301, (0, 5))):
        hands[row, a] = hands[row, b]
    batch = {'rows': hands, 'columns': np.ascontiguousarray(hands.T).T,
             'strided': np.repeat(hands, 2, axis=1)[:, ::2]}[layout]
    with pytest.raises(DuplicateCardError, match=r'duplicate card in row 300: '):
        HandRanker.rank_many(batch)
    np.testing.assert_array_equal(HandRanker.rank_many(batch[:300]), expected[:300])
    batch[301:, :] = batch[:199]
    np.testing.assert_array_equal(HandRanker.rank_many(batch[301:]), expected[:199])


def test_rank_many_of_no_hands() -> None:
    result = HandRanker.rank_many(np.empty((0, 7), dtype=np.int64))
    assert result.shape == (0,) and result.dtype == np.int16


def test_rank_and_rank_indices_agree() -> None:
    cards = parse_cards('Kd Kc 4h 4s 9c')
    assert HandRanker.rank(cards) == HandRanker.rank_indices([c.index for c in cards]) == reference_value(
        [c.index for c in cards])


@pytest.mark.parametrize('bad, error, quoted', [
    (np.zeros((3, 4), dtype=int), CardCountError, '(3, 4)'),
    (np.zeros((3, 8), dtype=int), CardCountError, '(3, 8)'),
    (np.arange(7), CardCountError, '(7,)'),
    (np.array([[0.0, 1, 2, 3, 4]]), CardParseError, 'float64'),
    (np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 52]]), CardParseError, 'row 1: [5, 6, 7, 8, 52]'),
    (np.array([[0, 1, 2, 3, -1]]), CardParseError, 'row 0: [0, 1, 2, 3, -1]'),
    (np.array([[0, 1, 2, 3, 4, 5], [9, 1, 2, 3, 4, 9]]), DuplicateCardError, 'row 1: [9, 1, 2, 3, 4, 9]'),
])
def test_rank_many_refuses_bad_batches(bad: np.ndarray, error: type[PokerError], quoted: str) -> None:
    with pytest.raises(error) as caught:
        HandRanker.rank_many(bad)
    assert quoted in str(caught.value)


@pytest.mark.parametrize('bad, error', [
    ([0, 1, 2, 3], CardCountError),
    ([0, 1, 2, 3, 4, 5, 6, 7], CardCountError),
    ([0, 1, 2, 3, 3], DuplicateCardError),
    ([0, 1, 2, 3, 52], CardParseError),
    ([0, 1, 2, 3, -1], CardParseError),
    ([0, 1, 2, 3, 'x'], CardParseError),
])
def test_rank_indices_refuses_bad_hands(bad: list, error: type[PokerError]) -> None:
    with pytest.raises(error) as caught:
        HandRanker.rank_indices(bad)
    assert repr(bad) in str(caught.value)


# ------------------------------------------------------------------------------ categories and order

def test_category_many_matches_category_of_every_value() -> None:
    values = np.arange(1, 7463)
    categories = HandRanker.category_many(values)
    assert categories.dtype == np.int8
    assert categories.tolist() == [HandRanker.category(v) for v in values.tolist()]
    assert categories.tolist() == sorted(categories.tolist())
    for category in HandCategory:
        assert HandRanker.category_many([category.first_value, category.last_value]).tolist() == [category] * 2


@pytest.mark.parametrize('bad', [[0], [7463], [1, 2, 8000]])
def test_category_many_refuses_values_outside_the_range(bad: list[int]) -> None:
    with pytest.raises(PokerError):
        HandRanker.category_many(bad)


def value(text: str) -> int:
    return RankableHand.parse(text).value


def test_wheel_is_the_lowest_straight() -> None:
    wheel, six_high = value('5c 4d 3h 2s Ac'), value('6c 5d 4h 3s 2c')
    assert wheel == HandCategory.STRAIGHT.first_value < six_high
    assert wheel > value('Ac Ad Ah Ks Qc')  # the best three of a kind
    assert value('5c 4d 3h 2s Ac 6d Kh') == six_high  # a sixth card in line lifts it
    assert RankableHand.parse('Ac 2s 3h 4d 5c').description == 'Straight, Five-High'


def test_steel_wheel_is_the_lowest_straight_flush_but_beats_four_aces() -> None:
    steel = value('5h 4h 3h 2h Ah')
    assert steel == HandCategory.STRAIGHT_FLUSH.first_value
    assert steel > value('Ac Ad Ah As Kc') == HandCategory.FOUR_OF_A_KIND.last_value
    assert steel < value('6h 5h 4h 3h 2h') < value('Ah Kh Qh Jh Th') == 7462
    assert value('5h 4h 3h 2h Ah Ac Ad') == steel


def test_broadway_beats_king_high_straight() -> None:
    assert value('Ac Kd Qh Js Tc') == HandCategory.STRAIGHT.last_value > value('Kd Qh Js Tc 9c')


@pytest.mark.parametrize('text, description, best_five', [
    ('Ah Kh Qh Jh Th 2c 3d', 'Royal Flush', 'Ah Kh Qh Jh Th'),
    ('9s 8s 7s 6s 5s 5c Ad', 'Straight Flush, Nine-High', '9s 8s 7s 6s 5s'),
    ('5h 4h 3h 2h Ah Ac Ad', 'Straight Flush, Five-High', '5h 4h 3h 2h Ah'),
    ('Ac Ad Ah As Kc Kd Qh', 'Four of a Kind, Aces', 'As Ah Ad Ac Kd'),
    ('Kd Kc Kh 4h 4s 4c 9c', 'Full House, Kings over Fours', 'Kh Kd Kc 4s 4h'),
    ('Ah 9h 7h 4h 2h 2c 2d', 'Flush, Ace-High', 'Ah 9h 7h 4h 2h'),
    ('5c 4d 3h 2s Ac Ad', 'Straight, Five-High', '5c 4d 3h 2s Ad'),
    ('Jc Td 9h 8s 7c 6c 6d', 'Straight, Jack-High', 'Jc Td 9h 8s 7c'),
    ('6c 6d 6h Ks 9c 3d 2h', 'Three of a Kind, Sixes', '6h 6d 6c Ks 9c'),
    ('Kd Kc 4h 4s 9c', 'Two Pair, Kings and Fours', 'Kd Kc 4s 4h 9c'),
    ('Kd Kc 4h 4s 9c 9d 2c', 'Two Pair, Kings and Nines', 'Kd Kc 9d 9c 4s'),
    ('6s 6d Ah Jc 8d 4c 2s', 'One Pair, Sixes', '6s 6d Ah Jc 8d'),
    ('Ah Jc 8d 6s 4c 3d 2h', 'High Card, Ace', 'Ah Jc 8d 6s 4c'),
])
def test_descriptions_and_best_five(text: str, description: str, best_five: str) -> None:
    hand = RankableHand.parse(text)
    assert hand.description == description == HandRanker.describe(hand.value)
    assert hand.best_five == tuple(parse_cards(best_five))
    assert hand.category.label == description.split(',')[0].replace('Royal Flush', 'Straight Flush')


def test_every_value_has_a_description_naming_its_category() -> None:
    for v in range(1, 7463):
        description = HandRanker.describe(v)
        category = HandCategory.from_value(v)
        assert description.startswith(category.label + ', ') or (description == 'Royal Flush' and v == 7462)


# ------------------------------------------------------------------------------ the tables' key claims

def _suit_multisets(size: int) -> list[tuple[int, ...]]:
    return list(itertools.combinations_with_replacement(range(4), size))


@pytest.mark.parametrize('size', [5, 6, 7])
def test_rank_key_sums_differ_for_different_rank_multisets(size: int) -> None:
    sums = Counter()
    for ranks in itertools.combinations_with_replacement(range(13), size):
        if max(Counter(ranks).values()) <= 4:
            sums[sum(RANK_KEYS[r] for r in ranks)] += 1
    assert max(sums.values()) == 1


@pytest.mark.parametrize('size', [5, 6, 7])
def test_suit_key_sum_tells_the_flush_suit(size: int) -> None:
    flush_suit_by_sum: dict[int, set[int | None]] = {}
    for suits in _suit_multisets(size):
        counts = Counter(suits)
        flush = next((s for s in range(4) if counts[s] >= 5), None)
        flush_suit_by_sum.setdefault(sum(SUIT_KEYS[s] for s in suits), set()).add(flush)
    assert all(len(flushes) == 1 for flushes in flush_suit_by_sum.values())
    assert max(flush_suit_by_sum) < 1 << SUIT_KEY_BITS  # the suit field never carries into the rank field


def test_import_builds_no_table() -> None:
    """In a fresh interpreter that imports the package these tests run against (the installed one, when they run
    against a wheel: its source tree has no compiled core), not the source tree's."""
    code = ('import poker, poker.ranking.tables as t; '
            'print(t.rank_table.cache_info().currsize + t.flush_table.cache_info().currsize); print(poker.__file__)')
    result = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, check=True,
                            env=installed.environment())
    assert result.stdout.split('\n')[:2] == ['0', poker.__file__]


def test_seven_card_key_sums_fit_in_32_bits() -> None:
    largest = sorted(CARD_KEYS.tolist())[-7:]  # keys grow with the card index
    assert sum(largest) < 1 << 32
    assert sum(largest) == sum(CARD_KEYS[45:52].tolist()) == 4_006_788_740
