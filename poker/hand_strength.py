"""One hand against one opponent's range on the board as it is: Loki's hand strength, in microseconds.

Hand strength (HS, Papp 1998, ch. 5) is the weighted share of the opponent's possible holdings that a
hand beats now, ties counting half, over the holdings free of every known card. On the river nothing is
to come, so HS is the hand's showdown equity against one opponent drawn from the weights: the question a
bot asks again and again, its hand against each opponent's range, with ranges re-weighted after every
action.

:func:`hand_strength` answers it from the per-board memo of :func:`poker.enumeration.board_values`: the
first question on a board ranks the 1,081 holdings free of it with one ``ranker.rank_many`` call; every
later question on that board (any hand, any range) ranks nothing and compares values only. For a
narrow range that is a short loop over its holdings with weight (:meth:`Range.support
<poker.range.Range.support>`, kept by the range); for a wide one three weighted sums in NumPy.
:meth:`Player.calculate_hand_statistics <poker.player.Player.calculate_hand_statistics>` gives the same
``hs`` (and the counts behind it) with every opponent model and look-ahead.

>>> from poker import Range
>>> hand_strength('Ah Kh', 'Kd 7c 2h 9s 9h', Range.parse('QQ+, AKs'))  # (6 + 2/2) / 12
0.5833333333333334
>>> hand_strength('7d 7h', 'Kd 7c 2h 9s 9h')  # a full house against every holding
0.9818181818181818
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from .card import Card, CardLike, format_cards, parse_cards
from .enumeration import board_values, showdown_counts
from .errors import CardCountError, DuplicateCardError, SettingError, WeightsError
from .hand_ranker import HandRanker
from .holdings import HOLDING_MASKS, NUMBER_OF_PAIR
from .range import Range
from .starting_hand import StartingHand
from .validators import shown
from .weights import weight_array

__all__ = ['LOOP_HOLDINGS', 'hand_strength']

LOOP_HOLDINGS = 100
"""Ranges with at most this many holdings with weight are counted by a Python loop over them (a Python
step costs about 0.1 microsecond, a NumPy call over the 1,326 holdings a few); wider ones in NumPy."""

_MASKS: list[int] = HOLDING_MASKS.tolist()
_SEQUENCES = (tuple, list)


def hand_strength(hole: StartingHand | str | Iterable[CardLike], board: str | Iterable[CardLike],
                  weights: Any = None, *, ranker: type[HandRanker] = HandRanker) -> float:
    """The hand strength of ``hole`` on ``board`` (3 to 5 cards) against one opponent holding drawn from ``weights``.

    ``(ahead + tied / 2) / (ahead + tied + behind)``, each opponent holding free of the known cards
    counted by its weight (anything weights accept: a :class:`~poker.range.Range`, range text, 1,326
    weights, a class mapping; ``None`` for every holding alike). Equal to ``Player(hole,
    board).calculate_hand_statistics(weights=weights).hs``, and on the river to the showdown equity.
    Hands are ranked by ``ranker.rank_many``, once per board and ranker class (see
    :func:`~poker.enumeration.board_values`). Fastest with a pre-built ``Range`` and cards (a range
    keeps its holdings with weight; text is parsed on every call).

    >>> hand_strength('Qs Qd', 'Qh 8c 3d 2s Jc', 'AA, KK, T9s')  # a set against overpairs and straights
    0.75
    >>> hand_strength('Qs Qd', 'Qh 8c 3d 2s Jc', 'QQ')
    Traceback (most recent call last):
    ...
    poker.errors.WeightsError: the weights give no holding any weight once the known cards Qs Qd Qh 8c 3d 2s Jc are removed
    """
    if not (isinstance(ranker, type) and issubclass(ranker, HandRanker)):
        raise SettingError(f'ranker must be a HandRanker class, got {shown(ranker)}')
    mine_cards: Any = hole.cards if isinstance(hole, StartingHand) else hole
    cards: Any = board
    # the fast path for pre-built cards: one pass, no parsing (anything else, or anything wrong, is
    # read and checked by _checked, which quotes the bad input)
    if type(mine_cards) in _SEQUENCES and type(cards) in _SEQUENCES and len(mine_cards) == 2 \
            and 3 <= len(cards) <= 5:
        known_cards = [card.index for card in (*mine_cards, *cards) if isinstance(card, Card)]
        if len(known_cards) != 2 + len(cards) or len(set(known_cards)) != len(known_cards):
            known_cards = _checked(mine_cards, board)
    else:
        known_cards = _checked(mine_cards, board)
    low, high, *indices = known_cards
    known = board_values(indices, ranker)
    support = weights.support() if isinstance(weights, Range) else None
    if support is not None and len(support) <= LOOP_HOLDINGS:
        listed, masks = known.listed, _MASKS
        mine = listed[NUMBER_OF_PAIR[low][high]]
        seen = known.mask | (1 << low) | (1 << high)
        ahead = tied = behind = 0.0
        for number, weight in support:  # the holdings with weight, free of the known cards, against ours
            if masks[number] & seen:
                continue
            value = listed[number]
            if value < mine:
                ahead += weight
            elif value == mine:
                tied += weight
            else:
                behind += weight
    else:
        array = weights.weights if isinstance(weights, Range) else weight_array(weights)
        ahead, tied, behind = showdown_counts((low, high), indices, array, ranker)[0].tolist()
    total = ahead + tied + behind
    if total <= 0:
        cards = format_cards(Card.from_index(i) for i in (low, high, *indices))
        raise WeightsError(f'the weights give no holding any weight once the known cards {cards} are removed')
    return (ahead + tied / 2) / total


def _checked(hole: Any, board: Any) -> list[int]:
    """The indices of the hole cards, then the board's, in any form :func:`~poker.card.parse_cards` reads,
    after checking their numbers and that no card repeats."""
    pair, indices = ([card.index for card in parse_cards(cards)] for cards in (hole, board))
    if len(pair) != 2:
        raise CardCountError(f'a hand needs exactly 2 hole cards, got {len(pair)}: {shown(hole)}')
    if not 3 <= len(indices) <= 5:
        raise CardCountError(f'hand strength needs a board of 3 to 5 cards, got {len(indices)}: {shown(board)}')
    if set(pair) & set(indices):
        card = Card.from_index(next(i for i in pair if i in indices))
        raise DuplicateCardError(f'card {str(card)!r} is both a hole card and on the board ({shown(hole)} / '
                                 f'{shown(board)})')
    return [*pair, *indices]
