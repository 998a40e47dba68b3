"""Which files geochunk reads: one list of document types, and folders expanded to them.

:data:`DOCUMENT_SUFFIXES` is the one list of file extensions geochunk treats as documents
(every encoding it chunks: prose, GeoJSON, WKT/EWKT, SQL dumps, CSV, GML, KML, XML); the
command line (``chunk``, ``inspect``, ``validate``, ``index``), the app's uploads and its
server folders all use it. :func:`list_documents` expands folders (recursively, sorted) to the
files with one of those extensions and says why every other file was left out; a file named on
its own is read whatever its extension. A file whose name cannot be a document id (not UTF-8, a
line break in it: :func:`geochunk.text.terminal.name_problem`) is left out, with that reason. The same file reached twice (``a.md`` and
``/abs/a.md``, or through a symlink) is listed once, by its canonical path.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as d:
...     for name in ("a.kml", "b.gml", "c.md", "logo.png", ".hidden.md"):
...         _ = (pathlib.Path(d) / name).write_text("POINT (1 2)")
...     got = list_documents([d, str(pathlib.Path(d) / "c.md")])
...     [f.relative for f in got.files], [(pathlib.Path(p).name, why) for p, why in got.skipped]
(['a.kml', 'b.gml', 'c.md'], [('.hidden.md', 'hidden file'), ('logo.png', 'not a document type geochunk reads (.png)')])
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Sequence

from geochunk.read.extract import EXTRACTABLE_SUFFIXES
from geochunk.text.terminal import name_problem

__all__ = ["DOCUMENT_SUFFIXES", "is_document_name", "ListedFile", "Listing", "list_documents"]

#: The extensions (lower case, no dot) geochunk reads as documents, in every place it lists files:
#: text in every encoding it chunks, then the reports it extracts (:mod:`geochunk.read.extract`).
DOCUMENT_SUFFIXES: tuple[str, ...] = (
    "txt", "text", "md", "markdown", "rst", "json", "geojson", "wkt", "ewkt", "sql", "csv", "tsv",
    "gml", "kml", "xml",
    *(s.lstrip(".") for s in EXTRACTABLE_SUFFIXES),
)


def is_document_name(name: str) -> bool:
    """Whether a file name has one of :data:`DOCUMENT_SUFFIXES` (case-insensitive).

    >>> is_document_name("Parcels.GML"), is_document_name("logo.png"), is_document_name("README")
    (True, False, False)
    """
    return PurePath(name).suffix.lower().lstrip(".") in DOCUMENT_SUFFIXES


@dataclass(frozen=True)
class ListedFile:
    """A file to read: ``given`` (as the user wrote it, or found in a folder), its ``canonical``
    absolute path (symlinks followed), and ``relative``, its path under the folder it was found
    in (the file name for a file named on its own)."""

    given: str
    canonical: str
    relative: str


@dataclass(frozen=True)
class Listing:
    """The files to read, the files left out (``(path, why)``) and the arguments that name nothing
    (``(path, why)``: a missing path is an error, not a skip)."""

    files: tuple[ListedFile, ...]
    skipped: tuple[tuple[str, str], ...] = ()
    missing: tuple[tuple[str, str], ...] = ()
    folders: tuple[str, ...] = ()  # the canonical folders that were expanded


def _why_not(path: Path, name: str) -> str | None:
    """Why a file found in a folder is left out, or None to read it (nothing is read)."""
    if name.startswith("."):
        return "hidden file"
    if not is_document_name(name):
        suffix = PurePath(name).suffix.lower()
        return f"not a document type geochunk reads ({suffix})" if suffix else \
            "not a document type geochunk reads (no extension)"
    try:
        st = path.stat()
    except OSError as e:
        return f"cannot be opened ({e.strerror or e})"
    if not stat.S_ISREG(st.st_mode):
        return "not a regular file"
    return None


def _walk(folder: Path) -> tuple[list[tuple[Path, str]], list[tuple[str, str]]]:
    """``(file, path under folder)`` for every file under ``folder`` (sorted, hidden folders and
    symlinked folders not entered), and the skipped folders with the reason."""
    found: list[tuple[Path, str]] = []
    skipped: list[tuple[str, str]] = []
    for here, dirs, files in os.walk(folder, followlinks=False, onerror=None):
        base = Path(here)
        keep = []
        for d in sorted(dirs):
            if d.startswith("."):
                skipped.append((str(base / d) + os.sep, "hidden folder"))
            elif (base / d).is_symlink():
                skipped.append((str(base / d) + os.sep, "symlinked folder (not followed)"))
            else:
                keep.append(d)
        dirs[:] = keep
        for f in sorted(files):
            p = base / f
            found.append((p, p.relative_to(folder).as_posix()))
    return found, skipped


def list_documents(paths: Sequence[str]) -> Listing:
    """The documents named by ``paths`` (files as given, folders expanded), in order, each once."""
    files: list[ListedFile] = []
    skipped: list[tuple[str, str]] = []
    missing: list[tuple[str, str]] = []
    folders: list[str] = []
    seen: set[str] = set()

    def add(given: str, canonical: str, relative: str) -> None:
        if canonical not in seen:
            seen.add(canonical)
            files.append(ListedFile(given, canonical, relative))

    for p in paths:
        path = Path(p)
        try:
            is_dir, is_file = path.is_dir(), path.exists() and not path.is_dir()
        except OSError as e:
            missing.append((p, f"cannot be opened ({e.strerror or e})"))
            continue
        if is_dir:
            root = Path(os.path.realpath(path))
            folders.append(str(root))
            found, left = _walk(root)
            skipped.extend(left)
            for f, rel in found:
                why = name_problem(rel) or _why_not(f, f.name)
                if why is None:
                    add(str(path / rel), os.path.realpath(f), rel)
                else:
                    skipped.append((str(path / rel), why))
        elif is_file:
            why = name_problem(os.path.realpath(path))
            if why is None:
                add(p, os.path.realpath(path), path.name)
            else:
                skipped.append((p, why))
        else:
            missing.append((p, "no such file or folder"))
    return Listing(tuple(files), tuple(skipped), tuple(missing), tuple(folders))
