"""Pictures for notebooks without matplotlib: SVG and HTML text, in one place for every wing.

Jupyter shows an object by its ``_repr_svg_`` or ``_repr_html_`` (as python-chess shows its boards); the
classes that draw themselves build that text here, from plain values, so that the lowest wing can draw too:
card faces (:func:`card_faces_svg`), the 13x13 starting-hand grid (:func:`grid_svg`), tables
(:func:`html_table`) and a line chart (:func:`line_chart_svg`). The colours are here too: a card's suit
(four colours by default, :data:`SUIT_COLOURS`), a range's weights (:func:`shade_colour`), a statistic from red
through yellow to green (:func:`heat_colour`, matplotlib's ``RdYlGn`` as :mod:`poker.pictures` draws it), and
one colour per player (:data:`PALETTE`).

The text is well-formed XML (HTML tables too), every piece of text in it escaped, with no ``id`` (a notebook
shows many pictures in one page) and no NaN or Infinity: a number that is not finite is a
:class:`~poker.errors.PokerError`. The same values give the same text, byte for byte.

>>> tag('text', escape('Q&A'), x=1.5, y=2, font_size=10)
'<text x="1.5" y="2" font-size="10">Q&amp;A</text>'
>>> heat_colour(0.0), heat_colour(0.5), heat_colour(1.0)
('#d73027', '#ffffbf', '#1a9850')
>>> html_table(['', 'win'], [['AhKd', '0.5']])
'<table><thead><tr><th></th><th>win</th></tr></thead><tbody><tr><th>AhKd</th><td>0.5</td></tr></tbody></table>'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape as _escape

from .errors import PokerError

__all__ = [
    'EMPTY_COLOUR',
    'GRID_NOTE',
    'PALETTE',
    'SUIT_COLOURS',
    'card_faces_svg',
    'clipped',
    'escape',
    'grid_svg',
    'heat_colour',
    'html_table',
    'line_chart_svg',
    'nice_ticks',
    'number',
    'quantity',
    'shade_colour',
    'tag',
]

SVG_NAMESPACE = 'http://www.w3.org/2000/svg'
FONT = 'DejaVu Sans, Arial, sans-serif'

SUIT_COLOURS: dict[str, tuple[str, str, str, str]] = {
    'four': ('#1b7837', '#2166ac', '#c51b2a', '#111111'),
    'two': ('#111111', '#c51b2a', '#c51b2a', '#111111'),
}
"""The colour of each suit, clubs, diamonds, hearts, spades (the order of :class:`~poker.cards.card.Suit`): the
four-colour deck of online poker rooms (green clubs, blue diamonds) and the red and black of a paper deck."""

GRID_NOTE = 'suited hands above the diagonal, offsuit below, pairs on it'
"""How to read the 13x13 starting-hand grid, in words (the grids of the command line and of notebooks)."""

EMPTY_COLOUR = '#f2f2f2'
"""The fill of a grid cell with nothing in it (a class out of the range)."""

_WEIGHT_STOPS = ('#c6dbef', '#08519c')
"""A range's weights: from the lightest weight above 0 to weight 1 (matplotlib's ``Blues``)."""

_HEAT_STOPS = ('#d73027', '#ffffbf', '#1a9850')
"""Red, yellow, green: the ends and the middle of matplotlib's ``RdYlGn``, the map of :mod:`poker.pictures`."""

HEAT_STEPS = 40
"""The red-yellow-green scale has this many steps from one end to the other (a fortieth of the range apart)."""

PALETTE = ('#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22',
           '#17becf')
"""One colour per player, in seat order (matplotlib's ``tab10``): ten, as many as a table seats."""

CELL_WIDTH, CELL_HEIGHT, MARGIN = 34, 26, 18
CARD_WIDTH, CARD_HEIGHT, CARD_GAP = 40, 56, 4
MOST_POINTS = 240
"""A line chart draws at most this many points per series (every k-th, and the last), whatever its length."""


# ------------------------------------------------------------------------------------------- text
def escape(text: str) -> str:
    """Text made safe inside an element or an attribute value (``&``, ``<``, ``>`` and both quotes)."""
    return _escape(text, quote=True)


def clipped(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, ending in ``...`` where cut.

    >>> clipped('QQ+, AKs, AQs', 8)
    'QQ+, ...'
    """
    return text if len(text) <= limit else text[:max(0, limit - 3)] + '...'


def number(value: float, places: int = 2) -> str:
    """A finite number in short form, at most ``places`` decimals (``1.5``, ``2``, ``-0.25``).

    >>> number(1.0), number(2.345), number(-0.0)
    ('1', '2.35', '0')
    """
    if not math.isfinite(value):
        raise PokerError(f'cannot draw the number {value!r}: a picture holds finite numbers only')
    text = f'{value:.{places}f}'.rstrip('0').rstrip('.') if places else f'{value:.0f}'
    return '0' if text in ('-0', '') else text


def quantity(value: float) -> str:
    """A count in a table: a whole one with thousands separated, else to four decimals.

    >>> quantity(12345.0), quantity(2.5), quantity(1 / 3)
    ('12,345', '2.5', '0.3333')
    """
    if not math.isfinite(value):
        raise PokerError(f'cannot show the number {value!r}: a table holds finite numbers only')
    if float(value).is_integer():
        return f'{int(value):,}'
    return f'{value:,.4f}'.rstrip('0').rstrip('.')


def tag(name: str, content: str = '', /, **attributes: str | float) -> str:
    """One element: ``content`` is markup already (escape text first); an attribute's name reads ``_`` as ``-``
    (a trailing ``_`` is dropped: ``class_``), its value is escaped, numbers written by :func:`number`."""
    parts = [name]
    for key, value in attributes.items():
        key = key.rstrip('_').replace('_', '-')
        shown = escape(value) if isinstance(value, str) else number(value)
        parts.append(f'{key}="{shown}"')
    opening = ' '.join(parts)
    return f'<{opening}>{content}</{name}>' if content else f'<{opening}/>'


def _svg(width: float, height: float, content: str) -> str:
    return tag('svg', content, xmlns=SVG_NAMESPACE, width=width, height=height, viewBox=f'0 0 {width} {height}',
               font_family=FONT)


def _text(content: str, x: float, y: float, **attributes: str | float) -> str:
    return tag('text', escape(content), x=x, y=y, **attributes)


# ------------------------------------------------------------------------------------------- colours
def _mix(low: str, high: str, fraction: float) -> str:
    """The colour ``fraction`` of the way from ``low`` to ``high`` (``#rrggbb``)."""
    share = min(1.0, max(0.0, fraction))
    channels = [round(int(low[i:i + 2], 16) + share * (int(high[i:i + 2], 16) - int(low[i:i + 2], 16)))
                for i in (1, 3, 5)]
    return '#' + ''.join(f'{channel:02x}' for channel in channels)


def _dark(colour: str) -> bool:
    """Whether white text reads better than black on ``colour`` (the rule of :mod:`poker.pictures`)."""
    red, green, blue = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.299 * red + 0.587 * green + 0.114 * blue < 0.5


def shade_colour(weight: float) -> str:
    """The fill of a grid cell holding ``weight`` (0 to 1) of its class: :data:`EMPTY_COLOUR` at 0, then from
    light to dark blue."""
    if not math.isfinite(weight) or weight <= 0:
        return EMPTY_COLOUR
    return _mix(*_WEIGHT_STOPS, weight)


def heat_colour(value: float, low: float = 0.0, high: float = 1.0) -> str:
    """The colour of ``value`` on a red-yellow-green scale from ``low`` to ``high`` (clipped to it), in
    :data:`HEAT_STEPS` steps: cells of one colour are drawn as one shape."""
    if not math.isfinite(value):
        return EMPTY_COLOUR
    fraction = round(HEAT_STEPS * (value - low) / (high - low)) / HEAT_STEPS if high > low else 0.5
    if fraction <= 0.5:
        return _mix(_HEAT_STOPS[0], _HEAT_STOPS[1], 2 * fraction)
    return _mix(_HEAT_STOPS[1], _HEAT_STOPS[2], 2 * fraction - 1)


# ------------------------------------------------------------------------------------------- cards
def card_faces_svg(faces: Sequence[tuple[str, str, int]], *, caption: str = '', four_colour: bool = True) -> str:
    """Cards side by side, as faces: each ``(rank, suit symbol, suit number)`` (``('A', '♥', 2)``; the suit
    numbers of :class:`~poker.cards.card.Suit`), coloured by :data:`SUIT_COLOURS`; ``caption`` below them.

    >>> picture = card_faces_svg([('A', '♥', 2)])
    >>> 'fill="#c51b2a">A</text>' in picture, len(picture) < 1000
    (True, True)
    """
    colours = SUIT_COLOURS['four' if four_colour else 'two']
    width = max(1, len(faces)) * (CARD_WIDTH + CARD_GAP) + CARD_GAP
    if caption:
        width = max(width, 7 * len(caption) + 2 * CARD_GAP)
    height = CARD_HEIGHT + 2 * CARD_GAP + (18 if caption else 0)
    parts = []
    for place, (rank, symbol, suit) in enumerate(faces):
        colour = colours[suit % 4]
        x = CARD_GAP + place * (CARD_WIDTH + CARD_GAP)
        parts.append(tag('g', ''.join((
            tag('rect', x=x, y=CARD_GAP, width=CARD_WIDTH, height=CARD_HEIGHT, rx=5, fill='#ffffff',
                stroke='#888888'),
            _text(rank, x + 5, CARD_GAP + 17, font_size=16, font_weight='bold', fill=colour),
            _text(symbol, x + 5, CARD_GAP + 30, font_size=12, fill=colour),
            _text(symbol, x + CARD_WIDTH - 13, CARD_GAP + CARD_HEIGHT - 8, font_size=24, text_anchor='middle',
                  fill=colour))), class_='card'))
    if caption:
        parts.append(_text(caption, CARD_GAP, height - 6, font_size=12, fill='#222222'))
    return _svg(width, height, ''.join(parts))


# ------------------------------------------------------------------------------------------- the grid
def _colour_bar(x: float, y: float, height: float, low: float, high: float, label: str) -> str:
    """A vertical red-yellow-green scale from ``low`` (bottom) to ``high`` (top), ticked at both ends and the
    middle."""
    steps = 20
    step = height / steps
    parts = [tag('rect', x=x, y=y + (steps - 1 - k) * step, width=14, height=step + 0.5,
                 fill=heat_colour(low + (k + 0.5) / steps * (high - low), low, high)) for k in range(steps)]
    for fraction in (0.0, 0.5, 1.0):
        parts.append(_text(number(low + fraction * (high - low)), x + 18, y + (1 - fraction) * height + 4,
                           font_size=10))
    parts.append(_text(label, x, y - 6, font_size=10))
    return tag('g', ''.join(parts), class_='scale')


def grid_svg(labels: Sequence[str], fills: Sequence[str], *, values: Sequence[str] | None = None,
             title: str = '', note: str = '', scale: tuple[float, float, str] | None = None) -> str:
    """The 13x13 starting-hand grid: 169 cells in the order of ``labels`` (row by row, the class names of
    :data:`~poker.cards.starting_hand.HAND_CLASSES`: pairs on the diagonal), each filled with its colour of
    ``fills`` (:data:`EMPTY_COLOUR` cells are left as the background) and labelled with its class, and below it
    its text of ``values`` if given. The row and column headers are the ranks of the pairs on the diagonal.
    ``title`` goes above, ``note`` below; ``scale`` ``(low, high, label)`` adds a red-yellow-green colour bar.
    """
    if len(labels) != 169 or len(fills) != 169 or (values is not None and len(values) != 169):
        raise PokerError('a grid needs 169 labels and fills (and values, if any), one per starting-hand class')
    top = MARGIN + (18 if title else 0)
    side = 13 * CELL_WIDTH
    tall = 13 * CELL_HEIGHT
    width = MARGIN + side + (70 if scale else 8)
    height = top + tall + (20 if note else 8)
    parts = [_text(clipped(title, 70), MARGIN, 14, font_size=13, font_weight='bold')] if title else []
    parts.append(tag('rect', x=MARGIN, y=top, width=side, height=tall, fill=EMPTY_COLOUR))
    shapes: dict[str, list[str]] = {}  # one path per colour
    rows = []
    for row in range(13):
        alone, above, below = [], [], []  # labels alone, labels above a value, values
        for column in range(13):
            at = 13 * row + column
            fill, centre = fills[at], MARGIN + (column + 0.5) * CELL_WIDTH
            if fill != EMPTY_COLOUR:
                shapes.setdefault(fill, []).append(f'M{MARGIN + column * CELL_WIDTH} {top + row * CELL_HEIGHT}'
                                                   f'h{CELL_WIDTH}v{CELL_HEIGHT}h-{CELL_WIDTH}z')
            ink: dict[str, str | float] = {'fill': '#fff'} if fill != EMPTY_COLOUR and _dark(fill) else {}
            value = values[at] if values is not None else ''
            if value:
                above.append(tag('text', escape(labels[at]), x=centre, **ink))
                below.append(tag('text', escape(value), x=centre, **ink))
            else:
                alone.append(tag('text', escape(labels[at]), x=centre, **ink))
        y = top + row * CELL_HEIGHT
        for texts, offset, size in ((alone, 17, 10), (above, 11, 10), (below, 22, 8)):
            if texts:
                rows.append(tag('g', ''.join(texts), transform=f'translate(0 {y + offset})',
                                **({'font_size': size} if size != 10 else {})))
    parts.append(tag('g', ''.join(tag('path', d=''.join(paths), fill=fill) for fill, paths in shapes.items()),
                     class_='cells'))
    lines = ''.join(f'M{MARGIN} {top + k * CELL_HEIGHT}h{side}M{MARGIN + k * CELL_WIDTH} {top}v{tall}'
                    for k in range(14))
    parts.append(tag('path', d=lines, stroke='#ffffff', stroke_width=1, fill='none'))
    parts.append(tag('g', ''.join(rows), class_='labels', font_size=10, text_anchor='middle'))
    ranks = [labels[14 * k][0] for k in range(13)]
    headers = [_text(rank, MARGIN + (k + 0.5) * CELL_WIDTH, top - 5) for k, rank in enumerate(ranks)]
    headers += [_text(rank, MARGIN / 2, top + (k + 0.5) * CELL_HEIGHT + 4) for k, rank in enumerate(ranks)]
    parts.append(tag('g', ''.join(headers), class_='ranks', font_size=10, font_weight='bold', text_anchor='middle',
                     fill='#444444'))
    if note:
        parts.append(_text(note, MARGIN, top + tall + 15, font_size=10, fill='#444444'))
    if scale:
        parts.append(_colour_bar(MARGIN + side + 10, top + 14, tall - 28, *scale))
    return _svg(width, height, ''.join(parts))


# ------------------------------------------------------------------------------------------- tables
def html_table(header: Sequence[str], rows: Sequence[Sequence[str]], *, caption: str = '') -> str:
    """An HTML table: a header row of ``header``, then ``rows``, the first cell of each a row header; every
    text escaped."""
    head = tag('tr', ''.join(f'<th>{escape(cell)}</th>' for cell in header))
    body = ''.join(tag('tr', f'<th>{escape(row[0])}</th>' + ''.join(f'<td>{escape(cell)}</td>' for cell in row[1:]))
                   for row in rows)
    above = tag('caption', escape(caption)) if caption else ''
    return f'<table>{above}<thead>{head}</thead><tbody>{body}</tbody></table>'


# ------------------------------------------------------------------------------------------- charts
def nice_ticks(low: float, high: float, most: int = 7, *, whole: bool = False) -> list[float]:
    """Round numbers from ``low`` to ``high`` (both finite, ``low < high``) to mark an axis with: the multiples of
    the largest step among 1, 2, 2.5 and 5 times a power of ten that gives at least 3 of them (at most ``most``),
    0 among them when it is in the span; ``whole``: steps of at least 1 (an axis that counts).

    >>> nice_ticks(-3.2, 5.1), nice_ticks(1, 200, whole=True)
    ([-2.5, 0.0, 2.5, 5.0], [50.0, 100.0, 150.0, 200.0])
    """
    if not (math.isfinite(low) and math.isfinite(high) and low < high):
        raise PokerError(f'ticks need a span of finite numbers, got {low!r} to {high!r}')
    span = high - low
    base = 10.0 ** math.floor(math.log10(span))
    steps = sorted({factor * base * scale for factor in (1, 2, 2.5, 5) for scale in (0.01, 0.1, 1, 10)})
    if whole:
        steps = [step for step in steps if step >= 1 and float(step).is_integer()] or [1.0]
    chosen = []
    for step in reversed(steps):   # the largest step that gives at least 3 marks
        first, last = math.ceil(low / step - 1e-9), math.floor(high / step + 1e-9)
        chosen = [index * step for index in range(first, last + 1)]
        if len(chosen) >= 3:
            break
    while len(chosen) > most:
        chosen = chosen[::2]
    return [value + 0.0 for value in chosen]


def line_chart_svg(series: Sequence[tuple[str, Sequence[float]]], *, title: str = '', x_label: str = '',
                   y_label: str = '', legend_title: str = '') -> str:
    """Lines over 1, 2, ..., n (the same n for each series), one per ``(legend text, values)``, coloured by
    :data:`PALETTE`, with a line at 0, round numbers marked along both axes (:func:`nice_ticks`), and the legend at the right under
    ``legend_title``. A long series is drawn through at most :data:`MOST_POINTS` of its points (every k-th and
    the last)."""
    count = max((len(values) for _, values in series), default=0)
    if count == 0 or any(len(values) != count for _, values in series):
        raise PokerError('a line chart needs series of one length, at least 1')
    numbers = [value for _, values in series for value in values]
    if not all(math.isfinite(value) for value in numbers):
        raise PokerError('cannot draw a line chart of numbers that are not finite')
    low, high = min(0.0, *numbers), max(0.0, *numbers)
    if high - low < 1e-9:
        low, high = low - 1, high + 1
    left, right, top, bottom, width, height = 58, 170, 28 if title else 12, 40, 600, 300
    plot_width, plot_height = width - left - right, height - top - bottom
    step = max(1, math.ceil(count / MOST_POINTS))
    kept = sorted({*range(0, count, step), count - 1})

    def x_of(index: int) -> float:
        return left + (index / (count - 1) if count > 1 else 0.5) * plot_width

    def y_of(value: float) -> float:
        return top + (high - value) / (high - low) * plot_height

    parts = [_text(title, left, 18, font_size=13, font_weight='bold')] if title else []
    parts.append(tag('rect', x=left, y=top, width=plot_width, height=plot_height, fill='none', stroke='#999999'))
    parts.append(tag('line', x1=left, x2=left + plot_width, y1=y_of(0.0), y2=y_of(0.0), stroke='#999999',
                     stroke_dasharray='3 3'))
    for value in nice_ticks(low, high):   # round numbers up the side, each with a faint line across
        y = y_of(value)
        parts.append(tag('line', x1=left - 3, x2=left + plot_width, y1=y, y2=y, stroke='#e6e6e6' if value else
                         '#999999', class_='y-tick'))
        parts.append(_text(number(value, 4), left - 5, y + 4, text_anchor='end', font_size=10, class_='y-tick'))
    for value in nice_ticks(1, count, whole=True) if count > 1 else [1.0]:   # and along the bottom
        x = x_of(round(value) - 1)
        parts.append(tag('line', x1=x, x2=x, y1=top + plot_height, y2=top + plot_height + 3, stroke='#999999',
                         class_='x-tick'))
        parts.append(_text(f'{round(value):,}', x, top + plot_height + 14, text_anchor='middle', font_size=10,
                           class_='x-tick'))
    if x_label:
        parts.append(_text(x_label, left + plot_width / 2, height - 8, text_anchor='middle', font_size=11))
    if y_label:
        parts.append(_text(y_label, 14, top + plot_height / 2, text_anchor='middle', font_size=11,
                           transform=f'rotate(-90 14 {number(top + plot_height / 2)})'))
    if legend_title:
        parts.append(_text(legend_title, left + plot_width + 10, top + 8, font_size=10, fill='#444444'))
    for place, (legend, values) in enumerate(series):
        colour = PALETTE[place % len(PALETTE)]
        points = ' '.join(f'{number(x_of(k), 1)},{number(y_of(values[k]), 1)}' for k in kept)
        parts.append(tag('polyline', points=points, fill='none', stroke=colour, stroke_width=1.5))
        y = top + 8 + 16 * (place + bool(legend_title))
        parts.append(tag('line', x1=left + plot_width + 10, x2=left + plot_width + 26, y1=y, y2=y, stroke=colour,
                         stroke_width=3))
        parts.append(_text(legend, left + plot_width + 30, y + 4, font_size=10))
    return _svg(width, height, ''.join(parts))
