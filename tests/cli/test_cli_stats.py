"""``poker stats``: the readable table, the JSON, and one line on stderr with exit 2 for bad input."""

from __future__ import annotations

import json

import pytest

from poker import Player, Range

from poker.cli import COMMANDS, main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def test_registered() -> None:
    assert 'stats' in COMMANDS


def test_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, 'stats', 'AhQh', '--board', '3h 4s Jh')
    assert status == 0 and err == ''
    assert 'AhQh on 3h 4s Jh (flop)' in out
    assert '0.5851' in out and '628 ahead, 9 tied, 444 behind of 1,081 holdings' in out
    assert '0.5042' in out and '0.1451' in out
    assert '221,903' in out and 'after the turn and river' in out


def test_cards_may_be_split_and_river_has_no_transitions(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, 'stats', 'Ah', 'Qh', '--board', '3h', '4s', 'Jh', '2c', '9d')
    assert status == 0 and '(river)' in out and 'No look-ahead' in out and 'Transitions' not in out


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, 'stats', 'AhQh', '-b', '3h4sJh', '--opponents', '5', '--lookahead', '1',
                         '--json')
    data = json.loads(out)
    assert status == 0
    assert data['street'] == 'flop' and data['hole'] == ['Ah', 'Qh']
    assert data['hs'] == 0.5851063829787234 and data['hs_n'] == 0.06857632055948792
    assert data['ppot'] == 0.30112721417069244 and data['npot'] == 0.0993939393939394
    assert data['transitions'][2] == [6037, 0, 13943]
    assert data['ehs'] == pytest.approx(data['hs_n'] + (1 - data['hs_n']) * data['ppot']
                                        - data['hs_n'] * data['npot'])


@pytest.mark.parametrize('argv, message', [
    (('stats', 'AhQx', '--board', '3h 4s Jh'), "'Qx'"),
    (('stats', 'AhQh', '--board', '3h 4s'), 'a board has 0, 3, 4 or 5 cards'),
    (('stats', 'AhQh', '--board', '3h 4s Ah'), "'Ah'"),
    (('stats', 'AhQh', '--board', '3h 4s Jh', '--opponents', '0'), 'opponents'),
    (('stats', 'AhQh', '--board', '3h 4s Jh 2c', '--lookahead', '2'), 'lookahead on the turn'),
    (('stats', 'AhQh', '--board', '3h 4s Jh', '--opponents', 'many'), "'many'"),
    (('stats', 'AhQh', '--lookahead', '1'), 'lookahead before the flop'),
    (('stats', 'AhQh', '--board', '3h 4s Jh', '--range', 'QQ++'), "'QQ++'"),
    (('stats', 'AKs'), "'AKs' is a range, not two hole cards: give it with --hero-range"),
    (('stats', 'QQ+', 'AKs'), "'QQ+ AKs' is a range"),
    (('stats', 'AhKh', '--board', 'Jh Ts Xx'), "invalid card 'Xx'"),
])
def test_bad_input(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ''
    assert err.count('\n') == 1 and message in err and 'Traceback' not in err


def test_preflop_and_range(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, 'stats', 'AsAd', '--opponents', '4', '--json')
    data = json.loads(out)
    assert status == 0 and err == ''
    assert data['street'] == 'preflop' and data['income_rate'] == 2043 and data['exact'] is True
    assert data['hs'] == pytest.approx((1_781_508_418 + 11_402_312 / 2) / 2_097_572_400, abs=1e-15)
    status, out, err = run(capsys, 'stats', 'AhQh', '--board', '3h 4s Jh', '--range', 'TT+, AJs+, KQs, AKo', '--json')
    data = json.loads(out)
    expected = Player('AhQh', '3h 4s Jh').calculate_hand_statistics(weights=Range.parse('TT+, AJs+, KQs, AKo'))
    library = json.loads(json.dumps(expected.to_dict()))
    assert status == 0 and data == {'street': 'flop', **{k: v for k, v in library.items()
                                                         if k not in ('ahead', 'tied', 'behind')},
                                    'outcomes_of': 'weighted opponent holdings now',
                                    **{f'share_{k}': library[k] / expected.total for k in ('ahead', 'tied', 'behind')},
                                    **{f'weighted_{k}': library[k] for k in ('ahead', 'tied', 'behind')}}


OUTCOME_KEYS = {'outcomes_of', 'share_ahead', 'share_tied', 'share_behind', 'weighted_ahead', 'weighted_tied',
                'weighted_behind'}


@pytest.mark.parametrize('board', ['', '3h 4s Jh', '3h 4s Jh 2c', '3h 4s Jh 2c 9d'])
def test_json_gives_shares_and_weighted_counts_on_every_street(capsys: pytest.CaptureFixture[str],
                                                               board: str) -> None:
    status, out, _ = run(capsys, 'stats', 'AhQh', '-b', board, '--json')
    data = json.loads(out)
    assert status == 0 and OUTCOME_KEYS <= set(data) and not {'ahead', 'tied', 'behind'} & set(data)
    shares = [data[f'share_{k}'] for k in ('ahead', 'tied', 'behind')]
    counts = [data[f'weighted_{k}'] for k in ('ahead', 'tied', 'behind')]
    assert sum(shares) == pytest.approx(1) and all(0 <= x <= 1 for x in shares)
    assert [c / sum(counts) for c in counts] == pytest.approx(shares)
    assert data['outcomes_of'] == ('weighted opponent holdings now' if board else 'weighted showdowns over every board')


def test_preflop_counts_are_the_exact_showdowns(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, 'stats', 'AsAd', '--json')
    data = json.loads(out)
    assert [data['weighted_ahead'], data['weighted_tied'], data['weighted_behind']] == [  # the counts
        1_781_508_418, 11_402_312, 304_661_670]
    assert data['share_ahead'] == pytest.approx(1_781_508_418 / 2_097_572_400, abs=1e-15)


def test_text_says_which_it_shows(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, 'stats', 'AsAd')
    assert 'shares of showdowns: 84.93% ahead, 0.54% tied, 14.52% behind' in out
    _, out, _ = run(capsys, 'stats', 'AhQh', '-b', '3h 4s Jh')
    assert 'weighted holdings now: 628 ahead, 9 tied, 444 behind of 1,081 holdings' in out
