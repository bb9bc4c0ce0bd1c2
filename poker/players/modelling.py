"""Opponent models at the table (Papp 1998, chapter 7): a weight table and action frequencies per opponent.

A :class:`ModellingLokiPlayer` keeps, for every opponent at the table, a :class:`SeatModel`:

* **weights** on the 1,326 holdings, uniform at the start of each hand (holdings with a card the seat
  can see weigh 0), used by the seat's hand evaluation;
* **action frequencies** by context (round, bets to call 0 / 1 / 2+), kept from hand to hand
  (:class:`ActionFrequencies`), blended with Papp's Table B.2 defaults until 20 observations (eq. 7.3).

After each action it observes, the seat re-weights the actor's table (:meth:`SeatModel.observe`): the
action's frequency ``f`` in its context says the opponent acts so with the top ``f`` of its hands, so the
threshold ``mu`` is the ``(1 - f)`` quantile of its holdings ranked by strength (a call plays the top
``f(call) + f(raise)``, a bet or raise the top ``f(raise)``; folds and checks imply nothing). Each
holding's weight is then multiplied by :meth:`~poker.strategy.reweighting.OpponentModel.reweight_factor`
(0.01 below ``mu - sigma``, 0.5 at ``mu``, 1 above ``mu + sigma``, linear between) and never falls below
0.01. Strength is the income rate IR7 before the flop (``sigma`` 330, no re-weighting when ``mu`` is below
the 5th percentile) and EHS' = HS1 + (1 - HS1) * PPOT_c after it (:func:`holding_scale`, ``sigma`` 0.2),
with HS1 exact against every holding and PPOT_c a fast count of outs. Re-weighting happens once per
round, from a copy of the weights saved at the start of the round, and is redone from that copy when a
later action implies a higher threshold. A check (ours, :attr:`SeatModel.CHECKS_CAP`) caps the range the
same way from above.

*Specific* modelling uses each opponent's own frequencies. *Generic* modelling (``specific=False``) reads every
opponent alike: by default with the table's frequencies, every opponent's counts added up (:class:`TableFrequencies`,
ours), or, with ``generic_frequencies='defaults'``, always with Table B.2, as Papp's generic model did. The decisions use the models: ``hs_n`` is the product of the per-opponent HS (Papp eq. 5.4,
``hs_mode='product'``) or HS against the field array, raised to the number of opponents
(``hs_mode='field'``); the potentials are always against the field (each table normalised, then averaged).

>>> model = SeatModel('Ann', ActionFrequencies())
>>> model.begin_hand(known=[])
>>> model.observe('preflop', 'raise', bets_to_call=1, board=())      # top 20% by IR7 (Table B.2)
>>> round(model.range_share(), 3)                                    # the weight left, as a share
0.221
>>> from poker.cards.starting_hand import StartingHand
>>> [round(float(model.weights[StartingHand(h).holding_index]), 3) for h in ('Ah As', 'Kh Qd', '7c 2d')]
[1.0, 0.895, 0.01]
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import ClassVar

import numpy as np
from attrs import field, frozen

from ..cards.card import Card, parse_cards  # noqa: F401  (parse_cards: doctests)
from ..cards.card_inputs import read_board, read_indices
from ..cards.holdings import HOLDING_COUNT, HOLDINGS, holding_index
from ..cards.income_rates import income_rate_table
from ..cards.starting_hand import CLASS_COUNT, CLASS_OF_HOLDING
from ..cards.streets import BOARD_SIZE, STREETS
from ..errors import PokerError
from ..kernel.showdowns import holding_showdowns
from ..ranges.weight_inputs import WeightsLike
from ..ranges.weights import known_holdings
from ..ranking.ranker import HandRanker
from ..ranking.ranker_inputs import read_ranker
from ..stats.hand_statistics import HandStatistics
from ..strategy.actions import Action, Blind, read_action
from ..strategy.advice import LokiStrategy
from ..strategy.reweighting import OpponentModel
from ..table.game import TableView, read_view
from ..table.records import ActionRecord, HandResult
from .loki import LokiPlayer
from ..validators import brief, choice, flag, instance, is_items, probability, real_number, shown, text, whole_number

__all__ = [
    'ACTION_CLASSES',
    'DEFAULT_FREQUENCIES',
    'ActionFrequencies',
    'GENERIC_FREQUENCIES',
    'ModelState',
    'ModellingLokiPlayer',
    'SeatModel',
    'TableFrequencies',
    'fast_potentials',
    'holding_scale',
    'preflop_scale',
]

ACTION_CLASSES: dict[Action, int] = {Action.FOLD: 0, Action.CHECK: 1, Action.CALL: 1, Action.BET: 2, Action.RAISE: 2}
"""Papp's three action classes: fold (0), check/call (1), bet/raise (2)."""

DEFAULT_FREQUENCIES: np.ndarray = np.array([[0.0, 0.5, 0.5], [0.5, 0.3, 0.2], [0.7, 0.2, 0.1]])
"""Papp's Table B.2: the (fold, check/call, bet/raise) frequencies of a typical player facing 0, 1 and 2+
bets (before the flop; later rounds start from the round before, eq. 7.4)."""
DEFAULT_FREQUENCIES.flags.writeable = False
_DEFAULT_ROWS = tuple(tuple(row) for row in DEFAULT_FREQUENCIES.tolist())


def _round(street: str) -> str:
    if not isinstance(street, str) or street not in STREETS:
        raise PokerError(f'unknown round {shown(street)} (expected one of {", ".join(STREETS)})')
    return street


class ActionFrequencies:
    """One opponent's action counts by context (round, bets to call 0 / 1 / 2+), kept between hands.

    :meth:`frequencies` blends them with the defaults until :attr:`FULL` observations (Papp eq. 7.3,
    linear); later rounds blend with the same context of the round before (eq. 7.4, as we read it).

    >>> tally = ActionFrequencies()
    >>> for _ in range(10):
    ...     tally.observe('preflop', 1, 'raise')
    >>> tally.frequencies('preflop', 1).round(3).tolist()           # half observed, half Table B.2
    [0.25, 0.15, 0.6]
    >>> tally.frequencies('preflop', 1, specific=False).tolist()   # generic modelling: the defaults
    [0.5, 0.3, 0.2]
    """

    FULL: ClassVar[int] = 20
    """Observations of a context from which its observed frequencies are used alone."""
    PRIOR: ClassVar[float] = 2.0
    """Out-of-line actions a random player would have shown before the first is believed: :meth:`out_of_line`
    starts at 0 (every action read as strength, as Papp) and moves to the evidence as showdowns come in."""

    def __init__(self) -> None:
        self.counts = np.zeros((4, 3, 3))
        self.shown = np.zeros(2)
        """Showdown evidence: actions whose holding was out of line with what they were read as, and how many
        a player acting at random would have had (:meth:`observe_showdown`)."""

    def __repr__(self) -> str:
        return f'<{type(self).__name__}: {int(self.counts.sum())} actions counted, {int(self.shown[1])} shown>'

    @staticmethod
    def context(street: str, bets_to_call: int) -> tuple[int, int]:
        """The (round, bets) indices of a context (bets to call past 2 count as 2)."""
        return STREETS.index(_round(street)), min(whole_number('bets_to_call', bets_to_call, error=PokerError), 2)

    def observe(self, street: str, bets_to_call: int, action: str) -> None:
        """Count one :class:`~poker.strategy.actions.Action` (or its text: ``'fold'``, ``'check'``, ``'call'``,
        ``'bet'`` or ``'raise'``)."""
        round_index, bets = self.context(street, bets_to_call)
        self.counts[round_index, bets, ACTION_CLASSES[read_action(action)]] += 1

    def observe_showdown(self, out_of_line: bool, chance: float) -> None:
        """Count one action whose holding was shown: whether it was ``out_of_line`` with what it was read as
        (a bet with a holding below the threshold the bet implied, a check with one above the cap), and the
        ``chance`` that it would have been for a player who acts whatever he holds."""
        self.shown += (float(flag('out_of_line', out_of_line, error=PokerError)),
                       probability('chance', chance, error=PokerError))

    def out_of_line(self) -> float:
        """The share of this opponent's actions taken whatever he holds, as his showdowns tell (ours): the
        actions out of line over those a player acting at random would have shown (plus :attr:`PRIOR`), at most
        1. 0 for a player whose actions follow his strength, near 1 for a maniac or a random player.

        >>> tally = ActionFrequencies()
        >>> for out in [True] * 3 + [False] * 7:      # ten bets shown, each read as the top 30%: three below
        ...     tally.observe_showdown(out, 0.7)      # (a random bettor's would be, 7 times in 10)
        >>> round(tally.out_of_line(), 3)             # 3 / (10 * 0.7 + 2)
        0.333
        """
        deviations, expected = self.shown
        return float(min(1.0, deviations / (expected + self.PRIOR)))

    def frequencies(self, street: str, bets_to_call: int, *, specific: bool = True) -> np.ndarray:
        """The (fold, check/call, bet/raise) frequencies in a context (summing to 1)."""
        round_index, bets = self.context(street, bets_to_call)
        specific = flag('specific', specific, error=PokerError)
        if not specific:
            default: np.ndarray = DEFAULT_FREQUENCIES[bets].copy()
            return default
        fold, call, raise_ = _DEFAULT_ROWS[bets]  # three numbers: Python floats beat NumPy calls here
        for folds, calls, raises in self.counts[:round_index + 1, bets].tolist():
            seen = folds + calls + raises
            if seen:
                share = min(seen, self.FULL) / self.FULL
                fold, call, raise_ = (share * folds / seen + (1 - share) * fold,
                                      share * calls / seen + (1 - share) * call,
                                      share * raises / seen + (1 - share) * raise_)
        result: np.ndarray = np.array((fold, call, raise_))
        return result


_COUNTS_SHAPE = (len(STREETS), 3, 3)


class TableFrequencies:
    """The table read as one player: the action counts of every opponent a seat models, added up (ours).

    Generic modelling reads every opponent alike. Papp's generic model read them all with Table B.2, whatever
    the table does; this one reads them all with what the table does, blended with Table B.2 as one opponent's
    counts are (eq. 7.3). An opponent who bets nearly always then narrows his range little at a table of such
    players, even heads-up against a stranger.

    >>> ann, bob = ActionFrequencies(), ActionFrequencies()
    >>> for _ in range(20):
    ...     ann.observe('flop', 0, 'bet')
    ...     bob.observe('flop', 0, 'check')
    >>> TableFrequencies([ann, bob]).frequencies('flop', 0).tolist()   # 40 observations: half bets
    [0.0, 0.5, 0.5]
    """

    def __init__(self, members: Sequence[ActionFrequencies] = ()) -> None:
        if not isinstance(members, Sequence) or isinstance(members, (str, bytes)):
            raise PokerError(f'members must be a list of ActionFrequencies, got {shown(members)}')
        self.members: list[ActionFrequencies] = []
        for member in members[:1000]:
            self.add(member)

    def __repr__(self) -> str:
        return f'<{type(self).__name__}: {len(self.members)} members>'

    def add(self, member: ActionFrequencies) -> None:
        """Count ``member``'s actions with the table's."""
        self.members.append(instance('member', member, ActionFrequencies, error=PokerError,
                                     what='ActionFrequencies'))

    def pooled(self) -> ActionFrequencies:
        """The members' counts and showdown evidence added up, as one opponent's."""
        pooled = ActionFrequencies()
        for member in self.members:
            pooled.counts = pooled.counts + member.counts
            pooled.shown = pooled.shown + member.shown
        return pooled

    def frequencies(self, street: str, bets_to_call: int) -> np.ndarray:
        """The (fold, check/call, bet/raise) frequencies of the table's added counts in a context, blended
        with the defaults as one opponent's are (:meth:`ActionFrequencies.frequencies`)."""
        return self.pooled().frequencies(street, bets_to_call)


GENERIC_FREQUENCIES = ('table', 'defaults')
"""What generic modelling reads every opponent with: ``'table'``, the table's frequencies
(:class:`TableFrequencies`, ours, the default), or ``'defaults'``, Table B.2 always (Papp's generic model)."""


def _state_counts(counts: Mapping[str, Sequence[int]]) -> Mapping[str, tuple[int, ...]]:
    """Each opponent's name and its 36 action counts (round, bets to call, action class; whole numbers of at
    least 0), read-only."""
    size = math.prod(_COUNTS_SHAPE)
    if not isinstance(counts, Mapping):
        raise PokerError(f'counts must map opponents\' names to their {size} action counts, got {shown(counts)}')
    result = {}
    for name, row in itertools.islice(counts.items(), 1000):
        name = text('an opponent\'s name', name, error=PokerError)
        values = list(itertools.islice(row, size + 1)) if is_items(row) else []
        if len(values) != size:
            raise PokerError(f'{name!r} needs {size} action counts, got {shown(row)}')
        result[name] = tuple(whole_number('an action count', value, maximum=10 ** 15, error=PokerError)
                             for value in values)
    if len(result) < len(counts):
        raise PokerError(f'counts must hold at most 1,000 opponents, got {len(counts):,}')
    return MappingProxyType(result)


def _state_showdowns(showdowns: Mapping[str, Sequence[float]]) -> Mapping[str, tuple[float, float]]:
    """Each opponent's name and his showdown evidence (out-of-line actions, and those a random player would
    have shown: two finite numbers of at least 0), read-only."""
    if not isinstance(showdowns, Mapping):
        raise PokerError(f'showdowns must map opponents\' names to two numbers, got {shown(showdowns)}')
    result = {}
    for name, pair in itertools.islice(showdowns.items(), 1000):
        name = text('an opponent\'s name', name, error=PokerError)
        values = list(itertools.islice(pair, 3)) if is_items(pair) else []
        if len(values) != 2:
            raise PokerError(f'{name!r} needs two showdown numbers, got {shown(pair)}')
        first, second = (real_number('a showdown number', value, error=PokerError) for value in values)
        if first < 0 or second < 0:
            raise PokerError(f'showdown numbers are at least 0, got {shown(pair)}')
        result[name] = (first, second)
    if len(result) < len(showdowns):
        raise PokerError(f'showdowns must hold at most 1,000 opponents, got {len(showdowns):,}')
    return MappingProxyType(result)


@frozen
class ModelState:
    """What a :class:`ModellingLokiPlayer` has learnt that outlasts a hand: each opponent's action counts by
    context (``counts[name]``: round x bets to call 0 / 1 / 2+ x fold, check/call, bet/raise, flattened) and
    his showdown evidence (``showdowns[name]``: :attr:`ActionFrequencies.shown`). A plain value: save it
    (:meth:`to_dict`, JSON), send it to another process, and :meth:`ModellingLokiPlayer.resume` a fresh player
    from it, which then plays as the one it came from would.

    >>> player = ModellingLokiPlayer('Ann')
    >>> player.resume(ModelState({'Bob': [0] * 3 + [0, 0, 20] + [0] * 30}))
    >>> player.models['Bob'].tally.frequencies('preflop', 1).tolist()    # Bob raised 20 times of 20
    [0.0, 0.0, 1.0]
    >>> player.state() == ModelState({'Bob': [0] * 3 + [0, 0, 20] + [0] * 30})
    True
    """

    __repr__ = brief

    counts: Mapping[str, tuple[int, ...]] = field(converter=_state_counts, hash=False)
    showdowns: Mapping[str, tuple[float, float]] = field(factory=dict, converter=_state_showdowns, hash=False)

    def __attrs_post_init__(self) -> None:
        strangers = sorted(set(self.showdowns) - set(self.counts))
        if strangers:
            raise PokerError(f'showdowns name opponents without counts: {shown(strangers)}')

    def to_dict(self) -> dict[str, dict[str, list[int]] | dict[str, list[float]]]:
        """Plain JSON-ready data (``ModelState(**data)`` reads it back)."""
        return {'counts': {name: list(row) for name, row in self.counts.items()},
                'showdowns': {name: list(pair) for name, pair in self.showdowns.items()}}

    def __reduce__(self) -> tuple[type[ModelState], tuple[dict[str, list[int]], dict[str, list[float]]]]:
        """Pickled as its plain data (a read-only mapping does not pickle), so it travels to process workers."""
        data = self.to_dict()
        return ModelState, (data['counts'], data['showdowns'])  # type: ignore[return-value]


# ------------------------------------------------------------------------------------------ the scales
SCALED_BOARDS = 256
"""How many boards' scales (and their orders) are kept: a match's block of 50 deals, every seating in turn, sees
at most 150 boards before they come round again (about 30 kB a board)."""


@functools.cache
def preflop_scale() -> np.ndarray:
    """IR7 of each of the 1,326 holdings (Papp ranks pre-flop actions on IR7 whatever the table size)."""
    table = income_rate_table(6)
    rates: np.ndarray = np.array([rate for row in table for rate in row], dtype=float)[CLASS_OF_HOLDING]
    rates.flags.writeable = False
    return rates


@functools.cache
def _straight_completers() -> np.ndarray:
    """For each 13-bit rank mask: the ranks not in it that would complete a straight (0 if it has one)."""
    masks = np.arange(1 << 13)

    def straight(m: np.ndarray) -> np.ndarray:
        low = (m << 1) | ((m >> 12) & 1)  # the ace also plays low
        run = low & (low >> 1) & (low >> 2) & (low >> 3) & (low >> 4)
        return np.asarray(run != 0)

    made = straight(masks)
    count = np.zeros(len(masks), dtype=np.int8)
    for rank in range(13):
        bit = 1 << rank
        count += ((masks & bit) == 0) & straight(masks | bit)
    count[made] = 0
    result: np.ndarray = count
    return result


def fast_potentials(board: Sequence[int]) -> np.ndarray:
    """A fast estimate of each holding's positive potential on ``board`` (Papp's PPOT_c: counting outs).

    Outs: 9 for a flush draw the holding takes part in, 4 for each rank that completes a straight the
    board alone would not, 1.5 for each hole card above every board card (3 cards pair it, counted
    half). With ``o`` outs among the ``u`` unseen cards: ``1 - (1 - o/u)(1 - o/(u-1))`` on the flop (two
    cards to come), ``o/u`` on the turn, 0 on the river. Holdings with a board card get 0 (no NaN:
    :func:`~poker.ranges.weights.known_holdings` tells which they are).
    """
    cards = list(read_indices('board', board, sizes=(3, 4, 5)))
    if len(cards) == 5:
        return np.zeros(HOLDING_COUNT)
    hole_suits = HOLDINGS & 3
    hole_ranks = HOLDINGS >> 2
    board_suits = np.bincount(np.array(cards, dtype=np.intp) & 3, minlength=4)
    from_hole = (hole_suits[:, :, None] == np.arange(4)).sum(axis=1)
    suited = board_suits + from_hole
    flush_draw = ((suited == 4) & (from_hole > 0)).any(axis=1) & ~(suited >= 5).any(axis=1)
    board_mask = 0
    for card in cards:
        board_mask |= 1 << (card >> 2)
    masks = board_mask | (1 << hole_ranks[:, 0].astype(np.int64)) | (1 << hole_ranks[:, 1].astype(np.int64))
    completers = _straight_completers()
    straight_ranks = np.maximum(completers[masks] - completers[board_mask], 0)
    top = max(card >> 2 for card in cards)
    paired = hole_ranks[:, 0] == hole_ranks[:, 1]
    over = ((hole_ranks > top).sum(axis=1)) * ~paired
    outs = 9.0 * flush_draw + 4.0 * straight_ranks + 1.5 * over
    unseen = 52 - len(cards) - 2
    ppot = 1 - (1 - outs / unseen) * (1 - outs / (unseen - 1)) if len(cards) == 3 else outs / unseen
    result: np.ndarray = np.clip(ppot, 0.0, 1.0)
    result[known_holdings(cards)] = 0.0
    return result


def _hand_strengths(board: Sequence[int], ranker: type[HandRanker]) -> np.ndarray:
    """Each holding's exact HS against every other holding on ``board`` (0 where it holds a board card)."""
    touching = known_holdings(board)
    live = np.flatnonzero(~touching)
    rows = np.empty((len(live), 2 + len(board)), dtype=np.intp)
    rows[:, :2] = HOLDINGS[live]
    rows[:, 2:] = board
    values = np.zeros(HOLDING_COUNT, dtype=np.int32)
    values[live] = ranker.rank_many(rows, validate=False)
    beaten, tied = holding_showdowns(values, np.where(touching, 0.0, 1.0))
    opponents = math.comb(50 - len(board), 2)  # every live holding meets the same number of others
    result: np.ndarray = (beaten + tied / 2) / opponents
    result[touching] = 0.0
    return result


@functools.lru_cache(maxsize=SCALED_BOARDS)
def _cached_scale(board: tuple[int, ...], ranker: type[HandRanker]) -> np.ndarray:
    hs = _hand_strengths(board, ranker)
    scale: np.ndarray = hs + (1 - hs) * fast_potentials(board)
    scale.flags.writeable = False
    return scale


@functools.lru_cache(maxsize=SCALED_BOARDS)
def _scale_order(board: tuple[int, ...], ranker: type[HandRanker]) -> np.ndarray:
    """The numbers of the holdings without a board card in the order of :func:`holding_scale` on ``board`` (sorted),
    ties by number."""
    order: np.ndarray = np.argsort(_scale(board, ranker), kind='stable')
    order = order[~known_holdings(board)[order]]
    order.flags.writeable = False
    return order


@functools.lru_cache(maxsize=SCALED_BOARDS)
def _live_scale(board: tuple[int, ...], ranker: type[HandRanker]) -> np.ndarray:
    """The :func:`holding_scale` values of the holdings without a board card, sorted (for quantiles)."""
    order = _scale_order(board, ranker)  # type: ignore[arg-type]  # (a class is hashable)
    return _frozen(_scale(board, ranker)[order])  # (in scale order: sorted already)


def _frozen(array: np.ndarray) -> np.ndarray:
    """``array``, made read-only."""
    array.flags.writeable = False
    return array


def holding_scale(board: Iterable[int | Card] = (), ranker: type[HandRanker] = HandRanker) -> np.ndarray:
    """The scale actions are ranked on: IR7 before the flop (whatever the ``ranker``, which is still checked);
    after it each holding's EHS' with one-opponent HS (exact, against every holding) and :func:`fast_potentials`
    (0 where a holding has a board card: no NaN). Cached per board, so every seat at a table shares one
    computation.

    >>> scale = holding_scale([card.index for card in parse_cards('9h 8c 2c')])
    >>> from poker.cards.starting_hand import StartingHand
    >>> [round(float(scale[StartingHand(h).holding_index]), 3) for h in ('9c 9s', 'Ac Kc', '7d 3h')]
    [1.0, 0.778, 0.082]
    """
    indices = tuple(sorted(read_indices('board', board, sizes=(0, 3, 4, 5))))
    ranker = read_ranker(ranker)  # (read before the flop too, where IR7 needs none)
    return _scale(indices, ranker)


def _scale(board: tuple[int, ...], ranker: type[HandRanker]) -> np.ndarray:
    """:func:`holding_scale` of a board read and sorted, and a ranker read (the wing's own calls)."""
    if not board:
        return preflop_scale()
    scale: np.ndarray = _cached_scale(board, ranker)  # type: ignore[arg-type]  # (a class is hashable)
    return scale


# ------------------------------------------------------------------------------------------ one opponent
def _board(board: Sequence[int]) -> tuple[int, ...]:
    """A board's card indices (or cards): 0, 3, 4 or 5 distinct ones."""
    return read_indices('board', board, sizes=(0, 3, 4, 5))


def _seat_names(names: Sequence[str]) -> list[str]:
    if isinstance(names, (str, bytes)) or not isinstance(names, Sequence):
        raise PokerError(f'names must be the list of the names at the table, got {shown(names)}')
    seats = list(itertools.islice(names, 24))
    if not 2 <= len(seats) <= 23:
        raise PokerError(f'names must be the names of 2 to 23 seats, got {shown(names)}')
    return seats


class SeatModel:
    """What one seat believes about one opponent: weights on the 1,326 holdings and action frequencies.

    Subclass to change the rules: :meth:`threshold` (from an action to ``mu``), :attr:`PREFLOP_SIGMA`,
    :attr:`POSTFLOP_SIGMA`, :meth:`factor` (the re-weighting function; by default
    :meth:`OpponentModel.reweight_factor <poker.strategy.reweighting.OpponentModel.reweight_factor>`).
    """

    PREFLOP_SIGMA: ClassVar[float] = 330.0
    """Papp's sigma before the flop, in IR7 units."""
    POSTFLOP_SIGMA: ClassVar[float] = 0.2
    """Sigma after the flop on the EHS' scale (Papp's is lost; Pena's example: mu 0.6, bounds 0.4 and 0.8)."""
    PREFLOP_CUTOFF: ClassVar[float] = -433.0
    """No re-weighting before the flop when mu is below this (IR7's 5th percentile)."""
    POSTFLOP_CUTOFF: ClassVar[float] = 0.05
    """No re-weighting after the flop when the action is taken with more than 1 - this of the hands."""
    LOW_WEIGHT: ClassVar[float] = 0.01
    """No live holding's weight falls below this."""
    QUANTILE_OF_RANGE: ClassVar[bool] = False
    """Whether ``mu`` is a quantile of the opponent's weighted range (ours) rather than of all the holdings
    still possible, each counted once (Papp: "more than 20% of all hands" have EHS' above 0.8)."""
    CHECKS_CAP: ClassVar[bool] = True
    """Whether a check caps the range (ours, after Loki-2, which tells checks apart; Papp's Loki-1 did not:
    set False for it): the opponent would have bet its top ``f(bet)``, so holdings above that quantile lose
    weight, by the same rule mirrored. Without it a model only ever makes opponents stronger, and in our
    matches generic modelling then lost to no model at all (see docs/modelling.md)."""
    READS_SHOWDOWNS: ClassVar[bool] = True
    """Whether the model checks its reading against the opponent's shown cards (ours; False: Papp's model,
    which reads every action as strength). A share ``e`` of out-of-line actions (:meth:`out_of_line`) makes
    each re-weighting a mixture: the opponent acts by strength with chance ``1 - e`` and whatever he holds with
    chance ``e``, so a holding's factor is ``((1 - e) * factor + e * f) / ((1 - e) + e * f)``, ``f`` the
    action's frequency (Bayes' rule for that mixture; ``e = 0`` leaves Papp's factor as it is)."""
    factor_model: ClassVar[OpponentModel] = OpponentModel()
    """Whose :meth:`~poker.strategy.reweighting.OpponentModel.reweight_factor` re-weights."""

    def __init__(self, name: str, frequencies: ActionFrequencies | None = None, *, specific: bool = True,
                 ranker: type[HandRanker] = HandRanker, table: TableFrequencies | None = None) -> None:
        self.name = text('name', name, error=PokerError)
        if frequencies is not None and not isinstance(frequencies, ActionFrequencies):
            raise PokerError(f'frequencies must be ActionFrequencies or None, got {shown(frequencies)}')
        self.tally = ActionFrequencies() if frequencies is None else frequencies
        self.specific = flag('specific', specific, error=PokerError)
        if table is not None and not isinstance(table, TableFrequencies):
            raise PokerError(f'table must be TableFrequencies or None, got {shown(table)}')
        self.table = table
        """What a generic model reads the opponent with (None: Table B.2); a specific model reads its own
        :attr:`tally`."""
        self.ranker = read_ranker(ranker)
        self.weights = np.ones(HOLDING_COUNT)
        self.round_start = _frozen(self.weights.copy())
        """The weights at the start of the round (read-only: re-weighting starts from them, and the live holdings
        in scale order are kept per round for :meth:`_quantile`)."""
        self._ranked: tuple[tuple[int, ...], np.ndarray, np.ndarray, np.ndarray, np.ndarray | None] | None = None
        """For :meth:`_quantile`: the board, the round_start it was made from, the scale, the live holdings in
        scale order and their running total of weight (kept until the round or the board changes)."""
        self.street = 'preflop'
        self.board: frozenset[int] = frozenset()
        """The board of the round the model is in (card indices)."""
        self.applied_mu = -math.inf
        self.applied_cap = math.inf
        self.applied_shares = (1.0, 1.0)
        """The frequencies of the actions behind :attr:`applied_mu` and :attr:`applied_cap` (a bet's, a
        check's), for the mixture of :attr:`READS_SHOWDOWNS`."""
        self.claims: list[tuple[tuple[int, ...], float, bool]] = []
        """This hand's readings, for the showdown: (board, quantile, whether it was a check's cap)."""
        self.folded = False
        self.dead = np.zeros(HOLDING_COUNT, dtype=bool)

    def __repr__(self) -> str:
        kind = 'specific' if self.specific else 'generic'
        return (f'<{type(self).__name__} of {self.name}: {kind}, {self.street}, '
                f'{int(np.count_nonzero(self.weights))} holdings in play>')

    # ------------------------------------------------------------------------------------ the hand
    def begin_hand(self, known: Iterable[int | Card]) -> None:
        """Uniform weights, but 0 on holdings with a card the modelling seat holds."""
        self.dead = known_holdings(read_indices('known', known))
        self.weights = np.where(self.dead, 0.0, 1.0)
        self.round_start = _frozen(self.weights.copy())
        self.street, self.applied_mu, self.applied_cap, self.folded = 'preflop', -math.inf, math.inf, False
        self.board, self.applied_shares, self.claims = frozenset(), (1.0, 1.0), []

    def new_round(self, street: str, board: Sequence[int]) -> None:
        """Save the weights at the start of a round (holdings with a board card drop to 0). The ``board`` must be
        the round's (as many cards as ``street`` shows, the cards already out among them), and within a round the
        same board (in any order): a board that disagrees is an error, not ignored."""
        self._new_round(_round(street), _board(board))

    def _new_round(self, street: str, board: tuple[int, ...]) -> None:
        """:meth:`new_round` with the street and board read (the model's own calls)."""
        if len(board) != BOARD_SIZE[street]:
            raise PokerError(f'a board on the {street} has {BOARD_SIZE[street]} cards, got {shown(board)}')
        if street == self.street:
            if frozenset(board) != self.board:
                raise PokerError(f'the {street} board is {shown(sorted(self.board))} in this hand, got {shown(board)}')
            return
        if not self.board <= frozenset(board):
            raise PokerError(f'the {street} board {shown(board)} must hold the cards already out, '
                             f'{shown(sorted(self.board))}')
        self.board = frozenset(board)
        self.dead = self.dead | known_holdings(board)
        self.weights = np.where(self.dead, 0.0, self.weights)
        self.round_start = _frozen(self.weights.copy())
        self.street, self.applied_mu, self.applied_cap = street, -math.inf, math.inf
        self.applied_shares = (1.0, 1.0)

    def observe(self, street: str, action: str, *, bets_to_call: int, board: Sequence[int]) -> None:
        """Re-weight after the opponent's ``action`` (if it implies a higher threshold than the one applied
        this round), then count it in the frequencies. ``action`` is an :class:`~poker.strategy.actions.Action`
        or its text."""
        self._observe(_round(street), read_action(action), whole_number('bets_to_call', bets_to_call, error=PokerError),
                      _board(board))

    def _observe(self, street: str, action: Action, bets_to_call: int, board: tuple[int, ...]) -> None:
        """:meth:`observe` with its arguments read (the table's own calls: :class:`ModellingLokiPlayer`)."""
        self._new_round(street, board)
        if action == Action.FOLD:
            self.folded = True
        elif action == Action.CHECK and self.CHECKS_CAP:
            cap = self.cap(street, bets_to_call, board)
            if cap is not None:
                bet_share = float(self.frequencies(street, bets_to_call)[2])
                self.claims.append((board, 1 - bet_share, True))
                if cap < self.applied_cap:
                    self.applied_cap, self.applied_shares = cap, (self.applied_shares[0], 1 - bet_share)
                    self._reweight(self.applied_mu, board)
        elif action != Action.CHECK:
            share = self.frequency(street, action, bets_to_call)
            if share is not None and 0 < share < 1:
                self.claims.append((board, 1 - share, False))
            threshold = self.threshold(street, action, bets_to_call, board)
            if threshold is not None and threshold > self.applied_mu:
                self.applied_shares = (1.0 if share is None else share, self.applied_shares[1])
                self._reweight(threshold, board)
        self.tally.observe(street, bets_to_call, action)

    def showdown(self, hole: Iterable[int | Card]) -> None:
        """Check this hand's readings against the opponent's shown ``hole`` cards (:attr:`READS_SHOWDOWNS`):
        each bet, raise or call was read as a holding at or above a quantile of the round's scale, each check
        as one below its cap; the shown holding's quantile on that round's scale (the share of the holdings
        without a board card that rank below it, ties half) tells whether it was out of line, and counts in
        the evidence with the chance it had of being so for a player who acts whatever he holds."""
        first, second = read_indices('hole', hole, sizes=(2,))
        holding = holding_index(first, second)
        for board, level, check in self.claims:
            if first in board or second in board:  # (a shown hand never holds a board card; a call that says
                continue                           # so is not counted)
            key = tuple(sorted(board))
            value = _scale(key, self.ranker)[holding]
            live = _live_scale(key, self.ranker)  # type: ignore[arg-type]  # (a class is hashable)
            below, through = np.searchsorted(live, value, 'left'), np.searchsorted(live, value, 'right')
            quantile = (int(below) + int(through - below) / 2) / len(live)
            if check:
                self.tally.observe_showdown(bool(quantile > level), 1 - level)
            else:
                self.tally.observe_showdown(bool(quantile < level), level)
        self.claims = []

    # ------------------------------------------------------------------------------------ the rules
    def frequencies(self, street: str, bets_to_call: int) -> np.ndarray:
        """The (fold, check/call, bet/raise) frequencies the model reads the opponent with in a context: his own
        (specific), the table's (generic, with a :attr:`table`), or Table B.2's (generic, Papp's)."""
        evidence = self.evidence()
        if evidence is None:
            return self.tally.frequencies(street, bets_to_call, specific=False)
        return evidence.frequencies(street, bets_to_call)

    def frequency(self, street: str, action: str, bets_to_call: int) -> float | None:
        """The share of hands the opponent takes ``action`` with (or a stronger one), None for no inference."""
        action = read_action(action)
        fold, call, raise_ = self.frequencies(street, bets_to_call).tolist()  # (Python floats: quicker sums)
        if action in (Action.BET, Action.RAISE):
            return float(raise_)
        if action == Action.CALL:
            return float(call + raise_)
        return None  # a check or a fold says nothing about strength

    def threshold(self, street: str, action: str, bets_to_call: int, board: Sequence[int]) -> float | None:
        """``mu``: the ``(1 - f)`` quantile of the holdings still possible on the round's scale (weighted as at
        the start of the round if :attr:`QUANTILE_OF_RANGE`), or None when the action implies nothing or ``mu``
        is below the cutoff."""
        board = _board(board)
        share = self.frequency(street, action, bets_to_call)
        if share is None:
            return None
        mu = self._quantile(1 - share, board)
        if not board:
            return None if mu < self.PREFLOP_CUTOFF else mu
        return None if share > 1 - self.POSTFLOP_CUTOFF else mu

    def cap(self, street: str, bets_to_call: int, board: Sequence[int]) -> float | None:
        """The quantile above which a checking opponent would have bet (:attr:`CHECKS_CAP`), or None."""
        board = _board(board)
        share = float(self.frequencies(street, bets_to_call)[2])
        return self._quantile(1 - share, board) if 0 < share < 1 else None

    def _quantile(self, level: float, board: Sequence[int]) -> float:
        key = tuple(sorted(board))
        ranked = self._ranked
        if ranked is None or ranked[0] != key or ranked[1] is not self.round_start:  # once per round and board
            # the holdings without a board card in scale order (stable: ties by number), sorted once per board;
            # the live ones in it are in the order a stable sort of the live values alone would give
            order = _scale_order(key, self.ranker)  # type: ignore[arg-type]  # (a class is hashable)
            live = order[self.round_start[order] > 0]
            cumulative = np.cumsum(self.round_start[live]) if self.QUANTILE_OF_RANGE else None
            ranked = self._ranked = (key, self.round_start, _scale(key, self.ranker), live, cumulative)
        _, _, scale, live, cumulative = ranked
        if cumulative is not None:  # the first holding whose running weight reaches the level's share
            at = int(np.searchsorted(cumulative, level * cumulative[-1]))
        else:  # each holding weighs 1: the running total is 1, 2, ..., n and the first to reach level * n is
            at = max(math.ceil(level * len(live)) - 1, 0)  # the ceil(level * n)-th
        return float(scale[live[min(at, len(live) - 1)]])

    @staticmethod
    def _mixed(factor: np.ndarray, share: float, out_of_line: float) -> np.ndarray:
        """The factor of an opponent who acts by strength with chance ``1 - out_of_line`` and takes the action
        (of frequency ``share``) whatever he holds otherwise (:attr:`READS_SHOWDOWNS`)."""
        if out_of_line == 0:
            return factor
        scale = (1 - out_of_line) + out_of_line * share  # the factor of a holding well above the threshold
        if scale <= 0:  # a player who acts whatever he holds, taking an action he never takes: nothing to read
            return np.ones_like(factor)
        return ((1 - out_of_line) * factor + out_of_line * share) / scale

    def evidence(self) -> ActionFrequencies | None:
        """What the model reads the opponent with: his own counts (specific), the table's (generic, with a
        :attr:`table`), or None for Table B.2 (generic, Papp's)."""
        if self.specific:
            return self.tally
        return None if self.table is None else self.table.pooled()

    def out_of_line(self) -> float:
        """The share of the opponent's actions taken whatever he holds (0 if the model does not
        :attr:`READS_SHOWDOWNS` or reads with Table B.2): :meth:`ActionFrequencies.out_of_line` of the
        :meth:`evidence`."""
        evidence = self.evidence() if self.READS_SHOWDOWNS else None
        return 0.0 if evidence is None else evidence.out_of_line()

    def sigma(self, board: Sequence[int]) -> float:
        """Papp's sigma before the flop, ours after."""
        return self.PREFLOP_SIGMA if not _board(board) else self.POSTFLOP_SIGMA

    def factor(self, scale: np.ndarray, mu: float, sigma: float) -> np.ndarray:
        """The re-weighting factor of each holding (Papp fig. 7.1)."""
        return self.factor_model.reweight_factor(scale, mu, sigma)

    def reweight(self, mu: float, board: Sequence[int]) -> None:
        """Weights = the round's saved copy x :meth:`factor`, at least :attr:`LOW_WEIGHT` where the holding is
        possible; ``mu`` becomes the threshold applied this round. ``board`` is the round's (:meth:`new_round`)."""
        board = _board(board)
        if frozenset(board) != self.board:
            raise PokerError(f'the board of this round is {shown(sorted(self.board))}, got {shown(board)}: '
                             'new_round first')
        self._reweight(mu if isinstance(mu, float) and mu == -math.inf else real_number('mu', mu, error=PokerError),
                       board)

    def _reweight(self, mu: float, board: tuple[int, ...]) -> None:
        """:meth:`reweight` with ``mu`` and the round's ``board`` read (the model's own calls)."""
        scale = _scale(tuple(sorted(board)), self.ranker)
        sigma = self.sigma(board)
        out_of_line = self.out_of_line()
        factor = self._mixed(self.factor(scale, mu, sigma), self.applied_shares[0], out_of_line) \
            if math.isfinite(mu) else 1.0
        if math.isfinite(self.applied_cap):  # mirrored: strong holdings would have bet
            factor = factor * self._mixed(self.factor(2 * self.applied_cap - scale, self.applied_cap, sigma),
                                          self.applied_shares[1], out_of_line)
        self.weights = np.where(self.dead, 0.0, np.maximum(self.round_start * factor, self.LOW_WEIGHT))
        self.applied_mu = mu

    # ------------------------------------------------------------------------------------ views
    def range_share(self) -> float:
        """The total weight as a share of the possible holdings (1 for uniform weights)."""
        live = ~self.dead
        return float(self.weights[live].sum() / live.sum())

    def top(self, count: int = 5) -> list[tuple[str, float]]:
        """The ``count`` classes with the most weight per holding, with that weight, heaviest first."""
        from ..cards.starting_hand import HAND_CLASSES
        count = whole_number('count', count, maximum=169, error=PokerError)
        live = ~self.dead
        totals = np.bincount(CLASS_OF_HOLDING[live], weights=self.weights[live], minlength=CLASS_COUNT)
        counts = np.bincount(CLASS_OF_HOLDING[live], minlength=CLASS_COUNT)
        means = np.where(counts > 0, totals / np.maximum(counts, 1), -1.0)  # classes with no live holding last
        order = np.argsort(-means, kind='stable')
        return [(HAND_CLASSES[i], float(means[i])) for i in order[:count] if counts[i]]


# ------------------------------------------------------------------------------------------ the player
@functools.lru_cache(maxsize=4096)
def _preflop_statistics(hole: tuple[Card, ...], opponents: int) -> HandStatistics:
    """The statistics of ``hole`` before the flop against ``opponents`` (every holding alike): the same for the
    same cards, so kept (a match deals every deal's hole cards once per seating)."""
    from ..stats.player import Player
    return Player(hole).calculate_hand_statistics(opponents=opponents)


class ModellingLokiPlayer(LokiPlayer):
    """A Loki seat with an opponent model for every other seat (Papp chapter 7).

    ``specific`` chooses specific modelling (the opponent's own frequencies) or generic (every opponent read
    alike, with the table's frequencies or, ``generic_frequencies='defaults'``, with Table B.2 only, as Papp);
    ``hs_mode`` is ``'product'`` (Papp eq. 5.4) or ``'field'`` (HS against the field array, to the power
    of the opponents); ``strategy`` defaults to :class:`~poker.strategy.advice.FullLokiStrategy` (showdown odds on). :attr:`models` maps each opponent's name to its :class:`SeatModel`; frequencies are
    kept from hand to hand, weights start uniform each hand.
    """

    model_class: ClassVar[type[SeatModel]] = SeatModel
    """The per-opponent model; a subclass of :class:`SeatModel` changes the re-weighting."""
    PART_BET_COUNTS: ClassVar[bool] = True
    """Whether a part of a bet to call counts as a bet in an action's context (:attr:`ActionRecord.bets_to_call
    <poker.table.records.ActionRecord.bets_to_call>`: the small blind's first action faces the big blind's bet, so its
    raise reads as the top 20%, not 50%); False rounds down, as the models did before issue 19."""

    def __init__(self, name: str, *, specific: bool = True, hs_mode: str = 'product',
                 strategy: LokiStrategy | None = None, lookahead: int | None = None,
                 preflop_income_rates: bool = True, generic_frequencies: str = 'table') -> None:
        if strategy is None:
            from ..strategy.advice import FullLokiStrategy
            strategy = FullLokiStrategy()
        super().__init__(name, strategy=strategy, lookahead=lookahead, preflop_income_rates=preflop_income_rates)
        self.specific = flag('specific', specific, error=PokerError)
        self.hs_mode = choice('hs_mode', hs_mode, ('product', 'field'), error=PokerError)
        self.generic_frequencies = choice('generic_frequencies', generic_frequencies, GENERIC_FREQUENCIES,
                                          error=PokerError)
        self.table = TableFrequencies()
        """Every opponent's counts, added up: what generic modelling reads them with (``'table'``)."""
        self.models: dict[str, SeatModel] = {}
        self.seat_names: tuple[str, ...] = ()
        self.seat = -1

    # ------------------------------------------------------------------------------------ table hooks
    def begin_hand(self, seat: int, names: tuple[str, ...], hole: tuple[Card, ...], button: int) -> None:
        """Reset every opponent's weights (0 on holdings with one of our hole cards)."""
        names = tuple(text('a seat\'s name', name, error=PokerError) for name in _seat_names(names))
        seat = whole_number('seat', seat, maximum=len(names) - 1, error=PokerError)
        whole_number('button', button, maximum=len(names) - 1, error=PokerError)
        self.seat, self.seat_names = seat, names
        known = [card.index for card in read_board(hole, sizes=(2,))]
        for other, name in enumerate(names):
            if other == seat:
                continue
            if name not in self.models:
                self.models[name] = self.new_model(name)
            self.models[name].begin_hand(known)

    def observe(self, record: ActionRecord, board: tuple[Card, ...]) -> None:
        """Re-weight the actor's model after each of its actions (blinds and our own are not evidence)."""
        record = instance('record', record, ActionRecord, error=PokerError, what='an ActionRecord')
        board = read_board(board)
        if record.seat >= len(self.seat_names) and self.seat_names:
            raise PokerError(f'seat {record.seat} of the record is not at this table of {len(self.seat_names)} seats')
        if record.seat == self.seat or isinstance(record.action, Blind):
            return
        model = self.models.get(self.seat_names[record.seat]) if self.seat_names else None
        if model is not None:
            bets = record.bets_to_call if self.PART_BET_COUNTS or not record.bet_size \
                else record.to_call // record.bet_size
            model._observe(record.street, record.action, bets, tuple(card.index for card in board))  # (read)

    def end_hand(self, result: HandResult) -> None:
        """Check each model's readings of this hand against the cards its opponent showed (:meth:`SeatModel.showdown`;
        frequencies are counted as actions are observed)."""
        result = instance('result', result, HandResult, error=PokerError, what='a HandResult')
        for seat in result.hands:
            name = result.names[seat] if seat < len(result.names) else None
            if seat != self.seat and name in self.models and name in self.seat_names:
                self.models[name].showdown(card.index for card in result.holes[seat])

    # ------------------------------------------------------------------------------------ what lasts
    def state(self) -> ModelState:
        """What this seat has learnt that outlasts a hand: every opponent's action counts and showdown evidence
        (weights start afresh each hand)."""
        return ModelState({name: [int(count) for count in model.tally.counts.ravel()]
                           for name, model in self.models.items()},
                          {name: [float(value) for value in model.tally.shown] for name, model in self.models.items()
                           if model.tally.shown.any()})

    def resume(self, state: object) -> None:
        """Take up a :class:`ModelState`: a model per opponent it names, with those counts and showdown evidence
        (and no other)."""
        state = instance('state', state, ModelState, error=PokerError, what='a ModelState')
        self.models, self.table = {}, TableFrequencies()
        for name, counts in state.counts.items():
            self.models[name] = self.new_model(name)
            self.models[name].tally.counts = np.array(counts, dtype=float).reshape(_COUNTS_SHAPE)
            self.models[name].tally.shown = np.array(state.showdowns.get(name, (0.0, 0.0)), dtype=float)

    def new_model(self, name: str) -> SeatModel:
        """A :attr:`model_class` model of the opponent ``name`` with no counts yet, its counts added to the
        :attr:`table`'s."""
        tally = ActionFrequencies()
        self.table.add(tally)
        generic_table = not self.specific and self.generic_frequencies == 'table'
        return self.model_class(name, tally, specific=self.specific, table=self.table if generic_table else None)

    # ------------------------------------------------------------------------------------ decisions
    def opponent_models(self, view: TableView) -> list[SeatModel]:
        """The models of the opponents still in the hand."""
        view = read_view(view)
        names = [self.seat_names[seat] for seat in view.active if seat != view.seat and seat < len(self.seat_names)] \
            if self.seat_names else []
        return [self.models[name] for name in names if name in self.models]

    def weights(self, view: TableView) -> WeightsLike:
        """One weight table per opponent still in (``'product'``), or their field array (``'field'``)."""
        view = read_view(view)
        models = self.opponent_models(view)
        if not models:
            return None
        dead = known_holdings(card.index for card in (*view.hole, *view.board))
        tables = [np.where(dead, 0.0, model.weights) for model in models]
        if self.hs_mode == 'product':
            return tables
        field: np.ndarray = np.mean([table / table.sum() for table in tables], axis=0)  # the field array (Papp 7.3.1)
        return field

    def statistics(self, view: TableView) -> HandStatistics:
        """The statistics against the models (before the flop, where the pre-flop strategy decides on income
        rates, against every holding alike: cheaper, and only shown)."""
        from ..stats.player import Player
        view = read_view(view)
        if not view.board:
            return _preflop_statistics(view.hole, max(1, view.opponents))
        return Player(view.hole, view.board).calculate_hand_statistics(
            opponents=max(1, view.opponents), lookahead=self.lookahead, weights=self.weights(view))

    def bet_frequency(self, view: TableView, seat: int) -> float:
        """How often ``seat`` bets when checked to on this street: its model's bet/raise frequency with 0 bets
        to call (:meth:`SeatModel.frequencies`: his own, the table's, or Table B.2's 0.5);
        :meth:`LokiPlayer.bet_frequency` for a seat without one."""
        view = read_view(view)
        seat = whole_number('seat', seat, error=PokerError)
        model = self.models.get(self.seat_names[seat]) if seat < len(self.seat_names) else None
        if model is None:
            return super().bet_frequency(view, seat)
        return float(model.frequencies(view.street, 0)[2])
