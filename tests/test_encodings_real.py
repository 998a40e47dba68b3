"""Encodings as real files write them (issues #25 and #26), on files shipped in package sdists
(``tests/real_data``): escaped GeoJSON/GML in JSON strings, KML without a namespace in JSON
fixtures and tutorials, CityGML city objects with solids and several levels of detail,
GeoSciML boreholes in WFS 1.1 and 2.0 responses, KML files.

The units are found by an oracle that does not use geochunk (string searches for the elements'
own start and end tags, ``json`` for the escaped strings); every budget from the smallest to
one larger than the files must leave each of them in one chunk, and a Placemark, GML feature
or city object must be one feature.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest
import shapely

from chunk_checks import assert_whole_in_one_chunk

from geochunk.detection.scan import detect
from geochunk.detection.encodings import is_whole
from geochunk.detection.geometry import parse_span
from geochunk.model import ChunkConfig, Flag
from geochunk.pipeline import chunk_text

REAL = Path(__file__).parent / "real_data"
BUDGETS = (16, 24, 48, 128, 512, 4096, 100_000)


def _read(name: str) -> str:
    return (REAL / name).read_text(encoding="utf-8")


def _elements(text: str, start_tag: str, end_tag: str) -> list[tuple[int, int]]:
    """(start, end) of every ``start_tag ... end_tag`` element (not nested in itself) that
    holds coordinates (a doc's ``<Placemark>...</Placemark>`` or a KML update's target is not
    a feature with a geometry)."""
    out, pos = [], 0
    while True:
        s = text.find(start_tag, pos)
        if s < 0:
            return out
        e = text.index(end_tag, s) + len(end_tag)
        if re.search(r"<(?:\w+:)?(?:coordinates|posList|pos)[\s>]", text[s:e]):
            out.append((s, e))
        pos = e


def _escaped_strings(text: str) -> list[tuple[int, int]]:
    """The quoted escaped-GeoJSON strings of Django's geometries.json, found with ``json``."""
    out = []
    for entry in json.loads(text)["json_geoms"]:
        quoted = json.dumps(entry["json"])
        s = text.index(quoted)
        out.append((s, s + len(quoted)))
    return out


# (file, oracle ranges, ranges that are one feature each)
CASES = {
    "django geometries.json (escaped GeoJSON, bare KML, GML in strings)": (
        "django-5.2.8/geometries.json",
        lambda t: _escaped_strings(t) + [
            (m.start(), m.end()) for m in re.finditer(r"<(Point|LineString|Polygon|MultiGeometry)>.*?</\1>", t)
        ] + [(m.start(), m.end()) for m in re.finditer(r"<gml:(\w+)>.*?</gml:\1>", t)],
    ),
    "citysmith CityGML multi-LOD (Solid, MultiSurface, xlinks)": (
        "citysmith-0.2.0/CS1_multiLOD.gml", lambda t: _elements(t, "<cityObjectMember>", "</cityObjectMember>")),
    "citysmith CityGML lod1 solids": (
        "citysmith-0.2.0/CS1_lod1_average.gml", lambda t: _elements(t, "<cityObjectMember>", "</cityObjectMember>")),
    "citysmith CityGML lod2 (boundary surfaces)": (
        "citysmith-0.2.0/CS1_lod2_lower_only.gml",
        lambda t: _elements(t, "<cityObjectMember>", "</cityObjectMember>")),
    "citysmith CityGML lod0 footprints": (
        "citysmith-0.2.0/CS1_lod0.gml", lambda t: _elements(t, "<cityObjectMember>", "</cityObjectMember>")),
    "pysiss GeoSciML 2 boreholes (WFS 1.1)": (
        "pysiss-0.0.4/geo2test.xml", lambda t: _elements(t, "<gsml:Borehole ", "</gsml:Borehole>")),
    "pysiss GeoSciML 3 borehole, CompositeCurve (WFS 2.0)": (
        "pysiss-0.0.4/geo3test.xml", lambda t: _elements(t, "<wfs:member>", "</wfs:member>")),
    "pydov WFS 2.0 MultiSurface": (
        "pydov-4.0.0/generic_wfsgetfeature.xml", lambda t: _elements(t, "<wfs:member>", "</wfs:member>")),
    "pydov WFS 2.0 Polygon": (
        "pydov-4.0.0/bodemsite_wfsgetfeature.xml", lambda t: _elements(t, "<wfs:member>", "</wfs:member>")),
    "kmlorm multigeometry": (
        "kmlorm-1.1.1/multigeometry_test.kml", lambda t: _elements(t, "<Placemark", "</Placemark>")),
    "kmlorm comprehensive": (
        "kmlorm-1.1.1/comprehensive.kml", lambda t: _elements(t, "<Placemark", "</Placemark>")),
    "kml2geojson two layers": (
        "kml2geojson-6.0.0/two_layers.kml", lambda t: _elements(t, "<Placemark", "</Placemark>")),
    "pykml tour": ("pykml-0.2.0/complete_tour_example.kml", lambda t: _elements(t, "<Placemark", "</Placemark>")),
    "pykml altitude mode": (
        "pykml-0.2.0/altitudemode_reference.kml", lambda t: _elements(t, "<Placemark", "</Placemark>")),
    "kmlorm tutorial (.rst, bare KML)": (
        "kmlorm-1.1.1/tutorial.rst",
        lambda t: _elements(t, "<Placemark>", "</Placemark>")
        + [(m.start(), m.end()) for m in re.finditer(r"<Point><coordinates>[^<]*</coordinates></Point>", t)
           if not t[:m.start()].rstrip().endswith("<Placemark>")]),
    "kmlorm quickstart (.rst)": (
        "kmlorm-1.1.1/quickstart.rst", lambda t: _elements(t, "<Placemark>", "</Placemark>")),
    "kmlorm KML spec (.md, placeholder coordinates)": (
        "kmlorm-1.1.1/KML_SPECIFICATION.md", lambda t: _elements(t, "<Placemark>", "</Placemark>")),
}


def _disjoint_outer(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for s, e in sorted(ranges, key=lambda r: (r[0], -r[1])):
        if out and s < out[-1][1]:
            continue
        out.append((s, e))
    return out


@pytest.mark.parametrize("case", sorted(CASES))
def test_real_units_are_found_whole_and_never_cut(case: str) -> None:
    name, oracle = CASES[case]
    text = _read(name)
    units = _disjoint_outer(oracle(text))
    assert units, case
    spans = detect(text).spans
    for s, e in units:
        inside = [sp for sp in spans if s <= sp.start and sp.end <= e]
        around = [sp for sp in spans if sp.start <= s and e <= sp.end]
        assert inside or around, (case, text[s : s + 80])
        assert not [sp for sp in spans if sp.start < s < sp.end < e or s < sp.start < e < sp.end], case
    for budget in BUDGETS:
        for policy in ("isolate", "generalize", "split"):
            cs = chunk_text(text, ChunkConfig(budget=budget, oversize=policy))
            assert "".join(text[c.core_start : c.end] for c in cs.chunks) == text
            for s, e in units:
                assert_whole_in_one_chunk(cs.chunks, s, e, f"{case} at {budget}/{policy}: {text[s:s + 40]!r}")
        if budget in (48, 4096):
            _emitted_geometry_parses(cs.chunks, spans)


def _emitted_geometry_parses(chunks, source_spans) -> None:
    """Every geometry found in a chunk's text parses, unless the source's own does not."""
    broken = [sp.geometry_text for sp in source_spans if sp.status != "ok"]
    whole = [sp.geometry_text for sp in source_spans if sp.kind == "gml"]  # (features)
    for c in chunks:
        for span in detect(c.text).spans:
            if span.status != "ok" and any(span.geometry_text in t for t in broken + whole):
                continue  # the source's own (a 1-D GeoSciML interval, read alone here)
            assert span.status == "ok", (c.index, c.text_kind, span)
            assert parse_span(span).error is None, (c.index, span.geometry_text[:60])


FEATURE_CASES = [c for c in CASES if not c.startswith(("django", "kmlorm tutorial"))]


@pytest.mark.parametrize("case", sorted(FEATURE_CASES))
def test_one_feature_per_placemark_gml_feature_or_city_object(case: str) -> None:
    name, oracle = CASES[case]
    text = _read(name)
    spans = detect(text).spans
    for s, e in oracle(text):
        inside = [sp for sp in spans if s <= sp.start and sp.end <= e]
        assert len(inside) == 1, (case, text[s : s + 80], [(sp.kind, sp.geom_type) for sp in inside])
    cs = chunk_text(text, ChunkConfig(budget=256))
    ids = [f.id for c in cs.chunks for f in c.features]
    assert len(ids) == len(set(ids))


def test_citygml_city_object_is_one_feature_of_all_its_lod_geometries() -> None:
    text = _read("citysmith-0.2.0/CS1_multiLOD.gml")
    (obj,) = [sp for sp in detect(text).spans if sp.feature_id == "CS1"]
    s, e = _elements(text, "<cityObjectMember>", "</cityObjectMember>")[0]
    assert (obj.start, obj.end, obj.kind, obj.geom_type) == (s, e, "gml", "GEOMETRYCOLLECTION")
    parsed = parse_span(obj)
    assert parsed.error is None and parsed.geometry.geom_type == "GeometryCollection"
    # every lod*: the footprint (lod0), the solids (lod1-3, their xlinks to the boundary
    # surfaces followed), the boundary and opening surfaces; the parts' ones too
    assert len(parsed.geometry.geoms) == len(re.findall(r"<bldg:lod\d", text[s:e]))
    # the collection's box is the model's declared envelope (x, y within a millimetre)
    lo = [float(v) for v in re.search(r"<gml:lowerCorner>([^<]+)<", text).group(1).split()]
    hi = [float(v) for v in re.search(r"<gml:upperCorner>([^<]+)<", text).group(1).split()]
    assert shapely.bounds(parsed.geometry).tolist() == pytest.approx([lo[0], lo[1], hi[0], hi[1]], abs=1e-3)
    assert is_whole(obj)
    for policy, flag in (("split", Flag.SPLIT_WHOLE), ("generalize", Flag.OVERSIZED)):
        cs = chunk_text(text, ChunkConfig(budget=512, oversize=policy))
        (c,) = [c for c in cs.chunks if any(f.id == "CS1" for f in c.features)]
        assert c.text_kind == "source" and c.start <= s and e <= c.end
        assert flag in c.flags and Flag.NEEDS_FALLBACK in c.flags  # isolated, whole


def test_a_solid_is_one_unit_not_split_by_face_nor_flattened_by_generalize() -> None:
    text = _read("citysmith-0.2.0/CS1_lod1_average.gml")
    solid = text[text.index("<gml:Solid>") : text.index("</gml:Solid>") + len("</gml:Solid>")]
    doc = f"The lod1 block of building CS1:\n\n{solid}\n\nMeasured 2019."
    (span,) = detect(doc).spans
    assert (span.kind, span.geom_type, doc[span.start : span.end]) == ("gml", "POLYHEDRALSURFACE", solid)
    faces = solid.count("<gml:Polygon ")
    assert len(parse_span(span).geometry.geoms) == faces
    cs = chunk_text(doc, ChunkConfig(budget=200, oversize="split"))
    (c,) = [c for c in cs.chunks if c.features]
    assert Flag.SPLIT_WHOLE in c.flags and c.text_kind == "source" and solid in c.text
    # the simplifier works in plan, where the roof lies on the floor and the walls on edge: it
    # once gave the footprint at floor height as a <gml:Polygon> ("hausdorff 0"); the solid is
    # kept whole instead, and says no generalization was made
    for budget in (200, 600, 2000):
        cs = chunk_text(doc, ChunkConfig(budget=budget, oversize="generalize", tolerance="auto"))
        (c,) = [c for c in cs.chunks if c.features]
        assert c.text_kind == "source" and solid in c.text and Flag.GENERALIZED not in c.flags
        assert Flag.OVERSIZED in c.flags and Flag.NEEDS_FALLBACK in c.flags
        assert c.generalized is not None and not c.generalized.valid and not c.generalized.fits


def test_a_city_object_with_a_solid_is_not_generalized_to_its_footprint() -> None:
    text = _read("citysmith-0.2.0/CS1_lod1_average.gml")
    s, e = _elements(text, "<cityObjectMember>", "</cityObjectMember>")[0]
    for tolerance in ("auto", 0.5):
        cs = chunk_text(text, ChunkConfig(budget=512, oversize="generalize", tolerance=tolerance))
        (c,) = [c for c in cs.chunks if any(f.id == "CS1" for f in c.features)]
        # not <bldg:lod1Solid><gml:MultiGeometry>... (no Solid left, the roof height lost)
        assert c.text_kind == "source" and c.start <= s and e <= c.end
        assert Flag.NEEDS_FALLBACK in c.flags and Flag.GENERALIZED not in c.flags


def test_geosciml_composite_curve_is_the_unit_with_the_borehole() -> None:
    text = _read("pysiss-0.0.4/geo3test.xml")
    (sp,) = detect(text).spans
    assert sp.feature_id == "M371484R308"
    g = parse_span(sp).geometry
    assert [p.geom_type for p in g.geoms] == ["LineString", "Point"]
    # the three segments of the hole joined into one line: 4 positions, lat/lon as written
    # (srsName http://www.opengis.net/def/crs/EPSG/0/4939 is latitude first: x = longitude)
    assert len(g.geoms[0].coords) == 4 and g.geoms[0].coords[0][:2] == (119.0, -25.0)


def test_bare_kml_in_json_fixtures_and_tutorials() -> None:
    text = _read("django-5.2.8/geometries.json")
    kml = [sp for sp in detect(text).spans if sp.kind == "kml"]
    values = [g["kml"] for g in json.loads(text)["wkt_out"] if "kml" in g]
    assert [text[sp.start : sp.end] for sp in kml] == values
    assert all(parse_span(sp).error is None for sp in kml)
    tutorial = _read("kmlorm-1.1.1/tutorial.rst")
    standalone = "<Point><coordinates>0,0,0</coordinates></Point>"
    assert any(tutorial[sp.start : sp.end] == standalone for sp in detect(tutorial).spans)


def test_escaped_geojson_in_django_fixture_is_described_as_a_feature() -> None:
    text = _read("django-5.2.8/geometries.json")
    wanted = {json.dumps(g["json"]): g for g in json.loads(text)["json_geoms"]}
    spans = {text[sp.start : sp.end]: sp for sp in detect(text).spans if sp.kind.startswith("geojson")}
    assert set(spans) == set(wanted)
    for quoted, g in wanted.items():
        sp = spans[quoted]
        parsed = parse_span(sp)
        if g.get("not_equal"):  # the file's own broken one (literal "\n" between tokens)
            assert sp.status == "unparseable"
            continue
        assert parsed.geometry.equals(shapely.from_wkt(g["wkt"]))
    cs = chunk_text(text, ChunkConfig(budget=16))
    boxes = {f.id: f.bbox for c in cs.chunks for f in c.features if f.kind == "geojson"}
    assert len(boxes) == 5 and sum(b is not None for b in boxes.values()) == 4


ESCAPED = [
    # (document, what the unit's source text is)
    ('{"geom": "{\\"type\\":\\"Polygon\\",\\"coordinates\\":[[[0,0],[4,0],[4,4],[0,0]]]}", "id": 1}',
     '"{\\"type\\":\\"Polygon\\",\\"coordinates\\":[[[0,0],[4,0],[4,4],[0,0]]]}"'),
    ('id,name,geom\n7,Plot,"{""type"":""Polygon"",""coordinates"":[[[0,0],[4,0],[4,4],[0,0]]]}"\n8,x,\n',
     '"{""type"":""Polygon"",""coordinates"":[[[0,0],[4,0],[4,4],[0,0]]]}"'),
    ('{"g": "<gml:Polygon srsName=\\"urn:ogc:def:crs:EPSG::4326\\"><gml:exterior><gml:LinearRing>'
     '<gml:posList>0 0 0 4 4 4 0 0<\\/gml:posList><\\/gml:LinearRing><\\/gml:exterior><\\/gml:Polygon>"}',
     None),
    ('{"k": "<Placemark><name>P \\"7\\"<\\/name><Polygon><outerBoundaryIs><LinearRing><coordinates>0,0 4,0 '
     '4,4 0,0<\\/coordinates><\\/LinearRing><\\/outerBoundaryIs><\\/Polygon><\\/Placemark>"}', None),
    # a string inside a string
    ('{"row": "{\\"geom\\": \\"{\\\\\\"type\\\\\\": \\\\\\"Polygon\\\\\\", \\\\\\"coordinates\\\\\\": '
     '[[[0,0],[4,0],[4,4],[0,0]]]}\\"}"}', None),
]


_POLYGON = '{"type": "Polygon", "coordinates": [[[0,0],[4,0],[4,4],[0,0]]]}'


def _csv_cell(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


# two levels mixing the styles: a CSV cell holding a JSON object whose value is the GeoJSON in
# a JSON string (``\""type``), and a JSON string holding a CSV row with a GeoJSON cell
# (``\"\"type``); the key's escape is neither ``\"type`` nor ``""type`` alone
_CSV_OF_JSON = _csv_cell(json.dumps({"geom": _POLYGON}))
_JSON_OF_CSV = json.dumps(f"7,{_csv_cell(_POLYGON)}")
_GML_CSV_OF_JSON = _csv_cell(json.dumps({"geom": (
    '<gml:Polygon srsName="EPSG:4326"><gml:exterior><gml:LinearRing><gml:posList>0 0 4 0 4 4 0 0'
    "</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon>")}))
ESCAPED += [
    (f"id,row\n7,{_CSV_OF_JSON}\n8,\n", _CSV_OF_JSON),
    (f'{{"line": {_JSON_OF_CSV}, "id": 1}}', _JSON_OF_CSV),
    (f"id,row\n7,{_GML_CSV_OF_JSON}\n", _GML_CSV_OF_JSON),
]


def test_gml_in_a_json_string_in_a_csv_cell_is_read_in_the_cell() -> None:
    # its first tag read as JSON finds a piece of the cell ("<gml:Point srsName=\""): the cell,
    # the wider string, is the quoting the text is in (found by the property tests)
    cell = _csv_cell(json.dumps({"geom": '<gml:Point srsName="EPSG:4326"><gml:pos>0 0</gml:pos></gml:Point>'}))
    doc = f"id,name,geom\n1,Plot,{cell}\n"
    (sp,) = detect(doc).spans
    assert (sp.kind, doc[sp.start : sp.end]) == ("gml", cell)
    assert parse_span(sp).geometry.equals(shapely.Point(0, 0))
    cs = chunk_text(doc, ChunkConfig(budget=16))
    assert_whole_in_one_chunk(cs.chunks, sp.start, sp.end, "gml in a json string in a csv cell")


@pytest.mark.parametrize("doc,source", ESCAPED)
def test_escaped_geometry_is_one_unit_read_and_rewritten_escaped(doc: str, source: str | None) -> None:
    (sp,) = detect(doc).spans
    if source is not None:
        assert doc[sp.start : sp.end] == source
    g = parse_span(sp).geometry
    assert g is not None and shapely.equals(shapely.force_2d(g), shapely.Polygon([(0, 0), (4, 0), (4, 4)]))
    for budget in (16, 20, 32, 64):
        cs = chunk_text(doc, ChunkConfig(budget=budget))
        assert_whole_in_one_chunk(cs.chunks, sp.start, sp.end, doc[sp.start : sp.start + 30])
        (c,) = [c for c in cs.chunks if c.features]
        assert c.features[0].bbox is not None
    cs = chunk_text(doc, ChunkConfig(budget=16, oversize="generalize", tolerance=10))
    (c,) = [c for c in cs.chunks if c.features]
    if c.text_kind == "generalized":  # rewritten inside the string, escaped as the source was
        (again,) = detect(c.text).spans
        assert again.kind == sp.kind and parse_span(again).error is None


def test_gml2_under_a_gml_default_namespace_keeps_gml_axis_rules() -> None:
    doc = ('<Polygon xmlns="http://www.opengis.net/gml" srsName="urn:ogc:def:crs:EPSG::4326">'
           "<outerBoundaryIs><LinearRing><coordinates>51,-1 51,0 52,0 51,-1</coordinates>"
           "</LinearRing></outerBoundaryIs></Polygon>")
    (sp,) = detect(doc).spans
    assert sp.kind == "gml"  # not KML: a namespace is in scope, and it is GML's
    assert shapely.bounds(parse_span(sp).geometry).tolist() == [-1.0, 51.0, 0.0, 52.0]  # lat/lon swapped
    bare = doc.replace(' xmlns="http://www.opengis.net/gml" srsName="urn:ogc:def:crs:EPSG::4326"', "")
    (sp,) = detect(bare).spans
    assert sp.kind == "kml"  # no namespace: KML, read lon,lat as written
    assert shapely.bounds(parse_span(sp).geometry).tolist() == [51.0, -1.0, 52.0, 0.0]


def test_placemark_with_two_bare_geometries_is_one_feature() -> None:
    doc = ('<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>Gate 4</name>'
           "<Point><coordinates>-3.1,55.9</coordinates></Point>"
           "<LineString><coordinates>-3.1,55.9 -3.2,55.95</coordinates></LineString>"
           "</Placemark></Document></kml>")
    (sp,) = detect(doc).spans
    s = doc.index("<Placemark>")
    assert (sp.start, sp.end, sp.feature_id) == (s, doc.index("</Document>"), "Gate 4")
    g = parse_span(sp).geometry
    assert [p.geom_type for p in g.geoms] == ["Point", "LineString"]
    for budget in (16, 24, 64):
        for policy in ("isolate", "split"):
            cs = chunk_text(doc, ChunkConfig(budget=budget, oversize=policy))
            feats = [f for c in cs.chunks for f in c.features]
            assert [f.id for f in feats] == ["Gate 4"]
            assert_whole_in_one_chunk(cs.chunks, sp.start, sp.end, "placemark")


@pytest.mark.parametrize("text", [
    '\\"type\\" ' * 20_000,  # escaped keys in no string, one line
    ('x "a" \\"type\\" "' * 5_000) + "\n",  # strings, stray quotes and keys mixed
    '"{""type""' * 20_000,  # a CSV cell that never closes
    ('"{\\"type\\": 1' + " " * 50 + "\n") * 2_000,  # JSON strings broken by their line ends
    "<Point>\\\" " * 20_000,  # tags beside escapes, no string
    # a run of backslashes before an escaped key: the key search once tried every start in the
    # run (quadratic: ~4 s here before, hours at a megabyte; no clock here: the time is the tell)
    pytest.param("\\" * 30_000 + 'x "{\\"type\\": 1}"', id="backslash-run"),
])
def test_the_string_search_reads_each_character_a_bounded_number_of_times(text: str) -> None:
    from geochunk.detection.encodings import escaped

    made: list[escaped._Tokens] = []

    class Counted(escaped._Tokens):
        def __init__(self, *args) -> None:  # type: ignore[no-untyped-def]
            super().__init__(*args)
            made.append(self)

    original = escaped._Tokens
    escaped._Tokens = Counted  # type: ignore[misc]
    try:
        escaped.find_escaped(text, lambda t: detect(t).spans)
    finally:
        escaped._Tokens = original  # type: ignore[misc]
    assert made and sum(t.read for t in made) <= 2 * len(text)


def test_a_city_object_generalizes_each_lod_geometry_in_place() -> None:
    text = _read("citysmith-0.2.0/CS1_lod0.gml")
    (obj,) = [sp for sp in detect(text).spans if sp.feature_id == "CS1"]
    cs = chunk_text(text, ChunkConfig(budget=512, oversize="generalize", tolerance="auto"))
    (c,) = [c for c in cs.chunks if any(f.id == "CS1" for f in c.features)]
    assert c.text_kind == "generalized" and c.token_count <= 512 and Flag.GENERALIZED in c.flags
    # the building and its part are still there, each footprint rewritten where it was
    assert c.text.count("<bldg:lod0FootPrint>") == text[obj.start : obj.end].count("<bldg:lod0FootPrint>") == 2
    (again,) = [sp for sp in detect(c.text).spans if sp.feature_id == "CS1"]
    g = parse_span(again).geometry
    assert g.geom_type == "GeometryCollection" and len(g.geoms) == 2
    assert c.generalized.vertices_after < c.generalized.vertices_before


def test_placemark_with_two_geometries_generalizes_both_in_place() -> None:
    ring = " ".join(f"{-3 + 0.05 * math.cos(k / 60 * 6.283):.5f},{55 + 0.05 * math.sin(k / 60 * 6.283):.5f}"
                    for k in range(61))
    doc = ('<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>Gate 4</name>'
           f"<Point><coordinates>-3.1,55.9</coordinates></Point><LineString><coordinates>{ring}"
           "</coordinates></LineString></Placemark></Document></kml>")
    cs = chunk_text(doc, ChunkConfig(budget=120, oversize="generalize", tolerance="auto"))
    (c,) = [c for c in cs.chunks if c.features]
    assert c.text_kind == "generalized" and c.token_count <= 120
    (again,) = detect(c.text).spans
    assert again.feature_id == "Gate 4"
    assert [p.geom_type for p in parse_span(again).geometry.geoms] == ["Point", "LineString"]
