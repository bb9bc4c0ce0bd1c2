"""Loki-2 (poker.players.loki2, Peña 1999): betting by probability triples (B), re-weighting by them (R), the
specific model moving their thresholds, the simulation's hook and the kinds.

The re-weighting is checked against a slow readable oracle (each holding's PT built one at a time from its own
statistics, HS1 from ``Player``), the pure triples (width 0) against Loki-1's decisions, and reproducibility on
any number of workers.
"""

from __future__ import annotations

import math
import pickle
import random
from concurrent.futures import ThreadPoolExecutor

import attrs
import numpy as np
import pytest

from poker import FixedLimitGame, PokerError, StartingHand, TableView, parse_cards
from poker.cards.holdings import HOLDING_COUNT
from poker.cards.streets import STREETS
from poker.matches import duplicate, match
from poker.players import (
    AggressiveBettor, CallingStation, LokiPlayer, LoosePassive, Loki2Player, Loki2SeatModel, Loki2State, ModellingLokiPlayer, ModelState,
    RandomPlayer, TightAggressive, make_seat, read_player,
)
from poker.players.frequencies import DEFAULT_FREQUENCIES, TableFrequencies
from poker.players.loki2 import CALIBRATIONS, NO_MODEL_WIDTH
from poker.players.holding_scales import _fast_outs, fast_potentials, holding_scale
from poker.players.kinds import PLAYER_KINDS
from poker.ranges.weights import known_holdings
from poker.stats.hand_statistics import HandStatistics
from poker.stats.player import Player
from poker.strategy.actions import Action
from poker.strategy.advice import FullLokiStrategy
from poker.strategy.policy import column_of
from poker.strategy.situation import Situation
from poker.strategy.triples import DEFAULT_WIDTH, TripleStrategy
from poker.table.records import Decision

STREET_OF = {0: 'preflop', 3: 'flop', 4: 'turn', 5: 'river'}


class Pure(FullLokiStrategy):
    """Loki-1's rules that a PT translates: no check-raise, no follow-through of a semi-bluff (a PT has neither)."""

    use_check_raise = False
    semi_bluff_follow_through = False


def _spot(rng: random.Random, cards: int) -> TableView:
    """A seeded decision: random cards, betting and opponents (before the flop the big blind counts as a bet)."""
    deck = rng.sample(range(52), 2 + cards)
    hole, board = [parse_card(i) for i in deck[:2]], [parse_card(i) for i in deck[2:]]
    bet = 2 if cards < 4 else 4
    if cards:
        bets = rng.randrange(0, 4)
        to_call = bet * rng.randrange(0, bets + 1)
    else:
        bets = rng.randrange(1, 4)
        to_call = bet * rng.randrange(1, bets + 1) - rng.choice([0, 1])
    called = cards > 0 and to_call > 0 and bets >= 2 and rng.random() < 0.3
    return TableView(0, 'Ann', ' '.join(hole), ' '.join(board), STREET_OF[cards], pot=bet * rng.randrange(2, 20) + bets * bet,
                     to_call=to_call, bet_size=bet, bets_this_round=bets, called_this_round=called,
                     opponents=rng.choice([1, 1, 2, 3]), can_raise=bets < 4)


def parse_card(index: int) -> str:
    from poker.cards.card import Card
    return str(Card.from_index(index))


# ======================================================================================= B: betting by PT
def test_pure_triples_in_the_player_are_loki_1s_decisions() -> None:
    """Width 0: the PT is Loki-1's action for sure, so Loki-2 without a model decides as loki-no-model (whose check
    reads no bet behind: no check-raise), before the flop (Papp's pre-flop play, kept) and after it."""
    rng = random.Random(32)
    loki1 = LokiPlayer('Ann', strategy=FullLokiStrategy())
    loki2 = Loki2Player('Ann', modelling='none', width=0.0, seed=1)
    seen = {street: 0 for street in STREETS}
    for case in range(160):
        view = _spot(rng, (0, 3, 4, 5)[case % 4])
        ours, theirs = loki2.decide(view), loki1.decide(view)
        assert ours.action == theirs.action, (view, ours, theirs)
        if view.board:
            assert ours.advice is not None and ours.advice.rule in ('triple', 'semi_bluff')
        seen[view.street] += 1
    assert min(seen.values()) == 40


def _played(players: list[object], hands: int, seed: int) -> list[tuple[object, ...]]:
    game = FixedLimitGame(players, seed=seed)  # type: ignore[arg-type]
    return [tuple((record.street, record.seat, record.action, record.amount) for record in game.play_hand().actions)
            for _ in range(hands)]


def _table(kind: str) -> list[object]:
    if kind == 'bettors':   # Loki-1 check-raises them (its models read their bets behind)
        return [AggressiveBettor('Agg', 3), RandomPlayer('Ray', 4)]
    return [CallingStation('Cal'), LoosePassive('Lou', 2)]   # its semi-bluffs are followed through


@pytest.mark.parametrize(('strategy', 'table', 'rule'), [
    (FullLokiStrategy, 'bettors', 'check_raise'), (FullLokiStrategy, 'callers', 'semi_bluff_follow'),
    (Pure, 'bettors', None)])
def test_pure_triples_with_models_play_loki_1s_hands(strategy: type[FullLokiStrategy], table: str,
                                                      rule: str | None) -> None:
    """With Papp's models and pure PTs, the same hands as a modelling Loki-1, its check-raises (read from its
    models) and the follow-through of its semi-bluffs included."""
    loki1 = ModellingLokiPlayer('Ann', strategy=strategy())
    game = FixedLimitGame([loki1, *_table(table)], seed=3)  # type: ignore[list-item]
    hands = [game.play_hand() for _ in range(40)]
    theirs = [tuple((r.street, r.seat, r.action, r.amount) for r in hand.actions) for hand in hands]
    ours = _played([Loki2Player('Ann', strategy=strategy(), width=0.0, reweighting='papp', seed=5),
                    *_table(table)], 40, 3)
    assert ours == theirs
    rules = [r.decision.advice.rule for hand in hands for r in hand.actions
             if r.seat == 0 and r.decision is not None and r.decision.advice is not None]
    assert rule is None or rules.count(rule) >= 2
    assert sum(r.street != 'preflop' for hand in hands for r in hand.actions if r.seat == 0) > 10


class Watched:
    """A seat that asks its Loki-2 for its policy and its PT before each decision, then lets it decide."""

    def __init__(self, player: Loki2Player) -> None:
        self.player, self.name = player, player.name
        self.seen: list[tuple[np.ndarray, np.ndarray, float | None, Decision]] = []

    def begin_hand(self, *args: object) -> None:
        self.player.begin_hand(*args)  # type: ignore[arg-type]

    def observe(self, *args: object) -> None:
        self.player.observe(*args)  # type: ignore[arg-type]

    def end_hand(self, result: object) -> None:
        self.player.end_hand(result)  # type: ignore[arg-type]

    def decide(self, view: TableView) -> Decision:
        if not view.board:
            return self.player.decide(view)
        row = self.player.policy(view).at(view.hole)
        stats = self.player.with_next_card_ppot(self.player.statistics(view), view)
        triple = self.player.triple(stats, view)
        decision = self.player.decide(view)
        self.seen.append((row, triple, self.player.hand_draw, decision))
        return decision


def test_the_policy_at_the_seats_holding_is_the_triple_decide_draws_from() -> None:
    """Mid-match, with models that have learnt: the policy of every holding read at the seat's own is the PT
    ``decide`` draws from, and the action is Peña's draw from it (fold below f, call below f + c, else raise) with
    the hand's one number; asking the policy changes nothing (the same hands as an unwatched seat)."""
    watched = Watched(Loki2Player('Ann', seed=11))
    hands = _played([watched, RandomPlayer('Ray', 4)], 15, 5)
    unwatched = _played([Loki2Player('Ann', seed=11), RandomPlayer('Ray', 4)], 15, 5)
    assert hands == unwatched
    mixed = 0
    for row, triple, draw, decision in watched.seen:
        assert np.allclose(row, triple, rtol=0, atol=1e-12), (row, triple)
        fold, call, raise_ = triple.tolist()
        assert draw is not None
        expected = 0 if draw < fold else 1 if draw < fold + call or raise_ == 0 else 2
        assert column_of(decision.action) == expected
        mixed += triple.max() < 1
    assert len(watched.seen) >= 8 and mixed > 0


FACING = TableView(0, 'Ann', 'Ah Kh', 'Td 7c 2s', 'flop', pot=8, to_call=2, bet_size=2, bets_this_round=1,
                   called_this_round=False, opponents=1, can_raise=True)


def test_the_policy_is_each_holdings_triple_on_the_flop_facing_a_bet() -> None:
    """The every-holding policy read at a holding is the PT its own decision weighs, the next card's PPOT included
    wherever a PT reaches the pot odds (from any strength: its ramps mix Make1's call with the rules below it)."""
    player = Loki2Player('Ann', modelling='none', seed=1)
    policy = player.policy(FACING)
    rng = np.random.default_rng(1)
    possible = np.flatnonzero(policy.possible & ~known_holdings([card.index for card in FACING.hole]))
    mixed = np.flatnonzero(policy.possible & (policy.probabilities.max(axis=1) < 1))
    assert len(mixed) > 20
    for index in sorted(set(rng.choice(possible, 60, replace=False).tolist()) | set(mixed[:60].tolist())):
        view = attrs.evolve(FACING, hole=StartingHand.from_holding_index(index).cards)
        triple = player.triple(player.with_next_card_ppot(player.statistics(view), view), view)
        assert np.allclose(policy.probabilities[index], triple, rtol=0, atol=1e-12), index


def test_the_draw_is_penas_fold_below_f_call_below_f_plus_c() -> None:
    player = Loki2Player('Ann', modelling='none', seed=1)
    rows = player.policy(FACING).probabilities
    index = int(np.argmax(np.minimum(rows[:, 0], rows[:, 1]) * (rows[:, 2] == 0)))
    fold, call, raise_ = rows[index]
    assert fold > 0.05 and call > 0.05
    view = attrs.evolve(FACING, hole=StartingHand.from_holding_index(index).cards)
    for draw, action in [(0.0, 'fold'), (fold - 1e-9, 'fold'), (fold + 1e-9, 'call'), (0.999999, 'call')]:
        player.hand_draw = draw
        assert player.decide(view).action == action, (draw, rows[index])
    index = int(np.argmax(np.minimum(rows[:, 1], rows[:, 2])))
    fold, call, raise_ = rows[index]
    assert call > 0.05 and raise_ > 0.05
    view = attrs.evolve(FACING, hole=StartingHand.from_holding_index(index).cards)
    for draw, action in [(fold + call - 1e-9, 'call'), (fold + call + 1e-9, 'raise'), (0.999999, 'raise')]:
        player.hand_draw = draw
        assert player.decide(view).action == action, (draw, rows[index])


def test_one_random_number_a_hand() -> None:
    player = Loki2Player('Ann', modelling='none', seed=3)
    player.begin_hand(0, ('Ann', 'Bob'), tuple(parse_cards('Ah Kh')), 1)
    view = TableView(0, 'Ann', 'Ah Kh', 'Ad 7c 2s', 'flop', pot=8, to_call=2, bet_size=2, bets_this_round=1,
                     called_this_round=False, opponents=1, can_raise=True)
    player.decide(view)
    draw = player.hand_draw
    player.decide(attrs.evolve(view, board=tuple(parse_cards('Ad 7c 2s 9h')), street='turn', bet_size=4, to_call=4))
    assert player.hand_draw == draw == random.Random(3).random()
    player.begin_hand(0, ('Ann', 'Bob'), tuple(parse_cards('Ah Kh')), 1)
    assert player.hand_draw is None


# ======================================================================================= R: re-weighting by PT
def _oracle_triple(board: tuple[int, ...], index: int, situation: Situation, opponents: int,
                   thresholds: tuple[float, float], strategy: TripleStrategy) -> np.ndarray:
    """One holding's PT from the opponent's point of view, built as a player's statistics would be: HS1 exactly
    against every holding (Player), HSn = HS1**n, PPOT_c; the next card's chance outs / unseen on the flop."""
    hole = StartingHand.from_holding_index(index).cards
    cards = [parse_card(card) for card in board]
    hs = Player(hole, ' '.join(cards)).calculate_hand_statistics(opponents=1, lookahead=0).hs
    ppot = float(fast_potentials(board)[index]) if len(board) < 5 else 0.0
    unseen = 52 - len(board) - 2
    next_card = min(float(_fast_outs(board)[index]) / unseen, 1.0) if len(board) == 3 else None
    stats = HandStatistics(hs=hs, hs_n=hs ** opponents, ppot=ppot, npot=0.0, ahead=0, tied=0, behind=1,
                           opponents=opponents, lookahead=5 - len(board) if len(board) < 5 else 0,
                           board=tuple(parse_cards(' '.join(cards))),
                           next_card_ppot=next_card)
    return strategy.triple(stats, situation, make1=thresholds[0], make2=thresholds[1])


SPOTS = [
    ('flop', 'Qh 7h 2c', 'call', Situation(pot=12, to_call=2, bet_size=2, bets_this_round=1), 1),
    ('flop', '9s 8s 3d', 'check', Situation(pot=6, to_call=0, bet_size=2), 2),
    ('turn', 'Ks Td 4c 4h', 'raise', Situation(pot=20, to_call=4, bet_size=4, bets_this_round=1), 1),
    ('river', 'Ac Jd 8h 5s 2d', 'call', Situation(pot=30, to_call=8, bet_size=4, bets_this_round=2,
                                                    called_this_round=True), 3),
]


@pytest.mark.parametrize(('street', 'board', 'action', 'situation', 'opponents'), SPOTS)
def test_reweighting_by_triples_equals_a_slow_oracle(street: str, board: str, action: str, situation: Situation,
                                                    opponents: int) -> None:
    rng = np.random.default_rng(len(board))
    cards = tuple(card.index for card in parse_cards(board))
    model = Loki2SeatModel('Bob', triples=TripleStrategy(FullLokiStrategy(), width=0.15))
    for _ in range(25):   # a tight opponent: his thresholds move up
        model.tally.observe(street, 1, 'fold')
    model.begin_hand([card.index for card in parse_cards('Ad Kd')])
    model.new_round(street, cards)
    before = model.weights.copy()
    before[~model.dead] = rng.uniform(0.05, 1.0, int((~model.dead).sum()))
    model.weights = before.copy()
    bets = -(-int(situation.to_call) // int(situation.bet_size))
    thresholds = model.thresholds(street, bets, cards)
    model.observe_triple(street, action, bets_to_call=bets, board=cards, situation=situation, opponents=opponents)
    after = model.weights
    live = np.flatnonzero(~model.dead)
    sample = sorted(set(rng.choice(live, 120, replace=False).tolist())
                    | {int(live[np.argmax(holding_scale(cards)[live])]), int(live[np.argmin(holding_scale(cards)[live])])})
    column = column_of(action)
    for index in sample:
        triple = _oracle_triple(tuple(sorted(cards)), index, situation, opponents, thresholds, model.triples)
        assert after[index] == pytest.approx(max(before[index] * triple[column], 0.01), abs=1e-12), index
    assert (after[model.dead] == 0).all()
    assert model.tally.counts.sum() == 26   # counted after it re-weighted


def _flop_model(board: str = 'Qh 7h 2c', known: str = 'Ad Kd') -> tuple[Loki2SeatModel, tuple[int, ...]]:
    model = Loki2SeatModel('Bob')
    model.begin_hand([card.index for card in parse_cards(known)])
    cards = tuple(card.index for card in parse_cards(board))
    model.new_round('flop', cards)
    return model, cards


def test_a_call_lowers_the_weight_of_the_strongest_holdings() -> None:
    """Peña's example: A-A at 0.9, the opponent just calls, PT[call] of A-A well below 1: A-A's weight becomes
    0.9 x PT[call] (at least 0.01), while a holding that calls for sure keeps its weight: A-A grows less likely."""
    model, cards = _flop_model('Qh 7h 2c')
    aces = StartingHand('Ac Ah').holding_index
    weights = model.weights.copy()
    weights[aces] = 0.9
    model.weights = weights
    situation = Situation(pot=12, to_call=2, bet_size=2, bets_this_round=1)
    triples = model.holding_triples(cards, situation, 1)
    callers = np.flatnonzero(~model.dead & (triples[:, 1] == 1.0))
    assert triples[aces][2] > 0.5 and len(callers) > 50
    model.observe_triple('flop', 'call', bets_to_call=1, board=cards, situation=situation, opponents=1)
    assert model.weights[aces] == pytest.approx(max(0.9 * triples[aces][1], 0.01))
    assert model.weights[aces] < 0.9 * 0.5 and (model.weights[callers] == 1.0).all()
    scale = holding_scale(cards)
    top = np.flatnonzero(~model.dead & (scale >= 0.96))
    assert len(top) and (model.weights[top] == 0.01).all()   # the sets would have raised


def test_a_check_moves_weight_away_from_the_holdings_that_would_have_bet() -> None:
    model, cards = _flop_model('Qh 7h 2c')
    model.observe_triple('flop', 'check', bets_to_call=0, board=cards, situation=Situation(pot=6, to_call=0, bet_size=2),
                         opponents=1)
    scale = holding_scale(cards)
    live = ~model.dead
    assert model.weights[StartingHand('Qc Qd').holding_index] == 0.01      # a set bets
    assert model.weights[StartingHand('5c 4d').holding_index] == 1.0       # nothing, no draw: checks
    assert model.weights[live & (scale < 0.3)].mean() > 0.9 and model.weights[live & (scale > 0.9)].mean() < 0.3


def test_reweighting_by_triples_is_after_the_flop_and_papps_before() -> None:
    from poker.players import SeatModel
    triples, plain = Loki2SeatModel('Bob'), SeatModel('Bob')
    for model in (triples, plain):
        model.begin_hand([])
    triples.observe_triple('preflop', 'raise', bets_to_call=1, board=(), situation=Situation(pot=3, to_call=1, bet_size=2,
                                                                                             bets_this_round=1),
                           opponents=1)
    plain.observe('preflop', 'raise', bets_to_call=1, board=())
    assert np.array_equal(triples.weights, plain.weights)
    papp = Loki2SeatModel('Bob', reweighting='papp')
    papp.begin_hand([])
    flop = tuple(card.index for card in parse_cards('Qh 7h 2c'))
    plain.observe('flop', 'bet', bets_to_call=0, board=flop)
    papp.observe('preflop', 'raise', bets_to_call=1, board=())
    papp.observe_triple('flop', 'bet', bets_to_call=0, board=flop, situation=Situation(pot=6, to_call=0, bet_size=2),
                        opponents=1)
    assert np.array_equal(papp.weights, plain.weights)


def test_the_player_reweights_with_the_situation_each_actor_faced() -> None:
    """The situation a Loki-2 seat reconstructs from the hand's records for each action it sees is the view the
    actor had: pot, to call, bet size, bets this round, whether it had called, its opponents."""
    seen: list[tuple[str, Situation, int]] = []
    views: list[tuple[str, int, TableView]] = []
    real = Loki2SeatModel._observe_triple

    def spy(model: Loki2SeatModel, street: str, action: Action, bets: int, board: tuple[int, ...],
            situation: Situation, opponents: int) -> None:
        seen.append((model.name, situation, opponents))
        real(model, street, action, bets, board, situation, opponents)

    class Recorded(RandomPlayer):
        def decide(self, view: TableView) -> Decision:
            views.append((self.name, len(views), view))
            return super().decide(view)

    Loki2SeatModel._observe_triple = spy  # type: ignore[method-assign]
    try:
        game = FixedLimitGame([Loki2Player('Ann', seed=1), Recorded('Bob', 2), Recorded('Cy', 3),
                               Recorded('Di', 4)], seed=8)
        for _ in range(40):
            del views[:]
            start = len(seen)
            game.play_hand()
            after_flop = [(name, view) for name, _, view in views if view.board]
            assert [name for name, _, _ in seen[start:]] == [name for name, _ in after_flop]
            for (name, situation, opponents), (_, view) in zip(seen[start:], after_flop):
                assert (situation.pot, situation.to_call, situation.bet_size, situation.bets_this_round,
                        situation.called_this_round, opponents) == \
                    (view.pot, view.to_call, view.bet_size, view.bets_this_round, view.called_this_round,
                     view.opponents)
    finally:
        Loki2SeatModel._observe_triple = real  # type: ignore[method-assign]
    assert len(seen) > 20 and any(situation.called_this_round for _, situation, _ in seen)


# ======================================================================================= SOM: thresholds
def test_specific_models_move_the_thresholds_up_for_a_tight_opponent_and_down_for_a_loose_one() -> None:
    flop = tuple(card.index for card in parse_cards('Qh 7h 2c'))
    tight, loose, generic = Loki2SeatModel('T'), Loki2SeatModel('L'), Loki2SeatModel('G', specific=False)
    for model in (tight, loose, generic):
        model.begin_hand([])
    for _ in range(30):
        for bets in (0, 1, 2):
            tight.tally.observe('flop', bets, 'check' if bets == 0 else 'fold')
            loose.tally.observe('flop', bets, 'raise' if bets else 'bet')
            generic.tally.observe('flop', bets, 'raise' if bets else 'bet')
    base = (tight.triples.make1, tight.triples.make2)
    for bets in (0, 1, 2):
        up, down, same = (model.thresholds('flop', bets, flop) for model in (tight, loose, generic))
        assert up[0] > base[0] > down[0] and up[1] > base[1] > down[1], (bets, up, down)
        assert same == base
        assert all(abs(moved - at) <= Loki2SeatModel.MAX_SHIFT + 1e-12 for moved, at in zip(up + down, base + base))
    # generic modelling with the table's frequencies (a generic Loki-1's) moves by those: a loose table, down
    table = TableFrequencies([loose.tally])
    pooled = Loki2SeatModel('P', specific=False, table=table)
    pooled.begin_hand([])
    for bets in (0, 1, 2):
        assert pooled.thresholds('flop', bets, flop) == loose.thresholds('flop', bets, flop)
    # a new opponent is Table B.2's typical player: nothing moves, whatever the context
    fresh = Loki2SeatModel('F')
    fresh.begin_hand([])
    assert all(fresh.thresholds('flop', bets, flop) == base for bets in (0, 1, 2))


def test_a_tight_raisers_raise_leaves_fewer_holdings() -> None:
    """Peña's example: the thresholds of a tight player go up, so few PTs have a high raise entry, and after his
    raise his weights say he holds fewer hands."""
    flop = tuple(card.index for card in parse_cards('Qh 7h 2c'))
    situation = Situation(pot=12, to_call=2, bet_size=2, bets_this_round=1)
    tight, typical = Loki2SeatModel('T'), Loki2SeatModel('P')
    for _ in range(30):
        tight.tally.observe('flop', 1, 'fold')
    for model in (tight, typical):
        model.begin_hand([])
        model.observe_triple('flop', 'raise', bets_to_call=1, board=flop, situation=situation, opponents=1)
    assert tight.range_share() < typical.range_share()


def test_a_raise_taken_whatever_he_holds_leaves_the_weights_nearly_as_they_were() -> None:
    """R reads showdowns as Papp's models do: each bet, call or check is a claim his showdown confirms or denies,
    and an opponent whose showdowns show actions taken whatever he holds (out of line) has each PT entry mixed
    with his share of the action (:meth:`SeatModel._mixed`): after his raise a random raiser still holds about
    anything, a player who raises his strong hands does not."""
    flop = tuple(card.index for card in parse_cards('Qh 7h 2c'))
    situation = Situation(pot=12, to_call=2, bet_size=2, bets_this_round=1)
    shown, honest = Loki2SeatModel('R'), Loki2SeatModel('H')
    for model, shows in ((shown, '7c 2d'), (honest, 'Qc Qd')):   # two pair raised: in line; queens: in line too
        for _ in range(12):
            model.begin_hand([])
            model.observe_triple('flop', 'raise', bets_to_call=1, board=flop, situation=situation, opponents=1)
            model.showdown(parse_cards('3c 4d' if model is shown else shows))   # the random raiser shows trash
    assert shown.out_of_line() > 0.5 and honest.out_of_line() == 0
    for model in (shown, honest):
        model.begin_hand([])
        model.observe_triple('flop', 'raise', bets_to_call=1, board=flop, situation=situation, opponents=1)
    assert shown.range_share() > 0.9 > honest.range_share() + 0.2, (shown.range_share(), honest.range_share())


def test_the_thresholds_follow_the_specific_frequencies_quantiles() -> None:
    """Make1 moves by the distance between the quantiles of the opponent's share of hands that play and Table
    B.2's, on the round's scale (each holding still possible counted once)."""
    flop = tuple(card.index for card in parse_cards('Ks 9d 4c'))
    model = Loki2SeatModel('B')
    model.begin_hand([card.index for card in parse_cards('2h 2d')])
    for _ in range(8):
        model.tally.observe('flop', 1, 'call')
    for _ in range(12):
        model.tally.observe('flop', 1, 'fold')
    plays = 8 / 20
    scale = holding_scale(flop)
    live = np.sort(scale[~model.dead & ~known_holdings(flop)])

    def mu(share: float) -> float:
        return float(live[max(math.ceil((1 - share) * len(live)) - 1, 0)])
    make1, _ = model.thresholds('flop', 1, flop)
    expected = model.triples.make1 + min(max(mu(plays) - mu(0.5), -0.5), 0.5)
    assert make1 == pytest.approx(expected, abs=1e-12)
    assert DEFAULT_FREQUENCIES[1].tolist() == [0.5, 0.3, 0.2]


# ======================================================================================= the simulation's hook
class FakeSimulation:
    """A test double of the simulation: fixed mean results, and what it was asked."""

    def __init__(self, ev_call: float, ev_raise: float | None) -> None:
        self.ev_call, self.ev_raise = ev_call, ev_raise
        self.asked: list[tuple[TableView, dict[int, np.ndarray], random.Random, dict[int, tuple[float, float]] | None]] = []

    def evaluate(self, view: TableView, weights: dict[int, np.ndarray], random: random.Random, *,
                 thresholds: dict[int, tuple[float, float]] | None = None,
                 frequencies: dict[int, np.ndarray] | None = None) -> FakeSimulation:
        self.asked.append((view, weights, random, thresholds))
        self.frequencies = frequencies
        return self


@pytest.mark.parametrize(('ev_call', 'ev_raise', 'to_call', 'action'), [
    (1.0, 2.0, 2, 'raise'), (1.0, 0.5, 2, 'call'), (-1.0, -0.5, 2, 'fold'), (-1.0, -0.5, 0, 'bet'),
    (-0.5, -1.0, 0, 'check'), (-1.0, 0.5, 2, 'raise'), (0.0, -1.0, 2, 'call'),
    (1.0, None, 2, 'call'), (-1.0, None, 2, 'fold'), (-1.0, None, 0, 'check'),   # no raise possible
])
def test_with_a_simulation_the_seat_takes_the_best_mean(ev_call: float, ev_raise: float | None, to_call: int,
                                                        action: str) -> None:
    fake = FakeSimulation(ev_call, ev_raise)
    player = Loki2Player('Ann', simulation=fake, seed=2)
    player.begin_hand(0, ('Ann', 'Bob', 'Cy'), tuple(parse_cards('Ah Kh')), 2)
    view = TableView(0, 'Ann', 'Ah Kh', 'Ad 7c 2s', 'flop', pot=8, to_call=to_call, bet_size=2,
                     bets_this_round=to_call // 2, called_this_round=False, opponents=2, can_raise=True, seats=3,
                     button=2, active=(0, 1, 2))
    decision = player.decide(view)
    assert decision.action == action and decision.advice is not None and decision.advice.rule == 'simulation'
    (asked_view, weights, rng, thresholds), = fake.asked
    assert asked_view == view and rng is player.random
    assert set(weights) == {1, 2} and all(w.shape == (HOLDING_COUNT,) for w in weights.values())
    assert all(w[StartingHand('Ah Kd').holding_index] == 0 and w[StartingHand('Qc Jc').holding_index] == 1
               for w in weights.values())
    unmoved = ((player.triples.make1, player.triples.make2),) * 3
    assert thresholds == {1: unmoved, 2: unmoved}
    # each opponent's shares as his model reads them (new ones: Table B.2's), what the trials are calibrated to
    assert set(fake.frequencies) == {1, 2}
    assert all(np.array_equal(shares, DEFAULT_FREQUENCIES) for shares in fake.frequencies.values())


def test_heads_up_generic_and_specific_loki2_play_alike() -> None:
    """Heads-up the table is the one opponent: a generic Loki-2 (the table's frequencies) moves the thresholds and
    calibrates the trials as a specific one does, hand for hand."""
    from poker.players.simulation import SelectiveSampling
    played = []
    for modelling in ('specific', 'generic'):
        seat = Loki2Player('Ann', modelling=modelling, seed=3)
        seat.simulation = SelectiveSampling(seat.triples, trials=20)
        game = FixedLimitGame([seat, LoosePassive('Bob', 2)], seed=5)
        results = [game.play_hand().net for _ in range(25)]
        flop = tuple(card.index for card in parse_cards('Qh 7h 2c'))
        played.append((results, [seat.models['Bob'].thresholds('flop', bets, flop) for bets in range(3)]))
    assert played[0] == played[1]
    assert played[0][1][1] != (Loki2Player('Ann').triples.make1, Loki2Player('Ann').triples.make2)   # (moved)


def test_the_simulation_gets_each_models_frequencies_unless_calibration_is_off() -> None:
    for calibration in CALIBRATIONS:
        fake = FakeSimulation(0.5, 1.5)
        seat = Loki2Player('Ann', simulation=fake, seed=4, calibration=calibration)
        game = FixedLimitGame([seat, CallingStation('Bob')], seed=2)
        for _ in range(30):
            game.play_hand()
        if calibration == 'none':
            assert fake.frequencies is None
            continue
        view = fake.asked[-1][0]
        wanted = np.stack([seat.models['Bob'].frequencies(view.street, bets) for bets in range(3)])
        assert set(fake.frequencies) == {1} and np.array_equal(fake.frequencies[1], wanted)
        assert wanted[1, 1] > DEFAULT_FREQUENCIES[1][1]   # (the station is seen to call more than the typical)
    with pytest.raises(PokerError, match='calibration'):
        Loki2Player('Ann', calibration='all')


def test_the_simulation_plays_after_the_flop_only_and_gets_the_models() -> None:
    fake = FakeSimulation(0.5, 1.5)
    seat = Loki2Player('Ann', simulation=fake, seed=4)
    game = FixedLimitGame([seat, CallingStation('Bob')], seed=2)
    for _ in range(6):
        game.play_hand()
    assert fake.asked and all(view.board for view, _, _, _ in fake.asked)
    learnt = 0
    for view, weights, _, thresholds in fake.asked:
        seen = known_holdings([card.index for card in (*view.hole, *view.board)])
        assert set(weights) == {1} and (weights[1][seen] == 0).all() and (weights[1][~seen] > 0).all()
        learnt += weights[1][~seen].min() < 1   # the model's weights, re-weighted by the station's calls
        assert thresholds is not None and set(thresholds) == {1}
    assert learnt > 0
    with pytest.raises(PokerError, match='simulation must be None or have an evaluate'):
        Loki2Player('Ann', simulation=object())  # type: ignore[arg-type]


def test_a_simulation_that_answers_nonsense_is_one_error() -> None:
    player = Loki2Player('Ann', simulation=FakeSimulation(math.nan, 1.0))
    view = TableView(0, 'Ann', 'Ah Kh', 'Ad 7c 2s', 'flop', pot=8, to_call=2, bet_size=2, bets_this_round=1,
                     called_this_round=False, opponents=1, can_raise=True)
    with pytest.raises(PokerError, match="the simulation's ev_call must be a finite number"):
        player.decide(view)


# ======================================================================================= state and matches
def test_the_state_carries_the_models_and_the_random_numbers() -> None:
    player = Loki2Player('Ann', seed=9)
    FixedLimitGame([player, RandomPlayer('Bob', 1)], seed=3).play(5)
    state = player.state()
    assert isinstance(state, Loki2State) and isinstance(state, ModelState) and sum(state.counts['Bob']) > 0
    again = pickle.loads(pickle.dumps(state))
    assert again == state and again.random_state == state.random_state
    copy = Loki2Player('Ann', seed=1)
    copy.resume(again)
    assert copy.state() == state and copy.random.random() == player.random.random()
    with pytest.raises(PokerError, match='random numbers'):
        Loki2State({}, random_state=(1, 2))
    with pytest.raises(PokerError, match='ModelState'):
        copy.resume((1, 2))


@pytest.mark.parametrize('pool', ['threads', 'processes'])
def test_a_duplicate_match_of_loki2_is_the_same_on_one_and_two_workers(pool: str,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Blocks of two deals, each starting from the players' state after the block before (models and random
    numbers), on two workers: the match played in one go, deal for deal."""
    from poker.processes import process_pool
    players = ['loki2-br', 'random']
    whole = match(players, 6, seed=4, progress=False)
    monkeypatch.setattr(duplicate, 'DEALS_PER_UNIT', 2)
    with ThreadPoolExecutor(2) if pool == 'threads' else process_pool(2) as executor:
        spread = match(players, 6, seed=4, executor=executor, progress=False)
    assert np.array_equal(spread.per_deal, whole.per_deal)
    assert [row[0] for row in spread.states] == [row[0] for row in whole.states]
    assert all(isinstance(row[0], Loki2State) for row in whole.states)


# ======================================================================================= kinds and switches
@pytest.mark.parametrize(('kind', 'betting', 'reweighting'), [
    ('loki2-b', 'triples', 'papp'), ('loki2-r', 'rules', 'triples'), ('loki2-br', 'triples', 'triples'),
])
def test_the_kinds_are_loki2s_ablations(kind: str, betting: str, reweighting: str) -> None:
    seat = make_seat(kind, 'Ann', 3)
    assert isinstance(seat, Loki2Player)
    assert (seat.betting, seat.reweighting, seat.modelling, seat.simulation) == (betting, reweighting, 'specific', None)
    assert read_player(kind) is PLAYER_KINDS[kind]
    assert make_seat(kind, 'Ann', 3).random.random() == random.Random(3).random()


def test_the_kinds_without_a_model_and_generic() -> None:
    """``loki2-no-model`` bets by PTs of width NO_MODEL_WIDTH with no model and no simulation; ``loki2-generic``
    simulates with generic models, its PTs of the default width."""
    alone = make_seat('loki2-no-model', 'Ann', 3)
    assert isinstance(alone, Loki2Player) and (alone.betting, alone.modelling, alone.simulation) == (
        'triples', 'none', None)
    assert alone.triples.width == NO_MODEL_WIDTH != DEFAULT_WIDTH
    generic = make_seat('loki2-generic', 'Ann', 3)
    assert isinstance(generic, Loki2Player) and generic.modelling == 'generic' and generic.simulation is not None
    assert generic.triples.width == DEFAULT_WIDTH and generic.calibration == 'frequencies'


@pytest.mark.parametrize(('switch', 'value'), [
    ('betting', 'random'), ('reweighting', 'bayes'), ('modelling', 'SPECIFIC'), ('betting', None),
    ('width', 0.6), ('width', math.nan), ('width', '0.1'), ('seed', -1), ('modelling', ['none']),
])
def test_a_bad_switch_is_one_poker_error(switch: str, value: object) -> None:
    with pytest.raises(PokerError) as refused:
        Loki2Player('Ann', **{switch: value})  # type: ignore[arg-type]
    assert '\n' not in str(refused.value) and len(str(refused.value)) < 200


def test_no_model_keeps_no_model() -> None:
    player = Loki2Player('Ann', modelling='none', seed=1)
    FixedLimitGame([player, RandomPlayer('Bob', 1)], seed=3).play(4)
    assert player.models == {} and player.state().counts == {}
    generic = Loki2Player('Ann', modelling='generic', seed=1)
    FixedLimitGame([generic, RandomPlayer('Bob', 1)], seed=3).play(4)
    assert not generic.models['Bob'].specific


def test_cli_match_plays_the_loki2_kinds_and_the_prober(capsys: pytest.CaptureFixture[str]) -> None:
    from poker.cli import main
    assert main(['match', '--players', 'loki2-b,loki2-r,prober', '--hands', '3', '--seed', '1', '--json']) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in ('loki2-b', 'loki2-r', 'prober'))


class NoisySimulation(FakeSimulation):
    """The double with standard errors: a lead of 0.5 chips over errors of 1 chip each is not clear."""

    call_error, raise_error = 1.0, 1.0


@pytest.mark.parametrize(('margin', 'simulated', 'unclear'), [(1.0, False, 'betting'), (1.0, False, 'rules'),
                                                               (0.3, True, 'rules'), (0.0, True, 'betting')])
def test_a_simulation_decides_only_when_its_best_is_clear(margin: float, simulated: bool, unclear: str) -> None:
    fake = NoisySimulation(1.0, 1.5)
    player = Loki2Player('Ann', simulation=fake, seed=2, margin=margin, unclear=unclear)
    plain = Loki2Player('Ann', seed=2, betting='triples' if unclear == 'betting' else 'rules')
    view = TableView(0, 'Ann', 'Ah Kh', 'Ad 7c 2s', 'flop', pot=8, to_call=2, bet_size=2, bets_this_round=1,
                     called_this_round=False, opponents=2, can_raise=True, seats=3, button=2, active=(0, 1, 2))
    for seat in (player, plain):
        seat.begin_hand(0, ('Ann', 'Bob', 'Cy'), tuple(parse_cards('Ah Kh')), 2)
    decision = player.decide(view)
    assert decision.advice is not None
    if simulated:   # 0.5 >= margin * hypot(1, 1): the simulation's raise
        assert decision.action == 'raise' and decision.advice.rule == 'simulation'
    else:           # not clear: what the seat does without a simulation (its PT's draw, the same random numbers)
        expected = plain.decide(view)
        assert decision.advice.rule != 'simulation' and 'closer than 1 standard errors' in decision.advice.reason
        assert decision.action == expected.action and decision.advice.rule == expected.advice.rule
        assert player.betting == 'triples' and player.simulation is fake   # (put back after the decision)


def test_enhancements_by_letters() -> None:
    seat = Loki2Player.with_enhancements('Ann', 'rs', seed=1, trials=20)
    assert (seat.betting, seat.reweighting, seat.modelling) == ('rules', 'triples', 'specific')
    assert seat.simulation is not None and seat.simulation.trials == 20 and seat.simulation.triples is seat.triples
    assert Loki2Player.with_enhancements('Ann', '').simulation is None
    for bad in ('bb', 'q', 'brsx', 3):
        with pytest.raises(PokerError):
            Loki2Player.with_enhancements('Ann', bad)  # type: ignore[arg-type]
    with pytest.raises(PokerError, match='margin'):
        Loki2Player('Ann', margin=-1)
    with pytest.raises(PokerError, match='unclear'):
        Loki2Player('Ann', unclear='coin')


class PairedSimulation(NoisySimulation):
    """The noisy double whose branches are paired: the raise's lead of 0.5 over the call is 5 paired errors."""

    difference_error = 0.1


def test_the_margin_reads_the_paired_error_of_a_call_against_a_raise() -> None:
    player = Loki2Player('Ann', simulation=PairedSimulation(1.0, 1.5), seed=2, margin=1.0)
    player.begin_hand(0, ('Ann', 'Bob', 'Cy'), tuple(parse_cards('Ah Kh')), 2)
    view = TableView(0, 'Ann', 'Ah Kh', 'Ad 7c 2s', 'flop', pot=8, to_call=2, bet_size=2, bets_this_round=1,
                     called_this_round=False, opponents=2, can_raise=True, seats=3, button=2, active=(0, 1, 2))
    decision = player.decide(view)
    assert decision.action == 'raise' and decision.advice is not None and decision.advice.rule == 'simulation'
