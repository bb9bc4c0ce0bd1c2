"""Loki at work: the Java program's classic example worked out exactly, then a seeded hand of fixed-limit hold'em.

    python examples/pokergame.py                       # the classic example and one hand, in seconds
    python examples/pokergame.py --seed 7 --players 6  # another deal, another table
    python examples/pokergame.py --hands 500           # many hands: a table of results per player
    python examples/pokergame.py --hands 500 --log hands.log   # ... and every hand in the ACPC log format
    python examples/pokergame.py --loki2 2             # the last two seats play Loki-2 (Pena 1999)
    python examples/pokergame.py --scenario examples/scenarios.toml   # your own hands instead

The classic example is A♥Q♥ on a flop of 3♥4♠J♥ (the Java program's, after Papp 1998, Table 5.1) against 1 and
5 opponents, with
one and two cards of look-ahead: HS, HSn, PPOT, NPOT, EHS and EHS'. The hand is played by Loki-style
players with opponent models (poker.players.modelling.ModellingLokiPlayer): before the flop they play
Papp's income-rate strategies (poker.strategy.preflop), after it they compute their statistics against
the weights their models give each opponent and follow poker.strategy.advice.advise; the narration shows both,
the action the table took, and after each call, bet or raise the top of the actor's range as the next
seat now sees it (the classes with the most weight, and the share of the weight left). With --loki2 N the last
N seats play Loki-2 instead (poker.players.loki2.Loki2Player, the kind 'loki2': probability triples for its
models, and after the flop the action a selective-sampling simulation finds best).

A scenario file (TOML or JSON) lists hands to work out like the classic one; examples/scenarios.toml
shows every field, and poker/stats/scenario.py describes them.

The program keeps the poker command's rules (poker.cli.run_program): it reads numbers with the same readers,
answers bad input with one line on stderr and status 2, Ctrl-C (from its first statement on) with 130, a
closed output with 141 and a full one with 1, and writes in any output encoding.
"""

if __name__ == '__main__':  # hold Ctrl-C while the library loads (run_program answers it: exit 130), with the
    try:                    # built-in _signal: no Python code runs first (see _poker_entry.py)
        from _signal import SIG_BLOCK, SIGINT, pthread_sigmask  # type: ignore[import-not-found]  # (no stub)
    except ImportError:  # no pthread_sigmask (Windows)
        pass
    else:
        pthread_sigmask(SIG_BLOCK, {SIGINT})

import argparse  # noqa: E402 - after Ctrl-C is held
import functools  # noqa: E402
import random  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Sequence  # noqa: E402
from typing import TextIO  # noqa: E402

from poker import Card, SettingError  # noqa: E402
from poker.cli import OneLineErrorParser, printable, run_program, whole  # noqa: E402

MAX_SEED = 2 ** 63 - 1  # the library's one seed range (poker.validators.read_seed), as the poker commands read it
from poker import ActionRecord, FixedLimitGame, HandResult  # noqa: E402
from poker.formats import GameDefinition, HandLog, LogLine  # noqa: E402
from poker.table import PlayerSummary  # noqa: E402
from poker.cards import INCOME_RATES, income_rate_table  # noqa: E402
from poker import HandStatistics, ModellingLokiPlayer, Scenario, load_scenarios  # noqa: E402
from poker.players import Loki2Player, SelectiveSampling  # noqa: E402

NAMES = ('Ann', 'Bob', 'Cat', 'Dan', 'Eve', 'Fay', 'Gus', 'Hal', 'Ivy', 'Joe')
HOLE, FLOP = (Card.parse('Ah'), Card.parse('Qh')), (Card.parse('3h'), Card.parse('4s'), Card.parse('Jh'))
CLASSIC = (
    Scenario(hole=HOLE, board=FLOP, opponents=1, lookahead=(1, 2), name="The Java example"),
    Scenario(hole=HOLE, board=FLOP, opponents=5, lookahead=(1, 2), name="The Java example"),
)
VERBS = {'fold': 'folds', 'check': 'checks', 'call': 'calls', 'bet': 'bets', 'raise': 'raises'}


def cards_text(cards: Sequence[Card]) -> str:
    """Cards with suit symbols (``A♥ Q♥``); an output that cannot show them writes them as text (``Ah Qh``: see
    poker.cli.program.run_program)."""
    return ' '.join(card.pretty for card in cards)


# ------------------------------------------------------------------------------------------- scenarios
STATS_HEADER = ''.join(f'{title:>{width}}' for title, width in (
    ('opponents', 11), ('look-ahead', 12), ('HS', 8), ('HSn', 8), ('PPOT', 8), ('NPOT', 8), ('EHS', 8), ("EHS'", 8)))


def stats_row(stats: HandStatistics) -> str:
    lookahead = {0: 'none', 1: '1 card'}.get(stats.lookahead, f'{stats.lookahead} cards')
    numbers = (stats.hs, stats.hs_n, stats.ppot, stats.npot, stats.ehs, stats.ehs_prime)
    return f'{stats.opponents:>11}{lookahead:>12}' + ''.join(f'{x:>8.4f}' for x in numbers)


def show_scenarios(scenarios: Sequence[Scenario], out: TextIO | None = None) -> None:
    out = out or sys.stdout
    for number, scenario in enumerate(scenarios):
        if number:
            print(file=out)
        cards = cards_text(scenario.hole)
        cards += f' on {cards_text(scenario.board)}' if scenario.board else ' before the flop'
        plural = 's' if scenario.opponents != 1 else ''
        heading = f'{cards} against {scenario.opponents} opponent{plural}'
        print(f'{printable(scenario.name)}: {heading}' if scenario.name else heading, file=out)
        if scenario.ranges:
            print(f'  opponents hold: {printable(" | ".join(scenario.ranges))}', file=out)
        results = scenario.run()
        print(STATS_HEADER, file=out)
        for stats in results:
            print(stats_row(stats), file=out)
        first = results[0]
        if not scenario.board:
            counts = (f'  all-in showdowns: won {first.win_probability:.1%}, split {first.tie_probability:.1%}, '
                      f'lost {first.loss_probability:.1%}')
        elif all(float(x).is_integer() for x in (first.ahead, first.tied, first.behind)):
            counts = f'  opponent holdings now: ahead {first.ahead:g}, tied {first.tied:g}, behind {first.behind:g}'
        else:
            counts = (f'  opponent holdings now (weighted shares): ahead {first.win_probability:.3f}, '
                      f'tied {first.tie_probability:.3f}, behind {first.loss_probability:.3f}')
        if scenario.board and first.holdings:
            counts += f' ({first.holdings:,} with weight)'
        if first.income_rate is not None:
            counts += f'; income rate {first.income_rate:+d}'
        print(counts, file=out)


# ------------------------------------------------------------------------------------------------ game
class ModelShowingLoki(ModellingLokiPlayer):
    """A modelling Loki seat (poker.players.modelling) that remembers, after each action of another seat,
    the top of that seat's range as it now sees it, for the narration."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.seen: dict[int, tuple[list[tuple[str, float]], float]] = {}
        self.actions = 0

    def begin_hand(self, seat: int, names: tuple[str, ...], hole: tuple[Card, ...], button: int) -> None:
        super().begin_hand(seat, names, hole, button)
        self.seen, self.actions = {}, 0

    def observe(self, record: ActionRecord, board: tuple[Card, ...]) -> None:
        super().observe(record, board)
        model = self.models.get(self.seat_names[record.seat]) if record.seat != self.seat else None
        if model is not None and record.action in ('call', 'bet', 'raise'):
            self.seen[self.actions] = (model.top(6), model.range_share())
        self.actions += 1


class ModelShowingLoki2(ModelShowingLoki, Loki2Player):
    """A Loki-2 seat (the kind 'loki2': B, R and S with specific models, poker.players.loki2) that remembers what
    it sees as ModelShowingLoki does; its random numbers (its draws and its simulations') from ``seed``."""

    def __init__(self, name: str, seed: int) -> None:
        super().__init__(name)
        self.random = random.Random(seed)
        self.simulation = SelectiveSampling(self.triples)


def _range_seen(game: FixedLimitGame, hand: HandResult, index: int, record: ActionRecord) -> str | None:
    """The acting seat's range after action ``index``, as the next seat sees it (None if it saw nothing)."""
    observer = game.players[(record.seat + 1) % len(game.players)]
    seen = getattr(observer, 'seen', {}).get(index)
    if seen is None:
        return None
    top, share = seen
    classes = ' '.join(f'{name} {weight:.2f}' for name, weight in top)
    return f'{hand.names[(record.seat + 1) % len(hand.names)]} now sees {share:.0%} of the weight left: {classes}'


def _positions(hand: HandResult) -> dict[int, str]:
    count = len(hand.names)
    if count == 2:
        return {hand.button: 'button, small blind', (hand.button + 1) % 2: 'big blind'}
    return {hand.button: 'button', (hand.button + 1) % count: 'small blind',
            (hand.button + 2) % count: 'big blind'}


def _statistics_text(stats: HandStatistics) -> str:
    text = (f'HS {stats.hs:.3f}  HSn {stats.hs_n:.3f}  PPOT {stats.ppot:.3f}  NPOT {stats.npot:.3f}  '
            f'EHS {stats.ehs:.3f}')
    if stats.income_rate is not None:  # labelled with its table, as the advice labels its own
        table = income_rate_table(stats.opponents)
        group = next(name for name, rates in INCOME_RATES.items() if rates is table)
        text += f'  IR {stats.income_rate:+d} (table for {group} opponent{"" if group == "1" else "s"})'
    return text


def replay_options(seed: int, players: int, number: int, loki2: int = 0) -> str:
    """The options of this program that tell hand ``number`` of a session again (as the last hand told)."""
    options = f'--seed {seed} --players {players}' + (f' --loki2 {loki2}' if loki2 else '')
    return options if number == 1 else f'{options} --hands {number} --verbose'


def narrate(game: FixedLimitGame, hand: HandResult, out: TextIO | None = None, replay: str | None = None) -> None:
    """Tell one hand street by street: each decision's statistics and advice, the action taken, the showdown.

    ``replay``, if given, is said in the header: how to see this hand again (see :func:`replay_options`).
    """
    out = out or sys.stdout
    names = hand.names
    width = max(len(name) for name in names)
    again = f' (replay: {replay})' if replay else ''
    print(f"Hand {hand.number} of fixed-limit hold'em{again}: {len(names)} Loki-style players, "
          f'blinds {game.small_blind}/{game.small_bet}, bets {game.small_bet}/{game.big_bet}', file=out)
    positions = _positions(hand)
    for seat, name in enumerate(names):
        where = f' ({positions[seat]})' if seat in positions else ''
        hole = cards_text(sorted(hand.holes[seat], reverse=True))
        kind = '  [Loki-2]' if isinstance(game.players[seat], Loki2Player) else ''
        print(f'  seat {seat + 1}  {name:<{width}}  {hole}{where}{kind}', file=out)
    for street in hand.streets:
        board = hand.board[:{'preflop': 0, 'flop': 3, 'turn': 4, 'river': 5}[street]]
        records = hand.street_actions(street)
        heading = street.capitalize()
        if board:
            heading += f'  {cards_text(board)}  (pot {records[0].pot - records[0].amount})'
        print(f'\n{heading}', file=out)
        for record in records:
            index = hand.actions.index(record)
            name = f'{names[record.seat]:<{width}}'
            if record.decision is None:
                print(f'  {name}  posts the {record.action}: {record.amount}', file=out)
                continue
            decision = record.decision
            if decision.stats is not None:
                print(f'  {name}  {_statistics_text(decision.stats)}', file=out)
            taken = VERBS[record.action] + (f': {record.amount} in' if record.amount else '') + f', pot {record.pot}'
            if record.asked:
                capped = record.asked in ('bet', 'raise') and record.action in ('call', 'check')
                why = f'betting capped at {game.cap} bets' if capped else f'{record.asked} means {record.action} here'
                taken += f' ({why})'
            if decision.advice is not None:
                advice = f'advise: {decision.advice.action}'
                if getattr(decision.advice, 'reason', ''):
                    advice += f' ({decision.advice.reason})'
                print(f'  {" " * width}  {advice}  ->  {taken}', file=out)
            else:
                print(f'  {name}  {taken}', file=out)
            seen = _range_seen(game, hand, index, record)
            if seen is not None:
                print(f'  {" " * width}  {seen}', file=out)
    print(file=out)
    if hand.showdown:
        print(f'Showdown  {cards_text(hand.board)}', file=out)
        for seat, shown in hand.hands.items():
            mark = '  wins' if seat in hand.winners else ''
            hole = cards_text(sorted(hand.holes[seat], reverse=True))
            print(f'  {names[seat]:<{width}}  {hole}  {shown.description:<28} {cards_text(shown.best_five)}{mark}',
                  file=out)
        winners = [names[seat] for seat in hand.winners]
        best = hand.hands[hand.winners[0]].description
        if len(winners) == 1:
            print(f'{winners[0]} wins the pot of {hand.pot} chips with {best}.', file=out)
        else:
            print(f'{" and ".join(winners)} split the pot of {hand.pot} chips, each with {best}.', file=out)
    else:
        print(f'Everyone else folded: {names[hand.winners[0]]} wins the pot of {hand.pot} chips.', file=out)
    print('Net: ' + ', '.join(f'{name} {net:+d}' for name, net in zip(names, hand.net)), file=out)


def summary_table(summaries: Sequence[PlayerSummary], small_bet: int) -> str:
    width = max(4, *(len(s.name) for s in summaries))
    lines = [f"  {'player':<{width}}{'pots won':>10}{'showdowns':>11}{'net chips':>11}{'small bets/hand':>17}"]
    for s in summaries:
        lines.append(f'  {s.name:<{width}}{s.won:>10.1f}{s.showdowns:>11}{s.net:>+11d}{s.per_hand(small_bet):>+17.3f}')
    return '\n'.join(lines)


class Progress:
    """A one-line progress bar on stderr, drawn only when stderr is a terminal."""

    def __init__(self, total: int, stream: TextIO | None = None, enabled: bool | None = None) -> None:
        self.total, self.stream = total, stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.start = time.perf_counter()

    def line(self, done: int, width: int = 30) -> str:
        filled = width * done // self.total if self.total else width
        elapsed = time.perf_counter() - self.start
        return f'\rhands {done:>{len(str(self.total))}}/{self.total} [{"#" * filled}{"." * (width - filled)}] ' \
               f'{elapsed:5.1f} s'

    def update(self, done: int) -> None:
        if self.enabled:
            self.stream.write(self.line(done))
            self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write('\r' + ' ' * 60 + '\r')
            self.stream.flush()


def play(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    first = args.players - args.loki2
    players: list[ModellingLokiPlayer] = [ModelShowingLoki(NAMES[seat]) for seat in range(first)]
    players += [ModelShowingLoki2(NAMES[seat], args.seed + seat) for seat in range(first, args.players)]
    game = FixedLimitGame(players, seed=args.seed)
    log = None if args.log is None else HandLog(
        args.log, GameDefinition.for_table(args.players),
        f'examples/pokergame.py --seed {args.seed} --players {args.players}; the game:')
    try:
        return _play_hands(args, game, out, log)
    finally:
        if log is not None:
            log.close()


def _play_hands(args: argparse.Namespace, game: FixedLimitGame, out: TextIO, log: HandLog | None) -> int:
    """Play the session's hands, each written to ``log`` (if any; an ACPC log line numbered from 0, or PHH for a
    ``.phh`` name)."""
    if args.hands == 1:
        hand = game.play_hand()
        if log is not None:
            log.write(LogLine.from_hand(hand, 0))
        narrate(game, hand, out, replay_options(args.seed, args.players, 1, args.loki2))
        return 0
    progress = Progress(args.hands)
    status = 0
    try:
        for done in range(1, args.hands + 1):
            hand = game.play_hand()
            if log is not None:
                log.write(LogLine.from_hand(hand, hand.number - 1))
            if args.verbose:
                narrate(game, hand, out, replay_options(args.seed, args.players, hand.number, args.loki2))
                print(file=out)
            progress.update(done)
    except KeyboardInterrupt:
        status = 130
    finally:
        progress.close()
    print(f'Results after {game.hands_played} hands (seed {args.seed}; blinds {game.small_blind}/{game.small_bet}, '
          f'bets {game.small_bet}/{game.big_bet})', file=out)
    print(summary_table(game.summary(), game.small_bet), file=out)
    return status


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineErrorParser(
        prog='pokergame.py', description=__doc__.split('\n\n')[0],
        epilog='examples:\n  python examples/pokergame.py --seed 7 --players 6\n'
               '  python examples/pokergame.py --hands 500\n'
               '  python examples/pokergame.py --scenario examples/scenarios.toml',
        formatter_class=argparse.RawDescriptionHelpFormatter)
    # numbers are read by the poker command's rules (poker.cli.whole: ASCII digits, within bounds)
    parser.add_argument('--seed', type=whole('seed', 0, MAX_SEED), default=None, metavar='S',
                        help=f'seed of the session (default {DEFAULTS["seed"]}); a hand header says how to replay it')
    parser.add_argument('--players', type=whole('players', 2, len(NAMES)), default=None, metavar=f'2..{len(NAMES)}',
                        help=f'players at the table (default {DEFAULTS["players"]})')
    parser.add_argument('--hands', type=whole('hands', 0, MAX_HANDS), default=None, metavar='N',
                        help='hands to play (default 1, told in full; more: a table of results; 0: none)')
    parser.add_argument('--loki2', type=whole('loki2', 0, len(NAMES)), default=None, metavar='N',
                        help='the last N seats play Loki-2 (Pena 1999: probability triples and simulation; '
                             'default 0)')
    parser.add_argument('--verbose', action='store_true', default=None,
                        help='with --hands N, tell every hand in full')
    parser.add_argument('--log', metavar='FILE', default=None,
                        help='write every hand to FILE in the ACPC log format (STATE:hand:betting:cards:payoffs:names, '
                             'hands numbered from 0; poker history FILE reads it), or in PHH when FILE ends .phh (pokerkit '
                             'and poker history read it)')
    parser.add_argument('--scenario', metavar='FILE',
                        help='work out the scenarios of a TOML or JSON file instead (see examples/scenarios.toml); '
                             'no hand is played, so the game options above do not go with it')
    return parser


DEFAULTS = {'seed': 2026, 'players': 4, 'hands': 1, 'loki2': 0, 'verbose': False, 'log': None}
"""The game options and their defaults; none of them goes with --scenario."""
MAX_HANDS = 10_000_000
"""The most hands a session plays (as many as ``poker match --hands``)."""


def game_options_with_scenario(args: argparse.Namespace) -> list[str]:
    """The game options given beside --scenario, which plays no hand (so they would be ignored)."""
    return [f'--{name}' for name in DEFAULTS if getattr(args, name) is not None] if args.scenario is not None else []


def main(argv: Sequence[str] | None = None) -> int:
    """Run the program on ``argv`` (by default its command line) by the rules of the poker command
    (poker.cli.run_program): returns the exit status, 0 done, 2 bad input (one line on stderr), 130 Ctrl-C."""
    return run_program(functools.partial(run, argv), 'pokergame.py')


def run(argv: Sequence[str] | None) -> int:
    args = build_parser().parse_args(argv)
    ignored = game_options_with_scenario(args)
    if ignored:
        raise SettingError(f'{", ".join(ignored)} cannot go with --scenario, which works out the file\'s '
                           'scenarios and plays no hand')
    for name, default in DEFAULTS.items():
        if getattr(args, name) is None:
            setattr(args, name, default)
    if args.loki2 > args.players:
        raise SettingError(f'--loki2 {args.loki2} is more seats than --players {args.players}')
    if args.scenario is not None:
        show_scenarios(load_scenarios(args.scenario))
        return 0
    show_scenarios(CLASSIC)
    if args.hands:
        print()
        return play(args)
    return 0


if __name__ == '__main__':
    sys.exit(main())
