"""Speed of the preflop and opponent-model engines against straightforward baselines, same run.

    python bench/preflop.py [--repeat 5]

Rows: exact equity of one hand against one opponent holding (all 1,712,304 boards) against ranking
both hands with ``HandRanker.rank_many`` board by board; the strengths of all 1,326 holdings on a flop
(sort + inclusion-exclusion) against the plain 1,326 x 1,326 comparison matrix; and the uniform
preflop equity from the shipped table.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from poker import HandRanker, OpponentModel, StartingHand, parse_cards, preflop_equity  # noqa: E402
from poker.cards.holdings import HOLDINGS  # noqa: E402
from timing import median_seconds  # noqa: E402


def brute_force_one_holding(hero: list[int], villain: list[int]) -> tuple[int, int]:
    rest = [c for c in range(52) if c not in hero + villain]
    boards = np.fromiter(itertools.chain.from_iterable(itertools.combinations(rest, 5)), dtype=np.int64)
    boards = boards.reshape(-1, 5)
    ours = HandRanker.rank_many(np.column_stack([boards, np.tile(hero, (len(boards), 1))]))
    theirs = HandRanker.rank_many(np.column_stack([boards, np.tile(villain, (len(boards), 1))]))
    return int((ours > theirs).sum()), int((ours == theirs).sum())


def matrix_strengths(board: list[int]) -> np.ndarray:
    touching = np.isin(HOLDINGS, board).any(axis=1)
    values = np.zeros(1326, dtype=np.int64)
    rows = np.flatnonzero(~touching)
    values[rows] = HandRanker.rank_many(np.column_stack([HOLDINGS[rows], np.tile(board, (len(rows), 1))]))
    share = (HOLDINGS[:, None, :, None] == HOLDINGS[None, :, None, :]).any(axis=(2, 3))
    live = ~share & ~touching[None, :]
    beaten = ((values[:, None] > values[None, :]) & live).sum(axis=1)
    tied = ((values[:, None] == values[None, :]) & live).sum(axis=1)
    return (beaten + tied / 2) / live.sum(axis=1)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--repeat', type=int, default=5)
    args = parser.parse_args(argv[1:])
    hero, villain = [c.index for c in parse_cards('Ah Kh')], [c.index for c in parse_cards('Qc Qd')]
    one_hot = np.zeros(1326)
    one_hot[StartingHand.parse('Qc Qd').holding_index] = 1
    flop = [c.index for c in parse_cards('Qh Jd 2c')]
    model = OpponentModel()
    rows = [
        ('exact AhKh vs QcQd, 1,712,304 boards', lambda: preflop_equity('Ah Kh', one_hot),
         lambda: brute_force_one_holding(hero, villain)),
        ('HS of all 1,326 holdings on a flop', lambda: model.strengths('Qh Jd 2c'),
         lambda: matrix_strengths(flop)),
        ('uniform preflop equity (table)', lambda: preflop_equity('Ah Kh'),
         lambda: preflop_equity('Ah Kh', method='sampled', samples=100_000)),
    ]
    print(f'{"task":<40}{"poker (ms)":>12}{"baseline (ms)":>15}{"ratio":>9}')
    for name, fast, slow in rows:
        ours, theirs = median_seconds(fast, args.repeat, warm=True), median_seconds(slow, args.repeat, warm=True)
        print(f'{name:<40}{1000 * ours:>12.2f}{1000 * theirs:>15.2f}{theirs / ours:>8.1f}x')
    print('baselines: rank_many board by board; the 1,326 x 1,326 matrix; 100,000 sampled showdowns')


if __name__ == '__main__':
    main(sys.argv)
