"""Kelly bet sizing after Cassandra: the fraction of the bankroll that maximises expected log wealth.

The model (W. B. Gray's *Cassandra*): the player bets a fraction ``x`` of the bankroll and each of the ``n``
opponents still in matches it. ``win`` and ``split`` are the chances of beating and of tying *one*
opponent; the opponents are taken as independent, so the player beats ``i`` of them and splits with the
other ``n - i`` with probability ``P_i = C(n, i) win**i split**(n - i)``, and loses to at least one with
``q = 1 - (win + split)**n``. The pot then holds ``(1 + n)x`` plus the ``retained_pot`` ``R`` already won back
if the player wins (a fraction of the bankroll), shared among the ``1 + (n - i)`` players who tie, so the
wealth after the hand is ``1 + ((1 + n)x + R) / (1 + n - i) - x`` (``1 + z_i x`` in Cassandra's terms, with
``z_i = (1 + n + R/x) / (1 + n - i) - 1``) or ``1 - x``. The Kelly fraction maximises the expected log of it,

    g(x) = sum_i P_i log(1 + a_i x + b_i) + q log(1 - x),   a_i = i / (1 + n - i),  b_i = R / (1 + n - i).

``g`` is concave, so the answer is 0 when ``g'(0) <= 0`` (no positive edge), 1 when the player cannot lose
(``q = 0``) and can win something, and otherwise the one root of

    g'(x) = sum_i P_i a_i / (1 + a_i x + b_i) - q / (1 - x)

on (0, 1), found here by bisection to the last bit of a float. Heads-up with nothing retained it is the
textbook ``x = (p_win - p_lose) / (p_win + p_lose)``; a split then neither wins nor loses anything.

Cassandra's root function put ``z_i`` where the derivative needs ``a_i``; the two agree only when nothing is
retained. This module maximises the objective above exactly (the tests check it against a brute-force
search over a grid).

Known weak points of the model, kept here because they are Cassandra's:

* it assumes every opponent still in matches the bet and goes to the showdown; nobody folds, nobody raises;
* its multiway chances are estimates: the opponents' hands are treated as independent draws with the same
  ``win``/``split`` against each, though they share one deck (and a weighted range is not independent
  either);
* the player keeps the claim on the retained pot even when betting nothing (as if checking to the
  showdown), so a bigger pot *lowers* the suggestion: log wealth is already higher in the winning states.
  Whether calling is worth the price is a pot-odds question, answered by :mod:`poker.strategy.advice`, not by this.

How the suggestion moves (AA's exact preflop numbers; more opponents or a bigger pot both mean less):

>>> win, split = 1_781_508_418 / 2_097_572_400, 11_402_312 / 2_097_572_400
>>> round(kelly_fraction(win, split), 7)
0.7079225
>>> [round(kelly_fraction(win, split, opponents=n), 4) for n in (1, 2, 3)]
[0.7079, 0.5937, 0.4967]
>>> [round(kelly_fraction(win, split, retained_pot=r), 4) for r in (0.0, 0.5, 1.0)]
[0.7079, 0.6349, 0.5619]
>>> kelly_fraction(0.4, 0.1)
0.0
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..cards.income_rates import read_opponents
from ..errors import BettingError
from ..kernel.outcomes import AHEAD, BEHIND, TIED
from ..stats.hand_statistics import HandStatistics
from ..validators import amount, probability, shown, whole_number
from .actions import Action

__all__ = ['kelly_action', 'kelly_bet', 'kelly_fraction', 'kelly_growth', 'showdown_probabilities']

EDGE_TOLERANCE = 1e-12
"""A slope ``g'(0)`` this small is no edge: it is rounding (``1 - 0.45 - 0.1`` is not quite ``0.45``)."""

Outcome = tuple[float, float, float]
"""``(P_i, a_i, b_i)``: the chance of beating ``i`` opponents and tying the rest, and the wealth line."""


def _read_probabilities(win: float, split: float) -> tuple[float, float]:
    """``win`` and ``split`` as Python floats (a float32 would overflow in the sums), checked."""
    win, split = probability('win', win), probability('split', split)
    if win + split > 1 + 1e-12:
        raise BettingError(f'win + split must be at most 1, got {shown(win)} + {shown(split)}')
    return win, split


def _outcomes(win: float, split: float, opponents: int, retained_pot: float) -> tuple[list[Outcome], float]:
    """The non-losing outcomes ``(P_i, a_i, b_i)`` for ``i = 0..n`` and the chance ``q`` of losing."""
    win, split = _read_probabilities(win, split)
    n = read_opponents(opponents)
    r = amount('retained_pot', retained_pot)
    outcomes = [(math.comb(n, i) * win ** i * split ** (n - i), i / (1 + n - i), r / (1 + n - i))
                for i in range(n + 1)]
    lose = 1 - sum(p for p, _, _ in outcomes)
    return outcomes, (lose if lose > 1e-15 else 0.0)


def _slope(x: float, outcomes: Sequence[Outcome], lose: float) -> float:
    """``g'(x)``, for ``0 <= x < 1``."""
    return sum(p * a / (1 + a * x + b) for p, a, b in outcomes) - (lose / (1 - x) if lose else 0.0)


def kelly_growth(x: float, win: float, split: float, opponents: int = 1, retained_pot: float = 0.0) -> float:
    """``g(x)``: the expected log of the bankroll after betting the fraction ``x`` (see the module notes).

    ``-inf`` at ``x = 1`` when the player can lose.

    >>> round(kelly_growth(0.5, 0.6, 0.0), 6)  # 0.6 log 1.5 + 0.4 log 0.5
    -0.03398
    """
    x = probability('x', x)
    outcomes, lose = _outcomes(win, split, opponents, retained_pot)
    total = sum(p * math.log(1 + a * x + b) for p, a, b in outcomes if p > 0)
    if lose:
        total += lose * math.log(1 - x) if x < 1 else -math.inf
    return total


def kelly_fraction(win: float, split: float, opponents: int = 1, retained_pot: float = 0.0) -> float:
    """The fraction of the bankroll to bet: the maximiser of :func:`kelly_growth` on [0, 1].

    ``win`` and ``split`` are the chances of beating and tying one opponent; ``retained_pot`` is the pot
    already won back if the player wins, as a fraction of the bankroll. 0 when betting has no positive
    edge (``g'(0)`` at most :data:`EDGE_TOLERANCE`); 1 (everything) when the player cannot lose and can
    win something: the optimum is then the edge of the interval, where ``g'`` does not vanish. Otherwise
    the interior root, accurate to about 1e-15.

    >>> round(kelly_fraction(0.6, 0.0), 12)  # (0.6 - 0.4) / (0.6 + 0.4)
    0.2
    >>> kelly_fraction(0.9, 0.1), kelly_fraction(0.0, 1.0)  # cannot lose / can only split
    (1.0, 0.0)
    """
    outcomes, lose = _outcomes(win, split, opponents, retained_pot)
    if _slope(0.0, outcomes, lose) <= EDGE_TOLERANCE:
        return 0.0
    if not lose:
        return 1.0
    low, high = 0.0, 1.0  # g'(low) > 0 and g'(x) -> -inf as x -> 1
    while True:
        middle = (low + high) / 2
        if middle in (low, high):
            return low
        if _slope(middle, outcomes, lose) > 0:
            low = middle
        else:
            high = middle


def showdown_probabilities(stats: HandStatistics) -> tuple[float, float]:
    """``(win, split)`` against one opponent, as Kelly sizing wants them, from a :class:`HandStatistics`.

    With a lookahead (``stats.lookahead > 0`` and a transition matrix), the chances at the end of it: the
    column sums of the transitions, which are the showdown chances when the lookahead reaches the river.
    Otherwise the chances now (``win_probability``, ``tie_probability``): on the river and before the flop
    (where the counts are the showdowns won, split and lost) those are the showdown chances too; on the flop
    or turn without a lookahead they ignore the cards to come.

    >>> stats = HandStatistics.from_counts(6, 1, 3, lookahead=1, transitions=((5, 0, 1), (0, 1, 0), (2, 0, 1)))
    >>> showdown_probabilities(stats)
    (0.7, 0.1)
    """
    if not isinstance(stats, HandStatistics):
        raise BettingError(f'showdown_probabilities needs HandStatistics, got {shown(stats)}')
    t = stats.transitions
    total = sum(map(sum, t))
    if stats.lookahead and total > 0:
        ahead = t[AHEAD][AHEAD] + t[TIED][AHEAD] + t[BEHIND][AHEAD]
        tied = t[AHEAD][TIED] + t[TIED][TIED] + t[BEHIND][TIED]
        return ahead / total, tied / total
    return stats.win_probability, stats.tie_probability


def kelly_bet(stats: HandStatistics, bankroll: float, retained_pot: float = 0.0,
              opponents: int | None = None) -> int:
    """The Kelly bet in whole chips (rounded down) for ``bankroll`` and a ``retained_pot`` in chips.

    The chances come from :func:`showdown_probabilities`; ``opponents`` defaults to ``stats.opponents``.
    The bet never exceeds the bankroll: with the nuts (a fraction of 1) it is the whole bankroll, rounded
    down to whole chips. Amounts are finite, at least 0 and at most 1e300 (else a
    :class:`~poker.errors.BettingError`).

    >>> aces = HandStatistics.from_counts(1_781_508_418, 11_402_312, 304_661_670)
    >>> kelly_bet(aces, 10_000)
    7079
    >>> kelly_bet(aces, 10_000, retained_pot=1_000), kelly_bet(aces, 10_000, opponents=3)
    (6933, 4966)
    """
    if not isinstance(stats, HandStatistics):
        raise BettingError(f'kelly_bet needs HandStatistics first (from Player.calculate_hand_statistics or '
                           f'HandStatistics.from_counts), got {shown(stats)}; with win and split chances, '
                           'use kelly_fraction(win, split) * bankroll')
    bankroll = amount('bankroll', bankroll)
    retained_pot = amount('retained_pot', retained_pot)
    opponents = read_opponents(opponents, default=stats.opponents)
    if bankroll == 0:
        return 0
    retained = retained_pot / bankroll
    if not retained <= 1e300:
        raise BettingError(f'retained_pot {shown(retained_pot)} is too large against bankroll {shown(bankroll)}')
    win, split = showdown_probabilities(stats)
    fraction = kelly_fraction(win, split, opponents, retained)
    # The tiny nudge keeps 0.2 * 10_000 from flooring to 1999; the cap keeps the nudge from betting more than all.
    return min(math.floor(fraction * bankroll * (1 + 1e-12)), math.floor(bankroll))


def kelly_action(bet: int, to_call: int = 0) -> tuple[Action, int]:
    """What a Kelly bet of ``bet`` chips says to do, and the chips to put in, when ``to_call`` chips are to call
    (Cassandra's rule): with nothing to call, bet the Kelly bet (check when it is 0); facing a bet, raise to it
    when it is more than the call, call when it is the call, and fold when it is less (the Kelly bet cannot
    pay to stay in). The caller caps ``bet`` at what the player has. Both are whole numbers of chips of at
    least 0 (at most 10**15), else a :class:`~poker.errors.BettingError`.

    >>> kelly_action(593), kelly_action(0)
    (('bet', 593), ('check', 0))
    >>> kelly_action(578, to_call=200), kelly_action(200, to_call=200), kelly_action(150, to_call=200)
    (('raise', 578), ('call', 200), ('fold', 0))
    """
    bet = whole_number('bet', bet, maximum=10 ** 15, error=BettingError)
    to_call = whole_number('to_call', to_call, maximum=10 ** 15, error=BettingError)
    if not to_call:
        return (Action.BET, bet) if bet else (Action.CHECK, 0)
    if bet > to_call:
        return Action.RAISE, bet
    return (Action.CALL, to_call) if bet == to_call else (Action.FOLD, 0)
