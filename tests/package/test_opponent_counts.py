"""Every public function and value class that takes ``opponents`` reads it alike: read_opponents, one rule and
one message (a whole number from 1 to the most allowed, no bool; None only where a default is documented)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import attrs
import numpy as np
import pytest

from poker.cards.income_rates import read_opponents, class_income_rate, income_rate_table
from poker.cards.starting_hand import StartingHand
from poker.cli.advise_command import player_statistics
from poker.cli.preflop_command import table_name
from poker.errors import OpponentCountError
from poker.pictures.plots import income_rate_png
from poker.ranges.range import Range
from poker.ranking.ranker import HandRanker
from poker.stats.hand_statistics import HandStatistics
from poker.stats.player import Player
from poker.stats.preflop_odds import preflop_equity, simulate_income_rate
from poker.stats.range_stats import range_statistics
from poker.stats.reference import ReferencePlayer
from poker.stats.scenario import Scenario
from poker.strategy.kelly import kelly_bet, kelly_fraction, kelly_growth
from poker.table.game import TableView
from poker.validators import shown

HOLE, RIVER = 'Ah As', '2c 7d Js 9h 3c'
STATS = HandStatistics.from_counts(10, 1, 5)
SETS = np.ones((1, 1326))


def _summarise(opponents: object) -> None:
    player = Player(HOLE, RIVER)
    player.summarise(player.count_outcomes(0, SETS), opponents, 0, SETS, False)  # type: ignore[arg-type]


def _view(opponents: object) -> None:
    TableView(seat=0, name='a', hole=HOLE, board=(), street='preflop', pot=3, to_call=1, bet_size=2,
              bets_this_round=1, called_this_round=False, opponents=opponents, can_raise=True)


def _takers(tmp_path: Path) -> dict[str, tuple[Callable[[object], object], int, bool]]:
    """Name: (a call with ``opponents``, the most it allows, whether None reads as a documented default)."""
    return {
        'read_opponents': (lambda o: read_opponents(o), 22, False),  # type: ignore[arg-type]
        'income_rate_table': (income_rate_table, 22, False),
        'class_income_rate': (lambda o: class_income_rate(0, o), 22, False),
        'StartingHand.income_rate': (lambda o: StartingHand.parse(HOLE).income_rate(o), 22, False),
        'StartingHand.sort_key': (lambda o: StartingHand.parse(HOLE).sort_key(o), 22, False),
        'HandRanker.read_opponents': (HandRanker.read_opponents, 22, False),
        'HandRanker.income_rate': (lambda o: HandRanker.income_rate('AA', o), 22, False),
        'HandRanker.income_rate_table': (HandRanker.income_rate_table, 22, False),
        'Range.top': (lambda o: Range.top(0.1, o), 22, False),
        'income_rate_png': (lambda o: income_rate_png(tmp_path / 'ir.png', o), 22, False),
        'HandStatistics': (lambda o: attrs.evolve(STATS, opponents=o), 22, False),
        'HandStatistics.from_counts': (lambda o: HandStatistics.from_counts(1, 0, 1, opponents=o), 22, False),
        'Player.calculate_hand_statistics': (
            lambda o: Player(HOLE, RIVER).calculate_hand_statistics(opponents=o), 22, True),
        'ReferencePlayer.calculate_hand_statistics': (
            lambda o: ReferencePlayer(HOLE, RIVER).calculate_hand_statistics(opponents=o), 22, True),
        'Player.preflop_statistics': (lambda o: Player(HOLE).preflop_statistics(o, SETS, False), 22, False),
        'Player.summarise': (_summarise, 22, False),
        'Player.showdown_equity': (
            lambda o: Player(HOLE, RIVER).showdown_equity(opponents=o, weights='KK, QQ'), 9, True),
        'PreflopEquity.statistics': (lambda o: preflop_equity(HOLE).statistics(o), 22, False),
        'simulate_income_rate': (lambda o: simulate_income_rate('AA', o, deals=2), 22, False),
        'RangeStatistics': (lambda o: attrs.evolve(range_statistics('AA', RIVER, 'KK'), opponents=o), 22, False),
        'range_statistics': (lambda o: range_statistics('AA', RIVER, 'KK', opponents=o), 22, False),
        'Scenario': (lambda o: Scenario(hole=HOLE, opponents=o), 22, False),
        'kelly_growth': (lambda o: kelly_growth(0.1, 0.6, 0.1, o), 22, False),
        'kelly_fraction': (lambda o: kelly_fraction(0.6, 0.1, o), 22, False),
        'kelly_bet': (lambda o: kelly_bet(STATS, 100, opponents=o), 22, True),
        'kelly_bet with no bankroll': (lambda o: kelly_bet(STATS, 0, opponents=o), 22, True),
        'TableView': (_view, 22, False),
        'cli player_statistics': (lambda o: player_statistics(HOLE, RIVER, opponents=o), 22, True),
        'cli table_name': (table_name, 22, False),
    }


BAD = [0, False, '', [], -1, 1.5, True, '2', 2.0, np.bool_(True)]


def test_every_taker_of_opponents_reads_it_alike(tmp_path: Path) -> None:
    for name, (call, most, has_default) in _takers(tmp_path).items():
        for bad in [*BAD, most + 1, *([] if has_default else [None])]:
            with pytest.raises(OpponentCountError) as info:
                call(bad)
            assert str(info.value) == f'opponents must be a whole number from 1 to {most}, got {shown(bad)}', name
        if name != 'income_rate_png':  # (a picture takes a second to draw)
            call(np.int64(most) if name not in ('simulate_income_rate', 'Player.showdown_equity') else 2)
        if has_default:
            call(None)


def test_showdown_equity_allows_the_opponents_equity_deals() -> None:
    player = Player(HOLE, RIVER)
    assert len(player.showdown_equity(opponents=9, method='sampled', samples=500, seed=1).players) == 10
    none = player.showdown_equity(weights='KK')
    assert none.players == player.showdown_equity(opponents=1, weights='KK').players
