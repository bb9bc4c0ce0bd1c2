"""Showdown equity of 2 to 10 players, each a hand, a weighted range or a random holding.

:func:`equity` answers what Equilab and PokerStove answer: the share of the pot each player takes at
showdown when all cards still to come are dealt, with wins and split pots reported apart (how often a player
ties, as Equilab's Tie column, and the pot share those ties bring, as PokerStove's tie column). A deal (one
holding per player and the rest of the board) has probability proportional to the product of the
players' weights on their holdings, over holdings that share no card with each other, the board or the
dead cards.

>>> result = equity(['Ah As', 'Kc Kd'], board='Kh 7c 2d')
>>> [round(player.equity, 6) for player in result], result.method, result.deals
([0.085859, 0.914141], 'exact', 990)

Small questions are counted exactly (every compatible deal, with suit symmetry); past
:data:`EXACT_LIMIT` hands to rank (or with ``method='sampled'``), the answer is sampled without bias under the weights (see
``docs/formulas.md``) until every player's standard error is below ``target_error``:

>>> sampled = equity(['Ac Kd', 'random', 'random', 'random'], board='Qc Qs Jd 7h 3d', seed=1)
>>> sampled.method, round(sampled[0].win, 2), round(sampled[0].equity, 2), sampled[0].stderr <= 0.001
('sampled', 0.12, 0.12, True)

(Papp's ``hs_n`` for that hand says 0.1355: it treats the three opponents' holdings as independent.)
"""

from __future__ import annotations

import concurrent.futures
import itertools
import math
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING

import numpy as np
from attrs import field, frozen

from ..cards.card import Card, format_cards, parse_cards
from ..cards.card_inputs import CardsLike, read_board, read_cards
from ..cards.holdings import HOLDING_COUNT, HOLDINGS
from ..cards.starting_hand import StartingHand
from ..errors import (
    CardCountError, DuplicateCardError, OpponentCountError, PokerError, SettingError, WeightsError,
)
from ..kernel.positions import combination_rows
from ..markup import clipped, html_table
from ..ranges.range import Range
from ..ranges.weight_inputs import WeightSetLike, lone_holding, read_weights
from ..ranges.weights import ZERO_RULE
from ..ranking.ranker import HandRanker
from ..ranking.ranker_inputs import read_ranker
from . import _equity
from ..validators import (
    EQUITY_METHODS, EquityMethod, amount, choice, is_items, read_method, read_seed, reading, real_number, share, shown,
    text, whole_number,
)

if TYPE_CHECKING:
    from ..extras import DataFrame

__all__ = [
    'DEFAULT_TARGET_ERROR',
    'EXACT_LIMIT',
    'EquityResult',
    'MAX_PLAYERS',
    'MAX_SAMPLES',
    'PREFLOP_TUPLE_WORK',
    'PlayerEquity',
    'SAMPLES_LIMIT',
    'SAMPLES_PER_TASK',
    'equity',
]

MAX_PLAYERS = 10
"""At most ten players: 20 hole cards and a board leave 27 cards."""

EXACT_LIMIT = 150_000_000
"""``method='auto'`` enumerates when at most this many hands are to be ranked: players x (holding tuples
up to suit symmetry) x boards per tuple, where a tuple before the flop counts
:data:`PREFLOP_TUPLE_WORK` (its board classes); about three seconds. Otherwise it samples."""

PREFLOP_TUPLE_WORK = 2_000_000
"""The work of one holding tuple before the flop, in hands ranked: about 150,000 board classes per
player, and the pass over the 2,598,960 boards that finds them."""

DEFAULT_TARGET_ERROR = 0.001
"""With neither ``samples`` nor ``target_error``, sampling stops once every player's standard error is below this."""

MAX_SAMPLES = 50_000_000
"""Sampling for a ``target_error`` stops at this many deals at most (unless ``samples`` says otherwise)."""

SAMPLES_LIMIT = 10 ** 10
"""The most deals ``samples`` may ask for: about an hour's sampling on one core, a standard error near 0.000005."""

SAMPLES_PER_TASK = 1 << 16
"""Sampled deals per unit of work (a chunk): chunk ``i`` draws from ``SeedSequence(seed, spawn_key=(i,))``, so the result
for a seed does not depend on how the chunks are spread over an executor."""

_TUPLE_CAP = 4_000_000  # holding tuples enumerated at most before falling back to sampling
_BOARD_ROWS = 1 << 20  # about this many deals per exact batch
_REJECTION_ROUNDS = 4  # tries to deal a holding by rejection before drawing it from the masked weights

_MASKS = np.left_shift(np.uint64(1), np.arange(52, dtype=np.uint64))
_HOLDING_MASKS = _MASKS[HOLDINGS[:, 0]] | _MASKS[HOLDINGS[:, 1]]
_PAIR = np.full((52, 52), HOLDING_COUNT, dtype=np.intp)  # holding number of two cards (HOLDING_COUNT: one card twice)
_PAIR[HOLDINGS[:, 0], HOLDINGS[:, 1]] = _PAIR[HOLDINGS[:, 1], HOLDINGS[:, 0]] = np.arange(HOLDING_COUNT)
_SUIT_PERMUTATIONS = np.array(list(itertools.permutations(range(4))), dtype=np.intp)


def _mask(cards: Sequence[int]) -> np.uint64:
    """One bit per card index."""
    return np.bitwise_or.reduce(_MASKS[list(cards)]) if len(cards) else np.uint64(0)


# ------------------------------------------------------------------------------------------- results
@frozen
class PlayerEquity:
    """One player's showdown: ``win`` (how often the player wins the pot alone), ``tie`` (how often the player
    splits it: Equilab's Tie), ``split_share`` (the pot share from split pots, a k-way split counting 1/k:
    PokerStove's tie), :attr:`equity` = ``win + split_share``, and the standard errors of the
    equity and of the tie (0 when exact). ``player`` is the hand, range or ``'random'`` as given.

    >>> hearts = equity(['As Ah', 'Ad Ac'], board='Kh 7h 2d')[0]  # wins on the 45 runouts of two hearts in 990
    >>> round(hearts.win, 4), round(hearts.tie, 4), round(hearts.split_share, 4), round(hearts.equity, 4)
    (0.0455, 0.9545, 0.4773, 0.5227)
    """

    player: str = field(converter=reading(text, longest=10 ** 7))  # type: ignore[misc]
    win: float = field(converter=reading(share))  # type: ignore[misc]
    tie: float = field(converter=reading(share))  # type: ignore[misc]
    split_share: float = field(converter=reading(share))  # type: ignore[misc]
    stderr: float = field(default=0.0, converter=reading(amount, error=SettingError))  # type: ignore[misc]
    tie_stderr: float = field(default=0.0, converter=reading(amount, error=SettingError))  # type: ignore[misc]

    @property
    def equity(self) -> float:
        """The share of the pot won on average: ``win + split_share``."""
        return self.win + self.split_share

    def _repr_html_(self) -> str:
        """The entry as a one-row table, as a notebook shows it (:meth:`EquityResult._repr_html_`)."""
        sampled = self.stderr > 0
        return html_table(_equity_header(sampled), [self._cells(sampled)])

    def _cells(self, sampled: bool) -> list[str]:
        """The player (cut to 40 characters), win, tie (how often), split share (the pot share from ties) and
        equity in per cent, as the command line's table, and when ``sampled`` the equity's standard error."""
        cells = [clipped(self.player, 40), f'{self.win:.2%}', f'{self.tie:.2%}', f'{self.split_share:.2%}',
                 f'{self.equity:.2%}']
        return cells + [f'{self.stderr:.2%}'] if sampled else cells

    def as_dict(self) -> dict[str, object]:
        """The entry as plain JSON-ready values."""
        return {'player': self.player, 'win': self.win, 'tie': self.tie, 'split_share': self.split_share,
                'equity': self.equity, 'stderr': self.stderr, 'tie_stderr': self.tie_stderr}


def _equity_header(sampled: bool) -> list[str]:
    """The header of an equity table (:meth:`PlayerEquity._cells`)."""
    return ['player', 'win', 'tie', 'split share', 'equity', *(['standard error'] if sampled else [])]


def _entries(players: Iterable[PlayerEquity]) -> tuple[PlayerEquity, ...]:
    """The players' entries of a result: a list of :class:`PlayerEquity`."""
    if not is_items(players):
        raise SettingError(f'players must be a list of PlayerEquity, got {shown(players)}')
    entries = tuple(itertools.islice(players, MAX_PLAYERS + 1))
    if not all(isinstance(entry, PlayerEquity) for entry in entries) or len(entries) > MAX_PLAYERS:
        raise SettingError(f'players must be a list of at most {MAX_PLAYERS} PlayerEquity, got {shown(players)}')
    return entries


@frozen
class EquityResult:
    """The result of :func:`equity`: a :class:`PlayerEquity` per player (index it or iterate), how it was
    counted (``method``: ``'exact'`` or ``'sampled'``, the words of :func:`equity`'s argument; :attr:`exact`
    says the same as a bool), the number of ``deals`` counted or sampled, and the ``seconds`` taken."""

    players: tuple[PlayerEquity, ...] = field(converter=_entries)
    board: tuple[Card, ...] = field(default=(), converter=read_cards)
    dead: tuple[Card, ...] = field(default=(), converter=read_cards)
    method: str = field(default='exact', converter=reading(choice, choices=EQUITY_METHODS[1:]))  # type: ignore[misc]
    deals: int = field(default=0, converter=reading(whole_number))  # type: ignore[misc]
    seconds: float = field(default=0.0, converter=reading(amount, error=SettingError))  # type: ignore[misc]

    def __repr__(self) -> str:
        """``<EquityResult on Qh 7h 2c: AhKd 5.2% (tie 0.0%), QsQc 94.8% (tie 0.0%); exact, 990 deals>``: each
        player's equity and how often they tie, to a tenth of a per cent (the first four players; the fields
        hold all)."""
        shares = ', '.join(f'{shown(entry.player, limit=20)} {entry.equity:.1%} (tie {entry.tie:.1%})'
                           for entry in self.players[:4])
        more = f' and {len(self.players) - 4} more' if len(self.players) > 4 else ''
        board = f' on {format_cards(self.board)}' if self.board else ' before the flop'
        return f'<{type(self).__name__}{board}: {shares}{more}; {self.method}, {self.deals} deals>'

    def _repr_html_(self) -> str:
        """A table, a row per player (:class:`PlayerEquity`), under the board and how it was counted, as a
        notebook shows it."""
        board = f'on {format_cards(self.board)}' if self.board else 'before the flop'
        dead = f', dead {format_cards(self.dead)}' if self.dead else ''
        return html_table(_equity_header(not self.exact), [player._cells(not self.exact) for player in self.players],
                          caption=f'equity {board}{dead}: {self.method}, {self.deals:,} deals')

    @property
    def exact(self) -> bool:
        """Whether every deal was counted (``method == 'exact'``)."""
        return self.method == 'exact'

    def __getitem__(self, index: int) -> PlayerEquity:
        return self.players[index]

    def __iter__(self) -> Iterator[PlayerEquity]:
        return iter(self.players)

    def __len__(self) -> int:
        return len(self.players)

    def to_frame(self) -> DataFrame:
        """The result as a pandas table (the ``pandas`` extra): a row per player, the columns those of
        :meth:`PlayerEquity.as_dict` (the JSON of ``poker equity``)."""
        from ..extras import records_frame
        return records_frame([player.as_dict() for player in self.players], tuple(PlayerEquity('', 0, 0, 0).as_dict()))

    def as_dict(self) -> dict[str, object]:
        """The result as plain JSON-ready values."""
        return {'players': [player.as_dict() for player in self.players], 'board': format_cards(self.board),
                'dead': format_cards(self.dead), 'method': self.method, 'exact': self.exact, 'deals': self.deals,
                'seconds': self.seconds}


# ------------------------------------------------------------------------------------------- inputs
def _read_player(entry: StartingHand | WeightSetLike, number: int) -> tuple[str, np.ndarray, int | None]:
    """A player's label, its 1,326 weights and its holding number when it holds one hand: read by
    :func:`~poker.ranges.weight_inputs.read_weights`, the one reading of a holding or range (``'KsJc, AcJc'`` is
    a range of two holdings, ``'Ks Jc'`` a hand, ``'random'`` or None every holding)."""
    if isinstance(entry, str) and not entry.strip():
        raise WeightsError(f"player {number}: give a hand, a range or 'random', got {shown(entry)}")
    weights = read_weights(entry)
    if not weights.any():
        raise WeightsError(f'player {number}: the range {shown(entry)} gives no holding any weight ({ZERO_RULE})')
    holding = lone_holding(weights)
    if holding is not None:
        label = _holding_label(entry, holding)
    elif entry is None:
        label = 'random'
    elif isinstance(entry, str):
        label = entry.strip()
    elif isinstance(entry, Range):
        label = str(entry)
    else:
        label = f'weights {number}'
    return label, weights, holding


def _holding_label(entry: object, holding: int) -> str:
    """A hand's label: its two cards in the order written ('Ah As' is 'AhAs'), or high card first."""
    cards = [Card.from_index(int(card)) for card in HOLDINGS[holding][::-1]]
    written: object = entry.cards if isinstance(entry, StartingHand) else entry
    try:
        given = parse_cards(written) if isinstance(written, (str, tuple, list)) else []
    except PokerError:  # range text for one holding ('AhKh:0.5')
        given = []
    return format_cards(given if sorted(given) == sorted(cards) else cards, sep='')


def _read_options(method: EquityMethod, samples: int | None, target_error: float | None, seed: int | None,
                   executor: concurrent.futures.Executor | None, progress: Callable[[int, int], None] | None
                   ) -> tuple[EquityMethod, int | None, float | None, int | None]:
    """The options in plain form, or a :class:`~poker.errors.SettingError` quoting the bad one."""
    method = read_method(method, EQUITY_METHODS)
    if samples is not None:
        samples = whole_number('samples', samples, minimum=2, maximum=SAMPLES_LIMIT)
    if target_error is not None:
        target_error = real_number('target_error', target_error)
        if not 1e-6 <= target_error <= 0.5:
            raise SettingError(f'target_error must be from 1e-06 to 0.5, got {shown(target_error)}')
    if method == 'exact' and (samples is not None or target_error is not None):
        raise SettingError(f"method 'exact' counts every deal: drop samples={shown(samples)} and "
                           f'target_error={shown(target_error)}')
    if seed is not None:
        seed = read_seed(seed)
        if method == 'exact':  # (with 'auto' a seed counts if the deals are sampled)
            raise SettingError(f"method 'exact' counts every deal and draws none: drop seed={shown(seed)}")
    if executor is not None and not callable(getattr(executor, 'submit', None)):
        raise SettingError(f'executor must be a concurrent.futures.Executor (with submit), got {shown(executor)}')
    if progress is not None and not callable(progress):
        raise SettingError(f'progress must be a function (done, total), got {shown(progress)}')
    return method, samples, target_error, seed


@frozen
class _Problem:
    """A checked question: weights per player (known cards removed), fixed holdings, cards in play."""

    labels: tuple[str, ...]
    weights: np.ndarray  # (players, 1326), zero on holdings touching the board, dead cards or fixed hands
    fixed: tuple[int | None, ...]  # the holding number of each player given as one hand
    board: tuple[int, ...]
    dead: tuple[int, ...]

    @property
    def known_mask(self) -> np.uint64:
        """The board, the dead cards and the fixed hands, one bit per card."""
        return _mask([*self.board, *self.dead, *(c for h in self.fixed if h is not None for c in HOLDINGS[h].tolist())])

    @property
    def to_deal(self) -> int:
        return 5 - len(self.board)


def _problem(players: Sequence[StartingHand | WeightSetLike], board: CardsLike, dead: CardsLike) -> _Problem:
    if isinstance(players, (str, bytes, Mapping, Range, StartingHand)) or not isinstance(players, Sequence):
        raise OpponentCountError(f'players must be a list of 2 to {MAX_PLAYERS} hands, ranges or "random", '
                                 f'got {shown(players)}')
    entries = list(itertools.islice(players, MAX_PLAYERS + 1))
    if not 2 <= len(entries) <= MAX_PLAYERS:
        try:
            count: int | str = len(players)
        except OverflowError:  # range(10 ** 20)
            count = f'more than {MAX_PLAYERS}'
        raise OpponentCountError(f'equity needs 2 to {MAX_PLAYERS} players, got {count}: {shown(players)}')
    board_cards, dead_cards = read_board(board), () if dead is None else read_cards(dead)
    if len(dead_cards) + 2 * len(entries) + 5 > 52:  # (the board's cards are among the 5)
        raise CardCountError(f'{len(dead_cards)} dead cards leave too few for {len(entries)} players and a board: '
                             f'{shown(format_cards(dead_cards))}')
    read = [_read_player(entry, number) for number, entry in enumerate(entries, start=1)]
    seen: dict[int, str] = {}
    owners: list[tuple[str, tuple[Card, ...]]] = [('the board', board_cards), ('the dead cards', dead_cards)]
    for number, (label, _, holding) in enumerate(read, start=1):
        if holding is not None:
            owners.append((f'player {number} ({label})', tuple(Card.from_index(int(c)) for c in HOLDINGS[holding])))
    for owner, cards in owners:
        for card in cards:
            if card.index in seen:
                raise DuplicateCardError(f'card {shown(str(card))} is in both {seen[card.index]} and {owner}')
            seen[card.index] = owner
    weights = np.stack([w for _, w, _ in read])
    fixed = tuple(h for _, _, h in read)
    known = _mask(list(seen))
    for number, (label, row, holding) in enumerate(zip([r[0] for r in read], weights, fixed), start=1):
        if holding is None:
            row[(_HOLDING_MASKS & known) != 0] = 0.0
            if not row.any():
                known_text = format_cards(Card.from_index(c) for c in sorted(seen))
                raise WeightsError(f'player {number}: the range {shown(label)} has no holding without the known '
                                   f'cards {shown(known_text)}')
    return _Problem(tuple(r[0] for r in read), weights, fixed,
                    tuple(c.index for c in board_cards), tuple(c.index for c in dead_cards))


# --------------------------------------------------------------------------------------- the showdown
def _showdown_counts(values: np.ndarray, multiplicity: np.ndarray | None = None) -> np.ndarray:
    """Per group and player, int64 (groups, players, 3): the deals won alone, the deals tied and the split share in
    units of :data:`SPLIT_UNIT`, as the compiled count makes them, from hand values (players, groups, deals per
    group); deal ``d`` counts ``multiplicity[d]`` times (a board class's boards), or once."""
    players, groups, deals = values.shape
    times = np.ones(deals, dtype=np.int64) if multiplicity is None else multiplicity.astype(np.int64)
    best = values.max(axis=0)
    winners = values == best
    count = winners.sum(axis=0, dtype=np.int64)
    alone = count == 1
    share = np.where(alone, 0, SPLIT_UNIT // count)  # units per winner of a split deal
    counts = np.empty((groups, players, 3), dtype=np.int64)
    for player, won in enumerate(winners):  # (integer products: exact)
        counts[:, player, 0] = (won & alone) @ times
        counts[:, player, 1] = (won & ~alone) @ times
        counts[:, player, 2] = (won * share) @ times
    return counts


def _weighed(counts: np.ndarray, weights: np.ndarray, boards: int) -> np.ndarray:
    """The sums a share is read from, for both paths alike: per player the weighted wins, then the weighted ties,
    then the weighted split units (3 * players), and last the weight of every board (``boards`` per tuple), from
    whole ``counts`` (tuples, players, 3) and the tuples' ``weights``. Every sum is taken the same way (each
    tuple's weight times its count, added in one order), so a player who wins every board wins exactly the
    total, and no share exceeds 1."""
    columns = np.vstack([counts.transpose(2, 1, 0).reshape(-1, len(counts)), np.full((1, len(counts)), boards)])
    sums: np.ndarray = (columns * weights[np.newaxis, :]).sum(axis=1)
    return sums


def _rank_players(ranker: type[HandRanker], holdings: np.ndarray, dealt: np.ndarray, board: np.ndarray) -> np.ndarray:
    """Hand values (players, groups, deals per group): group ``g``'s holdings ``holdings[g]`` (groups,
    players) with the known ``board`` and each of its deals' ``dealt`` cards (groups, deals, cards);
    each board is laid out once for all players."""
    groups, deals = dealt.shape[:2]
    rows = np.empty((groups, deals, 7), dtype=np.int8)
    rows[:, :, 2:2 + len(board)] = board
    rows[:, :, 2 + len(board):] = dealt
    values = np.empty((holdings.shape[1], groups, deals), dtype=np.int16)
    flat = rows.reshape(groups * deals, 7)
    for player in range(holdings.shape[1]):
        rows[:, :, :2] = HOLDINGS[holdings[:, player]][:, None, :]
        values[player] = ranker.rank_many(flat, validate=False).reshape(groups, deals)
    return values


# --------------------------------------------------------------------------------------- enumeration
@cache
def _holding_images() -> np.ndarray:
    """For each suit permutation of :data:`_SUIT_PERMUTATIONS`, the holding number each holding maps to:
    (24, 1326), built once."""
    cards = HOLDINGS.astype(np.intp)
    images = (cards & ~3)[None] | _SUIT_PERMUTATIONS[:, cards & 3]
    result: np.ndarray = _PAIR[images[..., 0], images[..., 1]]
    result.flags.writeable = False
    return result


def _symmetries(problem: _Problem) -> np.ndarray:
    """The numbers (in :data:`_SUIT_PERMUTATIONS`) of the suit permutations that keep the board, the dead cards
    and every player's weights."""
    images = _holding_images()
    keep = []
    for number, permutation in enumerate(_SUIT_PERMUTATIONS.tolist()):
        def mapped(cards: tuple[int, ...]) -> set[int]:
            return {(c & ~3) | permutation[c & 3] for c in cards}
        if mapped(problem.board) == set(problem.board) and mapped(problem.dead) == set(problem.dead) \
                and np.array_equal(problem.weights[:, images[number]], problem.weights):
            keep.append(number)
    return np.array(keep, dtype=np.intp)


def _holding_tuples(problem: _Problem) -> tuple[np.ndarray, np.ndarray] | None:
    """Every compatible tuple of holdings (tuples, players) and its weight, or None past the cap."""
    tuples = np.zeros((1, 0), dtype=np.intp)
    used = np.array([_mask(problem.board + problem.dead)], dtype=np.uint64)
    tuple_weights = np.ones(1)
    for row in problem.weights:
        support = np.flatnonzero(row)
        if len(tuples) * len(support) > 4 * _TUPLE_CAP:
            return None
        free = (used[:, None] & _HOLDING_MASKS[support][None, :]) == 0
        which, pick = np.nonzero(free)
        if len(which) > _TUPLE_CAP:
            return None
        tuples = np.column_stack([tuples[which], support[pick]])
        used = used[which] | _HOLDING_MASKS[support[pick]]
        tuple_weights = tuple_weights[which] * row[support[pick]]
    return tuples, tuple_weights


def _lexicographic_min(keys: np.ndarray, images: np.ndarray) -> np.ndarray:
    """Whether each row of ``keys`` (n, m) is lexicographically <= the same row of ``images`` (n, m)."""
    result = np.ones(len(keys), dtype=bool)
    decided = np.zeros(len(keys), dtype=bool)
    for column in range(keys.shape[1]):
        less, more = keys[:, column] < images[:, column], keys[:, column] > images[:, column]
        result &= ~(more & ~decided)
        decided |= less | more
    return result


def _orbits(items: np.ndarray, images: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Orbit representatives among rows of ``items`` (n, m) given their images (group, n, m) under a
    group of permutations (the identity among them): which rows are the lexicographically smallest of
    their orbit, and each row's orbit size (group order / stabiliser order)."""
    smallest = np.ones(len(items), dtype=bool)
    fixed = np.zeros(len(items), dtype=np.intp)
    for image in images:
        smallest &= _lexicographic_min(items, image)
        fixed += (image == items).all(axis=1)
    return smallest, len(images) // fixed


def _exact_task(problem: _Problem, tuples: np.ndarray, weights: np.ndarray,
                ranker: type[HandRanker]) -> np.ndarray:
    """:func:`_weighed` sums over every board for these holding tuples, from whole counts: counted in C
    (:func:`_exact_counts`) when the ranker is HandRanker itself, else ranked by ``rank_many``
    (:func:`_ranked_counts`), the same numbers either way."""
    boards = math.comb(52 - len(problem.board) - len(problem.dead) - 2 * tuples.shape[1], problem.to_deal)
    counts = _exact_counts(problem, tuples) if ranker.INLINE_RANKING else _ranked_counts(problem, tuples, ranker)
    return _weighed(counts, weights, boards)


def _ranked_counts(problem: _Problem, tuples: np.ndarray, ranker: type[HandRanker]) -> np.ndarray:
    """:func:`_exact_counts`'s numbers, int64 (tuples, players, 3), every hand ranked by ``ranker.rank_many``."""
    counts = np.empty((len(tuples), tuples.shape[1], 3), dtype=np.int64)
    rest_size = 52 - len(problem.board) - len(problem.dead) - 2 * tuples.shape[1]
    chosen = combination_rows(rest_size, problem.to_deal) if problem.to_deal else np.zeros((1, 0), dtype=np.int8)
    board = np.array(problem.board, dtype=np.int8)
    known = np.zeros(52, dtype=bool)
    known[list(problem.board + problem.dead)] = True
    if problem.to_deal == 5:  # before the flop: one board per board class (see _board_classes)
        for number, holdings in enumerate(tuples):
            dealt, sizes = _board_class_representatives([*problem.dead, *HOLDINGS[holdings].ravel().tolist()])
            counts[number] = _showdown_counts(_rank_players(ranker, holdings[None], dealt[None], board), sizes)[0]
        return counts
    per_batch = max(1, _BOARD_ROWS // max(1, len(chosen)))
    for start in range(0, len(tuples), per_batch):
        batch = tuples[start:start + per_batch]
        taken = np.broadcast_to(known, (len(batch), 52)).copy()
        taken[np.arange(len(batch))[:, None], HOLDINGS[batch].reshape(len(batch), -1)] = True
        rest = np.nonzero(~taken)[1].reshape(len(batch), rest_size)
        dealt = rest.astype(np.int8)[:, chosen]  # (tuples, boards, cards)
        counts[start:start + len(batch)] = _showdown_counts(_rank_players(ranker, batch, dealt, board))
    return counts


SPLIT_UNIT = 2520
"""The compiled count's unit of a split pot: a k-way split adds ``SPLIT_UNIT // k`` (2,520 is divisible by every k up
to 10), so that split shares are whole numbers."""


def _exact_counts(problem: _Problem, tuples: np.ndarray) -> np.ndarray:
    """Per holding tuple and player, over every board (poker/stats/_equity.c): the boards won alone, the
    boards tied and the split share in units of :data:`SPLIT_UNIT`, as int64 (tuples, players, 3)."""
    counts = np.zeros((len(tuples), tuples.shape[1], 3), dtype=np.int64)
    holes = HOLDINGS[tuples].astype(np.uint8).tobytes()
    bad = _equity.exact_counts(holes, tuples.shape[1], bytes(problem.board), bytes(problem.dead), counts)
    if bad >= 0:  # the plan gives compatible tuples only: this is a bug, not an input error
        raise AssertionError(f'exact_counts: tuple {bad} shares a card')
    return counts


_BLOCK_BITS = np.left_shift(1, 13 * (np.arange(52) & 3) + (np.arange(52) >> 2)).astype(np.int64)
"""One bit per card, suit by suit: bit 13 * suit + rank (0 for a deuce), so a suit's ranks are 13 bits."""


@cache
def _board_classes() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every five-card board (2,598,960), its card mask (:data:`_BLOCK_BITS`) and its class number
    (152,607 classes), sorted by class.

    Two boards are in one class when they have the same ranks and, if one suit has three or more of
    their cards, that suit and its ranks. Then every holding that shares no card with either makes the
    same hand value with both: no other suit can reach five cards with two hole cards, so only the
    ranks and that suit's cards (the flush) can matter. Built once, in about a second.
    """
    boards = combination_rows(52, 5)
    columns = [np.ascontiguousarray(column) for column in boards.T]
    code = np.zeros(len(boards), dtype=np.int64)  # the rank multiset: sum of 5 ** rank
    masks = np.zeros(len(boards), dtype=np.int64)
    powers = 5 ** (np.arange(52, dtype=np.int64) >> 2)
    for column in columns:
        code += np.take(powers, column)
        masks |= np.take(_BLOCK_BITS, column)
    flush = np.zeros(len(boards), dtype=np.int64)
    for suit in range(4):
        ranks = (masks >> (13 * suit)) & 0x1FFF
        suited = np.bitwise_count(ranks) >= 3  # at most one suit can have three of five cards
        flush[suited] = 8192 * suit + ranks[suited] + 32768
    keys = code * 65536 + flush
    order = np.argsort(keys)
    ordered = keys[order]
    classes = np.concatenate(([0], np.cumsum(ordered[1:] != ordered[:-1]))).astype(np.int32)
    return boards[order], masks[order], classes


def _board_class_representatives(dead: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
    """One board of each class among the boards without a ``dead`` card (n, 5), and how many boards
    of its class there are."""
    boards, masks, classes = _board_classes()
    allowed = np.flatnonzero((masks & np.bitwise_or.reduce(_BLOCK_BITS[list(dead)])) == 0)
    chosen = classes[allowed]  # sorted: each class is a run
    starts = np.flatnonzero(np.concatenate(([True], chosen[1:] != chosen[:-1])))
    sizes = np.diff(np.append(starts, len(allowed)))
    return boards[allowed[starts]], sizes.astype(np.float64)


def _plan_exact(problem: _Problem) -> tuple[np.ndarray, np.ndarray, int, int] | None:
    """The holding tuples to enumerate up to suit symmetry, their weights (times orbit sizes), the
    number of deals they stand for and the hands to rank; None past the cap."""
    found = _holding_tuples(problem)
    if found is None:
        return None
    tuples, weights = found
    if len(tuples) == 0:
        return tuples, weights, 0, 0
    rest_size = 52 - len(problem.board) - len(problem.dead) - 2 * tuples.shape[1]
    boards = math.comb(rest_size, problem.to_deal)
    symmetries = _symmetries(problem)
    if len(symmetries) > 1:
        images = _holding_images()[symmetries][:, tuples]  # (group, tuples, players)
        smallest, sizes = _orbits(tuples, images)
        tuples, weights = tuples[smallest], weights[smallest] * sizes[smallest]
        deals = int(sizes[smallest].sum()) * boards
    else:
        deals = len(tuples) * boards
    per_tuple = PREFLOP_TUPLE_WORK if problem.to_deal == 5 else boards * tuples.shape[1]
    return tuples, weights, deals, len(tuples) * per_tuple


# ------------------------------------------------------------------------------------------ sampling
def _alias_table(weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Walker's alias table for drawing index i with probability weights[i] / sum(weights)."""
    count = len(weights)
    scaled = weights * (count / weights.sum())
    accept, alias = np.ones(count), np.arange(count)
    small = [i for i in range(count) if scaled[i] < 1.0]
    large = [i for i in range(count) if scaled[i] >= 1.0]
    while small and large:
        low, high = small.pop(), large.pop()
        accept[low], alias[low] = scaled[low], high
        scaled[high] -= 1.0 - scaled[low]
        (small if scaled[high] < 1.0 else large).append(high)
    return accept, alias


def _draw(rng: np.random.Generator, support: np.ndarray, table: tuple[np.ndarray, np.ndarray],
          size: int) -> np.ndarray:
    accept, alias = table
    column = rng.integers(0, len(support), size=size)
    return support[np.where(rng.random(size) < accept[column], column, alias[column])]


@frozen
class _Dealer:
    """What dealing one player's holding needs, computed once per question: the weights, their total
    and support, Walker's alias table over the support, and the weight of the holdings with each card."""

    player: int
    weights: np.ndarray
    total: float
    support: np.ndarray
    table: tuple[np.ndarray, np.ndarray]
    per_card: np.ndarray

    @classmethod
    def of(cls, player: int, weights: np.ndarray) -> _Dealer:
        support = np.flatnonzero(weights)
        per_card = np.zeros(52)
        np.add.at(per_card, HOLDINGS[:, 0], weights)
        np.add.at(per_card, HOLDINGS[:, 1], weights)
        return cls(player, np.append(weights, 0.0), float(weights.sum()), support,
                   _alias_table(weights[support]), per_card)


def _dealing_order(problem: _Problem) -> list[int]:
    """The players to deal, fixed hands aside, smallest ranges first."""
    return sorted((p for p in range(len(problem.labels)) if problem.fixed[p] is None),
                  key=lambda p: (np.count_nonzero(problem.weights[p]), p))


def _dealers(problem: _Problem) -> tuple[_Dealer, ...]:
    """What dealing each player needs, in dealing order (:func:`_dealing_order`)."""
    return tuple(_Dealer.of(p, problem.weights[p]) for p in _dealing_order(problem))


def _compiled_sample_task(problem: _Problem, order: tuple[int, ...], entropy: int | Sequence[int], index: int,
                          deals: int) -> np.ndarray:
    """:func:`_sample_task`'s statistics, dealt and ranked in C (poker/stats/_equity.c) for HandRanker: the
    same draws in law (alias tables, rejection, the same importance weights), from xoshiro256** seeded by
    ``SeedSequence(entropy, spawn_key=(index,))``."""
    seed = np.random.SeedSequence(entropy, spawn_key=(index,)).generate_state(4, np.uint64)
    fixed = np.array([-1 if h is None else h for h in problem.fixed], dtype=np.int32)
    weights = np.ascontiguousarray(problem.weights[list(order)], dtype=np.float64)
    stats = np.zeros((len(problem.labels) + 1, 6))
    _equity.sample(fixed, bytes(problem.board), bytes(problem.dead), np.array(order, dtype=np.int32), weights,
                   seed.tobytes(), deals, stats)
    return stats


def _sample_task(problem: _Problem, dealers: tuple[_Dealer, ...], entropy: int | Sequence[int], index: int,
                 deals: int, ranker: type[HandRanker]) -> np.ndarray:
    """Sufficient statistics of ``deals`` sampled deals: rows per player ``(sum w*win, sum w*split share,
    sum w^2*eq, sum w^2*eq^2, sum w*tie, sum w^2*tie)`` (a tie counting 1) and a last row
    ``(sum w, sum w^2, deals, 0, 0, 0)``.

    Holdings are dealt player by player (fixed hands first, then the smallest ranges), each from its
    weights given the cards already out; the deal's importance weight is the product over players of the
    weight still available to them, divided by their total weight with only the fixed cards out.
    """
    rng = np.random.default_rng(np.random.SeedSequence(entropy, spawn_key=(index,)))
    players = len(problem.labels)
    holdings = np.zeros((deals, players), dtype=np.intp)
    used = np.full(deals, problem.known_mask, dtype=np.uint64)
    importance = np.ones(deals)
    alive = np.arange(deals)
    for p, holding in enumerate(problem.fixed):
        if holding is not None:
            holdings[:, p] = holding
    dealt_cards: list[np.ndarray] = []
    for dealer in dealers:
        p, extended, total, support, table = dealer.player, dealer.weights, dealer.total, dealer.support, dealer.table
        weights = extended[:-1]
        # the weight each player still has: total - holdings touching a dealt card (+ those touching two)
        left = np.full(len(alive), total)
        for cards in dealt_cards:
            left -= dealer.per_card[cards[alive]]
        out = [cards[alive] for cards in dealt_cards]
        for first, second in itertools.combinations(range(len(out)), 2):
            left += extended[_PAIR[out[first], out[second]]]
        # deal by rejection a few times, then from the masked weights directly (never stalls)
        chosen = np.full(len(alive), -1)
        todo = np.arange(len(alive))
        for _ in range(_REJECTION_ROUNDS):
            if not todo.size:
                break
            candidates = _draw(rng, support, table, todo.size)
            fits = (_HOLDING_MASKS[candidates] & used[alive[todo]]) == 0
            chosen[todo[fits]] = candidates[fits]
            todo = todo[~fits]
        exact_left = left < 1e-9 * total  # cancellation: recount these exactly
        recount = np.union1d(todo, np.flatnonzero(exact_left))
        for start in range(0, recount.size, 4096):
            rows = recount[start:start + 4096]
            masked = np.where((_HOLDING_MASKS[support][None, :] & used[alive[rows]][:, None]) == 0,
                              weights[support][None, :], 0.0)
            sums = masked.sum(axis=1)
            left[rows] = sums
            pending = rows[chosen[rows] < 0]
            if pending.size:
                cumulative = np.cumsum(masked[np.searchsorted(rows, pending)], axis=1)
                draws = rng.random(pending.size) * cumulative[:, -1]
                picks = np.minimum((cumulative <= draws[:, None]).sum(axis=1), len(support) - 1)
                chosen[pending] = support[picks]
        possible = left > 0
        importance[alive] *= np.where(possible, left / total, 0.0)
        keep = np.flatnonzero(possible)
        alive, chosen = alive[keep], chosen[keep]
        holdings[alive, p] = chosen
        used[alive] |= _HOLDING_MASKS[chosen]
        dealt_cards.append(np.zeros(deals, dtype=np.intp))
        dealt_cards.append(np.zeros(deals, dtype=np.intp))
        dealt_cards[-2][alive] = HOLDINGS[chosen, 0]
        dealt_cards[-1][alive] = HOLDINGS[chosen, 1]
    dealt = _deal_cards(rng, used[alive], problem.to_deal)
    values = _rank_players(ranker, holdings[alive], dealt[:, None, :], np.array(problem.board, dtype=np.int8))[:, :, 0]
    weights = importance[alive]
    best = values.max(axis=0)
    winners = values == best
    count = winners.sum(axis=0)
    shares = winners / count  # (players, deals)
    alone = count == 1
    stats = np.zeros((players + 1, 6))
    stats[:players, 0] = (winners & alone) @ weights
    stats[:players, 1] = (shares * ~alone) @ weights
    squared = weights ** 2
    stats[:players, 2] = shares @ squared
    stats[:players, 3] = (shares ** 2) @ squared
    tied = winners & ~alone
    stats[:players, 4] = tied @ weights
    stats[:players, 5] = tied @ squared
    stats[players, :3] = weights.sum(), squared.sum(), deals
    return stats


def _deal_cards(rng: np.random.Generator, used: np.ndarray, count: int) -> np.ndarray:
    """``count`` uniformly random distinct cards per deal (deals, count), none in the deal's ``used`` mask."""
    dealt = np.empty((len(used), count), dtype=np.int8)
    used = used.copy()
    for column in range(count):
        todo = np.arange(len(used))
        while todo.size:  # each card is free with probability at least 27/52: a few rounds
            cards = rng.integers(0, 52, size=todo.size)
            bits = _MASKS[cards]
            fits = (used[todo] & bits) == 0
            placed = todo[fits]
            dealt[placed, column] = cards[fits]
            used[placed] |= bits[fits]
            todo = todo[~fits]
    return dealt


# ------------------------------------------------------------------------------------------- driver
def _run(executor: concurrent.futures.Executor | None, function: Callable[..., np.ndarray],
         argument_lists: Sequence[tuple[object, ...]],
         finished: Callable[[int], None] | None = None) -> np.ndarray:
    """Call ``function`` on each argument tuple (in this process or on ``executor``) and sum the results
    in order (so the sum does not depend on the executor); ``finished(i)`` follows task ``i``."""
    if executor is None or len(argument_lists) == 1:
        results = []
        for number, arguments in enumerate(argument_lists):
            results.append(function(*arguments))
            if finished is not None:
                finished(number)
    else:
        futures = [executor.submit(function, *arguments) for arguments in argument_lists]
        results = []
        for number, future in enumerate(futures):
            results.append(future.result())
            if finished is not None:
                finished(number)
    total = results[0].copy()
    for result in results[1:]:
        total += result
    return total


def _standard_errors(stats: np.ndarray) -> np.ndarray:
    """Each player's standard error of the equity (the self-normalised estimate's delta method)."""
    players = len(stats) - 1
    return _ratio_errors(stats[:players, 0] + stats[:players, 1], stats[:players, 2], stats[:players, 3], stats[players])


def _tie_standard_errors(stats: np.ndarray) -> np.ndarray:
    """Each player's standard error of the tie frequency (a tie is 0 or 1, so its square is itself)."""
    players = len(stats) - 1
    return _ratio_errors(stats[:players, 4], stats[:players, 5], stats[:players, 5], stats[players])


def _ratio_errors(weighted: np.ndarray, squared: np.ndarray, squared_squares: np.ndarray, totals: np.ndarray
                  ) -> np.ndarray:
    """Standard errors of ``sum w*x / sum w`` from ``sum w*x``, ``sum w^2*x``, ``sum w^2*x^2`` per player and
    ``totals`` = ``(sum w, sum w^2, ...)``; infinite while no deal counted."""
    weight_sum, squared_sum = totals[0], totals[1]
    if weight_sum <= 0:
        return np.full(len(weighted), np.inf)
    estimate = weighted / weight_sum
    variance = (squared_squares - 2 * estimate * squared + estimate ** 2 * squared_sum) / weight_sum ** 2
    errors: np.ndarray = np.sqrt(np.maximum(variance, 0.0))
    return errors


def equity(players: Sequence[StartingHand | WeightSetLike], board: CardsLike = '', dead: CardsLike = '', *,
           method: EquityMethod = 'auto', samples: int | None = None, target_error: float | None = None,
           seed: int | None = None, executor: concurrent.futures.Executor | None = None,
           ranker: type[HandRanker] = HandRanker,
           progress: Callable[[int, int], None] | None = None) -> EquityResult:
    """Showdown equity of each player: a hand (``'AhKh'``), a range (text, :class:`~poker.ranges.range.Range`
    or weights, see :mod:`poker.ranges.weight_inputs`) or ``'random'``, 2 to 10 players.

    ``board``: 0, 3, 4 or 5 cards; ``dead``: cards nobody holds and the board will not show.
    ``method`` (one of :data:`~poker.validators.EQUITY_METHODS`): ``'exact'`` enumerates every compatible
    deal (with suit symmetry), ``'sampled'`` samples, ``'auto'`` (the default) enumerates when at most
    :data:`EXACT_LIMIT` hands are to be ranked; the result's ``method`` says which. Sampling deals
    ``samples`` deals (at most :data:`SAMPLES_LIMIT`), or (by default) stops once every player's standard
    error is below ``target_error`` (default :data:`DEFAULT_TARGET_ERROR`, at most :data:`MAX_SAMPLES`
    deals); given both, it stops at whichever comes first (with ``'exact'`` they are errors, as is a ``seed``,
    for nothing is drawn). ``seed`` makes sampling reproducible, also when
    ``executor`` (any :class:`concurrent.futures.Executor`: a process pool, a Dask client's
    ``get_executor()``) spreads the chunks (aiming at an error, the first two run in this process, since
    they often suffice). Every hand is ranked by ``ranker.rank_many`` (HandRanker itself counts and samples in C,
    poker/stats/_equity.c, with the same values).
    ``progress(done, total)`` is called as deals are counted.

    >>> [round(p.equity, 4) for p in equity(['Ah As', 'KK'])]
    [0.8195, 0.1805]
    """
    started = time.perf_counter()
    method, samples, target_error, seed = _read_options(method, samples, target_error, seed, executor, progress)
    ranker = read_ranker(ranker)
    problem = _problem(players, board, dead)
    cards = (tuple(Card.from_index(c) for c in problem.board), tuple(Card.from_index(c) for c in problem.dead))
    plan = None if method == 'sampled' else _plan_exact(problem)
    if method == 'exact' and plan is None:
        raise SettingError(f'too many holding combinations to enumerate for {shown(list(problem.labels))}: '
                           "use method 'sampled'")
    if plan is not None and plan[2] == 0:
        raise WeightsError(f'no deal gives every player a holding without shared cards: {shown(list(problem.labels))}')
    if plan is not None and (method == 'exact' or plan[3] <= EXACT_LIMIT):
        tuples, weights, deals, work = plan
        pieces = max(1, min(len(tuples), math.ceil(work / 8_000_000)))  # tasks of about 0.2 s
        bounds = np.linspace(0, len(tuples), pieces + 1).astype(int)
        arguments = [(problem, tuples[a:b], weights[a:b], ranker) for a, b in zip(bounds, bounds[1:])]
        ends = np.cumsum(np.diff(bounds)) * (deals / len(tuples))  # deals counted after each task, roughly
        report = None if progress is None else lambda number: progress(
            deals if number == len(arguments) - 1 else int(ends[number]), deals)
        if executor is not None and problem.to_deal == 5 and not ranker.INLINE_RANKING:
            _board_classes()  # built here first: forked workers inherit it rather than build it each
        totals = _run(executor, _exact_task, arguments, report)
        count = len(problem.labels)  # (each share over the total summed as the share was: at most 1)
        wins, ties, splits, total = totals[:count], totals[count:2 * count], totals[2 * count:-1], totals[-1]
        entries = tuple(PlayerEquity(label, float(win / total), float(tie / total), float(split / SPLIT_UNIT / total))
                        for label, win, split, tie in zip(problem.labels, wins, splits, ties))
        return EquityResult(entries, *cards, method='exact', deals=deals, seconds=time.perf_counter() - started)
    entropy = np.random.SeedSequence(seed).entropy
    # HandRanker deals and ranks in C; a ranker subclass deals with NumPy and ranks through its rank_many
    task: Callable[[int, int], tuple[object, ...]]
    if ranker.INLINE_RANKING:
        order = tuple(_dealing_order(problem))
        sample_task: Callable[..., np.ndarray] = _compiled_sample_task
        task = lambda index, size: (problem, order, entropy, index, size)  # noqa: E731
    else:
        dealers = _dealers(problem)
        sample_task = _sample_task
        task = lambda index, size: (problem, dealers, entropy, index, size, ranker)  # noqa: E731
    goal = float(target_error) if target_error is not None else (DEFAULT_TARGET_ERROR if samples is None else 0.0)
    budget = int(samples) if samples is not None else MAX_SAMPLES
    stats = np.zeros((len(problem.labels) + 1, 6))
    done, chunks, batch = 0, 0, max(1, min(2 if goal > 0 else 8, math.ceil(budget / SAMPLES_PER_TASK)))
    while done < budget:
        sizes: list[int] = []
        for _ in range(batch):
            size = min(SAMPLES_PER_TASK, budget - done - sum(sizes))
            if size <= 0:
                break
            sizes.append(size)
        tasks = [task(chunks + i, size) for i, size in enumerate(sizes)]
        # aiming at an error, the first two chunks run here (often all that is needed), the rest on the executor
        stats += _run(None if goal > 0 and not chunks else executor, sample_task, tasks)
        chunks += len(sizes)
        done += sum(sizes)
        errors = _standard_errors(stats)
        reached = goal > 0 and stats[-1, 0] > 0 and errors.max() <= goal
        if goal > 0 and stats[-1, 0] > 0:  # ask for about the deals the error says are still needed
            needed = 0.0 if reached else done * (float(errors.max()) / goal) ** 2 - done
            batch = int(min(64, max(1, math.ceil(needed * 1.1 / SAMPLES_PER_TASK))))
        else:
            needed, batch = float(budget - done), 8
        if progress is not None:  # the total is the deals still expected, at most the budget
            progress(done, done if reached else int(min(budget, done + max(needed, 1.0))))
        if reached:
            break
    if stats[-1, 0] <= 0:
        raise WeightsError(f'no sampled deal gave every player a holding without shared cards: '
                           f'{shown(list(problem.labels))}')
    errors, tie_errors = _standard_errors(stats), _tie_standard_errors(stats)
    total = stats[-1, 0]
    entries = tuple(PlayerEquity(label, float(win / total), float(tie / total), float(split / total), float(error),
                                 float(tie_error))
                    for label, (win, split, _, _, tie, _), error, tie_error
                    in zip(problem.labels, stats[:-1], errors, tie_errors))
    return EquityResult(entries, *cards, method='sampled', deals=done, seconds=time.perf_counter() - started)
