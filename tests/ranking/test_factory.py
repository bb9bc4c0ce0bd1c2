"""HandFactory: one object per card set, a bounded LRU cache, safe between threads."""

from __future__ import annotations

import itertools
import random
import threading
from collections.abc import Callable

import pytest

from poker import Card, CardCountError, HandFactory, RankableHand, StartingHand, parse_cards
from poker.ranking.factory import CacheInfo


def test_same_cards_in_any_order_give_the_same_object() -> None:
    factory = HandFactory()
    cards = parse_cards('Ah Kh Qh Jh Th 2c')
    first = factory.get_hand(cards)
    for order in itertools.permutations(cards):
        assert factory.get_hand(list(order)) is first
    assert factory.get_hand(' '.join(str(c) for c in reversed(cards))) is first
    assert factory.get_hand('AhKhQhJhTh2c') is first
    assert factory.cache_info() == CacheInfo(hits=722, misses=1, maxsize=1 << 20, currsize=1)


@pytest.mark.parametrize('text, kind', [
    ('Ah Kd', StartingHand), ('Ah Kd Qc Jh Ts', RankableHand), ('Ah Kd Qc Jh Ts 9c', RankableHand),
    ('Ah Kd Qc Jh Ts 9c 8c', RankableHand),
])
def test_kind_of_hand_follows_the_card_count(text: str, kind: type) -> None:
    hand = HandFactory().get_hand(text)
    assert type(hand) is kind and hand.cards == tuple(sorted(parse_cards(text), reverse=True))


def test_different_card_sets_give_different_objects() -> None:
    factory = HandFactory()
    straight = factory.get_hand('Ac Kd Qh Js Tc')
    other_straight = factory.get_hand('As Kd Qh Js Tc')
    assert straight == other_straight and straight is not other_straight  # equal value, other cards
    assert factory.cache_info().currsize == 2


def test_least_recently_used_hand_is_evicted() -> None:
    factory = HandFactory(maxsize=2)
    a, b = factory.get_hand('Ah Kh'), factory.get_hand('Qh Jh')
    assert factory.get_hand('Ah Kh') is a  # a is now the most recent
    c = factory.get_hand('Th 9h')  # evicts b
    assert factory.cache_info() == CacheInfo(hits=1, misses=3, maxsize=2, currsize=2)
    assert factory.get_hand('Ah Kh') is a and factory.get_hand('Th 9h') is c
    new_b = factory.get_hand('Qh Jh')  # b was evicted: a new object, and it evicts a
    assert new_b == b and new_b is not b
    assert factory.get_hand('Th 9h') is c
    assert factory.cache_info() == CacheInfo(hits=4, misses=4, maxsize=2, currsize=2)


def test_unbounded_and_zero_sized_caches() -> None:
    unbounded = HandFactory(maxsize=None)
    hands = [unbounded.get_hand([Card.from_index(a), Card.from_index(b)])
             for a, b in itertools.combinations(range(52), 2)]
    assert unbounded.cache_info() == CacheInfo(0, 1326, None, 1326)
    assert unbounded.get_hand('2c 2d') is hands[0]
    no_cache = HandFactory(maxsize=0)
    assert no_cache.get_hand('Ah Kh') == no_cache.get_hand('Ah Kh')
    assert no_cache.cache_info() == CacheInfo(0, 2, 0, 0)


def test_negative_size_is_refused() -> None:
    with pytest.raises(ValueError, match='-1'):
        HandFactory(maxsize=-1)


def test_clear_empties_the_cache_and_resets_the_counts() -> None:
    factory = HandFactory(maxsize=10)
    first = factory.get_hand('Ah Kh')
    factory.get_hand('Ah Kh')
    factory.clear()
    assert factory.cache_info() == CacheInfo(0, 0, 10, 0)
    again = factory.get_hand('Ah Kh')
    assert again == first and again is not first


def test_caller_cards_are_not_changed() -> None:
    cards = ['Th', Card.parse('Ah'), 'Qh', 'Jh', 'Kh']
    before = list(cards)
    HandFactory().get_hand(cards)
    assert cards == before
    as_tuple = tuple(parse_cards('2c 9d'))
    HandFactory().get_hand(as_tuple)
    assert as_tuple == tuple(parse_cards('2c 9d'))


def run_threads(work: Callable[[int], None], count: int) -> None:
    """Run ``work(seed)`` for seeds 0 to ``count - 1``, each in its own thread, and wait for them all."""
    threads = [threading.Thread(target=work, args=(seed,)) for seed in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def test_threads_share_one_object_per_card_set() -> None:
    factory = HandFactory(maxsize=None)
    card_sets = [random.Random(seed).sample(range(52), 5 + seed % 3) for seed in range(40)]
    results: list[list[object]] = []
    barrier = threading.Barrier(8)

    def work(seed: int) -> None:
        order = random.Random(seed)
        barrier.wait()
        mine = []
        for _ in range(10):
            for indices in card_sets:
                shuffled = order.sample(indices, len(indices))
                mine.append((frozenset(indices), factory.get_hand([Card.from_index(i) for i in shuffled])))
        results.append(mine)

    run_threads(work, 8)
    objects: dict[frozenset[int], set[int]] = {}
    for mine in results:
        for key, hand in mine:
            objects.setdefault(key, set()).add(id(hand))
    assert len(results) == 8 and all(len(ids) == 1 for ids in objects.values()) and len(objects) == 40
    info = factory.cache_info()
    assert info.hits + info.misses == 8 * 10 * 40 and info.currsize == 40


def test_threads_with_a_small_cache_stay_consistent() -> None:
    factory = HandFactory(maxsize=16)
    errors: list[BaseException] = []

    def work(seed: int) -> None:
        order = random.Random(seed)
        try:
            for _ in range(2000):
                indices = order.sample(range(52), 5)
                hand = factory.get_hand([Card.from_index(i) for i in indices])
                assert sorted(c.index for c in hand.cards) == sorted(indices)
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    run_threads(work, 4)
    assert not errors
    info = factory.cache_info()
    assert info.hits + info.misses == 8000 and info.currsize <= 16


def test_subclass_hooks() -> None:
    class MyRankable(RankableHand):
        pass

    class MyStarting(StartingHand):
        pass

    class MyFactory(HandFactory):
        rankable_hand_class = MyRankable
        starting_hand_class = MyStarting
        made = 0

        def make_hand(self, cards):  # type: ignore[no-untyped-def, override]
            MyFactory.made += 1
            return super().make_hand(cards)

    factory = MyFactory(maxsize=8)
    assert type(factory.get_hand('Ah Kh')) is MyStarting
    assert type(factory.get_hand('Ah Kh Qh Jh Th')) is MyRankable
    factory.get_hand('Kh Ah')
    assert MyFactory.made == 2
    assert repr(factory) == 'MyFactory(maxsize=8)'


def test_typed_getters_return_the_cached_objects_and_refuse_other_counts() -> None:
    factory = HandFactory()
    hand = factory.get_rankable_hand('Ah Kh Qh Jh Th')
    assert isinstance(hand, RankableHand) and hand is factory.get_hand('Th Jh Qh Kh Ah')
    start = factory.get_starting_hand('Kd Ad')
    assert isinstance(start, StartingHand) and start is factory.get_hand('Ad Kd')
    with pytest.raises(CardCountError, match="'AdKd'"):
        factory.get_rankable_hand('Ad Kd')
    with pytest.raises(CardCountError, match='got 5'):
        factory.get_starting_hand('Ah Kh Qh Jh Th')
