"""Duplicate matches: players measured against each other over deals replayed with the seats rotated.

* :mod:`~poker.matches.duplicate`: :func:`match`, duplicate matches with 95% intervals, and the units of work
  workers play (:func:`~poker.matches.duplicate.play_chunk`, :func:`~poker.matches.duplicate.play_seating`);
  :class:`MatchResult`, what a match measured; :class:`~poker.matches.duplicate.SessionLog`, a match's log writer
  for a session played hand by hand (``poker play --log``).
"""

from __future__ import annotations

from .duplicate import MatchResult, SessionLog, match

__all__ = [
    'MatchResult',
    'SessionLog',
    'match',
]
