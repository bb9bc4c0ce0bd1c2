"""Solution to the exercise in task.py: value bets against a calling station.

Before the flop: raise a hand with a heads-up income rate of 100 or more, fold the worst (below -150),
call the rest. After it: raise with a hand strength of 0.6 or more (the station pays), otherwise check
(it never bets, so there is nothing to call). Thin value bets are where the money is: the station calls
with every hand it holds.

Run it: ``python examples/exercises/beat_the_station/solution.py`` (check it: ``check.py --solution``)
"""

from __future__ import annotations

from poker import Bot, Decision, Player, StartingHand, TableView, match


class StationBeater(Bot):
    """Bets its good hands into the station, checks the rest."""

    def decide(self, view: TableView) -> Decision:
        if not view.board:
            rate = StartingHand(view.hole).income_rate()
            return Decision('raise' if rate >= 100 else 'fold' if rate < -150 else 'call')
        hs = Player(view.hole, view.board).calculate_hand_statistics(lookahead=0).hs
        return Decision('raise' if hs >= 0.6 else 'check')


def main() -> None:
    result = match([StationBeater, 'station'], 300, seed=7)
    print(f'{result.games} hands of duplicate poker, small bets per hand:')
    print(result.table())
    mean, half = result.difference('StationBeater', 'station')
    print(f'StationBeater - station: {mean:+.3f} +- {half:.3f} per hand')


if __name__ == '__main__':
    main()
