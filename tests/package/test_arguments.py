"""No argument silently ignored: every argument of a public call is read on every call, and one that another
argument makes meaningless is refused, not dropped (issue 18). The other cases live beside their subject:
``kelly_bet(stats, 0, opponents=0)`` in test_opponent_counts.py, ``reweight_factor`` of a NaN strength and a
board with a card twice in ``fast_potentials`` in test_opponent_models.py."""

from __future__ import annotations

import math

import numpy as np
import pytest

from poker.cards.card import parse_cards
from poker.cards.starting_hand import StartingHand
from poker.errors import CardCountError, DuplicateCardError, PokerError, RankerError, SettingError
from poker.stats.boards import board_strengths, boards_strengths
from poker.stats.multiway import equity
from poker.stats.player import Player
from poker.stats.reference import ReferencePlayer
from poker.players.bots import (
    AggressiveBettor, Bot, CallingStation, LoosePassive, Maniac, RandomPlayer, Rock, TightAggressive,
)
from poker.players.holding_scales import holding_scale

RIVER = 'Qh 7h 2c 9s 3d'


def test_a_board_strengths_row_reads_its_board_number() -> None:
    one = board_strengths(RIVER, bins=4)
    for bad in (math.nan, 1, -1, True, 0.0, '0'):
        with pytest.raises(SettingError, match='board must be a whole number from 0 to 0'):
            one.row('Ah Kh', board=bad)  # type: ignore[arg-type]
    boards = [[card.index for card in parse_cards(text)] for text in (RIVER, '2d 3c 4h 5s 9c')]
    batch = boards_strengths(boards, bins=4)
    assert batch.holdings[0][batch.row('2d Kh', board=0)] == StartingHand.parse('2d Kh').holding_index
    with pytest.raises(DuplicateCardError):
        batch.row('2d Kh', board=1)  # 2d is on the second board: the board number is read
    with pytest.raises(SettingError, match='from 0 to 1, got 2'):
        batch.row('Ah Kh', board=2)


@pytest.mark.parametrize('bot', [Bot, CallingStation, Maniac, RandomPlayer, Rock, AggressiveBettor, TightAggressive,
                                 LoosePassive])
def test_every_seat_reads_the_view_it_decides_on(bot: type[Bot]) -> None:
    for bad in (None, math.nan, 'river'):
        with pytest.raises(PokerError, match='view must be a TableView'):
            bot('Ann', 1).decide(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize('player', [Player, ReferencePlayer])
def test_preflop_statistics_refuse_a_player_with_a_board(player: type[Player]) -> None:
    sets = np.ones((1, 1326))
    with pytest.raises(CardCountError, match='preflop statistics are for a player before the flop, not on the flop'):
        player('Ah As', '2c 7d Js').preflop_statistics(1, sets, False)
    assert player('Ah As').preflop_statistics(1, sets, False).hs == pytest.approx(0.8520371330210104)


def test_the_scale_reads_its_ranker_before_the_flop_too() -> None:
    with pytest.raises(RankerError):
        holding_scale((), ranker=None)  # type: ignore[arg-type]
    with pytest.raises(PokerError, match='board must hold 0, 3, 4 or 5 cards'):
        holding_scale([0, 1])


def test_an_exact_equity_refuses_a_seed_it_would_not_use() -> None:
    with pytest.raises(SettingError, match="method 'exact' counts every deal and draws none: drop seed=5"):
        equity(['Ah Kh', 'QQ'], '4h 2c 3d', method='exact', seed=5)
    exact = equity(['Ah Kh', 'QQ'], '4h 2c 3d', method='exact')
    assert equity(['Ah Kh', 'QQ'], '4h 2c 3d', seed=5).players == exact.players  # 'auto': used if it samples


def test_a_seat_model_reads_the_board_of_every_action() -> None:
    from poker.players.modelling import SeatModel
    flop = [card.index for card in parse_cards('9h 8c 2c')]
    model = SeatModel('Bob')
    model.begin_hand([51, 50])
    model.observe('flop', 'bet', bets_to_call=0, board=flop)
    model.observe('flop', 'call', bets_to_call=1, board=flop[::-1])  # the same board, in another order
    with pytest.raises(PokerError, match=r'the flop board is \[.*\] in this hand, got'):
        model.observe('flop', 'raise', bets_to_call=1, board=[0, 4, 8])  # another flop: once ignored
    with pytest.raises(PokerError, match='a board on the turn has 4 cards'):
        model.observe('turn', 'bet', bets_to_call=0, board=flop)
    with pytest.raises(PokerError, match='must hold the cards already out'):
        model.observe('turn', 'bet', bets_to_call=0, board=[0, 4, 8, 12])
    model.observe('turn', 'bet', bets_to_call=0, board=[*flop, 12])
    with pytest.raises(PokerError, match='new_round first'):
        model.reweight(0.5, flop)  # the weights of the turn re-weighted on the flop's scale
