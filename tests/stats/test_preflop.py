"""Exact preflop equity: the shipped table, the weighted enumeration, the sampler, and the tool's method."""

from __future__ import annotations

import importlib.util
import itertools
import math
from pathlib import Path

import numpy as np
import pytest

from poker import (
    Card, CardCountError, DuplicateCardError, HAND_CLASSES, HandRanker, PokerError, PreflopEquity, Range,
    StartingHand, WeightsError, class_equity, parse_cards, preflop_equity,
)
from poker.stats.preflop_odds import (
    BOARDS_PER_HOLDING, SHOWDOWNS_PER_HOLDING, _exact_counts, _orbit_representatives, equity_table,
)
from poker.kernel.showdowns import pairs_of
from poker.cards.holdings import HOLDINGS, holding_index
from poker.cards.starting_hand import CLASS_OF_HOLDING, class_index, class_size

ROOT = Path(__file__).resolve().parents[2]


def _tool():
    spec = importlib.util.spec_from_file_location('make_preflop_equity', ROOT / 'tools' / 'make_preflop_equity.py')
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def one_hot(*holdings: str) -> np.ndarray:
    weights = np.zeros(1326)
    for text in holdings:
        weights[StartingHand.parse(text).holding_index] = 1.0
    return weights


def brute_force_counts(hero: str, villain: str) -> tuple[int, int, int]:
    """Rank every board with rank_many (validated), the straightforward way."""
    ours, theirs = [c.index for c in parse_cards(hero)], [c.index for c in parse_cards(villain)]
    rest = [c for c in range(52) if c not in ours + theirs]
    boards = np.fromiter(itertools.chain.from_iterable(itertools.combinations(rest, 5)), dtype=np.int64)
    boards = boards.reshape(-1, 5)
    mine = HandRanker.rank_many(np.column_stack([boards, np.tile(ours, (len(boards), 1))]))
    other = HandRanker.rank_many(np.column_stack([boards, np.tile(theirs, (len(boards), 1))]))
    return int((mine > other).sum()), int((mine == other).sum()), int((mine < other).sum())


# ------------------------------------------------------------------------------------ the table
def test_reference_counts() -> None:
    table = equity_table()
    assert table[class_index('AA')].tolist() == [1_781_508_418, 11_402_312, SHOWDOWNS_PER_HOLDING - 1_792_910_730]
    assert table[class_index('32o')].tolist()[:2] == [613_318_625, 128_529_945]
    assert round(class_equity('AA'), 10) == 0.852037133
    assert round(class_equity('32o'), 10) == 0.3230322813


def test_table_identities() -> None:
    table = equity_table()
    assert table.shape == (169, 3) and not table.flags.writeable
    assert (table.sum(axis=1) == SHOWDOWNS_PER_HOLDING).all()
    sizes = np.array([class_size(name) for name in HAND_CLASSES])
    # over all 1,326 holdings every showdown is won by one side or split: average equity exactly 1/2
    assert int((sizes * (2 * table[:, 0] + table[:, 1])).sum()) == 1326 * SHOWDOWNS_PER_HOLDING
    assert int((sizes * table[:, 0]).sum()) == int((sizes * table[:, 2]).sum())
    assert SHOWDOWNS_PER_HOLDING == math.comb(50, 2) * math.comb(48, 5) == 1225 * BOARDS_PER_HOLDING
    equities = [class_equity(name) for name in HAND_CLASSES]
    assert HAND_CLASSES[int(np.argmax(equities))] == 'AA' and HAND_CLASSES[int(np.argmin(equities))] == '32o'
    assert class_equity('AKs') > class_equity('AKo') and class_equity('22') > 0.5


def test_uniform_equity_reads_the_table() -> None:
    result = preflop_equity('Ah As')
    assert isinstance(result, PreflopEquity) and result.exact and result.standard_error == 0
    assert result.win == 1_781_508_418 / SHOWDOWNS_PER_HOLDING
    assert result.tie == 11_402_312 / SHOWDOWNS_PER_HOLDING
    assert math.isclose(result.win + result.tie + result.loss, 1)
    assert result.equity == pytest.approx(0.8520371330, abs=1e-10)
    assert (result.holdings, result.boards, result.showdowns) == (1225, BOARDS_PER_HOLDING, SHOWDOWNS_PER_HOLDING)
    assert result.hand_class == 'AA'
    # equal weights of any size, and weights only on holdings that are impossible anyway, change nothing
    assert preflop_equity('Ah As', np.full(1326, 0.3)) == result
    assert preflop_equity('Ah As', np.where(np.arange(1326) == 1325, 7.0, 1.0)) == result
    assert preflop_equity(StartingHand.parse('Ad Ac'), Range.uniform()).equity == result.equity


@pytest.mark.parametrize('hole', ['Kh Kd', 'Ts 9s', '3c 2d'])
def test_table_against_seeded_monte_carlo(hole: str) -> None:
    sampled = preflop_equity(hole, method='sampled', samples=200_000, seed=11)
    assert not sampled.exact and sampled.showdowns == 200_000
    exact = class_equity(StartingHand.parse(hole).hand_class)
    assert abs(sampled.equity - exact) < 4 * sampled.standard_error
    assert 0 < sampled.standard_error < 0.002


def test_the_tools_board_method_against_brute_force() -> None:
    """The tool's per-board counting (sort + inclusion-exclusion) against a plain matrix on a few boards."""
    tool = _tool()
    boards = np.array([[0, 5, 22, 40, 51], [48, 49, 50, 44, 40], [3, 7, 11, 15, 19], [1, 2, 30, 33, 36]])
    wins, ties = tool.class_totals(boards, np.ones(len(boards), dtype=np.int64), batch=3, progress=False)
    expected_wins, expected_ties = np.zeros(169), np.zeros(169)
    for board in boards.tolist():
        rest = [c for c in range(52) if c not in board]
        holdings = [(rest[a], rest[b]) for a, b in pairs_of(47).tolist()]
        values = HandRanker.rank_many([board + list(h) for h in holdings]).astype(int)
        cards = np.zeros((len(holdings), 52), dtype=bool)
        for row, h in enumerate(holdings):
            cards[row, list(h)] = True
        disjoint = ~(cards.astype(int) @ cards.T.astype(int)).astype(bool)
        classes = CLASS_OF_HOLDING[[holding_index(*h) for h in holdings]]
        np.add.at(expected_wins, classes, ((values[:, None] > values[None, :]) & disjoint).sum(axis=1))
        np.add.at(expected_ties, classes, ((values[:, None] == values[None, :]) & disjoint).sum(axis=1))
    assert wins.tolist() == expected_wins.tolist() and ties.tolist() == expected_ties.tolist()


def test_suit_permuted_boards_give_equal_class_totals() -> None:
    tool = _tool()
    board = np.array([[0, 9, 14, 23, 46]])
    swap = (2, 0, 3, 1)
    image = np.array([[(c & ~3) | swap[c & 3] for c in board[0]]])
    one = tool.class_totals(board, np.ones(1, dtype=np.int64), batch=1, progress=False)
    two = tool.class_totals(image, np.ones(1, dtype=np.int64), batch=1, progress=False)
    assert sorted(board[0].tolist()) != sorted(image[0].tolist())
    assert one[0].tolist() == two[0].tolist() and one[1].tolist() == two[1].tolist()


@pytest.mark.slow
def test_board_orbits_cover_every_board() -> None:
    boards, sizes = _tool().board_orbits()
    assert len(boards) == 134_459 and int(sizes.sum()) == math.comb(52, 5)
    assert set(sizes.tolist()) <= {1, 2, 3, 4, 6, 8, 12, 24}


@pytest.mark.slow
@pytest.mark.parametrize('hole', ['Ks Qs', '5c 5d'])
def test_rederive_a_class_from_scratch(hole: str) -> None:
    """The whole class, holding by holding (suit orbits of the opponent), against the shipped table."""
    low, high = sorted(c.index for c in parse_cards(hole))
    representatives = _orbit_representatives(low, high)
    conflicts = np.isin(HOLDINGS, [low, high]).any(axis=1)
    orbit_sizes = np.bincount(representatives[~conflicts], minlength=1326)
    total = np.zeros(3, dtype=np.int64)
    for holding in np.flatnonzero(orbit_sizes):
        total += orbit_sizes[holding] * np.array(_exact_counts(low, high, int(holding)))
    assert total.tolist() == equity_table()[class_index(StartingHand.parse(hole).hand_class)].tolist()


# -------------------------------------------------------------------------------- weighted, exact
@pytest.mark.parametrize('hero, villain', [('Ah Kh', 'Qc Qd'), ('7s 2d', '7c 2h')])
def test_one_opponent_holding_against_brute_force(hero: str, villain: str) -> None:
    result = preflop_equity(hero, one_hot(villain))
    win, tie, loss = brute_force_counts(hero, villain)
    assert result.exact and result.holdings == 1 and result.showdowns == BOARDS_PER_HOLDING
    assert (win, tie, loss) == tuple(round(x * BOARDS_PER_HOLDING) for x in (result.win, result.tie, result.loss))


def test_weighted_exact_uses_suit_symmetry_correctly() -> None:
    """Holdings merged into one suit orbit still count with their own weights."""
    hero = 'Ah As'
    villains = ['Kc Kd', 'Kh Ks', 'Kc Kh', 'Kd Ks']
    weights = np.zeros(1326)
    for villain, weight in zip(villains, (1.0, 2.0, 0.5, 3.0)):
        weights[StartingHand.parse(villain).holding_index] = weight
    counts = {v: np.array(_exact_counts(50, 51, StartingHand.parse(v).holding_index)) for v in villains}
    expected = sum(w * counts[v] for v, w in zip(villains, (1.0, 2.0, 0.5, 3.0))) / (6.5 * BOARDS_PER_HOLDING)
    result = preflop_equity(hero, weights)
    assert result.exact and result.holdings == 4
    assert [result.win, result.tie, result.loss] == pytest.approx(expected.tolist(), abs=1e-15)
    assert counts['Kc Kh'].tolist() == counts['Kd Ks'].tolist()  # same orbit: AhAs fixes {h,s} and {c,d}


def test_weighted_against_a_range_exact_and_sampled() -> None:
    villain = Range.parse('QQ+, AKs, 76s')
    exact = preflop_equity('Jh Th', villain)
    assert exact.exact and exact.holdings == len(villain.without('Jh Th'))
    sampled = preflop_equity('Jh Th', villain, method='sampled', samples=100_000, seed=3)
    assert not sampled.exact and abs(sampled.equity - exact.equity) < 4 * sampled.standard_error
    assert math.isclose(sampled.win + sampled.tie + sampled.loss, 1)


def test_auto_switches_to_sampling_past_the_limit() -> None:
    wide = Range.top(0.3)
    result = preflop_equity('9c 8c', wide, exact_limit=10, samples=50_000, seed=1)
    assert not result.exact and result.boards == 50_000 and result.standard_error > 0
    again = preflop_equity('9c 8c', wide, exact_limit=10, samples=50_000, seed=1)
    assert again == result


def test_statistics_for_the_player() -> None:
    stats = preflop_equity('Ah Kh').statistics(opponents=3)
    assert stats.hs == pytest.approx(class_equity('AKs')) and stats.hs_n == pytest.approx(stats.hs ** 3)
    assert stats.ppot == stats.npot == 0 and stats.ehs == stats.hs_n
    assert stats.income_rate == 655 and stats.exact and stats.board == ()
    assert [str(c) for c in stats.hole] == ['Ah', 'Kh']
    assert (stats.ahead, stats.tied, stats.behind) == pytest.approx(
        tuple(x / SHOWDOWNS_PER_HOLDING for x in equity_table()[class_index('AKs')]))


# ------------------------------------------------------------------------------------- mistakes
def test_bad_input() -> None:
    with pytest.raises(CardCountError):
        preflop_equity('Ah Kh Qh')
    with pytest.raises(DuplicateCardError):
        preflop_equity('Ah Ah')
    with pytest.raises(WeightsError, match='1,326'):
        preflop_equity('Ah Kh', np.ones(5))
    with pytest.raises(WeightsError, match='negative'):
        preflop_equity('Ah Kh', -np.ones(1326))
    with pytest.raises(WeightsError, match='finite'):
        preflop_equity('Ah Kh', np.full(1326, np.nan))
    with pytest.raises(WeightsError, match='AhKh'):
        preflop_equity('Ah Kh', np.zeros(1326))
    with pytest.raises(WeightsError, match='no opponent holding'):
        preflop_equity('Ah Kh', Range.parse('AhAs, KhKs'))
    with pytest.raises(PokerError, match='method'):
        preflop_equity('Ah Kh', method='guess')  # type: ignore[arg-type]
    assert preflop_equity([Card.parse('Ah'), Card.parse('Kh')]).equity == class_equity('AKs')
