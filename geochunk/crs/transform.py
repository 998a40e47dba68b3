"""Geometries and bounding boxes in WGS 84 longitude/latitude, for maps and spatial filters.

``bbox_wgs84`` transforms the *densified boundary of the geometry's bounding box*
(``Transformer.transform_bounds``), not its two corners: projected grid lines are curves in
lon/lat, so corners alone understate the geographic extent (by 4.5 km on a 600 km UTM box). The
edges get a point every kilometre (at least two inside each edge, PROJ's minimum for lon/lat
output; at most 2,001), so the curve between two points bows by centimetres at most. PROJ's
default of 21 points an edge gave a 50 m parcel 92 points to transform for nothing (its edges
bow by nanometres): on every bundled sample the boxes are the same to the last bit, and the
400-parcel appendix transforms 5.75x fewer points. Transforming the rectangle instead of every
vertex costs the same for a 40,000-vertex polygon as for a point, and because the geometry lies
inside its rectangle the result covers the transformed geometry (it can exceed the tight box by
the bulge of the rectangle's edges: a conservative box is what a spatial filter wants).
``transform_bounds`` also handles boxes that cross 180° (then ``west > east``).

>>> import shapely
>>> from geochunk.model import Frame
>>> bng = Frame(27700, 0.95, "explicit_code", False)
>>> box = bbox_wgs84(shapely.box(529000, 179000, 531000, 181000), bng)
>>> [round(v, 3) for v in box]
[-0.143, 51.495, -0.114, 51.513]
"""

from __future__ import annotations

import math
from typing import Any, Sequence

import numpy as np
import shapely
from pyproj.exceptions import ProjError

from geochunk.crs.extent import LIMIT_NOISE_DEG, lonlat_box
from geochunk.model import Frame
from geochunk.crs.database import WGS84, CrsFacts, crs_facts, transformer

__all__ = ["bbox_wgs84", "bboxes_wgs84", "to_wgs84", "DENSIFY_POINTS", "MAX_DENSIFY_POINTS"]

DENSIFY_POINTS = 2  # at least this many points inside each edge (PROJ needs 2 for lon/lat) ...
MAX_DENSIFY_POINTS = 2001  # ... at most this many ...
_STEP_M = 1000.0  # ... about one per kilometre
_STEP_DEG = 0.01  # (about a kilometre, for frames in degrees)


def _densify(facts: CrsFacts, span: float) -> int:
    if facts.kind == "geographic":
        step = _STEP_DEG
    else:
        step = _STEP_M / (facts.unit_factor or 1.0)
    need = math.ceil(span / step) if step > 0 and math.isfinite(span) else DENSIFY_POINTS
    return int(min(MAX_DENSIFY_POINTS, max(DENSIFY_POINTS, need)))




def bbox_wgs84(geom: Any, frame: Frame) -> tuple[float, float, float, float] | None:
    """``(west, south, east, north)`` in WGS 84 degrees, or ``None`` when it cannot be had
    (no geometry, no frame code, or coordinates the frame cannot place on the globe).

    >>> import shapely
    >>> from geochunk.model import FALLBACK_FRAME
    >>> bbox_wgs84(shapely.Point(-3.19, 55.95), FALLBACK_FRAME)
    (-3.19, 55.95, -3.19, 55.95)
    >>> bbox_wgs84(shapely.Point(530000, 180000), FALLBACK_FRAME) is None  # not degrees
    True
    """
    if geom is None or frame.ref is None or shapely.is_empty(geom):
        return None
    facts = crs_facts(frame.ref)
    if facts is None or facts.kind == "other":
        return None
    minx, miny, maxx, maxy = (float(v) for v in geom.bounds)
    if not all(math.isfinite(v) for v in (minx, miny, maxx, maxy)):
        return None
    if facts.horizontal == WGS84:  # a value past ±180/±90 by float noise is the limit
        return lonlat_box((minx, miny, maxx, maxy))
    tr = transformer(frame.ref)
    if tr is None:
        return None
    try:
        if minx == maxx and miny == maxy:
            lon, lat = tr.transform(minx, miny, errcheck=False)
            box = (lon, lat, lon, lat)
        else:
            n = _densify(facts, max(maxx - minx, maxy - miny))
            box = tr.transform_bounds(minx, miny, maxx, maxy, densify_pts=n)
    except ProjError:
        return None
    return lonlat_box(tuple(float(v) for v in box))


def bboxes_wgs84(
    geoms: Sequence[Any], frames: Sequence[Frame]
) -> list[tuple[float, float, float, float] | None]:
    """:func:`bbox_wgs84` for many geometries at once: the densified box edges of every
    geometry that shares a frame go through ONE vectorised transform (400 parcels: one PROJ
    call instead of 400). Boxes that may wrap 180° fall back to :func:`bbox_wgs84`.

    >>> import shapely
    >>> from geochunk.model import Frame
    >>> bng = Frame(27700, 0.95, "explicit_code", False)
    >>> g = [shapely.box(529000, 179000, 531000, 181000), shapely.Point(530000, 180000), None]
    >>> out = bboxes_wgs84(g, [bng] * 3)
    >>> out[0] == bbox_wgs84(g[0], bng), out[2]
    (True, None)
    """
    out: list[tuple[float, float, float, float] | None] = [None] * len(geoms)
    groups: dict[int | str, list[int]] = {}
    for i, (g, f) in enumerate(zip(geoms, frames)):
        if g is not None and f.ref is not None:
            groups.setdefault(f.ref, []).append(i)
    for epsg, idx in groups.items():
        facts = crs_facts(epsg)
        tr = transformer(epsg) if facts is not None and facts.horizontal != WGS84 else None
        if facts is None or facts.kind == "other" or tr is None or len(idx) < 8:
            for i in idx:
                out[i] = bbox_wgs84(geoms[i], frames[i])
            continue
        try:
            got = [box for lo in range(0, len(idx), _BATCH)
                   for box in _boxes_batch(facts, tr, geoms, frames, idx[lo : lo + _BATCH])]
        except ProjError:
            got = [(i, bbox_wgs84(geoms[i], frames[i])) for i in idx]
        for i, box in got:
            out[i] = box
    return out


_BATCH = 1024  # features per vectorised transform: bounds the edge arrays (~90 points each)


def _boxes_batch(
    facts: CrsFacts, tr: Any, geoms: Sequence[Any], frames: Sequence[Frame], idx: Sequence[int]
) -> list[tuple[int, tuple[float, float, float, float] | None]]:
    """``(feature index, WGS 84 box)`` for the features ``idx`` of one frame (one transform)."""
    bounds = shapely.bounds(np.array([geoms[i] for i in idx], dtype=object))
    edges = _box_edges(facts, bounds)  # (feature number, x, y) of every edge point
    if edges is None:
        return []
    who, xs, ys = edges
    lon, lat = tr.transform(xs, ys, errcheck=False)
    lon, lat = np.asarray(lon, dtype=float), np.asarray(lat, dtype=float)
    cuts = np.r_[0, np.flatnonzero(np.diff(who)) + 1]  # feature numbers ascend in ``who``
    finite = np.logical_and.reduceat(np.isfinite(lon) & np.isfinite(lat), cuts)
    west, east = np.minimum.reduceat(lon, cuts), np.maximum.reduceat(lon, cuts)
    south, north = np.minimum.reduceat(lat, cuts), np.maximum.reduceat(lat, cuts)
    out: list[tuple[int, tuple[float, float, float, float] | None]] = []
    for k, ok, w, s_, e, n in zip(who[cuts].tolist(), finite.tolist(), west.tolist(),
                                  south.tolist(), east.tolist(), north.tolist()):
        i = idx[k]
        if not ok or e - w > 180:
            out.append((i, bbox_wgs84(geoms[i], frames[i])))  # non-finite or may wrap 180°
            continue
        out.append((i, lonlat_box((w, s_, e, n))))
    return out


def _box_edges(facts: CrsFacts, bounds: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """The densified edges of every finite box in ``bounds`` (one row per feature): feature
    numbers (ascending) and the x, y of each edge point, the points of one box in the order
    bottom, right, top (reversed), left (reversed); a degenerate box is its one point. Built
    per densify count with broadcasting (no Python loop per feature); the same points, in the
    same order, as densifying each box on its own."""
    finite = np.isfinite(bounds).all(axis=1)
    minx, miny, maxx, maxy = bounds.T
    point = finite & (minx == maxx) & (miny == maxy)
    boxes = finite & ~point
    if not finite.any():
        return None
    span = np.where(boxes, np.maximum(maxx - minx, maxy - miny), 0.0)
    counts = np.zeros(len(bounds), dtype=np.int64)
    if boxes.any():
        counts[boxes] = [_densify(facts, v) for v in span[boxes].tolist()]
    parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    k_pt = np.flatnonzero(point)
    if len(k_pt):
        parts.append((k_pt[:, None], minx[k_pt, None], miny[k_pt, None]))
    for n in np.unique(counts[boxes]).tolist():
        k = np.flatnonzero(boxes & (counts == n))
        t = np.linspace(0.0, 1.0, n + 2)
        x0, x1, y0, y1 = minx[k, None], maxx[k, None], miny[k, None], maxy[k, None]
        ex, ey = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
        xs = np.concatenate([ex, np.broadcast_to(x1, ey.shape), ex[:, ::-1],
                             np.broadcast_to(x0, ey.shape)], axis=1)
        ys = np.concatenate([np.broadcast_to(y0, ex.shape), ey, np.broadcast_to(y1, ex.shape),
                             ey[:, ::-1]], axis=1)
        parts.append((np.broadcast_to(k[:, None], xs.shape), xs, ys))
    who = np.concatenate([w.ravel() for w, _, _ in parts])
    xs = np.concatenate([np.broadcast_to(x, w.shape).ravel() for w, x, _ in parts])
    ys = np.concatenate([np.broadcast_to(y, w.shape).ravel() for w, _, y in parts])
    order = np.argsort(who, kind="stable")
    return who[order], xs[order], ys[order]


def to_wgs84(geom: Any, frame: Frame) -> Any | None:
    """The geometry with every vertex transformed to WGS 84 (x = longitude), or ``None`` when
    the frame cannot place it. Curves must already be linearized by the parser.

    >>> import shapely
    >>> from geochunk.model import Frame
    >>> p = to_wgs84(shapely.Point(530000, 180000), Frame(27700, 0.95, "explicit_code", False))
    >>> round(p.x, 4), round(p.y, 4)
    (-0.1284, 51.504)
    """
    if geom is None or frame.ref is None:
        return None
    facts = crs_facts(frame.ref)
    if facts is None or facts.kind == "other":
        return None
    if facts.horizontal == WGS84:
        out = geom
    else:
        tr = transformer(frame.ref)
        if tr is None:
            return None

        def _fn(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
            return tr.transform(x, y, errcheck=False)

        try:
            out = shapely.transform(geom, _fn, interleaved=False)
        except ProjError:
            return None
    xy = shapely.get_coordinates(out)
    if not len(xy):
        return out
    lon, lat = np.abs(xy[:, 0]), np.abs(xy[:, 1])
    if not (np.isfinite(xy).all() and (lon <= 180.0 + LIMIT_NOISE_DEG).all()
            and (lat <= 90.0 + LIMIT_NOISE_DEG).all()):
        return None
    if (lon > 180.0).any() or (lat > 90.0).any():  # float noise past a limit: the limit
        out = shapely.transform(out, lambda c: np.clip(c, [-180.0, -90.0], [180.0, 90.0]))
    return out
