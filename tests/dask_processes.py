"""Fresh dask processes for the tests that run work on a real cluster (``poker table --scheduler``, ``poker match
--scheduler``): a scheduler and a nanny of one-thread workers, started by ``python -m dask`` as a user starts them,
each in a session of its own (so that the whole group is stopped at the end); each step waits until the process
says it is ready (:mod:`patience`), never for a fixed time.

:func:`fresh_cluster` is the whole of it: a scheduler and its workers for a ``with`` block, stopped after it.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

import installed
from patience import GUARD, wait_until



@contextlib.contextmanager
def fresh_cluster(folder: Path, workers: int = 2, settings: Mapping[str, str] | None = None,
                  scheduler_settings: Mapping[str, str] | None = None) -> Iterator[tuple[str, list[subprocess.Popen[bytes]]]]:
    """A fresh ``dask scheduler`` on the loopback and ``dask worker --nworkers WORKERS --nthreads 1`` (a nanny that
    restarts a worker that dies), logging to ``folder`` (``scheduler.log``, ``worker.log``), the workers' current
    directory ``folder``; ``settings``: more environment variables of the workers, ``scheduler_settings`` of the
    scheduler. Yields the scheduler's address and the two processes (scheduler first), each stopped with its
    whole group after the block."""
    scheduler_log, worker_log = folder / 'scheduler.log', folder / 'worker.log'
    started: list[subprocess.Popen[bytes]] = []
    try:
        started.append(dask_process(['scheduler', '--host', '127.0.0.1', '--port', '0', '--no-dashboard'],
                                    scheduler_log, folder, scheduler_settings))
        address = logged(started[0], scheduler_log, r'Scheduler at:\s+(tcp://127\.0\.0\.1:\d+)')[0]
        started.append(dask_process(['worker', address, '--nworkers', str(workers), '--nthreads', '1',
                                     '--no-dashboard', '--local-directory', str(folder / 'workers')],
                                    worker_log, folder, settings))
        logged(started[1], worker_log, r'(Registered to)', count=workers)
        yield address, started
    finally:
        for process in reversed(started):
            stop_group(process)


def dask_process(args: list[str], log: Path, cwd: Path,
                 settings: Mapping[str, str] | None = None) -> subprocess.Popen[bytes]:
    """``python -m dask ARGS`` writing to ``log``, its connection timeouts raised to the guard: dask's default
    (30 s) is not far above a start-up at a load of 30; ``settings``: more environment variables."""
    environment = installed.environment(DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT=f'{GUARD:g}s',
                                        DASK_DISTRIBUTED__DEPLOY__LOST_WORKER_TIMEOUT=f'{GUARD:g}s', **(settings or {}))
    with log.open('wb') as output:
        return subprocess.Popen([sys.executable, '-m', 'dask', *args], stdout=output, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, cwd=cwd, env=environment, start_new_session=True)


def logged(process: subprocess.Popen[bytes], log: Path, pattern: str, count: int = 1) -> list[str]:
    """The first group of each of the first ``count`` matches of ``pattern`` in ``log``, once there are that
    many; the process ending first fails the test, with its log."""
    def look() -> list[str]:
        text = log.read_text(encoding='utf-8', errors='replace')
        assert process.poll() is None, f'{process.args} ended before it was ready:\n{text}'
        found: list[str] = re.findall(pattern, text)
        return found[:count] if len(found) >= count else []
    return wait_until(look, f'{pattern!r} in {log.name}')


def group_members(group: int) -> list[int]:
    """The live processes (not zombies) of process group ``group``, from /proc."""
    members = []
    for entry in Path('/proc').glob('[0-9]*'):
        try:
            fields = (entry / 'stat').read_text().rpartition(')')[2].split()
        except OSError:
            continue
        if int(fields[2]) == group and fields[0] != 'Z':
            members.append(int(entry.name))
    return members


def stop_group(process: subprocess.Popen[bytes]) -> None:
    """Stop ``process`` and every process it started (its own group): SIGTERM, which dask answers by closing
    down, then SIGKILL for any of them still there after the guard."""
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    try:
        wait_until(lambda: process.poll() is not None and not group_members(process.pid), 'end of the group')
    finally:
        for pid in group_members(process.pid):
            os.kill(pid, signal.SIGKILL)
        process.wait()
