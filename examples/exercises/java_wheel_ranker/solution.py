"""Solution to the exercise in task.py: the Java original's wheel put back, and the Java program's
figures reproduced.

The Java program this library descends from scored the wheel (5-4-3-2-A) like the broadway straight
(A-K-Q-J-T) and the steel wheel (the 5-high straight flush) like a royal flush, and took the best of the
five-card hands in six or seven cards. Below, a :class:`poker.HandRanker` subclass does the same; a
:class:`poker.RankableHand` subclass compares a wheel with a six-high straight under both rankers; a
million heads-up showdowns show how often the result changes; and a :class:`poker.Player` subclass
computes the Java program's example, A♥Q♥ on 3♥4♠J♥ with two cards to come: the Java program's reported PPOT
0.5050257311126877 and NPOT 0.1433984109873438 come out to the last digit, so the wheel alone explains
why they differ from the exact 0.5041789128745651 and 0.14514153391623746.

``rank_many`` is the one ranking hook: ``rank`` (one hand), ``RankableHand``, ``Player``'s engine and
every other statistic rank through it, so overriding it alone changes them all. It scores every
five-card subset with the wheel lifted and keeps the best. (Lifting only the final value is not enough:
A-2-3-4-5-6 holds a six-high straight, which the Java scoring ranks below the wheel it also holds.)

Run it: ``python examples/exercises/java_wheel_ranker/solution.py`` (check it: ``check.py --solution``)
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np

from poker import HandCategory, HandRanker, Player, RankableHand

WHEEL, BROADWAY = HandCategory.STRAIGHT.first_value, HandCategory.STRAIGHT.last_value
STEEL_WHEEL, ROYAL = HandCategory.STRAIGHT_FLUSH.first_value, HandCategory.STRAIGHT_FLUSH.last_value


class JavaWheelRanker(HandRanker):
    """Scores the wheel like broadway and the steel wheel like a royal flush, as the Java original did."""

    @staticmethod
    def java_value(values: np.ndarray) -> np.ndarray:
        """Five-card values with the two wheels lifted to the top of their categories."""
        lifted = np.where(values == WHEEL, BROADWAY, values)
        return np.where(lifted == STEEL_WHEEL, ROYAL, lifted).astype(values.dtype)

    @classmethod
    def rank_many(cls, indices: np.ndarray | Sequence[Sequence[int]], *, validate: bool = True) -> np.ndarray:
        rows, standard = np.asarray(indices), super().rank_many
        fives = itertools.combinations(range(rows.shape[1]), 5)
        best: np.ndarray = np.maximum.reduce([cls.java_value(standard(rows[:, five], validate=validate))
                                              for five in fives])
        return best


class JavaHand(RankableHand):
    ranker = JavaWheelRanker


class JavaPlayer(Player):
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


def two_card_potentials(player_class: type[Player], hole: str = 'Ah Qh', board: str = '3h 4s Jh') -> tuple[float, float]:
    """PPOT and NPOT with two cards to come, straight from ``player_class``'s engine."""
    stats = player_class(hole, board).calculate_hand_statistics(lookahead=2)
    return stats.ppot, stats.npot


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
    for player_class in (Player, JavaPlayer):
        ppot, npot = two_card_potentials(player_class)
        print(f'{player_class.ranker.__name__:>15}: A♥Q♥ on 3♥4♠J♥, two cards to come: PPOT {ppot!r}, NPOT {npot!r}')


if __name__ == '__main__':
    main()
