"""The opponent model: exact strengths of all holdings, Papp's re-weighting, known cards, subclassing."""

from __future__ import annotations

import numpy as np
import pytest

from poker import (
    Action, CardCountError, HandRanker, OpponentModel, PokerError, Range, StartingHand, WeightsError, parse_cards,
    preflop_equity,
)
from poker.cards.holdings import HOLDINGS
from poker.cards.starting_hand import CLASS_OF_HOLDING, HAND_CLASSES

SHARE = HOLDINGS[:, None, :, None] == HOLDINGS[None, :, None, :]
DISJOINT = ~SHARE.any(axis=(2, 3))


def oracle_strengths(board: str, field: np.ndarray) -> np.ndarray:
    """HS of every holding by a plain 1,326 x 1,326 comparison (NaN where it has none: not live)."""
    cards = [c.index for c in parse_cards(board)]
    touching = np.isin(HOLDINGS, cards).any(axis=1)
    values = np.zeros(1326, dtype=np.int64)
    rows = np.flatnonzero(~touching)
    values[rows] = HandRanker.rank_many(np.column_stack([HOLDINGS[rows], np.tile(cards, (len(rows), 1))]))
    live = DISJOINT & ~touching[None, :]
    weights = np.where(touching, 0.0, field)
    beaten = ((values[:, None] > values[None, :]) & live) @ weights
    tied = ((values[:, None] == values[None, :]) & live) @ weights
    total = live @ weights
    with np.errstate(invalid='ignore', divide='ignore'):
        result = (beaten + tied / 2) / total
    result[touching | (total == 0)] = np.nan
    return result


@pytest.mark.parametrize('board', ['Qh Jd 2c', 'Ah Kh Th 7s', '5s 5d 5h 5c 9s', '2c 3c 4c', 'As Ks Qs Js 9d'])
def test_strengths_against_a_plain_matrix(board: str) -> None:
    uniform = np.ones(1326)
    expected = oracle_strengths(board, uniform)
    assert np.array_equal(OpponentModel().strengths(board), np.nan_to_num(expected, nan=0.0))
    assert np.array_equal(OpponentModel().live(board), ~np.isnan(expected))
    field = np.random.default_rng(len(board)).random(1326) * (np.arange(1326) % 3 != 0)
    got, expected = OpponentModel().strengths(board, field=field), oracle_strengths(board, field)
    live = OpponentModel().live(board, field=field)
    assert np.array_equal(live, ~np.isnan(expected)) and not np.isnan(got).any() and (got[~live] == 0).all()
    assert np.allclose(got[live], expected[live], rtol=0, atol=1e-12)


def test_a_holding_that_meets_no_field_is_not_live() -> None:
    board, field = '2c 3d 4h', 'AhKh'
    live = OpponentModel().live(board, field=field)
    assert not live[StartingHand.parse('Ah Qs').holding_index] and live[StartingHand.parse('Qs Js').holding_index]
    model = OpponentModel()
    after = model.reweight('raise', board, field=field)
    assert after.weights[StartingHand.parse('Ah Qs').holding_index] == 1.0  # no strength: its weight is kept
    assert after.weights[StartingHand.parse('2c 5s').holding_index] == 0.0  # a board card
    assert after.weights[StartingHand.parse('Qs Js').holding_index] == 0.01  # loses to AhKh's ace high


def test_strength_examples() -> None:
    strengths = OpponentModel().strengths('Ah Kd 7c 7s 2h')
    assert strengths[StartingHand.parse('7d 7h').holding_index] == 1.0
    assert strengths[StartingHand.parse('Ah 2c').holding_index] == 0.0  # a board card: no strength, and no NaN
    assert not OpponentModel().live('Ah Kd 7c 7s 2h')[StartingHand.parse('Ah 2c').holding_index]
    assert strengths.min() >= 0 and strengths.max() <= 1
    # the uniform-field strengths are mid-ranks, so they average one half
    turn = 'Qh Jd 2c 8s'
    assert OpponentModel().strengths(turn)[OpponentModel().live(turn)].mean() == pytest.approx(0.5, abs=0.01)
    assert OpponentModel().live().all()  # before the flop every holding has a strength
    with pytest.raises(CardCountError):
        OpponentModel().strengths('Qh Jd')


def test_preflop_strengths_follow_income_rates() -> None:
    strengths = OpponentModel().preflop_strengths()
    rates = np.array([HandRanker.income_rate(HAND_CLASSES[c], 6) for c in CLASS_OF_HOLDING])
    order = np.argsort(rates, kind='stable')
    assert (np.diff(strengths[order]) >= 0).all()
    assert np.isclose(strengths.mean(), 0.5)
    assert HAND_CLASSES[CLASS_OF_HOLDING[np.argmax(strengths)]] == 'AA'


def test_reweight_factor_is_papps_ramp() -> None:
    model = OpponentModel()
    strengths = np.array([0.0, 0.29, 0.3, 0.4, 0.5, 0.6, 0.75, 0.71, 1.0])
    factor = model.reweight_factor(strengths, 0.5, 0.2)
    assert factor[:3].tolist() == [0.01, 0.01, 0.01] and factor[4] == 0.5 and factor[6:9].tolist() == [1, 1, 1]
    assert factor[3] == pytest.approx(0.25) and factor[5] == pytest.approx(0.75)
    assert model.reweight_factor(np.array([0.49, 0.5]), 0.5, 0).tolist() == [0.01, 1.0]
    with pytest.raises(PokerError, match='strengths must hold finite numbers'):
        model.reweight_factor(np.array([0.5, np.nan]), 0.5, 0.2)  # strengths have no NaN: none is read as one


def test_reweight_multiplies_the_weights() -> None:
    board = 'Qh Jd 2c'
    model = OpponentModel(Range.parse('QQ+, AK, 76s, 22').weights * 0.5).remove_known('As Kd')
    after = model.reweight('bet', board)
    mu, sigma = OpponentModel.ACTION_THRESHOLDS['bet']
    strengths = model.strengths(board)
    touching = np.isin(HOLDINGS, [c.index for c in parse_cards(board)]).any(axis=1)
    expected = np.where(touching, 0, model.weights * np.clip((strengths - mu + sigma) / (2 * sigma), 0.01, 1))
    assert np.allclose(after.weights, expected, atol=0, rtol=1e-15)
    assert after.weights[StartingHand.parse('Qc Qs').holding_index] == 0.5  # a set keeps its weight
    assert after.weights[StartingHand.parse('7c 6c').holding_index] == pytest.approx(0.005)
    assert after.weights[StartingHand.parse('Qh Qs').holding_index] == 0  # holds a board card
    assert not model.weights.flags.writeable and model.weights is not after.weights
    presets = OpponentModel.ACTION_THRESHOLDS
    assert presets[Action.RAISE][0] > presets['bet'][0] > presets['call'][0]
    assert after == after and after != model  # identity equality: models are not values of their weights


def test_preflop_reweight_and_preflop_equity() -> None:
    raised = OpponentModel().remove_known('Ah Kh').reweight((0.9, 0.05))
    assert raised.weights[StartingHand.parse('Ad As').holding_index] == 1.0
    assert raised.weights[StartingHand.parse('7c 2d').holding_index] == 0.01
    versus_uniform = preflop_equity('Ah Kh').equity
    versus_raiser = preflop_equity('Ah Kh', raised, method='sampled', samples=50_000, seed=2)
    assert versus_raiser.equity < versus_uniform - 0.05
    assert OpponentModel.threshold(0.3) == 0.7


def test_known_cards_and_all_zero() -> None:
    model = OpponentModel('AA, KhKs')
    assert len(model.remove_known('Ah').range) == 4
    with pytest.raises(WeightsError, match='Ac Ad Ah As Kh'):
        model.remove_known('Ac Ad Ah As Kh')
    with pytest.raises(WeightsError):
        OpponentModel(np.zeros(1326))
    with pytest.raises(WeightsError):
        OpponentModel('AhAs').reweight('call', 'Ah 7c 2d')
    with pytest.raises(PokerError, match='shove'):
        model.reweight('shove')
    with pytest.raises(PokerError):
        model.reweight((0.5, -0.1))
    assert repr(model) == "OpponentModel('AA, KsKh')"
    assert np.asarray(model).tolist() == Range.parse('AA, KhKs').weights.tolist()


class Stepper(OpponentModel):
    """A subclass with a hard threshold instead of Papp's ramp."""

    LOW_FACTOR = 0.0

    def reweight_factor(self, strength: np.ndarray, mu: float, sigma: float) -> np.ndarray:
        return np.where(strength >= mu, 1.0, self.LOW_FACTOR)


def test_subclass_hooks_are_used_and_kept() -> None:
    model = Stepper().remove_known('2c')
    assert type(model) is Stepper
    after = model.reweight((0.5, 0.3), 'Qh Jd 2d')
    assert type(after) is Stepper
    strengths = model.strengths('Qh Jd 2d')
    assert set(after.weights.tolist()) == {0.0, 1.0}
    assert np.array_equal(after.weights > 0, (model.weights > 0) & model.live('Qh Jd 2d') & (strengths >= 0.5))


@pytest.mark.parametrize('board', ['Qh Jd 2c', 'Ah Kh Th 7s', 'Ks 7h 2d 9c 4s'])
def test_no_output_marks_the_holdings_with_a_board_card_with_nan(board: str) -> None:
    from poker.ranges.weights import known_holdings
    from poker.players.holding_scales import fast_potentials, holding_scale
    from poker.players.modelling import SeatModel
    cards = [card.index for card in parse_cards(board)]
    touching = known_holdings(cards)
    model = OpponentModel().remove_known('As')
    outputs = {
        'strengths': model.strengths(board), 'strengths with a field': model.strengths(board, field='QQ+, AK'),
        'reweight': model.reweight('bet', board).weights, 'holding_scale': holding_scale(cards),
        'fast_potentials': fast_potentials(cards),
    }
    for name, values in outputs.items():
        assert values.shape == (1326,) and not np.isnan(values).any(), name
        assert (values[touching] == 0).all(), name  # no strength, no weight: 0
    assert not model.live(board)[touching].any()
    seat = SeatModel('Bob')
    seat.begin_hand([51])
    seat.observe('flop', 'bet', bets_to_call=0, board=cards[:3])
    assert not np.isnan(seat.weights).any() and (seat.weights[known_holdings(cards[:3])] == 0).all()
