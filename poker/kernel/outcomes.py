"""The three outcomes of a showdown between two hands, as codes: the one place they are defined.

They number the rows (now) and columns (after the runout) of every 3x3 transition matrix
(:attr:`poker.stats.hand_statistics.HandStatistics.transitions`) and the outcome arrays of the engine.

>>> AHEAD, TIED, BEHIND
(0, 1, 2)
>>> outcome_code(7000, 6000), outcome_code(5, 5), outcome_code(1, 2)
(0, 1, 2)
"""

from __future__ import annotations

__all__ = ['AHEAD', 'BEHIND', 'OUTCOMES', 'TIED', 'outcome_code']

AHEAD, TIED, BEHIND = 0, 1, 2
"""Our hand is stronger, equal, weaker."""

OUTCOMES: tuple[str, str, str] = ('ahead', 'tied', 'behind')
"""The outcome names, by code."""


def outcome_code(mine: object, theirs: object) -> int:
    """:data:`AHEAD`, :data:`TIED` or :data:`BEHIND`: how ``mine`` fares against ``theirs`` (any ordered values)."""
    if mine > theirs:  # type: ignore[operator]
        return AHEAD
    return TIED if mine == theirs else BEHIND
