"""The one ranking hook: every path ranks through ``ranker.rank_many`` of the ranker it was given."""

from __future__ import annotations

import itertools
from typing import Any, ClassVar

import numpy as np
import pytest

from poker import (
    HandCategory, HandRanker, Player, RankableHand, Range, SettingError, board_strengths, equity, range_statistics,
)
from poker.ranking.exhaustive import census, five_card_census
from poker.kernel import memoized_board_values
from poker.ranking.ranker import FINAL_NAMES
from poker.strategy.reweighting import OpponentModel
from poker.pictures.plots import runout_strengths
from poker.stats.preflop_odds import preflop_equity
from poker.stats.reference import ReferencePlayer

WHEEL, BROADWAY = HandCategory.STRAIGHT.first_value, HandCategory.STRAIGHT.last_value
STEEL_WHEEL, ROYAL = HandCategory.STRAIGHT_FLUSH.first_value, HandCategory.STRAIGHT_FLUSH.last_value


class Counting(HandRanker):
    """Counts the hands ranked; overrides nothing but rank_many."""

    hands: ClassVar[int] = 0
    calls: ClassVar[int] = 0

    @classmethod
    def rank_many(cls, indices: Any, *, validate: bool = True) -> np.ndarray:
        Counting.calls += 1
        Counting.hands += len(indices)
        return super().rank_many(indices, validate=validate)

    @classmethod
    def reset(cls) -> None:
        Counting.hands = Counting.calls = 0


class JavaWheelRanker(HandRanker):
    """The Java original's scoring: the wheel as the top straight, the steel wheel as a royal flush."""

    @classmethod
    def rank_many(cls, indices: Any, *, validate: bool = True) -> np.ndarray:
        rows, standard = np.asarray(indices), super().rank_many
        best = None
        for five in itertools.combinations(range(rows.shape[1]), 5):
            values = standard(rows[:, five], validate=validate)
            values = np.where(values == WHEEL, BROADWAY, np.where(values == STEEL_WHEEL, ROYAL, values))
            best = values if best is None else np.maximum(best, values)
        assert best is not None
        return best.astype(np.int16)


class CountingPlayer(Player):
    ranker = Counting


class CountingReference(ReferencePlayer):
    ranker = Counting


class CountingModel(OpponentModel):
    ranker = Counting


class CountingHand(RankableHand):
    ranker = Counting


class JavaPlayer(Player):
    ranker = JavaWheelRanker


@pytest.fixture(autouse=True)
def fresh_count() -> None:
    Counting.reset()
    memoized_board_values.cache_clear()  # every test starts with no board's values remembered


# the values now come from the per-board memo: the 1,176 holdings free of the flop, ours among them
@pytest.mark.parametrize('lookahead, hands', [(2, 178_365 + 1_081 + 1_176), (1, 47 * 46 // 2 * 45 // 3 + 47 + 1_176),
                                              (0, 1_176)])
def test_player_ranks_every_hand_through_the_hook(lookahead: int, hands: int) -> None:
    stats = CountingPlayer('Ah Qh', '3h 4s Jh').calculate_hand_statistics(lookahead=lookahead)
    assert Counting.hands == hands
    assert stats == Player('Ah Qh', '3h 4s Jh').calculate_hand_statistics(lookahead=lookahead)
    Counting.reset()  # the same board again: only the values after the runouts are ranked again
    again = CountingPlayer('Ks Kd', '3h 4s Jh').calculate_hand_statistics(lookahead=lookahead)
    assert Counting.hands == hands - 1_176
    assert again == Player('Ks Kd', '3h 4s Jh').calculate_hand_statistics(lookahead=lookahead)


def test_a_narrow_range_ranks_few_hands() -> None:
    CountingPlayer('Ah Qh', '3h 4s Jh').calculate_hand_statistics(lookahead=2, weights=Range.parse('QQ+, AKs'))
    assert 0 < Counting.hands < 30_000


def test_the_reference_path_ranks_through_the_hook() -> None:
    CountingReference('Ah Qh', '3h 4s Jh 2c 9d').calculate_hand_statistics(weights=Range.parse('QQ+'))
    assert Counting.calls > 0


def test_preflop_opponent_model_census_pictures_and_hands_rank_through_the_hook() -> None:
    for action in (lambda: preflop_equity('Ah Kh', Range.parse('QQ'), ranker=Counting),
                   lambda: CountingPlayer('Ah Kh').calculate_hand_statistics(weights=Range.parse('QQ')),
                   lambda: CountingModel().strengths('Ah Kd 7c'),
                   lambda: runout_strengths('Ah Qh', '3h 4s Jh 2c', player_class=CountingPlayer),
                   lambda: CountingHand('Ah Kh Qh Jh Th'),
                   lambda: range_statistics(None, '3h 4s Jh', 'QQ+', ranker=Counting),
                   lambda: range_statistics('AhKh', '3h 4s Jh 2c', None, ranker=Counting),
                   lambda: range_statistics('AhKh, QQ', (), 'KK', ranker=Counting),
                   lambda: Counting.rank('Ah Kh Qh Jh Th')):
        Counting.reset()
        action()
        assert Counting.calls > 0
    Counting.reset()
    assert census(5, Counting) == five_card_census()
    assert Counting.hands == 2_598_960


def test_a_ranker_subclass_changes_players_potentials() -> None:
    standard = Player('Ah Qh', '3h 4s Jh').calculate_hand_statistics(lookahead=2)
    java = JavaPlayer('Ah Qh', '3h 4s Jh').calculate_hand_statistics(lookahead=2)
    assert standard.ppot == 0.5041789128745651
    assert java.ppot == 0.5050257311126877
    assert java.npot == 0.1433984109873438


def test_rank_goes_through_rank_many() -> None:
    class Shifted(HandRanker):
        @classmethod
        def rank_many(cls, indices: Any, *, validate: bool = True) -> np.ndarray:
            return super().rank_many(indices, validate=validate) - 1

    assert Shifted.rank('Ah Kh Qh Jh Th') == 7461
    assert Shifted.rank_indices([0, 4, 8, 12, 48]) == HandRanker.rank_indices([0, 4, 8, 12, 48]) - 1


def test_rank_many_uint8_views_and_constant_columns_agree() -> None:
    rng = np.random.default_rng(7)
    for size in (5, 6, 7):
        rows = np.array([rng.choice(52, size, replace=False) for _ in range(3000)])
        expected = [HandRanker.rank_indices(row) for row in rows.tolist()]
        fortran = np.asfortranarray(rows.astype(np.uint8))
        assert HandRanker.rank_many(rows).tolist() == expected
        assert HandRanker.rank_many(fortran, validate=False).tolist() == expected
        fixed = rows[0, :3]
        rest = rng.permuted(np.tile(np.setdiff1d(np.arange(52), fixed), (3000, 1)), axis=1)[:, :size - 3]
        constant = np.column_stack([np.tile(fixed, (3000, 1)), rest])
        assert HandRanker.rank_many(constant).tolist() == [HandRanker.rank_indices(r) for r in constant.tolist()]


def test_a_ranker_subclass_changes_the_range_engine() -> None:
    standard = range_statistics(None, '3h 4s Jh', None)
    java = range_statistics(None, '3h 4s Jh', None, ranker=JavaWheelRanker)
    at = standard.index('Ah Qh')
    assert standard.ppot[at] == 0.5041789128745651
    assert java.ppot[java.index('Ah Qh')] == 0.5050257311126877


class Lowball(HandRanker):
    """The weakest hand wins: every value turned around, through the one hook."""

    @classmethod
    def rank_many(cls, indices: Any, *, validate: bool = True) -> np.ndarray:
        return (7463 - super().rank_many(indices, validate=validate)).astype(np.int16)


@pytest.mark.parametrize('name', ['rank', 'best_five', 'describe', 'rank_indices', 'read_opponents', 'MIN_CARDS',
                                  '_display_order'])
def test_a_subclass_overriding_anything_but_rank_many_is_refused(name: str) -> None:
    with pytest.raises(SettingError, match=rf"class 'Sneaky' may not override HandRanker\.{name}: override rank_many"):
        type('Sneaky', (HandRanker,), {name: classmethod(lambda cls, *args: 1)})
    assert name in FINAL_NAMES


def test_every_method_but_rank_many_is_final_for_type_checkers_too() -> None:
    methods = {name for name, value in vars(HandRanker).items()
               if isinstance(value, (classmethod, staticmethod)) and not name.startswith('__')}
    assert methods - FINAL_NAMES == {'rank_many'}
    assert all(getattr(vars(HandRanker)[name], '__final__', False) for name in methods - {'rank_many'})
    assert FINAL_NAMES - methods == {'MIN_CARDS', 'MAX_CARDS', 'INLINE_RANKING'}


def test_overriding_rank_many_alone_changes_every_result() -> None:
    """Hand values, one player's statistics, a range's, equity and a board's strengths all turn around."""
    board, hole, other = '2c 7d Js 9h 3s', 'Ah Jh', 'Kd Kc'

    class LowHand(RankableHand):
        ranker = Lowball

    class LowPlayer(Player):
        ranker = Lowball

    standard, low = RankableHand(f'{hole} {board}'), LowHand(f'{hole} {board}')
    assert low.value == 7463 - standard.value and low.description == HandRanker.describe(low.value)
    assert LowHand(f'{other} {board}') < low and RankableHand(f'{other} {board}') > standard
    usual = Player(hole, board).calculate_hand_statistics()
    turned = LowPlayer(hole, board).calculate_hand_statistics()
    assert (turned.ahead, turned.tied, turned.behind) == (usual.behind, usual.tied, usual.ahead)
    ranges, low_ranges = range_statistics(None, board, None), range_statistics(None, board, None, ranker=Lowball)
    assert np.allclose(low_ranges.hs, 1 - ranges.hs, rtol=0, atol=1e-12)
    assert [p.win for p in equity([hole, other], board, ranker=Lowball)] == [1.0, 0.0]
    assert [p.win for p in equity([hole, other], board)] == [0.0, 1.0]
    strengths, low_strengths = board_strengths(board), board_strengths(board, ranker=Lowball)
    assert np.allclose(low_strengths.hs, 1 - strengths.hs, rtol=0, atol=1e-12)
    assert low_strengths.hs[low_strengths.row(hole)] == turned.hs


def test_field_statistics_ranks_through_the_ranker_given() -> None:
    """Every holding against a weight set per opponent (the modelling Loki's policy) through a ranker subclass: its
    NumPy passes, summed exactly, give what that ranker's Player gives the one holding."""
    from poker.cards.card import parse_cards
    from poker.ranges.weights import known_holdings
    from poker.stats.range_stats import field_statistics

    class LowPlayer(Player):
        ranker = Lowball

    board = [card.index for card in parse_cards('2c 7d Js 9h')]
    rng = np.random.default_rng(4)
    sets = [rng.uniform(0.01, 1.0, 1326), rng.uniform(0.01, 1.0, 1326)]
    holdings, hs_n, ppot = field_statistics(board, sets, 1, Lowball)  # type: ignore[misc]
    usual = field_statistics(board, sets, 1)
    assert usual is not None and not np.array_equal(usual[1], hs_n)
    hole = [card.index for card in parse_cards('Ah Jh')]
    known = known_holdings([*hole, *board])
    one = LowPlayer('Ah Jh', '2c 7d Js 9h').calculate_hand_statistics(
        weights=[np.where(known, 0.0, weights) for weights in sets])
    at = int(np.searchsorted(holdings, Player('Ah Jh').starting_hand.holding_index))
    assert (float(hs_n[at]), float(ppot[at])) == (one.hs_n, one.ppot)
