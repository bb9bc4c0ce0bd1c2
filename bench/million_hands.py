"""A million hands heads-up on a local dask cluster: hands per second, and the result with its 95% interval
(issue 31).

    python bench/million_hands.py [HANDS] [--players loki,loki-no-model] [--workers N] [--seed 31]
                                  [--baseline /work/venv-base31/bin/python] [--log FILE]

``HANDS`` (default 1,000,000) is the number of hands played: a heads-up duplicate match of ``HANDS / 2`` deals,
each played in both seatings (``poker match --hands`` counts deals). The match runs on a
``dask.distributed.LocalCluster`` of ``--workers`` worker processes (default: one per core), one thread each,
through ``match(..., executor=client.get_executor())``, as ``poker match --scheduler`` runs it on a cluster. A
learning match (``loki`` keeps its opponent model through the match) keeps one worker per seating busy: two
here.

Printed: the wall time of the ``match`` call and hands per wall second; the CPU seconds of the workers and of
this process over the call (``resource.getrusage``, read in each worker before and after) and hands per CPU
second; each player's small bets per hand with its 95% interval. The workers import the library before the clock
starts. ``--baseline PYTHON`` runs the same script under another interpreter (the commit before the issue) with
the same arguments and prints the ratios; ``--json`` prints one JSON line instead of text.

The machine may be shared: the wall time says how long the run took there and then, the CPU time how much work it
was.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

if sys.path and Path(sys.path[0] or '.').resolve() == Path(__file__).resolve().parent:
    del sys.path[0]  # bench/statistics.py would shadow the standard library's (the workers import it too)


def _cpu_seconds() -> float:
    """User and system CPU seconds of the calling process (run in each worker)."""
    import resource
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _warm() -> str:
    """Import what a unit of work needs (run in each worker before the clock starts)."""
    import poker.matches.duplicate
    return str(poker.matches.duplicate.__file__)


def run(hands: int, players: list[str], workers: int, seed: int, log: str | None) -> dict[str, object]:
    """Play the match on a fresh local cluster; what the bench prints, as plain data."""
    from dask.distributed import Client, LocalCluster

    from poker import match
    from poker.matches.duplicate import rotations

    deals = max(1, hands // len(rotations(len(players))))
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                      silence_logs=logging.ERROR) as cluster, Client(cluster) as client:
        where = set(client.run(_warm).values())
        before = client.run(_cpu_seconds)
        own = time.process_time()
        start = time.perf_counter()
        result = match(players, deals, seed=seed, executor=client.get_executor(), progress=False, log=log)
        wall = time.perf_counter() - start
        own = time.process_time() - own
        after = client.run(_cpu_seconds)
    cpu = sum(after[worker] - before[worker] for worker in before) + own
    return {'poker': sorted(where), 'players': players, 'workers': workers, 'seed': seed, 'deals': result.deals,
            'hands': result.games, 'wall_seconds': wall, 'cpu_seconds': cpu, 'client_cpu_seconds': own,
            'hands_per_second': result.games / wall, 'hands_per_cpu_second': result.games / cpu,
            'result': result.to_dict()['players']}


def describe(data: dict[str, object]) -> str:
    """The text of one run."""
    rows = data['result']
    assert isinstance(rows, list)
    lines = [f"poker from {', '.join(data['poker'])}" if isinstance(data['poker'], list) else '',
             f"{data['hands']:,} hands ({data['deals']:,} deals x 2 seatings) of {' vs '.join(data['players'])} "
             f"on {data['workers']} dask worker processes (seed {data['seed']})",
             f"wall {data['wall_seconds']:.1f} s: {data['hands_per_second']:,.0f} hands per second; "
             f"CPU {data['cpu_seconds']:.1f} s (this process {data['client_cpu_seconds']:.1f} s): "
             f"{data['hands_per_cpu_second']:,.0f} hands per CPU second",
             'small bets per hand, 95% interval:']
    for row in rows:
        half = (row['high'] - row['low']) / 2
        lines.append(f"  {row['name']:<16} {row['mean']:+.4f} +- {half:.4f}  [{row['low']:+.4f}, {row['high']:+.4f}]")
    return '\n'.join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('hands', nargs='?', type=int, default=1_000_000, help='hands played (default 1,000,000)')
    parser.add_argument('--players', default='loki,loki-no-model', help='the two players (default loki,loki-no-model)')
    parser.add_argument('--workers', type=int, default=os.cpu_count() or 1, help='dask worker processes (default: cores)')
    parser.add_argument('--seed', type=int, default=31)
    parser.add_argument('--log', default=None, metavar='FILE', help='write the match log there too')
    parser.add_argument('--baseline', default=None, metavar='PYTHON',
                        help='also run under this interpreter (e.g. /work/venv-base31/bin/python) and compare')
    parser.add_argument('--json', action='store_true', help='one JSON line instead of text')
    args = parser.parse_args()
    players = [name.strip() for name in args.players.split(',') if name.strip()]
    if len(players) != 2 or args.hands < 2 or args.workers < 1:
        parser.error('two players, at least 2 hands and 1 worker')
    mine = run(args.hands, players, args.workers, args.seed, args.log)
    if args.json:
        print(json.dumps(mine))
        return 0
    print(describe(mine))
    if args.baseline:
        argv = [args.baseline, str(Path(__file__).resolve()), str(args.hands), '--players', args.players,
                '--workers', str(args.workers), '--seed', str(args.seed), '--json']
        done = subprocess.run(argv, capture_output=True, text=True, cwd='/', check=False)
        if done.returncode:
            print(f'baseline failed ({done.returncode}): {done.stderr.strip().splitlines()[-1:]}')
            return 1
        base = json.loads(done.stdout.strip().splitlines()[-1])
        print('\nbaseline:\n' + describe(base))
        print(f"\nthis checkout / baseline: {mine['hands_per_second'] / base['hands_per_second']:.2f}x hands per "
              f"second, {mine['hands_per_cpu_second'] / base['hands_per_cpu_second']:.2f}x hands per CPU second; "
              f"same result: {mine['result'] == base['result']}")
    return 0


if __name__ == '__main__':
    sys.exit(main())
