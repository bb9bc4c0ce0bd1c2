"""``poker kelly``: an interactive Kelly advisor for one hand, after Cassandra.

It asks for the bankroll and the retained pot, then street by street for the cards and for each betting
cycle (the opponents still in, your bet, their bets); at each turn to act it says what to do (bet or check;
facing a bet or raise: call, raise or fold, and how much) by the Kelly bet, and at the end of each round the
pot. Your bets leave the bankroll and every bet joins the retained pot. An opponent folds with ``f``; when
every opponent has folded the hand is over and yours. Folded opponents stay out: the number still in never
grows. An empty answer to "Opponents still in" ends the betting round. Bad input is asked again with a
one-line reason; Ctrl-D ends the session at any prompt.

Start at your first turn to act, blinds posted. The bankroll is what you hold then; the retained pot is the
money you win back if you win that is already in: 0 unless you posted a blind, else (Cassandra's rule) your
blind times the number of opponents who have put in a bet since.

The chances come from :class:`poker.stats.player.Player` against one opponent, once per street, with the
lookahead to the river (so they are the showdown chances); the multiway chances are Cassandra's estimate
(see :mod:`poker.strategy.kelly` for the model and its weak points).

:class:`KellyAdvisor` is the state machine; it reads lines from any ``read_line(prompt)`` (raising
``EOFError`` at the end) and computes the statistics with any ``statistics(hole, board)``, so a script can
drive it:

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
>>> advisor = KellyAdvisor(script('1000', '0', 'Ah Ad', '1', '100', '300', '1', '200', '0', '', 'Ks 7d 2c',
...                                   '1', '0', 'f'), statistics=lambda hole, board: aces)
>>> advisor.run()
Kelly advisor for one hand (Ctrl-D ends).
Bankroll: 1000
Retained pot: 0
== Pre-flop ==
Hole cards: Ah Ad
Opponents still in (Enter ends the round, 0 if all folded): 1
Against 1 opponent: win 0.8493, no loss 0.8548 (per opponent: win 0.8493, split 0.0054)
You should bet 707  (Kelly bet 707: fraction 0.7079 of bankroll 1000, retained pot 0)
Your bet (0 checks, f folds): 100
Opponents' bets (1 amount; 0 checks, f folds): 300
Opponents still in (Enter ends the round, 0 if all folded): 1
Against 1 opponent: win 0.8493, no loss 0.8548 (per opponent: win 0.8493, split 0.0054)
You should raise: put in 578 (call 200, raise 378)  (Kelly bet 578: fraction 0.6430 of bankroll 900, retained pot 400)
Your bet (to call: 200; f folds): 200
Opponents' bets (1 amount; 0 checks, f folds): 0
Opponents still in (Enter ends the round, 0 if all folded): 
Pot: 600
== Flop ==
Flop cards: Ks 7d 2c
Opponents still in (Enter ends the round, 0 if all folded): 1
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

from ..cards.card import Card, format_cards, parse_cards
from ..cards.income_rates import MAX_OPPONENTS, check_opponents
from ..cards.streets import BOARD_SIZES, STREETS
from ..errors import BettingError, CardCountError, DuplicateCardError, OpponentCountError, PokerError
from ..stats.hand_statistics import HandStatistics
from ..strategy.kelly import kelly_bet, kelly_fraction, showdown_probabilities
from ..validators import shown
from .advise_command import opponent_weights, player_statistics
from .options import add_range

if TYPE_CHECKING:
    from ..ranges.weight_inputs import WeightsLike

__all__ = ['KellyAdvisor']

ReadLine = Callable[[str], str]
Statistics = Callable[[tuple[Card, ...], tuple[Card, ...]], HandStatistics]
T = TypeVar('T')


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        'kelly', help='interactive Kelly bet advisor for one hand (Cassandra)',
        description='\n\n'.join(__doc__.split('\n\n')[1:3]).replace('``', '"'), formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog='example session:\n  Bankroll: 5000\n  Retained pot: 0\n  == Pre-flop ==\n  Hole cards: Ah Kh\n'
               '  Opponents still in (Enter ends the round, 0 if all folded): 3\n'
               '  Against 3 opponents: win 0.2904, no loss 0.3126 (per opponent: win 0.6622, split 0.0165)\n'
               '  You should bet 352  (Kelly bet 352: fraction 0.0705 of bankroll 5000, retained pot 0)\n'
               '  Your bet (0 checks, f folds): 50\n'
               "  Opponents' bets (3 amounts; 0 checks, f folds): 50 f 100\n"
               '  Opponents still in (Enter ends the round, 0 if all folded): 2\n'
               '  Against 2 opponents: win 0.4385, no loss 0.4606 (per opponent: win 0.6622, split 0.0165)\n'
               '  You should raise: put in 828 (call 50, raise 778)  (Kelly bet 828: ...)\n  ...')
    add_range(parser)
    parser.set_defaults(handler=run)


MAX_CHIPS = 10 ** 12
"""The most chips an answer may give (bankroll, pot, bet): far beyond any table, far below any overflow."""
_WHOLE = re.compile(r'[0-9]{1,13}')  # ASCII digits only: not '²' or '١'; short enough for int() and floats


def _whole(text: str, what: str, *, minimum: int = 0, maximum: int = MAX_CHIPS,
           error: type[PokerError] = BettingError) -> int:
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


class KellyAdvisor:
    """One hand of Kelly advice as a small state machine: the streets, each a loop of betting cycles.

    State: :attr:`bankroll` (less every bet of yours), :attr:`pot` (the retained pot, plus every bet),
    :attr:`hole`, :attr:`board` and :attr:`stats` (the statistics of the current street).
    Hooks: :meth:`ask` (prompt until a parser accepts), :meth:`suggest` (what to print at a turn to act).
    """

    DEALS: ClassVar[tuple[tuple[str, int], ...]] = tuple(
        ('Pre-flop' if street == 'preflop' else street.capitalize(), size - before if size else 2)
        for street, size, before in zip(STREETS, BOARD_SIZES, (0, *BOARD_SIZES)))
    """Each betting round (:data:`poker.cards.streets.STREETS`) and the cards dealt before it: the two hole cards
    before the pre-flop round, then what each round adds to the board."""

    def __init__(self, read_line: ReadLine | None = None, *, out: TextIO | None = None,
                 err: TextIO | None = None, statistics: Statistics | None = None, weights: WeightsLike = None) -> None:
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
        self.still_in = MAX_OPPONENTS
        self.to_call = 0

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
        return cards, self.statistics(hole, board)

    def parse_opponents(self, text: str) -> int | None:
        """The opponents still in: None for an empty answer (the round is over), 0 (all folded) to
        :attr:`still_in` (at first :data:`~poker.cards.income_rates.MAX_OPPONENTS`: folded opponents do not come back)."""
        if not text.strip():
            return None
        count = _whole(text, 'the number of opponents', maximum=10 ** 6, error=OpponentCountError)
        if count > MAX_OPPONENTS:
            raise OpponentCountError(f'at most {MAX_OPPONENTS} opponents, got {shown(text)}')
        if count > self.still_in:
            raise OpponentCountError(f'only {self.still_in} opponent{"s are" if self.still_in > 1 else " is"} '
                                     f'still in, got {shown(text)}')
        return count

    def parse_bet(self, text: str) -> int | None:
        """Your bet in chips, or None for a fold."""
        if text.strip().lower() in ('f', 'fold'):
            return None
        bet = _whole(text, 'your bet')
        if bet > self.bankroll:
            raise BettingError(f'your bet {bet} is more than your bankroll {self.bankroll}')
        if bet < self.to_call and bet < self.bankroll:
            raise BettingError(f'to stay in put in at least the {self.to_call} to call (or all you have), '
                               f'or f to fold; got {shown(text)}')
        return bet

    def parse_opponent_bets(self, text: str, count: int) -> list[int | None]:
        """``count`` answers, one per opponent, separated by spaces or commas: a whole amount, or None for
        ``f`` (a fold)."""
        words = text.replace(',', ' ').split()
        if len(words) != count:
            raise BettingError(f'need {count} amount{"s" if count > 1 else ""} (one per opponent), '
                               f'got {shown(text, 40)}')
        return [None if word.lower() in ('f', 'fold') else _whole(word, 'a bet') for word in words]

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
        """Ask for the bankroll and the retained pot, then play the streets; EOFError ends it anywhere."""
        self.say('Kelly advisor for one hand (Ctrl-D ends).')
        self.bankroll = self.ask('Bankroll: ', lambda text: _whole(text, 'the bankroll', minimum=1))
        self.pot = self.ask('Retained pot: ', lambda text: _whole(text, 'the retained pot'))
        for street, count in self.DEALS:
            self.say(f'== {street} ==')
            prompt = 'Hole cards: ' if not self.hole else f'{street} card{"s" if count > 1 else ""}: '
            cards, self.stats = self.ask(prompt, functools.partial(self.parse_cards, count=count, street=street))
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

        Each cycle: the opponents still in, the advice, your bet, their bets. What you face next is the
        most an opponent put in beyond your bet.
        """
        self.to_call = 0
        while True:
            opponents = self.ask('Opponents still in (Enter ends the round, 0 if all folded): ',
                                 self.parse_opponents)
            if opponents is None:
                return 'over'
            self.still_in = opponents
            if opponents == 0:
                return 'they folded'
            self.suggest(opponents)
            prompt = f'to call: {self.to_call}; f folds' if self.to_call else '0 checks, f folds'
            bet = self.ask(f'Your bet ({prompt}): ', self.parse_bet)
            if bet is None:
                return 'you folded'
            self.bankroll -= bet
            self.pot += bet
            bets = self.ask(
                f"Opponents' bets ({opponents} amount{'s' if opponents > 1 else ''}; 0 checks, f folds): ",
                lambda text: self.parse_opponent_bets(text, opponents))
            amounts = [amount for amount in bets if amount is not None]
            self.pot += sum(amounts)
            self.still_in = len(amounts)
            if not amounts:
                return 'they folded'
            self.to_call = min(max(0, max(amounts) - bet), self.bankroll)

    def suggest(self, opponents: int) -> None:
        """Print the chances against ``opponents`` and what the Kelly bet says: bet or check, or facing
        :attr:`to_call`, call, raise (how much) or fold (the Kelly bet is less than the call)."""
        opponents = check_opponents(opponents)
        assert self.stats is not None
        win, split = showdown_probabilities(self.stats)
        self.say(f'Against {opponents} opponent{"s" if opponents > 1 else ""}: win {win ** opponents:.4f}, '
                 f'no loss {(win + split) ** opponents:.4f} (per opponent: win {win:.4f}, split {split:.4f})')
        bet = min(kelly_bet(self.stats, self.bankroll, retained_pot=self.pot, opponents=opponents), self.bankroll)
        fraction = kelly_fraction(win, split, opponents, self.pot / self.bankroll) if self.bankroll else 0.0
        if not self.to_call:
            advice = f'You should bet {bet}' if bet else 'You should check'
        elif bet > self.to_call:
            advice = f'You should raise: put in {bet} (call {self.to_call}, raise {bet - self.to_call})'
        elif bet == self.to_call:
            advice = f'You should call {self.to_call}'
        else:
            advice = f'You should fold (the Kelly bet is less than the {self.to_call} to call)'
        self.say(f'{advice}  (Kelly bet {bet}: fraction {fraction:.4f} of bankroll {self.bankroll}, '
                 f'retained pot {self.pot})')

    def default_statistics(self, hole: tuple[Card, ...], board: tuple[Card, ...]) -> HandStatistics:
        """The default statistics: :class:`poker.stats.player.Player` against one opponent, looking ahead to the
        river (the showdown chances), against :attr:`weights` if set."""
        lookahead = 5 - len(board) if 0 < len(board) < 5 else None
        return player_statistics(hole, board, opponents=1, weights=self.weights, lookahead=lookahead)


def run(args: argparse.Namespace) -> int:
    return KellyAdvisor(weights=opponent_weights(args.range)).run()
