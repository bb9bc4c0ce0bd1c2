"""The package ships py.typed, so its annotations must hold: ``mypy --strict`` checks the whole package."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_finds_no_error_in_the_package(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, '-m', 'mypy', '--strict', 'poker', '--cache-dir', str(tmp_path)],
        cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert 'Success: no issues found' in result.stdout


def test_the_package_is_marked_typed() -> None:
    assert (ROOT / 'poker' / 'py.typed').is_file()
