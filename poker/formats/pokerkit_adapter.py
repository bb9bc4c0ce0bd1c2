"""A seat of this library inside pokerkit's fixed-limit hold'em (the optional extra ``loki-holdem[pokerkit]``).

:func:`pokerkit_state` starts a pokerkit hand with the rules of :class:`~poker.table.game.FixedLimitGame`, and a
:class:`PokerkitSeat` plays any seat (a :class:`~poker.table.game.Contender`) at one of its player indices: it
writes the hand so far as an ACPC betting string, builds what the seat sees with the one constructor
:meth:`GameDefinition.view <poker.formats.acpc_notation.GameDefinition.view>`, asks the seat, and applies its
answer as the legal pokerkit action (fold, check or call, bet or raise).

pokerkit numbers the players of a hand as ACPC numbers positions: index 0 is the first seat left of the
button (heads-up the big blind), the button is the last index. pokerkit counts the bets and raises of a round
as ACPC's ``maxRaises`` does (the blinds not counted, a first bet after the flop counted), so the table's
``cap = 4`` bets a round (the big blind counted) is a cap of 3 before the flop and 4 after it.

>>> from poker.players.bots import CallingStation, Maniac
>>> state = pokerkit_state(2)
>>> seats = [PokerkitSeat(CallingStation('Ann'), 0), PokerkitSeat(Maniac('Bob'), 1)]
>>> play_pokerkit(state, seats, holes=['AhKh', '7c2d'], board='2h7h9sTcJd')
>>> state.payoffs
[-14, 14]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards.card import Card
from ..cards.card_inputs import CardsLike, read_board
from ..cards.streets import BOARD_SIZE
from ..errors import MissingDependencyError, PokerError
from ..strategy.actions import Action
from ..table.game import Contender, FixedLimitGame, read_contender, seat_hook
from ..table.records import Decision
from ..validators import shown, whole_number
from .acpc_match_state import MatchState
from .acpc_notation import NO_CAP, GameDefinition

__all__ = ['PokerkitSeat', 'play_pokerkit', 'pokerkit_state']

POKERKIT_EXTRA = "pip install 'loki-holdem[pokerkit]'"


def _pokerkit() -> Any:
    """The pokerkit module, or :class:`~poker.errors.MissingDependencyError`."""
    try:
        import pokerkit
    except ImportError:
        raise MissingDependencyError(f'playing in pokerkit needs pokerkit: {POKERKIT_EXTRA}') from None
    return pokerkit


def pokerkit_state(players: int, *, small_blind: int = 1, small_bet: int = 2, big_bet: int | None = None,
                   cap: int = 4) -> object:
    """A new pokerkit hand (a ``pokerkit.State``, cash game, deep stacks) of ``players`` (2 to 10) under the rules
    :class:`~poker.table.game.FixedLimitGame` plays with these settings (its defaults: blinds 1 and 2, bets 2 and
    4, 4 bets a round). Blinds and chips are automatic and no card is burnt (so chosen cards never meet a burnt
    one); the cards are dealt by the caller, and at a showdown every player still in shows, as at the table
    (:func:`play_pokerkit` does both; by hand: pokerkit's ``deal_hole``, ``deal_board`` and
    ``show_or_muck_hole_cards(True)``)."""
    game = GameDefinition.for_table(players, small_blind=small_blind, small_bet=small_bet, big_bet=big_bet, cap=cap)
    kit = _pokerkit()
    streets = tuple(kit.Street(False, (False, False) if round_ == 0 else (), (0, 3, 1, 1)[round_], False,
                               kit.Opening.POSITION, game.raise_sizes[round_],
                               None if game.max_raises[round_] == NO_CAP else game.max_raises[round_])
                    for round_ in range(4))
    automations = (kit.Automation.ANTE_POSTING, kit.Automation.BET_COLLECTION, kit.Automation.BLIND_OR_STRADDLE_POSTING,
                   kit.Automation.CARD_BURNING, kit.Automation.HAND_KILLING, kit.Automation.CHIPS_PUSHING,
                   kit.Automation.CHIPS_PULLING)
    blinds = (game.blinds[game.small_blind if game.small_blind is not None else 0], game.blinds[game.big_blind])
    return kit.State(automations, kit.Deck.STANDARD, (kit.StandardHighHand,), streets, kit.BettingStructure.FIXED_LIMIT,
                     True, 0, blinds if game.small_blind is not None else (0, blinds[1]), 0, 10 ** 12, players,
                     mode=kit.Mode.CASH_GAME)


def _names(names: object) -> tuple[str, ...]:
    """Names by index: a list of 2 to 10 texts."""
    items = tuple(names)[:FixedLimitGame.MAX_SEATS + 1] if isinstance(names, (list, tuple)) else ()
    if not FixedLimitGame.MIN_SEATS <= len(items) <= FixedLimitGame.MAX_SEATS or \
            not all(isinstance(name, str) and name for name in items):
        raise PokerError(f'names must name each of the 2 to 10 players by index, got {shown(names)}')
    return items


def _state(state: object) -> Any:
    if type(state).__module__.partition('.')[0] != 'pokerkit' or not hasattr(state, 'operations'):
        raise PokerError(f'state must be a pokerkit State, got {shown(state)}')
    return state


def _betting(state: Any) -> str:
    """The ACPC betting string of the hand so far: ``f``, ``c``, ``r`` and a ``/`` as each new round's board is
    dealt."""
    letters, board = [], 0
    for operation in state.operations:
        kind = type(operation).__name__
        if kind == 'Folding':
            letters.append('f')
        elif kind == 'CheckingOrCalling':
            letters.append('c')
        elif kind == 'CompletionBettingOrRaisingTo':
            letters.append('r')
        elif kind == 'BoardDealing':
            if board in (0, 3, 4):
                letters.append('/')
            board += len(operation.cards)
    return ''.join(letters)


def _cards(cards: Sequence[object]) -> tuple[Card, ...]:
    return tuple(Card.parse(f'{card.rank.value}{card.suit.value}') for card in cards)  # type: ignore[attr-defined]


def _game(state: Any) -> GameDefinition:
    """The game definition of a pokerkit fixed-limit hold'em hand (index = position)."""
    players = state.player_count
    if len(state.streets) != 4 or state.betting_structure.name != 'FIXED_LIMIT' or \
            state.hand_types[0].__name__ != 'StandardHighHand':
        raise PokerError(f'a seat plays fixed-limit Texas hold\'em only, got {shown(state)}')
    sizes = tuple(street.min_completion_betting_or_raising_amount for street in state.streets)
    caps = tuple(NO_CAP if street.max_completion_betting_or_raising_count is None
                 else street.max_completion_betting_or_raising_count for street in state.streets)
    posted = [0] * players  # (pokerkit swaps the blinds heads-up: read who posted what)
    for operation in state.operations:
        if type(operation).__name__ == 'BlindOrStraddlePosting':
            posted[operation.player_index] += operation.amount
    blinds = tuple(posted)
    big = blinds.index(max(blinds))
    return GameDefinition(players, blinds, sizes, ((big + 1) % players, 0, 0, 0), caps)


class PokerkitSeat:
    """``player`` (any seat of this library) at pokerkit's player index ``index``.

    :meth:`act` plays its turn; the seat's optional hooks are called as at a
    :class:`~poker.table.game.FixedLimitGame`: ``begin_hand`` at its first turn of each hand (a new pokerkit
    state), ``observe`` for every action before each of its turns (blinds included) and, through :meth:`end`,
    for the last ones and ``end_hand`` with the hand's :class:`~poker.table.records.HandResult` (the cards it did not
    see left empty: :meth:`MatchState.hand_result <poker.formats.acpc_match_state.MatchState.hand_result>`). ``names``
    name the players by index (None: ``'seat 0'``, ...; a modelling Loki keeps a model per name, so give the real
    names when the players move round the positions from hand to hand).
    """

    def __init__(self, player: Contender, index: int, *, names: Sequence[str] | None = None) -> None:
        self.player = read_contender(player)
        self.index = whole_number('index', index, maximum=FixedLimitGame.MAX_SEATS - 1, error=PokerError)
        self.names = None if names is None else _names(names)
        self._hand: object = None
        self._seen = 0
        self._ended = False

    def __repr__(self) -> str:
        return f'<{type(self).__name__} {self.index}: {self.player.name}>'

    def _names(self, game: GameDefinition) -> tuple[str, ...]:
        return self.names or tuple(f'seat {seat}' for seat in range(game.players))

    def _catch_up(self, state: Any, game: GameDefinition, betting: str) -> None:
        """Start the hand for the seat if it is new, and show it the actions it has not seen."""
        names = self._names(game)
        if self._hand is not state:
            self._hand, self._seen, self._ended = state, 0, False
            if (begin_hand := seat_hook(self.player, 'begin_hand')) is not None:
                begin_hand(self.index, names, _cards(state.hole_cards[self.index]), game.button)
        records = game.records(betting)
        board = _cards(list(state.get_board_cards(0)))
        if (observe := seat_hook(self.player, 'observe')) is not None:
            for record in records[self._seen:]:
                observe(record, board[:BOARD_SIZE[record.street]])
        self._seen = len(records)

    def act(self, state: object) -> Decision:
        """Play this seat's turn in the pokerkit ``state`` and return its decision; the action applied is its
        legal form (as :meth:`FixedLimitGame.legal_action <poker.table.game.FixedLimitGame.legal_action>`)."""
        hand = _state(state)
        if hand.actor_index != self.index:
            raise PokerError(f'it is not index {self.index}\'s turn in this pokerkit hand (it is '
                             f'{shown(hand.actor_index)}\'s)')
        game = _game(hand)
        betting = _betting(hand)
        self._catch_up(hand, game, betting)
        view = game.view(betting, self.index, _cards(hand.hole_cards[self.index]), _cards(list(hand.get_board_cards(0))),
                         names=self._names(game))
        decision = self.player.decide(view)
        if not isinstance(decision, Decision):
            raise PokerError(f'{self.player.name} must decide with a Decision, got {shown(decision)}')
        action = FixedLimitGame.legal_action(decision.action, view.to_call, view.can_raise, view.bets_this_round)
        if action == Action.FOLD:
            hand.fold()
        elif action in (Action.CHECK, Action.CALL):
            hand.check_or_call()
        else:
            hand.complete_bet_or_raise_to()
        return decision

    def end(self, state: object) -> None:
        """Show the seat the actions of ``state`` it has not seen yet and, once the hand is over, end it
        (``end_hand``, once); a hand in which the seat never had a turn begins for it here."""
        hand = _state(state)
        if self._hand is hand and self._ended:
            return
        game, betting = _game(hand), _betting(hand)
        self._catch_up(hand, game, betting)
        if hand.status:
            return
        self._ended = True
        if (end_hand := seat_hook(self.player, 'end_hand')) is not None:
            holes: list[tuple[Card, ...]] = [()] * game.players
            for operation in hand.operations:   # its own cards, and those shown at the showdown
                kind = type(operation).__name__
                if (kind == 'HoleDealing' and operation.player_index == self.index) or \
                        (kind == 'HoleCardsShowingOrMucking' and operation.hole_cards):
                    holes[operation.player_index] = _cards(operation.cards if kind == 'HoleDealing'
                                                           else operation.hole_cards)
            last = MatchState(self.index, 0, betting, holes, _cards(list(hand.get_board_cards(0))))
            end_hand(last.hand_result(game, names=self._names(game)))

def play_pokerkit(state: object, seats: Sequence[PokerkitSeat], *, holes: Sequence[CardsLike] | None = None,
                 board: CardsLike | None = None) -> None:
    """Play the pokerkit hand ``state`` to its end with a :class:`PokerkitSeat` for every index, dealing ``holes``
    (two cards by index) and ``board`` (five cards, each round's dealt when pokerkit waits for them) when given,
    else cards from pokerkit's deck; then show every seat the actions it has not seen (:meth:`PokerkitSeat.end`)."""
    hand = _state(state)
    if not isinstance(seats, (list, tuple)) or not all(isinstance(seat, PokerkitSeat) for seat in seats):
        raise PokerError(f'seats must be a list of PokerkitSeat, got {shown(seats)}')
    by_index = {seat.index: seat for seat in seats}
    if sorted(by_index) != list(range(hand.player_count)):
        raise PokerError(f'seats must sit at indices 0 to {hand.player_count - 1}, got {shown(seats)}')
    if holes is not None and not isinstance(holes, (list, tuple)):
        raise PokerError(f'holes must be a list of two cards by index, got {shown(holes)}')
    hole_cards = None if holes is None else [read_board(hole, sizes=(2,)) for hole in holes[:FixedLimitGame.MAX_SEATS + 1]]
    if hole_cards is not None and len(hole_cards) != hand.player_count:
        raise PokerError(f'holes must hold two cards for each of the {hand.player_count} players, got {shown(holes)}')
    board_cards = None if board is None else read_board(board, sizes=(5,))
    _play(hand, by_index, hole_cards, board_cards)
    for seat in seats:
        seat.end(hand)


def _play(state: Any, by_index: dict[int, PokerkitSeat], hole_cards: list[tuple[Card, ...]] | None,
          board_cards: tuple[Card, ...] | None) -> None:
    while state.status:
        if state.can_deal_hole():
            if hole_cards is not None:
                state.deal_hole(_text(hole_cards[state.hole_dealee_index]))
            elif board_cards is not None:   # from pokerkit's deck, past the board's chosen cards
                state.deal_hole(_text([card for card in _cards(list(state.deck_cards)) if card not in board_cards][:2]))
            else:
                state.deal_hole()
        elif state.can_deal_board():
            dealt = len(list(state.get_board_cards(0)))
            count = 3 if dealt == 0 else 1
            state.deal_board(count if board_cards is None else _text(board_cards[dealt:dealt + count]))
        elif state.can_show_or_muck_hole_cards():
            state.show_or_muck_hole_cards(True)    # every hand still in is shown, as at the table
        elif state.actor_index is not None:
            by_index[state.actor_index].act(state)
        else:  # pragma: no cover - the automations leave nothing else to do
            raise PokerError(f'pokerkit waits for an operation this adapter does not make: {shown(state)}')


def _text(cards: Sequence[Card]) -> str:
    return ''.join(map(str, cards))
