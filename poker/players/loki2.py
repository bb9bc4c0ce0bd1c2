"""Loki-2 (Peña 1999): probability triples as the betting strategy and as the re-weighting factor of opponent
modelling, the specific model shifting the triples' thresholds, and a hook for selective-sampling simulations.

A :class:`Loki2Player` is a :class:`~poker.players.modelling.ModellingLokiPlayer` with switches for each of Loki-2's
departures from Loki-1 (each on by default):

* ``betting='triples'`` (**B**): after the flop the seat draws its action from the probability triple (PT) of its
  own statistics, :meth:`TripleStrategy.triple <poker.strategy.triples.TripleStrategy.triple>`, with one random
  number per hand (Peña 4.3: a high number plays the whole hand aggressively); ``'rules'`` plays Loki-1's rules.
  Before the flop it plays Papp's pre-flop strategy, as Loki-1 (Peña kept it).
* ``reweighting='triples'`` (**R**): after the flop each opponent's weights are multiplied by the PT entry of the
  action observed, computed for every holding from the opponent's point of view (:class:`Loki2SeatModel`); before
  the flop, and with ``'papp'`` after it too, Papp's re-weighting.
* ``modelling='specific'``: each opponent's PT thresholds move by his observed frequencies
  (:meth:`Loki2SeatModel.thresholds`, Peña 4.4); ``'generic'`` reads every opponent alike, by the table's frequencies
  (a generic Loki-1's, ``generic_frequencies``), and moves them by those; ``'none'`` keeps no model (every holding alike).
* ``simulation``: an object with :meth:`Simulation.evaluate` (**S**: :class:`~poker.players.simulation.SelectiveSampling`);
  when given, after the flop the seat takes the action of highest mean result (fold 0; a check when checking is
  free) instead of drawing from its PT, when that action leads the next best by ``margin`` standard errors (ours,
  :data:`DEFAULT_MARGIN`; 0 is Peña's plain choice); when the lead is smaller it plays Loki-1's rules
  (``unclear='rules'``, ours) or as without a simulation (``unclear='betting'``). With a simulation, B is the PTs
  that play the seat's own later actions inside the trials, and each modelled opponent's PTs there are calibrated
  to his frequencies (``calibration='frequencies'``, ours; ``'none'``: Peña's PTs alone).

>>> from poker.table import FixedLimitGame
>>> from poker.players import LokiPlayer
>>> game = FixedLimitGame([Loki2Player('Ann', seed=1), LokiPlayer('Bob')], seed=3)
>>> summary = game.play(3)
>>> [seat.name for seat in summary], sum(seat.net for seat in summary)
(['Ann', 'Bob'], 0)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from random import Random
from typing import ClassVar, Protocol

import attrs
import numpy as np
from attrs import field, frozen

from ..cards.card import Card
from ..cards.holdings import HOLDING_COUNT
from ..cards.income_rates import read_opponents
from ..cards.starting_hand import StartingHand
from ..cards.streets import BOARD_SIZE
from ..errors import PokerError
from ..ranges.weights import known_holdings
from ..ranking.ranker import HandRanker
from ..stats.hand_statistics import HandStatistics
from ..strategy.actions import Action, Blind, read_action
from ..strategy.advice import FullLokiStrategy, LokiStrategy
from ..strategy.policy import HoldingStatistics, Policy
from ..strategy.situation import Advice, Situation
from ..strategy.triples import DEFAULT_WIDTH, TripleStrategy
from ..table.game import TableView, read_view
from ..table.records import ActionRecord
from ..validators import brief, choice, instance, read_seed, real_number, shown, text, whole_number
from .frequencies import ACTION_CLASSES, DEFAULT_FREQUENCIES, ActionFrequencies, ModelState, TableFrequencies, _round
from .holding_scales import _board_holdings, _fast_outs, _fast_potentials, _frozen, _scale, _scale_strengths
from .modelling import ModellingLokiPlayer, SeatModel, _board, _live_in_order

__all__ = ['BETTINGS', 'CALIBRATIONS', 'DEFAULT_MARGIN', 'ENHANCEMENTS', 'UNCLEAR', 'Evaluation', 'Loki2Player', 'Loki2SeatModel', 'Loki2State', 'MODELLINGS', 'NO_MODEL_WIDTH', 'REWEIGHTINGS',
           'Simulation']

BETTINGS = ('triples', 'rules')
"""How a :class:`Loki2Player` bets after the flop: drawn from its PT (**B**), or by Loki-1's rules."""
REWEIGHTINGS = ('triples', 'papp')
"""How its models re-weight after the flop: by the PT entry of the action (**R**), or by Papp's rule."""
DEFAULT_MARGIN = 1.0
"""How many standard errors the simulation's best action must lead the next best by for a seat to take it (ours:
below it the seat chooses as it would without a simulation; see :attr:`Loki2Player.margin`)."""
ContextThresholds = tuple[tuple[float, float], tuple[float, float], tuple[float, float]]
"""An opponent's (Make1, Make2) facing 0, 1 and 2 or more bets to call (what a simulation plays him with)."""
UNCLEAR = ('rules', 'betting')
"""What a seat with a simulation does when the simulation's best is not clear (:attr:`Loki2Player.unclear`)."""
ENHANCEMENTS = 'brs'
"""Peña's enhancements, a letter each: **B** (betting by PTs), **R** (re-weighting by PTs), **S** (simulation)."""
CALIBRATIONS = ('frequencies', 'none')
"""How a simulation plays a modelled opponent: his PTs scaled to his frequencies (ours), or his PTs alone (Peña)."""
NO_MODEL_WIDTH = 0.05
"""The PTs' smoothing of ``loki2-no-model`` (:data:`~poker.players.kinds.PLAYER_KINDS`; ours, measured: heads-up
without a model to read the bots, each 0.05 of width costs against the passive ones, ``docs/modelling.md``)."""
MODELLINGS = ('specific', 'generic', 'none')
"""Its opponent models: each opponent's own frequencies, every opponent alike, or none."""


# ------------------------------------------------------------------------------------------ the simulation's door
class Evaluation(Protocol):
    """What :meth:`Simulation.evaluate` answers: the mean result of a call (a check when nothing is to call) and of
    a bet or raise (None when no raise is possible), in chips from the decision on (a fold's is 0)."""

    @property
    def ev_call(self) -> float: ...

    @property
    def ev_raise(self) -> float | None: ...


class Simulation(Protocol):
    """A selective-sampling simulation (Peña ch. 5): plays the hand out from the view many times after a call and
    after a raise, each opponent's cards drawn from his weights and every later action from PTs."""

    def evaluate(self, view: TableView, weights: dict[int, np.ndarray], random: Random, *,
                 thresholds: dict[int, ContextThresholds] | None = None,
                 frequencies: dict[int, np.ndarray] | None = None) -> Evaluation:
        """The mean results at ``view``: ``weights`` maps each opponent still in (by seat) to his weights on the
        1,326 holdings (0 on those with a card the seat sees), ``thresholds`` each opponent to the (Make1, Make2)
        thresholds of the PT that plays him facing 0, 1 and 2 or more bets, ``frequencies`` each opponent with a
        model to his (fold, call, raise) shares in those contexts (a (3, 3) array: what his trial actions are
        calibrated to, :attr:`Loki2Player.calibration`), ``random`` is the seat's own random numbers (a seeded
        match stays reproducible)."""
        ...


def _simulation(value: object) -> Simulation:
    if not callable(getattr(value, 'evaluate', None)):
        raise PokerError(f'simulation must be None or have an evaluate(view, weights, random, thresholds=...) '
                         f'method, got {shown(value)}')
    return value  # type: ignore[return-value]  # (a duck: its evaluate is called, and its answer read)


# ------------------------------------------------------------------------------------------ one opponent
@functools.lru_cache(maxsize=256)
def _opponent_inputs(board: tuple[int, ...], ranker: type[HandRanker]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """What a model's PT of every holding reads on a sorted board after the flop: HS1 (the scale's, exact against
    every holding), PPOT_c (the scale's count of outs, two cards ahead on the flop) and the chance the next card
    makes the hand (outs over the cards unseen; PPOT_c itself on the turn, 0 on the river); 0 on the holdings with a
    board card. Read-only, kept."""
    hs = _scale_strengths(board, ranker)  # type: ignore[arg-type]  # (a class is hashable)
    if len(board) == 5:
        nothing = _frozen(np.zeros(HOLDING_COUNT))
        return hs, nothing, nothing
    ppot = _frozen(_fast_potentials(board))
    if len(board) == 4:
        return hs, ppot, ppot
    next_card = np.clip(_fast_outs(board) / (52 - len(board) - 2), 0.0, 1.0)
    next_card[_board_holdings(board)] = 0.0
    return hs, ppot, _frozen(next_card)


class Loki2SeatModel(SeatModel):
    """A :class:`~poker.players.modelling.SeatModel` that re-weights by probability triples after the flop (Peña
    4.4, **R**) and moves the thresholds of those PTs by the opponent's frequencies (specific modelling).

    ``triples`` is the PT generation function (its Make1 and Make2 thresholds are the unmoved ones; None: a
    :class:`~poker.strategy.triples.TripleStrategy` of :class:`~poker.strategy.advice.FullLokiStrategy`);
    ``reweighting`` is ``'triples'`` or ``'papp'`` (:meth:`observe_triple` then re-weights as :meth:`observe`).
    Before the flop the model re-weights as Papp's, whatever ``reweighting``.
    """

    MAX_SHIFT: ClassVar[float] = 0.5
    """The most a threshold moves either way by an opponent's frequencies (on the EHS' scale)."""

    def __init__(self, name: str, frequencies: ActionFrequencies | None = None, *, specific: bool = True,
                 ranker: type[HandRanker] = HandRanker, table: TableFrequencies | None = None,
                 triples: TripleStrategy | None = None, reweighting: str = 'triples') -> None:
        super().__init__(name, frequencies, specific=specific, ranker=ranker, table=table)
        self.triples = TripleStrategy(FullLokiStrategy()) if triples is None else instance(
            'triples', triples, TripleStrategy, error=PokerError, what='a TripleStrategy')
        self.reweighting = choice('reweighting', reweighting, REWEIGHTINGS, error=PokerError)

    # ------------------------------------------------------------------------------------ thresholds
    def thresholds(self, street: str, bets_to_call: int, board: Sequence[int]) -> tuple[float, float]:
        """The (Make1, Make2) thresholds of the PT that plays this opponent facing ``bets_to_call`` bets on
        ``board`` (the street's cards), each moved by how much tighter or looser the opponent is than Table B.2's
        typical player, on the round's scale (Peña 4.4; ours, the thesis gives no formula), the frequencies read
        as the model reads them (:meth:`~poker.players.modelling.SeatModel.frequencies`: his own with specific
        modelling, the table's with generic modelling and a :attr:`table`, Table B.2's, so moving nothing, with
        Papp's generic model):

        * Make1 by ``mu(f) - mu(d)``, ``f`` his share of hands that play in the context (the bet share with
          nothing to call, the call-or-raise share facing a bet), ``d`` the typical player's, ``mu`` the
          ``(1 - f)`` quantile of the holdings still possible on the scale (:meth:`threshold`'s ``mu``);
        * Make2 the same way by the raise share facing at least one bet;

        each move at most :attr:`MAX_SHIFT`, each threshold within [0, 1]. His frequencies are blended with Table
        B.2 until 20 observations (eq. 7.3): a new opponent is the typical player, and moves nothing.

        >>> from poker.cards.card import parse_cards
        >>> model, flop = Loki2SeatModel('Bob'), [card.index for card in parse_cards('9h 8c 2c')]
        >>> model.begin_hand([])
        >>> model.thresholds('flop', 1, flop) == (model.triples.make1, model.triples.make2)
        True
        >>> for _ in range(40):
        ...     model.tally.observe('flop', 1, 'fold')          # folds to every bet: tight
        >>> make1, make2 = model.thresholds('flop', 1, flop)    # neither calls nor raises: both move up
        >>> round(make1, 3), make2                              # (Make2 at most 1)
        (0.93, 1.0)
        """
        street = _round(street)
        bets = whole_number('bets_to_call', bets_to_call, error=PokerError)
        cards = _board(board)
        if not cards or len(cards) != BOARD_SIZE[street]:
            raise PokerError(f'thresholds are for after the flop, with the {street}\'s board, got {shown(board)}')
        return self._thresholds(street, bets, tuple(sorted(cards)))

    def _thresholds(self, street: str, bets_to_call: int, key: tuple[int, ...]) -> tuple[float, float]:
        """:meth:`thresholds` of a street, bets to call and sorted board read."""
        make1, make2 = self.triples.make1, self.triples.make2
        bets, facing = min(bets_to_call, 2), max(min(bets_to_call, 2), 1)
        own, typical = self.frequencies(street, bets).tolist(), DEFAULT_FREQUENCIES[bets].tolist()
        plays, typical_plays = (own[2], typical[2]) if bets == 0 else (own[1] + own[2], typical[1] + typical[2])
        raises, typical_raises = float(self.frequencies(street, facing)[2]), float(DEFAULT_FREQUENCIES[facing][2])
        scale, live = _scale(key, self.ranker), _live_in_order(key, self.ranker, ~self.dead)
        if not len(live):
            return make1, make2
        return (self._moved(make1, scale, live, plays, typical_plays),
                self._moved(make2, scale, live, raises, typical_raises))

    def _moved(self, threshold: float, scale: np.ndarray, live: np.ndarray, share: float, typical: float) -> float:
        """``threshold`` moved by the distance on the scale between the quantiles of the share ``typical`` and
        ``share`` of the holdings (each the first holding in scale order whose rank reaches its level)."""
        def mu(played: float) -> float:
            return float(scale[live[max(math.ceil((1 - played) * len(live)) - 1, 0)]])
        shift = min(max(mu(share) - mu(typical), -self.MAX_SHIFT), self.MAX_SHIFT)
        return min(max(threshold + shift, 0.0), 1.0)

    # ------------------------------------------------------------------------------------ probability triples
    def holding_triples(self, board: Sequence[int], situation: Situation, opponents: int, *,
                        make1: float | None = None, make2: float | None = None) -> np.ndarray:
        """The PT (fold, call, raise) of every holding (a (1326, 3) array; rows of 0 on the holdings with a board
        card) of an opponent who acts in ``situation`` against ``opponents`` on ``board``, from his point of view:
        :meth:`TripleStrategy.triples <poker.strategy.triples.TripleStrategy.triples>` of :attr:`triples` on the
        scale the model ranks holdings on (:func:`~poker.players.holding_scales.holding_scale`): HS1 exact against
        every holding, HSn = HS1 to the power of the opponents (Papp eq. 5.3), PPOT_c, so EHS' = HSn + (1 - HSn)
        PPOT_c (the scale itself heads-up); the pot odds weigh the next card's chance (outs over the unseen
        cards) on the flop, PPOT_c on the turn and HSn on the river. ``make1`` and ``make2`` are the thresholds
        (None: :attr:`triples`' own).

        >>> from poker.cards.card import parse_cards
        >>> flop = [card.index for card in parse_cards('9h 8c 2c')]
        >>> rows = Loki2SeatModel('Bob').holding_triples(flop, Situation(pot=10, to_call=2, bet_size=2), 1)
        >>> rows[StartingHand('9c 9d').holding_index].round(3).tolist()     # a set raises a bet
        [0.0, 0.0, 1.0]
        """
        cards = tuple(sorted(_board(board)))
        if not cards:
            raise PokerError('probability triples are for after the flop (Papp re-weights before it)')
        situation = instance('situation', situation, Situation, error=PokerError, what='a Situation')
        opponents = read_opponents(opponents)
        make1 = None if make1 is None else real_number('make1', make1, error=PokerError)
        make2 = None if make2 is None else real_number('make2', make2, error=PokerError)
        return self._holding_triples(cards, situation, opponents, make1, make2)

    def _holding_triples(self, key: tuple[int, ...], situation: Situation, opponents: int, make1: float | None,
                         make2: float | None) -> np.ndarray:
        """:meth:`holding_triples` of a sorted board and the other arguments read."""
        hs, ppot, next_card = _opponent_inputs(key, self.ranker)  # type: ignore[arg-type]  # (a class is hashable)
        hs_n = hs if opponents == 1 else hs ** opponents
        strategy = self.triples.strategy
        chance = hs_n if len(key) == 5 else next_card if strategy.flop_pot_odds_lookahead == 1 else ppot
        rows = self.triples.triples(strength=hs_n + (1 - hs_n) * ppot, potential=ppot, chance=chance, hs_n=hs_n,
                                    opponents=opponents, board_cards=len(key), pot=situation.pot,
                                    to_call=situation.to_call, bet_size=situation.bet_size, bets=situation.bets,
                                    called=situation.called_this_round, make1=make1, make2=make2)
        rows[_board_holdings(key)] = 0.0
        return rows

    def observe_triple(self, street: str, action: str, *, bets_to_call: int, board: Sequence[int],
                       situation: Situation, opponents: int) -> None:
        """Re-weight after the opponent's ``action`` taken in ``situation`` against ``opponents``, then count it:
        after the flop with :attr:`reweighting` ``'triples'``, each holding's weight times the PT entry of the
        action (fold, check or call, bet or raise) in :meth:`holding_triples` at the :meth:`thresholds` of the
        action's context, at least :attr:`LOW_WEIGHT` (Peña fig. 4.2: from the weights as they are, once per
        action, checks too), the entry mixed with his share of the action as far as his showdowns show actions
        taken whatever he holds (ours, as :meth:`observe` mixes Papp's factor: :attr:`READS_SHOWDOWNS`; each
        action a claim his showdown confirms or denies); otherwise as :meth:`observe`.

        >>> from poker.cards.card import parse_cards
        >>> flop = [card.index for card in parse_cards('9h 8c 2c')]
        >>> model = Loki2SeatModel('Bob')
        >>> model.begin_hand([])
        >>> model.observe_triple('flop', 'call', bets_to_call=1, board=flop,
        ...                      situation=Situation(pot=10, to_call=2, bet_size=2, bets_this_round=1), opponents=1)
        >>> float(model.weights[StartingHand('9c 9d').holding_index])     # a set would have raised
        0.01
        """
        street = _round(street)
        read = read_action(action)
        bets = whole_number('bets_to_call', bets_to_call, error=PokerError)
        cards = _board(board)
        situation = instance('situation', situation, Situation, error=PokerError, what='a Situation')
        self._observe_triple(street, read, bets, cards, situation, read_opponents(opponents))

    def _observe_triple(self, street: str, action: Action, bets_to_call: int, board: tuple[int, ...],
                        situation: Situation, opponents: int) -> None:
        """:meth:`observe_triple` with its arguments read (the player's own calls)."""
        if self.reweighting != 'triples' or not board:
            self._observe(street, action, bets_to_call, board)
            return
        self._new_round(street, board)
        if action == Action.FOLD:
            self.folded = True
        else:
            make1, make2 = self._thresholds(street, bets_to_call, self._round_key)
            rows = self._holding_triples(self._round_key, situation, opponents, make1, make2)
            column = ACTION_CLASSES[action]
            fold, call, raise_ = self.frequencies(street, bets_to_call).tolist()
            self._claim(board, action, call, raise_)
            # an opponent whose showdowns show actions taken whatever he holds: the PT entry mixed with his share
            entry = self._mixed(rows[:, column], (fold, call, raise_)[column], self.out_of_line())
            self.weights = np.where(self.dead, 0.0, np.maximum(self.weights * entry, self.LOW_WEIGHT))
        self._count(street, action, bets_to_call)


# ------------------------------------------------------------------------------------------ the state
def _random_state(value: object) -> tuple[object, ...]:
    """The state of a :class:`random.Random` (what its ``getstate`` gives), checked by taking it up."""
    try:
        Random().setstate(value)  # type: ignore[arg-type]
    except Exception:  # (TypeError, ValueError: not a random state)
        raise PokerError(f'not the state of a seat\'s random numbers: {shown(value)}') from None
    return value  # type: ignore[return-value]  # (a tuple: setstate took it)


@frozen
class Loki2State(ModelState):
    """What a :class:`Loki2Player` keeps from hand to hand: its models' counts and showdown evidence (a
    :class:`~poker.players.frequencies.ModelState`, which it is) and the state of its random numbers
    (``random_state``, what :meth:`random.Random.getstate` gives), so that a fresh player that takes it up plays on
    as the one it came from would (a match hands it on between blocks of deals). Its :meth:`to_dict` is the
    models' part.

    >>> player = Loki2Player('Ann', seed=1)
    >>> state = player.state()
    >>> copy = Loki2Player('Ann', seed=2)
    >>> copy.resume(state)
    >>> copy.random.random() == player.random.random()
    True
    """

    __repr__ = brief

    random_state: tuple[object, ...] = field(kw_only=True, converter=_random_state)

    def __reduce__(self) -> tuple[type[ModelState], tuple[dict[str, list[int]], dict[str, list[float]]]]:
        """Pickled as its plain data and its random state, so it travels to process workers."""
        data = self.to_dict()
        return _loki2_state, (data['counts'], data['showdowns'], self.random_state)  # type: ignore[return-value]


def _loki2_state(counts: dict[str, list[int]], showdowns: dict[str, list[float]],
                 random_state: tuple[object, ...]) -> Loki2State:
    """A :class:`Loki2State` made again from what its ``__reduce__`` gives."""
    return Loki2State(counts, showdowns, random_state=random_state)


# ------------------------------------------------------------------------------------------ the hand's betting
class _HandBetting:
    """The betting of the hand so far, as a seat that observes every action sees it: for each action, the situation
    of the seat that took it (what :meth:`Loki2SeatModel.observe_triple` reads)."""

    def __init__(self, seats: int = 0) -> None:
        self.seats, self.street, self.bets = seats, '', 0
        self.called: set[int] = set()
        self.folded: set[int] = set()

    def see(self, record: ActionRecord) -> tuple[Situation, int] | None:
        """The situation the record's seat acted in and its opponents then (None for a blind, or a record without a
        bet size), then the record counted."""
        if record.street != self.street:
            self.street, self.bets, self.called = record.street, 0, set()
        action = record.action
        seen = None
        if not isinstance(action, Blind) and record.bet_size > 0:
            seen = (Situation(pot=max(record.pot - record.amount, 0), to_call=record.to_call, bet_size=record.bet_size,
                              bets_this_round=self.bets, called_this_round=record.seat in self.called),
                    max(1, self.seats - 1 - len(self.folded)))
        if action in (Action.BET, Action.RAISE, Blind.BIG):
            self.bets += 1
        elif action == Action.CALL and record.to_call > 0:
            self.called.add(record.seat)
        elif action == Action.FOLD:
            self.folded.add(record.seat)
        return seen


# ------------------------------------------------------------------------------------------ the player
_Option = tuple[float, str, float]
"""A simulation's option: its mean result, its name (``'call'``, ``'raise'`` or ``'fold'``) and its standard error."""
_PREFERENCE = {'call': 2, 'raise': 1, 'fold': 0}
"""Which option goes first among equal means (the simulation's own order: call, raise, fold)."""


def _options(result: Evaluation, *, facing: bool) -> list[_Option]:
    """A simulation's options, best first: a check or call, a bet or raise when possible, a fold when facing a bet
    (0 for sure); each with its error (0 when the result gives none)."""
    def number(name: str, *, optional: bool = False) -> float:
        found = getattr(result, name, None)
        return 0.0 if found is None and optional else real_number(f"the simulation's {name}", found, error=PokerError)

    options = [(number('ev_call'), 'call', number('call_error', optional=True))]
    if getattr(result, 'ev_raise', None) is not None:
        options.append((number('ev_raise'), 'raise', number('raise_error', optional=True)))
    if facing:
        options.append((0.0, 'fold', 0.0))
    return sorted(options, key=lambda option: (option[0], _PREFERENCE[option[1]]), reverse=True)


class Loki2Player(ModellingLokiPlayer):
    """Loki-2 (Peña 1999): a modelling Loki with probability triples and a simulation's hook (see the module notes
    for the switches ``betting``, ``reweighting``, ``modelling`` and ``simulation``).

    ``width`` is the PTs' smoothing (:class:`~poker.strategy.triples.TripleStrategy`; 0: pure triples, Loki-1's
    actions for sure); ``margin`` is how clear the simulation's best action must be for the seat to take it
    (:attr:`margin`) and ``unclear`` what it does when it is not (:attr:`unclear`); ``seed`` seeds the seat's random numbers (:attr:`random`: its draws and the simulation's),
    which :meth:`state` hands on with the models. The other arguments are
    :class:`~poker.players.modelling.ModellingLokiPlayer`'s.
    """

    model_class: ClassVar[type[SeatModel]] = Loki2SeatModel
    DECISION_STATE: ClassVar[tuple[str, ...]] = (*ModellingLokiPlayer.DECISION_STATE, 'hand_draw')

    def __init__(self, name: str, *, betting: str = 'triples', reweighting: str = 'triples',
                 modelling: str = 'specific', width: float = DEFAULT_WIDTH, simulation: Simulation | None = None,
                 margin: float = DEFAULT_MARGIN, unclear: str = 'rules', calibration: str = 'frequencies',
                 seed: int | None = None,
                 strategy: LokiStrategy | None = None, hs_mode: str = 'product', lookahead: int | None = None,
                 preflop_income_rates: bool = True, generic_frequencies: str = 'table') -> None:
        self.modelling = choice('modelling', modelling, MODELLINGS, error=PokerError)
        super().__init__(name, specific=self.modelling != 'generic', hs_mode=hs_mode, strategy=strategy,
                         lookahead=lookahead, preflop_income_rates=preflop_income_rates,
                         generic_frequencies=generic_frequencies)
        self.betting = choice('betting', betting, BETTINGS, error=PokerError)
        self.reweighting = choice('reweighting', reweighting, REWEIGHTINGS, error=PokerError)
        assert self.strategy is not None  # (a modelling Loki's: FullLokiStrategy by default)
        self.triples = TripleStrategy(self.strategy, width=width)
        """The PT generation function of the seat's betting and of its models."""
        self.simulation = None if simulation is None else _simulation(simulation)
        margin = real_number('margin', margin, error=PokerError)
        if not 0 <= margin <= 10:
            raise PokerError(f'margin must be from 0 to 10 standard errors, got {shown(margin)}')
        self.margin = margin
        """How clear the simulation's best action must be, in standard errors of its lead over the next best, for
        the seat to take it (ours; 0: always, as Peña's seat did); below that the seat chooses as without a
        simulation (its PT's draw, or Loki-1's rules)."""
        self.calibration = choice('calibration', calibration, CALIBRATIONS, error=PokerError)
        """How the simulation plays each opponent with a model: ``'frequencies'`` (ours), his PTs scaled so that
        over every holding he may hold, each alike, they take his fold, call and raise shares in each context (what
        his model reads him with: a station calls every bet there, a folder folds to every bet); ``'none'``, his PTs
        alone (Peña: only their thresholds move)."""
        self.unclear = choice('unclear', unclear, UNCLEAR, error=PokerError)
        """What the seat does when its simulation's best is not clear: ``'rules'``, Loki-1's rules (ours: the static
        evaluation that the search extends), or ``'betting'``, as without a simulation (its PT's draw with B)."""
        self.random = Random(read_seed(seed))
        self.hand_draw: float | None = None
        """This hand's random number (Peña: one a hand, drawn at the hand's first PT decision): below ``f`` the PT
        folds, below ``f + c`` it calls, else it raises."""
        self._betting = _HandBetting()
        self._seen: tuple[Situation, int] | None = None

    def __repr__(self) -> str:
        return (f'{type(self).__name__}({self.name!r}, betting={self.betting!r}, reweighting={self.reweighting!r}, '
                f'modelling={self.modelling!r})')

    @classmethod
    def with_enhancements(cls, name: str, enhancements: str, *, seed: int | None = None, modelling: str = 'specific',
                          strategy: LokiStrategy | None = None, trials: int | None = None,
                          width: float = DEFAULT_WIDTH) -> Loki2Player:
        """A seat with Peña's enhancements named by letters (:data:`ENHANCEMENTS`): ``'b'`` bets by PTs, ``'r'``
        re-weights by them, ``'s'`` decides by selective-sampling simulation
        (:class:`~poker.players.simulation.SelectiveSampling` with the seat's own PT function and ``trials``, None:
        its default); a letter left out plays Loki-1's way (``''``: a modelling Loki-1 with Loki-2's machinery).
        ``width`` is the PTs' smoothing.

        >>> Loki2Player.with_enhancements('Ann', 'bs', seed=1, modelling='none')
        Loki2Player('Ann', betting='triples', reweighting='papp', modelling='none')
        >>> Loki2Player.with_enhancements('Ann', 'x')
        Traceback (most recent call last):
        ...
        poker.errors.PokerError: enhancements must be letters of 'brs' (each at most once), got 'x'
        """
        letters = text('enhancements', enhancements, longest=3, error=PokerError)
        if trials is not None:
            trials = whole_number('trials', trials, minimum=2, maximum=10_000, error=PokerError)
        if any(letter not in ENHANCEMENTS for letter in letters) or len(set(letters)) != len(letters):
            raise PokerError(f'enhancements must be letters of {ENHANCEMENTS!r} (each at most once), got '
                             f'{shown(enhancements)}')
        seat = cls(name, betting='triples' if 'b' in letters else 'rules',
                   reweighting='triples' if 'r' in letters else 'papp', modelling=modelling, seed=seed,
                   strategy=strategy, width=width)
        if 's' in letters:
            from .simulation import DEFAULT_TRIALS, SelectiveSampling
            seat.simulation = SelectiveSampling(seat.triples, trials=DEFAULT_TRIALS if trials is None else trials)
        return seat

    # ------------------------------------------------------------------------------------ table hooks
    def begin_hand(self, seat: int, names: tuple[str, ...], hole: tuple[Card, ...], button: int) -> None:
        """A new hand: a new random number (drawn when first needed), and every model's weights reset (no model
        with ``modelling='none'``)."""
        if self.modelling == 'none':
            self._read_hand(seat, names, hole, button)
        else:
            super().begin_hand(seat, names, hole, button)
        self.hand_draw, self._betting, self._seen = None, _HandBetting(len(self.seat_names)), None

    def observe(self, record: ActionRecord, board: tuple[Card, ...]) -> None:
        """Re-weight the actor's model after each of its actions (:meth:`Loki2SeatModel.observe_triple` with the
        situation it acted in, reconstructed from the hand's records)."""
        if type(record) is not ActionRecord:
            record = instance('record', record, ActionRecord, error=PokerError, what='an ActionRecord')
        self._seen = self._betting.see(record)
        super().observe(record, board)

    def _model_observes(self, model: SeatModel, record: ActionRecord, bets_to_call: int,
                        board: tuple[int, ...]) -> None:
        seen = self._seen
        if isinstance(model, Loki2SeatModel) and seen is not None and board:
            model._observe_triple(record.street, record.action, bets_to_call, board,  # type: ignore[arg-type]
                                  seen[0], seen[1])
        else:
            super()._model_observes(model, record, bets_to_call, board)

    def new_model(self, name: str) -> SeatModel:
        """:meth:`ModellingLokiPlayer.new_model <poker.players.modelling.ModellingLokiPlayer.new_model>`, playing the
        opponent with the seat's PTs and its re-weighting."""
        model = super().new_model(name)
        if isinstance(model, Loki2SeatModel):
            model.triples, model.reweighting = self.triples, self.reweighting
        return model

    # ------------------------------------------------------------------------------------ what lasts
    def state(self) -> Loki2State:
        """The models' counts and showdown evidence, and the random numbers' state."""
        models = super().state()
        return Loki2State(models.counts, models.showdowns, random_state=self.random.getstate())

    def resume(self, state: object) -> None:
        """Take up a :class:`Loki2State` (or the models of any :class:`~poker.players.frequencies.ModelState`, the
        random numbers left as they are)."""
        super().resume(state)
        if isinstance(state, Loki2State):
            self.random.setstate(state.random_state)  # (checked by the state)

    # ------------------------------------------------------------------------------------ decisions
    def _plays_triples(self) -> bool:
        return self.betting == 'triples' and self.simulation is None

    def with_next_card_ppot(self, stats: HandStatistics, view: TableView) -> HandStatistics:
        """With PTs: ``stats`` with the next card's PPOT whenever the PT's pot odds weigh it (on the flop, facing a
        bet, with statistics two cards ahead: a PT's ramps reach the pot odds from any strength); else Loki-1's."""
        if not self._plays_triples():
            return super().with_next_card_ppot(stats, view)
        stats = instance('stats', stats, HandStatistics, error=PokerError, what='HandStatistics')
        view = read_view(view)
        strategy = self.triples.strategy
        if not (strategy.flop_pot_odds_lookahead == 1 and view.to_call > 0 and len(stats.board) == 3
                and stats.lookahead == 2 and stats.next_card_ppot is None and 'pot_odds_call' in strategy.rules):
            return stats
        return self._with_next_card(stats, view)

    def triple(self, stats: HandStatistics, view: TableView) -> np.ndarray:
        """The PT (fold, call, raise) of ``stats`` in the view's :meth:`situation` after the flop: what
        :meth:`decide` draws from, and :meth:`policy`'s row at the seat's holding."""
        view = read_view(view)
        return self.triples.triple(stats, self.situation(view))

    def advise(self, stats: HandStatistics, view: TableView) -> Advice:
        """After the flop, the action drawn from :meth:`triple` with the hand's random number
        (:attr:`hand_draw`), or the simulation's best (:meth:`simulated`); Loki-1's rules before the flop (where
        Papp's income-rate strategy does not decide) and with ``betting='rules'``. A bet drawn where Loki-1's rules
        semi-bluff is a semi-bluff (rule ``'semi_bluff'``): the seat follows it through as Loki-1 does."""
        stats = instance('stats', stats, HandStatistics, error=PokerError, what='HandStatistics')
        if not stats.board or not (self.simulation is not None or self.betting == 'triples'):
            return super().advise(stats, view)
        view = read_view(view)
        situation = self.situation(view)
        if self.simulation is not None:
            return self.simulated(view)
        fold, call, raise_ = self.triple(stats, view).tolist()
        if self.hand_draw is None:
            self.hand_draw = self.random.random()
        draw = self.hand_draw
        why = f'PT (fold {fold:.3f}, call {call:.3f}, raise {raise_:.3f}), the hand\'s number {draw:.3f}'
        strategy = self.triples.strategy
        if draw < fold and fold > 0:
            return strategy.fold_or_check(situation, 'triple', why)
        if draw < fold + call or raise_ <= 0:
            return strategy.call_or_check(situation, 'triple', why)
        # a bet that Loki-1 makes as a semi-bluff is one (the seat follows it through on the next street)
        bluff = view.to_call == 0 and strategy.advise(stats, situation).rule == 'semi_bluff'
        return strategy.bet_or_raise(situation, 'semi_bluff' if bluff else 'triple', why)

    def simulated(self, view: TableView) -> Advice:
        """The action of highest mean result at the view by the :attr:`simulation` (fold 0: a fold when both lose,
        a check instead when checking is free; a raise only when it beats the call, and none when the simulation
        says none is possible, ``ev_raise`` None; equal means: call, then raise, then fold), with the
        :meth:`opponent_weights`, :meth:`opponent_thresholds`, :meth:`opponent_frequencies` (with :attr:`calibration`)
        and the seat's random numbers; when that action does
        not lead the next best by :attr:`margin` standard errors (:meth:`_clear`), the seat's choice without it."""
        view = read_view(view)
        if self.simulation is None:
            raise PokerError(f'{self.name} has no simulation')
        frequencies = self.opponent_frequencies(view) if self.calibration == 'frequencies' else None
        result = self.simulation.evaluate(view, self.opponent_weights(view), self.random,
                                          thresholds=self.opponent_thresholds(view), frequencies=frequencies)
        options = _options(result, facing=view.to_call > 0)
        why = 'simulated: ' + ', '.join(f'{name} {mean:+.2f}' for mean, name, _ in sorted(
            options, key=lambda option: _PREFERENCE[option[1]], reverse=True) if name != 'fold')
        if self.margin > 0 and len(options) > 1 and not self._clear(result, options[0], options[1]):
            return self._unsimulated(view, why)
        strategy, situation = self.triples.strategy, self.situation(view)
        action = {'raise': strategy.bet_or_raise, 'call': strategy.call_or_check, 'fold': strategy.fold_or_check}
        return action[options[0][1]](situation, 'simulation', why)

    def _clear(self, result: Evaluation, best: _Option, second: _Option) -> bool:
        """Whether the simulation's ``best`` option beats the ``second`` by :attr:`margin` standard errors of their
        difference: for a call against a raise the result's ``difference_error`` (the trials paired) when it gives
        one, else their errors taken as independent; against a fold (a mean of 0 for sure) the other's own error."""
        paired = getattr(result, 'difference_error', None)
        if {best[1], second[1]} == {'call', 'raise'} and paired is not None:
            spread = real_number("the simulation's difference_error", paired, error=PokerError)
        else:
            spread = math.hypot(best[2], second[2])
        return best[0] - second[0] >= self.margin * spread

    def _unsimulated(self, view: TableView, why: str) -> Advice:
        """The seat's choice without its simulation when the simulation's best is not clear (:meth:`_clear`): Loki-1's
        rules (:attr:`unclear` ``'rules'``), or as its ``betting`` switch says (``'betting'``: its PT's draw with
        ``betting='triples'``)."""
        simulation, betting = self.simulation, self.betting
        self.simulation = None
        if self.unclear == 'rules':
            self.betting = 'rules'
        try:
            advice = self.advise(self.with_next_card_ppot(self.statistics(view), view), view)
        finally:
            self.simulation, self.betting = simulation, betting
        return attrs.evolve(advice, reason=f'{why}, closer than {self.margin:g} standard errors: {advice.reason}')

    def opponent_weights(self, view: TableView) -> dict[int, np.ndarray]:
        """Each opponent still in (by seat) and his weights on the 1,326 holdings (a copy; 0 on the holdings with a
        card the seat sees): his model's, or every holding alike for a seat without one."""
        view = read_view(view)
        dead = known_holdings(tuple(card.index for card in (*view.hole, *view.board)))
        return {seat: np.where(dead, 0.0, 1.0 if model is None else model.weights)
                for seat, model in self._opponents(view)}

    def _opponents(self, view: TableView) -> list[tuple[int, SeatModel | None]]:
        """Each opponent still in (by seat) and his model (None for a seat without one): what the simulation is
        handed about him (:meth:`opponent_weights`, :meth:`opponent_thresholds`, :meth:`opponent_frequencies`)."""
        return [(seat, self.models.get(self.seat_names[seat]) if seat < len(self.seat_names) else None)
                for seat in view.active if seat != view.seat]

    def opponent_thresholds(self, view: TableView) -> dict[int, ContextThresholds]:
        """Each opponent still in (by seat) and the (Make1, Make2) thresholds of the PT that plays him after the
        flop in each context, 0, 1 and 2 or more bets to call (:meth:`Loki2SeatModel.thresholds` on the view's
        board; the seat's own for an opponent without such a model): a station's call with anything is read facing
        a bet, his never betting when checked to with nothing to call."""
        view = read_view(view)
        if not view.board:
            raise PokerError('thresholds are for after the flop')
        key = tuple(sorted(card.index for card in view.board))
        unmoved = (self.triples.make1, self.triples.make2)
        return {seat: (model._thresholds(view.street, 0, key), model._thresholds(view.street, 1, key),
                       model._thresholds(view.street, 2, key)) if isinstance(model, Loki2SeatModel)
                else (unmoved, unmoved, unmoved) for seat, model in self._opponents(view)}

    def opponent_frequencies(self, view: TableView) -> dict[int, np.ndarray]:
        """Each opponent still in (by seat) with a model and his (fold, call, raise) shares facing 0, 1 and 2 or
        more bets on the view's street (a (3, 3) array: :meth:`SeatModel.frequencies
        <poker.players.modelling.SeatModel.frequencies>`, so his own blended with Table B.2's, or the table's, as
        the model reads him); an opponent without a model is left out."""
        view = read_view(view)
        return {seat: np.stack([model.frequencies(view.street, bets) for bets in range(3)])
                for seat, model in self._opponents(view) if model is not None}

    # ------------------------------------------------------------------------------------ every holding
    @classmethod
    def _policy_owner(cls) -> type[ModellingLokiPlayer]:
        return Loki2Player

    def _array_policy(self, table: HoldingStatistics, situation: Situation) -> Policy:
        if not self._plays_triples():
            return super()._array_policy(table, situation)
        return self.triples.policy(table, situation)

    def policy(self, view: TableView) -> Policy:
        """What the seat would do with each holding: before the flop and with ``betting='rules'`` Loki-1's
        (:meth:`LokiPlayer.policy <poker.players.loki.LokiPlayer.policy>`); after the flop with PTs the PT of every
        holding (:meth:`TripleStrategy.policy <poker.strategy.triples.TripleStrategy.policy>` on the statistics of
        every holding against the models, the numbers :meth:`statistics` gives one), which :meth:`decide` samples
        at the seat's holding; with a simulation, :meth:`decide` asked holding by holding. The seat is left as it
        was (its random numbers too).

        >>> view = TableView(0, 'Ann', 'Ah Kh', 'Ad 7c 2s 9h 3d', 'river', pot=20, to_call=4, bet_size=4,
        ...                  bets_this_round=1, called_this_round=False, opponents=1, can_raise=True)
        >>> player = Loki2Player('Ann', seed=1)
        >>> row = player.policy(view).at('Ah Kh')
        >>> bool(np.allclose(row, player.triple(player.statistics(view), view)))
        True
        """
        view = read_view(view)
        if view.board and self.simulation is not None:
            return self.policy_by_holding(view)
        return super().policy(view)

    def policy_by_holding(self, view: TableView) -> Policy:
        """:meth:`policy` asked holding by holding: with PTs after the flop each holding's :meth:`triple` (of its
        :meth:`statistics`, with :meth:`with_next_card_ppot`), else :meth:`decide` on each (the seat's state and
        random numbers put back)."""
        view = read_view(view)
        if not (view.board and self._plays_triples()):
            saved = self.random.getstate()
            try:
                return super().policy_by_holding(view)
            finally:
                self.random.setstate(saved)
        rows = np.zeros((HOLDING_COUNT, 3))
        possible = ~known_holdings(card.index for card in view.board)
        for index in np.flatnonzero(possible).tolist():
            holding = attrs.evolve(view, hole=StartingHand.from_holding_index(index).cards)
            rows[index] = self.triple(self.with_next_card_ppot(self.statistics(holding), holding), holding)
        return Policy(rows, possible)
