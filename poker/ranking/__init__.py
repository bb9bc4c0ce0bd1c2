"""Hand values: the ranking tables, :class:`HandRanker` (the one ranking hook, ``rank_many``) and the hands
that have a value.

* :mod:`~poker.ranking.category`: the nine categories, as data;
* :mod:`~poker.ranking.tables`: the 7,462 five-card classes and the lookup tables built from them;
* :mod:`~poker.ranking.ranker`: :class:`HandRanker`, one hand or NumPy batches;
* :mod:`~poker.ranking.rankable_hand`, :mod:`~poker.ranking.hand`, :mod:`~poker.ranking.factory`: the
  domain objects :class:`RankableHand`, :class:`Hand` and the memoizing :class:`HandFactory`;
* :mod:`~poker.ranking.exhaustive`: censuses of every 5-, 6- and 7-card hand;
* :mod:`~poker.ranking.ranker_inputs`: the wing's door: :func:`read_ranker` reads every ``ranker=`` argument
  (a :class:`HandRanker` class, or a :class:`~poker.errors.RankerError`).

>>> from poker.ranking import RankableHand
>>> RankableHand.parse('Kd Kc 4h 4s 9c').description
'Two Pair, Kings and Fours'
"""

from __future__ import annotations

from .._lazy import lazy_package as _lazy_package

TYPE_CHECKING = False  # not typing's (see poker/__init__.py)
if TYPE_CHECKING:  # what mypy and readers see; at run time each name is imported on first use (__getattr__)
    from .category import HandCategory
    from .exhaustive import Census, census, five_card_census, seven_card_census, six_card_census
    from .factory import HandFactory
    from .hand import Hand
    from .rankable_hand import RankableHand
    from .ranker import HandRanker
    from .ranker_inputs import read_ranker

__all__ = [
    'Census',
    'Hand',
    'HandCategory',
    'HandFactory',
    'HandRanker',
    'RankableHand',
    'census',
    'five_card_census',
    'read_ranker',
    'seven_card_census',
    'six_card_census',
]

_HOMES: dict[str, str] = {
    'Census': 'exhaustive',
    'Hand': 'hand',
    'HandCategory': 'category',
    'HandFactory': 'factory',
    'HandRanker': 'ranker',
    'RankableHand': 'rankable_hand',
    'census': 'exhaustive',
    'five_card_census': 'exhaustive',
    'read_ranker': 'ranker_inputs',
    'seven_card_census': 'exhaustive',
    'six_card_census': 'exhaustive',
}
"""The module of each public name, imported on first use (:func:`poker._lazy.lazy_package`)."""

__getattr__, __dir__ = _lazy_package(__name__, _HOMES, globals())
