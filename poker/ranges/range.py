"""Ranges: weights on the 1,326 holdings, written the way players write them (PokerStove, Equilab).

A range is a list of parts separated by commas, semicolons or spaces (a trailing separator is fine),
each optionally weighted with ``:w`` (a number, or a percentage ``:50%``):

===========================  =================================================================
``QQ``, ``AKs``, ``AKo``     one class (a pair, the 4 suited or the 12 offsuit holdings)
``AK``                       both ``AKs`` and ``AKo``
``QQ+``                      this pair and every higher one: ``QQ, KK, AA``
``ATs+``, ``KTo+``, ``AT+``  this kicker and every higher one below the top card
``JJ-``, ``AQs-``            this pair and every lower one (``22-JJ``), this kicker and every lower one (``AQs-A2s``)
``22-55``, ``A5s-A2s``       every pair, or every kicker, between the two (either order)
``T9s-65s``, ``T9o-54o``     connectors (or gappers: ``T8s-64s``) of the same gap between the two
``AhKh``                     one holding (and text that is two cards alone, as :func:`parse_cards` reads
                             them: ``Ah Kh``, ``ah kh``, ``10h Kh``)
``15%``                      the best 15% of holdings by Papp's heads-up income rate IR2 (:meth:`Range.top`;
                             :func:`percentile` says where a hand stands), or by another ordering
                             (:meth:`Range.parse`'s ``order``: all-in equity, Equilab's and PokerStove's)
``random``, ``any``          every holding
``AKo:0.5``, ``AKo:50%``     the part with weight 0.5 (default 1)
===========================  =================================================================

Where parts overlap, the more specific part decides: a single holding (``AhKh``) over a single class
(``AKs``, ``QQ``), and a single class over a part naming several classes (``AK``, ``QQ+``, ``ATs+``,
``JJ-``, spans, ``15%``, ``random``). Between parts equally specific the comma is a union and the largest weight
wins, as in ProPokerTools' weighted ranges ("if a hand is weighted more than once, the largest weight
wins"), which makes the union of unweighted ranges what PokerStove and Equilab read. So
``QQ+, AKs, ATs+:0.5`` holds AKs whole and ATs-AQs half, ``AK, AKo:0.5`` plays AKo half the time,
``22+, 55:0`` leaves out fives, and ``AKs, AhKh:0`` every suited AK but hearts. Why: a player who names a
class or a holding means that class or holding, whatever broader part is also written; and the order of
the parts never matters, so a range pasted in any order reads the same.

Range text is read in time linear in its length, up to :data:`MAX_RANGE_LENGTH` characters (a million; a
range that gives every holding a weight of its own takes some 20,000 to 40,000).

Weights are read as every weight is (:mod:`poker.ranges.weights`): one below
:data:`~poker.ranges.weights.MIN_WEIGHT` (1e-30) is 0, so ``JJ:1e-320`` adds nothing, and a range totals at most
:data:`~poker.ranges.weights.MAX_TOTAL_WEIGHT`. A :class:`Range` works wherever weights are taken (it converts
with ``numpy.asarray``).
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections.abc import Iterator, Sequence

import numpy as np
from attrs import field, frozen

from ..cards.card import RANK_CHARS, format_cards, parse_cards
from ..cards.card_inputs import CardsLike, HoleLike, hand_class_of
from ..cards.holdings import HOLDING_COUNT, holding_index
from ..cards.income_rates import read_opponents, income_rate_table
from ..cards.starting_hand import CLASS_COUNT, CLASS_OF_HOLDING, HAND_CLASSES, StartingHand, class_index
from ..errors import CardCountError, CardParseError, DuplicateCardError, PokerError, RangeParseError, WeightsError
from ..markup import GRID_NOTE, grid_svg, shade_colour
from ..validators import is_items, probability, real_number, same_array, shown, text as checked_text
from .weights import NumericWeights, array_weights, class_means, known_holdings

__all__ = ['MAX_RANGE_LENGTH', 'Range', 'percentile']

MAX_RANGE_LENGTH = 1_000_000
"""The longest range text :meth:`Range.parse` reads, in characters: far beyond any range written by hand or by a
program (every holding with a weight of its own takes some 20,000 to 40,000), and a bound on the work of one call."""

_MEMBERS: tuple[np.ndarray, ...] = tuple(np.flatnonzero(CLASS_OF_HOLDING == c) for c in range(CLASS_COUNT))
_CLASS_NUMBERS = {name: number for number, name in enumerate(HAND_CLASSES)}
_CLASS = r'([2-9TJQKA])([2-9TJQKA])([SO]?)'
# ASCII only: under Unicode case folding 'K' would match the Kelvin sign and 's' the long s (U+017F)
_PART = re.compile(rf'{_CLASS}([+-]?)', re.IGNORECASE | re.ASCII)
_SPAN = re.compile(rf'{_CLASS}-{_CLASS}', re.IGNORECASE | re.ASCII)
_HOLDING = re.compile(r'[2-9TJQKA][CDHS][2-9TJQKA][CDHS]', re.IGNORECASE | re.ASCII)
_NUMBER = r'(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)'
_WEIGHT = re.compile(rf'[+-]?{_NUMBER}(?:[eE][+-]?[0-9]+)?(%?)', re.ASCII)  # ASCII digits only: no '1_0', no '١'
_TOP = re.compile(rf'({_NUMBER})%', re.ASCII)
_SPACES = re.compile(r'\s+')
_SEPARATOR = re.compile(r'\s*[,;]\s*|\s+')
_GLUE = re.compile(r'\s*([:-])\s*')  # 'AKs : 0.5' and '22 - 55' are one part each
_EVERY = ('random', 'any')

HOLDING, CLASS, GROUP = 0, 1, 2
"""How specific a range part is: a single holding, a single class, or several classes (see the module)."""


def _read_only(weights: Range | str | NumericWeights) -> np.ndarray:
    if isinstance(weights, Range):
        weights = weights.weights
    elif isinstance(weights, str):
        weights = Range.parse(weights).weights
    array = array_weights(weights) + 0.0  # -0 weighs 0: equal ranges have equal bytes (and hashes)
    array.flags.writeable = False
    return array


def _weight_text(weight: float) -> str:
    text = repr(float(weight))
    return text[:-2] if text.endswith('.0') else text


# ---------------------------------------------------------------------------------------- parsing
def _class_numbers(high: int, low: int, suffix: str) -> list[int]:
    """The grid numbers of ``high low suffix`` (rank numbers 0-12; suffix '', 's' or 'o')."""
    if high == low:
        return [class_index(RANK_CHARS[high] * 2)]
    name = RANK_CHARS[high] + RANK_CHARS[low]
    return [class_index(name + s) for s in (suffix or 'so')]


def _read_class(match: re.Match[str], offset: int, part: str) -> tuple[int, int, str]:
    first, second = RANK_CHARS.index(match[offset + 1].upper()), RANK_CHARS.index(match[offset + 2].upper())
    suffix = match[offset + 3].lower()
    if first == second and suffix:
        raise RangeParseError(f'invalid range part {shown(part)}: a pair is neither suited nor offsuit')
    return max(first, second), min(first, second), suffix


def _part_classes(item: str) -> list[int]:
    """The class numbers a part (without its weight) names."""
    if match := _PART.fullmatch(item):
        high, low, suffix = _read_class(match, 0, item)
        if not match[4]:
            return _class_numbers(high, low, suffix)
        if match[4] == '-':  # this class and those below it: JJ- is 22-JJ, AQs- is AQs-A2s
            if high == low:
                return [n for rank in range(0, high + 1) for n in _class_numbers(rank, rank, '')]
            return [n for kicker in range(0, low + 1) for n in _class_numbers(high, kicker, suffix)]
        if high == low:
            return [n for rank in range(low, 13) for n in _class_numbers(rank, rank, '')]
        return [n for kicker in range(low, high) for n in _class_numbers(high, kicker, suffix)]
    if match := _SPAN.fullmatch(item):
        one, two = _read_class(match, 0, item), _read_class(match, 3, item)
        if one[0] == one[1] and two[0] == two[1]:
            bottom, top = sorted((one[0], two[0]))
            return [n for rank in range(bottom, top + 1) for n in _class_numbers(rank, rank, '')]
        if one[2] != two[2] or one[0] == one[1] or two[0] == two[1]:
            raise RangeParseError(f'invalid range part {shown(item)}: a span keeps its suitedness and joins two '
                                  'pairs or two unpaired hands (e.g. 22-55, A5s-A2s, T9s-65s)')
        if one[0] == two[0]:  # kickers under one top card: A5s-A2s
            bottom, top = sorted((one[1], two[1]))
            return [n for kicker in range(bottom, top + 1) for n in _class_numbers(one[0], kicker, one[2])]
        gap = one[0] - one[1]
        if two[0] - two[1] != gap:
            raise RangeParseError(f'invalid range part {shown(item)}: a span keeps its top card (A5s-A2s) or its '
                                  'gap (T9s-65s, T8s-64s)')
        bottom, top = sorted((one[0], two[0]))
        return [n for high in range(bottom, top + 1) for n in _class_numbers(high, high - gap, one[2])]
    raise RangeParseError(f'invalid range part {shown(item)} (expected e.g. QQ+, JJ-, AKs, ATo+, 22-55, A5s-A2s, '
                          'T9s-65s, AhKh, 15%, random)')


def _part_holdings(item: str, order: tuple[int, ...] | None = None) -> tuple[int, np.ndarray]:
    """How specific a part (without its weight) is, and the holding numbers it names (a top fraction by the
    classes of ``order`` best first, read by :func:`_order`; None: Papp's heads-up income rate)."""
    if _HOLDING.fullmatch(item):
        try:
            first, second = parse_cards(item)
        except DuplicateCardError:
            raise RangeParseError(f'invalid range part {shown(item)}: a card twice') from None
        return HOLDING, np.array([holding_index(first.index, second.index)])
    if item.lower() in _EVERY:
        return GROUP, np.arange(HOLDING_COUNT)
    if match := _TOP.fullmatch(item):
        fraction = float(match[1]) / 100
        if not 0 <= fraction <= 1:
            raise RangeParseError(f'invalid range part {shown(item)}: a top fraction is 0% to 100%')
        return GROUP, _top_holdings(fraction, 1) if order is None else _top_of(fraction, _ranked(order))
    numbers = _part_classes(item)
    tier = CLASS if len(numbers) == 1 and not item.endswith(('+', '-')) else GROUP
    return tier, np.concatenate([_MEMBERS[n] for n in numbers])


def _part_weight(part: str, text: str) -> float:
    """The weight after a part's colon: a plain decimal number (ASCII digits) or a percentage."""
    match = _WEIGHT.fullmatch(text)
    weight = float(text.rstrip('%')) / (100 if match and match[1] else 1) if match else math.nan
    if not math.isfinite(weight) or weight < 0:
        raise RangeParseError(f'invalid weight {shown(text)} in range part {shown(part)}: expected a finite number '
                              'not below 0 in ASCII digits, such as 0.5 or 50%')
    return weight + 0.0  # -0 is 0


def _parts(text: str) -> list[str]:
    """The parts of range text: split at commas, semicolons or spaces, a trailing separator allowed.

    Each run of white space is one space first: the glue and separator patterns then meet at most one
    space where they try to match (on a long run they would try it from every position in it, in time
    quadratic in its length).
    """
    parts = _SEPARATOR.split(_GLUE.sub(r'\1', _SPACES.sub(' ', text.strip())))
    if len(parts) > 1 and not parts[-1]:
        parts.pop()
    if '' in parts:
        raise RangeParseError(f'empty part in range {shown(text)}')
    return parts


@functools.lru_cache(maxsize=None)
def _best_first(opponents: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The holdings of the classes best first by Papp's income rate against ``opponents`` (checked), class by
    class (equal rates in grid order), the number of holdings in the first 0, 1, ..., 169 classes, and each
    class's place in that order (0 for the best)."""
    table = income_rate_table(opponents)
    rates = [table[c // 13][c % 13] for c in range(CLASS_COUNT)]
    order = sorted(range(CLASS_COUNT), key=lambda c: (-rates[c], c))
    holdings = np.concatenate([_MEMBERS[c] for c in order])
    sizes = np.cumsum([0] + [len(_MEMBERS[c]) for c in order])
    places = np.argsort(order)
    holdings.flags.writeable = sizes.flags.writeable = places.flags.writeable = False  # shared by every call
    return holdings, sizes, places


def _top_holdings(fraction: float, opponents: int) -> np.ndarray:
    """The holdings of the best whole classes against ``opponents`` (checked) whose number is nearest
    ``fraction * 1326``."""
    return _top_of(fraction, _best_first(opponents)[:2])


def _top_of(fraction: float, ranked: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """The first holdings of ``ranked`` (holdings best first, class by class, and the holdings in the first 0, 1,
    ..., 169 classes), whole classes, whose number is nearest ``fraction * 1326``."""
    holdings, sizes = ranked
    chosen = int(np.abs(sizes - fraction * HOLDING_COUNT).argmin())
    return holdings[:sizes[chosen]]


@functools.lru_cache(maxsize=8)
def _ranked(order: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """The holdings of the classes ``order`` numbers (read by :func:`_order`), class by class, and the holdings in
    the first 0, 1, ..., 169 classes."""
    holdings = np.concatenate([_MEMBERS[c] for c in order])
    sizes = np.cumsum([0] + [len(_MEMBERS[c]) for c in order])
    holdings.flags.writeable = sizes.flags.writeable = False  # shared by every call
    return holdings, sizes


def _order(order: object) -> tuple[int, ...] | None:
    """An ordering of the 169 classes best first (their names, each once) as their numbers; None stays None."""
    if order is None:
        return None
    names = list(itertools.islice(order, CLASS_COUNT + 1)) if is_items(order) else []
    numbers = [_CLASS_NUMBERS.get(name) if isinstance(name, str) else None for name in names]
    if len(numbers) != CLASS_COUNT or None in numbers or len(set(numbers)) != CLASS_COUNT:
        raise RangeParseError(f'order must list the {CLASS_COUNT} classes best first, each once (AA, AKs, ...), '
                              f'got {shown(order)}')
    return tuple(number for number in numbers if number is not None)


def percentile(hand: HoleLike, opponents: int = 1) -> float:
    """Where a starting hand stands: the share of the 1,326 holdings in its class and the classes ranked
    above it by Papp's income rate against ``opponents`` (equal rates in grid order), as PokerStove's
    percentile reads. ``hand`` is a class (``'AKs'``) or a holding (``'Ah Kh'``).

    It is the inverse of :meth:`Range.top`: ``Range.top(percentile(hand, opponents=k), opponents=k)`` holds
    exactly the hand's class and the classes above it.

    >>> round(percentile('AA'), 4), round(percentile('Ah Kh'), 4), round(percentile('AKo'), 4), percentile('32o')
    (0.0045, 0.0347, 0.0543, 1.0)
    >>> str(Range.top(percentile('AKo')))
    '77+, AJs+, AKo'
    """
    name = hand_class_of(hand)
    _, sizes, places = _best_first(read_opponents(opponents))
    return float(sizes[places[class_index(name)] + 1] / HOLDING_COUNT)


# ----------------------------------------------------------------------------------- normal form
def _runs(weights: list[float]) -> Iterator[tuple[int, int, float]]:
    """Maximal runs ``(first, last, weight)`` of equal positive weights in a list."""
    start = 0
    while start < len(weights):
        end = start
        while end + 1 < len(weights) and weights[end + 1] == weights[start]:
            end += 1
        if weights[start] > 0:
            yield start, end, weights[start]
        start = end + 1


def _class_weight(members: np.ndarray) -> float:
    """The weight written for a whole class, or 0 when listing its holdings one by one is shorter.

    The candidate is the most common positive weight (the larger on a tie); the class part then needs
    one more part per holding that differs from it.
    """
    positive = members[members > 0]
    if not positive.size:
        return 0.0
    values, counts = np.unique(positive, return_counts=True)
    weight = float(values[np.flatnonzero(counts == counts.max())[-1]])
    return weight if 1 + np.count_nonzero(members != weight) < positive.size else 0.0


def _parsed(text: str, order: tuple[int, ...] | None = None) -> np.ndarray:
    """The weights range text (not blank) gives, part by part (see :meth:`Range.parse`)."""
    weights = np.zeros(HOLDING_COUNT)
    named: dict[str, tuple[int, np.ndarray]] = {}  # each part written (without its weight), read once
    largest: dict[str, float] = {}  # and the largest weight it is given
    for part in _parts(text):
        item, colon, weight = part.partition(':')
        if item not in named:
            named[item] = _part_holdings(item, order)
        value = _part_weight(part, weight) if colon else 1.0
        largest[item] = max(value, largest.get(item, value))
    layers = np.full((3, HOLDING_COUNT), -1.0)  # per specificity, the largest weight given (-1: none)
    for item, value in largest.items():
        tier, holdings = named[item]
        layers[tier, holdings] = np.maximum(layers[tier, holdings], value)
    for layer in layers[::-1]:  # the broadest first; a more specific part then decides
        weights = np.where(layer >= 0, layer, weights)
    return weights


def _lone_holding(text: str) -> int | None:
    """The holding of text that is two cards alone (``'Ah Kh'``), None for text that is no cards; text that is
    some other number of cards is a :class:`RangeParseError` that says so."""
    compact = _SPACES.sub(' ', text.strip())
    if len(compact) > 64:  # 'Ah Kh', '10♥ 10♠', 'Ah, Kh': never longer
        return None
    try:
        cards = parse_cards(compact)
    except DuplicateCardError:
        raise RangeParseError(f'{shown(text)} is no range, and holds a card twice') from None
    except PokerError:
        return None
    if len(cards) != 2:
        raise RangeParseError(f'{shown(text)} is {len(cards)} card{"s" if len(cards) != 1 else ""}: one holding is '
                              '2 (a range is parts such as QQ+, AKs, AhKh)')
    return holding_index(cards[0].index, cards[1].index)


@frozen(eq=False, repr=False)
class Range:
    """Weights on the 1,326 holdings (:attr:`weights`, read-only, in holding order).

    Immutable: ``|`` (union, the larger weight), ``&`` (intersection, the smaller), ``-`` (difference:
    the weight less the other's, at least 0), ``*`` (scaling by a finite number not below 0) and
    :meth:`without` make new ranges; range text works on either side. ``len`` counts the holdings with
    weight and iterating yields them, as ``(StartingHand, weight)`` pairs in holding order (the order of
    ``itertools.combinations(range(52), 2)``); :attr:`combos` sums the weights. ``in`` takes a holding
    or any range part (``'AKs'``, ``'QQ+'``, ``'AhKh'``, a :class:`StartingHand`, a pair of cards): it
    is in when every holding it names has weight above 0, whatever the weight, so a class in part (only
    AhKh of AKs) is not in, and one at weight 0.5 is. ``str`` gives a compact normal form that
    :meth:`parse` reads back to an equal range; equal ranges hash equal.

    >>> r = Range.parse('QQ+, AKs:0.5, AhKh')
    >>> 'AKs' in r, 'KK+' in r, 'AK' in r, 'AsKs' in r, len(r), r.combos
    (True, True, False, True, 22, 20.5)
    >>> [(str(hand), weight) for hand, weight in Range.parse('AKs:0.5')]
    [('AcKc', 0.5), ('AdKd', 0.5), ('AhKh', 0.5), ('AsKs', 0.5)]
    >>> str(Range.parse('QQ+, AK') - 'KK, AKo'), str(Range.parse('QQ+') * 0.5 | 'AA')
    ('AA, QQ, AKs', 'AA, KK-QQ:0.5')
    """

    __array_ufunc__ = None  # ``array * range`` asks the range (which refuses), not NumPy's broadcasting

    weights: np.ndarray = field(converter=_read_only)

    # ------------------------------------------------------------------------------- construction
    @classmethod
    def parse(cls, text: str, *, order: Sequence[str] | None = None) -> Range:
        """Read range notation (see the module documentation); raises :class:`RangeParseError` quoting it.

        ``order`` ranks the classes for a top fraction (``15%``): the 169 class names best first (the ordering
        of another tool: :func:`~poker.stats.preflop_odds.equity_order` is all-in equity against one random
        holding, Equilab's and PokerStove's); None is Papp's heads-up income rate IR2.

        >>> str(Range.parse('5%')), str(Range.parse('5%', order=[*reversed(HAND_CLASSES)]))
        ('77+, AJs+, AKo', '22, 72o, 62o, 52o, 42o, 32o')

        Overlapping parts: the more specific decides, and among equals the larger weight (a union).
        Text longer than :data:`MAX_RANGE_LENGTH` characters is refused. Text that is no range but two cards alone,
        as cards are written (``'Ah Kh'``), is that holding: so range text and a hand read alike wherever a player's
        holding or range is taken. Errors quote the text:

        >>> Range.parse('QQ++')  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        poker.errors.RangeParseError: invalid range part 'QQ++' (expected e.g. QQ+, JJ-, AKs, ATo+, 22-55, ...)
        """
        text = checked_text('a range', text, longest=MAX_RANGE_LENGTH, error=RangeParseError)
        ranked = _order(order)
        weights = np.zeros(HOLDING_COUNT)
        if not text.strip():
            return cls(weights)
        try:
            return cls(_parsed(text, ranked))
        except RangeParseError:
            holding = _lone_holding(text)  # 'Ah Kh': no range parts, but two cards, the way cards are written
            if holding is None:
                raise
        weights[holding] = 1.0
        return cls(weights)

    @classmethod
    def coerce(cls, value: Range | str | NumericWeights) -> Range:
        """A range from a range, range text, or 1,326 weights."""
        if isinstance(value, Range):
            return value
        if isinstance(value, str):
            return cls.parse(value)
        return cls(value)

    @classmethod
    def uniform(cls) -> Range:
        """Every holding at weight 1.

        >>> len(Range.uniform()), str(Range.uniform())
        (1326, '22+, A2+, K2+, Q2+, J2+, T2+, 92+, 82+, 72+, 62+, 52+, 42+, 32')
        """
        return cls(np.ones(HOLDING_COUNT))

    @classmethod
    def top(cls, fraction: float, opponents: int = 1) -> Range:
        """The best ``fraction`` of holdings by Papp's income rate against ``opponents``, whole classes.

        Classes are taken best first until the number of holdings is nearest ``fraction * 1326``.

        >>> str(Range.top(0.05)), len(Range.top(0.05))
        ('77+, AJs+, AKo', 72)
        >>> str(Range.top(0.05, opponents=6))
        'TT+, ATs+, AKo, KJs+'
        """
        fraction = probability('fraction', fraction, error=WeightsError)
        weights = np.zeros(HOLDING_COUNT)
        weights[_top_holdings(fraction, read_opponents(opponents))] = 1.0
        return cls(weights)

    # ----------------------------------------------------------------------------------- algebra
    def __or__(self, other: Range | str) -> Range:
        return type(self)(np.maximum(self.weights, type(self).coerce(other).weights))

    __ror__ = __or__

    def __and__(self, other: Range | str) -> Range:
        return type(self)(np.minimum(self.weights, type(self).coerce(other).weights))

    __rand__ = __and__

    def __sub__(self, other: Range | str) -> Range:
        return type(self)(np.maximum(self.weights - type(self).coerce(other).weights, 0.0))

    def __rsub__(self, other: Range | str) -> Range:
        return type(self).coerce(other) - self

    def __mul__(self, factor: float) -> Range:
        number = real_number('a range\'s scale factor', factor, error=WeightsError)
        if number < 0:
            raise WeightsError(f'a range scales by a finite number not below 0, got {shown(factor)}')
        return type(self)(self.weights * number)

    __rmul__ = __mul__

    def without(self, cards: CardsLike) -> Range:
        """The range with every holding that holds one of ``cards`` at weight 0 (known cards)."""
        known = known_holdings(card.index for card in parse_cards(cards))
        return type(self)(np.where(known, 0.0, self.weights))

    # --------------------------------------------------------------------------------- questions
    @property
    def combos(self) -> float:
        """The sum of the weights: the number of holdings, counting each by its weight."""
        return float(self.weights.sum())

    def __len__(self) -> int:
        return int(np.count_nonzero(self.weights))

    def __contains__(self, hand: object) -> bool:
        if isinstance(hand, str):
            try:
                return bool((self.weights[_part_holdings(hand.strip())[1]] > 0).all())
            except RangeParseError:
                pass  # not a range part: perhaps a holding written otherwise ('Ah Kh', '10h 9h')
        try:
            starting = hand if isinstance(hand, StartingHand) else StartingHand(hand)  # type: ignore[arg-type]
        except (CardParseError, CardCountError, DuplicateCardError, TypeError):
            return False
        return bool(self.weights[starting.holding_index] > 0)

    def __iter__(self) -> Iterator[tuple[StartingHand, float]]:
        """The holdings with weight, as ``(StartingHand, weight)`` pairs in holding order."""
        for number in np.flatnonzero(self.weights):
            yield StartingHand.from_holding_index(int(number)), float(self.weights[number])

    def class_weights(self) -> np.ndarray:
        """The mean weight of each class's holdings, 169 values in :data:`HAND_CLASSES` order."""
        return class_means(self.weights)

    def grid(self) -> str:
        """The range as a 13x13 text grid: pairs on the diagonal, suited above it, offsuit below.

        A class entirely at weight 1 shows its name, one with no weight a dot, anything else its mean
        weight in percent.

        >>> print(Range.parse('JJ+, AQs+, AKo, KQs:0.5').grid())
             A    K    Q    J    T    9    8    7    6    5    4    3    2
        A   AA  AKs  AQs    .    .    .    .    .    .    .    .    .    .
        K  AKo   KK  50%    .    .    .    .    .    .    .    .    .    .
        Q    .    .   QQ    .    .    .    .    .    .    .    .    .    .
        J    .    .    .   JJ    .    .    .    .    .    .    .    .    .
        T    .    .    .    .    .    .    .    .    .    .    .    .    .
        9    .    .    .    .    .    .    .    .    .    .    .    .    .
        8    .    .    .    .    .    .    .    .    .    .    .    .    .
        7    .    .    .    .    .    .    .    .    .    .    .    .    .
        6    .    .    .    .    .    .    .    .    .    .    .    .    .
        5    .    .    .    .    .    .    .    .    .    .    .    .    .
        4    .    .    .    .    .    .    .    .    .    .    .    .    .
        3    .    .    .    .    .    .    .    .    .    .    .    .    .
        2    .    .    .    .    .    .    .    .    .    .    .    .    .
        """
        means = self.class_weights()
        ranks = RANK_CHARS[::-1]
        lines = ['  ' + ''.join(f'{rank:>5}' for rank in ranks)]
        for row in range(13):
            cells = []
            for column in range(13):
                number = 13 * row + column
                members = self.weights[_MEMBERS[number]]
                if not members.any():
                    cells.append('.')
                elif (members == 1).all():
                    cells.append(HAND_CLASSES[number])
                else:
                    cells.append(f'{round(100 * means[number])}%')
            lines.append(ranks[row] + ' ' + ''.join(f'{cell:>5}' for cell in cells))
        return '\n'.join(lines)

    def _repr_svg_(self) -> str:
        """The 13x13 grid as a notebook shows it: each class shaded by its mean weight (blank without weight),
        under its name, with its weight in percent where only part of it is in; the range and its combos above."""
        means = [float(mean) for mean in self.class_weights()]
        values = ['' if mean in (0.0, 1.0) else f'{min(99, max(1, round(100 * mean)))}%' for mean in means]
        return grid_svg(HAND_CLASSES, [shade_colour(mean) for mean in means], values=values,
                        title=f'{str(self) or "no holding"}: {self.combos:,.6g} combos ({self.combos / 13.26:.3g}%)',
                        note=GRID_NOTE)

    # ------------------------------------------------------------------------------ conversions
    def __array__(self, dtype: np.dtype[np.generic] | type | None = None, copy: bool | None = None) -> np.ndarray:
        return np.array(self.weights, dtype=dtype)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Range):
            return same_array(self.weights, other.weights)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.weights.tobytes())  # weights hold no -0 (see _read_only)

    def __repr__(self) -> str:
        return f'{type(self).__name__}.parse({str(self)!r})'

    def __str__(self) -> str:
        """The normal form: class parts run by run, then single holdings that differ from their class."""
        written = [_class_weight(self.weights[members]) for members in _MEMBERS]
        parts = self._class_parts(written)
        for number, members in enumerate(_MEMBERS):
            for holding in members[::-1]:
                weight = float(self.weights[holding])
                if weight != written[number]:
                    cards = StartingHand.from_holding_index(int(holding))
                    parts.append(format_cards(cards.cards, sep='') + ('' if weight == 1 else f':{_weight_text(weight)}'))
        return ', '.join(parts)

    @staticmethod
    def _class_parts(written: list[float]) -> list[str]:
        """Class parts for given per-class weights (grid order), compressed into ``+`` and ``-`` runs."""
        def named(text: str, weight: float) -> str:
            return text if weight == 1 else f'{text}:{_weight_text(weight)}'

        def weight_of(high: int, low: int, suffix: str) -> float:
            return written[_class_numbers(high, low, suffix)[0]]

        parts = []
        pairs = [weight_of(rank, rank, '') for rank in range(12, -1, -1)]
        for first, last, weight in _runs(pairs):
            top, bottom = RANK_CHARS[12 - first] * 2, RANK_CHARS[12 - last] * 2
            text = top if first == last else f'{bottom}+' if first == 0 else f'{top}-{bottom}'
            parts.append(named(text, weight))
        for high in range(12, 0, -1):
            runs = {suffix: list(_runs([weight_of(high, low, suffix) for low in range(high - 1, -1, -1)]))
                    for suffix in 'so'}
            both = [run for run in runs['s'] if run in runs['o']]
            tokens = [(run, '') for run in both] + [(run, suffix) for suffix in 'so'
                                                    for run in runs[suffix] if run not in both]
            for (first, last, weight), suffix in sorted(tokens, key=lambda token: (token[0][0], token[1] != 's')):
                top = RANK_CHARS[high] + RANK_CHARS[high - 1 - first] + suffix
                bottom = RANK_CHARS[high] + RANK_CHARS[high - 1 - last] + suffix
                text = top if first == last else f'{bottom}+' if first == 0 else f'{top}-{bottom}'
                parts.append(named(text, weight))
        return parts
