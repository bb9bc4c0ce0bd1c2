"""The formats and protocols of other tables: how a hand is written elsewhere, read back, and played there.

* :mod:`~poker.formats.acpc_notation`: the ACPC notation (:class:`GameDefinition`, :func:`acpc_betting`,
  :data:`NO_CAP`);
* :mod:`~poker.formats.acpc_match_state`: a ``MATCHSTATE`` line of the protocol (:class:`MatchState`);
* :mod:`~poker.formats.acpc_log`: a line of an ACPC log (:class:`LogLine`) and log files (:func:`read_log`);
* :mod:`~poker.formats.acpc_client`: :func:`play_acpc`, any seat at the ACPC dealer;
* :mod:`~poker.formats.hand_log`: :class:`HandLog`, the one writer of hand logs (ACPC lines, or PHH for a ``.phh``
  name);
* :mod:`~poker.formats.phh`: the PHH format (:func:`phh_hand`; read through pokerkit);
* :mod:`~poker.formats.hand_files`: hand histories of every kind read alike (:func:`read_hands`: ACPC logs, PHH,
  the sites' files through :mod:`~poker.formats.site_parsers`, pokerkit's parsers extended to fixed-limit hold'em);
* :mod:`~poker.formats.hand_review`: :func:`review`, a player's own hands replayed through Loki;
* :mod:`~poker.formats.hand_history`: ACPC logs read back (:func:`read_history`, :class:`HandHistory`,
  :class:`PlayerStats`): per-player statistics and opponent models warmed from a log;
* :mod:`~poker.formats.pokerkit_adapter`: any seat inside pokerkit's fixed-limit hold'em (:class:`PokerkitSeat`,
  :func:`play_pokerkit`, :func:`pokerkit_state`; the extra ``loki-holdem[pokerkit]``).
"""

from __future__ import annotations

from .acpc_client import AcpcResult, play_acpc
from .acpc_log import LogLine, read_log
from .acpc_match_state import MatchState
from .acpc_notation import NO_CAP, GameDefinition, acpc_betting
from .hand_files import read_hands
from .hand_history import HandHistory, PlayerStats, read_history
from .hand_log import HandLog
from .hand_review import review
from .phh import phh_hand
from .pokerkit_adapter import PokerkitSeat, play_pokerkit, pokerkit_state

__all__ = [
    'AcpcResult',
    'GameDefinition',
    'HandHistory',
    'HandLog',
    'LogLine',
    'MatchState',
    'NO_CAP',
    'PlayerStats',
    'PokerkitSeat',
    'acpc_betting',
    'phh_hand',
    'play_acpc',
    'play_pokerkit',
    'pokerkit_state',
    'read_hands',
    'read_history',
    'read_log',
    'review',
]
