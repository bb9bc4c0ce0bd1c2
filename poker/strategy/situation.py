"""What a betting rule reads and answers: the :class:`Situation` (the betting so far, and what the player knows of
the hand beyond it) and the :class:`Advice` (an action, its chips, the rule and the reason). The rules that read the
one and give the other are :class:`~poker.strategy.advice.LokiStrategy`'s.
"""

from __future__ import annotations

import math

from attrs import Factory, field, frozen

from ..errors import BettingError
from ..validators import amount, flag, probability, reading, shown, text, whole_number
from .actions import Action, read_action

__all__ = ['Advice', 'Situation']


@frozen
class Situation:
    """The betting so far: the pot, what it costs to stay in, the bet size, and this round's history; and
    what the player knows of the hand beyond it (a semi-bluff to follow through, the chance of a bet behind).

    ``bets_this_round`` counts the bets and raises made this round (a blind counts as a bet); it is never
    less than the bets to call, :attr:`bets`. Amounts are finite, at least 0 (``bet_size`` more than 0) and
    at most 1e300, and ``to_call`` must be a finite number of bets (not 8 chips in bets of 1e-320), so
    every figure derived from them is finite; anything else is a :class:`~poker.errors.BettingError`.

    >>> situation = Situation(pot=20, to_call=8, bet_size=4)
    >>> situation.bets, situation.pot_odds, round(situation.semi_bluff_odds, 4)
    (2, 0.2857142857142857, 0.1818)
    """

    pot: float = field(converter=reading(amount))  # type: ignore[misc]
    to_call: float = field(converter=reading(amount))  # type: ignore[misc]
    bet_size: float = field(converter=reading(amount, positive=True))  # type: ignore[misc]
    bets_this_round: int = field(default=0, converter=reading(  # type: ignore[misc]
        whole_number, maximum=10 ** 9, error=BettingError))
    called_this_round: bool = field(default=False, converter=reading(flag, error=BettingError))  # type: ignore[misc]
    """Whether the player has already called a bet this round (Pena's exception to Make1's fold)."""
    put_in_this_round: bool = field(default=Factory(lambda situation: situation.called_this_round, takes_self=True),
                                    converter=reading(flag, error=BettingError))  # type: ignore[misc]
    """Whether the player has put money in voluntarily this round: called a bet, bet or raised (a blind or a
    check is not voluntary; by default, whether it has called a bet). Papp's pre-flop kludge reads it."""
    follow_through: bool = field(default=False, converter=reading(flag, error=BettingError))  # type: ignore[misc]
    """Whether the player semi-bluffed on an earlier street of this hand and no other seat has bet or raised
    since (Papp 6.4's follow-through; a :class:`~poker.players.loki.LokiPlayer` tells)."""
    bet_behind: float = field(default=0.0, converter=reading(probability, error=BettingError))  # type: ignore[misc]
    """The chance that a seat still to act after the player this round bets when checked to (0 when none is;
    the check-raise rule reads it)."""

    def __attrs_post_init__(self) -> None:
        if self.called_this_round and not self.put_in_this_round:
            raise BettingError('called_this_round without put_in_this_round: a call of a bet is money put in '
                               'voluntarily')
        if not self.to_call / self.bet_size <= 1e15:  # 8 / 1e-320 is inf
            raise BettingError(f'to_call {shown(self.to_call)} is too many bets of {shown(self.bet_size)}: '
                               'give the amounts in chips of one scale')

    @property
    def bets_to_call(self) -> float:
        """``to_call`` in bets."""
        return self.to_call / self.bet_size

    @property
    def bets(self) -> int:
        """The bets made this round: ``bets_this_round``, or the bets to call (rounded up) if that is more."""
        return max(self.bets_this_round, math.ceil(self.bets_to_call - 1e-9))

    @property
    def pot_odds(self) -> float:
        """``to_call / (pot + to_call)``: the winning chance a call needs (Papp eq. 6.6)."""
        return self.to_call / (self.pot + self.to_call) if self.to_call else 0.0

    @property
    def semi_bluff_odds(self) -> float:
        """``2*bet / (pot + 6*bet)``: the PPOT a semi-bluff needs to call a bet and a raise (Papp eq. 6.5)."""
        return 2 * self.bet_size / (self.pot + 6 * self.bet_size)


@frozen
class Advice:
    """An action, the chips it puts in (``to_call`` for a call, ``to_call + bet_size`` for a raise, 0 for a
    check or fold), the rule that chose it and the reason in words, with the numbers behind it."""

    action: Action = field(converter=read_action)
    amount: float = field(converter=reading(amount))  # type: ignore[misc]
    rule: str = field(converter=reading(text, error=BettingError))  # type: ignore[misc]
    reason: str = field(converter=reading(text, longest=10_000, error=BettingError))  # type: ignore[misc]

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready data."""
        return {'action': str(self.action), 'amount': self.amount, 'rule': self.rule, 'reason': self.reason}
