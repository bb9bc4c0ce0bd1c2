"""The store of a strength table (:mod:`poker.stats.strength_tables`): its directory's files, written atomically
under locks, and its manifest, checked key by key and rebuilt from the chunks that prove themselves.

The layout (format version 3) is described in :mod:`poker.stats.strength_tables`. Here: the temporary files a
build writes and holds locked until it renames them into place (:func:`temporary_beside`, :func:`atomic_write`;
the debris of stopped builds is what nobody holds), the chunk files (:func:`chunk_bytes`, the same bytes for the
same values; :func:`verified_chunk`, checked against the manifest's SHA-256), the final arrays
(:func:`open_array`), and the manifest: its numbers that follow from the parameters (:func:`new_manifest`,
:func:`street_sizes`, :func:`array_layout`), its checksum and every key checked (:func:`read_manifest`,
:func:`check_manifest`), and its repair (:func:`repair_table`): what a build finds wrong, rebuilt from what proves
itself, one line per repair.
"""

from __future__ import annotations

import functools
import hashlib
import io
import json
import math
import os
import re
import tempfile
import time
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from .._version import __version__
from ..cards.isomorphism import BOARD_ROUNDS, HandIndexer
from ..errors import TableError
from ..ranking.ranker import HandRanker
from ..validators import is_whole, shown
from .boards import DEFAULT_BINS

try:
    import fcntl
except ImportError:  # pragma: no cover - not on POSIX
    fcntl = None  # type: ignore[assignment]

__all__ = ['CHECKSUM', 'FORMAT', 'FORMAT_VERSION', 'MANIFEST', 'MAX_CHUNK_BOARDS', 'MAX_TABLE_BINS', 'STATISTICS',
           'DamagedChunk', 'array_layout', 'array_names', 'atomic_write', 'check_manifest', 'chunk_about',
           'chunk_bytes', 'chunk_path', 'content_digest', 'count_dtype', 'new_manifest', 'open_array',
           'read_manifest', 'repair_table', 'sha256_of', 'street_sizes', 'table_parameters', 'temporary_beside',
           'verified_chunk', 'write_manifest']

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


def count_dtype(runouts: int) -> type[np.unsignedinteger[Any]]:
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


def temporary_beside(path: Path) -> tuple[int, str]:
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


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same directory and :func:`os.replace`."""
    handle, temporary = temporary_beside(path)
    try:
        with os.fdopen(handle, 'wb') as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
            os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def chunk_bytes(arrays: Mapping[str, np.ndarray]) -> bytes:
    """A chunk's arrays as ``.npz`` bytes that depend on the arrays alone (no dates): equal chunks, equal files."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, 'w', zipfile.ZIP_STORED) as archive:
        for name, array in arrays.items():
            with archive.open(zipfile.ZipInfo(f'{name}.npy', date_time=_EPOCH), 'w', force_zip64=True) as member:
                np.lib.format.write_array(member, np.array(array, order='C'), allow_pickle=False)
    return buffer.getvalue()


def content_digest(arrays: Mapping[str, np.ndarray]) -> str:
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


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, 'rb') as file:
        for block in iter(lambda: file.read(1 << 22), b''):
            digest.update(block)
    return digest.hexdigest()


def chunk_path(root: Path, number: int) -> Path:
    return root / 'chunks' / f'chunk-{number:06d}.npz'


def _canonical(manifest: Mapping[str, object]) -> bytes:
    """The manifest (its checksum left out) as canonical JSON: the bytes its checksum is taken of."""
    body = {key: value for key, value in manifest.items() if key != CHECKSUM}
    return json.dumps(body, sort_keys=True, separators=(',', ':'), ensure_ascii=True, allow_nan=False).encode()


class _DamagedManifest(TableError):
    """A manifest that is not what a build wrote: unreadable, altered (checksum) or of the wrong shape."""


def read_manifest(root: Path) -> dict[str, Any] | None:
    """The verified manifest of the table in ``root``, or None if there is none (see :func:`check_manifest`)."""
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
    check_manifest(manifest, path)
    return manifest  # type: ignore[no-any-return]


def write_manifest(root: Path, manifest: dict[str, Any]) -> None:
    """Save ``manifest`` with its checksum (set in it too)."""
    manifest[CHECKSUM] = hashlib.sha256(_canonical(manifest)).hexdigest()
    atomic_write(root / MANIFEST, json.dumps(manifest, indent=1, allow_nan=False).encode('utf-8'))


# ------------------------------------------------------------------------------------------ the manifest's shape
def array_names(street: str) -> tuple[str, ...]:
    return STATISTICS if street == 'river' else (*STATISTICS, 'histogram')


@functools.cache
def street_sizes(street: str) -> tuple[int, int]:
    """The canonical boards and hands of a street: the one place a table's sizes come from."""
    return HandIndexer(BOARD_ROUNDS[street]).size, HandIndexer.for_street(street).size


def array_layout(street: str, bins: int | None, name: str) -> tuple[str, list[int]]:
    """The dtype and shape of final array ``name`` of a table (one row per hand number)."""
    hands = street_sizes(street)[1]
    if name != 'histogram' or bins is None:
        return 'float32', [hands]
    runouts = math.comb(52 - 2 - sum(BOARD_ROUNDS[street]), 5 - sum(BOARD_ROUNDS[street]))
    return np.dtype(count_dtype(runouts)).name, [hands, bins]


def new_manifest(parameters: dict[str, Any]) -> dict[str, Any]:
    street, bins = parameters['street'], parameters['bins']
    boards, hands = street_sizes(street)
    return {'format': FORMAT, 'format_version': FORMAT_VERSION, 'library_version': __version__,
            'parameters': parameters, 'boards': boards, 'hands': hands,
            'chunk_count': -(-boards // parameters['chunk_boards']), 'chunks': {},
            'statistics': _describe(street, bins if bins is not None else DEFAULT_BINS)}


def table_parameters(street: str, bins: int, chunk_boards: int, ranker: type[HandRanker]) -> dict[str, Any]:
    return {'street': street, 'bins': bins if street != 'river' else None, 'chunk_boards': chunk_boards,
            'ranker': f'{ranker.__module__}.{ranker.__qualname__}'}


def _is_int_within(value: object, low: int, high: int) -> bool:
    """Whether ``value`` is an int (not a bool, not a float) from ``low`` to ``high``."""
    return type(value) is int and low <= value <= high


def _manifest_problem(manifest: object) -> str | None:
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
    if manifest['format'] != FORMAT or not isinstance(manifest['library_version'], str) \
            or not _is_int_within(manifest['format_version'], FORMAT_VERSION, FORMAT_VERSION):
        return 'not a strength-table manifest of this format'
    parameters = manifest['parameters']
    if not _sound_parameters(parameters):
        return f'parameters {shown(parameters, 120)}'
    expected = new_manifest(dict(parameters))
    for key in ('boards', 'hands', 'chunk_count', 'statistics'):
        if type(manifest[key]) is not type(expected[key]) or manifest[key] != expected[key]:
            return f'{key} {shown(manifest[key], 80)}, not {shown(expected[key], 80)}'
    return _chunks_problem(manifest['chunks'], expected) or _arrays_problem(manifest, expected)


def _sound_parameters(parameters: object) -> bool:
    """Whether a manifest's ``parameters`` are a table's: its street, bins, boards per chunk and ranker."""
    return isinstance(parameters, dict) and set(parameters) == {'street', 'bins', 'chunk_boards', 'ranker'} \
        and isinstance(parameters['street'], str) and parameters['street'] in BOARD_ROUNDS \
        and isinstance(parameters['ranker'], str) \
        and _is_int_within(parameters['chunk_boards'], 1, MAX_CHUNK_BOARDS) \
        and (parameters['bins'] is None if parameters['street'] == 'river' else
             _is_int_within(parameters['bins'], 1, MAX_TABLE_BINS))


def _chunks_problem(chunks: object, expected: Mapping[str, Any]) -> str | None:
    """What is wrong with a manifest's ``chunks`` (None: nothing), ``expected`` the manifest its parameters make:
    each key a chunk number below the count, each entry the chunk's boards, its hands and a SHA-256."""
    if not isinstance(chunks, dict):
        return f'chunks {shown(chunks, 80)} (not an object)'
    count, chunk_boards, boards = expected['chunk_count'], expected['parameters']['chunk_boards'], expected['boards']
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
    return None


def _arrays_problem(manifest: Mapping[str, Any], expected: Mapping[str, Any]) -> str | None:
    """What is wrong with a manifest's ``arrays``, if it records them (None: nothing): recorded with every chunk,
    each final array's file, dtype, shape, size and SHA-256."""
    if 'arrays' not in manifest:
        return None
    arrays, street, bins = manifest['arrays'], expected['parameters']['street'], expected['parameters']['bins']
    if len(manifest['chunks']) != expected['chunk_count']:
        return f'arrays recorded with {len(manifest["chunks"])} of {expected["chunk_count"]} chunks'
    names = array_names(street)
    if not isinstance(arrays, dict) or set(arrays) != set(names):
        return f'arrays {shown(arrays, 120)}'
    for name in names:
        entry = arrays[name]
        dtype, shape = array_layout(street, bins, name)
        if not isinstance(entry, dict) or set(entry) != {'file', 'dtype', 'shape', 'bytes', 'sha256'} \
                or entry['file'] != f'{name}.npy' or entry['dtype'] != dtype or entry['shape'] != shape \
                or not _is_int_within(entry['bytes'], 1, 1 << 62) \
                or not (isinstance(entry['sha256'], str) and _SHA256.fullmatch(entry['sha256'])):
            return f'array {name}: {shown(entry, 120)}'
    return None


def check_manifest(manifest: object, path: object) -> None:
    """A :class:`TableError` (naming ``path``, the manifest's file) unless ``manifest`` is sound (:func:`_manifest_problem`)."""
    problem = _manifest_problem(manifest)
    if problem is not None:
        raise _DamagedManifest(f'damaged table manifest {shown(str(path))}: {problem}')


# ------------------------------------------------------------------------------------------ the files, verified
def open_array(root: Path, record: Mapping[str, Any], full: bool) -> np.ndarray:
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
    if full and sha256_of(path) != record['sha256']:
        raise TableError(f'table array {shown(str(path))} does not match its checksum in the manifest')
    return array


def verified_chunk(root: Path, key: str, entry: Mapping[str, Any]) -> dict[str, np.ndarray]:
    """The arrays of a recorded chunk whose file matches its checksum, else a :class:`TableError` naming it."""
    path = chunk_path(root, int(key))
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


def chunk_about(parameters: Mapping[str, Any], number: int, start: int, stop: int) -> dict[str, Any]:
    """What a chunk says it is: its table's parameters, the library version, its number and boards."""
    return {'format': FORMAT, 'format_version': FORMAT_VERSION, 'library_version': __version__,
            'parameters': dict(parameters), 'chunk': number, 'boards': [start, stop]}


def _adopt(root: Path, number: int, manifest: Mapping[str, Any]) -> dict[str, Any]:
    """The manifest entry of chunk file ``number`` if it proves itself a chunk of this table, without a manifest.

    A chunk carries what it is (``about``: the parameters, library version, number and boards) and the
    SHA-256 of its arrays: a file whose arrays match that digest and whose ``about`` is this table's is
    adopted; one that is sound but of another table is a :class:`TableError` (the directory holds another
    table); anything else is damaged (a :class:`DamagedChunk`).
    """
    path = chunk_path(root, number)
    data = path.read_bytes()
    try:
        arrays = _chunk_arrays(data, path)
    except TableError as error:
        raise DamagedChunk(str(error)) from None
    damaged = DamagedChunk(f'chunk file {shown(str(path))} does not prove what it is')
    about_array = arrays.pop('about', None)
    if about_array is None or about_array.ndim != 0 or about_array.dtype.kind != 'U':
        raise damaged
    try:
        about = json.loads(str(about_array))
    except (json.JSONDecodeError, RecursionError):
        raise damaged from None
    if not isinstance(about, dict) or about.get('content_sha256') != content_digest(arrays):
        raise damaged
    parameters, street = manifest['parameters'], manifest['parameters']['street']
    chunk_boards, boards = parameters['chunk_boards'], manifest['boards']
    start = number * chunk_boards
    expected = chunk_about(parameters, number, start, min(boards, start + chunk_boards))
    if {key: about.get(key) for key in ('format', 'format_version', 'library_version', 'parameters')} != \
            {key: expected[key] for key in ('format', 'format_version', 'library_version', 'parameters')}:
        raise TableError(f'{shown(str(root))} holds chunks of another table ({shown(str(path))}: '
                         f'{shown(about.get("parameters"), 80)}, library {shown(about.get("library_version"))}): '
                         'use another directory or delete it')
    index = arrays.get('index')
    names = {'index', *array_names(street)}
    if number >= manifest['chunk_count'] or about.get('chunk') != number or about.get('boards') != expected['boards'] \
            or set(arrays) != names or index is None or index.ndim != 1 or index.dtype != np.uint32 \
            or len(index) == 0 or (len(index) > 1 and not (np.diff(index.astype(np.int64)) > 0).all()) \
            or int(index[-1]) >= manifest['hands'] \
            or any(arrays[name].shape[:1] != index.shape
                   or (arrays[name].dtype.name, list(arrays[name].shape[1:])) !=
                   (array_layout(street, parameters['bins'], name)[0],
                    array_layout(street, parameters['bins'], name)[1][1:]) for name in array_names(street)):
        raise damaged
    return {'boards': expected['boards'], 'hands': int(len(index)), 'sha256': hashlib.sha256(data).hexdigest()}


class DamagedChunk(TableError):
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
        except DamagedChunk:
            (root / 'chunks' / name).unlink(missing_ok=True)
            repairs.append(f'chunk file {shown(str(root / "chunks" / name))} is damaged; removed')
    write_manifest(root, manifest)
    return manifest


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


# ------------------------------------------------------------------------------------------ the repair
def repair_table(root: Path, fresh: dict[str, Any], repairs: list[str]) -> tuple[dict[str, Any], dict[str, Any],
                                                                                  list[str]]:
    """The manifest of the table in ``root`` (``fresh``, this build's new manifest, if there is none), every fault
    found repaired (one line each added to ``repairs``): the debris of stopped builds removed, a damaged or missing
    manifest rebuilt from the chunks that prove themselves, a missing or damaged chunk dropped, a finished chunk
    that was not recorded adopted. Returns the manifest (saved if it changed), the final arrays it records and the
    names of those to assemble again (missing or failing their SHA-256); the manifest records its arrays only when
    none is to be assembled. A table of other parameters is a :class:`~poker.errors.TableError`."""
    removed = _clean_debris(root)
    if removed:
        repairs.append(f'{removed} temporary file{"s" if removed > 1 else ""} of a stopped build removed')
    manifest = _open_manifest(root, fresh, repairs)
    found = _canonical(manifest)
    recorded: dict[str, Any] = manifest.pop('arrays', None) or {}
    unsound = _unsound_arrays(root, array_names(fresh['parameters']['street']), recorded, repairs)
    if not unsound:
        manifest['arrays'] = recorded  # complete and verified: its chunk files may have been deleted
    _drop_unsound_chunks(root, manifest['chunks'], unsound, repairs)
    if unsound:  # a build stopped between a chunk's rename and its manifest entry: that chunk is kept
        _adopt_unrecorded(root, manifest, repairs)
    if _canonical(manifest) != found:  # else leave the file to any other builder on this folder
        write_manifest(root, manifest)
    return manifest, recorded, unsound


def _open_manifest(root: Path, fresh: dict[str, Any], repairs: list[str]) -> dict[str, Any]:
    """The manifest in ``root``, of this table; rebuilt from the chunks when damaged or missing, ``fresh`` (saved)
    when there is neither a manifest nor a chunk."""
    try:
        manifest = read_manifest(root)
    except _DamagedManifest as error:
        repairs.append(f'{error}; rebuilt from the chunks that prove themselves')
        manifest = _recover(root, fresh, repairs)
    if manifest is not None:
        _check_same(root, manifest, fresh['parameters'], __version__)
        return manifest
    if any(_CHUNK_NAME.fullmatch(path.name) for path in (root / 'chunks').iterdir()):
        repairs.append(f'{shown(str(root / MANIFEST))} is missing; rebuilt from the chunks that prove themselves')
        return _recover(root, fresh, repairs)
    write_manifest(root, fresh)
    return fresh


def _unsound_arrays(root: Path, names: tuple[str, ...], recorded: Mapping[str, Any], repairs: list[str]) -> list[str]:
    """The final arrays ``names`` to assemble again: those not ``recorded``, then those failing their SHA-256."""
    unsound = [name for name in names if name not in recorded]
    for name in names:
        if name in recorded:
            try:
                open_array(root, recorded[name], full=True)
            except TableError as error:
                unsound.append(name)
                repairs.append(f'{error}; assembled again from the chunks')
    return unsound


def _drop_unsound_chunks(root: Path, done: dict[str, Any], unsound: list[str], repairs: list[str]) -> None:
    """Drop from ``done`` (a manifest's chunks) each chunk whose file fails its SHA-256 (the file removed), and
    each whose file is missing while the arrays are to be assembled (a complete table may do without its chunks)."""
    for key, entry in sorted(done.items(), key=lambda item: int(item[0])):
        path = chunk_path(root, int(key))
        if not path.exists():
            if unsound:
                del done[key]
                repairs.append(f'chunk file {shown(str(path))} is missing; built again')
        elif sha256_of(path) != entry['sha256']:
            del done[key]
            path.unlink(missing_ok=True)
            repairs.append(f'chunk file {shown(str(path))} does not match its checksum in the manifest; built again')


def _adopt_unrecorded(root: Path, manifest: dict[str, Any], repairs: list[str]) -> None:
    """Record each chunk file the manifest does not that proves itself a chunk of this table (:func:`_adopt`);
    remove the damaged ones."""
    done = manifest['chunks']
    for path in sorted((root / 'chunks').iterdir()):
        match = _CHUNK_NAME.fullmatch(path.name)
        if match is None or str(int(match[1])) in done:
            continue
        try:
            done[str(int(match[1]))] = _adopt(root, int(match[1]), manifest)
            repairs.append(f'chunk file {shown(str(path))} was finished but not recorded; kept')
        except DamagedChunk:
            path.unlink(missing_ok=True)
            repairs.append(f'chunk file {shown(str(path))} is damaged; removed')
