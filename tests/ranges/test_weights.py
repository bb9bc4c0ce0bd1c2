"""poker.ranges.weights: every accepted form of opponent weights, and every rejected one."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from poker import HAND_CLASSES, Player, StartingHand, WeightsError
from poker.cards.holdings import HOLDINGS
from poker.cards.starting_hand import CLASS_OF_HOLDING, class_index
from poker.kernel import tally
from poker.kernel.range_passes import range_tally
from poker.kernel.showdowns import holding_showdowns
from poker.ranges.range import Range
from poker.ranges.weight_inputs import read_weight_sets
from poker.ranges.weights import (
    MAX_TOTAL_WEIGHT, MIN_WEIGHT, checked_rows, known_holdings, remove_known, uniform_weights,
)
from poker.stats.multiway import MAX_PLAYERS, equity
from poker.stats.range_stats import range_statistics
from poker.stats.strength import hand_strength


def single(weights: object) -> np.ndarray:
    sets, per_opponent = read_weight_sets(weights)
    assert sets.shape == (1, 1326) and sets.dtype == np.float64 and not per_opponent
    return sets[0]


def test_none_is_uniform() -> None:
    assert (single(None) == 1.0).all()
    assert (uniform_weights() == 1.0).all()


def test_holding_weights_are_copied() -> None:
    weights = np.arange(1326, dtype=np.int64)
    result = single(weights)
    assert (result == weights).all()
    result[0] = 99
    assert weights[0] == 0
    assert (single(list(range(1326))) == weights).all()


def test_class_mapping() -> None:
    result = single({'AKs': 1.0, 'QQ': 0.5, 'ako': 0.25})
    assert result.sum() == 4 * 1.0 + 6 * 0.5 + 12 * 0.25
    assert result[StartingHand.parse('AhKh').holding_index] == 1.0
    assert result[StartingHand.parse('QhQs').holding_index] == 0.5
    assert result[StartingHand.parse('AhKs').holding_index] == 0.25
    assert result[StartingHand.parse('AhAs').holding_index] == 0.0


def test_class_vector_and_grid() -> None:
    classes = np.random.default_rng(1).random(169)
    expected = classes[CLASS_OF_HOLDING]
    assert (single(classes) == expected).all()
    assert (single(classes.reshape(13, 13)) == expected).all()
    assert (single(classes.reshape(13, 13).tolist()) == expected).all()
    mapping = {name: classes[class_index(name)] for name in HAND_CLASSES}
    assert (single(mapping) == expected).all()


def test_object_with_weights() -> None:
    class Range:
        def __init__(self, weights: object) -> None:
            self.weights = weights
    assert (single(Range({'AA': 2})) == single({'AA': 2})).all()


def test_a_set_per_opponent() -> None:
    sets, per_opponent = read_weight_sets([None, {'AA': 1}, np.zeros(169)])
    assert per_opponent and sets.shape == (3, 1326)
    assert sets.sum(axis=1).tolist() == [1326, 6, 0]
    array_sets, per_opponent = read_weight_sets(np.ones((2, 1326)))
    assert per_opponent and array_sets.shape == (2, 1326)
    grids, _ = read_weight_sets(np.ones((4, 13, 13)))
    assert grids.shape == (4, 1326)


@pytest.mark.parametrize('bad, message', [
    (np.ones(1325), 'shape'),
    (np.ones((13, 12)), 'shape'),
    ([1.0, 2.0], 'shape'),
    (np.array([-1.0] + [1.0] * 1325), 'non-negative'),
    (np.array([np.nan] + [1.0] * 1325), 'finite'),
    (np.array([np.inf] + [1.0] * 1325), 'finite'),
    ({'AKx': 1}, "'AKx'"),
    ({'AK': 1}, "'AK'"),
    ({3: 1}, '3'),
    ({'AKs': 'heavy'}, "'heavy'"),
    ({'AKs': -2}, 'non-negative'),
    (b'AKs', 'numbers'),
    (np.array(['a'] * 1326), 'numbers'),
    ([], 'no weights'),
    (np.ones(0), 'no weights'),
    ([None, np.ones(5)], 'shape'),
])
def test_bad_weights(bad: object, message: str) -> None:
    with pytest.raises(WeightsError, match=message):
        read_weight_sets(bad)


def test_known_holdings() -> None:
    mask = known_holdings([51])
    assert mask.sum() == 51
    assert all(51 in pair for pair in HOLDINGS[mask].tolist())
    assert known_holdings([]).sum() == 0


def test_remove_known() -> None:
    sets, _ = read_weight_sets([None, {'AA': 1}])
    result = remove_known(sets, [51, 50])  # As, Ah
    assert result.sum(axis=1).tolist() == [1326 - 101, 1]
    assert sets.sum() == 1332  # the input is not changed
    with pytest.raises(WeightsError, match=r"weight set 2 of 2 .*'Ad Ah As'"):
        remove_known(sets, [49, 50, 51])
    with pytest.raises(WeightsError, match='the weights give no holding'):
        remove_known(read_weight_sets({'AA': 1})[0], [49, 50, 51])
    # weights that were empty to begin with are not blamed on the known cards
    with pytest.raises(WeightsError, match=r'^weight set 1 of 2 give no holding any weight \(a weight below 1e-30 counts as 0\)$'):
        remove_known(np.stack([np.zeros(1326), np.ones(1326)]), [51])


def test_weights_too_large_to_count_with_are_refused() -> None:
    with pytest.raises(WeightsError, match='scale them down'):
        read_weight_sets(np.full(1326, 1e28))  # totals 1.3e31, past MAX_TOTAL_WEIGHT
    with pytest.raises(WeightsError, match='scale them down'):
        Player('Ah Qh', '3h 4s Jh').calculate_hand_statistics(weights={'AKo': 1e308, 'QQ': 1e308})
    stats = Player('Ah Qh', '3h 4s Jh').calculate_hand_statistics(weights=np.full(1326, 7.5e26))
    assert stats.hs == pytest.approx(0.5851063829787234, rel=1e-12)
    assert (stats.ppot, stats.npot) == pytest.approx((0.5041789128745651, 0.14514153391623746), rel=1e-12)


# ---------------------------------------------------------------------------------- what counts as zero
# Weights below MIN_WEIGHT are 0 at every door, so no result depends on them; MAX_TOTAL_WEIGHT mirrors the floor.
BELOW_FLOOR = st.sampled_from([5e-324, 1e-320, 2.2e-308, 1e-200, 1e-31, float(np.nextafter(MIN_WEIGHT, 0.0))])


def test_the_window_keeps_products_of_ten_players_weights_normal_and_finite() -> None:
    tiny, huge = np.finfo(np.float64).tiny, np.finfo(np.float64).max
    assert MIN_WEIGHT ** MAX_PLAYERS >= tiny * 1e7  # room for a division by a few million
    assert MAX_TOTAL_WEIGHT ** MAX_PLAYERS * math.comb(48, 5) < huge / 100
    players = ['Ah As', 'Kh Ks', 'Qh Qs', 'Jh Js', 'Th Ts', '9h 9s', '8h 8s', '7h 7s', '6h 6s', '5h 5s']
    at_one = equity(players, '2c 3c 4d 2d Jc')
    for weight in (MIN_WEIGHT, MAX_TOTAL_WEIGHT):
        weighted = equity([f'{hand.replace(" ", "")}:{weight!r}' for hand in players], '2c 3c 4d 2d Jc')
        shares = [share for p in weighted.players for share in (p.win, p.tie, p.split_share)]
        assert shares == pytest.approx([share for p in at_one.players for share in (p.win, p.tie, p.split_share)])
    big = range_statistics('AA:1.6e29', '2c 7d Js', 'KK:1.6e29')  # hero weight x opponent weight: finite
    assert big.range_equity == pytest.approx(range_statistics('AA', '2c 7d Js', 'KK').range_equity, rel=1e-15)
    for players in (['AA:1e299', 'KK:1e299'], ['AA:1e100', 'KK:1e100', 'QQ:1e100', 'AKo:1e100']):  # once NaN
        with pytest.raises(WeightsError, match='scale them down'):
            equity(players, 'Ah Kh Qh')


def test_weights_below_the_floor_are_zero_at_every_door() -> None:
    assert Range.parse('JJ:1e-320') == Range.parse('') and repr(Range.parse('AA, JJ:1e-320')) == "Range.parse('AA')"
    assert repr(Range.parse('AA:1e-30')) == "Range.parse('AA:1e-30')"  # at the floor: kept, and shown
    assert Range.uniform() * 1e-31 == Range.parse('')
    below = float(np.nextafter(MIN_WEIGHT, 0.0))
    assert (single({'AA': 1, 'KK': below}) == single({'AA': 1})).all()
    assert (single(np.full(169, 5e-324)) == 0).all() and (single(np.full((13, 13), below)) == 0).all()
    row = np.zeros(1326)
    row[:3] = [1.0, 5e-324, MIN_WEIGHT]
    for rows in (row, row.reshape(1, -1), list(row)):
        checked = checked_rows('w', rows)  # type: ignore[arg-type]
        assert checked.reshape(-1)[:3].tolist() == [1.0, 0.0, MIN_WEIGHT] and row[1] == 5e-324  # a copy
    plain = np.ones(1326)
    assert checked_rows('w', plain) is plain  # the fast path still takes weights that are all right
    with pytest.raises(WeightsError, match=r'total at most 1e\+30'):
        checked_rows('w', np.full((2, 1326), 1e28))  # the kernel's door keeps the ceiling too
    values, few = np.array([3, 1, 4, 1, 5, 9, 2, 6, 5, 3]), np.array([1.0, 0, 2, 0, 1, 1, 0, 3, 1, 1])
    tiny_few = np.where(few > 0, few, 5e-324)
    assert all(np.array_equal(a, b) for a, b in zip(holding_showdowns(values, tiny_few), holding_showdowns(values, few)))
    with pytest.raises(WeightsError, match='at least 0'):
        holding_showdowns(values, -few)
    # the kernel counts the same with and without weights below the floor
    board, hero = [51, 47, 43, 8], np.where(np.arange(1326) % 7 == 0, 1.0, 0.0)
    tiny = np.where(hero > 0, 0.0, 1e-310)
    plain_tally, tiny_tally = range_tally(board, 1, hero, hero), range_tally(board, 1, hero + tiny, hero + tiny)
    assert np.array_equal(tiny_tally.now, plain_tally.now) and np.array_equal(tiny_tally.holdings, plain_tally.holdings)


def test_the_subnormal_cases_of_the_issue() -> None:
    right = equity(['T9s-65s', 'JJ'], 'Ah Kh Qh')
    assert [round(p.equity, 6) for p in right.players] == [0.241692, 0.758308]
    tiny = equity(['T9s-65s, JJ:5e-324', 'JJ'], 'Ah Kh Qh')
    assert [(p.win, p.tie, p.split_share) for p in tiny.players] == [(p.win, p.tie, p.split_share) for p in right.players]
    with pytest.raises(WeightsError, match=r"player 2: the range 'JJ:5e-324, JJ:5e-324' gives no holding any weight "
                                           r'\(a weight below 1e-30 counts as 0\)'):
        equity(['T9s-65s, JJ:5e-324', 'JJ:5e-324, JJ:5e-324'], 'Ah Kh Qh')  # all of player 2's weight is 0
    player = Player('AhKh', 'QhJhTc')
    assert player.calculate_hand_statistics(weights='22+, 32s:5e-324, 42o:1e-31').npot == 0.07323232323232323
    with pytest.raises(WeightsError, match=r'no holding any weight \(a weight below 1e-30 counts as 0\)'):
        player.calculate_hand_statistics(weights='22+:5e-324')


@settings(max_examples=8, deadline=None, derandomize=True, database=None)
@given(base=st.sampled_from(['22+', 'QQ+, AKs, T9s:0.5', 'A2s+, KQo:0.25', 'random:0.5, AA']),
       extra=st.lists(st.tuples(st.integers(0, 1325), BELOW_FLOOR), min_size=1, max_size=40))
def test_weights_below_the_floor_change_no_statistic(base: str, extra: list[tuple[int, float]]) -> None:
    weights = np.array(Range.parse(base).weights)
    padded = weights.copy()
    for holding, value in extra:
        if padded[holding] == 0 or padded[holding] < MIN_WEIGHT:
            padded[holding] = value
    assert not np.array_equal(padded, weights) or all(weights[h] > 0 for h, _ in extra)
    hole, board = 'Ah Kd', '7c 8c 9d Jh'
    player = Player(hole, board)
    assert player.calculate_hand_statistics(weights=padded) == player.calculate_hand_statistics(weights=weights)
    assert hand_strength(hole, board, padded) == hand_strength(hole, board, weights)
    plain, tiny = range_statistics(weights, board, weights, bins=50), range_statistics(padded, board, padded, bins=50)
    for name in ('holdings', 'weights', 'hs', 'ppot', 'npot', 'equity', 'counted', 'histogram'):
        assert np.array_equal(getattr(tiny, name), getattr(plain, name)), name
    assert tiny.range_equity == plain.range_equity
    narrow = np.array(Range.parse('QQ+, T9s').weights)  # a third player with little weight: an exact count
    narrow_padded = np.where(narrow > 0, narrow, padded[::-1] * (padded[::-1] < MIN_WEIGHT))
    plain_equity, tiny_equity = equity([hole, weights, narrow], board), equity([hole, padded, narrow_padded], board)
    assert [(p.win, p.tie, p.split_share) for p in tiny_equity.players] == [(p.win, p.tie, p.split_share) for p in plain_equity.players]


def test_no_weight_sets_is_a_weights_error() -> None:
    """A stack of no weight sets, shape (0, 1326), at the kernel's door (before: NumPy's "zero-size array to
    reduction operation minimum" escaped from the reader)."""
    empty: list[object] = [np.ones((0, 1326)), np.ones((0, 1326), dtype=np.float32), []]
    for sets in empty:
        for lookahead in (0, 1):
            with pytest.raises(WeightsError):
                tally([0, 4], [1, 2, 3], lookahead, sets)  # type: ignore[arg-type]
