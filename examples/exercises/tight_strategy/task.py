"""Exercise: a tighter Loki, with higher thresholds and no semi-bluffs.

:class:`poker.strategy.advice.LokiStrategy` keeps Loki's betting thresholds as class attributes
(``make2_threshold`` = 0.85 and ``make1_threshold`` = 0.50, applied to EHS') and each rule as a method
(``check_raise``, ``make2``, ``make1``, ``semi_bluff``, ``semi_bluff_follow``, ``pot_odds_call``,
``showdown_odds_call``, ``check_or_fold``). Write a subclass that bets for value only with EHS' of 0.90 or
more, calls only from 0.60, and never semi-bluffs (a rule that
returns None passes the decision on to the next rule).

Check it: ``python examples/exercises/tight_strategy/check.py``; one solution is in solution.py (it also
prints where the two strategies disagree).
"""

from __future__ import annotations

from poker import LokiStrategy


class TightStrategy(LokiStrategy):
    """Loki with higher thresholds and no semi-bluffing."""

    # your code here
