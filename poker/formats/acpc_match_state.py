"""A ``MATCHSTATE`` line of the ACPC protocol: what the dealer sends one player, and the player's answer
(the notation: :mod:`~poker.formats.acpc_notation`).

>>> from poker.formats.acpc_notation import GameDefinition
>>> game = GameDefinition.for_table(2, small_blind=5, small_bet=10)
>>> state = MatchState.parse('MATCHSTATE:0:7:rc/cr:Ah9c|/2h3c4d')
>>> state.hole, state.to_act(game), state.answer(game, 'raise')
((Card.parse('Ah'), Card.parse('9c')), 0, 'MATCHSTATE:0:7:rc/cr:Ah9c|/2h3c4d:r')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from attrs import field, frozen

from ..cards.card import Card
from ..errors import PokerError, ProtocolError
from ..ranking.rankable_hand import RankableHand
from ..strategy.actions import Action
from ..table.game import FixedLimitGame, TableView
from ..table.records import HandResult
from ..validators import shown
from .acpc_log import LogLine
from .acpc_notation import (GameDefinition, _betting_field, _board, _card_string, _check_cards, _digits, _error,
                            _holes_field, _line_text, _read_card_string, _Replay, _seat_names, _uint32_field)

__all__ = ['MatchState']

@frozen
class MatchState:
    """One ``MATCHSTATE`` line of the dealer: this player's ``position``, the ``hand`` number, the ``betting`` so
    far and the cards it may see (``holes`` by position, empty where unknown; the ``board`` of the rounds reached).

    >>> state = MatchState.parse('MATCHSTATE:1:0:cc/r:|Ks8d/2h3c4d\\r\\n')
    >>> state.position, state.hand, state.betting, state.board[0], state.text()
    (1, 0, 'cc/r', Card.parse('2h'), 'MATCHSTATE:1:0:cc/r:|Ks8d/2h3c4d')
    """

    position: int = field(converter=_uint32_field)  # type: ignore[misc]
    hand: int = field(converter=_uint32_field)  # type: ignore[misc]
    betting: str = field(converter=_betting_field)  # type: ignore[misc]
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
        """The hand as the table records it (:class:`~poker.table.records.HandResult`), from the last state of the
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
        shares = FixedLimitGame.pot_shares(replay.pot, winning, replay.seat(game.button), seats)
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
                                                                          Mapping[int, RankableHand]]:
        """The hand played out: the replay, the winning positions and the hands shown (by position)."""
        self._replay(game)
        replay = _Replay(game, self.betting, button)
        if replay.next is not None:
            raise ProtocolError(f'{shown(self.text())}: the hand is not over')
        active = {position for position in range(game.players) if replay.active[position]}
        if len(active) > 1 and any(len(self.holes[position]) != 2 for position in active):
            raise ProtocolError(f'{shown(self.text())}: a showdown without the cards of every player still in')
        winners, hands = FixedLimitGame.pot_winners(active, self.holes, self.board)
        return replay, winners, hands
