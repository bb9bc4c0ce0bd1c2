"""poker: exact Texas Hold'em hand evaluation in the tradition of the University of Alberta's Loki.

>>> from poker import RankableHand
>>> RankableHand.parse('Kd Kc 4h 4s 9c').description
'Two Pair, Kings and Fours'
"""

from __future__ import annotations

from .advice import Advice, LokiStrategy, advise
from .board_strength import BoardStrengths, board_strengths
from .card import Card, Deck, Rank, Suit, format_cards, parse_cards
from .category import HandCategory
from .equity import EquityResult, PlayerEquity, equity
from .errors import (
    BettingError, CardCountError, CardParseError, DuplicateCardError, HandClassError, HandValueError,
    LookaheadError, MissingCardError, MissingDependencyError, OpponentCountError, PokerError, RangeParseError,
    ScenarioError, SettingError, TableError, WeightsError,
)
from .hand import Hand
from .hand_factory import HandFactory
from .hand_ranker import HandRanker
from .hand_statistics import HandStatistics
from .hand_strength import hand_strength
from .isomorphism import HandIndexer
from .kelly import kelly_bet, kelly_fraction
from .match import MatchResult, match
from .player import Player
from .opponent_model import OpponentModel
from .preflop import PreflopEquity, class_equity, preflop_equity, simulate_income_rate
from .preflop_strategy import preflop_strategy
from .range import Range
from .range_statistics import RangeStatistics, range_statistics
from .rankable_hand import RankableHand
from .starting_hand import HAND_CLASSES, StartingHand
from .strength_table import StrengthTable, build_table, load_table

__version__ = '0.1.0'

__all__ = [
    'Advice',
    'BettingError',
    'BoardStrengths',
    'Card',
    'CardCountError',
    'CardParseError',
    'Deck',
    'DuplicateCardError',
    'EquityResult',
    'HAND_CLASSES',
    'Hand',
    'HandCategory',
    'HandClassError',
    'HandFactory',
    'HandIndexer',
    'HandRanker',
    'HandStatistics',
    'HandValueError',
    'LokiStrategy',
    'LookaheadError',
    'MatchResult',
    'MissingCardError',
    'MissingDependencyError',
    'OpponentCountError',
    'OpponentModel',
    'Player',
    'PlayerEquity',
    'PokerError',
    'PreflopEquity',
    'Range',
    'RangeParseError',
    'RangeStatistics',
    'Rank',
    'RankableHand',
    'ScenarioError',
    'SettingError',
    'StartingHand',
    'StrengthTable',
    'Suit',
    'TableError',
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
    'load_table',
    'match',
    'parse_cards',
    'preflop_equity',
    'preflop_strategy',
    'range_statistics',
    'simulate_income_rate',
]
