"""The ACPC notation: game definitions, betting and card strings, and the fields the lines are made of.

The lines themselves have their modules: ``MATCHSTATE`` lines :mod:`~poker.formats.acpc_match_state`, log lines
and log files :mod:`~poker.formats.acpc_log`.

The Annual Computer Poker Competition's dealer (protocol version 2.0.0) writes a hand as text:

* a **betting string**, rounds separated by ``/``: ``r`` raises (a bet when nothing is to call), ``c`` calls (a
  check when nothing is to call), ``f`` folds; blinds are not written. ``rc/crc/`` is a pre-flop raise and
  call, a flop check, bet and call, and the turn just begun. A fold with nothing to call, a raise past the
  round's cap, an action after the hand is over, and a round left without its ``/`` once it is over (or a
  ``/`` before) are refused.
* a **card string**: each position's hole cards, ``|`` between positions, then the board by round, each
  round's cards after a ``/``: ``Ah9c|Ks8d/2h3c4d/5s/6h``. In a ``MATCHSTATE`` line the cards a player may
  not see are left empty (``|Ks8d/2h3c4d``).
* ``MATCHSTATE:<position>:<hand>:<betting>:<cards>``: what the dealer sends one player
  (:class:`~poker.formats.acpc_match_state.MatchState`); the player answers with the same line, a ``:`` and its
  action.
* ``STATE:<hand>:<betting>:<cards>:<payoffs>:<names>``: a line of the dealer's log
  (:class:`~poker.formats.acpc_log.LogLine`); payoffs and names are ``|``-separated, by position.
* a **game definition** (``GAMEDEF`` ... ``END GAMEDEF``, :class:`GameDefinition`): blinds by position, the
  raise size and the cap on raises by round, and who acts first in each round (``firstPlayer``, 1-based).

**Positions and the table's seats.** ACPC numbers the players of a hand by *position*: ``blind`` and
``firstPlayer`` are lists by position, and the dealer moves the players round the positions from hand to hand
(position 0 is the first player listed, not the button). :class:`~poker.table.game.FixedLimitGame` numbers
seats and moves a button: with three seats or more the small blind sits left of the button, the big blind
left of it, the seat after the big blind acts first before the flop and the small blind first after it;
heads-up the button posts the small blind and acts first before the flop, the big blind first after it.
Both are the same game when position ``p`` is the seat ``button + 1 + p`` (mod the seats): the first seat
left of the button is position 0. Heads-up that puts the big blind at position 0, as ACPC's
``holdem.limit.2p.reverse_blinds.game`` does (``blind = 10 5``, ``firstPlayer = 2 1 1 1``); with three players
or more the small blind (``holdem.limit.3p.game``: ``blind = 5 10 0``, ``firstPlayer = 3 1 1 1``).
:meth:`GameDefinition.for_table` writes the table's game so. In any game the button is the position before
the one that acts first after the flop, and a view's seats are positions turned so that the button sits
where the caller says (:meth:`GameDefinition.view`).

**Caps.** ACPC's ``maxRaises`` counts the raises of a round, the first bet after the flop included, and not
the blinds; the table's ``cap`` counts bets, the big blind included. So the table's ``cap = 4`` is
``maxRaises = 3 4 4 4``; a definition without ``maxRaises`` has no cap (:data:`NO_CAP`).

>>> game = GameDefinition.for_table(2, small_blind=5, small_bet=10)
>>> game.blinds, game.first_player, game.max_raises, game.button
((10, 5), (1, 0, 0, 0), (3, 4, 4, 4), 1)
>>> [(record.seat, record.action, record.amount) for record in game.records('rc/cr')]
[(1, 'small blind', 5), (0, 'big blind', 10), (1, 'raise', 15), (0, 'call', 10), (0, 'check', 0), (1, 'bet', 10)]
"""

from __future__ import annotations

import functools
import itertools
import os
import re
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from attrs import field, frozen

from ..cards.card import Card
from ..cards.card_inputs import CardsLike
from ..cards.streets import BOARD_SIZE, STREETS
from ..errors import ProtocolError
from ..strategy.actions import Action, Blind, read_action
from ..table.game import FixedLimitGame, TableView
from ..table.records import ActionRecord, Decision
from ..validators import choice, is_items, reading, shown, whole_number
from ..validators import text as checked_text

__all__ = ['NO_CAP', 'GameDefinition', 'acpc_betting']


NO_CAP = 255
"""``maxRaises`` of a round without a cap (ACPC's default: the largest number its dealer keeps there)."""

_ROUND_BOARD = (0, 3, 1, 1)
"""Board cards dealt in each round of Texas hold'em (``numBoardCards = 0 3 1 1``)."""

_CARD = re.compile(r'[2-9TJQKA][cdhs]')
_BETTING = re.compile(r'[rcf/]*')
_ACTIONS = {'f': Action.FOLD, 'c': Action.CALL, 'r': Action.RAISE}
_LETTER = {Action.FOLD: 'f', Action.CHECK: 'c', Action.CALL: 'c', Action.BET: 'r', Action.RAISE: 'r'}
_MOST_PLAYERS = 10
_LONGEST_LINE = 10_000


def _digits(text: str, most: int) -> bool:
    """Whether ``text`` is 1 to ``most`` ASCII digits (``str.isdigit`` alone takes ``'²'``, which ``int`` refuses)."""
    return 0 < len(text) <= most and text.isascii() and text.isdigit()


def _error(what: str, value: object, reason: str) -> ProtocolError:
    return ProtocolError(f'{what} {shown(value)}: {reason}')


def _line_text(name: str, value: object) -> str:
    """``value`` as one line of text (a final line break removed), else a :class:`ProtocolError`."""
    if not isinstance(value, str):
        raise ProtocolError(f'{name} must be text, got {shown(value)}')
    line = value[:-2] if value.endswith('\r\n') else value[:-1] if value.endswith('\n') else value
    if len(line) > _LONGEST_LINE or '\n' in line or '\r' in line:
        raise _error(name, value, f'not one line of at most {_LONGEST_LINE:,} characters')
    return line


def _cards(text: str, what: str, line: str) -> tuple[Card, ...]:
    """Cards written one after the other (``'Ah9c'``), else a :class:`ProtocolError` quoting ``line``."""
    if len(text) % 2 or not all(_CARD.fullmatch(text, at, at + 2) for at in range(0, len(text), 2)):
        raise _error(what, line, f'{text!r} is not cards written as Ah9c')
    return tuple(Card.parse(text[at:at + 2]) for at in range(0, len(text), 2))


def _card_text(cards: Iterable[Card]) -> str:
    return ''.join(str(card) for card in cards)


def _read_card_string(text: str, what: str, line: str) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """The hole cards by position (empty where unknown) and the board of a card string."""
    holes_text, *rounds = text.split('/')
    holes = tuple(_cards(part, what, line) for part in holes_text.split('|'))
    if not 2 <= len(holes) <= _MOST_PLAYERS or any(len(hole) not in (0, 2) for hole in holes):
        raise _error(what, line, f'{holes_text!r} is not 2 to {_MOST_PLAYERS} players\' hole cards (two cards or '
                                 'none each, | between players)')
    if len(rounds) > 3 or any(len(cards) != 2 * _ROUND_BOARD[number + 1] for number, cards in enumerate(rounds)):
        raise _error(what, line, f'{"/".join(rounds)!r} is not a board by round (/flop/turn/river: 3, 1 and 1 cards)')
    board = tuple(card for part in rounds for card in _cards(part, what, line))
    known = [card for hole in holes for card in hole] + list(board)
    if len(set(known)) != len(known):
        raise _error(what, line, 'a card is dealt twice')
    return holes, board


def _card_string(holes: Sequence[Sequence[Card]], board: Sequence[Card]) -> str:
    rounds = [board[:3], board[3:4], board[4:5]][:max(0, len(board) - 2)]
    return '|'.join(_card_text(hole) for hole in holes) + ''.join('/' + _card_text(cards) for cards in rounds)


def _betting(name: str, value: object) -> str:
    """A betting string: at most four rounds of ``r``, ``c`` and ``f`` separated by ``/``."""
    if not isinstance(value, str) or len(value) > _LONGEST_LINE or not _BETTING.fullmatch(value) \
            or value.count('/') > 3:
        raise ProtocolError(f'{name} must be ACPC betting (r, c and f, at most four rounds separated by /), '
                            f'got {shown(value)}')
    return value


def _board_for(betting: str, board: Sequence[Card], what: str, line: object) -> None:
    """The board must hold the cards of the rounds the betting has reached."""
    street = STREETS[betting.count('/')]
    if len(board) != BOARD_SIZE[street]:
        raise _error(what, line, f'the betting reaches the {street}, whose board has {BOARD_SIZE[street]} cards, '
                                 f'got {len(board)}')


def _players(name: str, count: int) -> None:
    if not 2 <= count <= _MOST_PLAYERS:
        raise ProtocolError(f'{name} must be given for 2 to {_MOST_PLAYERS} players, got {count}')


# -------------------------------------------------------------------------------------- game definitions
def _numbers(name: str, values: object, count: int, minimum: int, maximum: int) -> tuple[int, ...]:
    items = tuple(itertools.islice(values, count + 1)) if isinstance(values, (list, tuple)) else ()
    if len(items) != count:
        raise ProtocolError(f'{name} must be a list of {count} whole numbers, got {shown(values)}')
    return tuple(whole_number(name, item, minimum=minimum, maximum=maximum, error=ProtocolError) for item in items)


def _blinds(instance: GameDefinition, attribute: object, blinds: tuple[int, ...]) -> None:
    _numbers('blinds', blinds, instance.players, 0, 10 ** 12)
    posted = sorted((amount for amount in blinds if amount), reverse=True)
    if not posted or len(posted) > 2 or (len(posted) == 2 and posted[0] == posted[1]):
        raise ProtocolError(f'blinds must be one big blind and at most one smaller small blind (the rest 0), got '
                            f'{shown(blinds)}')


def _first_players(instance: GameDefinition, attribute: object, values: tuple[int, ...]) -> None:
    _numbers('first_player', values, 4, 0, instance.players - 1)


def _tuple(values: object) -> object:
    return tuple(values) if isinstance(values, list) else values


_KEYS = {'numplayers': 'players', 'numrounds': 'rounds', 'stack': 'stack', 'blind': 'blinds',
         'raisesize': 'raise_sizes', 'firstplayer': 'first_player', 'maxraises': 'max_raises',
         'numsuits': 'suits', 'numranks': 'ranks', 'numholecards': 'hole_cards', 'numboardcards': 'board_cards'}
_HOLDEM = {'rounds': (4,), 'suits': (4,), 'ranks': (13,), 'hole_cards': (2,), 'board_cards': _ROUND_BOARD}


@frozen
class GameDefinition:
    """A fixed-limit Texas hold'em game in ACPC's terms: 2 to 10 players, blinds by position, and by round the
    raise size, the position that acts first (0-based here; 1-based in the file) and the cap on raises
    (:data:`NO_CAP`: none).

    >>> GameDefinition.parse(GameDefinition.for_table(3).text()) == GameDefinition.for_table(3)
    True
    >>> print(GameDefinition.for_table(3, small_blind=5, small_bet=10).text())
    GAMEDEF
    limit
    numPlayers = 3
    numRounds = 4
    blind = 5 10 0
    raiseSize = 10 10 20 20
    firstPlayer = 3 1 1 1
    maxRaises = 3 4 4 4
    numSuits = 4
    numRanks = 13
    numHoleCards = 2
    numBoardCards = 0 3 1 1
    END GAMEDEF
    """

    players: int = field(converter=reading(  # type: ignore[misc]
        whole_number, minimum=2, maximum=_MOST_PLAYERS, error=ProtocolError))
    blinds: tuple[int, ...] = field(converter=_tuple, validator=_blinds)
    """The chips each position posts before the cards are dealt: one big blind, at most one small blind."""
    raise_sizes: tuple[int, ...] = field(converter=reading(  # type: ignore[misc]
        _numbers, count=4, minimum=1, maximum=10 ** 12))
    first_player: tuple[int, ...] = field(converter=_tuple, validator=_first_players)
    max_raises: tuple[int, ...] = field(default=(NO_CAP,) * 4, converter=reading(  # type: ignore[misc]
        _numbers, count=4, minimum=0, maximum=NO_CAP))

    @classmethod
    def for_table(cls, players: int, *, small_blind: int = 1, small_bet: int = 2, big_bet: int | None = None,
                  cap: int = 4) -> GameDefinition:
        """The game :class:`~poker.table.game.FixedLimitGame` plays with these settings (its defaults: blinds 1
        and 2, bets 2 and 4, 4 bets a round), position 0 the first seat left of the button."""
        table = FixedLimitGame([_Seat()] * whole_number('players', players, minimum=2, maximum=_MOST_PLAYERS,
                                                       error=ProtocolError),
                               small_bet=small_bet, big_bet=big_bet, small_blind=small_blind, cap=cap)
        blinds = [0] * players
        small, big = (players - 1, 0) if players == 2 else (0, 1)
        blinds[small], blinds[big] = table.small_blind, table.small_bet
        return cls(players, tuple(blinds), tuple(table.bet_size(street) for street in STREETS),
                   ((big + 1) % players, 0, 0, 0),
                   (table.cap - 1, table.cap, table.cap, table.cap))

    @classmethod
    def parse(cls, text: str, *, source: str = 'game definition') -> GameDefinition:
        """Read a game definition (``GAMEDEF`` ... ``END GAMEDEF``; keys in any case, ``=`` optional, lines starting
        with ``#`` skipped, ``stack`` ignored). Only fixed-limit Texas hold'em is played: another game is refused in
        one line, and so is a line that cannot be read, quoted with its number (``source`` names the file)."""
        source = checked_text('source', source, longest=1000, error=ProtocolError)
        if not isinstance(text, str):
            raise ProtocolError(f'a game definition must be text, got {shown(text)}')
        values: dict[str, tuple[int, ...]] = {}
        betting = None
        started = ended = False
        for number, raw in enumerate(text.splitlines()[:1000], 1):
            line = raw.strip()
            where = f'{source}, line {number}'
            if not line or line.startswith('#'):
                continue
            key = line.lower()
            if ended:
                raise _error(where, raw, 'text after END GAMEDEF')
            if key == 'gamedef':
                started = True
            elif key == 'end gamedef':
                ended = True
            elif key in ('limit', 'nolimit'):
                betting = key
            else:
                name, _, rest = line.partition('=') if '=' in line else line.partition(' ')
                field_name = _KEYS.get(name.strip().lower())
                items = rest.split()
                if field_name is None or not items or not all(_digits(item, 13) for item in items):
                    raise _error(where, raw, 'not a game definition line (a key, = and whole numbers)')
                values[field_name] = tuple(int(item) for item in items)
        if not started or not ended:
            raise ProtocolError(f'{source}: not a game definition (GAMEDEF ... END GAMEDEF): {shown(text)}')
        if betting == 'nolimit':  # (no betting type: limit, as the dealer reads it)
            raise ProtocolError(f'{source}: only fixed-limit hold\'em is played, got a no-limit game')
        for key, wanted in _HOLDEM.items():
            if values.get(key) != wanted:
                raise ProtocolError(f'{source}: only Texas hold\'em is played ({key} must be '
                                    f'{" ".join(map(str, wanted))}), got {" ".join(map(str, values.get(key, ()))) or "none"}')
        if 'players' not in values or len(values['players']) != 1:
            raise ProtocolError(f'{source}: numPlayers must be one number, got {shown(values.get("players"))}')
        players = values['players'][0]
        for key in ('blinds', 'raise_sizes'):
            if key not in values:
                raise ProtocolError(f'{source}: no {"blind" if key == "blinds" else "raiseSize"} line')
        first = values.get('first_player', (1,) * 4)
        try:
            return cls(players, values['blinds'][:players], values['raise_sizes'][:4],
                       tuple(position - 1 for position in first[:4]), values.get('max_raises', (NO_CAP,) * 4)[:4])
        except ProtocolError as error:
            raise ProtocolError(f'{source}: {error}') from None

    @classmethod
    def read(cls, path: str | os.PathLike[str]) -> GameDefinition:
        """The game definition in the file ``path`` (:meth:`parse`; errors name the file and line)."""
        if not isinstance(path, (str, os.PathLike)):
            raise ProtocolError(f'a game definition file must be a path, got {shown(path)}')
        try:
            text = Path(path).read_text(encoding='utf-8', errors='replace')
        except (OSError, ValueError) as error:
            raise ProtocolError(f'cannot read the game definition {shown(str(path))}: '
                                f'{getattr(error, "strerror", None) or error}') from None
        return cls.parse(text, source=shown(str(path)))

    def text(self) -> str:
        """The definition as ACPC writes it (:meth:`parse` reads it back)."""
        def numbers(values: Iterable[int]) -> str:
            return ' '.join(str(value) for value in values)
        return '\n'.join([
            'GAMEDEF', 'limit', f'numPlayers = {self.players}', 'numRounds = 4', f'blind = {numbers(self.blinds)}',
            f'raiseSize = {numbers(self.raise_sizes)}', f'firstPlayer = {numbers(p + 1 for p in self.first_player)}',
            f'maxRaises = {numbers(self.max_raises)}', 'numSuits = 4', 'numRanks = 13', 'numHoleCards = 2',
            'numBoardCards = 0 3 1 1', 'END GAMEDEF'])

    def comment(self) -> str:
        """The definition as comment lines of a log, ``#`` and a space before each line of :meth:`text`: the header
        of the logs this library writes, which :func:`~poker.formats.acpc_log.read_log` takes as the log's game
        (ACPC's tools skip comments).

        >>> print(GameDefinition.for_table(2).comment().splitlines()[0])
        # GAMEDEF
        """
        return '\n'.join('# ' + line for line in self.text().splitlines())

    @property
    def button(self) -> int:
        """The button's position: the one before the position that acts first after the flop."""
        return (self.first_player[1] - 1) % self.players

    @property
    def big_blind(self) -> int:
        """The position that posts the big blind (the largest blind)."""
        return self.blinds.index(max(self.blinds))

    @property
    def small_blind(self) -> int | None:
        """The position that posts the small blind (None: no small blind)."""
        small = [position for position, amount in enumerate(self.blinds) if 0 < amount < max(self.blinds)]
        return small[0] if small else None

    def records(self, betting: str, *, button: int | None = None) -> tuple[ActionRecord, ...]:
        """Every action of ``betting`` (blinds first) as the table records it; seats are positions turned so that
        the button sits at seat ``button`` (None: seats are positions).

        >>> game = GameDefinition.for_table(3)
        >>> [(r.seat, r.action, r.pot) for r in game.records('rrf', button=0)]   # position 0 is seat 1
        [(1, 'small blind', 1), (2, 'big blind', 3), (0, 'raise', 7), (1, 'raise', 12), (2, 'fold', 12)]
        """
        return tuple(_Replay(self, _betting('betting', betting), button).records)

    def to_act(self, betting: str) -> int | None:
        """The position to act after ``betting`` (None: the hand is over)."""
        return _Replay(self, _betting('betting', betting)).next

    def act(self, betting: str, action: Action | str) -> str:
        """``betting`` with the next action, ``action`` made legal as the table makes it
        (:meth:`~poker.table.game.FixedLimitGame.legal_action`), and a ``/`` when it ends a round and the hand
        goes on: how an adapter (or a dealer) writes a hand action by action.

        >>> game = GameDefinition.for_table(2)
        >>> game.act('r', 'call'), game.act('rc/', 'fold'), game.act('rc/rrrr', 'raise'), game.act('rc/cc/cc/c', 'bet')
        ('rc/', 'rc/c', 'rc/rrrrc/', 'rc/cc/cc/cr')
        """
        replay = _Replay(self, _betting('betting', betting))
        if replay.next is None:
            raise ProtocolError(f'betting {shown(betting)}: the hand is over')
        legal = FixedLimitGame.legal_action(read_action(action), replay.to_call(replay.next),
                                            replay.raises < self.max_raises[replay.round], replay.bets)
        after = betting + _LETTER[legal]
        return after + '/' if _Replay(self, after, ended_round=True).next_round else after

    def view(self, betting: str, seat: int, hole: CardsLike, board: CardsLike = (), *,
             button: int | None = None, names: Sequence[str] | None = None) -> TableView:
        """What ``seat`` sees when it is to act after ``betting``, with its ``hole`` cards and the ``board`` (the
        cards of the rounds reached): the :class:`~poker.table.game.TableView` that
        :class:`~poker.table.game.FixedLimitGame` hands that seat, history (blinds first), pot, bets and flags
        included. Seats are positions turned so that the button sits at seat ``button`` (None: seats are
        positions, the button at :attr:`button`); ``names`` by seat (None: ``'seat 0'``, ``'seat 1'``, ...). A
        betting string after which the hand is over or another seat acts is a :class:`ProtocolError`; a view
        that cannot be built says which field is wrong.

        An adapter to another engine writes the hand so far in ACPC betting and asks for the view:

        >>> game = GameDefinition.for_table(3)          # blinds 1 and 2, bets 2 and 4, 4 bets a round
        >>> view = game.view('rcc/c', 2, 'Ah Kh', '2h 7h Tc', button=0)   # seat 0 on the button
        >>> view.street, view.pot, view.to_call, view.bets_this_round, view.opponents, view.active
        ('flop', 12, 0, 0, 2, (0, 1, 2))
        >>> [(record.seat, record.action) for record in view.history]
        [(1, 'small blind'), (2, 'big blind'), (0, 'raise'), (1, 'call'), (2, 'call'), (1, 'check')]
        """
        replay = _Replay(self, _betting('betting', betting), button)
        seat = whole_number('seat', seat, maximum=self.players - 1, error=ProtocolError)
        position = replay.position(seat)
        if replay.next != position:
            raise ProtocolError(f'betting {shown(betting)}: ' + (
                'the hand is over' if replay.next is None else f'seat {replay.seat(replay.next)} acts, not {seat}'))
        names = _seat_names(names, self.players)
        return TableView(
            seat=seat, name=names[seat], hole=hole, board=board, street=STREETS[replay.round], pot=replay.pot,
            to_call=replay.to_call(position), bet_size=self.raise_sizes[replay.round], bets_this_round=replay.bets,
            called_this_round=position in replay.called, opponents=sum(replay.active) - 1,
            can_raise=replay.raises < self.max_raises[replay.round], history=tuple(replay.records),
            seats=self.players, button=replay.seat(self.button),
            active=tuple(sorted(replay.seat(p) for p in range(self.players) if replay.active[p])),
            put_in_this_round=position in replay.put_in)


def _seat_names(names: Sequence[str] | None, seats: int) -> Sequence[str]:
    """A name for each seat (None: ``'seat 0'``, ``'seat 1'``, ...); the table checks each name."""
    if names is None:
        return tuple(f'seat {number}' for number in range(seats))
    if not isinstance(names, (list, tuple)) or len(names) != seats:
        raise ProtocolError(f'names must be a name for each of the {seats} seats, got {shown(names)}')
    return names


class _Seat:
    """A placeholder seat, for :meth:`GameDefinition.for_table` to ask the table its rules."""

    name = 'seat'

    def decide(self, view: TableView) -> Decision:  # pragma: no cover - never asked
        return Decision(Action.CHECK)


class _Replay:
    """A betting string played out under a game definition: the table's records, and the state of the round."""

    def __init__(self, game: GameDefinition, betting: str, button: int | None = None, *,
                 ended_round: bool = False) -> None:
        """Play ``betting`` out (``ended_round``: it may end with a round over and no ``/`` yet)."""
        self.game = game
        count = game.players
        self.shift = 0 if button is None else (
            whole_number('button', button, maximum=count - 1, error=ProtocolError) - game.button)
        self.active = [True] * count
        self.spent = [0] * count
        self.pot = 0
        self.records: list[ActionRecord] = []
        small = game.small_blind
        for position, blind in ((small, Blind.SMALL), (game.big_blind, Blind.BIG)):
            if position is not None:
                self._put('preflop', position, blind, game.blinds[position])
        self.round = 0
        self._start(0)
        rounds = betting.split('/')
        for number, actions in enumerate(rounds):
            if number:
                if not self.round_over or self.next is None:
                    raise _error('betting', betting, 'a / before the round is over' if self.next is not None
                                 else 'betting after the hand is over')
                self.round = number
                self._start(number)
            for letter in actions:
                if self.next is None or self.round_over:
                    raise _error('betting', betting, 'betting after the hand is over' if self.next is None
                                 else f'an action after the {STREETS[self.round]} is over (a / must come first)')
                self._act(letter, betting)
        self.next_round = self.round_over and self.next is not None  # (the river's end sets next to None)
        if self.next_round and not ended_round:
            raise _error('betting', betting, f'the {STREETS[self.round]} is over: a / must follow')

    def seat(self, position: int) -> int:
        return (position + self.shift) % self.game.players

    def position(self, seat: int) -> int:
        return (seat - self.shift) % self.game.players

    def to_call(self, position: int) -> int:
        return max(self.spent) - self.spent[position]

    def _put(self, street: str, position: int, action: Action | Blind, amount: int, to_call: int = 0,
             bet_size: int = 0) -> None:
        self.pot += amount
        self.spent[position] += amount
        self.records.append(ActionRecord(street, self.seat(position), action, amount, self.pot, None, to_call,
                                         bet_size))

    def _start(self, number: int) -> None:
        """A betting round begins: its first player is the definition's, or the next one still in."""
        self.raises = 0
        self.bets = 1 if number == 0 else 0
        self.calls = 0
        self.round_over = False
        self.called: set[int] = set()
        self.put_in: set[int] = set()
        self.next: int | None = self._in_from(self.game.first_player[number])

    def _in_from(self, position: int) -> int:
        count = self.game.players
        return next(p % count for p in range(position, position + count) if self.active[p % count])

    def _act(self, letter: str, betting: str) -> None:
        assert self.next is not None
        position, street = self.next, STREETS[self.round]
        to_call, size = self.to_call(position), self.game.raise_sizes[self.round]
        action, amount = _ACTIONS[letter], 0
        if action == Action.FOLD:
            if to_call == 0:
                raise _error('betting', betting, f'a fold with nothing to call ({street}, position {position})')
            self.active[position] = False
        elif action == Action.CALL:
            amount = to_call
            action = Action.CALL if to_call else Action.CHECK
            self.calls += 1
            if to_call:
                self.called.add(position)
        else:
            if self.raises >= self.game.max_raises[self.round]:
                raise _error('betting', betting, f'a raise past the cap of {self.game.max_raises[self.round]} '
                                                 f'({street}, position {position})')
            amount = to_call + size
            action = Action.RAISE if self.bets else Action.BET
            self.raises += 1
            self.bets += 1
            self.calls = 1
        if amount:
            self.put_in.add(position)
        self._put(street, position, action, amount, to_call, size)
        in_hand = sum(self.active)
        if in_hand == 1:
            self.next = None
        elif self.calls >= in_hand:
            self.round_over = True
            if self.round == 3:
                self.next = None
        else:
            self.next = self._in_from(position + 1)


class _Finished:
    """A finished hand's betting played out under a game: what reading its log line needs, kept for every line
    with the same betting (:func:`_finished`)."""

    __slots__ = ('spent', 'folded', 'active', 'pot', 'alone', 'board', 'players')

    def __init__(self, replay: _Replay) -> None:
        self.spent: tuple[int, ...] = tuple(replay.spent)
        self.folded = frozenset(position for position, active in enumerate(replay.active) if not active)
        self.active: tuple[int, ...] = tuple(position for position, active in enumerate(replay.active) if active)
        self.pot: int = replay.pot
        self.alone: dict[int, tuple[float, ...]] = {
            winner: tuple(float((self.pot if position == winner else 0) - spent)
                          for position, spent in enumerate(self.spent)) for winner in self.active}
        """The payoffs when one player takes the pot alone, by that player."""
        self.board: int = BOARD_SIZE[STREETS[replay.round]]
        self.players: int = replay.game.players


_MOST_KEPT = 20_000
"""The most betting strings :func:`_finished` keeps for one game (a log holds a few thousand), and the most
payoff and name fields kept."""

_LONGEST_KEPT = 100
"""The longest betting string :func:`_finished` keeps (a longer one is played out each time it comes)."""

_FINISHED: dict[GameDefinition, dict[str, _Finished | None]] = {}


def _finished_of(game: GameDefinition) -> dict[str, _Finished | None]:
    """The finished hands :func:`_finished` keeps for ``game`` (a reader looks them up once per game)."""
    kept = _FINISHED.get(game)
    if kept is None:
        if len(_FINISHED) >= 8:
            _FINISHED.clear()
        kept = _FINISHED.setdefault(game, {})
    return kept


def _finished(game: GameDefinition, betting: str, kept: dict[str, _Finished | None] | None = None) -> _Finished | None:
    """``betting`` played out under ``game`` if it is a finished hand's betting (None: it is not, or it breaks the
    rules: the slow path says why). ``kept`` is :func:`_finished_of` ``game``, looked up already."""
    if kept is None:
        kept = _finished_of(game)
    try:
        return kept[betting]
    except KeyError:
        pass
    hand = None
    if len(betting) <= _LONGEST_LINE and _BETTING.fullmatch(betting) and betting.count('/') <= 3:
        try:
            replay = _Replay(game, betting)
        except ProtocolError:
            replay = None
        if replay is not None and replay.next is None:
            hand = _Finished(replay)
    if len(kept) < _MOST_KEPT and len(betting) <= _LONGEST_KEPT:
        kept[betting] = hand
    return hand


@functools.lru_cache(maxsize=16)
def _table_game(players: int) -> GameDefinition:
    """:meth:`GameDefinition.for_table` of ``players`` (2 to 10), made once."""
    return GameDefinition.for_table(players)


def acpc_betting(records: Iterable[ActionRecord], street: str | None = None) -> str:
    """The ACPC betting string of a hand's records (blinds left out), through ``street`` (None: the last round
    with an action; a later street adds its rounds, empty so far).

    >>> from poker.players.bots import CallingStation
    >>> hand = FixedLimitGame([CallingStation('Ann'), CallingStation('Bob')], seed=1).play_hand()
    >>> acpc_betting(hand.actions), acpc_betting(hand.actions[:4], 'flop')
    ('cc/cc/cc/cc', 'cc/')
    """
    items = tuple(itertools.islice(records, 10_001)) if is_items(records) else None
    if items is None or len(items) > 10_000 or not all(isinstance(record, ActionRecord) for record in items):
        raise ProtocolError(f'records must be a list of ActionRecord, got {shown(records)}')
    last = None if street is None else STREETS.index(_street(street))
    rounds = [''] * 4
    for record in items:
        if not isinstance(record.action, Blind):
            rounds[STREETS.index(record.street)] += _LETTER[record.action]
    reached = max((number for number, text in enumerate(rounds) if text), default=0)
    return '/'.join(rounds[:max(reached, last or 0) + 1])


def _street(value: object) -> str:
    return choice('street', value, STREETS, error=ProtocolError)


# ---------------------------------------------------------------------------- fields of the lines
def _holes(name: str, values: object) -> tuple[tuple[Card, ...], ...]:
    items = tuple(itertools.islice(values, _MOST_PLAYERS + 1)) if isinstance(values, (list, tuple)) else None
    if items is None or not 2 <= len(items) <= _MOST_PLAYERS:
        raise ProtocolError(f'{name} must be the hole cards of 2 to {_MOST_PLAYERS} positions, got {shown(values)}')
    holes = []
    for hole in items:
        if not isinstance(hole, (list, tuple)) or len(hole) not in (0, 2) \
                or not all(isinstance(card, Card) for card in hole):
            raise ProtocolError(f'{name} must hold two Cards (or none, unknown) for each position, got {shown(hole)}')
        holes.append(tuple(hole))
    return tuple(holes)


def _board(value: object) -> tuple[Card, ...]:
    if not isinstance(value, (list, tuple)) or len(value) not in (0, 3, 4, 5) \
            or not all(isinstance(card, Card) for card in value):
        raise ProtocolError(f'board must be 0, 3, 4 or 5 Cards, got {shown(value)}')
    return tuple(value)


_uint32_field = reading(whole_number, maximum=2 ** 32 - 1, error=ProtocolError)
"""The reading of a position or a hand number field: a whole number from 0 to 2**32 - 1."""
_betting_field = reading(_betting)
"""The reading of a betting field: ACPC betting, at most four rounds."""


def _holes_field(value: object) -> tuple[tuple[Card, ...], ...]:
    return _holes('holes', value)


def _check_cards(holes: tuple[tuple[Card, ...], ...], board: tuple[Card, ...], betting: str, what: str) -> None:
    _board_for(betting, board, what, _card_string(holes, board))
    known = [card for hole in holes for card in hole] + list(board)
    if len(set(known)) != len(known):
        raise ProtocolError(f'{what}: a card is dealt twice in {shown(_card_string(holes, board))}')
