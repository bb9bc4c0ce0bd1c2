"""Duplicate matches that measure Loki's opponent models and rules (issues 12 and 19).

    python bench/match.py [--parts heads-up,six,lokis,departures] [--bots station,maniac,...] [--departures TEXT]
                          [--deals-heads-up 2000] [--deals-six 400] [--deals-lokis 1500] [--workers 2] [--seed 19]

Every Loki variant (`loki`: specific modelling, `loki-generic`: generic modelling, `loki-no-model`) plays each
bot in the same duplicate match: the same seed deals the same cards and gives the bots the same random numbers,
so the three matches differ only in the Loki seat, and the difference "models minus no model" is paired deal by
deal (its interval is far narrower than either result's). Models learn through the whole match (each seating's
players play its deals in order).

- heads-up: each variant against each bot, two seatings per deal.
- six: each variant with five copies of each bot, six seatings per deal.
- lokis: three modelling Lokis against three without a model (Papp's self-play), generic and specific.
- departures: each of our departures from the thesis switched off, against the same opponents (see
  docs/modelling.md), paired with the default player.

Each row: small bets per hand (sb/hand) of the Loki seat, with the 95% interval mean +- 1.96 sd / sqrt(deals)
over the per-deal results (each deal's duplicate set is one independent sample). Times are wall-clock seconds.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from poker.processes import process_pool  # noqa: E402
from poker.matches.duplicate import MatchResult, match  # noqa: E402
from poker.strategy.advice import FullLokiStrategy  # noqa: E402
from poker.players.loki import LokiPlayer  # noqa: E402
from poker.players.modelling import ModellingLokiPlayer, SeatModel  # noqa: E402

BOTS = ('station', 'maniac', 'rock', 'random', 'aggressive', 'tight-aggressive', 'loose-passive')
VARIANTS = ('loki', 'loki-generic', 'loki-no-model')


# ------------------------------------------------------------------------------------------ departures
def papp_generic(name: str, seed: int) -> ModellingLokiPlayer:
    """Generic modelling as Papp's: every opponent read with Table B.2, whatever the table does."""
    return ModellingLokiPlayer(name, specific=False, generic_frequencies='defaults')


class PappModel(SeatModel):
    READS_SHOWDOWNS = False


class PappSpecific(ModellingLokiPlayer):
    model_class = PappModel


def papp_specific(name: str, seed: int) -> ModellingLokiPlayer:
    """Specific modelling that reads every action as strength, whatever the showdowns show (Papp's)."""
    return PappSpecific(name, specific=True)


class RoundedDown(ModellingLokiPlayer):
    PART_BET_COUNTS = False


def rounded_down(name: str, seed: int) -> ModellingLokiPlayer:
    """Models that read the small blind's first action as facing no bet (bets to call rounded down)."""
    return RoundedDown(name, specific=True)


class NoCheckRaise(FullLokiStrategy):
    use_check_raise = False


class NoFollowThrough(FullLokiStrategy):
    semi_bluff_follow_through = False


class TwoCardFlopPotOdds(FullLokiStrategy):
    flop_pot_odds_lookahead = 2


class RiverFollowThrough(FullLokiStrategy):
    follow_through_river = True


class CoinFlipCheckRaise(FullLokiStrategy):
    check_raise_chance = 0.5


def no_check_raise(name: str, seed: int) -> ModellingLokiPlayer:
    return ModellingLokiPlayer(name, specific=True, strategy=NoCheckRaise())


def no_follow_through(name: str, seed: int) -> ModellingLokiPlayer:
    return ModellingLokiPlayer(name, specific=True, strategy=NoFollowThrough())


def two_card_flop_pot_odds(name: str, seed: int) -> ModellingLokiPlayer:
    return ModellingLokiPlayer(name, specific=True, strategy=TwoCardFlopPotOdds())


def river_follow_through(name: str, seed: int) -> ModellingLokiPlayer:
    return ModellingLokiPlayer(name, specific=True, strategy=RiverFollowThrough())


class TableB2Reader(LokiPlayer):
    default_bet_frequency = 0.5


def no_model_table_b2(name: str, seed: int) -> LokiPlayer:
    """Loki without a model that reads every seat as betting half the time when checked to (so check-raises)."""
    return TableB2Reader(name, strategy=FullLokiStrategy())


def coin_flip_check_raise(name: str, seed: int) -> ModellingLokiPlayer:
    return ModellingLokiPlayer(name, specific=True, strategy=CoinFlipCheckRaise())


DEPARTURES: dict[str, tuple[Callable[[str, int], object], str]] = {
    'generic, Table B.2 only (Papp)': (papp_generic, 'loki-generic'),
    'specific, showdowns not read (Papp)': (papp_specific, 'loki'),
    'small blind facing no bet (rounded down)': (rounded_down, 'loki'),
}
for _switch, _player, _label in (('use_check_raise', no_check_raise, 'no check-raise'),
                                 ('semi_bluff_follow_through', no_follow_through, 'no semi-bluff follow-through'),
                                 ('flop_pot_odds_lookahead', two_card_flop_pot_odds, 'flop pot odds on the two-card PPOT'),
                                 ('follow_through_river', river_follow_through, 'follow-through on the river too'),
                                 ('check_raise_chance', coin_flip_check_raise, 'check-raise from a chance of 0.5')):
    if hasattr(FullLokiStrategy, _switch):  # (the rules of issue 19)
        DEPARTURES[_label] = (_player, 'loki')
if hasattr(FullLokiStrategy, 'use_check_raise'):
    DEPARTURES['no model, seats read as Table B.2 (check-raises)'] = (no_model_table_b2, 'loki-no-model')


# ------------------------------------------------------------------------------------------ numbers
def interval(values: np.ndarray) -> tuple[float, float]:
    return float(values.mean()), 1.96 * float(values.std(ddof=1)) / math.sqrt(len(values))


def row(name: str, values: np.ndarray) -> str:
    mean, half = interval(values)
    verdict = 'above 0' if mean - half > 0 else 'below 0' if mean + half < 0 else 'includes 0'
    return f'{name:<46}{mean:>+8.3f}  [{mean - half:>+7.3f}, {mean + half:>+7.3f}]  {verdict}'


def play(players: Sequence[object], deals: int, seed: int, executor: object) -> tuple[MatchResult, float]:
    start = time.perf_counter()
    result = match(players, deals, seed=seed, executor=executor)  # type: ignore[arg-type]
    return result, time.perf_counter() - start


def against(bot: str, seats: int, deals: int, seed: int, executor: object) -> None:
    """Each variant in seat list position 0 with ``seats - 1`` copies of ``bot``; rows and paired differences."""
    results = {}
    for variant in VARIANTS:
        results[variant], seconds = play([variant] + [bot] * (seats - 1), deals, seed, executor)
        print(row(f'  {variant} ({seconds:.0f} s)', results[variant].per_deal[:, 0]), flush=True)
    plain = results['loki-no-model'].per_deal[:, 0]
    for variant in VARIANTS[:2]:
        print(row(f'  {variant} - loki-no-model, paired', results[variant].per_deal[:, 0] - plain), flush=True)


def side(result: MatchResult, kind: str) -> np.ndarray:
    columns = [i for i, name in enumerate(result.names) if name.rsplit('-', 1)[0] == kind or name == kind]
    return np.asarray(result.per_deal[:, columns].mean(axis=1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--parts', default='heads-up,six,lokis,departures')
    parser.add_argument('--bots', default=','.join(BOTS))
    parser.add_argument('--deals-heads-up', type=int, default=2000)
    parser.add_argument('--deals-six', type=int, default=400)
    parser.add_argument('--deals-lokis', type=int, default=1500)
    parser.add_argument('--workers', type=int, default=2)
    parser.add_argument('--seed', type=int, default=19)
    parser.add_argument('--against', default='maniac,aggressive,station,loki-no-model',
                        help='the opponents of the departures (heads-up: one, else five of them)')
    parser.add_argument('--departures', default='', help='only the departures whose label holds one of these '
                        'comma-separated texts')
    args = parser.parse_args()
    parts, bots = args.parts.split(','), args.bots.split(',')
    print(f'seed {args.seed}, {args.workers} workers; rows: sb/hand of the Loki seat, 95% interval')
    with process_pool(args.workers) as executor:
        if 'heads-up' in parts:
            for bot in bots:
                print(f'heads-up against {bot}: {args.deals_heads_up:,} deals x 2 seatings', flush=True)
                against(bot, 2, args.deals_heads_up, args.seed, executor)
        if 'six' in parts:
            for bot in bots:
                print(f'six seats, five {bot}: {args.deals_six:,} deals x 6 seatings', flush=True)
                against(bot, 6, args.deals_six, args.seed, executor)
        if 'lokis' in parts:
            for kind in VARIANTS[:2]:
                result, seconds = play([kind] * 3 + ['loki-no-model'] * 3, args.deals_lokis, args.seed, executor)
                print(f'six Lokis: three {kind}, three loki-no-model: {args.deals_lokis:,} deals x 6 seatings, '
                      f'{seconds:.0f} s', flush=True)
                modelled, plain = side(result, kind), side(result, 'loki-no-model')
                print(row(f'  {kind} (mean of 3 seats)', modelled))
                print(row('  loki-no-model (mean of 3 seats)', plain))
                print(row(f'  {kind} - loki-no-model, per deal', modelled - plain), flush=True)
        if 'departures' in parts:
            bases: dict[tuple[str, str], MatchResult] = {}
            for label, (player, default) in DEPARTURES.items():
                if not any(text in label for text in args.departures.split(',')):
                    continue
                for opponents, name in ((['maniac'], 'heads-up against maniac'),
                                        (['aggressive'], 'heads-up against aggressive'),
                                        (['station'] * 5, 'with five station'),
                                        (['loki-no-model'] * 5, 'with five loki-no-model')):
                    if opponents[0] not in args.against.split(','):
                        continue
                    deals = args.deals_heads_up if len(opponents) == 1 else args.deals_six
                    if (default, name) not in bases:
                        bases[default, name] = play([default, *opponents], deals, args.seed, executor)[0]
                    base = bases[default, name]
                    other, seconds = play([player, *opponents], deals, args.seed, executor)
                    print(f'{label}, {name}: {deals:,} deals, {seconds:.0f} s', flush=True)
                    print(row(f'  {default}', base.per_deal[:, 0]))
                    print(row(f'  {label}', other.per_deal[:, 0]))
                    print(row('  switched off - default, paired', other.per_deal[:, 0] - base.per_deal[:, 0]),
                          flush=True)

if __name__ == '__main__':
    main()
