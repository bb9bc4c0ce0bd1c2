"""The match's fast paths (issue 22) against the plain code they replace: each gives exactly what it did."""

from __future__ import annotations

import math
import random

import attrs
import numpy as np
import pytest

from poker import CardCountError, DuplicateCardError, PokerError, WeightsError, parse_cards
from poker.cards.card import Card
from poker.cards.card_inputs import read_board, read_cards
from poker.kernel import one_hand
from poker.ranges.weight_inputs import read_weight_sets, read_weights
from poker.ranges.weights import MIN_WEIGHT, known_holdings
from poker.ranking.ranker import HandRanker
from poker.stats.player import Player
from poker.strategy.reweighting import OpponentModel
from poker.players import frequencies, holding_scales, modelling
from poker.players.loki import LokiPlayer
from poker.table.game import FixedLimitGame, TableView
from poker.table.records import Decision, HandResult
from poker.players.frequencies import ActionFrequencies
from poker.players.holding_scales import holding_scale
from poker.players.modelling import ModellingLokiPlayer, SeatModel


def _boards(count: int, seed: int) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(range(52), rng.choice((0, 3, 4, 5)))) for _ in range(count)]


def _plain_quantile(model: SeatModel, level: float, board: tuple[int, ...]) -> float:
    """The quantile as it was computed before the per-round order (every step in NumPy)."""
    scale = holding_scale(board, model.ranker)
    order = np.argsort(scale, kind='stable')
    live = order[(model.round_start[order] > 0) & ~known_holdings(board)[order]]
    weights = model.round_start[live] if model.QUANTILE_OF_RANGE else np.ones(len(live))
    cumulative = np.cumsum(weights)
    return float(scale[live[min(int(np.searchsorted(cumulative, level * cumulative[-1])), len(live) - 1)]])


class RangeQuantile(SeatModel):
    QUANTILE_OF_RANGE = True


@pytest.mark.parametrize('kind', [SeatModel, RangeQuantile])
def test_the_quantile_is_the_plain_one(kind):
    rng = np.random.default_rng(22)
    levels = [0.0, 1.0, 0.5, 1e-9, 1 - 1e-9] + rng.random(6).tolist() + [k / 1081 for k in (1, 2, 540, 1080)]
    for board in _boards(12, 22):
        model = kind('Opp')
        model.begin_hand([card for card in range(52) if card not in board][:2])
        model.new_round({0: 'preflop', 3: 'flop', 4: 'turn', 5: 'river'}[len(board)], board)
        start = np.where(model.dead, 0.0, rng.random(1326) * (rng.random(1326) > 0.3))  # some live holdings at 0
        model.round_start = start
        live = int(np.count_nonzero((start > 0) & ~known_holdings(board)))
        for level in levels + [k / live for k in (1, 2, live // 2, live - 1)]:   # (level * n whole: the edges)
            assert model._quantile(level, board) == _plain_quantile(model, level, board)


def test_the_showdown_quantile_is_the_plain_count():
    for board in _boards(10, 5):
        if not board:
            continue
        scale = holding_scale(board)
        touching = known_holdings(board)
        live = scale[~touching]
        sorted_live = holding_scales._live_scale(tuple(sorted(board)), HandRanker)
        for holding in np.flatnonzero(~touching)[::97]:
            value = scale[holding]
            plain = (np.count_nonzero(live < value) + np.count_nonzero(live == value) / 2) / len(live)
            below, through = np.searchsorted(sorted_live, value, 'left'), np.searchsorted(sorted_live, value, 'right')
            assert (int(below) + int(through - below) / 2) / len(sorted_live) == plain


def test_the_blended_frequencies_are_the_plain_formula():
    rng = np.random.default_rng(3)
    tally = ActionFrequencies()
    tally.counts = rng.integers(0, 30, size=(4, 3, 3)).astype(float)
    tally.counts[1, 2] = 0  # a context never seen
    for round_index, street in enumerate(('preflop', 'flop', 'turn', 'river')):
        for bets in range(3):
            blended = frequencies.DEFAULT_FREQUENCIES[bets].copy()
            for counts in tally.counts[:round_index + 1, bets]:
                seen = counts.sum()
                if seen:
                    share = min(seen, tally.FULL) / tally.FULL
                    blended = share * counts / seen + (1 - share) * blended
            assert tally.frequencies(street, bets).tolist() == blended.tolist()


def test_the_plain_factor_rule_skips_only_its_checks():
    model = OpponentModel()
    strengths = np.random.default_rng(1).random(1326)
    for mu, sigma in ((0.5, 0.2), (0.1, 0.0), (400.0, 330.0), (0.5, 1e-310)):
        assert np.array_equal(model._linear_factor(strengths, mu, sigma), model.reweight_factor(strengths, mu, sigma))
    with pytest.raises(PokerError):
        model.reweight_factor(np.array([np.nan]), 0.5, 0.2)   # the hook's door still checks


class Halving(OpponentModel):
    def reweight_factor(self, strength, mu, sigma):
        return np.full(len(strength), 0.5)


class HalvingSeat(SeatModel):
    factor_model = Halving()


def test_a_factor_rule_of_its_own_is_still_called():
    model = HalvingSeat('Opp')
    model.begin_hand([])
    model.observe('preflop', 'raise', bets_to_call=1, board=())
    live = ~model.dead
    assert np.all(model.weights[live] == 0.5)


def test_kept_outcomes_are_counted_afresh_and_picked_by_row():
    rng = random.Random(8)
    for _ in range(4):
        cards = rng.sample(range(52), 5 + rng.choice((0, 1)))
        hole, board = tuple(cards[:2]), tuple(cards[2:])
        lookahead = 5 - len(board)
        one_hand._inline_outcomes.cache_clear()
        fresh = one_hand.holding_outcomes(hole, board, lookahead)
        kept = one_hand.holding_outcomes(list(hole), list(board), lookahead)   # from the memo
        assert one_hand._inline_outcomes.cache_info().hits == 1
        grid = one_hand.outcome_grid(hole, board, lookahead).outcomes()       # the NumPy path
        for outcomes in (fresh, kept):
            for name in ('holdings', 'now', 'later'):
                assert np.array_equal(getattr(outcomes, name), getattr(grid, name))
        rows = np.array(sorted(rng.sample(range(len(grid.holdings)), 50)))
        picked = one_hand.holding_outcomes(hole, board, lookahead, rows=rows)
        by_grid = one_hand.outcome_grid(hole, board, lookahead, rows=rows).outcomes()
        for name in ('holdings', 'now', 'later'):
            assert np.array_equal(getattr(picked, name), getattr(by_grid, name))
        assert not picked.later.flags.writeable and not kept.later.flags.writeable


def test_weight_rows_read_at_once_are_those_read_one_by_one():
    rng = np.random.default_rng(4)
    rows = rng.random((4, 1326))
    rows[0, :10] = -0.0
    rows[1, :10] = MIN_WEIGHT / 2
    sets, per_opponent = read_weight_sets(list(rows))
    assert per_opponent and np.array_equal(sets, np.stack([read_weights(row) for row in rows]))
    assert sets.tobytes() == np.stack([read_weights(row) for row in rows]).tobytes()   # -0.0 read as 0.0
    assert sets is not rows and not np.shares_memory(sets, rows)
    bad = rows.copy()
    bad[2, 5] = np.nan
    with pytest.raises(WeightsError, match='finite'):
        read_weight_sets(list(bad))
    bad[2, 5] = -1.0
    with pytest.raises(WeightsError, match='non-negative'):
        read_weight_sets(bad)


def test_a_tuple_of_cards_is_read_as_it_is():
    cards = tuple(parse_cards('Ah Kd 2c'))
    assert read_cards(cards) is cards and read_cards(cards) == tuple(parse_cards(list(cards)))
    with pytest.raises(DuplicateCardError):
        read_cards((cards[0], cards[1], Card.parse('Ah')))
    with pytest.raises(CardCountError):
        read_board(cards[:2])


class Recorder(LokiPlayer):
    """A plain Loki that keeps every view the table showed it."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.views: list[TableView] = []

    def decide(self, view: TableView) -> Decision:
        self.views.append(view)
        return super().decide(view)


def test_the_tables_views_are_those_its_constructor_makes():
    players = [Recorder('Ann'), Recorder('Bob'), Recorder('Cat')]
    game = FixedLimitGame(players, seed=3)
    hands = [game.play_hand() for _ in range(4)]
    for player in players:
        for view in player.views:
            assert view == TableView(**attrs.asdict(view, recurse=False))
    for hand in hands:
        for record in hand.actions:
            assert record == type(record)(**attrs.asdict(record, recurse=False))
        assert hand == HandResult(**attrs.asdict(hand, recurse=False))
        assert type(hand.hands) is type(HandResult(**attrs.asdict(hand, recurse=False)).hands)


class Mumbler:
    name = 'Mum'

    def decide(self, view: TableView) -> object:
        return 'raise'


def test_a_seat_must_decide_with_a_decision():
    with pytest.raises(PokerError, match='Mum must decide with a Decision'):
        FixedLimitGame([Mumbler(), LokiPlayer('Ann')], seed=1).play_hand()


def test_kept_preflop_statistics_are_the_players():
    hole = tuple(parse_cards('Ah Kd'))
    for opponents in (1, 3, 5):
        kept = modelling._preflop_statistics(hole, opponents)
        assert kept == Player(hole).calculate_hand_statistics(opponents=opponents)
        assert modelling._preflop_statistics(hole, opponents) is kept


def test_a_modelling_lokis_statistics_before_the_flop_are_the_players():
    player = ModellingLokiPlayer('Ann')
    game = FixedLimitGame([player, LokiPlayer('Bob')], seed=2)
    hand = game.play_hand()
    decisions = [record.decision for record in hand.actions if record.seat == 0 and record.street == 'preflop'
                 and record.decision is not None]
    assert decisions
    for decision in decisions:
        stats = decision.stats
        assert stats == Player(hand.holes[0]).calculate_hand_statistics(opponents=max(1, stats.opponents))
        assert math.isfinite(stats.hs)
