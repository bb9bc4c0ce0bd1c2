"""Exercise: write a bot that beats the calling station in a match.

A calling station (:class:`poker.players.bots.CallingStation`) calls every bet and never bets. It cannot be
bluffed, but it pays off: bet your good hands, check the rest, never bluff. Write ``StationBeater``, a
:class:`poker.players.bots.Bot` whose :meth:`decide` returns a :class:`poker.table.records.Decision` (``'fold'``,
``'check'``, ``'call'``, ``'bet'`` or ``'raise'``; the table makes it legal). It sees the situation in a
:class:`poker.table.game.TableView`: ``view.hole``, ``view.board``, ``view.to_call`` ...  Useful: the income
rate of the hole cards, ``StartingHand(view.hole).income_rate()``, and the hand strength,
``Player(view.hole, view.board).calculate_hand_statistics(lookahead=0).hs``.

The check plays a duplicate match, ``poker.match([StationBeater, 'station'], 300, seed=7)``: your bot
wins when its result less the station's, per deal, has a 95% interval above 0.

Check it: ``python examples/exercises/beat_the_station/check.py``; one solution is in solution.py.
"""

from __future__ import annotations

from poker import Bot, Decision, TableView


class StationBeater(Bot):
    """Bets its good hands into the station, checks the rest."""

    def decide(self, view: TableView) -> Decision:
        return Decision('call')  # your code here
