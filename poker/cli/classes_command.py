"""``poker classes RANGE --board BOARD``: a range on a board as made hands and draws, as Flopzilla shows it.

Two tables, the made hands (strongest first) and the draws: each class's combos (the hero's weighted
holdings), their share of the range, and the class's HS, PPOT, NPOT, EHS and equity against the opponent's
range (``--range``; every holding alike by default). The classes are defined in ``docs/hand_classes.md``.
"""

from __future__ import annotations

import argparse

from ..cards.card import format_cards
from ..errors import PokerError
from ..validators import shown
from .options import add_board, add_json, add_lookahead, add_opponents, add_png, add_range, words
from .output import colour, print_json, printable

_COLUMNS = ('combos', 'share', 'HS', 'PPOT', 'NPOT', 'EHS', 'equity')


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        'classes', help='a range on a board as made hands and draws (Flopzilla\'s classes)',
        description='Read a range on a flop, turn or river as made hands (sets, two pair, top pair, ...) and '
                    'draws (flush draws, open-ended straight draws, gutshots, ...): each class\'s combos, its '
                    'share of the range, and its exact HS, PPOT, NPOT, EHS and equity against the opponent\'s '
                    'range. A holding has one made hand and any number of draws; the river has no draws.',
        epilog='examples:\n  poker classes "JJ+, AK, KQs, T9s" --board "Jh Ts 4h"\n'
               '  poker classes "22+, A2s+, KTs+" --board "Kd 7c 2h 9s" --range "QQ+, AKs" --json\n'
               '  poker classes "TT+, AQs+" --board "Jh Ts 4h" --png classes.png   '
               '(needs: pip install \'loki-holdem[plot]\')',
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('hero', nargs='+', metavar='RANGE', help='the hero\'s range, in one word or several: '
                                                                 '"JJ+, AK" or JJ+ AK')
    add_board(parser)
    add_range(parser)
    add_opponents(parser)
    add_lookahead(parser)
    add_json(parser)
    add_png(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from ..cards.card_inputs import read_board
    from ..ranges.range import Range
    from ..stats.hand_classes import NEEDS_A_BOARD
    from ..stats.range_stats import range_statistics
    text = words(args.hero)
    hero = Range.parse(text)
    if not hero:
        raise PokerError(f'the hero range {shown(text)} holds no holding')
    board = read_board(args.board)
    if len(board) < 3:
        raise PokerError(f'{NEEDS_A_BOARD} (--board "Jh Ts 4h")')
    stats = range_statistics(hero, board, args.range, lookahead=args.lookahead, opponents=args.opponents)
    table = stats.classes()
    against = 'every holding' if args.range is None else str(args.range)
    if args.png:
        from ..pictures.class_pictures import hand_classes_png
        hand_classes_png(stats, args.png, title=f'{hero} on {format_cards(board)} against {against}')
    if args.json:
        print_json({'hero_range': str(hero), 'board': [str(card) for card in board], 'opponent_range': against,
                    'opponents': stats.opponents, 'lookahead': stats.lookahead, 'combos': table.combos,
                    'opponent_holdings': stats.opponent_holdings,
                    'made_hands': [row.to_dict() for row in table.made],
                    'draws': [row.to_dict() for row in table.draws], **({'picture': args.png} if args.png else {})})
        return 0
    print(f'{printable(str(hero))} on {format_cards(board)} against {against} '
          f'({stats.opponent_holdings:,} holdings): {table.combos:g} combos')
    for title, rows in (('made hands', table.made), ('draws', table.draws)):
        if not rows:
            continue
        print(colour(f'{title:<28}' + ''.join(f'{name:>8}' for name in _COLUMNS), 'bold'))
        for row in rows:
            print(f'  {row.hand_class.label:<26}{row.combos:>8g}{row.share:>8.1%}' + ''.join(
                f'{value:>8.4f}' for value in (row.hs, row.ppot, row.npot, row.ehs, row.equity)))
    if len(board) == 5:
        print('No draws on the river.')
    if args.png:
        print(f'picture: {args.png}')
    return 0
