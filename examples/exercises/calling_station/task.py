"""Exercise: sit a player of your own at the table with three Loki-style players.

:class:`poker.table.game.FixedLimitGame` seats anything with a ``name`` and a ``decide(view)`` method that
returns a :class:`poker.table.records.Decision`. Write the simplest opponent there is, a calling station that
calls every bet and never bets itself, and a Loki-style player that is a little more aggressive: a
:class:`poker.players.loki.LokiPlayer` subclass that overrides its :meth:`advise` hook to raise (rule
``'pusher'``) whenever the advice is to call with an EHS of 0.7 or more.

The hook returns an :class:`poker.Advice`: a frozen attrs value with four fields, ``action`` (``'raise'``),
``amount`` (the chips it puts in: ``view.to_call + view.bet_size`` for a raise), ``rule`` and ``reason`` (words).
Frozen, it is not changed but copied with new values: ``attrs.evolve(advice, action='raise', amount=...,
rule='pusher', reason='...')`` keeps what you do not name; ``Advice('raise', amount, 'pusher', reason)`` builds
one from nothing.

The table turns every request into a legal action (a call with nothing to call is a check, a raise at
the cap a call), so a player never needs to know the rules in detail.

Check it: ``python examples/exercises/calling_station/check.py``; one solution is in solution.py.
"""

from __future__ import annotations

import attrs  # noqa: F401  (attrs.evolve: a frozen Advice copied with new values)

from poker import Advice, Decision, HandStatistics, LokiPlayer, TableView


class CallingStation:
    """Calls everything, bets nothing."""

    def __init__(self, name: str) -> None:
        self.name = name

    def decide(self, view: TableView) -> Decision:
        raise NotImplementedError('CallingStation.decide: your code here')


class Pusher(LokiPlayer):
    """A Loki-style player that turns a call into a raise with an EHS of 0.7 or more."""

    def advise(self, stats: HandStatistics, view: TableView) -> Advice:
        return super().advise(stats, view)  # your code here
