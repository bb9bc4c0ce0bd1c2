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

import functools
import math
from typing import ClassVar

import attrs
import numpy as np

from ..cards.card import Card
from ..cards.card_inputs import HoleLike, read_cards
from ..cards.holdings import HOLDING_COUNT
from ..cards.income_rates import read_opponents
from ..errors import PokerError
from ..ranges.weight_inputs import WeightsLike
from ..stats.hand_statistics import HandStatistics
from ..strategy.actions import Action
from ..strategy.advice import DEFAULT_STRATEGY, LokiStrategy
from ..strategy.situation import Advice, Situation
from ..strategy.policy import HoldingStatistics, Policy, column_of
from ..table.game import TableView, read_view
from ..table.records import Decision
from ..validators import flag, shown, text, whole_number

__all__ = ['EVERY_HOLDING_BOARDS', 'KEPT_STATISTICS', 'LokiPlayer', 'preflop_statistics']

EVERY_HOLDING_BOARDS = 16
"""How many boards' statistics of every holding :meth:`LokiPlayer.policy` keeps (against every holding alike: the
same for every seat without a model; about 0.3 MB a board)."""


def preflop_statistics(hole: HoleLike, opponents: int) -> HandStatistics:
    """:meth:`Player.calculate_hand_statistics <poker.stats.player.Player.calculate_hand_statistics>` of ``hole``
    before the flop against ``opponents`` holding anything: the same for the same cards, so kept (a match deals
    every deal's hole cards once per seating).

    >>> preflop_statistics('Ah Ad', 1) is preflop_statistics('Ah Ad', 1)
    True
    """
    cards = tuple(read_cards(hole))
    return _preflop_statistics(cards, read_opponents(opponents))


def _preflop_statistics(hole: tuple[Card, ...], opponents: int) -> HandStatistics:
    """:func:`preflop_statistics` of two cards and a number of opponents read (either order of the cards: the
    same statistics, kept once)."""
    first, second = hole
    return _kept_preflop_statistics((first, second) if first.index > second.index else (second, first), opponents)


@functools.lru_cache(maxsize=4096)
def _kept_preflop_statistics(hole: tuple[Card, Card], opponents: int) -> HandStatistics:
    from ..stats.player import Player
    return Player(hole).calculate_hand_statistics(opponents=opponents)


KEPT_STATISTICS = 64
"""How many of the latest statistics after the flop :func:`_kept_statistics` keeps (a seat decides again on the same
cards, board and weights within a hand; a key holds the weights' bytes, some 10 kB a table: at most a few MB)."""
_KEPT: dict[tuple[object, ...], HandStatistics] = {}


def _weights_key(weights: WeightsLike) -> tuple[object, ...] | None:
    """The weights by value, as a key: none, a float table or a list of them (their shapes and bytes); None for
    weights in any other form (not kept)."""
    if weights is None:
        return ()
    if type(weights) is np.ndarray and weights.dtype == np.float64:
        return (weights.shape, weights.tobytes())
    if type(weights) is list and all(type(table) is np.ndarray and table.dtype == np.float64 for table in weights):
        return tuple((table.shape, table.tobytes()) for table in weights)
    return None


def _kept_statistics(hole: tuple[Card, ...], board: tuple[Card, ...], *, opponents: int, lookahead: int | None,
                    weights: WeightsLike) -> HandStatistics:
    """:meth:`Player(hole, board).calculate_hand_statistics <poker.stats.player.Player.calculate_hand_statistics>`
    with these arguments, kept for the latest :data:`KEPT_STATISTICS` by value (the cards, the board, the opponents,
    the look-ahead and the weights' bytes): the same exact counts, computed once. Weights in a form other than
    NumPy float tables are computed afresh each time.

    >>> from poker.cards.card import parse_cards
    >>> hole, board = tuple(parse_cards('Ah Kh')), tuple(parse_cards('Ad 7c 2s'))
    >>> _kept_statistics(hole, board, opponents=1, lookahead=None, weights=None) is \\
    ...     _kept_statistics(hole, board, opponents=1, lookahead=None, weights=None)
    True
    """
    from ..stats.player import Player
    weights_key = _weights_key(weights)
    key = (hole, board, opponents, lookahead, weights_key)
    found = _KEPT.get(key) if weights_key is not None else None
    if found is None:
        found = Player(hole, board).calculate_hand_statistics(opponents=opponents, lookahead=lookahead, weights=weights)
        if weights_key is not None:
            if len(_KEPT) >= KEPT_STATISTICS:
                _KEPT.clear()
            _KEPT[key] = found
    return found


@functools.lru_cache(maxsize=EVERY_HOLDING_BOARDS)
def _every_holding(board: tuple[int, ...], opponents: int, lookahead: int | None, next_card: bool) \
        -> HoldingStatistics:
    """The statistics of every holding on ``board`` against ``opponents`` holding anything
    (:func:`~poker.stats.range_stats.range_statistics`), with the next-card PPOT when ``next_card``."""
    from ..stats.range_stats import range_statistics
    cards = [Card.from_index(card) for card in board]
    if not next_card:
        return HoldingStatistics.from_range_statistics(range_statistics(board=cards, opponents=opponents,
                                                                        lookahead=lookahead))
    table = _every_holding(board, opponents, lookahead, False)
    ahead = range_statistics(board=cards, opponents=opponents, lookahead=1)
    return attrs.evolve(table, next_card_ppot=HoldingStatistics.from_range_statistics(ahead).ppot)


class LokiPlayer:
    """A Loki-style seat: hand statistics from :class:`~poker.stats.player.Player`, then Loki's betting rules.

    Hooks for subclasses: :meth:`statistics` (how strong the hand is), :meth:`weights` (what the
    opponents may hold; ``None`` means every holding equally) and :meth:`advise` (what to do about it).
    ``strategy`` is a :class:`~poker.strategy.advice.LokiStrategy` (or a subclass with other thresholds or rules);
    None means the plain one. ``lookahead`` is passed on to the statistics, at most the cards still to come
    (:meth:`street_lookahead`; None: the library's default for the street: 2 cards on the flop, 1 on the turn).
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
        self._deciding: TableView | None = None
        self._situation_kept: tuple[TableView, int | None, Situation] | None = None
        """While :meth:`decide` runs, its view, and the :meth:`situation` of that view made last (with the
        semi-bluff it was made with): the hooks of one decision read one situation, made once."""
        self._weights_kept: tuple[TableView, WeightsLike] | None = None
        """While :meth:`decide` runs, the :meth:`weights` of its view, for a seat whose weights are worth keeping
        (:class:`~poker.players.modelling.ModellingLokiPlayer`'s: the statistics and the next-card PPOT read the
        same)."""

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
        """HS, PPOT, NPOT and EHS of this seat's hand against the opponents still in (before the flop against
        every holding alike, the same for the same cards: kept, :func:`preflop_statistics`)."""
        view = read_view(view)
        weights = self.weights(view)
        if weights is None and not view.board:
            return _preflop_statistics(view.hole, view.opponents)  # (read: the view's)
        return _kept_statistics(view.hole, view.board, opponents=view.opponents, lookahead=self.street_lookahead(view),
                               weights=weights)

    def street_lookahead(self, view: TableView) -> int | None:
        """The look-ahead of the statistics on the view's street: :attr:`lookahead`, at most the cards still to
        come (so ``lookahead=1`` looks one card ahead on the flop and the turn, none on the river), None (the
        library's default) before the flop or when :attr:`lookahead` is None."""
        view = read_view(view)
        if self.lookahead is None or not view.board:
            return None
        return min(self.lookahead, 5 - len(view.board))

    def advise(self, stats: HandStatistics, view: TableView) -> Advice:
        """The :class:`~poker.strategy.advice.Advice` of :attr:`strategy` for these statistics in the
        :meth:`situation` of the view."""
        return (self.strategy or DEFAULT_STRATEGY).advise(stats, self.situation(view))

    def situation(self, view: TableView) -> Situation:
        """The betting the view shows, whether to follow a semi-bluff through (:meth:`follows_through`) and the
        chance of a bet behind (:meth:`bet_chance`)."""
        view = read_view(view)
        kept = self._situation_kept
        if kept is not None and kept[0] is view and kept[1] == self.semi_bluff_at and view is self._deciding:
            return kept[2]  # (the same view within one decision, the seat's models unchanged: the same situation)
        situation = Situation(view.pot, view.to_call, view.bet_size, view.bets_this_round, view.called_this_round,
                              view.put_in_this_round, follow_through=self.follows_through(view),
                              bet_behind=self.bet_chance(view))
        if view is self._deciding:
            self._situation_kept = (view, self.semi_bluff_at, situation)
        return situation

    def decide(self, view: TableView) -> Decision:
        """The :meth:`advise` action on the :meth:`statistics` (with :meth:`with_next_card_ppot`; before the
        flop :meth:`preflop_advise`, unless ``preflop_income_rates`` is False), with both kept in the decision.
        A semi-bluff is remembered for the rest of the hand (:attr:`semi_bluff_at`).

        This is :meth:`policy` read at the seat's own holding (Loki's policy takes one action for sure with each
        holding, so no random draw): the same rules, computed for that holding alone, which costs a
        thousandth of the whole policy."""
        view = read_view(view)
        if self.first_decision(view):
            self.semi_bluff_at = None
        self._deciding, self._situation_kept, self._weights_kept = view, None, None
        try:
            stats = self.statistics(view)
            if view.street == 'preflop' and self.preflop_income_rates:
                advice = self.preflop_advise(view)
            else:
                stats = self.with_next_card_ppot(stats, view)
                advice = self.advise(stats, view)
                if advice.rule == 'semi_bluff':
                    self.semi_bluff_at = len(view.history)  # where the table records it
        finally:
            self._deciding, self._situation_kept, self._weights_kept = None, None, None
        return Decision(advice.action, stats, advice)

    SEAT_HOOKS: ClassVar[tuple[str, ...]] = ('decide', 'statistics', 'weights', 'advise', 'situation',
                                             'with_next_card_ppot', 'preflop_advise')
    """The hooks :meth:`policy` evaluates as array programs while they are those of the class that computes them
    for every holding (:class:`LokiPlayer`; :class:`~poker.players.modelling.ModellingLokiPlayer`, which overrides
    :meth:`statistics` and :meth:`weights`, computes its own); a subclass that overrides one of them is asked
    holding by holding (:meth:`policy_by_holding`). Before the flop with ``preflop_income_rates``, only ``decide``
    and ``preflop_advise`` count: the statistics do not decide there."""
    DECISION_STATE: ClassVar[tuple[str, ...]] = ('semi_bluff_at', 'preflop_choice', 'preflop_players',
                                                 'preflop_position')
    """What :meth:`decide` changes on the seat: :meth:`policy_by_holding` puts it back after each holding."""

    def policy(self, view: TableView) -> Policy:
        """What this seat would do with each of the 1,326 holdings at this decision, everything else in the view
        (and the seat's state: its semi-bluff, its pre-flop choice, its models) as it is: a
        :class:`~poker.strategy.policy.Policy` that takes one action for sure with each holding possible (those
        without a board card). Read at the seat's own holding, it is what :meth:`decide` does.

        The rules run as array programs (:meth:`LokiStrategy.policy <poker.strategy.advice.LokiStrategy.policy>`,
        :meth:`LokiStrategy.preflop_policy <poker.strategy.advice.LokiStrategy.preflop_policy>`) on the statistics
        of every holding at once (:func:`~poker.stats.range_stats.range_statistics`, the numbers
        :meth:`statistics` gives one holding, exactly, kept for the last :data:`EVERY_HOLDING_BOARDS` boards; a
        :class:`~poker.players.modelling.ModellingLokiPlayer` against its models); a subclass that overrides one of
        :attr:`SEAT_HOOKS` is asked holding by holding (:meth:`policy_by_holding`).
        The seat is left as it was.

        >>> from poker.table.game import TableView
        >>> view = TableView(0, 'Ann', 'Ah Kh', 'Ad 7c 2s 9h 3d', 'river', pot=20, to_call=4, bet_size=4,
        ...                  bets_this_round=1, called_this_round=False, opponents=1, can_raise=True)
        >>> policy = LokiPlayer('Ann').policy(view)
        >>> policy
        <Policy: 1081 holdings possible, fold 0.178, call 0.655, raise 0.167>
        >>> policy.action_at('Ah Kh') == LokiPlayer('Ann').decide(view).action
        True
        """
        view = read_view(view)
        strategy = self.strategy or DEFAULT_STRATEGY
        if view.street == 'preflop' and self.preflop_income_rates:
            if self._overrides('decide', 'preflop_advise'):
                return self.policy_by_holding(view)
            players, position = self._preflop_reading(view)
            situation = Situation(view.pot, view.to_call, view.bet_size, view.bets_this_round,
                                  view.called_this_round, view.put_in_this_round)
            return strategy.preflop_policy(situation, players=players, position=position,
                                           small_blind=view.seat == view.small_blind,
                                           big_blind=view.seat == view.big_blind)
        owner = self._policy_owner()
        if any(getattr(type(self), hook) is not getattr(owner, hook) for hook in self.SEAT_HOOKS):
            return self.policy_by_holding(view)
        table = self._holding_table(view, False)
        situation = self.situation(view)
        if table is not None and strategy.needs_next_card_policy(table, situation):
            table = self._holding_table(view, True)
        if table is None:
            return self.policy_by_holding(view)
        return self._array_policy(table, situation)

    def _array_policy(self, table: HoldingStatistics, situation: Situation) -> Policy:
        """The policy of every holding after the flop from their statistics: :attr:`strategy`'s rules as an array
        program (a Loki-2 seat draws from its probability triples instead)."""
        return (self.strategy or DEFAULT_STRATEGY).policy(table, situation)

    @classmethod
    def _policy_owner(cls) -> type[LokiPlayer]:
        """The class whose :attr:`SEAT_HOOKS` :meth:`_holding_table` computes for every holding: a subclass that
        overrides one of them is asked holding by holding."""
        return LokiPlayer

    def _holding_table(self, view: TableView, next_card: bool) -> HoldingStatistics | None:
        """The statistics of every holding that :meth:`statistics` gives one holding, exactly (with the next-card
        PPOT when ``next_card``), or None to ask holding by holding: against every holding alike, kept for the last
        :data:`EVERY_HOLDING_BOARDS` boards."""
        board = tuple(card.index for card in view.board)
        return _every_holding(board, view.opponents, self.street_lookahead(view), next_card)

    def policy_by_holding(self, view: TableView) -> Policy:
        """:meth:`policy` asked holding by holding: :meth:`decide` on the view with each possible holding as the
        hole cards, the seat's :attr:`DECISION_STATE` put back after each (the slow, plain path: a subclass's
        hooks are honoured whatever they read)."""
        from ..cards.starting_hand import StartingHand
        from ..ranges.weights import known_holdings
        view = read_view(view)
        saved = [getattr(self, name) for name in self.DECISION_STATE]
        columns = np.full(HOLDING_COUNT, -1, dtype=np.int8)
        try:
            for index in np.flatnonzero(~known_holdings(card.index for card in view.board)).tolist():
                hole = StartingHand.from_holding_index(index).cards
                columns[index] = column_of(self.decide(attrs.evolve(view, hole=hole)).action)
                for name, value in zip(self.DECISION_STATE, saved):
                    setattr(self, name, value)
        finally:
            for name, value in zip(self.DECISION_STATE, saved):
                setattr(self, name, value)
        return Policy.from_columns(columns)

    def _overrides(self, *hooks: str) -> bool:
        return any(getattr(type(self), hook) is not getattr(LokiPlayer, hook) for hook in hooks)

    def _preflop_reading(self, view: TableView) -> tuple[float, int]:
        """The players expected to play and the position :meth:`preflop_advise` chooses the strategy with: read at
        the seat's first pre-flop decision, else those kept since."""
        from ..strategy.preflop import expected_players
        if self.first_decision(view) or self.preflop_choice is None:
            voluntary = view.voluntary('preflop') - {view.seat}
            return expected_players(len(voluntary), len(view.active) - 1 - len(voluntary)), view.position
        return self.preflop_players, self.preflop_position

    def first_decision(self, view: TableView) -> bool:
        """Whether the view is this seat's first decision of the hand (no decision of its own in the history)."""
        view = read_view(view)
        return not any(record.seat == view.seat and record.decision is not None for record in view.history)

    def with_next_card_ppot(self, stats: HandStatistics, view: TableView) -> HandStatistics:
        """``stats`` with :attr:`~poker.stats.hand_statistics.HandStatistics.next_card_ppot` when the pot-odds
        rule will weigh it (:meth:`~poker.strategy.advice.LokiStrategy.needs_next_card_ppot`: on the flop, facing
        a bet, when the rules before it pass): PPOT one card ahead, against the same :meth:`weights` and
        opponents (Papp 6.5)."""
        if not (self.strategy or DEFAULT_STRATEGY).needs_next_card_ppot(stats, self.situation(view)):
            return stats
        return self._with_next_card(stats, read_view(view))

    def _with_next_card(self, stats: HandStatistics, view: TableView) -> HandStatistics:
        """``stats`` (read) with the next-card PPOT of the view's hand, against the same :meth:`weights` and
        opponents."""
        one_card = _kept_statistics(view.hole, view.board, opponents=stats.opponents, lookahead=1,
                                   weights=self.weights(view))
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
        view = read_view(view)
        strategy = self.strategy or DEFAULT_STRATEGY
        if self.first_decision(view) or self.preflop_choice is None:
            self.preflop_players, self.preflop_position = self._preflop_reading(view)
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
