"""One rule per convention, checked on the package itself: ``read_*`` returns a value, ``check_*`` returns None.

A reader who meets ``read_opponents(...)`` knows to use what it gives; one who meets ``check_manifest(...)`` knows
it only refuses. Every function and method of the package whose name (past a leading underscore) starts with one of
the two words says so in its return annotation. The betting rules of :class:`~poker.strategy.advice.LokiStrategy`
named after the poker action (``check_raise``, ``check_or_fold``) answer with advice: they are not checks.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import types
from collections.abc import Callable, Iterator

import poker
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
