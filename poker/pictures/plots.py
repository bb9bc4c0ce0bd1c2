"""Pictures: a 13x13 heat map of the starting-hand classes, and the spread of a hand's strength.

matplotlib is an optional extra (``pip install 'loki-holdem[plot]'``, or ``pip install '.[plot]'`` from a
checkout). It is imported only when a picture is drawn, through its object-oriented interface (no pyplot, no
global backend switch), so ``import poker`` stays light and a program that draws nothing never needs it. Without it, drawing raises
:class:`~poker.errors.MissingDependencyError` with the command that installs it.

Every function returns the matplotlib :class:`~matplotlib.figure.Figure` it draws, and writes it to a PNG file
too when given a path. In a notebook the Figure shows itself (it has a ``_repr_png_``); no figure is left open
anywhere, since none goes through pyplot: a Figure nobody keeps is freed like any other object.

A range is given as one weight set in any form (:data:`~poker.ranges.weight_inputs.WeightSetLike`: a
:class:`~poker.ranges.range.Range` or its text, 169 class weights, 1,326 holding weights, a 13x13 grid...).
"""

from __future__ import annotations

import functools
import io
import itertools
import math
import os
import textwrap
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ..cards.card_inputs import CardsLike, HoleLike
from ..cards.holdings import HOLDING_COUNT
from ..cards.starting_hand import CLASS_COUNT, HAND_CLASSES
from ..errors import CardCountError, PokerError, WeightsError
from ..extras import optional_module
from ..ranges.weight_inputs import WeightSetLike, read_weights
from ..ranges.weights import class_grid, class_means
from ..stats.player import Player
from ..stats.range_stats import RangeStatistics
from ..validators import instance, is_whole, real_array, real_number, shown, text

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ['PLOT_EXTRA', 'check_matplotlib', 'heat_map_png', 'income_rate_png', 'line_chart_png', 'picture_path',
           'range_png', 'range_statistics_png', 'runout_strengths', 'strength_distribution_png']

RANK_LABELS = tuple('AKQJT98765432')
PLOT_EXTRA = "pip install 'loki-holdem[plot]' (from a checkout: pip install '.[plot]')"
MARGIN = 0.02
"""The room a strength distribution leaves either side of 0 and 1, so that a marker there shows."""
LONGEST_LABEL = 200
"""The longest title or label a picture draws (longer text would not fit on it)."""


def picture_path(path: str | os.PathLike[str]) -> Path:
    """Where a picture goes: a path (text or a path object) ending in ``.png``, else a
    :class:`~poker.errors.PokerError` quoting it. Read before anything is drawn.

    >>> picture_path('range.png')
    PosixPath('range.png')
    """
    name = os.fspath(path) if isinstance(path, (str, os.PathLike)) else None
    if not isinstance(name, str) or not name.strip() or '\x00' in name:
        raise PokerError(f'a picture goes to a path ending in .png, got {shown(path)}')
    target = Path(name)
    if target.suffix.lower() != '.png':
        raise PokerError(f'picture file {shown(name)} must end in .png')
    return target


def _label(name: str, value: str) -> str:
    """A title or label: text of at most :data:`LONGEST_LABEL` characters, with no control character but a line
    break."""
    label = text(name, value, longest=LONGEST_LABEL, error=PokerError)
    if any(unicodedata.category(char) in ('Cc', 'Cs', 'Co', 'Cn') and char != '\n' for char in label):
        raise PokerError(f'{name} must be printable text, got {shown(value)}')
    return label


def _colour_map(name: str) -> str:
    """A matplotlib colour map's name (``'RdYlGn'``, ``'Greens'``), else a PokerError naming a few."""
    text('colour_map', name, longest=LONGEST_LABEL, error=PokerError)
    check_matplotlib()
    from matplotlib import colormaps
    if name not in colormaps:
        raise PokerError(f'colour_map must name a matplotlib colour map (RdYlGn, Greens, viridis...), '
                         f'got {shown(name)}')
    return name


@functools.cache
def _picture_class(figure_class: type[Figure]) -> type[Figure]:
    """The Figure class the pictures are drawn on: matplotlib's, shown as its PNG in a notebook (a plain Figure
    shows itself only once pyplot has set up the notebook's backend)."""

    class Picture(figure_class):  # type: ignore[valid-type,misc]  # (matplotlib's Figure, imported late)
        """A matplotlib Figure that a notebook shows as its PNG."""

        def _repr_png_(self) -> bytes:
            buffer = io.BytesIO()
            self.savefig(buffer, format='png')
            return buffer.getvalue()

    return Picture


def check_matplotlib() -> None:
    """Nothing when matplotlib is there to draw with, else :class:`~poker.errors.MissingDependencyError` with the
    command that installs it: a program checks it before long work whose end is a picture."""
    _figure(1, 1)


def _figure(width: float, height: float) -> Figure:
    """A matplotlib Figure on the Agg canvas, or :class:`~poker.errors.MissingDependencyError`
    (:func:`~poker.extras.optional_module`)."""
    canvas = optional_module('matplotlib.backends.backend_agg', 'drawing a picture', PLOT_EXTRA)
    figures = optional_module('matplotlib.figure', 'drawing a picture', PLOT_EXTRA)
    figure: Figure = _picture_class(figures.Figure)(figsize=(width, height), dpi=100)
    canvas.FigureCanvasAgg(figure)
    return figure


def _save(figure: Figure, path: str | os.PathLike[str]) -> Path:
    target = picture_path(path)
    try:
        figure.savefig(target, format='png')
    except OSError as error:
        raise PokerError(f'cannot write picture {shown(str(path))}: {error.strerror or "failed"}') from None
    return target


def _target(path: str | os.PathLike[str] | None) -> Path | None:
    """Where a picture goes, if anywhere: None, or :func:`picture_path` of the path (read before drawing)."""
    return None if path is None else picture_path(path)


def _fitted(figure: Figure, texts: Sequence[Any], layout: Callable[[], object], margin: float = 6.0) -> None:
    """Lay the figure out (``layout()``), then wrap each text of ``texts`` (a title, a caption) at its spaces
    until it lies inside the figure with ``margin`` pixels to spare either side, laying out again after each
    wrap: a long title is drawn on two lines rather than cut at the picture's edge."""
    layout()
    renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]
    room = figure.bbox.width - 2 * margin
    for artist in texts:
        for _ in range(12):  # (each pass wraps narrower; a dozen is far more than any title needs)
            box = artist.get_window_extent(renderer)
            if box.x0 >= margin and box.x1 <= figure.bbox.width - margin:
                break
            lines = artist.get_text().split('\n')
            longest = max(len(line) for line in lines)
            columns = max(8, min(longest - 1, int(longest * room / max(box.width, 1.0)) - 1))
            if box.width <= room:  # it would fit, but not where it is centred: narrower still
                columns = max(8, longest - 4)
            artist.set_text('\n'.join(textwrap.fill(line, columns) for line in lines))
            layout()


def _done(figure: Figure, target: Path | None) -> Figure:
    """The drawn figure, written to ``target`` first when there is one."""
    if target is not None:
        _save(figure, target)
    return figure


def _grid(values: Sequence[Sequence[float]] | Sequence[float] | np.ndarray) -> np.ndarray:
    """A 13x13 grid of finite numbers, or 169 numbers (one per class) laid out by
    :func:`~poker.ranges.weights.class_grid`."""
    grid = real_array('a starting-hand grid', values, error=PokerError)  # (finite numbers)
    if grid.shape == (CLASS_COUNT,):
        grid = class_grid(grid)
    if grid.shape != (13, 13):
        raise PokerError(f'a starting-hand grid must be 13x13 (or 169 values, one per class), got shape {grid.shape}')
    return grid


def range_statistics_png(stats: RangeStatistics, path: str | os.PathLike[str] | None = None, *,
                         statistic: str = 'ehs', title: str = '') -> Figure:
    """A :class:`~poker.stats.range_stats.RangeStatistics` as two pictures side by side.

    Left, the 13x13 grid of the hero classes' weighted mean ``statistic`` (``'ehs'``, ``'hs'``,
    ``'equity'``...; classes outside the range left blank). Right, the range's equity distribution, as
    Equilab draws it: the holdings sorted by showdown equity, strongest first, against the share of the
    range (by weight) at least that strong.
    """
    stats = instance('stats', stats, RangeStatistics, error=PokerError, what='RangeStatistics (from range_statistics)')
    target, title = _target(path), _label('title', title)
    means = stats.by_class(statistic)
    cells = np.full(CLASS_COUNT, np.nan)  # (classes outside the range left blank)
    for name, value in means.items():
        cells[HAND_CLASSES.index(name)] = value
    grid = cells.reshape(13, 13)  # (HAND_CLASSES runs row by row over the grid: class_grid, which wants no NaN)
    text = [[HAND_CLASSES[13 * r + c] + (f'\n{grid[r, c]:.2f}' if np.isfinite(grid[r, c]) else '')
             for c in range(13)] for r in range(13)]
    figure = _figure(16.0, 7.5)
    left, right = figure.subplots(1, 2, gridspec_kw={'width_ratios': [1.15, 1.0]})
    label = {'ehs': 'EHS', 'hs': 'HS', 'equity': 'equity'}.get(statistic, statistic)
    _draw_grid(figure, left, grid, cell_text=text, limits=(0.0, 1.0), colour_bar_label=f'mean {label} of the class',
               title=f'{label} by class')
    order = np.argsort(-stats.equity, kind='stable')
    share = np.cumsum(stats.weights[order]) / stats.weights.sum()
    right.step(np.concatenate([[0.0], share]) * 100, np.concatenate([[stats.equity[order][0]], stats.equity[order]]),
               where='pre', color='#4c72b0')
    right.axhline(stats.range_equity, color='#c44e52', linestyle='--', linewidth=1.2,
                  label=f'range equity {stats.range_equity:.3f}')
    right.set_xlim(0, 100)
    right.set_ylim(0, 1)
    right.set_xlabel('share of the range (by weight), strongest holdings first, %')
    right.set_ylabel('showdown equity of the holding')
    right.set_title('equity distribution')
    right.legend(loc='upper right')
    if title:
        figure.suptitle(title)
    figure.tight_layout()
    return _done(figure, target)


def heat_map_png(values: Sequence[Sequence[float]] | Sequence[float] | np.ndarray,
                 path: str | os.PathLike[str] | None = None, *, title: str = '', colour_bar_label: str = '',
                 cell_text: Sequence[Sequence[str]] | None = None, colour_map: str = 'RdYlGn',
                 centre: float | None = None, limits: tuple[float, float] | None = None) -> Figure:
    """Draw a 13x13 grid in :data:`~poker.cards.starting_hand.HAND_CLASSES` order (or the 169 values, one per
    class in that order) as a heat map.

    Each cell shows ``cell_text`` (by default the class name over its value). ``centre`` makes the
    colours diverge around that value (0 for income rates: red loses, green wins); ``limits`` fixes the
    ends of the colour scale (``(0, 1)`` for range weights).
    """
    grid = _grid(values)
    target, title, colour_bar_label = _target(path), _label('title', title), _label('colour_bar_label',
                                                                                        colour_bar_label)
    colour_map = _colour_map(colour_map)
    if centre is not None:
        centre = _scale_value('centre', centre)
    if limits is not None:
        limits = _limits(limits)
    if cell_text is not None:
        cell_text = _cell_text(cell_text)
    figure = _figure(9.0, 8.2)
    _draw_grid(figure, figure.add_subplot(), grid, title=title, colour_bar_label=colour_bar_label,
               cell_text=cell_text, colour_map=colour_map, centre=centre, limits=limits)
    figure.tight_layout()
    return _done(figure, target)


def _scale_value(name: str, value: object) -> float:
    """A value on a colour scale: a finite number of at most 1e300 either way (the scale's arithmetic, the span of
    two ends, stays finite)."""
    number = real_number(name, value, error=PokerError)
    if abs(number) > 1e300:
        raise PokerError(f'{name} must be a number from -1e300 to 1e300, got {shown(value)}')
    return number


def _limits(limits: tuple[float, float]) -> tuple[float, float]:
    """The ends of a colour scale: two finite numbers, the lower first."""
    pair = tuple(limits) if isinstance(limits, (tuple, list)) else ()
    if len(pair) != 2:
        raise PokerError(f'limits must be two numbers (low, high), got {shown(limits)}')
    low, high = (_scale_value('a limit', value) for value in pair)
    if not low < high:
        raise PokerError(f'limits must be (low, high) with low below high, got {shown(limits)}')
    return low, high


def _cell_text(cells: Sequence[Sequence[str]]) -> list[list[str]]:
    """The text of each of the 13x13 cells."""
    rows = [list(row) for row in cells] if isinstance(cells, (list, tuple)) and len(cells) == 13 \
        and all(isinstance(row, (list, tuple)) and len(row) == 13 for row in cells) else None
    if rows is None:
        raise PokerError(f'cell_text must be 13 rows of 13 texts, got {shown(cells)}')
    return [[_label('a cell\'s text', cell) for cell in row] for row in rows]


def _draw_grid(figure: Any, axes: Any, grid: np.ndarray, *, title: str = '', colour_bar_label: str = '',
               cell_text: Sequence[Sequence[str]] | None = None, colour_map: str = 'RdYlGn',
               centre: float | None = None, limits: tuple[float, float] | None = None) -> None:
    """Draw a 13x13 grid (NaN cells left blank) as a heat map on ``axes``, with its colour bar."""
    shown = np.ma.masked_invalid(grid)
    if cell_text is None:
        cell_text = [[f'{HAND_CLASSES[13 * r + c]}\n{grid[r, c]:g}' for c in range(13)] for r in range(13)]
    finite = grid[np.isfinite(grid)]
    low, high = limits if limits is not None else (float(finite.min()), float(finite.max())) if finite.size else (0, 1)
    norm: Any = None
    if centre is not None:
        from matplotlib.colors import TwoSlopeNorm
        gap = max(1e-9, abs(centre) * 1e-9)  # (a centre of 1e18 is not moved by 1e-9)
        norm = TwoSlopeNorm(vcenter=centre, vmin=min(low, centre - gap), vmax=max(high, centre + gap))
        image = axes.imshow(shown, cmap=colour_map, norm=norm)
    else:
        image = axes.imshow(shown, cmap=colour_map, vmin=low, vmax=high if high > low else low + 1)
    colour_bar = figure.colorbar(image, ax=axes, fraction=0.046, pad=0.03)
    if norm is not None:
        colour_bar.set_ticks(_diverging_ticks(norm.vmin, norm.vcenter, norm.vmax))
    if colour_bar_label:
        colour_bar.set_label(colour_bar_label)
    for row in range(13):
        for column in range(13):
            value = grid[row, column]
            dark = False
            if np.isfinite(value):
                red, green, blue, _ = image.cmap(image.norm(value))
                dark = 0.299 * red + 0.587 * green + 0.114 * blue < 0.5
            axes.text(column, row, cell_text[row][column], ha='center', va='center', fontsize=7,
                      color='white' if dark else 'black')
    axes.set_xticks(range(13), RANK_LABELS)
    axes.set_yticks(range(13), RANK_LABELS)
    axes.tick_params(length=0)
    axes.xaxis.set_ticks_position('top')
    axes.set_xlabel('suited hands above the diagonal, offsuit below, pairs on it')
    if title:
        axes.set_title(title, pad=24)


def _diverging_ticks(low: float, centre: float, high: float) -> list[float]:
    """Ticks for a colour bar that diverges at ``centre``: each half gets its own round ticks (one tick scale
    for the whole bar can leave the shorter half with none), the centre among them.

    >>> _diverging_ticks(-495.0, 0.0, 2043.0)
    [-450.0, -300.0, -150.0, 0.0, 600.0, 1200.0, 1800.0]
    """
    from matplotlib.ticker import MaxNLocator
    locator = MaxNLocator(nbins=4)
    below = [float(tick) for tick in locator.tick_values(low, centre) if low <= tick < centre]
    above = [float(tick) for tick in locator.tick_values(centre, high) if centre < tick <= high]
    return below + [float(centre)] + above


def income_rate_png(path: str | os.PathLike[str] | None = None, opponents: int = 1) -> Figure:
    """Papp's income rates against ``opponents`` as a heat map (red below 0, green above)."""
    from ..cards.income_rates import read_opponents, income_rate_table
    target, opponents = _target(path), read_opponents(opponents)
    table = income_rate_table(opponents)
    name = {1: 'IR2', 2: 'IR4', 3: 'IR4'}.get(opponents, 'IR7')
    return heat_map_png(
        table, target, centre=0.0,
        title=f'Preflop income rates against {opponents} opponent{"s" * (opponents != 1)} (Papp 1998, {name})',
        colour_bar_label='thousandths of a bet per hand')


def range_png(weights: WeightSetLike, path: str | os.PathLike[str] | None = None, *, title: str = '') -> Figure:
    """A range as a heat map: each class's share of its holdings in the range, from 0 to 1.

    ``weights`` is one weight set in any form (:data:`~poker.ranges.weight_inputs.WeightSetLike`): a
    :class:`~poker.ranges.range.Range` or its text, its :meth:`~poker.ranges.range.Range.class_weights` (169
    values), its 1,326 holding weights, or a 13x13 grid.
    """
    grid = class_grid(class_means(read_weights(weights)))
    target, title = _target(path), _label('title', title)
    text = [[HAND_CLASSES[13 * r + c] + ('' if grid[r, c] in (0.0, 1.0) else f'\n{grid[r, c]:.0%}')
             for c in range(13)] for r in range(13)]
    return heat_map_png(grid, target, title=title, cell_text=text, colour_map='Greens', limits=(0.0, 1.0),
                        colour_bar_label='share of the class in the range')


def strength_distribution_png(values: Sequence[float] | np.ndarray, path: str | os.PathLike[str] | None = None, *,
                              weights: Sequence[float] | np.ndarray | None = None,
                              markers: Mapping[str, float] | None = None, title: str = '',
                              bins: int = 20, label: str = 'hand strength after the runout') -> Figure:
    """A histogram of a hand's strength over its runouts, each value from 0 to 1.

    ``values`` holds one strength per runout (for example the hand's HS against the opponent's range
    once the board is complete), ``weights`` optionally how much each runout counts. ``markers`` draws
    a labelled vertical line per entry, such as ``{'HS now': 0.585, 'EHS': 0.66}``.
    """
    data = real_array('the strengths', values, error=PokerError).ravel()
    if data.size == 0:
        raise PokerError('a strength distribution needs at least one value')
    if data.min() < 0 or data.max() > 1:
        raise PokerError('hand strengths must lie between 0 and 1')
    counts = None
    if weights is not None:
        counts = real_array('weights', weights, error=PokerError).ravel()
        if counts.shape != data.shape or (counts < 0).any() or not 0 < counts.sum() < math.inf:
            raise PokerError(f'weights must be {data.size} non-negative numbers, not all zero')
    target, title, label = _target(path), _label('title', title), _label('label', label)
    if not is_whole(bins) or not 1 <= bins <= 1000:
        raise PokerError(f'bins must be a positive whole number (at most 1,000), got {shown(bins)}')
    bins = int(bins)
    if markers is not None:
        if not isinstance(markers, Mapping) or len(markers) > 10:
            raise PokerError(f'markers must map at most 10 names to strengths, got {shown(markers)}')
        markers = {_label('a marker\'s name', name): real_number('a marker', value, error=PokerError)
                   for name, value in markers.items()}
    share = (counts if counts is not None else np.ones_like(data))
    share = share / share.sum()
    figure = _figure(8.0, 4.5)
    axes = figure.add_subplot()
    axes.hist(data, bins=bins, range=(0.0, 1.0), weights=share, color='#4c72b0', edgecolor='white')
    for number, (name, value) in enumerate((markers or {}).items()):
        line_colour = ('#c44e52', '#55a868', '#8172b2', '#ccb974')[number % 4]
        axes.axvline(value, color=line_colour, linestyle='--', linewidth=1.5, label=f'{name} {value:.3f}')
    if markers:
        axes.legend(loc='best')
    axes.set_xlim(-MARGIN, 1.0 + MARGIN)  # (a marker at 0 or 1 drawn inside the frame, not hidden under it)
    axes.set_xlabel(label)
    axes.set_ylabel('share of runouts')
    drawn = [axes.set_title(title)] if title else []
    _fitted(figure, drawn, figure.tight_layout)
    return _done(figure, target)


def line_chart_png(series: Sequence[tuple[str, Sequence[float] | np.ndarray]],
                   path: str | os.PathLike[str] | None = None, *, title: str = '', x_label: str = '',
                   y_label: str = '') -> Figure:
    """Lines over 1, 2, ..., n (the same n for each), one per ``(legend text, values)``, with a line at 0 and the
    legend where it hides least: the picture of :func:`~poker.markup.line_chart_svg` (a match's cumulative results,
    :meth:`MatchResult.png <poker.matches.MatchResult.png>`). A legend text longer than
    :data:`LONGEST_LABEL` is cut there.
    """
    target, title = _target(path), _label('title', title)
    x_label, y_label = _label('x_label', x_label), _label('y_label', y_label)
    lines = _series(series)
    figure = _figure(8, 4.5)
    axes = figure.add_subplot(1, 1, 1)
    for name, values in lines:
        axes.plot(np.arange(1, len(values) + 1), values, label=name)
    axes.axhline(0, color='grey', linewidth=0.5)
    axes.set_xlabel(x_label)
    axes.set_ylabel(y_label)
    drawn = axes.set_title(title)
    axes.legend(loc='best', fontsize='small')
    _fitted(figure, [drawn], figure.tight_layout)
    return _done(figure, target)


def _series(series: Sequence[tuple[str, Sequence[float] | np.ndarray]]) -> list[tuple[str, np.ndarray]]:
    """The lines of a chart: 1 to 20 pairs of a legend text and finite numbers (at most 10**7), the same count in each."""
    items = list(itertools.islice(series, 21)) if isinstance(series, (list, tuple)) else []
    if not 1 <= len(items) <= 20 or not all(isinstance(item, (list, tuple)) and len(item) == 2 for item in items):
        raise PokerError(f'series must be 1 to 20 pairs (legend text, values), got {shown(series)}')
    lines = []
    for name, values in items:
        name = text('a legend text', name, error=PokerError)[:LONGEST_LABEL]
        array = real_array('a line\'s values', values, ndim=1, error=PokerError)
        if not 1 <= len(array) <= 10 ** 7:
            raise PokerError(f'a line has 1 to 10,000,000 values, got {len(array):,}')
        lines.append((name, array))
    if len({len(values) for _, values in lines}) > 1:
        raise PokerError(f'the lines of a chart have one length, got {shown([len(values) for _, values in lines])}')
    return lines


def runout_strengths(hole: HoleLike, board: CardsLike, lookahead: int | None = None,
                     weights: WeightSetLike = None, *, player_class: type[Player] | None = None) -> np.ndarray:
    """The hand's strength after each runout: the data :func:`strength_distribution_png` draws.

    For every way to deal the next ``lookahead`` board cards (by default all of them up to the river,
    at most 2), the HS of ``hole`` on the longer board against one opponent whose holdings are weighted
    by ``weights`` (one weight set in any form, :data:`~poker.ranges.weight_inputs.WeightSetLike`; None for all
    equally), leaving out holdings that use a known card or a card of that runout. One value per runout, in
    ``itertools.combinations`` order of the cards left.

    ``player_class`` (a :class:`~poker.stats.player.Player` subclass, default ``Player``) supplies the opponent
    model and the ranker; the counting is the engine's (:func:`poker.kernel.range_passes.hero_by_hero`). Against one opponent with every holding equally likely, their mean is the
    hand's EHS:

    >>> values = runout_strengths('Ah Qh', '3h 4s Jh')
    >>> len(values), round(float(values.mean()), 4), round(float(values.min()), 4), float(values.max())
    (1081, 0.7094, 0.1727, 1.0)
    """
    from ..kernel.range_passes import hero_by_hero
    if player_class is not None and not (isinstance(player_class, type) and issubclass(player_class, Player)):
        raise PokerError(f'player_class must be Player or a subclass, got {shown(player_class)}')
    player = (Player if player_class is None else player_class)(hole, board)
    if not player.board:
        raise CardCountError(f'the board must have 3, 4 or 5 cards for runouts, got none: {shown(board)}')
    count = player.read_lookahead(min(2, player.cards_to_come) if lookahead is None else lookahead)
    sets, per_opponent = player.opponent_weights(weights)
    if per_opponent:
        raise WeightsError('runout strengths take one weight set, not one per opponent')
    hero = np.zeros(HOLDING_COUNT)
    hero[player.starting_hand.holding_index] = 1.0
    tally = hero_by_hero([card.index for card in player.board], count, hero, sets[0], player.ranker)
    score, total = tally.score[0], tally.total[0]
    if (total <= 0).any():
        raise WeightsError('no opponent holding has weight once the known cards and a runout are removed')
    return np.asarray(score / total, dtype=np.float64)
