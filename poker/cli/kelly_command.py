"""``poker kelly``: an interactive Kelly advisor for one no-limit hand: its sizes are Cassandra's Kelly bets.

It asks for the bankroll, the retained pot and the number of opponents, then street by street for the cards
and, at each turn to act, says what to do (bet or check; facing a bet or raise: call, raise or fold, and how
much) by the Kelly bet that the Cassandra bot (W. B. Gray) made in no-limit hold'em: the fraction of the
bankroll that maximises the expected log of the bankroll. Then it asks for your bet and for each opponent's
(``f`` folds). It keeps track of who is still in (a folded opponent is out, and is not asked again); a round
ends when the betting closes (every opponent still in has put in what you have) and then shows the pot. An
opponent's bet, call or raise re-weights his range as Loki does (poker.strategy.reweighting.OpponentModel),
so the chances react to it. Your bets leave the bankroll and every bet joins the retained pot. Bad input is
asked again with a one-line reason; Ctrl-D ends the session at any prompt.

Start at your first turn to act, blinds posted. The bankroll is what you hold then; the retained pot is the
money you win back if you win that is already in: 0 unless you posted a blind, else (Cassandra's rule) your
blind times the number of opponents who have put in a bet since.

The chances come from :class:`poker.stats.player.Player` against the opponents' ranges (``--range``, as
re-weighted), each counting equally, with the lookahead to the river (so they are the showdown chances);
the multiway chances are Cassandra's estimate (see :mod:`poker.strategy.kelly` for the model and its weak
points: it assumes every opponent matches the bet).

:class:`KellyAdvisor` is the state machine; it reads lines from any ``read_line(prompt)`` (raising
``EOFError`` at the end) and computes the statistics with any ``statistics(hole, board, ranges)``, so a
script can drive it:

>>> from poker.stats.hand_statistics import HandStatistics
>>> def script(*answers):
...     lines = iter(answers)
...     def read_line(prompt):
...         answer = next(lines, None)
...         if answer is None:
...             raise EOFError
...         print(prompt + answer)  # echo, as a terminal shows it
...         return answer
...     return read_line
>>> aces = HandStatistics.from_counts(1_781_508_418, 11_402_312, 304_661_670)
>>> advisor = KellyAdvisor(script('1000', '0', '2', 'Ah Ad', '100', '300 f', '200', 'Ks 7d 2c', '0', 'f'),
...                        statistics=lambda hole, board, ranges: aces)
>>> advisor.run()
Kelly advisor for one hand (Ctrl-D ends).
Bankroll: 1000
Retained pot: 0
Opponents: 2
== Pre-flop ==
Hole cards: Ah Ad
Against 2 opponents: win 0.7213, no loss 0.7306 (per opponent: win 0.8493, split 0.0054)
You should bet 593  (Kelly bet 593: fraction 0.5937 of bankroll 1000, retained pot 0)
Your bet (0 checks, f folds): 100
Opponents' bets (2 amounts; opponent 1 owes 100, opponent 2 owes 100; f folds): 300 f
Opponent 1 raises: range re-weighted to 273.5 combinations
Against 1 opponent: win 0.8493, no loss 0.8548 (per opponent: win 0.8493, split 0.0054)
You should raise: put in 578 (call 200, raise 378)  (Kelly bet 578: fraction 0.6430 of bankroll 900, retained pot 400)
Your bet (to call: 200; f folds): 200
Pot: 600
== Flop ==
Flop cards: Ks 7d 2c
Against 1 opponent: win 0.8493, no loss 0.8548 (per opponent: win 0.8493, split 0.0054)
You should bet 407  (Kelly bet 407: fraction 0.5827 of bankroll 700, retained pot 600)
Your bet (0 checks, f folds): 0
Opponents' bets (1 amount; 0 checks, f folds): f
Every opponent folded: the pot of 600 is yours; your bankroll before it is paid: 700
0
"""

from __future__ import annotations

import argparse
import functools
import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, TextIO, TypeVar

import attrs

from ..cards.card import Card, format_cards, parse_cards
from ..cards.income_rates import MAX_OPPONENTS, read_opponents
from ..cards.streets import BOARD_SIZES, STREETS
from ..errors import BettingError, CardCountError, DuplicateCardError, OpponentCountError, PokerError
from ..stats.hand_statistics import HandStatistics
from ..strategy.actions import Action
from ..strategy.kelly import kelly_action, kelly_bet, kelly_fraction, showdown_probabilities
from ..strategy.reweighting import OpponentModel
from ..validators import shown
from .advise_command import opponent_weights, player_statistics
from .options import add_range

if TYPE_CHECKING:
    import numpy as np

    from ..ranges.weight_inputs import WeightSetLike, WeightsLike

__all__ = ['KellyAdvisor', 'Opponent']

ReadLine = Callable[[str], str]
Statistics = Callable[[tuple[Card, ...], tuple[Card, ...], tuple['np.ndarray', ...]], HandStatistics]
T = TypeVar('T')


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        'kelly', help="interactive advisor for one no-limit hand: Cassandra's Kelly bets",
        description='\n\n'.join(__doc__.split('\n\n')[1:3]).replace('``', '"'), formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog='example session:\n  Bankroll: 5000\n  Retained pot: 0\n  Opponents: 3\n  == Pre-flop ==\n'
               '  Hole cards: Ah Kh\n'
               '  Against 3 opponents: win 0.2904, no loss 0.3126 (per opponent: win 0.6622, split 0.0165)\n'
               '  You should bet 352  (Kelly bet 352: fraction 0.0705 of bankroll 5000, retained pot 0)\n'
               '  Your bet (0 checks, f folds): 50\n'
               "  Opponents' bets (3 amounts; opponent 1 owes 50, opponent 2 owes 50, opponent 3 owes 50; f "
               "folds): 50 f 100\n"
               '  Opponent 1 calls: range re-weighted to 666.4 combinations\n'
               '  Opponent 3 raises: range re-weighted to 273.5 combinations\n'
               '  Against 2 opponents: win 0.3992, no loss 0.4481 (per opponent: win 0.6319, split 0.0376)\n'
               '  You should raise: put in 648 (call 50, raise 598)  (Kelly bet 648: ...)\n  ...')
    add_range(parser)
    parser.set_defaults(handler=run)


MAX_CHIPS = 10 ** 12
"""The most chips an answer may give (bankroll, pot, bet): far beyond any table, far below any overflow."""
_WHOLE = re.compile(r'[0-9]{1,13}')  # ASCII digits only: not '²' or '١'; short enough for int() and floats


def _read_whole(text: str, what: str, *, minimum: int = 0, maximum: int = MAX_CHIPS,
                error: type[PokerError] = BettingError) -> int:
    """An answer that must be a whole number of chips (or opponents), from ``minimum`` to ``maximum``."""
    stripped = text.strip()
    if not _WHOLE.fullmatch(stripped) or not minimum <= int(stripped) <= maximum:
        raise error(f'{what} must be a whole number of at least {minimum} and at most {maximum}, '
                    f'got {shown(text, 40)}')
    return int(stripped)


MAX_ANSWER = 1_000
"""The longest answer line read whole (in bytes); the rest of a longer line is read and dropped, in pieces of
this size, and the line counts as an answer no question accepts (so it is asked again)."""


def read_line(prompt: str) -> str:
    """A line of standard input after ``prompt``: :func:`input` on a terminal; piped input is read as bytes
    and decoded leniently (invalid UTF-8 becomes U+FFFD, which no answer accepts, so it is asked again), at
    most :data:`MAX_ANSWER` bytes of it kept."""
    buffer = getattr(sys.stdin, 'buffer', None)
    if buffer is None or sys.stdin.isatty():
        return input(prompt)
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = bytes(buffer.readline(MAX_ANSWER + 1))
    if not line:
        raise EOFError
    if len(line) > MAX_ANSWER and not line.endswith(b'\n'):  # too long: drop the rest of the line
        rest = line
        while rest and not rest.endswith(b'\n'):
            rest = bytes(buffer.readline(MAX_ANSWER))
        return '\ufffd'  # no answer
    return line.decode('utf-8', errors='replace').rstrip('\r\n')


@attrs.define
class Opponent:
    """One opponent still in: the model of what he holds (re-weighted by his bets, calls and raises, as Loki
    re-weights), what he has put in this betting round, and the strongest action already read this round
    (``mu`` of :attr:`~poker.strategy.reweighting.OpponentModel.ACTION_THRESHOLDS`)."""

    number: int
    model: OpponentModel
    put_in: int = 0
    applied: float = -1.0


class KellyAdvisor:
    """One hand of Kelly advice as a small state machine: the streets, each a loop of betting cycles.

    State: :attr:`bankroll` (less every bet of yours), :attr:`pot` (the retained pot, plus every bet),
    :attr:`hole`, :attr:`board`, :attr:`opponents` (those still in, each an :class:`Opponent`) and
    :attr:`stats` (the statistics against their ranges; :attr:`stale` when a range has changed since).
    Hooks: :meth:`ask` (prompt until a parser accepts), :meth:`suggest` (what to print at a turn to act),
    :meth:`default_statistics` (the chances, replaced by ``statistics(hole, board, weights)``).
    """

    DEALS: ClassVar[tuple[tuple[str, int], ...]] = tuple(
        ('Pre-flop' if street == 'preflop' else street.capitalize(), size - before if size else 2)
        for street, size, before in zip(STREETS, BOARD_SIZES, (0, *BOARD_SIZES)))
    """Each betting round (:data:`poker.cards.streets.STREETS`) and the cards dealt before it: the two hole cards
    before the pre-flop round, then what each round adds to the board."""

    def __init__(self, read_line: ReadLine | None = None, *, out: TextIO | None = None,
                 err: TextIO | None = None, statistics: Statistics | None = None, weights: WeightSetLike = None) -> None:
        self.read_line: ReadLine = read_line or globals()['read_line']
        self.out = out
        self.err = err
        self.statistics: Statistics = statistics or self.default_statistics
        self.weights = weights
        self.bankroll = 0
        self.pot = 0
        self.hole: tuple[Card, ...] = ()
        self.board: tuple[Card, ...] = ()
        self.stats: HandStatistics | None = None
        self.opponents: list[Opponent] = []
        self.to_call = 0
        self.stale = False  # an opponent's range changed, or an opponent left, since self.stats
        self.told_unmoved = False  # said this round that a raise again leaves a range (and the chances) as it was

    # ------------------------------------------------------------------------------------- i/o
    def say(self, text: str = '') -> None:
        """Print a line of the session (to ``out``, else standard output)."""
        print(text, file=self.out or sys.stdout)

    def complain(self, text: str) -> None:
        """Print why an answer was refused (to ``err``, else standard error)."""
        print(text, file=self.err or sys.stderr)

    def ask(self, prompt: str, parse: Callable[[str], T]) -> T:
        """Read answers to ``prompt`` until ``parse`` accepts one; a :class:`PokerError` is shown and asked
        again. ``EOFError`` (Ctrl-D) passes through."""
        while True:
            try:
                return parse(self.read_line(prompt))
            except UnicodeDecodeError:
                self.complain('  the answer is not valid UTF-8 text; try again')
            except PokerError as error:
                self.complain(f'  {error}; try again')

    # ------------------------------------------------------------------------------------- parsers
    def parse_cards(self, text: str, count: int, street: str) -> tuple[tuple[Card, ...], HandStatistics]:
        """``count`` new cards, none already dealt, and the statistics with them."""
        cards = tuple(parse_cards(text))
        if len(cards) != count:
            what = 'hole cards' if not self.hole else f'card{"s" if count > 1 else ""} for the {street.lower()}'
            raise CardCountError(f'need {count} {what}, got {len(cards)} in {shown(text)}')
        known = {card.index for card in (*self.hole, *self.board)}
        for card in cards:
            if card.index in known:
                raise DuplicateCardError(f'{card} is already dealt ({format_cards((*self.hole, *self.board))})')
        hole, board = (cards, ()) if not self.hole else (self.hole, (*self.board, *cards))
        return cards, self.statistics(hole, board, self.ranges())

    def parse_opponents(self, text: str) -> int:
        """The opponents dealt in: 1 to :data:`~poker.cards.income_rates.MAX_OPPONENTS`."""
        count = _read_whole(text, 'the number of opponents', minimum=1, maximum=10 ** 6, error=OpponentCountError)
        if count > MAX_OPPONENTS:
            raise OpponentCountError(f'at most {MAX_OPPONENTS} opponents, got {shown(text)}')
        return count

    def parse_bet(self, text: str) -> int | None:
        """Your bet in chips, or None for a fold."""
        if text.strip().lower() in ('f', 'fold'):
            return None
        bet = _read_whole(text, 'your bet')
        if bet > self.bankroll:
            raise BettingError(f'your bet {bet} is more than your bankroll {self.bankroll}')
        if bet < self.to_call and bet < self.bankroll:
            raise BettingError(f'to stay in put in at least the {self.to_call} to call (or all you have), '
                               f'or f to fold; got {shown(text)}')
        return bet

    def parse_opponent_bets(self, text: str, mine: int) -> list[int | None]:
        """One answer per opponent still in, in their order, separated by spaces or commas: what he puts in
        now, or None for ``f`` (a fold). Each must bring him at least to the most put in before him this round
        (``mine``, yours, or an earlier opponent's raise): a call, a raise or a check, never less."""
        words = text.replace(',', ' ').split()
        count = len(self.opponents)
        if len(words) != count:
            raise BettingError(f'need {count} amount{"s" if count > 1 else ""} (one per opponent), '
                               f'got {shown(text, 40)}')
        answers: list[int | None] = []
        highest = mine
        for opponent, word in zip(self.opponents, words):
            if word.lower() in ('f', 'fold'):
                answers.append(None)
                continue
            amount = _read_whole(word, 'a bet')
            total = opponent.put_in + amount
            if total < highest:
                raise BettingError(f'opponent {opponent.number} must put in at least {highest - opponent.put_in} '
                                   f'to stay in (f folds), got {shown(word)}')
            highest = total
            answers.append(amount)
        return answers

    # ------------------------------------------------------------------------------------- the hand
    def run(self) -> int:
        """Play the hand to the end, or until Ctrl-D (0) or Ctrl-C (130)."""
        try:
            self.play()
        except EOFError:
            self.say()
            self.say('Bye.')
        except KeyboardInterrupt:
            self.say()
            return 130
        return 0

    def play(self) -> None:
        """Ask for the bankroll, the retained pot and the opponents, then play the streets; EOFError ends it
        anywhere."""
        self.say('Kelly advisor for one hand (Ctrl-D ends).')
        self.bankroll = self.ask('Bankroll: ', lambda text: _read_whole(text, 'the bankroll', minimum=1))
        self.pot = self.ask('Retained pot: ', lambda text: _read_whole(text, 'the retained pot'))
        count = self.ask('Opponents: ', self.parse_opponents)
        model = OpponentModel(self.weights)
        self.opponents = [Opponent(number, model) for number in range(1, count + 1)]
        for street, count in self.DEALS:
            self.say(f'== {street} ==')
            prompt = 'Hole cards: ' if not self.hole else f'{street} card{"s" if count > 1 else ""}: '
            cards, self.stats = self.ask(prompt, functools.partial(self.parse_cards, count=count, street=street))
            self.stale = False
            if self.hole:
                self.board = (*self.board, *cards)
            else:
                self.hole = cards
            outcome = self.betting_round()
            if outcome == 'you folded':
                self.say(f'You folded. Pot: {self.pot}; your bankroll: {self.bankroll}')
                return
            if outcome == 'they folded':
                self.say(f'Every opponent folded: the pot of {self.pot} is yours; your bankroll before it is '
                         f'paid: {self.bankroll}')
                return
            self.say(f'Pot: {self.pot}')
        self.say(f'Hand over. Pot: {self.pot}; your bankroll before it is paid: {self.bankroll}')

    def betting_round(self) -> str:
        """The betting cycles of one round: ``'over'``, ``'you folded'`` or ``'they folded'``.

        Each cycle: the advice, your bet, then each opponent's. The round ends when the betting closes: every
        opponent still in has put in what you have (after your call, or after their calls or checks), or
        you have nothing left to bet. Otherwise what you face next is the most an opponent put in beyond you.
        """
        self.to_call, mine = 0, 0
        self.told_unmoved = False
        for opponent in self.opponents:
            opponent.put_in, opponent.applied = 0, -1.0
        while True:
            self.suggest()
            prompt = f'to call: {self.to_call}; f folds' if self.to_call else '0 checks, f folds'
            bet = self.ask(f'Your bet ({prompt}): ', self.parse_bet)
            if bet is None:
                return 'you folded'
            self.bankroll -= bet
            self.pot += bet
            mine += bet
            highest = max(opponent.put_in for opponent in self.opponents)
            if self.to_call and (all(opponent.put_in == mine for opponent in self.opponents)
                                 or not self.bankroll and mine <= highest):
                return 'over'  # you called the last raise (all in, maybe for less)
            answers = self.ask(self.opponents_prompt(mine), functools.partial(self.parse_opponent_bets, mine=mine))
            self.take(answers, mine)
            if not self.opponents:
                return 'they folded'
            highest = max(opponent.put_in for opponent in self.opponents)
            if highest == mine or not self.bankroll:
                return 'over'  # the betting is closed, or you are all in (what is beyond you is not yours)
            self.to_call = min(highest - mine, self.bankroll)

    def opponents_prompt(self, mine: int) -> str:
        """The question for the opponents' bets, saying what each still owes to stay in (``mine`` is what you
        have put in this round): ``Opponents' bets (2 amounts; opponent 1 owes 100, opponent 3 owes 100; f
        folds): ``, or ``0 checks`` when nobody owes anything."""
        count = len(self.opponents)
        owed = [(opponent.number, mine - opponent.put_in) for opponent in self.opponents]
        if any(amount > 0 for _, amount in owed):
            owes = ', '.join(f'opponent {number} owes {max(0, amount)}' for number, amount in owed)
            return f"Opponents' bets ({count} amount{'s' if count > 1 else ''}; {owes}; f folds): "
        return f"Opponents' bets ({count} amount{'s' if count > 1 else ''}; 0 checks, f folds): "

    def take(self, answers: list[int | None], mine: int) -> None:
        """The opponents' answers: folds leave, chips join the pot, and a bet, call or raise re-weights the
        opponent's range (:meth:`~poker.strategy.reweighting.OpponentModel.reweight` with the action's generic
        threshold, once per round for the strongest action, as Loki reads an opponent's actions)."""
        highest, still_in = mine, []
        for opponent, amount in zip(self.opponents, answers):
            if amount is None:
                continue
            still_in.append(opponent)
            self.pot += amount
            opponent.put_in += amount
            action = (Action.BET if highest == 0 else Action.RAISE) if opponent.put_in > highest \
                else Action.CALL if amount else None
            highest = max(highest, opponent.put_in)
            if action is None:
                continue
            mu = OpponentModel.ACTION_THRESHOLDS[action][0]
            if mu <= opponent.applied and action != Action.CALL and not self.told_unmoved:
                self.told_unmoved = True  # (once per round)
                self.say(f'Opponent {opponent.number} raises again: his range stays as it was, and so do the '
                         'chances (Loki reads an opponent once per round, at his strongest action: a raise reads '
                         'as a raise however many follow)')
            if mu > opponent.applied:
                try:
                    opponent.model = opponent.model.reweight(action, self.board)
                except PokerError:  # every holding below the floor: the model cannot say more
                    continue
                opponent.applied = mu
                self.stale = True
                self.say(f'Opponent {opponent.number} {"raises" if action == Action.RAISE else action + "s"}: '
                         f'range re-weighted to {opponent.model.range.combos:.1f} combinations')
        self.stale = self.stale or len(still_in) < len(self.opponents)
        self.opponents = still_in

    def ranges(self) -> tuple[np.ndarray, ...]:
        """The weights of each opponent still in."""
        return tuple(opponent.model.weights for opponent in self.opponents)

    def suggest(self) -> None:
        """Print the chances against the opponents still in and what the Kelly bet says: bet or check, or
        facing :attr:`to_call`, call, raise (how much) or fold (the Kelly bet is less than the call). The chances
        are computed again when a range has changed, or an opponent has left, since (:attr:`stale`)."""
        opponents = read_opponents(len(self.opponents))
        if self.stale:
            try:
                self.stats = self.statistics(self.hole, self.board, self.ranges())
            except PokerError as error:
                self.complain(f'  the chances stay as they were: {error}')
            self.stale = False
        assert self.stats is not None
        win, split = showdown_probabilities(self.stats)
        self.say(f'Against {opponents} opponent{"s" if opponents > 1 else ""}: win {win ** opponents:.4f}, '
                 f'no loss {(win + split) ** opponents:.4f} (per opponent: win {win:.4f}, split {split:.4f})')
        bet = min(kelly_bet(self.stats, self.bankroll, retained_pot=self.pot, opponents=opponents), self.bankroll)
        fraction = kelly_fraction(win, split, opponents, self.pot / self.bankroll) if self.bankroll else 0.0
        action, put_in = kelly_action(bet, self.to_call)
        call = self.to_call
        advice = {Action.CHECK: 'You should check', Action.BET: f'You should bet {put_in}',
                  Action.RAISE: f'You should raise: put in {put_in} (call {call}, raise {put_in - call})',
                  Action.CALL: f'You should call {put_in}',
                  Action.FOLD: f'You should fold (the Kelly bet is less than the {call} to call)'}[action]
        self.say(f'{advice}  (Kelly bet {bet}: fraction {fraction:.4f} of bankroll {self.bankroll}, '
                 f'retained pot {self.pot})')

    def default_statistics(self, hole: tuple[Card, ...], board: tuple[Card, ...],
                           ranges: tuple[np.ndarray, ...]) -> HandStatistics:
        """The default statistics: :class:`poker.stats.player.Player` looking ahead to the river (the showdown
        chances) against the opponents' ranges (one range when they are all alike), each opponent counting
        equally in the chances against one."""
        lookahead = 5 - len(board) if 0 < len(board) < 5 else None
        distinct = {weights.tobytes(): weights for weights in ranges}
        if len(distinct) <= 1:
            weights: WeightsLike = None if not ranges or not (ranges[0] != 1).any() else ranges[0]
            return player_statistics(hole, board, opponents=1, weights=weights, lookahead=lookahead)
        return player_statistics(hole, board, opponents=len(ranges), weights=list(ranges), lookahead=lookahead)


def run(args: argparse.Namespace) -> int:
    return KellyAdvisor(weights=opponent_weights(args.range)).run()
