"""What the table writes down: a seat's :class:`Decision`, each :class:`ActionRecord`, a hand's
:class:`HandResult` and a seat's :class:`PlayerSummary`, with the readers of their fields.

A record built by hand is checked field by field, naming the field it refuses; the table's own records skip
those checks (:func:`poker.table.game._made`), since its rules keep them right.

>>> record = ActionRecord('flop', 1, 'bet', 2, 8, to_call=0, bet_size=2)
>>> record.action, record.bets_to_call, record.asked
('bet', 0, None)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType

from attrs import field, frozen

from ..cards.card import Card, format_cards
from ..cards.card_inputs import CardsLike, read_board
from ..cards.streets import STREETS
from ..errors import CardCountError, PokerError
from ..ranking.rankable_hand import RankableHand
from ..stats.hand_statistics import HandStatistics
from ..strategy.actions import Action, Blind, read_action
from ..strategy.situation import Advice
from ..validators import amount, choice, instance, is_items, read_recorded_seed, reading, shown, text, whole_number

__all__ = ['ActionRecord', 'Decision', 'HandResult', 'PlayerSummary']

_BLINDS = {blind.value: blind for blind in Blind}


def _recorded_action(value: object) -> Action | Blind:
    """A blind (a :class:`Blind` or its text) as a :class:`Blind`, anything else read as an :class:`Action`."""
    return _BLINDS[value] if isinstance(value, str) and value in _BLINDS else read_action(value)


def _non_negative(name: str, value: object) -> int:
    """A number of chips, seats or hands (a field's reader): a whole number of at least 0 (and at most 10**15)."""
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
    stats: HandStatistics | None = field(default=None, converter=reading(  # type: ignore[misc]
        instance, kind=HandStatistics, optional=True, error=PokerError))
    advice: Advice | None = field(default=None, converter=reading(  # type: ignore[misc]
        instance, kind=Advice, optional=True, error=PokerError))


@frozen
class ActionRecord:
    """One thing a seat did: a blind, or the legal form of its decision, and the chips it put in.

    ``action`` is a :class:`~poker.strategy.actions.Blind` or an :class:`~poker.strategy.actions.Action`
    (given as text, it is read as one).
    """

    street: str = field(converter=reading(choice, choices=STREETS, error=PokerError))  # type: ignore[misc]
    seat: int = field(converter=reading(_non_negative))  # type: ignore[misc]
    action: Action | Blind = field(converter=_recorded_action)
    amount: int = field(converter=reading(_non_negative))  # type: ignore[misc]
    pot: int = field(converter=reading(_non_negative))  # type: ignore[misc]
    decision: Decision | None = field(default=None, converter=reading(  # type: ignore[misc]
        instance, kind=Decision, optional=True, error=PokerError))
    to_call: int = field(default=0, converter=reading(_non_negative))  # type: ignore[misc]
    """What it cost the seat to stay in when it acted (0 for a blind)."""
    bet_size: int = field(default=0, converter=reading(_non_negative))  # type: ignore[misc]
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


def _records(records: Iterable[ActionRecord]) -> tuple[ActionRecord, ...]:
    return _items('history', records, lambda name, record: instance(name, record, ActionRecord, error=PokerError,
                                                                    what='a list of ActionRecord'))  # type: ignore[return-value]


def _seats(seats: Iterable[int]) -> tuple[int, ...]:
    return _items('active', seats, _non_negative, longest=22)  # type: ignore[return-value]


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

    number: int = field(converter=reading(_non_negative))  # type: ignore[misc]
    seed: int = field(converter=read_recorded_seed)
    names: tuple[str, ...] = field(converter=_names)
    button: int = field(converter=reading(_non_negative))  # type: ignore[misc]
    holes: tuple[tuple[Card, ...], ...] = field(converter=_holes)
    board: tuple[Card, ...] = field(converter=read_board)
    actions: tuple[ActionRecord, ...] = field(converter=_records)
    pot: int = field(converter=reading(_non_negative))  # type: ignore[misc]
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

    name: str = field(converter=reading(text, error=PokerError))  # type: ignore[misc]
    hands: int = field(converter=reading(_non_negative))  # type: ignore[misc]
    won: float = field(converter=reading(amount, error=PokerError))  # type: ignore[misc]
    showdowns: int = field(converter=reading(_non_negative))  # type: ignore[misc]
    net: int = field(converter=reading(_net))  # type: ignore[misc]

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
