"""Papp's income-rate tables: spot values, ordering, the reference CSV, and re-derivation by simulation."""

from __future__ import annotations

import csv
import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from poker import HAND_CLASSES, HandRanker, OpponentCountError, PokerError, StartingHand
from poker.stats.preflop_odds import SHOWDOWNS_PER_HOLDING, equity_table, simulate_income_rate
from poker.cards.starting_hand import class_size

ROOT = Path(__file__).resolve().parents[2]
INCOME_RATES_CSV = ROOT / 'tests' / 'data' / 'income_rates.csv'
"""Papp's tables as published (Appendix A), transcribed independently of poker/cards/income_rates.py."""


@pytest.mark.parametrize('hand_class, one, three, six', [
    ('AA', 704, 1554, 2043),
    ('AKs', 339, 655, 934),
    ('72o', -308, -432, -495),
])
def test_spot_values(hand_class: str, one: int, three: int, six: int) -> None:
    assert [HandRanker.income_rate(hand_class, n) for n in (1, 2, 3, 4, 6, 22)] == [one, three, three, six, six, six]


def test_more_spot_values_and_starting_hands() -> None:
    assert HandRanker.income_rate('32s') == -279
    assert HandRanker.income_rate('32o') == -351
    assert StartingHand.parse('3c 2c').income_rate() == -279
    assert StartingHand.parse('As Ad').income_rate(opponents=3) == 1554


def test_every_holding_reads_its_class() -> None:
    for hand in StartingHand.all():
        for opponents in (1, 3, 7):
            assert hand.income_rate(opponents) == HandRanker.income_rate(hand.hand_class, opponents)


@pytest.mark.parametrize('opponents, best, worst', [(1, 'AA', '32o'), (3, 'AA', '32o'), (6, 'AA', '72o')])
def test_starting_hands_order_by_income_rate(opponents: int, best: str, worst: str) -> None:
    ordered = sorted(StartingHand.all(), key=lambda hand: hand.sort_key(opponents))
    assert ordered[-1].hand_class == best and ordered[0].hand_class == worst
    rates = [hand.income_rate(opponents) for hand in ordered]
    assert rates == sorted(rates)


@pytest.mark.parametrize('bad', [0, 23, -1, 1.5, True, '2'])
def test_bad_opponent_counts(bad: object) -> None:
    with pytest.raises(OpponentCountError, match=repr(bad).replace('.', r'\.')):
        HandRanker.income_rate('AA', bad)  # type: ignore[arg-type]


def test_unknown_class() -> None:
    with pytest.raises(PokerError, match="'AKx'"):
        HandRanker.income_rate('AKx')


def test_tables_match_the_reference_csv() -> None:
    with INCOME_RATES_CSV.open(encoding='utf-8') as handle:
        rows = list(csv.DictReader(line for line in handle if not line.startswith('#')))
    assert sorted(row['hand'] for row in rows) == sorted(HAND_CLASSES)
    for row in rows:
        assert [HandRanker.income_rate(row['hand'], n) for n in (1, 3, 6)] == \
            [int(row['ir_1']), int(row['ir_2_3']), int(row['ir_4plus'])]


def test_the_grids_are_what_the_generator_writes(tmp_path: Path) -> None:
    """tools/make_income_rates.py is the one source of the module's grids (and writes nothing else): the module
    is what it writes from the CSV, and a changed rate in the CSV is seen."""
    tool = ROOT / 'tools' / 'make_income_rates.py'
    same = subprocess.run([sys.executable, str(tool), '--check'], capture_output=True, text=True)
    assert same.returncode == 0, same.stderr
    altered = tmp_path / 'income_rates.csv'
    altered.write_text(INCOME_RATES_CSV.read_text(encoding='utf-8').replace('AA,704,', 'AA,705,'), encoding='utf-8')
    assert altered.read_text(encoding='utf-8') != INCOME_RATES_CSV.read_text(encoding='utf-8')
    changed = subprocess.run([sys.executable, str(tool), '--check', str(altered)], capture_output=True, text=True)
    assert changed.returncode == 1 and 'differs' in changed.stderr


def test_exact_heads_up_income_rates_agree_with_papp() -> None:
    """IR against one opponent is 1000 * (2 * equity - 1): the exact table must agree with IR2 for all
    169 classes within four standard errors of Papp's 1,000,000 deals per class (plus rounding)."""
    table = equity_table().astype(np.float64) / SHOWDOWNS_PER_HOLDING
    for name, (win, tie, _) in zip(HAND_CLASSES, table):
        equity = win + tie / 2
        exact = 1000 * (2 * equity - 1)
        variance = 1e6 * (4 * (win + tie / 4) - 4 * equity ** 2)  # of 1000 * (2 * share - 1) per deal
        papp_error = math.sqrt(variance / 1_000_000 + 1 / 12)
        assert abs(exact - HandRanker.income_rate(name)) < 4 * papp_error, name


SIMULATED = [('AA', 1), ('AKs', 1), ('72o', 1), ('32s', 1), ('T9s', 1), ('KK', 3), ('AKo', 3), ('22', 3),
             ('J7o', 3), ('AA', 6), ('76s', 6), ('72o', 6), ('A2s', 6)]


@pytest.mark.parametrize('hand_class, opponents', SIMULATED)
def test_simulated_income_rates_agree_with_papp(hand_class: str, opponents: int) -> None:
    deals = 20_000
    rate, error = simulate_income_rate(hand_class, opponents, deals=deals, seed=2024)
    papp_error = error * math.sqrt(deals / 1_000_000)  # Papp dealt 1,000,000 hands per class
    assert abs(rate - HandRanker.income_rate(hand_class, opponents)) < 4 * math.hypot(error, papp_error)
    assert 0 < error < 30


def test_simulation_is_seeded_and_checks_its_input() -> None:
    assert simulate_income_rate('AKo', 2, deals=500, seed=5) == simulate_income_rate('AKo', 2, deals=500, seed=5)
    assert simulate_income_rate('AKo', 2, deals=500, seed=5) != simulate_income_rate('AKo', 2, deals=500, seed=6)
    with pytest.raises(OpponentCountError):
        simulate_income_rate('AKo', 0)
    with pytest.raises(PokerError):
        simulate_income_rate('AKo', 1, deals=1)
    assert class_size('AKo') == 12
