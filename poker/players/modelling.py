"""Opponent models at the table (Papp 1998, chapter 7): a weight table and action frequencies per opponent.

A :class:`ModellingLokiPlayer` keeps, for every opponent at the table, a :class:`SeatModel`:

* **weights** on the 1,326 holdings, uniform at the start of each hand (holdings with a card the seat
  can see weigh 0), used by the seat's hand evaluation;
* **action frequencies** by context (round, bets to call 0 / 1 / 2+), kept from hand to hand
  (:class:`ActionFrequencies`), blended with Papp's Table B.2 defaults until 20 observations (eq. 7.3).

After each action it observes, the seat re-weights the actor's table (:meth:`SeatModel.observe`): the
action's frequency ``f`` in its context says the opponent acts so with the top ``f`` of its hands, so the
threshold ``mu`` is the ``(1 - f)`` quantile of its holdings ranked by strength (a call plays the top
``f(call) + f(raise)``, a bet or raise the top ``f(raise)``; folds and checks imply nothing). Each
holding's weight is then multiplied by :meth:`~poker.strategy.reweighting.OpponentModel.reweight_factor`
(0.01 below ``mu - sigma``, 0.5 at ``mu``, 1 above ``mu + sigma``, linear between) and never falls below
0.01. Strength is the income rate IR7 before the flop (``sigma`` 330, no re-weighting when ``mu`` is below
the 5th percentile) and EHS' = HS1 + (1 - HS1) * PPOT_c after it (:func:`holding_scale`, ``sigma`` 0.2),
with HS1 exact against every holding and PPOT_c a fast count of outs. Re-weighting happens once per
round, from a copy of the weights saved at the start of the round, and is redone from that copy when a
later action implies a higher threshold. A check (ours, :attr:`SeatModel.CHECKS_CAP`) caps the range the
same way from above.

*Specific* modelling uses each opponent's own frequencies. *Generic* modelling (``specific=False``) reads every
opponent alike: by default with the table's frequencies, every opponent's counts added up (:class:`TableFrequencies`,
ours), or, with ``generic_frequencies='defaults'``, always with Table B.2, as Papp's generic model did. The decisions use the models: ``hs_n`` is the product of the per-opponent HS (Papp eq. 5.4,
``hs_mode='product'``) or HS against the field array, raised to the number of opponents
(``hs_mode='field'``); the potentials are always against the field (each table normalised, then averaged).

What it counts of each opponent from hand to hand is :mod:`~poker.players.frequencies`; the scales it ranks
holdings on are :mod:`~poker.players.holding_scales`.

>>> model = SeatModel('Ann', ActionFrequencies())
>>> model.begin_hand(known=[])
>>> model.observe('preflop', 'raise', bets_to_call=1, board=())      # top 20% by IR7 (Table B.2)
>>> round(model.range_share(), 3)                                    # the weight left, as a share
0.221
>>> from poker.cards.starting_hand import StartingHand
>>> [round(float(model.weights[StartingHand(h).holding_index]), 3) for h in ('Ah As', 'Kh Qd', '7c 2d')]
[1.0, 0.895, 0.01]
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar

import numpy as np

from ..cards.card import Card
from ..cards.card_inputs import read_board, read_indices
from ..cards.holdings import HOLDING_COUNT, NUMBER_OF_PAIR
from ..cards.starting_hand import CLASS_COUNT, CLASS_OF_HOLDING
from ..cards.streets import BOARD_SIZE, STREETS
from ..errors import PokerError
from ..ranges.weight_inputs import WeightsLike
from ..ranges.weights import known_holdings
from ..ranking.ranker import HandRanker
from ..ranking.ranker_inputs import read_ranker
from ..stats.hand_statistics import HandStatistics
from ..strategy.actions import Action, Blind, read_action
from ..strategy.advice import LokiStrategy
from ..strategy.reweighting import OpponentModel
from ..table.game import TableView, read_view
from ..table.records import ActionRecord, HandResult
from ..validators import choice, flag, instance, real_number, shown, text, whole_number
from .frequencies import (_COUNTS_SHAPE, _DEFAULT_ROWS, GENERIC_FREQUENCIES, ActionFrequencies,
                          ModelState, TableFrequencies, _round)
from .holding_scales import SCALED_BOARDS, _board_holdings, _frozen, _live_scale, _scale, _scale_order
from .loki import LokiPlayer, _kept_statistics, _preflop_statistics

if TYPE_CHECKING:
    from ..strategy.policy import HoldingStatistics

__all__ = ['ModellingLokiPlayer', 'SeatModel']


# ------------------------------------------------------------------------------------------ one opponent
def _board(board: Sequence[int]) -> tuple[int, ...]:
    """A board's card indices (or cards): 0, 3, 4 or 5 distinct ones."""
    return read_indices('board', board, sizes=(0, 3, 4, 5))


def _seat_names(names: Sequence[str]) -> list[str]:
    if isinstance(names, (str, bytes)) or not isinstance(names, Sequence):
        raise PokerError(f'names must be the list of the names at the table, got {shown(names)}')
    seats = list(itertools.islice(names, 24))
    if not 2 <= len(seats) <= 23:
        raise PokerError(f'names must be the names of 2 to 23 seats, got {shown(names)}')
    return seats


class SeatModel:
    """What one seat believes about one opponent: weights on the 1,326 holdings and action frequencies.

    Subclass to change the rules: :meth:`threshold` (from an action to ``mu``), :attr:`PREFLOP_SIGMA`,
    :attr:`POSTFLOP_SIGMA`, :meth:`factor` (the re-weighting function; by default
    :meth:`OpponentModel.reweight_factor <poker.strategy.reweighting.OpponentModel.reweight_factor>`).
    """

    PREFLOP_SIGMA: ClassVar[float] = 330.0
    """Papp's sigma before the flop, in IR7 units."""
    POSTFLOP_SIGMA: ClassVar[float] = 0.2
    """Sigma after the flop on the EHS' scale (Papp's is lost; Pena's example: mu 0.6, bounds 0.4 and 0.8)."""
    PREFLOP_CUTOFF: ClassVar[float] = -433.0
    """No re-weighting before the flop when mu is below this (IR7's 5th percentile)."""
    POSTFLOP_CUTOFF: ClassVar[float] = 0.05
    """No re-weighting after the flop when the action is taken with more than 1 - this of the hands."""
    LOW_WEIGHT: ClassVar[float] = 0.01
    """No live holding's weight falls below this."""
    QUANTILE_OF_RANGE: ClassVar[bool] = False
    """Whether ``mu`` is a quantile of the opponent's weighted range (ours) rather than of all the holdings
    still possible, each counted once (Papp: "more than 20% of all hands" have EHS' above 0.8)."""
    CHECKS_CAP: ClassVar[bool] = True
    """Whether a check caps the range (ours, after Loki-2, which tells checks apart; Papp's Loki-1 did not:
    set False for it): the opponent would have bet its top ``f(bet)``, so holdings above that quantile lose
    weight, by the same rule mirrored. Without it a model only ever makes opponents stronger, and in our
    matches generic modelling then lost to no model at all (see docs/modelling.md)."""
    READS_SHOWDOWNS: ClassVar[bool] = True
    """Whether the model checks its reading against the opponent's shown cards (ours; False: Papp's model,
    which reads every action as strength). A share ``e`` of out-of-line actions (:meth:`out_of_line`) makes
    each re-weighting a mixture: the opponent acts by strength with chance ``1 - e`` and whatever he holds with
    chance ``e``, so a holding's factor is ``((1 - e) * factor + e * f) / ((1 - e) + e * f)``, ``f`` the
    action's frequency (Bayes' rule for that mixture; ``e = 0`` leaves Papp's factor as it is)."""
    factor_model: ClassVar[OpponentModel] = OpponentModel()
    """Whose :meth:`~poker.strategy.reweighting.OpponentModel.reweight_factor` re-weights."""

    def __init__(self, name: str, frequencies: ActionFrequencies | None = None, *, specific: bool = True,
                 ranker: type[HandRanker] = HandRanker, table: TableFrequencies | None = None) -> None:
        self.name = text('name', name, error=PokerError)
        if frequencies is not None and not isinstance(frequencies, ActionFrequencies):
            raise PokerError(f'frequencies must be ActionFrequencies or None, got {shown(frequencies)}')
        self.tally = ActionFrequencies() if frequencies is None else frequencies
        self.specific = flag('specific', specific, error=PokerError)
        if table is not None and not isinstance(table, TableFrequencies):
            raise PokerError(f'table must be TableFrequencies or None, got {shown(table)}')
        self.table = table
        """What a generic model reads the opponent with (None: Table B.2); a specific model reads its own
        :attr:`tally`."""
        self.ranker = read_ranker(ranker)
        self._recipe: tuple[float, float, np.ndarray, float, tuple[float, float], float, np.ndarray, np.ndarray,
                            float] | None = None
        """The weights' last re-weighting, still to be worked out (:attr:`weights` works it out when read)."""
        self._weights = np.ones(HOLDING_COUNT)
        self.round_start = _frozen(self.weights.copy())
        """The weights at the start of the round (read-only: re-weighting starts from them, and the live holdings
        in scale order are kept per round for :meth:`_quantile`)."""
        self._ranked: tuple[tuple[int, ...], np.ndarray, np.ndarray, np.ndarray, np.ndarray | None] | None = None
        """For :meth:`_quantile`: the board, the round_start it was made from, the scale, the live holdings in
        scale order and their running total of weight (kept until the round or the board changes)."""
        self.street = 'preflop'
        self.board: frozenset[int] = frozenset()
        """The board of the round the model is in (card indices)."""
        self.applied_mu = -math.inf
        self.applied_cap = math.inf
        self.applied_shares = (1.0, 1.0)
        """The frequencies of the actions behind :attr:`applied_mu` and :attr:`applied_cap` (a bet's, a
        check's), for the mixture of :attr:`READS_SHOWDOWNS`."""
        self.claims: list[tuple[tuple[int, ...], float, bool]] = []
        """This hand's readings, for the showdown: (board, quantile, whether it was a check's cap)."""
        self.folded = False
        self.dead = np.zeros(HOLDING_COUNT, dtype=bool)
        self._round_board: tuple[int, ...] = ()
        self._round_key: tuple[int, ...] = ()
        """The round's board as last given (in its order) and sorted (the key of its scale)."""

    @property
    def weights(self) -> np.ndarray:
        """The weights on the 1,326 holdings (0 on those with a card the modelling seat can see). A model of
        :class:`SeatModel`'s own rules works out a re-weighting when they are read (the re-weightings no one reads,
        those of an opponent who folds before the next round, cost nothing), from what it was when it was made."""
        if self._recipe is not None:
            self._weights, self._recipe = self._papp_weights(*self._recipe), None
        return self._weights

    @weights.setter
    def weights(self, weights: np.ndarray) -> None:
        self._weights, self._recipe = weights, None

    def __repr__(self) -> str:
        kind = 'specific' if self.specific else 'generic'
        return (f'<{type(self).__name__} of {self.name}: {kind}, {self.street}, '
                f'{int(np.count_nonzero(self.weights))} holdings in play>')

    # ------------------------------------------------------------------------------------ the hand
    def begin_hand(self, known: Iterable[int | Card]) -> None:
        """Uniform weights, but 0 on holdings with a card the modelling seat holds."""
        self._begin_hand(known_holdings(read_indices('known', known)))

    def _begin_hand(self, dead: np.ndarray) -> None:
        """:meth:`begin_hand` with the holdings of the cards known worked out (one mask for every model of a seat)."""
        self.dead = dead
        self.weights = np.where(self.dead, 0.0, 1.0)
        self.round_start = _frozen(self.weights.copy())
        self.street, self.applied_mu, self.applied_cap, self.folded = 'preflop', -math.inf, math.inf, False
        self.board, self.applied_shares, self.claims = frozenset(), (1.0, 1.0), []
        self._round_board, self._round_key = (), ()

    def new_round(self, street: str, board: Sequence[int]) -> None:
        """Save the weights at the start of a round (holdings with a board card drop to 0). The ``board`` must be
        the round's (as many cards as ``street`` shows, the cards already out among them), and within a round the
        same board (in any order): a board that disagrees is an error, not ignored."""
        self._new_round(_round(street), _board(board))

    def _new_round(self, street: str, board: tuple[int, ...]) -> None:
        """:meth:`new_round` with the street and board read (the model's own calls)."""
        if street == self.street and board == self._round_board:  # the round's board as given before: nothing new
            return
        if len(board) != BOARD_SIZE[street]:
            raise PokerError(f'a board on the {street} has {BOARD_SIZE[street]} cards, got {shown(board)}')
        if street == self.street:
            if frozenset(board) != self.board:
                raise PokerError(f'the {street} board is {shown(sorted(self.board))} in this hand, got {shown(board)}')
            self._round_board = board
            return
        if not self.board <= frozenset(board):
            raise PokerError(f'the {street} board {shown(board)} must hold the cards already out, '
                             f'{shown(sorted(self.board))}')
        self.board = frozenset(board)
        self._round_board, self._round_key = board, tuple(sorted(board))
        self.dead = self.dead | _board_holdings(self._round_key)
        self.weights = np.where(self.dead, 0.0, self.weights)
        self.round_start = _frozen(self.weights.copy())
        self.street, self.applied_mu, self.applied_cap = street, -math.inf, math.inf
        self.applied_shares = (1.0, 1.0)

    def observe(self, street: str, action: str, *, bets_to_call: int, board: Sequence[int]) -> None:
        """Re-weight after the opponent's ``action`` (if it implies a higher threshold than the one applied
        this round), then count it in the frequencies. ``action`` is an :class:`~poker.strategy.actions.Action`
        or its text."""
        self._observe(_round(street), read_action(action), whole_number('bets_to_call', bets_to_call, error=PokerError),
                      _board(board))

    def _observe(self, street: str, action: Action, bets_to_call: int, board: tuple[int, ...]) -> None:
        """:meth:`observe` with its arguments read (the table's own calls: :class:`ModellingLokiPlayer`)."""
        self._new_round(street, board)
        if _plain_rules(type(self)):
            self._observe_plainly(street, action, bets_to_call, board)
        else:
            self._observe_by_hooks(street, action, bets_to_call, board)
        self._count(street, action, bets_to_call)

    def _count(self, street: str, action: Action, bets_to_call: int) -> None:
        """Count an action read in the :attr:`tally` (after the re-weighting it drove: an action does not read
        itself)."""
        if type(self.tally).observe is ActionFrequencies.observe:  # counted as it counts, the context already read
            self.tally._count(STREETS.index(street), min(bets_to_call, 2), action)
        else:
            self.tally.observe(street, bets_to_call, action)

    def _observe_plainly(self, street: str, action: Action, bets_to_call: int, board: tuple[int, ...]) -> None:
        """:meth:`_observe_by_hooks` for a model whose rules are :class:`SeatModel`'s own (:func:`_plain_rules`): the
        same steps on the values already read, each frequency blended once."""
        if action == Action.FOLD:
            self.folded = True
            return
        evidence = self.tally if self.specific else None if self.table is None else self.table.pooled()  # (evidence)
        fold, call, raise_ = (_DEFAULT_ROWS[min(bets_to_call, 2)] if evidence is None
                              else evidence.shares(STREETS.index(street), min(bets_to_call, 2)))
        share = self._claim(board, action, call, raise_)
        if action == Action.CHECK:
            if self.CHECKS_CAP and 0 < raise_ < 1:
                cap = self._quantile(1 - raise_, self._round_key)
                if cap < self.applied_cap:
                    self.applied_cap, self.applied_shares = cap, (self.applied_shares[0], 1 - raise_)
                    self._reweight(self.applied_mu, board)
            return
        if share is None:
            return
        mu = self._quantile(1 - share, self._round_key)
        threshold = (None if mu < self.PREFLOP_CUTOFF else mu) if not board \
            else None if share > 1 - self.POSTFLOP_CUTOFF else mu
        if threshold is not None and threshold > self.applied_mu:
            self.applied_shares = (share, self.applied_shares[1])
            self._reweight(threshold, board)

    def _claim(self, board: tuple[int, ...], action: Action, call: float, raise_: float) -> float | None:
        """Record what ``action`` says of his holding, for his showdown to confirm or deny (:attr:`claims`,
        :attr:`READS_SHOWDOWNS`), given his call and raise shares in its context: a bet or raise a holding above the
        ``1 - raise_`` quantile, a call one above ``1 - (call + raise_)``, a check (with :attr:`CHECKS_CAP`) one
        below ``1 - raise_``; no claim for a share of 0 or 1. The share of a bet, raise or call (None otherwise)."""
        if action == Action.CHECK:
            if self.CHECKS_CAP and 0 < raise_ < 1:
                self.claims.append((board, 1 - raise_, True))
            return None
        share = raise_ if action in (Action.BET, Action.RAISE) else call + raise_ if action == Action.CALL else None
        if share is not None and 0 < share < 1:
            self.claims.append((board, 1 - share, False))
        return share

    def _observe_by_hooks(self, street: str, action: Action, bets_to_call: int, board: tuple[int, ...]) -> None:
        """Re-weight after ``action`` through the rules' hooks (:meth:`cap`, :meth:`frequencies`, :meth:`frequency`,
        :meth:`threshold`), as a subclass may have them."""
        if action == Action.FOLD:
            self.folded = True
        elif action == Action.CHECK and self.CHECKS_CAP:
            cap = self.cap(street, bets_to_call, board)
            if cap is not None:
                bet_share = float(self.frequencies(street, bets_to_call)[2])
                self.claims.append((board, 1 - bet_share, True))
                if cap < self.applied_cap:
                    self.applied_cap, self.applied_shares = cap, (self.applied_shares[0], 1 - bet_share)
                    self._reweight(self.applied_mu, board)
        elif action != Action.CHECK:
            share = self.frequency(street, action, bets_to_call)
            if share is not None and 0 < share < 1:
                self.claims.append((board, 1 - share, False))
            threshold = self.threshold(street, action, bets_to_call, board)
            if threshold is not None and threshold > self.applied_mu:
                self.applied_shares = (1.0 if share is None else share, self.applied_shares[1])
                self._reweight(threshold, board)

    def showdown(self, hole: Iterable[int | Card]) -> None:
        """Check this hand's readings against the opponent's shown ``hole`` cards (:attr:`READS_SHOWDOWNS`):
        each bet, raise or call was read as a holding at or above a quantile of the round's scale, each check
        as one below its cap; the shown holding's quantile on that round's scale (the share of the holdings
        without a board card that rank below it, ties half) tells whether it was out of line, and counts in
        the evidence with the chance it had of being so for a player who acts whatever he holds."""
        first, second = read_indices('hole', hole, sizes=(2,))
        self._showdown(first, second)

    def _showdown(self, first: int, second: int) -> None:
        """:meth:`showdown` of two distinct card indices (the table's own: :meth:`ModellingLokiPlayer.end_hand`)."""
        holding = NUMBER_OF_PAIR[first][second]
        quantiles: dict[tuple[int, ...], float] = {}  # the shown holding's quantile on each round's scale
        evidence: list[tuple[bool, float]] = []
        for board, level, check in self.claims:
            if first in board or second in board:  # (a shown hand never holds a board card; a call that says
                continue                           # so is not counted)
            quantile = quantiles.get(board)
            if quantile is None:
                key = tuple(sorted(board))
                value = float(_scale(key, self.ranker)[holding])
                live = _live_scale_list(key, self.ranker)  # type: ignore[arg-type]  # (a class is hashable)
                # (bisect on the sorted values as Python floats: the places np.searchsorted finds, 'left' and 'right')
                below, through = bisect.bisect_left(live, value), bisect.bisect_right(live, value)
                quantile = quantiles[board] = (below + (through - below) / 2) / len(live)
            evidence.append((quantile > level, 1 - level) if check else (quantile < level, level))
        self.claims = []
        if type(self.tally).observe_showdown is ActionFrequencies.observe_showdown:  # as it counts, one by one
            deviations, expected = self.tally.shown.tolist()
            for out_of_line, chance in evidence:
                deviations += float(out_of_line)
                expected += chance
            self.tally.shown = np.array((deviations, expected))
        else:
            for out_of_line, chance in evidence:
                self.tally.observe_showdown(out_of_line, chance)

    # ------------------------------------------------------------------------------------ the rules
    def frequencies(self, street: str, bets_to_call: int) -> np.ndarray:
        """The (fold, check/call, bet/raise) frequencies the model reads the opponent with in a context: his own
        (specific), the table's (generic, with a :attr:`table`), or Table B.2's (generic, Papp's)."""
        evidence = self.evidence()
        if evidence is None:
            return self.tally.frequencies(street, bets_to_call, specific=False)
        return evidence.frequencies(street, bets_to_call)

    def frequency(self, street: str, action: str, bets_to_call: int) -> float | None:
        """The share of hands the opponent takes ``action`` with (or a stronger one), None for no inference."""
        action = read_action(action)
        fold, call, raise_ = self.frequencies(street, bets_to_call).tolist()  # (Python floats: quicker sums)
        if action in (Action.BET, Action.RAISE):
            return float(raise_)
        if action == Action.CALL:
            return float(call + raise_)
        return None  # a check or a fold says nothing about strength

    def threshold(self, street: str, action: str, bets_to_call: int, board: Sequence[int]) -> float | None:
        """``mu``: the ``(1 - f)`` quantile of the holdings still possible on the round's scale (weighted as at
        the start of the round if :attr:`QUANTILE_OF_RANGE`), or None when the action implies nothing or ``mu``
        is below the cutoff."""
        board = _board(board)
        share = self.frequency(street, action, bets_to_call)
        if share is None:
            return None
        mu = self._quantile(1 - share, board)
        if not board:
            return None if mu < self.PREFLOP_CUTOFF else mu
        return None if share > 1 - self.POSTFLOP_CUTOFF else mu

    def cap(self, street: str, bets_to_call: int, board: Sequence[int]) -> float | None:
        """The quantile above which a checking opponent would have bet (:attr:`CHECKS_CAP`), or None."""
        board = _board(board)
        share = float(self.frequencies(street, bets_to_call)[2])
        return self._quantile(1 - share, board) if 0 < share < 1 else None

    def _quantile(self, level: float, board: Sequence[int]) -> float:
        key = board if board is self._round_key else tuple(sorted(board))
        ranked = self._ranked
        if ranked is None or ranked[0] != key or ranked[1] is not self.round_start:  # once per round and board
            # the holdings without a board card in scale order (stable: ties by number), sorted once per board;
            # the live ones in it are in the order a stable sort of the live values alone would give
            if self.QUANTILE_OF_RANGE:
                order = _scale_order(key, self.ranker)  # type: ignore[arg-type]  # (a class is hashable)
                live = order[self.round_start[order] > 0]
                cumulative = np.cumsum(self.round_start[live])
            else:  # each holding counts once: the same for every model whose round starts with the same holdings
                live, cumulative = _live_in_order(key, self.ranker, self.round_start > 0), None
            ranked = self._ranked = (key, self.round_start, _scale(key, self.ranker), live, cumulative)
        _, _, scale, live, cumulative = ranked
        if cumulative is not None:  # the first holding whose running weight reaches the level's share
            at = int(np.searchsorted(cumulative, level * cumulative[-1]))
        else:  # each holding weighs 1: the running total is 1, 2, ..., n and the first to reach level * n is
            at = max(math.ceil(level * len(live)) - 1, 0)  # the ceil(level * n)-th
        return float(scale[live[min(at, len(live) - 1)]])

    @staticmethod
    def _mixed(factor: np.ndarray, share: float, out_of_line: float) -> np.ndarray:
        """The factor of an opponent who acts by strength with chance ``1 - out_of_line`` and takes the action
        (of frequency ``share``) whatever he holds otherwise (:attr:`READS_SHOWDOWNS`)."""
        if out_of_line == 0:
            return factor
        scale = (1 - out_of_line) + out_of_line * share  # the factor of a holding well above the threshold
        if scale <= 0:  # a player who acts whatever he holds, taking an action he never takes: nothing to read
            return np.ones_like(factor)
        return ((1 - out_of_line) * factor + out_of_line * share) / scale

    def evidence(self) -> ActionFrequencies | None:
        """What the model reads the opponent with: his own counts (specific), the table's (generic, with a
        :attr:`table`), or None for Table B.2 (generic, Papp's)."""
        if self.specific:
            return self.tally
        return None if self.table is None else self.table.pooled()

    def out_of_line(self) -> float:
        """The share of the opponent's actions taken whatever he holds (0 if the model does not
        :attr:`READS_SHOWDOWNS` or reads with Table B.2): :meth:`ActionFrequencies.out_of_line` of the
        :meth:`evidence`."""
        evidence = self.evidence() if self.READS_SHOWDOWNS else None
        return 0.0 if evidence is None else evidence.out_of_line()

    def sigma(self, board: Sequence[int]) -> float:
        """Papp's sigma before the flop, ours after."""
        return self.PREFLOP_SIGMA if not _board(board) else self.POSTFLOP_SIGMA

    def factor(self, scale: np.ndarray, mu: float, sigma: float) -> np.ndarray:
        """The re-weighting factor of each holding (Papp fig. 7.1)."""
        return self.factor_model.reweight_factor(scale, mu, sigma)

    def reweight(self, mu: float, board: Sequence[int]) -> None:
        """Weights = the round's saved copy x :meth:`factor`, at least :attr:`LOW_WEIGHT` where the holding is
        possible; ``mu`` becomes the threshold applied this round. ``board`` is the round's (:meth:`new_round`)."""
        board = _board(board)
        if frozenset(board) != self.board:
            raise PokerError(f'the board of this round is {shown(sorted(self.board))}, got {shown(board)}: '
                             'new_round first')
        self._reweight(mu if isinstance(mu, float) and mu == -math.inf else real_number('mu', mu, error=PokerError),
                       board)

    def _reweight(self, mu: float, board: tuple[int, ...]) -> None:
        """:meth:`reweight` with ``mu`` and the round's ``board`` read (the model's own calls)."""
        if _plain_rules(type(self)):  # the same rule as the hooks', on values already read, worked out when read
            evidence = None if not self.READS_SHOWDOWNS else self.tally if self.specific \
                else None if self.table is None else self.table.pooled()  # (out_of_line)
            out_of_line = 0.0 if evidence is None else evidence.out_of_line()
            self._recipe = (mu, self.PREFLOP_SIGMA if not board else self.POSTFLOP_SIGMA,
                            _scale(self._round_key, self.ranker), out_of_line, self.applied_shares,
                            self.applied_cap, self.round_start, self.dead, self.LOW_WEIGHT)
            self.applied_mu = mu
            return
        scale = _scale(tuple(sorted(board)), self.ranker)
        sigma = self.sigma(board)
        out_of_line = self.out_of_line()
        factor = self._mixed(self.factor(scale, mu, sigma), self.applied_shares[0], out_of_line) \
            if math.isfinite(mu) else 1.0
        if math.isfinite(self.applied_cap):  # mirrored: strong holdings would have bet
            factor = factor * self._mixed(self.factor(2 * self.applied_cap - scale, self.applied_cap, sigma),
                                          self.applied_shares[1], out_of_line)
        self.weights = np.where(self.dead, 0.0, np.maximum(self.round_start * factor, self.LOW_WEIGHT))
        self.applied_mu = mu

    def _papp_weights(self, mu: float, sigma: float, scale: np.ndarray, out_of_line: float,
                      shares: tuple[float, float], cap: float, round_start: np.ndarray, dead: np.ndarray,
                      low_weight: float) -> np.ndarray:
        """The weights :meth:`_reweight` makes by the hooks, for :class:`SeatModel`'s own rules, from the values
        it had (:attr:`weights` works them out when read)."""
        factor = self._papp_mixed(scale, mu, sigma, shares[0], out_of_line) if math.isfinite(mu) else None
        if math.isfinite(cap):  # mirrored: strong holdings would have bet (1.0 times it, with no mu: itself)
            mirrored = self._papp_mixed(2 * cap - scale, cap, sigma, shares[1], out_of_line)
            factor = mirrored if factor is None else np.multiply(factor, mirrored, out=factor)
        weights: np.ndarray = np.multiply(round_start, 1.0 if factor is None else factor)  # (in place from here)
        np.maximum(weights, low_weight, out=weights)
        weights[dead] = 0.0
        return weights

    def _papp_mixed(self, scale: np.ndarray, mu: float, sigma: float, share: float, out_of_line: float) -> np.ndarray:
        """``_mixed(_papp_factor(scale, mu, sigma), share, out_of_line)`` worked out in place on one new array: the
        same operations on the same values in the same order (the clip as its maximum then minimum), so the same
        bits."""
        factor = self._papp_factor(scale, mu, sigma)
        if out_of_line == 0:
            return factor
        mixed = (1 - out_of_line) + out_of_line * share  # the factor of a holding well above the threshold
        if mixed <= 0:  # a player who acts whatever he holds, taking an action he never takes: nothing to read
            return np.ones_like(factor)
        factor *= 1 - out_of_line  # ((1 - e) * factor + e * share) / mixed
        factor += out_of_line * share
        factor /= mixed
        return factor

    def _papp_factor(self, scale: np.ndarray, mu: float, sigma: float) -> np.ndarray:
        """:meth:`factor` as :meth:`OpponentModel.reweight_factor <poker.strategy.reweighting.OpponentModel.reweight_factor>`
        computes it (Papp fig. 7.1), on a scale and numbers the model made itself (finite: no door to pass)."""
        low = self.factor_model.LOW_FACTOR
        if sigma == 0:
            return np.where(scale >= mu, 1.0, low)
        factor: np.ndarray = np.subtract(scale, mu)  # (scale - mu + sigma) / (2 * sigma), in place
        factor += sigma
        if 0 < abs(2 * sigma) < 1e-300:  # a tiny sigma overflows the quotient to +-inf, which the clip makes 1 or low
            with np.errstate(over='ignore', divide='ignore'):
                factor /= 2 * sigma
        else:
            factor /= 2 * sigma
        np.maximum(factor, low, out=factor)  # np.clip(factor, low, 1.0): its maximum, then its minimum
        np.minimum(factor, 1.0, out=factor)
        return factor

    # ------------------------------------------------------------------------------------ views
    def range_share(self) -> float:
        """The total weight as a share of the possible holdings (1 for uniform weights)."""
        live = ~self.dead
        return float(self.weights[live].sum() / live.sum())

    def top(self, count: int = 5) -> list[tuple[str, float]]:
        """The ``count`` classes with the most weight per holding, with that weight, heaviest first."""
        from ..cards.starting_hand import HAND_CLASSES
        count = whole_number('count', count, maximum=169, error=PokerError)
        live = ~self.dead
        totals = np.bincount(CLASS_OF_HOLDING[live], weights=self.weights[live], minlength=CLASS_COUNT)
        counts = np.bincount(CLASS_OF_HOLDING[live], minlength=CLASS_COUNT)
        means = np.where(counts > 0, totals / np.maximum(counts, 1), -1.0)  # classes with no live holding last
        order = np.argsort(-means, kind='stable')
        return [(HAND_CLASSES[i], float(means[i])) for i in order[:count] if counts[i]]


_RULES = ('threshold', 'cap', 'frequencies', 'frequency', 'sigma', 'factor', 'evidence', 'out_of_line', '_mixed',
          '_quantile', '_papp_factor', '_papp_mixed')
"""The hooks whose :class:`SeatModel` versions :meth:`SeatModel._observe_plainly` inlines."""


_PLAIN_RULES: dict[type[SeatModel], bool] = {}
_LIVE_ORDERS: dict[tuple[tuple[int, ...], type[HandRanker], bytes], np.ndarray] = {}
""":func:`_live_in_order` of the boards and live holdings asked lately (emptied when it holds 1,024)."""


def _live_in_order(board: tuple[int, ...], ranker: type[HandRanker], live: np.ndarray) -> np.ndarray:
    """The ``live`` holdings (1,326 truth values) in scale order on a sorted ``board`` (stable: ties by number),
    kept: every model of a seat starts a round with the same holdings alive, all but its cards and the board's."""
    token = (board, ranker, live.tobytes())
    found = _LIVE_ORDERS.get(token)
    if found is None:
        if len(_LIVE_ORDERS) >= 1024:
            _LIVE_ORDERS.clear()
        order = _scale_order(board, ranker)  # type: ignore[arg-type]  # (a class is hashable)
        found = _LIVE_ORDERS[token] = _frozen(order[live[order]])
    return found


@functools.lru_cache(maxsize=SCALED_BOARDS)
def _live_scale_list(board: tuple[int, ...], ranker: type[HandRanker]) -> list[float]:
    """:func:`~poker.players.holding_scales._live_scale` as a list of Python floats (the showdowns bisect it), kept."""
    values: list[float] = _live_scale(board, ranker).tolist()  # type: ignore[arg-type]  # (a class is hashable)
    return values


def _plain_rules(kind: type[SeatModel]) -> bool:
    """Whether a model class keeps :class:`SeatModel`'s rules (none of the hooks :data:`_RULES` changed, its
    :attr:`~SeatModel.factor_model` re-weights by :class:`~poker.strategy.reweighting.OpponentModel`'s own rule and
    its tally counts as :class:`ActionFrequencies` does), so that it may re-weight without calling them one by one.
    Worked out once a class."""
    plain = _PLAIN_RULES.get(kind)
    if plain is None:
        plain = _PLAIN_RULES[kind] = all(getattr(kind, name) is getattr(SeatModel, name) for name in _RULES) \
            and type(kind.factor_model).reweight_factor is OpponentModel.reweight_factor
    return plain


# ------------------------------------------------------------------------------------------ the player
class ModellingLokiPlayer(LokiPlayer):
    """A Loki seat with an opponent model for every other seat (Papp chapter 7).

    ``specific`` chooses specific modelling (the opponent's own frequencies) or generic (every opponent read
    alike, with the table's frequencies or, ``generic_frequencies='defaults'``, with Table B.2 only, as Papp);
    ``hs_mode`` is ``'product'`` (Papp eq. 5.4) or ``'field'`` (HS against the field array, to the power
    of the opponents); ``strategy`` defaults to :class:`~poker.strategy.advice.FullLokiStrategy` (showdown odds on). :attr:`models` maps each opponent's name to its :class:`SeatModel`; frequencies are
    kept from hand to hand, weights start uniform each hand.
    """

    model_class: ClassVar[type[SeatModel]] = SeatModel
    """The per-opponent model; a subclass of :class:`SeatModel` changes the re-weighting."""
    PART_BET_COUNTS: ClassVar[bool] = True
    """Whether a part of a bet to call counts as a bet in an action's context (:attr:`ActionRecord.bets_to_call
    <poker.table.records.ActionRecord.bets_to_call>`: the small blind's first action faces the big blind's bet, so its
    raise reads as the top 20%, not 50%); False rounds down, as the models did before issue 19."""

    def __init__(self, name: str, *, specific: bool = True, hs_mode: str = 'product',
                 strategy: LokiStrategy | None = None, lookahead: int | None = None,
                 preflop_income_rates: bool = True, generic_frequencies: str = 'table') -> None:
        if strategy is None:
            from ..strategy.advice import FullLokiStrategy
            strategy = FullLokiStrategy()
        super().__init__(name, strategy=strategy, lookahead=lookahead, preflop_income_rates=preflop_income_rates)
        self.specific = flag('specific', specific, error=PokerError)
        self.hs_mode = choice('hs_mode', hs_mode, ('product', 'field'), error=PokerError)
        self.generic_frequencies = choice('generic_frequencies', generic_frequencies, GENERIC_FREQUENCIES,
                                          error=PokerError)
        self.table = TableFrequencies()
        """Every opponent's counts, added up: what generic modelling reads them with (``'table'``)."""
        self.models: dict[str, SeatModel] = {}
        self.seat_names: tuple[str, ...] = ()
        self.seat = -1
        self._board_read: tuple[object, tuple[int, ...]] = (None, ())
        """The board :meth:`observe` read last (a tuple of cards, the very object) and its card indices."""

    # ------------------------------------------------------------------------------------ table hooks
    def begin_hand(self, seat: int, names: tuple[str, ...], hole: tuple[Card, ...], button: int) -> None:
        """Reset every opponent's weights (0 on holdings with one of our hole cards)."""
        known = self._read_hand(seat, names, hole, button)
        dead = _frozen(known_holdings(known))  # (one mask for every model: read-only)
        for other, name in enumerate(self.seat_names):
            if other == self.seat:
                continue
            if name not in self.models:
                self.models[name] = self.new_model(name)
            model = self.models[name]
            if type(model).begin_hand is SeatModel.begin_hand:
                model._begin_hand(dead)
            else:
                model.begin_hand(known)

    def _read_hand(self, seat: int, names: tuple[str, ...], hole: tuple[Card, ...], button: int) -> tuple[int, ...]:
        """:meth:`begin_hand`'s arguments read: the seat and the names kept (:attr:`seat`, :attr:`seat_names`), the
        hole cards' indices returned."""
        if type(names) is not tuple or names != self.seat_names:  # (the names of the hand before were read)
            names = tuple(text('a seat\'s name', name, error=PokerError) for name in _seat_names(names))
        seat = whole_number('seat', seat, maximum=len(names) - 1, error=PokerError)
        whole_number('button', button, maximum=len(names) - 1, error=PokerError)
        self.seat, self.seat_names = seat, names
        return tuple(card.index for card in read_board(hole, sizes=(2,)))

    def observe(self, record: ActionRecord, board: tuple[Card, ...]) -> None:
        """Re-weight the actor's model after each of its actions (blinds and our own are not evidence)."""
        if type(record) is not ActionRecord:  # (the table's own records are read: a value class is its door)
            record = instance('record', record, ActionRecord, error=PokerError, what='an ActionRecord')
        if board is self._board_read[0]:  # the board of the action before (a tuple: it cannot have changed)
            indices = self._board_read[1]
        else:
            indices = tuple(card.index for card in read_board(board))
            if type(board) is tuple:  # (immutable, and kept here: the same object is the same board)
                self._board_read = (board, indices)
        if record.seat >= len(self.seat_names) and self.seat_names:
            raise PokerError(f'seat {record.seat} of the record is not at this table of {len(self.seat_names)} seats')
        if record.seat == self.seat or isinstance(record.action, Blind):
            return
        model = self.models.get(self.seat_names[record.seat]) if self.seat_names else None
        if model is not None:
            bets = record.bets_to_call if self.PART_BET_COUNTS or not record.bet_size \
                else record.to_call // record.bet_size
            self._model_observes(model, record, bets, indices)

    def _model_observes(self, model: SeatModel, record: ActionRecord, bets_to_call: int,
                        board: tuple[int, ...]) -> None:
        """Show an opponent's action to its model (``record`` and the ``board``'s card indices read, the action's bets
        to call worked out): :meth:`SeatModel.observe`'s re-weighting and count."""
        model._observe(record.street, record.action, bets_to_call, board)  # type: ignore[arg-type]  # (read: no blind)

    def end_hand(self, result: HandResult) -> None:
        """Check each model's readings of this hand against the cards its opponent showed (:meth:`SeatModel.showdown`;
        frequencies are counted as actions are observed)."""
        result = instance('result', result, HandResult, error=PokerError, what='a HandResult')
        for seat in result.hands:
            name = result.names[seat] if seat < len(result.names) else None
            if seat != self.seat and name in self.models and name in self.seat_names:
                model = self.models[name]
                hole = result.holes[seat]
                if type(model).showdown is SeatModel.showdown and len(hole) == 2 and hole[0] != hole[1]:
                    model._showdown(hole[0].index, hole[1].index)  # (two distinct cards of a record: read)
                else:
                    model.showdown(tuple(card.index for card in hole))

    # ------------------------------------------------------------------------------------ what lasts
    def state(self) -> ModelState:
        """What this seat has learnt that outlasts a hand: every opponent's action counts and showdown evidence
        (weights start afresh each hand)."""
        return ModelState({name: [int(count) for count in model.tally.counts.ravel()]
                           for name, model in self.models.items()},
                          {name: [float(value) for value in model.tally.shown] for name, model in self.models.items()
                           if model.tally.shown.any()})

    def resume(self, state: object) -> None:
        """Take up a :class:`ModelState`: a model per opponent it names, with those counts and showdown evidence
        (and no other)."""
        state = instance('state', state, ModelState, error=PokerError, what='a ModelState')
        self.models, self.table = {}, TableFrequencies()
        for name, counts in state.counts.items():
            self.models[name] = self.new_model(name)
            self.models[name].tally.counts = np.array(counts, dtype=float).reshape(_COUNTS_SHAPE)
            self.models[name].tally.shown = np.array(state.showdowns.get(name, (0.0, 0.0)), dtype=float)

    def new_model(self, name: str) -> SeatModel:
        """A :attr:`model_class` model of the opponent ``name`` with no counts yet, its counts added to the
        :attr:`table`'s."""
        tally = ActionFrequencies()
        self.table.add(tally)
        generic_table = not self.specific and self.generic_frequencies == 'table'
        return self.model_class(name, tally, specific=self.specific, table=self.table if generic_table else None)

    # ------------------------------------------------------------------------------------ decisions
    def opponent_models(self, view: TableView) -> list[SeatModel]:
        """The models of the opponents still in the hand."""
        view = read_view(view)
        names = [self.seat_names[seat] for seat in view.active if seat != view.seat and seat < len(self.seat_names)] \
            if self.seat_names else []
        return [self.models[name] for name in names if name in self.models]

    def weights(self, view: TableView) -> WeightsLike:
        """One weight table per opponent still in (``'product'``), or their field array (``'field'``)."""
        view = read_view(view)
        kept = self._weights_kept
        if kept is not None and kept[0] is view and view is self._deciding:
            return kept[1]  # (the same view within one decision: the models have not moved)
        models = self.opponent_models(view)
        if not models:
            return None
        dead = known_holdings(tuple(card.index for card in (*view.hole, *view.board)))
        tables = [np.where(dead, 0.0, model.weights) for model in models]
        weights: list[np.ndarray] | np.ndarray = tables
        if self.hs_mode != 'product':  # the field array (Papp 7.3.1)
            weights = np.mean([table / table.sum() for table in tables], axis=0)
        if view is self._deciding:  # kept for the decision's other readers: read-only
            for table in tables if isinstance(weights, list) else (weights,):
                _frozen(table)
            self._weights_kept = (view, weights)
        return weights

    def statistics(self, view: TableView) -> HandStatistics:
        """The statistics against the models (before the flop, where the pre-flop strategy decides on income
        rates, against every holding alike: cheaper, and only shown)."""
        view = read_view(view)
        if not view.board:
            return _preflop_statistics(view.hole, max(1, view.opponents))
        return _kept_statistics(view.hole, view.board, opponents=max(1, view.opponents),
                               lookahead=self.street_lookahead(view), weights=self.weights(view))

    @classmethod
    def _policy_owner(cls) -> type[LokiPlayer]:
        return ModellingLokiPlayer

    def _holding_table(self, view: TableView, next_card: bool) -> HoldingStatistics | None:
        """:meth:`LokiPlayer._holding_table <poker.players.loki.LokiPlayer._holding_table>` against the models: with
        a weight set per opponent still in (``hs_mode='product'``), every holding's HSn and PPOT as
        :meth:`statistics` gives them, to the last bit (:func:`~poker.stats.range_stats.field_statistics`); None (ask
        holding by holding) with ``hs_mode='field'`` (each holding scales the models' weights by its own totals) or
        where ``Player`` would not take the sets (a set per opponent that does not match the opponents, weights it
        rejects, a holding that meets no weight)."""
        import attrs

        from ..cards.starting_hand import StartingHand
        from ..ranges.weights import MAX_TOTAL_WEIGHT
        from ..stats.range_stats import field_statistics
        from ..strategy.policy import HoldingStatistics
        from .loki import _every_holding
        models = self.opponent_models(view)
        opponents = max(1, view.opponents)
        board = tuple(card.index for card in view.board)
        lookahead = self.street_lookahead(view)
        if not models:
            return _every_holding(board, opponents, lookahead, next_card)
        if self.hs_mode != 'product' or len(models) != opponents or not view.board:
            return None
        sets = [model.weights for model in models]
        if not all(np.isfinite(weights).all() and weights.min() >= 0 for weights in sets) \
                or max(float(weights.sum()) for weights in sets) > MAX_TOTAL_WEIGHT:
            return None
        depth = min(2, 5 - len(board)) if lookahead is None else lookahead
        counted = field_statistics(board, sets, depth)
        ahead = field_statistics(board, sets, 1) if next_card and counted is not None else None
        if counted is None or (next_card and ahead is None):
            return None
        holdings, hs_n, ppot = counted
        arrays = [np.zeros(HOLDING_COUNT) for _ in range(3)]
        arrays[0][holdings], arrays[1][holdings] = hs_n, ppot
        if ahead is not None:
            arrays[2][ahead[0]] = ahead[2]
        possible = np.zeros(HOLDING_COUNT, dtype=bool)
        possible[holdings] = True

        def one(index: int) -> HandStatistics:
            return self.statistics(attrs.evolve(view, hole=StartingHand.from_holding_index(index).cards))
        return HoldingStatistics(arrays[0], arrays[1], possible, view.board, depth, opponents, one,
                                 arrays[2] if next_card else None)

    def bet_frequency(self, view: TableView, seat: int) -> float:
        """How often ``seat`` bets when checked to on this street: its model's bet/raise frequency with 0 bets
        to call (:meth:`SeatModel.frequencies`: his own, the table's, or Table B.2's 0.5);
        :meth:`LokiPlayer.bet_frequency` for a seat without one."""
        view = read_view(view)
        seat = whole_number('seat', seat, error=PokerError)
        model = self.models.get(self.seat_names[seat]) if seat < len(self.seat_names) else None
        if model is None:
            return super().bet_frequency(view, seat)
        return float(model.frequencies(view.street, 0)[2])
