"""GML 2/3/3.2 and KML: found in documents and in prose, parsed safely, frames declared, kept
whole, rewritten in their own dialect, drawn on the map."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
import shapely

from geochunk import ChunkConfig, chunk_text
from geochunk.detection.scan import detect
from geochunk.detection.encodings.gml import axis_swapped, gml_writer, parse_gml, parse_kml
from geochunk.detection.encodings.xml import find_xml
from geochunk.gates import validate
from geochunk.view.features import chunk_map_features

GML3 = "http://www.opengis.net/gml"
GML32 = "http://www.opengis.net/gml/3.2"
KML = "http://www.opengis.net/kml/2.2"

# (GML element text with prefix "gml:", the geometry it means, x/y as written)
GML_CASES = {
    "point_pos": ("<gml:Point><gml:pos>1 2</gml:pos></gml:Point>", "POINT (1 2)"),
    "point_coordinates": ("<gml:Point><gml:coordinates>1,2</gml:coordinates></gml:Point>", "POINT (1 2)"),
    "point_coord": ("<gml:Point><gml:coord><gml:X>1</gml:X><gml:Y>2</gml:Y></gml:coord></gml:Point>",
                    "POINT (1 2)"),
    "line_poslist": ("<gml:LineString><gml:posList>0 0 1 1 2 0</gml:posList></gml:LineString>",
                     "LINESTRING (0 0, 1 1, 2 0)"),
    "line_pos": ("<gml:LineString><gml:pos>0 0</gml:pos><gml:pos>1 1</gml:pos></gml:LineString>",
                 "LINESTRING (0 0, 1 1)"),
    "line_3d": ('<gml:LineString srsDimension="3"><gml:posList>0 0 5 1 1 6</gml:posList>'
                "</gml:LineString>", "LINESTRING Z (0 0 5, 1 1 6)"),
    "curve": ("<gml:Curve><gml:segments><gml:LineStringSegment><gml:posList>0 0 1 1</gml:posList>"
              "</gml:LineStringSegment></gml:segments></gml:Curve>", "LINESTRING (0 0, 1 1)"),
    "polygon_gml3": ("<gml:Polygon><gml:exterior><gml:LinearRing><gml:posList>0 0 4 0 4 4 0 0"
                     "</gml:posList></gml:LinearRing></gml:exterior><gml:interior><gml:LinearRing>"
                     "<gml:posList>1 1 2 1 2 2 1 1</gml:posList></gml:LinearRing></gml:interior>"
                     "</gml:Polygon>",
                     "POLYGON ((0 0, 4 0, 4 4, 0 0), (1 1, 2 1, 2 2, 1 1))"),
    "polygon_gml2": ("<gml:Polygon><gml:outerBoundaryIs><gml:LinearRing><gml:coordinates>"
                     "0,0 4,0 4,4 0,0</gml:coordinates></gml:LinearRing></gml:outerBoundaryIs>"
                     "</gml:Polygon>", "POLYGON ((0 0, 4 0, 4 4, 0 0))"),
    "surface": ("<gml:Surface><gml:patches><gml:PolygonPatch><gml:exterior><gml:LinearRing>"
                "<gml:posList>0 0 1 0 1 1 0 0</gml:posList></gml:LinearRing></gml:exterior>"
                "</gml:PolygonPatch></gml:patches></gml:Surface>", "POLYGON ((0 0, 1 0, 1 1, 0 0))"),
    "envelope": ("<gml:Envelope><gml:lowerCorner>0 1</gml:lowerCorner><gml:upperCorner>2 3"
                 "</gml:upperCorner></gml:Envelope>", "POLYGON ((2 1, 2 3, 0 3, 0 1, 2 1))"),
    "box_gml2": ("<gml:Box><gml:coordinates>0,1 2,3</gml:coordinates></gml:Box>",
                 "POLYGON ((2 1, 2 3, 0 3, 0 1, 2 1))"),
    "multipoint": ("<gml:MultiPoint><gml:pointMember><gml:Point><gml:pos>1 2</gml:pos></gml:Point>"
                   "</gml:pointMember><gml:pointMember><gml:Point><gml:pos>3 4</gml:pos></gml:Point>"
                   "</gml:pointMember></gml:MultiPoint>", "MULTIPOINT ((1 2), (3 4))"),
    "multicurve": ("<gml:MultiCurve><gml:curveMember><gml:LineString><gml:posList>0 0 1 1"
                   "</gml:posList></gml:LineString></gml:curveMember></gml:MultiCurve>",
                   "MULTILINESTRING ((0 0, 1 1))"),
    "multilinestring": ("<gml:MultiLineString><gml:lineStringMember><gml:LineString><gml:coordinates>"
                        "0,0 1,1</gml:coordinates></gml:LineString></gml:lineStringMember>"
                        "</gml:MultiLineString>", "MULTILINESTRING ((0 0, 1 1))"),
    "multisurface": ("<gml:MultiSurface><gml:surfaceMembers><gml:Polygon><gml:exterior>"
                     "<gml:LinearRing><gml:posList>0 0 1 0 1 1 0 0</gml:posList></gml:LinearRing>"
                     "</gml:exterior></gml:Polygon><gml:Polygon><gml:exterior><gml:LinearRing>"
                     "<gml:posList>5 5 6 5 6 6 5 5</gml:posList></gml:LinearRing></gml:exterior>"
                     "</gml:Polygon></gml:surfaceMembers></gml:MultiSurface>",
                     "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))"),
    "multipolygon_gml2": ("<gml:MultiPolygon><gml:polygonMember><gml:Polygon><gml:outerBoundaryIs>"
                          "<gml:LinearRing><gml:coordinates>0,0 1,0 1,1 0,0</gml:coordinates>"
                          "</gml:LinearRing></gml:outerBoundaryIs></gml:Polygon></gml:polygonMember>"
                          "</gml:MultiPolygon>", "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)))"),
    "multigeometry": ("<gml:MultiGeometry><gml:geometryMember><gml:Point><gml:pos>1 2</gml:pos>"
                      "</gml:Point></gml:geometryMember><gml:geometryMember><gml:LineString>"
                      "<gml:posList>0 0 1 1</gml:posList></gml:LineString></gml:geometryMember>"
                      "</gml:MultiGeometry>", "GEOMETRYCOLLECTION (POINT (1 2), LINESTRING (0 0, 1 1))"),
}  # fmt: skip


@pytest.mark.parametrize("case", list(GML_CASES))
@pytest.mark.parametrize("how", ["prefix_undeclared", "prefix_gml3", "prefix_gml32", "default_ns"])
def test_every_gml_geometry_in_prose_and_in_documents(case: str, how: str) -> None:
    body, expected = GML_CASES[case]
    if how == "prefix_gml3":
        body = body.replace("<gml:" + body[5:].split(">")[0].split()[0],
                            f'<gml:{body[5:].split(">")[0].split()[0]} xmlns:gml="{GML3}"', 1)
    elif how == "prefix_gml32":
        body = f'<doc xmlns:gml="{GML32}">{body}</doc>'
    elif how == "default_ns":
        body = f'<doc xmlns="{GML32}">{body.replace("gml:", "")}</doc>'
    text = f"Survey note.\n\n{body}\n\nEnd of note."
    (span,) = detect(text).spans
    assert span.kind == "gml" and span.status == "ok", span.error
    assert text[span.start : span.end].startswith(("<gml:", "<Point", "<Line", "<Poly", "<Multi",
                                                   "<Curve", "<Surface", "<Envelope", "<Box"))
    assert parse_gml(span.geometry_text).geometry.equals(shapely.from_wkt(expected))


def test_unprefixed_geometry_without_a_namespace_is_prose() -> None:
    text = "<Polygon><exterior><LinearRing><posList>0 0 1 0 1 1 0 0</posList></LinearRing></exterior></Polygon>"
    assert detect("In HTML-ish notes: " + text).spans == ()
    text2 = f'<x xmlns:g="{GML3}"><g:Point><g:pos>1 2</g:pos></g:Point></x>'
    assert [s.kind for s in detect("Note " + text2).spans] == ["gml"]


@pytest.mark.parametrize(
    ("srs", "swapped"),
    [("urn:ogc:def:crs:EPSG::4326", True), ("http://www.opengis.net/def/crs/EPSG/0/4326", True),
     ("urn:x-ogc:def:crs:EPSG:4326", True), ("urn:ogc:def:crs:EPSG:4326", True),
     ("urn:ogc:def:crs:EPSG:6.6:4326", True), ("urn:x-ogc:def:crs:EPSG:27700", False),
     ("EPSG:4326", False), ("http://www.opengis.net/gml/srs/epsg.xml#4326", False),
     ("urn:ogc:def:crs:EPSG::27700", False), ("urn:ogc:def:crs:OGC:1.3:CRS84", False), (None, False)],
)  # fmt: skip
def test_srsname_axis_order(srs: str | None, swapped: bool) -> None:
    assert axis_swapped(srs) is swapped
    attr = f' srsName="{srs}"' if srs else ""
    g = parse_gml(f"<gml:Point{attr}><gml:pos>55.95 -3.19</gml:pos></gml:Point>").geometry
    assert (g.x, g.y) == ((-3.19, 55.95) if swapped else (55.95, -3.19))


@pytest.mark.parametrize(
    ("srs", "epsg"),
    [("urn:ogc:def:crs:EPSG::27700", 27700), ("EPSG:27700", 27700),
     ("http://www.opengis.net/def/crs/EPSG/0/27700", 27700), ("urn:ogc:def:crs:EPSG::4326", 4326)],
)  # fmt: skip
def test_srsname_is_the_frame(srs: str, epsg: int) -> None:
    pos = "51.5 -0.12" if epsg == 4326 else "530000 180000"
    text = f'Prose about EPSG:3857 first.\n\n<gml:Point srsName="{srs}"><gml:pos>{pos}</gml:pos></gml:Point>\n'
    cs = chunk_text(text, ChunkConfig(budget=512))
    (f,) = [f for c in cs.chunks for f in c.features]
    assert f.kind == "gml" and f.epsg == epsg
    assert cs.analysis.frames.frame_for(0).source == "explicit_code"


def test_wfs_1_1_urn_without_version_is_lat_lon_end_to_end() -> None:
    # GeoServer's WFS 1.1 writes srsName="urn:x-ogc:def:crs:EPSG:4326" (one colon, no version
    # field) with latitude first; it was read as x = latitude and nothing was flagged
    text = (f'<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs" xmlns:gml="{GML3}" '
            'xmlns:t="urn:t"><gml:featureMembers><t:road gml:id="road.1"><t:name>A1</t:name>'
            '<t:geom><gml:LineString srsName="urn:x-ogc:def:crs:EPSG:4326"><gml:posList>'
            "55.9 -3.2 55.95 -3.1</gml:posList></gml:LineString></t:geom></t:road>"
            "</gml:featureMembers></wfs:FeatureCollection>")  # fmt: skip
    cs = chunk_text(text, ChunkConfig(budget=512))
    (f,) = [f for c in cs.chunks for f in c.features]
    assert (f.id, f.epsg) == ("road.1", 4326)
    assert f.bbox == pytest.approx((-3.2, 55.9, -3.1, 55.95))


KML_CASES = {
    "point": ("<Point><coordinates>-3.1,54.5,300</coordinates></Point>", "POINT Z (-3.1 54.5 300)"),
    "line": ("<LineString><coordinates>-3.1,54.5 -3.0,54.6</coordinates></LineString>",
             "LINESTRING (-3.1 54.5, -3 54.6)"),
    "line_spaces_after_commas": ("<LineString><coordinates>\n  -3.1, 54.5\n  -3.0, 54.6\n"
                                 "</coordinates></LineString>", "LINESTRING (-3.1 54.5, -3 54.6)"),
    "polygon": ("<Polygon><outerBoundaryIs><LinearRing><coordinates>0,0 4,0 4,4 0,0</coordinates>"
                "</LinearRing></outerBoundaryIs><innerBoundaryIs><LinearRing><coordinates>1,1 2,1 2,2 "
                "1,1</coordinates></LinearRing></innerBoundaryIs></Polygon>",
                "POLYGON ((0 0, 4 0, 4 4, 0 0), (1 1, 2 1, 2 2, 1 1))"),
    "multigeometry": ("<MultiGeometry><Point><coordinates>1,2</coordinates></Point><LineString>"
                      "<coordinates>0,0 1,1</coordinates></LineString></MultiGeometry>",
                      "GEOMETRYCOLLECTION (POINT (1 2), LINESTRING (0 0, 1 1))"),
}  # fmt: skip


@pytest.mark.parametrize("case", list(KML_CASES))
@pytest.mark.parametrize("how", ["placemark_fragment", "kml_document", "kml_prefix"])
def test_every_kml_geometry_with_its_placemark(case: str, how: str) -> None:
    geom, expected = KML_CASES[case]
    pm = (f'<Placemark id="p9"><name>Tarn &amp; beck</name><description><![CDATA[<b>wet</b>]]>'
          f'</description><ExtendedData><Data name="grade"><value>II</value></Data></ExtendedData>'
          f"{geom}</Placemark>")  # fmt: skip
    if how == "placemark_fragment":
        text = f"Walk notes.\n\n{pm}\n\nMore notes."
    elif how == "kml_document":
        text = f'<?xml version="1.0"?>\n<kml xmlns="{KML}"><Document>\n{pm}\n</Document></kml>\n'
    else:
        cdata = "<![CDATA[<b>wet</b>]]>"
        prefixed = pm.replace(cdata, "\x00").replace("</", "\x01").replace("<", "<kml:")
        prefixed = prefixed.replace("\x01", "</kml:").replace("\x00", cdata)
        text = f'<kml:kml xmlns:kml="{KML}">{prefixed}</kml:kml>'
    (span,) = detect(text).spans
    assert span.kind == "kml" and span.status == "ok", span.error
    assert text[span.start : span.end].startswith(("<Placemark", "<kml:Placemark"))
    assert span.feature_id == "Tarn & beck" and span.id_source == "kml:name"
    import json

    props = json.loads(span.properties_json)
    assert props["description"] == "<b>wet</b>" and props["grade"] == "II"
    assert parse_kml(span.geometry_text).geometry.equals(shapely.from_wkt(expected))
    cs = chunk_text(text, ChunkConfig(budget=512))
    (f,) = [f for c in cs.chunks for f in c.features]
    assert (f.kind, f.epsg, cs.analysis.frames.frame_for(0).source) == ("kml", 4326, "kml")


def test_kml_geometry_outside_a_placemark_is_kml_in_its_namespace_or_in_none() -> None:
    # issue #26: with no namespace in scope, a geometry holding coordinate tuples is KML
    (s,) = detect("<Point><coordinates>1,2</coordinates></Point>").spans
    assert (s.kind, s.geom_type) == ("kml", "POINT")
    (s,) = detect(f'<Folder xmlns="{KML}"><Point><coordinates>1,2</coordinates></Point></Folder>').spans
    assert s.kind == "kml" and s.feature_id is None
    # another default namespace, an undeclared prefix, or no coordinate content: not KML
    assert detect('<Folder xmlns="urn:x"><Point><coordinates>1,2</coordinates></Point></Folder>').spans == ()
    assert detect("<x:Point><coordinates>1,2</coordinates></x:Point>").spans == ()
    assert detect("<Polygon></Polygon> and <Point><coordinates>lon,lat</coordinates></Point>").spans == ()


def test_wfs_feature_is_the_unit_with_id_and_attributes() -> None:
    doc = (f'<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="{GML32}" '
           'xmlns:app="urn:app"><wfs:member><app:road gml:id="road.7"><gml:boundedBy><gml:Envelope>'
           "<gml:lowerCorner>0 0</gml:lowerCorner><gml:upperCorner>1 1</gml:upperCorner></gml:Envelope>"
           "</gml:boundedBy><app:name>High St</app:name><app:lanes>2</app:lanes><app:geom>"
           "<gml:LineString><gml:posList>0 0 1 1</gml:posList></gml:LineString></app:geom></app:road>"
           "</wfs:member></wfs:FeatureCollection>")  # fmt: skip
    (s,) = detect(doc).spans
    assert doc[s.start : s.end].startswith("<wfs:member>") and doc[s.start : s.end].endswith("</wfs:member>")
    assert (s.feature_id, s.id_source, s.geom_type) == ("road.7", "gml:id", "LINESTRING")
    assert '"name":"High St"' in s.properties_json and '"lanes":"2"' in s.properties_json


@pytest.mark.parametrize(
    "broken",
    [
        "<gml:Polygon><gml:exterior><gml:LinearRing><gml:posList>0 0 1 0 1 1</gml:posList>"
        "</gml:LinearRing></gml:exterior></gml:Polygon>",  # open ring
        "<gml:Polygon><gml:exterior><gml:LinearRing><gml:posList>0 0 1 0 x 1 0 0</gml:posList>"
        "</gml:LinearRing></gml:exterior></gml:Polygon>",  # not a number
        "<gml:LineString><gml:posList>0 0 1</gml:posList></gml:LineString>",  # odd count
        "<gml:Polygon><gml:exterior><gml:LinearRing><gml:posList>0 0 1 0 1 1 0 0</gml:posList>"
        "</gml:Polygon>",  # mismatched tags
    ],
)
def test_broken_gml_is_protected_and_flagged_never_a_traceback(broken: str) -> None:
    text = f"Before.\n\n{broken}\n\nAfter."
    (s,) = detect(text).spans
    assert s.status in ("unparseable", "unclosed") and s.error
    cs = chunk_text(text, ChunkConfig(budget=32))
    assert validate(text, cs.chunks, budget=32).passed
    assert any({"unparseable_span", "unclosed_geometry"} & set(c.flags) for c in cs.chunks)


def test_half_a_gml_polygon_fails_geometries_parse() -> None:
    from geochunk.model import Chunk

    body = GML_CASES["polygon_gml3"][0]
    text = f"Intro.\n\n{body}\n"
    cut = text.index("<gml:interior>")
    chunks = [
        Chunk("d", 0, 0, cut, 0, text[:cut], 10, "cl100k_base", "feature", "feature"),
        Chunk("d", 1, cut, len(text), cut, text[cut:], 10, "cl100k_base", "feature", "feature"),
    ]
    report = validate(text, chunks, budget=1000)
    assert not report.gate("geometries_parse").passed
    assert not report.gate("no_severing").passed


XXE = """<?xml version="1.0"?>
<!DOCTYPE kml [<!ENTITY xxe SYSTEM "file:///etc/passwd">
<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
<!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">]>
<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>&xxe;&f;</name>
<Point><coordinates>1,2</coordinates></Point></Placemark></kml>
"""


def test_no_entity_is_ever_expanded() -> None:
    (s,) = detect(XXE).spans  # expat refuses the DTD: the linear scan reads the fragment
    assert s.kind == "kml" and s.status == "ok"
    # the Placemark's own text holds undefined entities: no attributes, no id, nothing expanded
    assert s.properties_json is None and s.feature_id is None
    assert parse_kml(s.geometry_text).geometry.equals(shapely.Point(1, 2))


@pytest.mark.parametrize(
    "hostile",
    ["<a><gml:Point></a>" * 3000,  # sibling geometries that never close: one protected block
     "<f><gml:featureMember><x><g><gml:Point><gml:pos>1 2</gml:pos></gml:Point></g>" * 300
     + "</x></gml:featureMember></f>" * 300],  # features nested in features: the outermost
    ids=["unclosed_siblings", "nested_features"],
)  # fmt: skip
def test_nested_or_unclosed_units_give_one_outermost_unit(hostile: str) -> None:
    (s,) = find_xml(hostile)
    assert s.start == 3 and s.end >= len(hostile) - len("</f>") * 300


def test_hostile_tag_soup_stays_linear_and_finds_nothing() -> None:
    soup = "<!-- " * 2000 + "<a x='" * 2000 + "<gml:Point " * 2000 + "</gml:Point>" * 2000
    spans = detect(soup).spans
    assert all(s.status != "ok" for s in spans)


@pytest.mark.parametrize("style", ["gml3", "gml2", "gml3_latlon", "kml"])
@pytest.mark.parametrize(
    "wkt",
    ["POINT (1.5 2.25)", "LINESTRING Z (0 0 1, 1 1 2)", "POLYGON ((0 0, 4 0, 4 4, 0 0), (1 1, 2 1, 2 2, 1 1))",
     "MULTIPOINT ((1 2), (3 4))", "MULTILINESTRING ((0 0, 1 1), (2 2, 3 3))",
     "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))",
     "GEOMETRYCOLLECTION (POINT (1 2), LINESTRING (0 0, 1 1))"],
)  # fmt: skip
def test_writers_read_back(style: str, wkt: str) -> None:
    sources = {
        "gml3": ("gml", '<gml:MultiSurface srsName="EPSG:27700"><gml:surfaceMember/></gml:MultiSurface>'),
        "gml2": ("gml", "<gml:Polygon><gml:outerBoundaryIs/></gml:Polygon>"),
        "gml3_latlon": ("gml", '<gml:Point srsName="urn:ogc:def:crs:EPSG::4326"><gml:pos>1 2</gml:pos></gml:Point>'),
        "kml": ("kml", "<Polygon><outerBoundaryIs/></Polygon>"),
    }
    kind, source = sources[style]
    geom = shapely.from_wkt(wkt)
    out = gml_writer(kind, source)(geom, None)
    parsed = (parse_gml if kind == "gml" else parse_kml)(out)
    assert parsed.error is None, (out, parsed.error)
    back = parsed.geometry
    assert shapely.equals_exact(shapely.normalize(back), shapely.normalize(geom), 0) or back.equals(geom)


@pytest.mark.parametrize("policy", ["split", "generalize"])
def test_oversize_rewrites_gml_in_place(policy: str) -> None:
    import math

    rings = []
    for k in range(3):
        pts = [(530000 + 100 * k + 30 * math.cos(i / 20), 180000 + 30 * math.sin(i / 20) + (i % 3) * 0.01)
               for i in range(126)]
        pts.append(pts[0])
        rings.append(" ".join(f"{x:.2f} {y:.2f}" for x, y in pts))
    members = "".join(f"<gml:surfaceMember><gml:Polygon><gml:exterior><gml:LinearRing><gml:posList>{r}"
                      "</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>"
                      for r in rings)  # fmt: skip
    text = (f'Blocks.\n\n<gml:MultiSurface srsName="EPSG:27700" gml:id="blocks">{members}'
            "</gml:MultiSurface>\n\nEnd.")  # fmt: skip
    budget = 1600 if policy == "split" else 300
    cs = chunk_text(text, ChunkConfig(budget=budget, oversize=policy, tolerance="auto"))
    escaped = [c for c in cs.chunks if c.text_kind != "source"]
    assert len(escaped) == (3 if policy == "split" else 1)
    for c in escaped:
        (s,) = detect(c.text).spans
        assert s.kind == "gml" and s.status == "ok" and 'srsName="EPSG:27700"' in s.geometry_text
        assert c.token_count <= budget
    assert validate(text, cs.chunks, budget=budget).passed


@pytest.mark.parametrize("sample", ["encodings_report", "wfs_getfeature", "placemarks"])
def test_the_map_draws_every_encoding(sample: str) -> None:
    from geochunk.samples import load_sample
    from geochunk.view.layers import features_layer, layer_data

    text = load_sample(sample)
    cs = chunk_text(text, ChunkConfig(budget=256))
    shown = chunk_map_features(cs)
    drawn = [f for f in shown if f.role == "feature"]
    extents = [f for f in shown if f.role == "extent"]  # a WFS boundedBy Envelope: an outline
    ids = {f.id for c in cs.chunks for f in c.features}
    assert {f.feature_id for f in drawn} == ids and len(ids) == len(cs.analysis.detection.spans)
    assert len(extents) == len(cs.analysis.detection.extents) == (1 if sample == "wfs_getfeature" else 0)
    for f in extents:  # the parks' extent, lon/lat, not a feature of any chunk
        assert f.geometry.bounds == (-3.3, 55.9, -3.1, 56.0) and f.feature_id not in ids
    for f in drawn:  # in WGS 84 lon/lat, where the samples are
        w, s_, e, n = f.geometry.bounds
        assert -4 < w <= e < 1 and 50 < s_ <= n < 57, (f.feature_id, f.geometry.bounds)
    data = layer_data(features_layer(drawn))
    assert data is not None and len(data["features"]) == len(drawn)


@pytest.mark.parametrize(
    ("body", "wkt"),
    [("<gml:Curve><gml:segments><gml:LineStringSegment><gml:posList>0 0 1 1</gml:posList>"
      "</gml:LineStringSegment><gml:LineStringSegment><gml:posList>1 1 2 0</gml:posList>"
      "</gml:LineStringSegment></gml:segments></gml:Curve>", "LINESTRING (0 0, 1 1, 2 0)"),
     ("<gml:Polygon><gml:exterior><gml:Ring><gml:curveMember><gml:LineString><gml:posList>0 0 1 0 1 1"
      "</gml:posList></gml:LineString></gml:curveMember><gml:curveMember><gml:LineString><gml:posList>"
      "1 1 0 0</gml:posList></gml:LineString></gml:curveMember></gml:Ring></gml:exterior></gml:Polygon>",
      "POLYGON ((0 0, 1 0, 1 1, 0 0))")],
)  # fmt: skip
def test_joined_segments_do_not_repeat_the_shared_position(body: str, wkt: str) -> None:
    parsed = parse_gml(body)
    assert parsed.geometry.wkt == wkt and parsed.vertices == len(shapely.get_coordinates(shapely.from_wkt(wkt)))


def test_a_second_unclosed_gml_geometry_inside_an_open_one_is_protected_on_its_own() -> None:
    """A <Polygon> cannot hold a <Polygon>: the first unclosed guess is over where the second
    starts, so a closed unit between them never leaves the second unprotected (fuzz find)."""
    from geochunk.detection.scan import detect
    from geochunk.model import ChunkConfig
    from geochunk.pipeline import chunk_text
    from geochunk.gates import validate

    ring = "<gml:Polygon><gml:exterior><gml:LinearRing><gml:posList>0 0 1 0 1 1 0 0\n"
    for text in (ring + "POINT (0 0)\n" + ring, ring + ring):
        spans = detect(text).spans
        gml = [s for s in spans if s.kind == "gml"]
        assert [s.status for s in gml] == ["unclosed", "unclosed"]
        assert gml[1].start == text.rindex("<gml:Polygon>")
        for budget in (16, 64):
            chunks = chunk_text(text, ChunkConfig(budget=budget)).chunks
            report = validate(text, chunks, budget=budget)
            assert report.passed, [g for g in report.gates if not g.passed]


def test_closed_members_of_an_unclosed_gml_collection_are_members_not_swallowed() -> None:
    from geochunk.model import ChunkConfig
    from geochunk.pipeline import chunk_text
    from geochunk.gates import validate

    poly = ("<gml:Polygon><gml:exterior><gml:LinearRing><gml:posList>0 0 1 0 1 1 0 0"
            "</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon>")
    text = (f"<gml:MultiSurface><gml:surfaceMember>{poly}</gml:surfaceMember>\n"
            "<gml:surfaceMember><gml:Polygon><gml:exterior><gml:LinearRing><gml:posList>0 0 1\n")
    chunks = chunk_text(text, ChunkConfig(budget=64)).chunks
    report = validate(text, chunks, budget=64)
    assert report.passed, [g for g in report.gates if not g.passed]
    assert "".join(text[c.core_start : c.end] for c in chunks) == text


# --- the document pass reads nothing inside a geometry into elements, the same units -----


def test_a_namespace_declared_inside_a_geometry_still_has_its_text_read_again() -> None:
    from geochunk.detection.encodings import xml as xml_mod

    doc = (f'<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="{GML32}">'
           '<wfs:member><f gml:id="f1"><name>A</name><geom><gml:Polygon><gml:exterior>'
           '<gml:LinearRing xmlns:x="urn:x"><gml:posList>0 0 1 0 1 1 0 0</gml:posList>'
           "</gml:LinearRing></gml:exterior></gml:Polygon></geom></f></wfs:member>"
           "</wfs:FeatureCollection>")
    els = xml_mod._expat_elements(doc)
    assert els is not None
    polygon = next(el for el in els if el.local == "Polygon")
    assert polygon.declares and all(el.local not in ("LinearRing", "posList") for el in els)
    [span] = find_xml(doc)
    assert (span.feature_id, span.geom_type, span.status) == ("f1", "POLYGON", "ok")
    assert json.loads(span.properties_json) == {"name": "A"}


def test_a_placemark_or_geometry_inside_a_geometry_is_no_unit_of_its_own() -> None:
    doc = (f'<kml xmlns="{KML}"><Placemark><name>p</name><MultiGeometry>'
           "<Point><coordinates>1,2</coordinates></Point>"
           "<Placemark><name>q</name><Point><coordinates>3,4</coordinates></Point></Placemark>"
           "</MultiGeometry></Placemark></kml>")
    spans = find_xml(doc)
    assert [(s.feature_id, s.start, s.end) for s in spans] == [("p", doc.index("<Placemark>"),
                                                                 doc.rindex("</kml>"))]


@pytest.mark.parametrize(
    ("coords", "expected"),
    [
        ("1,2 3,4", [[1, 2], [3, 4]]),
        (" 1 , 2 ,5\n\t3,4,6 ", [[1, 2, 5], [3, 4, 6]]),
        ("1,2,3,4", [[1, 2, 3, 4]]),
        ("1,2 3,4,5", "coordinate tuples must all have 2-4 values, found '3,4,5'"),
        ("1,2,3 3,4", "coordinate tuples must all have 2-4 values, found '3,4'"),
        ("1 2", "coordinate tuples must all have 2-4 values, found '1'"),
        ("1,2,3,4,5", "coordinate tuples must all have 2-4 values, found '1,2,3,4,5'"),
        ("1,,2", "coordinates hold something that is not a number"),
        ("1,x 3,4", "coordinates hold something that is not a number"),
        ("1,inf", "coordinates must be finite numbers"),
        ("   ", "empty coordinates"),
    ],
)
def test_coordinate_tuples_read_at_once_or_tuple_by_tuple_alike(coords: str, expected: object) -> None:
    from geochunk.detection.encodings.gml import GeometryError, _tuples

    if isinstance(expected, str):
        with pytest.raises(GeometryError, match="^" + re.escape(expected) + "$"):
            _tuples(coords)
    else:
        got = _tuples(coords)
        assert got.tolist() == expected and got.dtype == float and got.flags.c_contiguous


def test_markup_escaped_in_a_json_string_does_not_swallow_the_features_after_it() -> None:
    """Found by hypothesis: a JSON record with GML in its string value (closing tags written
    ``<\\/gml:…>``) left its inner elements open in the tag scan, so a CityGML member after it
    was nested inside them and never found."""
    record = ('{"id": 7, "geom": "<gml:Polygon srsName=\\"EPSG:4326\\"><gml:exterior><gml:LinearRing>'
              '<gml:posList>0 0 1 0 1 1 0 0<\\/gml:posList><\\/gml:LinearRing><\\/gml:exterior>'
              '<\\/gml:Polygon>", "name": "Plot"} ')
    member = ('<core:cityObjectMember><bldg:Building gml:id="B1"><bldg:lod0FootPrint><gml:MultiSurface>'
              '<gml:surfaceMember><gml:Polygon><gml:exterior><gml:LinearRing><gml:posList>0 0 2 0 2 2 0 0'
              '</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>'
              '</gml:MultiSurface></bldg:lod0FootPrint></bldg:Building></core:cityObjectMember>')
    text = record + member
    spans = detect(text).spans
    assert [(s.start, s.end) for s in spans][-1] == (len(record), len(text))
    assert len(spans) == 2 and all(s.status == "ok" for s in spans)


_ENV = ('<gml:Envelope srsName="urn:ogc:def:crs:EPSG::4326"><gml:lowerCorner>55.9 -3.3'
        "</gml:lowerCorner><gml:upperCorner>56.0 -3.1</gml:upperCorner></gml:Envelope>")


@pytest.mark.parametrize("prefix", ["wfs:", "gml:", ""])
def test_a_collection_envelope_is_extent_metadata_not_a_feature(prefix: str) -> None:
    # a boundedBy Envelope says where the features are: no feature id, not counted, no unit,
    # but its text stays whole at every budget and nothing is lost
    text = (f'<wfs:FeatureCollection>\n  <{prefix}boundedBy>\n    {_ENV}\n  </{prefix}boundedBy>\n'
            '  <wfs:member><app:park gml:id="p1"><app:geometry><gml:Point srsName="urn:ogc:def:crs:'
            'EPSG::4326"><gml:pos>55.95 -3.2</gml:pos></gml:Point></app:geometry></app:park>'
            "</wfs:member>\n</wfs:FeatureCollection>\n")
    found = detect(text)
    (extent,) = found.extents
    assert text[extent.start : extent.end] == _ENV
    assert [s.feature_id for s in found.spans] == ["p1"]
    for budget in (16, 32, 512):
        cs = chunk_text(text, ChunkConfig(budget=budget))
        assert [f.id for c in cs.chunks for f in c.features] == ["p1"]
        assert "".join(c.text for c in cs.chunks) == text
        assert not any(extent.start < p < extent.end for c in cs.chunks for p in (c.start, c.end))
        assert validate(text, cs.chunks, budget=budget).passed


def test_an_envelope_outside_a_bounded_by_stays_a_geometry() -> None:
    # a query filter's BBOX (or an Envelope quoted in prose) is a region someone wrote: a feature
    text = f"<fes:BBOX><fes:ValueReference>geom</fes:ValueReference>{_ENV}</fes:BBOX>"
    found = detect(text)
    assert found.extents == () and [s.geom_type for s in found.spans] == ["POLYGON"]
    # and a feature's own boundedBy lies in the feature's unit: the feature is the one span
    member = (f'<wfs:member><app:park gml:id="p2"><gml:boundedBy>{_ENV}</gml:boundedBy><app:g>'
              '<gml:Point><gml:pos>55.95 -3.2</gml:pos></gml:Point></app:g></app:park></wfs:member>')
    found = detect(member)
    assert found.extents == () and [(s.feature_id, s.geom_type) for s in found.spans] == [("p2", "POINT")]


def _wfs(envelope: str) -> str:
    members = "".join(
        f'\n  <wfs:member><app:park gml:id="p{i}"><app:geometry><gml:Point><gml:pos>55.95 -3.2'
        "</gml:pos></gml:Point></app:geometry></app:park></wfs:member>" for i in range(3))
    return f"<wfs:FeatureCollection>\n  <wfs:boundedBy>\n    {envelope}\n  </wfs:boundedBy>{members}\n</wfs:FeatureCollection>\n"


@pytest.mark.parametrize("broken, status", [
    (_ENV.replace("</gml:Envelope>", ""), "unclosed"),  # protected to the end: swallows the parks
    (_ENV.replace("55.9 -3.3", "abc"), "unparseable"),
], ids=["unclosed", "bad-corner"])
def test_a_collection_envelope_that_does_not_read_is_a_reported_problem(broken: str, status: str) -> None:
    # a broken boundedBy Envelope is no quiet metadata: it stays a span, so Detection.problems
    # (and the no_swallowing gate, for an unclosed one) say what is wrong
    found = detect(_wfs(broken))
    assert found.extents == ()
    assert [(p.kind, p.status) for p in found.problems] == [("gml", status)]


@pytest.mark.parametrize("style", ["json", "json_indent", "csv"])
def test_a_collection_envelope_in_a_string_is_never_cut(style: str) -> None:
    # a WFS response (or a lone boundedBy) written in a JSON string or a CSV cell: the decoded
    # text's envelope is a unit of the string, so no cut falls inside its escaped text
    record = _wfs(_ENV)
    if style == "csv":
        text = 'id,gml\n1,"' + record.replace('"', '""').replace("\n", " ") + '"\n'
        env = _ENV.replace('"', '""')
    else:
        lone = f"<gml:boundedBy>{_ENV}</gml:boundedBy>"
        rows = [{"id": 1, "response": record}, {"id": 2, "bbox": lone, "note": "word " * 40}]
        text = json.dumps(rows, indent=1 if style == "json_indent" else None) + "\n"
        env = json.dumps(_ENV)[1:-1]
    at = [m.start() for m in re.finditer(re.escape(env), text)]
    assert at
    found = detect(text)
    for a in at:  # every envelope's text lies in one span (or is an extent)
        assert any(s.start <= a and a + len(env) <= s.end for s in (*found.spans, *found.extents))
    for budget in (16, 32, 64):
        cs = chunk_text(text, ChunkConfig(budget=budget))
        assert "".join(c.text for c in cs.chunks) == text
        cuts = {p for c in cs.chunks for p in (c.start, c.core_start, c.end)}
        assert not [p for p in cuts for a in at if a < p < a + len(env)], budget


_SEPS = ["", "\n", "\n\n", "\r\n", "  ", "\n# Parks\n\n", "Some prose words. ", "\n\n" + "lorem ipsum " * 12 + "\n\n"]


@given(st.lists(st.tuples(st.sampled_from(_SEPS), st.sampled_from(["wfs:", "gml:", ""]),
                          st.integers(0, 3), st.sampled_from(_SEPS)), min_size=1, max_size=3),
       st.sampled_from(_SEPS), st.sampled_from([16, 24, 40, 64, 200]), st.sampled_from([0, 0, 8]),
       st.sampled_from(["auto", "feature", "paragraph", "mixed"]))
@settings(max_examples=40, deadline=None)
def test_collection_envelopes_are_never_cut_nor_lost(blocks, tail, budget, overlap, strategy) -> None:
    # every layout of boundedBy envelopes and members: each envelope is an extent, no chunk
    # edge falls inside one, the chunks still cover the text and every member keeps its id
    parts, ids = [], []
    for k, (before, pfx, members, between) in enumerate(blocks):
        parts += [before, f"<{pfx}boundedBy>{between if between.isspace() else ''}{_ENV}</{pfx}boundedBy>"]
        for i in range(members):
            ids.append(f"p{k}_{i}")
            parts += [between, f'<wfs:member><app:park gml:id="{ids[-1]}"><app:g><gml:Point><gml:pos>'
                      "55.95 -3.2</gml:pos></gml:Point></app:g></app:park></wfs:member>"]
    text = "".join(parts) + tail
    found = detect(text)
    envs = [(m.start(), m.end()) for m in re.finditer(re.escape(_ENV), text)]
    assert [(e.start, e.end) for e in found.extents] == envs
    assert sorted(s.feature_id for s in found.spans) == sorted(ids)
    cs = chunk_text(text, ChunkConfig(budget=budget, overlap=overlap, strategy=strategy))
    if not overlap:
        assert "".join(c.text for c in cs.chunks) == text
        assert sorted(f.id for c in cs.chunks for f in c.features) == sorted(ids)
    assert not [p for c in cs.chunks for p in (c.start, c.core_start, c.end) for a, b in envs if a < p < b]
    assert validate(text, cs.chunks, budget=budget).passed
