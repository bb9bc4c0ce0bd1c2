"""``poker range TEXT``: a range such as ``'QQ+, AKs, ATs+:0.5'`` on the 13x13 grid, with its share of holdings."""

from __future__ import annotations

import argparse
import re

from ..cards.holdings import HOLDING_COUNT
from ..cards.starting_hand import CLASS_COUNT, HAND_CLASSES
from ..markup import GRID_NOTE
from .grid import render_grid
from .options import add_json, add_png, words
from .output import print_json


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        'range', help="show a range of starting hands on the 13x13 grid",
        description='Read range notation and show which starting hands it holds, and how much of each: '
                    'a full class shows its name, part of one its percentage, an absent one a dot. '
                    'Parts are separated by commas, semicolons or spaces; where they overlap the more specific '
                    'part decides (a holding over a class over a group of classes), then the larger weight.',
        epilog='examples:\n  poker range "QQ+, AKs"\n  poker range QQ+ AKs T9s-65s AJo:50%\n'
               '  poker range 15%\n  poker range 15% --order equity   (Equilab\'s and PokerStove\'s ordering)\n  poker range "22+, A2s+, KTs+, QJs, AJo+:0.5" --json\n'
               '  poker range "TT+, AQs+" --png range.png   (needs: pip install \'loki-holdem[plot]\')',
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('text', nargs='+', help='range notation, in one word or several: '
                                                '"QQ+, AKs, ATs+:0.5" or QQ+ AKs ATs+:0.5')
    parser.add_argument('--order', choices=('ir', 'equity'), default='ir',
                        help='how a top percentage (15%%) ranks the hands: ir, Papp\'s heads-up income rate IR2 '
                             '(the default, what Loki plays by), or equity, the exact all-in equity against one '
                             'random hand (the ordering of Equilab and PokerStove)')
    add_json(parser)
    add_png(parser)
    parser.set_defaults(handler=run)


ORDERS = {'ir': "Papp's heads-up income rate IR2 (what Loki plays by; --order equity for Equilab's and "
                "PokerStove's)",
          'equity': 'all-in equity against one random hand (exact, from the pre-flop table; as Equilab and '
                    'PokerStove rank them)'}
"""What each ``--order`` ranks a top percentage by, as the command says it."""
_TOP_PART = re.compile(r'(?:^|[\s,;])\s*(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)\s*%')


def _cell(name: str, share: float) -> str:
    if share >= 1 - 1e-12:
        return name
    if share <= 1e-12:
        return '.'
    return f'{share:.0%}'


def _style(share: float) -> str:
    return 'green' if share >= 1 - 1e-12 else 'dim' if share <= 1e-12 else 'yellow'


def run(args: argparse.Namespace) -> int:
    from ..ranges.range import Range  # imported here: the command line must start fast
    from ..ranges.weights import class_grid, class_means
    text = words(args.text)
    order = None
    if args.order == 'equity':
        from ..stats.preflop_odds import equity_order
        order = equity_order()
    hand_range = Range.parse(text, order=order)
    weights = hand_range.weights
    grid = class_grid(class_means(weights))
    holdings = float(weights.sum())
    share = holdings / len(weights)
    if args.png:
        from ..pictures.plots import range_png
        range_png(hand_range, args.png, title=f'{hand_range}: {share:.1%} of holdings')
    if args.json:
        print_json({'range': str(hand_range), 'holdings': holdings, 'share': share,
                    'classes': {HAND_CLASSES[i]: float(grid.flat[i]) for i in range(CLASS_COUNT) if grid.flat[i] > 0},
                    'grid': grid.tolist(), 'order': args.order, 'picture': args.png})
        return 0
    cells = [[_cell(HAND_CLASSES[13 * r + c], grid[r, c]) for c in range(13)] for r in range(13)]
    styles = [[_style(grid[r, c]) for c in range(13)] for r in range(13)]
    print(f'{hand_range}: {holdings:g} of {HOLDING_COUNT} holdings ({share:.2%})')
    if _TOP_PART.search(text):
        print(f'a top percentage takes the best whole classes by {ORDERS[args.order]}')
    print(render_grid(cells, width=5, styles=styles))
    print(GRID_NOTE + '; a percentage is the part of that class in the range')
    if args.png:
        print(f'picture: {args.png}')
    return 0
