"""Compute the exact all-in equity of every starting-hand class against one random holding.

Usage: python tools/make_preflop_equity.py [--out poker/stats/data/preflop_equity.csv] [--batch 500]

For one holding, the showdowns are every opponent holding without its cards (C(50, 2) = 1,225) times
every board without the four hole cards (C(48, 5) = 1,712,304): 2,097,572,400. Instead of dealing them
holding by holding, the tool turns the loops around: for each board it ranks all C(47, 2) = 1,081
holdings the board leaves at once, and counts for each holding the holdings it beats and ties that
share no card with it (:func:`poker.kernel.showdowns.holding_showdowns`: one sort plus inclusion-exclusion).
Boards that differ only by a permutation of the suits give the same totals per class, so only one board
per suit orbit is ranked (134,459 of the 2,598,960) and its totals are multiplied by the orbit's size.

Every holding of a class has the same counts against a random holding (a suit permutation maps one to
another), so the tool divides each class total by the class size, checks that it divides exactly, and
writes per-holding integer counts: wins, ties and losses of 2,097,572,400 showdowns.
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if importlib.util.find_spec('poker') is None:  # a checkout with no install: its own poker/
    sys.path.insert(0, str(ROOT))

from poker.ranking.ranker import HandRanker, card_columns  # noqa: E402
from poker.stats.preflop_odds import EQUITY_TABLE_PATH, SHOWDOWNS_PER_HOLDING, write_equity_table  # noqa: E402
from poker.cards.holdings import pair_numbers  # noqa: E402
from poker.kernel.showdowns import holding_showdowns, pairs_of  # noqa: E402
from poker.cards.starting_hand import CLASS_OF_HOLDING, HAND_CLASSES, class_size  # noqa: E402

SUIT_PERMUTATIONS = list(itertools.permutations(range(4)))


def board_orbits() -> tuple[np.ndarray, np.ndarray]:
    """One five-card board per suit orbit (the one with the smallest card mask) and each orbit's size."""
    boards = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(52), 5)),
                         dtype=np.int8).reshape(-1, 5).astype(np.intp)
    smallest = None
    for permutation in SUIT_PERMUTATIONS:
        image = np.array([(card & ~3) | permutation[card & 3] for card in range(52)])
        masks = np.left_shift(np.int64(1), image[boards].astype(np.int64)).sum(axis=1)
        smallest = masks if smallest is None else np.minimum(smallest, masks)
    representatives, sizes = np.unique(smallest, return_counts=True)
    bits = (representatives[:, None] >> np.arange(52)) & 1
    cards = np.nonzero(bits)[1].reshape(-1, 5)
    return cards, sizes


def class_totals(boards: np.ndarray, sizes: np.ndarray, batch: int, progress: bool) -> tuple[np.ndarray, ...]:
    """Wins and ties of all holdings of each class, summed over all boards (orbit sizes as multipliers)."""
    pairs = pairs_of(47)
    wins = np.zeros(len(HAND_CLASSES))
    ties = np.zeros(len(HAND_CLASSES))
    started = time.perf_counter()
    for start in range(0, len(boards), batch):
        chunk, multiplicity = boards[start:start + batch], sizes[start:start + batch].astype(np.float64)
        present = np.zeros((len(chunk), 52), dtype=bool)
        np.put_along_axis(present, chunk, True, axis=1)
        rest = np.nonzero(~present)[1].reshape(len(chunk), 47)
        low, high = rest[:, pairs[:, 0]], rest[:, pairs[:, 1]]
        board = np.repeat(chunk, low.shape[1], axis=0)  # each board once per holding it leaves
        hands = card_columns([], *board.T, low.ravel(), high.ravel())
        values = HandRanker.rank_many(hands, validate=False).reshape(low.shape)
        beaten, tied = holding_showdowns(values)
        classes = CLASS_OF_HOLDING[pair_numbers(low, high)].ravel()
        wins += np.bincount(classes, weights=(beaten * multiplicity[:, None]).ravel(), minlength=len(wins))
        ties += np.bincount(classes, weights=(tied * multiplicity[:, None]).ravel(), minlength=len(ties))
        if progress and (start // batch) % 20 == 0:
            done = min(start + batch, len(boards))
            print(f'{done:>7,} / {len(boards):,} boards, {time.perf_counter() - started:6.1f} s', file=sys.stderr)
    return wins, ties


def per_holding(totals: np.ndarray) -> list[int]:
    """Class totals divided by class sizes, which must divide them exactly."""
    counts = []
    for name, total in zip(HAND_CLASSES, totals):
        whole, size = int(total), class_size(name)
        if whole != total or whole % size:
            raise SystemExit(f'{name}: total {total} is not a whole multiple of its {size} holdings')
        counts.append(whole // size)
    return counts


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--out', type=Path, default=EQUITY_TABLE_PATH)
    parser.add_argument('--batch', type=int, default=500, help='boards ranked per NumPy batch')
    parser.add_argument('--quiet', action='store_true')
    args = parser.parse_args(argv[1:])
    started = time.perf_counter()
    boards, sizes = board_orbits()
    if int(sizes.sum()) != 2_598_960:
        raise SystemExit(f'suit orbits cover {sizes.sum()} boards, not 2,598,960')
    print(f'{len(boards):,} board orbits ({time.perf_counter() - started:.1f} s)', file=sys.stderr)
    wins, ties = class_totals(boards, sizes, args.batch, not args.quiet)
    win, tie = per_holding(wins), per_holding(ties)
    rows = [(name, w, t, SHOWDOWNS_PER_HOLDING - w - t) for name, w, t in zip(HAND_CLASSES, win, tie)]
    weighted = sum(class_size(name) * (2 * w + t) for name, w, t, _ in rows)
    if weighted != 1326 * SHOWDOWNS_PER_HOLDING:
        raise SystemExit(f'the average equity is not exactly 1/2: {weighted} != {1326 * SHOWDOWNS_PER_HOLDING}')
    write_equity_table(rows, args.out)
    print(f'wrote {args.out} in {time.perf_counter() - started:.1f} s', file=sys.stderr)


if __name__ == '__main__':
    main(sys.argv)
