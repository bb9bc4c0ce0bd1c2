"""Check of the station beater: a seeded duplicate match of 300 deals against the calling station."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from _checking import run  # noqa: E402

from poker import match  # noqa: E402


def check(module: ModuleType) -> None:
    result = match([module.StationBeater, 'station'], 300, seed=7, progress=False)
    mean, half = result.difference('StationBeater', 'station')
    assert mean - half > 0, (f'StationBeater - station = {mean:+.3f} +- {half:.3f} small bets per hand, '
                             'expected above 0 (the whole interval)')


if __name__ == '__main__':
    sys.exit(run(check, __file__))
