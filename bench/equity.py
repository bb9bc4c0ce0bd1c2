"""Speed of poker.equity against baselines measured in the same run (medians).

    python bench/equity.py [--repeat 5] [--pokerkit-samples 2000]

Rows:
* sampled, three players with ranges (``QQ+, AKs`` / ``JJ-99, AQs`` / ``22+, A2s+, KTs+, QJs``)
  before the flop: deals per second, against pokerkit's ``calculate_equities`` on the same spot
  (goal: at least 1,000,000 deals/s and 500x pokerkit);
* exact, hand against hand before the flop (AhKh vs QcQd, 1,712,304 boards; goal <= 30 ms);
* exact, three hands before the flop (AhKh, QcQd, JsTs: 1,370,754 boards; goal <= 1 s);
* exact, ``QQ+, AKs`` against ``JJ-99, AQs`` before the flop (goal <= 10 s).

The exact rows' baseline is the plain way: every holding tuple against every board from
``itertools.combinations``, both ranked with ``HandRanker.rank_many``, no suit symmetry; for the range
row it is timed on 8 holding pairs and scaled to all of them (marked "extrapolated").
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import time
from pathlib import Path

import numpy as np

BENCH = Path(__file__).resolve().parent
# pokerkit imports the standard library's statistics, which bench/statistics.py would shadow: import it first
sys.path[:] = [entry for entry in sys.path if Path(entry or '.').resolve() != BENCH]
import pokerkit  # noqa: E402
sys.path[:0] = [str(BENCH.parent), str(BENCH)]

from poker import HandRanker, Range, equity, parse_cards  # noqa: E402
from poker.cards.holdings import HOLDINGS  # noqa: E402
from timing import median, median_seconds  # noqa: E402

RANGES = ('QQ+, AKs', 'JJ-99, AQs', '22+, A2s+, KTs+, QJs')
POKERKIT_RANGES = ('QQ+;AKs', 'JJ-99;AQs', '22+;A2s+;KTs+;QJs')


def wall_and_cpu(action: object, repeats: int) -> tuple[float, float]:
    """Median wall and CPU seconds of ``repeats`` calls after one warm-up call: on a machine shared with
    other work the CPU time is what the run costs, the wall time what it waited."""
    action()  # type: ignore[operator]
    walls, cpus = [], []
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        action()  # type: ignore[operator]
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return median(walls), median(cpus)


def plain_exact(hands: list[list[int]]) -> np.ndarray:
    """Pot shares of fixed hands over every board: itertools boards, rank_many, no symmetry."""
    used = [c for hand in hands for c in hand]
    rest = [c for c in range(52) if c not in used]
    boards = np.fromiter(itertools.chain.from_iterable(itertools.combinations(rest, 5)), dtype=np.int64).reshape(-1, 5)
    values = np.array([HandRanker.rank_many(np.column_stack([boards, np.tile(hand, (len(boards), 1))]))
                       for hand in hands])
    winners = values == values.max(axis=0)
    return (winners / winners.sum(axis=0)).mean(axis=1)


def plain_range_pairs(first: str, second: str, pairs: int | None) -> tuple[float, int]:
    """Seconds for ``pairs`` compatible holding pairs of two ranges the plain way, and the pair count."""
    a, b = (np.flatnonzero(Range.parse(text).weights) for text in (first, second))
    compatible = [(x, y) for x in a for y in b if not set(HOLDINGS[x].tolist()) & set(HOLDINGS[y].tolist())]
    start = time.perf_counter()
    for x, y in compatible[:pairs]:
        plain_exact([HOLDINGS[x].tolist(), HOLDINGS[y].tolist()])
    return time.perf_counter() - start, len(compatible)


def pokerkit_seconds(samples: int) -> float:
    ranges = [pokerkit.parse_range(text) for text in POKERKIT_RANGES]
    start = time.perf_counter()
    pokerkit.calculate_equities(ranges, (), 2, 5, pokerkit.Deck.STANDARD, (pokerkit.StandardHighHand,),
                                sample_count=samples)
    return time.perf_counter() - start


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--repeat', type=int, default=5)
    parser.add_argument('--pokerkit-samples', type=int, default=2000)
    args = parser.parse_args(argv[1:])
    repeat = args.repeat
    hands = [[c.index for c in parse_cards(text)] for text in ('Ah Kh', 'Qc Qd', 'Js Ts')]

    deals = 1_000_000
    ours, ours_cpu = wall_and_cpu(lambda: equity(list(RANGES), method='sampled', samples=deals, seed=1), repeat)
    theirs = min(pokerkit_seconds(args.pokerkit_samples) for _ in range(max(1, repeat // 2)))
    ours_rate, their_rate = deals / ours, args.pokerkit_samples / theirs
    rows = [('sampled 3 ranges preflop (deals/s)', f'{ours_rate:,.0f}', f'{deals / ours_cpu:,.0f}',
             f'{their_rate:,.0f} (pokerkit)', ours_rate / their_rate, '>= 1,000,000/s and >= 500x')]

    two, two_cpu = wall_and_cpu(lambda: equity(['Ah Kh', 'Qc Qd']), repeat)
    plain_two = median_seconds(lambda: plain_exact(hands[:2]), max(1, repeat // 2))
    rows.append(('exact AhKh vs QcQd preflop (s)', f'{two:.3f}', f'{two_cpu:.3f}', f'{plain_two:.3f} (plain)',
                 plain_two / two, '<= 0.030 s'))
    three, three_cpu = wall_and_cpu(lambda: equity(['Ah Kh', 'Qc Qd', 'Js Ts']), repeat)
    plain_three = median_seconds(lambda: plain_exact(hands), max(1, repeat // 2))
    rows.append(('exact AhKh, QcQd, JsTs preflop (s)', f'{three:.3f}', f'{three_cpu:.3f}',
                 f'{plain_three:.3f} (plain)', plain_three / three, '<= 1 s'))
    ranges, ranges_cpu = wall_and_cpu(lambda: equity(list(RANGES[:2]), method='exact'), max(1, repeat // 2))
    sample_pairs = 8
    spent, pairs = plain_range_pairs(RANGES[0], RANGES[1], sample_pairs)
    plain_ranges = spent / sample_pairs * pairs
    rows.append(("exact 'QQ+, AKs' vs 'JJ-99, AQs' preflop (s)", f'{ranges:.2f}', f'{ranges_cpu:.2f}',
                 f'{plain_ranges:.1f} (plain, extrapolated from {sample_pairs} of {pairs} pairs)',
                 plain_ranges / ranges, '<= 10 s'))

    width = max(len(row[0]) for row in rows)
    print(f'{"case":<{width}}  {"poker.equity":>12}  {"(CPU time)":>10}  {"baseline (wall)":<46}  {"ratio":>8}  goal')
    for name, value, cpu, baseline, ratio, goal in rows:
        print(f'{name:<{width}}  {value:>12}  {cpu:>10}  {baseline:<46}  {ratio:>7.1f}x  {goal}')
    print(f'(medians of {repeat} runs, wall time; sampled: {deals:,} deals per run, pokerkit '
          f'{args.pokerkit_samples:,} samples; ratios of wall times; load average {os.getloadavg()[0]:.1f} '
          f'on {os.cpu_count()} cores)')


if __name__ == '__main__':
    main(sys.argv)
