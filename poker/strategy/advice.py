"""Loki's betting rules (Papp 1998, chapter 6): from hand statistics and the betting so far to an action.

The rules, tried in this order (the first that answers decides):

1. **Check-raise** (Papp 6.2, 6.8: first in Loki's order; the trigger is ours, his figure is lost): after
   the flop, with a Make2 hand and nothing to call, check when a seat still to act after the player this
   round is likely to bet (:attr:`Situation.bet_behind` at least 0.6); Make2 raises the bet when it comes
   round.
2. **Make2**, ``EHS' >= 0.85``: raise while fewer than 2 bets have been made this round (bet when none
   has), otherwise call.
3. **Make1**, ``EHS' >= 0.50``: bet if no one has; otherwise call, except when it is 2 or more bets to call
   and the player has not already called this round. That exception does not fold outright: it falls
   through to the rules below, as in Loki (a hand that pot odds would keep is not thrown away for being
   stronger).
4. **Semi-bluff**: with nothing to call, bet when ``PPOT >= 2*bet / (pot + 6*bet)`` (Papp eq. 6.5: the odds
   of calling a bet and a raise), except on the river.
5. **Semi-bluff follow-through** (Papp 6.4): with nothing to call, bet on a later street after a semi-bluff
   when no other seat has bet or raised since (:attr:`Situation.follow_through`), whatever the potential;
   not on the river (ours).
6. **Pot odds**: call when the chance of winning is at least ``to_call / (pot + to_call)`` (eq. 6.6). The
   chance is HSn on the river, PPOT on the turn and, on the flop, PPOT one card ahead (Papp 6.5: the chance
   that the next card makes the hand, :attr:`HandStatistics.next_card_ppot`), not the two-card PPOT of EHS'
   and the semi-bluff.
7. **Showdown odds** (off in the plain strategy; ours, Papp's formula is lost): on the flop and turn, call
   when HSn covers the cost of calling down to the showdown.
8. Otherwise check when nothing is to call, else fold.

Each rule Papp describes but whose details are lost, and each choice of ours, has a switch (a class
attribute of :class:`LokiStrategy`): ``use_check_raise``, ``check_raise_chance``,
``semi_bluff_follow_through``, ``follow_through_river``, ``flop_pot_odds_lookahead``, ``use_showdown_odds``.

"Call" with nothing to call is a check, and "bet" when a bet has been made (a blind) is a raise.

Before the flop the same rules run on the preflop statistics, where ``hs`` is the exact all-in equity and
``PPOT = 0`` (so ``EHS' = HSn``): a semi-bluff never happens and the pot-odds rule compares HSn, the chance
to win at the showdown, as on the river. Loki itself played the preflop on income rates (Papp 6.1); a
subclass can add that as a rule (see :class:`LokiStrategy`).

``pot`` is the pot before the player acts, with every bet of this round so far (so facing a bet of 4 into
16, ``pot`` is 20 and ``to_call`` 4); ``bet_size`` is the fixed-limit bet of the round.

>>> strong = HandStatistics.from_counts(ahead=90, tied=0, behind=10, board=tuple(parse_cards('Ah 7c 2d')))
>>> advice = advise(strong, pot=20, to_call=4, bet_size=4, bets_this_round=1)
>>> advice.action, advice.amount, advice.rule
('raise', 8.0, 'make2')
>>> advice.reason
"Make2: EHS' 0.900 >= 0.85 with 1 bet made this round (fewer than 2): raise 8"
"""

from __future__ import annotations

import functools
from typing import ClassVar

import attrs
import numpy as np

from ..cards.card import Card, parse_cards  # noqa: F401  (parse_cards: used by the doctests)
from ..cards.card_inputs import HoleLike
from ..cards.holdings import HOLDING_COUNT, NUMBER_OF_PAIR
from ..errors import BettingError
from ..stats.hand_statistics import HandStatistics
from ..validators import choice, flag, instance, shown, text, whole_number
from .actions import Action
from .policy import CALL, FOLD, RAISE, HoldingStatistics, Policy, column_of
from .situation import Advice, Situation

__all__ = ['FullLokiStrategy', 'LokiStrategy', 'PreflopPlay', 'advise', 'advise_preflop']


def _chips(amount: float) -> str:
    return f'{amount:g}'


def _stats(stats: HandStatistics) -> HandStatistics:
    return instance('stats', stats, HandStatistics, error=BettingError,
                    what='HandStatistics (from Player.calculate_hand_statistics or HandStatistics.from_counts)')


def _situation(situation: Situation) -> Situation:
    return instance('situation', situation, Situation, error=BettingError, what='a Situation')


def _action(situation: Situation, rule: str, why: str) -> tuple[Situation, str, str]:
    """An action method's arguments checked: the situation, the rule's name and the reason so far."""
    return (_situation(situation), text('rule', rule, error=BettingError),
            text('why', why, longest=10_000, error=BettingError))


class LokiStrategy:
    """Loki's post-flop betting strategy: thresholds as class attributes, each rule a method.

    A rule takes the statistics and the :class:`Situation` and returns an :class:`Advice`, or None to pass
    the decision on; :attr:`rules` names them in order. To change one, subclass and override it:

    >>> class Cautious(LokiStrategy):
    ...     make1_threshold = 0.6
    ...     def semi_bluff(self, stats, situation):
    ...         return None  # never semi-bluff
    >>> draw = HandStatistics(hs=0.3, hs_n=0.3, ppot=0.3, npot=0.1, ahead=3, tied=0, behind=7,
    ...                       lookahead=1, board=tuple(parse_cards('9h 8h 2c')))
    >>> LokiStrategy().advise(draw, Situation(pot=10, to_call=0, bet_size=2)).action
    'bet'
    >>> Cautious().advise(draw, Situation(pot=10, to_call=0, bet_size=2)).action
    'check'
    """

    make2_threshold: ClassVar[float] = 0.85
    """EHS' at or above which the hand is a Make2 (bet and raise)."""
    make1_threshold: ClassVar[float] = 0.50
    """EHS' at or above which the hand is a Make1 (bet, or call)."""
    raise_cap: ClassVar[int] = 2
    """A Make2 raises while fewer than this many bets have been made this round."""
    make1_fold_bets: ClassVar[int] = 2
    """A Make1 stops calling at this many bets to call, unless it has already called this round."""
    rules: ClassVar[tuple[str, ...]] = ('check_raise', 'make2', 'make1', 'semi_bluff', 'semi_bluff_follow',
                                        'pot_odds_call', 'showdown_odds_call', 'check_or_fold')
    """The rule methods, in the order they are tried; the last must always answer."""

    # ---------------------------------------------------------------------------------- decision
    def __repr__(self) -> str:
        return f'{type(self).__name__}()'

    def advise(self, stats: HandStatistics, situation: Situation) -> Advice:
        """The first answer of the :attr:`rules`."""
        stats, situation = _stats(stats), _situation(situation)
        for name in self.rules:
            advice: Advice | None = getattr(self, name)(stats, situation)
            if advice is not None:
                return advice
        raise BettingError(f'no rule of {type(self).__name__} answered: the last of {self.rules} must')

    # ---------------------------------------------------------------------------------- every holding
    def policy(self, table: HoldingStatistics, situation: Situation) -> Policy:
        """What :meth:`advise` answers for every holding at once, as a :class:`~poker.strategy.policy.Policy`
        (one action for sure per holding: check and call in the call column, bet and raise in the raise column).

        The rules run as array programs over the holdings of ``table`` (EHS', pot odds, showdown odds, the
        semi-bluff and its follow-through, the check-raise), in the order of :attr:`rules`, each on the holdings
        that no rule before it has answered. The array programs read the thresholds and switches (class
        attributes) as :meth:`advise` does. A rule that a subclass overrides, or one it adds to :attr:`rules`, is
        asked holding by holding (with :attr:`HoldingStatistics.statistics
        <poker.strategy.policy.HoldingStatistics.statistics>`); a subclass that overrides a measure or an action
        (:data:`PER_HOLDING_METHODS`) is asked holding by holding for every rule. Either way each holding's
        column is the one :meth:`advise` gives it.

        >>> from poker.stats.range_stats import range_statistics
        >>> from poker.strategy.policy import HoldingStatistics
        >>> table = HoldingStatistics.from_range_statistics(range_statistics(board='Ah 7c 2d 9s Kd'))
        >>> policy = LokiStrategy().policy(table, Situation(pot=30, to_call=10, bet_size=10, bets_this_round=1))
        >>> policy.action_at('As Ad'), policy.action_at('Qc Jc'), policy.action_at('3h 4h')
        ('raise', 'call', 'fold')
        """
        return Policy.from_columns(self.policy_columns(table, situation))

    def policy_columns(self, table: HoldingStatistics, situation: Situation) -> np.ndarray:
        """Each holding's :meth:`policy` column (:data:`~poker.strategy.policy.FOLD`, ``CALL`` or ``RAISE``), -1
        for a holding that is not possible."""
        table = instance('table', table, HoldingStatistics, error=BettingError,
                         what='HoldingStatistics (HoldingStatistics.from_range_statistics)')
        situation = _situation(situation)
        columns = np.full(HOLDING_COUNT, -1, dtype=np.int8)
        open_ = table.possible.copy()
        whole = any(getattr(type(self), name) is not getattr(LokiStrategy, name) for name in PER_HOLDING_METHODS)
        for name in self.rules:
            if not open_.any():
                break
            rule = None if whole or getattr(type(self), name, None) is not getattr(LokiStrategy, name, None) \
                else _ARRAY_RULES.get(name)
            if rule is None:
                self._rule_by_holding(name, table, situation, open_, columns)
                continue
            answered, column = rule(self, table, situation, open_)
            answered &= open_
            columns[answered] = column[answered] if isinstance(column, np.ndarray) else column
            open_ &= ~answered
        if open_.any():
            raise BettingError(f'no rule of {type(self).__name__} answered: the last of {self.rules} must')
        return columns

    def _rule_by_holding(self, name: str, table: HoldingStatistics, situation: Situation, open_: np.ndarray,
                         columns: np.ndarray) -> None:
        """Ask the rule ``name`` for each holding still open, as :meth:`advise` would (with the next-card PPOT
        when :meth:`needs_next_card_ppot`), and close those it answers."""
        method = getattr(self, name)
        for index in np.flatnonzero(open_).tolist():
            stats = table.statistics(index)
            if table.next_card_ppot is not None and self.needs_next_card_ppot(stats, situation):
                stats = attrs.evolve(stats, next_card_ppot=float(table.next_card_ppot[index]))
            advice: Advice | None = method(stats, situation)
            if advice is not None:
                columns[index] = column_of(advice.action)
                open_[index] = False

    def needs_next_card_policy(self, table: HoldingStatistics, situation: Situation) -> bool:
        """Whether :meth:`policy` may weigh a next-card PPOT that ``table`` lacks (on the flop, facing a bet, with
        statistics two cards ahead and no :attr:`~poker.strategy.policy.HoldingStatistics.next_card_ppot`): then
        the player computes it for every holding (:meth:`poker.players.loki.LokiPlayer.policy`)."""
        table = instance('table', table, HoldingStatistics, error=BettingError,
                         what='HoldingStatistics (HoldingStatistics.from_range_statistics)')
        situation = _situation(situation)
        return (self.flop_pot_odds_lookahead == 1 and situation.to_call > 0 and len(table.board) == 3
                and table.lookahead == 2 and table.next_card_ppot is None and 'pot_odds_call' in self.rules)

    # ---------------------------------------------------------------------------------- measures
    def strength(self, stats: HandStatistics) -> float:
        """The number the Make1 and Make2 thresholds apply to: EHS' (Papp eq. 6.4)."""
        stats = _stats(stats)
        return stats.ehs_prime

    def is_river(self, stats: HandStatistics) -> bool:
        """True when all five board cards are out."""
        stats = _stats(stats)
        return len(stats.board) == 5

    def is_preflop(self, stats: HandStatistics) -> bool:
        """True before the flop (no board cards)."""
        stats = _stats(stats)
        return not stats.board

    flop_pot_odds_lookahead: ClassVar[int] = 1
    """The cards the pot-odds rule looks ahead on the flop: 1, the next card (Papp 6.5: PPOT is the chance
    that the next card makes the hand, with the current pot as the prize), or 2, the turn and the river (the
    PPOT of EHS', which the pot-odds rule weighed before issue 19)."""

    def winning_chance(self, stats: HandStatistics) -> tuple[float, str]:
        """The chance the pot-odds rule weighs, with its name: HSn on the river and before the flop (the
        showdown chance), PPOT on the turn, and on the flop PPOT one card ahead (the chance that the next card
        makes the hand), unless :attr:`flop_pot_odds_lookahead` is 2.

        On the flop, statistics that look two cards ahead give the next card's PPOT in
        :attr:`~poker.stats.hand_statistics.HandStatistics.next_card_ppot`; without it the rule falls back
        on the two-card PPOT and says so.

        >>> flop = HandStatistics(hs=0.1, hs_n=0.1, ppot=0.472, npot=0.1, ahead=1, tied=0, behind=9, lookahead=2,
        ...                       board=tuple(parse_cards('Kh 4h 2c')), next_card_ppot=0.282)
        >>> LokiStrategy().winning_chance(flop)
        (0.282, 'next-card PPOT')
        """
        stats = _stats(stats)
        if self.is_river(stats) or self.is_preflop(stats):
            return stats.hs_n, 'HSn'
        if len(stats.board) == 3 and stats.lookahead == 2 and self.flop_pot_odds_lookahead == 1:
            if stats.next_card_ppot is None:
                return stats.ppot, 'two-card PPOT (no next-card PPOT given)'
            return stats.next_card_ppot, 'next-card PPOT'
        return stats.ppot, 'PPOT'

    def needs_next_card_ppot(self, stats: HandStatistics, situation: Situation) -> bool:
        """Whether the pot-odds rule will weigh a next-card PPOT that ``stats`` lacks: on the flop, facing a bet,
        with statistics two cards ahead and no :attr:`~poker.stats.hand_statistics.HandStatistics.next_card_ppot`,
        when every rule before :meth:`pot_odds_call` passes the decision on (the player then computes it, only
        then: :meth:`poker.players.loki.LokiPlayer.with_next_card_ppot`)."""
        stats, situation = _stats(stats), _situation(situation)
        if not (self.flop_pot_odds_lookahead == 1 and situation.to_call > 0 and len(stats.board) == 3
                and stats.lookahead == 2 and stats.next_card_ppot is None and 'pot_odds_call' in self.rules):
            return False
        earlier = self.rules[:self.rules.index('pot_odds_call')]
        return all(getattr(self, name)(stats, situation) is None for name in earlier)

    # ---------------------------------------------------------------------------------- actions
    def bet_or_raise(self, situation: Situation, rule: str, why: str) -> Advice:
        """Bet ``bet_size`` when no bet has been made this round, else raise (call and one bet more)."""
        situation, rule, why = _action(situation, rule, why)
        if situation.bets == 0:
            return Advice(Action.BET, situation.bet_size, rule, f'{why}: bet {_chips(situation.bet_size)}')
        amount = situation.to_call + situation.bet_size
        return Advice(Action.RAISE, amount, rule, f'{why}: raise {_chips(amount)}')

    def call_or_check(self, situation: Situation, rule: str, why: str) -> Advice:
        """Call ``to_call``, or check when it is 0."""
        situation, rule, why = _action(situation, rule, why)
        if situation.to_call == 0:
            return Advice(Action.CHECK, 0.0, rule, f'{why}: check')
        return Advice(Action.CALL, situation.to_call, rule, f'{why}: call {_chips(situation.to_call)}')

    def fold_or_check(self, situation: Situation, rule: str, why: str) -> Advice:
        """Check when nothing is to call, else fold."""
        situation, rule, why = _action(situation, rule, why)
        if situation.to_call == 0:
            return Advice(Action.CHECK, 0.0, rule, f'{why}: check')
        return Advice(Action.FOLD, 0.0, rule, f'{why}: fold')

    # ---------------------------------------------------------------------------------- the rules
    use_check_raise: ClassVar[bool] = True
    """Whether :meth:`check_raise` may check a Make2 hand to raise (Papp's Loki check-raised: 6.2, 6.7)."""
    check_raise_chance: ClassVar[float] = 0.6
    """The chance of a bet behind (:attr:`Situation.bet_behind`) from which a Make2 hand checks to raise
    (ours: Papp's trigger is lost). By Table B.2's frequencies, heads-up, betting a Make2 hand wins 0.7 bets
    this round (0.3 calls a bet, 0.2 raises and is called) and a check-raise 1.7 bets when the opponent bets
    (0.5 folds its bet, 0.3 calls the raise, 0.2 re-raises and is called): break-even at a chance of 0.41.
    But a coin flip is not enough: heads-up against a player Loki has no read on (Table B.2's 0.5) it would
    check-raise every Make2 hand out of position, and against a calling station that cost Loki without a model
    0.32 sb/hand (interval 0.25 to 0.40, 500 deals); from 0.6 it takes a read (a model) or two players behind."""

    def check_raise(self, stats: HandStatistics, situation: Situation) -> Advice | None:
        """Check-raise: after the flop, with a Make2 hand and no bet made this round, check when a bet behind is
        at least :attr:`check_raise_chance` likely (if :attr:`use_check_raise`); Make2 raises it when it comes."""
        stats, situation = _stats(stats), _situation(situation)
        if not self.use_check_raise or self.is_preflop(stats) or situation.bets > 0:
            return None
        strength = self.strength(stats)
        if strength < self.make2_threshold or situation.bet_behind < self.check_raise_chance:
            return None
        return self.call_or_check(situation, 'check_raise',
                                  f"Check-raise: EHS' {strength:.3f} >= Make2 {self.make2_threshold:.2f} and a "
                                  f'bet behind is likely, {situation.bet_behind:.3f} >= '
                                  f'{self.check_raise_chance:.2f}; raise it when it comes')

    def make2(self, stats: HandStatistics, situation: Situation) -> Advice | None:
        """Make2: raise while fewer than :attr:`raise_cap` bets are in (bet when none is), else call."""
        stats, situation = _stats(stats), _situation(situation)
        strength = self.strength(stats)
        if strength < self.make2_threshold:
            return None
        head = f"Make2: EHS' {strength:.3f} >= {self.make2_threshold:.2f}"
        bets = situation.bets
        if bets < self.raise_cap:
            made = 'no bet' if bets == 0 else f'{bets} bet{"s" if bets > 1 else ""}'
            return self.bet_or_raise(situation, 'make2',
                                     f'{head} with {made} made this round (fewer than {self.raise_cap})')
        return self.call_or_check(situation, 'make2', f'{head} but {bets} bets already made this round')

    def make1(self, stats: HandStatistics, situation: Situation) -> Advice | None:
        """Make1: bet if no one has, else call, unless it is :attr:`make1_fold_bets` or more bets to call
        and the player has not called this round (then the later rules decide)."""
        stats, situation = _stats(stats), _situation(situation)
        strength = self.strength(stats)
        if strength < self.make1_threshold:
            return None
        head = f"Make1: EHS' {strength:.3f} >= {self.make1_threshold:.2f}"
        if situation.bets == 0:
            return self.bet_or_raise(situation, 'make1', f'{head} and no bet yet this round')
        if situation.bets_to_call >= self.make1_fold_bets - 1e-9 and not situation.called_this_round:
            return None
        return self.call_or_check(situation, 'make1', head)

    def semi_bluff(self, stats: HandStatistics, situation: Situation) -> Advice | None:
        """Semi-bluff: with nothing to call and cards to come, bet when PPOT covers a bet and a raise."""
        stats, situation = _stats(stats), _situation(situation)
        if situation.to_call > 0 or self.is_river(stats) or self.is_preflop(stats):
            return None
        odds = situation.semi_bluff_odds
        if stats.ppot < odds:
            return None
        return self.bet_or_raise(situation, 'semi_bluff',
                                 f"{self._weak(stats, situation)}; semi-bluff: PPOT {stats.ppot:.3f} >= "
                                 f"2*bet/(pot + 6*bet) = {odds:.3f}")

    semi_bluff_follow_through: ClassVar[bool] = True
    """Whether :meth:`semi_bluff_follow` keeps betting after a semi-bluff (Papp 6.4)."""
    follow_through_river: ClassVar[bool] = False
    """Whether the follow-through bets on the river too (ours: off; Papp says "later streets", but a river bet
    with a missed draw is a pure bluff, which his 6.7 lists among what later versions of Loki added)."""

    def semi_bluff_follow(self, stats: HandStatistics, situation: Situation) -> Advice | None:
        """Semi-bluff follow-through: with nothing to call, bet on a later street after a semi-bluff that no
        other seat has bet or raised since (:attr:`Situation.follow_through`), even without enough potential;
        on the river only if :attr:`follow_through_river` (if :attr:`semi_bluff_follow_through`)."""
        stats, situation = _stats(stats), _situation(situation)
        if not (self.semi_bluff_follow_through and situation.follow_through) or situation.to_call > 0 \
                or self.is_preflop(stats) or (self.is_river(stats) and not self.follow_through_river):
            return None
        return self.bet_or_raise(situation, 'semi_bluff_follow',
                                 f'{self._weak(stats, situation)}; semi-bluff follow-through: semi-bluffed '
                                 'earlier and no one else has bet or raised since')

    def pot_odds_call(self, stats: HandStatistics, situation: Situation) -> Advice | None:
        """Pot odds: call when the :meth:`winning_chance` is at least ``to_call / (pot + to_call)``."""
        stats, situation = _stats(stats), _situation(situation)
        if situation.to_call == 0:
            return None
        chance, name = self.winning_chance(stats)
        odds = situation.pot_odds
        if chance < odds:
            return None
        return self.call_or_check(situation, 'pot_odds',
                                  f'{self._weak(stats, situation)}; pot odds: {name} {chance:.3f} >= '
                                  f'to_call/(pot + to_call) = {odds:.3f}')

    use_showdown_odds: ClassVar[bool] = False
    """Whether :meth:`showdown_odds_call` may call (off by default: in Papp's self-play the version without
    showdown odds won, though on IRC it earned money; turn it on in a subclass)."""
    big_bet_ratio: ClassVar[float] = 2.0
    """The turn and river bet over the flop's (fixed limit: 2), for :meth:`showdown_odds`."""

    def showdown_odds(self, stats: HandStatistics, situation: Situation) -> float:
        """The HSn a call down to the showdown needs (Papp 6.6; his formula is lost, this one is ours).

        Assume that on each street still to come one bet is made and every player still in matches it
        (``opponents + 1`` players). Calling now and on every later street costs ``C = to_call + F``, where
        ``F`` is the sum of those future bets (flop: a big bet on the turn and one on the river; turn: one
        on the river), and the final pot is ``P = pot + to_call + (opponents + 1) * F``. Winning ``P`` with
        probability ``p`` is worth it when ``p * P >= C``: the odds are ``C / P``. On the river ``F = 0``
        and they are the pot odds.

        >>> flop = HandStatistics(hs=0.5, hs_n=0.5, ppot=0.1, npot=0.1, ahead=5, tied=0, behind=5, lookahead=2,
        ...                       board=tuple(parse_cards('9h 8h 2c')))
        >>> round(LokiStrategy().showdown_odds(flop, Situation(pot=20, to_call=2, bet_size=2)), 4)  # 10/38
        0.2632
        """
        stats, situation = _stats(stats), _situation(situation)
        return float(_showdown_odds_rows(np.asarray(float(len(stats.board))), np.asarray(float(stats.opponents)),
                                        np.asarray(situation.pot), np.asarray(situation.to_call),
                                        np.asarray(situation.bet_size), big_bet_ratio=self.big_bet_ratio))

    def showdown_odds_call(self, stats: HandStatistics, situation: Situation) -> Advice | None:
        """Showdown odds: on the flop and turn, call when HSn is at least :meth:`showdown_odds` (if
        :attr:`use_showdown_odds`)."""
        stats, situation = _stats(stats), _situation(situation)
        if not self.use_showdown_odds or situation.to_call == 0 or self.is_preflop(stats) or self.is_river(stats):
            return None
        odds = self.showdown_odds(stats, situation)
        if stats.hs_n < odds:
            return None
        return self.call_or_check(situation, 'showdown_odds',
                                  f'{self._weak(stats, situation)}; showdown odds: HSn {stats.hs_n:.3f} >= '
                                  f'(to_call + future bets)/(final pot) = {odds:.3f}')

    def check_or_fold(self, stats: HandStatistics, situation: Situation) -> Advice:
        """The last rule: check when nothing is to call, else fold, saying why the others did not apply."""
        stats, situation = _stats(stats), _situation(situation)
        notes = [self._weak(stats, situation)]
        if situation.to_call == 0:
            if not (self.is_river(stats) or self.is_preflop(stats)):
                notes.append(f'PPOT {stats.ppot:.3f} < semi-bluff odds {situation.semi_bluff_odds:.3f}')
        else:
            chance, name = self.winning_chance(stats)
            notes.append(f'{name} {chance:.3f} < pot odds {situation.pot_odds:.3f}')
        return self.fold_or_check(situation, 'check_or_fold', '; '.join(notes))

    # ---------------------------------------------------------------------------------- pre-flop
    tightness: ClassVar[str] = 'loose'
    """Papp's pre-flop tightness (``'tight'``, ``'moderate'`` or ``'loose'``, Loki's default)."""

    def preflop_advice(self, hand: HoleLike, situation: Situation, *, players: float, position: int,
                       small_blind: bool = False, big_blind: bool = False, strategy: str | None = None) -> Advice:
        """Papp's pre-flop play (section 6.1): :func:`advise_preflop` with this strategy's :attr:`tightness`.

        ``strategy`` is the one chosen at the first pre-flop decision (None: choose it now).
        """
        situation = _situation(situation)
        if situation.bets_this_round < 1 or situation.called_this_round or situation.follow_through \
                or situation.bet_behind != 0:  # (the pre-flop rules read the betting alone: else the same values)
            situation = Situation(situation.pot, situation.to_call, situation.bet_size,
                                  max(1, situation.bets_this_round), put_in_this_round=situation.put_in_this_round)
        return _advise_preflop(hand, situation, players=players, position=position,
                               small_blind=flag('small_blind', small_blind, error=BettingError),
                               big_blind=flag('big_blind', big_blind, error=BettingError), tightness=self.tightness,
                               strategy=strategy, play=None)

    def preflop_policy(self, situation: Situation, *, players: float, position: int, small_blind: bool = False,
                       big_blind: bool = False) -> Policy:
        """What :meth:`preflop_advice` answers for every holding at once: each holding plays the pre-flop strategy
        of its class (:func:`~poker.strategy.preflop.preflop_strategy` with ``players``, ``position`` and this
        strategy's :attr:`tightness`, as at the seat's first pre-flop decision), and each strategy's action is
        asked once. A subclass that overrides :meth:`preflop_advice` is asked holding by holding.

        >>> policy = LokiStrategy().preflop_policy(Situation(pot=3, to_call=1, bet_size=2, bets_this_round=1),
        ...                                        players=2, position=1, small_blind=True)
        >>> policy.action_at('As Ad'), policy.action_at('7c 2d')
        ('raise', 'fold')
        """
        from ..cards.starting_hand import CLASS_OF_HOLDING, HAND_CLASSES, StartingHand
        from .preflop import _class_strategies, group_of
        situation = _situation(situation)
        position = whole_number('position', position, maximum=21, error=BettingError)
        small_blind = flag('small_blind', small_blind, error=BettingError)
        big_blind = flag('big_blind', big_blind, error=BettingError)
        chosen = _class_strategies(group_of(players), self.tightness, position, small_blind)
        columns = np.empty(HOLDING_COUNT, dtype=np.int8)
        if type(self).preflop_advice is not LokiStrategy.preflop_advice:
            for index in range(HOLDING_COUNT):
                advice = self.preflop_advice(StartingHand.from_holding_index(index), situation, players=players,
                                             position=position, small_blind=small_blind, big_blind=big_blind,
                                             strategy=chosen[int(CLASS_OF_HOLDING[index])])
                columns[index] = column_of(advice.action)
            return Policy.from_columns(columns)
        by_strategy: dict[str, int] = {}
        for number, name in enumerate(chosen):
            if name not in by_strategy:
                advice = self.preflop_advice(HAND_CLASSES[number], situation, players=players, position=position,
                                             small_blind=small_blind, big_blind=big_blind, strategy=name)
                by_strategy[name] = column_of(advice.action)
        by_class = np.array([by_strategy[name] for name in chosen], dtype=np.int8)
        return Policy.from_columns(by_class[CLASS_OF_HOLDING])

    def _weak(self, stats: HandStatistics, situation: Situation) -> str:
        """Why the Make1 and Make2 rules passed the decision on."""
        strength = self.strength(stats)
        if strength < self.make1_threshold:
            return f"EHS' {strength:.3f} < Make1 {self.make1_threshold:.2f}"
        return (f"EHS' {strength:.3f} >= Make1 {self.make1_threshold:.2f} but "
                f'{_chips(situation.bets_to_call)} bets to call, none called yet')


class FullLokiStrategy(LokiStrategy):
    """Loki's strategy with every betting feature of Papp's full player, showdown odds included (Papp 8.3:
    version A). The seats of :mod:`poker.players.modelling` and of :func:`poker.match` play it."""

    use_showdown_odds = True


def _showdown_odds_rows(board_cards: np.ndarray, opponents: np.ndarray, pot: np.ndarray, to_call: np.ndarray,
                       bet_size: np.ndarray, *, big_bet_ratio: float) -> np.ndarray:
    """:meth:`LokiStrategy.showdown_odds`'s formula on arrays (one row per element, broadcast together): the cost of
    calling down, ``to_call`` and a bet on each street to come (a big bet, ``big_bet_ratio`` times ``bet_size``, on
    the turn and the river), over the final pot, each of ``opponents + 1`` players matching those bets; 1 for a final
    pot of 0. The one place the formula is written (the probability triples read it per row)."""
    big_bet = bet_size * np.where(board_cards == 3, big_bet_ratio, 1.0)
    future = np.where(board_cards == 3, 2 * big_bet, np.where(board_cards == 4, big_bet, 0.0))
    final = pot + to_call + (opponents + 1) * future
    return np.asarray(np.where(final > 0, (to_call + future) / np.where(final > 0, final, 1.0), 1.0))


DEFAULT_STRATEGY = LokiStrategy()


PER_HOLDING_METHODS: tuple[str, ...] = ('advise', 'strength', 'is_river', 'is_preflop', 'winning_chance',
                                         'needs_next_card_ppot', 'showdown_odds', 'bet_or_raise', 'call_or_check',
                                         'fold_or_check')
"""The methods of :class:`LokiStrategy` every rule reads: a subclass that overrides one is asked holding by holding
for its :meth:`~LokiStrategy.policy`."""

_Answer = tuple[np.ndarray, 'np.ndarray | int']
"""A rule's answer over the holdings: which it answers, and their column (one for all, or one each)."""


def _none() -> np.ndarray:
    return np.zeros(HOLDING_COUNT, dtype=bool)


def _bet_or_raise(situation: Situation) -> int:
    return RAISE


def _call_or_check(situation: Situation) -> int:
    return CALL


def _fold_or_check(situation: Situation) -> int:
    return FOLD if situation.to_call else CALL


def _array_check_raise(strategy: LokiStrategy, table: HoldingStatistics, situation: Situation,
                       open_: np.ndarray) -> _Answer:
    if not strategy.use_check_raise or not table.board or situation.bets > 0 \
            or situation.bet_behind < strategy.check_raise_chance:
        return _none(), CALL
    return table.ehs_prime >= strategy.make2_threshold, _call_or_check(situation)


def _array_make2(strategy: LokiStrategy, table: HoldingStatistics, situation: Situation,
                 open_: np.ndarray) -> _Answer:
    column = _bet_or_raise(situation) if situation.bets < strategy.raise_cap else _call_or_check(situation)
    return table.ehs_prime >= strategy.make2_threshold, column


def _array_make1(strategy: LokiStrategy, table: HoldingStatistics, situation: Situation,
                 open_: np.ndarray) -> _Answer:
    if situation.bets == 0:
        return table.ehs_prime >= strategy.make1_threshold, _bet_or_raise(situation)
    if situation.bets_to_call >= strategy.make1_fold_bets - 1e-9 and not situation.called_this_round:
        return _none(), CALL
    return table.ehs_prime >= strategy.make1_threshold, _call_or_check(situation)


def _array_semi_bluff(strategy: LokiStrategy, table: HoldingStatistics, situation: Situation,
                      open_: np.ndarray) -> _Answer:
    if situation.to_call > 0 or len(table.board) == 5 or not table.board:
        return _none(), RAISE
    return table.ppot >= situation.semi_bluff_odds, _bet_or_raise(situation)


def _array_semi_bluff_follow(strategy: LokiStrategy, table: HoldingStatistics, situation: Situation,
                             open_: np.ndarray) -> _Answer:
    if not (strategy.semi_bluff_follow_through and situation.follow_through) or situation.to_call > 0 \
            or not table.board or (len(table.board) == 5 and not strategy.follow_through_river):
        return _none(), RAISE
    return np.ones(HOLDING_COUNT, dtype=bool), _bet_or_raise(situation)


def _array_pot_odds_call(strategy: LokiStrategy, table: HoldingStatistics, situation: Situation,
                         open_: np.ndarray) -> _Answer:
    if situation.to_call == 0:
        return _none(), CALL
    cards = len(table.board)
    chance = table.ppot
    if cards in (0, 5):
        chance = table.hs_n
    elif cards == 3 and table.lookahead == 2 and strategy.flop_pot_odds_lookahead == 1 \
            and table.next_card_ppot is not None:
        chance = table.next_card_ppot
    return chance >= situation.pot_odds, _call_or_check(situation)


def _array_showdown_odds_call(strategy: LokiStrategy, table: HoldingStatistics, situation: Situation,
                              open_: np.ndarray) -> _Answer:
    if not strategy.use_showdown_odds or situation.to_call == 0 or len(table.board) in (0, 5):
        return _none(), CALL
    # the odds are the same for every holding (they read the board, the betting and the opponents)
    first = int(np.flatnonzero(open_)[0])
    odds = strategy.showdown_odds(table.statistics(first), situation)
    return table.hs_n >= odds, _call_or_check(situation)


def _array_check_or_fold(strategy: LokiStrategy, table: HoldingStatistics, situation: Situation,
                         open_: np.ndarray) -> _Answer:
    return np.ones(HOLDING_COUNT, dtype=bool), _fold_or_check(situation)


_ARRAY_RULES = {'check_raise': _array_check_raise, 'make2': _array_make2, 'make1': _array_make1,
                'semi_bluff': _array_semi_bluff, 'semi_bluff_follow': _array_semi_bluff_follow,
                'pot_odds_call': _array_pot_odds_call, 'showdown_odds_call': _array_showdown_odds_call,
                'check_or_fold': _array_check_or_fold}
"""The array program of each of :class:`LokiStrategy`'s own rules (what the rule method answers, for every
holding)."""



def advise(stats: HandStatistics, *, pot: float, to_call: float, bet_size: float, bets_this_round: int = 0,
           called_this_round: bool = False, strategy: LokiStrategy | None = None) -> Advice:
    """Loki's advice for the hand ``stats`` describes (see the module notes for the rules).

    ``strategy`` defaults to a plain :class:`LokiStrategy`.

    >>> river = tuple(parse_cards('Ah 7c 2d 9s Kd'))
    >>> weak = HandStatistics.from_counts(ahead=30, tied=0, behind=70, board=river)
    >>> advise(weak, pot=30, to_call=10, bet_size=10, bets_this_round=1).reason
    "EHS' 0.300 < Make1 0.50; pot odds: HSn 0.300 >= to_call/(pot + to_call) = 0.250: call 10"
    """
    if not isinstance(stats, HandStatistics):
        raise BettingError(f'advise needs HandStatistics (from Player.calculate_hand_statistics or '
                           f'HandStatistics.from_counts), got {shown(stats)}')
    if strategy is not None and not isinstance(strategy, LokiStrategy):
        raise BettingError(f'strategy must be a LokiStrategy or None, got {shown(strategy)}')
    situation = Situation(pot, to_call, bet_size, bets_this_round, called_this_round)
    return (strategy or DEFAULT_STRATEGY).advise(stats, situation)


# ------------------------------------------------------------------------------------------ pre-flop
def _preflop_arguments(situation: Situation, small_blind: bool, big_blind: bool) -> tuple[Situation, bool, bool]:
    """A pre-flop rule's arguments checked: the situation and which blind the player posted."""
    return (_situation(situation), flag('small_blind', small_blind, error=BettingError),
            flag('big_blind', big_blind, error=BettingError))


class PreflopPlay:
    """Papp's six pre-flop strategies as betting rules (section 6.1; see :mod:`poker.strategy.preflop`).

    :meth:`LokiStrategy.preflop_advice` uses one; a subclass may change a rule by overriding its method
    (``make0`` ... ``make4``). Counting the bets: the big blind is a bet for the big blind itself (its
    option is a check for Make1), but not a raise for anyone else, so Make1 opens an unraised pot with a
    raise and Make2 raises while fewer than 2 raises are in. The exception for money put in voluntarily
    reads :attr:`Situation.put_in_this_round`.

    >>> play = PreflopPlay()
    >>> play.advice('Make2', Situation(pot=3, to_call=2, bet_size=2, bets_this_round=1)).action
    'raise'
    >>> play.advice('Call1', Situation(pot=9, to_call=4, bet_size=2, bets_this_round=2)).reason
    'Call1: 2 bets to call and no money put in voluntarily this round: fold'
    """

    raise_cap: ClassVar[int] = 2
    """Make2 raises while fewer than this many raises have been made this round."""

    def __repr__(self) -> str:
        return f'{type(self).__name__}()'

    def advice(self, strategy: str, situation: Situation, *, small_blind: bool = False,
               big_blind: bool = False) -> Advice:
        """The action of ``strategy`` (``'Make0'`` ... ``'Make4'``) in ``situation``."""
        from .preflop import STRATEGIES
        strategy = choice('a pre-flop strategy', strategy, STRATEGIES, error=BettingError)
        method = getattr(self, strategy.lower())
        result: Advice = method(situation, small_blind=small_blind, big_blind=big_blind)
        return result

    @staticmethod
    def raises(situation: Situation) -> int:
        """Raises made this round before the flop: the bets less the big blind."""
        return max(0, _situation(situation).bets - 1)

    def make0(self, situation: Situation, *, small_blind: bool, big_blind: bool) -> Advice:
        """Make0: check if it is free, else fold."""
        situation, small_blind, big_blind = _preflop_arguments(situation, small_blind, big_blind)
        return DEFAULT_STRATEGY.fold_or_check(situation, 'Make0', 'Make0')

    def call1(self, situation: Situation, *, small_blind: bool, big_blind: bool) -> Advice:
        """Call1: call, but fold to 2 or more bets to call unless money is in voluntarily; the small blind
        calls only the half bet that completes its blind (Papp: "call 0.5")."""
        situation, small_blind, big_blind = _preflop_arguments(situation, small_blind, big_blind)
        return self._call_up_to(situation, 'Call1', 0.5 if small_blind else None, small_blind)

    def make1(self, situation: Situation, *, small_blind: bool, big_blind: bool) -> Advice:
        """Make1: raise an unraised pot (the big blind checks its option), else as Call1."""
        situation, small_blind, big_blind = _preflop_arguments(situation, small_blind, big_blind)
        if self.raises(situation) == 0 and not (big_blind and situation.to_call == 0):
            return DEFAULT_STRATEGY.bet_or_raise(situation, 'Make1', 'Make1: no raise yet this round')
        return self._call_up_to(situation, 'Make1', None, small_blind)

    def call2(self, situation: Situation, *, small_blind: bool, big_blind: bool) -> Advice:
        """Call2: call anything; the small blind calls up to 1.5 bets (Papp: "call 1.5")."""
        situation, small_blind, big_blind = _preflop_arguments(situation, small_blind, big_blind)
        if small_blind and situation.bets_to_call > 1.5 + 1e-9 and not situation.put_in_this_round:
            return DEFAULT_STRATEGY.fold_or_check(
                situation, 'Call2', f'Call2 (small blind): {_chips(situation.bets_to_call)} bets to call > 1.5')
        return DEFAULT_STRATEGY.call_or_check(situation, 'Call2', 'Call2')

    def make2(self, situation: Situation, *, small_blind: bool, big_blind: bool) -> Advice:
        """Make2: raise while fewer than :attr:`raise_cap` raises are in, else call."""
        situation, small_blind, big_blind = _preflop_arguments(situation, small_blind, big_blind)
        raises = self.raises(situation)
        if raises < self.raise_cap:
            return DEFAULT_STRATEGY.bet_or_raise(situation, 'Make2', f'Make2: {raises} raises so far')
        return DEFAULT_STRATEGY.call_or_check(situation, 'Make2', f'Make2: {raises} raises already')

    def make4(self, situation: Situation, *, small_blind: bool, big_blind: bool) -> Advice:
        """Make4: raise until the betting is capped (the table turns a raise at the cap into a call)."""
        situation, small_blind, big_blind = _preflop_arguments(situation, small_blind, big_blind)
        return DEFAULT_STRATEGY.bet_or_raise(situation, 'Make4', 'Make4')

    def _call_up_to(self, situation: Situation, name: str, limit: float | None, small_blind: bool) -> Advice:
        bets = situation.bets_to_call
        if limit is not None and bets > limit + 1e-9 and not situation.put_in_this_round:
            return DEFAULT_STRATEGY.fold_or_check(situation, name,
                                                  f'{name} (small blind): {_chips(bets)} bets to call > {limit:g}')
        if bets >= 2 - 1e-9 and not situation.put_in_this_round:
            return DEFAULT_STRATEGY.fold_or_check(
                situation, name, f'{name}: {_chips(bets)} bets to call and no money put in voluntarily this round')
        return DEFAULT_STRATEGY.call_or_check(situation, name, name)


_PREFLOP_PLAY = PreflopPlay()
"""The plain pre-flop rules (a :class:`PreflopPlay` keeps nothing: one serves every call)."""


def advise_preflop(hand: HoleLike, *, players: float, position: int, pot: float, to_call: float, bet_size: float,
                   bets_this_round: int = 1, put_in_this_round: bool = False, small_blind: bool = False,
                   big_blind: bool = False, tightness: str = 'loose', strategy: str | None = None,
                   play: PreflopPlay | None = None) -> Advice:
    """Loki's pre-flop advice (Papp 6.1): the :func:`~poker.strategy.preflop.preflop_strategy` for the hand
    (or the one already chosen this round, ``strategy``), then its rule. ``put_in_this_round``: whether the
    player has already put money in voluntarily this round (called a bet, bet or raised), Papp's exception to
    folding to 2 or more bets.

    >>> advise_preflop('Ah 8h', players=4, position=0, tightness='moderate', pot=7, to_call=2, bet_size=2).reason
    'Make2 (IR 338 in the 3-4 players table, moderate, position 0): Make2: 0 raises so far: raise 4'
    """
    situation = Situation(pot, to_call, bet_size, bets_this_round, put_in_this_round=put_in_this_round)
    small_blind = flag('small_blind', small_blind, error=BettingError)
    big_blind = flag('big_blind', big_blind, error=BettingError)
    if play is not None and not isinstance(play, PreflopPlay):
        raise BettingError(f'play must be a PreflopPlay or None, got {shown(play)}')
    return _advise_preflop(hand, situation, players=players, position=position, small_blind=small_blind,
                           big_blind=big_blind, tightness=tightness, strategy=strategy, play=play)


def _advise_preflop(hand: HoleLike, situation: Situation, *, players: float, position: int, small_blind: bool,
                    big_blind: bool, tightness: str, strategy: str | None, play: PreflopPlay | None) -> Advice:
    """:func:`advise_preflop` with its situation, blinds and play read: the hand's class and the players' group read
    once (in the order :func:`~poker.strategy.preflop.preflop_strategy` reads them, so the same input is refused
    first), and with the shipped thresholds the class's strategy kept per group, tightness, position and blind
    (:func:`_class_strategy`: :func:`~poker.strategy.preflop.preflop_strategy` of the class)."""
    from ..cards.income_rates import class_income_rate
    from .preflop import GROUP_OPPONENTS, TIGHTNESS, _read_position, group_of
    group: str | None = None
    index = -1
    if strategy is None:
        group = group_of(players)
        index = _class_number(hand)
        class_income_rate(index, GROUP_OPPONENTS[group])  # (as preflop_strategy reads it)
        tightness = choice('tightness', tightness, TIGHTNESS, error=BettingError)
        strategy = _class_strategy(index, group, tightness, _read_position(position), small_blind)
    advice = (play or _PREFLOP_PLAY).advice(strategy, situation, small_blind=small_blind, big_blind=big_blind)
    if group is None:
        group = group_of(players)
        index = _class_number(hand)
    rate = class_income_rate(index, GROUP_OPPONENTS[group])
    why = f'{strategy} (IR {rate} in the {group} players table, {tightness}, position {position}' + \
        (', small blind' if small_blind else '') + ')'
    return Advice(advice.action, advice.amount, advice.rule, f'{why}: {advice.reason}')


@functools.lru_cache(maxsize=4096)
def _class_strategy(index: int, group: str, tightness: str, position: int, small_blind: bool) -> str:
    """:func:`~poker.strategy.preflop.preflop_strategy` of the class at ``index`` for a group, tightness, position and
    blind with the shipped thresholds (all read), kept: a match asks the same few again and again."""
    from ..cards.starting_hand import HAND_CLASSES
    from .preflop import preflop_strategy
    return preflop_strategy(HAND_CLASSES[index], players=_GROUP_PLAYERS[group], position=position,
                            tightness=tightness, small_blind=small_blind)


_GROUP_PLAYERS = {'2': 2, '3-4': 3, '5+': 5}
"""A number of players expected of each group (:func:`~poker.strategy.preflop.group_of` reads it back as the
group)."""

_CLASS_NUMBERS: list[int] = []
"""The class number of each holding number (:data:`~poker.cards.starting_hand.CLASS_OF_HOLDING` as a list), made at
the first :func:`_class_number`."""


def _class_number(hand: HoleLike) -> int:
    """The class index of a hand (a class name or a holding) as :func:`~poker.cards.card_inputs.hand_class_of` and
    :func:`~poker.cards.starting_hand.class_index` read it; two distinct cards in a tuple (as the table deals them)
    by their holding number, without building a :class:`~poker.cards.starting_hand.StartingHand`."""
    if type(hand) is tuple and len(hand) == 2:
        first, second = hand
        if type(first) is Card and type(second) is Card and first.index != second.index:
            if not _CLASS_NUMBERS:
                from ..cards.starting_hand import CLASS_OF_HOLDING
                _CLASS_NUMBERS.extend(CLASS_OF_HOLDING.tolist())
            return _CLASS_NUMBERS[NUMBER_OF_PAIR[first.index][second.index]]
    from ..cards.card_inputs import hand_class_of
    from ..cards.starting_hand import class_index
    return class_index(hand_class_of(hand))
