"""Loki at the table: fixed-limit hold'em, the players that sit there, and duplicate matches.

* :mod:`~poker.table.game`: :class:`FixedLimitGame`, :class:`LokiPlayer`, what a seat sees and decides;
* :mod:`~poker.table.modelling`: :class:`ModellingLokiPlayer` and :class:`SeatModel` (Papp ch. 7);
* :mod:`~poker.table.bots`: a calling station, a maniac, a rock, a random player, an aggressive bettor, a
  tight-aggressive and a loose-passive player;
* :mod:`~poker.table.acpc_notation`: the ACPC notation (:class:`GameDefinition`, :class:`MatchState`,
  :class:`LogLine`, :func:`acpc_betting`, :func:`read_log`);
* :mod:`~poker.table.acpc_client`: :func:`play_acpc`, any seat at the ACPC dealer;
* :mod:`~poker.table.hand_history`: ACPC logs read back (:func:`read_history`, :class:`HandHistory`,
  :class:`PlayerStats`): per-player statistics and opponent models warmed from a log;
* :mod:`~poker.table.pokerkit_adapter`: any seat inside pokerkit's fixed-limit hold'em (:class:`PokerkitSeat`,
  :func:`play_pokerkit`, :func:`pokerkit_state`; the extra ``loki-holdem[pokerkit]``).
"""

from __future__ import annotations

from .acpc_client import AcpcResult, play_acpc
from .acpc_notation import NO_CAP, GameDefinition, LogLine, MatchState, acpc_betting, read_log
from .bots import AggressiveBettor, Bot, CallingStation, LoosePassive, Maniac, RandomPlayer, Rock, TightAggressive
from .game import ActionRecord, Contender, Decision, FixedLimitGame, HandResult, LokiPlayer, PlayerSummary, TableView
from .hand_history import HandHistory, PlayerStats, read_history
from .kinds import PLAYER_KINDS, PlayerSpec, make_seat, read_player, seat_names
from .modelling import ActionFrequencies, ModellingLokiPlayer, ModelState, SeatModel, TableFrequencies
from .pokerkit_adapter import PokerkitSeat, play_pokerkit, pokerkit_state

__all__ = [
    'AcpcResult',
    'ActionFrequencies',
    'ActionRecord',
    'AggressiveBettor',
    'Bot',
    'CallingStation',
    'Contender',
    'Decision',
    'FixedLimitGame',
    'GameDefinition',
    'HandHistory',
    'HandResult',
    'LogLine',
    'LokiPlayer',
    'LoosePassive',
    'Maniac',
    'MatchState',
    'ModelState',
    'ModellingLokiPlayer',
    'NO_CAP',
    'PLAYER_KINDS',
    'PlayerSpec',
    'PlayerStats',
    'PlayerSummary',
    'PokerkitSeat',
    'RandomPlayer',
    'Rock',
    'SeatModel',
    'TableFrequencies',
    'TableView',
    'TightAggressive',
    'acpc_betting',
    'make_seat',
    'play_acpc',
    'play_pokerkit',
    'pokerkit_state',
    'read_history',
    'read_log',
    'read_player',
    'seat_names',
]
