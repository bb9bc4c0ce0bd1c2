"""Statistics and equity: the engines that answer questions about hands, ranges and boards.

* :mod:`~poker.stats.hand_statistics`: :class:`HandStatistics` (HS, HSn, PPOT, NPOT, EHS, EHS');
* :mod:`~poker.stats.player`: :class:`Player`, one hand on a board (``calculate_hand_statistics``);
* :mod:`~poker.stats.strength`: :func:`hand_strength`, one hand against a range, now;
* :mod:`~poker.stats.range_stats`: :func:`range_statistics`, every holding of a range at once;
* :mod:`~poker.stats.hand_classes`: made hands and draws (:class:`MadeHand`, :class:`Draw`), Flopzilla's classes;
* :mod:`~poker.stats.boards`: :func:`board_strengths`, every holding against every holding;
* :mod:`~poker.stats.strength_tables`: :func:`build_table` and :func:`load_table`, on the table store
  (:mod:`~poker.stats.table_store`: the files, their locks and checksums, the manifest and its repair);
* :mod:`~poker.stats.multiway`: :func:`equity`, showdown equity of 2 to 10 players, on the question read
  (:mod:`~poker.stats.equity_problem`), counted exactly (:mod:`~poker.stats.exact_equity`) or sampled
  (:mod:`~poker.stats.sampled_equity`);
* :mod:`~poker.stats.preflop_odds`: exact pre-flop equity, income-rate simulation;
* :mod:`~poker.stats.reference`: the same numbers by plain loops over the domain objects;
* :mod:`~poker.stats.scenario`: questions read from TOML or JSON files.
"""

from __future__ import annotations

from .._lazy import lazy_name as _lazy_name

TYPE_CHECKING = False  # not typing's (see poker/__init__.py)
if TYPE_CHECKING:  # what mypy and readers see; at run time each name is imported on first use (__getattr__)
    from .boards import BoardStrengths, board_strengths, boards_strengths
    from .hand_classes import ClassRow, Draw, HandClassTable, MadeHand, draw_masks, holding_class, made_hands
    from .hand_statistics import HandStatistics
    from .multiway import EquityResult, PlayerEquity, equity
    from .player import Player
    from .preflop_odds import PreflopEquity, class_equity, equity_order, preflop_equity, simulate_income_rate
    from .range_stats import RangeStatistics, range_statistics
    from .reference import ReferencePlayer
    from .scenario import Scenario, load_scenarios, scenarios_from_data
    from .strength import hand_strength
    from .strength_tables import BuildSummary, StrengthTable, build_table, load_table

__all__ = [
    'BoardStrengths',
    'BuildSummary',
    'ClassRow',
    'Draw',
    'EquityResult',
    'HandClassTable',
    'HandStatistics',
    'MadeHand',
    'Player',
    'PlayerEquity',
    'PreflopEquity',
    'RangeStatistics',
    'ReferencePlayer',
    'Scenario',
    'StrengthTable',
    'board_strengths',
    'boards_strengths',
    'build_table',
    'class_equity',
    'draw_masks',
    'equity',
    'equity_order',
    'hand_strength',
    'holding_class',
    'load_scenarios',
    'load_table',
    'made_hands',
    'preflop_equity',
    'range_statistics',
    'scenarios_from_data',
    'simulate_income_rate',
]

_HOMES: dict[str, str] = {
    'BoardStrengths': 'boards',
    'BuildSummary': 'strength_tables',
    'ClassRow': 'hand_classes',
    'Draw': 'hand_classes',
    'EquityResult': 'multiway',
    'HandClassTable': 'hand_classes',
    'HandStatistics': 'hand_statistics',
    'MadeHand': 'hand_classes',
    'Player': 'player',
    'PlayerEquity': 'multiway',
    'PreflopEquity': 'preflop_odds',
    'RangeStatistics': 'range_stats',
    'ReferencePlayer': 'reference',
    'Scenario': 'scenario',
    'StrengthTable': 'strength_tables',
    'board_strengths': 'boards',
    'boards_strengths': 'boards',
    'build_table': 'strength_tables',
    'class_equity': 'preflop_odds',
    'draw_masks': 'hand_classes',
    'equity': 'multiway',
    'equity_order': 'preflop_odds',
    'hand_strength': 'strength',
    'holding_class': 'hand_classes',
    'load_scenarios': 'scenario',
    'load_table': 'strength_tables',
    'made_hands': 'hand_classes',
    'preflop_equity': 'preflop_odds',
    'range_statistics': 'range_stats',
    'scenarios_from_data': 'scenario',
    'simulate_income_rate': 'preflop_odds',
}
"""The module of each public name: ``import poker.stats`` imports none of them (the engines a program does not use
cost it neither time nor memory); a name is imported from its module on first use and kept (PEP 562), one first
use at a time however many threads read names (:func:`poker._lazy.first_use`)."""


def __getattr__(name: str) -> object:
    return _lazy_name(__name__, _HOMES, name, globals())


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
