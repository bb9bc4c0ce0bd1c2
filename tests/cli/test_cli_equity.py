"""``poker equity``: the table, the JSON, the progress bar only on a terminal, one line and exit 2 on bad
input, exit 130 on Ctrl-C."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import poker.cli.equity_command as command
from poker import equity
from poker.cli import COMMANDS, main
import installed
from patience import GUARD
from test_cli_stats import run  # the shared capsys runner

ROOT = Path(__file__).resolve().parents[2]


def test_registered() -> None:
    assert 'equity' in COMMANDS


def test_exact_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, 'equity', 'AhAs', 'KcKd', '-b', 'Kh', '7c', '2d')
    assert status == 0 and err == ''
    expected = equity(['AhAs', 'KcKd'], 'Kh 7c 2d')
    assert f'{100 * expected[0].equity:.3f}' in out and f'{100 * expected[1].win:.3f}' in out
    assert 'exact: 990 deals on Kh 7c 2d' in out and '±' not in out.splitlines()[0]


def test_the_tie_column_is_how_often_a_tie_happens(capsys: pytest.CaptureFixture[str]) -> None:
    """Aces against aces on Kh 7h 2d: the hearts win on the C(10, 2) = 45 runouts of two hearts, tie on the
    other 945 of 990."""
    status, out, _ = run(capsys, 'equity', 'AsAh', 'AdAc', '-b', 'Kh 7h 2d')
    rows = [line.split() for line in out.splitlines()[1:3]]
    assert status == 0 and out.split()[1:10] == ['win', '%', 'tie', '%', 'split', 'share', '%', 'equity', '%']
    assert rows == [['AsAh', '4.545', '95.455', '47.727', '52.273'], ['AdAc', '0.000', '95.455', '47.727', '47.727']]
    data = json.loads(run(capsys, 'equity', 'AsAh', 'AdAc', '-b', 'Kh 7h 2d', '--json')[1])['players']
    assert [(round(990 * p['win']), round(990 * p['tie'])) for p in data] == [(45, 945), (0, 945)]
    assert [p['split_share'] for p in data] == pytest.approx([945 / 2 / 990] * 2)
    assert [p['equity'] for p in data] == pytest.approx([(45 + 945 / 2) / 990, 945 / 2 / 990])


def shares_on_every_board(hands: list[str], board: str) -> list[tuple[float, float, float]]:
    """(win, tie, pot share from ties) per player by brute force: every completion of the board ranked, a k-way
    tie counting 1 towards the tie and 1/k towards the pot share."""
    import itertools

    import numpy as np

    from poker import HandRanker
    from poker.cards.card import parse_cards
    holes = [[card.index for card in parse_cards(hand)] for hand in hands]
    known = [card.index for card in parse_cards(board)]
    left = [c for c in range(52) if c not in known and all(c not in hole for hole in holes)]
    rest = np.array(list(itertools.combinations(left, 5 - len(known))), dtype=np.uint8).reshape(-1, 5 - len(known))
    boards = np.column_stack([np.tile(np.array(known, dtype=np.uint8), (len(rest), 1)), rest])
    values = np.array([HandRanker.rank_many(np.column_stack([np.tile(np.array(hole, dtype=np.uint8), (len(boards), 1)),
                                                              boards])) for hole in holes])
    best = values == values.max(axis=0)
    ways = best.sum(axis=0)
    return [(float((row & (ways == 1)).mean()), float((row & (ways > 1)).mean()), float((row * (ways > 1) / ways).mean()))
            for row in best]


@pytest.mark.parametrize('hands, board', [
    (['AhKh', 'QsQd'], ''),  # heads-up before the flop: the pot share from ties is half the tie frequency
    (['2c3d', '2h3s', '4c5d'], 'Kh Kd Ks'),  # three players: two-way splits (a 3 pairs both) and three-way ones
])
def test_the_table_shows_the_tie_frequency_and_the_pot_share_from_ties(
        capsys: pytest.CaptureFixture[str], hands: list[str], board: str) -> None:
    """Equilab's Tie column is how often a player ties (``tie %``); PokerStove's tie column is the share of the
    pot the ties bring, a k-way tie counting 1/k (``split share %``, the JSON's ``split_share``). The table shows
    both, as a count of every board finds them."""
    expected = shares_on_every_board(hands, board)
    if len(hands) == 2:
        assert expected[0][2] == pytest.approx(expected[0][1] / 2, abs=1e-15)
    else:  # both kinds of split happen, so the share is neither a half nor a third of the frequency
        assert expected[0][1] / 3 < expected[0][2] < expected[0][1] / 2
    status, out, err = run(capsys, 'equity', *hands, *(['-b', board] if board else []), '--method', 'exact')
    assert status == 0 and err == ''
    lines = out.splitlines()
    assert lines[0].split() == ['player', 'win', '%', 'tie', '%', 'split', 'share', '%', 'equity', '%']
    for hand, line, (win, tie, split) in zip(hands, lines[1:], expected):
        assert line.split() == [hand, f'{100 * win:.3f}', f'{100 * tie:.3f}', f'{100 * split:.3f}',
                                f'{100 * (win + split):.3f}']
    help_text = run(capsys, 'equity', '--help')[1]
    assert "Equilab's Tie" in help_text and "PokerStove's tie" in help_text


def test_sampled_table_and_json_repeat_with_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ('equity', 'AhKh', 'QQ+, AKs', 'random', '-b', 'Ks 7d 2c', '--dead', '3h', '--samples', '20000',
            '--seed', '4', '--json')
    status, out, err = run(capsys, *argv)
    assert status == 0 and err == ''
    data = json.loads(out)
    assert data['method'] == 'sampled' and data['exact'] is False and data['deals'] == 20000 and data['dead'] == '3h'
    assert [p['player'] for p in data['players']] == ['AhKh', 'QQ+, AKs', 'random']
    assert abs(sum(p['equity'] for p in data['players']) - 1) < 1e-9 and all(p['stderr'] > 0 for p in data['players'])
    again = json.loads(run(capsys, *argv)[1])
    assert [p['equity'] for p in again['players']] == [p['equity'] for p in data['players']]
    status, out, _ = run(capsys, *argv[:-1])
    assert status == 0 and 'sampled (± one standard error): 20,000 deals on Ks 7d 2c, dead 3h' in out


def test_error_and_method_options(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, 'equity', 'AhKh', 'QcQd', '-b', 'Qh 7h 2c 9s', '--method', 'exact')
    assert status == 0 and 'exact: 44 deals' in out
    status, out, _ = run(capsys, 'equity', 'AhKh', 'QcQd', '-b', 'Qh 7h 2c 9s', '--method', 'sampled', '--seed', '2',
                         '--json')
    data = json.loads(out)
    assert status == 0 and data['method'] == 'sampled' and max(p['stderr'] for p in data['players']) <= 0.001
    status, out, _ = run(capsys, 'equity', 'AhKh', 'random', '-b', 'Qh 7h 2c', '--error', '0.01', '--seed', '1',
                         '--json')
    data = json.loads(out)
    assert status == 0 and max(p['stderr'] for p in data['players']) <= 0.01
    status, _, err = run(capsys, 'equity', 'AhKh', 'QcQd', '--method', 'exact', '--samples', '10')
    assert status == 2 and '--method exact counts every deal: --samples 10' in err and err.count('\n') == 1
    status, _, err = run(capsys, 'equity', 'AhKh', 'QcQd', '--method', 'sample')
    assert status == 2 and "invalid choice: 'sample'" in err and err.count('\n') == 1


@pytest.mark.parametrize('argv, quoted', [
    (['AhKh'], 'got 1'),
    (['AhKh', 'QQ++'], "'QQ++'"),
    (['AhKh', 'AhQd'], "'Ah'"),
    (['AhKh', 'QQ', '-b', 'Qs', '7c'], "'Qs 7c'"),
    (['AhKh', 'QQ', '--dead', 'Xx'], "'Xx'"),
    (['AhKh', 'QQ', '--samples', '1'], '1'),
    (['AhKh', 'QQ', '--error', 'nan'], 'nan'),
    (['AhKh', 'QQ', '--seed', '-1'], '-1'),
    (['AhKh', 'QQ', '--samples', 'many'], "'many'"),
    (['AhKh', 'QQ', '--workers', '0'], '0'),
])
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str], quoted: str) -> None:
    status, out, err = run(capsys, 'equity', *argv)
    assert status == 2 and out == '' and quoted in err and err.count('\n') == 1 and 'Traceback' not in err


def test_workers_give_the_same_answer(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ('equity', 'QQ+, AKs', 'JJ-99, AQs', 'random', '-b', 'Kh 7c 2d', '--samples', '140000', '--seed', '2',
            '--json')
    alone = json.loads(run(capsys, *argv)[1])
    status, out, err = run(capsys, *argv, '--workers', '2')
    assert status == 0 and err == ''
    assert [p['equity'] for p in json.loads(out)['players']] == [p['equity'] for p in alone['players']]


def test_ctrl_c_exits_130(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt
    monkeypatch.setattr(command, 'equity', interrupted)
    status, out, err = run(capsys, 'equity', 'AhKh', 'QQ')
    assert status == 130 and out == '' and err.strip() == ''


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    piped = command._Bar()
    piped(5, 10)
    assert piped.bar is None  # not a terminal: nothing drawn, tqdm not even imported for it
    stream = Terminal()
    monkeypatch.setattr(sys, 'stderr', stream)
    bar = command._Bar(delay=0.0)  # no waiting for the first second
    bar(0, 100)
    bar(60, 100)
    bar.bar.refresh()
    bar.close()
    assert bar.bar.n == 60 and bar.bar.total == 100 and ' 60%' in stream.getvalue()


def test_module_subprocess_pipes_without_a_bar() -> None:
    env = installed.environment(NO_COLOR='1')
    result = subprocess.run([sys.executable, '-m', 'poker', 'equity', 'AcKd', 'random', 'random', 'random',
                             '-b', 'Qc Qs Jd 7h 3d', '--samples', '300000', '--seed', '1'],
                            capture_output=True, text=True, env=env, cwd=ROOT, timeout=GUARD)
    assert result.returncode == 0 and result.stderr == ''
    assert 'AcKd' in result.stdout and '300,000 deals' in result.stdout
    bad = subprocess.run([sys.executable, '-m', 'poker', 'equity', 'AcKd', 'ZZ'], capture_output=True, text=True,
                         env=env, cwd=ROOT, timeout=GUARD)
    assert bad.returncode == 2 and bad.stdout == '' and bad.stderr.count('\n') == 1


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.lists(st.text(alphabet='AKQJT98765432shdcr+-,: o0.x', max_size=10), min_size=1, max_size=4),
       st.sampled_from([[], ['-b', 'Ks 7d 2c'], ['--dead', 'Ah'], ['-b', 'Ks', '7d']]))
def test_fuzzed_players(players: list[str], extra: list[str]) -> None:
    stdout, stderr = io.StringIO(), io.StringIO()
    old = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = stdout, stderr
    try:
        try:
            status = main(['equity', *players, *extra, '--samples', '200', '--seed', '0'])
        except SystemExit as exit_:
            status = int(exit_.code or 0)
    finally:
        sys.stdout, sys.stderr = old
    assert status in (0, 2)
    if status == 2:
        assert stderr.getvalue().count('\n') == 1 and stdout.getvalue() == ''
    else:
        assert 'deals' in stdout.getvalue()
