"""Deal a seeded hand of Texas Hold'em and show each player's best five cards.

    python examples/pokergame.py [--seed N] [--players N]
"""

from __future__ import annotations

import argparse

from poker import Deck, RankableHand, format_cards


def deal(seed: int, players: int) -> None:
    deck = Deck(seed=seed)
    holes = [deck.deal(2) for _ in range(players)]
    board = deck.deal(5)
    print(f'Board: {format_cards(board)}')
    hands = [RankableHand([*hole, *board]) for hole in holes]
    best = max(hands)
    for number, (hole, hand) in enumerate(zip(holes, hands), start=1):
        mark = '  <- wins' if hand == best else ''
        print(f'Player {number}: {format_cards(hole)}  {format_cards(hand.best_five)}  '
              f'{hand.category.label:<15} {hand.description}{mark}')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--seed', type=int, default=2026)
    parser.add_argument('--players', type=int, default=4, choices=range(2, 11), metavar='2..10')
    args = parser.parse_args()
    deal(args.seed, args.players)


if __name__ == '__main__':
    main()
