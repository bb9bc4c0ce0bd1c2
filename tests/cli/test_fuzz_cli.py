"""The command line's rule, fuzzed: whatever the arguments and standard input, every command ends with status 0
or 2, says why in one line on stderr when it refuses, never prints a traceback, and its --json is strict JSON.
``examples/pokergame.py`` keeps the same rule, and its options are fuzzed the same way.

Each example is a fresh ``python -m poker`` process, so the examples are few, drawn from tokens that have
broken commands before (huge, tiny and non-ASCII numbers, empty and odd ranges, cards twice, bytes that are
not UTF-8) mixed with random text; hypothesis is seeded (derandomized) so a run repeats. pokergame.py's
examples run in this process (its main), so they are cheap.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from poker.cli import COMMANDS, main

import installed
from patience import GUARD, default_ctrl_c

ROOT = Path(__file__).resolve().parents[2]

NUMBERS = ['0', '1', '2', '3', '-1', '0.5', '1e308', '1.7976931348623157e308', '1e-320', '1e13', 'nan', 'inf',
           '-inf', '1_0', '\u0661', '\u00b2', '9' * 400, '9' * 5000, '22', '23', '1.5', '']
CARDS = ['Ah', 'Kh', 'AhKh', 'Ah Kh', 'Qh Jh Th', '3h 4s Jh', '2c', 'Ah Ah', '10h', 'Zz', '\u2660A', 'Ks 7d 2c 9s',
         'Ks 7d 2c 9s 3h', 'As Kd Qc Jh Th 9s 8s', '']
RANGES = ['QQ+', 'AKs', 'QQ+, AKs, ATs+:0.5', 'T9s-65s', '15%', 'random', '', ' ', ',', 'AKs:1_0', 'AKs:\u0661',
          'AKs:50%', '22+:1e308, A2+:1e308', 'QQ++', 'AKx', 'AhAh', 'AA:0', '0%', '100%']
OPTIONS = ['-b', '--board', '-n', '--opponents', '-l', '--lookahead', '-r', '--range', '--json', '--png', '--pot',
           '--to-call', '--bet-size', '--bets', '--bankroll', '--called', '--put-in', '--help', '--version', '--', '-',
           '--player', '--players', '--fresh-every', '--log', '--game', '--timeout', '--most-hands', '--hero', '--html']
PLAYERS = ['station', 'maniac,rock', 'poker.players.bots:Maniac', 'math:sqrt', 'poker:PokerError', 'no.such:x', ':', 'a:']
FILES = ['out.png', '', 'x.jpg', 'no/such/dir/x.png']

TOKEN = st.one_of(st.sampled_from(NUMBERS + CARDS + RANGES + OPTIONS + FILES + PLAYERS),
                  st.text(alphabet=st.characters(blacklist_categories=('Cs',), blacklist_characters='\x00'),
                          max_size=8))
LINES = st.lists(st.one_of(st.sampled_from(NUMBERS + CARDS + ['f', 'F', 'fold', '0 0', '1 f', 'f f']),
                           st.text(max_size=6).filter(lambda t: '\x00' not in t)), max_size=12)
STDIN = st.one_of(LINES.map(lambda lines: '\n'.join(lines).encode('utf-8', 'surrogatepass')),
                  st.binary(max_size=40))

EXAMPLES = int(os.environ.get('POKER_FUZZ_EXAMPLES', '4'))
"""Examples per command (each a process): few in the suite; set POKER_FUZZ_EXAMPLES for a deeper run."""

# a valid start for each command, so that the fuzz reaches past the first check
STARTS = {
    'rank': [['rank'], ['rank', 'As Kd Qc Jh Th']],
    'stats': [['stats'], ['stats', 'AhQh'], ['stats', 'AhQh', '-b', '3h 4s Jh']],
    'classes': [['classes'], ['classes', 'JJ+, AK', '-b', 'Jh Ts 4h 2c 9d'], ['classes', 'AKs', '-b', 'Jh Ts 4h']],
    'preflop': [['preflop']],
    'range': [['range'], ['range', 'QQ+']],
    'advise': [['advise', 'AhKh', '--pot', '3', '--to-call', '1', '--bet-size', '1'], ['advise']],
    'kelly': [['kelly']],
    'equity': [['equity'], ['equity', 'AhKh', 'QQ+', '--samples', '2000', '--seed', '1']],
    'table': [['table'], ['table', '--street', 'river', '--out', 'out', '--boards', '1', '--chunk-boards', '1',
                          '--workers', '1']],
    'acpc': [['acpc', '127.0.0.1', '1', '--game', 'none.game'], ['acpc', '127.0.0.1']],   # nobody listens on port 1
    'match': [['match'], ['match', '--players', 'station,maniac', '--hands', '2', '--seed', '1'],
              ['match', '--players', 'station', '--player', 'poker.players.bots:Maniac', '--hands', '2', '--player'],
              ['match', '--players', 'station,maniac', '--hands', '1', '--log']],
    'play': [['play', '--hands', '2'], ['play', '--opponents', 'station', '--seed', '1'],
             ['play', '--opponents', 'rock,maniac', '--coach', '--hands', '1', '--log', 'play.log']],
    'exploit': [['exploit'], ['exploit', '--player', 'random', '--hands', '2', '--seed', '1'],
                ['exploit', '--player', 'folder', '--hands', '1', '--adaptation']],
    'history': [['history'], ['history', 'hands.log'], ['history', 'hands.log', '--json'],
                ['history', 'hostile.log', 'hands.log', '--json']],
    'review': [['review'], ['review', 'hands.log', '--hero', 'Alice'], ['review', 'hands.log', '--hero', 'Bob', '--json'],
               ['review', 'hostile.log', 'hands.log', '--hero', 'Alice', '--html', 'r.html']],
}
HANDS_LOG = 'STATE:0:rc/crc/cc/cc:Ah9c|Ks8d/2h3c4d/Js/7h:6|-6:Alice|Bob\nSTATE:1:rrf:Qd9d|Tc8c:4|-4:Alice|Bob\n'
"""The log ``poker history`` is fuzzed with (``hands.log`` in its folder)."""


def run(argv: list[str], stdin: bytes, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    env = installed.environment(NO_COLOR='1', LC_ALL='C', PYTHONIOENCODING='utf-8')
    return subprocess.run([sys.executable, '-m', 'poker', *argv], input=stdin, capture_output=True, env=env,
                          cwd=cwd, timeout=GUARD)  # a guard against a hang, not a limit


def check(result: subprocess.CompletedProcess[bytes], argv: list[str]) -> None:
    err = result.stderr.decode('utf-8', 'replace')
    assert result.returncode in (0, 2), (argv, result.returncode, err)
    assert 'Traceback' not in err, (argv, err)
    if result.returncode == 2:
        assert len(err.splitlines()) == 1, (argv, err)
    if '--json' in argv and result.returncode == 0 and '--help' not in argv and '--version' not in argv \
            and argv[0] != 'kelly':
        json.loads(result.stdout, parse_constant=lambda name: pytest.fail(f'{name} in JSON of {argv}'))


@pytest.mark.parametrize('command', COMMANDS)
def test_any_input_is_an_answer_or_one_line_exit_2(command: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    cwd = tmp_path_factory.mktemp(f'fuzz-{command}')
    (cwd / 'hands.log').write_text(HANDS_LOG, encoding='utf-8')
    (cwd / 'hostile.log').write_bytes(b'\xef\xbb\xbf# GAMEDEF\r\n' + HANDS_LOG.encode() + b'\x00' * 20_000)

    @settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(start=st.sampled_from(STARTS[command]), tokens=st.lists(TOKEN, max_size=6), stdin=STDIN)
    def fuzz(start: list[str], tokens: list[str], stdin: bytes) -> None:
        argv = [*start, *tokens]
        result = run(argv, stdin, cwd)
        check(result, argv)
        if command == 'kelly' and result.returncode == 0:  # every refused answer is one line, asked again
            for line in result.stderr.decode('utf-8', 'replace').splitlines():
                assert line.endswith('; try again') or not line, (argv, line)

    fuzz()


@pytest.mark.parametrize('argv', [
    ['advise', 'QhQd', '--pot', '3', '--to-call', '1.7976931348623157e308', '--bet-size', '0.5'],
    ['advise', 'QhQd', '--pot', '3', '--to-call', '8', '--bet-size', '1e-320'],
    ['advise', 'AhKh', '--board', 'Qh Jh Th 2c 3d', '--pot', '1', '--to-call', '0', '--bet-size', '1',
     '--bankroll', '1.7976931348623157e308'],
    ['advise', '9h8h', '--board', 'Ks 7h 2d', '--pot', '0', '--to-call', '0', '--bet-size', '1e308', '--json'],
    ['advise', 'AhKh', '--pot', '1', '--to-call', '0', '--bet-size', '1', '--bets', '1_0'],
    ['stats', 'AhQh', '--png', ''],
    ['stats', 'AhQh', '-r', ''],
    ['kelly', '--range', ''],
    ['range', '22+:1e308, A2+:1e308'],
    ['range', 'AKs:1_0'],
    ['range', 'AKs:\u0661'],
])
def test_the_issue_inputs_are_one_line_exit_2(argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert len(err.splitlines()) == 1 and out == '', (argv, err)


HOSTILE_LOGS = {
    'zeros.log': bytes(100_000),
    'random.log': bytes(range(256)) * 400,
    'bom-crlf.log': b'\xef\xbb\xbf' + HANDS_LOG.replace('\n', '\r\n').encode(),
    'twice.log': b'STATE:0:cc/crc/cc/cc:2h9s|6sQc/9d7h8d/Jd/3s:4|-4:A|A\n',
    'digits.log': 'STATE:\u00b2:rf:AhKh|7c2d:-2|2:a|b\n'.encode(),
    'header.log': b'# GAMEDEF\n# limit\n# numPlayers = 3\n' + HANDS_LOG.encode(),
    'games.log': b'# GAMEDEF\n# numPlayers = 2\n# blind = 2 1\n# raiseSize = 2 2 4 4\n# numRounds = 4\n# numSuits = 4\n'
                 b'# numRanks = 13\n# numHoleCards = 2\n# numBoardCards = 0 3 1 1\n# END GAMEDEF\n'
                 + HANDS_LOG.encode() + b'STATE:2:rcf:AhKh|7c2d|QsQd:-2|4|-2:a|b|c\n',
}


@pytest.mark.parametrize('name', sorted(HOSTILE_LOGS))
def test_poker_history_on_a_hostile_log_is_an_answer_or_one_line(name: str, tmp_path: Path) -> None:
    """Issue 28: ``poker history`` read /dev/zero until memory ran out and let a ValueError out of a hand number
    written in other digits; a log is now read as a stream with limits, and refused in one line."""
    (tmp_path / name).write_bytes(HOSTILE_LOGS[name])
    result = run(['history', name, '--json'], b'', tmp_path)
    check(result, ['history', name, '--json'])
    assert (result.returncode == 0) == (name == 'bom-crlf.log'), result.stderr
    if result.returncode == 2:
        assert f"{name}', line " in result.stderr.decode(), result.stderr


def test_kelly_hostile_answers(tmp_path: Path) -> None:
    answers = ['9' * 5000, '9' * 400, '1000', '0', '1', 'Ah Kh', '9' * 400, '100', 'f']
    result = run(['kelly'], ('\n'.join(answers) + '\n').encode() + b'\xff\xfe\n', tmp_path)
    err = result.stderr.decode()
    assert result.returncode == 0 and 'Traceback' not in err
    assert len(err.splitlines()) == 3 and all(line.endswith('; try again') for line in err.splitlines())
    assert 'Every opponent folded' in result.stdout.decode()


def test_ctrl_c_exits_130_quietly(tmp_path: Path) -> None:
    """Ctrl-C at kelly's first question, once it is asked (its prompt read), with the input left open: it was
    sent 0.2 s after the greeting, and the input closed at once after it, so a loaded machine could read the
    end of the input first."""
    import signal
    env = installed.environment(NO_COLOR='1', PYTHONUNBUFFERED='1')
    process = subprocess.Popen([sys.executable, '-m', 'poker', 'kelly'], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=tmp_path,
                               preexec_fn=default_ctrl_c)
    assert process.stdout is not None
    try:
        seen = b''
        while not seen.endswith(b'Bankroll: ') and (byte := process.stdout.read(1)):
            seen += byte
        assert seen.endswith(b'Bankroll: '), seen  # the question is asked: kelly reads its answer
        process.send_signal(signal.SIGINT)
        process.wait(timeout=GUARD)  # the input still open: only the Ctrl-C can end it
        out, err = process.communicate(timeout=GUARD)
    finally:
        process.kill()
    assert process.returncode == 130 and b'Traceback' not in err and len(err.splitlines()) <= 1


AMOUNT = st.one_of(st.floats(0, 1e12), st.floats(1e-6, 1e-3), st.sampled_from(['0', '1e12', '1e-6', '1e-7', '1e12.5',
                                                                                '1e13', '5e-324', '-0', '+1']))


@settings(max_examples=30, derandomize=True, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(pot=AMOUNT, to_call=AMOUNT, bet_size=AMOUNT, bankroll=AMOUNT, opponents=st.integers(1, 22))
def test_advise_any_amounts_in_process(pot: object, to_call: object, bet_size: object, bankroll: object,
                                       opponents: int) -> None:
    import contextlib
    import io
    argv = ['advise', 'AhKh', '-b', 'Qh Jh Th 2c 3d', '--pot', str(pot), '--to-call', str(to_call),
            '--bet-size', str(bet_size), '--bankroll', str(bankroll), '-n', str(opponents), '--json']
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    assert code in (0, 2) and 'Traceback' not in err.getvalue()
    if code == 2:
        assert len(err.getvalue().splitlines()) == 1 and out.getvalue() == ''
    else:
        data = json.loads(out.getvalue(), parse_constant=lambda name: pytest.fail(f'{name} in JSON of {argv}'))
        assert 0 <= data['kelly']['bet'] <= float(bankroll)  # type: ignore[arg-type]


GAME_OPTIONS = ['--seed', '--players', '--hands', '--verbose', '--scenario', '--help', '--', '-']
GAME_FILES = ['examples/scenarios.toml', 'examples/scenarios.json', 'nothing.toml', 'examples', 'x.txt']
GAME_VALUE = st.one_of(st.sampled_from(NUMBERS + GAME_FILES), TOKEN)
GAME_ARGV = st.lists(st.one_of(st.tuples(st.sampled_from(GAME_OPTIONS), GAME_VALUE), st.tuples(GAME_VALUE)),
                     max_size=4).map(lambda groups: [token for group in groups for token in group])
"""Mostly an option and a value, sometimes a value alone."""


def test_pokergame_any_options_are_an_answer_or_one_line_exit_2(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 18: pokergame.py read its numbers by other rules than poker's (``--seed 1_0``, ``--hands １``)."""
    import contextlib
    import io

    from example_program import load_pokergame
    game = load_pokergame()
    monkeypatch.chdir(ROOT)

    @settings(max_examples=4 * EXAMPLES, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(tokens=GAME_ARGV)
    def fuzz(tokens: list[str]) -> None:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = game.main(tokens)
        assert code in (0, 2) and 'Traceback' not in err.getvalue(), (tokens, code, err.getvalue())
        if code == 2:
            assert len(err.getvalue().splitlines()) == 1 and out.getvalue() == '', (tokens, err.getvalue())
        else:
            assert err.getvalue() == '' and out.getvalue(), tokens

    fuzz()
