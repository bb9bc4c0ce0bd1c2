"""One hand on random spots, timed in CPU per call, here and in a baseline interpreter: what bench/statistics.py
and bench/input_speed.py share (issue 31: ``Player`` at most 3x ``hand_strength``, text at most 2x cards).

    python bench/spots.py [--calls 300] [--batches 7] [--seed 31] [WORKLOAD ...]

prints, as JSON, the median CPU seconds per call of each workload: each batch is ``--calls`` calls on fresh
random spots (a spot never seen before by the process, so no memo answers for it: the cards of each workload's
spots are drawn from a seed of its own), and the median is over ``--batches`` batches, after one untimed batch
(lazy imports, one-off tables). Card text is made before the clock starts. The scripts run this file with the
baseline's interpreter (the commit before issue 31, in its own venv) in a fresh process started in an empty
folder, so the package comes from that interpreter's install, and compare in the same run.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

BASELINE = '/work/venv-base31/bin/python'

# name: (board cards, text or cards, the call on (hole, board))
Call = Callable[[object, object], object]


def _workloads() -> dict[str, tuple[int, bool, Call]]:
    from poker import Player, hand_strength

    def statistics(lookahead: int | None = None) -> Call:
        return lambda hole, board: Player(hole, board).calculate_hand_statistics(lookahead=lookahead)  # type: ignore[arg-type]

    found: dict[str, tuple[int, bool, Call]] = {}
    for street, size in (('river', 5), ('turn', 4)):
        for text in (False, True):
            form = ', text' if text else ''
            found[f'hand_strength {street}{form}'] = (size, text, hand_strength)  # type: ignore[assignment]
            found[f'Player {street}{form}'] = (size, text, statistics())
        found[f'Player {street}, lookahead 0'] = (size, False, statistics(0))
    return found


def spots(seed: int, board_size: int, count: int, text: bool) -> list[tuple[object, object]]:
    """``count`` random spots: two hole cards and a board, as tuples of cards, or as text ('Ah Qh')."""
    from poker import Card

    deck = [Card.from_index(i) for i in range(52)]
    rng = random.Random(seed)
    result: list[tuple[object, object]] = []
    for _ in range(count):
        cards = rng.sample(deck, 2 + board_size)
        hole, board = tuple(cards[:2]), tuple(cards[2:])
        result.append((' '.join(map(str, hole)), ' '.join(map(str, board))) if text else (hole, board))
    return result


def cpu_per_call(call: Call, batches: list[list[tuple[object, object]]]) -> float:
    """The median over batches of the CPU seconds per call (the first batch untimed)."""
    times = []
    for number, batch in enumerate(batches):
        start = time.process_time()
        for hole, board in batch:
            call(hole, board)
        if number:
            times.append((time.process_time() - start) / len(batch))
    times.sort()
    middle = len(times) // 2
    return times[middle] if len(times) % 2 else (times[middle - 1] + times[middle]) / 2


def measure(names: list[str], calls: int, batches: int, seed: int) -> dict[str, float]:
    """The median CPU seconds per call of each named workload, in this process."""
    known = _workloads()
    result = {}
    for number, name in enumerate(names):
        size, text, call = known[name]
        made = [spots(seed * 1_000_003 + number * 1_009 + batch, size, calls, text) for batch in range(batches + 1)]
        result[name] = cpu_per_call(call, made)
    return result


def in_baseline(python: str, names: list[str], calls: int, batches: int, seed: int) -> dict[str, float] | None:
    """:func:`measure` run by the baseline interpreter ``python`` in a fresh process (None without one)."""
    if not python or not Path(python).exists():
        return None
    env = {name: value for name, value in os.environ.items() if name != 'PYTHONPATH'}
    done = subprocess.run([python, str(Path(__file__).resolve()), '--calls', str(calls), '--batches', str(batches),
                           '--seed', str(seed), *names], cwd=tempfile.mkdtemp(prefix='spots_'), env=env,
                          capture_output=True, text=True, check=True)
    found: dict[str, float] = json.loads(done.stdout)
    return found


def ratio_table(title: str, rows: list[tuple[str, str, str]], columns: tuple[str, str], goal: float, calls: int,
                seed: int, baseline: str) -> None:
    """Measure the workloads of ``rows`` (label, the measured call, the call it is measured against) here and in
    the baseline, and print the CPU µs per call of each, their ratio against the ``goal`` and, with a baseline,
    the same for it and the measured call's speed-up."""
    names = sorted({name for _, *pair in rows for name in pair})
    here = measure(names, calls, 7, seed)
    there = in_baseline(baseline, names, calls, 7, seed)
    measured, against = columns
    print(f'\n{title} (CPU µs per call, median of 7 batches of {calls} fresh spots; goal: ratio <= {goal:g})')
    header = f'{"":22}{against:>14}{measured:>9}{"ratio":>7}{"goal":>6}'
    if there:
        header += f'{"baseline " + against:>23}{"baseline " + measured:>18}{"ratio":>7}{"speed-up":>10}'
    print(header)
    for label, top, bottom in rows:
        row = f'{label:22}{here[bottom] * 1e6:14.1f}{here[top] * 1e6:9.1f}{here[top] / here[bottom]:7.2f}'
        row += f'{"met" if here[top] <= goal * here[bottom] else "NOT":>6}'
        if there:
            row += (f'{there[bottom] * 1e6:23.1f}{there[top] * 1e6:18.1f}{there[top] / there[bottom]:7.2f}'
                    f'{there[top] / here[top]:9.1f}x')
        print(row)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--calls', type=int, default=300)
    parser.add_argument('--batches', type=int, default=7)
    parser.add_argument('--seed', type=int, default=31)
    parser.add_argument('workloads', nargs='*')
    args = parser.parse_args()
    names = args.workloads or list(_workloads())
    json.dump(measure(names, args.calls, args.batches, args.seed), sys.stdout)


if __name__ == '__main__':
    main()
