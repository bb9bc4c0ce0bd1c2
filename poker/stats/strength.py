"""One hand against one opponent's range on the board as it is: Loki's hand strength, in microseconds.

Hand strength (HS, Papp 1998, ch. 5) is the weighted share of the opponent's possible holdings that a
hand beats now, ties counting half, over the holdings free of every known card. On the river nothing is
to come, so HS is the hand's showdown equity against one opponent drawn from the weights: the question a
bot asks again and again, its hand against each opponent's range, with ranges re-weighted after every
action.

:func:`hand_strength` answers it from the per-board memo of :func:`poker.kernel.board_memo.board_values`: the
first question on a board ranks the 1,081 holdings free of it with one ``ranker.rank_many`` call; every
later question on that board (any hand, any range) ranks nothing and compares values only. A
:class:`~poker.ranges.range.Range` (or ``None``, every holding) is laid out on the board once, its holdings
sorted by value with prefix sums of their weights (:class:`RangeOnBoard`, kept by :func:`on_board` for
the next question): then one hand against it is a few binary searches, whatever the range's width.
Weights in other forms are summed in NumPy. :meth:`Player.calculate_hand_statistics
<poker.stats.player.Player.calculate_hand_statistics>` gives the same ``hs`` (and the counts behind it) with
every opponent model and look-ahead: exactly for whole and half weights; other weights, summed in
another order, may differ in the last bits (a band with nothing in it is exactly 0 either way).

>>> from poker import Range
>>> hand_strength('Ah Kh', 'Kd 7c 2h 9s 9h', Range.parse('QQ+, AKs'))  # (6 + 2/2) / 12
0.5833333333333334
>>> hand_strength('7d 7h', 'Kd 7c 2h 9s 9h')  # a full house against every holding
0.9818181818181818
"""

from __future__ import annotations

import functools
from bisect import bisect_left, bisect_right

import numpy as np

from ..cards.card import Card, format_cards
from ..cards.card_inputs import CardsLike, HoleLike, check_off_board, read_board, read_hole
from ..cards.holdings import HOLDINGS, NUMBER_OF_PAIR
from ..cards.starting_hand import StartingHand
from ..errors import WeightsError
from ..kernel.board_memo import BoardValues, board_values
from ..ranges.range import Range
from ..ranges.weight_inputs import WeightSetLike, read_weights
from ..ranking.ranker import HandRanker
from ..ranking.ranker_inputs import read_ranker

__all__ = ['ON_BOARD_CACHE', 'RangeOnBoard', 'hand_strength', 'on_board']

_SEQUENCES = (tuple, list)


def hand_strength(hole: HoleLike, board: CardsLike, weights: WeightSetLike = None, *,
                  ranker: type[HandRanker] = HandRanker) -> float:
    """The hand strength of ``hole`` on ``board`` (3 to 5 cards) against one opponent holding drawn from ``weights``.

    ``(ahead + tied / 2) / (ahead + tied + behind)``, each opponent holding free of the known cards
    counted by its weight (anything weights accept: a :class:`~poker.ranges.range.Range`, range text, 1,326
    weights, a class mapping; ``None`` for every holding alike). Equal to ``Player(hole,
    board).calculate_hand_statistics(weights=weights).hs``, and on the river to the showdown equity.
    Hands are ranked by ``ranker.rank_many``, once per board and ranker class (see
    :func:`~poker.kernel.board_memo.board_values`). Fastest with a pre-built ``Range`` and cards, asked about
    again (range text is parsed on every call, and an array is summed in NumPy each time).

    >>> hand_strength('Qs Qd', 'Qh 8c 3d 2s Jc', 'AA, KK, T9s')  # a set against overpairs and straights
    0.75
    >>> hand_strength('Qs Qd', 'Qh 8c 3d 2s Jc', 'QQ')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    poker.errors.WeightsError: the weights give no holding any weight once the known cards Qs Qd Qh 8c ... are removed
    """
    ranker = read_ranker(ranker)
    mine_cards = hole.cards if isinstance(hole, StartingHand) else hole
    # the fast path for pre-built cards: one pass, no parsing (anything else, or anything wrong, is
    # read and checked by _checked, which quotes the bad input)
    if isinstance(mine_cards, (tuple, list)) and isinstance(board, (tuple, list)) and type(mine_cards) in _SEQUENCES \
            and type(board) in _SEQUENCES and len(mine_cards) == 2 and 3 <= len(board) <= 5:
        known_cards = [card.index for card in (*mine_cards, *board) if isinstance(card, Card)]
        if len(known_cards) != 2 + len(board) or len(set(known_cards)) != len(known_cards):
            known_cards = _checked(hole, board)
    else:
        known_cards = _checked(hole, board)
    low, high, *indices = known_cards
    known = board_values(indices, ranker)
    if weights is None or isinstance(weights, Range):  # the range's holdings on this board, by value
        ahead, tied, behind = on_board(known, _uniform() if weights is None else weights).counts(low, high)
    else:  # weights in another form: three weighted sums in NumPy
        ahead, tied, behind = known.weigh((low, high), read_weights(weights))[0].tolist()
    total = ahead + tied + behind
    if total <= 0:
        cards = format_cards(Card.from_index(i) for i in (low, high, *indices))
        raise WeightsError(f'the weights give no holding any weight once the known cards {cards} are removed')
    return (ahead + tied / 2) / total


class RangeOnBoard:
    """A range's holdings on one board, sorted by value: :func:`hand_strength` answers from it with a few
    binary searches, whatever the range's width.

    :attr:`values`: the values of the range's holdings free of the board, ascending, and :attr:`prefix`:
    ``prefix[i]`` the weight of the first i of them; :meth:`holding_card`: the same for the ones that hold
    a given card (built on demand, kept). Laid out on the second question (:meth:`counts`): one question
    alone is cheaper summed directly. Built by :func:`on_board`, which keeps the most recent ones.
    """

    __slots__ = ('known', 'range', 'values', 'prefix', '_asked', '_numbers', '_weights', '_pairs', '_by_card')

    def __init__(self, known: BoardValues, weights: Range) -> None:
        self.known, self.range = known, weights
        self.values: list[int] | None = None  # (until laid out)
        self.prefix: list[float] = []
        self._asked = False

    def _lay_out(self) -> None:
        known, weights = self.known, self.range
        numbers = np.flatnonzero((weights.weights > 0) & known.free)
        self._numbers = numbers[np.argsort(known.values[numbers], kind='stable')]
        self._weights = weights.weights[self._numbers]
        self._pairs = HOLDINGS[self._numbers]
        self._by_card: dict[int, tuple[list[int], list[float]]] = {}
        values, self.prefix = self._sorted(np.ones(len(self._numbers), dtype=bool))
        self.values = values  # last: once it is set, everything is (threads may share an entry)

    def _sorted(self, chosen: np.ndarray) -> tuple[list[int], list[float]]:
        """The ``chosen`` holdings' values (ascending) and their weights' prefix sums, as lists."""
        return self.known.values[self._numbers[chosen]].tolist(), [0.0, *np.cumsum(self._weights[chosen]).tolist()]

    def holding_card(self, card: int) -> tuple[list[int], list[float]]:
        """The values and prefix sums (as :attr:`values` and :attr:`prefix`) of the holdings that hold ``card``."""
        found = self._by_card.get(card)
        if found is None:
            pairs = self._pairs
            found = self._by_card[card] = self._sorted((pairs[:, 0] == card) | (pairs[:, 1] == card))
        return found

    def counts(self, low: int, high: int) -> tuple[float, float, float]:
        """The weight of the range's holdings free of ``low``, ``high`` and the board that the holding
        ``low high`` is ahead of, tied with and behind."""
        if self.values is None:
            if not self._asked:  # the first question: weighted sums
                self._asked = True
                ahead, tied, behind = self.known.weigh((low, high), self.range.weights)[0].tolist()
                return ahead, tied, behind
            self._lay_out()
        number = NUMBER_OF_PAIR[low][high]
        mine = self.known.values.item(number)
        # every holding by band (weaker, equal, stronger: two binary searches on the sorted values), less
        # those holding our first card, less those holding our second, plus our own holding, which was in
        # both (and ties us). Holding counts say which bands are empty, so an emptied band is exactly 0
        # whatever rounding the differences of weight sums leave.
        values, prefix = self.values or [], self.prefix
        below, up_to = bisect_left(values, mine), bisect_right(values, mine)
        ahead_count, tied_count, behind_count = below, up_to - below, len(values) - up_to
        ahead, tied, behind = prefix[below], prefix[up_to] - prefix[below], prefix[-1] - prefix[up_to]
        for card in (low, high):
            values, prefix = self.holding_card(card)
            if values:
                below, up_to = bisect_left(values, mine), bisect_right(values, mine)
                ahead_count, tied_count, behind_count = \
                    ahead_count - below, tied_count - (up_to - below), behind_count - (len(values) - up_to)
                ahead, tied, behind = \
                    ahead - prefix[below], tied - (prefix[up_to] - prefix[below]), behind - (prefix[-1] - prefix[up_to])
        own = self.range.weights.item(number)  # our own holding's weight (it is free of the board)
        if own > 0:
            tied_count, tied = tied_count + 1, tied + own
        return (ahead if ahead_count else 0.0, tied if tied_count else 0.0, behind if behind_count else 0.0)


ON_BOARD_CACHE = 64
"""How many (board, range) pairs :func:`on_board` keeps, the oldest first out (a range laid out on a
board takes up to some 80 KB)."""

_ON_BOARD: dict[tuple[int, int], RangeOnBoard] = {}


def on_board(known: BoardValues, weights: Range) -> RangeOnBoard:
    """The :class:`RangeOnBoard` of ``weights`` on the board of ``known``, kept for the next question.

    Keyed by the two objects' identities: an entry holds both, so neither id can be reused while it is
    kept, and a range (immutable) or a board memo entry asked about again is found again.
    """
    key = (id(known), id(weights))
    entry = _ON_BOARD.get(key)
    if entry is None or entry.known is not known or entry.range is not weights:
        entry = RangeOnBoard(known, weights)
        if len(_ON_BOARD) >= ON_BOARD_CACHE:
            _ON_BOARD.pop(next(iter(_ON_BOARD)), None)
        _ON_BOARD[key] = entry
    return entry


@functools.cache
def _uniform() -> Range:
    return Range.uniform()


def _checked(hole: HoleLike, board: CardsLike) -> list[int]:
    """The indices of the hole cards, then the board's (3 to 5 cards), read at the cards wing's door, after
    checking that no card repeats."""
    pair = [card.index for card in read_hole(hole).cards]
    indices = [card.index for card in read_board(board, sizes=(3, 4, 5))]
    check_off_board(pair, indices, hole, board)
    return [*pair, *indices]
