"""Exercise: put the Java original's wheel back, and reproduce the Java program's figures.

The Java program this library descends from ranked the wheel (5-4-3-2-A) like the broadway straight
(A-K-Q-J-T) and the steel wheel (the 5-high straight flush) like a royal flush. Of six or seven cards it
scored every five-card hand they hold that way and took the best.

Complete :meth:`JavaWheelRanker.rank_many`, a :class:`poker.HandRanker` subclass that scores the same way.
``rank_many`` is the library's one ranking hook: it gets an integer array of card indices, one hand of
5, 6 or 7 cards a row, and returns their values (``HandRanker.rank_many``, reached with ``super()``,
gives the standard ones). ``HandRanker.rank`` (one hand), :class:`poker.RankableHand` and the engine of
:class:`poker.Player` all rank through it, so ``JavaHand`` and ``JavaPlayer`` below take the Java scoring
by naming the ranker, and nothing else (the other methods of HandRanker are final: overriding ``rank``
alone would not reach the engines, so the library refuses it). The values to move are ``WHEEL`` to ``BROADWAY`` and
``STEEL_WHEEL`` to ``ROYAL``; every other hand keeps its standard value.

With it, the Java program's example, A♥Q♥ on 3♥4♠J♥ with two cards to come
(``JavaPlayer('Ah Qh', '3h 4s Jh').calculate_hand_statistics(lookahead=2)``), gives the Java program's
reported PPOT 0.5050257311126877 and NPOT 0.1433984109873438 to the last digit: the wheel alone explains
why they differ from the library's exact 0.5041789128745651 and 0.14514153391623746. (solution.py also
counts how often the Java scoring changes the result of a million random heads-up showdowns.)

Check it: ``python examples/exercises/java_wheel_ranker/check.py``; one solution is in solution.py.
"""

from __future__ import annotations

from collections.abc import Sequence
import numpy as np

from poker import HandCategory, HandRanker, Player, RankableHand

WHEEL, BROADWAY = HandCategory.STRAIGHT.first_value, HandCategory.STRAIGHT.last_value
STEEL_WHEEL, ROYAL = HandCategory.STRAIGHT_FLUSH.first_value, HandCategory.STRAIGHT_FLUSH.last_value


class JavaWheelRanker(HandRanker):
    """Scores the wheel like broadway and the steel wheel like a royal flush, as the Java original did."""

    @classmethod
    def rank_many(cls, indices: np.ndarray | Sequence[Sequence[int]], *, validate: bool = True) -> np.ndarray:
        return super().rank_many(indices, validate=validate)  # your code here


class JavaHand(RankableHand):
    """A RankableHand valued the Java way."""

    ranker = JavaWheelRanker


class JavaPlayer(Player):
    """A Player whose statistics rank hands the Java way."""

    ranker = JavaWheelRanker
