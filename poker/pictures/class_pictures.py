"""A picture of a range read as made hands and draws: the 13x13 grid coloured by made hand, beside the table.

Drawn as :mod:`~poker.pictures.plots` draws (matplotlib's object-oriented interface, the ``plot`` extra: the
Figure is returned, and written to a PNG file when a path is given).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import numpy as np

from ..cards.card import format_cards
from ..cards.starting_hand import CLASS_COUNT, CLASS_OF_HOLDING, HAND_CLASSES
from ..errors import PokerError
from ..stats.hand_classes import MadeHand
from ..stats.range_stats import RangeStatistics
from ..validators import instance
from .plots import RANK_LABELS, _done, _figure, _fitted, _label, _target

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ['hand_classes_png']

_COLOURS = ('#e3e3e3', '#969696', '#fdd0a2', '#fdae6b', '#fd8d3c', '#e6550d', '#a63603', '#a1d99b', '#74c476',
            '#238b45', '#9ecae1', '#3182bd', '#08519c', '#756bb1', '#54278f')
"""One colour per :class:`~poker.stats.hand_classes.MadeHand`, weakest first: greys for no pair (a pale one for no
made hand, a mid one for ace high: told apart at a glance), oranges for one pair, greens for two pair to a set,
blues for straights to full houses, purples above."""

_ROW_HEIGHT = 0.055
"""The height of one table row, as a share of the table's axes (the made hands shaded in their colours, the
draws in grey below)."""


def hand_classes_png(stats: RangeStatistics, path: str | os.PathLike[str] | None = None, *,
                     title: str = '') -> Figure:
    """A :class:`~poker.stats.range_stats.RangeStatistics` on a board as its made hands and draws.

    Left, the 13x13 grid: each starting-hand class of the range coloured by the made hand most of its weight
    holds (classes outside the range left blank). Right, the table of :meth:`RangeStatistics.classes
    <poker.stats.range_stats.RangeStatistics.classes>`: class, combos, share, HS, PPOT, NPOT, EHS and equity,
    the made hands first, each in its colour.
    """
    stats = instance('stats', stats, RangeStatistics, error=PokerError, what='RangeStatistics (from range_statistics)')
    target, title = _target(path), _label('title', title)
    table = stats.classes()
    weight = np.zeros((CLASS_COUNT, len(MadeHand)))
    np.add.at(weight, (CLASS_OF_HOLDING[stats.holdings], stats.made.astype(np.intp)), stats.weights)
    held = weight.sum(axis=1) > 0
    dominant = np.where(held, weight.argmax(axis=1), -1)
    figure = _figure(15.0, 7.0)
    left, right = figure.subplots(1, 2, gridspec_kw={'width_ratios': [1.0, 1.1]})
    image = np.ones((13, 13, 3))
    for cell in np.flatnonzero(held).tolist():
        colour = _COLOURS[dominant[cell]].lstrip('#')
        image[cell // 13, cell % 13] = [int(colour[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    left.imshow(image)
    for cell in range(CLASS_COUNT):
        left.text(cell % 13, cell // 13, HAND_CLASSES[cell], ha='center', va='center', fontsize=7,
                  color='black' if held[cell] else '#bbbbbb')
    left.set_xticks(range(13), RANK_LABELS)
    left.set_yticks(range(13), RANK_LABELS)
    left.tick_params(length=0)
    left.xaxis.set_ticks_position('top')
    left.xaxis.set_label_position('bottom')
    left.set_xlabel('each class coloured by the made hand most of its weight holds')
    right.axis('off')
    rows = [[row.hand_class.label, f'{row.combos:g}', f'{row.share:.1%}', f'{row.hs:.3f}', f'{row.ppot:.3f}',
             f'{row.npot:.3f}', f'{row.ehs:.3f}', f'{row.equity:.3f}'] for row in table.made + table.draws]
    colours = [[_COLOURS[row.hand_class]] + ['white'] * 7 for row in table.made] + \
        [['#f4f4f4'] * 8 for _ in table.draws]
    # The table hangs from the top of its axes, a fixed height a row, however many rows the board gives.
    height = min(1.0, _ROW_HEIGHT * (len(rows) + 1))
    drawn = right.table(cellText=rows, cellColours=colours, cellLoc='right', bbox=(0.0, 1.0 - height, 1.0, height),
                        colLabels=['made hand / draw', 'combos', 'share', 'HS', 'PPOT', 'NPOT', 'EHS', 'equity'])
    drawn.auto_set_font_size(False)
    drawn.set_fontsize(9)
    drawn.auto_set_column_width(list(range(8)))
    for (line, column), cell in drawn.get_celld().items():
        if column == 0 and line > 0:
            cell.set_text_props(ha='left')
    heading = figure.suptitle(title or f'{table.combos:g} combos on {format_cards(stats.board)}')
    # room under the caption and beside the table, and the title on two lines rather than cut
    _fitted(figure, [heading, left.xaxis.label], lambda: figure.tight_layout(rect=(0.01, 0.03, 0.99, 0.95)))
    return _done(figure, target)
