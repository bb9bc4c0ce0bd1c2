"""Papp's pre-flop strategy (section 6.1): Table B.1 as data, the choice of strategy and its rules."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from poker import StartingHand
from poker.strategy.advice import PreflopPlay, advise_preflop
from poker.strategy.situation import Situation
from poker.cli import main
from poker.errors import BettingError, PokerError
from poker.ranking.ranker import HandRanker
from poker.strategy.preflop import (
    GROUPS, STRATEGIES, THRESHOLDS_PATH, TIGHTNESS, expected_players, group_of, load_thresholds, preflop_strategy,
    thresholds,
)
from poker.cards.starting_hand import HAND_CLASSES

ROOT = Path(__file__).resolve().parents[2]


def test_the_thesis_cell_tight_three_to_four_make2_is_200_plus_50_per_position():
    table = load_thresholds()
    assert table['3-4', 'tight', 'Make2'] == (200, 50)
    assert thresholds('3-4', 'tight', position=3)['Make2'] == 350


def test_penas_example_a8s_on_the_button_moderate_four_players():
    assert thresholds('3-4', 'moderate', position=0) == {'Make0': float('-inf'), 'Make1': 50, 'Make2': 200,
                                                         'Make4': 580}
    assert HandRanker.income_rate('A8s', 3) == 338
    assert preflop_strategy('Ah 8h', players=4, position=0, tightness='moderate') == 'Make2'
    assert preflop_strategy('A8s', players=4, position=0, tightness='moderate') == 'Make2'


def test_shipped_table_is_what_the_tool_generates():
    spec = importlib.util.spec_from_file_location('make_preflop_thresholds', ROOT / 'tools' / 'make_preflop_thresholds.py')
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    shipped = load_thresholds()
    for group, tightness, strategy, base, increment, source in tool.rows():
        expected_base = float('-inf') if base == '' else base
        assert shipped[group, tightness, strategy] == (expected_base, increment)
        assert source in ('thesis', 'pena', 'ours')
    text = THRESHOLDS_PATH.read_text(encoding='utf-8')
    assert '3-4,tight,Make2,200,50,thesis' in text and '3-4,moderate,Make4,580,' in text


@pytest.mark.parametrize('group', GROUPS)
@pytest.mark.parametrize('tightness', TIGHTNESS)
def test_thresholds_rise_with_aggression_and_position(group, tightness):
    for position in range(0, 9):
        levels = thresholds(group, tightness, position=position)
        assert levels['Make0'] < levels['Make1'] < levels['Make2'] < levels['Make4']
        later = thresholds(group, tightness, position=position + 1)
        assert all(later[name] >= levels[name] for name in levels)


@pytest.mark.parametrize('group', GROUPS)
def test_tighter_settings_play_fewer_hands_away_from_the_button(group):
    players = {'2': 2, '3-4': 4, '5+': 7}[group]
    for position in range(players):
        played = []
        for tightness in TIGHTNESS:
            played.append(sum(preflop_strategy(name, players=players, position=position, tightness=tightness)
                              != 'Make0' for name in HAND_CLASSES))
        assert played[0] <= played[1] <= played[2]


def test_most_aggressive_strategy_at_or_below_the_income_rate():
    for name in HAND_CLASSES:
        rate = HandRanker.income_rate(name, 6)
        levels = thresholds('5+', 'loose', position=4)
        chosen = preflop_strategy(name, players=6, position=4)
        assert levels[chosen] <= rate
        assert all(levels[other] > rate for other in levels if STRATEGIES.index(other) > STRATEGIES.index(chosen))


def test_holding_and_class_agree_and_small_blind_adds_call_strategies():
    for holding in ('Kc 9d', 'Qs 8h', '7h 6h', 'As Ad'):
        name = StartingHand(holding).hand_class
        assert preflop_strategy(holding, players=5, position=4) == preflop_strategy(name, players=5, position=4)
    assert 'Call1' not in thresholds('5+', position=2) and 'Call2' in thresholds('5+', position=2, small_blind=True)
    assert preflop_strategy('Q8o', players=3, position=2, small_blind=True) == 'Call1'
    assert preflop_strategy('Q8o', players=3, position=2) == 'Make0'


def test_groups_and_expected_players():
    assert [group_of(n) for n in (1, 2, 2.4, 2.5, 4, 4.49, 5, 10)] == ['2', '2', '2', '3-4', '3-4', '3-4', '5+', '5+']
    assert expected_players(0, 5) == 4.0 and expected_players(2, 0) == 3.0


@pytest.mark.parametrize(('kwargs', 'message'), [
    ({'players': 0, 'position': 0}, 'players must be'),
    ({'players': float('nan'), 'position': 0}, 'players must be'),
    ({'players': 4, 'position': -1}, 'position must be'),
    ({'players': 4, 'position': True}, 'position must be'),
    ({'players': 4, 'position': 0, 'tightness': 'wild'}, 'tightness must be one of'),
])
def test_bad_arguments_are_betting_errors(kwargs, message):
    with pytest.raises(BettingError, match=message):
        preflop_strategy('AA', **kwargs)


def test_bad_hand_and_bad_table(tmp_path):
    with pytest.raises(PokerError):
        preflop_strategy('AKx', players=4, position=0)
    bad = tmp_path / 'b1.csv'
    bad.write_text('group,tightness,strategy,base,increment,source\n2,tight,Make0,,0,ours\n')
    with pytest.raises(PokerError, match='lack'):
        load_thresholds(bad)


def test_an_edited_table_changes_the_choice(tmp_path):
    text = THRESHOLDS_PATH.read_text(encoding='utf-8').replace('3-4,moderate,Make4,580,', '3-4,moderate,Make4,300,')
    path = tmp_path / 'mine.csv'
    path.write_text(text, encoding='utf-8')
    assert preflop_strategy('A8s', players=4, position=0, tightness='moderate', table=load_thresholds(path)) == 'Make4'


# ------------------------------------------------------------------------------------------- the rules
def act(strategy, pot, to_call, bets, put_in=False, **where):
    return PreflopPlay().advice(strategy, Situation(pot, to_call, 2, bets, put_in_this_round=put_in), **where)


def test_make0_checks_free_and_folds_otherwise():
    assert act('Make0', 3, 2, 1).action == 'fold'
    assert act('Make0', 4, 0, 1, big_blind=True).action == 'check'


def test_call1_folds_to_two_bets_unless_money_is_in_voluntarily():
    assert act('Call1', 3, 2, 1).action == 'call'
    assert act('Call1', 9, 4, 2).action == 'fold'
    assert act('Call1', 13, 4, 3, put_in=True).action == 'call'   # the kludge of Papp 6.1


def test_money_put_in_voluntarily_has_its_own_name():
    """Before the flop the kludge reads put_in_this_round (a call of a bet, a bet or a raise); after it Make1's
    exception reads called_this_round (a call of a bet). A call of a bet is money put in."""
    assert Situation(3, 2, 2, 1, called_this_round=True).put_in_this_round is True
    assert Situation(3, 2, 2, 1, put_in_this_round=True).called_this_round is False    # a bet or a raise of its own
    with pytest.raises(BettingError, match='put_in_this_round'):
        Situation(3, 2, 2, 1, called_this_round=True, put_in_this_round=False)
    raised = dict(players=4, position=0, tightness='moderate', pot=13, to_call=4, bet_size=2, bets_this_round=3)
    assert advise_preflop('Kh 9d', **raised).action == 'fold'                           # Make1: 2 bets to call
    assert advise_preflop('Kh 9d', **raised, put_in_this_round=True).action == 'call'


def test_small_blind_call1_and_call2():
    assert act('Call1', 3, 1, 1, small_blind=True).action == 'call'
    assert act('Call1', 7, 3, 2, small_blind=True).action == 'fold'
    assert act('Call2', 7, 3, 2, small_blind=True).action == 'call'
    assert act('Call2', 11, 5, 3, small_blind=True).action == 'fold'
    assert act('Call2', 30, 8, 4).action == 'call'   # not the small blind: call anything


def test_make1_opens_make2_raises_twice_make4_to_the_cap():
    assert act('Make1', 3, 2, 1).action == 'raise'
    assert act('Make1', 4, 0, 1, big_blind=True).action == 'check'
    assert act('Make1', 7, 4, 2).action == 'fold'
    assert act('Make2', 7, 4, 2).action == 'raise'
    assert act('Make2', 11, 6, 3).action == 'call'
    assert act('Make4', 11, 6, 3).action == 'raise'
    with pytest.raises(BettingError):
        act('Make3', 3, 2, 1)


def test_advise_preflop_names_the_numbers():
    advice = advise_preflop('Ah 8h', players=4, position=0, tightness='moderate', pot=7, to_call=2, bet_size=2)
    assert advice.action == 'raise' and 'IR 338' in advice.reason and 'Make2' in advice.reason
    assert advise_preflop('7c 2d', players=6, position=3, pot=3, to_call=2, bet_size=2).action == 'fold'


def test_cli_advise_takes_players_position_tightness(capsys, monkeypatch):
    code = main(['advise', 'Ah8h', '--pot', '7', '--to-call', '2', '--bet-size', '2', '-n', '3', '--position',
                 '0', '--tightness', 'moderate', '--json'])
    out = capsys.readouterr().out
    assert code == 0 and '"action": "raise"' in out and 'Make2' in out
    try:
        code = main(['advise', 'Ah8h', '--pot', '7', '--to-call', '2', '--bet-size', '2', '--position', '-3'])
    except SystemExit as stop:   # argparse's own usage errors
        code = stop.code
    captured = capsys.readouterr()
    assert code == 2 and 'position must be' in captured.err and captured.err.count('\n') == 1


from hypothesis import given, settings, strategies as st  # noqa: E402


@settings(max_examples=200, deadline=None, derandomize=True)
@given(players=st.one_of(st.integers(-5, 30), st.floats(allow_nan=True, allow_infinity=True), st.booleans(),
                         st.text(max_size=3)),
       position=st.one_of(st.integers(-3, 30), st.floats(), st.none()),
       tightness=st.one_of(st.sampled_from(['tight', 'moderate', 'loose']), st.text(max_size=6)),
       hand=st.one_of(st.sampled_from(['AA', 'A8s', '72o', 'Ah 8h', 'KcQd']), st.text(max_size=5)))
def test_anything_typed_is_a_strategy_or_one_poker_error(players, position, tightness, hand):
    try:
        result = preflop_strategy(hand, players=players, position=position, tightness=tightness)
    except PokerError as error:
        assert '\n' not in str(error)
    else:
        assert result in STRATEGIES
