"""Duplicate matches that measure Loki (issue 12): modelling against no model, and Loki against the bots.

    python bench/match.py [--deals-six 3400] [--deals-four 5000] [--deals-heads-up 10000] [--workers 2] [--seed 12]

Match A, six seats: three Loki seats with generic opponent modelling and three without a model (every
holding alike), as in Papp's experiments (copies of each version); 3,400 deals x 6 seatings = 20,400
hands. Match B, four seats: Loki (specific modelling), a calling station, a maniac and a random player;
5,000 deals x 4 seatings = 20,000 hands. Matches C: Loki heads-up against each bot, 10,000 deals x 2
seatings = 20,000 hands each. Each row: small bets per hand with the 95% interval from the
duplicate sets (per-deal results); for A the copies of a version are averaged per deal, and the
difference rows pair the two sides deal by deal.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from poker.processes import process_pool  # noqa: E402
from poker.table.duplicate import MatchResult, match  # noqa: E402


def interval(values: np.ndarray) -> tuple[float, float]:
    return float(values.mean()), 1.96 * float(values.std(ddof=1)) / math.sqrt(len(values))


def row(name: str, values: np.ndarray) -> str:
    mean, half = interval(values)
    verdict = 'above 0' if mean - half > 0 else 'below 0' if mean + half < 0 else 'includes 0'
    return f'{name:<44}{mean:>+9.3f}  [{mean - half:>+7.3f}, {mean + half:>+7.3f}]  {verdict}'


def side(result: MatchResult, prefix: str) -> np.ndarray:
    columns = [i for i, name in enumerate(result.names) if name.rsplit('-', 1)[0] == prefix or name == prefix]
    return np.asarray(result.per_deal[:, columns].mean(axis=1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--deals-six', type=int, default=3400)
    parser.add_argument('--deals-four', type=int, default=5000)
    parser.add_argument('--deals-heads-up', type=int, default=10000)
    parser.add_argument('--workers', type=int, default=2)
    parser.add_argument('--seed', type=int, default=12)
    args = parser.parse_args()
    with process_pool(args.workers) as executor:
        start = time.perf_counter()
        six = match(['loki-generic'] * 3 + ['loki-no-model'] * 3, args.deals_six, seed=args.seed, executor=executor) \
            if args.deals_six else None
        six_time = time.perf_counter() - start
        start = time.perf_counter()
        four = match(['loki', 'station', 'maniac', 'random'], args.deals_four, seed=args.seed, executor=executor) \
            if args.deals_four else None
        four_time = time.perf_counter() - start
        heads_up = {}
        for bot in ('station', 'maniac', 'random'):
            if args.deals_heads_up:
                start = time.perf_counter()
                heads_up[bot] = (match(['loki', bot], args.deals_heads_up, seed=args.seed, executor=executor),
                                 time.perf_counter() - start)
    print(f"{'':<44}{'sb/hand':>9}  {'95% interval':>16}")
    if six is not None:
        print(f'A: {six.games:,} hands ({six.deals:,} deals x {six.rotations}), {six_time:.0f} s, '
              f'{args.workers} workers')
        generic, plain = side(six, 'loki-generic'), side(six, 'loki-no-model')
        print(row('  Loki, generic modelling (mean of 3 seats)', generic))
        print(row('  Loki, no model (mean of 3 seats)', plain))
        print(row('  generic modelling - no model, per deal', generic - plain))
    for bot, (result, seconds) in heads_up.items():
        print(f'C: heads-up against {bot}: {result.games:,} hands ({result.deals:,} deals x 2), {seconds:.0f} s')
        print(row(f'  loki against {bot}', result.per_deal[:, 0]))
    if four is None:
        return
    print(f'B: {four.games:,} hands ({four.deals:,} deals x {four.rotations}), {four_time:.0f} s, {args.workers} workers')
    for index, name in enumerate(four.names):
        print(row(f'  {name}', four.per_deal[:, index]))
    loki = four.per_deal[:, 0]
    for index, name in enumerate(four.names[1:], start=1):
        print(row(f'  loki - {name}, per deal', loki - four.per_deal[:, index]))


if __name__ == '__main__':
    main()
