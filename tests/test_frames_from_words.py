"""Frames are never invented from words, and float noise at ±180/±90 is the limit (issue #27).

A place name (a Markdown heading, a CSV cell, an attribute value) is evidence, never a frame
declaration; a frame from a prose name needs frame words around it; nothing inside a geometry
is a declaration; an explicit declaration is never overridden by a name the coordinates
contradict. A coordinate within 1e-9° of ±180/±90 is the limit, not an error; a chunk whose
WGS 84 extent truly cannot be computed says why.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pytest
import shapely
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from geochunk.api import chunk
from geochunk.crs import bbox_wgs84, find_declarations, resolve_frames, to_wgs84
from geochunk.crs.context import _frame_named, name_context
from geochunk.crs.names import _END, find_names, name_index
from geochunk.detection.scan import detect
from geochunk.crs.extent import LIMIT_NOISE_DEG, lonlat_box, union_bbox
from geochunk.detection.geometry import parse_span
from geochunk.model import Frame

REAL = Path(__file__).parent / "real_data"
WGS84_CODE = Frame(4326, 0.95, "explicit_code", False)


def _report(text: str):
    det = detect(text)
    return det, resolve_frames(text, det, [parse_span(s).geometry for s in det.spans])


def _names(text: str) -> list[str]:
    return [d.text for d in find_declarations(text) if d.form == "name"]


# ------------------------------------------------------------------ place names are evidence

HEADINGS = (
    "# Field sites\n\nAll coordinates are EPSG:4326 (lon, lat).\n\n"
    "## Puerto Rico\n\nThree wells near San Juan.\n\nPOINT (-66.1 18.4)\n\n"
    "## New Jersey\n\nThe Trenton office surveyed:\n\nPOINT (-74.76 40.22)\n\n"
    "## South Carolina\n\nPOINT (-81.03 34.0)\n\n"
    "## North Carolina\n\nPOINT (-78.64 35.78)\n"
)


def test_headings_that_name_places_leave_the_explicit_code_in_force() -> None:
    # before issue #27 "Puerto Rico" and "New Jersey" were frame declarations, and New Jersey
    # took the second point (EPSG:3615, flagged) because the heading before it did not fit
    det, report = _report(HEADINGS)
    assert [d.form for d in report.declarations] == ["epsg_code"]
    assert [(f.epsg, f.source, f.flagged) for f in report.frames] == \
        [(4326, "explicit_code", False)] * 4
    assert report.document_frame.epsg == 4326


def test_a_city_in_a_csv_cell_is_no_frame_for_the_file() -> None:
    text = ("id,city,country,wkt\n1,São Tomé,Sao Tome and Principe,POINT (6.73 0.34)\n"
            "2,Puerto Rico,USA,POINT (-66.1 18.4)\n3,New Jersey,USA,POINT (-74.4 40.1)\n")
    assert _names(text) == []
    _, report = _report(text)
    assert {(f.epsg, f.source) for f in report.frames} == {(4326, "coordinates")}
    # a Markdown table cell, and a tab-separated one, too
    assert _names("| site | place |\n| --- | --- |\n| 1 | Puerto Rico |\n") == []
    assert _names("1\tSão Tomé\tPOINT (6.73 0.34)\n") == []
    assert _names("Puerto Rico,USA,POINT (-66.1 18.4)\n") == []  # a row's first cell


def test_a_place_as_an_attribute_value_is_evidence() -> None:
    text = "POINT (6.73 0.34)\nCity: São Tomé\nCountry: São Tomé and Príncipe\n"
    assert _names(text) == []
    _, report = _report("Positions in EPSG:4326.\n\n" + text)
    f = report.frame_for(0)
    assert (f.epsg, f.source, f.flagged) == (4326, "explicit_code", False)
    # in a GeoJSON Feature's properties, a place is a property value, not a frame
    feat = {"type": "Feature", "properties": {"city": "São Tomé", "note": "from the New "
            "Jersey office"}, "geometry": {"type": "Point", "coordinates": [6.73, 0.34]}}
    _, report = _report(json.dumps(feat))
    assert [d.form for d in report.declarations] == []
    assert (report.frame_for(0).epsg, report.frame_for(0).source) == (4326, "geojson_rfc7946")


def test_wkt_text_is_no_named_frame() -> None:
    # "Point 58" is a West African datum (EPSG:4620); "POINT (58" is WKT
    for wkt in ("POINT (58 12)", "POINT(58.5 23.6)", "POINT (58 -3)", "POINT Z (58 12 4)"):
        assert _names(wkt) == [], wkt
        _, report = _report(f"Sites:\n{wkt}\n")
        assert report.declarations == () and report.frame_for(0).epsg == 4326
    # a name inside a WKT span never declares, even one written as a frame's name
    det, report = _report("Wells (WGS 84):\nPOINT (58 12)\n")
    assert [d.text for d in report.declarations] == ["WGS 84"]


def test_a_name_with_frame_words_around_it_still_declares() -> None:
    cases = {
        "CRS: Puerto Rico\n": ("Puerto Rico", "keyed"),
        "Datum: Puerto Rico\n": ("Puerto Rico", "keyed"),
        "Projection: New Jersey (state plane)\n": ("New Jersey", "keyed"),
        "Coordinates in the Puerto Rico datum.\n": ("Puerto Rico", "context"),
        "Eastings and northings in New Jersey state plane feet.\n": ("New Jersey", "context"),
        "New Jersey, in state plane coordinates.\n": ("New Jersey", "context"),
        '<gml:Point srsName="Puerto Rico">': ("Puerto Rico", "keyed"),
        "Tiles in Web Mercator.\n": ("Web Mercator", "named"),
        "Grid: RD New.\n": ("RD New", "keyed"),
        "Parcels in British National Grid.\n": ("British National Grid", "named"),
        "in NAD27 / Texas North Central.\n": ("NAD27 / Texas North Central", "named"),
    }
    for text, (name, how) in cases.items():
        found = [d for d in find_declarations(text) if d.form == "name"]
        assert [d.text for d in found] == [name], text
        assert found[0].context == how, text
    # the same names where they only say where
    for text in ("## Puerto Rico\n", "Our New Jersey office.\n", "Texas North Central region\n",
                 "Region: New Jersey\n", '{"state": "New Jersey", "crs_note": 1}'):
        assert _names(text) == [], text


def test_a_keyed_place_name_governs_points_that_fit_it() -> None:
    _, report = _report("Datum: Puerto Rico\n\nPOINT (-66.1 18.4)\n")
    f = report.frame_for(0)
    assert (f.epsg, f.source, f.flagged) == (4139, "name", False)


def test_a_contradicted_name_never_overrides_an_explicit_code_further_back() -> None:
    # a keyed name (Puerto Rico) and a name with frame words (New Jersey state plane) between
    # the code and the points: the NJ point fits neither name, and the code stays
    text = ("Coordinates in EPSG:4326.\n\nDatum: Puerto Rico\n\nPOINT (-66.1 18.4)\n\n"
            "## New Jersey state plane sites\n\nPOINT (-74.4 40.1)\n")
    _, report = _report(text)
    f = report.frame_for(1)
    assert (f.epsg, f.source, f.flagged) == (4326, "explicit_code", False)
    assert any("explicit 'EPSG:4326' before it fits and stays" in n for n in f.notes)
    # the latest explicit declaration the numbers fit, past one they contradict
    text = ("Positions in EPSG:4326.\n\nAppendix grid: EPSG:27700.\n\n"
            "## New Jersey state plane sites\n\nPOINT (-74.4 40.1)\n")
    f = _report(text)[1].frame_for(0)
    assert (f.epsg, f.source, f.flagged) == (4326, "explicit_code", False)


def test_a_place_name_still_chooses_a_grid_for_undeclared_numbers() -> None:
    # NAD83 / New Jersey metres, no frame declared, the state named in a heading: the heading
    # declares nothing, but the frames named "New Jersey" are tried for the numbers (flagged)
    from pyproj import Transformer

    x, y = Transformer.from_crs(4326, 32111, always_xy=True).transform(-74.4, 40.1)
    text = f"## New Jersey wells\n\nPOINT ({x:.1f} {y:.1f})\n"
    _, report = _report(text)
    assert report.declarations == ()
    f = report.frame_for(0)
    assert f.source == "place" and f.flagged and f.confidence == 0.5
    assert f.epsg in (32111, 3615, 6526) and "New Jersey" in f.name
    assert any("uses as a place (not a declaration)" in n for n in f.notes)
    assert any("New Jersey" in p for p in f.evidence.places)
    # the same numbers under a place name whose frames they do not fit: the unknown frame
    _, report = _report(f"## Puerto Rico wells\n\nPOINT ({x:.1f} {y:.1f})\n")
    assert report.frame_for(0).source == "fallback"


@lru_cache(maxsize=1)
def _place_like_names() -> tuple[str, ...]:
    """Every name key of the index that reads as a place (no digit, no frame word, no
    acronym), title-cased as prose writes it, that the scan finds whole."""
    out = []

    def walk(node: dict, path: tuple[str, ...]) -> None:
        for tok, child in node.items():
            if tok == _END:
                out.append(path)
            else:
                walk(child, path + (tok,))

    walk(name_index().as_trie(), ())
    names = []
    for key in out:
        name = " ".join(t.title() for t in key)
        if len(key) < 2 or _frame_named(name):
            continue
        hits = find_names(f"x {name} x")
        if len(hits) == 1 and hits[0].text == name:
            names.append(name)
    return tuple(sorted(names))


def test_the_index_holds_place_like_names_to_test() -> None:
    names = _place_like_names()
    assert len(names) > 200  # state-plane zones, islands, datums named after places
    assert {"New Jersey", "Puerto Rico", "North Carolina"} <= set(names)


_SHAPES = (
    "## {name}\n\nPOINT ({x} {y})\n",
    "id,place,wkt\n7,{name},POINT ({x} {y})\n",
    "POINT ({x} {y})\nCity: {name}\n",
    "| 7 | {name} | POINT ({x} {y}) |\n",
    "Our {name} office surveyed these wells:\n\nPOINT ({x} {y})\n",
    "The coordinates of the {name} office:\n\nPOINT ({x} {y})\n",
    '{{"type": "Feature", "properties": {{"site": "{name}"}}, "geometry": '
    '{{"type": "Point", "coordinates": [{x}, {y}]}}}}\n',
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_no_place_name_ever_overrides_the_declared_code(data) -> None:
    names = _place_like_names()
    parts = ["Positions are EPSG:4326 (lon, lat).\n\n"]
    for _ in range(data.draw(st.integers(1, 4))):
        shape = data.draw(st.sampled_from(_SHAPES))
        name = data.draw(st.sampled_from(names))
        x = data.draw(st.floats(-179.0, 179.0).map(lambda v: round(v, 3)))
        y = data.draw(st.floats(-80.0, 80.0).map(lambda v: round(v, 3)))
        parts.append(shape.format(name=name, x=x, y=y) + "\n")
    text = "".join(parts)
    det, report = _report(text)
    assert [d.form for d in report.declarations] == ["epsg_code"], text
    assert all(f.epsg == 4326 and f.source in ("explicit_code", "geojson_rfc7946")
               and not f.flagged for f in report.frames), text


# ------------------------------------------------------------------------------ real files

def test_real_csv_of_us_states_declares_no_frame() -> None:
    # libpysal's per-capita income table: one row per state; "New Jersey", "North Carolina",
    # "Rhode Island", "South Carolina" and "New Hampshire" were frame declarations before
    text = (REAL / "libpysal-4.14.1/us_income/usjoin.csv").read_text()
    assert '"New Jersey"' in text and '"Rhode Island"' in text
    assert find_declarations(text) == ()


def test_real_readme_heading_naming_a_state_declares_no_frame() -> None:
    text = (REAL / "libpysal-4.14.1/sids2/README.md").read_text()
    assert "North Carolina county" in text
    assert find_declarations(text) == ()


@pytest.mark.parametrize("path", ["libpysal-4.14.1/stl/stl_hom.wkt",
                                  "libpysal-4.14.1/columbus/columbus.json"])
def test_real_files_get_frames_from_their_numbers_only(path: str) -> None:
    text = (REAL / path).read_text()
    det, report = _report(text)
    assert len(det.spans) > 40
    assert report.declarations == ()
    assert {f.epsg for f in report.frames} == {4326}
    chunks = chunk(text, budget=512)
    assert all(c.bbox_wgs84 is not None for c in chunks if c.features)


# ------------------------------------------------------------------------ float noise at 180

NOISE = 180.00000000000006  # Fiji's easternmost x in a real GeoJSON of countries


def _countries() -> str:
    fiji = {"type": "Feature", "properties": {"NAME": "Fiji"}, "geometry": {
        "type": "MultiPolygon", "coordinates": [
            [[[NOISE, -16.067132663642447], [NOISE, -16.555216566639196],
              [179.36414266196414, -16.801354076946883], [178.72505936299711, -17.01204167436804],
              [178.59683859511713, -16.639150000000004], [NOISE, -16.067132663642447]]],
            [[[-179.91736938476524, -16.501783135649397], [-180.0, -16.555216566639196],
              [-180.0, -16.067132663642447], [-179.79332010904864, -16.020882256741224],
              [-179.91736938476524, -16.501783135649397]]]]}}
    antarctica = {"type": "Feature", "properties": {"NAME": "Antarctica"}, "geometry": {
        "type": "Polygon", "coordinates": [[[-180.0, -90.00000000000001], [NOISE, -90.00000000000001],
                                            [NOISE, -84.7], [-180.0, -84.7],
                                            [-180.0, -90.00000000000001]]]}}
    uk = {"type": "Feature", "properties": {"NAME": "United Kingdom"}, "geometry": {
        "type": "Polygon", "coordinates": [[[-6.0, 50.0], [1.7, 50.9], [-3.0, 58.6],
                                            [-6.0, 50.0]]]}}
    return json.dumps({"type": "FeatureCollection", "features": [fiji, antarctica, uk]})


def test_float_noise_at_the_limits_is_the_limit() -> None:
    text = _countries()
    _, report = _report(text)
    assert [(f.epsg, f.source, f.flagged) for f in report.frames] == \
        [(4326, "geojson_rfc7946", False)] * 3
    for budget in (40, 4000):  # a chunk per country, and the three in one chunk
        chunks = chunk(text, budget=budget)
        placed = [c for c in chunks if c.features]
        assert placed and all(c.bbox_wgs84 is not None and "no_extent" not in c.flags
                              for c in placed)
        for c in placed:
            for f in c.features:
                w, s, e, n = f.bbox_wgs84
                assert -180.0 <= w <= 180.0 and -180.0 <= e <= 180.0 and -90.0 <= s <= n <= 90.0
    (one,) = [c for c in chunk(text, budget=4000) if c.features]
    assert one.bbox_wgs84 == (-180.0, -90.0, 180.0, 58.6)  # the union of all three


def test_the_limit_snaps_only_noise() -> None:
    assert bbox_wgs84(shapely.Point(NOISE, -16.0), WGS84_CODE) == (180.0, -16.0, 180.0, -16.0)
    assert bbox_wgs84(shapely.Point(-NOISE, 90.00000000000001), WGS84_CODE) == \
        (-180.0, 90.0, -180.0, 90.0)
    past = 180.0 + 10 * LIMIT_NOISE_DEG
    assert bbox_wgs84(shapely.Point(past, 0.0), WGS84_CODE) is None
    assert lonlat_box((0.0, 1.0, 2.0, 0.5)) is None  # south above north: no box
    g = to_wgs84(shapely.LineString([(179.0, 0.0), (NOISE, 1.0)]), WGS84_CODE)
    assert shapely.get_coordinates(g).max(axis=0).tolist() == [180.0, 1.0]
    assert to_wgs84(shapely.Point(past, 0.0), WGS84_CODE) is None


def test_a_chunk_whose_extent_cannot_be_computed_says_why() -> None:
    # truly past 180 (not noise), declared lon/lat: no WGS 84 box, and a reason
    text = "Positions in EPSG:4326.\n\nPOINT (180.5 10)\n"
    (c,) = [c for c in chunk(text, budget=64) if c.features]
    assert c.bbox_wgs84 is None and "no_extent" in c.flags
    assert "frame contradicted by the coordinates" in c.extent_note  # a declared frame
    # metres with no frame declared: the frame is unknown, and the note says so
    (c,) = [c for c in chunk("Site: POINT (530000 180000)\n", budget=64) if c.features]
    assert c.bbox_wgs84 is None and "no_extent" in c.flags
    assert c.extent_note.startswith("frame unknown: no frame declared")


@given(st.lists(st.tuples(st.floats(-180.0, 180.0), st.floats(0.0, 179.0),
                          st.floats(-90.0, 90.0)), min_size=1, max_size=6))
@settings(max_examples=150, deadline=None)
@example(raw=[(179.99999999999997, 0.0, 0.0), (-180.0, 1.0, 0.0)])  # 180 - 3e-14 reads as -180
def test_the_lon_union_covers_every_box_and_is_no_wider_than_needed(raw) -> None:
    boxes = []
    for west, width, lat in raw:
        east = west + width
        east = east - 360.0 if east > 180.0 else east
        boxes.append((west, lat, east, lat))
    w, s, e, n = union_bbox(boxes, lon=True)

    def inside(lon: float) -> bool:
        tol = 1e-9  # the union's sums of degrees round: a nanodegree is not a miss
        return (w - tol <= lon <= e + tol) if w <= e else (lon >= w - tol or lon <= e + tol)

    def covered(lon: float) -> bool:  # ±180 is one meridian, to the sums' rounding
        return inside(lon) or (abs(abs(lon) - 180.0) <= 1e-9 and inside(-lon))

    for bw, _, be, _ in boxes:
        assert covered(bw) and covered(be)
        mid = bw + ((be - bw) % 360.0) / 2
        assert covered(mid - 360.0 if mid > 180.0 else mid)
    # the union is at most the plain reading's width (the old rule's fallback) and at most 360
    width = (e - w) if w <= e else 360.0 - (w - e)
    plain = max(b[2] for b in boxes) - min(b[0] for b in boxes)
    if all(b[0] <= b[2] for b in boxes):
        assert width <= plain + 1e-9
    assert 0.0 <= width <= 360.0


# ------------------------------------------------------------------------ review regressions

def test_coordinates_of_a_place_in_prose_declare_nothing() -> None:
    # "coordinates" anywhere on the line made a place name a frame: "the coordinates of the
    # São Tomé lighthouse" gave lon/lat points the São Tomé datum, unflagged at 0.85
    for line in ("The coordinates of the São Tomé lighthouse:",
                 "Coordinates below were collected by our Puerto Rico team.",
                 "This file lists the coordinates of all counties in North Carolina.",
                 "GPS coordinates from the New Jersey field office."):
        assert _names(line + "\n") == [], line
        _, report = _report(line + "\n\nPOINT (6.73 0.34)\n")
        assert report.declarations == () and report.frame_for(0).epsg == 4326, line
    # a coordinates word next to the name still makes it a frame's
    for line, name in (("Coordinates in Puerto Rico:", "Puerto Rico"),
                       ("Coordinates are in the Puerto Rico datum.", "Puerto Rico"),
                       ("All wells in New Jersey coordinates.", "New Jersey"),
                       ("Koordinaten im Sao Tome", "Sao Tome")):
        found = [d for d in find_declarations(line + "\n") if d.form == "name"]
        assert [(d.text, d.context) for d in found] == [(name, "context")], line


def test_a_citygml_envelope_srsname_governs_the_buildings_after_it() -> None:
    # citysmith's CityGML: the model's boundedBy Envelope has srsName="epsg:32634", the
    # building after it none; the building got the EPSG:4326 fallback, flagged, no extent
    text = (REAL / "citysmith-0.2.0/CS1_lod0.gml").read_text()
    det, report = _report(text)
    # the Envelope is the collection's extent, not a feature: it governs the frame of the
    # building after it and is no span of its own
    assert [e.geometry_text.lstrip()[:13] for e in det.extents] == ["<gml:Envelope"]
    assert [s.geometry_text.lstrip()[:13] for s in det.spans] == ["<bldg:Buildin"]
    assert [(f.epsg, f.source, f.flagged) for f in report.frames] == [(32634, "explicit_code", False)]
    placed = [c for c in chunk(text, budget=512) if c.features]
    assert placed and all(c.bbox_wgs84 is not None and "no_extent" not in c.flags
                          and "crs_flagged" not in c.flags for c in placed)
    w, s, e, n = placed[-1].bbox_wgs84  # UTM 34N, 458,750 E 4,962,525 N: Vojvodina, Serbia
    assert 20.4 < w <= e < 20.6 and 44.8 < s <= n < 44.9
    # a geometry's own srsName still governs only that geometry
    gml = ('<gml:Point srsName="EPSG:27700"><gml:pos>530000 180000</gml:pos></gml:Point>\n'
           "POINT (-1.5 52.1)\n")
    _, report = _report(gml)
    assert [f.epsg for f in report.frames] == [27700, 4326]


def test_the_lookback_to_an_explicit_frame_is_linear(monkeypatch) -> None:
    # each contradicted name walked back over every weak scope before it to find an explicit
    # one: 4,000 state-plane sections over lon/lat points took 51 s (quadratic)
    import geochunk.crs.resolve as resolve

    calls = []
    real = resolve.explicit
    monkeypatch.setattr(resolve, "explicit", lambda d: calls.append(1) or real(d))
    n = 300
    names = ("New Jersey", "North Carolina", "South Carolina", "Puerto Rico")
    text = "Positions in EPSG:4326.\n\n" + "".join(
        f"Sites in {names[i % 4]} state plane coordinates.\n\nPOINT (-74.{i % 10} 40.1)\n\n"
        for i in range(n))
    _, report = _report(text)
    assert len(report.frames) == n
    assert all((f.epsg, f.source) == (4326, "explicit_code") for f in report.frames[1:])
    assert len(calls) <= 4 * n  # a walk over the scopes before each point: ~n * n / 2


def test_a_numbered_point_in_prose_is_no_datum() -> None:
    # "Point 58" (EPSG:4620) held a digit, so it was a frame's own name: "Survey point 58 is
    # at the north gate" gave a point in Burkina Faso that datum, unflagged at 0.85
    for line in ("Survey point 58 is at the north gate.", "Point 58 survey",
                 "| 3 | Point 58 | ok |"):
        assert _names(line + "\n") == [], line
        _, report = _report(line + "\nPOINT (-1 12)\n")
        assert report.declarations == () and report.frame_for(0).epsg == 4326, line
    for line, how in (("Datum: Point 58", "keyed"), ("Coordinates in the Point 58 datum.",
                                                     "context")):
        found = [d for d in find_declarations(line + "\n") if d.form == "name"]
        assert [(d.text, d.epsg, d.context) for d in found] == [("Point 58", 4620, how)], line
