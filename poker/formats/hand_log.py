"""The one writer of hand logs: every command and function that writes the hands it plays (``poker match --log``,
``poker acpc --log``, ``poker play --log``, ``examples/pokergame.py --log``, :func:`~poker.matches.duplicate.match`,
:func:`~poker.formats.acpc_client.play_acpc`) writes them through :class:`HandLog`, which chooses the format by
the file's name: ``.phh`` or ``.phhs`` writes PHH (:mod:`~poker.formats.phh`, each hand a table ``[1]``, ``[2]``,
... that pokerkit's ``HandHistory.load_all`` reads), any other name ACPC log lines
(:class:`~poker.formats.acpc_log.LogLine`). Both begin with the header's comment lines and the game as comments
(:meth:`~poker.formats.acpc_notation.GameDefinition.comment`), which ``poker history`` reads.

>>> import tempfile, pathlib
>>> from poker.formats.acpc_notation import GameDefinition
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> with HandLog(folder / 'hands.phh', GameDefinition.for_table(2), 'two hands') as log:
...     log.write(LogLine.parse('STATE:0:rc/crf:Ah9c|Ks8d/2h3c4d:-4|4:Ann|Bob'))
>>> log.phh, (folder / 'hands.phh').read_text().splitlines()[:2]
(True, ['# two hands', '# GAMEDEF'])
"""

from __future__ import annotations

import os
from pathlib import Path
from types import TracebackType
from typing import TextIO

from ..errors import PokerError
from ..validators import shown, text
from .acpc_log import LogLine
from .acpc_notation import GameDefinition
from .phh import check_phh_game, is_phh, phh_hand

__all__ = ['HandLog']

class HandLog:
    """A log file of hands, written as they are played: PHH when ``path`` ends ``.phh`` or
    ``.phhs``, else ACPC log lines; ``header`` (comment lines, ``#`` added) and the ``game`` as comments come
    first. A game that PHH's fixed-limit hold'em does not play (:func:`~poker.formats.phh.check_phh_game`), or a
    file that cannot be written, is a :class:`~poker.errors.PokerError` before anything is played."""

    def __init__(self, path: str | os.PathLike[str], game: GameDefinition, header: str) -> None:
        if not isinstance(path, (str, os.PathLike)):
            raise PokerError(f'log must be a path, or None, got {shown(path)}')
        if not isinstance(game, GameDefinition):
            raise PokerError(f'game must be a GameDefinition, got {shown(game)}')
        header = text('header', header, longest=10_000, error=PokerError)
        self.path, self.game, self.phh = path, game, is_phh(path)
        if self.phh:
            check_phh_game(game)
        self.hands = 0
        try:
            self.file: TextIO | None = Path(path).open('w', encoding='utf-8')
        except (OSError, ValueError) as error:
            raise PokerError(f'cannot write the log {shown(str(path))}: '
                             f'{getattr(error, "strerror", None) or type(error).__name__}') from None
        comments = ''.join(f'# {line}\n' for line in header.splitlines())
        self._put(f'{comments}{game.comment()}\n' + ('\n' if self.phh else ''))

    def __repr__(self) -> str:
        return (f'<{type(self).__name__} {shown(str(self.path), 80)}: {"PHH" if self.phh else "ACPC lines"}, '
                f'{self.hands} hands{"" if self.file is not None else ", closed"}>')

    def _put(self, text: str, flush: bool = True) -> None:
        if self.file is None:
            raise PokerError(f'the log {shown(str(self.path))} is closed')
        try:
            self.file.write(text)
            if flush:
                self.file.flush()
        except (OSError, ValueError) as error:
            raise PokerError(f'cannot write the log {shown(str(self.path))}: '
                             f'{getattr(error, "strerror", None) or type(error).__name__}') from None

    def write(self, line: LogLine, *, flush: bool = True) -> None:
        """Write one hand (an ACPC log line, everything by position, of the log's game), flushed to the file
        unless ``flush`` is False (many hands at once: :meth:`flush` after them)."""
        if not isinstance(line, LogLine):
            raise PokerError(f'line must be a LogLine, got {shown(line)}')
        self.hands += 1
        self._put(f'[{self.hands}]\n{phh_hand(line, self.game)}\n\n' if self.phh else line.text() + '\n', flush)

    def flush(self) -> None:
        self._put('')

    def close(self) -> None:
        if self.file is not None:
            self.file.close()
            self.file = None

    def __enter__(self) -> HandLog:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()
