"""Issue 28, "Ctrl-C from the first instant, really": a Ctrl-C at any point of a program's start ends it with
status 130 and no traceback.

Nothing here waits for a time: ``tests/sigint_harness.py`` starts each program as its user does (the console
script's target, ``python -m poker``, ``python examples/pokergame.py``) under a trace function that sees every
event of Python code from that start on, and sends SIGINT exactly at the event chosen, or at every event in
turn (taking each back while it is held). So every point between the program's first statement and the place
where :func:`poker.cli.program.run_program` answers Ctrl-C is tried, whatever the load of the machine.
"""

from __future__ import annotations

import ast
import configparser
import json
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import installed
from patience import GUARD

ROOT = Path(__file__).resolve().parents[2]
HARNESS = ROOT / 'tests' / 'sigint_harness.py'
GAME = ROOT / 'examples' / 'pokergame.py'

pytestmark = pytest.mark.skipif(not hasattr(signal, 'pthread_sigmask'), reason='no SIGINT blocking on this system')


def setup() -> configparser.ConfigParser:
    config = configparser.ConfigParser()
    config.read(ROOT / 'setup.cfg')
    return config


def console_target() -> str:
    """The ``poker`` console script's target, ``module:function``, as setup.cfg names it."""
    name, _, target = setup()['options.entry_points']['console_scripts'].strip().partition('=')
    assert name.strip() == 'poker'
    return target.strip()


STARTS = {'poker': f'console:{console_target()}', 'python -m poker': 'module:poker', 'pokergame.py': f'script:{GAME}'}


def traced(tmp_path: Path, mode: str, start: str, *args: str) -> tuple[subprocess.CompletedProcess[str],
                                                                        dict[str, Any]]:
    report = tmp_path / f'report-{len(list(tmp_path.iterdir()))}.json'
    environment = installed.environment(NO_COLOR='1', SIGINT_REPORT=str(report))
    result = subprocess.run([sys.executable, str(HARNESS), mode, STARTS[start], *args], capture_output=True,
                            text=True, env=environment, cwd=ROOT, timeout=GUARD, stdin=subprocess.DEVNULL)
    return result, json.loads(report.read_text(encoding='utf-8'))


def relative(path: str) -> str:
    """``path`` from the folder that holds the package tested (``poker/cli/program.py``, ``_poker_entry.py``:
    the checkout, or site-packages for an installed package) or from the checkout (``examples/...``); a
    library file's own path otherwise."""
    for root in (Path(installed.HOME), ROOT):
        try:
            return Path(path).resolve().relative_to(root).as_posix()
        except ValueError:
            pass
    return path


# ------------------------------------------------------------------------------------------ the entry modules
def holds_ctrl_c(statement: ast.stmt) -> bool:
    """Whether ``statement`` is the hold: ``try: from _signal import SIG_BLOCK, SIGINT, pthread_sigmask`` /
    ``except ImportError: pass`` / ``else: pthread_sigmask(SIG_BLOCK, {SIGINT})``."""
    return isinstance(statement, ast.Try) and len(statement.body) == 1 \
        and isinstance(statement.body[0], ast.ImportFrom) and statement.body[0].module == '_signal' \
        and [handler.type.id for handler in statement.handlers if isinstance(handler.type, ast.Name)] == ['ImportError'] \
        and [ast.unparse(line) for line in statement.orelse] == ['pthread_sigmask(SIG_BLOCK, {SIGINT})']


def test_the_poker_command_starts_in_a_module_that_holds_ctrl_c_first() -> None:
    """Issue 28: the console script named poker.__main__, so Python imported poker/__init__.py (and typing)
    before that module's first statement: a Ctrl-C then was a KeyboardInterrupt traceback (2 tries of 20 at
    50 ms). It now names _poker_entry, a module of its own outside the package (installed with it), whose
    first statement after its docstring holds Ctrl-C with what the built-in _signal module has: nothing is
    imported before (``_signal`` is loaded at the interpreter's start), so no Python code runs first."""
    assert console_target() == '_poker_entry:main'
    assert setup()['options']['py_modules'].split() == ['_poker_entry']
    body = ast.parse((ROOT / '_poker_entry.py').read_text(encoding='utf-8')).body
    assert isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)  # the docstring
    assert holds_ctrl_c(body[1])
    assert '_signal' in sys.builtin_module_names
    started = subprocess.run([sys.executable, '-I', '-S', '-c', 'import sys; print("_signal" in sys.modules)'],
                             capture_output=True, text=True, timeout=GUARD)
    assert started.stdout == 'True\n'


def test_python_m_poker_and_pokergame_hold_ctrl_c_first() -> None:
    """poker/__main__.py (``python -m poker``) starts in _poker_entry too, in its first statement;
    examples/pokergame.py holds Ctrl-C the same way in its own, with no ``from __future__`` import before it
    (that import runs ``__future__.py`` where it is not yet loaded)."""
    main = ast.parse((ROOT / 'poker' / '__main__.py').read_text(encoding='utf-8')).body
    assert isinstance(main[0], ast.Expr) and ast.unparse(main[1]) == 'from _poker_entry import main'
    game = ast.parse(GAME.read_text(encoding='utf-8')).body
    assert isinstance(game[0], ast.Expr) and isinstance(game[1], ast.If)
    assert ast.unparse(game[1].test) == "__name__ == '__main__'" and holds_ctrl_c(game[1].body[0])


# ------------------------------------------------------------------------------------------ every point
SWEEPS = {
    'poker': ['stats', 'AhKh', '-b', 'Qh Jh 2c'],
    'python -m poker': ['rank', 'Ah Kh Qh Jh Th'],
    'pokergame.py': ['--help'],
}
FIRST_LINES = {'poker': {'_poker_entry.py'},
               'python -m poker': {'poker/__init__.py', 'poker/_lazy.py', 'poker/_version.py', 'poker/__main__.py',
                                   '_poker_entry.py'},
               'pokergame.py': {'examples/pokergame.py'}}
"""The files whose lines may run before Ctrl-C is held: the entry module's own first statement (and, for
``python -m poker``, the package's light ``__init__``, which Python imports before ``__main__``)."""
IMPORTED_FIRST = {'poker': ['_poker_entry'],
                  'python -m poker': ['_poker_entry', 'poker', 'poker._lazy', 'poker._version'], 'pokergame.py': []}


@pytest.mark.parametrize('start', SWEEPS)
def test_a_ctrl_c_at_every_point_of_the_start_is_held(start: str, tmp_path: Path) -> None:
    """Issue 28: from the entry module's first statement to where run_program answers it, a Ctrl-C at any event
    of Python code (half a million of them: NumPy's import, every wing's, the parser's) is held, pending, not
    raised; only the entry's own first lines run before, with nothing imported (the console script) and no
    typing. The program then runs to its end, every Ctrl-C having been taken back."""
    result, report = traced(tmp_path, 'sweep', start, *SWEEPS[start])
    assert result.returncode == 0 and result.stderr == '', result.stderr
    assert {relative(event[0]) for event in report['before_block']} <= FIRST_LINES[start], report['before_block']
    if start == 'poker':
        assert len(report['before_block']) <= 6, report['before_block']  # the call, the docstring, the hold
    assert report['imported_before_block'] == IMPORTED_FIRST[start]
    assert report['not_held'] == []
    tried = {relative(name) for name in report['files_tried']}
    assert report['tried'] > 10_000 and {'poker/cli/__init__.py', 'poker/cli/program.py'} <= tried
    assert any(name.endswith('numpy/__init__.py') for name in tried)
    assert 'program.py:run_program' in report['released_in'][:3], report['released_in']
    if start == 'poker':
        assert 'Hand strength' in result.stdout or 'HS' in result.stdout, result.stdout


def unblock_line() -> str:
    """``line:poker/cli/program.py:N``: the line where run_program releases Ctrl-C (still held as it starts)."""
    lines = (ROOT / 'poker' / 'cli' / 'program.py').read_text(encoding='utf-8').splitlines()
    return f'line:poker/cli/program.py:{next(number for number, line in enumerate(lines, 1) if "SIG_UNBLOCK" in line)}'


ARGS = {'poker': ['rank', 'Ah Kh Qh Jh Th'], 'python -m poker': ['rank', 'Ah Kh Qh Jh Th'],
        'pokergame.py': ['--hands', '1']}
POINTS = [
    ('poker', 'blocked:1'),                                  # the statement after the hold
    ('poker', 'return:poker/__init__.py:<module>'),          # the package imported (after the hold now)
    ('poker', 'return:numpy/__init__.py:<module>'),          # NumPy imported
    ('poker', 'line:poker/cli/__init__.py:1'),               # the command line's package
    ('poker', 'UNBLOCK'),                                    # the line that releases it
    ('poker', 'free:1'),                                     # just released
    ('poker', 'free:500'),                                   # reading the arguments
    ('poker', 'return:program.py:run_program'),              # the program over: the signal ends the process
    ('python -m poker', 'blocked:1'),
    ('python -m poker', 'free:1'),
    ('pokergame.py', 'blocked:1'),
    ('pokergame.py', 'return:poker/table/__init__.py:<module>'),
    ('pokergame.py', 'free:1'),
]


@pytest.mark.parametrize('start, point', POINTS)
def test_a_real_ctrl_c_at_a_chosen_point_ends_with_130_and_no_traceback(start: str, point: str,
                                                                        tmp_path: Path) -> None:
    """One real SIGINT, not taken back, at each point: status 130 and at most an empty line on stderr; after
    run_program has returned, Ctrl-C ends the process by the signal itself (a shell says 130 too)."""
    where = unblock_line() if point == 'UNBLOCK' else point
    result, report = traced(tmp_path, f'at:{where}', start, *ARGS[start])
    assert report['sent'] is not None, f'{where} never came'
    ended = -signal.SIGINT if point.startswith('return:program.py') else 130
    assert result.returncode == ended, (result.returncode, result.stderr)
    assert 'Traceback' not in result.stderr and result.stderr.strip() == '', result.stderr
