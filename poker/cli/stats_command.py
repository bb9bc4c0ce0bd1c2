"""``poker stats HOLE --board BOARD``: HS, HSn, PPOT, NPOT, EHS and EHS' of a hand, exactly.

The opponents' holdings are weighted uniformly, or by ``--range``; the library's
:class:`~poker.stats.player.Player` takes opponent models.

Ahead, tied and behind come both ways, under names that say which: ``share_ahead`` (``_tied``,
``_behind``) is the share, ``weighted_ahead`` (...) the weighted count, and ``outcomes_of`` says what was
counted: on a board the opponent's holdings now (so ``share_ahead`` is the share of holdings beaten now),
before the flop the showdowns over every board.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

import numpy as np

from ..cards.card import format_cards, parse_cards
from ..errors import CardParseError, PokerError
from ..ranges.weight_inputs import WeightSetLike, read_weights
from ..ranges.weights import known_holdings
from ..stats.hand_statistics import HandStatistics
from ..stats.player import Player
from ..validators import shown
from .options import add_board, add_json, add_lookahead, add_opponents, add_png, add_range, words
from .output import colour, print_json, printable

if TYPE_CHECKING:
    from ..stats.range_stats import RangeStatistics

_LABELS = ('ahead', 'tied', 'behind')
_TO_COME = {1: 'the next card', 2: 'the turn and river'}


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        'stats', help="hand strength, potential and EHS of a hand (Loki's statistics)",
        description="Loki's hand statistics by full enumeration: hand strength (HS, HSn), positive and "
                    "negative potential (PPOT, NPOT) and effective hand strength (EHS, EHS').",
        epilog='examples:\n  poker stats AhQh --board "3h 4s Jh"\n'
               '  poker stats Ah Qh --board 3h4sJh2c --opponents 3 --json\n'
               '  poker stats AhQh --board "3h 4s Jh" --range "TT+, AJs+, KQs, AKo"\n'
               '  poker stats AsAd --opponents 4\n'
               '  poker stats --hero-range "22+, A2s+, KTo+" --range "QQ+, AKs" --board "3h 4s Jh"\n'
               '  poker stats AhQh --board "3h 4s Jh" --png strength.png   (needs: pip install \'loki-holdem[plot]\')',
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('hole', nargs='*', help='the two hole cards, e.g. AhQh (or --hero-range)')
    add_board(parser)
    add_opponents(parser)
    add_lookahead(parser)
    add_range(parser)
    add_range_options(parser)
    add_json(parser)
    add_png(parser)
    parser.set_defaults(handler=run)


def _number(value: float) -> str:
    """Whole counts with thousands separators, anything else with four decimals."""
    return f'{int(value):,}' if float(value).is_integer() else f'{value:,.4f}'


def outcome_counts(player: Player, stats: HandStatistics, weights: WeightSetLike = None) -> dict[str, Any]:
    """Ahead, tied and behind both as shares and as weighted counts, saying what was counted.

    On a board they are the opponent's holdings now (each counted by its weight); before the flop the
    showdowns after every board (the weighted holdings times :attr:`HandStatistics.runouts`), since
    :class:`HandStatistics` holds the shares there.
    """
    total = stats.ahead + stats.tied + stats.behind
    counts: tuple[float, ...]
    if player.board:
        counts = (stats.ahead, stats.tied, stats.behind)
        shares = tuple(count / total if total else 0.0 for count in counts)
        of = 'weighted opponent holdings now'
    else:
        shares = tuple(share / total if total else 0.0 for share in (stats.ahead, stats.tied, stats.behind))
        array = read_weights(weights)[~known_holdings(card.index for card in player.hole_cards)]
        showdowns = float(array.sum()) * stats.runouts
        integral = stats.exact and bool(np.all(array == np.round(array)))
        counts = tuple(float(round(share * showdowns)) if integral else share * showdowns for share in shares)
        of = 'weighted showdowns over every board'
    return {'outcomes_of': of, **{f'share_{label}': value for label, value in zip(_LABELS, shares)},
            **{f'weighted_{label}': value for label, value in zip(_LABELS, counts)}}


def render(player: Player, stats: HandStatistics, use_colour: bool | None = None, weights: WeightSetLike = None) -> str:
    """The statistics as a readable table."""
    who = 'opponent' if stats.opponents == 1 else 'opponents'
    hand = player.hand
    where = f'on {format_cards(player.board)} ({player.street}): {hand.description}' if hand else \
        f'before the flop: {player.starting_hand.hand_class}'
    lines = [f'{colour(format_cards(player.hole_cards, sep=""), "bold", use_colour)} {where}, '
             f'against {stats.opponents} {who}']
    known = outcome_counts(player, stats, weights)
    if player.board:
        counts = ', '.join(f'{_number(known[f"weighted_{label}"])} {label}' for label in _LABELS)
        note = f'weighted holdings now: {counts} of {stats.holdings:,} holdings'
    else:
        note = 'shares of showdowns: ' + ', '.join(f'{known[f"share_{label}"]:.2%} {label}' for label in _LABELS)
    rows = [
        ('HS', stats.hs, note),
        ('HSn', stats.hs_n, f'HS to the power {stats.opponents}'),
        ('PPOT', stats.ppot, 'chance to pull ahead'),
        ('NPOT', stats.npot, 'chance to fall behind'),
        ('EHS', stats.ehs, 'HSn + (1 - HSn) PPOT - HSn NPOT'),
        ("EHS'", stats.ehs_prime, 'HSn + (1 - HSn) PPOT'),
    ]
    lines += [f'  {name:<5} {colour(f"{value:.4f}", "bold", use_colour)}   {note}' for name, value, note in rows]
    if not player.board:
        sampled = '' if stats.exact else f' (sampled, standard error {stats.standard_error:.4f})'
        lines.append(f'All-in equity over {stats.runouts:,} boards per holding{sampled}; '
                     f'income rate {stats.income_rate:+d} thousandths of a bet (Papp).')
    elif stats.lookahead:
        lines.append(f'Transitions over {stats.runouts:,} runouts per holding '
                     f'(rows now, columns after {_TO_COME[stats.lookahead]}):')
        cells = [[_number(x) for x in row] for row in stats.transitions]
        width = max(8, *(len(cell) for row in cells for cell in row))
        lines.append('         ' + ''.join(f'{label:>{width + 2}}' for label in _LABELS))
        lines += [f'  {label:<7}' + ''.join(f'{cell:>{width + 2}}' for cell in row)
                  for label, row in zip(_LABELS, cells)]
    else:
        lines.append('No look-ahead: PPOT and NPOT are 0.')
    return '\n'.join(lines)


def _names_a_range(text: str) -> bool:
    """Whether ``text`` is no cards but a range (``AKs``, ``QQ+``): what ``--hero-range`` takes."""
    from ..ranges.range import Range

    try:
        parse_cards(text)
    except PokerError:
        try:
            Range.parse(text)
        except PokerError:
            return False
        return True
    return False


def run(args: argparse.Namespace) -> int:
    if args.hero_range is not None:
        return run_range(args)
    if not args.hole:
        raise PokerError('give the two hole cards (e.g. poker stats AhQh) or a whole range with --hero-range')
    hole = words(args.hole)
    try:
        player = Player(hole, args.board)
    except CardParseError:
        if _names_a_range(hole):
            raise PokerError(f'{shown(hole)} is a range, not two hole cards: give it with --hero-range') from None
        raise
    weights = args.range
    stats = player.calculate_hand_statistics(opponents=args.opponents, lookahead=args.lookahead, weights=weights)
    if args.png:
        draw(player, stats, args.png, weights)
    if args.json:
        data = {key: value for key, value in stats.to_dict().items() if key not in _LABELS}  # named below
        print_json({'street': player.street, **data, **outcome_counts(player, stats, weights),
                    **({'picture': args.png} if args.png else {})})
    else:
        print(render(player, stats, weights=weights))
        if args.png:
            print(f'picture: {args.png}')
    return 0


def draw(player: Player, stats: HandStatistics, path: str, weights: WeightSetLike = None) -> None:
    """The histogram of HSn after each runout of the look-ahead (their mean is the EHS against one opponent)."""
    from ..pictures.plots import runout_strengths, strength_distribution_png
    if not player.board:
        raise PokerError('a picture of the runouts needs a board of 3, 4 or 5 cards (--board)')
    values = runout_strengths(player.hole_cards, player.board, stats.lookahead, weights) ** stats.opponents
    to_come = _TO_COME.get(stats.lookahead, 'no more cards')
    who = 'one opponent' if stats.opponents == 1 else f'{stats.opponents} opponents'
    strength_distribution_png(
        values, path, markers={'HSn now': stats.hs_n, 'EHS': stats.ehs},
        title=f'{format_cards(player.hole_cards)} on {format_cards(player.board)} against {who} '
              f'{"(any holding)" if weights is None else "holding " + range_words(weights)}: '
              f'{len(values):,} runouts ({to_come})',
        label='HSn after the runout' if stats.opponents > 1 else 'HS after the runout')


def range_words(weights: WeightSetLike, longest: int = 60) -> str:
    """How a picture's title names a range: its text (cut to ``longest`` characters, so that the title fits), or
    ``'any holding'`` for None.

    >>> range_words(None), range_words('QQ+, AKs'), range_words('2c2d, 2c2h, 2c2s, 2d2h, 2d2s, 2h2s, 3c3d', 20)
    ('any holding', 'QQ+, AKs', '2c2d, 2c2h, 2c2s...')
    """
    if weights is None:
        return 'any holding'
    text = ' '.join(str(weights).split())
    return text if len(text) <= longest else text[:longest - 3].rstrip(', ') + '...'


# ------------------------------------------------------------------------------ a whole hero range
def add_range_options(parser: argparse.ArgumentParser) -> None:
    """The options of the range mode: ``--hero-range`` (instead of hole cards) and ``--show``."""
    parser.add_argument('--hero-range', default=None, metavar='RANGE',
                        help='statistics for every holding of this range at once, e.g. "22+, A2s+, KTo+" '
                             '(a 13x13 grid of the classes; give no hole cards)')
    parser.add_argument('--show', choices=('ehs', 'hs', 'equity'), default='ehs',
                        help='with --hero-range: the statistic in the grid (default ehs)')


def range_grid(stats: RangeStatistics, show: str) -> list[list[str]]:
    """The 13x13 cells: each class's hero-weighted mean of ``show``, blank outside the range."""
    from ..cards.starting_hand import HAND_CLASSES
    means = stats.by_class(show)
    return [[f'{means[name]:.3f}'.lstrip('0') if name in means else '' for name in HAND_CLASSES[13 * r:13 * r + 13]]
            for r in range(13)]


def run_range(args: argparse.Namespace) -> int:
    """``poker stats --hero-range ...``: every holding of the hero range against the opponent's range."""
    from ..markup import GRID_NOTE
    from ..ranges.range import Range
    from ..stats.range_stats import range_statistics
    from .grid import render_grid
    if args.hole:
        raise PokerError(f'give hole cards or --hero-range, not both (got {shown(" ".join(args.hole))})')
    hero = Range.parse(args.hero_range)
    if not hero:
        raise PokerError(f'the hero range {shown(args.hero_range)} holds no holding')
    opponent = args.range
    against = 'every holding' if opponent is None else str(opponent)
    stats = range_statistics(hero, args.board, opponent, lookahead=args.lookahead,
                             opponents=args.opponents)
    if args.png:
        from ..pictures.plots import range_statistics_png
        range_statistics_png(stats, args.png, statistic=args.show,
                             title=f'{range_words(hero)} against {range_words(opponent)}'
                                   f'{" on " + format_cards(stats.board) if stats.board else " before the flop"}')
    if args.json:
        print_json({'board': [str(c) for c in stats.board], 'lookahead': stats.lookahead, 'opponents': stats.opponents,
                    'show': args.show, 'holdings': len(stats), 'opponent_holdings': stats.opponent_holdings,
                    'range_equity': stats.range_equity, 'exact': stats.exact, 'classes': stats.by_class(args.show),
                    **({'picture': args.png} if args.png else {})})
        return 0
    where = f'on {format_cards(stats.board)}' if stats.board else 'before the flop'
    print(f'{printable(args.hero_range)} ({len(stats):,} holdings) {where} against '
          f'{against} ({stats.opponent_holdings:,} holdings): mean {args.show.upper()} '
          f'by class ({GRID_NOTE})')
    print(render_grid(range_grid(stats, args.show)))
    sampled = '' if stats.exact else ' (sampled)'
    print(f'range equity {stats.range_equity:.4f}{sampled}')
    if args.png:
        print(f'picture: {args.png}')
    return 0
