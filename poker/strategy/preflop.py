"""Loki's pre-flop betting strategy (Papp 1998, section 6.1): six strategies chosen by income rate.

At its first pre-flop decision a Loki seat picks one strategy and keeps it for the rest of the round:
the most aggressive of

========  =============================================================================================
Make0     fold if it costs anything to go on, else check
Call1     call, but fold to 2 or more bets to call unless money is already in voluntarily this round
          (the small blind: call only the half bet that completes the blind)
Make1     as Call1, but open with a raise when no one has raised (the big blind just checks its option)
Call2     call anything (the small blind: call up to 1.5 bets)
Make2     raise while fewer than 2 raises have been made this round, else call
Make4     raise until the betting is capped, else call
========  =============================================================================================

whose threshold is at or below the hand's income rate. A threshold is ``base + increment * position``
(Papp eq. 6.1), where ``position`` counts the players who act before the small blind's turn comes again
(the button is 0, the big blind ``players - 2``, the small blind ``players - 1``). ``[base, increment]``
comes from Table B.1 by the *group* (2, 3-4 or 5 or more players expected to play) and the *tightness*
(tight, moderate or loose; Loki plays loose); the income rate is read from that group's table (IR2, IR4,
IR7). Call1 and Call2 are used only by the small blind, with fixed thresholds.

Table B.1 is lost but for two cells; ``poker/strategy/data/preflop_thresholds.csv`` holds a reconstruction (made
by ``tools/make_preflop_thresholds.py``; see ``docs/preflop.md``), which a student may edit or replace
through :func:`load_thresholds` and :class:`PreflopThresholds`.

Pena's worked example: A♥8♥ on the button, 4 players, moderate: IR4 338, thresholds Make4 580, Make2 200,
Make1 50, so Make2:

>>> preflop_strategy('Ah 8h', players=4, position=0, tightness='moderate')
'Make2'
>>> thresholds('3-4', 'moderate', position=0)
{'Make0': -inf, 'Make1': 50, 'Make2': 200, 'Make4': 580}
>>> preflop_strategy('72o', players=9, position=6), preflop_strategy('AA', players=9, position=6)
('Make0', 'Make4')
"""

from __future__ import annotations

import csv
import functools
import math
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import MappingProxyType

from ..cards.card_inputs import HoleLike, hand_class_of
from ..cards.income_rates import class_income_rate
from ..cards.starting_hand import class_index
from ..errors import BettingError, PokerError
from ..validators import choice, flag, is_real, is_whole, probability, real_number, shown, whole_number

__all__ = [
    'GROUPS',
    'GROUP_OPPONENTS',
    'PROBABILITY_PLAY',
    'STRATEGIES',
    'THRESHOLDS_PATH',
    'TIGHTNESS',
    'expected_players',
    'group_of',
    'load_thresholds',
    'preflop_strategy',
    'thresholds',
    'write_thresholds',
]

STRATEGIES: tuple[str, ...] = ('Make0', 'Call1', 'Make1', 'Call2', 'Make2', 'Make4')
"""The six pre-flop strategies, from the most passive to the most aggressive."""
SMALL_BLIND_ONLY: frozenset[str] = frozenset({'Call1', 'Call2'})
"""The strategies only the small blind uses (Papp: the others have effectively four)."""
GROUPS: tuple[str, ...] = ('2', '3-4', '5+')
"""Papp's groups of players expected to play."""
GROUP_OPPONENTS: Mapping[str, int] = MappingProxyType({'2': 1, '3-4': 3, '5+': 6})
"""The opponents each group's income-rate table was simulated against (IR2, IR4, IR7)."""
TIGHTNESS: tuple[str, ...] = ('tight', 'moderate', 'loose')
"""The tightness settings; Loki plays ``'loose'`` by default."""
PROBABILITY_PLAY: float = 0.6
"""The share of the players yet to act that Loki expects to play (Papp appendix B)."""
THRESHOLDS_PATH = Path(__file__).resolve().parent / 'data' / 'preflop_thresholds.csv'
"""The shipped Table B.1 (reconstructed)."""

_HEADER = '''\
# Papp's Table B.1: [base, increment] of each pre-flop strategy by group and tightness (Papp 1998, eq. 6.1:
# threshold = base + increment * position, in thousandths of a bet of income rate). Make0 has no threshold.
# source: thesis = Papp's thesis; pena = Pena's worked example (1999); ours = reconstructed by
# tools/make_preflop_thresholds.py from income-rate percentiles (see docs/preflop.md). Edit freely.
'''

PreflopThresholds = Mapping[tuple[str, str, str], tuple[float, float]]
"""``{(group, tightness, strategy): (base, increment)}``."""


def write_thresholds(rows: Iterable[tuple[str, str, str, int | str, int, str]], path: Path = THRESHOLDS_PATH) -> None:
    """Write ``(group, tightness, strategy, base, increment, source)`` rows in the shipped CSV format."""
    with path.open('w', encoding='utf-8', newline='') as handle:
        handle.write(_HEADER)
        writer = csv.writer(handle, lineterminator='\n')
        writer.writerow(['group', 'tightness', 'strategy', 'base', 'increment', 'source'])
        writer.writerows(rows)


def load_thresholds(path: str | Path = THRESHOLDS_PATH) -> PreflopThresholds:
    """Read a thresholds CSV (the shipped one by default) into ``{(group, tightness, strategy): (base, inc)}``.

    An empty base means no threshold (always allowed: Make0).
    """
    table: dict[tuple[str, str, str], tuple[float, float]] = {}
    try:
        with Path(path).open(encoding='utf-8') as handle:
            for row in csv.DictReader(line for line in handle if not line.startswith('#')):
                key = (row['group'], row['tightness'], row['strategy'])
                base = -math.inf if not row['base'].strip() else float(row['base'])
                table[key] = (base, float(row['increment']))
    except (OSError, KeyError, ValueError) as error:
        raise PokerError(f'cannot read pre-flop thresholds from {shown(str(path))}: {shown(str(error))}') from None
    missing = [key for key in _all_keys() if key not in table]
    if missing:
        raise PokerError(f'pre-flop thresholds in {shown(str(path))} lack {shown(missing[0])}')
    return MappingProxyType(table)


def _all_keys() -> list[tuple[str, str, str]]:
    return [(g, t, s) for g in GROUPS for t in TIGHTNESS for s in STRATEGIES]


@functools.cache
def _shipped() -> PreflopThresholds:
    return load_thresholds()


def _read_position(position: int) -> int:
    if not is_whole(position) or not 0 <= position <= 21:
        raise BettingError(f'position must be a whole number from 0 (the button) to 21, got {shown(position)}')
    return int(position)


def _read_table(table: PreflopThresholds) -> PreflopThresholds:
    """A thresholds table: every (group, tightness, strategy) mapped to a pair of numbers (base, increment)."""
    if not isinstance(table, Mapping):
        raise BettingError(f'table must map (group, tightness, strategy) to (base, increment), got {shown(table)}')
    for key in _all_keys():
        pair = table.get(key)
        if not isinstance(pair, tuple) or len(pair) != 2 or not all(is_real(x) for x in pair) \
                or not all(math.isfinite(x) or x == -math.inf for x in pair):
            raise BettingError(f'table must map {shown(key)} to (base, increment), got {shown(pair)}: '
                               f'{shown(table)}')
    return table


def group_of(players: float) -> str:
    """The group of a number of players expected to play (rounded half up): ``'2'``, ``'3-4'`` or ``'5+'``.

    >>> group_of(2), group_of(3.4), group_of(4.5), group_of(9)
    ('2', '3-4', '5+', '5+')
    """
    try:
        number = real_number('players', players, error=BettingError)
    except BettingError:
        number = math.nan
    if not 1 <= number <= 23:
        raise BettingError(f'players must be a number from 1 to 23 (expected to play), got {shown(players)}')
    count = math.floor(number + 0.5)
    return '2' if count <= 2 else '3-4' if count <= 4 else '5+'


def expected_players(already_in: int, still_to_act: int, probability_play: float = PROBABILITY_PLAY) -> float:
    """The players Loki expects to see the flop: itself, those already in, and ``probability_play`` of the
    rest (Papp appendix B; which players count as "in" is ours: those who put money in voluntarily).

    >>> expected_players(1, 3)
    3.8
    """
    already_in = whole_number('already_in', already_in, maximum=22, error=BettingError)
    still_to_act = whole_number('still_to_act', still_to_act, maximum=22, error=BettingError)
    probability_play = probability('probability_play', probability_play)
    return round(1 + already_in + probability_play * still_to_act, 12)


def thresholds(group: str, tightness: str = 'loose', *, position: int, small_blind: bool = False,
               table: PreflopThresholds | None = None) -> dict[str, float]:
    """Each strategy's threshold (eq. 6.1) for a group, tightness and position; Call1 and Call2 only for the
    small blind. Make0's is ``-inf``: it is always allowed."""
    group = choice('group', group, GROUPS, error=BettingError)
    tightness = choice('tightness', tightness, TIGHTNESS, error=BettingError)
    position = _read_position(position)
    small_blind = flag('small_blind', small_blind, error=BettingError)
    table = _shipped() if table is None else _read_table(table)
    result: dict[str, float] = {}
    for strategy in STRATEGIES:
        if strategy in SMALL_BLIND_ONLY and not small_blind:
            continue
        base, increment = table[group, tightness, strategy]
        value = base + increment * position
        result[strategy] = int(value) if math.isfinite(value) and value == int(value) else value
    return result


def preflop_strategy(hand: HoleLike, *, players: float, position: int,
                     tightness: str = 'loose', small_blind: bool = False,
                     table: PreflopThresholds | None = None) -> str:
    """The strategy a Loki seat plays before the flop: the most aggressive whose threshold is at or below
    the hand's income rate in the group's table.

    ``hand`` is a class (``'A8s'``) or a holding; ``players`` the number expected to play (it picks the
    group and the income-rate table); ``position`` Papp's (0 on the button); ``small_blind`` adds Call1 and
    Call2; ``table`` replaces the shipped thresholds (see :func:`load_thresholds`).

    >>> preflop_strategy('A8s', players=4, position=0, tightness='tight')
    'Make2'
    >>> preflop_strategy('Q8o', players=3, position=2, small_blind=True)
    'Call1'
    """
    group = group_of(players)
    name = hand_class_of(hand)
    rate = class_income_rate(class_index(name), GROUP_OPPONENTS[group])
    chosen = 'Make0'
    for strategy, threshold in thresholds(group, tightness, position=position, small_blind=small_blind,
                                          table=table).items():
        if threshold <= rate and STRATEGIES.index(strategy) > STRATEGIES.index(chosen):
            chosen = strategy
    return chosen


@functools.lru_cache(maxsize=512)
def _class_strategies(group: str, tightness: str, position: int, small_blind: bool) -> tuple[str, ...]:
    """The :func:`preflop_strategy` of each class (:data:`~poker.cards.starting_hand.HAND_CLASSES` order) for a
    group, tightness, position and blind, with the shipped thresholds."""
    from ..cards.starting_hand import HAND_CLASSES
    players = {'2': 2, '3-4': 3, '5+': 5}[choice('group', group, GROUPS, error=BettingError)]
    return tuple(preflop_strategy(name, players=players, position=position, tightness=tightness,
                                  small_blind=small_blind) for name in HAND_CLASSES)
