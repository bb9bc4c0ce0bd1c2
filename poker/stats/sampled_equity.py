"""Equity sampled: deals drawn without bias under the players' weights (:func:`~poker.stats.multiway.equity`'s
``method='sampled'``; the proof is in ``docs/formulas.md``).

Each deal gives its holdings player by player (the hands given first, then the smallest ranges), each drawn from the
player's weights given the cards already out, by Walker's alias table and rejection, and carries an importance
weight (the weight still available to each player over the player's total); the board is then run out. Deals come in
chunks of :data:`SAMPLES_PER_TASK`, chunk ``i`` drawn from ``SeedSequence(seed, spawn_key=(i,))``, so a seed gives
the same answer on any executor. HandRanker deals and ranks in C (poker/stats/_equity.c, :func:`_compiled_sample_task`);
a ranker subclass deals with NumPy and ranks through its ``rank_many`` (:func:`sample_task`). :func:`sample_equity`
draws until every player's standard error is below the goal.
"""

from __future__ import annotations

import concurrent.futures
import itertools
import math
from collections.abc import Callable, Sequence

import numpy as np
from attrs import frozen

from ..cards.holdings import HOLDINGS
from ..errors import WeightsError
from ..ranking.ranker import HandRanker
from ..validators import shown
from . import _equity
from .equity_problem import CARD_MASKS_U64, HOLDING_MASKS_U64, PAIR_HOLDING, EquityProblem, rank_players, run_tasks

__all__ = ['SAMPLES_PER_TASK', 'sample_equity', 'sample_task']

SAMPLES_PER_TASK = 1 << 16
"""Sampled deals per unit of work (a chunk): chunk ``i`` draws from ``SeedSequence(seed, spawn_key=(i,))``, so the result
for a seed does not depend on how the chunks are spread over an executor."""

_REJECTION_ROUNDS = 4  # tries to deal a holding by rejection before drawing it from the masked weights


def sample_equity(problem: EquityProblem, goal: float, budget: int, seed: int | None,
                  executor: concurrent.futures.Executor | None, ranker: type[HandRanker],
                  progress: Callable[[int, int], None] | None) -> tuple[np.ndarray, int]:
    """Each player's share of the deals won alone, of those tied, the pot share from ties, and the standard errors
    of the equity and of the tie (players, 5), from deals drawn until every player's standard error is at most
    ``goal`` (0: no goal) or ``budget`` deals are drawn; and the number of deals drawn. Aiming at an error, the
    first two chunks run in this process (often all that is needed), the rest on ``executor``;
    ``progress(done, total)`` follows the deals drawn (the total: those still expected, at most the budget)."""
    entropy = np.random.SeedSequence(seed).entropy
    task, arguments = _sampling(problem, entropy, ranker)
    stats = np.zeros((len(problem.labels) + 1, 6))
    done, chunks, batch = 0, 0, max(1, min(2 if goal > 0 else 8, math.ceil(budget / SAMPLES_PER_TASK)))
    while done < budget:
        sizes = _chunk_sizes(batch, budget - done)
        tasks = [arguments(chunks + i, size) for i, size in enumerate(sizes)]
        stats += run_tasks(None if goal > 0 and not chunks else executor, task, tasks)
        chunks += len(sizes)
        done += sum(sizes)
        reached, needed, batch = _outlook(stats, done, goal, budget)
        if progress is not None:
            progress(done, done if reached else int(min(budget, done + max(needed, 1.0))))
        if reached:
            break
    if stats[-1, 0] <= 0:
        raise WeightsError(f'no sampled deal gave every player a holding without shared cards: '
                           f'{shown(list(problem.labels))}')
    total = stats[-1, 0]
    shares: np.ndarray = np.column_stack([stats[:-1, 0] / total, stats[:-1, 4] / total, stats[:-1, 1] / total,
                                          _standard_errors(stats), _tie_standard_errors(stats)])
    return shares, done


def _sampling(problem: EquityProblem, entropy: int | Sequence[int] | None, ranker: type[HandRanker]
              ) -> tuple[Callable[..., np.ndarray], Callable[[int, int], tuple[object, ...]]]:
    """The task that samples a chunk and the arguments of chunk ``(index, size)``: HandRanker deals and ranks in C,
    a ranker subclass deals with NumPy and ranks through its ``rank_many``."""
    if ranker.INLINE_RANKING:
        order = tuple(_dealing_order(problem))
        return _compiled_sample_task, lambda index, size: (problem, order, entropy, index, size)
    dealers = _dealers(problem)
    return sample_task, lambda index, size: (problem, dealers, entropy, index, size, ranker)


def _chunk_sizes(batch: int, left: int) -> list[int]:
    """The sizes of the next ``batch`` chunks, :data:`SAMPLES_PER_TASK` each while ``left`` deals allow."""
    sizes: list[int] = []
    for _ in range(batch):
        size = min(SAMPLES_PER_TASK, left - sum(sizes))
        if size <= 0:
            break
        sizes.append(size)
    return sizes


def _outlook(stats: np.ndarray, done: int, goal: float, budget: int) -> tuple[bool, float, int]:
    """After ``done`` deals: whether every standard error is at most ``goal``, the deals the errors say are still
    needed (without a goal, those left of the budget), and how many chunks to ask for next."""
    errors = _standard_errors(stats)
    reached = bool(goal > 0 and stats[-1, 0] > 0 and errors.max() <= goal)
    if goal > 0 and stats[-1, 0] > 0:  # ask for about the deals the error says are still needed
        needed = 0.0 if reached else done * (float(errors.max()) / goal) ** 2 - done
        return reached, needed, int(min(64, max(1, math.ceil(needed * 1.1 / SAMPLES_PER_TASK))))
    return reached, float(budget - done), 8


# ------------------------------------------------------------------------------------------ dealing
def _alias_table(weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Walker's alias table for drawing index i with probability weights[i] / sum(weights)."""
    count = len(weights)
    scaled = weights * (count / weights.sum())
    accept, alias = np.ones(count), np.arange(count)
    small = [i for i in range(count) if scaled[i] < 1.0]
    large = [i for i in range(count) if scaled[i] >= 1.0]
    while small and large:
        low, high = small.pop(), large.pop()
        accept[low], alias[low] = scaled[low], high
        scaled[high] -= 1.0 - scaled[low]
        (small if scaled[high] < 1.0 else large).append(high)
    return accept, alias


def _draw(rng: np.random.Generator, support: np.ndarray, table: tuple[np.ndarray, np.ndarray],
          size: int) -> np.ndarray:
    accept, alias = table
    column = rng.integers(0, len(support), size=size)
    return support[np.where(rng.random(size) < accept[column], column, alias[column])]


@frozen(eq=False)
class _Dealer:
    """What dealing one player's holding needs, computed once per question: the weights, their total
    and support, Walker's alias table over the support, and the weight of the holdings with each card (a working
    record: equal to itself alone)."""

    player: int
    weights: np.ndarray
    total: float
    support: np.ndarray
    table: tuple[np.ndarray, np.ndarray]
    per_card: np.ndarray

    @classmethod
    def of(cls, player: int, weights: np.ndarray) -> _Dealer:
        support = np.flatnonzero(weights)
        per_card = np.zeros(52)
        np.add.at(per_card, HOLDINGS[:, 0], weights)
        np.add.at(per_card, HOLDINGS[:, 1], weights)
        return cls(player, np.append(weights, 0.0), float(weights.sum()), support,
                   _alias_table(weights[support]), per_card)


def _dealing_order(problem: EquityProblem) -> list[int]:
    """The players to deal, fixed hands aside, smallest ranges first."""
    return sorted((p for p in range(len(problem.labels)) if problem.fixed[p] is None),
                  key=lambda p: (np.count_nonzero(problem.weights[p]), p))


def _dealers(problem: EquityProblem) -> tuple[_Dealer, ...]:
    """What dealing each player needs, in dealing order (:func:`_dealing_order`)."""
    return tuple(_Dealer.of(p, problem.weights[p]) for p in _dealing_order(problem))


def _compiled_sample_task(problem: EquityProblem, order: tuple[int, ...], entropy: int | Sequence[int], index: int,
                          deals: int) -> np.ndarray:
    """:func:`sample_task`'s statistics, dealt and ranked in C (poker/stats/_equity.c) for HandRanker: the
    same draws in law (alias tables, rejection, the same importance weights), from xoshiro256** seeded by
    ``SeedSequence(entropy, spawn_key=(index,))``."""
    seed = np.random.SeedSequence(entropy, spawn_key=(index,)).generate_state(4, np.uint64)
    fixed = np.array([-1 if h is None else h for h in problem.fixed], dtype=np.int32)
    weights = np.ascontiguousarray(problem.weights[list(order)], dtype=np.float64)
    stats = np.zeros((len(problem.labels) + 1, 6))
    _equity.sample(fixed, bytes(problem.board), bytes(problem.dead), np.array(order, dtype=np.int32), weights,
                   seed.tobytes(), deals, stats)
    return stats


def sample_task(problem: EquityProblem, dealers: tuple[_Dealer, ...], entropy: int | Sequence[int], index: int,
                deals: int, ranker: type[HandRanker]) -> np.ndarray:
    """Sufficient statistics of ``deals`` sampled deals: rows per player ``(sum w*win, sum w*split share,
    sum w^2*eq, sum w^2*eq^2, sum w*tie, sum w^2*tie)`` (a tie counting 1) and a last row
    ``(sum w, sum w^2, deals, 0, 0, 0)``.

    Holdings are dealt player by player (fixed hands first, then the smallest ranges), each from its
    weights given the cards already out; the deal's importance weight is the product over players of the
    weight still available to them, divided by their total weight with only the fixed cards out.
    """
    rng = np.random.default_rng(np.random.SeedSequence(entropy, spawn_key=(index,)))
    holdings = np.zeros((deals, len(problem.labels)), dtype=np.intp)
    for p, holding in enumerate(problem.fixed):
        if holding is not None:
            holdings[:, p] = holding
    used = np.full(deals, problem.known_mask, dtype=np.uint64)
    importance = np.ones(deals)
    alive = np.arange(deals)
    dealt_cards: list[np.ndarray] = []  # per card dealt so far (two per player), each deal's card
    for dealer in dealers:
        left = _weight_left(dealer, [cards[alive] for cards in dealt_cards], len(alive))
        chosen = _deal_holdings(rng, dealer, used[alive], left)
        possible = left > 0
        importance[alive] *= np.where(possible, left / dealer.total, 0.0)
        keep = np.flatnonzero(possible)
        alive, chosen = alive[keep], chosen[keep]
        holdings[alive, dealer.player] = chosen
        used[alive] |= HOLDING_MASKS_U64[chosen]
        for card in (0, 1):
            dealt_cards.append(np.zeros(deals, dtype=np.intp))
            dealt_cards[-1][alive] = HOLDINGS[chosen, card]
    dealt = _deal_cards(rng, used[alive], problem.to_deal)
    values = rank_players(ranker, holdings[alive], dealt[:, None, :], np.array(problem.board, dtype=np.int8))[:, :, 0]
    return _deal_statistics(values, importance[alive], deals)


def _weight_left(dealer: _Dealer, out: list[np.ndarray], count: int) -> np.ndarray:
    """The weight each of ``count`` deals leaves the dealer's player: the total, less the holdings touching a card
    already dealt (``out``: each card dealt so far, per deal), plus those touching two (taken away twice)."""
    left = np.full(count, dealer.total)
    for cards in out:
        left -= dealer.per_card[cards]
    for first, second in itertools.combinations(range(len(out)), 2):
        left += dealer.weights[PAIR_HOLDING[out[first], out[second]]]
    return left


def _deal_holdings(rng: np.random.Generator, dealer: _Dealer, used: np.ndarray, left: np.ndarray) -> np.ndarray:
    """A holding of the dealer's player for each deal, none touching the deal's ``used`` cards: by rejection a few
    times, then from the masked weights directly (never stalls). ``left`` (the weight each deal leaves, see
    :func:`_weight_left`) is counted again, exactly, where cancellation may have spoilt it, or where the deal was
    drawn from the masked weights."""
    support, weights = dealer.support, dealer.weights[:-1]
    chosen = np.full(len(used), -1)
    todo = np.arange(len(used))
    for _ in range(_REJECTION_ROUNDS):
        if not todo.size:
            break
        candidates = _draw(rng, support, dealer.table, todo.size)
        fits = (HOLDING_MASKS_U64[candidates] & used[todo]) == 0
        chosen[todo[fits]] = candidates[fits]
        todo = todo[~fits]
    recount = np.union1d(todo, np.flatnonzero(left < 1e-9 * dealer.total))
    for start in range(0, recount.size, 4096):
        rows = recount[start:start + 4096]
        masked = np.where((HOLDING_MASKS_U64[support][None, :] & used[rows][:, None]) == 0, weights[support][None, :],
                          0.0)
        left[rows] = masked.sum(axis=1)
        pending = rows[chosen[rows] < 0]
        if pending.size:
            cumulative = np.cumsum(masked[np.searchsorted(rows, pending)], axis=1)
            draws = rng.random(pending.size) * cumulative[:, -1]
            picks = np.minimum((cumulative <= draws[:, None]).sum(axis=1), len(support) - 1)
            chosen[pending] = support[picks]
    return chosen


def _deal_statistics(values: np.ndarray, weights: np.ndarray, deals: int) -> np.ndarray:
    """:func:`sample_task`'s statistics from the hand ``values`` (players, deals kept) and the deals' importance
    ``weights``; ``deals`` drawn in all."""
    players = len(values)
    best = values.max(axis=0)
    winners = values == best
    count = winners.sum(axis=0)
    shares = winners / count  # (players, deals)
    alone = count == 1
    stats = np.zeros((players + 1, 6))
    stats[:players, 0] = (winners & alone) @ weights
    stats[:players, 1] = (shares * ~alone) @ weights
    squared = weights ** 2
    stats[:players, 2] = shares @ squared
    stats[:players, 3] = (shares ** 2) @ squared
    tied = winners & ~alone
    stats[:players, 4] = tied @ weights
    stats[:players, 5] = tied @ squared
    stats[players, :3] = weights.sum(), squared.sum(), deals
    return stats


def _deal_cards(rng: np.random.Generator, used: np.ndarray, count: int) -> np.ndarray:
    """``count`` uniformly random distinct cards per deal (deals, count), none in the deal's ``used`` mask."""
    dealt = np.empty((len(used), count), dtype=np.int8)
    used = used.copy()
    for column in range(count):
        todo = np.arange(len(used))
        while todo.size:  # each card is free with probability at least 27/52: a few rounds
            cards = rng.integers(0, 52, size=todo.size)
            bits = CARD_MASKS_U64[cards]
            fits = (used[todo] & bits) == 0
            placed = todo[fits]
            dealt[placed, column] = cards[fits]
            used[placed] |= bits[fits]
            todo = todo[~fits]
    return dealt


# ------------------------------------------------------------------------------------------ errors
def _standard_errors(stats: np.ndarray) -> np.ndarray:
    """Each player's standard error of the equity (the self-normalised estimate's delta method)."""
    players = len(stats) - 1
    return _ratio_errors(stats[:players, 0] + stats[:players, 1], stats[:players, 2], stats[:players, 3], stats[players])


def _tie_standard_errors(stats: np.ndarray) -> np.ndarray:
    """Each player's standard error of the tie frequency (a tie is 0 or 1, so its square is itself)."""
    players = len(stats) - 1
    return _ratio_errors(stats[:players, 4], stats[:players, 5], stats[:players, 5], stats[players])


def _ratio_errors(weighted: np.ndarray, squared: np.ndarray, squared_squares: np.ndarray, totals: np.ndarray
                  ) -> np.ndarray:
    """Standard errors of ``sum w*x / sum w`` from ``sum w*x``, ``sum w^2*x``, ``sum w^2*x^2`` per player and
    ``totals`` = ``(sum w, sum w^2, ...)``; infinite while no deal counted."""
    weight_sum, squared_sum = totals[0], totals[1]
    if weight_sum <= 0:
        return np.full(len(weighted), np.inf)
    estimate = weighted / weight_sum
    variance = (squared_squares - 2 * estimate * squared + estimate ** 2 * squared_sum) / weight_sum ** 2
    errors: np.ndarray = np.sqrt(np.maximum(variance, 0.0))
    return errors
