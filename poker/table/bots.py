"""Simple opponents for matches, each a few lines a student can read in a minute.

Any object with a ``name`` and a ``decide(view)`` method returning a :class:`~poker.table.game.Decision` can
sit at a :class:`~poker.table.game.FixedLimitGame`; the table turns every request into a legal action (a call
with nothing to call is a check, a fold when checking is free a check, a raise at the cap a call).

>>> from poker.table.game import FixedLimitGame
>>> game = FixedLimitGame([CallingStation('Sam'), Maniac('Max')], seed=4)
>>> hand = game.play_hand()
>>> sorted({record.action for record in hand.actions if record.seat == 0} - {Blind.SMALL, Blind.BIG})
['call']
"""

from __future__ import annotations

import random

from ..errors import PokerError
from ..strategy.actions import Action, Blind  # noqa: F401  (Blind: doctests)
from ..validators import text, whole_number
from .game import Decision, TableView, read_view

__all__ = ['Bot', 'CallingStation', 'Maniac', 'RandomPlayer', 'Rock']


class Bot:
    """A named seat; subclasses write :meth:`decide`."""

    def __init__(self, name: str, seed: int | None = None) -> None:
        self.name = text('name', name, error=PokerError)
        self.random = random.Random(None if seed is None else whole_number('seed', seed, minimum=None,
                                                                           error=PokerError))

    def decide(self, view: TableView) -> Decision:
        """Check or fold (override this). Every seat's ``decide`` reads ``view`` (:func:`read_view`), even one that
        plays without looking: a seat handed something else is an error, not a blind decision."""
        read_view(view)
        return Decision(Action.FOLD)

    def __repr__(self) -> str:
        return f'{type(self).__name__}({self.name!r})'


class CallingStation(Bot):
    """Calls every bet, never bets."""

    def decide(self, view: TableView) -> Decision:
        read_view(view)
        return Decision(Action.CALL)


class Maniac(Bot):
    """Always bets or raises."""

    def decide(self, view: TableView) -> Decision:
        read_view(view)
        return Decision(Action.RAISE)


class RandomPlayer(Bot):
    """Folds, calls or raises, each a third of the time."""

    def decide(self, view: TableView) -> Decision:
        read_view(view)
        return Decision(self.random.choice((Action.FOLD, Action.CALL, Action.RAISE)))


class Rock(Bot):
    """Plays only its top :attr:`share` of starting hands by income rate (IR7): raises them before the
    flop and calls them down; folds everything else (checks when it is free)."""

    share = 0.15

    def decide(self, view: TableView) -> Decision:
        from .modelling import preflop_scale
        from ..cards.starting_hand import StartingHand
        view = read_view(view)
        scale = preflop_scale()
        rate = scale[StartingHand(view.hole).holding_index]
        if (scale > rate).mean() >= self.share:
            return Decision(Action.FOLD)
        return Decision(Action.RAISE if view.street == 'preflop' else Action.CALL)
