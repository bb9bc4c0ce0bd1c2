"""Reconstruct Papp's Table B.1 (the pre-flop [base, increment] thresholds) from income-rate percentiles.

Usage: python tools/make_preflop_thresholds.py [--out poker/strategy/data/preflop_thresholds.csv]

Only two cells of Table B.1 survive (see docs/preflop.md); this tool fills the rest so that each setting
plays a stated share of the 1,326 holdings in each position, and keeps the surviving numbers exactly:

1. **Button shares.** On the button (position 0) a strategy's threshold sits at the income rate above
   which a share ``s`` of the holdings lie, in the group's own table (IR2 for 2 players, IR4 for 3-4,
   IR7 for 5 or more). The shares are those of Pena's worked example (moderate, 3-4 players, button:
   Make4 580, Make2 200, Make1 50 in IR4), measured once and used for every group and tightness, so a
   seat on the button plays the same top share of hands in every setting (for 3-4 players the bases are
   Pena's numbers themselves, the values the shares were measured from).
2. **Shrinking with position.** Each position further from the button keeps a fraction ``k`` of the share
   of the one before: ``s * k**position``. ``k`` is set by the tightness: for *tight*, the value that
   turns the thesis's tight 3-4 Make2 increment of 50 into a share (IR4 >= 350 over IR4 >= 200, three
   positions on); *moderate* shrinks half as fast (``sqrt(k_tight)``), *loose* a quarter as fast.
3. **Linear in position** (Papp eq. 6.1): base = the button threshold, increment = the slope from the
   button to :data:`REFERENCE_POSITION`; bases rounded to 10, increments to 5.
4. **The small blind's Call1 and Call2** are fixed thresholds (no increment): Call1 at 1.5 times Make1's
   button share (the blind has only half a bet to add), Call2 at the geometric mean of Make1's and
   Make2's button shares.
5. **Pins.** The cells the thesis gives are written as given (source ``thesis`` / ``pena``), whatever
   steps 1-4 say; the rest are marked ``ours``.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if importlib.util.find_spec('poker') is None:  # a checkout with no install: its own poker/
    sys.path.insert(0, str(ROOT))

from poker.cards.income_rates import IR2, IR4, IR7  # noqa: E402
from poker.strategy.preflop import GROUPS, STRATEGIES, THRESHOLDS_PATH, TIGHTNESS, write_thresholds  # noqa: E402
from poker.cards.starting_hand import CLASS_OF_HOLDING  # noqa: E402

TABLES = {'2': IR2, '3-4': IR4, '5+': IR7}
REFERENCE_POSITION = 3
PENA = {'Make4': 580, 'Make2': 200, 'Make1': 50}
PINS = {('3-4', 'tight', 'Make2'): (200, 50, 'thesis'),
        ('3-4', 'moderate', 'Make4'): (580, None, 'pena'),
        ('3-4', 'moderate', 'Make2'): (200, None, 'pena'),
        ('3-4', 'moderate', 'Make1'): (50, None, 'pena')}
SLOWDOWN = {'tight': 1.0, 'moderate': 0.5, 'loose': 0.25}


def holding_rates(table: tuple[tuple[int, ...], ...]) -> np.ndarray:
    """The income rate of each of the 1,326 holdings."""
    return np.array([rate for row in table for rate in row])[CLASS_OF_HOLDING]


def share_at_least(rates: np.ndarray, threshold: float) -> float:
    """The share of holdings whose rate is at least ``threshold``."""
    return float(np.mean(rates >= threshold))


def threshold_for_share(rates: np.ndarray, share: float) -> float:
    """The income rate above which (inclusive) a share ``share`` of the holdings lie."""
    ordered = np.sort(rates)[::-1]
    count = min(len(ordered), max(1, round(share * len(ordered))))
    return float(ordered[count - 1])


def rows() -> list[tuple[str, str, str, int, int, str]]:
    ir4 = holding_rates(IR4)
    button_share = {name: share_at_least(ir4, value) for name, value in PENA.items()}
    k_tight = (share_at_least(ir4, 200 + 50 * REFERENCE_POSITION) / button_share['Make2']) ** (1 / REFERENCE_POSITION)
    shrink = {tightness: math.exp(math.log(k_tight) * SLOWDOWN[tightness]) for tightness in TIGHTNESS}
    result = []
    for group in GROUPS:
        rates = holding_rates(TABLES[group])
        for tightness in TIGHTNESS:
            for strategy in STRATEGIES:
                if strategy == 'Make0':
                    base, increment = None, 0
                elif strategy in ('Call1', 'Call2'):
                    share = 1.5 * button_share['Make1'] if strategy == 'Call1' else \
                        math.sqrt(button_share['Make1'] * button_share['Make2'])
                    base, increment = round(threshold_for_share(rates, share), -1), 0
                else:
                    share = button_share[strategy]
                    at_button = threshold_for_share(rates, share)
                    further = threshold_for_share(rates, share * shrink[tightness] ** REFERENCE_POSITION)
                    base = PENA[strategy] if group == '3-4' else round(at_button, -1)  # 3-4: the shares' source
                    increment = 5 * round((further - at_button) / REFERENCE_POSITION / 5)
                source = 'ours'
                if (group, tightness, strategy) in PINS:
                    pinned_base, pinned_increment, source = PINS[group, tightness, strategy]
                    base = pinned_base
                    increment = increment if pinned_increment is None else pinned_increment
                result.append((group, tightness, strategy, '' if base is None else int(base), int(increment),
                               source))
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--out', type=Path, default=THRESHOLDS_PATH)
    args = parser.parse_args()
    table = rows()
    write_thresholds(table, args.out)
    for row in table:
        print(*row, sep=',')


if __name__ == '__main__':
    main()
