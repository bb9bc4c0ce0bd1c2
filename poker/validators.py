"""Argument checks, in one place: every public function checks its arguments on entry with these.

Each check returns the value in its plain Python form (an ``int``, a ``float``, an integer array) or raises
the narrow :class:`~poker.errors.PokerError` subclass it is given, with a one-line message that names the
argument and quotes the bad value (:func:`shown`: huge or multi-line reprs are cut to one short line).
Booleans are never numbers here, nor are NumPy durations (``np.timedelta64``, an integer type to NumPy), and
NumPy scalars are numbers like Python's own.

>>> whole_number('deals', 20_000, minimum=2)
20000
>>> whole_number('deals', 2.5, minimum=2)
Traceback (most recent call last):
...
poker.errors.SettingError: deals must be a whole number of at least 2, got 2.5
>>> amount('x', -10**400)
Traceback (most recent call last):
...
poker.errors.BettingError: x must be a finite amount of at least 0, got -1000000000000000...000000000000000 (401 digits)
>>> probability('win', 0.25), index_below(True, 52), index_below(51, 52)
(0.25, None, 51)
"""

from __future__ import annotations

import enum
import math
import numbers
import operator
import re
from collections.abc import Callable, Iterable
from typing import Any, Literal, TypeGuard, TypeVar, overload

import attrs
import numpy as np

from .errors import BettingError, PokerError, SettingError

__all__ = [
    'ARRAY_VALUE',
    'CheckedEnumType',
    'EQUITY_METHODS',
    'EquityMethod',
    'MAX_SEED',
    'RANGE_PASSES',
    'RangePass',
    'SHARE_SLACK',
    'SHOWN_LENGTH',
    'amount',
    'brief',
    'choice',
    'finite_array',
    'flag',
    'frozen_array',
    'index_below',
    'instance',
    'integer_array',
    'is_items',
    'is_masked',
    'is_real',
    'is_whole',
    'probability',
    'read_method',
    'read_only',
    'read_recorded_seed',
    'read_seed',
    'reading',
    'real_array',
    'real_number',
    'same_array',
    'share',
    'shown',
    'text',
    'whole_number',
]

_T = TypeVar('_T')

SHOWN_LENGTH = 80
"""The longest quotation of a bad value in an error message."""

EquityMethod = Literal['auto', 'exact', 'sampled']
EQUITY_METHODS: tuple[EquityMethod, ...] = ('auto', 'exact', 'sampled')
"""How an equity is counted (:func:`~poker.stats.multiway.equity`,
:func:`~poker.stats.preflop_odds.preflop_equity`): ``'exact'``, every deal (or showdown) counted;
``'sampled'``, a seeded sample of them, with a standard error; ``'auto'``, exact when small enough. Their
results say which in the same words (``method``)."""

RangePass = Literal['auto', 'sorted', 'narrow', 'grid']
RANGE_PASSES: tuple[RangePass, ...] = ('auto', 'sorted', 'narrow', 'grid')
"""How a range is counted against a range (:func:`~poker.kernel.range_passes.range_tally`, and the engines
on it): three passes that count the same numbers at different costs; ``'auto'`` chooses by the spot."""

_Method = TypeVar('_Method', bound=str)


def brief(value: object) -> str:
    """A short repr for an attrs record of arrays: its fields, each array as its dtype and shape, each long
    tuple as its length, each nested record as its class name (the record itself holds the whole).

    >>> @attrs.frozen(repr=False)
    ... class Counts:
    ...     name: str
    ...     counts: np.ndarray
    ...     keys: tuple[int, ...]
    >>> brief(Counts('spades', np.zeros((2, 3)), tuple(range(100))))
    "<Counts: name='spades', counts=float64[2, 3], keys=(100 items)>"
    """
    parts = [f'{field.name}={_brief_item(getattr(value, field.name))}'
             for field in attrs.fields(type(value)) if field.repr]  # type: ignore[arg-type]
    return f'<{type(value).__name__}: {", ".join(parts)}>'


def _brief_item(item: object) -> str:
    if isinstance(item, np.ndarray):
        return f'{item.dtype}[{", ".join(str(size) for size in item.shape)}]'
    if isinstance(item, (tuple, list)) and len(item) > 6:
        return f'({len(item)} items)'
    if attrs.has(type(item)):
        return f'<{type(item).__name__}>'
    return shown(item, limit=40)


def shown(value: object, limit: int = SHOWN_LENGTH) -> str:
    """A one-line quotation of ``value`` for an error message: its repr, with runs of white space made one
    space, and cut in the middle past ``limit`` characters (a 5,000-digit number says how many digits).

    >>> shown(2 ** 20), shown('a\\nb'), shown(np.arange(3))
    ('1048576', "'a\\\\nb'", 'array([0, 1, 2])')
    >>> shown(10 ** 5000), shown(-2 ** 400)
    ('...000000000000000 (an int of about 5,001 digits)', '-2582249878086908...171972747493376 (121 digits)')
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 3 * limit // 2:
        return _long_int(value)
    try:
        text = repr(value)
    except Exception:  # a broken __repr__ must not hide the real error
        text = f'<{type(value).__name__} object>'
    half = (limit - 3) // 2
    if len(text) > 8 * limit:  # only the ends are quoted: white space made one space in each end, not in all
        head, tail = _WHITE_SPACE.sub(' ', text[:4 * limit]), _WHITE_SPACE.sub(' ', text[-4 * limit:])
        if len(head) > limit and len(tail) > limit:  # so the whole, made one line, is longer than the limit
            return f'{head[:half]}...{tail[-half:]}'
    text = _WHITE_SPACE.sub(' ', text)
    if len(text) <= limit:
        return text
    return f'{text[:half]}...{text[-half:]}'


_WHITE_SPACE = re.compile(r'\s+')


def _long_int(value: int) -> str:
    """A huge int's first and last digits and its length (Python refuses ``str`` past 4,300 digits)."""
    sign = '-' if value < 0 else ''
    value = abs(value)
    size = len(str(value)) if value.bit_length() < 14_000 else int(value.bit_length() * math.log10(2)) + 1
    if size > 4000:
        return f'{sign}...{value % 10 ** 15:015d} (an int of about {size:,} digits)'
    digits = str(value)
    return f'{sign}{digits[:16]}...{digits[-15:]} ({size} digits)'


_NOT_NUMBERS = (bool, np.bool_, np.timedelta64, np.datetime64)
"""Types Python or NumPy count as numbers that are not numbers here: truth values and durations."""


def is_whole(value: object) -> bool:
    """Whether ``value`` is a whole number: an ``int`` or NumPy integer, not a ``bool`` (nor a float, nor a
    NumPy duration).

    >>> is_whole(3), is_whole(np.int8(3)), is_whole(True), is_whole(3.0), is_whole(np.timedelta64(3))
    (True, True, False, False, False)
    """
    if type(value) is int:  # the common case, without the ABC machinery
        return True
    return isinstance(value, (numbers.Integral, np.integer)) and not isinstance(value, _NOT_NUMBERS)


def is_real(value: object) -> bool:
    """Whether ``value`` is a real number: an ``int``, ``float`` or NumPy number, not a ``bool`` (nor a NumPy
    duration); it may still be too large for a float, or not finite.

    >>> is_real(2.5), is_real(np.float32(2)), is_real(10 ** 400), is_real(True), is_real('2')
    (True, True, True, False, False)
    """
    if type(value) is float or type(value) is int:  # the common case, without the ABC machinery
        return True
    return isinstance(value, (numbers.Real, np.integer, np.floating)) and not isinstance(value, _NOT_NUMBERS)


def is_items(value: object) -> TypeGuard[Iterable[Any]]:
    """Whether ``value`` holds items to read one by one: an iterable that is not text or bytes, nor a 0-d NumPy
    array (iterable by its type, not in fact).

    >>> is_items([1, 2]), is_items(np.arange(2)), is_items(np.array(3)), is_items('ab'), is_items(3)
    (True, True, False, False, False)
    """
    return isinstance(value, Iterable) and not isinstance(value, (str, bytes, bytearray)) \
        and getattr(value, 'ndim', 1) != 0


def index_below(value: object, stop: int) -> int | None:
    """``value`` as an int if it is a whole number (int or NumPy integer, not a bool or float) in ``0..stop-1``.

    >>> index_below(3, 52), index_below(52, 52), index_below(True, 52), index_below(2.0, 52)
    (3, None, None, None)
    """
    if not is_whole(value):
        return None
    number = operator.index(value)  # type: ignore[arg-type]
    return number if 0 <= number < stop else None


def flag(name: str, value: object, *, error: type[PokerError] = SettingError) -> bool:
    """``value`` as a bool if it is one (or a NumPy bool, or the int 0 or 1), else ``error`` quoting it."""
    if isinstance(value, (bool, np.bool_)) or (is_whole(value) and value in (0, 1)):
        return bool(value)
    raise error(f'{name} must be True or False, got {shown(value)}')


def text(name: str, value: object, *, longest: int = 1000, error: type[PokerError] = SettingError) -> str:
    """``value`` if it is text (a ``str``) of at most ``longest`` characters, else ``error`` quoting it.

    >>> text('title', 'Flop'), text('title', '')
    ('Flop', '')
    >>> text('title', b'Flop')
    Traceback (most recent call last):
    ...
    poker.errors.SettingError: title must be text, got b'Flop'
    """
    if not isinstance(value, str):
        raise error(f'{name} must be text, got {shown(value)}')
    if len(value) > longest:
        raise error(f'{name} must be text of at most {longest:,} characters, got {len(value):,}: {shown(value)}')
    return value


def choice(name: str, value: object, choices: Iterable[str], *, error: type[PokerError] = SettingError) -> str:
    """``value`` if it is one of the texts ``choices``, else ``error`` naming them and quoting it.

    >>> choice('street', 'flop', ('flop', 'turn'))
    'flop'
    >>> choice('street', 'Flop', ('flop', 'turn'))
    Traceback (most recent call last):
    ...
    poker.errors.SettingError: street must be one of flop, turn, got 'Flop'
    """
    options = tuple(choices)
    if isinstance(value, str) and value in options:
        return value
    raise error(f'{name} must be one of {", ".join(options)}, got {shown(value)}')


def instance(name: str, value: object, kind: type[_T], *, error: type[PokerError] = SettingError,
             what: str | None = None) -> _T:
    """``value`` if it is an instance of ``kind``, else ``error`` saying what it must be (``what``, by default
    the class name) and quoting it.

    >>> instance('stats', None, int, what='HandStatistics')
    Traceback (most recent call last):
    ...
    poker.errors.SettingError: stats must be HandStatistics, got None
    """
    if isinstance(value, kind):
        return value
    raise error(f'{name} must be {what or kind.__name__}, got {shown(value)}')


def whole_number(name: str, value: object, *, minimum: int | None = 0, maximum: int | None = None,
                 error: type[PokerError] = SettingError) -> int:
    """``value`` as an int if it is a whole number from ``minimum`` to ``maximum`` (either may be None: no bound
    but that of about 3,900 digits, past which Python could not write it), else ``error`` quoting it."""
    if is_whole(value):
        number = operator.index(value)  # type: ignore[arg-type]
        if (minimum is None or number >= minimum) and (maximum is None or number <= maximum):
            if number.bit_length() <= _LONGEST_WHOLE_BITS:
                return number
            raise error(f'{name} must be a whole number of at most 3,900 digits, got {shown(value)}')
    if minimum is not None and maximum is not None:
        need = f'from {minimum} to {maximum}'
    elif minimum is not None:
        need = f'of at least {minimum}'
    elif maximum is not None:
        need = f'of at most {maximum}'
    else:
        need = '(an int)'
    raise error(f'{name} must be a whole number {need}, got {shown(value)}')


_LONGEST_WHOLE_BITS = 12_950
"""The longest whole number taken where no maximum is stated, in bits (about 3,900 digits): Python writes no int
of more than 4,300 digits, and a count or a size that long means nothing, so every value taken can be shown."""


def real_number(name: str, value: object, *, error: type[PokerError] = SettingError) -> float:
    """``value`` as a finite float if it is a real number (int, float or NumPy number, not a bool) that a
    float can hold, else ``error`` quoting it."""
    if type(value) is float and math.isfinite(value):  # the common case, at once
        return value
    if is_real(value):
        try:
            number = float(value)  # type: ignore[arg-type]
        except OverflowError:  # an int past 1.8e308
            number = math.inf
        if math.isfinite(number):
            return number
    raise error(f'{name} must be a finite number, got {shown(value)}')


def amount(name: str, value: object, *, positive: bool = False, maximum: float = 1e300,
           error: type[PokerError] = BettingError) -> float:
    """``value`` as a float if it is a finite amount of at least 0 (more than 0 if ``positive``) and at most
    ``maximum``, else ``error`` quoting it.

    The default ceiling, 1e300, leaves room for the arithmetic on amounts (a pot plus a call, a fraction
    of a bankroll) to stay finite.
    """
    need = 'more than 0' if positive else 'at least 0'
    try:
        number = real_number(name, value, error=error)
    except PokerError:
        raise error(f'{name} must be a finite amount of {need}, got {shown(value)}') from None
    if number < 0 or (positive and number == 0):
        raise error(f'{name} must be a finite amount of {need}, got {shown(value)}')
    if number > maximum:
        raise error(f'{name} must be at most {maximum:g}, got {shown(value)}')
    return number + 0.0  # -0.0 reads as 0.0


def probability(name: str, value: object, *, error: type[PokerError] = BettingError) -> float:
    """``value`` as a float if it is a number from 0 to 1, else ``error`` quoting it."""
    try:
        number = real_number(name, value, error=error)
    except PokerError:
        number = math.nan
    if not 0 <= number <= 1:
        raise error(f'{name} must be a probability from 0 to 1, got {shown(value)}')
    return number + 0.0


SHARE_SLACK = 1e-9
"""How far outside 0 to 1 a computed share may come out of rounding (a ratio of sums added in another order)."""


def share(name: str, value: object, *, error: type[PokerError] = SettingError) -> float:
    """``value`` as a float if it is a finite share from 0 to 1 (give or take :data:`SHARE_SLACK` of rounding),
    else ``error`` quoting it: the check of computed probabilities and strengths in result objects.

    >>> share('win', 0.25), share('win', 1 + 1e-15)
    (0.25, 1.000000000000001)
    """
    number = real_number(name, value, error=error)
    if not -SHARE_SLACK <= number <= 1 + SHARE_SLACK:
        raise error(f'{name} must be a share from 0 to 1, got {shown(value)}')
    return number


def is_masked(value: object) -> bool:
    """Whether ``value`` is a NumPy masked array: an array whose class, or a base of it, is NumPy's
    ``MaskedArray``, recognised by its module and name without touching ``numpy.ma``.

    Not ``np.ma.MaskedArray``: reading ``np.ma`` imports it (about 20 ms, on every first call of a process).
    Nor ``sys.modules['numpy.ma']``: while another thread imports it (a dask worker serialising a result does),
    that module is there half made, without ``MaskedArray`` yet. A masked array cannot exist before its class.

    >>> import numpy as np
    >>> is_masked(np.zeros(2)), is_masked([1, 2]), is_masked(np.ma.masked_array([1, 2], mask=[0, 1]))
    (False, False, True)
    """
    if type(value) is np.ndarray or not isinstance(value, np.ndarray):
        return False
    return any(kind.__name__ == 'MaskedArray' and kind.__module__ in _MASKED_ARRAY_HOMES
               for kind in type(value).__mro__)


_MASKED_ARRAY_HOMES = frozenset({'numpy.ma', 'numpy.ma.core'})
"""The modules NumPy's ``MaskedArray`` names as its own (``numpy.ma`` in recent NumPy, ``numpy.ma.core`` in older)."""


def integer_array(name: str, value: object, *, ndim: int | None = None,
                  error: type[PokerError] = SettingError) -> np.ndarray:
    """``value`` as a NumPy integer array (with ``ndim`` dimensions, if given), else ``error`` quoting it.

    Ragged nesting, booleans, floats (even whole ones), strings and objects are refused; an empty array
    of any numeric dtype is an empty integer array.

    >>> integer_array('cards', [[1, 2], [3, 4]], ndim=2).tolist()
    [[1, 2], [3, 4]]
    >>> integer_array('cards', [[1, 2], [3]])
    Traceback (most recent call last):
    ...
    poker.errors.SettingError: cards must be a rectangular array of whole numbers, got [[1, 2], [3]]
    """
    if is_masked(value):
        raise error(f'{name} must be a plain array, not a masked one, got {shown(value)}')
    try:
        array = value if isinstance(value, np.ndarray) else np.asarray(value)
    except (ValueError, TypeError, OverflowError, RecursionError):
        array = None
    if array is None or array.dtype == object:
        raise error(f'{name} must be a rectangular array of whole numbers, got {shown(value)}')
    if array.size == 0 and array.dtype.kind in 'biuf':
        array = array.astype(np.intp)
    if array.dtype.kind not in 'iu':
        raise error(f'{name} must hold whole numbers, got dtype {array.dtype}: {shown(value)}')
    if ndim is not None and array.ndim != ndim:
        raise error(f'{name} must be a {ndim}-dimensional array, got shape {array.shape}: {shown(value)}')
    return array


def real_array(name: str, value: object, *, ndim: int | None = None, shape: tuple[int, ...] | None = None,
               error: type[PokerError] = SettingError) -> np.ndarray:
    """``value`` as a fresh float64 NumPy array of finite numbers (with ``ndim`` dimensions or this ``shape``, if
    given), else ``error`` quoting it. Booleans, text, objects, ragged nesting and masked arrays are refused.

    >>> real_array('strengths', [0.5, 1], ndim=1).tolist()
    [0.5, 1.0]
    >>> real_array('strengths', [0.5, float('nan')])
    Traceback (most recent call last):
    ...
    poker.errors.SettingError: strengths must hold finite numbers, got [0.5, nan]
    """
    if is_masked(value):
        raise error(f'{name} must be a plain array, not a masked one, got {shown(value)}')
    try:
        array = np.asarray(value)
    except (ValueError, TypeError, OverflowError, RecursionError):
        array = None
    if array is None or array.dtype.kind not in 'iuf':
        raise error(f'{name} must be an array of numbers, got {shown(value)}')
    with np.errstate(over='ignore'):  # a float128 past float64's range becomes inf, refused just below
        floats = array.astype(np.float64)
    if not np.isfinite(floats).all():
        raise error(f'{name} must hold finite numbers, got {shown(value)}')
    if ndim is not None and floats.ndim != ndim:
        raise error(f'{name} must be a {ndim}-dimensional array, got shape {floats.shape}: {shown(value)}')
    if shape is not None and floats.shape != shape:
        raise error(f'{name} must be an array of shape {shape}, got shape {floats.shape}: {shown(value)}')
    return floats + 0.0  # -0.0 reads as 0.0


def reading(read: Callable[..., _T], /, *, optional: bool = False,
            **options: Any) -> attrs.Converter[object, _T | None]:
    """An attrs converter that reads its field with ``read(name, value, **options)``, ``name`` the field's own: the one
    way a value class reads a field, as its functions read the argument of that name. ``read`` is one of this
    module's readings (or any function of a name and a value that returns the value read or raises a
    :class:`~poker.errors.PokerError`); the record holds what it returns, so a number given as a ``Fraction``, a
    ``Decimal`` or a NumPy scalar is held as the plain int or float it reads as (its repr, its JSON and its
    arithmetic are a float's or an int's). An ``optional`` field may also be None, which it holds as None.

    >>> import attrs, fractions
    >>> @attrs.frozen
    ... class Bet:
    ...     chips: float = attrs.field(converter=reading(amount, positive=True))
    ...     raises: int = attrs.field(default=0, converter=reading(whole_number, maximum=4))
    >>> Bet(fractions.Fraction(1, 4), np.int64(2))
    Bet(chips=0.25, raises=2)
    >>> Bet(2, raises=5)
    Traceback (most recent call last):
    ...
    poker.errors.SettingError: raises must be a whole number from 0 to 4, got 5

    (mypy's attrs plugin reads no :class:`attrs.Converter` yet: a field that reads with this converter says so to
    mypy with ``# type: ignore[misc]``, and its ``__init__`` parameter is untyped to mypy, ``object`` at run time.)
    """
    def read_field(value: object, field: attrs.Attribute[object]) -> _T | None:
        return None if optional and value is None else read(field.name, value, **options)
    return attrs.Converter(read_field, takes_field=True)


class CheckedEnumType(enum.EnumType):
    """The metaclass of the library's enums: calling one with a value that names no member raises what its
    ``_missing_`` raises (a :class:`~poker.errors.PokerError` quoting the value cut short), and a bool names
    no member. (Python's own refusal is a ValueError that quotes the whole value, or fails to.)"""

    def __call__(cls, value: Any, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs:  # the functional API: a new enum
            return super().__call__(value, *args, **kwargs)
        if isinstance(value, cls):
            return value
        try:
            member = None if isinstance(value, (bool, np.bool_)) else cls._value2member_map_.get(value)
        except (TypeError, ValueError):  # unhashable (a list, a NumPy duration): no member's value
            member = None
        if member is None:
            cls._missing_(value)  # type: ignore[attr-defined]  # (an Enum class)
            raise SettingError(f'{cls.__name__} has no member {shown(value)}')
        return member


def finite_array(name: str, value: object, *, ndim: int | None = None,
                 error: type[PokerError] = SettingError) -> np.ndarray:
    """``value`` if it is a NumPy array of numbers (or truth values) with no NaN or infinity (and ``ndim``
    dimensions, if given), else ``error`` quoting it: the check of the frozen result classes' array fields.

    >>> finite_array('counts', np.arange(3)).tolist()
    [0, 1, 2]
    """
    if not isinstance(value, np.ndarray) or is_masked(value) or value.dtype.kind not in 'biuf':
        raise error(f'{name} must be an array of numbers, got {shown(value)}')
    # a finite sum has no NaN or infinity in it (the full test only when the sum is not finite: overflow?)
    if value.dtype.kind == 'f' and not math.isfinite(value.sum()) and not np.isfinite(value).all():
        raise error(f'{name} must hold finite numbers, got {shown(value)}')
    if ndim is not None and value.ndim != ndim:
        raise error(f'{name} must be a {ndim}-dimensional array, got shape {value.shape}: {shown(value)}')
    return value


def read_method(value: object, methods: tuple[_Method, ...]) -> _Method:
    """``value`` if it is one of ``methods`` (a vocabulary above: ``'auto'``, the default everywhere, lets the
    library choose; the others force a way of counting), else a :class:`~poker.errors.SettingError` quoting
    it and listing the choices: the one reading of every ``method`` argument.

    >>> read_method('sampled', EQUITY_METHODS)
    'sampled'
    >>> read_method('sample', EQUITY_METHODS)
    Traceback (most recent call last):
    ...
    poker.errors.SettingError: method must be 'auto', 'exact' or 'sampled', got 'sample'
    """
    if isinstance(value, str):
        for method in methods:
            if value == method:
                return method
    names = [repr(method) for method in methods]
    raise SettingError(f"method must be {', '.join(names[:-1])} or {names[-1]}, got {shown(value)}")


def read_only(value: object, *, copy: bool = False) -> np.ndarray:
    """``value`` as a NumPy array that cannot be written (the converter of the frozen result classes'
    array fields); ``copy`` first when the array may be someone else's. Values NumPy cannot make an array of
    (ragged or too deep nesting) and masked arrays are a :class:`~poker.errors.SettingError`."""
    if is_masked(value):
        raise SettingError(f'an array must be a plain array, not a masked one, got {shown(value)}')
    try:
        array = np.array(value) if copy else np.asarray(value)
    except (ValueError, TypeError, OverflowError, RecursionError):
        raise SettingError(f'not an array of numbers: {shown(value)}') from None
    array.flags.writeable = False
    return array


def frozen_array(name: str, value: object, *, read: Callable[..., np.ndarray] = finite_array, copy: bool = False,
                 **options: Any) -> np.ndarray:
    """``value`` as an array that cannot be written (:func:`read_only`; a copy first with ``copy``, when the array may
    be someone else's), read by ``read(name, array, **options)``: :func:`finite_array` (the default),
    :func:`integer_array` or any reading of an array. The reading of the result classes' array fields
    (``field(converter=reading(frozen_array, ndim=2))``).

    >>> counts = frozen_array('counts', [[1, 2]], read=integer_array, ndim=2)
    >>> counts.tolist(), counts.flags.writeable
    ([[1, 2]], False)
    """
    array = read(name, read_only(value, copy=copy), **options)
    array.flags.writeable = False
    return array


def same_array(first: np.ndarray | None, second: np.ndarray | None) -> bool:
    """Whether two arrays are one value: the same shape, the same dtype and equal entries (None equals None alone).
    How a value object compares its array fields (:data:`ARRAY_VALUE`).

    >>> same_array(np.array([1, 2]), np.array([1, 2])), same_array(np.array([1, 2]), np.array([1.0, 2.0]))
    (True, False)
    >>> same_array(np.zeros(3), np.zeros((1, 3))), same_array(None, None), same_array(None, np.zeros(0))
    (False, True, False)
    """
    if first is None or second is None:
        return first is second
    return first.shape == second.shape and first.dtype == second.dtype and bool(np.array_equal(first, second))


ARRAY_VALUE = attrs.cmp_using(eq=same_array, class_name='ArrayValue')
"""The comparison of a value object's array field, the one rule of the package's attrs classes:
``field(eq=ARRAY_VALUE, hash=False)``. ``==`` then compares the arrays by :func:`same_array` (attrs' plain ``==``
on two arrays raises NumPy's ValueError), and the array is left out of the hash (an array is not hashable), so
equal objects hash equal. A class that is no value (a working record) says ``@frozen(eq=False)``: it is equal
to itself alone."""


MAX_SEED = 2 ** 63 - 1
"""The largest seed: a seed is a whole number from 0 to 2**63 - 1 everywhere (:func:`read_seed`)."""


@overload
def read_seed(value: object) -> int | None: ...
@overload
def read_seed(value: object, *, fresh: Literal[False]) -> int: ...
def read_seed(value: object, *, fresh: bool = True) -> int | None:
    """``value`` as a seed, else a :class:`~poker.errors.SettingError` quoting it: the one reading of every
    ``seed`` argument (and of the ``seed`` field a record keeps), the CLI's ``--seed`` included.

    A seed is a whole number (an int or NumPy integer, not a bool) from 0 to :data:`MAX_SEED` (2**63 - 1), or
    None, which means fresh entropy: each call draws anew (every ``seed`` parameter defaults to None). The range
    is the CLI's, it fits the int64 columns of a result's frame and any JSON reader, and every generator used takes
    it alike (``random.Random``, NumPy's ``SeedSequence``); negative seeds are refused, for ``random.Random``
    would read -5 as 5. A record of the seed used (``fresh=False``) refuses None.

    >>> read_seed(7), read_seed(None), read_seed(np.uint64(2 ** 63 - 1))
    (7, None, 9223372036854775807)
    >>> read_seed(-5)
    Traceback (most recent call last):
    ...
    poker.errors.SettingError: seed must be None or a whole number from 0 to 9223372036854775807, got -5
    """
    if value is None and fresh:
        return None
    if is_whole(value):
        number = operator.index(value)  # type: ignore[arg-type]
        if 0 <= number <= MAX_SEED:
            return number
    need = 'None or a whole number' if fresh else 'a whole number'
    raise SettingError(f'seed must be {need} from 0 to {MAX_SEED}, got {shown(value)}')


def read_recorded_seed(value: object) -> int:
    """The reading of a record's ``seed`` field: the seed a record was made with, a number (see :func:`read_seed`)."""
    return read_seed(value, fresh=False)
