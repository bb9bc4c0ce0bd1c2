"""Solution to the exercise in task.py: Papp's re-weighting rule, then a pre-flop raise and a flop bet seen
through it.

One ``np.clip`` does the whole rule: the linear ramp is cut at 0.01 below and 1 above. The subclass
changes nothing else, so :meth:`SeatModel.reweight` keeps its other duties (re-weighting from the copy
saved at the start of the round, the floor of 0.01, zero for holdings with a known card).

Run it: ``python examples/exercises/reweighting_rule/solution.py`` (check it: ``check.py --solution``)
"""

from __future__ import annotations

import numpy as np

from poker import SeatModel, parse_cards


class MyModel(SeatModel):
    """A seat model with a re-weighting rule of my own."""

    def factor(self, scale: np.ndarray, mu: float, sigma: float) -> np.ndarray:
        if sigma == 0:
            return np.where(scale >= mu, 1.0, 0.01)
        return np.clip((scale - mu + sigma) / (2 * sigma), 0.01, 1.0)


def main() -> None:
    model = MyModel('Opponent')
    model.begin_hand(known=[card.index for card in parse_cards('Ah Kd')])
    model.observe('preflop', 'raise', bets_to_call=1, board=())
    print(f'after a pre-flop raise (mu = IR7 {model.applied_mu:+.0f}): {model.range_share():.1%} of the weight left')
    print('  heaviest classes: ' + ', '.join(f'{name} {weight:.2f}' for name, weight in model.top(6)))
    flop = [card.index for card in parse_cards('Qh Jd 2c')]
    model.observe('flop', 'bet', bets_to_call=0, board=flop)
    print(f"after a flop bet on Qh Jd 2c (mu = EHS' {model.applied_mu:.3f}): {model.range_share():.1%} left")
    print('  heaviest classes: ' + ', '.join(f'{name} {weight:.2f}' for name, weight in model.top(6)))


if __name__ == '__main__':
    main()
