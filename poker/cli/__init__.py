"""The ``poker`` command line: one module per command in this package, each with ``add_parser``.

Every command prints one line on stderr and exits 2 on bad input, with no traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from .. import __version__
from ..errors import PokerError

__all__ = ['COMMANDS', 'OneLineErrorParser', 'build_parser', 'main']

COMMANDS: tuple[str, ...] = ('rank', 'stats', 'preflop', 'range', 'advise', 'kelly', 'match')
"""The command modules of this package, in the order ``--help`` lists them."""


class OneLineErrorParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr and exit status 2 (scripts use it too)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        print(f'{self.prog}: error: {message}', file=sys.stderr)
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
        importlib.import_module(f'{__name__}.{name}').add_parser(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    handler = getattr(args, 'handler', None)
    if handler is None:
        parser.print_help()
        return 0
    try:
        return int(handler(args) or 0)
    except PokerError as error:
        print(f'poker: error: {error}', file=sys.stderr)
        return 2
    except BrokenPipeError:  # pragma: no cover - e.g. `poker ... | head`
        return 0
