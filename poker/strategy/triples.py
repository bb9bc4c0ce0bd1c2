"""Probability triples (Peña 1999, ch. 4): Loki's betting rules as the chances of fold, call and raise.

A probability triple (PT) ``(f, c, r)``, ``f + c + r = 1``, is what a player does next with one holding in one
situation. Loki-2 uses one PT generation function in three places: as its betting strategy (it draws its action
from the PT, **B**), as the re-weighting factor of opponent modelling (a holding's weight times the PT entry of the
action observed, **R**), and to play every seat's later actions inside its simulations (**S**).

Peña built the function by translating Loki-1's rules literally into pure triples (one action for sure) and then
smoothing the boundaries between actions by linear interpolation. :class:`TripleStrategy` does the same with the
rules of a :class:`~poker.strategy.advice.LokiStrategy` (its thresholds and switches):

* **check-raise** (when the strategy uses it): with no bet made this round and a bet behind at least
  ``check_raise_chance`` likely, the Make2 share checks (and raises the bet when it comes);
* **Make2** (EHS' from ``make2``) bets or raises while fewer than ``raise_cap`` bets are in, else calls;
* **Make1** (EHS' from ``make1``) bets when no bet is made this round, else calls (or checks), except at ``make1_fold_bets`` or more bets to
  call not yet called this round (then the rules below decide);
* **semi-bluff** (nothing to call, not on the river): bets when PPOT covers a bet and a raise (Papp eq. 6.5);
* **semi-bluff follow-through** (when the strategy follows through): after a semi-bluff no other seat has bet or
  raised since, with nothing to call, the rest bets (not on the river, unless ``follow_through_river``);
* **pot odds**: calls when the winning chance covers ``to_call / (pot + to_call)``;
* **showdown odds** (when the strategy uses them): calls when HSn covers the cost of calling down;
* otherwise check, or fold.

Each comparison ``x >= t`` becomes a ramp that rises linearly from 0 at ``t - width`` to 1 at ``t + width``
(:func:`ramp`): with ``width`` 0 the triple is the pure one, Loki-1's action for sure. Peña's width is not given
(his figures are lost); ours is :data:`DEFAULT_WIDTH`. The check-raise's trigger (the chance of a bet behind) and
the follow-through are the situation's (:attr:`Situation.bet_behind <poker.strategy.situation.Situation.bet_behind>`,
:attr:`Situation.follow_through <poker.strategy.situation.Situation.follow_through>`), not ramps.

The thresholds ``make1`` and ``make2`` may be given per row (arrays): that is how a specific opponent model moves
them by an opponent's frequencies (Peña 4.4), and how a simulation plays each seat with its own.

>>> strategy = TripleStrategy(width=0.1)
>>> strategy.triples(strength=[0.95, 0.80, 0.50, 0.2], potential=0.0, chance=0.0, hs_n=0.0, opponents=1,
...                  board_cards=5, pot=20, to_call=4, bet_size=4, bets=1).round(3).tolist()
[[0.0, 0.0, 1.0], [0.0, 0.75, 0.25], [0.5, 0.5, 0.0], [1.0, 0.0, 0.0]]
"""

from __future__ import annotations

import functools
from typing import Union

import numpy as np

from ..cards.income_rates import MAX_OPPONENTS
from ..errors import BettingError
from ..stats.hand_statistics import HandStatistics
from ..validators import instance, real_array, real_number, shown
from .advice import DEFAULT_STRATEGY, LokiStrategy, _showdown_odds_rows
from .policy import HoldingStatistics, Policy
from .situation import Situation

__all__ = ['DEFAULT_WIDTH', 'TripleStrategy', 'ramp']

DEFAULT_WIDTH = 0.1
"""How far on either side of a threshold a PT mixes the two actions it separates (ours; Peña's is lost): 0.1 on the
EHS' scale, so a hand of EHS' 0.5 bets half the time where Loki-1 bets for sure from 0.5."""

ArrayLike = Union[float, int, bool, np.ndarray, 'list[float]']
"""A number, or numbers one per row (broadcast together)."""


def ramp(value: ArrayLike, threshold: ArrayLike, width: float) -> np.ndarray:
    """The chance that ``value >= threshold`` when the threshold is smoothed over ``threshold +- width``: 0 below
    ``threshold - width``, 1 from ``threshold + width``, linear between (a step, ``value >= threshold``, when
    ``width`` is below 1e-9, where a ramp is a step for any figure a bet can give).

    >>> ramp([0.3, 0.45, 0.5, 0.7], 0.5, 0.1).round(3).tolist()
    [0.0, 0.25, 0.5, 1.0]
    """
    value, threshold = np.asarray(value, dtype=float), np.asarray(threshold, dtype=float)
    if width < 1e-9:
        return (value >= threshold).astype(float)
    return np.asarray(np.clip((value - threshold + width) / (2 * width), 0.0, 1.0))


_LIMITS: dict[str, tuple[float, float, bool]] = {
    'strength': (0.0, 1.0, False), 'potential': (0.0, 1.0, False), 'chance': (0.0, 1.0, False),
    'hs_n': (0.0, 1.0, False), 'opponents': (1, MAX_OPPONENTS, True), 'board_cards': (3, 5, True),
    'pot': (0.0, 1e300, False), 'to_call': (0.0, 1e300, False), 'bet_size': (1e-300, 1e300, False),
    'bets': (0, 10 ** 9, True), 'called': (0, 1, True), 'make1': (-1.0, 2.0, False), 'make2': (-1.0, 2.0, False),
    'bet_behind': (0.0, 1.0, False), 'follow_through': (0, 1, True),
}
"""What each row argument of :meth:`TripleStrategy.triples` may hold: from, to, whole numbers only. A threshold may
lie outside the EHS' scale (from -1 to 2): one that no hand reaches, or that every hand does."""


_TRUTHS = ('called', 'follow_through')
"""The row arguments that may be truth values."""


@functools.lru_cache(maxsize=16)
def _limits(names: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray, list[bool]]:
    """The lower and upper limits of the row arguments ``names`` (:data:`_LIMITS`), and which must be whole."""
    return (np.array([_LIMITS[name][0] for name in names]), np.array([_LIMITS[name][1] for name in names]),
            [_LIMITS[name][2] for name in names])


def _read_rows(**values: object) -> list[np.ndarray]:
    """The row arguments of :meth:`TripleStrategy.triples` (by name, in order) as float arrays broadcast together,
    each within its :data:`_LIMITS` (``called`` and ``follow_through`` may be truth values), else a BettingError
    quoting the first bad one; ``to_call`` at most 1e15 bets. Float arrays and numbers are taken as they are and
    checked together (a simulation asks for thousands of rows at a time, many times a decision)."""
    arrays = []
    for name, value in values.items():
        if type(value) is np.ndarray:  # (a plain array of numbers: its numbers are checked with the others', below)
            kind = value.dtype.kind
            if value.dtype == np.float64:
                arrays.append(value)
                continue
            if kind in 'iu' or (kind == 'b' and name in _TRUTHS):
                arrays.append(value.astype(np.float64))
                continue
        elif type(value) is float or (type(value) is int and -10 ** 300 < value < 10 ** 300):
            arrays.append(np.asarray(float(value)))
            continue
        elif name in _TRUTHS and isinstance(value, (bool, np.bool_)):
            arrays.append(np.asarray(float(value)))
            continue
        arrays.append(real_array(name, value, error=BettingError))
    try:
        rows = list(np.broadcast_arrays(*arrays))
    except ValueError:
        raise BettingError(f'the rows of {", ".join(values)} must broadcast together, got shapes '
                           f'{[array.shape for array in arrays]}') from None
    if rows[0].size:
        names = tuple(values)
        lows, highs, whole = _limits(names)
        table = np.stack([row.reshape(-1) for row in rows])
        fits = (table.min(axis=1) >= lows) & (table.max(axis=1) <= highs)  # (NaN compares False: it does not fit)
        fits[whole] &= (table[whole] == np.round(table[whole])).all(axis=1)
        if not fits.all():
            name = names[int(np.argmin(fits))]
            low, high, is_whole = _LIMITS[name]
            kind = 'whole numbers' if is_whole else 'numbers'
            raise BettingError(f'{name} must hold finite {kind} from {low:g} to {high:g}, got {shown(values[name])}')
        if 'to_call' in values and 'bet_size' in values:
            to_call, bet_size = rows[names.index('to_call')], rows[names.index('bet_size')]
            if not (to_call * 1e-15 <= bet_size).all():  # (at most 1e15 bets; no product can overflow)
                raise BettingError(f'to_call {shown(values["to_call"])} is too many bets of '
                                   f'{shown(values["bet_size"])}: give the amounts in chips of one scale')
    return rows


class TripleStrategy:
    """Peña's PT generation function over the rules of a :class:`~poker.strategy.advice.LokiStrategy`.

    ``strategy`` gives the thresholds and switches (None: the plain :class:`LokiStrategy`); ``width`` the
    smoothing of every threshold (:func:`ramp`). Subclass and override :meth:`triples` to change the function:
    :meth:`triple`, :meth:`policy` and every user of PTs (Loki-2's betting, its re-weighting, its simulations)
    read it.
    """

    def __init__(self, strategy: LokiStrategy | None = None, *, width: float = DEFAULT_WIDTH) -> None:
        self.strategy = DEFAULT_STRATEGY if strategy is None else instance(
            'strategy', strategy, LokiStrategy, error=BettingError, what='a LokiStrategy')
        width = real_number('width', width, error=BettingError)
        if not 0 <= width <= 0.5:
            raise BettingError(f'width must be from 0 to 0.5, got {shown(width)}')
        self.width = width

    def __repr__(self) -> str:
        return f'{type(self).__name__}({self.strategy!r}, width={self.width!r})'

    @property
    def make1(self) -> float:
        """The strategy's Make1 threshold (EHS')."""
        return self.strategy.make1_threshold

    @property
    def make2(self) -> float:
        """The strategy's Make2 threshold (EHS')."""
        return self.strategy.make2_threshold

    def triples(self, *, strength: ArrayLike, potential: ArrayLike, chance: ArrayLike, hs_n: ArrayLike,
                opponents: ArrayLike, board_cards: ArrayLike, pot: ArrayLike, to_call: ArrayLike,
                bet_size: ArrayLike, bets: ArrayLike, called: ArrayLike = False,
                make1: ArrayLike | None = None, make2: ArrayLike | None = None, bet_behind: ArrayLike = 0.0,
                follow_through: ArrayLike = False) -> np.ndarray:
        """The PTs, one row (fold, call, raise) per row of the arguments broadcast together, after the flop.

        ``strength`` is EHS', ``potential`` the PPOT the semi-bluff weighs, ``chance`` the winning chance the pot
        odds weigh (:meth:`LokiStrategy.winning_chance <poker.strategy.advice.LokiStrategy.winning_chance>`),
        ``hs_n`` the showdown odds' HSn; ``board_cards`` 3, 4 or 5; ``pot`` the pot before acting with this
        round's bets, ``to_call``, ``bet_size``, ``bets`` the bets made this round (a blind counts), ``called``
        whether the player has called this round; ``make1`` and ``make2`` the thresholds (None: the
        strategy's); ``bet_behind`` the chance of a bet behind (the check-raise's trigger) and ``follow_through``
        whether a semi-bluff is to be followed through (both 0 by default: no check-raise, no follow-through).
        Fold is 0 when nothing is to call (a check is a call)."""
        rules = self.strategy
        width = self.width
        strength, potential, chance, hs_n, opponents, cards, pot, to_call, bet_size, bets, called, make1, make2, \
            bet_behind, follow_through = _read_rows(
                strength=strength, potential=potential, chance=chance, hs_n=hs_n, opponents=opponents,
                board_cards=board_cards, pot=pot, to_call=to_call, bet_size=bet_size, bets=bets, called=called,
                make1=self.make1 if make1 is None else make1, make2=self.make2 if make2 is None else make2,
                bet_behind=bet_behind, follow_through=follow_through)
        make2_share = ramp(strength, make2, width)
        make1_share = np.maximum(ramp(strength, make1, width), make2_share)
        facing = to_call > 0
        river = cards >= 5
        # Check-raise: with no bet yet and a bet behind likely, the Make2 share checks; else Make2 bets or raises.
        checks = (bets == 0) & (bet_behind >= rules.check_raise_chance) & rules.use_check_raise
        raise_ = np.where((bets < rules.raise_cap) & ~checks, make2_share, 0.0)
        call = make2_share - raise_
        # Make1: bets with nothing to call; else calls, unless it is 2+ bets to call, not yet called (falls through).
        make1_only = make1_share - make2_share
        opens = bets == 0
        falls = ~opens & (to_call / bet_size >= rules.make1_fold_bets - 1e-9) & (called == 0)
        raise_ = raise_ + np.where(opens, make1_only, 0.0)
        call = call + np.where(~opens & ~falls, make1_only, 0.0)
        rest = 1.0 - make1_share + np.where(falls, make1_only, 0.0)
        # Nothing to call: the semi-bluff bets a share of the rest, the others check.
        semi_odds = 2 * bet_size / (pot + 6 * bet_size)
        semi = np.where(river, 0.0, ramp(potential, semi_odds, width))
        if rules.semi_bluff_follow_through:  # a semi-bluff followed through: the rest bets
            semi = np.where((follow_through != 0) & (~river | rules.follow_through_river), 1.0, semi)
        raise_ = raise_ + np.where(facing, 0.0, rest * semi)
        call = call + np.where(facing, 0.0, rest * (1 - semi))
        # Facing a bet: pot odds, then showdown odds, call a share of the rest; the others fold.
        pot_odds = np.where(facing, to_call / np.where(facing, pot + to_call, 1.0), 0.0)
        stays = ramp(chance, pot_odds, width)
        if rules.use_showdown_odds:
            showdown = np.where(river, 0.0, ramp(hs_n, self._showdown_odds(cards, opponents, pot, to_call,
                                                                            bet_size), width))
            stays = stays + (1 - stays) * showdown
        call = call + np.where(facing, rest * stays, 0.0)
        fold = np.where(facing, rest * (1 - stays), 0.0)
        out = np.stack([fold, call, raise_], axis=-1)
        out = np.clip(out, 0.0, 1.0)
        return np.asarray(out / out.sum(axis=-1, keepdims=True))

    def showdown_odds(self, board_cards: ArrayLike, opponents: ArrayLike, pot: ArrayLike, to_call: ArrayLike,
                      bet_size: ArrayLike) -> np.ndarray:
        """:meth:`LokiStrategy.showdown_odds <poker.strategy.advice.LokiStrategy.showdown_odds>` per row (the
        arguments broadcast together, read as :meth:`triples` reads them)."""
        return self._showdown_odds(*_read_rows(board_cards=board_cards, opponents=opponents, pot=pot, to_call=to_call,
                                               bet_size=bet_size))

    def _showdown_odds(self, board_cards: np.ndarray, opponents: np.ndarray, pot: np.ndarray, to_call: np.ndarray,
                       bet_size: np.ndarray) -> np.ndarray:
        """:meth:`showdown_odds` of rows read."""
        return _showdown_odds_rows(board_cards, opponents, pot, to_call, bet_size,
                                  big_bet_ratio=self.strategy.big_bet_ratio)

    def triple(self, stats: HandStatistics, situation: Situation, *, make1: float | None = None,
               make2: float | None = None) -> np.ndarray:
        """The PT (fold, call, raise) of one hand after the flop: :meth:`triples` on its statistics.

        >>> from poker.cards.card import parse_cards
        >>> draw = HandStatistics(hs=0.3, hs_n=0.3, ppot=0.3, npot=0.1, ahead=3, tied=0, behind=7,
        ...                       lookahead=1, board=tuple(parse_cards('9h 8h 2c')))
        >>> TripleStrategy().triple(draw, Situation(pot=10, to_call=0, bet_size=2)).round(3).tolist()
        [0.0, 0.0, 1.0]
        """
        stats = instance('stats', stats, HandStatistics, error=BettingError, what='HandStatistics')
        situation = instance('situation', situation, Situation, error=BettingError, what='a Situation')
        make1 = None if make1 is None else real_number('make1', make1, error=BettingError)
        make2 = None if make2 is None else real_number('make2', make2, error=BettingError)
        if not stats.board:
            raise BettingError('a probability triple is for after the flop (Loki-2 plays the pre-flop as Loki-1)')
        chance, _ = self.strategy.winning_chance(stats)
        row = self.triples(strength=stats.ehs_prime, potential=stats.ppot, chance=chance, hs_n=stats.hs_n,
                           opponents=stats.opponents, board_cards=len(stats.board), pot=situation.pot,
                           to_call=situation.to_call, bet_size=situation.bet_size, bets=situation.bets,
                           called=situation.called_this_round, make1=make1, make2=make2,
                           bet_behind=situation.bet_behind, follow_through=situation.follow_through)
        return np.asarray(row.reshape(3))

    def policy(self, table: HoldingStatistics, situation: Situation) -> Policy:
        """The PT of every holding (:meth:`triples` on the arrays of ``table``) as a
        :class:`~poker.strategy.policy.Policy`; 0 on the holdings not possible."""
        table = instance('table', table, HoldingStatistics, error=BettingError, what='HoldingStatistics')
        situation = instance('situation', situation, Situation, error=BettingError, what='a Situation')
        if not table.board:
            raise BettingError('a probability triple is for after the flop (Loki-2 plays the pre-flop as Loki-1)')
        cards = len(table.board)
        if cards == 5:
            chance = table.hs_n
        elif cards == 3 and table.lookahead == 2 and self.strategy.flop_pot_odds_lookahead == 1 \
                and table.next_card_ppot is not None:
            chance = table.next_card_ppot
        else:
            chance = table.ppot
        rows = self.triples(strength=table.ehs_prime, potential=table.ppot, chance=chance, hs_n=table.hs_n,
                            opponents=table.opponents, board_cards=cards, pot=situation.pot,
                            to_call=situation.to_call, bet_size=situation.bet_size, bets=situation.bets,
                            called=situation.called_this_round, bet_behind=situation.bet_behind,
                            follow_through=situation.follow_through)
        return Policy(np.where(table.possible[:, None], rows, 0.0), table.possible)
