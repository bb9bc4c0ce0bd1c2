"""Loki's strategy: what to do with a hand (Papp 1998, ch. 6), how much to bet, and how an opponent's action
re-weights its range.

* :mod:`~poker.strategy.actions`: the vocabulary of actions (:class:`Action`, :class:`Blind`);
* :mod:`~poker.strategy.situation`: what a rule reads and answers (:class:`Situation`, :class:`Advice`);
* :mod:`~poker.strategy.advice`: Loki's rules, :class:`LokiStrategy` and :func:`advise`;
* :mod:`~poker.strategy.policy`: a seat's answer for every holding at once (:class:`Policy`) and the statistics
  of every holding that Loki's rules read as arrays (:class:`HoldingStatistics`);
* :mod:`~poker.strategy.preflop`: Papp's pre-flop strategies (:func:`preflop_strategy`);
* :mod:`~poker.strategy.kelly`: Kelly bet sizing after Cassandra, and what a Kelly bet says to do
  (:func:`kelly_action`);
* :mod:`~poker.strategy.reweighting`: :class:`OpponentModel`, Papp's re-weighting after an observed action;
* :mod:`~poker.strategy.triples`: Peña's probability triples, Loki's rules as chances of fold, call and raise
  (:class:`TripleStrategy`).
"""

from __future__ import annotations

from .actions import Action, Blind, read_action
from .advice import FullLokiStrategy, LokiStrategy, PreflopPlay, advise, advise_preflop
from .kelly import kelly_action, kelly_bet, kelly_fraction, kelly_growth, showdown_probabilities
from .policy import HoldingStatistics, Policy
from .preflop import TIGHTNESS, expected_players, preflop_strategy
from .reweighting import OpponentModel
from .situation import Advice, Situation
from .triples import TripleStrategy

__all__ = [
    'Action',
    'Advice',
    'Blind',
    'FullLokiStrategy',
    'HoldingStatistics',
    'LokiStrategy',
    'OpponentModel',
    'Policy',
    'PreflopPlay',
    'Situation',
    'TIGHTNESS',
    'TripleStrategy',
    'advise',
    'advise_preflop',
    'expected_players',
    'kelly_action',
    'kelly_bet',
    'kelly_fraction',
    'kelly_growth',
    'preflop_strategy',
    'read_action',
    'showdown_probabilities',
]
