"""The advice commands: ``poker kelly`` driven by scripted input, and ``poker advise``.

The :class:`KellyAdvisor` state-machine tests give it their own statistics. The tests that run the commands
end to end compute statistics with :class:`poker.stats.player.Player` (and :class:`poker.ranges.range.Range`), imported
inside each test.
"""

from __future__ import annotations

import io
import json
import re

import numpy as np
import pytest

from poker import advise, kelly_bet, parse_cards
from poker.cards.card import Card
from poker.cli import main
from poker.cli.kelly_command import KellyAdvisor
from poker.errors import WeightsError
from poker.strategy.kelly import showdown_probabilities
from poker.stats.hand_statistics import HandStatistics

import installed
from patience import GUARD

Cards = tuple[Card, ...]

# ------------------------------------------------------------------------------------- helpers
# Per street (board size): chances against one opponent, as the injected statistics.
STREET_STATS = {
    0: HandStatistics.from_counts(64, 2, 34),
    3: HandStatistics.from_counts(75, 1, 24),
    4: HandStatistics.from_counts(90, 0, 10),
    5: HandStatistics.from_counts(97, 1, 2),
}

# A whole hand, one answer per prompt.
HAND = [
    '5000', '100',              # bankroll, retained pot
    '3',                        # opponents
    'Ah Kh',                    # hole cards
    '50', 'f 50 100',           # pre-flop: you bet 50; opponent 1 folds, 2 calls, 3 raises to 100: pot 300
    '50', '50 0',               # you call; opponent 2 calls, 3 has put in enough: the betting closes, pot 400
    'Qh Jh 2c',
    '0', '0 0',                 # checked round: pot 400
    'Th',
    '100', 'f 100',             # opponent 2 folds, 3 calls: pot 600
    '3d',
    '0', '0',                   # pot 600
]
TURNS = [  # (board size, bankroll, retained pot, opponents) at each turn to act in HAND
    (0, 5000, 100, 3), (0, 4950, 300, 2), (3, 4900, 400, 2), (4, 4900, 400, 2), (5, 4800, 600, 1)]


class Script:
    """``read_line`` for the advisor: answers in order, the prompts recorded, EOFError at the end."""

    def __init__(self, answers: list[str], *, interrupt: bool = False) -> None:
        self.answers = list(answers)
        self.prompts: list[str] = []
        self.interrupt = interrupt

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.answers:
            raise KeyboardInterrupt if self.interrupt else EOFError
        return self.answers.pop(0)


class Recorder:
    """Statistics by board size, with the calls recorded."""

    def __init__(self, fail_first: bool = False) -> None:
        self.calls: list[tuple[Cards, Cards]] = []
        self.ranges: list[tuple[np.ndarray, ...]] = []
        self.fail_first = fail_first

    def __call__(self, hole: Cards, board: Cards, ranges: tuple[np.ndarray, ...]) -> HandStatistics:
        self.calls.append((hole, board))
        self.ranges.append(ranges)
        if self.fail_first and len(self.calls) == 1:
            raise WeightsError('no opponent holding is left with weight')
        return STREET_STATS[len(board)]


def session(answers: list[str], **kwargs: object) -> tuple[int, str, str, Script, Recorder]:
    script, recorder = Script(answers, **kwargs), Recorder()  # type: ignore[arg-type]
    out, err = io.StringIO(), io.StringIO()
    code = KellyAdvisor(script, out=out, err=err, statistics=recorder).run()
    return code, out.getvalue(), err.getvalue(), script, recorder


def lines_starting(text: str, start: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(start)]


def kelly_bets(text: str) -> list[int]:
    """The Kelly bet of each suggestion in a session's output."""
    return [int(number) for number in re.findall(r'\(Kelly bet (\d+):', text)]


# ------------------------------------------------------------------------------------- the state machine
def test_whole_hand_suggestions_and_pots() -> None:
    code, out, err, script, recorder = session(HAND)
    assert code == 0 and err == ''
    expected = [kelly_bet(STREET_STATS[board], bankroll, retained_pot=pot, opponents=n)
                for board, bankroll, pot, n in TURNS]
    assert kelly_bets(out) == expected
    assert len(lines_starting(out, 'You should ')) == len(expected)
    assert lines_starting(out, 'Pot: ') == ['Pot: 400', 'Pot: 400', 'Pot: 600', 'Pot: 600']
    assert out.splitlines()[-1] == 'Hand over. Pot: 600; your bankroll before it is paid: 4800'
    assert [street for street in lines_starting(out, '== ')] == [
        '== Pre-flop ==', '== Flop ==', '== Turn ==', '== River ==']
    hole = tuple(parse_cards('Ah Kh'))
    # the chances again after the call and the raise before the flop, then once a street
    assert recorder.calls == [(hole, ()), (hole, ()), (hole, tuple(parse_cards('Qh Jh 2c'))),
                              (hole, tuple(parse_cards('Qh Jh 2c Th'))), (hole, tuple(parse_cards('Qh Jh 2c Th 3d')))]
    assert [len(ranges) for ranges in recorder.ranges] == [3, 2, 2, 2, 1]
    assert script.answers == []  # every answer was used
    assert not any('still in' in prompt for prompt in script.prompts)  # who is in is never asked: it is known


def test_suggestions_move_with_opponents_and_pot() -> None:
    code, out, *_ = session(HAND)
    bets = kelly_bets(out)
    # Same hand before the flop: 3 opponents and pot 100, then 2 and pot 300 - fewer opponents, more bet.
    assert bets[1] > bets[0]
    win_line = lines_starting(out, 'Against 3 opponents: ')[0]
    assert 'win 0.2621' in win_line  # 0.64 ** 3
    assert 'split 0.0200' in win_line


BAD_ANSWERS = {  # position in HAND -> (bad answer, part of the reason) given first, each asked again
    0: [('abc', "the bankroll must be a whole number of at least 1 and at most 1000000000000, got 'abc'"),
        ('0', "got '0'"), ('9' * 5000, "got '9999"), ('9' * 400, 'at most 1000000000000'),
        ('1_000', "got '1_000'"), ('\ufffd', "got '\ufffd'"),
        ('-5', "got '-5'"), ('12.5', "got '12.5'"), ('', "got ''"), ('\u00b2', "got '\u00b2'"),
        ('\u0661\u0660', "got '\u0661\u0660'")],
    1: [('x', "the retained pot must be a whole number of at least 0 and at most 1000000000000, got 'x'")],
    2: [('0', "the number of opponents must be a whole number of at least 1 and at most 1000000, got '0'"),
        ('23', "at most 22 opponents, got '23'"), ('three', "got 'three'")],
    3: [('Ah', "need 2 hole cards, got 1 in 'Ah'"), ('Ah Ah', "duplicate card 'Ah' in 'Ah Ah'"),
        ('Ah Kh Qd', 'got 3'), ('Zz Kh', "invalid card 'Zz'")],
    4: [('5001', 'your bet 5001 is more than your bankroll 5000'), ('all', "got 'all'")],
    5: [('f 50', "need 3 amounts (one per opponent), got 'f 50'"), ('f 50 100 50', 'need 3 amounts'),
        ('f -1 100', "a bet must be a whole number of at least 0 and at most 1000000000000, got '-1'"),
        ('f 20 100', "opponent 2 must put in at least 50 to stay in (f folds), got '20'"),
        ('f 100 50', "opponent 3 must put in at least 100 to stay in (f folds), got '50'")],
    6: [('20', "to stay in put in at least the 50 to call (or all you have), or f to fold; got '20'")],
    7: [('50', 'need 2 amounts'), ('0 0', "opponent 2 must put in at least 50 to stay in (f folds), got '0'")],
    8: [('Qh Jh', "need 3 cards for the flop, got 2 in 'Qh Jh'"), ('Qh Jh Ah', 'Ah is already dealt (Ah Kh)'),
        ('Kh Jh 2c Td', 'got 4')],
    11: [('Qh', 'Qh is already dealt (Ah Kh Qh Jh 2c)'), ('Th Tc', "need 1 card for the turn, got 2 in 'Th Tc'")],
}


def test_bad_input_is_asked_again_with_a_reason() -> None:
    clean_code, clean_out, _, clean_script, _ = session(HAND)
    answers: list[str] = []
    for position, answer in enumerate(HAND):
        answers += [bad for bad, _ in BAD_ANSWERS.get(position, [])]
        answers.append(answer)
    code, out, err, script, _ = session(answers)
    assert code == clean_code == 0
    assert out == clean_out  # the same hand, whatever was mistyped on the way
    complaints = err.splitlines()
    reasons = [reason for position in sorted(BAD_ANSWERS) for _, reason in BAD_ANSWERS[position]]
    assert len(complaints) == len(reasons)
    for line, reason in zip(complaints, reasons):
        assert reason in line and line.endswith('; try again')
    # every bad answer was followed by the same prompt again
    index = 0
    for position in range(len(HAND)):
        for _ in BAD_ANSWERS.get(position, []):
            assert script.prompts[index + 1] == script.prompts[index]
            index += 1
        index += 1
    assert len(script.prompts) == len(clean_script.prompts) + len(complaints)


def test_specific_reasons() -> None:
    *_, err, _, _ = session(['5000', '0', '1', 'Ah Kh', '6000', '10', '3 4', '10', 'Ah Qd 2c'])
    assert 'your bet 6000 is more than your bankroll 5000' in err
    assert "need 1 amount (one per opponent), got '3 4'" in err
    assert 'Ah is already dealt (Ah Kh)' in err


@pytest.mark.parametrize('stop', range(len(HAND)))
def test_end_of_input_anywhere_ends_cleanly(stop: int) -> None:
    code, out, err, script, _ = session(HAND[:stop])
    assert code == 0 and err == ''
    assert out.splitlines()[-1] == 'Bye.'
    assert len(script.prompts) == stop + 1  # the prompt that met the end of input was the last


def test_ctrl_c_ends_without_a_traceback() -> None:
    code, out, err, *_ = session(HAND[:4], interrupt=True)
    assert code == 130 and err == ''


def test_fold_ends_the_hand() -> None:
    code, out, err, script, recorder = session(['5000', '0', '2', 'Ah Kh', 'f', 'Qh Jh 2c'])
    assert code == 0 and err == ''
    assert out.splitlines()[-1] == 'You folded. Pot: 0; your bankroll: 5000'
    assert script.answers == ['Qh Jh 2c'] and len(recorder.calls) == 1


def test_all_in_leaves_nothing_to_suggest() -> None:
    code, out, *_ = session(['100', '0', '1', 'Ah Kh', '100', '100', 'Qh Jh 2c'])
    assert lines_starting(out, 'Pot: ') == ['Pot: 200']  # all in: the round is over once they answer
    assert lines_starting(out, 'You should ')[-1].startswith('You should check  (Kelly bet 0:')


def test_statistics_error_asks_for_the_cards_again() -> None:
    script, recorder = Script(['5000', '0', '1', 'Ah Kh', 'Ah Kh', '0', '0']), Recorder(fail_first=True)
    out, err = io.StringIO(), io.StringIO()
    assert KellyAdvisor(script, out=out, err=err, statistics=recorder).run() == 0
    assert err.getvalue() == '  no opponent holding is left with weight; try again\n'
    assert script.prompts.count('Hole cards: ') == 2 and 'Pot: 0' in out.getvalue()


# ------------------------------------------------------------------------------------- end to end (Player)
def run_main(argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
             stdin: str = '') -> tuple[int, str, str]:
    monkeypatch.setattr('sys.stdin', io.StringIO(stdin))
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_kelly_command_whole_hand(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from poker import OpponentModel
    from poker.stats.player import Player
    script = '\n'.join(['10000', '0', '1', 'As Ad', '500', '500', 'Kd 7c 2h', '0', '0',
                        '9s', '0', '0', 'Ac', '1000', '1000']) + '\n'
    code, out, err = run_main(['kelly'], capsys, monkeypatch, script)
    assert code == 0 and err == ''
    bets = kelly_bets(out)
    assert bets[0] == 7079  # AA heads-up before the flop: the x = 0.7079225 of 10,000
    aces = tuple(parse_cards('As Ad'))
    flop = tuple(parse_cards('Kd 7c 2h'))
    called = OpponentModel().reweight('call').weights  # his call before the flop re-weights his range
    stats = Player(aces, flop).calculate_hand_statistics(opponents=1, lookahead=2, weights=called)
    assert bets[1] == kelly_bet(stats, 9500, retained_pot=1000, opponents=1)
    assert [line.split('Pot: ')[-1] for line in out.splitlines() if 'Pot: ' in line and 'Hand over' not in line] \
        == ['1000', '1000', '1000', '3000']
    assert 'Hand over. Pot: 3000; your bankroll before it is paid: 8500' in out


def test_kelly_command_ends_on_eof(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:

    code, out, err = run_main(['kelly'], capsys, monkeypatch, '5000\n0\n1\nQs Qd\n')
    assert code == 0 and err == '' and out.rstrip().endswith('Bye.')


def test_advise_json_matches_the_library(capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from poker.stats.player import Player
    argv = ['advise', 'Ah Kh', '--board', 'Qh Jh 2c', '--pot', '20', '--to-call', '4', '--bet-size', '4',
            '--opponents', '2', '--bankroll', '1000', '--json']
    code, out, err = run_main(argv, capsys, monkeypatch)
    assert code == 0 and err == ''
    data = json.loads(out)
    stats = Player(tuple(parse_cards('Ah Kh')), tuple(parse_cards('Qh Jh 2c'))).calculate_hand_statistics(opponents=2)
    expected = advise(stats, pot=20, to_call=4, bet_size=4)
    assert data['advice'] == expected.to_dict()
    assert data['statistics']['ehs_prime'] == pytest.approx(stats.ehs_prime)
    assert data['kelly']['bet'] == kelly_bet(stats, 1000, retained_pot=20, opponents=2)
    assert data['situation']['pot_odds'] == pytest.approx(4 / 24)
    assert data['hole'] == ['Ah', 'Kh'] and data['board'] == ['Qh', 'Jh', '2c']


def test_advise_on_the_flop_weighs_the_next_card_for_pot_odds(capsys: pytest.CaptureFixture[str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from poker.stats.player import Player
    argv = ['advise', '8h 7h', '--board', 'Kh 4h 2c', '--pot', '4', '--to-call', '2', '--bet-size', '2',
            '--opponents', '2']
    code, out, err = run_main([*argv, '--json'], capsys, monkeypatch)
    data = json.loads(out)
    one_card = Player('8h 7h', 'Kh 4h 2c').calculate_hand_statistics(opponents=2, lookahead=1)
    assert code == 0 and data['statistics']['next_card_ppot'] == one_card.ppot
    assert data['statistics']['lookahead'] == 2 and data['advice']['action'] == 'fold'
    code, out, err = run_main(argv, capsys, monkeypatch)
    assert code == 0 and 'PPOT 0.4723 (next card 0.2822)' in out and 'next-card PPOT 0.282 < pot odds' in out


def test_advise_put_in_before_the_flop(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ['advise', 'Kh 9d', '--pot', '13', '--to-call', '4', '--bet-size', '2', '--bets', '3', '-n', '3',
            '--tightness', 'moderate', '--json']
    folded = json.loads(run_main(argv, capsys, monkeypatch)[1])
    called = json.loads(run_main([*argv, '--put-in'], capsys, monkeypatch)[1])
    assert (folded['advice']['action'], called['advice']['action']) == ('fold', 'call')      # Make1's exception
    assert called['situation']['put_in_this_round'] is True and called['situation']['called_this_round'] is False


def test_advise_text_aces_preflop(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run_main(['advise', 'AsAd', '--pot', '0', '--to-call', '0', '--bet-size', '2',
                               '--bankroll', '10000'], capsys, monkeypatch)
    assert code == 0 and err == ''
    # AA heads-up: Papp's pre-flop strategy, IR2 704: Make4; Kelly 7,079 of 10,000
    # (to call 0 with the big blind a bet: the big blind's option; a raise to 4 puts in 2 more)
    assert ("Loki: RAISE to 4 (puts in 2: 0 to call, 2 more)  (Make4 (IR 704 in the 2 players table, loose, "
            "position 0): Make4: raise 2)") in out
    assert 'Kelly: bet 7079 of 10000' in out


def test_advise_before_the_flop_plays_the_preflop_strategy_for_the_players_in(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """With no board Papp's pre-flop strategy decides, without --players, --position or --tightness: -n gives
    the players, and the header and the reason name the same number."""
    argv = ['advise', '--pot', '3', '--to-call', '2', '--bet-size', '2']
    code, out, err = run_main([*argv, 'AhKh'], capsys, monkeypatch)
    assert code == 0 and err == '' and out.splitlines()[0] == \
        "Ah Kh before the flop against 1 opponent (Papp's pre-flop strategy for 2 players)"
    assert ('Loki: RAISE to 4 (puts in 4: 2 to call, 2 more)  (Make2 (IR 339 in the 2 players table, loose, '
            'position 0): Make2: 0 raises so far') in out
    code, out, err = run_main([*argv, '7h2c', '-n', '3'], capsys, monkeypatch)
    assert code == 0 and out.splitlines()[0].endswith("against 3 opponents (Papp's pre-flop strategy for 4 players)")
    assert 'Loki: FOLD  (Make0 (IR -432 in the 3-4 players table, loose, position 0): Make0: fold)' in out
    data = json.loads(run_main([*argv, 'AhKh', '-n', '3', '--players', '3.8', '--json'], capsys, monkeypatch)[1])
    assert data['statistics']['opponents'] == 3 and data['advice']['reason'].startswith(
        'Make4 (IR 655 in the 3-4 players table')
    code, out, err = run_main([*argv, 'AhKh', '--players', '4'], capsys, monkeypatch)
    assert code == 2 and out == '' and err.count('\n') == 1 and \
        '--players 4 expects more players than 1 opponent and you: give -n 3' in err


def test_advise_with_range(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from poker.stats.player import Player
    from poker.ranges.range import Range
    argv = ['advise', '9c9d', '--board', 'Ks 7h 2d', '--pot', '10', '--to-call', '2', '--bet-size', '2', '--json']
    plain = json.loads(run_main(argv, capsys, monkeypatch)[1])
    ranged = json.loads(run_main([*argv, '--range', 'TT+,AKs'], capsys, monkeypatch)[1])
    hole, board = tuple(parse_cards('9c9d')), tuple(parse_cards('Ks 7h 2d'))
    stats = Player(hole, board).calculate_hand_statistics(weights=Range.parse('TT+,AKs').weights)
    assert ranged['statistics']['hs'] == pytest.approx(stats.hs)
    assert ranged['statistics']['hs'] < plain['statistics']['hs']  # nines are behind most of that range


@pytest.mark.parametrize(('argv', 'message'), [
    (['advise', 'AhAh', '--pot', '1', '--to-call', '0', '--bet-size', '1'], "duplicate card 'Ah'"),
    (['advise', 'Ah', '--pot', '1', '--to-call', '0', '--bet-size', '1'], 'need 2 hole cards'),
    (['advise', 'AhKh', '--board', 'Qh Jh', '--pot', '1', '--to-call', '0', '--bet-size', '1'], '0, 3, 4 or 5'),
    (['advise', 'AhKh', '--board', 'Ah Jh 2c', '--pot', '1', '--to-call', '0', '--bet-size', '1'], 'duplicate'),
    (['advise', 'AhKh', '--pot', '-1', '--to-call', '0', '--bet-size', '1'], "got '-1'"),
    (['advise', 'AhKh', '--pot', '1', '--to-call', '0', '--bet-size', '0'],
     "bet size must be a number from 1e-06 to 1e+12, got '0'"),
    (['advise', 'AhKh', '--pot', '1', '--to-call', '0', '--bet-size', '1', '--bets', '-2'], "got '-2'"),
])
def test_advise_bad_input_is_one_line_exit_2(argv: list[str], message: str, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run_main(argv, capsys, monkeypatch)
    assert code == 2 and out == ''
    assert len(err.splitlines()) == 1 and message in err and 'Traceback' not in err


def test_advise_bad_range_is_one_line_exit_2(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:

    code, out, err = run_main(['advise', 'AhKh', '--pot', '1', '--to-call', '0', '--bet-size', '1',
                               '--range', 'QQ++'], capsys, monkeypatch)
    assert code == 2 and len(err.splitlines()) == 1 and 'QQ++' in err


def test_advise_empty_range_is_an_error_not_every_holding(capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run_main(['advise', 'AhKh', '--pot', '1', '--to-call', '0', '--bet-size', '1', '--range', ''],
                              capsys, monkeypatch)
    assert code == 2 and out == '' and err == ("poker advise: error: argument -r/--range: the range '' holds no "
                                               'holding (leave --range out for any hand)\n')


def test_kelly_command_bad_range_is_one_line_exit_2(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:

    code, out, err = run_main(['kelly', '--range', 'AKx'], capsys, monkeypatch)
    assert code == 2 and len(err.splitlines()) == 1 and 'AKx' in err


def test_commands_are_listed() -> None:
    from poker.cli import COMMANDS
    assert {'advise', 'kelly'} <= set(COMMANDS)



# ------------------------------------------------------------------------------------- a hand of poker
def test_every_opponent_folding_ends_the_hand_before_the_flop() -> None:
    code, out, err, script, recorder = session(['5000', '0', '2', 'Ah Kh', '100', 'f F', 'Qh Jh 2c'])
    assert code == 0 and err == ''
    assert out.splitlines()[-1] == ('Every opponent folded: the pot of 100 is yours; '
                                    'your bankroll before it is paid: 4900')
    assert '== Flop ==' not in out and script.answers == ['Qh Jh 2c'] and len(recorder.calls) == 1


def test_a_folded_opponent_stays_out_and_the_betting_closes_by_itself() -> None:
    code, out, err, script, _ = session(['5000', '0', '3', 'Ah Kh', '50', '50 f 50', 'Qh Jh 2c', '0', '0 20',
                                         '20', '20 0', 'Th'])
    assert code == 0 and err == ''
    assert [line.split(':')[0] for line in lines_starting(out, 'Against ')] == [
        'Against 3 opponents', 'Against 2 opponents', 'Against 2 opponents', 'Against 2 opponents']
    assert [prompt for prompt in script.prompts if prompt.startswith("Opponents' bets")] == [
        "Opponents' bets (3 amounts; opponent 1 owes 50, opponent 2 owes 50, opponent 3 owes 50; f folds): ",
        "Opponents' bets (2 amounts; 0 checks, f folds): ",
        "Opponents' bets (2 amounts; opponent 1 owes 20, opponent 3 owes 0; f folds): "]
    # the calls close the pre-flop round; on the flop the one who checked still answers the bet you called
    assert lines_starting(out, 'Pot: ') == ['Pot: 150', 'Pot: 210'] and script.prompts[-1] == 'Your bet (0 checks, f folds): '


def test_the_chances_react_to_a_raise() -> None:
    """An opponent's raise re-weights his range with OpponentModel, as Loki does: the chances are those against
    the re-weighted range, and they fall."""
    from poker import OpponentModel, Player
    out = io.StringIO()
    script = Script(['1000', '0', '1', 'Ah Kd', '0', '0', 'Ks 7d 2c', '100', '400'])
    KellyAdvisor(script, out=out, err=io.StringIO()).run()
    text = out.getvalue()
    raised = OpponentModel().reweight('raise', 'Ks 7d 2c')
    assert f'Opponent 1 raises: range re-weighted to {raised.range.combos:.1f} combinations' in text
    wins = [float(line.split('win ')[1].split(',')[0]) for line in lines_starting(text, 'Against 1 opponent')]
    stats = Player('Ah Kd', 'Ks 7d 2c').calculate_hand_statistics(lookahead=2, weights=raised.weights)
    assert len(wins) == 3 and wins[2] == round(showdown_probabilities(stats)[0], 4) < wins[1] - 0.1
    assert kelly_bets(text)[2] == kelly_bet(stats, 900, retained_pot=500, opponents=1)


def test_facing_a_raise_says_call_raise_or_fold_and_how_much() -> None:
    # pre-flop (win 0.64): a raise of 100 over your 50 is worth a raise; on the flop (0.75) as well
    code, out, err, script, _ = session(['5000', '0', '1', 'Ah Kh', '50', '150'])
    advice = lines_starting(out, 'You should ')
    assert advice[0].startswith('You should bet ')
    kelly = kelly_bets(out)[1]
    expected = kelly_bet(STREET_STATS[0], 4950, retained_pot=200, opponents=1)
    assert kelly == expected > 100
    assert advice[1].startswith(f'You should raise: put in {kelly} (call 100, raise {kelly - 100})')
    assert script.prompts[-1] == 'Your bet (to call: 100; f folds): '


def test_facing_more_than_the_kelly_bet_says_fold() -> None:
    weak = {size: HandStatistics.from_counts(20, 0, 80) for size in (0, 3, 4, 5)}
    out = io.StringIO()
    script = Script(['1000', '0', '1', '7h 2c', '0', '400'])
    KellyAdvisor(script, out=out, err=io.StringIO(), statistics=lambda hole, board, ranges: weak[len(board)]).run()
    assert lines_starting(out.getvalue(), 'You should ')[-1].startswith(
        'You should fold (the Kelly bet is less than the 400 to call)')
    assert script.prompts[-1] == 'Your bet (to call: 400; f folds): '


def test_facing_a_bet_refuses_less_than_the_call() -> None:
    *_, err, script, _ = session(['5000', '0', '1', 'Ah Kh', '50', '150', '20', '100'])
    assert err.splitlines() == ["  to stay in put in at least the 100 to call (or all you have), or f to fold; "
                                "got '20'; try again"]


def test_piped_invalid_utf8_is_asked_again_under_a_strict_locale() -> None:
    import subprocess
    import sys
    env = installed.environment(LC_ALL='C', PYTHONIOENCODING='ascii:strict', PYTHONUTF8='0')
    stdin = b'\xff\xfe5000\n' + b'9' * 5000 + b'\n5000\n0\n1\nQs Qd\n'
    result = subprocess.run([sys.executable, '-m', 'poker', 'kelly'], input=stdin, capture_output=True, env=env,
                            timeout=GUARD)
    err = result.stderr.decode()
    assert result.returncode == 0 and 'Traceback' not in err
    assert len(err.splitlines()) == 2 and all(line.endswith('; try again') for line in err.splitlines())
    assert result.stdout.decode().rstrip().endswith('Bye.')


def test_the_kelly_bet_never_exceeds_the_bankroll(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ['advise', 'AhKh', '--board', 'Qh Jh Th 2c 3d', '--pot', '1', '--to-call', '0', '--bet-size', '1',
            '--bankroll', '1e12', '--json']
    code, out, _ = run_main(argv, capsys, monkeypatch)
    assert code == 0 and json.loads(out)['kelly']['bet'] == 10 ** 12
    nuts = {size: HandStatistics.from_counts(100, 0, 0) for size in (0, 3, 4, 5)}
    out_stream = io.StringIO()
    script = Script([str(10 ** 12), '1', '1', 'Ah Kh'])
    KellyAdvisor(script, out=out_stream, err=io.StringIO(),
                 statistics=lambda hole, board, ranges: nuts[len(board)]).run()
    assert kelly_bets(out_stream.getvalue()) == [10 ** 12]


def test_a_piped_answer_line_is_read_in_bounded_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    """A line of megabytes is never held whole: it is read in pieces of MAX_ANSWER bytes, dropped, and is no
    answer; the next line is read as usual."""
    import io

    from poker.cli.kelly_command import MAX_ANSWER, read_line

    pieces: list[int] = []

    class Recording(io.BytesIO):
        def readline(self, size: int | None = -1) -> bytes:  # type: ignore[override]
            line = super().readline(size)
            pieces.append(len(line))
            return line

    stream = io.TextIOWrapper(Recording(b'9' * 3_000_000 + b'\n5000\n'), encoding='utf-8')
    monkeypatch.setattr('sys.stdin', stream)
    monkeypatch.setattr('sys.stdout', io.StringIO())
    assert read_line('Bankroll: ') == '\ufffd'
    assert read_line('Bankroll: ') == '5000'
    assert max(pieces) <= MAX_ANSWER + 1 and len(pieces) > 3_000_000 // MAX_ANSWER
    with pytest.raises(EOFError):
        read_line('Bankroll: ')


def test_the_kelly_help_says_its_sizes_are_cassandras_no_limit_kelly_bets(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(['kelly', '--help']) == 0
    text = ' '.join(capsys.readouterr().out.split())
    assert "by the Kelly bet that the Cassandra bot (W. B. Gray) made in no-limit hold'em" in text
    assert 'It keeps track of who is still in' in text and 'when the betting closes' in text
    assert 're-weights his range as Loki does' in text
    assert main(['--help']) == 0
    assert "interactive advisor for one no-limit hand: Cassandra's Kelly bets" in \
        ' '.join(capsys.readouterr().out.split())
