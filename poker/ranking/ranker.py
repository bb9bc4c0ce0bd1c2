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
from . import _rank
from .tables import five_card_classes, straight_ranks

__all__ = ['FINAL_NAMES', 'HandRanker', 'card_columns']

_CATEGORY_STARTS = np.array(_FIRST_VALUES[1:], dtype=np.int16)


class HandRanker:
    """Ranks hands of 5 to 7 cards exactly.

    Every method is a classmethod, so ``HandRanker.rank_many(...)`` works without an instance, and a
    subclass is used wherever it is passed in (``RankableHand.ranker``, ``Player.ranker``, ``ranker=``).

    One hook: :meth:`rank_many`. Everything else that ranks (:meth:`rank`, :meth:`rank_indices`,
    :meth:`best_five`, and every engine of the library) goes through it, so a subclass that overrides it
    changes every result, and every other method is final: marked :func:`typing.final` for type checkers,
    and refused when a subclass is defined (a :class:`~poker.errors.SettingError` naming the method).

    >>> class Lifted(HandRanker):
    ...     @classmethod
    ...     def rank(cls, cards):
    ...         return 1
    Traceback (most recent call last):
    ...
    poker.errors.SettingError: class 'Lifted' may not override HandRanker.rank: override rank_many, the one ranking hook

    The three income-rate tables (Papp 1998) live in :mod:`poker.cards.income_rates`; :meth:`income_rate`,
    :meth:`income_rate_table` and :meth:`read_opponents` read them here, as the Java design did.
    """

    MIN_CARDS: Final = 5
    MAX_CARDS: Final = 7
    INLINE_RANKING: ClassVar[bool] = True
    """True while :meth:`rank_many` is HandRanker's own, so that compiled paths may rank inline (set for each
    subclass when it is defined)."""

    def __init_subclass__(cls, **options: Any) -> None:
        super().__init_subclass__(**options)
        for name in vars(cls):
            if name in FINAL_NAMES:
                raise SettingError(f'class {cls.__qualname__!r} may not override HandRanker.{name}: override '
                                   'rank_many, the one ranking hook')
        cls.INLINE_RANKING = cls.rank_many.__func__ is HandRanker.rank_many.__func__  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        return f'{type(self).__name__}()'

    # ------------------------------------------------------------------------------ income rates
    @final
    @classmethod
    def read_opponents(cls, opponents: int) -> int:
        """``opponents`` if it is a whole number from 1 to :data:`~poker.cards.income_rates.MAX_OPPONENTS`, else
        an :class:`~poker.errors.OpponentCountError`."""
        return income_rates.read_opponents(opponents)

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
        if cls.INLINE_RANKING:  # HandRanker's own ranking: a list or tuple of good indices is ranked in C at once
            value: int = _rank.rank_sequence(indices)
            if value:
                return value
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
        if cards.shape[0] == 0:
            return np.empty(0, dtype=np.int16)
        given = cards
        if cards.dtype == np.int8:  # read as uint8 where it lies: a negative index reads as 128 or more, refused below
            cards = cards.view(np.uint8)
        elif cards.dtype != np.uint8:
            # checked before the cast to uint8, which wraps: unvalidated too when it could wrap an index into range
            # (256 to 0; an int8's -1 becomes 255, which the compiled loop refuses)
            if validate or cards.dtype.itemsize > 1:
                low, high = int(cards.min()), int(cards.max())
                if low < 0 or high > 51:  # the first row with one, as the compiled loop names it
                    row = int(np.flatnonzero(((cards < 0) | (cards > 51)).any(axis=1))[0])
                    bad = next(card for card in cards[row].tolist() if not 0 <= card <= 51)
                    raise CardParseError(f'invalid card index {bad} in row {row}: {shown(cards[row].tolist())}')
            cards = cards.astype(np.uint8)
        values = np.empty(cards.shape[0], dtype=np.int16)
        bad = _rank.rank_rows(cards, values, validate)  # an index above 51 is refused even unvalidated
        if bad >= 0:  # (the row as given; another thread may have changed it since)
            row = given[bad].tolist()
            index = next((card for card in row if not 0 <= card <= 51), None)
            if index is not None:
                raise CardParseError(f'invalid card index {index} in row {bad}: {shown(row)}')
            raise DuplicateCardError(f'duplicate card in row {bad}: {shown(row)}')
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
                                        and name != 'rank_many')
"""What a :class:`HandRanker` subclass may not define: everything but :meth:`HandRanker.rank_many` (the hook)."""


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
