"""The tests' slow, readable oracles of the package's fast paths, kept out of the package.

The developers' guide asks that every fast path have a slow readable oracle in the tests. The oracles that more
than one test may use, or that used to live in the package only for the tests, are here, in one place; the
package ships none of them. An oracle that serves one test file alone may live in that file, beside the
comparison (``numpy_counts`` in ``tests/stats/test_compiled_equity.py``, ``_plain_quantile`` in
``tests/players/test_table_fast_paths.py``); a public slow path the package documents stays in the package
(``poker.stats.reference``, the plain-loop statistics).

* :func:`index_by_numpy`, :func:`index_boards_by_numpy`: :class:`~poker.cards.isomorphism.HandIndexer`'s
  numbering (Waugh's per-suit steps, then the sorted suits' configuration and multisets) as NumPy operations
  over all hands at once, the steps the compiled loops of ``poker/cards/_isomorphism.c`` replaced on the hot
  path; ``tests/cards/test_compiled_isomorphism.py`` compares the two number for number. They read the
  indexer's configuration table (its private arrays) and work out everything else themselves.
* :func:`observe_by_hooks`: an opponent model's re-weighting after one action as it was before issue 31, every
  step through the model's public rules (:meth:`~poker.players.modelling.SeatModel.cap`, ``frequencies``,
  ``frequency``, ``threshold``, ``sigma``, ``factor``), each reading its arguments again;
  ``tests/players/test_model_fast_paths.py`` compares the model's own path with it, weight for weight.
* :func:`plain_hand_strengths`, :func:`plain_potentials`: the opponent model's scale on a board as it was before
  issue 31, every holding against every holding with the dead ones weighed 0 among all 1,326, and the outs
  counted from each holding's cards on every call; the same test compares the scale with them, byte for byte.

>>> import numpy as np
>>> from poker.cards.isomorphism import HandIndexer
>>> indexer = HandIndexer((2,))
>>> hands = indexer.unindex(np.arange(indexer.size))
>>> bool((index_by_numpy(indexer, hands) == np.arange(indexer.size)).all())
True
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence

import numpy as np

from poker.cards.holdings import HOLDING_COUNT, HOLDINGS
from poker.cards.isomorphism import HandIndexer
from poker.kernel.showdowns import holding_showdowns
from poker.ranges.weights import known_holdings
from poker.ranking.ranker import HandRanker
from poker.players.holding_scales import holding_scale
from poker.players.modelling import SeatModel
from poker.strategy.actions import Action

__all__ = ['index_boards_by_numpy', 'index_by_numpy', 'observe_by_hooks', 'plain_hand_strengths', 'plain_potentials']

_RANKS = 13
_SUITS = 4
_BINOM = np.array([[math.comb(n, k) for k in range(_RANKS + 1)] for n in range(_RANKS + 1)], dtype=np.int64)
_POPCOUNT = np.array([bin(mask).count('1') for mask in range(1 << _RANKS)], dtype=np.int64)
_CODE_SHIFT = 24  # a suit's sort key is its configuration code above its index (< 2**24)

State = tuple[np.ndarray, ...]


def index_by_numpy(indexer: HandIndexer, cards: np.ndarray) -> np.ndarray:
    """``indexer.index`` of good (N, ``indexer.cards``) rows by NumPy steps over all rows."""
    hands = np.asarray(cards, dtype=np.int64)
    state = _add_rounds(_start(len(hands)), hands[:, indexer._columns], indexer._order)
    return _finish(indexer, state)


def index_boards_by_numpy(indexer: HandIndexer, holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
    """``indexer.index_boards`` of good (B, H, 2) ``holes`` and (B, k) ``boards``: all boards, then all hands."""
    holes, boards = np.asarray(holes, dtype=np.int64), np.asarray(boards, dtype=np.int64)
    assert indexer.rounds == (2, boards.shape[1]) and holes.shape[0] == boards.shape[0] and holes.shape[2] == 2
    count, size = boards.shape
    per_board = _add_rounds(_start(count), boards, (size,))
    holdings = holes.shape[1]
    state = tuple(np.repeat(part, holdings, axis=0) for part in per_board)
    state = _add_rounds(state, holes.reshape(count * holdings, 2), (2,))
    return _finish(indexer, state).reshape(count, holdings)


def _start(count: int) -> State:
    """Per hand and suit: ranks used, how many, index so far, its place value, configuration code."""
    zeros = np.zeros((count, _SUITS), dtype=np.int64)
    return zeros, zeros.copy(), zeros.copy(), np.ones_like(zeros), zeros.copy()


def _add_rounds(state: State, hands: np.ndarray, sizes: Sequence[int]) -> State:
    """The suit state after the rounds ``sizes`` of ``hands`` (their columns in that order)."""
    used, used_count, suit_index, place, code = (part.copy() for part in state)
    suits, ranks = hands & 3, hands >> 2
    # (hand, suit) cells as flat positions in row-major (N, 4) arrays: one-index gathers are faster
    cells = (np.arange(len(hands)) * _SUITS)[:, None] + suits
    start = 0
    for size in sizes:
        columns = range(start, start + size)
        mask = np.zeros_like(used)
        flat_mask, flat_used = mask.reshape(-1), used.reshape(-1)
        for column in columns:
            flat_mask[cells[:, column]] |= 1 << ranks[:, column]
        count = _POPCOUNT[mask]
        colex = np.zeros_like(used)
        flat_colex = colex.reshape(-1)
        for column in columns:
            cell, rank = cells[:, column], ranks[:, column]
            lower = (1 << rank) - 1
            # the card's rank among the ranks its suit has left, and its place among this round's
            # cards of its suit: the colex number of a set is the sum of C(rank, place)
            free_rank = rank - _POPCOUNT[flat_used[cell] & lower]
            flat_colex[cell] += _BINOM[free_rank, 1 + _POPCOUNT[flat_mask[cell] & lower]]
        suit_index += colex * place
        place *= _BINOM[_RANKS - used_count, count]
        used |= mask
        used_count += count
        code = code * (size + 1) + count
        start += size
    return used, used_count, suit_index, place, code


def _comb(top: np.ndarray, choose: np.ndarray) -> np.ndarray:
    """``C(top, choose)`` elementwise for int64 arrays, ``choose`` from 1 to 4 (exact: each step divides)."""
    value = np.ones_like(top)
    for step in range(_SUITS):
        value = np.where(step < choose, value * (top - step) // (step + 1), value)
    return value


def _finish(indexer: HandIndexer, state: State) -> np.ndarray:
    """Hand numbers from the per-suit state: sort the suits, number the configuration and multisets."""
    _, _, suit_index, _, code = state
    keys = np.sort((code << _CODE_SHIFT) | suit_index, axis=1)[:, ::-1]
    sorted_codes, sorted_index = keys >> _CODE_SHIFT, keys & ((1 << _CODE_SHIFT) - 1)
    packed = np.zeros(len(keys), dtype=np.int64)
    for position in range(_SUITS):
        packed = packed * indexer._codes + sorted_codes[:, position]
    configuration = np.searchsorted(indexer._keys, packed)
    group = indexer._group[configuration]
    place_in_group = indexer._place[configuration]
    # equal configurations: descending indices i_0 >= i_1 >= ... become the strictly descending
    # a_j = i_j + (k-1-j), numbered as a combination: sum of C(a_j, k-j)
    terms = _comb(sorted_index + group - 1 - place_in_group, group - place_in_group)
    numbers: np.ndarray = indexer._offsets[configuration] + (terms * indexer._multiplier[configuration]).sum(axis=1)
    return numbers


def observe_by_hooks(model: SeatModel, street: str, action: str, bets_to_call: int, board: tuple[int, ...]) -> None:
    """``model.observe(street, action, ...)`` through the public hooks, step by step, as before issue 31: the
    round begun (:meth:`~poker.players.modelling.SeatModel.new_round`), a check's cap or a bet's, raise's or
    call's threshold from the hooks, the weights re-weighted from the round's saved copy by
    :meth:`~poker.players.modelling.SeatModel.factor` (mixed for out-of-line actions), then the action counted."""
    action = Action(action)
    model.new_round(street, board)
    if action == Action.FOLD:
        model.folded = True
    elif action == Action.CHECK and model.CHECKS_CAP:
        cap = model.cap(street, bets_to_call, board)
        if cap is not None:
            bet_share = float(model.frequencies(street, bets_to_call)[2])
            model.claims.append((board, 1 - bet_share, True))
            if cap < model.applied_cap:
                model.applied_cap, model.applied_shares = cap, (model.applied_shares[0], 1 - bet_share)
                _reweight_by_hooks(model, model.applied_mu, board)
    elif action != Action.CHECK:
        share = model.frequency(street, action, bets_to_call)
        if share is not None and 0 < share < 1:
            model.claims.append((board, 1 - share, False))
        threshold = model.threshold(street, action, bets_to_call, board)
        if threshold is not None and threshold > model.applied_mu:
            model.applied_shares = (1.0 if share is None else share, model.applied_shares[1])
            _reweight_by_hooks(model, threshold, board)
    model.tally.observe(street, bets_to_call, action)


def _reweight_by_hooks(model: SeatModel, mu: float, board: tuple[int, ...]) -> None:
    scale = holding_scale(board, model.ranker)
    sigma = model.sigma(board)
    out_of_line = model.out_of_line()
    factor = model._mixed(model.factor(scale, mu, sigma), model.applied_shares[0], out_of_line) \
        if math.isfinite(mu) else 1.0
    if math.isfinite(model.applied_cap):
        factor = factor * model._mixed(model.factor(2 * model.applied_cap - scale, model.applied_cap, sigma),
                                       model.applied_shares[1], out_of_line)
    model.weights = np.where(model.dead, 0.0, np.maximum(model.round_start * factor, model.LOW_WEIGHT))
    model.applied_mu = mu


def plain_hand_strengths(board: Sequence[int], ranker: type[HandRanker] = HandRanker) -> np.ndarray:
    """Each holding's HS against every holding on ``board``: all 1,326 values, those with a board card weighed 0."""
    touching = known_holdings(board)
    live = np.flatnonzero(~touching)
    rows = np.empty((len(live), 2 + len(board)), dtype=np.intp)
    rows[:, :2] = HOLDINGS[live]
    rows[:, 2:] = board
    values = np.zeros(HOLDING_COUNT, dtype=np.int32)
    values[live] = ranker.rank_many(rows, validate=False)
    beaten, tied = holding_showdowns(values, np.where(touching, 0.0, 1.0))
    result: np.ndarray = (beaten + tied / 2) / math.comb(50 - len(board), 2)
    result[touching] = 0.0
    return result


def _has_straight(ranks: frozenset[int]) -> bool:
    """Whether five ranks in a row are among ``ranks`` (0 = deuce ... 12 = ace; the ace also plays low)."""
    low = ranks | {-1} if 12 in ranks else ranks
    return any(all(start + step in low for step in range(5)) for start in range(-1, 9))


@functools.cache
def _straight_outs(ranks: frozenset[int]) -> int:
    """How many ranks not in ``ranks`` would complete a straight (0 where one is made); kept per set of ranks."""
    if _has_straight(ranks):
        return 0
    return sum(1 for rank in range(13) if rank not in ranks and _has_straight(ranks | {rank}))


def plain_potentials(board: Sequence[int]) -> np.ndarray:
    """Papp's PPOT_c by counting outs (:func:`~poker.players.holding_scales.fast_potentials`), holding by holding:
    a flush draw (four of a suit, one of them a hole card, no flush made) 9 outs, each rank that would complete a
    straight the board alone would not 4, each hole card over the board's top rank 1.5 (none for a pair); then the
    chance of an out on the next card (on the flop: on one of the next two). A holding with a board card: 0."""
    cards = list(board)
    result = np.zeros(HOLDING_COUNT)
    if len(cards) == 5:
        return result
    unseen = 52 - len(cards) - 2
    top = max(card >> 2 for card in cards)
    board_outs = _straight_outs(frozenset(card >> 2 for card in cards))
    for number, hole in enumerate(itertools.combinations(range(52), 2)):
        if set(hole) & set(cards):
            continue
        seen = cards + list(hole)
        suited = [sum(1 for card in seen if card & 3 == suit) for suit in range(4)]
        from_hole = [sum(1 for card in hole if card & 3 == suit) for suit in range(4)]
        flush_draw = any(suited[suit] == 4 and from_hole[suit] for suit in range(4)) and max(suited) < 5
        straight = max(_straight_outs(frozenset(card >> 2 for card in seen)) - board_outs, 0)
        over = 0 if hole[0] >> 2 == hole[1] >> 2 else sum(1 for card in hole if card >> 2 > top)
        outs = 9.0 * flush_draw + 4.0 * straight + 1.5 * over
        ppot = 1 - (1 - outs / unseen) * (1 - outs / (unseen - 1)) if len(cards) == 3 else outs / unseen
        result[number] = min(max(ppot, 0.0), 1.0)
    return result
