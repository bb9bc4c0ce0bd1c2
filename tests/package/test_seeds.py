"""One seed rule (issue 28): every public callable with a ``seed`` parameter, found by inspection over every wing's
``__all__`` and the public methods of its classes, reads its seed by :func:`poker.validators.read_seed`: it takes
None (fresh entropy, every default) and the whole numbers from 0 to 2**63 - 1, and refuses everything else with the
same :class:`~poker.errors.SettingError` and the same one-line message. The records that keep the seed used
(``HandResult``, ``MatchResult``) take the same numbers, not None.
"""

from __future__ import annotations

import decimal
import fractions
import inspect
import socket
from collections.abc import Callable
from typing import Any

import attrs
import numpy as np
import pytest

from poker import (
    AggressiveBettor, Bot, CallingStation, Deck, FixedLimitGame, Folder, LoosePassive, Maniac, Player, RandomPlayer,
    Rock, SettingError, TightAggressive, equity, local_best_response, match, preflop_equity, range_statistics,
    simulate_income_rate,
)
from poker.cli import main
from poker.cli.options import seed_value
from poker.formats import GameDefinition, play_acpc
from poker.players import Loki2Player, Prober, make_seat
from poker.validators import MAX_SEED, read_seed, shown

from fuzzing import public_callables

RIVER = 'Qh 7h 2c 9s 3d'


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(('127.0.0.1', 0))
        return int(probe.getsockname()[1])


def _bot(kind: type[Bot]) -> Callable[[Any], object]:
    return lambda seed: kind('Ann', seed=seed)


TAKERS: dict[str, Callable[[Any], object]] = {
    'Deck': lambda seed: Deck(seed=seed),
    'FixedLimitGame': lambda seed: FixedLimitGame([CallingStation('Ann'), Maniac('Bob')], seed=seed),
    'FixedLimitGame.play_hand': lambda seed: FixedLimitGame([CallingStation('Ann'), Maniac('Bob')]).play_hand(seed),
    **{kind.__name__: _bot(kind) for kind in (Bot, AggressiveBettor, CallingStation, Folder, LoosePassive, Maniac,
                                              Prober, RandomPlayer, Rock, TightAggressive)},
    'Loki2Player': lambda seed: Loki2Player('Ann', seed=seed),
    'Loki2Player.with_enhancements': lambda seed: Loki2Player.with_enhancements('Ann', 'br', seed=seed),
    'equity': lambda seed: equity(['AhKd', 'QsQd'], RIVER, method='sampled', samples=2, seed=seed),
    'Player.showdown_equity': lambda seed: Player('Ah Kd', RIVER).showdown_equity(
        1, 'QQ+', method='sampled', samples=2, seed=seed),
    'preflop_equity': lambda seed: preflop_equity('Ah Kh', 'QQ+, AKs, 22+', method='sampled', samples=2, seed=seed),
    'range_statistics': lambda seed: range_statistics('AA', RIVER, 'QQ+', seed=seed),
    'simulate_income_rate': lambda seed: simulate_income_rate('AA', 1, deals=2, seed=seed),
    'match': lambda seed: match(['station', 'maniac'], 1, seed=seed, progress=False),
    'local_best_response': lambda seed: local_best_response('random', 1, seed=seed, progress=False),
    'make_seat': lambda seed: make_seat('station', 'Sam', seed),
    # refused before it connects; a good seed reaches the connection, refused at a closed port
    'play_acpc': lambda seed: play_acpc('127.0.0.1', _closed_port(), GameDefinition.for_table(2), 'station', seed=seed,
                                        timeout=5, progress=False),
}
"""A cheap call of every seed taker with the seed given."""

RECORDS: dict[str, Callable[[Any], object]] = {
    'HandResult': lambda seed: attrs.evolve(FixedLimitGame([CallingStation('Ann'), Maniac('Bob')], seed=1).play_hand(),
                                            seed=seed),
    'MatchResult': lambda seed: attrs.evolve(match(['station', 'maniac'], 1, seed=1, progress=False), seed=seed),
    'ExploitResult': lambda seed: attrs.evolve(local_best_response('folder', 1, seed=1, progress=False), seed=seed),
}
"""The records that keep the seed a call used."""

GOOD = [0, 1, MAX_SEED, np.uint64(MAX_SEED), np.int8(3), np.int64(0)]
BAD = [-1, -5, MAX_SEED + 1, 2 ** 64, 2 ** 200, 10 ** 5000, True, np.bool_(False), 1.0, np.float64(2), '1', b'1',
       fractions.Fraction(1), decimal.Decimal(1), np.timedelta64(3), np.int64(-1), [1], np.array(1), float('nan')]


def _seed_takers() -> set[str]:
    """Every public callable with a parameter named ``seed``."""
    found = set()
    for name, value in public_callables().items():
        try:
            parameters = inspect.signature(value).parameters
        except (TypeError, ValueError):
            continue
        if 'seed' in parameters:
            found.add(name)
    return found


def test_every_seed_taker_is_here() -> None:
    assert _seed_takers() == set(TAKERS) | set(RECORDS)


def _call(take: Callable[[Any], object], seed: object) -> None:
    try:
        take(seed)
    except SettingError as error:
        assert 'seed' not in str(error), f'seed {shown(seed)} refused: {error}'
    except Exception as error:  # noqa: BLE001 - only play_acpc: the closed port
        assert 'seed' not in str(error), f'seed {shown(seed)} refused: {error}'


@pytest.mark.parametrize('name', sorted(TAKERS))
def test_a_seed_taker_takes_none_and_every_seed_in_range(name: str) -> None:
    for seed in [None, *GOOD]:
        _call(TAKERS[name], seed)


@pytest.mark.parametrize('name', sorted(TAKERS))
def test_a_seed_taker_refuses_the_same_values_in_the_same_words(name: str) -> None:
    for seed in BAD:
        with pytest.raises(SettingError) as refused:
            TAKERS[name](seed)
        assert str(refused.value) == f'seed must be None or a whole number from 0 to {MAX_SEED}, got {shown(seed)}'


@pytest.mark.parametrize('name', sorted(RECORDS))
def test_a_record_keeps_a_seed_by_the_same_rule(name: str) -> None:
    for seed in GOOD:
        assert RECORDS[name](seed).seed == seed  # type: ignore[attr-defined]
    for seed in [None, *BAD]:
        with pytest.raises(SettingError) as refused:
            RECORDS[name](seed)
        assert str(refused.value) == f'seed must be a whole number from 0 to {MAX_SEED}, got {shown(seed)}'


def test_the_command_line_reads_a_seed_by_the_same_rule(capsys: pytest.CaptureFixture[str]) -> None:
    assert seed_value('0') == 0 and seed_value(str(MAX_SEED)) == MAX_SEED
    for given in ('-1', str(MAX_SEED + 1), '1.0', 'x', '١'):
        assert main(['equity', 'AhKh', 'QQ', '--seed', given]) == 2
        assert f'seed must be a whole number from 0 to {MAX_SEED}, got' in capsys.readouterr().err


def test_a_seed_is_a_plain_int_and_repeats() -> None:
    assert type(read_seed(np.uint64(5))) is int
    assert Deck(seed=np.int16(9)).deal(5) == Deck(seed=9).deal(5)
    first, again = (equity(['AhKd', 'random'], RIVER[:8], method='sampled', samples=1000, seed=MAX_SEED)
                    for _ in range(2))
    assert first.players == again.players


def test_unseeded_calls_draw_afresh() -> None:
    """None is fresh entropy everywhere, so two unseeded calls differ (each pair below agrees by chance with
    probability far below 1e-9)."""
    assert Deck().deal(10) != Deck().deal(10) or Deck().deal(10) != Deck().deal(10)
    assert simulate_income_rate('72o', deals=20_000) != simulate_income_rate('72o', deals=20_000)
    wide = 'QQ+, AKs, 22+, A2s+, KTo+'
    assert preflop_equity('Ah Kh', wide, method='sampled', samples=20_000) != \
        preflop_equity('Ah Kh', wide, method='sampled', samples=20_000)
    assert match(['random', 'random'], 2, progress=False).seed != match(['random', 'random'], 2, progress=False).seed
