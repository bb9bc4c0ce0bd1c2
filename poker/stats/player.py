"""A player's seat at one moment: hole cards, the board, and Loki's statistics of the hand.

:meth:`Player.calculate_hand_statistics` counts, exactly, every holding an opponent may have and every
runout still to come (Papp 1998, ch. 5 and 6), and returns a :class:`~poker.stats.hand_statistics.HandStatistics`:

>>> player = Player('AhQh', '3h 4s Jh')
>>> stats = player.calculate_hand_statistics()
>>> stats.hs, (stats.ahead, stats.tied, stats.behind), stats.lookahead
(0.5851063829787234, (628.0, 9.0, 444.0), 2)
>>> stats.transitions[2]  # behind now: ahead, tied, behind after the turn and river
(221903.0, 680.0, 216977.0)
>>> round(stats.ppot, 4), round(stats.npot, 4), round(stats.ehs, 4)
(0.5042, 0.1451, 0.7094)
>>> player.calculate_hand_statistics(opponents=5, lookahead=1).hs_n
0.06857632055948792

Opponent models weigh the holdings (see :mod:`poker.ranges.weight_inputs` for every accepted form):

>>> round(player.calculate_hand_statistics(weights={'KK': 1, 'JJ': 1, '44': 1, '33': 1}).hs, 4)
0.0
"""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING, ClassVar, TypeGuard

import attrs
import numpy as np
from attrs import field, frozen

from ..cards.card import Card, format_cards
from ..cards.card_inputs import CardsLike, HoleLike, check_off_board, read_board, read_hole_cards
from ..cards.holdings import HOLDING_COUNT, HOLDING_MASKS, HOLDINGS, NUMBER_OF_PAIR
from ..cards.income_rates import MAX_OPPONENTS, class_income_rate, read_opponents
from ..cards.starting_hand import CLASS_OF_HOLDING, StartingHand, class_index
from ..cards.streets import BOARD_SIZES, STREET_OF_BOARD_SIZE
from ..errors import CardCountError, LookaheadError, OpponentCountError, SettingError
from ..kernel import one_hand
from ..kernel.kernel_inputs import weight_rows
from ..kernel.one_hand import Tally
from ..kernel.positions import MAX_LOOKAHEAD
from ..ranges.weights import MAX_TOTAL_WEIGHT, MIN_WEIGHT, remove_known
from ..ranking.ranker import HandRanker
from ..validators import EquityMethod, flag, instance, is_whole, shown
from .hand_statistics import HandStatistics, potentials

if TYPE_CHECKING:  # (imported where they are used: the first statistics need none of them)
    import concurrent.futures
    from collections.abc import Callable

    from ..ranges.range import Range
    from .preflop_odds import PreflopEquity
    from ..ranges.weight_inputs import WeightsLike
    from ..ranking.hand import Hand
    from ..ranking.rankable_hand import RankableHand
    from .multiway import EquityResult

__all__ = ['Player']



@frozen(eq=False, repr=False)
class Player:
    """Two hole cards and the board (0, 3, 4 or 5 cards), as text (``'AhQh'``, ``'3h 4s Jh'``) or cards.

    No card may appear twice. Players are equal when they hold the same hole cards and see the same
    board cards (in any order), whatever their subclass.

    Built for subclassing: :meth:`calculate_hand_statistics` is a fixed recipe whose steps are hooks.

    * :meth:`opponent_weights`: the opponent model, turning the ``weights`` argument into weight sets;
    * :meth:`count_outcomes`: the engine (:mod:`poker.kernel.one_hand`; :class:`poker.stats.reference.ReferencePlayer`
      swaps in the plain loops of :mod:`poker.stats.reference`);
    * :meth:`summarise`: from weighted counts to :class:`~poker.stats.hand_statistics.HandStatistics`;
    * :meth:`preflop_statistics`: the statistics before the flop;
    * :attr:`ranker`: the :class:`~poker.ranking.ranker.HandRanker` the engine ranks hands with.

    With no hook replaced and :class:`HandRanker`'s own ranking, one weight set (``None`` or a
    :class:`~poker.ranges.range.Range`) is counted in one compiled step, the same figures without the steps
    (:func:`~poker.kernel.one_hand.inline_counts`).
    """

    ranker: ClassVar[type[HandRanker]] = HandRanker

    hole_cards: tuple[Card, Card] = field(converter=read_hole_cards)
    board: tuple[Card, ...] = field(default=(), converter=read_board)

    def __attrs_post_init__(self) -> None:
        first, second = self.hole_cards
        for card in self.board:
            if card == first or card == second:
                check_off_board((first.index, second.index), (card.index for card in self.board), self.hole_cards,
                                self.board)

    @property
    def cards(self) -> Hand:
        """The cards this player knows, hole cards and board together, as a new sorted :class:`~poker.ranking.hand.Hand`."""
        from ..ranking.hand import Hand

        known = Hand(self.hole_cards)
        known.add(self.board)
        return known

    # ------------------------------------------------------------------------------ the cards
    @property
    def street(self) -> str:
        """``'preflop'``, ``'flop'``, ``'turn'`` or ``'river'``."""
        return STREET_OF_BOARD_SIZE[len(self.board)]

    @property
    def starting_hand(self) -> StartingHand:
        """The hole cards as a :class:`~poker.cards.starting_hand.StartingHand` (its class, income rate...)."""
        return StartingHand(self.hole_cards)

    @property
    def hand(self) -> RankableHand | None:
        """The hole cards and the board as a rankable hand (None before the flop)."""
        from ..ranking.rankable_hand import RankableHand

        return RankableHand((*self.hole_cards, *self.board)) if self.board else None

    @property
    def known_cards(self) -> tuple[Card, ...]:
        """The hole cards, then the board."""
        return (*self.hole_cards, *self.board)

    @property
    def cards_to_come(self) -> int:
        """Board cards still to be dealt: 5, 2, 1 or 0."""
        return 5 - len(self.board)

    def with_board(self, board: CardsLike) -> Player:
        """The same hole cards with another board, e.g. after the turn is dealt (same class)."""
        return type(self)(self.hole_cards, board)

    def default_lookahead(self) -> int:
        """2 on the flop (turn and river), 1 on the turn, 0 on the river and before the flop."""
        return min(2, self.cards_to_come) if self.board else 0

    def read_lookahead(self, lookahead: int | None) -> int:
        """``lookahead``, or the default for ``None``; a :class:`LookaheadError` if the board forbids it."""
        if lookahead is None:
            return self.default_lookahead()
        limit = min(MAX_LOOKAHEAD, self.cards_to_come) if self.board else 0
        if not is_whole(lookahead) or not 0 <= lookahead <= limit:
            allowed = ', '.join(str(n) for n in range(limit + 1))
            where = f'on the {self.street}' if self.board else 'before the flop'
            raise LookaheadError(f'lookahead {where} must be {allowed} or None, got {shown(lookahead)}')
        return int(lookahead)

    # ------------------------------------------------------------------------------ statistics
    def calculate_hand_statistics(self, opponents: int | None = None, lookahead: int | None = None,
                                  weights: WeightsLike = None) -> HandStatistics:
        """HS, HSn, PPOT, NPOT, EHS and EHS' of this hand, exactly.

        ``opponents``: a whole number from 1 to 22; defaults to 1, or to the number of weight sets when
        ``weights`` is a list of sets (then it must equal that number).
        ``lookahead``: cards to look ahead for the potentials, 2 (flop only), 1 or 0; defaults to 2 on
        the flop, 1 on the turn, 0 on the river.
        ``weights``: the opponent model, one weight set shared by every opponent or a list with a set per
        opponent (see :mod:`poker.ranges.weight_inputs`; ``None`` is uniform). With one set, ``hs_n = hs **
        opponents`` and ``ahead``, ``tied``, ``behind`` and ``transitions`` are weighted counts (whole
        numbers for uniform weights). With a set per opponent, ``hs_n`` is the product of the
        opponents' ``hs`` (Papp eq. 5.4, listed in ``opponent_hs``), and the other figures are those of
        the *field*: each set scaled to total 1 over the holdings it allows, then averaged, so each
        opponent counts equally; ``hs`` is then the mean of the opponents' ``hs``. ``holdings`` counts the
        holdings with weight in any set; ``runouts`` the runouts per holding (1 with no look-ahead, when
        ``transitions`` is diagonal: nothing changes).
        """
        if self.board and (weights is None or _is_range(weights)) and self._counts_inline() \
                and (opponents is None or type(opponents) is int and 1 <= opponents <= MAX_OPPONENTS) \
                and (lookahead is None or type(lookahead) is int):
            quick = self._inline_statistics(1 if opponents is None else opponents, self.read_lookahead(lookahead),
                                            weights)
            if quick is not None:
                return quick
        if not self.board and weights is None and lookahead is None and self.ranker is HandRanker \
                and (opponents is None or type(opponents) is int and 1 <= opponents <= MAX_OPPONENTS) \
                and type(self).opponent_weights is _RECIPE[0] and type(self).preflop_statistics is _RECIPE[3]:
            return self._uniform_preflop_statistics(1 if opponents is None else opponents)
        if self.board and type(weights) in (list, tuple, np.ndarray) and self._counts_inline() \
                and (opponents is None or type(opponents) is int and 1 <= opponents <= MAX_OPPONENTS) \
                and (lookahead is None or type(lookahead) is int):
            quick = self._array_statistics(opponents, lookahead, weights)  # type: ignore[arg-type]
            if quick is not None:
                return quick
        sets, per_opponent = self.opponent_weights(weights)
        opponents = read_opponents(opponents, default=len(sets) if per_opponent else 1)
        if per_opponent and opponents != len(sets):
            raise OpponentCountError(f'{len(sets)} weight sets, one per opponent, but opponents={shown(opponents)}')
        lookahead = self.read_lookahead(lookahead)
        if not self.board:
            return self.preflop_statistics(opponents, sets, per_opponent)
        kind = type(self)
        if kind.count_outcomes is _RECIPE[1] and kind.summarise is _RECIPE[2]:  # the steps on values read once
            if kind.opponent_weights is not _RECIPE[0]:
                sets = weight_rows(sets)  # (another model's sets: read once, here)
            tally = one_hand.read_tally(self._indices(self.hole_cards), self._indices(self.board),  # type: ignore[arg-type]
                                        lookahead, sets, self.ranker)
            return self._summary(tally, opponents, lookahead, sets, per_opponent)
        return self.summarise(self.count_outcomes(lookahead, sets), opponents, lookahead, sets, per_opponent)

    @staticmethod
    def _indices(cards: tuple[Card, ...]) -> tuple[int, ...]:
        return tuple(card.index for card in cards)

    def _counts_inline(self) -> bool:
        """Whether :meth:`calculate_hand_statistics` is the recipe of this class with no hook replaced and
        :class:`HandRanker`'s own ranking: then :meth:`_inline_statistics` gives its result in a few compiled steps."""
        kind = type(self)
        return kind.opponent_weights is _RECIPE[0] and kind.count_outcomes is _RECIPE[1] \
            and kind.summarise is _RECIPE[2] and self.ranker.INLINE_RANKING

    def _inline_statistics(self, opponents: int, lookahead: int, weights: Range | None) -> HandStatistics | None:
        """The recipe's statistics on a board for one weight set (None: every holding alike; or a read
        :class:`~poker.ranges.range.Range`) with arguments read: the kernel's
        :func:`~poker.kernel.one_hand.inline_counts`, and the record built from values already read. None when
        no holding has weight (the recipe raises the error that says so)."""
        hole = self.hole_cards
        board = self.board
        now, transitions, runouts, holdings = one_hand.inline_counts(
            (hole[0].index, hole[1].index), tuple(card.index for card in board), lookahead,
            None if weights is None else weights.weights)
        if not holdings:
            return None
        return HandStatistics._from_read_counts(now, transitions, opponents=opponents, lookahead=lookahead,
                                                holdings=holdings, runouts=runouts, hole=hole, board=board)

    def _uniform_preflop_statistics(self, opponents: int) -> HandStatistics:
        """The recipe's statistics before the flop against every holding alike (:class:`HandRanker`'s shipped table):
        the same for every holding of a class but for the hole cards, so the class's record (:func:`_class_preflop`)
        with this hand's cards in it, in :meth:`preflop_statistics`' order (the higher card first)."""
        low, high = sorted(card.index for card in self.hole_cards)
        record = _class_preflop(int(CLASS_OF_HOLDING[NUMBER_OF_PAIR[low][high]]), opponents)
        copy = object.__new__(HandStatistics)
        for name in _STATISTICS_FIELDS:
            object.__setattr__(copy, name, getattr(record, name))
        object.__setattr__(copy, 'hole', (Card.from_index(high), Card.from_index(low)))
        return copy

    def _array_statistics(self, opponents: int | None, lookahead: int | None,
                          weights: list[np.ndarray] | tuple[np.ndarray, ...] | np.ndarray) -> HandStatistics | None:
        """The recipe's statistics on a board for weights given as float64 arrays (one set of 1,326, a (k, 1326)
        array or a list of sets of 1,326: one per opponent, as an opponent model hands them), read in a few
        array steps to the very rows :meth:`opponent_weights` gives, then counted and summarised by the recipe's own
        steps (:func:`~poker.kernel.one_hand.read_tally`, :meth:`_summary`): the same figures, bit for bit. None
        for anything it does not take at once (the recipe reads it, and raises the error that says what is wrong)."""
        sets = _float_rows(weights)
        if sets is None:
            return None
        per_opponent = not (type(weights) is np.ndarray and weights.ndim == 1)
        count = (len(sets) if per_opponent else 1) if opponents is None else opponents
        if per_opponent and count != len(sets):
            return None
        if not (sets.min() >= 0 and sets.sum(axis=-1).max() <= MAX_TOTAL_WEIGHT):  # (NaN fails min() >= 0)
            return None
        hole = self._indices(self.hole_cards)
        board = self._indices(self.board)
        known = 0
        for card in (*hole, *board):
            known |= 1 << card
        sets[(sets < MIN_WEIGHT) | ((HOLDING_MASKS & known) != 0)] = 0.0  # (read_weights' tiny weights, remove_known)
        if not sets.any(axis=1).all():
            return None
        lookahead = self.read_lookahead(lookahead)
        tally = one_hand.read_tally(hole, board, lookahead, sets, self.ranker)  # type: ignore[arg-type]
        return self._summary(tally, count, lookahead, sets, per_opponent)

    def opponent_weights(self, weights: WeightsLike) -> tuple[np.ndarray, bool]:
        """Hook: the weight sets (shape (k, 1326)) for ``weights``, and whether there is one per opponent.

        Holdings that touch a known card weigh 0. Override to supply an opponent model of your own, for
        example to read the opponent's actions when ``weights`` is None.
        """
        from ..ranges.weight_inputs import read_weight_sets

        sets, per_opponent = read_weight_sets(weights)
        return remove_known(sets, [card.index for card in self.known_cards]), per_opponent

    def count_outcomes(self, lookahead: int, sets: np.ndarray) -> Tally:
        """Hook: the weighted counts of outcomes now and after ``lookahead`` cards, for each weight set (the
        kernel's :func:`~poker.kernel.one_hand.tally` reads the arguments)."""
        return one_hand.tally([card.index for card in self.hole_cards], [card.index for card in self.board],
                              lookahead, sets, self.ranker)

    def _outcome_arguments(self, lookahead: int, sets: np.ndarray) -> tuple[int, np.ndarray]:
        """:meth:`count_outcomes`'s arguments checked: a look-ahead the board allows (not None: the hooks
        take it decided) and weight sets of shape (k, 1326)."""
        if not self.board:
            raise CardCountError('outcomes are counted on a board: before the flop see preflop_statistics')
        if lookahead is None:
            raise LookaheadError('count_outcomes needs the look-ahead decided: 0, 1 or 2 cards, not None')
        return self.read_lookahead(lookahead), weight_rows(sets)

    def preflop_statistics(self, opponents: int, sets: np.ndarray, per_opponent: bool) -> HandStatistics:
        """Hook: the statistics before the flop, from :func:`~poker.stats.preflop_odds.preflop_equity` (a
        :class:`~poker.errors.CardCountError` for a player with a board, whose cards it would not count).

        ``hs`` is the all-in equity (win + tie/2) against one holding drawn from the weights: exact from
        the shipped table when the weights are uniform, exact by enumeration for small ranges, otherwise
        sampled with seed 0, so that the same hand and weights give the same statistics every call, and a bot's
        decisions repeat (then ``exact`` is False and ``standard_error`` says how far to trust it).
        ``ahead``, ``tied`` and ``behind`` are the shares of showdowns won, split and lost; ``ppot`` and
        ``npot`` are 0, so ``ehs == hs_n``; ``income_rate`` is Papp's for ``opponents``. With a set per
        opponent, ``hs_n`` is the product of their equities and the other figures are their average.
        """
        from .preflop_odds import preflop_equity

        if self.board:  # (the mirror of count_outcomes, which needs a board)
            raise CardCountError(f'preflop statistics are for a player before the flop, not on the {self.street}: '
                                 'see count_outcomes and summarise')
        opponents, sets = read_opponents(opponents), weight_rows(sets)
        per_opponent = flag('per_opponent', per_opponent)
        if per_opponent and len(sets) != opponents:
            raise OpponentCountError(f'{len(sets)} weight sets, one per opponent, but opponents={opponents}')
        allowed = sets > 0
        results = [preflop_equity(self.hole_cards, weights, seed=0, ranker=self.ranker)  # uniform: the table
                   for weights in sets]
        if not per_opponent:
            return results[0].statistics(opponents)
        each_hs = [result.equity for result in results]
        count = len(results)
        win, tie, loss = (sum(getattr(r, name) for r in results) / count for name in ('win', 'tie', 'loss'))
        standard_error = math.sqrt(sum(r.standard_error ** 2 for r in results)) / count
        return HandStatistics(
            hs=win + tie / 2, hs_n=math.prod(each_hs), ppot=0.0, npot=0.0, ahead=win, tied=tie, behind=loss,
            opponents=opponents, holdings=int(np.count_nonzero(allowed.any(axis=0))), runouts=results[0].boards,
            hole=self.hole_cards, income_rate=class_income_rate(class_index(results[0].hand_class), opponents),
            exact=all(r.exact for r in results), standard_error=standard_error, opponent_hs=each_hs)

    def summarise(self, tally: Tally, opponents: int, lookahead: int, sets: np.ndarray,
                  per_opponent: bool) -> HandStatistics:
        """Hook: :class:`HandStatistics` from the weighted counts (see :meth:`calculate_hand_statistics`)."""
        tally = instance('tally', tally, Tally, what='a Tally (from count_outcomes)')
        opponents = read_opponents(opponents)
        lookahead = self.read_lookahead(lookahead)
        if not (type(sets) is np.ndarray and sets.ndim == 2 and sets.shape[1] == 1326):  # (only which holdings)
            sets = weight_rows(sets)
        per_opponent = flag('per_opponent', per_opponent)
        if tally.now.shape != (len(sets), 3) or tally.transitions.shape != (len(sets), 3, 3) \
                or (per_opponent and len(sets) != opponents):
            raise SettingError(f'a tally of {len(tally.now)} weight sets does not go with {len(sets)} weight sets '
                               f'({"one per" if per_opponent else "shared by the"} {opponents} opponents)')
        return self._summary(tally, opponents, lookahead, sets, per_opponent)

    def _summary(self, tally: Tally, opponents: int, lookahead: int, sets: np.ndarray,
                 per_opponent: bool) -> HandStatistics:
        """:meth:`summarise` of arguments read and checked together (the recipe's own: nothing read again)."""
        holdings = int(np.count_nonzero(sets.any(axis=0)))
        if not per_opponent:
            return HandStatistics._from_read_counts(tally.now[0].tolist(), tally.transitions[0].tolist(),
                                                    opponents=opponents, lookahead=lookahead, holdings=holdings,
                                                    runouts=tally.runouts, hole=self.hole_cards, board=self.board)
        now, transitions, each_hs = field_counts(tally.now[:, np.newaxis], tally.transitions[:, np.newaxis])
        return HandStatistics._from_read_counts(
            now[0].tolist(), transitions[0].tolist(), opponents=opponents, lookahead=lookahead, holdings=holdings,
            runouts=tally.runouts, hole=self.hole_cards, board=self.board, opponent_hs=each_hs[:, 0].tolist())

    def showdown_equity(self, opponents: int | None = None, weights: WeightsLike = None, *, dead: CardsLike = '',
                        method: EquityMethod = 'auto', samples: int | None = None, target_error: float | None = None,
                        seed: int | None = None, executor: concurrent.futures.Executor | None = None,
                        progress: Callable[[int, int], None] | None = None) -> EquityResult:
        """The true showdown equity against ``opponents`` drawn from the weights, next to Papp's ``hs_n``.

        ``hs_n`` multiplies per-opponent strengths as if the opponents' holdings were independent; this
        deals them together (no shared cards) and runs the board out: :func:`poker.stats.multiway.equity` with
        this hand against the opponents' weight sets (``opponents`` and ``weights`` read as in
        :meth:`calculate_hand_statistics`, but at most 9 opponents: ``equity`` deals up to
        :data:`~poker.stats.multiway.MAX_PLAYERS` players) and :attr:`ranker`. The other arguments go to it (``dead``,
        ``method``, ``samples``, ``target_error``, ``seed``, ``executor``, ``progress``). Entry 0 is this hand.

        >>> result = Player('Ah As', 'Kh 7c 2d').showdown_equity(weights={'KK': 1})
        >>> round(result[0].equity, 6), result.exact
        (0.085859, True)
        """
        from .multiway import MAX_PLAYERS, equity

        sets, per_opponent = self.opponent_weights(weights)
        count = read_opponents(opponents, MAX_PLAYERS - 1, default=len(sets) if per_opponent else 1)
        if per_opponent and count != len(sets):
            raise OpponentCountError(f'{len(sets)} weight sets, one per opponent, but opponents={shown(opponents)}')
        field_sets = list(sets) if per_opponent else [sets[0]] * count
        return equity([format_cards(self.hole_cards, sep=''), *field_sets], self.board, dead, method=method,
                      samples=samples, target_error=target_error, seed=seed, executor=executor, ranker=self.ranker,
                      progress=progress)

    # ------------------------------------------------------------------------------ value object
    def __eq__(self, other: object) -> bool:
        if isinstance(other, Player):
            return set(self.hole_cards) == set(other.hole_cards) and set(self.board) == set(other.board)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((frozenset(self.hole_cards), frozenset(self.board)))


    def __str__(self) -> str:
        board = format_cards(self.board) if self.board else 'no board'
        return f'{format_cards(self.hole_cards, sep="")} / {board}'

    def __repr__(self) -> str:
        hole = format_cards(self.hole_cards, sep='')
        board = f', {format_cards(self.board)!r}' if self.board else ''
        return f'{type(self).__name__}({hole!r}{board})'


def field_counts(now: np.ndarray, transitions: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The field's counts of k opponents, each with a weight set of its own, for H hands: from each opponent's
    weighted counts ``now`` (k, H, 3) and ``transitions`` (k, H, 3, 3), each opponent's scaled to total 1 and then
    averaged (``now`` (H, 3), ``transitions`` (H, 3, 3)), and each opponent's HS (k, H). The one arithmetic of
    :class:`Player` with a set per opponent (H = 1) and of every hand at once
    (:func:`~poker.stats.range_stats.field_statistics`): every operation written out, in the same order, so the
    two agree to the last bit."""
    totals = now[..., 0] + now[..., 1] + now[..., 2]
    each_hs = (now[..., 0] + now[..., 1] / 2) / totals
    shares = now / totals[..., np.newaxis]
    steps = transitions / totals[..., np.newaxis, np.newaxis]
    field_now, field_steps = shares[0], steps[0]
    for opponent in range(1, len(now)):  # (summed opponent by opponent, in order, then divided: a mean)
        field_now = field_now + shares[opponent]
        field_steps = field_steps + steps[opponent]
    return field_now / len(now), field_steps / len(now), each_hs


def _float_rows(weights: list[np.ndarray] | tuple[np.ndarray, ...] | np.ndarray) -> np.ndarray | None:
    """A fresh (k, 1326) float64 copy of weights given as float64 arrays (one set, k rows, or a non-empty list of
    sets), None for any other form."""
    if type(weights) is np.ndarray:
        if weights.dtype != np.float64 or weights.ndim not in (1, 2) or weights.shape[-1] != HOLDING_COUNT \
                or not weights.size:
            return None
        return weights.reshape(-1, HOLDING_COUNT).copy()
    if not weights or not all(type(item) is np.ndarray and item.dtype == np.float64 and item.shape == (HOLDING_COUNT,)
                              for item in weights):
        return None
    return np.array(weights)


def _is_range(weights: object) -> TypeGuard[Range]:
    """Whether ``weights`` is a :class:`~poker.ranges.range.Range` itself (read at its making: nothing to read)."""
    from ..ranges.range import Range

    return type(weights) is Range


_RECIPE = (Player.opponent_weights, Player.count_outcomes, Player.summarise, Player.preflop_statistics)
"""The hooks of :meth:`Player.calculate_hand_statistics` as this class has them (a subclass replacing one takes
the recipe step by step)."""


_STATISTICS_FIELDS = tuple(field.name for field in attrs.fields(HandStatistics))


@functools.lru_cache(maxsize=None)  # (169 classes, 1 to 22 opponents: at most 3,718 small records)
def _class_preflop(hand_class: int, opponents: int) -> HandStatistics:
    """The recipe's uniform statistics before the flop of the first holding of the class numbered ``hand_class``
    against ``opponents``: as a plain :class:`Player`'s :meth:`~Player.preflop_statistics` on its own weights makes
    them, ``preflop_equity(hole, uniform weights, seed=0).statistics(opponents)``, the equity kept once a class."""
    return _class_equity(hand_class).statistics(opponents)


@functools.lru_cache(maxsize=None)
def _class_equity(hand_class: int) -> PreflopEquity:
    """:func:`~poker.stats.preflop_odds.preflop_equity` of the first holding of the class numbered ``hand_class``
    against its uniform weights (a plain :class:`Player`'s own, as :meth:`~Player.preflop_statistics` calls it)."""
    from .preflop_odds import preflop_equity

    low, high = (int(card) for card in HOLDINGS[int(np.flatnonzero(CLASS_OF_HOLDING == hand_class)[0])])
    player = Player((Card.from_index(low), Card.from_index(high)))
    sets, _ = player.opponent_weights(None)
    return preflop_equity(player.hole_cards, sets[0], seed=0, ranker=player.ranker)
