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

from .cache import read_json, write_json
from .database import _usage_extents, area_size, label

__all__ = ["MAX_AREA_DEG2", "MAX_LISTED", "Listing", "frames_holding", "leading", "listing"]

MAX_AREA_DEG2 = 2000.0  # a country, state or UTM zone; not a continent or the world
MAX_LISTED = 12  # families of frames named in one listing (the rest are counted)
_EDGE_POINTS = 7  # points per edge of an area's rectangle (the corners included)
_INSIDE_SHARE = 0.95  # share of the numbers that must lie in a frame's area for it to fit
_MAX_RUNS = 300  # runs of codes in the line that names every frame that fits
_NAME = "grid-areas"
_PREPARED = threading.Lock()


@dataclass(frozen=True)
class _Index:
    codes: np.ndarray  # (n,) EPSG code of each polygon (a frame with several areas has several),
    # ascending (a code's rows are next to each other)
    boxes: np.ndarray  # (n, 4) minx, miny, maxx, maxy of each polygon, in the frame's units
    polygons: np.ndarray  # (n,) shapely polygons in the frame's own coordinates
    names: dict  # code -> the frame's name
    sizes: dict  # code -> its largest area of use, square degrees
    row_sizes: np.ndarray  # (n,) the same, per polygon
    grids: np.ndarray  # (n,) a number naming each polygon's grid (see :func:`_grid`)
    leading: np.ndarray  # (n,) whether its code is one of :func:`leading`
    edges: tuple  # the columns of ``boxes``, each contiguous: minx, miny, maxx, maxy
    inner: tuple  # (minx, miny, maxx, maxy) columns of a box inside each polygon's interior
    # (a point in it needs no point-in-polygon test), empty (min > max) where none was found
    spans: tuple  # (minx, width, miny, height) columns, a width of 0 as NaN (see :func:`listing`)
    n_grids: int  # grids named (``grids`` runs from 0 to n_grids - 1)
    shared: np.ndarray  # (n,) whether the row's code has other rows (a frame of several areas)
    labels: np.ndarray  # (n,) ``EPSG:<code>`` of each row, as str objects
    tails: np.ndarray  # (n,) ``-<code>``: how a listed run of codes ending on the row's ends
    fits: np.ndarray  # (n,) the listing's line for the row's code alone in its grid
    inner_rows: np.ndarray  # (n, 4) ``inner`` row by row (one gather per listing)
    span_rows: np.ndarray  # (n, 4) ``spans`` row by row
    size_rank: np.ndarray  # (n,) dense rank of ``row_sizes`` (equal sizes, equal ranks)
    lines: dict  # a grid's listing line by its codes (see :func:`_grid_line`), filled in use


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


@lru_cache(maxsize=1)
def _index() -> _Index:
    data = read_json(_NAME)
    built = not (isinstance(data, dict) and isinstance(data.get("codes"), list)
                 and isinstance(data.get("rings"), list)
                 and len(data["codes"]) == len(data["rings"])
                 and isinstance(data.get("names"), dict) and data["codes"])
    if built:
        data = _build()
    found = []
    for entry, (code, ring) in enumerate(zip(data["codes"], data["rings"])):
        try:
            xy = np.asarray(ring, dtype=float).reshape(-1, 2)
            poly = shapely.Polygon(xy)
        except (TypeError, ValueError, OverflowError, shapely.errors.GEOSException):
            continue  # a damaged cache entry (10**400 is an OverflowError): that area is left out
        if not poly.is_valid:  # a folded image (a rectangle over a pole): its hull, a superset
            poly = poly.convex_hull
        found.append((int(code), poly, entry))
    found.sort(key=lambda t: t[0])  # stable: a code's areas in the order the cache has them
    codes = [c for c, _, _ in found]
    extents = _usage_extents()
    sizes = {c: max((area_size(a) for a in extents.get(c, ())), default=0.0) for c in codes}
    names = {c: str(data["names"].get(str(c), c)) for c in codes}
    polygons = np.empty(len(found), dtype=object)
    polygons[:] = [p for _, p, _ in found]
    shapely.prepare(polygons)  # point-in-polygon tests ~3x faster; the same answers
    boxes = shapely.bounds(polygons).reshape(-1, 4)
    entries = [k for _, _, k in found]
    inner, complete = _stored_inner(data.get("inner"), len(data["codes"]), entries, polygons)
    if not complete:  # an index just built, or a cache without (all) its inner boxes
        inner = _inner_boxes(polygons, boxes, inner)
        if built or len(entries) == len(data["codes"]):  # never stored over damaged entries
            rows = [[] for _ in data["codes"]]
            for k, box in zip(entries, inner.tolist()):
                rows[k] = box if box[0] <= box[2] else []
            write_json(_NAME, {**data, "inner": rows})
    elif built:
        write_json(_NAME, data)
    ids: dict[str, int] = {}
    grids = np.asarray([ids.setdefault(_grid(names[c]), len(ids)) for c in codes], dtype=np.int64)
    first = leading()
    code_arr = np.asarray(codes, dtype=np.int64)
    shared = np.zeros(len(codes), dtype=bool)
    if len(codes) > 1:
        same = code_arr[1:] == code_arr[:-1]
        shared[1:] |= same
        shared[:-1] |= same
    spans = []
    for lo, hi in ((0, 2), (1, 3)):  # hi - lo as listing computed it; 0 -> NaN: 0 / 0 was NaN
        width = boxes[:, hi] - boxes[:, lo]
        spans += [np.ascontiguousarray(boxes[:, lo]), np.where(width == 0.0, np.nan, width)]
    labels, tails, fits = (np.empty(len(codes), dtype=object) for _ in range(3))
    labels[:] = [f"EPSG:{c}" for c in codes]
    tails[:] = [f"-{c}" for c in codes]
    fits[:] = [f"{names[c]} ({label(c)}): fits" for c in codes]
    row_sizes = np.asarray([sizes[c] for c in codes], dtype=float)
    size_rank = np.unique(row_sizes, return_inverse=True)[1].reshape(-1).astype(np.int64)
    return _Index(code_arr, boxes, polygons, names, sizes, row_sizes, grids,
                  np.asarray([c in first for c in codes], dtype=bool),
                  tuple(np.ascontiguousarray(boxes[:, k]) for k in range(4)),
                  tuple(np.ascontiguousarray(inner[:, k]) for k in range(4)), tuple(spans),
                  len(ids), shared, labels, tails, fits, np.ascontiguousarray(inner),
                  np.ascontiguousarray(np.stack(spans, axis=1)), size_rank, {})


_SHRINK = (0.9, 0.75, 0.5, 0.3)  # inner boxes tried: the bounding box shrunk about its centre
_GROW_STEPS = 6  # halvings of the gap between an inner box's side and its bounding box's
_GROW_ORDER = (0, 2, 1, 3)  # sides grown, in turn: west, east, south, north


def _stored_inner(stored: object, n_entries: int, entries: list[int],
                  polygons: np.ndarray) -> tuple[np.ndarray, bool]:
    """The inner boxes the cache holds for these polygons (``entries``: each one's place in
    the cached lists), as an ``(n, 4)`` array, and whether every polygon has one. A box that
    is missing, malformed or that GEOS does not find properly inside its polygon (a damaged
    or foreign file) is left empty (min > max) and the answer is ``False``: such boxes are
    found again (:func:`_inner_boxes`)."""
    inner = np.empty((len(entries), 4))
    inner[:, :2], inner[:, 2:] = np.inf, -np.inf
    if not isinstance(stored, list) or len(stored) != n_entries:
        return inner, False
    complete = True
    for row, k in enumerate(entries):
        box = stored[k]
        if isinstance(box, list) and not box:
            continue  # none was found when the index was built
        if (isinstance(box, list) and len(box) == 4
              and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in box)):
            try:
                values = [float(v) for v in box]  # an int beyond a float: OverflowError
            except OverflowError:
                values = []
            if all(math.isfinite(v) for v in values) and values:
                inner[row] = values
                continue
        complete = False
    has = np.flatnonzero(inner[:, 0] <= inner[:, 2])
    if len(has):
        with _PREPARED:
            ok = shapely.contains_properly(polygons[has], shapely.box(*inner[has].T))
        if not ok.all():
            inner[has[~ok]] = (np.inf, np.inf, -np.inf, -np.inf)
            complete = False
    return inner, complete


def _inner_boxes(polygons: np.ndarray, boxes: np.ndarray,
                 known: np.ndarray | None = None) -> np.ndarray:
    """Per polygon, a box whose every point (edges included) lies in the polygon's interior,
    as an ``(n, 4)`` array (minx, miny, maxx, maxy): the largest of the bounding box shrunk
    about its centre by :data:`_SHRINK` that GEOS finds properly inside, then each side in
    turn (:data:`_GROW_ORDER`) pushed out towards the bounding box's as far as GEOS still finds
    it properly inside (:data:`_GROW_STEPS` halvings of the gap); or an empty box (min > max)
    where none was found. A point in it is inside the polygon without asking GEOS, exactly as
    ``contains_xy`` would say. Every box kept is one GEOS found properly inside. ``known``:
    boxes already found (from the cache), kept; only the empty ones are looked for."""
    n = len(polygons)
    inner = np.empty((n, 4))
    inner[:, :2], inner[:, 2:] = np.inf, -np.inf
    if known is not None:
        inner[:] = known
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
                sure[ask] = shapely.contains_xy(ix.polygons[rows[ask]], x0, y0)
        return rows[sure]
    x, y = xy[:, 0], xy[:, 1]
    need = math.ceil(_INSIDE_SHARE * len(xy))
    in_box = ((b[:, 0, None] <= x) & (x <= b[:, 2, None])
              & (b[:, 1, None] <= y) & (y <= b[:, 3, None]))
    rows = np.flatnonzero(in_box.sum(axis=1) >= need)
    if not len(rows):
        return rows
    with _PREPARED:  # a prepared polygon builds its index on first use: one thread at a time
        inside = shapely.contains_xy(ix.polygons[rows][:, None], x[None, :], y[None, :])
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
    from .names import INFORMAL_NAMES

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
            lines.append(ix.fits[in_rows[lo]])
        else:
            members = ordered[lo:hi].tobytes()
            line = ix.lines.get(members)
            lines.append(line if line is not None else _grid_line(ix, members))
        lo = hi
    if n_grids > MAX_LISTED:
        lines.append(f"... {n_grids - MAX_LISTED} more grid(s)")
    lines.append("every frame that fits, most central first: "
                 + _all_runs_text(ix.labels, ix.tails, in_rows, at, _MAX_RUNS))
    return Listing(tuple(codes.tolist()), tuple(lines))


_LINES_KEPT = 4096  # grid lines kept with the index (then forgotten, all at once)


def _grid_line(ix: _Index, members: bytes) -> str:
    """The listing's line for a grid that several of the codes fit (``members``: their codes
    as int64 bytes, in order): its name, how many, the first of them and their runs. The
    same codes make the same line: kept with the index (``ix.lines``) for the next listing
    near there (nearby numbers mostly fit the same zones and datums of a grid)."""
    codes = np.frombuffer(members, dtype=np.int64).tolist()
    name = ix.names[codes[0]]
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
