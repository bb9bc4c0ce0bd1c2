"""The compiled equity loops (poker/stats/_equity.c) against the NumPy paths they replace for HandRanker.

A ranker subclass takes the NumPy paths of poker/stats/exact_equity.py and sampled_equity.py (it ranks through
``rank_many``); ``Plain`` only calls ``HandRanker.rank_many``, so comparing HandRanker with ``Plain`` compares the
compiled loops with
NumPy on the same numbers. Exact counting: the boards each player wins, ties and the split share (in 1/2520
units) are equal per holding tuple, and so are the weighted results. Sampling draws other random
numbers, so it is compared with the exact answer (within 5 standard errors) and with itself (same seed, any
executor).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from poker import Card, CardCountError, DuplicateCardError, HandRanker, Range, WeightsError, equity
from poker.cards.holdings import HOLDINGS
from poker.stats import _equity, equity_problem, exact_equity
from poker.stats.sampled_equity import SAMPLES_PER_TASK


class Plain(HandRanker):
    """HandRanker's values through the hook: the NumPy path."""

    @classmethod
    def rank_many(cls, indices: np.ndarray, *, validate: bool = True) -> np.ndarray:  # type: ignore[override]
        return super().rank_many(indices, validate=validate)


def narrow_weights(seed: int, share: float) -> np.ndarray:
    """Random weights on a random few holdings (about ``share`` of them)."""
    rng = np.random.default_rng(seed)
    return rng.random(1326) * (rng.random(1326) < share)


def numpy_counts(problem: equity_problem.EquityProblem, tuples: np.ndarray) -> np.ndarray:
    """Wins, ties and split units per tuple and player (tuples, players, 3) from the NumPy path (every hand ranked
    through ``Plain.rank_many``, the winners of each board found by NumPy)."""
    return exact_equity.ranked_counts(problem, tuples, Plain)


def assert_counts_agree(players: list[object], board: str = '', dead: str = '', most: int | None = None) -> None:
    """Per holding tuple of the exact plan (the first ``most``), the compiled counts equal NumPy's."""
    problem = equity_problem.read_problem(players, board, dead)  # type: ignore[arg-type]
    plan = exact_equity.plan_exact(problem)
    assert plan is not None
    tuples = plan.tuples[:most]
    ours, theirs = exact_equity.exact_counts(problem, tuples), numpy_counts(problem, tuples)
    np.testing.assert_array_equal(ours, theirs)
    assert (ours[..., 0] + ours[..., 1]).sum(axis=1).min() > 0


def assert_results_agree(players: list[object], board: str = '', dead: str = '') -> None:
    """The whole exact answer, HandRanker against Plain: the same deals, the same shares (the same whole counts,
    weighed the same way)."""
    ours, theirs = equity(players, board, dead, method='exact'), equity(players, board, dead, method='exact',
                                                                        ranker=Plain)
    assert ours.deals == theirs.deals and ours.method == theirs.method == 'exact'
    for mine, other in zip(ours, theirs):
        for name in ('win', 'tie', 'split_share'):
            assert getattr(mine, name) == getattr(other, name)


def test_inline_ranking_is_on_for_handranker_only() -> None:
    assert HandRanker.INLINE_RANKING and not Plain.INLINE_RANKING


# ------------------------------------------------------------------------------------------ exact
@pytest.mark.parametrize('players, dead', [
    (['Ah Kh', 'Qc Qd'], ''),
    (['Ah Kh', 'Qc Qd', 'Js Ts'], ''),
    (['Ah Kh', 'Qh Jh', '2h 3h', '9c 8c'], ''),  # flushes in one suit for three players, another for one
    (['7c 7d', '7h 2s'], '7s 2c 2d'),  # quads and full houses with dead cards of the same ranks
    (['As 5s', 'Kd Kc'], '4s 3s 2h'),  # straight flushes and wheels, with dead cards of the suit
])
def test_preflop_counts_equal_numpy(players: list[object], dead: str) -> None:
    assert_counts_agree(players, dead=dead)


def test_preflop_ranges_and_their_results() -> None:
    """Ranges before the flop (suit symmetry weights the tuples), weighted and narrow: the first tuples per count,
    the whole answer to 1e-12."""
    assert_counts_agree(['AA', 'KQs', '72o'], most=4)
    weighted = Range.parse('AA, KK').weights * np.where(np.arange(1326) % 3 == 0, 0.25, 1.0)
    assert_results_agree([weighted, 'Ac Kd'])
    assert_results_agree(['QQ', 'Ah Kh'], dead='2c')


def test_three_overlapping_ranges_are_the_mean_of_their_hands() -> None:
    """Three ranges before the flop, two of them sharing 99 (suit symmetry and card removal between ranges): the
    exact answer is the plain mean over every compatible tuple of hands of that tuple's exact answer (every tuple
    meets the same number of boards), the tuples listed here without the plan's orbits; and the compiled counts of
    the plan's first tuples equal NumPy's."""
    players = ['JJ', 'TT, 99', '99, 88']
    hands = [[f'{Card.from_index(int(a))} {Card.from_index(int(b))}'
              for a, b in HOLDINGS[np.flatnonzero(Range.parse(text).weights)]] for text in players]
    tuples = [combination for combination in itertools.product(*hands)
              if len(set(' '.join(combination).split())) == 6]
    assert len(tuples) == 6 * (12 * 12 - 30)  # of 36 pairs of nines, 6 share no card
    each = np.array([[(p.win, p.tie, p.split_share) for p in equity(list(hand), method='exact')] for hand in tuples])
    result = equity(players, method='exact')
    assert result.deals == len(tuples) * math.comb(46, 5)
    for player, expected in zip(result, each.mean(axis=0)):
        assert (player.win, player.tie, player.split_share) == pytest.approx(tuple(expected), abs=1e-12)
    assert_counts_agree(players, most=3)


@pytest.mark.parametrize('players, board, dead', [
    (['Ah Kh', 'Qc Qd'], 'Kc 7h 2h', ''),
    (['Ah Kh', 'QQ, JJ, AQs', 'random'], 'Qh 7h 2c', ''),
    ([narrow_weights(1, 0.2), narrow_weights(2, 0.1)], '9s 8s 2d', 'Ad'),
    ([narrow_weights(3, 0.05), 'Td 9d', narrow_weights(4, 0.05), narrow_weights(5, 0.03)], '9s 8s 2d 3c', ''),
    (['random', 'random'], 'As Ks Qs Js 2c', ''),  # a river with a board flush: every holding counted once
])
def test_later_streets_count_as_numpy(players: list[object], board: str, dead: str) -> None:
    assert_counts_agree(players, board, dead, most=400)
    assert_results_agree(players, board, dead)


def test_exact_counts_checks_its_buffers() -> None:
    out = np.zeros((1, 2, 3), dtype=np.int64)
    holes = bytes([51, 47, 46, 42])
    assert _equity.exact_counts(holes, 2, b'', b'', out) == -1 and out.sum() > 0
    assert _equity.exact_counts(bytes([51, 47, 47, 42]), 2, b'', b'', out) == 0  # a card twice: tuple 0
    assert _equity.exact_counts(holes, 2, b'', bytes([51]), out) == 0  # a hole card also dead
    for bad in [(holes, 2, bytes([52, 1, 2]), b'', out), (holes, 2, b'\x01', b'', out),
                (holes, 1, b'', b'', out), (holes, 2, b'', b'', np.zeros(5, dtype=np.int64)),
                (holes[:3], 2, b'', b'', out), (holes, 2, b'', b'', np.zeros((1, 2, 3), dtype=np.int32))]:
        with pytest.raises(ValueError):
            _equity.exact_counts(*bad)


# ------------------------------------------------------------------------------------------ sampled
def assert_within_error(players: list[object], board: str = '', dead: str = '', seed: int = 1,
                        samples: int = 300_000) -> None:
    exact = equity(players, board, dead, method='exact')
    sampled = equity(players, board, dead, method='sampled', samples=samples, seed=seed)
    assert sampled.method == 'sampled' and sampled.deals == samples
    for guess, truth in zip(sampled, exact):
        assert guess.stderr < 0.01
        assert abs(guess.equity - truth.equity) <= 5 * guess.stderr
        assert abs(guess.tie - truth.tie) <= 5 * guess.tie_stderr + 1e-12


@pytest.mark.parametrize('players, board, dead, seed', [
    (['Ah Kh', 'Qc Qd'], '', '', 1),
    (['Ah Kh', 'Qc Qd', 'Js Ts'], '', '2c 2d', 2),
    (['QQ+, AKs', 'Ac Kd'], 'Kh 7c 2d', '', 3),
    ([narrow_weights(6, 0.1), 'random', 'Td 9d'], '9s 8s 2d', 'Ad', 4),
    (['AA', 'AA, KhKd'], '7c 2d 3s', '', 5),  # the second player's AA mostly blocked: some draws from the rest
    ([narrow_weights(7, 0.02), narrow_weights(8, 0.02), 'random'], 'Qh Jh 4c 3s', '', 6),
])
def test_sampled_within_error_bars_of_exact(players: list[object], board: str, dead: str, seed: int) -> None:
    assert_within_error(players, board, dead, seed)


def test_sampled_repeats_per_seed_on_any_executor() -> None:
    players = ['QQ+, AKs', 'random', 'Ah Kh']
    samples = 3 * SAMPLES_PER_TASK + 5
    alone = equity(players, method='sampled', samples=samples, seed=11)
    assert alone.players == equity(players, method='sampled', samples=samples, seed=11).players
    with ThreadPoolExecutor(2) as executor:
        spread = equity(players, method='sampled', samples=samples, seed=11, executor=executor)
    assert spread.players == alone.players
    other = equity(players, method='sampled', samples=samples, seed=12)
    assert other.players != alone.players


def test_sampled_paths_agree_within_error() -> None:
    """The compiled sampler and the NumPy sampler estimate the same numbers (3 random hands, no exact answer)."""
    players = ['random', 'random', 'random']
    ours = equity(players, method='sampled', samples=400_000, seed=3)
    theirs = equity(players, method='sampled', samples=200_000, seed=3, ranker=Plain)
    for mine, other in zip(ours, theirs):
        assert abs(mine.equity - other.equity) <= 5 * np.hypot(mine.stderr, other.stderr)
        assert abs(mine.equity - 1 / 3) <= 5 * mine.stderr


def test_no_compatible_deal_is_an_error_on_both_paths() -> None:
    dead = ' '.join(str(Card.from_index(index)) for index in range(44))
    for ranker in (HandRanker, Plain):
        with pytest.raises(WeightsError, match='no sampled deal'):
            equity(['AA', 'AA', 'AA'], method='sampled', samples=1000, seed=1, ranker=ranker)
        for method in ('sampled', 'exact'):  # 8 cards left: 4 hole cards and a board are 9
            with pytest.raises(CardCountError, match='44 dead cards leave too few for 2 players'):
                equity(['random', 'random'], dead=dead, method=method, ranker=ranker)


def test_sample_checks_its_buffers() -> None:
    stats = np.zeros((3, 6))
    problem = equity_problem.read_problem(['random', 'Ah Kh'], '', '')  # the random player's weights leave out Ah and Kh
    fixed, order = np.array([-1, problem.fixed[1]], dtype=np.int32), np.array([0], dtype=np.int32)
    good = (fixed, b'', b'', order, problem.weights[:1].copy(), bytes(32), 1000, stats)
    _equity.sample(*good)
    assert stats[2, 2] == 1000 and stats[2, 0] > 0
    for position, bad in [(0, np.array([-1, 2000], dtype=np.int32)), (3, np.array([1], dtype=np.int32)),
                          (4, np.ones((1, 1326))), (4, np.full((1, 1326), np.nan)), (5, bytes(8)),
                          (7, np.zeros((2, 6))), (1, bytes([52, 1, 2])), (6, -1)]:
        arguments = list(good)
        arguments[position] = bad
        with pytest.raises(ValueError):
            _equity.sample(*arguments)


# ----------------------------------------------------------------------- weighted shares, at most 1
def random_river_spots(count: int, seed: int) -> Iterator[tuple[list[str], str]]:
    """Two or three players with one to three weighted holdings each, on a random river."""
    rng = np.random.default_rng(seed)
    names = [f'{rank}{suit}' for rank in '23456789TJQKA' for suit in 'cdhs']
    for _ in range(count):
        deck = rng.permutation(52)
        board, rest = deck[:5], deck[5:]
        players = []
        for _ in range(int(rng.integers(2, 4))):
            holdings = {''.join(names[c] for c in sorted(rng.choice(rest, 2, replace=False)))
                        for _ in range(int(rng.integers(1, 4)))}
            players.append(', '.join(f'{h}:{float(rng.choice([0.1, 0.15, 0.2, 0.3, 0.33, 0.7, 0.9]))}'
                                     for h in sorted(holdings)))
        yield players, ' '.join(names[c] for c in board)


def check_shares(players: list[str], board: str) -> None:
    ours = equity(players, board, method='exact')
    theirs = equity(players, board, method='exact', ranker=Plain)
    assert sum(p.equity for p in ours) == pytest.approx(1.0, abs=1e-12)
    for mine, other in zip(ours, theirs):
        for name in ('win', 'tie', 'split_share', 'equity'):
            assert 0.0 <= getattr(mine, name) <= 1.0, (players, board, name, getattr(mine, name))
            assert getattr(mine, name) == getattr(other, name)


def test_a_certain_win_with_fractional_weights_is_one() -> None:
    """The issue's spot: every deal is won by the second player (1.0000000000000002 before)."""
    result = equity(['3d5s:0.7, 7dKd:0.1', 'QsAs:0.2, 4hJs:0.7'], '9d Jc 6h Jh Th', method='exact')
    assert [p.win for p in result] == [0.0, 1.0] and result.players[1].equity == 1.0
    check_shares(['3d5s:0.7, 7dKd:0.1', 'QsAs:0.2, 4hJs:0.7'], '9d Jc 6h Jh Th')


def test_weighted_exact_shares_stay_within_one_and_agree_across_paths() -> None:
    """Thousands of random weighted river spots (seeded): every share in [0, 1], the equities summing to 1, the
    compiled and the NumPy paths equal (before: shares of 1.0000000000000002, paths apart by up to 3.8e-16)."""
    checked = 0
    for players, board in random_river_spots(2500, seed=28):
        try:
            check_shares(players, board)
        except (WeightsError, DuplicateCardError):  # no deal: holdings that all share cards (a player of one
            # weighted holding holds that hand, so such a card is in two hands)
            continue
        checked += 1
    assert checked > 2000
