"""``poker advise HOLE --board B --pot P --to-call C --bet-size S``: Loki's action with its reason, and the
Kelly bet when a bankroll is given."""

from __future__ import annotations

import argparse
import math
from typing import TYPE_CHECKING, Any

import attrs

from ..cards.card import Card, format_cards, parse_cards
from ..cards.income_rates import MAX_OPPONENTS
from ..errors import CardCountError, SettingError
from ..stats.hand_statistics import HandStatistics
from ..strategy.actions import Action
from ..strategy.advice import DEFAULT_STRATEGY, advise
from ..strategy.situation import Advice, Situation
from ..strategy.kelly import kelly_bet, kelly_fraction, showdown_probabilities
from ..validators import shown
from .options import add_board, add_json, add_lookahead, add_opponents, add_range, amount_reader, whole, words
from .output import colour, print_json

if TYPE_CHECKING:
    import numpy as np

    from ..ranges.range import Range
    from ..ranges.weight_inputs import WeightsLike

__all__ = ['advice_words', 'hand_cards', 'opponent_weights', 'player_statistics', 'why_they_differ']


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        'advise', help="Loki's betting advice and the Kelly bet",
        description="Loki's betting rules (Papp 1998) for one decision, with the reason and the numbers "
                    "behind it: before the flop Papp's pre-flop strategy (section 6.1) for the players in the "
                    "hand, after it the rules on EHS; with --bankroll, also the Kelly bet (Cassandra).",
        epilog='examples:\n'
               '  poker advise "Ah Kh" --board "Qh Jh 2c" --pot 20 --to-call 4 --bet-size 4\n'
               '  poker advise 9c9d --board "Ks 7h 2d 4c" --pot 30 --to-call 0 --bet-size 8 --opponents 2\n'
               '  poker advise Ah8h --pot 3 --to-call 2 --bet-size 2 -n 3 --position 2 --tightness tight\n'
               '  poker advise AsKd --pot 3 --to-call 2 --bet-size 2 --range "QQ+,AKs" --bankroll 500 --json',
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('hole', nargs='+', help='your two hole cards, e.g. "Ah Kh" (spaces optional)')
    add_board(parser)
    parser.add_argument('--pot', type=amount_reader('the pot'), required=True,
                        help="the pot before you act, this round's bets included")
    parser.add_argument('--to-call', type=amount_reader('the amount to call'), required=True,
                        help='what it costs you to stay in (0: nothing)')
    parser.add_argument('--bet-size', type=amount_reader('the bet size', positive=True), required=True,
                        help='the bet of this round (fixed limit)')
    parser.add_argument('--bets', type=whole('bets', 0, 100), default=0,
                        help='bets made this round, a blind included (default: the bets to call)')
    parser.add_argument('--called', action='store_true', help='you have already called a bet this round')
    parser.add_argument('--put-in', action='store_true',
                        help='you have already put money in voluntarily this round: called a bet, bet or raised '
                             '(read before the flop; --called implies it)')
    add_opponents(parser)
    add_lookahead(parser)
    add_range(parser)
    parser.add_argument('--bankroll', type=amount_reader('the bankroll', positive=True),
                        help='your bankroll: also print the Kelly bet')
    add_json(parser)
    add_preflop_options(parser)
    parser.set_defaults(handler=run)


def hand_cards(hole_text: str, board_text: str = '') -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Two hole cards and 0, 3, 4 or 5 board cards, all distinct, or a :class:`PokerError` saying why."""
    hole = tuple(parse_cards(hole_text))
    board = tuple(parse_cards(board_text))
    if len(hole) != 2:
        raise CardCountError(f'need 2 hole cards, got {len(hole)} in {shown(hole_text)}')
    if len(board) not in (0, 3, 4, 5):
        raise CardCountError(f'the board has 0, 3, 4 or 5 cards, got {len(board)} in {shown(board_text)}')
    parse_cards([*hole, *board])  # no card twice across hole and board
    return hole, board


def opponent_weights(hands: Range | str | None) -> np.ndarray | None:
    """The weights of a :class:`poker.ranges.range.Range` (or range text), or None for every holding alike."""
    if hands is None:
        return None
    from ..ranges.range import Range
    return Range.coerce(hands).weights


def player_statistics(hole: tuple[Card, ...], board: tuple[Card, ...], *, opponents: int = 1, weights: WeightsLike = None,
               lookahead: int | None = None) -> HandStatistics:
    """The hand's statistics from :class:`poker.stats.player.Player`."""
    from ..stats.player import Player
    return Player(hole, board).calculate_hand_statistics(opponents=opponents, lookahead=lookahead,
                                                         weights=weights)


def run(args: argparse.Namespace) -> int:
    hole, board = hand_cards(words(args.hole), args.board)
    situation = Situation(args.pot, args.to_call, args.bet_size, args.bets, args.called,  # checks the amounts
                          args.put_in or args.called)  # (a call of a bet is money put in)
    _check_players(args.opponents, args.players)
    weights = opponent_weights(args.range)
    stats = player_statistics(hole, board, opponents=args.opponents, lookahead=args.lookahead, weights=weights)
    if DEFAULT_STRATEGY.needs_next_card_ppot(stats, situation):  # the flop's pot odds weigh the next card
        one_card = player_statistics(hole, board, opponents=args.opponents, lookahead=1, weights=weights)
        stats = attrs.evolve(stats, next_card_ppot=one_card.ppot)
    advice = preflop_advice(args, hole, board, situation)
    if advice is None:
        advice = advise(stats, pot=situation.pot, to_call=situation.to_call, bet_size=situation.bet_size,
                        bets_this_round=situation.bets_this_round, called_this_round=situation.called_this_round)
    kelly = _kelly(stats, args.bankroll, situation.pot, args.opponents) if args.bankroll is not None else None
    bets = max(1, situation.bets) if not board else situation.bets   # (before the flop the big blind is a bet)
    if kelly is not None:
        kelly['why_they_differ'] = why_they_differ(advice, stats, situation, kelly['bet'], preflop=not board)
    if args.json:
        print_json({'hole': [str(c) for c in hole], 'board': [str(c) for c in board],
                    'situation': {'pot': situation.pot, 'to_call': situation.to_call,
                                  'bet_size': situation.bet_size, 'bets_this_round': situation.bets,
                                  'called_this_round': situation.called_this_round,
                                  'put_in_this_round': situation.put_in_this_round,
                                  'pot_odds': situation.pot_odds, 'semi_bluff_odds': situation.semi_bluff_odds},
                    'statistics': stats.to_dict(), 'advice': advice.to_dict(), 'kelly': kelly})
        return 0
    _print_text(hole, board, stats, advice, kelly, _players(args) if not board else None,
                (bets + 1) * situation.bet_size, situation.to_call)
    return 0


def advice_words(advice: Advice, level: float, to_call: float) -> str:
    """Loki's action as the table's narrative says it (:func:`~poker.players.human.action_words`), the verb in
    capitals, with the chips a raise puts in: ``CALL 4``, ``BET 2``, ``RAISE to 4 (puts in 3: 1 to call, 2
    more)``; ``level`` is the round's bet after a raise, ``to_call`` what there was to call.

    >>> advice_words(Advice('raise', 3, 'Make2', 'Make2: raise 3'), 4, 1)
    'RAISE to 4 (puts in 3: 1 to call, 2 more)'
    """
    from ..players.human import action_words
    verb, _, rest = action_words(advice.action, advice.amount, level).partition(' ')
    said = f'{verb.upper()} {rest}'.rstrip()
    if advice.action == Action.RAISE:
        said += f' (puts in {advice.amount:g}: {to_call:g} to call, {advice.amount - to_call:g} more)'
    return said


def why_they_differ(advice: Advice, stats: HandStatistics, situation: Situation, bet: float, *,
                    preflop: bool = False) -> str | None:
    """One line on why Loki's advice and the Kelly bet ``bet`` part (None when they agree: both put chips in
    beyond the call, or neither; both stay in, or neither). Cassandra's rule reads the Kelly bet as an action:
    more than the call raises (bets), the call calls (checks), less folds. ``preflop``: Loki played Papp's
    pre-flop strategy (on the income rate)."""
    loki_raises = advice.action in (Action.BET, Action.RAISE)
    loki_stays = advice.action != Action.FOLD
    kelly_raises, kelly_stays = bet > situation.to_call, bet >= situation.to_call
    if (loki_raises, loki_stays) == (kelly_raises, kelly_stays):
        return None
    win, split = showdown_probabilities(stats)
    if kelly_raises:
        kelly = f'bet {bet:g}' if not situation.to_call else f'raise to {bet:g}'
    elif kelly_stays:
        kelly = 'check' if not situation.to_call else 'call'
    else:
        kelly = f'fold (its bet, {bet:g}, is less than the call, {situation.to_call:g})'
    loki = {'fold': 'folds', 'check': 'checks', 'call': 'calls', 'bet': 'bets', 'raise': 'raises'}[advice.action]
    odds = f' and the pot odds {situation.pot_odds:.3f}' if situation.to_call else ''
    reading = ("Papp's pre-flop rule {rule} on the hand's income rate (its worth over the whole hand, position "
               'and players counted)' if preflop else
               "its rule {rule} on EHS' {ehs:.3f} (the draws counted){odds}").format(
        rule=advice.rule, ehs=stats.ehs_prime, odds=odds)
    return (f'Kelly would {kelly}: it stakes the bankroll on the showdown chances alone, at any size (win '
            f'{win:.3f}, split {split:.3f} per opponent, the pot won back); Loki {loki} by {reading}, a '
            'fixed-limit bet at a time')


def _check_players(opponents: int, players: float | None) -> None:
    """The players expected to play (``--players``) are at most the opponents still in (``-n``) and the seat:
    the header and the pre-flop reason then speak of one table."""
    if players is not None and players > opponents + 1:
        needed = min(math.ceil(players) - 1, MAX_OPPONENTS)
        raise SettingError(f'--players {players:g} expects more players than {opponents} opponent'
                           f'{"s" if opponents > 1 else ""} and you: give -n {needed}')


def _kelly(stats: HandStatistics, bankroll: float, pot: float, opponents: int) -> dict[str, Any]:
    """The Kelly numbers, with the pot as the retained pot."""
    bet = min(kelly_bet(stats, bankroll, retained_pot=pot, opponents=opponents), math.floor(bankroll))
    win, split = showdown_probabilities(stats)
    fraction = kelly_fraction(win, split, opponents, pot / bankroll) if bankroll > 0 else 0.0
    return {'bet': bet, 'fraction': fraction, 'bankroll': bankroll, 'retained_pot': pot,
            'opponents': opponents, 'win': win, 'split': split}


def _print_text(hole: tuple[Card, ...], board: tuple[Card, ...], stats: HandStatistics, advice: Advice,
                kelly: dict[str, Any] | None, players: float | None, level: float, to_call: float) -> None:
    where = f'on {format_cards(board)}' if board else 'before the flop'
    strategy = '' if players is None else f" (Papp's pre-flop strategy for {players:g} players)"
    print(f'{format_cards(hole)} {where} against {stats.opponents} opponent{"s" if stats.opponents > 1 else ""}'
          f'{strategy}')
    next_card = '' if stats.next_card_ppot is None else f' (next card {stats.next_card_ppot:.4f})'
    print(f"HS {stats.hs:.4f}  HSn {stats.hs_n:.4f}  PPOT {stats.ppot:.4f}{next_card}  NPOT {stats.npot:.4f}  "
          f"EHS {stats.ehs:.4f}  EHS' {stats.ehs_prime:.4f}")
    print(f'Loki: {colour(advice_words(advice, level, to_call), "bold")}  ({advice.reason})')
    if kelly is not None:
        print(f"Kelly: bet {kelly['bet']} of {kelly['bankroll']:g} (fraction {kelly['fraction']:.4f}; "
              f"win {kelly['win']:.4f}, split {kelly['split']:.4f} per opponent, retained pot "
              f"{kelly['retained_pot']:g})")
        if kelly['why_they_differ']:
            print(f"Why they differ: {kelly['why_they_differ']}")


# ------------------------------------------------------------------ Papp's pre-flop strategy (issue 12)
def add_preflop_options(parser: argparse.ArgumentParser) -> None:
    """--players, --position and --tightness: Papp's pre-flop strategy (section 6.1), played with no board."""
    group = parser.add_argument_group("Papp's pre-flop strategy (what advise plays with no board)")
    group.add_argument('--players', type=amount_reader('players', positive=True), metavar='P',
                       help='players expected to play the hand, you among them: at most opponents + 1 (picks '
                            'the income-rate table; default opponents + 1)')
    group.add_argument('--position', type=whole('position', 0, 21), metavar='N',
                       help="Papp's position: 0 on the button, players - 1 in the small blind (default 0)")
    group.add_argument('--tightness', choices=('tight', 'moderate', 'loose'),
                       help='tight, moderate or loose (default loose, as Loki)')


def _players(args: argparse.Namespace) -> float:
    """The players expected to play: ``--players``, or the opponents (checked) and the seat."""
    return float(args.opponents + 1) if args.players is None else float(args.players)


def preflop_advice(args: argparse.Namespace, hole: tuple[Card, ...], board: tuple[Card, ...],
                   situation: Situation) -> Advice | None:
    """The pre-flop strategy's advice when there is no board, else None (the rules on EHS decide)."""
    if board:
        return None
    from ..strategy.advice import advise_preflop
    position = 0 if args.position is None else args.position
    return advise_preflop(hole, players=_players(args), position=position, pot=situation.pot, to_call=situation.to_call,
                          bet_size=situation.bet_size, bets_this_round=max(1, situation.bets),
                          put_in_this_round=situation.put_in_this_round, tightness=args.tightness or 'loose')
