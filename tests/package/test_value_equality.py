"""``==`` on every public class answers a bool and never raises; a value equals a value made the same way and hashes
like it; one that differs in an array alone is unequal.

A value object's array field compares by one rule (:data:`~poker.validators.ARRAY_VALUE`: the same shape, dtype and
entries, :func:`~poker.validators.same_array`; the array left out of the hash), where attrs' plain ``==`` would ask
NumPy for the truth of an array of booleans, a ValueError. A class that is no value says ``@frozen(eq=False)`` (or
defines no ``==``) and is equal to itself alone. A class that cannot hash (a mutable one) says so in its docstring.
Each public class is met through the instance tests/package/test_reprs.py makes of it.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import attrs
import numpy as np
import pytest

from poker.ranges import Range
from poker.stats.equity_problem import read_problem
from poker.strategy import HoldingStatistics, Policy
from poker.validators import ARRAY_VALUE, same_array
from test_conventions import value_classes  # every attrs class of the package
from test_reprs import MAKERS, RIVER  # an instance of each public class

UNHASHABLE = {'Hand': 'mutable (it takes cards): its frozen value is to_rankable()'}
"""The public classes that compare by value and cannot hash, and why."""


@pytest.fixture(scope='module')
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    root = tmp_path_factory.mktemp('equality')
    return {name: make(root) for name, make in MAKERS.items()}


def by_value(value: object) -> bool:
    """Whether the class of ``value`` compares by value (it has an ``==`` of its own), not by identity."""
    return type(value).__eq__ is not object.__eq__


@pytest.mark.parametrize('name', sorted(MAKERS))
def test_equality_answers_a_bool(name: str, made: dict[str, Any]) -> None:
    value = made[name]
    twin = copy.copy(value)
    assert (value == twin) is by_value(value) and (value != twin) is not by_value(value)
    assert value == value and not value != value  # (reflexive, arrays and all)
    assert (value == object()) is False and (value != object()) is True


@pytest.mark.parametrize('name', sorted(MAKERS))
def test_a_value_made_again_is_equal_and_hashes_alike(name: str, made: dict[str, Any], tmp_path: Path) -> None:
    """Made again, a value is equal (its arrays are other arrays of the same entries) and hashes equal; an object
    compared by identity is another (unless a cache gave the same one); a class that cannot hash is a value that says
    so."""
    value, again = made[name], MAKERS[name](tmp_path)
    assert (value == again) is (by_value(value) or value is again), f'{name}: made twice, {value!r} and {again!r}'
    kind = type(value)
    if kind.__hash__ is None:
        assert name in UNHASHABLE and by_value(value)
        assert 'unhashable' in (kind.__doc__ or ''), f'{name} cannot hash and its docstring does not say so'
        with pytest.raises(TypeError, match='unhashable'):
            hash(value)
    else:
        assert name not in UNHASHABLE and hash(value) == hash(value)
        if by_value(value):
            assert hash(value) == hash(copy.copy(value)) == hash(again)


def _policies() -> list[Policy]:
    """Policies that differ in the probabilities alone, then in the holdings possible as well."""
    return [Policy.everywhere(RIVER, (0.0, 0.25, 0.75)), Policy.everywhere(RIVER, (0.0, 0.75, 0.25)),
            Policy.everywhere(RIVER[:11], (0.0, 0.25, 0.75))]


def _holding_statistics() -> list[HoldingStatistics]:
    """Statistics that differ in one array: ``hs_n``; ``next_card_ppot`` None, then zeros, then ones."""
    stats = MAKERS['HoldingStatistics'](Path())
    return [stats, attrs.evolve(stats, hs_n=stats.hs_n / 2), attrs.evolve(stats, next_card_ppot=np.zeros(1326)),
            attrs.evolve(stats, next_card_ppot=np.ones(1326))]


def _problems() -> list[Any]:
    """Equity questions that differ in the weights alone."""
    problem = read_problem(['AhKd', 'QQ+, AK'], 'Qh 7h 2c', None)
    return [problem, attrs.evolve(problem, weights=problem.weights / 2)]


DIFFERENT = {'Policy': _policies, 'HoldingStatistics': _holding_statistics, 'EquityProblem': _problems,
             'Range': lambda: [Range.parse('QQ+'), Range.parse('QQ+, AKs'), Range.parse('QQ+') * 0.5]}
"""Values of a class with arrays, each unlike the others in its arrays."""


@pytest.mark.parametrize('name', sorted(DIFFERENT))
def test_values_that_differ_in_an_array_are_unequal(name: str) -> None:
    first, second = DIFFERENT[name](), DIFFERENT[name]()  # (the same values again, other arrays)
    for one, value in enumerate(first):
        for other, again in enumerate(second):
            assert (value == again) is (one == other) and (value != again) is (one != other), (name, one, other)
            if one == other:
                assert hash(value) == hash(again)


@pytest.mark.parametrize('first, second, equal', [
    (np.array([1.0, 2.0]), np.array([1.0, 2.0]), True),
    (np.array([0.0]), np.array([-0.0]), True),  # (equal numbers: not compared by their bytes)
    (np.array([1.0, 2.0]), np.array([1.0, 3.0]), False),
    (np.array([1, 2]), np.array([1.0, 2.0]), False),  # the same numbers in another dtype
    (np.array([1, 2], dtype=np.int8), np.array([1, 2], dtype=np.int64), False),
    (np.zeros(3), np.zeros((1, 3)), False),  # a shape that broadcasts to the other
    (np.zeros((2, 0)), np.zeros((0, 2)), False),
    (np.zeros(1), np.zeros(1)[0:1], True),
    (None, None, True),
    (None, np.zeros(0), False),
])
def test_arrays_are_one_value_with_the_same_shape_dtype_and_entries(first: np.ndarray | None,
                                                                    second: np.ndarray | None, equal: bool) -> None:
    assert same_array(first, second) is equal and same_array(second, first) is equal
    assert (ARRAY_VALUE(first) == ARRAY_VALUE(second)) is equal


def _compares_its_fields(kind: type) -> bool:
    """Whether attrs made the class's ``==`` from its fields (not ``eq=False``, nor an ``__eq__`` of its own)."""
    code = getattr(kind.__eq__, '__code__', None)
    return code is not None and code.co_filename.startswith('<attrs generated')


def test_every_array_field_compared_is_compared_by_value() -> None:
    """Each attrs class of the package, public or not, that compares its fields compares an array field by
    ARRAY_VALUE and leaves it out of the hash: the rule the classes met above keep, held for those not met."""
    compared = {f'{name}.{field.name}': (field.eq_key is ARRAY_VALUE, field.hash is False)
                for name, kind in value_classes().items() if _compares_its_fields(kind)
                for field in attrs.fields(kind) if field.eq and 'ndarray' in str(field.type)}
    assert 'poker.strategy.policy.Policy.probabilities' in compared  # the finder sees what it is to check
    assert {name: rule for name, rule in compared.items() if rule != (True, True)} == {}
    assert _compares_its_fields(Policy) and not _compares_its_fields(Range)  # (Range's own == uses same_array)
