"""Every holding's strength on a board at once: HS now, E[HS], E[HS^2] and the histogram of final strength.

For a board of 3, 4 or 5 cards, :func:`board_strengths` answers, for each of the holdings of two unseen
cards, against one opponent holding uniformly random among the cards left:

* ``hs``: the hand strength now, ``(wins + ties/2) / opponents``;
* ``equity``: E[HS], the showdown equity over uniform runouts to the river (the mean final ``hs``);
* ``mean_squared_strength``: E[HS^2], the mean of the square of the final ``hs`` over the runouts;
* ``histogram``: how many runouts end with the final ``hs`` in each of ``bins`` equal bins of [0, 1]
  (the last bin holds 1.0); none on the river, where nothing is to come.

It is the range engine with every holding on both sides: each board is one call of
:func:`poker.kernel.range_passes.range_tally` with ``transitions=False`` (which takes the kernel's sorted pass
unless ``method`` names another: every final hand ranked once through ``ranker.rank_many``, a sort per
final board with card-removal corrections), and the strength after each runout is summarised by
:func:`poker.stats.range_stats.summarise_runouts` and binned by :func:`~poker.stats.range_stats.runout_histogram`,
as :func:`~poker.stats.range_stats.range_statistics` does. So the tables and the range statistics are one computation, and a ranker subclass changes both.
For HandRanker itself (``ranker.INLINE_RANKING``) and ``method='auto'``, the same numbers come from the
compiled range pass in one call for a whole batch of boards (``poker.kernel._ranges.board_strengths``: the
walk of :mod:`~poker.kernel.compiled_pass`, summarised as it goes, with no (holding, runout) arrays; on the river
one sort and one sweep of whole counts per board), and one board is that call without a batch around it;
the tests compare it with the passes above, through a ranker subclass.

>>> from poker.cards.card import parse_cards
>>> board = [card.index for card in parse_cards('2c 7d Js')]
>>> result = board_strengths(board)
>>> len(result.holdings), result.opponents, result.runouts
(1176, 990, 1081)
>>> row = result.row('Ah Kh')
>>> round(float(result.hs[row]), 4), round(float(result.equity[row]), 4), int(result.histogram[row].sum())
(0.5962, 0.5474, 1081)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import cast

import attrs
import numpy as np
from attrs import field, frozen

from ..cards.card import Card
from ..cards.card_inputs import CardsLike, HoleLike, read_board, read_hole
from ..cards.holdings import HOLDING_COUNT
from ..errors import CardCountError, CardParseError, DuplicateCardError, SettingError
from ..kernel.compiled_pass import compiled_board_strengths
from ..kernel.range_passes import range_tally
from ..ranking.ranker import HandRanker
from ..ranking.ranker_inputs import read_ranker
from ..validators import (
    RANGE_PASSES, RangePass, brief, frozen_array, integer_array, is_whole, read_method, reading, shown,
    whole_number,
)
from .range_stats import MAX_BINS, runout_histogram, summarise_runouts

__all__ = ['BoardStrengths', 'board_strengths', 'boards_strengths']

DEFAULT_BINS = 50
_EVERY_HOLDING = np.ones(HOLDING_COUNT)
_EVERY_HOLDING.flags.writeable = False
_SIZES = {size: (math.comb(52 - size, 2), math.comb(52 - size - 2, 5 - size)) for size in (3, 4, 5)}
"""Per board size, the holdings off the board and the runouts each sees."""
_OPPONENTS = math.comb(52 - 5 - 2, 2)
"""The holdings each holding meets at the end: those free of the river and of it."""


@frozen(eq=False)
class BoardStrengths:
    """The strengths of every holding on one board, or on each of a batch of boards (a leading axis).

    ``holdings`` are the holding numbers (0 to 1,325, in :data:`~poker.cards.holdings.HOLDINGS` order) of
    the rows; ``hs``, ``equity`` and ``mean_squared_strength`` are float64 per row; ``histogram`` counts runouts per
    bin (None on the river). ``opponents`` is how many holdings each meets at the end, ``runouts`` how
    many runouts each sees (1 on the river).
    """

    __repr__ = brief

    boards: np.ndarray = field(converter=reading(frozen_array))  # type: ignore[misc]
    holdings: np.ndarray = field(converter=reading(frozen_array))  # type: ignore[misc]
    hs: np.ndarray = field(converter=reading(frozen_array))  # type: ignore[misc]
    equity: np.ndarray = field(converter=reading(frozen_array))  # type: ignore[misc]
    mean_squared_strength: np.ndarray = field(converter=reading(frozen_array))  # type: ignore[misc]
    histogram: np.ndarray | None = field(converter=reading(frozen_array, optional=True))  # type: ignore[misc]
    opponents: int = field(converter=reading(whole_number))  # type: ignore[misc]
    runouts: int = field(converter=reading(whole_number))  # type: ignore[misc]

    def row(self, hole: HoleLike, board: int = 0) -> int:
        """The row of a holding (text or cards) on the ``board``-th board of the batch."""
        number = read_hole(hole).holding_index
        boards = len(self.boards) if self.boards.ndim == 2 else 1
        board = whole_number('board', board, maximum=boards - 1, error=SettingError)
        found = np.flatnonzero(self.holdings[board] == number) if self.boards.ndim == 2 \
            else np.flatnonzero(self.holdings == number)
        if not found.size:
            raise DuplicateCardError(f'holding {shown(hole)} shares a card with the board')
        return int(found[0])


def _read_boards(boards: np.ndarray | Sequence[Sequence[int]]) -> np.ndarray:
    array = integer_array('boards', boards, error=CardParseError)
    if array.ndim != 2 or array.shape[1] not in (3, 4, 5):
        raise CardCountError(f'boards must be an array of shape (B, 3..5), got shape {array.shape}')
    if array.size and array.dtype.kind not in 'iu':
        raise CardParseError(f'board card indices must be integers, got dtype {array.dtype}')
    if array.size and (array.min() < 0 or array.max() > 51):
        raise CardParseError(f'invalid card index in boards (expected 0 to 51): {shown(array.min())}..'
                             f'{shown(array.max())}')
    ordered = np.sort(array, axis=1)
    if (ordered[:, 1:] == ordered[:, :-1]).any():
        raise DuplicateCardError('a board holds the same card twice')
    return ordered.astype(np.intp)


def boards_strengths(boards: np.ndarray | Sequence[Sequence[int]], *, bins: int = DEFAULT_BINS,
                     ranker: type[HandRanker] = HandRanker, method: RangePass = 'auto') -> BoardStrengths:
    """:func:`board_strengths` for a batch of boards of one size, (B, k) card indices, at once."""
    method = read_method(method, RANGE_PASSES)
    bins = whole_number('bins', bins, minimum=1, maximum=MAX_BINS, error=SettingError)
    ranker = read_ranker(ranker)
    board_cards = _read_boards(boards)
    size = board_cards.shape[1]
    if method == 'auto' and ranker.INLINE_RANKING:  # HandRanker itself: every board at once, in C
        count = len(board_cards)
        numbers, hs, equity, mean_squared_strength, histogram = _compiled_strengths(
            board_cards.astype(np.uint8).tobytes(), count, size, bins, count, _SIZES[size][0])
    else:
        numbers, hs, equity, mean_squared_strength, histogram = _passes_strengths(board_cards, bins, ranker, method)
    return BoardStrengths(board_cards, numbers, hs, equity, mean_squared_strength, histogram, _OPPONENTS,
                          _SIZES[size][1])


_Strengths = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray | None]


def _compiled_strengths(board_cards: bytes, count: int, size: int, bins: int, *shape: int) -> _Strengths:
    """:func:`boards_strengths`'s arrays for HandRanker itself: one call of the compiled range pass
    (``poker.kernel._ranges.board_strengths``) for ``count`` boards of ``size`` sorted cards (``board_cards``), the
    summaries made as :func:`~poker.stats.range_stats.summarise_runouts` and
    :func:`~poker.stats.range_stats.runout_histogram` make them, without the (holding, runout) arrays; each array
    of the given ``shape`` (count, holdings) or (holdings,) for one board, the histogram with ``bins`` more."""
    hs, equity, mean_squared_strength = np.empty(shape), np.empty(shape), np.empty(shape)
    numbers = np.empty(shape, dtype=np.int64)  # the rows' holding numbers, ascending per board
    histogram = np.empty((*shape, bins), dtype=np.int64) if size < 5 else None
    compiled_board_strengths(board_cards, size, bins, hs, equity, mean_squared_strength, histogram, numbers)
    return numbers, hs, equity, mean_squared_strength, histogram


def _passes_strengths(board_cards: np.ndarray, bins: int, ranker: type[HandRanker], method: RangePass
                      ) -> _Strengths:
    """:func:`boards_strengths`'s arrays through the range passes (a ranker subclass, or a ``method`` named):
    a :func:`~poker.kernel.range_passes.range_tally` per board, summarised by
    :func:`~poker.stats.range_stats.summarise_runouts` and :func:`~poker.stats.range_stats.runout_histogram`."""
    count, size = board_cards.shape
    lookahead = 5 - size
    holdings = math.comb(52 - size, 2)
    numbers = np.empty((count, holdings), dtype=np.intp)
    hs, equity, mean_squared_strength = (np.empty((count, holdings)) for _ in range(3))
    histogram = np.empty((count, holdings, bins), dtype=np.int64) if lookahead else None
    for board, cards in enumerate(board_cards.tolist()):
        tally = range_tally(cards, lookahead, _EVERY_HOLDING, _EVERY_HOLDING, ranker, transitions=False,
                            method=method)
        numbers[board] = tally.holdings
        hs[board] = (tally.now[:, 0] + tally.now[:, 1] / 2) / tally.now.sum(axis=1)
        if histogram is None:  # the river: the strength now is the final one
            equity[board], mean_squared_strength[board] = hs[board], hs[board] ** 2
            continue
        # every runout free of a holding meets the same number of opponents: counting runouts is weighing them
        valid = (tally.total > 0).astype(np.float64)
        equity[board], mean_squared_strength[board] = summarise_runouts(tally.score, tally.total)
        histogram[board] = np.rint(runout_histogram(tally.score, tally.total, bins, valid)).astype(np.int64)
    return numbers, hs, equity, mean_squared_strength, histogram


def _board_indices(board: CardsLike | Sequence[int]) -> tuple[list[int], bool]:
    """The card indices of a board given as text, cards or indices, and whether they are known to be a board (3 to 5
    distinct cards); indices given as numbers are checked only with the batch, unless they are plain ints."""
    if type(board) is list or type(board) is tuple:
        if all(type(card) is Card for card in board):  # cards, read already
            indices = [card.index for card in cast('Sequence[Card]', board)]
        elif all(type(card) is int for card in board):
            indices = list(cast('Sequence[int]', board))
            if indices and (min(indices) < 0 or max(indices) > 51):
                return indices, False
        else:
            indices = []
        if 3 <= len(indices) <= 5 and len(set(indices)) == len(indices):
            return indices, True  # (else read below, which says what is wrong)
    if isinstance(board, np.ndarray) or (isinstance(board, (list, tuple)) and board and all(
            is_whole(card) for card in board)):
        return cast('list[int]', integer_array('board', board, ndim=1, error=CardParseError).tolist()), False
    return [card.index for card in read_board(cast('CardsLike', board), sizes=(3, 4, 5))], True


_FIELDS = tuple(field.name for field in attrs.fields(BoardStrengths))


def _one_board(cards: list[int], bins: int) -> BoardStrengths:
    """:func:`board_strengths` of one board of sorted distinct ``cards`` for HandRanker itself: one call of the compiled
    range pass into arrays made here, then read-only (on the river E[HS] is HS: one array for both)."""
    size = len(cards)
    holdings, runouts = _SIZES[size]
    hs, mean_squared_strength, numbers = np.empty(holdings), np.empty(holdings), np.empty(holdings, dtype=np.int64)
    equity = hs if size == 5 else np.empty(holdings)
    histogram = np.empty((holdings, bins), dtype=np.int64) if size < 5 else None
    compiled_board_strengths(bytes(cards), size, bins, hs, equity, mean_squared_strength, histogram, numbers)
    board = np.array(cards, dtype=np.int64)
    for array in (board, numbers, hs, mean_squared_strength) if histogram is None else (
            board, numbers, hs, equity, mean_squared_strength, histogram):
        array.setflags(write=False)
    made = object.__new__(BoardStrengths)  # (its constructor is the door for values built by hand: these are known)
    for name, value in zip(_FIELDS, (board, numbers, hs, equity, mean_squared_strength, histogram, _OPPONENTS,
                                     runouts)):
        object.__setattr__(made, name, value)
    return made


def board_strengths(board: CardsLike | Sequence[int], *, bins: int = DEFAULT_BINS,
                    ranker: type[HandRanker] = HandRanker, method: RangePass = 'auto') -> BoardStrengths:
    """HS, E[HS], E[HS^2] and the final-strength histogram of every holding on one board (3 to 5 cards).

    ``board`` is text (``'2c 7d Js'``), cards, or card indices. The rows are the holdings of two cards
    not on the board, in :data:`~poker.cards.holdings.HOLDINGS` order (``holdings`` gives their numbers).
    ``method`` is the kernel's range pass (:func:`~poker.kernel.range_passes.range_tally`): ``'auto'``
    counts in C for HandRanker itself, else as ``'sorted'``; ``'sorted'`` sorts each final board, ``'grid'`` counts the same numbers by its grids (slower: it splits
    the transitions too); ``'narrow'`` cannot count every holding against every holding (a
    :class:`~poker.errors.SettingError`).
    """
    indices, known = _board_indices(board)
    method = read_method(method, RANGE_PASSES)
    bins = whole_number('bins', bins, minimum=1, maximum=MAX_BINS, error=SettingError)
    ranker = read_ranker(ranker)
    if known and method == 'auto' and ranker.INLINE_RANKING:  # one good board, in C: no batch around it
        return _one_board(sorted(indices), bins)
    result = boards_strengths([indices], bins=bins, ranker=ranker, method=method)  # (which says what is wrong)
    return BoardStrengths(result.boards[0], result.holdings[0], result.hs[0], result.equity[0],
                          result.mean_squared_strength[0], None if result.histogram is None else result.histogram[0],
                          result.opponents, result.runouts)
