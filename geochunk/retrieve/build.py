"""Build or update an index file: chunk + embed in parallel, write once, prove recall, swap.

1. Documents are chunked, checked and embedded (:func:`.rows.prepare_document`) in this process
   or on Dask workers; results come back in input order.
2. Everything is written into a **new file** beside the target (a copy of it when updating). A
   document already indexed with the same sha256 is left alone; one whose sha256 changed has its
   chunks replaced; nothing else changes.
3. The R-tree on ``footprint`` and the BM25 index are rebuilt, the catalog row refreshed.
4. The filtered-recall gate runs on the new file (:mod:`.recall`); if it fails, or anything above
   raised, the new file is deleted and the old index is untouched.
5. The new file replaces the target with one atomic ``os.replace``.

Steps 2-5 run under an exclusive lock on ``.<db>.lock`` beside the target, and the documents
already indexed are read again under it: two builds into the same file run one after the other
and neither loses the other's documents (the last ``os.replace`` used to win).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from ..errors import ConfigError, InputError
from ..model import CHUNKER_VERSION, ChunkConfig
from ..terminal import shown
from .catalog import parse_period, recount_collections, refresh_catalog
from .embed import EMBEDDERS, get_embedder
from .lexical import Lexical
from .parallel import Progress, run_ordered
from .recall import RecallReport, measure_recall
from .rows import IndexBuildError, PreparedDocument, prepare_document
from .store import (INDEX_FORMAT, RTREE_INDEX, StoreError, catalog_digest, check_consistency, clean_leftovers,
                    connect, create_schema, read_meta, write_meta)

__all__ = ["BuildReport", "build_index", "write_prepared", "expand_paths", "INDEXABLE_SUFFIXES"]

INDEXABLE_SUFFIXES = (".md", ".txt", ".geojson", ".json", ".wkt", ".sql", ".csv")


@dataclass(frozen=True)
class BuildReport:
    """What a build did and measured."""

    db: str
    collection: str
    version: str
    model_id: str
    documents: int
    added: tuple[str, ...]
    replaced: tuple[str, ...]
    unchanged: tuple[str, ...]
    rows: int
    no_extent_rows: int
    seconds: float
    recall: RecallReport
    cleaned: tuple[str, ...] = ()  # leftovers of an interrupted build, deleted by this one

    def lines(self) -> list[str]:
        cleaned = ([f"cleaned:    {len(self.cleaned)} leftover file(s) of an interrupted build "
                    f"({', '.join(shown(n) for n in self.cleaned)})"] if self.cleaned else [])
        return cleaned + [
            f"index:      {self.db} (model {self.model_id})",
            f"collection: {self.collection} version {self.version}",
            f"documents:  {self.documents} ({len(self.added)} added, {len(self.replaced)} replaced, "
            f"{len(self.unchanged)} unchanged)",
            f"rows:       {self.rows} chunks, {self.no_extent_rows} in the no-extent lane",
            f"time:       {self.seconds:.1f} s",
            *self.recall.lines(),
        ]


def expand_paths(paths: Sequence[str]) -> list[str]:
    """Files as given, folders expanded to their indexable files (sorted); order-stable, unique."""
    out: list[str] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            out.extend(str(f) for f in sorted(path.rglob("*")) if f.is_file() and f.suffix.lower() in INDEXABLE_SUFFIXES)
        elif path.is_file():
            out.append(str(path))
        else:
            raise InputError(f"{p}: no such file or folder")
    seen: set[str] = set()
    return [p for p in out if not (p in seen or seen.add(p))]


def _insert(con: Any, docs: Sequence[PreparedDocument], *, first_rid: int, collection: str, version: str,
            period: tuple[str | None, str | None], built_at: dt.datetime, dims: int) -> int:
    import pyarrow as pa

    rows = [r for d in docs for r in d.rows]
    if not rows:
        return first_rid
    emb = np.concatenate([d.embeddings for d in docs]).astype(np.float32)
    if emb.shape != (len(rows), dims):
        raise IndexBuildError(f"embeddings have shape {emb.shape}, expected ({len(rows)}, {dims})")
    ext = [r.extent or (None, None, None, None) for r in rows]
    table = pa.table({
        "rid": pa.array(np.arange(first_rid, first_rid + len(rows), dtype=np.int32)),
        "chunk_id": [r.chunk_id for r in rows],
        "doc_id": [r.doc_id for r in rows],
        "doc_sha256": [r.doc_sha256 for r in rows],
        "chunk_index": pa.array([r.chunk_index for r in rows], pa.int32()),
        "feature_ids": pa.array([list(r.feature_ids) for r in rows], pa.list_(pa.string())),
        "text": [r.text for r in rows],
        "embedding": pa.FixedSizeListArray.from_arrays(pa.array(emb.reshape(-1)), dims),
        "wkb": pa.array([r.footprint_wkb for r in rows], pa.binary()),
        "has_extent": [r.has_extent for r in rows],
        "xmin": pa.array([e[0] for e in ext], pa.float64()),
        "ymin": pa.array([e[1] for e in ext], pa.float64()),
        "xmax": pa.array([e[2] for e in ext], pa.float64()),
        "ymax": pa.array([e[3] for e in ext], pa.float64()),
        "epsg": pa.array([r.epsg for r in rows], pa.int32()),
        "frame_confidence": pa.array([r.frame_confidence for r in rows], pa.float64()),
        "frame_flagged": [r.frame_flagged for r in rows],
        "flags": pa.array([list(r.flags) for r in rows], pa.list_(pa.string())),
    })
    con.register("staging", table)
    try:
        con.execute(
            f"""
            INSERT INTO chunks
            SELECT rid, chunk_id, doc_id, doc_sha256, chunk_index, feature_ids, ?, ?, text,
                   embedding::FLOAT[{dims}],
                   CASE WHEN wkb IS NULL THEN NULL ELSE ST_GeomFromWKB(wkb) END,
                   has_extent, xmin, ymin, xmax, ymax, epsg, frame_confidence, frame_flagged,
                   ?, ?, flags, ?
            FROM staging ORDER BY rid""",
            [collection, version, period[0], period[1], built_at],
        )
    finally:
        con.unregister("staging")
    return first_rid + len(rows)


def _rebuild_lexical(con: Any) -> None:
    res = con.execute("SELECT rid, text FROM chunks ORDER BY rid").fetchnumpy()
    lx = Lexical.build(list(res["text"]), res["rid"])
    con.execute("DELETE FROM lexical")
    for name, blob in lx.to_blobs().items():
        con.execute("INSERT INTO lexical VALUES (?, ?)", [name, blob])


def build_index(
    paths: Sequence[str],
    db: str | os.PathLike[str],
    *,
    collection: str,
    version: str = "1",
    embedder: str = "static",
    licence: str = "unspecified",
    period: str | None = None,
    resolution_m: float | None = None,
    config: ChunkConfig = ChunkConfig(budget=512),
    workers: int = 1,
    scheduler: str | None = None,
    progress: Progress | None = None,
    texts: Sequence[str] | None = None,
) -> BuildReport:
    """Build ``db`` from ``paths`` (or add/replace those documents in an existing ``db``).

    ``texts``, when given, holds each document's text (``paths`` are then just doc ids, e.g.
    uploads in the app). Raises :class:`IndexBuildError` (nothing written) on a chunk whose
    geometry does not parse or that has geometry but no frame/extent, on another embedding model
    than the existing index's, or when the filtered-recall gate fails.
    """
    t0 = time.perf_counter()
    if not collection or not collection.strip():
        raise ConfigError("collection must be a non-empty name")
    if embedder not in EMBEDDERS:
        raise ConfigError(f"unknown embedder {embedder!r}; valid values: {', '.join(EMBEDDERS)}")
    per = parse_period(period)
    if resolution_m is not None and not resolution_m > 0:
        raise ConfigError(f"resolution must be a positive number of metres, got {resolution_m}")
    emb = get_embedder(embedder)
    target = Path(db)
    if texts is None:
        doc_paths = expand_paths(paths)
        items: list[Any] = doc_paths
    else:
        if len(texts) != len(paths):
            raise ConfigError("texts and paths must have the same length")
        doc_paths = list(paths)
        items = list(zip(paths, texts))
    if not doc_paths:
        raise InputError("no documents to index")

    existing = _existing_docs(target, emb.model_id)

    prepared = run_ordered(
        _prepare_item, items, workers=workers, scheduler=scheduler, progress=progress,
        labels=doc_paths, embedder=embedder, config=config,
    )

    return write_prepared(
        prepared, target, emb, existing, collection=collection, version=version, licence=licence,
        period=per, resolution_m=resolution_m, chunk_budget=config.budget, started=t0,
    )


def write_prepared(
    prepared: Sequence[PreparedDocument],
    target: Path,
    emb: Any,
    existing: dict[str, str] | None = None,
    *,
    collection: str,
    version: str,
    licence: str,
    period: tuple[str | None, str | None],
    resolution_m: float | None,
    chunk_budget: int,
    started: float | None = None,
    recall_queries: int = 12,
) -> BuildReport:
    """Steps 2-5 of a build for documents already chunked and embedded (also used by benchmarks).

    The documents already in ``target`` are read under the build lock (``existing``, what the
    caller saw before chunking, is only a hint: another build may have landed since).
    """
    t0 = time.perf_counter() if started is None else started
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    with _build_lock(target):
        cleaned = tuple(clean_leftovers(target))  # a killed build's copy and WAL: no build runs now
        existing = _existing_docs(target, emb.model_id) if target.exists() else {}
        added = tuple(d.doc_id for d in prepared if d.doc_id not in existing)
        replaced = tuple(d.doc_id for d in prepared if d.doc_id in existing and existing[d.doc_id] != d.doc_sha256)
        unchanged = tuple(d.doc_id for d in prepared if existing.get(d.doc_id) == d.doc_sha256)
        todo = [d for d in prepared if d.doc_id not in unchanged]
        built_at = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None, microsecond=0)
        with _swapped_in(target) as con:
            if not existing:
                create_schema(con, emb.dims)
            else:  # another process may have changed the file since it was read above
                now_docs = dict(con.execute("SELECT DISTINCT doc_id, doc_sha256 FROM chunks").fetchall())
                if now_docs != existing:
                    raise IndexBuildError(f"{target} changed during the build; run it again")
            con.execute(f"DROP INDEX IF EXISTS {RTREE_INDEX}")
            con.execute("DROP INDEX IF EXISTS chunks_rid")
            moved_from: list[str] = []
            if replaced:
                moved_from = [c for (c,) in con.execute(
                    "SELECT DISTINCT collection FROM chunks WHERE list_contains(?, doc_id) AND collection <> ?",
                    [list(replaced), collection]).fetchall()]
                con.execute("DELETE FROM chunks WHERE list_contains(?, doc_id)", [list(replaced)])
            next_rid = con.execute("SELECT coalesce(max(rid) + 1, 0) FROM chunks").fetchone()[0]
            _insert(con, todo, first_rid=int(next_rid), collection=collection, version=version,
                    period=period, built_at=built_at, dims=emb.dims)
            con.execute(f"CREATE INDEX {RTREE_INDEX} ON chunks USING RTREE (footprint)")
            con.execute("CREATE INDEX chunks_rid ON chunks (rid)")  # point lookups of result rows
            _rebuild_lexical(con)
            refresh_catalog(con, collection, version=version, licence=licence, period=period,
                            resolution_m=resolution_m)
            recount_collections(con, moved_from)  # a document moved here left its old collection
            report = _recall_gate(con, recall_queries)
            write_meta(con, {
                "index_format": INDEX_FORMAT,
                "model_id": emb.model_id,
                "dims": emb.dims,
                "built_at": built_at.isoformat(),
                "chunker_version": CHUNKER_VERSION,
                "chunk_budget": chunk_budget,
                "catalog_digest": catalog_digest(con),  # checked on open (store.check_consistency)
            })
            n_rows, n_noext = con.execute(
                "SELECT count(*), count(*) FILTER (WHERE NOT has_extent) FROM chunks"
            ).fetchone()
    return BuildReport(
        db=str(target), collection=collection, version=version, model_id=emb.model_id,
        documents=len(prepared), added=added, replaced=replaced, unchanged=unchanged,
        rows=int(n_rows), no_extent_rows=int(n_noext), seconds=time.perf_counter() - t0, recall=report,
        cleaned=cleaned,
    )


@contextlib.contextmanager
def _build_lock(target: Path) -> Any:
    """An exclusive advisory lock on ``.<name>.lock`` beside ``target`` (blocks until free)."""
    try:
        import fcntl
    except ImportError:  # not POSIX: no inter-process lock
        yield
        return
    with open(target.parent / f".{target.name}.lock", "a+b") as fh:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh.fileno(), fcntl.LOCK_UN)


@contextlib.contextmanager
def _swapped_in(target: Path) -> Any:
    """A connection to a new file beside ``target`` (a copy of it, if any), swapped in on success.

    On any exception the new file (and its WAL) is deleted and ``target`` is untouched; on
    success the file is checkpointed, closed and moved over ``target`` with one ``os.replace``.
    """
    fd, tmp_name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".building")
    os.close(fd)
    tmp = Path(tmp_name)
    tmp.unlink()
    try:
        if target.exists():
            shutil.copyfile(target, tmp)
        con = connect(tmp)
        try:
            yield con
            con.execute("CHECKPOINT")
        finally:
            con.close()
        os.replace(tmp, target)
    except BaseException:
        for p in (tmp, Path(str(tmp) + ".wal")):
            if p.exists():
                p.unlink()
        raise


def _recall_gate(con: Any, queries: int) -> RecallReport:
    """Measure filtered recall, record it in the ``recall`` table, raise when the gate fails."""
    report = measure_recall(con, queries=queries)
    con.execute("DELETE FROM recall")
    for f in report.figures:
        con.execute("INSERT INTO recall VALUES (?, ?, ?, ?, ?)",
                    [f.label, f.target_selectivity, f.selectivity, f.queries, f.recall_at_10])
    if not report.passed:
        raise IndexBuildError(
            "filtered recall gate failed: " + "; ".join(report.lines())
            + " (both region filters must return the same rows, and the tightest region may be at "
            "most 5 points below unfiltered)"
        )
    return report


def _existing_docs(target: Path, model_id: str) -> dict[str, str]:
    """``doc_id -> sha256`` already in ``target`` (empty when new); refuses another model's index."""
    if not target.exists():
        return {}
    con = connect(target, read_only=True)
    try:
        meta = read_meta(con)
        check_consistency(con, meta, str(target))
        existing = dict(con.execute("SELECT DISTINCT doc_id, doc_sha256 FROM chunks").fetchall())
    finally:
        con.close()
    if meta.get("model_id") != model_id:
        raise IndexBuildError(
            f"{target} was embedded with {meta.get('model_id')}; this build uses {model_id} "
            "(build a new index, or use the same --embedder)"
        )
    return existing


def _prepare_item(item: Any, *, embedder: str, config: ChunkConfig) -> PreparedDocument:
    if isinstance(item, tuple):
        return prepare_document(item[0], item[1], embedder=embedder, config=config)
    return prepare_document(item, embedder=embedder, config=config)


def open_existing(db: str | os.PathLike[str]) -> Any:
    """Open an index read-only (raises :class:`StoreError` when it is not one)."""
    con = connect(db, read_only=True)
    read_meta(con)
    return con


__all__ += ["open_existing", "StoreError"]
