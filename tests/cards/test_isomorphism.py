"""Suit isomorphism: HandIndexer against a brute-force canonical form (the least relabelling of suits)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from poker import CardCountError, CardParseError, DuplicateCardError, PokerError
from poker.cards.isomorphism import BOARD_ROUNDS, STREET_ROUNDS, HandIndexer

PERMUTATIONS = np.array(list(itertools.permutations(range(4))), dtype=np.int64)


def brute_canonical(hands: np.ndarray, rounds: tuple[int, ...]) -> np.ndarray:
    """The least key, over the 24 relabellings of suits, of each hand with every round sorted."""
    hands = np.asarray(hands, dtype=np.int64)
    best = np.full(len(hands), np.iinfo(np.int64).max)
    for permutation in PERMUTATIONS:
        relabelled = (hands >> 2) * 4 + permutation[hands & 3]
        key = np.zeros(len(hands), dtype=np.int64)
        start = 0
        for size in rounds:
            for column in np.sort(relabelled[:, start:start + size], axis=1).T:
                key = key * 52 + column
            start += size
        best = np.minimum(best, key)
    return best


def random_hands(rng: np.random.Generator, count: int, cards: int) -> np.ndarray:
    return np.argsort(rng.random((count, 52)), axis=1)[:, :cards]


@pytest.mark.parametrize('street, size', [('preflop', 169), ('flop', 1_286_792), ('turn', 13_960_050),
                                          ('river', 123_156_254)])
def test_counts(street: str, size: int) -> None:
    assert HandIndexer.for_street(street).size == size


def test_board_and_perfect_recall_counts() -> None:
    assert [HandIndexer(BOARD_ROUNDS[s]).size for s in ('flop', 'turn', 'river')] == [1755, 16432, 134459]
    assert HandIndexer((2, 3, 1)).size == 55_190_538 and HandIndexer((2, 3, 1, 1)).size == 2_428_287_420


def test_preflop_exhaustive() -> None:
    indexer = HandIndexer.for_street('preflop')
    holdings = np.array(list(itertools.combinations(range(52), 2)))
    numbers = indexer.index(holdings)
    canonical = brute_canonical(holdings, (2,))
    # equal numbers exactly for equal canonical forms: the partitions coincide
    pairs = set(zip(numbers.tolist(), canonical.tolist()))
    assert len(pairs) == len(set(numbers.tolist())) == len(set(canonical.tolist())) == 169
    assert sorted(set(numbers.tolist())) == list(range(169))
    assert (indexer.index(indexer.unindex(np.arange(169))) == np.arange(169)).all()


def test_flop_exhaustive_bijection() -> None:
    indexer = HandIndexer.for_street('flop')
    every = np.arange(indexer.size)
    hands = indexer.unindex(every)
    assert (indexer.index(hands) == every).all()
    # the representatives lie in different classes, so the numbers cover every class exactly once
    assert len(np.unique(brute_canonical(hands, (2, 3)))) == indexer.size


@pytest.mark.parametrize('street', ['flop', 'turn', 'river'])
def test_samples_match_the_brute_canonical_form(street: str) -> None:
    indexer = HandIndexer.for_street(street)
    rounds = STREET_ROUNDS[street]
    rng = np.random.default_rng(13)
    hands = random_hands(rng, 20_000, indexer.cards)
    numbers = indexer.index(hands)
    assert numbers.min() >= 0 and numbers.max() < indexer.size
    # a hand and the representative of its number are the same hand up to suits
    assert (brute_canonical(indexer.unindex(numbers), rounds) == brute_canonical(hands, rounds)).all()
    # and every suit relabelling, and every order of the cards within a round, keeps the number
    permutation = PERMUTATIONS[rng.integers(0, 24, len(hands))]
    relabelled = (hands >> 2) * 4 + np.take_along_axis(permutation, hands & 3, axis=1)
    shuffled = relabelled.copy()
    shuffled[:, :2] = shuffled[:, 1::-1]
    shuffled[:, 2:] = np.take_along_axis(shuffled[:, 2:], np.argsort(rng.random(shuffled[:, 2:].shape)), 1)
    assert (indexer.index(shuffled) == numbers).all()


@pytest.mark.parametrize('street', ['turn', 'river'])
def test_sampled_numbers_round_trip(street: str) -> None:
    indexer = HandIndexer.for_street(street)
    numbers = np.random.default_rng(7).integers(0, indexer.size, 50_000)
    numbers[:2] = [0, indexer.size - 1]
    assert (indexer.index(indexer.unindex(numbers)) == numbers).all()


def test_one_hand_as_text() -> None:
    indexer = HandIndexer.for_street('flop')
    assert indexer.index_hand('AhKh', '2c 7d Js') == indexer.index_hand('Ks As', 'Jh 2d 7c')
    assert indexer.index_hand('AhKh', '2c 7d Js') != indexer.index_hand('AhKd', '2c 7d Js')
    hole, board = indexer.canonical_hand(indexer.index_hand('AhKh', '2c 7d Js'))
    assert indexer.index_hand(hole, board) == indexer.index_hand('AhKh', '2c 7d Js')
    assert HandIndexer.for_street('river').index_hand('AhKh', '2c 7d Js 9h 9s') >= 0


def test_bad_input() -> None:
    indexer = HandIndexer.for_street('flop')
    with pytest.raises(CardCountError):
        indexer.index([[0, 1, 2, 3]])
    with pytest.raises(CardParseError):
        indexer.index([[0, 1, 2, 3, 52]])
    with pytest.raises(DuplicateCardError):
        indexer.index([[0, 1, 2, 3, 3]])
    with pytest.raises(CardParseError):
        indexer.unindex([indexer.size])
    with pytest.raises(CardParseError):
        indexer.unindex([0.5])
    with pytest.raises(CardCountError):
        indexer.index_hand('AhKh', '2c 7d')
    with pytest.raises(CardCountError):
        HandIndexer.for_street('showdown')
    with pytest.raises(CardCountError):
        HandIndexer((2, 6))
    with pytest.raises(PokerError):
        indexer.canonical_hand('3')  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.sampled_from(['preflop', 'flop', 'turn', 'river']).flatmap(
    lambda street: st.tuples(st.just(street), st.permutations(range(52)), st.permutations(range(4)))))
def test_suit_permutations_keep_the_number(case: tuple[str, list[int], list[int]]) -> None:
    street, deck, suits = case
    indexer = HandIndexer.for_street(street)
    hand = np.array([deck[:indexer.cards]])
    relabelled = (hand >> 2) * 4 + np.array(suits)[hand & 3]
    assert indexer.index(hand)[0] == indexer.index(relabelled)[0]


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.text(alphabet='AKQJT9876543210cdhsxCDHS♠♥ ,', max_size=24), st.sampled_from(list(STREET_ROUNDS)))
def test_typed_hands_get_a_number_or_a_poker_error(text: str, street: str) -> None:
    indexer = HandIndexer.for_street(street)
    try:
        number = indexer.index_hand(text)
    except PokerError:
        return
    assert 0 <= number < indexer.size


@pytest.mark.parametrize('street', ['flop', 'turn', 'river'])
def test_index_boards_is_index_of_every_hole_pair_on_each_board(street: str) -> None:
    indexer = HandIndexer.for_street(street)
    rng = np.random.default_rng(17)
    decks = np.argsort(rng.random((30, 52)), axis=1)
    boards, rest = decks[:, :indexer.cards - 2], decks[:, indexer.cards - 2:]
    holes = np.stack([rest[:, 0:40:2], rest[:, 1:40:2]], axis=2)          # 20 disjoint pairs per board
    hands = np.concatenate([holes, np.broadcast_to(boards[:, None, :], (30, 20, boards.shape[1]))], axis=2)
    assert (indexer.index_boards(holes, boards) == indexer.index(hands.reshape(600, -1)).reshape(30, 20)).all()
    with pytest.raises(CardCountError):
        HandIndexer((2, 3, 1, 1)).index_boards(holes, boards)
