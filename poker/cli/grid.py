"""The 13x13 starting-hand grid as terminal text, shared by ``poker preflop`` and ``poker range``.

Rows and columns run A K Q ... 2 as in :data:`~poker.cards.starting_hand.HAND_CLASSES`: pairs on the
diagonal, suited hands above it, offsuit hands below.

>>> print(render_grid([['x'] * 13] * 13, width=2).splitlines()[0])
     A K Q J T 9 8 7 6 5 4 3 2
"""

from __future__ import annotations

from collections.abc import Sequence

from .output import colour

__all__ = ['RANKS', 'render_grid']

RANKS = 'AKQJT98765432'


def render_grid(cells: Sequence[Sequence[str]], *, width: int = 5,
                styles: Sequence[Sequence[str | None]] | None = None, enabled: bool | None = None) -> str:
    """Lay out 13x13 cell texts under rank headers, each right-aligned in ``width`` characters.

    ``styles`` names a :func:`~poker.cli.output.colour` style per cell (or None for plain); colour is
    used only where :func:`~poker.cli.output.use_colour` allows it, unless ``enabled`` says otherwise.
    """
    lines = ['   ' + ''.join(f'{rank:>{width}}' for rank in RANKS)]
    for row in range(13):
        parts = []
        for column in range(13):
            text = f'{cells[row][column]:>{width}}'
            style = styles[row][column] if styles is not None else None
            parts.append(colour(text, style, enabled) if style else text)
        lines.append(f'{RANKS[row]:>3}' + ''.join(parts))
    return '\n'.join(lines)
