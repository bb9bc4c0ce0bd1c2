"""Rules about the repository itself: a fresh clone alone passes its tests, and pip finds this project.

* No test reads anything outside the repository (what tests compare against lives in ``tests/data/``).
* The distribution is ``loki-holdem`` (``poker`` on the package index is an unrelated project), and every
  install hint a user can read names it, or ``.`` from a checkout.
* Every relative link in README.md and docs/ names a file in the repository, and the notebook pictures the docs
  show are what the objects draw today.
"""

from __future__ import annotations

import configparser
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / 'tests'
DISTRIBUTION = 'loki-holdem'

# Ways a test can reach beside the checkout: '../x' text, a 'shared' folder, a parent of the repository root
# (from tests/<wing>/x.py: Path(__file__).parents[3] and up, or .parent four times; from a helper in tests/
# itself: parents[2] and up; or ROOT.parent / ROOT.parents[...] where ROOT is the root), absolute paths into
# home or work folders.
FIXED = [
    (re.compile(r'''['"](\.\.[/\\])'''), "a '../' path"),
    (re.compile(r'''['"/\\]shared['"/\\]'''), "the 'shared' folder beside the checkout"),
    (re.compile(r'\bROOT\.parents?\b'), 'a parent of the repository root'),
    (re.compile(r'''['"](?:/work|/home|/Users|~)/'''), 'an absolute path on one machine'),
]


def outside(depth: int) -> list[tuple[re.Pattern[str], str]]:
    """The patterns for a file ``depth`` folders below the root (2 for tests/<wing>/x.py, 1 for tests/x.py)."""
    return [*FIXED,
            (re.compile(rf'__file__[^\n]*\.parents\[\s*(?:[{depth + 1}-9]|\d{{2,}})\s*\]'),
             'a parent of the repository root'),
            (re.compile(rf'__file__[^\n]*(?:\.parent){{{depth + 2}}}'), 'a parent of the repository root')]


def outside_references(text: str, depth: int = 2) -> list[str]:
    """The lines of ``text`` (a file ``depth`` folders below the root) that point outside the repository."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for pattern, what in outside(depth):
            if pattern.search(line):
                found.append(f'line {number}: {what}: {line.strip()}')
    return found


# (the samples are split in two so that this file does not itself hold the text that it forbids)
@pytest.mark.parametrize('line', [
    "CSV = ROOT.parent" + " / 'shared' / 'data' / 'income_rates.csv'",
    "CSV = Path(__file__).resolve().parents[3] / 'data.csv'",
    "CSV = Path(__file__).resolve().parent.parent" + ".parent.parent / 'data.csv'",
    "open('.." + "/shared/data/income_rates.csv')",
    "ROOT.parents[1] / 'x'",
    "Path('/work/shared/data/x.csv')",
])
def test_the_rule_sees_paths_outside(line: str) -> None:
    assert outside_references(line)


def test_the_rule_lets_paths_inside_pass() -> None:
    inside = ("ROOT = Path(__file__).resolve().parents[2]\nCSV = ROOT / 'tests' / 'data' / 'income_rates.csv'\n"
              "EXAMPLES = Path(__file__).resolve().parent.parent.parent / 'examples'\n")
    assert outside_references(inside) == []


def test_the_rule_knows_how_deep_a_file_is() -> None:
    """From a helper in tests/ itself parents[2] is beside the checkout; from tests/<wing>/ it is the root."""
    line = "CSV = Path(__file__).resolve().parents[2] / 'data.csv'"
    assert outside_references(line, depth=1) and not outside_references(line, depth=2)


def test_no_test_reads_anything_outside_the_repository() -> None:
    this = Path(__file__).resolve()
    offenders = {str(path.relative_to(TESTS)): outside_references(path.read_text(encoding='utf-8'),
                                                                  len(path.relative_to(ROOT).parts) - 1)
                 for path in sorted(TESTS.rglob('*.py')) if path.resolve() != this}
    assert {name: lines for name, lines in offenders.items() if lines} == {}


def test_reference_data_lives_in_the_repository() -> None:
    assert (TESTS / 'data' / 'income_rates.csv').is_file()


# ------------------------------------------------------------------------------------ the distribution
def test_the_distribution_has_a_free_name() -> None:
    config = configparser.ConfigParser()
    config.read(ROOT / 'setup.cfg', encoding='utf-8')
    assert config['metadata']['name'] == DISTRIBUTION


def shipped_text() -> list[Path]:
    """Every file a user reads: the package (with its --help texts and error messages), docs, README,
    examples, setup.cfg."""
    paths = [ROOT / 'README.md', ROOT / 'setup.cfg']
    for folder, pattern in (('poker', '*.py'), ('docs', '*.md'), ('examples', '*.py'), ('examples', '*.md'),
                            ('bench', '*.py'), ('tools', '*.py')):
        paths += sorted((ROOT / folder).rglob(pattern))
    return [path for path in paths if path.is_file()]


def test_no_install_hint_names_the_wrong_distribution() -> None:
    """``pip install 'poker[plot]'`` installs an unrelated project: hints say loki-holdem, or '.' from a checkout."""
    wrong = re.compile(r'''pip install\s+['"]?poker\b|['"]poker\[''')
    found = [f'{path.relative_to(ROOT)}:{number}: {line.strip()}'
             for path in shipped_text()
             for number, line in enumerate(path.read_text(encoding='utf-8').splitlines(), 1)
             if wrong.search(line)]
    assert found == []


def test_the_plot_hint_names_the_distribution() -> None:
    from poker.pictures.plots import PLOT_EXTRA
    assert f"pip install '{DISTRIBUTION}[plot]'" in PLOT_EXTRA


# --------------------------------------------------------------------------------------------- CI
def test_ci_runs_the_readme_test_command_on_a_clean_export_in_a_fresh_venv() -> None:
    readme = (ROOT / 'README.md').read_text(encoding='utf-8')
    command = "pip install -e '.[test]' && pytest"
    assert f'    {command}\n' in readme
    script = (ROOT / '.ci' / 'run').read_text(encoding='utf-8')
    lines = [line.strip() for line in script.splitlines() if line.strip() and not line.lstrip().startswith('#')]
    at = lines.index(command)  # its status is the script's: pytest's 5 (nothing collected) fails CI
    assert at == len(lines) - 1 or lines[at + 1].startswith('status=$?; [ "$status" -eq 0 ] || exit')
    assert 'archive' in script and 'HEAD' in script and 'mktemp -d' in script and '-m venv' in script
    assert 'set -euo pipefail' in script


def test_ci_builds_the_documentation_site_as_the_readme_says() -> None:
    """After the tests, .ci/run builds the site with warnings as errors, with the README's command and extra."""
    readme = (ROOT / 'README.md').read_text(encoding='utf-8')
    script = (ROOT / '.ci' / 'run').read_text(encoding='utf-8')
    assert "pip install -e '.[docs]'" in readme and 'python -m sphinx -W -b html docs build/docs' in readme
    assert "pip install --quiet -e '.[docs]'" in script and 'python -m sphinx -W --keep-going' in script
    config = configparser.ConfigParser()
    config.read(ROOT / 'setup.cfg', encoding='utf-8')
    assert {'sphinx', 'myst-nb', 'ipykernel'} <= {re.split('[<>=]', line)[0].strip()
                                                 for line in config['options.extras_require']['docs'].split()}


def test_every_relative_link_in_the_docs_names_a_file_that_is_there() -> None:
    """README.md and docs/*.md link pictures and pages by relative paths; each must be in the repository."""
    link = re.compile(r'\]\(([^)#\s]+)(?:#[^)]*)?\)')
    missing = []
    for page in [ROOT / 'README.md', *sorted((ROOT / 'docs').glob('*.md'))]:
        for target in link.findall(page.read_text(encoding='utf-8')):
            if '://' not in target and not (page.parent / target).exists():
                missing.append(f'{page.name}: {target}')
    assert not missing, missing


def test_the_notebook_pictures_in_the_docs_are_what_the_objects_draw() -> None:
    """docs/images/*.svg are the objects' _repr_svg_ as the docs say (made by the lines below, kept in step)."""
    from poker import Range, RankableHand, range_statistics
    drawn = {'range.svg': Range.parse('QQ+, AK, KQs, T9s, 76s:0.5'),
             'range_statistics.svg': range_statistics('JJ+, AK, KQs, T9s', 'Jh Ts 4h'),
             'hand.svg': RankableHand.parse('Ah Kh Qh Jh Th 2c 3d')}
    for name, thing in drawn.items():
        assert (ROOT / 'docs' / 'images' / name).read_text(encoding='utf-8') == thing._repr_svg_(), name
