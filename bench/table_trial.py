"""The kill-and-damage trial of a strength table: build, kill, resume, damage, verify, repair; print the counts.

1. An uninterrupted build (the reference).
2. A build killed with SIGKILL at random moments ``--kills`` times, each time resumed by the same command,
   then finished: its arrays and chunks must be byte-identical to the reference; and ``--pairs`` times two
   builders started at once on one new folder, then the command once more: the same.
3. Every damage issue 18 lists (``tests/tiny_tables.DAMAGES``), then ``--flips`` random single-bit flips of
   each kind of file (the manifest, the arrays, the chunks): after each, ``load_table`` (quick and full) and
   ``poker table`` (the resume, a real process). Each case counts as detected (a ``TableError`` naming the
   file), harmless (loads exactly the reference's numbers), repaired exactly (the resume ends with the
   reference's bytes) or silently wrong (a load that gives other numbers under ``verify='full'``, or a
   resume that calls the table complete without the reference's bytes): the last must be 0. A flipped data
   byte of an array that the quick check serves is counted apart (documented: only ``verify='full'`` reads
   the data).

    python bench/table_trial.py                         # the whole river (about 4 GB of files; minutes)
    python bench/table_trial.py --boards 2 --kills 3 --flips 20     # a river of two boards (a minute)
    python bench/table_trial.py --street turn --boards 2 --flips 10  # a turn of two boards, histograms too

``--boards N`` shrinks the street to its first N canonical boards (``tests/tiny_tables.py``; at least 2, one
chunk each), so that a whole table is small.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / 'tests')]

from poker import TableError, build_table, load_table  # noqa: E402
from tiny_tables import DAMAGES, shrink_street  # noqa: E402


def files_of(root: Path) -> list[str]:
    return sorted(str(path.relative_to(root)) for path in root.rglob('*') if path.is_file())


class Trial:
    def __init__(self, args: argparse.Namespace, work: Path) -> None:
        self.args = args
        self.work = work
        self.counts: Counter[str] = Counter()
        self.reference = work / 'reference'
        self.table = work / 'table'

    def command(self, out: Path) -> list[str]:
        options = ['table', '--street', self.args.street, '--out', str(out), '--workers', str(self.args.workers)]
        if self.args.boards:
            options += ['--chunk-boards', '1']
            return [sys.executable, str(ROOT / 'tests' / 'tiny_tables.py'), self.args.street, str(self.args.boards),
                    '--', *options]
        return [sys.executable, '-m', 'poker', *options]

    def run(self, out: Path) -> subprocess.CompletedProcess[str]:
        environment = {**os.environ, 'PYTHONPATH': f'{ROOT}{os.pathsep}{ROOT / "tests"}'}
        return subprocess.run(self.command(out), capture_output=True, text=True, env=environment)

    def identical(self, root: Path) -> bool:
        """Arrays and chunks byte-identical to the reference, the same manifest content (no stray files but
        temporary ones being absent too)."""
        if files_of(root) != files_of(self.reference):
            return False
        for name in files_of(root):
            if name == 'manifest.json':
                try:
                    if json.loads((root / name).read_bytes()) != json.loads((self.reference / name).read_bytes()):
                        return False
                except ValueError:  # not JSON (nor UTF-8)
                    return False
            elif not same_bytes(root / name, self.reference / name):
                return False
        return True

    # ------------------------------------------------------------------ 1 and 2
    def build_reference(self) -> float:
        start = time.monotonic()
        result = self.run(self.reference)
        assert result.returncode == 0 and 'complete' in result.stdout, result.stderr
        return time.monotonic() - start

    def kills(self, seconds: float) -> None:
        rng = random.Random(self.args.seed)
        environment = {**os.environ, 'PYTHONPATH': f'{ROOT}{os.pathsep}{ROOT / "tests"}'}
        for _ in range(self.args.kills):
            process = subprocess.Popen(self.command(self.table), stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL, env=environment)
            time.sleep(rng.uniform(0, seconds))
            process.kill()
            process.wait()
            self.counts['kills'] += 1
        result = self.run(self.table)
        ok = result.returncode == 0 and 'complete' in result.stdout and self.identical(self.table)
        self.counts['kill trials resumed byte-identical' if ok else 'kill trials NOT identical'] += 1
        if not ok:
            shutil.rmtree(self.table)
            shutil.copytree(self.reference, self.table)

    def two_builders(self) -> None:
        """Two builders on one fresh folder at once, then the same command once more: the reference's bytes."""
        environment = {**os.environ, 'PYTHONPATH': f'{ROOT}{os.pathsep}{ROOT / "tests"}'}
        for number in range(self.args.pairs):
            out = self.work / f'pair-{number}'
            processes = [subprocess.Popen(self.command(out), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                          text=True, env=environment) for _ in range(2)]
            failed = sum(process.wait() != 0 for process in processes)
            result = self.run(out)
            ok = not failed and result.returncode == 0 and self.identical(out)
            self.counts['two builders at once: identical' if ok else 'two builders at once: NOT identical'] += 1
            shutil.rmtree(out)

    # ------------------------------------------------------------------ 3
    def case(self, name: str, damage: object) -> None:
        """Damage the table (``damage(root)``), then load it both ways and resume it; count what happened."""
        self.counts['cases tried'] += 1
        damage(self.table)  # type: ignore[operator]
        changed = not self.identical(self.table)
        for verify in ('quick', 'full'):
            try:
                table = load_table(self.table, verify=verify)
            except TableError as error:
                self.counts[f'load {verify}: detected'] += 1
                if '\n' in str(error):
                    self.counts['messages of more than one line'] += 1
                continue
            except Exception as error:  # anything else escaping is a failure of its own
                self.counts[f'load {verify}: CRASHED ({type(error).__name__})'] += 1
                continue
            if self.serves_the_reference(table):
                self.counts[f'load {verify}: harmless'] += 1
            elif verify == 'quick' and self.headers_intact(self.table):
                self.counts['load quick: data flip served (only verify="full" reads data)'] += 1
            else:
                self.counts[f'load {verify}: SILENTLY WRONG'] += 1
        result = self.run(self.table)
        if result.returncode != 0:
            self.counts['poker table: failed'] += 1
        elif self.identical(self.table):
            self.counts['poker table: repaired exactly' if changed else 'poker table: nothing to repair'] += 1
        elif 'complete' in result.stdout:
            self.counts['poker table: SILENTLY WRONG (complete, not identical)'] += 1
        else:
            self.counts['poker table: left incomplete'] += 1
        if not self.identical(self.table):
            shutil.rmtree(self.table)
            shutil.copytree(self.reference, self.table)

    def arrays(self) -> list[str]:
        return [name for name in ('hs.npy', 'equity.npy', 'mean_squared_strength.npy', 'histogram.npy')
                if (self.reference / name).exists()]

    def headers_intact(self, root: Path) -> bool:
        """Whether every array file has the reference's size and header: damage in the data alone."""
        for name in self.arrays():
            mine, theirs = root / name, self.reference / name
            offset = np.load(theirs, mmap_mode='r').offset
            if not mine.exists() or mine.stat().st_size != theirs.stat().st_size:
                return False
            with open(mine, 'rb') as one, open(theirs, 'rb') as two:
                if one.read(offset) != two.read(offset):
                    return False
        return True

    def serves_the_reference(self, table: object) -> bool:
        reference = load_table(self.reference)
        return all(np.array_equal(table.arrays[name], reference.arrays[name])  # type: ignore[attr-defined]
                   for name in reference.arrays) and table.complete  # type: ignore[attr-defined]

    def damages(self) -> None:
        rng = np.random.default_rng(self.args.seed)
        for name, (damage, _, _) in DAMAGES.items():
            self.case(name, damage)
        arrays = self.arrays()
        chunks = [name for name in files_of(self.reference) if name.startswith('chunks/')]
        for _ in range(self.args.flips):
            for kind, names in (('manifest', ['manifest.json']), ('array', arrays), ('chunk', chunks)):
                file = names[int(rng.integers(len(names)))]
                size = (self.reference / file).stat().st_size
                offset = int(rng.integers(size))
                self.case(f'flip {kind}', bit_flip(file, offset, int(rng.integers(8))))


def bit_flip(file: str, offset: int, bit: int) -> object:
    def damage(root: Path) -> None:
        with open(root / file, 'r+b') as handle:
            handle.seek(offset)
            byte = handle.read(1)[0]
            handle.seek(offset)
            handle.write(bytes([byte ^ (1 << bit)]))
    return damage


def same_bytes(left: Path, right: Path) -> bool:
    if left.stat().st_size != right.stat().st_size:
        return False
    with open(left, 'rb') as one, open(right, 'rb') as two:
        while True:
            a, b = one.read(1 << 24), two.read(1 << 24)
            if a != b:
                return False
            if not a:
                return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--street', choices=('flop', 'turn', 'river'), default='river')
    parser.add_argument('--boards', type=int, default=None, help='shrink the street to its first N boards (N >= 2)')
    parser.add_argument('--kills', type=int, default=20, help='random kills of the build (default 20)')
    parser.add_argument('--flips', type=int, default=100,
                        help='random bit flips of each kind of file: manifest, array, chunk (default 100)')
    parser.add_argument('--pairs', type=int, default=2, help='builds by two builders at once (default 2)')
    parser.add_argument('--workers', type=int, default=os.cpu_count() or 1)
    parser.add_argument('--seed', type=int, default=18)
    parser.add_argument('--dir', default=None, help='where to build (default: a temporary directory)')
    args = parser.parse_args()
    if args.boards:
        shrink_street(args.street, args.boards)
        args.workers = 1  # the shrunk street lives in this process and its children by the patch
    work = Path(args.dir) if args.dir else Path(tempfile.mkdtemp(prefix='table-trial-'))
    work.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    trial = Trial(args, work)
    try:
        seconds = trial.build_reference()
        trial.kills(seconds)
        trial.two_builders()
        trial.damages()
    finally:
        if not args.dir:
            shutil.rmtree(work, ignore_errors=True)
    street = f'{args.street} shrunk to {args.boards} boards' if args.boards else f'whole {args.street}'
    print(f'{street}: reference build {seconds:.1f} s; trial {time.monotonic() - started:.0f} s')
    for key, value in sorted(trial.counts.items()):
        print(f'  {key}: {value}')
    wrong = sum(value for key, value in trial.counts.items() if 'WRONG' in key or 'CRASHED' in key
                or 'NOT identical' in key)
    print(f'silently wrong or crashed: {wrong}')
    sys.exit(1 if wrong else 0)


if __name__ == '__main__':
    main()
