"""Small, deterministic geometry helpers for the sample generator (valid by construction).

Rings are built *star-shaped* around a centre: vertex angles strictly increase, so the ring
cannot cross itself, and a hole drawn well inside the shell's smallest inscribed radius stays
strictly inside it. Coordinates are rounded as they will be printed, so areas and validity are
those of the text that is written.

>>> import random
>>> ring = star_ring(random.Random(1), 0.0, 0.0, 8.0, 10.0, 6, decimals=2)
>>> ring[0] == ring[-1], len(ring), signed_area(ring) > 0
(True, 7, True)
>>> fmt(-0.004, 2), wkt_ring([(0, 0), (1, 0), (0, 1), (0, 0)], 0)
('0.00', '(0 0, 1 0, 0 1, 0 0)')
"""

from __future__ import annotations

import math
import random
from itertools import pairwise
from typing import Sequence

__all__ = [
    "Ring",
    "fmt",
    "star_ring",
    "signed_area",
    "perimeter",
    "polygon_area",
    "wkt_ring",
    "wkt_polygon",
    "wkt_multipolygon",
    "parcel_polygons",
]

Ring = list[tuple[float, float]]


def fmt(value: float, decimals: int) -> str:
    """Fixed-point text for a coordinate, never ``-0.00``.

    >>> fmt(1.005, 1), fmt(-1e-9, 3)
    ('1.0', '0.000')
    """
    text = f"{value:.{decimals}f}"
    if text.startswith("-") and float(text) == 0.0:
        text = text[1:]
    return text


def star_ring(
    rng: random.Random,
    cx: float,
    cy: float,
    r_min: float,
    r_max: float,
    n: int,
    *,
    decimals: int,
    jitter: float = 0.3,
    x_scale: float = 1.0,
) -> Ring:
    """A closed counter-clockwise ring of ``n`` distinct vertices, star-shaped around (cx, cy).

    Angles are evenly spaced with a jitter below half a step, so they strictly increase and the
    ring is simple. ``x_scale`` stretches x (used to turn metres into degrees of longitude).

    >>> r = star_ring(random.Random(0), 10.0, 20.0, 1.0, 2.0, 4, decimals=3)
    >>> len(r), r[0] == r[-1]
    (5, True)
    """
    if n < 3:
        raise ValueError(f"a ring needs at least 3 distinct vertices, got {n}")
    step = 2.0 * math.pi / n
    start = rng.uniform(0.0, step)
    ring: Ring = []
    for i in range(n):
        angle = start + i * step + rng.uniform(-jitter, jitter) * step
        radius = rng.uniform(r_min, r_max)
        x = round(cx + radius * math.cos(angle) * x_scale, decimals)
        y = round(cy + radius * math.sin(angle), decimals)
        ring.append((x, y))
    ring.append(ring[0])
    return ring


def signed_area(ring: Sequence[tuple[float, float]]) -> float:
    """Shoelace area of a closed ring: positive when counter-clockwise (exactly summed).

    >>> signed_area([(0, 0), (2, 0), (2, 2), (0, 2), (0, 0)])
    4.0
    """
    x0, y0 = ring[0]
    terms = []
    for (xa, ya), (xb, yb) in pairwise(ring):
        terms.append((xa - x0) * (yb - y0) - (xb - x0) * (ya - y0))
    return math.fsum(terms) / 2.0


def perimeter(ring: Sequence[tuple[float, float]]) -> float:
    """Length of a closed ring.

    >>> perimeter([(0, 0), (3, 0), (3, 4), (0, 0)])
    12.0
    """
    return math.fsum(math.hypot(xb - xa, yb - ya) for (xa, ya), (xb, yb) in pairwise(ring))


def polygon_area(rings: Sequence[Sequence[tuple[float, float]]]) -> float:
    """Area of a polygon given as shell then holes.

    >>> polygon_area([[(0, 0), (4, 0), (4, 4), (0, 4), (0, 0)], [(1, 1), (1, 2), (2, 2), (2, 1), (1, 1)]])
    15.0
    """
    shell, *holes = rings
    return abs(signed_area(shell)) - math.fsum(abs(signed_area(h)) for h in holes)


def wkt_ring(ring: Sequence[tuple[float, float]], decimals: int, sep: str = ", ") -> str:
    """``(x y, x y, ...)``.

    >>> wkt_ring([(1, 2), (3, 4)], 1, sep=",")
    '(1.0 2.0,3.0 4.0)'
    """
    return "(" + sep.join(f"{fmt(x, decimals)} {fmt(y, decimals)}" for x, y in ring) + ")"


def wkt_polygon(
    rings: Sequence[Sequence[tuple[float, float]]], decimals: int, *, compact: bool = False
) -> str:
    """``POLYGON ((shell), (hole) ...)``; ``compact`` gives PostGIS's ``POLYGON((...),(...))``.

    >>> wkt_polygon([[(0, 0), (1, 0), (0, 1), (0, 0)]], 0, compact=True)
    'POLYGON((0 0,1 0,0 1,0 0))'
    """
    sep = "," if compact else ", "
    body = sep.join(wkt_ring(r, decimals, sep) for r in rings)
    return f"POLYGON(({body[1:-1]}))" if compact else f"POLYGON (({body[1:-1]}))"


def wkt_multipolygon(
    polygons: Sequence[Sequence[Sequence[tuple[float, float]]]], decimals: int
) -> str:
    """``MULTIPOLYGON (((...)), ((...)))``.

    >>> wkt_multipolygon([[[(0, 0), (1, 0), (0, 1), (0, 0)]]], 0)
    'MULTIPOLYGON (((0 0, 1 0, 0 1, 0 0)))'
    """
    parts = ", ".join(
        "(" + ", ".join(wkt_ring(r, decimals) for r in poly) + ")" for poly in polygons
    )
    return f"MULTIPOLYGON ({parts})"


def parcel_polygons(
    rng: random.Random, cx: float, cy: float, cell: float, kind: str
) -> list[list[Ring]]:
    """One parcel as a list of polygons (shell + holes), all inside its grid cell."""
    if kind == "multi":
        k = rng.choice((2, 2, 3))
        strip = cell / k
        vertical = rng.random() < 0.5
        polys = []
        for j in range(k):
            off = -cell / 2 + strip * (j + 0.5)
            px, py = (cx + off, cy) if vertical else (cx, cy + off)
            r_max = strip / 2 * rng.uniform(0.55, 0.8)
            n = rng.choice((4, 5, 5, 6))
            polys.append([star_ring(rng, px, py, r_max * 0.75, r_max, n, decimals=2, jitter=0.2)])
        return polys
    r_max = cell / 2 * rng.uniform(0.55, 0.88)
    r_min = r_max * rng.uniform(0.72, 0.88)
    if kind == "holes":
        n = rng.choice((6, 7, 8, 9))
        shell = star_ring(rng, cx, cy, r_min, r_max, n, decimals=2, jitter=0.25)
        # The shell's edges stay beyond r_min * cos(pi / 4) ~ 0.7 r_min from the centre, so
        # courtyards reaching at most 0.5 r_min are strictly inside it.
        if rng.random() < 0.7:
            hole = star_ring(
                rng,
                cx,
                cy,
                r_min * 0.25,
                r_min * 0.4,
                rng.choice((4, 5, 6)),
                decimals=2,
                jitter=0.2,
            )
            holes = [hole[::-1]]
        else:
            holes = []
            for sx in (-1, 1):
                h = star_ring(
                    rng,
                    cx + sx * 0.3 * r_min,
                    cy,
                    r_min * 0.1,
                    r_min * 0.15,
                    4,
                    decimals=2,
                    jitter=0.2,
                )
                holes.append(h[::-1])
        return [[shell, *holes]]
    n = rng.choice((4, 4, 4, 5, 5, 6, 7, 8))
    return [[star_ring(rng, cx, cy, r_min, r_max, n, decimals=2, jitter=0.2)]]
