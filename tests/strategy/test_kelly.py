"""Kelly sizing (poker.strategy.kelly): the reference value, closed forms, edges, monotony and a brute-force oracle."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from poker import BettingError, OpponentCountError, PokerError, kelly_bet, kelly_fraction
from poker.stats.hand_statistics import HandStatistics
from poker.strategy import Action
from poker.strategy.kelly import kelly_action, kelly_growth, showdown_probabilities

# AA before the flop, heads-up: the exact showdowns won and split of all 2,097,572,400 (issue 5).
AA_WIN, AA_SPLIT, AA_TOTAL = 1_781_508_418, 11_402_312, 2_097_572_400
AA_LOSE = AA_TOTAL - AA_WIN - AA_SPLIT


def literal_growth(x: np.ndarray, win: float, split: float, n: int, retained: float) -> np.ndarray:
    """The objective exactly as the issue writes it, ``z_i = (1 + n + R/x) / (1 + (n - i)) - 1``, for x > 0."""
    total = np.zeros_like(x)
    no_loss = 0.0
    for i in range(n + 1):
        p = math.comb(n, i) * win ** i * split ** (n - i)
        no_loss += p
        z = (1 + n + retained / x) / (1 + (n - i)) - 1
        total += p * np.log(1 + z * x)
    return total + (1 - no_loss) * np.log(1 - x)


def brute_force(win: float, split: float, n: int, retained: float) -> float:
    """The maximiser of the literal objective over 0 and a fine grid on (0, 1), refined once around the best."""
    grid = np.linspace(1e-9, 1 - 1e-9, 20_001)
    values = literal_growth(grid, win, split, n, retained)
    best = int(np.argmax(values))
    fine = np.linspace(grid[max(best - 1, 0)], grid[min(best + 1, grid.size - 1)], 2_001)
    fine_values = literal_growth(fine, win, split, n, retained)
    at_zero = kelly_growth(0.0, win, split, n, retained)
    return 0.0 if at_zero >= fine_values.max() else float(fine[int(np.argmax(fine_values))])


# ------------------------------------------------------------------------------------- reference
def test_reference_aces_heads_up() -> None:
    win, split = AA_WIN / AA_TOTAL, AA_SPLIT / AA_TOTAL
    x = kelly_fraction(win, split)
    exact = Fraction(AA_WIN - AA_LOSE, AA_WIN + AA_LOSE)  # (p_win - p_lose) / (p_win + p_lose)
    assert abs(x - float(exact)) < 1e-12
    assert abs(x - 0.7079225) < 1e-6


def test_kelly_bet_reference_rounds_down() -> None:
    aces = HandStatistics.from_counts(AA_WIN, AA_SPLIT, AA_LOSE)
    exact = Fraction(AA_WIN - AA_LOSE, AA_WIN + AA_LOSE)
    for bankroll in (1, 10, 1_000, 10_000, 123_457):
        assert kelly_bet(aces, bankroll) == math.floor(exact * bankroll)


@settings(max_examples=200, deadline=None)
@given(st.floats(0, 1), st.floats(0, 1), st.floats(0, 5))
def test_heads_up_closed_form(a: float, b: float, retained: float) -> None:
    # Heads-up: g'(x) = w / (1 + R + x) - q / (1 - x), so x = (w - q(1 + R)) / (w + q), clipped at 0.
    win, split = a * (1 - b), b * (1 - a) * 0.5
    lose = 1 - win - split
    x = kelly_fraction(win, split, 1, retained)
    if lose <= 1e-15:
        assert x == (1.0 if win > 0 else 0.0)
    else:
        assert x == pytest.approx(max(0.0, (win - lose * (1 + retained)) / (win + lose)), abs=1e-9)


def test_split_only_matters_with_a_pot_or_company() -> None:
    # Heads-up with nothing retained a split returns the stake: only win and lose count.
    assert kelly_fraction(0.5, 0.3) == pytest.approx((0.5 - 0.2) / (0.5 + 0.2), abs=1e-12)
    # With a second opponent, splitting with one of them wins part of the other's money.
    assert kelly_fraction(0.5, 0.3, opponents=2) > kelly_fraction(0.5, 0.0, opponents=2)


# ------------------------------------------------------------------------------------- edges
@pytest.mark.parametrize(('win', 'split', 'opponents'), [
    (0.0, 0.0, 1), (0.3, 0.0, 1), (0.4, 0.2, 1), (0.4, 0.1, 1), (0.5, 0.0, 1), (0.55, 0.0, 3), (0.0, 0.5, 2),
    (0.45, 0.1, 1)])
def test_no_positive_edge_bets_nothing(win: float, split: float, opponents: int) -> None:
    assert kelly_fraction(win, split, opponents) == 0.0
    # and indeed any bet lowers the expected log growth
    for x in (1e-6, 0.01, 0.2, 0.9):
        assert kelly_growth(x, win, split, opponents) <= kelly_growth(0.0, win, split, opponents) + 1e-15


def test_cannot_lose_bets_everything_can_only_split_bets_nothing() -> None:
    assert kelly_fraction(1.0, 0.0) == 1.0
    assert kelly_fraction(0.7, 0.3, opponents=4) == 1.0
    assert kelly_fraction(0.0, 1.0, opponents=3) == 0.0
    assert kelly_growth(1.0, 0.6, 0.0) == -math.inf


def test_root_is_where_the_slope_vanishes() -> None:
    for win, split, n, r in [(0.7, 0.05, 1, 0.0), (0.8, 0.02, 3, 0.4), (0.66, 0.1, 2, 0.3)]:
        x = kelly_fraction(win, split, n, r)
        assert 0 < x < 1
        h = 1e-6
        assert kelly_growth(x, win, split, n, r) >= kelly_growth(x - h, win, split, n, r)
        assert kelly_growth(x, win, split, n, r) >= kelly_growth(x + h, win, split, n, r)


# ------------------------------------------------------------------------------------- oracle
@settings(max_examples=40, deadline=None)
@given(st.floats(0.05, 0.95), st.floats(0, 0.3), st.integers(1, 6), st.floats(0, 3))
def test_agrees_with_brute_force_maximisation(win: float, split_share: float, n: int, retained: float) -> None:
    split = split_share * (1 - win)
    x = kelly_fraction(win, split, n, retained)
    assert x == pytest.approx(brute_force(win, split, n, retained), abs=2e-6)


def test_objective_matches_the_literal_formula() -> None:
    xs = np.array([0.01, 0.2, 0.5, 0.93])
    for win, split, n, r in [(0.6, 0.1, 1, 0.0), (0.45, 0.05, 3, 0.7), (0.9, 0.01, 5, 2.0)]:
        mine = [kelly_growth(float(x), win, split, n, r) for x in xs]
        assert mine == pytest.approx(literal_growth(xs, win, split, n, r), abs=1e-12)


# ------------------------------------------------------------------------------------- movement
def test_suggestion_falls_as_opponents_join() -> None:
    win, split = AA_WIN / AA_TOTAL, AA_SPLIT / AA_TOTAL
    fractions = [kelly_fraction(win, split, n) for n in range(1, 10)]
    assert all(a > b for a, b in zip(fractions, fractions[1:]))
    # a middling hand has an edge heads-up and none against a crowd
    assert kelly_fraction(0.6, 0.01, 1) > 0 and kelly_fraction(0.6, 0.01, 4) == 0.0


def test_suggestion_falls_as_the_retained_pot_grows() -> None:
    # Wealth in the winning states already includes the pot, so log utility bets less (see the docs).
    for win, split, n in [(AA_WIN / AA_TOTAL, AA_SPLIT / AA_TOTAL, 1), (0.7, 0.05, 2), (0.8, 0.0, 3)]:
        fractions = [kelly_fraction(win, split, n, r) for r in (0.0, 0.1, 0.5, 1.0, 2.0)]
        assert all(a >= b for a, b in zip(fractions, fractions[1:]))
        assert fractions[0] > fractions[-1]


def test_kelly_bet_moves_with_opponents_and_pot_in_chips() -> None:
    stats = HandStatistics.from_counts(70, 5, 25)
    bets = [kelly_bet(stats, 10_000, retained_pot=pot, opponents=n) for n in (1, 2) for pot in (0, 500, 2_000)]
    assert bets == [math.floor(10_000 * kelly_fraction(0.7, 0.05, n, pot / 10_000) * (1 + 1e-12))
                    for n in (1, 2) for pot in (0, 500, 2_000)]
    assert bets[0] > bets[1] > bets[2] and bets[0] > bets[3]


# ------------------------------------------------------------------------------------- statistics
def test_kelly_bet_uses_stats_opponents_by_default() -> None:
    one = HandStatistics.from_counts(80, 0, 20)
    three = HandStatistics.from_counts(80, 0, 20, opponents=3)
    assert kelly_bet(three, 1_000) == kelly_bet(one, 1_000, opponents=3) < kelly_bet(one, 1_000)


def test_showdown_probabilities_from_transitions() -> None:
    # Now: ahead 6, tied 1, behind 3; after the lookahead: ahead 5+0+2, tied 0+1+0, behind 1+0+1.
    transitions = ((5, 0, 1), (0, 1, 0), (2, 0, 1))
    with_lookahead = HandStatistics.from_counts(6, 1, 3, lookahead=1, transitions=transitions)
    assert showdown_probabilities(with_lookahead) == (0.7, 0.1)
    now = HandStatistics.from_counts(6, 1, 3)
    assert showdown_probabilities(now) == (0.6, 0.1)
    assert kelly_bet(with_lookahead, 1_000) != kelly_bet(now, 1_000)


def test_zero_bankroll_bets_nothing() -> None:
    assert kelly_bet(HandStatistics.from_counts(9, 0, 1), 0) == 0


# ------------------------------------------------------------------------------------- errors
@pytest.mark.parametrize(('args', 'error'), [
    ((-0.1, 0.0), BettingError), ((0.5, 1.2), BettingError), ((0.7, 0.4), BettingError),
    ((float('nan'), 0.0), BettingError), ((0.5, 0.1, 0), OpponentCountError), ((0.5, 0.1, True), OpponentCountError),
    ((0.5, 0.1, 1, -1.0), BettingError), ((0.5, 0.1, 1, float('inf')), BettingError)])
def test_bad_arguments_raise(args: tuple, error: type[PokerError]) -> None:
    with pytest.raises(error) as info:
        kelly_fraction(*args)
    assert isinstance(info.value, PokerError)


def test_bad_bankroll_raises_quoting_it() -> None:
    with pytest.raises(BettingError, match='-5'):
        kelly_bet(HandStatistics.from_counts(9, 0, 1), -5)


def test_kelly_action_follows_cassandras_rule_on_every_small_case() -> None:
    """The rule, case by case as Cassandra states it: nothing to call, bet the Kelly bet or check; facing a bet,
    the Kelly bet beyond the call raises, the call itself calls, anything short of it folds."""
    for to_call in range(6):
        for bet in range(8):
            action, put_in = kelly_action(bet, to_call)
            if to_call == 0:
                assert (action, put_in) == ((Action.BET, bet) if bet > 0 else (Action.CHECK, 0))
            elif bet < to_call:
                assert (action, put_in) == (Action.FOLD, 0)
            else:
                assert (action, put_in) == ((Action.CALL, to_call) if bet == to_call else (Action.RAISE, bet))
                assert put_in >= to_call


@pytest.mark.parametrize('args', [(-1, 0), (5, -2), (2.5, 0), (True, 1), ('5', 0), (5, None), (10 ** 16, 0)])
def test_kelly_action_refuses_what_is_not_chips(args: tuple) -> None:
    with pytest.raises(BettingError):
        kelly_action(*args)
