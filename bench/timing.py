"""What the benchmarks share: a median timer (bench scripts run as `python bench/NAME.py`)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_seconds(action: Callable[[], object], repeats: int, warm: bool = False) -> float:
    """The median wall time of ``repeats`` calls of ``action`` (after one untimed call if ``warm``)."""
    if warm:
        action()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)
