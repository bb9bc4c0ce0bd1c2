"""The betting vocabulary, in one place: the four betting rounds (streets) and the actions a seat may take.

>>> STREETS, BOARD_SIZES
(('preflop', 'flop', 'turn', 'river'), (0, 3, 4, 5))
>>> BOARD_SIZE['turn'], STREET_OF_BOARD_SIZE[3]
(4, 'flop')
>>> ACTIONS
('fold', 'check', 'call', 'bet', 'raise')
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = ['ACTIONS', 'BOARD_SIZE', 'BOARD_SIZES', 'STREETS', 'STREET_OF_BOARD_SIZE']

STREETS: tuple[str, ...] = ('preflop', 'flop', 'turn', 'river')
"""The four betting rounds, in order."""

BOARD_SIZES: tuple[int, ...] = (0, 3, 4, 5)
"""The board size of each betting round, in the same order."""

BOARD_SIZE: Mapping[str, int] = MappingProxyType(dict(zip(STREETS, BOARD_SIZES)))
"""The board size of each betting round, by name."""

STREET_OF_BOARD_SIZE: Mapping[int, str] = MappingProxyType(dict(zip(BOARD_SIZES, STREETS)))
"""The betting round of each board size."""

ACTIONS: tuple[str, ...] = ('fold', 'check', 'call', 'bet', 'raise')
"""What a seat may ask to do; the table turns any of them into the legal action it means."""
