"""The compiled core: C extensions that setuptools builds at ``pip install .`` (metadata is in setup.cfg).

Each extension includes ``poker/_core.h`` (buffer reading, signal checks, the holding table) and, to rank,
``poker/ranking/_rank.h`` (the shipped ranking tables); each is plain C99. ``SOURCES`` is the one list of
the C files each extension is linked from (``bench/sanitized.py`` and ``tests/test_layout.py`` read it).
"""

from setuptools import Extension, setup

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


setup(ext_modules=[Extension(name, sources, depends=HEADERS, include_dirs=['poker', 'poker/ranking'],
                             extra_compile_args=FLAGS) for name, sources in SOURCES.items()])
