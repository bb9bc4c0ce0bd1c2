"""Solution to the exercise in task.py: sit a player of your own at the table with three Loki-style players.

:class:`poker.table.game.FixedLimitGame` seats anything with a ``name`` and a ``decide(view)`` method that
returns a :class:`poker.table.records.Decision`. Write the simplest opponent there is, a calling station that
calls every bet and never bets itself, and a Loki-style player that is a little more aggressive: a
:class:`poker.players.loki.LokiPlayer` subclass that overrides its :meth:`advise` hook to raise whenever the
advice is to call with an EHS of 0.7 or more. Play a seeded session and print the results table.

Solution: below. The table turns every request into a legal action (a call with nothing to call is a
check, a raise at the cap a call), so a player never needs to know the rules in detail.

Run it: ``python examples/exercises/calling_station/solution.py`` (check it: ``check.py --solution``) (a few seconds). Thirty hands are far too few
to say who is better: raise ``HANDS`` and watch the totals settle.
"""

from __future__ import annotations

import attrs

from poker import Advice, Decision, FixedLimitGame, HandStatistics, LokiPlayer, TableView

HANDS = 30


class CallingStation:
    """Calls everything, bets nothing."""

    def __init__(self, name: str) -> None:
        self.name = name

    def decide(self, view: TableView) -> Decision:
        return Decision('call')


class Pusher(LokiPlayer):
    """A Loki-style player that turns a call into a raise with an EHS of 0.7 or more."""

    def advise(self, stats: HandStatistics, view: TableView) -> Advice:
        advice = super().advise(stats, view)
        if advice.action == 'call' and stats.ehs >= 0.7:
            return attrs.evolve(advice, action='raise', amount=view.to_call + view.bet_size, rule='pusher',
                                reason=f'EHS {stats.ehs:.3f} >= 0.70: raise instead of calling')
        return advice


def main() -> None:
    players = [LokiPlayer('Loki 1'), LokiPlayer('Loki 2'), Pusher('Pusher'), CallingStation('Station')]
    game = FixedLimitGame(players, seed=42)
    summaries = game.play(HANDS)
    print(f'{HANDS} hands, blinds {game.small_blind}/{game.small_bet}, bets {game.small_bet}/{game.big_bet}')
    print(f"{'player':<10}{'pots won':>10}{'showdowns':>11}{'net chips':>11}")
    for summary in summaries:
        print(f'{summary.name:<10}{summary.won:>10.1f}{summary.showdowns:>11}{summary.net:>+11d}')
    print(f'chips are only passed around: the net results add up to {sum(s.net for s in summaries)}')


if __name__ == '__main__':
    main()
