"""Ranges against ranges: Loki's statistics of every holding of a range on one board, in one pass.

:func:`range_statistics` answers for a whole hero range what :meth:`Player.calculate_hand_statistics
<poker.stats.player.Player.calculate_hand_statistics>` answers for one holding (the same numbers, exactly),
plus, when asked (``bins``), the distribution of each holding's strength over the runouts still to come:

>>> stats = range_statistics('AA, AKs, 76s', '3h 4s Jh', 'QQ+, AKs')
>>> len(stats), stats.lookahead, stats.opponent_holdings
(14, 2, 22)
>>> one = stats.for_holding('Ah Kh')
>>> one == Player('AhKh', '3h 4s Jh').calculate_hand_statistics(weights=Range.parse('QQ+, AKs'))
True
>>> round(float(stats.equity[stats.index('7h 6h')]), 4), round(stats.range_equity, 4)
(0.458, 0.5113)

What hero holdings share is computed once (the kernel is :func:`poker.kernel.range_passes.range_tally`; a few
hero holdings go one by one through :func:`poker.kernel.range_passes.hero_by_hero`), and the work follows the
holdings that carry weight on both sides: ``hero=None, opponent=None`` gives every
holding's statistics on a board against every other, the data of a card abstraction. To ask about many
hands on one board (a bot, a table of strengths), ask once for the whole range and index the result:
on the river that is under a microsecond per hand (one sort of every holding, from the board's memoized
values; :func:`~poker.stats.strength.hand_strength` answers one hand at a time).

Before the flop the statistics are all-in equities (:func:`poker.stats.preflop_odds.preflop_equity`, exact from the
shipped table against every holding, exact by enumeration for small problems, else seeded sampling
with a standard error); there ``ppot = npot = 0`` and each holding's strength distribution (when asked) is
the point mass at its equity.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
from attrs import field, frozen

from ..cards.card import Card, format_cards
from ..cards.card_inputs import CardsLike, HoleLike, read_board, read_hole
from ..cards.holdings import HOLDING_COUNT, HOLDING_MASKS, HOLDINGS
from ..cards.income_rates import read_opponents
from ..cards.starting_hand import CLASS_OF_HOLDING, HAND_CLASSES, StartingHand
from ..errors import LookaheadError, PokerError, SettingError, WeightsError
from ..kernel.kernel_inputs import read_holdings
from ..kernel.outcomes import AHEAD, BEHIND, TIED
from ..kernel.positions import MAX_LOOKAHEAD
from ..kernel.range_passes import hero_by_hero, range_summary, range_tally, weighted_counts
from ..markup import EMPTY_COLOUR, GRID_NOTE, grid_svg, heat_colour
from ..ranges.range import Range
from ..ranges.weight_inputs import WeightSetLike, read_weights
from ..ranges.weights import MIN_WEIGHT, known_holdings
from ..ranking.ranker import HandRanker
from ..ranking.ranker_inputs import read_ranker
from ..validators import (
    RANGE_PASSES, RangePass, flag, frozen_array, read_method, read_seed, reading, shown, whole_number,
)
from .hand_classes import NEEDS_A_BOARD, ClassRow, Draw, HandClassTable, MadeHand, classify
from .hand_statistics import HandStatistics
from .player import Player, field_counts

if TYPE_CHECKING:
    from ..extras import DataFrame

__all__ = ['RangeStatistics', 'field_statistics', 'range_statistics']

MAX_BINS = 10_000
"""The most histogram bins :func:`range_statistics` draws."""

HERO_BY_HERO = 16
"""Up to this many hero holdings, a ranker subclass counts each on its own by the single-hand kernel (as
``Player`` does, over the opponent holdings with weight only); beyond, the shared pass of
:func:`~poker.kernel.range_passes.range_tally` ranks what they share once. HandRanker itself takes
:data:`HERO_BY_HERO_WORK` instead."""

HERO_BY_HERO_WORK = 1_600
"""For HandRanker itself, whose shared pass is compiled: the hero holdings are counted one by one only with two
cards to come and while their number times (the opponent holdings with weight + 70) stays within this, where
that is the faster. Measured on a flop (CPU time): one hero holding against 1,081 opponent holdings 10 ms one by
one, 18 ms in the compiled pass; 16 against 22, 13 and 15 ms; 16 against 150, 39 and 15 ms; 16 against every
holding 175 and 21 ms. With one card to come or none the compiled pass is the faster for any number."""


_PER_HOLDING = ('weights', 'ahead', 'tied', 'behind', 'hs', 'ppot', 'npot', 'equity', 'mean_squared_strength',
                'counted')
"""The arrays of :class:`RangeStatistics` with one number per holding."""


@frozen(eq=False)
class RangeStatistics:
    """The statistics of every hero holding with weight (that can meet an opponent holding) on one board.

    Arrays run over :attr:`holdings` (holding numbers, ascending): :attr:`weights` (the hero's), the
    weighted opponent holdings ``ahead``, ``tied`` and ``behind`` now, the 3x3 ``transitions`` (rows
    now, columns after the runout, as :class:`~poker.stats.hand_statistics.HandStatistics`), ``hs``,
    ``hs_n``, ``ppot``, ``npot``, ``ehs``, ``ehs_prime`` (Papp's); ``equity``, the showdown equity
    ``hs*(1-npot) + (1-hs)*ppot`` (E[HS], the mean of the strength after the runouts);
    ``mean_squared_strength``, the mean of its square (Johanson's E[HS^2]); ``histogram``, when asked for
    (``bins``), its distribution over that many equal bins of [0, 1] (rows sum to 1), else None. ``runouts`` is the number of runouts
    per (hero, opponent) pair; ``opponent_holdings`` the opponent holdings with weight off the board; per hero holding,
    ``counted`` is the opponent weight it can meet (``ahead + tied + behind``) and ``counted_holdings``
    how many opponent holdings with weight share no card with it. ``exact`` is False only before the
    flop when sampled; then ``standard_error`` holds each equity's error. ``ranker`` ranked the hands (and
    reads the made hands of :attr:`made`).
    """

    board: tuple[Card, ...] = field(converter=read_board)
    lookahead: int = field(converter=reading(  # type: ignore[misc]
        whole_number, maximum=MAX_LOOKAHEAD, error=LookaheadError))
    opponents: int = field(converter=read_opponents)
    holdings: np.ndarray = field(converter=reading(frozen_array, read=read_holdings, copy=True))  # type: ignore[misc]
    weights: np.ndarray = field(converter=reading(frozen_array, copy=True))  # type: ignore[misc]
    ahead: np.ndarray = field(converter=reading(frozen_array, copy=True))  # type: ignore[misc]
    tied: np.ndarray = field(converter=reading(frozen_array, copy=True))  # type: ignore[misc]
    behind: np.ndarray = field(converter=reading(frozen_array, copy=True))  # type: ignore[misc]
    transitions: np.ndarray = field(converter=reading(frozen_array, copy=True))  # type: ignore[misc]
    hs: np.ndarray = field(converter=reading(frozen_array, copy=True))  # type: ignore[misc]
    ppot: np.ndarray = field(converter=reading(frozen_array, copy=True))  # type: ignore[misc]
    npot: np.ndarray = field(converter=reading(frozen_array, copy=True))  # type: ignore[misc]
    equity: np.ndarray = field(converter=reading(frozen_array, copy=True))  # type: ignore[misc]
    mean_squared_strength: np.ndarray = field(converter=reading(frozen_array, copy=True))  # type: ignore[misc]
    histogram: np.ndarray | None = field(converter=reading(  # type: ignore[misc]
        frozen_array, copy=True, optional=True))
    counted: np.ndarray = field(converter=reading(frozen_array, copy=True))  # type: ignore[misc]
    runouts: int = field(converter=reading(whole_number))  # type: ignore[misc]
    opponent_holdings: int = field(converter=reading(whole_number, maximum=1326))  # type: ignore[misc]
    exact: bool = field(default=True, converter=reading(flag))  # type: ignore[misc]
    standard_error: np.ndarray = field(default=np.zeros(0), converter=reading(  # type: ignore[misc]
        frozen_array, copy=True))
    counted_holdings: np.ndarray = field(default=np.zeros(0, dtype=np.int64), converter=reading(  # type: ignore[misc]
        frozen_array, copy=True))
    ranker: type[HandRanker] = field(default=HandRanker, converter=read_ranker)

    def __attrs_post_init__(self) -> None:
        """Every array runs over the holdings: one number (a 3x3 matrix, a histogram row) per holding."""
        count = len(self.holdings)
        shapes: dict[str, tuple[int, ...]] = {name: (count,) for name in _PER_HOLDING}
        shapes['transitions'] = (count, 3, 3)
        for name, shape in shapes.items():
            if getattr(self, name).shape != shape:
                raise SettingError(f'{name} must have shape {shape}, one entry per holding, got shape '
                                   f'{getattr(self, name).shape}')
        if self.histogram is not None and (self.histogram.ndim != 2 or len(self.histogram) != count):
            raise SettingError(f'histogram must have a row per holding ({count}), got shape {self.histogram.shape}')
        for name in ('standard_error', 'counted_holdings'):
            if getattr(self, name).shape not in ((0,), (count,)):
                raise SettingError(f'{name} must be empty or hold one number per holding ({count}), got shape '
                                   f'{getattr(self, name).shape}')

    # -------------------------------------------------------------------------- derived arrays
    @property
    def hs_n(self) -> np.ndarray:
        """``hs ** opponents`` (Papp eq. 5.3)."""
        return np.asarray(self.hs ** self.opponents)

    @property
    def ehs(self) -> np.ndarray:
        """``hs_n + (1 - hs_n) * ppot - hs_n * npot`` (Papp eq. 6.3)."""
        hs_n = self.hs_n
        return np.asarray(hs_n + (1 - hs_n) * self.ppot - hs_n * self.npot)

    @property
    def ehs_prime(self) -> np.ndarray:
        """``hs_n + (1 - hs_n) * ppot`` (Papp eq. 6.4)."""
        hs_n = self.hs_n
        return np.asarray(hs_n + (1 - hs_n) * self.ppot)

    @property
    def made(self) -> np.ndarray:
        """Each holding's :class:`~poker.stats.hand_classes.MadeHand` number on the board (empty before the
        flop), read when first asked for."""
        return classify(self.board, self.ranker)[0][self.holdings] if self.board else np.zeros(0, dtype=np.int8)

    @property
    def draws(self) -> np.ndarray:
        """Each holding's :class:`~poker.stats.hand_classes.Draw` mask on the board (0 on the river; empty
        before the flop), read when first asked for."""
        return classify(self.board, self.ranker)[1][self.holdings] if self.board else np.zeros(0, dtype=np.uint8)

    @property
    def range_equity(self) -> float:
        """The hero range's showdown equity against the opponent's: each holding's equity weighted by
        its weight times the opponent weight it can meet (the chance of that matchup)."""
        mass = self.weights * self.counted
        return float((mass * self.equity).sum() / mass.sum()) if mass.sum() > 0 else 0.0

    # ------------------------------------------------------------------------------ one holding
    def index(self, cards: HoleLike) -> int:
        """The position of a holding (``'AhKh'``) in the arrays; a :class:`PokerError` if it is not there."""
        hand = read_hole(cards)
        number = hand.holding_index
        at = int(np.searchsorted(self.holdings, number))
        if at == len(self.holdings) or self.holdings[at] != number:
            raise PokerError(f'holding {hand} is not in the hero range on {shown(format_cards(self.board))}')
        return at

    def for_holding(self, cards: HoleLike) -> HandStatistics:
        """The :class:`~poker.stats.hand_statistics.HandStatistics` of one holding, as ``Player`` gives them."""
        at = self.index(cards)
        hand = read_hole(cards)
        if not self.board:
            return HandStatistics.from_counts(
                float(self.ahead[at]), float(self.tied[at]), float(self.behind[at]), opponents=self.opponents,
                holdings=int(self.counted_holdings[at]), runouts=self.runouts, hole=hand.cards,
                income_rate=hand.income_rate(self.opponents), exact=self.exact,
                standard_error=float(self.standard_error[at]) if self.standard_error.size else 0.0)
        return HandStatistics.from_counts(
            float(self.ahead[at]), float(self.tied[at]), float(self.behind[at]), opponents=self.opponents,
            lookahead=self.lookahead, transitions=self.transitions[at].tolist(),
            holdings=int(self.counted_holdings[at]), runouts=self.runouts, hole=hand.cards, board=self.board)

    def by_class(self, statistic: str = 'ehs') -> dict[str, float]:
        """The hero-weighted mean of ``statistic`` (any array above, e.g. ``'hs'``, ``'equity'``) per
        starting-hand class present, in :data:`~poker.cards.starting_hand.HAND_CLASSES` order."""
        values = getattr(self, statistic, None) if isinstance(statistic, str) else None
        if values is None or statistic.startswith('_') or not isinstance(values, np.ndarray) \
                or values.shape != self.hs.shape:
            raise PokerError(f'no per-holding statistic {shown(statistic)} (try hs, ehs, equity, ppot, npot)')
        classes = CLASS_OF_HOLDING[self.holdings]
        mass = np.bincount(classes, weights=self.weights, minlength=len(HAND_CLASSES))
        sums = np.bincount(classes, weights=self.weights * values, minlength=len(HAND_CLASSES))
        return {HAND_CLASSES[c]: float(sums[c] / mass[c]) for c in np.flatnonzero(mass > 0).tolist()}

    def classes(self) -> HandClassTable:
        """The range read as made hands and draws (:mod:`poker.stats.hand_classes`), with each class's combos,
        share and statistics, as :class:`~poker.stats.hand_classes.ClassRow` counts them; a
        :class:`~poker.errors.PokerError` before the flop.

        >>> table = range_statistics('JJ+, AK', 'Jh Ts 4h', 'QQ+').classes()
        >>> [(row.hand_class.label, row.combos) for row in table.made]
        [('set', 3.0), ('overpair', 18.0), ('ace high', 16.0)]
        >>> round(table.row(MadeHand.SET).hs, 4), table.row(Draw.FLUSH_DRAW).combos
        (1.0, 1.0)
        """
        if not self.board:
            raise PokerError(f'{NEEDS_A_BOARD} (the range statistics have none)')
        combos = float(self.weights.sum())

        def row(hand_class: MadeHand | Draw, members: np.ndarray) -> ClassRow | None:
            weights = self.weights[members]
            total = float(weights.sum())
            if total <= 0:  # (no holding, or none with weight)
                return None
            pooled = HandStatistics.from_counts(
                float(weights @ self.ahead[members]), float(weights @ self.tied[members]),
                float(weights @ self.behind[members]), opponents=self.opponents, lookahead=self.lookahead,
                transitions=np.tensordot(weights, self.transitions[members], axes=1).tolist())
            mass = weights * self.counted[members]
            equity = float(mass @ self.equity[members] / mass.sum()) if mass.sum() > 0 else 0.0
            return ClassRow(hand_class, total, total / combos, pooled.hs, pooled.ppot, pooled.npot, pooled.ehs, equity)

        made_hands, draw_masks = self.made, self.draws
        made = [row(made_hand, made_hands == made_hand) for made_hand in reversed(MadeHand)]
        draws = [row(draw, (draw_masks & draw.bit) > 0) for draw in Draw] if len(self.board) < 5 else []
        return HandClassTable(self.board, self.opponents, combos, tuple(r for r in made if r is not None),
                              tuple(r for r in draws if r is not None))

    def to_frame(self) -> DataFrame:
        """The statistics as a pandas table (the ``pandas`` extra), a row per holding in :attr:`holdings` order:
        ``holding`` (its cards), ``hand_class``, the hero's ``weight``, then the opponent weight ``ahead``,
        ``tied`` and ``behind`` now, ``hs``, ``hs_n``, ``ppot``, ``npot``, ``ehs``, ``ehs_prime``, ``equity``,
        ``mean_squared_strength``, ``counted`` and ``counted_holdings`` (the arrays above, value for value), and
        when sampled ``standard_error``; on a board, ``made_hand`` and ``draws`` (:attr:`made` and :attr:`draws` as
        labels, the draws joined by ``', '``, empty for none).
        """
        from ..extras import data_frame
        columns: dict[str, Sequence[object] | np.ndarray] = {
            'holding': [str(StartingHand.from_holding_index(number)) for number in self.holdings.tolist()],
            'hand_class': [HAND_CLASSES[number] for number in CLASS_OF_HOLDING[self.holdings].tolist()],
            'weight': self.weights}
        for name in ('ahead', 'tied', 'behind', 'hs', 'hs_n', 'ppot', 'npot', 'ehs', 'ehs_prime', 'equity',
                     'mean_squared_strength', 'counted', 'counted_holdings'):
            columns[name] = getattr(self, name)
        if not self.exact:
            columns['standard_error'] = self.standard_error
        if self.board:
            columns['made_hand'] = [MadeHand(number).label for number in self.made.tolist()]
            columns['draws'] = [', '.join(draw.label for draw in Draw if mask & draw.bit)
                                for mask in self.draws.tolist()]
        return data_frame(columns)

    def __len__(self) -> int:
        return len(self.holdings)

    def _repr_svg_(self) -> str:
        """The 13x13 heat map of each class's EHS (:meth:`by_class`), as a notebook shows it: red at 0, yellow
        at 0.5, green at 1, the figure under the class name, classes out of the hero range blank."""
        means = self.by_class('ehs')
        board = f'on {format_cards(self.board)}' if self.board else 'before the flop'
        return grid_svg(HAND_CLASSES, [heat_colour(means[name]) if name in means else EMPTY_COLOUR
                                       for name in HAND_CLASSES],
                        values=[f'{means[name]:.2f}' if name in means else '' for name in HAND_CLASSES],
                        title=f'EHS by class {board}: {len(self)} holdings, range equity {self.range_equity:.3f}',
                        note=GRID_NOTE, scale=(0.0, 1.0, 'EHS'))

    def __repr__(self) -> str:
        board = format_cards(self.board) if self.board else 'no board'
        return (f'<{type(self).__name__}: {len(self)} holdings on {board}, lookahead {self.lookahead}, '
                f'range equity {self.range_equity:.4f}>')


# ------------------------------------------------------------------------------------------ inputs
def _weights(value: WeightSetLike, side: str) -> np.ndarray:
    if value is None:
        return np.ones(HOLDING_COUNT)
    try:
        return read_weights(value)
    except WeightsError as error:
        raise WeightsError(f'{side} range: {error}') from None


def _lookahead(lookahead: int | None, board: tuple[Card, ...]) -> int:
    limit = min(MAX_LOOKAHEAD, 5 - len(board)) if board else 0
    if lookahead is None:
        return limit
    try:
        return whole_number('lookahead', lookahead, maximum=limit, error=LookaheadError)
    except LookaheadError:
        allowed = ', '.join(str(n) for n in range(limit + 1))
        raise LookaheadError(f'lookahead on a board of {len(board)} cards must be {allowed} or None, '
                             f'got {shown(lookahead)}') from None


def _meetable(opponent: np.ndarray) -> np.ndarray:
    """Per holding: how many opponent holdings with weight share no card with it."""
    held = opponent > 0
    per_card = np.bincount(HOLDINGS.ravel().astype(np.intp), weights=np.repeat(held, 2), minlength=52)
    return np.asarray(held.sum() - per_card[HOLDINGS[:, 0]] - per_card[HOLDINGS[:, 1]] + held, dtype=np.int64)


def _one_by_one(heroes: int, opponents: int, lookahead: int, ranker: type[HandRanker]) -> bool:
    """Whether ``'auto'`` counts the hero holdings one by one (:data:`HERO_BY_HERO`, :data:`HERO_BY_HERO_WORK`)."""
    if ranker.INLINE_RANKING:
        return lookahead == 2 and heroes * (opponents + 70) <= HERO_BY_HERO_WORK
    return heroes <= HERO_BY_HERO


def _potentials(transitions: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """PPOT and NPOT of each 3x3 matrix, as :func:`poker.stats.hand_statistics.potentials` computes them."""
    t = transitions
    sums = t[:, :, 0] + t[:, :, 1] + t[:, :, 2]  # (as potentials sums a row: in order)
    ppot_den = sums[:, BEHIND] + sums[:, TIED] / 2
    npot_den = sums[:, AHEAD] + sums[:, TIED] / 2
    with np.errstate(invalid='ignore', divide='ignore'):
        ppot = (t[:, BEHIND, AHEAD] + t[:, BEHIND, TIED] / 2 + t[:, TIED, AHEAD] / 2) / ppot_den
        npot = (t[:, AHEAD, BEHIND] + t[:, AHEAD, TIED] / 2 + t[:, TIED, BEHIND] / 2) / npot_den
    return np.where(ppot_den > 0, ppot, 0.0), np.where(npot_den > 0, npot, 0.0)


# ------------------------------------------------------------------------------------------ the engine
def range_statistics(hero: WeightSetLike = None, board: CardsLike = (), weights: WeightSetLike = None, *,
                     lookahead: int | None = None, opponents: int = 1, bins: int | None = None,
                     ranker: type[HandRanker] = HandRanker, seed: int | None = None,
                     method: RangePass = 'auto') -> RangeStatistics:
    """Loki's statistics of every hero holding against the opponent's weights on ``board``, exactly.

    ``hero`` and ``weights`` (the opponent's range, named as in :func:`~poker.stats.strength.hand_strength`
    and :meth:`~poker.stats.player.Player.calculate_hand_statistics`) are anything weights accept (a
    :class:`~poker.ranges.range.Range`, range text, 1,326 weights, 169 class weights, a class mapping; ``None``
    for every holding alike). ``board`` has
    0, 3, 4 or 5 cards; ``lookahead`` defaults to 2 on the flop, 1 on the turn, 0 on the river;
    ``opponents`` only raises ``hs`` to ``hs_n``; ``bins`` asks for the strength histograms, in that many
    equal bins of [0, 1] (None, the default, draws none: on a flop they are a third of the work). Hands are
    ranked by ``ranker.rank_many``. Before the flop, ``seed`` seeds the sampling of large weighted
    problems (None, the default: fresh draws each call).

    ``method`` is the kernel's range pass (:func:`~poker.kernel.range_passes.range_tally`; every pass counts
    the same numbers, summed exactly for fractional weights too, :mod:`~poker.kernel.exact_sums`): ``'auto'`` counts a few hero holdings one by one
    (:data:`HERO_BY_HERO`, :data:`HERO_BY_HERO_WORK`) and more by the pass the kernel chooses; ``'grid'``, or ``'narrow'`` against at
    most 63 opponent holdings with weight, forces that pass after the flop (``'sorted'`` gives no
    transitions while cards are to come, so only with ``lookahead=0``). Before the flop only ``'auto'``
    counts. A pass that cannot answer is a :class:`~poker.errors.SettingError` that says why.

    >>> every = range_statistics(board='Kd 7c 2h 9s 9h')
    >>> len(every), every.runouts, float(every.hs.max())
    (1081, 1, 1.0)
    """
    method = read_method(method, RANGE_PASSES)
    cards = read_board(board)
    if not cards and method != 'auto':
        raise SettingError(f"method {shown(method)} is a pass over runouts: before the flop range_statistics "
                           "counts all-in equities, with method 'auto'")
    depth = _lookahead(lookahead, cards)
    count = read_opponents(opponents)
    bins = None if bins is None else whole_number('bins', bins, minimum=1, maximum=MAX_BINS, error=SettingError)
    ranker = read_ranker(ranker)
    seed = read_seed(seed)
    hero_weights, opponent_weights = _off_board(_weights(hero, 'hero'), _weights(weights, 'opponent'), cards)
    meetable = _meetable(opponent_weights)
    if not cards:
        return _preflop(hero_weights, opponent_weights, meetable, count, bins, ranker, seed)
    return _postflop(cards, depth, hero_weights, opponent_weights, meetable, count, bins, ranker, method)


def _off_board(hero: np.ndarray, opponent: np.ndarray, cards: tuple[Card, ...]) -> tuple[np.ndarray, np.ndarray]:
    """The hero's and the opponent's weights (changed in place) with the holdings touching the board at 0; a range
    left without a holding is a :class:`~poker.errors.WeightsError`."""
    on_board = known_holdings([card.index for card in cards])
    for side, weights in (('hero', hero), ('opponent', opponent)):
        weights[on_board] = 0.0
        if not weights.any():
            raise WeightsError(f'the {side} range has no holding off the board {shown(format_cards(cards))}')
    return hero, opponent


def _postflop(cards: tuple[Card, ...], depth: int, hero: np.ndarray, opponent: np.ndarray, meetable: np.ndarray,
              opponents: int, bins: int | None, ranker: type[HandRanker], method: RangePass) -> RangeStatistics:
    """On a board: the kernel's tally of every hero holding that meets an opponent holding, and the figures
    (without a histogram, from the compiled pass's sums over the runouts where it gives them:
    :func:`~poker.kernel.range_passes.range_summary`)."""
    hero[meetable == 0] = 0.0  # a hero holding that meets no opponent holding is not counted at all
    indices = [card.index for card in cards]
    one_by_one = method == 'auto' and _one_by_one(int(np.count_nonzero(hero)), int(np.count_nonzero(opponent)),
                                                  depth, ranker)
    summary = range_summary(indices, depth, hero, opponent, ranker) \
        if method == 'auto' and bins is None and not one_by_one else None
    histogram = None
    if summary is not None:
        keep = summary.now.sum(axis=1) > 0  # (all of them, as below)
        holdings, now, transitions = summary.holdings[keep], summary.now[keep], summary.transitions[keep]
        mass = summary.total_sum[keep]
        equity, mean_squared_strength = summary.score_sum[keep] / mass, summary.squared_sum[keep] / mass
        runouts = summary.runouts
    else:
        if one_by_one:
            tally = hero_by_hero(indices, depth, hero, opponent, ranker)
        else:
            tally = range_tally(indices, depth, hero, opponent, ranker, method=method)
        assert tally.transitions is not None  # (asked for: the default)
        keep = tally.now.sum(axis=1) > 0  # hero holdings that meet an opponent holding (all of them, by the above)
        holdings, now, transitions, score, total = (tally.holdings, tally.now, tally.transitions, tally.score,
                                                    tally.total)
        if not keep.all():  # (copies of the (holding, runout) arrays only when some row goes)
            holdings, now, transitions, score, total = (holdings[keep], now[keep], transitions[keep], score[keep],
                                                        total[keep])
        equity, mean_squared_strength = summarise_runouts(score, total)
        if bins is not None:
            histogram = runout_histogram(score, total, bins) / total.sum(axis=1)[:, np.newaxis]
        runouts = tally.runouts
    totals = now.sum(axis=1)
    hs = (now[:, AHEAD] + now[:, TIED] / 2) / totals
    ppot, npot = _potentials(transitions) if depth else (np.zeros(len(hs)), np.zeros(len(hs)))
    return RangeStatistics(
        board=cards, lookahead=depth, opponents=opponents, holdings=holdings, weights=hero[holdings],
        ahead=now[:, AHEAD], tied=now[:, TIED], behind=now[:, BEHIND], transitions=transitions, hs=hs, ppot=ppot,
        npot=npot, equity=equity, mean_squared_strength=mean_squared_strength, histogram=histogram, counted=totals,
        runouts=runouts, opponent_holdings=int(np.count_nonzero(opponent)),
        counted_holdings=meetable[holdings], ranker=ranker)


def field_statistics(board: Sequence[int], sets: Sequence[np.ndarray], lookahead: int,
                     ranker: type[HandRanker] = HandRanker) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """Every hand off ``board`` (card indices, 3 to 5) against opponents with a weight set each (``sets``: k float64
    arrays of 1,326 checked weights, finite and at least 0), as :meth:`Player.calculate_hand_statistics
    <poker.stats.player.Player.calculate_hand_statistics>` answers each hand with those sets as a list (one per
    opponent, ``opponents=k``, the hand's and the board's holdings at 0, weights below ``MIN_WEIGHT`` at 0):
    the hand numbers, their ``hs_n`` (the product of the opponents' HS) and their ``ppot``, to the last bit (the
    weighted counts summed exactly, :func:`~poker.kernel.range_passes.weighted_counts`; the field as
    :func:`~poker.stats.player.field_counts` makes it). ``lookahead`` is one the board allows; hands are ranked
    by ``ranker.rank_many`` (``Player.ranker``). None when some hand can meet no holding with weight of some set
    (``Player`` raises for it).

    >>> weights = np.ones(1326)
    >>> holdings, hs_n, ppot = field_statistics((0, 1, 2, 3, 47), [weights, weights], 0)  # 2c 2d 2h 2s Ks
    >>> one = Player('Ah Kh', '2c 2d 2h 2s Ks').calculate_hand_statistics(weights=[weights, weights])
    >>> at = int(np.searchsorted(holdings, Player('Ah Kh').starting_hand.holding_index))
    >>> float(hs_n[at]) == one.hs_n, float(ppot[at]) == one.ppot
    (True, True)
    """
    cards = tuple(int(card) for card in board)
    on_board = known_holdings(cards)
    hero = np.where(on_board, 0.0, 1.0)
    counted = []
    for weights in sets:
        opponent = np.where(on_board | (weights < MIN_WEIGHT), 0.0, weights)
        counted.append(weighted_counts(cards, lookahead, hero, opponent, ranker))
    holdings = counted[0][0]
    now, transitions = np.stack([part[1] for part in counted]), np.stack([part[2] for part in counted])
    if not (now[..., 0] + now[..., 1] + now[..., 2] > 0).all():
        return None
    _, steps, each_hs = field_counts(now, transitions)
    hs_n = each_hs[0]
    for index in range(1, len(each_hs)):  # (as math.prod multiplies them: in order)
        hs_n = hs_n * each_hs[index]
    ppot = _potentials(steps)[0] if lookahead else np.zeros(len(holdings))
    return holdings, hs_n, ppot


def summarise_runouts(score: np.ndarray, total: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The strength after the runouts, summarised per holding: the one place both engines do it.

    ``score[i, r]`` and ``total[i, r]`` are what :func:`~poker.kernel.range_passes.range_tally` counts for hero
    holding i after runout r (weight beaten plus half the weight tied, and all the weight it meets; 0
    where the runout holds its cards), so the strength after the runout is ``score / total``. Returns
    the showdown equity E[HS] (runouts weighed by ``total``, their probability given the opponent's
    weights) and the mean squared strength E[HS^2] likewise; :func:`runout_histogram` bins the same strengths.
    """
    strength = np.divide(score, total, out=np.zeros(score.shape), where=total > 0)
    np.clip(strength, 0.0, 1.0, out=strength)
    mass = total.sum(axis=1)
    equity = score.sum(axis=1) / mass
    # the squares summed runout by runout in order (a cumulative sum's last column), as the compiled pass sums
    # them without handing the runouts over (range_summary): the same figure either way, to the last bit
    squares = total * strength * strength
    mean_squared_strength = (np.cumsum(squares, axis=1)[:, -1] if squares.shape[1] else mass * 0.0) / mass
    return equity, mean_squared_strength


def runout_histogram(score: np.ndarray, total: np.ndarray, bins: int, weights: np.ndarray | None = None
                     ) -> np.ndarray:
    """Per holding (``score`` and ``total`` as :func:`summarise_runouts` reads them) and per bin of [0, 1], the sum
    of ``weights`` (default ``total``) of the runouts whose strength falls in it, not normalised. A strength of
    exactly k/bins falls in bin k (the last bin holds 1.0): the bin is found exactly, ``floor(score * bins /
    total)``, not from a rounded ratio alone. :func:`range_statistics` draws it only when asked (``bins``).
    """
    met = total > 0
    # the bin: floor(score * bins / total) from the rounded quotient (kept within [0, bins]), then put right
    # where rounding crossed a bin edge (a strength of exactly k/bins can come out just below k). The products
    # score * bins and slot * total are exact (whole or half counts), so comparing them decides exactly.
    scaled = score * bins
    quotient = np.divide(scaled, total, out=np.zeros(score.shape), where=met)
    np.clip(quotient, 0, bins, out=quotient)
    slot = quotient.astype(np.intp)
    slot += ((slot + 1) * total <= scaled) & met
    slot -= (slot * total > scaled) & met
    np.clip(slot, 0, bins - 1, out=slot)
    rows = len(score)
    slot += np.arange(0, rows * bins, bins)[:, np.newaxis]  # each row's own bins
    return np.bincount(slot.ravel(), weights=(total if weights is None else weights).ravel(),
                       minlength=rows * bins).reshape(rows, bins)


def _preflop(hero: np.ndarray, opponent: np.ndarray, meetable: np.ndarray, opponents: int, bins: int | None,
             ranker: type[HandRanker], seed: int | None) -> RangeStatistics:
    """Before the flop: each hero holding's all-in equity against the opponent's weights."""
    from .preflop_odds import preflop_equity

    holdings = np.flatnonzero((hero > 0) & (meetable > 0))
    if not holdings.size:
        raise WeightsError('no hero holding can meet an opponent holding')
    # exact enumeration costs about 1.7 million ranks per (hero, opponent orbit): keep the total bounded
    limit = max(1, 40 // len(holdings))
    samples = max(20_000, 400_000 // len(holdings))
    results = [preflop_equity(StartingHand.from_holding_index(int(h)), opponent, exact_limit=limit,
                              samples=samples, seed=seed, ranker=ranker) for h in holdings.tolist()]
    win = np.array([r.win for r in results])
    tie = np.array([r.tie for r in results])
    loss = np.array([r.loss for r in results])
    equity = win + tie / 2
    histogram = None
    if bins is not None:
        histogram = np.zeros((len(holdings), bins))
        histogram[np.arange(len(holdings)), np.minimum((equity * bins).astype(np.intp), bins - 1)] = 1.0
    counted = np.array([float(opponent[(HOLDING_MASKS & HOLDING_MASKS[h]) == 0].sum()) for h in holdings.tolist()])
    return RangeStatistics(
        board=(), lookahead=0, opponents=opponents, holdings=holdings, weights=hero[holdings], ahead=win, tied=tie,
        behind=loss, transitions=np.zeros((len(holdings), 3, 3)), hs=equity, ppot=np.zeros(len(holdings)),
        npot=np.zeros(len(holdings)), equity=equity, mean_squared_strength=equity ** 2, histogram=histogram,
        counted=counted, runouts=results[0].boards, opponent_holdings=int(np.count_nonzero(opponent)),
        exact=all(r.exact for r in results), standard_error=np.array([r.standard_error for r in results]),
        counted_holdings=meetable[holdings], ranker=ranker)
