"""What the fuzz tests hold every public call to (shared by ``test_fuzz_api.py`` and ``test_fuzz_combinations.py``).

A call either returns normally with only finite numbers in its result (and no 'nan' or 'inf' in its text), or
raises a :class:`~poker.errors.PokerError` whose message is one short line. Nothing else may escape: no
TypeError, AttributeError, OverflowError, RecursionError, KeyError, OSError or NumPy error, and no warning
(warnings are errors while the call runs).
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import math
import re
import signal
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import numpy as np

import poker
from poker import Card, PokerError

LONGEST_MESSAGE = 400
"""The longest error message a call may raise."""


class CallersOwn(Exception):
    """Raised by a hostile value's own methods (an ``__eq__``, ``__index__`` or iterator that raises): the caller's
    error, which may propagate as it is (the library need not catch what its caller's objects raise)."""


class TookTooLong(BaseException):
    """Raised in a block that outlives its :func:`hang_guard` (a BaseException, so no ``except Exception`` hides it)."""


def _alarm(signum: int, frame: Any) -> None:
    raise TookTooLong


@contextlib.contextmanager
def hang_guard(seconds: float) -> Iterator[None]:
    """Raise :class:`TookTooLong` in the block once it has run ``seconds`` (an alarm signal): a call that hangs,
    or runs for minutes, fails its test instead of stalling the suite. A guard, not a timing assert: give it
    ten times what the call needs."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def assert_finite(value: Any, where: str = 'result', depth: int = 0) -> None:
    """Every number in ``value`` finite (arrays too: no result marks anything with NaN), every text free of
    'nan' and 'inf'."""
    if depth >= 20:  # nested deeper than any result: nothing numeric down there to check
        return
    if isinstance(value, (bool, np.bool_, type(None), Card)):
        return
    if isinstance(value, (int, np.integer)):
        return
    if isinstance(value, (float, np.floating)):
        assert math.isfinite(value), f'{where} = {value!r}'
    elif isinstance(value, str):
        assert not re.search(r'\b(nan|inf|infinity)\b', value, re.I), f'{where} = {value[:200]!r}'
    elif isinstance(value, np.ndarray):
        if value.dtype.kind in 'fc':
            assert np.isfinite(value).all(), f'{where} has NaN or infinity'
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            assert_finite(getattr(value, field.name), f'{where}.{field.name}', depth + 1)
    elif isinstance(value, dict):
        for key, item in value.items():
            assert_finite(item, f'{where}[{key!r}]', depth + 1)
    elif isinstance(value, (list, tuple)):
        for number, item in enumerate(value):
            assert_finite(item, f'{where}[{number}]', depth + 1)


def failure(call: Callable[..., Any], *args: Any, **kwargs: Any) -> str | None:
    """What is wrong with ``call(*args, **kwargs)`` (None: nothing): an escape, a long or multi-line message,
    a warning, or a number that is not finite in the result."""
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        try:
            result = call(*args, **kwargs)
        except CallersOwn:
            return None  # the caller's own object raised: its error, passed on
        except PokerError as error:
            message = str(error)
            if not message or '\n' in message or len(message) >= LONGEST_MESSAGE:
                return f'{type(error).__name__} of {len(message)} characters: {message[:160]!r}...'
            return None
        except Exception as error:  # noqa: BLE001 - the point: anything else is reported
            try:
                text = repr(str(error)[:160])
            except Exception:  # noqa: BLE001 - an error that cannot say what it is (a KeyError of 10**5000)
                text = '(its text cannot be shown)'
            return f'{type(error).__name__} escaped: {text}'
    try:
        assert_finite(result, getattr(call, '__name__', 'result'))
    except AssertionError as error:
        return f'not finite: {str(error)[:200]}'
    try:  # a value a call returns (a record made of hostile fields, say) shows itself
        repr(result)
        str(result)
    except Exception as error:  # noqa: BLE001 - the point: a repr that raises is reported
        return f'{type(error).__name__} escaped from the repr of its result: {str(error)[:160]!r}'
    return None


def exit_code(call: Callable[..., Any]) -> Callable[..., Any]:
    """``call`` with the SystemExit it ends with returned as its exit code: a command's ``main`` under :func:`failure`
    (shared by test_fuzz_api.py and bench/hostile.py)."""
    def ending(*arguments: Any, **keywords: Any) -> Any:
        try:
            return call(*arguments, **keywords)
        except SystemExit as done:
            return done.code
    return ending


def check(call: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
    """``call(*args, **kwargs)`` returns finite results or raises a one-line PokerError; no warning."""
    problem = failure(call, *args, **kwargs)
    assert problem is None, problem


WINGS = ('poker', *sorted(f'poker.{path.parent.name}' for path in Path(poker.__file__).parent.glob('*/__init__.py')))
"""The package and its wings (the package's folders: tests/test_layout.py keeps them the wings): their ``__all__``
lists every public name."""


def public_callables() -> dict[str, Any]:
    """Every public callable by registry name: functions and classes in the wings' ``__all__``, and the
    public methods of those classes (named after the class that defines them)."""
    found: dict[str, Any] = {}
    for wing in WINGS:
        module = importlib.import_module(wing)
        for name in module.__all__:
            value = getattr(module, name)
            if isinstance(value, type):
                found[value.__name__] = value
                for klass in value.__mro__:
                    if not klass.__module__.startswith('poker'):
                        continue
                    for attribute, member in vars(klass).items():
                        if attribute.startswith('_') or isinstance(member, property):
                            continue
                        if isinstance(member, (classmethod, staticmethod)) or inspect.isfunction(member):
                            owner = next(k for k in value.__mro__ if attribute in vars(k))
                            found.setdefault(f'{owner.__name__}.{attribute}', getattr(value, attribute))
            elif inspect.isfunction(value) or hasattr(value, 'cache_info'):
                found[name] = value
    return found
