"""The census of every 5-, 6- and 7-card hand against the published figures.

Five and seven cards: the issue's figures (the well-known census; 4,824 distinct seven-card values as in
the usual tables). Six cards: Brian Alspach, "6-Card Poker Hands" (2000). The seven-card census ranks all
133,784,560 hands in a few seconds, so it runs with the ordinary tests.
"""

from __future__ import annotations

from math import comb

import pytest

from poker import CardCountError, HandCategory, HandRanker
from poker.ranking.category import CATEGORY_DATA
from poker.ranking.exhaustive import Census, census, five_card_census, seven_card_census, six_card_census

C = HandCategory


def test_five_card_census() -> None:
    result = five_card_census()
    assert result.size == 5
    assert result.hands == {
        C.STRAIGHT_FLUSH: 40, C.FOUR_OF_A_KIND: 624, C.FULL_HOUSE: 3_744, C.FLUSH: 5_108, C.STRAIGHT: 10_200,
        C.THREE_OF_A_KIND: 54_912, C.TWO_PAIR: 123_552, C.ONE_PAIR: 1_098_240, C.HIGH_CARD: 1_302_540}
    assert result.distinct_values == {
        C.STRAIGHT_FLUSH: 10, C.FOUR_OF_A_KIND: 156, C.FULL_HOUSE: 156, C.FLUSH: 1_277, C.STRAIGHT: 10,
        C.THREE_OF_A_KIND: 858, C.TWO_PAIR: 858, C.ONE_PAIR: 2_860, C.HIGH_CARD: 1_277}
    assert result.total_hands == comb(52, 5) and result.total_distinct_values == 7_462


def test_each_five_card_value_has_the_hands_its_suits_allow() -> None:
    """A value is one multiset of ranks (and flush or not): its count is the number of ways to suit it."""
    result = five_card_census()
    assert result.value_counts[0] == 0
    for value in range(1, 7463):
        assert result.value_counts[value] == _suitings(HandCategory.from_value(value)), value


def _suitings(category: HandCategory) -> int:
    """How many five-card hands share one value of the category: the ways to give its ranks suits."""
    pair, trips, single = comb(4, 2), comb(4, 3), 4
    return {
        C.HIGH_CARD: single ** 5 - 4, C.ONE_PAIR: pair * single ** 3, C.TWO_PAIR: pair * pair * single,
        C.THREE_OF_A_KIND: trips * single ** 2, C.STRAIGHT: single ** 5 - 4, C.FLUSH: 4, C.FULL_HOUSE: trips * pair,
        C.FOUR_OF_A_KIND: single, C.STRAIGHT_FLUSH: 4,
    }[category]


def test_six_card_census() -> None:
    result = six_card_census()
    assert result.hands == {
        C.STRAIGHT_FLUSH: 1_844, C.FOUR_OF_A_KIND: 14_664, C.FULL_HOUSE: 165_984, C.FLUSH: 205_792,
        C.STRAIGHT: 361_620, C.THREE_OF_A_KIND: 732_160, C.TWO_PAIR: 2_532_816, C.ONE_PAIR: 9_730_740,
        C.HIGH_CARD: 6_612_900}
    assert result.total_hands == comb(52, 6)


def test_seven_card_census() -> None:
    result = seven_card_census()
    assert result.hands == {
        C.STRAIGHT_FLUSH: 41_584, C.FOUR_OF_A_KIND: 224_848, C.FULL_HOUSE: 3_473_184, C.FLUSH: 4_047_644,
        C.STRAIGHT: 6_180_020, C.THREE_OF_A_KIND: 6_461_620, C.TWO_PAIR: 31_433_400, C.ONE_PAIR: 58_627_800,
        C.HIGH_CARD: 23_294_460}
    assert result.distinct_values == {
        C.STRAIGHT_FLUSH: 10, C.FOUR_OF_A_KIND: 156, C.FULL_HOUSE: 156, C.FLUSH: 1_277, C.STRAIGHT: 10,
        C.THREE_OF_A_KIND: 575, C.TWO_PAIR: 763, C.ONE_PAIR: 1_470, C.HIGH_CARD: 407}
    assert result.total_hands == comb(52, 7) == 133_784_560
    assert result.total_distinct_values == 4_824
    assert [result.hands[c] for c in HandCategory] == [row.seven_card_hands for row in CATEGORY_DATA]


def test_census_uses_the_given_ranker() -> None:
    class CountingRanker(HandRanker):
        hands = 0

        @classmethod
        def rank_many(cls, indices, *, validate=True):  # type: ignore[no-untyped-def, override]
            CountingRanker.hands += len(indices)
            return super().rank_many(indices, validate=validate)

    assert census(5, CountingRanker) == five_card_census()
    assert CountingRanker.hands == comb(52, 5)


@pytest.mark.parametrize('size', [4, 8, 0])
def test_census_refuses_other_sizes(size: int) -> None:
    with pytest.raises(CardCountError, match=repr(size)):
        census(size)


def test_census_is_a_frozen_value() -> None:
    result = Census(5, (0,) * 7463)
    assert result.total_hands == 0 and result.hands[C.FLUSH] == 0
    with pytest.raises(AttributeError):
        result.size = 7  # type: ignore[misc]
