"""The prober among the stress bots (poker.players.bots.Prober): it bets whenever it is checked to and goes on
against a bet only with a strong hand, so that a player whose check is a face-up signal of weakness loses to it."""

from __future__ import annotations

import numpy as np
import pytest

from poker import FixedLimitGame, TableView
from poker.players import LokiPlayer, Prober
from poker.players.holding_scales import holding_scale, preflop_scale
from poker.players.kinds import PLAYER_KINDS
from poker.strategy.advice import FullLokiStrategy
from poker import parse_cards

STREET_OF = {0: 'preflop', 3: 'flop', 4: 'turn', 5: 'river'}


def _view(board: str, to_call: int, hole: str = '7c 2d') -> TableView:
    cards = len(board.split())
    return TableView(0, 'Pat', hole, board, STREET_OF[cards], pot=10, to_call=to_call, bet_size=2,
                     bets_this_round=max(to_call // 2, 1 if not cards else 0), called_this_round=False, opponents=1,
                     can_raise=True)


def test_the_prober_bets_whenever_it_is_checked_to() -> None:
    policy = Prober('Pat', 1).policy(_view('Qh 7h 2c', 0))
    assert (policy.probabilities[policy.possible, 2] == 1).all()


def test_the_prober_goes_on_against_a_bet_only_with_a_strong_hand() -> None:
    board = 'Qh 7h 2c'
    policy = Prober('Pat', 1).policy(_view(board, 2))
    scale = holding_scale([card.index for card in parse_cards(board)])
    columns = policy.probabilities.argmax(axis=1)
    possible = policy.possible
    assert (columns[possible & (scale < Prober.call_at)] == 0).all()
    assert (columns[possible & (scale >= Prober.call_at) & (scale < Prober.raise_at)] == 1).all()
    assert (columns[possible & (scale >= Prober.raise_at)] == 2).all()
    assert 0.05 < policy.shares()[1] + policy.shares()[2] < 0.4


def test_the_prober_before_the_flop_raises_its_top_tenth_and_calls_to_half() -> None:
    policy = Prober('Pat', 1).policy(_view('', 1))
    fold, call, raise_ = policy.shares()
    assert raise_ == pytest.approx(0.1, abs=0.02) and raise_ + call == pytest.approx(0.5, abs=0.02)
    scale = preflop_scale()
    raised, folded = policy.probabilities[:, 2] == 1, policy.probabilities[:, 0] == 1
    assert scale[raised].min() > scale[~raised].max() and scale[folded].max() < scale[~folded].min()
    assert np.array_equal(PLAYER_KINDS['prober']('Pat', 1).policy(_view('', 1)).probabilities, policy.probabilities)


def test_the_prober_takes_the_pots_a_face_up_checker_gives_up() -> None:
    """loki-no-model's check says "weak": after checking the flop it folds to the prober's bet nearly always (the
    issue's outside prober saw it fold 61 times of 61)."""
    game = FixedLimitGame([Prober('Pat', 1), LokiPlayer('Lok', strategy=FullLokiStrategy())], seed=5)
    probed = folded = 0
    for _ in range(300):
        flop = [record for record in game.play_hand().actions if record.street == 'flop']
        checks = [at for at, record in enumerate(flop) if record.seat == 1 and record.action == 'check']
        if checks and any(record.seat == 0 and record.action == 'bet' for record in flop[checks[0] + 1:]):
            probed += 1
            folded += any(record.seat == 1 and record.action == 'fold' for record in flop[checks[0] + 1:])
    assert probed >= 15 and folded >= 0.9 * probed
