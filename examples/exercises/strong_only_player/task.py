"""Exercise: a player whose opponent model trusts only strong holdings.

:meth:`poker.stats.player.Player.calculate_hand_statistics` weighs every opponent holding equally unless it is
given weights. Its opponent model is a hook, :meth:`Player.opponent_weights`, which turns the
``weights`` argument into weight sets.

1. Write ``strong_holdings(threshold)``: weight 1 for each of the 1,326 holdings whose class earns at
   least ``threshold`` against one opponent (Papp's IR2 table), else 0. (Hint: the weights follow
   ``itertools.combinations(range(52), 2)`` order; :data:`poker.cards.starting_hand.CLASS_OF_HOLDING` maps a
   holding to its class, in the order of the rows of ``HandRanker.income_rate_table(1)``.)
2. Write ``StrongOnlyPlayer``, a :class:`~poker.stats.player.Player` subclass that, when no weights are given,
   assumes the opponent holds only ``strong_holdings(200)`` (about one holding in seven).

Check it: ``python examples/exercises/strong_only_player/check.py``; one solution is in solution.py.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from poker import Player


def strong_holdings(threshold: int) -> np.ndarray:
    """Weight 1 for each holding whose class earns at least ``threshold`` against one opponent, else 0."""
    raise NotImplementedError('strong_holdings: your code here')


class StrongOnlyPlayer(Player):
    """A Player that, unless told otherwise, credits the opponent with strong starting hands only."""

    threshold: ClassVar[int] = 200

    def opponent_weights(self, weights: Any) -> Any:
        return super().opponent_weights(weights)  # your code here
