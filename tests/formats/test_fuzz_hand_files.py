"""Every hand-history file a user can give ``poker history`` and ``poker review`` (issue 34), fuzzed: PHH files
(TOML; written here, then changed a piece at a time, given values of every type, numbers past any size, NaN and
infinity, other games, broken actions) and the sites' files (tests/data/hands/, changed a character or a line at
a time, cut, run together, amounts blown up, cards and names broken). Each example is read
(:func:`~poker.formats.hand_files.read_hands`), counted (:func:`~poker.formats.hand_files.history_report`) and
reviewed (:func:`~poker.formats.hand_review.review`), and ends with a result (finite numbers, strict JSON) or one short
:class:`~poker.errors.PokerError`, never another error, a warning or a hang; the command line answers with exit 0
or one line and exit 2. The counts are printed (``pytest -s``); ``POKER_FUZZ_EXAMPLES`` multiplies them."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from fuzzing import failure, hang_guard
from poker.cli import main
from poker.formats.acpc_log import LogLine
from poker.players.bots import CallingStation, Maniac, RandomPlayer
from poker.table.game import FixedLimitGame

pytest.importorskip('pokerkit')

SCALE = max(1, int(os.environ.get('POKER_FUZZ_EXAMPLES', '4')) // 4)
HANDS = Path(__file__).resolve().parents[1] / 'data' / 'hands'
SITE_FILES = {path.name: path.read_text(encoding='utf-8') for path in sorted(HANDS.iterdir())
              if path.suffix in ('.txt', '.xml')}


def phh_texts() -> list[str]:
    from poker.formats.acpc_notation import GameDefinition
    from poker.formats.phh import phh_hand
    texts = []
    for seats, seed in ((2, 1), (3, 2), (6, 3)):
        game = FixedLimitGame([(CallingStation, Maniac, RandomPlayer)[seat % 3](f'p{seat}') for seat in range(seats)],
                              seed=seed)
        for _ in range(4):
            texts.append(phh_hand(LogLine.from_hand(game.play_hand()), GameDefinition.for_table(seats)))
    return texts


PHH = phh_texts()
VALUES = ['0', '-1', '1e308', 'nan', 'inf', '-inf', '9' * 40, '1.5', '"x"', "'FT'", "'NT'", "'PO'", "'FB'", '[]',
          '[1, 2]', '["p1", "p1"]', "['d dh p1 AhAh']", "['p1 cbr 99999999999999']", "['p9 f']", '{}', 'true',
          '1979-05-27', '[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]', "['p1 sm ????']", "['d db AhAhAh']"]
FIELDS = ['variant', 'antes', 'blinds_or_straddles', 'small_bet', 'big_bet', 'min_bet', 'starting_stacks',
          'actions', 'players', 'hand', 'finishing_stacks', 'seats', 'automations', 'divmod', 'winnings']


def mutate(text: str, rng: random.Random) -> str:
    at = rng.randrange(len(text) + 1)
    kind = rng.randrange(8)
    if kind == 0:
        return text[:at]                                                          # cut short
    if kind == 1:
        return text[:at] + rng.choice('[]=\'"#,.$/:|0123456789AKhsdc \x00\r\n\ufeff\u0662') + text[at + 1:]
    if kind == 2:
        return text[:at] + text[at:at + rng.randrange(1, 40)] * 2 + text[at:]     # a piece doubled
    if kind == 3:
        lines = text.splitlines() or ['']
        rng.shuffle(lines) if rng.random() < 0.2 else lines.insert(rng.randrange(len(lines) + 1), rng.choice(lines))
        return '\n'.join(lines)
    if kind == 4:
        lines = text.splitlines()
        if lines:
            del lines[rng.randrange(len(lines))]
        return '\n'.join(lines)
    if kind == 5:                                                                 # an amount or a card changed
        words = ['$0.10', '$0.20', '$1', 'Ah', 'Kd', '7c', 'Hero', 'Villain', '0.10', '"x"', 'sum="$0.20"']
        return text.replace(rng.choice(words), rng.choice(['$1e308', '$99999999999999999', '$-1', 'Zz', 'Ah', '$0.001',
                                                           'He:ro', 'Villain|2', '', '$nan', '$0.105']), 1)
    if kind == 6:
        return text + '\n\n\n' + text                                             # run together
    return text[:at] + 'x' * rng.choice([1_000, 20_000]) + text[at:]


def hostile_phh(rng: random.Random) -> str:
    kind = rng.randrange(4)
    if kind == 0:
        return mutate(rng.choice(PHH), rng)
    if kind == 1:   # a field given another value
        text = rng.choice(PHH)
        field = rng.choice(FIELDS)
        lines = [line for line in text.splitlines() if not line.startswith(field + ' =')]
        return '\n'.join([*lines, f'{field} = {rng.choice(VALUES)}'])
    if kind == 2:   # several hands in tables, some broken
        return ''.join(f'[{number}]\n{mutate(rng.choice(PHH), rng) if rng.random() < 0.3 else rng.choice(PHH)}\n\n'
                       for number in range(1, rng.randrange(2, 5)))
    return rng.choice(['', '\x00' * 100, 'variant = ', '[1]\n[1]\n', 'variant = "FT"\n' * 3, '[[a]]\nb = 1',
                       'a = ' + '[' * 2000 + ']' * 2000, 'variant = "FT"\nantes = "x"'])


def hostile_site(rng: random.Random) -> tuple[str, str]:
    name = rng.choice(list(SITE_FILES))
    text = SITE_FILES[name]
    for _ in range(rng.randrange(1, 4)):
        text = mutate(text, rng)
    return name, text


def examine(path: Path, hero: str) -> list[str]:
    """What is wrong with reading, counting and reviewing the file (nothing: [])."""
    from poker.formats.hand_files import history_report, one_game_history, read_hands
    from poker.formats.hand_review import review

    def counted() -> object:
        files = read_hands(path)
        report = history_report(files)
        json.dumps(report.to_dict(), allow_nan=False)
        history = one_game_history(files)
        if history is not None:
            json.dumps(history.to_dict(), allow_nan=False)
        return report

    def reviewed() -> object:
        result = review(path, hero)
        json.dumps(result.to_dict(), allow_nan=False)
        result.text()
        result.html()
        return result
    return [problem for problem in (failure(counted), failure(reviewed)) if problem is not None]


@pytest.mark.parametrize('kind', ['phh', 'site'])
def test_hostile_hand_histories_are_an_answer_or_one_line(kind, tmp_path):
    rng = random.Random(34 if kind == 'phh' else 43)
    calls = escapes = 0
    problems: list[str] = []
    for number in range(150 * SCALE):
        if kind == 'phh':
            name, text = f'h{number}.phh', hostile_phh(rng)
        else:
            site, text = hostile_site(rng)
            name = f's{number}{Path(site).suffix}'
        path = tmp_path / name
        path.write_text(text, encoding='utf-8', errors='surrogatepass')
        with hang_guard(60):
            found = examine(path, rng.choice(['Hero', 'p0', 'p1', 'Villain']))
        calls += 2
        escapes += len(found)
        problems += [f'{name}: {problem}' for problem in found]
    print(f'\n{kind}: {calls} calls on hostile files, {escapes} escapes')
    assert not problems, problems[:5]


def test_the_command_line_on_hostile_files(tmp_path, capsys):
    rng = random.Random(7)
    for number in range(20 * SCALE):
        path = tmp_path / (f'h{number}.phh' if number % 2 else f's{number}.txt')
        path.write_text(hostile_phh(rng) if number % 2 else hostile_site(rng)[1], encoding='utf-8')
        for argv in (['history', str(path)], ['review', str(path), '--hero', 'Hero', '--json']):
            with hang_guard(60):
                status = main(argv)
            out, err = capsys.readouterr()
            assert status in (0, 2), (argv, status)
            assert (status == 0) == (err == ''), (argv, err)
            if status == 2:
                assert len(err.splitlines()) == 1 and out == '', (argv, err)
                assert str(path.name) in err or "no player 'Hero'" in err, (argv, err)
