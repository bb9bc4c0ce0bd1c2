"""Solution to the exercise in task.py: how much ranking a memoizing factory saves, counted by a ranker.

A :class:`poker.HandRanker` subclass counts the hands it ranks; a :class:`poker.RankableHand` subclass
takes its values from it (the ``ranker`` class attribute), a :class:`poker.HandFactory` subclass builds
those hands (the ``rankable_hand_class`` hook) and counts its own cache misses (the ``make_hand`` hook),
and a :class:`poker.Player` subclass ranks its statistics with it. The same few hands are asked for many
times: the factory ranks each distinct hand once, however often it is asked for it.

Every method of HandRanker is a classmethod, so the counter is a class attribute, and ``rank_many`` is
the one ranking hook: ``rank`` (one hand) ranks a one-row batch with it, and so does every engine of the
library, so the counter also sees what :class:`poker.Player` ranks for its statistics.

Run it: ``python examples/exercises/counting_ranker/solution.py`` (check it: ``check.py --solution``)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import numpy as np

from poker import Card, Deck, HandFactory, HandRanker, Player, RankableHand, StartingHand


class CountingRanker(HandRanker):
    """A HandRanker that counts the hands it ranks, one at a time or in batches (both reach rank_many)."""

    hands_ranked: ClassVar[int] = 0

    @classmethod
    def rank_many(cls, indices: np.ndarray | Sequence[Sequence[int]], *, validate: bool = True) -> np.ndarray:
        cls.hands_ranked += len(indices)
        return super().rank_many(indices, validate=validate)


class CountedHand(RankableHand):
    """A RankableHand whose value comes from the counting ranker."""

    ranker = CountingRanker


class CountingPlayer(Player):
    """A Player whose engine ranks with the counting ranker."""

    ranker = CountingRanker


class CountingFactory(HandFactory):
    """A HandFactory that builds CountedHands and counts its cache misses."""

    rankable_hand_class = CountedHand

    def __init__(self, maxsize: int | None = 1 << 20) -> None:
        super().__init__(maxsize)
        self.built = 0

    def make_hand(self, cards: list[Card]) -> RankableHand | StartingHand:
        self.built += 1
        return super().make_hand(cards)


def main() -> None:
    deals = [Deck(seed=seed).deal(7) for seed in range(50)]  # 50 different seven-card hands
    requests = deals * 20  # each asked for 20 times, in shuffled text order
    factory = CountingFactory()
    for cards in requests:
        factory.get_hand(list(reversed(cards)))
    ranked_with_factory = CountingRanker.hands_ranked
    CountingRanker.hands_ranked = 0
    for cards in requests:
        CountedHand(cards)
    ranked_without = CountingRanker.hands_ranked
    info = factory.cache_info()
    print(f'requests for hands:            {len(requests)}')
    print(f'distinct hands:                {len(deals)}')
    print(f'hands built by the factory:    {factory.built} (cache hits {info.hits}, misses {info.misses})')
    print(f'hands ranked with the factory: {ranked_with_factory}')
    print(f'hands ranked without it:       {ranked_without}')
    CountingRanker.hands_ranked = 0
    CountingRanker.rank_many(np.array([[card.index for card in cards] for cards in deals]))
    print(f'one rank_many batch of them:   {CountingRanker.hands_ranked} hands in a single call')
    CountingRanker.hands_ranked = 0
    CountingPlayer('Ah Qh', '3h 4s Jh').calculate_hand_statistics(lookahead=2)
    print(f'Player on the flop, 2 to come: {CountingRanker.hands_ranked:,} hands ranked '
          '(each set of final cards once: 178,365 for the opponent, 1,081 for us, and the 1,176 holdings now '
          'unless this board was asked about before)')


if __name__ == '__main__':
    main()
