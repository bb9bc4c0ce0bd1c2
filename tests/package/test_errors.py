"""Bad input raises the narrow PokerError subclass, and its message quotes what was given."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from poker import (
    HandClassError, HandValueError, MissingCardError,
    Card, CardCountError, CardParseError, Deck, DuplicateCardError, Hand, HandCategory, HandFactory, HandRanker,
    OpponentCountError, OpponentModel, PokerError, Rank, RangeParseError, RankableHand, StartingHand, Suit,
    BettingError, SettingError, WeightsError, errors, kelly_fraction, parse_cards, simulate_income_rate,
)
from poker.cards.starting_hand import class_index

CASES: list[tuple[str, Callable[[], object], type[PokerError], str]] = [
    ('unknown suit', lambda: Card.parse('Ax'), CardParseError, "'x'"),
    ('unknown rank', lambda: Card.parse('1h'), CardParseError, "'1'"),
    ('unknown rank letter', lambda: Card.parse('Zh'), CardParseError, "'Zh'"),
    ('one character', lambda: Card.parse('A'), CardParseError, "'A'"),
    ('empty card', lambda: Card.parse(''), CardParseError, "''"),
    ('not text', lambda: Card.parse(14), CardParseError, '14'),
    ('bad index', lambda: Card.from_index(52), CardParseError, '52'),
    ('bool index', lambda: Card.from_index(True), CardParseError, 'True'),
    ('bad card among many', lambda: parse_cards('Ah Kx Qd'), CardParseError, "'Kx'"),
    ('bad suit after a 10', lambda: parse_cards('Ah 10x'), CardParseError, "'10x': unknown suit 'x'"),
    ('bad card at the end', lambda: parse_cards('Ah K'), CardParseError, "'K'"),
    ('bad card in a list', lambda: parse_cards(['Ah', 'K']), CardParseError, "'K'"),
    ('duplicate in text', lambda: parse_cards('Ah Kd Ah'), DuplicateCardError, "'Ah Kd Ah'"),
    ('duplicate in list', lambda: parse_cards(['Ah', 'ah']), DuplicateCardError, "'Ah'"),
    ('empty rankable', lambda: RankableHand.parse(''), CardCountError, 'got 0'),
    ('4 cards', lambda: RankableHand.parse('Ah Kh Qh Jh'), CardCountError, "'Ah Kh Qh Jh'"),
    ('8 cards', lambda: RankableHand.parse('Ah Kh Qh Jh Th 9h 8h 7h'), CardCountError, "'Ah Kh Qh Jh Th 9h 8h 7h'"),
    ('duplicate rankable', lambda: RankableHand.parse('Ah Kh Qh Jh Ah'), DuplicateCardError, "'Ah'"),
    ('hole and board overlap', lambda: RankableHand([*parse_cards('Ah Kh'), *parse_cards('Ah 2c 3d')]),
     DuplicateCardError, "'Ah'"),
    ('hole and board overlap in a Hand', lambda: Hand('Ah Kh').add('2c 3d Ah'), DuplicateCardError, "'Ah'"),
    ('empty starting hand', lambda: StartingHand.parse(''), CardCountError, "''"),
    ('3 hole cards', lambda: StartingHand.parse('Ah Kh Qh'), CardCountError, "'Ah Kh Qh'"),
    ('duplicate hole cards', lambda: StartingHand.parse('AhAh'), DuplicateCardError, "'AhAh'"),
    ('bad holding index', lambda: StartingHand.from_holding_index(1326), CardParseError, '1326'),
    ('unknown class', lambda: class_index('AK'), HandClassError, "'AK'"),
    ('factory with 3 cards', lambda: HandFactory().get_hand('Ah Kh Qh'), CardCountError, 'got 3'),
    ('factory with 8 cards', lambda: HandFactory().get_hand('Ah Kh Qh Jh Th 9h 8h 7h'), CardCountError, 'got 8'),
    ('deal too many', lambda: Deck(seed=1).deal(53), CardCountError, '53'),
    ('deal negative', lambda: Deck(seed=1).deal(-1), CardCountError, '-1'),
    ('no opponents', lambda: HandRanker.read_opponents(0), OpponentCountError, '0'),
    ('too many opponents', lambda: HandRanker.income_rate('AA', 23), OpponentCountError, '23'),
    ('bool opponents', lambda: HandRanker.read_opponents(True), OpponentCountError, 'True'),
    ('value too high', lambda: HandCategory.from_value(7463), HandValueError, '7463'),
    ('describe value zero', lambda: HandRanker.describe(0), HandValueError, '0'),
    ('remove a missing card', lambda: Hand('Ah').remove('Kd'), MissingCardError, "'Kd'"),
    # values of the right type but out of range, or the wrong type where cards or numbers are read
    ('rank out of range', lambda: Card(15, 0), CardParseError, '15'),
    ('suit out of range', lambda: Card(14, 4), CardParseError, '4'),
    ('rank as text', lambda: Card('A', 'h'), CardParseError, "'A'"),
    ('Rank.parse of a number', lambda: Rank.parse(14), CardParseError, '14'),
    ('Suit.parse of None', lambda: Suit.parse(None), CardParseError, 'None'),  # type: ignore[arg-type]
    ('cards from a number', lambda: parse_cards(7), CardParseError, '7'),  # type: ignore[arg-type]
    ('starting hand from None', lambda: StartingHand(None), CardParseError, 'None'),  # type: ignore[arg-type]
    ('rank text', lambda: HandRanker.rank('Ah Kh Qh Jh Ah'), DuplicateCardError, "'Ah'"),
    ('deal a float', lambda: Deck(seed=1).deal(1.5), CardCountError, '1.5'),  # type: ignore[arg-type]
    ('deal a bool', lambda: Deck(seed=1).deal(True), CardCountError, 'True'),
    ('holding index float', lambda: StartingHand.from_holding_index(1.5), CardParseError, '1.5'),
    ('holding index bool', lambda: StartingHand.from_holding_index(True), CardParseError, 'True'),
    ('class of a number', lambda: class_index(7), HandClassError, '7'),  # type: ignore[arg-type]
    ('income rate of None', lambda: HandRanker.income_rate(None), HandClassError, 'None'),  # type: ignore[arg-type]
    ('describe text', lambda: HandRanker.describe('7'), HandValueError, "'7'"),  # type: ignore[arg-type]
    ('describe a float', lambda: HandRanker.describe(1.5), HandValueError, '1.5'),  # type: ignore[arg-type]
    ('kelly with too many opponents', lambda: kelly_fraction(0.5, 0.1, 10 ** 30), OpponentCountError, '10000'),
    ('frequency as text', lambda: OpponentModel.threshold('0.3'), SettingError, "'0.3'"),  # type: ignore[arg-type]
    ('cache size as text', lambda: HandFactory(maxsize='10'), SettingError, "'10'"),  # type: ignore[arg-type]
    ('deals as a float', lambda: simulate_income_rate('AA', deals=2.5), SettingError, '2.5'),
    ('a 5,000-digit amount', lambda: kelly_fraction(0.5, 0.1, retained_pot=10 ** 5000), BettingError, 'digits'),
    ('cards from a 5,000-digit number', lambda: parse_cards(10 ** 5000), CardParseError, 'digits'),
]


@pytest.mark.parametrize('action, error, quoted', [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_bad_input_raises_the_specific_error(action: Callable[[], object], error: type[PokerError],
                                             quoted: str) -> None:
    with pytest.raises(error) as caught:
        action()
    assert type(caught.value) is error  # the narrow class itself, not merely a relative
    assert quoted in str(caught.value)


@pytest.mark.parametrize('error', [CardCountError, CardParseError, DuplicateCardError, HandClassError,
                                   HandValueError, MissingCardError, OpponentCountError, RangeParseError,
                                   SettingError, WeightsError])
def test_every_error_is_a_poker_error_and_a_value_error(error: type[PokerError]) -> None:
    assert issubclass(error, PokerError) and issubclass(error, ValueError)
    assert error.__doc__


def test_errors_module_exports_each_error_class() -> None:
    exported = {name for name in errors.__all__}
    defined = {name for name, value in vars(errors).items() if isinstance(value, type) and issubclass(value, Exception)}
    assert exported == defined
    assert errors.__all__ == sorted(errors.__all__)


def test_a_failed_add_leaves_the_hand_as_it_was() -> None:
    hand = Hand('Ah Kh')
    with pytest.raises(DuplicateCardError):
        hand.add('2c 3d Kh')
    assert hand == Hand('Ah Kh')


def test_a_card_both_in_the_hole_and_on_the_board_is_one_rule_at_every_door(tmp_path) -> None:
    """Player, hand_strength, the kernel's door and a strength table's lookup say it alike, quoting the input
    (a table used to quote its indexer's row of card numbers)."""
    from poker import Player, build_table, hand_strength, load_table
    from poker.kernel import tally
    from poker.ranges.weights import uniform_weights

    build_table('river', tmp_path, boards=2, chunk_boards=1, workers=1, progress=False)
    calls = [lambda: Player('Kh 2h', '2h 2d 2s 3c 3h'), lambda: hand_strength('Kh 2h', '2h 2d 2s 3c 3h'),
             lambda: load_table(tmp_path).equity('Kh 2h', '2h 2d 2s 3c 3h')]
    for call in calls:
        with pytest.raises(DuplicateCardError, match=r"^card '2h' is both a hole card and on the board: .*2h.* / "):
            call()
    with pytest.raises(DuplicateCardError, match=r"^card '2c' is both a hole card and on the board: \[44, 0\] "):
        tally([44, 0], [0, 1, 2, 4, 5], 0, uniform_weights()[None])


def test_hand_statistics_refuse_a_look_ahead_or_hole_cards_their_board_has_no_room_for() -> None:
    from poker import HandStatistics, LookaheadError

    fine = HandStatistics.from_counts(3, 0, 1, lookahead=1, hole='Ah Kh', board='2c 7d Js 9h')
    assert fine.lookahead == 1
    with pytest.raises(LookaheadError, match='at most 0 on a board of 5 cards, got 1'):
        HandStatistics.from_counts(3, 0, 1, lookahead=1, hole='Ah Kh', board='2c 7d Js 9h 3s')
    with pytest.raises(DuplicateCardError, match="card 'Ah' is both a hole card and on the board"):
        HandStatistics.from_counts(3, 0, 1, hole='Ah Kh', board='2c 7d Ah')
