"""Selective-sampling simulation (Peña 1999, ch. 5; Billings, Papp, Peña, Schaeffer and Szafron 1999): Loki-2's
search.

At each decision after the flop, :meth:`SelectiveSampling.evaluate` plays the hand out ``trials`` times from the
state a :class:`~poker.table.game.TableView` shows, and each trial twice with the same cards: once after this seat
checks or calls, once after it bets or raises. In each trial every opponent still in gets hole cards drawn from its
weight table (no card twice), the board is dealt out, and every later action of every seat, this one's included,
is drawn from the probability triple (:class:`~poker.strategy.triples.TripleStrategy`) of that seat's hand on that
street. The chips won or lost from now on (the pot won, less what this seat puts in from now on) are averaged into
the expected value of each action; a fold is worth 0 ("no further profit or loss"), and the action of the highest
mean is the one chosen (a check when checking is free, rather than a fold).

The trials run side by side as NumPy arrays: the cards of every trial are dealt at once, the decision's street
reads the exact statistics of every holding on its board, every hand of a later street is ranked in one
:meth:`~poker.ranking.ranker.HandRanker.rank_many` call, and the betting of all trials moves one action at a time in
lockstep. What a trial's hand values are, and where they depart from
Loki's EHS', is in ``docs/simulation.md``.

>>> import random
>>> from poker.table.records import ActionRecord
>>> view = TableView(0, 'Ann', 'Ah Kh', 'Ad 7c 2s 9h 3d', 'river', pot=20, to_call=4, bet_size=4,
...                  bets_this_round=1, called_this_round=False, opponents=1, can_raise=True,
...                  history=[ActionRecord('river', 1, 'bet', 4, 20, to_call=0, bet_size=4)], seats=2, button=0)
>>> weights = np.zeros(1326)
>>> weights[[NUMBER_OF_PAIR[a][b] for a, b in ((8, 9), (10, 11))]] = 1.0   # 4c4d or 4h4s
>>> SelectiveSampling(trials=200).evaluate(view, {1: weights}, random.Random(1))  # fours call a raise
<SimulationResult raise: call +20.00 +- 0.00, raise +24.00 +- 0.00 chips, 200 trials>
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
import random as random_module
from collections.abc import Callable, Mapping

from typing import Union

import numpy as np
from attrs import field, frozen

from ..cards.holdings import HOLDING_COUNT, HOLDINGS, NUMBER_OF_PAIR, pair_numbers
from ..errors import BettingError, PokerError, SettingError, WeightsError
from ..kernel.board_memo import board_values
from ..kernel.showdowns import pair_groups, pairs_of
from ..ranges.weights import checked_rows, known_holdings
from ..ranking.ranker import HandRanker
from ..ranking.ranker_inputs import read_ranker
from ..stats.range_stats import range_statistics
from ..strategy.actions import Action, Blind, read_action
from ..strategy.triples import TripleStrategy
from ..table.game import FixedLimitGame, TableView, read_view
from ..validators import (flag, frozen_array, instance, integer_array, is_items, real_array, real_number, reading,
                          shown, whole_number)

Thresholds = Union[tuple[float, float], tuple[tuple[float, float], tuple[float, float], tuple[float, float]]]
"""A seat's (Make1, Make2), or one such pair for each context: 0, 1, 2 or more bets to call."""

Frequencies = Union[tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]],
                    np.ndarray]
"""A seat's (fold, call, raise) shares facing 0, 1 and 2 or more bets to call (rows; a check is a call, a bet a
raise): what its actions in the trials are calibrated to (:meth:`SelectiveSampling.evaluate`)."""

__all__ = ['CALIBRATION_ROUNDS', 'CALIBRATION_TOLERANCE', 'DEFAULT_TRIALS', 'MAX_TRIALS', 'Playouts', 'SelectiveSampling',
           'SimulationResult']

DEFAULT_TRIALS = 200
"""The trials of a decision by default (ours: Peña's number does not survive): on the 2-core development machine a
decision's median CPU time is some 3 to 7 ms heads-up and 9 to 12 ms at ten seats, 19 ms at the dearest, a
multiway flop, under the 20 ms the issue allows (``bench/loki2_speed.py``). The standard error of a mean falls as
one over the square root of the trials; ``docs/simulation.md`` gives the errors measured."""

MAX_TRIALS = 10_000
"""The most trials of one decision: their cards and hand values are held in memory at once (some 100 MB at
ten seats)."""

CALIBRATION_ROUNDS = 20
"""The most times a calibration scales the columns and renormalises the rows (iterative proportional fitting); it
stops once every mean is within :data:`CALIBRATION_TOLERANCE` of its share (shares no PTs can meet stop here)."""

CALIBRATION_TOLERANCE = 2e-3
"""How near a calibration brings each mean to its share (a model's shares are counts: finer means nothing)."""

REDRAWS = 8
"""How many times an opponent's holding is drawn again, in the trials where it touches a card an earlier opponent
was dealt, before those trials draw from the weights left (the same distribution, counted out)."""

_STREETS = {3: 'flop', 4: 'turn', 5: 'river'}
_OFFSET = 8192
"""More than any hand value (7,462): the values of one board, plus its number times this, sort apart from
another board's."""


def _chips(name: str, value: object) -> float:
    return real_number(name, value, error=BettingError)


def _error(name: str, value: object) -> float:
    number = real_number(name, value, error=BettingError)
    if number < 0:
        raise BettingError(f'{name} must be a standard error of at least 0, got {shown(value)}')
    return number


def _trials(name: str, value: object) -> int:
    return whole_number(name, value, minimum=2, maximum=MAX_TRIALS, error=SettingError)


@frozen(repr=False)
class SimulationResult:
    """What a simulation found at one decision: the expected chips of a check or call (``ev_call``) and of a bet or
    raise (``ev_raise``, None when no raise is possible), each with its standard error over the ``trials``, and the
    ``action`` of the highest mean (a fold is worth 0; a check when checking is free, never a fold). The action is
    the table's legal form (``'check'``, ``'call'``, ``'bet'``, ``'raise'`` or ``'fold'``).
    """

    action: Action = field(converter=read_action)
    ev_call: float = field(converter=reading(_chips))  # type: ignore[misc]
    call_error: float = field(converter=reading(_error))  # type: ignore[misc]
    ev_raise: float | None = field(converter=reading(_chips, optional=True))  # type: ignore[misc]
    raise_error: float | None = field(converter=reading(_error, optional=True))  # type: ignore[misc]
    trials: int = field(converter=reading(_trials))  # type: ignore[misc]
    difference_error: float | None = field(default=None, converter=reading(_error, optional=True))  # type: ignore[misc]
    """The standard error of ``ev_raise - ev_call`` over the trials, each trial's two branches paired (they share
    the cards and the uniform numbers, so it is mostly far below ``call_error`` and ``raise_error`` together);
    None when no raise is possible (or not given)."""

    def __attrs_post_init__(self) -> None:
        if (self.ev_raise is None) != (self.raise_error is None):
            raise BettingError(f'ev_raise and raise_error go together (both None when no raise is possible), got '
                               f'{shown(self.ev_raise)} and {shown(self.raise_error)}')
        if self.ev_raise is None and self.difference_error is not None:
            raise BettingError(f'difference_error needs ev_raise (None when no raise is possible), got '
                               f'{shown(self.difference_error)}')

    def __repr__(self) -> str:
        """``<SimulationResult raise: call +10.00 +- 0.00, raise +12.00 +- 0.00 chips, 200 trials>``."""
        raised = '' if self.ev_raise is None or self.raise_error is None else \
            f', raise {self.ev_raise:+.2f} +- {self.raise_error:.2f}'
        return (f'<{type(self).__name__} {self.action}: call {self.ev_call:+.2f} +- {self.call_error:.2f}{raised} '
                f'chips, {self.trials} trials>')


def _seat_list(name: str, value: object) -> tuple[int, ...]:
    if not is_items(value):
        raise SettingError(f'{name} must be a list of seats, got {shown(value)}')
    seats = tuple(itertools.islice(value, 24))
    if not 2 <= len(seats) <= 23:
        raise SettingError(f'{name} must list 2 to 23 seats, got {shown(value)}')
    return tuple(whole_number(name, seat, maximum=22, error=SettingError) for seat in seats)


def _cards(name: str, value: object, *, ndim: int) -> np.ndarray:
    array = frozen_array(name, value, read=integer_array, copy=True, ndim=ndim, error=SettingError)
    if array.shape[-1:] != ((2,) if ndim == 3 else (5,)) or (array.size and (array.min() < 0 or array.max() > 51)):
        raise SettingError(f'{name} must be card indices (0 to 51), {"two" if ndim == 3 else "five"} a row, got '
                           f'{shown(value)}')
    return array


@frozen(eq=False)
class Playouts:
    """The trials of one simulation, trial by trial: what :meth:`SelectiveSampling.evaluate` averages.

    ``seats``: the seats in the hand at the decision, in seat order; ``holes``: (trials, seats, 2) card indices,
    each seat's hole cards in each trial (the deciding seat's own in every trial); ``boards``: (trials, 5), the
    board of each trial (the cards on the table first); ``draws``: (branches, trials, steps), the uniform numbers
    the PTs were read with, the n-th action of a trial after the decision reading ``draws[branch, trial, n]``;
    ``results``: (branches, trials), the chips the deciding seat ends with from now on. Branch 0 checks or calls,
    branch 1 (when a raise is possible) bets or raises.
    """

    seats: tuple[int, ...] = field(converter=reading(_seat_list))  # type: ignore[misc]
    holes: np.ndarray = field(converter=reading(_cards, ndim=3), repr=False)  # type: ignore[misc]
    boards: np.ndarray = field(converter=reading(_cards, ndim=2), repr=False)  # type: ignore[misc]
    draws: np.ndarray = field(converter=reading(frozen_array, ndim=3, copy=True), repr=False)  # type: ignore[misc]
    results: np.ndarray = field(converter=reading(frozen_array, ndim=2, copy=True), repr=False)  # type: ignore[misc]

    def __attrs_post_init__(self) -> None:
        trials = len(self.boards)
        if self.holes.shape[:2] != (trials, len(self.seats)) or self.results.shape[1:] != (trials,) \
                or self.draws.shape[:2] != self.results.shape or len(self.results) not in (1, 2):
            raise SettingError(f'playouts of {trials} trials need holes, draws and results of as many trials, one '
                               f'or two branches and {len(self.seats)} seats, got shapes {self.holes.shape}, '
                               f'{self.draws.shape} and {self.results.shape}')

    def __repr__(self) -> str:
        """``<Playouts: 200 trials of seats (0, 1), 2 branches>``."""
        return f'<{type(self).__name__}: {len(self.boards)} trials of seats {self.seats}, {len(self.results)} branches>'


@frozen(eq=False)
class _Spot:
    """The state of the hand at the decision, read from the view once: the seats still in (``seats``, in seat
    order; ``me`` the deciding seat's place among them) and each one's chips this round, who has acted and who has
    called this round, and what the betting will be on the streets to come (a working record: equal to itself
    alone)."""

    seats: tuple[int, ...]
    me: int
    hole: tuple[int, int]
    board: tuple[int, ...]
    pot: float
    to_call: float
    level: float
    bets: int
    contrib: np.ndarray
    acted: np.ndarray
    called: np.ndarray
    bet_sizes: dict[int, float]
    cap_now: int
    can_raise: bool
    street_start: int
    """The place, among ``seats``, after which each new street's first seat to act comes (the button's or the last
    seat before it)."""
    odd_order: np.ndarray
    """Each seat's key for the odd chips of a split pot: the winners nearest the button's left first."""
    deal_order: tuple[int, ...]
    """The opponents' places in the order their cards are drawn: the seat after the button first (Peña: the small
    blind first, the button last)."""


@functools.lru_cache(maxsize=16)
def _current_street(ranker: type[HandRanker], board: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """The strength and the PPOT one card ahead (none on the river) of every holding on ``board`` against one
    opponent holding anything, exactly (:func:`~poker.stats.range_stats.range_statistics`, ranked by ``ranker``),
    0 on the holdings touching the board. Kept for the last 16 boards and rankers (every seat and decision of a
    street reads the same)."""
    from ..cards.card import Card
    stats = range_statistics(board=[Card.from_index(card) for card in board], lookahead=1 if len(board) < 5 else 0,
                             ranker=ranker)
    holdings = np.asarray(stats.holdings, dtype=np.intp)
    strength, potential = np.zeros(HOLDING_COUNT), np.zeros(HOLDING_COUNT)
    strength[holdings] = stats.hs
    if len(board) < 5:
        potential[holdings] = stats.ppot
    strength.flags.writeable = False
    potential.flags.writeable = False
    return strength, potential


def _scaled_triples(pt: np.ndarray, shares: np.ndarray, factors: np.ndarray) -> np.ndarray:
    """PTs (rows) scaled by ``factors`` (one for each column: fold, call, raise) and renormalised: what a calibrated
    seat plays (:meth:`SelectiveSampling.calibration`); a row the factors leave empty (its PT takes only actions
    scaled to 0) takes ``shares``, the seat's own. ``shares`` and ``factors`` may be one row or a row for each."""
    scaled = pt * factors
    total = scaled.sum(axis=-1, keepdims=True)
    return np.where(total > 0, scaled / np.where(total > 0, total, 1.0), shares)


class SelectiveSampling:
    """Peña's selective-sampling simulation, after the flop: :meth:`evaluate` a decision.

    ``triples`` is the PT function every seat plays with inside the trials (None: the plain
    :class:`~poker.strategy.triples.TripleStrategy`); ``trials`` the trials of a decision (each played twice,
    :data:`DEFAULT_TRIALS` by default, 2 to :data:`MAX_TRIALS`); ``ranker`` ranks every hand of every trial
    (its :meth:`~poker.ranking.ranker.HandRanker.rank_many`); ``cap`` the most bets a betting round holds in the
    rounds to come (:class:`~poker.table.game.FixedLimitGame`'s 4; the current round's is what the view's
    ``can_raise`` says); ``big_bet_ratio`` the turn and river bet over the flop bet (2, the table's); and
    ``carry_potential`` whether a hand keeps, on the later streets of a trial, the potential it had on the
    decision's street (True), or has none there (False). See ``docs/simulation.md``.
    """

    def __init__(self, triples: TripleStrategy | None = None, *, trials: int = DEFAULT_TRIALS,
                 ranker: type[HandRanker] = HandRanker, cap: int = 4, big_bet_ratio: float = 2.0,
                 carry_potential: bool = True) -> None:
        self.triples = TripleStrategy() if triples is None else instance(
            'triples', triples, TripleStrategy, error=BettingError, what='a TripleStrategy')
        self.trials = _trials('trials', trials)
        self.ranker = read_ranker(ranker)
        self.cap = whole_number('cap', cap, minimum=1, maximum=100, error=BettingError)
        ratio = real_number('big_bet_ratio', big_bet_ratio, error=BettingError)
        if not 0 < ratio <= 100:
            raise BettingError(f'big_bet_ratio must be more than 0 and at most 100, got {shown(big_bet_ratio)}')
        self.big_bet_ratio = ratio
        self.carry_potential = flag('carry_potential', carry_potential, error=BettingError)

    def __repr__(self) -> str:
        return f'{type(self).__name__}({self.triples!r}, trials={self.trials})'

    # ------------------------------------------------------------------------------------------ the doors
    def evaluate(self, view: TableView, weights: Mapping[int, np.ndarray], random: random_module.Random, *,
                 thresholds: Mapping[int, Thresholds] | None = None,
                 frequencies: Mapping[int, Frequencies] | None = None) -> SimulationResult:
        """The expected chips of a check or call and of a bet or raise at the decision ``view`` shows, and the
        action of the highest mean (:class:`SimulationResult`).

        ``weights`` maps each opponent still in the hand (by seat) to its 1,326 holding weights
        (``itertools.combinations(range(52), 2)`` order; the holdings touching this seat's cards or the board are
        ignored); ``random`` is the deciding seat's own generator, the only source of chance (one 64-bit draw
        seeds the simulation, so a seat's decisions repeat with its seed); ``thresholds`` maps seats to the
        (make1, make2) their PTs play with, or to one such pair for each context, 0, 1 and 2 or more bets to call
        (a seat left out: the PT function's own); ``frequencies`` maps seats to the (fold, call, raise) shares
        they are seen to take facing 0, 1 and 2 or more bets to call (ours, :meth:`calibration`: a seat given
        them plays, in the trials, its PTs scaled to those shares; a seat left out plays its PTs)."""
        playouts = self.playouts(view, weights, random, thresholds=thresholds, frequencies=frequencies)
        return self._summary(read_view(view), playouts)

    def playouts(self, view: TableView, weights: Mapping[int, np.ndarray], random: random_module.Random, *,
                 thresholds: Mapping[int, Thresholds] | None = None,
                 frequencies: Mapping[int, Frequencies] | None = None) -> Playouts:
        """The trials :meth:`evaluate` averages, trial by trial (:class:`Playouts`), for the same arguments."""
        view = read_view(view)
        spot = self._spot(view)
        tables = self._weights(spot, weights)
        make1, make2 = self._thresholds(spot, thresholds)
        targets = self._frequencies(spot, frequencies)
        generator = np.random.default_rng(instance('random', random, random_module.Random,
                                                   what='a random.Random').getrandbits(64))
        holes, boards = self._deal(spot, tables, generator)
        strengths, potentials, values = self._hand_values(spot, holes, boards)
        scales = self._scales(spot, make1, make2, targets)
        results, draws = self._play(spot, strengths, potentials, values, make1, make2, generator, targets, scales)
        return Playouts(spot.seats, holes, boards, draws, results)

    # ------------------------------------------------------------------------------------------ reading
    def _spot(self, view: TableView) -> _Spot:
        street = view.street
        if street == 'preflop':
            raise BettingError('selective-sampling simulation is for after the flop (Loki-2 plays the pre-flop as '
                               'Loki-1)')
        if view.bet_size <= 0:
            raise BettingError(f'bet_size must be more than 0 after the flop, got {view.bet_size}')
        seats = tuple(sorted(view.active))
        if len(seats) < 2:
            raise BettingError(f'a simulation needs an opponent still in the hand, got the seats {shown(seats)}')
        put: dict[int, int] = {}
        acted: set[int] = set()
        called: set[int] = set()
        for record in view.history:
            if record.street != street:
                continue
            put[record.seat] = put.get(record.seat, 0) + record.amount
            if not isinstance(record.action, Blind):
                acted.add(record.seat)
                if record.action == Action.CALL and record.amount > 0:
                    called.add(record.seat)
        level = max(put.values(), default=0)
        shown_to_call = level - put.get(view.seat, 0)
        if shown_to_call != view.to_call:
            raise BettingError(f'the history of the {street} must account for to_call {view.to_call}: it shows '
                               f'{shown_to_call} to call')
        me = seats.index(view.seat)
        first, second = view.hole
        if view.called_this_round:
            called.add(view.seat)
        else:
            called.discard(view.seat)
        cards = len(view.board)
        small = float(view.bet_size)
        sizes = {5: small} if cards == 5 else {4: small, 5: small} if cards == 4 else \
            {3: small, 4: small * self.big_bet_ratio, 5: small * self.big_bet_ratio}
        bets = view.bets_this_round
        start = bisect.bisect_right(seats, view.button) % len(seats)
        deal_order = tuple(place % len(seats) for place in range(start, start + len(seats))  # (after the button)
                           if place % len(seats) != me)
        return _Spot(
            seats=seats, me=me, hole=(min(first.index, second.index), max(first.index, second.index)),
            board=tuple(card.index for card in view.board), pot=float(view.pot), to_call=float(view.to_call),
            level=float(level), bets=bets,
            contrib=np.array([float(put.get(seat, 0)) for seat in seats]),
            acted=np.array([seat in acted for seat in seats]), called=np.array([seat in called for seat in seats]),
            bet_sizes=sizes, cap_now=max(self.cap, bets + 1) if view.can_raise else bets, can_raise=view.can_raise,
            street_start=(start - 1) % len(seats),
            odd_order=np.array([(seat - view.button - 1) % 64 for seat in seats]), deal_order=deal_order)

    def _weights(self, spot: _Spot, weights: Mapping[int, np.ndarray]) -> dict[int, np.ndarray]:
        """Each opponent's weights (by its place among the spot's seats), the holdings touching a known card set to
        0; read at the door."""
        if not isinstance(weights, Mapping):
            raise WeightsError(f'weights must map each opponent still in the hand (by seat) to 1,326 weights, got '
                               f'{shown(weights)}')
        opponents = [seat for place, seat in enumerate(spot.seats) if place != spot.me]
        keys = list(weights.keys())
        if any(type(key) is not int for key in keys) or set(keys) != set(opponents):
            raise WeightsError(f'weights must be given for exactly the opponents still in, seats {shown(opponents)}, '
                               f'got seats {shown(keys)}')
        known = known_holdings(spot.hole + spot.board)
        tables = {}
        for seat in opponents:
            table = checked_rows(f'the weights of seat {seat}', weights[seat], shape=(HOLDING_COUNT,))
            table = np.where(known, 0.0, table)
            if not table.any():
                raise WeightsError(f'the weights of seat {seat} give no holding free of the known cards any weight')
            tables[spot.seats.index(seat)] = table
        return tables

    def _thresholds(self, spot: _Spot, thresholds: Mapping[int, Thresholds] | None) \
            -> tuple[np.ndarray, np.ndarray]:
        """Make1 and Make2 of each seat (by place) in each context (0, 1, 2 or more bets to call), the PT function's
        own where none is given; a pair given for a seat holds in every context."""
        make1 = np.full((len(spot.seats), 3), float(self.triples.make1))
        make2 = np.full((len(spot.seats), 3), float(self.triples.make2))
        if thresholds is None:
            return make1, make2
        if not isinstance(thresholds, Mapping):
            raise BettingError(f'thresholds must map seats to (make1, make2), or be None, got {shown(thresholds)}')
        for seat, given in thresholds.items():
            if not isinstance(seat, int) or isinstance(seat, bool) or seat not in spot.seats:
                raise BettingError(f'thresholds must name seats still in the hand, {shown(spot.seats)}, got '
                                   f'{shown(seat)}')
            if not isinstance(given, (tuple, list)) or len(given) not in (2, 3):
                raise BettingError(f'the thresholds of seat {seat} must be (make1, make2), or one such pair for 0, '
                                   f'1 and 2+ bets to call, got {shown(given)}')
            pairs = [given] * 3 if len(given) == 2 else list(given)
            place = spot.seats.index(seat)
            for context, pair in enumerate(pairs):
                if not isinstance(pair, (tuple, list)) or len(pair) != 2:
                    raise BettingError(f'the thresholds of seat {seat} must be (make1, make2), or one such pair for '
                                       f'0, 1 and 2+ bets to call, got {shown(given)}')
                make1[place, context] = real_number(f'make1 of seat {seat}', pair[0], error=BettingError)
                make2[place, context] = real_number(f'make2 of seat {seat}', pair[1], error=BettingError)
        return make1, make2

    def _frequencies(self, spot: _Spot, frequencies: Mapping[int, Frequencies] | None) -> np.ndarray:
        """The (fold, call, raise) shares each seat (by place) is calibrated to in each context (seats, 3, 3); NaN
        rows for the seats left out (no calibration)."""
        targets = np.full((len(spot.seats), 3, 3), np.nan)
        if frequencies is None:
            return targets
        if not isinstance(frequencies, Mapping):
            raise BettingError(f'frequencies must map seats to their (fold, call, raise) shares facing 0, 1 and 2+ '
                               f'bets, or be None, got {shown(frequencies)}')
        for seat, given in frequencies.items():
            if type(seat) is not int or seat not in spot.seats or seat == spot.seats[spot.me]:
                raise BettingError(f'frequencies must name opponents still in the hand, got {shown(seat)}')
            rows = real_array(f'the frequencies of seat {seat}', given, shape=(3, 3), error=BettingError)
            if (rows < 0).any() or not np.allclose(rows.sum(axis=1), 1.0) or rows[0, 0] > 1e-9:
                raise BettingError(f'the frequencies of seat {seat} must be three (fold, call, raise) rows of shares '
                                   f'summing to 1, facing 0, 1 and 2+ bets (no fold facing none), got {shown(given)}')
            rows[0, 0] = 0.0
            targets[spot.seats.index(seat)] = rows
        return targets

    def calibration(self, pt: np.ndarray, target: np.ndarray) -> np.ndarray:
        """The factors (fold, call, raise) that scale the PTs ``pt`` (rows) of one seat in one context so that the
        rows, each scaled column by column and renormalised (a row left with nothing takes ``target`` itself), have
        the seat's shares ``target`` for their mean, each row alike (ours: iterative proportional fitting, at most
        :data:`CALIBRATION_ROUNDS` rounds). A seat seen to call every bet calls every bet in the trials, one that
        never bets never bets there, and a seat between keeps its PTs' order of holdings: an action a holding's PT
        never takes it still never takes (a strong hand's PT that never folds does not fold because the seat folds
        often), unless its PT takes only actions the seat is never seen to take (then it takes the shares).

        >>> pt = np.array([[0.0, 1.0, 0.0], [0.0, 0.5, 0.5], [0.0, 0.0, 1.0]])   # a PT betting half the holdings
        >>> shares = np.array([0.0, 0.4, 0.6])                                  # a seat that bets 60%
        >>> rows = pt * SelectiveSampling().calibration(pt, shares)            # (each column scaled)
        >>> rows /= rows.sum(axis=1, keepdims=True)
        >>> rows.mean(axis=0).round(2).tolist(), rows[:, 2].round(1).tolist()   # his worst still never bets
        ([0.0, 0.4, 0.6], [0.0, 0.8, 1.0])
        """
        rows = real_array('the PTs of a calibration', pt, ndim=2, error=BettingError)
        shares = real_array('the shares of a calibration', target, shape=(3,), error=BettingError)
        if rows.shape[1:] != (3,) or not len(rows) or not ((rows >= 0).all() and (shares >= 0).all()
                                                            and np.allclose(rows.sum(axis=1), 1.0)
                                                            and math.isclose(shares.sum(), 1.0)):
            raise BettingError(f'a calibration needs PTs (rows of three chances summing to 1) and three shares '
                               f'summing to 1, got {shown(pt)} and {shown(target)}')
        factors: np.ndarray = self._calibration(rows[None], shares[None])[0]
        return factors

    @staticmethod
    def _calibration(pt: np.ndarray, target: np.ndarray) -> np.ndarray:
        """:meth:`calibration` of many problems at once, read: PTs (problems, rows, 3) and shares (problems, 3) to
        factors (problems, 3)."""
        factors = np.ones_like(target)
        share = 1.0 / pt.shape[1]
        for _ in range(CALIBRATION_ROUNDS):
            scaled = pt * factors[:, None, :]
            total = scaled.sum(axis=2)
            # the mean of the rows renormalised: each row weighs its share over its total (a row left with nothing
            # takes the shares themselves)
            weight = np.divide(share, total, out=np.zeros_like(total), where=total > 0)
            mean = np.matmul(weight[:, None, :], scaled)[:, 0] + (total <= 0).sum(axis=1, keepdims=True) * share * target
            if np.abs(mean - target).max() < CALIBRATION_TOLERANCE:
                break
            factors *= np.divide(target, mean, out=np.ones_like(target), where=mean > 0)
            # (shares no PTs can meet drive factors to the extremes: bounded, so that no 0 times infinity occurs)
            factors = np.where(target > 0, np.clip(factors, 1e-9, 1e9), 0.0)
        return factors

    def _scales(self, spot: _Spot, make1: np.ndarray, make2: np.ndarray, targets: np.ndarray) -> np.ndarray:
        """The factors each seat's PTs are scaled by in each context (seats, 3, 3; 1 for a seat without
        frequencies): :meth:`calibration` of its PTs on the decision's street over every holding free of the
        deciding seat's cards and the board, each alike (the holdings his frequencies were counted over, and his
        thresholds measured on), as he would face 0, 1 and 2 bets there, the pot grown by those bets; every seat
        and context in one PT call and one fitting."""
        scales = np.ones((len(spot.seats), 3, 3))
        calibrated = np.flatnonzero(~np.isnan(targets[:, 0, 0]))
        if not len(calibrated):
            return scales
        strength, potential = _current_street(self.ranker, tuple(sorted(spot.board)))  # type: ignore[arg-type]
        free = ~known_holdings(spot.hole + spot.board)
        strength, potential = strength[free], potential[free]
        rows, problems = len(strength), 3 * len(calibrated)
        river = len(spot.board) == 5
        bet = spot.bet_sizes[len(spot.board)]
        opponents = len(spot.seats) - 1
        hs_n = np.tile(strength ** opponents, problems)
        potential = np.tile(potential, problems)
        context = np.repeat(np.tile(np.arange(3), len(calibrated)), rows)   # (seat, context) problems, rows each
        place = np.repeat(calibrated, 3 * rows)
        pt = self.triples.triples(
            strength=hs_n + (1 - hs_n) * potential, potential=potential, chance=hs_n if river else potential,
            hs_n=hs_n, opponents=opponents, board_cards=len(spot.board), pot=spot.pot + context * bet,
            to_call=context * bet, bet_size=bet, bets=context, called=False, make1=make1[place, context],
            make2=make2[place, context])
        factors = self._calibration(pt.reshape(problems, rows, 3), targets[calibrated].reshape(problems, 3))
        scales[calibrated] = factors.reshape(len(calibrated), 3, 3)
        return scales

    # ------------------------------------------------------------------------------------------ the cards
    def _deal(self, spot: _Spot, tables: dict[int, np.ndarray], generator: np.random.Generator) \
            -> tuple[np.ndarray, np.ndarray]:
        """The hole cards (trials, seats, 2) and boards (trials, 5) of every trial: each opponent's holding drawn
        from its weights among the holdings free of the cards dealt before it, then the rest of the board from the
        cards left, every order alike."""
        trials = self.trials
        everyone = np.arange(trials)
        holes = np.empty((trials, len(spot.seats), 2), dtype=np.int8)
        holes[:, spot.me] = spot.hole
        dealt = np.zeros((trials, 52), dtype=bool)
        dealt[:, list(spot.hole + spot.board)] = True
        first, second = HOLDINGS[:, 0].astype(np.intp), HOLDINGS[:, 1].astype(np.intp)
        for place in spot.deal_order:
            table = tables[place]
            cumulative = np.cumsum(table)
            last = int(np.flatnonzero(table)[-1])
            drawn = np.minimum(np.searchsorted(cumulative, generator.random(trials) * cumulative[-1], 'right'), last)
            clash = dealt[everyone, first[drawn]] | dealt[everyone, second[drawn]]
            for _ in range(REDRAWS):
                if not clash.any():
                    break
                again = np.flatnonzero(clash)
                drawn[again] = np.minimum(np.searchsorted(cumulative, generator.random(len(again)) * cumulative[-1],
                                                          'right'), last)
                clash[again] = dealt[again, first[drawn[again]]] | dealt[again, second[drawn[again]]]
            for trial in np.flatnonzero(clash).tolist():  # (rare: the weights left, counted out)
                free = ~(dealt[trial, first] | dealt[trial, second])
                left = np.where(free, table, 0.0)
                if not left.any():  # every holding with weight touches a card dealt: any free holding, alike
                    left = free.astype(float)
                total = np.cumsum(left)
                drawn[trial] = min(int(np.searchsorted(total, generator.random() * total[-1], 'right')),
                                   int(np.flatnonzero(left)[-1]))
            holes[:, place] = HOLDINGS[drawn]
            dealt[everyone, first[drawn]] = True
            dealt[everyone, second[drawn]] = True
        boards = np.empty((trials, 5), dtype=np.int8)
        boards[:, :len(spot.board)] = spot.board
        if len(spot.board) < 5:
            keys = generator.random((trials, 52))
            keys[dealt] = 2.0
            boards[:, len(spot.board):] = np.argsort(keys, axis=1)[:, :5 - len(spot.board)]
        return holes, boards

    # ------------------------------------------------------------------------------------------ hand values
    def _hand_values(self, spot: _Spot, holes: np.ndarray, boards: np.ndarray) \
            -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Each seat's hand strength (trials, seats, 3: flop, turn, river) and potential (the same shape) in every
        trial, from the decision's street on, and its hand value on the river (trials, seats).

        On the decision's street, whose board every trial shares, both are the exact numbers of every holding
        (:func:`_current_street`), looked up; on each later street the strength is counted on the trial's board
        (:meth:`_strengths`) and the potential is the decision street's, kept (``carry_potential``) or 0."""
        trials, seats = holes.shape[:2]
        strengths = np.zeros((trials, seats, 3))
        potentials = np.zeros((trials, seats, 3))
        now = len(spot.board)
        holdings = pair_numbers(holes[:, :, 0], holes[:, :, 1])
        strength, potential = _current_street(self.ranker, tuple(sorted(spot.board)))  # type: ignore[arg-type]
        strengths[:, :, now - 3] = strength[holdings]
        potentials[:, :, now - 3] = potential[holdings]
        if self.carry_potential and now == 3:
            potentials[:, :, 1] = potentials[:, :, 0]
        if now == 5:
            return strengths, potentials, board_values(spot.board, self.ranker).values[holdings]
        values = np.zeros((trials, seats), dtype=np.int16)
        for cards in range(now + 1, 6):
            strengths[:, :, cards - 3], values = self._strengths(holes, boards[:, :cards])
        return strengths, potentials, values

    def _strengths(self, holes: np.ndarray, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Each hole's strength (trials, seats) on its trial's board against one opponent holding anything (ties
        count half), and its hand value: every holding of the unseen cards on each distinct board ranked by one
        ``rank_many`` call and sorted, each hole placed among them, less the holdings that share a card with it."""
        trials, seats = holes.shape[:2]
        cards = boards.shape[1]
        keys = np.bitwise_or.reduce(np.left_shift(np.int64(1), boards.astype(np.int64)), axis=1)
        _, firsts, which = np.unique(keys, return_index=True, return_inverse=True)
        distinct = boards[firsts]
        count = len(distinct)
        unseen_count = 52 - cards
        known = np.zeros((count, 52), dtype=bool)
        known[np.arange(count)[:, None], distinct] = True
        unseen = np.nonzero(~known)[1].astype(np.uint8).reshape(count, unseen_count)
        below = np.cumsum(known, axis=1) - known  # the board cards below each card
        pairs = pairs_of(unseen_count)
        holdings = len(pairs)
        columns = np.empty((cards + 2, count, holdings), dtype=np.uint8)
        columns[:cards] = distinct.T.astype(np.uint8)[:, :, None]
        columns[cards] = unseen[:, pairs[:, 0]]
        columns[cards + 1] = unseen[:, pairs[:, 1]]
        board_values_ = self.ranker.rank_many(columns.reshape(cards + 2, -1).T, validate=False)
        board_values_ = board_values_.reshape(count, holdings)
        ordered = (np.sort(board_values_, axis=1).astype(np.int32) + (np.arange(count) * _OFFSET)[:, None]).ravel()
        board_of = np.repeat(which.reshape(-1), seats)
        low = holes[:, :, 0].reshape(-1).astype(np.intp)
        high = holes[:, :, 1].reshape(-1).astype(np.intp)
        low_place = low - below[board_of, low]
        high_place = high - below[board_of, high]
        own = board_values_[board_of, pair_numbers(low_place, high_place, unseen_count)]
        key = own.astype(np.int32) + board_of * _OFFSET
        start = board_of * holdings
        under = np.searchsorted(ordered, key, 'left')
        level = np.searchsorted(ordered, key, 'right') - under
        under -= start
        groups, _ = pair_groups(unseen_count)
        with_low = board_values_[board_of[:, None], groups[low_place]]
        with_high = board_values_[board_of[:, None], groups[high_place]]
        mine = own[:, None]
        under -= np.count_nonzero(with_low < mine, axis=1) + np.count_nonzero(with_high < mine, axis=1)
        level -= np.count_nonzero(with_low == mine, axis=1) + np.count_nonzero(with_high == mine, axis=1) - 1
        opponents = (unseen_count - 2) * (unseen_count - 3) // 2
        strength = (under + level / 2) / opponents
        return strength.reshape(trials, seats), own.reshape(trials, seats)

    # ------------------------------------------------------------------------------------------ the betting
    def _play(self, spot: _Spot, strengths: np.ndarray, potentials: np.ndarray, values: np.ndarray,
              make1: np.ndarray, make2: np.ndarray, generator: np.random.Generator, targets: np.ndarray,
              scales: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Every trial played out from the decision, once after a check or call and (when possible) once after a
        bet or raise, all of them in lockstep, one action of each row a step: the chips won (branches, trials)
        and the uniform number each action was drawn with (branches, trials, steps). A seat with frequencies
        (``targets``) plays its PTs scaled by its ``scales`` (:meth:`_scales`, :func:`_scaled_triples`)."""
        calibrated = ~np.isnan(targets[:, 0, 0])
        trials, seats = strengths.shape[:2]
        branches = 2 if spot.can_raise else 1
        table = _Table(spot, branches * trials, trials, values)
        now = len(spot.board)
        sizes = np.zeros(6)
        for board_cards, amount in spot.bet_sizes.items():
            sizes[board_cards] = amount
        everyone = np.arange(table.rows)
        table.act(everyone, np.full(table.rows, spot.me), np.where(everyone >= trials, 2, 1), sizes[now],
                  spot.cap_now)
        flat_strengths = strengths.reshape(-1)
        flat_potentials = potentials.reshape(-1)
        draws: list[np.ndarray] = []
        for step in itertools.count():
            live = np.flatnonzero(table.actor >= 0)
            if not live.size:
                break
            column = generator.random(table.rows)
            draws.append(column)
            actor = table.actor[live]
            flat = live * seats + actor
            cards = table.cards[live]
            opponents = table.left[live] - 1
            where = (table.trial[live] * seats + actor) * 3 + cards - 3
            strength = flat_strengths[where]
            potential = flat_potentials[where]
            hs_n = strength ** opponents
            bet = sizes[cards]
            to_call = table.level[live] - table.contrib.reshape(-1)[flat]
            context = np.minimum(np.rint(to_call / bet), 2).astype(np.intp)   # 0, 1, 2+ bets to call
            inputs = dict(strength=hs_n + (1 - hs_n) * potential, potential=potential,
                          chance=np.where(cards == 5, hs_n, potential), hs_n=hs_n, opponents=opponents,
                          board_cards=cards, pot=table.pot[live], to_call=to_call, bet_size=bet,
                          bets=table.bets[live], called=table.called.reshape(-1)[flat], make1=make1[actor, context],
                          make2=make2[actor, context])
            if self._trace is not None:
                self._trace(live, np.full(len(live), step), inputs)
            pt = self.triples.triples(**inputs)
            scaled = calibrated[actor]
            if scaled.any():  # (calibrated seats: the PT scaled to the seat's shares in the context)
                seat, where = actor[scaled], context[scaled]
                pt[scaled] = _scaled_triples(pt[scaled], targets[seat, where], scales[seat, where])
            uniform = column[live]
            fold = pt[:, 0]
            choice = np.where(uniform < fold, 0, np.where(uniform < fold + pt[:, 1], 1, 2))
            table.act(live, actor, choice, bet, np.where(cards == now, spot.cap_now, self.cap))
        steps = np.stack(draws, axis=1) if draws else np.zeros((table.rows, 0))
        return table.results().reshape(branches, trials), steps.reshape(branches, trials, -1)

    _trace: Callable[[np.ndarray, np.ndarray, dict[str, np.ndarray]], None] | None = None
    """None, or a function told, at each step, the rows playing (branch times trials plus trial), the number of each
    row's action and what its PT was asked (the tests' window on the trials)."""

    # ------------------------------------------------------------------------------------------ the answer
    def _summary(self, view: TableView, playouts: Playouts) -> SimulationResult:
        results = playouts.results
        trials = results.shape[1]
        means = results.mean(axis=1)
        errors = results.std(axis=1, ddof=1) / math.sqrt(trials)
        choices: list[tuple[float, Action]] = [(float(means[0]), Action.CALL)]
        if len(results) > 1:
            choices.append((float(means[1]), Action.RAISE))
        if view.to_call > 0:
            choices.append((0.0, Action.FOLD))
        best = max(choices, key=lambda choice: choice[0])[1]  # (the first of equal means: call, raise, fold)
        action = FixedLimitGame.legal_action(best, view.to_call, view.can_raise, view.bets_this_round)
        raised = len(results) > 1
        difference = float((results[1] - results[0]).std(ddof=1) / math.sqrt(trials)) if raised else None
        return SimulationResult(action, float(means[0]), float(errors[0]), float(means[1]) if raised else None,
                                float(errors[1]) if raised else None, trials, difference)


class _Table:
    """The betting of every row (a trial in one branch) as arrays: who is in (``in_hand``, and ``left``, how many),
    each seat's chips this round (``contrib``), who is still to act this round (``pending``: in the hand, with a
    bet to call or no action yet this round) and who has called this round, the bet to match
    (``level``), the bets made, the pot, the chips the deciding seat has put in since the decision (``mine``), the
    board's cards, the seat to act (``actor``, -1: the row is over) and whether the row ends at the showdown
    (``shown``)."""

    def __init__(self, spot: _Spot, rows: int, trials: int, values: np.ndarray) -> None:
        seats = len(spot.seats)
        self.spot, self.rows, self.seats, self.values = spot, rows, seats, values
        self.trial = np.arange(rows) % trials
        self.in_hand = np.ones((rows, seats), dtype=bool)
        self.left = np.full(rows, seats)
        self.contrib = np.tile(spot.contrib, (rows, 1))
        self.pending = np.tile((spot.contrib < spot.level) | ~spot.acted, (rows, 1))
        self.called = np.tile(spot.called, (rows, 1))
        self.level = np.full(rows, spot.level)
        self.bets = np.full(rows, spot.bets)
        self.pot = np.full(rows, spot.pot)
        self.mine = np.zeros(rows)
        self.cards = np.full(rows, len(spot.board))
        self.actor = np.full(rows, -1)
        self.shown = np.zeros(rows, dtype=bool)
        self.turns = (np.arange(seats)[None, :] - np.arange(seats)[:, None] - 1) % seats
        """``turns[last, seat]``: how many seats after ``last`` comes ``seat`` (0: the next one)."""

    def act(self, live: np.ndarray, actor: np.ndarray, choice: np.ndarray, bet: np.ndarray | float,
            cap: np.ndarray | int) -> None:
        """The rows ``live`` take the actions ``choice`` (0 fold, 1 check or call, 2 bet or raise) of their seat to
        act, ``actor``, as the table makes them legal (no fold for free; at ``cap`` bets a raise is a call); then
        each row ends, goes on to its next seat, or to the next street."""
        me = self.spot.me
        flat = live * self.seats + actor
        contrib = self.contrib.reshape(-1)
        to_call = self.level[live] - contrib[flat]
        facing = to_call > 0
        folds = (choice == 0) & facing
        raises = (choice == 2) & (self.bets[live] < cap)
        put = np.where(folds, 0.0, to_call) + np.where(raises, bet, 0.0)
        contrib[flat] += put
        self.pot[live] += put
        mine = actor == me
        self.mine[live] += np.where(mine, put, 0.0)
        self.level[live] += np.where(raises, bet, 0.0)
        self.bets[live] += raises
        if raises.any():
            raised = live[raises]
            self.pending[raised] = self.in_hand[raised]
        self.pending.reshape(-1)[flat] = False
        called = self.called.reshape(-1)
        called[flat] |= facing & ~folds & ~raises
        self.in_hand.reshape(-1)[flat[folds]] = False
        self.left[live] -= folds
        over = (folds & mine) | (self.left[live] == 1)  # the hand ends for us: we fold, or one seat is left
        if over.any():
            self.actor[live[over]] = -1
        going = live[~over]
        if not going.size:
            return
        self.actor[going] = self.next(going, actor[~over])
        closed = going[self.actor[going] < 0]
        while closed.size:  # the round is over: the showdown after the river, else the next street
            river = self.cards[closed] == 5
            if river.any():  # (the showdown: its chips are counted when every row is over, :meth:`results`)
                self.shown[closed[river]] = True
            turning = closed[~river]
            if not turning.size:
                return
            self.cards[turning] += 1
            self.contrib[turning] = 0.0
            self.pending[turning] = self.in_hand[turning]
            self.called[turning] = False
            self.level[turning] = 0.0
            self.bets[turning] = 0
            self.actor[turning] = self.next(turning, np.full(len(turning), self.spot.street_start))
            closed = turning[self.actor[turning] < 0]

    def next(self, rows: np.ndarray, last: np.ndarray) -> np.ndarray:
        """The seat to act next in each of ``rows`` after ``last``: the first in turn still in that has a bet to
        call or has not acted this round; -1 when none has (the round is over)."""
        turns = np.where(self.pending[rows], self.turns[last], self.seats)
        first = turns.argmin(axis=1)
        return np.where(turns[np.arange(len(rows)), first] < self.seats, first, -1)

    def results(self) -> np.ndarray:
        """The chips each row ends with from the decision on, once every row is over: the pot won, less the chips
        put in since the decision. A row that ends before the showdown is won by the seat left in it (or lost by
        us, folded); at the showdown the best hand still in wins the pot, split as the table splits it (equal
        shares, the odd chips one each to the winners nearest the button's left)."""
        spot, me = self.spot, self.spot.me
        won = np.where(self.in_hand[:, me], self.pot, 0.0)
        rows = np.flatnonzero(self.shown)
        hands = np.where(self.in_hand[rows], self.values[self.trial[rows]], -1)
        winners = hands == hands.max(axis=1, keepdims=True)
        count = winners.sum(axis=1)
        pot = self.pot[rows]
        share = np.floor(pot / count)
        before = (winners & (spot.odd_order < spot.odd_order[me])).sum(axis=1)
        won[rows] = np.where(winners[:, me], share + np.clip(pot - share * count - before, 0.0, 1.0), 0.0)
        return np.asarray(won - self.mine)
