"""Local process pools and dask clusters, in one place: workers that leave Ctrl-C to their parent and die with it,
and a cluster reached in one line or refused in one line.

:func:`process_pool` is the :class:`concurrent.futures.ProcessPoolExecutor` every command and builder of this
library runs its local workers on. Each worker

* ignores SIGINT: Ctrl-C reaches the whole process group, and the parent alone answers it (one line, exit 130),
  not every worker with a traceback;
* dies with its parent: on Linux the kernel sends it SIGKILL when the parent dies
  (``prctl(PR_SET_PDEATHSIG)``; a parent already gone while the worker started is caught by comparing the
  parent's process id right after), elsewhere a daemon thread checks the parent's id every second. So a parent
  killed with ``kill -9`` leaves no worker computing for nobody.

>>> with process_pool(1) as pool:
...     pool.submit(abs, -3).result()
3

:func:`cluster_executor` is the executor of a ``dask.distributed`` cluster given by its scheduler's address (the
``cluster`` extra: ``pip install 'loki-holdem[cluster]'``; dask is imported only then): ``poker match
--scheduler`` runs on it. A scheduler that cannot be reached (refused, silent, not a dask scheduler) is one
error line, after at most dask's ``distributed.comm.timeouts.connect`` (the handshake included), and leaves
nothing running.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import ctypes
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator

from .errors import MissingDependencyError, PokerError
from .validators import shown

__all__ = ['cluster_executor', 'process_pool']

_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>
_POLL_SECONDS = 1.0


def process_pool(workers: int) -> concurrent.futures.ProcessPoolExecutor:
    """A pool of ``workers`` processes (at least 1) that ignore SIGINT and die when this process dies.

    Its workers start on first use, by the platform's default start method (spawn instead of forkserver,
    whose workers would be children of the server, not of this process). Shut it down as any executor
    (``with process_pool(2) as pool: ...``).
    """
    method = multiprocessing.get_start_method()
    context = multiprocessing.get_context('spawn' if method == 'forkserver' else method)
    return concurrent.futures.ProcessPoolExecutor(max_workers=max(1, int(workers)), mp_context=context,
                                                  initializer=_start_worker, initargs=(os.getpid(),))


def _start_worker(parent: int) -> None:  # pragma: no cover - runs in worker processes
    """Leave Ctrl-C to the parent, and arrange to die when the parent (process id ``parent``) dies."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith('linux'):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            watched = libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
        except (OSError, AttributeError):
            watched = False
        if watched:
            if os.getppid() != parent:  # the parent died before the request took effect
                os._exit(1)
            return
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name='parent watch').start()


def _watch_parent(parent: int) -> None:  # pragma: no cover - runs in worker processes
    while os.getppid() == parent:
        time.sleep(_POLL_SECONDS)
    os._exit(1)


@contextlib.contextmanager
def cluster_executor(scheduler: str, *,
                     error: type[PokerError] = PokerError) -> Iterator[concurrent.futures.Executor]:
    """The executor of the ``dask.distributed`` cluster whose scheduler is at ``scheduler``
    (``'tcp://host:8786'``), for the ``with`` block; its client is closed after it.

    Reaching the scheduler waits at most dask's ``distributed.comm.timeouts.connect`` (the handshake included);
    a scheduler that cannot be reached, and an address that is not text, are one ``error`` line naming it. The
    cluster's workers must be able to import this library (and any outside player's module). Within the block
    dask's loggers (``distributed``) say nothing below CRITICAL: a scheduler lost on the way cancels the futures,
    which the caller says in its own line, where dask would log tracebacks.

    >>> with cluster_executor('') as executor:
    ...     pass
    Traceback (most recent call last):
    ...
    poker.errors.PokerError: scheduler must be an address such as tcp://host:8786, got ''
    """
    if not isinstance(scheduler, str) or not scheduler.strip():
        raise error(f'scheduler must be an address such as tcp://host:8786, got {shown(scheduler)}')
    try:
        from dask.distributed import Client
    except ImportError:
        raise MissingDependencyError("a scheduler needs dask.distributed: pip install 'loki-holdem[cluster]'") \
            from None
    seconds = _scheduler_timeout()
    try:  # a failure leaves nothing running: the interpreter exits at once
        _probe_scheduler(scheduler, seconds)
        client = Client(scheduler, timeout=seconds, set_as_default=False)  # type: ignore[no-untyped-call]
    except Exception as failure:  # refused, timed out, not a dask scheduler (its answer read as anything)
        reason = 'no answer in time' if isinstance(failure, TimeoutError) else str(failure) or type(failure).__name__
        raise error(f'cannot reach the dask scheduler {shown(scheduler)}: {shown(reason, 120)}') from None
    quiet = _quiet_dask()  # a lost scheduler is the caller's one line, not dask's tracebacks
    try:
        yield client.get_executor()  # type: ignore[no-untyped-call]
    finally:
        client.close()  # type: ignore[no-untyped-call]
        for logger, level in quiet.items():
            logger.setLevel(level)


def _quiet_dask() -> dict[logging.Logger, int]:
    """Set dask's loggers (``distributed`` and those below it with a level of their own) to say nothing below
    CRITICAL; their former levels."""
    names = ['distributed', *(name for name in list(logging.root.manager.loggerDict)
                              if name.startswith('distributed.'))]
    loggers = [logging.getLogger(name) for name in names]
    former = {logger: logger.level for logger in loggers if logger.name == 'distributed' or logger.level}
    for logger in former:
        logger.setLevel(logging.CRITICAL)
    return former


def _scheduler_timeout() -> float:
    """Seconds to reach a dask scheduler: dask's ``distributed.comm.timeouts.connect`` setting."""
    import dask.config
    from dask.utils import parse_timedelta
    try:
        seconds = parse_timedelta(dask.config.get('distributed.comm.timeouts.connect'), default='seconds')
    except (TypeError, ValueError, KeyError):
        seconds = None
    return float(seconds) if isinstance(seconds, (int, float)) and 0 < seconds < 1e6 else 30.0


def _probe_scheduler(scheduler: str, seconds: float) -> None:
    """Connect to ``scheduler`` and shake hands within ``seconds`` (plus one), in a private event loop.

    dask's own connect gives up on the connection after its timeout, but waits for the handshake without
    one: a server that accepts and stays silent would hang the client for ever. Raises what the connection
    raises, or :class:`TimeoutError`; everything it opened is closed when it returns. The loop runs in a
    thread of its own, so the probe works where an event loop is already running (a notebook).
    """
    import asyncio

    from distributed.comm.core import connect

    async def shake_hands() -> None:
        comm = await connect(scheduler, timeout=seconds)  # type: ignore[no-untyped-call]
        await comm.close()

    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, asyncio.wait_for(shake_hands(), seconds + 1)).result()
