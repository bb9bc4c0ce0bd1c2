"""Solution to the exercise in task.py: a player whose opponent model trusts only strong holdings.

:meth:`poker.stats.player.Player.calculate_hand_statistics` weighs every opponent holding equally unless it is
given weights. Its opponent model is a hook, :meth:`Player.opponent_weights`, which turns the
``weights`` argument into weight sets. Write a subclass that, when no weights are given, assumes the
opponent holds only starting hands with an income rate of at least 200 against one opponent (Papp's IR2
table: about one holding in seven), and compare the hand strength and potential of a few hands
against everyone and against the strong holdings only.

Solution: below. The weights are one number per holding (1,326, in
``itertools.combinations(range(52), 2)`` order); :data:`poker.cards.starting_hand.CLASS_OF_HOLDING` maps each
holding to its class, and the income-rate grid in the same class order gives the rates. The hook hands
those weights to the original, which removes the holdings that use a known card.

Run it: ``python examples/exercises/strong_only_player/solution.py`` (check it: ``check.py --solution``)
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from poker import HandRanker, Player
from poker.cards import CLASS_OF_HOLDING


def strong_holdings(threshold: int) -> np.ndarray:
    """Weight 1 for each holding whose class earns at least ``threshold`` against one opponent, else 0."""
    rates = np.array(HandRanker.income_rate_table(1)).ravel()  # grid order, like CLASS_OF_HOLDING
    return (rates[CLASS_OF_HOLDING] >= threshold).astype(float)


class StrongOnlyPlayer(Player):
    """A Player that, unless told otherwise, credits the opponent with strong starting hands only."""

    threshold: ClassVar[int] = 200

    def opponent_weights(self, weights: Any) -> Any:
        if weights is None:
            weights = strong_holdings(self.threshold)
        return super().opponent_weights(weights)


def main() -> None:
    strong = strong_holdings(StrongOnlyPlayer.threshold)
    print(f'strong holdings (income rate >= {StrongOnlyPlayer.threshold}): {int(strong.sum())} of 1326 '
          f'({strong.mean():.1%})')
    print(f"{'hand':<8}{'board':<12}{'opponent':<10}{'HS':>7}{'PPOT':>7}{'NPOT':>7}{'EHS':>7}{'holdings':>10}")
    drops = []
    for hole, board in (('Ah Qh', '3h 4s Jh'), ('9c 9d', 'Kh 7s 2c'), ('Ks Qd', 'Kh 8h 4d 2c'),
                        ('7d 6d', '8d 5s 2h')):
        row = {}
        for label, cls in (('anyone', Player), ('strong', StrongOnlyPlayer)):
            stats = row[label] = cls(hole, board).calculate_hand_statistics(lookahead=1)
            print(f'{hole:<8}{board:<12}{label:<10}{stats.hs:>7.3f}{stats.ppot:>7.3f}{stats.npot:>7.3f}'
                  f'{stats.ehs:>7.3f}{stats.holdings:>10}')
        drops.append((row['anyone'].ehs - row['strong'].ehs, hole, board, row['anyone'].ehs, row['strong'].ehs))
    drop, hole, board, before, after = max(drops)
    print(f'the opponent model matters as much as the cards: EHS of {hole} on {board} falls from '
          f'{before:.3f} to {after:.3f} against strong hands only')

if __name__ == '__main__':
    main()
