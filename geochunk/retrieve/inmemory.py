"""The in-memory region filter: a packed spatial index over the footprints, exact GEOS tests only at the border.

An open index keeps every footprint (shapely, ``None`` without extent) and its bounds as four
float64 arrays, once, and packs them into a one-level R-tree: the footprints sorted along a
Z-order (Morton) curve of their centres, cut into leaves of :data:`LEAF` consecutive footprints,
each leaf with the box of its footprints' boxes. For each polygon of a region (a region across
180° is two):

1. **the index**: the polygon's box is compared with every leaf box (N / LEAF comparisons), and
   only the footprints of the leaves that overlap it are examined; a footprint whose box misses
   the polygon's box cannot meet the polygon, so those overlapping give the candidates;
2. the polygon's box is cut into a grid of cells, each classified once with an exact GEOS test:
   *inside* (the closed cell lies in the polygon) or *outside* (the cell misses it); a candidate
   whose box is covered by inside cells only meets the region (a footprint is non-empty and lies
   in its box), one covered by outside cells only does not (summed-area tables count the cells
   under each box in O(1));
3. the rest, boxes over a border cell, get the exact ``intersects`` with the polygon.

A rectangle is a single inside cell, so a box query runs no GEOS test per footprint at all.
:meth:`FootprintCache.search` returns the work done (:class:`RegionWork`: leaves compared,
footprints examined, exact tests), which a test reads the way another reads DuckDB's ``EXPLAIN``:
a selective region must examine only a small share of the rows. The answer is the same set of
rows as the SQL path (:mod:`.search`: DuckDB's R-tree and exact ``ST_Intersects``):
``tests/test_retrieve_paths.py`` compares both on boxes, polygons, circles, the antimeridian and
the no-extent lane, and the build's recall gate checks both against brute force on every build.

>>> import shapely
>>> fc = FootprintCache.from_footprints([shapely.box(0, 0, 1, 1), None, shapely.Point(5, 5),
...                                      shapely.LineString([(2, -1), (3, 9)])])
>>> fc.positions(shapely.box(0.5, 0.5, 4, 4)).tolist()
[0, 3]
>>> fc.positions(shapely.Point(5, 5).buffer(1)).tolist(), fc.no_extent.tolist()
([2], [1])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np

__all__ = ["FootprintCache", "RegionWork", "GRID", "EXACT_ONLY_BELOW", "LEAF"]

#: cells per side of the inside/outside grid laid over a non-rectangular polygon's box
GRID = 32
#: with fewer candidates than this, a polygon's candidates all get the exact test (no grid)
EXACT_ONLY_BELOW = 256
#: footprints per leaf of the packed spatial index (consecutive in Z-order, one box per leaf)
LEAF = 64


@dataclass(frozen=True)
class RegionWork:
    """What one region filter call did (the in-memory filter's ``EXPLAIN ANALYZE``).

    >>> RegionWork(parts=1, leaves=10, leaves_hit=1, examined=64, candidates=12, exact_tests=3, found=9).examined
    64
    """

    parts: int  # polygons, lines and points of the region searched
    leaves: int  # leaf boxes compared (every leaf, once per part)
    leaves_hit: int  # leaves whose box overlaps a part's box
    examined: int  # footprint boxes compared (the footprints of those leaves only)
    candidates: int  # footprints whose box overlaps a part's box
    exact_tests: int  # GEOS ``intersects`` calls (footprints over a border cell)
    found: int  # footprints that meet the region


@dataclass(frozen=True)
class FootprintCache:
    """Footprints in row order with their bounds as contiguous columns (NaN without extent)."""

    footprints: np.ndarray  # object: shapely geometry or None
    xmin: np.ndarray
    ymin: np.ndarray
    xmax: np.ndarray
    ymax: np.ndarray
    no_extent: np.ndarray  # positions of the rows without a footprint
    order: np.ndarray  # row positions in Z-order of the footprint centres (no extent last)
    leaf_box: np.ndarray  # (4, ceil(N / LEAF)): xmin, ymin, xmax, ymax of each leaf's footprints

    @classmethod
    def from_footprints(cls, footprints: Sequence[Any]) -> "FootprintCache":
        import shapely

        foot = np.empty(len(footprints), dtype=object)
        foot[:] = list(footprints)
        b = shapely.bounds(foot) if len(foot) else np.zeros((0, 4))  # None -> NaN: never a candidate
        cols = [np.ascontiguousarray(b[:, i], dtype=np.float64) for i in range(4)]
        order = _z_order(*cols)
        n_leaves = -(-len(foot) // LEAF)
        padded = np.full((4, n_leaves * LEAF), np.nan)
        for i, c in enumerate(cols):
            padded[i, : len(foot)] = c[order]
        leaves = padded.reshape(4, n_leaves, LEAF)
        # fmin/fmax ignore NaN (a leaf of rows without extent stays NaN: it never overlaps)
        leaf_box = np.stack([np.fmin.reduce(leaves[0], axis=1), np.fmin.reduce(leaves[1], axis=1),
                             np.fmax.reduce(leaves[2], axis=1), np.fmax.reduce(leaves[3], axis=1)])
        return cls(foot, *cols, np.flatnonzero(np.isnan(cols[0])), order, leaf_box)

    def spatial_order(self) -> np.ndarray:
        """Row positions sorted along a Z-order (Morton) curve of the footprint centres.

        Rows near each other on the map end up near each other in this order, so a region's
        survivors fall in a few contiguous runs (rows without extent come last); the leaves of
        the index are consecutive runs of :data:`LEAF` rows of this order.

        >>> import shapely
        >>> FootprintCache.from_footprints([shapely.Point(9, 9), None, shapely.Point(0, 0),
        ...                                 shapely.Point(8, 9)]).spatial_order().tolist()
        [2, 3, 0, 1]
        """
        return self.order.copy()

    def positions(self, region: Any) -> np.ndarray:
        """Sorted row positions of the footprints that intersect ``region`` (WGS 84 shapely)."""
        return self.search(region)[0]

    def search(self, region: Any) -> tuple[np.ndarray, RegionWork]:
        """:meth:`positions` and the work it took (leaves compared, footprints examined, tests).

        >>> import shapely
        >>> fc = FootprintCache.from_footprints([shapely.Point(i % 100, i // 100) for i in range(10_000)])
        >>> pos, work = fc.search(shapely.box(10, 10, 12, 12))
        >>> len(pos), work.leaves, work.leaves_hit, work.examined, work.exact_tests
        (9, 157, 3, 192, 9)
        """
        import shapely

        hit = np.zeros(len(self.footprints), dtype=bool)
        parts = leaves = leaves_hit = examined = candidates = tests = 0
        for part in _parts(region):
            if part.is_empty:
                continue
            parts += 1
            leaves += self.leaf_box.shape[1]
            cand, n_hit, n_examined = self._candidates(part.bounds)
            leaves_hit, examined, candidates = leaves_hit + n_hit, examined + n_examined, candidates + len(cand)
            if not len(cand):
                continue
            if part.geom_type == "Polygon" and len(cand) >= EXACT_ONLY_BELOW:
                inside, outside = self._classify(part, cand)
                hit[cand[inside]] = True
                cand = cand[~(inside | outside)]
            cand = cand[~hit[cand]]  # already in (through another part): no test needed
            if len(cand):
                shapely.prepare(part)
                tests += len(cand)
                hit[cand[shapely.intersects(part, self.footprints[cand])]] = True
        pos = np.flatnonzero(hit)
        return pos, RegionWork(parts, leaves, leaves_hit, examined, candidates, tests, len(pos))

    def _overlapping(self, bounds: tuple[float, float, float, float]) -> np.ndarray:
        """Row positions (in Z-order) of the footprints whose box overlaps ``bounds``."""
        return self._candidates(bounds)[0]

    def _candidates(self, bounds: tuple[float, float, float, float]) -> tuple[np.ndarray, int, int]:
        """The footprints whose box overlaps ``bounds``, found through the leaves: ``(row
        positions, leaves hit, footprints examined)``; only the hit leaves' footprints are read."""
        w, s, e, n = bounds
        lb = self.leaf_box
        leaves = np.flatnonzero((lb[0] <= e) & (lb[2] >= w) & (lb[1] <= n) & (lb[3] >= s))
        if not len(leaves):
            return np.zeros(0, dtype=np.int64), 0, 0
        at = (leaves[:, None] * LEAF + np.arange(LEAF)).ravel()
        rows = self.order[at[at < len(self.order)]]
        m = self.xmin[rows] <= e
        m &= self.xmax[rows] >= w
        m &= self.ymin[rows] <= n
        m &= self.ymax[rows] >= s
        return rows[m], len(leaves), len(rows)

    def _classify(self, part: Any, cand: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per candidate: its box lies in inside cells only / in outside cells only."""
        import shapely

        w, s, e, n = part.bounds
        x0, x1 = self.xmin[cand], self.xmax[cand]
        y0, y1 = self.ymin[cand], self.ymax[cand]
        within = (x0 >= w) & (x1 <= e) & (y0 >= s) & (y1 <= n)
        none = np.zeros(len(cand), bool)
        if not (w < e and s < n):  # a degenerate polygon: exact tests only
            return none, none
        if shapely.contains(part, shapely.box(w, s, e, n)):  # a rectangle: one inside cell
            return within, none
        ex, ey = np.linspace(w, e, GRID + 1), np.linspace(s, n, GRID + 1)
        gx, gy = np.meshgrid(np.arange(GRID), np.arange(GRID), indexing="ij")
        cells = shapely.box(ex[gx], ey[gy], ex[gx + 1], ey[gy + 1])  # cells[i, j]: column i, row j
        shapely.prepare(part)
        inside_cells = shapely.contains(part, cells)
        outside_cells = ~shapely.intersects(part, cells)
        i0, i1 = _cell_span(ex, x0, x1)
        j0, j1 = _cell_span(ey, y0, y1)
        cells_under = (i1 - i0 + 1) * (j1 - j0 + 1)
        inside = within & (_count(inside_cells, i0, i1, j0, j1) == cells_under)
        # the part of a box beyond the polygon's box is outside the polygon anyway
        outside = _count(outside_cells, i0, i1, j0, j1) == cells_under
        return inside, outside


def _parts(geom: Any) -> list[Any]:
    """Polygons, lines and points of a geometry, collections opened (recursively)."""
    import shapely

    out, todo = [], [geom]
    while todo:
        g = todo.pop()
        if g.geom_type.startswith("Multi") or g.geom_type == "GeometryCollection":
            todo.extend(shapely.get_parts(g))
        else:
            out.append(g)
    return out


def _z_order(xmin: np.ndarray, ymin: np.ndarray, xmax: np.ndarray, ymax: np.ndarray) -> np.ndarray:
    """Row positions sorted by the Morton key of the box centres (rows without a box last).

    (Sorting by a size class first, so wide boxes share leaves, was tried: on the mixed
    footprints of ``tests/test_retrieve_paths.py`` small regions then hit more leaves, not fewer.)
    """
    cx, cy = (xmin + xmax) / 2, (ymin + ymax) / 2
    placed = ~np.isnan(cx)
    key = np.full(len(cx), np.uint64(1) << np.uint64(40), dtype=np.uint64)
    if placed.any():
        key[placed] = _morton(_quantise(cx[placed]), _quantise(cy[placed]))
    return np.argsort(key, kind="stable")


def _quantise(v: np.ndarray) -> np.ndarray:
    lo, hi = float(v.min()), float(v.max())
    return ((v - lo) / max(hi - lo, 1e-300) * 65535).astype(np.uint64)


def _morton(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Interleave the bits of two 16-bit integer arrays (x in the even bits)."""

    def spread(v: np.ndarray) -> np.ndarray:
        v = (v | (v << np.uint64(8))) & np.uint64(0x00FF00FF)
        v = (v | (v << np.uint64(4))) & np.uint64(0x0F0F0F0F)
        v = (v | (v << np.uint64(2))) & np.uint64(0x33333333)
        return (v | (v << np.uint64(1))) & np.uint64(0x55555555)

    return spread(x) | (spread(y) << np.uint64(1))


def _cell_span(edges: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """First and last cell whose closed span ``[edges[i], edges[i+1]]`` covers ``[lo, hi]``.

    ``edges[a] <= lo`` and ``hi <= edges[b + 1]`` hold in the very floats the cells are built
    from (clipped to the grid: what lies beyond it is beyond the polygon's box).
    """
    last = len(edges) - 2
    a = np.clip(np.searchsorted(edges, lo, side="right") - 1, 0, last)
    b = np.clip(np.searchsorted(edges, hi, side="left") - 1, 0, last)
    return np.minimum(a, b), np.maximum(a, b)


def _count(cells: np.ndarray, i0: np.ndarray, i1: np.ndarray, j0: np.ndarray, j1: np.ndarray) -> np.ndarray:
    """How many true cells lie in ``[i0..i1] x [j0..j1]`` (a summed-area table, O(1) per box)."""
    sat = np.zeros((cells.shape[0] + 1, cells.shape[1] + 1), dtype=np.int64)
    sat[1:, 1:] = cells.astype(np.int64).cumsum(0).cumsum(1)
    return sat[i1 + 1, j1 + 1] - sat[i0, j1 + 1] - sat[i1 + 1, j0] + sat[i0, j0]
