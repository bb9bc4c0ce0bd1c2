"""Selective-sampling simulation (issue 32, Peña ch. 5): the lockstep trials of
:class:`~poker.players.simulation.SelectiveSampling` agree exactly with a slow oracle that plays each trial out on
the table itself (:class:`~poker.table.game.FixedLimitGame`, its deck stacked with the trial's cards, every seat
deciding from the PT of its hand with the same uniform numbers), forced spots give the chips counted by hand, the
opponents' cards follow their weights and never repeat a card, a seed repeats a simulation, the ranker given
ranks every hand, and bad inputs are refused in one line."""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from poker.cards.card import Card, Deck, parse_cards
from poker.cards.holdings import HOLDING_COUNT, HOLDINGS, NUMBER_OF_PAIR
from poker.errors import BettingError, PokerError, RankerError, SettingError, WeightsError
from poker.players.simulation import CALIBRATION_TOLERANCE, DEFAULT_TRIALS, Playouts, SelectiveSampling, SimulationResult
from poker.ranges.weights import known_holdings
from poker.ranking.ranker import HandRanker
from poker.stats.player import Player
from poker.stats.strength import hand_strength
from poker.strategy.actions import Action
from poker.strategy.triples import TripleStrategy
from poker.table import game as game_module
from poker.table.game import FixedLimitGame, TableView
from poker.table.records import ActionRecord, Decision


def holding(text: str) -> int:
    first, second = parse_cards(text)
    return NUMBER_OF_PAIR[first.index][second.index]


def only(*texts: str) -> np.ndarray:
    """Weights on the named holdings alone."""
    weights = np.zeros(HOLDING_COUNT)
    weights[[holding(text) for text in texts]] = 1.0
    return weights


# ------------------------------------------------------------------------------------------ spots from real hands
class _Reached(Exception):
    """The seat under test was asked to decide: the spot is reached."""

    def __init__(self, view: TableView) -> None:
        super().__init__()
        self.view = view


class Scripted:
    """A seat that plays its script, then asks ``after`` (the spot's capture, or the oracle's PTs)."""

    def __init__(self, name: str, script: Sequence[str], after: Callable[[TableView], Decision]) -> None:
        self.name = name
        self.script = list(script)
        self.after = after

    def decide(self, view: TableView) -> Decision:
        if self.script:
            return Decision(self.script.pop(0))
        return self.after(view)


def _capture(view: TableView) -> Decision:
    raise _Reached(view)


def _never(view: TableView) -> Decision:
    raise AssertionError(f'a scripted seat ran out of actions: {view!r}')


def spot(scripts: Sequence[Sequence[str]], hero: int, seed: int) -> TableView:
    """The view the seat ``hero`` decides from once every seat has played its script (button on seat 0)."""
    players = [Scripted(f'P{seat}', script, _capture if seat == hero else _never)
               for seat, script in enumerate(scripts)]
    with pytest.raises(_Reached) as reached:
        FixedLimitGame(players, seed=1).play_hand(seed)
    return reached.value.view


SPOTS = {
    # three seats, the flop: seat 2 bets, the button faces it with seat 1 (who checked) still to act
    'three-flop-facing': ([['call'], ['call', 'check'], ['check', 'bet']], 0),
    # heads-up, the turn: checked to the button after a raised flop
    'heads-up-turn': ([['call', 'raise'], ['check', 'bet', 'call', 'check']], 0),
    # four seats, one folded before the flop, the river: a bet and a raise to the button
    'four-river-raised': ([['call', 'check', 'call'], ['call', 'check', 'bet', 'bet'],
                           ['check', 'check', 'call', 'raise'], ['fold']], 0),
    # four seats, the flop: a bet, a call, a raise to the button; the bettor and the caller act again after it
    'four-flop-reraised': ([['call'], ['call', 'bet'], ['check', 'call'], ['call', 'raise']], 0),
    # four seats, the turn: the big blind decides first, checked to, one folded on the flop, two still to act
    'four-turn-middle': ([['call', 'fold'], ['call', 'check', 'call', 'check'], ['check', 'check', 'call'],
                          ['call', 'bet']], 2),
    # heads-up, the flop: the big blind acts first after a raise before the flop
    'heads-up-flop-first': ([['raise'], ['call']], 1),
}


def spot_view(name: str, seed: int = 5) -> TableView:
    scripts, hero = SPOTS[name]
    return spot(scripts, hero, seed)


def random_weights(view: TableView, seed: int) -> dict[int, np.ndarray]:
    generator = np.random.default_rng(seed)
    weights = {}
    for seat in view.active:
        if seat != view.seat:
            table = generator.random(HOLDING_COUNT) * (generator.random(HOLDING_COUNT) < 0.5)
            weights[seat] = table
    return weights


# ------------------------------------------------------------------------------------------ the oracle
class StackedDeck:
    """A deck that deals the cards it is given, in order (the table deals each seat two, then the board)."""

    def __init__(self, cards: list[Card]) -> None:
        self.cards = list(cards)

    def deal(self, count: int) -> list[Card]:
        dealt, self.cards = self.cards[:count], self.cards[count:]
        return dealt


@contextmanager
def stacked(cards: list[Card]) -> Iterator[None]:
    with mock.patch.object(game_module, 'Deck', lambda seed=None: StackedDeck(cards)):
        yield


class Oracle:
    """One trial of one branch played on the table: the scripts again, then the branch's action for the deciding
    seat, then every decision of every seat drawn from its PT (hand strength against one holding anything, the
    decision street's PPOT one card ahead kept on the turn after a flop decision, raised to the opponents in) with
    the trial's uniform numbers, one per action in order, until the deciding seat folds (the others then call to
    the end: what they do no longer changes its chips). A seat given frequencies plays its PT scaled by the factors :meth:`SelectiveSampling.calibration` gives for the PTs of every holding it may hold on
    the decision's street facing 0, 1 and 2 bets (:meth:`calibrate`)."""

    def __init__(self, simulation: SelectiveSampling, name: str, thresholds: dict[int, Any],
                 frequencies: dict[int, Any] | None = None) -> None:
        self.simulation = simulation
        self.frequencies = {seat: np.array(rows, dtype=float) for seat, rows in (frequencies or {}).items()}
        self.factors: dict[int, list[np.ndarray]] = {}
        self.scripts = SPOTS[name][0]
        self.view = spot_view(name)
        self.thresholds = thresholds
        self.actions: set[str] = set()

    @functools.cache
    def potential(self, hole: tuple[Card, ...]) -> float:
        if len(self.view.board) == 5:
            return 0.0
        return Player(hole, self.view.board).calculate_hand_statistics(lookahead=1).ppot

    def given(self, seat: int, context: int) -> tuple[float, float]:
        triples = self.simulation.triples
        given = self.thresholds.get(seat, (triples.make1, triples.make2))
        if isinstance(given[0], tuple):   # one pair for each context: 0, 1, 2 or more bets to call
            given = given[context]
        return given  # type: ignore[no-any-return]

    def calibrate(self) -> None:
        """Each calibrated seat's factors in each context, from the PTs of every holding free of the deciding
        seat's cards and the board, each alike."""
        view, triples = self.view, self.simulation.triples
        known = {*view.hole, *view.board}
        river = len(view.board) == 5
        hands = []
        for hole in itertools.combinations(Deck(seed=0).deal(52), 2):
            if not known & set(hole):
                hs_n = hand_strength(hole, view.board, ranker=self.simulation.ranker) ** view.opponents
                hands.append((hs_n, 0.0 if river else self.potential(hole)))
        for seat, shares in self.frequencies.items():
            self.factors[seat] = []
            for context in range(3):
                make1, make2 = self.given(seat, context)
                rows = [TripleStrategy.triples(
                    triples, strength=hs_n + (1 - hs_n) * potential, potential=potential,  # type: ignore[arg-type]
                    chance=hs_n if river else potential, hs_n=hs_n, opponents=view.opponents,
                    board_cards=len(view.board), pot=view.pot + context * view.bet_size,
                    to_call=context * view.bet_size, bet_size=view.bet_size, bets=context, called=False,
                    make1=make1, make2=make2).reshape(3) for hs_n, potential in hands]
                self.factors[seat].append(self.simulation.calibration(np.array(rows), shares[context]))

    def decide(self, view: TableView, draws: Iterator[float], asked: list[dict[str, float]] | None = None) \
            -> Decision:
        triples = self.simulation.triples
        strength = hand_strength(view.hole, view.board, ranker=self.simulation.ranker)
        cards = len(view.board)
        decided = len(self.view.board)
        carried = cards == decided or (cards == 4 and decided == 3 and self.simulation.carry_potential)
        potential = self.potential(view.hole) if carried and cards < 5 else 0.0
        hs_n = strength ** view.opponents
        context = min(round(view.to_call / view.bet_size), 2)
        make1, make2 = self.given(view.seat, context)
        inputs = dict(strength=hs_n + (1 - hs_n) * potential, potential=potential,
                      chance=hs_n if cards == 5 else potential, hs_n=hs_n, opponents=view.opponents,
                      board_cards=cards, pot=view.pot, to_call=view.to_call, bet_size=view.bet_size,
                      bets=view.bets_this_round, called=view.called_this_round, make1=make1, make2=make2)
        if asked is not None:
            asked.append({name: float(value) for name, value in inputs.items()})
        row = TripleStrategy.triples(triples, **inputs).reshape(3)  # type: ignore[arg-type]
        if view.seat in self.factors:
            shares = self.frequencies[view.seat][context]
            row = row * self.factors[view.seat][context]
            row = row / row.sum() if row.sum() > 0 else shares   # (a PT of actions never taken: the shares)
        uniform = next(draws)
        action = 'fold' if uniform < row[0] else 'call' if uniform < row[0] + row[1] else 'raise'
        self.actions.add(action)
        return Decision(action)

    def play(self, playouts: Playouts, branch: int, trial: int, asked: list[dict[str, float]] | None = None) \
            -> float:
        view, scripts = self.view, self.scripts
        seats = view.seats
        holes: dict[int, tuple[Card, ...]] = {
            seat: tuple(Card.from_index(int(card)) for card in playouts.holes[trial, place])
            for place, seat in enumerate(playouts.seats)}
        board = [Card.from_index(int(card)) for card in playouts.boards[trial]]
        used = {card for cards in holes.values() for card in cards} | set(board)
        spare = iter(card for card in Deck(seed=0).deal(52) if card not in used)
        cards: list[Card] = []
        for seat in range(seats):
            cards += holes[seat] if seat in holes else [next(spare), next(spare)]
        cards += board
        draws = iter(playouts.draws[branch, trial].tolist())
        branch_action = ['call', 'raise'][branch]
        branched, out = [False], [False]

        def hero(seen: TableView) -> Decision:
            if not branched[0]:
                branched[0] = True
                return Decision(branch_action)
            decision = self.decide(seen, draws, asked)
            out[0] = decision.action == 'fold' and seen.to_call > 0
            return decision

        def other(seen: TableView) -> Decision:  # (once the deciding seat is out, the rest is not its business)
            return Decision('call') if out[0] else self.decide(seen, draws, asked)

        players = [Scripted(f'P{seat}', scripts[seat], hero if seat == view.seat else other) for seat in range(seats)]
        with stacked(cards):
            result = FixedLimitGame(players, seed=1).play_hand(7)
        before = sum(record.amount for record in view.history if record.seat == view.seat)
        return float(result.net[view.seat] + before)


def test_the_trials_are_the_tables_own_hands() -> None:
    """Every trial, in both branches, ends with the chips the table itself gives the deciding seat when the trial's
    cards are dealt and every seat acts on the PT of its hand with the trial's uniform numbers; the PT of every
    action is asked what the oracle asks it (hand values, pot, bets, flags, thresholds; a relative 1e-12); over the
    spots the seats fold, call and raise, and a seat that has called in a trial acts again."""
    seen: set[str] = set()
    called = False
    for name in sorted(SPOTS):
        view = spot_view(name)
        thresholds = {seat: (0.3 + 0.1 * seat, 0.7 + 0.05 * seat) for seat in view.active if seat % 2 == 0}
        if name == 'three-flop-facing':
            thresholds[1] = (0.1, 0.2)  # (the seat that checked raises the bet after the call: the caller acts again)
        for seat in view.active:
            if seat % 2 and seat not in thresholds:   # by context: never bets into no bet, calls any bet, raises never
                thresholds[seat] = ((2.0, 2.0), (-1.0, 2.0), (0.2 + 0.1 * seat, 2.0))
        simulation = SelectiveSampling(TripleStrategy(width=0.25), trials=6)
        traced: dict[tuple[int, int], dict[str, float]] = {}

        def trace(rows: np.ndarray, numbers: np.ndarray, inputs: dict[str, np.ndarray]) -> None:
            for at, (row, number) in enumerate(zip(rows.tolist(), numbers.tolist())):
                assert (row, number) not in traced
                traced[row, number] = {key: float(values[at]) for key, values in inputs.items()}

        simulation._trace = trace
        # the seat after ours plays its PTs calibrated to a seat that rarely bets and calls most bets
        calibrated = {view.active[(view.active.index(view.seat) + 1) % len(view.active)]: (
            (0.0, 0.8, 0.2), (0.2, 0.7, 0.1), (0.5, 0.4, 0.1))}
        playouts = simulation.playouts(view, random_weights(view, 3), random.Random(11), thresholds=thresholds,
                                       frequencies=calibrated)
        oracle = Oracle(simulation, name, thresholds, calibrated)
        oracle.calibrate()
        branches = len(playouts.results)
        asked: list[list[dict[str, float]]] = [[] for _ in range(branches * 6)]
        expected = [[oracle.play(playouts, branch, trial, asked[branch * 6 + trial]) for trial in range(6)]
                    for branch in range(branches)]
        assert playouts.results.tolist() == expected, name
        assert branches == (2 if view.can_raise else 1)
        assert sorted(traced) == [(row, number) for row, questions in enumerate(asked)
                                  for number in range(len(questions))]
        for (row, number), inputs in traced.items():  # (to the last bits: NumPy's power and Python's may round apart)
            wanted = asked[row][number]
            assert all(math.isclose(inputs[key], wanted[key], rel_tol=1e-12) for key in wanted), (name, row, number)
        seen |= oracle.actions
        if name == 'three-flop-facing':  # (nobody had called on the flop before the decision)
            called = any(inputs['called'] for inputs in traced.values())
    assert seen == {'fold', 'call', 'raise'} and called


def test_the_carried_potential_can_be_switched_off() -> None:
    view = spot_view('three-flop-facing')
    simulation = SelectiveSampling(TripleStrategy(width=0.25), trials=6, carry_potential=False)
    playouts = simulation.playouts(view, random_weights(view, 3), random.Random(11))
    oracle = Oracle(simulation, 'three-flop-facing', {})
    assert playouts.results.tolist() == [[oracle.play(playouts, branch, trial) for trial in range(6)]
                                         for branch in range(2)]


# ------------------------------------------------------------------------------------------ hand values
@pytest.mark.parametrize('cards', [4, 5])
def test_a_trials_strengths_are_those_of_hand_strength(cards: int) -> None:
    """The strength counted on each trial's board is :func:`~poker.stats.strength.hand_strength` (every holding of
    the unseen cards alike), exactly, and the value the ranker's: boards of their own, boards sharing all but one
    card, one board many times."""
    generator = np.random.default_rng(cards)
    shared = generator.permutation(52)[:cards]
    deals = []
    for trial in range(40):
        board = generator.permutation(52)[:cards] if trial < 15 else shared if trial >= 30 else \
            np.concatenate([shared[:-1], [generator.choice(np.setdiff1d(np.arange(52), shared))]])
        rest = generator.permutation(np.setdiff1d(np.arange(52), board))[:4]
        deals.append(np.concatenate([rest, board]))
    dealt = np.array(deals, dtype=np.int8)
    holes, boards = dealt[:, :4].reshape(40, 2, 2), dealt[:, 4:]
    strengths, values = SelectiveSampling()._strengths(holes, boards)
    for trial in range(40):
        board = [Card.from_index(int(card)) for card in boards[trial]]
        for seat in range(2):
            hole = [Card.from_index(int(card)) for card in holes[trial, seat]]
            assert strengths[trial, seat] == hand_strength(hole, board)
            assert values[trial, seat] == HandRanker.rank(hole + board)


# ------------------------------------------------------------------------------------------ forced spots
def river(hole: str, board: str, *, pot: int = 20, button: int = 0, seats: int = 2) -> TableView:
    """Heads-up on the river, the opponent (seat 1) has bet 4 into ``pot`` (its bet in it)."""
    return TableView(0, 'Ann', hole, board, 'river', pot=pot, to_call=4, bet_size=4, bets_this_round=1,
                     called_this_round=False, opponents=1, can_raise=True,
                     history=[ActionRecord('river', 1, 'bet', 4, pot, to_call=0, bet_size=4)], seats=seats,
                     button=button, active=(0, 1))


FORCED = SelectiveSampling(TripleStrategy(width=0.0), trials=50)
RAISER = {1: (0.0, 0.0)}
"""The opponent always plays Make2: raises while fewer than two bets are in, else calls."""


@pytest.mark.parametrize('opponent, call, raise_, action', [
    ('4c 4d', 20.0, 24.0, 'raise'),   # our aces win: a call wins the pot of 24 for 4; a raise is called: 32 for 8
    ('7h 7d', -4.0, -8.0, 'fold'),    # their trips win: the chips put in are lost, a fold loses nothing more
])
def test_a_forced_river_gives_the_chips_counted_by_hand(opponent: str, call: float, raise_: float,
                                                        action: str) -> None:
    view = river('Ah Kh', 'Ad 7c 2s 9h 3d')
    result = FORCED.evaluate(view, {1: only(opponent)}, random.Random(1), thresholds=RAISER)
    assert (result.ev_call, result.ev_raise, result.call_error, result.raise_error) == (call, raise_, 0.0, 0.0)
    assert result.action == action and result.trials == 50


@pytest.mark.parametrize('button', [0, 1])
def test_a_split_pot_gives_the_odd_chip_as_the_table_does(button: int) -> None:
    """Both play the board's straight: the pot is split, its odd chip to the winner nearest the button's left
    (:meth:`FixedLimitGame.pot_shares`)."""
    view = river('2c 3d', 'Tc Jd Qh Ks Ac', pot=21, button=button)
    result = FORCED.evaluate(view, {1: only('4h 5s')}, random.Random(1), thresholds=RAISER)
    call = FixedLimitGame.pot_shares(25, (0, 1), button, 2)[0] - 4
    raise_ = FixedLimitGame.pot_shares(33, (0, 1), button, 2)[0] - 8
    assert (result.ev_call, result.ev_raise) == (call, raise_) == ((8, 8) if button == 0 else (9, 9))
    assert result.action == 'call'  # (equal means: the call first)


def test_a_free_check_is_never_a_fold() -> None:
    """Checked to on the river with a losing hand against an opponent who always calls and never bets: a check
    (0) beats a bet that is called and lost (-4); nothing to call, so no fold."""
    view = TableView(0, 'Ann', '8h 8d', 'Ad 7c 2s 9h 3d', 'river', pot=20, to_call=0, bet_size=4, bets_this_round=0,
                     called_this_round=False, opponents=1, can_raise=True,
                     history=[ActionRecord('river', 1, 'check', 0, 20, to_call=0, bet_size=4)], seats=2, button=0)
    result = FORCED.evaluate(view, {1: only('Ac Kd')}, random.Random(1), thresholds={1: (0.0, 2.0)})
    assert (result.ev_call, result.ev_raise, result.action) == (0.0, -4.0, 'check')
    wins = FORCED.evaluate(view, {1: only('4c 4d')}, random.Random(1), thresholds={1: (0.0, 2.0)})
    assert (wins.ev_call, wins.ev_raise, wins.action) == (20.0, 24.0, 'bet')


CHECKED_TO = TableView(0, 'Ann', '8h 8d', 'Ad 7c 2s 9h 3d', 'river', pot=20, to_call=0, bet_size=4,
                       bets_this_round=0, called_this_round=False, opponents=1, can_raise=True,
                       history=[ActionRecord('river', 1, 'check', 0, 20, to_call=0, bet_size=4)], seats=2, button=0)
FOLDER = ((0.0, 1.0, 0.0), (1.0, 0.0, 0.0), (1.0, 0.0, 0.0))
"""Never bets, folds to every bet."""
STATION = ((0.0, 1.0, 0.0), (0.0, 1.0, 0.0), (0.0, 1.0, 0.0))
"""Never bets, calls every bet."""


def _free(view: TableView) -> np.ndarray:
    return np.where(known_holdings(card.index for card in (*view.hole, *view.board)), 0.0, 1.0)


def test_a_seat_calibrated_to_folding_folds_to_every_bet_and_never_bets() -> None:
    """Checked to on the river, any holding against us: calibrated to a folder's shares the opponent folds to our
    bet in every trial (the pot, 20, each time) and checks behind our check (a showdown: 20, 10 or 0); his PTs
    alone do neither (they call or raise some bets)."""
    simulation = SelectiveSampling(trials=200)
    weights = {1: _free(CHECKED_TO)}
    calibrated = simulation.playouts(CHECKED_TO, weights, random.Random(3), frequencies={1: FOLDER})
    assert (calibrated.results[1] == 20).all()
    assert set(calibrated.results[0].tolist()) <= {0.0, 10.0, 20.0} and calibrated.results[0].min() == 0
    plain = simulation.playouts(CHECKED_TO, weights, random.Random(3))
    assert (plain.results[1] != 20).any()   # (some of his hands call or raise the bet)


def test_a_seat_calibrated_to_calling_calls_every_bet_and_never_bets() -> None:
    """The same spot against a station's shares: our bet is called in every trial, so it wins 4 more than the
    check where the check wins the pot (20), loses 4 where the check loses (0), and nothing where they split."""
    result = SelectiveSampling(trials=200).playouts(CHECKED_TO, {1: _free(CHECKED_TO)}, random.Random(4),
                                                    frequencies={1: STATION})
    check, bet = result.results
    assert set(check.tolist()) <= {0.0, 10.0, 20.0}
    assert np.array_equal(bet - check, np.select([check == 20, check == 0], [4.0, -4.0], 0.0))


def scaled_triples(pt: np.ndarray, shares: np.ndarray, factors: np.ndarray) -> np.ndarray:
    """The PTs a calibrated seat plays, row by row: scaled, renormalised, the shares where nothing is left."""
    rows = []
    for row in pt.tolist():
        scaled = [chance * factor for chance, factor in zip(row, factors.tolist())]
        rows.append([chance / sum(scaled) for chance in scaled] if sum(scaled) > 0 else shares.tolist())
    return np.array(rows)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), st.integers(2, 60))
def test_a_calibration_meets_the_shares_and_keeps_each_pts_support(seed: int, rows: int) -> None:
    """Random PTs and shares (some of 0): the calibrated PTs' mean is the shares (to 0.01), an action of share 0
    is never taken, and the odds of one action against another are scaled alike for every holding (a holding that
    raised more than another still does)."""
    generator = np.random.default_rng(seed)
    pt = generator.dirichlet(np.ones(3), size=rows)
    shares = generator.dirichlet(np.ones(3))
    if generator.random() < 0.3:
        shares[generator.integers(3)] = 0.0
    shares /= shares.sum()
    scaled = scaled_triples(pt, shares, SelectiveSampling().calibration(pt, shares))
    assert np.allclose(scaled.mean(axis=0), shares, atol=1e-2)
    assert (scaled[:, shares == 0] == 0).all()
    for first, second in ((2, 1), (1, 0), (2, 0)):
        if shares[first] > 0 and shares[second] > 0:
            ratio = (scaled[:, first] / scaled[:, second]) / (pt[:, first] / pt[:, second])
            assert np.allclose(ratio, ratio[0])


def test_a_calibration_keeps_each_pts_support() -> None:
    """An action a holding's PT never takes stays untaken (a sure raise stays one however often the seat folds);
    a PT of actions the seat never takes takes the seat's shares."""
    pt = np.array([[1.0, 0.0, 0.0], [0.5, 0.5, 0.0], [0.0, 0.5, 0.5], [0.0, 0.0, 1.0]])
    folder = np.array([0.4, 0.3, 0.3])
    rows = scaled_triples(pt, folder, SelectiveSampling().calibration(pt, folder))
    assert np.allclose(rows.mean(axis=0), folder, atol=CALIBRATION_TOLERANCE)
    impossible = np.array([0.9, 0.05, 0.05])   # (no PTs fold so often: the rows stay rows)
    rows = scaled_triples(pt, impossible, SelectiveSampling().calibration(pt, impossible))
    assert np.isfinite(rows).all() and np.allclose(rows.sum(axis=1), 1.0)
    assert (rows[pt == 0] == 0).all() and rows[3].tolist() == [0.0, 0.0, 1.0]
    station = np.array([0.0, 1.0, 0.0])
    rows = scaled_triples(pt, station, SelectiveSampling().calibration(pt, station))
    assert rows.tolist() == [[0.0, 1.0, 0.0]] * 4


def test_without_a_raise_there_is_one_branch() -> None:
    """At the cap the only branch is the call (the pot of 34 with the call in is won for 4)."""
    view = TableView(0, 'Ann', 'Ah Kh', 'Ad 7c 2s 9h 3d', 'river', pot=34, to_call=4, bet_size=4, bets_this_round=4,
                     called_this_round=False, opponents=1, can_raise=False,
                     history=[ActionRecord('river', 0, 'bet', 4, 10, to_call=0, bet_size=4),
                              ActionRecord('river', 1, 'raise', 8, 18, to_call=4, bet_size=4),
                              ActionRecord('river', 0, 'raise', 8, 26, to_call=4, bet_size=4),
                              ActionRecord('river', 1, 'raise', 8, 34, to_call=4, bet_size=4)], seats=2, button=0)
    result = FORCED.evaluate(view, {1: only('4c 4d')}, random.Random(1))
    assert (result.ev_call, result.ev_raise, result.raise_error, result.action) == (34.0, None, None, 'call')


# ------------------------------------------------------------------------------------------ the cards
def test_an_opponents_holdings_follow_its_weights() -> None:
    """Heads-up, each holding is drawn as often as its weight says: every count within 5 standard errors of
    ``trials * weight / total`` (a binomial count), and a holding without weight never."""
    view = river('Ah Kh', 'Ad 7c 2s 9h 3d')
    weights = np.zeros(HOLDING_COUNT)
    chosen = [holding(text) for text in ('4c 4d', '8s 8c', 'Qs Jh', '5h 6h', 'Kd Qd', 'Tc 9c', '3c 3s', 'As 2d')]
    weights[chosen] = np.arange(1, 9, dtype=float)
    weights[holding('Ah Ac')] = 100.0  # (touches our card: never)
    trials = 6000
    playouts = SelectiveSampling(trials=trials).playouts(view, {1: weights}, random.Random(2))
    held = [NUMBER_OF_PAIR[int(a)][int(b)] for a, b in playouts.holes[:, 1]]
    counts = np.bincount(held, minlength=HOLDING_COUNT)
    assert set(np.flatnonzero(counts)) <= set(chosen)
    shares = weights[chosen] / weights[chosen].sum()
    expected = trials * shares
    assert np.all(np.abs(counts[chosen] - expected) <= 5 * np.sqrt(trials * shares * (1 - shares)))


def test_opponents_share_no_card_and_draw_in_turn() -> None:
    """Two opponents who both hold aces: the first dealt (the seat after the button) takes any pair of aces alike,
    the second the two aces left, every time."""
    view = TableView(0, 'Ann', 'Kh Kd', 'Qd 7c 2s', 'flop', pot=6, to_call=0, bet_size=2, bets_this_round=0,
                     called_this_round=False, opponents=2, can_raise=True, seats=3, button=0, active=(0, 1, 2))
    aces = only(*(f'{a} {b}' for a, b in itertools.combinations(['Ac', 'Ad', 'Ah', 'As'], 2)))
    trials = 1200
    playouts = SelectiveSampling(trials=trials).playouts(view, {1: aces, 2: aces}, random.Random(3))
    first, second = playouts.holes[:, 1], playouts.holes[:, 2]
    aces_indices = {card.index for card in parse_cards('Ac Ad Ah As')}
    assert all(set(a.tolist()) | set(b.tolist()) == aces_indices for a, b in zip(first, second))
    counts = np.bincount([NUMBER_OF_PAIR[int(a)][int(b)] for a, b in first], minlength=HOLDING_COUNT)[aces > 0]
    assert np.all(np.abs(counts - trials / 6) <= 5 * math.sqrt(trials * (1 / 6) * (5 / 6)))


def test_an_opponent_whose_weights_are_all_dealt_takes_any_free_holding() -> None:
    """Both opponents hold only Ah Ad: the first takes it; nothing is left for the second, who takes any holding
    free of the cards dealt, every one alike (counts within 5 standard errors)."""
    view = TableView(0, 'Ann', 'Kh Kd', 'Qd 7c 2s', 'flop', pot=6, to_call=0, bet_size=2, bets_this_round=0,
                     called_this_round=False, opponents=2, can_raise=True, seats=3, button=0, active=(0, 1, 2))
    trials = 2000
    playouts = SelectiveSampling(trials=trials).playouts(view, {1: only('Ah Ad'), 2: only('Ah Ad')},
                                                        random.Random(4))
    assert all(sorted(cards.tolist()) == sorted(card.index for card in parse_cards('Ah Ad'))
               for cards in playouts.holes[:, 1])
    free = [number for number, (a, b) in enumerate(HOLDINGS.tolist())
            if not {a, b} & {card.index for card in parse_cards('Kh Kd Qd 7c 2s Ah Ad')}]
    counts = np.bincount([NUMBER_OF_PAIR[int(a)][int(b)] for a, b in playouts.holes[:, 2]], minlength=HOLDING_COUNT)
    assert counts.sum() == counts[free].sum() == trials
    share = 1 / len(free)
    assert np.all(np.abs(counts[free] - trials * share) <= 5 * math.sqrt(trials * share * (1 - share)))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), players=st.integers(2, 10), cards=st.sampled_from([3, 4, 5]),
       sparse=st.booleans())
def test_no_card_is_dealt_twice(seed: int, players: int, cards: int, sparse: bool) -> None:
    deck = Deck(seed=seed).deal(2 + cards)
    hole, board = deck[:2], deck[2:]
    view = TableView(0, 'Ann', hole, board, {3: 'flop', 4: 'turn', 5: 'river'}[cards], pot=10, to_call=0,
                     bet_size=2 if cards == 3 else 4, bets_this_round=0, called_this_round=False,
                     opponents=players - 1, can_raise=True, seats=players, button=seed % players)
    generator = np.random.default_rng(seed)
    weights = {seat: generator.random(HOLDING_COUNT) * (generator.random(HOLDING_COUNT) < (0.02 if sparse else 1.0))
               for seat in range(1, players)}
    for table in weights.values():
        table[generator.integers(HOLDING_COUNT)] = 1.0
    try:
        playouts = SelectiveSampling(trials=30).playouts(view, weights, random.Random(seed))
    except WeightsError as error:  # (a sparse table all on known cards)
        assert 'no holding free of the known cards' in str(error)
        return
    known = [card.index for card in (*hole, *board)]
    for trial in range(30):
        dealt = playouts.holes[trial].ravel().tolist() + playouts.boards[trial].tolist()
        assert len(set(dealt)) == len(dealt) == 2 * players + 5
        assert playouts.holes[trial, 0].tolist() == sorted(known[:2])
        assert playouts.boards[trial, :cards].tolist() == known[2:]


# ------------------------------------------------------------------------------------------ seeds and rankers
def test_a_seed_repeats_the_simulation() -> None:
    view = spot_view('three-flop-facing')
    weights = random_weights(view, 3)
    simulation = SelectiveSampling(trials=40)
    first, second = (simulation.playouts(view, weights, random.Random(9)) for _ in range(2))
    for name in ('holes', 'boards', 'draws', 'results'):
        assert getattr(first, name).tobytes() == getattr(second, name).tobytes()
    assert simulation.evaluate(view, weights, random.Random(9)) == simulation.evaluate(view, weights, random.Random(9))
    other = simulation.playouts(view, weights, random.Random(10))
    assert other.holes.tobytes() != first.holes.tobytes()
    used, fresh = random.Random(9), random.Random(9)
    simulation.evaluate(view, weights, used)
    fresh.getrandbits(64)
    assert used.random() == fresh.random()  # one 64-bit draw of the seat's generator, nothing more


class Inverted(HandRanker):
    """Ranks every hand upside down: the weakest is the best."""

    @classmethod
    def rank_many(cls, indices: Any, *, validate: bool = True) -> np.ndarray:
        return np.asarray(7463 - HandRanker.rank_many(indices, validate=validate), dtype=np.int16)


class Counting(HandRanker):
    calls = 0

    @classmethod
    def rank_many(cls, indices: Any, *, validate: bool = True) -> np.ndarray:
        Counting.calls += 1
        return HandRanker.rank_many(indices, validate=validate)


def test_the_ranker_given_ranks_every_hand() -> None:
    """Upside down, the trips lose to the pair of aces: the forced spot's chips turn over; a ranker that counts is
    asked on every street a simulation reaches, and gives the same trials as the plain one."""
    view = river('Ah Kh', 'Ad 7c 2s 9h 3d')
    inverted = SelectiveSampling(TripleStrategy(width=0.0), trials=50, ranker=Inverted)
    result = inverted.evaluate(view, {1: only('7h 7d')}, random.Random(1), thresholds=RAISER)
    assert (result.ev_call, result.ev_raise) == (20.0, 24.0)
    flop = spot_view('three-flop-facing')
    weights = random_weights(flop, 3)
    plain = SelectiveSampling(trials=30).playouts(flop, weights, random.Random(4))
    Counting.calls = 0
    counted = SelectiveSampling(trials=30, ranker=Counting).playouts(flop, weights, random.Random(4))
    assert Counting.calls >= 2 and counted.results.tobytes() == plain.results.tobytes()
    upside = SelectiveSampling(trials=30, ranker=Inverted).playouts(flop, weights, random.Random(4))
    assert upside.results.tobytes() != plain.results.tobytes()


# ------------------------------------------------------------------------------------------ the doors
VIEW = river('Ah Kh', 'Ad 7c 2s 9h 3d')
WEIGHTS = {1: np.ones(HOLDING_COUNT)}
PREFLOP = TableView(0, 'Ann', 'Ah Kh', '', 'preflop', pot=3, to_call=1, bet_size=2, bets_this_round=1,
                    called_this_round=False, opponents=1, can_raise=True, seats=2, button=0)
UNACCOUNTED = TableView(0, 'Ann', 'Ah Kh', 'Ad 7c 2s', 'flop', pot=8, to_call=2, bet_size=2, bets_this_round=1,
                        called_this_round=False, opponents=1, can_raise=True, seats=2, button=0)

BAD: dict[str, tuple[type[PokerError], Callable[[], object]]] = {
    'preflop': (BettingError, lambda: SelectiveSampling().evaluate(PREFLOP, WEIGHTS, random.Random(1))),
    'history without the bet': (BettingError, lambda: SelectiveSampling().evaluate(UNACCOUNTED, WEIGHTS,
                                                                                   random.Random(1))),
    'not a view': (PokerError, lambda: SelectiveSampling().evaluate('river', WEIGHTS, random.Random(1))),  # type: ignore[arg-type]
    'weights not a mapping': (WeightsError, lambda: SelectiveSampling().evaluate(VIEW, [np.ones(1326)],  # type: ignore[arg-type]
                                                                                 random.Random(1))),
    'weights of a missing seat': (WeightsError, lambda: SelectiveSampling().evaluate(VIEW, {}, random.Random(1))),
    'weights of our own seat': (WeightsError, lambda: SelectiveSampling().evaluate(
        VIEW, {0: np.ones(1326), 1: np.ones(1326)}, random.Random(1))),
    'weights of a seat named by text': (WeightsError, lambda: SelectiveSampling().evaluate(
        VIEW, {'1': np.ones(1326)}, random.Random(1))),  # type: ignore[dict-item]
    'weights too short': (WeightsError, lambda: SelectiveSampling().evaluate(VIEW, {1: np.ones(169)},
                                                                             random.Random(1))),
    'negative weights': (WeightsError, lambda: SelectiveSampling().evaluate(VIEW, {1: -np.ones(1326)},
                                                                            random.Random(1))),
    'NaN weights': (WeightsError, lambda: SelectiveSampling().evaluate(VIEW, {1: np.full(1326, np.nan)},
                                                                       random.Random(1))),
    'weights only on known cards': (WeightsError, lambda: SelectiveSampling().evaluate(VIEW, {1: only('Ah Ad')},
                                                                                       random.Random(1))),
    'random not a Random': (SettingError, lambda: SelectiveSampling().evaluate(VIEW, WEIGHTS, 7)),  # type: ignore[arg-type]
    'thresholds not a mapping': (BettingError, lambda: SelectiveSampling().evaluate(
        VIEW, WEIGHTS, random.Random(1), thresholds=[(0.5, 0.8)])),  # type: ignore[arg-type]
    'thresholds of a seat not in': (BettingError, lambda: SelectiveSampling().evaluate(
        VIEW, WEIGHTS, random.Random(1), thresholds={5: (0.5, 0.8)})),
    'thresholds not a pair': (BettingError, lambda: SelectiveSampling().evaluate(
        VIEW, WEIGHTS, random.Random(1), thresholds={1: 0.5})),  # type: ignore[dict-item]
    'thresholds not numbers': (BettingError, lambda: SelectiveSampling().evaluate(
        VIEW, WEIGHTS, random.Random(1), thresholds={1: (0.5, float('nan'))})),
    'frequencies not a mapping': (BettingError, lambda: SelectiveSampling().evaluate(
        VIEW, WEIGHTS, random.Random(1), frequencies=[STATION])),  # type: ignore[arg-type]
    'frequencies of our own seat': (BettingError, lambda: SelectiveSampling().evaluate(
        VIEW, WEIGHTS, random.Random(1), frequencies={0: STATION})),
    'frequencies of a seat not in': (BettingError, lambda: SelectiveSampling().evaluate(
        VIEW, WEIGHTS, random.Random(1), frequencies={5: STATION})),
    'frequencies of one context': (BettingError, lambda: SelectiveSampling().evaluate(
        VIEW, WEIGHTS, random.Random(1), frequencies={1: (0.5, 0.3, 0.2)})),  # type: ignore[dict-item]
    'frequencies not summing to 1': (BettingError, lambda: SelectiveSampling().evaluate(
        VIEW, WEIGHTS, random.Random(1), frequencies={1: ((0, 1, 0), (0.5, 0.5, 0.5), (1, 0, 0))})),
    'frequencies negative': (BettingError, lambda: SelectiveSampling().evaluate(
        VIEW, WEIGHTS, random.Random(1), frequencies={1: ((0, 1, 0), (-0.5, 1.0, 0.5), (1, 0, 0))})),
    'frequencies NaN': (BettingError, lambda: SelectiveSampling().evaluate(
        VIEW, WEIGHTS, random.Random(1), frequencies={1: ((0, 1, 0), (math.nan, 1, 0), (1, 0, 0))})),
    'frequencies as text': (BettingError, lambda: SelectiveSampling().evaluate(
        VIEW, WEIGHTS, random.Random(1), frequencies={1: 'station'})),  # type: ignore[dict-item]
    'a fold with nothing to call': (BettingError, lambda: SelectiveSampling().evaluate(
        VIEW, WEIGHTS, random.Random(1), frequencies={1: ((0.2, 0.8, 0), (1, 0, 0), (1, 0, 0))})),
    'a calibration of rows of two': (BettingError, lambda: SelectiveSampling().calibration(
        np.ones((3, 2)) / 2, np.array([0.0, 1.0, 0.0]))),
    'a calibration of shares summing to 2': (BettingError, lambda: SelectiveSampling().calibration(
        np.array([[0.0, 1.0, 0.0]]), np.array([1.0, 1.0, 0.0]))),
    'a calibration of no rows': (BettingError, lambda: SelectiveSampling().calibration(
        np.zeros((0, 3)), np.array([0.0, 1.0, 0.0]))),
    'one trial': (SettingError, lambda: SelectiveSampling(trials=1)),
    'too many trials': (SettingError, lambda: SelectiveSampling(trials=10 ** 9)),
    'trials as text': (SettingError, lambda: SelectiveSampling(trials='200')),  # type: ignore[arg-type]
    'triples not a TripleStrategy': (BettingError, lambda: SelectiveSampling('loki')),  # type: ignore[arg-type]
    'ranker an instance': (RankerError, lambda: SelectiveSampling(ranker=HandRanker())),  # type: ignore[arg-type]
    'cap 0': (BettingError, lambda: SelectiveSampling(cap=0)),
    'big bet ratio 0': (BettingError, lambda: SelectiveSampling(big_bet_ratio=0)),
    'carry_potential not a flag': (BettingError, lambda: SelectiveSampling(carry_potential='yes')),  # type: ignore[arg-type]
    'result of a bad action': (BettingError, lambda: SimulationResult('jump', 1.0, 0.1, None, None, 10)),
    'result of an infinite mean': (BettingError, lambda: SimulationResult('call', math.inf, 0.1, None, None, 10)),
    'result of a negative error': (BettingError, lambda: SimulationResult('call', 1.0, -0.1, None, None, 10)),
    'result of a raise without its error': (BettingError, lambda: SimulationResult('call', 1.0, 0.1, 2.0, None, 10)),
    'playouts of ragged shapes': (SettingError, lambda: Playouts((0, 1), np.zeros((3, 2, 2), dtype=int),
                                                                 np.zeros((3, 5), dtype=int), np.zeros((2, 4, 1)),
                                                                 np.zeros((2, 4)))),
    'playouts of a card 52': (SettingError, lambda: Playouts((0, 1), np.full((3, 2, 2), 52),
                                                            np.zeros((3, 5), dtype=int), np.zeros((2, 3, 1)),
                                                            np.zeros((2, 3)))),
}


@pytest.mark.parametrize('name', sorted(BAD))
def test_bad_inputs_are_refused_in_one_line(name: str) -> None:
    error, attempt = BAD[name]
    with pytest.raises(error) as raised:
        attempt()
    assert '\n' not in str(raised.value) and str(raised.value)


def test_the_values_say_what_they_hold() -> None:
    result = SimulationResult('raise', 10.0, 0.5, 12.25, 0.75, 200)
    assert repr(result) == '<SimulationResult raise: call +10.00 +- 0.50, raise +12.25 +- 0.75 chips, 200 trials>'
    assert repr(SimulationResult('call', -1.0, 0.5, None, None, 2)) == \
        '<SimulationResult call: call -1.00 +- 0.50 chips, 2 trials>'
    assert repr(SelectiveSampling()) == f'SelectiveSampling({TripleStrategy()!r}, trials={DEFAULT_TRIALS})'
    playouts = SelectiveSampling(trials=5).playouts(VIEW, WEIGHTS, random.Random(1))
    assert repr(playouts) == '<Playouts: 5 trials of seats (0, 1), 2 branches>'
    assert not playouts.results.flags.writeable


def test_the_difference_error_pairs_each_trials_two_branches() -> None:
    """The standard error of ev_raise - ev_call is that of the trials' paired differences, computed by hand from the
    playouts; the branches share cards and numbers, so it is below the two errors taken as independent."""
    view = spot_view('three-flop-facing')
    weights = random_weights(view, 3)
    simulation = SelectiveSampling(trials=60)
    playouts = simulation.playouts(view, weights, random.Random(5))
    result = simulation.evaluate(view, weights, random.Random(5))
    calls, raises = playouts.results[0].tolist(), playouts.results[1].tolist()
    differences = [r - c for c, r in zip(calls, raises)]
    mean = sum(differences) / len(differences)
    by_hand = math.sqrt(sum((d - mean) ** 2 for d in differences) / (len(differences) - 1) / len(differences))
    assert result.difference_error == pytest.approx(by_hand, rel=1e-12)
    assert result.raise_error is not None and result.difference_error < math.hypot(result.call_error, result.raise_error)
    with pytest.raises(BettingError, match='difference_error'):
        SimulationResult('call', 1.0, 0.5, None, None, 10, 0.3)
