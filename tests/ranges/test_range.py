"""Ranges: the notation players use, the normal form, algebra, top fractions, the grid, mistakes, and text read in
time linear in its length."""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from fuzzing import hang_guard
from poker import (
    HAND_CLASSES, Card, HandRanker, PokerError, Range, RangeParseError, StartingHand, WeightsError, percentile,
)
from poker.cards.income_rates import income_rate_table
from poker.cards.starting_hand import CLASS_OF_HOLDING, class_index
from poker.ranges import MAX_RANGE_LENGTH, read_weights
from poker.ranges.range import _part_holdings, _part_weight
from poker.validators import shown


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
    later_wins = Range.parse('AK, AKo:0.5')  # the single class decides
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


@settings(max_examples=60, derandomize=True, deadline=None)
@given(st.sampled_from(HAND_CLASSES), st.sampled_from([1, 2, 4, 9]), st.data())
def test_percentile_is_the_inverse_of_top(name: str, opponents: int, data: st.DataObject) -> None:
    """Range.top at a hand's percentile holds its class and exactly the classes ranked at or above it (a higher
    income rate, or the same rate and earlier in the grid); a holding of the class stands where its class does."""
    rate = HandRanker.income_rate(name, opponents)
    above = {other for other in HAND_CLASSES if (HandRanker.income_rate(other, opponents), -class_index(other))
             >= (rate, -class_index(name))}
    where = percentile(name, opponents=opponents)
    assert classes(Range.top(where, opponents=opponents)) == above and where == sum(
        len(Range.parse(other)) for other in above) / 1326
    holding = data.draw(st.sampled_from([hand for hand, _ in Range.parse(name)]))
    assert percentile(holding, opponents) == percentile(str(holding), opponents) == where


def test_percentile_reads_like_pokerstove() -> None:
    assert percentile('AA') == 6 / 1326 and percentile('aa') == percentile('Ah As') and percentile('32o') == 1.0
    assert str(Range.top(percentile('AKo'))) == '77+, AJs+, AKo'
    for bad, quoted in (('AKx', "'AKx'"), ('Ah Ah', "'Ah'"), (None, 'None')):
        with pytest.raises(PokerError, match=re.escape(quoted)):
            percentile(bad)  # type: ignore[arg-type]
    with pytest.raises(PokerError, match='0'):
        percentile('AA', opponents=0)


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


# ------------------------------------------------------------------------------------- notation players paste
@pytest.mark.parametrize('text, expected', [
    ('T9s-65s', 'T9s, 98s, 87s, 76s, 65s'),
    ('65s-T9s', 'T9s, 98s, 87s, 76s, 65s'),
    ('T9o-54o', 'T9o, 98o, 87o, 76o, 65o, 54o'),
    ('T8s-64s', 'T8s, 97s, 86s, 75s, 64s'),
    ('T9-87', 'T9s, T9o, 98s, 98o, 87s, 87o'),
    ('QQ+ AKs', 'QQ+, AKs'),
    ('QQ+;AKs', 'QQ+, AKs'),
    ('QQ+ ; AKs ,', 'QQ+, AKs'),
    ('QQ+,AKs,', 'QQ+, AKs'),
    ('AKs : 0.5', 'AKs:0.5'),
    ('22 - 44', '22, 33, 44'),
    ('AKs:50%', 'AKs:0.5'),
    ('AKs:12.5%', 'AKs:0.125'),
    ('random', '22+, A2+, K2+, Q2+, J2+, T2+, 92+, 82+, 72+, 62+, 52+, 42+, 32'),
    ('ANY', '22+, A2+, K2+, Q2+, J2+, T2+, 92+, 82+, 72+, 62+, 52+, 42+, 32'),
    ('any:0.5', '22+:0.5, A2+:0.5, K2+:0.5, Q2+:0.5, J2+:0.5, T2+:0.5, 92+:0.5, 82+:0.5, 72+:0.5, 62+:0.5, 52+:0.5, '
                '42+:0.5, 32:0.5'),
])
def test_notation_players_paste(text: str, expected: str) -> None:
    assert Range.parse(text) == Range.parse(expected.replace('T9s, T9o', 'T9').replace('98s, 98o', '98')
                                            .replace('87s, 87o', '87'))


@pytest.mark.parametrize('fraction', ['5%', '15%', '33.3%', '0%', '100%'])
def test_a_top_fraction_is_range_top(fraction: str) -> None:
    assert Range.parse(fraction) == Range.top(float(fraction[:-1]) / 100)  # Papp's IR2 ordering
    assert Range.parse(f'{fraction}:0.5') == Range.top(float(fraction[:-1]) / 100) * 0.5


@pytest.mark.parametrize('text, bad', [
    ('AKs:1_0', '1_0'), ('AKs:\u0661', '\u0661'), ('AKs:\u00b2', '\u00b2'), ('AKs:1e999', '1e999'),
    ('AKs:nan', 'nan'), ('AKs:50%%', '50%%'), ('AKs:', ''), ('101%', '101%'), ('1_5%', '1_5%'),
    ('\u0661\u0665%', '\u0661\u0665%'), ('T9s-64s', 'T9s-64s'), ('T9s-65o', 'T9s-65o'), ('QQ+,,AKs', 'QQ+,,AKs'),
    (',QQ+', ',QQ+'),
])
def test_numbers_are_ascii_digits_only(text: str, bad: str) -> None:
    with pytest.raises(RangeParseError) as raised:
        Range.parse(text)
    assert repr(bad) in str(raised.value) and '\n' not in str(raised.value)


def test_overlapping_parts_the_specific_one_decides_then_the_largest_weight() -> None:
    assert Range.parse('QQ+, AKs, ATs+:0.5') == Range.parse('QQ+, AKs, AQs-ATs:0.5')  # the --help example
    assert Range.parse('ATs+:0.5, AKs') == Range.parse('AKs, ATs+:0.5')  # order never matters
    assert Range.parse('AK, AKo:0.5') == Range.parse('AKs, AKo:0.5') == Range.parse('AKo:0.5, AK')
    assert Range.parse('22+, 55:0') == Range.parse('66+, 22-44')
    assert Range.parse('AKs, AhKh:0').combos == 3 and Range.parse('AhKh:0, AKs').combos == 3
    assert Range.parse('QQ+:0.5, KK+') == Range.parse('QQ:0.5, KK+')  # equally broad: the larger weight
    assert Range.parse('AKs:0.25, AKs:0.75') == Range.parse('AKs:0.75')
    assert Range.parse('15%, AA:0') == Range.top(0.15) - 'AA'


def test_classes_and_parts_work_with_in() -> None:
    r = Range.parse('QQ+, AKs')
    assert 'AKs' in r and 'QQ' in r and 'QQ+' in r and 'KK-QQ' in r and 'AsKs' in r and 'As Ks' in r
    assert 'AKo' not in r and 'AK' not in r and 'JJ+' not in r and 'AsKd' not in r
    assert (Card.parse('Ah'), Card.parse('Kh')) in r and StartingHand.parse('Qs Qd') in r
    assert 'nonsense' not in r and 42 not in r and None not in r
    partly = Range.parse('AhKh')
    assert 'AhKh' in partly and 'AKs' not in partly  # a class is in when all of it is
    assert 'AKs' in Range.parse('AKs:0.01')  # whatever its weight


def test_iteration_yields_holdings_with_weights() -> None:
    r = Range.parse('AA:0.5, AhKh')
    pairs = list(r)
    assert len(pairs) == len(r) == 7
    assert [hand.holding_index for hand, _ in pairs] == sorted(hand.holding_index for hand, _ in pairs)
    assert dict((str(hand), weight) for hand, weight in pairs)['AhKh'] == 1.0
    assert sum(weight for _, weight in pairs) == r.combos == 4.0
    assert all(isinstance(hand, StartingHand) and isinstance(weight, float) for hand, weight in pairs)


def test_difference() -> None:
    assert Range.parse('QQ+, AK') - 'KK, AKo' == Range.parse('AA, QQ, AKs')
    assert Range.parse('QQ+') - Range.parse('KK:0.25') == Range.parse('AA, QQ, KK:0.75')
    assert 'QQ+' - Range.parse('KK') == Range.parse('AA, QQ')
    assert Range.parse('AA:0.5') - 'AA' == Range.parse('')


@settings(max_examples=15, deadline=None, derandomize=True)
@given(ranges(), ranges(), ranges())
def test_laws_of_the_operators(a: Range, b: Range, c: Range) -> None:
    assert a | b == b | a and a & b == b & a
    assert (a | b) | c == a | (b | c) and (a & b) & c == a & (b & c)
    assert a | a == a == a & a and a | (a & b) == a == a & (a | b)
    assert a & (b | c) == (a & b) | (a & c)
    np.testing.assert_allclose((a - b).weights + (a & b).weights, a.weights)  # the weight splits in two
    assert (a - b).weights.min() >= 0 and ((a - b).weights <= a.weights).all()
    assert a - a == Range.parse('') and a * 1 == a and len(a * 0) == 0
    assert hash(a | b) == hash(b | a) and hash(Range.parse(str(a))) == hash(a)
    assert sorted(hand.holding_index for hand, _ in a) == np.flatnonzero(a.weights).tolist()
    for name in ('AA', 'AKs', 'T9o', '72o'):
        assert (name in a) == bool((a.weights[CLASS_OF_HOLDING == class_index(name)] > 0).all())


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(['QQ+', 'AKs', 'ATs+:0.5', 'T9s-65s', '22-55:0.25', 'AhKh:0', 'AK', 'KQo:50%',
                                 '5%', 'A5s-A2s', 'JJ:0', 'QsQh:2']), min_size=1, max_size=6),
       st.randoms(use_true_random=False), st.sampled_from([', ', ',', ' ', '; ']))
def test_order_and_separators_never_matter(parts: list[str], random: Any, separator: str) -> None:
    expected = Range.parse(', '.join(parts))
    random.shuffle(parts)
    assert Range.parse(separator.join(parts)) == expected
    assert Range.parse(str(expected)) == expected


# ------------------------------------------------------------------------------------- linear time
LONG = 150_000
"""Characters of white space in one run: reading 150,000 took minutes before (43 s for 100,000 spaces)."""

GUARD = 20.0
"""Seconds a hostile reading may take before its test fails (it needs a few hundredths): a hang guard."""


@pytest.mark.parametrize('space', [' ', '\t', '\n', '\r\n', '\u00a0', '\u2003', '\u3000', '\u2028',
                                   ' \t\n\u00a0\u205f\x1c'])
def test_white_space_is_read_in_time_linear_in_its_length(space: str) -> None:
    run = (space * LONG)[:LONG]
    with hang_guard(GUARD):
        assert Range.parse('AKs' + run + 'QQ') == Range.parse('AKs, QQ') == Range.parse(run + 'AKs QQ' + run)
        assert Range.parse(f'AKs{run},{run}QQ{run}:{run}0.5{run};') == Range.parse('AKs, QQ:0.5')
        assert Range.parse(f'22{run}-{run}55{run}AhKh') == Range.parse('22-55, AhKh')
        assert (read_weights(f'AKs{run}QQ') == Range.parse('AKs, QQ').weights).all()  # the door every weight takes
        with pytest.raises(RangeParseError, match="invalid range part 'x'"):
            Range.parse(f'AKs{run}x{run}')


def test_range_text_has_a_documented_cap() -> None:
    with hang_guard(GUARD):
        assert Range.parse('AKs' + ' ' * (MAX_RANGE_LENGTH - 5) + 'QQ') == Range.parse('AKs, QQ')
        with pytest.raises(RangeParseError, match=f'at most {MAX_RANGE_LENGTH:,} characters, got 1,000,001'):
            Range.parse('AKs' + ' ' * (MAX_RANGE_LENGTH - 4) + 'QQ')
    with pytest.raises(RangeParseError, match='a range must be text, got 5'):
        Range.parse(5)  # type: ignore[arg-type]


def old_parse(text: str) -> Range:
    """:meth:`Range.parse` as it was, each run of white space read in time quadratic in its length: the oracle."""
    weights = np.zeros(1326)
    if not text.strip():
        return Range(weights)
    parts = re.split(r'\s*[,;]\s*|\s+', re.sub(r'\s*([:-])\s*', r'\1', text.strip()))
    if len(parts) > 1 and not parts[-1]:
        parts.pop()
    if '' in parts:
        raise RangeParseError(f'empty part in range {shown(text)}')
    layers = np.full((3, 1326), -1.0)
    for part in parts:
        item, colon, weight = part.partition(':')
        tier, holdings = _part_holdings(item)
        value = _part_weight(part, weight) if colon else 1.0
        layers[tier, holdings] = np.maximum(layers[tier, holdings], value)
    for layer in layers[::-1]:
        weights = np.where(layer >= 0, layer, weights)
    return Range(weights)


def old_top(fraction: float, opponents: int) -> Range:
    """:meth:`Range.top` as it was, class by class: the oracle."""
    table = income_rate_table(opponents)
    rates = [table[c // 13][c % 13] for c in range(169)]
    order = sorted(range(169), key=lambda c: (-rates[c], c))
    sizes = np.cumsum([0] + [int((CLASS_OF_HOLDING == c).sum()) for c in order])
    chosen = int(np.argmin(np.abs(sizes - fraction * 1326)))
    weights = np.zeros(1326)
    for c in order[:chosen]:
        weights[CLASS_OF_HOLDING == c] = 1.0
    return Range(weights)


PARTS = st.sampled_from(['QQ+', 'AKs', 'ato+', 'T9s-65s', '22 - 55', 'a5S-\tA2s', 'AhKh', 'kdqd', '15%', '0.5%',
                         '100%', 'random', 'ANY', 'AK', 'K9'])
WEIGHTS = st.sampled_from(['', '', ':0.5', ' : 50%', ':0', ':\u00a02', ':1e-3', ':-0'])
SEPARATORS = st.sampled_from([',', ';', ', ', ' ; ', ' ', '  ', '\t', '\u00a0', '\n\n', '\u3000 ', ', \n'])
MISTAKES = st.sampled_from(['x', '', '-', ':', ': -1', ',', ' , ,', '\u212aQ', '+', '%'])


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.lists(st.tuples(PARTS, WEIGHTS, SEPARATORS), max_size=8), st.none() | st.tuples(st.integers(0, 8), MISTAKES))
def test_the_linear_reading_reads_as_before(parts: list[tuple[str, str, str]], mistake: tuple[int, str] | None) -> None:
    pieces = [''.join(part) for part in parts]
    if mistake is not None:
        pieces.insert(*mistake)
    text = ''.join(pieces)
    try:
        expected: Range | str = old_parse(text)
    except RangeParseError as error:
        expected = str(error)
    try:
        got: Range | str = Range.parse(text)
    except RangeParseError as error:
        got = str(error)
    assert got == expected


@pytest.mark.parametrize('opponents', [1, 2, 4])  # Papp's three grids: IR2, IR4 (2-3), IR7 (4 or more)
def test_top_is_as_before(opponents: int) -> None:
    for fraction in np.linspace(0, 1, 61):
        assert Range.top(fraction, opponents) == old_top(float(fraction), opponents)


def test_a_minus_names_this_class_and_those_below() -> None:
    assert Range.parse('JJ-') == Range.parse('22-JJ')
    assert Range.parse('AQs-') == Range.parse('AQs-A2s')
    assert Range.parse('KTo-:0.5') == Range.parse('KTo-K2o:0.5')
    assert Range.parse('22-') == Range.parse('22')
    assert Range.parse('JJ-, 55:0') == Range.parse('22-44, 66-JJ')  # a single class decides over JJ-
