"""The formats and protocols of other tables: how a hand is written elsewhere, read back, and played there.

* :mod:`~poker.formats.acpc_notation`: the ACPC notation (:class:`GameDefinition`, :class:`MatchState`,
  :class:`LogLine`, :func:`acpc_betting`, :func:`read_log`);
* :mod:`~poker.formats.acpc_client`: :func:`play_acpc`, any seat at the ACPC dealer;
* :mod:`~poker.formats.hand_history`: ACPC logs read back (:func:`read_history`, :class:`HandHistory`,
  :class:`PlayerStats`): per-player statistics and opponent models warmed from a log;
* :mod:`~poker.formats.pokerkit_adapter`: any seat inside pokerkit's fixed-limit hold'em (:class:`PokerkitSeat`,
  :func:`play_pokerkit`, :func:`pokerkit_state`; the extra ``loki-holdem[pokerkit]``).
"""

from __future__ import annotations

from .acpc_client import AcpcResult, play_acpc
from .acpc_notation import NO_CAP, GameDefinition, LogLine, MatchState, acpc_betting, read_log
from .hand_history import HandHistory, PlayerStats, read_history
from .pokerkit_adapter import PokerkitSeat, play_pokerkit, pokerkit_state

__all__ = [
    'AcpcResult',
    'GameDefinition',
    'HandHistory',
    'LogLine',
    'MatchState',
    'NO_CAP',
    'PlayerStats',
    'PokerkitSeat',
    'acpc_betting',
    'play_acpc',
    'play_pokerkit',
    'pokerkit_state',
    'read_history',
    'read_log',
]
