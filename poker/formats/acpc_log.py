"""Lines of an ACPC log (``STATE:<hand>:<betting>:<cards>:<payoffs>:<names>``, :class:`LogLine`) and log files
(:func:`read_log`), with the fast path that reads a plainly valid line (its oracle is :meth:`LogLine.parse`).

>>> line = LogLine.parse('STATE:3:cc/cc/cc/cc:Ah9c|Ks8d/2h3c4d/5s/6h:-2|2:Ann|Bob')
>>> line.hand, line.payoffs, line.names
(3, (-2.0, 2.0), ('Ann', 'Bob'))
"""

from __future__ import annotations

import itertools
import math
import os
import re
from collections.abc import Iterator
from typing import BinaryIO

from attrs import field, frozen

from ..cards.card import Card
from ..errors import PokerError, ProtocolError
from ..table.records import ActionRecord, HandResult
from ..validators import shown, whole_number
from .acpc_notation import (_LONGEST_LINE, _MOST_KEPT, _MOST_PLAYERS, GameDefinition, _betting_field, _board,
                            _card_string, _check_cards, _digits, _error, _Finished, _finished, _finished_of,
                            _holes_field, _line_text, _read_card_string, _Replay, _table_game, _uint32_field,
                            acpc_betting)

__all__ = ['MOST_LOG_HANDS', 'MOST_LOG_LINES', 'LogLine', 'read_log']

_CARD_OF = {str(card): card for card in (Card.from_index(index) for index in range(52))}
_HOLE_OF = {first + second: (_CARD_OF[first], _CARD_OF[second]) for first in _CARD_OF for second in _CARD_OF
            if first != second}
_TWO = re.compile('..', re.DOTALL)
_ROUND_TEXTS = {0: (), 3: (6,), 4: (6, 2), 5: (6, 2, 2)}
"""The lengths of the board's rounds in a card string (after the hole cards' ``/``), by the cards on the board."""
_PAYOFFS = re.compile(r'-?[0-9]{1,15}(?:\.[0-9]{1,6})?(?:\|-?[0-9]{1,15}(?:\.[0-9]{1,6})?)*')
_KEPT_PAYOFFS: dict[str, tuple[float, ...] | None] = {}
_KEPT_NAMES: dict[str, tuple[str, ...] | None] = {}


def _payoffs_of(text: str) -> tuple[float, ...] | None:
    """The payoffs of a log line's payoff field if plainly valid (None: the slow path says why), kept."""
    try:
        return _KEPT_PAYOFFS[text]
    except KeyError:
        pass
    payoffs = None
    if len(text) <= 24 * _MOST_PLAYERS and _PAYOFFS.fullmatch(text):
        payoffs = tuple(float(item) for item in text.split('|'))
        if not 2 <= len(payoffs) <= _MOST_PLAYERS:
            payoffs = None
    if len(_KEPT_PAYOFFS) >= _MOST_KEPT:
        _KEPT_PAYOFFS.clear()
    _KEPT_PAYOFFS[text] = payoffs
    return payoffs


def _names_of(text: str) -> tuple[str, ...] | None:
    """The names of a log line's name field if plainly valid (None: the slow path says why), kept."""
    try:
        return _KEPT_NAMES[text]
    except KeyError:
        pass
    names: tuple[str, ...] | None = tuple(text.split('|'))
    assert names is not None
    if not 2 <= len(names) <= _MOST_PLAYERS or len(set(names)) != len(names) or '\r' in text \
            or not all(0 < len(name) <= 200 for name in names):
        names = None
    if len(_KEPT_NAMES) >= _MOST_KEPT:
        _KEPT_NAMES.clear()
    if len(text) <= 2_000:
        _KEPT_NAMES[text] = names
    return names


def _fast_log_line(text: str, game: GameDefinition | None,
                   kept: dict[int, dict[str, _Finished | None]] | None = None) -> tuple[LogLine, _Finished] | None:
    """A ``STATE`` line (its line break removed) read the fast way, with its betting played out, if it is plainly a
    valid hand under ``game`` (None: the table's game); None otherwise, and :meth:`LogLine.parse` (the slow path,
    the oracle of this one in the tests) says why. ``kept`` maps a number of players to :func:`_finished_of` its
    game, for a reader of many lines."""
    parts = text.split(':')
    if len(parts) != 6 or parts[0] != 'STATE' or not _digits(parts[1], 10):
        return None
    names = _KEPT_NAMES.get(parts[5]) or _names_of(parts[5])
    payoffs = _KEPT_PAYOFFS.get(parts[4]) or _payoffs_of(parts[4])
    if names is None or payoffs is None or len(names) != len(payoffs):
        return None
    count = len(names)
    finished = None if kept is None else kept.get(count)
    if finished is None:
        finished = _finished_of(game if game is not None else _table_game(count))
        if kept is not None:
            kept[count] = finished
    betting = parts[2]
    hand = finished.get(betting) or _finished(game if game is not None else _table_game(count), betting, finished)
    if hand is None or hand.players != count:
        return None
    cards = parts[3]
    cut = cards.find('/')
    holes_text, board_text = (cards, '') if cut < 0 else (cards[:cut], cards[cut + 1:])
    hole_texts = holes_text.split('|')
    if len(hole_texts) != count or (tuple(map(len, board_text.split('/'))) if cut >= 0 else ()) \
            != _ROUND_TEXTS[hand.board]:
        return None
    try:
        holes = tuple([_HOLE_OF[hole] if hole else () for hole in hole_texts])
        board_text = board_text.replace('/', '')
        board = tuple(map(_CARD_OF.__getitem__, _TWO.findall(board_text)))
    except KeyError:
        return None
    known = _TWO.findall(holes_text.replace('|', '') + board_text)
    if len(set(known)) != len(known):
        return None
    number = int(parts[1])
    if number >= 2 ** 32:
        return None
    line = object.__new__(LogLine)
    put = object.__setattr__
    put(line, 'hand', number)
    put(line, 'betting', betting)
    put(line, 'holes', holes)
    put(line, 'board', board)
    put(line, 'payoffs', payoffs)
    put(line, 'names', names)
    return line, hand


def _payoffs(values: object) -> tuple[float, ...]:
    items = tuple(itertools.islice(values, _MOST_PLAYERS + 1)) if isinstance(values, (list, tuple)) else ()
    if not 2 <= len(items) <= _MOST_PLAYERS or not all(
            isinstance(item, (int, float)) and not isinstance(item, bool) and math.isfinite(item)
            and abs(item) <= 1e15 for item in items):
        raise ProtocolError(f'payoffs must be 2 to {_MOST_PLAYERS} finite numbers of chips, got {shown(values)}')
    return tuple(float(item) for item in items)


def _log_names(values: object) -> tuple[str, ...]:
    items = tuple(itertools.islice(values, _MOST_PLAYERS + 1)) if isinstance(values, (list, tuple)) else ()
    if not 2 <= len(items) <= _MOST_PLAYERS or not all(
            isinstance(item, str) and item and len(item) <= 200 and not set(item) & set(':|\r\n') for item in items):
        raise ProtocolError(f'names must be 2 to {_MOST_PLAYERS} names without : or | (and not empty), '
                            f'got {shown(values)}')
    if len(set(items)) != len(items):
        twice = next(item for number, item in enumerate(items) if item in items[:number])
        raise ProtocolError(f'the name {shown(twice)} is in two positions (a player sits once in a hand)')
    return tuple(items)


def _chips(value: float) -> str:
    """A payoff as the dealer writes it: ``%.6f`` without trailing zeros (``30``, ``-7.5``)."""
    return f'{value:.6f}'.rstrip('0').rstrip('.')


@frozen
class LogLine:
    """One hand of an ACPC log, ``STATE:<hand>:<betting>:<cards>:<payoffs>:<names>``, everything by position. The
    dealer's log shows every player's hole cards; a player's own log (:meth:`MatchState.log_line`) leaves the
    cards it did not see empty.

    >>> line = LogLine.parse('STATE:0:rc/crc/cc/cc:Ah9c|Ks8d/2h3c4d/5s/6h:-30|30:Alice|Bob')
    >>> line.names, line.payoffs, line.text()
    (('Alice', 'Bob'), (-30.0, 30.0), 'STATE:0:rc/crc/cc/cc:Ah9c|Ks8d/2h3c4d/5s/6h:-30|30:Alice|Bob')
    >>> [(r.street, r.seat, r.action) for r in line.records()][2:5]   # position 1 (small blind) acts first
    [('preflop', 1, 'raise'), ('preflop', 0, 'call'), ('flop', 0, 'check')]
    """

    hand: int = field(converter=_uint32_field)  # type: ignore[misc]
    betting: str = field(converter=_betting_field)  # type: ignore[misc]
    holes: tuple[tuple[Card, ...], ...] = field(converter=_holes_field)
    board: tuple[Card, ...] = field(converter=_board)
    payoffs: tuple[float, ...] = field(converter=_payoffs)
    """Each position's chips won less chips put in."""
    names: tuple[str, ...] = field(converter=_log_names)

    def __attrs_post_init__(self) -> None:
        if not len(self.holes) == len(self.payoffs) == len(self.names):
            raise ProtocolError(f'a log line needs hole cards, a payoff and a name for each position, got '
                                f'{len(self.holes)}, {len(self.payoffs)} and {len(self.names)}')
        _check_cards(self.holes, self.board, self.betting, 'a log line')

    @classmethod
    def parse(cls, line: str, game: GameDefinition | None = None) -> LogLine:
        """Read a ``STATE`` line of a log (a final line break is allowed) and check its betting against ``game``
        (None: :meth:`GameDefinition.for_table` for its number of players); anything else is one
        :class:`ProtocolError` quoting the line."""
        text = _line_text('a log line', line)
        if game is None or isinstance(game, GameDefinition):
            fast = _fast_log_line(text, game)
            if fast is not None:
                return fast[0]
        return cls._read(text, game)

    @classmethod
    def _read(cls, text: str, game: GameDefinition | None) -> LogLine:
        """:meth:`parse` the slow, readable way (a line of text, no line break): every rule checked in turn, the
        first one broken said (the oracle of :func:`_fast_log_line`, which reads plainly valid lines)."""
        parts = text.split(':')
        if len(parts) != 6 or parts[0] != 'STATE' or not _digits(parts[1], 10):
            raise _error('log line', text, 'expected STATE:<hand>:<betting>:<cards>:<payoffs>:<names>')
        holes, board = _read_card_string(parts[3], 'log line', text)
        payoffs = []
        for item in parts[4].split('|'):
            if not re.fullmatch(r'-?[0-9]{1,15}(\.[0-9]{1,6})?', item):
                raise _error('log line', text, f'payoff {item!r} is not a number of chips')
            payoffs.append(float(item))
        try:
            result = cls(int(parts[1]), parts[2], holes, board, tuple(payoffs), tuple(parts[5].split('|')))
            result.records(game)
        except PokerError as error:
            raise _error('log line', text, str(error)) from None
        return result

    def __repr__(self) -> str:
        return f'{type(self).__name__}.parse({self.text()!r})'

    @classmethod
    def from_hand(cls, hand: HandResult, number: int | None = None) -> LogLine:
        """The log line of a hand the table played (``number``: the hand's number in the log, by default its own);
        position ``p`` is the seat ``button + 1 + p``.

        >>> from poker.players.bots import CallingStation, Maniac
        >>> from poker.table import FixedLimitGame
        >>> hand = FixedLimitGame([CallingStation('Ann'), Maniac('Bob')], seed=1).play_hand()
        >>> LogLine.from_hand(hand, 0).text()   # Ann on the button: Bob (big blind) is position 0
        'STATE:0:crc/rc/rc/rc:2h9s|6sQc/9d7h8d/Jd/3s:14|-14:Bob|Ann'
        """
        if not isinstance(hand, HandResult):
            raise ProtocolError(f'hand must be a HandResult, got {shown(hand)}')
        count = len(hand.names)
        seats = [(hand.button + 1 + position) % count for position in range(count)]
        return cls(hand.number if number is None else number, acpc_betting(hand.actions),
                   tuple(hand.holes[seat] for seat in seats), hand.board, tuple(hand.net[seat] for seat in seats),
                   tuple(hand.names[seat] for seat in seats))

    def text(self) -> str:
        """The line as the dealer writes it (without its line break)."""
        return (f'STATE:{self.hand}:{self.betting}:{_card_string(self.holes, self.board)}:'
                f'{"|".join(_chips(payoff) for payoff in self.payoffs)}:{"|".join(self.names)}')

    def records(self, game: GameDefinition | None = None) -> tuple[ActionRecord, ...]:
        """The hand's actions as the table records them (blinds first), seats being positions, under ``game`` (None:
        :meth:`GameDefinition.for_table` for the number of players)."""
        if game is None:
            game = _table_game(len(self.names))
        if not isinstance(game, GameDefinition) or game.players != len(self.names):
            raise ProtocolError(f'a log line of {len(self.names)} players is not a hand of {shown(game)}')
        replay = _Replay(game, self.betting)
        if replay.next is not None:
            raise ProtocolError(f'betting {shown(self.betting)}: the hand is not over')
        return tuple(replay.records)


MOST_LOG_HANDS = 2_000_000
"""The most hands read at once (all the files of one :func:`read_log` or
:func:`~poker.formats.hand_history.read_history` together): memory grows with the hands kept."""

MOST_LOG_LINES = 2 * MOST_LOG_HANDS
"""The most lines of any kind (comments and blank lines too) read at once: time grows with the lines read."""

_LONGEST_BYTES = 4 * _LONGEST_LINE + 2
"""The most bytes of a line read before it is refused: a longer line has more than :data:`_LONGEST_LINE`
characters (UTF-8 writes a character in at most 4 bytes), and a line break of two may follow."""

_MOST_HEADER_LINES = 64


def read_log(path: str | os.PathLike[str], game: GameDefinition | None = None, *,
             most_hands: int = MOST_LOG_HANDS) -> tuple[LogLine, ...]:
    """The hands of an ACPC log file (the dealer's, or one :func:`~poker.formats.acpc_client.play_acpc` or
    :func:`~poker.matches.duplicate.match` wrote), in order, each checked against ``game`` (None: the game the log's
    header gives, else :meth:`GameDefinition.for_table` for its players).

    The file is read as a stream, a line at a time: a UTF-8 byte-order mark at its start is skipped; lines
    starting with ``#`` are comments (a ``GAMEDEF`` ... ``END GAMEDEF`` block of them, :meth:`GameDefinition.comment`,
    is the log's game, which must be ``game`` when that is given) and blank lines nothing; the dealer's last line,
    ``SCORE:<totals>:<names>``, must agree with the payoffs of the hands above it. A line longer than 10,000
    characters, more than ``most_hands`` hands or more than twice as many lines, and any other line, is a
    :class:`ProtocolError` naming the file and the line's number (and quoting a line that is not a hand)."""
    reader = _LogReader(game, most_hands)
    return tuple(hand for _, _, hand, _ in reader.read(path))


class _LogReader:
    """Reads the hands of log files (one after another) as streams, with limits: see :func:`read_log`. ``game`` is
    the game in force: the one given, else the first header's, else None (the table's game for each hand)."""

    def __init__(self, game: GameDefinition | None, most_hands: int) -> None:
        if game is not None and not isinstance(game, GameDefinition):
            raise ProtocolError(f'game must be a GameDefinition or None, got {shown(game)}')
        self.given = self.game = game
        self.most_hands = whole_number('most_hands', most_hands, minimum=1, maximum=10 ** 9, error=ProtocolError)
        self.most_lines = 2 * self.most_hands
        self.lines = self.hands = 0
        self.counts: set[int] = set()   # the numbers of players of the hands read under the table's game
        self.kept: dict[int, dict[str, _Finished | None]] = {}

    def read(self, path: str | os.PathLike[str]) -> Iterator[tuple[str, int, LogLine, _Finished]]:
        """Each hand of the file ``path``: the file's name as errors quote it, the line's number, the hand, and its
        betting played out."""
        if not isinstance(path, (str, os.PathLike)):
            raise ProtocolError(f'a log must be a path, got {shown(path)}')
        source = shown(str(path))
        try:
            file = open(path, 'rb')
        except (OSError, ValueError) as error:
            raise ProtocolError(f'cannot read the log {source}: {getattr(error, "strerror", None) or error}') \
                from None
        with file:
            yield from self._hands(file, source)

    def _line(self, file: BinaryIO, source: str, number: int) -> str | None:
        """The next line of ``file`` without its line break (None: the file is over), within the limits."""
        try:
            raw = file.readline(_LONGEST_BYTES)
        except (OSError, ValueError) as error:
            raise ProtocolError(f'cannot read the log {source}: {getattr(error, "strerror", None) or error}') \
                from None
        if not raw:
            return None
        self.lines += 1
        if self.lines > self.most_lines:
            raise ProtocolError(f'{source}, line {number}: more than {self.most_lines:,} lines read (the most lines '
                                f'read at once: twice the most hands, {self.most_hands:,})')
        if len(raw) == _LONGEST_BYTES and not raw.endswith(b'\n'):
            raise ProtocolError(f'{source}, line {number}: longer than {_LONGEST_LINE:,} characters (the longest '
                                f'line read)')
        text = raw.decode('utf-8', 'replace')
        text = text[:-2] if text.endswith('\r\n') else text[:-1] if text.endswith('\n') else text
        if number == 1 and text.startswith('\ufeff'):
            text = text[1:]   # a byte-order mark
        if len(text) > _LONGEST_LINE:
            raise ProtocolError(f'{source}, line {number}: longer than {_LONGEST_LINE:,} characters (the longest '
                                f'line read)')
        return text

    def _hands(self, file: BinaryIO, source: str) -> Iterator[tuple[str, int, LogLine, _Finished]]:
        score = _Score()
        number = 0
        while (line := self._line(file, source, number + 1)) is not None:
            number += 1
            if not line.startswith('STATE:'):
                if line.startswith('#'):
                    if line[1:].strip().upper() == 'GAMEDEF':
                        number = self._header(file, source, number, line)
                    continue
                if not line.strip():
                    continue
                if line.startswith('SCORE:'):
                    try:
                        score.check(line)
                    except PokerError as error:
                        raise ProtocolError(f'{source}, line {number}: {error}') from None
                    continue
            self.hands += 1
            if self.hands > self.most_hands:
                raise ProtocolError(f'{source}, line {number}: more than {self.most_hands:,} hands read (the most '
                                    'hands read at once)')
            fast = _fast_log_line(line, self.game, self.kept)
            if fast is None:
                try:
                    hand = LogLine._read(_line_text('a log line', line), self.game)
                except PokerError as error:
                    raise ProtocolError(f'{source}, line {number}: {error}') from None
                finished = _finished(self.game or _table_game(len(hand.names)), hand.betting)
                assert finished is not None   # (a hand read is a finished hand)
            else:
                hand, finished = fast
            if self.game is None:
                self.counts.add(len(hand.names))
            score.add(hand)
            yield source, number, hand, finished

    def _header(self, file: BinaryIO, source: str, number: int, first: str) -> int:
        """Read the game definition of a header that begins at line ``number`` (``# GAMEDEF``), up to its
        ``# END GAMEDEF``, and take it as the game in force; the number of its last line."""
        start, lines = number, [first[1:]]
        while lines[-1].strip().upper() != 'END GAMEDEF':
            line = self._line(file, source, number + 1)
            if line is None or not line.startswith('#') or len(lines) >= _MOST_HEADER_LINES:
                raise ProtocolError(f'{source}, line {start}: a game definition in comments (# GAMEDEF) without its '
                                    f'# END GAMEDEF in the {_MOST_HEADER_LINES} comment lines after it')
            number += 1
            lines.append(line[1:])
        game = GameDefinition.parse('\n'.join(lines), source=f'{source}, line {start}')
        if self.given is not None:
            if game != self.given:
                raise ProtocolError(f'{source}, line {start}: the log\'s game definition is not the one given '
                                    f'({_about(game)} in the log, {_about(self.given)} given)')
        elif self.game is None:
            if any(count != game.players or _table_game(count) != game for count in self.counts):
                raise ProtocolError(f'{source}, line {start}: a game definition ({_about(game)}) after hands of '
                                    'the table\'s game (read logs of different games apart)')
            self.game, self.kept = game, {}
        elif game != self.game:
            raise ProtocolError(f'{source}, line {start}: a game definition ({_about(game)}) that is not the one of '
                                f'the logs read before it ({_about(self.game)}; read logs of different games apart)')
        return number


def _about(game: GameDefinition) -> str:
    """A game in a few words, for an error message."""
    return (f'{game.players} players, blinds {" ".join(map(str, game.blinds))}, raise sizes '
            f'{" ".join(map(str, game.raise_sizes))}, first players {" ".join(str(p + 1) for p in game.first_player)}'
            f', most raises {" ".join(map(str, game.max_raises))}')


class _Score:
    """Each player's payoffs in a file's hands so far, for its ``SCORE`` line: the hands are kept as read (two
    appends a hand) and added up only when a ``SCORE`` line comes."""

    def __init__(self) -> None:
        self.names: list[tuple[str, ...]] = []
        self.payoffs: list[tuple[float, ...]] = []
        self.totals: dict[str, float] = {}

    def add(self, hand: LogLine) -> None:
        self.names.append(hand.names)
        self.payoffs.append(hand.payoffs)

    def check(self, line: str) -> None:
        """``SCORE:<totals>:<names>`` must give each player the sum of his payoffs so far."""
        parts = line.split(':')
        scores = parts[1].split('|') if len(parts) == 3 else []
        names = parts[2].split('|') if len(parts) == 3 else []
        if not scores or len(scores) != len(names) or not all(re.fullmatch(r'-?[0-9]{1,15}(\.[0-9]{1,6})?', score)
                                                              for score in scores):
            raise _error('score line', line, 'expected SCORE:<totals>:<names>, | between players')
        totals = self.totals
        for hand_names, hand_payoffs in zip(self.names, self.payoffs):
            for name, payoff in zip(hand_names, hand_payoffs):
                totals[name] = totals.get(name, 0.0) + payoff
        self.names.clear()
        self.payoffs.clear()
        for name, score in zip(names, scores):
            if abs(totals.get(name, 0.0) - float(score)) > 1e-6 * max(1.0, abs(float(score))):
                raise _error('score line', line, f'{name} won {_chips(totals.get(name, 0.0))} in the hands above, '
                                                 f'not {score}')
