"""The counting kernel: every opponent holding and every runout, counted exactly, for the engines of
:mod:`poker.stats` and :mod:`poker.strategy`. Every hand is ranked through ``ranker.rank_many``
(see ``docs/engine.md``).

* :mod:`~poker.kernel.outcomes`: the codes ahead, tied and behind;
* :mod:`~poker.kernel.showdowns`: every holding against every other on one board, by sorting;
* :mod:`~poker.kernel.enumeration`: one hand, a range, the per-board memo.
"""

from __future__ import annotations

from .outcomes import AHEAD, BEHIND, OUTCOMES, TIED
from .showdowns import holding_showdowns
from .enumeration import (
    MAX_LOOKAHEAD, BoardValues, HoldingOutcomes, RangeTally, Tally, board_values, hero_by_hero, holding_outcomes,
    memoized_board_values, range_tally, tally,
)

__all__ = [
    'AHEAD',
    'BEHIND',
    'BoardValues',
    'HoldingOutcomes',
    'MAX_LOOKAHEAD',
    'OUTCOMES',
    'RangeTally',
    'TIED',
    'Tally',
    'board_values',
    'hero_by_hero',
    'holding_outcomes',
    'holding_showdowns',
    'memoized_board_values',
    'range_tally',
    'tally',
]
