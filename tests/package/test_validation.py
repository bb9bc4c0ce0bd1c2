"""Issue 9, "No traceback, no NaN, no silent nonsense", library side: each instance found by fuzzing, and the
validators that now keep them out (poker/validators.py)."""

from __future__ import annotations

import math
import re
import warnings

import numpy as np
import pytest

from poker import (
    BettingError, CardParseError, HandFactory, HandRanker, HandStatistics, OpponentModel, Player, PokerError,
    Range, SettingError, WeightsError, advise, kelly_bet, kelly_fraction, preflop_equity, simulate_income_rate,
)
from poker.strategy.situation import Situation
from poker.strategy.kelly import kelly_growth
from poker.validators import amount, flag, index_below, integer_array, probability, real_number, shown, whole_number
from poker.ranges.weight_inputs import read_weights, read_weight_sets

HUGE = 10 ** 400
BIGGEST = 1.7976931348623157e308
NUTS = HandStatistics.from_counts(ahead=1, tied=0, behind=0)
AHEAD = HandStatistics.from_counts(ahead=60, tied=0, behind=40)


def one_short_line(error: BaseException) -> str:
    text = str(error)
    assert '\n' not in text and len(text) < 300, text
    return text


# ------------------------------------------------------------------------------------ overflow
@pytest.mark.parametrize('call', [
    lambda: Situation(pot=3, to_call=BIGGEST, bet_size=0.5),
    lambda: Situation(pot=3, to_call=8, bet_size=1e-320),
    lambda: advise(AHEAD, pot=3, to_call=BIGGEST, bet_size=0.5),
    lambda: advise(AHEAD, pot=3, to_call=8, bet_size=1e-320),
    lambda: advise(AHEAD, pot=HUGE, to_call=1, bet_size=1),
    lambda: Situation(pot=1, to_call=HUGE, bet_size=1),
    lambda: Situation(pot=1, to_call=0, bet_size=1, bets_this_round=HUGE),
    lambda: kelly_bet(NUTS, BIGGEST),
    lambda: kelly_bet(NUTS, HUGE),
    lambda: kelly_bet(NUTS, 1000, retained_pot=HUGE),
    lambda: kelly_bet(NUTS, 1e-300, retained_pot=1e300),
    lambda: kelly_fraction(HUGE, 0.1),
    lambda: kelly_fraction(0.5, 0.1, opponents=HUGE),
    lambda: kelly_fraction(0.5, 0.1, retained_pot=HUGE),
    lambda: kelly_growth(HUGE, 0.5, 0.1),
    lambda: kelly_growth(0.5, 0.5, HUGE),
])
def test_huge_numbers_are_a_betting_error_not_an_overflow(call) -> None:
    with pytest.raises(PokerError) as info:
        call()
    assert '0000000000000000000000000000000000' not in one_short_line(info.value)


@pytest.mark.parametrize('weights', [{'AA': HUGE}, {'AA': BIGGEST, 'KK': BIGGEST}, [HUGE] * 1326,
                                     np.full(1326, 1e308)])
def test_huge_weights_are_a_weights_error(weights) -> None:
    with pytest.raises(WeightsError) as info:
        read_weights(weights)
    one_short_line(info.value)


def test_huge_action_numbers_are_refused_by_reweight() -> None:
    for action in ((HUGE, 0.1), (0.5, HUGE), (0.5, float('nan')), (0.5, -1), (0.5,), 'shove', 7):
        with pytest.raises(SettingError) as info:
            OpponentModel().reweight(action)
        one_short_line(info.value)


# ------------------------------------------------------------------------------- no NaN, no inf
def test_a_bet_size_so_big_its_odds_overflow_is_refused_and_the_largest_allowed_gives_finite_advice() -> None:
    flop = HandStatistics(hs=0.3, hs_n=0.3, ppot=0.3, npot=0.1, ahead=3, tied=0, behind=7, lookahead=1,
                          board=tuple(Player('9h8h', 'Ks 7h 2d').board))
    with pytest.raises(BettingError, match='bet_size must be at most 1e'):
        advise(flop, pot=0, to_call=0, bet_size=1e308)
    advice = advise(flop, pot=0, to_call=0, bet_size=1e300)
    assert math.isfinite(advice.amount)
    assert 'nan' not in advice.reason and 'inf' not in advice.reason


def test_the_kelly_bet_never_exceeds_the_bankroll() -> None:
    assert kelly_fraction(1.0, 0.0) == 1.0
    for bankroll in (1e13, 10_000, 7, 1e300):
        assert kelly_bet(NUTS, bankroll) == math.floor(bankroll)


def test_kelly_bet_says_what_it_expected() -> None:
    with pytest.raises(BettingError, match=r'kelly_bet needs HandStatistics first .* got 1000; .*kelly_fraction'):
        kelly_bet(1000, 0.6, 0.01)  # type: ignore[arg-type]
    with pytest.raises(BettingError, match='advise needs HandStatistics'):
        advise(0.6, pot=1, to_call=0, bet_size=1)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------- bad types
def test_rank_many_on_ragged_rows() -> None:
    with pytest.raises(CardParseError, match='rectangular'):
        HandRanker.rank_many([[0, 1, 2, 3, 4], [5, 6, 7, 8]])
    with pytest.raises(CardParseError, match='masked'):
        HandRanker.rank_many(np.ma.masked_array([[0, 1, 2, 3, 4]]))
    with pytest.raises(CardParseError, match='bool'):
        HandRanker.rank_many(np.ones((2, 5), dtype=bool))


def test_rank_indices_refuses_booleans_and_floats() -> None:
    for bad in ([True, 2, 3, 4, 5], [0.0, 2, 3, 4, 5], ['1', 2, 3, 4, 5], [None, 2, 3, 4, 5], 12345):
        with pytest.raises(CardParseError):
            HandRanker.rank_indices(bad)  # type: ignore[arg-type]
    assert HandRanker.rank_indices([np.int8(48), 44, 40, 36, 32]) == 7462


@pytest.mark.parametrize('weights, message', [
    (np.array(1.0), 'shape'),
    (np.ma.masked_array(np.r_[np.nan, np.ones(1325)], mask=np.r_[True, np.zeros(1325, bool)]), 'masked'),
    ({'AA': '1'}, "weight of AA must be a finite number, got '1'"),
    ({'AA': True}, 'weight of AA'),
    (np.ones(1326, dtype=bool), 'numbers'),
])
def test_weights_that_were_accepted_in_silence_or_crashed(weights, message) -> None:
    with pytest.raises(WeightsError, match=message) as info:
        read_weight_sets(weights)
    one_short_line(info.value)


def test_masked_weights_do_not_reach_the_statistics() -> None:
    masked = np.ma.masked_array(np.r_[np.nan, np.ones(1325)], mask=np.r_[True, np.zeros(1325, bool)])
    with pytest.raises(WeightsError):
        Player('AhKh', 'Qh Jh Th 2c 3d').calculate_hand_statistics(weights=masked)
    with pytest.raises(WeightsError):
        preflop_equity('AhKh', masked)


@pytest.mark.parametrize('maxsize', [-1, '10', 1.5, True, HUGE * -1, np.float64(3)])
def test_hand_factory_checks_its_size(maxsize) -> None:
    with pytest.raises(SettingError, match='maxsize must be a whole number of at least 0'):
        HandFactory(maxsize=maxsize)
    assert HandFactory(maxsize=np.int64(3)).maxsize == 3 and HandFactory(None).maxsize is None


@pytest.mark.parametrize('call, message', [
    (lambda: simulate_income_rate('AA', deals=2.5), 'deals must be a whole number from 2'),
    (lambda: simulate_income_rate('AA', deals=HUGE), 'deals must be a whole number from 2'),
    (lambda: simulate_income_rate('AA', deals=100, seed=-1), 'seed'),
    (lambda: preflop_equity('AhKh', samples='x'), 'samples must be a whole number from 2'),
    (lambda: preflop_equity('AhKh', samples=HUGE), 'samples'),
    (lambda: preflop_equity('AhKh', exact_limit=1.5), 'exact_limit'),
    (lambda: preflop_equity('AhKh', seed='x'), 'seed'),
    (lambda: preflop_equity('AhKh', method=np.array(['auto', 'exact'])), 'method'),
])
def test_preflop_settings_are_checked_on_entry(call, message) -> None:
    with pytest.raises(SettingError, match=message) as info:
        call()
    one_short_line(info.value)


def test_an_empty_field_is_refused_not_ignored() -> None:
    model = OpponentModel()
    with pytest.raises(WeightsError, match='field gives no holding any weight'):
        model.reweight('bet', 'Ah Kd 7c', field=np.zeros(1326))
    with pytest.raises(WeightsError, match='field counts only on the flop'):
        model.reweight('bet', field=np.ones(1326))
    narrow = model.reweight('bet', 'Ah Kd 7c', field='QQ+')
    assert not np.array_equal(narrow.weights, model.reweight('bet', 'Ah Kd 7c').weights)


# ---------------------------------------------------------------------------------- one line, no warning
def test_weights_errors_never_quote_a_multi_line_array() -> None:
    grid = np.full((13, 13), 1e308)
    with pytest.raises(WeightsError) as info:
        read_weights(grid)
    assert str(info.value).startswith('weights must total at most 1e+30 ')
    assert 'got more than a float holds in array([[1.e+308' in one_short_line(info.value)  # not 'got inf'
    assert str(PokerError('a\n  b\r\nc')) == 'a b c'


def test_no_runtime_warning_reaches_stderr() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        assert 0 < kelly_fraction(np.float32(0.6), np.float32(0.1)) < 1
        assert kelly_fraction(np.float32(0.999999), np.float32(0.0)) < 1
        assert kelly_bet(HandStatistics.from_counts(np.float32(6), np.float32(1), np.float32(3)), 1000) > 0
        model = OpponentModel().reweight((0.5, 1e-320), 'Ah Kd 7c')
        model = model.reweight((0.5, 5e-324))
        assert np.isfinite(model.weights).all()
        assert np.isfinite(OpponentModel().reweight_factor(np.array([0.2, 0.5, 0.9]), 0.5, 1e-320)).all()


# ---------------------------------------------------------------------------------- range text
def test_range_text_is_accepted_wherever_weights_are() -> None:
    player = Player('AhKh', 'Qh Jh Th 2c 3d')
    assert player.calculate_hand_statistics(weights='TT+, AJs+') == \
        player.calculate_hand_statistics(weights=Range.parse('TT+, AJs+'))
    assert preflop_equity('AhKh', 'QQ+') == preflop_equity('AhKh', Range.parse('QQ+'))
    assert np.array_equal(read_weights('QQ+'), Range.parse('QQ+').weights)
    sets, per_opponent = read_weight_sets(['QQ+', None])
    assert per_opponent and sets.shape == (2, 1326)
    with pytest.raises(PokerError, match='QQ\\+\\+'):
        read_weights('QQ++')


# ---------------------------------------------------------------------------------- the validators
def test_shown_keeps_any_value_to_one_short_line() -> None:
    assert shown(10 ** 5000).endswith('(an int of about 5,001 digits)')
    assert len(shown(10 ** 5000)) < 80 and len(shown(-(7 ** 900))) < 80
    assert '\n' not in shown(np.ones((40, 40))) and len(shown(np.ones((40, 40)))) <= 80

    class Broken:
        def __repr__(self) -> str:
            raise RuntimeError('no repr')

    assert shown(Broken()) == '<Broken object>'


@pytest.mark.parametrize('value', [
    'a b' * 50_000, ' ' * 100_000 + 'x', 'x' + ' ' * 100_000, 'a' + ' ' * 100_000 + 'b', ('ab' + ' ' * 300) * 400,
    ('a' + ' ' * 400) * 10, 'AKs' + ' \t\n\u00a0' * 25_000 + 'x', ['a  b'] * 10_000, 'é' * 700,
])
def test_a_long_value_is_quoted_from_its_ends_as_from_the_whole(value: object) -> None:
    # a long value's quotation is made from its two ends only (its white space in between is not read)
    whole = re.sub(r'\s+', ' ', repr(value))
    for limit in (40, 80, 200):
        half = (limit - 3) // 2
        assert shown(value, limit) == (whole if len(whole) <= limit else f'{whole[:half]}...{whole[-half:]}')


def test_the_validators() -> None:
    assert whole_number('n', np.int16(4), minimum=1, maximum=5) == 4
    for bad in (True, 4.0, '4', None, 6, 0, np.bool_(True)):
        with pytest.raises(SettingError, match='n must be a whole number from 1 to 5'):
            whole_number('n', bad, minimum=1, maximum=5)
    assert real_number('x', np.float32(0.5)) == 0.5 and type(real_number('x', np.float32(0.5))) is float
    for bad in (math.nan, math.inf, HUGE, True, '1', None, 1j):
        with pytest.raises(SettingError):
            real_number('x', bad)
    assert amount('pot', 0) == 0.0 and amount('pot', -0.0) == 0.0
    for bad in (-1, math.inf, 1e301, '3'):
        with pytest.raises(BettingError, match='pot'):
            amount('pot', bad)
    with pytest.raises(BettingError, match='more than 0'):
        amount('bet', 0, positive=True)
    assert probability('p', 1) == 1.0
    for bad in (-0.1, 1.1, math.nan, True):
        with pytest.raises(BettingError, match='probability'):
            probability('p', bad)
    assert flag('f', np.bool_(True)) is True and flag('f', 0) is False
    with pytest.raises(SettingError):
        flag('f', np.zeros(3))
    assert index_below(np.uint8(3), 4) == 3 and index_below(4, 4) is None and index_below('3', 4) is None
    assert integer_array('a', np.zeros((0, 5))).dtype.kind == 'i'
    with pytest.raises(SettingError, match='2-dimensional'):
        integer_array('a', [1, 2], ndim=2)


def test_next_card_ppot_goes_beside_a_two_card_ppot():
    from poker import parse_cards
    from poker.errors import LookaheadError
    flop = tuple(parse_cards('9h 8h 2c'))
    stats = HandStatistics(hs=0.3, hs_n=0.3, ppot=0.4, npot=0.1, ahead=3, tied=0, behind=7, lookahead=2, board=flop,
                           next_card_ppot=0.25)
    assert stats.next_card_ppot == 0.25 and stats.to_dict()['next_card_ppot'] == 0.25
    with pytest.raises(LookaheadError, match='next_card_ppot'):
        HandStatistics(hs=0.3, hs_n=0.3, ppot=0.4, npot=0.1, ahead=3, tied=0, behind=7, lookahead=1, board=flop,
                       next_card_ppot=0.25)
    with pytest.raises(PokerError, match='next_card_ppot'):
        HandStatistics(hs=0.3, hs_n=0.3, ppot=0.4, npot=0.1, ahead=3, tied=0, behind=7, lookahead=2, board=flop,
                       next_card_ppot=1.5)
