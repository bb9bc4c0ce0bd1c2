"""A whole hero range against an opponent's weights: the choice among the three range passes.

:func:`range_tally` counts, for every hero holding with weight at once, what
:func:`~poker.kernel.one_hand.tally` counts for one hand, plus the strength after each runout. Three
passes count the same numbers (tests compare them on flops, turns and rivers, uniform and weighted);
its ``method`` argument names one, or ``'auto'`` lets it choose by what is to come, the support of the
weights and what is asked (for a ranker subclass; HandRanker itself takes the compiled pass,
:mod:`~poker.kernel.compiled_pass`, which counts the same in C):

* ``'sorted'`` (:mod:`~poker.kernel.sorted_pass`): a sort per final board, every holding against every
  other at once; no transitions while cards are to come;
* ``'narrow'`` (:mod:`~poker.kernel.narrow_pass`): each opponent holding against every hero holding
  directly; at most :data:`~poker.kernel.narrow_pass.NARROW_LIMIT` opponent holdings with weight;
* ``'grid'`` (:mod:`~poker.kernel.grid_pass`): cumulative grids of the opponent's weights per runout.

:func:`hero_by_hero` counts the same for a few hero holdings, each through the one-hand kernel.

>>> from poker.cards.card import parse_cards
>>> from poker.cards.holdings import holding_index
>>> board = [card.index for card in parse_cards('3h 4s Jh')]
>>> hero, every = np.zeros(1326), np.ones(1326)
>>> hero[holding_index(*[card.index for card in parse_cards('Ah Qh')])] = 1.0
>>> grid = range_tally(board, 2, hero, every, method='grid')
>>> grid.method, grid.now.tolist(), grid.transitions[0, 2].tolist()
('grid', [[628.0, 9.0, 444.0]], [221903.0, 680.0, 216977.0])
>>> compiled = range_tally(board, 2, hero, every)
>>> compiled.method, compiled.now.tolist(), compiled.transitions[0, 2].tolist()
('compiled', [[628.0, 9.0, 444.0]], [221903.0, 680.0, 216977.0])
>>> table = range_tally(board, 2, hero, every, transitions=False, method='sorted')
>>> table.method, table.now.tolist(), table.transitions
('sorted', [[628.0, 9.0, 444.0]], None)
>>> range_tally(board, 2, hero, every, method='sorted')
Traceback (most recent call last):
...
poker.errors.SettingError: method 'sorted' gives no transitions with 2 cards to come: ask transitions=False, or method 'narrow' or 'grid'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np

from ..cards.holdings import HOLDINGS
from ..errors import SettingError
from ..ranking.ranker import HandRanker
from ..ranking.ranker_inputs import read_ranker
from ..validators import RANGE_PASSES, RangePass, flag, read_method
from .compiled_pass import RangeSummary, compiled_counts, compiled_summary, compiled_tally
from .grid_pass import grid_tally
from .kernel_inputs import board_indices, lookahead_on, weight_row
from .narrow_pass import NARROW_LIMIT, narrow_tally
from .one_hand import outcome_grid
from .outcomes import AHEAD, TIED
from .positions import MAX_LOOKAHEAD, enumeration_tables, holding_numbers, unseen_cards
from .range_spot import RangeTally, Spot, by_pieces
from .sorted_pass import sorted_tally

__all__ = ['NARROW_OPPONENTS', 'hero_by_hero', 'range_summary', 'range_tally', 'weighted_counts']

NARROW_OPPONENTS = 60
"""Opponent ranges with at most this many holdings with weight take the narrow pass under ``method='auto'``
(its cost follows the opponent's support); wider ones the grids. Measured on a flop with two cards to come,
all 1,176 hero holdings (CPU time on a busy 2-core machine, a ranker subclass): against 20 random opponent
holdings 30 ms (110 ms with 20 different weights) where the grids take 145 ms (300 ms); against 60, 55 ms
(285 ms) where the grids take 170 ms (365 ms). At most :data:`~poker.kernel.narrow_pass.NARROW_LIMIT`, what
the pass can count."""

_PASSES: dict[str, Callable[[Spot, type[HandRanker]], RangeTally]] = {
    'sorted': sorted_tally, 'narrow': narrow_tally, 'grid': grid_tally,
}

_HOLDING_CARDS: list[tuple[int, int]] = [(int(a), int(b)) for a, b in HOLDINGS.tolist()]


def range_summary(board: Sequence[int], lookahead: int, hero: np.ndarray, opponent: np.ndarray,
                  ranker: type[HandRanker] = HandRanker) -> RangeSummary | None:
    """:func:`range_tally` (with the transitions, ``method='auto'``) summed over the runouts in C where the
    compiled pass can (:func:`~poker.kernel.compiled_pass.compiled_summary`: HandRanker itself, cards to come,
    whole opponent weights), else None: on a flop every holding's per-runout numbers are neither written nor
    summed again in NumPy."""
    board = board_indices(board)
    lookahead, ranker = lookahead_on(lookahead, board, MAX_LOOKAHEAD), read_ranker(ranker)
    if not ranker.INLINE_RANKING:
        return None
    return compiled_summary(Spot.of(board, lookahead, weight_row('hero', hero), weight_row('opponent', opponent)))


def weighted_counts(board: Sequence[int], lookahead: int, hero: np.ndarray, opponent: np.ndarray,
                    ranker: type[HandRanker] = HandRanker) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The hero holdings with weight (ascending numbers), ``now`` (K x 3) and ``transitions`` (K x 3 x 3) of
    :func:`range_tally` (``method='auto'``): the weighted counts a :class:`~poker.stats.player.Player` sums for one
    hand, to the last bit for any weights (:mod:`~poker.kernel.exact_sums`), without the per-runout numbers (for
    HandRanker itself: :func:`~poker.kernel.compiled_pass.compiled_counts`)."""
    board = board_indices(board)
    lookahead, ranker = lookahead_on(lookahead, board, MAX_LOOKAHEAD), read_ranker(ranker)
    hero, opponent = weight_row('hero', hero), weight_row('opponent', opponent)
    if ranker.INLINE_RANKING:
        return compiled_counts(Spot.of(board, lookahead, hero, opponent))
    tally = range_tally(board, lookahead, hero, opponent, ranker)
    assert tally.transitions is not None
    return tally.holdings, tally.now, tally.transitions


def range_tally(board: Sequence[int], lookahead: int, hero: np.ndarray, opponent: np.ndarray,
                ranker: type[HandRanker] = HandRanker, *, transitions: bool = True,
                method: RangePass = 'auto') -> RangeTally:
    """Every hero holding with weight against the opponent's weights on ``board``, in one pass.

    ``hero`` and ``opponent`` are 1,326 weights (holdings touching the board are ignored); ``transitions``
    False says the 3x3 transitions are not needed (the strength tables need only the strength now and
    after each runout: then they are None unless the pass gives them anyway). ``score`` and ``total``
    have a column per runout of the board (0 where it holds a hero card). Every hand is ranked by
    ``ranker.rank_many``.

    ``method`` is the pass (one of :data:`~poker.validators.RANGE_PASSES`); ``'auto'`` takes the compiled
    pass (:func:`~poker.kernel.compiled_pass.compiled_tally`, ``'compiled'``) when the ranker is HandRanker
    itself (``ranker.INLINE_RANKING``: on a flop every holding against every holding in about 26 ms of CPU
    without the transitions, 55 ms with them, against ``QQ+, AKs`` 41 ms with them), and for a ranker subclass
    chooses:

    * with nothing to come (the river, or ``lookahead=0``): ``'sorted'``, one sort of every holding's
      value (about 0.35 ms on a river against every holding, 0.5 ms against ``QQ+, AKs``, where the narrow
      pass takes 0.5 ms for 20 hero holdings but 1.6 ms for all of them);
    * an opponent range with at most :data:`NARROW_OPPONENTS` holdings with weight (and some hero
      holding): ``'narrow'``, direct comparisons, whose cost follows the opponent's support (see
      :data:`NARROW_OPPONENTS` for the measured costs);
    * when the transitions are not asked for: ``'sorted'``, a sort per final board (on a flop's 1,081
      runouts, a table's every holding against every holding);
    * else ``'grid'``, the only wide pass that splits the runouts' outcomes by the outcome now.

    A pass that cannot answer what is asked raises a :class:`~poker.errors.SettingError` saying why:
    ``'sorted'`` with transitions asked and cards to come, ``'narrow'`` against more than
    :data:`~poker.kernel.narrow_pass.NARROW_LIMIT` opponent holdings with weight. The result's
    ``method`` names the pass that counted (``'compiled'`` for the compiled pass).
    """
    chosen = read_method(method, RANGE_PASSES)
    board = board_indices(board)
    lookahead, ranker = lookahead_on(lookahead, board, MAX_LOOKAHEAD), read_ranker(ranker)
    hero, opponent = weight_row('hero', hero), weight_row('opponent', opponent)
    transitions = flag('transitions', transitions)
    spot = Spot.of(board, lookahead, hero, opponent)
    if chosen == 'auto' and ranker.INLINE_RANKING:
        return by_pieces(spot, lambda part: compiled_tally(part, transitions))
    count = _PASSES[_ranked_pass(chosen, spot, lookahead, transitions)]
    return by_pieces(spot, lambda part: count(part, ranker))


def _ranked_pass(chosen: RangePass, spot: Spot, lookahead: int, transitions: bool) -> str:
    """The pass that counts ``spot`` through a ranker subclass's ``rank_many``: the one ``chosen``, or under
    ``'auto'`` the one the spot calls for (see :func:`range_tally`); a pass that cannot answer what is asked is a
    :class:`~poker.errors.SettingError` saying why."""
    support = np.count_nonzero(spot.opponent)
    if chosen == 'auto':
        if lookahead == 0:
            return 'sorted'
        if 0 < support <= NARROW_OPPONENTS and np.any(spot.hero > 0):
            return 'narrow'
        return 'grid' if transitions else 'sorted'
    if chosen == 'sorted' and transitions and lookahead:
        raise SettingError(f"method 'sorted' gives no transitions with {lookahead} card{'s' if lookahead > 1 else ''} "
                           "to come: ask transitions=False, or method 'narrow' or 'grid'")
    if chosen == 'narrow' and support > NARROW_LIMIT:
        raise SettingError(f"method 'narrow' counts against at most {NARROW_LIMIT} opponent holdings with weight, "
                           f"got {support}: use 'auto', 'sorted' or 'grid'")
    return chosen


def hero_by_hero(board: Sequence[int], lookahead: int, hero: np.ndarray, opponent: np.ndarray,
                 ranker: type[HandRanker] = HandRanker) -> RangeTally:
    """:func:`range_tally` for a few hero holdings: each one through the single-hand kernel
    (:func:`~poker.kernel.one_hand.outcome_grid`, the engine of :class:`~poker.stats.player.Player`), over the
    opponent holdings with weight only. ``score`` and ``total`` then have a column per runout of the cards
    the hero does not hold (the same values, other columns); the result's ``method`` is ``'hero_by_hero'``."""
    board = board_indices(board)
    lookahead, ranker = lookahead_on(lookahead, board, MAX_LOOKAHEAD), read_ranker(ranker)
    hero, opponent = weight_row('hero', hero), weight_row('opponent', opponent)
    cards = unseen_cards(board)
    numbers = holding_numbers(cards)
    numbers = numbers[np.asarray(hero)[numbers] > 0]
    weights = np.asarray(opponent, dtype=np.float64)
    counted = [_one_hero(board, lookahead, number, weights, ranker) for number in numbers.tolist()]
    width = max((len(total) for *_, total in counted), default=1)
    now, transitions, scores, totals = (np.array([row[i] for row in counted]) for i in range(4))
    return RangeTally(holdings=numbers, now=now.reshape(-1, 3), transitions=transitions.reshape(-1, 3, 3),
                      score=scores.reshape(-1, width), total=totals.reshape(-1, width),
                      runouts=math.comb(len(cards) - 4, lookahead), method='hero_by_hero')


def _one_hero(board: Sequence[int], lookahead: int, number: int, weights: np.ndarray, ranker: type[HandRanker]
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """One row of :func:`hero_by_hero`: the hero holding ``number``'s ``now``, ``transitions``, and its
    ``score`` and ``total`` per runout of the cards it does not hold."""
    low, high = _HOLDING_CARDS[number]
    unseen = unseen_cards([low, high, *board])
    inner = enumeration_tables(len(unseen), lookahead)
    rows = np.flatnonzero(weights[holding_numbers(unseen)] > 0)
    grid = outcome_grid([low, high], board, lookahead, ranker, rows)
    result = grid.outcomes().weigh(weights)
    now = result.now[0]
    if not lookahead:
        return now, result.transitions[0], np.array([now[AHEAD] + now[TIED] / 2]), np.array([now.sum()])
    # per runout column: opponent holdings free of it (the sentinel marks the others) and their outcomes
    w = weights[grid.holdings]
    free = inner.grid[rows] != inner.subsets.shape[1]
    signs = np.where(free, grid.signs, 0).astype(np.float64)
    total = w @ free
    return now, result.transitions[0], (total - w @ signs) / 2, total
