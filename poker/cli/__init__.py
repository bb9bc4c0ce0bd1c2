"""The ``poker`` command line: one module per command in this package (``poker equity`` in
``equity_command.py``), each with ``add_parser``.

Every command prints one line on stderr and exits 2 on bad input, with no traceback.
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import sys
from collections.abc import Sequence

from .._version import __version__
from ..errors import PokerError, SettingError
from ..validators import shown

__all__ = ['COMMANDS', 'OneLineErrorParser', 'build_parser', 'main', 'one_line']

COMMANDS: tuple[str, ...] = ('rank', 'stats', 'preflop', 'range', 'equity', 'advise', 'kelly', 'match', 'table')
"""The commands, in the order ``--help`` lists them; command ``name`` lives in module ``name_command``."""


class OneLineErrorParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr and exit status 2 (scripts use it too)."""

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
    """Run the command line; returns the exit status: 0 done, 2 bad input (one line on stderr), 130 Ctrl-C."""
    if argv is not None and (isinstance(argv, (str, bytes)) or not isinstance(argv, Sequence)
                             or not all(isinstance(arg, str) for arg in itertools.islice(argv, 10_000))):
        print(f'poker: error: the arguments must be a list of texts, got {shown(argv)}', file=sys.stderr)
        return 2
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        handler = getattr(args, 'handler', None)
        if handler is None:
            parser.print_help()
            return 0
        return int(handler(args) or 0)
    except SystemExit as done:  # argparse after --help, --version or a usage error (already printed)
        return done.code if isinstance(done.code, int) else 0 if done.code is None else 2
    except PokerError as error:
        print(f'poker: error: {one_line(str(error))}', file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C: quietly, with the shell's status for SIGINT
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:  # pragma: no cover - e.g. `poker ... | head`
        return 0
    except OSError as error:  # a file that cannot be read or written
        print(f'poker: error: {one_line(str(error))}', file=sys.stderr)
        return 2


def one_line(text: str) -> str:
    """``text`` with its line breaks and runs of spaces folded into single spaces.

    >>> one_line('a\\n   b')
    'a b'
    """
    if not isinstance(text, str):
        raise SettingError(f'one_line folds text, got {shown(text)}')
    return ' '.join(text.split())
