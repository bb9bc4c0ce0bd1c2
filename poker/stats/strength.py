"""One hand against one opponent's range on the board as it is: Loki's hand strength, in microseconds.

Hand strength (HS, Papp 1998, ch. 5) is the weighted share of the opponent's possible holdings that a
hand beats now, ties counting half, over the holdings free of every known card. On the river nothing is
to come, so HS is the hand's showdown equity against one opponent drawn from the weights: the question a
bot asks again and again, its hand against each opponent's range, with ranges re-weighted after every
action.

:func:`hand_strength` answers it, when the ranker is :class:`HandRanker` itself and the weights a
:class:`~poker.ranges.range.Range` (or ``None``, every holding), in one compiled loop
(:func:`poker.kernel.one_hand.inline_showdown`): the hand and each holding with weight are ranked inline,
about a microsecond for a narrow range, whatever the board. With a ranker subclass, or weights in another
form, it reads the per-board memo of :func:`poker.kernel.board_memo.board_values` (the first question on a
board ranks the holdings free of it with one ``ranker.rank_many`` call; later ones compare values only)
and sums in NumPy. :meth:`Player.calculate_hand_statistics
<poker.stats.player.Player.calculate_hand_statistics>` gives the same ``hs`` (and the counts behind it) with
every opponent model and look-ahead: exactly for whole and half weights; other weights, summed in
another order, may differ in the last bits (a band with nothing in it is exactly 0 either way).

>>> from poker import Range
>>> hand_strength('Ah Kh', 'Kd 7c 2h 9s 9h', Range.parse('QQ+, AKs'))  # (6 + 2/2) / 12
0.5833333333333334
>>> hand_strength('7d 7h', 'Kd 7c 2h 9s 9h')  # a full house against every holding
0.9818181818181818
"""

from __future__ import annotations

import functools

import numpy as np

from ..cards.card import Card, format_cards
from ..cards.card_inputs import CardsLike, HoleLike, check_off_board, read_board, read_hole_cards
from ..cards.starting_hand import StartingHand
from ..errors import WeightsError
from ..kernel.board_memo import board_values
from ..kernel.one_hand import inline_showdown
from ..ranges.range import Range
from ..ranges.weight_inputs import WeightSetLike, read_weights
from ..ranking.ranker import HandRanker
from ..ranking.ranker_inputs import read_ranker

__all__ = ['hand_strength']

_SEQUENCES = (tuple, list)


def hand_strength(hole: HoleLike, board: CardsLike, weights: WeightSetLike = None, *,
                  ranker: type[HandRanker] = HandRanker) -> float:
    """The hand strength of ``hole`` on ``board`` (3 to 5 cards) against one opponent holding drawn from ``weights``.

    ``(ahead + tied / 2) / (ahead + tied + behind)``, each opponent holding free of the known cards
    counted by its weight (anything weights accept: a :class:`~poker.ranges.range.Range`, range text, 1,326
    weights, a class mapping; ``None`` for every holding alike). Equal to ``Player(hole,
    board).calculate_hand_statistics(weights=weights).hs``, and on the river to the showdown equity.
    Hands are ranked by ``ranker.rank_many``, once per board and ranker class (see
    :func:`~poker.kernel.board_memo.board_values`). Fastest with a pre-built ``Range`` and cards, asked about
    again (range text is parsed on every call, and an array is summed in NumPy each time).

    >>> hand_strength('Qs Qd', 'Qh 8c 3d 2s Jc', 'AA, KK, T9s')  # a set against overpairs and straights
    0.75
    >>> hand_strength('Qs Qd', 'Qh 8c 3d 2s Jc', 'QQ')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    poker.errors.WeightsError: the weights give no holding any weight once the known cards Qs Qd Qh 8c ... are removed
    """
    ranker = read_ranker(ranker)
    mine_cards = hole.cards if isinstance(hole, StartingHand) else hole
    # the fast path for pre-built cards: one pass, no parsing (anything else, or anything wrong, is
    # read and checked by _checked, which quotes the bad input)
    if isinstance(mine_cards, (tuple, list)) and isinstance(board, (tuple, list)) and type(mine_cards) in _SEQUENCES \
            and type(board) in _SEQUENCES and len(mine_cards) == 2 and 3 <= len(board) <= 5:
        known_cards = [card.index for card in (*mine_cards, *board) if isinstance(card, Card)]
        if len(known_cards) != 2 + len(board) or len(set(known_cards)) != len(known_cards):
            known_cards = _checked(hole, board)
    else:
        known_cards = _checked(hole, board)
    low, high, *indices = known_cards
    if ranker.INLINE_RANKING and (weights is None or isinstance(weights, Range)):
        # HandRanker's own values: each holding with weight ranked inline, in one compiled loop
        ahead, tied, behind = inline_showdown((low, high), indices, (_uniform() if weights is None else weights).weights)
    else:  # the ranker's rank_many, once per board (memoized), and three weighted sums
        known = board_values(indices, ranker)
        ahead, tied, behind = known.weigh((low, high), read_weights(weights))[0].tolist()
    total = ahead + tied + behind
    if total <= 0:
        cards = format_cards(Card.from_index(i) for i in (low, high, *indices))
        raise WeightsError(f'the weights give no holding any weight once the known cards {cards} are removed')
    return (ahead + tied / 2) / total


@functools.cache
def _uniform() -> Range:
    return Range.uniform()


def _checked(hole: HoleLike, board: CardsLike) -> list[int]:
    """The indices of the hole cards, then the board's (3 to 5 cards), read at the cards wing's door, after
    checking that no card repeats."""
    pair = [card.index for card in read_hole_cards(hole)]
    indices = [card.index for card in read_board(board, sizes=(3, 4, 5))]
    check_off_board(pair, indices, hole, board)
    return [*pair, *indices]
