"""One hand against a range on the board as it is: hand_strength and the per-board memo of holding values."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
import pytest

from poker import Card, HandRanker, Player, Range, StartingHand, hand_strength
from poker.kernel import BOARD_MEMO_SIZE, board_values, memoized_board_values, showdown_counts
from poker.errors import CardCountError, DuplicateCardError, SettingError, WeightsError
from poker.kernel.one_hand import inline_showdown
from poker.cards.holdings import HOLDINGS
from poker.stats.reference import ReferencePlayer

DECK = [Card.from_index(i) for i in range(52)]


class Lowball(HandRanker):
    """The weakest hand wins: every comparison turns around (and its calls are counted)."""

    calls: ClassVar[int] = 0

    @classmethod
    def rank_many(cls, indices: Any, *, validate: bool = True) -> np.ndarray:
        Lowball.calls += 1
        return (7463 - super().rank_many(indices, validate=validate)).astype(np.int16)


class LowballPlayer(Player):
    ranker = Lowball


class LowballReference(ReferencePlayer):
    ranker = Lowball


def spots(count: int, board_size: int, seed: int) -> list[tuple[list[Card], list[Card]]]:
    rng = random.Random(seed)
    dealt = [rng.sample(DECK, 2 + board_size) for _ in range(count)]
    return [(cards[:2], cards[2:]) for cards in dealt]


def weighted_range(seed: int) -> Range:
    """A range of about 40 holdings with fractional weights (the loop), and one of some 600 (NumPy)."""
    rng = np.random.default_rng(seed)
    return Range(np.where(rng.random(1326) < 0.03, rng.random(1326), 0.0))


@pytest.mark.parametrize('board_size', [5, 4, 3])
def test_hand_strength_is_players_hs(board_size: int) -> None:
    ranges: list[Any] = [None, Range.parse('QQ+, AKs'), 'TT+, AQs+, KQo:0.5', weighted_range(board_size),
                         Range(np.random.default_rng(3).random(1326)), {'AA': 1, '72o': 0.25}]
    for hole, board in spots(6, board_size, seed=board_size):
        for weights in ranges:
            try:
                stats = Player(hole, board).calculate_hand_statistics(weights=weights)
            except WeightsError:  # every holding of the range touches a known card
                with pytest.raises(WeightsError):
                    hand_strength(hole, board, weights)
                continue
            # a range's first question on a board is summed directly, the next ones read its layout
            for got in (hand_strength(hole, board, weights), hand_strength(hole, board, weights),
                        hand_strength(hole[::-1], board, weights)):
                if weights is None or isinstance(weights, (str, dict)) or weights == Range.parse('QQ+, AKs'):
                    assert got == stats.hs  # whole and half weights count exactly
                else:
                    assert got == pytest.approx(stats.hs, rel=1e-12, abs=1e-15)


def test_hand_strength_agrees_with_the_reference_on_the_river() -> None:
    narrow = Range.parse('99+, AJs+, KQo:0.5')
    for hole, board in spots(5, 5, seed=11):
        reference = ReferencePlayer(hole, board).calculate_hand_statistics(weights=narrow)
        assert hand_strength(StartingHand(hole), tuple(board), narrow) == reference.hs
        assert hand_strength(StartingHand(hole), tuple(board), narrow) == reference.hs  # (laid out)
        assert hand_strength(hole, board, narrow.weights) == reference.hs  # the NumPy path


def test_both_paths_count_alike() -> None:
    wide = weighted_range(7) | Range.parse('22+')
    for weights in (Range(np.where(wide.weights > 0.5, 1.0, 0.0)), Range.parse('QQ+, AKs'), wide):
        for hole, board in spots(8, 5, seed=5):
            for other in spots(3, 0, seed=len(board)):  # other hands first, so that the range is laid out
                if not set(other[0]) & set(board):
                    hand_strength(other[0], board, weights)
            sorted_path = hand_strength(hole, board, weights)  # a Range: its holdings on the board, by value
            numpy_path = hand_strength(hole, board, weights.weights)  # an array: weighted sums in NumPy
            if weights is wide:
                assert sorted_path == pytest.approx(numpy_path, rel=1e-12)
            else:
                assert sorted_path == numpy_path


def test_emptied_bands_are_exactly_zero() -> None:
    # every holding that beats ace-king holds the ace or the king of hearts: the stronger band is empty,
    # exactly (a difference of weight sums would leave rounding residue), and so HS is exactly 1
    weights = Range.parse('AhAs:0.1, AhAd:0.2, KhKs:0.7, AdQd:0.3, 7c6d:0.3')
    hole, board = 'Ah Kh', 'Qh Jh 2c 3d 8s'
    stats = Player(hole, board).calculate_hand_statistics(weights=weights)
    assert (stats.ahead, stats.tied, stats.behind) == (0.3, 0.0, 0.3)  # 7c6d below; AdQd pairs its queen
    indices = [card.index for card in parse_board(board)]
    ahead, tied, behind = inline_showdown((50, 46), indices, weights.weights)  # Ah, Kh: the compiled loop
    assert tied == 0.0 and behind == pytest.approx(0.3, rel=1e-15) and ahead == 0.3  # (a few ulps off 0.3)
    assert board_values(indices).weigh((50, 46), weights.weights)[0].tolist() == pytest.approx([ahead, tied, behind],
                                                                                               rel=1e-15)
    stronger_only = Range.parse('AhAs:0.1, AhAd:0.2, KhKs:0.7, 7c6d:0.3')
    blocked = Range.parse('AhAs:0.1, AhAd:0.2, KhKs:0.7')
    for ranker in (HandRanker, Plain):  # the compiled loop, and the memo
        assert hand_strength(hole, board, stronger_only, ranker=ranker) == 1.0
        with pytest.raises(WeightsError):
            hand_strength(hole, board, blocked, ranker=ranker)


def parse_board(text: str) -> list[Card]:
    return [Card.parse(token) for token in text.split()]


def test_a_ranker_subclass_gets_its_own_values() -> None:
    narrow = Range.parse('QQ+, AKs, 76s')
    memoized_board_values.cache_clear()
    for hole, board in spots(4, 5, seed=2):
        standard = hand_strength(hole, board, narrow)  # HandRanker's values are memoized first
        Lowball.calls = 0
        lowball = hand_strength(hole, board, narrow, ranker=Lowball)
        assert Lowball.calls == 1  # its own board values: one call, not HandRanker's
        reference = LowballReference(hole, board).calculate_hand_statistics(weights=narrow)
        assert lowball == reference.hs == LowballPlayer(hole, board).calculate_hand_statistics(weights=narrow).hs
        assert lowball != standard
        Lowball.calls = 0
        hand_strength(hole, board, narrow, ranker=Lowball)
        LowballPlayer(hole, board).calculate_hand_statistics(weights=narrow)
        assert Lowball.calls == 0  # the same board again: read from the memo


def test_the_memo_is_one_call_per_board_and_class_and_bounded() -> None:
    memoized_board_values.cache_clear()
    assert memoized_board_values.cache_info().maxsize == BOARD_MEMO_SIZE
    boards = [(hole, board) for hole, board in spots(BOARD_MEMO_SIZE + 3, 5, seed=9)]
    first = [card.index for card in boards[0][1]]
    Lowball.calls = 0
    for hole, board in boards:
        hand_strength(hole, board, 'QQ+', ranker=Lowball)
    distinct = len({frozenset(card.index for card in board) for _, board in boards})
    assert Lowball.calls == distinct
    assert memoized_board_values.cache_info().currsize == BOARD_MEMO_SIZE
    board_values(first[::-1], Lowball)  # the oldest board fell out (in any order it is the same board)
    assert Lowball.calls == distinct + 1
    assert board_values(first[::-1], Lowball) is board_values(sorted(first), Lowball)


def test_board_values_are_every_holding_on_the_board() -> None:
    board = [4, 17, 30, 38, 51]
    known = board_values(board)
    free = [not set(HOLDINGS[n].tolist()) & set(board) for n in range(1326)]
    assert known.free.tolist() == free
    for number in (0, 100, 700, 1325):
        if free[number]:
            assert known.values[number] == HandRanker.rank_indices([*HOLDINGS[number].tolist(), *board])
    assert not known.values.flags.writeable and not known.values[~known.free].any()


def test_showdown_counts_are_the_players_counts() -> None:
    sets = np.stack([Range.parse('QQ+, AKs').weights, np.ones(1326)])
    hole, board = [51, 47], [0, 9, 22, 30, 44]
    counts = showdown_counts(hole, board, sets)
    for row, weights in zip(counts, sets):
        stats = Player([DECK[i] for i in hole], [DECK[i] for i in board]).calculate_hand_statistics(weights=weights)
        assert row.tolist() == [stats.ahead, stats.tied, stats.behind]


class Plain(HandRanker):
    """HandRanker's values through the hook: hand_strength then takes the per-board memo."""

    @classmethod
    def rank_many(cls, indices: Any, *, validate: bool = True) -> np.ndarray:
        return super().rank_many(indices, validate=validate)


@pytest.mark.parametrize('board_size', [3, 4, 5])
def test_the_compiled_loop_is_the_memo_path(board_size: int) -> None:
    """HandRanker's inline loop against the memo (a pass-through subclass): every holding, a narrow range, half
    weights exactly; random weights to the last bits."""
    rng = np.random.default_rng(board_size)
    halves = Range.parse('QQ+, AKs:0.5, 76s, 22:0.5')
    weighted = Range(rng.random(1326) * (rng.random(1326) < 0.3))
    for hole, board in spots(30, board_size, seed=board_size):
        for weights in (None, halves, Range.parse('AA')):
            try:
                fast = hand_strength(hole, board, weights)
            except WeightsError:
                with pytest.raises(WeightsError):
                    hand_strength(hole, board, weights, ranker=Plain)
                continue
            assert fast == hand_strength(hole, board, weights, ranker=Plain)
        assert hand_strength(hole, board, weighted) == pytest.approx(
            hand_strength(hole, board, weighted, ranker=Plain), rel=1e-12)


def test_inline_showdown_refuses_malformed_buffers() -> None:
    weights = np.ones(1326)
    for hole, board, given in ((b'\x00', bytes([2, 3, 4]), weights), (bytes([0, 1]), bytes([2, 3]), weights),
                               (bytes([0, 1]), bytes([2, 3, 60]), weights), (bytes([0, 1]), bytes([2, 3, 4]), weights[:-1]),
                               (bytes([0, 1]), bytes([2, 3, 4]), weights.astype(np.float32))):
        with pytest.raises(ValueError):
            inline_showdown(hole, board, given)  # type: ignore[arg-type]


@pytest.mark.parametrize('hole, board, weights, error', [
    ('Ah Kh', 'Ah 7c 2d', None, DuplicateCardError),
    ((DECK[51], DECK[50]), (DECK[50], DECK[1], DECK[2]), None, DuplicateCardError),
    ((DECK[51], DECK[51]), (DECK[0], DECK[1], DECK[2]), None, DuplicateCardError),
    ('Ah Kh', '7c 2d', None, CardCountError),
    ('Ah Kh', '7c 2d 3d 4d 5d 6d', None, CardCountError),
    ('Ah', '7c 2d 3d', None, CardCountError),
    ('Ah Kh', '7c 2d 3d', 'AhAs', WeightsError),
    ('Ah Kh', '7c 2d 3d', [1.0] * 3, WeightsError),
    ('Ah Kh', '7c 2d 3d', None, SettingError),
])
def test_bad_arguments_raise_one_error(hole: Any, board: Any, weights: Any, error: type[Exception]) -> None:
    options = {'ranker': int} if error is SettingError else {}
    with pytest.raises(error):
        hand_strength(hole, board, weights, **options)


def test_an_opponent_model_with_a_ranker_subclass_reads_its_own_values() -> None:
    from poker import OpponentModel

    class LowballModel(OpponentModel):
        ranker = Lowball

    board = 'Qh Jd 2c 7s 9h'
    standard = OpponentModel().strengths(board)  # HandRanker's values are memoized first
    Lowball.calls = 0
    lowball = LowballModel().strengths(board)
    assert Lowball.calls == 1
    seen = OpponentModel().live(board)
    assert np.array_equal(seen, LowballModel().live(board)) and (lowball[~seen] == 0).all()
    assert np.allclose(lowball[seen], 1 - standard[seen], rtol=0, atol=1e-12)  # every showdown turned around
    number = StartingHand('Ah Kd').holding_index
    assert hand_strength('Ah Kd', board, ranker=Lowball) == lowball[number]  # the same field, the same count
