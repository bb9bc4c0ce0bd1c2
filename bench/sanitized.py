"""Build the compiled core with AddressSanitizer and UndefinedBehaviorSanitizer, and run its tests under them.

    python bench/sanitized.py [pytest arguments]      # default: every public path into C, and the hostile calls

The extensions are compiled into a temporary copy of the package (never over the working tree's), with
``-fsanitize=address,undefined -fno-sanitize-recover=undefined -g -O1``; pytest then runs on that copy with
the ASan runtime preloaded (Python itself is not instrumented, so leak checking is off). A bad read, a bad
write or undefined behaviour in the C code aborts the run with the sanitizer's report; the exit status is
pytest's.

The default tests reach every public path into C: ranking (``rank_many``, ``rank_indices``), the kernel
(``holding_outcomes``, ``tally``, the showdowns, ``Player``), a range against a range (``range_tally``,
``range_statistics``), ``equity`` (exact and sampled), ``HandIndexer``, the strength tables' batches
(``boards_strengths``, ``build_table``) and the match's fast paths; and tests/package/test_core_hostile.py calls
each C function with what no door lets through (its count of calls is printed at the end).
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_TESTS = ['tests/package/test_core_hostile.py',
                 # ranking
                 'tests/ranking/test_rank_core.py', 'tests/ranking/test_ranking.py',
                 'tests/ranking/test_ranking_hook.py',
                 # kernel
                 'tests/kernel/test_compiled_kernel.py', 'tests/kernel/test_showdowns.py',
                 'tests/stats/test_hand_strength.py', 'tests/stats/test_statistics.py',
                 # a range against a range
                 'tests/kernel/test_compiled_ranges.py', 'tests/stats/test_range_statistics.py',
                 'tests/stats/test_compiled_equity.py', 'tests/stats/test_equity.py',  # equity
                 'tests/cards/test_compiled_isomorphism.py', 'tests/cards/test_isomorphism.py',  # HandIndexer
                 'tests/stats/test_strength_table.py',  # the strength tables' batches
                 'tests/players/test_table_fast_paths.py', 'tests/matches/test_match.py']  # the match's fast paths
FLAGS = ['-fsanitize=address,undefined', '-fno-sanitize-recover=undefined', '-fno-omit-frame-pointer', '-g', '-O1']


def runtime() -> str:
    """The libraries to preload: the ASan runtime that gcc links against, and the C++ runtime after it (so
    that ASan finds the real ``__cxa_throw`` when it starts: else the first C++ exception of an extension,
    such as matplotlib's, aborts the run with no report)."""
    return ' '.join(subprocess.run(['gcc', f'-print-file-name={name}'], capture_output=True, text=True,
                                   check=True).stdout.strip() for name in ('libasan.so', 'libstdc++.so.6'))


def extensions() -> dict[str, list[str]]:
    """The compiled core's extensions and the C files each is linked from: ``SOURCES`` in setup.py, the one list
    (read from its text, not run)."""
    for node in ast.parse((ROOT / 'setup.py').read_text(encoding='utf-8')).body:
        if isinstance(node, ast.Assign) and [getattr(target, 'id', '') for target in node.targets] == ['SOURCES']:
            sources: dict[str, list[str]] = ast.literal_eval(node.value)
            return sources
    raise LookupError('setup.py names no SOURCES')


def build(copy: Path) -> None:
    """Compile each extension of setup.py in ``copy`` with the sanitizers, from its C files."""
    include = sysconfig.get_paths()['include']
    suffix = sysconfig.get_config_var('EXT_SUFFIX')
    for name, sources in extensions().items():
        target = copy / (name.replace('.', '/') + suffix)
        subprocess.run(['gcc', '-shared', '-fPIC', '-std=c99', *FLAGS, f'-I{include}', f'-I{copy / "poker"}',
                        f'-I{copy / "poker" / "ranking"}', *[str(copy / source) for source in sources], '-o',
                        str(target)], check=True)
        print(f'built {target.relative_to(copy)} from {len(sources)} C files with {" ".join(FLAGS[:2])}')


def main() -> int:
    tests = sys.argv[1:] or DEFAULT_TESTS
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder)
        for name in ('poker', 'tests', 'tools', 'setup.cfg', 'pyproject.toml'):
            source = ROOT / name
            if source.is_dir():
                shutil.copytree(source, copy / name, ignore=shutil.ignore_patterns('*.so', '__pycache__'))
            else:
                shutil.copy2(source, copy / name)
        build(copy)
        environment = {**os.environ, 'PYTHONPATH': str(copy), 'LD_PRELOAD': runtime(),
                       'ASAN_OPTIONS': 'detect_leaks=0:abort_on_error=1',
                       'UBSAN_OPTIONS': 'print_stacktrace=1:halt_on_error=1',
                       'POKER_COUNT_HOSTILE': str(copy / 'hostile_calls.txt')}
        # (--capture=sys: a sanitizer writes its report to the file descriptor, which pytest must not swallow)
        command = [sys.executable, '-m', 'pytest', '-q', '-p', 'no:cacheprovider', '-o', 'addopts=', '--capture=sys',
                   '-m', 'not slow', *[str(copy / t) if (copy / t).exists() else t for t in tests]]
        status = subprocess.run(command, cwd=copy, env=environment).returncode
        counts = copy / 'hostile_calls.txt'
        if counts.exists():
            print(f'{sum(int(line) for line in counts.read_text().split())} hostile calls into the compiled core '
                  'under the sanitizers (tests/package/test_core_hostile.py)')
        return status


if __name__ == '__main__':
    sys.exit(main())
