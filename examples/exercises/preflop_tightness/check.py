"""Check of the tightness exercise against a count over all 1,326 holdings."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from _checking import run  # noqa: E402

from poker import StartingHand, preflop_strategy  # noqa: E402


def played(tightness: str, players: int, position: int) -> float:
    return sum(preflop_strategy(hand, players=players, position=position, tightness=tightness) != 'Make0'
               for hand in StartingHand.all()) / 1326


def check(module: ModuleType) -> None:
    for tightness, players, position in (('tight', 4, 3), ('loose', 7, 0), ('moderate', 2, 1)):
        mine, expected = module.share_played(tightness, players, position), played(tightness, players, position)
        assert abs(mine - expected) < 1e-12, \
            f'share_played({tightness!r}, {players}, {position}) = {mine}, expected {expected}'
    shares = {t: played(t, 7, 4) for t in ('tight', 'moderate', 'loose')}
    for tightness, share in shares.items():
        chosen = module.choose_tightness(share, 7, 4)
        assert chosen == tightness, f'choose_tightness({share:.3f}, 7, 4) = {chosen!r}, expected {tightness!r}'
    assert module.choose_tightness(0.0, 7, 4) == 'tight' and module.choose_tightness(1.0, 7, 4) == 'loose'


if __name__ == '__main__':
    sys.exit(run(check, __file__))
