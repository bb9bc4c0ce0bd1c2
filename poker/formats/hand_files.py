"""Hand histories of any kind read alike: ACPC logs, PHH files and the poker sites' files (PokerStars, Full Tilt
Poker, iPoker, PartyPoker, read by pokerkit's parsers extended to fixed-limit hold'em,
:mod:`~poker.formats.site_parsers`), each hand a :class:`PlayedHand`.

:func:`read_hands` reads files of any of these kinds (each file's kind found from its text: a ``.phh`` or
``.phhs`` name or TOML with a ``variant`` is PHH, ``STATE:`` lines or a ``# GAMEDEF`` header an ACPC log, the
header of a hand of a site that site's file, and any other file is read as an ACPC log, whose reader says which
line is wrong) into :class:`HandFiles`: the hands of fixed-limit and no-limit Texas
hold'em, by position as ACPC numbers them (position 0 left of the button, heads-up the big blind), and a count of
the hands of other games, skipped. Reading PHH and the sites' files needs pokerkit (the extra
``loki-holdem[pokerkit]``); a file that is none of these, or a hand in it that cannot be read, is one
:class:`~poker.errors.ProtocolError` naming the file and the line.

The sites' amounts (dollars and cents) are counted in the hand's smallest unit (cents: the amounts times a power
of ten that makes them whole), so that a fixed-limit hand is an ACPC log line (:attr:`PlayedHand.line`) under
its own game (:attr:`PlayedHand.rules`): the same hand :class:`~poker.formats.hand_history.HandHistory` and
``poker review`` replay. A pot is its winners' whole (pokerkit leaves the rake out).
"""

from __future__ import annotations

import os
import re
import warnings
from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any

import attrs
from attrs import field, frozen

from ..cards.card import Card
from ..errors import PokerError, ProtocolError
from ..strategy.actions import Action, Blind
from ..table.records import ActionRecord
from ..markup import clipped
from ..validators import shown, whole_number
from .acpc_log import MOST_LOG_HANDS, LogLine, _LogReader
from .acpc_notation import GameDefinition, _table_game
from .hand_history import HandHistory, PlayerStats, _collect, _counts, _stats, _Tally, read_history, stats_table
from .phh import _read_text, is_phh, is_phh_text, read_phh_file

__all__ = ['FIXED_LIMIT', 'NO_LIMIT', 'HandFiles', 'HistoryReport', 'PlayedHand', 'history_report', 'one_game_history',
           'read_any_history', 'read_hands']

FIXED_LIMIT = 'FT'
"""pokerkit's (and PHH's) code of fixed-limit Texas hold'em."""
NO_LIMIT = 'NT'
"""pokerkit's code of no-limit Texas hold'em."""

_GAMES = {FIXED_LIMIT: "fixed-limit Texas hold'em", NO_LIMIT: "no-limit Texas hold'em"}
_STREETS = {0: 'preflop', 3: 'flop', 4: 'turn', 5: 'river'}
_MOST_FILES = 1000
_LONGEST_SITE_LINE = 2_000
"""The longest line of a site's hand history read (pokerkit's patterns take a time that grows as a line's square)."""
_CAPS = ((3, 4, 4, 4), (4, 4, 4, 4))
"""The caps on raises a fixed-limit hand is read under: the sites' and the table's (a bet and three raises a round,
the big blind the bet before the flop), else pokerkit's (four raises before the flop too), which read it."""


@frozen
class PlayedHand:
    """One hand of hold'em read from a file, everything by position.

    ``unit`` is the hand's small bet (fixed-limit) or big blind (no-limit), in its chips; ``line`` and ``rules``
    are a fixed-limit hand as an ACPC log line and its game (None for a no-limit hand, or a fixed-limit one that
    ACPC's betting cannot write: an all-in for less than a bet). ``rules`` caps the raises as the sites and this
    library's table do (a bet and three raises a round, the big blind the bet before the flop) unless the hand
    raised once more before the flop, as pokerkit's fixed-limit hold'em allows.
    """

    source: str
    """Where it was read: the file and the line its hand begins at."""
    game: str
    """:data:`FIXED_LIMIT` or :data:`NO_LIMIT`."""
    names: tuple[str, ...]
    records: tuple[ActionRecord, ...]
    """Every action (blinds first) as the table records it, seats being positions."""
    holes: tuple[tuple[Card, ...], ...]
    """The hole cards known (dealt to the file's owner, or shown), by position; () where not known."""
    board: tuple[Card, ...]
    payoffs: tuple[float, ...]
    """Each position's chips won less chips put in."""
    unit: int
    line: LogLine | None = field(default=None, eq=False)
    rules: GameDefinition | None = field(default=None, eq=False)
    scale: int = 1
    """The hand's chips in one chip of its file: 100 when the site counts in dollars and cents."""
    number: str = ''
    """The hand's number in its file (the site's, or the log's)."""

    def money(self, chips: float) -> str:
        """An amount of the hand's chips as its file writes it (``0.20`` for 20 cents)."""
        places = len(str(self.scale)) - 1
        return f'{chips / self.scale:.{places}f}'


@frozen
class HandFiles:
    """The hands of hold'em of some files (:func:`read_hands`), in the order read, and the hands of other games
    counted by game (skipped)."""

    hands: tuple[PlayedHand, ...]
    skipped: tuple[tuple[str, int], ...] = ()
    """(game, hands) of the games other than fixed-limit and no-limit hold'em, in the order met."""

    def skipped_line(self) -> str | None:
        """One line saying which hands were skipped (None: none)."""
        if not self.skipped:
            return None
        count = sum(number for _, number in self.skipped)
        games = ', '.join(f'{number:,} of {game}' for game, number in self.skipped)
        return f'{count:,} hand{"s" if count != 1 else ""} of other games skipped ({games})'


# ---------------------------------------------------------------------------------------------------- ACPC logs
def _from_line(line: LogLine, rules: GameDefinition, source: str) -> PlayedHand:
    return PlayedHand(source, FIXED_LIMIT, line.names, line.records(rules), line.holes, line.board, line.payoffs,
                      rules.raise_sizes[0], line, rules, number=str(line.hand))


# ---------------------------------------------------------------------------------------------------- pokerkit
def _card(card: Any) -> Card | None:
    rank, suit = str(card.rank.value), str(card.suit.value)
    if rank == '?' or suit == '?':
        return None
    return Card.parse(rank + suit)


def _cards(cards: Iterable[Any]) -> tuple[Card, ...]:
    known = [_card(card) for card in cards]
    return () if any(card is None for card in known) else tuple(card for card in known if card is not None)


def _scale(values: Iterable[object]) -> int:
    """The power of ten (1 to 10**6) that makes every amount whole."""
    for scale in (1, 10, 100, 1000, 10 ** 4, 10 ** 5, 10 ** 6):
        if all(Decimal(str(value)) * scale % 1 == 0 for value in values):
            return scale
    raise ValueError('amounts with more than 6 decimals')


def _whole(value: object, scale: int) -> int:
    amount = Decimal(str(value)) * scale
    if amount != amount.to_integral_value() or not abs(amount) < 10 ** 15:
        raise ValueError(f'an amount of {value} chips')
    return int(amount)


def _from_pokerkit(hh: Any, source: str) -> PlayedHand:
    """A pokerkit ``HandHistory`` of fixed-limit or no-limit hold'em played out as a :class:`PlayedHand` (its
    variant checked by the caller); pokerkit's refusal is a ``ValueError``."""
    state = None
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        for state in hh:
            pass
    assert state is not None
    if state.status:
        raise ValueError('the hand is not over')
    players = state.player_count
    names = tuple(str(name).replace(':', '_').replace('|', '_')[:200] or f'p{index + 1}'
                  for index, name in enumerate(hh.players or [f'p{index + 1}' for index in range(players)]))
    if len(names) != players or len(set(names)) != players:
        raise ValueError(f'players must name each of the {players} players once, got {shown(hh.players)}')
    operations = list(state.operations)
    kinds = [type(operation).__name__ for operation in operations]
    amounts = [operation.amount for operation, kind in zip(operations, kinds)
               if kind in ('BlindOrStraddlePosting', 'CheckingOrCalling', 'CompletionBettingOrRaisingTo')]
    bets = [hh.small_bet, hh.big_bet] if hh.variant == FIXED_LIMIT else [hh.min_bet]
    scale = _scale([*amounts, *state.payoffs, *[bet for bet in bets if bet is not None]])
    board: list[Card] = []
    holes: list[tuple[Card, ...]] = [()] * players
    records: list[ActionRecord] = []
    round_bets = [0] * players
    blinds = [0] * players
    pot = 0
    betting = ''
    street = 'preflop'
    sizes = [_whole(bet, scale) for bet in bets if bet is not None]
    for operation, kind in zip(operations, kinds):
        if kind == 'BoardDealing':
            cards = _cards(operation.cards)
            if len(cards) != len(operation.cards):
                raise ValueError('a board card not known')
            board.extend(cards)
            if len(board) not in _STREETS:
                raise ValueError(f'a board of {len(board)} cards')
            street = _STREETS[len(board)]
            round_bets = [0] * players
            betting += '/'
            continue
        if kind == 'HoleDealing':
            holes[operation.player_index] = _cards(operation.cards) if len(operation.cards) == 2 else ()
            continue
        if kind == 'HoleCardsShowingOrMucking':
            shown_cards = _cards(operation.hole_cards)
            if len(shown_cards) == 2:
                holes[operation.player_index] = shown_cards
            continue
        position = getattr(operation, 'player_index', None)
        if position is None:
            continue
        to_call = max(round_bets) - round_bets[position]
        size = 0 if hh.variant != FIXED_LIMIT else sizes[0] if street in ('preflop', 'flop') else sizes[1]
        if kind == 'BlindOrStraddlePosting':
            put = _whole(operation.amount, scale)
            blinds[position] = put
            action: Action | Blind = Blind.BIG
            to_call = size = 0
        elif kind == 'Folding':
            put, action = 0, Action.FOLD
            betting += 'f'
        elif kind == 'CheckingOrCalling':
            put = _whole(operation.amount, scale)
            action = Action.CALL if put else Action.CHECK
            betting += 'c'
        elif kind == 'CompletionBettingOrRaisingTo':
            put = _whole(operation.amount, scale) - round_bets[position]
            action = Action.RAISE if max(round_bets) else Action.BET
            betting += 'r'
        else:
            continue
        round_bets[position] += put
        pot += put
        records.append(ActionRecord(street, position, action, put, pot, to_call=to_call, bet_size=size))
    if any(blinds):   # the largest blind is the big blind, the others small ones
        big_blind = blinds.index(max(blinds))
        records = [attrs.evolve(record, action=Blind.BIG if record.seat == big_blind else Blind.SMALL)
                   if isinstance(record.action, Blind) else record for record in records]
    payoffs = tuple(float(_whole(payoff, scale)) for payoff in state.payoffs)
    unit = sizes[0] if hh.variant == FIXED_LIMIT else max(blinds) or sizes[0]
    hand = PlayedHand(source, hh.variant, names, tuple(records), tuple(holes), tuple(board), payoffs, unit,
                      scale=scale, number='' if hh.hand is None else clipped(str(hh.hand), 40))
    if hh.variant != FIXED_LIMIT:
        return hand
    big = blinds.index(max(blinds))
    number = hh.hand if isinstance(hh.hand, int) and 0 <= hh.hand < 2 ** 32 else 0
    for caps in _CAPS:
        try:
            rules = GameDefinition(players, tuple(blinds), (sizes[0], sizes[0], sizes[1], sizes[1]),
                                   ((big + 1) % players, 0, 0, 0), caps)
            line = LogLine(number, betting, tuple(holes), tuple(board), payoffs, names)
            line.records(rules)
        except PokerError:
            continue
        return attrs.evolve(hand, line=line, rules=rules)
    return hand   # (an all-in for less than a bet: no ACPC line)


def _game_name(hh: Any) -> str:
    """A game's name: pokerkit's class for the variant code (``PotLimitOmahaHoldem``), else the code."""
    kind = type(hh).game_types.get(hh.variant) if isinstance(hh.variant, str) else None
    return kind.__name__ if kind is not None else shown(hh.variant, 40)


# ---------------------------------------------------------------------------------------------------- files
class _Reader:
    def __init__(self, most_hands: int) -> None:
        self.most_hands = most_hands
        self.hands: list[PlayedHand] = []
        self.skipped: dict[str, int] = {}

    def read_so_far(self) -> int:
        return len(self.hands) + sum(self.skipped.values())

    def count(self, source: str, number: int) -> None:
        if self.read_so_far() >= self.most_hands:
            raise ProtocolError(f'{source}, line {number}: more than {self.most_hands:,} hands read (the most hands '
                                'read at once)')

    def skip(self, game: str) -> None:
        self.skipped[game] = self.skipped.get(game, 0) + 1

    def read(self, path: str | os.PathLike[str]) -> None:
        if not isinstance(path, (str, os.PathLike)):
            raise ProtocolError(f'a hand history must be a path, got {shown(path)}')
        source = shown(str(path))
        if _looks_acpc(path):
            self._acpc(path)
            return
        text = _read_text(path)
        if is_phh_text(path, text):
            for number, hh in read_phh_file(path, text):
                self.count(source, number)
                self._pokerkit(hh, f'{source}, line {number}')
            return
        from .site_parsers import PARSERS
        long_line = next((number for number, line in enumerate(text.split('\n'), 1) if len(line) > _LONGEST_SITE_LINE),
                         None)
        for site, parser_class in PARSERS.items():
            parser = parser_class()
            matches = list(re.finditer(parser.HAND, text))
            if not matches:
                continue
            if long_line is not None:   # (pokerkit's patterns take a time that grows as a line's square)
                raise ProtocolError(f'{source}, line {long_line}: longer than {_LONGEST_SITE_LINE:,} characters (no '
                                    f'line of a {site} hand is)')
            if hasattr(parser, 'keep_session'):
                parser.keep_session(text)
            for match in matches:
                number = text.count('\n', 0, match.start()) + 1
                where = f'{source}, line {number}'
                self.count(source, number)
                hand_text = match.group(0)
                if re.search(parser.VARIANT, hand_text) is None:
                    self.skip(f'{site} {_site_game(hand_text)}')
                    continue
                try:
                    with warnings.catch_warnings():
                        warnings.simplefilter('ignore')
                        hh = parser._parse(hand_text, _parse_value)
                except (ValueError, KeyError, IndexError, TypeError, AttributeError, ArithmeticError) as error:
                    raise ProtocolError(f'{where}: a {site} hand pokerkit cannot read: {_reason(error)}') from None
                self._pokerkit(hh, where)
            return
        try:   # neither PHH nor a site's: an ACPC log (whose reader says which line is wrong)
            self._acpc(path)
        except ProtocolError as error:
            raise ProtocolError(f'{error} (not a PHH file nor a hand history of {", ".join(PARSERS)} either)') \
                from None

    def _acpc(self, path: str | os.PathLike[str]) -> None:
        acpc = _LogReader(None, self.most_hands - self.read_so_far())   # (each log its own header's game)
        items = list(acpc.read(path))
        _collect(iter(items), lambda: acpc.game)
        for where, number, line, _ in items:
            self.hands.append(_from_line(line, acpc.game or _table_game(len(line.names)), f'{where}, line {number}'))

    def _pokerkit(self, hh: Any, where: str) -> None:
        if hh.variant not in _GAMES:
            self.skip(_game_name(hh))
            return
        try:
            self.hands.append(_from_pokerkit(hh, where))
        except (ValueError, KeyError, IndexError, TypeError, AttributeError, ArithmeticError) as error:
            raise ProtocolError(f'{where}: a hand pokerkit cannot play out: {_reason(error)}') from None


def _parse_value(text: str) -> Any:
    from pokerkit.utilities import parse_value
    value = parse_value(text)
    if isinstance(value, Decimal) and not value.is_finite():
        raise ValueError(f'the amount {text!r}')
    return value


def _reason(error: BaseException) -> str:
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    return text[:200]


def _site_game(text: str) -> str:
    """The game a site's hand names in its first line: after the hand's number, up to its stakes or date."""
    first = text.split('\n', 1)[0]
    game = re.split(r' \(| - ', first.partition(': ')[2] or first, maxsplit=1)[0]
    return clipped(game.strip(), 40) or 'an unknown game'



def _looks_acpc(path: str | os.PathLike[str]) -> bool:
    """Whether the file begins as an ACPC log: a ``STATE:`` or ``SCORE:`` line, or ``#`` comments, before anything
    else (blank lines aside; PHH files may begin with comments too, so a ``.phh`` name is never ACPC); anything but
    a regular file (a pipe, a device, a missing file) is read as a log, whose reader takes a line at a time."""
    if is_phh(path):
        return False
    if not os.path.isfile(path):   # a stream (a pipe, /dev/zero) is read once, as a log a line at a time
        return True
    try:
        with open(path, 'rb') as file:
            head = file.read(65_536)
    except (OSError, ValueError) as error:
        raise ProtocolError(f'cannot read {shown(str(path))}: {getattr(error, "strerror", None) or error}') from None
    for raw in head.decode('utf-8', 'replace').removeprefix('\ufeff').splitlines():
        line = raw.strip()
        if not line or line.startswith('#'):
            continue
        return line.startswith(('STATE:', 'SCORE:'))
    return True   # (comments only, or nothing: an empty log)


def read_hands(paths: str | os.PathLike[str] | Sequence[str | os.PathLike[str]], *,
               most_hands: int = MOST_LOG_HANDS) -> HandFiles:
    """The hands of hold'em of the files ``paths`` (one path or a list; ACPC logs, PHH files, the sites' hand
    histories), in order, and the hands of other games counted (see the module); at most ``most_hands``."""
    items = [paths] if isinstance(paths, (str, os.PathLike)) else \
        list(paths)[:_MOST_FILES + 1] if isinstance(paths, (list, tuple)) else None
    if not items or len(items) > _MOST_FILES or not all(isinstance(path, (str, os.PathLike)) for path in items):
        raise PokerError(f'paths must be a hand-history file or a list of 1 to {_MOST_FILES:,}, got {shown(paths)}')
    most_hands = whole_number('most_hands', most_hands, minimum=1, maximum=10 ** 9, error=PokerError)
    reader = _Reader(most_hands)
    for path in items:
        reader.read(path)
    return HandFiles(tuple(reader.hands), tuple(reader.skipped.items()))


# ---------------------------------------------------------------------------------------------------- statistics
def _player_stats(hands: Sequence[PlayedHand]) -> tuple[PlayerStats, ...]:
    """Each player's :class:`~poker.formats.hand_history.PlayerStats` over ``hands``, counted as
    :meth:`HandHistory.players <poker.formats.hand_history.HandHistory.players>` counts them, the result in each
    hand's unit (every hand its own sample), in the order the players first appear."""
    tallies: dict[str, _Tally] = {}
    samples: dict[str, list[float]] = {}
    for hand in hands:
        for name, own, payoff in zip(hand.names, _counts(hand.records, len(hand.names)), hand.payoffs):
            tallies.setdefault(name, _Tally()).add(own, 1)
            samples.setdefault(name, []).append(payoff / hand.unit)
    return tuple(_stats(name, tally, samples[name]) for name, tally in tallies.items())


@frozen
class HistoryReport:
    """Each player's numbers over hands of several kinds (:func:`history_report`): fixed-limit hold'em in small
    bets per hand, no-limit hold'em in big blinds per 100 hands (as players' trackers print it), every hand its own
    sample."""

    fixed_limit: tuple[PlayerStats, ...]
    """The players of the fixed-limit hands (their ``sb_per_hand`` in small bets per hand)."""
    no_limit: tuple[PlayerStats, ...]
    """The players of the no-limit hands (their ``sb_per_hand`` in big blinds per hand)."""
    hands: tuple[int, int]
    """The fixed-limit and the no-limit hands."""
    skipped: str | None = None
    """:meth:`HandFiles.skipped_line`."""

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready data: for no-limit, ``bb_per_100`` (with its interval, ``low`` and ``high``) in place
        of ``sb_per_hand``."""
        def no_limit(stats: PlayerStats) -> dict[str, object]:
            row = stats.to_dict()
            mean = row.pop('sb_per_hand')
            assert isinstance(mean, float)
            return {**row, 'bb_per_100': 100 * mean, 'low': 100 * (mean - stats.half_width),
                    'high': 100 * (mean + stats.half_width)}
        return {'hands': sum(self.hands), 'skipped': self.skipped,
                'fixed_limit': {'hands': self.hands[0], 'unit': 'small bets per hand',
                                'players': [stats.to_dict() for stats in self.fixed_limit]},
                'no_limit': {'hands': self.hands[1], 'unit': 'big blinds per 100 hands',
                             'players': [no_limit(stats) for stats in self.no_limit]}}

    def table(self) -> str:
        """The players in text tables, one per game (best first), and the line of hands skipped."""
        parts = []
        for title, rows, label, factor in (
                (f"fixed-limit hold'em: {self.hands[0]:,} hands; small bets per hand", self.fixed_limit, 'sb/hand', 1),
                (f"no-limit hold'em: {self.hands[1]:,} hands; big blinds per 100 hands", self.no_limit, 'bb/100', 100)):
            if rows:
                parts.append(title + '\n' + stats_table(rows, label, factor))
        if self.skipped:
            parts.append(self.skipped)
        return '\n\n'.join(parts)


def history_report(files: HandFiles) -> HistoryReport:
    """The :class:`HistoryReport` of the hands read (:func:`read_hands`)."""
    fixed = [hand for hand in files.hands if hand.game == FIXED_LIMIT]
    free = [hand for hand in files.hands if hand.game == NO_LIMIT]
    return HistoryReport(_player_stats(fixed), _player_stats(free), (len(fixed), len(free)), files.skipped_line())


def one_game_history(files: HandFiles) -> HandHistory | None:
    """The hands read as one :class:`~poker.formats.hand_history.HandHistory` when they all are fixed-limit hands
    written as ACPC lines of one game (the caps on raises aside: the game then allows the most of any file's), as a
    PHH log of this library's and its ACPC log are: the same numbers, duplicate seatings paired; else None."""
    games = {hand.rules for hand in files.hands}
    if not files.hands or None in games or any(hand.line is None for hand in files.hands):
        return None
    kinds = {(game.players, game.blinds, game.raise_sizes, game.first_player) for game in games if game is not None}
    if len(kinds) != 1:
        return None
    players, blinds, sizes, first = kinds.pop()
    caps = tuple(max(game.max_raises[round_] for game in games if game is not None) for round_ in range(4))
    game = GameDefinition(players, blinds, sizes, first, caps)
    lines = tuple(hand.line for hand in files.hands if hand.line is not None)
    return HandHistory(lines, None if game == _table_game(players) else game)


def read_any_history(paths: Sequence[str | os.PathLike[str]], *, game: GameDefinition | None = None,
                     most_hands: int = MOST_LOG_HANDS) -> tuple[HandHistory | HistoryReport, str | None]:
    """What ``poker history`` reads: ACPC logs alone as :func:`~poker.formats.hand_history.read_history` reads them
    (under ``game``, if given); PHH logs of one game as their ACPC log (:func:`one_game_history`); any other mix as
    a :class:`HistoryReport`; with the line of the hands of other games skipped (None: none)."""
    if not isinstance(paths, (list, tuple)) or not all(isinstance(path, (str, os.PathLike)) for path in paths):
        raise PokerError(f'paths must be a list of hand-history files, got {shown(paths)}')
    most_hands = whole_number('most_hands', most_hands, minimum=1, maximum=10 ** 9, error=PokerError)
    if all(_looks_acpc(path) for path in paths[:_MOST_FILES + 1]):
        return read_history(paths, game=game, most_hands=most_hands), None
    if game is not None:
        raise PokerError('a game definition reads ACPC logs only; the other files give their own games')
    files = read_hands(paths, most_hands=most_hands)
    history = one_game_history(files)
    return (history if history is not None else history_report(files)), files.skipped_line()
