"""Weighted counts summed exactly (poker.kernel.exact_sums, issue 31): the pieces' sums combined are the exact sum
rounded once (a Fraction oracle), whatever the order of the additions; Player's one hand and the range pass's every
hand give the same float64 numbers for fractional weights."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from poker.cards.card import Card
from poker.cards.holdings import HOLDINGS
from poker.kernel.exact_sums import PIECE, combine_pieces, whole_pieces
from poker.kernel.range_passes import range_tally, weighted_counts
from poker.ranges.weights import known_holdings
from poker.stats.player import Player
from poker.stats.range_stats import field_statistics, range_statistics


@pytest.mark.parametrize('spread', ['model', 'wide', 'whole', 'sparse'])
def test_pieces_combine_to_the_exact_sum_rounded_once(spread: str) -> None:
    rng = np.random.default_rng({'model': 1, 'wide': 2, 'whole': 3, 'sparse': 4}[spread])
    for _ in range(150):
        n = int(rng.integers(1, 1327))
        weights = {'model': lambda: rng.uniform(0.01, 1, n), 'wide': lambda: np.exp(rng.uniform(-60, 60, n)),
                   'whole': lambda: rng.integers(0, 40, n).astype(float),
                   'sparse': lambda: rng.uniform(0.01, 1, n) * (rng.random(n) < 0.2)}[spread]()
        counts = rng.integers(0, 991, n).astype(float)
        exponent, pieces = whole_pieces(weights)
        assert all(np.array_equal(piece, np.floor(piece)) and piece.max() < PIECE for piece in pieces)
        got = combine_pieces([piece @ counts for piece in pieces], exponent)
        backwards = combine_pieces([piece[::-1] @ counts[::-1] for piece in pieces], exponent)
        exact = sum((Fraction(w) * int(c) for w, c in zip(weights.tolist(), counts.tolist())), Fraction(0))
        assert float(got) == float(exact) == float(backwards)


def test_whole_weights_are_one_piece_and_counted_as_they_are() -> None:
    weights = np.arange(1326, dtype=np.float64)
    exponent, pieces = whole_pieces(weights)
    assert exponent == 0 and len(pieces) == 1 and np.array_equal(pieces[0], weights)


def _cards(indices: list[int]) -> list[Card]:
    return [Card.from_index(int(index)) for index in indices]


@pytest.mark.parametrize('size', [3, 4, 5])
def test_range_statistics_with_fractional_weights_is_player_to_the_last_bit(size: int) -> None:
    """Before the exact sums, the range pass (a walk per runout, card removal by differences) and Player (a matrix
    product per hand) rounded fractional weights each their own way: the numbers differed in the last bits."""
    rng = np.random.default_rng(size)
    deck = rng.permutation(52).tolist()
    board = deck[:size]
    weights = rng.uniform(0.01, 1.0, 1326)
    stats = range_statistics(board=_cards(board), weights=weights)
    holdings = rng.choice(stats.holdings, 12, replace=False).tolist()
    for number in holdings:
        low, high = (int(card) for card in HOLDINGS[number])
        own = np.where(known_holdings([low, high, *board]), 0.0, weights)
        one = Player(_cards([low, high]), _cards(board)).calculate_hand_statistics(weights=own)
        assert stats.for_holding(_cards([low, high])) == one


@pytest.mark.parametrize('size', [3, 4, 5])
def test_field_statistics_is_player_with_a_set_per_opponent(size: int) -> None:
    rng = np.random.default_rng(10 + size)
    board = rng.permutation(52).tolist()[:size]
    sets = [rng.uniform(0.01, 1.0, 1326) for _ in range(3)]
    for weights in sets:
        weights[rng.random(1326) < 0.1] = 0.0
    lookahead = min(2, 5 - size)
    holdings, hs_n, ppot = field_statistics(tuple(board), sets, lookahead)  # type: ignore[misc]
    for at in rng.choice(len(holdings), 10, replace=False).tolist():
        low, high = (int(card) for card in HOLDINGS[holdings[at]])
        known = known_holdings([low, high, *board])
        one = Player(_cards([low, high]), _cards(board)).calculate_hand_statistics(
            weights=[np.where(known, 0.0, weights) for weights in sets])
        assert (float(hs_n[at]), float(ppot[at])) == (one.hs_n, one.ppot)


def test_weighted_counts_are_range_tally_s() -> None:
    rng = np.random.default_rng(7)
    board = rng.permutation(52).tolist()[:4]
    hero, opponent = np.ones(1326), rng.uniform(0.01, 1.0, 1326)
    holdings, now, transitions = weighted_counts(board, 1, hero, opponent)
    tally = range_tally(board, 1, hero, opponent)
    assert np.array_equal(holdings, tally.holdings) and np.array_equal(now, tally.now)
    assert np.array_equal(transitions, tally.transitions)  # type: ignore[arg-type]


@pytest.mark.parametrize('method', ['grid', 'narrow'])
def test_every_pass_gives_the_same_exact_counts_for_fractional_weights(method: str) -> None:
    """The NumPy passes (a ranker subclass's) and the compiled pass sum fractional weights by whole pieces: the
    same counts now and transitions to the last bit (before, they agreed to rounding only)."""
    rng = np.random.default_rng(21)
    board = rng.permutation(52).tolist()[:4]
    hero = np.zeros(1326)
    hero[rng.choice(1326, 40, replace=False)] = 1.0
    opponent = np.zeros(1326)
    chosen = rng.choice(1326, 50 if method == 'narrow' else 400, replace=False)
    opponent[chosen] = rng.uniform(0.01, 1.0, len(chosen))
    compiled = range_tally(board, 1, hero, opponent)
    other = range_tally(board, 1, hero, opponent, method=method)  # type: ignore[arg-type]
    assert compiled.method == 'compiled' and other.method == method
    assert np.array_equal(compiled.holdings, other.holdings) and np.array_equal(compiled.now, other.now)
    assert np.array_equal(compiled.transitions, other.transitions)  # type: ignore[arg-type]
