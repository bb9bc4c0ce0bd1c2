"""Build the compiled core with AddressSanitizer and UndefinedBehaviorSanitizer, and run its tests under them.

    python bench/sanitized.py [pytest arguments]      # default: the core's tests: ranking, kernel, equity, isomorphism

The extensions are compiled into a temporary copy of the package (never over the working tree's), with
``-fsanitize=address,undefined -fno-sanitize-recover=undefined -g -O1``; pytest then runs on that copy with
the ASan runtime preloaded (Python itself is not instrumented, so leak checking is off). A bad read, a bad
write or undefined behaviour in the C code aborts the run with the sanitizer's report; the exit status is
pytest's.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_TESTS = ['tests/test_rank_core.py', 'tests/test_ranking.py', 'tests/test_ranking_hook.py',
                 'tests/test_statistics.py', 'tests/test_hand_strength.py', 'tests/test_compiled_kernel.py',
                 'tests/test_compiled_ranges.py', 'tests/test_compiled_equity.py',
                 'tests/test_compiled_isomorphism.py', 'tests/test_table_fast_paths.py']
FLAGS = ['-fsanitize=address,undefined', '-fno-sanitize-recover=undefined', '-fno-omit-frame-pointer', '-g', '-O1']


def runtime() -> str:
    """The path of the ASan runtime library that gcc links against."""
    return subprocess.run(['gcc', '-print-file-name=libasan.so'], capture_output=True, text=True,
                          check=True).stdout.strip()


def build(copy: Path) -> None:
    """Compile each extension of setup.py in ``copy`` with the sanitizers."""
    include = sysconfig.get_paths()['include']
    suffix = sysconfig.get_config_var('EXT_SUFFIX')
    for source in sorted(copy.glob('poker/*/_*.c')):
        target = source.with_name(source.stem + suffix)
        subprocess.run(['gcc', '-shared', '-fPIC', '-std=c99', *FLAGS, f'-I{include}',
                        f'-I{copy / "poker" / "ranking"}', str(source), '-o', str(target)], check=True)
        print(f'built {target.relative_to(copy)} with {" ".join(FLAGS[:2])}')


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
                       'UBSAN_OPTIONS': 'print_stacktrace=1:halt_on_error=1'}
        command = [sys.executable, '-m', 'pytest', '-q', '-p', 'no:cacheprovider', '-o', 'addopts=',
                   '-m', 'not slow', *[str(copy / t) if (copy / t).exists() else t for t in tests]]
        return subprocess.run(command, cwd=copy, env=environment).returncode


if __name__ == '__main__':
    sys.exit(main())
