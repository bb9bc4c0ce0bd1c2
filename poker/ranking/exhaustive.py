"""The census: how many hands of 5, 6 or 7 cards fall in each category, counted over every combination.

Every hand is ranked, none sampled, by the ranker's one hook,
:meth:`HandRanker.rank_many <poker.ranking.ranker.HandRanker.rank_many>`. The 2,598,960 five-card
combinations are listed once, in ``itertools.combinations(range(52), 5)`` order, where the combinations
whose lowest card is at least ``s`` form a contiguous suffix. A seven-card hand is then two lower cards
``c1 < c2`` plus a five-card combination above ``c2``, so each pair of lower cards ranks a whole block of
hands in one call (1,326 blocks in all; the ranker sums the two constant cards once per block).

>>> census = five_card_census()
>>> census.hands[HandCategory.FLUSH], census.distinct_values[HandCategory.FLUSH]
(5108, 1277)
>>> census.total_hands, census.total_distinct_values
(2598960, 7462)
"""

from __future__ import annotations

import functools
import itertools
from math import comb

import numpy as np
from attrs import field, frozen

from ..errors import CardCountError, SettingError
from ..validators import brief, integer_array, reading, shown, whole_number
from .category import NUMBER_OF_VALUES, HandCategory
from .ranker import HandRanker, card_columns
from .ranker_inputs import read_ranker

__all__ = ['Census', 'census', 'five_card_census', 'seven_card_census', 'six_card_census']

_FIVE = 5


def _counts(counts: object) -> tuple[int, ...]:
    """The value counts of a census: whole numbers of at least 0, one per value from 0 to at most 7,462."""
    array = integer_array('value_counts', counts, ndim=1, error=SettingError)
    if len(array) > NUMBER_OF_VALUES + 1 or (array.size and int(array.min()) < 0):
        raise SettingError(f'value_counts must be at most {NUMBER_OF_VALUES + 1} counts of at least 0, '
                           f'got {shown(counts)}')
    return tuple(int(count) for count in array.tolist())


@frozen
class Census:
    """The result of a census of every hand of :attr:`size` cards.

    ``value_counts[v]`` is the number of hands of value ``v`` (index 0 is unused and holds 0);
    :attr:`hands` and :attr:`distinct_values` are derived from it, one entry per :class:`HandCategory`.
    """

    __repr__ = brief

    size: int = field(converter=reading(whole_number, minimum=5, maximum=7, error=CardCountError))  # type: ignore[misc]
    value_counts: tuple[int, ...] = field(converter=_counts)

    @property
    def hands(self) -> dict[HandCategory, int]:
        """The number of hands in each category, weakest category first."""
        return {category: sum(self.value_counts[category.first_value:category.last_value + 1])
                for category in HandCategory}

    @property
    def distinct_values(self) -> dict[HandCategory, int]:
        """How many different values the hands of each category take."""
        return {category: sum(count > 0 for count in self.value_counts[category.first_value:category.last_value + 1])
                for category in HandCategory}

    @property
    def total_hands(self) -> int:
        """All hands counted: ``comb(52, size)``."""
        return sum(self.value_counts)

    @property
    def total_distinct_values(self) -> int:
        """How many different values occur at all."""
        return sum(count > 0 for count in self.value_counts)


@functools.cache
def _five_card_combinations() -> tuple[np.ndarray, np.ndarray]:
    """Every 5-card combination as a (5, 2,598,960) uint8 array, in lexicographic order, and
    ``starts[s]``: the position of the first combination whose lowest card is ``s`` or more.

    Built on the first census and kept (13 MB) for the next."""
    cards = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(52), _FIVE)),
                        dtype=np.uint8, count=comb(52, _FIVE) * _FIVE).reshape(-1, _FIVE)
    columns = np.ascontiguousarray(cards.T)
    starts = np.array([comb(52, _FIVE) - comb(52 - s, _FIVE) for s in range(53)], dtype=np.intp)
    for array in (columns, starts):
        array.flags.writeable = False
    return columns, starts


def census(size: int, ranker: type[HandRanker] = HandRanker) -> Census:
    """Rank every hand of ``size`` cards (5, 6 or 7) and count the hands of each value.

    Every hand goes through ``ranker.rank_many``. The 7-card census ranks 133,784,560 hands and takes
    a few seconds.
    """
    size = whole_number('a census\'s hand size', size, minimum=5, maximum=7, error=CardCountError)
    ranker = read_ranker(ranker)
    columns, starts = _five_card_combinations()
    counts = np.zeros(NUMBER_OF_VALUES + 1, dtype=np.int64)
    for prefix in itertools.combinations(range(52), size - _FIVE):
        start = int(starts[prefix[-1] + 1]) if prefix else 0
        if start == columns.shape[1]:
            continue
        values = ranker.rank_many(card_columns(prefix, *columns[:, start:]), validate=False)
        counts += np.bincount(values, minlength=NUMBER_OF_VALUES + 1)
    return Census(size, tuple(int(count) for count in counts))


def five_card_census() -> Census:
    """The census of all 2,598,960 five-card hands."""
    return census(5)


def six_card_census() -> Census:
    """The census of all 20,358,520 six-card hands."""
    return census(6)


def seven_card_census() -> Census:
    """The census of all 133,784,560 seven-card hands."""
    return census(7)
