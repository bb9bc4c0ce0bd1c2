"""Made hands and draws: how players read a holding on a board, in Flopzilla's classes.

On the flop and the turn each holding has exactly one :class:`MadeHand` class and any number of :class:`Draw`
classes (a set with a flush draw is both); on the river it has a made hand only, and before the flop neither.
The classes say what the **hole cards** add to the board, as Flopzilla reads them: on ``Kd Ks 5c`` the holding
``Ah Qh`` has an ace high, not a pair of kings, and ``7c 7d`` a pocket pair below top pair, not two pair.

>>> holding_class('Ah Kh', 'Jh Ts 4h')
(<MadeHand.ACE_HIGH: 1>, (<Draw.COMBO_DRAW: 0>, <Draw.FLUSH_DRAW: 1>, <Draw.GUTSHOT: 3>, <Draw.TWO_OVERCARDS: 4>))
>>> MadeHand.UNDERPAIR.label, Draw.OPEN_ENDED.label
('pocket pair below top pair', 'open-ended straight draw')

The made hands, strongest first (ranks of cards count once each: on ``Kd Ks 5c`` the distinct board ranks are
K and 5):

* straight flush, quads, full house, flush, straight: the ranker's category of the hole cards and the board
  (through ``ranker.rank_many``, so a ranker subclass is honoured), when the hole cards play: the category is
  above the board's own, or (on a river board that makes a straight, flush, full house or straight flush on
  its own) the same category with a higher value. A holding that only plays the board is read by the pair
  rules below (``Ac Ad`` on a river straight ``5c 6d 7h 8s 9c`` is an overpair);
* set: a pocket pair that matches a board card; trips: one hole card that matches a pair on the board;
* two pair: both hole cards, of different ranks, each match a board card;
* overpair: a pocket pair above every board card; pocket pair below top pair: any other pocket pair that
  matches no board card;
* top pair, middle pair, weak pair: one hole card matches the highest, the second highest, or a lower
  distinct board rank;
* ace high: none of the above, and an ace in the hole; no made hand: none of the above.

The draws (flop and turn only; each counts only when what it draws to is above the made hand):

* flush draw: four cards of one suit among the hole cards and the board, one or both of them in the hole
  (nut, two-card and one-card flush draws are not separate classes); only below a made flush;
* open-ended straight draw: two or more ranks that would each give the hole cards a straight higher than the
  board's own with that card (both ends of an open-ended draw, and double gutshots: 8 outs); gutshot: one
  such rank (4 outs). The ace plays high and low (``Ah 2c`` on ``3d 4s Kh``, a wheel draw, is a gutshot);
  only below a made straight;
* combo draw: a flush draw and a straight draw (open-ended or gutshot) at once; the holding has those classes
  too;
* two overcards: two hole cards of different ranks, both above every board card, with ace high or no made hand;
* backdoor flush draw (flop only): three cards of one suit, one or both in the hole, and no flush draw;
* backdoor straight draw (flop only): two more ranks that would give the hole cards a straight higher than
  the board's own with those cards, and no straight draw;
* no draw: none of the above.

Per holding the classes are numbers: :func:`made_hands` gives each holding's :class:`MadeHand` value and
:func:`draw_masks` its draws as bits (:attr:`Draw.bit`), over all 1,326 holdings at once.
"""

from __future__ import annotations

import enum
import functools
import itertools
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
from attrs import field, frozen

from ..cards.card import Card, format_cards
from ..cards.card_inputs import CardsLike, HoleLike, read_board, read_hole
from ..cards.holdings import HOLDING_COUNT, HOLDING_MASKS, HOLDINGS
from ..cards.income_rates import read_opponents
from ..errors import PokerError
from ..markup import html_table
from ..ranking.category import HandCategory
from ..ranking.ranker import HandRanker
from ..ranking.ranker_inputs import read_ranker
from ..validators import CheckedEnumType, amount, read_only, reading, shown
from ..validators import share as _share

if TYPE_CHECKING:
    from ..extras import DataFrame

__all__ = ['ClassRow', 'Draw', 'HandClassTable', 'MadeHand', 'draw_masks', 'holding_class', 'made_hands']

NEEDS_A_BOARD = 'made hands and draws need a board of 3, 4 or 5 cards'
"""Why there are no classes before the flop (the start of each refusal, here, in the range statistics and the
command line)."""


class ClassData(NamedTuple):
    """What is said of a class: its name as players say it, and a one-line definition."""

    label: str
    description: str


MADE_HAND_DATA: tuple[ClassData, ...] = (
    ClassData('no made hand', 'no pair made with the hole cards, and no ace in the hole'),
    ClassData('ace high', 'no pair made with the hole cards, and an ace in the hole'),
    ClassData('weak pair', 'one hole card matches a board rank below the two highest'),
    ClassData('middle pair', 'one hole card matches the second highest board rank'),
    ClassData('pocket pair below top pair', 'a pocket pair below the highest board card, matching no board card'),
    ClassData('top pair', 'one hole card matches the highest board rank'),
    ClassData('overpair', 'a pocket pair above every board card'),
    ClassData('two pair', 'both hole cards, of different ranks, match board cards'),
    ClassData('trips', 'one hole card matches a pair on the board'),
    ClassData('set', 'a pocket pair that matches a board card'),
    ClassData('straight', 'a straight the hole cards play in'),
    ClassData('flush', 'a flush the hole cards play in'),
    ClassData('full house', 'a full house the hole cards play in'),
    ClassData('quads', 'four of a kind the hole cards play in'),
    ClassData('straight flush', 'a straight flush the hole cards play in'),
)
"""One row per :class:`MadeHand`, weakest first."""

DRAW_DATA: tuple[ClassData, ...] = (
    ClassData('combo draw', 'a flush draw and a straight draw at once'),
    ClassData('flush draw', 'four cards of a suit, one or both in the hole'),
    ClassData('open-ended straight draw', 'two or more ranks give the hole cards a straight (8 outs; double '
                                          'gutshots too)'),
    ClassData('gutshot', 'one rank gives the hole cards a straight (4 outs)'),
    ClassData('two overcards', 'both hole cards above every board card, with no pair'),
    ClassData('backdoor flush draw', 'three cards of a suit, one or both in the hole (flop only)'),
    ClassData('backdoor straight draw', 'two more ranks give the hole cards a straight (flop only)'),
    ClassData('no draw', 'none of the draws above'),
)
"""One row per :class:`Draw`, in the order Flopzilla lists them."""


class _HandClass(enum.IntEnum, metaclass=CheckedEnumType):
    """What :class:`MadeHand` and :class:`Draw` share: a label and a description from their data, and the refusal
    of a number that names no class."""

    @classmethod
    def _missing_(cls, value: object) -> _HandClass:
        raise PokerError(f'invalid {cls.__name__} {shown(value)} (expected 0 to {len(cls) - 1}, or a {cls.__name__})')

    @property
    def label(self) -> str:
        """The class as players say it: ``'top pair'``, ``'gutshot'``."""
        return _DATA[type(self)][self].label

    @property
    def description(self) -> str:
        """What the class holds, in one line."""
        return _DATA[type(self)][self].description


class MadeHand(_HandClass):
    """A holding's made hand on a board, weakest first (the definitions are in the module's text)."""

    NO_MADE_HAND = 0
    ACE_HIGH = 1
    WEAK_PAIR = 2
    MIDDLE_PAIR = 3
    UNDERPAIR = 4
    TOP_PAIR = 5
    OVERPAIR = 6
    TWO_PAIR = 7
    TRIPS = 8
    SET = 9
    STRAIGHT = 10
    FLUSH = 11
    FULL_HOUSE = 12
    QUADS = 13
    STRAIGHT_FLUSH = 14

    @property
    def category(self) -> HandCategory:
        """The weakest ranker category a holding of this class has (a pair class may have more: the board's).

        >>> MadeHand.SET.category, MadeHand.ACE_HIGH.category
        (<HandCategory.THREE_OF_A_KIND: 3>, <HandCategory.HIGH_CARD: 0>)
        """
        return HandCategory(_CATEGORY_OF_MADE[self])


class Draw(_HandClass):
    """A draw a holding has on the flop or the turn, in Flopzilla's order (the definitions are in the module's
    text); a holding has one or more, each a bit of its mask (:attr:`bit`)."""

    COMBO_DRAW = 0
    FLUSH_DRAW = 1
    OPEN_ENDED = 2
    GUTSHOT = 3
    TWO_OVERCARDS = 4
    BACKDOOR_FLUSH_DRAW = 5
    BACKDOOR_STRAIGHT_DRAW = 6
    NO_DRAW = 7

    @property
    def bit(self) -> int:
        """The class's bit in a mask of :func:`draw_masks`: ``1 << value``."""
        return 1 << int(self)


_DATA: dict[type[_HandClass], tuple[ClassData, ...]] = {MadeHand: MADE_HAND_DATA, Draw: DRAW_DATA}

_CATEGORY_OF_MADE = (0, 0, 1, 1, 1, 1, 1, 2, 3, 3, 4, 5, 6, 7, 8)
"""Per :class:`MadeHand`, the :class:`HandCategory` number it implies at least."""

_MADE_OF_CATEGORY = {HandCategory(_CATEGORY_OF_MADE[made]): made for made in MadeHand if made >= MadeHand.STRAIGHT}
"""The made hand of each category from a straight up (one each), read off :data:`_CATEGORY_OF_MADE`."""

_WINDOWS = tuple(0b11111 << low for low in range(10))
"""The ten straights as 14-bit rank masks (bit 0 the ace played low, bits 1 to 13 the ranks 2 to A)."""


def _rank_bits(ranks: np.ndarray) -> np.ndarray:
    """The 14-bit masks of ranks 0 (a deuce) to 12 (an ace): an ace sets its high and its low bit."""
    ranks = np.asarray(ranks, dtype=np.int64)
    return np.asarray((1 << (ranks + 1)) | (ranks == 12), dtype=np.int64)


def _best_straight(masks: np.ndarray) -> np.ndarray:
    """Per rank mask, the number (0 to 9) of its highest straight, or -1 when it has none."""
    best = np.full(np.shape(masks), -1, dtype=np.int64)
    for number, window in enumerate(_WINDOWS):
        best = np.where((masks & window) == window, number, best)
    return best


def _board_category(board: np.ndarray, ranker: type[HandRanker]) -> tuple[int, int]:
    """The board's own category and value (a value only for five cards; 0 otherwise)."""
    if len(board) == 5:
        value = int(ranker.rank_many(board[np.newaxis].astype(np.uint8), validate=False)[0])
        return int(ranker.category_many(np.array([value]))[0]), value
    counts = sorted(np.bincount(board // 4, minlength=13).tolist(), reverse=True)
    if counts[0] >= 3:
        return int(HandCategory.FOUR_OF_A_KIND if counts[0] == 4 else HandCategory.THREE_OF_A_KIND), 0
    return int(HandCategory.TWO_PAIR if counts[1] == 2 else HandCategory.ONE_PAIR if counts[0] == 2
               else HandCategory.HIGH_CARD), 0


CLASSIFIED_BOARDS = 64
"""How many boards' classes :func:`classify` keeps (per ranker), as the kernel's board memo keeps values."""


def classify(board: tuple[Card, ...], ranker: type[HandRanker]) -> tuple[np.ndarray, np.ndarray]:
    """Made-hand numbers (int8, -1 off the board's holdings) and draw masks (uint8) of all 1,326 holdings, on
    a board already read (3 to 5 cards) with a ranker already read: what :func:`made_hands` and
    :func:`draw_masks` give, at once, read-only and remembered for the last boards asked, per ranker class
    (the range statistics' entry)."""
    key = tuple(sorted(card.index for card in board))
    return _classified(ranker, key)  # type: ignore[arg-type]  # (a class is hashable)


@functools.lru_cache(maxsize=CLASSIFIED_BOARDS)
def _classified(ranker: type[HandRanker], board: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    cards = np.array(board, dtype=np.int64)
    made = np.full(HOLDING_COUNT, -1, dtype=np.int8)
    masks = np.zeros(HOLDING_COUNT, dtype=np.uint8)
    board_mask = sum(1 << int(card) for card in cards.tolist())
    live = np.flatnonzero((HOLDING_MASKS & np.int64(board_mask)) == 0)
    hole = HOLDINGS[live].astype(np.int64)
    rows = np.concatenate([np.broadcast_to(cards, (len(live), len(cards))), hole], axis=1).astype(np.uint8)
    values = ranker.rank_many(rows, validate=False).astype(np.int64)
    category = ranker.category_many(values).astype(np.int64)
    board_category, board_value = _board_category(cards, ranker)
    plays = (category > board_category) | ((len(cards) == 5) & (category == board_category)
                                           & (category != HandCategory.FOUR_OF_A_KIND) & (values > board_value))
    # the pair classes, from ranks alone
    ranks, high, low = cards // 4, hole[:, 1] // 4, hole[:, 0] // 4
    counts = np.bincount(ranks, minlength=13)
    distinct = sorted(set(ranks.tolist()), reverse=True)
    top, second = distinct[0], distinct[1] if len(distinct) > 1 else -1
    on_high, on_low = counts[high], counts[low]
    pocket = high == low
    paired = np.where(on_high > 0, high, low)  # the hole rank that matches, where one does
    one_pair = np.select([paired == top, paired == second], [MadeHand.TOP_PAIR, MadeHand.MIDDLE_PAIR],
                         MadeHand.WEAK_PAIR)
    pairs = np.select(
        [pocket & (on_high > 0), pocket & (high > top), pocket,
         (on_high > 0) & (on_low > 0), (on_high > 1) | (on_low > 1), (on_high > 0) | (on_low > 0),
         high == 12],
        [MadeHand.SET, MadeHand.OVERPAIR, MadeHand.UNDERPAIR,
         MadeHand.TWO_PAIR, MadeHand.TRIPS, one_pair,
         MadeHand.ACE_HIGH], MadeHand.NO_MADE_HAND)
    strong = np.zeros(len(live), dtype=np.int64)
    for hand_category, made_hand in _MADE_OF_CATEGORY.items():
        strong[category == hand_category] = made_hand
    classes = np.where(plays & (category >= HandCategory.STRAIGHT), strong, pairs)
    made[live] = classes
    if len(cards) < 5:
        masks[live] = _draws(cards, hole, classes)
    return read_only(made), read_only(masks)


def _draws(cards: np.ndarray, hole: np.ndarray, made: np.ndarray) -> np.ndarray:
    """The draw masks of the live holdings ``hole`` (card pairs) with made-hand numbers ``made``."""
    flop = len(cards) == 3
    mask = np.zeros(len(hole), dtype=np.int64)
    # flushes: cards of each suit, and whether a hole card is of it
    suited = np.zeros(len(hole), dtype=bool)
    backdoor = np.zeros(len(hole), dtype=bool)
    board_suits = np.bincount(cards % 4, minlength=4)
    for suit in range(4):
        in_hole = (hole % 4 == suit).sum(axis=1)
        total = board_suits[suit] + in_hole
        suited |= (in_hole > 0) & (total == 4)
        backdoor |= (in_hole > 0) & (total == 3)
    below_flush = made < MadeHand.FLUSH
    flush_draw = suited & below_flush
    # straights: the ranks that give the hole cards a straight above the board's own with the same cards
    board_bits = int(np.bitwise_or.reduce(_rank_bits(cards // 4)))
    mine = board_bits | _rank_bits(hole[:, 0] // 4) | _rank_bits(hole[:, 1] // 4)
    below_straight = made < MadeHand.STRAIGHT
    singles = _rank_bits(np.arange(13))
    outs = (_best_straight(mine[:, np.newaxis] | singles) > _best_straight(board_bits | singles)).sum(axis=1)
    open_ended = (outs >= 2) & below_straight
    gutshot = (outs == 1) & below_straight
    board_top = int(cards.max()) // 4
    overcards = (hole[:, 0] // 4 > board_top) & (hole[:, 0] // 4 != hole[:, 1] // 4) & (made <= MadeHand.ACE_HIGH)
    mask |= np.where(flush_draw & (open_ended | gutshot), Draw.COMBO_DRAW.bit, 0)
    mask |= np.where(flush_draw, Draw.FLUSH_DRAW.bit, 0)
    mask |= np.where(open_ended, Draw.OPEN_ENDED.bit, 0)
    mask |= np.where(gutshot, Draw.GUTSHOT.bit, 0)
    mask |= np.where(overcards, Draw.TWO_OVERCARDS.bit, 0)
    if flop:
        mask |= np.where(backdoor & ~suited & below_flush, Draw.BACKDOOR_FLUSH_DRAW.bit, 0)
        pairs = np.array([singles[a] | singles[b] for a, b in itertools.combinations(range(13), 2)])
        runner = (_best_straight(mine[:, np.newaxis] | pairs) > _best_straight(board_bits | pairs)).any(axis=1)
        mask |= np.where(runner & (outs == 0) & below_straight, Draw.BACKDOOR_STRAIGHT_DRAW.bit, 0)
    mask |= np.where(mask == 0, Draw.NO_DRAW.bit, 0)
    return mask.astype(np.uint8)


def _read(board: CardsLike, ranker: type[HandRanker]) -> tuple[tuple[Card, ...], type[HandRanker]]:
    cards = read_board(board)
    if len(cards) < 3:
        raise PokerError(f'{NEEDS_A_BOARD}, got {shown(format_cards(cards)) if cards else "none"}')
    return cards, read_ranker(ranker)


def made_hands(board: CardsLike, *, ranker: type[HandRanker] = HandRanker) -> np.ndarray:
    """Each holding's :class:`MadeHand` number on ``board`` (3 to 5 cards), over all 1,326 holdings in
    holding order: a read-only int8 array, -1 for the holdings that share a card with the board. Hands are ranked by
    ``ranker.rank_many``.

    >>> classes = made_hands('Jh Ts 4h')
    >>> MadeHand(int(classes[1325])).label, int(classes[0])   # AhAs, 2c2d
    ('overpair', 4)
    """
    return classify(*_read(board, ranker))[0]


def draw_masks(board: CardsLike, *, ranker: type[HandRanker] = HandRanker) -> np.ndarray:
    """Each holding's draws on ``board`` as a mask of :attr:`Draw.bit` (read-only uint8), over all 1,326
    holdings; 0 for
    the holdings that share a card with the board, and on the river (no draws there). The made hand decides
    which draws count, so ``ranker`` ranks as in :func:`made_hands`.

    >>> masks = draw_masks('Jh Ts 4h')
    >>> bool(masks[1314] & Draw.FLUSH_DRAW.bit), bool(masks[1314] & Draw.OPEN_ENDED.bit)   # AhKh
    (True, False)
    """
    return classify(*_read(board, ranker))[1]


def holding_class(hole: HoleLike, board: CardsLike, *, ranker: type[HandRanker] = HandRanker
                  ) -> tuple[MadeHand, tuple[Draw, ...]]:
    """One holding's made hand and draws on ``board`` (3 to 5 cards, none of them in the hole)."""
    hand = read_hole(hole)
    cards, ranker = _read(board, ranker)
    if set(hand.cards) & set(cards):
        raise PokerError(f'the holding {hand} shares a card with the board {shown(format_cards(cards))}')
    made, masks = classify(cards, ranker)
    at = hand.holding_index
    return MadeHand(int(made[at])), tuple(draw for draw in Draw if int(masks[at]) & draw.bit)


# ------------------------------------------------------------------------------------------ the table
def _read_hand_class(name: str, value: object) -> MadeHand | Draw:
    if not isinstance(value, (MadeHand, Draw)):
        raise PokerError(f'{name} must be a MadeHand or a Draw, got {shown(value)}')
    return value


def _table_board(board: CardsLike) -> tuple[Card, ...]:
    return read_board(board, sizes=(3, 4, 5))


def _rows(rows: object) -> tuple[ClassRow, ...]:
    """The rows of a table: a tuple of at most 15 :class:`ClassRow`."""
    entries = tuple(rows) if isinstance(rows, (tuple, list)) else None
    if entries is None or len(entries) > len(MadeHand) or not all(isinstance(row, ClassRow) for row in entries):
        raise PokerError(f'the rows of a class table must be a list of ClassRow, got {shown(rows)}')
    return entries


@frozen(repr=False)
class ClassRow:
    """One class of a hero range on a board: its weighted combos (the sum of the hero's weights), their share of
    the range, and the class's statistics against the opponent's range, counted as if the class were one hand
    (the counts of its holdings pooled, each holding weighted by its hero weight): ``hs``, ``ppot``, ``npot``,
    ``ehs`` (with ``opponents``) and ``equity`` (each holding's showdown equity weighted by its hero weight
    times the opponent weight it can meet, as :attr:`RangeStatistics.range_equity
    <poker.stats.range_stats.RangeStatistics.range_equity>`)."""

    hand_class: MadeHand | Draw = field(converter=reading(_read_hand_class))  # type: ignore[misc]
    combos: float = field(converter=reading(amount, error=PokerError))  # type: ignore[misc]
    share: float = field(converter=reading(_share))  # type: ignore[misc]
    hs: float = field(converter=reading(_share))  # type: ignore[misc]
    ppot: float = field(converter=reading(_share))  # type: ignore[misc]
    npot: float = field(converter=reading(_share))  # type: ignore[misc]
    ehs: float = field(converter=reading(_share))  # type: ignore[misc]
    equity: float = field(converter=reading(_share))  # type: ignore[misc]

    def __repr__(self) -> str:
        return (f'<{type(self).__name__} {self.hand_class.label}: {self.combos:g} combos ({self.share:.1%}), '
                f'hs {self.hs:.3f}, ppot {self.ppot:.3f}, npot {self.npot:.3f}, ehs {self.ehs:.3f}, '
                f'equity {self.equity:.3f}>')

    def _cells(self) -> list[str]:
        """The row as a table shows it: the label, the combos, the share in per cent, the statistics to four
        places."""
        numbers = (self.hs, self.ppot, self.npot, self.ehs, self.equity)
        return [self.hand_class.label, f'{self.combos:g}', f'{self.share:.1%}', *(f'{x:.4f}' for x in numbers)]

    def to_dict(self) -> dict[str, str | float]:
        """The row as plain data: ``class`` (the label) and the numbers under their field names."""
        kind = 'made' if isinstance(self.hand_class, MadeHand) else 'draw'
        return {'class': self.hand_class.label, 'kind': kind, 'combos': self.combos, 'share': self.share,
                'hs': self.hs, 'ppot': self.ppot, 'npot': self.npot, 'ehs': self.ehs, 'equity': self.equity}


@frozen(repr=False)
class HandClassTable:
    """A hero range on a board read as classes (from :meth:`RangeStatistics.classes
    <poker.stats.range_stats.RangeStatistics.classes>`): ``made``, one row per made-hand class the range holds,
    strongest first, and ``draws``, one row per draw class it holds, in :class:`Draw` order (none on the river).
    A class no holding falls in has no row. ``combos`` is the range's weighted combos on the board (those of
    the holdings in the statistics: off the board and able to meet an opponent holding); each made-hand share
    is of it, and the draw shares add to 1 or more, as a holding can have several draws."""

    board: tuple[Card, ...] = field(converter=_table_board)
    opponents: int = field(converter=read_opponents)
    combos: float = field(converter=reading(amount, error=PokerError))  # type: ignore[misc]
    made: tuple[ClassRow, ...] = field(converter=_rows)
    draws: tuple[ClassRow, ...] = field(default=(), converter=_rows)

    def row(self, hand_class: MadeHand | Draw) -> ClassRow | None:
        """The row of ``hand_class``, or None when no holding of the range falls in it."""
        for row in self.made + self.draws:
            if row.hand_class is hand_class:
                return row
        return None

    def to_rows(self) -> list[dict[str, str | float]]:
        """Every row as plain data (:meth:`ClassRow.to_dict`), the made hands first."""
        return [row.to_dict() for row in self.made + self.draws]

    def to_frame(self) -> DataFrame:
        """The table as a pandas table (the ``pandas`` extra), a row per class as :meth:`to_rows` gives them
        (the JSON of ``poker classes``): ``class``, ``kind`` (``'made'`` or ``'draw'``), ``combos``, ``share``,
        ``hs``, ``ppot``, ``npot``, ``ehs`` and ``equity``."""
        from ..extras import records_frame
        return records_frame(self.to_rows(), ('class', 'kind', 'combos', 'share', 'hs', 'ppot', 'npot', 'ehs',
                                              'equity'))

    def _repr_html_(self) -> str:
        """The table as a notebook shows it, laid out as ``poker classes`` prints it: the made hands, then the draws,
        each class with its combos, share and statistics (a row named ``draws`` between the two parts)."""
        header = ['made hand / draw', 'combos', 'share', 'HS', 'PPOT', 'NPOT', 'EHS', 'equity']
        rows = [row._cells() for row in self.made]
        if self.draws:  # (a row that names the second part, its cells empty)
            rows += [['draws', *[''] * 7], *(row._cells() for row in self.draws)]
        return html_table(header, rows, caption=f'{self.combos:g} combos on {format_cards(self.board)}')

    def __repr__(self) -> str:
        return (f'<{type(self).__name__} on {format_cards(self.board)}: {self.combos:g} combos, '
                f'{len(self.made)} made-hand classes, {len(self.draws)} draw classes>')
