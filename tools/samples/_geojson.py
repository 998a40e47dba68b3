"""Sample 2, ``parcels.geojson``: community growing spaces in Edinburgh (WGS 84, RFC 7946).

Nested properties, strings with braces and quotes, string and numeric ids, one null geometry,
geometry-looking text inside property strings, and one HTML probe (:data:`XSS_PROBE`) that an
app must show as text. Exterior rings are counter-clockwise and holes clockwise (RFC 7946).

>>> _to_lonlat([(0.0, 0.0), (0.0, 111.32)], -3.0, 56.0)
[[-3.0, 56.0], [-3.0, 56.001]]
"""

from __future__ import annotations

import datetime as _dt
import json
import math
import random
from itertools import pairwise
from typing import Any

from shapely.geometry import shape

from ._common import check_valid, iso_date, rng_for
from ._geom import Ring, parcel_polygons, polygon_area
from ._text import EDINBURGH_SITES, GARDEN_REMARKS, GARDEN_TAGS, HOLDERS, INSPECTION_RESULTS

__all__ = ["GEOJSON_FEATURE_COUNT", "XSS_PROBE", "build_parcels_geojson"]

GEOJSON_FEATURE_COUNT = 120
XSS_PROBE = "<img src=x onerror=alert(1)>"
_LANDMARKS = ("gate", "shed", "pond", "north fence", "compost bays")

_M_PER_DEG_LAT = 111_320.0


def _to_lonlat(ring: Ring, lon0: float, lat0: float) -> list[list[float]]:
    """Local metres around (lon0, lat0) to rounded WGS 84 lon/lat positions."""
    k_lon = _M_PER_DEG_LAT * math.cos(math.radians(lat0))
    return [[round(lon0 + x / k_lon, 6), round(lat0 + y / _M_PER_DEG_LAT, 6)] for x, y in ring]


def _site(rng: random.Random) -> tuple[dict[str, str], float, float]:
    code, name, ward, lon, lat = rng.choice(EDINBURGH_SITES)
    return {"code": code, "name": name, "ward": ward}, lon, lat


def _inspections(rng: random.Random) -> list[dict[str, Any]]:
    out = []
    for _ in range(rng.randint(0, 3)):
        out.append(
            {
                "date": iso_date(rng, _dt.date(2022, 4, 1), 800),
                "result": rng.choice(INSPECTION_RESULTS),
                "by": {
                    "name": rng.choice(("I. Grant", "P. Baird", "L. Stewart")),
                    "role": "site secretary",
                },
            }
        )
    return sorted(out, key=lambda d: d["date"])


_TREES = (
    ("Rowan", "Sorbus aucuparia"),
    ("Apple", "Malus domestica"),
    ("Hazel", "Corylus avellana"),
    ("Wild cherry", "Prunus avium"),
    ("Silver birch", "Betula pendula"),
    ("Elder", "Sambucus nigra"),
)
_DEDICATIONS = (
    'In memory of "Granny" Jean {1931–2019}',
    "Planted by class P5 {2016}",
    'For "Wee Tam", who loved the plums',
)
_PREFIX = {"Polygon": "P", "PolygonHole": "P", "MultiPolygon": "M", "LineString": "L", "Point": "T"}
Feature = tuple[dict[str, Any] | None, dict[str, Any]]  # (geometry, properties)


def _plot(
    rng: random.Random,
    kind: str,
    site: dict[str, str],
    origin: tuple[float, float],
    number: int,
    cells: set[tuple[int, int]],
) -> Feature:
    """An allotment or garden plot on its own 45 m cell of the site grid."""
    while True:
        c = (rng.randint(-6, 6), rng.randint(-6, 6))
        if c not in cells:
            cells.add(c)
            break
    shape_kind = {"MultiPolygon": "multi", "PolygonHole": "holes"}.get(kind, "simple")
    polys = parcel_polygons(rng, c[0] * 45.0, c[1] * 45.0, 45.0 * 0.9, shape_kind)
    coords = [[_to_lonlat(r, *origin) for r in p] for p in polys]
    geometry = (
        {"type": "MultiPolygon", "coordinates": coords}
        if kind == "MultiPolygon"
        else {"type": "Polygon", "coordinates": coords[0]}
    )
    vacant = rng.random() < 0.15
    props: dict[str, Any] = {
        "name": f"{site['name']} plot {number}",
        "category": rng.choice(("allotment", "allotment", "community garden", "orchard")),
        "site": site,
        "tenancy": (
            None
            if vacant
            else {
                "holder": rng.choice(HOLDERS),
                "since": rng.randint(1994, 2024),
                "annual_rent_gbp": round(rng.uniform(30, 140), 2),
                "concession": rng.random() < 0.3,
            }
        ),
        "tags": rng.sample(list(GARDEN_TAGS), rng.randint(0, 4)),
        "area_m2": round(math.fsum(polygon_area(p) for p in polys), 1),
        "inspections": _inspections(rng),
    }
    if rng.random() < 0.45:
        props["remarks"] = rng.choice(GARDEN_REMARKS)
    return geometry, props


def _line(
    rng: random.Random, site: dict[str, str], origin: tuple[float, float], number: int
) -> Feature:
    """A path, hedge, fence or ditch: a gently turning walk of 5-20 vertices."""
    x, y = rng.uniform(-250, 250), rng.uniform(-250, 250)
    heading = rng.uniform(0, 2 * math.pi)
    ring: Ring = []
    for _ in range(rng.randint(5, 20)):
        ring.append((x, y))
        heading += rng.uniform(-0.5, 0.5)
        step = rng.uniform(8, 30)
        x, y = x + step * math.cos(heading), y + step * math.sin(heading)
    length = math.fsum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in pairwise(ring))
    category = rng.choice(("path", "path", "hedge", "fence", "drainage ditch"))
    props = {
        "name": f"{site['name']} {category} {number}",
        "category": category,
        "site": site,
        "surface": rng.choice(("whin dust", "bark chips", "grass", "tarmac", None)),
        "length_m": round(length, 1),
        "maintenance": [
            {
                "year": year,
                "work": rng.choice(("edged", "resurfaced", "cut back", "cleared", "relaid")),
            }
            for year in sorted(rng.sample(range(2015, 2025), rng.randint(0, 3)))
        ],
    }
    return {"type": "LineString", "coordinates": _to_lonlat(ring, *origin)}, props


def _tree(rng: random.Random, site: dict[str, str], origin: tuple[float, float]) -> Feature:
    """A tree in the site register."""
    position = (rng.uniform(-280, 280), rng.uniform(-280, 280))
    common, latin = rng.choice(_TREES)
    props: dict[str, Any] = {
        "name": f"{common} by the {rng.choice(_LANDMARKS)}",
        "category": "tree",
        "site": site,
        "species": {"common": common, "latin": latin},
        "planted": rng.randint(1960, 2023),
        "girth_cm": rng.randint(8, 140),
    }
    if rng.random() < 0.3:
        props["dedication"] = rng.choice(_DEDICATIONS)
    return {"type": "Point", "coordinates": _to_lonlat([position], *origin)[0]}, props


def _unlocated(site: dict[str, str]) -> Feature:
    """A proposal with no agreed site yet: a null geometry, as RFC 7946 allows."""
    return None, {
        "name": "Proposed community orchard (site not yet agreed)",
        "category": "orchard",
        "site": site,
        "status": {
            "stage": "consultation",
            "closes": "2025-03-31",
            "options": ["Craigentinny", "West Mains"],
        },
    }


def build_parcels_geojson() -> str:
    """A FeatureCollection of community growing spaces in Edinburgh (WGS 84, RFC 7946).

    >>> fc = json.loads(build_parcels_geojson())
    >>> fc["type"], len(fc["features"])
    ('FeatureCollection', 120)
    """
    rng = rng_for("parcels_geojson")
    kinds: list[str | None] = ["Polygon"] * 50 + ["PolygonHole"] * 10 + ["MultiPolygon"] * 16
    kinds += ["LineString"] * 20 + ["Point"] * 23
    rng.shuffle(kinds)
    kinds.insert(57, None)  # one unlocated feature
    used_cells: dict[str, set[tuple[int, int]]] = {}
    counters: dict[str, int] = {}
    numeric_ids = iter(range(40217, 40217 + 1000, 37))  # tree register numbers
    features = []
    for kind in kinds:
        site, lon0, lat0 = _site(rng)
        prefix = _PREFIX.get(kind, "U") if kind else "U"
        key = site["code"] + prefix
        counters[key] = counters.get(key, 0) + 1
        fid: str | int = f"EDN-{site['code']}-{prefix}{counters[key]:03d}"
        if kind is None:
            geometry, props = _unlocated(site)
        elif kind == "LineString":
            geometry, props = _line(rng, site, (lon0, lat0), counters[key])
        elif kind == "Point":
            if rng.random() < 0.35:
                fid = next(numeric_ids)
            geometry, props = _tree(rng, site, (lon0, lat0))
        else:
            cells = used_cells.setdefault(site["code"], set())
            geometry, props = _plot(rng, kind, site, (lon0, lat0), counters[key], cells)
        features.append({"type": "Feature", "id": fid, "geometry": geometry, "properties": props})

    # Adversarial but realistic property values, placed at fixed features.
    features[6]["properties"]["name"] = XSS_PROBE
    features[6]["properties"][
        "remarks"
    ] = "Name field was pasted from a web form; shown here exactly as received."
    features[21]["properties"]["legacy_wkt"] = "POINT (-3.1615 55.97)"
    features[88]["properties"][
        "legacy_geometry"
    ] = '{"type": "Point", "coordinates": [-3.2130, 55.9650]}'
    features[40]["properties"][
        "notes_html"
    ] = '<b>Gate code</b> is on the "members" page {login needed}'

    for f in features:
        g = f["geometry"]
        if g is not None and g["type"] in ("Polygon", "MultiPolygon"):
            check_valid(shape(g).wkt, str(f["id"]))
    fc = {
        "type": "FeatureCollection",
        "name": "Edinburgh community growing spaces — 2024 survey",
        "features": features,
    }
    return json.dumps(fc, indent=2, ensure_ascii=False) + "\n"
