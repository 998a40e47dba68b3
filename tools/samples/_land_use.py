"""Sample 1, ``land_use_appendix.md``: a planning appendix of 400 parcels in BNG metres.

Parcels sit on a 100 m survey grid around Westminster and Lambeth, kept out of the Thames;
each is a heading, one WKT line (POLYGON, some with courtyards, or MULTIPOLYGON) and a
``Key: value`` attribute block whose area is computed from the printed coordinates; every 80th
parcel's block also holds its lease dates and planning history (a long attribute block).

>>> river_side(530000.0, 179600.0)[1], river_side(531200.0, 179600.0)[1]
(1, -1)
"""

from __future__ import annotations

import datetime as _dt
import math
import random
from itertools import pairwise

from ._common import check_valid, iso_date, rng_for
from ._geom import parcel_polygons, polygon_area, wkt_multipolygon, wkt_polygon
from ._text import CONDITIONS, LAND_USE_WEIGHTS, LAND_USES, OWNERS, PARCEL_NOTES, STREETS

__all__ = ["PARCEL_COUNT", "build_land_use_appendix", "river_side"]

PARCEL_COUNT = 400

# A rough centre line of the Thames through the study area (BNG metres), used to keep parcels
# out of the river and to tell the Westminster bank from the Lambeth bank.
THAMES_CENTRELINE: tuple[tuple[float, float], ...] = (
    (527500.0, 177600.0),
    (529200.0, 177750.0),
    (529900.0, 178050.0),
    (530250.0, 178600.0),
    (530350.0, 179200.0),
    (530450.0, 179700.0),
    (530600.0, 180300.0),
    (530900.0, 180650.0),
    (531500.0, 180800.0),
    (532500.0, 180750.0),
)


def river_side(x: float, y: float) -> tuple[float, int]:
    """Distance to the river centre line and which bank (+1 left/north-west, -1 right)."""
    best = (math.inf, 1)
    for (xa, ya), (xb, yb) in pairwise(THAMES_CENTRELINE):
        dx, dy = xb - xa, yb - ya
        t = max(0.0, min(1.0, ((x - xa) * dx + (y - ya) * dy) / (dx * dx + dy * dy)))
        px, py = xa + t * dx, ya + t * dy
        dist = math.hypot(x - px, y - py)
        if dist < best[0]:
            side = 1 if dx * (y - ya) - dy * (x - xa) > 0 else -1
            best = (dist, side)
    return best


_CELL, _E0, _N0, _COLS, _ROWS = 100.0, 528000.0, 178000.0, 40, 30
_CLUSTERS = (  # (easting, northing, spread): Westminster, Waterloo, Kennington, Pimlico, Vauxhall
    (530000, 179600, 420),
    (531200, 179700, 380),
    (531300, 178400, 450),
    (529300, 178400, 420),
    (530700, 178100, 300),
)


def _choose_cells(rng: random.Random) -> list[tuple[int, int]]:
    """400 grid cells (row, col) off the river, weighted towards the clusters, north first."""
    keyed: list[tuple[float, int, int]] = []
    for row in range(_ROWS):
        for col in range(_COLS):
            x, y = _E0 + (col + 0.5) * _CELL, _N0 + (row + 0.5) * _CELL
            key = rng.random()
            if river_side(x, y)[0] < 170.0:
                continue
            weight = 0.04 + sum(
                math.exp(-((x - a) ** 2 + (y - b) ** 2) / (2 * s * s)) for a, b, s in _CLUSTERS
            )
            keyed.append(
                (key ** (1.0 / weight), row, col)
            )  # weighted sampling (Efraimidis-Spirakis)
    keyed.sort(reverse=True)
    return [(row, col) for _, row, col in sorted(keyed[:PARCEL_COUNT], key=lambda t: (-t[1], t[2]))]


def _parcel_entry(rng: random.Random, number: int, row: int, col: int) -> tuple[str, str, float]:
    """One parcel's heading, WKT line and attribute block; also its land use and area."""
    pid = f"LU-{number:04d}"
    cx = _E0 + (col + 0.5) * _CELL + rng.uniform(-6, 6)
    cy = _N0 + (row + 0.5) * _CELL + rng.uniform(-6, 6)
    use = rng.choices(LAND_USES, weights=LAND_USE_WEIGHTS)[0]
    roll = rng.random()
    kind = "multi" if roll < 0.15 else "holes" if roll < 0.27 else "simple"
    polys = parcel_polygons(rng, cx, cy, _CELL * 0.9, kind)
    wkt = wkt_multipolygon(polys, 2) if kind == "multi" else wkt_polygon(polys[0], 2)
    check_valid(wkt, pid)
    area = math.fsum(polygon_area(p) for p in polys)
    borough = "Westminster" if river_side(cx, cy)[1] > 0 else "Lambeth"
    lines = [
        f"### Parcel {pid} — {use}",
        wkt,
        f"Parcel ID: {pid}",
        f"Land use: {use}",
        f"Area (m²): {area:.1f}",
    ]
    if kind == "multi":
        lines.append(f"Parts: {len(polys)}")
    if kind == "holes":
        lines.append(f"Courtyards: {len(polys[0]) - 1}")
    lines += [
        f"Address: {rng.randint(1, 240)} {rng.choice(STREETS[borough])}",
        f"Borough: {borough}",
        f"Owner: {rng.choice(OWNERS)}",
        f"Condition: {rng.choice(CONDITIONS)}",
    ]
    if use not in ("Open space", "Transport"):
        storeys = rng.randint(1, 3) if use == "Light industrial" else rng.randint(2, 12)
        lines.append(f"Storeys: {storeys}")
    lines.append(f"Survey date: {iso_date(rng, _dt.date(2023, 3, 1), 540)}")
    lines.append(f"Surveyor: {rng.choice(('AK', 'BT', 'CM', 'DR', 'EO', 'FW'))}")
    if rng.random() < 0.3:
        lines.append(f"Notes: {rng.choice(PARCEL_NOTES)}")
    if number % HISTORY_EVERY == 0:
        lines += _planning_history(pid)
    return "\n".join(lines) + "\n", use, area


#: Every 80th parcel carries a long attribute block (its lease and planning history): a block
#: larger than small budgets, which must still travel with its outline.
HISTORY_EVERY = 80

_DECISIONS = ("granted", "granted with conditions", "refused", "withdrawn", "granted on appeal")
_PROPOSALS = (
    "change of use of the ground floor to a cafe",
    "rear extension at first floor level",
    "replacement windows to the street elevation",
    "roof terrace with a glazed balustrade",
    "installation of two air-source heat pumps",
    "internal alterations to a listed interior",
    "new shopfront and illuminated fascia sign",
    "subdivision into two dwellings",
)


def _planning_history(pid: str) -> list[str]:
    """A lease and 10-14 planning applications, from the parcel's own generator (so the rest of
    the appendix draws the same numbers as without it)."""
    rng = rng_for(f"land_use_history:{pid}")
    start = _dt.date(2000 + rng.randrange(15), 1 + rng.randrange(12), 1)
    out = [
        f"Lease valid from: {start.isoformat()}",
        f"Lease valid to: {start.replace(year=start.year + 25).isoformat()}",
    ]
    year = 1988 + rng.randrange(6)
    for _ in range(rng.randint(10, 14)):
        year += rng.randint(1, 3)
        ref = f"{year}/{rng.randint(1000, 9999):05d}/{rng.choice(('FUL', 'LBC', 'ADV', 'HH'))}"
        decided = iso_date(rng, _dt.date(year, 1, 1), 360)
        out.append(f"Application {ref}: {rng.choice(_PROPOSALS)}, {rng.choice(_DECISIONS)} {decided}")
    return out


def build_land_use_appendix() -> str:
    """The planning appendix: 400 parcels in British National Grid metres.

    >>> text = build_land_use_appendix()
    >>> "British National Grid (EPSG:27700)" in text, text.count("\\nParcel ID: LU-")
    (True, 400)
    """
    rng = rng_for("land_use_appendix")
    parcels: list[str] = []
    totals: dict[str, list[float]] = {u: [0, 0.0] for u in LAND_USES}
    for number, (row, col) in enumerate(_choose_cells(rng), start=1):
        entry, use, area = _parcel_entry(rng, number, row, col)
        parcels.append(entry)
        totals[use][0] += 1
        totals[use][1] += area

    intro = f"""# Appendix C — Land-use parcel schedule

This appendix accompanies the Westminster and Lambeth Riverside Area Land-Use Study. It records \
the {PARCEL_COUNT} land parcels inspected during the 2023–2024 field survey, on both banks of the \
Thames between Vauxhall Bridge and Waterloo Bridge. Parcels are listed from north to south and, \
within each row of the survey grid, from west to east.

All coordinates are given in British National Grid (EPSG:27700), as eastings and northings in \
metres. Outlines were digitised from the measured building survey and checked on site against \
the Ordnance Survey large-scale base map; they are accurate to about half a metre. Courtyards and \
light wells that are open to the sky are recorded as holes in the parcel outline, and parcels \
held in several separate pieces are recorded as a MULTIPOLYGON with one part per piece.

Each entry gives a heading with the parcel reference and its dominant land use, the outline as \
Well-Known Text, and an attribute block. The area is planimetric, computed from the outline as \
published here, in square metres. Survey dates are those of the last site visit.

## C.1 Schedule of parcels

"""
    summary = [
        "",
        "## C.2 Summary by land use",
        "",
        "| Land use | Parcels | Total area (m²) |",
        "| --- | ---: | ---: |",
    ]
    for use in LAND_USES:
        count, area = totals[use]
        summary.append(f"| {use} | {int(count)} | {area:.1f} |")
    summary.append("")
    summary.append(
        "Figures may not sum exactly because of rounding. Parcels under separate ownership on "
        "upper floors are not shown separately."
    )
    return intro + "\n".join(parcels) + "\n".join(summary) + "\n"
