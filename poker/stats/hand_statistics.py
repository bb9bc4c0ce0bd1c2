"""The result of :meth:`Player.calculate_hand_statistics`: Loki's numbers for one hand at one moment.

Definitions (Papp 1998, chapters 5 and 6), with ``A``, ``T``, ``B`` for ahead, tied and behind:

* ``hs = (A + T/2) / (A + T + B)`` over the opponent's holdings, each weighted;
* ``hs_n = hs ** opponents`` (eq. 5.3), or the product of per-opponent ``hs`` (eq. 5.4);
* ``ppot = (T[B][A] + T[B][T]/2 + T[T][A]/2) / (S[B] + S[T]/2)`` and
  ``npot = (T[A][B] + T[A][T]/2 + T[T][B]/2) / (S[A] + S[T]/2)``, ``T`` the transition counts now -> later,
  ``S`` its row sums;
* ``ehs = hs_n + (1 - hs_n) * ppot - hs_n * npot`` and ``ehs_prime = hs_n + (1 - hs_n) * ppot`` (eq. 6.3, 6.4).

Before the flop, ``hs`` is the exact all-in equity, ``ppot = npot = 0`` and ``ehs = hs_n``.

>>> stats = HandStatistics.from_counts(ahead=3, tied=2, behind=5)
>>> stats.hs, stats.win_probability, stats.tie_probability
(0.4, 0.3, 0.2)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable

from attrs import asdict, field, frozen

from ..cards.card import Card, format_cards
from ..cards.card_inputs import CardsLike, check_off_board, read_cards
from ..cards.holdings import HOLDING_COUNT
from ..cards.income_rates import MAX_OPPONENTS, read_opponents
from ..errors import LookaheadError, SettingError
from ..kernel.outcomes import AHEAD, BEHIND, TIED
from ..validators import amount, flag, is_items, reading, share, shown, whole_number

__all__ = ['HandStatistics', 'potentials']

Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]
_ZERO: Matrix = ((0.0, 0.0, 0.0), (0.0, 0.0, 0.0), (0.0, 0.0, 0.0))


_set = object.__setattr__


def _matrix(value: Iterable[Iterable[float]]) -> Matrix:
    """A 3x3 matrix of finite counts of at least 0, as floats, else a SettingError quoting it."""
    try:
        rows = tuple(tuple(row) for row in value) if not isinstance(value, (str, bytes)) else ()
    except TypeError:  # not rows of numbers
        rows = ()
    if len(rows) != 3 or any(len(row) != 3 for row in rows):
        raise SettingError(f'transitions must be 3x3 counts, got {shown(value)}')
    if all(type(x) is float and 0 <= x < math.inf for row in rows for x in row):  # read already: as it is
        return rows  # type: ignore[return-value]
    return tuple(tuple(amount('a transition count', x, error=SettingError) for x in row)  # type: ignore[return-value]
                 for row in rows)


def _floats(values: Iterable[float]) -> tuple[float, ...]:
    """Per-opponent hand strengths: shares from 0 to 1, as floats."""
    items = tuple(itertools.islice(values, MAX_OPPONENTS + 1)) if is_items(values) else None
    if items is None or len(items) > MAX_OPPONENTS:
        raise SettingError(f'opponent_hs must be a list of at most {MAX_OPPONENTS} hand strengths (one per opponent), '
                           f'got {shown(values)}')
    return tuple(share('an opponent\'s hs', value) for value in items)


def potentials(transitions: Matrix) -> tuple[float, float]:
    """``(ppot, npot)`` from a 3x3 transition matrix (rows now, columns later: ahead, tied, behind).

    >>> potentials(((8, 0, 2), (0, 0, 0), (3, 0, 7)))
    (0.3, 0.2)
    """
    t = transitions
    sums = [sum(row) for row in t]
    ppot_den = sums[BEHIND] + sums[TIED] / 2
    npot_den = sums[AHEAD] + sums[TIED] / 2
    ppot = (t[BEHIND][AHEAD] + t[BEHIND][TIED] / 2 + t[TIED][AHEAD] / 2) / ppot_den if ppot_den > 0 else 0.0
    npot = (t[AHEAD][BEHIND] + t[AHEAD][TIED] / 2 + t[TIED][BEHIND] / 2) / npot_den if npot_den > 0 else 0.0
    return ppot, npot


@frozen
class HandStatistics:
    """HS, HSn, PPOT, NPOT, EHS and EHS' of one hand, with the counts behind them.

    ``ahead``, ``tied`` and ``behind`` are the weighted opponent holdings now (before the flop: the
    weighted showdowns won, split and lost). ``holdings`` is the number of opponent holdings counted
    (non-zero weight, no known card), ``runouts`` the number of board completions per holding that the
    potentials enumerate. ``exact`` is False only where a figure was sampled; then ``standard_error`` is
    that of ``hs``. ``opponent_hs`` holds each opponent's ``hs`` when every opponent has a weight set of
    its own (then ``hs_n`` is their product); it is empty for one weight set. ``next_card_ppot`` is PPOT one
    card ahead, against the same weights, beside a ``ppot`` that looks two cards ahead (on the flop): Loki's
    pot-odds rule weighs the next card (Papp 6.5), and a :class:`~poker.players.loki.LokiPlayer` fills it when
    the decision reaches that rule; None when not computed.
    """

    hs: float = field(converter=reading(share))  # type: ignore[misc]
    hs_n: float = field(converter=reading(share))  # type: ignore[misc]
    ppot: float = field(converter=reading(share))  # type: ignore[misc]
    npot: float = field(converter=reading(share))  # type: ignore[misc]
    ahead: float = field(converter=reading(amount, error=SettingError))  # type: ignore[misc]
    tied: float = field(converter=reading(amount, error=SettingError))  # type: ignore[misc]
    behind: float = field(converter=reading(amount, error=SettingError))  # type: ignore[misc]
    opponents: int = field(default=1, converter=read_opponents)
    lookahead: int = field(default=0, converter=reading(  # type: ignore[misc]
        whole_number, maximum=2, error=LookaheadError))
    transitions: Matrix = field(default=_ZERO, converter=_matrix)
    holdings: int = field(default=0, converter=reading(whole_number, maximum=HOLDING_COUNT))  # type: ignore[misc]
    runouts: int = field(default=0, converter=reading(whole_number, maximum=10 ** 12))  # type: ignore[misc]
    hole: tuple[Card, ...] = field(default=(), converter=read_cards)
    board: tuple[Card, ...] = field(default=(), converter=read_cards)
    income_rate: int | None = field(default=None, converter=reading(  # type: ignore[misc]
        whole_number, minimum=-10 ** 6, maximum=10 ** 6, error=SettingError, optional=True))
    exact: bool = field(default=True, converter=reading(flag))  # type: ignore[misc]
    standard_error: float = field(default=0.0, converter=reading(amount, error=SettingError))  # type: ignore[misc]
    opponent_hs: tuple[float, ...] = field(default=(), converter=_floats)
    next_card_ppot: float | None = field(default=None, converter=reading(share, optional=True))  # type: ignore[misc]

    def __attrs_post_init__(self) -> None:
        """Each field is read on its own (the first bad one raising its PokerError, a number held as the float or
        int it reads as: a Fraction or a NumPy number given is a float in the record, its repr and its JSON); then
        the fields are checked together."""
        if self.board and self.lookahead > 5 - len(self.board):  # a look-ahead its board has no room for
            raise LookaheadError(f'lookahead must be at most {5 - len(self.board)} on a board of '
                                 f'{len(self.board)} cards, got {shown(self.lookahead)}')
        check_off_board((card.index for card in self.hole), (card.index for card in self.board), self.hole,
                        self.board)
        if self.next_card_ppot is not None and self.lookahead != 2:
            raise LookaheadError(f'next_card_ppot goes beside a PPOT two cards ahead (lookahead 2), got '
                                 f'lookahead {shown(self.lookahead)}: with one card ahead it is ppot')

    @classmethod
    def from_counts(cls, ahead: float, tied: float, behind: float, *, opponents: int = 1,
                    transitions: Matrix = _ZERO, lookahead: int = 0, holdings: int = 0, runouts: int = 0,
                    hole: CardsLike = (), board: CardsLike = (), income_rate: int | None = None,
                    exact: bool = True, standard_error: float = 0.0) -> HandStatistics:
        """Build the statistics from weighted counts, with the formulas above (one opponent weight set); the
        other arguments are the fields of the same name."""
        for name, count in (('ahead', ahead), ('tied', tied), ('behind', behind)):
            amount(name, count, error=SettingError)  # (the counts are kept as given: whole counts stay whole)
        opponents = read_opponents(opponents)
        lookahead = whole_number('lookahead', lookahead, maximum=2, error=LookaheadError)
        transitions = _matrix(transitions)
        total = ahead + tied + behind
        hs = (ahead + tied / 2) / total if total > 0 else 0.0
        ppot, npot = potentials(transitions) if lookahead else (0.0, 0.0)
        return cls(hs=hs, hs_n=hs ** opponents, ppot=ppot, npot=npot, ahead=ahead, tied=tied, behind=behind,
                   opponents=opponents, lookahead=lookahead, transitions=transitions, holdings=holdings,
                   runouts=runouts, hole=hole, board=board, income_rate=income_rate, exact=exact,
                   standard_error=standard_error)

    @classmethod
    def _from_read_counts(cls, now: list[float], transitions: list[list[float]], *, opponents: int, lookahead: int,
                          holdings: int, runouts: int, hole: tuple[Card, ...], board: tuple[Card, ...],
                          opponent_hs: list[float] | None = None) -> HandStatistics:
        """:meth:`from_counts` of values an engine read and computed already (float counts of at least 0, a whole
        number of opponents and a look-ahead the board allows, distinct cards): the same record, its fields set as
        they are, nothing read again. With ``opponent_hs`` (each opponent's ``hs``, from counts of their own),
        ``hs_n`` is their product rather than ``hs ** opponents``. For the engines of this wing only."""
        ahead, tied, behind = now
        matrix: Matrix = (tuple(transitions[0]), tuple(transitions[1]), tuple(transitions[2]))  # type: ignore[assignment]
        total = ahead + tied + behind
        hs = (ahead + tied / 2) / total if total > 0 else 0.0
        hs_n = hs ** opponents if opponent_hs is None else math.prod(opponent_hs)
        ppot, npot = potentials(matrix) if lookahead else (0.0, 0.0)
        record = object.__new__(cls)
        for name, value in (('hs', hs), ('hs_n', hs_n), ('ppot', ppot), ('npot', npot), ('ahead', ahead),
                            ('tied', tied), ('behind', behind), ('opponents', opponents), ('lookahead', lookahead),
                            ('transitions', matrix), ('holdings', holdings), ('runouts', runouts), ('hole', hole),
                            ('board', board), ('income_rate', None), ('exact', True), ('standard_error', 0.0),
                            ('opponent_hs', () if opponent_hs is None else tuple(opponent_hs)),
                            ('next_card_ppot', None)):
            _set(record, name, value)
        return record

    def __repr__(self) -> str:
        """A one-line summary: the hand, the board and the figures, to three places (the fields hold them
        exactly).

        >>> HandStatistics.from_counts(3, 2, 5, lookahead=1, transitions=((2, 0, 1), (0, 1, 1), (1, 1, 3)),
        ...                            hole='Ah Kd', board='Qh 7h 2c 9s')
        <HandStatistics Ah Kd on Qh 7h 2c 9s: hs=0.400, ppot=0.250, npot=0.375, ehs=0.400>
        """
        hand = f' {format_cards(self.hole)}' if self.hole else ''
        board = f' on {format_cards(self.board)}' if self.board else ''
        hs_n = f', hs_n={self.hs_n:.3f}' if self.opponents > 1 else ''
        sampled = f', sampled (standard error {self.standard_error:.3f})' if not self.exact else ''
        return (f'<{type(self).__name__}{hand}{board}: hs={self.hs:.3f}{hs_n}, ppot={self.ppot:.3f}, '
                f'npot={self.npot:.3f}, ehs={self.ehs:.3f}{sampled}>')

    def _repr_html_(self) -> str:
        """Two small tables, as a notebook shows them: the figures (HS, HSn against several opponents, PPOT,
        NPOT, EHS, EHS'), then the weighted opponent holdings: with a look-ahead, the 3x3 transitions (a row for
        now ahead, tied and behind, a column for the same after the runouts, and each row's total); without, the
        counts now (before the flop: the showdowns won, split and lost)."""
        from ..markup import html_table, quantity  # (tables are for notebooks: the statistics do not import them)

        hand = format_cards(self.hole) if self.hole else 'hand'
        board = f' on {format_cards(self.board)}' if self.board else ' before the flop'
        players = f'{self.opponents} opponent' + ('s' if self.opponents > 1 else '')
        sampled = f', sampled (standard error of HS {self.standard_error:.4f})' if not self.exact else ''
        names = ['HS', *(['HSn'] if self.opponents > 1 else []), 'PPOT', 'NPOT', 'EHS', "EHS'"]
        figures = [self.hs, *([self.hs_n] if self.opponents > 1 else []), self.ppot, self.npot, self.ehs,
                   self.ehs_prime]
        first = html_table(['', *names], [[hand, *(f'{value:.4f}' for value in figures)]],
                           caption=f'{hand}{board}, {players}, look-ahead {self.lookahead}{sampled}')
        outcomes = ('ahead', 'tied', 'behind')
        if self.lookahead:
            second = html_table(
                ['now \\ after', *outcomes, 'total'],
                [[name, *(quantity(count) for count in row), quantity(sum(row))]
                 for name, row in zip(outcomes, self.transitions)],
                caption=f'opponent holdings ({self.holdings:,}) by runout ({self.runouts:,} each), weighted: '
                        'rows now, columns after')
        else:
            second = html_table(['', *outcomes], [['now', *(quantity(count) for count in
                                                          (self.ahead, self.tied, self.behind))]],
                                caption=f'opponent holdings ({self.holdings:,}), weighted' if self.board
                                else f'showdowns against {self.holdings:,} opponent holdings, weighted')
        return f'<div>{first}{second}</div>'

    @property
    def ehs(self) -> float:
        """Effective hand strength, ``hs_n + (1 - hs_n)*ppot - hs_n*npot`` (Papp eq. 6.3)."""
        return self.hs_n + (1 - self.hs_n) * self.ppot - self.hs_n * self.npot

    @property
    def ehs_prime(self) -> float:
        """EHS', the optimistic form without NPOT, ``hs_n + (1 - hs_n)*ppot`` (Papp eq. 6.4)."""
        return self.hs_n + (1 - self.hs_n) * self.ppot

    @property
    def total(self) -> float:
        """``ahead + tied + behind``: the (weighted) count of opponent holdings, or 1 when those are shares."""
        return self.ahead + self.tied + self.behind

    @property
    def win_probability(self) -> float:
        """The weighted share of holdings we beat now (of showdowns won, before the flop)."""
        return self.ahead / self.total if self.total else 0.0

    @property
    def tie_probability(self) -> float:
        """The weighted share of holdings we tie now."""
        return self.tied / self.total if self.total else 0.0

    @property
    def loss_probability(self) -> float:
        """The weighted share of holdings that beat us now."""
        return self.behind / self.total if self.total else 0.0

    def to_dict(self) -> dict[str, object]:
        """Everything as plain JSON-ready data (cards as text, EHS and EHS' included)."""
        data = asdict(self, recurse=False)
        data['hole'] = [str(c) for c in self.hole]
        data['board'] = [str(c) for c in self.board]
        data['transitions'] = [list(row) for row in self.transitions]
        data['ehs'] = self.ehs
        data['ehs_prime'] = self.ehs_prime
        return data
