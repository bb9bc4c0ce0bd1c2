"""Policies (poker.strategy.policy) and Loki's rules as array programs (LokiStrategy.policy, preflop_policy),
compared holding by holding with the plain per-holding rules (LokiStrategy.advise, preflop_advice) on seeded random
views: every street, bets to call, bets made, follow-through, a bet behind, and subclasses that override rules."""

from __future__ import annotations

import functools
import random
from typing import ClassVar

import attrs
import numpy as np
import pytest

from poker import BettingError, PokerError, parse_cards
from poker.cards.card import Card
from poker.cards.holdings import HOLDING_COUNT, HOLDINGS
from poker.cards.starting_hand import HAND_CLASSES, StartingHand
from poker.ranges.weights import known_holdings
from poker.stats.hand_statistics import HandStatistics
from poker.stats.player import Player
from poker.stats.range_stats import range_statistics
from poker.strategy.actions import Action
from poker.strategy.advice import FullLokiStrategy, LokiStrategy
from poker.strategy.situation import Advice, Situation
from poker.strategy.policy import CALL, FOLD, RAISE, HoldingStatistics, Policy, column_of


# ------------------------------------------------------------------------------------- the value
def test_policy_value_is_read_only_and_checked() -> None:
    columns = np.where(known_holdings([5, 9]), -1, CALL).astype(np.int8)
    columns[0] = FOLD if columns[0] >= 0 else -1
    policy = Policy.from_columns(columns)
    assert not policy.probabilities.flags.writeable and not policy.possible.flags.writeable
    with pytest.raises(ValueError):
        policy.probabilities[1, 0] = 0.5
    assert int(policy.possible.sum()) == HOLDING_COUNT - 101
    assert policy.probabilities[policy.possible].sum(axis=1).tolist() == [1.0] * (HOLDING_COUNT - 101)
    assert not policy.probabilities[~policy.possible].any()
    assert policy.at('2c 2d').tolist() == [1.0, 0.0, 0.0]   # holding 0 is 2c 2d
    assert policy.action_at('Ah Kh') == Action.CALL
    assert 'holdings possible' in repr(policy) and len(repr(policy)) < 100
    with pytest.raises(BettingError, match='not possible'):
        policy.at([Card.from_index(5), Card.from_index(40)])


@pytest.mark.parametrize('change', ['shape', 'negative', 'sum', 'impossible', 'none', 'nan'])
def test_policy_refuses_bad_rows(change: str) -> None:
    rows, possible = np.zeros((HOLDING_COUNT, 3)), np.ones(HOLDING_COUNT, dtype=bool)
    rows[:, 1] = 1.0
    if change == 'shape':
        rows = rows[:, :2]
    elif change == 'negative':
        rows[3] = (-0.5, 1.0, 0.5)
    elif change == 'sum':
        rows[3] = (0.5, 0.4, 0.0)
    elif change == 'impossible':
        possible[3] = False
    elif change == 'none':
        possible[:] = False
        rows[:] = 0.0
    else:
        rows[3, 0] = np.nan
    with pytest.raises(PokerError):
        Policy(rows, possible)


def test_mixed_row_has_no_sure_action() -> None:
    rows = np.tile([0.25, 0.25, 0.5], (HOLDING_COUNT, 1))
    policy = Policy(rows, np.ones(HOLDING_COUNT, dtype=bool))
    assert policy.shares() == pytest.approx((0.25, 0.25, 0.5))
    with pytest.raises(BettingError, match='sample it'):
        policy.action_at('Ah Kh')


def test_columns_follow_the_actions() -> None:
    assert [column_of(action) for action in Action] == [FOLD, CALL, CALL, RAISE, RAISE]


# ------------------------------------------------------------------------------------- the rules
class Other(LokiStrategy):
    """Other thresholds and switches (class attributes: the array programs read them)."""

    make2_threshold = 0.8
    make1_threshold = 0.55
    raise_cap = 3
    make1_fold_bets = 3
    use_check_raise = False
    follow_through_river = True
    flop_pot_odds_lookahead = 2
    use_showdown_odds = True


class OwnRules(FullLokiStrategy):
    """Overrides a rule and adds one: those are asked holding by holding, the others run as arrays."""

    rules: ClassVar[tuple[str, ...]] = ('check_raise', 'make2', 'slow_play', 'make1', 'semi_bluff',
                                        'semi_bluff_follow', 'pot_odds_call', 'showdown_odds_call', 'check_or_fold')

    def semi_bluff(self, stats: HandStatistics, situation: Situation) -> Advice | None:
        if situation.to_call > 0 or stats.ppot < 0.25 or not stats.board:
            return None
        return self.bet_or_raise(situation, 'semi_bluff', 'a draw')

    def slow_play(self, stats: HandStatistics, situation: Situation) -> Advice | None:
        if stats.hs_n > 0.97 and len(stats.board) < 5:
            return self.call_or_check(situation, 'slow_play', 'the nuts: slow down')
        return None


class OwnStrength(LokiStrategy):
    """Overrides a measure every rule reads: every rule is asked holding by holding."""

    def strength(self, stats: HandStatistics) -> float:
        return stats.hs_n


STRATEGIES = (LokiStrategy(), FullLokiStrategy(), Other(), OwnRules())


@functools.cache
def board_of(street: str, seed: int) -> tuple[Card, ...]:
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    return tuple(Card.from_index(i) for i in deck[:{'preflop': 0, 'flop': 3, 'turn': 4, 'river': 5}[street]])


@functools.cache
def tables(board: tuple[Card, ...], opponents: int) -> tuple[HoldingStatistics, HoldingStatistics | None]:
    """The arrays for a board, and with the next-card PPOT on the flop."""
    table = HoldingStatistics.from_range_statistics(range_statistics(board=board, opponents=opponents))
    if len(board) != 3:
        return table, None
    ahead = range_statistics(board=board, opponents=opponents, lookahead=1)
    return table, attrs.evolve(table, next_card_ppot=HoldingStatistics.from_range_statistics(ahead).ppot)


def random_situation(rng: random.Random) -> Situation:
    bet = rng.choice((2, 4))
    bets_to_call = rng.choice((0, 0, 1, 1, 2, 3))
    made = bets_to_call + rng.choice((0, 0, 1))
    called = bets_to_call > 0 and made > bets_to_call and rng.random() < 0.5
    return Situation(pot=bet * rng.randint(1, 12), to_call=bet * bets_to_call, bet_size=bet, bets_this_round=made,
                     called_this_round=called, follow_through=rng.random() < 0.3,
                     bet_behind=rng.choice((0.0, 0.5, 0.6, 0.9)))


def oracle_columns(strategy: LokiStrategy, board: tuple[Card, ...], opponents: int, situation: Situation,
                   with_next_card: bool) -> np.ndarray:
    """advise, holding by holding, on the statistics Player's numbers give (RangeStatistics.for_holding), with the
    next-card PPOT one card ahead when the rules ask for it (as LokiPlayer.with_next_card_ppot)."""
    stats = range_statistics(board=board, opponents=opponents)
    ahead = range_statistics(board=board, opponents=opponents, lookahead=1) if with_next_card else None
    columns = np.full(HOLDING_COUNT, -1, dtype=np.int8)
    for index in np.flatnonzero(~known_holdings(card.index for card in board)).tolist():
        hole = StartingHand.from_holding_index(index)
        one = stats.for_holding(hole)
        if ahead is not None and strategy.needs_next_card_ppot(one, situation):
            one = attrs.evolve(one, next_card_ppot=ahead.for_holding(hole).ppot)
        columns[index] = column_of(strategy.advise(one, situation).action)
    return columns


@pytest.mark.parametrize('street', ['preflop', 'flop', 'turn', 'river'])
@pytest.mark.parametrize('seed', [1, 2])
def test_array_rules_equal_the_rules_holding_by_holding(street: str, seed: int) -> None:
    rng = random.Random(f'{street}{seed}')
    board = board_of(street, seed)
    opponents = rng.choice((1, 1, 2, 4))
    plain, ahead = tables(board, opponents)
    compared = 0
    for _ in range(3):
        situation = random_situation(rng)
        for strategy in STRATEGIES:
            table = plain
            if strategy.needs_next_card_policy(table, situation):
                assert ahead is not None
                table = ahead
            got = strategy.policy_columns(table, situation)
            expected = oracle_columns(strategy, board, opponents, situation, ahead is not None)
            assert (got == expected).all(), (strategy, situation, np.flatnonzero(got != expected)[:5])
            assert (strategy.policy(table, situation).probabilities.argmax(axis=1)[got >= 0] == got[got >= 0]).all()
            compared += int((got >= 0).sum())
    assert compared > 3 * 4 * 1000


def test_overridden_rule_changes_the_policy() -> None:
    """The per-holding path is taken for a rule a subclass overrides: the answers differ from the base class's."""
    board, situation = board_of('flop', 3), Situation(pot=8, to_call=0, bet_size=2)
    table, _ = tables(board, 1)
    base, own = FullLokiStrategy().policy_columns(table, situation), OwnRules().policy_columns(table, situation)
    assert (base != own).any()
    assert (own == oracle_columns(OwnRules(), board, 1, situation, False)).all()
    turn = board_of('turn', 3)
    strength = OwnStrength().policy_columns(tables(turn, 1)[0], situation)
    assert (strength == oracle_columns(OwnStrength(), turn, 1, situation, False)).all()
    assert (strength != LokiStrategy().policy_columns(tables(turn, 1)[0], situation)).any()


def test_array_statistics_equal_player() -> None:
    """The arrays hold Player's numbers exactly (a sample of holdings, three opponents: hs_n = hs ** 3)."""
    board = board_of('turn', 5)
    table, _ = tables(board, 3)
    for index in np.flatnonzero(table.possible)[::53].tolist():
        hole = tuple(Card.from_index(int(card)) for card in HOLDINGS[index])
        stats = Player(hole, board).calculate_hand_statistics(opponents=3)
        assert (table.hs_n[index], table.ppot[index], table.ehs_prime[index]) == \
            (stats.hs_n, stats.ppot, stats.ehs_prime)


# ------------------------------------------------------------------------------------- pre-flop
class OwnPreflop(LokiStrategy):
    """Overrides the pre-flop advice: asked holding by holding."""

    tightness = 'tight'

    def preflop_advice(self, hand: object, situation: Situation, **options: object) -> Advice:  # type: ignore[override]
        advice = super().preflop_advice(hand, situation, **options)  # type: ignore[arg-type]
        if advice.action == Action.RAISE and StartingHand(hand).hand_class.endswith('s'):  # type: ignore[arg-type]
            return self.call_or_check(situation, 'suited', 'suited: just call')
        return advice


@pytest.mark.parametrize('strategy', [LokiStrategy(), FullLokiStrategy(), OwnPreflop(), Other()])
def test_preflop_policy_equals_preflop_advice(strategy: LokiStrategy) -> None:
    rng = random.Random(repr(strategy))
    for _ in range(6):
        situation = Situation(pot=rng.choice((3, 7, 11)), to_call=rng.choice((0, 1, 2, 4)), bet_size=2,
                              bets_this_round=rng.choice((1, 2, 3)), put_in_this_round=rng.random() < 0.3)
        players, position = rng.choice((2, 3.4, 5.2, 8)), rng.randint(0, 7)
        small, big = rng.random() < 0.3, rng.random() < 0.3
        policy = strategy.preflop_policy(situation, players=players, position=position, small_blind=small,
                                         big_blind=big)
        assert policy.possible.all()
        for index in range(0, HOLDING_COUNT, 7):
            hand = StartingHand.from_holding_index(index)
            advice = strategy.preflop_advice(hand, situation, players=players, position=position, small_blind=small,
                                             big_blind=big)
            assert policy.action_at(hand) == {Action.CHECK: Action.CALL, Action.BET: Action.RAISE}.get(
                advice.action, advice.action), (hand, advice)
    assert len(HAND_CLASSES) == 169


@pytest.mark.parametrize('board', ['', 'Ah Kd 7c', 'Ah Kd 7c 2s', 'Ah Kd 7c 2s 9h'])
@pytest.mark.parametrize('probabilities', [(1.0, 0.0, 0.0), (0.0, 0.1, 0.9), (1 / 3, 1 / 3, 1 / 3)])
def test_a_policy_everywhere_is_the_one_built_from_its_arrays(board, probabilities) -> None:
    """``Policy.everywhere`` (made without reading its arrays again) holds what the constructor, which reads them,
    holds; its arrays are read-only; a row that is no distribution is refused as the constructor refuses it."""
    from poker.ranges.weights import known_holdings
    possible = ~known_holdings(card.index for card in parse_cards(board))
    rows = np.zeros((1326, 3))
    rows[possible] = probabilities
    fast, slow = Policy.everywhere(board, probabilities), Policy(rows, possible)
    assert np.array_equal(fast.probabilities, slow.probabilities) and np.array_equal(fast.possible, slow.possible)
    assert not fast.probabilities.flags.writeable and not fast.possible.flags.writeable
    with pytest.raises(BettingError, match='sum to 1'):
        Policy.everywhere(board, (0.5, 0.0, 0.0))


def test_a_policy_is_read_at_two_cards_without_a_starting_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    # a seat reads its policy at its own two cards every decision: the row of the holding, in any order or form,
    # the same as read through a StartingHand, with no StartingHand built for two Card objects
    from poker.cards.starting_hand import StartingHand
    rng = np.random.default_rng(31)
    rows = rng.random((HOLDING_COUNT, 3))
    rows /= rows.sum(axis=1, keepdims=True)
    policy = Policy(rows, np.ones(HOLDING_COUNT, dtype=bool))
    expected = {number: policy.probabilities[StartingHand.from_holding_index(number).holding_index].tolist()
                for number in range(HOLDING_COUNT)}
    for number in range(HOLDING_COUNT):
        first, second = StartingHand.from_holding_index(number).cards
        assert policy.at(f'{second} {first}').tolist() == expected[number]
    holes = {number: StartingHand.from_holding_index(number).cards for number in range(0, HOLDING_COUNT, 7)}
    monkeypatch.setattr(StartingHand, '__init__', lambda *args, **kwargs: (_ for _ in ()).throw(AssertionError))
    for number, (first, second) in holes.items():
        assert policy.at((second, first)).tolist() == policy.at([first, second]).tolist() == expected[number]
