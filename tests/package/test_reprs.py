"""Every public class has a short text repr: at most 200 characters, never ``<... object at 0x...>``; the value
objects that promise it evaluate back to an equal object (``eval(repr(x)) == x`` with ``from poker import *``)."""

from __future__ import annotations

import importlib
import io
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import numpy as np
import pytest

import poker
from poker.cards import Card, Deck, HandIndexer, Rank, StartingHand, Suit, parse_cards
from poker.kernel import (BoardValues, EnumerationTables, HoldingOutcomes, OutcomeGrid, RangeTally, Tally,
                          board_values, enumeration_tables, holding_outcomes, outcome_grid, range_tally, tally)
from poker.ranges import Range
from poker.ranking import Census, Hand, HandCategory, HandFactory, HandRanker, RankableHand
from poker.stats import (BoardStrengths, BuildSummary, Draw, EquityResult, HandStatistics, MadeHand, Player,
                         PlayerEquity, PreflopEquity, RangeStatistics, ReferencePlayer, Scenario, StrengthTable,
                         board_strengths, build_table, equity, load_table, preflop_equity, range_statistics)
from poker.strategy import (Action, Advice, Blind, FullLokiStrategy, HoldingStatistics, LokiStrategy, OpponentModel,
                            Policy, PreflopPlay, Situation)
from poker.matches import MatchResult, match
from poker.formats import (AcpcResult, GameDefinition, HandHistory, HandLog, LogLine, MatchState, PlayerStats,
                           PokerkitSeat)
from poker.players import (
    ActionFrequencies, AggressiveBettor, Bot, CallingStation, LoosePassive, Maniac, ModellingLokiPlayer, ModelState,
    RandomPlayer, Rock, SeatModel, TableFrequencies, TightAggressive,
)
from poker.players import (
    Folder, HumanPlayer, Loki2Player, Loki2SeatModel, LokiPlayer, Playouts, Prober, SelectiveSampling, SessionEnded,
    SimulationResult,
)
from poker.strategy.triples import TripleStrategy
from poker.matches import SessionLog, local_best_response
from poker.table import ActionRecord, Decision, FixedLimitGame, HandResult, PlayerSummary, TableView

LIMIT = 200
RIVER = 'Qh 7h 2c 9s 3d'
RIVER_INDICES = [card.index for card in parse_cards(RIVER)]
FLOP_INDICES = RIVER_INDICES[:3]
HOLE_INDICES = [card.index for card in parse_cards('Ah Kd')]
HERO = np.zeros(1326)
HERO[poker.cards.holding_index(*HOLE_INDICES)] = 1.0
VIEW = TableView(seat=0, name='Ann', hole=tuple(parse_cards('Ah Kd')), board=tuple(parse_cards(RIVER)),
                 street='river', pot=10, to_call=2, bet_size=2, bets_this_round=1, called_this_round=False,
                 opponents=1, can_raise=True, history=(ActionRecord('flop', 1, 'bet', 2, 12, None, 0, 2),), seats=2,
                 button=0, active=(0, 1))
HAND_RESULT = FixedLimitGame([CallingStation('Ann'), Maniac('Bob')], seed=1).play_hand()
LOG_LINE = LogLine.from_hand(HAND_RESULT, 0)


def _seat_model() -> SeatModel:
    model = SeatModel('Bob')
    model.begin_hand([])
    return model


def _table(root: Path) -> StrengthTable:
    build_table('turn', root / 'turn', boards=1, chunk_boards=1, workers=1, bins=8, progress=False)
    return load_table(root / 'turn')


MAKERS: dict[str, Callable[[Path], Any]] = {
    # cards
    'Card': lambda root: Card.parse('Ah'),
    'Deck': lambda root: Deck(seed=1, exclude='Ah'),
    'HandIndexer': lambda root: HandIndexer.for_street('flop'),
    'Rank': lambda root: Rank.ACE,
    'StartingHand': lambda root: StartingHand('AhKh'),
    'Suit': lambda root: Suit.HEARTS,
    # ranking
    'Census': lambda root: poker.ranking.five_card_census(),
    'Hand': lambda root: Hand('Ah Kd'),
    'HandCategory': lambda root: HandCategory(3),
    'HandFactory': lambda root: HandFactory(maxsize=10),
    'HandRanker': lambda root: HandRanker(),
    'RankableHand': lambda root: RankableHand('Ah Kh Qh Jh Th'),
    # ranges
    'Range': lambda root: Range.parse('QQ+, AKs'),
    # kernel
    'BoardValues': lambda root: board_values(RIVER_INDICES),
    'EnumerationTables': lambda root: enumeration_tables(45, 1),
    'HoldingOutcomes': lambda root: holding_outcomes(HOLE_INDICES, RIVER_INDICES, 0),
    'OutcomeGrid': lambda root: outcome_grid(HOLE_INDICES, FLOP_INDICES, 1),
    'RangeTally': lambda root: range_tally(RIVER_INDICES, 0, HERO, np.ones(1326)),
    'Tally': lambda root: tally(HOLE_INDICES, RIVER_INDICES, 0, np.ones((1, 1326))),
    # stats
    'BoardStrengths': lambda root: board_strengths(RIVER),
    'BuildSummary': lambda root: BuildSummary(Path('table'), 'river', 3, 1, 2, False, ('a chunk rebuilt',)),
    'ClassRow': lambda root: range_statistics('AA, KK', RIVER[:8], 'QQ+').classes().made[0],
    'Draw': lambda root: Draw.GUTSHOT,
    'EquityResult': lambda root: equity(['AhKd', 'QsQc'], RIVER[:8]),
    'HandClassTable': lambda root: range_statistics('AA, KK', RIVER[:8], 'QQ+').classes(),
    'HandStatistics': lambda root: Player('Ah Kd', 'Qh 7h 2c 9s').calculate_hand_statistics(lookahead=1),
    'MadeHand': lambda root: MadeHand.TOP_PAIR,
    'Player': lambda root: Player('Ah Kd', RIVER),
    'PlayerEquity': lambda root: PlayerEquity('AhKd', 0.5, 0.1, 0.05),
    'PreflopEquity': lambda root: preflop_equity('Ah Kd'),
    'RangeStatistics': lambda root: range_statistics('AA, KK', RIVER, 'QQ+'),
    'ReferencePlayer': lambda root: ReferencePlayer('Ah Kd', RIVER),
    'Scenario': lambda root: Scenario(tuple(parse_cards('Ah Kd')), tuple(parse_cards(RIVER))),
    'StrengthTable': _table,
    # strategy
    'Action': lambda root: Action('fold'),
    'Advice': lambda root: Advice('call', 2.0, 'make1', 'because'),
    'Blind': lambda root: Blind('big blind'),
    'FullLokiStrategy': lambda root: FullLokiStrategy(),
    'LokiStrategy': lambda root: LokiStrategy(),
    'Policy': lambda root: LokiPlayer('Ann').policy(VIEW),
    'HoldingStatistics': lambda root: HoldingStatistics.from_range_statistics(range_statistics(board=RIVER)),
    'OpponentModel': lambda root: OpponentModel(None),
    'PreflopPlay': lambda root: PreflopPlay(),
    'Situation': lambda root: Situation(20, 4, 4, 1, False, False, follow_through=False, bet_behind=0.5),
    # table
    'AcpcResult': lambda root: AcpcResult('loki', (10.0, -5.0), 10),
    'HandLog': lambda root: HandLog(root / 'hands.phh', GameDefinition.for_table(2), 'a header'),
    'ActionFrequencies': lambda root: ActionFrequencies(),
    'ActionRecord': lambda root: ActionRecord('flop', 1, 'bet', 2, 12, None, 0, 2),
    'AggressiveBettor': lambda root: AggressiveBettor('Ann'),
    'Bot': lambda root: Bot('Ann', 1),
    'CallingStation': lambda root: CallingStation('Ann'),
    'Decision': lambda root: Decision('call', None, None),
    'ExploitResult': lambda root: local_best_response('folder', 2, seed=1, progress=False),
    'FixedLimitGame': lambda root: FixedLimitGame([CallingStation('Ann'), Maniac('Bob')], seed=1),
    'GameDefinition': lambda root: GameDefinition.for_table(2),
    'Folder': lambda root: Folder('Ann'),
    'HandHistory': lambda root: HandHistory((LOG_LINE, LogLine.from_hand(HAND_RESULT, 1))),
    'HandResult': lambda root: HAND_RESULT,
    'HumanPlayer': lambda root: HumanPlayer('Ann', io.StringIO(), io.StringIO()),
    'LogLine': lambda root: LOG_LINE,
    'LokiPlayer': lambda root: LokiPlayer('Ann'),
    'Playouts': lambda root: SelectiveSampling(trials=4).playouts(
        attrs.evolve(VIEW, history=(ActionRecord('river', 1, 'bet', 2, 10, None, 0, 2),)), {1: np.ones(1326)},
        random.Random(1)),
    'SelectiveSampling': lambda root: SelectiveSampling(),
    'SimulationResult': lambda root: SimulationResult('raise', 10.0, 0.5, 12.0, 0.75, 200),
    'Loki2Player': lambda root: Loki2Player('Ann', seed=1),
    'Loki2SeatModel': lambda root: Loki2SeatModel('Bob'),
    'Loki2State': lambda root: Loki2Player('Ann', seed=1).state(),
    'Prober': lambda root: Prober('Ann'),
    'TripleStrategy': lambda root: TripleStrategy(width=0.1),
    'LoosePassive': lambda root: LoosePassive('Ann'),
    'Maniac': lambda root: Maniac('Ann'),
    'MatchResult': lambda root: match(['station', 'maniac'], 2, seed=1, progress=False),
    'MatchState': lambda root: MatchState.parse('MATCHSTATE:1:3:rc/c:|Ah9c/2h3c4d'),
    'ModelState': lambda root: ModelState({'Bob': [1] * 36}, {'Bob': [1.0, 2.5]}),
    'ModellingLokiPlayer': lambda root: ModellingLokiPlayer('Ann'),
    'PlayerStats': lambda root: HandHistory((LOG_LINE,)).players()[0],
    'PlayerSummary': lambda root: PlayerSummary('Ann', 10, 4.5, 3, -6),
    'PokerkitSeat': lambda root: PokerkitSeat(CallingStation('Ann'), 1, names=('Bob', 'Ann')),
    'RandomPlayer': lambda root: RandomPlayer('Ann', seed=1),
    'Rock': lambda root: Rock('Ann'),
    'SeatModel': lambda root: _seat_model(),
    'SessionEnded': lambda root: SessionEnded('the input ended'),
    'SessionLog': lambda root: SessionLog(root / 'session.log', 2),
    'TableFrequencies': lambda root: TableFrequencies([ActionFrequencies()]),
    'TableView': lambda root: VIEW,
    'TightAggressive': lambda root: TightAggressive('Ann'),
}
"""A representative instance of each public class, made from a scratch directory."""

NOT_MADE = {'Contender': 'a Protocol', 'Weighted': 'a Protocol', 'OneLineErrorParser': "argparse's own repr",
            'Simulation': 'a Protocol', 'Evaluation': 'a Protocol'}

EVALUATES_BACK = ('Card', 'StartingHand', 'Range', 'Hand', 'Player', 'PlayerEquity', 'Advice', 'Situation',
                  'ActionRecord', 'Decision', 'LogLine', 'MatchState', 'HandRanker', 'LokiStrategy',
                  'FullLokiStrategy', 'PreflopPlay')
"""The classes whose repr is the code that makes an equal object (the stateless ones: an object of the class)."""

WINGS = tuple(importlib.import_module(f'poker.{path.parent.name}')
              for path in sorted(Path(poker.__file__).parent.glob('*/__init__.py')))
"""The wings (the package's folders: tests/test_layout.py keeps them the wings)."""


def _public_classes() -> list[str]:
    return sorted(name for wing in WINGS for name in wing.__all__ if isinstance(getattr(wing, name), type))


NAMES: dict[str, Any] = {name: getattr(wing, name) for wing in WINGS for name in wing.__all__}
NAMES.update({name: getattr(poker, name) for name in poker.__all__})


@pytest.fixture(scope='module')
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    root = tmp_path_factory.mktemp('reprs')
    return {name: make(root) for name, make in MAKERS.items()}


def test_every_public_class_has_an_instance_here() -> None:
    assert set(_public_classes()) - set(NOT_MADE) == set(MAKERS)


@pytest.mark.parametrize('name', sorted(MAKERS))
def test_the_repr_is_short(name: str, made: dict[str, Any]) -> None:
    text = repr(made[name])
    assert len(text) <= LIMIT, f'{name}: {len(text)} characters: {text[:300]}'
    assert 'object at 0x' not in text and '\n' not in text, text


@pytest.mark.parametrize('name', EVALUATES_BACK)
def test_the_repr_evaluates_back(name: str, made: dict[str, Any]) -> None:
    value = made[name]
    again = eval(repr(value), dict(NAMES))  # noqa: S307 (our own repr)
    assert again == value if type(value).__eq__ is not object.__eq__ else type(again) is type(value)


@pytest.mark.parametrize('name, says', [
    ('HandResult', ('#1:', 'Bob wins 28 with One Pair, Nines', '2 seats', 'board 9d 7h 8d Jd 3s')),
    ('HandStatistics', ('Ah Kd on Qh 7h 2c 9s', 'hs=0.491', 'ppot=0.107', 'npot=0.154', 'ehs=0.470')),
    ('RankableHand', ('Royal Flush', 'straight flush', 'value 7462')),
    ('FixedLimitGame', ('Ann, Bob', '2/4 limit')),
    ('MatchResult', ('station +0.00', 'maniac +0.00', '2 deals x 2 rotations', 'seed 1')),
    ('TableView', ('Ann, seat 0', 'river', 'Ah Kd', 'pot 10', 'to call 2')),
])
def test_a_summary_says_what_matters(name: str, says: tuple[str, ...], made: dict[str, Any]) -> None:
    text = repr(made[name])
    assert text.startswith(f'<{name}') and text.endswith('>'), text
    for part in says:
        assert part in text, (part, text)
