"""The ranking tables, readable: every five-card class in order of strength, and direct lookup tables.

:class:`~poker.ranking.ranker.HandRanker` ranks in C (``poker/ranking/_rank.c``) with compact tables
(215 kB, ``_rank_tables.h``) that ``tools/make_rank_tables.py`` generates from the ones here; the tests
check every entry of the compact tables against these. They are built only by that tool and the tests,
never by the library at run time. How they rank a hand of 5 to 7 cards:

* Each card has a 32-bit key, ``RANK_KEYS[rank] << 9 | SUIT_KEYS[suit]``. Summing the keys of a hand
  gives, in the high bits, a number that is different for every multiset of ranks of one size (the rank
  keys were chosen so) and, in the low 9 bits, a number from which the flush suit can be read (the suit
  keys were chosen so). Both properties are checked exhaustively in the tests.
* If a suit holds five or more of the cards, no four of a kind or full house is possible with at most
  seven cards, so the hand's value is the best flush or straight flush in that suit:
  ``flush_table()[mask]``, where ``mask`` has bit ``r`` set for each rank ``r`` (0 = deuce) in that suit.
* Otherwise the value is ``rank_table(size)[sum >> 9]``: one table per hand size, indexed directly.

Tables are built on first use (a few tenths of a second): :func:`rank_table` for 5, 6 and 7 cards take
13.1, 14.4 and 15.7 MB (int16); the rest is a few kilobytes.

>>> classes = five_card_classes()
>>> len(classes), classes[0], classes[-1]
(7462, FiveCardClass(category=<HandCategory.HIGH_CARD: 0>, ranks=(5, 3, 2, 1, 0)), FiveCardClass(category=<HandCategory.STRAIGHT_FLUSH: 8>, ranks=(12,)))
"""

from __future__ import annotations

import functools
import itertools
from typing import NamedTuple

import numpy as np

from .category import HandCategory

__all__ = [
    'CARD_BITS',
    'CARD_KEYS',
    'FiveCardClass',
    'RANK_KEYS',
    'SUIT_KEYS',
    'SUIT_KEY_BITS',
    'five_card_classes',
    'flush_suit_table',
    'flush_table',
    'rank_table',
    'straight_ranks',
]

RANK_KEYS: tuple[int, ...] = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
"""Key of each rank, deuce first: sums of 5, 6 or 7 keys (at most four alike) differ for different
multisets of the same size. These are the rank keys of Kenneth Shackleton's SKPokerEval."""

SUIT_KEYS: tuple[int, ...] = (0, 1, 8, 57)
"""Key of each suit, clubs first: for a fixed number of cards (5 to 7), the sum tells whether a suit
holds five or more of them, and which."""

SUIT_KEY_BITS = 9  # 7 * 57 = 399 < 512

CARD_KEYS: np.ndarray = np.array(
    [(RANK_KEYS[i >> 2] << SUIT_KEY_BITS) + SUIT_KEYS[i & 3] for i in range(52)], dtype=np.uint32)
"""The 32-bit key of each card index (the largest 7-card sum, 4,006,788,740, still fits)."""

CARD_BITS: np.ndarray = np.array([1 << (13 * (i & 3) + (i >> 2)) for i in range(52)], dtype=np.int64)
"""One bit per card, suit by suit: bits ``13*suit`` to ``13*suit + 12`` hold that suit's ranks."""


class FiveCardClass(NamedTuple):
    """One class of equally strong five-card hands.

    ``ranks`` are rank numbers 0 (deuce) to 12 (ace) in order of significance: the pair ranks first for
    pairs, the top card for straights (3 for the wheel), all five cards high to low for high cards and
    flushes.
    """

    category: HandCategory
    ranks: tuple[int, ...]


def straight_ranks(top: int) -> tuple[int, ...]:
    """The five rank numbers of the straight whose top card is ``top`` (3 is the wheel, 5-4-3-2-A)."""
    if top == 3:
        return (3, 2, 1, 0, 12)
    return tuple(range(top, top - 5, -1))


_STRAIGHT_SETS = {frozenset(straight_ranks(top)): top for top in range(3, 13)}


def _multiset(klass: FiveCardClass) -> list[int]:
    """The five ranks of a class's hands, as a list with repeats."""
    category, ranks = klass
    if category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
        return list(straight_ranks(ranks[0]))
    repeats = {
        HandCategory.ONE_PAIR: (2, 1, 1, 1),
        HandCategory.TWO_PAIR: (2, 2, 1),
        HandCategory.THREE_OF_A_KIND: (3, 1, 1),
        HandCategory.FULL_HOUSE: (3, 2),
        HandCategory.FOUR_OF_A_KIND: (4, 1),
    }.get(category, (1, 1, 1, 1, 1))
    return [rank for rank, count in zip(ranks, repeats) for _ in range(count)]


@functools.cache
def five_card_classes() -> tuple[FiveCardClass, ...]:
    """All 7,462 classes, weakest first: the class of hand value ``v`` is ``five_card_classes()[v - 1]``."""
    ranks = range(13)
    unsuited = [tuple(sorted(c, reverse=True)) for c in itertools.combinations(ranks, 5)
                if frozenset(c) not in _STRAIGHT_SETS]
    unsuited.sort()
    categories: dict[HandCategory, list[tuple[int, ...]]] = {
        HandCategory.HIGH_CARD: unsuited,
        HandCategory.ONE_PAIR: sorted(
            (pair, *sorted(kickers, reverse=True))
            for pair in ranks for kickers in itertools.combinations([r for r in ranks if r != pair], 3)),
        HandCategory.TWO_PAIR: sorted(
            (high, low, kicker)
            for high, low in itertools.combinations(reversed(ranks), 2)
            for kicker in ranks if kicker not in (high, low)),
        HandCategory.THREE_OF_A_KIND: sorted(
            (trips, *sorted(kickers, reverse=True))
            for trips in ranks for kickers in itertools.combinations([r for r in ranks if r != trips], 2)),
        HandCategory.STRAIGHT: [(top,) for top in range(3, 13)],
        HandCategory.FLUSH: unsuited,
        HandCategory.FULL_HOUSE: sorted((trips, pair) for trips in ranks for pair in ranks if pair != trips),
        HandCategory.FOUR_OF_A_KIND: sorted((quads, k) for quads in ranks for k in ranks if k != quads),
        HandCategory.STRAIGHT_FLUSH: [(top,) for top in range(3, 13)],
    }
    return tuple(FiveCardClass(category, signature)
                 for category in HandCategory for signature in categories[category])


def _rank_sum(ranks: np.ndarray) -> np.ndarray:
    """Sum of the rank keys along the last axis."""
    sums: np.ndarray = np.asarray(RANK_KEYS, dtype=np.int64)[ranks].sum(axis=-1)
    return sums


def _rank_multisets(size: int) -> np.ndarray:
    """Every multiset of ``size`` ranks with no rank more than four times, as sorted rows."""
    rows = [c for c in itertools.combinations_with_replacement(range(13), size)
            if max(c.count(r) for r in set(c)) <= 4]
    return np.array(rows, dtype=np.int64)


@functools.cache
def rank_table(size: int) -> np.ndarray:
    """The non-flush value of every multiset of ``size`` ranks (5, 6 or 7), indexed by its key sum."""
    if size not in (5, 6, 7):
        raise ValueError(f'no rank table for {size!r} cards')
    table = np.zeros(4 * RANK_KEYS[12] + (size - 4) * RANK_KEYS[11] + 1, dtype=np.int16)
    if size == 5:
        for value, klass in enumerate(five_card_classes(), start=1):
            if klass.category not in (HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH):
                table[sum(RANK_KEYS[r] for r in _multiset(klass))] = value
        table.flags.writeable = False
        return table
    five = rank_table(5)
    multisets = _rank_multisets(size)
    subsets = np.array(list(itertools.combinations(range(size), 5)))
    best = five[_rank_sum(multisets[:, subsets])].max(axis=1)
    table[_rank_sum(multisets)] = best
    table.flags.writeable = False
    return table


@functools.cache
def flush_table() -> np.ndarray:
    """The best flush or straight flush of every set of 5 to 7 ranks in one suit, indexed by rank mask."""
    table = np.zeros(1 << 13, dtype=np.int16)
    for value, klass in enumerate(five_card_classes(), start=1):
        if klass.category in (HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH):
            table[sum(1 << r for r in _multiset(klass))] = value
    for size in (6, 7):
        for ranks in itertools.combinations(range(13), size):
            mask = sum(1 << r for r in ranks)
            table[mask] = max(table[sum(1 << r for r in sub)] for sub in itertools.combinations(ranks, 5))
    table.flags.writeable = False
    return table


@functools.cache
def flush_suit_table(size: int) -> np.ndarray:
    """For hands of ``size`` cards: the suit holding five or more of them, or -1, by suit-key sum."""
    table = np.full(1 << SUIT_KEY_BITS, -1, dtype=np.int8)
    for suits in itertools.combinations_with_replacement(range(4), size):
        counts = [suits.count(s) for s in range(4)]
        flush = max(range(4), key=counts.__getitem__) if max(counts) >= 5 else -1
        key = sum(SUIT_KEYS[s] for s in suits)
        if table[key] not in (-1, flush):
            raise AssertionError(f'suit keys collide for {size} cards')  # pragma: no cover
        table[key] = flush
    table.flags.writeable = False
    return table
