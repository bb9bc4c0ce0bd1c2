"""Hands per CPU second of seeded matches, this checkout against a baseline, with the match logs compared (issue 31).

    python bench/play_speed.py [--baseline /work/venv-base31/bin/python] [--repeats 5] [--six-deals 12]
                               [--heads-up-deals 60] [--seed 31] [--profile] [--only six,heads-up]

Two workloads, each a seeded :func:`~poker.matches.duplicate.match` in one process (no executor):

- six: three Lokis (``loki``, specific modelling) and three bots (station, maniac, tight-aggressive), six seats,
  every deal played once per seating (6 hands a deal);
- heads-up: ``loki`` against ``loki-no-model`` (2 hands a deal).

Each workload runs ``--repeats`` times in a fresh subprocess of each interpreter (this one, whose ``poker`` is this
checkout, and the baseline's, whose ``poker`` is the commit before the issue), alternating; each run measures the CPU
time of the ``match`` call alone (``time.process_time``, import excluded). The medians give hands per CPU second and
their ratio. Every run writes the match log (``match(..., log=...)``); the bench says whether the branch's logs are
byte-identical to the baseline's for the same seed. ``--profile`` adds a cProfile of one run of each side: the
functions that take the most time, and the call counts of the input readers the issue names.

The **compiled floor**: one more run of each side under cProfile gives the CPU time spent inside the library's
compiled kernels (the C functions of ``poker.kernel._count``, ``poker.kernel._ranges``, ``poker.ranking._rank``,
``poker.stats._equity``: ``later_counts``, ``range_counts``, ``board_strengths``, ``rank_rows``, ...; cProfile's
built-in entries, whose own time is the C call's) per hand. However little Python a match runs, it cannot play
faster than its compiled kernels: the baseline's time per hand over the branch's compiled time per hand is an
upper bound on the ratio the branch can reach while it makes those kernel calls (the counts exact, the logs
byte-identical). It bounds this branch's calls: fewer calls (a result kept and reused) move the floor.

The machine may be shared: CPU time, not wall clock, and medians.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

if sys.path and Path(sys.path[0] or '.').resolve() == Path(__file__).resolve().parent:
    del sys.path[0]  # bench/statistics.py would shadow the standard library's, and the worker imports the
import statistics  # noqa: E402  # interpreter's own poker, not this folder's neighbours

WORKLOADS = {
    'six': ['loki', 'loki', 'loki', 'station', 'maniac', 'tight-aggressive'],
    'heads-up': ['loki', 'loki-no-model'],
}
SEATINGS = {'six': 6, 'heads-up': 2}
COUNTED = ('read_indices', 'is_whole', 'known_holdings', '_quantile', '_reweight', 'frequencies', 'observe',
           '_observe', 'read_board', 'read_view', 'whole_number')
"""Functions whose call counts the profile prints (every function of that name, summed)."""
COMPILED = '<built-in method poker.'
"""How cProfile names a C function of the library's own extension modules (``<built-in method
poker.kernel._count.later_counts>``): the compiled kernels of the floor."""


def compiled_time(rows: dict[tuple[str, int, str], tuple[int, int, float, float, object]]) \
        -> tuple[float, dict[str, tuple[int, float]]]:
    """The CPU seconds inside the compiled kernels of a cProfile's rows (their own time), and by kernel the
    calls and seconds."""
    kernels: dict[str, tuple[int, float]] = {}
    for (_, _, name), (_, calls, own, *_) in rows.items():
        if name.startswith(COMPILED):
            short = name[len(COMPILED):].rstrip('>').rsplit('.', 1)[-1]
            before = kernels.get(short, (0, 0.0))
            kernels[short] = (before[0] + calls, before[1] + own)
    return sum(own for _, own in kernels.values()), kernels


# ------------------------------------------------------------------------------------------ the worker
def worker(workload: str, deals: int, seed: int, log: str, profile: bool) -> dict[str, object]:
    """One match in this interpreter: CPU seconds of the call, hands, and (with ``profile``) the profile."""
    import time

    from poker.matches.duplicate import match

    players = WORKLOADS[workload]
    match(players, 1, seed=seed + 1, progress=False)  # warm up: lazy imports and first calls, not measured
    if profile:
        import cProfile
        import pstats
        profiler = cProfile.Profile()
        start = time.process_time()
        profiler.enable()
        match(players, deals, seed=seed, log=log, progress=False)
        profiler.disable()
        cpu = time.process_time() - start
        stats = pstats.Stats(profiler)
        rows = stats.stats  # type: ignore[attr-defined]
        top = sorted(rows.items(), key=lambda item: -item[1][2])[:15]  # by own time
        counts: dict[str, int] = {}
        for (path, _, name), (_, calls, *_) in rows.items():
            if name in COUNTED and 'poker' in path:
                counts[name] = counts.get(name, 0) + calls
        total = sum(row[2] for row in rows.values())
        compiled, kernels = compiled_time(rows)
        return {'cpu': cpu, 'hands': deals * SEATINGS[workload], 'total': total, 'compiled': compiled,
                'kernels': kernels,
                'top': [[f'{Path(path).parent.name}/{Path(path).name}:{line}({name})', row[1], row[2]]
                        for (path, line, name), row in top],
                'counts': counts}
    start = time.process_time()
    match(players, deals, seed=seed, log=log, progress=False)
    cpu = time.process_time() - start
    return {'cpu': cpu, 'hands': deals * SEATINGS[workload]}


# ------------------------------------------------------------------------------------------ the driver
def run(python: str, workload: str, deals: int, seed: int, log: str, profile: bool = False) -> dict[str, object]:
    command = [python, str(Path(__file__).resolve()), '--worker', workload, str(deals), str(seed), log]
    if profile:
        command.append('--profile')
    # the worker imports the interpreter's own poker: run it outside any checkout, so the current directory
    # does not shadow it
    done = subprocess.run(command, capture_output=True, text=True, cwd=tempfile.gettempdir(), check=False)
    if done.returncode:
        raise SystemExit(f'{python} failed:\n{done.stderr}')
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def digest(path: str) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def where(python: str) -> str:
    """The checkout whose ``poker`` the interpreter ``python`` imports."""
    done = subprocess.run([python, '-c', 'import poker, os; print(os.path.dirname(os.path.dirname(poker.__file__)))'],
                          capture_output=True, text=True, cwd=tempfile.gettempdir(), check=False)
    if done.returncode:
        raise SystemExit(f'{python} cannot import poker (run the bench with the venv of the checkout to measure):\n'
                         f'{done.stderr.strip().splitlines()[-1] if done.stderr.strip() else ""}')
    return done.stdout.strip()


def show_profile(label: str, result: dict[str, object]) -> None:
    print(f'  {label}: {result["hands"]} hands, {result["total"]:.2f} s profiled; most own time:')
    for name, calls, own in result['top'][:12]:  # type: ignore[index]
        print(f'    {own:7.3f} s {calls:9,} calls  {name}')
    counts = result['counts']
    print('    calls: ' + ', '.join(f'{name} {counts[name]:,}' for name in COUNTED if name in counts))  # type: ignore[index,operator]


def show_floor(profiles: dict[str, dict[str, object]], base_per_hand: float) -> None:
    """The compiled floor of each side: CPU time per hand inside the compiled kernels, by kernel, and the ratio
    the branch's floor allows at most (the baseline's median time per hand over the branch's compiled time)."""
    for side in ('baseline', 'branch'):
        result = profiles[side]
        hands = int(result['hands'])  # type: ignore[call-overload]
        per_hand = float(result['compiled']) / hands  # type: ignore[arg-type]
        kernels = result['kernels']
        parts = ', '.join(f'{name} {calls:,} calls {own * 1e3:.1f} ms'
                          for name, (calls, own) in sorted(kernels.items(), key=lambda item: -item[1][1]))  # type: ignore[attr-defined]
        print(f'  compiled floor, {side:8}: {per_hand * 1e6:8.1f} us a hand inside the compiled kernels ({parts})')
        if side == 'branch':
            bound = base_per_hand / per_hand if per_hand else float('inf')
            print(f'  upper bound on the ratio at this floor: {bound:.1f}x (baseline {base_per_hand * 1e6:.0f} us a '
                  f'hand / branch compiled {per_hand * 1e6:.1f} us a hand)')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--baseline', default='/work/venv-base31/bin/python')
    parser.add_argument('--repeats', type=int, default=5)
    parser.add_argument('--six-deals', type=int, default=12)
    parser.add_argument('--heads-up-deals', type=int, default=60)
    parser.add_argument('--seed', type=int, default=31)
    parser.add_argument('--profile', action='store_true')
    parser.add_argument('--only', default='six,heads-up')
    parser.add_argument('--worker', nargs=4, metavar=('WORKLOAD', 'DEALS', 'SEED', 'LOG'), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        workload, deals, seed, log = args.worker
        print(json.dumps(worker(workload, int(deals), int(seed), log, args.profile)))
        return
    branch = sys.executable
    print(f'branch:   {branch} ({where(branch)})')
    print(f'baseline: {args.baseline} ({where(args.baseline)})')
    print(f'load average {os.getloadavg()[0]:.1f}; CPU seconds of the match call, median of {args.repeats} '
          'runs each, alternating')
    with tempfile.TemporaryDirectory() as folder:
        for workload in args.only.split(','):
            deals = args.six_deals if workload == 'six' else args.heads_up_deals
            times: dict[str, list[float]] = {'baseline': [], 'branch': []}
            digests: dict[str, set[str]] = {'baseline': set(), 'branch': set()}
            hands = 0
            for repeat in range(args.repeats):
                for side, python in (('baseline', args.baseline), ('branch', branch)):
                    log = os.path.join(folder, f'{workload}-{side}-{repeat}.log')
                    result = run(python, workload, deals, args.seed, log)
                    times[side].append(float(result['cpu']))  # type: ignore[arg-type]
                    hands = int(result['hands'])  # type: ignore[call-overload]
                    digests[side].add(digest(log))
            base, ours = statistics.median(times['baseline']), statistics.median(times['branch'])
            identical = len(digests['baseline']) == 1 and digests['baseline'] == digests['branch']
            print(f'\n{workload} ({" ".join(WORKLOADS[workload])}): {deals} deals, {hands} hands, seed {args.seed}')
            print(f'  baseline {base:8.3f} CPU s  {hands / base:9.1f} hands/CPU s   '
                  f'(runs {", ".join(f"{t:.3f}" for t in times["baseline"])})')
            print(f'  branch   {ours:8.3f} CPU s  {hands / ours:9.1f} hands/CPU s   '
                  f'(runs {", ".join(f"{t:.3f}" for t in times["branch"])})')
            print(f'  ratio    {base / ours:8.2f}x hands per CPU second')
            print(f'  logs byte-identical to the baseline\'s: {"yes" if identical else "NO"} '
                  f'(sha256 {sorted(digests["branch"])[0][:16]}, baseline {sorted(digests["baseline"])[0][:16]})')
            profiles = {}
            for side, python in (('baseline', args.baseline), ('branch', branch)):
                log = os.path.join(folder, f'{workload}-{side}-profile.log')
                profiles[side] = run(python, workload, deals, args.seed, log, profile=True)
            show_floor(profiles, base / hands)
            if args.profile:
                for side in ('baseline', 'branch'):
                    show_profile(side, profiles[side])


if __name__ == '__main__':
    main()
