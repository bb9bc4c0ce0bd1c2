"""How long do the strength tables take? A measured sample of each street's chunks, extrapolated.

    PYTHONPATH=. python bench/tables.py [--fraction 0.03] [--workers 2] [--streets flop turn river] [--no-baselines]
    PYTHONPATH=. python bench/tables.py --whole river --out /tmp/river   # build one whole street, timed

The chunks of a street are not alike (paired and monotone boards come first in board order), so the
sample is ``fraction`` of the chunks spread evenly over the street, run on a process pool of
``workers`` exactly as :func:`poker.build_table` runs them. Reported per street:

* the sample's wall time on this machine, and the whole street extrapolated (wall x chunks / sampled);
* canonical hands per second per core, from the CPU time the workers spent (what a core does, however
  busy the machine is), and from it the whole street on ``workers`` idle cores (CPU time x chunks / sampled /
  workers: the figure to trust on a shared machine, where the wall time also counts the other jobs) and the
  ideal time on 100 such workers (CPU time / 100);
* the baselines measured in the same run, each with the ratio: the same chunks through the NumPy range
  passes (a pass-through HandRanker subclass, ``Plain``, which takes them as any ranker subclass does:
  what the tables cost before the compiled range pass; both number hands with the same compiled
  ``HandIndexer``, which ranks nothing), and hands per second of
  ``Player.calculate_hand_statistics``, one hand at a time (the per-hand engine; E[HS] needs its look-ahead).

Targets from the issue, on this 2-core machine: river <= 5 min, turn <= 15, flop with histograms <= 30.
"""

from __future__ import annotations

import argparse
import math
import tempfile
import time

import numpy as np

from poker import Card, HandRanker, Player, build_table
from poker.cards.isomorphism import HandIndexer
from poker.processes import process_pool
from poker.stats.strength_tables import CHUNK_BOARDS, canonical_boards, chunk_strengths

TARGET_MINUTES = {'flop': 30, 'turn': 15, 'river': 5}


class Plain(HandRanker):
    """HandRanker's values through the hook: a ranker subclass, so the tables take the NumPy range passes."""

    @classmethod
    def rank_many(cls, indices: np.ndarray, *, validate: bool = True) -> np.ndarray:  # type: ignore[override]
        return super().rank_many(indices, validate=validate)


RANKERS: dict[str, type[HandRanker]] = {'compiled': HandRanker, 'passes': Plain}


def timed_chunk(street: str, start: int, stop: int, engine: str = 'compiled') -> tuple[int, float]:
    """One chunk as a worker runs it: (hands, CPU seconds)."""
    canonical_boards(street)  # the board list is built once per worker process, not per chunk
    begin = time.process_time()
    hands = len(chunk_strengths(street, start, stop, ranker=RANKERS[engine])['index'])
    return hands, time.process_time() - begin


def warm(street: str) -> None:
    """Build a worker's per-process caches (board list, index tables) outside the timing."""
    for ranker in RANKERS.values():
        chunk_strengths(street, 0, 1, ranker=ranker)


def sample(street: str, fraction: float, workers: int, engine: str = 'compiled') -> dict[str, float]:
    boards = len(canonical_boards(street))
    size = CHUNK_BOARDS[street]
    chunks = math.ceil(boards / size)
    count = max(workers, round(fraction * chunks))
    chosen = np.unique(np.linspace(0, chunks - 1, count).round().astype(int))
    with process_pool(workers) as pool:
        list(pool.map(warm, [street] * workers))
        begin = time.perf_counter()
        results = list(pool.map(timed_chunk, [street] * len(chosen), [int(c) * size for c in chosen],
                                [min(boards, (int(c) + 1) * size) for c in chosen], [engine] * len(chosen)))
        wall = time.perf_counter() - begin
    hands = sum(h for h, _ in results)
    cpu = sum(c for _, c in results)
    sampled_boards = sum(min(boards, (int(c) + 1) * size) - int(c) * size for c in chosen)
    return {'chunks': chunks, 'sampled': len(chosen), 'boards': sampled_boards, 'share': sampled_boards / boards,
            'hands': hands, 'wall': wall, 'cpu': cpu, 'whole_wall': wall * chunks / len(chosen),
            'whole_cpu': cpu * chunks / len(chosen), 'rate': hands / cpu}


def baseline(street: str, spots: int, seed: int) -> float:
    """Hands per second of Player.calculate_hand_statistics, one random canonical hand at a time."""
    indexer = HandIndexer.for_street(street)
    rng = np.random.default_rng(seed)
    hands = indexer.unindex(rng.integers(0, indexer.size, spots + 1))
    first = [Card.from_index(int(c)) for c in hands[0]]
    Player(first[:2], first[2:]).calculate_hand_statistics()  # untimed: the engine's one-off tables
    begin = time.perf_counter()
    for hand in hands[1:]:
        cards = [Card.from_index(int(c)) for c in hand]
        Player(cards[:2], cards[2:]).calculate_hand_statistics()
    return spots / (time.perf_counter() - begin)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--fraction', type=float, default=0.03, help='share of each street\'s chunks to run')
    parser.add_argument('--workers', type=int, default=2)
    parser.add_argument('--streets', nargs='+', default=['river', 'turn', 'flop'])
    parser.add_argument('--spots', type=int, default=20, help='hands for the per-hand baseline')
    parser.add_argument('--seed', type=int, default=2026)
    parser.add_argument('--whole', choices=('flop', 'turn', 'river'), help='build this whole street, timed')
    parser.add_argument('--out', help='directory for --whole (default: a temporary one)')
    parser.add_argument('--no-baselines', action='store_true',
                        help='skip the NumPy passes and the per-hand engine (a flop sample through the passes takes '
                             'many times as long)')
    args = parser.parse_args()
    if args.whole:
        with tempfile.TemporaryDirectory() as scratch:
            begin = time.perf_counter()
            summary = build_table(args.whole, args.out or scratch, workers=args.workers)
            minutes = (time.perf_counter() - begin) / 60
        print(f'whole {args.whole} table, {args.workers} workers: {minutes:.1f} min '
              f'({summary.chunks_built} chunks built, complete={summary.complete}); '
              f'target {TARGET_MINUTES[args.whole]} min')
        return
    print(f'strength tables: {args.fraction:.0%} of each street\'s chunks, spread evenly, on {args.workers} '
          'workers; whole streets extrapolated\n')
    header = ('street', 'sampled boards', 'hands', 'sample wall s', f'whole, {args.workers} workers',
              f'whole, {args.workers} idle cores', 'target', 'hands/s/core', '100 workers', 'passes hands/s/core',
              'ratio', 'passes whole', 'per-hand hands/s', 'ratio')
    rows = []
    for street in args.streets:
        measured = sample(street, args.fraction, args.workers)
        cells = (street, f'{measured["boards"]:,} ({measured["share"]:.1%})', f'{measured["hands"]:,}',
                 f'{measured["wall"]:.1f}', f'{measured["whole_wall"] / 60:.1f} min',
                 f'{measured["whole_cpu"] / args.workers / 60:.1f} min', f'<= {TARGET_MINUTES[street]} min',
                 f'{measured["rate"]:,.0f}', f'{measured["whole_cpu"] / 100:.1f} s')
        if args.no_baselines:
            rows.append((*cells, '-', '-', '-', '-', '-'))
            continue
        passes = sample(street, args.fraction, args.workers, 'passes')
        per_hand = baseline(street, args.spots, args.seed)
        rows.append((*cells, f'{passes["rate"]:,.0f}', f'{measured["rate"] / passes["rate"]:,.1f}x',
                     f'{passes["whole_wall"] / 60:.1f} min', f'{per_hand:,.1f}', f'{measured["rate"] / per_hand:,.0f}x'))
    widths = [max(len(str(row[i])) for row in (header, *rows)) for i in range(len(header))]
    for row in (header, *rows):
        print('  '.join(str(cell).rjust(width) for cell, width in zip(row, widths)))
    print('\nhands/s/core: canonical hands per CPU-second of the workers; idle cores: the extrapolated CPU time / '
          'workers; 100 workers: the extrapolated CPU time / 100 (no scheduling overhead).\npasses: the same chunks through the NumPy range passes (a '
          'pass-through HandRanker subclass), in the same run; ratio = compiled / passes, per core.\nper-hand: Player.calculate_hand_statistics on random '
          'canonical hands, one at a time, in this process (look-ahead 2 on the flop, 1 on the turn).')


if __name__ == '__main__':
    main()
