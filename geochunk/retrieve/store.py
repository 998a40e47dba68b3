"""The index file: one DuckDB database with the ``spatial`` extension loaded offline.

``INSTALL spatial`` downloads from the internet; the extension is instead taken from the
``duckdb-extension-spatial`` package (which requires exactly ``duckdb==1.5.5``) and ``LOAD``-ed
from its installed file, so opening an index never needs a network.

Tables (one file per index):

* ``chunks``      one row per chunk: ids, collection, version, doc sha256, text, embedding,
  WGS 84 footprint (R-tree indexed) and extent, frame, period, flags, build time, and what made
  it (:data:`PROVENANCE_COLUMNS`: chunker version, tokenizer and its hash, budget, options, the
  recipe's digest, the file it was read from).
* ``collections`` the catalog: one row per collection (extent, period, licence, count, refresh).
* ``meta``        key/value: embedding model, dimensions, build time, format, the build root.
* ``lexical_terms``, ``lexical_postings`` the BM25 index as each chunk's term frequencies
  (:mod:`.postings`; written and deleted with the chunks, scored when the index is opened);
  ``lexical`` holds its ``params`` row (before format 4: the bm25s arrays as ``.npy`` blobs).
* ``recall``      the filtered-recall gate measured on this build.
* ``builds``      one row per build that wrote the file (format 4): documents given, indexed,
  unchanged, refused (failed), skipped, removed; chunks written and how many were oversized or
  need a fallback; rows after it; seconds; whether the recall gate passed (:func:`record_build`).
* ``recall_history`` every build's filtered recall at each selectivity (format 4; a format-3
  file's last ``recall`` figures are kept as build 0 when it is upgraded).
* ``validation_runs`` one row per ``geochunk validate --index`` run: the sampled documents, the
  oversize and fallback rates, the failed gates and where the next sample starts. Created on
  the first such run (:func:`ensure_validation_runs`), so indexes built before it keep working.

>>> con = connect(":memory:")
>>> con.execute("SELECT ST_AsText(ST_Point(1, 2))").fetchone()[0]
'POINT (1 2)'
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from geochunk.errors import GeochunkError

__all__ = [
    "DUCKDB_VERSION",
    "StoreError",
    "spatial_extension_path",
    "connect",
    "create_schema",
    "read_meta",
    "write_meta",
    "RTREE_INDEX",
    "INDEX_FORMAT",
    "PROVENANCE_COLUMNS",
    "migrate",
    "has_columns",
    "first_line",
    "catalog_digest",
    "check_consistency",
    "clean_leftovers",
    "recover",
    "ValidationRun",
    "ensure_validation_runs",
    "record_validation_run",
    "validation_runs",
    "FORMAT4_COLUMNS",
    "FORMAT5_COLUMNS",
    "BuildRecord",
    "RecallRecord",
    "ensure_history",
    "record_build",
    "builds",
    "recall_history",
    "has_table",
]

DUCKDB_VERSION = "1.5.5"
RTREE_INDEX = "chunks_footprint_rtree"
#: the layout of the tables this geochunk writes and reads (``meta.index_format``; absent = 1).
#: Format 2 added :data:`PROVENANCE_COLUMNS` to ``chunks``; a format-1 file is read as it is and
#: gains them (empty: "made before rows recorded what made them") on its next build (:func:`migrate`).
#: Format 3 added ``source_pages`` and ``section_path`` (where a PDF/HTML/DOCX chunk came from).
#: Format 4 stores each chunk's **own** period (``period_start``/``period_end`` from the chunker,
#: with :data:`FORMAT4_COLUMNS`: where it was read and how sure; before, every row carried its
#: collection's period: migrated rows say ``period_source = 'collection'``) and adds the
#: ``builds`` and ``recall_history`` tables (:func:`ensure_history`).
#: Format 5 adds :data:`FORMAT5_COLUMNS`: the chunk's offsets in its document (for citations) and
#: what its frame rests on (a ``"fallback"`` frame supports no claim about where).
#: Format 6 keeps the BM25 index as postings (``lexical_terms``, ``lexical_postings``), so adding
#: a document writes only its own rows; an older file is read as it is (its bm25s arrays) and
#: gets its postings on its next build.
INDEX_FORMAT = 6
#: the columns format 2 added to ``chunks`` (name, type), in table order, after ``built_at``
PROVENANCE_COLUMNS: tuple[tuple[str, str], ...] = (
    ("chunker_version", "VARCHAR"),
    ("tokenizer", "VARCHAR"),
    ("tokenizer_sha256", "VARCHAR"),
    ("chunk_budget", "INTEGER"),
    ("chunk_options", "VARCHAR"),
    ("recipe", "VARCHAR"),
    ("source_path", "VARCHAR"),
    ("source_pages", "INTEGER[]"),  # format 3: a PDF chunk's 1-based pages
    ("section_path", "VARCHAR[]"),  # format 3: an HTML/DOCX chunk's heading path
)
#: the columns format 4 added to ``chunks``, after :data:`PROVENANCE_COLUMNS`: where the chunk's
#: own period was read (``Period.source``: ``attribute:Survey date``, ``document`` ...; NULL = the
#: chunk states none; ``collection`` = a row written before format 4, holding its collection's
#: period) and the chunker's confidence in it (0-1)
FORMAT4_COLUMNS: tuple[tuple[str, str], ...] = (
    ("period_source", "VARCHAR"),
    ("period_confidence", "DOUBLE"),
)
#: the columns format 5 added to ``chunks``, after :data:`FORMAT4_COLUMNS`
FORMAT5_COLUMNS: tuple[tuple[str, str], ...] = (
    ("char_start", "INTEGER"),  # the chunk's str offsets in its document (end exclusive)
    ("char_end", "INTEGER"),
    ("frame_source", "VARCHAR"),  # Frame.source of a placed chunk's frame
)


def first_line(e: BaseException) -> str:
    """An exception's message on one line (DuckDB's run over several: hint, SQL, caret).

    >>> first_line(ValueError("Catalog Error: no table\\n\\nLINE 1: SELECT"))
    'Catalog Error: no table'
    """
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__


class StoreError(GeochunkError):
    """The index file is missing, unreadable, of another model, or the store cannot load."""


def spatial_extension_path() -> Path:
    """The installed ``spatial.duckdb_extension`` (from the ``duckdb-extension-spatial`` package).

    >>> spatial_extension_path().name
    'spatial.duckdb_extension'
    """
    spec = importlib.util.find_spec("duckdb_extension_spatial")
    if spec is None or spec.origin is None:
        raise StoreError(
            "the DuckDB spatial extension is not installed: "
            f"pip install duckdb=={DUCKDB_VERSION} duckdb-extension-spatial=={DUCKDB_VERSION}"
        )
    path = Path(spec.origin).parent / "extensions" / f"v{DUCKDB_VERSION}" / "spatial.duckdb_extension"
    if not path.is_file():
        raise StoreError(f"spatial extension file missing at {path} (duckdb must be {DUCKDB_VERSION})")
    return path


def connect(path: str | os.PathLike[str], *, read_only: bool = False, spatial: bool = True) -> Any:
    """Open (or create) a DuckDB file with the spatial extension loaded from its installed file.

    ``spatial=False`` leaves the extension out (loading it costs about 0.4 CPU-s per database
    opened): enough to read meta, the catalog and the chunks' plain columns (``GEOMETRY`` is a
    core type), not for the R-tree or the ``ST_`` functions.
    """
    try:
        import duckdb
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise StoreError(f"duckdb is not installed: pip install duckdb=={DUCKDB_VERSION}") from e
    if duckdb.__version__ != DUCKDB_VERSION:
        raise StoreError(
            f"duckdb {duckdb.__version__} is installed; the spatial extension needs exactly {DUCKDB_VERSION}"
        )
    p = str(path)
    if read_only and p != ":memory:" and not Path(p).is_file():
        raise StoreError(f"no index at {p} (build one with 'geochunk index')")
    if p != ":memory:" and Path(p + ".wal").exists():
        recover(p)
    try:
        con = duckdb.connect(p, read_only=read_only, config={"autoinstall_known_extensions": False,
                                                             "autoload_known_extensions": False})
    except duckdb.Error as e:
        raise StoreError(f"cannot open index {p} (damaged, or not a DuckDB file): {first_line(e)}") from e
    if not spatial:
        return con
    ext = spatial_extension_path()
    con.execute(f"LOAD '{ext.as_posix()}'")
    return con


def create_schema(con: Any, dims: int) -> None:
    """Create the tables of a new index (the R-tree is created after the rows are loaded)."""
    con.execute(
        f"""
        CREATE TABLE chunks (
            rid INTEGER NOT NULL,
            chunk_id VARCHAR NOT NULL,
            doc_id VARCHAR NOT NULL,
            doc_sha256 VARCHAR NOT NULL,
            chunk_index INTEGER NOT NULL,
            feature_ids VARCHAR[] NOT NULL,
            collection VARCHAR NOT NULL,
            corpus_version VARCHAR NOT NULL,
            text VARCHAR NOT NULL,
            embedding FLOAT[{int(dims)}] NOT NULL,
            footprint GEOMETRY,
            has_extent BOOLEAN NOT NULL,
            xmin DOUBLE, ymin DOUBLE, xmax DOUBLE, ymax DOUBLE,
            epsg INTEGER,
            frame_confidence DOUBLE,
            frame_flagged BOOLEAN NOT NULL,
            period_start VARCHAR,
            period_end VARCHAR,
            flags VARCHAR[] NOT NULL,
            built_at TIMESTAMP NOT NULL,
            {", ".join(f"{name} {kind}" for name, kind in PROVENANCE_COLUMNS + FORMAT4_COLUMNS + FORMAT5_COLUMNS)}
        )"""
    )
    con.execute(
        """
        CREATE TABLE collections (
            collection VARCHAR PRIMARY KEY,
            corpus_version VARCHAR NOT NULL,
            licence VARCHAR NOT NULL,
            licence_forbids VARCHAR,
            resolution_m DOUBLE,
            period_start VARCHAR,
            period_end VARCHAR,
            xmin DOUBLE, ymin DOUBLE, xmax DOUBLE, ymax DOUBLE,
            item_count INTEGER NOT NULL,
            no_extent_count INTEGER NOT NULL,
            refreshed_at TIMESTAMP NOT NULL
        )"""
    )
    con.execute("CREATE TABLE meta (key VARCHAR PRIMARY KEY, value VARCHAR NOT NULL)")
    from geochunk.retrieve.postings import create_tables

    create_tables(con)
    con.execute(
        """
        CREATE TABLE recall (
            label VARCHAR PRIMARY KEY,
            target_selectivity DOUBLE,
            selectivity DOUBLE NOT NULL,
            queries INTEGER NOT NULL,
            recall_at_10 DOUBLE NOT NULL
        )"""
    )
    ensure_history(con)


def migrate(con: Any) -> list[str]:
    """Bring an index written in an older format up to :data:`INDEX_FORMAT` (additive only: the
    columns it lacks are added, empty); returns the columns added.

    >>> con = connect(":memory:")
    >>> create_schema(con, 4)
    >>> migrate(con)
    []
    """
    have = {r[0] for r in con.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_name = 'chunks'").fetchall()}
    added = []
    for name, kind in PROVENANCE_COLUMNS + FORMAT4_COLUMNS + FORMAT5_COLUMNS:
        if name not in have:
            con.execute(f"ALTER TABLE chunks ADD COLUMN {name} {kind}")
            added.append(name)
    if "period_source" in added:  # rows written before format 4 carry their collection's period
        con.execute("UPDATE chunks SET period_source = 'collection' "
                    "WHERE period_start IS NOT NULL OR period_end IS NOT NULL")
    had_history = has_table(con, "recall_history")
    ensure_history(con)
    if not had_history and has_table(con, "recall"):  # the last build's figures: build 0
        at = _meta_time(con)
        con.execute(
            "INSERT INTO recall_history SELECT 0, ?, label, target_selectivity, selectivity, queries, "
            "recall_at_10, NULL, NULL, NULL FROM recall", [at])
    write_meta(con, {"index_format": INDEX_FORMAT})
    return added


def has_table(con: Any, name: str) -> bool:
    """Whether the index has a table of this name (older formats lack the newer ones).

    >>> has_table(connect(":memory:"), "builds")
    False
    """
    return bool(con.execute(
        "SELECT count(*) FROM information_schema.tables WHERE table_name = ?", [name]).fetchone()[0])


def _meta_time(con: Any) -> datetime:
    """The ``built_at`` recorded in ``meta`` (now when there is none or it does not parse)."""
    try:
        row = con.execute("SELECT value FROM meta WHERE key = 'built_at'").fetchone()
        return datetime.fromisoformat(json.loads(row[0])) if row else datetime.now().replace(microsecond=0)
    except (ValueError, TypeError):
        return datetime.now().replace(microsecond=0)


def chunk_columns(con: Any) -> frozenset[str]:
    """The columns of the ``chunks`` table (an older format lacks some)."""
    return frozenset(r[0] for r in con.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_name = 'chunks'").fetchall())


def has_columns(con: Any, *names: str) -> bool:
    """Whether ``chunks`` has every one of these columns (a format-1 file lacks the provenance)."""
    have = chunk_columns(con)
    return all(n in have for n in names)


def write_meta(con: Any, values: dict[str, Any]) -> None:
    """Upsert meta keys (values stored as JSON)."""
    for k, v in values.items():
        con.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", [k, json.dumps(v)])


def read_meta(con: Any) -> dict[str, Any]:
    """Every meta key, JSON-decoded; refuses a file that is not an index, or one written in a
    newer :data:`INDEX_FORMAT`."""
    import duckdb

    try:
        has_meta = con.execute(
            "SELECT count(*) FROM information_schema.tables WHERE table_name = 'meta'").fetchone()[0]
        if not has_meta:
            raise StoreError("not a geochunk index (no meta table)")
        meta = {k: json.loads(v) for k, v in con.execute("SELECT key, value FROM meta").fetchall()}
    except (duckdb.Error, ValueError) as e:
        raise StoreError(f"the index is damaged, or not a geochunk index: {first_line(e)}") from e
    fmt = meta.get("index_format", 1)
    if isinstance(fmt, bool) or not isinstance(fmt, int) or fmt < 1:
        raise StoreError(f"the index is damaged: its format is {fmt!r}, not one geochunk writes")
    if fmt > INDEX_FORMAT:
        raise StoreError(f"the index was written by a newer geochunk (index format {fmt}; this geochunk "
                         f"reads format {INDEX_FORMAT}): upgrade geochunk or rebuild the index")
    return meta


@dataclass(frozen=True)
class ValidationRun:
    """One ``geochunk validate --index`` run as the ``validation_runs`` table keeps it (rates are
    shares, 0-1; ``next_start`` is where the next run's sample starts in the rotation)."""

    run: int
    run_at: datetime
    documents: tuple[str, ...]
    chunks: int
    oversize_rate: float
    fallback_rate: float
    failed_gates: tuple[str, ...]
    next_start: int
    passed: bool


_VALIDATION_COLUMNS = ("run, run_at, documents, chunks, oversize_rate, fallback_rate, failed_gates, "
                       "next_start, passed")


def ensure_validation_runs(con: Any) -> None:
    """Create the ``validation_runs`` table if this index has none (older indexes): additive."""
    con.execute(
        """
        CREATE TABLE IF NOT EXISTS validation_runs (
            run INTEGER PRIMARY KEY,
            run_at TIMESTAMP NOT NULL,
            documents VARCHAR[] NOT NULL,
            chunks INTEGER NOT NULL,
            oversize_rate DOUBLE NOT NULL,
            fallback_rate DOUBLE NOT NULL,
            failed_gates VARCHAR[] NOT NULL,
            next_start INTEGER NOT NULL,
            passed BOOLEAN NOT NULL
        )"""
    )


def validation_runs(con: Any) -> list[ValidationRun]:
    """Every recorded run, oldest first (empty for an index that was never validated).

    >>> con = connect(":memory:")
    >>> validation_runs(con)
    []
    >>> r = record_validation_run(con, documents=("a.md",), chunks=4, oversize_rate=0.25,
    ...                           fallback_rate=0.0, failed_gates=(), next_start=1, passed=True)
    >>> [(x.run, x.documents, x.oversize_rate) for x in validation_runs(con)] == [(r.run, ("a.md",), 0.25)]
    True
    """
    has = con.execute(
        "SELECT count(*) FROM information_schema.tables WHERE table_name = 'validation_runs'").fetchone()[0]
    if not has:
        return []
    rows = con.execute(f"SELECT {_VALIDATION_COLUMNS} FROM validation_runs ORDER BY run").fetchall()
    return [ValidationRun(int(r[0]), r[1], tuple(r[2]), int(r[3]), float(r[4]), float(r[5]), tuple(r[6]),
                          int(r[7]), bool(r[8])) for r in rows]


def record_validation_run(
    con: Any,
    *,
    documents: tuple[str, ...],
    chunks: int,
    oversize_rate: float,
    fallback_rate: float,
    failed_gates: tuple[str, ...],
    next_start: int,
    passed: bool,
) -> ValidationRun:
    """Append one run to ``validation_runs`` (creating the table if needed) and return it."""
    ensure_validation_runs(con)
    run = int(con.execute("SELECT coalesce(max(run) + 1, 1) FROM validation_runs").fetchone()[0])
    at = datetime.now().replace(microsecond=0)
    con.execute(f"INSERT INTO validation_runs ({_VALIDATION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [run, at, list(documents), int(chunks), float(oversize_rate), float(fallback_rate),
                 list(failed_gates), int(next_start), bool(passed)])
    return ValidationRun(run, at, tuple(documents), int(chunks), float(oversize_rate), float(fallback_rate),
                         tuple(failed_gates), int(next_start), bool(passed))


@dataclass(frozen=True)
class BuildRecord:
    """One build that wrote the index, as the ``builds`` table keeps it.

    ``documents`` were given; of them ``failed`` were refused (read, chunked or checked and
    found wanting) and ``skipped`` were not documents; ``chunks_written`` are the rows this
    build wrote, ``oversized`` / ``needs_fallback`` how many of them carry those flags.
    """

    build: int
    built_at: datetime
    collection: str
    corpus_version: str
    documents: int
    indexed: int
    unchanged: int
    failed: int
    skipped: int
    removed: int
    chunks_written: int
    oversized: int
    needs_fallback: int
    rows_total: int
    seconds: float
    recall_passed: bool

    @property
    def rejection_rate(self) -> float:
        """Documents refused / documents given (0 when none were given).

        >>> BuildRecord(1, datetime(2026, 1, 1), "c", "1", 8, 6, 0, 2, 0, 0, 10, 1, 0, 10, 0.5,
        ...             True).rejection_rate
        0.25
        """
        return self.failed / self.documents if self.documents else 0.0


@dataclass(frozen=True)
class RecallRecord:
    """One build's filtered recall at one selectivity (``recall_history``; ``placed``, ``claimed``
    and ``filters_agree`` are None for figures kept from a format-3 file)."""

    build: int
    built_at: datetime
    label: str
    target_selectivity: float | None
    selectivity: float
    queries: int
    recall_at_10: float
    placed: int | None
    claimed: bool | None
    filters_agree: bool | None


_BUILD_COLUMNS = ("build, built_at, collection, corpus_version, documents, indexed, unchanged, failed, skipped, "
                  "removed, chunks_written, oversized, needs_fallback, rows_total, seconds, recall_passed")
_RECALL_COLUMNS = ("build, built_at, label, target_selectivity, selectivity, queries, recall_at_10, placed, "
                   "claimed, filters_agree")


def ensure_history(con: Any) -> None:
    """Create the ``builds`` and ``recall_history`` tables if this index has none: additive."""
    con.execute(
        """
        CREATE TABLE IF NOT EXISTS builds (
            build INTEGER PRIMARY KEY,
            built_at TIMESTAMP NOT NULL,
            collection VARCHAR NOT NULL,
            corpus_version VARCHAR NOT NULL,
            documents INTEGER NOT NULL,
            indexed INTEGER NOT NULL,
            unchanged INTEGER NOT NULL,
            failed INTEGER NOT NULL,
            skipped INTEGER NOT NULL,
            removed INTEGER NOT NULL,
            chunks_written INTEGER NOT NULL,
            oversized INTEGER NOT NULL,
            needs_fallback INTEGER NOT NULL,
            rows_total INTEGER NOT NULL,
            seconds DOUBLE NOT NULL,
            recall_passed BOOLEAN NOT NULL
        )"""
    )
    con.execute(
        """
        CREATE TABLE IF NOT EXISTS recall_history (
            build INTEGER NOT NULL,
            built_at TIMESTAMP NOT NULL,
            label VARCHAR NOT NULL,
            target_selectivity DOUBLE,
            selectivity DOUBLE NOT NULL,
            queries INTEGER NOT NULL,
            recall_at_10 DOUBLE NOT NULL,
            placed INTEGER,
            claimed BOOLEAN,
            filters_agree BOOLEAN,
            PRIMARY KEY (build, label)
        )"""
    )


def record_build(
    con: Any,
    *,
    built_at: datetime,
    collection: str,
    corpus_version: str,
    documents: int,
    indexed: int,
    unchanged: int,
    failed: int,
    skipped: int,
    removed: int,
    chunks_written: int,
    oversized: int,
    needs_fallback: int,
    seconds: float,
    recall: Any = None,
) -> BuildRecord:
    """Append one build to ``builds`` and its recall figures (a :class:`~.recall.RecallReport`,
    or None) to ``recall_history``; ``rows_total`` is counted here. Returns the build's record.

    >>> con = connect(":memory:")
    >>> create_schema(con, 4)
    >>> b = record_build(con, built_at=datetime(2026, 12, 1), collection="c", corpus_version="1",
    ...                  documents=3, indexed=2, unchanged=0, failed=1, skipped=0, removed=0,
    ...                  chunks_written=5, oversized=1, needs_fallback=0, seconds=0.2)
    >>> (b.build, round(b.rejection_rate, 3), [x.build for x in builds(con)])
    (1, 0.333, [1])
    """
    ensure_history(con)
    build = int(con.execute("SELECT coalesce(max(build) + 1, 1) FROM builds").fetchone()[0])
    rows_total = int(con.execute("SELECT count(*) FROM chunks").fetchone()[0])
    passed = bool(recall.passed) if recall is not None else True
    rec = BuildRecord(build, built_at, collection, corpus_version, int(documents), int(indexed), int(unchanged),
                      int(failed), int(skipped), int(removed), int(chunks_written), int(oversized),
                      int(needs_fallback), rows_total, float(seconds), passed)
    con.execute(f"INSERT INTO builds ({_BUILD_COLUMNS}) VALUES ({', '.join('?' * 16)})",
                [rec.build, rec.built_at, rec.collection, rec.corpus_version, rec.documents, rec.indexed,
                 rec.unchanged, rec.failed, rec.skipped, rec.removed, rec.chunks_written, rec.oversized,
                 rec.needs_fallback, rec.rows_total, rec.seconds, rec.recall_passed])
    for f in (recall.figures if recall is not None else ()):
        con.execute(f"INSERT INTO recall_history ({_RECALL_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [build, built_at, f.label, f.target_selectivity, f.selectivity, f.queries, f.recall_at_10,
                     f.placed, f.claimed, f.filters_agree])
    return rec


def builds(con: Any) -> list[BuildRecord]:
    """Every recorded build, oldest first (empty for an index of format 3 or older)."""
    if not has_table(con, "builds"):
        return []
    return [BuildRecord(int(r[0]), r[1], r[2], r[3], *(int(x) for x in r[4:14]), float(r[14]), bool(r[15]))
            for r in con.execute(f"SELECT {_BUILD_COLUMNS} FROM builds ORDER BY build").fetchall()]


def recall_history(con: Any) -> list[RecallRecord]:
    """Every build's recall figures, oldest build first, then by label's selectivity (the
    unfiltered baseline first). An index of format 3 or older: its one ``recall`` table, as build 0.
    """
    order = " ORDER BY build, target_selectivity DESC NULLS FIRST"
    if has_table(con, "recall_history"):
        rows = con.execute(f"SELECT {_RECALL_COLUMNS} FROM recall_history{order}").fetchall()
    elif has_table(con, "recall"):
        at = _meta_time(con)
        rows = [(0, at, *r, None, None, None) for r in con.execute(
            "SELECT label, target_selectivity, selectivity, queries, recall_at_10 FROM recall "
            "ORDER BY target_selectivity DESC NULLS FIRST").fetchall()]
    else:
        return []
    return [RecallRecord(int(r[0]), r[1], str(r[2]), None if r[3] is None else float(r[3]), float(r[4]),
                         int(r[5]), float(r[6]), None if r[7] is None else int(r[7]),
                         None if r[8] is None else bool(r[8]), None if r[9] is None else bool(r[9]))
            for r in rows]


_CATALOG_COLUMNS = ("collection, corpus_version, licence, licence_forbids, resolution_m, period_start, "
                    "period_end, xmin, ymin, xmax, ymax, item_count, no_extent_count, refreshed_at")


def catalog_digest(con: Any) -> str:
    """The SHA-256 of the catalog's rows (every column, by collection): recorded in ``meta`` by a
    build (``catalog_digest``) and compared on open (:func:`check_consistency`).

    >>> con = connect(":memory:")
    >>> create_schema(con, 4)
    >>> len(catalog_digest(con))
    64
    """
    rows = con.execute(f"SELECT {_CATALOG_COLUMNS} FROM collections ORDER BY collection").fetchall()
    text = json.dumps([[v if isinstance(v, (int, float, str, type(None))) else str(v) for v in r]
                       for r in rows], separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def check_consistency(con: Any, meta: dict[str, Any], path: str) -> None:
    """Refuse (one-line :class:`StoreError`) an index that does not agree with itself (its
    format is checked by :func:`read_meta`, which gives ``meta``): a catalog whose digest is not the one the build recorded (an
    emptied or edited catalog), or rows that do not add up to the catalog's counts (rows
    deleted, added or moved between collections outside a build). Cheap: the catalog and one
    ``GROUP BY`` over the chunks.
    """
    import duckdb

    try:
        _check_consistency(con, meta, path)
    except (duckdb.Error, ValueError, TypeError) as e:
        raise StoreError(f"{path}: the index is damaged, or not a geochunk index: {first_line(e)}") from e


def _check_consistency(con: Any, meta: dict[str, Any], path: str) -> None:
    recorded = meta.get("catalog_digest")
    if recorded is not None and recorded != catalog_digest(con):
        raise StoreError(f"{path}: the index is damaged or was edited: its catalog is not the one its last "
                         "build wrote (build it again into a new file)")
    counted = {c: (int(n), int(x)) for c, n, x in con.execute(
        "SELECT collection, count(*), count(*) FILTER (WHERE NOT has_extent) FROM chunks GROUP BY collection"
    ).fetchall()}
    listed = {c: (int(n), int(x)) for c, n, x in con.execute(
        "SELECT collection, item_count, no_extent_count FROM collections").fetchall()}
    if counted != listed:
        wrong = sorted(set(counted) ^ set(listed)) or sorted(c for c in counted if counted[c] != listed[c])
        name = wrong[0]
        has, says = counted.get(name, (0, 0))[0], listed.get(name, (0, 0))[0]
        raise StoreError(f"{path}: the index is damaged or was edited: collection {_shown(name)} holds {has} "
                         f"rows but its catalog says {says} (build it again into a new file)")


def _shown(name: str) -> str:
    """A collection name for a one-line message: quoted, control characters escaped."""
    from geochunk.text.terminal import shown

    return f"'{shown(name)}'"


def clean_leftovers(target: str | os.PathLike[str]) -> list[str]:
    """Delete what an interrupted build (``kill -9``) left beside ``target``: its
    ``.<name>.*.building`` copies and their ``.wal`` files. Call it under the build lock (no
    other build is running then); returns the names removed, for the build to say so.
    """
    folder = Path(target).parent
    prefix = f".{Path(target).name}."
    removed = []
    try:
        entries = sorted(os.listdir(folder))
    except OSError:
        return []
    for name in entries:
        stem = name[len(prefix):].removesuffix(".wal").removesuffix(".building")
        # only this target's copies: mkstemp's one dotless name between prefix and suffix (the
        # copy of a build into ``ix.duckdb.bak`` running now also starts with ``.ix.duckdb.``)
        if (name.startswith(prefix) and (name.endswith(".building") or name.endswith(".building.wal"))
                and stem and "." not in stem):
            try:
                os.unlink(folder / name)
                removed.append(name)
            except OSError:
                pass
    return removed


def recover(path: str | os.PathLike[str], *, locked: bool = False) -> bool:
    """Replay the write-ahead log a killed writer left beside ``path`` with the spatial extension
    loaded first, rebuild the R-tree and checkpoint; True when there was one to replay.

    A build commits with a checkpoint (no log is left after it), so a log is there only when the
    process died inside a commit. DuckDB 1.5.5 replays a log's changes to a table with an R-tree
    into an index it cannot then scan ("Operation requires a flat vector"), and replaying before
    the extension is loaded damages the file: the log is therefore replayed through an
    ``ATTACH`` after ``LOAD``, and the R-tree made again from the rows (once, after a crash).
    Best effort: a file that cannot be opened for writing is left for DuckDB to replay. Runs
    under the build lock (``.<name>.lock``; ``locked``: the caller holds it), and not at all
    while a build holds it (that build recovers the file itself).
    """
    p = str(path)
    if not Path(p + ".wal").exists():
        return False
    if locked:
        return _recover(p)
    try:
        import fcntl
    except ImportError:  # not POSIX
        return _recover(p)
    try:
        fh = open(Path(p).parent / f".{Path(p).name}.lock", "a+b")
    except OSError:
        return False
    with fh:
        try:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # a build is running: it recovers the file under the lock
            return False
        try:
            return _recover(p)
        finally:
            fcntl.flock(fh.fileno(), fcntl.LOCK_UN)


def _recover(p: str) -> bool:
    import duckdb

    try:
        con = duckdb.connect(":memory:", config={"autoinstall_known_extensions": False,
                                                 "autoload_known_extensions": False})
    except duckdb.Error:
        return False
    try:
        con.execute(f"LOAD '{spatial_extension_path().as_posix()}'")
        quoted = p.replace("'", "''")
        con.execute(f"ATTACH '{quoted}' AS gc_recover")
        has = con.execute(
            "SELECT count(*) FROM duckdb_indexes() WHERE database_name = 'gc_recover' AND index_name = ?",
            [RTREE_INDEX]).fetchone()[0]
        if has:
            con.execute(f"DROP INDEX gc_recover.main.{RTREE_INDEX}")
            con.execute(f"CREATE INDEX {RTREE_INDEX} ON gc_recover.main.chunks USING RTREE (footprint)")
        con.execute("CHECKPOINT gc_recover")
        con.execute("DETACH gc_recover")
        return True
    except duckdb.Error:
        return False
    finally:
        con.close()
