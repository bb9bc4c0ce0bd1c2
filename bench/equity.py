"""Speed of poker.equity against baselines measured in the same run (medians).

    python bench/equity.py [--repeat 5] [--ompeval DRIVER] [--pokerkit-samples 2000]

Each case is timed three ways in one run: poker.equity with HandRanker (the compiled loops of
poker/stats/_equity.c), the NumPy path (a pass-through HandRanker subclass, which ranks through
``rank_many``: what the compiled loops replace), and, when a driver is given, OMPEval (one thread). Cases:

* exact, before the flop: AhKh vs QcQd; AhKh vs QcQd vs JsTs; ``QQ+, AKs`` vs ``JJ-99, AQs``
  (goal: within 1.5x of OMPEval's time);
* sampled, before the flop: three random hands, and AhKh vs QcQd, in deals per second (goal: within 1.5x
  of OMPEval's rate);
* sampled, three ranges (``QQ+, AKs`` / ``JJ-99, AQs`` / ``22+, A2s+, KTs+, QJs``) against pokerkit's
  ``calculate_equities`` (an earlier goal: at least 1,000,000 deals/s and 500x pokerkit).

OMPEval is not part of this repository. ``--ompeval`` (or the ``OMPEVAL_DRIVER`` environment variable) names
a program, built outside it, that times those cases with ``omp::EquityCalculator`` on one thread
(``enumerateAll`` for exact; a time limit for sampled, reading the hands evaluated per second) and prints
one line per case, ``name value``, with the names ``exact_two_ms``, ``exact_three_ms``, ``exact_ranges_ms``,
``sampled_three_random_per_s`` and ``sampled_two_per_s``; it is called as ``DRIVER REPEAT SECONDS``. Without
a driver those columns are left empty. Write the ranges in OMPEval's syntax for the driver: it has no span of
pairs, and given ``JJ-99,AQs`` it stops reading at the dash and holds ``JJ`` alone, a smaller question
(bench/floors.py builds OMPEval itself, with the ranges written out, and checks its equities against ours).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

BENCH = Path(__file__).resolve().parent
# pokerkit imports the standard library's statistics, which bench/statistics.py would shadow: import it first
sys.path[:] = [entry for entry in sys.path if Path(entry or '.').resolve() != BENCH]
import pokerkit  # noqa: E402
sys.path[:0] = [str(BENCH.parent), str(BENCH)]

from poker import HandRanker, equity  # noqa: E402
from timing import median  # noqa: E402

RANGES = ('QQ+, AKs', 'JJ-99, AQs', '22+, A2s+, KTs+, QJs')
POKERKIT_RANGES = ('QQ+;AKs', 'JJ-99;AQs', '22+;A2s+;KTs+;QJs')
TWO, THREE = ['Ah Kh', 'Qc Qd'], ['Ah Kh', 'Qc Qd', 'Js Ts']


class Plain(HandRanker):
    """HandRanker's values through the hook: poker.equity's NumPy path."""

    @classmethod
    def rank_many(cls, indices: np.ndarray, *, validate: bool = True) -> np.ndarray:  # type: ignore[override]
        return super().rank_many(indices, validate=validate)


def wall_and_cpu(action: Callable[[], object], repeats: int) -> tuple[float, float]:
    """Median wall and CPU seconds of ``repeats`` calls after one warm-up call: on a machine shared with
    other work the CPU time is what the run costs, the wall time what it waited."""
    action()
    walls, cpus = [], []
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        action()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return median(walls), median(cpus)


def ompeval(driver: str | None, repeat: int, seconds: float) -> dict[str, float]:
    """The driver's numbers by case name, or nothing without a driver."""
    if not driver:
        return {}
    lines = subprocess.run([driver, str(repeat), str(seconds)], capture_output=True, text=True,
                           check=True).stdout.split('\n')
    return {name: float(value) for name, value in (line.split() for line in lines if line.strip())}


def pokerkit_seconds(samples: int) -> float:
    ranges = [pokerkit.parse_range(text) for text in POKERKIT_RANGES]
    start = time.perf_counter()
    pokerkit.calculate_equities(ranges, (), 2, 5, pokerkit.Deck.STANDARD, (pokerkit.StandardHighHand,),
                                sample_count=samples)
    return time.perf_counter() - start


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--repeat', type=int, default=5)
    parser.add_argument('--ompeval', default=os.environ.get('OMPEVAL_DRIVER'),
                        help='a program timing OMPEval on these cases (see the module docstring)')
    parser.add_argument('--ompeval-seconds', type=float, default=1.0, help="OMPEval's sampling time per run")
    parser.add_argument('--deals', type=int, default=2_000_000, help='deals per sampled run')
    parser.add_argument('--pokerkit-samples', type=int, default=2000)
    args = parser.parse_args(argv[1:])
    repeat, deals = args.repeat, args.deals
    cases = [('exact AhKh vs QcQd', TWO, 'exact_two_ms'),
             ('exact AhKh vs QcQd vs JsTs', THREE, 'exact_three_ms'),
             ("exact 'QQ+, AKs' vs 'JJ-99, AQs'", list(RANGES[:2]), 'exact_ranges_ms'),
             ('sampled 3 random hands', ['random'] * 3, 'sampled_three_random_per_s'),
             ('sampled AhKh vs QcQd', TWO, 'sampled_two_per_s')]

    def run(players: list[str], key: str, ranker: type[HandRanker] = HandRanker, scale: int = 1) -> None:
        if key.startswith('exact'):
            equity(players, method='exact', ranker=ranker)
        else:
            equity(players, method='sampled', samples=deals // scale, seed=1, ranker=ranker)

    # ours and OMPEval's runs take turns, so that other work on the machine weighs on both alike
    walls: dict[str, list[float]] = {key: [] for _, _, key in cases}
    cpus: dict[str, list[float]] = {key: [] for _, _, key in cases}
    omp: dict[str, list[float]] = {key: [] for _, _, key in cases}
    for _, players, key in cases:
        run(players, key)
    for _ in range(repeat):
        for name, value in ompeval(args.ompeval, 1, args.ompeval_seconds).items():
            omp.setdefault(name, []).append(value)
        for _, players, key in cases:
            wall, cpu = time.perf_counter(), time.process_time()
            run(players, key)
            walls[key].append(time.perf_counter() - wall)
            cpus[key].append(time.process_time() - cpu)

    rows: list[tuple[str, ...]] = []
    for name, players, key in cases:
        wall, cpu, theirs = median(walls[key]), median(cpus[key]), median(omp[key]) if omp[key] else None
        if key.startswith('exact'):
            numpy_wall, _ = wall_and_cpu(lambda: run(players, key, Plain), 1 if 'ranges' in key else repeat)
            rows.append((name, f'{wall * 1e3:.2f} ms', f'{cpu * 1e3:.2f} ms', f'{numpy_wall * 1e3:.1f} ms',
                         f'{numpy_wall / wall:.1f}x faster',
                         '' if theirs is None else f'{theirs:.2f} ms: ours {wall * 1e3 / theirs:.2f}x its time'))
        else:
            numpy_wall, _ = wall_and_cpu(lambda: run(players, key, Plain, 10), max(1, repeat // 2))
            rate, numpy_rate = deals / wall, deals / 10 / numpy_wall
            rows.append((name, f'{rate / 1e6:.1f} M/s', f'{deals / cpu / 1e6:.1f} M/s', f'{numpy_rate / 1e6:.2f} M/s',
                         f'{rate / numpy_rate:.1f}x faster',
                         '' if theirs is None else f'{theirs / 1e6:.1f} M/s: ours {theirs / rate:.2f}x its time'))

    wall, _ = wall_and_cpu(lambda: equity(list(RANGES), method='sampled', samples=deals, seed=1), repeat)
    kit = min(pokerkit_seconds(args.pokerkit_samples) for _ in range(max(1, repeat // 2)))
    rate, kit_rate = deals / wall, args.pokerkit_samples / kit
    pokerkit_row = (f'sampled 3 ranges: {rate / 1e6:.1f} M deals/s, pokerkit {kit_rate:,.0f}/s: '
                    f'{rate / kit_rate:,.0f}x (goal >= 1,000,000/s and >= 500x)')

    header = ('case', 'poker.equity', '(CPU time)', 'NumPy path', 'compiled vs NumPy', 'OMPEval, one thread')
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    for row in [header, *rows]:
        print('  '.join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
    print(pokerkit_row)
    print(f'(medians of {repeat} runs, wall time unless marked CPU, ours and OMPEval\'s in turn; sampled: {deals:,} '
          f'deals per run, the NumPy path {deals // 10:,}; OMPEval: '
          f'{"driver " + args.ompeval if args.ompeval else "no driver given"}; goal: ours within 1.5x of OMPEval; '
          f'load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)')


if __name__ == '__main__':
    main(sys.argv)
