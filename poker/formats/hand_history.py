"""Hand histories read back: ACPC logs (the dealer's, or a match's ``log=``) as per-player statistics and models.

:func:`read_history` reads the ``STATE`` lines of one or more logs (:class:`~poker.formats.acpc_log.LogLine`)
into a :class:`HandHistory`. Its :meth:`HandHistory.players` are each player's numbers (:class:`PlayerStats`):

* **VPIP**: the share of his hands in which he put chips in voluntarily before the flop (a call, bet or raise;
  blinds are not voluntary, and neither is the big blind's check);
* **PFR**: the share of his hands in which he raised before the flop;
* **aggression factor**: his bets and raises after the flop over his calls after the flop (None without a call:
  ``∞`` in the table when he bet or raised, as trackers print a maniac's, and ``aggression_unbounded`` in JSON);
* **went to showdown**: the share of the hands in which he saw the flop that he took to a showdown (None if he saw
  no flop);
* **sb/hand**: his mean payoff in small bets (the game's pre-flop raise size) per hand, with a 95% interval
  ``mean +- 1.96 sd / sqrt(n)``.

**Duplicate seatings.** A duplicate match plays each deal once per seating: the same cards *by position* (the
deck and the button stay, the players move). Lines are one deal when they show every position's hole cards, the
same ones, their boards agree as far as both go, and they seat the players otherwise (:meth:`HandHistory.deals`).
When every deal was played in the same number of seatings (two or more: a duplicate match's log, or the dealer's
logs of a match played again with the seats swapped), a player's result per deal is his payoff summed over the
deal's lines he played, in small bets, over their number (as
:attr:`MatchResult.per_deal <poker.matches.duplicate.MatchResult.per_deal>`), and the interval is taken over deals,
which pairs the seatings; otherwise every hand is its own sample.

**Logs as streams.** :func:`read_history` reads each file a line at a time, so a log of millions of hands costs
its hands' memory and no more, and a stream without end (``/dev/zero``) stops at the first line past a limit:
:data:`MOST_HANDS` hands (``most_hands=``), twice as many lines of any kind, 10,000 characters a line. A log's
header (comment lines holding a ``GAMEDEF``, as :func:`~poker.matches.duplicate.match` and
:func:`~poker.formats.acpc_client.play_acpc` write) gives its game.

:meth:`HandHistory.model_state` replays the hands as one of the players sees them through a
:class:`~poker.players.modelling.ModellingLokiPlayer` and returns what it learnt, a
:class:`~poker.players.frequencies.ModelState` that a Loki ``resume``\\ s (or ``match(..., states=...)`` starts from).

>>> history = HandHistory.parse(['STATE:0:rc/crc/cc/cc:Ah9c|Ks8d/2h3c4d/Js/7h:6|-6:Alice|Bob',
...                              'STATE:1:rrf:Qd9d|Tc8c:4|-4:Alice|Bob'])
>>> [(p.name, p.hands, p.vpip, p.pfr, p.aggression, p.went_to_showdown, p.sb_per_hand) for p in history.players()]
[('Alice', 2, 1.0, 0.5, 0.0, 1.0, 2.5), ('Bob', 2, 1.0, 1.0, None, 1.0, -2.5)]
"""

from __future__ import annotations

import itertools
import math
import operator
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

import numpy as np
from attrs import field, frozen

from ..cards.card import Card
from ..cards.streets import BOARD_SIZE
from ..errors import PokerError, ProtocolError
from ..players.frequencies import ModelState
from ..players.modelling import ModellingLokiPlayer
from ..strategy.actions import Action, Blind
from ..table.game import FixedLimitGame
from ..table.records import ActionRecord
from ..validators import amount, is_items, reading, real_number, share, shown, text, whole_number
from .acpc_log import MOST_LOG_HANDS, LogLine, _fast_log_line, _LogReader
from .acpc_match_state import MatchState
from .acpc_notation import GameDefinition, _Finished, _finished, _line_text, _table_game

if TYPE_CHECKING:
    from ..extras import DataFrame

__all__ = ['HandHistory', 'PlayerStats', 'read_history']

MOST_HANDS = MOST_LOG_HANDS
"""The most hands a history holds by default (all files together; ``most_hands=`` changes it)."""

_BATCH = 4096
"""Hands whose payoffs are checked together (their showdowns ranked in one call)."""

_RECENT_DEALS = 16
"""The deals with the same cards that a line may join (the latest ones): a line repeated a million times costs
no more than a few."""

_VOLUNTARY = (Action.CALL, Action.BET, Action.RAISE)
_NAMES = operator.attrgetter('names')
_BETTING = operator.attrgetter('betting')


def _share(count: int, of: int) -> float | None:
    return count / of if of else None


@frozen
class PlayerStats:
    """One player's numbers over a hand history (see :mod:`~poker.formats.hand_history`)."""

    name: str = field(converter=reading(text, error=PokerError))  # type: ignore[misc]
    hands: int = field(converter=reading(whole_number, minimum=1, error=PokerError))  # type: ignore[misc]
    vpip: float = field(converter=reading(share, error=PokerError))  # type: ignore[misc]
    pfr: float = field(converter=reading(share, error=PokerError))  # type: ignore[misc]
    aggression: float | None = field(converter=reading(amount, optional=True, error=PokerError))  # type: ignore[misc]
    """(bets + raises) / calls after the flop; None without a call."""
    went_to_showdown: float | None = field(converter=reading(  # type: ignore[misc]
        share, optional=True, error=PokerError))
    """Showdowns over hands in which he saw the flop; None if he saw none."""
    sb_per_hand: float = field(converter=reading(real_number, error=PokerError))  # type: ignore[misc]
    half_width: float = field(converter=reading(amount, error=PokerError))  # type: ignore[misc]
    """Half the width of the 95% interval of :attr:`sb_per_hand` (0 with one sample)."""
    samples: int = field(converter=reading(whole_number, minimum=1, error=PokerError))  # type: ignore[misc]
    """What the interval is taken over: deals (duplicate seatings paired) or hands."""
    bets_and_raises: int = field(default=0, converter=reading(whole_number, error=PokerError))  # type: ignore[misc]
    """His bets and raises after the flop (the numerator of :attr:`aggression`)."""

    @property
    def aggression_unbounded(self) -> bool:
        """Whether his aggression factor is without bound: bets or raises after the flop and never a call (a
        maniac's), which trackers print as infinity (``∞`` in :meth:`HandHistory.table`; in JSON ``aggression``
        stays null, with ``aggression_unbounded`` true)."""
        return self.aggression is None and self.bets_and_raises > 0

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready data."""
        return {'name': self.name, 'hands': self.hands, 'vpip': self.vpip, 'pfr': self.pfr,
                'aggression': self.aggression, 'aggression_unbounded': self.aggression_unbounded,
                'went_to_showdown': self.went_to_showdown,
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
    winners = set(FixedLimitGame.pot_winners(active, line.holes, line.board)[0]) if len(active) > 1 \
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


_Item = tuple[str, int, LogLine, _Finished]
"""A hand as read: where (the file as errors quote it, the line's number), the hand, and its betting played out."""


def _check_payoffs(items: list[_Item], game: GameDefinition | None) -> None:
    """:func:`_checked` for many hands at once, the fast way: the showdowns of all of them ranked in one call of the
    table's ranker. The first hand whose payoffs do not fit is checked again by :func:`_checked` (the oracle of this
    one), whose error names it."""
    rows: list[list[int]] = []
    starts = []   # each hand's first row (-1: no showdown, or a showdown without the cards)
    for _, _, line, hand in items:
        if len(hand.active) > 1:
            holes = [line.holes[position] for position in hand.active]
            if all(len(hole) == 2 for hole in holes):
                starts.append(len(rows))
                tail = [card.index for card in line.board]
                rows.extend([hole[0].index, hole[1].index, *tail] for hole in holes)
                continue
        starts.append(-1)
    values = FixedLimitGame.ranker.rank_many(np.array(rows, dtype=np.uint8), validate=False).tolist() if rows else []
    for (source, number, line, hand), start in zip(items, starts):
        payoffs, active = line.payoffs, hand.active
        winners: tuple[int, ...]
        if len(active) == 1:
            winners = active
        elif start < 0:
            winners = ()
        else:
            shown = values[start:start + len(active)]
            best = max(shown)
            winners = tuple(position for position, value in zip(active, shown) if value == best)
        if len(winners) == 1 and payoffs == hand.alone[winners[0]]:
            continue   # (the usual case, exactly)
        spent = hand.spent
        good = bool(winners) and abs(math.fsum(payoffs)) <= 1e-6 * max(1, max(spent)) and all(
            abs(payoff + put - hand.pot / len(winners)) < 1 if position in winners else payoff == -put
            for position, (payoff, put) in enumerate(zip(payoffs, spent)))
        if not good:
            try:
                _checked(line, game)
            except PokerError as error:
                raise ProtocolError(f'{source}, line {number}: {error}') from None


def _collect(items: Iterator[_Item], game: Callable[[], GameDefinition | None]) -> list[LogLine]:
    """The hands of ``items``, their payoffs checked (:func:`_check_payoffs`) under ``game()`` (the game in force);
    an error of a hand read comes after the payoff errors of the hands above it."""
    hands: list[LogLine] = []
    batch: list[_Item] = []
    try:
        for item in items:
            batch.append(item)
            if len(batch) == _BATCH:
                _check_payoffs(batch, game())
                hands.extend(line for _, _, line, _ in batch)
                batch = []
    except ProtocolError as error:
        failed = error
    else:
        _check_payoffs(batch, game())
        hands.extend(line for _, _, line, _ in batch)
        return hands
    _check_payoffs(batch, game())   # an error above the one raised comes first
    raise failed


def _lines_given(lines: Iterable[object], game: GameDefinition | None, source: str,
                 most_hands: int) -> Iterator[_Item]:
    """The hands of ``STATE`` lines held in memory (:meth:`HandHistory.parse`)."""
    kept: dict[int, dict[str, _Finished | None]] = {}
    for number, line in enumerate(lines, 1):
        if number > most_hands:
            raise ProtocolError(f'{source}, line {number}: more than {most_hands:,} lines (the most hands read at '
                                'once)')
        try:
            text = _line_text('a log line', line)
            fast = _fast_log_line(text, game, kept)
            if fast is None:
                hand = LogLine._read(text, game)
                finished = _finished(game or _table_game(len(hand.names)), hand.betting)
                assert finished is not None   # (a hand read is a finished hand)
                fast = hand, finished
        except PokerError as error:
            raise ProtocolError(f'{source}, line {number}: {error}') from None
        yield source, number, fast[0], fast[1]


def _counts(records: Sequence[ActionRecord], players: int) -> tuple[tuple[int, ...], ...]:
    """Each position's counts in one hand (:class:`_Tally`'s, in its order, the hand itself first)."""
    folded_preflop = {r.seat for r in records if r.street == 'preflop' and r.action == Action.FOLD}
    folded = {r.seat for r in records if r.action == Action.FOLD}
    flop = players - len(folded_preflop) > 1
    showdown = players - len(folded) > 1
    counts = []
    for position in range(players):
        own = [r for r in records if r.seat == position and not isinstance(r.action, Blind)]
        saw_flop = flop and position not in folded_preflop
        counts.append((1, int(any(r.street == 'preflop' and r.action in _VOLUNTARY for r in own)),
                       int(any(r.street == 'preflop' and r.action == Action.RAISE for r in own)),
                       sum(r.street != 'preflop' and r.action in (Action.BET, Action.RAISE) for r in own),
                       sum(r.street != 'preflop' and r.action == Action.CALL for r in own),
                       int(saw_flop), int(saw_flop and showdown and position not in folded)))
    return tuple(counts)


class _Tally:
    """One player's counts as the hands are read: hands, VPIP, PFR, bets and raises after the flop, calls after
    the flop, flops seen, showdowns (in :func:`_counts`' order)."""

    def __init__(self) -> None:
        self.counts = [0] * 7

    def add(self, counts: tuple[int, ...], times: int) -> None:
        for index, count in enumerate(counts):
            self.counts[index] += count * times


def _stats(name: str, tally: _Tally, values: Sequence[float]) -> PlayerStats:
    """A player's :class:`PlayerStats` from his counts and his results (one per sample)."""
    hands, vpip, pfr, aggressive, calls, flops, showdowns = tally.counts
    mean = math.fsum(values) / len(values)
    half = 0.0
    if len(values) > 1:
        variance = math.fsum((value - mean) ** 2 for value in values) / (len(values) - 1)
        half = 1.96 * math.sqrt(variance) / math.sqrt(len(values))
    return PlayerStats(name, hands, vpip / hands, pfr / hands, _share(aggressive, calls), _share(showdowns, flops),
                       mean, half, len(values), aggressive)


class _Deal:
    """The lines of one deal so far (:meth:`HandHistory.deals`): its seatings and the longest board shown."""

    __slots__ = ('lines', 'seatings', 'board')

    def __init__(self, line: LogLine) -> None:
        self.lines = [line]
        self.seatings = {line.names}
        self.board = line.board

    def takes(self, line: LogLine) -> bool:
        """Whether ``line`` (with this deal's hole cards) is another seating of it: the boards agree as far as both
        go, and no line of the deal seats the same players in the same positions."""
        shorter = min(len(self.board), len(line.board))
        return line.names not in self.seatings and self.board[:shorter] == line.board[:shorter]

    def add(self, line: LogLine) -> None:
        self.lines.append(line)
        self.seatings.add(line.names)
        if len(line.board) > len(self.board):
            self.board = line.board


@frozen
class HandHistory:
    """The hands of one or more ACPC logs, in the order read; ``game`` is the game they were played under (None:
    :meth:`GameDefinition.for_table <poker.formats.acpc_notation.GameDefinition.for_table>` for each hand's number
    of players).
    """

    lines: tuple[LogLine, ...] = field(converter=_lines, eq=False, repr=False)
    game: GameDefinition | None = field(default=None, converter=_game)
    _deals: list[list[LogLine]] | None = field(init=False, default=None, eq=False, repr=False)
    """:meth:`deals`, once worked out."""

    @classmethod
    def parse(cls, lines: Iterable[str], *, game: GameDefinition | None = None, source: str = 'log',
              most_hands: int = MOST_HANDS) -> HandHistory:
        """The hands of ``STATE`` lines (each a hand: :func:`read_history` reads files, comments and the dealer's
        ``SCORE`` line included), each checked against ``game`` (None: the table's game) and its payoffs against its
        betting and cards; a line that is not such a hand, and more than ``most_hands`` lines, is a
        :class:`~poker.errors.ProtocolError` naming ``source`` and the line's number."""
        game = _game(game)
        source = text('source', source, error=PokerError)
        most_hands = whole_number('most_hands', most_hands, minimum=1, maximum=10 ** 9, error=PokerError)
        if not is_items(lines):
            raise PokerError(f'lines must be a list of log lines, got {shown(lines)}')
        return cls(tuple(_collect(_lines_given(lines, game, source, most_hands), lambda: game)), game)

    # ------------------------------------------------------------------------------------ what it holds
    def _records(self, line: LogLine) -> tuple[ActionRecord, ...]:
        return line.records(self.game)

    def _small_bet(self, line: LogLine) -> int:
        return (self.game or _table_game(len(line.names))).raise_sizes[0]

    def deals(self) -> list[list[LogLine]]:
        """The hands grouped by deal, in the order of each deal's first hand. Lines are seatings of one deal (a
        duplicate match's deal replayed with the players moved) when they have the same number of positions and
        the same hole cards at every position, all shown, their boards agree as far as both go (a hand may end
        before another), and no two seat the same players in the same positions; a line joins the earliest of
        the latest 16 such deals that takes it, else begins its own. A line that does not show every hole card (a
        player's own log) is a deal of its own."""
        if self._deals is None:
            deals: list[list[LogLine]] = []
            by_cards: dict[tuple[tuple[Card, ...], ...], list[_Deal]] = {}
            for line in self.lines:
                holes = line.holes
                if () in holes:   # a card not shown
                    deals.append([line])
                    continue
                same = by_cards.setdefault(holes, [])
                for deal in same[-_RECENT_DEALS:]:
                    if deal.takes(line):
                        deal.add(line)
                        break
                else:
                    deal = _Deal(line)
                    same.append(deal)
                    deals.append(deal.lines)
            object.__setattr__(self, '_deals', deals)
        assert self._deals is not None
        return [list(deal) for deal in self._deals]

    @property
    def paired(self) -> bool:
        """Whether the hands are a duplicate match's: every deal played in the same number of seatings, two or
        more (else every hand is its own sample)."""
        deals = self.deals()
        return len(deals) < len(self.lines) and len({len(deal) for deal in deals}) == 1

    def names(self) -> list[str]:
        """The players, in the order they first appear."""
        return list(dict.fromkeys(itertools.chain.from_iterable(map(_NAMES, self.lines))))

    # ------------------------------------------------------------------------------------ the numbers
    def players(self) -> tuple[PlayerStats, ...]:
        """Each player's :class:`PlayerStats`, in the order they first appear."""
        tallies = {name: _Tally() for name in self.names()}
        counted: dict[tuple[int, str], tuple[tuple[int, ...], ...]] = {}   # by players and betting
        kinds = Counter(zip(map(_NAMES, self.lines), map(_BETTING, self.lines)))   # hands alike but for cards
        line_of = dict(zip(zip(map(_NAMES, self.lines), map(_BETTING, self.lines)), self.lines))   # one of each
        for (names, betting), times in kinds.items():
            key = (len(names), betting)
            counts = counted.get(key)
            if counts is None:
                counts = counted[key] = _counts(self._records(line_of[names, betting]), len(names))
            for name, own in zip(names, counts):
                tallies[name].add(own, times)
        samples = self._samples()
        return tuple(_stats(name, tally, samples[name]) for name, tally in tallies.items())

    def _samples(self) -> dict[str, list[float]]:
        """Each player's results in small bets per hand: one per deal (the mean over its seatings he played), or
        one per hand when the hands are not a duplicate match's (:attr:`paired`), in no particular order."""
        samples: dict[str, list[float]] = {name: [] for name in self.names()}
        if not self.paired:
            by_names: dict[tuple[str, ...], list[tuple[float, ...]]] = {}
            for line in self.lines:
                by_names.setdefault(line.names, []).append(line.payoffs)
            for names, rows in by_names.items():
                small_bet = (self.game or _table_game(len(names))).raise_sizes[0]
                for name, column in zip(names, zip(*rows)):
                    samples[name].extend([payoff / small_bet for payoff in column])
            return samples
        for deal in self.deals():
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
        """What a :class:`~poker.players.modelling.ModellingLokiPlayer` (``player``, or a fresh one with specific
        models) learns from these hands played as ``as_name`` sees them (its own hole cards, everyone's actions,
        the cards shown at showdowns): its :meth:`~poker.players.modelling.ModellingLokiPlayer.state`, a
        :class:`~poker.players.frequencies.ModelState`. The hands without ``as_name`` are left out (they are not his)."""
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
        game = self.game or _table_game(len(line.names))
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
                             ('name', 'hands', 'vpip', 'pfr', 'aggression', 'aggression_unbounded',
                              'went_to_showdown', 'sb_per_hand', 'low',
                              'high', 'samples'))

    def table(self) -> str:
        """A text table of the players, best first (:func:`stats_table`)."""
        return stats_table(self.players())


def stats_table(rows: Sequence[PlayerStats], label: str = 'sb/hand', factor: float = 1) -> str:
    """Players' numbers as a text table, best first, as trackers print them: the result column ``label``, its
    values times ``factor`` (100: per 100 hands); an aggression factor without bound (bets and raises, never a
    call) is ``∞``, one never measured ``-``."""
    rows = sorted(rows, key=lambda stats: -stats.sb_per_hand)
    width = max([6, *(len(stats.name) for stats in rows)])

    def number(value: float | None, form: str) -> str:
        return f'{"-":>6}' if value is None else format(value, form)
    lines = [f"{'player':<{width}}  {'hands':>7}  {'VPIP':>6}  {'PFR':>6}  {'AF':>6}  {'WTSD':>6}  "
             f"{label:>8}  {'95% interval':>20}"]
    for stats in rows:
        mean, half = stats.sb_per_hand * factor, stats.half_width * factor
        lines.append(f'{stats.name:<{width}}  {stats.hands:>7,}  {stats.vpip:>6.1%}  {stats.pfr:>6.1%}  '
                     f'{"∞" if stats.aggression_unbounded else number(stats.aggression, ">6.2f"):>6}  '
                     f'{number(stats.went_to_showdown, ">6.1%")}  '
                     f'{mean:>+8.3f}  [{mean - half:>+8.3f}, {mean + half:>+8.3f}]')
    return '\n'.join(lines)


def read_history(paths: str | os.PathLike[str] | Sequence[str | os.PathLike[str]], *,
                 game: GameDefinition | None = None, most_hands: int = MOST_HANDS) -> HandHistory:
    """The hands of the ACPC log files ``paths`` (one path or a list), in order, read as streams by the rules of
    :func:`~poker.formats.acpc_log.read_log` (a line at a time: comments, a header's game definition, the
    dealer's ``SCORE`` line checked; a line longer than 10,000 characters, more than ``most_hands`` hands or twice
    as many lines in all refused), every other line a hand whose payoffs fit its betting and cards under the game
    (``game``, else the game the logs' headers give, else the table's), else an error naming the file and the
    line."""
    items = [paths] if isinstance(paths, (str, os.PathLike)) else \
        list(paths)[:1001] if isinstance(paths, (list, tuple)) else None
    if not items or len(items) > 1000 or not all(isinstance(path, (str, os.PathLike)) for path in items):
        raise PokerError(f'paths must be a log file or a list of 1 to 1,000, got {shown(paths)}')
    game = _game(game)
    most_hands = whole_number('most_hands', most_hands, minimum=1, maximum=10 ** 9, error=PokerError)
    reader = _LogReader(game, most_hands)

    def hands() -> Iterator[_Item]:
        for path in items:
            yield from reader.read(path)
    return HandHistory(tuple(_collect(hands(), lambda: reader.game)), reader.game)
