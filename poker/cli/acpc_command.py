"""``poker acpc HOST PORT --game FILE``: play one player of a match on the ACPC dealer (protocol 2.0.0), and say
what it won in small bets per hand with a 95% interval (:func:`~poker.formats.acpc_client.play_acpc`)."""

from __future__ import annotations

import argparse

from ..formats.acpc_client import DEFAULT_TIMEOUT, play_acpc
from ..players.kinds import PLAYER_KINDS
from .options import add_json, add_seed, amount_reader, whole
from .output import print_json


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        'acpc', help='play a match on the ACPC dealer (the Annual Computer Poker Competition\'s server)',
        description='Connect to an ACPC dealer (protocol version 2.0.0) at HOST PORT and play one player of its '
                    'match, fixed-limit hold\'em as the game definition file says (2 to 10 players), until the '
                    'dealer closes the connection. The player is one of '
                    f'{", ".join(PLAYER_KINDS)}, or an outside player module:factory (as in poker match); one '
                    'player plays the whole match and keeps its models. A progress line shows on a terminal. A '
                    'dealer that sends no whole line within --timeout seconds, or a line that cannot be read or '
                    'contradicts the hand so far, ends the match with one line (exit status 2). --log writes a '
                    'header with the game (# comment lines), so poker history reads the log without --game.',
        epilog='examples:\n'
               '  dealer m holdem.limit.2p.reverse_blinds.game 1000 0 Loki Other -p 18001,18002   (the ACPC dealer)\n'
               '  poker acpc localhost 18001 --game holdem.limit.2p.reverse_blinds.game --player loki\n'
               '  poker acpc localhost 18001 --game holdem.limit.3p.game --player mybots:make_bot --log mine.log',
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('host', help='the dealer\'s host name or address')
    parser.add_argument('port', type=whole('port', 1, 65535), help='the port the dealer gave this player')
    parser.add_argument('--game', required=True, metavar='FILE',
                        help='the game definition file the dealer plays (GAMEDEF ... END GAMEDEF)')
    parser.add_argument('--player', default='loki', metavar='SPEC',
                        help='the player: a player name or module:factory (default: loki)')
    parser.add_argument('--name', default=None, help='the player\'s name in the log (default: from --player)')
    parser.add_argument('--log', default=None, metavar='FILE',
                        help='write each hand as an ACPC log line (STATE:...), the cards not seen left empty')
    parser.add_argument('--hands', type=whole('hands', 1, 10 ** 9), default=None, metavar='N',
                        help='stop after N hands (default: play until the dealer closes)')
    parser.add_argument('--timeout', type=amount_reader('the timeout', positive=True), default=DEFAULT_TIMEOUT,
                        metavar='SECONDS',
                        help='the most seconds to wait for the dealer: to connect and send its first line, then '
                             'for each whole line after an answer (at most 10**6; default: '
                             f'{DEFAULT_TIMEOUT:g}, above the ACPC dealer\'s own 10 minutes for an answer)')
    add_seed(parser)
    add_json(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    result = play_acpc(args.host, args.port, args.game, args.player.strip(), name=args.name, seed=args.seed,
                       hands=args.hands, log=args.log, timeout=args.timeout)
    if args.json:
        print_json(result.to_dict())
        return 0
    mean, half = result.per_hand(), result.half_width()
    print(f'{result.hands:,} hands as {result.name}: {mean:+.3f} sb/hand, 95% interval [{mean - half:+.3f}, '
          f'{mean + half:+.3f}] ({sum(result.payoffs):+,.6g} chips)')
    return 0
