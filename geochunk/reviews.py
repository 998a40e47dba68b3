"""Review decisions kept in SQLite: never lost by a refresh, a restart or a second tab.

A decision is keyed by the document's sha256 digest and the chunk's identity (its own text range
plus its feature ids, :func:`geochunk.view.selection.chunk_identity`), so it still applies after
a re-chunk at another budget in which that chunk is unchanged. Each save records who and when,
replaces the current decision and is appended to a history table. Every call opens its own
short connection (WAL mode, busy timeout), so any number of sessions and tabs can share a file.

The app's file is ``GEOCHUNK_REVIEW_DB`` or ``.geochunk/reviews.sqlite3`` beside the app.

>>> import tempfile, os
>>> with tempfile.TemporaryDirectory() as d:
...     store = ReviewStore(os.path.join(d, "r.sqlite3"))
...     _ = store.save("abc", "10-20|p1|source", "accepted", note="ok", reviewer="ana", doc_id="a.md")
...     again = ReviewStore(os.path.join(d, "r.sqlite3"))  # a restart
...     d1 = again.decisions("abc")["10-20|p1|source"]
...     d1.status, d1.note, d1.reviewer, len(again.history("abc"))
('accepted', 'ok', 'ana', 1)
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from geochunk.errors import ConfigError, InputError

__all__ = ["DB_ENV", "STATUSES", "Decision", "ReviewStore", "default_path"]

DB_ENV = "GEOCHUNK_REVIEW_DB"
STATUSES: tuple[str, ...] = ("undecided", "accepted", "needs work")
_MAX_NOTE = 2000
_MAX_NAME = 80

#: The columns of a decision, in the order they are stored (the log adds an ``id`` first).
_COLUMN_DEFS = """
    doc_digest TEXT NOT NULL,
    chunk TEXT NOT NULL,
    status TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    reviewer TEXT NOT NULL DEFAULT '',
    decided_at TEXT NOT NULL,
    doc_id TEXT NOT NULL DEFAULT ''"""
_COLUMNS = tuple(line.split()[0] for line in _COLUMN_DEFS.strip().splitlines())
_SCHEMA = f"""
CREATE TABLE IF NOT EXISTS decisions ({_COLUMN_DEFS},
    PRIMARY KEY (doc_digest, chunk)
);
CREATE TABLE IF NOT EXISTS decision_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,{_COLUMN_DEFS}
);
"""


@dataclass(frozen=True)
class Decision:
    """A reviewer's verdict on one chunk: status, note, who and when (ISO 8601, UTC). An unknown
    status is a :class:`~geochunk.errors.ConfigError` listing the valid ones.

    >>> Decision("maybe")
    Traceback (most recent call last):
    ...
    geochunk.errors.ConfigError: unknown decision 'maybe'; valid values: undecided, accepted, needs work
    """

    status: str = "undecided"
    note: str = ""
    reviewer: str = ""
    decided_at: str = ""

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ConfigError(
                f"unknown decision {self.status!r}; valid values: {', '.join(STATUSES)}"
            )


def default_path(app_dir: str | os.PathLike[str]) -> Path:
    """``GEOCHUNK_REVIEW_DB`` if set, else ``<app_dir>/.geochunk/reviews.sqlite3``."""
    env = os.environ.get(DB_ENV, "").strip()
    return Path(env) if env else Path(app_dir) / ".geochunk" / "reviews.sqlite3"


def _clean(text: str, limit: int) -> str:
    # lone surrogates cannot be stored as UTF-8: keep them visible as escapes
    return text.encode("utf-8", "backslashreplace").decode("utf-8")[:limit]


class ReviewStore:
    """Decisions in one SQLite file (created with its folder on first use)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._ready: tuple[int, int] | None = None  # the file (device, inode) the schema was made in

    def _identity(self) -> tuple[int, int] | None:
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return (st.st_dev, st.st_ino)

    def _connect(self) -> sqlite3.Connection:
        """A new connection; the folder, WAL mode and tables are made again whenever the file is
        not the one they were made in (deleted, or replaced while the app runs: every save used
        to fail with "no such table" until a restart)."""
        fresh = self._ready is None or self._identity() != self._ready
        if fresh:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        con = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        try:
            con.execute("PRAGMA busy_timeout = 10000")
            if fresh:
                con.execute("PRAGMA journal_mode = WAL")
                con.executescript(_SCHEMA)
                self._ready = self._identity()
        except sqlite3.DatabaseError as e:
            con.close()
            raise InputError(f"the review store {self.path} cannot be used ({e}); move the file aside "
                             "and a new one is made") from None
        return con

    def save(self, doc_digest: str, chunk: str, status: str, *, note: str = "",
             reviewer: str = "", doc_id: str = "", when: datetime | None = None) -> StoredDecision:
        """Record a decision (replacing the current one for this chunk) and log it."""
        stamp = (when or datetime.now(timezone.utc)).astimezone(timezone.utc)
        decision = Decision(status, _clean(note, _MAX_NOTE), _clean(reviewer, _MAX_NAME),
                            stamp.isoformat(timespec="seconds"))
        row = (doc_digest, chunk, decision.status, decision.note, decision.reviewer,
               decision.decided_at, _clean(doc_id, 1000))
        columns, marks = ", ".join(_COLUMNS), ", ".join("?" * len(_COLUMNS))
        with closing(self._connect()) as con:
            try:
                con.execute("BEGIN IMMEDIATE")
                for insert, table in (("INSERT OR REPLACE", "decisions"), ("INSERT", "decision_log")):
                    con.execute(f"{insert} INTO {table} ({columns}) VALUES ({marks})", row)
                con.execute("COMMIT")
            except sqlite3.DatabaseError as e:
                raise InputError(f"the decision could not be saved in {self.path} ({e})") from None
        return decision

    def _rows(self, table: str, doc_digest: str, order: str = "") -> list[tuple[str, Decision]]:
        with closing(self._connect()) as con:
            rows = con.execute(f"SELECT chunk, status, note, reviewer, decided_at FROM {table} "
                               f"WHERE doc_digest = ?{order}", (doc_digest,)).fetchall()
        return [(r[0], Decision(r[1], r[2], r[3], r[4])) for r in rows]

    def decisions(self, doc_digest: str) -> dict[str, Decision]:
        """The current decision of every reviewed chunk of a document: {chunk identity: ...}."""
        return dict(self._rows("decisions", doc_digest))

    def history(self, doc_digest: str) -> list[tuple[str, Decision]]:
        """Every decision ever saved for a document, oldest first."""
        return self._rows("decision_log", doc_digest, " ORDER BY id")
