"""Hostile calls into the compiled core (poker/*/_*.c): what holds whatever a caller passes.

The C functions are private and Python checks its inputs before it calls them, so these calls go to them
directly with what no door lets through: buffers of the right item size and the wrong kind, strides,
indices off the deck, zero lengths, read-only and overlapping buffers, arrays another thread changes during
the call. Each ends with a result or a ValueError (a PokerError on a public path): never a crash, a report of
AddressSanitizer or UndefinedBehaviorSanitizer (``python bench/sanitized.py`` runs this module under both)
or a leak. What each function copies and what it reads where it lies is said in its C file's header.

* formats: a buffer of the wrong kind is refused, also when its items have the right size;
* copies: an output that overlaps an input changes the input while the loop runs (as another thread could,
  but at a known point), and the function reads its checked copy, or masks what it reads, all the same;
* signals: a SIGINT raised while the arguments are read (through ctypes, so that no Python code runs its
  handler first) stops a long call at its first look at signals, after one chunk of the input;
* threads: public and private calls while another thread scribbles on their arrays end with a result or
  an error (only outcomes are checked, never timing);
* leaks: every kind of call, good and refused, many times: every buffer released (reference counts back)
  and no memory kept (tracemalloc).
"""

from __future__ import annotations

import ctypes
import functools
import gc
import itertools
import math
import operator
import os
import signal
import sys
import threading
import tracemalloc
from collections.abc import Callable, Iterator, Sequence
from typing import Any
from contextlib import contextmanager

import numpy as np
import pytest

from poker import HandRanker, PokerError
from poker.cards import _isomorphism
from poker.cards.isomorphism import HandIndexer
from poker.kernel import _count, _ranges
from poker.kernel.positions import unseen_cards
from poker.ranking import _rank
from poker.stats import _equity

FLOP = (0, 21, 41)  # 2c 7d Js
HOLE = (50, 46)  # Ah Kh
HOSTILE_CALLS = [0]  # calls made by this module (bench/sanitized.py prints the count)


def hostile(function: Callable[..., object], *arguments: object, public: bool = False) -> object:
    """``function(*arguments)``, counted: its result, or None for an error it may give: a PokerError from a
    public function; from a private one a ValueError (a malformed buffer), a BufferError (one that cannot be
    had as asked) or a TypeError (no buffer at all). Anything else fails the test."""
    HOSTILE_CALLS[0] += 1
    try:
        return function(*arguments)
    except PokerError:
        return None
    except (ValueError, BufferError, TypeError):
        if public:
            raise
        return None


@pytest.fixture(scope='module', autouse=True)
def count_calls() -> Iterator[None]:
    """Adds the module's count of calls to the file ``POKER_COUNT_HOSTILE`` names, if set (bench/sanitized.py)."""
    yield
    if os.environ.get('POKER_COUNT_HOSTILE'):
        with open(os.environ['POKER_COUNT_HOSTILE'], 'a') as counts:
            counts.write(f'{HOSTILE_CALLS[0]}\n')


# ------------------------------------------------------------------------------ good arguments
def later_arguments(lookahead: int = 2) -> dict[str, Any]:
    cards = unseen_cards([*HOLE, *FLOP])
    rows = math.comb(len(cards), 2)
    return {'board': bytes(FLOP), 'hole': bytes(HOLE), 'cards': cards.tobytes(), 'lookahead': lookahead,
            'out': np.zeros((rows, 3), dtype=np.int32), 'now': np.zeros(rows, dtype=np.int8)}


def showdown_arguments() -> dict[str, Any]:
    return {'hole': bytes(HOLE), 'board': bytes([*FLOP, 5, 9]), 'weights': np.ones(1326)}


def range_arguments(lookahead: int = 1, transitions: bool = False) -> dict[str, Any]:
    board = FLOP if lookahead == 2 else (*FLOP, 5) if lookahead == 1 else (*FLOP, 5, 9)
    cards = unseen_cards(board)
    pairs = math.comb(len(cards), 2)
    columns = {0: 0, 1: len(cards), 2: pairs}[lookahead]
    return {'board': bytes(sorted(board)), 'cards': cards.tobytes(), 'lookahead': lookahead,
            'weights': np.ones(pairs), 'heroes': np.arange(pairs, dtype=np.int32), 'now': np.zeros((pairs, 3)),
            'score': np.zeros((pairs, columns)), 'total': np.zeros((pairs, columns)),
            'transitions': np.zeros((pairs, 9)) if transitions else None}


def strengths_arguments(boards: Sequence[tuple[int, ...]] = ((0, 21, 41, 44, 51),), bins: int = 4) -> dict[str, Any]:
    size = len(boards[0])
    pairs = math.comb(52 - size, 2)
    return {'boards': bytes(itertools.chain(*boards)), 'size': size, 'bins': bins,
            'hs': np.zeros((len(boards), pairs)), 'equity': np.zeros((len(boards), pairs)),
            'mean_squared': np.zeros((len(boards), pairs)),
            'histogram': np.zeros((len(boards), pairs, bins), dtype=np.int64) if size < 5 else None}


def exact_arguments(tuples: int = 3, board: tuple[int, ...] = (*FLOP, 5, 9)) -> dict[str, Any]:
    holes = bytes([50, 46, 12, 13] * tuples)  # Ah Kh against 5c 5d
    return {'holes': holes, 'players': 2, 'board': bytes(board), 'dead': b'',
            'out': np.zeros((tuples, 2, 3), dtype=np.int64)}


def pair_number(a: int, b: int) -> int:
    return next(n for n, pair in enumerate(itertools.combinations(range(52), 2)) if pair == (min(a, b), max(a, b)))


def sample_arguments(deals: int = 100) -> dict[str, Any]:
    weights = np.ones(1326)
    known = {50, 46}
    for number, (a, b) in enumerate(itertools.combinations(range(52), 2)):
        if a in known or b in known:
            weights[number] = 0.0
    return {'fixed': np.array([pair_number(*HOLE), -1], dtype=np.int32), 'board': b'', 'dead': b'',
            'order': np.array([1], dtype=np.int32), 'weights': weights[np.newaxis].copy(),
            'seed': bytes(range(32)), 'deals': deals, 'out': np.zeros((3, 6))}


def index_arguments(hands: int = 5, rounds: tuple[int, ...] = (2, 3)) -> dict[str, Any]:
    indexer = HandIndexer(rounds)
    rows = np.ascontiguousarray(np.array([[50, 46, *FLOP]] * hands, dtype=np.int64)[:, :indexer.cards])
    columns, sizes = indexer._compiled_order
    return {'cards': rows, 'columns': columns, 'sizes': sizes, 'codes': indexer._codes,
            'table': indexer._table.copy(), 'out': np.zeros(hands, dtype=np.int64)}


def boards_index_arguments(boards: int = 2, holdings: int = 3) -> dict[str, Any]:
    indexer = HandIndexer((2, 3))
    return {'holes': np.array([[[50, 46], [12, 13], [1, 2]][:holdings]] * boards, dtype=np.int64),
            'boards': np.array([FLOP] * boards, dtype=np.int64), 'size': 3, 'codes': indexer._codes,
            'table': indexer._table.copy(), 'out': np.zeros((boards, holdings), dtype=np.int64)}


def rank_arguments(rows: int = 4) -> dict[str, Any]:
    cards = np.argsort(np.random.default_rng(28).random((rows, 52)), axis=1)[:, :7].astype(np.uint8)
    return {'cards': cards, 'out': np.zeros(rows, dtype=np.int16), 'validate': True}


PAIRS, COLUMNS = 1128, 48  # range_arguments' turn: the holdings of 48 unseen cards, one runout column each

FUNCTIONS: dict[str, tuple[Callable[..., object], Callable[[], dict[str, Any]]]] = {
    'rank_rows': (_rank.rank_rows, rank_arguments),
    'later_counts': (_count.later_counts, later_arguments),
    'showdown_counts': (_count.showdown_counts, showdown_arguments),
    'range_counts': (_ranges.range_counts, range_arguments),
    'board_strengths': (_ranges.board_strengths, strengths_arguments),
    'exact_counts': (_equity.exact_counts, exact_arguments),
    'sample': (_equity.sample, sample_arguments),
    'index_hands': (_isomorphism.index_hands, index_arguments),
    'index_boards': (_isomorphism.index_boards, boards_index_arguments),
}


def call(name: str, **changes: object) -> object:
    """The C function ``name`` on its good arguments with ``changes``."""
    function, arguments = FUNCTIONS[name]
    return function(*{**arguments(), **changes}.values())


@pytest.mark.parametrize('name', FUNCTIONS)
def test_the_good_arguments_are_good(name: str) -> None:
    """The baseline every hostile call below changes one thing of."""
    result = call(name)
    assert result is None or result == -1 or isinstance(result, tuple)


# ----------------------------------------------------------------------------------- formats
FORMATS = [  # (function, argument, a buffer of the wrong kind; the items of the right size where one exists)
    ('later_counts', 'out', np.zeros((1081, 3), dtype=np.float32)),
    ('later_counts', 'now', np.zeros(1081, dtype=np.uint8)),
    ('later_counts', 'now', np.zeros(1081, dtype=np.bool_)),
    ('later_counts', 'board', np.array(FLOP, dtype=np.int8)),
    ('later_counts', 'cards', unseen_cards([*HOLE, *FLOP]).astype(np.int8)),
    ('showdown_counts', 'weights', np.ones(1326, dtype=np.int64)),
    ('showdown_counts', 'hole', np.array(HOLE, dtype=np.int8)),
    ('range_counts', 'weights', np.ones(PAIRS, dtype=np.int64)),
    ('range_counts', 'heroes', np.arange(PAIRS, dtype=np.float32)),
    ('range_counts', 'heroes', np.arange(PAIRS, dtype=np.uint32)),
    ('range_counts', 'now', np.zeros((PAIRS, 3), dtype=np.int64)),
    ('range_counts', 'score', np.zeros((PAIRS, COLUMNS), dtype=np.int64)),
    ('range_counts', 'board', np.array(FLOP, dtype=np.int8)),
    ('board_strengths', 'boards', np.array([0, 21, 41, 44, 51], dtype=np.int8)),
    ('board_strengths', 'hs', np.zeros((1, 1081), dtype=np.int64)),
    ('exact_counts', 'out', np.zeros((3, 2, 3), dtype=np.float64)),
    ('exact_counts', 'out', np.zeros((3, 2, 3), dtype=np.uint64)),
    ('exact_counts', 'holes', np.array([50, 46, 12, 13] * 3, dtype=np.int8)),
    ('exact_counts', 'board', np.array([*FLOP, 5, 9], dtype=np.int8)),
    ('sample', 'fixed', np.array([1320, -1], dtype=np.float32)),
    ('sample', 'order', np.array([1], dtype=np.float32)),
    ('sample', 'weights', sample_arguments()['weights'].astype(np.int64)),
    ('sample', 'out', np.zeros((3, 6), dtype=np.int64)),
    ('sample', 'board', np.array([], dtype=np.int8)),
    ('index_hands', 'cards', np.array([[50, 46, *FLOP]] * 5, dtype=np.float64)),
    ('index_hands', 'out', np.zeros(5, dtype=np.float64)),
    ('index_hands', 'table', HandIndexer((2, 3))._table.astype(np.float64)),
    ('index_boards', 'out', np.zeros((2, 3), dtype=np.uint64)),
    ('index_boards', 'boards', np.array([FLOP] * 2, dtype=np.float64)),
    ('rank_rows', 'cards', np.zeros((4, 7), dtype=np.int8)),
    ('rank_rows', 'out', np.zeros(4, dtype=np.uint16)),
]


@pytest.mark.parametrize('name, argument, given', FORMATS,
                         ids=[f'{name}-{argument}-{given.dtype}' for name, argument, given in FORMATS])
def test_a_buffer_of_the_wrong_kind_is_refused(name: str, argument: str, given: np.ndarray) -> None:
    """float32 is no int32, int64 weights are no doubles, int8 cards no uint8 (their items have the same size)."""
    HOSTILE_CALLS[0] += 1
    with pytest.raises(ValueError, match='format'):
        call(name, **{argument: given})


@pytest.mark.parametrize('numbers', [np.zeros((1, 1081), dtype=np.int32), np.zeros((1, 1081)),
                                     np.zeros((1, 1080), dtype=np.int64), np.zeros((1, 2162), dtype=np.int64)[:, ::2],
                                     np.zeros((1, 1081), dtype=np.int64).view(np.uint64), 'numbers'])
def test_board_strengths_refuses_numbers_of_the_wrong_kind(numbers: object) -> None:
    """The keyword ``numbers`` (the rows' holding numbers): int64, contiguous, one per holding and board, writable."""
    HOSTILE_CALLS[0] += 1
    with pytest.raises((ValueError, TypeError, BufferError)):
        _ranges.board_strengths(*strengths_arguments().values(), numbers=numbers)
    frozen = np.zeros((1, 1081), dtype=np.int64)
    frozen.flags.writeable = False
    with pytest.raises((ValueError, BufferError)):
        _ranges.board_strengths(*strengths_arguments().values(), numbers=frozen)


# ------------------------------------------------------------------------------------ copies
def test_rank_rows_masks_a_card_changed_between_its_check_and_its_flush_bits() -> None:
    """Row 1 lies under row 0's value: the vectorized first pass finds every index below 52, then ranking row 0
    writes a byte of 64 or more (low byte b, b & 3 = 3) over row 1's first card, and row 1 is a flush by its
    masked cards: its bit set is made from the cards read again, masked again (before: a shift by 64 or more,
    which UndefinedBehaviorSanitizer reports)."""
    rng = np.random.default_rng(111)
    while True:  # a first row whose value has a low byte of 64 or more in suit 3
        first = np.sort(rng.choice(52, 6, replace=False)).astype(np.uint8)
        value = int(HandRanker.rank_many(first[None])[0])
        low, high = value & 0xFF, value >> 8
        if low >= 64 and low & 3 == 3:
            break
    suit = (low & 63) & 3  # the masked card's suit (3): four more cards of it make a flush
    others = [card for card in range(suit, 52, 4) if card not in (low & 63, high)][:4]
    memory = np.zeros(16, dtype=np.uint8)  # two rows of 6 cards (12 bytes), the values at bytes 6 and 8
    memory[:6] = first
    memory[6:12] = [low & 63, high, *others]  # valid until row 0's value is written over its first two cards
    cards = memory[:12].reshape(2, 6)
    values = memory[6:10].view(np.int16)
    assert len({*cards[1].tolist()}) == 6 and int(cards.max()) <= 51
    result = hostile(_rank.rank_rows, cards, values, False)
    assert result in (-1, 1)
    assert memory[6] == low  # the card changed, as planned


def test_later_counts_reads_its_copy_of_the_cards() -> None:
    """``out`` lies over ``cards``: the counts are written (as bytes far off the deck) before the outcome now is
    counted from the cards (before: read again there, off the tables and shifted past 64 bits)."""
    arguments = later_arguments()
    cards = np.frombuffer(arguments['cards'], dtype=np.uint8)
    memory = np.zeros(1081 * 3 * 4, dtype=np.uint8)
    memory[:len(cards)] = cards
    out = memory.view(np.int32).reshape(1081, 3)
    assert hostile(_count.later_counts, arguments['board'], arguments['hole'], memory[:len(cards)], 2, out,
                   arguments['now']) is None
    fresh = later_arguments()
    _count.later_counts(*fresh.values())
    np.testing.assert_array_equal(out, fresh['out'])  # counted from the cards as they were
    np.testing.assert_array_equal(arguments['now'], fresh['now'])


def test_range_counts_reads_its_copy_of_the_hero_rows() -> None:
    """``now`` lies over ``heroes``: the first rows written make hero numbers of a billion (before: the rows
    they name were written, far outside ``now``, a crash or AddressSanitizer's heap-buffer-overflow)."""
    arguments = range_arguments(lookahead=0)
    pairs = len(arguments['heroes'])
    memory = np.zeros(3 * pairs)
    heroes = memory.view(np.int32)[:pairs]
    heroes[:] = np.arange(pairs)
    now = memory.reshape(pairs, 3)
    arguments.update(heroes=heroes, now=now)
    assert hostile(_ranges.range_counts, *arguments.values()) is None
    fresh = range_arguments(lookahead=0)
    _ranges.range_counts(*fresh.values())
    np.testing.assert_array_equal(now, fresh['now'])  # every hero row where the copy said


def test_range_counts_reads_its_copy_of_the_weights() -> None:
    """``total`` lies over ``weights``: the results are those of the weights as they were."""
    arguments = range_arguments(lookahead=1)
    pairs, columns = arguments['score'].shape
    memory = np.zeros((pairs, columns))
    weights = memory.reshape(-1)[:pairs]
    weights[:] = 1.0
    arguments.update(weights=weights, total=memory)
    assert hostile(_ranges.range_counts, *arguments.values()) is None
    fresh = range_arguments(lookahead=1)
    _ranges.range_counts(*fresh.values())
    np.testing.assert_array_equal(arguments['score'], fresh['score'])


def test_board_strengths_reads_its_copy_of_the_boards() -> None:
    """``hs`` lies over the boards: the first board's strengths are written over the second board (before: read
    after, with no card of it left on the deck, writing past the 49 unseen cards' array)."""
    boards = [(0, 21, 41, 44, 51), (1, 5, 9, 30, 40)]
    arguments = strengths_arguments(boards)
    memory = arguments['hs']
    under = memory.reshape(-1).view(np.uint8)[:10]
    under[:] = np.array(boards, dtype=np.uint8).ravel()
    arguments['boards'] = under
    assert hostile(_ranges.board_strengths, *arguments.values()) is None
    fresh = strengths_arguments(boards)
    _ranges.board_strengths(*fresh.values())
    np.testing.assert_array_equal(arguments['equity'], fresh['equity'])


def test_exact_counts_reads_each_tuple_once_where_it_lies() -> None:
    """``out`` lies over the holes: they are zeroed and counted over as the loop runs; each tuple is copied and
    checked before it is read, so the call ends with a tuple reported bad (or a count), in bounds."""
    arguments = exact_arguments(tuples=40)
    memory = np.zeros((40, 2, 3), dtype=np.int64)
    memory.view(np.uint8).ravel()[:160] = np.frombuffer(arguments['holes'], dtype=np.uint8)
    result = hostile(_equity.exact_counts, memory.view(np.uint8).ravel()[:160], 2, arguments['board'], b'', memory)
    assert result is None or (isinstance(result, int) and -1 <= result < 40)


def test_index_hands_with_a_table_under_its_output() -> None:
    """The table is read where it lies, and ``out`` overwrites it as hands are numbered: the bisection stays
    in its rows and each number is summed with checked arithmetic, so the call gives numbers or an error."""
    arguments = index_arguments(hands=40)
    table = arguments['table']
    memory = np.zeros(max(table.size, 41), dtype=np.int64)
    memory[:table.size] = table.ravel()
    arguments.update(table=memory[:table.size], out=memory[1:41])
    hostile(_isomorphism.index_hands, *arguments.values())


def test_a_table_whose_numbers_overflow_is_an_error() -> None:
    """A multiplier of 2**62 (no indexer makes one): the numbers do not fit in an int64, an error (before: a
    signed overflow, undefined, and a wrapped number)."""
    indexer = HandIndexer((2,))
    table = indexer._table.copy()
    table[:, 4::3] = 2 ** 62  # every multiplier
    hands = np.array(list(itertools.combinations(range(52), 2)), dtype=np.int64)
    numbers = np.zeros(len(hands), dtype=np.int64)
    HOSTILE_CALLS[0] += 1
    with pytest.raises(ValueError, match='int64'):
        _isomorphism.index_hands(hands, *indexer._compiled_order, indexer._codes, table, numbers)


def test_index_hands_takes_its_columns_from_any_bytes() -> None:
    """``columns`` and ``sizes`` (copied) as bytes, a read-only memoryview or a mutable bytearray (refused)."""
    indexer = HandIndexer((2,))
    for columns in (bytes([0, 9]), bytearray([0, 1]), memoryview(bytes([0, 1])), bytes([1, 0])):
        hostile(functools.partial(call, 'index_hands', columns=columns, sizes=bytes([2]), table=indexer._table.copy(),
                                  cards=np.array([[50, 46]] * 5, dtype=np.int64), codes=indexer._codes))


# ----------------------------------------------------------------------------------- signals
_raise = getattr(ctypes.CDLL(None), 'raise')
_raise.argtypes, _raise.restype = [ctypes.c_int], ctypes.c_int


class Interrupted(Exception):
    """What the test's SIGINT handler raises (Ctrl-C's KeyboardInterrupt, without alarming pytest)."""


def sigint_on_read(value: int) -> object:
    """An object read as the whole number ``value`` (``__index__``, and ``__len__`` for a flag: false if 0) that
    raises SIGINT as it is read, from C (ctypes), so that no Python code runs the handler before the C
    function's own look at signals."""
    kind = type('SigintOnRead', (), {})
    made = kind()
    read = staticmethod(functools.partial(operator.countOf, itertools.chain(
        map(_raise, [signal.SIGINT]), [made] * value), made))
    setattr(kind, '__index__', read)
    setattr(kind, '__len__', read)
    return made


@contextmanager
def sigint_raises() -> Iterator[None]:
    """SIGINT raises Interrupted while the block runs (in the main thread, where handlers run)."""
    assert threading.current_thread() is threading.main_thread()

    def handler(number: int, frame: object) -> None:
        raise Interrupted

    before = signal.signal(signal.SIGINT, handler)
    try:
        with pytest.raises(Interrupted):
            yield
    finally:
        signal.signal(signal.SIGINT, before)


def test_a_ctrl_c_stops_a_batch_of_hands_after_its_first_chunk() -> None:
    """A batch of CHUNK_ROWS + 1 rows (one row read CHUNK_ROWS + 1 times: no memory) with SIGINT pending: the
    first chunk is ranked, the last row is not (before: every row, then the interrupt)."""
    rows = np.broadcast_to(np.array([[48, 44, 40, 36, 32]], dtype=np.uint8), (_rank.CHUNK_ROWS + 1, 5))
    values = np.zeros(len(rows), dtype=np.int16)
    with sigint_raises():
        _rank.rank_rows(rows, values, sigint_on_read(0))  # type: ignore[arg-type]
    assert values[0] == 7462 and values[-1] == 0


def test_a_ctrl_c_stops_sampling_after_its_first_chunk() -> None:
    arguments = sample_arguments()
    arguments['out'][:] = np.nan
    with sigint_raises():
        _equity.sample(*{**arguments, 'deals': sigint_on_read(2 * _equity.DEAL_CHUNK + 1)}.values())
    assert np.isnan(arguments['out']).all()  # (before: every deal counted)


def test_a_ctrl_c_stops_exact_counting_after_its_first_chunk() -> None:
    arguments = exact_arguments(tuples=65536 + 1)  # river tuples: 65,536 a chunk
    with sigint_raises():
        _equity.exact_counts(*{**arguments, 'players': sigint_on_read(2)}.values())
    out = arguments['out']
    assert out[0].sum() == 1 and out[-1].sum() == 0


def test_a_ctrl_c_stops_numbering_hands_after_its_first_chunk() -> None:
    arguments = index_arguments(hands=_isomorphism.HAND_CHUNK + 1, rounds=(2,))
    arguments['out'][:] = -1
    with sigint_raises():
        _isomorphism.index_hands(*{**arguments, 'codes': sigint_on_read(arguments['codes'])}.values())
    assert arguments['out'][0] >= 0 and arguments['out'][-1] == -1


def test_a_ctrl_c_stops_numbering_boards_after_its_first_chunk() -> None:
    boards = _isomorphism.HAND_CHUNK // 1176 + 2
    indexer = HandIndexer((2, 3))
    holes = np.array(list(itertools.combinations(unseen_cards(FLOP).tolist(), 2)), dtype=np.int64)
    arguments = {'holes': np.broadcast_to(holes, (boards, *holes.shape)).copy(),
                 'boards': np.array([FLOP] * boards, dtype=np.int64), 'size': sigint_on_read(3),
                 'codes': indexer._codes, 'table': indexer._table, 'out': np.full((boards, len(holes)), -1)}
    with sigint_raises():
        _isomorphism.index_boards(*arguments.values())
    assert arguments['out'][0, 0] >= 0 and arguments['out'][-1, -1] == -1


def test_a_ctrl_c_stops_a_range_against_a_range_after_its_first_chunk_of_runouts() -> None:
    arguments = range_arguments(lookahead=2)
    arguments['score'][:] = np.nan
    with sigint_raises():
        _ranges.range_counts(*{**arguments, 'lookahead': sigint_on_read(2)}.values())
    score = arguments['score']
    assert not np.isnan(score[:, 0]).any() and np.isnan(score[:, -1]).all()


def test_a_ctrl_c_stops_a_board_of_the_strength_tables_after_its_first_chunk_of_runouts() -> None:
    arguments = strengths_arguments([FLOP])
    arguments['equity'][:] = np.nan
    with sigint_raises():
        _ranges.board_strengths(*{**arguments, 'size': sigint_on_read(3)}.values())
    assert (arguments['hs'] > 0).any() and np.isnan(arguments['equity']).all()


def test_chunks_change_no_result() -> None:
    """The pieces between two looks at signals, small or whole, give the same numbers."""
    for name, chunks in (('rank_rows', (1, 3)), ('sample', (1, 7, 10 ** 6)), ('exact_counts', (1, 2)),
                         ('index_hands', (1, 2)), ('index_boards', (1, 4))):
        function, arguments = FUNCTIONS[name]
        whole = arguments()
        function(*whole.values())
        for chunk in chunks:
            pieces = arguments()
            function(*pieces.values(), chunk)
            np.testing.assert_array_equal(pieces['out'], whole['out'])
    for lookahead, transitions in ((1, True), (2, False)):
        whole = range_arguments(lookahead, transitions)
        _ranges.range_counts(*whole.values())
        for chunk in (1, 17, 10 ** 6):
            pieces = range_arguments(lookahead, transitions)
            _ranges.range_counts(*pieces.values(), chunk)  # type: ignore[call-arg]
            for name in ('now', 'score', 'total', 'transitions'):
                np.testing.assert_array_equal(pieces[name], whole[name])
    whole = strengths_arguments([(0, 21, 41, 44)])
    _ranges.board_strengths(*whole.values())
    pieces = strengths_arguments([(0, 21, 41, 44)])
    _ranges.board_strengths(*pieces.values(), 16)  # type: ignore[call-arg]
    for name in ('hs', 'equity', 'mean_squared', 'histogram'):
        np.testing.assert_array_equal(pieces[name], whole[name])


# --------------------------------------------------------------------------------- other shapes
def read_only(array: np.ndarray) -> np.ndarray:
    view = array.view()
    view.flags.writeable = False
    return view


HUGE = np.lib.stride_tricks.as_strided(np.zeros(1, dtype=np.uint8), shape=(2 ** 40, 7), strides=(0, 0))

OTHER: list[tuple[str, dict[str, Any]]] = [  # (function, changes): anything but a crash, a report or a leak; a ValueError at most
    ('rank_rows', {'cards': np.zeros((0, 7), dtype=np.uint8), 'out': np.zeros(0, dtype=np.int16)}),
    ('rank_rows', {'cards': np.full((4, 7), 255, dtype=np.uint8), 'validate': False}),
    ('rank_rows', {'cards': np.full((4, 7), 63, dtype=np.uint8), 'validate': False}),
    ('rank_rows', {'cards': np.full((4, 7), 60, dtype=np.uint8), 'validate': True}),
    ('rank_rows', {'cards': np.arange(28, dtype=np.uint8).reshape(7, 4).T}),
    ('rank_rows', {'cards': np.arange(28, dtype=np.uint8).reshape(4, 7)[::-1, ::-1]}),
    ('rank_rows', {'cards': np.zeros((4, 7, 1), dtype=np.uint8)}),
    ('rank_rows', {'cards': np.zeros((4, 8), dtype=np.uint8)}),
    ('rank_rows', {'cards': HUGE}),
    ('rank_rows', {'out': read_only(np.zeros(4, dtype=np.int16))}),
    ('rank_rows', {'out': np.zeros(8, dtype=np.int16)[::2]}),
    ('rank_rows', {'out': np.zeros(5, dtype=np.int16)}),
    ('rank_rows', {'cards': None}),
    ('rank_rows', {'cards': 'AhKh'}),
    ('later_counts', {'lookahead': 3}),
    ('later_counts', {'lookahead': -2 ** 31}),
    ('later_counts', {'board': bytes([0, 21, 255])}),
    ('later_counts', {'board': b''}),
    ('later_counts', {'hole': bytes([50])}),
    ('later_counts', {'cards': bytes(range(47)) * 2}),
    ('later_counts', {'cards': bytes([200] * 47)}),
    ('later_counts', {'out': np.zeros((1081, 3), dtype=np.int32)[::-1]}),
    ('later_counts', {'out': read_only(np.zeros((1081, 3), dtype=np.int32))}),
    ('later_counts', {'now': np.zeros(1080, dtype=np.int8)}),
    ('showdown_counts', {'board': bytes([0, 1, 2, 3, 4, 5])}),
    ('showdown_counts', {'weights': np.full(1326, np.nan)}),
    ('showdown_counts', {'weights': np.ones(1325)}),
    ('range_counts', {'lookahead': 7}),
    ('range_counts', {'heroes': np.full(PAIRS, -2, dtype=np.int32)}),
    ('range_counts', {'heroes': np.full(PAIRS, 2 ** 31 - 1, dtype=np.int32)}),
    ('range_counts', {'heroes': np.arange(PAIRS, dtype=np.int32)[::-1].copy(), 'now': np.zeros((0, 3)),
                      'score': np.zeros((0, COLUMNS)), 'total': np.zeros((0, COLUMNS))}),
    ('range_counts', {'weights': np.full(PAIRS, -np.inf)}),
    ('range_counts', {'cards': bytes([0, 1, 2, 3, 4])}),
    ('range_counts', {'cards': unseen_cards((*FLOP, 5))[::-1].tobytes()}),
    ('range_counts', {'transitions': np.zeros((PAIRS, 8))}),
    ('range_counts', {'score': read_only(np.zeros((PAIRS, COLUMNS)))}),
    ('board_strengths', {'boards': b''}),
    ('board_strengths', {'boards': bytes([0, 21, 41, 44])}),
    ('board_strengths', {'boards': bytes([51, 44, 41, 21, 0])}),
    ('board_strengths', {'boards': bytes([0, 21, 41, 44, 99])}),
    ('board_strengths', {'bins': 0}),
    ('board_strengths', {'bins': 10 ** 9}),
    ('board_strengths', {'size': 2}),
    ('board_strengths', {'boards': bytes(2 ** 20 * 5)}),
    ('exact_counts', {'players': 11}),
    ('exact_counts', {'players': 1}),
    ('exact_counts', {'holes': b'', 'out': np.zeros(0, dtype=np.int64)}),
    ('exact_counts', {'holes': bytes([50, 46, 12])}),
    ('exact_counts', {'holes': bytes([50, 46, 12, 255] * 3)}),
    ('exact_counts', {'holes': bytes([50, 50, 12, 13] * 3)}),
    ('exact_counts', {'board': bytes([0, 1])}),
    ('exact_counts', {'board': bytes([0, 0, 0])}),
    ('exact_counts', {'dead': bytes(range(52))}),
    ('exact_counts', {'dead': bytes(range(53))}),
    ('exact_counts', {'out': np.zeros(5, dtype=np.int64)}),
    ('sample', {'deals': -1}),
    ('sample', {'deals': 0}),
    ('sample', {'deals': 2 ** 63 - 1, 'fixed': np.array([5], dtype=np.int32)}),
    ('sample', {'fixed': np.array([1320, 7], dtype=np.int32)}),
    ('sample', {'fixed': np.array([-5, -1], dtype=np.int32)}),
    ('sample', {'fixed': np.array([1320] * 11, dtype=np.int32)}),
    ('sample', {'order': np.array([5], dtype=np.int32)}),
    ('sample', {'order': np.array([1, 1], dtype=np.int32), 'weights': np.ones((2, 1326))}),
    ('sample', {'weights': np.full((1, 1326), np.nan)}),
    ('sample', {'weights': np.zeros((1, 1326))}),
    ('sample', {'weights': np.ones((1, 1326))}),
    ('sample', {'seed': bytes(31)}),
    ('sample', {'seed': bytes(32)}),
    ('sample', {'board': bytes([0, 1])}),
    ('sample', {'board': bytes([50, 1, 2])}),
    ('sample', {'dead': bytes([99])}),
    ('sample', {'out': np.zeros((2, 6))}),
    ('index_hands', {'cards': np.full((5, 5), -1, dtype=np.int64)}),
    ('index_hands', {'cards': np.full((5, 5), 2 ** 62, dtype=np.int64)}),
    ('index_hands', {'cards': np.zeros((0, 5), dtype=np.int64), 'out': np.zeros(0, dtype=np.int64)}),
    ('index_hands', {'cards': np.zeros((5, 4), dtype=np.int64)}),
    ('index_hands', {'columns': bytes([0, 1, 2, 3, 9])}),
    ('index_hands', {'sizes': bytes([2, 2])}),
    ('index_hands', {'sizes': bytes([1] * 5 + [0] * 20)}),
    ('index_hands', {'codes': 0}),
    ('index_hands', {'codes': 2 ** 62}),
    ('index_hands', {'table': np.zeros((0, 14), dtype=np.int64)}),
    ('index_hands', {'table': np.zeros((2, 13), dtype=np.int64)}),
    ('index_hands', {'table': np.full((2, 14), -1, dtype=np.int64)}),
    ('index_boards', {'size': 6}),
    ('index_boards', {'boards': np.zeros((2, 3), dtype=np.int64)}),
    ('index_boards', {'holes': np.full((2, 3, 2), 51, dtype=np.int64)}),
    ('index_boards', {'holes': np.full((2, 3, 2), 2 ** 40, dtype=np.int64)}),
    ('index_boards', {'out': np.zeros((2, 4), dtype=np.int64)}),
    ('index_boards', {'boards': np.zeros((0, 3), dtype=np.int64), 'holes': np.zeros((0, 3, 2), dtype=np.int64),
                      'out': np.zeros((0, 3), dtype=np.int64)}),
]


@pytest.mark.parametrize('name, changes', OTHER, ids=[f'{name}-{number}' for number, (name, _) in enumerate(OTHER)])
def test_other_hostile_arguments(name: str, changes: dict[str, Any]) -> None:
    function, arguments = FUNCTIONS[name]
    hostile(function, *{**arguments(), **changes}.values())


def test_rank_sequence_takes_anything() -> None:
    for given in ([0, 1, 2, 3, 2 ** 64], [0, 1, 2, 3, -(2 ** 64)], (0, 1, 2, 3, 4, 5, 6, 7), [0.5] * 5,
                  [np.uint8(1)] * 5, list(range(5))):
        assert hostile(_rank.rank_sequence, given) in (0, HandRanker.rank_indices(list(range(5))))


# ------------------------------------------------------------------------------------ public doors
def test_rank_many_refuses_an_index_a_cast_would_wrap_unvalidated() -> None:
    """256 cast to uint8 is 0 (the ace of the row's straight would be a deuce): refused, validated or not."""
    for rows in ([[256, 5, 9, 13, 50]], [[-256, 5, 9, 13, 50]], [[0, 5, 9, 13, 2 ** 40]]):
        for validate in (True, False):
            with pytest.raises(PokerError, match='invalid card index'):
                HandRanker.rank_many(np.array(rows), validate=validate)
    with pytest.raises(PokerError, match='invalid card index -1'):  # an int8's -1 (255 once cast) as given
        HandRanker.rank_many(np.array([[-1, 5, 9, 13, 50]], dtype=np.int8), validate=False)
    assert HandRanker.rank_many(np.array([[0, 5, 9, 13, 50]], dtype=np.int16), validate=False)[0] == 5854


def test_unvalidated_indexing_still_checks_each_hand() -> None:
    indexer = HandIndexer((2, 3))
    for cards in ([[0, 1, 2, 3, 60]], [[0, 0, 1, 2, 3]], [[0, 1, 2, 3]], [[1, 2], [3]], None):
        with pytest.raises(PokerError):
            indexer.index(cards, validate=False)  # type: ignore[arg-type]
    for holes, boards in (([[[0, 1]]], [[2, 3, 60]]), ([[[0, 1]]], [[2, 3, 1]])):
        with pytest.raises(PokerError):
            indexer.index_boards(np.array(holes), np.array(boards), validate=False)


# --------------------------------------------------------------------------------------- threads
@contextmanager
def scribbling(array: np.ndarray, values: np.ndarray) -> Iterator[None]:
    """Another thread writes ``values`` (at random places) into ``array`` while the block runs."""
    stop = threading.Event()
    flat = array.reshape(-1)
    rng = np.random.default_rng(28)

    def scribble() -> None:
        while not stop.is_set():
            flat[rng.integers(len(flat), size=64)] = rng.choice(values, size=64)

    writer = threading.Thread(target=scribble, daemon=True)
    writer.start()
    try:
        yield
    finally:
        stop.set()
        writer.join()


def test_public_calls_while_another_thread_changes_their_arrays() -> None:
    """rank_many reads a uint8 batch and HandIndexer.index an int64 one where they lie: whatever another thread
    writes meanwhile, the result or a PokerError."""
    cards = np.argsort(np.random.default_rng(1).random((200_000, 52)), axis=1)[:, :7].astype(np.uint8)
    with scribbling(cards, np.array([0, 3, 47, 51, 52, 63, 64, 111, 255], dtype=np.uint8)):
        for number in range(12):
            hostile(functools.partial(HandRanker.rank_many, validate=number % 2 == 0), cards, public=True)
            hostile(functools.partial(HandRanker.rank_many, validate=number % 3 == 0), cards[::-1, :6], public=True)
    indexer = HandIndexer((2, 3))
    hands = np.argsort(np.random.default_rng(2).random((50_000, 52)), axis=1)[:, :5].astype(np.int64)
    with scribbling(hands, np.array([0, 51, 52, -1, 2 ** 40, -(2 ** 62)], dtype=np.int64)):
        for _ in range(8):
            hostile(functools.partial(indexer.index, validate=False), hands, public=True)


def test_private_calls_while_another_thread_changes_their_arrays() -> None:
    bad_cards = np.array([0, 51, 52, 63, 64, 200, 255], dtype=np.uint8)
    arguments = range_arguments(lookahead=1)
    heroes = arguments['heroes']
    with scribbling(heroes, np.array([-2, -1, 0, 5000, 2 ** 31 - 1, -(2 ** 31)], dtype=np.int32)):
        for _ in range(4):
            hostile(_ranges.range_counts, *arguments.values())
    boards = np.array([(0, 21, 41, 44, 51)] * 2000, dtype=np.uint8)
    strengths = {**strengths_arguments([(0, 21, 41, 44, 51)] * 2000), 'boards': boards}
    with scribbling(boards, bad_cards):
        hostile(_ranges.board_strengths, *strengths.values())
    holes = np.array([50, 46, 12, 13] * 200_000, dtype=np.uint8)
    counts = {**exact_arguments(200_000), 'holes': holes}
    with scribbling(holes, bad_cards):
        for _ in range(3):
            hostile(_equity.exact_counts, *counts.values())
    dealt = sample_arguments(200_000)
    with scribbling(dealt['weights'], np.array([0.0, -1.0, np.nan, np.inf, 1e308])):
        for _ in range(3):
            hostile(_equity.sample, *dealt.values())
    cards = {**later_arguments(), 'cards': np.frombuffer(later_arguments()['cards'], dtype=np.uint8).copy()}
    with scribbling(cards['cards'], bad_cards):
        for _ in range(20):
            hostile(_count.later_counts, *cards.values())


# ----------------------------------------------------------------------------------------- leaks
def test_no_call_keeps_a_buffer_or_memory() -> None:
    """Every good and hostile call above, many times: each argument's reference count is what it was (every
    buffer released, also on each way out with an error) and no memory allocated in a call stays
    (tracemalloc traces PyMem and NumPy's allocations)."""
    calls = [(name, FUNCTIONS[name][1]()) for name in FUNCTIONS]
    calls += [(name, {**FUNCTIONS[name][1](), **changes}) for name, changes in OTHER]
    calls += [(name, {**FUNCTIONS[name][1](), argument: given}) for name, argument, given in FORMATS]

    def run_all(times: int) -> None:
        for name, arguments in calls:
            for _ in range(times):
                hostile(FUNCTIONS[name][0], *arguments.values())

    def references() -> list[int]:  # (of the buffers: small numbers and short bytes are shared)
        return [sys.getrefcount(value) for _, arguments in calls for value in arguments.values()
                if isinstance(value, np.ndarray) or (isinstance(value, (bytes, bytearray)) and len(value) > 1)]

    run_all(1)  # (first calls may fill caches of their own)
    gc.collect()
    counts = references()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        run_all(20)
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert references() == counts
    assert after - before < 64 * 1024, f'{after - before} bytes kept by {20 * len(calls)} calls'
