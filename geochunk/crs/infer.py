"""A grid for undeclared projected numbers, inferred from the places a document names.

Projected numbers with no declaration say nothing by themselves: RD New values (155000,
463000) also fall inside British National Grid's area. A place named in the prose narrows it:
the candidates are the projected frames whose area of use (PROJ's rectangles) holds the place
and is no bigger than a country or region (:data:`MAX_AREA_DEG2`); a candidate is kept when its
projection puts the numbers within :data:`NEAR_DEG` of that place. Among those kept, the one
with the smallest area is chosen (the most specific grid: RD New over ETRS89 / UTM 31N); frames
that put the numbers elsewhere are listed with where. An inferred frame is always flagged: no
one declared it.

>>> import numpy as np
>>> from geochunk.crs.places import find_places
>>> guess = infer_from_places(np.array([[136000.0, 455000.0]]), find_places("Lots in Utrecht."))
>>> guess.code, guess.place.text
(28992, 'Utrecht')
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

import numpy as np

from geochunk.crs.database import _usage_extents, area_size, crs_facts, label, projection_lonlat
from geochunk.crs.places import Place, distance_deg

__all__ = ["Inferred", "infer_from_places", "infer_many", "MAX_AREA_DEG2", "NEAR_DEG"]

MAX_AREA_DEG2 = 250.0  # a national or regional grid, not a continental or world frame
NEAR_DEG = 0.5  # the numbers must land this close to the named place
_MAX_CANDIDATES = 60
_MAX_PLACES = 5


@dataclass(frozen=True)
class Inferred:
    """The grid chosen for undeclared numbers, the place that decided it, and what else was
    considered (each with where it would put the numbers)."""

    code: int
    place: Place
    considered: tuple[str, ...]
    ambiguous: bool


@lru_cache(maxsize=1)
def _projected() -> dict[int, tuple[tuple[float, float, float, float], ...]]:
    """Non-deprecated projected EPSG frames with a regional area: code -> usage rectangles."""
    from pyproj.database import query_crs_info
    from pyproj.enums import PJType

    extents = _usage_extents()
    out = {}
    for info in query_crs_info(auth_name="EPSG", pj_types=[PJType.PROJECTED_CRS]):
        if info.deprecated or not info.code.isdigit():
            continue
        code = int(info.code)
        areas = extents.get(code)
        if areas and max(area_size(a) for a in areas) <= MAX_AREA_DEG2:
            out[code] = areas
    return out


@lru_cache(maxsize=1)
def _rectangles() -> tuple[np.ndarray, np.ndarray]:
    """All rectangles of :func:`_projected` as one ``(n, 4)`` array and each one's code, so that
    the frames holding a place are one vectorised test rather than a loop over ~5,000 frames."""
    codes, rects = [], []
    for code, areas in _projected().items():
        for a in areas:
            codes.append(code)
            rects.append(a)
    return np.asarray(codes, dtype=np.int64), np.asarray(rects, dtype=float).reshape(-1, 4)


def _holding(lon: float, lat: float) -> list[int]:
    """Codes of :func:`_projected` frames with a rectangle holding ``(lon, lat)`` (a rectangle
    with east < west crosses 180°).

    >>> 28992 in _holding(5.12, 52.09)
    True
    """
    codes, r = _rectangles()
    w, s, e, n = r[:, 0], r[:, 1], r[:, 2], r[:, 3]
    in_lon = np.where(e >= w, (w <= lon) & (lon <= e), (lon >= w) | (lon <= e))
    mask = (s <= lat) & (lat <= n) & in_lon
    return sorted(set(codes[mask].tolist()))


@lru_cache(maxsize=4096)
def _by_area(lon: float, lat: float) -> tuple[int, ...]:
    """:func:`_holding`, the smallest area of use first (then by code): a fact of the
    database about a place's point, the same in every document that names it."""
    frames = _projected()
    return tuple(sorted(_holding(lon, lat),
                        key=lambda c: (max(area_size(a) for a in frames[c]), c)))


def infer_from_places(xy: np.ndarray | None, places: Sequence[Place]) -> Inferred | None:
    """The grid that puts ``xy`` next to a place the document names, or ``None``."""
    return infer_many([xy], places)[0]


def infer_many(xys: Sequence[np.ndarray | None], places: Sequence[Place]) -> list[Inferred | None]:
    """:func:`infer_from_places` of each sample, the same answers: each candidate grid reads
    the middle points of all the samples still undecided in one PROJ call (PROJ reads each
    point alone) instead of one call per sample.

    >>> from geochunk.crs.places import find_places
    >>> xys = [np.array([[136000.0, 455000.0]]), None, np.array([[9e9, 9e9]])]
    >>> [g and g.code for g in infer_many(xys, find_places("Lots in Utrecht."))]
    [28992, None, None]
    """
    out: list[Inferred | None] = [None] * len(xys)
    mids = {}
    for i, xy in enumerate(xys):
        if xy is not None and len(xy):
            k = len(xy) // 2
            mids[i] = (float(xy[k, 0]), float(xy[k, 1]))
    if not places:
        return out
    for place in places[:_MAX_PLACES]:
        if not mids:
            break
        plon, plat, _ = place.points[0]
        cands = _by_area(plon, plat)
        todo = list(mids)
        xs = np.array([mids[i][0] for i in todo], dtype=float)
        ys = np.array([mids[i][1] for i in todo], dtype=float)
        kept: dict[int, list] = {i: [] for i in todo}
        others: dict[int, list] = {i: [] for i in todo}
        for c in cands[:_MAX_CANDIDATES]:
            got = _read_in(c, xs, ys)
            if got is None:
                continue
            for i, lon, lat in zip(todo, *got):
                if lon is None or not (math.isfinite(lon) and math.isfinite(lat)):
                    continue
                d = distance_deg(plon, plat, lon, lat)
                (kept[i] if d <= NEAR_DEG else others[i]).append((c, d, lon, lat))
        for i in todo:
            if kept[i]:
                out[i] = _inferred(place, cands, kept[i], others[i])
                del mids[i]
    return out


def _read_in(code: int, xs: np.ndarray, ys: np.ndarray) -> tuple[list, list] | None:
    """The points read in ``code``'s projection as Python floats (``None`` for a point PROJ
    refused), or ``None`` where the frame cannot be read at all: what
    ``projection_lonlat(code, x, y)`` gives each point alone."""
    ll = projection_lonlat(code, xs, ys)
    if ll is not None:
        return np.asarray(ll[0], dtype=float).tolist(), np.asarray(ll[1], dtype=float).tolist()
    if len(xs) == 1:
        return None
    lons, lats = [], []  # the batch refused: each point on its own
    for x, y in zip(xs.tolist(), ys.tolist()):
        one = projection_lonlat(code, x, y)
        lons.append(None if one is None else float(one[0]))
        lats.append(None if one is None else float(one[1]))
    return lons, lats


def _inferred(place: Place, cands: tuple[int, ...], kept: list, others: list) -> Inferred:
    """The choice among the grids that put a sample near ``place`` (the smallest area first),
    with what else was considered."""
    chosen = kept[0]
    # several kept frames are the same grid on other datums unless they put it elsewhere
    apart = [k_ for k_ in kept[1:] if distance_deg(chosen[2], chosen[3], k_[2], k_[3]) > 0.05]
    considered = [f"{len(cands)} regional frame(s) hold {place.text!r}; "
                  f"{len(kept)} put the numbers within {NEAR_DEG:g}° of it"]
    for c, d, lon, lat in kept[1:6]:
        facts = crs_facts(c)
        considered.append(f"{label(c)} {facts.name if facts else ''}: also near "
                          f"({d:.2f}°), larger area")
    for c, d, lon, lat in sorted(others, key=lambda t: t[1])[:4]:
        facts = crs_facts(c)
        considered.append(f"{label(c)} {facts.name if facts else ''}: puts the numbers "
                          f"{d:.1f}° away (lon {lon:.2f}, lat {lat:.2f})")
    return Inferred(chosen[0], place, tuple(considered), bool(apart))
