"""Loki at the table: fixed-limit hold'em, the players that sit there, and duplicate matches.

* :mod:`~poker.table.game`: :class:`FixedLimitGame`, :class:`LokiPlayer`, what a seat sees and decides;
* :mod:`~poker.table.modelling`: :class:`ModellingLokiPlayer` and :class:`SeatModel` (Papp ch. 7);
* :mod:`~poker.table.bots`: a calling station, a maniac, a rock, a random player, an aggressive bettor, a
  tight-aggressive and a loose-passive player;
"""

from __future__ import annotations

from .bots import AggressiveBettor, Bot, CallingStation, LoosePassive, Maniac, RandomPlayer, Rock, TightAggressive
from .game import ActionRecord, Contender, Decision, FixedLimitGame, HandResult, LokiPlayer, PlayerSummary, TableView
from .kinds import PLAYER_KINDS, PlayerSpec, make_seat, read_player, seat_names
from .modelling import ActionFrequencies, ModellingLokiPlayer, ModelState, SeatModel, TableFrequencies

__all__ = [
    'ActionFrequencies',
    'ActionRecord',
    'AggressiveBettor',
    'Bot',
    'CallingStation',
    'Contender',
    'Decision',
    'FixedLimitGame',
    'HandResult',
    'LokiPlayer',
    'LoosePassive',
    'Maniac',
    'ModelState',
    'ModellingLokiPlayer',
    'PLAYER_KINDS',
    'PlayerSpec',
    'PlayerSummary',
    'RandomPlayer',
    'Rock',
    'SeatModel',
    'TableFrequencies',
    'TableView',
    'TightAggressive',
    'make_seat',
    'read_player',
    'seat_names',
]
