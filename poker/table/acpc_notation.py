"""The ACPC notation, in one place: game definitions, betting and card strings, ``MATCHSTATE`` lines and log lines.

The Annual Computer Poker Competition's dealer (protocol version 2.0.0) writes a hand as text:

* a **betting string**, rounds separated by ``/``: ``r`` raises (a bet when nothing is to call), ``c`` calls (a
  check when nothing is to call), ``f`` folds; blinds are not written. ``rc/crc/`` is a pre-flop raise and
  call, a flop check, bet and call, and the turn just begun. A fold with nothing to call, a raise past the
  round's cap, an action after the hand is over, and a round left without its ``/`` once it is over (or a
  ``/`` before) are refused.
* a **card string**: each position's hole cards, ``|`` between positions, then the board by round, each
  round's cards after a ``/``: ``Ah9c|Ks8d/2h3c4d/5s/6h``. In a ``MATCHSTATE`` line the cards a player may
  not see are left empty (``|Ks8d/2h3c4d``).
* ``MATCHSTATE:<position>:<hand>:<betting>:<cards>``: what the dealer sends one player (:class:`MatchState`);
  the player answers with the same line, a ``:`` and its action.
* ``STATE:<hand>:<betting>:<cards>:<payoffs>:<names>``: a line of the dealer's log (:class:`LogLine`);
  payoffs and names are ``|``-separated, by position.
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
>>> state = MatchState.parse('MATCHSTATE:0:7:rc/cr:Ah9c|/2h3c4d')
>>> state.hole, state.to_act(game), state.answer(game, 'raise')
((Card.parse('Ah'), Card.parse('9c')), 0, 'MATCHSTATE:0:7:rc/cr:Ah9c|/2h3c4d:r')
"""

from __future__ import annotations

import functools
import itertools
import math
import os
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import BinaryIO

from attrs import field, frozen

from ..cards.card import Card
from ..cards.card_inputs import CardsLike
from ..cards.streets import BOARD_SIZE, STREETS
from ..errors import PokerError, ProtocolError
from ..ranking.rankable_hand import RankableHand
from ..strategy.actions import Action, Blind, read_action
from ..validators import choice, is_items, shown, whole_number
from ..validators import text as checked_text
from .game import ActionRecord, Decision, FixedLimitGame, HandResult, TableView

__all__ = ['NO_CAP', 'GameDefinition', 'LogLine', 'MatchState', 'acpc_betting', 'read_log']

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


def _player_count(instance: object, attribute: object, value: int) -> None:
    whole_number('players', value, minimum=2, maximum=_MOST_PLAYERS, error=ProtocolError)


def _blinds(instance: GameDefinition, attribute: object, blinds: tuple[int, ...]) -> None:
    _numbers('blinds', blinds, instance.players, 0, 10 ** 12)
    posted = sorted((amount for amount in blinds if amount), reverse=True)
    if not posted or len(posted) > 2 or (len(posted) == 2 and posted[0] == posted[1]):
        raise ProtocolError(f'blinds must be one big blind and at most one smaller small blind (the rest 0), got '
                            f'{shown(blinds)}')


def _by_round(minimum: int, maximum: int) -> Callable[[GameDefinition, object, tuple[int, ...]], None]:
    def check(instance: GameDefinition, attribute: object, values: tuple[int, ...]) -> None:
        _numbers(getattr(attribute, 'name', 'value'), values, 4, minimum, maximum)
    return check


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

    players: int = field(validator=_player_count)
    blinds: tuple[int, ...] = field(converter=_tuple, validator=_blinds)
    """The chips each position posts before the cards are dealt: one big blind, at most one small blind."""
    raise_sizes: tuple[int, ...] = field(converter=_tuple, validator=_by_round(1, 10 ** 12))
    first_player: tuple[int, ...] = field(converter=_tuple, validator=_first_players)
    max_raises: tuple[int, ...] = field(default=(NO_CAP,) * 4, converter=_tuple, validator=_by_round(0, NO_CAP))

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
        """The definition as comment lines of a log, ``# `` before each line of :meth:`text`: the header of the
        logs this library writes, which :func:`read_log` takes as the log's game (ACPC's tools skip comments).

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


def acpc_betting(records: Iterable[ActionRecord], street: str | None = None) -> str:
    """The ACPC betting string of a hand's records (blinds left out), through ``street`` (None: the last round
    with an action; a later street adds its rounds, empty so far).

    >>> from poker.table.bots import CallingStation
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


# ----------------------------------------------------------------------------------------- MATCHSTATE
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


def _count(name: str) -> Callable[[object, object, int], None]:
    """A field check: a whole number from 0 to 2**32 - 1 (a position, a hand number)."""
    def check(instance: object, attribute: object, value: int) -> None:
        whole_number(name, value, maximum=2 ** 32 - 1, error=ProtocolError)
    return check


def _betting_field(instance: object, attribute: object, value: str) -> None:
    _betting('betting', value)


def _holes_field(value: object) -> tuple[tuple[Card, ...], ...]:
    return _holes('holes', value)


def _check_cards(holes: tuple[tuple[Card, ...], ...], board: tuple[Card, ...], betting: str, what: str) -> None:
    _board_for(betting, board, what, _card_string(holes, board))
    known = [card for hole in holes for card in hole] + list(board)
    if len(set(known)) != len(known):
        raise ProtocolError(f'{what}: a card is dealt twice in {shown(_card_string(holes, board))}')


@frozen
class MatchState:
    """One ``MATCHSTATE`` line of the dealer: this player's ``position``, the ``hand`` number, the ``betting`` so
    far and the cards it may see (``holes`` by position, empty where unknown; the ``board`` of the rounds reached).

    >>> state = MatchState.parse('MATCHSTATE:1:0:cc/r:|Ks8d/2h3c4d\\r\\n')
    >>> state.position, state.hand, state.betting, state.board[0], state.text()
    (1, 0, 'cc/r', Card.parse('2h'), 'MATCHSTATE:1:0:cc/r:|Ks8d/2h3c4d')
    """

    position: int = field(validator=_count('position'))
    hand: int = field(validator=_count('hand'))
    betting: str = field(validator=_betting_field)
    holes: tuple[tuple[Card, ...], ...] = field(converter=_holes_field)
    board: tuple[Card, ...] = field(converter=_board)

    def __attrs_post_init__(self) -> None:
        if self.position >= len(self.holes):
            raise ProtocolError(f'position {self.position} is not one of the {len(self.holes)} positions')
        if len(self.holes[self.position]) != 2:
            raise ProtocolError(f'the cards of position {self.position} (this player) are not known: '
                                f'{shown(_card_string(self.holes, self.board))}')
        _check_cards(self.holes, self.board, self.betting, 'a match state')

    def __repr__(self) -> str:
        return f'{type(self).__name__}.parse({self.text()!r})'

    @classmethod
    def parse(cls, line: str) -> MatchState:
        """Read a ``MATCHSTATE`` line (a final line break is allowed); anything else is one
        :class:`ProtocolError` quoting the line."""
        text = _line_text('a MATCHSTATE line', line)
        parts = text.split(':')
        if len(parts) != 5 or parts[0] != 'MATCHSTATE' or not all(_digits(part, 10) for part in parts[1:3]):
            raise _error('MATCHSTATE line', text, 'expected MATCHSTATE:<position>:<hand>:<betting>:<cards>')
        holes, board = _read_card_string(parts[4], 'MATCHSTATE line', text)
        try:
            return cls(int(parts[1]), int(parts[2]), parts[3], holes, board)
        except PokerError as error:
            raise _error('MATCHSTATE line', text, str(error)) from None

    def text(self) -> str:
        """The line as the dealer writes it (without its line break)."""
        return f'MATCHSTATE:{self.position}:{self.hand}:{self.betting}:{_card_string(self.holes, self.board)}'

    @property
    def hole(self) -> tuple[Card, ...]:
        """This player's hole cards."""
        return self.holes[self.position]

    def to_act(self, game: GameDefinition) -> int | None:
        """The position to act (None: the hand is over), after checking that the line fits ``game``."""
        return self._replay(game).next

    def _replay(self, game: GameDefinition) -> _Replay:
        if not isinstance(game, GameDefinition) or game.players != len(self.holes):
            raise ProtocolError(f'{shown(self.text())} is not a state of {shown(game)}')
        try:
            return _Replay(game, self.betting)
        except ProtocolError as error:
            raise _error('MATCHSTATE line', self.text(), str(error)) from None

    def view(self, game: GameDefinition, *, names: Sequence[str] | None = None,
             button: int | None = None) -> TableView:
        """What this player sees, to decide (:meth:`GameDefinition.view`; seats and ``button`` as there)."""
        self._replay(game)
        return game.view(self.betting, _Replay(game, self.betting, button).seat(self.position), self.hole, self.board,
                         names=names, button=button)

    def answer(self, game: GameDefinition, action: Action | str) -> str:
        """The line that answers this state with ``action`` made legal as the table makes it
        (:meth:`~poker.table.game.FixedLimitGame.legal_action`: no fold for free, a raise at the cap calls).

        >>> game = GameDefinition.for_table(2)
        >>> MatchState.parse('MATCHSTATE:0:3:rc/:Ah9c|/2h3c4d').answer(game, 'fold')
        'MATCHSTATE:0:3:rc/:Ah9c|/2h3c4d:c'
        """
        if self.to_act(game) != self.position:
            raise ProtocolError(f'{shown(self.text())}: it is not this player\'s turn')
        return f'{self.text()}:{game.act(self.betting, action).rstrip("/")[-1]}'

    def hand_result(self, game: GameDefinition, *, names: Sequence[str] | None = None,
                    button: int | None = None) -> HandResult:
        """The hand as the table records it (:class:`~poker.table.game.HandResult`), from the last state of the
        hand, which shows the cards of a showdown: seats and ``names`` as in :meth:`GameDefinition.view`, the cards
        this player did not see empty, the seed 0 (not known), and the pot shared by the table's rule (odd chips
        to the winners nearest the button's left; the dealer splits them: :meth:`log_line`).

        >>> game = GameDefinition.for_table(2)
        >>> result = MatchState.parse('MATCHSTATE:0:7:rc/cc/cc/cc:Ah9c|KsKd/2h3c4d/5s/Jh').hand_result(game)
        >>> result.winners, result.net, result.pot, str(result.hands[0].category)
        ((0,), (4, -4), 8, 'Straight')
        """
        replay, winners, hands = self._settled(game, button)
        seats = game.players
        holes: list[tuple[Card, ...]] = [()] * seats
        spent = [0] * seats
        for position in range(seats):
            holes[replay.seat(position)] = self.holes[position]
            spent[replay.seat(position)] = replay.spent[position]
        names = _seat_names(names, seats)
        winning = tuple(sorted(replay.seat(position) for position in winners))
        shares = FixedLimitGame._split(replay.pot, winning, replay.seat(game.button), seats)
        return HandResult(number=self.hand, seed=0, names=names, button=replay.seat(game.button), holes=holes,
                          board=self.board, actions=tuple(replay.records), pot=replay.pot, winners=winning,
                          hands={replay.seat(position): hand for position, hand in hands.items()},
                          net=tuple(shares.get(seat, 0) - spent[seat] for seat in range(seats)))

    def log_line(self, game: GameDefinition, names: Sequence[str]) -> LogLine:
        """The hand as a line of an ACPC log, from the last state of the hand: by position (``names`` too), the
        cards this player did not see empty, payoffs as the dealer counts them (the pot split evenly among the
        winners, fractions of a chip included).

        >>> game = GameDefinition.for_table(3)   # a straight on the board: the small blind and the button split
        >>> MatchState.parse('MATCHSTATE:2:7:rcf/cc/cc/cc:Ah9c||Kh9d/2h3c4d/5s/6h').log_line(game, ('A', 'B', 'C')).text()
        'STATE:7:rcf/cc/cc/cc:Ah9c||Kh9d/2h3c4d/5s/6h:1|-2|1:A|B|C'
        """
        replay, winners, _ = self._settled(game, None)
        share = replay.pot / len(winners)
        return LogLine(self.hand, self.betting, self.holes, self.board,
                       tuple((share if position in winners else 0) - replay.spent[position]
                             for position in range(game.players)), names)

    def _settled(self, game: GameDefinition, button: int | None) -> tuple[_Replay, tuple[int, ...],
                                                                          dict[int, RankableHand]]:
        """The hand played out: the replay, the winning positions and the hands shown (by position)."""
        self._replay(game)
        replay = _Replay(game, self.betting, button)
        if replay.next is not None:
            raise ProtocolError(f'{shown(self.text())}: the hand is not over')
        active = {position for position in range(game.players) if replay.active[position]}
        if len(active) > 1 and any(len(self.holes[position]) != 2 for position in active):
            raise ProtocolError(f'{shown(self.text())}: a showdown without the cards of every player still in')
        winners, hands = FixedLimitGame._winners(active, self.holes, self.board)
        return replay, winners, hands


# ------------------------------------------------------------------------------------------- log lines
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

    hand: int = field(validator=_count('hand'))
    betting: str = field(validator=_betting_field)
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

        >>> from poker.table.bots import CallingStation, Maniac
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
:func:`~poker.table.hand_history.read_history` together): memory grows with the hands kept."""

MOST_LOG_LINES = 2 * MOST_LOG_HANDS
"""The most lines of any kind (comments and blank lines too) read at once: time grows with the lines read."""

_LONGEST_BYTES = 4 * _LONGEST_LINE + 2
"""The most bytes of a line read before it is refused: a longer line has more than :data:`_LONGEST_LINE`
characters (UTF-8 writes a character in at most 4 bytes), and a line break of two may follow."""

_MOST_HEADER_LINES = 64


def read_log(path: str | os.PathLike[str], game: GameDefinition | None = None, *,
             most_hands: int = MOST_LOG_HANDS) -> tuple[LogLine, ...]:
    """The hands of an ACPC log file (the dealer's, or one :func:`~poker.table.acpc_client.play_acpc` or
    :func:`~poker.table.duplicate.match` wrote), in order, each checked against ``game`` (None: the game the log's
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
