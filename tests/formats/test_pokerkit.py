"""pokerkit as a referee of the table's rules, and the seats of this library playing inside pokerkit."""

from __future__ import annotations

import random

import pytest

from poker.cards.card import Card
from poker.errors import PokerError
from poker.strategy.actions import Action, Blind
from poker.table import game as game_module
from poker.players.bots import CallingStation, RandomPlayer
from poker.players.kinds import PLAYER_KINDS
from poker.table.game import FixedLimitGame
from poker.table.records import Decision, HandResult
from poker.formats.pokerkit_adapter import PokerkitSeat, play_pokerkit, pokerkit_state

# pokerkit is an extra of its own ('loki-holdem[pokerkit]') and part of [test]: without it these tests fail


def _index(seat: int, hand: HandResult) -> int:
    """pokerkit's player index (ACPC's position) of a table seat: 0 is the first seat left of the button."""
    return (seat - hand.button - 1) % len(hand.names)


def _text(cards) -> str:
    return ''.join(map(str, cards))


def referee(hand: HandResult, full_board: tuple[Card, ...]) -> tuple[list[int], list[int]]:
    """Replay ``hand`` action by action in pokerkit, asserting at each step that pokerkit agrees on whose turn it
    is, whether a raise is allowed (the cap), the chips each action puts in and the pot; return the nets by seat,
    the table's and pokerkit's."""
    count = len(hand.names)
    state = pokerkit_state(count)
    while state.can_deal_hole():
        index = state.hole_dealee_index
        state.deal_hole(_text(hand.holes[(hand.button + 1 + index) % count]))
    posted = {_index(r.seat, hand): r.amount for r in hand.actions if isinstance(r.action, Blind)}
    assert dict(enumerate(state.bets)) == {i: posted.get(i, 0) for i in range(count)}
    street, bets = 'preflop', 1
    for record in hand.actions:
        if isinstance(record.action, Blind):
            continue
        if record.street != street:
            street, bets = record.street, 0
            dealt = len(list(state.get_board_cards(0)))
            size = {'flop': 3, 'turn': 1, 'river': 1}[street]
            state.deal_board(_text(full_board[dealt:dealt + size]))
        assert state.actor_index == _index(record.seat, hand), (record, state.actor_index)
        assert state.can_complete_bet_or_raise_to() == (bets < 4), record
        before = state.total_pot_amount
        if record.action == Action.FOLD:
            state.fold()
        elif record.action in (Action.CHECK, Action.CALL):
            assert state.checking_or_calling_amount == record.amount == record.to_call, record
            state.check_or_call()
        else:
            state.complete_bet_or_raise_to()
            bets += 1
        if state.status:   # (at the end pokerkit pushes the pot to the winners at once)
            assert state.total_pot_amount - before == record.amount, record
            assert state.total_pot_amount == record.pot, record
    while state.status and state.can_show_or_muck_hole_cards():    # the table shows every hand still in
        state.show_or_muck_hole_cards(True)
    assert not state.status, 'pokerkit expects more actions than the table recorded'
    return list(hand.net), [state.payoffs[_index(seat, hand)] for seat in range(count)]


def _played(game: FixedLimitGame, hands: int) -> list[tuple[HandResult, tuple[Card, ...]]]:
    """Hands played at ``game``, each with its deal's five board cards (from the same seed)."""
    played = []
    for _ in range(hands):
        hand = game.play_hand()
        deck = game_module.Deck(seed=hand.seed)
        deck.deal(2 * len(hand.names))
        played.append((hand, tuple(deck.deal(5))))
    return played


def _odd_chip_split(ours: list[int], theirs: list[int], hand: HandResult) -> bool:
    """The one known difference: a three-way split with two odd chips. The table pays one chip each to the first
    two winners left of the button; pokerkit pays both to the first."""
    winners = sorted(hand.winners, key=lambda seat: _index(seat, hand))
    if len(winners) != 3 or hand.pot % 3 != 2:
        return False
    first, second, third = winners
    expected = list(ours)
    expected[first] += 1
    expected[second] -= 1
    return expected == theirs


@pytest.mark.parametrize('seats', [2, 3, 4, 5, 6])
def test_pokerkit_referees_the_tables_hands(seats):
    rng = random.Random(seats)
    kinds = ['random', 'station', 'maniac', 'rock', 'loose-passive', 'loki-no-model']
    players = [PLAYER_KINDS[kinds[(seat + seats) % len(kinds)]](f'p{seat}', rng.randrange(1000))
               for seat in range(seats)]
    players[0] = RandomPlayer('r0', seats)
    game = FixedLimitGame(players, seed=seats)
    splits = capped = showdowns = 0
    for hand, board in _played(game, 60 if seats < 5 else 30):
        capped += sum(record.asked == Action.RAISE for record in hand.actions)
        showdowns += hand.showdown
        ours, theirs = referee(hand, board)
        if ours != theirs:
            assert _odd_chip_split(ours, theirs, hand), (hand, ours, theirs)
            splits += 1
    assert splits == 0   # random hands here never split three ways with two odd chips
    assert capped and showdowns   # the cap was reached and hands were shown down


class Scripted:
    """A seat that plays a script: its actions in order, then checks and calls."""

    def __init__(self, name: str, script: list[str]) -> None:
        self.name, self.script = name, list(script)

    def decide(self, view):
        return Decision(self.script.pop(0) if self.script else 'call')


class StackedDeck:
    """A deck that deals the cards given, in order (each seat's hole cards, then the board)."""

    cards: list[Card] = []

    def __init__(self, seed=None):
        self.left = list(self.cards)

    def deal(self, count):
        dealt, self.left = self.left[:count], self.left[count:]
        return dealt


def test_three_way_split_with_two_odd_chips_is_the_one_difference(monkeypatch):
    # four seats, button 0: all call before the flop (8 chips); on the flop seat 1 bets, seats 2 and 3 call and
    # seat 0 folds: 14 chips, split three ways (the board is a straight) with 2 odd chips
    StackedDeck.cards = [Card.parse(c) for c in '2c 3d 4c 5d 2h 3s 4h 5s Ac Kd Qh Js Tc'.split()]
    monkeypatch.setattr(game_module, 'Deck', StackedDeck)
    players = [Scripted('a', ['call', 'fold']), Scripted('b', ['call', 'bet']), Scripted('c', ['check']),
               Scripted('d', ['call'])]
    hand = FixedLimitGame(players, seed=1).play_hand()
    assert hand.button == 0 and hand.pot == 14 and hand.winners == (1, 2, 3)
    ours, theirs = referee(hand, tuple(StackedDeck.cards[8:]))
    assert ours == [-2, 1, 1, 0]       # 4 chips each, and an odd chip each to seats 1 and 2; each put in 4
    assert theirs == [-2, 2, 0, 0]     # pokerkit: both odd chips to the first winner left of the button
    assert _odd_chip_split(ours, theirs, hand)


@pytest.mark.parametrize('kind', ['loki', 'loki-generic', 'loki-no-model', 'loki2-br'])
def test_loki_plays_pokerkit_hands_to_the_end(kind):
    for players in (2, 3):
        seats = [PokerkitSeat(PLAYER_KINDS[kind]('loki', 0), 0, names=['loki', 'x', 'y'][:players])] + \
            [PokerkitSeat(CallingStation(name), index, names=['loki', 'x', 'y'][:players])
             for index, name in enumerate(['x', 'y'][:players - 1], 1)]
        for hand in range(2):
            state = pokerkit_state(players)
            cards = [Card.parse(r + s) for r in '23456789TJQKA' for s in 'cdhs']
            random.Random(hand).shuffle(cards)
            if hand == 0:   # aces: Loki plays to the river against the calling stations
                aces = [Card.parse('As'), Card.parse('Ah')]
                cards = aces + [card for card in cards if card not in aces]
            play_pokerkit(state, seats, holes=[cards[2 * i:2 * i + 2] for i in range(players)],
                          board=cards[2 * players:2 * players + 5])
            assert not state.status and sum(state.payoffs) == 0
            if hand == 0:
                assert len(list(state.get_board_cards(0))) == 5 and state.payoffs[0] != 0
        assert seats[0].player.name == 'loki'
    if kind != 'loki-no-model':
        assert set(seats[0].player.models) == {'x', 'y'}
        assert seats[0].player.state().showdowns   # end_hand: the cards shown at the showdowns were read


def test_pokerkit_seat_refuses_what_it_cannot_play():
    state = pokerkit_state(2)
    seat = PokerkitSeat(CallingStation('x'), 1)
    with pytest.raises(PokerError, match='pokerkit State'):
        seat.act('state')
    play_pokerkit(state, [PokerkitSeat(CallingStation('y'), 0), seat], holes=['AhKh', '7c2d'],
                  board='2h7h9sTcJd')
    with pytest.raises(PokerError, match="not index 1's turn"):
        seat.act(state)
    with pytest.raises(PokerError, match='indices 0 to 1'):
        play_pokerkit(pokerkit_state(2), [seat])


@pytest.mark.parametrize('kinds', [['rock', 'maniac'], ['station', 'rock', 'maniac']])
def test_a_duplicate_played_in_pokerkit_is_the_matchs(kinds):
    # docs/bots.md plays a duplicate in pokerkit, every deal once per seating with the same cards: with the
    # table's dealing (a fresh table's button at seat 0, so pokerkit's index i is seat i + 1), its nets per deal
    # are those of the match's unit of work, deal for deal (players that decide from what they see alone)
    from poker.matches.duplicate import play_chunk, rotations
    count, rng = len(kinds), random.Random(len(kinds))
    seeds = [rng.randrange(1 << 32) for _ in range(30)]
    names = [f'{kind}{player}' for player, kind in enumerate(kinds)]
    ours = play_chunk(kinds, names, seeds, 0)
    theirs = []
    for seed in seeds:
        deck = game_module.Deck(seed=seed)
        holes, board = [deck.deal(2) for _ in kinds], deck.deal(5)
        nets = [0] * count
        for seating in rotations(count):
            by_index = [seating[(index + 1) % count] for index in range(count)]
            state = pokerkit_state(count)
            play_pokerkit(state, [PokerkitSeat(PLAYER_KINDS[kinds[player]](names[player], 0), index, names=[
                names[p] for p in by_index]) for index, player in enumerate(by_index)],
                holes=[holes[(index + 1) % count] for index in range(count)], board=board)
            for index, player in enumerate(by_index):
                nets[player] += state.payoffs[index]
        theirs.append(nets)
    assert ours.tolist() == theirs
    assert any(any(row) for row in theirs) and all(sum(row) == 0 for row in theirs)
