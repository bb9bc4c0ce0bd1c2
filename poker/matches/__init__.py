"""Duplicate matches: players measured against each other over deals replayed with the seats rotated, and bots
measured against the player that exploits them.

* :mod:`~poker.matches.duplicate`: :func:`match`, duplicate matches with 95% intervals, and the units of work
  workers play (:func:`~poker.matches.duplicate.play_chunk`, :func:`~poker.matches.duplicate.play_seating`);
  :class:`MatchResult`, what a match measured; :class:`~poker.matches.duplicate.SessionLog`, a match's log writer
  for a session played hand by hand (``poker play --log``).
* :mod:`~poker.matches.exploitability`: :func:`local_best_response`, Local Best Response against any heads-up
  bot over duplicate deals (a lower bound on how much it can lose); :class:`ExploitResult`, what LBR won.
"""

from __future__ import annotations

from .._lazy import lazy_package as _lazy_package

TYPE_CHECKING = False  # not typing's (see poker/__init__.py)
if TYPE_CHECKING:  # what mypy and readers see; at run time each name is imported on first use (__getattr__)
    from .duplicate import MatchResult, SessionLog, match
    from .exploitability import ExploitResult, local_best_response

__all__ = [
    'ExploitResult',
    'MatchResult',
    'SessionLog',
    'local_best_response',
    'match',
]

_HOMES: dict[str, str] = {
    'ExploitResult': 'exploitability',
    'MatchResult': 'duplicate',
    'SessionLog': 'duplicate',
    'local_best_response': 'exploitability',
    'match': 'duplicate',
}
"""The module of each public name, imported on first use (:func:`poker._lazy.lazy_package`)."""

__getattr__, __dir__ = _lazy_package(__name__, _HOMES, globals())
