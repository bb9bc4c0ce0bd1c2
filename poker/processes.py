"""Local process pools, in one place: workers that leave Ctrl-C to their parent and die with it.

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
"""

from __future__ import annotations

import concurrent.futures
import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time

__all__ = ['process_pool']

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
