"""A seat's policy: what it would do with each of the 1,326 holdings at one decision, in one value.

A :class:`Policy` holds a (1326, 3) array of probabilities, one row per holding in
``itertools.combinations(range(52), 2)`` order (:data:`~poker.cards.holdings.HOLDINGS`), one column per
:data:`COLUMNS`: fold, call, raise, and the mask of the holdings possible at that decision (those without a
board card). The columns follow :class:`~poker.table.records.Decision` and :class:`~poker.strategy.actions.Action`
as the table reads them: **fold** is a request to fold, which the table plays as a check when checking is free
(a seat that checks on purpose, as Loki does, puts that in **call**); **call** is a call, or a check when
nothing is to call; **raise** is a bet or a raise (a call when the betting is capped). A possible holding's
row sums to 1; an impossible holding's row is all 0.

>>> from poker.cards.holdings import HOLDING_COUNT
>>> columns = np.full(HOLDING_COUNT, RAISE, dtype=np.int8)
>>> columns[known_holdings([0])] = -1                   # every holding with the 2c is impossible
>>> policy = Policy.from_columns(columns)
>>> policy
<Policy: 1275 holdings possible, fold 0.000, call 0.000, raise 1.000>
>>> policy.at('Ah Kd').tolist(), policy.action_at('Ah Kd')
([0.0, 0.0, 1.0], 'raise')
>>> policy.at('2c 2d')
Traceback (most recent call last):
...
poker.errors.BettingError: holding 2d 2c is not possible in this policy (it touches a known card)
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from attrs import field, frozen

from ..cards.card import Card, format_cards
from ..cards.card_inputs import CardsLike, HoleLike, read_board, read_hole, read_hole_cards
from ..cards.holdings import HOLDING_COUNT, NUMBER_OF_PAIR
from ..cards.income_rates import read_opponents
from ..cards.starting_hand import StartingHand
from ..errors import BettingError
from ..ranges.weights import known_holdings
from ..stats.hand_statistics import HandStatistics
from ..stats.range_stats import RangeStatistics
from ..validators import ARRAY_VALUE, instance, integer_array, reading, real_array, shown, whole_number
from .actions import Action

__all__ = ['CALL', 'COLUMNS', 'FOLD', 'RAISE', 'HoldingStatistics', 'Policy', 'column_of', 'read_row']

FOLD, CALL, RAISE = 0, 1, 2
"""The columns of a policy."""
COLUMNS: tuple[Action, Action, Action] = (Action.FOLD, Action.CALL, Action.RAISE)
"""The action each column asks for (the table turns it into the legal one: a check when it is free)."""
_COLUMN_OF = {Action.FOLD: FOLD, Action.CHECK: CALL, Action.CALL: CALL, Action.BET: RAISE, Action.RAISE: RAISE}


def column_of(action: Action | str) -> int:
    """The policy column of an action: fold 0; check or call 1; bet or raise 2.

    >>> column_of('check'), column_of(Action.BET)
    (1, 2)
    """
    return _COLUMN_OF[Action(action)]


def _probabilities(value: object) -> np.ndarray:
    array = real_array('probabilities', value, shape=(HOLDING_COUNT, 3), error=BettingError)
    array.flags.writeable = False
    return array


def _strengths(value: object) -> np.ndarray:
    array = real_array('a statistic of every holding', value, shape=(HOLDING_COUNT,), error=BettingError)
    array.flags.writeable = False
    return array


def _optional_strengths(value: object) -> np.ndarray | None:
    return None if value is None else _strengths(value)


def _possible(value: object) -> np.ndarray:
    if not isinstance(value, np.ndarray) or value.dtype != np.bool_ or value.shape != (HOLDING_COUNT,):
        raise BettingError(f'possible must be an array of 1,326 booleans, got {shown(value)}')
    array = value.copy()
    array.flags.writeable = False
    return array


def read_row(row: object) -> tuple[float, float, float]:
    """A policy's row: three probabilities (fold, call, raise) that sum to 1 within 1e-9, else a
    :class:`~poker.errors.BettingError` quoting it.

    >>> read_row(np.array([0.0, 0.1, 0.9]))
    (0.0, 0.1, 0.9)
    """
    if type(row) is np.ndarray and row.dtype == np.float64 and row.shape == (3,):
        values = row.tolist()  # (a policy's own row, the common case: three floats checked in Python, not NumPy)
    else:
        values = real_array('row', row, shape=(3,), error=BettingError).tolist()
    fold, call, raise_ = values
    if not (0 <= fold <= 1 and 0 <= call <= 1 and 0 <= raise_ <= 1 and abs(fold + call + raise_ - 1) <= 1e-9):
        raise BettingError(f'row must be three probabilities (fold, call, raise) that sum to 1, got {shown(row)}')
    return fold, call, raise_


@frozen
class Policy:
    """The probabilities of fold, call and raise (:data:`COLUMNS`) for every holding at one decision, and the mask
    of the holdings possible there (see the module notes for what each column means).

    Both arrays are read-only. A possible holding's row is a probability distribution (each entry in [0, 1], the
    sum within 1e-9 of 1); an impossible holding's row is all 0; anything else is a
    :class:`~poker.errors.BettingError`. Two policies are equal when both arrays are (shape, dtype and entries:
    :func:`~poker.validators.same_array`), and equal policies hash equal.
    """

    probabilities: np.ndarray = field(eq=ARRAY_VALUE, hash=False, converter=_probabilities, repr=False)
    possible: np.ndarray = field(eq=ARRAY_VALUE, hash=False, converter=_possible, repr=False)

    def __attrs_post_init__(self) -> None:
        rows, possible = self.probabilities, self.possible
        if not possible.any():
            raise BettingError('a policy needs at least one possible holding')
        if (rows < 0).any() or (rows > 1).any():
            raise BettingError('probabilities must be from 0 to 1')
        if not np.all(np.abs(rows[possible].sum(axis=1) - 1) <= 1e-9):
            raise BettingError('the row of each possible holding must sum to 1')
        if rows[~possible].any():
            raise BettingError('the row of each impossible holding must be all 0')

    @classmethod
    def from_columns(cls, columns: np.ndarray) -> Policy:
        """The policy that takes one action for sure with each holding: ``columns`` holds each holding's column
        (:data:`FOLD`, :data:`CALL` or :data:`RAISE`), -1 for an impossible holding."""
        columns = integer_array('columns', columns, ndim=1, error=BettingError)
        if columns.shape != (HOLDING_COUNT,) or not ((columns >= -1) & (columns <= RAISE)).all():
            raise BettingError(f'columns must be 1,326 of -1, 0, 1 or 2, got {shown(columns)}')
        possible = columns >= 0
        if not possible.any():
            raise BettingError('a policy needs at least one possible holding')
        rows = np.zeros((HOLDING_COUNT, 3))
        rows[np.flatnonzero(possible), columns[possible]] = 1.0
        return cls._read(rows, possible)

    @classmethod
    def everywhere(cls, board: CardsLike, probabilities: tuple[float, float, float]) -> Policy:
        """The policy that plays ``probabilities`` (fold, call, raise) with every holding possible on ``board``.

        >>> Policy.everywhere('Ah Kd 7c', (0.0, 0.25, 0.75))
        <Policy: 1176 holdings possible, fold 0.000, call 0.250, raise 0.750>
        """
        row = read_row(probabilities)
        possible = ~known_holdings(card.index for card in read_board(board))
        rows = np.zeros((HOLDING_COUNT, 3))
        rows[possible] = row
        return cls._read(rows, possible)

    @classmethod
    def _read(cls, rows: np.ndarray, possible: np.ndarray) -> Policy:
        """A policy of arrays this module made from inputs it has read (the rows and mask are right by
        construction): the fields set as they are, made read-only, without reading them again."""
        policy = cls.__new__(cls)
        rows.flags.writeable = False
        possible.flags.writeable = False
        object.__setattr__(policy, 'probabilities', rows)
        object.__setattr__(policy, 'possible', possible)
        return policy

    def at(self, holding: HoleLike) -> np.ndarray:
        """The (fold, call, raise) probabilities of one holding (read-only); a holding that is not possible is a
        :class:`~poker.errors.BettingError`."""
        first, second = read_hole_cards(holding)  # (two distinct cards, as a view holds them: read at once)
        index = NUMBER_OF_PAIR[first.index][second.index]
        if not self.possible[index]:
            raise BettingError(f'holding {format_cards(read_hole(holding).cards)} is not possible in this policy (it touches a known '
                               'card)')
        row: np.ndarray = self.probabilities[index]
        return row

    def action_at(self, holding: HoleLike) -> Action:
        """The action a holding takes for sure (:data:`COLUMNS`), else a :class:`~poker.errors.BettingError`
        (the row is a mixture: sample it)."""
        row = self.at(holding)
        certain = np.flatnonzero(row == 1.0)
        if len(certain) != 1:
            raise BettingError(f'holding {format_cards(read_hole(holding).cards)} mixes its actions {shown(row.tolist())}: sample it')
        return COLUMNS[int(certain[0])]

    def shares(self) -> tuple[float, float, float]:
        """The mean probability of each column over the possible holdings (each holding counted once)."""
        fold, call, raise_ = self.probabilities[self.possible].mean(axis=0).tolist()
        return fold, call, raise_

    def __repr__(self) -> str:
        fold, call, raise_ = self.shares()
        return (f'<{type(self).__name__}: {int(self.possible.sum())} holdings possible, fold {fold:.3f}, '
                f'call {call:.3f}, raise {raise_:.3f}>')


def _callable(value: object) -> Callable[[int], HandStatistics]:
    if not callable(value):
        raise BettingError(f'statistics must be a function of a holding index, got {shown(value)}')
    return value


@frozen
class HoldingStatistics:
    """Loki's statistics of every holding at one decision, as arrays over the 1,326 holdings (0 where a holding
    is not :attr:`possible`): what :meth:`LokiStrategy.policy <poker.strategy.advice.LokiStrategy.policy>` reads.

    ``hs_n`` and ``ppot`` are those of :class:`~poker.stats.hand_statistics.HandStatistics`, exactly (EHS' is
    computed from them as :attr:`HandStatistics.ehs_prime <poker.stats.hand_statistics.HandStatistics.ehs_prime>`
    does); ``next_card_ppot`` the PPOT one card ahead on the flop (None when not computed); ``statistics`` gives
    one holding's :class:`~poker.stats.hand_statistics.HandStatistics` (by holding index) for a rule that a
    strategy's subclass overrides, which is asked holding by holding. Build one with
    :meth:`from_range_statistics`. Two compare by their arrays (:func:`~poker.validators.same_array`) and numbers;
    ``statistics``, a function, is not compared.
    """

    hs_n: np.ndarray = field(eq=ARRAY_VALUE, hash=False, converter=_strengths, repr=False)
    ppot: np.ndarray = field(eq=ARRAY_VALUE, hash=False, converter=_strengths, repr=False)
    possible: np.ndarray = field(eq=ARRAY_VALUE, hash=False, converter=_possible, repr=False)
    board: tuple[Card, ...] = field(converter=read_board)
    lookahead: int = field(converter=reading(whole_number, maximum=2))  # type: ignore[misc]
    opponents: int = field(converter=read_opponents)
    statistics: Callable[[int], HandStatistics] = field(eq=False, repr=False, converter=_callable)
    next_card_ppot: np.ndarray | None = field(default=None, eq=ARRAY_VALUE, hash=False, repr=False,
                                              converter=_optional_strengths)

    @classmethod
    def from_range_statistics(cls, stats: RangeStatistics, next_card: RangeStatistics | None = None) \
            -> HoldingStatistics:
        """The arrays of a :func:`~poker.stats.range_stats.range_statistics` answer for every hero holding (and the
        PPOT of one with ``lookahead=1`` on the same board, as ``next_card``), with the same numbers
        :meth:`RangeStatistics.for_holding <poker.stats.range_stats.RangeStatistics.for_holding>` gives."""
        stats = instance('stats', stats, RangeStatistics, error=BettingError, what='RangeStatistics')
        if next_card is not None:
            next_card = instance('next_card', next_card, RangeStatistics, error=BettingError, what='RangeStatistics')
        holdings = np.asarray(stats.holdings, dtype=np.intp)
        ahead, tied, behind = stats.ahead, stats.tied, stats.behind
        total = ahead + tied + behind
        hs = np.where(total > 0, (ahead + tied / 2) / np.where(total > 0, total, 1.0), 0.0)
        opponents = stats.opponents
        hs_n = np.zeros(HOLDING_COUNT)
        hs_n[holdings] = [value ** opponents for value in hs.tolist()]  # (as Python raises a float: exactly)
        ppot = np.zeros(HOLDING_COUNT)
        ppot[holdings] = stats.ppot
        possible = np.zeros(HOLDING_COUNT, dtype=bool)
        possible[holdings] = True
        ahead_card = None
        if next_card is not None:
            ahead_card = np.zeros(HOLDING_COUNT)
            ahead_card[np.asarray(next_card.holdings, dtype=np.intp)] = next_card.ppot

        def one(index: int) -> HandStatistics:
            return stats.for_holding(StartingHand.from_holding_index(index))
        return cls(hs_n, ppot, possible, stats.board, stats.lookahead, opponents, one, ahead_card)

    @property
    def ehs_prime(self) -> np.ndarray:
        """``hs_n + (1 - hs_n) * ppot`` (Papp eq. 6.4) for every holding."""
        return np.asarray(self.hs_n + (1 - self.hs_n) * self.ppot)
