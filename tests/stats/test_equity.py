"""poker.equity: exact answers equal plain loops over the domain objects, sampling is unbiased under
weights (within 4 standard errors of exact), seeded runs repeat on any executor, bad arguments fail cleanly."""

from __future__ import annotations

import itertools
import math
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from poker import (
    Card, CardCountError, DuplicateCardError, EquityResult, HandFactory, HandRanker, OpponentCountError,
    Player, PlayerEquity, PokerError, Range, RangeParseError, SettingError, WeightsError, equity, parse_cards, preflop_equity,
)
from fuzzing import hang_guard
from poker.cards.holdings import HOLDINGS
from poker.ranges.weight_inputs import read_weights
from poker.stats.multiway import SAMPLES_LIMIT


# ------------------------------------------------------------------------------------------ the oracle
def brute_force(players: list[object], board: str = '', dead: str = '') -> list[tuple[float, float, float]]:
    """(win, tie, split share) per player by plain loops: every holding tuple and every board, RankableHand
    values; a tie counts 1, a k-way split's share 1/k."""
    factory = HandFactory(maxsize=None)
    board_cards = parse_cards(board)
    known = {card.index for card in (*board_cards, *parse_cards(dead))}
    choices = []
    for entry in players:
        try:
            cards = parse_cards(entry) if isinstance(entry, str) else None
        except PokerError:
            cards = None
        if cards is not None:
            choices.append([(tuple(cards), 1.0)])
        else:
            weights = np.ones(1326) if entry == 'random' else read_weights(Range.parse(entry) if isinstance(entry, str)
                                                                          else entry)
            choices.append([(tuple(Card.from_index(int(c)) for c in HOLDINGS[h]), float(weights[h]))
                            for h in np.flatnonzero(weights)])
    wins, ties, splits, total = np.zeros(len(players)), np.zeros(len(players)), np.zeros(len(players)), 0.0
    for combination in itertools.product(*choices):
        cards = [card for hole, _ in combination for card in hole]
        used = {card.index for card in cards}
        if len(used) < len(cards) or used & known:
            continue
        weight = math.prod(w for _, w in combination)
        if weight == 0:
            continue
        rest = [Card.from_index(i) for i in range(52) if i not in used | known]
        for runout in itertools.combinations(rest, 5 - len(board_cards)):
            hands = [factory.get_rankable_hand([*hole, *board_cards, *runout]) for hole, _ in combination]
            best = max(hands)
            winners = [i for i, hand in enumerate(hands) if hand == best]
            if len(winners) == 1:
                wins[winners[0]] += weight
            else:
                for i in winners:
                    ties[i] += weight
                    splits[i] += weight / len(winners)
            total += weight
    return [(w / total, t / total, s / total) for w, t, s in zip(wins, ties, splits)]


def assert_matches(result: EquityResult, expected: list[tuple[float, float, float]]) -> None:
    assert result.exact and len(result) == len(expected)
    for entry, (win, tie, split) in zip(result, expected):
        assert entry.win == pytest.approx(win, abs=1e-12) and entry.tie == pytest.approx(tie, abs=1e-12)
        assert entry.split_share == pytest.approx(split, abs=1e-12)
        assert entry.equity == pytest.approx(win + split, abs=1e-12) and entry.stderr == entry.tie_stderr == 0.0
    assert sum(entry.equity for entry in result) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize('players, board, dead', [
    (['Ah Kh', 'Qc Qd', 'Js Ts'], 'Qh 7h 2c 9s', ''),               # three hands on the turn
    (['Ah Kh', 'Qc Qd', 'Js Ts', '7c 7d'], '8h 6c 2d', ''),           # four hands on the flop
    (['Ah Kh', 'QQ', 'JTs'], 'Qh 7h 2c 9s', 'Jc'),                  # hands and small ranges, a dead card
    (['AKs:0.5, AhKd', 'QQ:2, 99', 'Js Ts'], '8h 6c 2d 3s', ''),      # weighted ranges on the turn
    (['7c 7d', 'AA:0.7, KK', 'Ts 9s', '22'], '8h 6c 2d 3s', ''),      # four players, turn, overlapping pairs
    (['AhKh', 'QQ:0.25, JJ', 'Js Ts'], '8h 6c 2d', ''),               # ranges on the flop
    (['AhKh', '5c 4c'], '5h 5d 4h 4d 3s', ''),                      # the river: one board
])
def test_exact_equals_brute_force(players: list[str], board: str, dead: str) -> None:
    assert_matches(equity(players, board, dead), brute_force(players, board, dead))


def test_suit_symmetric_ranges_give_the_same_answer_as_without_symmetry() -> None:
    players = ['QQ, AKs', 'JJ:0.5, AQs']
    symmetric = equity(players, board='2c 7d 9h')
    broken = equity(players, board='2c 7d 9h', dead='3s')  # the dead spade breaks the symmetry of s
    expected = brute_force(players, '2c 7d 9h')
    assert_matches(symmetric, expected)
    assert_matches(broken, brute_force(players, '2c 7d 9h', '3s'))
    tuples = sum(1 for a in np.flatnonzero(read_weights(Range.parse(players[0])))
                 for b in np.flatnonzero(read_weights(Range.parse(players[1])))
                 if not set(HOLDINGS[a]) & set(HOLDINGS[b]) and not {int(c) for c in (*HOLDINGS[a], *HOLDINGS[b])}
                 & {c.index for c in parse_cards('2c 7d 9h')})
    assert symmetric.deals == tuples * math.comb(52 - 3 - 4, 2)


def test_heads_up_equals_the_shipped_preflop_numbers() -> None:
    versus_kings = equity(['Ah As', 'KK'])
    assert versus_kings.exact and versus_kings[0].equity == pytest.approx(0.819460505, abs=1e-9)
    assert versus_kings[0].equity == pytest.approx(preflop_equity('Ah As', Range.parse('KK')).equity, abs=1e-12)
    hand = equity(['Ah Kh', 'Qc Qd'])
    one_hot = np.zeros(1326)
    one_hot[Range.parse('QcQd').weights > 0] = 1
    reference = preflop_equity('Ah Kh', one_hot, method='exact')
    assert hand[0].win == pytest.approx(reference.win, abs=1e-12)
    assert hand[0].tie == pytest.approx(reference.tie, abs=1e-12)  # heads up, a tie is a two-way split:
    assert hand[0].split_share == pytest.approx(reference.tie / 2, abs=1e-12)  # half the pot
    assert hand.deals == 1_712_304


def plain_preflop(hands: list[str], dead: str = '') -> list[tuple[float, float, float]]:
    """(win, tie, split share) of fixed hands over every board, each board ranked (no board classes, no
    symmetry)."""
    holes = [[card.index for card in parse_cards(hand)] for hand in hands]
    used = {c for hole in holes for c in hole} | {card.index for card in parse_cards(dead)}
    boards = np.array(list(itertools.combinations([c for c in range(52) if c not in used], 5)), dtype=np.int8)
    values = np.array([HandRanker.rank_many(np.column_stack([np.tile(hole, (len(boards), 1)), boards]))
                       for hole in holes])
    winners = values == values.max(axis=0)
    count = winners.sum(axis=0)
    return [(float((row & (count == 1)).mean()), float((row & (count > 1)).mean()),
             float((row * (count > 1) / count).mean())) for row in winners]


@pytest.mark.parametrize('hands, dead', [
    (['Ah Kh', 'Qh Jh', '9h 8h'], ''),       # one suit everywhere: flushes decide
    (['Ah Ad', 'Kc Qs', '5d 4d', '7h 7c'], 'Ts 9c'),
    (['2c 3c', '2d 3d'], ''),                # chops and flushes of both suits
])
def test_preflop_board_classes_equal_ranking_every_board(hands: list[str], dead: str) -> None:
    result = equity(hands, dead=dead)
    assert result.exact and result.deals == math.comb(52 - 2 * len(hands) - len(parse_cards(dead)), 5)
    for entry, (win, tie, split) in zip(result, plain_preflop(hands, dead)):
        assert entry.win == pytest.approx(win, abs=1e-12) and entry.tie == pytest.approx(tie, abs=1e-12)
        assert entry.split_share == pytest.approx(split, abs=1e-12)


def test_the_tie_is_how_often_a_tie_happens_as_in_equilab() -> None:
    """Aces against aces: Equilab shows win 2.17%, tie 95.65% for each (PokerStove's tie column, the pot share
    from ties, shows 47.83%: split_share). Counted board by board."""
    result = equity(['As Ah', 'Ad Ac'])
    (win, tie, split), other = plain_preflop(['As Ah', 'Ad Ac'])
    assert other == (win, tie, split) and round(win * 1_712_304) == 37_210 and round(tie * 1_712_304) == 1_637_884
    for entry in result:
        assert (entry.win, entry.tie, entry.split_share) == pytest.approx((win, tie, split), abs=1e-12)
        assert (round(100 * entry.win, 2), round(100 * entry.tie, 2), round(100 * entry.equity, 2)) == (2.17, 95.65, 50)
    sampled = equity(['As Ah', 'Ad Ac'], method='sampled', samples=40_000, seed=3)
    assert all(abs(entry.tie - tie) < 4 * entry.tie_stderr and 0 < entry.tie_stderr < 0.002 for entry in sampled)
    assert result[0].as_dict()['tie'] == result[0].tie and result[0].as_dict()['split_share'] == result[0].split_share


def test_three_hands_preflop_count_every_board() -> None:
    result = equity(['Ah Kh', 'Qc Qd', 'Js Ts'])
    assert result.exact and result.deals == 1_370_754 == math.comb(46, 5)
    assert sum(p.equity for p in result) == pytest.approx(1.0, abs=1e-12)


# --------------------------------------------------------------------------------------------- sampling
@pytest.mark.parametrize('players, board', [
    (['AA:1, KK:0.5', 'KK, QQ:0.3, AKs:0.7', 'QQ+, AK'], 'Kh 7c 2d'),        # heavy overlap, weighted
    (['AhAs:100, KK:0.01', 'AA, KK:0.2', 'Ac Kc'], '2d 7h 9s 3c'),           # almost all weight blocked
    (['AKs:1, AKo:0.1', '55:3, 22-44, A5s-A2s', 'QQ-TT:0.4, AQs'], 'Ad Kd 5c'),
])
def test_sampling_is_unbiased_under_weights(players: list[str], board: str) -> None:
    exact = equity(players, board, method='exact')
    sampled = equity(players, board, method='sampled', samples=200_000, seed=7)
    assert sampled.method == 'sampled' and not sampled.exact and sampled.deals == 200_000
    for truth, estimate in zip(exact, sampled):
        assert estimate.stderr < 0.01 and (estimate.stderr > 0 or truth.equity in (0.0, 1.0))
        assert abs(estimate.equity - truth.equity) <= 4 * estimate.stderr + 1e-12


def test_eval7_style_bias_is_absent() -> None:
    """A hand against a weighted range that shares its cards: naive weighted sampling ignores that the
    hand blocks some weighted holdings; we must agree with the exact answer."""
    players = ['Ah Kh', 'AA:10, KK:10, QQ:0.1, AKs:5']
    exact = equity(players, 'Ks 7d 2c', method='exact')
    sampled = equity(players, 'Ks 7d 2c', method='sampled', target_error=0.002, seed=3)
    assert abs(sampled[0].equity - exact[0].equity) < 4 * sampled[0].stderr
    assert sampled[0].stderr <= 0.002


def test_papp_multiway_comparison() -> None:
    """AcKd on QcQsJd7h3d against three random hands: hs_n (0.1355) overstates the true share."""
    stats = Player('Ac Kd', 'Qc Qs Jd 7h 3d').calculate_hand_statistics(opponents=3)
    assert stats.hs_n == pytest.approx(0.1355, abs=5e-5)
    result = equity(['Ac Kd', 'random', 'random', 'random'], 'Qc Qs Jd 7h 3d', target_error=0.0005, seed=11)
    ours = result[0]
    assert ours.stderr <= 0.0005 and not result.exact
    assert abs(ours.win - 0.1198) < 4 * ours.stderr + 0.0005  # outright wins: the "about 0.119"
    assert abs(ours.equity - 0.1231) < 4 * ours.stderr + 0.0005  # with split pots
    assert ours.equity < stats.hs_n - 0.01
    # an independent plain simulation: shuffle the unseen cards, deal three hands
    rng = np.random.default_rng(0)
    known = [c.index for c in parse_cards('Ac Kd Qc Qs Jd 7h 3d')]
    rest = np.array([c for c in range(52) if c not in known])
    deals = rng.permuted(np.tile(rest, (100_000, 1)), axis=1)[:, :6]
    board = np.tile(known[2:], (len(deals), 1))
    values = np.array([HandRanker.rank_many(np.column_stack([board, np.tile(known[:2], (len(deals), 1))]))]
                      + [HandRanker.rank_many(np.column_stack([board, deals[:, 2 * i:2 * i + 2]])) for i in range(3)])
    best = values.max(axis=0)
    share = (values[0] == best) / (values == best).sum(axis=0)
    assert abs(share.mean() - ours.equity) < 4 * math.hypot(share.std() / math.sqrt(len(share)), ours.stderr)
    assert Player('Ac Kd', 'Qc Qs Jd 7h 3d').showdown_equity(3, seed=11, target_error=0.0005)[0].equity == pytest.approx(
        ours.equity, abs=1e-12)


def test_seeded_sampling_repeats_and_stops_at_the_target() -> None:
    players = ['QQ+, AKs', 'JJ-99, AQs', 'random']
    reports: list[tuple[int, int]] = []
    first = equity(players, method='sampled', target_error=0.003, seed=5, progress=lambda *report: reports.append(report))
    assert reports[-1] == (first.deals, first.deals) and all(done <= total for done, total in reports)
    again = equity(players, method='sampled', target_error=0.003, seed=5)
    other = equity(players, method='sampled', target_error=0.003, seed=6)
    assert [p.equity for p in first] == [p.equity for p in again] and first.deals == again.deals
    assert [p.equity for p in first] != [p.equity for p in other]
    assert max(p.stderr for p in first) <= 0.003


@pytest.mark.parametrize('make', [lambda: ThreadPoolExecutor(2), lambda: ProcessPoolExecutor(2)])
def test_executor_gives_the_same_result(make: object) -> None:
    players = ['QQ+, AKs', 'JJ-99:0.5, AQs', 'random']
    alone = equity(players, 'Kh 7c 2d', method='sampled', samples=150_000, seed=9)
    with make() as executor:  # type: ignore[operator]
        spread = equity(players, 'Kh 7c 2d', method='sampled', samples=150_000, seed=9, executor=executor)
        exact_spread = equity(['AhKh', 'QQ', 'JTs'], 'Qh 7h 2c', executor=executor)
        aimed = equity(players, 'Kh 7c 2d', method='sampled', target_error=0.0007, seed=9, executor=executor)
    assert [(p.win, p.tie, p.split_share, p.stderr, p.tie_stderr) for p in spread] == \
        [(p.win, p.tie, p.split_share, p.stderr, p.tie_stderr) for p in alone]
    alone_aimed = equity(players, 'Kh 7c 2d', method='sampled', target_error=0.0007, seed=9)
    assert aimed.deals > 2 * 65536 and [p.equity for p in aimed] == [p.equity for p in alone_aimed]
    assert [(p.win, p.tie, p.split_share) for p in exact_spread] == \
        [(p.win, p.tie, p.split_share) for p in equity(['AhKh', 'QQ', 'JTs'], 'Qh 7h 2c')]


class CountingRanker(HandRanker):
    rows = 0

    @classmethod
    def rank_many(cls, indices, *, validate=True):  # type: ignore[no-untyped-def]
        cls.rows += len(indices)
        return super().rank_many(indices, validate=validate)


class ReversedRanker(HandRanker):
    @classmethod
    def rank_many(cls, indices, *, validate=True):  # type: ignore[no-untyped-def]
        return (7463 - super().rank_many(indices, validate=validate)).astype(np.int16)


def test_every_hand_is_ranked_through_the_ranker() -> None:
    CountingRanker.rows = 0
    result = equity(['Ah Kh', 'Qc Qd', 'Js Ts'], 'Qh 7h 2c 9s', ranker=CountingRanker)
    assert CountingRanker.rows == 3 * 42 and result.deals == 42  # 52 - 4 board - 6 hole cards
    CountingRanker.rows = 0
    equity(['Ah Kh', 'random'], 'Qh 7h 2c 9s', method='sampled', samples=1000, seed=1, ranker=CountingRanker)
    assert CountingRanker.rows == 2 * 1000
    normal, reversed_ = equity(['Ah Kh', 'Qc Qd'], 'Qh 7h 2c'), equity(['Ah Kh', 'Qc Qd'], 'Qh 7h 2c',
                                                                          ranker=ReversedRanker)
    assert reversed_[0].win == pytest.approx(normal[1].win) and reversed_[1].win == pytest.approx(normal[0].win)


def test_result_objects() -> None:
    result = equity(['Ah As', 'Kc Kd'], 'Kh 7c 2d')
    assert isinstance(result[0], PlayerEquity) and result[0].player == 'AhAs' and len(result) == 2
    assert result.board == tuple(parse_cards('Kh 7c 2d')) and result.deals == 990 and result.seconds >= 0
    data = result.as_dict()
    assert data['method'] == result.method == 'exact' and data['exact'] is True and result.exact
    assert data['players'][1]['player'] == 'KcKd'
    with pytest.raises(AttributeError):
        result.method = 'sampled'  # type: ignore[misc]
    assert equity(['AhAs', 'random'], 'Kh 7c 2d 3s 4s').players[1].player == 'random'


# ------------------------------------------------------------------------------------------- validation
@pytest.mark.parametrize('players, kwargs, error, quoted', [
    (['Ah Kh'], {}, OpponentCountError, "['Ah Kh']"),
    (['random'] * 11, {}, OpponentCountError, '11'),
    ('Ah Kh', {}, OpponentCountError, "'Ah Kh'"),
    (['Ah Kh', 'Ah Qd'], {}, DuplicateCardError, "'Ah'"),
    (['Ah Kh', 'QQ'], {'board': 'Ah 7c 2d'}, DuplicateCardError, 'the board'),
    (['Ah Kh', 'QQ'], {'board': 'Qs 7c'}, CardCountError, "'Qs 7c'"),
    (['Ah Kh Qh', 'QQ'], {}, RangeParseError, 'Ah Kh Qh'),  # neither a range nor a hand: refused as everywhere
    (['Ah Kh', 'QQ++'], {}, PokerError, 'QQ++'),
    (['Ah Kh', 'Qc Qd'], {'dead': 'Zz'}, PokerError, 'Zz'),
    (['Ah Kh', 'AA'], {'dead': 'As Ad Ac'}, WeightsError, 'AA'),
    (['AA', 'AA', 'AA'], {}, WeightsError, 'no deal'),
    (['Ah Kh', ''], {}, WeightsError, 'player 2'),
    (['Ah Kh', [float('nan')] * 1326], {}, WeightsError, 'nan'),
    (['Ah Kh', {'AA': 0}], {}, WeightsError, 'player 2'),  # (None is every holding, as for every taker)
    (['Ah Kh', 'QQ'], {'samples': 0}, SettingError, '0'),
    (['Ah Kh', 'QQ'], {'samples': 1.5}, SettingError, '1.5'),
    (['Ah Kh', 'QQ'], {'target_error': float('inf')}, SettingError, 'inf'),
    (['Ah Kh', 'QQ'], {'target_error': -1}, SettingError, '-1'),
    (['Ah Kh', 'QQ'], {'method': 'yes'}, SettingError, "method must be 'auto', 'exact' or 'sampled', got 'yes'"),
    (['Ah Kh', 'QQ'], {'method': True}, SettingError, 'got True'),
    (['Ah Kh', 'QQ'], {'method': 'exact', 'samples': 100}, SettingError, '100'),
    (['Ah Kh', 'QQ'], {'seed': -3}, SettingError, '-3'),
    (['Ah Kh', 'QQ'], {'seed': 'x'}, SettingError, "'x'"),
    (['Ah Kh', 'QQ'], {'executor': 4}, SettingError, '4'),
    (['random'] * 3, {'method': 'exact'}, SettingError, 'too many'),
])
def test_bad_arguments(players: object, kwargs: dict[str, object], error: type[Exception], quoted: str) -> None:
    with pytest.raises(error) as raised:
        equity(players, **kwargs)  # type: ignore[arg-type]
    message = str(raised.value)
    assert quoted in message and '\n' not in message


def test_samples_have_a_documented_cap() -> None:
    # 10**12 samples (days of work) were taken; SAMPLES_LIMIT is about an hour's
    with hang_guard(20), pytest.raises(SettingError, match=f'samples must be a whole number from 2 to {SAMPLES_LIMIT}'):
        equity(['Ah Kh', 'QQ'], samples=SAMPLES_LIMIT + 1)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(players=st.lists(st.one_of(st.text(max_size=8), st.sampled_from(['random', 'AhKh', 'QQ+', 'AKs:0.5', 'Ah'])),
                        max_size=12),
       board=st.text(max_size=12), samples=st.one_of(st.none(), st.integers(-5, 50), st.floats(allow_nan=True), st.booleans()),
       target_error=st.one_of(st.none(), st.floats(allow_nan=True, allow_infinity=True)),
       seed=st.one_of(st.none(), st.integers(-2, 2 ** 130)))
def test_fuzzed_arguments_fail_cleanly(players: list[str], board: str, samples: object, target_error: object,
                                       seed: object) -> None:
    try:  # sampling with at most 50 deals per example, whatever the fuzzed limits say
        result = equity(players, board, samples=samples if samples is not None else 50,  # type: ignore[arg-type]
                        target_error=target_error, seed=seed, method='sampled')  # type: ignore[arg-type]
    except PokerError as error:
        assert '\n' not in str(error)
        return
    for entry in result:
        assert all(math.isfinite(x) for x in (entry.win, entry.tie, entry.split_share, entry.stderr, entry.tie_stderr)) and 0 <= entry.equity <= 1 + 1e-12
