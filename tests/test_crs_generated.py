"""Generated frames: hundreds of EPSG projected CRSs taken from pyproj's own database.

For each frame (every non-deprecated projected EPSG CRS with an area of use, sampled
deterministically by code), a document names the frame in prose and carries coordinates inside
its area of use: it must resolve to that code, unflagged. The same document with coordinates far
outside the area must come back flagged. The module prints the rates (``pytest -s``).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass

import pytest
import shapely
from pyproj.database import query_crs_info
from pyproj.enums import PJType
from shapely.geometry import shape

from geochunk.crs import resolve_frames
from geochunk.crs.database import crs_facts, transformer
from geochunk.model import Detection, Frame, Span

STEP = 12  # every 12th frame by code: ~440 of ~5,300
TEMPLATES = (
    "Survey notes. All coordinates below are in {name}.\n\n",
    "Projection: {name}\nUnits as declared.\n",
    "The outlines ({name}) were digitised from the plans:\n",
)
INTERIOR = ((0.5, 0.5), (0.3, 0.35), (0.65, 0.6), (0.45, 0.7))  # fractions of the area's box


@dataclass(frozen=True)
class Outcome:
    code: int
    name: str
    inside: Frame
    outside: Frame | None


def _frames_to_try(step: int) -> list:
    infos = query_crs_info(auth_name="EPSG", pj_types=[PJType.PROJECTED_CRS])
    usable = [i for i in infos if i.code.isdigit() and not i.deprecated and i.area_of_use]
    usable.sort(key=lambda i: int(i.code))
    return usable[::step]


def _lon(west: float, east: float, f: float) -> float:
    east = east + 360.0 if east < west else east
    lon = west + (east - west) * f
    return lon - 360.0 if lon > 180.0 else lon


def _doc(k: int, name: str, points: list[tuple[float, float]]) -> tuple[str, Detection, list]:
    head = TEMPLATES[k % len(TEMPLATES)].format(name=name)
    if k % 3 == 2:  # a GeoJSON Feature without a crs member: the prose frame must win
        geometry = {"type": "MultiPoint", "coordinates": [list(p) for p in points]}
        feature = {"type": "Feature", "id": f"g{k}", "geometry": geometry, "properties": {}}
        body = json.dumps(feature)
        span = Span(len(head), len(head) + len(body), "geojson_feature", "MULTIPOINT",
                    json.dumps(geometry))
        geom = shape(geometry)
    else:
        body = "MULTIPOINT (" + ", ".join(f"{x:.3f} {y:.3f}" for x, y in points) + ")"
        span = Span(len(head), len(head) + len(body), "wkt", "MULTIPOINT", body)
        geom = shapely.from_wkt(body)
    return head + body + "\n", Detection((span,)), [geom]


def _far_from(areas, lon: float, lat: float) -> bool:
    for west, south, east, north in areas:
        if south - 10 <= lat <= north + 10:
            width = east - west if east >= west else 360.0 - (west - east)
            if width >= 340 or (lon - (west - 10)) % 360.0 <= width + 20:
                return False
    return True


def _outside_points(code: int, tr, lon: float, lat: float) -> list[tuple[float, float]] | None:
    areas = crs_facts(code).areas
    for dlon, plat in ((180, -lat), (90, lat), (-90, lat), (0, lat + 60), (0, lat - 60), (120, 0)):
        flon = (lon + dlon + 180.0) % 360.0 - 180.0
        flat = max(-85.0, min(85.0, plat))
        if not _far_from(areas, flon, flat):
            continue
        x, y = tr.transform(flon, flat, direction="INVERSE", errcheck=False)
        if not (math.isfinite(x) and math.isfinite(y) and abs(x) < 1e12 and abs(y) < 1e12):
            continue
        # Some projections (oblique Mercator: Swiss LV95, Hungarian EOV) fold far points back
        # onto their own area; such values do not encode a far point, so try another.
        back_lon, back_lat = tr.transform(x, y, errcheck=False)
        if abs(back_lat - flat) < 1e-3 and abs((back_lon - flon + 180) % 360 - 180) < 1e-3:
            return [(x, y)]
    return None  # a frame valid (nearly) everywhere has no "far outside"


def run_generated(step: int = STEP) -> tuple[list[Outcome], list[tuple[int, str]]]:
    """Resolve every ``step``-th frame inside and far outside its area (also used by
    ``benchmarks/bench_crs.py`` with ``step=1``)."""
    done: list[Outcome] = []
    skipped: list[tuple[int, str]] = []
    for k, info in enumerate(_frames_to_try(step)):
        code = int(info.code)
        tr = transformer(code)
        facts = crs_facts(code)
        if tr is None or facts is None or facts.area is None:
            # e.g. EPSG:2218 (projection method PROJ lacks): resolved, but flagged untransformable
            skipped.append((code, "PROJ builds no transformation to WGS 84"))
            continue
        west, south, east, north = facts.area
        points = []
        for fx, fy in INTERIOR:
            lon, lat = _lon(west, east, fx), south + (north - south) * fy
            points.append(tr.transform(lon, lat, direction="INVERSE", errcheck=False))
        if not all(math.isfinite(v) for p in points for v in p):
            skipped.append((code, "the area's own points do not project"))
            continue
        text, det, geoms = _doc(k, facts.name, points)
        inside = resolve_frames(text, det, geoms).frame_for(0)
        far = _outside_points(code, tr, _lon(west, east, 0.5), (south + north) / 2)
        outside = None
        if far is not None:
            text, det, geoms = _doc(k, facts.name, far)
            outside = resolve_frames(text, det, geoms).frame_for(0)
        done.append(Outcome(code, facts.name, inside, outside))
    return done, skipped


@pytest.fixture(scope="module")
def outcomes() -> tuple[list[Outcome], list[tuple[int, str]]]:
    return run_generated()


def _rates(done: list[Outcome]) -> tuple[int, int, int, int]:
    resolved = sum(o.inside.epsg == o.code and not o.inside.flagged for o in done)
    far = [o for o in done if o.outside is not None]
    flagged = sum(o.outside.flagged for o in far)  # type: ignore[union-attr]
    return resolved, len(done), flagged, len(far)


def test_hundreds_of_frames_were_tried(outcomes) -> None:
    done, skipped = outcomes
    assert len(done) >= 400
    assert len(skipped) <= 5, skipped  # e.g. EPSG:2304, which PROJ cannot transform


def test_frames_named_in_prose_resolve_to_their_code(outcomes) -> None:
    done, _ = outcomes
    resolved, tried, flagged, far = _rates(done)
    print(f"\ngenerated frames: {resolved}/{tried} resolved ({resolved / tried:.1%}); "
          f"far outside: {flagged}/{far} flagged ({flagged / far:.1%})")
    misses = [(o.code, o.name, o.inside.epsg, o.inside.notes[:3]) for o in done
              if not (o.inside.epsg == o.code and not o.inside.flagged)]
    assert resolved / tried >= 0.99, misses[:10]
    for o in done:
        if o.inside.epsg == o.code:
            assert o.inside.source == "name"
            assert o.inside.confidence >= 0.8
            assert any("inside the area of use" in n for n in o.inside.notes)


def test_far_outside_coordinates_come_back_flagged(outcomes) -> None:
    done, _ = outcomes
    _, _, flagged, far = _rates(done)
    assert far >= 0.9 * len(done)
    wrong = [(o.code, o.name, o.outside) for o in done
             if o.outside is not None and not o.outside.flagged]
    assert not wrong, wrong[:5]
    for o in done:
        if o.outside is not None:
            assert o.outside.confidence <= 0.4
            assert any("contradict" in n or "not lon/lat" in n or "unknown" in n
                       for n in o.outside.notes)
