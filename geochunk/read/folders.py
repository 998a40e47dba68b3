"""Server folders a deployed app may read: off unless the operator names roots, and confined.

A folder typed by a visitor is accepted only when, fully resolved (symlinks followed, ``..``
collapsed), it lies inside one of the operator's roots; ``~`` and ``~user`` are refused
outright. Files are listed without being read: only regular files with an accepted extension,
whose resolved path is inside the same root, that the process can open, no larger than the
size limit (checked with ``stat`` *before* reading, and again on the open file). Every refusal
is an :class:`~geochunk.errors.InputError` with a plain message that names no server path but
the visitor's own input and the configured roots.

The operator turns folder input on with ``GEOCHUNK_CORPUS_ROOTS`` (folders separated by
``os.pathsep``); unset or empty, folder input is off.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as d:
...     _ = (pathlib.Path(d) / "a.md").write_text("POINT (1 2)")
...     policy = FolderPolicy.from_roots([d])
...     listing = list_folder(policy, ".")
...     [f.name for f in listing.files], read_file(policy, listing.files[0])
(['a.md'], b'POINT (1 2)')
>>> FolderPolicy.from_env({}) is None
True
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Mapping

from geochunk.errors import ConfigError, InputError
from geochunk.read.listing import DOCUMENT_SUFFIXES

__all__ = [
    "ROOTS_ENV",
    "TEXT_SUFFIXES",
    "FolderPolicy",
    "FolderFile",
    "FolderListing",
    "resolve_folder",
    "list_folder",
    "read_file",
]

ROOTS_ENV = "GEOCHUNK_CORPUS_ROOTS"
#: the document types a folder lists: the one list (:data:`geochunk.read.listing.DOCUMENT_SUFFIXES`)
TEXT_SUFFIXES: tuple[str, ...] = DOCUMENT_SUFFIXES


@dataclass(frozen=True)
class FolderPolicy:
    """Where folder input may read: resolved ``roots``, a per-file size cap, a file count cap."""

    roots: tuple[Path, ...]
    max_bytes: int = 20 * 1024 * 1024
    max_files: int = 500
    suffixes: tuple[str, ...] = TEXT_SUFFIXES

    def __post_init__(self) -> None:
        if not self.roots:
            raise ConfigError("a folder policy needs at least one root")
        if self.max_bytes < 1 or self.max_files < 1:
            raise ConfigError("max_bytes and max_files must be positive")

    @classmethod
    def from_roots(cls, roots: Iterable[str | os.PathLike[str]], **kw: int) -> "FolderPolicy":
        """A policy over ``roots`` (each must be an existing folder; resolved here).

        >>> FolderPolicy.from_roots(["/no/such/root"])
        Traceback (most recent call last):
        geochunk.errors.ConfigError: corpus root '/no/such/root' is not an existing folder
        """
        out: list[Path] = []
        for r in roots:
            text = os.fspath(r)
            if not text.strip():
                continue
            p = Path(text).expanduser()  # the operator's own setting may use ~
            try:
                resolved = p.resolve(strict=True)
            except (OSError, RuntimeError):
                resolved = None
            if resolved is None or not resolved.is_dir():
                raise ConfigError(f"corpus root {text!r} is not an existing folder")
            if resolved not in out:
                out.append(resolved)
        return cls(tuple(out), **kw)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **kw: int) -> "FolderPolicy | None":
        """The operator's policy from ``GEOCHUNK_CORPUS_ROOTS``; ``None`` (folder input off)
        when it is unset or empty."""
        value = (os.environ if env is None else env).get(ROOTS_ENV, "")
        roots = [r for r in value.split(os.pathsep) if r.strip()]
        return cls.from_roots(roots, **kw) if roots else None

    def describe(self) -> str:
        """The roots, for the visitor's help text."""
        return ", ".join(str(r) for r in self.roots)


@dataclass(frozen=True)
class FolderFile:
    """A listed file: shown as ``name`` (relative to its root), read from ``path``."""

    name: str
    path: Path
    root: Path
    size: int


@dataclass(frozen=True)
class FolderListing:
    """The files of a folder that may be read, and what was left out with the reason."""

    folder: str
    files: tuple[FolderFile, ...] = ()
    skipped: tuple[tuple[str, str], ...] = field(default=())

    def message(self) -> str:
        """A one-line summary for the page (names only, relative to the folder)."""
        if self.files:
            return f"{len(self.files)} readable file(s) in {self.folder}" + (
                f"; {len(self.skipped)} left out" if self.skipped else "")
        reasons = sorted({r for _, r in self.skipped})
        why = f" ({'; '.join(reasons)})" if reasons else ""
        return f"{self.folder} has no readable text files{why}"


def _limit(n: int) -> str:
    return f"{n / 2**20:g} MB" if n >= 2**20 else f"{n:,} bytes"


def _within(path: Path, roots: tuple[Path, ...]) -> Path | None:
    for root in roots:
        if path == root or path.is_relative_to(root):
            return root
    return None


def resolve_folder(policy: FolderPolicy, folder: str) -> tuple[Path, Path]:
    """``(resolved folder, its root)`` for a visitor's input, or :class:`InputError`.

    A relative path is taken inside the first root. ``~``, NUL bytes, a path that does not
    exist or cannot be entered, and anything that resolves outside every root are refused.

    >>> policy = FolderPolicy.from_roots(["/tmp"])
    >>> resolve_folder(policy, "~nosuchuser")
    Traceback (most recent call last):
    geochunk.errors.InputError: '~nosuchuser': home-folder paths (~) are not allowed; give a folder inside /tmp
    """
    text = folder.strip()
    where = f"give a folder inside {policy.describe()}"
    if not text:
        raise InputError(f"no folder given; {where}")
    if "\x00" in text or len(text) > 4096:
        raise InputError(f"{text[:80]!r} is not a usable folder path; {where}")
    if text.startswith("~"):
        raise InputError(f"{text!r}: home-folder paths (~) are not allowed; {where}")
    candidate = Path(text)
    if not candidate.is_absolute():
        candidate = policy.roots[0] / candidate
    try:
        resolved = candidate.resolve(strict=True)
    except (OSError, RuntimeError):  # missing, a symlink loop, no permission to look
        raise InputError(f"{text!r} does not exist or cannot be opened; {where}") from None
    root = _within(resolved, policy.roots)
    if root is None:
        raise InputError(f"{text!r} is outside the folders this app may read; {where}")
    try:
        if not resolved.is_dir():
            raise InputError(f"{text!r} is not a folder; {where}")
    except OSError:
        raise InputError(f"{text!r} cannot be opened; {where}") from None
    return resolved, root


def _check_file(policy: FolderPolicy, root: Path, entry: os.DirEntry[str]) -> FolderFile | str:
    """A listed file, or the reason it is left out (no byte of it is read)."""
    suffix = Path(entry.name).suffix.lower().lstrip(".")
    if suffix not in policy.suffixes:
        return "not an accepted file type"
    try:
        resolved = Path(entry.path).resolve(strict=True)
        st = resolved.stat()
    except (OSError, RuntimeError):
        return "cannot be opened"
    if _within(resolved, (root,)) is None:
        return "links outside the allowed folder"
    if not stat.S_ISREG(st.st_mode):
        return "not a regular file"
    if st.st_size > policy.max_bytes:
        return f"larger than {_limit(policy.max_bytes)}"
    if not os.access(resolved, os.R_OK):
        return "not readable"
    return FolderFile(name=str(resolved.relative_to(root)), path=resolved, root=root,
                      size=st.st_size)


def list_folder(policy: FolderPolicy, folder: str) -> FolderListing:
    """The readable text files directly inside ``folder`` (sorted by name), without reading
    them; at most ``policy.max_files`` are listed (the rest are reported as left out)."""
    path, root = resolve_folder(policy, folder)
    try:
        with os.scandir(path) as it:
            entries = sorted(it, key=lambda e: e.name)
    except OSError:
        raise InputError(f"{folder.strip()!r} cannot be listed (no permission?)") from None
    files: list[FolderFile] = []
    skipped: list[tuple[str, str]] = []
    for entry in entries:
        if entry.name.startswith("."):
            continue
        got = _check_file(policy, root, entry)
        if isinstance(got, str):
            skipped.append((entry.name, got))
        elif len(files) >= policy.max_files:
            skipped.append((entry.name, f"over the {policy.max_files}-file limit"))
        else:
            files.append(got)
    return FolderListing(folder.strip(), tuple(files), tuple(skipped))


def read_file(policy: FolderPolicy, file: FolderFile) -> bytes:
    """The bytes of a listed file, re-checked on the open file (still inside its root, still a
    regular file, still within the size cap) and never more than ``max_bytes + 1`` read."""
    try:
        resolved = file.path.resolve(strict=True)
    except (OSError, RuntimeError):
        raise InputError(f"{file.name}: cannot be opened") from None
    if _within(resolved, (file.root,)) is None or _within(file.root, policy.roots) is None:
        raise InputError(f"{file.name}: outside the folders this app may read")
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(resolved, flags)
    except OSError:
        raise InputError(f"{file.name}: cannot be opened (no permission?)") from None
    with os.fdopen(fd, "rb") as fh:
        st = os.fstat(fh.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise InputError(f"{file.name}: not a regular file")
        if st.st_size > policy.max_bytes:
            raise InputError(f"{file.name}: larger than {_limit(policy.max_bytes)}")
        try:
            data = fh.read(policy.max_bytes + 1)
        except OSError:
            raise InputError(f"{file.name}: cannot be read") from None
    if len(data) > policy.max_bytes:
        raise InputError(f"{file.name}: larger than {_limit(policy.max_bytes)}")
    return data
