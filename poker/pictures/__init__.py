"""Pictures: heat maps of the 13x13 grid and strength histograms (matplotlib, the ``plot`` extra).
"""

from __future__ import annotations

from .class_pictures import hand_classes_png
from .plots import (
    PLOT_EXTRA, check_matplotlib, heat_map_png, income_rate_png, line_chart_png, range_png, range_statistics_png,
    strength_distribution_png,
)

__all__ = [
    'PLOT_EXTRA',
    'check_matplotlib',
    'hand_classes_png',
    'heat_map_png',
    'income_rate_png',
    'line_chart_png',
    'range_png',
    'range_statistics_png',
    'strength_distribution_png',
]
