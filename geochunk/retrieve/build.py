"""Build or update an index file: chunk + embed in parallel, write what changed, prove recall.

1. The paths are listed (:func:`geochunk.read.listing.list_documents`: folders expanded to every
   document type geochunk reads, the other files reported as skipped with the reason). A
   document's **identity** is its canonical path under the build root (symlinks followed, ``..``
   collapsed; the root is ``root=``, else the one the index recorded, else the deepest folder
   holding every path given), or ``doc_id=`` for one document; identities are per collection, so
   a document may belong to several collections.
2. Each document is read and its sha256 and :class:`~.provenance.Recipe` (chunker version,
   tokenizer and its hash, budget, options, collection version) compared with what the index
   holds: both equal, it is *unchanged* and not chunked again; otherwise it is chunked, checked
   and embedded (:func:`.rows.prepare_document`) in this process or on Dask workers. A document
   that fails is reported with its reason and, with ``keep_going`` (the default when a folder
   is given), the build goes on without it.
3. What changed is written. Into an index of this format, **in place, in one DuckDB
   transaction** committed with a checkpoint (a ``kill -9`` leaves the file before or after it,
   never between): a replaced document's rows and their BM25 postings are deleted, the new rows
   and their postings inserted, the R-tree and the ``rid`` index updated row by row; with
   ``prune``, the rows of documents of the collection whose file is gone are deleted; nothing
   else changes. A first build, or an index of an older format (copied first and brought up to
   this one), is written into a **new file** beside the target, swapped in with one atomic
   ``os.replace`` at the end (its R-tree made after the rows are loaded).
4. The catalog row is refreshed (a licence, period, resolution or version left out keeps the
   stored one).
5. The filtered-recall gate runs (:mod:`.recall`) on the rows written plus a fixed sample of the
   rest (every row for a new file); if it fails, or anything above raised, the transaction is
   rolled back (or the new file deleted) and the old index is untouched.
6. Commit (or swap in). ``BuildReport.work`` counts what was written, tokenized and checked.

Documents are streamed in (:func:`write_prepared` takes any iterable; :func:`build_index` feeds
it as the workers finish): they are written in batches as they arrive, so only one batch of
prepared documents is held, never the corpus. Steps 3-6 run under an exclusive lock on
``.<db>.lock`` beside the target, and the documents already indexed are read again under it: two
builds into the same file run one after the other and neither loses the other's documents. As
chunking runs while the batches are written, the lock is held from the start of chunking, and an
in-place build holds the file open for writing from its first batch to its commit (readers in
other processes wait or fail to open it meanwhile, as during any write).
"""

from __future__ import annotations

import contextlib
import functools
import itertools
from collections import Counter
import datetime as dt
import os
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path, PurePath, PurePosixPath
from typing import Any, Callable, Iterable, Iterator, Sequence

import numpy as np

from geochunk.errors import ConfigError, GeochunkError, InputError
from geochunk.read.listing import DOCUMENT_SUFFIXES, list_documents
from geochunk.model import ChunkConfig, Flag
from geochunk.text.terminal import listed, shown
from geochunk.retrieve.catalog import parse_period, refresh_catalog
from geochunk.retrieve.embed import EMBEDDERS, get_embedder
from geochunk.retrieve.lexical import ANALYZER
from geochunk.retrieve.parallel import Progress, stream_ordered
from geochunk.retrieve.postings import PostingsWork, delete_postings, rebuild_postings, title_of, write_postings
from geochunk.retrieve.provenance import Recipe, differences, recipe_for
from geochunk.retrieve.recall import RecallReport, measure_recall
from geochunk.retrieve.rows import warm_prepare  # a worker's one-time loads (issue #33)
from geochunk.retrieve.rows import IndexBuildError, PreparedDocument, prepare_document
from geochunk.retrieve.store import (FORMAT4_COLUMNS, FORMAT5_COLUMNS, INDEX_FORMAT, PROVENANCE_COLUMNS, RTREE_INDEX,
                    StoreError, catalog_digest, check_consistency, clean_leftovers, connect, create_schema,
                    has_columns, migrate, read_meta, record_build, recover, write_meta)

__all__ = ["BuildReport", "build_index", "write_prepared", "expand_paths", "document_id",
           "INDEXABLE_SUFFIXES", "Outcome"]

#: the extensions a folder build reads (the one list, :data:`geochunk.read.listing.DOCUMENT_SUFFIXES`)
INDEXABLE_SUFFIXES = tuple(f".{s}" for s in DOCUMENT_SUFFIXES)

#: ``outcome(doc_id, status)`` as each document finishes: "indexed", "unchanged" or "failed"
Outcome = Callable[[str, str], None]


@dataclass(frozen=True)
class BuildReport:
    """What a build did and measured: one entry per document given, by what happened to it.

    ``replaced_why``, ``removed``, ``skipped`` and ``failed`` pair a document (or path) with the
    reason; ``gone`` names the collection's documents whose file no longer exists but which were
    kept (no ``prune``). ``recall`` is None when nothing was written.
    """

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
    recall: RecallReport | None
    replaced_why: tuple[tuple[str, str], ...] = ()
    removed: tuple[tuple[str, str], ...] = ()
    skipped: tuple[tuple[str, str], ...] = ()
    failed: tuple[tuple[str, str], ...] = ()
    gone: tuple[str, ...] = ()
    cleaned: tuple[str, ...] = ()  # leftovers of an interrupted build, deleted by this one
    #: what the write did (rows written/deleted, postings, gate rows and queries, file copied):
    #: the counters that show an incremental build's cost follows the change
    work: dict[str, int] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """No document failed."""
        return not self.failed

    def table(self, *, limit: int = 20) -> list[str]:
        """The build report: one line per outcome with its count, then the documents that
        failed, were skipped, replaced or removed, each with the reason (at most ``limit`` of each).
        """
        out = [
            "build report:",
            f"  indexed    {len(self.added) + len(self.replaced):>6}"
            + (f"  ({len(self.added)} new, {len(self.replaced)} replaced)" if self.replaced else ""),
            f"  unchanged  {len(self.unchanged):>6}",
            f"  replaced   {len(self.replaced):>6}",
            f"  removed    {len(self.removed):>6}",
            f"  skipped    {len(self.skipped):>6}",
            f"  failed     {len(self.failed):>6}",
        ]

        out += listed("failed", self.failed, limit)
        out += listed("skipped", self.skipped, limit)
        out += listed("replaced", self.replaced_why, limit)
        out += listed("removed", self.removed, limit)
        if self.gone:
            out.append(f"kept:       {len(self.gone)} document(s) whose file is gone "
                       f"(e.g. {self.gone[0]}); --prune removes them")
        return out

    def lines(self) -> list[str]:
        """The whole report: the index, the rows, the recall gate, then :meth:`table`."""
        head = [
            f"index:      {self.db} (model {self.model_id})",
            f"collection: {self.collection} version {self.version}",
            f"documents:  {self.documents} given",
            f"rows:       {self.rows} chunks, {self.no_extent_rows} in the no-extent lane",
            f"time:       {self.seconds:.1f} s",
        ]
        recall = self.recall.lines() if self.recall is not None else ["recall:     not measured (nothing was written)"]
        cleaned = ([f"cleaned:    {len(self.cleaned)} leftover file(s) of an interrupted build "
                    f"({', '.join(shown(n) for n in self.cleaned)})"] if self.cleaned else [])
        return [*cleaned, *head, *recall, *self.table()]


def document_id(canonical: str, root: str | None) -> str:
    """A document's identity: its canonical path under ``root`` (``/``-separated), or the whole
    canonical path when it lies outside the root (or there is none).

    >>> document_id("/data/maps/sub/a.kml", "/data/maps"), document_id("/elsewhere/b.md", "/data/maps")
    ('sub/a.kml', '/elsewhere/b.md')
    """
    if root:
        rel = os.path.relpath(canonical, root)
        first = PurePath(rel).parts[0] if rel else ".."
        if first != ".." and not os.path.isabs(rel):
            return PurePath(rel).as_posix()
    return PurePath(canonical).as_posix()


def _default_root(listing: Any) -> str | None:
    """The deepest folder holding every path given (a folder counts as itself)."""
    places = list(listing.folders) + [os.path.dirname(f.canonical) for f in listing.files
                                      if not any(_under(f.canonical, d) for d in listing.folders)]
    if not places:
        return None
    try:
        return os.path.commonpath(places)
    except ValueError:  # different drives
        return None


def _under(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def expand_paths(paths: Sequence[str]) -> list[str]:
    """Files as given, folders expanded to their documents (sorted); each file once.

    Raises :class:`InputError` for a path that names nothing.
    """
    listing = list_documents(paths)
    if listing.missing:
        p, why = listing.missing[0]
        raise InputError(f"{p}: {why}")
    return [f.given for f in listing.files]


_INSERT_COLUMNS = ("rid, chunk_id, doc_id, doc_sha256, chunk_index, feature_ids, collection, corpus_version, "
                   "text, embedding, footprint, has_extent, xmin, ymin, xmax, ymax, epsg, frame_confidence, "
                   "frame_flagged, period_start, period_end, flags, built_at, "
                   + ", ".join(name for name, _ in PROVENANCE_COLUMNS + FORMAT4_COLUMNS + FORMAT5_COLUMNS))


def _insert(con: Any, docs: Sequence[PreparedDocument], *, first_rid: int, collection: str, version: str,
            built_at: dt.datetime, dims: int) -> int:
    import pyarrow as pa

    rows = [r for d in docs for r in d.rows]
    if not rows:
        return first_rid
    emb = np.concatenate([d.embeddings for d in docs]).astype(np.float32)
    if emb.shape != (len(rows), dims):
        raise IndexBuildError(f"embeddings have shape {emb.shape}, expected ({len(rows)}, {dims})")
    ext = [r.extent or (None, None, None, None) for r in rows]
    recipes = [(d.recipe, d.source_path) for d in docs for _ in d.rows]
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
        "chunker_version": pa.array([x.chunker_version if x else None for x, _ in recipes], pa.string()),
        "tokenizer": pa.array([x.tokenizer if x else None for x, _ in recipes], pa.string()),
        "tokenizer_sha256": pa.array([x.tokenizer_sha256 if x else None for x, _ in recipes], pa.string()),
        "chunk_budget": pa.array([x.budget if x else None for x, _ in recipes], pa.int32()),
        "chunk_options": pa.array([x.options if x else None for x, _ in recipes], pa.string()),
        "recipe": pa.array([x.digest if x else None for x, _ in recipes], pa.string()),
        "source_path": pa.array([sp for _, sp in recipes], pa.string()),
        "source_pages": pa.array([list(r.source_pages) or None for r in rows], pa.list_(pa.int32())),
        "section_path": pa.array([list(r.section_path) or None for r in rows], pa.list_(pa.string())),
        "period_start": pa.array([r.period_start for r in rows], pa.string()),  # the chunk's own
        "period_end": pa.array([r.period_end for r in rows], pa.string()),
        "period_source": pa.array([r.period_source for r in rows], pa.string()),
        "period_confidence": pa.array([r.period_confidence for r in rows], pa.float64()),
        "char_start": pa.array([r.char_start for r in rows], pa.int32()),
        "char_end": pa.array([r.char_end for r in rows], pa.int32()),
        "frame_source": pa.array([r.frame_source for r in rows], pa.string()),
    })
    con.register("staging", table)
    try:
        con.execute(
            f"""
            INSERT INTO chunks ({_INSERT_COLUMNS})
            SELECT rid, chunk_id, doc_id, doc_sha256, chunk_index, feature_ids, ?, ?, text,
                   embedding::FLOAT[{dims}],
                   CASE WHEN wkb IS NULL THEN NULL ELSE ST_GeomFromWKB(wkb) END,
                   has_extent, xmin, ymin, xmax, ymax, epsg, frame_confidence, frame_flagged,
                   period_start, period_end, flags, ?,
                   {", ".join(name for name, _ in PROVENANCE_COLUMNS + FORMAT4_COLUMNS + FORMAT5_COLUMNS)}
            FROM staging ORDER BY rid""",
            [collection, version, built_at],
        )
    finally:
        con.unregister("staging")
    return first_rid + len(rows)


@dataclass(frozen=True)
class Stored:
    """A document as the index holds it (per collection): sha256, recipe, source file, version."""

    doc_sha256: str
    recipe: Recipe | None
    source_path: str | None
    corpus_version: str

    def same(self, sha: str, recipe: Recipe | None) -> bool:
        return self.doc_sha256 == sha and recipe is not None and self.recipe is not None \
            and self.recipe.digest == recipe.digest


@dataclass(frozen=True)
class _Unchanged:
    doc_id: str
    doc_sha256: str


@dataclass(frozen=True)
class _Failed:
    doc_id: str
    reason: str


def _stored_docs(con: Any, collection: str | None = None) -> dict[tuple[str, str], Stored]:
    """``(collection, doc_id) -> Stored`` for every document in an open index (or one collection)."""
    where = "" if collection is None else " WHERE collection = ?"
    params = [] if collection is None else [collection]
    if has_columns(con, "recipe"):
        rows = con.execute(
            "SELECT collection, doc_id, any_value(doc_sha256), any_value(chunker_version), any_value(tokenizer), "
            "any_value(tokenizer_sha256), any_value(chunk_budget), any_value(chunk_options), any_value(recipe), "
            f"any_value(source_path), any_value(corpus_version) FROM chunks{where} GROUP BY collection, doc_id",
            params).fetchall()
    else:  # format 1: no provenance recorded
        rows = [(c, d, sha, None, None, None, None, None, None, None, v) for c, d, sha, v in con.execute(
            "SELECT collection, doc_id, any_value(doc_sha256), any_value(corpus_version) "
            f"FROM chunks{where} GROUP BY collection, doc_id", params).fetchall()]
    out = {}
    for c, d, sha, chunker, tok, tok_sha, budget, options, digest, source, version in rows:
        recipe = None
        if digest is not None:
            recipe = Recipe(chunker, tok, tok_sha, int(budget), options, version)
            if recipe.digest != digest:  # a row edited by hand: treat it as unknown
                recipe = None
        out[(c, d)] = Stored(sha, recipe, source, version)
    return out


def _read_existing(target: Path, model_id: str) -> tuple[dict[tuple[str, str], Stored], dict[str, Any], Any]:
    """What ``target`` holds (documents, meta, this collection's catalog rows); empty when new.
    Refuses another model's index."""
    from geochunk.retrieve.catalog import read_catalog

    if not target.exists():
        return {}, {}, []
    con = connect(target, read_only=True, spatial=False)  # plain columns only: no extension to load
    try:
        meta = read_meta(con)
        check_consistency(con, meta, str(target))
        if meta.get("model_id") != model_id:
            raise IndexBuildError(
                f"{target} was embedded with {meta.get('model_id')}; this build uses {model_id} "
                "(build a new index, or use the same --embedder)"
            )
        docs = _stored_docs(con)
        catalog = read_catalog(con)
    except GeochunkError:
        raise
    except Exception as e:  # a damaged file: one line
        from geochunk.retrieve.store import first_line

        raise StoreError(f"{target}: the index is damaged, or not a geochunk index: {first_line(e)}") from e
    finally:
        con.close()
    return docs, meta, catalog


def _legacy_source(doc_id: str) -> str | None:
    """The file a format-1 row's ``doc_id`` (the path as given then) most likely names."""
    try:
        return os.path.realpath(doc_id) if os.path.isfile(doc_id) else None
    except (OSError, ValueError):
        return None


def build_index(
    paths: Sequence[str],
    db: str | os.PathLike[str],
    *,
    collection: str,
    version: str | None = None,
    embedder: str = "static",
    licence: str | None = None,
    period: str | None = None,
    resolution_m: float | None = None,
    config: ChunkConfig = ChunkConfig(budget=512),
    workers: int = 1,
    scheduler: str | None = None,
    progress: Progress | None = None,
    texts: Sequence[str] | None = None,
    root: str | os.PathLike[str] | None = None,
    doc_id: str | None = None,
    keep_going: bool | None = None,
    prune: bool = False,
    outcome: Outcome | None = None,
    pool: str = "auto",
    peaks: Callable[[dict[str, float]], None] | None = None,
) -> BuildReport:
    """Build ``db`` from ``paths`` (or add/replace those documents in an existing ``db``).

    ``texts``, when given, holds each document's text (``paths`` are then just doc ids, e.g.
    uploads in the app). ``version``, ``licence``, ``period`` and ``resolution_m`` left as None
    keep what the catalog holds for the collection (defaults for a new one: ``"1"``,
    ``"unspecified"``, open, none). ``root`` is the folder identities are taken under (see the
    module docstring); ``doc_id`` names a single document. ``keep_going`` (default: on when a
    folder is given) reports a failing document in ``BuildReport.failed`` and builds the rest;
    off, the first failure raises and nothing is written. ``prune`` deletes the collection's
    documents whose file no longer exists (with ``texts``: those not given this time).
    ``workers > 1`` without a ``scheduler`` runs in the local pool ``pool`` names
    (:func:`geochunk.retrieve.parallel.pool_kind`); ``peaks(mapping)`` receives each worker's
    peak memory in MB when the documents are prepared.

    Raises :class:`IndexBuildError` (nothing written) on a chunk whose geometry does not parse
    or that has geometry but no frame/extent (unless ``keep_going``), on another embedding model
    than the existing index's, or when the filtered-recall gate fails.
    """
    t0 = time.perf_counter()
    if not collection or not collection.strip():
        raise ConfigError("collection must be a non-empty name")
    if embedder not in EMBEDDERS:
        raise ConfigError(f"unknown embedder {embedder!r}; valid values: {', '.join(EMBEDDERS)}")
    per = None if period is None else parse_period(period)
    if resolution_m is not None and not resolution_m > 0:
        raise ConfigError(f"resolution must be a positive number of metres, got {resolution_m}")
    if version is not None and not str(version).strip():
        raise ConfigError("version must be a non-empty label")
    emb = get_embedder(embedder)
    target = Path(db)
    existing, meta, catalog = _read_existing(target, emb.model_id)

    failed: list[tuple[str, str]] = []
    skipped: list[tuple[str, str]] = []
    items: list[Any] = []
    ids: list[str] = []
    legacy: dict[str, list[str]] = {}
    build_root: str | None = None
    n_missing = 0
    if texts is None:
        listing = list_documents(paths)
        if keep_going is None:
            keep_going = bool(listing.folders)
        if listing.missing and not keep_going:
            p, why = listing.missing[0]
            raise InputError(f"{p}: {why}")
        failed.extend(listing.missing)
        n_missing = len(listing.missing)
        skipped.extend(listing.skipped)
        if doc_id is not None and len(listing.files) != 1:
            raise ConfigError(f"--doc-id names one document; {len(listing.files)} were given")
        build_root = os.path.realpath(root) if root is not None else meta.get("doc_root") or _default_root(listing)
        # the file each stored document of this collection was read from (format-1 rows: the
        # path they are named by): one file is one document, whatever identity it had before
        stored_sources: dict[str, list[str]] = {}
        for (c, d), s in existing.items():
            src = (s.source_path or _legacy_source(d)) if c == collection else None
            if src:
                stored_sources.setdefault(src, []).append(d)
        for f in listing.files:
            ident = doc_id if doc_id is not None else document_id(f.canonical, build_root)
            ids.append(ident)
            items.append((ident, None, f.canonical))
            olds = [o for o in stored_sources.get(f.canonical, ()) if o != ident]
            if olds:  # the same file under another identity (another root, --doc-id, format 1)
                legacy.setdefault(ident, []).extend(olds)
    else:
        if len(texts) != len(paths):
            raise ConfigError("texts and paths must have the same length")
        keep_going = bool(keep_going)
        ids = list(paths)
        items = [(p, t, None) for p, t in zip(paths, texts)]
    if not items and not failed and not prune:
        raise InputError("no documents to index" + (
            f" ({len(skipped)} file(s) skipped: {skipped[0][0]}: {skipped[0][1]})" if skipped else ""))
    dup = sorted(i for i, n in Counter(ids).items() if n > 1)
    if dup:
        raise ConfigError(f"two documents would have the same identity {dup[0]!r}; give them distinct names")

    old_entry = next((c for c in catalog if c.collection == collection), None)
    version = str(version) if version is not None else (old_entry.corpus_version if old_entry else "1")
    recipe = recipe_for(config, version)
    known = {d: (s.doc_sha256, s.recipe.digest if s.recipe else None)
             for (c, d), s in existing.items() if c == collection and d not in legacy}
    # each task carries only its own document's stored (sha256, recipe): not the whole index's
    items = [(*item, known.get(item[0])) for item in items]

    def on_result(i: int, res: Any) -> None:
        if outcome is not None:
            outcome(ids[i], "failed" if isinstance(res, _Failed)
                    else "unchanged" if isinstance(res, _Unchanged) else "indexed")

    found_unchanged: list[str] = []
    found_failed: list[tuple[str, str]] = []

    def prepared() -> Iterator[PreparedDocument]:
        """The documents chunked and embedded, streamed into the writer as they come (in input
        order): the corpus is never held, only the writer's current batch."""
        for _, res in stream_ordered(
            _prepare_item, items, workers=workers, scheduler=scheduler, progress=progress,
            labels=ids, on_result=on_result, sizes=[_item_size(item) for item in items],
            # workers warm once at start; in this process the first document pays the same loads (a
            # warm-up here would chunk its text again on every build: +0.1-0.3 CPU-s per add)
            warm=functools.partial(warm_prepare, config.encoding, embedder) if workers > 1 or scheduler else None,
            pool=pool, peaks=peaks, embedder=embedder, config=config, recipe=recipe, keep_going=keep_going,
        ):
            if isinstance(res, PreparedDocument):
                yield res
            elif isinstance(res, _Unchanged):
                found_unchanged.append(res.doc_id)
            else:
                found_failed.append((res.doc_id, res.reason))

    return write_prepared(
        prepared(), target, emb, collection=collection, version=version, licence=licence,
        period=per, resolution_m=resolution_m, started=t0, unchanged=lambda: found_unchanged,
        failed=tuple(failed), failures=lambda: found_failed, skipped=tuple(skipped), prune=prune,
        seen=frozenset(ids), texts_given=texts is not None, legacy=legacy, doc_root=build_root,
        documents=len(items) + n_missing, record_root=root is not None,
    )


#: documents written per batch of a streamed build (their old rows deleted, then theirs inserted)
BATCH_DOCUMENTS = 256
#: rows per batch (a batch ends at whichever limit comes first)
BATCH_ROWS = 20_000


def write_prepared(
    prepared: Iterable[PreparedDocument],
    target: Path,
    emb: Any,
    existing: Any = None,
    *,
    collection: str,
    version: str,
    licence: str | None,
    period: tuple[str | None, str | None] | None,
    resolution_m: float | None,
    started: float | None = None,
    recall_queries: int = 12,
    unchanged: Sequence[str] | Callable[[], Sequence[str]] = (),
    failed: tuple[tuple[str, str], ...] = (),
    skipped: tuple[tuple[str, str], ...] = (),
    prune: bool = False,
    seen: frozenset[str] = frozenset(),
    texts_given: bool = False,
    legacy: dict[str, list[str]] | None = None,
    doc_root: str | None = None,
    documents: int | None = None,
    record_root: bool = False,
    failures: Callable[[], Sequence[tuple[str, str]]] | None = None,
) -> BuildReport:
    """Steps 3-6 of a build for documents already chunked and embedded (also used by benchmarks).

    ``prepared`` may be a stream (any iterable: a generator fed by workers): documents are taken
    in batches of :data:`BATCH_DOCUMENTS` / :data:`BATCH_ROWS` and written as they come, so the
    corpus is never held in memory; each batch first deletes the stored rows of the documents it
    replaces. The documents already in ``target`` are read under the build lock (``existing``
    is ignored: another build may have landed since anything was read before). ``unchanged``,
    ``failed`` and ``skipped`` are carried into the report (``failures``, when given, is called
    after the stream is consumed for the failures found while it ran; ``unchanged`` may be such
    a callable too); ``seen`` are the
    identities of this build (``prune`` keeps them); ``legacy`` maps a document to the stored
    documents read from the same file under another identity (format-1 rows, another root, a
    ``doc_id``): they are replaced by it. ``doc_root`` is recorded when the index has none, or
    always with ``record_root`` (a ``--root`` given: later builds take identities under it).

    How it is written (see the module docstring): into the file itself in one transaction when
    the index exists in this format, else into a new file swapped in at the end.
    """
    t0 = time.perf_counter() if started is None else started
    target = Path(target)
    legacy = legacy or {}
    target.parent.mkdir(parents=True, exist_ok=True)
    stream = iter(prepared)
    # the first document is prepared before the lock is taken: a build whose first document
    # fails (with keep_going off) raises here and leaves nothing beside the target, not even
    # the lock file
    head = next(stream, None)
    with _build_lock(target):
        cleaned = tuple(clean_leftovers(target))  # an older build's copy and WAL: no build runs now
        recover(target, locked=True)  # a log a killed commit left (rare: see store.recover)
        stored, meta, catalog = _read_existing(target, emb.model_id)
        mine = {d: s for (c, d), s in stored.items() if c == collection}
        fmt = meta.get("index_format", 1)
        in_place = target.exists() and fmt == INDEX_FORMAT
        w = _Writer(target, emb, in_place=in_place, fresh=not stored and not meta)
        try:
            added, replaced, why, same = [], [], [], [] if callable(unchanged) else list(unchanged)
            written: list[str] = []
            old_entry = next((c for c in catalog if c.collection == collection), None)
            built_at = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None, microsecond=0)
            batch: list[PreparedDocument] = []

            def flush() -> None:
                if batch:
                    w.replace(batch, [d.doc_id for d in batch if d.doc_id in mine], collection=collection,
                              version=version, built_at=built_at)
                    batch.clear()

            for d in itertools.chain(() if head is None else (head,), stream):
                old = mine.get(d.doc_id)
                if old is None and d.doc_id in legacy:
                    added_from = legacy[d.doc_id]
                    was = [mine[o] for o in added_from if o in mine]
                    reason = ("made before rows recorded what made them" if any(x.recipe is None for x in was)
                              else "the same file under another identity")
                    replaced.append(d.doc_id)
                    why.append((d.doc_id, f"{reason} (was {', '.join(added_from)})"))
                elif old is None and not d.rows:  # an empty text: no chunks, nothing stored, so
                    # "added" would be said again on every build
                    skipped = (*skipped, (d.doc_id, "no chunks (an empty text): nothing to index"))
                    continue
                elif old is None:
                    added.append(d.doc_id)
                elif old.same(d.doc_sha256, d.recipe):
                    same.append(d.doc_id)
                    continue
                else:
                    replaced.append(d.doc_id)
                    reason = "content changed" if old.doc_sha256 != d.doc_sha256 else ""
                    if d.recipe is not None:
                        more = differences(old.recipe, d.recipe)
                        reason = "; ".join(x for x in (reason, more) if x)
                    why.append((d.doc_id, reason or "rebuilt"))
                written.append(d.doc_id)
                batch.append(d)
                if len(batch) >= BATCH_DOCUMENTS or sum(len(x.rows) for x in batch) >= BATCH_ROWS:
                    flush()
            flush()
            if callable(unchanged):  # found while the stream ran: first, as if given
                same[:0] = unchanged()
            failed = tuple(failed) + tuple(failures() if failures is not None else ())
            seen = seen | set(written) | set(same)
            removed: list[tuple[str, str]] = []
            gone: list[str] = []
            for d, s in sorted(mine.items()):
                if d in seen or any(d in olds for olds in legacy.values()):
                    continue
                source = s.source_path or (None if texts_given else _legacy_source(d))
                if texts_given and s.source_path is None:
                    reason = "not among the documents of this build"
                elif source is None or not os.path.isfile(source):
                    reason = f"file {s.source_path or d} is gone"
                else:
                    continue
                if prune:
                    removed.append((d, reason + " (--prune)"))
                elif not texts_given:
                    gone.append(d)
            delete = [o for d in written for o in legacy.get(d, ()) if o in mine] + [d for d, _ in removed]
            catalog_same = old_entry is not None and (licence is None or licence == old_entry.licence) \
                and (period is None or tuple(period) == tuple(old_entry.period)) \
                and (resolution_m is None or resolution_m == old_entry.resolution_m) \
                and version == old_entry.corpus_version
            n_docs = documents if documents is not None else len(written) + len(same) + len(failed)
            if not w.opened and not delete and ((catalog_same and fmt == INDEX_FORMAT) or not target.exists()):
                # no rows to write: the file is left as it is (not even opened for writing), unless
                # the build refused documents: then its one `builds` row is recorded in place, so
                # `geochunk status` sees the refusals (a reader holding the file open keeps the row
                # from being recorded, never the build from finishing); or nothing could be indexed
                # into a new file: no file is made
                n_rows = n_noext = 0
                if target.exists():
                    try:
                        if not failed:
                            raise StoreError("nothing to record")
                        con = connect(target, spatial=False)
                    except StoreError:
                        con = connect(target, read_only=True, spatial=False)
                    else:
                        record_build(con, built_at=built_at, collection=collection, corpus_version=version,
                                     documents=n_docs, indexed=0, unchanged=len(same), failed=len(failed),
                                     skipped=len(skipped), removed=0, chunks_written=0, oversized=0,
                                     needs_fallback=0, seconds=time.perf_counter() - t0, recall=None)
                    try:
                        n_rows, n_noext = con.execute(
                            "SELECT count(*), count(*) FILTER (WHERE NOT has_extent) FROM chunks").fetchone()
                    finally:
                        con.close()
                return BuildReport(
                    db=str(target), collection=collection, version=version, model_id=emb.model_id,
                    documents=n_docs, added=(), replaced=(), unchanged=tuple(same) if target.exists() else (),
                    rows=int(n_rows), no_extent_rows=int(n_noext), seconds=time.perf_counter() - t0, recall=None,
                    skipped=skipped, failed=failed, gone=tuple(gone), cleaned=cleaned)
            w.delete(collection, delete)
            report = w.finish(collection=collection, version=version, licence=licence, period=period,
                              resolution_m=resolution_m, recall_queries=recall_queries, built_at=built_at,
                              meta={"doc_root": doc_root} if doc_root and (record_root or not meta.get("doc_root"))
                              else {}, started=t0,
                              record=dict(documents=n_docs, indexed=len(added) + len(replaced), unchanged=len(same),
                                          failed=len(failed), skipped=len(skipped), removed=len(removed)))
        except BaseException:
            w.abort()
            close = getattr(stream, "close", None)  # a stream: stop its workers now
            if close is not None:
                close()
            raise
    n_rows, n_noext = w.counts
    return BuildReport(
        db=str(target), collection=collection, version=version, model_id=emb.model_id,
        documents=n_docs, added=tuple(added), replaced=tuple(replaced), unchanged=tuple(same),
        rows=int(n_rows), no_extent_rows=int(n_noext), seconds=time.perf_counter() - t0, recall=report,
        replaced_why=tuple(why), removed=tuple(removed), skipped=skipped, failed=failed, gone=tuple(gone),
        cleaned=cleaned, work=w.work(report),
    )


class _Writer:
    """One build's writes, opened on the first one.

    * **In place** (the index exists in this format): one DuckDB transaction on the file itself,
      committed with a checkpoint (``checkpoint_threshold = 0``: the commit writes the new blocks
      and then the header that names them, and leaves no log), so a ``kill -9`` at any point
      leaves the file as it was before or as it is after; the R-tree and the ``rid`` index are
      kept up to date row by row, and only the written and deleted rows' postings change.
    * **Into a new file** (a first build, or an index of an older format, copied first and
      brought up to this format): written beside the target and moved over it with one
      ``os.replace``; the R-tree is made after the rows are loaded and every row's postings are
      written.

    Either way the recall gate runs before the end (inside the transaction, on the new file):
    when it fails, or anything raised, nothing is committed or swapped in.
    """

    def __init__(self, target: Path, emb: Any, *, in_place: bool, fresh: bool) -> None:
        self.target, self.emb, self.in_place, self.fresh = target, emb, in_place, fresh
        #: the R-tree and the postings kept up to date row by row (an index of this format: in
        #: place, or in a copy when the file is held open by a reader)
        self.incremental = in_place
        self.con: Any = None
        self.tmp: Path | None = None
        self.rids_written: list[np.ndarray] = []
        #: counts of the rows written (the builds table): not the rows, which are not held
        self.chunks_written = self.oversized = self.needs_fallback = 0
        self.rows_written = self.rows_deleted = self.postings_deleted = 0
        self.postings = PostingsWork()
        self.rebuilt_lexical = False
        self.counts = (0, 0)
        self.next_rid = 0

    @property
    def opened(self) -> bool:
        return self.con is not None

    def _open(self) -> Any:
        if self.con is not None:
            return self.con
        if self.in_place:
            try:
                self.con = connect(self.target)
            except StoreError:  # held open elsewhere (a reader in this or another process)
                self.in_place = False  # the same writes, into a copy swapped in at the end
        if self.in_place:
            self.con.execute("SET checkpoint_threshold = '0b'")  # the commit is a checkpoint
            self.con.execute("BEGIN TRANSACTION")
        else:
            fd, tmp_name = tempfile.mkstemp(dir=self.target.parent, prefix=f".{self.target.name}.",
                                            suffix=".building")
            os.close(fd)
            self.tmp = Path(tmp_name)
            self.tmp.unlink()
            if self.target.exists():
                shutil.copyfile(self.target, self.tmp)
            self.con = connect(self.tmp)
            if self.fresh:
                create_schema(self.con, self.emb.dims)
            elif not self.incremental:
                migrate(self.con)
            if not self.incremental:
                self.con.execute(f"DROP INDEX IF EXISTS {RTREE_INDEX}")
                self.con.execute("DROP INDEX IF EXISTS chunks_rid")
        self.next_rid = int(self.con.execute("SELECT coalesce(max(rid) + 1, 0) FROM chunks").fetchone()[0])
        return self.con

    def _delete_docs(self, collection: str, doc_ids: Sequence[str]) -> None:
        if not doc_ids:
            return
        con = self._open()
        where, params = "collection = ? AND list_contains(?, doc_id)", [collection, list(doc_ids)]
        if self.incremental:
            self.postings_deleted += delete_postings(con, where, params)
        row = con.execute(f"DELETE FROM chunks WHERE {where}", params).fetchone()
        self.rows_deleted += int(row[0]) if row else 0

    def replace(self, docs: Sequence[PreparedDocument], old: Sequence[str], *, collection: str, version: str,
                built_at: dt.datetime) -> None:
        """Delete the stored rows of ``old`` (documents of ``docs`` the index holds), insert ``docs``."""
        con = self._open()
        self._delete_docs(collection, old)
        first = self.next_rid
        self.next_rid = _insert(con, docs, first_rid=first, collection=collection, version=version,
                                built_at=built_at, dims=self.emb.dims)
        for r in (r for d in docs for r in d.rows):
            self.chunks_written += 1
            self.oversized += Flag.OVERSIZED in r.flags
            self.needs_fallback += Flag.NEEDS_FALLBACK in r.flags
        n = self.next_rid - first
        self.rows_written += n
        if n:
            self.rids_written.append(np.arange(first, self.next_rid, dtype=np.int64))
            if self.incremental or self.fresh:  # an older format's copy: every row's postings at the end
                rows = [r for d in docs for r in d.rows]
                if all(d.postings is not None for d in docs if d.rows):  # tokenized where prepared
                    got = write_postings(con, range(first, self.next_rid), (), (),
                                         tokenized=[d.postings for d in docs if d.rows])
                else:
                    got = write_postings(con, range(first, self.next_rid), [r.text for r in rows],
                                         [title_of(r.doc_id) for r in rows])
                self.postings = PostingsWork(self.postings.rows + got.rows, self.postings.postings + got.postings,
                                             self.postings.terms_added + got.terms_added)

    def delete(self, collection: str, doc_ids: Sequence[str]) -> None:
        """Delete every row of these documents of ``collection`` (pruned, or replaced by another identity)."""
        self._delete_docs(collection, doc_ids)

    def finish(self, *, collection: str, version: str, licence: str | None,
               period: tuple[str | None, str | None] | None, resolution_m: float | None, recall_queries: int,
               built_at: dt.datetime, meta: dict[str, Any], record: dict[str, int], started: float) -> RecallReport:
        """Indexes, postings, catalog, the recall gate and meta; then commit (or swap in)."""
        con = self._open()
        if not self.incremental:
            con.execute(f"CREATE INDEX {RTREE_INDEX} ON chunks USING RTREE (footprint)")
            con.execute("CREATE INDEX chunks_rid ON chunks (rid)")  # point lookups of result rows
        if not self.incremental and not self.fresh:  # an older format's rows: all tokenized again
            self.postings = rebuild_postings(con)
            self.rebuilt_lexical = True
        elif _stored_analyzer(con) != ANALYZER:  # written by another analyzer: every row again
            self.postings = rebuild_postings(con)
            self.rebuilt_lexical = True
        elif self.fresh:  # a new file: every row's postings written with its batch
            self.rebuilt_lexical = True
        refresh_catalog(con, collection, version=version, licence=licence, period=period,
                        resolution_m=resolution_m, keep_resolution=True)
        focus = None if (self.fresh or not self.incremental) else (
            np.concatenate(self.rids_written) if self.rids_written else np.zeros(0, np.int64))
        report = _recall_gate(con, recall_queries, focus)
        record_build(  # the builds and recall_history tables: what `geochunk status` reads
            con, built_at=built_at, collection=collection, corpus_version=version, **record,
            chunks_written=self.chunks_written, oversized=self.oversized, needs_fallback=self.needs_fallback,
            seconds=time.perf_counter() - started, recall=report)
        con.execute("DELETE FROM meta WHERE key = 'chunk_budget'")  # rows record their own
        write_meta(con, {
            "index_format": INDEX_FORMAT,
            "model_id": self.emb.model_id,
            "dims": self.emb.dims,
            "built_at": built_at.isoformat(),
            **meta,
            "catalog_digest": catalog_digest(con),  # checked on open (store.check_consistency)
        })
        n_rows, n_noext = con.execute(
            "SELECT count(*), count(*) FILTER (WHERE NOT has_extent) FROM chunks").fetchone()
        self.counts = (int(n_rows), int(n_noext))
        if self.in_place:
            con.execute("COMMIT")
            con.close()
            self.con = None
        else:
            con.execute("CHECKPOINT")
            con.close()
            self.con = None
            assert self.tmp is not None
            os.replace(self.tmp, self.target)
            self.tmp = None
        return report

    def abort(self) -> None:
        """Roll back (in place) or delete the new file; the index is left as it was."""
        con, self.con = self.con, None
        if con is not None:
            try:
                if self.in_place:
                    con.execute("ROLLBACK")
            except Exception:  # noqa: BLE001 - the close below discards the transaction anyway
                pass
            finally:
                con.close()
        if self.tmp is not None:
            for p in (self.tmp, Path(str(self.tmp) + ".wal")):
                if p.exists():
                    p.unlink()
            self.tmp = None

    def work(self, report: RecallReport | None) -> dict[str, int]:
        """The work counters of this build (what tests of proportional cost read)."""
        return {
            "rows_written": self.rows_written,
            "rows_deleted": self.rows_deleted,
            "rows_tokenized": self.postings.rows,
            "postings_written": self.postings.postings,
            "postings_deleted": self.postings_deleted,
            "terms_added": self.postings.terms_added,
            "lexical_rebuilt": int(self.rebuilt_lexical),
            "file_copied": int(not self.in_place and not self.fresh),
            "gate_rows": report.checked if report is not None else 0,
            "gate_queries": report.gate_queries if report is not None else 0,
        }


def _stored_analyzer(con: Any) -> int | None:
    import json

    row = con.execute("SELECT data FROM lexical WHERE name = 'params'").fetchone()
    if row is None:
        return None
    try:
        p = json.loads(bytes(row[0]))
    except ValueError:
        return None
    return int(p.get("analyzer", 1)) if p.get("storage") == "postings" else None


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


def _recall_gate(con: Any, queries: int, focus: np.ndarray | None = None) -> RecallReport:
    """Measure filtered recall (over every row, or the rows written plus a fixed sample), record
    it in the ``recall`` table, raise when the gate fails."""
    report = measure_recall(con, queries=queries, focus=focus)
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


def _item_size(item: Any) -> int:
    """A task item's size in bytes, for batching (its text's length, else its file's size)."""
    _, text, path, _ = item
    if text is not None:
        return len(text)
    try:
        return os.path.getsize(path)
    except OSError:
        return 0

def _prepare_item(item: Any, *, embedder: str, config: ChunkConfig, recipe: Recipe, keep_going: bool) -> Any:
    """One document ``(doc_id, text or None, path, stored (sha256, recipe digest) or None)``:
    unchanged (the same as stored: not chunked), prepared, or, with ``keep_going``, failed with
    its reason."""
    from geochunk.read.extract import read_any
    from geochunk.read.source import document_digest

    doc_id, text, path, stored = item
    extracted = None
    try:
        if text is None:  # a PDF, HTML or .docx report through extraction, the rest as UTF-8 text
            text, extracted = read_any(path)
        sha = document_digest(text)
        if stored == (sha, recipe.digest):
            return _Unchanged(doc_id, sha)
        return prepare_document(doc_id, text, embedder=embedder, config=config, recipe=recipe,
                                path=path, extracted=extracted)
    except GeochunkError as e:
        if not keep_going:
            raise
        return _Failed(doc_id, str(e).removeprefix(f"{doc_id}: "))
    except Exception as e:  # noqa: BLE001 - a bug must not cost the other documents
        if not keep_going:
            raise
        return _Failed(doc_id, f"internal error ({type(e).__name__}: {e}); please report it with the document")


def open_existing(db: str | os.PathLike[str]) -> Any:
    """Open an index read-only (raises :class:`StoreError` when it is not one)."""
    con = connect(db, read_only=True)
    read_meta(con)
    return con


__all__ += ["open_existing", "StoreError"]
