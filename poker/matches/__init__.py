"""Duplicate matches: players measured against each other over deals replayed with the seats rotated.

* :mod:`~poker.matches.duplicate`: :func:`match`, duplicate matches with 95% intervals, and the units of work
  workers play (:func:`~poker.matches.duplicate.play_chunk`, :func:`~poker.matches.duplicate.play_seating`);
  :class:`MatchResult`, what a match measured.
"""

from __future__ import annotations

from .duplicate import MatchResult, match

__all__ = [
    'MatchResult',
    'match',
]
