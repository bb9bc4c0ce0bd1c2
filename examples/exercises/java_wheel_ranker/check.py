"""Check of the Java wheel: chosen hands, a census, random batches, and the Java example through Player."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from _checking import run  # noqa: E402

import numpy as np  # noqa: E402

from poker import Card, HandCategory, HandRanker  # noqa: E402
from poker.ranking import five_card_census, census  # noqa: E402

WHEEL, BROADWAY = HandCategory.STRAIGHT.first_value, HandCategory.STRAIGHT.last_value
STEEL_WHEEL, ROYAL = HandCategory.STRAIGHT_FLUSH.first_value, HandCategory.STRAIGHT_FLUSH.last_value

# (cards, the Java value, why)
HANDS = [
    ('5c 4d 3h 2s Ac', BROADWAY, 'the wheel scores like broadway'),
    ('5h 4h 3h 2h Ah', ROYAL, 'the steel wheel scores like a royal flush'),
    ('Ah Kh Qh Jh Th', ROYAL, 'a royal flush stays one'),
    ('Ad Kc Qh Js Tc', BROADWAY, 'broadway stays broadway'),
    ('6c 5d 4h 3s 2c', HandRanker.rank('6c 5d 4h 3s 2c'), 'a six-high straight keeps its value'),
    ('Ah 2c 3d 4s 5h 6c', BROADWAY, 'A-2-3-4-5-6 holds a wheel, which outscores its six-high straight'),
    ('Ah 2c 3d 4s 5h 6c 7d', BROADWAY, 'A-2-3-4-5-6-7 holds a wheel, which outscores its seven-high straight'),
    ('Ah 2h 3h 4h 5h 6h Kd', ROYAL, 'a steel wheel beside a six-high straight flush'),
    ('Ah 2c 3d 4s 5h 5d 5c', BROADWAY, 'a wheel beats the trips it holds'),
    ('Ah 2h 3h 4h 5c 9h Kd', HandRanker.rank('Ah 2h 3h 4h 5c 9h Kd'), 'a flush beats the wheel it holds'),
    ('Ah 2c 3d 4s 5h 5d Ac', BROADWAY, 'a wheel with two pairs'),
    ('9c 9d 9h Ks Kc 2d 3c', HandRanker.rank('9c 9d 9h Ks Kc 2d 3c'), 'a full house keeps its value'),
]


def card_arrays() -> tuple[np.ndarray, np.ndarray]:
    """The rank (2 to 14) and the suit of each card index."""
    ranks, suits = np.zeros(52, dtype=np.int8), np.zeros(52, dtype=np.int8)
    for rank in range(2, 15):
        for suit in range(4):
            card = Card(rank, suit)
            ranks[card.index], suits[card.index] = rank, suit
    return ranks, suits


def java_expected(rows: np.ndarray) -> np.ndarray:
    """The Java values of seven-card rows, worked out from the cards, not by the exercise's method."""
    ranks, suits = card_arrays()
    standard = HandRanker.rank_many(rows).astype(int)
    wheel_ranks = (14, 2, 3, 4, 5)
    has_wheel = np.all([(ranks[rows] == rank).any(axis=1) for rank in wheel_ranks], axis=0)
    has_steel = np.zeros(len(rows), dtype=bool)
    for suit in range(4):
        has_steel |= np.all([((ranks[rows] == rank) & (suits[rows] == suit)).any(axis=1) for rank in wheel_ranks],
                            axis=0)
    return np.where(has_steel, ROYAL, np.where(has_wheel, np.maximum(standard, BROADWAY), standard))


def random_rows(rng: np.random.Generator, count: int, wheel: bool) -> np.ndarray:
    """``count`` seven-card hands; with ``wheel``, each holds an ace, 2, 3, 4 and 5 of random suits."""
    rows = np.empty((count, 7), dtype=np.int64)
    for row in rows:
        if wheel:
            fixed = [Card(rank, int(rng.integers(4))).index for rank in (14, 2, 3, 4, 5)]
            rest = rng.choice(np.setdiff1d(np.arange(52), fixed), 2, replace=False)
            row[:] = rng.permutation(np.concatenate([fixed, rest]))
        else:
            row[:] = rng.choice(52, 7, replace=False)
    return rows


def check(module: ModuleType) -> None:
    ranker, hand_class, player_class = module.JavaWheelRanker, module.JavaHand, module.JavaPlayer
    for cards, expected, why in HANDS:
        got = ranker.rank(cards)
        assert got == expected, f'{cards}: {got}, expected {expected} ({why})'
        assert hand_class.parse(cards).value == expected, f'JavaHand {cards!r} does not rank with JavaWheelRanker'
    wheel, six_high = hand_class.parse('Ah 2c 3d 4s 5h Kd Kc'), hand_class.parse('6c 2c 3d 4s 5h Kd Kc')
    assert wheel > six_high, 'JavaHand: the wheel must beat the six-high straight'

    # Every five-card hand: the 1,024 wheels (4**5 suit choices) leave their values for the top ones.
    standard, java = five_card_census().value_counts, census(5, ranker).value_counts
    moved = {WHEEL: 0, BROADWAY: 2 * (4 ** 5 - 4), STEEL_WHEEL: 0, ROYAL: 2 * 4}
    for value, count in enumerate(java):
        expected_count = moved.get(value, standard[value])
        assert count == expected_count, \
            f'five-card census: {count:,} hands of value {value}, expected {expected_count:,}'

    # Random seven-card batches, half of them holding a wheel (about 1 in 256 of those a steel wheel).
    rng = np.random.default_rng(1998)
    for wheel_rows in (False, True):
        rows = random_rows(rng, 4000, wheel_rows)
        got, java_values = np.asarray(ranker.rank_many(rows)), java_expected(rows)
        wrong = np.flatnonzero(got != java_values)
        assert got.shape == (len(rows),), \
            f'rank_many gave shape {got.shape} for {len(rows)} rows, expected {(len(rows),)}'
        assert not wrong.size, (f'{wrong.size} of {len(rows)} random hands ranked wrong, e.g. cards '
                                f'{rows[wrong[0]].tolist()}: {got[wrong[0]]}, expected {java_values[wrong[0]]}')
        if wheel_rows:
            assert (java_values == ROYAL).any(), 'no steel wheel dealt'  # a guard on the check itself

    # the Java example through Player's engine: the Java report to the last digit.
    stats = player_class('Ah Qh', '3h 4s Jh').calculate_hand_statistics(lookahead=2)
    assert (stats.ppot, stats.npot) == (0.5050257311126877, 0.1433984109873438), \
        f'A♥Q♥ on 3♥4♠J♥, two to come: PPOT {stats.ppot!r}, NPOT {stats.npot!r}; the Java report: ' \
        '0.5050257311126877, 0.1433984109873438'


if __name__ == '__main__':
    sys.exit(run(check, __file__))
