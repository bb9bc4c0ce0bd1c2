"""Re-derive Papp's income rates with this library's evaluator and compare them with the tables.

Usage: python tools/income_rate_simulation.py [--deals 20000] [--seed 0] [--opponents 1 3 6] [CLASS ...]

Each class is dealt ``--deals`` times against 1, 3 and 6 random opponents who always call to the end
(:func:`poker.stats.preflop_odds.simulate_income_rate`): IR = 1000 * ((n + 1) * share - 1), ties split. The table
shows the simulated rate, its standard error, Papp's value (IR2, IR4 and IR7 of Appendix A) and the
difference in standard errors, where Papp's own error (1,000,000 deals) is added in quadrature. Against
one opponent the exact rate from the shipped equity table is shown too.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if importlib.util.find_spec('poker') is None:  # a checkout with no install: its own poker/
    sys.path.insert(0, str(ROOT))

from poker.ranking.ranker import HandRanker  # noqa: E402
from poker.stats.preflop_odds import class_equity, simulate_income_rate  # noqa: E402
from poker.cards.starting_hand import HAND_CLASSES, class_index  # noqa: E402


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('classes', nargs='*', help='classes to simulate (default: all 169)')
    parser.add_argument('--deals', type=int, default=20_000)
    parser.add_argument('--seed', type=int, default=0)
    parser.add_argument('--opponents', type=int, nargs='+', default=[1, 3, 6])
    args = parser.parse_args(argv[1:])
    names = [HAND_CLASSES[class_index(name)] for name in args.classes] or list(HAND_CLASSES)
    started = time.perf_counter()
    print(f'{"class":<6}{"opp":>4}{"simulated":>11}{"s.e.":>7}{"Papp":>7}{"z":>7}{"exact":>9}')
    scores = []
    for name in names:
        for opponents in args.opponents:
            rate, error = simulate_income_rate(name, opponents, deals=args.deals, seed=args.seed)
            papp = HandRanker.income_rate(name, opponents)
            z = (rate - papp) / math.hypot(error, error * math.sqrt(args.deals / 1_000_000))
            scores.append(z)
            exact = f'{1000 * (2 * class_equity(name) - 1):9.1f}' if opponents == 1 else ''
            print(f'{name:<6}{opponents:>4}{rate:>11.1f}{error:>7.1f}{papp:>7}{z:>7.2f}{exact}')
    rms = math.sqrt(sum(z * z for z in scores) / len(scores))
    print(f'{len(scores)} rates: max |z| {max(map(abs, scores)):.2f}, rms z {rms:.2f}, '
          f'{sum(abs(z) > 4 for z in scores)} beyond 4 s.e.; {time.perf_counter() - started:.1f} s', file=sys.stderr)


if __name__ == '__main__':
    main(sys.argv)
