"""The package a run tests, for the Python subprocesses its tests start, and the check that it is the installed one.

A subprocess must import the ``poker`` this run imports: the checkout's for an editable install, the installed
copy when the tests run from an unpacked sdist or against a wheel (whose source tree has no compiled core).
:func:`environment` puts the folder that holds it (``HOME``) first on ``PYTHONPATH`` and sets
``PYTHONSAFEPATH``, so that neither the working folder (``python -m poker`` in the checkout) nor a script's
folder comes before it.

With ``POKER_TEST_INSTALLED`` set (the wheel's test command in pyproject.toml, the installed runs of
``.ci/run``), tests/conftest.py fails the run if a module of ``poker`` was imported from the tests' tree.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import poker

TREE = Path(__file__).resolve().parents[1]
HOME = str(Path(poker.__file__).resolve().parents[1])


def environment(*folders: Path | str, **variables: str) -> dict[str, str]:
    """``os.environ`` for a subprocess that imports this run's ``poker`` (then modules from ``folders``)."""
    path = os.pathsep.join([HOME, *(str(folder) for folder in folders)])
    return {**os.environ, 'PYTHONPATH': path, 'PYTHONSAFEPATH': '1', **variables}


def imported_from_tree() -> list[str]:
    """The modules of ``poker`` (and ``_poker_entry``) imported from the tests' tree, as ``name: file``."""
    found = []
    for name, module in list(sys.modules.items()):
        if name == 'poker' or name.startswith('poker.') or name == '_poker_entry':
            file = getattr(module, '__file__', None)
            if file and Path(file).resolve().is_relative_to(TREE):
                found.append(f'{name}: {file}')
    return sorted(found)
