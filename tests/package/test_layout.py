"""Rules about the package's layout: wings that import downward only, no import circle, one name for one thing,
nothing private across a wing.

The package is a few wings (sub-packages), each a concept, in a fixed order: a module may import from its own
wing and from wings below it, never from one above. The arrows are read from the source (every ``import``,
top-level or inside a function), so an import put off to call time counts as much as one at the top.

A wing's public names are its ``__all__`` and its modules' (the names users reach for are in the wing's
``__init__``, those other wings need in the modules' lists); nothing private crosses a wing: a name that starts
with ``_`` (a function, class, constant, method or attribute, or a module such as a compiled core) is used only
in its own wing. The foundation is the package's own and no wing: its modules ``poker/_lazy.py`` and
``poker/_version.py`` are private to users but open to every wing, as the rest of the foundation is; the names
inside a foundation module that start with ``_`` are that module's alone. A name that also ends with ``_`` is the
hook of a protocol, not private (``__init__``, an enum's ``_missing_``, a notebook's ``_repr_svg_``).
"""

from __future__ import annotations

import ast
import functools
import importlib
import inspect
import pkgutil
import subprocess
import sys
import types
from collections import defaultdict
from pathlib import Path

import pytest

import poker

import installed

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / 'poker'

FOUNDATION = ('_lazy', '_version', 'errors', 'extras', 'markup', 'processes', 'validators')
"""Modules at the top of the package that every wing may use: names imported on first use, one thread at a time,
the version, the errors, the optional extras (matplotlib, pandas), the SVG and HTML of notebook pictures, local
process pools, the argument checks."""

WINGS = ('cards', 'ranking', 'ranges', 'kernel', 'stats', 'strategy', 'pictures', 'table', 'players', 'formats', 'matches', 'cli')
"""The wings, lowest first: each may import the foundation and the wings before it in this list."""

SIBLINGS = {('ranking', 'ranges')}
"""Wings side by side on one floor: neither imports the other."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix('').parts)
    return '.'.join(parts[:-1] if parts[-1] == '__init__' else parts)


def modules() -> dict[str, Path]:
    """Every module of the package: its Python files (the compiled core's modules are leaves, see below)."""
    return {module_name(path): path for path in sorted(PACKAGE.rglob('*.py'))}


@functools.cache
def compiled_modules() -> frozenset[str]:
    """The compiled core's modules, one per C file that makes one (``poker/ranking/_rank.c``, whose
    ``PyInit__rank`` makes ``poker.ranking._rank``; a module's other C files make none)."""
    return frozenset(module_name(path) for path in PACKAGE.rglob('*.c')
                     if 'PyMODINIT_FUNC' in path.read_text(encoding='utf-8'))


def arrows() -> dict[str, set[str]]:
    """Module -> the package modules it imports (``from .x import y`` points at ``x.y`` when that is a module)."""
    known, compiled = modules(), compiled_modules()
    found: dict[str, set[str]] = defaultdict(set)
    for name, path in known.items():
        for target, taken, _, _ in imported(name, path):
            inner = f'{target}.{taken}'
            found[name].add(inner if taken is not None and (inner in known or inner in compiled) else target)
    return found


def imported(name: str, path: Path) -> list[tuple[str, str | None, str | None, int]]:
    """What module ``name`` (at ``path``) imports from the package: (module, name taken from it or None for a
    plain ``import``, the local name it is bound to, line), each ``from .x import y`` resolved to ``poker.x``."""
    package = name if path.name == '__init__.py' else name.rpartition('.')[0]
    found: list[tuple[str, str | None, str | None, int]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding='utf-8'))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split('.')[:len(package.split('.')) - node.level + 1]
                target = '.'.join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ''
            if target.split('.')[0] == 'poker':
                found += [(target, alias.name, alias.asname or alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(alias.name, None, alias.asname, node.lineno) for alias in node.names
                      if alias.name.split('.')[0] == 'poker']
    return found


def wing_of(module: str) -> str:
    parts = module.split('.')
    return parts[1] if len(parts) > 1 else 'poker'


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph`` (one path round each strongly connected part larger than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:  # Tarjan's algorithm
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            part = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                part.append(member)
                if member == node:
                    break
            if len(part) > 1 or node in graph.get(node, ()):
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_cycle_finder_finds_a_circle() -> None:
    assert cycles({'a': {'b'}, 'b': {'c'}, 'c': {'a'}, 'd': {'a'}}) == [['a', 'b', 'c']]
    assert cycles({'a': {'b'}, 'b': set()}) == []


def test_no_import_circle_between_modules() -> None:
    graph = {name: {target for target in targets if target != 'poker' or name != 'poker'}
             for name, targets in arrows().items()}
    # a wing's __init__ importing its own modules, and those modules importing siblings, is a tree, not a circle
    assert cycles(graph) == []


def test_every_wing_imports_only_the_foundation_and_the_wings_below_it() -> None:
    floor = {wing: number for number, wing in enumerate(WINGS)}
    wrong = []
    for source, targets in arrows().items():
        here = wing_of(source)
        for target in targets:
            there = wing_of(target)
            if here == there or there in FOUNDATION or here in ('poker', '__main__'):
                continue
            if here in FOUNDATION:
                if there != 'errors':
                    wrong.append(f'{source} -> {target}: the foundation imports no wing')
            elif there == 'poker' or floor[there] >= floor[here] or (here, there) in SIBLINGS \
                    or (there, here) in SIBLINGS:
                wrong.append(f'{source} -> {target}: {here} may not import {there}')
    assert wrong == []


def is_private(name: str) -> bool:
    """Whether ``name`` is private: it starts with ``_`` and does not end with one (``__init__``, an enum's
    ``_missing_`` and a notebook's ``_repr_svg_`` are hooks of a protocol)."""
    return name.startswith('_') and not name.endswith('_')


def private_definitions() -> dict[str, set[str]]:
    """Wing -> the private names its modules define: functions, classes, methods, and names bound at the top of a
    module, in a class or on ``self``."""
    found: dict[str, set[str]] = defaultdict(set)
    for name, path in modules().items():
        names = found[wing_of(name)]
        for node in ast.walk(ast.parse(path.read_text(encoding='utf-8'))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
    return {wing: {name for name in names if is_private(name)} for wing, names in found.items()}


def private_crossings() -> list[str]:
    """Every private name a module takes from another wing: imported from it (a name, or a module of it such as a
    compiled core), read as an attribute of something imported from it (``FixedLimitGame._winners``), or read as an
    attribute that only other wings define (``self.factor_model._linear_factor``)."""
    defined = private_definitions()
    wrong = []
    for name, path in modules().items():
        here = wing_of(name)
        strangers: dict[str, str] = {}   # local name -> the other wing it was imported from
        for target, taken, local, line in imported(name, path):
            there = wing_of(target)
            if there == here:
                continue
            parts = target.split('.')[1:] + ([taken] if taken else [])
            if there not in FOUNDATION and any(is_private(part) for part in parts) \
                    or there in FOUNDATION and taken is not None and is_private(taken):
                wrong.append(f'{name}:{line} imports {".".join([target, *([taken] if taken else [])])} of {there}')
            if local is not None and there != 'poker':
                strangers[local] = there
        for node in ast.walk(ast.parse(path.read_text(encoding='utf-8'))):
            if isinstance(node, ast.Attribute) and is_private(node.attr):
                if isinstance(node.value, ast.Name) and node.value.id in strangers:
                    wrong.append(f'{name}:{node.lineno} reads {node.value.id}.{node.attr} of '
                                 f'{strangers[node.value.id]}')
                elif node.attr not in defined.get(here, set()) and any(
                        node.attr in names for wing, names in defined.items() if wing != here):
                    owners = sorted(wing for wing, names in defined.items() if node.attr in names)
                    wrong.append(f'{name}:{node.lineno} reads .{node.attr}, private to {", ".join(owners)}')
    return wrong


def test_the_privacy_finder_finds_each_kind_of_crossing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A module of a made-up package takes a private name of another wing in each way the finder knows."""
    package = tmp_path / 'poker'
    for wing in ('low', 'high'):
        (package / wing).mkdir(parents=True)
        (package / wing / '__init__.py').write_text('', encoding='utf-8')
    (package / '__init__.py').write_text('', encoding='utf-8')
    (package / 'low' / 'rules.py').write_text(
        'class Game:\n    def _split(self):\n        pass\n\n\ndef _helper():\n    pass\n', encoding='utf-8')
    (package / 'high' / 'uses.py').write_text(
        'from ..low import _core\nfrom ..low.rules import Game, _helper\n\n\ndef play(model):\n'
        '    Game._split(None)\n    return model._split()\n', encoding='utf-8')
    monkeypatch.setattr(sys.modules[__name__], 'ROOT', tmp_path)
    monkeypatch.setattr(sys.modules[__name__], 'PACKAGE', package)
    assert private_crossings() == [
        'poker.high.uses:1 imports poker.low._core of low', 'poker.high.uses:2 imports poker.low.rules._helper of low',
        'poker.high.uses:6 reads Game._split of low', 'poker.high.uses:7 reads ._split, private to low']


def test_nothing_private_crosses_a_wing() -> None:
    assert private_crossings() == []


def test_the_package_holds_the_foundation_and_the_wings_and_nothing_else() -> None:
    top = {path.stem for path in PACKAGE.glob('*.py')} | {path.name for path in PACKAGE.iterdir()
                                                          if path.is_dir() and path.name != '__pycache__'}
    assert top == {'__init__', '__main__', *FOUNDATION, *WINGS}
    for wing in WINGS:
        assert (PACKAGE / wing / '__init__.py').is_file(), wing


def all_modules() -> list[types.ModuleType]:
    return [importlib.import_module(info.name)
            for info in pkgutil.walk_packages(poker.__path__, 'poker.') if not info.name.endswith('__main__')]


def test_each_wing_lists_its_public_names_and_they_exist() -> None:
    for wing in WINGS:
        module = importlib.import_module(f'poker.{wing}')
        names = getattr(module, '__all__', None)
        assert names, f'poker.{wing} has no __all__'
        assert sorted(names) == list(names), f'poker.{wing}.__all__ is not sorted'
        assert [name for name in names if not hasattr(module, name)] == [], wing


def test_no_module_is_hidden_by_a_name_and_no_two_modules_share_a_name() -> None:
    """``import poker.x.y as m`` gives the module: no function, class or constant of a package has a module's name,
    and each module's name says one thing (no two modules in different wings with the same name)."""
    hidden = []
    names: dict[str, list[str]] = defaultdict(list)
    functions: set[str] = set()
    for module in all_modules():
        short = module.__name__.rpartition('.')[2]
        names[short].append(module.__name__)
        for name, value in vars(module).items():
            if not name.startswith('_') and (inspect.isfunction(value) or inspect.isclass(value)) \
                    and getattr(value, '__module__', '').startswith('poker'):
                functions.add(name)
        if hasattr(module, '__path__'):
            for info in pkgutil.iter_modules(module.__path__):
                if not isinstance(getattr(module, info.name, None), (types.ModuleType, type(None))):
                    hidden.append(f'{module.__name__}.{info.name}')
    assert hidden == []
    assert {short: where for short, where in names.items() if len(where) > 1} == {}
    assert sorted(set(names) & functions) == []


@pytest.mark.parametrize('name', ['LokiPlayer', 'FixedLimitGame', 'TableView', 'Decision', 'Bot', 'SeatModel',
                                  'Situation', 'ModellingLokiPlayer', 'Range', 'Player', 'HandRanker', 'equity',
                                  'match', 'range_statistics', 'hand_strength', 'preflop_strategy'])
def test_what_users_reach_for_is_at_the_top(name: str) -> None:
    assert name in poker.__all__ and getattr(poker, name) is not None


def test_the_top_names_are_the_ones_mypy_sees_and_come_from_their_wing() -> None:
    """``poker/__init__`` imports its names on first use (PEP 562); the imports under ``if TYPE_CHECKING`` are what
    mypy and readers see. Both give the same names, and the same objects."""
    imported: dict[str, str] = {}
    for node in ast.walk(ast.parse((PACKAGE / '__init__.py').read_text(encoding='utf-8'))):
        if isinstance(node, ast.If) and ast.unparse(node.test) == 'TYPE_CHECKING':
            for statement in node.body:
                assert isinstance(statement, ast.ImportFrom) and statement.level == 1
                imported.update({alias.name: f'poker.{statement.module}' for alias in statement.names})
    assert sorted(imported) == sorted(set(poker.__all__) - {'__version__'})
    assert [name for name, home in imported.items()
            if getattr(poker, name) is not getattr(importlib.import_module(home), name)] == []
    assert set(poker.__all__) <= set(dir(poker))
    assert {name: f'poker.{wing}' for name, wing in poker._HOMES.items()} == imported  # the map: no stale entry


def test_a_top_name_loads_its_wing_and_nothing_more() -> None:
    """``from poker import HandRanker`` finds the name's wing in a map and imports that wing alone: no more
    modules of the package than ``from poker.ranking import HandRanker`` loads (not wing after wing until one
    has it); and every name of ``poker.__all__`` resolves, in a fresh interpreter too."""
    def loaded(statement: str) -> set[str]:
        code = f'import sys; {statement}; print(" ".join(m for m in sys.modules if m.startswith("poker")))'
        result = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, check=True,
                                env=installed.environment())
        return set(result.stdout.split())

    for name, wing in (('HandRanker', 'ranking'), ('Card', 'cards'), ('FixedLimitGame', 'table')):
        top, own = loaded(f'from poker import {name}'), loaded(f'from poker.{wing} import {name}')
        assert top == own, f'{name}: {sorted(top ^ own)}'
    assert loaded('import poker; [getattr(poker, name) for name in poker.__all__]') >= {
        f'poker.{wing}' for wing in set(poker._HOMES.values())}


def test_the_examples_import_from_the_top_or_a_wing() -> None:
    """Exercises and the example program reach the library through ``poker`` and its wings' public names."""
    wings = {f'poker.{wing}' for wing in WINGS}
    deep = []
    for path in sorted((ROOT / 'examples').rglob('*.py')):
        for node in ast.walk(ast.parse(path.read_text(encoding='utf-8'))):
            if isinstance(node, ast.ImportFrom) and (node.module or '').startswith('poker') \
                    and node.module != 'poker' and node.module not in wings:
                deep.append(f'{path.relative_to(ROOT)}: from {node.module} import ...')
            if isinstance(node, ast.ImportFrom) and node.module in wings:
                public = set(importlib.import_module(node.module).__all__)
                deep += [f'{path.relative_to(ROOT)}: {alias.name} is not public in {node.module}'
                         for alias in node.names if alias.name not in public]
    assert deep == []


def defined_in(module: types.ModuleType) -> set[str]:
    """The names a module's own top level binds: assignments, functions and classes (not imports)."""
    names: set[str] = set()
    for node in ast.parse(inspect.getsource(module)).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) \
            else []
        names.update(name.id for target in targets for name in ast.walk(target) if isinstance(name, ast.Name))
    return names


def test_each_public_name_has_one_home() -> None:
    """No name is in the ``__all__`` of two modules: each is listed where it is defined, and importers take it from
    there. Only a wing's ``__init__`` (and ``poker/__init__``) lists names of other modules: its wing's."""
    homes: dict[str, list[str]] = defaultdict(list)
    for module in all_modules():
        if not hasattr(module, '__path__') and module.__name__ not in compiled_modules():
            own = defined_in(module)
            for name in getattr(module, '__all__', ()):
                homes[name].append(module.__name__)
                assert name in own, f'{module.__name__} lists {name}, which it imports'
    assert {name: where for name, where in homes.items() if len(where) > 1} == {}
    for wing in WINGS:
        package = importlib.import_module(f'poker.{wing}')
        own = defined_in(package)
        strays = [name for name in package.__all__ if name not in own and (
            name not in homes or not all(home.startswith(f'poker.{wing}.') for home in homes[name]))]
        assert strays == [], f'poker.{wing} lists names of other wings, or names no module of it lists'


def test_a_wing_imports_an_engine_only_when_it_is_used() -> None:
    """``from poker import Player`` loads the player and what it needs, not every engine of the stats wing (their
    import time and memory are paid by the programs that use them); each name still resolves on first use."""
    code = ('import sys; from poker import Player; import poker.stats as s; '
            'loaded = sorted(m for m in sys.modules if m.startswith("poker.stats.")); '
            'print(" ".join(loaded)); s.equity, s.build_table; '
            'print(all(getattr(s, n) is not None for n in s.__all__))')
    result = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, check=True,
                            env=installed.environment())
    loaded, resolved = result.stdout.split('\n')[:2]
    assert 'poker.stats.player' in loaded.split()
    assert not {'poker.stats.multiway', 'poker.stats.strength_tables', 'poker.stats.range_stats',
                'poker.stats.hand_classes', 'poker.stats.scenario'} & set(loaded.split())
    assert resolved == 'True'
