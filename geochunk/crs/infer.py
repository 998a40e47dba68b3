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

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

import numpy as np

from .database import _usage_extents, area_size, crs_facts, label, projection_lonlat
from .places import Place, distance_deg

__all__ = ["Inferred", "infer_from_places", "MAX_AREA_DEG2", "NEAR_DEG"]

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
    if xy is None or not len(xy) or not places:
        return None
    k = len(xy) // 2
    x, y = float(xy[k, 0]), float(xy[k, 1])
    for place in places[:_MAX_PLACES]:
        plon, plat, _ = place.points[0]
        cands = _by_area(plon, plat)
        kept, others = [], []
        for c in cands[:_MAX_CANDIDATES]:
            ll = projection_lonlat(c, x, y)
            if ll is None:
                continue
            lon, lat = float(ll[0]), float(ll[1])
            if not (np.isfinite(lon) and np.isfinite(lat)):
                continue
            d = distance_deg(plon, plat, lon, lat)
            (kept if d <= NEAR_DEG else others).append((c, d, lon, lat))
        if not kept:
            continue
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
    return None
