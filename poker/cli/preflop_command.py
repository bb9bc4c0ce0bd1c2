"""``poker preflop [--opponents N]``: Papp's income rates of the 169 starting hands as a 13x13 grid."""

from __future__ import annotations

import argparse

from ..cards.income_rates import INCOME_RATES, read_opponents, income_rate_table
from ..cards.starting_hand import HAND_CLASSES
from ..markup import GRID_NOTE
from .grid import render_grid
from .options import add_json, add_opponents, add_png
from .output import print_json

TABLE_NAMES = {'1': 'IR2', '2-3': 'IR4', '4+': 'IR7'}


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        'preflop', help='the 13x13 grid of preflop income rates',
        description="Papp's preflop income rates (thousandths of a bet won per hand) of the 169 "
                    'starting-hand classes against N opponents: IR2 for 1, IR4 for 2-3, IR7 for 4 or more.',
        epilog='examples:\n  poker preflop\n  poker preflop --opponents 5\n  poker preflop --json\n'
               '  poker preflop --opponents 3 --png preflop.png   (needs: pip install \'loki-holdem[plot]\')',
        formatter_class=argparse.RawDescriptionHelpFormatter)
    add_opponents(parser)
    add_json(parser)
    add_png(parser)
    parser.set_defaults(handler=run)


def table_name(opponents: int) -> str:
    """``'IR2'``, ``'IR4'`` or ``'IR7'``: the name of the grid used against ``opponents``."""
    table = income_rate_table(opponents)
    return next(TABLE_NAMES[key] for key, grid in INCOME_RATES.items() if grid is table)


def _style(value: int) -> str:
    return 'green' if value >= 100 else 'yellow' if value >= 0 else 'red'


def run(args: argparse.Namespace) -> int:
    opponents = read_opponents(args.opponents)
    grid = income_rate_table(opponents)
    name = table_name(opponents)
    if args.png:
        from ..pictures.plots import income_rate_png
        income_rate_png(args.png, opponents)
    if args.json:
        print_json({'opponents': opponents, 'table': name, 'unit': 'thousandths of a bet per hand',
                    'grid': [list(row) for row in grid],
                    'classes': {HAND_CLASSES[13 * r + c]: grid[r][c] for r in range(13) for c in range(13)},
                    'picture': args.png})
        return 0
    plural = 's' if opponents != 1 else ''
    print(f'Preflop income rates against {opponents} opponent{plural} (Papp 1998, {name}), '
          'in thousandths of a bet per hand')
    print(render_grid([[str(v) for v in row] for row in grid], width=6,
                      styles=[[_style(v) for v in row] for row in grid]))
    print(GRID_NOTE)
    if args.png:
        print(f'picture: {args.png}')
    return 0
