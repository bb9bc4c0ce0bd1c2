"""Write ``poker/ranking/_rank_tables.h``: the compact ranking tables the compiled core ranks with.

    python tools/make_rank_tables.py            # rewrite the header
    python tools/make_rank_tables.py --check    # exit 1 if the committed header differs from a fresh one

The values come from :mod:`poker.ranking.tables` (the readable tables, built from the 7,462 five-card
classes), laid out small enough to stay in a processor's cache (215 kB in all; the direct tables they
replace take 43 MB):

* ``poker_card_keys[64]``: a 64-bit key per card (and 12 zeros, so that a loop may read an index masked to
  6 bits before it checks it). The low 32 bits hold a rank key, the 13 multipliers of
  Zekyll's OMPEval, chosen so that the sums of any 0 to 7 of them (at most four alike) differ, and stay
  under 2**25. Bits 32 to 47 hold four 4-bit suit counters: a hand's key starts at ``POKER_KEY_START``
  (each counter at 3) and a card adds 1 to its suit's counter, so a counter reaches 8 (bit 3 set, tested
  with ``POKER_FLUSH_CHECK``) exactly when its suit holds five or more of the cards, whatever their number.
* ``poker_flush_values[8192]``: the best flush or straight flush of a set of ranks of one suit, by rank
  mask (:func:`~poker.ranking.tables.flush_table`).
* A perfect hash of the rank-key sums of every multiset of 5, 6 or 7 ranks (73,775 of them), split into
  a row (``sum >> POKER_HASH_SHIFT``) and a column (the low 12 bits). Each row has an offset such that
  ``poker_hash_values[poker_hash_offsets[row] + column]`` is that multiset's value and no two sums share a
  slot ("hash and displace": rows placed fullest first, each at the first offset where it fits).

The placement is deterministic, so the header is reproducible (``--check``); ``tests/ranking/test_rank_core.py``
checks every entry against the readable tables.
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if importlib.util.find_spec('poker') is None:  # a checkout with no install: its own poker/
    sys.path.insert(0, str(ROOT))

from poker.ranking.tables import RANK_KEYS, flush_table, rank_table  # noqa: E402

HEADER = ROOT / 'poker' / 'ranking' / '_rank_tables.h'
HASH_KEYS = (0x2000, 0x8001, 0x11000, 0x3A000, 0x91000, 0x176005, 0x366000, 0x41A013, 0x47802E, 0x479068,
             0x48C0E4, 0x48F211, 0x494493)
"""OMPEval's rank multipliers, deuce first (Zekyll): sums of 0 to 7 of them, at most four alike, differ."""
SUIT_SHIFT = 32
SHIFT = 12
"""Columns per row: 2**12 measured smallest in all (offsets plus values) among shifts 10 to 13."""


def multiset_keys() -> tuple[np.ndarray, np.ndarray]:
    """The rank-key sum of every multiset of 5 to 7 ranks and its value."""
    keys, values = [], []
    for size in (5, 6, 7):
        table = rank_table(size)
        for ranks in itertools.combinations_with_replacement(range(13), size):
            if max(ranks.count(r) for r in set(ranks)) > 4:
                continue
            keys.append(sum(HASH_KEYS[r] for r in ranks))
            values.append(int(table[sum(RANK_KEYS[r] for r in ranks)]))
    if len(set(keys)) != len(keys):
        raise AssertionError('two multisets share a key')  # pragma: no cover
    return np.array(keys, dtype=np.int64), np.array(values, dtype=np.int64)


def place(keys: np.ndarray, shift: int) -> tuple[list[int], int]:
    """Offsets of each row, fullest row first at the first free place, and the table length.

    ``fits[o]`` says whether the row fits at offset ``o``: the AND, over the row's columns ``c``, of the
    free slots shifted by ``c`` (one NumPy pass per column, every offset at once).
    """
    width = 1 << shift
    rows = keys >> shift
    columns = keys & (width - 1)
    order = np.argsort(rows, kind='stable')
    rows, columns = rows[order], columns[order]
    starts = np.flatnonzero(np.r_[True, rows[1:] != rows[:-1]])
    groups = np.split(columns, starts[1:])
    offsets = [0] * (int(rows.max()) + 1)
    free = np.ones(4 * len(keys) + 2 * width, dtype=bool)  # ample: tables stay near len(keys)
    length = 0
    for index in sorted(range(len(groups)), key=lambda i: (-len(groups[i]), int(rows[starts[i]]))):
        group = groups[index]
        reach = length + width  # a row always fits at the current end
        fits = free[group[0]:group[0] + reach].copy()
        for column in group[1:]:
            fits &= free[column:column + reach]
        offset = int(np.argmax(fits))
        offsets[int(rows[starts[index]])] = offset
        free[offset + group] = False
        length = max(length, offset + int(group.max()) + 1)
    return offsets, length


def c_array(kind: str, name: str, values: list[int] | list[str], per_line: int = 16) -> str:
    lines = [', '.join(str(v) for v in values[i:i + per_line]) for i in range(0, len(values), per_line)]
    body = ',\n    '.join(lines)
    return f'static const {kind} {name}[{len(values)}] = {{\n    {body}\n}};\n'


def header() -> str:
    keys, values = multiset_keys()
    offsets, length = place(keys, SHIFT)
    # Sums that no hand makes (a card given twice, unchecked) must still land inside the tables: the offsets
    # cover every row up to seven aces, and the values a full row past the furthest offset (value 0 there)
    rows = (7 * HASH_KEYS[12] >> SHIFT) + 1
    offsets += [0] * (rows - len(offsets))
    length = max(length, max(offsets) + (1 << SHIFT))
    slots = [0] * length
    for key, value in zip(keys.tolist(), values.tolist()):
        slots[offsets[key >> SHIFT] + (key & ((1 << SHIFT) - 1))] = value
    card_keys = [HASH_KEYS[c >> 2] | 1 << (SUIT_SHIFT + 4 * (c & 3)) for c in range(52)]
    parts = [
        '/* The compact ranking tables of the compiled core: generated by tools/make_rank_tables.py from\n'
        '   poker/ranking/tables.py. Do not edit; run the tool (its docstring says how the tables work). */\n',
        '#ifndef POKER_RANK_TABLES_H\n#define POKER_RANK_TABLES_H\n\n#include <stdint.h>\n',
        f'#define POKER_KEY_START 0x{0x3333 << SUIT_SHIFT:x}ULL\n'
        f'#define POKER_FLUSH_CHECK 0x{0x8888 << SUIT_SHIFT:x}ULL\n'
        f'#define POKER_SUIT_SHIFT {SUIT_SHIFT}\n#define POKER_HASH_SHIFT {SHIFT}\n'
        f'#define POKER_HASH_ROWS {len(offsets)}\n#define POKER_HASH_SLOTS {length}\n',
        c_array('uint64_t', 'poker_card_keys', [f'0x{k:x}ULL' for k in card_keys] + ['0'] * 12, 4),
        c_array('uint16_t', 'poker_flush_values', flush_table().tolist()),
        c_array('uint32_t', 'poker_hash_offsets', offsets, 12),
        c_array('uint16_t', 'poker_hash_values', slots),
        '#endif\n',
    ]
    return '\n'.join(parts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--check', action='store_true', help='compare with the committed header, write nothing')
    parser.add_argument('--sizes', action='store_true', help='print the table size of each shift and exit')
    args = parser.parse_args()
    if args.sizes:
        keys, _ = multiset_keys()
        for shift in range(10, 14):
            offsets, length = place(keys, shift)
            print(f'shift {shift:2}: {len(offsets):6} rows, {length:6} slots, '
                  f'{4 * len(offsets) + 2 * length:7} bytes')
        return 0
    text = header()
    if args.check:
        same = HEADER.exists() and HEADER.read_text() == text
        print('the header is up to date' if same else f'{HEADER} differs from a fresh build')
        return 0 if same else 1
    HEADER.write_text(text)
    print(f'wrote {HEADER.relative_to(ROOT)} ({len(text):,} characters)')
    return 0


if __name__ == '__main__':
    sys.exit(main())
