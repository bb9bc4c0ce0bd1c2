"""How a program of this package runs, in one place: Ctrl-C, closed and full outputs, output encodings, and the
exit status of each way a run ends.

:func:`run_program` runs the ``poker`` command line (:func:`poker.cli.main`) and ``examples/pokergame.py``;
whatever happens, the program ends with one of these statuses, says why in at most one line on stderr, and
never prints a traceback:

======  ===================================================================================================
status  how the run ended
======  ===================================================================================================
0       done (``--help`` and ``--version`` too)
1       the output could not be written (a full disk, ``> /dev/full``, an I/O error): one line on stderr
2       bad input, or a file that could not be read or written: one line on stderr
130     Ctrl-C, at any moment from the entry module's first statement on: an empty line on stderr (the
        terminal has shown ``^C``)
141     the reader closed the output (``| head``): nothing more is written (128 + SIGPIPE, the status a
        shell gives a program that SIGPIPE ended)
======  ===================================================================================================

**Ctrl-C from the first instant.** Loading the wings (NumPy among them) takes a noticeable time, and a
Ctrl-C then would be a ``KeyboardInterrupt`` raised in the middle of an import, outside any handler. So
each entry module blocks SIGINT in its first statement: ``_poker_entry.py``, the ``poker`` command's (its
console script's target, a module outside the package, so that nothing of the package is imported before;
``poker/__main__.py``, for ``python -m poker``, imports it first), and ``examples/pokergame.py``. The
statement takes what it needs from ``_signal``, the interpreter's own module, built in and loaded at
start-up, so no Python code runs before it: only CPython's start-up and the console script's own lines do
(and for ``python -m poker``, the light ``poker/__init__.py`` Python imports first). A Ctrl-C is then held
(pending), not lost. :func:`run_program` unblocks it inside its handling, where a held Ctrl-C arrives at
once as ``KeyboardInterrupt``; once the program is over and its output flushed, Ctrl-C ends the process by
the signal itself (a shell reports that as 130 too). Importing the library never touches Ctrl-C, and neither
does :func:`run_program` when SIGINT was not held (a call from a test or a notebook). ``tests/cli/test_entry.py``
tries a Ctrl-C at every point of each start.

**Closed and full outputs.** Standard output is flushed before the status is given, so a write error is
seen while it can still be answered (argparse's help, which argparse would lose silently, included: see
:class:`~poker.cli.OneLineErrorParser`); after one, the output is pointed at ``os.devnull`` (as Python's
documentation of SIGPIPE advises), so that the interpreter's own flush at exit finds nothing to fail on.

**Any output encoding.** Standard output and standard error keep their encoding (``PYTHONIOENCODING``, the
locale) and write what it lacks by :data:`SPELLED`: the few symbols the programs print in ASCII
(:data:`ASCII_SPELLINGS`: ``±`` as ``+/-``, ``A♥`` as ``Ah``), any other character as its Python escape
(``é`` as ``\\xe9`` in ASCII; a lone surrogate as ``\\udc80`` in any encoding).
"""

from __future__ import annotations

import codecs
import errno
import io
import os
import signal
import sys
from collections.abc import Callable
from typing import TextIO

from ..errors import PokerError, SettingError
from ..validators import shown, text
from .output import one_line

__all__ = ['ASCII_SPELLINGS', 'SPELLED', 'run_program']

ASCII_SPELLINGS = {'±': '+/-', '…': '...', '–': '-', '—': '-', '×': 'x', '♣': 'c', '♦': 'd', '♥': 'h', '♠': 's',
                   '∞': 'inf'}
"""The symbols the programs print, in ASCII for an output whose encoding lacks them (suits as in card text)."""

SPELLED = 'poker.spelled'
"""The name of the codec error handler of standard output and standard error in :func:`run_program`."""

_WRITE_ERRORS = frozenset({errno.ENOSPC, errno.EFBIG, errno.EIO, getattr(errno, 'EDQUOT', errno.ENOSPC)})
"""The errors of a write that found no room or a failing device: an output is lost (status 1), not the input
at fault (status 2)."""


def run_program(main: Callable[[], int | None], prog: str) -> int:
    """Run ``main`` as the program ``prog`` and return its exit status, by the rules above.

    ``main`` returns the status (None for 0); a :class:`~poker.errors.PokerError` it raises is bad input, said
    as ``prog: error: <message>`` on one line; ``SystemExit`` (argparse after ``--help``, or after its own
    one-line usage error) gives its code.

    >>> run_program(lambda: print('done'), 'demo')
    done
    0
    >>> def refuse() -> int:
    ...     raise SettingError('no such hand')
    >>> run_program(refuse, 'demo')  # and on stderr: demo: error: no such hand
    2
    """
    if not callable(main):
        raise SettingError(f'run_program runs a function, got {shown(main)}')
    prog = text('prog', prog, longest=200)
    held = _sigint_held()
    try:
        _spell_outputs()
        if held:  # a Ctrl-C held since the entry module's first line arrives here, as KeyboardInterrupt
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        try:
            status = main()
        except SystemExit as done:  # argparse: 0 after --help or --version, 2 after a usage error it has said
            status = done.code if isinstance(done.code, int) else 0 if done.code is None else 2
        if sys.stdout is not None:  # None: started with it closed
            sys.stdout.flush()  # here, where a closed or full output can still be answered
    except (KeyboardInterrupt, PokerError, OSError) as error:
        _sigint_ends(held)  # first: a second Ctrl-C while this one is answered ends the process at once
        status = _ended_by(error, prog)
        _flush_or_silence(sys.stdout)
    _sigint_ends(held)
    return int(status or 0)


def _ended_by(error: BaseException, prog: str) -> int:
    """The exit status of a run that ``error`` ended, after saying why on stderr (at most one line)."""
    if isinstance(error, KeyboardInterrupt):
        _say('')
        return 130
    if isinstance(error, BrokenPipeError):  # the reader has gone (`| head`): nobody to tell
        return 141
    if isinstance(error, OSError) and error.errno in _WRITE_ERRORS:
        _say(f'{prog}: error: cannot write the output: {one_line(str(error))}')
        return 1
    _say(f'{prog}: error: {one_line(str(error))}')
    return 2


def _say(line: str) -> None:
    """Write ``line`` on stderr; if stderr cannot be written, silence it (the status still tells)."""
    if sys.stderr is None:  # no stderr at all (started with it closed)
        return
    try:
        print(line, file=sys.stderr, flush=True)
    except OSError:
        _flush_or_silence(sys.stderr)


def _flush_or_silence(stream: TextIO | None) -> None:
    """Flush ``stream``; if that fails, point it at ``os.devnull``: what it still holds goes nowhere, and so does
    Python's own flush at exit, which would otherwise fail again."""
    if stream is None:  # no such stream at all (started with it closed)
        return
    try:
        stream.flush()
    except OSError:
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, stream.fileno())
            os.close(devnull)
        except (OSError, ValueError, io.UnsupportedOperation):  # no file descriptor (a test's stream)
            pass


def _spell_outputs() -> None:
    """Standard output and standard error write what their encoding lacks by :data:`SPELLED`."""
    codecs.register_error(SPELLED, _spelled)
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors != SPELLED:
            stream.reconfigure(errors=SPELLED)


def _spelled(error: UnicodeError) -> tuple[str, int]:
    """The codec error handler :data:`SPELLED`: :data:`ASCII_SPELLINGS`, else Python escapes."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    unwritable = error.object[error.start:error.end]
    return ''.join(ASCII_SPELLINGS.get(char) or char.encode('ascii', 'backslashreplace').decode('ascii')
                   for char in unwritable), error.end


def _sigint_held() -> bool:
    """Whether this thread blocks SIGINT: an entry module's first statement does, until :func:`run_program`."""
    if not hasattr(signal, 'pthread_sigmask'):  # Windows: no blocking, and the entry modules do not either
        return False
    return signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, ())


def _sigint_ends(held: bool) -> None:
    """After the run, in a program whose Ctrl-C was held: Ctrl-C ends the process by the signal itself."""
    if held:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
