"""Solution to the exercise in task.py: the share of hands each tightness plays, and the nearest setting.

Each of the 169 classes is asked once and counted by its size (:func:`poker.cards.starting_hand.class_size`);
``min`` with a key ordered tight, moderate, loose keeps the tighter setting on a tie.

Run it: ``python examples/exercises/preflop_tightness/solution.py`` (check it: ``check.py --solution``)
"""

from __future__ import annotations

from poker import preflop_strategy
from poker.strategy import TIGHTNESS
from poker import HAND_CLASSES
from poker.cards import class_size


def share_played(tightness: str, players: int, position: int) -> float:
    """The share of holdings that play (strategy other than Make0)."""
    played = sum(class_size(name) for name in HAND_CLASSES
                 if preflop_strategy(name, players=players, position=position, tightness=tightness) != 'Make0')
    return played / 1326


def choose_tightness(target: float, players: int, position: int) -> str:
    """The tightness that plays a share of hands nearest to ``target``."""
    return min(TIGHTNESS, key=lambda tightness: abs(share_played(tightness, players, position) - target))


def main() -> None:
    print(f"{'players':>7} {'position':>8}" + ''.join(f'{t:>10}' for t in TIGHTNESS))
    for players in (2, 4, 7):
        for position in range(players):
            print(f'{players:>7} {position:>8}' + ''.join(f'{share_played(t, players, position):>10.1%}'
                                                        for t in TIGHTNESS))
    print(f'to play about 25% of hands under the gun at a 7-player table: {choose_tightness(0.25, 7, 4)}')


if __name__ == '__main__':
    main()
