"""A human seat: a person at the table, reading his choices from a stream (a terminal, a file, a test's text)
and seeing the hand told as it is played, with Loki as a coach if he likes.

:class:`HumanPlayer` is a :class:`~poker.table.game.Contender` like any other seat: the table shows it each action
(:meth:`~HumanPlayer.observe`: ``loki raises to 4, pot 7``), asks it to :meth:`~HumanPlayer.decide` (it writes
the board, the pot and what there is to call, then reads a line: ``f``, ``c``, ``r`` or a word, refusing what the
rules do not allow with the reason, and asking again), and tells it the end of the hand (the cards shown, the
chips won). With ``coach=True`` a :class:`~poker.players.modelling.ModellingLokiPlayer` sits in the seat's place
unseen: it watches the same hands, models the same opponents, and before each decision shows what Loki sees
(HS, PPOT, NPOT and EHS against the weights its models give the opponents still in) and its advice, with the
rule that gave it. ``poker play`` seats one.

>>> import io
>>> from poker.players.bots import CallingStation
>>> from poker.table.game import FixedLimitGame
>>> shown = io.StringIO()
>>> you = HumanPlayer('you', io.StringIO('c\\n' * 20), shown)
>>> hand = FixedLimitGame([you, CallingStation('station', 1)], seed=3).play_hand()
>>> for line in shown.getvalue().splitlines()[5:8]:
...     print(line)
Your turn on the preflop: 5d 2d, no board yet; pot 3, to call 1; 1 opponent in
[c = call 1, f = fold; r = raise to 4] > c
you call 1, pot 4

:func:`read_choice` is the reading of one line alone; :func:`action_words` says an action as the table does
(``raise to 8``), which ``poker advise`` writes too.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TextIO

from ..cards.card import Card
from ..cards.card_inputs import read_board
from ..errors import PokerError
from ..strategy.actions import Action, Blind, read_action
from ..table.game import TableView, read_view
from ..table.records import ActionRecord, Decision, HandResult
from ..validators import amount as chips, flag, instance, is_items, shown, text, whole_number

__all__ = ['HumanPlayer', 'SessionEnded', 'action_words', 'read_choice']

LONGEST_LINE = 1_000
"""The longest line a :class:`HumanPlayer` reads as a choice (a longer one is refused, quoted in part)."""

_WORDS = {
    'f': 'fold', 'fold': 'fold',
    'c': 'c', 'call': 'call', 'check': 'check', 'k': 'check', 'x': 'check',
    'r': 'r', 'b': 'r', 'bet': 'bet', 'raise': 'raise',
}
"""What a typed word means: an action, or ``'c'``/``'r'`` (check or call, bet or raise: whichever the betting
allows)."""

HELP = 'f = fold, c = check or call, r = bet or raise (or the words), q = leave the table'


class SessionEnded(PokerError):
    """The human left the table: his input ended (end of file, Ctrl-D), or he typed ``q``."""


def _amount(value: float) -> str:
    return f'{value:g}'


def action_words(action: Action | Blind | str, amount: float, level: float, *, third_person: bool = False) -> str:
    """An action said as the table's narrative says it: ``fold``, ``check``, ``call 2``, ``bet 2``, ``raise to 8``
    (``level``: the round's bet after the raise, in chips each seat puts in this round), or with
    ``third_person`` ``folds``, ``checks``, ``calls 2``, ``bets 2``, ``raises to 8``, ``posts the big blind 2``.
    ``amount`` is the chips the action puts in.

    >>> action_words('raise', 8, 8), action_words('raise', 3, 4, third_person=True), action_words('call', 2, 2)
    ('raise to 8', 'raises to 4', 'call 2')
    """
    blind = action if isinstance(action, Blind) else Blind(action) if isinstance(action, str) \
        and action in ('small blind', 'big blind') else None
    amount = chips('amount', amount, error=PokerError)
    level = chips('level', level, error=PokerError)
    third_person = flag('third_person', third_person, error=PokerError)
    if blind is not None:
        return f'{"posts" if third_person else "post"} the {blind} {_amount(amount)}'
    action = read_action(action)
    verb = {'fold': 'folds', 'check': 'checks', 'call': 'calls', 'bet': 'bets', 'raise': 'raises'}[action] \
        if third_person else str(action)
    if action == Action.RAISE:
        return f'{verb} to {_amount(level)}'
    if action in (Action.CALL, Action.BET):
        return f'{verb} {_amount(amount)}'
    return verb


def read_choice(line: str, view: TableView) -> Action:
    """The action a typed ``line`` asks for at the decision ``view`` shows, or a
    :class:`~poker.errors.BettingError`-like :class:`~poker.errors.PokerError` saying why it cannot be taken
    (one line, for the player to read before he types again).

    ``f``/``fold``, ``c`` (check or call, whichever the betting allows), ``check`` (``k``, ``x``), ``call``,
    ``r`` (``b``: bet or raise, whichever the betting allows), ``bet``, ``raise``; case and spaces do not
    matter. Refused: folding or calling when there is nothing to call (check instead), checking when there is
    a bet to call, a bet when a bet was made (raise), a raise when none was (bet), a bet or raise once the
    round is capped.

    >>> view = TableView(0, 'you', 'Ah Kh', '', 'preflop', pot=3, to_call=1, bet_size=2, bets_this_round=1,
    ...                  called_this_round=False, opponents=1, can_raise=True)
    >>> read_choice(' R ', view), read_choice('call', view)
    ('raise', 'call')
    >>> read_choice('check', view)
    Traceback (most recent call last):
    ...
    poker.errors.PokerError: you cannot check: there is 1 to call (c calls, f folds)
    """
    view = read_view(view)
    line = text('line', line, longest=LONGEST_LINE, error=PokerError)
    word = ' '.join(line.lower().split())
    if word not in _WORDS:
        what = 'nothing' if not word else shown(line.strip(), 60)
        raise PokerError(f'typed {what}: {HELP}')
    meant = _WORDS[word]
    facing = view.to_call > 0
    if meant == 'c':
        return Action.CALL if facing else Action.CHECK
    if meant == 'r':
        if not view.can_raise:
            raise PokerError(f'the betting is capped at {view.bets_this_round} bets this round: c calls, f folds')
        return Action.RAISE if view.bets_this_round else Action.BET
    action = Action(meant)
    if action == Action.FOLD and not facing:
        raise PokerError('there is nothing to call: check for free (c)')
    if action == Action.CALL and not facing:
        raise PokerError('there is nothing to call: c checks, r bets' if not view.bets_this_round
                         else 'there is nothing to call: c checks, r raises')
    if action == Action.CHECK and facing:
        raise PokerError(f'you cannot check: there is {view.to_call} to call (c calls, f folds)')
    if action in (Action.BET, Action.RAISE) and not view.can_raise:
        raise PokerError(f'the betting is capped at {view.bets_this_round} bets this round: c calls, f folds')
    if action == Action.BET and view.bets_this_round:
        raise PokerError('there is a bet already this round: r raises')
    if action == Action.RAISE and not view.bets_this_round:
        raise PokerError('nobody has bet this round: r bets')
    return action


def _names(names: Sequence[str]) -> tuple[str, ...]:
    """The seats' names: a list of 2 to 23 texts."""
    items = list(itertools.islice(names, 24)) if is_items(names) else []
    if not 2 <= len(items) <= 23:
        raise PokerError(f'names must be a list of 2 to 23 seats\' names, got {shown(names)}')
    return tuple(text('a seat\'s name', name, error=PokerError) for name in items)


def _plain(words: str) -> str:
    """Text as it may be shown on a terminal: as it is when every character of it prints, else quoted with its
    escapes (no control character reaches the screen)."""
    return words if words.isprintable() else shown(words, 80)


def _cards(cards: Sequence[Card]) -> str:
    return ' '.join(str(card) for card in cards)


class HumanPlayer:
    """A seat played by a person: each choice read from ``input`` a line at a time, everything shown written to
    ``output`` (see the module's notes). ``coach`` seats Loki unseen beside him, to show what it sees and advises
    before each of his decisions.

    The end of ``input``, or a line ``q`` (``quit``), raises :class:`SessionEnded` from :meth:`decide`, which ends
    the hand unfinished: the program that seated him ends the session there.
    """

    def __init__(self, name: str, input: TextIO, output: TextIO, *, coach: bool = False) -> None:
        self.name = text('name', name, error=PokerError)
        for label, stream, method in (('input', input, 'readline'), ('output', output, 'write')):
            if not callable(getattr(stream, method, None)):
                raise PokerError(f'{label} must be a text stream (with {method}), got {shown(stream)}')
        self.input, self.output = input, output
        isatty = getattr(input, 'isatty', None)
        try:
            self._echoed = bool(isatty()) if callable(isatty) else False
        except (OSError, ValueError):  # a closed stream: nothing to echo
            self._echoed = False
        self.coach = None
        if flag('coach', coach, error=PokerError):
            from .modelling import ModellingLokiPlayer
            self.coach = ModellingLokiPlayer(self.name)
        self.seat = -1
        self.names: tuple[str, ...] = ()
        self.hands = 0
        self._street = ''
        self._put_in: list[int] = []
        """Each seat's chips put in this round (a raise is said by the round's bet it makes)."""

    def __repr__(self) -> str:
        return f'{type(self).__name__}({self.name!r})'

    def _say(self, line: str = '') -> None:
        """Write a line to the output, at once."""
        self.output.write(line + '\n')
        self.output.flush()

    # ------------------------------------------------------------------------------------ the table's hooks
    def begin_hand(self, seat: int, names: tuple[str, ...], hole: tuple[Card, ...], button: int) -> None:
        """A hand begins: say the seats, the button and the cards dealt to him."""
        names = _names(names)
        seat = whole_number('seat', seat, maximum=len(names) - 1, error=PokerError)
        button = whole_number('button', button, maximum=len(names) - 1, error=PokerError)
        hole = read_board(hole, sizes=(2,))
        if self.coach is not None:
            self.coach.begin_hand(seat, names, hole, button)
        self.seat, self.names, self.hands = seat, tuple(_plain(name) for name in names), self.hands + 1
        self._street, self._put_in = 'preflop', [0] * len(names)
        seats = ', '.join(f'{name}{" (button)" if index == button else ""}' for index, name in enumerate(names))
        self._say()
        self._say(f'=== Hand {self.hands}: {seats}')
        self._say(f'Your cards: {_cards(hole)}')

    def observe(self, record: ActionRecord, board: tuple[Card, ...]) -> None:
        """An action at the table, said as it happens (a new street first: its board and the pot)."""
        record = instance('record', record, ActionRecord, error=PokerError, what='an ActionRecord')
        board = read_board(board)
        if self.coach is not None:
            self.coach.observe(record, board)
        if record.street != self._street:
            self._street, self._put_in = record.street, [0] * len(self.names)
            self._say(f'--- {record.street.capitalize()}: {_cards(board)}  (pot {record.pot - record.amount})')
        if record.seat < len(self._put_in):
            self._put_in[record.seat] += record.amount
        level = self._put_in[record.seat] if record.seat < len(self._put_in) else record.amount
        name = self.names[record.seat] if record.seat < len(self.names) else f'seat {record.seat}'
        own = record.seat == self.seat  # (his own action in the second person: "you call 2")
        words = action_words(record.action, record.amount, level, third_person=not own)
        self._say(f'{"you" if own else name} {words}, pot {record.pot}')

    def end_hand(self, result: HandResult) -> None:
        """The hand is over: the cards shown, who won the pot, and each seat's chips won or lost."""
        result = instance('result', result, HandResult, error=PokerError, what='a HandResult')
        if self.coach is not None:
            self.coach.end_hand(result)
        names = result.names
        if result.showdown:
            self._say(f'--- Showdown: {_cards(result.board)}')
            for seat, hand in result.hands.items():
                mark = '  wins' if seat in result.winners else ''
                shows = 'you show' if seat == self.seat else f'{names[seat]} shows'
                self._say(f'{shows} {_cards(result.holes[seat])}: {hand.description}{mark}')
        winners = ' and '.join('you' if seat == self.seat else names[seat] for seat in result.winners)
        verb = 'wins' if len(result.winners) == 1 and result.winners[0] != self.seat else 'win' \
            if len(result.winners) == 1 else 'split'
        self._say(f'{winners} {verb} the pot of {result.pot}.')
        self._say('Chips won: ' + ', '.join(f'{name} {net:+d}' for name, net in zip(names, result.net)))

    # ------------------------------------------------------------------------------------ deciding
    def decide(self, view: TableView) -> Decision:
        """Show the decision (the board, the pot, what there is to call, and the coach's reading), then read a
        choice until one is legal (:func:`read_choice`)."""
        view = read_view(view)
        board = f'board {_cards(view.board)}' if view.board else 'no board yet'
        raise_verb = 'raise' if view.bets_this_round else 'bet'
        level = self._put_in[view.seat] + view.to_call if view.seat < len(self._put_in) else view.to_call
        choices = [f'c = call {view.to_call}, f = fold' if view.to_call else 'c = check']
        if view.can_raise:
            choices.append(f'r = {raise_verb}' + (f' to {level + view.bet_size}' if view.bets_this_round
                                                 else f' {view.bet_size}'))
        else:
            choices.append(f'no more raises: capped at {view.bets_this_round} bets')
        self._say(f'Your turn on the {view.street}: {_cards(view.hole)}, {board}; pot {view.pot}, '
                 f'to call {view.to_call}; {view.opponents} opponent{"s" if view.opponents > 1 else ""} in')
        if self.coach is not None:
            for line in self.coaching(view):
                self._say(line)
        prompt = f'[{"; ".join(choices)}] > '
        while True:
            self.output.write(prompt)
            self.output.flush()
            try:
                line = self.input.readline(LONGEST_LINE + 2)
            except UnicodeDecodeError:  # (a terminal's bytes that are not text in its encoding)
                self._say(f'refused: the line is not text in the input\'s encoding; {HELP}')
                continue
            if not isinstance(line, str):
                raise PokerError(f'input must be a text stream, its readline gave {shown(line)}')
            if line and not self._echoed:  # (a terminal echoes what is typed; a file or a pipe does not)
                self._say(_plain(line.rstrip('\r\n')[:LONGEST_LINE]))
            if not line:
                self._say()
                raise SessionEnded('the input ended')
            if len(line) > LONGEST_LINE and not line.endswith('\n'):
                while (rest := self.input.readline(LONGEST_LINE + 2)) and not rest.endswith('\n'):
                    pass  # the rest of an overlong line, passed over
                self._say(f'refused: a line of more than {LONGEST_LINE} characters; {HELP}')
                continue
            if ' '.join(line.lower().split()) in ('q', 'quit'):
                raise SessionEnded('you left the table')
            try:
                return Decision(read_choice(line.rstrip('\r\n'), view))
            except PokerError as error:
                self._say(f'refused: {error}')

    def coaching(self, view: TableView) -> list[str]:
        """What the coach (Loki in this seat's place) sees at ``view``: its statistics against the weights its
        models give the opponents still in, how much of each opponent's range those weights leave, and its advice
        with the rule that gave it (no lines without a coach)."""
        view = read_view(view)
        if self.coach is None:
            return []
        coach = self.coach
        decision = coach.decide(view)
        stats, advice = decision.stats, decision.advice
        lines = []
        if stats is not None:
            where = ("before the flop, against any holding: Loki plays Papp's income-rate strategy here"
                     if not view.board else 'against the ranges their actions leave')
            lines.append(f'  coach: HS {stats.hs:.3f}  PPOT {stats.ppot:.3f}  NPOT {stats.npot:.3f}  '
                         f"EHS {stats.ehs:.3f}  EHS' {stats.ehs_prime:.3f}  ({where})")
        ranges = []
        for model in coach.opponent_models(view):
            top = ' '.join(name for name, _ in model.top(3))
            ranges.append(f'{model.name} {model.range_share():.0%} of its holdings (most likely {top})')
        if ranges:
            lines.append('  coach: weights left: ' + '; '.join(ranges))
        if advice is not None:
            level = (self._put_in[view.seat] if view.seat < len(self._put_in) else 0) + advice.amount
            lines.append(f'  coach: Loki would {action_words(advice.action, advice.amount, level)} '
                         f'(rule {advice.rule}: {advice.reason})')
        return lines
