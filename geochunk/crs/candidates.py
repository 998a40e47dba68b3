"""Projected frames whose numbers these could be: an inverse index of grids' areas of use.

Projected numbers with no declaration and no place named fit many grids: RD New values
(155000, 463000) lie inside RD New's area and, read as British National Grid, inside Great
Britain's. To say which grids fit without building a transformer per grid per document, every
non-deprecated projected EPSG frame's area of use (PROJ's rectangle(s) in degrees) is projected
once into the frame's own coordinates (each edge densified, so a parallel's arc stays an arc) and
kept as a polygon in those coordinates. A document's numbers are then tested against all of them
at once: a vectorised box test, then a point-in-polygon test on the few boxes that hold them
(for one point, only where it lies outside the area's inner box: a box GEOS found properly
inside the area when the index was built, kept with it).

Only regional frames are indexed (an area of use up to :data:`MAX_AREA_DEG2`, which keeps
countries, states and UTM zones): continental and world frames (Web Mercator, World Robinson)
fit almost any numbers and say nothing. The index (about 5,000 frames) is built in a few seconds
the first time it is needed and kept in the user cache (``cache.py``), keyed by the PROJ database
version, like the frame-name index. Areas are PROJ's rectangles: where a frame's real area is a
polygon (a country's border), PROJ does not ship it, so a listed frame may not really cover the
numbers, and the listing says so.

>>> fits = frames_holding(np.array([[155000.0, 463000.0]]))
>>> 28992 in fits and 27700 in fits  # RD New numbers fit British National Grid's rectangle too
True
"""

from __future__ import annotations

import math
import re
import threading
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

import numpy as np
import shapely

from geochunk.crs.cache import read_arrays, write_arrays
from geochunk.crs.database import _usage_extents, area_size, label

__all__ = ["MAX_AREA_DEG2", "MAX_LISTED", "Listing", "frames_holding", "leading", "listing"]

MAX_AREA_DEG2 = 2000.0  # a country, state or UTM zone; not a continent or the world
MAX_LISTED = 12  # families of frames named in one listing (the rest are counted)
_EDGE_POINTS = 7  # points per edge of an area's rectangle (the corners included)
_INSIDE_SHARE = 0.95  # share of the numbers that must lie in a frame's area for it to fit
_MAX_RUNS = 300  # runs of codes in the line that names every frame that fits
_NAME = "grid-areas-2"  # -2: a file of arrays (cache.write_arrays), not JSON
_PREPARED = threading.Lock()


class _Index:
    """The grid-areas index of a process, made from the cached arrays (:func:`_pack`): flat
    numpy arrays (most of them read-only views of the cache file's bytes) and the few per-row
    strings a listing joins; each area's GEOS polygon is built (and prepared) the first time
    a point has to be tested against it (:meth:`polygons_of`), not all ~5,000 at load.

    Per row (an area; a frame with several areas has several rows, next to each other, rows
    in ascending code order): ``codes``, ``boxes`` (minx, miny, maxx, maxy in the frame's
    units) and ``edges`` (its columns, contiguous), ``inner`` (the columns of a box inside the
    area's interior, found by GEOS when the index was built: a point in it needs no
    point-in-polygon test; empty, min > max, where none was found) and ``inner_rows``,
    ``spans`` (minx, width, miny, height; a width of 0 as NaN) and ``span_rows``,
    ``row_sizes`` (the frame's largest area of use, square degrees) and ``size_rank`` (their
    dense rank), ``grids`` (a number per grid, see :func:`_grid`; ``n_grids`` of them),
    ``leading`` (its code is one of :func:`leading`), ``shared`` (its code has other rows),
    ``labels`` (``EPSG:<code>``) and ``tails`` (``-<code>``, how a listed run of codes ending
    on the row ends). ``names``: code -> the frame's name. ``lines``: a grid's listing line by
    its codes (see :func:`_grid_line`), ``fit_lines``: a row's line for its code alone in its
    grid (:meth:`fits`), both filled in use.
    """

    __slots__ = ("codes", "boxes", "edges", "inner", "inner_rows", "spans", "span_rows",
                 "row_sizes", "size_rank", "grids", "n_grids", "leading", "shared", "labels",
                 "tails", "names", "lines", "fit_lines", "_xy", "_ring_at", "_polygons",
                 "_built")

    def __init__(self, arrays: dict[str, np.ndarray]) -> None:
        codes = arrays["codes"].astype(np.int64)
        n = len(codes)
        ring_at = arrays["ring_at"].astype(np.int64)
        xy = arrays["xy"]
        name_at = arrays["name_at"].astype(np.int64)
        name_blob = arrays["name_blob"].tobytes()
        inner = arrays["inner"].astype(float)  # a copy: writable, contiguous
        sizes = arrays["sizes"].astype(float)
        grids = arrays["grids"].astype(np.int64)
        if not (xy.ndim == 2 and xy.shape[1] == 2 and xy.dtype.kind in "if"
                and ring_at.shape == name_at.shape == (n + 1,) and inner.shape == (n, 4)
                and sizes.shape == grids.shape == (n,) and n > 0):
            raise ValueError("not a grid-areas index")
        if not ((np.diff(codes) >= 0).all() and ring_at[0] == 0 and ring_at[-1] == len(xy)
                and (np.diff(ring_at) >= 4).all() and name_at[0] == 0
                and name_at[-1] == len(name_blob) and (np.diff(name_at) >= 0).all()
                and np.isfinite(xy).all() and (grids >= 0).all()):
            raise ValueError("a damaged grid-areas index")
        self.codes = codes
        self._xy, self._ring_at = xy, ring_at
        self._polygons = np.empty(n, dtype=object)  # built when first needed: polygons_of
        self._built = np.zeros(n, dtype=bool)
        # each row's box: the least and greatest of its ring's coordinates (shapely.bounds)
        first = ring_at[:-1]
        boxes = np.empty((n, 4))
        boxes[:, :2] = np.minimum.reduceat(xy, first, axis=0)
        boxes[:, 2:] = np.maximum.reduceat(xy, first, axis=0)
        # a file that passed its digest but holds what this code never writes (a forged one):
        # a grid number beyond the rows (the listing sizes arrays by it), a name cut inside a
        # UTF-8 character, an inner box reaching past its ring's bounding box
        cuts = name_at[:-1][name_at[:-1] < len(name_blob)]
        if (int(grids.max()) >= n
                or (np.frombuffer(name_blob, dtype=np.uint8)[cuts] & 0xC0 == 0x80).any()
                or (inner[:, :2] < boxes[:, :2]).any() or (inner[:, 2:] > boxes[:, 2:]).any()):
            raise ValueError("a damaged grid-areas index")
        self.boxes = boxes
        self.edges = tuple(np.ascontiguousarray(boxes[:, k]) for k in range(4))
        self.inner = tuple(np.ascontiguousarray(inner[:, k]) for k in range(4))
        self.inner_rows = inner
        spans = []
        for lo, hi in ((0, 2), (1, 3)):  # hi - lo as listing computed it; 0 -> NaN: 0 / 0 was NaN
            width = boxes[:, hi] - boxes[:, lo]
            spans += [np.ascontiguousarray(boxes[:, lo]), np.where(width == 0.0, np.nan, width)]
        self.spans = tuple(spans)
        self.span_rows = np.ascontiguousarray(np.stack(spans, axis=1))
        self.row_sizes = sizes
        self.size_rank = np.unique(sizes, return_inverse=True)[1].reshape(-1).astype(np.int64)
        self.grids = grids
        self.n_grids = int(grids.max()) + 1
        self.leading = np.isin(codes, np.fromiter(leading(), dtype=np.int64))
        shared = np.zeros(n, dtype=bool)
        same = codes[1:] == codes[:-1]
        shared[1:] |= same
        shared[:-1] |= same
        self.shared = shared
        self.labels, self.tails = np.empty(n, dtype=object), np.empty(n, dtype=object)
        as_text = codes.tolist()
        self.labels[:] = [f"EPSG:{c}" for c in as_text]
        self.tails[:] = [f"-{c}" for c in as_text]
        self.names = _Names(codes, name_at, name_blob)
        self.lines: dict[bytes, str] = {}
        self.fit_lines: dict[int, str] = {}

    def fits(self, row: int) -> str:
        """The listing's line for row ``row``'s code alone in its grid."""
        line = self.fit_lines.get(row)
        if line is None:
            code = int(self.codes[row])
            line = f"{self.names.of_row(row)} ({label(code)}): fits"
            if len(self.fit_lines) >= _LINES_KEPT:
                self.fit_lines.clear()
            self.fit_lines[row] = line
        return line

    def polygons_of(self, rows: np.ndarray) -> np.ndarray:
        """The prepared GEOS polygons of ``rows`` (an object array), the missing ones built
        from the cached rings first. Call it holding ``_PREPARED`` (a prepared polygon builds
        its index on first use: one thread at a time)."""
        built = self._built[rows]
        if not built.all():
            missing = np.unique(rows[~built])
            lo, hi = self._ring_at[missing], self._ring_at[missing + 1]
            counts = hi - lo
            ends = np.cumsum(counts)
            at = np.arange(ends[-1]) + np.repeat(lo - (ends - counts), counts)
            rings = shapely.linearrings(self._xy[at].astype(float),
                                        indices=np.repeat(np.arange(len(missing)), counts))
            made = shapely.polygons(rings)
            shapely.prepare(made)  # point-in-polygon tests ~3x faster; the same answers
            self._polygons[missing] = made
            self._built[missing] = True
        return self._polygons[rows]

    @property
    def polygons(self) -> np.ndarray:
        """Every row's polygon (all built: for inspection and tests; the listing builds only
        those it tests)."""
        with _PREPARED:
            return self.polygons_of(np.arange(len(self.codes)))


class _Names:
    """A frame's name by its code (``names[code]``), read from one UTF-8 blob."""

    __slots__ = ("_codes", "_at", "_blob")

    def __init__(self, codes: np.ndarray, at: np.ndarray, blob: bytes) -> None:
        self._codes, self._at, self._blob = codes, at, blob
        blob.decode("utf-8")  # a damaged blob fails here, not in a listing

    def of_row(self, row: int) -> str:
        return self._blob[self._at[row]:self._at[row + 1]].decode("utf-8")

    def __getitem__(self, code: int) -> str:
        row = int(np.searchsorted(self._codes, code))
        if row == len(self._codes) or self._codes[row] != code:
            raise KeyError(code)
        return self.of_row(row)

    def get(self, code: int, default: str | None = None) -> str | None:
        try:
            return self[code]
        except KeyError:
            return default

    def __contains__(self, code: object) -> bool:
        return self.get(code) is not None  # type: ignore[arg-type]


def _ring(crs_code: int, areas: Sequence[tuple[float, float, float, float]]) -> list[list[int]]:
    """Each area rectangle of ``crs_code`` as a flat ``[x0, y0, x1, y1, ...]`` ring in the
    frame's own coordinates (whole units), or nothing where it does not project."""
    from pyproj import CRS, Transformer
    from pyproj.exceptions import CRSError, ProjError

    try:
        crs = CRS.from_epsg(crs_code)
        tr = Transformer.from_crs(crs.geodetic_crs, crs, always_xy=True)
    except (CRSError, ProjError, AttributeError):
        return []
    out = []
    t = np.linspace(0.0, 1.0, _EDGE_POINTS)[:-1]
    for west, south, east, north in areas:
        east_ = east + 360.0 if east < west else east
        lon = np.concatenate([west + (east_ - west) * t, np.full(len(t), east_),
                              east_ - (east_ - west) * t, np.full(len(t), west)])
        lat = np.concatenate([np.full(len(t), south), south + (north - south) * t,
                              np.full(len(t), north), north - (north - south) * t])
        lon = np.where(lon > 180.0, lon - 360.0, lon)
        try:
            x, y = tr.transform(lon, lat, errcheck=False)
        except ProjError:
            continue
        x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
        if not (np.isfinite(x).all() and np.isfinite(y).all()) or np.abs(x).max() > 1e12:
            continue
        if x.max() - x.min() < 1000.0:  # a projected frame in degrees or grads: not metres
            continue
        out.append([int(round(v)) for pair in zip(x, y) for v in pair])
    return out


def _build() -> dict:
    from pyproj.database import query_crs_info
    from pyproj.enums import PJType

    extents = _usage_extents()
    codes: list[int] = []
    rings: list[list[int]] = []
    names: dict[str, str] = {}
    for info in query_crs_info(auth_name="EPSG", pj_types=[PJType.PROJECTED_CRS]):
        if info.deprecated or not info.code.isdigit():
            continue
        code = int(info.code)
        areas = extents.get(code)
        if not areas or max(area_size(a) for a in areas) > MAX_AREA_DEG2:
            continue
        for ring in _ring(code, areas):
            codes.append(code)
            rings.append(ring)
            names[str(code)] = info.name
    return {"codes": codes, "rings": rings, "names": names}


def _pack(data: dict) -> dict[str, np.ndarray]:
    """:func:`_build`'s ``{"codes", "rings", "names"}`` as the arrays the cache keeps and
    :class:`_Index` reads, rows in ascending code order (a code's areas in the order built):
    ``codes``; ``xy`` the closed rings' coordinates one after another (whole units: int32
    where they fit, else float64) and ``ring_at`` where each row's starts (and the end); an
    area whose rectangle projects to a folded ring (over a pole) has its convex hull's ring, a
    superset; ``inner`` a box properly inside each (:func:`_inner_boxes`); ``sizes`` the
    frame's largest area of use; ``grids`` its grid's number (in order of first row);
    ``name_blob`` and ``name_at`` each row's frame name in UTF-8. An entry that makes no
    polygon is left out."""
    found = []
    for code, ring in zip(data["codes"], data["rings"]):
        try:
            poly = shapely.Polygon(np.asarray(ring, dtype=float).reshape(-1, 2))
        except (TypeError, ValueError, OverflowError, shapely.errors.GEOSException):
            continue
        if not poly.is_valid:  # a folded image (a rectangle over a pole): its hull, a superset
            poly = poly.convex_hull
            if not isinstance(poly, shapely.Polygon):
                continue
        found.append((int(code), poly))
    found.sort(key=lambda t: t[0])  # stable: a code's areas in the order built
    polygons = np.empty(len(found), dtype=object)
    polygons[:] = [p for _, p in found]
    codes = [c for c, _ in found]
    rings = [shapely.get_coordinates(p.exterior) for p in polygons]
    xy = np.concatenate(rings) if rings else np.empty((0, 2))
    if len(xy) and (xy == np.round(xy)).all() and np.abs(xy).max() < 2**31 - 1:
        xy = xy.astype(np.int32)
    ring_at = np.zeros(len(rings) + 1, dtype=np.int64)
    np.cumsum([len(r) for r in rings], out=ring_at[1:])
    shapely.prepare(polygons)
    inner = _inner_boxes(polygons, shapely.bounds(polygons).reshape(-1, 4))
    extents = _usage_extents()
    sizes = [max((area_size(a) for a in extents.get(c, ())), default=0.0) for c in codes]
    names = [str(data["names"].get(str(c), c)) for c in codes]
    ids: dict[str, int] = {}
    grids = [ids.setdefault(_grid.__wrapped__(name), len(ids)) for name in names]
    encoded = [name.encode("utf-8") for name in names]
    name_at = np.zeros(len(encoded) + 1, dtype=np.int64)
    np.cumsum([len(b) for b in encoded], out=name_at[1:])
    return {"codes": np.asarray(codes, dtype=np.int32), "ring_at": ring_at, "xy": xy,
            "inner": inner, "sizes": np.asarray(sizes, dtype=float),
            "grids": np.asarray(grids, dtype=np.int32), "name_at": name_at,
            "name_blob": np.frombuffer(b"".join(encoded), dtype=np.uint8)}


@lru_cache(maxsize=1)
def _index() -> _Index:
    """The index of this process: read from the user cache (a file of arrays, see
    ``cache.write_arrays``), or built from PROJ's database (a few seconds) and stored there.
    A cache file that is missing, truncated, damaged or of another layout is built afresh."""
    arrays = read_arrays(_NAME)
    if arrays is not None:
        try:
            return _Index(arrays)
        except (KeyError, ValueError, TypeError, UnicodeError, IndexError):
            pass  # not the layout written here: built afresh
    arrays = _pack(_build())
    write_arrays(_NAME, arrays)
    return _Index(arrays)


_SHRINK = (0.9, 0.75, 0.5, 0.3)  # inner boxes tried: the bounding box shrunk about its centre
_GROW_STEPS = 6  # halvings of the gap between an inner box's side and its bounding box's
_GROW_ORDER = (0, 2, 1, 3)  # sides grown, in turn: west, east, south, north


def _inner_boxes(polygons: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """Per polygon, a box whose every point (edges included) lies in the polygon's interior,
    as an ``(n, 4)`` array (minx, miny, maxx, maxy): the largest of the bounding box shrunk
    about its centre by :data:`_SHRINK` that GEOS finds properly inside, then each side in
    turn (:data:`_GROW_ORDER`) pushed out towards the bounding box's as far as GEOS still finds
    it properly inside (:data:`_GROW_STEPS` halvings of the gap); or an empty box (min > max)
    where none was found. A point in it is inside the polygon without asking GEOS, exactly as
    ``contains_xy`` would say. Every box kept is one GEOS found properly inside."""
    n = len(polygons)
    inner = np.empty((n, 4))
    inner[:, :2], inner[:, 2:] = np.inf, -np.inf
    if not n:
        return inner
    cx, cy = (boxes[:, 0] + boxes[:, 2]) / 2, (boxes[:, 1] + boxes[:, 3]) / 2
    hw, hh = (boxes[:, 2] - boxes[:, 0]) / 2, (boxes[:, 3] - boxes[:, 1]) / 2
    left = np.flatnonzero(~(inner[:, 0] <= inner[:, 2]))
    todo = left
    with _PREPARED:
        for f in _SHRINK:
            if not len(left):
                break
            cand = np.stack([cx[left] - f * hw[left], cy[left] - f * hh[left],
                             cx[left] + f * hw[left], cy[left] + f * hh[left]], axis=1)
            ok = shapely.contains_properly(polygons[left], shapely.box(*cand.T))
            inner[left[ok]] = cand[ok]
            left = left[~ok]
        grow = todo[inner[todo, 0] <= inner[todo, 2]]
        for side in _GROW_ORDER:
            if not len(grow):
                break
            got = inner[grow, side].copy()  # a side at which the box is properly inside
            out = boxes[grow, side].copy()  # the bounding box's side
            for _ in range(_GROW_STEPS):
                mid = (got + out) / 2
                cand = inner[grow].copy()
                cand[:, side] = mid
                ok = shapely.contains_properly(polygons[grow], shapely.box(*cand.T))
                got = np.where(ok, mid, got)
                out = np.where(ok, out, mid)
            inner[grow, side] = got
    return inner


def _rows_holding(xy: np.ndarray) -> np.ndarray:
    """Rows of the index whose polygon holds at least 95% of the ``(x, y)`` numbers."""
    ix = _index()
    b = ix.boxes
    if len(xy) == 1:  # one point (a listing's middle point): flat tests, the same answers
        x0, y0 = float(xy[0, 0]), float(xy[0, 1])
        lo_x, lo_y, hi_x, hi_y = ix.edges
        rows = np.flatnonzero((lo_x <= x0) & (x0 <= hi_x) & (lo_y <= y0) & (y0 <= hi_y))
        if not len(rows):
            return rows
        inner = ix.inner_rows[rows]
        sure = ((inner[:, 0] <= x0) & (x0 <= inner[:, 2]) & (inner[:, 1] <= y0)
                & (y0 <= inner[:, 3]))
        ask = np.flatnonzero(~sure)
        if len(ask):
            with _PREPARED:
                sure[ask] = shapely.contains_xy(ix.polygons_of(rows[ask]), x0, y0)
        return rows[sure]
    x, y = xy[:, 0], xy[:, 1]
    need = math.ceil(_INSIDE_SHARE * len(xy))
    in_box = ((b[:, 0, None] <= x) & (x <= b[:, 2, None])
              & (b[:, 1, None] <= y) & (y <= b[:, 3, None]))
    rows = np.flatnonzero(in_box.sum(axis=1) >= need)
    if not len(rows):
        return rows
    with _PREPARED:  # a prepared polygon builds its index on first use: one thread at a time
        inside = shapely.contains_xy(ix.polygons_of(rows)[:, None], x[None, :], y[None, :])
    return rows[inside.sum(axis=1) >= need]


def frames_holding(xy: np.ndarray | None) -> tuple[int, ...]:
    """Codes of the regional projected frames whose area of use (PROJ's rectangles) holds
    at least 95% of the ``(x, y)`` numbers read in that frame, in code order."""
    if xy is None or not len(xy):
        return ()
    return tuple(sorted(set(_index().codes[_rows_holding(xy)].tolist())))


@dataclass(frozen=True)
class Listing:
    """The frames some numbers fit: ``codes`` (all of them) and ``lines`` for a frame's
    evidence: one per grid (frames of one projection on several datums are one grid), at most
    :data:`MAX_LISTED` of them, then every code that fits.

    Order (see :func:`leading`): first the well-known national grids that fit (those
    documents most often cite without a code: British National Grid, RD New, NZTM, ITM,
    Lambert-93, the Swiss grids), then the other grids where the numbers lie most centrally in
    the area of use, then the widest area; codes in order within a grid. So RD New numbers
    list RD New and British National Grid first: "both fit"."""

    codes: tuple[int, ...]
    lines: tuple[str, ...]

    def note(self) -> str:
        """One sentence for a frame's notes."""
        if not self.codes:
            return ("no regional projected frame holds these numbers in its area of use: "
                    "the frame is unknown")
        head = "; ".join(line.removesuffix(": fits").split(": ")[0].split(", e.g.")[0]
                         for line in self.lines[1:4])
        return (f"both fit: {len(self.codes)} regional projected frame(s) hold these numbers in "
                f"their area of use, e.g. {head}; nothing says which is meant, so none is "
                "chosen (areas are PROJ's rectangles, not the border polygons it does not ship: "
                "a listed frame may not really cover these numbers)")


_DIGITS = re.compile(r"\d+")


@lru_cache(maxsize=8192)
def _grid(name: str) -> str:
    """The grid of a frame's name: its projection part, numbers as ``#`` ("UTM zone #N")."""
    return _DIGITS.sub("#", name.split(" / ", 1)[-1])


@lru_cache(maxsize=1)
def leading() -> frozenset[int]:
    """The grids a listing names first where they fit: the national grids of the informal
    names table (``names.INFORMAL_NAMES``), i.e. the grids documents most often cite without a
    code, and so the likeliest reading of bare numbers that fit them.

    >>> {28992, 27700} <= leading()
    True
    """
    from geochunk.crs.names import INFORMAL_NAMES

    return frozenset(c for codes in INFORMAL_NAMES.values() for c in codes)


def listing(xy: np.ndarray | None) -> Listing:
    """The frames the numbers fit (see :class:`Listing`). Centrality is where the middle
    point lies in the frame's area, read in the frame's own coordinates (a fit at the edge of
    an area is the weaker one).

    >>> lst = listing(np.array([[155000.0, 463000.0]]))
    >>> lst.lines[1:3]
    ('Amersfoort / RD New (EPSG:28992): fits', 'OSGB36 / British National Grid (EPSG:27700): fits')
    """
    if xy is None or not len(xy):
        return Listing((), ())
    rows = _rows_holding(xy)
    if not len(rows):
        return Listing((), ())
    ix = _index()
    k = len(xy) // 2
    x, y = float(xy[k, 0]), float(xy[k, 1])
    sp = ix.span_rows[rows]  # minx, width, miny, height (a width of 0 as NaN)
    # centrality: np.round(edge, 2) is rint(edge * 100) / 100, so rint(edge * 100) orders and
    # ties the rows alike; a box of no width has a NaN width, so its edge is NaN, read as the
    # edge (1.0) below; the old 0 / 0 gave NaN only for a point on that box's line (else inf,
    # sorted last); the index holds no such box (its narrowest is 3,339 by 4,424 units), so
    # the order is the same
    edge = x - sp[:, 0]
    edge /= sp[:, 1]
    edge -= 0.5
    np.abs(edge, out=edge)
    ey = y - sp[:, 2]
    ey /= sp[:, 3]
    ey -= 0.5
    np.abs(ey, out=ey)
    np.maximum(edge, ey, out=edge)
    edge *= 100.0
    np.rint(edge, out=edge)
    edge[np.isnan(edge)] = 100.0  # a box of no width: the edge
    # grids' figures over the rows: a code's grid, size and whether it is well known are the
    # same on each of its rows, and its centrality is the least edge of its rows
    grid = ix.grids[rows]
    best = np.full(ix.n_grids, 200.0)
    np.minimum.at(best, grid, edge)
    widest = np.zeros(ix.n_grids, dtype=np.int64)  # the rank of the grid's widest area
    np.maximum.at(widest, grid, ix.size_rank[rows])
    # well-known national grids first, then grids by their best centrality, then the widest
    # area; codes in order within a grid: one key per grid (its figures are small integers),
    # the rows sorted by it stably (rows, and so codes, are in ascending order): the order of
    # np.lexsort((held, -widest, best, ~known)); a code's rows sort next to each other
    key = best.astype(np.int64)  # <= 200
    key <<= 32  # room for any rank (ranks < rows < 2**32; 1,926 today)
    key -= widest
    key[grid[ix.leading[rows]]] -= 1 << 48  # more than any centrality's span (200 << 32)
    order = np.argsort(key[grid], kind="stable")
    held = ix.codes[rows]
    codes, ordered = held, held[order]
    if ix.shared[rows].any():  # a frame of several areas: its code once
        codes = held[np.concatenate(([True], held[1:] != held[:-1]))]
        first = np.concatenate(([True], ordered[1:] != ordered[:-1]))
        order, ordered = order[first], ordered[first]
    n = len(ordered)
    in_order = grid[order]
    cuts = np.flatnonzero(in_order[1:] != in_order[:-1])  # a grid's codes end after each
    n_grids = len(cuts) + 1
    ends = (cuts[:MAX_LISTED] + 1).tolist() + [n]
    in_rows = rows[order]  # a row of each code, in that order
    edges = np.empty(n + 1, dtype=bool)  # a run of consecutive codes starts (and the end)
    edges[0] = edges[n] = True
    np.not_equal(ordered[1:] - ordered[:-1], 1, out=edges[1:n])
    at = np.flatnonzero(edges)  # starts of the runs, then n
    lines = [f"{len(codes)} regional projected frame(s) in {n_grids} grid(s) hold these "
             "numbers in their area of use (PROJ's rectangles); none is chosen"]
    lo = 0
    for hi in ends[:MAX_LISTED]:
        if hi - lo == 1:
            lines.append(ix.fits(int(in_rows[lo])))
        else:
            members = ordered[lo:hi].tobytes()
            line = ix.lines.get(members)
            lines.append(line if line is not None else _grid_line(ix, members, in_rows[lo]))
        lo = hi
    if n_grids > MAX_LISTED:
        lines.append(f"... {n_grids - MAX_LISTED} more grid(s)")
    lines.append("every frame that fits, most central first: "
                 + _all_runs_text(ix.labels, ix.tails, in_rows, at, _MAX_RUNS))
    return Listing(tuple(codes.tolist()), tuple(lines))


_LINES_KEPT = 4096  # grid lines kept with the index (then forgotten, all at once)


def _grid_line(ix: _Index, members: bytes, row: int) -> str:
    """The listing's line for a grid that several of the codes fit (``members``: their codes
    as int64 bytes, in order; ``row``: an index row of the first): its name, how many, the
    first of them and their runs. The same codes make the same line: kept with the index
    (``ix.lines``) for the next listing near there (nearby numbers mostly fit the same zones
    and datums of a grid)."""
    codes = np.frombuffer(members, dtype=np.int64).tolist()
    name = ix.names.of_row(row)
    line = (f"{_grid(name)}: {len(codes)} frames (datums or zones), e.g. "
            f"{name} ({_code_runs(codes, 4)}): fit")
    if len(ix.lines) >= _LINES_KEPT:
        ix.lines.clear()
    ix.lines[members] = line
    return line


def _all_runs_text(labels: np.ndarray, tails: np.ndarray, in_rows: np.ndarray,
                   at: np.ndarray, most: int) -> str:
    """``_code_runs(codes, most)`` for the codes of the index rows ``in_rows``, given where
    each run of consecutive codes starts and, last, ``len(in_rows)`` (``at``), the index's
    ``EPSG:<code>`` (``labels``) and ``-<code>`` (``tails``) per row: a run of one code (most
    of them) is its label as it stands, a longer run its first label and its last code's
    tail, each taken for all runs by one array lookup."""
    starts, ends = at[:-1][:most], at[1:][:most]
    runs = labels[in_rows[starts]]
    longer = np.flatnonzero(ends - starts > 1)
    if len(longer):
        runs[longer] = runs[longer] + tails[in_rows[ends[longer] - 1]]
    left = len(at) - 1 - most
    return ", ".join(runs.tolist()) + (f", ... ({left} more)" if left > 0 else "")


def _code_runs(codes: Sequence[int], most: int = 1000) -> str:
    """``EPSG:32601-32603, EPSG:32662`` for codes (runs of consecutive ones), at most ``most``
    runs and a count of the rest.

    >>> _code_runs([32601, 32602, 32603, 32662])
    'EPSG:32601-32603, EPSG:32662'
    >>> _code_runs([1, 3, 5, 7], most=2)
    'EPSG:1, EPSG:3, ... (2 more)'
    """
    # the plain statement of the listing's format (a grid's line is written by it; the line
    # of every frame from the runs the listing already found: _all_runs_text; tests compare)
    codes = [int(c) for c in codes]
    runs: list[str] = []
    start = prev = codes[0]
    for c in codes[1:] + [None]:  # type: ignore[list-item]
        if c is not None and c == prev + 1:
            prev = c
            continue
        runs.append(f"EPSG:{start}" if start == prev else f"EPSG:{start}-{prev}")
        if c is not None:
            start = prev = c
    if len(runs) > most:
        return ", ".join(runs[:most]) + f", ... ({len(runs) - most} more)"
    return ", ".join(runs)
