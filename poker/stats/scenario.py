"""Scenarios: a hand, a board, opponents and look-ahead, read from a small TOML or JSON file and run.

A file holds a list of ``scenario`` tables. Every field but ``hole`` may be left out::

    [[scenario]]
    name = "The Java example"   # shown as the heading
    hole = "Ah Qh"              # two cards
    board = "3h 4s Jh"          # 0, 3, 4 or 5 cards (default: none, before the flop)
    opponents = 1               # 1 to 22 (default 1)
    lookahead = [1, 2]          # 0, 1 or 2 cards, or a list of them (default: the library's choice)
    ranges = ["QQ+, AKs"]       # one range for every opponent, or one per opponent (default: any hand)

JSON takes the same shape: ``{"scenario": [{"hole": "Ah Qh", ...}, ...]}`` (a bare list works too).
Cards may be text (``"Ah Qh"``) or lists of card texts. One file holds at most :data:`MAX_SCENARIO_LENGTH`
characters and :data:`MAX_SCENARIOS` scenarios, a scenario at most :data:`MAX_LOOKAHEADS` look-aheads, and a
range at most :data:`~poker.ranges.range.MAX_RANGE_LENGTH` characters: bounds on the work one file may ask for,
far beyond any use. A bad file raises
:class:`~poker.errors.ScenarioError` naming the scenario and the field:

>>> scenarios_from_data({'scenario': [{'hole': 'Ah Qh', 'board': '3h 4s'}]}, 'mine.toml')
Traceback (most recent call last):
...
poker.errors.ScenarioError: mine.toml: scenario 1: 'board': expected 0, 3, 4 or 5 cards, got 2 ('3h 4s')
>>> scenario, = scenarios_from_data([{'hole': 'Ah Qh', 'board': '3h 4s Jh', 'lookahead': [1, 2]}])
>>> scenario.title, scenario.lookahead
('Ah Qh on 3h 4s Jh', (1, 2))
"""

from __future__ import annotations

import itertools
import json
import os
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from attrs import field, frozen

from ..cards.card import Card, format_cards, parse_cards
from ..cards.card_inputs import HoleLike, read_board, read_hole
from ..cards.income_rates import MAX_OPPONENTS, read_opponents
from ..errors import PokerError, ScenarioError
from ..ranges.range import Range
from ..validators import index_below, reading, shown, text
from .hand_statistics import HandStatistics

__all__ = ['FIELDS', 'MAX_LOOKAHEADS', 'MAX_SCENARIOS', 'MAX_SCENARIO_LENGTH', 'Scenario', 'load_scenarios',
           'scenarios_from_data']

FIELDS: tuple[str, ...] = ('name', 'hole', 'board', 'opponents', 'lookahead', 'ranges')
"""The fields a scenario may have; ``hole`` is the only one required."""

MAX_SCENARIO_LENGTH = 4_000_000
"""The longest scenario file :func:`load_scenarios` reads, in characters (the five scenarios of
``examples/scenarios.toml`` take some 1,200)."""

MAX_SCENARIOS = 10_000
"""The most scenarios one file (one call of :func:`scenarios_from_data`) may hold."""

MAX_LOOKAHEADS = 10
"""The most look-aheads one scenario may list (each is a row of statistics; there are only 0, 1, 2 and the
library's default to choose from)."""


def _hole(hole: HoleLike) -> tuple[Card, ...]:
    return read_hole(hole).cards


def _lookaheads(values: Iterable[int | None]) -> tuple[int | None, ...]:
    """Look-aheads to compute: a list of 0, 1, 2 or None (the library's default), at most :data:`MAX_LOOKAHEADS`."""
    items = list(itertools.islice(values, MAX_LOOKAHEADS + 1)) if isinstance(values, (list, tuple)) else None
    if not items or not all(item is None or index_below(item, 3) is not None for item in items):
        raise ScenarioError(f'lookahead must be a list of look-aheads (0, 1, 2 or None), got {shown(values)}')
    if len(items) > MAX_LOOKAHEADS:
        raise ScenarioError(f'lookahead lists at most {MAX_LOOKAHEADS} look-aheads, got more: {shown(values)}')
    return tuple(None if item is None else int(item) for item in items)


def _texts(values: Iterable[str]) -> tuple[str, ...]:
    """Range texts: a list of texts (one for every opponent, or one per opponent)."""
    items = list(itertools.islice(values, MAX_OPPONENTS + 1)) if isinstance(values, (list, tuple)) else None
    if items is None or len(items) > MAX_OPPONENTS or not all(isinstance(item, str) for item in items):
        raise ScenarioError(f'ranges must be a list of range texts, got {shown(values)}')
    return tuple(items)


@frozen
class Scenario:
    """One question: how strong is ``hole`` on ``board`` against ``opponents`` opponents?

    ``lookahead`` lists the look-aheads to compute (``None`` for the library's default); ``ranges`` is
    empty (any holding), one range text for every opponent, or one per opponent.
    """

    hole: tuple[Card, ...] = field(converter=_hole)
    board: tuple[Card, ...] = field(default=(), converter=read_board)
    opponents: int = field(default=1, converter=read_opponents)
    lookahead: tuple[int | None, ...] = field(default=(None,), converter=_lookaheads)
    ranges: tuple[str, ...] = field(default=(), converter=_texts)
    name: str = field(default='', converter=reading(text, error=ScenarioError))  # type: ignore[misc]

    def __repr__(self) -> str:
        """``<Scenario Ah Kd on Qh 7h 2c: 1 opponents, lookahead (None,), ranges ('QQ+',)>``."""
        return (f'<{type(self).__name__} {self.title}: {self.opponents} opponents, lookahead '
                f'{shown(self.lookahead, limit=30)}, ranges {shown(self.ranges, limit=60)}>')

    @property
    def title(self) -> str:
        """The name, or a description of the cards."""
        if self.name:
            return self.name
        return f'{format_cards(self.hole)} on {format_cards(self.board)}' if self.board \
            else f'{format_cards(self.hole)} before the flop'

    def weights(self) -> Range | list[Range] | None:
        """The ``weights`` argument of :meth:`Player.calculate_hand_statistics`: None, a Range or a list."""
        if not self.ranges:
            return None
        parsed = [Range.parse(text) for text in self.ranges]
        return parsed[0] if len(parsed) == 1 else parsed

    def run(self) -> list[HandStatistics]:
        """The statistics for each look-ahead, in order."""
        from .player import Player
        player = Player(self.hole, self.board)
        weights = self.weights()
        return [player.calculate_hand_statistics(opponents=self.opponents, lookahead=lookahead, weights=weights)
                for lookahead in self.lookahead]


def load_scenarios(path: str | os.PathLike[str]) -> list[Scenario]:
    """Read the scenarios of a ``.toml`` or ``.json`` file."""
    if not isinstance(path, (str, os.PathLike)) or not isinstance(os.fspath(path), str):
        raise ScenarioError(f'a scenario file is named by a path, got {shown(path)}')
    source = shown(os.fspath(path)).strip("'")
    if '\0' in os.fspath(path):
        raise ScenarioError(f'{source}: a path cannot hold a NUL character')
    suffix = Path(path).suffix.lower()
    if suffix not in ('.toml', '.json'):
        raise ScenarioError(f'{source}: a scenario file must end in .toml or .json')
    try:
        with open(path, encoding='utf-8') as file:
            text = file.read(MAX_SCENARIO_LENGTH + 1)  # no more than the longest file: a larger one is refused
    except FileNotFoundError:
        raise ScenarioError(f'{source}: no such file') from None
    except (OSError, UnicodeDecodeError) as error:
        raise ScenarioError(f'{source}: cannot read it ({error})') from None
    if len(text) > MAX_SCENARIO_LENGTH:
        raise ScenarioError(f'{source}: a scenario file holds at most {MAX_SCENARIO_LENGTH:,} characters; '
                            'this one holds more')
    return scenarios_from_data(_read_text(text, suffix, source), source)


def _read_text(text: str, suffix: str, source: str) -> Any:
    """The data of TOML or strict JSON text (no duplicate keys, no NaN or Infinity), or a ScenarioError."""
    kind = 'TOML' if suffix == '.toml' else 'JSON'
    try:
        if suffix == '.toml':
            return tomllib.loads(text)
        return json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise ScenarioError(f'{source}: not valid JSON ({error.msg} at line {error.lineno} '
                            f'column {error.colno})') from None
    except RecursionError:
        raise ScenarioError(f'{source}: not a scenario file (arrays or tables nested too deeply)') from None
    except ValueError as error:  # TOMLDecodeError, a duplicate key, a number too long for Python's int()
        reason = 'a number with thousands of digits' if 'integer string conversion' in str(error) else \
            ' '.join(str(error).split())[:200]
        raise ScenarioError(f'{source}: not valid {kind} ({reason})') from None


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refusing a key given twice (JSON parsers disagree on which one wins)."""
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise ValueError(f'the key {shown(key)} appears twice in one object')
        data[key] = value
    return data


def _no_constant(name: str) -> Any:
    """JSON's ``NaN``, ``Infinity`` and ``-Infinity`` are not JSON: refuse them."""
    raise ValueError(f'{name} is not a JSON number')


def scenarios_from_data(data: object, source: str = 'scenarios') -> list[Scenario]:
    """Check and build the scenarios of data already read (a mapping with ``scenario``, or a list); ``source``
    names them in error messages."""
    source = text('source', source, longest=200, error=ScenarioError)
    if isinstance(data, Mapping):
        unknown = sorted(set(data) - {'scenario'})
        if unknown:
            raise ScenarioError(f'{source}: unknown top-level key {shown(unknown[0])} (expected a list of '
                                f'[[scenario]] tables)')
        data = data.get('scenario')
    if not isinstance(data, list) or not data:
        raise ScenarioError(f'{source}: expected a list of scenarios under "scenario", found none')
    if len(data) > MAX_SCENARIOS:
        raise ScenarioError(f'{source}: at most {MAX_SCENARIOS:,} scenarios in one file, got {len(data):,}')
    return [_scenario(entry, f'{source}: scenario {number}') for number, entry in enumerate(data, start=1)]


def _scenario(entry: object, where: str) -> Scenario:
    if not isinstance(entry, Mapping):
        raise ScenarioError(f'{where}: expected a table of fields, got {shown(entry)}')
    name = entry.get('name', '')
    if not isinstance(name, str):
        raise ScenarioError(f'{where}: \'name\': expected text, got {shown(name)}')
    if name:
        where = f'{where} ({shown(name)})'
    unknown = sorted(set(entry) - set(FIELDS))
    if unknown:
        raise ScenarioError(f'{where}: unknown field {shown(unknown[0])} (expected {", ".join(FIELDS)})')
    if 'hole' not in entry:
        raise ScenarioError(f"{where}: 'hole': missing (two hole cards such as \"Ah Qh\")")
    hole = _cards(entry['hole'], where, 'hole')
    if len(hole) != 2:
        raise ScenarioError(f"{where}: 'hole': expected 2 cards, got {len(hole)} ({shown(entry['hole'])})")
    board = _cards(entry.get('board', ()), where, 'board')
    if len(board) not in (0, 3, 4, 5):
        raise ScenarioError(f"{where}: 'board': expected 0, 3, 4 or 5 cards, got {len(board)} "
                            f"({shown(entry['board'])})")
    repeated = sorted(set(hole) & set(board))
    if repeated:
        raise ScenarioError(f"{where}: 'board': card {shown(str(repeated[0]))} is also in 'hole'")
    opponents = entry.get('opponents', 1)
    try:
        opponents = read_opponents(opponents)
    except PokerError as error:
        raise ScenarioError(f"{where}: 'opponents': {error}") from None
    lookahead = _lookahead(entry.get('lookahead'), len(board), where)
    ranges = _ranges(entry.get('ranges', ()), opponents, where, (*hole, *board))
    return Scenario(hole=tuple(hole), board=tuple(board), opponents=opponents, lookahead=lookahead,
                    ranges=ranges, name=name)


def _cards(value: object, where: str, name: str) -> list[Card]:
    if not isinstance(value, (str, list, tuple)) or (not isinstance(value, str)
                                                     and not all(isinstance(v, str) for v in value)):
        raise ScenarioError(f'{where}: {shown(name)}: expected cards as text such as "Ah Qh", got {shown(value)}')
    try:
        return parse_cards(value)
    except PokerError as error:
        raise ScenarioError(f'{where}: {shown(name)}: {error}') from None


def _lookahead(value: object, board_size: int, where: str) -> tuple[int | None, ...]:
    if value is None:
        return (None,)
    values = value if isinstance(value, (list, tuple)) else [value]
    if not values:
        raise ScenarioError(f"{where}: 'lookahead': expected 0, 1 or 2, or a list of them, got an empty list")
    if len(values) > MAX_LOOKAHEADS:
        raise ScenarioError(f"{where}: 'lookahead': at most {MAX_LOOKAHEADS} look-aheads, got {len(values):,}")
    most = 0 if board_size in (0, 5) else 5 - board_size
    for item in values:
        if isinstance(item, bool) or not isinstance(item, int) or not 0 <= item <= 2:
            raise ScenarioError(f"{where}: 'lookahead': expected 0, 1 or 2 cards, got {shown(item)}")
        if item > most:
            street = {0: 'before the flop', 3: 'on the flop', 4: 'on the turn', 5: 'on the river'}[board_size]
            raise ScenarioError(f"{where}: 'lookahead': {item} cards is too many {street} (at most {most})")
    return tuple(values)


def _ranges(value: object, opponents: int, where: str, known: tuple[Card, ...]) -> tuple[str, ...]:
    values = [value] if isinstance(value, str) else value
    if not isinstance(values, (list, tuple)) or not all(isinstance(v, str) for v in values):
        raise ScenarioError(f"{where}: 'ranges': expected range text or a list of them, got {shown(value)}")
    if len(values) not in (0, 1, opponents):
        raise ScenarioError(f"{where}: 'ranges': expected one range for every opponent or one per opponent "
                            f'({opponents}), got {len(values)}')
    if values:
        from ..ranges.range import Range
        for number, text in enumerate(values, start=1):
            label = 'ranges' if len(values) == 1 else f'ranges[{number}]'
            try:
                hands = Range.parse(text)
            except PokerError as error:
                raise ScenarioError(f'{where}: {shown(label)}: {error}') from None
            if not hands:
                raise ScenarioError(f'{where}: {shown(label)}: the range {shown(text)} is empty: it holds no holding '
                                    '(leave out ranges for any holding)')
            if not hands.without(known):
                raise ScenarioError(f'{where}: {shown(label)}: no holding of {shown(text)} is possible with '
                                    f'{format_cards(known)} known')
    return tuple(values)
