"""The players known by name, and how a player named so takes a seat: the kinds a match, the dealer's client and
the command line seat (:data:`PLAYER_KINDS`), outside players ``'module:factory'``, and factories themselves.

A player is given as a :data:`PlayerSpec`: a kind (``'loki'``, ``'station'``, ...), the text ``'module:factory'``
(a module of the current directory or any importable one, or a file ``'./mybots.py'``, and a callable in it,
``factory`` dotted if need be: ``'module:Class.make'``), or a
factory ``f(name, seed)`` that returns a seat (a ``name`` and a ``decide(view)`` method,
:class:`~poker.table.game.Contender`). :func:`read_player` reads one to its factory, :func:`make_seat` makes its
seat, :func:`seat_names` names the players of a table.

>>> seat = make_seat('station', 'Sam', 1)
>>> type(seat).__name__, seat.name, seat_names(['station', 'maniac', 'station'])
('CallingStation', 'Sam', ('station-1', 'maniac', 'station-2'))
"""

from __future__ import annotations

import importlib
import importlib.util
import itertools
import os
import pathlib
import random
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Union

from ..errors import PokerError
from ..table.game import Contender, read_contender
from ..validators import read_seed, shown, text

__all__ = ['PLAYER_KINDS', 'PlayerSpec', 'make_seat', 'read_player', 'seat_names']


def _loki(name: str, seed: int) -> Contender:
    from .modelling import ModellingLokiPlayer
    return ModellingLokiPlayer(name, specific=True)


def _loki_generic(name: str, seed: int) -> Contender:
    from .modelling import ModellingLokiPlayer
    return ModellingLokiPlayer(name, specific=False)


def _loki_no_model(name: str, seed: int) -> Contender:
    from ..strategy.advice import FullLokiStrategy
    from .loki import LokiPlayer
    return LokiPlayer(name, strategy=FullLokiStrategy())


def _loki2(enhancements: str, modelling: str = 'specific') -> Callable[[str, int], Contender]:
    def make(name: str, seed: int) -> Contender:
        from ..strategy.triples import DEFAULT_WIDTH
        from .loki2 import NO_MODEL_WIDTH, Loki2Player
        return Loki2Player.with_enhancements(name, enhancements, seed=seed, modelling=modelling,
                                             width=NO_MODEL_WIDTH if modelling == 'none' else DEFAULT_WIDTH)
    return make


def _bot(kind: str) -> Callable[[str, int], Contender]:
    def make(name: str, seed: int) -> Contender:
        from . import bots
        cls: Callable[[str, int], Contender] = getattr(bots, kind)
        return cls(name, seed)
    return make


PLAYER_KINDS: dict[str, Callable[[str, int], Contender]] = {
    'loki': _loki,
    'loki-generic': _loki_generic,
    'loki-no-model': _loki_no_model,
    'loki2': _loki2('brs'),
    'loki2-generic': _loki2('brs', 'generic'),
    'loki2-no-model': _loki2('b', 'none'),
    'loki2-b': _loki2('b'),
    'loki2-r': _loki2('r'),
    'loki2-br': _loki2('br'),
    'loki2-s': _loki2('s'),
    'station': _bot('CallingStation'),
    'maniac': _bot('Maniac'),
    'rock': _bot('Rock'),
    'random': _bot('RandomPlayer'),
    'aggressive': _bot('AggressiveBettor'),
    'tight-aggressive': _bot('TightAggressive'),
    'loose-passive': _bot('LoosePassive'),
    'folder': _bot('Folder'),
    'prober': _bot('Prober'),
}
"""The players known by name: Loki with specific modelling, with generic modelling, without a model (every
holding alike; all three play :class:`~poker.strategy.advice.FullLokiStrategy`), Loki-2 (Peña 1999,
:class:`~poker.players.loki2.Loki2Player`: ``loki2`` with specific models and ``loki2-generic``, each deciding by
selective-sampling simulation and re-weighting by probability triples, their thresholds moved by each opponent's
frequencies or the table's; ``loki2-no-model`` bets by probability triples alone, of width
:data:`~poker.players.loki2.NO_MODEL_WIDTH`: without a model the simulation can only play every opponent as the
typical player, which loses to the passive bots, measured in ``docs/modelling.md``) and its ablations with specific models (``loki2-b`` bets by
probability triples, ``loki2-r`` re-weights by them, ``loki2-br`` both, ``loki2-s`` simulates alone; see
:meth:`Loki2Player.with_enhancements <poker.players.loki2.Loki2Player.with_enhancements>`), and the simple bots of
:mod:`poker.players.bots`."""

PlayerSpec = Union[str, Callable[[str, int], Contender]]
"""A player: a kind of :data:`PLAYER_KINDS`, ``'module:factory'``, or a factory ``f(name, seed)`` of a seat."""


def _player_module(where: str) -> ModuleType:
    """The module of an outside player. A path ending in ``.py`` (``./mybots.py``, ``C:\\bots\\mybots.py``) is loaded
    from that file, as the module its name says (so the module's own imports, and process workers, find it again);
    any other text is a module name, looked up in the current directory first, then on ``sys.path``: what
    ``python -m poker`` does, and what the ``poker`` console script, whose ``sys.path`` starts at its own folder,
    would not do by itself."""
    if where.endswith('.py'):
        path = pathlib.Path(where).resolve()
        loaded = sys.modules.get(path.stem)
        if loaded is not None:
            if getattr(loaded, '__file__', None) == str(path):
                return loaded
            raise ImportError(f'a module named {path.stem} is loaded already, from elsewhere: rename the file')
        spec = importlib.util.spec_from_file_location(path.stem, path)
        if spec is None or spec.loader is None:
            raise ImportError(f'{where} is not a Python file')
        module = importlib.util.module_from_spec(spec)
        sys.modules[path.stem] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[path.stem]
            raise
        return module
    here = os.getcwd()
    sys.path.insert(0, here)
    try:
        return importlib.import_module(where)
    finally:
        sys.path.remove(here)


def _outside(spec: str) -> Callable[[str, int], Contender]:
    """The factory ``'module:factory'`` names (``factory`` may be dotted: ``'module:Class.make'``; ``module`` may be
    a file, ``'./mybots.py:PairBot'``)."""
    module_name, _, attribute = spec.rpartition(':')
    if not module_name or not attribute:
        raise PokerError(f'an outside player is module:factory, got {shown(spec)}')
    try:
        found: object = _player_module(module_name)
    except (Exception, SystemExit) as error:  # ImportError, or whatever the module raises as it loads
        raise PokerError(f'player {shown(spec)}: cannot import {shown(module_name)} '
                         f'({type(error).__name__}: {shown(str(error))})') from None
    for part in attribute.split('.'):
        if not part.isidentifier() or not hasattr(found, part):
            raise PokerError(f'player {shown(spec)}: no {shown(attribute)} in module {shown(module_name)}')
        found = getattr(found, part)
    if not callable(found):
        raise PokerError(f'player {shown(spec)}: {shown(attribute)} is not a factory f(name, seed), '
                         f'got {shown(found)}')
    return found


def read_player(player: PlayerSpec) -> Callable[[str, int], Contender]:
    """The factory ``f(name, seed)`` of a :data:`PlayerSpec`: a kind's, the one ``'module:factory'`` names (its
    module imported now), or the factory given; else a :class:`~poker.errors.PokerError`.

    >>> read_player('rock')('Rocky', 1)
    Rock('Rocky')
    """
    if isinstance(player, str):
        if ':' in player:
            return _outside(player)
        if player not in PLAYER_KINDS:
            raise PokerError(f'unknown player {shown(player)} (expected one of {", ".join(PLAYER_KINDS)}, '
                             'or module:factory)')
        return PLAYER_KINDS[player]
    if callable(player):
        return player
    raise PokerError(f'a player is a name, module:factory or a factory f(name, seed), got {shown(player)}')


def make_seat(player: PlayerSpec, name: str, seed: int | None = None) -> Contender:
    """The seat ``player``'s factory (:func:`read_player`) makes for ``name`` with ``seed`` (None: a fresh one): a
    :class:`~poker.table.game.Contender`, else a :class:`~poker.errors.PokerError` (whatever an outside factory
    raised, in one line)."""
    factory = read_player(player)
    name = text('name', name, error=PokerError)
    seed = read_seed(seed)
    seed = random.SystemRandom().randrange(1 << 32) if seed is None else seed
    if isinstance(player, str) and player in PLAYER_KINDS:
        return factory(name, seed)
    try:
        seat = factory(name, seed)
    except (Exception, SystemExit) as error:
        raise PokerError(f'player {shown(name)}: its factory failed ({type(error).__name__}: '
                         f'{shown(str(error))})') from None
    try:
        return read_contender(seat)
    except PokerError:
        raise PokerError(f'player {shown(name)}: its factory must return a seat (a name and a decide(view) '
                         f'method), got {shown(seat)}') from None


def seat_names(players: Sequence[PlayerSpec]) -> tuple[str, ...]:
    """A name for each of 1 to 23 players: a kind's or ``'module:factory'`` text, a factory's ``__name__``
    (``'player'`` without one); a name that repeats is numbered (``'station-1'``, ``'station-2'``)."""
    items = list(itertools.islice(players, 24)) \
        if isinstance(players, Sequence) and not isinstance(players, (str, bytes)) else []
    if not 1 <= len(items) <= 23 or not all(isinstance(item, str) or callable(item) for item in items):
        raise PokerError(f'players must be a list of 1 to 23 players (names, module:factory or factories), '
                         f'got {shown(players)}')
    base = [item if isinstance(item, str) else getattr(item, '__name__', 'player') for item in items]
    base = [name if isinstance(name, str) else 'player' for name in base]
    names = []
    for index, name in enumerate(base):
        count = base[:index].count(name)
        names.append(name if base.count(name) == 1 else f'{name}-{count + 1}')
    return tuple(names)
