"""The fixed-limit table: blinds, order of play, the cap, folds, showdowns, split pots, chips conserved."""

from __future__ import annotations

import itertools

import attrs
import pytest

from poker import BettingError, PokerError, RankableHand
from poker.strategy.actions import Action, Blind
from poker.players.loki import LokiPlayer
from poker.table.game import FixedLimitGame, TableView
from poker.table.records import ActionRecord, Decision, HandResult


class Scripted:
    """Plays the actions it is given, in turn, then calls; records every view it is shown."""

    def __init__(self, name: str, actions: str = '') -> None:
        self.name = name
        self.actions = actions.split()
        self.views: list[TableView] = []

    def decide(self, view: TableView) -> Decision:
        self.views.append(view)
        return Decision(self.actions.pop(0) if self.actions else 'call')


def table(*scripts: str, seed: int = 1, **options) -> tuple[FixedLimitGame, list[Scripted]]:
    players = [Scripted(name, script) for name, script in zip('ABCDEFGHIJ', scripts)]
    return FixedLimitGame(players, seed=seed, **options), players


def moves(hand: HandResult, street: str) -> list[tuple[str, str, int]]:
    return [(hand.names[r.seat], r.action, r.amount) for r in hand.street_actions(street)]


def test_legal_action_table():
    legal = FixedLimitGame.legal_action
    assert [legal(a, 0, True) for a in Action] == ['check', 'check', 'check', 'bet', 'bet']
    assert [legal(a, 2, True) for a in Action] == ['fold', 'fold', 'call', 'raise', 'raise']
    assert [legal(a, 2, False) for a in Action] == ['fold', 'fold', 'call', 'call', 'call']
    with pytest.raises(PokerError, match="unknown action 'shove'"):
        legal('shove', 0, True)


def test_one_vocabulary_of_actions_from_the_decision_to_the_record():
    """Text or Action in, Action out; the table records Actions and Blinds, each equal to its text."""
    assert Decision('raise').action is Action.RAISE and Decision(Action.CALL).action is Action.CALL
    for bad in ('shove', 'small blind', None, 3):
        with pytest.raises(BettingError, match='unknown action'):
            Decision(bad)  # type: ignore[arg-type]
    assert ActionRecord('preflop', 0, 'big blind', 2, 3).action is Blind.BIG
    with pytest.raises(BettingError, match='unknown action'):
        ActionRecord('preflop', 0, 'ante', 2, 3)
    game, _ = table('raise fold', 'call')
    hand = game.play_hand()
    kinds = {type(record.action) for record in hand.actions}
    assert kinds == {Action, Blind} and [str(r.action) for r in hand.actions][:2] == ['small blind', 'big blind']
    assert all(FixedLimitGame.legal_action(a, 2, True) in Action for a in Action)


def test_the_big_blind_raising_its_option_is_a_raise():
    # everyone calls to the big blind, who raises: a raise over its blind (a bet is already in), not a bet
    game, _ = table('', '', 'raise', '')
    hand = game.play_hand()
    preflop = moves(hand, 'preflop')
    assert preflop[:6] == [('B', 'small blind', 1), ('C', 'big blind', 2), ('D', 'call', 2), ('A', 'call', 2),
                           ('B', 'call', 1), ('C', 'raise', 2)]
    assert preflop[6:] == [('D', 'call', 2), ('A', 'call', 2), ('B', 'call', 2)]
    assert hand.street_actions('preflop')[5].asked is None  # taken as asked (Loki's advice says 'raise' here)
    assert FixedLimitGame.legal_action('bet', 0, True, bets_this_round=1) == 'raise'
    assert FixedLimitGame.legal_action('raise', 0, False, bets_this_round=1) == 'check'


def test_blinds_and_order_with_four_players():
    game, players = table('', '', '', '')
    hand = game.play_hand()
    # button A; B posts the small blind, C the big blind; D acts first before the flop, B first after it
    assert moves(hand, 'preflop') == [('B', 'small blind', 1), ('C', 'big blind', 2), ('D', 'call', 2),
                                      ('A', 'call', 2), ('B', 'call', 1), ('C', 'check', 0)]
    assert [name for name, _, _ in moves(hand, 'flop')] == ['B', 'C', 'D', 'A']
    assert hand.pot == 8 and len(hand.board) == 5 and hand.showdown
    assert game.button == 1  # the button moved
    second = game.play_hand()
    assert moves(second, 'preflop')[:2] == [('C', 'small blind', 1), ('D', 'big blind', 2)]


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_before_the_flop_only():
    game, _ = table('', '')
    hand = game.play_hand()
    assert moves(hand, 'preflop')[:3] == [('A', 'small blind', 1), ('B', 'big blind', 2), ('A', 'call', 1)]
    assert [name for name, _, _ in moves(hand, 'flop')] == ['B', 'A']


def test_four_bets_at_most_and_bet_sizes_by_street():
    game, _ = table('raise ' * 20, 'raise ' * 20)
    hand = game.play_hand()
    assert [a for _, a, _ in moves(hand, 'preflop')] == ['small blind', 'big blind', 'raise', 'raise', 'raise',
                                                         'call']
    for street, size in (('flop', 2), ('turn', 4), ('river', 4)):
        assert moves(hand, street) == [('B', 'bet', size), ('A', 'raise', 2 * size), ('B', 'raise', 2 * size),
                                       ('A', 'raise', 2 * size), ('B', 'call', size)]
    assert hand.pot == 2 * (8 + 8 + 16 + 16)
    capped = hand.street_actions('flop')[-1]
    assert capped.asked == 'raise' and capped.action == 'call'


def test_a_fold_ends_the_hand_without_a_showdown():
    game, _ = table('', '', '', 'fold')  # D, first to act, folds; the others see it through
    hand = game.play_hand()
    assert moves(hand, 'preflop')[2] == ('D', 'fold', 0)
    assert 3 not in hand.hands and hand.showdown and hand.net[3] == 0
    assert all(record.seat != 3 for record in hand.actions if record.street != 'preflop')
    game, _ = table('fold', 'fold', '', 'fold')  # all fold to the big blind
    hand = game.play_hand()
    assert hand.winners == (2,) and not hand.showdown and dict(hand.hands) == {}
    assert hand.board == () and hand.streets == ('preflop',)
    assert hand.net == (0, -1, 1, 0) and hand.pot == 3


def test_fold_for_free_becomes_a_check_and_facing_a_bet_check_is_a_fold():
    game, players = table('call fold fold fold', 'call check')
    hand = game.play_hand()
    flop = moves(hand, 'flop')
    assert flop[0] == ('B', 'check', 0) and flop[1] == ('A', 'check', 0)
    game, players = table('call bet', 'check check check')
    hand = game.play_hand()
    assert moves(hand, 'flop') == [('B', 'check', 0), ('A', 'bet', 2), ('B', 'fold', 0)]
    assert hand.winners == (0,) and hand.net == (2, -2)


def test_showdown_winner_is_the_best_hand_and_chips_are_conserved():
    game, _ = table('', '', '', '', '', seed=11)
    for _ in range(30):
        hand = game.play_hand()
        assert sum(hand.net) == 0
        if hand.showdown:
            best = max(hand.hands.values())
            assert {seat for seat, shown in hand.hands.items() if shown == best} == set(hand.winners)
            assert all(shown == RankableHand((*hand.holes[seat], *hand.board)) for seat, shown in hand.hands.items())
    summary = game.summary()
    assert sum(s.net for s in summary) == 0 and all(s.hands == 30 for s in summary)
    assert sum(s.won for s in summary) == pytest.approx(30)


def test_split_pots_share_the_odd_chip_from_the_button_left():
    # find a seeded two-way tie among three calling players; the odd chip goes to the first winner after the button
    for seed in itertools.count():
        game, _ = table('', '', '', seed=seed, small_bet=3, small_blind=1)
        hand = game.play_hand()
        if len(hand.winners) == 2:
            break
    won = {seat: hand.net[seat] + 3 for seat in hand.winners}  # each put in 3 chips before the flop
    assert sorted(won.values()) == [4, 5]
    assert sum(hand.net) == 0 and hand.pot == 9
    order = [seat for seat in (1, 2, 0) if seat in hand.winners]
    assert (won[order[0]], won[order[1]]) == (5, 4)


def test_the_same_seed_deals_the_same_session():
    first = [table('', '', '', seed=99)[0].play_hand() for _ in range(1)]
    again = [table('', '', '', seed=99)[0].play_hand() for _ in range(1)]
    assert first[0].holes == again[0].holes and first[0].board == again[0].board
    other = table('', '', '', seed=98)[0].play_hand()
    assert other.holes != first[0].holes


def test_views_show_what_a_seat_may_know():
    game, players = table('raise', '', '')
    game.play_hand()
    view = players[0].views[0]  # A, the button, acts first of three before the flop
    assert view.to_call == 2 and view.pot == 3 and view.bets_this_round == 1 and view.opponents == 2
    assert view.board == () and view.street == 'preflop' and view.can_raise and not view.called_this_round
    later = players[1].views[0]  # B faces A's raise: 3 to call from the small blind
    assert later.to_call == 3 and later.bets_this_round == 2
    flop = next(v for v in players[0].views if v.street == 'flop')
    assert len(flop.board) == 3 and flop.to_call == 0 and flop.bet_size == 2
    assert all(not set(v.hole) & set(v.board) for p in players for v in p.views)


def test_table_checks_its_settings():
    with pytest.raises(PokerError, match='2 to 10 players, got 1'):
        FixedLimitGame([Scripted('A')])
    with pytest.raises(PokerError, match='small_bet must be a positive whole number'):
        table('', '', small_bet=0)
    with pytest.raises(PokerError, match='hands must be a whole number'):
        table('', '')[0].play(-1)
    for name in ('small_bet', 'big_bet', 'small_blind', 'cap'):
        with pytest.raises(PokerError, match=f"{name} must be a positive whole number, got '2'"):
            table('', '', **{name: '2'})
    game, _ = table('', '', small_bet=1)  # the default small blind is half the big blind, at least 1 chip
    assert game.small_blind == 1 and game.play_hand().street_actions('preflop')[0].amount == 1


def test_summary_per_hand_checks_its_unit():
    game, _ = table('', '')
    summary = game.play(2)[0]
    assert summary.per_hand(2) == summary.net / 2 / 2
    for unit in (0, -2, 'x', float('nan')):
        with pytest.raises(PokerError, match='unit must be a number of chips more than 0'):
            summary.per_hand(unit)


class Watching(LokiPlayer):
    """A LokiPlayer that keeps every view it decided on."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.seen: list[tuple[TableView, Decision]] = []

    def decide(self, view: TableView) -> Decision:
        decision = super().decide(view)
        self.seen.append((view, decision))
        return decision


def test_loki_players_compute_statistics_and_follow_the_advice():
    players = [Watching('Ann'), Watching('Bob'), Watching('Cat')]
    game = FixedLimitGame(players, seed=2026)
    for _ in range(3):
        for player in players:
            player.seen.clear()
        hand = game.play_hand()
        assert sum(hand.net) == 0
        decided = [r for r in hand.actions if r.decision is not None]
        assert decided
    # replay the last hand's decisions: each action is the legal form of the advice, on this seat's cards
    for player in players:
        for view, decision in player.seen:
            stats = decision.stats
            assert tuple(stats.board) == view.board and set(stats.hole) == set(view.hole)
            assert stats.opponents == view.opponents and 0 <= stats.ehs <= 1
            assert decision.action == decision.advice.action
    taken = [(r.seat, r.action) for r in hand.actions if r.decision is not None]
    replayed = [(seat, FixedLimitGame.legal_action(d.action, v.to_call, v.can_raise))
                for seat, player in enumerate(players) for v, d in player.seen]
    assert sorted(taken) == sorted(replayed)


# ------------------------------------------------------------------------------- issue 12: hooks, positions
class Recorder:
    """Records what the table tells it; always calls."""

    def __init__(self, name):
        self.name, self.calls, self.views = name, [], []

    def begin_hand(self, seat, names, hole, button):
        self.calls.append(('begin', seat, button, len(hole)))

    def observe(self, record, board):
        self.calls.append(('observe', record.seat, record.action, record.bets_to_call, len(board)))

    def end_hand(self, result):
        self.calls.append(('end', result.number))

    def decide(self, view):
        self.views.append(view)
        return Decision('call')


def test_table_tells_observers_every_action_in_order():
    from poker.table.game import FixedLimitGame
    seats = [Recorder(name) for name in ('Ann', 'Bob', 'Cat', 'Dan')]
    hand = FixedLimitGame(seats, seed=5).play_hand()
    calls = seats[2].calls
    assert calls[0] == ('begin', 2, 0, 2) and calls[-1] == ('end', 1)
    observed = [c for c in calls if c[0] == 'observe']
    assert [(c[1], c[2]) for c in observed] == [(r.seat, r.action) for r in hand.actions]
    first = next(r for r in hand.actions if r.decision is not None)
    assert first.to_call == 2 and first.bet_size == 2 and first.bets_to_call == 1


def test_positions_as_papp_counts_them():
    from poker.table.game import FixedLimitGame
    seats = [Recorder(name) for name in 'ABCDEF']
    FixedLimitGame(seats, seed=1).play_hand()       # button seat 0, blinds seats 1 and 2
    first = {seat: recorder.views[0] for seat, recorder in enumerate(seats)}
    assert {seat: view.position for seat, view in first.items()} == {3: 3, 4: 2, 5: 1, 0: 0, 1: 5, 2: 4}
    assert first[1].small_blind == 1 and first[1].big_blind == 2
    assert first[4].voluntary('preflop') == {3}


def test_loki_chooses_its_preflop_strategy_once():
    from poker.players.loki import LokiPlayer
    from poker.table.game import FixedLimitGame
    lokis = [LokiPlayer(name) for name in 'ABCD']
    game = FixedLimitGame(lokis, seed=11)
    for _ in range(20):
        hand = game.play_hand()
        for seat in range(4):
            rules = {r.decision.advice.rule for r in hand.street_actions('preflop')
                     if r.seat == seat and r.decision is not None}
            assert len(rules) <= 1
            assert rules <= {'Make0', 'Call1', 'Make1', 'Call2', 'Make2', 'Make4'}
    old = LokiPlayer('old', preflop_income_rates=False)
    hand = FixedLimitGame([old, LokiPlayer('new')], seed=2).play_hand()
    assert hand.actions[2].decision.advice.rule not in ('Make0', 'Make1', 'Make2', 'Make4')


def test_the_table_ranks_showdowns_through_its_ranker():
    import numpy as np

    from poker import HandRanker
    from poker.players.bots import CallingStation

    class Lowball(HandRanker):  # the weakest hand wins: every showdown turns around
        calls = 0

        @classmethod
        def rank_many(cls, indices, *, validate=True):
            Lowball.calls += 1
            return (7463 - super().rank_many(indices, validate=validate)).astype(np.int16)

    class LowballGame(FixedLimitGame):
        ranker = Lowball

    stations = [CallingStation(name) for name in 'ABC']
    usual, lowball = FixedLimitGame(stations, seed=5), LowballGame(stations, seed=5)
    turned = 0
    for _ in range(20):
        one, two = usual.play_hand(), lowball.play_hand()
        assert one.holes == two.holes and one.board == two.board  # calling stations: every hand to showdown
        standard = {seat: RankableHand(shown.cards).value for seat, shown in two.hands.items()}
        assert set(two.winners) == {seat for seat, value in standard.items() if value == min(standard.values())}
        assert all(shown.value == 7463 - standard[seat] for seat, shown in two.hands.items())  # shown as ranked
        turned += set(one.winners) != set(two.winners)
    assert Lowball.calls == 20 * (1 + 3) and turned >= 15  # a batch per showdown, and each shown hand (rank)


class Told:
    """Plays the actions it is given, in order, and keeps what each view said about its round."""

    def __init__(self, name, actions):
        self.name, self.actions, self.seen = name, list(actions), []

    def decide(self, view):
        self.seen.append((view.street, view.to_call, view.called_this_round, view.put_in_this_round))
        return Decision(self.actions.pop(0))


def test_called_a_bet_this_round_is_a_call_of_a_bet_not_a_check_or_a_bet():
    """Pena's exception to Make1's fold is "has already called a bet this round"; Papp's pre-flop kludge is
    "has put money in voluntarily" (a call, bet or raise). A check is neither."""
    from poker.table.game import FixedLimitGame
    ann = Told('Ann', ['call', 'raise', 'raise', 'raise', 'check'])
    bob = Told('Bob', ['call', 'check', 'call', 'bet', 'call', 'bet', 'call'])
    cat = Told('Cat', ['check', 'bet', 'call', 'raise', 'call', 'call', 'check'])
    FixedLimitGame([ann, bob, cat], seed=2).play_hand()     # button Ann, blinds Bob and Cat
    # flop: Bob checks, Cat bets, Ann raises: Bob has neither called a bet nor put chips in
    assert bob.seen[2] == ('flop', 4, False, False)
    # ... and Cat, who bet, faces Ann's raise having put chips in but called no bet
    assert cat.seen[2] == ('flop', 2, False, True)
    # turn: Bob bets, Cat raises, Ann re-raises: Bob and Cat have put chips in but called no bet
    assert bob.seen[4] == ('turn', 8, False, True)
    assert cat.seen[4] == ('turn', 4, False, True)
    # river: Bob bets, Cat calls, Ann raises: Cat has called a bet, Bob has not
    assert bob.seen[6] == ('river', 4, False, True)
    assert cat.seen[6] == ('river', 4, True, True)


# ------------------------------------------------------------------------------- issue 19: three of Papp's rules
from poker.stats.hand_statistics import HandStatistics  # noqa: E402
from poker.strategy.advice import LokiStrategy  # noqa: E402


def flop_view(seat=0, hole='8h 7h', board='Kh 4h 2c', pot=4, to_call=2, bets=1, opponents=None, seats=3, button=2,
              active=None, history=()):
    from poker import parse_cards
    active = tuple(range(seats)) if active is None else active
    opponents = max(1, len(active) - 1) if opponents is None else opponents
    return TableView(seat=seat, name='Ann', hole=tuple(parse_cards(hole)), board=tuple(parse_cards(board)),
                     street='flop' if len(board.split()) == 3 else 'turn', pot=pot, to_call=to_call, bet_size=2,
                     bets_this_round=bets, called_this_round=False, opponents=opponents, can_raise=True,
                     history=history, seats=seats, button=button, active=active)


class TwoCardPotOdds(LokiStrategy):
    flop_pot_odds_lookahead = 2


def test_flop_pot_odds_weigh_the_next_card():
    """Papp 6.5: on the flop the pot odds weigh PPOT as the chance that the next card makes the hand. 8h7h on
    Kh4h2c against two opponents: PPOT 0.472 two cards ahead, 0.282 one card ahead (EHS' 0.479, no Make1);
    2 to call into 4 needs 1/3: a fold on the next card, a call on two."""
    from poker.stats.player import Player
    view = flop_view()
    decision = LokiPlayer('Ann').decide(view)
    one_card = Player('8h 7h', 'Kh 4h 2c').calculate_hand_statistics(opponents=2, lookahead=1)
    assert decision.stats.next_card_ppot == one_card.ppot and round(one_card.ppot, 3) == 0.282
    assert round(decision.stats.ppot, 3) == 0.472 and decision.stats.lookahead == 2   # EHS' keeps two cards
    assert (decision.action, decision.advice.rule) == ('fold', 'check_or_fold')
    assert 'next-card PPOT 0.282 < pot odds 0.333' in decision.advice.reason
    before = LokiPlayer('Ann', strategy=TwoCardPotOdds()).decide(view)           # the switch: as before
    assert (before.action, before.advice.rule) == ('call', 'pot_odds') and before.stats.next_card_ppot is None
    # nothing to call, or the turn: no second count
    assert LokiPlayer('Ann').decide(flop_view(to_call=0, bets=0)).stats.next_card_ppot is None
    assert LokiPlayer('Ann').decide(flop_view(board='Kh 4h 2c 9s')).stats.next_card_ppot is None


class Drawing(LokiPlayer):
    """A Loki seat whose statistics are set by street (its cards do not matter): a pair-like hand before the
    flop (it checks or calls), then the given hand strength and PPOT, one card ahead."""

    def __init__(self, name, hs_n=0.1, ppot=None, strategy=None):
        super().__init__(name, strategy=strategy, preflop_income_rates=False)
        self.hs_n, self.ppot = hs_n, ppot or {'flop': 0.4}

    def statistics(self, view):
        if view.street == 'preflop':
            return HandStatistics(hs=0.6, hs_n=0.6, ppot=0.0, npot=0.0, ahead=6, tied=0, behind=4)
        return HandStatistics(hs=self.hs_n, hs_n=self.hs_n, ppot=self.ppot.get(view.street, 0.0), npot=0.0,
                              ahead=1, tied=0, behind=9, lookahead=0 if view.street == 'river' else 1,
                              board=view.board, hole=view.hole)


def rules_by_street(hand, seat):
    return [(r.street, r.action, r.decision.advice.rule) for r in hand.actions
            if r.seat == seat and r.decision is not None and r.street != 'preflop']


class FollowOnTheRiver(LokiStrategy):
    follow_through_river = True


class NoFollowThrough(LokiStrategy):
    semi_bluff_follow_through = False


def test_a_semi_bluff_is_followed_through_while_no_one_else_bets():
    """Papp 6.4: if nobody else bets or raises, Loki keeps betting on later streets even without enough
    potential. Heads-up, Loki in the big blind acts first after the flop: it semi-bluffs the flop (PPOT 0.4),
    has no potential on the turn, and bets it all the same; not on the river (ours, a switch)."""
    loki = Drawing('Loki')
    hand = FixedLimitGame([Scripted('Bob', 'call call call check'), loki], seed=1).play_hand()
    assert rules_by_street(hand, 1) == [('flop', 'bet', 'semi_bluff'), ('turn', 'bet', 'semi_bluff_follow'),
                                        ('river', 'check', 'check_or_fold')]
    assert loki.semi_bluff_at is not None and loki.state() is None         # a hand's memory, not a state
    river = FixedLimitGame([Scripted('Bob', 'call call call check'), Drawing('Loki', strategy=FollowOnTheRiver())],
                           seed=1).play_hand()
    assert [rule for *_, rule in rules_by_street(river, 1)] == ['semi_bluff', 'semi_bluff_follow', 'semi_bluff_follow']
    off = FixedLimitGame([Scripted('Bob', 'call call call check'), Drawing('Loki', strategy=NoFollowThrough())],
                         seed=1).play_hand()
    assert [rule for *_, rule in rules_by_street(off, 1)] == ['semi_bluff', 'check_or_fold', 'check_or_fold']


def test_no_follow_through_once_someone_else_has_bet_or_raised():
    raised = FixedLimitGame([Scripted('Bob', 'call raise check check'), Drawing('Loki')], seed=1).play_hand()
    assert [rule for *_, rule in rules_by_street(raised, 1)] == ['semi_bluff', 'pot_odds', 'check_or_fold',
                                                                 'check_or_fold']
    # a new hand forgets the semi-bluff at the seat's first decision
    loki = Drawing('Loki')
    game = FixedLimitGame([Scripted('Bob', 'call call call check'), loki], seed=1)
    game.play_hand()
    remembered = loki.semi_bluff_at
    game.players[0].actions = ['call', 'check', 'check', 'check', 'check', 'check']
    loki.ppot = {}
    second = game.play_hand()       # Loki on the button now: no semi-bluff, nothing to follow through
    assert remembered is not None and loki.semi_bluff_at is None
    assert 'semi_bluff_follow' not in [rule for *_, rule in rules_by_street(second, 1)]


def test_seats_acting_after_this_one_in_the_rounds_first_pass():
    # four seats, button 2: after the flop seat 3 acts first, the button last
    assert flop_view(seat=3, seats=4, button=2).acting_after == (0, 1, 2)
    assert flop_view(seat=0, seats=4, button=2, active=(0, 2, 3)).acting_after == (2,)
    assert flop_view(seat=2, seats=4, button=2).acting_after == ()
    # heads-up after the flop: the big blind acts first, the button after it
    assert flop_view(seat=1, seats=2, button=0).acting_after == (0,)
    assert flop_view(seat=0, seats=2, button=0).acting_after == ()
    assert flop_view(seats=0).acting_after == ()                      # the table unknown
    game = FixedLimitGame([Recorder(name) for name in 'ABCD'], seed=1)
    game.play_hand()                                                  # button 0, blinds 1 and 2
    first = {seat: player.views[0] for seat, player in enumerate(game.players)}
    assert first[3].acting_after == (0, 1, 2) and first[2].acting_after == ()   # before the flop: to the big blind


class Strong(Drawing):
    def __init__(self, name, strategy=None):
        super().__init__(name, hs_n=0.9, ppot={}, strategy=strategy)


class NoCheckRaise(LokiStrategy):
    use_check_raise = False


class CoinFlip(LokiStrategy):
    check_raise_chance = 0.5


class Reading(Strong):
    default_bet_frequency = 0.5   # every seat read as Table B.2's typical player


def test_a_make2_hand_checks_to_raise_when_a_bet_behind_is_likely():
    """Papp 6.2 and 6.8: check-raising comes first. Heads-up after the flop Loki (big blind) acts first; the
    button bets half the time when checked to (Table B.2, no model): a strategy that check-raises on a coin flip
    checks its Make2 hand and raises; the default (0.6) bets it."""
    hand = FixedLimitGame([Scripted('Bob', 'call bet call bet call bet call'), Reading('Loki', strategy=CoinFlip())],
                          seed=1).play_hand()
    assert rules_by_street(hand, 1)[:2] == [('flop', 'check', 'check_raise'), ('flop', 'raise', 'make2')]
    default = FixedLimitGame([Scripted('Bob', 'call call'), Reading('Loki')], seed=1).play_hand()
    assert rules_by_street(default, 1)[0] == ('flop', 'bet', 'make2')
    assert Reading('Loki').bet_chance(flop_view(seat=1, seats=2, button=0)) == 0.5
    assert Reading('Loki').bet_chance(flop_view(seat=3, seats=4, button=2)) == 1 - 0.5 ** 3
    assert Reading('Loki').bet_chance(flop_view(seat=0, seats=2, button=0)) == 0.0  # last to act: bets
    assert Strong('Loki').bet_chance(flop_view(seat=3, seats=4, button=2)) == 0.0   # no model, no read
    off = FixedLimitGame([Scripted('Bob', 'call call'), Strong('Loki', strategy=NoCheckRaise())], seed=1).play_hand()
    assert rules_by_street(off, 1)[0] == ('flop', 'bet', 'make2')
    on_the_button = FixedLimitGame([Strong('Loki'), Scripted('Bob', 'check check')], seed=1).play_hand()
    assert rules_by_street(on_the_button, 0)[0] == ('flop', 'bet', 'make2')


# ------------------------------------------------------------------------------------ one seat interface
def test_a_view_built_with_its_defaults_plays_every_street():
    """The issue's view: no seats, no active seats, no blind records. Loki decides on it before the flop (it
    failed with 'players must be a number from 1 to 23 (expected to play), got 0.4'), and the blinds and the
    position are the table's once the button and the seats are known."""
    bare = TableView(seat=0, name='Ann', hole=('Ah', 'Kh'), board=(), street='preflop', pot=3, to_call=1,
                     bet_size=2, bets_this_round=1, called_this_round=False, opponents=2, can_raise=True)
    assert bare.active == (0, 1, 2) and bare.small_blind is None and bare.position == 2
    assert LokiPlayer('Ann').decide(bare).action == 'raise'
    seated = attrs.evolve(bare, seats=3, button=2)   # seat 0 left of the button: the small blind
    assert (seated.small_blind, seated.big_blind, seated.position) == (0, 1, 2)
    on_button = attrs.evolve(bare, seats=3, button=0, to_call=2)
    assert (on_button.small_blind, on_button.big_blind, on_button.position) == (1, 2, 0)
    assert LokiPlayer('Ann').decide(on_button).action in Action


@pytest.mark.parametrize('changes, message', [
    ({'board': ('2c', '3d', '4h')}, 'board must hold the 0 cards of the preflop, got 3'),
    ({'street': 'flop', 'board': ('Ah', '3d', '4h')}, 'hole and board share a card'),
    ({'hole': ('Ah',)}, r"hole must be two cards, got \('Ah',\)"),
    ({'active': (1, 2)}, 'active must list the seats still in, once each, seat 0 among them'),
    ({'seats': 2}, r'seats must be more than the opponents \(2\)'),
    ({'seats': 3, 'button': 3}, r'button must name seats below seats \(3\), got \(3,\)'),
    ({'seats': 3, 'active': (0, 1, 4)}, r'active must name seats below seats \(3\)'),
])
def test_a_view_whose_fields_disagree_is_refused_naming_the_field(changes, message):
    fields = dict(seat=0, name='Ann', hole=('Ah', 'Kh'), board=(), street='preflop', pot=3, to_call=1, bet_size=2,
                  bets_this_round=1, called_this_round=False, opponents=2, can_raise=True)
    with pytest.raises(PokerError, match=message):
        TableView(**{**fields, **changes})


def test_the_optional_calls_are_declared_on_the_seat_protocol():
    """begin_hand, observe, end_hand, state and resume are on the Contender protocol, documented; the table calls
    a seat's own, never the protocol's declarations (a seat may subclass Contender)."""
    from poker.table.game import Contender, seat_hook
    for name in ('begin_hand', 'observe', 'end_hand', 'state', 'resume'):
        assert getattr(Contender, name).__doc__.startswith('Optional')

    class Plain(Contender):
        def __init__(self, name: str) -> None:
            self.name = name
            self.seen: list[str] = []

        def decide(self, view: TableView) -> Decision:
            return Decision('call')

    class Watcher(Plain):
        def observe(self, record: ActionRecord, board: tuple) -> None:
            self.seen.append(record.action)

    plain, watcher = Plain('Ann'), Watcher('Bob')
    assert seat_hook(plain, 'observe') is None and seat_hook(plain, 'state') is None
    assert seat_hook(watcher, 'observe') is not None
    hand = FixedLimitGame([plain, watcher], seed=3).play_hand()
    assert watcher.seen == [record.action for record in hand.actions] and plain.seen == []
    with pytest.raises(PokerError, match='name must be one of begin_hand'):
        seat_hook(plain, 'decide')


def test_a_seat_that_renames_itself_to_no_text_is_refused_at_the_next_hand():
    """The table makes its records without the constructors' checks; a name read once at the door may change
    afterwards (a seat's ``name`` is its own attribute), so each hand reads the names again."""
    class Renamer:
        def __init__(self, name):
            self.name = name

        def decide(self, view):
            return Decision('call')

    first, second = Renamer('Ann'), Renamer('Bob')
    game = FixedLimitGame([first, second], seed=2)
    assert game.play_hand().names == ('Ann', 'Bob')
    second.name = 7
    with pytest.raises(PokerError, match='names must be text'):
        game.play_hand()


def test_the_tables_own_values_still_need_every_field():
    from poker.table.game import _made
    with pytest.raises(PokerError, match='TableView needs exactly its fields'):
        _made(TableView, seat=1)
