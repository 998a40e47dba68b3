"""What a map draws, prepared for display: WGS 84 geometries, simplified when large.

Geometries are transformed to WGS 84 with the frame the pipeline resolved, and geometries over
``display_max_vertices`` are simplified (topology preserved) *for display only*; coordinates are
snapped to a 1e-6° grid, which keeps the map's JSON small. A per-document cache keeps these
display geometries across re-chunks, so a budget change re-projects nothing that did not change.

>>> from shapely import box
>>> display_shape(box(0, 0, 1, 1)).simplified
False
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, MutableMapping, Sequence

import bisect
import re

import numpy as np
import shapely
from shapely.geometry import box, mapping

from geochunk.crs.extent import box_halves, union_bbox
from geochunk.model import ChunkFeature, Frame
from geochunk.split.oversize import bounded_make_valid

__all__ = [
    "DEFAULT_DISPLAY_MAX_VERTICES",
    "MapFeature",
    "DisplayShape",
    "display_shape",
    "document_bounds",
    "chunk_map_features",
    "span_map_features",
    "Undrawn",
    "undrawn_features",
    "extent_map_features",
    "leaflet_safe",
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
    note: str = ""  # how an invalid geometry was drawn (see :class:`DisplayShape`)


@dataclass(frozen=True)
class DisplayShape:
    """A geometry ready to draw, and what was done to it for display only.

    ``note`` is empty for a valid geometry drawn as is; otherwise it says how an invalid
    geometry was drawn (repaired with ``make_valid``, or its raw outline) so the map's tooltip
    can tell the reviewer. The chunk text is never changed.
    """

    geometry: Any
    simplified: bool = False
    note: str = ""


def _raw_outline(geom: Any) -> Any:
    """The geometry's rings and lines as plain line strings, built without any GEOS overlay
    operation (so it cannot raise on invalid input); points stay points."""
    parts = shapely.get_parts(geom)
    lines: list[Any] = []
    points: list[Any] = []
    for part in parts:
        kind = shapely.get_type_id(part)
        if kind == 3:  # polygon: its rings
            rings = [shapely.get_exterior_ring(part),
                     *shapely.get_interior_ring(part, range(shapely.get_num_interior_rings(part)))]
            lines += [shapely.linestrings(shapely.get_coordinates(r)) for r in rings
                      if shapely.get_num_coordinates(r) >= 2]
        elif kind in (1, 2):  # line string, linear ring
            if shapely.get_num_coordinates(part) >= 2:
                lines.append(shapely.linestrings(shapely.get_coordinates(part)))
        elif kind == 0:
            points.append(part)
        elif kind in (4, 5, 6, 7):  # a multi-part geometry or collection inside a collection
            sub = _raw_outline(part)
            if not sub.is_empty:
                lines.append(sub)
    return shapely.geometrycollections(lines + points) if len(lines) + len(points) != 1 \
        else (lines + points)[0]


_RAW_THIN = 2  # a raw outline is thinned to this many times max_vertices before simplifying


def _thinned(geom: Any, limit: int) -> Any:
    """The lines of a raw outline (:func:`_raw_outline`: line strings, points, collections of
    them) keeping every k-th vertex and each line's ends, at most about ``limit`` in all:
    linear work whatever the shape, for a drawing that is not a repair anyway.

    >>> g = _thinned(shapely.LineString([(i, i % 2) for i in range(10_001)]), 100)
    >>> int(shapely.get_num_coordinates(g)) <= 101, g.coords[0], g.coords[-1]
    (True, (0.0, 0.0), (10000.0, 0.0))
    """
    step = -(-int(shapely.get_num_coordinates(geom)) // max(1, limit))

    def thin(g: Any) -> Any:
        kind = shapely.get_type_id(g)
        if kind in (1, 2):
            xy = shapely.get_coordinates(g)
            keep = xy[::step]
            if (len(xy) - 1) % step:
                keep = np.vstack([keep, xy[-1:]])
            return shapely.linestrings(keep)
        if kind == 7:
            return shapely.geometrycollections([thin(p) for p in shapely.get_parts(g)])
        return g

    return thin(geom) if step > 1 else geom


def _repair(geom: Any) -> tuple[Any, str]:
    """``(drawable geometry, note)`` for a geometry GEOS calls invalid."""
    try:
        reason = str(shapely.is_valid_reason(geom))
    except shapely.errors.GEOSException:  # pragma: no cover - GEOS refuses even to explain
        reason = "invalid"
    try:
        fixed = bounded_make_valid(geom)
        if fixed is None:  # the escape's bound: repairing would cost GEOS unbounded time
            return _raw_outline(geom), (f"invalid geometry ({reason}): crosses itself too often "
                                        "to repair; raw outline drawn, not repaired")
        if not fixed.is_empty:
            return fixed, f"invalid geometry ({reason}): repaired for display only (make_valid)"
    except shapely.errors.GEOSException:
        pass
    return _raw_outline(geom), f"invalid geometry ({reason}): raw outline drawn, not repaired"


def display_shape(geom: Any, max_vertices: int = DEFAULT_DISPLAY_MAX_VERTICES) -> DisplayShape:
    """Prepare any geometry for drawing; never raises on invalid or degenerate input.

    An invalid geometry (a self-intersecting "bow-tie", a ring of too few points) is repaired
    with ``make_valid`` or, failing that or when it crosses itself too often for a repair of
    bounded cost (``oversize.bounded_make_valid``), drawn as its raw outline, and ``note`` says
    so. Over ``max_vertices`` the geometry is simplified (topology preserved). Coordinates are snapped to
    a 1e-6 grid when GEOS can do it safely, which keeps the map's JSON small.

    >>> from shapely import from_wkt
    >>> s = display_shape(from_wkt("POLYGON ((0 0, 10 10, 10 0, 0 10, 0 0))"))
    >>> s.geometry.geom_type, s.geometry.is_valid, s.note.split(":")[0]
    ('MultiPolygon', True, 'invalid geometry (Self-intersection[5 5])')
    >>> from shapely import Point
    >>> s = display_shape(Point(0.1234567891, 51.0000000001))
    >>> s.geometry.wkt, s.simplified
    ('POINT (0.123457 51)', False)
    """
    note = ""
    try:
        valid = bool(geom.is_valid)
    except shapely.errors.GEOSException:  # pragma: no cover
        valid = False
    raw = False
    if not valid:
        geom, note = _repair(geom)
        raw = "raw outline" in note  # self-crossing already: no topology left to preserve
    simplified = False
    n = int(shapely.get_num_coordinates(geom))
    if raw and max_vertices > 0 and n > _RAW_THIN * max_vertices:
        # Douglas-Peucker is quadratic on a zigzag (each split peels off one vertex): a raw
        # outline is first thinned to every k-th vertex, in linear time (40,000 vertices: 22 -> 0.3 CPU-s)
        geom, n = _thinned(geom, _RAW_THIN * max_vertices), _RAW_THIN * max_vertices
    if max_vertices > 0 and n > max_vertices:
        minx, miny, maxx, maxy = geom.bounds
        tol = max(maxx - minx, maxy - miny, 1e-12) / max_vertices
        out = geom
        try:
            for _ in range(16):
                # a raw outline crossing itself thousands of times costs GEOS's topology-
                # preserving simplifier minutes (20 s at 20,000 vertices); plain Douglas-Peucker
                out = shapely.simplify(geom, tol, preserve_topology=not raw)
                if shapely.get_num_coordinates(out) <= max_vertices:
                    break
                tol *= 2
            geom, simplified = out, True
        except shapely.errors.GEOSException:  # pragma: no cover - drawn whole instead
            pass
    geom = leaflet_safe(geom)
    try:
        snapped = shapely.set_precision(geom, _DISPLAY_GRID)
        if not snapped.is_empty or geom.is_empty:
            geom = snapped
    except shapely.errors.GEOSException:
        pass  # drawn at full precision
    return DisplayShape(geom, simplified, note)


_SINGLE = frozenset({0, 1, 2, 3})  # point, line string, linear ring, polygon


def leaflet_safe(geom: Any) -> Any:
    """``geom`` with no collection or multi-point nested in a GeometryCollection (its parts
    flattened, in order): Leaflet draws such a member as a layer group with no element, and
    its tooltip's focus listeners then raise ``t.getElement is not a function`` on every
    hover and click, so the map never selects anything (issue #31, the Malformed sample).

    >>> from shapely import from_wkt
    >>> leaflet_safe(from_wkt("GEOMETRYCOLLECTION (POINT (1 2), GEOMETRYCOLLECTION "
    ...                       "(MULTIPOINT (3 4, 5 6), LINESTRING (0 0, 1 1)))")).wkt
    'GEOMETRYCOLLECTION (POINT (1 2), POINT (3 4), POINT (5 6), LINESTRING (0 0, 1 1))'
    """
    if shapely.get_type_id(geom) != 7:
        return geom
    parts = list(shapely.get_parts(geom))
    if all(shapely.get_type_id(p) in _SINGLE or shapely.get_type_id(p) in (5, 6) for p in parts):
        return geom  # multi-lines and multi-polygons are single Leaflet paths
    flat: list[Any] = []
    stack = parts[::-1]
    while stack:
        p = stack.pop()
        if shapely.get_type_id(p) in _SINGLE:
            flat.append(p)
        elif not p.is_empty:
            stack.extend(list(shapely.get_parts(p))[::-1])
    return shapely.geometrycollections(flat)


#: what an extent's tooltip calls it
EXTENT_LABEL = "collection extent (boundedBy)"


def extent_map_features(
    analysis: Any,
    chunks: Sequence[Any] = (),
    *,
    display_max_vertices: int = DEFAULT_DISPLAY_MAX_VERTICES,
    cache: MutableMapping[Any, Any] | None = None,
) -> tuple[MapFeature, ...]:
    """The document's extents (a WFS or CityGML collection's ``boundedBy`` Envelope, kept by
    the detector as :attr:`Detection.extents <geochunk.model.Detection>`: metadata, no feature)
    as ``"extent"`` outlines, each in the frame its ``srsName`` declares; ``chunks`` (sorted by
    start) give each the index of the chunk that holds it.

    >>> from geochunk.pipeline import analyse
    >>> a = analyse('<wfs:boundedBy><gml:Envelope srsName="urn:ogc:def:crs:EPSG::4326">'
    ...             '<gml:lowerCorner>50 1</gml:lowerCorner><gml:upperCorner>51 2'
    ...             '</gml:upperCorner></gml:Envelope></wfs:boundedBy>')
    >>> [(f.role, f.geometry.bounds) for f in extent_map_features(a)]
    [('extent', (1.0, 50.0, 2.0, 51.0))]
    """
    from geochunk.detection.geometry import parse_span

    starts = [c.start for c in chunks]
    out: list[MapFeature] = []
    for e in analysis.detection.extents:
        parsed = parse_span(e)
        if parsed.geometry is None:
            continue
        frame = analysis.frames.frame_at(e.end - 1)  # its srsName's scope
        shown, simple, gj, note = _display(parsed.geometry, frame, display_max_vertices, cache,
                                           ("extent", e.start, e.end))
        if shown is None:
            continue
        k = bisect.bisect_right(starts, e.start) - 1
        chunk = chunks[k] if k >= 0 else None
        out.append(MapFeature(shown, "extent", EXTENT_LABEL, None if chunk is None else chunk.index,
                              None if chunk is None else chunk.token_count, (), simple,
                              geojson=gj, note=note))
    return tuple(out)


def _to_wgs84(geom: Any, frame: Frame | None) -> Any:
    if frame is None or frame.ref in (None, 4326):
        return geom
    from geochunk.crs import to_wgs84

    return to_wgs84(geom, frame)


_Shown = tuple[Any, bool, "dict[str, Any] | None", str]


def _display(
    geom: Any,
    frame: Frame | None,
    max_vertices: int,
    cache: MutableMapping[Any, Any] | None,
    key: Any,
) -> _Shown:
    """``(display geometry or None, simplified, its GeoJSON mapping, note)``, cached under
    ``key``. Never raises: a geometry that cannot be projected or drawn is left out."""
    if cache is not None and key is not None:
        hit = cache.get(key)
        if hit is not None:
            return hit
    try:
        wgs = _to_wgs84(geom, frame)
    except (shapely.errors.GEOSException, ValueError, ArithmeticError):
        wgs = None
    if wgs is None or wgs.is_empty:
        value: _Shown = (None, False, None, "")
    else:
        shape = display_shape(wgs, max_vertices)
        if shape.geometry is None or shape.geometry.is_empty:  # nothing left to draw: said so
            value = (None, False, None, shape.note or "nothing left to draw")
        else:
            value = (shape.geometry, shape.simplified, mapping(shape.geometry), shape.note)
    if cache is not None and key is not None:
        cache[key] = value
    return value


def document_bounds(
    features: Iterable[ChunkFeature],
) -> tuple[float, float, float, float] | None:
    """The union of the features' WGS 84 bboxes ``(west, south, east, north)``, or ``None``
    (:func:`geochunk.crs.extent.union_bbox`: ``west > east`` when it crosses 180°).

    >>> from geochunk.model import ChunkFeature
    >>> f = ChunkFeature("a", "hash", "wkt", "POINT", 0, 1, 1, bbox_wgs84=(1.0, 2.0, 1.0, 2.0))
    >>> document_bounds([f, f])
    (1.0, 2.0, 1.0, 2.0)
    """
    return union_bbox([f.bbox_wgs84 for f in features], lon=True)


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
    if chunk_set.analysis.detection.extents:  # extent metadata: outlines, first (under all)
        ordered = sorted(chunk_set.chunks, key=lambda c: c.start)
        out.extend(f for f in extent_map_features(chunk_set.analysis, ordered, cache=cache,
                                                  display_max_vertices=display_max_vertices)
                   if wanted is None or f.chunk in wanted)

    def add(key: Any, geom: Any, rec: Any, role: str, chunk: Any) -> None:
        shown, simple, gj, note = _display(geom, rec.frame, display_max_vertices, cache, key)
        if shown is not None:
            out.append(MapFeature(shown, role, rec.feature.id, chunk.index, chunk.token_count,
                                  chunk.flags, simple, geojson=gj, note=note))

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
            # a box crossing 180° (west > east) is drawn as its two halves, not round the globe
            halves = [box(*b) for b in box_halves(chunk.bbox_wgs84)]
            shape = halves[0] if len(halves) == 1 else shapely.MultiPolygon(halves)
            out.append(MapFeature(shape, "bbox", "chunk bbox", chunk.index,
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
    """Every parsed geometry of an analysed document, marked severed or intact (and the
    document's extents as outlines)."""
    cut = set(severed)
    out = list(extent_map_features(analysis, cache=cache, display_max_vertices=display_max_vertices))
    for i, (feat, parsed) in enumerate(zip(analysis.features, analysis.parsed)):
        if parsed.geometry is None:
            continue
        shown, simple, gj, note = _display(parsed.geometry, analysis.frames.frame_for(i),
                                           display_max_vertices, cache, (feat.start, feat.end))
        if shown is None:
            continue
        role = "severed" if i in cut else "intact"
        out.append(MapFeature(shown, role, feat.id, simplified=simple, label=splitter,
                              geojson=gj, note=note))
    return tuple(out)


@dataclass(frozen=True)
class Undrawn:
    """A feature of the document that no map draws, and why (plain text, not escaped)."""

    feature_id: str
    reason: str


def undrawn_features(
    analysis: Any,
    *,
    display_max_vertices: int = DEFAULT_DISPLAY_MAX_VERTICES,
    cache: MutableMapping[Any, Any] | None = None,
) -> tuple[Undrawn, ...]:
    """The features of an analysed document that cannot be drawn, each with its reason: its
    geometry did not parse (the parser's message), is empty, has no position in WGS 84 (the
    frame's problem) or could not be projected. Uses the same display cache as the maps, so it
    costs nothing the map did not already pay.

    >>> from geochunk.pipeline import analyse
    >>> a = analyse("A POINT (1 2) and a POLYGON ((0 0, 1 1)) and POINT (3", doc_id="d")
    >>> [u.reason.split(":")[0] for u in undrawn_features(a)]
    ['not parsed', 'not parsed']
    """
    out: list[Undrawn] = []
    for i, (feat, parsed) in enumerate(zip(analysis.features, analysis.parsed)):
        geom = parsed.geometry
        if geom is None:
            why = " ".join(str(parsed.error or "no geometry").split())
            out.append(Undrawn(feat.id, f"not parsed: {why}"))
            continue
        if geom.is_empty:
            out.append(Undrawn(feat.id, "empty geometry: nothing to draw"))
            continue
        frame = analysis.frames.frame_for(i)
        shown, _, _, note = _display(geom, frame, display_max_vertices, cache, (feat.start, feat.end))
        if shown is not None:
            continue
        if note:
            why = f"nothing left to draw after display repair ({note})"
        elif feat.bbox_wgs84 is None:
            from geochunk.crs.extent import extent_note

            why = extent_note([feat], feat.bbox, None, frame, False) or "no WGS 84 position"
        else:
            why = "the geometry could not be projected to WGS 84 for display"
        out.append(Undrawn(feat.id, f"no position on the map: {why}"))
    return tuple(out)
