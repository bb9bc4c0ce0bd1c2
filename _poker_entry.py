"""The ``poker`` command's entry point: setup.cfg's console script calls :func:`main` here.

A module of its own, outside the package, so that its first statement runs before anything of the package is
imported (a console script naming ``poker.__main__`` would import ``poker/__init__.py`` first). That statement
holds Ctrl-C: it blocks SIGINT, so that a Ctrl-C while the library loads stays pending, not lost, and
:func:`poker.cli.program.run_program` answers it (status 130, no traceback). It takes what it needs from
``_signal``, the interpreter's own signal module, built in and loaded at start-up, so no Python code runs
before the block: ``import signal`` would run the Python module over it (a Ctrl-C there would still be a
traceback). Before this statement only CPython's start-up and the console script's own lines run.
``python -m poker`` starts here too (``poker/__main__.py`` imports this module first), once Python has
imported the light package.
"""

try:
    from _signal import SIG_BLOCK, SIGINT, pthread_sigmask  # type: ignore[import-not-found]  # (no stub)
except ImportError:  # no pthread_sigmask (Windows): a Ctrl-C while the library loads is Python's to answer
    pass
else:
    pthread_sigmask(SIG_BLOCK, {SIGINT})

from poker.cli import main  # noqa: E402 - after Ctrl-C is held

__all__ = ['main']
