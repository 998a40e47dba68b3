"""Check a candidate frame against the coordinates it would govern.

A sample of each feature's coordinates (at most :data:`SAMPLE_PER_FEATURE`, evenly spaced, so a
40,000-vertex polygon costs the same as a small one) is transformed to WGS 84 with the frame's
cached ``always_xy`` transformer (x = easting/longitude, as WKT and GeoJSON write them) and tested
against the frame's area of use, widened by a margin because real data spills over zone edges.

>>> import numpy as np
>>> check(27700, np.array([[530000.0, 180000.0]])).status
'inside'
>>> check(4326, np.array([[530000.0, 180000.0]])).status  # BNG numbers are not degrees
'outside'
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely
from pyproj.exceptions import ProjError

from .database import WGS84, crs_facts, label, lon_width, transformer
from .work import current, over_limit_note

__all__ = ["Check", "check", "sample_xy", "SAMPLE_PER_FEATURE", "INSIDE_SHARE"]

SAMPLE_PER_FEATURE = 50
INSIDE_SHARE = 0.95  # share of sampled points that must fall inside for "inside"
MARGIN_DEG = 0.5  # base widening of the area of use, degrees ...
MARGIN_SHARE = 0.10  # ... plus this share of its larger side ...
MARGIN_CAP_DEG = 3.0  # ... capped here


@dataclass(frozen=True)
class Check:
    """The verdict on one frame for some coordinates.

    ``status``: ``"inside"`` (at least :data:`INSIDE_SHARE` of the sample in the area of use),
    ``"partial"``, ``"outside"`` (none inside, or the transformation fails),
    ``"degree_like"`` (a projected frame over values that all look like lon/lat degrees),
    ``"untransformable"`` (a real frame PROJ has no operation for, e.g. an unimplemented
    projection method: nothing can be checked or drawn), ``"no_coordinates"`` (nothing to
    test) or ``"unusable"`` (no such 2D frame).
    ``lonlat`` is a representative sampled point in WGS 84, when one transformed.
    """

    status: str
    inside: int = 0
    total: int = 0
    lonlat: tuple[float, float] | None = None
    xy: tuple[float, float] | None = None
    note: str | None = None


def sample_xy(geom: object, limit: int = SAMPLE_PER_FEATURE) -> np.ndarray | None:
    """Up to ``limit`` evenly spaced finite (x, y) pairs of a shapely geometry, or ``None``.

    >>> sample_xy(shapely.from_wkt("LINESTRING (0 0, 1 1, 2 2)"), limit=2).tolist()
    [[0.0, 0.0], [2.0, 2.0]]
    """
    if geom is None:
        return None
    try:
        xy = shapely.get_coordinates(geom)
    except (TypeError, shapely.errors.GEOSException):
        return None
    if xy.size == 0:
        return None
    xy = xy[np.isfinite(xy).all(axis=1)]
    n = len(xy)
    if n == 0:
        return None
    if n > limit:
        xy = xy[np.linspace(0, n - 1, limit).round().astype(int)]
    return xy


def _in_area(
    lon: np.ndarray, lat: np.ndarray, area: tuple[float, float, float, float]
) -> np.ndarray:
    west, south, east, north = area
    width = lon_width(west, east)
    margin = min(MARGIN_CAP_DEG, MARGIN_DEG + MARGIN_SHARE * max(width, north - south))
    ok_lat = (lat >= south - margin) & (lat <= north + margin)
    if width + 2 * margin >= 360.0:
        return ok_lat
    with np.errstate(invalid="ignore"):
        rel = np.mod(lon - (west - margin), 360.0)  # eastward from the widened west edge
    return ok_lat & (rel <= width + 2 * margin)


def _in_areas(
    lon: np.ndarray, lat: np.ndarray, areas: tuple[tuple[float, float, float, float], ...]
) -> np.ndarray:
    ok = np.zeros(lon.shape, dtype=bool)
    for area in areas:
        ok |= _in_area(lon, lat, area)
    return ok


def _lonlat_range(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    return (np.abs(x) <= 180.0) & (np.abs(y) <= 90.0)


def check(epsg: int | str, xy: np.ndarray | None) -> Check:
    """Test ``EPSG:epsg`` (or an ``"ESRI:code"`` ref) against sampled ``(x, y)`` coordinates (see :class:`Check`)."""
    facts = crs_facts(epsg)
    if facts is None:
        return Check("unusable", note=f"{label(epsg)} is not a CRS in the database")
    if facts.kind == "other":
        return Check("unusable", note=f"{label(epsg)} is not a horizontal 2D frame")
    if xy is None or len(xy) == 0:
        return Check("no_coordinates")  # nothing governed: no transformer is built
    work = current()
    if work is not None and facts.horizontal != WGS84 and not work.may_check(epsg):
        return Check("unresolved", total=len(xy), note=over_limit_note(label(epsg), "checked"))
    if facts.horizontal != WGS84 and transformer(epsg) is None:
        return Check(
            "untransformable",
            total=0 if xy is None else len(xy),
            note=f"PROJ has no operation from {label(epsg)} to WGS 84 (an unimplemented "
            "projection method, or not a single projection): the coordinates cannot be checked "
            "or placed on a map",
        )
    x, y = xy[:, 0], xy[:, 1]
    total = len(x)
    if facts.kind == "projected" and bool(_lonlat_range(x, y).all()):
        return Check(
            "degree_like",
            total=total,
            xy=(float(x[0]), float(y[0])),
            note=f"coordinates look like lon/lat degrees, not {facts.units or 'projected'} "
            f"values of {label(epsg)}",
        )
    if facts.horizontal == WGS84:
        lon, lat = x.astype(float), y.astype(float)
    else:
        tr = transformer(epsg)
        try:
            lon, lat = tr.transform(x, y, errcheck=False)  # type: ignore[union-attr]
        except ProjError:
            return Check("outside", total=total, note="the transformation failed")
        lon, lat = np.asarray(lon, dtype=float), np.asarray(lat, dtype=float)
    ok = np.isfinite(lon) & np.isfinite(lat) & _lonlat_range(lon, lat)
    if facts.kind == "geographic":
        ok &= _lonlat_range(x, y)  # values beyond ±180/±90 are not degrees, whatever PROJ makes
    if facts.areas:
        ok &= _in_areas(lon, lat, facts.areas)
    inside = int(ok.sum())
    lonlat = None
    rep_xy = (float(x[0]), float(y[0]))
    if inside:
        k = int(np.flatnonzero(ok)[inside // 2])
        lonlat = (float(lon[k]), float(lat[k]))
        rep_xy = (float(x[k]), float(y[k]))
    if inside >= INSIDE_SHARE * total:
        return Check("inside", inside, total, lonlat, rep_xy)
    where = _describe_area(facts.area)
    note = (f"{total - inside} of {total} sampled points fall outside the area of use{where} "
            "(PROJ's rectangle, widened by a margin)")
    if facts.kind == "geographic" and facts.areas and inside == 0:
        swapped = _lonlat_range(y, x) & _in_areas(y, x, facts.areas)
        if bool(swapped.all()):
            note += "; they would fit with the axes swapped (lat, lon): x must be longitude"
    status = "partial" if inside else "outside"
    return Check(status, inside, total, lonlat, rep_xy, note)


def _describe_area(area: tuple[float, float, float, float] | None) -> str:
    if area is None:
        return ""
    w, s, e, n = area
    return f" ({w:g}, {s:g}, {e:g}, {n:g})"
