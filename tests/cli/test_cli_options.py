"""One command line: the same option reads the same way in every command, and every example does what it says."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
import json
import re
import shlex
from pathlib import Path

import pytest

from poker.cli import COMMANDS, build_parser, main
from poker.ranges.range import Range

ROOT = Path(__file__).resolve().parents[2]
SHARED = {'board': '--board', 'opponents': '--opponents', 'lookahead': '--lookahead', 'range': '--range',
          'json': '--json', 'png': '--png', 'seed': '--seed', 'workers': '--workers'}


def subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def described(action: argparse.Action) -> tuple[object, ...]:
    return (tuple(action.option_strings), action.dest, action.help, action.type, action.default, action.nargs,
            action.metavar, type(action), action.required)


def test_every_command_is_built() -> None:
    assert set(subparsers()) == set(COMMANDS)


EXTENDED = {('play', 'opponents')}
"""Shared options a command extends: ``poker play -n/--opponents`` reads names too (the issue's
``--opponents loki,loki-no-model``); its numbers are read as everywhere (the next test)."""


@pytest.mark.parametrize('text', ['1', '3', '9', '22', '0', '23', '-1', '1_0', '３', ' 4', '4.0', 'abc', ''])
def test_an_extended_option_reads_every_number_as_the_shared_one(text: str) -> None:
    parsers = subparsers()
    for command, dest in EXTENDED:
        shared = next(a for a in parsers['stats']._actions if a.dest == dest)
        extended = next(a for a in parsers[command]._actions if a.dest == dest)
        assert extended.option_strings == shared.option_strings and extended.default == shared.default
        try:
            expected: object = shared.type(text)  # type: ignore[misc]
        except (argparse.ArgumentTypeError, ValueError) as error:
            expected = type(error)
        try:
            got: object = extended.type(text)  # type: ignore[misc]
        except (argparse.ArgumentTypeError, ValueError) as error:
            got = type(error)
        if isinstance(got, list):  # not a number: names, for the table to check
            assert expected in (argparse.ArgumentTypeError, ValueError), text
        else:
            assert got == expected, text


def test_a_shared_option_is_the_same_in_every_command() -> None:
    seen: dict[str, dict[str, tuple[object, ...]]] = {}
    for command, parser in subparsers().items():
        for action in parser._actions:
            for dest, flag in SHARED.items():
                if flag in action.option_strings:
                    assert action.dest == dest, (command, flag)
                    if (command, dest) in EXTENDED:
                        continue
                    seen.setdefault(dest, {})[command] = described(action)
    for dest, by_command in seen.items():
        assert len(set(by_command.values())) == 1, (dest, by_command)
    # and each command offers what it reads
    assert {'board', 'opponents', 'lookahead', 'range', 'json', 'png'} <= {d for d in seen if 'stats' in seen[d]}
    assert {'board', 'opponents', 'lookahead', 'range', 'json', 'png'} <= {d for d in seen if 'classes' in seen[d]}
    assert {'board', 'opponents', 'lookahead', 'range', 'json'} <= {d for d in seen if 'advise' in seen[d]}
    assert {'range'} <= {d for d in seen if 'kelly' in seen[d]}
    assert {'json', 'png'} <= {d for d in seen if 'range' in seen[d]}
    assert {'opponents', 'json', 'png'} <= {d for d in seen if 'preflop' in seen[d]}
    assert 'json' in seen and 'rank' in seen['json']


def test_short_names_are_the_long_names() -> None:
    shorts = {'-b': '--board', '-n': '--opponents', '-l': '--lookahead', '-r': '--range'}
    for parser in subparsers().values():
        for action in parser._actions:
            for short, long in shorts.items():
                assert (short in action.option_strings) == (long in action.option_strings)


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> object:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


BOARDS = [['-b', 'Ah', '7c', '2d'], ['-b', 'Ah 7c 2d'], ['--board', 'Ah7c2d'], ['--board', 'Ah', '7c2d']]


@pytest.mark.parametrize('command', [
    ['stats', 'AsKd'], ['advise', 'AsKd', '--pot', '3', '--to-call', '2', '--bet-size', '2']])
def test_the_board_takes_one_word_or_several(capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    outputs = [run_json(capsys, *command, *board, '--json') for board in BOARDS]
    assert all(output == outputs[0] for output in outputs)
    assert main([*command, '-b', 'Ah', '7c']) == 2  # two cards are no board
    assert 'got 2' in capsys.readouterr().err


def test_range_text_in_several_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_json(capsys, 'range', 'QQ+', 'AKs', '--json') == run_json(capsys, 'range', 'QQ+, AKs', '--json')
    assert run_json(capsys, 'range', 'QQ+', 'AKs', '--json')['range'] == 'QQ+, AKs'  # type: ignore[index]


def test_advise_has_lookahead(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ['advise', 'AsKd', '-b', 'Ah 7c 2d', '--pot', '3', '--to-call', '2', '--bet-size', '2', '--json']
    one = run_json(capsys, *argv, '-l', '1')
    two = run_json(capsys, *argv)
    assert one['statistics']['lookahead'] == 1 and two['statistics']['lookahead'] == 2  # type: ignore[index]
    assert one['statistics']['ppot'] != two['statistics']['ppot']  # type: ignore[index]


# ------------------------------------------------------------------------------------- the examples
def help_examples() -> list[tuple[str, list[str]]]:
    """Every ``poker ...`` line of the --help texts, as argument lists (the command's own and the top one)."""
    texts = [build_parser().epilog or ''] + [parser.epilog or '' for parser in subparsers().values()]
    examples = []
    for text in texts:
        for line in text.splitlines():
            line = line.strip()
            if line.startswith('poker ') and 'COMMAND' not in line:
                examples.append((line, shlex.split(re.split(r'\s{3,}', line)[0])[1:]))
    return examples


def doc_examples() -> list[tuple[str, list[str]]]:
    """Every ``poker ...`` command quoted in the docs and the README (up to a shell pipe: what a pipe does
    to the command is tests/cli/test_cli.py's)."""
    examples = []
    for path in [ROOT / 'README.md', *sorted((ROOT / 'docs').glob('*.md'))]:
        for match in re.finditer(r'^(?:\s*|.*`)(poker (?:rank|stats|classes|preflop|range|advise|equity|table) '
                                 r'[^`#\n]*)',
                                 path.read_text(encoding='utf-8'), re.MULTILINE):
            command = re.split(r' \\?\| ', match[1])[0]
            examples.append((match[1], shlex.split(command)[1:]))
    return examples


EXAMPLES = help_examples() + doc_examples()


def test_there_are_examples_for_every_command() -> None:
    commands = {argv[0] for _, argv in EXAMPLES}
    assert set(COMMANDS) - {'kelly'} <= commands  # kelly's help shows a session instead
    assert len(EXAMPLES) > 15


@pytest.fixture(scope='module')
def scheduler() -> Iterator[str]:
    """The address of a small dask scheduler on this machine's loopback, for the --scheduler examples."""
    from distributed import LocalCluster
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol='tcp', host='127.0.0.1',
                      dashboard_address=None) as cluster:
        yield cluster.scheduler_address


def runnable(argv: list[str], request: pytest.FixtureRequest) -> list[str]:
    """The example as run here: a match plays a dozen hands, a table example builds two boards' chunks (a
    whole table takes minutes), each on a real local scheduler where it names one; an ACPC example plays three hands
    with a fake dealer (tests/acpc_dealer.py), its game file and outside player written here; a history
    example reads the logs and game file written here."""
    if argv[0] == 'acpc':
        return acpc_example(argv, request)
    if argv[0] in ('play', 'exploit'):  # play: a player who checks and calls, two hands; exploit: four hands; an
        import importlib.util  # outside opponent written here, its module loaded for this test alone (the acpc
        # examples write their own mybots)
        import io
        import sys
        monkeypatch = request.getfixturevalue('monkeypatch')
        Path('mybots.py').write_text('from poker.players.bots import Rock as PairBot\n', encoding='utf-8')
        spec = importlib.util.spec_from_file_location('mybots', 'mybots.py')
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        monkeypatch.setitem(sys.modules, 'mybots', module)
        monkeypatch.setattr('sys.stdin', io.StringIO('c\n' * 500))
        hands = '4' if argv[0] == 'exploit' else '2'
        return [*argv, '--hands', hands] if '--hands' not in argv else \
            [*argv[:argv.index('--hands') + 1], hands, *argv[argv.index('--hands') + 2:]]
    if argv[0] in ('history', 'review'):  # the logs, hand histories and game definition its examples read
        from poker.formats.acpc_notation import GameDefinition
        from poker.matches.duplicate import match
        match(['loki-no-model', 'station'], 3, seed=1, log='match.log')
        match(['loki', 'station'], 3, seed=1, log='match.phh')
        Path('hands.phh').write_text(Path('match.phh').read_text(encoding='utf-8'), encoding='utf-8')
        Path('dealer.log').write_text(Path('match.log').read_text(encoding='utf-8'), encoding='utf-8')
        Path('session.log').write_text(Path('match.log').read_text(encoding='utf-8'), encoding='utf-8')
        Path('holdem.limit.2p.reverse_blinds.game').write_text(GameDefinition.for_table(2).text(), encoding='utf-8')
        Path('stars.txt').write_text((Path(__file__).resolve().parents[1] / 'data' / 'hands' / 'pokerstars_limit.txt')
                                     .read_text(encoding='utf-8'), encoding='utf-8')
    if '--scheduler' in argv:
        argv = [request.getfixturevalue('scheduler') if word.startswith('tcp://') else word for word in argv]
    if argv[0] == 'match':  # a dozen hands stand for the example's thousands (each seating plays them)
        return [*argv[:argv.index('--hands') + 1], '12', *argv[argv.index('--hands') + 2:]]
    if argv[0] != 'table':
        return argv
    return [*argv, '--boards', '2', '--chunk-boards', '1']


def acpc_example(argv: list[str], request: pytest.FixtureRequest) -> list[str]:
    from acpc_dealer import FakeDealer

    from poker.formats.acpc_notation import GameDefinition
    game_file = argv[argv.index('--game') + 1]
    game = GameDefinition.for_table(3 if '3p' in game_file else 2, small_blind=5, small_bet=10, big_bet=20)
    Path(game_file).write_text(game.text(), encoding='utf-8')
    Path('mybots.py').write_text('from poker.players.bots import Rock as make_bot\n', encoding='utf-8')
    request.getfixturevalue('monkeypatch').syspath_prepend('.')
    dealer = FakeDealer(game, 3)
    dealer.start()
    return [argv[0], '127.0.0.1', str(dealer.port), *argv[3:]]


@pytest.mark.parametrize(('line', 'argv'), EXAMPLES, ids=[line for line, _ in EXAMPLES])
def test_every_example_does_what_it_says(line: str, argv: list[str], tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                         request: pytest.FixtureRequest) -> None:
    monkeypatch.chdir(tmp_path)
    argv = runnable(argv, request)
    assert main(argv) == 0, line
    out, err = capsys.readouterr()
    assert err == '' and out
    if '--json' in argv:
        json.loads(out)
    if '--png' in argv:
        assert (tmp_path / argv[argv.index('--png') + 1]).read_bytes().startswith(b'\x89PNG')
    if argv[0] == 'range':
        order = None
        if '--order' in argv:  # (the ordering of a top percentage, and its value, are no range text)
            from poker.stats import equity_order
            order = equity_order() if argv[argv.index('--order') + 1] == 'equity' else None
            argv = argv[:argv.index('--order')] + argv[argv.index('--order') + 2:]
        text = ' '.join(word for word in argv[1:] if not word.startswith('--') and not word.endswith('.png'))
        shown = Range.parse(json.loads(out)['range'] if '--json' in argv else out.splitlines()[0].rsplit(': ', 1)[0])
        assert shown == Range.parse(text, order=order)  # what is printed reads back as what was asked
        for part in re.split(r'[,\s]+', text.strip()):
            name, _, weight = part.partition(':')
            assert name in shown, (line, part)  # no part undone by another
            if re.fullmatch(r'[2-9TJQKA]{2}[so]?', name) and len(Range.parse(name)) in (4, 6, 12):
                stated = float(weight.rstrip('%')) / 100 if weight.endswith('%') else float(weight or 1)
                assert {w for _, w in Range.parse(name) & shown} == {stated}, (line, part)


def test_the_top_help_example_keeps_every_part(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(['range', 'QQ+, AKs, ATs+:0.5']) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith('QQ+, AKs, AQs-ATs:0.5: 28 of 1326 holdings')  # 18 + 4 + 12 x 0.5


def test_the_kelly_help_session_is_what_kelly_prints(capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    epilog = subparsers()['kelly'].epilog or ''
    shown = [line.strip() for line in epilog.splitlines()[1:] if line.strip() != '...']
    asked = re.compile(r'(Bankroll|Retained pot|Hole cards|Opponents|Your bet)')
    answers = [line.split(': ', 1)[1] for line in shown if asked.match(line)]
    monkeypatch.setattr('sys.stdin', io.StringIO('\n'.join(answers) + '\n'))
    assert main(['kelly']) == 0
    out = capsys.readouterr().out
    for line in shown:
        if line.startswith(('Against', 'You should')):
            assert line.replace('...)', '') in out, line


def test_every_help_reads_as_plain_text() -> None:
    """argparse does not %-format a description, and a terminal shows reStructuredText markup as it is."""
    for command, parser in subparsers().items():
        text = parser.format_help()
        assert '%%' not in text and '``' not in text and ':class:' not in text, command
