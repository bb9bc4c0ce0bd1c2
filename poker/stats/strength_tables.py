"""Strength tables: HS, E[HS], E[HS^2] and final-strength histograms for every canonical hand of a street.

:func:`build_table` computes, for every hand of the flop, turn or river up to suit permutation
(:class:`~poker.cards.isomorphism.HandIndexer`), the numbers :func:`~poker.stats.boards.board_strengths`
gives: hand strength now, the showdown equity E[HS], the mean squared strength E[HS^2], and on the flop and
turn the histogram of the final strength. The work is the canonical boards (1,755 flops, 16,432 turns, 134,459 rivers) in chunks,
on any :class:`concurrent.futures.Executor`: a process pool by default (:func:`~poker.processes.process_pool`:
its workers die with the builder), a ``dask.distributed`` cluster's executor when given a scheduler address
(``pip install 'loki-holdem[cluster]'``).

A table is a directory (format version 3):

* ``manifest.json``: the parameters, the library version, each finished chunk with its SHA-256, once complete
  each final array with its size, dtype, shape and SHA-256, and ``manifest_sha256``, the SHA-256 of all the
  rest as canonical JSON (sorted keys, no spaces): a manifest whose checksum does not match is damaged;
* ``chunks/chunk-NNNNNN.npz``: each chunk's hand numbers and values, and ``about``, what the chunk is (its
  table's parameters, the library version, its number and boards, the SHA-256 of its arrays), written
  atomically as it finishes, so a killed build loses at most the chunks under way and the same command
  resumes it; a chunk's bytes depend on its values alone, so every build writes the same file;
* once every chunk is in: ``hs.npy``, ``equity.npy``, ``mean_squared_strength.npy`` (float32, one entry
  per hand number) and, on the flop and turn, ``histogram.npy`` (runout counts per bin, one row per hand).

Nothing in the directory is believed without its proof. The manifest is checked key by key (the types, the
chunk numbers in range, every checksum well formed, the numbers that follow from the parameters); there is
no ``complete`` flag: a table is complete when every chunk is recorded and the final arrays are, and
verify. :func:`load_table` checks the manifest and each array's size, header, dtype and shape (``verify='full'``
adds the SHA-256 of every array); anything damaged is a :class:`~poker.errors.TableError` naming the file.
:func:`build_table` (``poker table``) resumes and repairs: it removes the temporary files of stopped builds
(those no live builder holds locked), builds again each chunk that is missing or fails its checksum,
assembles again from the chunks (each verified) each final array that is missing or fails its SHA-256, and
rebuilds a damaged or missing manifest from the chunk files that prove themselves (sound content of this
table's parameters; damaged ones are removed, and a sound chunk of another table is a ``TableError``); the
final arrays are then assembled again, since their checksums were in the lost manifest.

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
import contextlib
import functools
import hashlib
import json
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from attrs import field, frozen

from ..cards.card_inputs import CardsLike, HoleLike, check_off_board, read_cards, read_hole
from ..cards.holdings import HOLDINGS
from ..cards.isomorphism import BOARD_ROUNDS, HandIndexer
from ..errors import CardCountError, PokerError, TableError
from ..processes import cluster_executor, process_pool
from ..ranking.ranker import HandRanker
from ..ranking.ranker_inputs import read_ranker
from ..validators import choice, flag, integer_array, reading, shown, whole_number
from .boards import DEFAULT_BINS, boards_strengths
from .table_store import (
    MANIFEST, MAX_CHUNK_BOARDS, MAX_TABLE_BINS, STATISTICS, DamagedChunk, array_layout, array_names, atomic_write,
    check_manifest, chunk_about, chunk_bytes, chunk_path, content_digest, count_dtype, new_manifest, open_array,
    read_manifest, repair_table, sha256_of, table_parameters, temporary_beside, verified_chunk, write_manifest,
)

__all__ = ['CHUNK_BOARDS', 'BuildSummary', 'StrengthTable', 'build_table', 'canonical_boards', 'chunk_strengths',
           'load_table']

CHUNK_BOARDS: dict[str, int] = {'flop': 8, 'turn': 64, 'river': 512}
"""Boards per chunk by default: a few seconds of work each, a few hundred chunks per street."""
_BATCH_BOARDS = {'flop': 1, 'turn': 8, 'river': 256}  # boards ranked together inside a chunk


def _read_street(street: str) -> str:
    return choice('a strength table\'s street', street, BOARD_ROUNDS, error=TableError)


def canonical_boards(street: str) -> np.ndarray:
    """The canonical boards of a street, (B, 3..5) int8 card indices, in board-number order (read-only)."""
    return _canonical_boards(_read_street(street))


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
    # each holding's two cards as one 16-byte item: selecting them is then one plain gather (NumPy selects
    # rows of an (N, 2) array ten times slower)
    pairs = HOLDINGS.astype(np.int64).view(np.dtype((np.void, 16))).ravel()
    for first in range(0, len(boards), batch):
        result = boards_strengths(boards[first:first + batch], bins=bins, ranker=ranker)
        holes = np.take(pairs, result.holdings).view(np.int64).reshape(*result.holdings.shape, 2)
        numbers.append(indexer.index_boards(holes, result.boards, validate=False).ravel())
        # each batch in the table's dtypes at once (the same values: a cast commutes with the selection
        # below), so the arrays gathered are small: float32, and histogram counts of one or two bytes
        for name in STATISTICS:
            columns[name].append(getattr(result, name).ravel().astype(np.float32))
        if result.histogram is not None:
            columns['histogram'].append(result.histogram.reshape(-1, bins).astype(count_dtype(result.runouts)))
    # suit-isomorphic (board, holding) pairs have equal values: keep each hand number once
    unique, first_seen = _first_of_each(np.concatenate(numbers))
    out: dict[str, np.ndarray] = {'index': unique.astype(np.uint32)}
    for name in STATISTICS:
        out[name] = np.concatenate(columns[name])[first_seen]
    if columns['histogram']:
        out['histogram'] = np.concatenate(columns['histogram'])[first_seen]
    return out


def _first_of_each(numbers: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``np.unique(numbers, return_index=True)`` of non-negative int64 ``numbers``, by one plain sort.

    Each number is packed above its position (both fit in 63 bits for any table's chunk), so sorting the packed
    keys orders by number, then position: the first key of each run of equal numbers holds its first position.
    That is one quicksort of int64, where ``np.unique`` sorts stably with an index array (twice the time).

    >>> [part.tolist() for part in _first_of_each(np.array([7, 3, 7, 1, 3]))]
    [[1, 3, 7], [3, 1, 0]]
    """
    shift = max(1, (len(numbers) - 1).bit_length())
    keys = (numbers << shift) | np.arange(len(numbers))
    keys.sort()
    ordered = keys >> shift
    first = np.ones(len(keys), dtype=bool)
    np.not_equal(ordered[1:], ordered[:-1], out=first[1:])
    return ordered[first], keys[first] & ((1 << shift) - 1)





# ------------------------------------------------------------------------------------------ build
def _read_path(name: str, value: object) -> Path:
    if not isinstance(value, (str, os.PathLike)):
        raise TableError(f'{name} must be a path, got {shown(value)}')
    return Path(value)


def _read_texts(name: str, value: object) -> tuple[str, ...]:
    if not isinstance(value, tuple) or not all(isinstance(item, str) for item in value):
        raise TableError(f'{name} must be a tuple of texts, got {shown(value)}')
    return value


@frozen
class BuildSummary:
    """What :func:`build_table` did: chunks in all, built by this run, found finished; whether complete; and
    what it found wrong and repaired (``repairs``: one line each, e.g. ``'equity.npy: does not match its
    checksum in the manifest'``)."""

    path: Path = field(converter=reading(_read_path))  # type: ignore[misc]
    street: str = field(converter=reading(choice, choices=BOARD_ROUNDS, error=TableError))  # type: ignore[misc]
    chunks: int = field(converter=reading(whole_number, error=TableError))  # type: ignore[misc]
    chunks_built: int = field(converter=reading(whole_number, error=TableError))  # type: ignore[misc]
    chunks_reused: int = field(converter=reading(whole_number, error=TableError))  # type: ignore[misc]
    complete: bool = field(converter=reading(flag, error=TableError))  # type: ignore[misc]
    repairs: tuple[str, ...] = field(default=(), converter=reading(_read_texts))  # type: ignore[misc]


def _open_executor(workers: int | None, scheduler: str | None) -> tuple[concurrent.futures.Executor | None,
                                                                       Callable[[bool], None]]:
    """The executor for ``workers``/``scheduler`` (None: run in this process) and how to close it."""
    if scheduler is not None:
        stack = contextlib.ExitStack()
        executor = stack.enter_context(cluster_executor(scheduler, error=TableError))
        return executor, lambda interrupted: stack.close()
    if workers == 1:
        return None, lambda interrupted: None
    pool = process_pool(workers or os.cpu_count() or 1)

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
    """Build (or resume, or repair) the strength table of ``street`` in the directory ``out``.

    ``boards`` limits this run to the chunks holding the first ``boards`` canonical boards (a quick
    partial table; rerun without it to finish). The work runs on ``executor`` if given (the caller
    shuts it down), else on a dask cluster at ``scheduler`` (``'tcp://host:8786'``; the connection waits
    dask's ``distributed.comm.timeouts.connect``), else on a process pool of ``workers`` (default: every core;
    1 runs here). ``progress`` shows a bar on stderr (default: when stderr is a terminal).

    Every run verifies what it finds and rebuilds exactly what is wrong (see the module's notes): debris of
    killed builds is removed, a damaged chunk is built again, a damaged final array assembled again from the
    chunks, a damaged manifest rebuilt from the chunks that prove themselves; :attr:`BuildSummary.repairs`
    lists what it found. A directory built with other parameters or another library version is a
    :class:`TableError`.
    """
    street = _read_street(street)
    bins = whole_number('bins', bins, minimum=1, maximum=MAX_TABLE_BINS, error=TableError)
    chunk_boards = whole_number('chunk_boards', CHUNK_BOARDS[street] if chunk_boards is None else chunk_boards,
                                minimum=1, maximum=MAX_CHUNK_BOARDS, error=TableError)
    ranker = read_ranker(ranker)
    fresh = new_manifest(table_parameters(street, bins, chunk_boards, ranker))
    total_boards = fresh['boards']
    limit = total_boards if boards is None else whole_number('boards', boards, minimum=1, maximum=total_boards,
                                                             error=TableError)
    run = _Run(street, chunk_boards, total_boards, bins, ranker, *_read_workers(executor, workers, scheduler),
               None if progress is None else flag('progress', progress, error=TableError))
    root = _table_directory(out)
    repairs: list[str] = []
    manifest, recorded, unsound = repair_table(root, fresh, repairs)
    chunk_count = manifest['chunk_count']
    needed = chunk_count if limit == total_boards or 'arrays' in manifest or recorded else -(-limit // chunk_boards)
    built, reused = _build(root, manifest, needed, recorded, unsound, run, repairs)
    return BuildSummary(root, street, chunk_count, built, reused, 'arrays' in manifest, tuple(repairs))


@frozen
class _Run:
    """How a build computes its chunks: the street's boards (``total_boards``) in chunks of ``chunk_boards``, the
    histograms' ``bins``, the ranker, and where: on ``executor``, else a dask ``scheduler``'s cluster, else a pool
    of ``workers`` (1: here); with a progress bar or not (None: when stderr is a terminal)."""

    street: str
    chunk_boards: int
    total_boards: int
    bins: int
    ranker: type[HandRanker]
    executor: concurrent.futures.Executor | None
    workers: int | None
    scheduler: str | None
    progress: bool | None


def _read_workers(executor: concurrent.futures.Executor | None, workers: int | None, scheduler: str | None
                  ) -> tuple[concurrent.futures.Executor | None, int | None, str | None]:
    """Where :func:`build_table` runs, read: an executor (with submit), a number of workers, a scheduler's address."""
    if workers is not None:
        workers = whole_number('workers', workers, minimum=1, maximum=4096, error=TableError)
    if scheduler is not None and (not isinstance(scheduler, str) or not scheduler.strip()):
        raise TableError(f'scheduler must be an address such as tcp://host:8786, got {shown(scheduler)}')
    if executor is not None and not callable(getattr(executor, 'submit', None)):
        raise TableError(f'executor must be a concurrent.futures.Executor (with submit), got {shown(executor)}')
    return executor, workers, scheduler


def _table_directory(out: object) -> Path:
    """The table directory ``out`` and its ``chunks`` folder, made if need be."""
    root = _directory(out)
    try:
        (root / 'chunks').mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise TableError(f'cannot create the table directory {shown(str(root))}: {error.strerror or "failed"}') \
            from None
    return root


def _build(root: Path, manifest: dict[str, Any], needed: int, recorded: Mapping[str, Any], unsound: list[str],
           run: _Run, repairs: list[str]) -> tuple[int, int]:
    """Compute the chunks below ``needed`` not yet done, then, once every chunk is in, assemble the ``unsound``
    final arrays (:func:`_assemble`); a chunk found damaged while assembling is built again and the assembly
    retried. Returns the chunks built and the chunks found done."""
    done = manifest['chunks']
    built = reused = 0
    for _ in range(3):
        todo = [number for number in range(needed) if str(number) not in done]
        reused = max(reused, needed - len(todo))
        built += _run_chunks(root, manifest, todo, run)
        if len(done) < manifest['chunk_count'] or not unsound:
            break
        try:
            _assemble(root, manifest, unsound, recorded)
            break
        except DamagedChunk as error:
            repairs.append(f'{error}; built again')
    return built, reused


def _run_chunks(root: Path, manifest: dict[str, Any], todo: Sequence[int], run: _Run) -> int:
    """Compute the chunks ``todo``, saving each as it finishes; returns how many were saved."""
    from tqdm import tqdm  # type: ignore[import-untyped]
    if not todo:
        return 0
    size = run.chunk_boards
    spans = {number: (number * size, min(run.total_boards, (number + 1) * size)) for number in todo}
    show = sys.stderr.isatty() if run.progress is None else bool(run.progress)
    bar = tqdm(total=sum(stop - start for start, stop in spans.values()), unit='board', file=sys.stderr,
               disable=not show, desc=f'{run.street} table', dynamic_ncols=True)
    saved = 0

    def save(number: int, arrays: dict[str, np.ndarray]) -> None:
        nonlocal saved
        about = {**chunk_about(manifest['parameters'], number, *spans[number]),
                 'content_sha256': content_digest(arrays)}
        data = chunk_bytes({**arrays, 'about': np.array(json.dumps(about, sort_keys=True))})
        atomic_write(chunk_path(root, number), data)
        manifest['chunks'][str(number)] = {'boards': list(spans[number]), 'hands': int(len(arrays['index'])),
                                           'sha256': hashlib.sha256(data).hexdigest()}
        write_manifest(root, manifest)
        saved += 1
        bar.update(spans[number][1] - spans[number][0])

    own, close = (run.executor, lambda interrupted: None) if run.executor is not None \
        else _open_executor(run.workers, run.scheduler)
    interrupted = True
    try:
        if own is None:
            for number in todo:
                save(number, chunk_strengths(run.street, *spans[number], run.bins, run.ranker))
        else:
            futures = {own.submit(chunk_strengths, run.street, *spans[number], run.bins, run.ranker): number
                       for number in todo}
            try:
                for future in concurrent.futures.as_completed(futures):
                    save(futures[future], _chunk_result(future, futures[future], spans[futures[future]]))
            finally:
                for future in futures:
                    future.cancel()
        interrupted = False
    finally:
        close(interrupted)
        bar.close()
    return saved


def _chunk_result(future: concurrent.futures.Future[dict[str, np.ndarray]], number: int,
                  span: tuple[int, int]) -> dict[str, np.ndarray]:
    """The arrays of chunk ``number`` (boards ``span``) that ``future`` computed. Anything else a worker raised,
    or its executor (a worker or the scheduler lost), is a :class:`TableError` naming the chunk, in one line; a
    :class:`~poker.errors.PokerError` stays what it is."""
    try:
        return future.result()
    except PokerError:
        raise
    except Exception as error:  # its own error, or a lost worker or scheduler (dask's, the pool's)
        raise TableError(f'chunk {number} (boards {span[0]} to {span[1] - 1}) failed on its worker: '
                         f'{type(error).__name__}: {shown(str(error), 200)}; the chunks saved so far are kept, '
                         'run again to resume') from None


def _assemble(root: Path, manifest: dict[str, Any], names: Sequence[str], recorded: Mapping[str, Any]) -> None:
    """Gather every chunk (each verified against its checksum) into the final arrays ``names``, indexed by hand
    number, record them (the others kept as ``recorded``) and so mark the table complete.

    A chunk that fails its checksum is dropped from the manifest and removed, and a :class:`DamagedChunk` raised.
    """
    hands, street, bins = manifest['hands'], manifest['parameters']['street'], manifest['parameters']['bins']
    covered = np.zeros(hands, dtype=bool)
    handles: dict[str, int] = {}
    temporaries: dict[str, Path] = {}
    arrays: dict[str, np.memmap[Any, Any]] = {}
    try:
        for name in names:
            dtype, shape = array_layout(street, bins, name)
            handles[name], temporary = temporary_beside(root / f'{name}.npy')
            temporaries[name] = Path(temporary)
            arrays[name] = np.lib.format.open_memmap(temporary, mode='w+', dtype=np.dtype(dtype), shape=tuple(shape))
        for key, entry in sorted(manifest['chunks'].items(), key=lambda item: int(item[0])):
            try:
                chunk = verified_chunk(root, key, entry)
            except TableError as error:
                del manifest['chunks'][key]
                chunk_path(root, int(key)).unlink(missing_ok=True)
                write_manifest(root, manifest)
                raise DamagedChunk(str(error)) from None
            index = chunk['index'].astype(np.intp)
            covered[index] = True
            for name in names:
                arrays[name][index] = chunk[name]
        if not covered.all():
            raise TableError(f'the chunks of {shown(str(root))} leave {int((~covered).sum())} hands without values')
        records = dict(recorded)
        for name in names:
            arrays[name].flush()
            del arrays[name]
            size = temporaries[name].stat().st_size
            dtype, shape = array_layout(street, bins, name)
            records[name] = {'file': f'{name}.npy', 'dtype': dtype, 'shape': shape, 'bytes': size,
                             'sha256': sha256_of(temporaries[name])}
            os.replace(temporaries[name], root / f'{name}.npy')
    finally:
        arrays.clear()
        for name, leftover in temporaries.items():
            leftover.unlink(missing_ok=True)
            os.close(handles[name])
    manifest['arrays'] = {name: records[name] for name in array_names(street)}
    write_manifest(root, manifest)


# ------------------------------------------------------------------------------------------ read
class StrengthTable:
    """A strength table read from a directory: look hands up by their cards, or use the arrays.

    A complete table maps its ``.npy`` files (no copy in memory); a partial one (built with ``boards``)
    serves the hands of its finished chunks, and asking for another hand is a :class:`TableError`. Made by
    :func:`load_table`; the constructor checks that ``manifest`` is a sound manifest (its checksum included)
    and that ``index`` is None exactly when it records the final arrays.
    """

    def __init__(self, path: str | os.PathLike[str], manifest: Mapping[str, object], arrays: Mapping[str, np.ndarray],
                 index: np.ndarray | None) -> None:
        _read_path('path', path)
        check_manifest(dict(manifest) if isinstance(manifest, Mapping) else manifest, Path(path) / MANIFEST)
        if not isinstance(arrays, Mapping) or not all(isinstance(name, str) and isinstance(array, np.ndarray)
                                                   for name, array in arrays.items()) \
                or not set(STATISTICS) <= set(arrays):
            raise TableError(f'arrays must map each of {", ".join(STATISTICS)} to an array, got {shown(arrays)}')
        if index is not None:
            index = integer_array('index', index, ndim=1, error=TableError)
        if (index is None) != ('arrays' in manifest):
            raise TableError(f'index must be None for a complete table and the hand numbers of a partial one, got '
                             f'{shown(index)}')
        self.path = Path(path)
        self.manifest: dict[str, Any] = dict(manifest)
        self.street: str = self.manifest['parameters']['street']
        self.bins: int | None = self.manifest['parameters']['bins']
        self.indexer = HandIndexer.for_street(self.street)
        self.arrays = dict(arrays)
        self.index = index

    @property
    def complete(self) -> bool:
        """True when every chunk is built and the final arrays are in: every canonical hand has its numbers."""
        return self.index is None

    def __repr__(self) -> str:
        return f'load_table({str(self.path)!r})'

    def number(self, hole: HoleLike, board: CardsLike) -> int:
        """The canonical hand number of hole cards on a board of this table's street."""
        hole_cards, board_cards = read_hole(hole).cards, read_cards(board)
        size = sum(BOARD_ROUNDS[self.street])
        if len(board_cards) != size:
            raise CardCountError(f'a {self.street} table looks up 2 hole cards and {size} board cards, got '
                                 f'{len(board_cards)} board cards: {shown(hole)} / {shown(board)}')
        check_off_board((card.index for card in hole_cards), (card.index for card in board_cards), hole, board)
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


def load_table(path: str | os.PathLike[str], *, verify: str = 'quick') -> StrengthTable:
    """Open the strength table in directory ``path`` (see :func:`build_table`), verified.

    ``verify='quick'`` (the default) checks the manifest (its checksum and every field) and, for a complete
    table, that each final array's file has the size, header, dtype and shape the manifest records, then maps
    it; ``verify='full'`` also reads every byte of each array and compares its SHA-256 with the manifest's (a
    river table: 1.5 GB). A partial table reads its chunks, each checked against its SHA-256 either way.
    Anything damaged is a :class:`TableError` naming the file; ``poker table`` (:func:`build_table`) repairs it.
    """
    root = _directory(path)
    full = choice('verify', verify, ('quick', 'full'), error=TableError) == 'full'
    manifest = read_manifest(root)
    if manifest is None:
        raise TableError(f'no strength table in {shown(str(root))} (no {MANIFEST})')
    if 'arrays' in manifest:
        arrays = {name: open_array(root, record, full) for name, record in manifest['arrays'].items()}
        return StrengthTable(root, manifest, arrays, None)
    parts: dict[str, list[np.ndarray]] = {}
    for key, entry in sorted(manifest['chunks'].items(), key=lambda item: int(item[0])):
        for name, values in verified_chunk(root, key, entry).items():
            parts.setdefault(name, []).append(values)
    if not parts:
        raise TableError(f'the table in {shown(str(root))} has no finished chunk yet')
    joined = {name: np.concatenate(values) for name, values in parts.items()}
    order = np.argsort(joined['index'], kind='stable')
    index = joined.pop('index')[order]
    return StrengthTable(root, manifest, {name: values[order] for name, values in joined.items()}, index)
