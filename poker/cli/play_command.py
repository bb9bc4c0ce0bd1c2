"""``poker play [--opponents loki,loki-no-model,... | -n N] [--coach] [--hands N] [--seed S] [--log FILE]``: fixed-limit
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

from ..errors import SettingError
from ..matches.duplicate import SMALL_BET, SessionLog
from ..players.human import HumanPlayer, SessionEnded
from ..players.kinds import PLAYER_KINDS, make_seat, read_player, seat_names
from ..table.game import MAX_HANDS, FixedLimitGame
from .options import OPPONENTS, add_seed, whole
from .output import printable



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
               '  poker play -n 3 --coach   (three loki opponents)\n'
               '  poker play --opponents loki --player mybots:PairBot   (an opponent of your own, module:factory)\n'
               '  poker history session.log   (the session read back)',
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('-n', '--opponents', type=opponents_value, default=1, metavar='N|A,B,...',
                        help=f'your opponents: how many (1 to {FixedLimitGame.MAX_SEATS - 1}, all loki; -n reads a '
                             f'number as in every command) or their names, comma-separated (a name may repeat), as '
                             f'poker match names its players: {", ".join(PLAYER_KINDS)} (default: one loki)')
    parser.add_argument('--player', action='append', default=[], metavar='MODULE:FACTORY',
                        help='one more opponent of your own, after those of --opponents (repeat for more)')
    parser.add_argument('--coach', action='store_true',
                        help="before each of your decisions, show what Loki sees in your place and its advice")
    parser.add_argument('--hands', type=whole('hands', 1, MAX_HANDS), default=None, metavar='N',
                        help='hands to play (default: until you leave with q, Ctrl-D or Ctrl-C)')
    parser.add_argument('--log', default=None, metavar='FILE',
                        help='write every hand finished to FILE in the ACPC log format, as poker match --log does '
                             '(then: poker history FILE)')
    add_seed(parser)
    parser.set_defaults(handler=run)


def opponents_value(text: str) -> int | list[str]:
    """``--opponents``' value: a number read as every command's ``-n/--opponents`` reads it, else the opponents'
    names (comma-separated, checked when the table is set: :func:`~poker.players.kinds.read_player`)."""
    if text.strip().isascii() and text.strip().isdigit():
        return OPPONENTS(text)
    names = [name.strip() for name in text.split(',') if name.strip()]
    if not names:
        raise argparse.ArgumentTypeError(f'no opponent named in {text!r}: give a number or names such as loki,station')
    return names


def opponents(args: argparse.Namespace) -> list[str]:
    """The opponents: those ``--opponents`` names and then those of ``--player``, or ``--opponents N`` loki players
    (with ``--player``: N counts them all); 1 to 9 of them."""
    own = [spec.strip() for spec in args.player if spec.strip()]
    if isinstance(args.opponents, list):
        specs = [*args.opponents, *own]
    elif own and args.opponents not in (1, len(own)):
        raise SettingError(f'-n {args.opponents} opponents, but --player names {len(own)}: give one or the other')
    else:
        specs = own or ['loki'] * args.opponents
    if len(specs) > FixedLimitGame.MAX_SEATS - 1:
        raise SettingError(f'a table seats you and at most {FixedLimitGame.MAX_SEATS - 1} opponents, got '
                           f'{len(specs)}')
    return specs


def run(args: argparse.Namespace) -> int:
    specs = opponents(args)
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

