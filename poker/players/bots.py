"""Simple opponents for matches, each a few lines a student can read in a minute.

Any object with a ``name`` and a ``decide(view)`` method returning a :class:`~poker.table.records.Decision` can
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
from ..table.game import TableView, read_view
from ..table.records import Decision
from ..validators import read_seed, shown, text

__all__ = ['AggressiveBettor', 'Bot', 'CallingStation', 'LoosePassive', 'Maniac', 'RandomPlayer', 'Rock',
           'TightAggressive']


class Bot:
    """A named seat; subclasses write :meth:`decide`."""

    def __init__(self, name: str, seed: int | None = None) -> None:
        self.name = text('name', name, error=PokerError)
        self.random = random.Random(read_seed(seed))

    def decide(self, view: TableView) -> Decision:
        """Check or fold (override this). Every seat's ``decide`` reads ``view`` (:func:`read_view`), even one that
        plays without looking: a seat handed something else is an error, not a blind decision."""
        read_view(view)
        return Decision(Action.FOLD)

    def state(self) -> object:
        """What the bot keeps from hand to hand: the state of its random numbers."""
        return self.random.getstate()

    def resume(self, state: object) -> None:
        """Take up a :meth:`state`: the bot then draws as the one it came from would."""
        try:
            self.random.setstate(state)  # type: ignore[arg-type]
        except Exception:  # (TypeError, ValueError: not a random state)
            raise PokerError(f'not the state of a bot\'s random numbers: {shown(state)}') from None

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


def _better_share(view: TableView) -> float:
    """The share of the 1,326 starting holdings with a higher income rate (IR7) than this seat's hole cards."""
    from ..cards.starting_hand import StartingHand
    from .holding_scales import preflop_scale
    scale = preflop_scale()
    return float((scale > scale[StartingHand(view.hole).holding_index]).mean())


def _by_strength(view: TableView, call_at: float, raise_at: float) -> Decision:
    """After the flop: raise from ``raise_at``, call from ``call_at``, else fold, on the scale opponent models rank
    actions on (EHS' with one-opponent HS, :func:`~poker.players.holding_scales.holding_scale`)."""
    from ..cards.starting_hand import StartingHand
    from .holding_scales import holding_scale
    strength = holding_scale([card.index for card in view.board])[StartingHand(view.hole).holding_index]
    return Decision(Action.RAISE if strength >= raise_at else Action.CALL if strength >= call_at else Action.FOLD)


class Rock(Bot):
    """Plays only its top :attr:`share` of starting hands by income rate (IR7): raises them before the
    flop and calls them down; folds everything else (checks when it is free)."""

    share = 0.15

    def decide(self, view: TableView) -> Decision:
        view = read_view(view)
        if _better_share(view) >= self.share:
            return Decision(Action.FOLD)
        return Decision(Action.RAISE if view.street == 'preflop' else Action.CALL)


class AggressiveBettor(Bot):
    """Bets or raises almost every time it may (a share :attr:`aggression` of its decisions), else calls;
    never folds."""

    aggression = 0.9

    def decide(self, view: TableView) -> Decision:
        read_view(view)
        return Decision(Action.RAISE if self.random.random() < self.aggression else Action.CALL)


class TightAggressive(Bot):
    """Plays only its top :attr:`share` of starting hands, raising; after the flop raises from :attr:`raise_at`
    on the EHS' scale, calls from :attr:`call_at`, else folds (checks when it is free)."""

    share = 0.2
    raise_at = 0.9
    call_at = 0.6

    def decide(self, view: TableView) -> Decision:
        view = read_view(view)
        if view.street == 'preflop':
            return Decision(Action.RAISE if _better_share(view) < self.share else Action.FOLD)
        return _by_strength(view, self.call_at, self.raise_at)


class LoosePassive(Bot):
    """Calls with its top :attr:`share` of starting hands and, after the flop, with anything from :attr:`call_at`
    on the EHS' scale; bets or raises only from :attr:`raise_at`; else folds (checks when it is free)."""

    share = 0.6
    call_at = 0.3
    raise_at = 0.98

    def decide(self, view: TableView) -> Decision:
        view = read_view(view)
        if view.street == 'preflop':
            return Decision(Action.CALL if _better_share(view) < self.share else Action.FOLD)
        return _by_strength(view, self.call_at, self.raise_at)
