"""Hand histories: a match's ACPC log written, and logs read back (stats, paired results, warmed models)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from poker.table import duplicate
from poker.table.acpc_notation import LogLine
from poker.table.duplicate import match

PLAYERS = ['loki-no-model', 'station', 'random']


@pytest.fixture
def small_units(monkeypatch):
    monkeypatch.setattr(duplicate, 'DEALS_PER_UNIT', 3)   # several blocks per seating, finishing out of order


def _lines(path):
    return [LogLine.parse(line) for line in path.read_text().splitlines()]


def test_a_match_log_holds_every_hand_in_order_the_same_on_any_executor(tmp_path, small_units):
    one, two = tmp_path / 'one.log', tmp_path / 'two.log'
    result = match(PLAYERS, 7, seed=3, log=one)
    with ThreadPoolExecutor(3) as executor:
        again = match(PLAYERS, 7, seed=3, log=two, executor=executor)
    assert one.read_bytes() == two.read_bytes()
    assert (result.per_deal == again.per_deal).all()
    lines = _lines(one)
    assert [line.hand for line in lines] == list(range(7 * 3))     # hand = deal * seatings + seating
    for deal in range(7):
        seatings = lines[3 * deal:3 * deal + 3]
        assert len({line.holes for line in seatings}) == 1            # the same cards in every seating
        assert len({line.names for line in seatings}) == 3            # each seating its own seats
        for index, name in enumerate(result.names):
            chips = sum(line.payoffs[line.names.index(name)] for line in seatings)
            assert chips / duplicate.SMALL_BET / 3 == result.per_deal[deal, index]


def test_a_fresh_every_match_log_is_the_same_on_any_executor(tmp_path):
    one, two = tmp_path / 'one.log', tmp_path / 'two.log'
    match(['maniac', 'station', 'rock'], 5, seed=2, fresh_every=2, log=one)
    with ThreadPoolExecutor(2) as executor:
        match(['maniac', 'station', 'rock'], 5, seed=2, fresh_every=2, log=two, executor=executor)
    assert one.read_bytes() == two.read_bytes()
    assert [line.hand for line in _lines(one)] == list(range(15))
