"""A player's own hands reviewed against Loki: :func:`review` reads hand histories of any kind
(:func:`~poker.formats.hand_files.read_hands`: the sites' files and PHH through pokerkit, this library's ACPC
logs) and replays every fixed-limit hold'em hand of the hero as he saw it through a
:class:`~poker.players.modelling.ModellingLokiPlayer` in his seat.

At each of the hero's decisions it records the street, the board, the pot and the bet to call (the pot odds,
``to call / (pot + to call)``), Loki's HS, PPOT, NPOT and EHS against the opponents' ranges as their actions so far
leave them (re-weighted as Loki re-weights them: one model per opponent, learning from hand to hand over the files
read, each hand's actions and the cards shown at its showdowns), and Loki's advice with its rule; where the hero
did otherwise, the chips at stake: what the hero put in less what Loki's action would have put in (a fold or a
check puts in nothing, a call the bet to call, a bet or raise one bet more), as a size. Hands of no-limit hold'em
and other games are counted and skipped, as are hands without the hero or whose hole cards the file does not show.

:class:`Review` prints as a text table (:meth:`Review.text`), JSON (:meth:`Review.to_dict`), and an HTML table
with the cards drawn (:meth:`Review.html`, what a notebook shows).
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from attrs import frozen

from ..cards.card import Card, cards_svg
from ..cards.streets import BOARD_SIZE
from ..errors import PokerError
from ..markup import clipped, escape, tag
from ..players.modelling import ModellingLokiPlayer
from ..strategy.actions import Action, Blind
from ..table.game import FixedLimitGame
from ..validators import shown, text
from .acpc_log import MOST_LOG_HANDS
from .acpc_match_state import MatchState
from .hand_files import FIXED_LIMIT, NO_LIMIT, PlayedHand, read_hands

__all__ = ['Review', 'ReviewedDecision', 'review']


@frozen
class ReviewedDecision:
    """One decision of the hero (see :mod:`~poker.formats.hand_review`); chips are the hand's (``unit`` a small bet,
    ``scale`` of them one chip of the file)."""

    source: str
    """The file and the line where its hand begins."""
    hand: str
    """The hand's number in its file."""
    street: str
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    pot: int
    to_call: int
    opponents: int
    hs: float
    ppot: float
    npot: float
    ehs: float
    advice: str
    """Loki's action, legal here (:meth:`FixedLimitGame.legal_action <poker.table.game.FixedLimitGame.legal_action>`)."""
    rule: str
    """The rule of Loki's advice."""
    action: str
    """The hero's action."""
    stake: int
    """Chips the hero put in less those Loki's action would have (0 when they agree)."""
    unit: int
    scale: int

    @property
    def pot_odds(self) -> float | None:
        """``to call / (pot + to call)``: the share of the pot after a call that the call pays (None: nothing to
        call)."""
        return self.to_call / (self.pot + self.to_call) if self.to_call else None

    @property
    def differs(self) -> bool:
        return self.advice != self.action

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready data (chips as the file counts them; ``stake_sb`` in small bets)."""
        return {'source': self.source, 'hand': self.hand, 'street': self.street,
                'hole': ''.join(map(str, self.hole)), 'board': ''.join(map(str, self.board)),
                'pot': self.pot / self.scale, 'to_call': self.to_call / self.scale, 'pot_odds': self.pot_odds,
                'opponents': self.opponents, 'hs': self.hs, 'ppot': self.ppot, 'npot': self.npot, 'ehs': self.ehs,
                'loki': self.advice, 'rule': self.rule, 'hero': self.action, 'differs': self.differs,
                'stake': self.stake / self.scale, 'stake_sb': self.stake / self.unit}


@frozen
class Review:
    """The hero's decisions in the fixed-limit hold'em hands read (:func:`review`), and the hands skipped."""

    hero: str
    decisions: tuple[ReviewedDecision, ...]
    hands: int
    """The fixed-limit hold'em hands of the hero replayed."""
    skipped: tuple[tuple[str, int], ...]
    """(why, hands) of the hands not replayed."""

    @property
    def differences(self) -> tuple[ReviewedDecision, ...]:
        return tuple(decision for decision in self.decisions if decision.differs)

    def summary(self) -> str:
        """One line: the hands and decisions reviewed, those where the hero differs from Loki and what they staked,
        and the hands skipped, each kind with its count."""
        stake = sum(abs(decision.stake) / decision.unit for decision in self.differences)
        hands = _count(self.hands, "fixed-limit hold'em hand")
        line = (f'{self.hero}: {hands} reviewed, '
                f'{_count(len(self.decisions), "decision")}, {len(self.differences):,} differing from Loki\'s advice '
                f'({stake:g} small bets at stake)')
        if self.skipped:
            line += '; skipped: ' + ', '.join(f'{_count(count, "hand")} {why}' for why, count in self.skipped)
        return line

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready data."""
        return {'hero': self.hero, 'hands': self.hands, 'decisions': [d.to_dict() for d in self.decisions],
                'differences': len(self.differences),
                'stake_sb': sum(abs(decision.stake) / decision.unit for decision in self.differences),
                'skipped': {why: count for why, count in self.skipped}}

    def text(self) -> str:
        """The summary, then each hand (where it was read, the hero's cards) and a row per decision (``*``: the
        hero did otherwise than Loki advised; chips as the file counts them)."""
        lines = [self.summary()]
        source = None
        for d in self.decisions:
            if d.source != source:
                source = d.source
                lines += ['', f'{d.source}{", hand " + d.hand if d.hand else ""}: {self.hero} holds '
                              f'{" ".join(map(str, d.hole))}',
                          f"  {'street':<7}  {'board':<14}  {'pot':>6}  {'to call':>7}  {'odds':>5}  {'HS':>5}  "
                          f"{'PPOT':>5}  {'NPOT':>5}  {'EHS':>5}  {'Loki (rule)':<22}  {'hero':<6}  at stake"]
            odds = '-' if d.pot_odds is None else f'{d.pot_odds:.2f}'
            stake = f'{d.stake / d.scale:+g} ({abs(d.stake) / d.unit:g} sb)' if d.differs else ''
            lines.append(f"{'*' if d.differs else ' '} {d.street:<7}  {' '.join(map(str, d.board)) or '-':<14}  "
                         f"{d.pot / d.scale:>6g}  {d.to_call / d.scale:>7g}  {odds:>5}  {d.hs:>5.3f}  {d.ppot:>5.3f}  "
                         f"{d.npot:>5.3f}  {d.ehs:>5.3f}  {clipped(f'{d.advice} ({d.rule})', 22):<22}  "
                         f"{d.action:<6}  {stake}".rstrip())
        return '\n'.join(lines)

    def html(self) -> str:
        """An HTML table, a row per decision, the hole cards and the board drawn (:func:`~poker.cards.card.cards_svg`),
        the rows where the hero did otherwise than Loki advised in bold; the summary as its caption."""
        head = ['hand', 'street', 'hole', 'board', 'pot', 'to call', 'pot odds', 'HS', 'PPOT', 'NPOT', 'EHS', 'Loki',
                'rule', 'hero', 'at stake']
        rows = []
        for d in self.decisions:
            cells = [escape(d.source), escape(d.street), cards_svg(d.hole), cards_svg(d.board) if d.board else '',
                     escape(f'{d.pot / d.scale:g}'), escape(f'{d.to_call / d.scale:g}'),
                     '' if d.pot_odds is None else f'{d.pot_odds:.2f}', f'{d.hs:.3f}', f'{d.ppot:.3f}',
                     f'{d.npot:.3f}', f'{d.ehs:.3f}', escape(d.advice), escape(d.rule), escape(d.action),
                     escape(f'{d.stake / d.scale:+g} ({abs(d.stake) / d.unit:g} sb)') if d.differs else '']
            row = ''.join(tag('td', cell) for cell in cells)
            rows.append(tag('tr', row, style='font-weight: bold') if d.differs else tag('tr', row))
        header = tag('tr', ''.join(tag('th', escape(cell)) for cell in head))
        return (f'<table>{tag("caption", escape(self.summary()))}<thead>{header}</thead>'
                f'<tbody>{"".join(rows)}</tbody></table>')

    def _repr_html_(self) -> str:
        return self.html()


def _count(number: int, thing: str) -> str:
    return f'{number:,} {thing}{"" if number == 1 else "s"}'


def _put_in(action: Action, to_call: int, bet_size: int) -> int:
    """The chips an action puts in."""
    if action in (Action.FOLD, Action.CHECK):
        return 0
    return to_call if action == Action.CALL else to_call + bet_size


def _replay(hand: PlayedHand, position: int, player: ModellingLokiPlayer) -> list[ReviewedDecision]:
    """Replay a fixed-limit hand (an ACPC line) as the hero at ``position`` saw it, asking Loki at each of his
    decisions."""
    line, game = hand.line, hand.rules
    assert line is not None and game is not None
    hole = line.holes[position]
    records = line.records(game)
    player.begin_hand(position, line.names, hole, game.button)
    actions = [record for record in records if not isinstance(record.action, Blind)]
    for record in records[:len(records) - len(actions)]:
        player.observe(record, ())
    decisions = []
    done = 0
    for index, letter in enumerate(line.betting):
        if letter == '/':
            continue
        record = actions[done]
        done += 1
        board = line.board[:BOARD_SIZE[record.street]]
        if record.seat == position:
            view = game.view(line.betting[:index], position, hole, board, names=line.names)
            decision = player.decide(view)
            stats = decision.stats
            assert stats is not None   # (Loki keeps its statistics in its decisions)
            advice = FixedLimitGame.legal_action(decision.action, view.to_call, view.can_raise, view.bets_this_round)
            stake = record.amount - _put_in(advice, view.to_call, view.bet_size)
            decisions.append(ReviewedDecision(
                hand.source, hand.number, record.street, hole, board, view.pot, view.to_call, view.opponents, stats.hs,
                stats.ppot, stats.npot, stats.ehs, str(advice), decision.advice.rule if decision.advice else '',
                str(record.action), stake, hand.unit, hand.scale))
        player.observe(record, board)
    try:
        result = MatchState(position, line.hand, line.betting, line.holes, line.board).hand_result(
            game, names=line.names)
    except PokerError:
        return decisions   # (a showdown whose cards the file does not show: nothing to learn from it)
    player.end_hand(result)
    return decisions


def review(paths: str | os.PathLike[str] | Sequence[str | os.PathLike[str]], hero: str, *,
           most_hands: int = MOST_LOG_HANDS) -> Review:
    """The :class:`Review` of ``hero``'s fixed-limit hold'em hands in the hand-history files ``paths`` (one path or
    a list: the sites' files and PHH, which need the ``pokerkit`` extra, and ACPC logs), in the order read; see
    :mod:`~poker.formats.hand_review`."""
    hero = text('hero', hero, longest=200, error=PokerError)
    if not hero:
        raise PokerError('hero must name a player, got an empty name')
    files = read_hands(paths, most_hands=most_hands)
    player = ModellingLokiPlayer(hero)
    decisions: list[ReviewedDecision] = []
    skipped: dict[str, int] = {}
    hands = 0

    def skip(why: str) -> None:
        skipped[why] = skipped.get(why, 0) + 1
    for hand in files.hands:
        if hero not in hand.names:
            skip(f'without {hero}')
        elif hand.game == NO_LIMIT:
            skip("of no-limit hold'em")
        elif hand.game != FIXED_LIMIT or hand.line is None:
            skip('with an all-in for less than a bet (not written in ACPC betting)')
        elif len(hand.holes[hand.names.index(hero)]) != 2:
            skip(f'without {hero}\'s hole cards')
        else:
            hands += 1
            decisions.extend(_replay(hand, hand.names.index(hero), player))
    for game, count in files.skipped:
        skipped[f'of another game ({game})'] = count
    if hands == 0 and not any(hero in hand.names for hand in files.hands):
        players = sorted({name for hand in files.hands for name in hand.names})
        raise PokerError(f'no player {shown(hero)} in these hands' +
                         (f' (players: {", ".join(players[:20])}{", ..." if len(players) > 20 else ""})'
                          if players else ''))
    return Review(hero, tuple(decisions), hands, tuple(skipped.items()))
