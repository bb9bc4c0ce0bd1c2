"""``poker match --players loki,station --hands N``: a duplicate match, each player's small bets per hand
with a 95% interval, and a picture of the cumulative results. ``--player module:factory`` seats an outside
player (its module is imported here and in every worker); ``--log FILE`` writes every hand in the ACPC log
format. ``--workers N`` plays on local processes, ``--scheduler ADDRESS`` on a dask cluster (the same results,
the same log)."""

from __future__ import annotations

import argparse
import sys

from ..matches.duplicate import match
from ..players.kinds import PLAYER_KINDS
from ..table.game import MAX_HANDS
from .options import add_json, add_png, add_scheduler, add_seed, add_workers, chosen_executor, whole
from .output import print_json


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        'match', help='a duplicate match between Loki players and simple bots',
        description='Play duplicate deals (each replayed with the seats rotated, Papp 1998 section 8.1) and '
                    'report each player in small bets per hand with a 95% confidence interval. '
                    f'Players: {", ".join(PLAYER_KINDS)}, or an outside player module:factory, where factory '
                    'is a callable f(name, seed) in an importable module that returns a seat (an object with a name '
                    'and a decide(view) method, as poker.players.bots).',
        epilog='examples:\n'
               '  poker match --players loki,station --hands 200 --seed 1\n'
               '  poker match --players loki,loki-generic,loki-no-model,station,maniac,rock --hands 2000 --workers 2\n'
               '  poker match --players loki,loki-no-model --hands 100000 --scheduler tcp://127.0.0.1:8786\n'
               '  poker match --players loki,maniac --hands 500 --json --png match.png\n'
               '  poker match --players loki,station --hands 200 --log match.log   (then: poker history match.log)\n'
               '  poker match --players loki --player poker.players.bots:Rock --hands 200   (module:factory)',
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--players', default='', metavar='A,B,...',
                        help='players, comma-separated (a name may repeat); with --player, 2 to 10 in all')
    parser.add_argument('--player', action='append', default=[], metavar='MODULE:FACTORY',
                        help='one more player, after those of --players (repeat for more); any player name works too')
    parser.add_argument('--hands', type=whole('hands', 1, MAX_HANDS), required=True, metavar='N',
                        help='deals to play; each is played once per player, seats rotated')
    parser.add_argument('--fresh-every', type=whole('fresh_every', 1, MAX_HANDS), default=None, metavar='N',
                        help='fresh players every N deals, who forget what they learnt (default: each seating keeps '
                             'its players, and their models, for the whole match)')
    parser.add_argument('--log', default=None, metavar='FILE',
                        help='write every hand to FILE in the ACPC log format (STATE:hand:betting:cards:payoffs:names), '
                             'deal by deal, each deal seating by seating; the same file with any --workers or '
                             '--scheduler')
    add_seed(parser)
    where = parser.add_mutually_exclusive_group()
    add_workers(where)
    add_scheduler(where)
    add_json(parser)
    add_png(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    players = [name.strip() for name in args.players.split(',') if name.strip()] + \
        [spec.strip() for spec in args.player]
    if args.png is not None:
        from ..pictures.plots import check_matplotlib
        check_matplotlib()  # fail before playing when matplotlib is missing
    with chosen_executor(args, args.hands) as executor:
        result = match(players, args.hands, seed=args.seed, executor=executor, fresh_every=args.fresh_every,
                       log=args.log)
    if args.png is not None:
        result.png(args.png)
    if args.json:
        print_json(result.to_dict())
        return 0
    print(f'{result.games:,} hands: {result.deals:,} deals x {result.rotations} seatings (seed {result.seed}); '
          'small bets per hand')
    print(result.table())
    if args.png is not None:
        print(f'picture: {args.png}', file=sys.stdout)
    return 0
