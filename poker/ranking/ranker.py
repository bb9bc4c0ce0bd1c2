"""The exact 5-7 card hand ranker, for one hand and for NumPy batches, on the same tables.

A hand value is an int from 1 to 7,462; higher is stronger, and equally strong hands have equal values.
The wheel (5-4-3-2-A) is the lowest straight and the steel wheel the lowest straight flush.

>>> from poker import parse_cards
>>> HandRanker.rank(parse_cards('Ah Kh Qh Jh Th 2c 3d'))
7462
>>> HandRanker.describe(HandRanker.rank(parse_cards('Kd Kc 4h 4s 9c')))
'Two Pair, Kings and Fours'
>>> import numpy as np
>>> HandRanker.rank_many(np.array([[48, 44, 40, 36, 32], [12, 8, 4, 0, 48]]))  # Ac-Tc, 5c-Ac
array([7462, 7453], dtype=int16)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, Final, Union, final

import numpy as np

from ..cards import income_rates
from ..cards.card import Card, Rank, parse_cards  # noqa: F401  (parse_cards: doctests)
from ..cards.card_inputs import CardsLike, read_cards
from ..cards.starting_hand import class_index
from ..errors import CardCountError, CardParseError, DuplicateCardError, HandValueError, SettingError
from ..validators import flag, index_below, integer_array, shown, whole_number
from .category import HandCategory, _FIRST_VALUES
from .tables import (
    CARD_BITS, CARD_KEYS, SUIT_KEY_BITS, five_card_classes, flush_suit_table, flush_table, pair_key_table,
    rank_table, straight_ranks,
)

__all__ = ['FINAL_NAMES', 'HandRanker', 'card_columns']

_KEY_LIST: list[int] = CARD_KEYS.tolist()
_BIT_LIST: list[int] = CARD_BITS.tolist()
_SUIT_MASK = (1 << SUIT_KEY_BITS) - 1
_CATEGORY_STARTS = np.array(_FIRST_VALUES[1:], dtype=np.int16)

BitsLike = Union[np.ndarray, Callable[[np.ndarray], np.ndarray]]


_FEW_ROWS = 8
"""Up to this many rows, :meth:`HandRanker.rank_many` ranks in plain Python (no NumPy call overhead)."""


def _rank_one(indices: list[int]) -> int:
    """The value of one hand of distinct card indices, by summing keys in Python."""
    size = len(indices)
    key = sum(_KEY_LIST[i] for i in indices)
    suit = int(flush_suit_table(size)[key & _SUIT_MASK])
    if suit >= 0:
        mask = 0
        for i in indices:
            if i & 3 == suit:
                mask |= 1 << (i >> 2)
        return int(flush_table()[mask])
    return int(rank_table(size)[key >> SUIT_KEY_BITS])


def _rank_block(columns: np.ndarray, size: int, base: tuple[int, int], out: np.ndarray,
                buffers: tuple[np.ndarray, np.ndarray, np.ndarray]) -> None:
    """Rank one block of hands of ``size`` cards; values go to ``out``.

    ``columns`` is a (v, B) uint8 array, each row contiguous, of the cards that vary from row to row; the other
    ``size - v`` cards are the same in every row, and ``base`` holds their key sum and bit mask. The key
    sum takes one lookup per *two* varying cards in :func:`~poker.ranking.tables.pair_key_table` (index
    ``52 * a + b`` fits in uint16); every temporary lives in the preallocated ``buffers`` (a block is
    small enough to stay in cache). Only the rows with five cards of one suit, a few percent, gather card
    bits for the flush table.
    """
    varying, count = columns.shape
    pairs, keys, scratch = (buffer[:count] for buffer in buffers)
    base_key, base_bits = base
    keys.fill(base_key)
    pair_keys = pair_key_table()
    for first in range(0, varying - 1, 2):
        np.multiply(columns[first], 52, out=pairs, dtype=np.uint16)
        pairs += columns[first + 1]
        keys += np.take(pair_keys, pairs, out=scratch)
    if varying % 2:
        keys += np.take(CARD_KEYS, columns[varying - 1], out=scratch)
    np.right_shift(keys, SUIT_KEY_BITS, out=scratch)
    np.take(rank_table(size), scratch, out=out)
    np.bitwise_and(keys, _SUIT_MASK, out=scratch)
    suits = np.take(flush_suit_table(size), scratch)
    rows = np.flatnonzero(suits >= 0)
    if rows.size:
        bits = np.bitwise_or.reduce(np.take(CARD_BITS, columns[:, rows]), axis=0) | base_bits
        masks = (bits >> (13 * suits[rows].astype(np.int64))) & 0x1FFF
        out[rows] = np.take(flush_table(), masks)


class HandRanker:
    """Ranks hands of 5 to 7 cards exactly.

    Every method is a classmethod, so ``HandRanker.rank_many(...)`` works without an instance, and a
    subclass is used wherever it is passed in (``RankableHand.ranker``, ``Player.ranker``, ``ranker=``).

    One hook: :meth:`rank_many`. Everything else that ranks (:meth:`rank`, :meth:`rank_indices`,
    :meth:`best_five`, and every engine of the library) goes through it, so a subclass that overrides it
    changes every result, and every other method is final: marked :func:`typing.final` for type checkers,
    and refused when a subclass is defined (a :class:`~poker.errors.SettingError` naming the method).
    :attr:`BLOCK_ROWS` may be changed: it sets how :meth:`rank_many` works, not what it answers.

    >>> class Lifted(HandRanker):
    ...     @classmethod
    ...     def rank(cls, cards):
    ...         return 1
    Traceback (most recent call last):
    ...
    poker.errors.SettingError: class 'Lifted' may not override HandRanker.rank: override rank_many, the one ranking hook

    The three income-rate tables (Papp 1998) live in :mod:`poker.cards.income_rates`; :meth:`income_rate`,
    :meth:`income_rate_table` and :meth:`check_opponents` read them here, as the Java design did.
    """

    MIN_CARDS: Final = 5
    MAX_CARDS: Final = 7
    BLOCK_ROWS: ClassVar[int] = 1 << 15
    """:meth:`rank_many` works through a batch this many rows at a time, so its temporaries stay in cache."""

    def __init_subclass__(cls, **options: Any) -> None:
        super().__init_subclass__(**options)
        for name in vars(cls):
            if name in FINAL_NAMES:
                raise SettingError(f'class {cls.__qualname__!r} may not override HandRanker.{name}: override '
                                   'rank_many, the one ranking hook')

    def __repr__(self) -> str:
        return f'{type(self).__name__}()'

    # ------------------------------------------------------------------------------ income rates
    @final
    @classmethod
    def check_opponents(cls, opponents: int) -> int:
        """``opponents`` if it is a whole number from 1 to :data:`~poker.cards.income_rates.MAX_OPPONENTS`, else
        an :class:`~poker.errors.OpponentCountError`."""
        return income_rates.check_opponents(opponents)

    @final
    @classmethod
    def income_rate_table(cls, opponents: int = 1) -> tuple[tuple[int, ...], ...]:
        """The 13x13 grid used against ``opponents``: IR2 for 1, IR4 for 2-3, IR7 for 4 or more."""
        return income_rates.income_rate_table(opponents)

    @final
    @classmethod
    def income_rate(cls, hand_class: str, opponents: int = 1) -> int:
        """Papp's income rate of a class (``'AKs'``) against ``opponents``, in thousandths of a bet.

        Kept here for the Java design's API; the tables live in :mod:`poker.cards.income_rates`.

        >>> HandRanker.income_rate('AA'), HandRanker.income_rate('AA', 3), HandRanker.income_rate('72o', 9)
        (704, 1554, -495)
        """
        return income_rates.class_income_rate(class_index(hand_class), opponents)

    # ----------------------------------------------------------------------------------- one hand
    @final
    @classmethod
    def rank(cls, cards: CardsLike) -> int:
        """The value of 5, 6 or 7 distinct cards (or their text): one row of :meth:`rank_many`.

        >>> HandRanker.rank('Ah Kh Qh Jh Th'), HandRanker.rank(parse_cards('5c 4d 3h 2s Ac'))
        (7462, 5854)
        """
        return cls.rank_indices([card.index for card in read_cards(cards)])

    @final
    @classmethod
    def rank_indices(cls, indices: Sequence[int]) -> int:
        """The value of 5, 6 or 7 distinct card indices (0 to 51), through :meth:`rank_many`."""
        if isinstance(indices, (str, bytes)) or not isinstance(indices, Iterable) or getattr(indices, 'ndim', 1) != 1:
            raise CardParseError(f'rank_indices needs a sequence of card indices (0 to 51), got {shown(indices)}')
        given = list(itertools.islice(indices, cls.MAX_CARDS + 1))
        if not cls.MIN_CARDS <= len(given) <= cls.MAX_CARDS:
            raise CardCountError(f'a hand to rank needs 5 to 7 cards, got {shown(indices)}')
        numbers = [index_below(i, 52) for i in given]
        if any(number is None for number in numbers):
            raise CardParseError(f'invalid card index in {shown(indices)} (expected whole numbers 0 to 51)')
        if len(set(numbers)) != len(numbers):
            raise DuplicateCardError(f'duplicate card index in {shown(indices)}')
        return int(cls.rank_many(np.array([numbers], dtype=np.uint8), validate=False)[0])

    @final
    @classmethod
    def best_five(cls, cards: CardsLike) -> tuple[Card, ...]:
        """The five cards that make the hand's value, strongest first (of equal choices, the highest cards)."""
        ordered = sorted(read_cards(cards), reverse=True)
        if not cls.MIN_CARDS <= len(ordered) <= cls.MAX_CARDS:
            raise CardCountError(f'the best five cards come from 5 to 7 cards, got {len(ordered)}: {shown(cards)}')
        if len(ordered) == 5:
            chosen: Sequence[Card] = ordered
        else:
            value = cls.rank(ordered)
            chosen = next(five for five in itertools.combinations(ordered, 5) if cls.rank(five) == value)
        return cls._display_order(chosen, cls.rank(chosen))

    @final
    @staticmethod
    def _display_order(cards: Sequence[Card], value: int) -> tuple[Card, ...]:
        """Order five cards as a player lays them out: groups first, the wheel's ace last."""
        klass = five_card_classes()[value - 1]
        if klass.category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
            order = straight_ranks(klass.ranks[0])
            return tuple(sorted(cards, key=lambda c: (order.index(c.rank - 2), -c.suit)))
        counts = {rank: sum(c.rank == rank for c in cards) for rank in {c.rank for c in cards}}
        return tuple(sorted(cards, key=lambda c: (-counts[c.rank], -c.rank, -c.suit)))

    @final
    @classmethod
    def category(cls, value: int) -> HandCategory:
        """The category of a value."""
        return HandCategory.from_value(value)

    @final
    @classmethod
    def describe(cls, value: int) -> str:
        """What a player would say: ``'Two Pair, Kings and Fours'``, ``'Straight, Five-High'``."""
        category = HandCategory.from_value(value)
        ranks = [Rank(r + 2) for r in five_card_classes()[value - 1].ranks]
        if category is HandCategory.STRAIGHT_FLUSH and ranks[0] is Rank.ACE:
            return 'Royal Flush'
        detail = {
            HandCategory.HIGH_CARD: lambda: ranks[0].word,
            HandCategory.ONE_PAIR: lambda: ranks[0].plural,
            HandCategory.TWO_PAIR: lambda: f'{ranks[0].plural} and {ranks[1].plural}',
            HandCategory.THREE_OF_A_KIND: lambda: ranks[0].plural,
            HandCategory.STRAIGHT: lambda: f'{ranks[0].word}-High',
            HandCategory.FLUSH: lambda: f'{ranks[0].word}-High',
            HandCategory.FULL_HOUSE: lambda: f'{ranks[0].plural} over {ranks[1].plural}',
            HandCategory.FOUR_OF_A_KIND: lambda: ranks[0].plural,
            HandCategory.STRAIGHT_FLUSH: lambda: f'{ranks[0].word}-High',
        }[category]()
        return f'{category.label}, {detail}'

    # ---------------------------------------------------------------------------------- batches
    @classmethod
    def rank_many(cls, indices: np.ndarray | Sequence[Sequence[int]], *, validate: bool = True) -> np.ndarray:
        """Values of many hands at once: THE ranking hook.

        ``indices`` is an integer array of shape (N, k), k from 5 to 7, of card indices; the result is
        an int16 array of N values, each identical to :attr:`RankableHand.value` for that row. With
        ``validate`` (the default) an index outside 0..51 or a card twice in a row raises; engines that
        build their rows from known-good cards pass ``validate=False``.

        Every path of the library ranks through this method of the ranker it was given (:meth:`rank`
        and :meth:`rank_indices` rank one row with it; :class:`~poker.stats.player.Player`, the range engine,
        preflop equity, the opponent model, the census and the pictures call it with batches), so a
        subclass that overrides it changes every statistic.

        Fastest with ``uint8`` input; an (N, k) view of a C-ordered (k, N) array (``columns.T``), as
        the engines build, is read without a copy.
        """
        if validate is not True and validate is not False:
            validate = flag('validate', validate)
        # an engine's uint8 batch needs no conversion or dtype check (masked arrays are not plain ndarrays)
        cards = indices if type(indices) is np.ndarray and indices.dtype == np.uint8 \
            else integer_array('rank_many\'s card indices', indices, error=CardParseError)
        if cards.ndim != 2 or not cls.MIN_CARDS <= cards.shape[1] <= cls.MAX_CARDS:
            raise CardCountError(f'rank_many needs an array of shape (N, 5..7), got shape {cards.shape}')
        size = cards.shape[1]
        if cards.shape[0] == 0:
            return np.empty(0, dtype=np.int16)
        if validate:
            low, high = int(cards.min()), int(cards.max())
            if low < 0 or high > 51:
                bad = low if low < 0 else high
                row = int(np.argwhere(cards == bad)[0, 0])
                raise CardParseError(f'invalid card index {bad} in row {row}: {shown(cards[row].tolist())}')
        if cards.shape[0] <= _FEW_ROWS:
            if validate:
                cls._check_distinct(np.asarray(cards.T, dtype=np.int8), cards, 0)
            return np.array([_rank_one(row) for row in cards.tolist()], dtype=np.int16)
        if cards.dtype != np.uint8:
            cards = cards.astype(np.uint8, order='F')
        if validate:
            for start in range(0, cards.shape[0], cls.BLOCK_ROWS):
                cls._check_distinct(np.ascontiguousarray(cards[start:start + cls.BLOCK_ROWS].T), cards, start)
        # columns with one card in every row (an engine's board) are summed once, not per row. Only columns
        # whose first and last rows agree can be; those are checked together, in one comparison
        first = cards[0]
        candidates = np.flatnonzero(first == cards[-1])
        constant = candidates[(cards[:, candidates] == first[candidates]).all(axis=0)].tolist() \
            if candidates.size else []
        cards_of = first.tolist()
        base = (sum(_KEY_LIST[cards_of[j]] for j in constant), sum(_BIT_LIST[cards_of[j]] for j in constant))
        if constant == list(range(len(constant))):  # the usual case (a board first): a view, no copy
            varying = cards[:, len(constant):]
        else:
            varying = cards.T[[j for j in range(size) if j not in constant]].T
        values = np.empty(cards.shape[0], dtype=np.int16)
        block_rows = min(cls.BLOCK_ROWS, cards.shape[0])
        buffers = (np.empty(block_rows, dtype=np.uint16), np.empty(block_rows, dtype=np.uint32),
                   np.empty(block_rows, dtype=np.uint32))
        for start in range(0, cards.shape[0], block_rows):
            columns = varying[start:start + block_rows].T
            if columns.strides[1] != 1:  # each column must be contiguous (an F-ordered batch already is)
                columns = np.ascontiguousarray(columns)
            _rank_block(columns, size, base, values[start:start + columns.shape[1]], buffers)
        return values

    @final
    @staticmethod
    def _check_distinct(columns: np.ndarray, cards: np.ndarray, start: int) -> None:
        """Raise if a row of ``columns`` (one block of ``cards``, from row ``start``) holds a card twice."""
        repeated = np.zeros(columns.shape[1], dtype=bool)
        pair_equal = np.empty_like(repeated)
        for first, second in itertools.combinations(range(len(columns)), 2):
            repeated |= np.equal(columns[first], columns[second], out=pair_equal)
        if repeated.any():
            row = start + int(np.argmax(repeated))
            raise DuplicateCardError(f'duplicate card in row {row}: {shown(cards[row].tolist())}')

    @final
    @staticmethod
    def rank_key_sums(keys: np.ndarray, size: int, bits: BitsLike) -> np.ndarray:
        """The table lookup behind :meth:`rank_many`: values from summed card keys and summed card bits.

        Not a hook, and no engine calls it: the library ranks through :meth:`rank_many` only (kept for
        tools that already hold key sums).

        ``keys`` holds, per hand, the sum of :data:`~poker.ranking.tables.CARD_KEYS` of its ``size``
        cards (uint32). ``bits`` is the matching sum of :data:`~poker.ranking.tables.CARD_BITS` (int64),
        or a function that computes it for an array of row numbers (it is needed only for flushes).
        Sums that no ``size`` cards make are a :class:`~poker.errors.CardParseError` when they fall outside
        the tables, and rank as garbage otherwise.
        """
        size = whole_number('size', size, minimum=HandRanker.MIN_CARDS, maximum=HandRanker.MAX_CARDS,
                            error=CardCountError)
        keys = integer_array('keys', keys, ndim=1, error=CardParseError)
        table = rank_table(size)
        if keys.size and (int(keys.min()) < 0 or int(keys.max()) >> SUIT_KEY_BITS >= len(table)):
            raise CardParseError(f'keys must be key sums of {size} cards, got {shown(keys)}')
        keys = keys.astype(np.int64)
        if not callable(bits):
            bits = integer_array('bits', bits, ndim=1, error=CardParseError)
            if len(bits) != len(keys):
                raise CardParseError(f'bits must hold one bit sum per key sum ({len(keys)}), got {shown(bits)}')
        values = np.take(table, keys >> SUIT_KEY_BITS)
        flush_suits = np.take(flush_suit_table(size), keys & _SUIT_MASK)
        rows = np.flatnonzero(flush_suits >= 0)
        if rows.size:
            row_bits = bits[rows] if isinstance(bits, np.ndarray) else \
                integer_array('bits', bits(rows), ndim=1, error=CardParseError)
            if len(row_bits) != len(rows):
                raise CardParseError(f'bits gave {len(row_bits)} bit sums for {len(rows)} rows')
            masks = (row_bits.astype(np.int64) >> (13 * flush_suits[rows].astype(np.int64))) & 0x1FFF
            values[rows] = np.take(flush_table(), masks)
        return values

    @final
    @classmethod
    def category_many(cls, values: np.ndarray | Sequence[int]) -> np.ndarray:
        """The :class:`HandCategory` number (int8) of each value."""
        array = integer_array('hand values', values, error=HandValueError)
        if array.size and (array.min() < 1 or array.max() > _FIRST_VALUES[-1] + 9):
            raise HandValueError(f'hand values must lie in 1..7462, got {shown(array.min())}..{shown(array.max())}')
        return np.searchsorted(_CATEGORY_STARTS, array, side='right').astype(np.int8)


FINAL_NAMES: frozenset[str] = frozenset(name for name in vars(HandRanker) if not name.startswith('__')
                                        and name not in ('rank_many', 'BLOCK_ROWS'))
"""What a :class:`HandRanker` subclass may not define: everything but :meth:`HandRanker.rank_many` (the hook)
and :attr:`HandRanker.BLOCK_ROWS`."""


def card_columns(fixed: Sequence[int], *varying: np.ndarray) -> np.ndarray:
    """Hands to rank, as the (N, k) ``uint8`` view :meth:`HandRanker.rank_many` reads fastest.

    ``fixed`` cards are in every hand (a column of constants each); each ``varying`` array holds one
    more card per hand. The result is the transpose of a C-ordered (k, N) array, so the ranker reads
    each column without a copy.
    """
    count = len(varying[0]) if varying else 1
    columns = np.empty((len(fixed) + len(varying), count), dtype=np.uint8)
    for row, card in enumerate(fixed):
        columns[row] = card
    for row, cards in enumerate(varying, start=len(fixed)):
        columns[row] = cards
    return columns.T
