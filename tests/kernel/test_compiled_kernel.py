"""The compiled count (poker/kernel/_count.c) against the NumPy grid it replaces for HandRanker, exactly.

The grid path (``outcome_grid``) is what a ranker subclass takes; a subclass that only calls
``HandRanker.rank_many`` is such a ranker, so comparing the two paths through it compares the compiled loop
with the grid on the same numbers. The plain-loop reference (poker.stats.reference) is compared with Player,
which takes the compiled path, in tests/stats/test_statistics.py.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from poker import HandRanker
from poker.kernel import _count
from poker.kernel.one_hand import holding_outcomes, outcome_grid, tally


class Plain(HandRanker):
    """HandRanker's values through the hook: the grid path."""

    @classmethod
    def rank_many(cls, indices: np.ndarray, *, validate: bool = True) -> np.ndarray:  # type: ignore[override]
        return super().rank_many(indices, validate=validate)


def spots(board_size: int, count: int, seed: int) -> list[tuple[list[int], list[int]]]:
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        cards = rng.sample(range(52), 2 + board_size)
        found.append((cards[:2], cards[2:]))
    return found


def test_inline_ranking_is_on_for_handranker_only() -> None:
    assert HandRanker.INLINE_RANKING and not Plain.INLINE_RANKING

    class Counted(Plain):
        pass

    assert not Counted.INLINE_RANKING


@pytest.mark.parametrize('board_size, lookahead, seed', [(3, 2, 1), (3, 1, 2), (4, 1, 3)])
def test_every_holding_counts_as_the_grid_does(board_size: int, lookahead: int, seed: int) -> None:
    for hole, board in spots(board_size, 3 if lookahead == 2 else 8, seed):
        fast = holding_outcomes(hole, board, lookahead)
        grid = outcome_grid(hole, board, lookahead, Plain).outcomes()
        np.testing.assert_array_equal(fast.holdings, grid.holdings)
        np.testing.assert_array_equal(fast.now, grid.now)
        np.testing.assert_array_equal(fast.later, grid.later)
        assert fast.runouts == grid.runouts == math.comb(52 - 2 - board_size - 2, lookahead)
        assert (fast.later.sum(axis=1) == fast.runouts).all()


def test_chosen_rows_and_weighted_narrow_ranges() -> None:
    hole, board = [51, 47], [4, 21, 34]  # As Ks on 3c 7d Jh
    rows = np.array([0, 5, 77, 500, 1080])
    fast, grid = holding_outcomes(hole, board, 2, rows=rows), outcome_grid(hole, board, 2, Plain, rows).outcomes()
    np.testing.assert_array_equal(fast.holdings, grid.holdings)
    np.testing.assert_array_equal(fast.later, grid.later)
    rng = np.random.default_rng(7)
    sets = rng.random((2, 1326)) * (rng.random((2, 1326)) < 0.05)  # weighted and narrow
    for lookahead in (1, 2):
        ours, theirs = tally(hole, board, lookahead, sets), tally(hole, board, lookahead, sets, Plain)
        np.testing.assert_array_equal(ours.now, theirs.now)
        np.testing.assert_allclose(ours.transitions, theirs.transitions, rtol=1e-12)


def test_board_pairs_flushes_and_straights() -> None:
    """Boards that make quads, full houses, flushes and wheels likely: every value path of the tables."""
    for hole, board in ([[0, 1], [2, 3, 48]], [[48, 44], [40, 36, 0]], [[12, 13], [4, 8, 50]],
                        [[50, 46], [42, 38, 2]]):
        for lookahead in (1, 2):
            fast = holding_outcomes(hole, board, lookahead)
            np.testing.assert_array_equal(fast.later, outcome_grid(hole, board, lookahead, Plain).outcomes().later)


def test_the_loop_refuses_what_it_cannot_count() -> None:
    out, now = np.empty((1081, 3), dtype=np.int32), np.empty(1081, dtype=np.int8)
    cards = bytes(c for c in range(52) if c not in (0, 1, 2, 3, 4))
    with pytest.raises(ValueError):
        _count.later_counts(bytes([2, 3, 4]), bytes([0, 1]), cards, 3, out, now)
    with pytest.raises(ValueError):
        _count.later_counts(bytes([2, 3, 60]), bytes([0, 1]), cards, 2, out, now)
    with pytest.raises(ValueError):
        _count.later_counts(bytes([2, 3, 4]), bytes([0, 1]), cards, 2, np.empty((1080, 3), dtype=np.int32), now)
    with pytest.raises(ValueError):
        _count.later_counts(bytes([2, 3, 4]), bytes([0, 1]), cards, 2, out, now[:-1])
    _count.later_counts(bytes([2, 3, 4]), bytes([0, 1]), cards, 2, out, now)
    assert (out.sum(axis=1) == 990).all() and set(now.tolist()) <= {0, 1, 2}
