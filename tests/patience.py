"""Waiting without depending on time: what the tests use to wait for other processes.

The suite must pass on a machine at a load of 30 on two cores, where everything takes fifteen times as long as on
a quiet one. So a test never asserts how long something took, never sends a signal after a fixed delay, and
never waits a fixed time for something to happen: it waits until the thing is seen (:func:`wait_until`: a poll
of a file, a log, a process table), with :data:`GUARD` only as a guard against a hang, far above any need.
"""

from __future__ import annotations

import signal
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar('T')

GUARD = 900.0
"""Seconds a test waits for another process before it fails: a guard against a hang (which fails the test rather
than stalling the suite), not a limit. Every wait it bounds takes seconds on a quiet machine, a minute at most
at a load of 30."""

POLL = 0.05
"""Seconds between two looks at what a test waits for: the wait ends when it is seen, not after a time."""


def wait_until(look: Callable[[], T], what: str, guard: float = GUARD) -> T:
    """The first true answer of ``look()``, asked every :data:`POLL` seconds; an AssertionError naming ``what``
    if none comes within ``guard`` seconds (a hang)."""
    ends = time.monotonic() + guard
    while True:
        answer = look()
        if answer:
            return answer
        assert time.monotonic() < ends, f'no {what} after {guard:g} s'
        time.sleep(POLL)


def default_ctrl_c() -> None:
    """For ``subprocess.Popen(preexec_fn=...)``: the child starts with SIGINT's default action, whatever this
    process has (a test run started with ``nohup`` or by ``command &`` in a script ignores SIGINT, and a child
    inherits that), so that a test's Ctrl-C reaches the program as a user's would."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
