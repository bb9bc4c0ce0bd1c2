"""Names imported on first use, one import at a time: the lazy names of ``poker`` and ``poker.stats`` (PEP 562).

``import poker`` imports no wing; reading ``poker.equity`` imports the modules it needs then. Threads that
read such names for the first time at once would import wings at once, and CPython's import locks do not
keep that sound: a thread that imports a module of a wing while another thread is still importing the
wing's package takes the two locks in the other order, and one of them is handed a half-made module
(``ImportError: cannot import name ... from partially initialized module``, in 9 of 12 runs of 8 threads
reading every name). So :func:`first_use` imports under one lock, :data:`FIRST_USE`: the first uses of all
threads come one after another, and each finds its modules whole.

The lock is reentrant (a first use met while a first use imports is the same thread's), and it cannot
deadlock with an import lock: no module of the package reads a lazy name while it is imported (each imports
from the name's own module; ``tests/test_first_use.py`` checks it), so no thread holds a module's import lock
while it waits for this one.

>>> first_use('poker.errors').PokerError.__name__
'PokerError'
"""

from __future__ import annotations

import importlib
from _thread import RLock  # built in and loaded at start-up: importing poker stays quick

TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import ModuleType

__all__ = ['FIRST_USE', 'first_use']

FIRST_USE = RLock()
"""The lock every first use of a lazy name imports under."""


def first_use(name: str) -> ModuleType:
    """The module ``name`` (``'poker.stats.multiway'``), imported now if it is not yet, under :data:`FIRST_USE`."""
    with FIRST_USE:
        return importlib.import_module(name)
