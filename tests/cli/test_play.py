"""``poker play`` (issue 34): a person at the table, through a pseudo-terminal as he would play it, and the human
seat alone (its reading of typed choices, end of input, fuzzed lines).

Nothing here waits for a time: a test reads the screen until the prompt it waits for is there
(:func:`patience.wait_until`, its guard only against a hang), then types.
"""

from __future__ import annotations

import fcntl
import io
import os
import re
import subprocess
import sys
import termios
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from poker.errors import PokerError
from poker.players.bots import CallingStation, Maniac, Rock
from poker.players.human import HumanPlayer, SessionEnded, read_choice
from poker.strategy.actions import Action
from poker.table.game import FixedLimitGame, TableView

import installed
from patience import GUARD, wait_until

PROMPT = '] > '
"""How every prompt of the human seat ends (``[c = check; r = bet 2] > ``)."""


class Terminal:
    """``poker play`` on a pseudo-terminal of its own (its controlling terminal, so that Ctrl-C typed is SIGINT):
    what it writes is read as it comes (the screen), what the test types goes to it as a keyboard's keys."""

    def __init__(self, args: list[str], cwd: Path) -> None:
        master, slave = os.openpty()
        self.master = master
        self.screen = b''
        self.lock = threading.Lock()

        def controlling_terminal() -> None:  # in the child, after setsid: the pty is its terminal; Ctrl-C default
            import signal
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})

        env = installed.environment(NO_COLOR='1', PYTHONIOENCODING='utf-8', COLUMNS='200')
        self.process = subprocess.Popen([sys.executable, '-m', 'poker', 'play', *args], stdin=slave, stdout=slave,
                                        stderr=slave, cwd=cwd, env=env, start_new_session=True,
                                        preexec_fn=controlling_terminal)
        os.close(slave)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                chunk = os.read(self.master, 4096)
            except OSError:  # EIO: the child has gone and the terminal is closed
                return
            if not chunk:
                return
            with self.lock:
                self.screen += chunk

    def text(self) -> str:
        with self.lock:
            return self.screen.decode('utf-8', 'replace').replace('\r\n', '\n')

    def prompts(self) -> int:
        return self.text().count(PROMPT)

    def wait_for_prompt(self, number: int) -> None:
        """Wait until the ``number``-th prompt is on the screen (or the program has ended)."""
        wait_until(lambda: self.prompts() >= number or self.process.poll() is not None, f'prompt {number}')

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode('utf-8'))

    def finish(self) -> int:
        status = self.process.wait(timeout=GUARD)
        self.reader.join(timeout=GUARD)
        os.close(self.master)
        return status


def log_hands(path: Path) -> list[str]:
    return [line for line in path.read_text(encoding='utf-8').splitlines() if line.startswith('STATE:')]


ANSWERS = ['c', 'hello', 'r', 'check', 'c', 'fold', 'C', 'raise', 'bet', 'c', 'x', 'call', 'f', 'c', '', 'R']
"""What the player types, in turn, at each prompt: choices, words, and what the rules refuse at times ('check'
facing a bet, 'fold' for free, 'raise' before a bet) or always ('hello', an empty line)."""


def test_ten_hands_at_a_terminal_with_the_coach(tmp_path: Path) -> None:
    terminal = Terminal(['--opponents', 'loki,station', '--coach', '--hands', '10', '--seed', '7', '--log',
                         'session.log'], tmp_path)
    typed = 0
    try:
        while True:
            terminal.wait_for_prompt(typed + 1)
            if terminal.process.poll() is not None and terminal.prompts() <= typed:
                break
            terminal.type(ANSWERS[typed % len(ANSWERS)] + '\n')
            typed += 1
    finally:
        status = terminal.finish()
    screen = terminal.text()
    assert status == 0, screen[-2000:]
    assert 'Traceback' not in screen
    assert screen.count('=== Hand ') == 10 and screen.count('Chips won: ') == 10
    assert 'Session over after 10 hands:' in screen
    # what the table shows: the board and the pot as streets begin, each action as it happens, the cards shown
    assert re.search(r'--- Flop: \w\w \w\w \w\w  \(pot \d+\)', screen)
    assert re.search(r'^loki (bets|raises to|calls|checks|folds)', screen, re.M)
    assert re.search(r'^(you|loki|station) shows? \w\w \w\w: ', screen, re.M)
    # the coach before each decision: Loki's numbers against the ranges left, and its advice with the rule
    assert screen.count('  coach: HS ') == screen.count('Your turn on the ') > 0
    assert re.search(r"coach: HS [01]\.\d{3}  PPOT [01]\.\d{3}  NPOT [01]\.\d{3}  EHS [01]\.\d{3}  EHS' [01]\.\d{3}  "
                     r'\(against the ranges', screen)
    assert re.search(r'coach: Loki would \w+.* \(rule \w+: ', screen)
    # refused with a reason, and asked again
    assert "refused: typed 'hello': f = fold, c = check or call" in screen
    assert 'refused: typed nothing:' in screen
    # the log: every hand, read back with the same results as the screen's
    hands = log_hands(tmp_path / 'session.log')
    assert len(hands) == 10
    nets = [int(value) for value in re.findall(r'^  you +([+-]\d+) chips', screen, re.M)]
    you = sum(int(line.split(':')[4].split('|')[line.split(':')[5].split('|').index('you')]) for line in hands)
    assert nets == [you]


def start_and_play_a_hand(tmp_path: Path) -> tuple[Terminal, int]:
    """A session without --hands, played with 'c' until one hand is over and the next asks: the terminal, and
    the prompts answered."""
    terminal = Terminal(['--opponents', 'station', '--seed', '3', '--log', 'session.log'], tmp_path)
    typed = 0
    while True:
        terminal.wait_for_prompt(typed + 1)
        assert terminal.process.poll() is None, terminal.text()
        if 'Chips won: ' in terminal.text():
            return terminal, typed
        terminal.type('c\n')
        typed += 1


def test_ctrl_c_at_the_prompt_ends_with_the_result_and_status_130(tmp_path: Path) -> None:
    terminal, _ = start_and_play_a_hand(tmp_path)
    try:
        terminal.type('\x03')  # Ctrl-C, typed: the terminal sends SIGINT
    finally:
        status = terminal.finish()
    screen = terminal.text()
    finished = screen.count('Chips won: ')
    assert status == 130, screen[-1000:]
    assert 'Traceback' not in screen
    assert f'Session over after {finished} hand{"s" if finished > 1 else ""} (interrupted):' in screen
    assert len(log_hands(tmp_path / 'session.log')) == finished >= 1


def test_end_of_input_at_the_prompt_ends_the_session(tmp_path: Path) -> None:
    terminal, _ = start_and_play_a_hand(tmp_path)
    try:
        terminal.type('\x04')  # Ctrl-D at the start of a line: the end of the input
    finally:
        status = terminal.finish()
    screen = terminal.text()
    finished = screen.count('Chips won: ')
    assert status == 0, screen[-1000:]
    assert f'Session over after {finished} hand' in screen and '(the input ended)' in screen
    assert len(log_hands(tmp_path / 'session.log')) == finished >= 1


def test_piped_input_is_echoed_and_q_leaves(tmp_path: Path) -> None:
    env = installed.environment(NO_COLOR='1', PYTHONIOENCODING='utf-8')
    result = subprocess.run([sys.executable, '-m', 'poker', 'play', '--opponents', 'rock', '--seed', '1'],
                            input='c\nc\nq\nc\n', capture_output=True, text=True, env=env, cwd=tmp_path,
                            timeout=GUARD)
    assert result.returncode == 0 and result.stderr == ''
    assert '] > q\n' in result.stdout and '(you left the table)' in result.stdout


# ------------------------------------------------------------------------------------- the human seat alone
def view(to_call: int, bets: int, can_raise: bool = True, street: str = 'flop') -> TableView:
    board = '' if street == 'preflop' else 'Qh 7c 2d'
    return TableView(0, 'you', 'Ah Kh', board, street, pot=10, to_call=to_call, bet_size=2, bets_this_round=bets,
                     called_this_round=False, opponents=1, can_raise=can_raise)


@pytest.mark.parametrize('typed, to_call, bets, can_raise, action', [
    ('c', 0, 0, True, Action.CHECK), ('c', 2, 1, True, Action.CALL), (' C ', 2, 1, True, Action.CALL),
    ('r', 0, 0, True, Action.BET), ('r', 2, 1, True, Action.RAISE), ('b', 0, 1, True, Action.RAISE),
    ('bet', 0, 0, True, Action.BET), ('raise', 4, 2, True, Action.RAISE), ('f', 2, 1, True, Action.FOLD),
    ('fold', 2, 1, False, Action.FOLD), ('check', 0, 0, True, Action.CHECK), ('call', 2, 1, False, Action.CALL),
])
def test_read_choice_takes(typed: str, to_call: int, bets: int, can_raise: bool, action: Action) -> None:
    assert read_choice(typed, view(to_call, bets, can_raise)) == action


@pytest.mark.parametrize('typed, to_call, bets, can_raise, reason', [
    ('f', 0, 0, True, 'nothing to call: check for free'),
    ('call', 0, 0, True, 'nothing to call: c checks, r bets'),
    ('call', 0, 1, True, 'nothing to call: c checks, r raises'),    # the big blind's option
    ('check', 2, 1, True, 'you cannot check: there is 2 to call'),
    ('r', 2, 4, False, 'capped at 4 bets this round'),
    ('raise', 2, 4, False, 'capped at 4 bets this round'),
    ('bet', 2, 1, True, 'there is a bet already this round: r raises'),
    ('bet', 0, 1, True, 'there is a bet already this round: r raises'),
    ('raise', 0, 0, True, 'nobody has bet this round: r bets'),
    ('allin', 2, 1, True, "typed 'allin': f = fold"),
    ('', 2, 1, True, 'typed nothing'),
])
def test_read_choice_refuses_with_the_reason(typed: str, to_call: int, bets: int, can_raise: bool,
                                             reason: str) -> None:
    with pytest.raises(PokerError, match=re.escape(reason)):
        read_choice(typed, view(to_call, bets, can_raise))


def test_the_end_of_input_ends_the_hand_unfinished() -> None:
    shown = io.StringIO()
    you = HumanPlayer('you', io.StringIO('c\n'), shown)
    game = FixedLimitGame([you, CallingStation('station', 1)], seed=2)
    with pytest.raises(SessionEnded, match='the input ended'):
        game.play(5)
    assert game.hands_played == 0 and shown.getvalue().count(PROMPT) == 2


def test_an_overlong_line_is_refused_whole() -> None:
    shown = io.StringIO()
    you = HumanPlayer('you', io.StringIO('c' * 5000 + '\n' + 'c\n' * 20), shown)
    FixedLimitGame([you, Rock('rock', 1)], seed=2).play_hand()
    assert shown.getvalue().count('refused: a line of more than 1000 characters') == 1


LINES = st.lists(st.one_of(st.sampled_from(['f', 'c', 'r', 'fold', 'check', 'call', 'bet', 'raise', 'F', ' r ',
                                            'q', 'quit', 'c c', 'r\r', '\x1b[2J', '\x00', 'x' * 2000, '\ufffd']),
                           st.text(max_size=12)), max_size=30)


@settings(max_examples=60, derandomize=True, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(lines=LINES, seed=st.integers(0, 2 ** 32 - 1), coach=st.booleans())
def test_fuzzed_typing_is_taken_or_refused_in_one_line(lines: list[str], seed: int, coach: bool) -> None:
    """Whatever is typed, the seat takes a legal choice or refuses the line in one line (and asks again), or
    the session ends (q, or the input's end); no other error, no control character reaches the screen."""
    shown = io.StringIO()
    typed = ''.join(line.replace('\n', ' ') + '\n' for line in lines)
    you = HumanPlayer('you', io.StringIO(typed), shown, coach=coach and len(lines) < 8)
    game = FixedLimitGame([you, Maniac('maniac', seed), CallingStation('station', seed)], seed=seed)
    try:
        game.play(3)
    except SessionEnded:
        pass
    screen = shown.getvalue()
    assert '\x1b' not in screen and '\x00' not in screen
    refusals = [line for line in screen.splitlines() if 'refused: ' in line]
    assert all(line.startswith('refused: ') and len(line) < 400 for line in refusals), refusals


def test_the_coach_reads_the_opponents_as_a_modelling_loki_does() -> None:
    """The coach's numbers are HS, PPOT, NPOT and EHS computed by the statistics engine against the weights a
    modelling Loki in the seat gives the opponents still in (a second one, fed the same hands, is the oracle),
    and its advice is that Loki's: re-weighted, not against every holding alike."""
    from poker.players.modelling import ModellingLokiPlayer
    from poker.stats.player import Player

    class Watched(HumanPlayer):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]
            self.shadow = ModellingLokiPlayer(self.name)
            self.expected: list[str] = []

        def begin_hand(self, seat, names, hole, button):  # type: ignore[no-untyped-def]
            self.shadow.begin_hand(seat, names, hole, button)
            super().begin_hand(seat, names, hole, button)

        def observe(self, record, board):  # type: ignore[no-untyped-def]
            self.shadow.observe(record, board)
            super().observe(record, board)

        def end_hand(self, result):  # type: ignore[no-untyped-def]
            self.shadow.end_hand(result)
            super().end_hand(result)

        def decide(self, view):  # type: ignore[no-untyped-def]
            if view.board:
                weights = self.shadow.weights(view)
                stats = Player(view.hole, view.board).calculate_hand_statistics(
                    opponents=view.opponents, weights=weights)
                self.expected.append(f'HS {stats.hs:.3f}  PPOT {stats.ppot:.3f}  NPOT {stats.npot:.3f}  '
                                     f'EHS {stats.ehs:.3f}')
                self.shares.append(min(model.range_share() for model in self.shadow.opponent_models(view)))
            self.shadow.decide(view)  # (its state kept as the coach's: the same decisions)
            return super().decide(view)

    from poker.players.kinds import make_seat
    shown = io.StringIO()
    you = Watched('you', io.StringIO('c\n' * 200), shown, coach=True)
    you.shares = []  # type: ignore[attr-defined]
    game = FixedLimitGame([you, make_seat('loki', 'loki', 1), CallingStation('station', 2)], seed=4)
    game.play(4)
    coached = [line.split('coach: ')[1].split("  EHS'")[0] for line in shown.getvalue().splitlines()
               if line.startswith('  coach: HS') and 'against the ranges' in line]
    assert coached == you.expected and len(coached) >= 4
    assert min(you.shares) < 0.5   # the opponents' actions have narrowed what they hold
