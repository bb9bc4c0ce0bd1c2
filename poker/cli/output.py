"""Shared output helpers for the commands: colour in a terminal, plain when piped, JSON for machines."""

from __future__ import annotations

import json
import os
import sys
from typing import Any, TextIO

import numpy as np

from ..errors import PokerError
from ..validators import shown

__all__ = ['colour', 'print_json', 'to_json', 'use_colour']

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
