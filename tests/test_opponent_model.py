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
    """HS of every holding by a plain 1,326 x 1,326 comparison."""
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
    assert np.array_equal(OpponentModel().strengths(board), oracle_strengths(board, uniform), equal_nan=True)
    field = np.random.default_rng(len(board)).random(1326) * (np.arange(1326) % 3 != 0)
    got, expected = OpponentModel().strengths(board, field=field), oracle_strengths(board, field)
    assert np.array_equal(np.isnan(got), np.isnan(expected))
    assert np.allclose(got[~np.isnan(got)], expected[~np.isnan(expected)], rtol=0, atol=1e-12)


def test_strength_examples() -> None:
    strengths = OpponentModel().strengths('Ah Kd 7c 7s 2h')
    assert strengths[StartingHand.parse('7d 7h').holding_index] == 1.0
    assert np.isnan(strengths[StartingHand.parse('Ah 2c').holding_index])
    assert np.nanmin(strengths) >= 0 and np.nanmax(strengths) <= 1
    # the uniform-field strengths are mid-ranks, so they average one half
    assert np.nanmean(OpponentModel().strengths('Qh Jd 2c 8s')) == pytest.approx(0.5, abs=0.01)
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
    strengths = np.array([0.0, 0.29, 0.3, 0.4, 0.5, 0.6, 0.75, 0.71, 1.0, np.nan])
    factor = model.reweight_factor(strengths, 0.5, 0.2)
    assert factor[:3].tolist() == [0.01, 0.01, 0.01] and factor[4] == 0.5 and factor[6:9].tolist() == [1, 1, 1]
    assert factor[3] == pytest.approx(0.25) and factor[5] == pytest.approx(0.75)
    assert model.reweight_factor(np.array([0.49, 0.5]), 0.5, 0).tolist() == [0.01, 1.0]


def test_reweight_multiplies_the_weights() -> None:
    board = 'Qh Jd 2c'
    model = OpponentModel(Range.parse('QQ+, AK, 76s, 22').weights * 0.5).remove_known('As Kd')
    after = model.reweight('bet', board)
    mu, sigma = OpponentModel.ACTION_THRESHOLDS['bet']
    strengths = model.strengths(board)
    touching = np.isin(HOLDINGS, [c.index for c in parse_cards(board)]).any(axis=1)
    expected = np.where(touching, 0, model.weights * np.clip((strengths - mu + sigma) / (2 * sigma), 0.01, 1))
    assert np.allclose(after.weights, np.nan_to_num(expected), atol=0, rtol=1e-15)
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
    assert np.array_equal(after.weights > 0, (model.weights > 0) & (np.nan_to_num(strengths, nan=-1) >= 0.5))
