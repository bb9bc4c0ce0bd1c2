"""``poker preflop`` and ``poker range``: the 13x13 grids as text, JSON and pictures, and bad input."""

from __future__ import annotations

import json

import numpy as np
import pytest

from poker import HAND_CLASSES, HandRanker
from poker.cli import COMMANDS, main
from poker.cli import output
from poker.cli.grid import render_grid
from poker.ranges.weights import class_grid, class_means
from poker.cards.starting_hand import CLASS_OF_HOLDING


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def grid_rows(text: str) -> list[list[str]]:
    """The 13 rows of cells of a printed grid (the lines that start with a rank)."""
    rows = [line.split() for line in text.splitlines() if line[:3].strip() in tuple('AKQJT98765432')
            and len(line.split()) == 14]
    return [row[1:] for row in rows]


def test_commands_are_registered():
    assert {'rank', 'preflop', 'range'} <= set(COMMANDS)


@pytest.mark.parametrize(('opponents', 'table'), [(1, 'IR2'), (3, 'IR4'), (5, 'IR7'), (22, 'IR7')])
def test_preflop_grid_is_the_income_rate_table(capsys, opponents, table):
    status, out, err = run(capsys, 'preflop', '--opponents', str(opponents))
    assert status == 0 and err == ''
    assert f', {table})' in out.splitlines()[0]
    cells = grid_rows(out)
    assert [[int(cell) for cell in row] for row in cells] == [list(r) for r in HandRanker.income_rate_table(opponents)]
    assert '\x1b[' not in out  # plain when not a terminal


def test_preflop_json(capsys):
    status, out, _ = run(capsys, 'preflop', '--opponents', '2', '--json')
    data = json.loads(out)
    assert status == 0 and data['table'] == 'IR4' and data['opponents'] == 2
    assert data['classes']['AA'] == 1554 and data['classes']['72o'] == HandRanker.income_rate('72o', 2)
    assert data['grid'][0][0] == 1554 and len(data['classes']) == 169


def test_preflop_colour_in_a_terminal(capsys, monkeypatch):
    monkeypatch.setattr(output, 'use_colour', lambda stream=None: True)
    _, out, _ = run(capsys, 'preflop')
    assert '\x1b[32m   704\x1b[0m' in out  # AA in green
    assert '\x1b[31m  -308\x1b[0m' in out  # 72o in red


def test_preflop_picture(capsys, tmp_path):
    path = tmp_path / 'preflop.png'
    status, out, _ = run(capsys, 'preflop', '--png', str(path))
    assert status == 0 and path.read_bytes().startswith(b'\x89PNG')
    assert out.rstrip().endswith(f'picture: {path}')


@pytest.mark.parametrize(('argv', 'message'), [
    (['preflop', '--opponents', '0'], "opponents must be a whole number from 1 to 22, got '0'"),
    (['preflop', '--opponents', '23'], "got '23'"),
    (['preflop', '--opponents', 'x'], "opponents must be a whole number from 1 to 22, got 'x'"),
    (['preflop', '--png', 'grid.jpg'], "a picture file name must end in .png, got 'grid.jpg'"),
    (['preflop', '--png', ''], "a picture file name must end in .png, got ''"),
    (['preflop', '--png', 'no/such/folder/x.png'], "no folder 'no/such/folder'"),
])
def test_preflop_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    with pytest.raises(SystemExit) as exit_info:
        status = main(argv)
        raise SystemExit(status)
    err = capsys.readouterr().err
    assert exit_info.value.code == 2
    assert message in err and err.count('\n') == 1 and 'Traceback' not in err


def test_preflop_without_matplotlib(capsys, monkeypatch, tmp_path):
    import sys
    monkeypatch.setitem(sys.modules, 'matplotlib.figure', None)
    status, _, err = run(capsys, 'preflop', '--png', str(tmp_path / 'x.png'))
    assert status == 2 and "pip install 'loki-holdem[plot]'" in err and err.count('\n') == 1


def test_help_has_examples(capsys):
    for command in ('preflop', 'range'):
        assert main([command, '--help']) == 0
        assert f'examples:\n  poker {command}' in capsys.readouterr().out


def test_class_grid_of_class_means_averages_each_class():
    weights = np.zeros(1326)
    weights[CLASS_OF_HOLDING == HAND_CLASSES.index('AKs')] = 1.0
    weights[np.flatnonzero(CLASS_OF_HOLDING == HAND_CLASSES.index('QQ'))[:3]] = 1.0
    grid = class_grid(class_means(weights))
    assert grid[0, 1] == 1.0 and grid[2, 2] == 0.5 and grid.sum() == 1.5


def test_render_grid_layout():
    cells = [[HAND_CLASSES[13 * r + c] for c in range(13)] for r in range(13)]
    lines = render_grid(cells, width=5, enabled=False).splitlines()
    assert lines[0].split() == list('AKQJT98765432')
    assert lines[1].split() == ['A', 'AA', 'AKs', 'AQs', 'AJs', 'ATs', 'A9s', 'A8s', 'A7s', 'A6s', 'A5s', 'A4s',
                                'A3s', 'A2s']
    assert all(len(line) == 3 + 13 * 5 for line in lines)


# ------------------------------------------------------------------------------------------ poker range
def test_range_grid_and_share(capsys):
    status, out, err = run(capsys, 'range', 'QQ+,', 'AKs')
    assert status == 0 and err == ''
    assert '22 of 1326 holdings (1.66%)' in out.splitlines()[0]
    cells = grid_rows(out)
    named = {cell for row in cells for cell in row if cell != '.'}
    assert named == {'AA', 'KK', 'QQ', 'AKs'}
    assert cells[0][:2] == ['AA', 'AKs'] and cells[2][2] == 'QQ'


def test_range_partial_weights(capsys):
    status, out, _ = run(capsys, 'range', 'AA, ATs:0.5')
    assert status == 0
    assert grid_rows(out)[0][4] == '50%'
    assert '8 of 1326 holdings' in out


def test_range_json_and_picture(capsys, tmp_path):
    path = tmp_path / 'range.png'
    status, out, _ = run(capsys, 'range', 'QQ+, AKs', '--json', '--png', str(path))
    data = json.loads(out)
    assert status == 0 and data['holdings'] == 22.0 and data['share'] == pytest.approx(22 / 1326)
    assert data['classes'] == {'AA': 1.0, 'AKs': 1.0, 'KK': 1.0, 'QQ': 1.0}
    assert data['picture'] == str(path) and path.read_bytes().startswith(b'\x89PNG')


def test_bad_range_is_one_line_and_exit_2(capsys):
    status, out, err = run(capsys, 'range', 'QQ++')
    assert status == 2 and out == ''
    assert err.startswith('poker: error: ') and "'QQ++'" in err and err.count('\n') == 1
