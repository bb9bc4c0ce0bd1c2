"""Shared output helpers for the commands: colour in a terminal, plain when piped, JSON for machines, and text
from users (names, paths, error messages quoting input) made safe to show (:func:`printable`, :func:`one_line`)."""

from __future__ import annotations

import json
import os
import sys
from typing import Any, TextIO

import numpy as np

from ..errors import PokerError, SettingError
from ..validators import shown

__all__ = ['colour', 'one_line', 'print_json', 'printable', 'to_json', 'use_colour']

_CODES = {'bold': '1', 'red': '31', 'green': '32', 'yellow': '33', 'blue': '34', 'dim': '2'}


def use_colour(stream: TextIO | None = None) -> bool:
    """Colour only for a terminal, and never when ``NO_COLOR`` is set."""
    stream = stream or sys.stdout
    return hasattr(stream, 'isatty') and stream.isatty() and 'NO_COLOR' not in os.environ


def colour(text: str, style: str, enabled: bool | None = None) -> str:
    """``text`` wrapped in the ANSI codes of ``style`` (``'red'``, ``'bold'`` ...) when colour is on."""
    if enabled is None:
        enabled = use_colour()
    return f'\x1b[{_CODES[style]}m{text}\x1b[0m' if enabled else text


def to_json(data: Any) -> str:
    """``data`` as indented, strict JSON: NumPy numbers and arrays as plain ones, and never NaN or Infinity
    (a :class:`~poker.errors.PokerError` instead: no command may print what JSON parsers refuse).

    >>> to_json({'a': np.float64(0.5), 'b': np.arange(2)}).split()
    ['{', '"a":', '0.5,', '"b":', '[', '0,', '1', ']', '}']
    >>> to_json({'x': float('nan')})
    Traceback (most recent call last):
    ...
    poker.errors.PokerError: a result is not a finite number, so it cannot be written as JSON: {'x': nan}
    """
    try:
        return json.dumps(data, indent=2, allow_nan=False, default=_plain)
    except ValueError:
        raise PokerError(f'a result is not a finite number, so it cannot be written as JSON: {shown(data, 200)}') from None


def _plain(value: Any) -> Any:
    """JSON's fallback for NumPy values."""
    if isinstance(value, (np.ndarray, np.generic)):
        return value.tolist()
    raise TypeError(f'{type(value).__name__} is not JSON data')


def print_json(data: Any) -> None:
    """Print ``data`` as strict JSON (:func:`to_json`): the one JSON writer of every command."""
    print(to_json(data))


def printable(text: str) -> str:
    """``text`` as it may be shown on a terminal: each character that is not printable text (a control
    character such as NUL or ESC, a lone surrogate, a format character, any white space but the space) written
    as its Python escape, by the rule of ``repr`` (and so of :func:`~poker.validators.shown`). Every text from
    a user that a program prints (a name, a path, a range as typed) goes through it.

    >>> print(printable('Ann'), printable('a\\x1b[2Jb'), printable('\\x00\\ud800'), printable('Zoë'))
    Ann a\\x1b[2Jb \\x00\\ud800 Zoë
    """
    if not isinstance(text, str):
        raise SettingError(f'printable shows text, got {shown(text)}')
    if text.isprintable():
        return text
    return ''.join(char if char.isprintable() else char.encode('unicode_escape').decode('ascii') for char in text)


def one_line(text: str) -> str:
    """``text`` on one line, safe to show: its line breaks and runs of white space folded into single spaces,
    the rest :func:`printable`. Every error line of a program goes through it.

    >>> one_line('a\\n   b\\x1b')
    'a b\\\\x1b'
    """
    if not isinstance(text, str):
        raise SettingError(f'one_line folds text, got {shown(text)}')
    return printable(' '.join(text.split()))
