"""What a modelling seat counts of each opponent, kept from hand to hand (Papp 1998, section 7.2): action
frequencies by context (round, bets to call 0 / 1 / 2+), blended with Papp's Table B.2 defaults until 20
observations (eq. 7.3), the table's frequencies for generic modelling, and :class:`ModelState`, all of it as
one plain value.

>>> tally = ActionFrequencies()
>>> tally.observe('flop', 0, 'bet')
>>> tally.frequencies('flop', 0).round(3).tolist()     # 1 of 20 observed, 19 of 20 Table B.2
[0.0, 0.475, 0.525]
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import ClassVar

import numpy as np
from attrs import field, frozen

from ..cards.streets import STREETS
from ..errors import PokerError
from ..strategy.actions import Action, read_action
from ..validators import brief, flag, instance, is_items, probability, real_number, shown, text, whole_number

__all__ = [
    'ACTION_CLASSES',
    'DEFAULT_FREQUENCIES',
    'ActionFrequencies',
    'GENERIC_FREQUENCIES',
    'ModelState',
    'TableFrequencies',
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

    def _count(self, round_index: int, bets: int, action: Action) -> None:
        """:meth:`observe` of a context given by its indices (:meth:`shares`) and an action read (the modelling
        seat's own call).

        >>> tally = ActionFrequencies()
        >>> tally._count(1, 0, Action.BET)
        >>> tally.shares(1, 0) == tuple(tally.frequencies('flop', 0).tolist())
        True
        """
        self.counts[round_index, bets, ACTION_CLASSES[action]] += 1

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
        deviations, expected = self.shown.tolist()  # (Python floats: the same quotient, sooner)
        return min(1.0, deviations / (expected + self.PRIOR))

    def frequencies(self, street: str, bets_to_call: int, *, specific: bool = True) -> np.ndarray:
        """The (fold, check/call, bet/raise) frequencies in a context (summing to 1)."""
        round_index, bets = self.context(street, bets_to_call)
        specific = flag('specific', specific, error=PokerError)
        if not specific:
            default: np.ndarray = DEFAULT_FREQUENCIES[bets].copy()
            return default
        result: np.ndarray = np.array(self.shares(round_index, bets))
        return result

    def shares(self, round_index: int, bets: int) -> tuple[float, float, float]:
        """:meth:`frequencies` of a context given by its indices (:meth:`context`: a round's number from 0 to 3, bets to
        call 0 to 2), as three floats; kept by the counts they blend (the modelling seat asks for them at every action
        it observes, and every modelling seat at a table counts the same actions of an opponent: one blend serves
        them all).

        >>> ActionFrequencies().shares(1, 2)     # nothing counted: Table B.2's row for 2+ bets
        (0.7, 0.2, 0.1)
        """
        if not (type(round_index) is int and 0 <= round_index < len(STREETS) and type(bets) is int and 0 <= bets <= 2):
            raise PokerError(f'a context is a round from 0 to 3 and bets from 0 to 2, got {shown((round_index, bets))}')
        rows = self.counts[:round_index + 1, bets]
        full = self.FULL
        key = (full, bets, rows.dtype.str, rows.shape, rows.tobytes())  # (what the blend reads, by value)
        blended = _BLENDS.get(key)
        if blended is None:
            fold, call, raise_ = _DEFAULT_ROWS[bets]  # three numbers: Python floats beat NumPy calls here
            for folds, calls, raises in rows.tolist():
                seen = folds + calls + raises
                if seen:
                    share = min(seen, full) / full
                    fold, call, raise_ = (share * folds / seen + (1 - share) * fold,
                                          share * calls / seen + (1 - share) * call,
                                          share * raises / seen + (1 - share) * raise_)
            if len(_BLENDS) >= 4096:
                _BLENDS.clear()
            blended = _BLENDS[key] = (fold, call, raise_)
        return blended


_BLENDS: dict[tuple[object, ...], tuple[float, float, float]] = {}
""":meth:`ActionFrequencies.shares` by what they blend (the observations needed for full weight, the bets, the counts
of the context's rounds, by value: their dtype, shape and bytes); emptied when it holds 4,096."""

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
    """What a :class:`~poker.players.modelling.ModellingLokiPlayer` has learnt that outlasts a hand: each
    opponent's action counts by context (``counts[name]``: round x bets to call 0 / 1 / 2+ x fold, check/call,
    bet/raise, flattened) and his showdown evidence (``showdowns[name]``: :attr:`ActionFrequencies.shown`). A
    plain value: save it (:meth:`to_dict`, JSON), send it to another process, and
    :meth:`~poker.players.modelling.ModellingLokiPlayer.resume` a fresh player
    from it, which then plays as the one it came from would.

    >>> from poker.players import ModellingLokiPlayer
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
