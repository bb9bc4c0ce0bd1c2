"""Shared output helpers for the commands: colour in a terminal, plain when piped, JSON for machines."""

from __future__ import annotations

import json
import os
import sys
from typing import Any, TextIO

__all__ = ['colour', 'print_json', 'use_colour']

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


def print_json(data: Any) -> None:
    """Print ``data`` as indented JSON."""
    print(json.dumps(data, indent=2, sort_keys=False))
