"""What a Loki-2 decision with simulation costs (issue 32): the median CPU milliseconds of
``SelectiveSampling().evaluate`` per decision, with its default trials, on seeded spots after the flop.

    python bench/loki2_speed.py [--spots 25] [--trials N] [--seed 32]

The spots are the post-flop decisions of a modelling Loki (``ModellingLokiPlayer``, specific models) in seeded
hands, its opponents' weights those its models hold at the decision (the Loki-2 seat's own reading):

* **heads-up**: against a ``LokiPlayer``;
* **ten seats**: against four ``LokiPlayer`` s and five calling stations (so that flops are multiway; the column
  ``opponents`` says how many were in).

Each spot is timed (CPU time, ``time.process_time``: the machine may be shared) three ways, medians printed by table
and street, then over every spot:

* **cold**: the first simulation on the spot's board (the exact statistics of every holding on the decision's
  street, which the trials look up, counted afresh);
* **warm**: the same decision again (those statistics kept, as for a seat's later decisions on a street and every
  other seat's: the trials themselves run afresh, with another seed);
* the baselines, measured in the same run on the same spots: **Loki-1**, one ``LokiPlayer.decide`` on the view (its
  statistics counted afresh; against ``warm``), and the **floor**, the ``rank_many`` calls of one cold simulation
  replayed alone (the least of five; against ``cold``): a simulation cannot cost less than ranking its hands.

The last columns give the median standard error of the two expected values (chips) at the default trials.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

if sys.path and Path(sys.path[0] or '.').resolve() == Path(__file__).resolve().parent:
    del sys.path[0]  # (bench/statistics.py would shadow the standard library's)

import numpy as np  # noqa: E402

from poker.players.bots import CallingStation  # noqa: E402
from poker.players.loki import LokiPlayer, _KEPT, _every_holding  # noqa: E402
from poker.players.modelling import ModellingLokiPlayer  # noqa: E402
from poker.players.simulation import DEFAULT_TRIALS, SelectiveSampling, _current_street  # noqa: E402
from poker.kernel.board_memo import memoized_board_values  # noqa: E402
from poker.ranking.ranker import HandRanker  # noqa: E402
from poker.table.game import FixedLimitGame, TableView  # noqa: E402
from poker.table.records import Decision  # noqa: E402

STREETS = ('flop', 'turn', 'river')


class Watcher(ModellingLokiPlayer):
    """A modelling Loki that writes down each of its post-flop decisions with its models' weights."""

    def __init__(self, name: str, wanted: int) -> None:
        super().__init__(name)
        self.spots: dict[str, list[tuple[TableView, dict[int, np.ndarray]]]] = {street: [] for street in STREETS}
        self.wanted = wanted

    def decide(self, view: TableView) -> Decision:
        if view.street != 'preflop' and len(self.spots[view.street]) < self.wanted:
            opponents = [seat for seat in view.active if seat != view.seat]
            models = self.opponent_models(view)
            if len(models) == len(opponents):
                self.spots[view.street].append((view, {seat: np.array(model.weights, dtype=float)
                                                       for seat, model in zip(opponents, models)}))
        return super().decide(view)

    def full(self) -> bool:
        return all(len(spots) >= self.wanted for spots in self.spots.values())


def spots(seats: int, wanted: int, seed: int) -> dict[str, list[tuple[TableView, dict[int, np.ndarray]]]]:
    watcher = Watcher('Loki', wanted)
    others = [LokiPlayer('L1')] if seats == 2 else \
        [LokiPlayer(f'L{n}') for n in range(4)] + [CallingStation(f'S{n}', seed=n) for n in range(5)]
    game = FixedLimitGame([watcher, *others], seed=seed)
    for _ in range(20_000):
        if watcher.full():
            break
        game.play_hand()
    return watcher.spots


class Recording(HandRanker):
    """Ranks as HandRanker does, keeping a copy of every batch."""

    batches: list[np.ndarray] = []

    @classmethod
    def rank_many(cls, indices, *, validate=True):  # type: ignore[no-untyped-def]
        Recording.batches.append(np.array(indices, copy=True))
        return HandRanker.rank_many(indices, validate=validate)


def cpu(action) -> float:  # type: ignore[no-untyped-def]
    start = time.process_time()
    action()
    return time.process_time() - start


def floor(view: TableView, weights: dict[int, np.ndarray], trials: int) -> float:
    """The least CPU time of ranking, alone, the batches one cold simulation of the view ranks (its trials' boards
    and the exact statistics of the decision's street)."""
    _current_street.cache_clear()
    memoized_board_values.cache_clear()
    Recording.batches = []
    SelectiveSampling(trials=trials, ranker=Recording).evaluate(view, weights, random.Random(1))
    batches = [np.ascontiguousarray(batch, dtype=np.uint8) for batch in Recording.batches]
    return min(cpu(lambda: [HandRanker.rank_many(batch, validate=False) for batch in batches]) for _ in range(5))


def median(values: list[float]) -> float:
    return float(np.median(values)) if values else float('nan')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--spots', type=int, default=25, help='spots per table and street')
    parser.add_argument('--trials', type=int, default=DEFAULT_TRIALS)
    parser.add_argument('--seed', type=int, default=32)
    options = parser.parse_args()
    simulation = SelectiveSampling(trials=options.trials)
    print(f'SelectiveSampling(trials={options.trials}): CPU ms per decision, medians over seeded spots')
    header = ('table', 'street', 'spots', 'opponents', 'cold', 'warm', 'Loki-1', 'warm/Loki-1', 'floor',
              'cold/floor', 'error call', 'error raise')
    print(' | '.join(header))
    every: dict[str, list[float]] = {'cold': [], 'warm': [], 'loki': [], 'floor': []}
    for seats, table in ((2, 'heads-up'), (10, 'ten seats')):
        found = spots(seats, options.spots, options.seed)
        whole: dict[str, list[float]] = {name: [] for name in every}
        for street in STREETS:
            row: dict[str, list[float]] = {'cold': [], 'warm': [], 'loki': [], 'floor': [], 'opponents': [],
                                           'call': [], 'raise': []}
            for number, (view, weights) in enumerate(found[street]):
                _current_street.cache_clear()
                memoized_board_values.cache_clear()
                row['cold'].append(cpu(lambda: simulation.evaluate(view, weights, random.Random(number))))
                result = simulation.evaluate(view, weights, random.Random(number + 1))
                row['warm'].append(cpu(lambda: simulation.evaluate(view, weights, random.Random(number + 2))))
                _KEPT.clear()
                _every_holding.cache_clear()
                row['loki'].append(cpu(lambda: LokiPlayer('Loki-1').decide(view)))
                row['floor'].append(floor(view, weights, options.trials))
                row['opponents'].append(view.opponents)
                row['call'].append(result.call_error)
                if result.raise_error is not None:
                    row['raise'].append(result.raise_error)
            for name in every:
                every[name] += row[name]
                whole[name] += row[name]
            cold, warm, loki, least = (1000 * median(row[name]) for name in ('cold', 'warm', 'loki', 'floor'))
            print(f'{table} | {street} | {len(row["warm"])} | {median(row["opponents"]):.0f} | {cold:.1f} | '
                  f'{warm:.1f} | {loki:.1f} | {warm / loki:.2f} | {least:.3f} | {cold / least:.1f} | '
                  f'{median(row["call"]):.2f} | {median(row["raise"]):.2f}')
        line(table, 'all', whole)
    line('both', 'all', every)


def line(table: str, street: str, times: dict[str, list[float]]) -> None:
    cold, warm, loki, least = (1000 * median(times[name]) for name in ('cold', 'warm', 'loki', 'floor'))
    print(f'{table} | {street} | {len(times["warm"])} | | {cold:.1f} | {warm:.1f} | {loki:.1f} | {warm / loki:.2f} | '
          f'{least:.3f} | {cold / least:.1f} | |')


if __name__ == '__main__':
    main()
