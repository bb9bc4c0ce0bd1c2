"""``poker equity PLAYER PLAYER ... [-b BOARD] [--dead CARDS] [--method {auto,exact,sampled}]``: showdown
equity of 2 to 10 players.

Each player is a hand (``AhKh``), a range (``"QQ+, AKs"``, weights with ``:w``) or ``random``. With
``--method auto`` (the default) the answer is exact when the deals are few enough to count (see
:data:`poker.stats.multiway.EXACT_LIMIT`), otherwise sampled until every player's standard error is below
``--error`` (``--samples`` fixes the number, and samples); ``--method exact`` or ``sampled`` forces either
way, as :func:`~poker.stats.multiway.equity`'s ``method`` does.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import textwrap
from typing import Any

from ..errors import SettingError
from ..processes import process_pool
from ..stats.multiway import DEFAULT_TARGET_ERROR, MAX_PLAYERS, SAMPLES_LIMIT, EquityResult, equity
from ..validators import EQUITY_METHODS
from .options import add_board, amount_reader, whole, words, add_json, add_seed, add_workers
from .output import colour, print_json, printable

__all__ = ['render', 'terminal_columns']


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        'equity', help='showdown equity of 2 to 10 hands, ranges or random holdings',
        description='Showdown equity of each player, next to how often they win alone (win %), how often '
                    "they tie (tie %: the tie frequency, Equilab's Tie column) and the share of the pot their "
                    "ties bring (split share %: a k-way tie counts 1/k, PokerStove's tie column; heads-up it is "
                    'half the tie frequency), so that equity = win + split share: exact when every deal '
                    'can be counted, otherwise sampled without bias under the range weights, with its '
                    'standard error (--method exact or sampled forces either way). A player is a hand (AhKh), '
                    'a range ("QQ+, AKs, ATs:0.5") or random. The JSON has the same figures as fractions (tie, '
                    'split_share) and adds tie_stderr.',
        epilog='examples:\n  poker equity AhKh "QQ+, AKs" random\n  poker equity AhAs KK\n'
               '  poker equity AcKd random random random -b Qc Qs Jd 7h 3d\n'
               '  poker equity "JJ+, AK" "22+, A2s+" -b "Ks 7d 2c" --dead 3h --error 0.002 --seed 1\n'
               '  poker equity AhKh QcQd JsTs --method exact --json\n'
               '  poker equity "QQ+, AKs" "JJ-99, AQs" random --error 0.0005 --workers 2',
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('players', nargs='+', metavar='PLAYER',
                        help=f'2 to {MAX_PLAYERS} players: a hand (AhKh), a range ("QQ+, AKs") or random')
    add_board(parser)
    parser.add_argument('--dead', nargs='+', default=[], metavar='CARDS',
                        help='cards nobody holds and the board will not show, as one word or several')
    parser.add_argument('--method', choices=EQUITY_METHODS, default='auto',
                        help='exact: count every deal, however many; sampled: sample deals; auto (the default): '
                             'exact when the deals are few enough to count, else sampled')
    how = parser.add_mutually_exclusive_group()
    how.add_argument('--samples', type=whole('samples', 2, SAMPLES_LIMIT), metavar='N',
                     help='sample exactly N deals (with --method auto: sampled, however few the deals)')
    how.add_argument('--error', type=amount_reader('error', positive=True), metavar='E',
                     help=f'sample until every standard error is below E (default {DEFAULT_TARGET_ERROR})')
    add_seed(parser)
    add_workers(parser)
    add_json(parser)
    parser.set_defaults(handler=run)


def terminal_columns() -> int | None:
    """The width of the terminal the output goes to, in characters (``COLUMNS`` when set, as terminals and
    ``shutil`` read it), or None when it goes to no terminal (a file, a pipe: nothing to fit)."""
    given = os.environ.get('COLUMNS', '').strip()
    if given.isascii() and given.isdigit() and 0 < len(given) < 6:
        return int(given)
    try:
        return os.get_terminal_size(sys.stdout.fileno()).columns if sys.stdout.isatty() else None
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):  # no file descriptor, or closed
        return None


def _shortened(label: str, room: int) -> str:
    """``label`` in at most ``room`` characters (at least 12), cut at the end with an ellipsis."""
    room = max(12, room)
    return label if len(label) <= room else label[:room - 1].rstrip(', ') + '…'


def render(result: EquityResult, use_colour: bool | None = None, columns: int | None = None) -> str:
    """The result as a table: one row per player (win %; tie %, how often they tie; split share %, the pot share
    their ties bring, a k-way tie counting 1/k; equity %, win plus split share), then how it was computed.
    ``columns``: the table fits that many characters, a player's name (a long range) cut to fit (None: names
    whole)."""
    labels = [printable(entry.player) for entry in result]
    error_width = 0 if result.exact else 9
    if columns is not None:
        room = columns - 1 - len(f'  {"":<0}  {"":>8}  {"":>7}  {"":>13}  {"":>9}') - (0 if result.exact else 11)
        labels = [_shortened(label, room) for label in labels]
    width = max(6, *(len(label) for label in labels))
    header = f'  {"player":<{width}}  {"win %":>8}  {"tie %":>7}  {"split share %":>13}  {"equity %":>9}' + \
        ('' if result.exact else f'  {"± %":>{error_width}}')
    lines = [header]
    for label, entry in zip(labels, result):
        line = f'  {label:<{width}}  {100 * entry.win:8.3f}  {100 * entry.tie:7.3f}  ' \
            f'{100 * entry.split_share:13.3f}  ' + colour(f'{100 * entry.equity:9.3f}', 'bold', use_colour)
        if not result.exact:
            line += f'  {100 * entry.stderr:{error_width}.3f}'
        lines.append(line)
    board = ' '.join(str(card) for card in result.board) or 'no board (preflop)'
    dead = f', dead {" ".join(str(card) for card in result.dead)}' if result.dead else ''
    how = 'exact' if result.exact else 'sampled (± one standard error)'  # the words of result.method
    parts = [f'{how}:', f'{result.deals:,} deals on {board}{dead},', f'{result.seconds:.2f} s']
    footer = [' '.join(parts)]
    if columns is not None and len(footer[0]) >= columns:  # a line a part (each wrapped if need be)
        footer = [line for number, part in enumerate(parts)
                  for line in textwrap.wrap(part, max(40, columns - 3), initial_indent='  ' * bool(number),
                                            subsequent_indent='  ')]
    return '\n'.join(lines + footer)


class _Bar:
    """A tqdm progress bar on stderr, shown only on a terminal and only once the run passes a second."""

    def __init__(self, delay: float = 1.0) -> None:
        self.bar: Any = None
        self.delay = delay
        self.enabled = hasattr(sys.stderr, 'isatty') and sys.stderr.isatty()

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        if self.bar is None:
            from tqdm import tqdm  # type: ignore[import-untyped, unused-ignore]
            self.bar = tqdm(total=total, file=sys.stderr, unit=' deals', unit_scale=True, delay=self.delay,
                            leave=False)
        self.bar.total = total
        self.bar.update(done - self.bar.n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def run(args: argparse.Namespace) -> int:
    if args.method == 'exact' and (args.samples is not None or args.error is not None):
        given = f'--samples {args.samples}' if args.samples is not None else f'--error {args.error}'
        raise SettingError(f'--method exact counts every deal: {given} is for sampling')
    workers = args.workers or os.cpu_count() or 1
    bar = _Bar()
    # its processes start on first use, and leave Ctrl-C to this one (no traceback from a worker)
    executor = process_pool(workers) if workers > 1 else None
    try:
        options: dict[str, Any] = {'seed': args.seed, 'progress': bar, 'executor': executor, 'method': args.method}
        if args.samples is not None:
            options['samples'] = args.samples
            if args.method == 'auto':  # a number of deals to sample asks for sampling
                options['method'] = 'sampled'
        elif args.error is not None:
            options['target_error'] = args.error
        result = equity(args.players, args.board, words(args.dead), **options)
    finally:  # Ctrl-C: poker.cli.main exits 130 quietly
        bar.close()
        if executor is not None:
            executor.shutdown(cancel_futures=True)
    if args.json:
        print_json(result.as_dict())
    else:
        print(render(result, columns=terminal_columns()))
    return 0
