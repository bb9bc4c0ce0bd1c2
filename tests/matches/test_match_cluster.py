"""Matches spread over workers (issue 31): on a dask cluster of fresh worker processes, `poker match --scheduler`
and `match(..., executor=client.get_executor())` give the one-process result and the same log bytes; a worker
that dies while it plays is replaced and the match still gives that result; one that dies every time, a broken
process pool and a scheduler out of reach are each one error line (exit 2 on the command line)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from poker import match
from poker.cli import main
from poker.errors import PokerError
from poker.matches import duplicate
import installed
from dask_processes import fresh_cluster, group_members
from patience import GUARD, wait_until

ROOT = Path(__file__).resolve().parents[2]

MORTAL = '''
"""Seats that end the process they play in when it is a worker (MORTAL_WORKERS set): as a worker killed mid-match."""
import os

from poker.table.records import Decision


class Seat:
    def __init__(self, name, seed):
        self.name = name

    def decide(self, view):
        return Decision('call')


class Once(Seat):
    """Ends the first worker it plays in (the file 'died' marks it, in the workers' current directory)."""
    def decide(self, view):
        if os.environ.get('MORTAL_WORKERS'):
            try:
                os.close(os.open('died', os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            except FileExistsError:
                pass
            else:
                os._exit(1)
        return super().decide(view)


class Always(Seat):
    """Ends every worker it plays in."""
    def decide(self, view):
        if os.environ.get('MORTAL_WORKERS'):
            os._exit(1)
        return super().decide(view)
'''


def poker(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """``python -m poker ARGS`` in a fresh process, from ``cwd``."""
    environment = installed.environment()
    return subprocess.run([sys.executable, '-m', 'poker', *args], capture_output=True, text=True,
                          env=environment, cwd=cwd, timeout=GUARD)


def played(done: subprocess.CompletedProcess[str]) -> dict[str, object]:
    assert done.returncode == 0 and done.stderr == '', done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


@pytest.mark.skipif(not sys.platform.startswith('linux'), reason='reads /proc to see that no process is left')
def test_a_match_on_fresh_dask_worker_processes_is_the_one_process_match(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """`poker match --scheduler` and `match(executor=client.get_executor())` on a fresh `dask scheduler` and `dask
    worker --nworkers 2`: the per-deal results and the log bytes of the match played in one process (learning
    Lokis whose models travel between blocks of deals, and between processes; and chunks of fresh players)."""
    distributed = pytest.importorskip('dask.distributed')
    options = ['match', '--players', 'loki,loki-no-model', '--hands', '120', '--seed', '7', '--json']
    monkeypatch.setattr(duplicate, 'DEALS_PER_UNIT', 4)  # here, where the API's blocks are cut: 8 per seating
    with fresh_cluster(tmp_path, workers=2) as (address, started):
        cluster = poker(*options, '--log', str(tmp_path / 'cluster.log'), '--scheduler', address)
        with distributed.Client(address, set_as_default=False) as client:
            spread = match(['loki', 'random', 'station'], 30, seed=5, executor=client.get_executor(),
                           log=tmp_path / 'api-cluster.log')
            chunks = match(['random', 'maniac', 'rock'], 27, seed=9, fresh_every=5, executor=client.get_executor())
            workers = len(client.scheduler_info()['workers'])
    assert workers == 2
    one = poker(*options, '--log', str(tmp_path / 'one.log'), '--workers', '1')
    assert played(cluster) == played(one)
    assert (tmp_path / 'cluster.log').read_bytes() == (tmp_path / 'one.log').read_bytes()
    assert len((tmp_path / 'one.log').read_text().splitlines()) > 240  # a header, then every hand
    alone = match(['loki', 'random', 'station'], 30, seed=5, log=tmp_path / 'api-one.log')
    assert np.array_equal(spread.per_deal, alone.per_deal) and spread.states and len(spread.states) == 3
    assert (tmp_path / 'api-cluster.log').read_bytes() == (tmp_path / 'api-one.log').read_bytes()
    assert np.array_equal(chunks.per_deal, match(['random', 'maniac', 'rock'], 27, seed=9, fresh_every=5).per_deal)
    assert [group_members(process.pid) for process in started] == [[], []]


@pytest.mark.skipif(not sys.platform.startswith('linux'), reason='reads /proc to see that no process is left')
def test_a_worker_that_dies_is_replayed_and_one_that_always_dies_is_one_line(tmp_path: Path) -> None:
    """A worker process killed while it plays (its seat ends it): the nanny starts another, the scheduler gives it
    the same unit of work, and the match is the one-process match; a worker killed every time is dask's
    KilledWorker (after one retry here), which the command says in one line, exit 2; and so is the scheduler
    killed in the middle of a match (once the log shows a block played), where dask's client logged a traceback."""
    pytest.importorskip('dask.distributed')
    (tmp_path / 'mortal.py').write_text(MORTAL)
    options = ['match', '--players', 'loki-no-model', '--hands', '30', '--seed', '3', '--json']
    log = tmp_path / 'long.log'
    with fresh_cluster(tmp_path, workers=1, settings={'MORTAL_WORKERS': '1'},
                       scheduler_settings={'DASK_DISTRIBUTED__SCHEDULER__ALLOWED_FAILURES': '1'}) \
            as (address, started):
        once = poker(*options, '--player', 'mortal:Once', '--scheduler', address, cwd=tmp_path)
        always = poker(*options, '--player', 'mortal:Always', '--scheduler', address, cwd=tmp_path)
        with subprocess.Popen([sys.executable, '-m', 'poker', 'match', '--players', 'loki-no-model,station',
                               '--hands', '100000', '--log', str(log), '--scheduler', address],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
                              env=installed.environment()) as long:
            try:
                wait_until(lambda: log.exists() and 'STATE:' in log.read_text(), 'a block of the long match logged')
                os.kill(started[0].pid, signal.SIGKILL)
                lost = long.communicate(timeout=GUARD)
            finally:
                long.kill()
    assert (tmp_path / 'died').exists()  # a worker did die
    assert long.returncode == 2 and lost[0] == '' and lost[1].count('\n') == 1, lost[1]
    assert lost[1].startswith('poker: error: deals ') and 'was cancelled: its executor shut down or lost its ' \
        'scheduler' in lost[1], lost[1]
    assert played(once) == played(poker(*options, '--player', 'mortal:Once', '--workers', '1', cwd=tmp_path))
    assert always.returncode == 2 and always.stdout == '' and always.stderr.count('\n') == 1, always.stderr
    assert always.stderr.startswith('poker: error: deals 1 to 30 of seating ') and \
        'failed on its worker: KilledWorker: ' in always.stderr, always.stderr
    assert [group_members(process.pid) for process in started] == [[], []]


def test_a_worker_that_dies_in_a_process_pool_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """A process pool whose worker dies (BrokenProcessPool) used to end `poker match --workers 2` in a traceback."""
    (tmp_path / 'mortal.py').write_text(MORTAL)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv('MORTAL_WORKERS', '1')  # the pool's workers inherit it; this process never decides
    status = main(['match', '--players', 'station', '--player', 'mortal:Always', '--hands', '3', '--seed', '1',
                   '--workers', '2'])
    captured = capsys.readouterr()
    assert status == 2 and captured.out == '' and captured.err.count('\n') == 1, captured.err
    assert captured.err.startswith('poker: error: deals 1 to 3 of seating ') and \
        'failed on its worker: BrokenProcessPool: ' in captured.err, captured.err


def test_what_a_unit_of_work_raises_on_its_worker_is_one_poker_error_naming_its_deals(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Anything a worker raises for a unit of work (here an AttributeError, as a half-imported module gave on fresh
    dask workers in issue 28) is a one-line PokerError naming the deals; a player's PokerError stays itself."""
    real = duplicate._play_seating
    raised: list[Exception] = []

    def failing(specs: object, names: object, seating: list[int], deal_seeds: list[int], *args: object) -> object:
        if deal_seeds == seeds[2:4] and seating == [1, 0]:
            raise raised[0]
        return real(specs, names, seating, deal_seeds, *args)  # type: ignore[arg-type]

    import random
    master = random.Random(2)
    seeds = [master.randrange(1 << 32) for _ in range(4)]
    monkeypatch.setattr(duplicate, 'DEALS_PER_UNIT', 2)
    monkeypatch.setattr(duplicate, '_play_seating', failing)
    with ThreadPoolExecutor(1) as executor:
        raised[:] = [AttributeError("partially initialized module 'numpy.ma' has no attribute\n'MaskedArray'")]
        with pytest.raises(PokerError) as caught:
            match(['loki-no-model', 'station'], 4, seed=2, executor=executor)
        assert str(caught.value) == ('deals 3 to 4 of seating 2 failed on its worker: AttributeError: '
                                     '"partially initialized module \'numpy.ma\' has no attribute\\n\'MaskedArray\'"')
        raised[:] = [PokerError('the seat refused')]
        with pytest.raises(PokerError, match=r'^the seat refused$'):
            match(['loki-no-model', 'station'], 4, seed=2, executor=executor)


@pytest.mark.parametrize(('argv', 'message'), [
    (['--scheduler', 'tcp://127.0.0.1:1'], "poker: error: cannot reach the dask scheduler 'tcp://127.0.0.1:1': "),
    (['--scheduler', ' '], "poker: error: scheduler must be an address such as tcp://host:8786, got ' '"),
    (['--scheduler', 'tcp://127.0.0.1:1', '--workers', '2'], 'not allowed with argument'),
])
def test_a_scheduler_out_of_reach_is_one_line_exit_2(argv: list[str], message: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Nothing listens at the address (dask's connection timeout set to half a second here, not the 30 s default,
    which a test need not wait), no address, or a scheduler with --workers: one line, exit 2, before any play."""
    dask = pytest.importorskip('dask')
    pytest.importorskip('dask.distributed')
    with dask.config.set({'distributed.comm.timeouts.connect': '0.5s'}):
        try:
            status = main(['match', '--players', 'loki,station', '--hands', '2', *argv])
        except SystemExit as stop:  # argparse's own usage errors
            status = stop.code
    captured = capsys.readouterr()
    assert status == 2 and captured.out == '' and captured.err.count('\n') == 1, captured.err
    assert message in captured.err


@settings(max_examples=30, derandomize=True, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(address=st.one_of(st.text(max_size=30), st.from_regex(r'(tcp|tls|ws|inproc|ucx|x)://[a-z0-9.:\[\]-]{0,12}',
                                                               fullmatch=True)))
def test_any_scheduler_address_is_a_cluster_or_one_poker_error(address: str) -> None:
    """Fuzzed addresses (anything a user may type after --scheduler; nothing listens on this machine's ports here,
    dask's connection timeout set to a fifth of a second): each one PokerError line quoting it, nothing else."""
    dask = pytest.importorskip('dask')
    pytest.importorskip('dask.distributed')
    from poker.processes import cluster_executor
    with dask.config.set({'distributed.comm.timeouts.connect': '0.2s'}), pytest.raises(PokerError) as caught:
        with cluster_executor(address):
            pass
    assert '\n' not in str(caught.value) and str(caught.value).startswith(
        ('cannot reach the dask scheduler ', 'scheduler must be an address')), str(caught.value)


def test_on_an_executor_a_long_match_plays_larger_blocks_with_the_same_result(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """On an executor a seating's deals are cut into at most UNITS_PER_SEATING blocks (here 3: blocks of 4, 4 and 2
    deals where DEALS_PER_UNIT alone would give 5 blocks of 2), each a round trip less; the per-deal results, the
    states and the log are those of the match in one process (blocks of DEALS_PER_UNIT)."""
    monkeypatch.setattr(duplicate, 'DEALS_PER_UNIT', 2)
    monkeypatch.setattr(duplicate, 'UNITS_PER_SEATING', 3)
    real, blocks = duplicate._play_seating, []

    def counted(specs: object, names: object, seating: list[int], deal_seeds: list[int], *args: object) -> object:
        blocks.append((tuple(seating), len(deal_seeds)))
        return real(specs, names, seating, deal_seeds, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(duplicate, '_play_seating', counted)
    players = ['loki', 'loki-no-model']
    alone = match(players, 10, seed=12, log=tmp_path / 'one.log')
    assert sorted(blocks) == sorted([((0, 1), 2), ((1, 0), 2)] * 5)
    blocks.clear()
    with ThreadPoolExecutor(2) as executor:
        spread = match(players, 10, seed=12, executor=executor, log=tmp_path / 'spread.log')
    assert sorted(blocks) == sorted([((0, 1), 4), ((1, 0), 4)] * 2 + [((0, 1), 2), ((1, 0), 2)])
    assert np.array_equal(spread.per_deal, alone.per_deal) and spread.states == alone.states
    assert (tmp_path / 'spread.log').read_bytes() == (tmp_path / 'one.log').read_bytes()
