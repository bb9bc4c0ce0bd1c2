"""Opponent models (Papp ch. 7): a range re-weighted by an action, and the seats' models that Loki plays against.

Two layers, one file (it merges test_opponent_model.py and test_opponent_modelling.py, issue 29):

* ``OpponentModel`` (``poker.strategy.reweighting``): exact strengths of all holdings against a plain 1,326 x
  1,326 comparison, Papp's re-weighting ramp, known cards, subclassing.
* The players' models (``SeatModel``, ``ModellingLokiPlayer``): action frequencies (Table B.2 and eq. 7.3),
  thresholds, re-weighting per round, the holding scale, showdown odds, and decisions using them.

tests/package/test_opponent_counts.py is about something else: the ``opponents`` argument (how many), read
alike by every public taker.
"""

from __future__ import annotations

import attrs
import numpy as np
import pytest

from poker import (
    Action, CardCountError, DuplicateCardError, HandRanker, PokerError, Range, StartingHand, WeightsError,
    parse_cards, preflop_equity,
)
from poker.cards.holdings import HOLDINGS
from poker.cards.starting_hand import CLASS_OF_HOLDING, HAND_CLASSES
from poker.stats.hand_statistics import HandStatistics
from poker.stats.player import Player
from poker.strategy.advice import LokiStrategy
from poker.strategy.situation import Situation
from poker.strategy.reweighting import OpponentModel
from poker.players.frequencies import DEFAULT_FREQUENCIES, ActionFrequencies
from poker.players.holding_scales import fast_potentials, holding_scale, preflop_scale
from poker.players.modelling import ModellingLokiPlayer, SeatModel
from poker.table.game import FixedLimitGame

# ======================================================================================= OpponentModel
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


# ======================================================================================= the table's models
FLOP = [card.index for card in parse_cards('9h 8h 2c')]


def index(text):
    return StartingHand(text).holding_index


class Fixed(SeatModel):
    """A model whose action frequency is set by hand."""

    share = 0.3

    def frequency(self, street, action, bets_to_call):
        return None if action in ('check', 'fold') else self.share


def fresh(cls=SeatModel, known=(), **kwargs):
    model = cls('Opp', **kwargs)
    model.begin_hand(known)
    return model


# --------------------------------------------------------------------------------------- frequencies
def test_table_b2_defaults_and_the_blend_of_eq_7_3():
    assert DEFAULT_FREQUENCIES.tolist() == [[0, 0.5, 0.5], [0.5, 0.3, 0.2], [0.7, 0.2, 0.1]]
    tally = ActionFrequencies()
    assert tally.frequencies('flop', 2).tolist() == [0.7, 0.2, 0.1]
    for _ in range(5):
        tally.observe('preflop', 1, 'call')
    assert tally.frequencies('preflop', 1) == pytest.approx([0.375, 0.475, 0.15])   # 1/4 observed, 3/4 B.2
    for _ in range(25):
        tally.observe('preflop', 1, 'call')
    assert tally.frequencies('preflop', 1).tolist() == [0.0, 1.0, 0.0]             # 20+: observed alone
    assert tally.frequencies('flop', 1).tolist() == [0.0, 1.0, 0.0]                # eq. 7.4: from the round before
    assert tally.frequencies('preflop', 1, specific=False).tolist() == [0.5, 0.3, 0.2]
    tally.observe('river', 7, 'raise')
    assert tally.counts[3, 2, 2] == 1                                               # 2+ bets
    with pytest.raises(Exception, match='unknown round'):
        tally.observe('showdown', 0, 'call')


# --------------------------------------------------------------------------------------- thresholds
def test_papps_preflop_example_raises_30_percent_gives_mu_118():
    assert fresh(Fixed).threshold('preflop', 'raise', 1, ()) == 118.0


def test_mu_is_the_one_minus_f_quantile():
    scale = preflop_scale()
    for share in (0.05, 0.2, 0.5):
        model = fresh(Fixed)
        model.share = share
        mu = model.threshold('preflop', 'raise', 1, ())
        assert np.mean(scale > mu) <= share <= np.mean(scale >= mu)


def test_reweighting_factor_floor_and_half_at_mu():
    model = fresh(Fixed, known=[card.index for card in parse_cards('Ac Kd')])
    model.observe('preflop', 'raise', bets_to_call=1, board=())
    scale, mu = preflop_scale(), model.applied_mu
    live = ~model.dead
    assert model.weights[model.dead].tolist() == [0.0] * int(model.dead.sum())
    assert model.weights[live].min() == 0.01
    assert np.all(model.weights[live & (scale >= mu + 330)] == 1.0)
    assert np.all(model.weights[live & (scale <= mu - 330)] == 0.01)
    assert np.allclose(model.weights[live & (scale == mu)], 0.5) and np.any(live & (scale == mu))
    expected = np.clip((scale - mu + 330) / 660, 0.01, 1.0)
    assert np.allclose(model.weights[live], expected[live])


def test_no_preflop_reweighting_below_the_fifth_percentile():
    model = fresh(Fixed)
    model.share = 0.97
    assert model.threshold('preflop', 'call', 1, ()) is None
    model.observe('preflop', 'call', bets_to_call=1, board=())
    assert model.range_share() == 1.0


def test_once_per_round_from_the_saved_copy():
    raised_then_called = fresh(specific=False)
    raised_then_called.observe('preflop', 'raise', bets_to_call=1, board=())
    after_raise = raised_then_called.weights.copy()
    raised_then_called.observe('preflop', 'call', bets_to_call=2, board=())     # lower threshold: nothing
    assert np.array_equal(raised_then_called.weights, after_raise)
    called_then_raised = fresh(specific=False)
    called_then_raised.observe('preflop', 'call', bets_to_call=1, board=())
    called_then_raised.observe('preflop', 'raise', bets_to_call=2, board=())    # higher: redone from the copy
    direct = fresh(specific=False)
    direct.observe('preflop', 'raise', bets_to_call=2, board=())
    assert np.allclose(called_then_raised.weights, direct.weights)


def test_rounds_multiply_and_board_cards_drop_out():
    model = fresh()
    model.observe('preflop', 'raise', bets_to_call=1, board=())
    preflop = model.weights.copy()
    model.observe('flop', 'bet', bets_to_call=0, board=FLOP)
    assert model.weights[index('9h 9s')] == 0.0 and model.round_start[index('Ad Kd')] == preflop[index('Ad Kd')]
    assert model.weights[index('Ad Ac')] == pytest.approx(preflop[index('Ad Ac')] * 1.0)
    assert model.weights[index('7c 3d')] == 0.01
    model.observe('flop', 'check', bets_to_call=0, board=FLOP)                 # a check implies nothing
    assert model.tally.counts[1, 0, 1] == 1


def test_generic_ignores_what_it_saw_specific_uses_it():
    generic, specific = fresh(specific=False), fresh(specific=True)
    for model in (generic, specific):
        for _ in range(40):
            model.tally.observe('preflop', 1, 'raise')   # a maniac: raises every hand
    generic.observe('preflop', 'raise', bets_to_call=1, board=())
    specific.observe('preflop', 'raise', bets_to_call=1, board=())
    assert generic.range_share() < 0.3
    assert specific.range_share() == 1.0        # raising every hand says nothing


# --------------------------------------------------------------------------------------- the scale
def test_hand_strength_part_of_the_scale_against_two_oracles():
    board = [card.index for card in parse_cards('Ks 7h 2d 9c 4s')]
    river = holding_scale(board)                                   # no potential on the river: HS1 alone
    oracle = OpponentModel().strengths('Ks 7h 2d 9c 4s')
    assert np.allclose(river, oracle) and not np.isnan(river).any()  # 0 for the holdings with a board card
    for text in ('Ah Kh', '7c 7d', '3c 5c'):
        stats = Player(text, 'Ks 7h 2d 9c 4s').calculate_hand_statistics()
        assert river[index(text)] == pytest.approx(stats.hs)


def test_fast_potentials_count_outs():
    ppot = fast_potentials(FLOP)
    flush_and_overs = 9 + 1.5 * 2       # Ah Kh on 9h 8h 2c: 9 hearts, two overcards
    assert ppot[index('Ah Kh')] == pytest.approx(1 - (1 - flush_and_overs / 47) * (1 - flush_and_overs / 46))
    open_ended = 8                       # Tc Jd: 7 and Q make a straight
    assert ppot[index('Tc Jd')] == pytest.approx(1 - (1 - (open_ended + 3) / 47) * (1 - (open_ended + 3) / 46))
    assert ppot[index('3d 4s')] == 0.0
    assert ppot[index('9h 9s')] == 0.0  # a board card: 0, not NaN
    turn = fast_potentials(FLOP + [parse_cards('3s')[0].index])
    assert turn[index('Ah Kh')] == pytest.approx(12 / 46)
    assert not fast_potentials(FLOP + [1, 5]).any()  # the river: nothing to come
    with pytest.raises(DuplicateCardError):
        fast_potentials(FLOP + [0, 1])  # 2c twice: once read as a river


def test_scale_is_ehs_prime_with_hs1_and_the_fast_potential():
    scale = holding_scale(FLOP)
    hs = Player('Ah Kh', '9h 8h 2c').calculate_hand_statistics().hs
    ppot = fast_potentials(FLOP)[index('Ah Kh')]
    assert scale[index('Ah Kh')] == pytest.approx(hs + (1 - hs) * ppot)


# --------------------------------------------------------------------------------------- at the table
def test_seats_model_each_other_and_decide_against_the_models():
    seats = [ModellingLokiPlayer(name) for name in ('Ann', 'Bob', 'Cat')]
    game = FixedLimitGame(seats, seed=3)
    for _ in range(6):
        game.play_hand()
    ann = seats[0]
    assert set(ann.models) == {'Bob', 'Cat'}
    assert ann.models['Bob'].tally.counts.sum() > 0
    assert sum(s.net for s in game.summary()) == 0


def test_hs_n_is_the_product_of_per_opponent_hs_or_the_field():
    product = ModellingLokiPlayer('Ann')
    field = ModellingLokiPlayer('Ann', hs_mode='field')
    bob, cat = fresh(), fresh()
    bob.observe('preflop', 'raise', bets_to_call=1, board=())
    from poker.table.game import TableView
    view = TableView(seat=0, name='Ann', hole=tuple(parse_cards('Ah Kh')), board=tuple(parse_cards('9h 8h 2c')),
                     street='flop', pot=12, to_call=0, bet_size=2, bets_this_round=0, called_this_round=False,
                     opponents=2, can_raise=True, seats=3, active=(0, 1, 2))
    for player in (product, field):
        player.seat_names, player.seat, player.models = ('Ann', 'Bob', 'Cat'), 0, {'Bob': bob, 'Cat': cat}
    stats = product.statistics(view)
    each = [Player('Ah Kh', '9h 8h 2c').calculate_hand_statistics(weights=model.weights).hs for model in (bob, cat)]
    assert stats.hs_n == pytest.approx(each[0] * each[1])
    from poker.ranges.weights import known_holdings
    dead = known_holdings(card.index for card in parse_cards('Ah Kh 9h 8h 2c'))
    tables = [np.where(dead, 0.0, model.weights) for model in (bob, cat)]
    average = np.mean([w / w.sum() for w in tables], axis=0)
    against_field = Player('Ah Kh', '9h 8h 2c').calculate_hand_statistics(weights=average)
    assert stats.ppot == pytest.approx(against_field.ppot)
    assert field.statistics(view).hs_n == pytest.approx(against_field.hs ** 2)
    with pytest.raises(Exception, match='hs_mode'):
        ModellingLokiPlayer('x', hs_mode='mean')


# --------------------------------------------------------------------------------------- showdown odds
class WithShowdownOdds(LokiStrategy):
    use_showdown_odds = True


def flop_stats(hs_n, opponents=1):
    return HandStatistics(hs=hs_n, hs_n=hs_n, ppot=0.0, npot=0.0, ahead=5, tied=0, behind=5, lookahead=2,
                          opponents=opponents, board=tuple(parse_cards('9h 8h 2c')))


def test_showdown_odds_is_cost_to_the_showdown_over_the_final_pot():
    situation = Situation(pot=20, to_call=2, bet_size=2)
    assert WithShowdownOdds().showdown_odds(flop_stats(0.3), situation) == pytest.approx((2 + 8) / (22 + 2 * 8))
    assert WithShowdownOdds().showdown_odds(flop_stats(0.3, 3), situation) == pytest.approx(10 / (22 + 4 * 8))
    river = HandStatistics.from_counts(3, 0, 7, board=tuple(parse_cards('9h 8h 2c 3d 4s')))
    assert LokiStrategy().showdown_odds(river, Situation(pot=20, to_call=4, bet_size=4)) == pytest.approx(4 / 24)


def test_showdown_odds_calls_where_the_pot_odds_fold():
    situation = Situation(pot=20, to_call=2, bet_size=2)
    assert LokiStrategy().advise(flop_stats(0.3), situation).action == 'fold'           # off by default
    called = WithShowdownOdds().advise(flop_stats(0.3), situation)
    assert (called.action, called.rule) == ('call', 'showdown_odds')
    assert WithShowdownOdds().advise(flop_stats(0.25), situation).action == 'fold'      # 0.25 < 10/38


def test_showdown_odds_never_lose_money_in_expectation_at_the_threshold():
    # Exactly at the odds a call down breaks even under the rule's own assumptions.
    situation = Situation(pot=30, to_call=4, bet_size=4)
    turn = HandStatistics(hs=0.4, hs_n=0.4, ppot=0.0, npot=0.0, ahead=4, tied=0, behind=6, lookahead=1,
                          opponents=2, board=tuple(parse_cards('9h 8h 2c 3d')))
    odds = LokiStrategy().showdown_odds(turn, situation)
    cost, final = 4 + 4, 34 + 3 * 4
    assert odds * final - cost == pytest.approx(0)


class Capping(SeatModel):
    CHECKS_CAP = True


class PappModel(SeatModel):
    CHECKS_CAP = False


def test_a_check_caps_the_range_when_asked():
    model = fresh(Capping, specific=False)
    model.observe('flop', 'check', bets_to_call=0, board=FLOP)
    cap = model.applied_cap
    scale = holding_scale(FLOP)
    live = ~model.dead
    assert cap == model._quantile(0.5, FLOP)                      # Table B.2: bets half the time with 0 to call
    assert np.all(model.weights[live & (scale >= cap + 0.2)] == 0.01)
    assert np.all(model.weights[live & (scale <= cap - 0.2)] == 1.0)
    model.observe('flop', 'call', bets_to_call=1, board=FLOP)    # then calls: both bounds apply
    assert model.applied_mu == cap and model.range_share() < 0.5   # generic: calls with the top 50% too
    plain = fresh(PappModel, specific=False)
    plain.observe('flop', 'check', bets_to_call=0, board=FLOP)
    assert plain.range_share() == 1.0                             # Papp: a check says nothing


def test_the_small_blinds_first_action_faces_the_big_blinds_bet():
    """Half a bet to call (the small blind's first action) is one bet to call: a raise there is the top 20%
    by IR7 (Table B.2, 1 bet), not the top 50% (0 bets)."""
    from poker.table.records import ActionRecord
    raised = ActionRecord('preflop', 1, 'raise', 3, 6, to_call=1, bet_size=2)
    assert raised.bets_to_call == 1
    assert ActionRecord('preflop', 1, 'call', 3, 9, to_call=3, bet_size=2).bets_to_call == 2
    assert ActionRecord('flop', 1, 'call', 2, 9, to_call=2, bet_size=2).bets_to_call == 1
    ann = ModellingLokiPlayer('Ann')
    ann.begin_hand(0, ('Ann', 'Bob'), tuple(parse_cards('7c 2d')), 0)
    ann.observe(raised, ())
    direct = fresh(known=[card.index for card in parse_cards('7c 2d')])
    direct.observe('preflop', 'raise', bets_to_call=1, board=())
    assert np.array_equal(ann.models['Bob'].weights, direct.weights)
    assert ann.models['Bob'].weights[index('AsAh')] == 1.0
    assert ann.models['Bob'].weights[index('9s8h')] < 0.5      # inside the top 50%, outside the top 20%


# --------------------------------------------------------------------------------------- issue 19: what each does
def bettor_model(player: ModellingLokiPlayer, bets: int) -> SeatModel:
    """``player``'s model of Bob after Bob bet the flop ``bets`` times when checked to."""
    player.begin_hand(0, ('Ann', 'Bob'), tuple(parse_cards('As Kd')), 0)
    model = player.models['Bob']
    for _ in range(bets):
        model.tally.observe('flop', 0, 'bet')
    return model


def flop_bet_share(model: SeatModel) -> float:
    model.begin_hand([card.index for card in parse_cards("As Kd")])
    model.observe('flop', 'bet', bets_to_call=0, board=FLOP)
    return model.range_share()


def test_generic_modelling_reads_everyone_with_the_tables_frequencies_or_papps_defaults():
    table = bettor_model(ModellingLokiPlayer('Ann', specific=False), 40)
    papp = bettor_model(ModellingLokiPlayer('Ann', specific=False, generic_frequencies='defaults'), 40)
    assert table.frequencies('flop', 0).tolist() == [0.0, 0.0, 1.0]     # Bob, the whole table, always bets
    assert papp.frequencies('flop', 0).tolist() == [0.0, 0.5, 0.5]      # Table B.2, whatever he does
    assert flop_bet_share(table) == 1.0 and flop_bet_share(papp) < 0.7  # his bet narrows nothing / half
    player = ModellingLokiPlayer('Ann', specific=False)
    player.begin_hand(0, ('Ann', 'Bob', 'Cy'), tuple(parse_cards('As Kd')), 0)
    for _ in range(20):
        player.models['Bob'].tally.observe('flop', 0, 'bet')
        player.models['Cy'].tally.observe('flop', 0, 'check')
    assert player.models['Cy'].frequencies('flop', 0).tolist() == [0.0, 0.5, 0.5]   # the table: half bets
    with pytest.raises(Exception, match='generic_frequencies'):
        ModellingLokiPlayer('Ann', specific=False, generic_frequencies='papp')


def test_showdowns_of_out_of_line_bets_make_a_models_bets_say_less():
    """A bettor whose shown hands were below what his bets were read as (a random bettor) is read, by Bayes' rule
    for a mixture, as acting whatever he holds that share of the time; Papp's model (READS_SHOWDOWNS off) is not."""
    class Papp(SeatModel):
        READS_SHOWDOWNS = False

    models = {cls: fresh(cls) for cls in (SeatModel, Papp)}
    for model in models.values():
        before = flop_bet_share(model)
        assert before < 0.7 and model.claims == [(tuple(FLOP), 0.5, False)]   # read as the top 50%
        for _ in range(30):
            model.claims = [(tuple(FLOP), 0.5, False)]
            model.showdown(parse_cards('7d 3s'))                            # air, each time
        assert model.tally.shown.tolist() == [30.0, 15.0] and model.claims == []
    assert models[SeatModel].out_of_line() == 1.0 and models[Papp].out_of_line() == 0.0
    assert flop_bet_share(models[SeatModel]) == 1.0                         # his bet says nothing now
    assert flop_bet_share(models[Papp]) < 0.7                              # still read as strength
    honest = fresh()
    for _ in range(30):
        honest.claims = [(tuple(FLOP), 0.5, False)]
        honest.showdown(parse_cards('9c 9s'))                               # a set: in line with a bet
    assert honest.out_of_line() == 0.0 and honest.tally.shown.tolist() == [0.0, 15.0]


def test_the_showdown_evidence_travels_with_the_state():
    player = ModellingLokiPlayer('Ann')
    bettor_model(player, 0).tally.observe_showdown(True, 0.5)
    again = ModellingLokiPlayer('Ann')
    again.resume(player.state())
    assert again.models['Bob'].tally.shown.tolist() == [1.0, 0.5] and again.state() == player.state()


def test_the_chance_of_a_bet_behind_reads_each_model():
    """The check-raise trigger: 1 - prod(1 - f(bet | 0 bets to call)) over the seats still to act after us."""
    from poker.table.game import TableView
    view = TableView(seat=1, name='Ann', hole=tuple(parse_cards('Ah Kh')), board=tuple(parse_cards('9h 8h 2c')),
                     street='flop', pot=12, to_call=0, bet_size=2, bets_this_round=0, called_this_round=False,
                     opponents=2, can_raise=True, seats=3, button=0, active=(0, 1, 2))   # Cat then Bob act after Ann
    specific, generic = ModellingLokiPlayer('Ann'), ModellingLokiPlayer('Ann', specific=False)
    papp = ModellingLokiPlayer('Ann', specific=False, generic_frequencies='defaults')
    for player in (specific, generic, papp):
        player.begin_hand(1, ('Bob', 'Ann', 'Cat'), tuple(parse_cards('Ah Kh')), 0)
        for _ in range(20):                      # Bob never bets when checked to on the flop; Cat always does
            player.models['Bob'].tally.observe('flop', 0, 'check')
            for _ in range(3):
                player.models['Cat'].tally.observe('flop', 0, 'bet')
    assert view.acting_after == (2, 0)
    assert (specific.bet_frequency(view, 0), specific.bet_frequency(view, 2)) == (0.0, 1.0)
    assert specific.bet_chance(view) == 1.0
    assert generic.bet_frequency(view, 0) == 0.75 and generic.bet_chance(view) == 0.9375  # the table: 60 bets of 80
    assert papp.bet_frequency(view, 0) == 0.5 and papp.bet_chance(view) == 0.75            # Table B.2
    quiet = attrs.evolve(view, active=(0, 1))    # Cat folded: only Bob, who never bets, is behind
    assert specific.bet_chance(quiet) == 0.0


def test_a_part_of_a_bet_counts_as_a_bet_unless_switched_off():
    from poker.table.records import ActionRecord

    class RoundedDown(ModellingLokiPlayer):
        PART_BET_COUNTS = False

    shares = []
    for cls in (ModellingLokiPlayer, RoundedDown):
        player = cls('Ann')
        player.begin_hand(1, ('Bob', 'Ann'), tuple(parse_cards('As Kd')), 0)
        player.observe(ActionRecord('preflop', 0, 'raise', 3, 6, to_call=1, bet_size=2), ())
        shares.append(player.models['Bob'].range_share())
    assert shares[0] < 0.3 < 0.5 < shares[1]     # the top 20% (1 bet to call) or the top 50% (0 bets)


def test_a_random_players_impossible_action_reads_as_nothing():
    """Out of line every time (e = 1) and an action of frequency 0: the mixture has no weight to give; the model
    reads nothing rather than NaN."""
    model = fresh()
    factor = np.array([0.01, 0.5, 1.0])
    assert model._mixed(factor, 0.0, 1.0).tolist() == [1.0, 1.0, 1.0]
    assert model._mixed(factor, 0.5, 1.0).tolist() == [1.0, 1.0, 1.0]
    assert model._mixed(factor, 0.5, 0.0) is factor
    mixed = model._mixed(factor, 0.2, 0.5)
    assert mixed.tolist() == pytest.approx([(0.005 + 0.1) / 0.6, (0.25 + 0.1) / 0.6, 1.0])
