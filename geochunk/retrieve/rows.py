"""One document in, index rows out: chunk it, check every chunk can be placed, embed it.

This is the unit of parallel work (a Dask task runs :func:`prepare_document` per document), so it
takes and returns plain picklable data. A chunk is *placed* when it carries at least one parsed,
non-empty geometry; then it must have a frame and a WGS 84 extent, else the build fails. A chunk
whose geometry does not parse fails the build too. Chunks with no geometry (prose, a ``null``
GeoJSON geometry, ``POINT EMPTY``) go to the no-extent lane.

The footprint is the union of the features' WGS 84 boxes when a chunk carries a few features
(so a chunk with two far-apart parcels does not claim the field between them), else the chunk's
box. A box that crosses 180° (``west > east``) becomes two boxes.

>>> doc = prepare_document("note.md", "Site A: POINT (-3.19 55.95)\\n\\nA quiet paragraph.\\n",
...                        embedder="hashing", budget=16)
>>> [(r.chunk_id, r.has_extent, r.epsg) for r in doc.rows]
[('note.md#0', True, 4326), ('note.md#1', False, None)]
>>> doc.embeddings.shape
(2, 1024)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..errors import GeochunkError
from ..extent import box_halves
from ..model import Chunk, ChunkConfig

__all__ = ["IndexBuildError", "ChunkRow", "PreparedDocument", "prepare_document", "footprint"]

#: Up to this many feature boxes, the footprint is their union; above, the chunk's box.
MAX_UNION_FEATURES = 16


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


@dataclass(frozen=True)
class PreparedDocument:
    """A document's rows and their embeddings (row ``i`` ↔ ``embeddings[i]``)."""

    doc_id: str
    doc_sha256: str
    rows: tuple[ChunkRow, ...]
    embeddings: np.ndarray = field(repr=False, compare=False)


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


def footprint(chunk: Chunk) -> Any:
    """The WGS 84 footprint geometry of a placed chunk (shapely), or None.

    >>> from geochunk.model import ChunkFeature
    >>> f = lambda i, b: ChunkFeature(i, "hash", "wkt", "POINT", 0, 1, 1, b, b, 4326)
    >>> c = Chunk("d", 0, 0, 1, 0, "x", 1, "t", "feature", "feature",
    ...           features=(f("a", (0, 0, 0, 0)), f("b", (2, 2, 2, 2))), bbox_wgs84=(0, 0, 2, 2))
    >>> footprint(c).wkt
    'MULTIPOINT ((0 0), (2 2))'
    """
    import shapely

    boxes = [f.bbox_wgs84 for f in chunk.features if f.bbox_wgs84 is not None]
    if not boxes:
        if chunk.bbox_wgs84 is None:
            return None
        boxes = [chunk.bbox_wgs84]
    elif len(boxes) > MAX_UNION_FEATURES:
        boxes = [chunk.bbox_wgs84] if chunk.bbox_wgs84 is not None else boxes
    parts = [p for b in boxes for p in _box_parts(b)]
    return parts[0] if len(parts) == 1 else shapely.union_all(parts)


def _placed(chunk: Chunk) -> bool:
    return any(f.status == "ok" and f.geom_type is not None and f.vertices > 0 for f in chunk.features)


def _check(chunk: Chunk) -> None:
    bad = [f for f in chunk.features if f.status != "ok"]
    if bad:
        f = bad[0]
        raise IndexBuildError(
            f"{chunk.doc_id}: chunk {chunk.index}: geometry {f.id!r} ({f.geom_type or 'geometry'}) "
            f"is {f.status} at characters {f.start}-{f.end}; fix the document or leave it out"
        )
    if _placed(chunk) and (chunk.crs is None or chunk.bbox_wgs84 is None):
        missing = "frame" if chunk.crs is None else "WGS 84 extent"
        raise IndexBuildError(
            f"{chunk.doc_id}: chunk {chunk.index} carries geometry but has no {missing}; "
            "declare the frame (e.g. EPSG:27700) so it can be placed"
        )


def rows_from_chunks(chunks: tuple[Chunk, ...], doc_sha256: str) -> tuple[ChunkRow, ...]:
    """Check every chunk and turn it into a :class:`ChunkRow` (raises :class:`IndexBuildError`)."""
    import shapely

    rows = []
    for c in chunks:
        _check(c)
        geom = footprint(c) if _placed(c) else None
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
                footprint_wkb=shapely.to_wkb(geom) if placed else None,
                has_extent=placed,
                extent=tuple(float(v) for v in geom.bounds) if placed else None,  # type: ignore[arg-type]
                epsg=frame.epsg if frame else None,
                frame_confidence=frame.confidence if frame else None,
                frame_flagged=bool(frame.flagged) if frame else False,
                flags=tuple(c.flags),
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
) -> PreparedDocument:
    """Chunk, check and embed one document; ``text=None`` reads ``doc_id`` as a path."""
    from ..pipeline import chunk_text
    from ..source import document_digest, read_document
    from .embed import get_embedder

    if text is None:
        text = read_document(doc_id)
    cfg = (config or ChunkConfig(budget=budget)).with_(doc_id=doc_id)
    sha = document_digest(text)
    chunks = chunk_text(text, cfg).chunks
    rows = rows_from_chunks(chunks, sha)
    emb = get_embedder(embedder).encode([r.text for r in rows])
    return PreparedDocument(doc_id, sha, rows, emb)
