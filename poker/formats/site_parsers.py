"""pokerkit's hand-history parsers of the poker sites, extended to fixed-limit Texas hold'em (the extra
``loki-holdem[pokerkit]``).

pokerkit (``pokerkit.notation``) reads the hand histories of PokerStars, Full Tilt Poker, the iPoker network and
PartyPoker (and others) into its ``HandHistory``, the PHH format, but no-limit hold'em only: each parser is a class
with a variant pattern (``VARIANT``) and a table of variants (``VARIANTS``) that knows ``Hold'em No Limit`` alone,
so a fixed-limit file gives "Unable to parse variant". :class:`FixedLimitParser` is a mixin that extends such a
parser, without rewriting it:

* its variant pattern also matches the site's fixed-limit hold'em, which its table reads as ``'FT'``
  (pokerkit's ``FixedLimitTexasHoldem``);
* ``STAKES`` reads the small and big bets from the hand's header;
* a fixed-limit hand is read by the parser's own no-limit reading (every fixed-limit action is a legal no-limit
  action of the same amounts: a bet or raise of the fixed size is at least the smallest raise), then retyped as
  fixed-limit hold'em with its small and big bets, and played out again under pokerkit's fixed-limit rules, which
  check that every bet and raise was of the fixed size (else the hand is refused: a ``ValueError``, as pokerkit's
  parsers refuse a hand).

:class:`PokerStarsParser`, :class:`FullTiltPokerParser`, :class:`IPokerNetworkParser` and
:class:`PartyPokerParser` are pokerkit's parsers so extended; :data:`PARSERS` lists them, and
:func:`fixed_limit_parser` extends any other ``REParser`` subclass given its patterns. Called as pokerkit's
parsers are (``parser(text)``, a generator of ``HandHistory``), they read the no-limit hands as before and the
fixed-limit ones too. This module is written so that it can be offered to pokerkit as it stands (its names are
pokerkit's; it imports nothing of this library).

Limits: a site's heads-up fixed-limit tables without a cap on raises are read with pokerkit's cap of 4 bets and
raises a round (a hand past it is refused); the pot is taken whole by its winners (pokerkit's hand histories
leave the rake out unless a rake function is given).

>>> hand = '''PokerStars Hand #1: Hold'em Limit ($0.10/$0.20 USD) - 2024/01/15 14:30:00 ET
... Table 'Test' 2-max Seat #1 is the button
... Seat 1: Ann ($5 in chips)
... Seat 2: Bob ($5 in chips)
... Ann: posts small blind $0.05
... Bob: posts big blind $0.10
... *** HOLE CARDS ***
... Dealt to Ann [Ah Kh]
... Ann: raises $0.10 to $0.20
... Bob: folds
... Uncalled bet ($0.10) returned to Ann
... Ann collected $0.20 from pot
... '''
>>> import warnings; warnings.simplefilter('ignore')   # (pokerkit warns of the header's time zone)
>>> history = next(PokerStarsParser()(hand))
>>> history.variant, history.small_bet, history.big_bet, history.actions
('FT', Decimal('0.10'), Decimal('0.20'), ['d dh p1 ????', 'd dh p2 AhKh', 'p2 cbr 0.20', 'p1 f'])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from re import Pattern, compile, search
from typing import TYPE_CHECKING, Any, ClassVar

from pokerkit import notation

if TYPE_CHECKING:
    from pokerkit import HandHistory

__all__ = ['PARSERS', 'FixedLimitParser', 'FullTiltPokerParser', 'IPokerNetworkParser',
           'PartyPokerParser', 'PokerStarsParser', 'fixed_limit_parser']

_FIXED_LIMIT = 'FT'
"""pokerkit's code of fixed-limit Texas hold'em."""


class FixedLimitParser:
    """A mixin, first among the bases of a pokerkit ``REParser`` subclass, that reads the site's fixed-limit
    hold'em hands too (see the module). The subclass gives:

    * ``VARIANT``: the parser's variant pattern, its ``variant`` group matching the no-limit text (as before)
      *or* the fixed-limit one;
    * ``VARIANTS``: the parser's table with the fixed-limit text added, read as ``'FT'``;
    * ``NO_LIMIT_VARIANT``: the no-limit text the parser reads, put in place of the fixed-limit one for the
      no-limit reading;
    * ``STAKES``: a pattern of the hand's header with the groups ``small_bet`` and ``big_bet``.
    """

    VARIANT: ClassVar[Pattern[str]]
    VARIANTS: ClassVar[dict[str, str]]
    NO_LIMIT_VARIANT: ClassVar[str]
    """The text of no-limit hold'em in the site's header, which the parser reads as ``'NT'``."""
    STAKES: ClassVar[Pattern[str]]
    """The small and big bets of a fixed-limit hand, in the groups ``small_bet`` and ``big_bet``."""

    def _parse_variant(self, s: str) -> str:
        return super()._parse_variant(s)  # type: ignore[misc, no-any-return]

    def _no_limit_text(self, s: str) -> str:
        """The hand ``s`` with the fixed-limit variant's text replaced by :attr:`NO_LIMIT_VARIANT`."""
        m = search(self.VARIANT, s)
        assert m is not None   # (the variant was read)
        return s[:m.start('variant')] + self.NO_LIMIT_VARIANT + s[m.end('variant'):]

    def _parse_stakes(self, s: str, parse_value: Callable[[str], Any]) -> tuple[Any, Any]:
        m = search(self.STAKES, s)

        if m is None:
            raise ValueError('Unable to parse the small and big bets.')

        return parse_value(m['small_bet']), parse_value(m['big_bet'])

    def _parse(self, s: str, parse_value: Callable[[str], Any]) -> HandHistory:
        if self._parse_variant(s) != _FIXED_LIMIT:
            return super()._parse(s, parse_value)  # type: ignore[misc, no-any-return]

        small_bet, big_bet = self._parse_stakes(s, parse_value)
        no_limit = super()._parse(self._no_limit_text(s), parse_value)  # type: ignore[misc]
        hh: HandHistory = dataclasses.replace(
            no_limit,
            variant=_FIXED_LIMIT,
            min_bet=None,
            small_bet=small_bet,
            big_bet=big_bet,
        )

        for _ in hh:   # played out under fixed-limit rules: a bet of another size is a ValueError
            pass

        return hh


def fixed_limit_parser(base: type[Any], name: str, *, variant: str, variants: dict[str, str],
                       no_limit_variant: str, stakes: str, hole_dealing: str | None = None) -> type[Any]:
    """``base`` (a pokerkit ``REParser`` subclass) extended by :class:`FixedLimitParser`: ``variant`` its new
    variant pattern, ``variants`` the texts added to its table, ``no_limit_variant`` and ``stakes`` as the mixin
    says; ``hole_dealing`` a pattern of the hole cards dealt to the file's owner, for a parser that reads none
    (pokerkit's Full Tilt and PartyPoker parsers read the hole cards shown only)."""
    extra = {} if hole_dealing is None else {'HOLE_DEALING': compile(hole_dealing)}
    namespace = {**extra, 'VARIANT': compile(variant), 'VARIANTS': {**base.VARIANTS, **variants},
                 'NO_LIMIT_VARIANT': no_limit_variant, 'STAKES': compile(stakes),
                 '__doc__': f'pokerkit\'s ``{base.__name__}`` reading fixed-limit Texas hold\'em too '
                            '(:class:`FixedLimitParser`).',
                 '__module__': __name__, '__qualname__': name}
    return dataclasses.dataclass(type(name, (FixedLimitParser, base), namespace))


PokerStarsParser = fixed_limit_parser(
    notation.PokerStarsParser, 'PokerStarsParser',
    variant=r" (?P<variant>Hold'em No Limit|Hold'em Limit) ",
    variants={"Hold'em Limit": _FIXED_LIMIT},
    no_limit_variant="Hold'em No Limit",
    stakes=r"Hold'em Limit (?:- Level \S+ )?\(\D?(?P<small_bet>[0-9.,]+)/\D?(?P<big_bet>[0-9.,]+)")
"""PokerStars: ``Hold'em Limit ($0.10/$0.20 USD)`` beside pokerkit's ``Hold'em No Limit``."""

FullTiltPokerParser = fixed_limit_parser(
    notation.FullTiltPokerParser, 'FullTiltPokerParser',
    variant=r" - (\D?\d+ Cap )?(?P<variant>No Limit Hold'em|Limit Hold'em) - ",
    variants={"Limit Hold'em": _FIXED_LIMIT},
    no_limit_variant="No Limit Hold'em",
    stakes=r" - \D?(?P<small_bet>[0-9.,]+)/\D?(?P<big_bet>[0-9.,]+) - (\D?\d+ Cap )?Limit Hold'em - ",
    hole_dealing=r'Dealt to (?P<player>.+) \[(?P<cards>[1-9TJQKAcdhs ]+)\]')
"""Full Tilt Poker: ``$0.50/$1 - Limit Hold'em`` beside ``No Limit Hold'em``; the hole cards ``Dealt to`` the
file's owner read too."""

PartyPokerParser = fixed_limit_parser(
    notation.PartyPokerParser, 'PartyPokerParser',
    variant=r" (?P<variant>NL Texas Hold'em|Texas Hold'em) - ",
    variants={"Texas Hold'em": _FIXED_LIMIT},
    no_limit_variant="NL Texas Hold'em",
    stakes=r"\D?(?P<small_bet>[0-9.,]+)/\D?(?P<big_bet>[0-9.,]+) \w+ Texas Hold'em - ",
    hole_dealing=r'Dealt to (?P<player>.+) \[ *(?P<cards>[1-9TJQKAcdhs ,]+?) *\]')
"""PartyPoker: ``$2/$4 USD Texas Hold'em`` beside ``NL Texas Hold'em``; the hole cards ``Dealt to`` the file's
owner read too."""


@dataclasses.dataclass
class IPokerNetworkParser(FixedLimitParser, notation.IPokerNetworkParser):
    """pokerkit's iPoker parser reading fixed-limit hold'em too: its variant pattern matches anything (every hand
    is read as no-limit); here a session whose ``<gametype>`` is ``Holdem L $0.10/$0.20`` (small and big bets)
    holds fixed-limit hold'em, and any other hand is read as pokerkit reads it. The game type is the session's,
    outside its hands: calling the parser reads it (:meth:`keep_session`) before the hands."""

    GAME_TYPE: ClassVar[Pattern[str]] = compile(r'<gametype>Holdem (?P<variant>L|NL) [^<]*</gametype>')
    VARIANTS = {'': 'NT', 'NL': 'NT', 'L': _FIXED_LIMIT}
    NO_LIMIT_VARIANT = 'NL'
    STAKES = compile(r'<gametype>Holdem L \D?(?P<small_bet>[0-9.,]+)/\D?(?P<big_bet>[0-9.,]+)</gametype>')
    session: str = ''
    """The session's game type (its ``<gametype>`` element), read by :meth:`keep_session`."""

    def keep_session(self, s: str) -> None:
        """Keep the game type of the session ``s`` (a file's text) for the hands read after."""
        m = search(self.GAME_TYPE, s)
        self.session = '' if m is None else m.group(0)

    def __call__(self, s: str, **kwargs: Any) -> Any:
        self.keep_session(s)
        return super().__call__(s, **kwargs)

    def _parse_variant(self, s: str) -> str:
        m = search(self.GAME_TYPE, s) or search(self.GAME_TYPE, self.session)
        return super()._parse_variant(s) if m is None else self.VARIANTS[m['variant']]

    def _parse_stakes(self, s: str, parse_value: Callable[[str], Any]) -> tuple[Any, Any]:
        return super()._parse_stakes(s if search(self.STAKES, s) else self.session, parse_value)

    def _no_limit_text(self, s: str) -> str:
        return f'<gametype>Holdem {self.NO_LIMIT_VARIANT} </gametype>\n{s}'   # (read before the session's)


PARSERS: dict[str, type[Any]] = {
    'PokerStars': PokerStarsParser,
    'Full Tilt Poker': FullTiltPokerParser,
    'iPoker': IPokerNetworkParser,
    'PartyPoker': PartyPokerParser,
}
"""The extended parsers by site, in the order a file is tried."""

