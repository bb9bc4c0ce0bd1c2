"""The game: fixed-limit hold'em at one table, what a seat sees and decides, and what the table records.

* :mod:`~poker.table.game`: :class:`FixedLimitGame`, :class:`TableView` (what a seat sees), :class:`Contender`
  (what may sit at a table);
* :mod:`~poker.table.records`: what the table writes down: a seat's :class:`Decision`, each
  :class:`ActionRecord`, a hand's :class:`HandResult`, a seat's :class:`PlayerSummary`.

The seats themselves (Loki and the bots) are :mod:`poker.players`.
"""

from __future__ import annotations

from .game import Contender, FixedLimitGame, TableView
from .records import ActionRecord, Decision, HandResult, PlayerSummary

__all__ = [
    'ActionRecord',
    'Contender',
    'Decision',
    'FixedLimitGame',
    'HandResult',
    'PlayerSummary',
    'TableView',
]
