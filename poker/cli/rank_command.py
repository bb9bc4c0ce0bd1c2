"""``poker rank CARDS``: the value, category, best five cards and description of 5 to 7 cards."""

from __future__ import annotations

import argparse

from ..cards.card import format_cards
from ..ranking.rankable_hand import RankableHand
from .options import add_json, words
from .output import colour, print_json


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        'rank', help='rank 5 to 7 cards', description='Rank 5 to 7 cards exactly.',
        epilog='examples:\n  poker rank "Ah Kh Qh Jh Th 2c 3d"\n  poker rank 5c4d3h2sAc --json',
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('cards', nargs='+', help='the cards, e.g. "Ah Kh Qh Jh Th" (spaces optional)')
    add_json(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    hand = RankableHand.parse(words(args.cards))
    if args.json:
        print_json({'cards': [str(c) for c in hand.cards], 'value': hand.value, 'category': hand.category.label,
                    'best_five': [str(c) for c in hand.best_five], 'description': hand.description})
    else:
        print(f'{colour(hand.description, "bold")}  ({hand.category.label}, value {hand.value} of 7462)')
        print(f'best five: {format_cards(hand.best_five)}')
    return 0
