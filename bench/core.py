"""The compiled core's goals (issue 22), measured in one run against peers and against the code before it.

    python bench/core.py [--baseline PATH] [--repeats 7]

    git worktree add /tmp/before ed643a5      # the last commit before the compiled core, as the baseline
    python bench/core.py --baseline /tmp/before

Every workload runs in a fresh interpreter on this checkout and, with ``--baseline``, on that checkout too
(nothing to build there: before the core the package was pure Python), so each row has its own same-run
baseline; the peers (eval7) run in this process. Rows (medians):

* one 7-card rank from Python, indices in (``HandRanker.rank_indices``), against ``eval7.evaluate``;
* ``rank_many`` of one row, validated;
* a batch of 1,000,000 random 7-card hands (``rank_many``, ``validate=False``), hands per second;
* the river, one hand against ``QQ+, AKs``, a new board each call (``hand_strength``), against eval7's
  ``py_hand_vs_range_exact``;
* the flop, one hand against every holding with two cards to come (``Player.calculate_hand_statistics``);
* the river, every holding against every holding (``board_strengths``);
* a six-seat duplicate match (three Lokis, a station, a maniac and a rock, 24 deals, a new seed each repeat),
  hands per second of CPU time, one process;
* a fresh process: ``import poker``, ``from poker import Player``, the first flop call after it, and the
  resident memory after that call.

The equity rows are bench/equity.py's, the strength tables bench/tables.py's.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(Path(__file__).resolve().parent)]

from timing import median  # noqa: E402

WORKLOADS = r'''
import json, random, sys, time
import numpy as np

def med(values):
    values = sorted(values)
    return values[len(values) // 2]

def timed(action, items, repeats):
    times = []
    for item in items:
        start = time.perf_counter()
        action(item)
        times.append(time.perf_counter() - start)
    return med(times)

def fresh():
    start = time.perf_counter()
    import poker
    imported = time.perf_counter()
    from poker import Player
    player = time.perf_counter()
    Player('Ah Kh', '2c 7d Js').calculate_hand_statistics()
    called = time.perf_counter()
    rss = next(int(line.split()[1]) for line in open('/proc/self/status') if line.startswith('VmRSS'))
    return {'import': imported - start, 'import_player': player - imported, 'first_flop': called - player,
            'rss_kib': rss}

def main(name, repeats):
    if name == 'fresh':
        return fresh()
    from poker import Card, HandRanker, Player, Range, board_strengths, hand_strength
    rng = random.Random(22)
    deck = [Card.from_index(i) for i in range(52)]
    if name == 'rank_one':
        hands = [rng.sample(range(52), 7) for _ in range(20000)]
        best = []
        for _ in range(repeats):
            start = time.perf_counter()
            for hand in hands:
                HandRanker.rank_indices(hand)
            best.append((time.perf_counter() - start) / len(hands))
        return med(best)
    if name == 'rank_row':
        rows = [np.array([rng.sample(range(52), 7)], dtype=np.uint8) for _ in range(3000)]
        return timed(HandRanker.rank_many, rows, repeats)
    if name == 'batch':
        hands = np.argsort(np.random.default_rng(22).random((1_000_000, 52)), axis=1)[:, :7].astype(np.uint8)
        return len(hands) / med([timed(lambda h: HandRanker.rank_many(h, validate=False), [hands], 1)
                                 for _ in range(repeats)])
    if name == 'river_range':
        weights = Range.parse('QQ+, AKs')
        spots = []
        while len(spots) < 3000:
            cards = rng.sample(deck, 7)
            spots.append((cards[:2], cards[2:]))
        def ask(spot):
            try:
                hand_strength(spot[0], spot[1], weights)
            except Exception:
                pass
        ask(spots[0])
        return timed(ask, spots, repeats)
    if name == 'flop_player':
        spots = [rng.sample(deck, 5) for _ in range(60)]
        Player(spots[0][:2], spots[0][2:]).calculate_hand_statistics()
        return timed(lambda c: Player(c[:2], c[2:]).calculate_hand_statistics(), spots, repeats)
    if name == 'river_all':
        boards = [rng.sample(deck, 5) for _ in range(40)]
        board_strengths(boards[0])
        return timed(board_strengths, boards, repeats)
    if name == 'match':
        try:
            from poker.matches.duplicate import match, rotations
        except ImportError:  # a baseline from before the matches wing
            from poker.matches.duplicate import match, rotations
        deals = 24
        seats = ['loki', 'loki', 'loki', 'station', 'maniac', 'rock']
        match(seats, 1, seed=1, progress=False)
        rates = []
        for seed in range(22, 22 + repeats):  # (a new deal of the cards each time: nothing kept from the last)
            start = time.process_time()  # CPU time: the machine is shared, and the match runs in this process
            match(seats, deals, seed=seed, progress=False)
            rates.append(deals * len(rotations(len(seats))) / (time.process_time() - start))
        return med(rates)
    raise SystemExit(f'unknown workload {name}')

print(json.dumps(main(sys.argv[1], int(sys.argv[2]))))
'''


def run(tree: Path, name: str, repeats: int, fresh_runs: int = 5) -> object:
    """The workload ``name`` in a fresh interpreter on the checkout ``tree`` (its result, parsed)."""
    environment = {**os.environ, 'PYTHONPATH': str(tree)}
    runs = fresh_runs if name == 'fresh' else 1
    results = [json.loads(subprocess.run([sys.executable, '-c', WORKLOADS, name, str(repeats)], cwd=tree,
                                         env=environment, capture_output=True, text=True, check=True).stdout)
               for _ in range(runs)]
    if name == 'fresh':
        return {key: median([r[key] for r in results]) for key in results[0]}
    return results[0]


def eval7_rows(repeats: int) -> dict[str, float]:
    """eval7's one-hand rank and river hand-against-range, per call (empty without eval7)."""
    try:
        import eval7
    except ImportError:
        return {}
    rng = random.Random(22)
    deck = [eval7.Card(rank + suit) for rank in '23456789TJQKA' for suit in 'cdhs']
    hands = [[deck[i] for i in rng.sample(range(52), 7)] for _ in range(20000)]
    per_hand = []
    for _ in range(repeats):
        start = time.perf_counter()
        for hand in hands:
            eval7.evaluate(hand)
        per_hand.append((time.perf_counter() - start) / len(hands))
    villain = eval7.HandRange('QQ+, AKs')
    spots = [[deck[i] for i in rng.sample(range(52), 7)] for _ in range(3000)]
    times = []
    for cards in spots:
        start = time.perf_counter()
        eval7.py_hand_vs_range_exact(cards[:2], villain, cards[2:])
        times.append(time.perf_counter() - start)
    return {'rank_one': median(per_hand), 'river_range': median(times)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--baseline', type=Path, help='a checkout of an earlier commit to time beside this one')
    parser.add_argument('--repeats', type=int, default=7)
    args = parser.parse_args()
    peers = eval7_rows(args.repeats)
    trees = [('this checkout', ROOT)] + ([('baseline', args.baseline.resolve())] if args.baseline else [])
    names = ['rank_one', 'rank_row', 'batch', 'river_range', 'flop_player', 'river_all', 'match', 'fresh']
    results = {label: {name: run(tree, name, args.repeats) for name in names} for label, tree in trees}
    ours = results['this checkout']
    before = results.get('baseline', {})

    def show(name: str, value: object, unit: str) -> str:
        if not isinstance(value, float):
            return '-'
        return {'us': f'{value * 1e6:9.2f} µs', 'ms': f'{value * 1e3:9.2f} ms', 'rate': f'{value / 1e6:9.1f} M/s',
                'hands': f'{value:9.1f} /s', 's': f'{value:9.3f} s'}[unit]

    rows = [('one 7-card rank (rank_indices)', 'rank_one', 'us', 'eval7.evaluate'),
            ('rank_many, one row, validated', 'rank_row', 'us', None),
            ('rank_many, 1M 7-card hands, per second', 'batch', 'rate', None),
            ('river, one hand vs QQ+, AKs, new board', 'river_range', 'us', 'eval7 py_hand_vs_range_exact'),
            ('flop, one hand vs every holding (Player)', 'flop_player', 'ms', None),
            ('river, every holding vs every holding', 'river_all', 'ms', None),
            ('six-seat match (3 Lokis), hands per CPU second', 'match', 'hands', None)]
    print(f'{"workload (medians)":46} {"this checkout":>14} {"baseline":>14} {"ratio":>8}   peer')
    for label, name, unit, peer in rows:
        mine, theirs = ours[name], before.get(name)
        ratio = '' if not isinstance(theirs, float) else \
            f'{(mine / theirs if unit in ("rate", "hands") else theirs / mine):7.1f}x'
        peer_text = ''
        if peer and name in peers:
            peer_text = f'{peer} {show(name, peers[name], unit).strip()} (ours {peers[name] / mine:.2f}x its speed)'
        print(f'{label:46} {show(name, mine, unit):>14} {show(name, theirs, unit):>14} {ratio:>8}   {peer_text}')
    fresh, old = ours['fresh'], before.get('fresh', {})
    for key, label, scale, unit in (('import', 'import poker (fresh process)', 1e3, 'ms'),
                                    ('import_player', 'from poker import Player, after it', 1e3, 'ms'),
                                    ('first_flop', 'first flop Player call, after that', 1e3, 'ms'),
                                    ('rss_kib', 'resident memory after the flop call', 1 / 1024, 'MiB')):
        then = f'{old[key] * scale:9.1f} {unit}' if key in old else '-'
        print(f'{label:46} {fresh[key] * scale:11.1f} {unit:3} {then:>14}')


if __name__ == '__main__':
    main()
