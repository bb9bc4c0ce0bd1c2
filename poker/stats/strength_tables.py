"""Strength tables: HS, E[HS], E[HS^2] and final-strength histograms for every canonical hand of a street.

:func:`build_table` computes, for every hand of the flop, turn or river up to suit permutation
(:class:`~poker.cards.isomorphism.HandIndexer`), the numbers :func:`~poker.stats.boards.board_strengths`
gives: hand strength now, the showdown equity E[HS], the mean squared strength E[HS^2], and on the flop and
turn the histogram of the final strength. The work is the canonical boards (1,755 flops, 16,432 turns, 134,459 rivers) in chunks,
on any :class:`concurrent.futures.Executor`: a process pool by default, a ``dask.distributed`` cluster's
executor when given a scheduler address (``pip install 'loki-holdem[cluster]'``).

A table is a directory:

* ``manifest.json``: the parameters, the library version, and each finished chunk with its checksum;
* ``chunks/chunk-NNNNNN.npz``: each chunk's hands and numbers, written atomically as it finishes, so a
  killed build loses at most the chunks under way and the same command resumes it;
* once every chunk is in: ``hs.npy``, ``equity.npy``, ``mean_squared_strength.npy`` (float32, one entry
  per hand number) and, on the flop and turn, ``histogram.npy`` (runout counts per bin, one row per hand).

``np.load('flop/equity.npy')`` reads a whole table; :func:`load_table` looks hands up:

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as out:
...     summary = build_table('river', out, boards=2, chunk_boards=1, workers=1, progress=False)
...     table = load_table(out)
...     print(summary.chunks_built, table.street, round(table.equity('Ah Kh', '2h 2d 2s 3c 3h'), 4))
2 river 0.4045
"""

from __future__ import annotations

import concurrent.futures
import functools
import hashlib
import io
import json
import math
import os
import signal
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from attrs import field, frozen

from .._version import __version__
from ..cards.card_inputs import CardsLike, HoleLike, read_cards, read_hole
from ..cards.holdings import HOLDINGS
from ..cards.isomorphism import BOARD_ROUNDS, HandIndexer
from ..errors import CardCountError, PokerError, TableError
from ..ranking.ranker import HandRanker
from ..ranking.ranker_inputs import read_ranker
from ..validators import checked_by, choice, flag, integer_array, is_whole, shown, whole_number
from .boards import DEFAULT_BINS, boards_strengths

__all__ = ['CHUNK_BOARDS', 'BuildSummary', 'StrengthTable', 'build_table', 'canonical_boards', 'chunk_strengths',
           'load_table']

FORMAT = 'poker strength table'
FORMAT_VERSION = 2
"""The layout of a table directory (2: the statistics named ``equity`` and ``mean_squared_strength``); a table
of another version is refused with a :class:`TableError` that says to rebuild it."""
MANIFEST = 'manifest.json'
STATISTICS = ('hs', 'equity', 'mean_squared_strength')
MAX_TABLE_BINS = 1000
"""The most histogram bins a table keeps (a flop table holds 1,286,792 histograms of this many counts)."""

CHUNK_BOARDS: dict[str, int] = {'flop': 8, 'turn': 64, 'river': 512}
"""Boards per chunk by default: a few seconds of work each, a few hundred chunks per street."""
_BATCH_BOARDS = {'flop': 1, 'turn': 8, 'river': 256}  # boards ranked together inside a chunk


def _check_street(street: str) -> str:
    return choice('a strength table\'s street', street, BOARD_ROUNDS, error=TableError)


def canonical_boards(street: str) -> np.ndarray:
    """The canonical boards of a street, (B, 3..5) int8 card indices, in board-number order (read-only)."""
    return _canonical_boards(_check_street(street))


@functools.cache
def _canonical_boards(street: str) -> np.ndarray:
    indexer = HandIndexer(BOARD_ROUNDS[street])
    boards = indexer.unindex(np.arange(indexer.size))
    boards.flags.writeable = False
    return boards


def chunk_strengths(street: str, start: int, stop: int, bins: int = DEFAULT_BINS,
                    ranker: type[HandRanker] = HandRanker) -> dict[str, np.ndarray]:
    """The table rows of canonical boards ``start`` to ``stop`` - 1: their hand numbers and values.

    Returns ``index`` (uint32 hand numbers, ascending, each once), ``hs``, ``equity``,
    ``mean_squared_strength`` (float32) and, on the flop and turn, ``histogram`` (runout counts per bin). Runs on a worker:
    everything it needs comes in its arguments. The per-board numbers come from
    :func:`~poker.stats.boards.boards_strengths` (boards -> per-holding arrays), the one place to
    swap in another engine.
    """
    boards = canonical_boards(street)[start:stop]
    indexer = HandIndexer.for_street(street)
    batch = _BATCH_BOARDS[street]
    numbers: list[np.ndarray] = []
    columns: dict[str, list[np.ndarray]] = {name: [] for name in (*STATISTICS, 'histogram')}
    for first in range(0, len(boards), batch):
        result = boards_strengths(boards[first:first + batch], bins=bins, ranker=ranker)
        holes = HOLDINGS.astype(np.int64)[result.holdings]
        numbers.append(indexer.index_boards(holes, result.boards, validate=False).ravel())
        for name in STATISTICS:
            columns[name].append(getattr(result, name).ravel())
        if result.histogram is not None:
            columns['histogram'].append(result.histogram.reshape(-1, bins))
            runouts = result.runouts
    # suit-isomorphic (board, holding) pairs have equal values: keep each hand number once
    unique, first_seen = np.unique(np.concatenate(numbers), return_index=True)
    out: dict[str, np.ndarray] = {'index': unique.astype(np.uint32)}
    for name in STATISTICS:
        out[name] = np.concatenate(columns[name])[first_seen].astype(np.float32)
    if columns['histogram']:
        histogram = np.concatenate(columns['histogram'])[first_seen]
        out['histogram'] = histogram.astype(_count_dtype(runouts))
    return out


def _count_dtype(runouts: int) -> type[np.unsignedinteger[Any]]:
    return np.uint8 if runouts < 256 else np.uint16


# ------------------------------------------------------------------------------------------ files
def _temporary_beside(path: Path) -> tuple[int, str]:
    """A new temporary file next to ``path`` (same file system, so :func:`os.replace` is atomic).

    Its permissions are those of an ordinary new file (mkstemp makes it private to its owner).
    """
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f'.{path.name}.', suffix='.tmp')
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(temporary, 0o666 & ~mask)
    return handle, temporary


def _atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same directory and :func:`os.replace`."""
    handle, temporary = _temporary_beside(path)
    try:
        with os.fdopen(handle, 'wb') as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _chunk_bytes(arrays: dict[str, Any]) -> bytes:
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    return buffer.getvalue()


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, 'rb') as file:
        for block in iter(lambda: file.read(1 << 22), b''):
            digest.update(block)
    return digest.hexdigest()


def _chunk_path(root: Path, number: int) -> Path:
    return root / 'chunks' / f'chunk-{number:06d}.npz'


def _read_manifest(root: Path) -> dict[str, Any] | None:
    path = root / MANIFEST
    try:
        if not path.exists():
            return None
    except OSError as error:  # a name too long for the file system, say
        raise TableError(f'cannot read the table directory {shown(str(root))}: {error.strerror or "failed"}') \
            from None
    try:
        manifest = json.loads(path.read_text(encoding='utf-8'))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise TableError(f'cannot read the table manifest {shown(str(path))}: {shown(str(error))}') from None
    if not isinstance(manifest, dict) or manifest.get('format') != FORMAT:
        raise TableError(f'{shown(str(path))} is not a strength-table manifest')
    if manifest.get('format_version') != FORMAT_VERSION:
        raise TableError(f'{shown(str(root))} holds a table of format version {shown(manifest.get("format_version"))}; '
                         f'this library reads version {FORMAT_VERSION}: rebuild it (delete the directory, then '
                         'run poker table or build_table again)')
    return manifest


def _write_manifest(root: Path, manifest: dict[str, Any]) -> None:
    _atomic_write(root / MANIFEST, json.dumps(manifest, indent=2, allow_nan=False).encode('utf-8'))


# ------------------------------------------------------------------------------------------ build
def _path(name: str, value: object) -> None:
    if not isinstance(value, (str, os.PathLike)):
        raise TableError(f'{name} must be a path, got {shown(value)}')


@frozen
class BuildSummary:
    """What :func:`build_table` did: chunks in all, built by this run, found finished; whether complete."""

    path: Path = field(validator=checked_by(_path))
    street: str = field(validator=checked_by(choice, choices=BOARD_ROUNDS, error=TableError))
    chunks: int = field(validator=checked_by(whole_number, error=TableError))
    chunks_built: int = field(validator=checked_by(whole_number, error=TableError))
    chunks_reused: int = field(validator=checked_by(whole_number, error=TableError))
    complete: bool = field(validator=checked_by(flag, error=TableError))


def _whole(value: object, name: str, low: int, high: int) -> int:
    return whole_number(name, value, minimum=low, maximum=high, error=TableError)


def _ignore_interrupts() -> None:  # pragma: no cover - runs in worker processes
    """Worker processes leave Ctrl-C to the parent, which stops the build (no traceback per worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _open_executor(workers: int | None, scheduler: str | None) -> tuple[concurrent.futures.Executor | None,
                                                                       Callable[[bool], None]]:
    """The executor for ``workers``/``scheduler`` (None: run in this process) and how to close it."""
    if scheduler is not None:
        try:
            from dask.distributed import Client
        except ImportError:
            from ..errors import MissingDependencyError
            raise MissingDependencyError("a scheduler needs dask.distributed: pip install 'loki-holdem[cluster]'") \
                from None
        try:
            client = Client(scheduler, timeout=20)  # type: ignore[no-untyped-call]
        except (OSError, TimeoutError, ValueError, TypeError) as error:
            raise TableError(f'cannot reach the dask scheduler {shown(scheduler)}: {shown(str(error))}') from None
        return client.get_executor(), lambda interrupted: client.close()  # type: ignore[no-untyped-call]
    if workers == 1:
        return None, lambda interrupted: None
    pool = concurrent.futures.ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 1,
                                                  initializer=_ignore_interrupts)

    def close(interrupted: bool) -> None:
        processes = list((getattr(pool, '_processes', None) or {}).values())
        pool.shutdown(wait=not interrupted, cancel_futures=True)
        if interrupted:  # a chunk under way is lost either way: stop its process rather than wait for it
            for process in processes:
                process.terminate()
    return pool, close


def build_table(street: str, out: str | os.PathLike[str], *, bins: int = DEFAULT_BINS,
                chunk_boards: int | None = None, boards: int | None = None,
                executor: concurrent.futures.Executor | None = None, workers: int | None = None,
                scheduler: str | None = None, ranker: type[HandRanker] = HandRanker,
                progress: bool | None = None) -> BuildSummary:
    """Build (or resume) the strength table of ``street`` in the directory ``out``.

    ``boards`` limits this run to the chunks holding the first ``boards`` canonical boards (a quick
    partial table; rerun without it to finish). The work runs on ``executor`` if given (the caller
    shuts it down), else on a dask cluster at ``scheduler`` (``'tcp://host:8786'``), else on a process
    pool of ``workers`` (default: every core; 1 runs here). ``progress`` shows a bar on stderr (default:
    when stderr is a terminal). A directory built with other parameters or another library version is a
    :class:`TableError`, as is a finished chunk whose file no longer matches its checksum.
    """
    street = _check_street(street)
    bins = _whole(bins, 'bins', 1, MAX_TABLE_BINS)
    chunk_boards = _whole(CHUNK_BOARDS[street] if chunk_boards is None else chunk_boards, 'chunk_boards',
                          1, 1 << 20)
    total_boards = HandIndexer(BOARD_ROUNDS[street]).size
    limit = total_boards if boards is None else _whole(boards, 'boards', 1, total_boards)
    if workers is not None:
        workers = _whole(workers, 'workers', 1, 4096)
    if scheduler is not None and (not isinstance(scheduler, str) or not scheduler.strip()):
        raise TableError(f'scheduler must be an address such as tcp://host:8786, got {shown(scheduler)}')
    if executor is not None and not callable(getattr(executor, 'submit', None)):
        raise TableError(f'executor must be a concurrent.futures.Executor (with submit), got {shown(executor)}')
    ranker = read_ranker(ranker)
    progress = None if progress is None else flag('progress', progress, error=TableError)
    root = _directory(out)
    try:
        (root / 'chunks').mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise TableError(f'cannot create the table directory {shown(str(root))}: {error.strerror or "failed"}') \
            from None
    parameters = {'street': street, 'bins': bins if street != 'river' else None, 'chunk_boards': chunk_boards,
                  'ranker': f'{ranker.__module__}.{ranker.__qualname__}'}
    chunk_count = -(-total_boards // chunk_boards)
    manifest = _read_manifest(root)
    if manifest is None:
        manifest = {'format': FORMAT, 'format_version': FORMAT_VERSION, 'library_version': __version__,
                    'parameters': parameters, 'boards': total_boards,
                    'hands': HandIndexer.for_street(street).size, 'chunk_count': chunk_count, 'chunks': {},
                    'complete': False, 'statistics': _describe(street, bins)}
        _write_manifest(root, manifest)
    else:
        _check_same(root, manifest, parameters, __version__)
    done: dict[str, Any] = manifest['chunks']
    if manifest['complete']:  # nothing to do: the arrays are there (the chunks may have been deleted)
        return BuildSummary(root, street, chunk_count, 0, chunk_count, True)
    for key, entry in list(done.items()):
        path = _chunk_path(root, int(key))
        if not path.exists():
            del done[key]  # lost: build it again
        elif _sha256(path) != entry.get('sha256'):
            raise TableError(f'chunk file {shown(str(path))} does not match its checksum in the manifest: it was '
                             'altered or comes from another build; delete it to rebuild that chunk')
    wanted = range(-(-limit // chunk_boards))
    todo = [number for number in wanted if str(number) not in done]
    reused = len(wanted) - len(todo)
    built = _run_chunks(root, manifest, street, todo, chunk_boards, total_boards, bins, ranker,
                        executor, workers, scheduler, progress)
    complete = len(done) == chunk_count
    if complete and not manifest['complete']:
        _assemble(root, manifest)
    return BuildSummary(root, street, chunk_count, built, reused, complete)


def _describe(street: str, bins: int) -> dict[str, str]:
    described = {
        'hs': 'hand strength now against one uniformly random holding, ties counting half (float32)',
        'equity': 'E[HS]: showdown equity against one uniformly random holding over uniform runouts (float32)',
        'mean_squared_strength': 'E[HS^2]: mean of the squared final hand strength over the runouts (float32)',
    }
    if street != 'river':
        described['histogram'] = (f'runouts whose final hand strength falls in each of {bins} equal bins of '
                                  '[0, 1], the last bin closed')
    return described


def _check_same(root: Path, manifest: dict[str, Any], parameters: dict[str, Any], version: str) -> None:
    stored = manifest.get('parameters')
    theirs = {**(stored if isinstance(stored, dict) else {}), 'library_version': manifest.get('library_version')}
    ours = {**parameters, 'library_version': version}
    if theirs != ours:
        differences = '; '.join(f'{key} {shown(theirs.get(key), 40)}, not {shown(ours.get(key), 40)}'
                                for key in sorted(set(theirs) | set(ours)) if theirs.get(key) != ours.get(key))
        raise TableError(f'{shown(str(root))} holds a table built with other parameters ({shown(differences, 200)}): '
                         'use another directory or delete it')


def _run_chunks(root: Path, manifest: dict[str, Any], street: str, todo: Sequence[int], chunk_boards: int,
                total_boards: int, bins: int, ranker: type[HandRanker],
                executor: concurrent.futures.Executor | None, workers: int | None, scheduler: str | None,
                progress: bool | None) -> int:
    """Compute the chunks ``todo``, saving each as it finishes; returns how many were saved."""
    from tqdm import tqdm  # type: ignore[import-untyped]
    if not todo:
        return 0
    spans = {number: (number * chunk_boards, min(total_boards, (number + 1) * chunk_boards)) for number in todo}
    show = sys.stderr.isatty() if progress is None else bool(progress)
    bar = tqdm(total=sum(stop - start for start, stop in spans.values()), unit='board', file=sys.stderr,
               disable=not show, desc=f'{street} table', dynamic_ncols=True)
    saved = 0

    def save(number: int, arrays: dict[str, np.ndarray]) -> None:
        nonlocal saved
        path = _chunk_path(root, number)
        data = _chunk_bytes(arrays)
        _atomic_write(path, data)
        manifest['chunks'][str(number)] = {'boards': list(spans[number]), 'hands': int(len(arrays['index'])),
                                           'sha256': hashlib.sha256(data).hexdigest()}
        _write_manifest(root, manifest)
        saved += 1
        bar.update(spans[number][1] - spans[number][0])

    own, close = (executor, lambda interrupted: None) if executor is not None \
        else _open_executor(workers, scheduler)
    interrupted = True
    try:
        if own is None:
            for number in todo:
                save(number, chunk_strengths(street, *spans[number], bins, ranker))
        else:
            futures = {own.submit(chunk_strengths, street, *spans[number], bins, ranker): number
                       for number in todo}
            try:
                for future in concurrent.futures.as_completed(futures):
                    save(futures[future], future.result())
            finally:
                for future in futures:
                    future.cancel()
        interrupted = False
    finally:
        close(interrupted)
        bar.close()
    return saved


def _assemble(root: Path, manifest: dict[str, Any]) -> None:
    """Gather every chunk into one array per statistic, indexed by hand number; mark the table complete."""
    hands = int(manifest['hands'])
    chunks = sorted(manifest['chunks'], key=int)
    first = np.load(_chunk_path(root, int(chunks[0])))
    names = [name for name in (*STATISTICS, 'histogram') if name in first.files]
    covered = np.zeros(hands, dtype=bool)
    temporaries: dict[str, Path] = {}
    arrays: dict[str, np.memmap[Any, Any]] = {}
    for name in names:
        shape = (hands,) + first[name].shape[1:]
        handle, temporary = _temporary_beside(root / f'{name}.npy')
        os.close(handle)
        temporaries[name] = Path(temporary)
        arrays[name] = np.lib.format.open_memmap(temporary, mode='w+', dtype=first[name].dtype, shape=shape)
    try:
        for key in chunks:
            with np.load(_chunk_path(root, int(key))) as chunk:
                index = chunk['index'].astype(np.intp)
                covered[index] = True
                for name in names:
                    arrays[name][index] = chunk[name]
        if not covered.all():
            raise TableError(f'the chunks of {shown(str(root))} leave {int((~covered).sum())} hands without values')
        for name in names:
            arrays[name].flush()
            del arrays[name]
            os.replace(temporaries[name], root / f'{name}.npy')
    finally:
        for leftover in temporaries.values():
            leftover.unlink(missing_ok=True)
    manifest['complete'] = True
    manifest['arrays'] = {name: f'{name}.npy' for name in names}
    _write_manifest(root, manifest)


# ------------------------------------------------------------------------------------------ read
class StrengthTable:
    """A strength table read from a directory: look hands up by their cards, or use the arrays.

    A complete table maps its ``.npy`` files (no copy in memory); a partial one (built with ``boards``)
    serves the hands of its finished chunks, and asking for another hand is a :class:`TableError`.
    """

    def __init__(self, path: str | os.PathLike[str], manifest: Mapping[str, object], arrays: Mapping[str, np.ndarray],
                 index: np.ndarray | None) -> None:
        _path('path', path)
        _check_manifest(manifest, path)
        if not isinstance(arrays, Mapping) or not all(isinstance(name, str) and isinstance(array, np.ndarray)
                                                   for name, array in arrays.items()) \
                or not set(STATISTICS) <= set(arrays):
            raise TableError(f'arrays must map each of {", ".join(STATISTICS)} to an array, got {shown(arrays)}')
        if index is not None:
            index = integer_array('index', index, ndim=1, error=TableError)
        self.path = Path(path)
        self.manifest: dict[str, Any] = dict(manifest)
        self.street: str = self.manifest['parameters']['street']
        self.bins: int | None = self.manifest['parameters']['bins']
        self.indexer = HandIndexer.for_street(self.street)
        self.arrays = dict(arrays)
        self.index = index

    @property
    def complete(self) -> bool:
        """True when every chunk is built: every canonical hand of the street has its numbers."""
        return bool(self.manifest['complete'])

    def __repr__(self) -> str:
        return f'load_table({str(self.path)!r})'

    def number(self, hole: HoleLike, board: CardsLike) -> int:
        """The canonical hand number of hole cards on a board of this table's street."""
        hole_cards, board_cards = read_hole(hole).cards, read_cards(board)
        size = sum(BOARD_ROUNDS[self.street])
        if len(board_cards) != size:
            raise CardCountError(f'a {self.street} table looks up 2 hole cards and {size} board cards, got '
                                 f'{len(board_cards)} board cards: {shown(hole)} / {shown(board)}')
        return int(self.indexer.index([[card.index for card in (*hole_cards, *board_cards)]])[0])

    def row(self, hole: HoleLike, board: CardsLike) -> int:
        """Where the hand's numbers are in :attr:`arrays`."""
        number = self.number(hole, board)
        if self.index is None:
            return number
        place = int(np.searchsorted(self.index, number))
        if place == len(self.index) or self.index[place] != number:
            raise TableError(f'{shown(hole)} on {shown(board)} is not in this partial table '
                             f'({len(self.manifest["chunks"])} of {self.manifest["chunk_count"]} chunks built)')
        return place

    def value(self, name: str, hole: HoleLike, board: CardsLike) -> float:
        """One statistic (``'hs'``, ``'equity'`` or ``'mean_squared_strength'``) of a hand."""
        name = choice('statistic', name, STATISTICS, error=TableError)
        return float(self.arrays[name][self.row(hole, board)])

    def hs(self, hole: HoleLike, board: CardsLike) -> float:
        """Hand strength now against one random holding: ``table.hs('AhKh', '2c 7d Js')``."""
        return self.value('hs', hole, board)

    def equity(self, hole: HoleLike, board: CardsLike) -> float:
        """E[HS]: showdown equity against one random holding over the runouts (the mean final strength)."""
        return self.value('equity', hole, board)

    def mean_squared_strength(self, hole: HoleLike, board: CardsLike) -> float:
        """E[HS^2]: the mean squared final hand strength over the runouts."""
        return self.value('mean_squared_strength', hole, board)

    def histogram(self, hole: HoleLike, board: CardsLike) -> np.ndarray:
        """The share of runouts ending in each final-strength bin (float64, sums to 1; flop and turn)."""
        if 'histogram' not in self.arrays:
            raise TableError(f'a {self.street} table has no histograms: nothing is to come on the river')
        counts = np.asarray(self.arrays['histogram'][self.row(hole, board)], dtype=np.float64)
        shares: np.ndarray = counts / counts.sum()
        return shares


def _directory(path: object) -> Path:
    """``path`` (text or a path object) as a Path, else a :class:`TableError` quoting it."""
    if not isinstance(path, (str, os.PathLike)) or not isinstance(os.fspath(path), str) \
            or not os.fspath(path).strip() or '\x00' in os.fspath(path):
        raise TableError(f'a table directory is a path, got {shown(path)}')
    return Path(path)


def _check_manifest(manifest: object, root: object) -> None:
    """A table's manifest (read from its file or given): the fields a table is read by, of the right types."""
    parameters = manifest.get('parameters') if isinstance(manifest, dict) else None
    street = parameters.get('street') if isinstance(parameters, dict) else None
    bins = parameters.get('bins') if isinstance(parameters, dict) else None
    if not isinstance(manifest, dict) or street not in BOARD_ROUNDS or not (bins is None or is_whole(bins)) \
            or not isinstance(manifest.get('complete'), bool) or not isinstance(manifest.get('chunks'), dict) \
            or not is_whole(manifest.get('chunk_count')) \
            or (manifest['complete'] and not isinstance(manifest.get('arrays'), dict)):
        raise TableError(f'not the manifest of a strength table in {shown(str(root))}: {shown(manifest)}')


def load_table(path: str | os.PathLike[str]) -> StrengthTable:
    """Open the strength table in directory ``path`` (see :func:`build_table`)."""
    root = _directory(path)
    manifest = _read_manifest(root)
    if manifest is None:
        raise TableError(f'no strength table in {shown(str(root))} (no {MANIFEST})')
    _check_manifest(manifest, root)
    if manifest['complete']:
        arrays = {name: np.load(root / file, mmap_mode='r') for name, file in manifest['arrays'].items()}
        return StrengthTable(root, manifest, arrays, None)
    parts: dict[str, list[np.ndarray]] = {}
    for key, entry in sorted(manifest['chunks'].items(), key=lambda item: int(item[0])):
        chunk_path = _chunk_path(root, int(key))
        if not chunk_path.exists() or _sha256(chunk_path) != entry['sha256']:
            raise TableError(f'chunk file {shown(str(chunk_path))} is missing or does not match its checksum')
        with np.load(chunk_path) as chunk:
            for name in chunk.files:
                parts.setdefault(name, []).append(chunk[name])
    if not parts:
        raise TableError(f'the table in {shown(str(root))} has no finished chunk yet')
    joined = {name: np.concatenate(values) for name, values in parts.items()}
    order = np.argsort(joined['index'], kind='stable')
    index = joined.pop('index')[order]
    return StrengthTable(root, manifest, {name: values[order] for name, values in joined.items()}, index)
