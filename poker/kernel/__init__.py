"""The counting kernel: every opponent holding and every runout, counted exactly, for the engines of
:mod:`poker.stats` and :mod:`poker.strategy`. Every hand is ranked through ``ranker.rank_many``
(see ``docs/engine.md``). Its modules, by job:

* :mod:`~poker.kernel.outcomes`: the codes ahead, tied and behind;
* :mod:`~poker.kernel.positions`: the unseen cards numbered by position, and the cached index tables over
  positions (holdings, runouts, the sets an opponent ends with) that every count gathers through;
* :mod:`~poker.kernel.board_memo`: every holding's value on a board, ranked once and remembered;
* :mod:`~poker.kernel.showdowns`: every holding against every other on one board, by sorting;
* :mod:`~poker.kernel.one_hand`: one hand against every opponent holding and runout (a player's counts);
* :mod:`~poker.kernel.range_spot`: what the range passes start from and what they count;
* :mod:`~poker.kernel.sorted_pass`, :mod:`~poker.kernel.narrow_pass`, :mod:`~poker.kernel.grid_pass`: the
  three range passes;
* :mod:`~poker.kernel.range_passes`: a whole range, the pass chosen by ``method``.
"""

from __future__ import annotations

from .._lazy import lazy_package as _lazy_package

TYPE_CHECKING = False  # not typing's (see poker/__init__.py)
if TYPE_CHECKING:  # what mypy and readers see; at run time each name is imported on first use (__getattr__)
    from .board_memo import BOARD_MEMO_SIZE, BoardValues, board_values, memoized_board_values
    from .narrow_pass import NARROW_LIMIT
    from .one_hand import HoldingOutcomes, OutcomeGrid, Tally, holding_outcomes, outcome_grid, showdown_counts, tally
    from .outcomes import AHEAD, BEHIND, OUTCOMES, TIED
    from .positions import MAX_LOOKAHEAD, EnumerationTables, combination_rows, enumeration_tables
    from .range_passes import NARROW_OPPONENTS, hero_by_hero, range_tally
    from .range_spot import RangeTally
    from .showdowns import holding_showdowns

__all__ = [
    'AHEAD',
    'BEHIND',
    'BOARD_MEMO_SIZE',
    'BoardValues',
    'EnumerationTables',
    'HoldingOutcomes',
    'MAX_LOOKAHEAD',
    'NARROW_LIMIT',
    'NARROW_OPPONENTS',
    'OUTCOMES',
    'OutcomeGrid',
    'RangeTally',
    'TIED',
    'Tally',
    'board_values',
    'combination_rows',
    'enumeration_tables',
    'hero_by_hero',
    'holding_outcomes',
    'holding_showdowns',
    'memoized_board_values',
    'outcome_grid',
    'range_tally',
    'showdown_counts',
    'tally',
]

_HOMES: dict[str, str] = {
    'AHEAD': 'outcomes',
    'BEHIND': 'outcomes',
    'BOARD_MEMO_SIZE': 'board_memo',
    'BoardValues': 'board_memo',
    'EnumerationTables': 'positions',
    'HoldingOutcomes': 'one_hand',
    'MAX_LOOKAHEAD': 'positions',
    'NARROW_LIMIT': 'narrow_pass',
    'NARROW_OPPONENTS': 'range_passes',
    'OUTCOMES': 'outcomes',
    'OutcomeGrid': 'one_hand',
    'RangeTally': 'range_spot',
    'TIED': 'outcomes',
    'Tally': 'one_hand',
    'board_values': 'board_memo',
    'combination_rows': 'positions',
    'enumeration_tables': 'positions',
    'hero_by_hero': 'range_passes',
    'holding_outcomes': 'one_hand',
    'holding_showdowns': 'showdowns',
    'memoized_board_values': 'board_memo',
    'outcome_grid': 'one_hand',
    'range_tally': 'range_passes',
    'showdown_counts': 'one_hand',
    'tally': 'one_hand',
}
"""The module of each public name, imported on first use (:func:`poker._lazy.lazy_package`)."""

__getattr__, __dir__ = _lazy_package(__name__, _HOMES, globals())
