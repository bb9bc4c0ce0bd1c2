"""A whole strength table in a blink: the river shrunk to its first canonical boards, for the fault tests.

:func:`shrink_river` makes :func:`poker.build_table` see a river of ``boards`` canonical boards whose hands are
numbered 0 to n - 1 (the real hands of those boards, renumbered), so a *complete* table (final arrays and
all) takes a fraction of a second. Every other part of the build, the manifest, the checksums, the repairs,
runs as on a real table. ``python tests/tiny_tables.py BOARDS -- ARGS`` runs ``poker ARGS`` so shrunk (for
the tests and ``bench/table_trial.py`` that kill and resume real processes).
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

import poker.stats.strength_tables as strength_tables

REAL_CHUNK_STRENGTHS = strength_tables.chunk_strengths


def shrink_river(boards: int = 2, patch: Any = None) -> int:
    """Shrink the river to its first ``boards`` canonical boards (``patch``: a pytest monkeypatch, else set
    the module's names directly); returns the number of hands."""
    numbers = np.unique(np.concatenate([REAL_CHUNK_STRENGTHS('river', board, board + 1)['index']
                                        for board in range(boards)]))
    hands = len(numbers)

    def sizes(street: str) -> tuple[int, int]:
        assert street == 'river'
        return boards, hands

    def renumbered(street: str, start: int, stop: int, *args: Any) -> dict[str, np.ndarray]:
        arrays = REAL_CHUNK_STRENGTHS(street, start, stop, *args)
        arrays['index'] = np.searchsorted(numbers, arrays['index']).astype(np.uint32)
        return arrays

    for name, value in (('_street_sizes', sizes), ('chunk_strengths', renumbered)):
        if patch is not None:
            patch.setattr(strength_tables, name, value)
        else:
            setattr(strength_tables, name, value)
    return hands


if __name__ == '__main__':
    from poker.cli import main
    shrink_river(int(sys.argv[1]))
    sys.exit(main(sys.argv[3:]))
