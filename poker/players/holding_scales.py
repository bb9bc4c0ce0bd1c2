"""The scales a modelling seat ranks an opponent's holdings on (Papp 1998, section 7.3): IR7 before the flop,
EHS' after it (exact one-opponent HS and a fast count of outs, :func:`fast_potentials`), cached per board so
every seat at a table shares one computation.

>>> scale = preflop_scale()
>>> from poker.cards.starting_hand import StartingHand
>>> bool(scale[StartingHand('Ah As').holding_index] > scale[StartingHand('7c 2d').holding_index])
True
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence

import numpy as np

from ..cards.card import Card, parse_cards  # noqa: F401  (parse_cards: doctests)
from ..cards.card_inputs import read_indices
from ..cards.holdings import HOLDING_COUNT, HOLDINGS
from ..cards.income_rates import income_rate_table
from ..cards.starting_hand import CLASS_OF_HOLDING
from ..kernel.compiled_pass import compiled_board_strengths
from ..ranges.weights import known_holdings
from ..ranking.ranker import HandRanker
from ..ranking.ranker_inputs import read_ranker

__all__ = ['SCALED_BOARDS', 'fast_potentials', 'holding_scale', 'preflop_scale']

SCALED_BOARDS = 256
"""How many boards' scales (and their orders) are kept: a match's block of 50 deals, every seating in turn, sees
at most 150 boards before they come round again (about 30 kB a board)."""


@functools.cache
def preflop_scale() -> np.ndarray:
    """IR7 of each of the 1,326 holdings (Papp ranks pre-flop actions on IR7 whatever the table size)."""
    table = income_rate_table(6)
    rates: np.ndarray = np.array([rate for row in table for rate in row], dtype=float)[CLASS_OF_HOLDING]
    rates.flags.writeable = False
    return rates


@functools.cache
def _straight_completers() -> np.ndarray:
    """For each 13-bit rank mask: the ranks not in it that would complete a straight (0 if it has one)."""
    masks = np.arange(1 << 13)

    def straight(m: np.ndarray) -> np.ndarray:
        low = (m << 1) | ((m >> 12) & 1)  # the ace also plays low
        run = low & (low >> 1) & (low >> 2) & (low >> 3) & (low >> 4)
        return np.asarray(run != 0)

    made = straight(masks)
    count = np.zeros(len(masks), dtype=np.int8)
    for rank in range(13):
        bit = 1 << rank
        count += ((masks & bit) == 0) & straight(masks | bit)
    count[made] = 0
    result: np.ndarray = count
    return result


def fast_potentials(board: Sequence[int]) -> np.ndarray:
    """A fast estimate of each holding's positive potential on ``board`` (Papp's PPOT_c: counting outs).

    Outs: 9 for a flush draw the holding takes part in, 4 for each rank that completes a straight the
    board alone would not, 1.5 for each hole card above every board card (3 cards pair it, counted
    half). With ``o`` outs among the ``u`` unseen cards: ``1 - (1 - o/u)(1 - o/(u-1))`` on the flop (two
    cards to come), ``o/u`` on the turn, 0 on the river. Holdings with a board card get 0 (no NaN:
    :func:`~poker.ranges.weights.known_holdings` tells which they are).
    """
    return _fast_potentials(read_indices('board', board, sizes=(3, 4, 5)))


@functools.cache
def _hole_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """What :func:`fast_potentials` needs of each holding whatever the board: how many of its cards are of each
    suit (1326, 4), its two ranks' bits, its ranks (1326, 2) and whether it is a pair."""
    hole_ranks = HOLDINGS >> 2
    from_hole = (HOLDINGS[:, :, None] & 3 == np.arange(4)).sum(axis=1)
    rank_bits = (1 << hole_ranks[:, 0].astype(np.int64)) | (1 << hole_ranks[:, 1].astype(np.int64))
    unpaired = ~(hole_ranks[:, 0] == hole_ranks[:, 1])
    for table in (from_hole, rank_bits, hole_ranks, unpaired):
        table.flags.writeable = False
    return from_hole, rank_bits, hole_ranks, unpaired


def _fast_potentials(cards: tuple[int, ...]) -> np.ndarray:
    """:func:`fast_potentials` of a board read (3 to 5 distinct card indices)."""
    if len(cards) == 5:
        return np.zeros(HOLDING_COUNT)
    outs = _fast_outs(cards)
    unseen = 52 - len(cards) - 2
    ppot = 1 - (1 - outs / unseen) * (1 - outs / (unseen - 1)) if len(cards) == 3 else outs / unseen
    result: np.ndarray = np.clip(ppot, 0.0, 1.0)
    result[known_holdings(cards)] = 0.0
    return result


def _fast_outs(cards: tuple[int, ...]) -> np.ndarray:
    """The outs :func:`fast_potentials` counts for each holding on a board read of 3 or 4 cards (9 for a flush draw,
    4 per rank completing a straight the board alone would not, 1.5 per overcard; whatever a holding with a board
    card gets, :func:`fast_potentials` gives it 0)."""
    from_hole, rank_bits, hole_ranks, unpaired = _hole_tables()
    board_suits = np.bincount(np.array(cards, dtype=np.intp) & 3, minlength=4)
    suited = board_suits + from_hole
    flush_draw = ((suited == 4) & (from_hole > 0)).any(axis=1) & ~(suited >= 5).any(axis=1)
    board_mask = 0
    for card in cards:
        board_mask |= 1 << (card >> 2)
    completers = _straight_completers()
    straight_ranks = np.maximum(completers[board_mask | rank_bits] - completers[board_mask], 0)
    top = max(card >> 2 for card in cards)
    over = ((hole_ranks > top).sum(axis=1)) * unpaired
    outs: np.ndarray = 9.0 * flush_draw + 4.0 * straight_ranks + 1.5 * over
    return outs


def _hand_strengths(board: Sequence[int], ranker: type[HandRanker]) -> np.ndarray:
    """Each holding's exact HS against every other holding on ``board`` (0 where it holds a board card). On the river
    with :class:`HandRanker` itself, the compiled river pass (:func:`_river_strengths`: the same counts and the same
    division, so the same bits); otherwise each holding ranked by ``ranker.rank_many`` and compared with every other
    (:func:`_showdown_counts`, the whole counts of :func:`~poker.kernel.showdowns.holding_showdowns`)."""
    if len(board) == 5 and ranker is HandRanker:
        return _river_strengths(board)
    touching = known_holdings(board)
    live = np.flatnonzero(~touching)
    rows = np.empty((len(live), 2 + len(board)), dtype=np.intp)
    rows[:, :2] = HOLDINGS[live]
    rows[:, 2:] = board
    # the holdings without a board card, in holding order, are the pairs of the cards left in combinations order:
    # every one against every one is the showdown of those pairs alone, in whole counts
    beaten, tied = _showdown_counts(ranker.rank_many(rows, validate=False), rows[:, :2])
    opponents = math.comb(50 - len(board), 2)  # every live holding meets the same number of others
    result = np.zeros(HOLDING_COUNT)
    result[live] = (beaten + tied / 2) / opponents
    return result


def _showdown_counts(values: np.ndarray, holes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each holding (its value and its two cards, ``holes``, among holdings of distinct pairs of cards): how many
    of the others it beats and ties, those sharing a card left out. The whole counts of
    :func:`~poker.kernel.showdowns.holding_showdowns` (same integers), by counting: the values numbered densely, the
    holdings of each number counted, and of each number and card, so that a holding beats those of lower numbers
    less those of lower numbers that hold one of its cards (none holds both but itself).

    >>> values = np.array([3, 1, 3, 2, 5, 1])       # the 6 pairs of cards 0-3: (0 1) (0 2) (0 3) (1 2) (1 3) (2 3)
    >>> holes = np.array([[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]])
    >>> [counts.tolist() for counts in _showdown_counts(values, holes)]    # each meets the one pair left
    [[1, 0, 1, 0, 1, 0], [0, 0, 0, 0, 0, 0]]
    """
    unique, dense = np.unique(values, return_inverse=True)
    numbers = len(unique)
    dense = dense.reshape(-1).astype(np.intp)
    first, second = holes[:, 0].astype(np.intp), holes[:, 1].astype(np.intp)
    per_number = np.bincount(dense, minlength=numbers)
    below = np.cumsum(per_number) - per_number
    size = 52 * numbers
    per_card = (np.bincount(first * numbers + dense, minlength=size)
                + np.bincount(second * numbers + dense, minlength=size)).reshape(52, numbers)
    card_below = np.cumsum(per_card, axis=1) - per_card
    at_first, at_second = first * numbers + dense, second * numbers + dense
    beaten = below[dense] - card_below.ravel()[at_first] - card_below.ravel()[at_second]
    tied = per_number[dense] - per_card.ravel()[at_first] - per_card.ravel()[at_second] + 1
    return beaten, tied


def _river_strengths(board: Sequence[int]) -> np.ndarray:
    """:func:`_hand_strengths` of a sorted river board for :class:`HandRanker` itself, from the compiled pass of
    :func:`~poker.stats.boards.board_strengths` (each holding off the board ranked inline, sorted, and swept with card
    removal: ``(beaten + tied / 2) / opponents`` of the same whole counts)."""
    holdings = math.comb(52 - len(board), 2)
    hs, squared, numbers = np.empty(holdings), np.empty(holdings), np.empty(holdings, dtype=np.int64)
    compiled_board_strengths(bytes(sorted(board)), len(board), 1, hs, hs, squared, None, numbers)
    result = np.zeros(HOLDING_COUNT)
    result[numbers] = hs
    return result


@functools.lru_cache(maxsize=SCALED_BOARDS)
def _cached_scale(board: tuple[int, ...], ranker: type[HandRanker]) -> np.ndarray:
    hs = _scale_strengths(board, ranker)  # type: ignore[arg-type]  # (a class is hashable)
    scale: np.ndarray = hs + (1 - hs) * _fast_potentials(board)
    scale.flags.writeable = False
    return scale


@functools.lru_cache(maxsize=SCALED_BOARDS)
def _scale_strengths(board: tuple[int, ...], ranker: type[HandRanker]) -> np.ndarray:
    """The HS1 part of :func:`holding_scale` on a sorted board after the flop (:func:`_hand_strengths`), read-only and
    kept: the scale and a model's probability triples (:mod:`~poker.players.loki2`) read the same numbers."""
    return _frozen(_hand_strengths(board, ranker))


@functools.lru_cache(maxsize=SCALED_BOARDS)
def _scale_order(board: tuple[int, ...], ranker: type[HandRanker]) -> np.ndarray:
    """The numbers of the holdings without a board card in the order of :func:`holding_scale` on ``board`` (sorted),
    ties by number."""
    order: np.ndarray = np.argsort(_scale(board, ranker), kind='stable')
    order = order[~known_holdings(board)[order]]
    order.flags.writeable = False
    return order


@functools.lru_cache(maxsize=SCALED_BOARDS)
def _live_scale(board: tuple[int, ...], ranker: type[HandRanker]) -> np.ndarray:
    """The :func:`holding_scale` values of the holdings without a board card, sorted (for quantiles)."""
    order = _scale_order(board, ranker)  # type: ignore[arg-type]  # (a class is hashable)
    return _frozen(_scale(board, ranker)[order])  # (in scale order: sorted already)


@functools.lru_cache(maxsize=SCALED_BOARDS)
def _board_holdings(board: tuple[int, ...]) -> np.ndarray:
    """The holdings with a card of a sorted ``board`` (read-only, kept: every model meets the same boards)."""
    return _frozen(known_holdings(board))


def _frozen(array: np.ndarray) -> np.ndarray:
    """``array``, made read-only."""
    array.flags.writeable = False
    return array


def holding_scale(board: Iterable[int | Card] = (), ranker: type[HandRanker] = HandRanker) -> np.ndarray:
    """The scale actions are ranked on: IR7 before the flop (whatever the ``ranker``, which is still checked);
    after it each holding's EHS' with one-opponent HS (exact, against every holding) and :func:`fast_potentials`
    (0 where a holding has a board card: no NaN). Cached per board, so every seat at a table shares one
    computation.

    >>> scale = holding_scale([card.index for card in parse_cards('9h 8c 2c')])
    >>> from poker.cards.starting_hand import StartingHand
    >>> [round(float(scale[StartingHand(h).holding_index]), 3) for h in ('9c 9s', 'Ac Kc', '7d 3h')]
    [1.0, 0.778, 0.082]
    """
    indices = tuple(sorted(read_indices('board', board, sizes=(0, 3, 4, 5))))
    ranker = read_ranker(ranker)  # (read before the flop too, where IR7 needs none)
    return _scale(indices, ranker)


def _scale(board: tuple[int, ...], ranker: type[HandRanker]) -> np.ndarray:
    """:func:`holding_scale` of a board read and sorted, and a ranker read (the wing's own calls)."""
    if not board:
        return preflop_scale()
    scale: np.ndarray = _cached_scale(board, ranker)  # type: ignore[arg-type]  # (a class is hashable)
    return scale
