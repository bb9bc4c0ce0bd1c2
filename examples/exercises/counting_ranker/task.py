"""Exercise: how much ranking does a memoizing factory save?

1. Complete ``CountingRanker``, a :class:`poker.HandRanker` subclass that counts in ``hands_ranked`` every
   hand it ranks. Every method of HandRanker is a classmethod, so the counter is a class attribute, and
   ``rank_many`` (an integer array of card indices, one hand a row) is the one ranking hook: ``rank``
   (one hand) ranks a one-row batch with it, and so does every engine of the library. (It is the only
   method a subclass may override: the others are final.)
2. ``CountedHand`` (a :class:`poker.RankableHand`) and ``CountingPlayer`` (a :class:`poker.Player`) below
   rank with it through their ``ranker`` class attribute. Complete ``CountingFactory``, a
   :class:`poker.HandFactory` subclass that builds CountedHands (its ``rankable_hand_class`` hook) and
   counts in ``built`` the hands it builds, that is its cache misses (its ``make_hand`` hook).

The check asks the factory for 50 hands, each 20 times in different card orders: it must build and rank
each hand once (50 hands ranked, not 1,000). It also counts what ``CountingPlayer`` ranks for A♥Q♥ on
3♥4♠J♥: with nothing to come, every holding's value on the board is ranked once and kept for later
questions on that board (``poker.kernel.board_memo.board_values``): the C(49, 2) = 1,176 holdings free of the
flop, ours among them. Then with two cards to come, 179,446 hands, each set of final cards once (for the
opponent, the 4 cards of a runout and a holding out of the 47 unseen, C(47, 4) = 178,365; for us, the
C(47, 2) = 1,081 runouts; the values now are kept already).

Check it: ``python examples/exercises/counting_ranker/check.py``; one solution is in solution.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import numpy as np

from poker import Card, HandFactory, HandRanker, Player, RankableHand, StartingHand


class CountingRanker(HandRanker):
    """A HandRanker that counts the hands it ranks, one at a time or in batches (both reach rank_many)."""

    hands_ranked: ClassVar[int] = 0

    @classmethod
    def rank_many(cls, indices: np.ndarray | Sequence[Sequence[int]], *, validate: bool = True) -> np.ndarray:
        return super().rank_many(indices, validate=validate)  # your code here


class CountedHand(RankableHand):
    """A RankableHand whose value comes from the counting ranker."""

    ranker = CountingRanker


class CountingPlayer(Player):
    """A Player whose engine ranks with the counting ranker."""

    ranker = CountingRanker


class CountingFactory(HandFactory):
    """A HandFactory that builds CountedHands and counts its cache misses."""

    def __init__(self, maxsize: int | None = 1 << 20) -> None:
        super().__init__(maxsize)
        self.built = 0

    def make_hand(self, cards: list[Card]) -> RankableHand | StartingHand:
        return super().make_hand(cards)  # your code here
