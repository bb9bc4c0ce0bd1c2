"""The game: fixed-limit hold'em at one table, what a seat sees and decides, and what the table records.

* :mod:`~poker.table.game`: :class:`FixedLimitGame`, :class:`TableView`, :class:`Contender`, :class:`LokiPlayer`;
"""

from __future__ import annotations

from .game import ActionRecord, Contender, Decision, FixedLimitGame, HandResult, LokiPlayer, PlayerSummary, TableView

__all__ = [
    'ActionRecord',
    'Contender',
    'Decision',
    'FixedLimitGame',
    'HandResult',
    'LokiPlayer',
    'PlayerSummary',
    'TableView',
]
