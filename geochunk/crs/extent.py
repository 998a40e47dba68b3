"""Every bounding-box rule: the one union for the core, the GeoJSON export and the map
(antimeridian-aware), when a WGS 84 box may be drawn at all, and why a chunk has none.

WGS 84 boxes are ``(west, south, east, north)``; a box with ``west > east`` crosses 180°. The
union of boxes in degrees takes whichever reading of longitude (-180..180 or 0..360) is
narrower, so boxes either side of the antimeridian union to a narrow box that crosses it, not
to one that spans the globe.
"""

from __future__ import annotations

from typing import Any, Sequence

from geochunk.model import ChunkFeature, Frame

__all__ = ["LIMIT_NOISE_DEG", "bbox_center_lon", "box_halves", "extent_note", "lon_width",
           "lonlat_box", "union_bbox", "wgs84_trusted"]

#: Degrees past ±180 (longitude) or ±90 (latitude) that are float noise, not an error: a real
#: GeoJSON of countries has Fiji's ``x = 180.00000000000006``. Such a value is the limit itself.
LIMIT_NOISE_DEG = 1e-9


def _snap(v: float, limit: float) -> float | None:
    """``v`` when within ``±limit``, the limit when past it by float noise, else ``None``."""
    if -limit <= v <= limit:
        return v
    if limit < v <= limit + LIMIT_NOISE_DEG:
        return limit
    if -limit - LIMIT_NOISE_DEG <= v < -limit:
        return -limit
    return None  # beyond the noise, or not finite


def lonlat_box(box: Any) -> tuple[float, float, float, float] | None:
    """A WGS 84 box ``(west, south, east, north)`` with values past ±180/±90 by no more than
    :data:`LIMIT_NOISE_DEG` brought to the limit, or ``None`` when it is no box in degrees
    (a value not finite or truly beyond the limits, or ``south > north``).

    >>> lonlat_box((178.6, -16.8, 180.00000000000006, -16.0))
    (178.6, -16.8, 180.0, -16.0)
    >>> lonlat_box((-180.0, -90.00000000000001, 180.0, -84.7))
    (-180.0, -90.0, 180.0, -84.7)
    >>> lonlat_box((530000.0, 180000.0, 530000.0, 180000.0)) is None
    True
    """
    w, s, e, n = box
    w, e = _snap(w, 180.0), _snap(e, 180.0)
    s, n = _snap(s, 90.0), _snap(n, 90.0)
    if w is None or e is None or s is None or n is None or s > n:
        return None
    return (w, s, e, n)


def union_bbox(
    boxes: Sequence[tuple[float, float, float, float] | None], *, lon: bool = False
) -> tuple[float, float, float, float] | None:
    """Union of boxes. With ``lon=True`` (WGS 84 boxes) longitudes may wrap: a box with
    ``west > east`` crosses 180°, and the union takes whichever reading (-180..180 or 0..360)
    is narrower.

    >>> union_bbox([(176.9, -18.2, -179.4, -17.9), (177.8, -18.0, 177.8, -18.0)], lon=True)
    (176.9, -18.2, -179.4, -17.9)
    >>> union_bbox([(179.5, 0.0, 179.5, 0.0), (-179.5, 1.0, -179.5, 1.0)], lon=True)
    (179.5, 0.0, -179.5, 1.0)
    >>> union_bbox([(-100.0, 0.0, -50.0, 10.0), (100.0, 0.0, 150.0, 10.0)])  # metres: no wrapping
    (-100.0, 0.0, 150.0, 10.0)
    """
    bs = [b for b in boxes if b is not None]
    if not bs:
        return None
    ws, ss, es, ns = zip(*bs)  # one pass per side: min/max see the same values in the same order
    south, north = min(ss), max(ns)
    if not lon:
        return (min(ws), south, max(es), north)
    if all(w <= e for w, e in zip(ws, es)):
        west, east = min(ws), max(es)
        if east - west <= 180 or not all(-180 <= w and e <= 180 for w, e in zip(ws, es)):
            return (west, south, east, north)
    west, east = _lon_cover(bs)
    return (west, south, east, north)


def _lon_cover(bs: Sequence[tuple[float, float, float, float]]) -> tuple[float, float]:
    """(west, east) of the narrowest run of longitudes holding every box: the circle less
    its largest gap between the boxes (each west and east is one of the boxes' own values;
    a tie goes to the reading that does not cross 180°; no gap at all: -180..180).

    >>> _lon_cover([(-10.0, 0, 10.0, 0), (170.0, 0, 175.0, 0)])  # the plain reading is narrower
    (-10.0, 175.0)
    >>> _lon_cover([(170.0, 0, 175.0, 0), (-175.0, 0, -170.0, 0)])  # across 180°
    (170.0, -170.0)
    >>> _lon_cover([(-180.0, 0, 180.0, 0)]), _lon_cover([(178.0, 0, -2.0, 0), (-5.0, 0, 177.0, 0)])
    ((-180.0, 180.0), (178.0, 177.0))
    >>> _lon_cover([(180.0, 0, 180.0, 0), (-180.0, 0, -180.0, 0)])  # one meridian
    (-180.0, -180.0)
    """
    arcs = []  # (start, end) eastwards from -180 (end may pass 360), and the box's own values
    for w, _, e, _ in bs:
        width = lon_width(w, e)
        if width >= 360.0 or (w == -180.0 and e == 180.0):
            return (-180.0, 180.0)
        u = (w + 180.0) % 360.0
        arcs.append((u, w, u + width, e))
    arcs.sort()  # by start; of starts equal as floats, the westernmost box's value first
    k = len(arcs)
    best: tuple[float, bool, float, float] | None = None  # (gap, crosses 180°?, west, east)
    reach, reach_e = arcs[0][2], arcs[0][3]
    for j in range(1, 2 * k):  # twice round: the second round's gaps are the real ones
        u, w, end, e = arcs[j % k]
        if j >= k:
            u, end = u + 360.0, end + 360.0
        if u > reach and j >= k:
            gap = u - reach
            # the gap holds the antimeridian (u = 0 or 360 eastwards from -180): not crossing
            crosses = not (reach <= 360.0 <= u or reach <= 720.0 <= u)
            if best is None or (gap, not crosses) > (best[0], not best[1]):
                best = (gap, crosses, w, reach_e)
        if end > reach or (end == reach and e > reach_e):
            reach, reach_e = end, e
    if best is None:
        return (-180.0, 180.0)
    west, east, width = best[2], best[3], 360.0 - best[0]
    if abs(lon_width(west, east) - width) > 1e-6:  # a ±180 value on the other side of the
        # seam (points at -180 and at 180 are one meridian, not the whole globe)
        sides = [(a, b) for a in {west, -west if abs(west) == 180.0 else west}
                 for b in {east, -east if abs(east) == 180.0 else east}]
        sides.sort(key=lambda ab: (abs(lon_width(*ab) - width), ab[0] > ab[1], ab))
        west, east = sides[0]
    return west, east


def one_bbox(box: Any, *, lon: bool = False) -> tuple[float, float, float, float] | None:
    """``union_bbox([box], lon=lon)`` without the general union (a chunk of one feature): the
    box itself, unless (in degrees) it is wider than 180 within -180..180, where the union
    reads it on 0..360.

    >>> one_bbox((1.0, 2.0, 3.0, 4.0)), one_bbox(None, lon=True)
    ((1.0, 2.0, 3.0, 4.0), None)
    >>> one_bbox((-170.0, 0.0, 170.0, 1.0), lon=True) == union_bbox([(-170.0, 0.0, 170.0, 1.0)], lon=True)
    True
    """
    if box is None or type(box) is not tuple:
        return union_bbox([box], lon=lon)
    if not lon or (box[0] <= box[2] and (box[2] - box[0] <= 180 or not (-180 <= box[0] and box[2] <= 180))):
        return box
    return union_bbox([box], lon=True)


def box_halves(box: tuple[float, float, float, float]) -> list[tuple[float, float, float, float]]:
    """A WGS 84 box as boxes that do not cross 180°: itself, or its halves east and west of
    the antimeridian when ``west > east`` (what a map or a GeoJSON geometry can draw).

    >>> box_halves((1.0, 2.0, 3.0, 4.0)), box_halves((170.0, -1.0, -175.0, 1.0))
    ([(1.0, 2.0, 3.0, 4.0)], [(170.0, -1.0, 180.0, 1.0), (-180.0, -1.0, -175.0, 1.0)])
    """
    west, south, east, north = box
    if west <= east:
        return [box]
    return [(west, south, 180.0, north), (-180.0, south, east, north)]


def lon_width(west: float, east: float) -> float:
    """Degrees of longitude from ``west`` eastward to ``east`` (a box with ``west > east``
    crosses 180°).

    >>> lon_width(-10.0, 10.0), lon_width(170.0, -170.0)
    (20.0, 20.0)
    """
    return east - west if east >= west else 360.0 - (west - east)


def bbox_center_lon(box: tuple[float, float, float, float]) -> float:
    """The middle longitude of a WGS 84 box, also for one that crosses 180°.

    >>> bbox_center_lon((170.0, 0.0, -170.0, 1.0)), bbox_center_lon((1.0, 0.0, 3.0, 1.0))
    (180.0, 2.0)
    """
    west, _, east, _ = box
    if west <= east:
        return (west + east) / 2
    mid = (west + east + 360.0) / 2
    return mid - 360.0 if mid > 180.0 else mid


def wgs84_trusted(frame: Frame) -> bool:
    """Whether a WGS 84 box may be drawn from ``frame``: not when the coordinates contradict
    the frame they declare (a box in the wrong ocean is worse than none for maps and filters).

    >>> wgs84_trusted(Frame(4326, 1.0, "explicit_code", False))
    True
    """
    return not (frame.flagged and frame.confidence < 0.25 and frame.source not in ("fallback", "coordinates"))


def extent_note(
    feats: Sequence[ChunkFeature], bbox: Any, bbox_wgs84: Any, frame: Frame, mixed: bool
) -> str | None:
    """Why a chunk with features has no ``bbox`` or no ``bbox_wgs84`` (None when it has both).

    >>> f = ChunkFeature("a", "hash", "wkt", "POINT", 0, 1, 1, bbox=(1.0, 2.0, 1.0, 2.0))
    >>> extent_note([f], (1.0, 2.0, 1.0, 2.0), None, Frame(None, 0.0, "fallback", True), False)
    'frame unknown: no WGS 84 box'
    >>> extent_note([f], (1.0, 2.0, 1.0, 2.0), None, Frame(4326, 0.95, "explicit_code", False),
    ...             False)[:50]
    'the coordinates lie beyond ±180° longitude or ±90°'
    """
    if not feats or (bbox is not None and bbox_wgs84 is not None):
        return None
    if all(f.bbox is None for f in feats):
        return "no feature has a parseable, non-empty geometry"
    if bbox is None and mixed:
        return "features in different frames: no common bbox in a source CRS (see bbox_wgs84)"
    if not wgs84_trusted(frame):
        return "frame contradicted by the coordinates: no WGS 84 box ({})".format(
            "; ".join(frame.notes) or frame.source)
    ref = frame.ref if frame.epsg is None else f"EPSG:{frame.epsg}"
    if ref is None:
        return "frame unknown: no WGS 84 box"
    if frame.source == "fallback":  # EPSG:4326 only assumed, and the numbers are no lon/lat
        return ("frame unknown: no frame declared and the coordinates are not lon/lat degrees "
                "(declare the frame, e.g. EPSG:27700): no WGS 84 box")
    if frame.epsg == 4326:
        return (f"the coordinates lie beyond ±180° longitude or ±90° latitude (more than float "
                f"noise) in frame {ref}: no WGS 84 box")
    return f"the coordinates do not transform to WGS 84 in frame {ref}"
