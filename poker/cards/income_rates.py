"""Papp's preflop income rates of the 169 starting-hand classes, as three 13x13 grids.

The grids are written by tools/make_income_rates.py from tests/data/income_rates.csv (between two marker
lines; do not edit them by hand); the rest of this module is written by hand.

Source: D. Papp, "Dealing with Imperfect Information in Poker", MSc thesis, University of Alberta,
1998, Appendix A, tables IR2, IR4 and IR7: 1,000,000 simulated deals per class against 1, 3 and 6
random opponents who always call to the end; IR = net bankroll / hands played (Papp eq. 5.1), in
thousandths of a bet per hand. IR2 is used against 1 opponent, IR4 against 2-3, IR7 against 4 or more.

Layout: rows and columns run A K Q J T 9 8 7 6 5 4 3 2; pairs on the diagonal, suited hands above it
(row = higher card), offsuit hands below it (column = higher card), as in
:data:`poker.cards.starting_hand.HAND_CLASSES`.
"""

from __future__ import annotations

import numpy as np

from ..errors import HandClassError, OpponentCountError
from ..validators import index_below, shown, whole_number

__all__ = ['INCOME_RATES', 'IR2', 'IR4', 'IR7', 'MAX_OPPONENTS', 'class_income_rate', 'income_rate_table',
           'read_opponents']

# -- the grids, written by tools/make_income_rates.py from tests/data/income_rates.csv: do not edit them
#            A     K     Q     J     T     9     8     7     6     5     4     3     2
IR2: tuple[tuple[int, ...], ...] = (
    (  704,   339,   323,   305,   291,   257,   240,   220,   198,   198,   180,   164,   146),  # A
    (  305,   647,   268,   249,   235,   200,   168,   151,   132,   116,    98,    79,    63),  # K
    (  289,   228,   598,   204,   188,   153,   121,    86,    72,    55,    34,    21,     2),  # Q
    (  271,   212,   161,   549,   149,   113,    79,    46,    11,     0,   -19,   -35,   -52),  # J
    (  254,   195,   146,   102,   499,    81,    47,    12,   -19,   -56,   -69,   -86,  -104),  # T
    (  215,   155,   106,    65,    28,   440,    16,   -17,   -50,   -84,  -122,  -134,  -152),  # 9
    (  197,   120,    72,    29,    -4,   -39,   384,   -43,   -75,  -108,  -143,  -182,  -192),  # 8
    (  176,   104,    37,    -6,   -43,   -72,   -99,   324,   -91,  -125,  -162,  -200,  -236),  # 7
    (  154,    85,    19,   -43,   -78,  -108,  -134,  -153,   264,  -138,  -171,  -208,  -247),  # 6
    (  153,    68,     2,   -55,  -114,  -148,  -169,  -189,  -201,   207,  -169,  -206,  -244),  # 5
    (  134,    46,   -17,   -75,  -130,  -185,  -209,  -231,  -240,  -236,   142,  -225,  -263),  # 4
    (  116,    27,   -35,   -93,  -148,  -201,  -251,  -267,  -277,  -274,  -296,    74,  -279),  # 3
    (   98,    10,   -53,  -113,  -166,  -217,  -264,  -308,  -318,  -314,  -334,  -351,     7),  # 2
)

#            A     K     Q     J     T     9     8     7     6     5     4     3     2
IR4: tuple[tuple[int, ...], ...] = (
    ( 1554,   655,   594,   539,   491,   381,   338,   295,   249,   266,   237,   211,   175),  # A
    (  541,  1325,   529,   473,   425,   318,   230,   199,   161,   128,   101,    76,    47),  # K
    (  473,   403,  1141,   423,   379,   274,   185,   108,    80,    51,    22,    -3,   -29),  # Q
    (  410,   348,   301,   965,   349,   248,   163,    82,     7,   -12,   -41,   -67,   -89),  # J
    (  354,   295,   255,   226,   806,   235,   150,    75,    -4,   -69,   -91,  -116,  -141),  # T
    (  241,   177,   136,   113,   104,   647,   138,    68,    -5,   -79,  -147,  -166,  -191),  # 9
    (  194,    84,    45,    24,    15,     0,   503,    66,    -2,   -73,  -140,  -204,  -226),  # 8
    (  148,    48,   -44,   -66,   -68,   -79,   -76,   376,     3,   -65,  -129,  -201,  -261),  # 7
    (   99,     9,   -74,  -145,  -152,  -158,  -152,  -145,   256,   -52,  -113,  -177,  -247),  # 6
    (  118,   -24,  -104,  -169,  -227,  -236,  -227,  -211,  -200,   152,   -91,  -151,  -219),  # 5
    (   84,   -55,  -135,  -204,  -252,  -308,  -300,  -287,  -269,  -246,    52,  -183,  -245),  # 4
    (   54,   -87,  -165,  -231,  -277,  -328,  -371,  -358,  -340,  -312,  -345,   -42,  -271),  # 3
    (   16,  -116,  -194,  -259,  -301,  -357,  -394,  -432,  -411,  -382,  -409,  -440,  -121),  # 2
)

#            A     K     Q     J     T     9     8     7     6     5     4     3     2
IR7: tuple[tuple[int, ...], ...] = (
    ( 2043,   934,   815,   720,   644,   475,   416,   365,   313,   363,   333,   304,   269),  # A
    (  712,  1621,   764,   669,   591,   423,   304,   261,   223,   190,   167,   141,   117),  # K
    (  574,   529,  1279,   628,   553,   384,   268,   162,   127,    99,    72,    49,    35),  # Q
    (  462,   420,   380,   996,   536,   377,   256,   147,    51,    30,     1,   -15,   -38),  # J
    (  373,   336,   305,   299,   765,   383,   268,   155,    59,   -29,   -46,   -68,   -88),  # T
    (  189,   151,   118,   118,   134,   565,   245,   153,    64,   -26,  -111,  -128,  -146),  # 9
    (  126,    22,   -10,   -10,     6,    -5,   420,   168,    93,     2,   -83,  -164,  -184),  # 8
    (   72,   -26,  -124,  -128,  -112,  -106,   -87,   298,   108,    35,   -47,  -135,  -208),  # 7
    (   23,   -72,  -164,  -235,  -217,  -204,  -175,  -151,   206,    64,   -10,   -95,  -174),  # 6
    (   64,  -103,  -200,  -259,  -309,  -303,  -270,  -230,  -198,   122,    31,   -38,  -121),  # 5
    (   32,  -133,  -223,  -287,  -334,  -391,  -362,  -323,  -273,  -227,    67,   -69,  -148),  # 4
    (   -1,  -163,  -248,  -308,  -356,  -414,  -447,  -418,  -365,  -304,  -347,    21,  -180),  # 3
    (  -39,  -188,  -274,  -336,  -383,  -433,  -469,  -495,  -459,  -397,  -422,  -462,    -6),  # 2
)
# -- end of the grids

MAX_OPPONENTS = 22
"""The most opponents at one table: 23 players' hole cards and a board use 51 of the 52 cards."""

INCOME_RATES: dict[str, tuple[tuple[int, ...], ...]] = {'1': IR2, '2-3': IR4, '4+': IR7}
"""The three grids by number of opponents."""


def read_opponents(opponents: int | None, limit: int = MAX_OPPONENTS, *, default: int | None = None) -> int:
    """``opponents`` as an int if it is a whole number from 1 to ``limit`` (:data:`MAX_OPPONENTS`, or fewer where
    a function allows fewer), else an :class:`~poker.errors.OpponentCountError` quoting it: the one reading of
    every ``opponents`` argument and field. A bool is not a number (``False`` is not 0 opponents, nor 1), and
    None is read as ``default`` where the function documents one (``opponents: int | None = None``), else refused.

    >>> read_opponents(3), read_opponents(None, default=2)
    (3, 2)
    >>> read_opponents(False)
    Traceback (most recent call last):
    ...
    poker.errors.OpponentCountError: opponents must be a whole number from 1 to 22, got False
    """
    if opponents is None and default is not None:
        opponents = default
    return whole_number('opponents', opponents, minimum=1, maximum=limit, error=OpponentCountError)


def income_rate_table(opponents: int = 1) -> tuple[tuple[int, ...], ...]:
    """The 13x13 grid used against ``opponents``: IR2 for 1, IR4 for 2-3, IR7 for 4 or more.

    >>> income_rate_table(3) is IR4
    True
    """
    count = read_opponents(opponents)
    return INCOME_RATES['1' if count == 1 else '2-3' if count <= 3 else '4+']


def class_income_rate(index: int, opponents: int = 1) -> int:
    """Papp's income rate of the class at grid ``index`` (0 to 168, see
    :data:`~poker.cards.starting_hand.HAND_CLASSES`) against ``opponents``, in thousandths of a bet."""
    number = index_below(index, 169)
    if number is None:
        raise HandClassError(f'a class index is a whole number from 0 to 168, got {shown(index)}')
    return income_rate_table(opponents)[number // 13][number % 13]
