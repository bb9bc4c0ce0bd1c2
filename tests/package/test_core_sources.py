"""The compiled core's C files have one list: ``SOURCES`` in setup.py, which setuptools builds from and
``bench/sanitized.py`` reads to build the same extensions with the sanitizers (a glob of C files would make
each C file an extension of its own, and leave out the file of a function split from its module's)."""

from __future__ import annotations

import ast
import importlib
import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def sanitized() -> ModuleType:
    spec = importlib.util.spec_from_file_location('sanitized', ROOT / 'bench' / 'sanitized.py')
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_c_file_is_in_one_extension_which_the_sanitizer_run_builds() -> None:
    sources: dict[str, list[str]] = sanitized().extensions()
    listed = [source for files in sources.values() for source in files]
    assert sorted(listed) == sorted(str(path.relative_to(ROOT)) for path in (ROOT / 'poker').rglob('*.c'))
    assert len(set(listed)) == len(listed)
    for name, files in sources.items():
        # the module's own C file first, the one that makes it; its other files make no module
        first = Path(files[0])
        assert name == '.'.join(first.with_suffix('').parts), name
        makes = [file for file in files if 'PyMODINIT_FUNC' in (ROOT / file).read_text(encoding='utf-8')]
        assert makes == [files[0]], name
        assert importlib.import_module(name).__name__ == name



def setup_list(name: str) -> object:
    """The list or dict ``name`` of setup.py, read from its text (not run)."""
    for node in ast.parse((ROOT / 'setup.py').read_text(encoding='utf-8')).body:
        if isinstance(node, ast.Assign) and [getattr(target, 'id', '') for target in node.targets] == [name]:
            return ast.literal_eval(node.value)
    raise LookupError(name)


def test_every_header_is_a_dependency_of_the_extensions() -> None:
    # setuptools rebuilds an extension when a file of its ``depends`` changes: every header any C file includes
    headers = setup_list('HEADERS')
    assert isinstance(headers, list)
    assert sorted(headers) == sorted(str(path.relative_to(ROOT)) for path in (ROOT / 'poker').rglob('*.h'))
    assert setup_list('SOURCES') == sanitized().extensions()
