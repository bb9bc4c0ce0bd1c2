"""The ``poker`` command line: one module per command in this package (``poker equity`` in
``equity_command.py``), each with ``add_parser``.

Every command prints one line on stderr and exits 2 on bad input, with no traceback; Ctrl-C, closed and full
outputs and output encodings are answered by :func:`~poker.cli.program.run_program`, which also lists the exit
statuses. The ``poker`` command starts in ``_poker_entry.py`` (beside the package: see
:mod:`poker.cli.program`), ``python -m poker`` in ``poker/__main__.py``; both call :func:`main`.
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .._version import __version__
from ..errors import SettingError
from ..validators import shown
from .options import whole
from .output import one_line, printable
from .program import run_program

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

__all__ = ['COMMANDS', 'OneLineErrorParser', 'build_parser', 'main', 'one_line', 'printable',
           'run_program', 'whole']

COMMANDS: tuple[str, ...] = ('rank', 'stats', 'classes', 'preflop', 'range', 'equity', 'advise', 'kelly', 'match',
                             'play', 'exploit', 'history', 'review', 'acpc', 'table')
"""The commands, in the order ``--help`` lists them; command ``name`` lives in module ``name_command``."""


class OneLineErrorParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr and exit status 2 (scripts use it too), and
    whose help is never lost silently: a write error reaches :func:`~poker.cli.program.run_program`, where
    argparse would ignore it."""

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        """Write ``message`` as argparse does, but let a write error through (argparse passes over it)."""
        if message:
            (file or sys.stderr).write(message)

    def error(self, message: str) -> None:  # type: ignore[override]
        text = message if isinstance(message, str) else shown(message)
        print(f'{self.prog}: error: {one_line(text)}', file=sys.stderr)
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    """The ``poker`` parser, with a subcommand for each module named in :data:`COMMANDS`."""
    parser = OneLineErrorParser(
        prog='poker', description="Texas Hold'em hand evaluation: ranks, hand strength, potential and advice.",
        epilog='examples:\n  poker rank "Ah Kh Qh Jh Th 2c 3d"\n  poker preflop --opponents 5\n'
               '  poker range "QQ+, AKs, ATs+:0.5"\n  poker COMMAND --help   (more examples for each command)\n\n'
               'Colour in a terminal, plain when piped (or with NO_COLOR set); --json for machines.',
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--version', action='version', version=f'poker {__version__}')
    subparsers = parser.add_subparsers(title='commands', metavar='COMMAND', parser_class=OneLineErrorParser)
    for name in COMMANDS:
        importlib.import_module(f'{__name__}.{name}_command').add_parser(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv`` (by default the program's arguments) by the rules of
    :func:`~poker.cli.program.run_program`; returns the exit status: 0 done, 2 bad input (one line on stderr),
    130 Ctrl-C, 1 and 141 for an output that cannot be written or was closed."""
    return run_program(lambda: _run(argv), 'poker')


def _run(argv: Sequence[str] | None) -> int:
    """Read ``argv`` and run the command it names (the help when it names none)."""
    if argv is not None and (isinstance(argv, (str, bytes)) or not isinstance(argv, Sequence)
                             or not all(isinstance(arg, str) for arg in itertools.islice(argv, 10_000))):
        raise SettingError(f'the arguments must be a list of texts, got {shown(argv)}')
    parser = build_parser()
    args = parser.parse_args(argv)
    handler = getattr(args, 'handler', None)
    if handler is None:
        parser.print_help()
        return 0
    return int(handler(args) or 0)
