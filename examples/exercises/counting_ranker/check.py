"""Check of the counting ranker: one hand, a batch, a memoizing factory, and Player on the flop."""

from __future__ import annotations

import sys
from collections.abc import Callable
from math import comb
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from _checking import run  # noqa: E402

import numpy as np  # noqa: E402

from poker import Deck, HandRanker, Player  # noqa: E402
from poker.kernel import memoized_board_values  # noqa: E402


def check(module: ModuleType) -> None:
    ranker = module.CountingRanker

    def counted(action: Callable[[], object]) -> int:
        ranker.hands_ranked = 0
        action()
        return int(ranker.hands_ranked)

    one = counted(lambda: ranker.rank('Ah Kh Qh Jh Th'))
    assert one == 1, f'ranking one hand counted {one}, expected 1'
    deals = [Deck(seed=seed).deal(7) for seed in range(50)]  # 50 different seven-card hands
    assert len({frozenset(cards) for cards in deals}) == 50  # a guard on the check itself
    rows = np.array([[card.index for card in cards] for cards in deals])
    values: list[np.ndarray] = []
    assert counted(lambda: values.append(ranker.rank_many(rows))) == 50, 'one batch of 50 hands must count 50'
    assert np.array_equal(values[0], HandRanker.rank_many(rows)), 'counting must not change the values'
    hand = module.CountedHand('Ah Kh Qh Jh Th')
    assert counted(lambda: module.CountedHand('Ah Kh Qh Jh Th')) == 1 and hand.value == 7462, \
        'a CountedHand must rank once, with the counting ranker'

    factory = module.CountingFactory()
    requests = [cards[turn % 7:] + cards[:turn % 7] for turn in range(20) for cards in deals]  # 1,000, reordered
    hands: list[object] = []
    ranked = counted(lambda: hands.extend(factory.get_hand(cards) for cards in requests))
    info = factory.cache_info()
    assert all(isinstance(hand, module.CountedHand) for hand in hands), 'the factory must build CountedHands'
    assert (info.hits, info.misses) == (950, 50), f'cache hits {info.hits}, misses {info.misses}, expected 950 and 50'
    assert factory.built == 50, f'the factory built {factory.built} hands for 50 distinct hands, expected 50'
    assert ranked == 50, f'{ranked} hands ranked for 50 distinct hands asked for 20 times each, expected 50'

    # Player ranks each set of final cards once. Now: every holding's value on the board is ranked once per
    # board and kept (poker.kernel.board_memo.board_values), the C(49, 2) holdings free of the flop, ours among
    # them. Two cards to come: for us, the C(47, 2) runouts; for the opponent, a runout and a holding, 4 of
    # the 47 unseen cards however they are split, C(47, 4); the values now are kept already.
    memoized_board_values.cache_clear()  # (no board asked about before)
    now = comb(49, 2)
    assert now == 1_176 and comb(47, 4) + comb(47, 2) == 179_446
    stats: list[object] = []
    lookahead_0 = counted(lambda: stats.append(module.CountingPlayer('Ah Qh', '3h 4s Jh')
                                               .calculate_hand_statistics(lookahead=0)))
    assert lookahead_0 == now, f'Player on the flop, nothing to come: {lookahead_0:,} hands ranked, expected {now:,}'
    lookahead_2 = counted(lambda: stats.append(module.CountingPlayer('Ah Qh', '3h 4s Jh')
                                               .calculate_hand_statistics(lookahead=2)))
    assert lookahead_2 == 179_446, f'Player on the flop, two to come: {lookahead_2:,} hands ranked, expected 179,446'
    standard = Player('Ah Qh', '3h 4s Jh').calculate_hand_statistics(lookahead=2)
    assert stats[1] == standard, 'counting must not change the statistics'


if __name__ == '__main__':
    sys.exit(run(check, __file__))
