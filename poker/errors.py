"""The exceptions of :mod:`poker`: one root, :class:`PokerError`, and a narrow subclass per mistake.

Every error is a :class:`ValueError`, so ``except ValueError`` still works, and every message quotes the
input that caused it:

>>> from poker import Card, CardParseError
>>> try:
...     Card.parse('Ax')
... except CardParseError as error:
...     print(error)
invalid card 'Ax': unknown suit 'x' (expected one of cdhs or ♣♦♥♠)
"""

from __future__ import annotations

__all__ = [
    'BettingError',
    'CardCountError',
    'CardParseError',
    'DuplicateCardError',
    'HandClassError',
    'HandValueError',
    'LookaheadError',
    'MissingCardError',
    'MissingDependencyError',
    'OpponentCountError',
    'PokerError',
    'ProtocolError',
    'RangeParseError',
    'RankerError',
    'ScenarioError',
    'SettingError',
    'TableError',
    'WeightsError',
]


class PokerError(ValueError):
    """The root of every error this library raises on bad input.

    Its message is always one line: line breaks in it (from a quoted multi-line value) become spaces.

    >>> str(PokerError('bad weights array([[1.],\\n       [2.]])'))
    'bad weights array([[1.], [2.]])'
    """

    def __init__(self, *args: object) -> None:
        if len(args) == 1 and isinstance(args[0], str) and ('\n' in args[0] or '\r' in args[0]):
            args = (' '.join(args[0].split()),)
        super().__init__(*(arg if isinstance(arg, str) else _quoted(arg) for arg in args))


def _quoted(value: object) -> str:
    """What an error holds of an argument that is not text (the library gives text; a caller may give anything): its
    repr made one line and cut to 200 characters, or its type's name when it has none (a broken ``__repr__``, an int
    past Python's 4,300 digits of text, a list nested too deep), so the error's ``str`` and ``repr`` never raise.

    >>> str(PokerError(10 ** 5000)), str(PokerError(3))
    ('<int object>', '3')
    """
    try:
        text = ' '.join(repr(value).split())
    except Exception:  # noqa: BLE001 - any failure of a caller's repr
        return f'<{type(value).__name__} object>'
    return text if len(text) <= 200 else f'{text[:98]}...{text[-99:]}'


class CardParseError(PokerError):
    """Text that does not name a card (``'Ax'``, ``'1h'``, ``''``)."""


class DuplicateCardError(PokerError):
    """The same card given twice, within one hand or across hole cards and board."""


class MissingCardError(PokerError):
    """A card asked for that is not there (removing a card a hand does not hold)."""


class HandClassError(PokerError):
    """A starting-hand class name that does not exist (``'AKx'``, ``'AAs'``)."""


class HandValueError(PokerError):
    """A hand value outside 1 to 7,462 (or a hand category outside 0 to 8)."""


class CardCountError(PokerError):
    """The wrong number of cards for the object (a starting hand needs 2, a rankable hand 5 to 7)."""


class LookaheadError(PokerError):
    """A look-ahead the board does not allow (a turn and river on the turn, any card on the river)."""


class OpponentCountError(PokerError):
    """A number of opponents outside the supported range."""


class WeightsError(PokerError):
    """Opponent weights of the wrong shape, negative, not finite, totalling more than
    :data:`~poker.ranges.weights.MAX_TOTAL_WEIGHT`, or all zero once known cards are removed (a weight below
    :data:`~poker.ranges.weights.MIN_WEIGHT` counts as 0)."""


class RangeParseError(PokerError):
    """Range notation that cannot be read (``'QQ++'``, ``'AKx'``, ``'A5s-K2s'``)."""


class BettingError(PokerError):
    """A pot, bet, bankroll or probability that cannot be bet with: negative, not finite or out of range."""


class ScenarioError(PokerError):
    """A scenario file that cannot be read, or a scenario in it with a missing or bad field."""


class SettingError(PokerError):
    """A setting of the wrong type or out of its range: a cache size, a number of samples or deals, a
    method name."""


class RankerError(SettingError):
    """A ranker that is not a :class:`~poker.ranking.ranker.HandRanker` class: ``None``, ``42``, ``int``, or a
    ranker instance where the class is wanted (every ``ranker=`` argument takes the class)."""


class MissingDependencyError(PokerError):
    """An optional extra that a feature needs is not installed (matplotlib for pictures)."""


class ProtocolError(PokerError):
    """Text in the ACPC notation that cannot be read: a game definition, a dealer's ``MATCHSTATE`` line, a log
    line, a betting or card string (the message quotes it, with its line number when it comes from a file); or
    an ACPC dealer that cannot be reached or that falls silent."""


class TableError(PokerError):
    """A strength table that cannot be built or read: mismatched parameters, an altered chunk, a missing hand."""
