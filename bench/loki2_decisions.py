"""What a Loki-2 decision costs at the table (issue 32: at most 20 ms median with the default trials).

    python bench/loki2_decisions.py [--hands 60] [--seed 32]

Plays hands at two tables, heads-up (``loki2`` against ``loki``) and ten seats (2 ``loki2``, 8 ``loki``), and times
every decision of every seat (CPU time, ``time.process_time``, the whole ``decide``: statistics, models, the
simulation). A row: the seat's kind, the street, the decisions timed, the median and the 90th percentile in ms,
and the ratio of the median to Loki-1's median on the same street at the same table (the baseline, measured in
the same run). Before the flop Loki-2 plays as Loki-1 (no simulation).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from poker.players.kinds import make_seat  # noqa: E402
from poker.table.game import FixedLimitGame  # noqa: E402


def _median(values: list[float]) -> float:
    return float(np.median(values))  # (not the statistics module: bench/statistics.py is first on the path)


class Timed:
    """A seat whose every decision is timed, by kind and street."""

    def __init__(self, seat: Any, kind: str, times: dict[tuple[str, str], list[float]]) -> None:
        self.seat, self.kind, self.times = seat, kind, times
        self.name = seat.name

    def __getattr__(self, name: str) -> Any:
        return getattr(self.seat, name)

    def decide(self, view: Any) -> Any:
        started = time.process_time()
        decision = self.seat.decide(view)
        self.times[(self.kind, view.street)].append(time.process_time() - started)
        return decision


def table(kinds: list[str], hands: int, seed: int) -> dict[tuple[str, str], list[float]]:
    times: dict[tuple[str, str], list[float]] = defaultdict(list)
    seats = [Timed(make_seat(kind, f'{kind}-{i}', seed + i), kind, times) for i, kind in enumerate(kinds)]
    FixedLimitGame(seats, seed=seed).play(hands)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--hands', type=int, default=60)
    parser.add_argument('--seed', type=int, default=32)
    args = parser.parse_args()
    print('| table | seat | street | decisions | median ms | 90% ms | median / Loki-1 |')
    print('|---|---|---|---:|---:|---:|---:|')
    every: list[float] = []
    for name, kinds, hands in (('heads-up', ['loki2', 'loki'], args.hands * 4),
                               ('ten seats', ['loki2', 'loki2'] + ['loki'] * 8, args.hands)):
        times = table(kinds, hands, args.seed)
        for street in ('preflop', 'flop', 'turn', 'river'):
            base = times.get(('loki', street))
            for kind in ('loki2', 'loki'):
                found = times.get((kind, street))
                if not found:
                    continue
                median = _median(found)
                ninety = sorted(found)[int(0.9 * (len(found) - 1))]
                ratio = median / _median(base) if base else float('nan')
                print(f'| {name} | {kind} | {street} | {len(found)} | {median * 1e3:.2f} | {ninety * 1e3:.2f} | '
                      f'{ratio:.1f} |', flush=True)
        every += [t for (kind, street), found in times.items() if kind == 'loki2' and street != 'preflop'
                  for t in found]
    print(f'\nLoki-2 decisions after the flop, both tables: {len(every)}, median {_median(every) * 1e3:.2f} ms')
    return 0


if __name__ == '__main__':
    sys.exit(main())
