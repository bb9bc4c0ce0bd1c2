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
from the name's own module; ``tests/package/test_first_use.py`` checks it), so no thread holds a module's import lock
while it waits for this one.

>>> first_use('poker.errors').PokerError.__name__
'PokerError'
"""

from __future__ import annotations

import importlib
from _thread import RLock  # built in and loaded at start-up: importing poker stays quick

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from types import ModuleType

__all__ = ['FIRST_USE', 'first_use', 'lazy_name', 'lazy_package']

FIRST_USE = RLock()
"""The lock every first use of a lazy name imports under."""


def first_use(name: str) -> ModuleType:
    """The module ``name`` (``'poker.stats.multiway'``), imported now if it is not yet, under :data:`FIRST_USE`."""
    with FIRST_USE:
        return importlib.import_module(name)


def lazy_name(package: str, homes: Mapping[str, str], name: str, namespace: dict[str, object]) -> object:
    """The lazy name ``name`` of ``package``: imported from the module ``homes`` gives it (a wing of ``poker``, a
    module of ``poker.stats``) on first use and kept in the package's ``namespace``, so ``__getattr__`` is not
    asked again; a name not in ``homes`` is Python's AttributeError (what ``getattr`` of a missing name expects)."""
    if name not in homes:
        raise AttributeError(f'module {package!r} has no attribute {name!r}')
    value: object = getattr(first_use(f'{package}.{homes[name]}'), name)
    namespace[name] = value
    return value


def lazy_package(package: str, homes: Mapping[str, str],
                 namespace: dict[str, object]) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of a package whose public names are imported on first use (PEP 562):
    each name from the module ``homes`` gives it (:func:`lazy_name`), and the names are those imported so far and
    the package's ``__all__``. A wing's ``__init__`` says ``__getattr__, __dir__ = lazy_package(__name__, _HOMES,
    globals())``: importing it imports none of its modules (what a program does not use costs it neither time nor
    memory)."""

    def __getattr__(name: str) -> object:
        return lazy_name(package, homes, name, namespace)

    def __dir__() -> list[str]:
        return sorted({*namespace, *namespace.get('__all__', ())})  # type: ignore[misc]

    return __getattr__, __dir__
