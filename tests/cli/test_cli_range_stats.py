"""``poker stats --hero-range``: the class grid of a whole range, its equity, JSON and a picture."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from poker import range_statistics
from poker.cli import main
from test_cli_stats import run  # the same runner: exit status, stdout, stderr


def test_grid_and_equity(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, 'stats', '--hero-range', 'AA, KK, AKs', '--range', 'QQ+', '-b', '3h', '4s', 'Jh')
    assert status == 0, err
    stats = range_statistics('AA, KK, AKs', '3h 4s Jh', 'QQ+')
    lines = out.splitlines()
    assert 'AA, KK, AKs (16 holdings) on 3h 4s Jh against QQ+ (18 holdings)' in lines[0]
    assert lines[2].split()[1:3] == [f'{stats.by_class()["AA"]:.3f}'.lstrip('0'), f'{stats.by_class()["AKs"]:.3f}'.lstrip('0')]
    assert lines[-1] == f'range equity {stats.range_equity:.4f}'


def test_show_hs_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, 'stats', '--hero-range', 'AA', '--show', 'hs', '--json', '-b', '3h 4s Jh 2c 9d')
    assert status == 0
    data = json.loads(out)
    stats = range_statistics('AA', '3h 4s Jh 2c 9d')
    assert data['classes'] == {'AA': stats.by_class('hs')['AA']}
    assert data['range_equity'] == stats.range_equity and data['lookahead'] == 0 and data['holdings'] == 6


def test_picture(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip('matplotlib')
    target = tmp_path / 'range.png'
    status, out, err = run(capsys, 'stats', '--hero-range', '22+, AKs', '-b', '3h 4s Jh', '--png', str(target))
    assert status == 0, err
    assert target.read_bytes()[:8] == b'\x89PNG\r\n\x1a\n'
    assert f'picture: {target}' in out


@pytest.mark.parametrize('argv, message', [
    (('stats',), 'hole cards'),
    (('stats', 'AhKh', '--hero-range', 'AA'), 'not both'),
    (('stats', '--hero-range', 'AhAs', '-b', 'Ah Kh Qh'), 'no holding off the board'),
    (('stats', '--hero-range', 'XX'), 'XX'),
])
def test_bad_input(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and not out
    assert message in err and len(err.strip().splitlines()) == 1


@settings(max_examples=40, deadline=None, derandomize=True)
@given(hero=st.text(alphabet='AKQJT98765432shdco+-:., ', max_size=12),
       board=st.sampled_from(['', '3h 4s Jh', '3h 4s Jh 2c 9d', 'Ah Ah Kd', '3h 4s']),
       show=st.sampled_from(['ehs', 'hs', 'equity']))
def test_typed_ranges_never_crash(hero: str, board: str, show: str) -> None:
    argv = ['stats', '--hero-range', hero, '--range', 'QQ+', '--show', show, '--json']
    if board:
        argv += ['-b', board]
    try:
        status = main(argv)
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    assert status in (0, 2)
