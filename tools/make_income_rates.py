"""Write the three income-rate grids of poker/cards/income_rates.py from Papp's tables (Appendix A).

    python tools/make_income_rates.py [path/to/income_rates.csv]            # rewrite the grids
    python tools/make_income_rates.py --check [path/to/income_rates.csv]    # exit 1 if the module differs

The package never reads the CSV at run time: this generator turns it (by default the repository's
tests/data/income_rates.csv) into three readable 13x13 grids of Python ints, written between the module's two
marker lines (:data:`BEGIN`, :data:`END`). Everything else in the module, its docstring too, is written by hand
and kept as it is, so each line has one source. tests/cards/test_income_rates.py checks that the module is what
this writes, and the package against the CSV.
"""

from __future__ import annotations

import argparse
import csv
import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if importlib.util.find_spec('poker') is None:  # a checkout with no install: its own poker/
    sys.path.insert(0, str(ROOT))

from poker.cards.starting_hand import HAND_CLASSES  # noqa: E402

DEFAULT_SOURCE = ROOT / 'tests' / 'data' / 'income_rates.csv'
TARGET = ROOT / 'poker' / 'cards' / 'income_rates.py'
COLUMNS = {'ir_1': 'IR2', 'ir_2_3': 'IR4', 'ir_4plus': 'IR7'}
BEGIN = '# -- the grids, written by tools/make_income_rates.py from tests/data/income_rates.csv: do not edit them\n'
END = '# -- end of the grids\n'


def read_rows(source: Path) -> dict[str, dict[str, str]]:
    """The CSV's rows by hand class (lines starting with ``#`` are comments), every class present."""
    with source.open(encoding='utf-8') as handle:
        rows = {row['hand']: row for row in csv.DictReader(line for line in handle if not line.startswith('#'))}
    missing = set(HAND_CLASSES) - set(rows)
    if missing:
        raise SystemExit(f'{source}: missing classes {sorted(missing)}')
    return rows


def grids(rows: dict[str, dict[str, str]]) -> str:
    """The three grids as Python source, a blank line between them."""
    blocks = []
    for column, name in COLUMNS.items():
        lines = [f'# {"":>6}' + ''.join(f'{rank:>6}' for rank in 'AKQJT98765432') + '\n',
                 f'{name}: tuple[tuple[int, ...], ...] = (\n']
        for r, rank in enumerate('AKQJT98765432'):
            cells = ''.join(f'{int(rows[HAND_CLASSES[13 * r + c]][column]):6d},' for c in range(13))
            lines.append(f'    ({cells[1:-1]}),  # {rank}\n')
        blocks.append(''.join(lines) + ')\n')
    return '\n'.join(blocks)


def module_text(current: str, rows: dict[str, dict[str, str]]) -> str:
    """The module's text ``current`` with the grids between its marker lines written afresh."""
    start = current.index(BEGIN) + len(BEGIN)
    end = current.index(END, start)
    return current[:start] + grids(rows) + current[end:]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('source', nargs='?', type=Path, default=DEFAULT_SOURCE, help='the CSV of income rates')
    parser.add_argument('--check', action='store_true', help='compare with the committed module, write nothing')
    args = parser.parse_args()
    current = TARGET.read_text(encoding='utf-8')
    fresh = module_text(current, read_rows(args.source))
    if args.check:
        if fresh != current:
            print(f'{TARGET} differs from what {args.source} gives', file=sys.stderr)
            return 1
        print(f'{TARGET} is up to date')
        return 0
    TARGET.write_text(fresh, encoding='utf-8')
    print(f'wrote {TARGET}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
