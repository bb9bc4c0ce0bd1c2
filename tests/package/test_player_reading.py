"""One reading of a player's holding or range (issue 28): every taker reads the same text, cards, range or weights
alike, by :func:`poker.ranges.read_weights`. ``'KsJc, AcJc'`` is a range of two holdings everywhere (``equity``
read it as four cards and refused it), ``'Ah Kh'`` one holding everywhere (``Range.parse`` refused it), ``'random'``
every holding; text that is neither is refused by every taker with the same error.

Each taker's answer for the text is compared with its answer for the weights the one reader gives (an array): the
takers read the text exactly as the reader does, whatever they compute from it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from poker import (
    Card, Player, PokerError, Range, RangeParseError, StartingHand, equity, hand_strength, preflop_equity,
    range_statistics,
)
from poker.cli import main
from poker.ranges import lone_holding, read_weight_sets, read_weights

BOARD = '2c 3d 4h 5s 8d'
HOLE = '9c 9s'

TEXTS = ['KsJc, AcJc', 'AhKh, QdJd', 'AhKh', 'Ah Kh', 'ah kh', '10h Kh', ' Kh  Ah ', 'AhKh:0.5', 'random', 'any',
         'QQ+, AKs', 'KsJc AcJc']
"""Texts every taker reads: ranges, hands written as cards, 'random'."""

REFUSED = ['Ah Kh Qh', 'Ah', 'Ah Ah', 'QQ++', 'AhKh, Qd', 'Ah Kh, QQ']
"""Texts that are neither a range nor two cards."""


def _cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def _equities(result: Any) -> list[float]:
    return [player.equity for player in result]


TAKERS: dict[str, Callable[[Any], Any]] = {
    'Range.parse / Range.coerce': lambda player: Range.coerce(player).weights.tolist(),
    'read_weight_sets': lambda player: read_weight_sets(player)[0].tolist(),
    'equity (first player)': lambda player: _equities(equity([player, 'QQ'], BOARD)),
    'equity (second player)': lambda player: _equities(equity(['QQ', player], BOARD)),
    'hand_strength': lambda player: hand_strength(HOLE, BOARD, player),
    'Player.calculate_hand_statistics': lambda player: Player(HOLE, BOARD).calculate_hand_statistics(
        weights=player).to_dict(),
    'Player.showdown_equity': lambda player: _equities(Player(HOLE, BOARD).showdown_equity(1, player)),
    'preflop_equity': lambda player: preflop_equity(HOLE, player).equity,
    'range_statistics (hero)': lambda player: range_statistics(player, BOARD, 'QQ').range_equity,
    'range_statistics (opponent)': lambda player: range_statistics('QQ', BOARD, player).range_equity,
}
"""Every taker of a player's holding or range, each answering something that depends on the reading."""


@pytest.mark.parametrize('taker', sorted(TAKERS))
def test_every_taker_reads_a_text_as_the_one_reader_does(taker: str) -> None:
    take = TAKERS[taker]
    for text in TEXTS:
        weights = read_weights(text)
        assert take(text) == take(weights), f'{taker} reads {text!r} otherwise'


@pytest.mark.parametrize('taker', sorted(TAKERS))
def test_every_taker_refuses_what_the_one_reader_refuses(taker: str) -> None:
    for text in REFUSED:
        with pytest.raises(RangeParseError) as refused:
            read_weights(text)
        with pytest.raises(RangeParseError) as again:
            TAKERS[taker](text)
        assert str(again.value) == str(refused.value)


def test_the_issue_texts_read_as_ranges_of_two_holdings() -> None:
    assert len(Range.parse('KsJc, AcJc')) == 2
    both = equity(['KsJc, AcJc', 'AhAd'])  # was "duplicate card 'Jc'"
    assert [p.player for p in both] == ['KsJc, AcJc', 'AhAd']
    two = equity(['AhKh, QdJd', 'TT'], '2c 3d 4h')  # was "a hand has 2 cards, got 4"
    each = [equity([hand, 'TT'], '2c 3d 4h') for hand in ('AhKh', 'QdJd')]
    # the range's equity is the mean of its two holdings' (equal weights, each meets the same 6 TT holdings)
    assert two[0].equity == pytest.approx((each[0][0].equity + each[1][0].equity) / 2, abs=1e-12)


def test_texts_that_are_two_cards_stay_one_holding() -> None:
    for text in ('AhKh', 'Ah Kh', 'ah kh', 'Kh Ah', 'Ah,Kh'):
        assert lone_holding(read_weights(text)) == StartingHand.parse('AhKh').holding_index
        assert str(Range.parse(text)) == 'AhKh'
        assert equity([text, 'QQ'], BOARD)[0].player == ('KhAh' if text == 'Kh Ah' else 'AhKh')  # as written
    # a hand is a fixed holding: it shares no card with another hand or the board
    with pytest.raises(PokerError, match="card 'Ah' is in both"):
        equity(['Ah Kh', 'AhQd'])
    with pytest.raises(PokerError, match="card '2c' is in both the board"):
        equity(['2c Kh', 'QQ'], BOARD)


def test_random_none_and_every_form_of_a_holding_read_alike() -> None:
    uniform = read_weights(None)
    assert read_weights('random').tolist() == read_weights('RANDOM').tolist() == uniform.tolist()
    assert [p.player for p in equity(['random', None, 'AA'])] == ['random', 'random', 'AA']
    hand = (Card.parse('Ah'), Card.parse('Kh'))
    forms = [StartingHand.parse('AhKh'), hand, list(hand), 'Ah Kh', Range.parse('AhKh')]
    expected = _equities(equity(['AhKh', 'QQ'], BOARD))
    for form in forms:
        assert read_weights(form).tolist() == read_weights('AhKh').tolist()
        assert _equities(equity([form, 'QQ'], BOARD)) == expected
        assert hand_strength(HOLE, BOARD, form) == hand_strength(HOLE, BOARD, 'AhKh')


def test_the_command_line_reads_player_text_alike(capsys: pytest.CaptureFixture[str]) -> None:
    for text in ('KsJc, AcJc', 'Ah Kh', 'random'):
        weights = read_weights(text)
        shown = _cli_json(capsys, 'equity', text, 'QQ', '-b', BOARD, '--json')
        assert [p['equity'] for p in shown['players']] == _equities(equity([weights, 'QQ'], BOARD))
        stats = _cli_json(capsys, 'stats', *HOLE.split(), '-b', BOARD, '--range', text, '--json')
        assert stats['hs'] == hand_strength(HOLE, BOARD, weights)
        listed = _cli_json(capsys, 'range', text, '--json')
        assert listed['holdings'] == float(np.count_nonzero(weights))
    for text in REFUSED:
        assert main(['equity', text, 'QQ', '-b', BOARD]) == 2
        assert main(['stats', *HOLE.split(), '-b', BOARD, '--range', text]) == 2
        capsys.readouterr()
