"""The ``poker rank`` command, through main() and as ``python -m poker`` in a fresh process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from poker import __version__
from poker.cli import COMMANDS, main

ROOT = Path(__file__).resolve().parents[1]


def run_module(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, 'PYTHONPATH': str(ROOT), 'NO_COLOR': '1'}
    return subprocess.run([sys.executable, '-m', 'poker', *args], capture_output=True, text=True, env=env,
                          timeout=60)


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
            'advise': ['advise', 'AhKh', '--pot', '1', '--to-call', '0', '--bet-size', '1'],
            'equity': ['equity', 'AhKh', 'QQ'], 'table': ['table', '--street', 'river', '--out', 'x'],
            'match': ['match', '--players', 'loki,station', '--hands', '1']}.get(command, [command])
    assert main(argv) == 130
    out, err = capsys.readouterr()
    assert err.strip() == '' and 'Traceback' not in out
