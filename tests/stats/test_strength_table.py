"""Strength tables: every entry against brute force over the domain objects, resuming, manifests, dask."""

from __future__ import annotations

import itertools
import json
import signal
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import poker.stats.strength_tables as strength_table
import poker.stats.table_store as table_store
from poker import (
    Card, CardCountError, HandFactory, Player, PokerError, RankableHand, TableError, build_table, load_table,
)
from poker.stats.boards import board_strengths, boards_strengths
from poker.cards.card import format_cards
from poker.cards.isomorphism import HandIndexer

import installed
from dask_processes import fresh_cluster, group_members
from patience import GUARD, default_ctrl_c, wait_until
from tiny_tables import shrink_street

ROOT = Path(__file__).resolve().parents[2]
FACTORY = HandFactory()
REAL_CHUNK_STRENGTHS = strength_table.chunk_strengths


def cards_of(indices: object) -> list[Card]:
    return [Card.from_index(int(i)) for i in indices]  # type: ignore[attr-defined]


def river_strength(hole: list[Card], board: list[Card]) -> tuple[int, int]:
    """(2 wins + ties, opponents) of ``hole`` on a five-card ``board``, one RankableHand at a time."""
    mine = FACTORY.get_rankable_hand([*hole, *board]).value
    rest = [card for card in cards_of(range(52)) if card not in hole and card not in board]
    doubled = total = 0
    for pair in itertools.combinations(rest, 2):
        theirs = RankableHand([*pair, *board]).value
        doubled += 2 * (mine > theirs) + (mine == theirs)
        total += 1
    return doubled, total


def brute_force(hole: list[Card], board: list[Card], bins: int) -> dict[str, object]:
    """HS now, E[HS], E[HS^2] and the histogram by plain loops (used on the river and the turn)."""
    hs_doubled, opponents = river_strength(hole, board) if len(board) == 5 else _now(hole, board)
    if len(board) == 5:
        hs = hs_doubled / (2 * opponents)
        return {'hs': hs, 'equity': hs, 'mean_squared_strength': hs * hs, 'histogram': None}
    finals = []
    rest = [card for card in cards_of(range(52)) if card not in hole and card not in board]
    for runout in itertools.combinations(rest, 5 - len(board)):
        doubled, total = river_strength(hole, [*board, *runout])
        finals.append(doubled / (2 * total))
    histogram = np.zeros(bins, dtype=int)
    for value in finals:
        histogram[min(int(value * bins), bins - 1)] += 1
    return {'hs': hs_doubled / (2 * opponents), 'equity': float(np.mean(finals)),
            'mean_squared_strength': float(np.mean(np.square(finals))), 'histogram': histogram}


def _now(hole: list[Card], board: list[Card]) -> tuple[int, int]:
    mine = RankableHand([*hole, *board]).value
    rest = [card for card in cards_of(range(52)) if card not in hole and card not in board]
    values = [RankableHand([*pair, *board]).value for pair in itertools.combinations(rest, 2)]
    return sum(2 * (mine > v) + (mine == v) for v in values), len(values)


# ------------------------------------------------------------------------------------------ per board
@pytest.mark.parametrize('count, high, seed', [(0, 5, 1), (1, 5, 2), (1000, 10, 3), (200_000, 123_156_254, 4),
                                               (70_000, 1 << 33, 5)])
def test_first_of_each_is_numpys_unique(count: int, high: int, seed: int) -> None:
    numbers = np.random.default_rng(seed).integers(0, high, count)
    unique, first_seen = strength_table._first_of_each(numbers)
    expected, expected_first = np.unique(numbers, return_index=True)
    np.testing.assert_array_equal(unique, expected)
    np.testing.assert_array_equal(first_seen, expected_first)


def test_river_board_against_brute_force() -> None:
    result = board_strengths('Kd 9s 9c 4h 2d')
    rng = np.random.default_rng(1)
    for row in rng.choice(len(result.holdings), 4, replace=False):
        hole = cards_of(strength_table.HOLDINGS[result.holdings[row]])
        doubled, total = river_strength(hole, cards_of(result.boards))
        assert result.hs[row] == doubled / (2 * total) == result.equity[row]
        assert result.mean_squared_strength[row] == result.hs[row] ** 2
    assert result.histogram is None and result.runouts == 1


def test_turn_board_against_brute_force() -> None:
    result = board_strengths('Th 8h 3c 2h', bins=10)
    for hole_text in ('Ah 5d', '8c 8d'):
        row = result.row(hole_text)
        expected = brute_force(cards_of(strength_table.HOLDINGS[result.holdings[row]]),
                               cards_of(result.boards), 10)
        assert result.hs[row] == pytest.approx(expected['hs'], abs=1e-12)
        assert result.equity[row] == pytest.approx(expected['equity'], abs=1e-12)
        assert result.mean_squared_strength[row] == pytest.approx(expected['mean_squared_strength'], abs=1e-12)
        assert result.histogram is not None and result.histogram[row].tolist() == \
            expected['histogram'].tolist()  # type: ignore[union-attr]


def test_flop_board_against_player_and_the_river_engine() -> None:
    board = 'Js 7d 2c'
    result = board_strengths(board, bins=20)
    rng = np.random.default_rng(3)
    board_cards = cards_of(result.boards)
    for row in rng.choice(len(result.holdings), 3, replace=False):
        hole = cards_of(strength_table.HOLDINGS[result.holdings[row]])
        stats = Player(hole, board).calculate_hand_statistics(lookahead=2)
        assert result.hs[row] == pytest.approx(stats.hs, abs=1e-12)
        equity = stats.hs * (1 - stats.npot) + (1 - stats.hs) * stats.ppot
        assert result.equity[row] == pytest.approx(equity, abs=1e-12)
        # E[HS^2] and the histogram: the river strengths of every runout (the river engine is checked
        # against brute force above)
        doubled, _ = _now(hole, board_cards)
        assert result.hs[row] == doubled / (2 * 1081)
        rest = [c.index for c in cards_of(range(52)) if c not in hole and c not in board_cards]
        runouts = np.array(list(itertools.combinations(rest, 2)))
        finals = boards_strengths(np.column_stack([np.tile(result.boards, (len(runouts), 1)), runouts]))
        hole_number = int(result.holdings[row])
        strengths = finals.hs[finals.holdings == hole_number]
        assert len(strengths) == 1081
        assert result.mean_squared_strength[row] == pytest.approx(np.mean(strengths ** 2), abs=1e-12)
        expected = np.bincount(np.minimum((strengths * 20).astype(int), 19), minlength=20)
        assert result.histogram is not None and result.histogram[row].tolist() == expected.tolist()


# ------------------------------------------------------------------------------------------ tables
@pytest.mark.parametrize('street, boards, chunk', [('river', 600, 300), ('turn', 6, 3)])
def test_table_entries_against_brute_force(tmp_path: Path, street: str, boards: int, chunk: int) -> None:
    summary = build_table(street, tmp_path, boards=boards, chunk_boards=chunk, bins=8, workers=1, progress=False)
    assert (summary.chunks_built, summary.chunks_reused, summary.complete) == (2, 0, False)
    table = load_table(tmp_path)
    indexer = HandIndexer.for_street(street)
    rng = np.random.default_rng(11)
    assert table.index is not None and len(np.unique(table.index)) == len(table.index)
    for number in rng.choice(table.index, 2 if street == 'turn' else 5, replace=False):
        hand = indexer.unindex([number])[0]
        hole, board = cards_of(hand[:2]), cards_of(hand[2:])
        # any suit relabelling of the hand finds the same entry
        relabel = np.array([2, 0, 3, 1])
        moved = cards_of((hand >> 2) * 4 + relabel[hand & 3])
        expected = brute_force(hole, board, 8)
        for name in ('hs', 'equity', 'mean_squared_strength'):
            assert table.value(name, format_cards(moved[:2]), format_cards(moved[2:])) == \
                pytest.approx(expected[name], rel=1e-6, abs=1e-7)   # float32 on disk
        if street == 'turn':
            assert (table.histogram(format_cards(hole), format_cards(board)) * 46).round().astype(int).tolist() \
                == expected['histogram'].tolist()  # type: ignore[union-attr]


def test_flop_table_entries_against_player(tmp_path: Path) -> None:
    build_table('flop', tmp_path, boards=1, chunk_boards=1, workers=1, progress=False)
    table = load_table(tmp_path)
    assert table.index is not None
    indexer = HandIndexer.for_street('flop')
    for number in np.random.default_rng(5).choice(table.index, 3, replace=False):
        hand = indexer.unindex([number])[0]
        hole, board = format_cards(cards_of(hand[:2])), format_cards(cards_of(hand[2:]))
        stats = Player(hole, board).calculate_hand_statistics(lookahead=2)
        assert table.hs(hole, board) == pytest.approx(stats.hs, rel=1e-6)
        assert table.equity(hole, board) == pytest.approx(stats.hs * (1 - stats.npot) + (1 - stats.hs) * stats.ppot,
                                                       rel=1e-6)
        assert table.histogram(hole, board).sum() == pytest.approx(1.0)
    with pytest.raises(TableError, match='not in this partial table'):
        table.equity('AhKh', 'Qs Jd 9c')
    with pytest.raises(CardCountError):
        table.equity('AhKh', 'Qs Jd 9c 2c')


def counting(monkeypatch: pytest.MonkeyPatch, stop_after: int | None = None) -> list[tuple[int, int]]:
    """Record the chunks computed; with ``stop_after``, a Ctrl-C arrives when that many are done."""
    calls: list[tuple[int, int]] = []
    real = REAL_CHUNK_STRENGTHS

    def fake(street: str, start: int, stop: int, *args: object) -> dict[str, np.ndarray]:
        if stop_after is not None and len(calls) == stop_after:
            raise KeyboardInterrupt
        calls.append((start, stop))
        return real(street, start, stop, *args)  # type: ignore[arg-type]
    monkeypatch.setattr(strength_table, 'chunk_strengths', fake)
    return calls


def test_resume_after_a_kill(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    options = dict(boards=4, chunk_boards=4, workers=1, progress=False)
    reference = build_table('river', tmp_path / 'whole', **options)  # type: ignore[arg-type]
    assert reference.chunks_built == 1
    options['chunk_boards'] = 1
    first = counting(monkeypatch, stop_after=2)
    with pytest.raises(KeyboardInterrupt):
        build_table('river', tmp_path / 'killed', **options)  # type: ignore[arg-type]
    assert first == [(0, 1), (1, 2)]
    manifest = json.loads((tmp_path / 'killed' / 'manifest.json').read_text())
    assert sorted(manifest['chunks']) == ['0', '1']
    assert sorted(p.name for p in (tmp_path / 'killed' / 'chunks').iterdir()) == \
        ['chunk-000000.npz', 'chunk-000001.npz']   # no temporary file left behind
    # killed after a chunk file was replaced but before the manifest recorded it: that chunk proves itself, kept
    del manifest['chunks']['1']
    table_store.write_manifest(tmp_path / 'killed', manifest)
    second = counting(monkeypatch)
    summary = build_table('river', tmp_path / 'killed', **options)  # type: ignore[arg-type]
    assert second == [(2, 3), (3, 4)] and (summary.chunks_built, summary.chunks_reused) == (2, 2)
    resumed, whole = load_table(tmp_path / 'killed'), load_table(tmp_path / 'whole')
    assert resumed.index is not None and whole.index is not None
    assert resumed.index.tolist() == whole.index.tolist()  # each hand once
    for name in ('hs', 'equity', 'mean_squared_strength'):
        assert (resumed.arrays[name] == whole.arrays[name]).all()
    third = counting(monkeypatch)
    assert build_table('river', tmp_path / 'killed', **options).chunks_built == 0 and third == []  # type: ignore[arg-type]


def test_manifest_mismatch_and_altered_chunks(tmp_path: Path) -> None:
    build_table('turn', tmp_path, boards=1, chunk_boards=1, bins=5, workers=1, progress=False)
    with pytest.raises(TableError, match='built with'):
        build_table('turn', tmp_path, boards=1, chunk_boards=1, bins=6, workers=1, progress=False)
    with pytest.raises(TableError, match='built with'):
        build_table('river', tmp_path, boards=1, chunk_boards=1, workers=1, progress=False)
    chunk = tmp_path / 'chunks' / 'chunk-000000.npz'
    data = chunk.read_bytes()
    chunk.write_bytes(data[:-1] + bytes([data[-1] ^ 1]))
    with pytest.raises(TableError, match='chunk-000000.npz. does not match its checksum'):
        load_table(tmp_path)
    # the same command repairs it: that chunk alone is built again
    summary = build_table('turn', tmp_path, boards=2, chunk_boards=1, bins=5, workers=1, progress=False)
    assert (summary.chunks_built, summary.chunks_reused) == (2, 0)
    assert [line for line in summary.repairs if 'chunk-000000.npz' in line and 'checksum' in line]
    assert chunk.read_bytes() == data and load_table(tmp_path).index is not None
    with pytest.raises(TableError, match='no strength table'):
        load_table(tmp_path / 'nothing')
    for bad in (dict(bins=0), dict(boards=0), dict(chunk_boards=True), dict(workers=-1)):
        with pytest.raises(TableError):
            build_table('flop', tmp_path / 'bad', progress=False, **bad)  # type: ignore[arg-type]
    with pytest.raises(TableError, match='street'):
        build_table('preflop', tmp_path / 'bad', progress=False)


def test_a_table_of_the_old_format_is_refused_with_a_word_to_rebuild(tmp_path: Path) -> None:
    """Format 2 had no checksums (and format 1 other names): its files are refused, not misread."""
    build_table('river', tmp_path, boards=1, chunk_boards=1, workers=1, progress=False)
    manifest = json.loads((tmp_path / 'manifest.json').read_text())
    assert manifest['format_version'] == table_store.FORMAT_VERSION == 3
    assert sorted(manifest['statistics']) == ['equity', 'hs', 'mean_squared_strength']
    manifest['format_version'] = 2
    del manifest['manifest_sha256']  # format 2 had no checksum
    (tmp_path / 'manifest.json').write_text(json.dumps(manifest))
    for action in (lambda: load_table(tmp_path),
                   lambda: build_table('river', tmp_path, boards=1, chunk_boards=1, workers=1, progress=False)):
        with pytest.raises(TableError, match='format version 2; this library reads version 3: rebuild it'):
            action()

def test_assembly_of_a_finished_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hands = shrink_street('river', 2, monkeypatch)  # a river of two boards: the table completes
    part = build_table('river', tmp_path / 'part', boards=1, chunk_boards=1, workers=1, progress=False)
    assert not part.complete and not load_table(tmp_path / 'part').complete
    done = build_table('river', tmp_path / 'part', chunk_boards=1, workers=1, progress=False)
    assert (done.chunks_built, done.chunks_reused, done.complete, done.repairs) == (1, 1, True, ())
    assert sorted(p.name for p in (tmp_path / 'part').iterdir()) == \
        ['chunks', 'equity.npy', 'hs.npy', 'manifest.json', 'mean_squared_strength.npy']
    whole = load_table(tmp_path / 'part', verify='full')
    assert whole.complete and whole.index is None and whole.arrays['equity'].shape == (hands,)
    chunks = [np.load(path) for path in sorted((tmp_path / 'part' / 'chunks').iterdir())]
    for name in ('hs', 'equity', 'mean_squared_strength'):
        expected = np.zeros(hands, dtype=np.float32)
        for chunk in chunks:
            expected[chunk['index']] = chunk[name]
        assert np.load(tmp_path / 'part' / f'{name}.npy').tolist() == expected.tolist()
    # a complete table needs its chunks no more: deleting them leaves nothing to rebuild
    for path in (tmp_path / 'part' / 'chunks').iterdir():
        path.unlink()
    again = build_table('river', tmp_path / 'part', chunk_boards=1, workers=1, progress=False)
    assert (again.chunks_built, again.complete) == (0, True) and load_table(tmp_path / 'part').complete
    # a whole table is looked up by hand number directly
    monkeypatch.setattr(whole, 'number', lambda hole, board: 7)
    assert whole.row('Ah Kh', '2c 2d 2h 3h 3s') == 7
    assert whole.equity('Ah Kh', '2c 2d 2h 3h 3s') == whole.arrays['equity'][7]


def test_a_dask_cluster_gives_the_single_process_results(tmp_path: Path) -> None:
    distributed = pytest.importorskip('dask.distributed')
    options = dict(boards=3, chunk_boards=1, bins=10, progress=False)
    build_table('turn', tmp_path / 'local', workers=1, **options)  # type: ignore[arg-type]
    # processes=False: the scheduler and worker live in this process and talk in memory (no network)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        summary = build_table('turn', tmp_path / 'cluster', scheduler=cluster.scheduler_address,
                              **options)  # type: ignore[arg-type]
    assert summary.chunks_built == 3
    local, remote = load_table(tmp_path / 'local'), load_table(tmp_path / 'cluster')
    assert local.index is not None and remote.index is not None
    assert local.index.tolist() == remote.index.tolist()
    for name in ('hs', 'equity', 'mean_squared_strength', 'histogram'):
        assert (local.arrays[name] == remote.arrays[name]).all()
    assert json.loads((tmp_path / 'local' / 'manifest.json').read_text())['chunks'] == \
        json.loads((tmp_path / 'cluster' / 'manifest.json').read_text())['chunks']


@pytest.mark.skipif(not sys.platform.startswith('linux'), reason='reads /proc to see that no process is left')
def test_a_table_builds_on_fresh_dask_worker_processes_the_first_time(tmp_path: Path) -> None:
    """Issue 28: `poker table --street turn --boards 256 --scheduler ...` on a fresh `dask scheduler` and `dask
    worker --nworkers 2 --nthreads 1` ended in an AttributeError traceback on 2 of 2 fresh clusters: a worker
    thread read numpy.ma while the worker's event loop was still importing it (to send a result). Here the
    command runs once on new processes (the first run, with nothing imported) and gives the single-process
    chunks; no process is left behind."""
    pytest.importorskip('dask.distributed')
    options = ['--street', 'turn', '--boards', '128', '--chunk-boards', '32', '--bins', '10']
    with fresh_cluster(tmp_path) as (address, started):
        built = poker_command('table', '--out', str(tmp_path / 'cluster'), '--scheduler', address, *options)
    assert built.returncode == 0 and 'Traceback' not in built.stderr, \
        built.stderr + (tmp_path / 'worker.log').read_text()
    assert '4 chunks built now' in built.stdout, built.stdout
    assert poker_command('table', '--out', str(tmp_path / 'local'), '--workers', '1', *options).returncode == 0
    assert json.loads((tmp_path / 'local' / 'manifest.json').read_text())['chunks'] == \
        json.loads((tmp_path / 'cluster' / 'manifest.json').read_text())['chunks']
    assert [group_members(process.pid) for process in started] == [[], []]


def test_a_process_pool_gives_the_same_chunks(tmp_path: Path) -> None:
    options = dict(boards=2, chunk_boards=1, progress=False)
    build_table('river', tmp_path / 'one', workers=1, **options)  # type: ignore[arg-type]
    build_table('river', tmp_path / 'two', workers=2, **options)  # type: ignore[arg-type]
    assert json.loads((tmp_path / 'one' / 'manifest.json').read_text())['chunks'] == \
        json.loads((tmp_path / 'two' / 'manifest.json').read_text())['chunks']


# ------------------------------------------------------------------------------------------ command line
def poker_command(*args: str) -> subprocess.CompletedProcess[str]:
    environment = installed.environment()
    return subprocess.run([sys.executable, '-m', 'poker', *args], capture_output=True, text=True,
                          env=environment, cwd=ROOT, timeout=GUARD)


def test_command_builds_and_resumes(tmp_path: Path) -> None:
    out = str(tmp_path / 'river')
    first = poker_command('table', '--street', 'river', '--out', out, '--boards', '2', '--chunk-boards', '1',
                          '--workers', '1')
    assert first.returncode == 0 and '2 chunks built now, 0 found finished' in first.stdout
    assert first.stderr == ''  # no progress bar when piped
    again = poker_command('table', '--street', 'river', '--out', out, '--boards', '3', '--chunk-boards', '1',
                          '--workers', '1', '--json')
    assert again.returncode == 0 and json.loads(again.stdout)['built'] == 1
    assert json.loads(again.stdout)['reused'] == 2


@pytest.mark.parametrize('args', [
    ['--street', 'preflop', '--out', 'x'],
    ['--street', 'flop'],
    ['--street', 'flop', '--out', '{out}', '--bins', '0'],
    ['--street', 'flop', '--out', '{out}', '--boards', '-3'],
    ['--street', 'flop', '--out', '{out}', '--workers', '0'],
    ['--street', 'flop', '--out', '{out}', '--workers', '2', '--scheduler', 'tcp://127.0.0.1:1'],
    ['--street', 'flop', '--out', '{out}', '--bins', 'many'],
])
def test_command_errors_are_one_line(tmp_path: Path, args: list[str]) -> None:
    result = poker_command('table', *[a.format(out=tmp_path / 'out') for a in args])
    assert result.returncode == 2 and result.stderr.count('\n') == 1 and 'Traceback' not in result.stderr


def test_an_error_on_a_worker_is_one_line_naming_the_chunk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 28: the AttributeError a fresh dask worker raised reached `poker table` as a traceback (exit 1).
    Whatever a worker raises, or its executor for it, is a TableError naming the chunk: one line, exit 2."""
    from concurrent.futures import ThreadPoolExecutor

    from poker.cli import main
    real = strength_table.chunk_strengths

    def failing(street: str, start: int, stop: int, *args: object) -> dict[str, np.ndarray]:
        if start == 1:
            raise AttributeError("partially initialized module 'numpy.ma' has no attribute 'MaskedArray'")
        return real(street, start, stop, *args)  # type: ignore[arg-type]

    pool = ThreadPoolExecutor(1)  # stands for a cluster's executor: its futures raise what the work raised
    monkeypatch.setattr(strength_table, 'chunk_strengths', failing)
    monkeypatch.setattr(strength_table, '_open_executor', lambda workers, scheduler: (pool, lambda stop: None))
    try:
        status = main(['table', '--street', 'river', '--out', str(tmp_path / 'out'), '--boards', '2',
                       '--chunk-boards', '1', '--workers', '2'])
    finally:
        pool.shutdown()
    err = capsys.readouterr().err
    assert status == 2 and err.count('\n') == 1 and 'Traceback' not in err, err
    assert err.startswith("poker: error: chunk 1 (boards 1 to 1) failed on its worker: AttributeError: "
                          "\"partially initialized module 'numpy.ma'"), err
    assert 'run again to resume' in err
    with ThreadPoolExecutor(1) as given, \
            pytest.raises(TableError, match=r'^chunk 1 \(boards 1 to 1\) failed on its worker: AttributeError'):
        build_table('river', tmp_path / 'again', boards=2, chunk_boards=1, executor=given, progress=False)


def test_command_mismatch_is_one_line(tmp_path: Path) -> None:
    out = str(tmp_path / 'turn')
    assert poker_command('table', '--street', 'turn', '--out', out, '--boards', '1', '--chunk-boards', '1',
                         '--workers', '1').returncode == 0
    result = poker_command('table', '--street', 'turn', '--out', out, '--bins', '9', '--workers', '1')
    assert result.returncode == 2 and result.stderr.count('\n') == 1 and 'built with' in result.stderr


def recorded_chunks(out: Path) -> int:
    try:
        return len(json.loads((out / 'manifest.json').read_text())['chunks'])
    except (OSError, ValueError, KeyError):
        return 0


def test_ctrl_c_exits_130_keeping_finished_chunks(tmp_path: Path) -> None:
    """Ctrl-C once a chunk is recorded (seen in the manifest, however long that takes), not after a fixed time."""
    out = tmp_path / 'flop'
    environment = installed.environment()
    process = subprocess.Popen([sys.executable, '-m', 'poker', 'table', '--street', 'flop', '--out', str(out),
                                '--chunk-boards', '1', '--workers', '1'], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=environment, cwd=ROOT,
                               preexec_fn=default_ctrl_c)
    try:
        # a chunk renamed into place but not yet recorded is adopted on resume (tests/stats/test_table_faults.py), so
        # the manifest alone says what this stop keeps
        wait_until(lambda: recorded_chunks(out) or process.poll() is not None, 'chunk recorded')
        process.send_signal(signal.SIGINT)
        stdout, stderr = process.communicate(timeout=GUARD)
    finally:
        process.kill()
    assert process.returncode == 130, stderr
    assert stderr.count('\n') == 1 and 'resume' in stderr and 'Traceback' not in stderr
    manifest = json.loads((out / 'manifest.json').read_text())
    assert manifest['chunks'] and len(list((out / 'chunks').glob('chunk-*.npz'))) >= len(manifest['chunks'])


@pytest.fixture(scope='module')
def small_river_table(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp('river')
    build_table('river', out, boards=1, chunk_boards=1, workers=1, progress=False)
    return out


CARD_TEXT = st.text(alphabet='AKQJT9876543210cdhsxCDHS♠♥ ,', max_size=18)


@settings(max_examples=80, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(hole=CARD_TEXT, board=CARD_TEXT, name=st.sampled_from(['hs', 'equity', 'mean_squared_strength', 'histogram', 'x']))
def test_lookups_of_typed_text_answer_or_raise_a_poker_error(small_river_table: Path, hole: str, board: str,
                                                              name: str) -> None:
    table = load_table(small_river_table)
    try:
        value = table.histogram(hole, board) if name == 'histogram' else table.value(name, hole, board)
    except PokerError:
        return
    assert 0.0 <= value <= 1.0  # type: ignore[operator]


@pytest.mark.parametrize('board', ['Qh 7h 2c', '2c 7d Js 9h', '2c 7d Js 9h 9s'])
def test_the_table_engine_agrees_with_the_range_engine(board: str) -> None:
    """Two engines, one answer: board_strengths (sorting per final board) and range_statistics (the kernel's
    range pass) give every holding the same HS, showdown equity, E[HS^2] and histogram against every holding."""
    import numpy as np

    from poker import board_strengths, range_statistics
    table, ranges = board_strengths(board, bins=10), range_statistics(None, board, None, bins=10)
    order = np.argsort(table.holdings)
    assert np.array_equal(np.asarray(table.holdings)[order], ranges.holdings)
    assert np.array_equal(np.asarray(table.hs)[order], ranges.hs)
    assert np.array_equal(np.asarray(table.equity)[order], ranges.equity)
    assert np.allclose(np.asarray(table.mean_squared_strength)[order], ranges.mean_squared_strength, rtol=0, atol=1e-12)
    if table.histogram is not None:
        counts = np.asarray(table.histogram, dtype=float)[order]
        assert np.array_equal(counts / counts.sum(axis=1, keepdims=True), ranges.histogram)
