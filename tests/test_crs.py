"""Frames that travel: finding, scoping, validating and grading coordinate reference systems.

Documents are built here with exact span offsets (``_doc``), so these tests exercise
``geochunk.crs`` on its own; one test at the end also runs it over the bundled samples through
the real detector and parser.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pyproj
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from pyproj import Geod
from shapely.geometry import shape

from pathological import CRS_SCAN_UNITS

from geochunk.crs import (
    FORMS,
    ENCODING_FORMS,
    bbox_wgs84,
    find_declarations,
    frame_units,
    merge_frames,
    resolve_frames,
    to_wgs84,
)
from geochunk.crs.names import name_index
from geochunk.crs.resolve import strength
from geochunk.model import FALLBACK_FRAME, Collection, Detection, Frame, Span

ROOT = Path(__file__).resolve().parents[1]
GEOD = Geod(ellps="WGS84")
BNG_SQUARE = "POLYGON ((530100 179400, 530400 179400, 530400 179700, 530100 179700, 530100 179400))"
LONLAT_SQUARE = "POLYGON ((-0.13 51.49, -0.12 51.49, -0.12 51.5, -0.13 51.5, -0.13 51.49))"
UTM30_POINT = "POINT (500000 5700000)"  # WGS 84 / UTM zone 30N, southern England
RD_POINT = "POINT (155000 463000)"  # Amersfoort / RD New, the Netherlands


# ------------------------------------------------------------------------------------------
# document builder: text, Detection and geometries with exact offsets


def _feature(geometry: dict, fid: str = "f", **extra: object) -> dict:
    return {"type": "Feature", "id": fid, "geometry": geometry, "properties": {}, **extra}


def _doc(*parts: object) -> tuple[str, Detection, list]:
    """Parts: prose strings; ("wkt", text[, srid]); ("feature", dict); ("fc", [features], crs)."""
    text = ""
    spans: list[Span] = []
    geoms: list = []
    colls: list[Collection] = []
    for part in parts:
        if isinstance(part, str):
            text += part
            continue
        kind = part[0]
        if kind == "wkt":
            wkt = part[1]
            srid = part[2] if len(part) > 2 else None
            start = len(text)
            text += (f"SRID={srid};" if srid is not None else "") + wkt
            g = shapely.from_wkt(wkt)
            spans.append(Span(start, len(text), "wkt", g.geom_type.upper(), wkt, srid=srid))
            geoms.append(g)
        elif kind == "feature":
            obj = part[1]
            start = len(text)
            text += json.dumps(obj)
            spans.append(
                Span(start, len(text), "geojson_feature", obj["geometry"]["type"].upper(),
                     json.dumps(obj["geometry"]))
            )
            geoms.append(shape(obj["geometry"]))
        elif kind == "fc":
            feats, crs = part[1], part[2]
            start = len(text)
            text += '{"type": "FeatureCollection", '
            if crs is not None:
                text += f'"crs": {json.dumps(crs)}, '
            text += '"features": ['
            members = []
            for k, obj in enumerate(feats):
                if k:
                    text += ", "
                fs = len(text)
                text += json.dumps(obj)
                spans.append(
                    Span(fs, len(text), "geojson_feature", obj["geometry"]["type"].upper(),
                         json.dumps(obj["geometry"]), collection=len(colls))
                )
                geoms.append(shape(obj["geometry"]))
                members.append(len(spans) - 1)
            text += "]}"
            crs_json = json.dumps(crs, separators=(",", ":")) if crs is not None else None
            colls.append(Collection(start, len(text), tuple(members), crs_json=crs_json))
    return text, Detection(tuple(spans), tuple(colls)), geoms


def _frames(*parts: object):
    text, det, geoms = _doc(*parts)
    return resolve_frames(text, det, geoms)


def _poly(coords: list[list[float]]) -> dict:
    return {"type": "Polygon", "coordinates": [coords + [coords[0]]]}


BNG_GEOJSON = _poly([[530100, 179400], [530400, 179400], [530400, 179700]])
LONLAT_GEOJSON = _poly([[-3.17, 55.92], [-3.16, 55.92], [-3.16, 55.93]])


# ------------------------------------------------------------------------------------------
# 1. declarations in every form, each resolving to the right code (table-driven, 60 rows)

NAMED = {"type": "name", "properties": {"name": "urn:ogc:def:crs:EPSG::27700"}}
DECLARATIONS: list[tuple[str, str, int]] = [
    # explicit codes
    ("Grid: EPSG:27700.", "epsg_code", 27700),
    ("Grid: EPSG::27700.", "epsg_code", 27700),
    ("grid epsg:3857 tiles", "epsg_code", 3857),
    ("(EPSG 2229)", "epsg_code", 2229),
    ("EPSG code 7855 applies", "epsg_code", 7855),
    ('{"epsg": 32633}', "epsg_code", 32633),
    ("EPSG = 28992", "epsg_code", 28992),
    ("EPSG/0/4326", "epsg_code", 4326),
    # ESRI codes and ArcGIS WKIDs with an EPSG equivalent
    ("Spatial reference ESRI:102100", "esri_code", 3857),
    ("Esri WKID 102100", "esri_code", 3857),
    ('"spatialReference": {"wkid": 102100}', "esri_code", 3857),
    ("WKID: 27700", "esri_code", 27700),
    ("urn:ogc:def:crs:ESRI::102100", "urn", 3857),
    # URNs
    ("urn:ogc:def:crs:EPSG::27700", "urn", 27700),
    ("urn:ogc:def:crs:EPSG:6.6:27700", "urn", 27700),
    ("urn:x-ogc:def:crs:EPSG:3035", "urn", 3035),
    ("URN:OGC:DEF:CRS:EPSG::2154", "urn", 2154),
    # OGC URLs
    ("http://www.opengis.net/def/crs/EPSG/0/27700", "ogc_url", 27700),
    ("https://www.opengis.net/def/crs/EPSG/0/25832", "ogc_url", 25832),
    ("<srsName>http://www.opengis.net/gml/srs/epsg.xml#4258</srsName>", "ogc_url", 4258),
    # CRS84 in every syntax (EPSG:4326 with longitude first)
    ("coordinates are CRS84 lon/lat", "crs84", 4326),
    ("OGC:CRS84", "crs84", 4326),
    ("urn:ogc:def:crs:OGC:1.3:CRS84", "crs84", 4326),
    ("http://www.opengis.net/def/crs/OGC/1.3/CRS84", "crs84", 4326),
    # EWKT
    ("SRID=27700;POINT (530000 180000)", "ewkt_srid", 27700),
    ("srid=4326;POINT (0 51)", "ewkt_srid", 4326),
    # GeoJSON crs members, named and linked, and the 2008 EPSG type
    (json.dumps({"type": "FeatureCollection", "crs": NAMED, "features": []}), "geojson_crs", 27700),
    ('"crs": {"type": "name", "properties": {"name": "EPSG:3857"}}', "geojson_crs", 3857),
    ('"crs": {"type": "name", "properties": {"name": "urn:ogc:def:crs:OGC:1.3:CRS84"}}',
     "geojson_crs", 4326),
    ('"crs": {"type": "name", "properties": {"name": "OSGB 1936 / British National Grid"}}',
     "geojson_crs", 27700),
    ('"crs": {"type": "link", "properties": {"href": "http://spatialreference.org/ref/epsg/27700/",'
     ' "type": "proj4"}}', "geojson_crs", 27700),
    ('"crs": {"type": "link", "properties": '
     '{"href": "http://www.opengis.net/def/crs/EPSG/0/2157"}}', "geojson_crs", 2157),
    ('"crs": {"type": "EPSG", "properties": {"code": 31370}}', "geojson_crs", 31370),
    # names in prose, resolved through PROJ's database
    ("in British National Grid.", "name", 27700),
    ("in OSGB 1936 / British National Grid.", "name", 27700),
    ("in OSGB36 / British National Grid.", "name", 27700),
    ("layer OSGB_1936_British_National_Grid", "name", 27700),
    ("in WGS 84 / UTM zone 33N.", "name", 32633),
    ("in ETRS89 / LAEA Europe.", "name", 3035),
    ("in NAD83 / California zone 5 (ftUS).", "name", 2229),
    ("tiles in Web Mercator.", "name", 3857),
    ("in WGS 84 / Pseudo-Mercator", "name", 3857),
    ("WGS_1984_Web_Mercator_Auxiliary_Sphere", "name", 3857),
    ("in RD New.", "name", 28992),
    ("in Amersfoort / RD New.", "name", 28992),
    ("in GDA2020 / MGA zone 55.", "name", 7855),
    ("in GDA94 / MGA zone 56.", "name", 28356),
    ("in NAD83 / UTM zone 10N.", "name", 26910),
    ("in ETRS89 / UTM zone 32N.", "name", 25832),
    ("GPS fixes in WGS 84.", "name", 4326),
    ("GPS fixes in WGS84.", "name", 4326),
    ("in NZGD2000 / New Zealand Transverse Mercator 2000.", "name", 2193),
    ("in IRENET95 / Irish Transverse Mercator.", "name", 2157),
    ("in DHDN / 3-degree Gauss-Kruger zone 4.", "name", 31468),
    ("in RGF93 / Lambert-93.", "name", 2154),
    ("in CH1903+ / LV95.", "name", 2056),
    ("in NAD83 / Conus Albers.", "name", 5070),
    ("in WGS 84 / World Mercator.", "name", 3395),
    ("in SIRGAS 2000 / UTM zone 23S.", "name", 31983),
    ("in JGD2011 / Japan Plane Rectangular CS IX.", "name", 6677),
    ("in NAD83 / New York Long Island (ftUS).", "name", 2263),
    ("in Belge 1972 / Belgian Lambert 72.", "name", 31370),
    ("in ED50 / UTM zone 31N.", "name", 23031),
    ("in NAD27 / Texas North Central.", "name", 32038),
    ("in Hong Kong 1980 Grid System.", "name", 2326),
]


@pytest.mark.parametrize(("text", "form", "epsg"), DECLARATIONS)
def test_declaration_resolves_to_the_right_code(text: str, form: str, epsg: int) -> None:
    found = find_declarations(text)
    assert [(d.form, d.epsg) for d in found] == [(form, epsg)]
    d = found[0]
    assert d.form in FORMS
    assert text[d.start : d.end] == d.text
    crs84 = "CRS84" in text
    assert d.name == (pyproj.CRS("OGC:CRS84").name if crs84 else pyproj.CRS.from_epsg(epsg).name)


def test_declaration_table_is_big_enough() -> None:
    assert len(DECLARATIONS) >= 40
    assert {form for _, form, _ in DECLARATIONS} == set(FORMS) - set(ENCODING_FORMS)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("EPSG:99999 is a typo", "not a CRS in the EPSG database"),
        ("EPSG:6326 is a datum", "not a CRS in the EPSG database"),
        ("SRID=0;POINT (1 2)", "SRID 0 means no frame"),
        ('"crs": {"type": "link", "properties": {"href": "file:///tmp/x.prj"}}',
         "cannot be resolved offline"),
        ('"crs": {"type": "name", "properties": {"name": "My Local Grid"}}', "not found"),
    ],
)
def test_unusable_declarations_name_no_frame(text: str, expected: str) -> None:
    (d,) = find_declarations(text)
    assert d.epsg is None
    assert expected in d.note


@pytest.mark.parametrize(
    "text",
    [
        "We met in Tokyo by the Lake near the Cape.",  # geographic CRS names that are plain words
        "Flood zone 3 and zone 2 are shown in the plan.",  # generic projection parts
        "Figures 727 and 42/83 in the table.",  # numeric aliases
        "xEPSG:27700 and EPSG:12 and CRS841",  # not at a word start / too short / not CRS84
        "POLYGON ((530100 179400, 530400 179400, 530400 179700, 530100 179400))",
    ],
)
def test_ordinary_text_declares_nothing(text: str) -> None:
    assert find_declarations(text) == ()


def test_code_inside_a_crs_member_is_reported_once_and_names_not_inside_codes() -> None:
    text = json.dumps({"type": "FeatureCollection", "crs": NAMED, "features": []})
    text += " urn:ogc:def:crs:EPSG::27700 and OSGB 1936 / British National Grid"
    forms = [d.form for d in find_declarations(text)]
    assert forms == ["geojson_crs", "urn", "name"]


def test_ambiguous_name_lists_its_candidates_best_first() -> None:
    (d,) = find_declarations("Coordinates in UTM zone 33N.")
    assert d.epsg == 32633  # widest area of use, then the most accurate route to WGS 84
    assert 32633 in d.candidates and 25833 in d.candidates and len(d.candidates) > 5
    # a bare UTM zone is a zone phrase: WGS 84 first, the datum chosen later by the evidence
    assert d.match == "zone" and "leaves the datum unstated" in d.note
    assert strength(d) == 2
    (d,) = find_declarations("Grid: Amersfoort 1889 / RD New")
    assert d.candidates == () or "name matches" in (d.note or "")


def test_deprecated_code_reports_its_replacement() -> None:
    (d,) = find_declarations("EPSG:2155")
    assert d.epsg == 2155
    assert "deprecated; replaced by EPSG:2194" in d.note


# hypothesis: whatever the text, declarations are well-formed
_ALPHABET = st.sampled_from(
    list("abcEPSGepsg:0123456789 /(),.;=\"{}[]#-_\n") + ["EPSG:", "urn:ogc:def:crs:", "SRID=",
                                                       "CRS84", "OSGB 1936", " / ", "British ",
                                                       "National Grid", "\"crs\": {", "27700"]
)


@settings(max_examples=150, deadline=None)
@given(st.lists(_ALPHABET, max_size=60).map("".join))
def test_declarations_are_sorted_disjoint_source_slices(text: str) -> None:
    found = find_declarations(text)
    for d in found:
        assert 0 <= d.start <= d.end <= len(text)
        assert text[d.start : d.end] == d.text
        assert d.form in FORMS
    for a, b in zip(found, found[1:]):
        assert a.end <= b.start


@settings(max_examples=100, deadline=None)
@given(
    st.text(alphabet="abcdefgh ,.\n0123456789", max_size=80),
    st.text(alphabet="abcdefgh ,.\n0123456789", max_size=80),
    st.sampled_from([("EPSG:27700", 27700), ("urn:ogc:def:crs:EPSG::3857", 3857),
                     ("British National Grid", 27700), ("WGS 84 / UTM zone 30N", 32630)]),
)
def test_a_declaration_is_found_wherever_it_is_put(before: str, after: str, decl: tuple) -> None:
    text = f"{before} {decl[0]} {after}"
    assert decl[1] in [d.epsg for d in find_declarations(text)]


@pytest.mark.parametrize("unit", CRS_SCAN_UNITS)
def test_scanning_is_linear_even_on_pathological_text(unit: str) -> None:
    # the scan finishes (no backtracking) and finds exactly 4x the declarations in 4x the text;
    # its time ratio (4x text -> ~4x time) is measured by benchmarks/bench_pathological.py
    small = find_declarations(unit * 2000)
    large = find_declarations(unit * 8000)
    assert len(large) == 4 * len(small)


# ------------------------------------------------------------------------------------------
# 2-4. scope, validation and graded confidence


def test_explicit_code_with_coordinates_inside_is_high_confidence() -> None:
    report = _frames("All coordinates are EPSG:27700.\n\n", ("wkt", BNG_SQUARE))
    f = report.frame_for(0)
    assert (f.epsg, f.source, f.flagged, f.confidence) == (27700, "explicit_code", False, 0.95)
    assert f.name == "OSGB36 / British National Grid" and f.units == "metre"
    assert any("sampled points inside the area of use" in n for n in f.notes)


def test_name_with_coordinates_inside_is_medium_high_confidence() -> None:
    report = _frames("Coordinates in OSGB 1936 / British National Grid.\n", ("wkt", BNG_SQUARE))
    f = report.frame_for(0)
    assert (f.epsg, f.source, f.flagged, f.confidence) == (27700, "name", False, 0.85)


def test_name_then_code_for_the_same_frame_keeps_one_scope_with_the_code() -> None:
    report = _frames("In British National Grid (EPSG:27700):\n", ("wkt", BNG_SQUARE))
    assert len(report.scopes) == 1
    assert report.frame_for(0).source == "explicit_code"
    assert report.frame_for(0).confidence == 0.95


def test_contradicted_declaration_is_low_confidence_and_flagged() -> None:
    report = _frames("Positions (EPSG:4326): ", ("wkt", "POINT (530000 180000)"))
    f = report.frame_for(0)
    assert f.epsg == 4326 and f.flagged and f.confidence <= 0.1
    assert any("contradict" in n for n in f.notes)
    assert bbox_wgs84(shapely.Point(530000, 180000), f) is None


def test_projected_frame_over_degree_values_is_flagged() -> None:
    report = _frames("EPSG:27700\n", ("wkt", LONLAT_SQUARE))
    f = report.frame_for(0)
    assert f.epsg == 27700 and f.flagged and f.confidence == 0.2
    assert any("look like lon/lat" in n for n in f.notes)


def test_partially_outside_coordinates_are_flagged() -> None:
    wkt = "MULTIPOINT (530000 180000, 530100 180100, 5300000 18000000)"
    f = _frames("EPSG:27700 ", ("wkt", wkt)).frame_for(0)
    assert f.flagged and f.confidence == 0.4
    assert any("1 of 3 sampled points fall outside" in n for n in f.notes)


def test_deprecated_code_is_flagged_with_its_replacement() -> None:
    # American Samoa Lambert, deprecated in favour of EPSG:2194; point from its own projection
    x, y = pyproj.Transformer.from_crs(4326, 2155, always_xy=True).transform(-170.7, -14.3)
    f = _frames("EPSG:2155 ", ("wkt", f"POINT ({x:.2f} {y:.2f})")).frame_for(0)
    assert f.epsg == 2155 and f.flagged
    assert f.confidence == pytest.approx(0.95 * 0.8)
    assert any("replaced by EPSG:2194" in n for n in f.notes)


def test_unknown_code_falls_back_with_the_reason() -> None:
    f = _frames("EPSG:99999 ", ("wkt", "POINT (530000 180000)")).frame_for(0)
    assert f.source == "fallback" and f.flagged and f.confidence == 0.0
    assert any("EPSG:99999 is not a CRS" in n for n in f.notes)
    assert any("frame is unknown" in n for n in f.notes)


def test_a_frame_proj_cannot_transform_is_kept_but_flagged() -> None:
    report = _frames("Scoresbysund 1952 / Greenland zone 5 east:\n", ("wkt", "POINT (1000 2000)"))
    f = report.frame_for(0)
    assert (f.epsg, f.source, f.flagged, f.confidence) == (2218, "name", True, 0.3)
    assert any("PROJ has no operation" in n for n in f.notes)
    assert bbox_wgs84(shapely.Point(1000, 2000), f) is None


def test_compound_code_uses_its_horizontal_part() -> None:
    f = _frames("EPSG:7405 ", ("wkt", BNG_SQUARE)).frame_for(0)
    assert f.epsg == 27700 and not f.flagged
    assert any("horizontal part EPSG:27700" in n for n in f.notes)


def test_geographic_frame_with_swapped_axes_is_flagged_with_a_hint() -> None:
    f = _frames("ETRS89 lon/lat (EPSG:4258): ", ("wkt", "POINT (52.0 5.0)")).frame_for(0)
    assert f.epsg == 4258 and f.flagged
    assert any("axes swapped" in n for n in f.notes)


def test_ewkt_srid_applies_to_its_own_feature_only() -> None:
    report = _frames(
        "Parcels are in EPSG:27700.\n",
        ("wkt", BNG_SQUARE),
        "\nA GPS fix: ",
        ("wkt", "POINT (-0.125 51.5)", 4326),
        "\nAnother parcel: ",
        ("wkt", BNG_SQUARE),
    )
    got = [(f.epsg, f.source) for f in report.frames]
    assert got == [(27700, "explicit_code"), (4326, "ewkt_srid"), (27700, "explicit_code")]
    assert not any(f.flagged for f in report.frames)
    assert len(report.scopes) == 1


def test_a_later_section_takes_over() -> None:
    text, det, geoms = _doc(
        "## Survey\nCoordinates in British National Grid (EPSG:27700).\n",
        ("wkt", BNG_SQUARE),
        "\n## Appendix\nFrom here on, coordinates are in WGS 84 / UTM zone 30N.\n",
        ("wkt", UTM30_POINT),
        "\n## Annex\nNetherlands sites, in RD New:\n",
        ("wkt", RD_POINT),
    )
    report = resolve_frames(text, det, geoms)
    assert [f.epsg for f in report.frames] == [27700, 32630, 28992]
    assert [f.source for f in report.frames] == ["explicit_code", "name", "name"]
    assert not any(f.flagged for f in report.frames)
    assert [s.frame.epsg for s in report.scopes] == [27700, 32630, 28992]
    assert report.frame_at(text.index("## Appendix") + 5).epsg == 27700  # before the change
    assert report.frame_at(text.index("UTM zone 30N") + 14).epsg == 32630
    assert report.frame_at(text.index("## Survey")).epsg == 27700
    assert report.frame_at(det.spans[2].start + 3) == report.frame_for(2)
    assert report.document_frame.epsg == 27700


def test_a_weak_mention_that_does_not_fit_leaves_the_declared_frame() -> None:
    # "New Jersey" is the projection part of several state-plane frames; here it is just prose
    # (a place name with no frame words near it declares nothing: issue #27)
    report = _frames(
        "Sites are given in EPSG:4326.\nOur New Jersey office surveyed:\n",
        ("wkt", "POINT (-74.5 40.2)"),
    )
    assert [d.form for d in report.declarations] == ["epsg_code"]
    f = report.frame_for(0)
    assert f.epsg == 4326 and f.source == "explicit_code" and not f.flagged
    # with frame words it is a declaration, but one these lon/lat values contradict
    report = _frames(
        "Sites are given in EPSG:4326.\nOur New Jersey state plane office surveyed:\n",
        ("wkt", "POINT (-74.5 40.2)"),
    )
    assert [d.form for d in report.declarations] == ["epsg_code", "name"]
    f = report.frame_for(0)
    assert f.epsg == 4326 and f.source == "explicit_code" and not f.flagged
    assert any("later mention 'New Jersey'" in n for n in f.notes)


def test_a_weak_geographic_name_does_not_displace_a_fitting_frame() -> None:
    # "Puerto Rico" is also the name of a geographic frame (NAD27-based, ~200 m from WGS 84)
    report = _frames(
        "GPS positions (WGS 84).\nThe Puerto Rico survey:\n",
        ("wkt", "POINT (-66.1 18.4)"),
    )
    assert report.frame_for(0).epsg == 4326


def test_declaration_after_the_geometry_applies_backward_with_lower_confidence() -> None:
    report = _frames(("wkt", BNG_SQUARE), "\n\nThe outline above is in EPSG:27700.")
    f = report.frame_for(0)
    assert f.epsg == 27700 and not f.flagged
    assert f.confidence == pytest.approx(0.95 * 0.8)
    assert any("comes after this geometry" in n for n in f.notes)


@pytest.mark.parametrize(
    ("wkt", "source", "confidence"),
    [(LONLAT_SQUARE, "coordinates", 0.3), ("POINT (530000 180000)", "fallback", 0.0)],
)
def test_no_declaration_at_all(wkt: str, source: str, confidence: float) -> None:
    report = _frames("Some notes.\n", ("wkt", wkt))
    f = report.frame_for(0)
    assert (f.epsg, f.source, f.flagged, f.confidence) == (4326, source, True, confidence)
    assert report.document_frame == FALLBACK_FRAME
    if source == "fallback":
        assert bbox_wgs84(shapely.from_wkt(wkt), f) is None


def test_geojson_without_crs_is_rfc7946_lonlat() -> None:
    report = _frames("Growing spaces:\n", ("feature", _feature(LONLAT_GEOJSON)))
    f = report.frame_for(0)
    assert (f.epsg, f.source, f.flagged, f.confidence) == (4326, "geojson_rfc7946", False, 0.8)
    assert report.document_frame.epsg == 4326 and not report.document_frame.flagged


def test_geojson_without_crs_takes_the_declared_frame_when_its_coordinates_fit() -> None:
    f = _frames("Parcels, EPSG:27700:\n", ("feature", _feature(BNG_GEOJSON))).frame_for(0)
    assert (f.epsg, f.source, f.flagged) == (27700, "explicit_code", False)
    assert any("GeoJSON without a crs member" in n for n in f.notes)


def test_geojson_lonlat_under_a_projected_declaration_keeps_rfc7946() -> None:
    f = _frames("Parcels, EPSG:27700:\n", ("feature", _feature(LONLAT_GEOJSON))).frame_for(0)
    assert (f.epsg, f.source, f.flagged) == (4326, "geojson_rfc7946", False)
    assert any("does not fit these coordinates" in n for n in f.notes)


def test_geojson_projected_values_without_any_frame_are_flagged() -> None:
    f = _frames(("feature", _feature(BNG_GEOJSON))).frame_for(0)
    assert f.source == "fallback" and f.flagged
    assert any("RFC 7946 requires" in n for n in f.notes)


def test_collection_crs_applies_to_its_features_only() -> None:
    report = _frames(
        "Fixes below are EPSG:4326.\n",
        ("fc", [_feature(BNG_GEOJSON, "a"), _feature(BNG_GEOJSON, "b")], NAMED),
        "\nand a fix: ",
        ("wkt", "POINT (-0.125 51.5)"),
    )
    assert [(f.epsg, f.source) for f in report.frames] == [
        (27700, "geojson_crs"), (27700, "geojson_crs"), (4326, "explicit_code")
    ]
    coll = report.span_ranges[0][0] - 5  # inside the collection's wrapper text
    assert report.frame_at(coll).epsg == 27700


def test_collection_crs_from_the_detector_when_the_text_has_none() -> None:
    text, det, geoms = _doc(("fc", [_feature(BNG_GEOJSON)], None))
    coll = replace(det.collections[0], crs_json=json.dumps(NAMED))
    f = resolve_frames(text, Detection(det.spans, (coll,)), geoms).frame_for(0)
    assert (f.epsg, f.source) == (27700, "geojson_crs")


def test_feature_level_crs_member_applies_to_that_feature() -> None:
    feat = _feature(BNG_GEOJSON, crs=NAMED)
    report = _frames("GPS (EPSG:4326)\n", ("feature", feat), "\n", ("wkt", "POINT (-0.1 51.5)"))
    assert [(f.epsg, f.source) for f in report.frames] == [
        (27700, "geojson_crs"), (4326, "explicit_code")
    ]


def test_a_name_inside_a_feature_counts_only_where_its_coordinates_fit() -> None:
    mention = _feature(LONLAT_GEOJSON, properties={"note": "from the New Jersey office"})
    titled = _feature(BNG_GEOJSON, properties={"grid": "British National Grid"})
    report = _frames(("feature", mention), "\n", ("feature", titled))
    got = [(f.epsg, f.source) for f in report.frames]
    assert got == [(4326, "geojson_rfc7946"), (27700, "name")]


def test_a_collection_title_naming_a_frame_applies_to_its_features() -> None:
    text, det, geoms = _doc(("fc", [_feature(BNG_GEOJSON)], None))
    title = '"name": "OSGB36 / British National Grid", '
    head = '{"type": "FeatureCollection", '
    text = text.replace(head, head + title, 1)
    shift = len(title)
    spans = tuple(replace(sp, start=sp.start + shift, end=sp.end + shift) for sp in det.spans)
    coll = replace(det.collections[0], end=det.collections[0].end + shift)
    report = resolve_frames(text, Detection(spans, (coll,)), geoms)
    assert (report.frame_for(0).epsg, report.frame_for(0).source) == (27700, "name")
    assert report.frame_at(5).epsg == 27700


def test_bare_utm_zone_takes_wgs84_and_lists_the_other_datums_considered() -> None:
    f = _frames("Coordinates in UTM zone 30N.\n", ("wkt", UTM30_POINT)).frame_for(0)
    assert f.epsg == 32630 and not f.flagged and f.confidence == 0.75
    assert any("candidate frame(s) for 'UTM zone 30N'" in n for n in f.notes)
    assert any("EPSG:25830" in c and "default" in c for c in f.evidence.considered)
    assert f.evidence.words == ("'UTM zone 30N' at offset 15",)
    # a datum named elsewhere in the document settles it
    f = _frames("Datum: ETRS89. Coordinates in UTM zone 30N.\n", ("wkt", UTM30_POINT)).frame_for(0)
    assert f.epsg == 25830 and not f.flagged


def test_ambiguous_name_skips_candidates_whose_area_does_not_fit() -> None:
    # "MGA zone 55" is GDA2020 (7855) or GDA94 (28355); both fit Victoria, so the default wins,
    # while "Lambert-93" candidates include frames outside France that must not be chosen.
    x, y = pyproj.Transformer.from_crs(4326, 2154, always_xy=True).transform(2.35, 48.85)
    f = _frames("Paris, Lambert-93:\n", ("wkt", f"POINT ({x:.1f} {y:.1f})")).frame_for(0)
    assert f.epsg == 2154 and f.flagged


def test_missing_and_unparsed_geometries_keep_the_scope_frame() -> None:
    text, det, geoms = _doc("EPSG:27700\n", ("wkt", BNG_SQUARE), "\n", ("wkt", BNG_SQUARE))
    report = resolve_frames(text, det, [geoms[0]])  # second geometry missing (did not parse)
    assert [f.epsg for f in report.frames] == [27700, 27700]
    assert report.frames[1].confidence == 0.8  # declared, but nothing to validate
    assert any("no coordinates" in n for n in report.frames[1].notes)


def test_describe_lists_declarations_scopes_and_confidences() -> None:
    lines = _frames(
        "In EPSG:27700:\n", ("wkt", BNG_SQUARE), "\nSRID list: ",
        ("wkt", "POINT (-0.1 51.5)", 4326), " ", ("wkt", "POINT (-0.1 51.6)", 4326),
    ).describe()
    text = "\n".join(lines)
    assert lines[0].startswith("frames: 3 declaration(s), 3 feature(s), 0 flagged")
    assert "declaration 0 @3 epsg_code 'EPSG:27700' -> EPSG:27700" in text
    assert "declarations 1-2 (2x)" in text
    assert "scope 0-" in text and "confidence 0.95 (explicit_code)" in text
    assert "features 0 (1): EPSG:27700" in text and "features 1-2 (2): EPSG:4326" in text


# ------------------------------------------------------------------------------------------
# merge_frames

BNG = Frame(27700, 0.95, "explicit_code", False, "OSGB36 / British National Grid", "metre")
BNG_NAME = Frame(27700, 0.85, "name", False, "OSGB36 / British National Grid", "metre")
WGS = Frame(4326, 0.8, "geojson_rfc7946", False, "WGS 84", "degree")
GUESS = Frame(4326, 0.3, "coordinates", True, "WGS 84", "degree")


@pytest.mark.parametrize(
    ("frames", "epsg", "confidence", "flagged", "mixed"),
    [
        ([BNG], 27700, 0.95, False, False),
        ([BNG, BNG_NAME], 27700, 0.85, False, False),
        ([WGS, GUESS], 4326, 0.3, True, False),
        ([BNG, WGS, BNG], 27700, 0.8, True, True),
        ([WGS, BNG, WGS], 4326, 0.8, True, True),
        ([], 4326, 0.0, True, False),
    ],
)
def test_merge_frames(
    frames: list, epsg: int, confidence: float, flagged: bool, mixed: bool
) -> None:
    frame, is_mixed = merge_frames(frames)
    got = (frame.epsg, frame.confidence, frame.flagged, is_mixed)
    assert got == (epsg, confidence, flagged, mixed)
    if mixed:
        assert "mixed frames in this chunk" in frame.notes[0]


# ------------------------------------------------------------------------------------------
# 5. WGS 84 boxes and geometries; known points


def test_bng_polygon_in_westminster_lands_in_westminster() -> None:
    report = _frames("EPSG:27700\n", ("wkt", BNG_SQUARE))
    frame = report.frame_for(0)
    geom = shapely.from_wkt(BNG_SQUARE)
    out = to_wgs84(geom, frame)
    lon, lat = out.centroid.x, out.centroid.y
    # Palace of Westminster, 51.4995 N 0.1248 W; the square is centred ~200 m south-east of it
    assert GEOD.inv(-0.1248, 51.4995, lon, lat)[2] < 400
    box = bbox_wgs84(geom, frame)
    west, south, east, north = box
    assert -0.22 < west < east < -0.11 and 51.48 < south < north < 51.54  # City of Westminster
    ob = out.bounds
    assert west <= ob[0] and south <= ob[1] and east >= ob[2] and north >= ob[3]


KNOWN_POINTS = [
    # Ordnance Survey worked examples (ETRS89 lat/lon <-> OSGB36 grid via OSTN):
    ("Caister water tower", 651409.792, 313177.448, 52.658007833, 1.716073973),
    ("TR 143 599", 614300.0, 159900.0, 51.297880, 1.072628),
]


@pytest.mark.parametrize(("name", "e", "n", "lat", "lon"), KNOWN_POINTS)
def test_known_bng_points_transform_within_the_stated_accuracy(
    name: str, e: float, n: float, lat: float, lon: float
) -> None:
    f = _frames("OSGB 1936 / British National Grid: ", ("wkt", f"POINT ({e} {n})")).frame_for(0)
    # Offline, PROJ has no OSTN15 grid: OSGB36 -> WGS 84 falls back to the Helmert
    # "OSGB36 to WGS 84 (6)", stated by EPSG at the 2 m level. The chunk records both.
    assert "OSGB36 to WGS 84 (6)" in f.operation
    assert f.accuracy_m == 2.0
    assert any("uk_os_OSTN15_NTv2_OSGBtoETRS.tif" in note for note in f.notes)
    p = to_wgs84(shapely.Point(e, n), f)
    metres = GEOD.inv(lon, lat, p.x, p.y)[2]
    # EPSG's figure is a nominal level, not a bound (observed: 3.5 m at Caister, 2.2 m at TR
    # 143 599, and ETRS89 itself drifts ~0.8 m from WGS 84): allow twice the stated accuracy.
    assert metres <= 2 * f.accuracy_m
    assert metres > 0.5  # and it really is the Helmert, not a grid we did not expect


def test_proj_network_stays_off() -> None:
    assert not pyproj.network.is_network_enabled()


def test_bbox_uses_densified_edges_not_corners() -> None:
    # A 600 km UTM box: its lon/lat edges bow out, so the two corners understate the extent.
    geom = shapely.box(300000, 5500000, 900000, 6100000)
    frame = Frame(32630, 0.95, "explicit_code", False)
    box = bbox_wgs84(geom, frame)
    tr = pyproj.Transformer.from_crs(32630, 4326, always_xy=True)
    corners = [tr.transform(x, y) for x, y in shapely.get_coordinates(geom)]
    hi_lat = max(c[1] for c in corners)
    assert box[3] > hi_lat + 0.03  # the top edge bows north of its corners (~4.5 km here)
    dense = to_wgs84(shapely.segmentize(geom, 1000.0), frame).bounds
    assert all(abs(a - b) < 0.01 for a, b in zip(box, dense))


@settings(max_examples=60, deadline=None)
@given(
    x=st.floats(100000, 600000),
    y=st.floats(100000, 900000),
    w=st.floats(1, 100000),
    h=st.floats(1, 100000),
    kind=st.sampled_from(["box", "line", "point"]),
)
def test_bbox_always_covers_the_transformed_geometry(x, y, w, h, kind) -> None:
    if kind == "box":
        geom = shapely.box(x, y, x + w, y + h)
    elif kind == "line":
        geom = shapely.LineString([(x, y), (x + w, y + h / 3), (x + w / 2, y + h)])
    else:
        geom = shapely.Point(x, y)
    box = bbox_wgs84(geom, BNG)
    assert box is not None
    out = to_wgs84(shapely.segmentize(geom, max(w, h) / 50) if kind != "point" else geom, BNG)
    ob = out.bounds
    eps = 1e-6  # densified edges: a point every kilometre, sub-decimetre bow between them
    assert box[0] <= ob[0] + eps and box[1] <= ob[1] + eps
    assert box[2] >= ob[2] - eps and box[3] >= ob[3] - eps


def test_bbox_across_the_antimeridian_has_west_greater_than_east() -> None:
    geom = shapely.box(700000, 100000, 900000, 200000)  # UTM zone 1N, east of 180 W edge
    box = bbox_wgs84(geom, Frame(32660, 0.95, "explicit_code", False))  # zone 60N: near 180 E
    assert box is not None and box[0] > box[2]


@pytest.mark.parametrize(
    ("geom", "frame"),
    [
        (None, BNG),
        (shapely.Point(), BNG),
        (shapely.Point(530000, 180000), Frame(None, 0.0, "fallback", True)),
        (shapely.Point(530000, 180000), FALLBACK_FRAME),  # not degrees
        (shapely.Point(530000, 180000), Frame(5701, 0.9, "explicit_code", False)),  # vertical
    ],
)
def test_no_bbox_when_the_frame_cannot_place_the_geometry(geom, frame: Frame) -> None:
    assert bbox_wgs84(geom, frame) is None
    if geom is not None and not geom.is_empty:
        assert to_wgs84(geom, frame) is None


def test_to_wgs84_leaves_lonlat_untouched() -> None:
    geom = shapely.from_wkt(LONLAT_SQUARE)
    assert to_wgs84(geom, WGS) is geom
    assert bbox_wgs84(geom, WGS) == geom.bounds


@pytest.mark.parametrize(
    ("epsg", "unit"),
    [(27700, "metre"), (4326, "degree"), (2229, "US survey foot"), (2263, "US survey foot"),
     (None, None), (99999, None)],
)
def test_frame_units(epsg, unit) -> None:
    assert frame_units(epsg) == unit


# ------------------------------------------------------------------------------------------
# house rules and performance


def test_core_imports_no_ui_and_builds_no_index_on_import() -> None:
    code = (
        "import sys, geochunk.crs as c\n"
        "from geochunk.crs.names import name_index\n"
        "from geochunk.crs.database import _usage_extents\n"
        "assert name_index.cache_info().currsize == 0\n"
        "assert _usage_extents.cache_info().currsize == 0\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('streamlit', 'folium')"
        " or m.startswith(('geochunk.view', 'geochunk.ui'))]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=str(ROOT))


def test_name_index_is_cached() -> None:
    index = name_index()
    assert index is name_index()
    assert index.size > 15000  # its build time is a benchmark's business: bench_crs.py


def test_400_features_resolve_to_the_declared_frame() -> None:  # time: benchmarks/bench_crs.py
    rng = np.random.default_rng(7)
    parts: list = ["# Appendix\nAll coordinates are in British National Grid (EPSG:27700).\n\n"]
    for k in range(400):
        x0, y0 = 529000 + rng.uniform(0, 3000), 178000 + rng.uniform(0, 3000)
        ring = [(x0 + 30 * np.cos(a), y0 + 30 * np.sin(a)) for a in np.linspace(0, 6.2, 40)]
        ring.append(ring[0])
        wkt = "POLYGON ((" + ", ".join(f"{x:.2f} {y:.2f}" for x, y in ring) + "))"
        parts += [f"### Parcel LU-{k:04d}\n", ("wkt", wkt), "\nUse: Residential\n\n"]
    text, det, geoms = _doc(*parts)
    report = resolve_frames(text, det, geoms)
    assert len(report.frames) == 400 and resolve_frames(text, det, geoms) == report
    assert all(f.epsg == 27700 and not f.flagged for f in report.frames)


# ------------------------------------------------------------------------------------------
# the bundled samples: every frame is validated or explicitly flagged


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # shapely on the malformed sample's 1e400
def test_every_sample_frame_is_validated_or_flagged() -> None:
    detect = pytest.importorskip("geochunk.detection.scan").detect
    parse_span = pytest.importorskip("geochunk.detection.geometry").parse_span
    samples = pytest.importorskip("geochunk.samples")
    seen = 0
    for sample in samples.list_samples():
        text = samples.load_sample(sample.name)
        det = detect(text)
        geoms = [parse_span(s).geometry for s in det.spans]
        report = resolve_frames(text, det, geoms)
        assert len(report.frames) == len(det.spans)
        for f, g in zip(report.frames, geoms):
            seen += 1
            validated = any("inside the area of use" in n or "valid lon/lat" in n for n in f.notes)
            assert f.flagged or validated or g is None, (sample.name, f)
            assert f.notes, (sample.name, f)
    assert seen > 500


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from([27700, 32630, 3857, 28992, 2154]),
    st.lists(st.tuples(st.floats(0.05, 0.95), st.floats(0.05, 0.95), st.floats(0, 20000), st.floats(0, 20000)),
             min_size=1, max_size=30),
)
def test_batched_bboxes_equal_one_by_one(epsg, boxes):
    from geochunk.crs import bboxes_wgs84
    from geochunk.crs.database import crs_facts

    facts = crs_facts(epsg)
    import pyproj

    area = pyproj.CRS.from_epsg(epsg).area_of_use
    tr = pyproj.Transformer.from_crs(4326, epsg, always_xy=True)
    geoms = []
    for fx, fy, w, h in boxes:
        x, y = tr.transform(area.west + fx * (area.east - area.west), area.south + fy * (area.north - area.south))
        geoms.append(shapely.box(x, y, x + w, y + h) if w > 1 and h > 1 else shapely.Point(x, y))
    frame = Frame(epsg, 0.95, "explicit_code", False)
    batch = bboxes_wgs84(geoms * 3, [frame] * (3 * len(geoms)))
    for g, got in zip(geoms * 3, batch):
        want = bbox_wgs84(g, frame)
        assert (got is None) == (want is None)
        if want is not None:
            assert max(abs(a - b) for a, b in zip(got, want)) < 1e-7
    assert facts is not None


# -- regressions from the independent review -------------------------------------------------


def test_a_weak_world_wide_name_in_later_prose_does_not_move_features():
    report = _frames(
        "# Survey\nAll coordinates are in EPSG:27700.\n\n", ("wkt", "POINT (530000 180000)"),
        "\n\n## Notes\nSatellite tiles (Web Mercator) were used as a backdrop.\n\n",
        ("wkt", "POINT (531000 181000)"),
    )
    f = report.frame_for(1)
    assert f.epsg == 27700 and not f.flagged
    assert any("Web Mercator" in n for n in f.notes)


def test_a_full_name_after_a_stated_code_that_both_fit_is_flagged_ambiguous():
    report = _frames(
        "All coordinates are in EPSG:27700.\n", ("wkt", "POINT (530000 180000)"),
        "\nUnlike WGS 84 / UTM zone 33N used in the Italian survey.\n",
        ("wkt", "POINT (531000 181000)"),
    )
    f = report.frame_for(1)
    assert f.flagged and f.confidence <= 0.5
    assert any("ambiguous" in n for n in f.notes)


@pytest.mark.parametrize(
    ("fc_crs", "props", "coords", "expected"),
    [
        ({"type": "name", "properties": {"name": "urn:ogc:def:crs:EPSG::27700"}}, {"desc": "Web Mercator tile 12"},
         [[530100, 179400], [530400, 179400], [530400, 179700]], 27700),
        ({"type": "name", "properties": {"name": "urn:ogc:def:crs:EPSG::27700"}}, {"gps_ref": "EPSG:4326"},
         [[530100, 179400], [530400, 179400], [530400, 179700]], 27700),
        (None, {"note": "reprojected from EPSG:27700"},
         [[-0.13, 51.49], [-0.12, 51.49], [-0.12, 51.5]], 4326),
    ],
)
def test_codes_in_feature_properties_do_not_beat_the_collection_or_rfc7946(fc_crs, props, coords, expected):
    feature = {"type": "Feature", "id": "f1", "properties": props, "geometry": _poly(coords)}
    fc = {"type": "FeatureCollection", "features": [feature]}
    if fc_crs:
        fc["crs"] = fc_crs
    text = json.dumps(fc, indent=2)
    from geochunk.detection.scan import detect
    from geochunk.detection.geometry import parse_span

    det = detect(text)
    report = resolve_frames(text, det, [parse_span(s).geometry for s in det.spans])
    assert report.frame_for(0).epsg == expected


@pytest.mark.parametrize("mention", ["Heights use EPSG:5701 (ODN height).", "See EPSG:999999 for details."])
def test_a_declaration_naming_no_horizontal_frame_does_not_end_the_scope(mention):
    report = _frames(
        "All in EPSG:27700.\n", ("wkt", "POINT (530000 180000)"), f"\n{mention}\n", ("wkt", "POINT (531000 181000)")
    )
    assert report.frame_for(1).epsg == 27700


def test_a_contradicting_later_code_keeps_the_fitting_frame_but_flags_it():
    report = _frames(
        "All in EPSG:27700.\n", ("wkt", "POINT (530000 180000)"),
        "\nSee also urn:ogc:def:crs:EPSG::4326 for the GPS logs.\n", ("wkt", "POINT (531000 181000)"),
    )
    f = report.frame_for(1)
    assert f.epsg == 27700 and f.flagged
    assert any("does not fit" in n for n in f.notes)


def test_epsg_followed_by_a_year_is_not_a_code():
    assert [d.epsg for d in find_declarations("This follows the EPSG 2019 guidance note.")] == []
    assert [d.epsg for d in find_declarations("Grid: EPSG 2154.")] == [2154]


def test_nested_crs_members_are_not_decoded_without_bound():
    # '"crs":{' * 2e5 took 17.5 s (a 4 kB decode per match); failed decodes now share a budget
    # proportional to the text (timing lives in benchmarks/bench_crs.py, not here)
    assert find_declarations('"crs":{' * 200_000) == ()
    assert [d.epsg for d in find_declarations('"crs":{' * 50 + '{"crs": {"type": "EPSG", "properties": {"code": 2154}}}')] in ([], [2154])
