"""``poker review FILE... --hero NAME``: a player's own fixed-limit hold'em hands (the sites' hand histories, PHH
files, ACPC logs) replayed through Loki: each of his decisions with HS, PPOT, NPOT and EHS against the re-weighted
ranges, Loki's advice, and the chips at stake where he did otherwise (:func:`poker.formats.hand_review.review`)."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..errors import PokerError
from ..formats.hand_history import MOST_HANDS
from ..formats.hand_review import review
from ..validators import shown
from .options import add_json, whole
from .output import print_json


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        'review', help='your own fixed-limit hold\'em hands replayed through Loki, decision by decision',
        description='Read hand histories (PokerStars, Full Tilt Poker, iPoker and PartyPoker files and PHH files '
                    'through pokerkit, the pokerkit extra; ACPC logs as poker match --log writes them) and replay '
                    'every fixed-limit hold\'em hand of the hero as he saw it, with a modelling Loki in his seat '
                    'that learns the other players from hand to hand. For each of his decisions: the street, the '
                    'board, the pot, the bet to call and the pot odds (to call / (pot + to call)), HS, PPOT, NPOT '
                    'and EHS against the opponents\' ranges as their actions leave them (re-weighted as Loki '
                    're-weights them), Loki\'s advice and its rule, and, where the hero did otherwise (marked *), '
                    'the chips at stake: what he put in less what Loki\'s action would have put in, in the file\'s '
                    'money and in small bets. Hands of no-limit hold\'em and of other games, hands without the '
                    'hero and hands without his hole cards are counted and skipped (one line). Amounts are the '
                    'file\'s; a pot goes whole to its winners (the rake left out).',
        epilog='examples:\n'
               '  poker review stars.txt --hero Hero                     (a PokerStars hand history)\n'
               '  poker review stars.txt hands.phh --hero Hero --html review.html\n'
               '  poker review match.phh --hero loki --json   (written by: poker match --players loki,station --log '
               'match.phh)',
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('files', nargs='+', metavar='FILE', help='hand-history files, read in order')
    parser.add_argument('--hero', required=True, metavar='NAME', help='the player whose decisions are reviewed, '
                                                                      'named as in the files')
    parser.add_argument('--html', default=None, metavar='FILE',
                        help='also write the review to FILE as an HTML table, the cards drawn')
    parser.add_argument('--most-hands', type=whole('most hands', 1, 10 ** 9), default=MOST_HANDS, metavar='N',
                        help=f'the most hands read, all files together (default: {MOST_HANDS:,})')
    add_json(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    result = review(args.files, args.hero, most_hands=args.most_hands)
    if args.html is not None:
        page = ('<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>poker review</title></head><body>\n'
                f'{result.html()}\n</body></html>\n')
        try:
            Path(args.html).write_text(page, encoding='utf-8')
        except (OSError, ValueError) as error:
            raise PokerError(f'cannot write {shown(args.html)}: {getattr(error, "strerror", None) or error}') \
                from None
    if args.json:
        print_json(result.to_dict())
    else:
        print(result.text())
    return 0
