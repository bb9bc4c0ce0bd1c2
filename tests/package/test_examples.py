"""The example program and every exercise run on their own and print what they promise."""

from __future__ import annotations

import importlib.util
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from example_program import load_pokergame
import installed
from patience import GUARD

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / 'examples'
EXERCISES = sorted((EXAMPLES / 'exercises').glob('*.py'))


def run(script: Path, *args: str) -> subprocess.CompletedProcess:
    env = installed.environment(PYTHONIOENCODING='utf-8')
    return subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=GUARD, encoding='utf-8')  # a guard against a hang


def pokergame(*args: str) -> subprocess.CompletedProcess:
    return run(EXAMPLES / 'pokergame.py', *args)


CLASSIC_FIGURES = ('0.5851', '0.3011', '0.0994', '0.5042', '0.1451', '0.0686', '0.7094', '0.5282')


def test_default_run_shows_the_classic_example_and_a_hand():
    result = pokergame()
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "The Java example: A♥ Q♥ on 3♥ 4♠ J♥ against 1 opponent" in out
    assert "The Java example: A♥ Q♥ on 3♥ 4♠ J♥ against 5 opponents" in out
    for figure in CLASSIC_FIGURES:
        assert figure in out
    assert 'opponent holdings now: ahead 628, tied 9, behind 444 (1,081 with weight)' in out
    assert "Hand 1 of fixed-limit hold'em" in out and out.count('  seat ') == 4
    assert 'Preflop' in out and 'advise: ' in out and ' -> ' in out
    assert ('wins the pot of' in out) or ('split the pot of' in out)
    assert 'Net: Ann ' in out
    assert result.stderr == ''


def test_same_seed_same_hand_other_seed_other_hand():
    first, again, other = pokergame('--seed', '7', '--players', '6'), pokergame('--seed', '7', '--players', '6'), \
        pokergame('--seed', '8', '--players', '6')
    assert first.returncode == 0 and first.stdout == again.stdout != other.stdout
    assert first.stdout.count('  seat ') == 6 and 'Fay' in first.stdout


def told_hands(out: str) -> dict[int, str]:
    """The narration of each hand in ``out``, by hand number (from its header to its Net line)."""
    hands = {}
    for match in re.finditer(r"^Hand (\d+) of fixed-limit hold'em.*?^Net: .*?$", out, flags=re.S | re.M):
        hands[int(match.group(1))] = match.group(0)
    return hands


def test_the_hand_header_says_how_to_replay_it():
    """Issue 9: the header printed a deck seed that --seed did not reproduce; it now prints options that do."""
    session = pokergame('--seed', '7', '--players', '3', '--hands', '3', '--verbose')
    assert session.returncode == 0, session.stderr
    told = told_hands(session.stdout)
    assert sorted(told) == [1, 2, 3]
    # every income rate says which table it comes from: the statistics line's and the advice's (issue 21)
    rates = re.findall(r'IR [+-]?\d+( \(table for (?:1 opponent|2-3 opponents|4\+ opponents)\)| in the )',
                       session.stdout)
    assert rates and len(rates) == session.stdout.count('IR '), session.stdout
    for number in (1, 3):
        replay = re.search(r'\(replay: ([^)]*)\)', told[number].splitlines()[0]).group(1)
        again = pokergame(*replay.split())
        assert again.returncode == 0, again.stderr
        last = told_hands(again.stdout)
        assert max(last) == number and last[number] == told[number]


def test_loki2_seats_play_and_their_hands_replay():
    """Issue 32: the last --loki2 seats play Loki-2 (its simulation's reasons in the advice), and a hand header's
    replay options seat them again."""
    session = pokergame('--seed', '11', '--players', '3', '--loki2', '2', '--hands', '4', '--verbose')
    assert session.returncode == 0, session.stderr
    told = told_hands(session.stdout)
    assert sorted(told) == [1, 2, 3, 4]
    assert all(hand.count('[Loki-2]') == 2 for hand in told.values())
    assert 'simulated: call' in session.stdout
    replay = re.search(r'\(replay: ([^)]*)\)', told[3].splitlines()[0]).group(1)
    assert '--loki2 2' in replay
    again = pokergame(*replay.split())
    assert again.returncode == 0 and told_hands(again.stdout)[3] == told[3]


@pytest.mark.parametrize('option', [['--hands', '5'], ['--hands', '1'], ['--seed', '3'], ['--players', '6'],
                                    ['--verbose'], ['--loki2', '1']])
def test_game_options_are_refused_beside_a_scenario_file(option):
    """Issue 9: --hands with --scenario was silently ignored (the file's scenarios play no hand)."""
    result = pokergame('--scenario', str(EXAMPLES / 'scenarios.toml'), *option)
    assert result.returncode == 2 and result.stdout == ''
    assert result.stderr == (f'pokergame.py: error: {option[0]} cannot go with --scenario, which works out the '
                             "file's scenarios and plays no hand\n")


def test_many_hands_give_a_results_table(tmp_path):
    log = tmp_path / 'hands.log'
    result = pokergame('--hands', '3', '--players', '3', '--log', str(log))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith('Results after 3 hands'))
    table = lines[start + 1:]
    assert table[0].split() == ['player', 'pots', 'won', 'showdowns', 'net', 'chips', 'small', 'bets/hand']
    rows = [line.split() for line in table[1:4]]
    assert [row[0] for row in rows] == ['Ann', 'Bob', 'Cat']
    assert sum(int(row[3]) for row in rows) == 0  # chips only change hands
    assert sum(float(row[1]) for row in rows) == pytest.approx(3)
    assert result.stderr == ''  # no progress bar when stderr is not a terminal
    from poker.formats.hand_history import read_history  # --log: every hand, in the ACPC log format
    history = read_history(log)
    assert [line.hand for line in history.lines] == [0, 1, 2]
    assert {p.name: round(p.sb_per_hand * 2 * 3) for p in history.players()} == {row[0]: int(row[3]) for row in rows}


def test_own_scenarios_from_toml_and_json():
    toml = pokergame('--scenario', 'examples/scenarios.toml')
    assert toml.returncode == 0, toml.stderr
    assert toml.stdout.count('  opponents  look-ahead') == 4
    assert 'The same flop against a tight opponent' in toml.stdout and 'opponents hold: TT+' in toml.stdout
    assert "Hand 1 of fixed-limit hold'em" not in toml.stdout
    json = pokergame('--scenario', 'examples/scenarios.json')
    assert json.stdout == toml.stdout


@pytest.mark.parametrize(('args', 'message'), [
    (['--hands', '-1'], "argument --hands: hands must be a whole number from 0 to 10000000, got '-1'"),
    (['--players', '11'], "argument --players: players must be a whole number from 2 to 10, got '11'"),
    (['--loki2', '11'], "argument --loki2: loki2 must be a whole number from 0 to 10, got '11'"),
    (['--loki2', '5', '--players', '3'], '--loki2 5 is more seats than --players 3'),
    (['--scenario', 'nothing.toml'], 'nothing.toml: no such file'),
    (['--scenario', ''], ': a scenario file must end in .toml or .json'),
])
def test_bad_arguments_are_one_line_and_exit_2(args, message):
    result = pokergame(*args)
    assert result.returncode == 2 and result.stdout == ''
    assert message in result.stderr and result.stderr.count('\n') == 1 and 'Traceback' not in result.stderr


def test_bad_scenario_file_names_the_field(tmp_path):
    path = tmp_path / 'mine.toml'
    path.write_text('[[scenario]]\nhole = "Ah Qh"\n\n[[scenario]]\nname = "bad"\nhole = "Ah Qh"\nboard = "3h 4s"\n')
    result = pokergame('--scenario', str(path))
    assert result.returncode == 2 and result.stdout == ''
    # one line that names the file (a long path is shortened in the middle) and the field
    assert result.stderr.startswith('pokergame.py: error: ') and result.stderr.count('\n') == 1
    assert result.stderr.endswith("mine.toml: scenario 2 ('bad'): 'board': expected 0, 3, 4 or 5 cards, "
                                  "got 2 ('3h 4s')\n")


def test_progress_bar_only_when_asked():
    module = load_pokergame()
    stream = io.StringIO()
    progress = module.Progress(40, stream, enabled=True)
    assert progress.line(10, width=20).startswith('\rhands 10/40 [#####...............]')
    progress.update(40)
    progress.close()
    assert '[' + '#' * 30 + ']' in stream.getvalue() and stream.getvalue().endswith('\r')
    quiet = io.StringIO()
    module.Progress(40, quiet).update(1)  # a StringIO is not a terminal
    assert quiet.getvalue() == ''


def in_process(argv, encoding='utf-8', monkeypatch=None):
    """pokergame's main(argv) in this process, its outputs written in ``encoding`` (strictly, as a terminal
    or a pipe in that encoding would): (status, stdout, stderr)."""
    module = load_pokergame()
    out = io.TextIOWrapper(io.BytesIO(), encoding=encoding)
    err = io.TextIOWrapper(io.BytesIO(), encoding=encoding)
    monkeypatch.setattr(sys, 'stdout', out)
    monkeypatch.setattr(sys, 'stderr', err)
    status = module.main(argv)
    out.flush()
    err.flush()
    return status, out.buffer.getvalue().decode(encoding), err.buffer.getvalue().decode(encoding)


def test_cards_fall_back_to_text_where_symbols_cannot_be_shown(monkeypatch):
    """Issue 18: the output's encoding decides, in one place (poker.cli.program): suits as letters in ASCII."""
    status, out, err = in_process(['--hands', '0'], 'ascii', monkeypatch)
    assert status == 0 and err == ''
    assert 'The Java example: Ah Qh on 3h 4s Jh against 1 opponent' in out
    status, out, err = in_process(['--hands', '0'], 'utf-8', monkeypatch)
    assert 'The Java example: A♥ Q♥ on 3♥ 4♠ J♥ against 1 opponent' in out


def test_names_from_a_scenario_file_are_shown_escaped(tmp_path, monkeypatch):
    """Issue 18: a name with a lone surrogate died with UnicodeEncodeError; NUL and ESC reached the terminal."""
    path = tmp_path / 'names.json'
    path.write_text('{"scenario": [{"name": "Bad \\ud800 \\u0000 \\u001b[2J\\u00e9", "hole": "Ah Qh", '
                    '"board": "3h 4s Jh"}]}', encoding='ascii')
    for encoding, name in (('utf-8', 'Bad \\ud800 \\x00 \\x1b[2Jé'), ('ascii', 'Bad \\ud800 \\x00 \\x1b[2J\\xe9')):
        status, out, err = in_process(['--scenario', str(path)], encoding, monkeypatch)
        assert status == 0 and err == ''
        assert out.startswith(f'{name}: A') and '\x00' not in out and '\x1b' not in out


NUMBER_TEXTS = ['7', ' 7 ', '0', '10', '1_0', '\u0661', '\uff11', '\u00b2', '-1', '+1', '1.0', '1e3', '', '9' * 19,
                '9' * 400, '0x10', '9223372036854775807', '9223372036854775808']


def test_numbers_are_read_by_the_poker_commands_rules(capsys):
    """Issue 18: pokergame.py took --seed 1_0, ١, negative and 400-digit seeds, and --hands １, all of which poker
    refuses. Both read by poker.cli.whole: what one takes the other takes, what one refuses the other refuses."""
    from poker.cli import build_parser
    game, poker_parser = load_pokergame().build_parser(), build_parser()

    def read(parser, argv):
        try:
            return parser.parse_args(argv).seed
        except SystemExit as done:
            assert done.code == 2
            err = capsys.readouterr().err
            assert len(err.splitlines()) == 1
            return err.split('argument --seed: ', 1)[1]

    for text in NUMBER_TEXTS:
        assert read(game, ['--seed', text]) == read(poker_parser, ['equity', 'AhKh', 'QQ', '--seed', text]), text
    for option, text in (('--hands', '\uff11'), ('--hands', '9' * 400), ('--hands', '-1'), ('--players', '\uff12'),
                         ('--players', '1_0'), ('--seed', '\u0661')):
        with pytest.raises(SystemExit):
            game.parse_args([option, text])
        assert 'must be a whole number' in capsys.readouterr().err
    assert game.parse_args(['--seed', '7', '--hands', '0', '--players', '10']).seed == 7


# ----------------------------------------------------------------------------------------- exercises
# Layout (examples/exercises/_checking.py): each exercise is a folder with task.py (the task and a stub that
# fails its check), solution.py and check.py. No flat exercise file is left.
EXERCISE_DIRS = sorted(path for path in (EXAMPLES / 'exercises').iterdir()
                       if path.is_dir() and (path / 'check.py').is_file())
FLAT_EXERCISES = [path for path in EXERCISES if not path.name.startswith('_')]
NEW_EXERCISES = {'calling_station', 'strong_only_player', 'tight_strategy', 'reweighting_rule', 'preflop_tightness',
                 'beat_the_station', 'java_wheel_ranker', 'counting_ranker'}
# What a solution prints (checked beside its check.py), for the solutions that promise figures.
SOLUTION_PROMISES = {
    'counting_ranker': ['hands built by the factory:    50 (cache hits 950, misses 50)',
                        'hands ranked with the factory: 50', 'hands ranked without it:       1000',
                        'Player on the flop, 2 to come: 180,622 hands ranked'],
    'java_wheel_ranker': ['RankableHand: wheel 5854 (Straight, Five-High), six-high 5855',
                          'the six-high straight wins', 'JavaHand: wheel 5863 (Straight, Ace-High)',
                          'the wheel wins', 'of 1,000,000 heads-up showdowns',
                          'HandRanker: A♥Q♥ on 3♥4♠J♥, two cards to come: PPOT 0.5041789128745651, '
                          'NPOT 0.14514153391623746',
                          'JavaWheelRanker: A♥Q♥ on 3♥4♠J♥, two cards to come: PPOT 0.5050257311126877, '
                          'NPOT 0.1433984109873438'],
}


def checking():
    spec = importlib.util.spec_from_file_location('_checking', EXAMPLES / 'exercises' / '_checking.py')
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_exercise_is_in_the_layout():
    assert {path.name for path in EXERCISE_DIRS} == NEW_EXERCISES
    assert FLAT_EXERCISES == [], 'an exercise must be a folder (task.py, solution.py, check.py)'
    assert set(SOLUTION_PROMISES) <= NEW_EXERCISES


@pytest.mark.parametrize('folder', EXERCISE_DIRS, ids=lambda path: path.name)
def test_the_stub_fails_its_check_and_the_solution_passes(folder):
    tools = checking()
    check = tools.load(folder, 'check').check
    task = (folder / 'task.py').read_text(encoding='utf-8')
    assert task.startswith('"""Exercise: ') and 'check.py' in task and 'your code here' in task
    assert (folder / 'solution.py').read_text(encoding='utf-8').startswith('"""Solution to the exercise')
    with pytest.raises((AssertionError, NotImplementedError)) as failed:
        check(tools.load(folder, 'task'))
    if failed.type is AssertionError:  # a check that fails says what it expected next to what it got
        assert 'expected' in str(failed.value), str(failed.value)
    check(tools.load(folder, 'solution'))


@pytest.mark.parametrize('folder', EXERCISE_DIRS, ids=lambda path: path.name)
def test_the_solution_runs_on_its_own(folder):
    result = run(folder / 'solution.py')
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() and 'Traceback' not in result.stderr
    for promise in SOLUTION_PROMISES.get(folder.name, []):
        assert promise in result.stdout


def test_the_pusher_exercise_says_how_to_build_an_advice():
    """Issue 34: the task asked for an advice that raises without saying how to make one; it names the frozen
    value's fields (Advice's own), attrs.evolve (as the solution does) and the constructor, and its stub is
    annotated with the class."""
    import attrs
    from poker import Advice
    task = (EXAMPLES / 'exercises' / 'calling_station' / 'task.py').read_text(encoding='utf-8')
    solution = (EXAMPLES / 'exercises' / 'calling_station' / 'solution.py').read_text(encoding='utf-8')
    words = ' '.join(task.split('"""')[1].split())
    assert 'attrs.evolve(advice, ' in words and 'attrs.evolve(advice, ' in solution
    assert all(f'``{field.name}``' in words for field in attrs.fields(Advice))
    assert "Advice('raise', amount, 'pusher', reason)" in words
    assert 'def advise(self, stats: HandStatistics, view: TableView) -> Advice:' in task


def test_check_script_exit_status():
    folder = EXAMPLES / 'exercises' / 'tight_strategy'
    task, solution = run(folder / 'check.py'), run(folder / 'check.py', '--solution')
    assert task.returncode == 1 and 'tight_strategy/task.py: not yet:' in task.stdout
    assert solution.returncode == 0 and 'tight_strategy/solution.py: passed' in solution.stdout


def test_default_hand_shows_the_models_at_work():
    out = pokergame().stdout
    assert ' now sees ' in out and '% of the weight left: ' in out
    line = next(line for line in out.splitlines() if ' now sees ' in line)
    assert line.split(': ', 1)[1].split()[1] == '1.00'   # the heaviest class keeps its full weight


def test_the_reweighting_task_states_what_its_check_expects():
    """The check expects 0.01 at mu - sigma exactly (strength 0.3 with mu 0.5, sigma 0.2): the task says so."""
    task = (EXAMPLES / 'exercises' / 'reweighting_rule' / 'task.py').read_text(encoding='utf-8')
    assert '0.01 at or below ``mu - sigma``' in task
