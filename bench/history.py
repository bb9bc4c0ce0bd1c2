"""How fast are logs read? Lines per second of ``read_history`` on a generated log of about a million hands,
against a floor: reading the same file a line at a time and splitting each line at ``:`` (``str.split``, C).

    PYTHONPATH=. python bench/history.py [--hands 1000000] [--repeats 1] [--keep FILE]

Issue 28 found a 70 MB log of a million valid hands not read in 60 s (about 580 us a line, then 170 us a line
more for the numbers). The log is a real heads-up duplicate match (``match(['random', 'station'], ...)``: every
deal in two seatings, a header with the game) of about 21,000 deals, copied with each of the 24 ways to rename
the suits (which keeps every hand's outcome, so every copy is valid and its own deals) and numbered on: about
1,000,000 hands, 67 MB. Columns: the seconds and the lines per second of the floor, of ``read_history`` (the
hands read, checked and kept), and of ``players()`` on what was read (the numbers, the deals paired), in CPU
seconds of this process (the median of ``--repeats``; wall time on a shared machine says more of the machine than
of the code); the time over the floor; and the growth of the process's peak memory while the log was first read.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import resource
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import median  # noqa: E402

from poker.matches.duplicate import match  # noqa: E402
from poker.formats.hand_history import HandHistory, read_history  # noqa: E402


def make_log(path: Path, hands: int) -> int:
    """Write a log of about ``hands`` hands to ``path``; the number of hand lines."""
    perms = list(itertools.permutations('cdhs'))
    deals = max(1, -(-hands // (2 * len(perms))))
    base = Path(tempfile.mkdtemp(prefix='history_bench_')) / 'base.log'
    match(['random', 'station'], deals, seed=28, log=base)
    text = base.read_text(encoding='utf-8').splitlines()
    header = [line for line in text if line.startswith('#')]
    lines = [line.split(':') for line in text if line.startswith('STATE:')]
    count = 0
    with path.open('w', encoding='utf-8') as out:
        out.write('\n'.join(header) + '\n')
        for copy, perm in enumerate(perms):
            table = str.maketrans('cdhs', ''.join(perm))
            for parts in lines:
                out.write(f'STATE:{copy * len(lines) + int(parts[1])}:{parts[2]}:{parts[3].translate(table)}:'
                          f'{parts[4]}:{parts[5]}\n')
                count += 1
    return count


def floor(path: Path) -> None:
    with path.open('rb') as file:
        for raw in file:
            raw.decode('utf-8').split(':')


def cpu_seconds(action: Callable[[], object], repeats: int) -> float:
    """The median CPU time of ``repeats`` calls of ``action``."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        action()
        times.append(time.process_time() - start)
    return median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--hands', type=int, default=1_000_000)
    parser.add_argument('--repeats', type=int, default=1)
    parser.add_argument('--keep', type=Path, default=None, help='the log file (made if it is not there)')
    args = parser.parse_args(argv)
    path = args.keep or Path(tempfile.mkdtemp(prefix='history_bench_')) / 'hands.log'
    if not path.exists():
        start = time.perf_counter()
        count = make_log(path, args.hands)
        print(f'made {path} ({count:,} hands, {path.stat().st_size / 1e6:.0f} MB) in '
              f'{time.perf_counter() - start:.0f} s')
    lines = sum(1 for _ in path.open('rb'))
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    history = read_history(path)
    grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) * 1024
    floor_time = cpu_seconds(lambda: floor(path), args.repeats)

    def read() -> None:
        nonlocal history
        history = None
        gc.collect()
        history = read_history(path)
    read_time = cpu_seconds(read, args.repeats)
    assert history is not None
    lines_read, game = history.lines, history.game
    players_time = cpu_seconds(lambda: HandHistory(lines_read, game).players(), args.repeats)   # deals worked out
    print(f'{lines:,} lines, {len(history.lines):,} hands, {len(history.deals()):,} deals, paired: {history.paired}')
    print(f'{"CPU time":<28} {"seconds":>8} {"lines/s":>12} {"us a line":>10} {"over the floor":>15}')
    for name, seconds in (('floor (readline, str.split)', floor_time), ('read_history', read_time),
                          ('players()', players_time)):
        print(f'{name:<28} {seconds:>8.2f} {lines / seconds:>12,.0f} {1e6 * seconds / lines:>10.2f} '
              f'{seconds / floor_time:>14.1f}x')
    print(f'peak memory grown while reading: {grown / 1e6:,.0f} MB ({grown / len(history.lines):,.0f} bytes a hand)')
    return 0


if __name__ == '__main__':
    sys.exit(main())
