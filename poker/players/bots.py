"""Simple opponents for matches, each a few lines a student can read in a minute.

Any object with a ``name`` and a ``decide(view)`` method returning a :class:`~poker.table.records.Decision` can
sit at a :class:`~poker.table.game.FixedLimitGame`; the table turns every request into a legal action (a call
with nothing to call is a check, a fold when checking is free a check, a raise at the cap a call).

Each bot here writes :meth:`Bot.policy`: what it would do with every holding at once (a
:class:`~poker.strategy.policy.Policy`), and :meth:`Bot.decide` reads it at the bot's own holding and samples
it with the bot's random numbers (:meth:`Bot.sample`). A seat that has only ``decide`` is asked holding by
holding: :func:`policy_by_holding`.

>>> from poker.table.game import FixedLimitGame
>>> game = FixedLimitGame([CallingStation('Sam'), Maniac('Max')], seed=4)
>>> hand = game.play_hand()
>>> sorted({record.action for record in hand.actions if record.seat == 0} - {Blind.SMALL, Blind.BIG})
['call']
"""

from __future__ import annotations

import functools
import random

import numpy as np

from ..cards.card import Card
from ..cards.holdings import HOLDING_COUNT
from ..errors import PokerError
from ..strategy.actions import Action, Blind  # noqa: F401  (Blind: doctests)
from ..strategy.policy import CALL, COLUMNS, FOLD, RAISE, Policy, column_of, read_row
from ..table.game import TableView, read_contender, read_view
from ..table.records import Decision
from ..validators import instance, read_seed, shown, text

__all__ = ['AggressiveBettor', 'Bot', 'CallingStation', 'Folder', 'LoosePassive', 'Maniac', 'Prober', 'RandomPlayer',
           'Rock', 'TightAggressive', 'policy_by_holding']


def policy_by_holding(seat: object, view: TableView) -> Policy:
    """The :class:`~poker.strategy.policy.Policy` of a seat that has only ``decide``: its ``decide`` asked once for
    each holding possible in the view (those without a board card) as its hole cards, each time on a copy of the
    seat as it is (:func:`copy.deepcopy`), so the seat itself is left unchanged and every holding is asked in
    the same state. Each row is the one-hot of the action that copy took: a seat that draws at random gives
    one draw per holding (the same draw for each, from the same state), not its probabilities; write
    ``policy`` to give those.

    >>> from poker.table.game import TableView
    >>> class Pairs(Bot):
    ...     def decide(self, view):
    ...         return Decision(Action.RAISE if view.hole[0].rank == view.hole[1].rank else Action.FOLD)
    >>> view = TableView(0, 'Pat', 'Ah Ad', '', 'preflop', pot=3, to_call=1, bet_size=2, bets_this_round=1,
    ...                  called_this_round=False, opponents=1, can_raise=True)
    >>> policy = policy_by_holding(Pairs('Pat'), view)
    >>> policy.action_at('7c 7d'), policy.action_at('7c 8d'), policy.shares()[2] == 78 / 1326
    ('raise', 'fold', True)
    """
    import copy

    import attrs

    from ..cards.starting_hand import StartingHand
    from ..ranges.weights import known_holdings
    view = read_view(view)
    read_contender(seat)
    columns = np.full(HOLDING_COUNT, -1, dtype=np.int8)
    for index in np.flatnonzero(~known_holdings(card.index for card in view.board)).tolist():
        hole = StartingHand.from_holding_index(index).cards
        decision = copy.deepcopy(seat).decide(attrs.evolve(view, hole=hole))  # type: ignore[attr-defined]
        decision = instance('a decision', decision, Decision, error=PokerError, what='a Decision')
        columns[index] = column_of(decision.action)
    return Policy.from_columns(columns)


def _board(view: TableView) -> tuple[Card, ...]:
    return tuple(view.board)


# A bot's policy depends on the board and its settings alone, and a Policy is immutable: each is made once per board
# and kept (every seat of a table decides several times on one board; made afresh, a policy cost 5x the old decide).
@functools.lru_cache(maxsize=256)
def _everywhere_on(board: tuple[Card, ...], probabilities: tuple[float, float, float]) -> Policy:
    return Policy.everywhere(board, probabilities)


def _everywhere(view: TableView, probabilities: tuple[float, float, float]) -> Policy:
    """The policy that plays ``probabilities`` (fold, call, raise) with every possible holding."""
    return _everywhere_on(_board(view), probabilities)


def _on_board(board: tuple[Card, ...], columns: np.ndarray) -> Policy:
    """The policy that takes the action of ``columns`` (one per holding) for sure, on the holdings possible."""
    from ..ranges.weights import known_holdings
    return Policy.from_columns(np.where(known_holdings(card.index for card in board), -1, columns).astype(np.int8))


@functools.lru_cache(maxsize=256)
def _top_starting_hands(board: tuple[Card, ...], share: float, action: int) -> Policy:
    """``action`` with the top ``share`` of starting hands by income rate (IR7), fold with the rest."""
    return _on_board(board, np.where(_better_shares() < share, action, FOLD))


@functools.lru_cache(maxsize=256)
def _starting_tiers(board: tuple[Card, ...], raise_share: float, call_share: float) -> Policy:
    """Raise with the top ``raise_share`` of starting hands by income rate (IR7), call with the rest of the top
    ``call_share``, fold the others."""
    better = _better_shares()
    return _on_board(board, np.where(better < raise_share, RAISE, np.where(better < call_share, CALL, FOLD)))


@functools.lru_cache(maxsize=256)
def _by_strength(board: tuple[Card, ...], call_at: float, raise_at: float) -> Policy:
    """After the flop: raise from ``raise_at``, call from ``call_at``, else fold, on the scale opponent models rank
    actions on (EHS' with one-opponent HS, :func:`~poker.players.holding_scales.holding_scale`)."""
    from .holding_scales import holding_scale
    strength = holding_scale(board)
    return _on_board(board, np.where(strength >= raise_at, RAISE, np.where(strength >= call_at, CALL, FOLD)))


class Bot:
    """A named seat with its own random numbers; subclasses write :meth:`policy` (or, the old way, :meth:`decide`).
    """

    def __init__(self, name: str, seed: int | None = None) -> None:
        self.name = text('name', name, error=PokerError)
        self.random = random.Random(read_seed(seed))

    def policy(self, view: TableView) -> Policy:
        """What the bot would do with each holding (override this): fold with every one; a subclass that writes
        only :meth:`decide` is asked holding by holding (:func:`policy_by_holding`). Every seat's ``policy`` and
        ``decide`` read ``view`` (:func:`read_view`), even one that plays without looking: a seat handed
        something else is an error, not a blind decision."""
        view = read_view(view)
        if type(self).decide is not Bot.decide:
            return policy_by_holding(self, view)
        return _everywhere(view, (1.0, 0.0, 0.0))

    def decide(self, view: TableView) -> Decision:
        """:meth:`policy` read at the bot's own holding, and :meth:`sample` d."""
        view = read_view(view)
        if type(self).policy is Bot.policy:  # (the plain bot: fold, without asking every holding)
            return Decision(Action.FOLD)
        return Decision(self.sample(self.policy(view).at(view.hole)))

    def sample(self, row: np.ndarray) -> Action:
        """One action drawn from a row of (fold, call, raise) probabilities with the bot's random numbers: the
        action of a row that is sure without a draw; else one ``random()`` draw ``u``, and raise when ``u <
        p(raise)``, call when ``u < p(raise) + p(call)``, else fold."""
        fold, call, raise_ = read_row(row)
        if raise_ == 1.0 or call == 1.0 or fold == 1.0:
            return Action.RAISE if raise_ == 1.0 else Action.CALL if call == 1.0 else Action.FOLD
        draw = self.random.random()
        return Action.RAISE if draw < raise_ else Action.CALL if draw < raise_ + call else Action.FOLD

    def state(self) -> object:
        """What the bot keeps from hand to hand: the state of its random numbers."""
        return self.random.getstate()

    def resume(self, state: object) -> None:
        """Take up a :meth:`state`: the bot then draws as the one it came from would."""
        try:
            self.random.setstate(state)  # type: ignore[arg-type]
        except Exception:  # (TypeError, ValueError: not a random state)
            raise PokerError(f'not the state of a bot\'s random numbers: {shown(state)}') from None

    def __repr__(self) -> str:
        return f'{type(self).__name__}({self.name!r})'


class CallingStation(Bot):
    """Calls every bet, never bets."""

    def policy(self, view: TableView) -> Policy:
        return _everywhere(read_view(view), (0.0, 1.0, 0.0))


class Folder(Bot):
    """Folds whenever it faces a bet, checks otherwise: the plainest bot to exploit (a player who bets every time
    wins its small blind or its big blind every hand, 0.75 big blinds a hand heads-up)."""

    def policy(self, view: TableView) -> Policy:
        view = read_view(view)
        return _everywhere(view, (1.0, 0.0, 0.0) if view.to_call > 0 else (0.0, 1.0, 0.0))


class Maniac(Bot):
    """Always bets or raises."""

    def policy(self, view: TableView) -> Policy:
        return _everywhere(read_view(view), (0.0, 0.0, 1.0))


class RandomPlayer(Bot):
    """Folds, calls or raises, each a third of the time."""

    def policy(self, view: TableView) -> Policy:
        return _everywhere(read_view(view), (1 / 3, 1 / 3, 1 / 3))

    def sample(self, row: np.ndarray) -> Action:
        """One of the actions the row allows, each alike (:meth:`random.Random.choice` over them, the draw this
        bot has always made)."""
        return self.random.choice([action for action, chance in zip(COLUMNS, read_row(row)) if chance > 0])


@functools.cache
def _better_shares() -> np.ndarray:
    """For each of the 1,326 starting holdings, the share of them with a higher income rate (IR7)."""
    from .holding_scales import preflop_scale
    scale = preflop_scale()
    higher = len(scale) - np.searchsorted(np.sort(scale), scale, side='right')
    shares: np.ndarray = higher / len(scale)  # (the same floats as (scale > scale[h]).mean(), holding by holding)
    shares.flags.writeable = False
    return shares


class Rock(Bot):
    """Plays only its top :attr:`share` of starting hands by income rate (IR7): raises them before the
    flop and calls them down; folds everything else (checks when it is free)."""

    share = 0.15

    def policy(self, view: TableView) -> Policy:
        view = read_view(view)
        return _top_starting_hands(_board(view), self.share, RAISE if view.street == 'preflop' else CALL)


class AggressiveBettor(Bot):
    """Bets or raises almost every time it may (a share :attr:`aggression` of its decisions), else calls;
    never folds."""

    aggression = 0.9

    def policy(self, view: TableView) -> Policy:
        return _everywhere(read_view(view), (0.0, 1 - self.aggression, self.aggression))


class TightAggressive(Bot):
    """Plays only its top :attr:`share` of starting hands, raising; after the flop raises from :attr:`raise_at`
    on the EHS' scale, calls from :attr:`call_at`, else folds (checks when it is free)."""

    share = 0.2
    raise_at = 0.9
    call_at = 0.6

    def policy(self, view: TableView) -> Policy:
        view = read_view(view)
        if view.street == 'preflop':
            return _top_starting_hands((), self.share, RAISE)
        return _by_strength(_board(view), self.call_at, self.raise_at)


class LoosePassive(Bot):
    """Calls with its top :attr:`share` of starting hands and, after the flop, with anything from :attr:`call_at`
    on the EHS' scale; bets or raises only from :attr:`raise_at`; else folds (checks when it is free)."""

    share = 0.6
    call_at = 0.3
    raise_at = 0.98

    def policy(self, view: TableView) -> Policy:
        view = read_view(view)
        if view.street == 'preflop':
            return _top_starting_hands((), self.share, CALL)
        return _by_strength(_board(view), self.call_at, self.raise_at)


class Prober(Bot):
    """Probes a checker: after the flop bets (or raises) whenever it is checked to, with any holding; facing a bet
    it goes on only with a strong hand on the EHS' scale opponent models rank actions on, calling from
    :attr:`call_at` and raising from :attr:`raise_at`, and folds the rest. Before the flop it raises its top
    :attr:`raise_share` of starting hands by income rate (IR7), calls with the rest of its top :attr:`call_share`,
    and folds the others (checks when it is free).

    It tests the face-up check: a player whose check says "weak" loses the pot to its bet, and one whose bet says
    "strong" loses nothing to it.
    """

    raise_share = 0.1
    call_share = 0.5
    call_at = 0.8
    raise_at = 0.95

    def policy(self, view: TableView) -> Policy:
        view = read_view(view)
        if view.street == 'preflop':
            return _starting_tiers((), self.raise_share, self.call_share)
        if view.to_call == 0:
            return _everywhere(view, (0.0, 0.0, 1.0))
        return _by_strength(_board(view), self.call_at, self.raise_at)
