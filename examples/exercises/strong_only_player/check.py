"""Check of the strong-only opponent model: the weights, and that the player uses them."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from _checking import run  # noqa: E402

import numpy as np  # noqa: E402

from poker import Player, StartingHand  # noqa: E402


def check(module: ModuleType) -> None:
    strong = np.asarray(module.strong_holdings(200), dtype=float)
    assert strong.shape == (1326,), f'shape {strong.shape}, expected (1326,): one weight per holding'
    assert int(strong.sum()) == 192, f'{strong.sum():g} holdings, expected 192 (those with at least 200 in IR2)'
    assert strong[StartingHand('Ah Ad').holding_index] == 1 and strong[StartingHand('7c 2d').holding_index] == 0
    for hole, board in (('Ah Qh', '3h 4s Jh'), ('9c 9d', 'Kh 7s 2c')):
        mine = module.StrongOnlyPlayer(hole, board).calculate_hand_statistics(lookahead=1)
        expected = Player(hole, board).calculate_hand_statistics(lookahead=1, weights=strong)
        assert mine.hs == expected.hs and mine.ppot == expected.ppot, \
            f'{hole} on {board}: HS {mine.hs:.4f}, against the strong holdings it is {expected.hs:.4f}'
    told = module.StrongOnlyPlayer('Ah Qh', '3h 4s Jh').calculate_hand_statistics(weights={'AA': 1})
    assert told.hs == Player('Ah Qh', '3h 4s Jh').calculate_hand_statistics(weights={'AA': 1}).hs, \
        'weights that are given must still be used'


if __name__ == '__main__':
    sys.exit(run(check, __file__))
