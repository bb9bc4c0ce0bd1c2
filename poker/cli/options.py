"""The options every command shares, defined once: the same flags, help and reading in every command.

Each ``add_*`` function adds one option to a command's parser; each option's value is checked while the
command line is read, so a bad value is argparse's one-line usage error (exit status 2) before any work:

============================  ==================  ===========================================================
function                      option              value (``args.<dest>``)
============================  ==================  ===========================================================
:func:`add_board`             ``-b/--board``      the board text (several words joined: ``-b Ah 7c 2d``)
:func:`add_opponents`         ``-n/--opponents``  1 to 22 (default 1)
:func:`add_lookahead`         ``-l/--lookahead``  0, 1 or 2, or None for the street's default
:func:`add_range`             ``-r/--range``      a :class:`~poker.ranges.range.Range` with weight, or None
:func:`add_json`              ``--json``          True to print JSON (:func:`~poker.cli.output.print_json`)
:func:`add_png`               ``--png FILE``      a path ending in ``.png`` in an existing folder, or None
:func:`add_seed`              ``--seed S``        a whole number 0 to 2**63 - 1 (:func:`~poker.validators.read_seed`), or None
:func:`add_workers`           ``--workers N``     1 to 1,024 worker processes, or None
:func:`add_scheduler`         ``--scheduler A``   a dask scheduler's address (``tcp://host:8786``), or None
============================  ==================  ===========================================================

Numbers are read strictly: ASCII digits only (no ``1_0``, no ``١``, no ``１``), finite, within stated bounds,
so no command meets an overflow or a NaN later (:func:`whole`, :func:`amount_reader`). ``examples/pokergame.py``
reads its numbers with the same readers.

>>> parser = argparse.ArgumentParser(prog='demo')
>>> add_board(parser); add_opponents(parser)
>>> args = parser.parse_args(['-b', 'Ah', '7c 2d', '-n', '3'])
>>> args.board, args.opponents
('Ah 7c 2d', 3)
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import re
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any

from ..cards.income_rates import MAX_OPPONENTS
from ..errors import PokerError
from ..validators import MAX_SEED, read_seed, shown, text, whole_number

if TYPE_CHECKING:
    from ..ranges.range import Range

__all__ = [
    'MAX_AMOUNT', 'MIN_AMOUNT', 'add_board', 'add_json', 'add_lookahead', 'add_opponents', 'add_png',
    'add_range', 'add_scheduler', 'add_seed', 'add_workers', 'amount_reader', 'png_file', 'range_value', 'seed_value',
    'whole', 'words',
]

MAX_AMOUNT = 1e12
"""The largest amount of chips a command takes (pot, bet, bankroll): far beyond any table, far below overflow."""
MIN_AMOUNT = 1e-6
"""The smallest amount above 0 a command takes (ratios of amounts stay below 1e18)."""

_DECIMAL = re.compile(r'[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]{1,3})?')
_WHOLE = re.compile(r'[0-9]{1,30}')


class _Words(argparse.Action):
    """Store several words (or one quoted word) joined by single spaces: ``-b Ah 7c 2d`` = ``-b "Ah 7c 2d"``."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: str | Sequence[Any] | None, option_string: str | None = None) -> None:
        setattr(namespace, self.dest, words(values))


def words(values: str | Sequence[Any] | None) -> str:
    """Command-line words as one text, separated by single spaces.

    >>> words(['QQ+', 'AKs']), words('Ah Kh'), words(None)
    ('QQ+ AKs', 'Ah Kh', '')
    """
    if values is None:
        return ''
    return values if isinstance(values, str) else ' '.join(str(value) for value in values)


def whole(what: str, low: int, high: int) -> Callable[[str], int]:
    """A reader of whole numbers from ``low`` to ``high`` written in ASCII digits.

    >>> whole('opponents', 1, 22)('3')
    3
    >>> whole('opponents', 1, 22)('1_0')
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: opponents must be a whole number from 1 to 22, got '1_0'
    """
    what = text('what', what, longest=100)
    low, high = (whole_number(name, value, maximum=10 ** 30 - 1) for name, value in (('low', low), ('high', high)))

    def read(given: str) -> int:
        stripped = given.strip()
        if not _WHOLE.fullmatch(stripped) or not low <= int(stripped) <= high:
            raise argparse.ArgumentTypeError(f'{what} must be a whole number from {low} to {high}, got {shown(given)}')
        return int(stripped)
    read.__name__ = what.replace(' ', '_')
    return read


def amount_reader(what: str, *, positive: bool = False) -> Callable[[str], float]:
    """A reader of chip amounts: a decimal number, 0 (unless ``positive``) or from :data:`MIN_AMOUNT` to
    :data:`MAX_AMOUNT`.

    >>> amount_reader('the pot')('2.5')
    2.5
    >>> amount_reader('the bet size', positive=True)('1e-320')
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: the bet size must be a number from 1e-06 to 1e+12, got '1e-320'
    """
    low = 'from' if positive else 'of 0 or from'

    def read(text: str) -> float:
        stripped = text.strip()
        value = float(stripped) if _DECIMAL.fullmatch(stripped) else math.nan
        if not (math.isfinite(value) and ((value == 0 and not positive) or MIN_AMOUNT <= value <= MAX_AMOUNT)):
            raise argparse.ArgumentTypeError(f'{what} must be a number {low} {MIN_AMOUNT:g} to {MAX_AMOUNT:g}, '
                                             f'got {shown(text)}')
        return value + 0.0  # -0 reads as 0
    read.__name__ = what.replace(' ', '_')
    return read


def range_value(text: str) -> Range:
    """Range text as a :class:`~poker.ranges.range.Range` holding at least one holding."""
    from ..ranges.range import Range  # imported on use: the command line must start fast
    try:
        hands = Range.parse(text)
    except PokerError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    if not hands:
        raise argparse.ArgumentTypeError(f'the range {shown(text)} holds no holding (leave --range out for any hand)')
    return hands


def seed_value(given: str) -> int:
    """A seed written in ASCII digits, read by :func:`~poker.validators.read_seed` (0 to :data:`~poker.validators.MAX_SEED`, the
    library's one rule; leaving ``--seed`` out is None, a fresh draw).

    >>> seed_value('7')
    7
    >>> seed_value('-1')
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: seed must be a whole number from 0 to 9223372036854775807, got '-1'
    """
    stripped = given.strip()
    try:
        return read_seed(int(stripped) if _WHOLE.fullmatch(stripped) else given, fresh=False)
    except PokerError:  # read_seed's refusal, quoting the text as typed
        raise argparse.ArgumentTypeError(f'seed must be a whole number from 0 to {MAX_SEED}, got {shown(given)}') \
            from None


def png_file(text: str) -> str:
    """A picture path: ends in ``.png``, in a folder that exists."""
    if not text.strip() or not text.lower().endswith('.png') or text.endswith(('/.png', os.sep + '.png')):
        raise argparse.ArgumentTypeError(f'a picture file name must end in .png, got {shown(text)}')
    folder = os.path.dirname(text) or '.'
    if not os.path.isdir(folder):
        raise argparse.ArgumentTypeError(f'no folder {shown(folder)} to write the picture {shown(text)} in')
    return text


# ------------------------------------------------------------------------------------- the options
OPPONENTS = whole('opponents', 1, MAX_OPPONENTS)
"""The reader of ``-n/--opponents``' number (``poker play`` reads names there too)."""
_LOOKAHEAD = whole('lookahead', 0, 2)
_WORKERS = whole('workers', 1, 1024)


def add_board(parser: argparse.ArgumentParser) -> None:
    """``-b/--board``: the board as one or several words; ``args.board`` is the text ('' for none)."""
    parser.add_argument('-b', '--board', nargs='+', action=_Words, default='', metavar='CARDS',
                        help='the board: 0, 3, 4 or 5 cards, as one word or several '
                             '(-b Ah 7c 2d, -b "Ah 7c 2d" or -b Ah7c2d; default: none, before the flop)')


def add_opponents(parser: argparse.ArgumentParser) -> None:
    """``-n/--opponents``: 1 to 22 opponents still in (default 1)."""
    parser.add_argument('-n', '--opponents', type=OPPONENTS, default=1, metavar='N',
                        help=f'opponents still in the hand, 1 to {MAX_OPPONENTS} (default 1)')


def add_lookahead(parser: argparse.ArgumentParser) -> None:
    """``-l/--lookahead``: 0, 1 or 2 cards to look ahead, or None for the street's default."""
    parser.add_argument('-l', '--lookahead', type=_LOOKAHEAD, default=None, metavar='CARDS',
                        help='cards to look ahead for the potentials: 2 (flop), 1 or 0; '
                             'default 2 on the flop, 1 on the turn, 0 on the river')


def add_range(parser: argparse.ArgumentParser) -> None:
    """``-r/--range``: the opponents' range as a :class:`~poker.ranges.range.Range`, or None for any holding."""
    parser.add_argument('-r', '--range', dest='range', type=range_value, default=None, metavar='RANGE',
                        help='the opponents\' range, e.g. "QQ+, AKs, AQo:0.5" (default: every holding alike)')


def add_json(parser: argparse.ArgumentParser) -> None:
    """``--json``: print strict JSON instead of text."""
    parser.add_argument('--json', action='store_true', help='print JSON (strict: no NaN or Infinity)')


def add_png(parser: argparse.ArgumentParser) -> None:
    """``--png FILE``: also draw a picture (needs matplotlib)."""
    from ..pictures.plots import PLOT_EXTRA
    parser.add_argument('--png', type=png_file, default=None, metavar='FILE',
                        help=f'also draw a picture into FILE, ending in .png (needs: {PLOT_EXTRA})')


def add_seed(parser: argparse.ArgumentParser) -> None:
    """``--seed S``: the seed of anything sampled, for a result that repeats."""
    parser.add_argument('--seed', type=seed_value, default=None, metavar='S',
                        help='seed of the random sampling, for results that repeat (default: fresh each run)')


def add_workers(parser: argparse._ActionsContainer) -> None:
    """``--workers N``: worker processes for long work."""
    parser.add_argument('--workers', type=_WORKERS, default=None, metavar='N',
                        help='worker processes for long work (default: one per core)')


def add_scheduler(parser: argparse._ActionsContainer) -> None:
    """``--scheduler ADDRESS``: a dask.distributed cluster to run the work on (:func:`~poker.processes.cluster_executor`;
    give it the group that holds ``--workers``, as the two exclude each other)."""
    parser.add_argument('--scheduler', default=None, metavar='ADDRESS',
                        help="a dask.distributed scheduler, e.g. tcp://host:8786 (pip install 'loki-holdem[cluster]')")


@contextlib.contextmanager
def chosen_executor(args: argparse.Namespace, deals: int) -> Iterator[Executor | None]:
    """The executor that ``--scheduler`` and ``--workers`` ask for, for a match of ``deals`` deals: the dask
    scheduler's, else local processes (by default one per core from 200 deals on), else None (this process)."""
    from ..processes import cluster_executor, process_pool
    workers = args.workers if args.workers is not None else (os.cpu_count() or 1) if deals >= 200 else 1
    if args.scheduler is not None:
        with cluster_executor(args.scheduler) as executor:
            yield executor
    elif workers > 1:
        with process_pool(workers) as executor:
            yield executor
    else:
        yield None
