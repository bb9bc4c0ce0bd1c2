"""Loki-2 against Loki-1 the way Peña measured it (issue 32): ten-seat duplicate tournaments and heads-up matches.

    python bench/loki2_matches.py homogeneous [--enhancements b,r,br,s,brs] [--deals 2500]
    python bench/loki2_matches.py mixed       [--enhancements b,r,br,brs] [--deals 1000]
    python bench/loki2_matches.py heads-up    [--bots station,...] [--deals 2000]
    common options: [--workers 2] [--seed 32] [--out loki2-runs]

* **homogeneous** (Peña's Figure 4.3): eight Loki-1 players (``loki``: specific modelling, all betting features)
  and two enhanced ones at a ten-seat table, each deal played ten times with the seats rotated (Papp's Table 8.1).
  A row: the enhanced players' mean less the Loki-1 players' mean, sb/hand, with the 95% interval over the deals
  (the per-deal difference of the two groups' means, so the deal's luck cancels).
* **mixed** (Peña's Figures 4.4-4.6): a pair of players of each style (tight/passive twice, tight/aggressive,
  loose/passive, loose/aggressive), in each pair one Loki-1 and one enhanced Loki of the same style. A row per
  style: the enhanced player's result less its Loki-1 twin's, per deal, with the 95% interval.
* **heads-up**: each Loki-2 variant and the Loki-1 variant it extends against every bot, on the same deals (same
  seed), so a row's difference is paired by deal.

Styles (ours: Peña names them, his parameters are lost): tight plays Papp's ``tight`` pre-flop table, loose his
``loose`` one; aggressive lowers the Make1 and Make2 thresholds to 0.45 and 0.78, passive raises them to 0.55 and
0.92. Every result goes to ``OUT/EXPERIMENT-NAME.json`` as soon as it is done.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from poker.matches.duplicate import match  # noqa: E402
from poker.processes import process_pool  # noqa: E402
from poker.strategy.advice import FullLokiStrategy  # noqa: E402

ENHANCEMENTS = {'b': 'loki2-b', 'r': 'loki2-r', 'br': 'loki2-br', 's': 'loki2-s', 'brs': 'loki2'}
"""Peña's enhancements (B: PT betting, R: PT re-weighting, S: simulation) and the kinds that play them."""
BOTS = ('folder', 'station', 'maniac', 'rock', 'random', 'aggressive', 'tight-aggressive', 'loose-passive',
        'prober')
PAIRS = (('loki', 'loki2'), ('loki-generic', 'loki2-generic'), ('loki-no-model', 'loki2-no-model'))
STYLES = {'tp': ('tight', 0.55, 0.92), 'ta': ('tight', 0.45, 0.78), 'lp': ('loose', 0.55, 0.92),
          'la': ('loose', 0.45, 0.78)}
MIXED_TABLE = ('tp', 'tp', 'ta', 'lp', 'la')
"""The styles of the five pairs at the mixed table (two tight/passive pairs, as Peña's ten seats needed)."""


@functools.cache
def _strategy(style: str) -> FullLokiStrategy:
    tightness, make1, make2 = STYLES[style]
    styled = type(f'Styled_{style}', (FullLokiStrategy,), {'tightness': tightness, 'make1_threshold': make1,
                                                          'make2_threshold': make2})
    return styled()  # type: ignore[no-any-return]  # (one class and one strategy a style, shared by its seats)


def styled_seat(name: str, seed: int) -> Any:
    """A seat of a style and an enhancement named in its name: ``'<style>-<enhancement>[-n]'`` (``'tp-loki'``: a
    Loki-1 tight/passive player; ``'la-brs'``: a Loki-2 loose/aggressive one with B, R and S)."""
    from poker.players.modelling import ModellingLokiPlayer
    style, enhancement = name.split('-')[:2]
    strategy = _strategy(style)
    if enhancement == 'loki':
        return ModellingLokiPlayer(name, strategy=strategy)
    from poker.players.loki2 import Loki2Player
    return Loki2Player.with_enhancements(name, enhancement, seed=seed, strategy=strategy)


def _interval(values: np.ndarray) -> tuple[float, float]:
    half = 1.96 * float(values.std(ddof=1)) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return float(values.mean()), half


def _row(out: Path, experiment: str, name: str, data: dict[str, Any]) -> None:
    (out / f'{experiment}-{name}.json').write_text(json.dumps(data, indent=1))
    mean, half = data['difference'], data['half_width']
    print(f"| {name} | {data['hands']:,} | {mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}] | "
          f"{data.get('detail', '')} | {data['seconds']:.0f} |", flush=True)


def homogeneous(args: argparse.Namespace, executor: Any, out: Path) -> None:
    print('| enhancement | hands | Loki-2 less Loki-1, sb/hand [95%] | each player | s |')
    print('|---|---:|---:|---|---:|', flush=True)
    for enhancement in args.enhancements.split(','):
        kind = ENHANCEMENTS[enhancement]
        players = ['loki'] * 8 + [kind] * 2
        started = time.perf_counter()
        result = match(players, args.deals, seed=args.seed, executor=executor, progress=False)
        enhanced = [i for i, name in enumerate(result.names) if name.startswith(kind)]
        basic = [i for i in range(len(result.names)) if i not in enhanced]
        diff = result.per_deal[:, enhanced].mean(axis=1) - result.per_deal[:, basic].mean(axis=1)
        mean, half = _interval(diff)
        detail = ', '.join(f'{name} {value:+.3f}' for name, value in zip(result.names, result.means()))
        _row(out, 'homogeneous', enhancement, {
            'players': list(result.names), 'deals': result.deals, 'hands': result.games, 'seed': args.seed,
            'difference': mean, 'half_width': half, 'means': result.means(), 'half_widths': result.half_widths(),
            'detail': detail, 'seconds': time.perf_counter() - started})


def mixed(args: argparse.Namespace, executor: Any, out: Path) -> None:
    print('| enhancement | hands | Loki-2 less Loki-1 twin, sb/hand [95%] per style | | s |')
    print('|---|---:|---:|---|---:|', flush=True)
    for enhancement in args.enhancements.split(','):
        names = []
        for number, style in enumerate(MIXED_TABLE):
            names += [f'{style}-loki-{number}', f'{style}-{enhancement}-{number}']
        players = [functools.partial(_styled_as, name) for name in names]
        started = time.perf_counter()
        result = match(players, args.deals, seed=args.seed, executor=executor, progress=False)
        styles: dict[str, list[np.ndarray]] = {}
        for number, style in enumerate(MIXED_TABLE):
            diff = result.per_deal[:, 2 * number + 1] - result.per_deal[:, 2 * number]
            styles.setdefault(style, []).append(diff)
        rows = {style: _interval(np.mean(diffs, axis=0)) for style, diffs in styles.items()}
        every = np.mean([result.per_deal[:, 2 * n + 1] - result.per_deal[:, 2 * n] for n in range(5)], axis=0)
        mean, half = _interval(every)
        detail = ', '.join(f'{style} {m:+.3f} [{m - h:+.3f}, {m + h:+.3f}]' for style, (m, h) in rows.items())
        _row(out, 'mixed', enhancement, {
            'players': names, 'deals': result.deals, 'hands': result.games, 'seed': args.seed,
            'difference': mean, 'half_width': half, 'styles': {s: list(v) for s, v in rows.items()},
            'means': result.means(), 'detail': detail, 'seconds': time.perf_counter() - started})


def _styled_as(name: str, given: str, seed: int) -> Any:
    """``styled_seat`` under ``name``, whatever name the match gives the seat (bound with functools.partial: a
    module-level function, so process workers can unpickle it)."""
    return styled_seat(name, seed)


def heads_up(args: argparse.Namespace, executor: Any, out: Path) -> None:
    print('| Loki-2 vs Loki-1, bot | hands | Loki-2 less Loki-1, sb/hand [95%] | each against the bot | s |')
    print('|---|---:|---:|---|---:|', flush=True)
    for bot in args.bots.split(','):
        for first, second in PAIRS:
            started = time.perf_counter()
            one = match([first, bot], args.deals, seed=args.seed, executor=executor, progress=False)
            two = match([second, bot], args.deals, seed=args.seed, executor=executor, progress=False)
            diff = two.per_deal[:, 0] - one.per_deal[:, 0]
            mean, half = _interval(diff)
            (m1, h1), (m2, h2) = _interval(one.per_deal[:, 0]), _interval(two.per_deal[:, 0])
            detail = f'{first} {m1:+.3f} [{m1 - h1:+.3f}, {m1 + h1:+.3f}]; {second} {m2:+.3f} [{m2 - h2:+.3f}, {m2 + h2:+.3f}]'
            _row(out, 'heads-up', f'{second}-vs-{bot}', {
                'bot': bot, 'loki1': first, 'loki2': second, 'deals': args.deals, 'hands': one.games + two.games,
                'seed': args.seed, 'difference': mean, 'half_width': half, 'loki1_mean': m1, 'loki1_half': h1,
                'loki2_mean': m2, 'loki2_half': h2, 'detail': detail, 'seconds': time.perf_counter() - started})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('experiment', choices=('homogeneous', 'mixed', 'heads-up'))
    parser.add_argument('--enhancements', default=None)
    parser.add_argument('--bots', default=','.join(BOTS))
    parser.add_argument('--pairs', default=None, help='heads-up: Loki-2 kinds to play (default: all three)')
    parser.add_argument('--deals', type=int, default=None)
    parser.add_argument('--workers', type=int, default=2)
    parser.add_argument('--seed', type=int, default=32)
    parser.add_argument('--out', default='loki2-runs')
    args = parser.parse_args()
    defaults = {'homogeneous': ('b,r,br,s,brs', 2500), 'mixed': ('b,r,br,brs', 1000), 'heads-up': ('', 2000)}
    enhancements, deals = defaults[args.experiment]
    args.enhancements = args.enhancements or enhancements
    args.deals = args.deals or deals
    if args.pairs:
        global PAIRS
        PAIRS = tuple(pair for pair in PAIRS if pair[1] in args.pairs.split(','))
    out = Path(args.out)
    out.mkdir(exist_ok=True)
    with process_pool(args.workers) as executor:
        {'homogeneous': homogeneous, 'mixed': mixed, 'heads-up': heads_up}[args.experiment](args, executor, out)
    return 0


if __name__ == '__main__':
    sys.exit(main())
