"""A whole strength table in a blink: a street shrunk to its first canonical boards, for the fault tests.

:func:`shrink_street` makes :func:`poker.build_table` see a street of ``boards`` canonical boards whose hands
are numbered 0 to n - 1 (the real hands of those boards, renumbered), so a *complete* table (final arrays and
all) takes a fraction of a second on the river. Every other part of the build, the manifest, the checksums,
the repairs, runs as on a real table. ``python tests/tiny_tables.py STREET BOARDS -- ARGS`` runs ``poker ARGS``
with STREET so shrunk (for
the tests and ``bench/table_trial.py`` that kill and resume real processes); with ``STALL=chunk`` in the
environment it stops for good (printing ``stalled`` on stderr) when asked for its last chunk, with
``STALL=assemble`` when the final arrays are written but not yet in place: the moments to kill it.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

import poker.stats.strength_tables as strength_tables
import poker.stats.table_store as table_store

REAL_CHUNK_STRENGTHS = strength_tables.chunk_strengths


def shrink_street(street: str = 'river', boards: int = 2, patch: Any = None) -> int:
    """Shrink ``street`` to its first ``boards`` canonical boards (``patch``: a pytest monkeypatch, else set
    the module's names directly); returns the number of hands."""
    numbers = np.unique(np.concatenate([REAL_CHUNK_STRENGTHS(street, board, board + 1)['index']
                                        for board in range(boards)]))
    hands = len(numbers)
    real_sizes = table_store.street_sizes

    def sizes(asked: str) -> tuple[int, int]:
        return (boards, hands) if asked == street else real_sizes(asked)

    def renumbered(street: str, start: int, stop: int, *args: Any) -> dict[str, np.ndarray]:
        arrays = REAL_CHUNK_STRENGTHS(street, start, stop, *args)
        arrays['index'] = np.searchsorted(numbers, arrays['index']).astype(np.uint32)
        return arrays

    for module, name, value in ((table_store, 'street_sizes', sizes), (strength_tables, 'chunk_strengths', renumbered)):
        if patch is not None:
            patch.setattr(module, name, value)
        else:
            setattr(module, name, value)
    return hands


# ------------------------------------------------------------------------------------------ damages
FILES = ('manifest.json', 'hs.npy', 'equity.npy', 'mean_squared_strength.npy',
         'chunks/chunk-000000.npz', 'chunks/chunk-000001.npz')
"""The files of a complete two-board river table."""


def same_table(left: Path, right: Path, files: Sequence[str] = FILES) -> None:
    """Byte-identical arrays and chunks, and the same manifest content."""
    for name in files[1:]:
        assert (left / name).read_bytes() == (right / name).read_bytes(), name
    assert json.loads((left / 'manifest.json').read_text()) == json.loads((right / 'manifest.json').read_text())


def edit_manifest(change: Callable[[dict[str, object]], None]) -> Callable[[Path], None]:
    def damage(root: Path) -> None:
        manifest = json.loads((root / 'manifest.json').read_text())
        change(manifest)
        (root / 'manifest.json').write_text(json.dumps(manifest))
    return damage


def flip(name: str, offset: int) -> Callable[[Path], None]:
    """Flip a bit of byte ``offset`` of file ``name`` (negative: from the end, in the data of an array)."""
    def damage(root: Path) -> None:
        data = bytearray((root / name).read_bytes())
        data[offset] ^= 0x10
        (root / name).write_bytes(bytes(data))
    return damage


def truncate(root: Path) -> None:
    path = root / 'equity.npy'
    path.write_bytes(path.read_bytes()[:-100])


def set_chunk(value: object) -> Callable[[dict[str, object]], None]:
    def change(manifest: dict[str, object]) -> None:
        manifest['chunks'] = value(manifest['chunks']) if callable(value) else value
    return change


# name: (damage, the file load_table names, chunks built by the repair): every damage issue 18 lists
DAMAGES: dict[str, tuple[Callable[[Path], None], str | None, int]] = {
    'array deleted': (lambda root: (root / 'equity.npy').unlink(), 'equity.npy', 0),
    'array truncated': (truncate, 'equity.npy', 0),
    'array header damaged': (flip('equity.npy', 20), 'equity.npy', 0),
    'array data byte flipped': (flip('hs.npy', -100), 'hs.npy', 0),
    'street edited': (edit_manifest(lambda m: m['parameters'].update(street='flop' if m['parameters']['street']
                                                                     == 'turn' else 'turn')), 'manifest.json', 0),
    'bins edited': (edit_manifest(lambda m: m['parameters'].update(bins=10)), 'manifest.json', 0),
    'complete: true added': (edit_manifest(lambda m: m.update(complete=True)), 'manifest.json', 0),
    'chunk key abc': (edit_manifest(set_chunk(lambda c: {'abc': c['0'], '1': c['1']})), 'manifest.json', 0),
    'chunks a list': (edit_manifest(set_chunk(lambda c: list(c.values()))), 'manifest.json', 0),
    'chunk entry without sha256': (edit_manifest(lambda m: m['chunks']['1'].pop('sha256')), 'manifest.json', 0),
    'manifest deleted': (lambda root: (root / 'manifest.json').unlink(), 'manifest.json', 0),
    'manifest not JSON': (lambda root: (root / 'manifest.json').write_text('{"format'), 'manifest.json', 0),
    'chunk data damaged': (flip('chunks/chunk-000001.npz', 3000), None, 1),
    'chunk damaged and array deleted': (lambda root: (flip('chunks/chunk-000000.npz', 3000)(root),
                                                      (root / 'hs.npy').unlink()), 'hs.npy', 1),
    'chunk deleted and array damaged': (lambda root: ((root / 'chunks/chunk-000000.npz').unlink(),
                                                      flip('equity.npy', -200)(root)), 'equity.npy', 1),
}


def _stall() -> None:
    print('stalled', file=sys.stderr, flush=True)
    time.sleep(600)


def stall_at(moment: str, boards: int) -> None:
    """Stop for good at ``moment`` (``'chunk'``: the last chunk; ``'assemble'``: arrays written, not moved)."""
    if moment == 'chunk':
        shrunk = strength_tables.chunk_strengths

        def stalling(street: str, start: int, stop: int, *args: Any) -> dict[str, np.ndarray]:
            if stop == boards:
                _stall()
            return shrunk(street, start, stop, *args)
        strength_tables.chunk_strengths = stalling  # type: ignore[assignment]
    elif moment == 'assemble':
        real = strength_tables.sha256_of

        def stalling_sha256(path: Path) -> str:
            if path.name.endswith('.tmp'):
                _stall()
            return real(path)
        strength_tables.sha256_of = stalling_sha256


if __name__ == '__main__':
    from poker.cli import main
    shrink_street(sys.argv[1], int(sys.argv[2]))
    stall_at(os.environ.get('STALL', ''), int(sys.argv[2]))
    sys.exit(main(sys.argv[4:]))
