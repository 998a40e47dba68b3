"""Things worth keeping between runs (the frame-name index), in the user's cache directory.

The folder is ``$GEOCHUNK_CACHE_DIR`` when set (set but empty: no cache), else
``$XDG_CACHE_HOME/geochunk``, else ``~/.cache/geochunk`` (the tokenizer's rule,
``tokens.cache_dir``). Files are JSON (never pickle: nothing loaded from disk can run code),
named by a key that includes the PROJ database's own version stamps, so a new pyproj/PROJ
release builds afresh. Every failure to read or write (no home, a read-only disk, a corrupt or
foreign file) is silent: the caller builds in memory as if there were no cache.

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
from typing import Any

__all__ = ["cache_dir", "proj_db_key", "read_json", "write_json"]

FORMAT = 3  # bump when the shape of a cached file changes so that it cannot be read (a grid-areas
# file without inner boxes is not such a change: candidates._index adds them and writes it back)


def cache_dir() -> Path | None:
    """The folder for geochunk's cached files (not created here): the tokenizer's rule, one
    folder for both (``tokens.cache_dir``), or ``None`` if none can be named (no home
    directory) or ``$GEOCHUNK_CACHE_DIR`` is set but empty (the cache is off)."""
    from ..tokens import cache_dir as geochunk_cache_dir

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


def _path(name: str) -> Path | None:
    folder = cache_dir()
    return None if folder is None else folder / f"{name}-{proj_db_key()}.json"


def read_json(name: str) -> Any | None:
    """The cached object ``name`` for this PROJ database, or ``None`` (missing or unreadable)."""
    path = _path(name)
    if path is None:
        return None
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError, RecursionError):
        return None


def write_json(name: str, obj: Any) -> bool:
    """Store ``obj`` as ``name`` atomically (temporary file + rename); ``False`` if it could not
    be written (a read-only or missing home is not an error)."""
    path = _path(name)
    if path is None:
        return False
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{name}-", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(obj, fh, separators=(",", ":"))
        os.replace(tmp, path)
        return True
    except OSError:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        return False
