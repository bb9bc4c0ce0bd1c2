"""``poker play [--opponents loki,loki-no-model,...] [--coach] [--hands N] [--seed S] [--log FILE]``: fixed-limit
hold'em at the terminal, one seat yours (a :class:`~poker.players.human.HumanPlayer`), the others the players
``poker match`` knows by name, at the library's own table (:class:`~poker.table.game.FixedLimitGame`).

The session ends after ``--hands`` hands, at ``q``, at the end of the input (Ctrl-D) or at Ctrl-C; in each case
the session's result is printed, and the log (``--log``, written by a match's writer,
:class:`~poker.matches.duplicate.SessionLog`) holds every hand finished. Ctrl-C ends with status 130, as in every
command.
"""

from __future__ import annotations

import argparse
import io
import random
import sys

from ..matches.duplicate import SMALL_BET, SessionLog
from ..players.human import HumanPlayer, SessionEnded
from ..players.kinds import PLAYER_KINDS, make_seat, read_player, seat_names
from ..table.game import MAX_HANDS, FixedLimitGame
from ..validators import shown
from .options import add_seed, whole
from .output import printable



def opponents_value(given: str) -> list[str]:
    """``--opponents``: the opponents by name, comma-separated (a kind of player, or ``module:factory``), or their
    number (that many ``loki``), 1 to 9.

    >>> opponents_value('loki, station'), opponents_value('2')
    (['loki', 'station'], ['loki', 'loki'])
    """
    stripped = given.strip()
    if stripped.isascii() and stripped.isdigit():
        count = int(stripped) if len(stripped) < 4 else 0
        if not 1 <= count <= FixedLimitGame.MAX_SEATS - 1:
            raise argparse.ArgumentTypeError(f'opponents must be 1 to {FixedLimitGame.MAX_SEATS - 1} (a number or '
                                             f'names), got {shown(given)}')
        return ['loki'] * count
    names = [name.strip() for name in given.split(',') if name.strip()]
    if not 1 <= len(names) <= FixedLimitGame.MAX_SEATS - 1:
        raise argparse.ArgumentTypeError(f'opponents must name 1 to {FixedLimitGame.MAX_SEATS - 1} players, '
                                         f'comma-separated, got {shown(given)}')
    for name in names:
        if ':' not in name and name not in PLAYER_KINDS:
            raise argparse.ArgumentTypeError(f'unknown player {shown(name)} (expected one of '
                                             f'{", ".join(PLAYER_KINDS)}, or module:factory)')
    return names


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        'play', help="play fixed-limit hold'em against Loki at the terminal, with Loki as your coach",
        description="Sit at a fixed-limit hold'em table (blinds 1/2, bets 2/4) with the opponents you name. Each "
                    'action is told as it happens, with the board and the pot; at your turn type f (fold), c '
                    '(check or call), r (bet or raise), or the words, and q to leave. A choice the rules do not '
                    'allow is refused with the reason. With --coach, before each of your decisions Loki shows what '
                    'it sees in your place: HS, PPOT, NPOT and EHS against the ranges your opponents\' actions '
                    'leave (re-weighted by its opponent models), and what it would do, by which rule. After each '
                    'hand: the cards shown and the chips won; at the end (or at q, Ctrl-D or Ctrl-C) the session\'s '
                    'result.',
        epilog='examples:\n'
               '  poker play --coach\n'
               '  poker play --opponents loki,loki-no-model --hands 20 --seed 7 --log session.log\n'
               '  poker play --opponents 3 --coach   (three loki opponents)\n'
               '  poker history session.log   (the session read back)',
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('-n', '--opponents', type=opponents_value, default=['loki'], metavar='A,B,...|N',
                        help=f'your opponents, comma-separated (a name may repeat): {", ".join(PLAYER_KINDS)} or an '
                             f'outside player module:factory; or their number, 1 to {FixedLimitGame.MAX_SEATS - 1} '
                             '(that many loki). Default: loki')
    parser.add_argument('--coach', action='store_true',
                        help="before each of your decisions, show what Loki sees in your place and its advice")
    parser.add_argument('--hands', type=whole('hands', 1, MAX_HANDS), default=None, metavar='N',
                        help='hands to play (default: until you leave with q, Ctrl-D or Ctrl-C)')
    parser.add_argument('--log', default=None, metavar='FILE',
                        help='write every hand finished to FILE in the ACPC log format, as poker match --log does '
                             '(then: poker history FILE)')
    add_seed(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    specs = list(args.opponents)
    for spec in specs:
        read_player(spec)  # an outside player's module imported now: an error before the table is set
    names = seat_names(['you', *specs])
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 32)
    seeds = random.Random(seed)
    if isinstance(sys.stdin, io.TextIOWrapper):  # bytes that are not text read as U+FFFD: refused, asked again
        sys.stdin.reconfigure(errors='replace')
    human = HumanPlayer(names[0], sys.stdin, sys.stdout, coach=args.coach)
    seats = [human, *(make_seat(spec, name, seeds.randrange(1 << 32)) for spec, name in zip(specs, names[1:]))]
    game = FixedLimitGame(seats, small_bet=SMALL_BET, seed=seeds.randrange(1 << 32))
    log = SessionLog(args.log, len(seats)) if args.log is not None else None
    hands = args.hands if args.hands is not None else MAX_HANDS
    print(f"Fixed-limit hold'em, blinds 1/2, bets 2/4: you against {', '.join(names[1:])} (seed {seed}; "
          f'{"coached; " if args.coach else ""}type f, c, r or q)')
    status, ended = 0, ''
    try:
        for _ in range(hands):
            hand = game.play_hand()
            if log is not None:
                log.write(hand)
    except SessionEnded as why:
        ended = f' ({why})'
    except KeyboardInterrupt:
        status, ended = 130, ' (interrupted)'
    finally:
        if log is not None:
            log.close()
    _print_result(game, ended, args.log)
    return status


def _print_result(game: FixedLimitGame, ended: str, log: str | None) -> None:
    """The session's result: each seat's chips and small bets per hand over the hands finished."""
    print()
    print(f'Session over after {game.hands_played:,} hand{"s" if game.hands_played != 1 else ""}{ended}:')
    width = max(len(player.name) for player in game.players)
    for summary in game.summary():
        per_hand = f'{summary.per_hand(SMALL_BET):+.3f} small bets per hand' if summary.hands else 'no hand'
        print(f'  {printable(summary.name):<{width}}  {summary.net:+6d} chips  ({per_hand})')
    if log is not None:
        print(f'log: {printable(log)} ({game.hands_played:,} hands)')

