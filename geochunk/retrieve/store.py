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
* ``lexical``     the BM25 index (bm25s arrays as ``.npy`` blobs).
* ``recall``      the filtered-recall gate measured on this build.
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

from ..errors import GeochunkError

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
    "ValidationRun",
    "ensure_validation_runs",
    "record_validation_run",
    "validation_runs",
]

DUCKDB_VERSION = "1.5.5"
RTREE_INDEX = "chunks_footprint_rtree"
#: the layout of the tables this geochunk writes and reads (``meta.index_format``; absent = 1).
#: Format 2 added :data:`PROVENANCE_COLUMNS` to ``chunks``; a format-1 file is read as it is and
#: gains them (empty: "made before rows recorded what made them") on its next build (:func:`migrate`).
#: Format 3 added ``source_pages`` and ``section_path`` (where a PDF/HTML/DOCX chunk came from).
INDEX_FORMAT = 3
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


def connect(path: str | os.PathLike[str], *, read_only: bool = False) -> Any:
    """Open (or create) a DuckDB file with the spatial extension loaded from its installed file."""
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
    try:
        con = duckdb.connect(p, read_only=read_only, config={"autoinstall_known_extensions": False,
                                                             "autoload_known_extensions": False})
    except duckdb.Error as e:
        raise StoreError(f"cannot open index {p} (damaged, or not a DuckDB file): {first_line(e)}") from e
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
            {", ".join(f"{name} {kind}" for name, kind in PROVENANCE_COLUMNS)}
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
    con.execute("CREATE TABLE lexical (name VARCHAR PRIMARY KEY, data BLOB NOT NULL)")
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
    for name, kind in PROVENANCE_COLUMNS:
        if name not in have:
            con.execute(f"ALTER TABLE chunks ADD COLUMN {name} {kind}")
            added.append(name)
    write_meta(con, {"index_format": INDEX_FORMAT})
    return added


def has_columns(con: Any, *names: str) -> bool:
    """Whether ``chunks`` has every one of these columns (a format-1 file lacks the provenance)."""
    have = {r[0] for r in con.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_name = 'chunks'").fetchall()}
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
    from ..terminal import shown

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
