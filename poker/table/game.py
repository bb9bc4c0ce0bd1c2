"""Fixed-limit Texas Hold'em at one table: blinds, four betting rounds, a cap on raises, showdown, split pots.

The table deals from a seeded :class:`~poker.cards.card.Deck`, asks each seat in turn for a
:class:`Decision` (through :meth:`Contender.decide`, given a :class:`TableView` of what that seat may
know), keeps to the rules whatever is asked of it, and records every action in a :class:`HandResult`.

The seats live in :mod:`poker.players` (:class:`~poker.players.loki.LokiPlayer`, the seat this library is
about, its modelling kin and the bots), and what the table writes down in :mod:`poker.table.records`. Any
object with a ``name`` and a ``decide(view)`` method can sit down:

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
import random
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar, Protocol, TypeVar

import attrs
import numpy as np
from attrs import Factory, field, frozen

from ..cards.card import Card, Deck, format_cards
from ..cards.card_inputs import CardsLike, read_board
from ..cards.income_rates import read_opponents
from ..cards.streets import BOARD_SIZE, STREETS
from ..errors import CardCountError, DuplicateCardError, PokerError
from ..ranking.rankable_hand import RankableHand
from ..ranking.ranker import HandRanker
from ..strategy.actions import Action, Blind, read_action
from ..validators import choice, flag, instance, is_whole, read_seed, reading, shown, text, whole_number
from .records import (ActionRecord, Decision, HandResult, PlayerSummary, _hole, _holes, _items, _names,
                      _non_negative, _records, _seats)

__all__ = [
    'Contender',
    'FixedLimitGame',
    'TableView',
    'blind_seats',
    'read_contender',
    'read_view',
    'seat_hook',
]

MAX_HANDS = 10_000_000
"""The most hands :meth:`FixedLimitGame.play` plays in one call, and the most deals of one
:func:`~poker.matches.duplicate.match`."""


def blind_seats(button: int, seats: int) -> tuple[int, int]:
    """The seats of the small and the big blind at a table of ``seats`` with the button at ``button``: heads-up the
    button posts the small blind; otherwise the two seats left of the button post them.

    >>> blind_seats(0, 2), blind_seats(5, 6)
    ((0, 1), (0, 1))
    """
    seats = whole_number('seats', seats, minimum=2, maximum=23, error=PokerError)
    return _blind_seats(whole_number('button', button, maximum=seats - 1, error=PokerError), seats)


def _blind_seats(button: int, seats: int) -> tuple[int, int]:
    """:func:`blind_seats` of a button and a table read (2 to 23 seats, the button one of them)."""
    small = button if seats == 2 else (button + 1) % seats
    return small, (small + 1) % seats


def _seats_of(name: str, seats: Iterable[int], table: int) -> tuple[int, ...]:
    """Seats of a table of ``table`` seats: 1 or more, each once, each below ``table``."""
    items: tuple[int, ...] = _items(name, seats, _non_negative, longest=23)  # type: ignore[assignment]
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

    seat: int = field(converter=reading(_non_negative))  # type: ignore[misc]
    name: str = field(converter=reading(text, error=PokerError))  # type: ignore[misc]
    hole: tuple[Card, ...] = field(converter=_hole)
    board: tuple[Card, ...] = field(converter=read_board)
    street: str = field(converter=reading(choice, choices=STREETS, error=PokerError))  # type: ignore[misc]
    pot: int = field(converter=reading(_non_negative))  # type: ignore[misc]
    to_call: int = field(converter=reading(_non_negative))  # type: ignore[misc]
    bet_size: int = field(converter=reading(_non_negative))  # type: ignore[misc]
    bets_this_round: int = field(converter=reading(_non_negative))  # type: ignore[misc]
    called_this_round: bool = field(converter=reading(flag, error=PokerError))  # type: ignore[misc]
    """Whether this seat has already called a bet this round (a check is no call; Pena's exception to Make1's
    fold)."""
    opponents: int = field(converter=read_opponents)
    can_raise: bool = field(converter=reading(flag, error=PokerError))  # type: ignore[misc]
    history: tuple[ActionRecord, ...] = field(default=(), converter=_records)
    seats: int = field(default=0, converter=reading(_non_negative))  # type: ignore[misc]
    """Seats at the table (0: unknown)."""
    button: int = field(default=0, converter=reading(_non_negative))  # type: ignore[misc]
    """The button's seat."""
    active: tuple[int, ...] = field(default=(), converter=_seats)
    """The seats still in the hand, this one included (empty: this seat and the ``opponents`` seats after it)."""
    put_in_this_round: bool = field(default=Factory(lambda view: view.called_this_round, takes_self=True),
                                    converter=reading(flag, error=PokerError))  # type: ignore[misc]
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
        return _blind_seats(self.button, self.seats)[0 if blind == Blind.SMALL else 1]  # (both read: the view's)

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

    >>> class Keeper(Contender):
    ...     def __init__(self, name: str) -> None:
    ...         self.name = name
    ...     def decide(self, view: TableView) -> Decision:
    ...         return Decision('check')
    ...     def state(self) -> object:
    ...         return 'all it learnt'
    >>> seat_hook(Keeper('Kim'), 'state')(), seat_hook(Keeper('Kim'), 'observe')
    ('all it learnt', None)
    """
    return _seat_hook(player, choice('name', name, _HOOKS, error=PokerError))


def _seat_hook(player: object, name: str) -> Callable[..., object] | None:
    """:func:`seat_hook` of a hook's name read (one of :data:`_HOOKS`: the table's own calls)."""
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


def read_contender(player: object) -> Contender:
    """``player`` if it can sit at a table (a ``name`` that is text and a ``decide(view)`` method), else a
    :class:`~poker.errors.PokerError`."""
    if not isinstance(getattr(player, 'name', None), str) or not callable(getattr(player, 'decide', None)):
        raise PokerError(f'a seat needs a name (text) and a decide(view) method, got {shown(player)}')
    return player  # type: ignore[return-value]


def read_view(view: TableView) -> TableView:
    """``view`` if it is a :class:`TableView`, else a :class:`~poker.errors.PokerError` (the table wing's door
    for the seats' hooks)."""
    if type(view) is TableView:  # (the common case at once: a view is read by its class, its own door)
        return view
    return instance('view', view, TableView, error=PokerError, what='a TableView')


def _legal(action: Action, to_call: int, can_raise: bool, bets_this_round: int) -> Action:
    """:meth:`FixedLimitGame.legal_action` of values read (an :class:`Action`, whole numbers, a flag)."""
    if to_call == 0:
        if action in (Action.BET, Action.RAISE) and can_raise:
            return Action.RAISE if bets_this_round else Action.BET
        return Action.CHECK
    if action in (Action.BET, Action.RAISE):
        return Action.RAISE if can_raise else Action.CALL
    return Action.FOLD if action == Action.CHECK else action


def _positive(name: str, value: object) -> int:
    """A number of chips or bets: a positive whole number (at most 10**12)."""
    number = whole_number(name, value, minimum=None, error=PokerError) if is_whole(value) else 0
    if not 1 <= number <= 10 ** 12:
        raise PokerError(f'{name} must be a positive whole number, got {shown(value)}')
    return number


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
        self._names: tuple[str, ...] = ()
        """The seats' names as last read (:meth:`play_hand` reads them again when they change)."""

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
        return _legal(read_action(action), whole_number('to_call', to_call, error=PokerError),
                      flag('can_raise', can_raise, error=PokerError),
                      whole_number('bets_this_round', bets_this_round, error=PokerError))

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
        given = tuple(player.name for player in self.players)  # (a seat's name may have changed: read)
        names = self._names = self._names if given == self._names and all(type(name) is str for name in given) \
            else _names(given)  # (the names of the hand before, read then)
        state = _HandState(count)
        state.observers = [observe for player in self.players if (observe := _seat_hook(player, 'observe')) is not None]
        for seat, player in enumerate(self.players):
            if (begin_hand := _seat_hook(player, 'begin_hand')) is not None:
                begin_hand(seat, names, holes[seat], button)
        small, big = _blind_seats(button, count)
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
        result = _made(HandResult, number=self.hands_played, seed=seed, names=names, button=button, holes=holes,
                       board=board, actions=tuple(state.records), pot=state.pot, winners=winners,
                       hands=MappingProxyType(dict(hands)), net=net)
        for player in self.players:
            if (end_hand := _seat_hook(player, 'end_hand')) is not None:
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
        size = self.small_bet if street in ('preflop', 'flop') else self.big_bet  # (bet_size of a street read)
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
            asked = decision.action
            action = _legal(asked if type(asked) is Action else read_action(asked), to_call, can_raise, bets)
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
        count = len(self.players)
        return [seat for step in range(count) if (seat := (first + step) % count) in active]

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
        pot = _non_negative('pot', pot)
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
_MAKERS: dict[type, Callable[..., object]] = {}
"""For each class :func:`_made` has made a value of, the function that makes one (:func:`_maker`)."""


def _maker(kind: type) -> Callable[..., object]:
    """A function of every field of the frozen slotted class ``kind`` by name (keywords only, each required)
    that sets each slot of a new value, in one call per field: what :func:`_made` runs."""
    names = [field.name for field in attrs.fields(kind)]
    if not all(name.isidentifier() for name in names):  # (attrs fields are identifiers; said, since code is made)
        raise PokerError(f'{kind.__name__} has fields that are not names: {shown(names)}')
    namespace: dict[str, object] = {'new': object.__new__, 'kind': kind}
    lines = [f'def make(*, {", ".join(names)}):', '    made = new(kind)']
    for number, name in enumerate(names):
        namespace[f'set{number}'] = getattr(kind, name).__set__  # the slot's own setter (bypasses frozen)
        lines.append(f'    set{number}(made, {name})')
    lines.append('    return made')
    exec('\n'.join(lines), namespace)  # noqa: S102  (made from the class's own field names, checked above)
    make: Callable[..., object] = namespace['make']  # type: ignore[assignment]
    return make


def _made(kind: type[_Value], **values: object) -> _Value:
    """A frozen value of the class ``kind`` (a :class:`TableView`, an :class:`ActionRecord`, a :class:`HandResult`)
    holding ``values``, every field of it, as they are: the table's own values, which its rules keep right, skip
    the checks a value built by hand goes through (the class's constructor is the door for those)."""
    make = _MAKERS.get(kind)
    if make is None:
        make = _MAKERS[kind] = _maker(kind)
    try:
        made: _Value = make(**values)  # type: ignore[assignment]
    except TypeError:
        raise PokerError(f'{kind.__name__} needs exactly its fields, got {shown(sorted(values))}') from None
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
