"""How fast is the range engine? Medians, with ratios against baselines measured in the same run.

    PYTHONPATH=. python bench/range_statistics.py [--repeats 5] [--player-sample 100] [--seed 2026] [--flop-only]

On a shared machine pin it to one core (``taskset -c 1 python bench/range_statistics.py --flop-only --repeats 15``)
and read the CPU column.

Cases (targets from issue 10):

* all 1,176 holdings on a flop, HS + PPOT + NPOT with two cards to come, against every holding:
  ``range_statistics(board=flop)`` against a loop of ``Player.calculate_hand_statistics`` (timed on
  ``--player-sample`` holdings and scaled to 1,176; target <= 1 s);
* the same against a 22-holding range (``QQ+, AKs``), in the same run, with the ratio of the two CPU times
  (issue 10 hoped for a fifth; the work for each of the 1,176 hero holdings on each of the 1,081 runouts, its
  ranking and its place among the values, does not shrink with the opponent's range);
* the same against one holding (two aces): the part that does not follow the opponent's range;
* both again with the strength histograms asked for (``bins=50``): what they add;
* river, one hand against ``QQ+, AKs``: eval7's ``py_hand_vs_range_exact`` against ``hand_strength``
  (pre-built cards and range, as eval7 gets them) WARM (the same board each call: the per-board memo of
  holding values hits) and COLD (a new board each call, cycling through 4x more boards than the memo
  keeps; eval7 gets the same boards), ``Player.calculate_hand_statistics`` both ways, ``range_statistics``
  for that hand, and per hand when the whole hero range is asked at once; and the same hand against every
  holding (eval7's time grows with the range; ours, warm, does not);
* ``Player`` on the flop against every holding and against ``QQ+, AKs`` (target about 5 ms);
* ``HandRanker.rank_many`` on 1.7 million 7-card uint8 rows.

Times are medians of wall time and of process CPU time (the CPU column is steadier on a shared machine).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from poker import Card, HandRanker, Player, Range, hand_strength, range_statistics  # noqa: E402

DECK = [Card.from_index(i) for i in range(52)]
NARROW = 'QQ+, AKs'


def medians(action: Callable[[], object], repeats: int, batch: int = 1) -> tuple[float, float]:
    """Median wall and CPU seconds per call over ``repeats`` samples of ``batch`` calls each, after one
    untimed call (calls of a few microseconds are timed in batches, so the clocks' cost does not count)."""
    action()
    wall, cpu = [], []
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        for _ in range(batch):
            action()
        wall.append((time.perf_counter() - start) / batch)
        cpu.append((time.process_time() - start_cpu) / batch)
    return float(np.median(wall)), float(np.median(cpu))


def row(label: str, times: tuple[float, float], baseline: str = '', ratio: float | None = None,
        target: str = '') -> None:
    wall, cpu = times
    shown = '' if ratio is None else f'{ratio:,.1f}x' if ratio >= 10 else f'{ratio:.2f}x' if ratio >= 0.1 else f'{ratio:.3f}x'
    print(f'{label:<58}{wall * 1e3:>11.4f}{cpu * 1e3:>11.4f}  {target:<10}{shown:>10}  {baseline}')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--repeats', type=int, default=5)
    parser.add_argument('--player-sample', type=int, default=100)
    parser.add_argument('--seed', type=int, default=2026)
    parser.add_argument('--flop-only', action='store_true', help='only the flop calls of range_statistics')
    args = parser.parse_args()
    rng = random.Random(args.seed)
    cards = rng.sample(DECK, 5)
    flop, river = cards[:3], cards
    narrow = Range.parse(NARROW)
    print(f'flop {" ".join(map(str, flop))}, river {" ".join(map(str, river))}; narrow range {NARROW!r}')
    header = f'{"case":<58}{"wall ms":>11}{"cpu ms":>11}  {"target":<10}{"ratio":>10}  baseline'
    print(header)
    print('-' * len(header))

    # 1. every holding on the flop, two cards to come, against every holding; 2. against a narrow range
    every = medians(lambda: range_statistics(board=flop), args.repeats)
    few = medians(lambda: range_statistics(board=flop, weights=narrow), args.repeats)
    row('flop, 1,176 holdings vs every holding: range_statistics', every)
    row(f'flop, 1,176 holdings vs {NARROW}: range_statistics', few, 'vs every holding (CPU)', few[1] / every[1])
    single = ''.join(str(c) for c in DECK if c not in flop and str(c)[0] == 'A')[:4]  # two aces off the board
    alone = medians(lambda: range_statistics(board=flop, weights=single), args.repeats)
    row(f'  vs one holding ({single}): what does not shrink', alone, 'vs every holding (CPU)', alone[1] / every[1])
    drawn_every = medians(lambda: range_statistics(board=flop, bins=50), args.repeats)
    drawn_few = medians(lambda: range_statistics(board=flop, weights=narrow, bins=50), args.repeats)
    row('  the same vs every holding, with histograms (bins=50)', drawn_every, 'without (CPU)',
        drawn_every[1] / every[1])
    row(f'  the same vs {NARROW}, with histograms (bins=50)', drawn_few, 'without (CPU)', drawn_few[1] / few[1])
    if args.flop_only:
        return
    holdings = range_statistics(board=flop).holdings
    sample = rng.sample(holdings.tolist(), args.player_sample)

    from poker.cards.holdings import HOLDINGS

    def loop() -> None:
        for number in sample:
            hole = [DECK[int(HOLDINGS[number][0])], DECK[int(HOLDINGS[number][1])]]
            Player(hole, flop).calculate_hand_statistics(lookahead=2)

    looped = medians(loop, 1)
    scale = len(holdings) / len(sample)
    looped = (looped[0] * scale, looped[1] * scale)
    row(f'flop: a Player loop over 1,176 holdings (timed {len(sample)}, scaled)', looped,
        'range_statistics (CPU)', looped[1] / every[1])

    # 3. river, one hand against the narrow range: eval7 and ours, pre-built cards and ranges on both sides.
    # WARM: the same board every call (the per-board memo of holding values hits: no ranking at all);
    # COLD: a new board every call (cycling through more boards than the memo keeps, so it never hits).
    hero = [c for c in DECK if c not in river][:2]
    hero_text = ''.join(map(str, hero))
    hero_cards, river_cards = tuple(hero), tuple(river)
    from poker.kernel import BOARD_MEMO_SIZE
    cold_boards = []
    while len(cold_boards) < 4 * BOARD_MEMO_SIZE:
        board = tuple(rng.sample([c for c in DECK if c not in hero], 5))
        cold_boards.append(board)
    cycle = {'i': 0}

    def next_board() -> tuple[Card, ...]:
        cycle['i'] += 1
        return cold_boards[cycle['i'] % len(cold_boards)]

    warm = medians(lambda: hand_strength(hero_cards, river_cards, narrow), 3 * args.repeats, 2000)
    cold = medians(lambda: hand_strength(hero_cards, next_board(), narrow), 3 * args.repeats, 400)
    player = Player(hero, river)
    player_warm = medians(lambda: player.calculate_hand_statistics(weights=narrow), 3 * args.repeats, 200)
    player_cold = medians(lambda: Player(hero, next_board()).calculate_hand_statistics(weights=narrow),
                          3 * args.repeats, 200)
    one = medians(lambda: range_statistics(hero_text, river, narrow), 3 * args.repeats, 20)
    whole = medians(lambda: range_statistics(None, river, narrow), args.repeats * 4)
    per_hand = (whole[0] / 1081, whole[1] / 1081)
    try:
        import eval7
        hand_range = eval7.HandRange(NARROW)
        e7_hero = [eval7.Card(str(c)) for c in hero]
        e7_board = [eval7.Card(str(c)) for c in river]
        peer = medians(lambda: eval7.py_hand_vs_range_exact(e7_hero, hand_range, e7_board), 3 * args.repeats, 2000)
        e7_boards = [[eval7.Card(str(c)) for c in board] for board in cold_boards]
        e7_cycle = {'i': 0}

        def e7_next() -> list[object]:
            e7_cycle['i'] += 1
            return e7_boards[e7_cycle['i'] % len(e7_boards)]

        peer_cold = medians(lambda: eval7.py_hand_vs_range_exact(e7_hero, hand_range, e7_next()),
                            3 * args.repeats, 400)
        row(f'river, {hero_text} vs {NARROW}: eval7 py_hand_vs_range_exact', peer)
        row('  eval7, a new board each call', peer_cold, 'eval7 (same board)', peer[1] / peer_cold[1])
        row('  hand_strength, WARM (same board: memo hit)', warm, 'eval7', peer[1] / warm[1], 'faster')
        row('  hand_strength, COLD (a new board each call)', cold, 'eval7, new boards', peer_cold[1] / cold[1],
            'faster')
        row('  Player.calculate_hand_statistics, WARM (built once)', player_warm, 'eval7', peer[1] / player_warm[1])
        row('  Player(...).calculate_hand_statistics, COLD (new board)', player_cold, 'eval7, new boards',
            peer_cold[1] / player_cold[1])
        row('  range_statistics, that one hand', one, 'eval7', peer[1] / one[1])
        row('  range_statistics, all 1,081 hands at once, per hand', per_hand, 'eval7', peer[1] / per_hand[1],
            'faster')
        # the same hand against every holding: eval7's time grows with the range, ours (warm) does not
        everything = Range.uniform()
        every_text = '22+, A2+, K2+, Q2+, J2+, T2+, 92+, 82+, 72+, 62+, 52+, 42+, 32'
        every_range = eval7.HandRange(every_text)
        assert len(every_range.hands) == 1326 and Range.parse(every_text) == everything
        peer_every = medians(lambda: eval7.py_hand_vs_range_exact(e7_hero, every_range, e7_board), 3 * args.repeats,
                             20)
        warm_every = medians(lambda: hand_strength(hero_cards, river_cards, everything), 3 * args.repeats, 2000)
        cold_every = medians(lambda: hand_strength(hero_cards, next_board(), everything), 3 * args.repeats, 400)
        row(f'river, {hero_text} vs every holding: eval7 py_hand_vs_range_exact', peer_every)
        row('  hand_strength, WARM (same board: memo hit)', warm_every, 'eval7', peer_every[1] / warm_every[1],
            'faster')
        row('  hand_strength, COLD (a new board each call)', cold_every, 'eval7', peer_every[1] / cold_every[1],
            'faster')
    except ImportError:
        print('eval7 is not installed: the river peer comparison is skipped (pip install eval7)')
        row(f'river, {hero_text} vs {NARROW}: hand_strength, WARM', warm)
        row(f'river, {hero_text} vs {NARROW}: hand_strength, COLD', cold)

    # 4. Player on the flop
    spots = [rng.sample(DECK, 5) for _ in range(40)]
    state = {'i': 0}

    def next_player(weights: object = None) -> None:
        spot = spots[state['i'] % len(spots)]
        state['i'] += 1
        Player(spot[:2], spot[2:]).calculate_hand_statistics(lookahead=2, weights=weights)

    player_all = medians(next_player, 40)
    player_few = medians(lambda: next_player(narrow), 40)
    row('Player, flop, 2 to come, vs every holding (40 spots)', player_all, '', None, '<= ~5')
    row(f'Player, flop, 2 to come, vs {NARROW}', player_few, 'vs every holding', player_all[1] / player_few[1],
        '>= 5x')
    for street, size in (('turn', 6), ('river', 7)):
        spot = rng.sample(DECK, size)
        everyone = medians(lambda: Player(spot[:2], spot[2:]).calculate_hand_statistics(), 40)
        some = medians(lambda: Player(spot[:2], spot[2:]).calculate_hand_statistics(weights=narrow), 40)
        row(f'Player, {street}, vs {NARROW}', some, f'vs every holding ({everyone[1] * 1e3:.3f} ms)',
            everyone[1] / some[1])

    # 5. the ranking hook itself
    generator = np.random.default_rng(args.seed)
    rows = np.argsort(generator.random((1_700_000, 52), dtype=np.float32), axis=1)[:, :7].astype(np.uint8)
    ranked = medians(lambda: HandRanker.rank_many(rows, validate=False), args.repeats)
    row('HandRanker.rank_many, 1.7M x 7 uint8, validate=False', ranked)
    checked = medians(lambda: HandRanker.rank_many(rows), args.repeats)
    row('HandRanker.rank_many, 1.7M x 7 uint8, validated', checked)


if __name__ == '__main__':
    main()
