"""Every built-in seat's policy (issue 31): read at the seat's own holding it is what the seat decides, asking it
leaves the seat as it was, and the bots, now written as policies, play exactly as their plain per-holding
``decide`` did (seeded games and match logs compared with decide-only oracles of the old code)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from poker.matches.duplicate import match
from poker.players.bots import (
    AggressiveBettor, Bot, CallingStation, LoosePassive, Maniac, RandomPlayer, Rock, TightAggressive,
    policy_by_holding,
)
from poker.players.loki import LokiPlayer
from poker.players.modelling import ModellingLokiPlayer
from poker.strategy.actions import Action
from poker.strategy.advice import FullLokiStrategy, LokiStrategy
from poker.strategy.situation import Advice
from poker.strategy.policy import Policy, column_of
from poker.stats.hand_statistics import HandStatistics
from poker.table.game import FixedLimitGame, TableView, read_view
from poker.table.records import Decision


# ------------------------------------------------------------------------------------- the old bots (oracles)
def _better_share(view: TableView) -> float:
    from poker.cards.starting_hand import StartingHand
    from poker.players.holding_scales import preflop_scale
    scale = preflop_scale()
    return float((scale > scale[StartingHand(view.hole).holding_index]).mean())


def _by_strength(view: TableView, call_at: float, raise_at: float) -> Decision:
    from poker.cards.starting_hand import StartingHand
    from poker.players.holding_scales import holding_scale
    strength = holding_scale([card.index for card in view.board])[StartingHand(view.hole).holding_index]
    return Decision(Action.RAISE if strength >= raise_at else Action.CALL if strength >= call_at else Action.FOLD)


class OldStation(Bot):
    def decide(self, view: TableView) -> Decision:
        read_view(view)
        return Decision(Action.CALL)


class OldManiac(Bot):
    def decide(self, view: TableView) -> Decision:
        read_view(view)
        return Decision(Action.RAISE)


class OldRandom(Bot):
    def decide(self, view: TableView) -> Decision:
        read_view(view)
        return Decision(self.random.choice((Action.FOLD, Action.CALL, Action.RAISE)))


class OldRock(Bot):
    def decide(self, view: TableView) -> Decision:
        view = read_view(view)
        if _better_share(view) >= 0.15:
            return Decision(Action.FOLD)
        return Decision(Action.RAISE if view.street == 'preflop' else Action.CALL)


class OldAggressive(Bot):
    def decide(self, view: TableView) -> Decision:
        read_view(view)
        return Decision(Action.RAISE if self.random.random() < 0.9 else Action.CALL)


class OldTight(Bot):
    def decide(self, view: TableView) -> Decision:
        view = read_view(view)
        if view.street == 'preflop':
            return Decision(Action.RAISE if _better_share(view) < 0.2 else Action.FOLD)
        return _by_strength(view, 0.6, 0.9)


class OldLoose(Bot):
    def decide(self, view: TableView) -> Decision:
        view = read_view(view)
        if view.street == 'preflop':
            return Decision(Action.CALL if _better_share(view) < 0.6 else Action.FOLD)
        return _by_strength(view, 0.3, 0.98)


PAIRS: list[tuple[type[Bot], type[Bot]]] = [
    (CallingStation, OldStation), (Maniac, OldManiac), (RandomPlayer, OldRandom), (Rock, OldRock),
    (AggressiveBettor, OldAggressive), (TightAggressive, OldTight), (LoosePassive, OldLoose)]


# ------------------------------------------------------------------------------------- helpers
class Checked:
    """A seat that asks the inner seat's policy before each decision (when ``ask`` says so) and checks that its
    row at the seat's holding is the one-hot of the action the inner seat then decides (or, for a mixed row,
    allows it)."""

    def __init__(self, inner: object, ask: Callable[[TableView], bool] = lambda view: True) -> None:
        self.inner, self.ask, self.rows = inner, ask, 0
        self.name = inner.name  # type: ignore[attr-defined]

    def __getattr__(self, name: str) -> object:  # the inner seat's hooks (begin_hand, observe, ...)
        return getattr(self.inner, name)

    def decide(self, view: TableView) -> Decision:
        policy = self.inner.policy(view) if self.ask(view) else None  # type: ignore[attr-defined]
        decision: Decision = self.inner.decide(view)  # type: ignore[attr-defined]
        if policy is not None:
            row = policy.at(view.hole).tolist()
            if max(row) == 1.0:  # a sure action: the one decided
                expected = [0.0, 0.0, 0.0]
                expected[column_of(decision.action)] = 1.0
                assert row == expected, (view, decision.advice)
            else:  # a mixture (a random bot): the action drawn is one it allows
                assert row[column_of(decision.action)] > 0
            assert policy.possible.sum() == {0: 1326, 3: 1176, 4: 1128, 5: 1081}[len(view.board)]
            self.rows += 1
        return decision


def actions(seats: list[object], hands: int, seed: int) -> list[tuple[object, ...]]:
    """Every action of a seeded game, as the log has them."""
    game = FixedLimitGame(seats, seed=seed)  # type: ignore[arg-type]
    done: list[tuple[object, ...]] = []
    game.play(hands, on_hand=lambda hand: done.extend((r.street, r.seat, str(r.action), r.amount)
                                                      for r in hand.actions))
    return done


# ------------------------------------------------------------------------------------- the bots
@pytest.mark.parametrize('seed', [3, 8])
def test_bots_play_as_their_old_decide(seed: int) -> None:
    """Six seats and heads-up, seeded: the bots written as policies take every action the old code took."""
    rng = random.Random(seed)
    for count in (2, 6):
        chosen = [rng.choice(PAIRS) for _ in range(count)]
        new = [kind(f'p{i}', seed + i) for i, (kind, _) in enumerate(chosen)]
        old = [kind(f'p{i}', seed + i) for i, (_, kind) in enumerate(chosen)]
        assert actions(new, 25, seed) == actions(old, 25, seed)  # type: ignore[arg-type]


def test_match_logs_are_byte_identical(tmp_path: Path) -> None:
    def factory(kind: type[Bot]) -> Callable[[str, int], Bot]:
        return lambda name, seed: kind(name, seed)
    for side in (0, 1):
        specs = [factory(pair[side]) for pair in PAIRS[:6]]
        match(specs, 6, seed=17, log=str(tmp_path / f'{side}.log'))
    assert (tmp_path / '0.log').read_bytes() == (tmp_path / '1.log').read_bytes()
    assert len((tmp_path / '0.log').read_bytes().splitlines()) > 6


def test_bot_rows_are_their_decisions() -> None:
    """For the bots that draw nothing, the policy is what asking the old decide holding by holding gives; for the
    random ones, their probabilities; every bot's decide is its policy at its holding."""
    seats = [Checked(kind(f'p{i}', i)) for i, (kind, _) in enumerate(PAIRS[:6])]
    views: list[TableView] = []
    recorder = Checked(TightAggressive('rec', 1), ask=lambda view: views.append(view) is None)
    actions([*seats, recorder], 6, 4)
    assert all(seat.rows > 0 for seat in seats) and len(views) > 5
    for view in views[::3]:
        for new, old in PAIRS:
            got, asked = new('x', 1).policy(view), policy_by_holding(old('x', 1), view)
            if new in (RandomPlayer, AggressiveBettor):
                assert np.allclose(got.probabilities[got.possible], got.probabilities[got.possible][0])
                assert (got.possible == asked.possible).all()
            else:
                assert (got.probabilities == asked.probabilities).all() and (got.possible == asked.possible).all()


def test_plain_bot_folds_and_decide_only_bot_is_asked_holding_by_holding() -> None:
    view = TableView(0, 'Pat', 'Ah Ad', '', 'preflop', pot=3, to_call=1, bet_size=2, bets_this_round=1,
                     called_this_round=False, opponents=1, can_raise=True)
    assert Bot('b').policy(view).shares() == (1.0, 0.0, 0.0) and Bot('b').decide(view).action == Action.FOLD
    random_bot = OldRandom('r', 5)
    state = random_bot.state()
    asked = random_bot.policy(view)   # one draw per holding, each from a copy: the seat's draws are untouched
    assert random_bot.state() == state
    assert set(np.unique(asked.probabilities.argmax(axis=1)).tolist()) == {int(asked.probabilities[0].argmax())}


# ------------------------------------------------------------------------------------- Loki
class NeverRaises(LokiPlayer):
    """Overrides a seat hook: asked holding by holding."""

    def advise(self, stats: HandStatistics, view: TableView) -> Advice:
        advice = super().advise(stats, view)
        if advice.action in (Action.BET, Action.RAISE):
            return (self.strategy or LokiStrategy()).call_or_check(self.situation(view), 'no raise', 'never raises')
        return advice


class Shy(FullLokiStrategy):
    """Overrides a rule: the array path asks it holding by holding."""

    def make2(self, stats: HandStatistics, situation: object) -> Advice | None:  # type: ignore[override]
        return None if stats.hs_n < 0.95 else super().make2(stats, situation)  # type: ignore[arg-type]


def test_loki_policy_is_its_decision_heads_up() -> None:
    seats = [Checked(LokiPlayer('Ann')), Checked(LokiPlayer('Bob', strategy=FullLokiStrategy()))]
    plain = [LokiPlayer('Ann'), LokiPlayer('Bob', strategy=FullLokiStrategy())]
    assert actions(seats, 14, 21) == actions(plain, 14, 21)  # type: ignore[arg-type]
    assert all(seat.rows > 10 for seat in seats)


def test_loki_policy_is_its_decision_at_six_seats() -> None:
    """Loki variants (look-ahead, pre-flop on statistics, a rule and a seat hook overridden) and bots, six seats;
    the flop is asked at some decisions only (a whole flop policy is the costly one)."""
    flops = iter(range(10 ** 6))

    def ask(view: TableView) -> bool:
        return view.street != 'flop' or next(flops) % 4 == 0

    def seats() -> list[object]:
        return [LokiPlayer('A'), LokiPlayer('B', lookahead=1, strategy=Shy()),
                LokiPlayer('C', preflop_income_rates=False), NeverRaises('D'), RandomPlayer('E', 3), Rock('F', 4)]
    checked = [Checked(seat, ask) for seat in seats()]
    assert actions(checked, 8, 5) == actions(seats(), 8, 5)
    assert all(seat.rows > 3 for seat in checked)


def test_modelling_loki_policy_is_its_decision() -> None:
    """ModellingLokiPlayer (its models as they are): asked before the flop (the array path) and on the river (holding
    by holding, as its statistics are its own)."""
    def seats() -> list[object]:
        return [ModellingLokiPlayer('M'), ModellingLokiPlayer('G', specific=False), Maniac('X', 1)]
    checked = [Checked(seat, lambda view: view.street in ('preflop', 'river')) for seat in seats()]
    assert actions(checked, 8, 9) == actions(seats(), 8, 9)
    assert all(seat.rows > 3 for seat in checked[:2])


def test_overridden_seat_hook_changes_the_policy() -> None:
    view = TableView(0, 'Ann', 'Ah Kh', 'Ad 7c 2s 9h 3d', 'river', pot=20, to_call=4, bet_size=4,
                     bets_this_round=1, called_this_round=False, opponents=1, can_raise=True)
    plain, never = LokiPlayer('Ann').policy(view), NeverRaises('Ann').policy(view)
    assert plain.shares()[2] > 0 and never.shares()[2] == 0
    assert isinstance(never, Policy) and (never.possible == plain.possible).all()


@pytest.mark.parametrize('seat', [LokiPlayer, ModellingLokiPlayer])
@pytest.mark.parametrize('lookahead', [0, 1, 2])
def test_loki_with_a_lookahead_plays_every_street(seat: type[LokiPlayer], lookahead: int) -> None:
    """``lookahead`` is at most the cards to come: LokiPlayer(lookahead=1) used to fail before the flop (a look-ahead
    error from Player) and lookahead=2 on the turn; the modelling Loki, which reads its own statistics, on the river
    and the turn."""
    seats = [seat('A', lookahead=lookahead), CallingStation('S', 1)]
    done = actions(seats, 3, 2)  # type: ignore[arg-type]
    assert {'flop', 'turn', 'river'} <= {street for street, seat, *_ in done if seat in (0, 1)}


class Sampled:
    """A modelling Loki that, at each decision after the flop, asks its policy (through the array path: the models'
    weights are fractional once they have read an action) and checks its rows at a sample of holdings against
    ``decide`` on the view with that holding, the seat's decision state put back after each."""

    def __init__(self, inner: ModellingLokiPlayer, seed: int, sample: int = 12) -> None:
        self.inner, self.name, self.sample = inner, inner.name, sample
        self.rng = random.Random(seed)
        self.streets: dict[str, int] = {}
        self.fractional = 0

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)

    def decide(self, view: TableView) -> Decision:
        import attrs

        from poker.cards.starting_hand import StartingHand
        from poker.ranges.weights import known_holdings
        seat = self.inner
        if view.board:
            assert seat._holding_table(view, False) is not None  # the array path, not holding by holding
            policy = seat.policy(view)
            saved = [getattr(seat, name) for name in seat.DECISION_STATE]
            free = np.flatnonzero(~known_holdings(card.index for card in view.board)).tolist()
            for index in [StartingHand(view.hole).holding_index, *self.rng.sample(free, self.sample)]:
                action = seat.decide(attrs.evolve(view, hole=StartingHand.from_holding_index(index).cards)).action
                for name, value in zip(seat.DECISION_STATE, saved):
                    setattr(seat, name, value)
                row = [0.0, 0.0, 0.0]
                row[column_of(action)] = 1.0
                assert policy.probabilities[index].tolist() == row, (view.street, index, action)
            self.streets[view.street] = self.streets.get(view.street, 0) + 1
            self.fractional += any((model.weights % 1).any() for model in seat.opponent_models(view))
        return seat.decide(view)


def test_modelling_loki_policy_is_its_decision_on_every_street() -> None:
    """The modelling Loki's policy after the flop runs as arrays against its learnt models (fractional weights, a
    set per opponent), its rows equal to its decisions holding by holding: the weighted counts of every holding and
    of Player's one holding are the same exact sums (before, it was asked holding by holding, about 1.6 s a flop)."""
    probes = [Sampled(ModellingLokiPlayer('M'), 1), Sampled(ModellingLokiPlayer('G', specific=False), 2)]
    seats = [*probes, Maniac('X', 1), CallingStation('S', 2), TightAggressive('T', 3)]
    plain = [ModellingLokiPlayer('M'), ModellingLokiPlayer('G', specific=False), Maniac('X', 1),
             CallingStation('S', 2), TightAggressive('T', 3)]
    assert actions(seats, 6, 11) == actions(plain, 6, 11)  # type: ignore[arg-type]
    assert all(set(probe.streets) == {'flop', 'turn', 'river'} for probe in probes)
    assert all(probe.fractional > 3 for probe in probes)
