"""From a fresh process to the first flop statistics: CPU seconds, against NumPy's own import, and the baseline.

    python bench/first_call.py [--runs 9] [--baseline /work/venv-base31/bin/python] [--importtime]

Each run is a fresh interpreter (``python -c``, started in an empty folder so that the package comes from the
interpreter's own install) whose CPU time, user and system, is read from ``getrusage(RUSAGE_CHILDREN)``: the
whole process, interpreter start-up included. Four workloads, interleaved run by run so that the machine's
load falls on each alike:

* ``numpy``: ``import numpy`` alone, the floor (every workload pays the interpreter and NumPy);
* ``first call``: ``from poker import Player`` and one call, ``Player('AhQh', '3h 4s Jh').calculate_hand_statistics()``
  (the flop, two cards to come: 1,070,190 showdowns);

each with this tree's interpreter (the one running this script) and the baseline's (``--baseline``: the
commit before issue 31, in its own venv), in two modes: ``compiled`` with ``PYTHONDONTWRITEBYTECODE=1`` (as this
machine's environment runs: every module of the package compiled from source in every process; NumPy's own
bytecode was written at its install) and ``cached`` with the bytecode of every module kept in a folder of its
own (``PYTHONPYCACHEPREFIX``: as an installed wheel runs; nothing is written into the trees). The goal (issue
31): the first call at most NumPy's import plus 0.1 s, so the column ``over numpy`` at most 0.100. ``--importtime`` adds, for this tree, the modules that take
longest to import (``python -X importtime``, the self times of one run, in ms: where the rest goes).
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import median  # noqa: E402

BASELINE = '/work/venv-base31/bin/python'
NUMPY = 'import numpy'
FIRST_CALL = ("from poker import Player; stats = Player('AhQh', '3h 4s Jh').calculate_hand_statistics(); "
              "assert stats.runouts == 990")
WHERE = 'import poker, sys; print(poker.__file__)'


MODES = ('compiled', 'cached')


def environment(mode: str, folder: str) -> dict[str, str]:
    """The children's environment: no PYTHONPATH (each interpreter's own install), and bytecode per ``mode``."""
    env = {name: value for name, value in os.environ.items()
           if name not in ('PYTHONPATH', 'PYTHONDONTWRITEBYTECODE', 'PYTHONPYCACHEPREFIX')}
    if mode == 'compiled':
        env['PYTHONDONTWRITEBYTECODE'] = '1'
    else:
        env['PYTHONPYCACHEPREFIX'] = str(Path(folder) / 'bytecode')
    return env


def cpu_seconds(python: str, code: str, folder: str, flags: tuple[str, ...] = (),
                mode: str = 'compiled') -> tuple[float, str]:
    """The CPU time (user + system) of one fresh ``python -c code``, and what it wrote to stderr."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([python, *flags, '-c', code], cwd=folder, capture_output=True, text=True,
                          env=environment(mode, folder), check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.stderr


def package_of(python: str, folder: str) -> str:
    return subprocess.run([python, '-c', WHERE], cwd=folder, capture_output=True, text=True,
                          env={**os.environ, 'PYTHONPATH': ''}, check=True).stdout.strip()


def slowest_imports(python: str, folder: str, count: int = 25) -> list[tuple[int, str]]:
    """The ``count`` largest self times (µs) of ``-X importtime`` for the first call, outside NumPy."""
    _, log = cpu_seconds(python, FIRST_CALL, folder, ('-X', 'importtime'))
    rows = []
    for line in log.splitlines():
        found = re.match(r'import time:\s+(\d+) \|\s+(\d+) \| (\s*)(\S+)', line)
        if found and not found.group(4).startswith('numpy'):
            rows.append((int(found.group(1)), found.group(4)))
    return sorted(rows, reverse=True)[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--runs', type=int, default=9, help='fresh processes per workload')
    parser.add_argument('--baseline', default=BASELINE, help='the baseline interpreter (its venv holds the package)')
    parser.add_argument('--importtime', action='store_true', help="list this tree's slowest imports too")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix='first_call_')
    pythons = {'this tree': sys.executable}
    if args.baseline and Path(args.baseline).exists():
        pythons['baseline'] = args.baseline
    else:
        print(f'no baseline interpreter at {args.baseline}: this tree only')
    for name, python in pythons.items():
        print(f'{name}: {python} (poker from {package_of(python, folder)})')
    times: dict[tuple[str, str, str], list[float]] = {
        (name, mode, work): [] for name in pythons for mode in MODES for work in ('numpy', 'first')}
    for name, python in pythons.items():  # one untimed run each: files in the page cache, bytecode written
        for mode in MODES:
            cpu_seconds(python, NUMPY, folder, mode=mode)
            cpu_seconds(python, FIRST_CALL, folder, mode=mode)
    for _ in range(args.runs):
        for name, python in pythons.items():
            for mode in MODES:
                times[name, mode, 'numpy'].append(cpu_seconds(python, NUMPY, folder, mode=mode)[0])
                times[name, mode, 'first'].append(cpu_seconds(python, FIRST_CALL, folder, mode=mode)[0])
    print(f'\nCPU seconds, median of {args.runs} fresh processes each (the goal: first call - numpy <= 0.100)')
    print(f'{"":12}{"bytecode":>10}{"numpy":>9}{"first call":>12}{"over numpy":>12}{"goal":>7}')
    over = {}
    for mode in MODES:
        for name in pythons:
            floor, first = median(times[name, mode, 'numpy']), median(times[name, mode, 'first'])
            over[name, mode] = first - floor
            print(f'{name:12}{mode:>10}{floor:9.3f}{first:12.3f}{over[name, mode]:12.3f}'
                  f'{"met" if over[name, mode] <= 0.1 else "NOT":>7}')
    if 'baseline' in pythons:
        for mode in MODES:
            ratio = median(times['this tree', mode, 'first']) / median(times['baseline', mode, 'first'])
            print(f'this tree / baseline, {mode}: first call {ratio:.2f}x, over numpy '
                  f'{over["this tree", mode] / over["baseline", mode]:.2f}x')
    if args.importtime:
        print('\nthis tree, slowest imports outside NumPy (self ms, one run under -X importtime):')
        for micros, module in slowest_imports(sys.executable, folder):
            print(f'{micros / 1000:8.1f}  {module}')


if __name__ == '__main__':
    main()
