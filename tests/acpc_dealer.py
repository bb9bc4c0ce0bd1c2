"""A fake ACPC dealer on loopback that speaks as the real one does (shared by formats/test_acpc_client.py,
cli/test_cli.py and cli/test_cli_options.py).

The real dealer (built from its public C source, protocol 2.0.0) sends every player the state after every
action (``MATCHSTATE:<position>:<hand>:<betting>:<cards>``, the others' cards empty until a showdown), moves the
players one position back each hand, and reads an answer only from the player whose turn it is: the state line,
``:`` and ``r``, ``c`` or ``f``. :class:`FakeDealer` does the same for one player, the other positions playing
at random; it checks every answer, and it can also send lines of a script and hang up.
"""

from __future__ import annotations

import random
import socket
import threading
import time

from poker import Card
from poker.strategy.actions import Action
from poker.formats.acpc_log import LogLine
from poker.formats.acpc_match_state import MatchState
from poker.formats.acpc_notation import GameDefinition

from patience import GUARD

__all__ = ['DECK', 'FakeDealer', 'finish']

DECK = [Card.from_index(index) for index in range(52)]


class FakeDealer(threading.Thread):
    """A dealer for one player on 127.0.0.1 (a free port): deals ``hands`` hands of ``game`` (seeded; the player
    starts at position ``start`` and moves one position back each hand), or sends the lines of ``script`` and
    hangs up. ``answers`` keeps what the player said, ``log`` each hand's log line (all cards), ``error`` what
    went wrong on the dealer's side."""

    def __init__(self, game: GameDefinition, hands: int = 0, *, seed: int = 1, start: int = 0,
                 script: list[bytes] | None = None, hang_up_after: int | None = None, hold: bool = False,
                 drip: bytes = b'') -> None:
        super().__init__(daemon=True)
        self.game, self.hands, self.first_position, self.script = game, hands, start, script
        self.hold = hold      # after the script, keep the connection open until the player closes it
        self.drip = drip      # after the script, send these bytes one at a time, 20 ms apart, again and again
        self.hang_up_after = hang_up_after     # lines sent before hanging up (None: play every hand)
        self.random = random.Random(seed)
        self.server = socket.create_server(('127.0.0.1', 0))
        self.server.settimeout(GUARD)  # guards against a hang, not limits: the player may think a while
        self.port = self.server.getsockname()[1]
        self.answers: list[str] = []
        self.log: list[LogLine] = []
        self.version = ''
        self.error: BaseException | None = None
        self.sent = 0

    def run(self) -> None:
        try:
            connection, _ = self.server.accept()
            with connection, connection.makefile('rb') as reader:
                connection.settimeout(GUARD)
                connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                self.reader, self.connection = reader, connection
                self.version = reader.readline().decode('ascii')
                if self.script is not None:
                    for line in self.script:
                        connection.sendall(line)
                    while self.drip:
                        for byte in self.drip:
                            time.sleep(0.02)
                            connection.sendall(bytes([byte]))   # (ends when the player closes)
                    while self.hold and reader.read1(4096):
                        pass
                    return
                for hand in range(self.hands):
                    if not self.deal(hand):
                        return
        except (BrokenPipeError, ConnectionResetError) if self.drip else ():
            pass   # the player closed while the bytes dripped
        except BaseException as error:  # kept for the test to see
            self.error = error
        finally:
            self.server.close()

    def send(self, line: str) -> bool:
        if self.hang_up_after is not None and self.sent >= self.hang_up_after:
            return False
        self.connection.sendall(line.encode('ascii') + b'\r\n')
        self.sent += 1
        return True

    def deal(self, hand: int) -> bool:
        game, players = self.game, self.game.players
        position = (self.first_position - hand) % players
        cards = self.random.sample(DECK, 2 * players + 5)
        holes = tuple(tuple(cards[2 * p:2 * p + 2]) for p in range(players))
        board = tuple(cards[2 * players:])
        betting = ''
        while True:
            to_act = game.to_act(betting)
            reached = board[:(0, 3, 4, 5)[betting.count('/')]]
            seen = [hole if p == position else () for p, hole in enumerate(holes)]
            if to_act is None:
                records = game.records(betting)
                folded = {record.seat for record in records if record.action == Action.FOLD}
                if len(folded) < players - 1:   # a showdown: the cards of the players still in are shown
                    seen = [hole if p == position or p not in folded else () for p, hole in enumerate(holes)]
            state = MatchState(position, hand, betting, seen, reached)
            if not self.send(state.text()):
                return False
            if to_act is None:
                full = MatchState(position, hand, betting, holes, reached)
                self.log.append(full.log_line(game, tuple(f'p{p}' for p in range(players))))
                return True
            if to_act == position:
                answer = self.reader.readline().decode('ascii').rstrip('\r\n')
                self.answers.append(answer)
                assert answer.startswith(state.text() + ':') and answer[-1] in 'rcf', answer
                action = {'r': 'raise', 'c': 'call', 'f': 'fold'}[answer[-1]]
                assert game.act(betting, action)[len(betting)] == answer[-1], answer   # legal as it is
            else:
                action = self.random.choices(['fold', 'call', 'raise'], weights=(1, 6, 3))[0]
            betting = game.act(betting, action)


def finish(dealer: FakeDealer) -> None:
    dealer.join(GUARD)
    assert not dealer.is_alive() and dealer.error is None, dealer.error
