"""The reference path: Loki's counts the plain way, one opponent holding and one runout at a time.

This is the teaching version of :mod:`poker.kernel.one_hand`, and the tests' oracle for it. It follows
Papp's ``HandPotential`` pseudo-code (1998, fig. 5.3) with the library's domain objects: every hand is a
:class:`~poker.ranking.rankable_hand.RankableHand` from a :class:`~poker.ranking.factory.HandFactory`, which builds
each card set once, and hands compare by value. It is exact and slow (seconds on the flop with two
cards to come, where the engine takes milliseconds).

>>> player = ReferencePlayer('AhQh', '3h 4s Jh')
>>> stats = player.calculate_hand_statistics(lookahead=1)
>>> (stats.ahead, stats.tied, stats.behind), stats.transitions[2]
((628.0, 9.0, 444.0), (6037.0, 0.0, 13943.0))
>>> stats == Player('AhQh', '3h 4s Jh').calculate_hand_statistics(lookahead=1)
True
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable
from typing import ClassVar

import numpy as np

from ..cards.card import Card, CardLike, parse_cards
from ..cards.holdings import holding_index
from ..kernel.one_hand import Tally
from ..kernel.outcomes import outcome_code
from ..ranking.factory import HandFactory
from ..ranking.rankable_hand import RankableHand
from ..ranking.ranker import HandRanker
from .player import Player

__all__ = ['ReferencePlayer', 'factory_class', 'outcome', 'reference_tally']


def outcome(mine: RankableHand, theirs: RankableHand) -> int:
    """:data:`~poker.kernel.outcomes.AHEAD`, :data:`~poker.kernel.outcomes.TIED` or
    :data:`~poker.kernel.outcomes.BEHIND`: how ``mine`` fares against ``theirs``."""
    return outcome_code(mine, theirs)


_FACTORIES: dict[tuple[type[HandFactory], type[HandRanker]], type[HandFactory]] = {}


def factory_class(factory: type[HandFactory], ranker: type[HandRanker]) -> type[HandFactory]:
    """``factory``, or a subclass of it whose hands rank through ``ranker`` (so a ranker subclass counts)."""
    hand_class = factory.rankable_hand_class
    if hand_class.ranker is ranker:
        return factory
    if (factory, ranker) not in _FACTORIES:
        ranked = type(f'{ranker.__name__}{hand_class.__name__}', (hand_class,), {'ranker': ranker})
        _FACTORIES[factory, ranker] = type(f'{ranker.__name__}{factory.__name__}', (factory,),
                                           {'rankable_hand_class': ranked})
    return _FACTORIES[factory, ranker]


def reference_tally(hole: Iterable[CardLike], board: Iterable[CardLike], lookahead: int, sets: np.ndarray,
                    factory: HandFactory | None = None) -> Tally:
    """The weighted counts of :func:`poker.kernel.one_hand.tally`, by plain loops.

    ``sets`` are weight sets of shape (k, 1326) with known cards at weight 0; ``factory`` makes the
    hands (a fresh unbounded one by default).
    """
    hole, board = parse_cards(hole), parse_cards(board)
    factory = factory if factory is not None else HandFactory(maxsize=None)
    known = {card.index for card in (*hole, *board)}
    unseen = [Card.from_index(index) for index in range(52) if index not in known]
    mine_now = factory.get_rankable_hand([*hole, *board])
    now = np.zeros((len(sets), 3))
    transitions = np.zeros((len(sets), 3, 3))
    for first, second in itertools.combinations(unseen, 2):
        weight = sets[:, holding_index(first.index, second.index)]
        if not weight.any():
            continue
        before = outcome(mine_now, factory.get_rankable_hand([first, second, *board]))
        after = [0, 0, 0]
        rest = [card for card in unseen if card != first and card != second]
        for runout in itertools.combinations(rest, lookahead):
            mine = factory.get_rankable_hand([*hole, *board, *runout])
            theirs = factory.get_rankable_hand([first, second, *board, *runout])
            after[outcome(mine, theirs)] += 1
        now[:, before] += weight
        transitions[:, before, :] += np.outer(weight, after)
    return Tally(now=now, transitions=transitions, runouts=math.comb(len(unseen) - 2, lookahead))


class ReferencePlayer(Player):
    """A :class:`~poker.stats.player.Player` whose :meth:`count_outcomes` is :func:`reference_tally`.

    It shows the engine hook at work; its statistics equal the fast path's (exactly, for uniform
    weights).
    """

    hand_factory: ClassVar[type[HandFactory]] = HandFactory

    def count_outcomes(self, lookahead: int, sets: np.ndarray) -> Tally:
        """The plain loops of :func:`reference_tally`, ranking through an unbounded :attr:`hand_factory`
        whose hands use :attr:`ranker` (its ``rank``, built on ``rank_many``)."""
        lookahead, sets = self._outcome_arguments(lookahead, sets)
        factory = factory_class(self.hand_factory, self.ranker)
        return reference_tally(self.hole_cards, self.board, lookahead, sets, factory(maxsize=None))
