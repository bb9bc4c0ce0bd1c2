"""How fast the hand ranker is: a table of medians, with the one-hand API as the baseline, measured in this run.

    PYTHONPATH=. python bench/ranking.py [--hands 1000000] [--repeats 5]

Rows: ``HandRanker.rank_many`` on random 7-card hands (with and without validation); plain Python loops
over the one-hand API (``HandRanker.rank_indices``, ``HandRanker.rank`` on cards, building a
``RankableHand``), timed on a sample and given per hand; the census of all 133,784,560 seven-card hands;
``import poker`` in a fresh interpreter; the first ranking in a fresh interpreter; and the memory the compiled
tables take. The census counts are checked against the published figures.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from math import comb
from pathlib import Path

import numpy as np

from poker import Card, HandRanker, RankableHand
from poker.ranking.category import CATEGORY_DATA, HandCategory
from poker.ranking.exhaustive import census, seven_card_census
import re
from timing import median, median_seconds

ROOT = Path(__file__).resolve().parents[1]


def random_hands(count: int, size: int, seed: int = 2026) -> np.ndarray:
    """``count`` random hands of ``size`` distinct cards (rows with a repeated card are drawn again)."""
    rng = np.random.default_rng(seed)
    hands = rng.integers(0, 52, size=(count, size), dtype=np.int8)
    while True:
        ordered = np.sort(hands, axis=1)
        bad = np.flatnonzero((ordered[:, 1:] == ordered[:, :-1]).any(axis=1))
        if not bad.size:
            return hands
        hands[bad] = rng.integers(0, 52, size=(bad.size, size), dtype=np.int8)


def fresh_interpreter_seconds(code: str, repeats: int) -> float:
    """Median of what ``code`` prints (a time in seconds), each run in a new interpreter."""
    results = []
    for _ in range(repeats):
        output = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, check=True,
                                env={**os.environ, 'PYTHONPATH': str(ROOT)}).stdout
        results.append(float(output))
    return median(results)


def eval7_rate(hands: np.ndarray, repeats: int) -> float | None:
    """Hands a second of a plain loop over eval7.evaluate, or None without eval7; checks it orders as we do."""
    try:
        import eval7
    except ImportError:
        return None
    deck = [eval7.Card(str(Card.from_index(i))) for i in range(52)]
    rows = [[deck[i] for i in hand] for hand in hands.tolist()]
    theirs, ours = [eval7.evaluate(h) for h in rows], HandRanker.rank_many(hands).tolist()
    assert all((a < b) == (c < d) for a, b, c, d in zip(theirs, theirs[1:], ours, ours[1:])), 'eval7 disagrees'
    return len(rows) / median_seconds(lambda: [eval7.evaluate(h) for h in rows], repeats)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--hands', type=int, default=1_000_000, help='hands per rank_many call')
    parser.add_argument('--sample', type=int, default=20_000, help='hands in the one-hand loops')
    parser.add_argument('--repeats', type=int, default=5)
    args = parser.parse_args()

    rows: list[tuple[str, str, str]] = []

    def row(name: str, seconds: float, items: int, unit: str = 'hands') -> float:
        rate = items / seconds
        rows.append((name, f'{seconds:10.4f} s', f'{rate:14,.0f} {unit}/s'))
        return rate

    hands = random_hands(args.hands, 7)
    HandRanker.rank_many(hands[:10])  # build the tables outside the timings
    checked = HandRanker.rank_many(hands)
    assert np.array_equal(checked, HandRanker.rank_many(hands, validate=False))

    fast = row(f'rank_many, {args.hands:,} 7-card hands, validate=True',
               median_seconds(lambda: HandRanker.rank_many(hands), args.repeats), args.hands)
    fastest = row(f'rank_many, {args.hands:,} 7-card hands, validate=False',
                  median_seconds(lambda: HandRanker.rank_many(hands, validate=False), args.repeats), args.hands)

    sample = hands[:args.sample]
    index_rows = sample.tolist()
    card_rows = [[Card.from_index(i) for i in hand] for hand in index_rows]
    loop_values = [HandRanker.rank_indices(hand) for hand in index_rows]
    assert loop_values == checked[:args.sample].tolist()
    loop = row(f'loop over HandRanker.rank_indices ({args.sample:,}-hand sample)',
               median_seconds(lambda: [HandRanker.rank_indices(h) for h in index_rows], args.repeats), args.sample)
    row(f'loop over HandRanker.rank(cards) ({args.sample:,}-hand sample)',
        median_seconds(lambda: [HandRanker.rank(h) for h in card_rows], args.repeats), args.sample)
    objects = card_rows[:args.sample // 4]
    objects_rate = row(f'loop building RankableHand ({len(objects):,}-hand sample)',
        median_seconds(lambda: [RankableHand(h).value for h in objects], args.repeats), len(objects))

    peer = eval7_rate(sample, args.repeats)
    if peer is not None:
        row(f'peer: loop over eval7.evaluate ({args.sample:,}-hand sample)', args.sample / peer, args.sample)

    start = time.perf_counter()
    result = seven_card_census()  # the first run also builds the five-card key sums
    cold = time.perf_counter() - start
    assert [result.hands[c] for c in HandCategory] == [r.seven_card_hands for r in CATEGORY_DATA]
    assert result.total_hands == comb(52, 7)
    row('7-card census, first run (builds the 5-card sums)', cold, result.total_hands)
    census_repeats = max(1, min(3, args.repeats))
    row('7-card census, all 133,784,560 hands',
        median_seconds(lambda: census(7), census_repeats), result.total_hands)

    import_seconds = fresh_interpreter_seconds(
        'import time; t = time.perf_counter(); import poker; print(time.perf_counter() - t)', 7)
    rows.append(('import poker (fresh interpreter, median of 7)', f'{import_seconds:10.4f} s', ''))
    build_seconds = fresh_interpreter_seconds(
        'import time, poker; t = time.perf_counter(); poker.HandRanker.rank_indices([0, 4, 8, 12, 17, 21, 25]); '
        'poker.HandRanker.rank_indices([0, 4, 8, 12, 17]); poker.HandRanker.rank_indices([0, 4, 8, 12, 17, 21]); '
        'print(time.perf_counter() - t)', 3)
    rows.append(('first rank of 5, 6 and 7 cards (fresh interpreter)', f'{build_seconds:10.4f} s', ''))

    header = (ROOT / 'poker' / 'ranking' / '_rank_tables.h').read_text()
    sizes = {name: int(count) * {'uint64_t': 8, 'uint32_t': 4, 'uint16_t': 2}[kind]
             for kind, name, count in re.findall(r'static const (\w+) (\w+)\[(\d+)\]', header)}
    rows.append(('memory of the compiled tables (card keys, flush, hash offsets, hash values)',
                 f'{sum(sizes.values()) / 1e3:10.1f} kB', ''))

    width = max(len(name) for name, _, _ in rows)
    print(f'{"measurement (median of " + str(args.repeats) + " unless said)":<{width}}  {"time":>12}  {"rate":>20}')
    for name, seconds, rate in rows:
        print(f'{name:<{width}}  {seconds:>12}  {rate:>20}')
    print()
    print(f'rank_many / loop over rank_indices: {fast / loop:,.0f}x (validate=True), '
          f'{fastest / loop:,.0f}x (validate=False)')
    if peer is not None:
        print(f'rank_many / loop over eval7.evaluate (a C evaluator called from Python): {fast / peer:,.0f}x '
              f'(validate=True)')
    else:
        print('peer baseline skipped: eval7 is not installed (pip install eval7, or the bench extra)')
    print(f'rank_many / loop building RankableHand: {fast / objects_rate:,.0f}x (validate=True), '
          f'{fastest / objects_rate:,.0f}x (validate=False)')


if __name__ == '__main__':
    main()
