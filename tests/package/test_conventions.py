"""One rule per convention, checked on the package itself: ``read_*`` returns a value, ``check_*`` returns None.

A reader who meets ``read_opponents(...)`` knows to use what it gives; one who meets ``check_manifest(...)`` knows
it only refuses. Every function and method of the package whose name (past a leading underscore) starts with one of
the two words says so in its return annotation. The betting rules of :class:`~poker.strategy.advice.LokiStrategy`
named after the poker action (``check_raise``, ``check_or_fold``) answer with advice: they are not checks.
"""

from __future__ import annotations

import fractions
import importlib
import inspect
import pkgutil
import types
from collections.abc import Callable, Iterator

import attrs
import numpy as np
import pytest

import poker
from poker import BettingError, HandStatistics, SettingError, Situation, range_statistics
from poker.strategy.advice import LokiStrategy

BETTING_RULES = frozenset(LokiStrategy.rules)
"""Methods named after a poker action, not after the word of a convention."""


def package_modules() -> list[types.ModuleType]:
    return [importlib.import_module(info.name)
            for info in pkgutil.walk_packages(poker.__path__, 'poker.') if not info.name.endswith('__main__')]


def functions_of(module: types.ModuleType) -> Iterator[tuple[str, Callable[..., object]]]:
    """The functions a module defines and the methods of the classes it defines, by qualified name."""
    for name, value in vars(module).items():
        if getattr(value, '__module__', None) != module.__name__:
            continue
        if inspect.isfunction(value):
            yield f'{module.__name__}.{name}', value
        elif inspect.isclass(value):
            for member_name, member in vars(value).items():
                function = member.__func__ if isinstance(member, (classmethod, staticmethod)) else member
                if inspect.isfunction(function) and member_name not in BETTING_RULES:
                    yield f'{module.__name__}.{name}.{member_name}', function


def named(word: str) -> dict[str, str]:
    """Each function named ``word_*`` (or ``_word_*``) and its return annotation as written (no annotation: '')."""
    found: dict[str, str] = {}
    for module in package_modules():
        for name, function in functions_of(module):
            if function.__name__.lstrip('_').startswith(f'{word}_'):
                annotation = inspect.signature(function, eval_str=False).return_annotation
                found[name] = '' if annotation is inspect.Signature.empty else str(annotation)
    return found


def test_every_check_returns_none() -> None:
    checks = named('check')
    assert checks  # the rule has something to hold
    assert {name: annotation for name, annotation in checks.items() if annotation != 'None'} == {}


def test_every_read_returns_a_value() -> None:
    reads = named('read')
    assert len(reads) > 10
    assert {name: annotation for name, annotation in reads.items() if annotation in ('', 'None')} == {}


def test_the_finder_sees_functions_methods_and_class_methods() -> None:
    checks, reads = named('check'), named('read')
    assert 'poker.cards.card_inputs.check_off_board' in checks
    assert 'poker.cards.isomorphism.HandIndexer.read_hands' in reads
    assert 'poker.ranking.ranker.HandRanker.read_opponents' in reads
    assert not any(name.endswith(('.check_raise', '.check_or_fold')) for name in checks)


# ------------------------------------------------------------------------------------------ one way to read a field
def value_classes() -> dict[str, type]:
    """Every attrs class the package defines, by qualified name."""
    return {f'{module.__name__}.{name}': value for module in package_modules() for name, value in vars(module).items()
            if isinstance(value, type) and attrs.has(value) and value.__module__ == module.__name__}


RELATIONS = ('poker.formats.acpc_notation.GameDefinition.blinds', 'poker.formats.acpc_notation.GameDefinition.first_player')
"""The fields a validator checks against another field (a blind for each of ``players`` positions, a first player
among them): what a converter, which sees one field, cannot read."""


def test_fields_are_read_by_converters_not_checked_by_validators() -> None:
    """A field is read where it is set, by a converter that knows its name (``reading``): a validator only checks
    one field against another, so no record is changed after it is made."""
    validated = sorted(f'{name}.{field.name}' for name, kind in value_classes().items()
                       for field in attrs.fields(kind) if field.validator is not None)
    assert validated == sorted(RELATIONS)


def test_a_record_holds_the_plain_numbers_it_read() -> None:
    """NumPy scalars given for every number of a HandStatistics are held as Python's int, float and bool (a record's
    repr, JSON and arithmetic are those of plain numbers)."""
    stats = HandStatistics.from_counts(np.float32(3), 2, 5, opponents=np.int64(2), lookahead=np.int8(1),
                                       holdings=np.int16(10), runouts=np.uint8(44), exact=np.bool_(True),
                                       board='Ah 7c 2d', income_rate=np.int32(5), standard_error=np.float16(0))
    held = {name: type(getattr(stats, name)) for name in ('hs', 'ahead', 'opponents', 'lookahead', 'holdings',
                                                         'runouts', 'exact', 'income_rate', 'standard_error')}
    assert held == {'hs': float, 'ahead': float, 'opponents': int, 'lookahead': int, 'holdings': int, 'runouts': int,
                    'exact': bool, 'income_rate': int, 'standard_error': float}
    situation = Situation(pot=fractions.Fraction(41, 2), to_call=np.int64(4), bet_size=np.float32(4),
                          bets_this_round=np.uint8(1), called_this_round=np.bool_(False))
    assert [type(value) for value in attrs.astuple(situation)] == [float, float, float, int, bool, bool, bool, float]
    assert (situation.pot, situation.to_call) == (20.5, 4.0)


def test_a_field_refused_is_named() -> None:
    """The message names the field, as a function names its argument: not a description shared by every field."""
    result = range_statistics('AA', 'Kh 7c 2d', lookahead=0)
    hs = np.array(result.hs)
    hs[0] = np.nan
    with pytest.raises(SettingError, match=r'^hs must hold finite numbers'):
        attrs.evolve(result, hs=hs)
    with pytest.raises(BettingError, match=r'^bets_this_round must be a whole number'):
        Situation(pot=10, to_call=0, bet_size=2, bets_this_round=-1)
