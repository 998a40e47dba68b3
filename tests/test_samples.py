"""Tests for the bundled samples: determinism, loading, and what each file promises.

Geometries are parsed with shapely straight from the text (no other geochunk module is used),
so these tests check the samples themselves, not the detector.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import shapely
from pyproj import Transformer
from shapely.geometry import LinearRing, shape

from geochunk.errors import ConfigError
from geochunk.samples import (
    SAMPLES,
    SAMPLES_DIR,
    get_sample,
    list_samples,
    load_sample,
    sample_path,
)
from tools.samples import make_samples as ms

REPO = Path(__file__).resolve().parents[1]
NAMES = [s.name for s in SAMPLES]
HEADING = re.compile(r"### Parcel (LU-\d{4}) — (\S[^\n]*)")
ATTRIBUTE = re.compile(r"[A-Z][A-Za-z0-9 ()²/]*: \S")


def balanced_extent(text: str, start: int) -> int:
    """End (exclusive) of the bracketed geometry whose keyword starts at ``start``."""
    depth = 0
    i = text.index("(", start)
    while i < len(text):
        ch = text[i]
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise AssertionError(f"geometry at {start} never closes")


def geometry_at(text: str, keyword: str, after: int = 0) -> tuple[shapely.Geometry, int]:
    start = text.index(keyword, after)
    end = balanced_extent(text, start)
    return shapely.from_wkt(text[start:end]), end


# --------------------------------------------------------------------------------------------
# determinism and loading
# --------------------------------------------------------------------------------------------


def test_regenerating_gives_byte_identical_files(tmp_path: Path) -> None:
    written = ms.write_samples(tmp_path)
    assert [p.name for p in written] == list(ms.FILENAMES)
    for path in written:
        assert path.read_bytes() == (SAMPLES_DIR / path.name).read_bytes(), path.name


def test_command_line_is_deterministic_under_any_hash_seed(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONHASHSEED": "12345", "PYTHONPATH": str(REPO)}
    result = subprocess.run(
        [sys.executable, "-m", "tools.samples.make_samples", "--out", str(tmp_path)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "boundary_40k.txt" in result.stdout
    for name in ms.FILENAMES:
        assert (tmp_path / name).read_bytes() == (SAMPLES_DIR / name).read_bytes(), name


def test_sample_registry_matches_the_generated_files() -> None:
    assert list_samples() == SAMPLES
    assert sorted(s.filename for s in SAMPLES) == sorted(ms.FILENAMES)
    assert len({s.name for s in SAMPLES}) == len(SAMPLES)
    assert all(s.title and len(s.description) > 40 for s in SAMPLES)


@pytest.mark.parametrize("name", NAMES)
def test_each_sample_loads_as_exact_utf8(name: str) -> None:
    path = sample_path(name)
    assert path.parent == SAMPLES_DIR and path.is_file()
    text = load_sample(name)
    assert text == path.read_bytes().decode("utf-8")  # no newline translation
    assert text.strip()
    assert get_sample(get_sample(name).filename).name == name


def test_crlf_survives_loading() -> None:
    assert "\r\n" in load_sample("malformed")


@pytest.mark.parametrize("bad", ["nope", "", "LAND_USE_APPENDIX", "samples/parcels.geojson"])
def test_unknown_sample_lists_valid_names(bad: str) -> None:
    with pytest.raises(ConfigError, match="unknown sample") as info:
        sample_path(bad)
    assert all(n in str(info.value) for n in NAMES)
    with pytest.raises(ConfigError):
        load_sample(bad)


def test_samples_stay_small() -> None:
    total = sum((SAMPLES_DIR / name).stat().st_size for name in ms.FILENAMES)
    assert total < 3 * 1024 * 1024


def test_importing_samples_does_not_import_ui_packages() -> None:
    code = (
        "import sys, geochunk.samples as s; s.load_sample('parcels'); "
        "bad = [m for m in ('streamlit', 'folium', 'geochunk.view', 'geochunk.ui', 'shapely') "
        "if m in sys.modules]; print(bad)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


# --------------------------------------------------------------------------------------------
# land_use_appendix.md
# --------------------------------------------------------------------------------------------


def _parcels() -> list[tuple[str, str, str, list[str]]]:
    """(id, use, wkt line, attribute lines) for every parcel entry."""
    lines = load_sample("land_use_appendix").split("\n")
    out = []
    for i, line in enumerate(lines):
        m = HEADING.fullmatch(line)
        if m:
            j = i + 2
            attrs = []
            while lines[j]:
                attrs.append(lines[j])
                j += 1
            out.append((m.group(1), m.group(2), lines[i + 1], attrs))
    return out


def test_land_use_has_exactly_400_parcels_numbered_in_order() -> None:
    parcels = _parcels()
    assert len(parcels) == ms.PARCEL_COUNT == 400
    assert [p[0] for p in parcels] == [f"LU-{n:04d}" for n in range(1, 401)]
    assert load_sample("land_use_appendix").count("### Parcel ") == 400


def test_land_use_declares_its_frame_in_prose_before_the_parcels() -> None:
    text = load_sample("land_use_appendix")
    assert text.index("British National Grid (EPSG:27700)") < text.index("### Parcel LU-0001")
    assert not text.startswith("### ")


def test_land_use_geometries_are_valid_and_varied() -> None:
    kinds = {"Polygon": 0, "MultiPolygon": 0}
    holes = 0
    for pid, _use, wkt, _attrs in _parcels():
        assert wkt.startswith(("POLYGON ((", "MULTIPOLYGON ((("))
        geom = shapely.from_wkt(wkt)
        assert geom.is_valid, (pid, shapely.is_valid_reason(geom))
        kinds[geom.geom_type] += 1
        if geom.geom_type == "Polygon":
            holes += bool(geom.interiors)
            for ring in geom.interiors:  # courtyards strictly inside the shell
                assert shapely.Polygon(geom.exterior).contains(shapely.Polygon(ring))
        else:
            parts = list(geom.geoms)
            assert len(parts) in (2, 3)
            assert all(a.disjoint(b) for k, a in enumerate(parts) for b in parts[k + 1 :])
        minx, miny, maxx, maxy = geom.bounds
        assert 528000 <= minx and maxx <= 532000 and 178000 <= miny and maxy <= 181000
    assert 0.10 <= kinds["MultiPolygon"] / 400 <= 0.20
    assert holes >= 20


def test_land_use_attribute_blocks_match_their_geometry() -> None:
    for pid, use, wkt, attrs in _parcels():
        assert all(ATTRIBUTE.match(a) for a in attrs), (pid, attrs)
        kv = dict(a.split(": ", 1) for a in attrs)
        assert kv["Parcel ID"] == pid
        assert kv["Land use"] == use
        assert abs(float(kv["Area (m²)"]) - shapely.from_wkt(wkt).area) <= 0.051, pid
        assert re.fullmatch(r"20(23|24)-\d\d-\d\d", kv["Survey date"])
        assert kv["Borough"] in ("Westminster", "Lambeth") and kv["Owner"]
        long_block = int(pid[3:]) % 80 == 0  # every 80th parcel: lease and planning history
        assert ("Lease valid from" in kv) == long_block, pid
        if long_block:
            assert len(attrs) >= 18 and kv["Lease valid from"] < kv["Lease valid to"]


def test_land_use_parcels_do_not_overlap() -> None:
    geoms = [shapely.from_wkt(p[2]) for p in _parcels()]
    tree = shapely.STRtree(geoms)
    left, right = tree.query(geoms, predicate="intersects")
    assert all(a == b for a, b in zip(left, right))


# --------------------------------------------------------------------------------------------
# parcels.geojson
# --------------------------------------------------------------------------------------------


def test_geojson_parses_with_the_expected_features() -> None:
    text = load_sample("parcels")
    assert text.startswith('{\n  "type": "FeatureCollection"')  # pretty-printed, indent=2
    fc = json.loads(text)
    features = fc["features"]
    assert fc["type"] == "FeatureCollection" and "crs" not in fc  # RFC 7946: no crs member
    assert len(features) == ms.GEOJSON_FEATURE_COUNT == 120
    ids = [f["id"] for f in features]
    assert len(set(map(str, ids))) == len(ids)
    assert any(isinstance(i, int) for i in ids) and any(isinstance(i, str) for i in ids)
    types = {f["geometry"]["type"] if f["geometry"] else None for f in features}
    assert types == {"Polygon", "MultiPolygon", "LineString", "Point", None}


def test_geojson_geometries_are_valid_wgs84_and_rfc7946_wound() -> None:
    for f in json.loads(load_sample("parcels"))["features"]:
        if f["geometry"] is None:
            continue
        geom = shape(f["geometry"])
        assert geom.is_valid, f["id"]
        minx, miny, maxx, maxy = geom.bounds
        assert -3.30 < minx and maxx < -3.05 and 55.90 < miny and maxy < 56.00, f["id"]
        polygons = [geom] if geom.geom_type == "Polygon" else list(getattr(geom, "geoms", []))
        for poly in polygons:
            if poly.geom_type != "Polygon":
                continue
            assert LinearRing(poly.exterior.coords).is_ccw, f["id"]
            assert all(not LinearRing(r.coords).is_ccw for r in poly.interiors), f["id"]


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def test_geojson_properties_are_nested_and_adversarial() -> None:
    features = json.loads(load_sample("parcels"))["features"]
    props = [f["properties"] for f in features]
    strings = [s for p in props for s in _strings(p)]
    assert ms.XSS_PROBE == "<img src=x onerror=alert(1)>"
    assert sum(p.get("name") == ms.XSS_PROBE for p in props) == 1
    assert any("{" in s and "}" in s for s in strings)
    assert any('"' in s for s in strings)
    assert any(isinstance(v, dict) for p in props for v in p.values())
    assert any(
        isinstance(v, list) and v and isinstance(v[0], dict) for p in props for v in p.values()
    )
    assert any(s.startswith("POINT (") for s in strings)  # WKT-looking text inside a Feature


# --------------------------------------------------------------------------------------------
# mixed_report.md
# --------------------------------------------------------------------------------------------


def test_mixed_report_has_prose_non_latin_text_and_ewkt_with_z() -> None:
    text = load_sample("mixed_report")
    assert text.count("\n## ") >= 5
    assert "।" in text and re.search("[\u0900-\u097f]{4}", text)
    ewkt = re.findall(r"SRID=27700;(POINT Z|LINESTRING Z|POLYGON Z) ", text)
    assert {"POINT Z", "LINESTRING Z", "POLYGON Z"} <= set(ewkt)
    pos = 0
    for _ in range(len(ewkt)):
        start = text.index("SRID=27700;", pos)
        geom, pos = geometry_at(text, "", start + len("SRID=27700;"))
        assert geom.has_z and geom.is_valid
        assert 320000 < geom.bounds[0] < geom.bounds[2] < 345000 or geom.geom_type == "Point"


def test_mixed_report_utm_section_comes_later_with_valid_zone_30n_coordinates() -> None:
    text = load_sample("mixed_report")
    declared = text.index("WGS 84 / UTM zone 30N")
    assert declared > text.rindex("SRID=27700;")
    to_wgs84 = Transformer.from_crs(32630, 4326, always_xy=True)
    plain = [
        m.start() for m in re.finditer(r"(?m)(?<![;A-Z])(POINT Z|LINESTRING Z) \(", text[declared:])
    ]
    assert len(plain) >= 5
    for offset in plain:
        geom, _ = geometry_at(text, "", declared + offset)
        for x, y, _z in geom.coords:
            assert 166_000 < x < 834_000 and 5_000_000 < y < 6_500_000
            lon, lat = to_wgs84.transform(x, y)
            assert -6.0 <= lon <= 0.0 and 50.5 < lat < 51.6


# --------------------------------------------------------------------------------------------
# boundary_40k.txt
# --------------------------------------------------------------------------------------------


def test_boundary_polygon_has_40000_vertices_and_is_valid() -> None:
    text = load_sample("boundary_40k")
    assert text.index("British National Grid (EPSG:27700)") < text.index("POLYGON ((")
    geom, end = geometry_at(text, "\nPOLYGON ((")
    assert geom.geom_type == "Polygon" and geom.is_valid
    assert shapely.get_num_coordinates(geom) == ms.BOUNDARY_VERTICES == 40_000
    assert len(set(geom.exterior.coords)) == 39_999  # closing vertex repeats the first
    assert text.count("\n", text.index("\nPOLYGON (("), end) > 1000  # wrapped across lines
    assert "Vertices: 40000" in text[end:]
    area = float(re.search(r"Area \(m²\): ([\d.]+)", text[end:]).group(1))
    assert abs(area - geom.area) < 0.1


def test_boundary_district_is_three_disjoint_parts_of_3000_vertices() -> None:
    text = load_sample("boundary_40k")
    geom, _ = geometry_at(text, "\nMULTIPOLYGON (")
    assert geom.geom_type == "MultiPolygon" and geom.is_valid
    parts = list(geom.geoms)
    assert [shapely.get_num_coordinates(p) for p in parts] == [ms.DISTRICT_PART_VERTICES] * 3


# --------------------------------------------------------------------------------------------
# sparse_prose.txt, sql_dump.sql, malformed.txt
# --------------------------------------------------------------------------------------------


def test_sparse_prose_is_long_with_a_few_points_and_one_epsg_mention() -> None:
    text = load_sample("sparse_prose")
    assert len(text) > 8000 and text.count("\n\n") > 25
    assert text.count("EPSG:4326") == 1
    spans = []
    pos = 0
    while (start := text.find("POINT (", pos)) >= 0:
        end = balanced_extent(text, start)
        lon, lat = shapely.from_wkt(text[start:end]).coords[0]
        assert -3.3 < lon < -2.2 and 55.9 < lat < 56.1
        spans.append(end - start)
        pos = end
    assert 3 <= len(spans) <= 6
    assert sum(spans) / len(text) < 0.05  # geometry density well under 20%
    assert len(set(re.findall(r"[A-Z][^.!?]{20,}[.!?]", text))) > 60  # varied sentences


def test_sql_dump_has_150_inserts_with_parseable_ewkt() -> None:
    text = load_sample("sql_dump")
    assert "CREATE TABLE public.land_parcels" in text and "-- PostgreSQL database dump" in text
    statements = []
    pos = 0
    while (start := text.find("INSERT INTO", pos)) >= 0:
        pos = text.index(");\n", start) + 3  # semicolons inside quoted values do not end it
        statements.append(text[start:pos])
    assert len(statements) == ms.SQL_INSERT_COUNT == 150
    multi = [s for s in statements if s.count("\n") > 2]
    assert len(multi) == 1
    literals = re.findall(r"'SRID=(\d+);([A-Z]+\([^']*\))'", text)
    assert len(literals) == 150
    srids = {"27700": 0, "4326": 0}
    for srid, wkt in literals:
        geom = shapely.from_wkt(wkt)
        assert geom.is_valid
        srids[srid] += 1
        assert geom.geom_type == ("Polygon" if srid == "27700" else "Point")
    assert srids == {"27700": 110, "4326": 40}
    assert "O''Brien & Sons; builders" in text  # quoted semicolon trap


def test_malformed_contains_every_promised_case() -> None:
    text = load_sample("malformed")
    assert text.endswith("POLYGON((1 2, 3 4"), "unclosed polygon must be the very end"
    assert "POLYGON((0 0, 1 1, 0 0))" in text
    try:  # GEOS 3.14 parses the three-point ring; older versions refuse it
        assert not shapely.from_wkt("POLYGON((0 0, 1 1, 0 0))").is_valid
    except shapely.errors.GEOSException:
        pass
    bowtie, _ = geometry_at(text, "POLYGON((0 0, 10 10")
    assert not bowtie.is_valid and "Self-intersection" in shapely.is_valid_reason(bowtie)
    for needle in (
        "CIRCULARSTRING(",
        "CURVEPOLYGON(",
        "a point (see below)",
        "\r\n",
        "POINT EMPTY",
    ):
        assert needle in text, needle
    assert "(" * 30 in text and ")" * 30 in text
    assert max(len(w) for w in text.split()) > 2000


def test_package_data_ships_every_data_file_and_no_generator() -> None:
    """What ``pip install .`` (not editable) copies besides modules is pyproject's package-data:
    every sample, the shipped model and the Leaflet.draw assets must match one of its globs
    (the .gml and .kml samples and ui/vendor once did not)."""
    import tomllib

    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = pyproject["tool"]["setuptools"]["package-data"]["geochunk"]
    package = REPO / "geochunk"
    shipped = {p for pattern in patterns for p in package.glob(pattern) if p.is_file()}
    data = {p for p in package.rglob("*")
            if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts}
    assert data - shipped == set()
    assert {SAMPLES_DIR / s.filename for s in SAMPLES} <= shipped
    assert sorted(p.name for p in SAMPLES_DIR.glob("*.py")) == ["__init__.py"]
