"""Ranges: the notation players use, the normal form, algebra, top fractions, the grid, and mistakes."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from poker import HAND_CLASSES, HandRanker, PokerError, Range, RangeParseError, StartingHand, WeightsError
from poker.starting_hand import CLASS_OF_HOLDING, class_index


def classes(range_: Range) -> set[str]:
    return {HAND_CLASSES[c] for c in set(CLASS_OF_HOLDING[np.flatnonzero(range_.weights)].tolist())}


@pytest.mark.parametrize('text, expected, size', [
    ('QQ+', {'QQ', 'KK', 'AA'}, 18),
    ('AKs', {'AKs'}, 4),
    ('AKo', {'AKo'}, 12),
    ('AK', {'AKs', 'AKo'}, 16),
    ('ATs+', {'ATs', 'AJs', 'AQs', 'AKs'}, 16),
    ('KTo+', {'KTo', 'KJo', 'KQo'}, 36),
    ('K9+', {'K9s', 'KTs', 'KJs', 'KQs', 'K9o', 'KTo', 'KJo', 'KQo'}, 64),
    ('22-55', {'22', '33', '44', '55'}, 24),
    ('55-22', {'22', '33', '44', '55'}, 24),
    ('A5s-A2s', {'A5s', 'A4s', 'A3s', 'A2s'}, 16),
    ('A2s-A5s', {'A5s', 'A4s', 'A3s', 'A2s'}, 16),
    ('KQo-K9o', {'KQo', 'KJo', 'KTo', 'K9o'}, 48),
    ('AhKh', {'AKs'}, 1),
    ('22+', {name for name in HAND_CLASSES if len(name) == 2}, 78),
    (' aks , qq ', {'AKs', 'QQ'}, 10),
    ('', set(), 0),
])
def test_parse_parts(text: str, expected: set[str], size: int) -> None:
    parsed = Range.parse(text)
    assert classes(parsed) == expected and len(parsed) == size
    assert set(parsed.weights.tolist()) <= {0.0, 1.0}


def test_single_holdings_and_weights() -> None:
    assert np.flatnonzero(Range.parse('AhKh').weights).tolist() == [StartingHand.parse('Ah Kh').holding_index]
    assert Range.parse('khah') == Range.parse('AhKh')
    half = Range.parse('AKo:0.5')
    assert len(half) == 12 and half.combos == 6.0
    later_wins = Range.parse('AK, AKo:0.5')
    assert later_wins.combos == 4 + 6 and later_wins == Range.parse('AKs') | half
    assert Range.parse('AKs, AhKh:0').combos == 3
    assert Range.parse('QQ+:0.25, AA') == Range.parse('AA, QQ-KK:0.25')


@pytest.mark.parametrize('text, bad', [
    ('QQ++', 'QQ++'),
    ('AKx', 'AKx'),
    ('A5s-K2s', 'A5s-K2s'),
    ('AKs-AQo', 'AKs-AQo'),
    ('22-AKs', '22-AKs'),
    ('AKo:-1', 'AKo:-1'),
    ('AKo:x', 'AKo:x'),
    ('AKo:inf', 'AKo:inf'),
    ('AhAh', 'AhAh'),
    ('AAs', 'AAs'),
    ('QQ+, AK, JJx', 'JJx'),
    ('AA,,KK', 'AA,,KK'),
    ('Ah', 'Ah'),
    ('AhKhQh', 'AhKhQh'),
])
def test_bad_notation_names_the_part(text: str, bad: str) -> None:
    with pytest.raises(RangeParseError) as raised:
        Range.parse(text)
    assert repr(bad) in str(raised.value)
    assert isinstance(raised.value, PokerError)


@pytest.mark.parametrize('text', ['\u212aK', 'A\u212a', 'AKs\u212a', 'AK\u017f', '\u212a\u212a+', '\u212aQs-\u212aJs',
                                  'A\u017fKs'])
def test_unicode_look_alikes_are_notation_errors(text: str) -> None:
    # the Kelvin sign (U+212A) and the long s (U+017F) fold to 'k' and 's' in Unicode regular expressions
    with pytest.raises(RangeParseError, match=repr(text).strip("'")):
        Range.parse(text)


def test_negative_zero_weights_are_zero() -> None:
    zero = Range.parse('AA:-0')
    assert zero == Range.parse('') and hash(zero) == hash(Range.parse(''))
    assert len({zero, Range.parse(''), Range(-np.zeros(1326))}) == 1
    assert not np.signbit(Range(-np.zeros(1326)).weights).any()


def test_normal_form() -> None:
    assert str(Range.parse('AKs, AKo, AQs, AQo, AJs, KK')) == 'KK, AJs+, AQo+'
    assert str(Range.parse('22, 33, 44, 55, A2s, A3s, A4s, A5s')) == '55-22, A5s-A2s'
    assert str(Range.parse('AKs, AQs, AKo:0.5')) == 'AQs+, AKo:0.5'
    assert str(Range.parse('AA, AhAs:0')) == 'AA, AsAh:0'
    assert str(Range.parse('AcAd, AcAh')) == 'AhAc, AdAc'
    assert str(Range.parse('')) == ''
    assert repr(Range.parse('QQ+, AKs')) == "Range.parse('QQ+, AKs')"
    assert eval(repr(Range.parse('QQ+, AKs:0.3'))) == Range.parse('AKs:0.3, QQ+')


WEIGHT = st.sampled_from([0.0, 0.0, 0.0, 1.0, 1.0, 0.5, 0.25, 2.0]) | st.floats(0, 3, allow_nan=False)


@st.composite
def ranges(draw: st.DrawFn) -> Range:
    per_class = draw(st.lists(WEIGHT, min_size=169, max_size=169))
    weights = np.array(per_class)[CLASS_OF_HOLDING]
    for holding, weight in draw(st.lists(st.tuples(st.integers(0, 1325), WEIGHT), max_size=12)):
        weights[holding] = weight
    return Range(weights)


@settings(max_examples=60, deadline=None)
@given(ranges())
def test_normal_form_round_trips(range_: Range) -> None:
    text = str(range_)
    assert Range.parse(text) == range_
    assert str(Range.parse(text)) == text
    assert eval(repr(range_)) == range_


def test_algebra() -> None:
    a, b = Range.parse('QQ+, AKs:0.5'), Range.parse('JJ-KK, AKs')
    assert a | b == Range.parse('JJ+, AKs')
    assert a & b == Range.parse('KK-QQ, AKs:0.5')
    assert a | 'AQs' == Range.parse('QQ+, AKs:0.5, AQs') == 'AQs' | a
    assert (a * 0.5).combos == a.combos / 2 and 2 * a == a * 2
    assert a * 0 == Range.parse('') and len(a * 0) == 0
    with pytest.raises(WeightsError):
        a * -1
    with pytest.raises(WeightsError):
        a * float('nan')
    without = Range.parse('QQ+, AKs').without('Ah Kd')
    assert len(without) == 6 + 3 + 3 + 2 and StartingHand.parse('Ah Kh') not in without
    assert 'Ac Ad' in without and 'Ah Ad' not in without and 'nonsense' not in without
    assert hash(a) == hash(Range.parse(str(a))) and len({a, Range.parse(str(a)), b}) == 2
    with pytest.raises(ValueError):
        a.weights[0] = 1.0
    assert np.asarray(a).tolist() == a.weights.tolist()


def test_range_from_weights_checks_them() -> None:
    with pytest.raises(WeightsError, match='1,326'):
        Range(np.ones(1325))
    with pytest.raises(WeightsError, match='negative'):
        Range(-np.ones(1326))
    assert Range.coerce('AA') == Range.parse('AA') and Range.coerce(np.ones(1326)) == Range.uniform()


@pytest.mark.parametrize('opponents', [1, 3, 6])
def test_top_takes_the_best_classes(opponents: int) -> None:
    assert len(Range.top(0, opponents)) == 0 and Range.top(1, opponents) == Range.uniform()
    previous = Range.top(0, opponents)
    for fraction in (0.02, 0.1, 0.25, 0.5, 0.8):
        top = Range.top(fraction, opponents)
        assert abs(len(top) - fraction * 1326) <= 12 and set(top.weights.tolist()) == {0.0, 1.0}
        assert (previous.weights <= top.weights).all()
        inside = [HandRanker.income_rate(name, opponents) for name in classes(top)]
        outside = [HandRanker.income_rate(name, opponents) for name in set(HAND_CLASSES) - classes(top)]
        assert min(inside) >= max(outside)
        previous = top
    assert classes(Range.top(0.0046, opponents)) == {'AA'}
    with pytest.raises(PokerError):
        Range.top(1.5)


def test_grid() -> None:
    lines = Range.parse('AA, AKs, KQo:0.5, 72o').grid().splitlines()
    assert len(lines) == 14 and lines[0].split() == list('AKQJT98765432')
    cells = [line.split()[1:] for line in lines[1:]]
    assert [line.split()[0] for line in lines[1:]] == list('AKQJT98765432')
    assert cells[0][0] == 'AA' and cells[0][1] == 'AKs' and cells[1][0] == '.'
    assert cells[2][1] == '50%' and cells[12][7] == '72o'
    assert sum(cell != '.' for row in cells for cell in row) == 4
    full = [line.split()[1:] for line in Range.uniform().grid().splitlines()[1:]]
    assert [cell for row in full for cell in row] == list(HAND_CLASSES)
    assert Range.parse('AKs:0.5').class_weights()[class_index('AKs')] == 0.5
