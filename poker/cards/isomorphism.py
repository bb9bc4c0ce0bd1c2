"""Suit isomorphism: one number for every hand up to a permutation of suits, and back.

Hands that differ only by renaming suits (``AhKh`` on ``2c 7d Js`` and ``AsKs`` on ``2h 7c Jd``) are
the same poker problem. A :class:`HandIndexer` numbers the classes of such hands from 0 to
:attr:`~HandIndexer.size` - 1 (:meth:`~HandIndexer.index`) and gives a representative of each class
(:meth:`~HandIndexer.unindex`), for NumPy arrays of hands. A hand is a sequence of *rounds*, sets of
cards dealt together: ``(2, 3, 1, 1)`` is the hole cards, the flop, the turn and the river, and the
order of cards within a round does not matter; :data:`STREET_ROUNDS` makes the board one round.

The method is Waugh's (2013, "A fast and optimal hand isomorphism algorithm"):

* Per suit, the cards of each round form a set of ranks; the counts per round are the suit's
  *configuration* and the rank sets, each numbered in colex order among the ranks the suit has not used
  in an earlier round, give the suit's *index* within its configuration (a mixed-radix number).
* Suits are sorted by (configuration, index); the sorted configurations are the hand's configuration,
  numbered in a table, and suits with the same configuration form a multiset of indices, numbered by the
  combinatorial number system. The hand's number is its configuration's offset plus a mixed-radix
  number of those multiset numbers.

:meth:`HandIndexer.index` and :meth:`HandIndexer.index_boards` run these steps as compiled loops, one hand at
a time (``poker/cards/_isomorphism.c``); the same steps as NumPy array operations over all hands at once are
the readable oracle the tests compare them with, number for number (``tests/oracles.py``).

>>> indexer = HandIndexer.for_street('flop')
>>> indexer.size
1286792
>>> from poker.cards.card import parse_cards
>>> one = [c.index for c in parse_cards('Ah Kh 2c 7d Js')]
>>> two = [c.index for c in parse_cards('As Ks 2h 7c Jd')]
>>> int(indexer.index([one])[0]) == int(indexer.index([two])[0])
True
>>> [HandIndexer.for_street(street).size for street in STREET_ROUNDS]
[169, 1286792, 13960050, 123156254]
>>> HandIndexer((5,)).size, HandIndexer((2, 3, 1, 1)).size   # river boards alone; perfect recall
(134459, 2428287420)
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterable, Sequence

import numpy as np

from ..errors import CardCountError, CardParseError, DuplicateCardError
from ..validators import choice, flag, integer_array, is_whole, shown, whole_number
from . import _isomorphism
from .card import CardLike, format_cards, parse_cards, Card

__all__ = ['BOARD_ROUNDS', 'STREET_ROUNDS', 'HandIndexer']

STREET_ROUNDS: dict[str, tuple[int, ...]] = {'preflop': (2,), 'flop': (2, 3), 'turn': (2, 4), 'river': (2, 5)}
"""The rounds of a hand on each street: the hole cards, then the board as one set.

The board is one round because a strength table does not care which card came on which street (the
strength of ``AhKh`` on ``2c 7d Js 9h`` is the same whichever of the four came last). Waugh's indexer
for perfect recall, ``HandIndexer((2, 3, 1, 1))``, tells the turn and river apart: 55,190,538 turn
and 2,428,287,420 river classes."""

BOARD_ROUNDS: dict[str, tuple[int, ...]] = {'flop': (3,), 'turn': (4,), 'river': (5,)}
"""The rounds of a board alone on each street (1,755 flops, 16,432 turns, 134,459 rivers)."""

_RANKS = 13
_SUITS = 4
_BINOM = np.array([[math.comb(n, k) for k in range(_RANKS + 1)] for n in range(_RANKS + 1)], dtype=np.int64)
_POPCOUNT = np.bitwise_count(np.arange(1 << _RANKS, dtype=np.uint16)).astype(np.int64)


def _card_rows(name: str, cards: object, width: int, what: str) -> np.ndarray:
    """``cards`` as an (N, ``width``) int64 array of distinct card indices (0 to 51) per row, else an error."""
    array = integer_array(name, cards, ndim=2, error=CardParseError)
    if array.shape[1] != width:
        raise CardCountError(f'{what} need an array of shape (N, {width}), got shape {array.shape}')
    array = array.astype(np.int64)
    if array.size and (array.min() < 0 or array.max() > 51):
        row = int(np.argwhere((array < 0) | (array > 51))[0, 0])
        raise CardParseError(f'invalid card index in row {row}: {shown(array[row].tolist())} (expected 0 to 51)')
    ordered = np.sort(array, axis=1)
    repeated = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
    if repeated.any():
        row = int(np.argmax(repeated))
        raise DuplicateCardError(f'duplicate card in row {row}: {shown(array[row].tolist())}')
    return array


@functools.cache
def _colex_unrank_table() -> np.ndarray:
    """``table[m, colex]``: the ``m`` ranks (ascending, -1 padded) of the colex-``colex`` ``m``-set of 0..12."""
    table = np.full((_RANKS + 1, int(_BINOM[_RANKS].max()), _RANKS), -1, dtype=np.int64)
    for size in range(_RANKS + 1):
        for ranks in itertools.combinations(range(_RANKS), size):
            colex = sum(math.comb(rank, place + 1) for place, rank in enumerate(ranks))
            table[size, colex, :size] = ranks
    return table


@functools.cache
def _nth_unset_table() -> np.ndarray:
    """``table[used, n]``: the ``n``-th rank (from 0) not in the 13-bit mask ``used`` (-1 if none)."""
    table = np.full((1 << _RANKS, _RANKS), -1, dtype=np.int64)
    for used in range(1 << _RANKS):
        free = [rank for rank in range(_RANKS) if not used >> rank & 1]
        table[used, :len(free)] = free
    return table


def _comb(top: np.ndarray, choose: np.ndarray) -> np.ndarray:
    """``C(top, choose)`` elementwise for int64 arrays, ``choose`` from 1 to 4 (exact: each step divides)."""
    value = np.ones_like(top)
    for step in range(_SUITS):
        value = np.where(step < choose, value * (top - step) // (step + 1), value)
    return value


class HandIndexer:
    """Numbers hands of the given rounds up to suit permutation, for NumPy arrays of hands.

    ``rounds`` are the card counts of the rounds (at most 7 cards in all). Build one per street with
    :meth:`for_street` (cached). The tables are small and built on first use.

    >>> indexer = HandIndexer((2,))
    >>> indexer.size
    169
    >>> hands = indexer.unindex(np.arange(169))
    >>> bool((indexer.index(hands) == np.arange(169)).all())
    True
    """

    def __init__(self, rounds: Sequence[int]) -> None:
        counts = tuple(rounds)[:8] if isinstance(rounds, (tuple, list)) else ()
        if not counts or any(not is_whole(n) or not 1 <= n <= 7 for n in counts) or sum(counts) > 7:
            raise CardCountError(f'rounds must be positive card counts totalling at most 7, got {shown(rounds)}')
        counts = tuple(int(n) for n in counts)
        self.rounds: tuple[int, ...] = counts
        self.cards: int = sum(counts)
        # rounds are numbered last round first (for hole cards and a board: the board's suit pattern
        # first), so one board's part is worked out once for all the holdings on it (index_boards)
        self._order = counts[::-1]
        starts = np.cumsum((0,) + counts)
        self._columns = np.concatenate([np.arange(starts[r], starts[r + 1]) for r in reversed(range(len(counts)))])
        self._compiled_order = bytes(self._columns.tolist()), bytes(self._order)  # index_hands' columns, sizes
        self._radices = tuple(n + 1 for n in self._order)
        self._codes = math.prod(self._radices)
        self._build_configurations()

    @classmethod
    def for_street(cls, street: str) -> HandIndexer:
        """The (cached) indexer of hole cards and board on ``'preflop'``, ``'flop'``, ``'turn'`` or ``'river'``."""
        return cls._for_street(choice('street', street, STREET_ROUNDS, error=CardCountError))

    @classmethod
    @functools.cache
    def _for_street(cls, street: str) -> HandIndexer:
        return cls(STREET_ROUNDS[street])

    def __repr__(self) -> str:
        return f'{type(self).__name__}({self.rounds!r})'

    # ------------------------------------------------------------------------ configuration table
    def _counts_of(self, code: int) -> list[int]:
        """The per-round card counts of one suit from its configuration code (first round most significant)."""
        counts = []
        for radix in reversed(self._radices):
            counts.append(code % radix)
            code //= radix
        return counts[::-1]

    def _suit_size(self, code: int) -> int:
        """How many rank patterns one suit with this configuration has."""
        size, used = 1, 0
        for count in self._counts_of(code):
            size *= math.comb(_RANKS - used, count)
            used += count
        return size

    def _configurations(self) -> list[tuple[int, ...]]:
        """Every sorted tuple of suit configurations (one code per suit, largest first), in the order of their keys."""
        per_round = [[split for split in itertools.product(range(n + 1), repeat=_SUITS) if sum(split) == n]
                     for n in self._order]
        tuples: set[tuple[int, ...]] = set()
        for splits in itertools.product(*per_round):
            codes: list[int] = []
            for suit in range(_SUITS):
                code = 0
                for radix, split in zip(self._radices, splits):
                    code = code * radix + split[suit]
                codes.append(code)
            tuples.add(tuple(sorted(codes, reverse=True)))
        return sorted(tuples, key=self._pack)

    def _build_configurations(self) -> None:
        """Every sorted tuple of suit configurations, with its offset and per-position multipliers."""
        ordered = self._configurations()
        keys, offsets, group_size, place, multipliers, sizes = [], [], [], [], [], []
        suit_sizes = np.array([self._suit_size(code) for code in range(self._codes)], dtype=np.int64)
        total, largest_shared = 0, 0
        for config in ordered:
            runs = [len(list(run)) for _, run in itertools.groupby(config)]
            firsts = [config[sum(runs[:g])] for g in range(len(runs))]
            counts = [math.comb(int(suit_sizes[code]) + run - 1, run) for code, run in zip(firsts, runs)]
            row_group, row_place, row_multiplier, row_size = [], [], [], []
            for g, run in enumerate(runs):
                later = math.prod(counts[g + 1:])
                for j in range(run):
                    row_group.append(run)
                    row_place.append(j)
                    row_multiplier.append(later)
                    row_size.append(counts[g])
                if run > 1:
                    largest_shared = max(largest_shared, int(suit_sizes[firsts[g]]) + run)
            keys.append(self._pack(config))
            offsets.append(total)
            total += math.prod(counts)
            group_size.append(row_group)
            place.append(row_place)
            multipliers.append(row_multiplier)
            sizes.append(row_size)
        self.size: int = total
        """How many classes of hands there are."""
        self._keys = np.array(keys, dtype=np.int64)
        self._offsets = np.array(offsets, dtype=np.int64)
        self._group = np.array(group_size, dtype=np.int64)
        self._place = np.array(place, dtype=np.int64)
        self._multiplier = np.array(multipliers, dtype=np.int64)
        self._group_count = np.array(sizes, dtype=np.int64)
        self._suit_sizes = suit_sizes
        # the compiled loops' table, one row per configuration: its key and offset, then per sorted suit
        # position the multiset term's C(index + shift, choose) and its multiplier
        self._table = np.ascontiguousarray(np.concatenate(
            [self._keys[:, None], self._offsets[:, None],
             np.stack([self._group - self._place, self._group - 1 - self._place, self._multiplier],
                      axis=2).reshape(len(keys), 3 * _SUITS)], axis=1))
        # C(a, t) for t = 2..4 and every a a multiset of equal suits can need, to invert it by bisection
        self._binom_columns = np.array([[math.comb(a, t) for a in range(largest_shared + 1)]
                                        for t in range(_SUITS + 1)], dtype=np.int64)
        # per suit configuration and round: the card count, ranks used before it, and its place value
        count_table = np.array([self._counts_of(code) for code in range(self._codes)], dtype=np.int64)
        used_before = np.cumsum(count_table, axis=1) - count_table
        radix = _BINOM[_RANKS - used_before, count_table]
        self._round_counts = count_table
        self._round_place = np.cumprod(radix, axis=1) // radix

    def _pack(self, codes: Sequence[int]) -> int:
        key = 0
        for code in codes:
            key = key * self._codes + int(code)
        return key

    # ------------------------------------------------------------------------------------ index
    def read_hands(self, cards: np.ndarray | Sequence[Sequence[int]]) -> np.ndarray:
        """``cards`` as an (N, :attr:`cards`) int64 array of distinct card indices per row, else an error."""
        return _card_rows('cards', cards, self.cards, f'hands of rounds {self.rounds}')

    def index(self, cards: np.ndarray | Sequence[Sequence[int]], *, validate: bool = True) -> np.ndarray:
        """The class number (int64, 0 to :attr:`size` - 1) of each row of card indices, rounds in order.

        ``validate=False`` skips the argument checks for rows known to be good (the table builder); the compiled
        loop still checks each hand, and a bad one is a :class:`~poker.errors.CardParseError` all the same.
        """
        given = self.read_hands(cards) if flag('validate', validate) else cards
        try:
            hands = np.ascontiguousarray(given, dtype=np.int64)
            numbers = np.empty(len(hands), dtype=np.int64)
            _isomorphism.index_hands(hands, *self._compiled_order, self._codes, self._table, numbers)
        except (ValueError, TypeError, OverflowError) as error:  # unvalidated rows that were not good after all
            raise CardParseError(f'{error}: {shown(cards)}') from None
        return numbers

    def index_boards(self, holes: np.ndarray, boards: np.ndarray, *, validate: bool = True) -> np.ndarray:
        """Numbers of hands of rounds ``(2, k)``: every hole pair ``holes[b]`` (B, H, 2) on board ``boards[b]`` (B, k).

        The same as :meth:`index` of the (B*H, 2+k) hands, reshaped (B, H), but each board's suit
        pattern is worked out once: the fast path of the table builder. ``validate=False`` skips the checks of
        the card indices (that they are 0 to 51 and no hand holds one twice) for arrays known to be good.
        """
        holes, boards = self._board_arrays(holes, boards, validate)
        numbers = np.empty(holes.shape[:2], dtype=np.int64)
        if holes.size:
            try:
                _isomorphism.index_boards(np.ascontiguousarray(holes, dtype=np.int64),
                                          np.ascontiguousarray(boards, dtype=np.int64), self.rounds[1], self._codes,
                                          self._table, numbers)
            except ValueError as error:  # unvalidated cards off the deck or repeated (the compiled loop checks)
                raise CardParseError(f'{error}: {shown(boards)}') from None
        return numbers

    def _board_arrays(self, holes: np.ndarray, boards: np.ndarray, validate: bool) -> tuple[np.ndarray, np.ndarray]:
        """The (B, H, 2) holes and (B, k) boards of :meth:`index_boards`, checked, else an error."""
        if len(self.rounds) != 2 or self.rounds[0] != 2:
            raise CardCountError(f'index_boards needs an indexer of rounds (2, k), not {self.rounds}')
        size = self.rounds[1]
        boards = integer_array('boards', boards, ndim=2, error=CardParseError)
        holes = integer_array('holes', holes, ndim=3, error=CardParseError)
        count = boards.shape[0]
        if boards.shape[1] != size or holes.shape[0] != count or holes.shape[2] != 2:
            raise CardCountError(f'index_boards of rounds {self.rounds} needs boards of shape (B, {size}) and holes '
                                 f'of shape (B, H, 2), got {boards.shape} and {holes.shape}')
        if flag('validate', validate) and holes.size:
            hands = np.concatenate([holes, np.broadcast_to(boards[:, np.newaxis, :], holes.shape[:2] + (size,))],
                                   axis=2)
            _card_rows('holes and boards', hands.reshape(-1, 2 + size), 2 + size, f'hands of rounds {self.rounds}')
        return holes, boards

    def read_hand_numbers(self, indices: np.ndarray | Sequence[int]) -> np.ndarray:
        """``indices`` as a 1-D int64 array of class numbers below :attr:`size`, else an error."""
        array = integer_array('hand numbers', indices, ndim=1, error=CardParseError)
        if array.size and (int(array.min()) < 0 or int(array.max()) >= self.size):
            bad = int(array.min()) if int(array.min()) < 0 else int(array.max())
            raise CardParseError(f'hand number {bad} is outside 0..{self.size - 1}')
        return array.astype(np.int64)

    def unindex(self, indices: np.ndarray | Sequence[int]) -> np.ndarray:
        """A representative hand (int8 card indices, each round ascending) of each class number.

        Suits are assigned in sorted order of their configuration: the first suit in that order is
        clubs, so ``unindex`` of ``index(hand)`` is ``hand`` with its suits renamed.
        """
        numbers = self.read_hand_numbers(indices)
        count = len(numbers)
        if not count:
            return np.empty((0, self.cards), dtype=np.int8)
        configuration = np.searchsorted(self._offsets, numbers, side='right') - 1
        remainder = numbers - self._offsets[configuration]
        suit_index = np.zeros((count, _SUITS), dtype=np.int64)
        left = np.zeros(count, dtype=np.int64)
        for position in range(_SUITS):
            group = self._group[configuration, position]
            place = self._place[configuration, position]
            choose = group - place
            rank_in_group = remainder // self._multiplier[configuration, position] \
                % self._group_count[configuration, position]
            left = np.where(place == 0, rank_in_group, left)
            top = left.copy()  # choose == 1: the largest a with C(a, 1) <= left is left itself
            for t in range(2, _SUITS + 1):
                chosen = choose == t
                if chosen.any():
                    top[chosen] = np.searchsorted(self._binom_columns[t], left[chosen], side='right') - 1
            left = left - _comb(top, choose)
            suit_index[:, position] = top - (group - 1 - place)
        keys = self._keys[configuration]
        codes = np.empty((count, _SUITS), dtype=np.int64)
        for position in reversed(range(_SUITS)):
            codes[:, position] = keys % self._codes
            keys = keys // self._codes
        processed = np.empty((count, self.cards), dtype=np.int8)  # columns in processing order
        used = np.zeros((count, _SUITS), dtype=np.int64)
        colex_table, nth_unset = _colex_unrank_table(), _nth_unset_table()
        start = 0
        for number, size in enumerate(self._order):
            cards_in_round = self._round_counts[codes, number]
            radix = _BINOM[_RANKS - _POPCOUNT[used], cards_in_round]
            colex = suit_index // self._round_place[codes, number] % radix
            free_ranks = colex_table[cards_in_round, colex, :size]  # (N, 4, size), -1 padded
            ranks = np.where(free_ranks >= 0, nth_unset[used[..., None], np.maximum(free_ranks, 0)], -1)
            cards = np.where(ranks >= 0, 4 * ranks + np.arange(_SUITS)[None, :, None], -1)
            bits = np.where(ranks >= 0, np.left_shift(1, np.maximum(ranks, 0)), 0)
            used |= np.bitwise_or.reduce(bits, axis=2)
            processed[:, start:start + size] = np.sort(cards.reshape(count, -1), axis=1)[:, -size:]
            start += size
        hands = np.empty_like(processed)
        hands[:, self._columns] = processed
        return hands

    # ------------------------------------------------------------------------------ one hand, as text
    def index_hand(self, *rounds: CardLike | Iterable[CardLike]) -> int:
        """The class number of one hand given as text per round: ``index_hand('AhKh', '2c 7d Js')``.

        The boards of later streets may be given as one round (``'2c 7d Js 9h'`` on the turn): cards
        past the first round are split into the flop, turn and river in the order written.
        """
        parsed = [card.index for part in rounds for card in parse_cards(part)]
        if len(parsed) != self.cards:
            raise CardCountError(f'a hand of rounds {self.rounds} has {self.cards} cards, got {len(parsed)}: '
                                 f'{shown(rounds)}')
        return int(self.index([parsed])[0])

    def canonical_hand(self, number: int) -> tuple[str, ...]:
        """The representative of class ``number`` as text, one string per round, each highest card first."""
        number = whole_number('a hand number', number, maximum=self.size - 1, error=CardParseError)
        cards = self.unindex([number])[0].tolist()
        out, start = [], 0
        for size in self.rounds:
            out.append(format_cards(sorted((Card.from_index(c) for c in cards[start:start + size]), reverse=True)))
            start += size
        return tuple(out)
