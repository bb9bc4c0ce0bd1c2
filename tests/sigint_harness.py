"""Ctrl-C at a chosen point of a program's start, deterministically: ``tests/cli/test_entry.py`` runs it.

    python tests/sigint_harness.py MODE START PROGRAM_ARGS...

START is how the program starts: ``console:MODULE:NAME`` as a console script does (import MODULE, call NAME and
exit with what it returns: the ``poker`` command is ``console:_poker_entry:main``), ``module:NAME`` as
``python -m NAME`` does, ``script:PATH`` as ``python PATH`` does. From that start on, a trace function
(``sys.settrace``) sees every event of Python code (``call``, ``line`` and ``return``, in every module: NumPy's
import and the library's alike), and at each it asks the thread's signal mask whether SIGINT is blocked. The
import machinery's own code (CPython's frozen importlib, ``runpy``, an editable install's finder) is not the
program's, and is not reported.

MODE ``sweep``: at every event while SIGINT is blocked, send SIGINT to the process, see that it is pending (held,
not raised) and take it back (``sigtimedwait``), so one run tries a Ctrl-C at every point between the block and
the release; tracing ends at the first event after the release, and the program then runs to its end. The
report (JSON, in the file named by ``SIGINT_REPORT``) lists the events that ran before the block, the modules
imported by then (since the start), how many events were tried and in which files, those where the signal was
not held, and where the release came (the event and the functions it was called from).

MODE ``at:WHERE``: send one real SIGINT at the first event WHERE names, then leave the program to itself:
``blocked:N`` (the Nth event with SIGINT blocked), ``free:N`` (the Nth event after the release), ``line:FILE:LINE``
or ``return:FILE:FUNCTION`` (the first line event at LINE, or return from FUNCTION, in a file whose path ends
with FILE). The report says where the signal went (``sent``; None if WHERE never came).
"""

from __future__ import annotations

import atexit
import importlib
import json
import os
import pkgutil  # noqa: F401 - what runpy.run_path imports, imported before the trace starts
import runpy
import signal
import sys
from collections.abc import Callable
from types import FrameType

MODE, START, ARGS = (sys.argv[1], sys.argv[2], sys.argv[3:]) if __name__ == '__main__' else ('', ':', [])
KIND, _, TARGET = START.partition(':')
MACHINERY = (os.path.dirname(importlib.__file__) + os.sep, runpy.__file__, __file__,
             *{getattr(sys.modules.get((finder if isinstance(finder, type) else type(finder)).__module__),
                       '__file__', None) or '<none>' for finder in sys.meta_path})
"""The import machinery's files: importlib, runpy, this harness, and the finders on sys.meta_path (an editable
install's, setuptools' distutils hook)."""
report: dict[str, object] = {'before_block': [], 'imported_before_block': None, 'tried': 0, 'not_held': [],
                             'files_tried': [], 'released_at': None, 'released_in': [], 'sent': None}
files_tried: set[str] = set()
state = {'phase': 'unblocked', 'blocked': 0, 'free': 0}
before: set[str] = set()


def save() -> None:
    with open(os.environ['SIGINT_REPORT'], 'w', encoding='utf-8') as file:
        json.dump(report, file)


def where(frame: FrameType, event: str) -> list[object]:
    return [frame.f_code.co_filename, frame.f_lineno, frame.f_code.co_name, event]


def callers(frame: FrameType | None) -> list[str]:
    """The functions of ``frame`` and its callers, innermost first, as ``file:function``."""
    found = []
    while frame is not None:
        found.append(f'{os.path.basename(frame.f_code.co_filename)}:{frame.f_code.co_name}')
        frame = frame.f_back
    return found


def machinery(frame: FrameType | None) -> bool:
    """Whether ``frame`` runs for the import machinery: the nearest of it and its callers that is either a
    machinery file's or the top level of a module is the machinery's (a finder's call of pathlib is the
    machinery's; a module's top level, and all it calls, is the program's)."""
    while frame is not None:
        name = frame.f_code.co_filename
        if name.startswith(('<frozen ', *MACHINERY)):
            return True
        if frame.f_code.co_name == '<module>':
            return False
        frame = frame.f_back
    return False


def chosen(frame: FrameType, event: str) -> bool:
    name, _, rest = MODE.partition(':')[2].partition(':')
    if name in ('blocked', 'free'):
        return state['phase'] == name and state[name] == int(rest)
    path, _, detail = rest.rpartition(':')
    if not frame.f_code.co_filename.endswith(path):
        return False
    if name == 'line':
        return event == 'line' and frame.f_lineno == int(detail)
    return event == 'return' and frame.f_code.co_name == detail


def trace(frame: FrameType, event: str, arg: object) -> Callable[..., object] | None:
    if state['phase'] == 'done':
        return None
    held = signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, ())
    if state['phase'] == 'unblocked' and held:
        state['phase'] = 'blocked'
        report['imported_before_block'] = sorted(set(sys.modules) - before)
        save()
    elif state['phase'] == 'blocked' and not held:
        state['phase'] = 'free'
        report['released_at'] = where(frame, event)
        report['released_in'] = callers(frame)
        report['files_tried'] = sorted(files_tried)
        save()
    if state['phase'] in ('blocked', 'free'):
        state[state['phase']] += 1
    elif not machinery(frame):
        report['before_block'].append(where(frame, event))  # type: ignore[attr-defined]
    if MODE != 'sweep':
        if chosen(frame, event):
            state['phase'] = 'done'
            report['sent'] = where(frame, event)
            save()
            sys.settrace(None)
            os.kill(os.getpid(), signal.SIGINT)
            return None
    elif state['phase'] == 'free':
        state['phase'] = 'done'
        sys.settrace(None)
        return None
    elif state['phase'] == 'blocked':
        report['tried'] += 1  # type: ignore[operator]
        files_tried.add(frame.f_code.co_filename)
        os.kill(os.getpid(), signal.SIGINT)
        if signal.SIGINT not in signal.sigpending() or signal.sigtimedwait([signal.SIGINT], 0) is None:
            report['not_held'].append(where(frame, event))  # type: ignore[attr-defined]
    return trace


def main() -> None:
    """Start the program under the trace, as START says."""
    atexit.register(save)
    save()
    signal.signal(signal.SIGINT, signal.default_int_handler)  # as a terminal starts a program, whatever started
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # this one (nohup, `cmd &` in a script ignore it)
    sys.argv = [TARGET.partition(':')[0], *ARGS]
    before.update(sys.modules)
    sys.settrace(trace)
    if KIND == 'console':
        module_name, _, function = TARGET.partition(':')
        sys.exit(getattr(importlib.import_module(module_name), function)())
    elif KIND == 'module':
        runpy.run_module(TARGET, run_name='__main__', alter_sys=True)
    else:
        runpy.run_path(TARGET, run_name='__main__')


if __name__ == '__main__':
    main()
