"""Issue 31's floors, each against its floor and the code before the issue, measured in one run (CPU-time medians).

    python bench/floors.py [--baseline-python /work/venv-base31/bin/python] [--repeats 7]
                           [--ompeval-source /work/.mirror/zekyll+OMPEval/repo]

Rows:

* ``board_strengths`` on the river (every holding against every holding), given Card objects and given card
  indices, per call, against its floor: a plain C loop (bench/floor_river.c: rank the 1,081 holdings, counting
  sort, card-removal sweep), compiled here with gcc into a temporary directory and loaded with ctypes, checked
  to give exactly the package's ``hs`` on every board timed (goal: at most 2x the loop);
* ``HandRanker.rank_many`` on 1,000,000 random 7-card hands, uint8 and int8, with its default checks and with
  ``validate=False``, per hand (goal: checked at most 2x unchecked);
* exact equity before the flop, two ranges (``QQ+, AKs`` / ``JJ-99, AQs``) and three (and ``TT-88, KQs``), per
  call, against OMPEval on one thread (goal: three ranges at most OMPEval's time). OMPEval is not part of this
  repository: with ``--ompeval-source`` (a checkout or a bare git mirror of github.com/zekyll/OMPEval) its
  sources and a small driver are compiled here with g++ (its Makefile's flags; two fixes in the copy for newer compilers, which the code says) into a temporary directory; the
  driver times ``EquityCalculator::start(ranges, 0, 0, true, 0, nullptr, 0.2, 1)`` with a new calculator each
  run (its results cache is per calculator), in CPU time (``std::clock``), and prints its equities, which
  are checked against ours (the ranges written in its syntax: OMPEVAL_RANGES).

Ours run in a fresh interpreter per workload, on this checkout and on the baseline (``--baseline-python``: an
interpreter whose ``poker`` is the code before the issue, /work/venv-base31 by default), each in turn, so each
row has its same-run baseline. The machine may be shared: every time is CPU time (``time.process_time``).
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path[:0] = [str(BENCH)]

from timing import median  # noqa: E402

RANGES = ['QQ+, AKs', 'JJ-99, AQs', 'TT-88, KQs']
OMPEVAL_RANGES = ['QQ+,AKs', 'JJ,TT,99,AQs', 'TT,99,88,KQs']
"""The same ranges in OMPEval's syntax, which has no span of pairs: given ``JJ-99,AQs`` it stops reading at the dash
and holds ``JJ`` alone (a smaller question: the row "as text" shows it, and that its equities differ)."""

WORKLOADS = r'''
import json, random, sys, time
import numpy as np
sys.path.append(sys.argv[4])  # bench/, for its timing module
from timing import median as med

def cpu_per_item(action, items, repeats):
    times = []
    for _ in range(repeats):
        start = time.process_time()
        for item in items:
            action(item)
        times.append((time.process_time() - start) / len(items))
    return med(times)

def river_boards():
    rng = random.Random(31)
    return [sorted(rng.sample(range(52), 5)) for _ in range(200)]

def main(name, repeats):
    if name == 'river':
        from poker import Card, board_strengths
        boards = river_boards()
        cards = [[Card.from_index(i) for i in board] for board in boards]
        board_strengths(boards[0])
        return {'cards': cpu_per_item(board_strengths, cards, repeats),
                'indices': cpu_per_item(board_strengths, boards, repeats)}
    if name == 'rank':
        from poker import HandRanker
        hands = np.argsort(np.random.default_rng(31).random((1_000_000, 52)), axis=1)[:, :7]
        result = {}
        for dtype in ('uint8', 'int8'):
            batch = hands.astype(dtype)
            HandRanker.rank_many(batch[:10])
            result[dtype + '_checked'] = cpu_per_item(HandRanker.rank_many, [batch], repeats) / len(batch)
            result[dtype + '_unchecked'] = cpu_per_item(lambda b: HandRanker.rank_many(b, validate=False), [batch],
                                                        repeats) / len(batch)
        return result
    if name == 'equity':
        from poker import equity
        ranges = json.loads(sys.argv[3])
        result = {}
        read_by_ompeval = [ranges[0], ranges[1].split('-')[0], ranges[2].split('-')[0]]  # (what it holds as text)
        for label, players in (('two', ranges[:2]), ('three', ranges), ('literal', read_by_ompeval)):
            found = equity(players, method='exact')
            result[label] = cpu_per_item(lambda p: equity(p, method='exact'), [players], repeats)
            result[label + '_equity'] = [p.equity for p in found]
        return result
    raise SystemExit(f'unknown workload {name}')

print(json.dumps(main(sys.argv[1], int(sys.argv[2]))))
'''

DRIVER = r'''
#include <omp/EquityCalculator.h>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <string>
#include <algorithm>
// DRIVER REPEATS RANGE...: exact equity of the ranges before the flop, one thread, a new calculator each run;
// prints the median CPU milliseconds and the equities.
int main(int argc, char **argv)
{
    int repeats = std::atoi(argv[1]);
    std::vector<omp::CardRange> ranges;
    for (int i = 2; i < argc; i++)
        ranges.emplace_back(std::string(argv[i]));
    std::vector<double> times;
    omp::EquityCalculator::Results last;
    for (int r = 0; r < repeats; r++) {
        omp::EquityCalculator eq;
        std::clock_t start = std::clock();
        eq.start(ranges, 0, 0, true, 0, nullptr, 0.2, 1);
        eq.wait();
        times.push_back(1000.0 * (std::clock() - start) / CLOCKS_PER_SEC);
        last = eq.getResults();
    }
    std::sort(times.begin(), times.end());
    std::printf("ms %.6f\n", times[times.size() / 2]);
    for (unsigned p = 0; p < last.players; p++)
        std::printf("equity %.12f\n", last.equity[p]);
    return 0;
}
'''


def run(python: str, tree: Path | None, name: str, repeats: int) -> dict[str, object]:
    """The workload ``name`` in a fresh ``python`` (with ``tree`` first on its path, if given)."""
    environment = dict(os.environ)
    if tree is not None:
        environment['PYTHONPATH'] = str(tree)
    else:
        environment.pop('PYTHONPATH', None)
    with tempfile.TemporaryDirectory() as empty:  # (python -c reads modules from its working directory first)
        output = subprocess.run([python, '-c', WORKLOADS, name, str(repeats), json.dumps(RANGES), str(BENCH)],
                                cwd=empty, env=environment, capture_output=True, text=True, check=True).stdout
    result: dict[str, object] = json.loads(output)
    return result


def floor_river(work: Path, repeats: int) -> float:
    """bench/floor_river.c's CPU time per board, checked against the package's hs on every board timed."""
    import numpy as np
    from poker import board_strengths
    library = work / 'floor_river.so'
    subprocess.run(['gcc', '-O3', '-std=c99', '-shared', '-fPIC', f'-I{ROOT / "poker" / "ranking"}', '-o',
                    str(library), str(BENCH / 'floor_river.c')], check=True)
    floor = ctypes.CDLL(str(library)).floor_river
    floor.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
    import random
    rng = random.Random(31)
    boards = [bytes(sorted(rng.sample(range(52), 5))) for _ in range(200)]  # (the workload's boards)
    hs = np.empty(1081)
    address = hs.ctypes.data
    for board in boards:
        if floor(board, address) != 0 or not np.array_equal(hs, board_strengths(list(board)).hs):
            raise SystemExit(f'the floor loop disagrees with board_strengths on board {list(board)}')
    times = []
    for _ in range(repeats):
        start = time.process_time()
        for _ in range(5):
            for board in boards:
                floor(board, address)
        times.append((time.process_time() - start) / (5 * len(boards)))
    return median(times)


def ompeval(source: Path, work: Path, repeats: int) -> dict[str, tuple[float, list[float]]]:
    """OMPEval's CPU milliseconds and equities, two ranges and three, or nothing without its sources."""
    if not source.exists():
        return {}
    tree = work / 'ompeval'
    tree.mkdir()
    if (source / 'omp').is_dir():  # a checkout: copied
        shutil.copytree(source / 'omp', tree / 'omp')
        shutil.copytree(source / 'libdivide', tree / 'libdivide')
    else:  # a bare mirror: its newest commit's files
        archive = subprocess.run(['git', '--git-dir', str(source), 'archive', 'HEAD'], capture_output=True,
                                 check=True).stdout
        subprocess.run(['tar', '-x', '-C', str(tree)], input=archive, check=True)
    files = tree
    # two fixes for newer compilers, in the copy: its random generator's min() and max() must be constexpr for
    # std::shuffle, and its headers use std::function without <functional> (given with -include below)
    random_header = tree / 'omp' / 'Random.h'
    random_header.write_text(random_header.read_text().replace('static uint64_t min()', 'static constexpr uint64_t min()')
                             .replace('static uint64_t max()', 'static constexpr uint64_t max()'))
    (work / 'driver.cpp').write_text(DRIVER)
    program = work / 'ompeval_driver'
    subprocess.run(['g++', '-O3', '-std=c++11', '-pthread', '-include', 'functional', f'-I{files}', '-o', str(program), str(work / 'driver.cpp'),
                    *map(str, sorted((files / 'omp').glob('*.cpp')))], check=True)
    results = {}
    literal = [text.replace(' ', '') for text in RANGES]  # ('JJ-99,AQs': it stops reading at the dash, at JJ)
    for label, ranges in (('two', OMPEVAL_RANGES[:2]), ('three', OMPEVAL_RANGES), ('literal', literal)):
        lines = subprocess.run([str(program), str(repeats), *ranges],
                               capture_output=True, text=True, check=True).stdout.split('\n')
        milliseconds = next(float(line.split()[1]) for line in lines if line.startswith('ms '))
        equities = [float(line.split()[1]) for line in lines if line.startswith('equity ')]
        results[label] = (milliseconds, equities)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--baseline-python', default='/work/venv-base31/bin/python',
                        help="an interpreter whose poker is the code before the issue ('' for none)")
    parser.add_argument('--repeats', type=int, default=7)
    parser.add_argument('--ompeval-source', type=Path, default=Path('/work/.mirror/zekyll+OMPEval/repo'))
    args = parser.parse_args()
    repeats = args.repeats
    ours: dict[str, dict[str, object]] = {}
    before: dict[str, dict[str, object]] = {}
    for name in ('river', 'rank', 'equity'):  # ours and the baseline's in turn
        ours[name] = run(sys.executable, ROOT, name, repeats)
        if args.baseline_python:
            before[name] = run(args.baseline_python, None, name, repeats)
    with tempfile.TemporaryDirectory() as directory:
        work = Path(directory)
        floor = floor_river(work, repeats)
        omp = ompeval(args.ompeval_source, work, repeats)

    def number(table: dict[str, dict[str, object]], name: str, key: str) -> float | None:
        value = table.get(name, {}).get(key)
        return float(value) if isinstance(value, (int, float)) else None

    def row(label: str, mine: float, then: float | None, scale: float, unit: str, against: str) -> None:
        then_text = f'{then * scale:10.2f} {unit}' if then is not None else '-'
        ratio = f'{then / mine:6.2f}x' if then is not None else ''
        print(f'{label:50} {mine * scale:10.2f} {unit:3} {then_text:>14} {ratio:>8}   {against}')

    print(f'{"workload (CPU-time medians)":50} {"this checkout":>14} {"baseline":>14} {"faster":>8}   against its floor')
    for key, label in (('cards', 'river, every holding vs every holding, Cards'),
                       ('indices', 'river, every holding vs every holding, indices')):
        mine = number(ours, 'river', key)
        then = number(before, 'river', key)
        assert mine is not None
        row(label, mine, then, 1e6, 'µs', f'C loop {floor * 1e6:.2f} µs: ours {mine / floor:.2f}x (goal <= 2x)')
    for dtype in ('uint8', 'int8'):
        checked, unchecked = number(ours, 'rank', dtype + '_checked'), number(ours, 'rank', dtype + '_unchecked')
        assert checked is not None and unchecked is not None
        row(f'rank_many 1M 7-card {dtype}, default checks', checked, number(before, 'rank', dtype + '_checked'), 1e9,
            'ns', f'unchecked {unchecked * 1e9:.2f} ns: {checked / unchecked:.2f}x (goal <= 2x)')
        then_checked = number(before, 'rank', dtype + '_checked')
        then_unchecked = number(before, 'rank', dtype + '_unchecked')
        row(f'rank_many 1M 7-card {dtype}, validate=False', unchecked, then_unchecked, 1e9, 'ns',
            '' if then_checked is None or then_unchecked is None else
            f'(baseline: checked {then_checked / then_unchecked:.2f}x unchecked)')
    for key, label in (('two', "exact 'QQ+, AKs' vs 'JJ-99, AQs'"), ('three', "exact ... vs 'TT-88, KQs' (3 ranges)")):
        mine = number(ours, 'equity', key)
        assert mine is not None
        against = ''
        if key in omp:
            theirs, equities = omp[key]
            found = ours['equity'][key + '_equity']
            assert isinstance(found, list)
            agree = all(abs(a - b) < 1e-9 for a, b in zip(found, equities)) and len(found) == len(equities)
            against = (f'OMPEval 1 thread {theirs:.2f} ms: ours {mine * 1e3 / theirs:.2f}x its time'
                       f'{" (goal <= 1x)" if key == "three" else ""}; equities {"agree" if agree else "DIFFER"}')
        row(label, mine, number(before, 'equity', key), 1e3, 'ms', against)
    if 'literal' in omp:
        theirs, equities = omp['literal']
        print(f'{"":50} OMPEval given the texts as they are ({", ".join(RANGES)} without spaces) reads '
              f'JJ-99 as JJ and TT-88 as TT: {theirs:.2f} ms, equities {", ".join(f"{e:.4f}" for e in equities)}')
        mine = number(ours, 'equity', 'literal')
        assert mine is not None
        print(f'{"":50} ours on that question (QQ+, AKs / JJ / TT): {mine * 1e3:.2f} ms, {mine * 1e3 / theirs:.2f}x its '
              f'time, equities {", ".join(f"{e:.4f}" for e in ours["equity"]["literal_equity"])}')  # type: ignore[index]
    print(f'(medians of {repeats}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; baseline: '
          f'{args.baseline_python or "none"}; OMPEval: {args.ompeval_source if omp else "not built"})')


if __name__ == '__main__':
    main()
