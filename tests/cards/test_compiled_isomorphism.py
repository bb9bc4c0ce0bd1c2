"""The compiled hand numbering (poker/cards/_isomorphism.c) against HandIndexer's NumPy steps, exactly.

``HandIndexer.index`` and ``index_boards`` run the compiled loops; ``index_by_numpy`` and
``index_boards_by_numpy`` (tests/oracles.py) are the readable NumPy steps they replaced on the hot path. The
two are compared number for number: exhaustively on small layouts, on seeded samples for every layout
HandIndexer takes (every split of 1 to 7 cards into rounds), and on the table builder's own input (canonical
boards with every holding off them). tests/cards/test_isomorphism.py checks the numbers themselves against a
brute-force canonical form.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from poker import CardCountError, DuplicateCardError
from poker.cards import _isomorphism
from poker.cards.holdings import HOLDINGS
from poker.cards.isomorphism import BOARD_ROUNDS, STREET_ROUNDS, HandIndexer
from poker.stats.strength_tables import canonical_boards

from oracles import index_boards_by_numpy, index_by_numpy


def layouts(cards: int) -> list[tuple[int, ...]]:
    """Every split of ``cards`` cards into ordered rounds of at least one card."""
    if not cards:
        return [()]
    return [(first, *rest) for first in range(1, cards + 1) for rest in layouts(cards - first)]


EVERY_LAYOUT = [rounds for cards in range(1, 8) for rounds in layouts(cards)]


def random_hands(rng: np.random.Generator, count: int, cards: int) -> np.ndarray:
    return np.argsort(rng.random((count, 52)), axis=1)[:, :cards]


def every_hand(rounds: tuple[int, ...]) -> np.ndarray:
    """Every hand of these rounds, each round's cards ascending (the order within a round does not matter)."""
    hands = np.zeros((1, 0), dtype=np.int64)
    for size in rounds:
        sets = np.array(list(itertools.combinations(range(52), size)), dtype=np.int64)
        pairs = np.concatenate([np.repeat(hands, len(sets), axis=0), np.tile(sets, (len(hands), 1))], axis=1)
        hands = pairs[(np.sort(pairs, axis=1)[:, 1:] != np.sort(pairs, axis=1)[:, :-1]).all(axis=1)]
    return hands


def holes_off(boards: np.ndarray) -> np.ndarray:
    """Every holding off each board, (B, C(52 - k, 2), 2) in holding order."""
    dead = (np.int64(1) << boards).sum(axis=1)
    off = ((dead[:, None] >> HOLDINGS[None, :, 0]) & 1) == 0
    off &= ((dead[:, None] >> HOLDINGS[None, :, 1]) & 1) == 0
    holdings = np.array([np.flatnonzero(row) for row in off])  # the same count off every board
    return HOLDINGS.astype(np.int64)[holdings]


def test_every_layout_is_covered() -> None:
    assert len(EVERY_LAYOUT) == 2 ** 7 - 1
    assert all(rounds in EVERY_LAYOUT for rounds in (*STREET_ROUNDS.values(), *BOARD_ROUNDS.values(), (2, 3, 1, 1)))


@pytest.mark.parametrize('rounds', [(1,), (2,), (3,), (4,), (1, 1), (1, 2), (2, 1), (1, 1, 1), (2, 2), (1, 3),
                                    (3, 1)])
def test_every_hand_of_small_layouts(rounds: tuple[int, ...]) -> None:
    indexer = HandIndexer(rounds)
    hands = every_hand(rounds)
    assert len(hands) == math.prod(math.comb(52 - sum(rounds[:r]), size) for r, size in enumerate(rounds))
    fast = indexer.index(hands)
    np.testing.assert_array_equal(fast, index_by_numpy(indexer, hands))
    # every class is hit and nothing else: the numbering is onto 0 .. size - 1
    assert np.array_equal(np.unique(fast), np.arange(indexer.size))


@pytest.mark.parametrize('rounds', EVERY_LAYOUT, ids=str)
def test_seeded_samples_of_every_layout(rounds: tuple[int, ...]) -> None:
    indexer = HandIndexer(rounds)
    rng = np.random.default_rng(sum(r * 10 ** i for i, r in enumerate(rounds)))
    hands = random_hands(rng, 4000, indexer.cards)
    numbers = indexer.index(hands)
    np.testing.assert_array_equal(numbers, index_by_numpy(indexer, hands))
    # and the representatives of random class numbers, whose rounds are ascending
    chosen = rng.integers(0, indexer.size, 2000)
    np.testing.assert_array_equal(indexer.index(indexer.unindex(chosen)), chosen)
    np.testing.assert_array_equal(index_by_numpy(indexer, indexer.unindex(chosen)), chosen)


@pytest.mark.parametrize('rounds', [*STREET_ROUNDS.values(), *BOARD_ROUNDS.values(), (2, 3, 1, 1)], ids=str)
def test_large_seeded_samples(rounds: tuple[int, ...]) -> None:
    indexer = HandIndexer(rounds)
    hands = random_hands(np.random.default_rng(len(rounds) * 100 + sum(rounds)), 200_000, indexer.cards)
    np.testing.assert_array_equal(indexer.index(hands), index_by_numpy(indexer, hands))
    np.testing.assert_array_equal(indexer.index(hands, validate=False), index_by_numpy(indexer, hands))


@pytest.mark.parametrize('size', [1, 2])
def test_index_boards_of_every_board_and_holding(size: int) -> None:
    indexer = HandIndexer((2, size))
    boards = np.array(list(itertools.combinations(range(52), size)), dtype=np.int64)
    holes = holes_off(boards)
    fast = indexer.index_boards(holes, boards)
    np.testing.assert_array_equal(fast, index_boards_by_numpy(indexer, holes, boards))
    assert np.array_equal(np.unique(fast), np.arange(indexer.size))


@pytest.mark.parametrize('street', ['flop', 'turn', 'river'])
def test_index_boards_on_the_table_builders_input(street: str) -> None:
    """Canonical boards (a seeded spread, and the first ones: paired and monotone) with every holding off them."""
    indexer = HandIndexer.for_street(street)
    every = canonical_boards(street)
    rng = np.random.default_rng(22)
    chosen = np.concatenate([np.arange(40), rng.choice(len(every), 160, replace=False)])
    boards = every[chosen].astype(np.int64)
    holes = holes_off(boards)
    fast = indexer.index_boards(holes, boards, validate=False)
    np.testing.assert_array_equal(fast, index_boards_by_numpy(indexer, holes, boards))
    np.testing.assert_array_equal(fast, indexer.index_boards(holes.astype(np.int8), boards.astype(np.int8)))


@pytest.mark.parametrize('street', ['flop', 'turn', 'river'])
def test_index_boards_of_random_hands_and_empty_inputs(street: str) -> None:
    indexer = HandIndexer.for_street(street)
    decks = random_hands(np.random.default_rng(5), 3000, 52)
    size = indexer.cards - 2
    boards, holes = decks[:, :size], decks[:, size:size + 40].reshape(3000, 20, 2)
    np.testing.assert_array_equal(indexer.index_boards(holes, boards), index_boards_by_numpy(indexer, holes, boards))
    assert indexer.index_boards(holes[:, :0], boards).shape == (3000, 0)
    assert indexer.index_boards(holes[:0], boards[:0]).shape == (0, 20)
    assert indexer.index(np.empty((0, indexer.cards), dtype=np.int64)).shape == (0,)


def test_bad_cards_unchecked_are_a_value_error_from_the_loops() -> None:
    """validate=False skips the Python checks; the loops still refuse what they cannot number (no garbage)."""
    indexer = HandIndexer.for_street('flop')
    with pytest.raises(ValueError, match='distinct card indices'):
        indexer.index([[0, 0, 5, 9, 13]], validate=False)
    with pytest.raises(ValueError, match='distinct card indices'):
        indexer.index([[0, 1, 5, 9, 52]], validate=False)
    with pytest.raises(ValueError, match='distinct card indices'):
        indexer.index_boards(np.array([[[5, 6]]]), np.array([[5, 9, 13]]), validate=False)
    with pytest.raises(ValueError, match='distinct card indices'):
        indexer.index_boards(np.array([[[-1, 6]]]), np.array([[5, 9, 13]]), validate=False)
    with pytest.raises(DuplicateCardError):
        indexer.index_boards(np.array([[[5, 6]]]), np.array([[5, 9, 13]]))
    with pytest.raises(CardCountError):
        indexer.index_boards(np.array([[[5, 6]]]), np.array([[5, 9]]))


def test_malformed_buffers_are_value_errors() -> None:
    indexer = HandIndexer.for_street('turn')
    hands = np.array([[0, 1, 2, 3, 4, 5]], dtype=np.int64)
    out = np.empty(1, dtype=np.int64)
    columns, order = bytes(indexer._columns.tolist()), bytes(indexer._order)
    _isomorphism.index_hands(hands, columns, order, indexer._codes, indexer._table, out)
    assert out[0] == index_by_numpy(indexer, hands)[0]
    bad_calls = [
        (hands.astype(np.int32), columns, order, indexer._codes, indexer._table, out),
        (hands, columns, order, indexer._codes, indexer._table, np.empty(2, dtype=np.int64)),
        (hands, columns, order, indexer._codes, indexer._table[:, :5].copy(), out),
        (hands, columns, bytes([2, 3]), indexer._codes, indexer._table, out),
        (hands, bytes([0, 1, 2, 3, 4, 9]), order, indexer._codes, indexer._table, out),
        (hands, columns, order, indexer._codes, np.zeros((1, 14), dtype=np.int64), out),
        (hands, columns, order, indexer._codes, indexer._table * np.array([1] * 3 + [-1] + [1] * 10), out),
        (hands, columns, order, indexer._codes, indexer._table, np.empty(1, dtype=np.int64)[::1].view(np.float64)),
    ]
    for call in bad_calls:
        with pytest.raises(ValueError):
            _isomorphism.index_hands(*call)
    boards, holes = hands[:, 2:], hands[:, None, :2]
    with pytest.raises(ValueError):
        _isomorphism.index_boards(holes, boards, 4, indexer._codes, indexer._table, np.empty(3, dtype=np.int64))
    with pytest.raises(ValueError):
        _isomorphism.index_boards(holes, boards, 9, indexer._codes, indexer._table, out)
    with pytest.raises(ValueError):
        _isomorphism.index_boards(holes[:, :, :1].copy(), boards, 4, indexer._codes, indexer._table, out)
    # a configuration the table does not know (the flop's table for a turn hand) is refused, not guessed
    flop = HandIndexer.for_street('flop')
    with pytest.raises(ValueError):
        _isomorphism.index_boards(holes, boards, 4, indexer._codes, flop._table, out)
