"""Is every text reader linear in its input's length? Medians on hostile inputs, against a linear floor.

    PYTHONPATH=. python bench/input_speed.py [--repeats 3] [--short 100000] [--long 800000]

Each case is read at two lengths, ``--short`` and ``--long`` characters (8 times as many by default, both
within :data:`~poker.ranges.range.MAX_RANGE_LENGTH`). Columns: the median time of the reader at each
length; the floor, the median time of ``str.split`` on the same long text (one pass over it, in C); the
reader's time over the floor; and the growth, the long time over the short one, which a linear reader
keeps near the ratio of the lengths (8) and a quadratic one near its square (64). Issue 18 found
``Range.parse('AKs' + ' ' * 100000 + 'QQ')`` taking 43 s; the cases are its hostile inputs: runs of every
kind of white space between parts, many commas, many parts, a part repeated, long invalid text, and the
paths that read range text (weights, the command line's ``--range``, scenario files), with card text.

Then issue 31's goal, in CPU time: card text at most 2x the cost of :class:`~poker.cards.card.Card` objects,
``hand_strength(hole, board)`` and ``Player(hole, board).calculate_hand_statistics()`` on fresh random spots
(``'Ah Qh'``, ``'3h 4s Jh 2c 9d'`` against tuples of cards), each against the baseline's (``--baseline``: the
commit before issue 31, in its own venv, run in a subprocess by ``bench/spots.py``). ``--text-only`` prints that
table alone.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from spots import BASELINE, ratio_table  # noqa: E402
from timing import median_seconds  # noqa: E402

from poker import PokerError, Range, parse_cards  # noqa: E402
from poker.cli.options import range_value  # noqa: E402
from poker.ranges import read_weights  # noqa: E402
from poker.stats.scenario import load_scenarios  # noqa: E402

FOLDER = Path(tempfile.mkdtemp(prefix='input_speed_'))


def fill(piece: str, length: int) -> str:
    """``piece`` repeated to about ``length`` characters (whole pieces)."""
    return piece * max(1, length // len(piece))


def scenario_file(text: str, suffix: str) -> Path:
    path = FOLDER / f'case{suffix}'
    path.write_text(text, encoding='utf-8')
    return path


CASES: dict[str, tuple[Callable[[int], str], Callable[[str], object]]] = {
    # name: (the hostile text of about n characters, the reader)
    'spaces between two parts': (lambda n: 'AKs' + ' ' * n + 'QQ', Range.parse),
    'tabs': (lambda n: 'AKs' + '\t' * n + 'QQ', Range.parse),
    'newlines': (lambda n: 'AKs' + '\n' * n + 'QQ', Range.parse),
    'no-break spaces (U+00A0)': (lambda n: 'AKs' + '\u00a0' * n + 'QQ', Range.parse),
    'mixed Unicode white space': (lambda n: 'AKs' + fill(' \t\r\n\u00a0\u2003\u3000\u2028\x1c', n) + 'QQ',
                                  Range.parse),
    'spaces around a comma and a colon': (lambda n: f'AKs{" " * (n // 4)},{" " * (n // 4)}QQ{" " * (n // 4)}:'
                                                    f'{" " * (n // 4)}0.5', Range.parse),
    'commas (an empty part)': (lambda n: 'AKs' + ',' * n, Range.parse),
    'a class repeated': (lambda n: fill('AKs, ', n) + 'QQ', Range.parse),
    'a holding repeated, weighted': (lambda n: fill('AhKh:0.5,', n) + 'QQ', Range.parse),
    'a top fraction repeated': (lambda n: fill('15%,', n) + 'QQ', Range.parse),
    'distinct top fractions': (lambda n: ','.join(f'{i / (n // 8):.6f}%' for i in range(n // 10)), Range.parse),
    'a long invalid part': (lambda n: 'x' * n, Range.parse),
    'a long weight': (lambda n: 'AKs:0.' + '5' * n, Range.parse),
    'many parts, the last invalid': (lambda n: fill('AKs ', n) + 'x', Range.parse),
    'weights: range text': (lambda n: 'AKs' + ' ' * n + 'QQ', read_weights),
    'command line --range': (lambda n: 'AKs' + ' ' * n + 'QQ', range_value),
    'card text with spaces': (lambda n: 'Ah' + ' ' * n + 'Kd', parse_cards),
    'card text, one card repeated': (lambda n: fill('Ah', n), parse_cards),
    'scenario file: a range with spaces': (
        lambda n: '[[scenario]]\nhole = "Ah Qh"\nranges = ["AKs' + ' ' * n + 'QQ"]\n',
        lambda text: load_scenarios(scenario_file(text, '.toml'))),
    'scenario file: look-aheads': (
        lambda n: json.dumps({'scenario': [{'hole': 'Ah Qh', 'board': '3h 4s Jh', 'lookahead': [1] * (n // 3)}]}),
        lambda text: load_scenarios(scenario_file(text, '.json'))),
}


def attempt(reader: Callable[[str], object], text: str) -> Callable[[], object]:
    """A call of ``reader`` on ``text`` that takes a PokerError (a refusal) as a result."""
    def call() -> object:
        try:
            return reader(text)
        except PokerError as error:
            return error
    return call


def outcome(reader: Callable[[str], object], text: str) -> str:
    result = attempt(reader, text)()
    return f'refused: {type(result).__name__}' if isinstance(result, PokerError) else 'read'


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--repeats', type=int, default=3)
    parser.add_argument('--short', type=int, default=100_000)
    parser.add_argument('--long', type=int, default=800_000)
    parser.add_argument('--calls', type=int, default=300, help='calls per batch of the text-against-cards table')
    parser.add_argument('--seed', type=int, default=31)
    parser.add_argument('--baseline', default=BASELINE, help="the baseline's interpreter ('' for none)")
    parser.add_argument('--text-only', action='store_true', help='only the text-against-cards table')
    args = parser.parse_args()
    if not args.text_only:
        hostile(args)
    text_against_cards(args.calls, args.seed, args.baseline)


TEXT_AGAINST_CARDS = [(f'{call} {street}', f'{call} {street}, text', f'{call} {street}')
                      for call in ('hand_strength', 'Player') for street in ('river', 'turn')]


def text_against_cards(calls: int, seed: int, baseline: str) -> None:
    """Issue 31's table: each call's CPU time from card text over its time from cards, here and in the baseline."""
    ratio_table('card text against Card objects', TEXT_AGAINST_CARDS, ('text', 'cards'), 2, calls, seed, baseline)


def hostile(args: argparse.Namespace) -> None:
    """The first table: every hostile case at two lengths, against the floor."""
    print(f'{"case":36} {"short s":>9} {"long s":>9} {"floor s":>9} {"/floor":>7} {"growth":>7}  outcome')
    for name, (make, reader) in CASES.items():
        short, long = make(args.short), make(args.long)
        short_time = median_seconds(attempt(reader, short), args.repeats, warm=True)
        long_time = median_seconds(attempt(reader, long), args.repeats, warm=True)
        floor = median_seconds(long.split, args.repeats, warm=True)
        print(f'{name:36} {short_time:9.4f} {long_time:9.4f} {floor:9.5f} {long_time / floor:7.0f} '
              f'{long_time / short_time:7.1f}  {outcome(reader, long)}')
    print(f'(lengths {args.short:,} and {args.long:,} characters: a linear reader grows about '
          f'{args.long / args.short:g} times, a quadratic one {(args.long / args.short) ** 2:g})')


if __name__ == '__main__':
    main()
