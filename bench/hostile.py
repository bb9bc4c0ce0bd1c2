"""A randomized hostile campaign over every public callable, outside the suite (issue 28).

    python bench/hostile.py [--calls N] [--seed S] [--most K] [--guard SECONDS] [--only NAME ...]

Each call takes a valid call of one public callable from the fuzz suite's registry (``tests/package/test_fuzz_api.py``:
``REGISTRY``), chosen at random, and puts into 1 to ``--most`` of its arguments at once a value drawn from the
suite's hostile values (``HOSTILE``) or from a few valid but extreme ones (the largest counts a parameter may
take), and runs it under the suite's rule (``tests/fuzzing.py``: it answers with finite numbers and a result whose
repr works, or refuses with a one-line PokerError; the caller's own objects may raise their own errors). Call ``i``
draws from ``random.Random(f'{seed}:{i}')``, so a campaign repeats, and a call can be replayed alone.

The calls run in a child process, which a parent watches: a child that dies (a signal: a crash in C) is counted
as a crash of the call it was making and restarted at the next call; a call still running after ``--guard``
seconds is stopped by an alarm in the child (a hang; past twice that, the parent kills the child, and that is a
hang too, not interruptible). Printed at the end: the calls made, the escapes by exception type (with the first
examples), the other faults (a long message, NaN in a result), the crashes, the hangs, and the slowest calls.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import json
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EXTREME_COUNTS = {
    'samples': 10 ** 10, 'deals': 2_000_000, 'hands': 10 ** 6, 'boards': 10 ** 6, 'bins': 10 ** 6,
    'exact_limit': 10 ** 6, 'fresh_every': 1, 'opponents': 22, 'players': 10, 'lookahead': 2, 'workers': 1024,
    'chunk_boards': 10 ** 6, 'top': 10 ** 9, 'count': 10 ** 9, 'rows': 10 ** 9, 'cards': 7, 'size': 10 ** 9,
}
"""Valid but extreme values, by parameter name: the largest a parameter is documented to take, or near it."""


def _child(seed: int, start: int, stop: int, most: int, guard: float, only: list[str], out: Any) -> None:
    """Make calls ``start`` to ``stop - 1``, writing a line before each (its label) and after it (its outcome)."""
    sys.path[:0] = [str(ROOT / 'tests'), str(ROOT / 'tests' / 'package')]  # helpers, test_fuzz_api.py
    import warnings
    warnings.simplefilter('ignore')
    import test_fuzz_api as suite
    from fuzzing import TookTooLong, hang_guard

    world = suite.make_world(Path(tempfile.mkdtemp(prefix='hostile-')))
    names = sorted(name for name in suite.REGISTRY if not suite.REGISTRY[name].slow
                   and (not only or name in only))
    labels = sorted(suite.HOSTILE)
    for index in range(start, stop):
        rng = random.Random(f'{seed}:{index}')
        name = rng.choice(names)
        entry = suite.REGISTRY[name]
        target = entry.make(world)
        slots = suite._slots(target, entry)
        chosen = rng.sample(slots, min(len(slots), rng.randint(1, most))) if slots else []
        values: dict[str, Any] = {}
        for slot in chosen:
            if slot.name in EXTREME_COUNTS and rng.random() < 0.15:
                values[slot.name] = ('extreme', EXTREME_COUNTS[slot.name])
            else:
                label = rng.choice(labels)
                if label in entry.slow_values.get(slot.name, ()):
                    continue
                values[slot.name] = ('hostile', label)
        described = ', '.join(f'{key}={value[1] if value[0] == "extreme" else value[1]}' for key, value in values.items())
        print(json.dumps({'index': index, 'start': f'{name}({described})'}), file=out, flush=True)
        began = time.perf_counter()
        try:
            with hang_guard(guard), contextlib.chdir(world.root):  # a hostile path's files go there
                problem = _attempt(suite, entry, world, chosen, values)
        except TookTooLong:
            problem = 'hang'  # stopped by the alarm: interruptible, but long
        seconds = time.perf_counter() - began
        print(json.dumps({'index': index, 'problem': problem, 'seconds': round(seconds, 3)}), file=out, flush=True)


def _attempt(suite: Any, entry: Any, world: Any, slots: list[Any], values: dict[str, Any]) -> str | None:
    """One call with every chosen slot replaced (the suite's rule, several slots at once)."""
    from fuzzing import exit_code, failure

    try:  # the valid call's own arguments (a pokerkit state needs pokerkit)
        target = entry.make(world)
        args = [suite._resolved(value, world) for value in entry.args]
        kwargs = {name: suite._resolved(value, world) for name, value in entry.kwargs.items()}
    except Exception:  # noqa: BLE001 - not a call of the campaign: counted apart
        return 'unavailable'
    for slot in slots:
        if slot.name not in values:
            continue
        kind, what = values[slot.name]
        value = what if kind == 'extreme' else suite.HOSTILE[what]()
        if slot.position is not None:
            args[slot.position] = value
        else:
            kwargs[slot.name] = value
    if entry.exits:
        return failure(exit_code(target), *args, **kwargs)
    problem = failure(target, *args, **kwargs)
    if problem is not None and 'escaped' in problem and any(
            slot.name in entry.callbacks and values.get(slot.name, ('', ''))[0] == 'hostile'
            and callable(suite.HOSTILE[values[slot.name][1]]()) for slot in slots):
        return None  # a callback of the caller's raised
    return problem


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--calls', type=int, default=5000)
    parser.add_argument('--seed', type=int, default=28)
    parser.add_argument('--most', type=int, default=3, help='the most arguments made hostile at once')
    parser.add_argument('--guard', type=float, default=20.0, help='seconds before a call counts as a hang')
    parser.add_argument('--only', nargs='*', default=[], help='only these registry names')
    parser.add_argument('--child', nargs=2, type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(args.seed, args.child[0], args.child[1], args.most, args.guard, args.only, sys.stdout)
        return 0
    outcomes: dict[int, dict[str, Any]] = {}
    started = time.perf_counter()
    index = 0
    while index < args.calls:
        command = [sys.executable, __file__, '--child', str(index), str(args.calls), '--seed', str(args.seed),
                   '--most', str(args.most), '--guard', str(args.guard), '--only', *args.only]
        child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT)
        assert child.stdout is not None
        current: dict[str, Any] | None = None
        watchdog = threading.Timer(0, lambda: None)
        for line in child.stdout:
            watchdog.cancel()  # a call that outlives twice the guard (no alarm got through): the child is killed
            watchdog = threading.Timer(2 * args.guard + 30, child.kill)
            watchdog.start()
            record = json.loads(line)
            if 'start' in record:
                current = {'label': record['start']}
                outcomes[record['index']] = current
                index = record['index'] + 1
            elif current is not None:
                current.update(record)
                done = len(outcomes)
                if done % 500 == 0:
                    print(f'{done:,} calls, {time.perf_counter() - started:.0f} s', file=sys.stderr, flush=True)
        status = child.wait()
        watchdog.cancel()
        if current is not None and 'problem' not in current:
            current['problem'] = 'killed' if status == -9 else f'crash (status {status})'
            current['seconds'] = 0.0
        elif status != 0 and current is None:
            print(f'the child failed before any call (status {status})', file=sys.stderr)
            return 1
    report(outcomes, time.perf_counter() - started, args)
    return 0


def report(outcomes: dict[int, dict[str, Any]], seconds: float, args: argparse.Namespace) -> None:
    escapes: collections.Counter[str] = collections.Counter()
    examples: dict[str, list[str]] = collections.defaultdict(list)
    crashes, hangs, killed, others = [], [], [], []
    unavailable = 0
    for outcome in outcomes.values():
        problem = outcome.get('problem')
        if problem is None:
            continue
        if problem == 'unavailable':
            unavailable += 1
        elif problem == 'hang':
            hangs.append(outcome['label'])
        elif problem == 'killed':
            killed.append(outcome['label'])
        elif problem.startswith('crash'):
            crashes.append(f"{outcome['label']}: {problem}")
        elif ' escaped' in problem:
            kind = problem.split(' escaped')[0]
            escapes[kind] += 1
            if len(examples[kind]) < 5:
                examples[kind].append(f"{outcome['label']}: {problem}")
        else:
            others.append(f"{outcome['label']}: {problem}")
    slowest = sorted(outcomes.values(), key=lambda outcome: -outcome.get('seconds', 0.0))[:10]
    print(f'campaign seed {args.seed}, {len(outcomes) - unavailable:,} calls (up to {args.most} hostile arguments '
          f'each) in {seconds:.0f} s ({unavailable} drawn but not made: an optional package missing)')
    print(f'escapes: {sum(escapes.values())} {dict(escapes)}; other faults (long message, NaN, repr): {len(others)}; '
          f'crashes: {len(crashes)}; hangs: {len(hangs) + len(killed)} ({len(hangs)} stopped by an alarm after '
          f'{args.guard:g} s, {len(killed)} not interruptible, killed)')
    for kind, lines in examples.items():
        for line in lines:
            print(f'  escape {line[:300]}')
    for line in others[:20] + crashes[:20]:
        print(f'  {line[:300]}')
    for line in hangs[:20]:
        print(f'  hang {line[:300]}')
    for line in killed[:20]:
        print(f'  killed {line[:300]}')
    print('slowest calls:')
    for outcome in slowest:
        print(f"  {outcome.get('seconds', 0.0):7.2f} s  {outcome['label'][:200]}")


if __name__ == '__main__':
    sys.exit(main())
