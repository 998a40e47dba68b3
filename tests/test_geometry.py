"""Tests for geochunk.detection.geometry: every OGC kind parses, curves linearize, vertices, errors."""

from __future__ import annotations

import math

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from geochunk.detection.geometry import (
    MAX_NESTING,
    Parsed,
    bounds,
    parse_geojson,
    parse_geojson_object,
    parse_span,
    parse_wkt,
)
from geochunk.model import Span

# (wkt, shapely geom_type, source vertices, linearized)
KINDS = [
    ("POINT(1 2)", "Point", 1, False),
    ("LINESTRING(0 0, 1 1, 2 0)", "LineString", 3, False),
    ("POLYGON((0 0, 4 0, 4 4, 0 4, 0 0), (1 1, 2 1, 2 2, 1 1))", "Polygon", 9, False),
    ("MULTIPOINT((1 2), (3 4))", "MultiPoint", 2, False),
    ("MULTIPOINT(1 2, 3 4, 5 6)", "MultiPoint", 3, False),
    ("MULTILINESTRING((0 0, 1 1), (2 2, 3 3))", "MultiLineString", 4, False),
    ("MULTIPOLYGON(((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))", "MultiPolygon", 8, False),
    ("GEOMETRYCOLLECTION(POINT(1 2), LINESTRING(0 0, 1 1))", "GeometryCollection", 3, False),
    ("TRIANGLE((0 0, 1 0, 0 1, 0 0))", "Polygon", 4, True),
    ("TIN(((0 0, 1 0, 0 1, 0 0)), ((1 0, 1 1, 0 1, 1 0)))", "MultiPolygon", 8, True),
    ("POLYHEDRALSURFACE(((0 0, 1 0, 1 1, 0 1, 0 0)))", "MultiPolygon", 5, True),
    ("CIRCULARSTRING(-1 0, 0 1, 1 0)", "LineString", 3, True),
    ("COMPOUNDCURVE(CIRCULARSTRING(0 0, 1 1, 2 0), (2 0, 3 0))", "LineString", 5, True),
    ("CURVEPOLYGON(CIRCULARSTRING(0 0, 4 0, 0 0), (1 -1, 2 -1, 2 1, 1 -1))", "Polygon", 7, True),
    ("MULTICURVE((0 0, 1 1), CIRCULARSTRING(0 0, 1 1, 2 0))", "MultiLineString", 5, True),
    (
        "MULTISURFACE(CURVEPOLYGON(CIRCULARSTRING(0 0, 4 0, 0 0)), ((10 10, 11 10, 11 11, 10 10)))",
        "MultiPolygon",
        7,
        True,
    ),
]


@pytest.mark.parametrize(("wkt", "geom_type", "vertices", "linearized"), KINDS)
def test_every_kind_parses(wkt: str, geom_type: str, vertices: int, linearized: bool) -> None:
    p = parse_wkt(wkt)
    assert p.error is None
    assert p.geometry is not None and p.geometry.geom_type == geom_type
    assert p.vertices == vertices
    assert p.linearized is linearized
    assert bounds(p.geometry) is not None


@pytest.mark.parametrize(("wkt", "geom_type", "vertices", "linearized"), KINDS)
def test_every_kind_parses_lower_case_and_with_srid(
    wkt: str, geom_type: str, vertices: int, linearized: bool
) -> None:
    p = parse_wkt("SRID=4326;" + wkt.lower())
    assert p.error is None and p.geometry.geom_type == geom_type and p.vertices == vertices


@pytest.mark.parametrize(
    "wkt",
    [
        "POINT EMPTY", "LINESTRING EMPTY", "POLYGON EMPTY", "MULTIPOINT EMPTY",
        "MULTILINESTRING EMPTY", "MULTIPOLYGON EMPTY", "GEOMETRYCOLLECTION EMPTY", "TRIANGLE EMPTY",
        "TIN EMPTY", "POLYHEDRALSURFACE EMPTY", "CIRCULARSTRING EMPTY", "COMPOUNDCURVE EMPTY",
        "CURVEPOLYGON EMPTY", "MULTICURVE EMPTY", "MULTISURFACE EMPTY", "POINT Z EMPTY",
    ],
)  # fmt: skip
def test_empty_geometries(wkt: str) -> None:
    p = parse_wkt(wkt)
    assert p.error is None
    assert p.geometry is not None and p.geometry.is_empty
    assert p.vertices == 0
    assert bounds(p.geometry) is None


def test_half_circle_bbox() -> None:
    p = parse_wkt("CIRCULARSTRING(-1 0, 0 1, 1 0)")
    minx, miny, maxx, maxy = bounds(p.geometry)  # type: ignore[misc]
    assert (minx, miny, maxx) == pytest.approx((-1, 0, 1), abs=1e-9)
    assert maxy == pytest.approx(1, abs=1e-3)
    # the arc goes over the top, not under
    assert all(y >= -1e-9 for _, y in p.geometry.coords)


def test_clockwise_and_counter_clockwise_arcs_bulge_the_right_way() -> None:
    under = parse_wkt("CIRCULARSTRING(-1 0, 0 -1, 1 0)").geometry
    assert bounds(under) == pytest.approx((-1, -1, 1, 0), abs=1e-3)
    # three-quarter arc: from (1,0) counter-clockwise through (0,1) and (-1,0) to (0,-1)
    three_q = parse_wkt("CIRCULARSTRING(1 0, -1 0, 0 -1)").geometry
    assert bounds(three_q) == pytest.approx((-1, -1, 1, 1), abs=1e-3)
    assert three_q.length == pytest.approx(1.5 * math.pi, rel=1e-3)


def test_full_circle_area() -> None:
    p = parse_wkt("CURVEPOLYGON(CIRCULARSTRING(0 0, 2 0, 0 0))")
    assert p.geometry.area == pytest.approx(math.pi, rel=0.01)
    assert bounds(p.geometry) == pytest.approx((0, -1, 2, 1), abs=1e-3)
    assert p.vertices == 3


def test_collinear_arc_is_straight() -> None:
    p = parse_wkt("CIRCULARSTRING(0 0, 1 1, 2 2)")
    assert p.error is None and p.geometry.length == pytest.approx(math.hypot(2, 2))


def test_multi_arc_circularstring_joins_arcs() -> None:
    p = parse_wkt("CIRCULARSTRING(0 0, 1 1, 2 0, 3 -1, 4 0)")
    assert p.vertices == 5
    assert bounds(p.geometry) == pytest.approx((0, -1, 4, 1), abs=1e-3)


def test_curve_inside_geometrycollection_is_linearized() -> None:
    p = parse_wkt("GEOMETRYCOLLECTION(POINT(10 10), CIRCULARSTRING(-1 0, 0 1, 1 0))")
    assert p.linearized and p.vertices == 4
    assert bounds(p.geometry) == pytest.approx((-1, 0, 10, 10), abs=1e-3)


@pytest.mark.parametrize(
    ("wkt", "dims", "has_z"),
    [
        ("POINT Z (1 2 3)", "Z", True),
        ("POINTZ(1 2 3)", "Z", True),
        ("POINT M (1 2 3)", "M", False),
        ("POINT ZM (1 2 3 4)", "ZM", True),
        ("POINT(1 2 3)", "Z", True),
        ("LINESTRING Z (0 0 1, 1 1 2)", "Z", True),
        ("POLYGON((0 0, 1 0, 1 1, 0 0))", "", False),
    ],
)
def test_dims_and_z_kept_by_geos(wkt: str, dims: str, has_z: bool) -> None:
    p = parse_wkt(wkt)
    assert p.dims == dims
    assert p.geometry.has_z is has_z


@pytest.mark.parametrize(
    ("wkt", "dims"),
    [("CIRCULARSTRING Z (0 0 1, 1 1 1, 2 0 1)", "Z"), ("TIN ZM (((0 0 0 0, 1 0 0 0, 0 1 0 0, 0 0 0 0)))", "ZM")],
)
def test_linearized_geometries_are_2d(wkt: str, dims: str) -> None:
    p = parse_wkt(wkt)
    assert p.error is None and p.linearized and p.dims == dims
    assert not p.geometry.has_z


@pytest.mark.parametrize(
    ("wkt", "message"),
    [
        ("POLYGON((1 2, 3 4))", "closed"),
        ("POLYGON((0 0, 1 0, 1 1, 0 1))", "closed"),
        ("LINESTRING(0 0)", ""),
        ("POINT(1 2 3 4 5)", ""),
        ("POINT(1 2", ""),
        ("POINT(a b)", ""),
        ("", "empty"),
        ("TRIANGLE((0 0, 1 0, 0 1))", "at least 4"),
        ("TRIANGLE((0 0, 1 0, 1 1, 0 1, 0 0))", "exactly one ring of 4"),
        ("CIRCULARSTRING(0 0, 1 1)", "odd number"),
        ("CIRCULARSTRING(0 0, 1 1, 2 0, 3 3)", "odd number"),
        ("COMPOUNDCURVE((0 0, 1 1), (2 2, 3 3))", "join"),
        ("CURVEPOLYGON(CIRCULARSTRING(0 0, 1 1, 2 0))", "closed"),
        ("CURVEPOLYGON((0 0, 1 0, 1 1))", "at least 4"),
        ("MULTICURVE(POLYGON((0 0, 1 0, 1 1, 0 0)))", "expected a curve"),
        ("MULTISURFACE(LINESTRING(0 0, 1 1))", "expected a surface"),
        ("CIRCULARSTRING(0 0, 1 1, 2 0) trailing", "unexpected text"),
        ("CIRCULARSTRING Z (0 0, 1 1, 2 0)", "Z coordinates need 3"),
        ("CIRCULARSTRING(0 0, 1 1, 1e999 0)", "finite"),
        ("POINT(1e999 2)", "finite"),
        ("LINESTRING(0 0, nan 1)", "finite"),
        ("FOO(1 2)", ""),
    ],
)
def test_errors_are_returned_not_raised(wkt: str, message: str) -> None:
    p = parse_wkt(wkt)
    assert p.geometry is None and p.vertices == 0
    assert p.error and message in p.error


def test_self_intersecting_polygon_parses() -> None:
    p = parse_wkt("POLYGON((0 0, 1 1, 1 0, 0 1, 0 0))")
    assert p.error is None and not p.geometry.is_valid


def test_deep_nesting_is_rejected_without_recursion() -> None:
    deep = "GEOMETRYCOLLECTION(" * 10_000 + "POINT(1 2)" + ")" * 10_000
    p = parse_wkt(deep)
    assert p.error is not None and str(MAX_NESTING) in p.error
    flat_deep = "POINT" + "(" * 1_000_000 + "1 2" + ")" * 1_000_000
    assert parse_wkt(flat_deep).error is not None


def test_moderate_nesting_is_fine() -> None:
    wkt = "GEOMETRYCOLLECTION(" * 20 + "CIRCULARSTRING(0 0, 1 1, 2 0)" + ")" * 20
    p = parse_wkt(wkt)
    assert p.error is None and p.vertices == 3


# -------------------------------------------------------------------------------------------
# GeoJSON

GEOJSON_KINDS = [
    ({"type": "Point", "coordinates": [1, 2]}, "Point", 1),
    ({"type": "LineString", "coordinates": [[0, 0], [1, 1]]}, "LineString", 2),
    ({"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}, "Polygon", 4),
    ({"type": "MultiPoint", "coordinates": [[0, 0], [1, 1]]}, "MultiPoint", 2),
    ({"type": "MultiLineString", "coordinates": [[[0, 0], [1, 1]], [[2, 2], [3, 3]]]}, "MultiLineString", 4),
    (
        {"type": "MultiPolygon", "coordinates": [[[[0, 0], [1, 0], [1, 1], [0, 0]]], [[[5, 5], [6, 5], [6, 6], [5, 5]]]]},
        "MultiPolygon",
        8,
    ),
    (
        {"type": "GeometryCollection", "geometries": [{"type": "Point", "coordinates": [1, 2]},
                                                       {"type": "LineString", "coordinates": [[0, 0], [1, 1]]}]},
        "GeometryCollection",
        3,
    ),
    ({"type": "Point", "coordinates": [1, 2, 3]}, "Point", 1),
    ({"type": "LineString", "coordinates": []}, "LineString", 0),
]  # fmt: skip


@pytest.mark.parametrize(("obj", "geom_type", "vertices"), GEOJSON_KINDS)
def test_geojson_kinds(obj: dict, geom_type: str, vertices: int) -> None:
    import json

    p = parse_geojson(json.dumps(obj))
    assert p.error is None
    assert p.geometry.geom_type == geom_type
    assert p.vertices == vertices
    assert p.linearized is False
    assert parse_geojson_object(obj) == p


def test_geojson_z_is_kept() -> None:
    p = parse_geojson('{"type": "Point", "coordinates": [1, 2, 3]}')
    assert p.geometry.has_z and p.dims == "Z"


def test_geojson_null_geometry() -> None:
    assert parse_geojson("null") == Parsed(geometry=None, vertices=0)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"type": "Polygon", "coordinates": [[[0,0],[1,0],[1,1]]]}', "at least 4"),
        ('{"type": "Polygon", "coordinates": [[[0,0],[1,0],[1,1],[0,1]]]}', "closed"),
        ('{"type": "LineString", "coordinates": [[0,0]]}', "at least 2"),
        ('{"type": "Point", "coordinates": [1]}', "position"),
        ('{"type": "Point", "coordinates": ["a", "b"]}', "numbers"),
        ('{"type": "Point", "coordinates": [true, 1]}', "numbers"),
        ('{"type": "Point", "coordinates": [NaN, 1]}', "finite"),
        ('{"type": "Point"}', "coordinates"),
        ('{"type": "Circle", "coordinates": [1, 2]}', "unknown GeoJSON geometry type"),
        ('{"type": "GeometryCollection"}', "geometries"),
        ('{"type": "Point", "coordinates": [1, 2]', "not valid JSON"),
        ("[1, 2]", "JSON object"),
        pytest.param("[" * 100_000 + "]" * 100_000, "", id="deep-arrays"),
    ],
)
def test_geojson_errors(text: str, message: str) -> None:
    p = parse_geojson(text)
    assert p.geometry is None and p.error is not None and message in p.error


# -------------------------------------------------------------------------------------------
# parse_span and helpers


@pytest.mark.parametrize(
    ("span", "geom_type"),
    [
        (Span(0, 10, "wkt", "POINT", "POINT(1 2)"), "Point"),
        (Span(0, 10, "wkt", "CIRCULARSTRING", "CIRCULARSTRING(0 0, 1 1, 2 0)"), "LineString"),
        (Span(0, 10, "geojson_geometry", "POINT", '{"type":"Point","coordinates":[1,2]}'), "Point"),
        (Span(0, 10, "geojson_feature", "POINT", '{"type":"Point","coordinates":[1,2]}'), "Point"),
    ],
)
def test_parse_span_by_kind(span: Span, geom_type: str) -> None:
    p = parse_span(span)
    assert p.error is None and p.geometry.geom_type == geom_type


def test_parse_span_null_feature_geometry() -> None:
    p = parse_span(Span(0, 10, "geojson_feature", None, "null"))
    assert p.geometry is None and p.error is None


def test_parse_span_unclosed_is_not_parsed() -> None:
    span = Span(0, 9, "wkt", "POINT", "POINT(1 2", status="unclosed", error="never closes")
    p = parse_span(span)
    assert p.geometry is None and p.error == "never closes"


def test_bounds() -> None:
    assert bounds(None) is None
    assert bounds(shapely.Point()) is None
    assert bounds(shapely.from_wkt("LINESTRING(3 1, 0 2)")) == (0.0, 1.0, 3.0, 2.0)


# -------------------------------------------------------------------------------------------
# properties

_num = st.integers(-10_000, 10_000).map(lambda i: i / 8)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(_num, _num), min_size=1, max_size=6))
def test_vertices_equal_source_coordinates_for_arcs(pts: list[tuple[float, float]]) -> None:
    # an odd number of points (>= 3) makes a circular string
    pts = (pts * 3)[: max(3, len(pts) | 1)]
    if len(pts) % 2 == 0:
        pts = pts[:-1]
    wkt = "CIRCULARSTRING(" + ", ".join(f"{x} {y}" for x, y in pts) + ")"
    p = parse_wkt(wkt)
    assert p.error is None, p.error
    assert p.vertices == len(pts)
    coords = list(p.geometry.coords)
    assert coords[0] == pts[0] and coords[-1] == pts[-1]
    # every source point (arc ends and mid points) is a vertex of the linearized line, in order
    it = iter(coords)
    assert all(any(c == pt for c in it) for pt in pts)


@settings(max_examples=100, deadline=None)
@given(_num, _num, st.floats(0.5, 1000), st.floats(0, 2 * math.pi), st.floats(0.1, 6.0))
def test_arc_points_lie_on_the_circle(cx: float, cy: float, r: float, a0: float, sweep: float) -> None:
    pts = [
        (cx + r * math.cos(a0 + sweep * f), cy + r * math.sin(a0 + sweep * f)) for f in (0, 0.5, 1)
    ]
    wkt = "CIRCULARSTRING(" + ", ".join(f"{x!r} {y!r}" for x, y in pts) + ")"
    p = parse_wkt(wkt)
    assert p.error is None
    for x, y in p.geometry.coords:
        assert math.hypot(x - cx, y - cy) == pytest.approx(r, rel=1e-6, abs=1e-6)
    assert p.geometry.length == pytest.approx(r * sweep, rel=0.01)


@pytest.mark.parametrize(("short", "piece"), [(0, 1 << 20), (0, 3), (0, 1), (4096, 1 << 20)])
def test_curve_check_is_the_regex_search(monkeypatch, short, piece):
    # the curve keyword check tries the pattern only where it can start; it answers as the
    # regex's own search does (cased, after digits/underscores/non-ASCII, across slices)
    import random

    from geochunk.detection import geometry

    monkeypatch.setattr(geometry, "_CURVE_SHORT", short)
    monkeypatch.setattr(geometry, "_CURVE_SLICE", piece)
    rng = random.Random(piece)
    words = ["TIN", "TRIANGLE", "Circularstring", "CIRCULARSTRINGZ", "curvepolygonzm", "MULTICURVE",
             "MultiSurface", "POLYHEDRALSURFACE", "POINT", "_", "1", "a", "(", " ", "é", "中", "Z", "M",
             "ZM", "x", "\u212a", "c", "@TIN", "[TIN", "`TIN", "{tin", "COMPOUNDCURVE"]
    for _ in range(4000):
        text = "".join(rng.choice(words) for _ in range(rng.randint(0, 9)))
        assert geometry._has_curve(text) == (geometry._NONLINEAR.search(text) is not None), text


def test_parse_wkt_many_is_parse_wkt_one_by_one():
    # the vectorised read gives what parse_wkt gives for each text: geometry, vertices, dims,
    # errors (GEOS's own message, nesting, non-finite numbers, curves, empty, SRID prefixes)
    import random

    from geochunk.detection.geometry import parse_wkt, parse_wkt_many

    texts = [
        "POINT (1 2)", "POINT Z (1 2 3)", "POINT M (1 2 3)", "POINT ZM (1 2 3 4)", "POINT EMPTY",
        "SRID=27700;POLYGON((0 0, 1 0, 1 1, 0 0))", "  LINESTRING (0 0, 1 1)  ", "POLYGON((1 2, 3 4))",
        "POINT (1e999 2)", "LINESTRING Z (0 0 nan, 1 1 1)", "CIRCULARSTRING(0 0, 1 1, 2 0)", "",
        "POINT (1 2", "MULTIPOINT ((1 2), (3 4))", "GEOMETRYCOLLECTION(POINT(1 2), LINESTRING(0 0, 1 1))",
        "POLYGON" + "(" * 70 + "0 0" + ")" * 70, "TIN (((0 0, 1 0, 0 1, 0 0)))", "POINT (a b)",
        "MULTIPOLYGON EMPTY", "LINESTRING (1 2, 3 inf)",
    ]
    rng = random.Random(4)
    for _ in range(5):
        batch = [rng.choice(texts) for _ in range(rng.randint(0, 30))]
        want = [parse_wkt(t) for t in batch]
        got = parse_wkt_many(batch)
        assert [(p.vertices, p.dims, p.error, p.linearized) for p in got] == [
            (p.vertices, p.dims, p.error, p.linearized) for p in want
        ]
        assert all((g.geometry is None and w.geometry is None) or g.geometry.equals_exact(w.geometry, 0)
                   or (g.geometry.is_empty and w.geometry.is_empty) for g, w in zip(got, want))
