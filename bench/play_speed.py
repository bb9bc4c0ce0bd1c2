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

The **compiled floor**: one more run of each side records every call of the library's compiled kernels (the C
functions of ``poker.kernel._count``, ``poker.kernel._ranges``, ``poker.ranking._rank``, ``poker.stats._equity``:
``later_counts``, ``board_strengths``, ``rank_rows``, ``showdown_counts``, ...; each reached through its module, so
a wrapper on the module's attribute sees them all) with copies of its arguments, then replays each call alone, five
times on fresh copies, and keeps the least CPU time of each: the CPU time per hand a match spends inside the compiled
kernels at best (a warm replay: the floor is if anything low). However little Python a match runs, it cannot play
faster than its compiled kernels: the baseline's time per hand over the branch's compiled time per hand is an upper
bound on the ratio the branch can reach while it makes those kernel calls (the counts exact, the logs
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
COMPILED = ('poker.kernel._count', 'poker.kernel._ranges', 'poker.ranking._rank', 'poker.stats._equity')
"""The library's compiled extension modules: their functions are the kernels of the floor (those a side has)."""
REPLAYS = 5
"""How many times the floor replays each recorded kernel call (the least CPU time counts)."""


def _copied(value: object) -> object:
    """An argument of a kernel call as it was: arrays copied (the kernels write into their output arrays)."""
    import numpy as np
    return value.copy() if isinstance(value, np.ndarray) else bytearray(value) if isinstance(value, bytearray) \
        else value


def compiled_floor(play: object) -> tuple[float, float, dict[str, tuple[int, float, float]]]:
    """Run ``play()`` with every function of the compiled modules recorded (its arguments copied before the call,
    its CPU time in the match measured), then replay each call :data:`REPLAYS` times on fresh copies: the least CPU
    seconds of each call, summed; the CPU seconds in the match, summed; and by kernel the calls and both."""
    import importlib
    import time
    modules = []
    for name in COMPILED:
        try:
            modules.append(importlib.import_module(name))
        except ImportError:  # (a side without this module)
            pass
    calls: list[tuple[str, object, tuple[object, ...], dict[str, object]]] = []
    played: dict[str, int] = {}  # each kernel's CPU nanoseconds as the match called it
    originals = []
    for module in modules:
        for attribute in dir(module):
            function = getattr(module, attribute)
            if attribute.startswith('_') or type(function).__name__ != 'builtin_function_or_method':
                continue

            def recording(*args: object, _function: object = function, _name: str = attribute,
                          **kwargs: object) -> object:
                calls.append((_name, _function, tuple(_copied(arg) for arg in args),
                              {key: _copied(value) for key, value in kwargs.items()}))
                start = time.process_time_ns()
                try:
                    return _function(*args, **kwargs)  # type: ignore[operator]
                finally:
                    played[_name] = played.get(_name, 0) + time.process_time_ns() - start
            originals.append((module, attribute, function))
            setattr(module, attribute, recording)
    try:
        play()  # type: ignore[operator]
    finally:
        for module, attribute, function in originals:
            setattr(module, attribute, function)
    kernels: dict[str, tuple[int, float, float]] = {}
    for name, function, args, kwargs in calls:
        best = float('inf')
        for _ in range(REPLAYS):
            fresh = tuple(_copied(arg) for arg in args)
            fresh_kwargs = {key: _copied(value) for key, value in kwargs.items()}
            start = time.process_time_ns()
            function(*fresh, **fresh_kwargs)  # type: ignore[operator]
            best = min(best, (time.process_time_ns() - start) / 1e9)
        before = kernels.get(name, (0, 0.0, played.get(name, 0) / 1e9))
        kernels[name] = (before[0] + 1, before[1] + best, before[2])
    return sum(best for _, best, _ in kernels.values()), sum(played.values()) / 1e9, kernels


# ------------------------------------------------------------------------------------------ the worker
def worker(workload: str, deals: int, seed: int, log: str, profile: bool, floor: bool = False) -> dict[str, object]:
    """One match in this interpreter: CPU seconds of the call, hands, and (with ``profile``) the profile, or (with
    ``floor``) the compiled floor (:func:`compiled_floor`)."""
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
        return {'cpu': cpu, 'hands': deals * SEATINGS[workload], 'total': total,
                'top': [[f'{Path(path).parent.name}/{Path(path).name}:{line}({name})', row[1], row[2]]
                        for (path, line, name), row in top],
                'counts': counts}
    if floor:
        compiled, in_match, kernels = compiled_floor(lambda: match(players, deals, seed=seed, log=log,
                                                                   progress=False))
        return {'hands': deals * SEATINGS[workload], 'compiled': compiled, 'in_match': in_match, 'kernels': kernels}
    start = time.process_time()
    match(players, deals, seed=seed, log=log, progress=False)
    cpu = time.process_time() - start
    return {'cpu': cpu, 'hands': deals * SEATINGS[workload]}


# ------------------------------------------------------------------------------------------ the driver
def run(python: str, workload: str, deals: int, seed: int, log: str, profile: bool = False,
        floor: bool = False) -> dict[str, object]:
    command = [python, str(Path(__file__).resolve()), '--worker', workload, str(deals), str(seed), log]
    if profile:
        command.append('--profile')
    if floor:
        command.append('--floor')
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


def show_floor(floors: dict[str, dict[str, object]], base_per_hand: float, ours_per_hand: float) -> None:
    """The compiled floor of each side: CPU time per hand inside the compiled kernels, alone (replayed, the least of
    :data:`REPLAYS`) and as the match called them, by kernel, and the ratio each allows the branch at most (the
    baseline's median time per hand over the branch's compiled time per hand)."""
    for side in ('baseline', 'branch'):
        result = floors[side]
        hands = int(result['hands'])  # type: ignore[call-overload]
        alone = float(result['compiled']) / hands  # type: ignore[arg-type]
        in_match = float(result['in_match']) / hands  # type: ignore[arg-type]
        kernels = result['kernels']
        parts = ', '.join(f'{name} {calls:,} calls {best * 1e3:.1f} ms alone, {played * 1e3:.1f} in the match'
                          for name, (calls, best, played) in sorted(kernels.items(), key=lambda item: -item[1][1]))  # type: ignore[attr-defined]
        print(f'  compiled floor, {side:8}: {alone * 1e6:7.1f} us a hand alone, {in_match * 1e6:7.1f} us as the match '
              f'calls them ({parts})')
        if side == 'branch':
            print(f'  upper bound on the ratio: {base_per_hand / alone:.1f}x at the floor alone, '
                  f'{base_per_hand / in_match:.1f}x at the kernels\' time in the match (baseline {base_per_hand * 1e6:.0f} '
                  f'us a hand); the branch spends {in_match / ours_per_hand:.0%} of its {ours_per_hand * 1e6:.0f} us a '
                  f'hand in them')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--baseline', default='/work/venv-base31/bin/python')
    parser.add_argument('--repeats', type=int, default=5)
    parser.add_argument('--six-deals', type=int, default=12)
    parser.add_argument('--heads-up-deals', type=int, default=60)
    parser.add_argument('--seed', type=int, default=31)
    parser.add_argument('--profile', action='store_true')
    parser.add_argument('--floor', action='store_true', help=argparse.SUPPRESS)
    parser.add_argument('--only', default='six,heads-up')
    parser.add_argument('--worker', nargs=4, metavar=('WORKLOAD', 'DEALS', 'SEED', 'LOG'), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        workload, deals, seed, log = args.worker
        print(json.dumps(worker(workload, int(deals), int(seed), log, args.profile, args.floor)))
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
            floors = {side: run(python, workload, deals, args.seed, os.path.join(folder, f'{workload}-{side}-floor.log'),
                                floor=True)
                      for side, python in (('baseline', args.baseline), ('branch', branch))}
            show_floor(floors, base / hands, ours / hands)
            if args.profile:
                for side, python in (('baseline', args.baseline), ('branch', branch)):
                    log = os.path.join(folder, f'{workload}-{side}-profile.log')
                    show_profile(side, run(python, workload, deals, args.seed, log, profile=True))


if __name__ == '__main__':
    main()
