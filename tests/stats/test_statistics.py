"""Player.calculate_hand_statistics: the issue's reference values, the reference path as oracle for the
fast engine, and the showdown-equity identity against a brute-force count."""

from __future__ import annotations

import itertools
import math
import random

import attrs
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from poker import (
    Card, CardCountError, DuplicateCardError, HandRanker, HandStatistics, LookaheadError, OpponentCountError,
    Player, PokerError, StartingHand, WeightsError, parse_cards,
)
from poker.kernel import BEHIND, enumeration_tables, holding_outcomes, tally
from poker.cards.holdings import pair_numbers
from poker.stats.reference import ReferencePlayer, reference_tally
from poker.cards.holdings import HOLDINGS
from poker.ranges.weights import known_holdings, remove_known

SPOT = ('AhQh', '3h 4s Jh')


def indices(text: str) -> list[int]:
    return [card.index for card in parse_cards(text)]


def random_spot(seed: int, board_size: int) -> tuple[list[int], list[int]]:
    cards = random.Random(seed).sample(range(52), 2 + board_size)
    return cards[:2], cards[2:]


def random_weights(seed: int, zeros: float = 0.3) -> np.ndarray:
    rng = np.random.default_rng(seed)
    weights = rng.random(1326) ** 2
    weights[rng.random(1326) < zeros] = 0.0
    return weights


def cards_of(indices_: list[int]) -> list[Card]:
    return [Card.from_index(i) for i in indices_]


# ---------------------------------------------------------------------------- the issue's values
class TestReferenceValues:
    def test_hand_strength(self) -> None:
        stats = Player(*SPOT).calculate_hand_statistics(lookahead=0)
        assert (stats.ahead, stats.tied, stats.behind) == (628, 9, 444)
        assert stats.hs == 0.5851063829787234
        assert stats.holdings == 1081
        assert stats.ppot == stats.npot == 0.0
        assert stats.ehs == stats.ehs_prime == stats.hs_n

    def test_hs_n_for_five_opponents(self) -> None:
        assert Player(*SPOT).calculate_hand_statistics(opponents=5, lookahead=0).hs_n == 0.06857632055948792

    def test_one_card_lookahead(self) -> None:
        stats = Player(*SPOT).calculate_hand_statistics(lookahead=1)
        assert stats.ppot == 0.30112721417069244
        assert stats.npot == 0.0993939393939394
        assert stats.runouts == 45

    def test_two_card_lookahead(self) -> None:
        stats = Player(*SPOT).calculate_hand_statistics()
        assert stats.lookahead == 2 and stats.runouts == 990
        assert stats.transitions == ((529685, 2347, 89688), (3240, 5625, 45), (221903, 680, 216977))
        assert stats.ppot == 0.5041789128745651
        assert stats.npot == 0.14514153391623746
        # not the Java original's values, which its wheel defect skewed
        assert not math.isclose(stats.ppot, 0.5050257, abs_tol=1e-4)
        assert not math.isclose(stats.npot, 0.1433984, abs_tol=1e-4)

    def test_effective_hand_strength(self) -> None:
        stats = Player(*SPOT).calculate_hand_statistics(opponents=2)
        hs_n = 0.5851063829787234 ** 2
        assert stats.hs_n == hs_n
        assert stats.ehs == hs_n + (1 - hs_n) * stats.ppot - hs_n * stats.npot
        assert stats.ehs_prime == hs_n + (1 - hs_n) * stats.ppot

    def test_papp_table_5_1(self) -> None:
        stats = Player('AdQc', '3h 4c Jh').calculate_hand_statistics(lookahead=2)
        assert stats.transitions[BEHIND] == (91981, 1036, 346543)

    def test_rows_sum_to_holdings_times_runouts(self) -> None:
        stats = Player('7s7d', '7c 2h Kd Qs').calculate_hand_statistics()
        for row, count in zip(stats.transitions, (stats.ahead, stats.tied, stats.behind)):
            assert sum(row) == count * stats.runouts

    def test_reference_path_agrees_on_the_issue_spot(self) -> None:
        fast = Player(*SPOT).calculate_hand_statistics(lookahead=1, opponents=5)
        assert ReferencePlayer(*SPOT).calculate_hand_statistics(lookahead=1, opponents=5) == fast


# ---------------------------------------------------------------------------- oracle: reference path
def _compare(hole: list[int], board: list[int], lookahead: int, seed: int) -> None:
    """Engine and reference tallies for uniform weights (exactly) and two random sets (closely)."""
    sets = remove_known(np.stack([np.ones(1326), random_weights(seed), random_weights(seed + 1, zeros=0.9)]),
                        hole + board)
    fast = tally(hole, board, lookahead, sets)
    slow = reference_tally(cards_of(hole), cards_of(board), lookahead, sets)
    assert fast.runouts == slow.runouts == math.comb(52 - 2 - len(board) - 2, lookahead)
    assert np.array_equal(fast.now[0], slow.now[0])
    assert np.array_equal(fast.transitions[0], slow.transitions[0])
    np.testing.assert_allclose(fast.now, slow.now, rtol=1e-12)
    np.testing.assert_allclose(fast.transitions, slow.transitions, rtol=1e-12)


@pytest.mark.parametrize('seed, board_size, lookahead', [
    (1, 5, 0), (2, 5, 0), (3, 5, 0), (4, 4, 0), (5, 3, 0),
    (6, 4, 1), (7, 4, 1), (8, 3, 1),
])
def test_engine_matches_reference(seed: int, board_size: int, lookahead: int) -> None:
    hole, board = random_spot(seed, board_size)
    _compare(hole, board, lookahead, seed)


def test_engine_matches_reference_on_a_flush_board() -> None:
    _compare(indices('AhKs'), indices('2h 7h Th 3h'), 1, 11)


@pytest.mark.slow
@pytest.mark.parametrize('seed', [21, 22])
def test_engine_matches_reference_two_cards_to_come(seed: int) -> None:
    hole, board = random_spot(seed, 3)
    _compare(hole, board, 2, seed)


# ---------------------------------------------------------------------------- property: equity
def brute_force_equity(hole: list[int], board: list[int], lookahead: int, weights: np.ndarray) -> float:
    """Win + tie/2 at the horizon over every opponent holding and runout, weighted, by direct ranking."""
    known = set(hole) | set(board)
    unseen = np.array([c for c in range(52) if c not in known], dtype=np.int8)
    holdings = unseen[np.array(list(itertools.combinations(range(len(unseen)), 2)))]
    positions = list(itertools.combinations(range(len(unseen)), lookahead))
    runouts = unseen[np.array(positions, dtype=np.intp).reshape(len(positions), lookahead)]
    theirs = np.repeat(holdings, len(runouts), axis=0)
    runout = np.tile(runouts, (len(holdings), 1))
    disjoint = ~(theirs[:, :, np.newaxis] == runout[:, np.newaxis, :]).any(axis=(1, 2))
    theirs, runout = theirs[disjoint], runout[disjoint]
    fixed = np.broadcast_to(np.array(board, dtype=np.int8), (len(theirs), len(board)))
    mine = np.broadcast_to(np.array(hole, dtype=np.int8), (len(theirs), 2))
    my_values = HandRanker.rank_many(np.hstack([mine, fixed, runout]))
    their_values = HandRanker.rank_many(np.hstack([theirs, fixed, runout]))
    weight = weights[pair_numbers(theirs[:, 0], theirs[:, 1])]
    score = (my_values > their_values) + 0.5 * (my_values == their_values)
    return float((weight * score).sum() / weight.sum())


@settings(max_examples=20, deadline=None)
@given(cards=st.permutations(range(52)), board_size=st.sampled_from([3, 4, 5]), data=st.data(),
       seed=st.integers(0, 2**32 - 1), zeros=st.sampled_from([0.0, 0.5, 0.95]))
def test_potentials_give_the_showdown_equity(cards: list[int], board_size: int, data: st.DataObject,
                                             seed: int, zeros: float) -> None:
    hole, board = cards[:2], cards[2:2 + board_size]
    lookahead = data.draw(st.integers(0, min(2, 5 - board_size)), label='lookahead')
    weights = random_weights(seed, zeros)
    stats = Player(cards_of(hole), cards_of(board)).calculate_hand_statistics(lookahead=lookahead,
                                                                              weights=weights)
    horizon = stats.hs * (1 - stats.npot) + (1 - stats.hs) * stats.ppot
    assert horizon == pytest.approx(brute_force_equity(hole, board, lookahead, weights), rel=1e-12, abs=1e-12)


def test_potentials_give_the_showdown_equity_two_cards_to_come() -> None:
    hole, board = random_spot(31, 3)
    weights = random_weights(31)
    stats = Player(cards_of(hole), cards_of(board)).calculate_hand_statistics(lookahead=2, weights=weights)
    horizon = stats.hs * (1 - stats.npot) + (1 - stats.hs) * stats.ppot
    assert horizon == pytest.approx(brute_force_equity(hole, board, 2, weights), rel=1e-12, abs=1e-12)


# ---------------------------------------------------------------------------- weights
class TestWeights:
    def test_scaling_changes_nothing(self) -> None:
        weights = random_weights(3)
        first = Player(*SPOT).calculate_hand_statistics(lookahead=1, weights=weights)
        second = Player(*SPOT).calculate_hand_statistics(lookahead=1, weights=weights * 8)
        assert second.hs == pytest.approx(first.hs, rel=1e-14)
        assert second.ppot == pytest.approx(first.ppot, rel=1e-14)
        assert second.npot == pytest.approx(first.npot, rel=1e-14)
        assert second.ahead == pytest.approx(8 * first.ahead, rel=1e-14)

    def test_a_range_of_classes(self) -> None:
        # AhQh on 3h 4s Jh is behind KK, JJ, 44 and 33 (one JJ, three 44, three 33 left) but KK (6 of them)
        stats = Player(*SPOT).calculate_hand_statistics(weights={'KK': 1, 'JJ': 1, '44': 1, '33': 1},
                                                        lookahead=0)
        assert (stats.ahead, stats.tied, stats.behind) == (0, 0, 6 + 3 + 3 + 3)
        assert stats.holdings == 15

    def test_known_cards_never_count(self) -> None:
        weights = np.zeros(1326)
        ah, qh, jh = (Card.parse(c).index for c in ('Ah', 'Qh', 'Jh'))
        with_known = [i for i, (a, b) in enumerate(HOLDINGS) if {int(a), int(b)} & {ah, qh, jh}]
        weights[with_known] = 1000.0
        weights[StartingHand.parse('KdKc').holding_index] = 1.0
        stats = Player(*SPOT).calculate_hand_statistics(weights=weights, lookahead=0)
        assert (stats.ahead, stats.tied, stats.behind, stats.holdings) == (0, 0, 1, 1)

    def test_a_range_object(self) -> None:
        class Range:
            weights = np.ones(1326)
        assert Player(*SPOT).calculate_hand_statistics(weights=Range()) == \
            Player(*SPOT).calculate_hand_statistics()

    def test_identical_sets_per_opponent(self) -> None:
        weights = random_weights(5)
        one = Player(*SPOT).calculate_hand_statistics(opponents=3, weights=weights)
        each = Player(*SPOT).calculate_hand_statistics(weights=[weights, weights * 2, weights])
        assert each.opponents == 3
        assert each.hs_n == pytest.approx(one.hs ** 3, rel=1e-12)
        assert each.hs == pytest.approx(one.hs, rel=1e-12)
        assert each.ppot == pytest.approx(one.ppot, rel=1e-12)
        assert each.npot == pytest.approx(one.npot, rel=1e-12)
        assert each.opponent_hs == pytest.approx((one.hs,) * 3, rel=1e-12)

    def test_a_set_per_opponent(self) -> None:
        player = Player('Td9d', '8d 7c 2d Ks')
        sets = [random_weights(6), {'AA': 1, 'KK': 1, 'AKs': 2}, None]
        stats = player.calculate_hand_statistics(weights=sets)
        alone = [player.calculate_hand_statistics(weights=w) for w in sets]
        assert stats.hs_n == pytest.approx(math.prod(s.hs for s in alone), rel=1e-12)
        assert stats.opponent_hs == pytest.approx([s.hs for s in alone], rel=1e-12)
        # the field: each set scaled to total 1 over the holdings it allows, then averaged
        allowed, _ = player.opponent_weights(sets)
        field = (allowed / allowed.sum(axis=1, keepdims=True)).mean(axis=0)
        averaged = player.calculate_hand_statistics(weights=field)
        assert stats.hs == pytest.approx(averaged.hs, rel=1e-12)
        assert stats.hs == pytest.approx(sum(s.hs for s in alone) / 3, rel=1e-12)
        assert stats.ppot == pytest.approx(averaged.ppot, rel=1e-12)
        assert stats.npot == pytest.approx(averaged.npot, rel=1e-12)
        assert stats.ahead + stats.tied + stats.behind == pytest.approx(1.0)
        assert stats.holdings == np.count_nonzero(field)

    def test_opponents_must_match_the_sets(self) -> None:
        with pytest.raises(OpponentCountError, match='2 weight sets'):
            Player(*SPOT).calculate_hand_statistics(opponents=3, weights=[None, None])

    def test_bad_weights_raise(self) -> None:
        from poker import WeightsError
        player = Player(*SPOT)
        for bad in (np.ones(1325), -np.ones(1326), np.full(1326, np.nan), {'AKx': 1}, b'AKs'):
            with pytest.raises(WeightsError):
                player.calculate_hand_statistics(weights=bad)
        with pytest.raises(WeightsError, match='no holding'):
            Player('AhAs', 'Ad 7c 2d').calculate_hand_statistics(weights={'AA': 1})


# ---------------------------------------------------------------------------- the Player
class TestPlayer:
    def test_forms_of_input(self) -> None:
        player = Player('AhQh', '3h 4s Jh')
        assert Player(['Qh', 'Ah'], [Card.parse('3h'), '4s', 'Jh']) == player
        assert Player(StartingHand.parse('AhQh'), '3h4sJh') == player
        assert player.hole_cards == (Card.parse('Ah'), Card.parse('Qh'))
        assert eval(repr(player)) == player
        assert hash(Player('QhAh', 'Jh 3h 4s')) == hash(player)
        assert player.street == 'flop' and player.cards_to_come == 2
        assert player.hand is not None and player.hand.description == 'High Card, Ace'
        assert player.with_board('3h 4s Jh 2c').street == 'turn'

    def test_bad_cards(self) -> None:
        for hole, board in (('AhQh', '3h 4s'), ('AhQh', '3h 4s Jh 2c 5d 6d'), ('AhQhKh', '3h 4s Jh')):
            with pytest.raises(CardCountError):
                Player(hole, board)
        with pytest.raises(DuplicateCardError, match="'Ah'"):
            Player('AhQh', '3h 4s Ah')
        with pytest.raises(DuplicateCardError):
            Player('AhAh')

    def test_default_lookahead(self) -> None:
        assert [Player('AhQh', board).default_lookahead() for board in ('3h4sJh', '3h4sJh2c', '3h4sJh2c5d')] \
            == [2, 1, 0]

    @pytest.mark.parametrize('board, lookahead', [('3h4sJh', 3), ('3h4sJh2c', 2), ('3h4sJh2c5d', 1),
                                                  ('3h4sJh', -1), ('3h4sJh', True), ('3h4sJh', 1.0)])
    def test_bad_lookahead(self, board: str, lookahead: object) -> None:
        with pytest.raises(LookaheadError, match=repr(lookahead)):
            Player('AhQh', board).calculate_hand_statistics(lookahead=lookahead)  # type: ignore[arg-type]

    @pytest.mark.parametrize('opponents', [0, 23, -1, 2.0, True, '3'])
    def test_bad_opponents(self, opponents: object) -> None:
        with pytest.raises(OpponentCountError):
            Player(*SPOT).calculate_hand_statistics(opponents=opponents)  # type: ignore[arg-type]

    def test_twenty_two_opponents(self) -> None:
        stats = Player(*SPOT).calculate_hand_statistics(opponents=22, lookahead=0)
        assert stats.hs_n == 0.5851063829787234 ** 22

    def test_preflop_is_the_exact_all_in_equity(self) -> None:
        stats = Player('AhAs').calculate_hand_statistics()
        total = 2_097_572_400
        assert stats.hs == pytest.approx((1_781_508_418 + 11_402_312 / 2) / total, abs=1e-15)
        assert (stats.ppot, stats.npot, stats.ehs, stats.income_rate, stats.exact) == (0.0, 0.0, stats.hs_n, 704, True)
        assert stats.win_probability == pytest.approx(1_781_508_418 / total, abs=1e-15)
        three = Player('AhAs').calculate_hand_statistics(opponents=3)
        assert (three.hs_n, three.income_rate) == (stats.hs ** 3, 1554)

    def test_preflop_against_a_set_per_opponent(self) -> None:
        player = Player('AhAs')
        uniform = player.calculate_hand_statistics()
        kings = player.calculate_hand_statistics(weights={'KK': 1})
        both = player.calculate_hand_statistics(weights=[None, {'KK': 1}])
        assert both.opponent_hs == pytest.approx((uniform.hs, kings.hs), abs=1e-15)
        assert both.hs_n == pytest.approx(uniform.hs * kings.hs, abs=1e-15)
        assert both.hs == pytest.approx((uniform.hs + kings.hs) / 2, abs=1e-15)
        assert both.income_rate == 1554 and both.ehs == both.hs_n

    def test_preflop_lookahead_must_be_zero(self) -> None:
        with pytest.raises(PokerError, match='lookahead'):
            Player('AhAs').calculate_hand_statistics(lookahead=1)

    def test_statistics_are_frozen(self) -> None:
        stats = Player(*SPOT).calculate_hand_statistics(lookahead=0)
        assert isinstance(stats, HandStatistics)
        with pytest.raises(AttributeError):
            stats.hs = 1.0  # type: ignore[misc]
        assert stats.hole == (Card.parse('Ah'), Card.parse('Qh'))
        assert stats.to_dict()['board'] == ['3h', '4s', 'Jh']

    def test_hooks(self) -> None:
        calls: list[int] = []

        class CountingRanker(HandRanker):
            @classmethod
            def rank_many(cls, indices, *, validate=True):  # type: ignore[no-untyped-def]
                calls.append(np.asarray(indices).shape[1])
                return super().rank_many(indices, validate=validate)

        class Loki(Player):
            ranker = CountingRanker

            def opponent_weights(self, weights):  # type: ignore[no-untyped-def]
                return super().opponent_weights({'KK': 1} if weights is None else weights)

        stats = Loki(*SPOT).calculate_hand_statistics(lookahead=1)
        assert calls == [5, 6, 6]
        assert (stats.ahead, stats.tied, stats.behind) == (0, 0, 6)
        assert Loki(*SPOT) == Player(*SPOT)


# ---------------------------------------------------------------------------- the engine's tables
@pytest.mark.parametrize('unknown, lookahead', [(47, 2), (47, 1), (46, 1), (45, 0)])
def test_enumeration_tables(unknown: int, lookahead: int) -> None:
    tables = enumeration_tables(unknown, lookahead)
    sentinel = tables.subsets.shape[1]
    assert sentinel == (math.comb(unknown, 2 + lookahead) if lookahead else 0)
    if lookahead:
        valid = tables.grid != sentinel
        assert (valid.sum(axis=1) == tables.runouts).all()
        assert (tables.grid.shape[1] - valid.sum(axis=1) == tables.overlapping).all()
        # every set of 2 + lookahead positions is reached once per split into holding and runout
        assert (np.bincount(tables.grid[valid], minlength=sentinel) == math.comb(2 + lookahead, 2)).all()
    assert tables.runouts == math.comb(unknown - 2, lookahead)


def test_holding_outcomes() -> None:
    outcomes = holding_outcomes(indices('AhQh'), indices('3h 4s Jh 2c'), 1)
    assert len(outcomes.holdings) == 1035 and len(set(outcomes.holdings.tolist())) == 1035
    assert (outcomes.later.sum(axis=1) == 44).all()
    assert np.bincount(outcomes.now, minlength=3).tolist() == [464, 9, 562]
    kk = StartingHand.parse('KdKc').holding_index
    row = outcomes.holdings.tolist().index(kk)
    assert outcomes.now[row] == BEHIND
    assert outcomes.later[row].tolist() == [9 + 3 + 3, 0, 44 - 15]  # a heart, a queen or an ace


# ---------------------------------------------------------------------------- the plain recipe, inline
PLAIN_CASES = [(seed, board_size, lookahead) for seed, (board_size, lookahead) in
               enumerate([(5, 0), (5, 0), (4, 0), (4, 1), (4, 1), (3, 0), (3, 1)], start=40)]


@pytest.mark.parametrize('seed, board_size, lookahead', PLAIN_CASES)
def test_a_plain_player_agrees_with_the_reference(seed: int, board_size: int, lookahead: int) -> None:
    # Player itself takes the kernel's inline counts for None and a Range; the plain loops are the oracle
    from poker import Range

    hole, board = random_spot(seed, board_size)
    player, reference = Player(cards_of(hole), cards_of(board)), ReferencePlayer(cards_of(hole), cards_of(board))
    for opponents in (1, 3):
        assert player.calculate_hand_statistics(opponents, lookahead) == \
            reference.calculate_hand_statistics(opponents, lookahead)  # uniform: exactly
    for weights in (Range(random_weights(seed)), Range.parse('QQ+, AKs, T9s, 22:0.5')):
        fast = player.calculate_hand_statistics(2, lookahead, weights)
        slow = reference.calculate_hand_statistics(2, lookahead, weights)
        assert (fast.holdings, fast.runouts, fast.lookahead, fast.opponents) == \
            (slow.holdings, slow.runouts, slow.lookahead, slow.opponents)
        for name in ('hs', 'hs_n', 'ppot', 'npot', 'ahead', 'tied', 'behind'):
            assert getattr(fast, name) == pytest.approx(getattr(slow, name), rel=1e-12, abs=1e-12)
        np.testing.assert_allclose(fast.transitions, slow.transitions, rtol=1e-12)


def test_a_plain_player_reads_its_inputs_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # no weight sets made, no tally read again by summarise, no record whose fields are read again: the
    # river and the turn cost microseconds, not the reading at every floor
    import poker.stats.player as player_module
    from poker import Range

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError('read again')

    import poker.ranges.weight_inputs

    for name in ('weight_rows', 'read_opponents'):
        monkeypatch.setattr(player_module, name, refuse)
    monkeypatch.setattr(poker.ranges.weight_inputs, 'read_weight_sets', refuse)
    monkeypatch.setattr(player_module.one_hand, 'tally', refuse)
    monkeypatch.setattr(HandStatistics, '__init__', refuse)
    for board, lookahead in (('3h 4s Jh 2c 9d', None), ('3h 4s Jh 2c', None), ('3h 4s Jh', 1)):
        stats = Player('AhQh', board).calculate_hand_statistics(3, lookahead, Range.parse('TT+, AJs+'))
        assert stats.opponents == 3 and stats.holdings > 0
        assert Player('AhQh', board).calculate_hand_statistics(lookahead=lookahead).holdings == \
            math.comb(52 - 2 - len(parse_cards(board)), 2)


def test_a_replaced_hook_takes_the_recipe() -> None:
    summaries: list[int] = []

    class Summarising(Player):
        def summarise(self, tally, opponents, lookahead, sets, per_opponent):  # type: ignore[no-untyped-def]
            summaries.append(lookahead)
            return super().summarise(tally, opponents, lookahead, sets, per_opponent)

    assert Summarising(*SPOT).calculate_hand_statistics(lookahead=1) == \
        Player(*SPOT).calculate_hand_statistics(lookahead=1)
    assert summaries == [1]


def test_a_record_from_read_counts_is_the_record_from_counts() -> None:
    hole, board = tuple(parse_cards('Ah Qh')), tuple(parse_cards('3h 4s Jh 2c'))
    transitions = [[30.0, 1.0, 2.0], [0.0, 4.0, 1.0], [5.0, 0.5, 6.0]]
    quick = HandStatistics._from_read_counts([33.0, 5.0, 11.5], transitions, opponents=4, lookahead=1,
                                             holdings=50, runouts=44, hole=hole, board=board)
    assert quick == HandStatistics.from_counts(33.0, 5.0, 11.5, opponents=4, lookahead=1,
                                               transitions=transitions, holdings=50, runouts=44, hole=hole,
                                               board=board)  # type: ignore[arg-type]
    again = HandStatistics(**{field.name: getattr(quick, field.name) for field in attrs.fields(HandStatistics)})
    assert again == quick and repr(again) == repr(quick)


class StepByStep(Player):
    """The recipe hook by hook (a replaced hook that changes nothing): what a plain Player's shortcuts must equal."""

    def count_outcomes(self, lookahead: int, sets: np.ndarray):  # type: ignore[no-untyped-def]
        return super().count_outcomes(lookahead, sets)


@pytest.mark.parametrize('seed, board_size, lookahead', PLAIN_CASES)
def test_the_recipe_on_values_read_once_is_the_recipe_step_by_step(seed: int, board_size: int, lookahead: int) -> None:
    # arrays, a set per opponent, a model's own sets: the same arithmetic, so the same bits (seeded matches repeat)
    hole, board = cards_of(random_spot(seed, board_size)[0]), cards_of(random_spot(seed, board_size)[1])

    class Modelled(Player):
        def opponent_weights(self, weights):  # type: ignore[no-untyped-def]
            sets, per_opponent = super().opponent_weights(weights)
            return list(sets), per_opponent  # (a list of rows: read again once, as a model's own may need)

    class ModelledStepByStep(Modelled, StepByStep):
        pass

    for weights, opponents in ((random_weights(seed), 2), ([random_weights(seed), random_weights(seed + 1, 0.8)], 2),
                               ({'QQ': 1, 'AKo': 0.3, '76s': 0.7}, 1)):
        for fast, slow in ((Player, StepByStep), (Modelled, ModelledStepByStep)):
            assert fast(hole, board).calculate_hand_statistics(opponents, lookahead, weights) == \
                slow(hole, board).calculate_hand_statistics(opponents, lookahead, weights)


def test_the_recipe_reads_weight_arrays_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import poker.stats.player as player_module

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError('read again')

    monkeypatch.setattr(player_module.one_hand, 'tally', refuse)  # the kernel's door: reads every argument again
    monkeypatch.setattr(HandStatistics, '__init__', refuse)  # the record's fields, each read again
    for board in ('3h 4s Jh 2c 9d', '3h 4s Jh 2c', '3h 4s Jh'):
        stats = Player('AhQh', board).calculate_hand_statistics(2, 1 if len(board) < 12 else 0,
                                                                [random_weights(1), random_weights(2)])
        assert len(stats.opponent_hs) == 2 and stats.hs_n == math.prod(stats.opponent_hs)


def _bits(stats: HandStatistics) -> list[object]:
    """Every field of a record, each float as its exact bits (0.0 and -0.0 differ; == would not tell)."""
    def exact(value: object) -> object:
        if isinstance(value, float):
            return value.hex()
        if isinstance(value, (list, tuple)):
            return [exact(item) for item in value]
        return value
    return [exact(getattr(stats, field.name)) for field in attrs.fields(HandStatistics)]


ARRAY_CASES = [(seed, board_size, lookahead) for seed, (board_size, lookahead) in
               enumerate([(5, 0), (5, 0), (4, 0), (4, 1), (4, 1), (3, 0), (3, 1), (3, 2), (3, 1), (4, 1)], start=60)]


@pytest.mark.parametrize('seed, board_size, lookahead', ARRAY_CASES)
def test_weight_arrays_give_the_recipes_bits(seed: int, board_size: int, lookahead: int) -> None:
    # the quick reading of float64 weight arrays (a model's sets) against the recipe hook by hook, bit for bit:
    # seeded match logs print these figures, so a last bit changed would change a decision somewhere
    hole_numbers, board_numbers = random_spot(seed, board_size)
    hole, board = cards_of(hole_numbers), cards_of(board_numbers)
    rng = np.random.default_rng(seed)
    known = known_holdings([*hole_numbers, *board_numbers])
    modelled = [np.where(known, 0.0, random_weights(seed + k, 0.2 + 0.2 * k)) for k in range(3)]  # as a model's
    odd = random_weights(seed + 7)
    odd[rng.integers(0, 1326, 40)] = 1e-320  # below MIN_WEIGHT: read as 0
    odd[rng.integers(0, 1326, 40)] = -0.0
    narrow = np.zeros(1326)
    narrow[rng.integers(0, 1326, 6)] = rng.random(6)
    narrow[known] = 0.0
    narrow[int(np.flatnonzero(~known)[rng.integers(0, 1000)])] = 0.25  # (one holding at least that may be held)
    cases: list[tuple[object, int | None]] = [
        (modelled[:2], 2), (modelled, None), (tuple(modelled), 3), (np.array(modelled[1:]), 2), (modelled[0], 1),
        (modelled[2], 4), ([odd, narrow], 2), (odd, None), ([narrow], 1), (random_weights(seed), 3),
        ([random_weights(seed + 3), random_weights(seed + 4) * 1e6], None)]  # (weights on the known cards too)
    for weights, opponents in cases:
        quick = Player(hole, board).calculate_hand_statistics(opponents, lookahead, weights)  # type: ignore[arg-type]
        slow = StepByStep(hole, board).calculate_hand_statistics(opponents, lookahead, weights)  # type: ignore[arg-type]
        assert _bits(quick) == _bits(slow)


def test_weight_arrays_are_read_in_a_few_array_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    # a model's float64 sets are not read set by set again (read_weight_sets, remove_known: ~150 µs a call)
    import poker.stats.player as player_module
    import poker.ranges.weight_inputs

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError('read again')

    monkeypatch.setattr(poker.ranges.weight_inputs, 'read_weight_sets', refuse)
    monkeypatch.setattr(player_module, 'remove_known', refuse)
    monkeypatch.setattr(player_module.one_hand.HoldingOutcomes, '__init__', refuse)  # (rows of the memo's outcomes: read)
    for board, lookahead in (('3h 4s Jh 2c 9d', None), ('3h 4s Jh 2c', None), ('3h 4s Jh', 1)):
        weights = [random_weights(1, 0.6), random_weights(2, 0.6)]
        stats = Player('AhQh', board).calculate_hand_statistics(2, lookahead, weights)
        assert len(stats.opponent_hs) == 2 and stats.hs_n == math.prod(stats.opponent_hs)
        assert Player('AhQh', board).calculate_hand_statistics(3, lookahead, weights[0]).opponents == 3


@pytest.mark.parametrize('weights, error', [
    ([np.full(1326, np.nan)], WeightsError), ([-np.ones(1326)], WeightsError), ([np.full(1326, 1e300)], WeightsError),
    ([np.zeros(1326)], WeightsError), (np.array([np.inf] * 1326), WeightsError)])
def test_weight_arrays_refused_as_the_recipe_refuses(weights: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        Player('AhQh', '3h 4s Jh 2c').calculate_hand_statistics(None, None, weights)  # type: ignore[arg-type]
    with pytest.raises(OpponentCountError):
        Player('AhQh', '3h 4s Jh 2c').calculate_hand_statistics(3, None, [random_weights(1), random_weights(2)])


class PreflopStepByStep(Player):
    """The pre-flop recipe hook by hook (a replaced hook that changes nothing)."""

    def preflop_statistics(self, opponents, sets, per_opponent):  # type: ignore[no-untyped-def]
        return super().preflop_statistics(opponents, sets, per_opponent)


def test_uniform_preflop_statistics_are_the_recipes_bits() -> None:
    # every holding (each class's record with the hand's own cards in it) against the recipe, bit for bit
    rng = random.Random(31)
    for number, (first, second) in enumerate(HOLDINGS.tolist()):
        hole = [Card.from_index(second), Card.from_index(first)] if number % 2 else \
            [Card.from_index(first), Card.from_index(second)]
        opponents = None if number % 7 == 0 else rng.randint(1, 22)
        quick = Player(hole).calculate_hand_statistics(opponents)
        slow = PreflopStepByStep(hole).calculate_hand_statistics(opponents)
        assert _bits(quick) == _bits(slow) and repr(quick) == repr(slow) and quick == slow


def test_uniform_preflop_statistics_are_counted_once_a_class(monkeypatch: pytest.MonkeyPatch) -> None:
    # a match deals the same classes again and again: the shipped table is read once a class and opponents
    import poker.stats.preflop_odds

    Player('Ah Kh').calculate_hand_statistics(3)

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError('counted again')

    monkeypatch.setattr(poker.stats.preflop_odds, 'preflop_equity', refuse)
    for hole in ('Ad Kd', 'Ks As', 'Kc Ac'):
        stats = Player(hole).calculate_hand_statistics(3)
        assert stats.opponents == 3 and {card.index for card in stats.hole} == set(indices(hole))
    with pytest.raises(AssertionError):  # (another ranker, another hook: the recipe)
        PreflopStepByStep('Ad Kd').calculate_hand_statistics(3)
