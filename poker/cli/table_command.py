"""``poker table --street STREET --out DIR``: build (or resume) a strength table of every canonical hand."""

from __future__ import annotations

import argparse
import sys

from ..stats.boards import DEFAULT_BINS
from ..stats.strength_tables import build_table
from ..stats.table_store import MAX_TABLE_BINS
from .options import add_json, add_scheduler, add_workers, whole
from .output import print_json, printable


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        'table', help='HS, E[HS], E[HS^2] and strength histograms of every canonical hand of a street',
        description='Build the strength table of a street: for every hand up to suit permutation, its hand '
                    'strength now, its showdown equity E[HS] and mean squared strength E[HS^2] against one '
                    'random holding, and on the flop and turn the histogram of its final strength. Chunks are '
                    'saved as they finish: run the same command again to resume after an interruption. Each run '
                    'verifies what it finds (checksums of the manifest, the chunks and the arrays) and rebuilds '
                    'exactly what is damaged or missing, saying what it repaired.',
        epilog='examples:\n  poker table --street river --out tables/river\n'
               '  poker table --street flop --out tables/flop --workers 2 --bins 50\n'
               '  poker table --street turn --out tables/turn --scheduler tcp://127.0.0.1:8786\n'
               "  poker table --street flop --out try --boards 16   (a quick partial table)\n\n"
               "read it: python -c \"import poker; print(poker.load_table('tables/river').equity('AhKh', "
               "'2c 7d Js 9h 9s'))\"",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--street', required=True, choices=('flop', 'turn', 'river'), help='the street')
    parser.add_argument('--out', required=True, metavar='DIR', help='the table directory (created or resumed)')
    where = parser.add_mutually_exclusive_group()
    add_workers(where)
    add_scheduler(where)
    parser.add_argument('--bins', type=whole('bins', 1, MAX_TABLE_BINS), default=DEFAULT_BINS,
                        help=f'histogram bins on the flop and turn (default {DEFAULT_BINS})')
    parser.add_argument('--boards', type=whole('boards', 1, 1_000_000), default=None, metavar='N',
                        help='build only the chunks of the first N canonical boards (a partial table)')
    parser.add_argument('--chunk-boards', type=whole('chunk boards', 1, 1_000_000), default=None, metavar='K',
                        help='canonical boards per chunk (default: flop 8, turn 64, river 512)')
    add_json(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        summary = build_table(args.street, args.out, bins=args.bins, chunk_boards=args.chunk_boards,
                              boards=args.boards, workers=args.workers, scheduler=args.scheduler)
    except KeyboardInterrupt:
        print(f'poker: interrupted; the finished chunks are kept in {printable(args.out)}: run the same command to '
              'resume',
              file=sys.stderr)
        return 130
    if args.json:
        print_json({'street': summary.street, 'out': str(summary.path), 'chunks': summary.chunks,
                    'built': summary.chunks_built, 'reused': summary.chunks_reused, 'complete': summary.complete,
                    'repairs': list(summary.repairs)})
        return 0
    for repair in summary.repairs:
        print(f'repaired: {repair}')
    state = 'complete' if summary.complete else \
        f'partial ({summary.chunks_built + summary.chunks_reused} chunks so far): run without --boards to finish'
    print(f'{summary.street} table in {printable(str(summary.path))}: {summary.chunks_built} chunks built now, '
          f'{summary.chunks_reused} found finished, of {summary.chunks}; {state}')
    return 0
