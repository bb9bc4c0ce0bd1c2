"""The fast engine: every opponent holding and every runout, counted exactly with NumPy.

For a player's hole cards and a board, :func:`holding_outcomes` finds, for each opponent holding of two
unseen cards, whether the player is ahead, tied or behind now, and how often each of the three happens
over every runout of ``lookahead`` more cards. Weighing those counts by an opponent model
(:meth:`HoldingOutcomes.weigh`) gives the :class:`Tally` that :class:`~poker.player.Player` turns into
HS, PPOT and NPOT. :mod:`poker.reference` counts the same things one hand at a time.

How it stays fast (a flop with two cards to come is 1,070,190 showdowns):

* Only the ``n`` unseen cards matter, so everything is indexed by *positions* 0 to n-1 in the sorted
  list of unseen cards. Which positions form which holding, runout and subset does not depend on the
  spot, so :func:`enumeration_tables` builds those index tables once per ``(n, lookahead)`` and caches
  them.
* A hand's value comes from the sum of its cards' keys (:data:`~poker.ranking_tables.CARD_KEYS`), and
  sums add: a holding's key is the sum of two card keys, a subset's the sum of a holding's and a
  runout's, each plus the board's. No array of 7 card columns is ever gathered.
* The opponent's final hand depends only on the *set* of its unseen cards (the holding and the runout
  together): on the flop 178,365 sets of four, each ranked once, though each is reached by six
  (holding, runout) splits. The player's final hand depends only on the runout (1,081 of them).
* The outcomes are laid out as a grid, a row per holding and a column per runout; the grid of subset
  numbers is cached, so one gather fills it with the opponent's values. Runouts that share a card with
  the holding point at a sentinel value 0, which loses to every hand, so each row has the same known
  number of them to subtract. ``sign(theirs - mine)`` summed along a row, and its absolute value summed,
  give the row's ahead, tied and behind counts.

>>> from poker.card import parse_cards
>>> hole, board = [c.index for c in parse_cards('Ah Qh')], [c.index for c in parse_cards('3h 4s Jh')]
>>> outcomes = holding_outcomes(hole, board, lookahead=2)
>>> len(outcomes.holdings), outcomes.runouts, int(outcomes.later.sum())
(1081, 990, 1070190)
>>> tally = outcomes.weigh(np.ones((1, 1326)))
>>> tally.now.tolist(), tally.transitions[0, 2].tolist()
([[628.0, 9.0, 444.0]], [221903.0, 680.0, 216977.0])
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence

import numpy as np
from attrs import field, frozen

from .hand_ranker import HandRanker
from .ranking_tables import CARD_BITS, CARD_KEYS

__all__ = [
    'AHEAD',
    'BEHIND',
    'EnumerationTables',
    'HoldingOutcomes',
    'TIED',
    'Tally',
    'enumeration_tables',
    'holding_outcomes',
    'tally',
]

AHEAD, TIED, BEHIND = 0, 1, 2
"""Outcome codes, the row and column order of every 3x3 transition matrix."""

MAX_LOOKAHEAD = 2

_KEYS: list[int] = CARD_KEYS.tolist()
_BITS: list[int] = CARD_BITS.tolist()


def _array(value: np.ndarray) -> np.ndarray:
    array = np.asarray(value)
    array.flags.writeable = False
    return array


@frozen(eq=False)
class Tally:
    """Weighted counts for k opponent weight sets: what :class:`~poker.player.Player` needs.

    ``now[i]`` holds set i's weighted holdings we are ahead of, tied with and behind now;
    ``transitions[i][a][b]`` the weighted (holding, runout) pairs that go from outcome a now to
    outcome b after the runout; ``runouts`` is the number of runouts per holding.
    """

    now: np.ndarray = field(converter=_array)
    transitions: np.ndarray = field(converter=_array)
    runouts: int


@frozen(eq=False)
class HoldingOutcomes:
    """What happens against each opponent holding, before any weighting.

    ``holdings`` are the holding numbers (``combinations(range(52), 2)`` order) of the holdings of two
    unseen cards, ``now`` the outcome code against each now (:data:`AHEAD`, :data:`TIED`,
    :data:`BEHIND`), and ``later[j]`` the counts of the three outcomes over the ``runouts`` runouts
    (with no look-ahead, the one empty runout: ``later`` is ``now`` one-hot). The counts do not depend
    on the opponent model, so a bot may weigh them by several models.
    """

    holdings: np.ndarray = field(converter=_array)
    now: np.ndarray = field(converter=_array)
    later: np.ndarray = field(converter=_array)
    runouts: int

    def weigh(self, sets: np.ndarray) -> Tally:
        """The :class:`Tally` of the weight ``sets`` (shape (k, 1326), known cards already at weight 0)."""
        weights = np.asarray(sets, dtype=np.float64).reshape(-1, 1326)[:, self.holdings]
        state = np.zeros((len(self.now), 3))
        state[np.arange(len(self.now)), self.now] = 1.0
        by_state = weights[:, np.newaxis, :] * state.T  # (k, now outcome, holding)
        return Tally(now=weights @ state, transitions=by_state @ self.later.astype(np.float64),
                     runouts=self.runouts)


@frozen(eq=False)
class EnumerationTables:
    """Index tables over positions 0 to ``unknown``-1 of the unseen cards; they depend on no spot.

    * ``pair_first``, ``pair_second``: the two positions of each holding, in combinations order;
    * ``subset_pair``, ``subset_rest``: for each set of 2 + ``lookahead`` positions, the holding of its
      first two and the runout of the rest (a position for one card, a holding number for two);
    * ``grid[h, r]``: the number of the set made of holding h and runout r, or the number of sets
      (a sentinel) where they share a position; ``overlapping`` such runouts in every row;
    * ``runouts``: the runouts per holding, C(unknown - 2, lookahead).
    """

    unknown: int
    lookahead: int
    pair_first: np.ndarray = field(converter=_array)
    pair_second: np.ndarray = field(converter=_array)
    subset_pair: np.ndarray = field(converter=_array)
    subset_rest: np.ndarray = field(converter=_array)
    grid: np.ndarray = field(converter=_array)
    overlapping: int
    runouts: int


def _pair_number(first: np.ndarray, second: np.ndarray, size: int) -> np.ndarray:
    """The combinations-order number of the pairs of positions first < second among ``size``."""
    first = first.astype(np.intp)
    return first * (2 * size - first - 1) // 2 + second.astype(np.intp) - first - 1


@functools.cache
def enumeration_tables(unknown: int, lookahead: int) -> EnumerationTables:
    """The cached index tables for ``unknown`` unseen cards and ``lookahead`` (0, 1 or 2) cards to come.

    >>> tables = enumeration_tables(47, 2)
    >>> tables.grid.shape, len(tables.subset_pair), tables.overlapping, tables.runouts
    ((1081, 1081), 178365, 91, 990)
    """
    if lookahead not in range(MAX_LOOKAHEAD + 1) or not 2 + lookahead <= unknown <= 52:
        raise ValueError(f'no enumeration tables for {unknown!r} unseen cards and look-ahead {lookahead!r}')
    first, second = np.triu_indices(unknown, 1)
    empty = np.empty(0, dtype=np.intp)
    if lookahead == 0:
        return EnumerationTables(unknown, 0, first, second, empty, empty, np.empty((len(first), 0), np.intp),
                                 0, 1)
    size = 2 + lookahead
    subsets = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(unknown), size)),
                          dtype=np.int8).reshape(-1, size)
    count = len(subsets)
    runout_count = unknown if lookahead == 1 else len(first)
    grid = np.full((len(first), runout_count), count, dtype=np.intp)
    numbers = np.arange(count, dtype=np.intp)
    splits = []
    for chosen in itertools.combinations(range(size), 2):
        rest = [c for c in range(size) if c not in chosen]
        pair = _pair_number(subsets[:, chosen[0]], subsets[:, chosen[1]], unknown)
        runout = (subsets[:, rest[0]].astype(np.intp) if lookahead == 1
                  else _pair_number(subsets[:, rest[0]], subsets[:, rest[1]], unknown))
        grid[pair, runout] = numbers
        splits.append((pair, runout))
    subset_pair, subset_rest = splits[0]
    runouts = math.comb(unknown - 2, lookahead)
    return EnumerationTables(unknown, lookahead, first, second, subset_pair, subset_rest, grid,
                             runout_count - runouts, runouts)


def holding_outcomes(hole: Sequence[int], board: Sequence[int], lookahead: int,
                     ranker: type[HandRanker] = HandRanker) -> HoldingOutcomes:
    """The outcomes against every opponent holding, now and over every runout of ``lookahead`` cards.

    ``hole`` and ``board`` are card indices (2, and 3 to 5, all distinct: the caller checks);
    ``lookahead`` is 0, 1 or 2 and at most the cards still to come. Values come from
    ``ranker.rank_key_sums``.
    """
    known = set(hole) | set(board)
    cards = np.array([card for card in range(52) if card not in known], dtype=np.intp)
    tables = enumeration_tables(len(cards), lookahead)
    keys, bits = CARD_KEYS[cards], CARD_BITS[cards]
    first, second = tables.pair_first, tables.pair_second
    pair_keys, pair_bits = keys[first] + keys[second], bits[first] + bits[second]
    board_key, board_bits = sum(_KEYS[card] for card in board), sum(_BITS[card] for card in board)
    hand_key = board_key + sum(_KEYS[card] for card in hole)
    hand_bits = board_bits + sum(_BITS[card] for card in hole)
    size = len(board) + 2

    # one batch for now: the player's hand in row 0, the opponent's holdings after it
    now_keys = np.empty(len(pair_keys) + 1, dtype=np.uint32)
    now_keys[0] = hand_key
    np.add(pair_keys, np.uint32(board_key), out=now_keys[1:])
    now_bits = np.empty(len(now_keys), dtype=np.int64)
    now_bits[0] = hand_bits
    np.add(pair_bits, board_bits, out=now_bits[1:])
    values = ranker.rank_key_sums(now_keys, size, now_bits)
    now = (np.sign(values[1:] - values[0]) + 1).astype(np.int8)  # 0 ahead, 1 tied, 2 behind
    low, high = cards[first], cards[second]
    holdings = low * (103 - low) // 2 + high - low - 1
    if lookahead == 0:
        later = np.zeros((len(now), 3), dtype=np.int32)
        later[np.arange(len(now)), now] = 1
        return HoldingOutcomes(holdings, now, later, 1)

    rest_keys, rest_bits = (keys, bits) if lookahead == 1 else (pair_keys, pair_bits)
    mine_later = ranker.rank_key_sums(rest_keys + np.uint32(hand_key), size + lookahead, rest_bits + hand_bits)
    subset_pair, subset_rest = tables.subset_pair, tables.subset_rest
    subset_keys = pair_keys[subset_pair] + rest_keys[subset_rest]
    subset_keys += np.uint32(board_key)

    def subset_bits(rows: np.ndarray) -> np.ndarray:
        return pair_bits[subset_pair[rows]] + rest_bits[subset_rest[rows]] + board_bits

    theirs = np.zeros(len(subset_keys) + 1, dtype=np.int16)  # the last one is the sentinel, 0
    theirs[:-1] = ranker.rank_key_sums(subset_keys, size + lookahead, subset_bits)
    signs = theirs[tables.grid]
    signs -= mine_later.astype(np.int16)
    np.sign(signs, out=signs)  # -1 ahead (and every overlapping runout), 0 tied, +1 behind
    net = signs.sum(axis=1, dtype=np.int32)
    decided = np.abs(signs, out=signs).sum(axis=1, dtype=np.int32)
    ahead = (decided - net) // 2 - tables.overlapping
    behind = (decided + net) // 2
    later = np.stack([ahead, tables.runouts - ahead - behind, behind], axis=1)
    return HoldingOutcomes(holdings, now, later, tables.runouts)


def tally(hole: Sequence[int], board: Sequence[int], lookahead: int, sets: np.ndarray,
          ranker: type[HandRanker] = HandRanker) -> Tally:
    """:func:`holding_outcomes` weighed by the weight ``sets`` (shape (k, 1326))."""
    return holding_outcomes(hole, board, lookahead, ranker).weigh(sets)
