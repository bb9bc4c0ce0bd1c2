"""Solution to the exercise in task.py: a tighter Loki, with higher thresholds and no semi-bluffs.

:class:`poker.strategy.advice.LokiStrategy` keeps Loki's betting thresholds as class attributes
(``make2_threshold`` = 0.85 and ``make1_threshold`` = 0.50, applied to EHS') and each rule as a method
(``check_raise``, ``make2``, ``make1``, ``semi_bluff``, ``semi_bluff_follow``, ``pot_odds_call``,
``showdown_odds_call``, ``check_or_fold``). Write a subclass that bets for value only with EHS' of 0.90 or
more, calls only from 0.60, and never semi-bluffs. Then ask both
strategies about the same flop hands, first with nothing to call and then facing a bet, and print where
they disagree.

Solution: below: two class attributes and one overridden rule (returning None passes the decision on
to the next rule). ``advise(..., strategy=...)`` takes the strategy to use; a
:class:`poker.players.loki.LokiPlayer` takes one too, so the tight player can sit at a table.

Run it: ``python examples/exercises/tight_strategy/solution.py`` (check it: ``check.py --solution``)
"""

from __future__ import annotations

from poker import Advice, HandStatistics, LokiStrategy, Situation, advise, parse_cards

FLOP = tuple(parse_cards('9h 8h 2c'))


class TightStrategy(LokiStrategy):
    """Loki with higher thresholds and no semi-bluffing."""

    make2_threshold = 0.90
    make1_threshold = 0.60

    def semi_bluff(self, stats: HandStatistics, situation: Situation) -> Advice | None:
        return None  # a tight player does not bet a draw


def flop_hand(hs: float, ppot: float, npot: float = 0.1) -> HandStatistics:
    """Statistics of a flop hand against one opponent with the given HS and potentials."""
    ahead = round(1000 * hs)
    return HandStatistics(hs=hs, hs_n=hs, ppot=ppot, npot=npot, ahead=ahead, tied=0, behind=1000 - ahead,
                          lookahead=2, board=FLOP)


def main() -> None:
    hands = [flop_hand(hs, ppot) for hs, ppot in
             ((0.95, 0.05), (0.86, 0.10), (0.70, 0.10), (0.55, 0.10), (0.35, 0.40), (0.20, 0.15))]
    situations = {'nothing to call': dict(pot=8, to_call=0, bet_size=2),
                  'facing a bet': dict(pot=10, to_call=2, bet_size=2, bets_this_round=1)}
    tight = TightStrategy()
    disagreements = 0
    print(f"{'HS':>5} {'PPOT':>5} {'EHS*':>6}  {'situation':<16} {'Loki':<6} tight".replace('*', "'"))
    for stats in hands:
        for name, situation in situations.items():
            loki = advise(stats, **situation)
            mine = advise(stats, **situation, strategy=tight)
            mark = '  <- differs' if loki.action != mine.action else ''
            disagreements += bool(mark)
            print(f'{stats.hs:>5.2f} {stats.ppot:>5.2f} {stats.ehs_prime:>6.3f}  {name:<16} '
                  f'{loki.action:<6} {mine.action:<6}{mark}'.rstrip())
    print(f'the tight strategy differs in {disagreements} of {len(hands) * len(situations)} spots; '
          f'its reason for one of them:')
    print('  ' + advise(hands[2], **situations['nothing to call'], strategy=tight).reason)


if __name__ == '__main__':
    main()
