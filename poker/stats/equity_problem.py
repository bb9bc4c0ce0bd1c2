"""The question an equity answers, read: each player's weights, the hands given, the board and the dead cards.

:func:`read_problem` reads the players (each a hand, a range or ``'random'``, by
:func:`~poker.ranges.weight_inputs.read_weights`) and the cards into an :class:`EquityProblem`, which both ways of
answering take: exact counting (:mod:`~poker.stats.exact_equity`) and sampling
(:mod:`~poker.stats.sampled_equity`), driven by :func:`~poker.stats.multiway.equity`. Both rank through
:func:`rank_players` and spread their tasks with :func:`run_tasks`.
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable, Sequence

import numpy as np
from attrs import field, frozen

from ..cards.card import Card, format_cards, parse_cards
from ..cards.card_inputs import CardsLike, read_board, read_cards
from ..cards.holdings import CARD_MASKS, HOLDING_COUNT, HOLDING_MASKS, HOLDINGS
from ..cards.starting_hand import StartingHand
from ..errors import CardCountError, DuplicateCardError, PokerError, WeightsError
from ..ranges.range import Range
from ..ranges.weight_inputs import WeightSetLike, lone_holding, read_weights
from ..ranges.weights import ZERO_RULE
from ..ranking.ranker import HandRanker
from ..validators import ARRAY_VALUE, shown

__all__ = ['CARD_MASKS_U64', 'HOLDING_MASKS_U64', 'PAIR_HOLDING', 'EquityProblem', 'mask_of', 'rank_players',
           'read_problem', 'run_tasks']

CARD_MASKS_U64: np.ndarray = CARD_MASKS.view(np.uint64)
"""One bit per card (:data:`~poker.cards.holdings.CARD_MASKS` as uint64): the cards a deal holds, as a mask."""

HOLDING_MASKS_U64: np.ndarray = HOLDING_MASKS.view(np.uint64)
"""The two bits of each holding (:data:`~poker.cards.holdings.HOLDING_MASKS` as uint64)."""

PAIR_HOLDING = np.full((52, 52), HOLDING_COUNT, dtype=np.intp)
"""The holding number of two cards, either order (:data:`~poker.cards.holdings.HOLDING_COUNT` for one card twice)."""
PAIR_HOLDING[HOLDINGS[:, 0], HOLDINGS[:, 1]] = PAIR_HOLDING[HOLDINGS[:, 1], HOLDINGS[:, 0]] = np.arange(HOLDING_COUNT)
PAIR_HOLDING.flags.writeable = False


def mask_of(cards: Sequence[int]) -> np.uint64:
    """One bit per card index."""
    return np.bitwise_or.reduce(CARD_MASKS_U64[list(cards)]) if len(cards) else np.uint64(0)


@frozen
class EquityProblem:
    """A question read: each player's label and weights (known cards removed), the holding of each player given one
    hand, the board and the dead cards (card indices)."""

    labels: tuple[str, ...]
    weights: np.ndarray = field(eq=ARRAY_VALUE, hash=False)
    """(players, 1326), zero on holdings touching the board, dead cards or fixed hands."""
    fixed: tuple[int | None, ...]  # the holding number of each player given as one hand
    board: tuple[int, ...]
    dead: tuple[int, ...]

    @property
    def known_mask(self) -> np.uint64:
        """The board, the dead cards and the fixed hands, one bit per card."""
        held = [card for holding in self.fixed if holding is not None for card in HOLDINGS[holding].tolist()]
        return mask_of([*self.board, *self.dead, *held])

    @property
    def to_deal(self) -> int:
        """The board cards still to come."""
        return 5 - len(self.board)


def read_problem(players: Sequence[StartingHand | WeightSetLike], board: CardsLike, dead: CardsLike
                 ) -> EquityProblem:
    """The question of ``players`` (2 to 10, counted by :func:`~poker.stats.multiway.equity`) on ``board`` with the
    ``dead`` cards out, read: a card held twice, too many dead cards or a range left no holding is a
    :class:`~poker.errors.PokerError` naming it."""
    entries = list(players)
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
    known = mask_of(list(seen))
    for number, (label, row, holding) in enumerate(zip([r[0] for r in read], weights, fixed), start=1):
        if holding is None:
            row[(HOLDING_MASKS_U64 & known) != 0] = 0.0
            if not row.any():
                known_text = format_cards(Card.from_index(c) for c in sorted(seen))
                raise WeightsError(f'player {number}: the range {shown(label)} has no holding without the known '
                                   f'cards {shown(known_text)}')
    return EquityProblem(tuple(r[0] for r in read), weights, fixed,
                         tuple(c.index for c in board_cards), tuple(c.index for c in dead_cards))


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


def rank_players(ranker: type[HandRanker], holdings: np.ndarray, dealt: np.ndarray, board: np.ndarray
                 ) -> np.ndarray:
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


def run_tasks(executor: concurrent.futures.Executor | None, function: Callable[..., np.ndarray],
              argument_lists: Sequence[tuple[object, ...]], finished: Callable[[int], None] | None = None
              ) -> np.ndarray:
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
