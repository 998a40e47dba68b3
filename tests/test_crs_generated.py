"""Generated frames: EPSG projected CRSs taken from pyproj's own database.

For each frame (non-deprecated projected EPSG CRSs with an area of use, chosen
deterministically), a document names the frame in prose and carries coordinates inside its area
of use: it must resolve to that code, unflagged. The same document with coordinates far outside
the area must come back flagged. The module prints the rates (``pytest -s``).

Resolving a frame for the first time costs ~0.1 s (PROJ builds its transformation to WGS 84 and
looks for better ones), so the test resolves a representative sample rather than every 12th
frame (440 frames, 27-48 s): every projection method PROJ's EPSG frames use, at least once, and
at least :data:`PER_CLASS` frames of each class of method (transverse Mercator, Lambert conic,
azimuthal, the others), the rest of a class spread evenly by code (~90 frames).
``benchmarks/bench_crs.py --step 1`` still resolves all of them.
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
from geochunk.crs.database import crs_facts, proj_db_rows, transformer
from geochunk.model import Detection, Frame, Span

PER_CLASS = 20  # frames of each class of projection method resolved, at least
_PICK = 24  # frames picked per class (a few cannot be transformed at all)
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


def _usable_frames() -> list:
    infos = query_crs_info(auth_name="EPSG", pj_types=[PJType.PROJECTED_CRS])
    usable = [i for i in infos if i.code.isdigit() and not i.deprecated and i.area_of_use]
    usable.sort(key=lambda i: int(i.code))
    return usable


def method_class(method: str) -> str:
    """The class of a projection method: ``"transverse mercator"``, ``"lambert conic"``,
    ``"azimuthal"`` or ``"other"``."""
    if "Transverse Mercator" in method:
        return "transverse mercator"
    if "Lambert Conic" in method:
        return "lambert conic"
    if any(w in method for w in ("Stereographic", "Azimuthal", "Orthographic")):
        return "azimuthal"
    return "other"


def _methods() -> dict[int, str]:
    rows = proj_db_rows(
        "SELECT p.code, c.method_name FROM projected_crs p JOIN conversion c "
        "ON p.conversion_auth_name = c.auth_name AND p.conversion_code = c.code "
        "WHERE p.auth_name = 'EPSG'")
    return {int(code): str(method) for code, method in rows if str(code).isdigit()}


def _frames_to_try(step: int | None = None, per_class: int = _PICK) -> list:
    """Every ``step``-th usable frame by code; without ``step``, the representative sample
    (see the module docstring)."""
    usable = _usable_frames()
    if step is not None:
        return usable[::step]
    methods = _methods()
    by_class: dict[str, dict[str, list]] = {}
    for info in usable:
        method = methods.get(int(info.code), "?")
        by_class.setdefault(method_class(method), {}).setdefault(method, []).append(info)
    chosen = []
    for cls in sorted(by_class):
        groups = by_class[cls]
        picked = [g[len(g) // 2] for _, g in sorted(groups.items())]  # each method once
        rest = [i for g in groups.values() for i in g if i not in picked]
        rest.sort(key=lambda i: int(i.code))
        need = max(0, per_class - len(picked))
        if need and rest:
            picked += [rest[round(k * (len(rest) - 1) / max(need - 1, 1))] for k in range(need)]
        chosen += picked
    chosen = list({int(i.code): i for i in chosen}.values())
    chosen.sort(key=lambda i: int(i.code))
    return chosen


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


def run_generated(step: int | None = None) -> tuple[list[Outcome], list[tuple[int, str]]]:
    """Resolve the sample (or every ``step``-th frame) inside and far outside its area (also
    used by ``benchmarks/bench_crs.py`` with ``step=1``)."""
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


def test_every_method_and_enough_of_each_class_were_tried(outcomes) -> None:
    done, skipped = outcomes
    methods = _methods()
    tried = {c: methods[c] for c in [o.code for o in done] + [c for c, _ in skipped]}
    used = {methods.get(int(i.code)) for i in _usable_frames()}
    assert set(tried.values()) == used  # every projection method at least once
    per_class: dict[str, int] = {}
    for o in done:
        cls = method_class(methods[o.code])
        per_class[cls] = per_class.get(cls, 0) + 1
    assert set(per_class) == {"transverse mercator", "lambert conic", "azimuthal", "other"}
    assert all(n >= PER_CLASS for n in per_class.values()), per_class
    # each method PROJ cannot transform is tried once (e.g. EPSG:2986, Polar Stereographic
    # variant C; EPSG:22300, Tunisia Mining Grid): resolved, flagged untransformable
    assert len(skipped) <= 8, skipped


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
    # every method once brings in world frames and projections whose far points fold back
    # onto their own area (Krovak, Laborde, NZMG): they have no "far outside" to try
    assert far >= 0.85 * len(done)
    wrong = [(o.code, o.name, o.outside) for o in done
             if o.outside is not None and not o.outside.flagged]
    assert not wrong, wrong[:5]
    for o in done:
        if o.outside is not None:
            assert o.outside.confidence <= 0.4
            assert any("contradict" in n or "not lon/lat" in n or "unknown" in n
                       for n in o.outside.notes)
