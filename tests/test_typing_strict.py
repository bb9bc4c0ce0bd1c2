"""The engine's modules stay ``mypy --strict`` clean (the whole package is checked by test_typing.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STRICT = ['betting', 'census', 'enumeration', 'hand', 'hand_ranker', 'hand_statistics', 'holdings', 'income_rates',
          'opponent_model', 'outcomes', 'player', 'plotting', 'preflop', 'range_statistics', 'ranking_tables',
          'reference', 'showdowns', 'starting_hand']


def test_the_engine_modules_are_strictly_typed(tmp_path: Path) -> None:
    files = [str(ROOT / 'poker' / f'{name}.py') for name in STRICT]
    result = subprocess.run(
        [sys.executable, '-m', 'mypy', '--strict', '--follow-imports=silent', '--cache-dir', str(tmp_path), *files],
        cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
