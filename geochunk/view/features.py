"""What a map draws, prepared for display: WGS 84 geometries, simplified when large.

Geometries are transformed to WGS 84 with the frame the pipeline resolved, and geometries over
``display_max_vertices`` are simplified (topology preserved) *for display only*; coordinates are
snapped to a 1e-6° grid, which keeps the map's JSON small. A per-document cache keeps these
display geometries across re-chunks, so a budget change re-projects nothing that did not change.

>>> from shapely import box
>>> display_geometry(box(0, 0, 1, 1))[1]
False
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, MutableMapping

import shapely
from shapely.geometry import box, mapping

from ..model import ChunkFeature, Frame

__all__ = [
    "DEFAULT_DISPLAY_MAX_VERTICES",
    "MapFeature",
    "display_geometry",
    "document_bounds",
    "chunk_map_features",
    "span_map_features",
]

DEFAULT_DISPLAY_MAX_VERTICES = 2000
_DISPLAY_GRID = 1e-6  # degrees (~0.1 m): display coordinates are snapped to this grid


@dataclass(frozen=True)
class MapFeature:
    """One thing drawn on a map, already in WGS 84 (lon/lat) and ready for display.

    ``role`` is ``"feature"`` (what the chunk carries), ``"original"`` (the source outline under
    a generalized feature), ``"bbox"`` (the chunk's bounding box), ``"severed"`` or ``"intact"``.
    Text fields hold raw document strings; escaping happens when the layer is built.
    """

    geometry: Any  # shapely geometry, lon/lat
    role: str
    feature_id: str = ""
    chunk: int | None = None
    tokens: int | None = None
    flags: tuple[str, ...] = ()
    simplified: bool = False
    label: str = ""
    geojson: dict[str, Any] | None = None  # precomputed ``mapping(geometry)``, if cached


def display_geometry(
    geom: Any, max_vertices: int = DEFAULT_DISPLAY_MAX_VERTICES
) -> tuple[Any, bool]:
    """``(geometry, simplified)``: over ``max_vertices`` it is simplified (topology preserved);
    coordinates are snapped to a 1e-6 grid either way, which keeps the map's JSON small.

    >>> from shapely import Point
    >>> g, s = display_geometry(Point(0.1234567891, 51.0000000001))
    >>> g.wkt, s
    ('POINT (0.123457 51)', False)
    """
    simplified = False
    n = int(shapely.get_num_coordinates(geom))
    if max_vertices > 0 and n > max_vertices:
        minx, miny, maxx, maxy = geom.bounds
        tol = max(maxx - minx, maxy - miny, 1e-12) / max_vertices
        out = geom
        for _ in range(16):
            out = shapely.simplify(geom, tol, preserve_topology=True)
            if shapely.get_num_coordinates(out) <= max_vertices:
                break
            tol *= 2
        geom, simplified = out, True
    snapped = shapely.set_precision(geom, _DISPLAY_GRID)
    if not snapped.is_empty or geom.is_empty:
        geom = snapped
    return geom, simplified


def _to_wgs84(geom: Any, frame: Frame | None) -> Any:
    if frame is None or frame.epsg in (None, 4326):
        return geom
    from ..crs import to_wgs84

    return to_wgs84(geom, frame)


_Shown = tuple[Any, bool, "dict[str, Any] | None"]


def _display(
    geom: Any,
    frame: Frame | None,
    max_vertices: int,
    cache: MutableMapping[Any, Any] | None,
    key: Any,
) -> _Shown:
    """``(display geometry or None, simplified, its GeoJSON mapping)``, cached under ``key``."""
    if cache is not None and key is not None:
        hit = cache.get(key)
        if hit is not None:
            return hit
    wgs = _to_wgs84(geom, frame)
    if wgs is None or wgs.is_empty:
        value: _Shown = (None, False, None)
    else:
        shown, simple = display_geometry(wgs, max_vertices)
        value = (shown, simple, mapping(shown))
    if cache is not None and key is not None:
        cache[key] = value
    return value


def document_bounds(
    features: Iterable[ChunkFeature],
) -> tuple[float, float, float, float] | None:
    """The union of the features' WGS 84 bboxes ``(west, south, east, north)``, or ``None``.

    >>> from geochunk.model import ChunkFeature
    >>> f = ChunkFeature("a", "hash", "wkt", "POINT", 0, 1, 1, bbox_wgs84=(1.0, 2.0, 1.0, 2.0))
    >>> document_bounds([f, f])
    (1.0, 2.0, 1.0, 2.0)
    """
    boxes = [f.bbox_wgs84 for f in features if f.bbox_wgs84 is not None]
    if not boxes:
        return None
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def chunk_map_features(
    chunk_set: Any,
    *,
    display_max_vertices: int = DEFAULT_DISPLAY_MAX_VERTICES,
    cache: MutableMapping[Any, Any] | None = None,
    chunks: Iterable[int] | None = None,
) -> tuple[MapFeature, ...]:
    """What to draw for a pipeline ``ChunkSet``: features, original outlines, chunk bboxes.

    ``cache`` (one dict per document) keeps display geometries of source features across
    re-chunks, so a budget change re-projects and re-simplifies nothing that did not change.
    ``chunks`` limits the output to some chunk indices.
    """
    wanted = None if chunks is None else set(chunks)
    out: list[MapFeature] = []

    def add(key: Any, geom: Any, rec: Any, role: str, chunk: Any) -> None:
        shown, simple, gj = _display(geom, rec.frame, display_max_vertices, cache, key)
        if shown is not None:
            out.append(MapFeature(shown, role, rec.feature.id, chunk.index, chunk.token_count,
                                  chunk.flags, simple, geojson=gj))

    for chunk, records in zip(chunk_set.chunks, chunk_set.geometries):
        if wanted is not None and chunk.index not in wanted:
            continue
        for rec in records:
            key = (rec.feature.start, rec.feature.end)
            if rec.emitted is not None and rec.emitted is not rec.original:
                add(None, rec.emitted, rec, "feature", chunk)  # a part or a simplified geometry
                if rec.original is not None and chunk.generalized is not None:
                    add(key, rec.original, rec, "original", chunk)
            elif rec.original is not None:
                add(key, rec.original, rec, "feature", chunk)
        if chunk.bbox_wgs84 is not None:
            w, s, e, n = chunk.bbox_wgs84
            out.append(MapFeature(box(w, s, e, n), "bbox", "chunk bbox", chunk.index,
                                  chunk.token_count, chunk.flags))
    return tuple(out)


def span_map_features(
    analysis: Any,
    severed: Iterable[int],
    *,
    splitter: str,
    display_max_vertices: int = DEFAULT_DISPLAY_MAX_VERTICES,
    cache: MutableMapping[Any, Any] | None = None,
) -> tuple[MapFeature, ...]:
    """Every parsed geometry of an analysed document, marked severed or intact."""
    cut = set(severed)
    out = []
    for i, (feat, parsed) in enumerate(zip(analysis.features, analysis.parsed)):
        if parsed.geometry is None:
            continue
        shown, simple, gj = _display(parsed.geometry, analysis.frames.frame_for(i),
                                     display_max_vertices, cache, (feat.start, feat.end))
        if shown is None:
            continue
        role = "severed" if i in cut else "intact"
        out.append(MapFeature(shown, role, feat.id, simplified=simple, label=splitter, geojson=gj))
    return tuple(out)
