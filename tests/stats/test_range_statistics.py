"""range_statistics: every holding's statistics on a board at once, equal to Player's, holding by holding."""

from __future__ import annotations

import math

import numpy as np
import pytest

from poker import HandRanker, Player, PokerError, Range, board_strengths, range_statistics
from poker.cards.card import Card, parse_cards
from poker.errors import CardCountError, LookaheadError, SettingError, WeightsError
from poker.kernel import NARROW_LIMIT, NARROW_OPPONENTS, hero_by_hero, range_tally
from poker.ranges.weights import known_holdings
from poker.cards.holdings import HOLDINGS
from poker.pictures.plots import runout_strengths
from poker.stats.reference import ReferencePlayer

RATIOS = ('hs', 'hs_n', 'ppot', 'npot', 'ehs', 'ehs_prime')


class Plain(HandRanker):
    """HandRanker's values through the hook: 'auto' chooses among the NumPy passes (HandRanker: compiled)."""

    @classmethod
    def rank_many(cls, indices: np.ndarray, *, validate: bool = True) -> np.ndarray:  # type: ignore[override]
        return super().rank_many(indices, validate=validate)


def random_weights(seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    weights = rng.random(1326) ** 3
    weights[rng.random(1326) < 0.3] = 0.0
    return weights


def hole_of(number: int) -> list[Card]:
    low, high = HOLDINGS[number]
    return [Card.from_index(int(low)), Card.from_index(int(high))]


def check_against_player(stats, board: str, weights, sample: np.ndarray, player_class=Player, exact=True) -> None:
    for at in sample.tolist():
        number = int(stats.holdings[at])
        expected = player_class(hole_of(number), board).calculate_hand_statistics(
            lookahead=stats.lookahead, weights=weights, opponents=stats.opponents)
        got = stats.for_holding(hole_of(number))
        if exact:
            assert (got.ahead, got.tied, got.behind) == (expected.ahead, expected.tied, expected.behind)
            assert got.transitions == expected.transitions
            assert got == expected
        else:
            scale = 1e-12 * expected.total
            assert np.allclose([got.ahead, got.tied, got.behind], [expected.ahead, expected.tied, expected.behind],
                               rtol=1e-12, atol=scale)
            assert np.allclose(got.transitions, expected.transitions, rtol=1e-12, atol=scale * got.runouts)
        for name in RATIOS:
            assert math.isclose(getattr(got, name), getattr(expected, name), rel_tol=1e-12, abs_tol=1e-12), name
            assert math.isclose(float(getattr(stats, name)[at]), getattr(expected, name), rel_tol=1e-12,
                                abs_tol=1e-12), name
        # the runout distribution's mean is the showdown equity
        assert math.isclose(float(stats.equity[at]), expected.hs * (1 - expected.npot) + (1 - expected.hs) * expected.ppot,
                            rel_tol=1e-12, abs_tol=1e-12)
        if stats.histogram is not None:
            assert math.isclose(float(stats.histogram[at].sum()), 1.0, rel_tol=1e-12)


BOARDS = [('3h 4s Jh', 2), ('Kd 7c 2h', 2), ('9s 9h 9c', 1), ('Ah Kh Qh Jd', 1), ('Ts 6d 6c 2s', 1),
          ('3h 4s Jh 9c Jd', 0), ('As Ks Qs Js Ts', 0), ('Kd 7c 2h', 0)]


@pytest.mark.parametrize('board, lookahead', BOARDS)
def test_every_holding_equals_player_uniform(board: str, lookahead: int) -> None:
    stats = range_statistics(board=board, lookahead=lookahead, bins=10)
    unseen = 52 - len(board.split())
    assert len(stats) == math.comb(unseen, 2)
    assert (stats.ahead + stats.tied + stats.behind == math.comb(unseen - 2, 2)).all()
    step = 1 if lookahead == 0 else 29
    check_against_player(stats, board, None, np.arange(0, len(stats), step))


@pytest.mark.parametrize('board, lookahead', BOARDS[:6])
def test_every_holding_equals_player_weighted(board: str, lookahead: int) -> None:
    hero, opponent = random_weights(1), random_weights(2)
    stats = range_statistics(hero, board, opponent, lookahead=lookahead, opponents=3, bins=7)
    assert np.array_equal(stats.weights, hero[stats.holdings])
    step = 1 if lookahead == 0 else 37
    check_against_player(stats, board, opponent, np.arange(0, len(stats), step), exact=False)


def test_a_narrow_opponent_range_equals_player_and_the_reference_path() -> None:
    board = '3h 4s Jh'
    opponent = Range.parse('QQ+, AKs')
    stats = range_statistics('AA, AKs, 76s, T9o', board, opponent)
    assert stats.opponent_holdings == 22
    check_against_player(stats, board, opponent, np.arange(len(stats)))
    check_against_player(stats, '3h 4s Jh', opponent, np.arange(0, len(stats), 9), player_class=ReferencePlayer)
    river = range_statistics('AA, AKs, 76s', board + ' 2c Td', opponent)
    check_against_player(river, board + ' 2c Td', opponent, np.arange(len(river)), player_class=ReferencePlayer)


@pytest.mark.parametrize('board', ['3h 4s Jh 2c', '3h 4s Jh'])
def test_the_runout_distribution_is_the_hands_strength_after_each_runout(board: str) -> None:
    stats = range_statistics('AhQh', board, bins=20)
    values = runout_strengths('Ah Qh', board)  # against every holding: each runout leaves as many
    at = stats.index('AhQh')
    assert math.isclose(float(stats.equity[at]), float(values.mean()), rel_tol=1e-12)
    assert math.isclose(float(stats.mean_squared_strength[at]), float((values ** 2).mean()), rel_tol=1e-12)
    expected = np.bincount(np.minimum((values * 20).astype(int), 19), minlength=20) / len(values)
    assert np.allclose(stats.histogram[at], expected, rtol=1e-12, atol=1e-15)


def test_weighted_runouts_count_by_the_weight_they_leave() -> None:
    weights = random_weights(5)
    stats = range_statistics(None, '3h 4s Jh', weights, bins=10)
    player = Player('AhQh', '3h 4s Jh').calculate_hand_statistics(weights=weights)
    at = stats.index('AhQh')
    mean = float((stats.histogram[at] * (np.arange(10) + 0.5) / 10).sum())
    assert abs(mean - float(stats.equity[at])) <= 0.05  # the bins' centres: the mean to half a bin
    assert math.isclose(float(stats.equity[at]), player.hs * (1 - player.npot) + (1 - player.hs) * player.ppot,
                        rel_tol=1e-12)
    assert float(stats.equity[at]) ** 2 <= float(stats.mean_squared_strength[at]) <= 1


def test_range_equity_weighs_holdings_by_their_matchups() -> None:
    stats = range_statistics('AA, KK', '8s 7d 2c 3h 9d', 'KK, QQ')
    mass = stats.weights * (stats.ahead + stats.tied + stats.behind)
    assert math.isclose(stats.range_equity, float((mass * stats.equity).sum() / mass.sum()))
    aces = [stats.equity[stats.index(h)] for h in ('AcAd', 'AhAs')]
    assert all(e == 1.0 for e in aces)


def test_by_class_means_and_errors() -> None:
    stats = range_statistics('AA, AKs, 72o', '3h 4s Jh')
    means = stats.by_class('hs')
    assert set(means) == {'AA', 'AKs', '72o'}
    members = [stats.index(h) for h in ('AcAd', 'AcAh', 'AcAs', 'AdAh', 'AdAs', 'AhAs')]
    assert math.isclose(means['AA'], float(stats.hs[members].mean()), rel_tol=1e-12)
    with pytest.raises(PokerError):
        stats.by_class('nonsense')
    with pytest.raises(PokerError):
        stats.for_holding('Kc Kd')


def test_preflop_range_against_range() -> None:
    stats = range_statistics('AA, KK', (), None)
    assert stats.exact and len(stats) == 12
    assert math.isclose(float(stats.hs[stats.index('AhAs')]), 0.852037133, abs_tol=1e-9)
    assert stats.for_holding('AhAs') == Player('AhAs').calculate_hand_statistics()
    narrow = range_statistics('AhAs', (), 'KK', opponents=2)
    assert narrow.exact and math.isclose(float(narrow.equity[0]), 0.819461, abs_tol=1e-6)
    assert narrow.for_holding('AhAs') == Player('AhAs').calculate_hand_statistics(weights=Range.parse('KK'), opponents=2)


@pytest.mark.parametrize('call, error', [
    (lambda: range_statistics(board='Ah Kh'), CardCountError),
    (lambda: range_statistics(board='Ah Kh Qh', lookahead=3), LookaheadError),
    (lambda: range_statistics(board='Ah Kh Qh Jh Th', lookahead=1), LookaheadError),
    (lambda: range_statistics('AhAs', 'Ah Kh Qh'), WeightsError),
    (lambda: range_statistics(None, 'Ah Kh Qh', np.zeros(1326)), WeightsError),
    (lambda: range_statistics(board='Ah Kh Qh', bins=0), PokerError),
    (lambda: range_statistics(board='Ah Kh Qh', opponents=0), PokerError),
])
def test_bad_arguments(call, error) -> None:
    with pytest.raises(error):
        call()


@pytest.mark.parametrize('board, lookahead', [('3h 4s Jh', 2), ('3h 4s Jh 9c', 1), ('3h 4s Jh', 0)])
def test_the_shared_pass_and_hero_by_hero_agree(board: str, lookahead: int) -> None:
    indices = [card.index for card in parse_cards(board)]
    hero = np.zeros(1326)
    hero[np.random.default_rng(9).choice(1326, 12, replace=False)] = 1.0
    for opponent in (np.ones(1326), random_weights(3), Range.parse('QQ+, AKs').weights):
        shared, single = range_tally(indices, lookahead, hero, opponent), hero_by_hero(indices, lookahead, hero, opponent)
        assert np.array_equal(shared.holdings, single.holdings)
        scale = 1e-12 * shared.now.sum(axis=1, keepdims=True).max()
        assert np.allclose(shared.now, single.now, rtol=1e-12, atol=scale)
        assert np.allclose(shared.transitions, single.transitions, rtol=1e-12, atol=scale * shared.runouts)
        for tally in (shared, single):
            assert np.allclose(tally.total.sum(axis=1), tally.now.sum(axis=1) * tally.runouts, rtol=1e-12)
        assert np.allclose(shared.score.sum(axis=1), single.score.sum(axis=1), rtol=1e-12, atol=scale)
        squares = [np.sort((t.score ** 2 / np.where(t.total > 0, t.total, 1)).ravel())[-50:] for t in (shared, single)]
        assert np.allclose(*squares, rtol=1e-12)


@pytest.mark.slow
@pytest.mark.parametrize('board, weighted', [('3h 4s Jh', False), ('Kd 7c 2h', True), ('Ah Kh Qh Jd', True)])
def test_every_single_holding_equals_player(board: str, weighted: bool) -> None:
    opponent = random_weights(11) if weighted else None
    stats = range_statistics(None, board, opponent)
    check_against_player(stats, board, opponent, np.arange(len(stats)), exact=not weighted)


def test_preflop_weighted_ranges_are_sampled_with_an_error_bar() -> None:
    stats = range_statistics('AA, KK', (), 'QQ+, AKs, AJo', seed=3, bins=50)
    assert not stats.exact and (stats.standard_error > 0).all() and (stats.standard_error < 0.01).all()
    from poker.stats.preflop_odds import preflop_equity
    exact = preflop_equity('Ah As', Range.parse('QQ+, AKs, AJo'), method='exact')
    at = stats.index('AhAs')
    assert abs(float(stats.equity[at]) - exact.equity) < 4 * float(stats.standard_error[at])
    assert np.array_equal(stats.histogram.sum(axis=1), np.ones(len(stats)))


NARROW_SPOTS = [('3s 7c Tc', 2), ('3s 7c Tc', 1), ('Ks 7c 2h', 2), ('3s 7c Tc 9h', 1), ('3s 7c Tc 9h 2d', 0)]


def sparse_random_weights(seed: int, holdings: int = 45) -> np.ndarray:
    """A narrow range whose weights are all different (one weight group per holding)."""
    rng = np.random.default_rng(seed)
    weights = np.zeros(1326)
    weights[rng.choice(1326, holdings, replace=False)] = rng.random(holdings) + 0.01
    return weights


def assert_same_counts(got, expected, exact: bool, names=('now', 'transitions', 'score', 'total')) -> None:
    """Two tallies agree: exactly (whole and half weights), or to rounding but 0 exactly where nothing counts."""
    assert np.array_equal(got.holdings, expected.holdings) and got.runouts == expected.runouts
    for name in names:
        one, other = getattr(got, name), getattr(expected, name)
        assert one.shape == other.shape, name
        if exact:
            assert np.array_equal(one, other), name
        else:  # weights of every size: sums in another order, equal to rounding
            assert np.allclose(one, other, rtol=1e-12, atol=1e-12 * float(np.abs(other).max())), name
            assert np.array_equal(one == 0, other == 0), name


@pytest.mark.parametrize('board, lookahead', NARROW_SPOTS)
@pytest.mark.parametrize('opponent', ['QQ+, AKs', 'AhKh', 'JJ+:0.5, AKs', 'random'])
@pytest.mark.parametrize('heroes', [None, 'AA, AKs, 76s, T9o, 22'])  # every holding: final hands ranked by set
def test_the_narrow_pass_equals_the_grids(board: str, lookahead: int, opponent: str, heroes: str | None) -> None:
    indices = [card.index for card in parse_cards(board)]
    weights = sparse_random_weights(7) if opponent == 'random' else np.asarray(Range.parse(opponent).weights, float)
    assert 0 < np.count_nonzero(weights) <= NARROW_OPPONENTS
    hero = np.ones(1326) if heroes is None else np.asarray(Range.parse(heroes).weights, float)
    narrow = range_tally(indices, lookahead, hero, weights, method='narrow')
    grid = range_tally(indices, lookahead, hero, weights, method='grid')
    assert (narrow.method, grid.method) == ('narrow', 'grid')
    # 'auto' for a ranker subclass: narrow on the flop and turn, sorted on the river (HandRanker: compiled)
    auto = range_tally(indices, lookahead, hero, weights, Plain)
    assert auto.method == ('narrow' if lookahead else 'sorted')
    assert range_tally(indices, lookahead, hero, weights).method == 'compiled'
    assert_same_counts(narrow, grid, exact=opponent != 'random')
    assert_same_counts(auto, grid, exact=opponent != 'random')
    stats = range_statistics(heroes, board, weights, lookahead=lookahead, bins=50)
    reference = range_statistics(heroes, board, weights, lookahead=lookahead, method='grid', bins=50)
    assert np.array_equal(stats.holdings, reference.holdings)
    for name in (*RATIOS, 'equity', 'mean_squared_strength', 'histogram', 'counted'):
        assert np.allclose(getattr(stats, name), getattr(reference, name), rtol=1e-12, atol=1e-12), name


SORTED_SPOTS = [('3s 7c Tc', 2), ('Ks Kc 2h', 1), ('3s 7c Tc 9h', 1), ('3s 7c Tc 9h', 0), ('3s 7c Tc 9h 2d', 0)]


@pytest.mark.parametrize('board, lookahead', SORTED_SPOTS)
@pytest.mark.parametrize('opponent', ['every', 'whole', 'fractional'])
def test_the_sorted_pass_equals_the_grids_and_the_single_hand_kernel(board: str, lookahead: int,
                                                                      opponent: str) -> None:
    """The strength tables' pass (range_tally(..., transitions=False): a sort per final board) counts what the
    grids count, and what the single-hand kernel counts, on every street; exactly for whole weights."""
    indices = [card.index for card in parse_cards(board)]
    rng = np.random.default_rng(len(board) + lookahead)
    weights = {'every': np.ones(1326), 'whole': rng.integers(0, 4, 1326).astype(float),
               'fractional': random_weights(5)}[opponent]
    hero = np.ones(1326)
    hero[rng.choice(1326, 400, replace=False)] = 0.0
    fast = range_tally(indices, lookahead, hero, weights, Plain, transitions=False)
    assert fast.method == 'sorted' and (fast.transitions is None) == (lookahead > 0)
    few = np.zeros(1326)
    few[fast.holdings[::97]] = 1.0
    grid = range_tally(indices, lookahead, hero, weights, method='grid')
    assert_same_counts(fast, grid, exact=opponent != 'fractional', names=('now', 'score', 'total'))
    single = hero_by_hero(indices, lookahead, few, weights)
    rows = np.searchsorted(fast.holdings, single.holdings)
    assert np.array_equal(fast.holdings[rows], single.holdings)
    for got, expected in [(fast.now[rows], single.now), (fast.total[rows].sum(axis=1), single.total.sum(axis=1)),
                          (fast.score[rows].sum(axis=1), single.score.sum(axis=1))]:
        if opponent == 'fractional':
            assert np.allclose(got, expected, rtol=1e-12, atol=1e-12 * float(np.abs(expected).max()))
            assert np.array_equal(got == 0, expected == 0)
        else:
            assert np.array_equal(got, expected)
    if lookahead == 0:  # nothing to come: every outcome stays what it is, and the sorted pass says so
        assert np.array_equal(fast.transitions, np.einsum('ia,ab->iab', fast.now, np.eye(3)))
        assert_same_counts(range_tally(indices, 0, hero, weights, method='sorted'), grid,
                           exact=opponent != 'fractional')


def test_the_narrow_pass_takes_up_to_its_limit() -> None:
    indices = [card.index for card in parse_cards('3s 7c Tc 9h')]
    rng = np.random.default_rng(4)
    weights = np.zeros(1326)
    free = np.flatnonzero(~known_holdings(indices))
    weights[rng.choice(free, NARROW_LIMIT, replace=False)] = 1.0
    hero = np.asarray(Range.parse('AA, KQs, 87s').weights, float)
    assert range_tally(indices, 1, hero, weights, Plain).method == 'grid'  # past NARROW_OPPONENTS, 'auto' takes the grids
    assert_same_counts(range_tally(indices, 1, hero, weights, method='narrow'),
                       range_tally(indices, 1, hero, weights, method='grid'), exact=True)
    weights[free[~weights[free].astype(bool)][0]] = 1.0
    with pytest.raises(SettingError, match=f'at most {NARROW_LIMIT} opponent holdings with weight, got 64'):
        range_tally(indices, 1, hero, weights, method='narrow')


FLOP = [card.index for card in parse_cards('3s 7c Tc')]
EVERY = np.ones(1326)


@pytest.mark.parametrize('call, quoted', [
    (lambda: range_tally(FLOP, 2, EVERY, EVERY, method='sorted'), "'sorted' gives no transitions with 2 cards to come"),
    (lambda: range_tally(FLOP, 1, EVERY, EVERY, method='narrow'), 'got 1176'),
    (lambda: range_tally(FLOP, 2, EVERY, EVERY, method='fast'),
     "method must be 'auto', 'sorted', 'narrow' or 'grid', got 'fast'"),
    (lambda: range_statistics('AA', '3s 7c Tc', method='sorted'), "'sorted' gives no transitions"),
    (lambda: range_statistics('AA', '3s 7c Tc', method=None), 'got None'),
    (lambda: range_statistics('AA', (), 'KK', method='grid'), "method 'grid' is a pass over runouts"),
    (lambda: board_strengths('3s 7c Tc', method='narrow'), 'got 1176'),
    (lambda: board_strengths(FLOP, method=['grid']), "got ['grid']"),
])
def test_a_method_that_cannot_answer_says_why(call, quoted: str) -> None:
    with pytest.raises(SettingError) as error:
        call()
    assert quoted in str(error.value)


def test_the_engines_on_the_kernel_take_its_method() -> None:
    few = range_statistics('AA, KK', '3s 7c Tc 9h', 'QQ+, AKs', bins=50)  # 12 hero holdings: the compiled pass
    for method in ('narrow', 'grid'):
        forced = range_statistics('AA, KK', '3s 7c Tc 9h', 'QQ+, AKs', method=method, bins=50)
        assert np.array_equal(forced.holdings, few.holdings)
        for name in (*RATIOS, 'equity', 'mean_squared_strength', 'histogram'):
            assert np.allclose(getattr(forced, name), getattr(few, name), rtol=1e-12, atol=1e-12), name
    river = range_statistics(None, '3s 7c Tc 9h 2d', 'QQ+, AKs', method='sorted')
    assert np.array_equal(river.hs, range_statistics(None, '3s 7c Tc 9h 2d', 'QQ+, AKs', method='grid').hs)
    for board in ('3s 7c Tc 9h 2d', '3s 7c Tc 9h'):
        auto, grid = board_strengths(board), board_strengths(board, method='grid')
        for name in ('hs', 'equity'):
            assert np.array_equal(getattr(auto, name), getattr(grid, name)), name
        # (HandRanker's 'auto' is the compiled pass: sums of squares in another order)
        assert np.allclose(auto.mean_squared_strength, grid.mean_squared_strength, rtol=1e-12, atol=1e-15)
        assert auto.histogram is grid.histogram is None or np.array_equal(auto.histogram, grid.histogram)


def test_the_histograms_are_drawn_only_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The runout histograms (a third of a flop's work) are drawn when ``bins`` asks for them, never otherwise."""
    from poker.stats import range_stats
    calls: list[int] = []
    drawn = range_stats.runout_histogram

    def counted(score: np.ndarray, total: np.ndarray, bins: int, weights: np.ndarray | None = None) -> np.ndarray:
        calls.append(bins)
        return drawn(score, total, bins, weights)

    monkeypatch.setattr(range_stats, 'runout_histogram', counted)
    for hero, board, opponent in ((None, '3h 4s Jh', 'QQ+, AKs'), ('AA, KK', '3h 4s Jh 9c', None),
                                  (None, '3h 4s Jh', None), ('AA', (), 'KK')):
        assert range_statistics(hero, board, opponent).histogram is None
    assert calls == []
    asked = range_statistics(None, '3h 4s Jh', 'QQ+, AKs', bins=20)
    assert calls == [20] and asked.histogram is not None and asked.histogram.shape == (len(asked), 20)


@pytest.mark.parametrize('hero, board, opponent, options', [
    (None, '3h 4s Jh', 'QQ+, AKs', {}),  # the compiled pass, a narrow opponent
    (None, '3h 4s Jh', None, {}),  # the compiled pass, every holding
    ('AA, AKs, 76s', '3h 4s Jh', 'QQ+, AKs', {}),  # few hero holdings: one by one
    ('AA, KK, QQ', '3h 4s Jh', 'QQ+, AKs', {'method': 'grid'}),
    (None, '2c 7d Js 9h', 'QQ+, AKs, T9s', {'ranker': Plain}),  # a NumPy pass on the turn
    ('random', '2c 7d Js 9h', 'random', {}),  # fractional weights: the exact zeros' second count
    (None, '2c 7d Js 9h 9s', 'JJ+', {}),  # the river
    ('AA, KK', (), 'QQ+', {'seed': 1}),  # before the flop (seeded: sampled where large)
])
def test_a_result_without_histograms_is_the_result_with_them_less_the_histograms(hero, board, opponent,
                                                                                 options) -> None:
    import attrs

    from poker.stats.range_stats import RangeStatistics
    hero = random_weights(11) if hero == 'random' else hero
    opponent = random_weights(12) if opponent == 'random' else opponent
    plain = range_statistics(hero, board, opponent, **options)
    drawn = range_statistics(hero, board, opponent, bins=30, **options)
    assert plain.histogram is None and drawn.histogram is not None
    assert np.allclose(drawn.histogram.sum(axis=1), 1.0, rtol=1e-12, atol=0)
    for name in (f.name for f in attrs.fields(RangeStatistics) if f.name != 'histogram'):
        mine, theirs = getattr(plain, name), getattr(drawn, name)
        if isinstance(mine, np.ndarray):
            assert mine.dtype == theirs.dtype and np.array_equal(mine, theirs), name
        else:
            assert mine == theirs, name
    assert plain.range_equity == drawn.range_equity


@pytest.mark.parametrize('hero, board, opponent, ranker, one_by_one', [
    ('AA, KK', '3s 7c Tc', 'QQ+, AKs', HandRanker, True),  # few against few, two cards to come
    ('AhKh', '3s 7c Tc', None, HandRanker, True),  # one against everything
    ('AA, KK', '3s 7c Tc', None, HandRanker, False),  # 12 against everything: the compiled pass
    ('AA, KK', '3s 7c Tc 9h', 'QQ+, AKs', HandRanker, False),  # one card to come: the compiled pass
    ('AA, KK', '3s 7c Tc', 'QQ+, AKs', Plain, True),  # a ranker subclass: up to HERO_BY_HERO
    ('AA, KK', '3s 7c Tc 9h', None, Plain, True),
    ('AA, KK, QQ', '3s 7c Tc 9h', 'QQ+, AKs', Plain, False),
])
def test_a_few_hero_holdings_go_one_by_one_where_that_is_the_faster(monkeypatch: pytest.MonkeyPatch, hero, board,
                                                                    opponent, ranker, one_by_one) -> None:
    """HandRanker's shared pass is compiled: one by one only with two cards to come, few hero holdings and a narrow
    opponent range (HERO_BY_HERO_WORK); a ranker subclass, up to HERO_BY_HERO hero holdings. Same numbers."""
    from poker.stats import range_stats
    calls: list[int] = []

    def counted(*args, **options):
        calls.append(1)
        return hero_by_hero(*args, **options)

    monkeypatch.setattr(range_stats, 'hero_by_hero', counted)
    chosen = range_statistics(hero, board, opponent, ranker=ranker)
    assert bool(calls) == one_by_one
    shared = range_statistics(hero, board, opponent, ranker=ranker, method='grid')
    assert np.array_equal(chosen.holdings, shared.holdings)
    for name in ('ahead', 'tied', 'behind', 'transitions', 'counted', 'equity'):
        assert np.array_equal(getattr(chosen, name), getattr(shared, name)), name


def test_summarise_runouts_bins_exactly() -> None:
    """A strength of exactly k/bins is in bin k, though the rounded ratio times bins falls just below k."""
    from poker.stats.range_stats import runout_histogram, summarise_runouts
    assert int(28.5 / 50 * 100) == 56  # the trap: 0.57 * 100 = 56.99999999999999
    score, total = np.array([[28.5, 0.0, 50.0, 3.0]]), np.array([[50.0, 0.0, 50.0, 7.0]])
    equity, squared = summarise_runouts(score, total)
    histogram = runout_histogram(score, total, 100)
    assert np.flatnonzero(histogram[0]).tolist() == [42, 57, 99]  # 3/7 = 0.428..., 0.57, and 1.0 in the last bin
    assert histogram[0, 57] == 50.0 and histogram[0, 42] == 7.0 and histogram[0, 99] == 50.0
    assert equity[0] == (28.5 + 50 + 3) / 107
    assert abs(squared[0] - (50 * 0.57 ** 2 + 50 + 7 * (3 / 7) ** 2) / 107) < 1e-15


def test_the_opponent_range_has_one_name() -> None:
    import inspect

    from poker.stats.player import Player
    from poker.stats.strength import hand_strength

    for function in (range_statistics, hand_strength, Player.calculate_hand_statistics):
        assert 'weights' in inspect.signature(function).parameters, function
    assert 'opponent' not in inspect.signature(range_statistics).parameters
