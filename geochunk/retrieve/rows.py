"""One document in, index rows out: chunk it, check every chunk can be placed, embed it.

This is the unit of parallel work (a Dask task runs :func:`prepare_document` per document), so it
takes and returns plain picklable data. A chunk is *placed* when it carries at least one parsed,
non-empty geometry; then it must have a frame, else the build fails. A chunk whose WGS 84
extent truly cannot be computed (metres with no frame declared, coordinates past ±180/±90 by
more than float noise: the chunk's ``extent_note`` says why, and it is flagged ``no_extent``)
goes to the no-extent lane, as chunks with no geometry do (prose, a ``null`` GeoJSON geometry,
``POINT EMPTY``). A chunk whose geometry does not parse fails the build, unless the chunk is
flagged for it (``unparseable_span`` / ``unclosed_geometry``: the document's own broken text,
which ``geochunk validate`` also accepts): then it is indexed as text, its parsed geometries
placed.

The footprint keeps **each feature's own geometry** in WGS 84, one member of a geometry
collection per feature of the chunk, in the order of ``feature_ids`` (an empty member for a
feature that has none): the region test and the distance of a chunk are those of its nearest
feature, never of one box around many. A feature of more than :data:`FOOTPRINT_VERTICES`
vertices is stored simplified and grown by the simplification's tolerance, so it still covers
the true geometry (the region filter loses nothing; ``footprint_tolerance_m`` records the
largest error, in metres). A feature whose parts cross 180° is cut into its pieces either side
(a ring drawn from 179° to -179° is not a band round the globe). A chunk of a split geometry
carries the part it holds.

>>> doc = prepare_document("note.md", "Site A: POINT (-3.19 55.95)\\n\\nA quiet paragraph.\\n",
...                        embedder="hashing", budget=16)
>>> [(r.chunk_id, r.has_extent, r.epsg) for r in doc.rows]
[('note.md#0', True, 4326), ('note.md#1', False, None)]
>>> doc.embeddings.shape
(2, 1024)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

import numpy as np

from geochunk.errors import GeochunkError
from geochunk.crs.extent import box_halves
from geochunk.model import Chunk, ChunkConfig, Flag
from geochunk.retrieve.provenance import Recipe, recipe_for

__all__ = ["IndexBuildError", "ChunkRow", "PreparedDocument", "prepare_document", "footprint",
           "footprint_and_tolerance", "split_at_180", "cover", "FOOTPRINT_VERTICES", "warm_prepare"]

#: a feature's geometry of more vertices than this is stored simplified (and grown to cover it)
FOOTPRINT_VERTICES = 4096
#: metres in one degree, at most (a degree of latitude at the poles; of longitude at the equator)
_M_PER_DEG = 111_700.0


class IndexBuildError(GeochunkError):
    """The index cannot be built as asked (nothing was written)."""


@dataclass(frozen=True)
class ChunkRow:
    """Everything the ``chunks`` table stores for one chunk, except the embedding."""

    chunk_id: str
    doc_id: str
    doc_sha256: str
    chunk_index: int
    feature_ids: tuple[str, ...]
    text: str
    footprint_wkb: bytes | None
    has_extent: bool
    extent: tuple[float, float, float, float] | None
    epsg: int | None
    frame_confidence: float | None
    frame_flagged: bool
    flags: tuple[str, ...]
    #: the largest distance by which the footprint's simplified features exceed the true ones
    #: (None: every feature exact)
    footprint_tolerance_m: float | None = None
    #: where an extracted report's chunk came from: PDF pages (1-based), HTML/DOCX headings
    source_pages: tuple[int, ...] = ()
    section_path: tuple[str, ...] = ()
    #: the chunk's own period (``Chunk.period``: its features' periods merged), where it was read
    #: and how sure; all None when the chunk states none
    period_start: str | None = None
    period_end: str | None = None
    period_source: str | None = None
    period_confidence: float | None = None
    #: the chunk's ``str`` offsets in its document (end exclusive), for citations
    char_start: int | None = None
    char_end: int | None = None
    #: what a placed chunk's frame rests on (``Frame.source``; ``"fallback"``: nothing)
    frame_source: str | None = None


@dataclass(frozen=True)
class PreparedDocument:
    """A document's rows and their embeddings (row ``i`` ↔ ``embeddings[i]``), what made them
    (``recipe``) and the file they were read from (``source_path``; None for a text given)."""

    doc_id: str
    doc_sha256: str
    rows: tuple[ChunkRow, ...]
    embeddings: np.ndarray = field(repr=False, compare=False)
    recipe: Recipe | None = None
    source_path: str | None = None
    #: the rows' BM25 postings (:class:`~.postings.DocPostings`), tokenized with the document so a
    #: parallel build does not tokenize in the writing process; None: the writer tokenizes them
    postings: Any = field(default=None, repr=False, compare=False)


def _box_parts(b: tuple[float, float, float, float]) -> list[Any]:
    import shapely

    out = []
    for lo, s, hi, n in box_halves(b):
        if lo == hi and s == n:
            out.append(shapely.Point(lo, s))
        elif lo == hi or s == n:
            out.append(shapely.LineString([(lo, s), (hi, n)]))
        else:
            out.append(shapely.box(lo, s, hi, n))
    return out


def split_at_180(geom: Any) -> Any:
    """A WGS 84 geometry with each part that crosses 180° cut into its pieces either side.

    A part reaching past ±180° is cut where it crosses; a part spanning more than 180° of
    longitude is read as crossing the line (a ring from 179° to -179° is 2° wide, not 358°).

    >>> import shapely
    >>> split_at_180(shapely.Polygon([(179, 0), (-179, 0), (-179, 1), (179, 1)])).wkt
    'MULTIPOLYGON (((-180 0, -180 1, -179 1, -179 0, -180 0)), ((180 1, 180 0, 179 0, 179 1, 180 1)))'
    >>> split_at_180(shapely.box(-180, -90, 180, -60)).wkt  # along the line, not across it
    'POLYGON ((180 -90, 180 -60, -180 -60, -180 -90, 180 -90))'
    """
    import shapely

    from geochunk.retrieve.region import _split_at_180

    if geom is None or geom.is_empty:
        return geom
    parts, changed = [], False
    for part in _flat_parts(geom):
        w, _, e, _ = part.bounds
        if e - w > 180.0 and _jumps(part):
            parts.append(_split_at_180(part, 180.0)[0])
            changed = True
        elif w < -180.0 or e > 180.0:
            parts.append(_split_at_180(part)[0])
            changed = True
        else:
            parts.append(part)
    if not changed:
        return geom
    return shapely.union_all([p for p in parts if not p.is_empty]) if parts else geom


def _jumps(part: Any) -> bool:
    """Whether a polygon or line has an edge longer than 180° of longitude (not along ±180°)."""
    if part.geom_type == "Polygon":
        rings = [part.exterior, *part.interiors]
    elif part.geom_type in ("LineString", "LinearRing"):
        rings = [part]
    else:
        return False
    for ring in rings:
        x = np.asarray(ring.coords)[:, 0]
        jump = np.abs(np.diff(x)) > 180.0
        jump &= ~((np.abs(x[:-1]) == 180.0) & (np.abs(x[1:]) == 180.0))
        if jump.any():
            return True
    return False


def _flat_parts(geom: Any) -> list[Any]:
    import shapely

    out, todo = [], [geom]
    while todo:
        g = todo.pop(0)
        if g.geom_type.startswith("Multi") or g.geom_type == "GeometryCollection":
            todo[:0] = list(shapely.get_parts(g))
        elif not g.is_empty:
            out.append(g)
    return out


def cover(geom: Any, max_vertices: int = FOOTPRINT_VERTICES) -> tuple[Any, float | None]:
    """``(geometry, tolerance in metres)``: the geometry itself when it has at most
    ``max_vertices`` vertices, else a simplified one grown by 1.5x the tolerance, which covers it
    (checked; the exact geometry is kept when it does not), and the largest error in metres.

    >>> import shapely
    >>> ring = shapely.Point(0, 0).buffer(1.0, quad_segs=2048)
    >>> g, tol = cover(ring, max_vertices=256)
    >>> bool(shapely.get_num_coordinates(g) < 1000), g.covers(ring), 0 < tol < 2000
    (True, True, True)
    >>> cover(shapely.Point(1, 2))
    (<POINT (1 2)>, None)
    """
    import shapely

    n = int(shapely.get_num_coordinates(geom))
    if n <= max_vertices:
        return geom, None
    w, s, e, nn = geom.bounds
    tol = max(e - w, nn - s, 1e-9) / 4096.0
    while True:
        simple = shapely.simplify(geom, tol, preserve_topology=True)
        if shapely.get_num_coordinates(simple) <= max_vertices or tol > max(e - w, nn - s):
            break
        tol *= 2.0
    grown = shapely.buffer(simple, 1.5 * tol, quad_segs=2)
    if not grown.covers(geom):  # never expected (Hausdorff distance <= tol); stay exact
        return geom, None
    return grown, 1.5 * tol * _M_PER_DEG


def _feature_geometry(chunk: Chunk, record: Any) -> Any:
    """The WGS 84 geometry a chunk holds of one feature (its part, for a split chunk)."""
    from geochunk.crs.transform import to_wgs84

    if record is None or record.feature.status != "ok":
        return None
    geom = record.emitted if chunk.part is not None and record.emitted is not None else record.original
    if geom is None or geom.is_empty:
        return None
    out = to_wgs84(geom, record.frame)
    return None if out is None or out.is_empty else split_at_180(out)


def footprint(chunk: Chunk, records: Sequence[Any] | None = None) -> Any:
    """The WGS 84 footprint of a placed chunk (shapely), or None: one member per feature.

    ``records`` (the chunk's :class:`~geochunk.analysis.GeomRecord` s, as :func:`chunk_text`
    gives them) supply the features' own geometries; without them each feature's WGS 84 box
    stands for it (still one member per feature, never one box around many).

    >>> from geochunk.model import ChunkFeature
    >>> f = lambda i, b: ChunkFeature(i, "hash", "wkt", "POINT", 0, 1, 1, b, b, 4326)
    >>> c = Chunk("d", 0, 0, 1, 0, "x", 1, "t", "feature", "feature",
    ...           features=(f("a", (0, 0, 0, 0)), f("b", (2, 2, 2, 2))), bbox_wgs84=(0, 0, 2, 2))
    >>> footprint(c).wkt
    'GEOMETRYCOLLECTION (POINT (0 0), POINT (2 2))'
    """
    return footprint_and_tolerance(chunk, records)[0]


def footprint_and_tolerance(chunk: Chunk, records: Sequence[Any] | None = None) -> tuple[Any, float | None]:
    """:func:`footprint` and the largest simplification error of its members, in metres."""
    import shapely

    by_id = {}
    if records is not None:
        for r in records:
            by_id.setdefault(r.feature.id, r)
    members, worst = [], None
    for f in chunk.features:
        geom = None
        if records is not None and f.id in by_id:
            geom = _feature_geometry(chunk, by_id[f.id])
            if geom is not None:
                geom, tol = cover(geom)
                if tol is not None:
                    worst = tol if worst is None else max(worst, tol)
        elif records is None and f.bbox_wgs84 is not None and f.status == "ok":
            parts = _box_parts(f.bbox_wgs84)
            geom = parts[0] if len(parts) == 1 else shapely.union_all(parts)
        members.append(geom if geom is not None else shapely.GeometryCollection())
    if not any(not m.is_empty for m in members):
        if chunk.bbox_wgs84 is None or not chunk.features:
            return None, None
        parts = _box_parts(chunk.bbox_wgs84)  # features without their own: the chunk's box
        members = [parts[0] if len(parts) == 1 else shapely.union_all(parts)]
    return shapely.GeometryCollection(members), worst


def _placed(chunk: Chunk) -> bool:
    return any(f.status == "ok" and f.geom_type is not None and f.vertices > 0 for f in chunk.features)


#: a chunk flagged with one of these says it holds the document's own broken geometry text
_SOURCE_PROBLEMS = frozenset({Flag.UNPARSEABLE_SPAN, Flag.UNCLOSED_GEOMETRY})


def _check(chunk: Chunk) -> None:
    """Refuse a chunk that cannot be placed. Geometry text that does not parse *in the document*
    (a truncated example in a README, ``POLYGON ((12.4 43.9, ...``) is kept as text when its chunk
    is flagged for it, as ``geochunk validate`` accepts it; any other unparsed geometry (one the
    chunker broke) fails the document."""
    bad = [f for f in chunk.features if f.status != "ok"]
    if bad and not _SOURCE_PROBLEMS & set(chunk.flags):
        f = bad[0]
        raise IndexBuildError(
            f"{chunk.doc_id}: chunk {chunk.index}: geometry {f.id!r} ({f.geom_type or 'geometry'}) "
            f"is {f.status} at characters {f.start}-{f.end}; fix the document or leave it out"
        )
    if _placed(chunk) and chunk.crs is None:  # (no WGS 84 extent: the no-extent lane)
        raise IndexBuildError(
            f"{chunk.doc_id}: chunk {chunk.index} carries geometry but has no frame; "
            "declare the frame (e.g. EPSG:27700) so it can be placed"
        )


def rows_from_chunks(chunks: tuple[Chunk, ...], doc_sha256: str,
                     geometries: Sequence[Sequence[Any]] | None = None) -> tuple[ChunkRow, ...]:
    """Check every chunk and turn it into a :class:`ChunkRow` (raises :class:`IndexBuildError`).

    ``geometries`` (``ChunkSet.geometries``, index-aligned with ``chunks``) gives the footprints
    the features' own geometries; without it, each feature's box."""
    import shapely

    rows = []
    for i, c in enumerate(chunks):
        _check(c)
        geom, tol = (footprint_and_tolerance(c, geometries[i] if geometries is not None else None)
                     if _placed(c) else (None, None))
        placed = geom is not None and not geom.is_empty
        frame = c.crs if placed else None
        rows.append(
            ChunkRow(
                chunk_id=f"{c.doc_id}#{c.index}",
                doc_id=c.doc_id,
                doc_sha256=doc_sha256,
                chunk_index=c.index,
                feature_ids=tuple(f.id for f in c.features),
                text=c.text,
                footprint_wkb=shapely.to_wkb(shapely.force_2d(geom)) if placed else None,
                has_extent=placed,
                extent=tuple(float(v) for v in geom.bounds) if placed else None,  # type: ignore[arg-type]
                epsg=frame.epsg if frame else None,
                frame_confidence=frame.confidence if frame else None,
                frame_flagged=bool(frame.flagged) if frame else False,
                flags=tuple(c.flags),
                footprint_tolerance_m=tol if placed else None,
                source_pages=tuple(c.source_pages),
                section_path=tuple(c.section_path),
                period_start=c.period.start if c.period else None,
                period_end=c.period.end if c.period else None,
                period_source=c.period.source if c.period else None,
                period_confidence=float(c.period.confidence) if c.period else None,
                char_start=c.start,
                char_end=c.end,
                frame_source=frame.source if frame else None,
            )
        )
    return tuple(rows)


def prepare_document(
    doc_id: str,
    text: str | None = None,
    *,
    embedder: str = "static",
    budget: int = 512,
    config: ChunkConfig | None = None,
    path: str | None = None,
    corpus_version: str = "1",
    recipe: Recipe | None = None,
    extracted: Any = None,
) -> PreparedDocument:
    """Chunk, check and embed one document; ``text=None`` reads ``path`` (default ``doc_id``;
    a PDF, HTML or .docx file through :func:`geochunk.read.extract.read_any`).

    ``recipe`` (default: the one of ``config`` under ``corpus_version``) is recorded with the rows.
    ``extracted`` (the :class:`~geochunk.read.extract.Extracted` that ``text`` came from) gives the
    rows their pages and section paths.
    """
    from geochunk.read.extract import locate, read_any

    from geochunk.pipeline import chunk_text
    from geochunk.read.source import document_digest
    from geochunk.retrieve.embed import get_embedder
    from geochunk.retrieve.postings import title_of, tokenize_rows

    if text is None:
        path = doc_id if path is None else path
        text, extracted = read_any(path)
    cfg = (config or ChunkConfig(budget=budget)).with_(doc_id=doc_id)
    sha = document_digest(text)
    cs = chunk_text(text, cfg)
    chunks = cs.chunks if extracted is None else tuple(locate(cs.chunks, extracted))
    rows = rows_from_chunks(chunks, sha, cs.geometries)
    # one geometry scan a chunk gives both what the embedder reads and the BM25 postings
    readable, postings = tokenize_rows([r.text for r in rows], title_of(doc_id))
    emb = get_embedder(embedder).encode(readable)
    return PreparedDocument(doc_id, sha, rows, emb, recipe or recipe_for(cfg, corpus_version), path,
                            postings if rows else None)


def warm_prepare(encoding: Any = "cl100k_base", embedder: str = "static") -> str:
    """A worker's one-time loads for :func:`prepare_document`: the chunker's
    (:func:`geochunk.warm.warm_process`) and the embedding model, loaded and run once; returns
    the embedder's name (a failure is left for the first document to report).

    >>> warm_prepare("cl100k_base", "hashing")
    'hashing'
    """
    from geochunk.warm import warm_process
    from geochunk.retrieve.embed import get_embedder

    warm_process(encoding)
    try:
        get_embedder(embedder).encode(["a warm-up sentence near Edinburgh"])
    except Exception:  # noqa: BLE001 - the first document reports it, with its name
        pass
    return embedder
