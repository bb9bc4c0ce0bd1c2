"""The opponent model's play path (issue 31) against the plain step-by-step rules it replaces
(:func:`tests.oracles.observe_by_hooks`): the same weights, thresholds and readings, bit for bit, and the values the
table hands in read once, at the door."""

from __future__ import annotations

import random

import numpy as np
import pytest

from poker import PokerError
from poker.cards.card import Card
from poker.players import holding_scales, modelling
from poker.players.holding_scales import fast_potentials, holding_scale
from poker.ranking.ranker import HandRanker
from poker.players.frequencies import DEFAULT_FREQUENCIES, ActionFrequencies
from poker.players.modelling import ModellingLokiPlayer, SeatModel
from poker.strategy.actions import Action
from poker.table.game import FixedLimitGame
from poker.table.records import ActionRecord

from oracles import observe_by_hooks, plain_hand_strengths, plain_potentials


class RangeQuantile(SeatModel):
    QUANTILE_OF_RANGE = True


class NoCap(SeatModel):
    CHECKS_CAP = False


class Papp(SeatModel):
    READS_SHOWDOWNS = False
    POSTFLOP_SIGMA = 0.0  # (the factor's step rule)


class Hooked(SeatModel):
    """The default rules through a hook of its own: the model takes the hooks' path."""

    def threshold(self, street, action, bets_to_call, board):
        return super().threshold(street, action, bets_to_call, board)


def _hands(seed: int, count: int):
    """``count`` random hands of observations: the modelling seat's cards, and per round its board and actions
    (action, bets to call)."""
    rng = random.Random(seed)
    for _ in range(count):
        cards = rng.sample(range(52), 7)
        rounds = []
        for street, size in (('preflop', 0), ('flop', 3), ('turn', 4), ('river', 5)):
            actions = [(rng.choice(('check', 'call', 'bet', 'raise', 'call', 'raise')), rng.choice((0, 1, 1, 2, 3)))
                       for _ in range(rng.randint(1, 4))]
            if rng.random() < 0.1:
                actions.append(('fold', rng.choice((1, 2))))
            rounds.append((street, tuple(cards[2:2 + size]), actions))
        yield cards[:2], rounds


def _state(model: SeatModel):
    return (model.weights.tobytes(), model.round_start.tobytes(), model.applied_mu, model.applied_cap,
            model.applied_shares, list(model.claims), model.folded, model.tally.counts.tobytes(),
            model.tally.shown.tobytes())


@pytest.mark.parametrize('every_action', [True, False])
@pytest.mark.parametrize('kind', [SeatModel, RangeQuantile, NoCap, Papp, Hooked])
def test_the_models_path_is_the_hooks_path_bit_for_bit(kind, every_action):
    """Random hands of actions, with showdowns between them (so out-of-line readings mix the factors): after every
    action (or, ``every_action`` False, only at the end of each hand: the weights left to be worked out through
    several re-weightings and rounds) the model and the oracle hold the same bytes."""
    fast, plain = kind('Opp'), kind('Opp')
    assert modelling._plain_rules(kind) is (kind is not Hooked)
    rng = random.Random(31)
    steps = 0
    for known, rounds in _hands(31, 40):
        for model in (fast, plain):
            model.begin_hand(known)
        for street, board, actions in rounds:
            for action, bets in actions:
                fast.observe(street, action, bets_to_call=bets, board=board)
                observe_by_hooks(plain, street, action, bets, board)
                if every_action:
                    assert _state(fast) == _state(plain), (street, action, bets, board)
                steps += 1
        assert _state(fast) == _state(plain)
        shown = [card for card in range(52) if card not in known and card not in rounds[-1][1]]
        hole = rng.sample(shown, 2)
        for model in (fast, plain):
            model.showdown(hole)
        assert _state(fast) == _state(plain)
    assert steps > 300
    assert kind is Papp or plain.tally.shown[0] > 0   # some readings were out of line: the mixture was used


def test_the_shares_are_the_blended_frequencies_and_follow_the_counts():
    tally = ActionFrequencies()
    assert tally.shares(0, 1) == tuple(DEFAULT_FREQUENCIES[1].tolist())
    rng = np.random.default_rng(5)
    for _ in range(20):
        tally.counts[tuple(rng.integers(0, (4, 3, 3)))] += 1  # counted in place: the kept shares must follow
        for round_index, street in enumerate(('preflop', 'flop', 'turn', 'river')):
            for bets in range(3):
                plain = DEFAULT_FREQUENCIES[bets].copy()
                for counts in tally.counts[:round_index + 1, bets]:
                    seen = counts.sum()
                    if seen:
                        share = min(seen, tally.FULL) / tally.FULL
                        plain = share * counts / seen + (1 - share) * plain
                assert tally.shares(round_index, bets) == tuple(plain.tolist())
                assert tally.frequencies(street, bets).tolist() == plain.tolist()
    for context in ((4, 0), (0, 3), (-1, 0), (0.0, 1), ('flop', 1)):
        with pytest.raises(PokerError):
            tally.shares(*context)


def _raising_reader(*args, **kwargs):
    raise AssertionError('read again on the floor')


def test_the_tables_values_are_read_once_at_the_door(monkeypatch):
    """Within a round, observing the table's records reads no card index, no board and no number again: the
    records are the table's (a value class is their door) and the board the same tuple the table gave before."""
    game = FixedLimitGame([ModellingLokiPlayer('Ann'), ModellingLokiPlayer('Bob'), ModellingLokiPlayer('Cy')], seed=3)
    game.play_hand()
    ann = game.players[0]
    board = tuple(Card.from_index(index) for index in (0, 9, 22))
    records = [ActionRecord('flop', seat, action, amount, pot, to_call=to_call, bet_size=2)
               for seat, action, amount, pot, to_call in ((1, 'check', 0, 6, 0), (2, 'bet', 2, 8, 0),
                                                           (1, 'raise', 4, 12, 2), (2, 'call', 2, 14, 2))]
    ann.begin_hand(0, ('Ann', 'Bob', 'Cy'), (Card.from_index(51), Card.from_index(47)), 0)
    ann.observe(records[0], board)   # the round's first action: the round begins, the board is read
    for name in ('read_indices', 'read_board', 'whole_number', 'instance'):
        monkeypatch.setattr(modelling, name, _raising_reader)
    for record in records[1:]:
        ann.observe(record, board)
    assert ann.models['Bob'].applied_mu > -np.inf and ann.models['Cy'].applied_mu > -np.inf


def test_a_board_given_again_as_a_list_is_read_again():
    """The kept board is the very tuple given before; a list (which may have changed) is read each time."""
    ann = ModellingLokiPlayer('Ann')
    ann.begin_hand(0, ('Ann', 'Bob'), (Card.from_index(51), Card.from_index(47)), 0)
    record = ActionRecord('flop', 1, 'bet', 2, 6, to_call=0, bet_size=2)
    board = [Card.from_index(index) for index in (0, 9, 22)]
    ann.observe(record, board)
    board[0] = Card.from_index(51)   # Ann's own card: a board that cannot be
    with pytest.raises(PokerError):
        ann.observe(record, board)


def test_an_action_the_model_reads_is_counted_once():
    model = SeatModel('Opp')
    model.begin_hand([51, 47])
    model.observe('flop', Action.RAISE, bets_to_call=3, board=(0, 9, 22))
    assert model.tally.counts[1, 2, 2] == 1 and model.tally.counts.sum() == 1


class SlowRanker(HandRanker):
    """HandRanker's values through a subclass (the scale ranks with the ranker given)."""


@pytest.mark.parametrize('ranker', [HandRanker, SlowRanker])
def test_the_scale_is_the_plain_one_byte_for_byte(ranker):
    """HS among the holdings left (whole counts) and the outs from tables kept per holding give the bytes the
    plain computation over all 1,326 holdings gives, on flops, turns and rivers."""
    rng = random.Random(31)
    for size in (3, 4, 5):
        for _ in range(40 if ranker is HandRanker else 8):
            board = tuple(rng.sample(range(52), size))
            strengths, potentials = plain_hand_strengths(board, ranker), plain_potentials(board)
            assert holding_scales._hand_strengths(board, ranker).tobytes() == strengths.tobytes()
            assert fast_potentials(board).tobytes() == potentials.tobytes()
            assert holding_scale(board, ranker).tobytes() == (strengths + (1 - strengths) * potentials).tobytes()


class CountingTally(ActionFrequencies):
    """Counts showdowns one call at a time (its own hook): the model's path for a tally of another kind."""

    def observe_showdown(self, out_of_line, chance):
        super().observe_showdown(out_of_line, chance)


def test_the_showdown_evidence_is_added_as_one_call_at_a_time_would():
    """The readings of a hand checked against the shown cards, summed in the same order as the calls of
    ``observe_showdown`` one by one would: the same bytes."""
    rng = random.Random(7)
    plain, hooked = SeatModel('Opp'), SeatModel('Opp', CountingTally())
    for known, rounds in _hands(7, 60):
        for model in (plain, hooked):
            model.begin_hand(known)
            for street, board, actions in rounds:
                for action, bets in actions:
                    model.observe(street, action, bets_to_call=bets, board=board)
        hole = rng.sample([card for card in range(52) if card not in known and card not in rounds[-1][1]], 2)
        assert plain.claims == hooked.claims
        for model in (plain, hooked):
            model.showdown(hole)
        assert plain.tally.shown.tobytes() == hooked.tally.shown.tobytes()
    assert plain.tally.shown[1] > 10


def test_the_river_scale_is_counted_by_the_compiled_river_pass(monkeypatch):
    """On the river with HandRanker itself, HS comes from the compiled pass of board_strengths (some 15 µs, not the
    ~250 µs of ranking and sorting in NumPy); a ranker subclass still ranks through its own rank_many."""
    def refuse(*args, **kwargs):
        raise AssertionError('counted in NumPy')

    monkeypatch.setattr(holding_scales, '_showdown_counts', refuse)
    rng = random.Random(32)
    for _ in range(20):
        board = tuple(rng.sample(range(52), 5))
        assert holding_scales._hand_strengths(board, HandRanker).tobytes() == \
            plain_hand_strengths(board, HandRanker).tobytes()
    with pytest.raises(AssertionError):
        holding_scales._hand_strengths(board, SlowRanker)
