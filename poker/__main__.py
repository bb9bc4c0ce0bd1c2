"""``python -m poker``: the command line, as the ``poker`` command runs it (whose console script starts in
``_poker_entry.py``, outside the package, where Ctrl-C is held before anything of the package is imported).

Its first statement holds Ctrl-C (blocks SIGINT: a Ctrl-C stays pending, it is not lost) while the wings load,
with what it needs from the built-in ``_signal`` (no Python code runs first, see ``_poker_entry.py``);
:func:`poker.cli.program.run_program` releases it where it is answered, so that a Ctrl-C at any moment from
here on ends the command with status 130 and no traceback. Python imports the package (``poker/__init__.py``,
which imports no wing) before this module. Only a program runs this module: importing the library never
changes how Ctrl-C is handled.
"""

try:
    from _signal import SIG_BLOCK, SIGINT, pthread_sigmask  # type: ignore[import-not-found]  # (no stub)
except ImportError:  # no pthread_sigmask (Windows): a Ctrl-C while the library loads is Python's to answer
    pass
else:
    pthread_sigmask(SIG_BLOCK, {SIGINT})

from .cli import main  # noqa: E402 - after Ctrl-C is held

__all__ = ['main']

if __name__ == '__main__':
    raise SystemExit(main())
