"""The example program, ``examples/pokergame.py``, loaded as a module (shared by package/test_examples.py and
cli/test_fuzz_cli.py: a test file imports no other test file outside its own folder)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

EXAMPLES = Path(__file__).resolve().parents[1] / 'examples'


def load_pokergame() -> ModuleType:
    """A fresh module of ``examples/pokergame.py`` (not put in ``sys.modules``)."""
    spec = importlib.util.spec_from_file_location('pokergame', EXAMPLES / 'pokergame.py')
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
