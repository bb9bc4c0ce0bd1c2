"""holding_showdowns: sort + inclusion-exclusion against the plain pairwise definition."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from poker.kernel.showdowns import holding_showdowns, pair_groups, pairs_of, sorted_runs


def plain(values: np.ndarray, weights: np.ndarray, cards: int) -> tuple[np.ndarray, np.ndarray]:
    pairs = list(itertools.combinations(range(cards), 2))
    beaten, tied = np.zeros(len(pairs)), np.zeros(len(pairs))
    for p, q in itertools.product(range(len(pairs)), repeat=2):
        if not set(pairs[p]) & set(pairs[q]):
            beaten[p] += weights[q] * (values[p] > values[q])
            tied[p] += weights[q] * (values[p] == values[q])
    return beaten, tied


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 9).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.integers(0, 4), min_size=n * (n - 1) // 2, max_size=n * (n - 1) // 2),
    st.lists(st.sampled_from([0.0, 0.5, 1.0, 3.0]), min_size=n * (n - 1) // 2, max_size=n * (n - 1) // 2))))
def test_against_the_definition(case: tuple[int, list[int], list[float]]) -> None:
    cards, values, weights = case
    values_array, weights_array = np.array(values), np.array(weights)
    expected = plain(values_array, weights_array, cards)
    beaten, tied = holding_showdowns(values_array, weights_array)
    assert np.allclose(beaten, expected[0]) and np.allclose(tied, expected[1])
    counts = holding_showdowns(values_array)
    ones = plain(values_array, np.ones(len(values)), cards)
    assert counts[0].tolist() == ones[0].tolist() and counts[1].tolist() == ones[1].tolist()


def test_batches_are_independent() -> None:
    rng = np.random.default_rng(0)
    values = rng.integers(0, 50, size=(4, 3, 66))
    beaten, tied = holding_showdowns(values)
    for index in np.ndindex(4, 3):
        one = holding_showdowns(values[index])
        assert beaten[index].tolist() == one[0].tolist() and tied[index].tolist() == one[1].tolist()


def test_groups_and_runs() -> None:
    groups, slots = pair_groups(6)
    pairs = pairs_of(6)
    for number, (low, high) in enumerate(pairs.tolist()):
        assert groups.ravel()[slots[number]].tolist() == [number, number]
        assert all(low in pairs[g] for g in groups[low]) and all(high in pairs[g] for g in groups[high])
    below, equal = sorted_runs(np.array([3, 1, 3, 3, 0]), np.array([1.0, 2.0, 4.0, 8.0, 16.0]))
    assert below.tolist() == [18, 16, 18, 18, 0] and equal.tolist() == [13, 2, 13, 13, 16]
    with pytest.raises(ValueError):
        holding_showdowns(np.zeros(7))
