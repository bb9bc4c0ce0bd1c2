"""Every holding's strength on a board at once: HS now, EHS, E[HS^2] and the histogram of final strength.

For a board of 3, 4 or 5 cards, :func:`board_strengths` answers, for each of the holdings of two unseen
cards, against one opponent holding uniformly random among the cards left:

* ``hs``: the hand strength now, ``(wins + ties/2) / opponents``;
* ``ehs``: the showdown equity over uniform runouts to the river (the mean final ``hs``);
* ``ehs_squared``: the mean of the square of the final ``hs`` over the runouts;
* ``histogram``: how many runouts end with the final ``hs`` in each of ``bins`` equal bins of [0, 1]
  (the last bin holds 1.0); none on the river, where nothing is to come.

It is the "range engine" way: nothing loops over holdings. Only the ``n`` unseen cards matter, so the
work is laid out by *positions* 0..n-1 among them, in index tables built once per street. Every final
hand is ranked once through ``ranker.rank_many`` (an opponent's final hand depends only on the set of
its hole cards and the runout), and the strengths of all holdings on one final board come from a sort
with card-removal corrections (:func:`poker.showdowns.holding_showdowns`).

>>> from poker.card import parse_cards
>>> board = [card.index for card in parse_cards('2c 7d Js')]
>>> result = board_strengths(board)
>>> len(result.holdings), result.opponents, result.runouts
(1176, 990, 1081)
>>> row = result.row('Ah Kh')
>>> round(float(result.hs[row]), 4), round(float(result.ehs[row]), 4), int(result.histogram[row].sum())
(0.5962, 0.5474, 1081)
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence

import numpy as np
from attrs import field, frozen

from .card import CardLike, parse_cards
from .enumeration import _array as _frozen_array  # read-only array converter shared with the engine
from .errors import CardCountError, CardParseError, DuplicateCardError, SettingError
from .holdings import pair_numbers
from .hand_ranker import HandRanker
from .showdowns import holding_showdowns, pairs_of
from .range_statistics import MAX_BINS
from .starting_hand import holding_index
from .validators import integer_array, shown, whole_number

__all__ = ['BoardStrengths', 'board_strengths', 'boards_strengths', 'strength_layout']

DEFAULT_BINS = 50


@frozen(eq=False)
class StrengthLayout:
    """The index tables of one board size: which positions among the ``n`` unseen cards form what.

    ``runouts`` (R, L) are the sets of L positions still to come; ``sets`` (S, L+2) every set of an
    opponent's hole cards and a runout together, in colex order; for runout ``r`` and the ``h``-th
    holding of the positions it leaves, ``holding_of[r, h]`` is that holding's number among the pairs of
    all ``n`` positions and ``set_of[r, h]`` the number of the set it makes with the runout.
    """

    unseen: int
    lookahead: int
    runouts: np.ndarray = field(converter=_frozen_array)
    sets: np.ndarray = field(converter=_frozen_array)
    holding_of: np.ndarray = field(converter=_frozen_array)
    set_of: np.ndarray = field(converter=_frozen_array)

    @property
    def runouts_per_holding(self) -> int:
        """How many runouts each holding sees (those sharing no card with it)."""
        return math.comb(self.unseen - 2, self.lookahead)

    @property
    def opponents(self) -> int:
        """How many opponent holdings each holding meets on the final board."""
        return math.comb(self.unseen - 2 - self.lookahead, 2)


def _colex(positions: np.ndarray) -> np.ndarray:
    """The colex number of each row of ascending positions: the sum of C(p_i, i+1)."""
    total = np.zeros(positions.shape[0], dtype=np.int64)
    for place, column in enumerate(positions.T):
        total += np.array([math.comb(int(p), place + 1) for p in range(int(column.max()) + 1)])[column]
    return total


@functools.cache
def strength_layout(board_size: int) -> StrengthLayout:
    """The (cached) index tables for boards of ``board_size`` cards (3, 4 or 5)."""
    if board_size not in (3, 4, 5):
        raise CardCountError(f'a board for strengths has 3, 4 or 5 cards, got {board_size}')
    unseen, lookahead = 52 - board_size, 5 - board_size
    runout_list = list(itertools.combinations(range(unseen), lookahead))
    runouts = np.array(runout_list, dtype=np.intp).reshape(len(runout_list), lookahead)
    sets = np.array(list(itertools.combinations(range(unseen), lookahead + 2)), dtype=np.intp)
    sets = sets[np.argsort(_colex(sets))]
    rest_pairs = pairs_of(unseen - lookahead)
    holding_of = np.empty((len(runouts), len(rest_pairs)), dtype=np.intp)
    set_of = np.empty_like(holding_of)
    for number, runout in enumerate(runouts):
        rest = np.setdiff1d(np.arange(unseen), runout)
        low, high = rest[rest_pairs[:, 0]], rest[rest_pairs[:, 1]]
        holding_of[number] = low * (2 * unseen - low - 1) // 2 + high - low - 1
        members = np.sort(np.column_stack([np.broadcast_to(runout, (len(low), lookahead)), low, high]), axis=1)
        set_of[number] = _colex(members)
    return StrengthLayout(unseen, lookahead, runouts, sets, holding_of, set_of)


@frozen(eq=False)
class BoardStrengths:
    """The strengths of every holding on one board, or on each of a batch of boards (a leading axis).

    ``holdings`` are the holding numbers (0 to 1,325, in :data:`~poker.starting_hand.HOLDINGS` order) of
    the rows; ``hs``, ``ehs`` and ``ehs_squared`` are float64 per row; ``histogram`` counts runouts per
    bin (None on the river). ``opponents`` is how many holdings each meets at the end, ``runouts`` how
    many runouts each sees (1 on the river).
    """

    boards: np.ndarray = field(converter=_frozen_array)
    holdings: np.ndarray = field(converter=_frozen_array)
    hs: np.ndarray = field(converter=_frozen_array)
    ehs: np.ndarray = field(converter=_frozen_array)
    ehs_squared: np.ndarray = field(converter=_frozen_array)
    histogram: np.ndarray | None
    opponents: int
    runouts: int

    def row(self, hole: str | Sequence[CardLike], board: int = 0) -> int:
        """The row of a holding (text or cards) on the ``board``-th board of the batch."""
        cards = parse_cards(hole)
        if len(cards) != 2:
            raise CardCountError(f'a holding has 2 cards, got {len(cards)}: {hole!r}')
        number = holding_index(cards[0].index, cards[1].index)
        found = np.flatnonzero(self.holdings[board] == number) if self.boards.ndim == 2 \
            else np.flatnonzero(self.holdings == number)
        if not found.size:
            raise DuplicateCardError(f'holding {hole!r} shares a card with the board')
        return int(found[0])


def _check_boards(boards: np.ndarray | Sequence[Sequence[int]]) -> np.ndarray:
    array = integer_array('boards', boards, error=CardParseError)
    if array.ndim != 2 or array.shape[1] not in (3, 4, 5):
        raise CardCountError(f'boards must be an array of shape (B, 3..5), got shape {array.shape}')
    if array.size and array.dtype.kind not in 'iu':
        raise CardParseError(f'board card indices must be integers, got dtype {array.dtype}')
    if array.size and (array.min() < 0 or array.max() > 51):
        raise CardParseError(f'invalid card index in boards (expected 0 to 51): {array.min()}..{array.max()}')
    ordered = np.sort(array, axis=1)
    if (ordered[:, 1:] == ordered[:, :-1]).any():
        raise DuplicateCardError('a board holds the same card twice')
    return ordered.astype(np.intp)


def boards_strengths(boards: np.ndarray | Sequence[Sequence[int]], *, bins: int = DEFAULT_BINS,
                     ranker: type[HandRanker] = HandRanker) -> BoardStrengths:
    """:func:`board_strengths` for a batch of boards of one size, (B, k) card indices, at once."""
    bins = whole_number('bins', bins, minimum=1, maximum=MAX_BINS, error=SettingError)
    board_cards = _check_boards(boards)
    count, size = board_cards.shape
    layout = strength_layout(size)
    # the unseen cards of each board, ascending: position p of board b is card unseen[b, p]
    present = np.zeros((count, 52), dtype=bool)
    present[np.arange(count)[:, None], board_cards] = True
    unseen = np.nonzero(~present)[1].reshape(count, layout.unseen)
    pairs = pairs_of(layout.unseen)
    holdings = unseen[:, pairs]                                    # (B, H, 2) cards
    now = _rank(ranker, board_cards, holdings)                     # (B, H)
    beaten, tied = holding_showdowns(now)
    now_opponents = math.comb(layout.unseen - 2, 2)
    hs = (beaten + tied / 2) / now_opponents
    numbers = pair_numbers(holdings[..., 0], holdings[..., 1])
    if layout.lookahead == 0:
        return BoardStrengths(board_cards, numbers, hs, hs, hs * hs, None, now_opponents, 1)
    ehs = np.empty_like(hs)
    ehs_squared = np.empty_like(hs)
    histogram = np.empty(hs.shape + (bins,), dtype=np.int64)
    scale = 2 * layout.opponents            # the final strength is (2 wins + ties) / scale, exactly
    per_holding = layout.runouts_per_holding
    flat_holdings = layout.holding_of.ravel()
    for board in range(count):
        set_values = _rank(ranker, board_cards[board:board + 1], unseen[board][layout.sets][None])[0]
        final = set_values[layout.set_of]                         # (R, H'): every holding on every runout
        won, drawn = holding_showdowns(final)
        doubled = (2 * won + drawn).ravel()
        total = np.bincount(flat_holdings, weights=doubled, minlength=len(pairs))
        squares = np.bincount(flat_holdings, weights=doubled.astype(np.float64) ** 2, minlength=len(pairs))
        ehs[board] = total / (per_holding * scale)
        ehs_squared[board] = squares / (per_holding * scale * scale)
        bin_of = np.minimum(doubled * bins // scale, bins - 1)
        histogram[board] = np.bincount(flat_holdings * bins + bin_of, minlength=len(pairs) * bins) \
            .reshape(len(pairs), bins)
    return BoardStrengths(board_cards, numbers, hs, ehs, ehs_squared, histogram, layout.opponents, per_holding)


def _rank(ranker: type[HandRanker], boards: np.ndarray, extra: np.ndarray) -> np.ndarray:
    """Values of each board (B, k) with each row of ``extra`` (B, M, j) cards: (B, M), via ``rank_many``."""
    count, rows = extra.shape[:2]
    cards = np.concatenate([np.broadcast_to(boards[:, None, :], (count, rows, boards.shape[1])), extra], axis=2)
    return ranker.rank_many(cards.reshape(count * rows, -1), validate=False).reshape(count, rows)


def board_strengths(board: str | Sequence[CardLike] | Sequence[int], *, bins: int = DEFAULT_BINS,
                    ranker: type[HandRanker] = HandRanker) -> BoardStrengths:
    """HS, EHS, E[HS^2] and the final-strength histogram of every holding on one board (3 to 5 cards).

    ``board`` is text (``'2c 7d Js'``), cards, or card indices. The rows are the holdings of two cards
    not on the board, in :data:`~poker.starting_hand.HOLDINGS` order (``holdings`` gives their numbers).
    """
    if isinstance(board, str) or (isinstance(board, Sequence) and not all(
            isinstance(card, (int, np.integer)) and not isinstance(card, bool) for card in board)):
        indices = [card.index for card in parse_cards(board)]  # type: ignore[arg-type]
    else:
        indices = integer_array('board', board, ndim=1, error=CardParseError).tolist()
    result = boards_strengths([indices], bins=bins, ranker=ranker)
    return BoardStrengths(result.boards[0], result.holdings[0], result.hs[0], result.ehs[0],
                          result.ehs_squared[0], None if result.histogram is None else result.histogram[0],
                          result.opponents, result.runouts)
