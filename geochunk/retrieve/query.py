"""Ask an index a question about a place: collections, region, meaning + words, then distance.

Stages, each doing one job:

1. **Collections** — the catalog and a shortlist: items inside the region per collection, the
   period, and licence exclusion, with the reason for each (:mod:`.catalog`).
2. **Region before vectors** — the footprint boxes cached when the index is opened pick the
   candidates and exact GEOS tests settle the border ones (:mod:`.inmemory`; DuckDB's R-tree and
   exact ``ST_Intersects`` give the same rows, ``region_filter="rtree"``); exact cosine scores are
   computed for the survivors only, from the index's vectors held in memory (:mod:`.search`).
3. **Dense + lexical fused on rank** — the top candidates by cosine and by BM25 (bm25s), both
   inside the region and the shortlisted collections, fused with reciprocal rank fusion.
4. **Proximity** — metres on the ellipsoid from the region's anchor to each candidate's nearest
   feature, decayed (exponential half-life by default, or linear) into the shown ``proximity``;
   with a region the candidates nearest the anchor make a third ranking, fused with the other two
   (weight ``proximity_weight``, 1 by default; a row of proximity 0 is not in it). Only a frame
   that supports a ``measurement`` claim (:mod:`.claims`: confidence >= 0.8, not flagged) has a
   distance: a flagged or weaker frame, or the fallback, gets ``distance_m`` None and proximity
   0 (its coordinates place it in the region, but do not measure how far it is); a
   ``descriptive`` one keeps its place in the distance ranking, ordered by those coordinates.
   The candidates are each text ranking's top ``candidates`` and, with a region, the
   ``candidates`` rows whose footprint box is nearest the anchor. Equal scores are ordered by
   content (collection, document, character start), never by write order.

Chunks without an extent are never dropped silently: the answer says how many the region filter
skipped, and ``include_no_extent=True`` searches them as a separate lane (no distance, proximity
0). Every answer carries the staleness numbers (index age, catalog refresh age, corpus versions).
"""

from __future__ import annotations

import contextlib
import math
import datetime as dt
import functools
import os
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Iterator, Sequence

import numpy as np

from geochunk.errors import ConfigError, GeochunkError
from geochunk.retrieve.catalog import STALE_AFTER_S, CatalogEntry, Shortlisted, parse_period, read_catalog, shortlist
from geochunk.retrieve.claims import DESCRIPTIVE, MEASUREMENT, NONE, ClaimPolicy, grade_frame
from geochunk.retrieve.embed import embedder_for_model_id
from geochunk.retrieve.fuse import DECAYS, RRF_K, final_score, fusion_weights, proximity, ranks, rrf, top_order
from geochunk.retrieve.lexical import Lexical
from geochunk.retrieve.postings import is_postings, load_lexical
from geochunk.retrieve.region import Region, distances_m
from geochunk.retrieve.inmemory import FootprintCache, RegionWork
from geochunk.retrieve.search import Vectors, load_vectors, region_rids, scan_no_extent
from geochunk.retrieve.store import (StoreError, check_consistency, chunk_columns, connect, first_line, has_columns,
                                     read_meta)
from geochunk.retrieve.fuse import DISTANCE_WEIGHT, Weights, distance_ranks

__all__ = ["REGION_FILTERS", "ResultRow", "Staleness", "QueryResult", "Index", "open_index", "query_index"]

#: how stage 2 finds the rows in the region (see :func:`query_index`)
REGION_FILTERS: tuple[str, ...] = ("memory", "rtree")
#: the small columns of a result row, held in memory (Arrow) by an open index; the text and the
#: footprint's WKT are read from the file for the top k only
ROW_META: tuple[str, ...] = ("chunk_id", "doc_id", "corpus_version", "epsg", "frame_confidence",
                             "frame_flagged", "feature_ids", "flags", "frame_source",
                             "period_start", "period_end", "period_source")
#: ROW_META columns an older index lacks (read as NULL), with their type
_LATER_META = {"frame_source": "VARCHAR", "period_source": "VARCHAR"}


@dataclass(frozen=True)
class ResultRow:
    """One answer with every score component."""

    rank: int
    chunk_id: str
    doc_id: str
    collection: str
    corpus_version: str
    lane: str  # "region" or "no-extent"
    semantic: float  # cosine similarity
    dense_rank: int | None
    bm25: float
    bm25_rank: int | None
    fused: float  # reciprocal rank fusion
    distance_m: float | None
    proximity: float
    final: float
    epsg: int | None
    frame_confidence: float | None
    frame_flagged: bool
    feature_ids: tuple[str, ...]
    flags: tuple[str, ...]
    text: str
    footprint_wkt: str | None
    #: features this row shares with higher results: ``(feature id, chunk id of the higher one)``
    also_in: tuple[tuple[str, str], ...] = ()
    #: where a PDF/HTML/DOCX chunk came from: 1-based pages, heading path (empty otherwise)
    source_pages: tuple[int, ...] = ()
    section_path: tuple[str, ...] = ()
    #: what the frame lets an answer claim about where (:mod:`.claims`) and why; a grade below
    #: ``measurement`` has no ``distance_m`` and no proximity
    claim: str = NONE
    claim_reason: str = ""
    #: the chunk's ``str`` offsets in its document (None: an index of format 3 or older)
    char_start: int | None = None
    char_end: int | None = None
    frame_source: str | None = None
    #: the row's place in the distance ranking (nearest first; None without a region, for a frame
    #: of claim ``none`` or beyond the decay's reach; a ``descriptive`` frame is ranked by the
    #: coordinates that placed it, without a shown distance)
    distance_rank: int | None = None
    #: the row's place in the words' kind ranking: 1 when the kind ranking weighs (``fusion
    #: ["kind"]`` > 0) and a word of the question is in the row, even beyond the BM25 top
    #: ``candidates`` (``bm25_rank`` None); else None
    kind_rank: int | None = None
    #: the chunk's own period (ISO start/end, None = open) and where it was read
    #: (``attribute:Survey date``, ``document`` ...; ``collection`` on rows of an index of format
    #: 3 or older, whose rows carry their collection's period); all None when it states none
    period_start: str | None = None
    period_end: str | None = None
    period_source: str | None = None

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["feature_ids"] = list(self.feature_ids)
        d["flags"] = list(self.flags)
        d["also_in"] = [list(p) for p in self.also_in]
        d["source_pages"] = list(self.source_pages)
        d["section_path"] = list(self.section_path)
        return d


@dataclass(frozen=True)
class Staleness:
    """How old the answer's sources are, in seconds, and which corpus versions they are."""

    index_built_at: str
    index_age_s: float
    catalog_refresh_age_s: float  # the oldest collection refresh
    corpus_versions: dict[str, str]


@dataclass(frozen=True)
class QueryResult:
    """A query's answer: rows, the shortlist with reasons, the region, counts and staleness."""

    question: str
    region: Region | None  # None: searched everywhere (no region filter, no distance)
    rows: tuple[ResultRow, ...]
    shortlist: tuple[Shortlisted, ...]
    staleness: Staleness
    model_id: str
    in_region: int  # survivors of the region filter (all collections)
    searched: int  # survivors in shortlisted collections (+ the no-extent lane when searched)
    no_extent_total: int
    no_extent_searched: bool
    decay: str
    half_life_m: float
    timings_ms: dict[str, float] = field(default_factory=dict)
    #: chunks without extent actually searched (those of the searched collections, when asked)
    no_extent_lane: int = 0
    #: the work done, stage by stage (see :func:`query_index`): what proves the region came first
    work: dict[str, Any] = field(default_factory=dict)
    #: the weight of each ranking in the fusion, and why (:func:`.fuse.fusion_weights`)
    fusion: dict[str, Any] = field(default_factory=dict)
    #: results left out because every feature they hold is in a higher result (overlap)
    deduplicated: int = 0
    #: the index's catalog rows (licence, resolution, period, refresh) the answer context cites
    catalog: tuple[CatalogEntry, ...] = field(default=(), repr=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "region": None if self.region is None else {
                "kind": self.region.kind, "description": self.region.description,
                "wkt": self.region.wkt, "anchor": list(self.region.anchor)},
            "fusion": self.fusion,
            "deduplicated": self.deduplicated,
            "model_id": self.model_id,
            "decay": self.decay,
            "half_life_m": self.half_life_m,
            "in_region": self.in_region,
            "searched": self.searched,
            "no_extent": {"total": self.no_extent_total, "searched": self.no_extent_searched,
                          "lane": self.no_extent_lane, "skipped": self.no_extent_total - self.no_extent_lane},
            "shortlist": [asdict(s) for s in self.shortlist],
            "staleness": asdict(self.staleness),
            "timings_ms": self.timings_ms,
            "work": self.work,
            "results": [r.to_dict() for r in self.rows],
        }


@dataclass
class Index:
    """An open index: connection, meta, embedder, BM25, and per-row lookups (loaded once).

    ``rids`` is sorted; ``collection_code[i]``, ``footprints[i]`` (shapely, None without extent),
    row ``i`` of ``vectors``, of the BM25 scores and of ``row_meta``, and the cached bounds in
    ``regions`` all belong to ``rids[i]``, so the query path never re-reads strings, geometries
    or vectors (only the text and WKT of the top k rows come from the file).
    """

    path: str
    con: Any
    meta: dict[str, Any]
    embedder: Any
    lexical: Lexical
    catalog: list[CatalogEntry]
    rids: np.ndarray
    collection_code: np.ndarray  # int index into collection_names, per row
    collection_names: tuple[str, ...]
    footprints: np.ndarray
    vectors: Vectors
    regions: FootprintCache
    row_meta: Any  # pyarrow Table, rid order: the small columns a result row shows (ROW_META)
    #: each row's own period as sortable keys (start: "" when open; end: "9999" when open, else
    #: the ISO end + U+FFFF, so "2020" covers all of 2020): the chunk-level period filter
    period_keys: tuple[np.ndarray, np.ndarray] | None = None
    #: each row's place in content order (collection, document, character start, chunk index,
    #: chunk id): the tie-break of every ranking, so rows of equal score come in the same order
    #: whatever order the documents were written in (None: rid order, for an Index built by hand)
    content_order: np.ndarray | None = None
    #: the columns of the file's ``chunks`` table, read once at open (None: ask the file)
    chunk_columns: frozenset[str] | None = None

    def close(self) -> None:
        self.con.close()

    @contextlib.contextmanager
    def cursor(self) -> Iterator[Any]:
        """A connection of its own to this index for one query: a DuckDB connection is not
        safe to share between threads (the app shares one open index between sessions)."""
        cur = self.con.cursor()
        try:
            yield cur
        finally:
            cur.close()

    def positions(self, rids: np.ndarray) -> np.ndarray:
        return np.searchsorted(self.rids, rids)

    def has_columns(self, con: Any, *names: str) -> bool:
        """Whether the file's ``chunks`` table has every one of these columns (an older format
        lacks some); from the set read at open, without a catalog query per result."""
        if self.chunk_columns is None:
            return has_columns(con, *names)
        return all(n in self.chunk_columns for n in names)

    def tie_keys(self, pos: np.ndarray) -> np.ndarray:
        """The tie-break keys of the rows at ``pos`` (see ``content_order``)."""
        return self.rids[pos] if self.content_order is None else self.content_order[pos]


def open_index(path: str | os.PathLike[str]) -> Index:
    """Open an index read-only; refuses one whose embedding model is not available here."""
    import duckdb

    con = connect(path, read_only=True)
    try:
        meta = read_meta(con)
        if "model_id" not in meta:
            raise StoreError(f"{path} is not a finished geochunk index (no model recorded)")
        check_consistency(con, meta, str(path))
        emb = embedder_for_model_id(meta["model_id"])
        blobs = dict(con.execute("SELECT name, data FROM lexical").fetchall())
        lex = load_lexical(con) if is_postings(blobs) else Lexical.from_blobs(blobs)
        cat = read_catalog(con)
        res = con.execute("SELECT rid, collection, ST_AsWKB(footprint) AS wkb FROM chunks ORDER BY rid").fetchnumpy()
        vectors = load_vectors(con)
        columns = chunk_columns(con)  # once: older formats lack some
        have = {c for c in _LATER_META if c in columns}
        cols = [c if c not in _LATER_META or c in have else f"NULL::{_LATER_META[c]} AS {c}" for c in ROW_META]
        row_meta = con.execute(f"SELECT {', '.join(cols)} FROM chunks ORDER BY rid").arrow()
        if hasattr(row_meta, "read_all"):  # a RecordBatchReader in some duckdb versions
            row_meta = row_meta.read_all()
        start = "char_start" if "char_start" in columns else "NULL::INTEGER"  # format 3 or older
        starts = [r[0] for r in con.execute(f"SELECT {start} FROM chunks ORDER BY rid").fetchall()]
        rids = np.asarray(res["rid"], dtype=np.int64)
        if not (np.array_equal(rids, vectors.rids) and np.array_equal(rids, lex.rids)):
            raise StoreError(f"{path}: the chunks, their vectors and the BM25 index do not hold the same rows")
    except StoreError:
        con.close()
        raise
    except (duckdb.Error, KeyError, ValueError, OSError) as e:  # a damaged file: one line, not a traceback
        con.close()
        raise StoreError(f"{path}: the index is damaged, or not a geochunk index: {first_line(e)}") from e
    except BaseException:
        con.close()
        raise
    import shapely

    wkb = [None if b is None or b is np.ma.masked else bytes(b) for b in res["wkb"]]
    foot = np.asarray(shapely.from_wkb(np.asarray(wkb, dtype=object)), dtype=object)
    names, codes = np.unique(np.asarray(res["collection"], dtype=object).astype(str), return_inverse=True)
    regions = FootprintCache.from_footprints(foot)
    return Index(str(path), con, meta, emb, lex, cat, rids, codes.astype(np.int32), tuple(str(x) for x in names),
                 foot, vectors.in_order(regions.spatial_order()), regions, row_meta, _period_keys(row_meta),
                 content_order(res["collection"], row_meta.column("doc_id").to_pylist(), starts,
                               row_meta.column("chunk_id").to_pylist()), columns)


def content_order(collections: Sequence[Any], doc_ids: Sequence[str], starts: Sequence[int | None],
                  chunk_ids: Sequence[str]) -> np.ndarray:
    """Each row's place when rows are sorted by content: collection, document, character start
    (unknown first), the chunk's index in its document (the number after the last ``#`` of its
    id), then the id itself. Nothing in it depends on the order rows were written in.

    >>> content_order(["b", "a", "a"], ["d1", "d2", "d1"], [0, 0, 90], ["d1#0", "d2#0", "d1#10"]).tolist()
    [2, 1, 0]
    """
    def index_of(cid: str) -> int:
        tail = cid.rpartition("#")[2]
        return int(tail) if tail.isdigit() else -1

    keys = [(str(c), str(d), -1 if s is None else int(s), index_of(str(i)), str(i))
            for c, d, s, i in zip(collections, doc_ids, starts, chunk_ids)]
    order = sorted(range(len(keys)), key=keys.__getitem__)
    out = np.empty(len(keys), dtype=np.int64)
    out[order] = np.arange(len(keys), dtype=np.int64)
    return out


def _period_keys(row_meta: Any) -> tuple[np.ndarray, np.ndarray]:
    """The rows' own periods as sortable key arrays (see ``Index.period_keys``)."""
    starts = row_meta.column("period_start").to_pylist()
    ends = row_meta.column("period_end").to_pylist()
    return (np.asarray(["" if v is None else v for v in starts], dtype=str),
            np.asarray(["9999" if v is None else v + "\uffff" for v in ends], dtype=str))


def _period_mask(ix: Index, pos: np.ndarray, per: tuple[str | None, str | None]) -> np.ndarray:
    """Which rows at ``pos`` may answer for ``per``: those whose own period overlaps it, and
    those that state none (their collection's period passed the shortlist)."""
    if per == (None, None) or ix.period_keys is None or not len(pos):
        return np.ones(len(pos), bool)
    lo, hi = per[0] or "", "9999" if per[1] is None else per[1] + "\uffff"
    starts, ends = ix.period_keys
    return (starts[pos] <= hi) & (ends[pos] >= lo)


def _staleness(ix: Index, now: dt.datetime) -> Staleness:
    built = dt.datetime.fromisoformat(ix.meta["built_at"])
    refreshed = [c.refreshed_at for c in ix.catalog if c.refreshed_at is not None]
    oldest = min(refreshed) if refreshed else built
    return Staleness(
        index_built_at=built.isoformat() + "Z",
        index_age_s=max(0.0, (now - built).total_seconds()),
        catalog_refresh_age_s=max(0.0, (now - oldest).total_seconds()),
        corpus_versions={c.collection: c.corpus_version for c in ix.catalog},
    )


def resolve_feature(ix: Index, feature_id: str, radius_m: float = 0.0) -> Region:
    """The region of a feature id: the feature's own geometry (every chunk's piece of it, for a
    split feature), grown by ``radius_m``; its anchor lies on the feature.

    Ids are unique within a document, not across them: an id carried by chunks of several
    documents is refused with the list (a region must be one feature).
    """
    import shapely

    with ix.cursor() as con:
        rows = con.execute(
            "SELECT doc_id, feature_ids, ST_AsWKB(footprint) FROM chunks "
            "WHERE has_extent AND list_contains(feature_ids, ?) ORDER BY rid",
            [feature_id],
        ).fetchall()
    if not rows:
        raise ConfigError(f"no placed chunk carries feature {feature_id!r}")
    docs = sorted({r[0] for r in rows})
    if len(docs) > 1:
        listed = ", ".join(docs[:10]) + (f" and {len(docs) - 10} more" if len(docs) > 10 else "")
        raise ConfigError(f"feature {feature_id!r} is in {len(docs)} documents ({listed}); "
                          "a region must be one feature: name it by an id found in one document")
    pieces = []
    for _, ids, wkb in rows:
        geom = shapely.from_wkb(bytes(wkb))
        members = list(shapely.get_parts(geom)) if geom.geom_type == "GeometryCollection" else []
        if len(members) == len(ids):  # one member per feature, in feature_ids order
            pieces.extend(m for m, i in zip(members, ids) if i == feature_id and not m.is_empty)
        else:  # an index written before per-feature footprints: the chunk's footprint
            pieces.append(geom)
    geom = pieces[0] if len(pieces) == 1 else shapely.union_all(pieces)
    return Region.around(geom, label=feature_id, radius_m=radius_m)


def query_index(
    ix: Index,
    question: str,
    region: Region | None = None,
    *,
    k: int = 10,
    period: str | None = None,
    collections: Sequence[str] = (),
    include_no_extent: bool = False,
    decay: str = "exponential",
    half_life_m: float | None = None,
    proximity_weight: float = DISTANCE_WEIGHT,
    candidates: int = 100,
    now: dt.datetime | None = None,
    region_filter: str = "memory",
    dedupe: bool = True,
    claims: ClaimPolicy | None = None,
    max_resolution_m: float | None = None,
    stale_after_s: float | None = STALE_AFTER_S,
) -> QueryResult:
    """Run the four stages on an open index. ``half_life_m`` defaults to half the region radius.

    ``region=None`` searches every chunk (placed or not) with no distance and no proximity.
    The two rankings are fused by weighted RRF, the weights chosen for the question
    (:func:`.fuse.fusion_weights`, shown in ``QueryResult.fusion``); with a region the distance
    ranking (nearest first, :func:`.fuse.distance_ranks`) is a third, of weight
    ``proximity_weight`` (0: distance is shown but does not rank). ``final`` is the fused score
    over the best possible one. With ``dedupe`` (default)
    a result whose features all appear in a higher result (chunks overlap) is left out, and one
    that holds others too keeps its place and lists the repeated ones in ``also_in``.

    ``period`` (``START/END``) is checked twice: a collection whose period does not overlap it
    is not searched (the shortlist), then every chunk that states its own period (the chunker's,
    from its features' dates) must overlap it; chunks that state none stay, under their
    collection's period (``work["period_filtered"]`` counts the chunks left out).
    ``max_resolution_m`` (the finest detail the question needs) gives a collection declaring a
    coarser resolution the caveat "coarser than the question needs" (still searched);
    ``stale_after_s`` is the catalog age that makes a collection "stale" (see :func:`.catalog.shortlist`).

    ``claims`` sets the confidence a frame needs for a ``measurement`` claim (:mod:`.claims`):
    a result whose frame falls short gets no distance and no proximity (``claim`` and
    ``claim_reason`` say why).

    ``region_filter`` picks how stage 2 finds the rows in the region: ``"memory"`` (default: the
    footprint boxes cached by :func:`open_index`, exact GEOS tests at the border only) or
    ``"rtree"`` (DuckDB's R-tree and exact ``ST_Intersects``, the plan the tests read from
    ``EXPLAIN``). Both give the same rows, so the same answer (tested).

    ``QueryResult.work`` counts what the stages did: ``footprints_examined`` (the in-memory
    index's leaves that overlap the region, their footprints only; ``None`` for the R-tree, which
    DuckDB counts), ``exact_tests`` (GEOS calls at the region's border), ``in_region``,
    ``vectors_multiplied`` (the survivors' rows, or the runs of stored rows that hold them) and
    ``vectors_ranked`` (the rows the dense and lexical rankings see: the survivors of the
    shortlisted collections, plus the no-extent lane when asked).
    """
    if not question or not question.strip():
        raise ConfigError("the question is empty")
    try:  # a lone surrogate (bytes decoded with surrogateescape) reached the tokenizer: TypeError
        question.encode("utf-8")
    except UnicodeEncodeError:
        from geochunk.text.terminal import shown

        raise ConfigError(f"the question is not valid UTF-8 text: '{shown(question)}'") from None
    if k < 1:
        raise ConfigError(f"k must be >= 1, got {k}")
    if decay not in DECAYS:
        raise ConfigError(f"unknown decay {decay!r}; valid values: {', '.join(DECAYS)}")
    if region_filter not in REGION_FILTERS:
        raise ConfigError(f"unknown region filter {region_filter!r}; valid values: {', '.join(REGION_FILTERS)}")
    if not (isinstance(proximity_weight, (int, float)) and math.isfinite(proximity_weight) and proximity_weight >= 0):
        raise ConfigError(f"the proximity weight must be a finite number >= 0, got {proximity_weight!r}")
    radius = region.radius_m if region is not None else 2.0e7
    half = float(half_life_m) if half_life_m is not None else max(radius / 2.0, 1.0)
    proximity(0.0, half_life_m=half, decay=decay)  # validates
    per = parse_period(period)
    known = {c.collection for c in ix.catalog}
    unknown = [c for c in collections if c not in known]
    if unknown:
        raise ConfigError(f"unknown collection(s) {', '.join(unknown)}; the index has: {', '.join(sorted(known))}")
    with ix.cursor() as con:
        return _query(ix, con, question, region, k, per, collections, include_no_extent, decay, half,
                      proximity_weight, candidates, now, region_filter, dedupe, claims or ClaimPolicy(),
                      {"max_resolution_m": max_resolution_m, "stale_after_s": stale_after_s})


def _query(ix: Index, con: Any, question: str, region: Region | None, k: int, per: Any,
           collections: Sequence[str], include_no_extent: bool, decay: str, half: float,
           proximity_weight: float, candidates: int, now: dt.datetime | None, region_filter: str,
           dedupe: bool, policy: ClaimPolicy, fitness: dict[str, Any]) -> QueryResult:
    t = {}
    t0 = time.perf_counter()
    qvec = ix.embedder.encode([question])[0]
    t["embed"] = (time.perf_counter() - t0) * 1e3

    # 2. region first, then exact scores on the survivors only (positions = rows of the index)
    t0 = time.perf_counter()
    if region is None:  # everywhere: every placed row is "in the region"; no-extent rows below
        pos, rwork = np.setdiff1d(np.arange(len(ix.rids)), ix.regions.no_extent), None
        include_no_extent = True
    else:
        pos, rwork = _region_positions(ix, con, region, region_filter)
    sem, multiplied = ix.vectors.scores_counted(pos, qvec)
    t["region+dense"] = (time.perf_counter() - t0) * 1e3

    # 1. collections: coverage counted from the items in the region (vectorised over survivors)
    t0 = time.perf_counter()
    codes = ix.collection_code[pos]
    counts = np.bincount(codes, minlength=len(ix.collection_names))
    in_region = {ix.collection_names[i]: int(c) for i, c in enumerate(counts) if c}
    sl = shortlist(ix.catalog, in_region, period=per, only=tuple(collections), now=now, **fitness)
    allowed = [i for i, name in enumerate(ix.collection_names) if any(s.included and s.collection == name for s in sl)]
    if len(allowed) < len(ix.collection_names):
        keep = np.isin(codes, allowed)
        pos, sem = pos[keep], sem[keep]
    keep = _period_mask(ix, pos, per)  # then each chunk's own period
    period_filtered = int(len(keep) - keep.sum())
    pos, sem = pos[keep], sem[keep]
    no_ext_pos = np.zeros(0, dtype=np.int64)

    no_ext_total = int(sum(c.no_extent_count for c in ix.catalog))
    if include_no_extent:
        npos = _no_extent_positions(ix, con, region_filter)
        # the collections the shortlist searches, or would but for no placed items in the region
        ok = [i for i, name in enumerate(ix.collection_names)
              if any(s.collection == name and (s.included or s.reason.startswith("no items in the region"))
                     for s in sl)]
        no_ext_pos = npos[np.isin(ix.collection_code[npos], ok)]
        keep = _period_mask(ix, no_ext_pos, per)
        period_filtered += int(len(keep) - keep.sum())
        no_ext_pos = no_ext_pos[keep]
        pos = np.concatenate([pos, no_ext_pos])
        sem = np.concatenate([sem, ix.vectors.scores_at(no_ext_pos, qvec)])
        multiplied += ix.vectors.multiplied(no_ext_pos)
    t["shortlist"] = (time.perf_counter() - t0) * 1e3

    # 3. dense and lexical, both restricted to the searched rows, fused on rank
    t0 = time.perf_counter()
    order = np.argsort(pos, kind="stable")  # searched rows in rid order, for lookups
    pos, sem = pos[order], sem[order]
    rids = ix.rids[pos]
    ties = ix.tie_keys(pos)  # equal scores: content order, not write order
    dense_order = rids[top_order(sem, ties, candidates)].tolist()
    bm = ix.lexical.scores(question)[pos] if len(pos) else np.zeros(0, np.float32)
    hit = np.flatnonzero(bm > 0)
    lex_order = rids[hit[top_order(bm[hit], ties[hit], candidates)]].tolist()
    dense_rank, lex_rank = ranks(dense_order), ranks(lex_order)
    near_order = [] if region is None else _nearest_by_box(ix, pos, region.anchor, candidates)
    # with a region the nearest rows are candidates too: a row that the words do not pick out
    # (a prefecture polygon around the anchor among 300 municipalities that all say
    # "prefecture") still reaches the distance ranking
    cand = sorted(set(dense_order) | set(lex_order) | set(near_order))
    t["lexical+fuse"] = (time.perf_counter() - t0) * 1e3

    def at(values: np.ndarray, r: int) -> float:
        return float(values[np.searchsorted(rids, r)])

    no_ext = set(ix.rids[no_ext_pos].tolist())
    lane = {r: ("no-extent" if r in no_ext else "region") for r in cand}

    # 4. proximity within the candidates, in metres: only where the frame measures; with a
    # region, distance is the third ranking
    t0 = time.perf_counter()
    cand_pos = ix.positions(np.asarray(cand, dtype=np.int64))
    cand_geoms = ix.footprints[cand_pos] if cand else []
    frames = ix.row_meta.select(  # the four columns only, then the candidates' rows
        ["epsg", "frame_confidence", "frame_flagged", "frame_source"]).take(cand_pos).to_pylist() if cand else []
    graded: dict[tuple[Any, ...], Any] = {}  # rows of one frame share one claim (a frozen value)
    claim = {}
    for r, f in zip(cand, frames):
        key = (f["epsg"], f["frame_confidence"], bool(f["frame_flagged"]), f["frame_source"])
        c = graded.get(key)
        if c is None:
            c = graded[key] = grade_frame(*key, policy)
        claim[r] = c
    # a descriptive frame (a lon/lat guess) places its row: the same coordinates that put it in
    # the region order it by nearness, but it shows no distance and no proximity (not measured)
    placed = [(r, g) for r, g in zip(cand, cand_geoms) if g is not None and claim[r].grade in ORDERS_BY_PLACE]
    near = ({} if region is None else  # (an empty footprint measures NaN: no distance, not 0)
            {r: d for (r, _), d in zip(placed, distances_m(region.anchor, [g for _, g in placed]))
             if math.isfinite(d)})
    dist = {r: d for r, d in near.items() if claim[r].measured}
    reach = {r: (proximity(near.get(r), half_life_m=half, decay=decay)
                 if lane[r] == "region" and region is not None else 0.0) for r in cand}
    prox = {r: (v if claim[r].measured else 0.0) for r, v in reach.items()}
    geo_rank = distance_ranks({r: near[r] for r in cand if r in near and reach[r] > 0})
    # the words' kind ranking only with a distance ranking to order the rows of that kind
    by_distance = region is not None and bool(geo_rank) and proximity_weight > 0
    weights = fusion_weights(ix.lexical.known_codes(question) if len(hit) else [], len(hit), bm, sem,
                             with_distance=by_distance)
    if by_distance:
        weights = Weights(weights.lexical, weights.dense, weights.reason + f"; distance {proximity_weight:g}",
                          round(float(proximity_weight), 3), weights.kind)
    # a candidate has a lexical hit when its BM25 score is > 0 (cand holds searched rids only)
    kind_rank = ({r: 1 for r, h in zip(cand, (bm[np.searchsorted(rids, cand)] > 0).tolist()) if h}
                 if weights.kind and cand else {})
    fused = rrf(dense_rank, lex_rank, geo_rank, kind_rank, k=RRF_K,
                weights=(weights.dense, weights.lexical, weights.distance, weights.kind))
    best_fused = (weights.dense + weights.lexical + weights.distance + weights.kind) / (RRF_K + 1)
    scored = [(final_score(fused[r], best=best_fused), r, dist.get(r), prox[r]) for r in cand]
    tie = dict(zip(cand, ix.tie_keys(cand_pos).tolist())) if cand else {}
    scored.sort(key=lambda x: (-x[0], tie[x[1]]))
    t["proximity"] = (time.perf_counter() - t0) * 1e3

    t0 = time.perf_counter()
    kept, also, dropped = _dedupe(ix, [r for _, r, _, _ in scored], k) if dedupe else (
        [r for _, r, _, _ in scored[:k]], {}, 0)
    keep = set(kept)
    scored = [x for x in scored if x[1] in keep]
    details = _details(ix, con, kept)
    t["details"] = (time.perf_counter() - t0) * 1e3
    rows = []
    for i, (final, r, d, prox) in enumerate(scored[:k]):
        det = details[r]
        rows.append(ResultRow(
            rank=i + 1, chunk_id=det["chunk_id"], doc_id=det["doc_id"], collection=det["collection"],
            corpus_version=det["corpus_version"], lane=lane[r], semantic=at(sem, r),
            dense_rank=dense_rank.get(r), bm25=at(bm, r), bm25_rank=lex_rank.get(r), distance_rank=geo_rank.get(r),
            kind_rank=kind_rank.get(r),
            fused=fused[r], distance_m=d, proximity=prox, final=final, epsg=det["epsg"],
            frame_confidence=det["frame_confidence"], frame_flagged=bool(det["frame_flagged"]),
            feature_ids=tuple(det["feature_ids"]), flags=tuple(det["flags"]), text=det["text"],
            footprint_wkt=det["wkt"], also_in=also.get(r, ()),
            source_pages=tuple(det.get("source_pages") or ()), section_path=tuple(det.get("section_path") or ()),
            claim=claim[r].grade, claim_reason=claim[r].reason, char_start=det.get("char_start"),
            char_end=det.get("char_end"), frame_source=det["frame_source"],
            period_start=det["period_start"], period_end=det["period_end"],
            period_source=det["period_source"] or ("collection" if det["period_start"] or det["period_end"] else None),
        ))
    return QueryResult(
        question=question, region=region, rows=tuple(rows), shortlist=tuple(sl),
        staleness=_staleness(ix, now or dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)),
        model_id=ix.meta["model_id"], in_region=int(sum(in_region.values())), searched=len(rids),
        no_extent_total=no_ext_total, no_extent_searched=include_no_extent, decay=decay,
        half_life_m=half, timings_ms={k_: round(v, 2) for k_, v in t.items()},
        no_extent_lane=len(no_ext_pos), fusion=weights.to_dict(), deduplicated=dropped,
        catalog=tuple(ix.catalog),
        work={
            "filter": region_filter, "rows": len(ix.rids),
            "index_leaves_hit": None if rwork is None else rwork.leaves_hit,
            "footprints_examined": None if rwork is None else rwork.examined,
            "exact_tests": None if rwork is None else rwork.exact_tests,
            "in_region": int(sum(in_region.values())), "vectors_multiplied": int(multiplied),
            "vectors_ranked": len(rids), "period_filtered": period_filtered,
        },
    )


#: the claim grades whose rows take part in the distance ranking (a ``descriptive`` frame's
#: coordinates already placed the row in the region; they order it, they do not measure it)
ORDERS_BY_PLACE: frozenset[str] = frozenset({MEASUREMENT, DESCRIPTIVE})


def _nearest_by_box(ix: Index, pos: np.ndarray, anchor: tuple[float, float], k: int) -> list[int]:
    """The rids of the ``k`` placed rows among ``pos`` whose footprint box
    is nearest the anchor: a cheap pool for the distance ranking, measured exactly afterwards.
    Box distance in degrees, longitude scaled by the cosine of the latitude and taken the short
    way round the antimeridian; equal distances (boxes that hold the anchor: 0) by box size,
    smallest first, so chunks of features spread far and wide, or a footprint split at the
    antimeridian (a -180..180 band), do not crowd out the feature around the anchor; then by
    content order."""
    rg = ix.regions
    if k <= 0 or not len(pos):
        return []
    xmin = rg.xmin[pos]
    placed = np.isfinite(xmin)  # rows without extent have NaN bounds
    p = pos
    if not placed.all():
        p, xmin = pos[placed], xmin[placed]
        if not len(p):
            return []
    lon, lat = anchor
    xmax, ymin, ymax = rg.xmax[p], rg.ymin[p], rg.ymax[p]
    # the same arithmetic as max(ymin - lat, lat - ymax, 0) etc., in place (no temporaries)
    dy = np.subtract(ymin, lat)
    np.maximum(dy, np.subtract(lat, ymax), out=dy)
    np.maximum(dy, 0.0, out=dy)
    dx = np.subtract(xmin, lon)
    np.maximum(dx, np.subtract(lon, xmax), out=dx)
    np.maximum(dx, 0.0, out=dx)
    widest = float(dx.max())
    for shift in (-360.0, 360.0):  # the short way round the antimeridian
        x = lon + shift
        # skipped when no box can come nearer that way round: the shifted gap is at least
        # xmin - x (x west of every box) or x - xmax (east of every box), >= every gap found
        if (shift < 0 and float(xmin.min()) - x >= widest) or (shift > 0 and x - float(xmax.max()) >= widest):
            continue
        g = np.subtract(xmin, x)
        np.maximum(g, np.subtract(x, xmax), out=g)
        np.maximum(g, 0.0, out=g)
        np.minimum(dx, g, out=dx)
    coslat = np.maximum(ymin, lat)  # np.clip(lat, ymin, ymax)
    np.minimum(coslat, ymax, out=coslat)
    np.radians(coslat, out=coslat)
    np.cos(coslat, out=coslat)
    np.multiply(dx, coslat, out=dx)
    d = np.hypot(dx, dy, out=dx)
    keys = ix.tie_keys(p)
    if len(d) > 4 * k:  # top_order(-d, keys, k) without negating: the k-th nearest by partition
        kth = np.partition(d, k - 1)[k - 1]
        sel = np.flatnonzero(d <= kth)
        size = (xmax[sel] - xmin[sel]) * coslat[sel] + (ymax[sel] - ymin[sel])  # ties: smallest box
        best = sel[np.lexsort((keys[sel], size, d[sel]))[:k]]
    else:
        best = np.lexsort((keys, (xmax - xmin) * coslat + (ymax - ymin), d))[:k]
    return ix.rids[p[best]].tolist()


def _dedupe(ix: Index, order: Sequence[int], k: int) -> tuple[list[int], dict[int, tuple[tuple[str, str], ...]], int]:
    """Walk the ranked rids and keep ``k``: a row whose features (document + id) all appear in a
    higher kept row is dropped; one with some repeated keeps its place and lists them as
    ``(feature id, chunk id of the higher row)``. Rows without features are kept as they are.

    Returns the kept rids, their ``also_in`` and how many were dropped.
    """
    kept: list[int] = []
    also: dict[int, tuple[tuple[str, str], ...]] = {}
    seen: dict[tuple[str, str], str] = {}
    dropped = 0
    step = max(4 * k, 32)
    for lo in range(0, len(order), step):
        batch = list(order[lo:lo + step])
        meta = ix.row_meta.select(["chunk_id", "doc_id", "feature_ids"]).take(
            ix.positions(np.asarray(batch, dtype=np.int64))).to_pylist()
        for r, m in zip(batch, meta):
            feats = [(m["doc_id"], f) for f in (m["feature_ids"] or [])]
            repeated = [f for f in feats if f in seen]
            if feats and len(set(repeated)) == len(set(feats)):
                dropped += 1
                continue
            if repeated:
                also[r] = tuple((f[1], seen[f]) for f in dict.fromkeys(repeated))
            for f in feats:
                seen.setdefault(f, m["chunk_id"])
            kept.append(r)
            if len(kept) == k:
                return kept, also, dropped
    return kept, also, dropped


def _region_positions(ix: Index, con: Any, region: Region, how: str) -> tuple[np.ndarray, RegionWork | None]:
    """Sorted row positions of the chunks whose footprint meets the region, and the in-memory
    index's work (``None`` through DuckDB's R-tree)."""
    if how == "memory":
        return ix.regions.search(region.geometry)
    return np.sort(ix.positions(region_rids(con, region.wkt))), None


def _no_extent_positions(ix: Index, con: Any, how: str) -> np.ndarray:
    """Sorted row positions of the chunks without an extent."""
    if how == "memory":
        return ix.regions.no_extent
    return np.sort(ix.positions(scan_no_extent(con, None)[0]))


def _details(ix: Index, con: Any, rids: Sequence[int]) -> dict[int, dict[str, Any]]:
    """Everything a result row shows: the small columns from memory, text and WKT from the file."""
    if not rids:
        return {}
    pos = ix.positions(np.asarray(rids, dtype=np.int64))
    out = {int(r): m for r, m in zip(rids, ix.row_meta.take(pos).to_pylist())}
    for r, p in zip(rids, pos):
        out[int(r)]["collection"] = ix.collection_names[ix.collection_code[p]]
    listed = ",".join(str(int(r)) for r in rids)  # integers only reach the SQL text
    where = ("source_pages, section_path" if ix.has_columns(con, "source_pages", "section_path")
             else "NULL, NULL")  # an index of format 2 or older: not recorded
    where += ", char_start, char_end" if ix.has_columns(con, "char_start", "char_end") else ", NULL, NULL"  # format 3
    for rid, text, wkt, pages, section, start, end in con.execute(
        f"SELECT rid, text, ST_AsText(footprint), {where} FROM chunks WHERE rid IN ({listed})"
    ).fetchall():
        out[int(rid)].update(text=text, wkt=wkt, source_pages=pages, section_path=section,
                             char_start=start, char_end=end)
    return out
