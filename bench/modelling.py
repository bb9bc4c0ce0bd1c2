"""Opponent modelling at the table: the cost of one re-weighting and of a hand of six modelling seats.

    python bench/modelling.py

Goals (issue 12): re-weighting one opponent's 1,081 flop holdings <= 5 ms (here with the scale of a new
board computed inside the timing: exact HS1 of every holding plus the fast potential), a hand of six
modelling Loki seats <= 0.5 s. Baselines measured in the same run: OpponentModel.reweight (the library's
single-model re-weighting, HS only) and a hand of six Loki seats without models.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from timing import median_seconds  # noqa: E402

from poker.cards.card import Deck  # noqa: E402
from poker.players.loki import LokiPlayer  # noqa: E402
from poker.table.game import FixedLimitGame  # noqa: E402
from poker.strategy.reweighting import OpponentModel  # noqa: E402
from poker.players.holding_scales import _cached_scale  # noqa: E402
from poker.players.modelling import ModellingLokiPlayer, SeatModel  # noqa: E402


def main() -> None:
    rng = random.Random(12)
    flops = [[card.index for card in Deck(seed=rng.randrange(1 << 30)).deal(3)] for _ in range(40)]
    state = {'i': 0}

    def reweight_cold() -> None:
        board = flops[state['i'] % len(flops)]
        state['i'] += 1
        _cached_scale.cache_clear()
        model = SeatModel('x')
        model.begin_hand([])
        model.observe('flop', 'bet', bets_to_call=0, board=board)

    def reweight_warm() -> None:
        model = SeatModel('x')
        model.begin_hand([])
        model.observe('flop', 'bet', bets_to_call=0, board=flops[0])

    baseline_model = OpponentModel()

    def baseline() -> None:
        baseline_model.reweight('bet', _text(flops[1]))

    rows = [('OpponentModel.reweight (baseline, HS only)', median_seconds(baseline, 30, warm=True)),
            ('SeatModel re-weighting, new flop (scale computed)', median_seconds(reweight_cold, 30, warm=True)),
            ('SeatModel re-weighting, flop seen (scale cached)', median_seconds(reweight_warm, 30, warm=True))]
    base = rows[0][1]
    print(f"{'re-weighting one opponent on the flop':<52}{'median ms':>10}{'ratio':>8}")
    for name, seconds in rows:
        print(f'{name:<52}{seconds * 1e3:>10.2f}{seconds / base:>8.2f}')

    def hands(players: list) -> float:
        game = FixedLimitGame(players, seed=5)
        game.play(3)
        return median_seconds(game.play_hand, 40)

    plain = hands([LokiPlayer(f'P{i}') for i in range(6)])
    modelling = hands([ModellingLokiPlayer(f'M{i}') for i in range(6)])
    generic = hands([ModellingLokiPlayer(f'G{i}', specific=False) for i in range(6)])
    print()
    print(f"{'one hand at a six-seat table':<52}{'median ms':>10}{'ratio':>8}")
    for name, seconds in (('six Loki seats without models (baseline)', plain),
                          ('six Loki seats, specific modelling', modelling),
                          ('six Loki seats, generic modelling', generic)):
        print(f'{name:<52}{seconds * 1e3:>10.2f}{seconds / plain:>8.2f}')


def _text(indices: list[int]) -> str:
    from poker.cards.card import Card
    return ' '.join(str(Card.from_index(i)) for i in indices)


if __name__ == '__main__':
    main()
