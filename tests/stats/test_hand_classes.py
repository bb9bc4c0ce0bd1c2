"""Made hands and draws (:mod:`poker.stats.hand_classes`) against plain loops over cards, the class table of
:meth:`RangeStatistics.classes` against its holdings one by one, and ``poker classes``."""

from __future__ import annotations

import importlib.util
import itertools
import json
import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from poker import Card, HandRanker, Range, parse_cards, range_statistics
from poker.cards import holding_index
from poker.cli import main
from poker.errors import PokerError
from poker.stats import Draw, HandClassTable, MadeHand, draw_masks, holding_class, made_hands

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location('count_hand_classes', ROOT / 'tools' / 'count_hand_classes.py')
assert _spec is not None and _spec.loader is not None
oracle = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(oracle)

PAIRS = list(itertools.combinations(range(52), 2))
"""The holdings as card-index pairs, in holding order."""

FEW = settings(max_examples=12, deadline=None, derandomize=True)

BOARDS = ['Jh Ts 4h', 'Kd Ks 5c', '7h 7d 7c', '2h 3h 4h', 'Ah 2s 3h', '5c 6d 9h', 'Ah Kh Qh Jh', 'Kd Ks 5c 5h',
          '8s 8d 8c 8h', '4d 5s Kh 9c', '5c 6d 7h 8s 9c', 'Ah Kh Qh Jh 2h', 'Kd Ks Kc 5h 5d', '2c 3d 4h 5s Kc',
          'Ac Ad 7h 7s 2d', '9h 8h 2c']
"""Boards chosen for the cases: two-tone, paired, trips and quads on board, monotone, wheel draws, a four-flush,
a straight on board, a board flush, a full house on board, a double-paired river, a backdoor-rich flop."""


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def check_board(board: list[Card], sample: int, seed: int) -> None:
    """Every holding's made hand, and a sample's draws, as the plain loops find them."""
    made, masks = made_hands(board), draw_masks(board)
    live = [pair for pair in itertools.combinations(range(52), 2) if not {*pair} & {c.index for c in board}]
    for first, second in live:
        hole = [Card.from_index(first), Card.from_index(second)]
        assert MadeHand(int(made[holding_index(first, second)])) is oracle.made_class(hole, board), (hole, board)
    for first, second in random.Random(seed).sample(live, sample):
        hole = [Card.from_index(first), Card.from_index(second)]
        mask = int(masks[holding_index(first, second)])
        assert {draw for draw in Draw if mask & draw.bit} == oracle.draw_classes(hole, board), (hole, board)
    numbers = {holding_index(a, b) for a, b in live}
    off = [number for number in range(1326) if number not in numbers]
    assert (made[off] == -1).all() and (masks[off] == 0).all()


@pytest.mark.parametrize('board', BOARDS)
def test_the_chosen_boards_agree_with_plain_loops(board: str) -> None:
    check_board(cards(board), sample=40, seed=len(board))


@FEW
@given(st.lists(st.integers(0, 51), min_size=3, max_size=5, unique=True), st.integers(0, 10 ** 6))
def test_random_boards_agree_with_plain_loops(indices: list[int], seed: int) -> None:
    check_board([Card.from_index(i) for i in indices], sample=25, seed=seed)


@pytest.mark.parametrize('hole, board, made, draws', [
    ('Ah 2c', '3d 4s Kh', MadeHand.ACE_HIGH, {Draw.GUTSHOT}),  # wheel: A-2-3-4 wants a five
    ('Ah 3c', '4d 5s Kh', MadeHand.ACE_HIGH, {Draw.GUTSHOT}),  # wheel: A-3-4-5 wants a deuce
    ('Ah 2c', '3d 4s 9h 5c', MadeHand.STRAIGHT, {Draw.NO_DRAW}),  # the wheel made on the turn: no straight draw
    ('6h 2c', '3d 4s 9h 5c', MadeHand.STRAIGHT, {Draw.NO_DRAW}),
    ('9c 5d', '7c 6d 3h', MadeHand.NO_MADE_HAND, {Draw.OPEN_ENDED}),  # a double gutshot: 8 outs
    ('Kh Qh', 'Jh Ts 4c', MadeHand.NO_MADE_HAND, {Draw.OPEN_ENDED, Draw.TWO_OVERCARDS, Draw.BACKDOOR_FLUSH_DRAW}),
    ('Ah Kh', 'Jh Ts 4h', MadeHand.ACE_HIGH, {Draw.COMBO_DRAW, Draw.FLUSH_DRAW, Draw.GUTSHOT, Draw.TWO_OVERCARDS}),
    ('Jc Jh', 'Jd 9h 4h 2h', MadeHand.SET, {Draw.FLUSH_DRAW}),  # a made hand and a draw at once
    ('Jc Jh', 'Jd 9h 4h', MadeHand.SET, {Draw.BACKDOOR_FLUSH_DRAW}),
    ('Ah 4c', 'Kh 9h 2h', MadeHand.ACE_HIGH, {Draw.FLUSH_DRAW, Draw.BACKDOOR_STRAIGHT_DRAW}),  # one-card flush draw
    ('7c 7d', 'Kd Ks 5c', MadeHand.UNDERPAIR, {Draw.NO_DRAW}),  # the board's pair is not the holding's two pair
    ('Ah Qh', 'Kd Ks 5c', MadeHand.ACE_HIGH, {Draw.BACKDOOR_STRAIGHT_DRAW}),
    ('Ah Kc', 'Kd Ks 5c', MadeHand.TRIPS, {Draw.NO_DRAW}),
    ('5h 5d', 'Kd Ks 5c', MadeHand.FULL_HOUSE, {Draw.NO_DRAW}),
    ('Ac 5d', 'Kd Ks 5c', MadeHand.MIDDLE_PAIR, {Draw.NO_DRAW}),
    ('Kc 5d', 'Kd 7s 5c', MadeHand.TWO_PAIR, {Draw.NO_DRAW}),
    ('Ac Ad', '5c 6d 7h 8s 9c', MadeHand.OVERPAIR, set()),  # the board's straight: the aces play the board
    ('Tc 2d', '5c 6d 7h 8s 9c', MadeHand.STRAIGHT, set()),  # a higher straight
    ('2h 3c', 'Ah Kh Qh Jh 9h', MadeHand.NO_MADE_HAND, set()),  # a lower heart than the board's flush
    ('Th 3c', 'Ah Kh Qh Jh 9h', MadeHand.STRAIGHT_FLUSH, set()),
    ('Ac Kc', '8s 8d 8c 8h', MadeHand.ACE_HIGH, {Draw.TWO_OVERCARDS, Draw.NO_DRAW} - {Draw.NO_DRAW}),
    ('Qd Qc', 'Jh Ts 4h', MadeHand.OVERPAIR, {Draw.BACKDOOR_STRAIGHT_DRAW}),
    ('3c 2d', 'Jh Ts 4h', MadeHand.NO_MADE_HAND, {Draw.BACKDOOR_STRAIGHT_DRAW}),  # runner-runner to the wheel
    ('9c 2d', 'Jh Ts 4h', MadeHand.NO_MADE_HAND, {Draw.BACKDOOR_STRAIGHT_DRAW}),
    ('8c 2d', 'Kh Qs 4h', MadeHand.NO_MADE_HAND, {Draw.NO_DRAW}),
    ('2c 3d', '6c 7d 8h 9s', MadeHand.NO_MADE_HAND, {Draw.NO_DRAW}),  # a five or a ten makes the board's straight
    ('Tc 2d', '6c 7d 8h 9s', MadeHand.STRAIGHT, {Draw.NO_DRAW}),
    ('Th 9h', '2h 3h 4h', MadeHand.FLUSH, {Draw.NO_DRAW}),
    ('6s 5s', '2h 3h 4h', MadeHand.STRAIGHT, {Draw.NO_DRAW}),
])
def test_named_cases(hole: str, board: str, made: MadeHand, draws: set[Draw]) -> None:
    found_made, found_draws = holding_class(hole, board)
    assert (found_made, set(found_draws)) == (made, draws)
    assert (oracle.made_class(cards(hole), cards(board)), oracle.draw_classes(cards(hole), cards(board))) == \
        (made, draws)


def test_classes_never_claim_more_than_the_ranker() -> None:
    for board in BOARDS:
        made = made_hands(board)
        values = {number: HandRanker.rank_indices([*pair, *(c.index for c in cards(board))])
                  for number, pair in enumerate(itertools.combinations(range(52), 2)) if made[number] >= 0}
        assert all(MadeHand(int(made[n])).category <= HandRanker.category(v) for n, v in values.items())


class FlushlessRanker(HandRanker):
    """Ranks every flush and straight flush as the high card it would be without its suits."""

    @classmethod
    def rank_many(cls, indices, *, validate=True):  # type: ignore[no-untyped-def]
        rows = np.asarray(indices, dtype=np.int64)
        values = super().rank_many(rows, validate=validate)
        rainbow = (rows & ~3) | (np.arange(rows.shape[1]) % 4)  # the same ranks, suits spread (no flush)
        flushed = np.isin(HandRanker.category_many(values), (5, 8))
        values[flushed] = super().rank_many(rainbow[flushed], validate=False)
        return values


def test_a_ranker_subclass_is_honoured() -> None:
    assert holding_class('Th 9h', '2h 3h 4h')[0] is MadeHand.FLUSH
    assert holding_class('Th 9h', '2h 3h 4h', ranker=FlushlessRanker)[0] is MadeHand.NO_MADE_HAND
    stats = range_statistics('T9s', '2h 3h 4h', ranker=FlushlessRanker)
    assert MadeHand.FLUSH not in {row.hand_class for row in stats.classes().made}


def test_the_table_is_the_holdings_summed_by_a_plain_loop() -> None:
    hero, board, opponent = 'JJ+, AK, KQs, T9s, 98s:0.5, A5s', 'Jh Ts 4h', 'QQ+, AJs+, KQo:0.5, 76s'
    stats = range_statistics(hero, board, opponent)
    table = stats.classes()
    weights = Range.parse(hero).weights
    members: dict[tuple[type, int], list[tuple[float, Card, Card]]] = {}  # (MadeHand.TWO_PAIR == Draw.NO_DRAW)
    for number in stats.holdings.tolist():
        hole = [Card.from_index(i) for i in PAIRS[number]]
        made, draws = oracle.made_class(hole, cards(board)), oracle.draw_classes(hole, cards(board))
        for hand_class in (made, *draws):
            members.setdefault((type(hand_class), hand_class), []).append((float(weights[number]), *hole))
    assert [row.hand_class for row in table.made] == [c for c in reversed(MadeHand) if (MadeHand, c) in members]
    assert [row.hand_class for row in table.draws] == [c for c in Draw if (Draw, c) in members]
    total = float(sum(weights[n] for n in stats.holdings.tolist()))
    assert table.combos == pytest.approx(total)
    for row in table.made + table.draws:
        ahead = tied = behind = mass = equity = 0.0
        transitions = np.zeros((3, 3))
        for weight, *hole in members[type(row.hand_class), row.hand_class]:
            one = stats.for_holding(hole)
            ahead, tied, behind = ahead + weight * one.ahead, tied + weight * one.tied, behind + weight * one.behind
            transitions += weight * np.array(one.transitions)
            met = weight * (one.ahead + one.tied + one.behind)
            mass, equity = mass + met, equity + met * float(stats.equity[stats.index(hole)])
        combos = sum(weight for weight, *_ in members[type(row.hand_class), row.hand_class])
        t = transitions  # rows now, columns after the runouts: ahead, tied, behind (Papp's PPOT and NPOT)
        behind_now, ahead_now = t[2].sum() + t[1].sum() / 2, t[0].sum() + t[1].sum() / 2  # (0 when nothing to gain)
        ppot = (t[2, 0] + t[2, 1] / 2 + t[1, 0] / 2) / behind_now if behind_now else 0.0
        npot = (t[0, 2] + t[0, 1] / 2 + t[1, 2] / 2) / ahead_now if ahead_now else 0.0
        hs = (ahead + tied / 2) / (ahead + tied + behind)
        assert (row.combos, row.share) == pytest.approx((combos, combos / total))
        assert (row.hs, row.ppot, row.npot) == pytest.approx((hs, ppot, npot))
        assert row.ehs == pytest.approx(hs + (1 - hs) * ppot - hs * npot)
        assert row.equity == pytest.approx(equity / mass)
    assert sum(row.share for row in table.made) == pytest.approx(1.0)
    assert table.row(MadeHand.QUADS) is None and table.row(MadeHand.SET) is table.made[0]


def test_river_turn_and_before_the_flop() -> None:
    river = range_statistics('JJ+, AK', 'Jh Ts 4h 2c 9d', 'QQ+').classes()
    assert river.draws == () and [row.hand_class for row in river.made] == \
        [MadeHand.SET, MadeHand.OVERPAIR, MadeHand.ACE_HIGH]
    assert all(row.ppot == 0 and row.npot == 0 for row in river.made)
    turn = range_statistics('AhKh, 99', 'Jh Ts 4h 2c', lookahead=1).classes()
    assert {row.hand_class for row in turn.draws} == {Draw.COMBO_DRAW, Draw.FLUSH_DRAW, Draw.GUTSHOT,
                                                      Draw.TWO_OVERCARDS, Draw.NO_DRAW}
    assert 'made-hand classes' in repr(turn) and isinstance(turn, HandClassTable)
    rows = turn.to_rows()
    assert json.loads(json.dumps(rows, allow_nan=False)) == rows and rows[0]['kind'] == 'made'
    flop = range_statistics('JJ+, AK, T9s', 'Jh Ts 4h', 'QQ+')
    assert (flop.made == made_hands('Jh Ts 4h')[flop.holdings]).all()
    assert (flop.draws == draw_masks('4h Jh Ts')[flop.holdings]).all() and (flop.draws > 0).all()
    preflop = range_statistics('AA', '')  # (against every holding: the shipped table, at once)
    assert preflop.made.size == 0 and preflop.draws.size == 0
    with pytest.raises(PokerError, match='board of 3, 4 or 5 cards'):
        preflop.classes()
    with pytest.raises(PokerError, match='board of 3, 4 or 5 cards'):
        made_hands('')
    with pytest.raises(PokerError, match='shares a card'):
        holding_class('Ah Kd', 'Ah 7c 2d')


# ------------------------------------------------------------------------------------- the command line
def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_command_table_json_and_picture(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run(capsys, 'classes', 'JJ+, AK, KQs, T9s', '--board', 'Jh Ts 4h')
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0] == 'JJ+, AK, KQs, T9s on Jh Ts 4h against every holding (1,176 holdings): 44 combos'
    assert lines[1].split() == ['made', 'hands', 'combos', 'share', 'HS', 'PPOT', 'NPOT', 'EHS', 'equity']
    assert lines[2].split()[:3] == ['set', '3', '6.8%'] and lines[3].split()[:3] == ['overpair', '18', '40.9%']
    assert lines[7].split()[0] == 'draws' and lines[8].split()[:4] == ['combo', 'draw', '2', '4.5%']
    status, out, err = run(capsys, 'classes', 'JJ+', 'AK', '-b', 'Jh Ts 4h', '-r', 'QQ+', '--json')
    assert status == 0, err
    data = json.loads(out)
    table = range_statistics('JJ+, AK', 'Jh Ts 4h', 'QQ+').classes()
    assert data['made_hands'] == [row.to_dict() for row in table.made]
    assert data['draws'] == [row.to_dict() for row in table.draws] and data['opponent_range'] == 'QQ+'
    pytest.importorskip('matplotlib')
    target = tmp_path / 'classes.png'
    status, out, err = run(capsys, 'classes', 'TT+, AQs+', '-b', 'Jh Ts 4h 2c 9d', '--png', str(target))
    assert status == 0, err
    assert target.read_bytes()[:8] == b'\x89PNG\r\n\x1a\n' and out.splitlines()[-1] == f'picture: {target}'
    assert 'No draws on the river.' in out


@pytest.mark.parametrize('argv, message', [
    (['classes', 'AA'], 'need a board of 3, 4 or 5 cards'),
    (['classes', 'AA', '-b', 'Jh Ts'], 'a board has 0, 3, 4 or 5 cards'),
    (['classes', 'ZZ', '-b', 'Jh Ts 4h'], 'ZZ'),
    (['classes', 'JJ', '-b', 'Jh Js Jd'], 'no holding off the board'),
    (['classes', 'AA', '-b', 'Jh Ts 4h', '-n', '0'], 'opponents'),
])
def test_command_bad_input_is_one_line_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str],
                                              message: str) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == '' and len(err.splitlines()) == 1 and message in err, err
