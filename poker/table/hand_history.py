"""Hand histories read back: ACPC logs (the dealer's, or a match's ``log=``) as per-player statistics and models.

:func:`read_history` reads the ``STATE`` lines of one or more logs (:class:`~poker.table.acpc_notation.LogLine`)
into a :class:`HandHistory`. Its :meth:`HandHistory.players` are each player's numbers (:class:`PlayerStats`):

* **VPIP**: the share of his hands in which he put chips in voluntarily before the flop (a call, bet or raise;
  blinds are not voluntary, and neither is the big blind's check);
* **PFR**: the share of his hands in which he raised before the flop;
* **aggression factor**: his bets and raises after the flop over his calls after the flop (None without a call);
* **went to showdown**: the share of the hands in which he saw the flop that he took to a showdown (None if he saw
  no flop);
* **sb/hand**: his mean payoff in small bets (the game's pre-flop raise size) per hand, with a 95% interval
  ``mean +- 1.96 sd / sqrt(n)``.

**Duplicate seatings.** A duplicate match plays each deal once per seating: the same hole cards *by position*
(the deck and the button stay, the players move), so lines whose hole cards are the same at every position are
one deal. When the log has such deals, a player's result per deal is his payoff summed over the deal's lines he
played, in small bets, over their number (as :attr:`MatchResult.per_deal <poker.table.duplicate.MatchResult.per_deal>`),
and the interval is taken over deals, which pairs the seatings; otherwise every hand is its own sample.

:meth:`HandHistory.model_state` replays the hands as one of the players sees them through a
:class:`~poker.table.modelling.ModellingLokiPlayer` and returns what it learnt, a
:class:`~poker.table.modelling.ModelState` that a Loki ``resume``\\ s (or ``match(..., states=...)`` starts from).

>>> history = HandHistory.parse(['STATE:0:rc/crc/cc/cc:Ah9c|Ks8d/2h3c4d/Js/7h:6|-6:Alice|Bob',
...                              'STATE:1:rrf:Qd9d|Tc8c:4|-4:Alice|Bob'])
>>> [(p.name, p.hands, p.vpip, p.pfr, p.aggression, p.went_to_showdown, p.sb_per_hand) for p in history.players()]
[('Alice', 2, 1.0, 0.5, 0.0, 1.0, 2.5), ('Bob', 2, 1.0, 1.0, None, 1.0, -2.5)]
"""

from __future__ import annotations

import functools
import math
import os
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from attrs import field, frozen

from ..cards.streets import BOARD_SIZE
from ..errors import PokerError, ProtocolError
from ..strategy.actions import Action, Blind
from ..validators import amount, checked_by, is_items, real_number, share, shown, text, whole_number
from .acpc_notation import GameDefinition, LogLine, MatchState, checked_log
from .game import ActionRecord, FixedLimitGame
from .modelling import ModellingLokiPlayer, ModelState

if TYPE_CHECKING:
    from ..extras import DataFrame

__all__ = ['HandHistory', 'PlayerStats', 'read_history']

MOST_LINES = 10_000_000
"""The most hands a history holds (all files together)."""

_VOLUNTARY = (Action.CALL, Action.BET, Action.RAISE)


def _optional(check: Callable[..., float]) -> Callable[[str, object], None]:
    """A field check: None, or what ``check`` accepts."""
    def checked(name: str, value: object) -> None:
        if value is not None:
            check(name, value, error=PokerError)
    return checked


def _share(count: int, of: int) -> float | None:
    return count / of if of else None


@frozen
class PlayerStats:
    """One player's numbers over a hand history (see :mod:`~poker.table.hand_history`)."""

    name: str = field(validator=checked_by(text, error=PokerError))
    hands: int = field(validator=checked_by(whole_number, minimum=1, error=PokerError))
    vpip: float = field(validator=checked_by(share, error=PokerError))
    pfr: float = field(validator=checked_by(share, error=PokerError))
    aggression: float | None = field(validator=checked_by(_optional(amount)))
    """(bets + raises) / calls after the flop; None without a call."""
    went_to_showdown: float | None = field(validator=checked_by(_optional(share)))
    """Showdowns over hands in which he saw the flop; None if he saw none."""
    sb_per_hand: float = field(validator=checked_by(real_number, error=PokerError))
    half_width: float = field(validator=checked_by(amount, error=PokerError))
    """Half the width of the 95% interval of :attr:`sb_per_hand` (0 with one sample)."""
    samples: int = field(validator=checked_by(whole_number, minimum=1, error=PokerError))
    """What the interval is taken over: deals (duplicate seatings paired) or hands."""

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready data."""
        return {'name': self.name, 'hands': self.hands, 'vpip': self.vpip, 'pfr': self.pfr,
                'aggression': self.aggression, 'went_to_showdown': self.went_to_showdown,
                'sb_per_hand': self.sb_per_hand, 'low': self.sb_per_hand - self.half_width,
                'high': self.sb_per_hand + self.half_width, 'samples': self.samples}


def _lines(value: object) -> tuple[LogLine, ...]:
    if not isinstance(value, tuple) or not all(isinstance(line, LogLine) for line in value):
        raise PokerError(f'lines must be a tuple of LogLine, got {shown(value)}')
    return value


def _game(value: object) -> GameDefinition | None:
    if value is not None and not isinstance(value, GameDefinition):
        raise PokerError(f'game must be a GameDefinition or None, got {shown(value)}')
    return value


def _checked(line: LogLine, game: GameDefinition | None) -> LogLine:
    """``line`` if its payoffs fit its betting and cards under ``game`` (None: the table's game): they add up to
    nothing, a player who folded or lost the showdown lost what he put in, and each winner took his share of the pot
    (within a chip: the table gives odd chips whole, the dealer splits them); else a
    :class:`~poker.errors.ProtocolError` (a log of another game read without its definition, or a line altered)."""
    spent = [0] * len(line.names)
    folded = set()
    for record in line.records(game):
        spent[record.seat] += record.amount
        if record.action == Action.FOLD:
            folded.add(record.seat)
    if abs(math.fsum(line.payoffs)) > 1e-6 * max(1, max(spent)):
        raise ProtocolError(f'payoffs {shown(line.payoffs)} do not add up to 0')
    active = [seat for seat in range(len(line.names)) if seat not in folded]
    if len(active) > 1 and any(len(line.holes[seat]) != 2 for seat in active):
        raise ProtocolError('a showdown without the cards of every player still in')
    winners = set(FixedLimitGame._winners(set(active), line.holes, line.board)[0]) if len(active) > 1 \
        else set(active)
    share = sum(spent) / len(winners)
    for seat in range(len(line.names)):
        if seat in winners:   # a pot's share, an odd chip either way (the table's rule or the dealer's fractions)
            if abs(line.payoffs[seat] + spent[seat] - share) >= 1:
                raise ProtocolError(f'position {seat} won {share:g} chips (put in {spent[seat]}) but its payoff is '
                                    f'{line.payoffs[seat]:g} (a log of another game needs its game definition)')
        elif line.payoffs[seat] != -spent[seat]:
            raise ProtocolError(f'position {seat} lost the {spent[seat]} chips it put in but its payoff is '
                                f'{line.payoffs[seat]:g} (a log of another game needs its game definition)')
    return line


class _Tally:
    """One player's counts as the hands are read."""

    def __init__(self) -> None:
        self.hands = self.vpip = self.pfr = self.aggressive = self.calls = self.flops = self.showdowns = 0


@frozen
class HandHistory:
    """The hands of one or more ACPC logs, in the order read; ``game`` is the game they were played under (None:
    :meth:`GameDefinition.for_table <poker.table.acpc_notation.GameDefinition.for_table>` for each hand's number
    of players).
    """

    lines: tuple[LogLine, ...] = field(validator=lambda self, attribute, value: _lines(value), eq=False, repr=False)
    game: GameDefinition | None = field(default=None, validator=lambda self, attribute, value: _game(value))

    @classmethod
    def parse(cls, lines: Iterable[str], *, game: GameDefinition | None = None, source: str = 'log') -> HandHistory:
        """The hands of ``STATE`` lines (each a hand: :func:`read_history` reads files, comments and the dealer's
        ``SCORE`` line included), each checked against ``game`` (None: the table's game) and its payoffs against its
        betting and cards; a line that is not such a hand is a :class:`~poker.errors.ProtocolError` naming
        ``source`` and the line's number."""
        game = _game(game)
        source = text('source', source, error=PokerError)
        if not is_items(lines):
            raise PokerError(f'lines must be a list of log lines, got {shown(lines)}')
        hands = []
        for number, line in enumerate(lines, 1):
            if number > MOST_LINES:
                raise ProtocolError(f'{source}: more than {MOST_LINES:,} lines')
            try:
                hands.append(_checked(LogLine.parse(line, game), game))
            except PokerError as error:
                raise ProtocolError(f'{source}, line {number}: {error}') from None
        return cls(tuple(hands), game)

    # ------------------------------------------------------------------------------------ what it holds
    def _records(self, line: LogLine) -> tuple[ActionRecord, ...]:
        return line.records(self.game)

    def _small_bet(self, line: LogLine) -> int:
        return (self.game or GameDefinition.for_table(len(line.names))).raise_sizes[0]

    def deals(self) -> list[list[LogLine]]:
        """The hands grouped by deal (the same hole cards at every position: a deal replayed in several seatings),
        in the order of each deal's first hand."""
        groups: dict[tuple[object, ...], list[LogLine]] = {}
        for line in self.lines:
            groups.setdefault(line.holes, []).append(line)
        return list(groups.values())

    @property
    def paired(self) -> bool:
        """Whether some deal was played in more than one seating (a duplicate match's log)."""
        return any(len(deal) > 1 for deal in self.deals())

    def names(self) -> list[str]:
        """The players, in the order they first appear."""
        return list(dict.fromkeys(name for line in self.lines for name in line.names))

    # ------------------------------------------------------------------------------------ the numbers
    def players(self) -> tuple[PlayerStats, ...]:
        """Each player's :class:`PlayerStats`, in the order they first appear."""
        tallies = {name: _Tally() for name in self.names()}
        for line in self.lines:
            self._count(line, tallies)
        samples = self._samples()
        result = []
        for name, tally in tallies.items():
            values = samples[name]
            mean = math.fsum(values) / len(values)
            half = 0.0
            if len(values) > 1:
                variance = math.fsum((value - mean) ** 2 for value in values) / (len(values) - 1)
                half = 1.96 * math.sqrt(variance) / math.sqrt(len(values))
            result.append(PlayerStats(
                name, tally.hands, tally.vpip / tally.hands, tally.pfr / tally.hands,
                _share(tally.aggressive, tally.calls), _share(tally.showdowns, tally.flops), mean, half, len(values)))
        return tuple(result)

    def _count(self, line: LogLine, tallies: dict[str, _Tally]) -> None:
        records = self._records(line)
        folded_preflop = {r.seat for r in records if r.street == 'preflop' and r.action == Action.FOLD}
        folded = {r.seat for r in records if r.action == Action.FOLD}
        players = len(line.names)
        flop = players - len(folded_preflop) > 1
        showdown = players - len(folded) > 1
        for position, name in enumerate(line.names):
            tally = tallies[name]
            tally.hands += 1
            own = [r for r in records if r.seat == position and not isinstance(r.action, Blind)]
            tally.vpip += any(r.street == 'preflop' and r.action in _VOLUNTARY for r in own)
            tally.pfr += any(r.street == 'preflop' and r.action == Action.RAISE for r in own)
            tally.aggressive += sum(r.street != 'preflop' and r.action in (Action.BET, Action.RAISE) for r in own)
            tally.calls += sum(r.street != 'preflop' and r.action == Action.CALL for r in own)
            if flop and position not in folded_preflop:
                tally.flops += 1
                tally.showdowns += showdown and position not in folded

    def _samples(self) -> dict[str, list[float]]:
        """Each player's results in small bets per hand: one per deal (the mean over its seatings he played), or
        one per hand when no deal was played twice."""
        samples: dict[str, list[float]] = {name: [] for name in self.names()}
        for deal in (self.deals() if self.paired else [[line] for line in self.lines]):
            chips: dict[str, float] = {}
            counts: dict[str, int] = {}
            for line in deal:
                for name, payoff in zip(line.names, line.payoffs):
                    chips[name] = chips.get(name, 0.0) + payoff
                    counts[name] = counts.get(name, 0) + 1
            small_bet = self._small_bet(deal[0])
            for name in chips:
                samples[name].append(chips[name] / small_bet / counts[name])
        return samples

    # ------------------------------------------------------------------------------------ models
    def model_state(self, as_name: str, player: ModellingLokiPlayer | None = None) -> ModelState:
        """What a :class:`~poker.table.modelling.ModellingLokiPlayer` (``player``, or a fresh one with specific
        models) learns from these hands played as ``as_name`` sees them (its own hole cards, everyone's actions,
        the cards shown at showdowns): its :meth:`~poker.table.modelling.ModellingLokiPlayer.state`, a
        :class:`~poker.table.modelling.ModelState`. The hands without ``as_name`` are left out (they are not his)."""
        as_name = text('as_name', as_name, error=PokerError)
        if as_name not in self.names():
            raise PokerError(f'no player {shown(as_name)} in this history (players: {", ".join(self.names())})')
        if player is None:
            player = ModellingLokiPlayer(as_name)
        if not isinstance(player, ModellingLokiPlayer):
            raise PokerError(f'player must be a ModellingLokiPlayer or None, got {shown(player)}')
        for line in self.lines:
            if as_name in line.names:
                position = line.names.index(as_name)
                if len(line.holes[position]) != 2:
                    raise PokerError(f'hand {line.hand}: the log does not show {shown(as_name)}\'s hole cards, so '
                                     'it cannot be replayed as he saw it')
                self._replay(line, position, player)
        return player.state()

    def _replay(self, line: LogLine, position: int, player: ModellingLokiPlayer) -> None:
        """Show ``player`` (sitting at ``position``) the hand of ``line`` as a table would."""
        game = self.game or GameDefinition.for_table(len(line.names))
        records = self._records(line)
        player.begin_hand(position, line.names, line.holes[position], game.button)
        for record in records:
            player.observe(record, line.board[:BOARD_SIZE[record.street]])
        player.end_hand(MatchState(position, line.hand, line.betting, line.holes, line.board).hand_result(
            game, names=line.names))

    # ------------------------------------------------------------------------------------ output
    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready data."""
        return {'hands': len(self.lines), 'deals': len(self.deals()), 'paired': self.paired,
                'unit': 'small bets per hand',
                'players': [stats.to_dict() for stats in self.players()]}

    def to_frame(self) -> DataFrame:
        """The players as a pandas table (the ``pandas`` extra), a row per player in the order they first appear,
        the columns those of :meth:`PlayerStats.to_dict` (the JSON of ``poker history``); an aggression or a
        showdown share that is not there (None) is ``<NA>``."""
        from ..extras import records_frame
        return records_frame([stats.to_dict() for stats in self.players()],
                             ('name', 'hands', 'vpip', 'pfr', 'aggression', 'went_to_showdown', 'sb_per_hand', 'low',
                              'high', 'samples'))

    def table(self) -> str:
        """A text table of the players, best first."""
        rows = sorted(self.players(), key=lambda stats: -stats.sb_per_hand)
        width = max([6, *(len(stats.name) for stats in rows)])

        def number(value: float | None, form: str) -> str:
            return f'{"-":>6}' if value is None else format(value, form)
        lines = [f"{'player':<{width}}  {'hands':>7}  {'VPIP':>6}  {'PFR':>6}  {'AF':>6}  {'WTSD':>6}  "
                 f"{'sb/hand':>8}  {'95% interval':>20}"]
        for stats in rows:
            low, high = stats.sb_per_hand - stats.half_width, stats.sb_per_hand + stats.half_width
            lines.append(f'{stats.name:<{width}}  {stats.hands:>7,}  {stats.vpip:>6.1%}  {stats.pfr:>6.1%}  '
                         f'{number(stats.aggression, ">6.2f")}  {number(stats.went_to_showdown, ">6.1%")}  '
                         f'{stats.sb_per_hand:>+8.3f}  [{low:>+8.3f}, {high:>+8.3f}]')
        return '\n'.join(lines)


def read_history(paths: str | os.PathLike[str] | Sequence[str | os.PathLike[str]], *,
                 game: GameDefinition | None = None) -> HandHistory:
    """The hands of the ACPC log files ``paths`` (one path or a list), in order: each file read by
    :func:`~poker.table.acpc_notation.read_log` (comments, the dealer's ``SCORE`` line checked, every other line a
    hand under ``game`` whose payoffs fit its betting and cards, else an error naming the file and the line)."""
    items = [paths] if isinstance(paths, (str, os.PathLike)) else \
        list(paths)[:1001] if isinstance(paths, (list, tuple)) else None
    if not items or len(items) > 1000 or not all(isinstance(path, (str, os.PathLike)) for path in items):
        raise PokerError(f'paths must be a log file or a list of 1 to 1,000, got {shown(paths)}')
    game = _game(game)
    lines: list[LogLine] = []
    for path in items:
        for line in checked_log(path, game, functools.partial(_checked, game=game)):
            lines.append(line)
            if len(lines) > MOST_LINES:
                raise ProtocolError(f'more than {MOST_LINES:,} hands in {shown(paths)}')
    return HandHistory(tuple(lines), game)
