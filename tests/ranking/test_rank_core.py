"""The compiled ranking core (poker/ranking/_rank.c and its shipped tables) against the readable tables.

Every entry of the compact tables is checked: each multiset of 5, 6 and 7 ranks through the perfect hash,
every rank mask through the flush table, every 5-card hand, and large seeded samples of 6- and 7-card hands
in every memory layout the engines pass.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import numpy as np
import pytest

from poker import HandRanker
from poker.ranking import _rank
from poker.ranking.tables import RANK_KEYS, flush_table, rank_table

ROOT = Path(__file__).resolve().parents[2]
HEADER = (ROOT / 'poker' / 'ranking' / '_rank_tables.h').read_text()


def reference_values(rows: np.ndarray) -> np.ndarray:
    """The readable tables' value of each row, summing keys in plain Python."""
    flushes, values = flush_table(), []
    for row in rows.tolist():
        table = rank_table(len(row))
        suits = [card & 3 for card in row]
        flush = next((s for s in range(4) if suits.count(s) >= 5), None)
        if flush is None:
            values.append(int(table[sum(RANK_KEYS[card >> 2] for card in row)]))
        else:
            values.append(int(flushes[sum(1 << (card >> 2) for card in row if card & 3 == flush)]))
    return np.array(values, dtype=np.int16)


def rank(rows: np.ndarray) -> np.ndarray:
    out = np.empty(len(rows), dtype=np.int16)
    assert _rank.rank_rows(rows, out, True) == -1
    return out


def c_array(name: str) -> list[int]:
    body = re.search(rf'{name}\[\d+\] = {{(.*?)}};', HEADER, re.S)
    assert body is not None
    return [int(v.rstrip('ULL'), 0) for v in body.group(1).replace('\n', ' ').split(',')]


@pytest.mark.parametrize('size', [5, 6, 7])
def test_every_rank_multiset_of_the_perfect_hash(size: int) -> None:
    """One hand per multiset, suits dealt round (no flush): its value is the readable table's."""
    table = rank_table(size)
    rows, expected = [], []
    for ranks in itertools.combinations_with_replacement(range(13), size):
        if max(ranks.count(r) for r in set(ranks)) > 4:
            continue
        rows.append([4 * r + i % 4 for i, r in enumerate(ranks)])  # repeats are adjacent: distinct suits
        expected.append(int(table[sum(RANK_KEYS[r] for r in ranks)]))
    batch = np.array(rows, dtype=np.uint8)
    suits = batch & 3
    assert max(int((suits == s).sum(axis=1).max()) for s in range(4)) < 5  # no flushes among them
    assert len(rows) == {5: 6175, 6: 18395, 7: 49205}[size]
    np.testing.assert_array_equal(rank(batch), expected)


def test_every_flush_mask() -> None:
    """Every set of 5 to 7 ranks of one suit, in each suit, with the other cards of other suits."""
    table = flush_table()
    for size in (5, 6, 7):
        rows, padded, expected = [], [], []
        for ranks in itertools.combinations(range(13), size):
            for suit in range(4):
                other = [4 * r + (suit + 1) % 4 for r in range(13) if r not in ranks][:7 - size]
                rows.append([4 * r + suit for r in ranks])
                padded.append(rows[-1] + other)
                expected.append(int(table[sum(1 << r for r in ranks)]))
        np.testing.assert_array_equal(rank(np.array(rows, dtype=np.uint8)), expected)
        np.testing.assert_array_equal(rank(np.array(padded, dtype=np.uint8)), expected)


def test_every_five_card_hand() -> None:
    rows = np.array(list(itertools.combinations(range(52), 5)), dtype=np.uint8)
    values = rank(rows)
    assert np.bincount(values, minlength=7463)[1:].min() > 0  # every class is made
    sample = np.random.default_rng(5).choice(len(rows), 20_000, replace=False)
    np.testing.assert_array_equal(values[sample], reference_values(rows[sample]))


@pytest.mark.parametrize('size', [6, 7])
def test_seeded_samples_in_every_layout(size: int) -> None:
    rng = np.random.default_rng(size)
    rows = np.argsort(rng.random((20_000, 52)), axis=1)[:, :size].astype(np.uint8)
    expected = reference_values(rows)
    np.testing.assert_array_equal(rank(rows), expected)
    np.testing.assert_array_equal(rank(np.ascontiguousarray(rows.T).T), expected)  # the engines' layout
    np.testing.assert_array_equal(rank(rows[::-1][::-1]), expected)
    wide = np.zeros((len(rows), 2 * size), dtype=np.uint8)
    wide[:, ::2] = rows
    np.testing.assert_array_equal(rank(wide[:, ::2]), expected)  # any strides
    np.testing.assert_array_equal([HandRanker.rank_indices(row) for row in rows[:2000].tolist()], expected[:2000])


def test_the_header_is_what_the_tool_writes() -> None:
    """The shipped tables are the tool's output (regenerating takes a few seconds)."""
    import subprocess
    import sys
    result = subprocess.run([sys.executable, str(ROOT / 'tools' / 'make_rank_tables.py'), '--check'],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_sums_no_hand_makes_stay_inside_the_tables() -> None:
    """Cards given twice (unvalidated) read inside the tables: the offsets cover seven aces' rows; and any index
    below 64 (what a loop reads, masked to 6 bits, from a buffer another thread changed): keys 52 to 63 are 0."""
    keys = c_array('poker_card_keys')
    assert len(keys) == 64 and not any(keys[52:]) and all(keys[:52])
    offsets, values = c_array('poker_hash_offsets'), c_array('poker_hash_values')
    assert len(offsets) > (7 * 0x494493 >> 12)
    assert max(offsets) + (1 << 12) <= len(values)
    seven_aces = np.array([[51, 51, 51, 51, 51, 51, 51]], dtype=np.uint8)
    assert _rank.rank_rows(seven_aces, np.empty(1, dtype=np.int16), False) == -1


@pytest.mark.parametrize('bad', [[0, 1, 2, 3, 52], [0, 1, 2, 3, 255]])
def test_indices_off_the_deck_stop_before_any_table(bad: list[int]) -> None:
    rows = np.array([[0, 1, 2, 3, 4], bad], dtype=np.uint8)
    assert _rank.rank_rows(rows, np.empty(2, dtype=np.int16), False) == 1


@pytest.mark.parametrize('given', [[0, 1, 2, 3], [0, 1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 3], [0, 1, 2, 3, 52],
                                   [0, 1, 2, 3, -1], [0, 1, 2, 3, 2 ** 70], [0, 1, 2, 3, True], [0, 1, 2, 3, 4.0],
                                   (0, 1, 2, 3, np.int64(4)), 'abcde', range(5), None])
def test_rank_sequence_declines_all_but_good_lists(given: object) -> None:
    assert _rank.rank_sequence(given) == 0


def test_the_buffers_must_fit() -> None:
    with pytest.raises(ValueError):
        _rank.rank_rows(np.zeros((2, 4), dtype=np.uint8), np.empty(2, dtype=np.int16), True)
    with pytest.raises(ValueError):
        _rank.rank_rows(np.zeros((2, 5), dtype=np.int16), np.empty(2, dtype=np.int16), True)
    with pytest.raises(ValueError):
        _rank.rank_rows(np.zeros((2, 5), dtype=np.uint8), np.empty(3, dtype=np.int16), True)
