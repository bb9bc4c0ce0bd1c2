"""poker: exact Texas Hold'em hand evaluation in the tradition of the University of Alberta's Loki.

The package is a house of wings, each a folder whose ``__init__`` lists its public names; the names users
and students reach for most are here too:

=====================  =============================================================================
:mod:`poker.cards`     cards, hole cards and their 169 classes, income rates, streets, suit isomorphism
:mod:`poker.ranking`   the ranking tables, :class:`HandRanker` (the one hook, ``rank_many``), ranked hands
:mod:`poker.ranges`    :class:`Range` and weight sets: what an opponent may hold
:mod:`poker.kernel`    the counting kernel: every holding and runout, counted exactly
:mod:`poker.stats`     the engines: hand statistics, hand strength, range statistics, equity, tables
:mod:`poker.strategy`  Loki's betting rules, pre-flop strategies, Kelly sizing, opponent re-weighting
:mod:`poker.table`     fixed-limit hold'em at one table, Loki and the bots, duplicate matches
:mod:`poker.pictures`  heat maps and histograms (matplotlib)
:mod:`poker.cli`       the ``poker`` command line
=====================  =============================================================================

>>> from poker import RankableHand
>>> RankableHand.parse('Kd Kc 4h 4s 9c').description
'Two Pair, Kings and Fours'
"""

from __future__ import annotations

from ._version import __version__
from .cards import HAND_CLASSES, Card, Deck, HandIndexer, Rank, StartingHand, Suit, format_cards, parse_cards
from .errors import (
    BettingError, CardCountError, CardParseError, DuplicateCardError, HandClassError, HandValueError,
    LookaheadError, MissingCardError, MissingDependencyError, OpponentCountError, PokerError, RangeParseError,
    RankerError, ScenarioError, SettingError, TableError, WeightsError,
)
from .ranges import Range
from .ranking import Hand, HandCategory, HandFactory, HandRanker, RankableHand
from .stats import (
    BoardStrengths, EquityResult, HandStatistics, Player, PlayerEquity, PreflopEquity, RangeStatistics, Scenario,
    StrengthTable, board_strengths, build_table, class_equity, equity, hand_strength, load_scenarios, load_table,
    preflop_equity, range_statistics, simulate_income_rate,
)
from .strategy import (
    Action, Advice, FullLokiStrategy, LokiStrategy, OpponentModel, Situation, advise, kelly_bet, kelly_fraction,
    preflop_strategy,
)
from .table import (
    ActionRecord, Bot, CallingStation, Contender, Decision, FixedLimitGame, HandResult, LokiPlayer, Maniac,
    MatchResult, ModellingLokiPlayer, RandomPlayer, Rock, SeatModel, TableView, match,
)

__all__ = [
    'Action',
    'ActionRecord',
    'Advice',
    'BettingError',
    'BoardStrengths',
    'Bot',
    'CallingStation',
    'Card',
    'CardCountError',
    'CardParseError',
    'Contender',
    'Decision',
    'Deck',
    'DuplicateCardError',
    'EquityResult',
    'FixedLimitGame',
    'FullLokiStrategy',
    'HAND_CLASSES',
    'Hand',
    'HandCategory',
    'HandClassError',
    'HandFactory',
    'HandIndexer',
    'HandRanker',
    'HandResult',
    'HandStatistics',
    'HandValueError',
    'LokiPlayer',
    'LokiStrategy',
    'LookaheadError',
    'Maniac',
    'MatchResult',
    'MissingCardError',
    'MissingDependencyError',
    'ModellingLokiPlayer',
    'OpponentCountError',
    'OpponentModel',
    'Player',
    'PlayerEquity',
    'PokerError',
    'PreflopEquity',
    'RandomPlayer',
    'Range',
    'RangeParseError',
    'RangeStatistics',
    'Rank',
    'RankableHand',
    'RankerError',
    'Rock',
    'Scenario',
    'ScenarioError',
    'SeatModel',
    'SettingError',
    'Situation',
    'StartingHand',
    'StrengthTable',
    'Suit',
    'TableError',
    'TableView',
    'WeightsError',
    '__version__',
    'advise',
    'board_strengths',
    'build_table',
    'class_equity',
    'equity',
    'format_cards',
    'hand_strength',
    'kelly_bet',
    'kelly_fraction',
    'load_scenarios',
    'load_table',
    'match',
    'parse_cards',
    'preflop_equity',
    'preflop_strategy',
    'range_statistics',
    'simulate_income_rate',
]
