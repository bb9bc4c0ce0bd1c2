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
import functools
import hashlib
import io
import json
import math
import os
import re
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from attrs import field, frozen

from .._version import __version__
from ..cards.card_inputs import CardsLike, HoleLike, check_off_board, read_cards, read_hole
from ..cards.holdings import HOLDINGS
from ..cards.isomorphism import BOARD_ROUNDS, HandIndexer
from ..errors import CardCountError, PokerError, TableError
from ..processes import process_pool
from ..ranking.ranker import HandRanker
from ..ranking.ranker_inputs import read_ranker
from ..validators import choice, flag, integer_array, is_whole, reading, shown, whole_number
from .boards import DEFAULT_BINS, boards_strengths

try:
    import fcntl
except ImportError:  # pragma: no cover - not on POSIX
    fcntl = None  # type: ignore[assignment]

__all__ = ['CHUNK_BOARDS', 'BuildSummary', 'StrengthTable', 'build_table', 'canonical_boards', 'chunk_strengths',
           'load_table']

FORMAT = 'poker strength table'
FORMAT_VERSION = 3
"""The layout of a table directory (3: checksums of the manifest and the final arrays, self-describing chunks;
2: the statistics named ``equity`` and ``mean_squared_strength``); a table of another version is refused with
a :class:`TableError` that says to rebuild it."""
MANIFEST = 'manifest.json'
CHECKSUM = 'manifest_sha256'
"""The manifest's key for the SHA-256 of its own canonical JSON (every other key)."""
STATISTICS = ('hs', 'equity', 'mean_squared_strength')
MAX_TABLE_BINS = 1000
"""The most histogram bins a table keeps (a flop table holds 1,286,792 histograms of this many counts)."""
MAX_CHUNK_BOARDS = 1 << 20

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
            columns['histogram'].append(result.histogram.reshape(-1, bins).astype(_count_dtype(result.runouts)))
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


def _count_dtype(runouts: int) -> type[np.unsignedinteger[Any]]:
    return np.uint8 if runouts < 256 else np.uint16


# ------------------------------------------------------------------------------------------ files
_TEMPORARY = re.compile(r'\.(manifest\.json|(hs|equity|mean_squared_strength|histogram)\.npy|chunk-\d{6}\.npz)'
                        r'\..+\.tmp')
"""The temporary files a build writes beside ``manifest.json``, the arrays and the chunks (``.hs.npy.x1y2.tmp``)."""
_STALE_SECONDS = 86_400
"""Where files cannot be locked (no :mod:`fcntl`), a temporary file untouched this long is debris."""
_CHUNK_NAME = re.compile(r'chunk-(\d{6})\.npz')
_SHA256 = re.compile(r'[0-9a-f]{64}')
_EPOCH = (1980, 1, 1, 0, 0, 0)  # every chunk's zip entries carry this date: equal chunks are equal bytes


def _lock(handle: int, wait: bool) -> bool:
    """Lock the open file ``handle`` for this process (True), or False if another process holds it."""
    if fcntl is None:
        return True
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
    except BlockingIOError:
        return False
    return True


def _temporary_beside(path: Path) -> tuple[int, str]:
    """A new temporary file next to ``path`` (same file system, so :func:`os.replace` is atomic), locked.

    The lock lasts while the returned handle is open and tells a resuming build the file is alive (see
    :func:`_clean_debris`). Its permissions are those of an ordinary new file (mkstemp makes it private).
    """
    while True:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f'.{path.name}.', suffix='.tmp')
        _lock(handle, wait=True)
        try:  # a cleaner that locked it first has removed it: take another
            if os.stat(temporary).st_ino == os.fstat(handle).st_ino:
                break
        except FileNotFoundError:
            pass
        os.close(handle)
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(temporary, 0o666 & ~mask)
    return handle, temporary


def _clean_debris(root: Path) -> int:
    """Remove the temporary files of builds that are gone; returns how many.

    A builder holds a lock on each temporary file it writes until it renames it into place, and the lock
    ends with its process: a temporary file nobody holds is debris, one held belongs to a live builder (in
    another process on this folder) and is left alone. Without file locks (no :mod:`fcntl`), a temporary file
    is debris once untouched for a day.
    """
    removed = 0
    for folder in (root, root / 'chunks'):
        try:
            names = [name for name in os.listdir(folder) if _TEMPORARY.fullmatch(name)]
        except OSError:
            continue
        for name in names:
            path = folder / name
            try:
                handle = os.open(path, os.O_RDWR)
            except OSError:
                continue
            try:
                if fcntl is None and time.time() - os.fstat(handle).st_mtime < _STALE_SECONDS:
                    continue
                if _lock(handle, wait=False) and os.stat(path).st_ino == os.fstat(handle).st_ino:
                    path.unlink()
                    removed += 1
            except OSError:
                pass
            finally:
                os.close(handle)
    return removed


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


def _chunk_bytes(arrays: Mapping[str, np.ndarray]) -> bytes:
    """A chunk's arrays as ``.npz`` bytes that depend on the arrays alone (no dates): equal chunks, equal files."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, 'w', zipfile.ZIP_STORED) as archive:
        for name, array in arrays.items():
            with archive.open(zipfile.ZipInfo(f'{name}.npy', date_time=_EPOCH), 'w', force_zip64=True) as member:
                np.lib.format.write_array(member, np.array(array, order='C'), allow_pickle=False)
    return buffer.getvalue()


def _content_digest(arrays: Mapping[str, np.ndarray]) -> str:
    """The SHA-256 of a chunk's arrays (names, dtypes, shapes and values), the ``about`` entry left out."""
    digest = hashlib.sha256()
    for name in sorted(arrays):
        if name != 'about':
            array = np.array(arrays[name], order='C')
            digest.update(f'{name} {array.dtype.str} {array.shape}\n'.encode())
            digest.update(array.tobytes())
    return digest.hexdigest()


def _chunk_arrays(data: bytes, path: Path) -> dict[str, np.ndarray]:
    """The arrays of chunk file ``path`` whose bytes are ``data`` (a damaged file is a :class:`TableError`)."""
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as archive:
            return {name: archive[name] for name in archive.files}
    except Exception as error:  # zip, NumPy header and CRC failures alike: a damaged file
        raise TableError(f'chunk file {shown(str(path))} is damaged: {shown(str(error), 80)}') from None


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, 'rb') as file:
        for block in iter(lambda: file.read(1 << 22), b''):
            digest.update(block)
    return digest.hexdigest()


def _chunk_path(root: Path, number: int) -> Path:
    return root / 'chunks' / f'chunk-{number:06d}.npz'


def _canonical(manifest: Mapping[str, object]) -> bytes:
    """The manifest (its checksum left out) as canonical JSON: the bytes its checksum is taken of."""
    body = {key: value for key, value in manifest.items() if key != CHECKSUM}
    return json.dumps(body, sort_keys=True, separators=(',', ':'), ensure_ascii=True, allow_nan=False).encode()


class _DamagedManifest(TableError):
    """A manifest that is not what a build wrote: unreadable, altered (checksum) or of the wrong shape."""


def _read_manifest(root: Path) -> dict[str, Any] | None:
    """The verified manifest of the table in ``root``, or None if there is none (see :func:`_check_manifest`)."""
    path = root / MANIFEST
    try:
        if not path.exists():
            return None
    except OSError as error:  # a name too long for the file system, say
        raise TableError(f'cannot read the table directory {shown(str(root))}: {error.strerror or "failed"}') \
            from None
    try:
        manifest = json.loads(path.read_bytes().decode('utf-8'))
    except OSError as error:
        raise TableError(f'cannot read the table manifest {shown(str(path))}: {error.strerror or "failed"}') from None
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
        raise _DamagedManifest(f'damaged table manifest {shown(str(path))}: not JSON ({shown(str(error), 80)})') \
            from None
    if isinstance(manifest, dict) and manifest.get('format') == FORMAT and CHECKSUM not in manifest \
            and is_whole(manifest.get('format_version')) and manifest.get('format_version') != FORMAT_VERSION:
        raise TableError(f'{shown(str(path))} is the manifest of a table of format version '
                         f'{shown(manifest.get("format_version"))}; this library reads version {FORMAT_VERSION}: '
                         'rebuild it (delete the directory, then run poker table or build_table again)')
    _check_manifest(manifest, path)
    return manifest  # type: ignore[no-any-return]


def _write_manifest(root: Path, manifest: dict[str, Any]) -> None:
    """Save ``manifest`` with its checksum (set in it too)."""
    manifest[CHECKSUM] = hashlib.sha256(_canonical(manifest)).hexdigest()
    _atomic_write(root / MANIFEST, json.dumps(manifest, indent=1, allow_nan=False).encode('utf-8'))


# ------------------------------------------------------------------------------------------ the manifest's shape
def _array_names(street: str) -> tuple[str, ...]:
    return STATISTICS if street == 'river' else (*STATISTICS, 'histogram')


@functools.cache
def _street_sizes(street: str) -> tuple[int, int]:
    """The canonical boards and hands of a street: the one place a table's sizes come from."""
    return HandIndexer(BOARD_ROUNDS[street]).size, HandIndexer.for_street(street).size


def _array_layout(street: str, bins: int | None, name: str) -> tuple[str, list[int]]:
    """The dtype and shape of final array ``name`` of a table (one row per hand number)."""
    hands = _street_sizes(street)[1]
    if name != 'histogram' or bins is None:
        return 'float32', [hands]
    runouts = math.comb(52 - 2 - sum(BOARD_ROUNDS[street]), 5 - sum(BOARD_ROUNDS[street]))
    return np.dtype(_count_dtype(runouts)).name, [hands, bins]


def _new_manifest(parameters: dict[str, Any]) -> dict[str, Any]:
    street, bins = parameters['street'], parameters['bins']
    boards, hands = _street_sizes(street)
    return {'format': FORMAT, 'format_version': FORMAT_VERSION, 'library_version': __version__,
            'parameters': parameters, 'boards': boards, 'hands': hands,
            'chunk_count': -(-boards // parameters['chunk_boards']), 'chunks': {},
            'statistics': _describe(street, bins if bins is not None else DEFAULT_BINS)}


def _parameters(street: str, bins: int, chunk_boards: int, ranker: type[HandRanker]) -> dict[str, Any]:
    return {'street': street, 'bins': bins if street != 'river' else None, 'chunk_boards': chunk_boards,
            'ranker': f'{ranker.__module__}.{ranker.__qualname__}'}


def _is_int_within(value: object, low: int, high: int) -> bool:
    """Whether ``value`` is an int (not a bool, not a float) from ``low`` to ``high``."""
    return type(value) is int and low <= value <= high


def _problem(manifest: object) -> str | None:
    """What is wrong with a manifest's content (None: nothing). Every key is checked, nothing is believed:
    the numbers that follow from the parameters must be those numbers, and a table is complete only when
    every chunk is recorded and its arrays are (``arrays``, with their checksums)."""
    if not isinstance(manifest, dict):
        return 'not a JSON object'
    optional = {'arrays'}
    required = {'format', 'format_version', 'library_version', 'parameters', 'boards', 'hands', 'chunk_count',
                'chunks', 'statistics', CHECKSUM}
    if not required <= set(manifest) or set(manifest) - required - optional:
        return f'keys {shown(sorted(map(str, manifest)), 120)}'
    if not isinstance(manifest[CHECKSUM], str) \
            or manifest[CHECKSUM] != hashlib.sha256(_canonical(manifest)).hexdigest():
        return 'its checksum does not match its content'
    if manifest['format'] != FORMAT or not _is_int_within(manifest['format_version'], FORMAT_VERSION, FORMAT_VERSION) \
            or not isinstance(manifest['library_version'], str):
        return 'not a strength-table manifest of this format'
    parameters = manifest['parameters']
    if not isinstance(parameters, dict) or set(parameters) != {'street', 'bins', 'chunk_boards', 'ranker'} \
            or parameters['street'] not in BOARD_ROUNDS or not isinstance(parameters['ranker'], str) \
            or not _is_int_within(parameters['chunk_boards'], 1, MAX_CHUNK_BOARDS) \
            or not (parameters['bins'] is None if parameters['street'] == 'river' else
                    _is_int_within(parameters['bins'], 1, MAX_TABLE_BINS)):
        return f'parameters {shown(parameters, 120)}'
    expected = _new_manifest(dict(parameters))
    for key in ('boards', 'hands', 'chunk_count', 'statistics'):
        if type(manifest[key]) is not type(expected[key]) or manifest[key] != expected[key]:
            return f'{key} {shown(manifest[key], 80)}, not {shown(expected[key], 80)}'
    count, chunk_boards, boards = expected['chunk_count'], parameters['chunk_boards'], expected['boards']
    chunks = manifest['chunks']
    if not isinstance(chunks, dict):
        return f'chunks {shown(chunks, 80)} (not an object)'
    for key, entry in chunks.items():
        if not (isinstance(key, str) and key.isascii() and key.isdigit() and str(int(key)) == key
                and int(key) < count):
            return f'chunk key {shown(key)} is not a chunk number below {count}'
        start = int(key) * chunk_boards
        if not isinstance(entry, dict) or set(entry) != {'boards', 'hands', 'sha256'} \
                or entry['boards'] != [start, min(boards, start + chunk_boards)] \
                or not _is_int_within(entry['hands'], 1, expected['hands']) \
                or not (isinstance(entry['sha256'], str) and _SHA256.fullmatch(entry['sha256'])):
            return f'chunk {key}: {shown(entry, 120)}'
    if 'arrays' in manifest:
        arrays = manifest['arrays']
        if len(chunks) != count:
            return f'arrays recorded with {len(chunks)} of {count} chunks'
        names = _array_names(parameters['street'])
        if not isinstance(arrays, dict) or set(arrays) != set(names):
            return f'arrays {shown(arrays, 120)}'
        for name in names:
            entry = arrays[name]
            dtype, shape = _array_layout(parameters['street'], parameters['bins'], name)
            if not isinstance(entry, dict) or set(entry) != {'file', 'dtype', 'shape', 'bytes', 'sha256'} \
                    or entry['file'] != f'{name}.npy' or entry['dtype'] != dtype or entry['shape'] != shape \
                    or not _is_int_within(entry['bytes'], 1, 1 << 62) \
                    or not (isinstance(entry['sha256'], str) and _SHA256.fullmatch(entry['sha256'])):
                return f'array {name}: {shown(entry, 120)}'
    return None


def _check_manifest(manifest: object, path: object) -> None:
    """A :class:`TableError` (naming ``path``, the manifest's file) unless ``manifest`` is sound (:func:`_problem`)."""
    problem = _problem(manifest)
    if problem is not None:
        raise _DamagedManifest(f'damaged table manifest {shown(str(path))}: {problem}')


# ------------------------------------------------------------------------------------------ the files, verified
def _open_array(root: Path, record: Mapping[str, Any], full: bool) -> np.ndarray:
    """The final array ``record`` describes, mapped read-only, checked: its size, header, dtype and shape, and
    with ``full`` its SHA-256 (every byte read). Anything else is a :class:`TableError` naming the file."""
    path = root / record['file']
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise TableError(f'table array {shown(str(path))} is missing') from None
    except OSError as error:
        raise TableError(f'cannot read the table array {shown(str(path))}: {error.strerror or "failed"}') from None
    if size != record['bytes']:
        raise TableError(f'table array {shown(str(path))} has {size} bytes, not the {record["bytes"]} recorded')
    try:
        array = np.load(path, mmap_mode='r', allow_pickle=False)
    except Exception as error:  # a damaged header: NumPy's ValueError, an EOFError, an mmap failure
        raise TableError(f'table array {shown(str(path))} is damaged: {shown(str(error), 80)}') from None
    if not isinstance(array, np.memmap) or array.dtype != np.dtype(record['dtype']) \
            or list(array.shape) != record['shape'] or not array.flags.c_contiguous \
            or array.offset + array.nbytes != size:
        raise TableError(f'table array {shown(str(path))} is damaged: a {array.dtype} array of shape {array.shape}, '
                         f'not {record["dtype"]} {tuple(record["shape"])}')
    if full and _sha256(path) != record['sha256']:
        raise TableError(f'table array {shown(str(path))} does not match its checksum in the manifest')
    return array


def _verified_chunk(root: Path, key: str, entry: Mapping[str, Any]) -> dict[str, np.ndarray]:
    """The arrays of a recorded chunk whose file matches its checksum, else a :class:`TableError` naming it."""
    path = _chunk_path(root, int(key))
    try:
        data = path.read_bytes()
    except OSError as error:
        raise TableError(f'chunk file {shown(str(path))} is missing or unreadable: {error.strerror or "failed"}') \
            from None
    if hashlib.sha256(data).hexdigest() != entry['sha256']:
        raise TableError(f'chunk file {shown(str(path))} does not match its checksum in the manifest')
    arrays = _chunk_arrays(data, path)
    arrays.pop('about', None)
    return arrays


def _about(parameters: Mapping[str, Any], number: int, start: int, stop: int) -> dict[str, Any]:
    """What a chunk says it is: its table's parameters, the library version, its number and boards."""
    return {'format': FORMAT, 'format_version': FORMAT_VERSION, 'library_version': __version__,
            'parameters': dict(parameters), 'chunk': number, 'boards': [start, stop]}


def _adopt(root: Path, number: int, manifest: Mapping[str, Any]) -> dict[str, Any]:
    """The manifest entry of chunk file ``number`` if it proves itself a chunk of this table, without a manifest.

    A chunk carries what it is (``about``: the parameters, library version, number and boards) and the
    SHA-256 of its arrays: a file whose arrays match that digest and whose ``about`` is this table's is
    adopted; one that is sound but of another table is a :class:`TableError` (the directory holds another
    table); anything else is damaged (a :class:`_DamagedChunk`).
    """
    path = _chunk_path(root, number)
    data = path.read_bytes()
    try:
        arrays = _chunk_arrays(data, path)
    except TableError as error:
        raise _DamagedChunk(str(error)) from None
    damaged = _DamagedChunk(f'chunk file {shown(str(path))} does not prove what it is')
    about_array = arrays.pop('about', None)
    if about_array is None or about_array.ndim != 0 or about_array.dtype.kind != 'U':
        raise damaged
    try:
        about = json.loads(str(about_array))
    except (json.JSONDecodeError, RecursionError):
        raise damaged from None
    if not isinstance(about, dict) or about.get('content_sha256') != _content_digest(arrays):
        raise damaged
    parameters, street = manifest['parameters'], manifest['parameters']['street']
    chunk_boards, boards = parameters['chunk_boards'], manifest['boards']
    start = number * chunk_boards
    expected = _about(parameters, number, start, min(boards, start + chunk_boards))
    if {key: about.get(key) for key in ('format', 'format_version', 'library_version', 'parameters')} != \
            {key: expected[key] for key in ('format', 'format_version', 'library_version', 'parameters')}:
        raise TableError(f'{shown(str(root))} holds chunks of another table ({shown(str(path))}: '
                         f'{shown(about.get("parameters"), 80)}, library {shown(about.get("library_version"))}): '
                         'use another directory or delete it')
    index = arrays.get('index')
    names = {'index', *_array_names(street)}
    if number >= manifest['chunk_count'] or about.get('chunk') != number or about.get('boards') != expected['boards'] \
            or set(arrays) != names or index is None or index.ndim != 1 or index.dtype != np.uint32 \
            or len(index) == 0 or (len(index) > 1 and not (np.diff(index.astype(np.int64)) > 0).all()) \
            or int(index[-1]) >= manifest['hands'] \
            or any(arrays[name].shape[:1] != index.shape
                   or (arrays[name].dtype.name, list(arrays[name].shape[1:])) !=
                   (_array_layout(street, parameters['bins'], name)[0],
                    _array_layout(street, parameters['bins'], name)[1][1:]) for name in _array_names(street)):
        raise damaged
    return {'boards': expected['boards'], 'hands': int(len(index)), 'sha256': hashlib.sha256(data).hexdigest()}


class _DamagedChunk(TableError):
    """A chunk file that is not a sound chunk of any table."""


def _recover(root: Path, fresh: dict[str, Any], repairs: list[str]) -> dict[str, Any]:
    """A new manifest for ``root`` whose own is damaged or missing: the chunk files that prove themselves
    (:func:`_adopt`) are kept, damaged ones removed; the final arrays, whose checksums were in the manifest, are
    not trusted: they are assembled again from the chunks."""
    manifest = {**fresh, 'chunks': {}}
    try:
        names = sorted(os.listdir(root / 'chunks'))
    except OSError:
        names = []
    for name in names:
        match = _CHUNK_NAME.fullmatch(name)
        if match is None:
            continue
        try:
            manifest['chunks'][str(int(match[1]))] = _adopt(root, int(match[1]), manifest)
        except _DamagedChunk:
            (root / 'chunks' / name).unlink(missing_ok=True)
            repairs.append(f'chunk file {shown(str(root / "chunks" / name))} is damaged; removed')
    _write_manifest(root, manifest)
    return manifest


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


def _scheduler_timeout() -> float:
    """Seconds to reach a dask scheduler: dask's ``distributed.comm.timeouts.connect`` setting."""
    import dask.config
    from dask.utils import parse_timedelta
    try:
        seconds = parse_timedelta(dask.config.get('distributed.comm.timeouts.connect'), default='seconds')
    except (TypeError, ValueError, KeyError):
        seconds = None
    return float(seconds) if isinstance(seconds, (int, float)) and 0 < seconds < 1e6 else 30.0


def _probe_scheduler(scheduler: str, seconds: float) -> None:
    """Connect to ``scheduler`` and shake hands within ``seconds`` (plus one), in a private event loop.

    dask's own connect gives up on the connection after its timeout, but waits for the handshake without
    one: a server that accepts and stays silent would hang the client for ever. Raises what the connection
    raises, or :class:`TimeoutError`; everything it opened is closed when it returns. The loop runs in a
    thread of its own, so the probe works where an event loop is already running (a notebook).
    """
    import asyncio

    from distributed.comm.core import connect

    async def shake_hands() -> None:
        comm = await connect(scheduler, timeout=seconds)  # type: ignore[no-untyped-call]
        await comm.close()

    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, asyncio.wait_for(shake_hands(), seconds + 1)).result()


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
        seconds = _scheduler_timeout()
        try:  # a failure leaves nothing running: the interpreter exits at once
            _probe_scheduler(scheduler, seconds)
            client = Client(scheduler, timeout=seconds, set_as_default=False)  # type: ignore[no-untyped-call]
        except Exception as error:  # refused, timed out, not a dask scheduler (its answer read as anything)
            reason = 'no answer in time' if isinstance(error, TimeoutError) else str(error) or type(error).__name__
            raise TableError(f'cannot reach the dask scheduler {shown(scheduler)}: {shown(reason, 120)}') from None
        return client.get_executor(), lambda interrupted: client.close()  # type: ignore[no-untyped-call]
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
    total_boards = _street_sizes(street)[0]
    limit = total_boards if boards is None else whole_number('boards', boards, minimum=1, maximum=total_boards,
                                                                  error=TableError)
    if workers is not None:
        workers = whole_number('workers', workers, minimum=1, maximum=4096, error=TableError)
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
    repairs: list[str] = []
    removed = _clean_debris(root)
    if removed:
        repairs.append(f'{removed} temporary file{"s" if removed > 1 else ""} of a stopped build removed')
    fresh = _new_manifest(_parameters(street, bins, chunk_boards, ranker))
    try:
        manifest = _read_manifest(root)
    except _DamagedManifest as error:
        repairs.append(f'{error}; rebuilt from the chunks that prove themselves')
        manifest = _recover(root, fresh, repairs)
    if manifest is None:
        has_chunks = any(_CHUNK_NAME.fullmatch(path.name) for path in (root / 'chunks').iterdir())
        if has_chunks:
            repairs.append(f'{shown(str(root / MANIFEST))} is missing; rebuilt from the chunks that prove themselves')
        manifest = _recover(root, fresh, repairs) if has_chunks else fresh
        if not has_chunks:
            _write_manifest(root, manifest)
    else:
        _check_same(root, manifest, fresh['parameters'], __version__)
    found = _canonical(manifest)
    chunk_count = manifest['chunk_count']
    names = _array_names(street)
    recorded: dict[str, Any] = manifest.pop('arrays', None) or {}
    unsound = [name for name in names if name not in recorded]
    for name in names:
        if name in recorded:
            try:
                _open_array(root, recorded[name], full=True)
            except TableError as error:
                unsound.append(name)
                repairs.append(f'{error}; assembled again from the chunks')
    if not unsound:
        manifest['arrays'] = recorded  # complete and verified: its chunk files may have been deleted
    done: dict[str, Any] = manifest['chunks']
    for key, entry in sorted(done.items(), key=lambda item: int(item[0])):
        path = _chunk_path(root, int(key))
        if not path.exists():
            if unsound:  # lost, and needed (a complete table may do without its chunks)
                del done[key]
                repairs.append(f'chunk file {shown(str(path))} is missing; built again')
        elif _sha256(path) != entry['sha256']:
            del done[key]
            path.unlink(missing_ok=True)
            repairs.append(f'chunk file {shown(str(path))} does not match its checksum in the manifest; built again')
    if unsound:  # a build stopped between a chunk's rename and its manifest entry: that chunk is kept
        for path in sorted((root / 'chunks').iterdir()):
            match = _CHUNK_NAME.fullmatch(path.name)
            if match is None or str(int(match[1])) in done:
                continue
            try:
                done[str(int(match[1]))] = _adopt(root, int(match[1]), manifest)
                repairs.append(f'chunk file {shown(str(path))} was finished but not recorded; kept')
            except _DamagedChunk:
                path.unlink(missing_ok=True)
                repairs.append(f'chunk file {shown(str(path))} is damaged; removed')
    if _canonical(manifest) != found:  # else leave the file to any other builder on this folder
        _write_manifest(root, manifest)
    needed = chunk_count if limit == total_boards or 'arrays' in manifest or recorded else -(-limit // chunk_boards)
    built = reused = 0
    for _ in range(3):  # a chunk found damaged while assembling is built again, then the assembly retried
        todo = [number for number in range(needed) if str(number) not in done]
        reused = max(reused, needed - len(todo))
        built += _run_chunks(root, manifest, street, todo, chunk_boards, total_boards, bins, ranker,
                             executor, workers, scheduler, progress)
        if len(done) < chunk_count or not unsound:
            break
        try:
            _assemble(root, manifest, unsound, recorded)
            break
        except _DamagedChunk as error:
            repairs.append(f'{error}; built again')
    return BuildSummary(root, street, chunk_count, built, reused, 'arrays' in manifest, tuple(repairs))


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
    theirs = {**manifest['parameters'], 'library_version': manifest['library_version']}
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
        about = {**_about(manifest['parameters'], number, *spans[number]), 'content_sha256': _content_digest(arrays)}
        data = _chunk_bytes({**arrays, 'about': np.array(json.dumps(about, sort_keys=True))})
        _atomic_write(_chunk_path(root, number), data)
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

    A chunk that fails its checksum is dropped from the manifest and removed, and a :class:`_DamagedChunk` raised.
    """
    hands, street, bins = manifest['hands'], manifest['parameters']['street'], manifest['parameters']['bins']
    covered = np.zeros(hands, dtype=bool)
    handles: dict[str, int] = {}
    temporaries: dict[str, Path] = {}
    arrays: dict[str, np.memmap[Any, Any]] = {}
    try:
        for name in names:
            dtype, shape = _array_layout(street, bins, name)
            handles[name], temporary = _temporary_beside(root / f'{name}.npy')
            temporaries[name] = Path(temporary)
            arrays[name] = np.lib.format.open_memmap(temporary, mode='w+', dtype=np.dtype(dtype), shape=tuple(shape))
        for key, entry in sorted(manifest['chunks'].items(), key=lambda item: int(item[0])):
            try:
                chunk = _verified_chunk(root, key, entry)
            except TableError as error:
                del manifest['chunks'][key]
                _chunk_path(root, int(key)).unlink(missing_ok=True)
                _write_manifest(root, manifest)
                raise _DamagedChunk(str(error)) from None
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
            dtype, shape = _array_layout(street, bins, name)
            records[name] = {'file': f'{name}.npy', 'dtype': dtype, 'shape': shape, 'bytes': size,
                             'sha256': _sha256(temporaries[name])}
            os.replace(temporaries[name], root / f'{name}.npy')
    finally:
        arrays.clear()
        for name, leftover in temporaries.items():
            leftover.unlink(missing_ok=True)
            os.close(handles[name])
    manifest['arrays'] = {name: records[name] for name in _array_names(street)}
    _write_manifest(root, manifest)


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
        _check_manifest(dict(manifest) if isinstance(manifest, Mapping) else manifest, Path(path) / MANIFEST)
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
    manifest = _read_manifest(root)
    if manifest is None:
        raise TableError(f'no strength table in {shown(str(root))} (no {MANIFEST})')
    if 'arrays' in manifest:
        arrays = {name: _open_array(root, record, full) for name, record in manifest['arrays'].items()}
        return StrengthTable(root, manifest, arrays, None)
    parts: dict[str, list[np.ndarray]] = {}
    for key, entry in sorted(manifest['chunks'].items(), key=lambda item: int(item[0])):
        for name, values in _verified_chunk(root, key, entry).items():
            parts.setdefault(name, []).append(values)
    if not parts:
        raise TableError(f'the table in {shown(str(root))} has no finished chunk yet')
    joined = {name: np.concatenate(values) for name, values in parts.items()}
    order = np.argsort(joined['index'], kind='stable')
    index = joined.pop('index')[order]
    return StrengthTable(root, manifest, {name: values[order] for name, values in joined.items()}, index)
