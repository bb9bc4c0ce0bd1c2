"""Check of the calling-station exercise: a seeded session of 60 hands against two Loki players."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from _checking import run  # noqa: E402

from poker import FixedLimitGame, LokiPlayer  # noqa: E402


def check(module: ModuleType) -> None:
    players = [LokiPlayer('Loki 1'), LokiPlayer('Loki 2'), module.Pusher('Pusher'), module.CallingStation('Station')]
    game = FixedLimitGame(players, seed=42)
    pushed = 0
    for _ in range(60):
        hand = game.play_hand()
        for record in hand.actions:
            if record.seat == 3 and record.decision is not None:
                assert record.action in ('call', 'check'), f'the station must only call or check, not {record.action}'
            if record.seat == 2 and record.decision is not None and record.decision.stats is not None \
                    and record.street != 'preflop':
                ehs, asked = record.decision.stats.ehs, record.decision.action
                assert not (asked == 'call' and ehs >= 0.7), f'the pusher called with EHS {ehs:.3f} >= 0.7'
                pushed += record.decision.advice.rule == 'pusher'
    assert pushed, 'the pusher never raised instead of calling'
    assert sum(s.net for s in game.summary()) == 0


if __name__ == '__main__':
    sys.exit(run(check, __file__))
