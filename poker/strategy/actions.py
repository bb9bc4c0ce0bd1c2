"""The vocabulary of actions, in one place: what a seat may do, and the blinds the table records.

Both are :class:`enum.StrEnum` s, so each member equals its text: ``'raise'`` works wherever an
:class:`Action` is asked for (a :class:`~poker.table.records.Decision`, :meth:`OpponentModel.reweight
<poker.strategy.reweighting.OpponentModel.reweight>`, :meth:`SeatModel.observe
<poker.players.modelling.SeatModel.observe>`), and a member reads back as its text.

>>> list(Action)
['fold', 'check', 'call', 'bet', 'raise']
>>> Action.RAISE == 'raise', read_action('call') is Action.CALL, Blind.BIG
(True, True, 'big blind')
>>> read_action('shove')
Traceback (most recent call last):
...
poker.errors.BettingError: unknown action 'shove' (expected one of fold, check, call, bet, raise)
"""

from __future__ import annotations

import enum

from ..errors import BettingError
from ..validators import CheckedEnumType, shown

__all__ = ['Action', 'Blind', 'read_action']


class Action(enum.StrEnum, metaclass=CheckedEnumType):
    """A betting action a seat may ask for; the table turns it into the legal action it means. ``Action(text)``
    for other text is a :class:`~poker.errors.BettingError`."""

    FOLD = 'fold'
    CHECK = 'check'
    CALL = 'call'
    BET = 'bet'
    RAISE = 'raise'

    def __repr__(self) -> str:
        return repr(self.value)

    @classmethod
    def _missing_(cls, value: object) -> Action:
        raise BettingError(f'unknown action {shown(value)} (expected one of {", ".join(cls)})')


class Blind(enum.StrEnum, metaclass=CheckedEnumType):
    """A forced bet the table records before the first decision of a hand."""

    SMALL = 'small blind'
    BIG = 'big blind'

    def __repr__(self) -> str:
        return repr(self.value)

    @classmethod
    def _missing_(cls, value: object) -> Blind:
        raise BettingError(f'unknown blind {shown(value)} (expected {" or ".join(cls)})')


def read_action(value: object) -> Action:
    """``value`` (an :class:`Action` or its text) as an :class:`Action`, else a :class:`~poker.errors.BettingError`
    quoting it."""
    return Action(value)  # type: ignore[arg-type]  # (CheckedEnumType refuses any other value with a BettingError)
