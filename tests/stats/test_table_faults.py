"""Strength tables that prove themselves: every damage named, every repair exact, real kills, no debris.

The tables here are whole rivers shrunk to two canonical boards (:mod:`tiny_tables`): complete, with final
arrays, in a fraction of a second; the build, the manifest, the checksums and the repairs are the real ones.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import poker.stats.table_store as table_store
from poker import TableError, build_table, load_table

import installed
from patience import GUARD, wait_until
from tiny_tables import DAMAGES, flip, same_table, shrink_street

ROOT = Path(__file__).resolve().parents[2]
OPTIONS = dict(chunk_boards=1, workers=1, progress=False)


@pytest.fixture
def tiny(monkeypatch: pytest.MonkeyPatch) -> int:
    return shrink_street('river', 2, monkeypatch)


@pytest.fixture
def reference(tiny: int, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp('reference')
    summary = build_table('river', out, **OPTIONS)  # type: ignore[arg-type]
    assert summary.complete and summary.chunks_built == 2
    return out


def test_every_damage_is_named_and_repaired_exactly(reference: Path, tmp_path: Path) -> None:
    """Each damage is a one-line TableError naming the file (the full check for a flipped data byte) and
    the same build command rebuilds exactly what is wrong: the damaged chunks only, the arrays from the
    chunks, and ends with the uninterrupted build's bytes."""
    for case, (damage, named, rebuilt) in DAMAGES.items():
        root = tmp_path / case.replace(' ', '-').replace(':', '')
        shutil.copytree(reference, root)
        damage(root)
        if named is not None:
            with pytest.raises(TableError, match=named.replace('.', r'\.')) as caught:
                load_table(root, verify='full')
            assert '\n' not in str(caught.value), case
        summary = build_table('river', root, **OPTIONS)  # type: ignore[arg-type]
        assert (summary.chunks_built, summary.complete) == (rebuilt, True), (case, summary)
        assert summary.repairs, case
        same_table(root, reference)
        assert load_table(root, verify='full').complete, case


def test_a_turn_table_keeps_verified_histograms(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    hands = shrink_street('turn', 1, monkeypatch)
    build_table('turn', tmp_path / 'turn', bins=5, **OPTIONS)  # type: ignore[arg-type]
    table = load_table(tmp_path / 'turn', verify='full')
    assert table.complete and table.arrays['histogram'].shape == (hands, 5)
    assert table.arrays['histogram'].dtype == np.uint8 and (table.arrays['histogram'].sum(axis=1) == 46).all()
    original = (tmp_path / 'turn' / 'histogram.npy').read_bytes()
    flip('histogram.npy', len(original) - 7)(tmp_path / 'turn')
    with pytest.raises(TableError, match=r'histogram\.npy. does not match its checksum'):
        load_table(tmp_path / 'turn', verify='full')
    summary = build_table('turn', tmp_path / 'turn', bins=5, **OPTIONS)  # type: ignore[arg-type]
    assert (summary.chunks_built, summary.complete) == (0, True)
    assert (tmp_path / 'turn' / 'histogram.npy').read_bytes() == original


def test_a_flipped_data_byte_is_found_by_the_full_check(reference: Path) -> None:
    flip('hs.npy', -100)(reference)
    assert load_table(reference).complete  # the quick check reads sizes and headers only
    with pytest.raises(TableError, match=r"hs\.npy' does not match its checksum"):
        load_table(reference, verify='full')
    with pytest.raises(TableError, match='verify'):
        load_table(reference, verify='thorough')


def test_a_partial_table_never_passes_for_complete(tiny: int, tmp_path: Path, reference: Path) -> None:
    build_table('river', tmp_path, boards=1, **OPTIONS)  # type: ignore[arg-type]
    manifest = json.loads((tmp_path / 'manifest.json').read_text())
    # a lie with a correct checksum: the arrays of the whole table recorded in a manifest of one chunk
    manifest['arrays'] = json.loads((reference / 'manifest.json').read_text())['arrays']
    for name in ('hs.npy', 'equity.npy', 'mean_squared_strength.npy'):
        shutil.copy(reference / name, tmp_path / name)
    table_store.write_manifest(tmp_path, manifest)
    with pytest.raises(TableError, match=r'manifest\.json.*arrays recorded with 1 of 2 chunks'):
        load_table(tmp_path)
    summary = build_table('river', tmp_path, boards=1, **OPTIONS)  # type: ignore[arg-type]
    assert (summary.chunks_built, summary.complete) == (0, False) and not load_table(tmp_path).complete
    # a damaged chunk of a partial table is named, then built again
    flip('chunks/chunk-000000.npz', 3000)(tmp_path)
    with pytest.raises(TableError, match=r'chunk-000000\.npz'):
        load_table(tmp_path)
    assert build_table('river', tmp_path, **OPTIONS).chunks_built == 2  # type: ignore[arg-type]
    same_table(tmp_path, reference)


@pytest.mark.parametrize('street', [['river'], {'river': 1}, None, 5])
def test_a_street_that_is_no_text_is_a_damaged_manifest(reference: Path, street: object) -> None:
    """A manifest whose checksum holds but whose street is a JSON list or object (unhashable) is damaged, as any
    other street that names none: a TableError naming the file, and a build rebuilds the manifest."""
    manifest = json.loads((reference / 'manifest.json').read_text())
    manifest['parameters']['street'] = street
    table_store.write_manifest(reference, manifest)
    with pytest.raises(TableError, match=r'damaged table manifest .*manifest\.json.*parameters'):
        load_table(reference)
    summary = build_table('river', reference, **OPTIONS)  # type: ignore[arg-type]
    assert summary.complete and 'rebuilt from the chunks' in summary.repairs[0]


def test_a_chunk_finished_but_not_recorded_is_kept(reference: Path, tmp_path: Path) -> None:
    """A stop between a chunk file's rename and the manifest's update (as Ctrl-C may land) loses nothing."""
    shutil.copytree(reference, tmp_path / 'stopped')
    root = tmp_path / 'stopped'
    manifest = json.loads((root / 'manifest.json').read_text())
    del manifest['chunks']['1'], manifest['arrays']
    for name in ('hs.npy', 'equity.npy', 'mean_squared_strength.npy'):
        (root / name).unlink()
    table_store.write_manifest(root, manifest)
    summary = build_table('river', root, **OPTIONS)  # type: ignore[arg-type]
    assert (summary.chunks_built, summary.chunks_reused, summary.complete) == (0, 2, True), summary
    assert any('chunk-000001.npz' in repair and 'kept' in repair for repair in summary.repairs), summary.repairs
    same_table(root, reference)
    flip('chunks/chunk-000001.npz', 3000)(reference)  # an unrecorded chunk that does not prove itself is rebuilt
    manifest = json.loads((reference / 'manifest.json').read_text())
    del manifest['chunks']['1'], manifest['arrays']
    table_store.write_manifest(reference, manifest)
    summary = build_table('river', reference, **OPTIONS)  # type: ignore[arg-type]
    assert (summary.chunks_built, summary.complete) == (1, True) and 'removed' in summary.repairs[0]
    same_table(reference, root)


def test_a_chunk_of_another_table_is_not_adopted(tiny: int, tmp_path: Path) -> None:
    build_table('river', tmp_path, **OPTIONS)  # type: ignore[arg-type]
    (tmp_path / 'manifest.json').unlink()
    with pytest.raises(TableError, match='holds chunks of another table'):
        build_table('river', tmp_path, chunk_boards=2, workers=1, progress=False)


def test_manifest_bit_flips_are_caught_or_harmless(reference: Path, tmp_path: Path) -> None:
    """A sample of single-bit flips of a complete table's manifest: each is a TableError naming manifest.json
    or loads exactly the original parameters and chunks; a few are then repaired to the original bytes."""
    original = (reference / 'manifest.json').read_bytes()
    expected = json.loads(original)
    rng = np.random.default_rng(18)
    root = tmp_path / 'flipped'
    shutil.copytree(reference, root)
    caught = 0
    for number, bit in enumerate(rng.choice(len(original) * 8, 300, replace=False)):
        data = bytearray(original)
        data[bit // 8] ^= 1 << (bit % 8)
        (root / 'manifest.json').write_bytes(bytes(data))
        try:
            table = load_table(root)
        except TableError as error:
            assert 'manifest.json' in str(error) and '\n' not in str(error)
            caught += 1
        else:
            assert table.manifest['parameters'] == expected['parameters']
            assert table.manifest['chunks'] == expected['chunks'] and table.complete
        if number % 60 == 0:
            summary = build_table('river', root, **OPTIONS)  # type: ignore[arg-type]
            assert summary.complete and summary.chunks_built == 0
            same_table(root, reference)
    assert caught == 300


# ------------------------------------------------------------------------------------------ debris
def test_temporary_files_of_stopped_builds_are_removed_and_live_ones_kept(reference: Path) -> None:
    dead = reference / '.equity.npy.abc123.tmp'
    dead.write_bytes(b'x' * 1000)  # nobody holds it: a killed build's
    handle, live = table_store.temporary_beside(reference / 'chunks' / 'chunk-000001.npz')
    try:  # held (locked) by a builder that is still writing it
        summary = build_table('river', reference, **OPTIONS)  # type: ignore[arg-type]
        assert not dead.exists() and Path(live).exists()
        assert summary.repairs == ('1 temporary file of a stopped build removed',)
    finally:
        os.close(handle)
    build_table('river', reference, **OPTIONS)  # type: ignore[arg-type]
    assert not Path(live).exists()


def run_tiny(out: Path, stall: str) -> subprocess.Popen[str]:
    environment = installed.environment(ROOT / 'tests', STALL=stall)
    return subprocess.Popen([sys.executable, str(ROOT / 'tests' / 'tiny_tables.py'), 'river', '2', '--', 'table',
                             '--street', 'river', '--out', str(out), '--chunk-boards', '1', '--workers', '1'],
                            stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=environment)


def kill_when_stalled(process: subprocess.Popen[str]) -> None:
    assert process.stderr is not None
    line = process.stderr.readline()
    assert line == 'stalled\n', line + process.stderr.read()
    process.kill()
    process.wait()


def test_builds_killed_twice_resume_to_the_same_bytes_and_leave_no_debris(reference: Path, tmp_path: Path) -> None:
    """kill -9 while a chunk is computed, then again while the final arrays are written: the resumed build
    removes the killed one's temporary files and ends byte-identical to an uninterrupted build."""
    out = tmp_path / 'killed'
    kill_when_stalled(run_tiny(out, 'chunk'))
    manifest = json.loads((out / 'manifest.json').read_text())
    assert sorted(manifest['chunks']) == ['0'] and 'arrays' not in manifest
    kill_when_stalled(run_tiny(out, 'assemble'))
    debris = sorted(path.name for path in out.glob('.*.tmp'))
    assert len(debris) == 3 and not load_table(out).complete
    summary = build_table('river', out, **OPTIONS)  # type: ignore[arg-type]
    assert summary.complete and summary.chunks_built == 0
    assert summary.repairs == ('3 temporary files of a stopped build removed',)
    assert list(out.glob('.*.tmp')) == [] and list((out / 'chunks').glob('.*.tmp')) == []
    same_table(out, reference)


def children(parent: int) -> set[int]:
    found = set()
    for entry in Path('/proc').iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / 'stat').read_text().rpartition(')')[2].split()
            except OSError:
                continue
            if int(fields[1]) == parent:
                found.add(int(entry.name))
    return found


def running(pids: set[int]) -> list[int]:
    """The processes of ``pids`` still running (a zombie, dead but not yet reaped, is not)."""
    alive = []
    for pid in pids:
        try:
            state = Path(f'/proc/{pid}/stat').read_text().rpartition(')')[2].split()[0]
        except OSError:
            continue
        if state != 'Z':
            alive.append(pid)
    return alive


@pytest.mark.skipif(not sys.platform.startswith('linux'), reason='reads /proc; elsewhere a thread polls the parent')
def test_pool_workers_die_with_their_parent(tmp_path: Path) -> None:
    """kill -9 of a table build once its two pool workers are seen (however long they take to start): both end
    (seen gone, however long that takes; a guard against their living on)."""
    environment = installed.environment()
    process = subprocess.Popen([sys.executable, '-m', 'poker', 'table', '--street', 'flop', '--out',
                                str(tmp_path / 'flop'), '--chunk-boards', '1', '--workers', '2'],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment)
    try:
        workers = wait_until(lambda: found if len(found := children(process.pid)) >= 2 else set(),
                             'two pool workers')
        assert len(workers) == 2
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
    try:
        wait_until(lambda: not running(workers), 'end of the killed build\'s workers')
    finally:
        for pid in running(workers):
            os.kill(pid, signal.SIGKILL)


# ------------------------------------------------------------------------------------------ dask
DASK_FAILURES = r'''
import socket, sys, threading
from poker import TableError, build_table
silent = socket.create_server(('127.0.0.1', 0))        # accepts, never answers
talker = socket.create_server(('127.0.0.1', 0))        # answers, but not as dask does
refused = socket.create_server(('127.0.0.1', 0)); closed = refused.getsockname()[1]; refused.close()
held = []
def serve(server, answer):
    while True:
        connection, _ = server.accept(); held.append(connection)
        if answer:
            connection.sendall(b'HTTP/1.1 400 Bad Request\r\n\r\n' * 4)
for server, answer in ((silent, False), (talker, True)):
    threading.Thread(target=serve, args=(server, answer), daemon=True).start()
for port in (silent.getsockname()[1], talker.getsockname()[1], closed):
    try:
        build_table('river', sys.argv[1] + str(port), boards=1, chunk_boards=1, scheduler=f'tcp://127.0.0.1:{port}',
                    progress=False)
    except TableError as error:
        print(str(error)[:60], file=sys.stderr, flush=True)
left = [thread.name for thread in threading.enumerate() if thread is not threading.main_thread() and not thread.daemon]
print('done', left, file=sys.stderr, flush=True)
'''


def test_a_failed_dask_scheduler_is_one_error_and_the_interpreter_exits_at_once(tmp_path: Path) -> None:
    '''A scheduler that is silent, that answers as something else, or that is not there: each a one-line
    TableError, the silent one after dask's connection timeout (here 0.5 s), not never; and the interpreter has
    nothing left to wait for when it exits (no thread but daemons: it used to wait for dask's). Times are not
    measured: the test waits for each line, with a guard against a hang.'''
    pytest.importorskip('dask.distributed')
    environment = installed.environment(DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT='0.5s')
    result = subprocess.run([sys.executable, '-c', DASK_FAILURES, str(tmp_path / 'out')],
                            capture_output=True, text=True, env=environment, timeout=GUARD)
    lines = result.stderr.splitlines()
    assert result.returncode == 0 and len(lines) == 4 and lines[-1] == 'done []', lines
    assert all(line.startswith('cannot reach the dask scheduler') for line in lines[:3]), lines
