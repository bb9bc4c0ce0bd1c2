"""Loki's seat: at each decision its hand statistics (:meth:`Player.calculate_hand_statistics
<poker.stats.player.Player.calculate_hand_statistics>`), then Loki's betting rules
(:meth:`LokiStrategy.advise <poker.strategy.advice.LokiStrategy.advise>`); before the flop Papp's pre-flop
play. :class:`~poker.players.modelling.ModellingLokiPlayer` adds opponent models to it.

>>> from poker.table import FixedLimitGame
>>> game = FixedLimitGame([LokiPlayer('Ann'), LokiPlayer('Bob')], seed=3)
>>> summary = game.play(2)
>>> [seat.name for seat in summary], sum(seat.net for seat in summary)
(['Ann', 'Bob'], 0)
"""

from __future__ import annotations

import math
from typing import ClassVar

import attrs

from ..errors import PokerError
from ..ranges.weight_inputs import WeightsLike
from ..stats.hand_statistics import HandStatistics
from ..strategy.actions import Action
from ..strategy.advice import DEFAULT_STRATEGY, Advice, LokiStrategy, Situation
from ..table.game import TableView, read_view
from ..table.records import Decision
from ..validators import flag, shown, text, whole_number

__all__ = ['LokiPlayer']


class LokiPlayer:
    """A Loki-style seat: hand statistics from :class:`~poker.stats.player.Player`, then Loki's betting rules.

    Hooks for subclasses: :meth:`statistics` (how strong the hand is), :meth:`weights` (what the
    opponents may hold; ``None`` means every holding equally) and :meth:`advise` (what to do about it).
    ``strategy`` is a :class:`~poker.strategy.advice.LokiStrategy` (or a subclass with other thresholds or rules);
    None means the plain one. ``lookahead`` is passed on to the statistics (None: the library's default
    for the street: 2 cards on the flop, 1 on the turn).
    """

    def __init__(self, name: str, *, strategy: LokiStrategy | None = None, lookahead: int | None = None,
                 preflop_income_rates: bool = True) -> None:
        self.name = text('name', name, error=PokerError)
        if strategy is not None and not isinstance(strategy, LokiStrategy):
            raise PokerError(f'strategy must be a LokiStrategy or None, got {shown(strategy)}')
        self.strategy = strategy
        self.lookahead = None if lookahead is None else whole_number('lookahead', lookahead, maximum=2,
                                                                       error=PokerError)
        self.preflop_income_rates = flag('preflop_income_rates', preflop_income_rates, error=PokerError)
        self.preflop_choice: str | None = None
        self.preflop_players: float = 2.0
        self.preflop_position: int = 0
        self.semi_bluff_at: int | None = None
        """Where this seat's semi-bluff of this hand is in the history (None: none yet); reset at the seat's
        first decision of each hand."""

    def state(self) -> object:
        """What this seat keeps from hand to hand: nothing (None); a subclass that learns returns what it learnt."""
        return None

    def resume(self, state: object) -> None:
        """Take up a :meth:`state` (None: nothing to take up)."""
        if state is not None:
            raise PokerError(f'a {type(self).__name__} keeps nothing from hand to hand, got the state {shown(state)}')

    def weights(self, view: TableView) -> WeightsLike:
        """The opponents' holding weights to compute against (a hook; ``None``: all holdings equally)."""
        read_view(view)
        return None

    def statistics(self, view: TableView) -> HandStatistics:
        """HS, PPOT, NPOT and EHS of this seat's hand against the opponents still in."""
        from ..stats.player import Player
        view = read_view(view)
        return Player(view.hole, view.board).calculate_hand_statistics(
            opponents=view.opponents, lookahead=self.lookahead, weights=self.weights(view))

    def advise(self, stats: HandStatistics, view: TableView) -> Advice:
        """The :class:`~poker.strategy.advice.Advice` of :attr:`strategy` for these statistics in the
        :meth:`situation` of the view."""
        return (self.strategy or DEFAULT_STRATEGY).advise(stats, self.situation(view))

    def situation(self, view: TableView) -> Situation:
        """The betting the view shows, whether to follow a semi-bluff through (:meth:`follows_through`) and the
        chance of a bet behind (:meth:`bet_chance`)."""
        view = read_view(view)
        return Situation(view.pot, view.to_call, view.bet_size, view.bets_this_round, view.called_this_round,
                         view.put_in_this_round, follow_through=self.follows_through(view),
                         bet_behind=self.bet_chance(view))

    def decide(self, view: TableView) -> Decision:
        """The :meth:`advise` action on the :meth:`statistics` (with :meth:`with_next_card_ppot`; before the
        flop :meth:`preflop_advise`, unless ``preflop_income_rates`` is False), with both kept in the decision.
        A semi-bluff is remembered for the rest of the hand (:attr:`semi_bluff_at`)."""
        view = read_view(view)
        if self.first_decision(view):
            self.semi_bluff_at = None
        stats = self.statistics(view)
        if view.street == 'preflop' and self.preflop_income_rates:
            advice = self.preflop_advise(view)
        else:
            stats = self.with_next_card_ppot(stats, view)
            advice = self.advise(stats, view)
            if advice.rule == 'semi_bluff':
                self.semi_bluff_at = len(view.history)  # where the table records it
        return Decision(advice.action, stats, advice)

    def first_decision(self, view: TableView) -> bool:
        """Whether the view is this seat's first decision of the hand (no decision of its own in the history)."""
        view = read_view(view)
        return not any(record.seat == view.seat and record.decision is not None for record in view.history)

    def with_next_card_ppot(self, stats: HandStatistics, view: TableView) -> HandStatistics:
        """``stats`` with :attr:`~poker.stats.hand_statistics.HandStatistics.next_card_ppot` when the pot-odds
        rule will weigh it (:meth:`~poker.strategy.advice.LokiStrategy.needs_next_card_ppot`: on the flop, facing
        a bet, when the rules before it pass): PPOT one card ahead, against the same :meth:`weights` and
        opponents (Papp 6.5)."""
        from ..stats.player import Player
        if not (self.strategy or DEFAULT_STRATEGY).needs_next_card_ppot(stats, self.situation(view)):
            return stats
        one_card = Player(view.hole, view.board).calculate_hand_statistics(
            opponents=stats.opponents, lookahead=1, weights=self.weights(view))
        return attrs.evolve(stats, next_card_ppot=one_card.ppot)

    def follows_through(self, view: TableView) -> bool:
        """Whether this seat semi-bluffed on an earlier street of this hand and no other seat has bet or raised
        since (Papp 6.4: then Loki keeps betting)."""
        view = read_view(view)
        at = self.semi_bluff_at
        if at is None or at >= len(view.history):
            return False
        bluff = view.history[at]
        if bluff.seat != view.seat or bluff.street == view.street or bluff.action not in (Action.BET, Action.RAISE):
            return False
        return not any(record.seat != view.seat and record.action in (Action.BET, Action.RAISE)
                       for record in view.history[at + 1:])

    default_bet_frequency: ClassVar[float] = 0.0
    """How often a seat without a model is read as betting when checked to: 0, no read (ours), so Loki
    without models never check-raises. Table B.2's 0.5 (a typical player) made it check-raise whenever two
    players were behind it, which cost 0.38 sb/hand [0.28, 0.48] at a table of five calling stations (who never
    bet) and gained nothing elsewhere (docs/modelling.md); set 0.5 in a subclass for that reading."""

    def bet_frequency(self, view: TableView, seat: int) -> float:
        """How often ``seat`` bets when checked to on this street: :attr:`default_bet_frequency` (a hook; a
        :class:`~poker.players.modelling.ModellingLokiPlayer` reads its model)."""
        read_view(view)
        whole_number('seat', seat, error=PokerError)
        return self.default_bet_frequency

    def bet_chance(self, view: TableView) -> float:
        """The chance that at least one seat still to act after this one this round (:attr:`TableView.acting_after`)
        bets when checked to: ``1 - prod(1 - f)`` over their :meth:`bet_frequency`."""
        view = read_view(view)
        return 1 - math.prod(1 - self.bet_frequency(view, seat) for seat in view.acting_after)

    def preflop_advise(self, view: TableView) -> Advice:
        """Papp's pre-flop play (section 6.1): the strategy chosen at this seat's first pre-flop decision from
        the hand's income rate, the players expected to play and the position, then kept for the round. Its
        "voluntarily put money in" exception reads :attr:`TableView.put_in_this_round`."""
        from ..strategy.preflop import expected_players
        view = read_view(view)
        strategy = self.strategy or DEFAULT_STRATEGY
        if self.first_decision(view) or self.preflop_choice is None:
            voluntary = view.voluntary('preflop') - {view.seat}
            players = expected_players(len(voluntary), len(view.active) - 1 - len(voluntary))
            self.preflop_players, self.preflop_position = players, view.position
            self.preflop_choice = None
        situation = Situation(view.pot, view.to_call, view.bet_size, view.bets_this_round, view.called_this_round,
                              view.put_in_this_round)
        advice = strategy.preflop_advice(view.hole, situation, players=self.preflop_players,
                                         position=self.preflop_position, small_blind=view.seat == view.small_blind,
                                         big_blind=view.seat == view.big_blind, strategy=self.preflop_choice)
        self.preflop_choice = advice.rule
        return advice

    def __repr__(self) -> str:
        return f'{type(self).__name__}({self.name!r})'
