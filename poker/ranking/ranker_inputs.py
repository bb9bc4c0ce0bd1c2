"""What users may pass as a ranker, read in one place: the door of the ranking wing.

Every ``ranker=`` argument of the library takes a :class:`~poker.ranking.ranker.HandRanker` *class*, the
plain one or a subclass (one that counts its calls, or ranks otherwise): :func:`read_ranker` says so once,
with :class:`~poker.errors.RankerError`, for anything else, a ranker instance included.

>>> read_ranker(HandRanker) is HandRanker
True
>>> read_ranker(HandRanker())
Traceback (most recent call last):
...
poker.errors.RankerError: ranker must be a HandRanker class, not an instance of one: pass HandRanker itself
>>> read_ranker(int)
Traceback (most recent call last):
...
poker.errors.RankerError: ranker must be a HandRanker class (HandRanker or a subclass), got <class 'int'>
"""

from __future__ import annotations

from ..errors import RankerError
from ..validators import shown
from .ranker import HandRanker

__all__ = ['read_ranker']


def read_ranker(ranker: type[HandRanker]) -> type[HandRanker]:
    """``ranker`` if it is :class:`~poker.ranking.ranker.HandRanker` or a subclass, else a
    :class:`~poker.errors.RankerError` quoting it."""
    if isinstance(ranker, type) and issubclass(ranker, HandRanker):
        return ranker
    if isinstance(ranker, HandRanker):
        raise RankerError(f'ranker must be a HandRanker class, not an instance of one: pass '
                          f'{type(ranker).__name__} itself')
    raise RankerError(f'ranker must be a HandRanker class (HandRanker or a subclass), got {shown(ranker)}')
