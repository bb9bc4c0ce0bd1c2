"""The players: Loki and its opponent models, the simple bots, and the kinds a table knows by name.

* :mod:`~poker.players.loki`: :class:`LokiPlayer`, Loki's seat: hand statistics, then Loki's betting rules;
* :mod:`~poker.players.modelling`: :class:`ModellingLokiPlayer` and :class:`SeatModel` (Papp ch. 7);
* :mod:`~poker.players.loki2`: :class:`Loki2Player` and :class:`Loki2SeatModel` (Peña 1999): probability triples
  as the betting strategy and the re-weighting factor, the specific model moving their thresholds, and the
  :class:`Simulation` a seat may decide with (its :class:`Evaluation`);
* :mod:`~poker.players.frequencies`: what it counts of each opponent from hand to hand
  (:class:`ActionFrequencies`, :class:`TableFrequencies`) and all of it as one value (:class:`ModelState`);
* :mod:`~poker.players.holding_scales`: the scales it ranks an opponent's holdings on (IR7, EHS');
* :mod:`~poker.players.bots`: a calling station, a folder, a maniac, a rock, a random player, an aggressive bettor, a
  tight-aggressive and a loose-passive player, and a prober, each written as a policy, and :func:`policy_by_holding` (the policy
  of a seat that has only ``decide``);
* :mod:`~poker.players.simulation`: :class:`SelectiveSampling`, Loki-2's selective-sampling simulation of a decision
  (Peña ch. 5), its :class:`SimulationResult` and the :class:`Playouts` it averages;
* :mod:`~poker.players.human`: :class:`HumanPlayer`, a person's seat, his choices read from a stream, with Loki
  as a coach if he likes (``poker play``);
* :mod:`~poker.players.kinds`: the players known by name (:data:`PLAYER_KINDS`) and how a player takes a seat
  (:func:`read_player`, :func:`make_seat`, :func:`seat_names`).
"""

from __future__ import annotations

from .bots import (
    AggressiveBettor, Bot, CallingStation, Folder, LoosePassive, Maniac, Prober, RandomPlayer, Rock, TightAggressive,
    policy_by_holding,
)
from .frequencies import ActionFrequencies, ModelState, TableFrequencies
from .human import HumanPlayer, SessionEnded, action_words, read_choice
from .kinds import PLAYER_KINDS, PlayerSpec, make_seat, read_player, seat_names
from .loki import LokiPlayer
from .loki2 import Evaluation, Loki2Player, Loki2SeatModel, Loki2State, Simulation
from .modelling import ModellingLokiPlayer, SeatModel
from .simulation import Playouts, SelectiveSampling, SimulationResult

__all__ = [
    'ActionFrequencies',
    'AggressiveBettor',
    'Bot',
    'CallingStation',
    'Evaluation',
    'Folder',
    'HumanPlayer',
    'Loki2Player',
    'Loki2SeatModel',
    'Loki2State',
    'LokiPlayer',
    'LoosePassive',
    'Maniac',
    'ModelState',
    'ModellingLokiPlayer',
    'PLAYER_KINDS',
    'PlayerSpec',
    'Playouts',
    'Prober',
    'RandomPlayer',
    'Rock',
    'SeatModel',
    'SelectiveSampling',
    'SessionEnded',
    'Simulation',
    'SimulationResult',
    'TableFrequencies',
    'TightAggressive',
    'action_words',
    'make_seat',
    'policy_by_holding',
    'read_choice',
    'read_player',
    'seat_names',
]
