"""Equity counted exactly: every compatible deal, up to suit symmetry (:func:`~poker.stats.multiway.equity`'s
``method='exact'``).

:func:`plan_exact` lists the holding tuples to enumerate (the players' holdings that share no card), one per orbit of
the suit permutations that keep the question, each weighted by its players' weights times its orbit's size; the
:class:`ExactPlan` says how many deals they stand for and how many hands ranking them takes. :func:`count_exactly`
counts every board for each tuple, in C (:func:`exact_counts`, poker/stats/_equity.c) for HandRanker itself, else
ranked by the ranker's ``rank_many`` (:func:`ranked_counts`), the same whole numbers either way; before the flop, one
board per class of boards that every holding ranks alike (:func:`board_classes`).
"""

from __future__ import annotations

import concurrent.futures
import itertools
import math
from collections.abc import Callable, Sequence
from functools import cache

import numpy as np
from attrs import frozen

from ..cards.holdings import HOLDINGS
from ..kernel.positions import combination_rows
from ..ranking.ranker import HandRanker
from ..validators import brief
from . import _equity
from .equity_problem import HOLDING_MASKS_U64, PAIR_HOLDING, EquityProblem, mask_of, rank_players, run_tasks

__all__ = ['PREFLOP_TUPLE_WORK', 'SPLIT_UNIT', 'ExactPlan', 'board_classes', 'count_exactly', 'exact_counts',
           'plan_exact', 'ranked_counts']

PREFLOP_TUPLE_WORK = 2_000_000
"""The work of one holding tuple before the flop, in hands ranked: about 150,000 board classes per
player, and the pass over the 2,598,960 boards that finds them."""

SPLIT_UNIT = 2520
"""The compiled count's unit of a split pot: a k-way split adds ``SPLIT_UNIT // k`` (2,520 is divisible by every k up
to 10), so that split shares are whole numbers."""

_TUPLE_CAP = 4_000_000  # holding tuples enumerated at most before falling back to sampling
_BOARD_ROWS = 1 << 20  # about this many deals per exact batch
_SUIT_PERMUTATIONS = np.array(list(itertools.permutations(range(4))), dtype=np.intp)
_TASK_WORK = 8_000_000  # hands ranked per task: about 0.2 s


@frozen(eq=False)
class ExactPlan:
    """What counting a question exactly takes: the holding ``tuples`` to enumerate (tuples, players), one per orbit
    under the suit symmetries, their ``weights`` (the players' weights times the orbit's size), the ``deals`` they
    stand for and the ``work``, in hands to rank."""

    __repr__ = brief

    tuples: np.ndarray
    weights: np.ndarray
    deals: int
    work: int


def plan_exact(problem: EquityProblem) -> ExactPlan | None:
    """The :class:`ExactPlan` of ``problem``; None past the cap on holding tuples (then it is sampled)."""
    found = _holding_tuples(problem)
    if found is None:
        return None
    tuples, weights = found
    if len(tuples) == 0:
        return ExactPlan(tuples, weights, 0, 0)
    rest_size = 52 - len(problem.board) - len(problem.dead) - 2 * tuples.shape[1]
    boards = math.comb(rest_size, problem.to_deal)
    symmetries = _symmetries(problem)
    if len(symmetries) > 1:
        images = _holding_images()[symmetries][:, tuples]  # (group, tuples, players)
        smallest, sizes = _orbits(tuples, images)
        tuples, weights = tuples[smallest], weights[smallest] * sizes[smallest]
        deals = int(sizes[smallest].sum()) * boards
    else:
        deals = len(tuples) * boards
    per_tuple = PREFLOP_TUPLE_WORK if problem.to_deal == 5 else boards * tuples.shape[1]
    return ExactPlan(tuples, weights, deals, len(tuples) * per_tuple)


def count_exactly(problem: EquityProblem, plan: ExactPlan, executor: concurrent.futures.Executor | None,
                  ranker: type[HandRanker], progress: Callable[[int, int], None] | None) -> np.ndarray:
    """Each player's share of the deals won alone, the deals tied and the pot share from ties (players, 3), every
    deal of ``plan`` counted (in tasks of about :data:`_TASK_WORK` hands, on ``executor`` if given);
    ``progress(done, total)`` follows the deals counted."""
    tuples, weights, deals = plan.tuples, plan.weights, plan.deals
    pieces = max(1, min(len(tuples), math.ceil(plan.work / _TASK_WORK)))
    bounds = np.linspace(0, len(tuples), pieces + 1).astype(int)
    arguments = [(problem, tuples[a:b], weights[a:b], ranker) for a, b in zip(bounds, bounds[1:])]
    ends = np.cumsum(np.diff(bounds)) * (deals / len(tuples))  # deals counted after each task, roughly
    report = None if progress is None else lambda number: progress(
        deals if number == len(arguments) - 1 else int(ends[number]), deals)
    if executor is not None and problem.to_deal == 5 and not ranker.INLINE_RANKING:
        board_classes()  # built here first: forked workers inherit it rather than build it each
    totals = run_tasks(executor, _exact_task, arguments, report)
    count = len(problem.labels)  # (each share over the total summed as the share was: at most 1)
    wins, ties, splits, total = totals[:count], totals[count:2 * count], totals[2 * count:-1], totals[-1]
    shares: np.ndarray = np.column_stack([wins / total, ties / total, splits / SPLIT_UNIT / total])
    return shares


# --------------------------------------------------------------------------------------- the showdown
def _showdown_counts(values: np.ndarray, multiplicity: np.ndarray | None = None) -> np.ndarray:
    """Per group and player, int64 (groups, players, 3): the deals won alone, the deals tied and the split share in
    units of :data:`SPLIT_UNIT`, as the compiled count makes them, from hand values (players, groups, deals per
    group); deal ``d`` counts ``multiplicity[d]`` times (a board class's boards), or once."""
    players, groups, deals = values.shape
    times = np.ones(deals, dtype=np.int64) if multiplicity is None else multiplicity.astype(np.int64)
    best = values.max(axis=0)
    winners = values == best
    count = winners.sum(axis=0, dtype=np.int64)
    alone = count == 1
    share = np.where(alone, 0, SPLIT_UNIT // count)  # units per winner of a split deal
    counts = np.empty((groups, players, 3), dtype=np.int64)
    for player, won in enumerate(winners):  # (integer products: exact)
        counts[:, player, 0] = (won & alone) @ times
        counts[:, player, 1] = (won & ~alone) @ times
        counts[:, player, 2] = (won * share) @ times
    return counts


def _weighed(counts: np.ndarray, weights: np.ndarray, boards: int) -> np.ndarray:
    """The sums a share is read from, for both paths alike: per player the weighted wins, then the weighted ties,
    then the weighted split units (3 * players), and last the weight of every board (``boards`` per tuple), from
    whole ``counts`` (tuples, players, 3) and the tuples' ``weights``. Every sum is taken the same way (each
    tuple's weight times its count, added in one order), so a player who wins every board wins exactly the
    total, and no share exceeds 1."""
    columns = np.vstack([counts.transpose(2, 1, 0).reshape(-1, len(counts)), np.full((1, len(counts)), boards)])
    sums: np.ndarray = (columns * weights[np.newaxis, :]).sum(axis=1)
    return sums


# --------------------------------------------------------------------------------------- enumeration
@cache
def _holding_images() -> np.ndarray:
    """For each suit permutation of :data:`_SUIT_PERMUTATIONS`, the holding number each holding maps to:
    (24, 1326), built once."""
    cards = HOLDINGS.astype(np.intp)
    images = (cards & ~3)[None] | _SUIT_PERMUTATIONS[:, cards & 3]
    result: np.ndarray = PAIR_HOLDING[images[..., 0], images[..., 1]]
    result.flags.writeable = False
    return result


def _symmetries(problem: EquityProblem) -> np.ndarray:
    """The numbers (in :data:`_SUIT_PERMUTATIONS`) of the suit permutations that keep the board, the dead cards
    and every player's weights."""
    images = _holding_images()
    keep = []
    for number, permutation in enumerate(_SUIT_PERMUTATIONS.tolist()):
        def mapped(cards: tuple[int, ...]) -> set[int]:
            return {(c & ~3) | permutation[c & 3] for c in cards}
        if mapped(problem.board) == set(problem.board) and mapped(problem.dead) == set(problem.dead) \
                and np.array_equal(problem.weights[:, images[number]], problem.weights):
            keep.append(number)
    return np.array(keep, dtype=np.intp)


def _holding_tuples(problem: EquityProblem) -> tuple[np.ndarray, np.ndarray] | None:
    """Every compatible tuple of holdings (tuples, players) and its weight, or None past the cap."""
    tuples = np.zeros((1, 0), dtype=np.intp)
    used = np.array([mask_of(problem.board + problem.dead)], dtype=np.uint64)
    tuple_weights = np.ones(1)
    for row in problem.weights:
        support = np.flatnonzero(row)
        if len(tuples) * len(support) > 4 * _TUPLE_CAP:
            return None
        free = (used[:, None] & HOLDING_MASKS_U64[support][None, :]) == 0
        which, pick = np.nonzero(free)
        if len(which) > _TUPLE_CAP:
            return None
        tuples = np.column_stack([tuples[which], support[pick]])
        used = used[which] | HOLDING_MASKS_U64[support[pick]]
        tuple_weights = tuple_weights[which] * row[support[pick]]
    return tuples, tuple_weights


def _lexicographic_min(keys: np.ndarray, images: np.ndarray) -> np.ndarray:
    """Whether each row of ``keys`` (n, m) is lexicographically <= the same row of ``images`` (n, m)."""
    result = np.ones(len(keys), dtype=bool)
    decided = np.zeros(len(keys), dtype=bool)
    for column in range(keys.shape[1]):
        less, more = keys[:, column] < images[:, column], keys[:, column] > images[:, column]
        result &= ~(more & ~decided)
        decided |= less | more
    return result


def _orbits(items: np.ndarray, images: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Orbit representatives among rows of ``items`` (n, m) given their images (group, n, m) under a
    group of permutations (the identity among them): which rows are the lexicographically smallest of
    their orbit, and each row's orbit size (group order / stabiliser order)."""
    smallest = np.ones(len(items), dtype=bool)
    fixed = np.zeros(len(items), dtype=np.intp)
    for image in images:
        smallest &= _lexicographic_min(items, image)
        fixed += (image == items).all(axis=1)
    return smallest, len(images) // fixed


def _exact_task(problem: EquityProblem, tuples: np.ndarray, weights: np.ndarray,
                ranker: type[HandRanker]) -> np.ndarray:
    """:func:`_weighed` sums over every board for these holding tuples, from whole counts: counted in C
    (:func:`exact_counts`) when the ranker is HandRanker itself, else ranked by ``rank_many``
    (:func:`ranked_counts`), the same numbers either way."""
    boards = math.comb(52 - len(problem.board) - len(problem.dead) - 2 * tuples.shape[1], problem.to_deal)
    counts = exact_counts(problem, tuples) if ranker.INLINE_RANKING else ranked_counts(problem, tuples, ranker)
    return _weighed(counts, weights, boards)


def ranked_counts(problem: EquityProblem, tuples: np.ndarray, ranker: type[HandRanker]) -> np.ndarray:
    """:func:`exact_counts`'s numbers, int64 (tuples, players, 3), every hand ranked by ``ranker.rank_many``."""
    counts = np.empty((len(tuples), tuples.shape[1], 3), dtype=np.int64)
    rest_size = 52 - len(problem.board) - len(problem.dead) - 2 * tuples.shape[1]
    chosen = combination_rows(rest_size, problem.to_deal) if problem.to_deal else np.zeros((1, 0), dtype=np.int8)
    board = np.array(problem.board, dtype=np.int8)
    known = np.zeros(52, dtype=bool)
    known[list(problem.board + problem.dead)] = True
    if problem.to_deal == 5:  # before the flop: one board per board class (see board_classes)
        for number, holdings in enumerate(tuples):
            dealt, sizes = _board_class_representatives([*problem.dead, *HOLDINGS[holdings].ravel().tolist()])
            counts[number] = _showdown_counts(rank_players(ranker, holdings[None], dealt[None], board), sizes)[0]
        return counts
    per_batch = max(1, _BOARD_ROWS // max(1, len(chosen)))
    for start in range(0, len(tuples), per_batch):
        batch = tuples[start:start + per_batch]
        taken = np.broadcast_to(known, (len(batch), 52)).copy()
        taken[np.arange(len(batch))[:, None], HOLDINGS[batch].reshape(len(batch), -1)] = True
        rest = np.nonzero(~taken)[1].reshape(len(batch), rest_size)
        dealt = rest.astype(np.int8)[:, chosen]  # (tuples, boards, cards)
        counts[start:start + len(batch)] = _showdown_counts(rank_players(ranker, batch, dealt, board))
    return counts


def exact_counts(problem: EquityProblem, tuples: np.ndarray) -> np.ndarray:
    """Per holding tuple and player, over every board (poker/stats/_equity.c): the boards won alone, the
    boards tied and the split share in units of :data:`SPLIT_UNIT`, as int64 (tuples, players, 3)."""
    counts = np.zeros((len(tuples), tuples.shape[1], 3), dtype=np.int64)
    holes = HOLDINGS[tuples].astype(np.uint8).tobytes()
    bad = _equity.exact_counts(holes, tuples.shape[1], bytes(problem.board), bytes(problem.dead), counts)
    if bad >= 0:  # the plan gives compatible tuples only: this is a bug, not an input error
        raise AssertionError(f'exact_counts: tuple {bad} shares a card')
    return counts


_BLOCK_BITS = np.left_shift(1, 13 * (np.arange(52) & 3) + (np.arange(52) >> 2)).astype(np.int64)
"""One bit per card, suit by suit: bit 13 * suit + rank (0 for a deuce), so a suit's ranks are 13 bits."""


@cache
def board_classes() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every five-card board (2,598,960), its card mask (:data:`_BLOCK_BITS`) and its class number
    (152,607 classes), sorted by class.

    Two boards are in one class when they have the same ranks and, if one suit has three or more of
    their cards, that suit and its ranks. Then every holding that shares no card with either makes the
    same hand value with both: no other suit can reach five cards with two hole cards, so only the
    ranks and that suit's cards (the flush) can matter. Built once, in about a second.
    """
    boards = combination_rows(52, 5)
    columns = [np.ascontiguousarray(column) for column in boards.T]
    code = np.zeros(len(boards), dtype=np.int64)  # the rank multiset: sum of 5 ** rank
    masks = np.zeros(len(boards), dtype=np.int64)
    powers = 5 ** (np.arange(52, dtype=np.int64) >> 2)
    for column in columns:
        code += np.take(powers, column)
        masks |= np.take(_BLOCK_BITS, column)
    flush = np.zeros(len(boards), dtype=np.int64)
    for suit in range(4):
        ranks = (masks >> (13 * suit)) & 0x1FFF
        suited = np.bitwise_count(ranks) >= 3  # at most one suit can have three of five cards
        flush[suited] = 8192 * suit + ranks[suited] + 32768
    keys = code * 65536 + flush
    order = np.argsort(keys)
    ordered = keys[order]
    classes = np.concatenate(([0], np.cumsum(ordered[1:] != ordered[:-1]))).astype(np.int32)
    return boards[order], masks[order], classes


def _board_class_representatives(dead: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
    """One board of each class among the boards without a ``dead`` card (n, 5), and how many boards
    of its class there are."""
    boards, masks, classes = board_classes()
    allowed = np.flatnonzero((masks & np.bitwise_or.reduce(_BLOCK_BITS[list(dead)])) == 0)
    chosen = classes[allowed]  # sorted: each class is a run
    starts = np.flatnonzero(np.concatenate(([True], chosen[1:] != chosen[:-1])))
    sizes = np.diff(np.append(starts, len(allowed)))
    return boards[allowed[starts]], sizes.astype(np.float64)
