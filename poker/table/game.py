"""Fixed-limit Texas Hold'em at one table: blinds, four betting rounds, a cap on raises, showdown, split pots.

The table deals from a seeded :class:`~poker.cards.card.Deck`, asks each seat in turn for a
:class:`Decision` (through :meth:`Contender.decide`, given a :class:`TableView` of what that seat may
know), keeps to the rules whatever is asked of it, and records every action in a :class:`HandResult`.

:class:`LokiPlayer` is the seat this library is about: at each decision it takes its hand statistics
(:meth:`Player.calculate_hand_statistics`) and follows :func:`~poker.strategy.advice.advise`. Any object with a
``name`` and a ``decide(view)`` method can sit down too:

>>> class Raiser:
...     def __init__(self, name):
...         self.name = name
...     def decide(self, view):
...         return Decision('raise')
>>> game = FixedLimitGame([Raiser('Ann'), Raiser('Bob')], seed=1)
>>> hand = game.play_hand()
>>> [record.action for record in hand.street_actions('flop')]
['bet', 'raise', 'raise', 'raise', 'call']
>>> hand.pot, len(hand.board), hand.showdown, sum(hand.net)
(96, 5, True, 0)

Chips are whole numbers: by default a small blind of 1, a big blind and small bet of 2 (before the flop
and on it) and a big bet of 4 (turn and river), with at most :attr:`FixedLimitGame.cap` bets a round.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar, Protocol, TypeVar

import attrs
import numpy as np
from attrs import Factory, field, frozen

from ..cards.card import Card, Deck, format_cards
from ..cards.card_inputs import CardsLike, read_board, read_cards
from ..cards.income_rates import opponents_field
from ..cards.streets import BOARD_SIZE, STREETS
from ..errors import CardCountError, DuplicateCardError, PokerError
from ..ranges.weight_inputs import WeightsLike
from ..ranking.rankable_hand import RankableHand
from ..ranking.ranker import HandRanker
from ..stats.hand_statistics import HandStatistics
from ..strategy.actions import Action, Blind, read_action
from ..strategy.advice import DEFAULT_STRATEGY, Advice, LokiStrategy, Situation
from ..validators import amount, checked_by, choice, flag, instance, is_items, is_whole, read_seed, shown, text, whole_number

__all__ = [
    'ActionRecord',
    'Contender',
    'Decision',
    'FixedLimitGame',
    'HandResult',
    'LokiPlayer',
    'PlayerSummary',
    'TableView',
    'blind_seats',
    'read_contender',
    'read_view',
    'seat_hook',
]

MAX_HANDS = 10_000_000
"""The most hands :meth:`FixedLimitGame.play` plays in one call, and the most deals of one
:func:`~poker.matches.duplicate.match`."""

_BLINDS = {blind.value: blind for blind in Blind}


def _recorded_action(value: object) -> Action | Blind:
    """A blind (a :class:`Blind` or its text) as a :class:`Blind`, anything else read as an :class:`Action`."""
    return _BLINDS[value] if isinstance(value, str) and value in _BLINDS else read_action(value)


def _optional(kind: type) -> Callable[[str, object], None]:
    """A field check: None, or an instance of ``kind``."""
    def check(name: str, value: object) -> None:
        if value is not None and not isinstance(value, kind):
            raise PokerError(f'{name} must be a {kind.__name__} or None, got {shown(value)}')
    return check


def _count(name: str, value: object) -> int:
    """A number of chips, seats or hands: a whole number of at least 0 (and at most 10**15)."""
    return whole_number(name, value, maximum=10 ** 15, error=PokerError)


def _net(name: str, value: object) -> int:
    """A net result in chips: a whole number (of either sign)."""
    return whole_number(name, value, minimum=-10 ** 15, maximum=10 ** 15, error=PokerError)


def _items(name: str, values: object, read: Callable[[str, object], object], longest: int = 10_000) -> tuple[object, ...]:
    """``values`` as a tuple, each item read by ``read``, else a PokerError quoting it."""
    if not is_items(values):
        raise PokerError(f'{name} must be a list, got {shown(values)}')
    items = tuple(itertools.islice(values, longest + 1))
    if len(items) > longest:
        raise PokerError(f'{name} must hold at most {longest:,} items, got more: {shown(values)}')
    return tuple(read(name, item) for item in items)


@frozen
class Decision:
    """A seat's choice, with what it was based on (kept for the record, not used by the table).

    ``action`` is an :class:`~poker.strategy.actions.Action` or its text (``Decision('raise')``); any other
    value is a :class:`~poker.errors.BettingError`.
    """

    action: Action = field(converter=read_action)
    stats: HandStatistics | None = field(default=None, validator=checked_by(_optional(HandStatistics)))
    advice: Advice | None = field(default=None, validator=checked_by(_optional(Advice)))


@frozen
class ActionRecord:
    """One thing a seat did: a blind, or the legal form of its decision, and the chips it put in.

    ``action`` is a :class:`~poker.strategy.actions.Blind` or an :class:`~poker.strategy.actions.Action`
    (given as text, it is read as one).
    """

    street: str = field(validator=checked_by(choice, choices=STREETS, error=PokerError))
    seat: int = field(validator=checked_by(_count))
    action: Action | Blind = field(converter=_recorded_action)
    amount: int = field(validator=checked_by(_count))
    pot: int = field(validator=checked_by(_count))
    decision: Decision | None = field(default=None, validator=checked_by(_optional(Decision)))
    to_call: int = field(default=0, validator=checked_by(_count))
    """What it cost the seat to stay in when it acted (0 for a blind)."""
    bet_size: int = field(default=0, validator=checked_by(_count))
    """The bet of the round (0 for a blind)."""

    @property
    def bets_to_call(self) -> int:
        """Bets the seat faced when it acted: 0, 1, 2 or more (Papp's context of an action). A part of a bet
        counts as a bet: the small blind's first action faces the big blind's bet (1 chip of a 2-chip bet is
        1 bet to call, 3 chips 2 bets), as the seat itself sees it.

        >>> ActionRecord('preflop', 1, 'raise', 3, 6, to_call=1, bet_size=2).bets_to_call
        1
        """
        return -(-self.to_call // self.bet_size) if self.bet_size else 0

    @property
    def asked(self) -> Action | None:
        """The action the seat asked for, when it differs from the one taken (``'raise'`` at the cap)."""
        if self.decision is None or self.decision.action == self.action:
            return None
        return self.decision.action


def _hole(cards: CardsLike) -> tuple[Card, ...]:
    """A seat's hole cards: two distinct cards."""
    try:
        return read_board(cards, sizes=(2,))
    except CardCountError:
        raise CardCountError(f'hole must be two cards, got {shown(cards)}') from None


def blind_seats(button: int, seats: int) -> tuple[int, int]:
    """The seats of the small and the big blind at a table of ``seats`` with the button at ``button``: heads-up the
    button posts the small blind; otherwise the two seats left of the button post them.

    >>> blind_seats(0, 2), blind_seats(5, 6)
    ((0, 1), (0, 1))
    """
    seats = whole_number('seats', seats, minimum=2, maximum=23, error=PokerError)
    button = whole_number('button', button, maximum=seats - 1, error=PokerError)
    small = button if seats == 2 else (button + 1) % seats
    return small, (small + 1) % seats


def _records(records: Iterable[ActionRecord]) -> tuple[ActionRecord, ...]:
    return _items('history', records, lambda name, record: instance(name, record, ActionRecord, error=PokerError,
                                                                    what='a list of ActionRecord'))  # type: ignore[return-value]


def _seats(seats: Iterable[int]) -> tuple[int, ...]:
    return _items('active', seats, _count, longest=22)  # type: ignore[return-value]


def _seats_of(name: str, seats: Iterable[int], table: int) -> tuple[int, ...]:
    """Seats of a table of ``table`` seats: 1 or more, each once, each below ``table``."""
    items: tuple[int, ...] = _items(name, seats, _count, longest=23)  # type: ignore[assignment]
    if not items or len(set(items)) != len(items) or max(items) >= table:
        raise PokerError(f'{name} must name one or more seats of the {table}, once each, got {shown(seats)}')
    return items


def _default_active(view: TableView) -> tuple[int, ...]:
    """The seats still in when none are given: this one and the ``opponents`` seats after it."""
    seats = view.seats or view.seat + view.opponents + 1
    return tuple(sorted((view.seat + step) % seats for step in range(view.opponents + 1)))


@frozen
class TableView:
    """What the seat to act knows: its cards, the board, the pot and the betting so far.

    The table builds one for each decision; :meth:`GameDefinition.view
    <poker.formats.acpc_notation.GameDefinition.view>` builds the same from a hand written in ACPC notation (for
    an adapter to another engine). Built by hand, the fields after ``can_raise`` may be left out: ``seats`` 0
    means the table is unknown, ``active`` defaults to this seat and the ``opponents`` seats after it, and
    without blind records in the ``history`` the blinds are the table's (:attr:`small_blind`). A view whose
    fields disagree (a board that is not the street's, a card twice, a seat outside the table or not among
    the seats still in) is refused, naming the field.
    """

    seat: int = field(validator=checked_by(_count))
    name: str = field(validator=checked_by(text, error=PokerError))
    hole: tuple[Card, ...] = field(converter=_hole)
    board: tuple[Card, ...] = field(converter=read_board)
    street: str = field(validator=checked_by(choice, choices=STREETS, error=PokerError))
    pot: int = field(validator=checked_by(_count))
    to_call: int = field(validator=checked_by(_count))
    bet_size: int = field(validator=checked_by(_count))
    bets_this_round: int = field(validator=checked_by(_count))
    called_this_round: bool = field(validator=checked_by(flag, error=PokerError))
    """Whether this seat has already called a bet this round (a check is no call; Pena's exception to Make1's
    fold)."""
    opponents: int = field(validator=checked_by(opponents_field))
    can_raise: bool = field(validator=checked_by(flag, error=PokerError))
    history: tuple[ActionRecord, ...] = field(default=(), converter=_records)
    seats: int = field(default=0, validator=checked_by(_count))
    """Seats at the table (0: unknown)."""
    button: int = field(default=0, validator=checked_by(_count))
    """The button's seat."""
    active: tuple[int, ...] = field(default=(), converter=_seats)
    """The seats still in the hand, this one included (empty: this seat and the ``opponents`` seats after it)."""
    put_in_this_round: bool = field(default=Factory(lambda view: view.called_this_round, takes_self=True),
                                    validator=checked_by(flag, error=PokerError))
    """Whether this seat has put chips in voluntarily this round: called a bet, bet or raised (a blind is not
    voluntary; by default, whether it has called a bet). Papp's pre-flop "voluntarily put money in" rule reads
    it."""

    def __attrs_post_init__(self) -> None:
        if self.seats and (self.seats > 23 or not self.opponents < self.seats):
            raise PokerError(f'seats must be more than the opponents ({self.opponents}) and at most 23, got '
                             f'{self.seats}')
        if not self.active:
            object.__setattr__(self, 'active', _default_active(self))
        if len(self.board) != BOARD_SIZE[self.street]:
            raise CardCountError(f'board must hold the {BOARD_SIZE[self.street]} cards of the {self.street}, got '
                                 f'{len(self.board)}: {shown(self.board)}')
        if set(self.hole) & set(self.board):
            raise DuplicateCardError(f'hole and board share a card: {shown(self.hole)} and {shown(self.board)}')
        if len(set(self.active)) != len(self.active) or self.seat not in self.active:
            raise PokerError(f'active must list the seats still in, once each, seat {self.seat} among them, got '
                             f'{shown(self.active)}')
        if self.seats:
            for name, seats in (('seat', (self.seat,)), ('button', (self.button,)), ('active', self.active),
                                ('history', tuple(record.seat for record in self.history))):
                if any(seat >= self.seats for seat in seats):
                    raise PokerError(f'{name} must name seats below seats ({self.seats}), got {shown(seats)}')

    def __repr__(self) -> str:
        """A one-line summary: ``<TableView Ann, seat 0, on the river: Ah Kd, board Qh 7h 2c 9s 3d, pot 10, to
        call 2, 1 opponents>``."""
        board = f', board {format_cards(self.board)}' if self.board else ''
        return (f'<{type(self).__name__} {self.name}, seat {self.seat}, on the {self.street}: '
                f'{format_cards(self.hole)}{board}, pot {self.pot}, to call {self.to_call}, '
                f'{self.opponents} opponents>')

    @property
    def small_blind(self) -> int | None:
        """The seat that posted the small blind: the one recorded in the history, else the table's
        (:func:`blind_seats`; None when neither is known: no blind recorded and ``seats`` 0)."""
        return self._blind(Blind.SMALL)

    @property
    def big_blind(self) -> int | None:
        """The seat that posted the big blind: the one recorded, else the table's (as :attr:`small_blind`)."""
        return self._blind(Blind.BIG)

    def _blind(self, blind: Blind) -> int | None:
        recorded = next((record.seat for record in self.history if record.action == blind), None)
        if recorded is not None or self.seats < 2:
            return recorded
        return blind_seats(self.button, self.seats)[0 if blind == Blind.SMALL else 1]

    @property
    def position(self) -> int:
        """Papp's position: the seats still in that act before the small blind's turn comes again (0 on the
        button, the big blind ``players - 2``, the small blind ``players - 1``)."""
        active, seats, small = set(self.active), self.seats, self.small_blind
        if small is None or self.seat == small or not seats:
            return max(0, len(active) - 1)
        return sum(1 for step in range(1, seats) if (seat := (self.seat + step) % seats) in active
                   and self._before(seat, small, seats))

    def _before(self, seat: int, small: int, seats: int) -> bool:
        return (seat - self.seat) % seats < (small - self.seat) % seats

    @property
    def acting_after(self) -> tuple[int, ...]:
        """The seats still in that act after this one in the round's first pass, in turn order: up to the button
        after the flop, up to the big blind before it (heads-up after the flop the big blind acts first and
        the button after it). Empty when the table is unknown (``seats`` 0, or no big blind recorded before
        the flop)."""
        last = self.big_blind if self.street == 'preflop' else self.button
        if not self.seats or last is None:
            return ()
        return tuple(seat for step in range(1, (last - self.seat) % self.seats + 1)
                     if (seat := (self.seat + step) % self.seats) in self.active)

    def voluntary(self, street: str = 'preflop') -> set[int]:
        """The seats still in that have called, bet or raised on ``street``."""
        street = choice('street', street, STREETS, error=PokerError)
        return {record.seat for record in self.history if record.street == street
                and record.action in (Action.CALL, Action.BET, Action.RAISE) and record.seat in self.active}


class Contender(Protocol):
    """Anything that can sit at a table: a ``name`` and :meth:`decide`, which the table calls at each of the seat's
    turns with what the seat may know (a :class:`TableView`).

    A seat may also have any of the hooks :meth:`begin_hand`, :meth:`observe`, :meth:`end_hand` (the table calls
    those it has: :func:`seat_hook`) and :meth:`state` with :meth:`resume` (a match hands a seat's state on
    from one stretch of deals to a fresh copy of it when it has both). They are declared here, each with its
    contract, but a seat need not have them, and a type checker does not ask for them: a class with a ``name``
    and a ``decide(view)`` method is a Contender. The table hands the hooks values it has checked.

    >>> class Caller:
    ...     def __init__(self, name: str) -> None:
    ...         self.name = name
    ...     def decide(self, view: TableView) -> Decision:
    ...         return Decision('call')
    >>> read_contender(Caller('Cal')).name, seat_hook(Caller('Cal'), 'observe')
    ('Cal', None)
    """

    name: str

    def decide(self, view: TableView) -> Decision:
        """The seat's choice in the situation ``view`` shows; the table makes it legal
        (:meth:`FixedLimitGame.legal_action`: no fold for free, a raise at the cap calls)."""
        ...

    if not TYPE_CHECKING:  # optional: declared for the record, not asked of a seat by a type checker
        def begin_hand(self, seat: int, names: tuple[str, ...], hole: tuple[Card, ...], button: int) -> None:
            """Optional: a hand begins, before the blinds: this seat's number, every seat's name (by seat), its
            hole cards and the button's seat."""

        def observe(self, record: ActionRecord, board: tuple[Card, ...]) -> None:
            """Optional: an action of any seat (this one's and the blinds included), as the table recorded it,
            with the board so far."""

        def end_hand(self, result: HandResult) -> None:
            """Optional: the hand is over; ``result`` holds every action, the cards shown and who won what."""

        def state(self) -> object:
            """Optional, with :meth:`resume`: a value (picklable) of all the seat keeps from hand to hand."""

        def resume(self, state: object) -> None:
            """Optional, with :meth:`state`: take up such a value; the seat then plays as the one that gave it
            would."""


_HOOKS = ('begin_hand', 'observe', 'end_hand', 'state', 'resume')
"""The optional calls of a seat (:class:`Contender`)."""


def seat_hook(player: object, name: str) -> Callable[..., object] | None:
    """The seat's own method ``name``, one of its optional hooks (``'begin_hand'``, ``'observe'``, ``'end_hand'``,
    ``'state'``, ``'resume'``; None: the seat does not have it; the declarations of
    :class:`Contender`, which a seat inherits by subclassing it, do not count).

    >>> seat_hook(LokiPlayer('Ann'), 'state') is not None, seat_hook(LokiPlayer('Ann'), 'observe')
    (True, None)
    """
    name = choice('name', name, _HOOKS, error=PokerError)
    method = getattr(player, name, None)
    if not callable(method) or getattr(type(player), name, None) is getattr(Contender, name):
        return None
    return method  # type: ignore[no-any-return]


_SHOWDOWN_HAND_CLASSES: dict[type[HandRanker], type[RankableHand]] = {RankableHand.ranker: RankableHand}


def _showdown_hand_class(ranker: type[HandRanker]) -> type[RankableHand]:
    """:class:`RankableHand`, or a subclass of it that ranks with ``ranker`` (for the hands shown down)."""
    if ranker not in _SHOWDOWN_HAND_CLASSES:
        _SHOWDOWN_HAND_CLASSES[ranker] = type(f'{ranker.__name__}Hand', (RankableHand,),
                                              {'ranker': ranker, '__slots__': ()})
    return _SHOWDOWN_HAND_CLASSES[ranker]


def _read_only_hands(hands: Mapping[int, RankableHand]) -> Mapping[int, RankableHand]:
    """A read-only copy of the showdown hands by seat."""
    if not isinstance(hands, Mapping) or not all(isinstance(seat, int) and isinstance(hand, RankableHand)
                                                 for seat, hand in hands.items()):
        raise PokerError(f'hands must map seats to RankableHand, got {shown(hands)}')
    return MappingProxyType(dict(hands))


def _names(names: Iterable[str]) -> tuple[str, ...]:
    return _items('names', names, lambda name, value: text(name, value, error=PokerError), longest=23)  # type: ignore[return-value]


def _seen_hole(cards: CardsLike) -> tuple[Card, ...]:
    """A seat's hole cards as a hand's record keeps them: two cards, or none (not seen)."""
    return () if isinstance(cards, (tuple, list)) and not cards else _hole(cards)


def _holes(holes: Iterable[CardsLike]) -> tuple[tuple[Card, ...], ...]:
    return _items('holes', holes, lambda name, cards: _seen_hole(cards), longest=23)  # type: ignore[arg-type, return-value]


def _nets(nets: Iterable[int]) -> tuple[int, ...]:
    return _items('net', nets, _net, longest=23)  # type: ignore[return-value]


@frozen
class HandResult:
    """Everything about one hand: the deal, every action, the showdown and who won what.

    ``holes`` holds each seat's hole cards (none for a seat whose cards were not seen: a hand played at another
    table, as :mod:`~poker.formats.acpc_client` plays them); ``board`` the cards of the streets that were reached;
    ``hands`` the showdown hands of the seats that reached it (empty if everyone else folded); ``net`` each
    seat's chips won less chips put in.
    """

    number: int = field(validator=checked_by(_count))
    seed: int = field(validator=lambda record, attribute, value: read_seed(value, fresh=False))
    names: tuple[str, ...] = field(converter=_names)
    button: int = field(validator=checked_by(_count))
    holes: tuple[tuple[Card, ...], ...] = field(converter=_holes)
    board: tuple[Card, ...] = field(converter=read_board)
    actions: tuple[ActionRecord, ...] = field(converter=_records)
    pot: int = field(validator=checked_by(_count))
    winners: tuple[int, ...] = field(converter=_seats)
    hands: Mapping[int, RankableHand] = field(factory=dict, converter=_read_only_hands, hash=False)
    net: tuple[int, ...] = field(default=(), converter=_nets)

    def __attrs_post_init__(self) -> None:
        """The seats a record names are seats of its table (as many names, holes and nets as seats)."""
        seats = len(self.names)
        if not 2 <= seats or len(self.holes) != seats or len(self.net) not in (0, seats):
            raise PokerError(f'a hand record needs 2 or more names and as many holes (and nets, if any): got '
                             f'{seats} names, {len(self.holes)} holes and {len(self.net)} nets')
        strays = [seat for seat in (self.button, *self.winners, *self.hands) if not 0 <= seat < seats]
        if strays:
            raise PokerError(f'seats {shown(strays)} of a hand record are not among its {seats} seats')

    @property
    def showdown(self) -> bool:
        """True when two or more seats showed their cards."""
        return len(self.hands) > 1

    def street_actions(self, street: str) -> tuple[ActionRecord, ...]:
        """The actions of one betting round."""
        street = choice('street', street, STREETS, error=PokerError)
        return tuple(record for record in self.actions if record.street == street)

    @property
    def streets(self) -> tuple[str, ...]:
        """The betting rounds that were played."""
        return tuple(street for street in STREETS if self.street_actions(street))

    def __repr__(self) -> str:
        """A one-line summary: ``<HandResult #1: Bob wins 28 with Two Pair, Queens and Sixes, 2 seats, board
        ...>`` (the whole record is in the fields)."""
        winners = ' and '.join(self.names[seat] for seat in self.winners)
        verb = 'wins' if len(self.winners) == 1 else 'split'
        hand = self.hands.get(self.winners[0]) if self.winners and self.showdown else None
        how = f' with {hand.description}' if hand is not None else ''
        board = f'board {format_cards(self.board)}' if self.board else 'no board'
        return (f'<{type(self).__name__} #{self.number}: {winners or "nobody"} {verb} {self.pot}{how}, '
                f'{len(self.names)} seats, {board}>')


@frozen
class PlayerSummary:
    """One seat's results over the hands played: pots won (a split counts its share), showdowns, net chips."""

    name: str = field(validator=checked_by(text, error=PokerError))
    hands: int = field(validator=checked_by(_count))
    won: float = field(validator=checked_by(amount, error=PokerError))
    showdowns: int = field(validator=checked_by(_count))
    net: int = field(validator=checked_by(_net))

    def per_hand(self, unit: int = 1) -> float:
        """Net winnings per hand, in ``unit`` chips (pass the small bet for small bets per hand).

        >>> PlayerSummary('Ann', hands=10, won=4.5, showdowns=3, net=-6).per_hand(2)
        -0.3
        """
        try:
            size = amount('unit', unit, positive=True, error=PokerError)
        except PokerError:
            raise PokerError(f'unit must be a number of chips more than 0, got {shown(unit)}') from None
        result = self.net / size / self.hands if self.hands else 0.0
        if not -1e300 <= result <= 1e300:  # a unit of 1e-320 chips
            raise PokerError(f'unit {shown(unit)} is too small a number of chips to count in')
        return result


def read_contender(player: object) -> Contender:
    """``player`` if it can sit at a table (a ``name`` that is text and a ``decide(view)`` method), else a
    :class:`~poker.errors.PokerError`."""
    if not isinstance(getattr(player, 'name', None), str) or not callable(getattr(player, 'decide', None)):
        raise PokerError(f'a seat needs a name (text) and a decide(view) method, got {shown(player)}')
    return player  # type: ignore[return-value]


def read_view(view: TableView) -> TableView:
    """``view`` if it is a :class:`TableView`, else a :class:`~poker.errors.PokerError` (the table wing's door
    for the seats' hooks)."""
    return instance('view', view, TableView, error=PokerError, what='a TableView')


def _positive(name: str, value: object) -> int:
    """A number of chips or bets: a positive whole number (at most 10**12)."""
    number = whole_number(name, value, minimum=None, error=PokerError) if is_whole(value) else 0
    if not 1 <= number <= 10 ** 12:
        raise PokerError(f'{name} must be a positive whole number, got {shown(value)}')
    return number


class LokiPlayer:
    """A Loki-style seat: hand statistics from :class:`~poker.stats.player.Player`, then Loki's betting rules.

    Hooks for subclasses: :meth:`statistics` (how strong the hand is), :meth:`weights` (what the
    opponents may hold; ``None`` means every holding equally) and :meth:`advise` (what to do about it).
    ``strategy`` is a :class:`~poker.strategy.advice.LokiStrategy` (or a subclass with other thresholds or rules);
    None means the plain one. ``lookahead`` is passed on to the statistics (None: the library's default
    for the street: 2 cards on the flop, 1 on the turn).
    """

    def __init__(self, name: str, *, strategy: LokiStrategy | None = None, lookahead: int | None = None,
                 preflop_income_rates: bool = True) -> None:
        self.name = text('name', name, error=PokerError)
        if strategy is not None and not isinstance(strategy, LokiStrategy):
            raise PokerError(f'strategy must be a LokiStrategy or None, got {shown(strategy)}')
        self.strategy = strategy
        self.lookahead = None if lookahead is None else whole_number('lookahead', lookahead, maximum=2,
                                                                       error=PokerError)
        self.preflop_income_rates = flag('preflop_income_rates', preflop_income_rates, error=PokerError)
        self.preflop_choice: str | None = None
        self.preflop_players: float = 2.0
        self.preflop_position: int = 0
        self.semi_bluff_at: int | None = None
        """Where this seat's semi-bluff of this hand is in the history (None: none yet); reset at the seat's
        first decision of each hand."""

    def state(self) -> object:
        """What this seat keeps from hand to hand: nothing (None); a subclass that learns returns what it learnt."""
        return None

    def resume(self, state: object) -> None:
        """Take up a :meth:`state` (None: nothing to take up)."""
        if state is not None:
            raise PokerError(f'a {type(self).__name__} keeps nothing from hand to hand, got the state {shown(state)}')

    def weights(self, view: TableView) -> WeightsLike:
        """The opponents' holding weights to compute against (a hook; ``None``: all holdings equally)."""
        read_view(view)
        return None

    def statistics(self, view: TableView) -> HandStatistics:
        """HS, PPOT, NPOT and EHS of this seat's hand against the opponents still in."""
        from ..stats.player import Player
        view = read_view(view)
        return Player(view.hole, view.board).calculate_hand_statistics(
            opponents=view.opponents, lookahead=self.lookahead, weights=self.weights(view))

    def advise(self, stats: HandStatistics, view: TableView) -> Advice:
        """The :class:`~poker.strategy.advice.Advice` of :attr:`strategy` for these statistics in the
        :meth:`situation` of the view."""
        return (self.strategy or DEFAULT_STRATEGY).advise(stats, self.situation(view))

    def situation(self, view: TableView) -> Situation:
        """The betting the view shows, whether to follow a semi-bluff through (:meth:`follows_through`) and the
        chance of a bet behind (:meth:`bet_chance`)."""
        view = read_view(view)
        return Situation(view.pot, view.to_call, view.bet_size, view.bets_this_round, view.called_this_round,
                         view.put_in_this_round, follow_through=self.follows_through(view),
                         bet_behind=self.bet_chance(view))

    def decide(self, view: TableView) -> Decision:
        """The :meth:`advise` action on the :meth:`statistics` (with :meth:`with_next_card_ppot`; before the
        flop :meth:`preflop_advise`, unless ``preflop_income_rates`` is False), with both kept in the decision.
        A semi-bluff is remembered for the rest of the hand (:attr:`semi_bluff_at`)."""
        view = read_view(view)
        if self.first_decision(view):
            self.semi_bluff_at = None
        stats = self.statistics(view)
        if view.street == 'preflop' and self.preflop_income_rates:
            advice = self.preflop_advise(view)
        else:
            stats = self.with_next_card_ppot(stats, view)
            advice = self.advise(stats, view)
            if advice.rule == 'semi_bluff':
                self.semi_bluff_at = len(view.history)  # where the table records it
        return Decision(advice.action, stats, advice)

    def first_decision(self, view: TableView) -> bool:
        """Whether the view is this seat's first decision of the hand (no decision of its own in the history)."""
        view = read_view(view)
        return not any(record.seat == view.seat and record.decision is not None for record in view.history)

    def with_next_card_ppot(self, stats: HandStatistics, view: TableView) -> HandStatistics:
        """``stats`` with :attr:`~poker.stats.hand_statistics.HandStatistics.next_card_ppot` when the pot-odds
        rule will weigh it (:meth:`~poker.strategy.advice.LokiStrategy.needs_next_card_ppot`: on the flop, facing
        a bet, when the rules before it pass): PPOT one card ahead, against the same :meth:`weights` and
        opponents (Papp 6.5)."""
        from ..stats.player import Player
        if not (self.strategy or DEFAULT_STRATEGY).needs_next_card_ppot(stats, self.situation(view)):
            return stats
        one_card = Player(view.hole, view.board).calculate_hand_statistics(
            opponents=stats.opponents, lookahead=1, weights=self.weights(view))
        return attrs.evolve(stats, next_card_ppot=one_card.ppot)

    def follows_through(self, view: TableView) -> bool:
        """Whether this seat semi-bluffed on an earlier street of this hand and no other seat has bet or raised
        since (Papp 6.4: then Loki keeps betting)."""
        view = read_view(view)
        at = self.semi_bluff_at
        if at is None or at >= len(view.history):
            return False
        bluff = view.history[at]
        if bluff.seat != view.seat or bluff.street == view.street or bluff.action not in (Action.BET, Action.RAISE):
            return False
        return not any(record.seat != view.seat and record.action in (Action.BET, Action.RAISE)
                       for record in view.history[at + 1:])

    default_bet_frequency: ClassVar[float] = 0.0
    """How often a seat without a model is read as betting when checked to: 0, no read (ours), so Loki
    without models never check-raises. Table B.2's 0.5 (a typical player) made it check-raise whenever two
    players were behind it, which cost 0.38 sb/hand [0.28, 0.48] at a table of five calling stations (who never
    bet) and gained nothing elsewhere (docs/modelling.md); set 0.5 in a subclass for that reading."""

    def bet_frequency(self, view: TableView, seat: int) -> float:
        """How often ``seat`` bets when checked to on this street: :attr:`default_bet_frequency` (a hook; a
        :class:`~poker.players.modelling.ModellingLokiPlayer` reads its model)."""
        read_view(view)
        whole_number('seat', seat, error=PokerError)
        return self.default_bet_frequency

    def bet_chance(self, view: TableView) -> float:
        """The chance that at least one seat still to act after this one this round (:attr:`TableView.acting_after`)
        bets when checked to: ``1 - prod(1 - f)`` over their :meth:`bet_frequency`."""
        view = read_view(view)
        return 1 - math.prod(1 - self.bet_frequency(view, seat) for seat in view.acting_after)

    def preflop_advise(self, view: TableView) -> Advice:
        """Papp's pre-flop play (section 6.1): the strategy chosen at this seat's first pre-flop decision from
        the hand's income rate, the players expected to play and the position, then kept for the round. Its
        "voluntarily put money in" exception reads :attr:`TableView.put_in_this_round`."""
        from ..strategy.preflop import expected_players
        view = read_view(view)
        strategy = self.strategy or DEFAULT_STRATEGY
        if self.first_decision(view) or self.preflop_choice is None:
            voluntary = view.voluntary('preflop') - {view.seat}
            players = expected_players(len(voluntary), len(view.active) - 1 - len(voluntary))
            self.preflop_players, self.preflop_position = players, view.position
            self.preflop_choice = None
        situation = Situation(view.pot, view.to_call, view.bet_size, view.bets_this_round, view.called_this_round,
                              view.put_in_this_round)
        advice = strategy.preflop_advice(view.hole, situation, players=self.preflop_players,
                                         position=self.preflop_position, small_blind=view.seat == view.small_blind,
                                         big_blind=view.seat == view.big_blind, strategy=self.preflop_choice)
        self.preflop_choice = advice.rule
        return advice

    def __repr__(self) -> str:
        return f'{type(self).__name__}({self.name!r})'


class FixedLimitGame:
    """A table of 2 to 10 seats playing fixed-limit hold'em; the button moves one seat each hand.

    ``seed`` makes the whole session repeatable: each hand's deck is shuffled with a seed drawn from it.
    Chips are unlimited (fixed limit needs no stacks); :meth:`summary` tells who is up and who is down.
    Showdowns are ranked by :attr:`ranker` (its :meth:`~poker.ranking.ranker.HandRanker.rank_many`, the library's
    one ranking hook), a class attribute a subclass may replace.
    """

    MIN_SEATS: ClassVar[int] = 2
    MAX_SEATS: ClassVar[int] = 10
    ranker: ClassVar[type[HandRanker]] = HandRanker

    def __repr__(self) -> str:
        """``<FixedLimitGame: Ann, Bob; 2/4 limit, 0 hands played>``."""
        names = ', '.join(player.name for player in self.players)
        return (f'<{type(self).__name__}: {names}; {self.small_bet}/{self.big_bet} limit, '
                f'{self.hands_played} hands played>')

    def __init__(self, players: Sequence[Contender], *, small_bet: int = 2, big_bet: int | None = None,
                 small_blind: int | None = None, cap: int = 4, seed: int | None = None) -> None:
        seats = list(itertools.islice(players, self.MAX_SEATS + 1)) \
            if isinstance(players, Sequence) and not isinstance(players, (str, bytes)) else []
        if not self.MIN_SEATS <= len(seats) <= self.MAX_SEATS:
            count = len(seats) if len(seats) <= self.MAX_SEATS else f'more than {self.MAX_SEATS}'
            raise PokerError(f'a table seats {self.MIN_SEATS} to {self.MAX_SEATS} players, got {count}: '
                             f'{shown(players)}')
        for player in seats:
            read_contender(player)
        small_bet = _positive('small_bet', small_bet)
        big_bet = 2 * small_bet if big_bet is None else _positive('big_bet', big_bet)
        small_blind = max(1, small_bet // 2) if small_blind is None else _positive('small_blind', small_blind)
        cap = _positive('cap', cap)
        if small_blind > small_bet:
            raise PokerError(f'the small blind ({small_blind}) cannot exceed the big blind ({small_bet})')
        self.players = tuple(seats)
        self.small_bet, self.big_bet, self.small_blind, self.cap = small_bet, big_bet, small_blind, cap
        self.button = 0
        self.hands_played = 0
        self._random = random.Random(read_seed(seed))
        self._won = [0.0] * len(self.players)
        self._showdowns = [0] * len(self.players)
        self._net = [0] * len(self.players)

    # ----------------------------------------------------------------------------------- the rules
    @staticmethod
    def legal_action(action: Action | str, to_call: int, can_raise: bool, bets_this_round: int = 0) -> Action:
        """The legal action an asked-for action means.

        Nobody folds for free (fold becomes check), a call of nothing is a check, a bet into a bet is a
        raise and a raise of nothing a bet; at the cap a raise becomes a call, and a check facing a bet
        gives the hand up. With nothing to call but a bet already made this round (the big blind's option
        before the flop), a bet is a raise.

        >>> FixedLimitGame.legal_action('raise', 2, False), FixedLimitGame.legal_action('fold', 0, True)
        ('call', 'check')
        >>> FixedLimitGame.legal_action('bet', 0, True), FixedLimitGame.legal_action('bet', 0, True, 1)
        ('bet', 'raise')
        """
        action = read_action(action)
        to_call = whole_number('to_call', to_call, error=PokerError)
        can_raise = flag('can_raise', can_raise, error=PokerError)
        bets_this_round = whole_number('bets_this_round', bets_this_round, error=PokerError)
        if to_call == 0:
            if action in (Action.BET, Action.RAISE) and can_raise:
                return Action.RAISE if bets_this_round else Action.BET
            return Action.CHECK
        if action in (Action.BET, Action.RAISE):
            return Action.RAISE if can_raise else Action.CALL
        return Action.FOLD if action == Action.CHECK else action

    def bet_size(self, street: str) -> int:
        """The small bet before the flop and on it, the big bet on the turn and river."""
        street = choice('street', street, STREETS, error=PokerError)
        return self.small_bet if street in ('preflop', 'flop') else self.big_bet

    def _after(self, seat: int, steps: int = 1) -> int:
        return (seat + steps) % len(self.players)

    # ------------------------------------------------------------------------------------ playing
    def play_hand(self, seed: int | None = None) -> HandResult:
        """Deal and play one hand, move the button, and return its record."""
        count = len(self.players)
        seed = read_seed(seed)
        seed = self._random.randrange(1 << 32) if seed is None else seed
        deck = Deck(seed=seed)
        holes = tuple(tuple(deck.deal(2)) for _ in range(count))
        full_board = tuple(deck.deal(5))
        button = self.button
        names = tuple(player.name for player in self.players)
        state = _HandState(count)
        state.observers = [observe for player in self.players if (observe := seat_hook(player, 'observe')) is not None]
        for seat, player in enumerate(self.players):
            if (begin_hand := seat_hook(player, 'begin_hand')) is not None:
                begin_hand(seat, names, holes[seat], button)
        small, big = blind_seats(button, count)
        self._put(state, (), 'preflop', small, Blind.SMALL, self.small_blind)
        self._put(state, (), 'preflop', big, Blind.BIG, self.small_bet)
        street_reached = 'preflop'
        for street in STREETS:
            if len(state.active) < 2:
                break
            street_reached = street
            board = full_board[:BOARD_SIZE[street]]
            first = self._after(big) if street == 'preflop' else self._after(button)
            self._betting_round(state, street, first, holes, board, names)
        board = full_board[:BOARD_SIZE[street_reached]]
        winners, hands = self._winners(state.active, holes, board)
        shares = self._split(state.pot, winners, button, count)
        net = tuple(shares.get(seat, 0) - state.total[seat] for seat in range(count))
        for seat in range(count):
            self._net[seat] += net[seat]
            if len(hands) > 1 and seat in hands:
                self._showdowns[seat] += 1
        for seat in winners:
            self._won[seat] += 1 / len(winners)
        self.hands_played += 1
        self.button = self._after(button)
        result = HandResult(number=self.hands_played, seed=seed, names=names, button=button, holes=holes,
                            board=board, actions=tuple(state.records), pot=state.pot, winners=winners,
                            hands=hands, net=net)
        for player in self.players:
            if (end_hand := seat_hook(player, 'end_hand')) is not None:
                end_hand(result)
        return result

    def _put(self, state: _HandState, board: tuple[Card, ...], street: str, seat: int, action: Action | Blind,
             amount: int, decision: Decision | None = None, to_call: int = 0, bet_size: int = 0) -> None:
        """Record an action and show it to every seat that observes (``observe(record, board)``)."""
        state.put(street, seat, action, amount, decision, to_call, bet_size)
        record = state.records[-1]
        for observe in state.observers:
            observe(record, board)

    def _betting_round(self, state: _HandState, street: str, first: int, holes: tuple[tuple[Card, ...], ...],
                       board: tuple[Card, ...], names: tuple[str, ...]) -> None:
        size = self.bet_size(street)
        if street == 'preflop':
            bets, current = 1, max(state.round)
        else:
            state.round = [0] * len(self.players)
            bets, current = 0, 0
        voluntary: set[int] = set()     # put chips in: called a bet, bet or raised
        called: set[int] = set()        # called a bet
        pending = deque(self._order(first, state.active))
        while pending and len(state.active) > 1:
            seat = pending.popleft()
            to_call = current - state.round[seat]
            can_raise = bets < self.cap
            view = _made(TableView, seat=seat, name=names[seat], hole=holes[seat], board=board, street=street,
                         pot=state.pot, to_call=to_call, bet_size=size, bets_this_round=bets,
                         called_this_round=seat in called, opponents=len(state.active) - 1,
                         can_raise=can_raise, history=tuple(state.records), seats=len(self.players),
                         button=self.button, active=tuple(sorted(state.active)),
                         put_in_this_round=seat in voluntary)
            decision = self.players[seat].decide(view)
            if not isinstance(decision, Decision):  # (the record keeps it unchecked: checked here)
                raise PokerError(f'{names[seat]} must decide with a Decision, got {shown(decision)}')
            action = self.legal_action(decision.action, to_call, can_raise, bets)
            amount = 0
            if action == Action.FOLD:
                state.active.remove(seat)
            elif action == Action.CALL:
                amount = to_call
            elif action in (Action.BET, Action.RAISE):
                amount = to_call + size
                current += size
                bets += 1
                pending = deque(s for s in self._order(self._after(seat), state.active) if s != seat)
            if amount > 0:
                voluntary.add(seat)
                if action == Action.CALL:
                    called.add(seat)
            self._put(state, board, street, seat, action, amount, decision, to_call, size)

    def _order(self, first: int, active: set[int]) -> list[int]:
        return [self._after(first, step) for step in range(len(self.players)) if self._after(first, step) in active]

    @classmethod
    def pot_winners(cls, active: Iterable[int], holes: Iterable[CardsLike],
                    board: CardsLike) -> tuple[tuple[int, ...], Mapping[int, RankableHand]]:
        """The seats among ``active`` (those still in) that win the pot, and the hands shown by seat (none when one
        seat is left), ranked by :attr:`ranker`: ``holes`` holds every seat's hole cards (none for a seat whose cards
        are not known), ``board`` the cards dealt. At a showdown every seat still in shows two cards, on a board of
        five.

        >>> winners, hands = FixedLimitGame.pot_winners([0, 2], ['Ah Ad', (), 'Kh Kd'], '2c 7d 9s Js 3h')
        >>> winners, hands[0].description
        ((0,), 'One Pair, Aces')
        """
        holes = _holes(holes)
        board = read_board(board)
        seats = _seats_of('active', active, len(holes))
        if len(seats) > 1:
            cards = [card for seat in seats for card in holes[seat]]
            if len(board) != 5 or any(len(holes[seat]) != 2 for seat in seats):
                raise CardCountError(f'a showdown needs two hole cards for each seat still in and a board of five, '
                                     f'got {shown([holes[seat] for seat in seats])} on {shown(board)}')
            if len(set(cards) | set(board)) != len(cards) + len(board):
                raise DuplicateCardError(f'a card is dealt twice in {shown([holes[seat] for seat in seats])} on '
                                         f'{shown(board)}')
        winners, hands = cls._winners(set(seats), holes, board)
        return winners, MappingProxyType(hands)

    @staticmethod
    def pot_shares(pot: int, winners: Iterable[int], button: int, seats: int) -> dict[int, int]:
        """Each winner's share of ``pot`` at a table of ``seats`` with the button at ``button``: equal shares, odd
        chips one each to the winners nearest the button's left.

        >>> FixedLimitGame.pot_shares(7, (0, 2), 1, 3)
        {0: 3, 2: 4}
        """
        seats = whole_number('seats', seats, minimum=2, maximum=23, error=PokerError)
        button = whole_number('button', button, maximum=seats - 1, error=PokerError)
        pot = _count('pot', pot)
        return FixedLimitGame._split(pot, _seats_of('winners', winners, seats), button, seats)

    @classmethod
    def _winners(cls, active: set[int], holes: Sequence[tuple[Card, ...]],
                 board: tuple[Card, ...]) -> tuple[tuple[int, ...], dict[int, RankableHand]]:
        """The seats that win the pot, and the hands shown (none when one seat is left); every seat still in
        must have its two hole cards."""
        if len(active) == 1:
            return tuple(active), {}
        seats = sorted(active)
        cards = np.array([[card.index for card in (*holes[seat], *board)] for seat in seats], dtype=np.uint8)
        values = cls.ranker.rank_many(cards, validate=False)
        best = values.max()
        shown = _showdown_hand_class(cls.ranker)
        return (tuple(seat for seat, value in zip(seats, values) if value == best),
                {seat: shown((*holes[seat], *board)) for seat in seats})

    @staticmethod
    def _split(pot: int, winners: tuple[int, ...], button: int, seats: int) -> dict[int, int]:
        """Equal shares; odd chips go one each to the winners nearest the button's left."""
        share, odd = divmod(pot, len(winners))
        shares = {seat: share for seat in winners}
        for seat in sorted(winners, key=lambda seat: (seat - button - 1) % seats)[:odd]:
            shares[seat] += 1
        return shares

    def play(self, hands: int, *, on_hand: Callable[[HandResult], None] | None = None) -> tuple[PlayerSummary, ...]:
        """Play ``hands`` hands (calling ``on_hand`` after each) and return :meth:`summary`."""
        hands = whole_number('hands', hands, minimum=0, maximum=MAX_HANDS, error=PokerError)
        if on_hand is not None and not callable(on_hand):
            raise PokerError(f'on_hand must be a function of each HandResult, or None, got {shown(on_hand)}')
        for _ in range(hands):
            result = self.play_hand()
            if on_hand is not None:
                on_hand(result)
        return self.summary()

    def summary(self) -> tuple[PlayerSummary, ...]:
        """Each seat's results so far, in seat order."""
        return tuple(PlayerSummary(name=player.name, hands=self.hands_played, won=self._won[seat],
                                   showdowns=self._showdowns[seat], net=self._net[seat])
                     for seat, player in enumerate(self.players))


_Value = TypeVar('_Value', bound=attrs.AttrsInstance)
_FIELDS: dict[type, frozenset[str]] = {}
"""The field names of each class :func:`_made` has made a value of."""


def _made(kind: type[_Value], **values: object) -> _Value:
    """A frozen value of the class ``kind`` (a :class:`TableView`, an :class:`ActionRecord`) holding ``values``,
    every field of it, as they are: the table's own values, which its rules keep right, skip the checks a
    value built by hand goes through (the class's constructor is the door for those)."""
    fields = _FIELDS.get(kind)
    if fields is None:
        fields = _FIELDS[kind] = frozenset(field.name for field in attrs.fields(kind))
    if values.keys() != fields:
        raise PokerError(f'{kind.__name__} needs exactly its fields, got {shown(sorted(values))}')
    made = object.__new__(kind)
    for name, value in values.items():
        object.__setattr__(made, name, value)
    return made


class _HandState:
    """The chips of one hand as it is played: who is in, the pot, what each seat put in."""

    def __init__(self, count: int) -> None:
        self.active: set[int] = set(range(count))
        self.pot = 0
        self.total = [0] * count
        self.round = [0] * count
        self.records: list[ActionRecord] = []
        self.observers: list[Callable[..., object]] = []
        """The seats' ``observe`` hooks, looked up once a hand."""

    def put(self, street: str, seat: int, action: Action | Blind, amount: int, decision: Decision | None = None,
            to_call: int = 0, bet_size: int = 0) -> None:
        self.pot += amount
        self.total[seat] += amount
        self.round[seat] += amount
        self.records.append(_made(ActionRecord, street=street, seat=seat, action=action, amount=amount, pot=self.pot,
                                  decision=decision, to_call=to_call, bet_size=bet_size))
