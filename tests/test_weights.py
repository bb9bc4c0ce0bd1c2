"""poker.ranges.weights: every accepted form of opponent weights, and every rejected one."""

from __future__ import annotations

import numpy as np
import pytest

from poker import HAND_CLASSES, Player, StartingHand, WeightsError
from poker.cards.holdings import HOLDINGS
from poker.cards.starting_hand import CLASS_OF_HOLDING, class_index
from poker.ranges.weights import known_holdings, remove_known, uniform_weights
from poker.ranges.weight_inputs import read_weight_sets


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
    with pytest.raises(WeightsError, match=r'^weight set 1 of 2 give no holding any weight$'):
        remove_known(np.stack([np.zeros(1326), np.ones(1326)]), [51])


def test_weights_too_large_to_count_with_are_refused() -> None:
    with pytest.raises(WeightsError, match='scale them down'):
        read_weight_sets(np.full(1326, 1e298))
    with pytest.raises(WeightsError, match='scale them down'):
        Player('Ah Qh', '3h 4s Jh').calculate_hand_statistics(weights={'AKo': 1e308, 'QQ': 1e308})
    stats = Player('Ah Qh', '3h 4s Jh').calculate_hand_statistics(weights=np.full(1326, 1e290))
    assert stats.hs == pytest.approx(0.5851063829787234, rel=1e-12)
    assert (stats.ppot, stats.npot) == pytest.approx((0.5041789128745651, 0.14514153391623746), rel=1e-12)
