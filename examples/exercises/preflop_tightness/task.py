"""Exercise: choose a pre-flop tightness.

Loki plays the pre-flop by income rate (Papp 1998, 6.1): :func:`poker.preflop_strategy` names the
strategy of a hand (``'Make0'`` folds unless checking is free; anything else plays) for the number of
players expected to play, the position (0 on the button) and a tightness (``'tight'``, ``'moderate'``
or ``'loose'``). The thresholds come from ``poker/strategy/data/preflop_thresholds.csv``.

1. Write ``share_played(tightness, players, position)``: the share of the 1,326 holdings (each class
   counted by its holdings: 6 per pair, 4 suited, 12 offsuit) whose strategy is not Make0.
2. Write ``choose_tightness(target, players, position)``: the tightness whose share played is nearest to
   ``target`` (a share from 0 to 1); on a tie, the tighter one.

Check it: ``python examples/exercises/preflop_tightness/check.py``; one solution is in solution.py.
"""

from __future__ import annotations


def share_played(tightness: str, players: int, position: int) -> float:
    """The share of holdings that play (strategy other than Make0)."""
    raise NotImplementedError('share_played: your code here')


def choose_tightness(target: float, players: int, position: int) -> str:
    """The tightness that plays a share of hands nearest to ``target``."""
    return 'loose'  # your code here
