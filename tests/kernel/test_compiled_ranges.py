"""The compiled range pass (poker/kernel/_ranges.c) against the NumPy passes it replaces for HandRanker.

A ranker subclass takes the NumPy passes (sorted, narrow, grid), which rank through its ``rank_many``; a
subclass that only calls ``HandRanker.rank_many`` (``Plain``) gives HandRanker's values through them, so
comparing HandRanker with Plain compares the compiled pass with the NumPy passes on the same numbers: counts
exactly (whole and half weights), fractional weights to 1e-12 and 0 exactly where nothing counts.
"""

from __future__ import annotations

import concurrent.futures
import itertools
import math

import numpy as np
import pytest

from poker import HandRanker, board_strengths, range_statistics
from poker.cards.card import parse_cards
from poker.cards.holdings import HOLDINGS
from poker.kernel import _ranges, range_tally
from poker.kernel.range_passes import range_summary
from poker.kernel.positions import holding_numbers, unseen_cards
from poker.stats.boards import boards_strengths
from poker.stats.strength_tables import canonical_boards, chunk_strengths


class Plain(HandRanker):
    """HandRanker's values through the hook: the NumPy passes."""

    @classmethod
    def rank_many(cls, indices: np.ndarray, *, validate: bool = True) -> np.ndarray:  # type: ignore[override]
        return super().rank_many(indices, validate=validate)


SPOTS = [('3s 7c Tc', 2), ('Ks Kc 2h', 2), ('3s 7c Tc', 1), ('3s 7c Tc 9h', 1), ('Ah Kh Qh Jh', 1),
         ('3s 7c Tc 9h', 0), ('3s 7c Tc 9h 2d', 0), ('2c 2d 2h 2s 3c', 0)]


def indices_of(board: str) -> list[int]:
    return [card.index for card in parse_cards(board)]


def weight_sets(kind: str, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    if kind == 'every':
        return np.ones(1326)
    if kind == 'whole':  # whole weights, some 0
        return rng.integers(0, 4, 1326).astype(float)
    if kind == 'half':  # halves count exactly too
        return rng.integers(0, 3, 1326) / 2
    if kind == 'fractional':
        return rng.random(1326) * (rng.random(1326) < 0.6)
    if kind == 'narrow':  # a few holdings, with weight
        weights = np.zeros(1326)
        weights[rng.choice(1326, 12, replace=False)] = 1.0
        return weights
    if kind == 'narrow weighted':
        weights = np.zeros(1326)
        weights[rng.choice(1326, 40, replace=False)] = rng.random(40) + 0.01
        return weights
    if kind == 'dead cards':  # no holding with a dead card: the weights a range has once cards are known dead
        weights = rng.integers(1, 3, 1326).astype(float)
        dead = rng.choice(52, 3, replace=False)
        weights[np.isin(HOLDINGS, dead).any(axis=1)] = 0.0
        return weights
    raise AssertionError(kind)


def assert_same(got, expected, exact: bool, names=('now', 'score', 'total', 'transitions')) -> None:
    assert got.method == 'compiled' and expected.method != 'compiled'
    np.testing.assert_array_equal(got.holdings, expected.holdings)
    assert got.runouts == expected.runouts
    for name in names:
        one, other = getattr(got, name), getattr(expected, name)
        assert one.shape == other.shape, name
        if exact:
            np.testing.assert_array_equal(one, other, err_msg=name)
        else:
            scale = float(np.abs(other).max()) if other.size else 1.0
            np.testing.assert_allclose(one, other, rtol=1e-12, atol=1e-12 * scale, err_msg=name)
            np.testing.assert_array_equal(one == 0, other == 0, err_msg=name)


OPPONENTS = ['every', 'whole', 'half', 'fractional', 'narrow', 'narrow weighted', 'dead cards']


@pytest.mark.parametrize('board, lookahead', SPOTS)
@pytest.mark.parametrize('opponent', OPPONENTS)
def test_the_compiled_pass_counts_what_the_grids_count(board: str, lookahead: int, opponent: str) -> None:
    """Transitions asked: the compiled pass against the grids (the NumPy pass that splits them)."""
    indices = indices_of(board)
    weights = weight_sets(opponent, len(board) + lookahead)
    hero = np.ones(1326)
    hero[np.random.default_rng(lookahead).choice(1326, 300, replace=False)] = 0.0
    compiled = range_tally(indices, lookahead, hero, weights)
    grid = range_tally(indices, lookahead, hero, weights, Plain, method='grid')
    assert_same(compiled, grid, exact=opponent not in ('fractional', 'narrow weighted'))


@pytest.mark.parametrize('board, lookahead', SPOTS)
@pytest.mark.parametrize('opponent', ['every', 'whole', 'fractional', 'dead cards'])
def test_without_transitions_it_counts_what_the_sorted_pass_counts(board: str, lookahead: int,
                                                                   opponent: str) -> None:
    """The strength tables' question (no transitions): against the sorted pass, every hero holding."""
    indices = indices_of(board)
    weights = weight_sets(opponent, 3)
    compiled = range_tally(indices, lookahead, np.ones(1326), weights, transitions=False)
    table = range_tally(indices, lookahead, np.ones(1326), weights, Plain, transitions=False, method='sorted')
    assert (compiled.transitions is None) == (table.transitions is None) == (lookahead > 0)
    assert_same(compiled, table, exact=opponent != 'fractional',
                names=('now', 'score', 'total') + (('transitions',) if not lookahead else ()))


@pytest.mark.parametrize('heroes', ['AA, AKs, 76s, T9o, 22', 'random few'])
def test_few_hero_holdings_and_the_narrow_pass(heroes: str) -> None:
    from poker import Range
    indices = indices_of('4d 8h Jc')
    if heroes == 'random few':
        hero = np.zeros(1326)
        hero[np.random.default_rng(9).choice(1326, 7, replace=False)] = 0.5
    else:
        hero = np.asarray(Range.parse(heroes).weights, float)
    for opponent in ('narrow', 'narrow weighted'):
        weights = weight_sets(opponent, 11)
        for lookahead in (1, 2):
            compiled = range_tally(indices, lookahead, hero, weights)
            narrow = range_tally(indices, lookahead, hero, weights, Plain, method='narrow')
            assert_same(compiled, narrow, exact=opponent == 'narrow')


def test_auto_takes_the_compiled_pass_for_handranker_only() -> None:
    indices, every = indices_of('3s 7c Tc'), np.ones(1326)
    assert range_tally(indices, 2, every, every).method == 'compiled'
    assert range_tally(indices, 2, every, every, Plain).method == 'grid'
    assert range_tally(indices, 2, every, every, Plain, transitions=False).method == 'sorted'
    assert range_tally(indices, 2, every, every, method='grid').method == 'grid'  # a pass named is that pass


@pytest.mark.parametrize('street, start, stop, bins', [('flop', 3, 4, 50), ('turn', 700, 703, 7),
                                                       ('turn', 16000, 16002, 50), ('river', 4000, 4300, 50)])
def test_board_strengths_are_the_passes_strengths(street: str, start: int, stop: int, bins: int) -> None:
    boards = canonical_boards(street)[start:stop]
    fast, slow = boards_strengths(boards, bins=bins), boards_strengths(boards, bins=bins, ranker=Plain)
    for name in ('boards', 'holdings', 'hs', 'equity'):  # whole and half counts: exact
        np.testing.assert_array_equal(getattr(fast, name), getattr(slow, name), err_msg=name)
    np.testing.assert_allclose(fast.mean_squared_strength, slow.mean_squared_strength, rtol=1e-12, atol=1e-15)
    if street == 'river':
        assert fast.histogram is None and slow.histogram is None
    else:
        np.testing.assert_array_equal(fast.histogram, slow.histogram)
        assert (fast.histogram.sum(axis=2) == fast.runouts).all()


def test_a_chunk_of_the_tables_is_the_same_either_way() -> None:
    fast, slow = chunk_strengths('turn', 40, 43, bins=20), chunk_strengths('turn', 40, 43, bins=20, ranker=Plain)
    assert fast.keys() == slow.keys()
    for name in fast:
        if name == 'mean_squared_strength':  # float32 of sums in another order
            np.testing.assert_allclose(fast[name], slow[name], rtol=1e-6)
        else:
            np.testing.assert_array_equal(fast[name], slow[name], err_msg=name)


def test_range_statistics_every_holding_on_a_flop() -> None:
    fast, slow = range_statistics(board='5h 9d Qs', bins=50), range_statistics(board='5h 9d Qs', bins=50, ranker=Plain)
    np.testing.assert_array_equal(fast.holdings, slow.holdings)
    for name in ('ahead', 'tied', 'behind', 'transitions', 'counted', 'histogram'):
        np.testing.assert_array_equal(getattr(fast, name), getattr(slow, name), err_msg=name)
    for name in ('hs', 'ppot', 'npot', 'equity', 'mean_squared_strength'):
        np.testing.assert_allclose(getattr(fast, name), getattr(slow, name), rtol=1e-12, atol=1e-15, err_msg=name)


def test_threads_share_nothing() -> None:
    """The loops release the GIL and keep their scratch per call: boards counted on two threads at once
    give what they give one at a time."""
    boards = canonical_boards('turn')[[10, 900, 5000, 12000]]
    alone = [boards_strengths(boards[i:i + 1], bins=9) for i in range(len(boards))]
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        together = list(pool.map(lambda i: boards_strengths(boards[i:i + 1], bins=9), range(len(boards))))
    for one, other in zip(alone, together):
        for name in ('hs', 'equity', 'mean_squared_strength', 'histogram'):
            np.testing.assert_array_equal(getattr(one, name), getattr(other, name))


def call_arguments(lookahead: int = 2) -> dict[str, object]:
    board = bytes(indices_of('2c 7d Js'))
    cards = unseen_cards(list(board)).tobytes()
    pairs = len(holding_numbers(unseen_cards(list(board))))
    columns = {0: 0, 1: len(cards), 2: pairs}[lookahead]
    return {'board': board, 'cards': cards, 'lookahead': lookahead, 'weights': np.ones(pairs),
            'heroes': np.arange(pairs, dtype=np.int32), 'now': np.empty((pairs, 3)),
            'score': np.empty((pairs, columns)), 'total': np.empty((pairs, columns)), 'transitions': None}


@pytest.mark.parametrize('change, quoted', [
    ({'lookahead': 3}, 'looks ahead 0, 1 or 2'),
    ({'board': bytes([4, 3, 9])}, 'ascending card indices below 52 as board'),
    ({'board': bytes([4, 9, 60])}, 'ascending card indices below 52 as board'),
    ({'cards': bytes(range(3))}, 'cards of 6 to 49 entries, got 3'),
    ({'weights': np.ones(5)}, 'weights of 1176 entries, got 5'),
    ({'weights': np.ones(1176, dtype=np.float32)}, 'weights as a contiguous buffer of format d'),
    ({'heroes': np.arange(1176)}, 'heroes as a contiguous buffer of format i'),
    ({'heroes': np.full(1176, 5000, dtype=np.int32)}, 'hero rows from -1 to the rows of now'),
    ({'score': np.empty((1176, 3))}, 'score of 1382976 entries'),
    ({'now': np.empty((1176, 3))[:, :2]}, 'contiguous'),
])
def test_malformed_buffers_are_value_errors(change: dict[str, object], quoted: str) -> None:
    arguments = {**call_arguments(), **change}
    with pytest.raises(ValueError, match=quoted):
        _ranges.range_counts(*arguments.values())


@pytest.mark.parametrize('board, lookahead', [(board, lookahead) for board, lookahead in SPOTS if lookahead])
@pytest.mark.parametrize('opponent', ['every', 'whole', 'dead cards'])
def test_a_summary_is_the_runouts_summed(board: str, lookahead: int, opponent: str) -> None:
    """range_summary (range_counts writing only the sums over the runouts) gives range_tally's counts and its
    per-runout numbers summed: exactly, for whole weights; the squares of the strength in runout order."""
    hero = np.ones(1326)
    weights = weight_sets(opponent, 5)
    tally = range_tally(indices_of(board), lookahead, hero, weights)
    summary = range_summary(indices_of(board), lookahead, hero, weights)
    assert summary is not None and summary.runouts == tally.runouts
    np.testing.assert_array_equal(summary.holdings, tally.holdings)
    for name in ('now', 'transitions'):
        np.testing.assert_array_equal(getattr(summary, name), getattr(tally, name), err_msg=name)
    np.testing.assert_array_equal(summary.score_sum, tally.score.sum(axis=1))
    np.testing.assert_array_equal(summary.total_sum, tally.total.sum(axis=1))
    strength = np.clip(np.divide(tally.score, tally.total, out=np.zeros(tally.score.shape), where=tally.total > 0),
                       0, 1)
    np.testing.assert_array_equal(summary.squared_sum, np.cumsum(tally.total * strength * strength, axis=1)[:, -1])


def test_a_summary_only_where_the_compiled_pass_sums_exactly() -> None:
    board = indices_of('3s 7c Tc')
    for kind in ('fractional', 'half'):  # (the exact zeros per runout)
        assert range_summary(board, 2, np.ones(1326), weight_sets(kind, 1)) is None
    assert range_summary(board, 0, np.ones(1326), np.ones(1326)) is None
    assert range_summary(board, 2, np.ones(1326), np.ones(1326), Plain) is None


@pytest.mark.parametrize('change, quoted', [
    ({}, 'a summary instead of score and total'),
    ({'score': None, 'total': None, 'summary': np.empty((5, 3))}, 'summary of 3528 entries'),
])
def test_a_malformed_summary_is_a_value_error(change: dict[str, object], quoted: str) -> None:
    arguments = {**call_arguments(), 'transitions': np.empty((1176, 3, 3)), 'summary': np.empty((1176, 3)),
                 **change}
    summary = arguments.pop('summary')
    with pytest.raises(ValueError, match=quoted):
        _ranges.range_counts(*arguments.values(), summary=summary)


def test_unseen_cards_on_the_board_are_refused() -> None:
    arguments = call_arguments()
    arguments['cards'] = bytes(sorted({*arguments['cards'][:-1], indices_of('2c')[0]}))  # type: ignore[misc]
    with pytest.raises(ValueError, match='unseen cards off the board'):
        _ranges.range_counts(*arguments.values())


@pytest.mark.parametrize('boards, size, bins, quoted', [
    (bytes([1, 0, 2]), 3, 5, 'ascending'),
    (bytes([0, 1, 2, 3]), 3, 5, 'ascending'),
    (bytes([0, 1, 2]), 6, 5, '3 to 5 cards'),
    (bytes([0, 1, 2]), 3, 0, '1 to 100000 bins'),
])
def test_board_strengths_refuses_bad_boards(boards: bytes, size: int, bins: int, quoted: str) -> None:
    pairs = 1176
    with pytest.raises(ValueError, match=quoted):
        _ranges.board_strengths(boards, size, bins, np.empty(pairs), np.empty(pairs), np.empty(pairs),
                                np.empty((pairs, max(1, bins)), dtype=np.int64))


def test_every_board_card_pattern_on_the_turn() -> None:
    """Quads, trips, two pair, four to a flush and to a straight on the board: every value path."""
    for board in ('Ac Ad Ah As', 'Kc Kd Kh 2c', 'Qc Qd 3h 3s', '4h 8h Th Jh', '5c 6d 7h 8s'):
        indices = indices_of(board)
        for opponent in ('every', 'half'):
            weights = weight_sets(opponent, 1)
            compiled = range_tally(indices, 1, np.ones(1326), weights)
            assert_same(compiled, range_tally(indices, 1, np.ones(1326), weights, Plain, method='grid'), exact=True)


def test_holding_rows_follow_the_holding_order() -> None:
    board = indices_of('9c Td Jh')
    result = boards_strengths([board])
    expected = [number for number, (a, b) in enumerate(HOLDINGS.tolist()) if a not in board and b not in board]
    assert result.holdings[0].tolist() == expected
    pairs = list(itertools.combinations(unseen_cards(board).tolist(), 2))
    assert [tuple(HOLDINGS[n]) for n in result.holdings[0][:5]] == pairs[:5]


@pytest.mark.parametrize('size', [3, 4, 5])
def test_board_strengths_writes_each_rows_holding_number(size: int) -> None:
    boards = [sorted(row) for row in np.random.default_rng(size).permutation(52)[:2 * size].reshape(2, size).tolist()]
    pairs = math.comb(52 - size, 2)
    numbers = np.full((2, pairs), -1, dtype=np.int64)
    _ranges.board_strengths(bytes(itertools.chain(*boards)), size, 3, np.empty((2, pairs)), np.empty((2, pairs)),
                            np.empty((2, pairs)), np.empty((2, pairs, 3), dtype=np.int64), numbers=numbers)
    for board, row in zip(boards, numbers.tolist()):  # the combinations of the cards off the board, in order
        assert row == [number for number, pair in enumerate(itertools.combinations(range(52), 2))
                       if not set(pair) & set(board)]


@pytest.mark.parametrize('board', ['Kd 9s 9c 4h 2d', 'Ah Kh Qh Jh 2c', '7c 7d 7h 7s 2c', 'Th 8h 3c 2h', '2c 7d Js'])
def test_one_board_is_the_passes_batch_of_one(board: str) -> None:
    # board_strengths of one board (in C, without a batch around it) given as text, cards, indices or an array
    slow = boards_strengths([indices_of(board)], bins=11, ranker=Plain)
    cards = parse_cards(board)
    for given in (board, cards, tuple(cards), indices_of(board)[::-1], np.array(indices_of(board), dtype=np.int8)):
        fast = board_strengths(given, bins=11)
        for name in ('boards', 'holdings', 'hs', 'equity', 'histogram'):
            expected = getattr(slow, name)
            np.testing.assert_array_equal(getattr(fast, name), None if expected is None else expected[0], err_msg=name)
            assert getattr(fast, name) is None or not getattr(fast, name).flags.writeable
        np.testing.assert_allclose(fast.mean_squared_strength, slow.mean_squared_strength[0], rtol=1e-12, atol=1e-15)
        assert (fast.opponents, fast.runouts) == (slow.opponents, slow.runouts) == (990, math.comb(50 - len(cards), 5 - len(cards)))
        assert fast.holdings.dtype.kind == 'i' and fast.boards.tolist() == sorted(indices_of(board))
    assert slow.histogram is None or not slow.histogram.flags.writeable  # (the batch's too)
