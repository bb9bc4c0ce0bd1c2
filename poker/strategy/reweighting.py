"""Specific opponent modelling after Papp (1998, ch. 7): a weight per holding, re-weighted by actions.

An :class:`OpponentModel` holds one opponent's 1,326 weights: how likely, relative to each other, each
holding is for him. Known cards remove holdings (:meth:`~OpponentModel.remove_known`); an observed
action re-weights the rest (:meth:`~OpponentModel.reweight`): every holding's strength is compared with
a threshold ``mu`` the action implies, give or take ``sigma``, and its weight is multiplied by

* ``0.01`` when the strength is below ``mu - sigma`` (never 0: the opponent may be bluffing),
* ``1`` when it is above ``mu + sigma``,
* linearly between: ``(strength - mu + sigma) / (2 * sigma)``, which is 0.5 at ``mu``.

Strength is measured on one scale from 0 to 1 in every round. On the flop, turn and river it is each
holding's hand strength against every other holding (the uniform field the opponent faces, not knowing
our cards), computed exactly for all holdings at once. Before the flop it is the holding's percentile
by Papp's income rate against six opponents (IR7, as Papp did): the share of the other holdings with a
lower income rate, equal ones counting half. Papp ranked post-flop hands by EHS' with a crude
potential estimate; here it is HS, which a subclass can change by overriding :meth:`~OpponentModel.
strengths`. Weights are never renormalised, and a model whose weights all reach 0 is an error.

>>> model = OpponentModel().remove_known('Ah Kd')
>>> len(model.range)
1225
>>> flop = 'Qh Jd 2c'
>>> raised = model.reweight('raise', flop)
>>> [round(float(raised.weights[StartingHand(cards).holding_index]), 3) for cards in ('Qc Qs', 'Ts 9s', '7c 3d')]
[1.0, 0.01, 0.01]
>>> round(raised.range.combos, 1)
236.1
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import ClassVar

import attrs
import numpy as np
from attrs import field, frozen

from ..cards.card import Card, format_cards
from ..cards.card_inputs import CardsLike, read_board, read_cards
from ..cards.holdings import HOLDING_COUNT, HOLDINGS
from ..cards.income_rates import income_rate_table
from ..cards.starting_hand import CLASS_OF_HOLDING, StartingHand  # noqa: F401  (StartingHand: doctests)
from ..errors import SettingError, WeightsError
from ..kernel.range_passes import range_tally
from ..ranges.range import Range
from ..ranges.weight_inputs import WeightSetLike, read_weights
from ..ranges.weights import ZERO_RULE, known_holdings
from ..ranking.ranker import HandRanker
from ..validators import is_masked, probability, real_array, real_number, shown
from .actions import Action

__all__ = ['OpponentModel']


def _model_weights(value: WeightSetLike) -> np.ndarray:
    array = read_weights(np.ones(HOLDING_COUNT) if value is None else value)
    if not array.any():
        raise WeightsError(f'an opponent model needs at least one holding with weight, got all zero ({ZERO_RULE})')
    array.flags.writeable = False
    return array


@frozen(eq=False)
class OpponentModel:
    """One opponent's weights on the 1,326 holdings (uniform by default), changed only into new models.

    ``weights`` may be given as an array, a :class:`~poker.ranges.range.Range` or range text. Subclasses change
    the rules through the class attributes and the hooks :meth:`strengths`, :meth:`preflop_strengths`
    and :meth:`reweight_factor`; every method that changes weights returns ``attrs.evolve(self, ...)``,
    so a subclass's own fields survive.
    """

    ACTION_THRESHOLDS: ClassVar[Mapping[str, tuple[float, float]]] = MappingProxyType({
        Action.CALL: (0.5, 0.25),
        Action.BET: (0.65, 0.25),
        Action.RAISE: (0.8, 0.2),
    })
    """Generic threshold ``(mu, sigma)`` per betting :class:`~poker.strategy.actions.Action`, on the
    strength scale: an opponent calling half the time, betting 35% and raising 20% (``mu = 1 -
    frequency``, see :meth:`threshold`). Tune or subclass."""

    LOW_FACTOR: ClassVar[float] = 0.01
    """The smallest factor a holding's weight is multiplied by (Papp: never rule a holding out; but weights
    have no floor here, and one taken below :data:`~poker.ranges.weights.MIN_WEIGHT`, by 16 such factors from 1,
    is 0)."""

    PREFLOP_OPPONENTS: ClassVar[int] = 6
    """Which income-rate table ranks holdings before the flop (6 opponents: IR7, as in Papp 1998)."""

    ranker: ClassVar[type[HandRanker]] = HandRanker
    """The :class:`~poker.ranking.ranker.HandRanker` whose ``rank_many`` ranks the holdings."""

    weights: np.ndarray = field(default=None, converter=_model_weights)

    # --------------------------------------------------------------------------------- views
    @property
    def range(self) -> Range:
        """The weights as a :class:`~poker.ranges.range.Range`."""
        return Range(self.weights)

    def __array__(self, dtype: np.dtype[np.generic] | type | None = None, copy: bool | None = None) -> np.ndarray:
        return np.array(self.weights, dtype=dtype)

    def __repr__(self) -> str:
        return f'{type(self).__name__}({str(self.range)!r})'

    @classmethod
    def threshold(cls, frequency: float) -> float:
        """Papp's ``mu`` for an action taken with ``frequency``: the strength above which that share lies.

        >>> OpponentModel.threshold(0.3)
        0.7
        """
        return round(1 - probability('an action frequency', frequency, error=SettingError), 12)

    # ------------------------------------------------------------------------------- changes
    def remove_known(self, cards: CardsLike) -> OpponentModel:
        """The model with every holding that holds one of ``cards`` at weight 0.

        >>> OpponentModel('AA').remove_known('Ac Ad Ah As')
        Traceback (most recent call last):
        ...
        poker.errors.WeightsError: no holding keeps any weight once Ac Ad Ah As are known
        """
        known = read_cards(cards)
        weights = np.where(self._touching(known), 0.0, self.weights)
        if not weights.any():
            raise WeightsError(f'no holding keeps any weight once {format_cards(known)} are known')
        return attrs.evolve(self, weights=weights)

    def reweight(self, action: str | tuple[float, float], board: CardsLike = (), *,
                 field: WeightSetLike = None) -> OpponentModel:
        """The model after the opponent took ``action`` on ``board``: weights times :meth:`reweight_factor`.

        ``action`` names a preset in :attr:`ACTION_THRESHOLDS` (an :class:`~poker.strategy.actions.Action` or
        its text) or is a ``(mu, sigma)`` pair of finite numbers (sigma at least 0). Holdings with a board card
        drop to 0; the others that are not :meth:`live` (none of the field to meet) keep their weight. ``field`` (weights in any form :func:`~poker.ranges.weight_inputs.read_weights` reads) changes
        whom the strengths are measured against on the flop and later; by default every holding, as Papp did.
        Before the flop strengths are income-rate percentiles, which no field changes, so a field there is an
        error rather than ignored, as is a field with no weight left beside the board.

        >>> model = OpponentModel().reweight('bet')
        >>> [float(model.weights[StartingHand(cards).holding_index]) for cards in ('Ah As', '7c 2d')]
        [1.0, 0.01]
        """
        presets = self.ACTION_THRESHOLDS
        mu, sigma = presets[action] if isinstance(action, str) and action in presets else self._read_action_pair(action)
        cards = read_board(board)
        strengths = self.strengths(cards, field=field)
        factor = self.reweight_factor(strengths, mu, sigma)
        weights = np.where(self.live(cards, field=field), self.weights * factor,
                           np.where(self._touching(cards), 0.0, self.weights))
        if not weights.any():
            raise WeightsError(f'no holding keeps any weight on board {shown(format_cards(cards))}')
        return attrs.evolve(self, weights=weights)

    def _read_action_pair(self, action: object) -> tuple[float, float]:
        if isinstance(action, str):
            presets = ', '.join(self.ACTION_THRESHOLDS)
            raise SettingError(f'unknown action {shown(action)} (expected one of {presets} or a (mu, sigma) pair)')
        if isinstance(action, np.ndarray) and not is_masked(action) and action.ndim == 1:
            action = action.tolist()
        if not isinstance(action, (tuple, list)) or len(action) != 2:
            raise SettingError(f'an action is a name or a (mu, sigma) pair, got {shown(action)}')
        mu, sigma = (real_number(name, value) for name, value in zip(('mu', 'sigma'), action))
        if sigma < 0:
            raise SettingError(f'sigma must not be negative, got {shown(action)}')
        return mu, sigma

    # ---------------------------------------------------------------------------------- hooks
    def reweight_factor(self, strength: np.ndarray, mu: float, sigma: float) -> np.ndarray:
        """The factor for each strength: :attr:`LOW_FACTOR` below ``mu - sigma``, 1 above ``mu + sigma``.

        Between, it is linear, 0.5 at ``mu`` (Papp 1998, fig. 7.1). Override for another rule; it is
        called with all 1,326 strengths at once (0 where a holding is not :meth:`live`; the result there is
        ignored).

        >>> OpponentModel().reweight_factor(np.array([0.125, 0.5, 0.625, 0.875]), 0.5, 0.25).tolist()
        [0.01, 0.5, 0.75, 1.0]
        """
        return self._linear_factor(*self._factor_arguments(strength, mu, sigma))

    def _linear_factor(self, strength: np.ndarray, mu: float, sigma: float) -> np.ndarray:
        """:meth:`reweight_factor`'s rule on arguments already checked (finite strengths in a float array, a finite
        ``mu``, a finite ``sigma`` of at least 0)."""
        if sigma == 0:
            return np.where(strength >= mu, 1.0, self.LOW_FACTOR)
        # A tiny sigma overflows the quotient to +-inf, which the clip makes 1 or LOW_FACTOR, as it should.
        with np.errstate(over='ignore', divide='ignore'):
            factor: np.ndarray = np.clip((strength - mu + sigma) / (2 * sigma), self.LOW_FACTOR, 1.0)
        return factor

    @staticmethod
    def _factor_arguments(strength: np.ndarray, mu: float, sigma: float) -> tuple[np.ndarray, float, float]:
        """:meth:`reweight_factor`'s arguments checked: an array of finite strengths, ``mu`` a finite number and
        ``sigma`` a finite number not below 0."""
        array = real_array('strengths', strength)
        mu = real_number('mu', mu)
        sigma = real_number('sigma', sigma)
        if sigma < 0:
            raise SettingError(f'sigma must not be negative, got {shown(sigma)}')
        return array, mu, sigma

    def strengths(self, board: CardsLike = (), *, field: WeightSetLike = None) -> np.ndarray:
        """Each holding's strength from 0 to 1 on ``board``, and 0 for a holding that has none (not
        :meth:`live`: it holds a board card, or shares a card with every holding of the field). No NaN.

        With no board: :meth:`preflop_strengths`. On 3 to 5 board cards: the holding's hand strength,
        ``(beaten + tied / 2) / total`` over the holdings of ``field`` (default: all, equally weighted)
        that share no card with it or the board.

        >>> strengths = OpponentModel().strengths('Ah Kd 7c 7s 2h')
        >>> from poker.cards.holdings import holding_index
        >>> float(strengths[holding_index(20, 23)])   # 7c7s is on the board: no strength
        0.0
        >>> round(float(strengths[holding_index(21, 22)]), 4)   # 7d7h: quads lose only to nothing
        1.0
        """
        cards = read_board(board)
        weights = self._field(cards, field)
        if not cards:
            return self.preflop_strengths()
        result = np.zeros(HOLDING_COUNT)
        # the range engine: every holding against the field at once, ranked by self.ranker (on the river,
        # the kernel's sorted pass over the board's memoized values)
        touching = self._touching(cards)
        tally = range_tally([card.index for card in cards], 0, np.where(touching, 0.0, 1.0), weights, self.ranker)
        ahead, tied, behind = tally.now.T
        total = ahead + tied + behind
        meets = total > 0  # the holdings live() names (a sum of weights of at least MIN_WEIGHT is more than 0)
        result[tally.holdings[meets]] = (ahead[meets] + tied[meets] / 2) / total[meets]
        return result

    def live(self, board: CardsLike = (), *, field: WeightSetLike = None) -> np.ndarray:
        """Which holdings have a strength on ``board`` (1,326 truth values): every one before the flop; on the
        flop and later, those without a board card that share no card with some holding of ``field`` weight
        (default: every holding). :meth:`reweight` changes only these; :meth:`strengths` is 0 for the others.

        >>> live = OpponentModel().live('Ah Kd 7c 7s 2h')
        >>> from poker.cards.holdings import holding_index
        >>> bool(live[holding_index(20, 23)]), bool(live[holding_index(21, 22)]), int(live.sum())
        (False, True, 1081)
        """
        cards = read_board(board)
        weights = self._field(cards, field)
        if not cards:
            return np.ones(HOLDING_COUNT, dtype=bool)
        present = (weights > 0).astype(np.float64)
        with_card = np.bincount(HOLDINGS.ravel(), weights=np.repeat(present, 2), minlength=52)
        # inclusion and exclusion in whole numbers: the field's holdings that share no card with each holding
        disjoint = present.sum() - with_card[HOLDINGS[:, 0]] - with_card[HOLDINGS[:, 1]] + present
        live: np.ndarray = ~self._touching(cards) & (disjoint > 0)
        return live

    def _field(self, cards: tuple[Card, ...], field: WeightSetLike) -> np.ndarray:
        """The field's weights beside the board ``cards`` (0 on holdings with a board card); an error before the
        flop, where strengths are income-rate percentiles that no field changes, and for a field with no weight
        left."""
        if not cards:
            if field is not None:
                raise WeightsError('a field counts only on the flop and later: before the flop strengths are '
                                   'income-rate percentiles, which no field changes')
            return np.ones(HOLDING_COUNT)
        weights = np.ones(HOLDING_COUNT) if field is None else read_weights(field)
        weights[self._touching(cards)] = 0.0
        if not weights.any():
            raise WeightsError(f'the field gives no holding any weight beside the board {shown(format_cards(cards))}')
        return weights

    def preflop_strengths(self) -> np.ndarray:
        """Each holding's income-rate percentile: the share of the other 1,325 with a lower rate, ties half.

        >>> strengths = OpponentModel().preflop_strengths()
        >>> round(float(strengths.max()), 4), round(float(strengths.min()), 4)   # AA, 72o (IR7 -495)
        (0.9981, 0.0042)
        """
        table = income_rate_table(self.PREFLOP_OPPONENTS)
        rates = np.array([row[column] for row in table for column in range(13)])[CLASS_OF_HOLDING]
        ordered = np.sort(rates)
        below = np.searchsorted(ordered, rates, side='left')
        equal = np.searchsorted(ordered, rates, side='right') - below
        return np.asarray((below + (equal - 1) / 2) / 1325, dtype=np.float64)

    @staticmethod
    def _touching(cards: Iterable[Card]) -> np.ndarray:
        return known_holdings(card.index for card in cards)
