"""Chunks out: JSON Lines (one chunk per line) and a GeoJSON FeatureCollection of chunk extents.

JSON Lines carry the full documented chunk schema (:meth:`geochunk.model.Chunk.to_dict`), one
compact object per line. Strict JSON: non-finite floats become ``null``, and the line breaks
that some readers split on inside strings (U+0085, U+2028, U+2029) are written escaped, so every
item is exactly one line.

The GeoJSON export (RFC 7946) has one Feature per chunk whose geometry is the chunk's WGS 84
bounding box as a lon/lat Polygon (a MultiPolygon cut at 180 deg when the box crosses the
antimeridian, a Point or LineString when the box has no area, ``null`` when the chunk has no box),
with a ``bbox`` member and the chunk's metadata as properties - not its text unless
``include_text=True``.

>>> from geochunk.model import Chunk
>>> c = Chunk("doc", 0, 0, 11, 0, "POINT (1 2)", 5, "cl100k_base", "feature", "feature",
...           bbox_wgs84=(1.0, 2.0, 1.5, 2.5))
>>> line = next(to_jsonl([c]))
>>> line.startswith('{"doc_id":"doc","index":0,'), "\\n" in line
(True, False)
>>> fc = to_geojson([c])
>>> fc["features"][0]["geometry"]["type"], fc["bbox"]
('Polygon', [1.0, 2.0, 1.5, 2.5])
"""

from __future__ import annotations

import json
import math
import re
from typing import Any, Iterable, Iterator

from geochunk.crs.extent import box_halves, union_bbox
from geochunk.model import Chunk

__all__ = [
    "json_text", "to_jsonl", "to_geojson", "chunk_properties", "bbox_geometry",
    "PLAIN_FIELDS", "PROVENANCE_FIELDS", "plain_fields",
]

#: Chunk fields every metadata output (GeoJSON properties, framework metadata) copies unchanged,
#: in this order after the document id and chunk index: offsets, tokens, unit, strategy, kind.
PLAIN_FIELDS: tuple[str, ...] = (
    "start", "end", "core_start", "token_count", "tokenizer", "unit", "strategy", "text_kind",
)
#: Provenance fields, copied unchanged at the end of every metadata output.
PROVENANCE_FIELDS: tuple[str, ...] = ("doc_sha256", "collection", "version")


def plain_fields(chunk: Chunk, names: tuple[str, ...] = PLAIN_FIELDS) -> dict[str, Any]:
    """``{name: chunk.<name>}`` for ``names``, in order.

    >>> c = Chunk("d", 3, 0, 2, 0, "hi", 1, "cl100k_base", "document", "mixed")
    >>> list(plain_fields(c).values())
    [0, 2, 0, 1, 'cl100k_base', 'document', 'mixed', 'source']
    """
    return {name: getattr(chunk, name) for name in names}


_SURROGATE = re.compile("[\ud800-\udfff]")
_LINE_BREAKS = {"\u0085": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def _finite(value: Any) -> Any:
    """``value`` with every non-finite float replaced by ``None`` (strict JSON)."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


def json_text(obj: Any) -> str:
    """Strict one-line JSON for ``obj`` that always encodes as UTF-8.

    Non-finite floats become ``null``; U+0085/U+2028/U+2029 are escaped; a lone surrogate
    (a GeoJSON ``"id": "\\ud800"`` decodes to one) is written as its ``\\uXXXX`` escape, the
    JSON that carried it in, instead of crashing the UTF-8 writer.

    >>> json_text({"id": "\\ud800", "x": float("nan")})
    '{"id":"\\\\ud800","x":null}'
    """
    text = json.dumps(_finite(obj), ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    for raw, escaped in _LINE_BREAKS.items():
        if raw in text:
            text = text.replace(raw, escaped)
    if _SURROGATE.search(text):  # only inside JSON strings: the escape keeps the same value
        text = _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    return text


_dumps = json_text


def to_jsonl(chunks: Iterable[Chunk]) -> Iterator[str]:
    """One compact JSON object per chunk (``Chunk.to_dict()``), no trailing newline.

    Lazy: chunks are serialised as they are consumed.

    >>> from geochunk.model import Chunk
    >>> c = Chunk("d", 0, 0, 3, 0, "a\\u2028b", 2, "cl100k_base", "document", "paragraph")
    >>> line = next(to_jsonl([c]))
    >>> '"text":"a\\\\u2028b"' in line, Chunk.from_dict(json.loads(line)) == c
    (True, True)
    """
    for chunk in chunks:
        yield _dumps(chunk.to_dict())


def _box(bbox: Any) -> tuple[float, float, float, float] | None:
    if bbox is None or len(bbox) != 4:
        return None
    w, s, e, n = (float(v) for v in bbox)
    if not all(math.isfinite(v) for v in (w, s, e, n)) or s > n:
        return None
    return w, s, e, n


def _ring(w: float, s: float, e: float, n: float) -> list[list[float]]:
    # counter-clockwise exterior ring (RFC 7946 section 3.1.6)
    return [[w, s], [e, s], [e, n], [w, n], [w, s]]


def bbox_geometry(bbox: tuple[float, float, float, float] | None) -> dict[str, Any] | None:
    """A lon/lat ``(west, south, east, north)`` box as a valid GeoJSON geometry.

    A Polygon; a MultiPolygon cut at the antimeridian when ``west > east`` (RFC 7946 5.2). A box
    without area would be an invalid polygon, so it is written as what it is: a Point (a single
    position, e.g. a chunk holding one point feature) or a LineString (zero width or height).
    ``None`` for no box or a non-finite one.

    >>> bbox_geometry((1.0, 2.0, 3.0, 4.0))["coordinates"]
    [[[1.0, 2.0], [3.0, 2.0], [3.0, 4.0], [1.0, 4.0], [1.0, 2.0]]]
    >>> bbox_geometry((170.0, -10.0, -170.0, 10.0))["type"]
    'MultiPolygon'
    >>> bbox_geometry((1.0, 2.0, 1.0, 2.0)), bbox_geometry(None)
    ({'type': 'Point', 'coordinates': [1.0, 2.0]}, None)
    """
    box = _box(bbox)
    if box is None:
        return None
    w, s, e, n = box
    if w > e:  # crosses the antimeridian: the pieces east and west of it
        pieces = [b for b in box_halves(box) if b[0] < b[2]]
        if len(pieces) < 2:
            return bbox_geometry(pieces[0] if pieces else (180.0, s, 180.0, n))
        if s == n:
            lines = [[[b[0], s], [b[2], s]] for b in pieces]
            return {"type": "MultiLineString", "coordinates": lines}
        return {"type": "MultiPolygon", "coordinates": [[_ring(*b)] for b in pieces]}
    if w == e and s == n:
        return {"type": "Point", "coordinates": [w, s]}
    if w == e or s == n:
        return {"type": "LineString", "coordinates": [[w, s], [e, n]]}
    return {"type": "Polygon", "coordinates": [_ring(w, s, e, n)]}


def chunk_properties(chunk: Chunk, *, include_text: bool = False) -> dict[str, Any]:
    """The metadata of ``chunk`` as flat-ish GeoJSON properties.

    >>> from geochunk.model import Chunk
    >>> p = chunk_properties(Chunk("d", 3, 0, 2, 0, "hi", 1, "cl100k_base", "document", "mixed"))
    >>> p["index"], p["crs_epsg"], p["flags"], "text" in p
    (3, None, [], False)
    """
    frame = chunk.crs
    props: dict[str, Any] = {
        "doc_id": chunk.doc_id,
        "index": chunk.index,
        **plain_fields(chunk),
        "feature_ids": [f.id for f in chunk.features],
        "feature_count": len(chunk.features),
        "geom_types": sorted({f.geom_type for f in chunk.features if f.geom_type}),
        "crs_epsg": frame.epsg if frame else None,
        "crs_name": frame.name if frame else None,
        "crs_confidence": frame.confidence if frame else None,
        "crs_source": frame.source if frame else None,
        "crs_flagged": frame.flagged if frame else None,
        "flags": list(chunk.flags),
        "oversized": chunk.oversized,
        "needs_fallback": chunk.needs_fallback,
        "generalized": chunk.generalized.to_dict() if chunk.generalized else None,
        "part": chunk.part.to_dict() if chunk.part else None,
        "bbox_native": list(chunk.bbox) if chunk.bbox else None,
        "attributes": dict(chunk.attributes) if chunk.attributes is not None else None,
        "chunker_version": chunk.chunker_version,
        "feature_attributes": {f.id: dict(f.attributes) for f in chunk.features if f.attributes},
        "context": [{"feature": fid, "attached": list(kinds)} for fid, kinds in chunk.context],
        "period": chunk.period.to_dict() if chunk.period else None,
        "extent_note": chunk.extent_note,
        **plain_fields(chunk, PROVENANCE_FIELDS),
        "tokenizer_sha256": chunk.tokenizer_sha256,
        "headings": list(chunk.headings),
        "fence": chunk.fence,
        "normalization": chunk.normalization,
    }
    if include_text:
        props["text"] = chunk.text
    return props


def to_geojson(chunks: Iterable[Chunk], *, include_text: bool = False) -> dict[str, Any]:
    """An RFC 7946 FeatureCollection with one Feature per chunk (its WGS 84 extent).

    Each Feature has ``id`` ``"<doc_id>#<index>"``, the box geometry (see
    :func:`bbox_geometry`), its ``bbox`` and :func:`chunk_properties`. The collection's ``bbox``
    spans all boxes (:func:`geochunk.crs.extent.union_bbox`: west > east when it crosses 180°); it is omitted when
    no chunk has a box. The result is plain JSON data (no NaN): ``json.dumps`` it as it is.
    """
    features = []
    boxes = []
    for chunk in chunks:
        box = _box(chunk.bbox_wgs84)
        feature: dict[str, Any] = {
            "type": "Feature",
            "id": f"{chunk.doc_id}#{chunk.index}",
            "geometry": bbox_geometry(box),
            "properties": _finite(chunk_properties(chunk, include_text=include_text)),
        }
        if box is not None:
            feature["bbox"] = list(box)
            boxes.append(box)
        features.append(feature)
    collection: dict[str, Any] = {"type": "FeatureCollection"}
    union = union_bbox(boxes, lon=True)  # the one union the core and the map use too
    if union is not None:
        collection["bbox"] = list(union)
    collection["features"] = features
    return collection
