"""Made hands and draws by plain loops over cards, the brute-force count beside ``poker classes``.

    PYTHONPATH=. python tools/count_hand_classes.py 'JJ+, AK, KQs, T9s' 'Jh Ts 4h'

Classifies every holding of a range on a board one at a time, with :class:`~poker.cards.card.Card` and
:class:`~poker.ranking.rankable_hand.RankableHand` only (no array of the library's classifier), by the rules of
``docs/hand_classes.md``, and prints the combos of each class. ``tests/stats/test_hand_classes.py`` checks the library
against :func:`made_class` and :func:`draw_classes`.
"""

from __future__ import annotations

import itertools
import sys
from collections import Counter

from poker import Card, HandCategory, Range, RankableHand, parse_cards
from poker.stats import Draw, MadeHand

STRONG = {HandCategory.STRAIGHT: MadeHand.STRAIGHT, HandCategory.FLUSH: MadeHand.FLUSH,
          HandCategory.FULL_HOUSE: MadeHand.FULL_HOUSE, HandCategory.FOUR_OF_A_KIND: MadeHand.QUADS,
          HandCategory.STRAIGHT_FLUSH: MadeHand.STRAIGHT_FLUSH}


def straight_high(ranks: set[int]) -> int:
    """The top rank (5 to 14) of the best straight among ``ranks`` (2 to 14, the ace also low), else 0."""
    ranks = ranks | ({1} if 14 in ranks else set())
    return max((top for top in range(5, 15) if all(top - k in ranks for k in range(5))), default=0)


def board_category(board: list[Card]) -> tuple[HandCategory, int]:
    """The board's own category, and its value when it has five cards."""
    if len(board) == 5:
        hand = RankableHand(board)
        return hand.category, hand.value
    counts = sorted(Counter(card.rank for card in board).values(), reverse=True) + [0]
    if counts[0] == 4:
        return HandCategory.FOUR_OF_A_KIND, 0
    if counts[0] == 3:
        return HandCategory.THREE_OF_A_KIND, 0
    if counts[0] == 2:
        return (HandCategory.TWO_PAIR if counts[1] == 2 else HandCategory.ONE_PAIR), 0
    return HandCategory.HIGH_CARD, 0


def made_class(hole: list[Card], board: list[Card]) -> MadeHand:
    """The made-hand class of ``hole`` on ``board``."""
    hand = RankableHand(hole + board)
    own, own_value = board_category(board)
    if hand.category >= HandCategory.STRAIGHT:
        if hand.category > own or (len(board) == 5 and hand.category == own
                                   and own != HandCategory.FOUR_OF_A_KIND and hand.value > own_value):
            return STRONG[hand.category]
    on_board = Counter(int(card.rank) for card in board)
    distinct = sorted(on_board, reverse=True)
    first, second = int(hole[0].rank), int(hole[1].rank)
    if first == second:
        if on_board[first]:
            return MadeHand.SET
        return MadeHand.OVERPAIR if first > distinct[0] else MadeHand.UNDERPAIR
    if on_board[first] and on_board[second]:
        return MadeHand.TWO_PAIR
    if on_board[first] >= 2 or on_board[second] >= 2:
        return MadeHand.TRIPS
    for rank in (first, second):
        if on_board[rank]:
            if rank == distinct[0]:
                return MadeHand.TOP_PAIR
            if len(distinct) > 1 and rank == distinct[1]:
                return MadeHand.MIDDLE_PAIR
            return MadeHand.WEAK_PAIR
    return MadeHand.ACE_HIGH if 14 in (first, second) else MadeHand.NO_MADE_HAND


def draw_classes(hole: list[Card], board: list[Card]) -> set[Draw]:
    """The draw classes of ``hole`` on ``board`` (none on the river)."""
    if len(board) == 5:
        return set()
    made = made_class(hole, board)
    found = set()
    for suit in {card.suit for card in hole}:
        count = sum(card.suit == suit for card in hole + board)
        if count == 4 and made < MadeHand.FLUSH:
            found.add(Draw.FLUSH_DRAW)
        if count == 3 and len(board) == 3 and made < MadeHand.FLUSH:
            found.add(Draw.BACKDOOR_FLUSH_DRAW)
    if Draw.FLUSH_DRAW in found:
        found.discard(Draw.BACKDOOR_FLUSH_DRAW)
    mine = {int(card.rank) for card in hole + board}
    shared = {int(card.rank) for card in board}
    outs = [rank for rank in range(2, 15) if straight_high(mine | {rank}) > straight_high(shared | {rank})]
    if made < MadeHand.STRAIGHT and outs:
        found.add(Draw.OPEN_ENDED if len(outs) >= 2 else Draw.GUTSHOT)
    if Draw.FLUSH_DRAW in found and outs and made < MadeHand.STRAIGHT:
        found.add(Draw.COMBO_DRAW)
    if len(board) == 3 and made < MadeHand.STRAIGHT and not outs and any(
            straight_high(mine | {a, b}) > straight_high(shared | {a, b})
            for a, b in itertools.combinations(range(2, 15), 2)):
        found.add(Draw.BACKDOOR_STRAIGHT_DRAW)
    top = max(int(card.rank) for card in board)
    if hole[0].rank != hole[1].rank and min(int(card.rank) for card in hole) > top and made <= MadeHand.ACE_HIGH:
        found.add(Draw.TWO_OVERCARDS)
    return found or {Draw.NO_DRAW}


def count(hero: str, board_text: str) -> tuple[Counter[MadeHand], Counter[Draw], float]:
    """The weighted combos of each class of the range ``hero`` on the board, and the range's combos."""
    board = parse_cards(board_text)
    weights = Range.parse(hero).weights
    made: Counter[MadeHand] = Counter()
    draws: Counter[Draw] = Counter()
    total = 0.0
    for first, second in itertools.combinations(range(52), 2):
        hole = [Card.from_index(first), Card.from_index(second)]
        weight = float(weights[first * (103 - first) // 2 + second - first - 1])
        if weight == 0 or set(hole) & set(board):
            continue
        total += weight
        made[made_class(hole, board)] += weight
        for draw in draw_classes(hole, board):
            draws[draw] += weight
    return made, draws, total


def main(argv: list[str]) -> int:
    hero, board = (argv + ['JJ+, AK, KQs, T9s', 'Jh Ts 4h'][len(argv):])[:2]
    made, draws, total = count(hero, board)
    print(f'{hero} on {board}: {total:g} combos (brute force, plain loops)')
    for name, counter, order in (('made hands', made, reversed(MadeHand)), ('draws', draws, Draw)):
        print(name)
        for hand_class in order:
            if counter[hand_class]:
                print(f'  {hand_class.label:<28}{counter[hand_class]:>8g}{counter[hand_class] / total:>9.1%}')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
