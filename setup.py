"""The compiled core: C extensions that setuptools builds at ``pip install .`` (metadata is in setup.cfg), and the
long description: the README, its relative links made absolute.

Each extension includes ``poker/_core.h`` (buffer reading, signal checks, the holding table) and, to rank,
``poker/ranking/_rank.h`` (the shipped ranking tables); each is plain C99. ``SOURCES`` is the one list of
the C files each extension is linked from (``bench/sanitized.py`` and ``tests/test_layout.py`` read it).

The README links ``docs/tutorial.md``, ``examples/tour.ipynb``, ... relatively: right on a checkout and in the
documentation site (docs/conf.py), broken on the package index, which shows the README alone. The long
description is the README with each such link pointing into the site (``SITE``, published from
``.readthedocs.yaml``) at the page the site makes of it (``site_page``).
"""

import re
from pathlib import Path

from setuptools import Extension, setup

SITE = 'https://loki-holdem.readthedocs.io/en/latest/'
LINK = re.compile(r'\]\(([^)\s]+)\)')


def site_page(target: str) -> str:
    """The site's address of a README link's target: ``docs/x.md`` -> ``x.html``, the notebook and the exercises
    as docs/conf.py copies them (``examples/tour.ipynb`` -> ``examples/tour.html``, a folder -> its
    ``index.html``); an absolute address or an anchor is kept. A target the site has no page for is an error."""
    if '://' in target or target.startswith(('#', 'mailto:')):
        return target
    path, hashmark, anchor = target.partition('#')
    if path.startswith('docs/') and path.endswith('.md'):
        page = path[len('docs/'):-len('.md')] + '.html'
    elif path.startswith('examples/') and path.endswith('.ipynb'):
        page = path[:-len('.ipynb')] + '.html'
    elif path.startswith('examples/exercises/') and path.endswith('/'):
        page = path + 'index.html'
    elif path == 'README.md':
        page = 'index.html'
    else:
        raise ValueError(f'README.md links {target!r}, which the documentation site has no page for')
    return SITE + page + hashmark + anchor


def long_description() -> str:
    readme = (Path(__file__).parent / 'README.md').read_text(encoding='utf-8')
    return LINK.sub(lambda match: '](' + site_page(match.group(1)) + ')', readme)


SOURCES = {
    'poker.ranking._rank': ['poker/ranking/_rank.c'],
    'poker.kernel._count': ['poker/kernel/_count.c'],
    'poker.kernel._ranges': ['poker/kernel/_ranges.c', 'poker/kernel/_ranges_counts.c',
                             'poker/kernel/_ranges_boards.c'],
    'poker.stats._equity': ['poker/stats/_equity.c', 'poker/stats/_equity_exact.c',
                            'poker/stats/_equity_sampled.c'],
    'poker.cards._isomorphism': ['poker/cards/_isomorphism.c'],
}

FLAGS = ['-O3', '-std=c99'] if __import__('sys').platform != 'win32' else ['/O2']

HEADERS = ['poker/_core.h', 'poker/ranking/_rank.h', 'poker/ranking/_rank_tables.h', 'poker/stats/_equity.h',
           'poker/kernel/_ranges.h']


setup(long_description=long_description(),
      ext_modules=[Extension(name, sources, depends=HEADERS, include_dirs=['poker', 'poker/ranking'],
                             extra_compile_args=FLAGS) for name, sources in SOURCES.items()])
