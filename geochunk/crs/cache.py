"""Things worth keeping between runs (the frame-name index), in the user's cache directory.

The folder is ``$GEOCHUNK_CACHE_DIR`` when set (set but empty: no cache), else
``$XDG_CACHE_HOME/geochunk``, else ``~/.cache/geochunk`` (the tokenizer's rule,
``tokens.cache_dir``). Files are JSON, or flat arrays (:func:`write_arrays`: a short JSON
header naming each array's dtype and shape, then their bytes, with a SHA-256 of them), never
pickle: nothing loaded from disk can run code. They are named by a key that includes the PROJ
database's own version stamps, so a new pyproj/PROJ release builds afresh. Only regular files
of at most :data:`MAX_CACHE_BYTES` are read (a FIFO, a symlink to ``/dev/zero`` or a huge
sparse file is never opened for reading). Every failure to read or write (no home, a read-only
disk, a corrupt, truncated, foreign or refused file) is silent: the caller builds in memory as
if there were no cache, and its write replaces the bad file.

>>> key = proj_db_key()
>>> len(key)
16
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    import numpy as np

__all__ = ["cache_dir", "proj_db_key", "read_arrays", "read_json", "write_arrays", "write_json"]

#: Largest cached file read back (the biggest, the gazetteer, is about 2.6 MB): a larger file,
#: or anything but a regular file (a FIFO, a symlink to a device), is rebuilt, never read.
MAX_CACHE_BYTES = 64 * 1024 * 1024

FORMAT = 3  # bump when the shape of a cached file changes so that it cannot be read (or give
# the file a new name, as the grid-areas and name indexes did when they became files of arrays)


def cache_dir() -> Path | None:
    """The folder for geochunk's cached files (not created here): the tokenizer's rule, one
    folder for both (``tokens.cache_dir``), or ``None`` if none can be named (no home
    directory) or ``$GEOCHUNK_CACHE_DIR`` is set but empty (the cache is off)."""
    from geochunk.tokens.counting import cache_dir as geochunk_cache_dir

    try:
        return geochunk_cache_dir()
    except (RuntimeError, KeyError, OSError):
        return None


@lru_cache(maxsize=1)
def proj_db_key() -> str:
    """A short stamp of the PROJ database in use: its EPSG and PROJ data versions, its size and
    modification time, pyproj's version and this cache's format."""
    import pyproj
    from pyproj.database import get_database_metadata
    from pyproj.datadir import get_data_dir

    parts: list[str] = [str(FORMAT), pyproj.__version__]
    for key in ("EPSG.VERSION", "ESRI.VERSION", "PROJ_DATA.VERSION"):
        try:
            parts.append(str(get_database_metadata(key)))
        except Exception:  # noqa: BLE001 - an older database without the key
            parts.append("?")
    try:
        st = (Path(get_data_dir()) / "proj.db").stat()
        parts += [str(st.st_size), str(int(st.st_mtime))]
    except OSError:
        parts.append("no-db")
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:16]


def _path(name: str, suffix: str = ".json") -> Path | None:
    folder = cache_dir()
    return None if folder is None else folder / f"{name}-{proj_db_key()}{suffix}"


def read_json(name: str) -> Any | None:
    """The cached object ``name`` for this PROJ database, or ``None`` (missing or unreadable)."""
    path = _path(name)
    if path is None:
        return None
    blob = _read(path)
    if blob is None:
        return None
    try:
        return json.loads(blob.decode("utf-8"))
    except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        return None


def _read(path: Path) -> bytes | None:
    """The bytes of a regular cache file of at most :data:`MAX_CACHE_BYTES`, else ``None``
    (checked before anything is read: ``source.read_regular``)."""
    from geochunk.errors import InputError
    from geochunk.read.source import read_regular

    try:
        return read_regular(path, max_bytes=MAX_CACHE_BYTES)
    except (InputError, OSError):
        return None


def write_json(name: str, obj: Any) -> bool:
    """Store ``obj`` as ``name`` atomically (temporary file + rename); ``False`` if it could not
    be written (a read-only or missing home is not an error)."""
    return _write(name, ".json", "w",
                  lambda fh: json.dump(obj, fh, separators=(",", ":")))


_MAGIC = b"geochunk-arrays\n"  # the first bytes of a file of arrays
_ARRAYS_FORMAT = 1  # the layout below; bump when it changes
_DTYPES = frozenset({"<i1", "|i1", "<u1", "|u1", "<i4", "<i8", "<f8"})  # plain numbers only
_ALIGN = 8
_DIGEST = 32  # the SHA-256 that ends the file


def write_arrays(name: str, arrays: "dict[str, np.ndarray]") -> bool:
    """Store named numpy arrays of plain numbers as ``name`` atomically: the magic line, the
    header's length (8 bytes, little-endian), a JSON header ``{"format", "arrays": [[name,
    dtype, shape, offset], ...], "bytes"}``, the arrays' bytes (little-endian, C order, each at
    a multiple of 8 bytes), then the SHA-256 of all that (32 bytes). ``False`` if it could not
    be written."""
    import numpy as np

    parts: list[bytes] = []
    entries = []
    at = 0
    for key, arr in arrays.items():
        a = np.ascontiguousarray(arr)
        a = a.astype(a.dtype.newbyteorder("<"), copy=False)
        if a.dtype.str not in _DTYPES:
            raise TypeError(f"{key}: {a.dtype} is not a plain number type")
        entries.append([key, a.dtype.str, list(a.shape), at])
        data = a.tobytes()
        pad = -len(data) % _ALIGN
        parts += [data, b"\0" * pad]
        at += len(data) + pad
    header = json.dumps({"format": _ARRAYS_FORMAT, "arrays": entries, "bytes": at}).encode()
    header += b" " * (-(len(_MAGIC) + 8 + len(header)) % _ALIGN)
    head = _MAGIC + len(header).to_bytes(8, "little") + header
    digest = hashlib.sha256(head)
    for part in parts:
        digest.update(part)

    def dump(fh: Any) -> None:
        fh.write(head)
        for part in parts:
            fh.write(part)
        fh.write(digest.digest())

    return _write(name, ".bin", "wb", dump)


def read_arrays(name: str) -> "dict[str, np.ndarray] | None":
    """The arrays stored as ``name`` for this PROJ database (read-only views of one bytes
    object the size of the file), or ``None``: missing, unreadable, another layout, or bytes
    that are not the ones written (cut, lengthened or changed: the SHA-256 differs)."""
    import numpy as np

    path = _path(name, ".bin")
    if path is None:
        return None
    blob = _read(path)
    if blob is None:
        return None
    try:
        start = len(_MAGIC) + 8
        if not blob.startswith(_MAGIC) or len(blob) < start + _DIGEST:
            return None
        whole = memoryview(blob)
        if hashlib.sha256(whole[:-_DIGEST]).digest() != blob[-_DIGEST:]:
            return None  # cut, lengthened or changed since written
        size = int.from_bytes(blob[len(_MAGIC):start], "little")
        header = json.loads(blob[start:start + size])
        base = start + size
        view = whole[base:-_DIGEST]
        if (not isinstance(header, dict) or header.get("format") != _ARRAYS_FORMAT
                or header.get("bytes") != len(view) or base % _ALIGN):
            return None
        out = {}
        for key, dtype, shape, offset in header["arrays"]:
            if dtype not in _DTYPES or not isinstance(key, str):
                return None
            dt = np.dtype(dtype)
            dims = [int(d) for d in shape]
            count = 1
            for d in dims:
                if d < 0:
                    return None
                count *= d
            if int(offset) < 0 or int(offset) + count * dt.itemsize > len(view):
                return None
            out[key] = np.frombuffer(view, dtype=dt, count=count,
                                     offset=int(offset)).reshape(dims)
        return out
    except (ValueError, TypeError, KeyError, RecursionError, OverflowError):
        return None


def _write(name: str, suffix: str, mode: str, dump: Callable[[Any], None]) -> bool:
    path = _path(name, suffix)
    if path is None:
        return False
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{name}-", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, mode, **({} if "b" in mode else {"encoding": "utf-8"})) as fh:
            dump(fh)
        os.replace(tmp, path)
        return True
    except OSError:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        return False
