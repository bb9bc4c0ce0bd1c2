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
:mod:`poker.pictures`  heat maps and histograms (matplotlib)
:mod:`poker.table`     fixed-limit hold'em at one table: the game, what a seat sees, what the table records
:mod:`poker.players`   Loki, its opponent models and the bots: the seats, and the kinds known by name
:mod:`poker.formats`   other tables' formats and protocols: ACPC notation and client, pokerkit, hand histories
:mod:`poker.matches`   duplicate matches
:mod:`poker.cli`       the ``poker`` command line
=====================  =============================================================================

``import poker`` itself is quick: each of these names, and each wing, is imported on first use.

>>> from poker import RankableHand
>>> RankableHand.parse('Kd Kc 4h 4s 9c').description
'Two Pair, Kings and Fours'
"""

from __future__ import annotations

from ._lazy import first_use as _first_use
from ._lazy import lazy_name as _lazy_name
from ._version import __version__

TYPE_CHECKING = False  # not typing's: importing typing takes longer than the rest of `import poker`
if TYPE_CHECKING:  # what mypy and readers see; at run time each name is imported on first use (__getattr__)
    from .cards import HAND_CLASSES, Card, Deck, HandIndexer, Rank, StartingHand, Suit, format_cards, parse_cards
    from .errors import (
        BettingError, CardCountError, CardParseError, DuplicateCardError, HandClassError, HandValueError,
        LookaheadError, MissingCardError, MissingDependencyError, OpponentCountError, PokerError, ProtocolError,
        RangeParseError, RankerError, ScenarioError, SettingError, TableError, WeightsError,
    )
    from .ranges import Range, percentile
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
    from .matches import ExploitResult, MatchResult, local_best_response, match
    from .players import (
        AggressiveBettor, Bot, CallingStation, Folder, LokiPlayer, LoosePassive, Maniac, ModellingLokiPlayer,
        RandomPlayer, Rock, SeatModel, TightAggressive,
    )
    from .table import ActionRecord, Contender, Decision, FixedLimitGame, HandResult, TableView

__all__ = [
    'Action',
    'ActionRecord',
    'Advice',
    'AggressiveBettor',
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
    'ExploitResult',
    'FixedLimitGame',
    'Folder',
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
    'LoosePassive',
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
    'ProtocolError',
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
    'TightAggressive',
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
    'local_best_response',
    'match',
    'parse_cards',
    'percentile',
    'preflop_equity',
    'preflop_strategy',
    'range_statistics',
    'simulate_income_rate',
]

_HOMES: dict[str, str] = {
    'Action': 'strategy',
    'ActionRecord': 'table',
    'Advice': 'strategy',
    'AggressiveBettor': 'players',
    'BettingError': 'errors',
    'BoardStrengths': 'stats',
    'Bot': 'players',
    'CallingStation': 'players',
    'Card': 'cards',
    'CardCountError': 'errors',
    'CardParseError': 'errors',
    'Contender': 'table',
    'Decision': 'table',
    'Deck': 'cards',
    'DuplicateCardError': 'errors',
    'EquityResult': 'stats',
    'ExploitResult': 'matches',
    'FixedLimitGame': 'table',
    'Folder': 'players',
    'FullLokiStrategy': 'strategy',
    'HAND_CLASSES': 'cards',
    'Hand': 'ranking',
    'HandCategory': 'ranking',
    'HandClassError': 'errors',
    'HandFactory': 'ranking',
    'HandIndexer': 'cards',
    'HandRanker': 'ranking',
    'HandResult': 'table',
    'HandStatistics': 'stats',
    'HandValueError': 'errors',
    'LokiPlayer': 'players',
    'LokiStrategy': 'strategy',
    'LookaheadError': 'errors',
    'LoosePassive': 'players',
    'Maniac': 'players',
    'MatchResult': 'matches',
    'MissingCardError': 'errors',
    'MissingDependencyError': 'errors',
    'ModellingLokiPlayer': 'players',
    'OpponentCountError': 'errors',
    'OpponentModel': 'strategy',
    'Player': 'stats',
    'PlayerEquity': 'stats',
    'PokerError': 'errors',
    'PreflopEquity': 'stats',
    'ProtocolError': 'errors',
    'RandomPlayer': 'players',
    'Range': 'ranges',
    'RangeParseError': 'errors',
    'RangeStatistics': 'stats',
    'Rank': 'cards',
    'RankableHand': 'ranking',
    'RankerError': 'errors',
    'Rock': 'players',
    'Scenario': 'stats',
    'ScenarioError': 'errors',
    'SeatModel': 'players',
    'SettingError': 'errors',
    'Situation': 'strategy',
    'StartingHand': 'cards',
    'StrengthTable': 'stats',
    'Suit': 'cards',
    'TableError': 'errors',
    'TableView': 'table',
    'TightAggressive': 'players',
    'WeightsError': 'errors',
    'advise': 'strategy',
    'board_strengths': 'stats',
    'build_table': 'stats',
    'class_equity': 'stats',
    'equity': 'stats',
    'format_cards': 'cards',
    'hand_strength': 'stats',
    'kelly_bet': 'strategy',
    'kelly_fraction': 'strategy',
    'load_scenarios': 'stats',
    'load_table': 'stats',
    'local_best_response': 'matches',
    'match': 'matches',
    'parse_cards': 'cards',
    'percentile': 'ranges',
    'preflop_equity': 'stats',
    'preflop_strategy': 'strategy',
    'range_statistics': 'stats',
    'simulate_income_rate': 'stats',
}
"""The wing of each name of :data:`__all__` (but the version), imported at the name's first use: only that wing
and what it needs load (the layout test keeps the map and the imports above the same)."""

_SUBMODULES = frozenset({'cards', 'cli', 'errors', 'formats', 'kernel', 'matches', 'pictures', 'players', 'ranges',
                         'ranking', 'stats', 'strategy', 'table', 'validators'})
"""The foundation and the wings, each imported on first use as ``poker.<name>`` too."""


def __getattr__(name: str) -> object:
    """A public name or a wing, imported on first use (PEP 562).

    ``import poker`` imports nothing heavy (no NumPy, no wing), so that a program's entry module can take
    Ctrl-C before the wings load (``poker/__main__.py``, ``examples/pokergame.py``); ``from poker import
    Range`` imports the wings it needs, and the name is kept here for the next use. Threads may read names
    at once: their first uses import one after another (:func:`poker._lazy.first_use`).
    """
    if name in _SUBMODULES:
        return _first_use(f'{__name__}.{name}')
    return _lazy_name(__name__, _HOMES, name, globals())


def __dir__() -> list[str]:
    """The names of the package: those imported so far and every public one."""
    return sorted({*globals(), *__all__})
