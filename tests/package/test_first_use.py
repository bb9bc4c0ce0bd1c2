"""Issue 28, "A researcher's first Dask run": what a thread meets the first time it uses the library while other
threads of its process import modules (a dask worker's event loop and its task threads, a user's thread pool).

Each case runs in a fresh interpreter (nothing imported yet, as on a new worker) and is driven by events, not by
time: a module held half imported until the check is done, or threads released together by a barrier.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import poker
import poker.cards
import poker.kernel
import poker.ranges
import poker.ranking
import poker.stats

import installed
from patience import GUARD

ROOT = Path(__file__).resolve().parents[2]
LAZY_WINGS = (poker.cards, poker.ranking, poker.ranges, poker.kernel)
"""The wings whose names, like poker.stats's, are imported on first use (issue 31: the first statistics import
only the modules they need)."""


def run_child(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, '-c', code, *args], capture_output=True, text=True, timeout=GUARD,
                          env=installed.environment(), cwd=ROOT)


# NumPy's numpy.ma held half imported by one thread (as a dask worker's event loop holds it while it sends a
# result: distributed's serialisation imports it then) while this thread builds results whose arrays the
# validators check for masks. The other thread waits for an event in numpy.ma's body, so the state is exact.
HALF_IMPORTED_MASKS = r'''
import importlib.machinery, sys, threading
import numpy as np
from poker import HandRanker, Player, Range, board_strengths
from poker.validators import is_masked
assert 'numpy.ma' not in sys.modules, 'numpy.ma was imported already: the case is not set'
inside, release = threading.Event(), threading.Event()


class Held:
    """numpy.ma's loader, whose module body waits (in sys.modules, still empty) until released."""

    def __init__(self, loader):
        self.loader = loader

    def create_module(self, spec):
        return self.loader.create_module(spec)

    def exec_module(self, module):
        inside.set()
        release.wait()
        self.loader.exec_module(module)


class Holder:
    def find_spec(self, name, path=None, target=None):
        if name != 'numpy.ma':
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        spec.loader = Held(spec.loader)
        return spec


sys.meta_path.insert(0, Holder())
importer = threading.Thread(target=__import__, args=('numpy.ma',))
importer.start()
inside.wait()
CALLS = [('is_masked', lambda: is_masked(np.zeros(3))),
         ('board_strengths', lambda: board_strengths('2c 7d Js 9h 9s').hs.tolist()),
         ('rank_many', lambda: HandRanker.rank_many(np.array([[0, 5, 9, 13, 50]])).tolist()),
         ('weights', lambda: Player('AhKh', 'Qh Jh 2c').calculate_hand_statistics(
             weights=Range.parse('QQ+, AK').weights).hs)]


def answers():
    found = {}
    for name, call in CALLS:
        try:
            found[name] = call()
        except Exception as error:
            found[name] = f'{type(error).__name__}: {error}'
    return found


during = {}
user = threading.Thread(target=lambda: during.update(answers()))  # its own thread: one blocked on numpy.ma's
user.start()                                                         # import lock would still be alive below
user.join(float(sys.argv[1]))
blocked = user.is_alive()
release.set()
importer.join()
user.join()
after = answers()
print(blocked, during == after, [f'{name}: {value}' for name, value in during.items() if isinstance(value, str)])
print(is_masked(np.ma.masked_array([1, 2], mask=[0, 1])), is_masked(np.ma.masked), is_masked(np.zeros(1)))
'''


def test_a_half_imported_numpy_ma_is_not_read() -> None:
    """Issue 28: `validators.is_masked` read sys.modules['numpy.ma'] and failed with "partially initialized
    module 'numpy.ma' has no attribute 'MaskedArray'" while another thread was importing it: the first table
    built on fresh dask workers ended in that traceback. A masked array is now recognised by its class alone."""
    result = run_child(HALF_IMPORTED_MASKS, str(GUARD / 2))
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ['False True []', 'True True False'], result.stdout


# Every lazy name of poker and poker.stats read for the first time by 8 threads at once, each its share of
# them, all started together by a barrier; the switch interval is short so that they interleave.
MANY_THREADS = r'''
import random, sys, threading
sys.setswitchinterval(1e-6)
import poker, poker.stats
import poker.cards, poker.kernel, poker.ranges, poker.ranking
names = [(poker, name) for name in [*poker.__all__, *sorted(poker._SUBMODULES)]]
names += [(wing, name) for wing in (poker.stats, poker.cards, poker.ranking, poker.ranges, poker.kernel)
          for name in wing.__all__]
random.Random(int(sys.argv[1])).shuffle(names)
barrier, errors, found = threading.Barrier(8), [], {}


def read(share):
    barrier.wait()
    for module, name in share:
        try:
            found[module.__name__, name] = getattr(module, name)
        except BaseException as error:
            errors.append(f'{module.__name__}.{name}: {type(error).__name__}: {error}')


threads = [threading.Thread(target=read, args=(names[number::8],)) for number in range(8)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
wrong = [key for key, value in found.items() if value is not getattr(sys.modules[key[0]], key[1])]
print(len(names), len(found), errors[:3], wrong[:3])
'''


def test_lazy_names_read_by_many_threads_at_once_are_whole() -> None:
    """Issue 28: 8 threads reading poker's lazy names for the first time got "cannot import name ... from
    partially initialized module" (or a deadlock error, or a KeyError) in 9 of 12 runs; the first uses now
    import one after another (poker._lazy)."""
    expected = len(poker.__all__) + len(poker._SUBMODULES) + len(poker.stats.__all__) + \
        sum(len(wing.__all__) for wing in LAZY_WINGS)
    for seed in range(4):
        result = run_child(MANY_THREADS, str(seed))
        assert result.returncode == 0, result.stderr
        assert result.stdout.split() == [str(expected), str(expected), '[]', '[]'], result.stdout


def lazy_reads(source: str, module: str) -> list[str]:
    """The statements of ``source`` (module ``module``; a package's ``__init__`` is named as the package plus
    ``.__init__``) that read a lazy name of ``poker`` or ``poker.stats`` while the module is imported: at its top
    level or in a class body, not in a function, not for mypy only (``if TYPE_CHECKING``)."""
    lazy = {'poker': {*poker.__all__, *poker._SUBMODULES}, 'poker.stats': set(poker.stats.__all__),
            **{wing.__name__: set(wing.__all__) for wing in LAZY_WINGS}}
    package = module.split('.')[:-1]
    found = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) or \
                isinstance(node, ast.If) and 'TYPE_CHECKING' in ast.unparse(node.test):
            return
        if isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            target = '.'.join(base + (node.module.split('.') if node.module else []))
            names = {alias.name for alias in node.names}
            if target in lazy and (names & lazy[target] or '*' in names):
                found.append(f'{module}:{node.lineno}: {ast.unparse(node)}')
        elif isinstance(node, ast.Import) and any(alias.name.split('.')[0] == 'poker' for alias in node.names):
            found.append(f'{module}:{node.lineno}: {ast.unparse(node)}')
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(source))
    return found


def test_the_lazy_reads_finder_finds_them() -> None:
    source = ('from ..stats import equity\nfrom .. import Range, _lazy\nimport poker.cards\nfrom ..stats.multiway '
              'import equity\nfrom . import boards\nclass A:\n    from .. import cards\ndef f():\n    from .. import '
              'Range\nif TYPE_CHECKING:\n    from .. import Range\n')
    assert [line.split(': ', 1)[1] for line in lazy_reads(source, 'poker.table.probe')] == [
        'from ..stats import equity', 'from .. import Range, _lazy', 'import poker.cards', 'from .. import cards']
    assert lazy_reads('from . import equity, boards', 'poker.stats.__init__') == \
        ['poker.stats.__init__:1: from . import equity, boards']


def test_no_module_reads_a_lazy_name_while_it_is_imported() -> None:
    """What keeps poker._lazy's lock from deadlocking: a thread that holds a module's import lock never waits for
    it, since no module of the package reads a lazy name at its top level (each imports from the name's own
    module)."""
    found = []
    for path in sorted((ROOT / 'poker').rglob('*.py')):
        module = '.'.join(path.relative_to(ROOT).with_suffix('').parts)
        found += lazy_reads(path.read_text(encoding='utf-8'), module)
    assert found == []


FIRST_STATISTICS = r'''
import sys
from poker import Player
stats = Player('AhQh', '3h 4s Jh').calculate_hand_statistics()
print(stats.runouts, sorted(name for name in sys.argv[1:] if name in sys.modules))
'''
NOT_NEEDED = ['concurrent.futures', 'sortedcontainers', 'poker.markup', 'poker.cards.isomorphism', 'poker.ranges.range',
              'poker.ranges.weight_inputs', 'poker.ranking.hand', 'poker.ranking.rankable_hand',
              'poker.ranking.factory', 'poker.ranking.exhaustive', 'poker.kernel.range_passes',
              'poker.kernel.narrow_pass', 'poker.kernel.grid_pass', 'poker.kernel.sorted_pass',
              'poker.kernel.showdowns', 'poker.kernel.range_spot', 'poker.kernel.compiled_pass']


def test_the_first_statistics_import_only_what_they_use() -> None:
    """Issue 31: from a fresh process to the first flop statistics took 0.39 s, NumPy 0.10-0.16 s of it; the
    wings imported every module (the range passes, the hand objects, the pictures' markup, the thread pools) for
    a call that uses none of them. The wings' names are now imported on first use, like poker.stats's."""
    result = run_child(FIRST_STATISTICS, *NOT_NEEDED)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ['990', '[]'], result.stdout
