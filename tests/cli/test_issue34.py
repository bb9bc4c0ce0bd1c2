"""Issue 34, "what players trip on today": each with the fix's test (each failed before its change)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from poker.cards.starting_hand import HAND_CLASSES
from poker.cli import main
from poker.errors import RangeParseError
from poker.ranges.range import Range
from poker.stats.preflop_odds import class_equity


# ------------------------------------------------------------------------ poker range 15%: which ordering
def test_range_says_which_ordering_a_top_percentage_takes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(['range', '15%']) == 0
    out = capsys.readouterr().out
    assert "Papp's heads-up income rate IR2" in out and '--order equity' in out
    assert main(['range', 'QQ+, AKs:50%']) == 0   # no top percentage: nothing to say (a weight is no ordering)
    assert 'income rate' not in capsys.readouterr().out


def test_range_order_equity_is_all_in_equity_against_a_random_hand(capsys: pytest.CaptureFixture[str]) -> None:
    """At 22% the two orderings part: Papp's income rate takes A6o and Q9s, equity A5o (the wheel's ace)."""
    assert main(['range', '22%', '--json']) == 0
    by_rate = json.loads(capsys.readouterr().out)
    assert main(['range', '22%', '--order', 'equity', '--json']) == 0
    by_equity = json.loads(capsys.readouterr().out)
    assert (by_rate['order'], by_equity['order']) == ('ir', 'equity')
    assert {'A6o', 'Q9s'} <= set(by_rate['classes']) and 'A5o' not in by_rate['classes']
    assert 'A5o' in by_equity['classes'] and not {'A6o', 'Q9s'} & set(by_equity['classes'])
    assert main(['range', '22%', '--order', 'equity']) == 0
    assert 'all-in equity against one random hand' in capsys.readouterr().out


@pytest.mark.parametrize('percent', [5, 15, 22, 40, 60])
def test_an_equity_top_percentage_is_the_best_classes_by_equity(percent: int) -> None:
    """The oracle: the classes sorted by their exact equity (the shipped table), taken until the holdings are
    nearest the percentage; every class in beats (or ties) every class out."""
    from poker.stats import equity_order
    chosen = Range.parse(f'{percent}%', order=equity_order())
    inside = [name for name in HAND_CLASSES if name in chosen]
    outside = [name for name in HAND_CLASSES if name not in chosen]
    assert min(class_equity(name) for name in inside) >= max(class_equity(name) for name in outside)
    assert abs(chosen.combos - percent / 100 * 1326) <= 12


def test_an_order_must_rank_every_class_once() -> None:
    with pytest.raises(RangeParseError, match='169 classes best first'):
        Range.parse('15%', order=['AA', 'KK'])
    with pytest.raises(RangeParseError, match='169 classes best first'):
        Range.parse('15%', order=['AA'] * 169)


# ------------------------------------------------------------ poker advise: "RAISE 4", raise to or by?
@pytest.mark.parametrize('argv, said', [
    # the small blind (1 in) facing the big blind's bet of 2: a raise makes the round's bet 4 and puts 3 in
    (['7h2c', '--board', 'Ks 7d 2d', '--pot', '3', '--to-call', '1', '--bet-size', '2'],
     'Loki: RAISE to 4 (puts in 3: 1 to call, 2 more)'),
    # nothing in yet, one bet of 2 to call before the flop: a raise to two bets, 4, all of it put in now
    (['AsKd', '--pot', '3', '--to-call', '2', '--bet-size', '2'], 'Loki: RAISE to 4 (puts in 4: 2 to call, 2 more)'),
    # a bet of 4 on the turn to call: the raise makes it two bets, 8
    (['9s9c', '--board', '9d 9h 2c 3s', '--pot', '40', '--to-call', '4', '--bet-size', '4'],
     'Loki: RAISE to 8 (puts in 8: 4 to call, 4 more)'),
    (['9h8h', '--board', 'Ts 7c 2d', '--pot', '10', '--to-call', '0', '--bet-size', '2'], 'Loki: BET 2  ('),
    (['Ah Kh', '--board', 'Qh Jh 2c', '--pot', '20', '--to-call', '4', '--bet-size', '4'], 'Loki: CALL 4  ('),
])
def test_advise_says_the_action_as_the_table_does(argv: list[str], said: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(['advise', *argv]) == 0
    assert said in capsys.readouterr().out


def test_advise_says_why_loki_and_kelly_disagree(capsys: pytest.CaptureFixture[str]) -> None:
    """Loki calls (Make1 on the flush and straight draws) where the Kelly bet, 261 of 500, would raise: one line
    says why; where both bet (Loki 2, Kelly 3 of 500) nothing is said."""
    assert main(['advise', 'Ah Kh', '--board', 'Qh Jh 2c', '--pot', '20', '--to-call', '4', '--bet-size', '4',
                 '--bankroll', '500']) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2].startswith('Loki: CALL 4') and lines[3].startswith('Kelly: bet 261 of 500')
    assert lines[4].startswith('Why they differ: Kelly would raise to 261: it stakes the bankroll on the showdown '
                               'chances alone') and "Loki calls by its rule make1 on EHS' 0.829" in lines[4]
    assert len(lines) == 5
    assert main(['advise', '9h8h', '--board', 'Ts 7c 2d', '--pot', '10', '--to-call', '0', '--bet-size', '2',
                 '--bankroll', '500']) == 0
    out = capsys.readouterr().out
    assert 'Loki: BET 2' in out and 'Kelly: bet 3 of 500' in out and 'Why they differ' not in out
    assert main(['advise', 'KhQd', '--pot', '3', '--to-call', '1', '--bet-size', '2', '-n', '3', '--bankroll', '500',
                 '--json']) == 0
    kelly = json.loads(capsys.readouterr().out)['kelly']
    assert kelly['bet'] == 0 and kelly['why_they_differ'].startswith('Kelly would fold (its bet, 0, is less than '
                                                                     'the call, 1)')
    assert "Papp's pre-flop rule Make2 on the hand's income rate" in kelly['why_they_differ']


# ------------------------------------------------------------ poker kelly: what each opponent owes; a raise again
def kelly_session(answers: list[str]) -> tuple[str, list[str]]:
    """A kelly session on scripted answers (with the chances of one fixed holding): its output and prompts."""
    import io
    from poker.cli.kelly_command import KellyAdvisor
    from poker.stats.hand_statistics import HandStatistics
    prompts: list[str] = []
    left = list(answers)

    def read_line(prompt: str) -> str:
        prompts.append(prompt)
        if not left:
            raise EOFError
        return left.pop(0)
    out = io.StringIO()
    chances = HandStatistics.from_counts(64, 2, 34)
    KellyAdvisor(read_line, out=out, err=io.StringIO(), statistics=lambda hole, board, ranges: chances).run()
    return out.getvalue(), prompts


def test_kelly_asks_the_opponents_for_what_each_still_owes() -> None:
    """You bet 50 with three opponents: each owes 50. Then opponent 3 raises to 150 over opponent 2's call: you
    call, and opponent 2 owes 100, opponent 3 nothing."""
    _, prompts = kelly_session(['5000', '0', '3', 'Ah Kh', '50', 'f 50 150', '100'])
    asked = [prompt for prompt in prompts if prompt.startswith("Opponents' bets")]
    assert asked == ["Opponents' bets (3 amounts; opponent 1 owes 50, opponent 2 owes 50, opponent 3 owes 50; "
                     "f folds): ", "Opponents' bets (2 amounts; opponent 2 owes 100, opponent 3 owes 0; f folds): "]
    _, prompts = kelly_session(['5000', '0', '2', 'Ah Kh', '0'])
    assert prompts[-1] == "Opponents' bets (2 amounts; 0 checks, f folds): "   # nothing owed: a check is free


def test_kelly_says_once_a_round_why_a_second_raise_moves_nothing() -> None:
    """Heads-up before the flop: you bet 50, he raises to 100, you raise to 150, he raises again to 200 (and you
    raise again, and he once more): his range was read at his first raise; the second and third leave it, and the
    chances, as they were, and one line says so, once in the round."""
    out, _ = kelly_session(['5000', '0', '1', 'Ah Kh', '50', '100', '100', '100', '100', '100'])
    assert out.count('Opponent 1 raises: range re-weighted') == 1
    assert out.count('Opponent 1 raises again: his range stays as it was, and so do the chances') == 1
    wins = [line for line in out.splitlines() if line.startswith('Against 1 opponent')]
    assert len(wins) == 4 and len(set(wins[1:])) == 1


# ------------------------------------------------------------ poker history: a maniac's aggression factor
def test_history_prints_a_maniacs_aggression_as_trackers_do(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A maniac bets or raises after the flop and never calls there (a station only calls): his AF, bets and
    raises over calls, has no bound, printed ∞ as trackers print it (not '-', which is for a player with neither);
    JSON stays strict: null, with aggression_unbounded true. A rock that never sees a flop keeps '-'."""
    from poker.formats.acpc_log import LogLine
    from poker.players.bots import CallingStation, Maniac, Rock
    from poker.table.game import FixedLimitGame
    game = FixedLimitGame([Maniac('maniac', 1), CallingStation('station', 2)], seed=3)
    hands = [game.play_hand() for _ in range(6)]
    assert all(record.action in ('bet', 'raise') for hand in hands for record in hand.actions
               if hand.names[record.seat] == 'maniac' and record.street != 'preflop')   # (never a call)
    path = tmp_path / 'maniac.log'
    path.write_text(''.join(LogLine.from_hand(hand, number).text() + '\n' for number, hand in enumerate(hands)),
                    encoding='utf-8')
    assert main(['history', str(path)]) == 0
    rows = {line.split()[0]: line.split() for line in capsys.readouterr().out.splitlines()[2:]}
    assert rows['maniac'][4] == '∞' and rows['station'][4] == '0.00'
    assert main(['history', str(path), '--json']) == 0
    players = {player['name']: player for player in json.loads(capsys.readouterr().out)['players']}
    assert players['maniac']['aggression'] is None and players['maniac']['aggression_unbounded'] is True
    assert players['station']['aggression'] == 0.0 and players['station']['aggression_unbounded'] is False
    rocks = FixedLimitGame([Rock('rock', 1), Maniac('maniac', 2)], seed=5)
    folded = [hand for hand in (rocks.play_hand() for _ in range(40)) if hand.street_actions('flop') == ()][:3]
    path.write_text(''.join(LogLine.from_hand(hand, number).text() + '\n' for number, hand in enumerate(folded)),
                    encoding='utf-8')
    assert main(['history', str(path)]) == 0
    rows = {line.split()[0]: line.split() for line in capsys.readouterr().out.splitlines()[2:]}
    assert rows['rock'][4] == '-' and rows['maniac'][4] == '-'   # no flop: neither bets nor calls there


# ------------------------------------------------------------ poker equity: a long range as a player's name
WIDE = ('22+, A2s+, K2s+, Q2s+, J2s+, T2s+, 92s+, 82s+, 72s+, 62s+, 52s+, 42s+, 32s, A2o+, K2o+, Q2o+, J5o+, '
        'T6o+, 96o+, 86o+, 75o+, 65o')


@pytest.mark.parametrize('columns', [72, 80, 100])
def test_equity_fits_a_long_range_to_the_terminal(columns: int, capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv('COLUMNS', str(columns))
    assert main(['equity', 'AhKh', WIDE, 'random', '--samples', '2000', '--seed', '1', '--workers', '1']) == 0
    lines = capsys.readouterr().out.splitlines()
    assert all(len(line) < columns for line in lines), [len(line) for line in lines]
    assert lines[1].split()[0] == 'AhKh' and lines[3].split()[0] == 'random'
    assert lines[2].lstrip().startswith('22+, A2s+') and '…' in lines[2]


def test_equity_keeps_names_whole_where_there_is_no_terminal(capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv('COLUMNS', raising=False)
    assert main(['equity', 'AhKh', WIDE, '--samples', '2000', '--seed', '1', '--workers', '1']) == 0
    assert WIDE in capsys.readouterr().out   # a file or a pipe: nothing to fit, the range whole
    monkeypatch.setenv('COLUMNS', '80')
    assert main(['equity', 'AhKh', WIDE, '--samples', '2000', '--seed', '1', '--workers', '1', '--json']) == 0
    assert WIDE in capsys.readouterr().out   # the JSON is whole whatever the width
