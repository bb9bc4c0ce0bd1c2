"""How the exercises are checked (the layout every exercise follows).

Each exercise is a folder ``examples/exercises/NAME/`` with three files:

* ``task.py``: the task in its docstring, and a stub to complete (it fails its check as shipped);
* ``solution.py``: one solution, kept beside it (runs on its own and prints what it shows);
* ``check.py``: ``check(module)``, which raises AssertionError (or NotImplementedError) when the module
  does not do what the task asks.

Run ``python examples/exercises/NAME/check.py`` to check your ``task.py``, or add ``--solution`` to check
the solution; ``tests/package/test_examples.py`` runs every check against both (the stub must fail, the
solution pass).
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def load(folder: Path, which: str = 'task') -> ModuleType:
    """Import ``folder/which.py`` as a module of its own."""
    spec = importlib.util.spec_from_file_location(f'{folder.name}_{which}', folder / f'{which}.py')
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(check: Callable[[ModuleType], None], check_file: str) -> int:
    """The command line of a check.py: check task.py (or solution.py with --solution); exit 0 if it passes."""
    folder = Path(check_file).resolve().parent
    which = 'solution' if '--solution' in sys.argv[1:] else 'task'
    try:
        check(load(folder, which))
    except (AssertionError, NotImplementedError) as error:
        print(f'{folder.name}/{which}.py: not yet: {error or type(error).__name__}')
        return 1
    print(f'{folder.name}/{which}.py: passed')
    return 0


if importlib.util.find_spec('poker') is None and str(ROOT) not in sys.path:  # a checkout with no install: its poker/
    sys.path.insert(0, str(ROOT))
