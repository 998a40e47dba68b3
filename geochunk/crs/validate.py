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
from functools import lru_cache
from typing import Sequence

import numpy as np
import shapely
from pyproj.exceptions import ProjError

from geochunk.crs.extent import LIMIT_NOISE_DEG, lon_width
from geochunk.crs.database import WGS84, crs_facts, label, transformer
from geochunk.crs.work import current, over_limit_note

__all__ = ["Check", "check", "expect", "sample_xy", "sample_many", "SAMPLE_PER_FEATURE", "INSIDE_SHARE"]

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


def _inside(inside: int, total: int, lonlat: tuple | None, xy: tuple) -> Check:
    """``Check("inside", inside, total, lonlat, xy)``, filled in one dict update (a check per
    feature: the frozen dataclass's ``__init__`` sets its fields one by one)."""
    chk = object.__new__(Check)
    chk.__dict__.update(status="inside", inside=inside, total=total, lonlat=lonlat, xy=xy,
                        note=None)
    return chk


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
    finite = np.isfinite(xy)
    if not finite.all():  # (mostly all are: the array is kept as shapely made it)
        xy = xy[finite.all(axis=1)]
    n = len(xy)
    if n == 0:
        return None
    if n > limit:
        xy = xy[np.linspace(0, n - 1, limit).round().astype(int)]
    return xy


_SAMPLE_BLOCK = 256  # geometries whose coordinates one shapely call reads (bounds the arrays)


def sample_many(geoms: Sequence[object], limit: int = SAMPLE_PER_FEATURE) -> list[np.ndarray | None]:
    """``[sample_xy(g, limit) for g in geoms]``, the same arrays, with one shapely call per
    block of geometries instead of one per geometry.

    >>> [None if a is None else a.tolist() for a in sample_many(
    ...     [shapely.Point(1, 2), None, shapely.from_wkt("LINESTRING (0 0, 1 1, 2 2)")], limit=2)]
    [[[1.0, 2.0]], None, [[0.0, 0.0], [2.0, 2.0]]]
    """
    if len(geoms) < 8:  # a few geometries: the block's bookkeeping costs more than it saves
        return [sample_xy(g, limit) for g in geoms]
    out: list[np.ndarray | None] = []
    for lo in range(0, len(geoms), _SAMPLE_BLOCK):
        block = geoms[lo : lo + _SAMPLE_BLOCK]
        arr = np.empty(len(block), dtype=object)
        arr[:] = list(block)
        try:
            xy, index = shapely.get_coordinates(arr, return_index=True)
        except (TypeError, shapely.errors.GEOSException):
            out.extend(sample_xy(g, limit) for g in block)
            continue
        finite = np.isfinite(xy).all(axis=1)
        ends = np.cumsum(np.bincount(index, minlength=len(block))).tolist()
        start = 0
        if bool(finite.all()):
            for end in ends:
                n = end - start
                if n == 0:
                    out.append(None)
                elif n > limit:
                    out.append(xy[start + np.linspace(0, n - 1, limit).round().astype(int)])
                else:
                    out.append(xy[start:end].copy())  # not a view: the block's array is let go
                start = end
            continue
        for end in ends:
            part = xy[start:end][finite[start:end]]
            n = len(part)
            if n == 0:
                out.append(None)
            else:
                out.append(part[np.linspace(0, n - 1, limit).round().astype(int)] if n > limit
                           else part)
            start = end
    return out


def _in_area(
    lon: np.ndarray, lat: np.ndarray, area: tuple[float, float, float, float]
) -> np.ndarray:
    """Which (lon, lat) points lie in ``area`` (west, south, east, north), widened by the
    margin :func:`_area_bounds` gives it."""
    lowest, highest, west, span, whole = _area_bounds((area,))[0]
    ok_lat = (lat >= lowest) & (lat <= highest)
    if whole:
        return ok_lat
    with np.errstate(invalid="ignore"):
        rel = np.mod(lon - west, 360.0)  # eastward from the widened west edge
    return ok_lat & (rel <= span)


def _in_areas(
    lon: np.ndarray, lat: np.ndarray, areas: tuple[tuple[float, float, float, float], ...]
) -> np.ndarray:
    ok = np.zeros(lon.shape, dtype=bool)
    for area in areas:
        ok |= _in_area(lon, lat, area)
    return ok


# the lon/lat range (|x|, |y|), in degrees: a value past a limit by float noise is the limit
# (``extent.LIMIT_NOISE_DEG``: a real GeoJSON of countries has x = 180.00000000000006)
_LON_MAX, _LAT_MAX = 180.0 + LIMIT_NOISE_DEG, 90.0 + LIMIT_NOISE_DEG


def _lonlat_range(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    return (np.abs(x) <= _LON_MAX) & (np.abs(y) <= _LAT_MAX)


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
    total = len(xy)
    degree_like, inside, rep = _batched(epsg, facts, xy)
    if facts.kind == "projected" and degree_like:
        x0, y0 = xy[0].tolist()
        return Check(
            "degree_like",
            total=total,
            xy=(x0, y0),
            note=f"coordinates look like lon/lat degrees, not {facts.units or 'projected'} "
            f"values of {label(epsg)}",
        )
    if inside is None:
        return Check("outside", total=total, note="the transformation failed")
    if inside:
        lon, lat, x, y = rep  # type: ignore[misc]
        lonlat: tuple[float, float] | None = (lon, lat)
        rep_xy = (x, y)
    else:
        lonlat = None
        rep_xy = tuple(xy[0].tolist())  # type: ignore[assignment]
    if inside >= INSIDE_SHARE * total:
        return _inside(inside, total, lonlat, rep_xy)
    x, y = xy[:, 0], xy[:, 1]
    where = _describe_area(facts.area)
    note = (f"{total - inside} of {total} sampled points fall outside the area of use{where} "
            "(PROJ's rectangle, widened by a margin)")
    if facts.kind == "geographic" and facts.areas and inside == 0:
        swapped = _lonlat_range(y, x) & _in_areas(y, x, facts.areas)
        if bool(swapped.all()):
            note += "; they would fit with the axes swapped (lat, lon): x must be longitude"
    status = "partial" if inside else "outside"
    return Check(status, inside, total, lonlat, rep_xy, note)


def _lonlat_ok(
    epsg: int | str, facts: object, xy: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """WGS 84 lon, lat of ``xy`` and which points lie in the frame's area of use (every test
    is per point, so a concatenation of samples gives the concatenation of their answers), or
    ``None`` when PROJ raises."""
    x, y = xy[:, 0], xy[:, 1]
    if facts.horizontal == WGS84:  # type: ignore[attr-defined]
        lon, lat = x.astype(float), y.astype(float)
    else:
        tr = transformer(epsg)  # type: ignore[arg-type]
        try:
            lon, lat = tr.transform(x, y, errcheck=False)  # type: ignore[union-attr]
        except ProjError:
            return None
        lon, lat = np.asarray(lon, dtype=float), np.asarray(lat, dtype=float)
    ok = np.isfinite(lon) & np.isfinite(lat) & _lonlat_range(lon, lat)
    if facts.kind == "geographic":  # type: ignore[attr-defined]
        ok &= _lonlat_range(x, y)  # values beyond ±180/±90 are not degrees, whatever PROJ makes
    if facts.areas:  # type: ignore[attr-defined]
        ok &= _in_areas(lon, lat, facts.areas)  # type: ignore[attr-defined]
    return lon, lat, ok


BATCH = 1024  # samples transformed together (at most ~50 points each): bounds the arrays held


def expect(epsg: int | str, xys: Sequence[np.ndarray | None]) -> None:
    """Announce, inside a document's frame work (``work.document_work``), that ``check(epsg,
    xy)`` will likely be asked for each of ``xys`` (the resolver's guess, in feature order).

    Nothing is computed here. The first of those checks that gets as far as transforming
    (every gate of :func:`check`, including the per-document bound, already passed) transforms
    and tests it together with up to ``BATCH - 1`` further announced samples in one PROJ call and
    one numpy test; their checks then read their slice. A wrong guess costs one wasted
    transform; a check nobody announced transforms on its own. Results are identical either way.

    >>> from .work import document_work
    >>> pts = [np.array([[530000.0, 180000.0]]), np.array([[400000.0, 300000.0]])]
    >>> with document_work():
    ...     expect(27700, pts)
    ...     [check(27700, p).status for p in pts]
    ['inside', 'inside']
    """
    work = current()
    if work is None:
        return
    pending = work.memo.setdefault(("expect", epsg), {})
    for xy in xys:
        if xy is not None and len(xy):
            pending[id(xy)] = xy  # the value keeps the array (and so its id) alive


# per sample: (every point looks like lon/lat degrees, points inside the area of use or None
# when the transformation failed, (lon, lat, x, y) of the representative inside point or None)
Summary = tuple[bool, "int | None", "tuple[float, float, float, float] | None"]


def _summaries(epsg: int | str, facts: object, group: list[np.ndarray]) -> list[Summary]:
    """What :func:`check` needs of each sample in ``group``, from one PROJ call and a few
    numpy reductions over the concatenation (no numpy call per sample). The representative
    point is the middle one of those inside, as :func:`check` has always reported it."""
    if len(group) == 1:
        return [_summary(epsg, facts, group[0])]
    xy = np.concatenate(group)
    starts = np.cumsum([0] + [len(a) for a in group[:-1]])
    x, y = xy[:, 0], xy[:, 1]
    if facts.kind == "projected":  # type: ignore[attr-defined]
        degree_like = np.logical_and.reduceat(_lonlat_range(x, y), starts).tolist()
    else:
        degree_like = [False] * len(group)  # only a projected frame is told it got degrees
    got = _lonlat_ok(epsg, facts, xy)
    if got is None:  # PROJ raised on the batch: each sample on its own
        return [_summary(epsg, facts, a) for a in group]
    lon, lat, ok = got
    count = ok.astype(np.intp)
    inside = np.add.reduceat(count, starts)
    seen = np.cumsum(count)  # inside points up to and including each point
    before = seen[starts] - count[starts]
    rep = np.searchsorted(seen, before + inside // 2 + 1)  # the (inside // 2)-th inside point
    rep = np.where(inside > 0, rep, starts)
    reps = zip(lon[rep].tolist(), lat[rep].tolist(), x[rep].tolist(), y[rep].tolist())
    return [(d, n, r if n else None) for d, n, r in zip(degree_like, inside.tolist(), reps)]


def _summary(epsg: int | str, facts: object, xy: np.ndarray) -> Summary:
    """:func:`_summaries` of one sample (a few numpy calls; a projected frame over values that
    all look like degrees is not transformed at all)."""
    x, y = xy[:, 0], xy[:, 1]
    if facts.kind == "projected" and bool(_lonlat_range(x, y).all()):  # type: ignore[attr-defined]
        return True, None, None
    got = _lonlat_ok(epsg, facts, xy)
    if got is None:
        return False, None, None
    lon, lat, ok = got
    inside = int(np.count_nonzero(ok))
    if not inside:
        return False, 0, None
    k = int(np.flatnonzero(ok)[inside // 2])
    return False, inside, (float(lon[k]), float(lat[k]), float(x[k]), float(y[k]))


@lru_cache(maxsize=4096)
def _area_bounds(areas: tuple) -> tuple[tuple[float, float, float, float, bool], ...]:
    """Per area: (lowest lat, highest lat, west edge, width, whole circle?) as :func:`_in_area`
    widens them (the same float operations)."""
    out = []
    for west, south, east, north in areas:
        width = lon_width(west, east)
        margin = min(MARGIN_CAP_DEG, MARGIN_DEG + MARGIN_SHARE * max(width, north - south))
        out.append((south - margin, north + margin, west - margin, width + 2 * margin,
                    width + 2 * margin >= 360.0))
    return tuple(out)


def _batched(epsg: int | str, facts: object, xy: np.ndarray) -> Summary:
    """:func:`_summaries` of ``xy``, from the batch it was announced in (see :func:`expect`)."""
    work = current()
    if work is None:
        return _summary(epsg, facts, xy)
    done = work.memo.setdefault(("batched", epsg), {})
    hit = done.pop(id(xy), None)  # each answer is read once: nothing is held after use
    if hit is not None and hit[0] is xy:
        return hit[1]
    pending = work.memo.get(("expect", epsg))
    if not pending or pending.get(id(xy)) is not xy:
        return _summary(epsg, facts, xy)
    del pending[id(xy)]
    group = [xy]  # this sample first, then the next announced ones in order
    for key in list(pending)[: BATCH - 1]:
        group.append(pending.pop(key))
    got = _summaries(epsg, facts, group)
    for k in range(1, len(group)):
        done[id(group[k])] = (group[k], got[k])
    return got[0]


def _describe_area(area: tuple[float, float, float, float] | None) -> str:
    if area is None:
        return ""
    w, s, e, n = area
    return f" ({w:g}, {s:g}, {e:g}, {n:g})"
