"""Check of the tight strategy: thresholds 0.90 and 0.60, no semi-bluff, the other rules untouched."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from _checking import run  # noqa: E402

from poker import HandStatistics, advise, parse_cards  # noqa: E402

FLOP = tuple(parse_cards('9h 8h 2c'))


def hand(hs: float, ppot: float) -> HandStatistics:
    ahead = round(1000 * hs)
    return HandStatistics(hs=hs, hs_n=hs, ppot=ppot, npot=0.1, ahead=ahead, tied=0, behind=1000 - ahead,
                          lookahead=2, board=FLOP)


def check(module: ModuleType) -> None:
    tight = module.TightStrategy()
    free = {'pot': 8, 'to_call': 0, 'bet_size': 2}
    facing = {'pot': 10, 'to_call': 2, 'bet_size': 2, 'bets_this_round': 1}
    cases = [(hand(0.88, 0.05), free, 'bet', 'make1'),       # EHS' 0.886: a Make1, not a Make2
             (hand(0.92, 0.05), facing, 'raise', 'make2'),
             (hand(0.55, 0.05), free, 'check', None),         # below 0.60 now
             (hand(0.20, 0.30), free, 'check', None),         # a draw Loki would semi-bluff
             (hand(0.20, 0.30), facing, 'call', 'pot_odds')]  # pot odds still call
    for stats, situation, action, rule in cases:
        advice = advise(stats, **situation, strategy=tight)
        assert advice.action == action, f"EHS' {stats.ehs_prime:.3f}, {situation}: {advice.action}, expected {action}"
        assert rule is None or advice.rule == rule, f'{advice.rule}, expected the {rule} rule'


if __name__ == '__main__':
    sys.exit(run(check, __file__))
