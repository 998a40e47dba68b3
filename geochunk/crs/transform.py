"""Geometries and bounding boxes in WGS 84 longitude/latitude, for maps and spatial filters.

``bbox_wgs84`` transforms the *densified boundary of the geometry's bounding box*
(``Transformer.transform_bounds``), not its two corners: projected grid lines are curves in
lon/lat, so corners alone understate the geographic extent (by 4.5 km on a 600 km UTM box). The
edges get a point every kilometre (at least 21, at most 2,001 per edge), so the curve between two
points bows by centimetres at most. Transforming the rectangle instead of every vertex costs the
same for a 40,000-vertex polygon as for a point, and because the geometry lies inside its
rectangle the result covers the transformed geometry (it can exceed the tight box by the bulge
of the rectangle's edges: a conservative box is what a spatial filter wants).
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

from ..model import Frame
from .database import WGS84, CrsFacts, crs_facts, transformer

__all__ = ["bbox_wgs84", "bboxes_wgs84", "to_wgs84", "DENSIFY_POINTS", "MAX_DENSIFY_POINTS"]

DENSIFY_POINTS = 21  # at least this many points along each edge of the box ...
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


def _valid_box(box: tuple[float, ...]) -> bool:
    w, s, e, n = box
    return (
        all(math.isfinite(v) for v in box)
        and -180.0 <= w <= 180.0
        and -180.0 <= e <= 180.0
        and -90.0 <= s <= n <= 90.0
    )


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
    if facts.horizontal == WGS84:
        box = (minx, miny, maxx, maxy)
        return box if _valid_box(box) else None
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
    box = tuple(float(v) for v in box)
    return box if _valid_box(box) else None  # type: ignore[return-value]


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
        bounds = shapely.bounds(np.array([geoms[i] for i in idx], dtype=object))
        finite = np.isfinite(bounds).all(axis=1)
        xs_parts, ys_parts, owner = [], [], []
        for k, (minx, miny, maxx, maxy) in enumerate(bounds):
            if not finite[k]:
                continue
            if minx == maxx and miny == maxy:
                xs, ys = np.array([minx]), np.array([miny])
            else:
                n = _densify(facts, max(maxx - minx, maxy - miny))
                t = np.linspace(0.0, 1.0, n + 2)
                ex, ey = minx + (maxx - minx) * t, miny + (maxy - miny) * t
                xs = np.concatenate([ex, np.full_like(ey, maxx), ex[::-1], np.full_like(ey, minx)])
                ys = np.concatenate([np.full_like(ex, miny), ey, np.full_like(ex, maxy), ey[::-1]])
            xs_parts.append(xs)
            ys_parts.append(ys)
            owner.append(np.full(len(xs), k))
        if not xs_parts:
            continue
        try:
            lon, lat = tr.transform(np.concatenate(xs_parts), np.concatenate(ys_parts), errcheck=False)
        except ProjError:
            for i in idx:
                out[i] = bbox_wgs84(geoms[i], frames[i])
            continue
        who = np.concatenate(owner)
        order = np.argsort(who, kind="stable")
        who, lon, lat = who[order], np.asarray(lon)[order], np.asarray(lat)[order]
        cuts = np.flatnonzero(np.diff(who)) + 1
        for k, lo_, la_ in zip(who[np.r_[0, cuts]], np.split(lon, cuts), np.split(lat, cuts)):
            i = idx[int(k)]
            if not (np.isfinite(lo_).all() and np.isfinite(la_).all()) or lo_.max() - lo_.min() > 180:
                out[i] = bbox_wgs84(geoms[i], frames[i])  # non-finite or may wrap 180°
                continue
            box = (float(lo_.min()), float(la_.min()), float(lo_.max()), float(la_.max()))
            out[i] = box if _valid_box(box) else None
    return out


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
    if len(xy) and not (
        np.isfinite(xy).all() and (np.abs(xy[:, 0]) <= 180).all() and (np.abs(xy[:, 1]) <= 90).all()
    ):
        return None
    return out
