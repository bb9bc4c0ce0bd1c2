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
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

import numpy as np
from attrs import field, frozen

from ..cards.card import Card, format_cards
from ..cards.card_inputs import CardsLike, read_cards
from ..cards.starting_hand import StartingHand
from ..errors import OpponentCountError, SettingError, WeightsError
from ..markup import clipped, html_table
from ..ranges.range import Range
from ..ranges.weight_inputs import WeightSetLike
from ..ranking.ranker import HandRanker
from ..ranking.ranker_inputs import read_ranker
from ..validators import (
    EQUITY_METHODS, EquityMethod, amount, choice, is_items, read_method, read_seed, reading, real_number, share, shown,
    text, whole_number,
)
from .equity_problem import EquityProblem, read_problem
from .exact_equity import count_exactly, plan_exact
from .sampled_equity import sample_equity

if TYPE_CHECKING:
    from ..extras import DataFrame

__all__ = [
    'DEFAULT_TARGET_ERROR',
    'EXACT_LIMIT',
    'EquityResult',
    'MAX_PLAYERS',
    'MAX_SAMPLES',
    'PlayerEquity',
    'SAMPLES_LIMIT',
    'equity',
]

MAX_PLAYERS = 10
"""At most ten players: 20 hole cards and a board leave 27 cards."""

EXACT_LIMIT = 150_000_000
"""``method='auto'`` enumerates when at most this many hands are to be ranked: players x (holding tuples
up to suit symmetry) x boards per tuple, where a tuple before the flop counts
:data:`~poker.stats.exact_equity.PREFLOP_TUPLE_WORK` (its board classes); about three seconds. Otherwise it
samples."""

DEFAULT_TARGET_ERROR = 0.001
"""With neither ``samples`` nor ``target_error``, sampling stops once every player's standard error is below this."""

MAX_SAMPLES = 50_000_000
"""Sampling for a ``target_error`` stops at this many deals at most (unless ``samples`` says otherwise)."""

SAMPLES_LIMIT = 10 ** 10
"""The most deals ``samples`` may ask for: about an hour's sampling on one core, a standard error near 0.000005."""


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
    says the same as a bool), the number of ``deals`` counted or sampled, and the ``seconds`` taken (a measurement,
    left out of ``==`` and the hash: the same answer found twice is equal)."""

    players: tuple[PlayerEquity, ...] = field(converter=_entries)
    board: tuple[Card, ...] = field(default=(), converter=read_cards)
    dead: tuple[Card, ...] = field(default=(), converter=read_cards)
    method: str = field(default='exact', converter=reading(choice, choices=EQUITY_METHODS[1:]))  # type: ignore[misc]
    deals: int = field(default=0, converter=reading(whole_number))  # type: ignore[misc]
    seconds: float = field(default=0.0, eq=False, converter=reading(amount, error=SettingError))  # type: ignore[misc]

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


# ------------------------------------------------------------------------------------------- the question
def _read_players(players: Sequence[StartingHand | WeightSetLike]) -> list[StartingHand | WeightSetLike]:
    """The players, 2 to :data:`MAX_PLAYERS` of them (each read by :func:`~poker.stats.equity_problem.read_problem`),
    else an :class:`~poker.errors.OpponentCountError` quoting them."""
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
    return entries


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


def equity(players: Sequence[StartingHand | WeightSetLike], board: CardsLike = '', dead: CardsLike = '', *,
           method: EquityMethod = 'auto', samples: int | None = None, target_error: float | None = None,
           seed: int | None = None, executor: concurrent.futures.Executor | None = None,
           ranker: type[HandRanker] = HandRanker,
           progress: Callable[[int, int], None] | None = None) -> EquityResult:
    """Showdown equity of each player: a hand (``'AhKh'``), a range (text, :class:`~poker.ranges.range.Range`
    or weights, see :mod:`poker.ranges.weight_inputs`) or ``'random'``, 2 to 10 players.

    ``board``: 0, 3, 4 or 5 cards; ``dead``: cards nobody holds and the board will not show.
    ``method`` (one of :data:`~poker.validators.EQUITY_METHODS`): ``'exact'`` enumerates every compatible
    deal (with suit symmetry, :mod:`~poker.stats.exact_equity`), ``'sampled'`` samples
    (:mod:`~poker.stats.sampled_equity`), ``'auto'`` (the default) enumerates when at most
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
    problem = read_problem(_read_players(players), board, dead)
    plan = None if method == 'sampled' else plan_exact(problem)
    if method == 'exact' and plan is None:
        raise SettingError(f'too many holding combinations to enumerate for {shown(list(problem.labels))}: '
                           "use method 'sampled'")
    if plan is not None and plan.deals == 0:
        raise WeightsError(f'no deal gives every player a holding without shared cards: {shown(list(problem.labels))}')
    if plan is not None and (method == 'exact' or plan.work <= EXACT_LIMIT):
        shares, deals = count_exactly(problem, plan, executor, ranker, progress), plan.deals
        return _result(problem, shares, 'exact', deals, started)
    goal = float(target_error) if target_error is not None else (DEFAULT_TARGET_ERROR if samples is None else 0.0)
    budget = int(samples) if samples is not None else MAX_SAMPLES
    shares, deals = sample_equity(problem, goal, budget, seed, executor, ranker, progress)
    return _result(problem, shares, 'sampled', deals, started)


def _result(problem: EquityProblem, shares: np.ndarray, method: str, deals: int, started: float) -> EquityResult:
    """The result of ``problem`` from each player's row of ``shares`` (win, tie, split share and, when sampled, the
    standard errors of the equity and of the tie), counted by ``method`` in ``deals`` deals since ``started``."""
    entries = tuple(PlayerEquity(label, *(float(value) for value in row)) for label, row in zip(problem.labels, shares))
    board, dead = (tuple(Card.from_index(card) for card in cards) for cards in (problem.board, problem.dead))
    return EquityResult(entries, board, dead, method=method, deals=deals, seconds=time.perf_counter() - started)
