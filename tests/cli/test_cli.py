"""The ``poker rank`` command, through main() and as ``python -m poker`` in a fresh process; and every entry point's
answer to Ctrl-C, closed and full outputs and output encodings (Ctrl-C at every point of a start: test_entry.py)."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from poker import __version__
from poker.cli import COMMANDS, main

import installed
from patience import GUARD

ROOT = Path(__file__).resolve().parents[2]


def run_module(*args: str) -> subprocess.CompletedProcess[str]:
    env = installed.environment(NO_COLOR='1')
    return subprocess.run([sys.executable, '-m', 'poker', *args], capture_output=True, text=True, env=env,
                          timeout=GUARD)  # a guard against a hang, not a limit


def test_rank_prints_description_value_and_best_five(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(['rank', 'Ah Kh Qh Jh Th 2c 3d']) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == ['Royal Flush  (Straight Flush, value 7462 of 7462)', 'best five: Ah Kh Qh Jh Th']
    assert err == ''


def test_rank_takes_cards_in_several_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(['rank', 'Kd', 'Kc', '4h4s', '9c']) == 0
    out, _ = capsys.readouterr()
    assert out.startswith('Two Pair, Kings and Fours  (Two Pair, value ')


def test_rank_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(['rank', '5c4d3h2sAc', '--json']) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == {'cards': ['Ac', '5c', '4d', '3h', '2s'], 'value': 5854, 'category': 'Straight',
                    'best_five': ['5c', '4d', '3h', '2s', 'Ac'], 'description': 'Straight, Five-High'}


@pytest.mark.parametrize('args, quoted', [
    (['rank', 'Ah Kh'], "'Ah Kh'"),
    (['rank', 'Ax Kh Qh Jh Th'], "'Ax'"),
    (['rank', 'Ah Kh Qh Jh Ah'], "'Ah'"),
    (['rank', 'Ah Kh Qh Jh Th 9h 8h 7h'], 'got 8'),
])
def test_bad_cards_exit_2_with_one_line(args: list[str], quoted: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == ''
    assert len(err.splitlines()) == 1 and err.startswith('poker: error: ') and quoted in err


def test_usage_error_exits_2_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(['rank']) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and 'error' in err


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    out = capsys.readouterr().out
    assert 'usage: poker' in out and all(name in out for name in COMMANDS)


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(['--version']) == 0 and capsys.readouterr().out.strip() == f'poker {__version__}'


def test_python_m_poker_rank() -> None:
    result = run_module('rank', 'Kd Kc 4h 4s 9c', '--json')
    assert result.returncode == 0 and result.stderr == ''
    assert json.loads(result.stdout)['description'] == 'Two Pair, Kings and Fours'


def test_python_m_poker_bad_input_has_no_traceback() -> None:
    result = run_module('rank', 'Ah Kh Qh Jh 1h')
    assert result.returncode == 2 and result.stdout == ''
    assert result.stderr.splitlines() == [
        "poker: error: invalid card '1h': unknown rank '1' (expected one of 23456789TJQKA or 10)"]


@pytest.mark.parametrize('command', COMMANDS)
def test_ctrl_c_in_any_command_exits_130_quietly(command: str, capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    def interrupted(args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(importlib.import_module(f'poker.cli.{command}_command'), 'run', interrupted)
    argv = {'rank': ['rank', 'AhKhQhJhTh'], 'stats': ['stats', 'AhKh'], 'range': ['range', 'QQ+'],
            'classes': ['classes', 'JJ+', '-b', 'Jh Ts 4h'],
            'advise': ['advise', 'AhKh', '--pot', '1', '--to-call', '0', '--bet-size', '1'],
            'equity': ['equity', 'AhKh', 'QQ'], 'table': ['table', '--street', 'river', '--out', 'x'],
            'match': ['match', '--players', 'loki,station', '--hands', '1'],
            'exploit': ['exploit', '--player', 'station', '--hands', '1'],
            'history': ['history', 'hands.log'], 'review': ['review', 'hands.log', '--hero', 'Ann'],
            'acpc': ['acpc', '127.0.0.1', '1', '--game', 'x.game']}.get(command, [command])
    assert main(argv) == 130
    out, err = capsys.readouterr()
    assert err.strip() == '' and 'Traceback' not in out


# ------------------------------------------------------------------------------- every entry point (issue 18)
# Each case is a real process of an entry point (python -m poker, examples/pokergame.py); they all start at once
# (one module fixture) so that their imports overlap, and each test checks one of them. Ctrl-C at every point of
# a start is tests/cli/test_entry.py's (issue 28), by a trace, not by a delay.
LAZY_IMPORT = ("import sys, poker; print(sorted(name for name in sys.modules if name.startswith(('poker', 'numpy'))"
               " or name == 'typing'))")


@dataclass
class Case:
    """A process: ``python ARGS`` with its stdout a pipe, a pipe closed before it writes (``closed``) or
    /dev/full (``full``)."""

    args: list[str]
    stdout: str = 'pipe'
    env: dict[str, str] = field(default_factory=dict)


GAME = str(ROOT / 'examples' / 'pokergame.py')
CASES = {
    'closed poker': Case(['-m', 'poker', 'range', 'QQ+'], stdout='closed'),
    'closed pokergame': Case([GAME, '--help'], stdout='closed'),
    'full poker help': Case(['-m', 'poker', '--help'], stdout='full', env={'PYTHONUNBUFFERED': '1'}),
    'full pokergame': Case([GAME, '--hands', '0'], stdout='full'),
    'ascii equity': Case(['-m', 'poker', 'equity', 'AhKh', 'random', '--samples', '2000', '--seed', '1',
                          '--workers', '1'], env={'PYTHONIOENCODING': 'ascii'}),
    'import poker': Case(['-c', LAZY_IMPORT]),
}


@dataclass
class Outcome:
    status: int
    out: bytes
    err: list[str]


def _start(case: Case) -> subprocess.Popen[bytes]:
    env = {key: value for key, value in os.environ.items() if key != 'PYTHONUNBUFFERED'}
    env.update({**installed.environment(NO_COLOR='1'), **case.env})
    stdout: Any = open('/dev/full', 'wb') if case.stdout == 'full' else subprocess.PIPE  # noqa: SIM115
    process = subprocess.Popen([sys.executable, *case.args], stdin=subprocess.DEVNULL, stdout=stdout,
                               stderr=subprocess.PIPE, env=env, cwd=ROOT)
    if case.stdout == 'full':
        stdout.close()
    elif case.stdout == 'closed':
        assert process.stdout is not None
        process.stdout.close()
    return process


@pytest.fixture(scope='module')
def outcomes() -> dict[str, Outcome]:
    cases = {name: case for name, case in CASES.items() if case.stdout != 'full' or os.path.exists('/dev/full')}
    started = {name: _start(case) for name, case in cases.items()}
    found = {}
    for name, process in started.items():
        try:
            out, err = process.communicate(timeout=GUARD)  # a guard against a hang, not a limit
        finally:
            process.kill()
        found[name] = Outcome(process.returncode, out or b'', err.decode('utf-8', 'replace').splitlines())
    return found


@pytest.mark.parametrize('name', ['closed poker', 'closed pokergame'])
def test_a_closed_output_ends_quietly_with_141(name: str, outcomes: dict[str, Outcome]) -> None:
    """Issue 18: `pokergame.py | head -c 10` printed a BrokenPipeError traceback."""
    assert (outcomes[name].status, outcomes[name].err) == (141, [])


@pytest.mark.parametrize('name, prog', [('full poker help', 'poker'), ('full pokergame', 'pokergame.py')])
def test_a_full_output_is_one_line_and_exit_1(name: str, prog: str, outcomes: dict[str, Outcome]) -> None:
    """Issue 18: `> /dev/full` gave an OSError traceback, and `poker --help > /dev/full` exit 0 with the text lost."""
    if name not in outcomes:
        pytest.skip('this system has no /dev/full')
    assert outcomes[name].status == 1
    assert outcomes[name].err == [f'{prog}: error: cannot write the output: [Errno 28] No space left on device']


def test_an_ascii_output_gets_ascii_spellings(outcomes: dict[str, Outcome]) -> None:
    """Issue 18: `PYTHONIOENCODING=ascii poker equity AhKh random --samples 2000 --seed 1` died on '±'."""
    outcome = outcomes['ascii equity']
    assert outcome.status == 0 and outcome.err == []
    assert '+/- %' in outcome.out.decode('ascii') and 'sampled (+/- one standard error)' in outcome.out.decode()


def test_import_poker_is_quick(outcomes: dict[str, Outcome]) -> None:
    """``import poker`` loads no wing and no NumPy (each name on first use), nor typing (issue 28: it took longer
    than the rest of ``import poker``), so that an entry module's first statement comes at once."""
    outcome = outcomes['import poker']
    assert outcome.status == 0 and outcome.err == [], outcome
    assert outcome.out.decode().split() == ["['poker',", "'poker._lazy',", "'poker._version']"]


def test_the_library_leaves_ctrl_c_alone(capsys: pytest.CaptureFixture[str]) -> None:
    """Only an entry module holds Ctrl-C: importing the library and running main() in a process change nothing."""
    import poker.cli.program  # noqa: F401
    before = signal.getsignal(signal.SIGINT), signal.pthread_sigmask(signal.SIG_BLOCK, [])
    assert main(['rank', 'AhKhQhJhTh']) == 0 and main(['rank']) == 2
    assert (signal.getsignal(signal.SIGINT), signal.pthread_sigmask(signal.SIG_BLOCK, [])) == before
    assert signal.SIGINT not in before[1]


# ------------------------------------------------------------------------------------- in process (issue 18)
ASCII_ARGV = {
    'rank': ['rank', 'AhKhQhJhTh'], 'stats': ['stats', 'AhKh', '-b', 'Qh Jh 2c'], 'preflop': ['preflop'],
    'classes': ['classes', 'JJ+, AK', '-b', 'Jh Ts 4h'],
    'range': ['range', 'QQ+, AKs'], 'equity': ['equity', 'AhKh', 'random', '--samples', '2000', '--seed', '1',
                                              '--workers', '1'],
    'advise': ['advise', 'AhKh', '--pot', '3', '--to-call', '1', '--bet-size', '1', '--bankroll', '100'],
    'kelly': ['kelly'], 'match': ['match', '--players', 'station,maniac', '--hands', '2', '--seed', '1'],
    'exploit': ['exploit', '--player', 'folder', '--hands', '2', '--seed', '1'],
    'table': ['table', '--street', 'river', '--out', 'OUT', '--boards', '1', '--chunk-boards', '1', '--workers', '1'],
    'history': ['history', 'LOG'], 'review': ['review', 'LOG', '--hero', 'Alice'],
}
HANDS_LOG = 'STATE:0:rc/crc/cc/cc:Ah9c|Ks8d/2h3c4d/Js/7h:6|-6:Alice|Bob\nSTATE:1:rrf:Qd9d|Tc8c:4|-4:Alice|Bob\n'
"""A log for ``poker history`` (written to ``LOG``)."""


@pytest.mark.parametrize('command', COMMANDS)
@pytest.mark.parametrize('encoding', ['ascii', 'latin-1', 'cp1252'])
def test_every_command_writes_in_any_encoding(command: str, encoding: str, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 18: one rule for what an output's encoding lacks (poker.cli.program): ASCII spellings, else escapes."""
    out = io.TextIOWrapper(io.BytesIO(), encoding=encoding)
    err = io.TextIOWrapper(io.BytesIO(), encoding=encoding)
    monkeypatch.setattr(sys, 'stdout', out)
    monkeypatch.setattr(sys, 'stderr', err)
    monkeypatch.setattr(sys, 'stdin', io.TextIOWrapper(io.BytesIO(b'1000\n0\n1\nAh Ad\n100\nf\n')))
    (tmp_path / 'hands.log').write_text(HANDS_LOG, encoding='utf-8')
    argv = [str(tmp_path / 'table') if arg == 'OUT' else str(tmp_path / 'hands.log') if arg == 'LOG' else arg
            for arg in ASCII_ARGV.get(command, [])]
    if command == 'acpc':   # a fake dealer on loopback (tests/acpc_dealer.py)
        from acpc_dealer import FakeDealer
        from poker.formats.acpc_notation import GameDefinition
        game = GameDefinition.for_table(2)
        (tmp_path / 'two.game').write_text(game.text(), encoding='utf-8')
        dealer = FakeDealer(game, 2)
        dealer.start()
        argv = ['acpc', '127.0.0.1', str(dealer.port), '--game', str(tmp_path / 'two.game'), '--player', 'station']
    status = main(argv)
    out.flush()
    err.flush()
    text = out.buffer.getvalue().decode(encoding)
    assert status == 0 and err.buffer.getvalue() == b'' and text.strip()
    if command == 'equity':
        assert ('±' if encoding != 'ascii' else '+/-') in text


@pytest.mark.parametrize('argv, shown', [
    (['rank', 'Ah\x1b[2J'], "'\\x1b['"),
    (['rank', 'AhKhQhJhTh', '--\x00\x1b]0;x\x07'], 'unrecognized arguments: --\\x00\\x1b]0;x\\x07'),
    (['range', '\ud800'], "'\\ud800'"),
])
def test_input_quoted_in_an_error_is_escaped(argv: list[str], shown: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 18: text from the user reached the terminal raw (NUL, ESC); one rule escapes it (printable)."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and shown in err and '\x1b' not in err and '\x00' not in err
