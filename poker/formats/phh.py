"""The Poker Hand History (PHH) format of the research community (Kim 2024, https://phh.readthedocs.io): hands
written here as pokerkit reads them (:func:`phh_hand`, no dependency), and PHH files read back through pokerkit
(:func:`read_phh_file`, the extra ``loki-holdem[pokerkit]``).

A PHH hand is TOML: the variant (``'FT'``, fixed-limit Texas hold'em, for every hand of this library), the antes,
the blinds, the small and big bets, the starting stacks and the actions in pokerkit's notation (``d dh p1 AhKh``
deals hole cards, ``d db 2h7h9s`` the board, ``p2 cbr 6`` completes, bets or raises *to* 6 chips this round,
``p1 cc`` checks or calls, ``p3 f`` folds, ``p1 sm AhKh`` shows at the showdown), then the hand's number, the
players' names and their finishing stacks. Players are numbered ``p1``, ``p2``, ... as ACPC numbers positions:
``p1`` sits left of the button (heads-up, the big blind), the button last. A file of several hands holds each in
a table of its own, ``[1]``, ``[2]``, ... (the PHH standard's ``.phhs`` form): pokerkit's
``HandHistory.load_all`` reads it, and each table alone is a hand ``HandHistory.loads`` reads.

The stacks are the table's: deep enough for any betting (:data:`STACK` chips, or more in a hand that puts more
in), so nobody is all-in and the finishing stacks less the starting ones are the hand's payoffs.

>>> from poker.formats.acpc_log import LogLine
>>> from poker.formats.acpc_notation import GameDefinition
>>> line = LogLine.parse('STATE:7:rc/crf:Ah9c|Ks8d/2h3c4d:-4|4:Ann|Bob')
>>> print(phh_hand(line, GameDefinition.for_table(2)))
variant = 'FT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [4000, 4000]
actions = ['d dh p1 Ah9c', 'd dh p2 Ks8d', 'p2 cbr 4', 'p1 cc', 'd db 2h3c4d', 'p1 cc', 'p2 cbr 2', 'p1 f']
hand = 7
players = ["Ann", "Bob"]
finishing_stacks = [3996, 4004]
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Sequence
from typing import Any

from ..cards.streets import BOARD_SIZE, STREETS
from ..errors import MissingDependencyError, PokerError, ProtocolError
from ..strategy.actions import Action, Blind
from ..validators import shown
from .acpc_log import LogLine
from .acpc_notation import NO_CAP, GameDefinition

__all__ = ['PHH_SUFFIXES', 'STACK', 'check_phh_game', 'is_phh', 'is_phh_text', 'phh_hand', 'phh_hands', 'read_phh_file']

STACK = 1000
"""The starting stack written for every player, in big bets: deeper than any hand of a capped game goes."""

_POKERKIT_CAP = 4
"""The bets and raises a round pokerkit's fixed-limit Texas hold'em allows (the blinds not counted), as ACPC's
``maxRaises`` counts them."""

PHH_SUFFIXES = ('.phh', '.phhs')
"""The file names written and read as PHH (any case)."""

MOST_PHH_BYTES = 200_000_000
"""The largest PHH file read (pokerkit reads a file whole)."""


def check_phh_game(game: GameDefinition) -> None:
    """None if pokerkit's fixed-limit Texas hold'em (variant ``'FT'``) plays ``game``: the small bet before the flop
    and on the flop, the big bet on the turn and river, a small and a big blind, the usual first players (left of
    the big blind before the flop, left of the button after it) and at most 4 bets and raises a round; else a
    :class:`~poker.errors.PokerError` saying what differs."""
    players, sizes = game.players, game.raise_sizes
    small, big = (players - 1, 0) if players == 2 else (0, 1)
    reasons = []
    if sizes[0] != sizes[1] or sizes[2] != sizes[3]:
        reasons.append(f'raise sizes {" ".join(map(str, sizes))} (PHH: a small bet twice, then a big bet twice)')
    if game.small_blind != small or game.big_blind != big or \
            any(blind for position, blind in enumerate(game.blinds) if position not in (small, big)):
        reasons.append('blinds not a small and a big blind left of the button')
    if game.first_player != ((big + 1) % players, 0, 0, 0) and not (
            players == 2 and game.first_player == (1, 0, 0, 0)):
        reasons.append('first players not left of the big blind, then left of the button')
    if any(cap == NO_CAP or cap > _POKERKIT_CAP for cap in game.max_raises):
        reasons.append(f'caps {" ".join(map(str, game.max_raises))} (PHH\'s fixed-limit hold\'em allows '
                       f'{_POKERKIT_CAP} bets and raises a round)')
    if reasons:
        raise PokerError(f'a PHH log writes pokerkit\'s fixed-limit Texas hold\'em; this game has '
                         f'{"; ".join(reasons)}')


def _text(value: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's)."""
    return json.dumps(value, ensure_ascii=False)


def _cards(cards: Sequence[object]) -> str:
    return ''.join(map(str, cards))


def phh_hand(line: LogLine, game: GameDefinition) -> str:
    """The PHH text of a hand (an ACPC log line, everything by position) played under ``game`` (see
    :func:`check_phh_game`): a hole card the line does not show is written ``??`` (pokerkit's unknown card)."""
    if not isinstance(line, LogLine):
        raise PokerError(f'line must be a LogLine, got {shown(line)}')
    if not isinstance(game, GameDefinition):
        raise PokerError(f'game must be a GameDefinition, got {shown(game)}')
    check_phh_game(game)
    players = game.players
    if len(line.names) != players:
        raise PokerError(f'a log line of {len(line.names)} players is not a hand of {players}')
    records = line.records(game)
    spent = [0] * players
    for record in records:
        spent[record.seat] += record.amount
    stack = max(STACK * game.raise_sizes[3], max(spent) + game.raise_sizes[3])
    blinds = list(game.blinds[::-1] if players == 2 else game.blinds)
    actions = [f'd dh p{position + 1} {_cards(hole) if hole else "????"}'
               for position, hole in enumerate(line.holes)]
    round_bets = [0] * players
    street = 'preflop'
    active = [True] * players
    last_raiser: int | None = None
    for record in records:
        if record.street != street:
            street, round_bets, last_raiser = record.street, [0] * players, None
            index = STREETS.index(street)
            actions.append(f'd db {_cards(line.board[BOARD_SIZE[STREETS[index - 1]]:BOARD_SIZE[street]])}')
        round_bets[record.seat] += record.amount
        if isinstance(record.action, Blind):
            continue
        player = f'p{record.seat + 1}'
        if record.action == Action.FOLD:
            active[record.seat] = False
            actions.append(f'{player} f')
        elif record.action in (Action.CHECK, Action.CALL):
            actions.append(f'{player} cc')
        else:
            last_raiser = record.seat
            actions.append(f'{player} cbr {round_bets[record.seat]}')
    if sum(active) > 1:   # the showdown, in pokerkit's order: the river's last raiser first, else p1
        start = last_raiser if last_raiser is not None else 0
        for position in [(start + step) % players for step in range(players)]:
            if active[position]:
                hole = line.holes[position]
                actions.append(f'p{position + 1} sm {_cards(hole) if hole else "????"}')
    payoffs = [round(payoff) for payoff in line.payoffs]
    if any(payoff != exact for payoff, exact in zip(payoffs, line.payoffs)):
        raise PokerError(f'hand {line.hand}: PHH writes whole chips, the payoffs are {shown(line.payoffs)}')
    return '\n'.join([
        "variant = 'FT'",
        f'antes = [{", ".join("0" for _ in range(players))}]',
        f'blinds_or_straddles = [{", ".join(map(str, blinds))}]',
        f'small_bet = {game.raise_sizes[0]}',
        f'big_bet = {game.raise_sizes[3]}',
        f'starting_stacks = [{", ".join(str(stack) for _ in range(players))}]',
        f'actions = [{", ".join(repr(action) for action in actions)}]',
        f'hand = {line.hand}',
        f'players = [{", ".join(map(_text, line.names))}]',
        f'finishing_stacks = [{", ".join(str(stack + payoff) for payoff in payoffs)}]',
    ])


def phh_hands(lines: Sequence[LogLine], game: GameDefinition, *, first: int = 1) -> str:
    """Several hands as the tables ``[first]``, ``[first + 1]``, ... of a PHH file of many hands."""
    return ''.join(f'[{number}]\n{phh_hand(line, game)}\n\n' for number, line in enumerate(lines, first))


# ---------------------------------------------------------------------------------------------------- reading
_TABLE = re.compile(r'^\s*\[[^\]\n]*\]\s*(?:#.*)?$', re.MULTILINE)


_VARIANT_LINE = re.compile(r'^\s*variant\s*=', re.MULTILINE)


def is_phh(path: str | os.PathLike[str]) -> bool:
    """Whether a file of this name is written and read as PHH (its name ends ``.phh`` or ``.phhs``)."""
    return os.path.splitext(os.fspath(path))[1].lower() in PHH_SUFFIXES


def is_phh_text(path: str | os.PathLike[str], text: str) -> bool:
    """Whether a file is PHH: by its name, or a line of its text that begins ``variant =``."""
    return is_phh(path) or _VARIANT_LINE.search(text) is not None


def _pokerkit() -> Any:
    try:
        import pokerkit
    except ImportError:
        raise MissingDependencyError("reading PHH files needs pokerkit: pip install 'loki-holdem[pokerkit]'") \
            from None
    return pokerkit


def read_phh_file(path: str | os.PathLike[str], text: str | None = None) -> Iterator[tuple[int, Any]]:
    """The hands of a PHH file (one hand, or the ``[n]`` tables of many) as pokerkit's ``HandHistory`` objects,
    each with the number of the line where it starts; anything pokerkit cannot read is a
    :class:`~poker.errors.ProtocolError` naming the file and the line. ``text``: the file's text, already read."""
    kit = _pokerkit()
    import tomllib
    source = shown(str(path))
    if text is None:
        text = _read_text(path)
    try:
        tables = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ProtocolError(f'{source}: not a PHH file (TOML): {_reason(error)}') from None
    except RecursionError:
        raise ProtocolError(f'{source}: not a PHH file (TOML): nested too deep') from None
    starts = [text.count('\n', 0, match.start()) + 1 for match in _TABLE.finditer(text)]
    if tables and all(isinstance(value, dict) for value in tables.values()):
        items = list(tables.values())
        numbers = starts if len(starts) == len(items) else [1] * len(items)
    else:
        items, numbers = [tables], [1]
    for number, fields in zip(numbers, items):
        try:
            hand = kit.HandHistory(**_fields(kit, fields))
        except (TypeError, ValueError, KeyError, AttributeError, ArithmeticError) as error:
            raise ProtocolError(f'{source}, line {number}: not a PHH hand: {_reason(error)}') from None
        yield number, hand


def _fields(kit: Any, fields: dict[str, Any]) -> dict[str, Any]:
    """The fields of a PHH hand as pokerkit's ``HandHistory`` takes them (numbers with decimals as ``Decimal``s,
    user fields apart), checked enough that pokerkit does not fail on types."""
    from decimal import Decimal
    known = {field.name for field in __import__('dataclasses').fields(kit.HandHistory)}
    result: dict[str, Any] = {'user_defined_fields': {}}
    for key, value in fields.items():
        if isinstance(value, float):
            value = Decimal(str(value))
        elif isinstance(value, list):
            value = [Decimal(str(item)) if isinstance(item, float) else item for item in value]
        if key in known and key not in ('user_defined_fields', 'automations', 'divmod', 'rake', 'parse_value'):
            result[key] = value
        else:
            result['user_defined_fields'][key] = value
    for key in ('variant',):
        if not isinstance(result.get(key), str):
            raise ValueError(f'{key} must be a text, got {shown(result.get(key))}')
    for key in ('antes', 'starting_stacks', 'actions'):
        if not isinstance(result.get(key), list):
            raise ValueError(f'{key} must be a list, got {shown(result.get(key))}')
    if not all(isinstance(action, str) for action in result['actions']):
        raise ValueError('actions must be texts')
    for key in ('antes', 'starting_stacks', 'blinds_or_straddles', 'finishing_stacks', 'winnings'):
        values = result.get(key)
        if values is not None and (not isinstance(values, list) or not all(
                isinstance(item, (int, Decimal)) and not isinstance(item, bool) and _finite(item)
                for item in values)):
            raise ValueError(f'{key} must be a list of numbers, got {shown(values)}')
    for key in ('small_bet', 'big_bet', 'min_bet', 'bring_in'):
        value = result.get(key)
        if value is not None and (not isinstance(value, (int, Decimal)) or isinstance(value, bool)
                                  or not 0 < value < 10 ** 15 or (isinstance(value, Decimal) and not value.is_finite())):
            raise ValueError(f'{key} must be a positive number, got {shown(value)}')
    players = result.get('players')
    if players is not None and (not isinstance(players, list) or not all(isinstance(name, str) for name in players)):
        raise ValueError(f'players must be a list of names, got {shown(players)}')
    return result


def _finite(value: object) -> bool:
    from decimal import Decimal
    return isinstance(value, int) and abs(value) < 10 ** 15 or \
        isinstance(value, Decimal) and value.is_finite() and abs(value) < 10 ** 15


def _reason(error: BaseException) -> str:
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    return text[:200]


def _read_text(path: str | os.PathLike[str]) -> str:
    source = shown(str(path))
    try:
        with open(path, 'rb') as file:
            data = file.read(MOST_PHH_BYTES + 1)
    except (OSError, ValueError) as error:
        raise ProtocolError(f'cannot read {source}: {getattr(error, "strerror", None) or error}') from None
    if len(data) > MOST_PHH_BYTES:
        raise ProtocolError(f'{source}: larger than {MOST_PHH_BYTES:,} bytes (the largest hand-history file read)')
    return data.decode('utf-8', 'replace').removeprefix('\ufeff')
