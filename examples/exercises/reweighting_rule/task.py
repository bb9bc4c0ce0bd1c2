"""Exercise: write Papp's re-weighting rule.

When an opponent acts, a Loki seat multiplies the weight of each of the opponent's holdings by a factor
that depends on how the holding ranks (its *strength* on the round's scale: IR7 before the flop, EHS'
after it) against the threshold ``mu`` the action implies, give or take ``sigma`` (Papp 1998, 7.2.1):

* linear, ``(strength - mu + sigma) / (2 * sigma)``: 0 at ``mu - sigma``, 0.5 at ``mu``, 1 at ``mu + sigma``;
* but never below 0.01 (the opponent may be bluffing): 0.01 at or below ``mu - sigma`` and wherever the line
  is under 0.01, 1 above ``mu + sigma``;
* with ``sigma == 0``: 1 at or above ``mu``, 0.01 below.

Complete :meth:`MyModel.factor` with NumPy (it gets all 1,326 strengths at once) without calling the
library's own rule. :class:`poker.players.modelling.SeatModel` calls it at every re-weighting, so your
rule then runs at the table: ``ModellingLokiPlayer.model_class = MyModel``.

Check it: ``python examples/exercises/reweighting_rule/check.py``; one solution is in solution.py.
"""

from __future__ import annotations

import numpy as np

from poker import SeatModel


class MyModel(SeatModel):
    """A seat model with a re-weighting rule of my own."""

    def factor(self, scale: np.ndarray, mu: float, sigma: float) -> np.ndarray:
        return np.ones_like(scale)  # your code here
