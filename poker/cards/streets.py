"""The four betting rounds (streets), in one place, and the board size of each.

>>> STREETS, BOARD_SIZES
(('preflop', 'flop', 'turn', 'river'), (0, 3, 4, 5))
>>> BOARD_SIZE['turn'], STREET_OF_BOARD_SIZE[3]
(4, 'flop')

The actions a seat may take are :class:`poker.strategy.actions.Action`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = ['BOARD_SIZE', 'BOARD_SIZES', 'STREETS', 'STREET_OF_BOARD_SIZE']

STREETS: tuple[str, ...] = ('preflop', 'flop', 'turn', 'river')
"""The four betting rounds, in order."""

BOARD_SIZES: tuple[int, ...] = (0, 3, 4, 5)
"""The board size of each betting round, in the same order."""

BOARD_SIZE: Mapping[str, int] = MappingProxyType(dict(zip(STREETS, BOARD_SIZES)))
"""The board size of each betting round, by name."""

STREET_OF_BOARD_SIZE: Mapping[int, str] = MappingProxyType(dict(zip(BOARD_SIZES, STREETS)))
"""The betting round of each board size."""
