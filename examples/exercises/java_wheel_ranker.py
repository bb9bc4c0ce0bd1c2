"""Exercise: put the Java original's wheel back, and count the showdowns it gets wrong.

The Java program this library descends from scored the wheel (5-4-3-2-A) like the broadway straight
(A-K-Q-J-T) and the steel wheel (the 5-high straight flush) like a royal flush. Write a
:class:`poker.HandRanker` subclass that does the same: rank as usual, then lift those two values to the
top of their category. Use it for a :class:`poker.RankableHand` subclass and compare a wheel with a
six-high straight under both rankers. Then rank a million heads-up showdowns in NumPy batches with both
and count how often the winner changes.

Solution: below. ``rank`` (one hand) and ``rank_many`` (a batch) are the two hooks; both map the result
through the same correction, so the single-hand and batch paths agree as they must.

Run it: ``python examples/exercises/java_wheel_ranker.py``
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from poker import Card, HandCategory, HandRanker, RankableHand

WHEEL, BROADWAY = HandCategory.STRAIGHT.first_value, HandCategory.STRAIGHT.last_value
STEEL_WHEEL, ROYAL = HandCategory.STRAIGHT_FLUSH.first_value, HandCategory.STRAIGHT_FLUSH.last_value


class JavaWheelRanker(HandRanker):
    """Scores the wheel like broadway and the steel wheel like a royal flush, as the Java original did."""

    @staticmethod
    def java_value(values: np.ndarray) -> np.ndarray:
        lifted = np.where(values == WHEEL, BROADWAY, values)
        return np.where(lifted == STEEL_WHEEL, ROYAL, lifted).astype(values.dtype)

    @classmethod
    def rank(cls, cards: Iterable[Card]) -> int:
        return int(cls.java_value(np.array([super().rank(cards)]))[0])

    @classmethod
    def rank_many(cls, indices: np.ndarray, *, validate: bool = True) -> np.ndarray:
        return cls.java_value(super().rank_many(indices, validate=validate))


class JavaHand(RankableHand):
    ranker = JavaWheelRanker


def showdowns(deals: int, seed: int = 1998, batch: int = 100_000) -> tuple[int, int]:
    """Deal ``deals`` heads-up showdowns: how many change result under the Java ranker, and how many of
    those get a different winner (the others become a false tie)."""
    rng = np.random.default_rng(seed)
    changed = wrong_winner = 0
    for start in range(0, deals, batch):
        size = min(batch, deals - start)
        cards = np.argsort(rng.random((size, 52), dtype=np.float32), axis=1)[:, :9]  # two holes, a board
        first = np.hstack([cards[:, 0:2], cards[:, 4:]])
        second = cards[:, 2:]
        ours = np.sign(HandRanker.rank_many(first).astype(int) - HandRanker.rank_many(second))
        java = np.sign(JavaWheelRanker.rank_many(first).astype(int) - JavaWheelRanker.rank_many(second))
        changed += int((ours != java).sum())
        wrong_winner += int(((ours != java) & (java != 0)).sum())
    return changed, wrong_winner


def main() -> None:
    wheel, six_high = 'Ah 2c 3d 4s 5h Kd Kc', '6c 2c 3d 4s 5h Kd Kc'
    for cls in (RankableHand, JavaHand):
        a, b = cls.parse(wheel), cls.parse(six_high)
        verdict = 'the six-high straight wins' if b > a else 'the wheel wins' if a > b else 'they tie'
        print(f'{cls.__name__:>12}: wheel {a.value} ({a.description}), six-high {b.value} '
              f'({b.description}): {verdict}')
    deals = 1_000_000
    changed, wrong_winner = showdowns(deals)
    print(f'of {deals:,} heads-up showdowns the Java scoring changes the result of {changed:,} '
          f'({changed / deals:.3%}); {wrong_winner:,} of them get a wrong winner, the rest a false tie')


if __name__ == '__main__':
    main()
