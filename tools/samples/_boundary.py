"""Sample 4, ``boundary_40k.txt``: one 40,000-vertex boundary and a three-part district.

Rings are radial noise around a centre with strictly increasing angles, so they are simple by
construction; coordinates are wrapped six pairs to a line.

>>> import random
>>> ring = _noisy_star(random.Random(0), 0.0, 0.0, 100.0, 50, (0.0, 0.0, 0.0))
>>> len(ring), ring[0] == ring[-1]
(51, True)
"""

from __future__ import annotations

import math
import random
from typing import Sequence

from ._common import check_valid, rng_for
from ._geom import Ring, fmt, perimeter, signed_area, wkt_multipolygon, wkt_polygon

__all__ = ["BOUNDARY_VERTICES", "DISTRICT_PART_VERTICES", "build_boundary_40k"]

#: Coordinate pairs in the boundary's WKT, the closing repeat included (shapely's count).
BOUNDARY_VERTICES = 40_000
DISTRICT_PART_VERTICES = 3_000


def _noisy_star(
    rng: random.Random, cx: float, cy: float, radius: float, n: int, phases: Sequence[float]
) -> Ring:
    """A closed CCW ring of ``n`` distinct vertices: radial noise around (cx, cy), star-shaped."""
    step = 2.0 * math.pi / n
    wobble = 0.0
    ring: Ring = []
    for i in range(n):
        angle = (i + rng.uniform(0.0, 0.8)) * step
        wobble = 0.999 * wobble + rng.gauss(0.0, 0.25)
        r = (
            radius
            * (
                1.0
                + 0.12 * math.sin(3 * angle + phases[0])
                + 0.07 * math.sin(7 * angle + phases[1])
                + 0.03 * math.sin(19 * angle + phases[2])
            )
            + wobble
            + rng.uniform(-0.05, 0.05)
        )
        ring.append((round(cx + r * math.cos(angle), 2), round(cy + r * math.sin(angle), 2)))
    ring.append(ring[0])
    return ring


def _wrapped_ring(ring: Ring, per_line: int = 6) -> str:
    items = [f"{fmt(x, 2)} {fmt(y, 2)}" for x, y in ring]
    return ",\n".join(", ".join(items[i : i + per_line]) for i in range(0, len(items), per_line))


def build_boundary_40k() -> str:
    """One 40,000-vertex boundary polygon and a three-part district (BNG metres).

    >>> text = build_boundary_40k()
    >>> text.count("\\nPOLYGON ((\\n"), text.count("\\nMULTIPOLYGON (\\n"), "Vertices: 40000" in text
    (1, 1, True)
    """
    rng = rng_for("boundary_40k")
    ring = _noisy_star(
        rng,
        527400.0,
        172600.0,
        3400.0,
        BOUNDARY_VERTICES - 1,
        [rng.uniform(0, 6.28) for _ in range(3)],
    )
    check_valid(wkt_polygon([ring], 2), "Lower Wandle boundary")
    parts = []
    for cx, cy in ((533200.0, 171600.0), (536700.0, 172300.0), (535000.0, 168700.0)):
        parts.append(
            _noisy_star(
                rng,
                cx,
                cy,
                850.0,
                DISTRICT_PART_VERTICES - 1,
                [rng.uniform(0, 6.28) for _ in range(3)],
            )
        )
    check_valid(wkt_multipolygon([[p] for p in parts], 2), "Ravensbourne district")
    district_area = math.fsum(abs(signed_area(p)) for p in parts)
    district_body = ",\n".join(f"((\n{_wrapped_ring(p)}))" for p in parts)

    return f"""LOWER WANDLE INTERNAL DRAINAGE DISTRICT — STATUTORY BOUNDARY

Schedule 1 to the Lower Wandle Drainage District (Boundary) Order 2021. The boundary below is the \
line described in the Order and shown on the deposited map. It follows the centre of the \
watercourses where it runs along them and the back edge of the highway elsewhere, and was \
captured from the large-scale base map at a vertex spacing of roughly half a metre, which is why \
it is so dense.

Coordinate reference system: British National Grid (EPSG:27700). Units: metres.

POLYGON ((
{_wrapped_ring(ring)}))

District code: LWIDD-01
Name: Lower Wandle Internal Drainage District
Area (m²): {abs(signed_area(ring)):.1f}
Perimeter (m): {perimeter(ring):.1f}
Vertices: {len(ring)}
Order made: 2021-03-17
Custodian: Lower Wandle Drainage Board, Clerk's Office

The neighbouring Ravensbourne Marshes district is held in three separate pieces of land, \
each an island of drained marsh between the channels. They are recorded as one multipart \
geometry, one part per piece, in the same coordinate reference system.

MULTIPOLYGON (
{district_body})

District code: RMIDD-02
Name: Ravensbourne Marshes Internal Drainage District
Parts: {len(parts)}
Vertices per part: {", ".join(str(len(p)) for p in parts)}
Area (m²): {district_area:.1f}
Order made: 2019-11-05
Custodian: Lower Wandle Drainage Board, Clerk's Office
"""
