"""Check of the re-weighting rule: Papp's factor at and around mu, and the same weights at the table."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from _checking import run  # noqa: E402

import numpy as np  # noqa: E402

from poker import SeatModel  # noqa: E402


def check(module: ModuleType) -> None:
    model = module.MyModel('x')
    strengths = np.array([0.0, 0.29, 0.3, 0.4, 0.5, 0.6, 0.7, 0.71, 1.0])
    expected = [0.01, 0.01, 0.01, 0.25, 0.5, 0.75, 1.0, 1.0, 1.0]
    got = np.asarray(model.factor(strengths, 0.5, 0.2), dtype=float)
    assert np.allclose(got, expected), (f'factor({strengths.tolist()}, mu 0.5, sigma 0.2) = {got.round(3).tolist()}, '
                                       f'expected {expected}')
    sharp = np.asarray(model.factor(np.array([0.49, 0.5, 0.51]), 0.5, 0.0), dtype=float)
    assert sharp.tolist() == [0.01, 1.0, 1.0], f'with sigma 0: {sharp.tolist()}, expected [0.01, 1.0, 1.0]'
    ir = np.array([-495.0, 118.0 - 330, 118.0, 300.0, 2043.0])
    wanted = [0.01, 0.01, 0.5, 300 / 660 + 0.5 - 118 / 660, 1.0]
    scaled = np.asarray(model.factor(ir, 118.0, 330.0), dtype=float)
    assert np.allclose(scaled, wanted), f'factor({ir.tolist()}, mu 118, sigma 330) = {scaled.round(3).tolist()}, ' \
                                        f'expected {np.round(wanted, 3).tolist()}'
    mine, library = module.MyModel('a'), SeatModel('b')
    for seat in (mine, library):
        seat.begin_hand([])
        seat.observe('preflop', 'raise', bets_to_call=1, board=())
        seat.observe('flop', 'bet', bets_to_call=0, board=[40, 37, 0])
    assert np.allclose(mine.weights, library.weights), 'at the table the weights differ from Papp\'s rule'


if __name__ == '__main__':
    sys.exit(run(check, __file__))
