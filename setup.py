"""The compiled core: C extensions that setuptools builds at ``pip install .`` (metadata is in setup.cfg).

Each extension includes ``poker/_core.h`` (buffer reading and signal checks) and, to rank,
``poker/ranking/_rank.h`` (the shipped ranking tables); each is plain C99.
"""

from setuptools import Extension, setup

FLAGS = ['-O3', '-std=c99'] if __import__('sys').platform != 'win32' else ['/O2']

HEADERS = ['poker/_core.h', 'poker/ranking/_rank.h', 'poker/ranking/_rank_tables.h']


def extension(name: str) -> Extension:
    """The extension ``poker.<wing>._<name>`` from ``poker/<wing>/_<name>.c``, with the shared headers."""
    return Extension(name, [name.replace('.', '/') + '.c'], depends=HEADERS, include_dirs=['poker', 'poker/ranking'],
                     extra_compile_args=FLAGS)


setup(ext_modules=[extension('poker.ranking._rank'), extension('poker.kernel._count'),
                   extension('poker.kernel._ranges'), extension('poker.stats._equity'),
                   extension('poker.cards._isomorphism')])
