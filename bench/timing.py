"""What the benchmarks share: a median timer (bench scripts run as `python bench/NAME.py`).

No `import statistics` here: inside bench/ that name is our own bench/statistics.py.
"""

from __future__ import annotations

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
    return median(times)


def median(values: list[float]) -> float:
    """The median of ``values`` (the mean of the middle two for an even count)."""
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2
