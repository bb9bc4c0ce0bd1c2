"""The package ships py.typed, so its annotations must hold: ``mypy --strict`` checks the whole package (and the
``poker`` command's entry module beside it)."""

from __future__ import annotations

import inspect
import re
import subprocess
import sys
import typing
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_finds_no_error_in_the_package(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, '-m', 'mypy', '--strict', 'poker', '_poker_entry.py', '--cache-dir', str(tmp_path)],
        cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert 'Success: no issues found' in result.stdout


def test_the_package_is_marked_typed() -> None:
    assert (ROOT / 'poker' / 'py.typed').is_file()


# ------------------------------------------------------------------------------------------ no Any at the doors
def _mentions_any(annotation: object, depth: int = 0) -> bool:
    """Whether a resolved annotation is ``Any`` or holds it anywhere (in a union, an alias, a parameter)."""
    if annotation is typing.Any:
        return True
    if depth > 20:
        return False
    return any(_mentions_any(argument, depth + 1) for argument in typing.get_args(annotation)
               if argument is not Ellipsis)


def _signature_of(target: object) -> object:
    """What a caller's arguments meet: a function itself, a class's constructor, a callable object's ``__call__``."""
    if isinstance(target, type):
        return target.__init__  # type: ignore[misc]
    if inspect.isfunction(target) or inspect.ismethod(target):
        return target
    return type(target).__call__  # type: ignore[operator]


def _says_any(target: object) -> bool:
    function = _signature_of(target)
    try:
        hints = typing.get_type_hints(function, include_extras=True)
    except Exception:  # noqa: BLE001 - an annotation only type checkers import: read its text instead
        annotations = getattr(function, '__annotations__', {}) or {}
        return any(re.search(r'\bAny\b', str(text)) for text in annotations.values())
    return any(_mentions_any(hint) for hint in hints.values())


def test_no_public_signature_says_any() -> None:
    """Every public callable (each function and class in ``poker.__all__`` and the wings' ``__all__``, each
    public method of those classes) names what it takes and gives: ``Any`` in none of its annotations."""
    from test_fuzz_api import NOT_CALLED, public_callables

    saying_any = sorted(name for name, target in public_callables().items()
                        if name not in NOT_CALLED and _says_any(target))
    assert saying_any == []


def test_the_any_finder_finds_any() -> None:
    def loose(value: typing.Any) -> int:
        return 0

    def nested(values: list[dict[str, typing.Any]] | None) -> int:
        return 0

    def precise(values: list[int]) -> str:
        return ''

    assert _says_any(loose) and _says_any(nested) and not _says_any(precise)
