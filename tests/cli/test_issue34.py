"""Issue 34, "what players trip on today": each with the fix's test (each failed before its change)."""

from __future__ import annotations

import json
import re

import pytest

from poker.cards.starting_hand import HAND_CLASSES
from poker.cli import main
from poker.errors import RangeParseError
from poker.ranges.range import Range
from poker.stats.preflop_odds import class_equity


# ------------------------------------------------------------------------ poker range 15%: which ordering
def test_range_says_which_ordering_a_top_percentage_takes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(['range', '15%']) == 0
    out = capsys.readouterr().out
    assert "Papp's heads-up income rate IR2" in out and '--order equity' in out
    assert main(['range', 'QQ+, AKs:50%']) == 0   # no top percentage: nothing to say (a weight is no ordering)
    assert 'income rate' not in capsys.readouterr().out


def test_range_order_equity_is_all_in_equity_against_a_random_hand(capsys: pytest.CaptureFixture[str]) -> None:
    """At 22% the two orderings part: Papp's income rate takes A6o and Q9s, equity A5o (the wheel's ace)."""
    assert main(['range', '22%', '--json']) == 0
    by_rate = json.loads(capsys.readouterr().out)
    assert main(['range', '22%', '--order', 'equity', '--json']) == 0
    by_equity = json.loads(capsys.readouterr().out)
    assert (by_rate['order'], by_equity['order']) == ('ir', 'equity')
    assert {'A6o', 'Q9s'} <= set(by_rate['classes']) and 'A5o' not in by_rate['classes']
    assert 'A5o' in by_equity['classes'] and not {'A6o', 'Q9s'} & set(by_equity['classes'])
    assert main(['range', '22%', '--order', 'equity']) == 0
    assert 'all-in equity against one random hand' in capsys.readouterr().out


@pytest.mark.parametrize('percent', [5, 15, 22, 40, 60])
def test_an_equity_top_percentage_is_the_best_classes_by_equity(percent: int) -> None:
    """The oracle: the classes sorted by their exact equity (the shipped table), taken until the holdings are
    nearest the percentage; every class in beats (or ties) every class out."""
    from poker.stats import equity_order
    chosen = Range.parse(f'{percent}%', order=equity_order())
    inside = [name for name in HAND_CLASSES if name in chosen]
    outside = [name for name in HAND_CLASSES if name not in chosen]
    assert min(class_equity(name) for name in inside) >= max(class_equity(name) for name in outside)
    assert abs(chosen.combos - percent / 100 * 1326) <= 12


def test_an_order_must_rank_every_class_once() -> None:
    with pytest.raises(RangeParseError, match='169 classes best first'):
        Range.parse('15%', order=['AA', 'KK'])
    with pytest.raises(RangeParseError, match='169 classes best first'):
        Range.parse('15%', order=['AA'] * 169)
