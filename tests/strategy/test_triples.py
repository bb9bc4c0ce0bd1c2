"""Probability triples (poker.strategy.triples): with no smoothing the PT is Loki-1's action for sure (Peña's
literal translation, checked against LokiStrategy.advise on seeded random hands and situations); with smoothing
each boundary is a linear ramp; the every-holding policy equals the triple holding by holding."""

from __future__ import annotations

import random

import attrs
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from poker import BettingError, parse_cards
from poker.cards.card import Card
from poker.stats.hand_statistics import HandStatistics
from poker.stats.range_stats import range_statistics
from poker.strategy.advice import FullLokiStrategy, LokiStrategy
from poker.strategy.policy import HoldingStatistics, column_of
from poker.strategy.situation import Situation
from poker.strategy.triples import TripleStrategy, ramp


class NoCheckRaise(LokiStrategy):
    """Loki-1's rules the triples translate (a triple has no check-raise)."""

    use_check_raise = False


class NoCheckRaiseFull(FullLokiStrategy):
    use_check_raise = False


BOARDS = ['Ah 7c 2d', '9h 8h 2c', 'Ks Qs 4d 4c', 'Ah 7c 2d 9s Kd', 'Jc Tc 9d 2h']


def _stats(rng: random.Random) -> HandStatistics:
    board = tuple(parse_cards(rng.choice(BOARDS)))
    hs = rng.random()
    ppot = rng.random() * (1 - hs) * 0.9 if len(board) < 5 else 0.0
    npot = rng.random() * hs * 0.5 if len(board) < 5 else 0.0
    opponents = rng.choice([1, 1, 2, 3])
    next_card = rng.random() * ppot if len(board) == 3 else None
    ahead = rng.randrange(0, 1000)
    return HandStatistics(hs=hs, hs_n=hs ** opponents, ppot=ppot, npot=npot, ahead=ahead, tied=0,
                          behind=1000 - ahead, lookahead=5 - len(board) if len(board) < 5 else 0, board=board,
                          opponents=opponents, next_card_ppot=next_card)


def _situation(rng: random.Random) -> Situation:
    bet = rng.choice([2, 4])
    bets = rng.randrange(0, 5)
    to_call = bet * rng.randrange(0, bets + 1) if bets else 0
    called = bool(to_call) and bets >= 2 and rng.random() < 0.4
    return Situation(pot=bet * rng.randrange(1, 20) + bets * bet, to_call=to_call, bet_size=bet,
                     bets_this_round=bets, called_this_round=called)


@pytest.mark.parametrize('strategy', [NoCheckRaise(), NoCheckRaiseFull()], ids=['plain', 'full'])
def test_pure_triples_are_loki_1(strategy: LokiStrategy) -> None:
    rng = random.Random(32)
    pure = TripleStrategy(strategy, width=0.0)
    checked = 0
    for _ in range(3000):
        stats, situation = _stats(rng), _situation(rng)
        triple = pure.triple(stats, situation)
        advice = strategy.advise(stats, situation)
        assert triple.max() == 1.0, (stats, situation, triple)
        assert int(np.argmax(triple)) == column_of(advice.action), (stats, situation, triple, advice)
        checked += 1
    assert checked == 3000


def test_pure_triples_check_raise_and_follow_through_as_loki_1() -> None:
    """With the situation's chance of a bet behind and a semi-bluff to follow through, pure triples take Loki-1's
    check-raise (a Make2 hand checks when a bet behind is likely) and follow-through (the rest bets)."""
    rng = random.Random(33)
    strategy = FullLokiStrategy()
    pure = TripleStrategy(strategy, width=0.0)
    rules: dict[str, int] = {}
    for _ in range(3000):
        stats, situation = _stats(rng), _situation(rng)
        situation = attrs.evolve(situation, bet_behind=rng.choice([0.0, 0.3, 0.6, 0.9]),
                                 follow_through=rng.random() < 0.3)
        triple, advice = pure.triple(stats, situation), strategy.advise(stats, situation)
        assert triple.max() == 1.0 and int(np.argmax(triple)) == column_of(advice.action), (stats, situation, advice)
        rules[advice.rule] = rules.get(advice.rule, 0) + 1
    assert rules['check_raise'] > 30 and rules['semi_bluff_follow'] > 30


def test_bad_rows_are_refused_in_one_line() -> None:
    strategy = TripleStrategy()
    rows = dict(strength=[0.2, 0.9], potential=0.1, chance=0.2, hs_n=0.5, opponents=1, board_cards=4, pot=20,
                to_call=4, bet_size=4, bets=1)
    for name, value, message in [('strength', 1.5, 'strength must hold finite numbers from 0 to 1'),
                                 ('opponents', 1.5, 'opponents must hold finite whole numbers'),
                                 ('board_cards', 2, 'board_cards must hold finite whole numbers from 3 to 5'),
                                 ('pot', float('nan'), 'pot must hold finite numbers'),
                                 ('pot', np.array([1.0, np.inf]), 'pot must hold finite numbers'),
                                 ('bet_size', 0, 'bet_size must hold finite numbers'),
                                 ('called', [0.5], 'called must hold finite whole numbers from 0 to 1'),
                                 ('to_call', 1e300, 'too many bets'),
                                 ('potential', [0.1, 0.2, 0.3], 'must broadcast together'),
                                 ('chance', 'x', 'chance must be an array of numbers')]:
        with pytest.raises(BettingError, match=message) as refused:
            strategy.triples(**{**rows, name: value})
        assert '\n' not in str(refused.value)
    with pytest.raises(BettingError, match='make1 must hold finite numbers from -1 to 2'):
        strategy.triple(_stats(random.Random(1)), Situation(pot=10, to_call=0, bet_size=2), make1=1e308)
    # a threshold no hand reaches: never a raise
    never = strategy.triples(**{**rows, 'make2': 2.0, 'strength': [1.0, 0.9]})
    assert (never[:, 2] == 0).all()


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), st.floats(0.0, 0.5))
def test_triples_are_probabilities(seed: int, width: float) -> None:
    rng = random.Random(seed)
    stats, situation = _stats(rng), _situation(rng)
    triple = TripleStrategy(FullLokiStrategy(), width=width).triple(stats, situation)
    assert triple.shape == (3,) and (triple >= 0).all() and (triple <= 1).all()
    assert abs(triple.sum() - 1) <= 1e-12
    if situation.to_call == 0:
        assert triple[0] == 0.0   # nothing to call: never a fold


def test_ramps_are_linear_between_the_bounds() -> None:
    assert ramp([0.39, 0.4, 0.45, 0.5, 0.55, 0.6, 0.61], 0.5, 0.1).tolist() == pytest.approx(
        [0.0, 0.0, 0.25, 0.5, 0.75, 1.0, 1.0])
    assert ramp([0.49, 0.5], 0.5, 0.0).tolist() == [0.0, 1.0]
    # Make1 alone (river, no potential, no pot odds): the bet share of a hand is linear in EHS' around 0.5
    strategy = TripleStrategy(LokiStrategy(), width=0.1)
    strengths = np.linspace(0.35, 0.65, 31)
    rows = strategy.triples(strength=strengths, potential=0.0, chance=0.0, hs_n=0.0, opponents=1, board_cards=5,
                            pot=10, to_call=0, bet_size=2, bets=0)
    expected = np.clip((strengths - 0.4) / 0.2, 0, 1)
    assert rows[:, 2] == pytest.approx(expected) and rows[:, 1] == pytest.approx(1 - expected)


@pytest.mark.parametrize('board', ['Ah 7c 2d 9s Kd', 'Ks Qs 4d 4c'])
def test_policy_is_the_triple_of_every_holding(board: str) -> None:
    table = HoldingStatistics.from_range_statistics(range_statistics(board=board))
    strategy = TripleStrategy(FullLokiStrategy())
    for situation in (Situation(pot=30, to_call=10, bet_size=10, bets_this_round=1),
                      Situation(pot=30, to_call=0, bet_size=10)):
        policy = strategy.policy(table, situation)
        for index in np.flatnonzero(table.possible)[::37].tolist():
            assert policy.probabilities[index] == pytest.approx(strategy.triple(table.statistics(index), situation),
                                                                abs=1e-12)


def test_bad_inputs_are_refused_in_one_line() -> None:
    with pytest.raises(BettingError, match='width'):
        TripleStrategy(width=0.7)
    with pytest.raises(BettingError, match='strategy'):
        TripleStrategy('loki')  # type: ignore[arg-type]
    preflop = HandStatistics(hs=0.5, hs_n=0.5, ppot=0.0, npot=0.0, ahead=1, tied=0, behind=1, lookahead=0,
                             board=())
    with pytest.raises(BettingError, match='after the flop'):
        TripleStrategy().triple(preflop, Situation(pot=3, to_call=1, bet_size=2))
    assert isinstance(Card.from_index(0), Card)
