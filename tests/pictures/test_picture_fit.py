"""Issue 34, the pictures players tripped on: every text inside the picture (``stats.png``'s title was cut at its
right edge, ``classes.png``'s caption touched the bottom), titles that read ("one opponent holding any holding"),
the greys of "ace high" and "no made hand" told apart, and the notebook's match chart marked along its axes (it
had ticks at its ends only). What can be measured is: a text's box inside the figure's, colour distances, ticks."""

from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET
from typing import Any

import numpy as np
import pytest

pytest.importorskip('matplotlib')

from poker.cli import main  # noqa: E402
from poker.matches import MatchResult  # noqa: E402
from poker.pictures import class_pictures, plots  # noqa: E402
from poker.stats import range_statistics  # noqa: E402
from poker.stats.hand_classes import MadeHand  # noqa: E402

SVG = '{http://www.w3.org/2000/svg}'
MARGIN = 2.0
"""Pixels a text keeps from the picture's edge, at least."""


def texts_outside(figure: Any) -> list[tuple[str, tuple[float, ...]]]:
    """Every visible text of the drawn figure whose box is not inside the figure's (less :data:`MARGIN`): the
    titles, captions and labels, and the tick labels drawn (those of ticks inside the axes' limits); and the
    whole drawing's box (matplotlib's tight box: every artist drawn, a table too) when it is not inside."""
    from matplotlib.text import Text
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    width, height = figure.bbox.width, figure.bbox.height
    ticks = set()
    for axes in figure.axes:
        for axis, (low, high) in ((axes.xaxis, axes.get_xlim()), (axes.yaxis, axes.get_ylim())):
            low, high = min(low, high), max(low, high)
            for tick in axis.get_major_ticks():
                if not low - 1e-9 <= tick.get_loc() <= high + 1e-9:
                    ticks.update({id(tick.label1), id(tick.label2)})
    outside = []
    for artist in figure.findobj(Text):
        if not artist.get_visible() or not artist.get_text().strip() or id(artist) in ticks:
            continue
        box = artist.get_window_extent(renderer)
        if box.x0 < MARGIN or box.y0 < MARGIN or box.x1 > width - MARGIN or box.y1 > height - MARGIN:
            outside.append((artist.get_text(), tuple(round(value) for value in box.extents)))
    whole = figure.get_tightbbox(renderer).transformed(figure.dpi_scale_trans)  # (inches to pixels)
    if whole.x0 < MARGIN or whole.y0 < MARGIN or whole.x1 > width - MARGIN or whole.y1 > height - MARGIN:
        outside.append(('the whole drawing', tuple(round(value) for value in whole.extents)))
    return outside


def test_the_stats_picture_title_fits_and_reads(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[Any] = []
    real = plots.strength_distribution_png

    def keep(*args: Any, **kwargs: Any) -> Any:
        drawn.append(real(*args, **kwargs))
        return drawn[-1]
    monkeypatch.setattr(plots, 'strength_distribution_png', keep)
    assert main(['stats', 'AhQh', '--board', '3h 4s Jh', '--png', str(tmp_path / 'stats.png')]) == 0
    assert main(['stats', 'AhQh', '--board', '3h 4s Jh', '-n', '3', '--range', 'QQ+, AKs, ATs+:0.5, KQo, 76s',
                 '--png', str(tmp_path / 'ranged.png')]) == 0
    titles = [' '.join(figure.axes[0].get_title().split()) for figure in drawn]
    assert titles[0] == 'Ah Qh on 3h 4s Jh against one opponent (any holding): 1,081 runouts (the turn and river)'
    assert titles[1].startswith('Ah Qh on 3h 4s Jh against 3 opponents holding QQ+, AKs')
    for figure in drawn:
        assert texts_outside(figure) == []


def test_a_long_title_is_wrapped_inside_the_picture() -> None:
    title = 'a title far longer than the picture is wide, ' * 4
    figure = plots.strength_distribution_png(np.linspace(0, 1, 50), title=title.strip())
    assert texts_outside(figure) == []
    assert ' '.join(figure.axes[0].get_title().split()) == ' '.join(title.split())   # every word, wrapped
    chart = plots.line_chart_png([('Ann', [1.0, 2.0, 3.0])], title=title.strip())
    assert texts_outside(chart) == []


def test_the_classes_picture_keeps_its_texts_inside_and_its_caption_off_the_edge() -> None:
    stats = range_statistics('JJ+, AK, KQs, T9s', 'Jh Ts 4h')
    for title in ('JJ+, AK, KQs, T9s on Jh Ts 4h against every holding',
                  'a title that goes on and on, ' * 6):
        figure = class_pictures.hand_classes_png(stats, title=title.strip())
        assert texts_outside(figure) == []
        caption = figure.axes[0].xaxis.label.get_window_extent(figure.canvas.get_renderer())
        assert caption.y0 >= 8   # not touching the bottom edge: room of a few pixels at least


def rgb(colour: str) -> tuple[int, ...]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def test_the_made_hands_colours_are_told_apart() -> None:
    """Distances in RGB (0 to 255 a channel): "ace high" and "no made hand" (two greys 48 apart before) far
    apart, and no two made hands' colours closer than 40 (no made hand and two pair were 35)."""
    colours = dict(zip((hand.label for hand in MadeHand), class_pictures._COLOURS))
    assert len(colours) == len(MadeHand) == len(set(class_pictures._COLOURS))
    assert math.dist(rgb(colours['ace high']), rgb(colours['no made hand'])) >= 80
    closest = min(math.dist(rgb(a), rgb(b)) for a, b in itertools.combinations(colours.values(), 2))
    assert closest >= 40
    assert math.dist(rgb(colours['no made hand']), (255, 255, 255)) >= 40   # a class in the range is not blank


def evenly_round(values: list[float]) -> bool:
    """Marks at multiples of one round step (1, 2, 2.5 or 5 times a power of ten), evenly spaced."""
    steps = {round(b - a, 9) for a, b in zip(values, values[1:])}
    if len(steps) != 1:
        return False
    step = steps.pop()
    power = 10.0 ** math.floor(math.log10(step))
    return any(math.isclose(step, factor * power) for factor in (1, 2, 2.5, 5)) and \
        all(math.isclose(value / step, round(value / step), abs_tol=1e-9) for value in values)


def test_the_match_chart_is_marked_along_both_axes() -> None:
    per_deal = np.array([[0.7, -0.7], [1.9, -1.9], [-0.4, 0.4], [2.6, -2.6]] * 50)
    result = MatchResult(names=('Ann', 'Bob'), seed=7, rotations=2, per_deal=per_deal)
    root = ET.fromstring(result._repr_svg_())
    numbers = []
    for element in root.iter(f'{SVG}text'):
        text = (element.text or '').replace(',', '')
        try:
            numbers.append((float(text), element))
        except ValueError:
            continue
    up_the_side = [value for value, element in numbers if element.get('text-anchor') == 'end']
    along = [value for value, element in numbers if element.get('text-anchor') == 'middle']
    totals = result.cumulative()
    assert len(up_the_side) >= 3 and len(along) >= 3
    assert evenly_round(sorted(up_the_side)) and evenly_round(along), (up_the_side, along)
    assert min(up_the_side) >= totals.min() - 1e-9 and max(up_the_side) <= totals.max() + 1e-9
    assert all(1 <= value <= len(per_deal) for value in along) and along == sorted(along)
