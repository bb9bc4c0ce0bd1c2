"""The command line's entry point: ``python -m poker`` runs this module, and the ``poker`` command (the console
script of setup.cfg) calls its ``main``, :func:`poker.cli.main`.

Its first statement holds Ctrl-C (blocks SIGINT: a Ctrl-C stays pending, it is not lost) while the wings load;
:func:`poker.cli.program.run_program` releases it where it is answered, so that a Ctrl-C at any moment ends the
command with status 130 and no traceback. Only a program imports this module: importing the library never
changes how Ctrl-C is handled.
"""

import signal

if hasattr(signal, 'pthread_sigmask'):  # not on Windows
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})

from .cli import main  # noqa: E402 - after Ctrl-C is held

__all__ = ['main']

if __name__ == '__main__':
    raise SystemExit(main())
