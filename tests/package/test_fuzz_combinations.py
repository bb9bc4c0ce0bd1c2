"""The rule, fuzzed in combinations: every public function checks its arguments on entry.

Where ``test_fuzz_api.py`` puts one hostile value at a time into a valid call of every public callable, these
tests draw every argument at once, from valid values and from odd ones: huge, negative and boolean ints, NaN,
infinities, 1e308 and 1e-320, text, None, lists, NumPy arrays of odd dtypes and shapes, masked arrays. Each call
must either return normally with only finite numbers (and no 'nan' or 'inf' in its text) or raise a :class:`PokerError` whose
message is one line (:func:`fuzzing.check`). Seeded (``derandomize``) and bounded, so the run is the same every
time.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import poker
from poker import (
    Card, Deck, HandCategory, HandFactory, HandRanker, HandStatistics, OpponentModel, StartingHand, advise,
    class_equity, equity, format_cards, kelly_bet, kelly_fraction, parse_cards, preflop_equity, simulate_income_rate,
)
from poker.strategy.situation import Situation
from poker.strategy.kelly import kelly_growth
from poker.ranges.weight_inputs import read_weights, read_weight_sets

from fuzzing import check

FUZZ = settings(derandomize=True, max_examples=80, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# ------------------------------------------------------------------------------------ odd values
odd_ints = st.sampled_from([0, -1, 1, 2, 3, 52, 1326, 10 ** 400, -10 ** 400, 10 ** 5000, 2 ** 63, True, False,
                            np.int64(-5), np.uint8(200), np.int8(3)])
odd_floats = st.sampled_from([math.nan, math.inf, -math.inf, 1e308, 1.7976931348623157e308, -1e308, 1e-320,
                              5e-324, -0.0, 0.5, 2.5, np.float32(0.6), np.float16(1e4), np.longdouble(1e300)])
odd_texts = st.sampled_from(['', ' ', 'x', 'AhKh', 'Ah Kh Qh Jh Th', 'QQ+', 'AKs', '10', '١', 'nan', '1e308',
                             'Ah\nKh', 'é' * 300, '\x00'])
odd_arrays = st.sampled_from([
    np.array(1.0), np.array([]), np.zeros((0, 5)), np.ones(1326), np.zeros(1326), np.full(1326, np.nan),
    np.ones(1326, dtype=bool), np.ones(1326, dtype=np.complex128), np.array(['a'] * 1326), np.ones((13, 13)),
    np.ones((2, 1326)), np.arange(5), np.arange(7).reshape(1, 7), np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 60]]),
    np.ma.masked_array(np.r_[np.nan, np.ones(1325)], mask=np.r_[True, np.zeros(1325, bool)]),
    np.ma.masked_array(np.arange(5)), np.ones(169, dtype=np.float16), np.full(1326, 1e300),
    np.array([object()] * 3), np.zeros((2, 2, 2)),
])
odd_containers = st.sampled_from([
    [], [[]], [1, [2]], [[0, 1, 2, 3, 4], [5, 6, 7, 8]], [True, 2, 3, 4, 5], [0.0, 1, 2, 3, 4], [None],
    ['Ah', 'Kh'], ('Ah', 'Ah'), {'AA': 1}, {'AA': '1'}, {'AA': 10 ** 400}, {'AA': math.nan}, {7: 1}, {'AA': None},
    [None, {'AA': 1}], {'a': [1]}, (1.5, 0.25), (0.5, 1e-320), set(), b'AhKh', range(5),
])
odd = st.one_of(odd_ints, odd_floats, odd_texts, odd_arrays, odd_containers, st.none(),
                st.integers(), st.floats(), st.text(max_size=12),
                st.lists(st.integers(-3, 60), max_size=8))


def either(valid: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """A valid value most of the time (so the calls get past the first check), an odd one otherwise."""
    return st.one_of(valid, valid, odd)


probabilities = st.floats(0, 1)
amounts = st.one_of(st.floats(0, 1e6), st.integers(0, 10 ** 6))
stats = st.builds(HandStatistics.from_counts, st.integers(0, 50), st.integers(0, 50), st.integers(1, 50))
holes = st.sampled_from(['AhKh', 'Ah As', '7c 2d', 'Td 9d'])
texts_of_cards = st.sampled_from(['Ah Kd', 'Ah Kh Qh Jh Th', '2c 3d 4h 5s 7c 9d', '10h 9h 8h 7h 6h 5h 4h'])


# ------------------------------------------------------------------------------------ the functions
@FUZZ
@given(either(stats), either(amounts), either(amounts), either(st.floats(0.01, 100)), either(st.integers(0, 5)),
       either(st.booleans()))
def test_advise(stats, pot, to_call, bet_size, bets, called) -> None:
    check(advise, stats, pot=pot, to_call=to_call, bet_size=bet_size, bets_this_round=bets,
          called_this_round=called)
    check(Situation, pot, to_call, bet_size, bets, called)


@FUZZ
@given(either(st.sampled_from(['AA', 'AKs', '72o', 'T9s'])))
def test_class_equity(hand_class) -> None:
    check(class_equity, hand_class)


@FUZZ
@given(either(texts_of_cards), either(st.sampled_from([' ', ',', ''])), either(st.booleans()))
def test_cards(cards, sep, duplicates) -> None:
    check(format_cards, cards, sep)
    check(parse_cards, cards, allow_duplicates=duplicates)
    check(Card.parse, cards)
    check(Card.from_index, sep if not isinstance(sep, str) else 3)
    check(StartingHand, cards)
    check(HandRanker.rank, cards)


@FUZZ
@given(either(stats), either(amounts), either(amounts), either(st.one_of(st.none(), st.integers(1, 9))))
def test_kelly_bet(stats, bankroll, retained, opponents) -> None:
    check(kelly_bet, stats, bankroll, retained, opponents)


@FUZZ
@given(either(probabilities), either(probabilities), either(st.integers(1, 9)), either(st.floats(0, 10)),
       either(st.floats(0, 0.999)))
def test_kelly_fraction_and_growth(win, split, opponents, retained, x) -> None:
    check(kelly_fraction, win, split, opponents, retained)
    check(kelly_growth, x, win, split, opponents, retained)


@FUZZ
@given(either(holes), either(st.sampled_from([None, 'QQ+, AKs', {'AA': 1, 'KK': 0.5}, np.ones(169)])),
       either(st.sampled_from(['sampled', 'sample', 'Sampled'])), either(st.integers(0, 40)),
       either(st.integers(2, 300)), either(st.one_of(st.none(), st.integers(0, 9))))
def test_preflop_equity(hole, weights, method, exact_limit, samples, seed) -> None:
    if isinstance(method, str) and method in ('auto', 'exact'):  # enumeration takes seconds: see test_preflop.py
        method = 'sampled'
    check(preflop_equity, hole, weights, method=method, exact_limit=exact_limit, samples=samples, seed=seed)


@settings(FUZZ, max_examples=60)
@given(either(st.lists(st.sampled_from(['AhKh', 'QQ+, AKs', 'random', 'Td 9d', '22', 'AKs:0.5']), min_size=2,
                       max_size=4)),
       either(st.sampled_from(['', 'Qh 7h 2c', 'Qh 7h 2c 9s', '2c 3d 4h 5s 7c'])), either(st.sampled_from(['', 'Jc'])),
       either(st.integers(2, 300)), either(st.none()), either(st.integers(0, 9)),
       either(st.sampled_from(['sampled', 'sample', 'Sampled'])))
def test_equity(players, board, dead, samples, target_error, seed, method) -> None:
    # sampled with few deals (enumeration can take seconds: see test_equity.py): the odd values must fail fast,
    # the valid ones finish fast
    check(equity, players, board, dead, method=method, samples=samples, target_error=target_error, seed=seed)


@settings(FUZZ, max_examples=60)
@given(either(st.sampled_from(['Qh 7h 2c 9s 3d', 'Qh 7h 2c 9s', [0, 5, 9, 13, 51]])), either(st.integers(1, 60)),
       either(st.sampled_from(['auto', 'sorted', 'grid', 'narrow'])))
def test_board_strengths(board, bins, method) -> None:
    check(poker.board_strengths, board, bins=bins, method=method)


@settings(FUZZ, max_examples=40)
@given(either(st.sampled_from(['river', 'turn'])), either(st.integers(1, 20)), either(st.integers(1, 3)),
       # never None or a large count here: that builds a whole table, which takes minutes
       st.one_of(st.integers(1, 2), st.sampled_from([0, -1, 10 ** 400, True, 2.5, 'x', np.int64(2), np.ones(2)])),
       either(st.just(1)))
def test_build_and_load_table(tmp_path_factory, street, bins, chunk_boards, boards, workers) -> None:
    out = tmp_path_factory.mktemp('table')
    check(poker.build_table, street, out, bins=bins, chunk_boards=chunk_boards, boards=boards, workers=workers,
          progress=False)
    check(poker.load_table, out)
    check(poker.load_table, street)  # an odd path: not a table


@settings(FUZZ, max_examples=60)
@given(either(st.sampled_from([None, 'QQ+, AKs', 'AhKh', {'AA': 1, 'KK': 0.5}, np.ones(169)])),
       either(st.sampled_from(['Qh 7h 2c 9s 3d', 'Qh 7h 2c 9s', 'Qh 7h 2c'])),
       either(st.sampled_from([None, 'JJ+', 'random', np.ones(1326)])), either(st.integers(0, 1)),
       either(st.integers(1, 3)), either(st.integers(1, 60)), either(st.sampled_from(['auto', 'sorted', 'narrow', 'grid'])))
def test_range_statistics(hero, board, opponent, lookahead, opponents, bins, method) -> None:
    if isinstance(board, str) and board == 'Qh 7h 2c' and lookahead == 1:  # a flop with a card to come is fast; two cards are 0.35 s
        lookahead = 0
    check(poker.range_statistics, hero, board, opponent, lookahead=lookahead, opponents=opponents, bins=bins,
          method=method)


@FUZZ
@given(either(holes), either(st.sampled_from(['Qh 7h 2c 9s 3d', 'Qh 7h 2c 9s', 'Qh 7h 2c', 'Ah 7h 2c 9s 3d'])),
       either(st.sampled_from([None, 'QQ+, AKs', poker.Range.parse('JJ+, AKs:0.5'), np.ones(1326), {'AA': 1}])),
       either(st.sampled_from([HandRanker, HandStatistics])))
def test_hand_strength(hole, board, weights, ranker) -> None:
    check(poker.hand_strength, hole, board, weights, ranker=ranker)
    if isinstance(hole, str) and isinstance(board, str) and hole in ('AhKh', 'Ah As') \
            and board in ('Qh 7h 2c', 'Ah 7h 2c 9s 3d'):  # pre-built cards: the fast path
        check(poker.hand_strength, tuple(parse_cards(hole)), parse_cards(board), weights, ranker=ranker)


@FUZZ
@given(either(st.sampled_from(['AA', '72o', 'AKs'])), either(st.integers(1, 9)), either(st.integers(2, 200)),
       either(st.one_of(st.none(), st.integers(0, 9))))
def test_simulate_income_rate(hand_class, opponents, deals, seed) -> None:
    if isinstance(deals, (int, np.integer)) and not isinstance(deals, bool) and deals > 5000:
        deals = 5000 if deals <= 2_000_000 else deals  # within the limit: keep it quick; beyond: must be refused
    check(simulate_income_rate, hand_class, opponents, deals, seed)


# ------------------------------------------------------------------------------------ classes that read input
@FUZZ
@given(odd)
def test_weights(weights) -> None:
    check(read_weights, weights)
    check(read_weight_sets, weights)
    check(OpponentModel, weights)


@FUZZ
@given(either(st.sampled_from(['bet', 'call', 'raise', (0.5, 0.25), (0.7, 0.0)])),
       either(st.sampled_from(['', 'Ah Kd 7c', 'Ah Kd 7c 2s', 'Ah Kd 7c 2s 9h'])),
       either(st.sampled_from([None, 'QQ+', np.ones(1326)])))
def test_opponent_model(action, board, field) -> None:
    check(OpponentModel().reweight, action, board, field=field)
    check(OpponentModel.threshold, action if not isinstance(action, str) else 0.3)


@FUZZ
@given(odd, either(st.integers(1, 22)))
def test_hand_ranker(cards, opponents) -> None:
    check(HandRanker.rank_many, cards)
    check(HandRanker.rank_indices, cards)
    check(HandRanker.category_many, cards)
    check(HandCategory.from_value, cards)
    check(HandRanker.income_rate, 'AKs', opponents)
    check(HandRanker.describe, opponents if not isinstance(opponents, (int, np.integer)) else 7000)


@FUZZ
@given(odd, odd)
def test_factory_and_deck(maxsize, count) -> None:
    check(HandFactory, maxsize)
    check(Deck, maxsize)
    check(lambda: Deck(seed=1).deal(count))
    check(StartingHand.from_holding_index, count)


@pytest.mark.parametrize('call', [
    lambda: kelly_bet(1000, 0.6, 0.01),
    lambda: advise(HandStatistics.from_counts(1, 0, 0), pot=0, to_call=0, bet_size=1e308),
    lambda: OpponentModel().reweight('bet', 'Ah Kd 7c', field=np.zeros(1326)),
])
def test_the_issue_instances_pass_the_same_check(call) -> None:
    check(call)


@FUZZ
@given(either(st.sampled_from(['AA', 'A8s', '72o', 'Ah 8h', 'KcQd'])), either(st.one_of(st.integers(1, 12),
       st.floats(1, 12))), either(st.integers(0, 9)), either(st.sampled_from(['tight', 'moderate', 'loose'])),
       either(st.booleans()))
def test_preflop_strategy(hand, players, position, tightness, small_blind) -> None:
    check(poker.preflop_strategy, hand, players=players, position=position, tightness=tightness,
          small_blind=small_blind)


@settings(FUZZ, max_examples=60)
@given(either(st.lists(st.sampled_from(['station', 'maniac', 'random', 'rock', 'aggressive', 'tight-aggressive',
                                        'loose-passive']), min_size=2, max_size=4)),
       either(st.integers(1, 3)), either(st.one_of(st.none(), st.integers(0, 9))))
def test_match(players, hands, seed) -> None:
    if isinstance(hands, (int, np.integer)) and not isinstance(hands, bool) and 3 < hands <= 10_000_000:
        hands = 3  # within the limit: keep it quick; beyond: must be refused
    check(poker.match, players, hands, seed=seed, progress=False)


@FUZZ
@given(odd)
def test_load_scenarios(path) -> None:
    check(poker.load_scenarios, path)
