"""A policy for every holding at once, and a Loki decision per street (issue 31), against the code before it.

    python bench/policy.py [--baseline PYTHON] [--flops 7] [--hands 60]

``--baseline`` is a Python whose ``poker`` is the commit before the issue (default ``/work/venv-base31/bin/python``,
the worktree of 5070ac9 with its own virtual environment); every workload runs in a fresh interpreter of this
checkout and of the baseline, in the same run, and the rows print medians of CPU time (``time.process_time``:
the machine is shared) with the ratio against the baseline. Rows:

* **policy on the flop**: ``LokiPlayer.policy(view)`` for every holding, facing a bet on a new flop each time
  (cold: the statistics of every holding are counted afresh, the C kernel's two-card pass), then the same view
  again (warm: the board's statistics kept); the baseline has no policy: it asks ``decide`` once per holding
  (the 1,176 holdings without a flop card), its only way to the same answer. The same per-holding loop on this
  checkout is printed too. Then the same for ``loki`` (a ``ModellingLokiPlayer``): its policy runs as arrays
  against its models (fresh, then learnt: fractional weights, summed exactly as its ``decide`` sums them), against
  the baseline's per-holding ``decide``.
* **the rules alone**: ``LokiStrategy.policy`` on the statistics of every holding (the array programs), against
  ``LokiStrategy.advise`` on each holding's statistics (the per-holding rules, both checkouts).
* **the floors** (this checkout): a plain C loop (bench/floor_flop.c) that ranks every final hand of a flop once,
  and one that also sorts and sweeps each final board (every holding's E[HS], checked against
  ``range_statistics``); the compiled pass a cold ``policy`` runs; one hand's compiled count a cold ``decide`` runs.
* **a Loki decision, per street**: the median CPU time of ``decide`` over a seeded heads-up match
  (``loki-no-model`` against ``loki``: a ``LokiPlayer`` with the full strategy and a ``ModellingLokiPlayer``), each
  seat's decisions timed apart.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

WORKLOAD = r'''
import json, random, sys, time
import attrs
from poker.cards.card import Card
from poker.cards.starting_hand import StartingHand
from poker.ranges.weights import known_holdings
from poker.players.loki import LokiPlayer
from poker.players.modelling import ModellingLokiPlayer
from poker.stats.range_stats import range_statistics
from poker.strategy import FullLokiStrategy, LokiStrategy, Situation  # (the wing's door: the baseline has it too)
from poker.table.game import FixedLimitGame, TableView

FLOPS, HANDS = int(sys.argv[1]), int(sys.argv[2])
has_policy = hasattr(LokiPlayer, 'policy')

def med(values):
    values = sorted(values)
    return values[len(values) // 2]

def cpu(action):
    start = time.process_time()
    action()
    return time.process_time() - start

rng = random.Random(31)
rows = {}
views = []
for _ in range(FLOPS):
    cards = rng.sample(range(52), 5)
    board, hole = [Card.from_index(i) for i in cards[:3]], [Card.from_index(i) for i in cards[3:]]
    views.append(TableView(0, 'Ann', hole, board, 'flop', pot=12, to_call=2, bet_size=2, bets_this_round=1,
                           called_this_round=False, opponents=1, can_raise=True))

def per_holding(view):
    seat = LokiPlayer('Ann')
    for index in (~known_holdings(card.index for card in view.board)).nonzero()[0].tolist():
        seat.decide(attrs.evolve(view, hole=StartingHand.from_holding_index(index).cards))

rows['flop: 1,176 x decide'] = med([cpu(lambda: per_holding(view)) for view in views[:3]])
if has_policy:
    cold, warm = [], []
    for view in views:
        seat = LokiPlayer('Ann')
        cold.append(cpu(lambda: seat.policy(view)))
        warm.append(cpu(lambda: seat.policy(view)))
    rows['flop: policy, cold'] = med(cold)
    rows['flop: policy, warm'] = med(warm)

def modelling(view):
    seat = ModellingLokiPlayer('Ann')
    seat.begin_hand(0, ('Ann', 'Bob'), view.hole, 0)
    return seat

def modelling_per_holding(view):
    seat = modelling(view)
    for index in (~known_holdings(card.index for card in view.board)).nonzero()[0].tolist():
        seat.decide(attrs.evolve(view, hole=StartingHand.from_holding_index(index).cards))

rows['flop: 1,176 x decide, loki'] = cpu(lambda: modelling_per_holding(views[0]))
if has_policy:
    seat = modelling(views[0])
    rows['flop: policy, loki (fresh models)'] = cpu(lambda: seat.policy(views[0]))
    learnt = random.Random(5)
    dead = known_holdings(card.index for card in views[0].hole)
    import numpy
    seat.models['Bob'].weights = numpy.array([0.0 if dead[h] else learnt.uniform(0.01, 1.0) for h in range(1326)])
    rows['flop: policy, loki (learnt models: fractional weights)'] = cpu(lambda: seat.policy(views[0]))
    rows['flop: 1,176 x decide, loki (learnt models)'] = cpu(lambda: [
        seat.decide(attrs.evolve(views[0], hole=StartingHand.from_holding_index(index).cards))
        for index in (~known_holdings(card.index for card in views[0].board)).nonzero()[0].tolist()])

stats = range_statistics(board=views[0].board)
situation = Situation(pot=12, to_call=2, bet_size=2, bets_this_round=1)
every = [stats.for_holding(StartingHand.from_holding_index(int(h))) for h in stats.holdings]
rows['rules: advise x 1,176'] = med([cpu(lambda: [FullLokiStrategy().advise(s, situation) for s in every])
                                     for _ in range(5)])
if has_policy:
    from poker.strategy.policy import HoldingStatistics
    table = HoldingStatistics.from_range_statistics(stats)
    rows['rules: LokiStrategy.policy'] = med([cpu(lambda: FullLokiStrategy().policy(table, situation))
                                              for _ in range(50)])

class Timed:
    def __init__(self, inner):
        self.inner, self.name, self.times = inner, inner.name, {}
    def __getattr__(self, name):
        return getattr(self.inner, name)
    def decide(self, view):
        start = time.process_time()
        decision = self.inner.decide(view)
        self.times.setdefault(view.street, []).append(time.process_time() - start)
        return decision

seats = [Timed(LokiPlayer('plain', strategy=FullLokiStrategy())), Timed(ModellingLokiPlayer('loki'))]
FixedLimitGame(seats, seed=31).play(HANDS)
for seat, label in zip(seats, ('loki-no-model', 'loki')):
    for street in ('preflop', 'flop', 'turn', 'river'):
        if seat.times.get(street):
            rows[f'decide, {label}, {street} ({len(seat.times[street])})'] = med(seat.times[street])
print(json.dumps(rows))
'''


def run(python: str, flops: int, hands: int, cwd: str) -> dict[str, float]:
    done = subprocess.run([python, '-c', WORKLOAD, str(flops), str(hands)], capture_output=True, text=True,
                          cwd=cwd, check=True)
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def floors(flops: int) -> dict[str, float]:
    """The flop's floors on this checkout (CPU medians over the workload's flops): bench/floor_flop.c compiled here
    (rank every final hand; and rank, sort and sweep: every holding's E[HS] against every holding, checked to equal
    range_statistics' on every flop timed), the compiled pass with the transitions (``range_summary``, what
    ``policy`` counts cold) and one hand's compiled count (``_count.later_counts``, what a cold ``decide`` counts)."""
    import ctypes
    import math
    import random
    import tempfile
    import time

    import numpy as np

    from poker.cards.card import Card
    from poker.kernel import _count
    from poker.kernel.range_passes import range_summary
    from poker.ranges.weights import known_holdings
    from poker.stats.range_stats import range_statistics
    with tempfile.TemporaryDirectory() as directory:
        library = Path(directory) / 'floor_flop.so'
        subprocess.run(['gcc', '-O3', '-std=c99', '-shared', '-fPIC', f'-I{ROOT / "poker" / "ranking"}',
                        f'-I{ROOT / "poker"}', '-o', str(library), str(ROOT / 'bench' / 'floor_flop.c')], check=True)
        floor = ctypes.CDLL(str(library)).floor_flop
        floor.argtypes = [ctypes.c_char_p, ctypes.c_void_p, ctypes.c_int]
        rng = random.Random(31)
        boards = [sorted(rng.sample(range(52), 5)[:3]) for _ in range(flops)]  # (the workload's flops, sorted)
        equity = np.empty(1176)
        times: dict[str, list[float]] = {}

        def timed(name: str, action: object) -> None:
            start = time.process_time()
            action()  # type: ignore[operator]
            times.setdefault(name, []).append(time.process_time() - start)
        for board in boards:
            timed('floor: C loop, rank every final hand (1,271,256)', lambda: floor(bytes(board), equity.ctypes.data, 1))
            timed('floor: C loop, rank + sort + sweep (E[HS], no PPOT)', lambda: floor(bytes(board), equity.ctypes.data, 0))
            if not np.array_equal(equity, range_statistics(board=[Card.from_index(i) for i in board]).equity):
                raise SystemExit(f'the floor loop disagrees with range_statistics on the flop {board}')
            hero = np.where(known_holdings(board), 0.0, 1.0)
            timed('kernel: compiled pass with transitions (cold policy)', lambda: range_summary(board, 2, hero, hero))
            hole = [card for card in range(52) if card not in board][:2]
            cards = bytes(card for card in range(52) if card not in board and card not in hole)
            later, now = np.empty((math.comb(47, 2), 3), dtype=np.int32), np.empty(math.comb(47, 2), dtype=np.int8)
            timed("kernel: one hand's compiled count (cold decide)",
                  lambda: _count.later_counts(bytes(board), bytes(hole), cards, 2, later, now))
    return {name: sorted(values)[len(values) // 2] for name, values in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--baseline', default='/work/venv-base31/bin/python')
    parser.add_argument('--flops', type=int, default=7)
    parser.add_argument('--hands', type=int, default=60)
    args = parser.parse_args()
    now = run(sys.executable, args.flops, args.hands, str(ROOT))
    base = run(args.baseline, args.flops, args.hands, '/') if args.baseline else {}
    baseline_policy = base.get('flop: 1,176 x decide')
    print(f'{"workload (median CPU time)":52} {"this":>11} {"baseline":>11} {"ratio":>8}')
    for name, value in now.items():
        against = base.get(name)
        if against is None and name.startswith('flop: policy, loki'):
            against = base.get('flop: 1,176 x decide, loki')
        if against is None and name.startswith('flop: policy'):
            against = baseline_policy  # (the baseline's only way to every holding's action)
        if against is None and name == 'rules: LokiStrategy.policy':
            against = base.get('rules: advise x 1,176')
        ratio = f'{value / against:8.3f}' if against else ''
        shown = f'{against * 1e3:9.3f}ms' if against else ''
        print(f'{name:52} {value * 1e3:9.3f}ms {shown:>11} {ratio}')
    found = floors(args.flops)
    cold = now.get('flop: policy, cold')
    for name, value in found.items():
        against = f'  (cold policy {cold / value:.1f}x this)' if cold else ''
        print(f'{name:52} {value * 1e3:9.3f}ms {"":>11} {"":8}{against}')
    print("(the issue's 2 ms for a cold flop policy is the C loop's time to rank every final hand once; an exact "
          'count of every holding against every holding also sorts and sweeps every final board: the second floor)')


if __name__ == '__main__':
    main()
