"""Issue 31's play path read once: what a decision builds once, against the plain code it replaces."""

from __future__ import annotations

import itertools
import random

import pytest

from poker.cards.card import Card
from poker.cards.holdings import HOLDINGS
from poker.cards.starting_hand import StartingHand
from poker.players.loki import LokiPlayer
from poker.players.modelling import ModellingLokiPlayer
from poker.strategy.advice import FullLokiStrategy, LokiStrategy, advise_preflop
from poker.strategy.preflop import preflop_strategy
from poker.strategy.situation import Situation
from poker.table.game import FixedLimitGame, TableView


def test_a_decision_makes_its_situation_once():
    """The hooks of one decision (the next-card rule and the advice) read one situation: the chance of a bet behind
    is asked once a decision (it was asked by each hook), and a situation asked outside a decision is made afresh."""
    asked: list[int] = []

    class Counting(LokiPlayer):
        def bet_chance(self, view):
            asked.append(view.seat)
            return super().bet_chance(view)

    seat = Counting('Ann', strategy=FullLokiStrategy())
    view = TableView(0, 'Ann', 'Ah Kh', 'Ad 7c 2s', 'flop', pot=20, to_call=2, bet_size=2, bets_this_round=1,
                     called_this_round=False, opponents=1, can_raise=True, seats=2, button=1)
    seat.decide(view)
    assert asked == [0]
    seat.situation(view), seat.situation(view)
    assert asked == [0, 0, 0]


def test_a_match_of_counting_seats_decides_as_the_plain_seats():
    """A seat whose situation is made once a decision plays the hands the seats of the plain hooks play."""
    class Plain(ModellingLokiPlayer):  # overrides situation: nothing kept
        def situation(self, view):
            return Situation(view.pot, view.to_call, view.bet_size, view.bets_this_round, view.called_this_round,
                             view.put_in_this_round, follow_through=self.follows_through(view),
                             bet_behind=self.bet_chance(view))

    def actions(kind):
        game = FixedLimitGame([kind('Ann'), kind('Bob'), kind('Cy')], seed=31)
        return [(record.action, record.decision.advice.reason if record.decision and record.decision.advice else None)
                for _ in range(12) for record in game.play_hand().actions]

    assert actions(ModellingLokiPlayer) == actions(Plain)


def test_preflop_advice_of_every_holding_is_the_plain_strategys():
    """The pre-flop advice reads each holding's strategy from the table of every class: the plain
    preflop_strategy of that holding, whatever form the hand is given in (two cards, text, a StartingHand)."""
    rng = random.Random(31)
    cases = [(players, position, small_blind, tightness) for players in (2, 3.8, 6)
             for position in (0, 1, 4) for small_blind in (False, True) for tightness in ('tight', 'loose')]
    for holding in rng.sample(range(1326), 120):
        cards = tuple(Card.from_index(int(card)) for card in HOLDINGS[holding])
        players, position, small_blind, tightness = rng.choice(cases)
        plain = preflop_strategy(StartingHand(cards), players=players, position=position, tightness=tightness,
                                 small_blind=small_blind)
        for hand in (cards, cards[::-1], ' '.join(map(str, cards)), StartingHand(cards)):
            advice = advise_preflop(hand, players=players, position=position, pot=3, to_call=1, bet_size=2,
                                    small_blind=small_blind, tightness=tightness)
            assert advice.reason.startswith(f'{plain} ('), (hand, advice.reason, plain)


def test_a_strategys_preflop_advice_is_advise_preflops():
    """LokiStrategy.preflop_advice passes its situation on without rebuilding it: the advice advise_preflop gives
    for the same numbers, also for a situation with fields the pre-flop rules do not read."""
    strategy = LokiStrategy()
    for (pot, to_call, bets), put_in, called in itertools.product(((3, 1, 1), (7, 4, 2), (4, 0, 0), (11, 2, 3)),
                                                                 (False, True), (False, True)):
        if called and not put_in:
            continue
        situation = Situation(pot, to_call, 2, bets, called, put_in, follow_through=called, bet_behind=0.25 * called)
        for hand in ('Ah Ad', '7c 2d', 'Kh Qh', '9s 8s'):
            expected = advise_preflop(hand, players=3, position=1, pot=pot, to_call=to_call, bet_size=2,
                                      bets_this_round=max(1, bets), put_in_this_round=put_in)
            assert strategy.preflop_advice(hand, situation, players=3, position=1) == expected


@pytest.mark.parametrize('kwargs, message', [
    ({'players': 0}, 'players must be a number'),
    ({'hand': 'Ah Ah'}, 'Ah'),
    ({'position': -1}, 'position must be a whole number'),
    ({'tightness': 'wild'}, 'tightness'),
])
def test_preflop_advice_refuses_what_it_refused(kwargs, message):
    arguments = {'hand': 'Ah Kd', 'players': 2, 'position': 0, 'pot': 3, 'to_call': 1, 'bet_size': 2, **kwargs}
    with pytest.raises(Exception) as caught:
        advise_preflop(**arguments)
    assert message in str(caught.value)


def test_a_decision_reads_its_opponents_weights_once():
    """The statistics and the next-card PPOT of one decision read one set of weights: the models are read once a
    decision (they were read by each), and outside a decision afresh."""
    from poker.cards.card import parse_cards

    calls = {'weights': 0, 'models': 0}

    class Counting(ModellingLokiPlayer):
        def weights(self, view):
            calls['weights'] += 1
            return super().weights(view)

        def opponent_models(self, view):
            calls['models'] += 1
            return super().opponent_models(view)

    seat = Counting('Ann')
    seat.begin_hand(0, ('Ann', 'Bob'), tuple(parse_cards('Ah Kh')), 1)
    twice = 0
    for hole, board in itertools.product(('Ah Kh', '9h 8h', 'Qs Js', '5c 4c', 'As 2s'),
                                         ('Th 7h 2c', 'Td 9d 3c', 'Kc 6h 6d', '7s 6s 2h')):
        if set(hole.split()) & set(board.split()):
            continue
        view = TableView(0, 'Ann', hole, board, 'flop', pot=12, to_call=2, bet_size=2, bets_this_round=1,
                         called_this_round=False, opponents=1, can_raise=True, seats=2, button=1)
        calls.update(weights=0, models=0)
        seat.decide(view)
        assert calls['models'] == 1, (hole, board, calls)
        twice += calls['weights'] >= 2
        calls.update(weights=0, models=0)
        seat.weights(view), seat.weights(view)
        assert calls == {'weights': 2, 'models': 2}
    assert twice  # (some decisions asked for the next-card PPOT, which reads the weights again)


def test_a_showdowns_evidence_is_the_plain_count():
    """The shown holding's quantile on each claim's scale (bisected on the kept sorted values) is the plain count
    of the live holdings below it (ties half), and the table's own path (end_hand) counts what showdown() counts."""
    import numpy as np

    from poker.players.holding_scales import holding_scale
    from poker.players.modelling import SeatModel
    from poker.ranges.weights import known_holdings
    from poker.cards.holdings import holding_index

    rng = random.Random(5)
    for _ in range(30):
        cards = rng.sample(range(52), 9)
        hole, board = cards[:2], tuple(cards[4:4 + rng.choice((3, 4, 5))])
        claims = [(board, rng.random(), rng.random() < 0.3) for _ in range(rng.randint(1, 4))]
        claims.append(((), rng.random(), False))
        model = SeatModel('Opp')
        model.claims = list(claims)
        model.showdown(hole)
        deviations, expected = 0.0, 0.0
        for claim_board, level, check in claims:
            scale = holding_scale(claim_board)
            live = scale[~known_holdings(claim_board)]
            value = scale[holding_index(*hole)]
            quantile = (np.count_nonzero(live < value) + np.count_nonzero(live == value) / 2) / len(live)
            out, chance = (quantile > level, 1 - level) if check else (quantile < level, level)
            deviations += float(out)
            expected += chance
        assert model.tally.shown.tolist() == [deviations, expected]


def test_end_hand_counts_the_showdowns_as_showdown_does():
    """The table's records reach the models' showdowns without reading the cards again: the evidence a plain
    showdown() (a model class that overrides it) counts over the same hands."""
    from poker.players.bots import CallingStation
    from poker.players.modelling import SeatModel

    class Plain(SeatModel):
        def showdown(self, hole):
            return super().showdown(hole)

    class PlainSeat(ModellingLokiPlayer):
        model_class = Plain

    def play(kind):
        seats = [kind('Ann'), CallingStation('Sam', 1), kind('Bob')]
        game = FixedLimitGame(seats, seed=8)
        showdowns = sum(game.play_hand().showdown for _ in range(16))
        return showdowns, [{name: model.tally.shown.tolist() for name, model in seat.models.items()}
                           for seat in (seats[0], seats[2])]

    showdowns, ours = play(ModellingLokiPlayer)
    assert showdowns and (showdowns, ours) == play(PlainSeat)
    assert any(shown[1] > 0 for seat in ours for shown in seat.values())


def test_the_table_deals_what_a_deck_of_the_hands_seed_deals():
    """The table deals from a Deck of the hand's seed (the module's Deck, which tests stack): the holes and the board
    a Deck of that seed deals, hand after hand."""
    from poker.cards.card import Deck
    from poker.players.bots import CallingStation

    for seats in (2, 6, 10):
        game = FixedLimitGame([CallingStation(f'S{seat}', seat) for seat in range(seats)], seed=seats)
        for _ in range(20):
            result = game.play_hand()
            deck = Deck(seed=result.seed)
            assert result.holes == tuple(tuple(deck.deal(2)) for _ in range(seats))
            assert result.board == tuple(deck.deal(5))


def test_a_renamed_seat_is_read_again():
    from poker import PokerError
    from poker.players.bots import CallingStation

    seats = [CallingStation('Sam', 1), CallingStation('Sue', 2)]
    game = FixedLimitGame(seats, seed=1)
    assert game.play_hand().names == ('Sam', 'Sue')
    seats[1].name = 'Sid'
    assert game.play_hand().names == ('Sam', 'Sid')
    seats[1].name = 42
    with pytest.raises(PokerError):
        game.play_hand()


def test_statistics_on_the_same_cards_board_and_weights_are_counted_once(monkeypatch):
    """A seat that decides again on the same cards, board, opponents and weights (a check, then a call of the bet
    behind it; the same deal at another seating) reads the statistics it counted: the same numbers, counted once;
    other weights are counted afresh."""
    import numpy as np

    from poker.players import loki
    from poker.stats.player import Player

    counted = []
    plain = Player.calculate_hand_statistics

    def counting(self, **options):
        counted.append(options.get('lookahead'))
        return plain(self, **options)

    monkeypatch.setattr(Player, 'calculate_hand_statistics', counting)
    getattr(loki, '_KEPT', {}).clear()
    seat = LokiPlayer('Ann', strategy=FullLokiStrategy())
    views = [TableView(0, 'Ann', 'Qs Js', 'Th 7h 2c', 'flop', pot=pot, to_call=to_call, bet_size=2,
                       bets_this_round=bets, called_this_round=False, opponents=1, can_raise=True, seats=2, button=1)
             for pot, to_call, bets in ((4, 0, 0), (8, 2, 1), (12, 2, 2))]
    decisions = [seat.decide(view) for view in views]
    assert len(counted) == len(set(counted))  # each look-ahead counted once for the three decisions
    fresh = Player('Qs Js', 'Th 7h 2c').calculate_hand_statistics(opponents=1)
    assert decisions[0].stats == fresh
    weights = np.ones(1326)
    weights[:100] = 0.5
    before = len(counted)
    kept = loki._kept_statistics(views[0].hole, views[0].board, opponents=1, lookahead=None, weights=weights)
    assert len(counted) == before + 1 and kept != fresh
    weights[:100] = 0.25  # (the same array, other values: counted afresh)
    assert loki._kept_statistics(views[0].hole, views[0].board, opponents=1, lookahead=None, weights=weights) != kept
    assert len(counted) == before + 2
    assert kept == Player('Qs Js', 'Th 7h 2c').calculate_hand_statistics(opponents=1, weights=np.where(
        np.arange(1326) < 100, 0.5, 1.0))


def test_the_showdown_counts_by_counting_are_holding_showdowns():
    """The flop's and the turn's HS counts of the opponent model's scale, by counting the values' dense numbers per
    card, are the whole counts holding_showdowns sorts out (the same integers, the same dtype), on random boards and on
    boards full of ties."""
    import numpy as np

    from poker.cards.holdings import HOLDINGS
    from poker.kernel.showdowns import holding_showdowns
    from poker.players import holding_scales
    from poker.ranges.weights import known_holdings
    from poker.ranking.ranker import HandRanker

    rng = random.Random(3)
    boards = [tuple(rng.sample(range(52), rng.choice((3, 4)))) for _ in range(40)]
    boards += [(48, 49, 50, 51), (0, 4, 8, 12), (8, 9, 10)]  # quads, a straight, trips on board
    for board in boards:
        live = np.flatnonzero(~known_holdings(board))
        rows = np.empty((len(live), 2 + len(board)), dtype=np.intp)
        rows[:, :2], rows[:, 2:] = HOLDINGS[live], board
        values = HandRanker.rank_many(rows, validate=False)
        for ours, plain in zip(holding_scales._showdown_counts(values, rows[:, :2]), holding_showdowns(values)):
            assert ours.dtype == plain.dtype and np.array_equal(ours, plain), board


def test_one_blend_serves_every_tally_with_the_same_counts():
    """Every modelling seat counts the same actions of an opponent: the shares of equal counts are blended once (the
    same tuple), counts that differ in the context's rounds are blended afresh, and the blend is the frequencies'."""
    from poker.players.frequencies import ActionFrequencies

    first, second = ActionFrequencies(), ActionFrequencies()
    for tally in (first, second):
        for street, bets, action in (('preflop', 1, 'raise'), ('flop', 0, 'bet'), ('flop', 0, 'check'),
                                     ('flop', 1, 'call')):
            tally.observe(street, bets, action)
    assert first.shares(1, 0) is second.shares(1, 0)
    assert first.shares(1, 0) == tuple(first.frequencies('flop', 0).tolist())
    second.observe('preflop', 2, 'fold')  # (another context: the same blend)
    assert second.shares(1, 0) is first.shares(1, 0)
    second.observe('preflop', 0, 'raise')  # (the context's first round: blended afresh)
    assert second.shares(1, 0) != first.shares(1, 0)
    assert second.shares(1, 0) == tuple(second.frequencies('flop', 0).tolist())
