"""``poker history FILE...``: hand histories read back (ACPC logs; PHH files and the sites' files through pokerkit),
each player's VPIP, PFR, aggression factor, went-to-showdown and small bets per hand with a 95% interval (paired
over the seatings of a duplicate match's deals), or big blinds per 100 hands for no-limit hold'em."""

from __future__ import annotations

import argparse

from ..formats.acpc_notation import GameDefinition
from ..formats.hand_files import read_any_history
from ..formats.hand_history import MOST_HANDS, HandHistory, read_history
from .options import add_json, whole
from .output import print_json


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        'history', help='per-player statistics of hand histories (ACPC logs, PHH, PokerStars, Full Tilt, iPoker, '
                        'PartyPoker)',
        description='Read ACPC logs (STATE:<hand>:<betting>:<cards>:<payoffs>:<names> lines, as the ACPC dealer, '
                    'poker match --log and poker acpc --log write them) and report each player: VPIP (put chips '
                    'in voluntarily before the flop), PFR (raised before the flop), AF (bets and raises over calls '
                    'after the flop; ∞ for a player who bets or raises and never calls, null with '
                    'aggression_unbounded true in --json), WTSD (showdowns over flops seen) and small bets per hand with a 95% interval. '
                    'Hands with the same cards at every position and on the board, in other seats, are one deal '
                    'played in several seatings; when every deal was played in the same number of seatings (a '
                    'duplicate match) results are paired by deal. Lines starting with # are comments (a GAMEDEF '
                    'block of them, as poker match --log and poker acpc --log write, is the game: no --game needed) '
                    'and the dealer\'s SCORE line must agree with the hands; any other line that is not a hand, or a '
                    'hand whose payoffs do not fit its betting and cards under the game, is an error naming its '
                    'file and line. PHH files (.phh, as poker match --log FILE.phh writes them) and the hand '
                    'histories of PokerStars, Full Tilt Poker, iPoker and PartyPoker (fixed-limit and no-limit '
                    'hold\'em; the pokerkit extra) are read too, each file\'s kind found from its text: fixed-limit '
                    'hands in small bets per hand, no-limit ones in big blinds per 100 hands as trackers print it, '
                    'every hand its own sample (a PHH log of one game of this library\'s is read as its ACPC log: '
                    'the same numbers); hands of other games are counted and skipped.',
        epilog='examples:\n'
               '  poker history match.log   (written by: poker match --players loki,station --hands 200 --log match.log)\n'
               '  poker history dealer.log --game holdem.limit.2p.reverse_blinds.game --json   (the ACPC dealer\'s log)\n'
               '  poker history match.phh stars.txt   (a PHH log and a PokerStars hand history)',
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('files', nargs='+', metavar='FILE', help='hand-history files (ACPC logs, PHH, the sites\'), read in order')
    parser.add_argument('--game', default=None, metavar='FILE',
                        help='the ACPC game definition the hands were played under (default: the one in the logs\' '
                             'header, else the table\'s game, blinds 1/2 and bets 2/4, for each hand\'s number of '
                             'players); ACPC logs only')
    parser.add_argument('--most-hands', type=whole('most hands', 1, 10 ** 9), default=MOST_HANDS, metavar='N',
                        help=f'the most hands read, all files together (default: {MOST_HANDS:,}; twice as many lines '
                             'of any kind). Each file is read as a stream, a line at a time; a line longer than '
                             '10,000 characters ends the reading too')
    add_json(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    game = None if args.game is None else GameDefinition.read(args.game)
    history, skipped = read_any_history(args.files, game=game, most_hands=args.most_hands)
    if isinstance(history, HandHistory):
        return _show(history, args, skipped)
    if args.json:
        print_json(history.to_dict())
    elif not sum(history.hands):
        print(f'no hands of hold\'em in {", ".join(args.files)}' + (f' ({skipped})' if skipped else ''))
    else:
        print(history.table())
    return 0


def _show(history: HandHistory, args: argparse.Namespace, skipped: str | None) -> int:
    if args.json:
        print_json(history.to_dict() if skipped is None else {**history.to_dict(), 'skipped': skipped})
        return 0
    if not history.lines:
        print(f'no hands in {", ".join(args.files)}' + (f' ({skipped})' if skipped else ''))
        return 0
    paired = f'{len(history.deals()):,} deals, paired' if history.paired else 'no deal played twice'
    print(f'{len(history.lines):,} hands ({paired}); small bets per hand')
    print(history.table())
    if skipped:
        print(skipped)
    return 0
