"""``docs/conf.py`` writes the site's API reference from the package itself: a page per wing, every public name
described once, at the wing that defines it. (The site itself is built by ``.ci/run``: Sphinx is the ``docs``
extra, not a test requirement; these checks need no Sphinx.)"""

from __future__ import annotations

import importlib
import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def site_config() -> ModuleType:
    spec = importlib.util.spec_from_file_location('docs_site_conf', ROOT / 'docs' / 'conf.py')
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # as an import does (its dataclass looks its module up)
    spec.loader.exec_module(module)
    return module


def test_every_wing_with_public_names_has_a_page() -> None:
    """The wings are read from the files: each folder of poker/ whose __init__ assigns __all__, and each public
    module that does."""
    assigns = re.compile(r'^__all__\s*[:=]', re.MULTILINE)
    expected = {f'poker.{path.parent.name}' for path in (ROOT / 'poker').glob('*/__init__.py')
                if not path.parent.name.startswith('_') and assigns.search(path.read_text(encoding='utf-8'))}
    expected |= {f'poker.{path.stem}' for path in (ROOT / 'poker').glob('*.py')
                 if not path.stem.startswith('_') and assigns.search(path.read_text(encoding='utf-8'))}
    pages = site_config().wings()
    assert {page.module for page in pages} == expected
    for page in pages:
        assert page.names == list(importlib.import_module(page.module).__all__)


def test_every_name_of_poker_is_described_in_a_wing_that_lists_it() -> None:
    import poker

    config = site_config()
    pages = config.wings()
    described, bare = config.homes(pages)
    listed = {f'{page.module}.{name}' for page in pages for name in page.names}
    for name in poker.__all__:
        home = described.get((id(getattr(poker, name)), name))
        assert home in listed or name == '__version__' and home is None, name
    assert set(described.values()) <= listed
    assert bare['HandRanker'] == 'poker.ranking.HandRanker' and bare['Card'] == 'poker.cards.Card'


def test_an_object_two_wings_export_is_described_once_where_it_is_defined(monkeypatch: pytest.MonkeyPatch) -> None:
    """A wing that keeps an old path (poker.ranges exporting Card, listed before poker.cards) links to it."""
    import poker.cards
    import poker.ranges

    config = site_config()
    monkeypatch.setattr(poker.ranges, 'Card', poker.cards.Card, raising=False)
    pages = config.wings()
    for page in pages:
        if page.module == 'poker.ranges':
            page.names.insert(0, 'Card')
            page.kinds['Card'] = 'autoclass'
    pages.sort(key=lambda page: page.module != 'poker.ranges')
    described, bare = config.homes(pages)
    assert described[id(poker.cards.Card), 'Card'] == 'poker.cards.Card' == bare['Card']
    monkeypatch.setattr(config, 'HOMES', described)
    monkeypatch.setattr(config, 'directive', lambda page, name: f'.. described:: {page.module}.{name}')
    ranges = next(config.wing_page(page) for page in pages if page.module == 'poker.ranges')
    cards = next(config.wing_page(page) for page in pages if page.module == 'poker.cards')
    assert '* :py:obj:`poker.ranges.Card <poker.cards.Card>`' in ranges and 'described:: poker.ranges.Card' not in ranges
    assert '.. described:: poker.cards.Card' in cards


def test_importing_the_site_config_needs_no_sphinx_and_writes_nothing() -> None:
    before = sorted(path.name for path in (ROOT / 'docs').iterdir())
    config = site_config()
    assert config.extensions[0] == 'myst_nb' and config.nb_execution_raise_on_error
    assert sorted(path.name for path in (ROOT / 'docs').iterdir()) == before
