"""Detection's fast paths give the slow paths' answers exactly (no clocks here: the timings are in
``benchmarks/``). Each test runs the fast path and the slow path it replaced on the same texts
and compares every field of every span."""

from __future__ import annotations

import numpy as np
import pytest
import shapely

from geochunk.detection.encodings import xml as xml_mod
from geochunk.detection.encodings.xml import find_xml
from geochunk.samples import load_sample

GML32 = "http://www.opengis.net/gml/3.2"
KML = "http://www.opengis.net/kml/2.2"

_POLY = ("<gml:Polygon srsName=\"urn:ogc:def:crs:EPSG::4326\"><gml:exterior><gml:LinearRing>"
         "<gml:posList>51 -1 51 0 52 0 51 -1</gml:posList></gml:LinearRing></gml:exterior>"
         "</gml:Polygon>")  # fmt: skip
_PM = ('<Placemark id="p{i}"><name>Tarn &amp; {i}</name><description><![CDATA[<b>wet</b>]]>'
       '</description><ExtendedData><Data name="grade"><value>II</value></Data>'
       '<SchemaData><SimpleData name="depth">4</SimpleData></SchemaData></ExtendedData>'
       "<Point><coordinates>-3.{i},54.4,12</coordinates></Point></Placemark>")  # fmt: skip


def _wfs(member: str, n: int = 3) -> str:
    body = "".join(member.format(i=i) for i in range(n))
    return (f'<?xml version="1.0"?>\n<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" '
            f'xmlns:gml="{GML32}" xmlns:app="urn:app">{body}</wfs:FeatureCollection>\n')  # fmt: skip


def _kml(body: str) -> str:
    return f'<?xml version="1.0"?>\n<kml xmlns="{KML}"><Document>{body}</Document></kml>\n'


_MEMBER = ('<wfs:member><app:road gml:id="road.{i}"><app:name>High {i} &lt;St&gt;</app:name>'
           "<app:lanes>2</app:lanes><app:geom>" + _POLY + "</app:geom></app:road></wfs:member>")
DOCUMENTS = {
    "wfs_sample": load_sample("wfs_getfeature"),
    "placemarks_sample": load_sample("placemarks"),
    "wfs": _wfs(_MEMBER),
    "non_ascii": _wfs(_MEMBER.replace("High", "Hauptstraße é\u4e2d")),
    # a namespace declared on (or inside) a unit: reading its own text lists the xmlns
    # attributes too (``xmlns:srsName`` is read as srsName there), so it is read again
    "xmlns_on_geometry": _wfs(_MEMBER.replace("<gml:Polygon ", f'<gml:Polygon xmlns:srsName="EPSG:4326" ')),
    "xmlns_in_feature": _wfs(_MEMBER.replace("<app:lanes>", '<app:lanes xmlns:q="urn:q">')),
    "xmlns_name_in_data": _kml("".join(_PM.format(i=i) for i in range(3)).replace(
        '<Data name="grade">', '<Data xmlns:name="urn:x" name="grade">')),
    "kml": _kml("".join(_PM.format(i=i) for i in range(4))),
    "kml_prefix_default": _kml("<Folder>" + _PM.format(i=1) + "</Folder>"),
    "broken_geometry": _wfs(_MEMBER.replace("52 0 51 -1", "52 0 51 x")),
    "open_ring": _wfs(_MEMBER.replace("52 0 51 -1", "52 0 51 -2")),
    "bare_geometry": f'<gml:MultiSurface xmlns:gml="{GML32}"><gml:surfaceMember>{_POLY}'
                     "</gml:surfaceMember></gml:MultiSurface>",
    "deep": _kml("<Folder>" * 70 + _PM.format(i=1) + "</Folder>" * 70),
    # a unit nested deeper than xml_tree reads: its own text is read (and refused) as before
    "deep_geometry": _kml(_PM.format(i=2).replace("<Point>", "<MultiGeometry>" * 70 + "<Point>")
                          .replace("</Point>", "</Point>" + "</MultiGeometry>" * 70)),
    "empty_elements": _wfs('<wfs:member><app:x gml:id="x{i}"><app:note/><app:geom>'
                           '<gml:Point><gml:pos>1 2</gml:pos></gml:Point></app:geom></app:x></wfs:member>'),
    "crlf_cdata": _kml(_PM.format(i=3).replace("<name>", "<name>\r\n<![CDATA[a\r\nb]]>")),
}


def _read_twice(text: str, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """find_xml's units and every parse result, with the nodes taken from a pass already made
    (fast) and with every element read from its own text (slow)."""
    from geochunk.detection.encodings import gml

    fast: list = []
    slow: list = []
    for seen, tree, reader in ((fast, xml_mod._tree, xml_mod.xml_tree),
                               (slow, lambda el: None, lambda t, located=None: gml.xml_tree(t))):  # fmt: skip
        monkeypatch.setattr(xml_mod, "_tree", tree)
        monkeypatch.setattr(xml_mod, "xml_tree", reader)
        monkeypatch.setattr(xml_mod, "remember", lambda kind, t, parsed, seen=seen: seen.append(parsed))
        seen.insert(0, find_xml(text))
    monkeypatch.undo()
    return fast, slow


def _fields(spans):  # type: ignore[no-untyped-def]
    return [(s.start, s.end, s.kind, s.geom_type, s.geometry_text, s.dims, s.srid, s.status,
             s.error, s.feature_id, s.id_source, s.properties_json) for s in spans]  # fmt: skip


@pytest.mark.parametrize("name", list(DOCUMENTS))
def test_units_read_from_the_document_pass_equal_units_read_from_their_text(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = DOCUMENTS[name]
    assert xml_mod._expat_elements(text) is not None  # the document pass is the one tested
    _same_units(*_read_twice(text, monkeypatch))


@pytest.mark.parametrize("name", list(DOCUMENTS))
@pytest.mark.parametrize("junk", ["\n7\n", "x", "<", "<a/>x", "&", "<b>"])
def test_units_of_the_tag_scan_read_from_their_owners_equal_units_read_from_their_text(
    name: str, junk: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = DOCUMENTS[name] + junk
    assert xml_mod._expat_elements(text) is None  # expat refuses what does not end with ">"
    _same_units(*_read_twice(text, monkeypatch))
    prose = "Notes.\n\n" + DOCUMENTS[name].split("?>", 1)[-1]  # fragments in prose: the tag scan
    _same_units(*_read_twice(prose, monkeypatch))


def _same_units(fast, slow) -> None:  # type: ignore[no-untyped-def]
    assert fast[0], "a document without units tests nothing"
    assert _fields(fast[0]) == _fields(slow[0])
    assert len(fast) == len(slow)
    for pa, pb in zip(fast[1:], slow[1:]):
        assert (pa.error, pa.vertices, pa.dims, pa.linearized) == (pb.error, pb.vertices, pb.dims, pb.linearized)
        assert (pa.geometry is None) == (pb.geometry is None)
        assert pa.geometry is None or pa.geometry.equals_exact(pb.geometry, 0)


# -- GeoJSON: geometries read by one vectorised call equal the one-by-one reads ---------------

_GEOJSON = [
    '{"type": "Point", "coordinates": [1, 2]}',
    '{"type": "Point", "coordinates": [1, 2, 3]}',
    '{"type": "Point", "coordinates": [1, 2, 3, 4]}',  # GEOS refuses: the Python reader reads it
    "null",
    '{"type": "LineString", "coordinates": [[0, 0], [1, 1]]}',
    '{"type": "LineString", "coordinates": [[0, 0]]}',
    '{"type": "Polygon", "coordinates": [[[0,0],[2,0],[2,2],[0,0]]]}',
    '{"type": "Polygon", "coordinates": [[[0,0],[2,0],[0,0]]]}',
    '{"type": "Polygon", "coordinates": [[[0,0],[2,0],[2,2],[0,0]], [[1,1],[1,1],[1,1]]]}',
    '{"type": "Polygon", "coordinates": []}',
    '{"type": "MultiPolygon", "coordinates": [[[[0,0],[2,0],[2,2],[0,0]]], [[[5,5],[6,5],[5,5]]]]}',
    '{"type": "MultiPolygon", "coordinates": [[[[0,0],[2,0],[2,2],[0,0]]], [[[5,5],[6,5],[6,6],[5,5]]]]}',
    '{"type": "GeometryCollection", "geometries": [{"type": "Polygon", "coordinates": [[[0,0],[1,0],[0,0]]]}]}',
    '{"type": "GeometryCollection", "geometries": [{"type": "GeometryCollection", "geometries": '
    '[{"type": "MultiPolygon", "coordinates": [[[[0,0],[2,0],[2,2],[0,0]]]]}]}, '
    '{"type": "Point", "coordinates": [1, 2]}]}',
    '{"type": "MultiPoint", "coordinates": [[1, 2], [3, 4, 5]]}',
    '{"type": "Point", "coordinates": [1e999, 2]}',
    '{"type": "Point", "coordinates": ["a", 2]}',
    '{"type": "Polygon", "coordinates": [[[0,0],[2,0],[2,2],[0,0]]]',  # not JSON
    '{"type": "Spiral", "coordinates": [1, 2]}',
    '{"type": "Point", "coordinates": ' + "[" * 70 + "1, 2" + "]" * 70 + "}",
]


@pytest.mark.parametrize("rotate", range(4))
def test_geojson_read_together_equals_geojson_read_one_by_one(rotate: int) -> None:
    from geochunk.detection.geometry import parse_geojson, parse_geojson_many

    texts = _GEOJSON[rotate:] + _GEOJSON[:rotate]
    for many, text in zip(parse_geojson_many(texts), texts):
        one = parse_geojson(text)
        assert (many.error, many.vertices, many.dims, many.linearized) == (one.error, one.vertices, one.dims, one.linearized), text
        assert (many.geometry is None) == (one.geometry is None)
        assert many.geometry is None or many.geometry.equals_exact(one.geometry, 0)


def _feature(geometry: str, i: int) -> str:
    return f'{{"type": "Feature", "id": "f{i}", "properties": {{"n": {i}}}, "geometry": {geometry}}}'


_COLLECTION = '{"type": "FeatureCollection", "features": [' + ", ".join(
    _feature(g, i) for i, g in enumerate(_GEOJSON[:-3])) + "]}"
_GEOJSON_DOCS = {
    "parcels": load_sample("parcels"),
    "malformed": load_sample("malformed"),
    "collection": _COLLECTION,
    "loose": "Notes.\n\n" + "\n\n".join(_GEOJSON + [_feature(g, 9) for g in _GEOJSON]),
    "nested": _feature(_GEOJSON[6], 1).replace('{"n": 1}', '{"n": ' + _COLLECTION + "}"),
    "broken": _COLLECTION.replace('"id": "f3"', '"id": "f3" "x"') + "\n\n" + _COLLECTION[:-40],
}


@pytest.mark.parametrize("name", list(_GEOJSON_DOCS))
def test_geojson_units_read_ahead_equal_units_read_one_by_one(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from geochunk.detection import scan as detect_mod

    text = _GEOJSON_DOCS[name]
    fast = detect_mod.detect(text)
    monkeypatch.setattr(detect_mod._UnitReader, "read_ahead", lambda self: None)
    slow = detect_mod.detect(text)
    assert _fields(fast.spans) == _fields(slow.spans) and fast.collections == slow.collections
    assert any(s.kind.startswith("geojson") for s in fast.spans)


# -- WKT: the keyword matches looked up from "(" and EMPTY give the units a search of every
# keyword match gives ---------------------------------------------------------------------------

_WKT_PIECES = ["POINT", "point", "Polygon", "MULTIPOLYGON", "LineString", "GEOMETRYCOLLECTION", "TIN", "tin",
               "CircularString", "POINTZ", "pointzm", "Z", "M", "ZM", "zm", "EMPTY", "empty", "eMpTy", "EMPTYx",
               "(", "(", "((", ")", ")", "(1 2)", "(1 2 3)", "((0 0, 1 0, 1 1, 0 0))", "1", "2.5", "-3", ",", ", ", " ", " ", "   ", "\t", "\n", "\n\n", "\r\n",
               "x", "Area", "_", "     ", " \t \r\n ", "é", "\u212a", "中", "SRID=4326;", "a" * 30, "'", '"', ";"]  # fmt: skip


def _wkt_fields(spans):  # type: ignore[no-untyped-def]
    return [(s.start, s.end, s.geom_type, s.geometry_text, s.dims, s.srid, s.status, s.error) for s in spans]


def _both_scans(text: str):  # type: ignore[no-untyped-def]
    from geochunk.detection import scan as det

    scanner = det._WktScanner(text, det._ParenIndex(text), det._BlockEnds(text), [])
    fast = scanner.scan()
    every = [(m.start(), m.end()) for m in det._KEYWORD.finditer(text)]
    slow = det._WktScanner(text, det._ParenIndex(text), det._BlockEnds(text), []).scan(every)
    cands = list(det._keyword_candidates(text, det._ParenIndex(text)))
    assert set(cands) <= set(every) and cands == sorted(set(cands))  # keyword matches, in order
    return fast, slow


@pytest.mark.parametrize("size", [3, 7, 64, 1 << 16])
def test_wkt_units_from_the_anchored_keywords_equal_units_from_every_keyword(
    size: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    import random

    from geochunk.detection import scan as det

    monkeypatch.setattr(det, "_PAREN_SLICE", size)  # slice edges inside words, spaces, EMPTY
    rng = random.Random(size)
    for _ in range(400):
        text = "".join(rng.choice(_WKT_PIECES) for _ in range(rng.randrange(1, 40)))
        fast, slow = _both_scans(text)
        assert _wkt_fields(fast) == _wkt_fields(slow), repr(text)


@pytest.mark.parametrize("seed", range(4))
def test_paren_index_matches_each_open_with_the_close_that_ends_its_depth(seed: int) -> None:
    """``_ParenIndex``: each ``(`` is matched with the first ``)`` that brings the depth back
    below it (a stack over the text), one without is -1, on short texts and a deep one."""
    import random

    from geochunk.detection import scan as det

    rng = random.Random(seed)
    texts = [""] + [rng.choice(["", "(", ")", " (", "Z\t\r\n (", "\u0130", "\ud800"])
                    + "".join(rng.choice(_WKT_PIECES) for _ in range(rng.randrange(1, 60))) for _ in range(300)]
    texts += ["(" * 200 + "POINT (1 2)" + ")" * 200, ")(" * 300 + "(("]
    for text in texts:
        index = det._ParenIndex(text)
        stack: list[int] = []
        expected: dict[int, int] = {}
        for i, ch in enumerate(text):
            if ch == "(":
                stack.append(i)
                expected[i] = -1
            elif ch == ")" and stack:
                expected[stack.pop()] = i
        assert {o: index.match(o) for o in expected} == expected, repr(text)
        assert list(index.opens) == sorted(o for o, c in expected.items() if c >= 0), repr(text)


def _anchors_by_hand(text: str, size: int) -> list[int]:
    """Where a WKT head may end, by the rule ``_paren_positions`` states, one character at a
    time: every ``EMPTY`` (any ASCII case), and every ``(`` whose look back within its slice of
    ``size`` characters meets a keyword's last letter (or ``Z``/``M``) after at most three
    whitespace characters, leaves the slice, or runs over more than three whitespace."""
    from geochunk.model import OGC_TYPES

    data = text.encode("ascii", "replace")
    low = data.lower()
    head_end = {ord(k[-1]) for k in OGC_TYPES} | {ord("Z"), ord("M")}
    head_end |= {c + 32 for c in head_end}
    found = [i for i in range(len(data)) if low.startswith(b"empty", i)]
    for o in (i for i, c in enumerate(data) if c == 40):
        start, q = o - o % size, o - 1
        for _ in range(4):
            if q < start or data[q] in head_end:
                found.append(o)
                break
            if data[q] not in b" \t\r\n":
                break
            q -= 1
        else:
            found.append(o)
    return sorted(set(found))


@pytest.mark.parametrize("size", [1, 2, 3, 5, 8, 64, 1 << 16])
def test_paren_index_anchors_and_matches_whatever_the_slice_boundaries(
    size: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``_ParenIndex`` over slices of ``size`` characters (boundaries falling on parentheses,
    inside ``EMPTY`` and between a keyword and its ``(``): its anchors are the rule's, by hand,
    and its matches are those of the text in one slice."""
    import random

    from geochunk.detection import scan as det

    rng = random.Random(size)
    texts = ["", "(", ")", "POINT(1 2)", "point    (1 2)", "Z\t\r\n (", "EMPTY", "eMpTy(", "(((",
             "Area (b) \u0130(\ud800(", ")(" * 20 + "((", "(" * 40 + "POINT (1 2)" + ")" * 40]
    texts += [rng.choice(["", "(", ")", " (", "\u0130"])
              + "".join(rng.choice(_WKT_PIECES) for _ in range(rng.randrange(1, 30))) for _ in range(150)]
    whole = {text: det._ParenIndex(text) for text in texts}
    monkeypatch.setattr(det, "_PAREN_SLICE", size)
    for text in texts:
        index = det._ParenIndex(text)
        assert index.anchors.dtype == np.int64, repr(text)
        assert index.anchors.tolist() == _anchors_by_hand(text, size), (size, text)
        assert (index.opens, index.closes) == (whole[text].opens, whole[text].closes), (size, text)


_WKT_TEXTS = ["POINT     (1 2)", "POINT\t\r\n (1 2)", "POINT Z     (1 2 3)", "POINT     Z (1 2 3)",
              "POINT    EMPTY", "POINT \n\n (1 2)", "POINTZ(1 2 3)", "point zm empty", "see a polygon (below)",
              "x" * 30 + "POINT(1 2)", "Area (POINT (1 2))", "GEOMETRYCOLLECTION(POINT(1 2), LINESTRING EMPTY)",
              "SRID=4326;POLYGON((0 0, 1 0, 1 1, 0 0))", "POLYGON ((0 0, 1 0,", "POINT Z\tEMPTY,POINT M (1 2 3)"]


@pytest.mark.parametrize("size", [1, 2, 3, 5, 8, 1 << 16])
def test_wkt_units_from_the_anchored_keywords_in_chosen_texts(size: int, monkeypatch: pytest.MonkeyPatch) -> None:
    from geochunk.detection import scan as det

    monkeypatch.setattr(det, "_PAREN_SLICE", size)
    for text in _WKT_TEXTS:
        for t in (text, "é " + text, text + " \n" + text):
            fast, slow = _both_scans(t)
            assert _wkt_fields(fast) == _wkt_fields(slow), repr(t)


@pytest.mark.parametrize("sample", ["land_use_appendix", "sql_dump", "mixed_report", "malformed", "sparse_prose",
                                    "encodings_report"])  # fmt: skip
def test_wkt_units_of_the_samples_from_the_anchored_keywords(sample: str) -> None:
    fast, slow = _both_scans(load_sample(sample))
    assert _wkt_fields(fast) == _wkt_fields(slow) and (fast or sample == "encodings_report")


def _plain_and_stepwise(text: str, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """The WKT units with the shortcut for the commonest shape, and with every unit read step
    by step (``_FAST_WKT`` off)."""
    from geochunk.detection import scan as det

    got = []
    for fast in (True, False):
        monkeypatch.setattr(det, "_FAST_WKT", fast)
        got.append(_wkt_fields(det._WktScanner(text, det._ParenIndex(text), det._BlockEnds(text), []).scan()))
    monkeypatch.undo()
    return got


_PLAIN_PIECES = _WKT_PIECES + ["POINT (", "POINT(", "POLYGON ((", "( (1", " 2", "1e5", "-.5", "+3", ".", "1.2.3",
                               ")", "))", "\t(", "\n", "  ", "x", "…", "...", "SRID=27700;", "POINTZ (",
                               "(1\n2)", "(1\n\n2)", "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)))",
                               "POINT Z (", "POINT zm\t(", "POINTZ Z (", "LINESTRING M(", "POINT Zx (", " Z ",
                               " m (", "(1 2 3)", "(1 2 3 4)"]  # fmt: skip


@pytest.mark.parametrize("seed", range(4))
def test_wkt_units_of_the_plain_shortcut_equal_units_read_step_by_step(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    import random

    rng = random.Random(seed)
    for _ in range(500):
        text = "".join(rng.choice(_PLAIN_PIECES) for _ in range(rng.randrange(1, 40)))
        fast, slow = _plain_and_stepwise(text, monkeypatch)
        assert fast == slow, repr(text)
    for text in _WKT_TEXTS + _SEPARATE_DIMS:
        for t in (text, "é" + text, "_" + text, text + " \n" + text):
            fast, slow = _plain_and_stepwise(t, monkeypatch)
            assert fast == slow, repr(t)


# a dimension word of its own, which the plain shortcut reads too (or leaves to the steps)
_SEPARATE_DIMS = ["POINT Z (1 2 3)", "point zm (1 2 3 4)", "POINT\tM\t(1 2 3)", "POINTZ Z (1 2 3)", "POINT Z\n(1 2 3)",
                  "SRID=4326;POINT M (1 2 3)", "POINT Z (1 2 3", "POINT Z ((1 2 3))", "POLYGON Z ((0 0 1, 1 0 1, 1 1 1, 0 0 1))",
                  "POINT Zm (1 2 3 4)", "POINT Z M (1 2 3)", "POINT Z (x y)", "LINESTRING Z (1 2 3, 4 5 6) POINT Z (1 2 3)"]  # fmt: skip


@pytest.mark.parametrize("sample", ["land_use_appendix", "sql_dump", "mixed_report", "malformed", "sparse_prose",
                                    "encodings_report"])  # fmt: skip
def test_wkt_units_of_the_samples_from_the_plain_shortcut(sample: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fast, slow = _plain_and_stepwise(load_sample(sample), monkeypatch)
    assert fast == slow and (fast or sample == "encodings_report")


# -- GeoJSON scan: runs of plain members read at once leave what reading them one string at a
# time leaves ---------------------------------------------------------------------------------

_JSON_PIECES = ["{", "{", "}", "}", "[", "]", '"type"', '"type"', '"Feature"', '"Point"', '"FeatureCollection"',
                '"features"', '"geometry"', '"coordinates"', '"properties"', '"a"', '"b c"', '"' + "k" * 30 + '"',
                '"' + "k" * 23 + '"', '"' + "k" * 22 + '"', ":", ": ", ",", ", ", " ", "\n", "\r\n", "\t", '"',
                '\\"', '"x\\"y"', '"x\\\\"', '"x\ny"', "1", "-2.5e3", "true", "null", "[1, 2]", "[[0, 0], [1, 1]]",
                "word", "'", "é", "{\"type\": \"Point\", \"coordinates\": [1, 2]}"]  # fmt: skip


def _json_found(text: str, monkeypatch: pytest.MonkeyPatch, fast: bool):  # type: ignore[no-untyped-def]
    import re

    from geochunk.detection import scan as det

    if not fast:
        monkeypatch.setattr(det, "_JSON_MEMBERS", re.compile(""))
    found = det._scan_json(text)
    monkeypatch.undo()
    return (found.closed, found.members, found.geometry_members, found.features_arrays, found.unclosed)


def _json_doc(rng, depth: int = 0) -> str:  # type: ignore[no-untyped-def]
    members = []
    for _ in range(rng.randrange(0, 5)):
        key = rng.choice(["type", "name", "id", "geometry", "features", "k" * rng.randrange(20, 27), "a b", "x\\\"y"])
        r = rng.random()
        if r < 0.35:
            value = '"' + rng.choice(["Feature", "Point", "FeatureCollection", "v", "x,y", "a}b", 'q\\"q']) + '"'
        elif r < 0.6:
            value = rng.choice(["1", "true", "null", "-0.5", ""])
        elif r < 0.8 and depth < 4:
            value = _json_doc(rng, depth + 1)
        else:
            value = rng.choice(["[1, 2]", '["a", "b"]', "[]", "[[1, 2], [3, 4]]"])
        gap = rng.choice(["", " ", "\n  ", "\t"])
        members.append(f'{gap}"{key}"{rng.choice(["", " "])}:{rng.choice(["", " "])}{value}')
    return "{" + ",".join(members) + rng.choice(["", "\n"]) + "}"


@pytest.mark.parametrize("seed", range(8))
def test_json_scan_reads_plain_member_runs_as_one_string_at_a_time(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    import random

    rng = random.Random(seed)
    for _ in range(300):
        if rng.random() < 0.5:
            text = "".join(rng.choice(_JSON_PIECES) for _ in range(rng.randrange(1, 50)))
        else:
            text = _json_doc(rng)
            for _ in range(rng.randrange(0, 3)):  # a stray character, or one missing
                at = rng.randrange(len(text) + 1)
                text = text[:at] + rng.choice(['"', "{", "}", ",", "\n", ""]) + text[at + rng.randrange(2):]
            text = rng.choice(["", "Notes: ", 'He said "hi '])+ text
        fast = _json_found(text, monkeypatch, True)
        assert fast == _json_found(text, monkeypatch, False), repr(text)


@pytest.mark.parametrize("sample", ["parcels", "malformed", "mixed_report", "encodings_report"])
def test_json_scan_of_the_samples_reads_member_runs_as_strings(sample: str, monkeypatch: pytest.MonkeyPatch) -> None:
    text = load_sample(sample)
    assert _json_found(text, monkeypatch, True) == _json_found(text, monkeypatch, False)


@pytest.mark.parametrize("name", ["non_ascii", "placemarks_sample", "wfs_sample", "kml"])
@pytest.mark.parametrize("junk", ["", "\n7\n"])
def test_each_unit_is_read_once(name: str, junk: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A geometry inside a Placemark or feature is not parsed apart from its document or its
    owner (call counters); only a geometry that is its own unit may be read from its text."""
    read: list[str] = []
    for parser in ("parse_gml", "parse_kml"):
        real = getattr(xml_mod, parser)
        monkeypatch.setattr(xml_mod, parser, lambda t, real=real: read.append(t) or real(t))
    text = DOCUMENTS[name] + junk
    spans = find_xml(text)
    alone = [s.geometry_text for s in spans if text[s.start : s.end] == s.geometry_text]
    assert len(spans) > len(alone) and sorted(read) == (sorted(alone) if junk else [])


# -- GML/KML geometries made together (one shapely call per type and width) equal those made
# one constructor call at a time -------------------------------------------------------------

_G = "gml:"


def _pos(rng, n: int, width: int, closed: bool) -> list[str]:  # type: ignore[no-untyped-def]
    pts = [" ".join(str(rng.choice([0, 1, 2.5, -3, 51])) for _ in range(width)) for _ in range(n)]
    if closed and pts:
        pts[-1] = pts[0]
    return pts


def _gml_piece(rng, depth: int = 0) -> str:  # type: ignore[no-untyped-def]
    w = rng.choice([2, 2, 3, 1, 4])
    dim = f' srsDimension="{w}"' if w != 2 or rng.random() < 0.2 else ""
    n = rng.choice([1, 2, 4, 5, 3])

    def ring() -> str:
        k = rng.choice([4, 5, 3])
        body = " ".join(_pos(rng, k, w, rng.random() < 0.9))
        how = rng.random()
        if how < 0.7:
            return f"<{_G}LinearRing><{_G}posList{dim}>{body}</{_G}posList></{_G}LinearRing>"
        if how < 0.85:
            tuples = " ".join(p.replace(" ", ",") for p in _pos(rng, k, w, True))
            return f"<{_G}LinearRing><{_G}coordinates>{tuples}</{_G}coordinates></{_G}LinearRing>"
        return f"<{_G}LinearRing>" + "".join(f"<{_G}pos>{p}</{_G}pos>" for p in _pos(rng, k, w, True)) + f"</{_G}LinearRing>"

    def polygon() -> str:
        holes = "".join(f"<{_G}interior>{ring()}</{_G}interior>" for _ in range(rng.choice([0, 0, 1, 2])))
        return f"<{_G}Polygon><{_G}exterior>{ring()}</{_G}exterior>{holes}</{_G}Polygon>"

    kind = rng.choice(["Point", "LineString", "Curve", "Polygon", "MultiSurface", "MultiPoint", "MultiCurve",
                       "MultiGeometry", "Envelope", "Surface", "LinearRing"] if depth < 2 else ["Point", "Polygon"])
    if kind == "Point":
        if rng.random() < 0.2:
            xyz = "".join(f"<{_G}{a}>{rng.choice([1, 2])}</{_G}{a}>" for a in "XYZ"[: rng.choice([1, 2, 3])])
            return f"<{_G}Point><{_G}coord>{xyz}</{_G}coord></{_G}Point>"
        return f"<{_G}Point><{_G}pos>{_pos(rng, 1, w, False)[0]}</{_G}pos></{_G}Point>"
    if kind in ("LineString", "LinearRing"):
        return f"<{_G}{kind}><{_G}posList{dim}>{' '.join(_pos(rng, n, w, kind == 'LinearRing'))}</{_G}posList></{_G}{kind}>"
    if kind == "Curve":
        segs = "".join(f"<{_G}LineStringSegment><{_G}posList{dim}>{' '.join(_pos(rng, rng.choice([1, 2, 3]), w, False))}"
                       f"</{_G}posList></{_G}LineStringSegment>" for _ in range(rng.choice([0, 1, 2])))
        return f"<{_G}Curve><{_G}segments>{segs}</{_G}segments></{_G}Curve>"
    if kind == "Polygon":
        return polygon()
    if kind == "Surface":
        patches = "".join(polygon().replace("Polygon>", "PolygonPatch>") for _ in range(rng.choice([0, 1, 2])))
        return f"<{_G}Surface><{_G}patches>{patches}</{_G}patches></{_G}Surface>"
    if kind == "Envelope":
        return (f"<{_G}Envelope><{_G}lowerCorner>{_pos(rng, 1, w, False)[0]}</{_G}lowerCorner>"
                f"<{_G}upperCorner>{_pos(rng, 1, w, False)[0]}</{_G}upperCorner></{_G}Envelope>")
    member = {"MultiSurface": "surfaceMember", "MultiPoint": "pointMember", "MultiCurve": "curveMember",
              "MultiGeometry": "geometryMember"}[kind]  # fmt: skip
    parts = "".join(f"<{_G}{member}>{_gml_piece(rng, depth + 1)}</{_G}{member}>" for _ in range(rng.choice([0, 1, 2, 3])))
    return f"<{_G}{kind}>{parts}</{_G}{kind}>"


def _kml_piece(rng, depth: int = 0) -> str:  # type: ignore[no-untyped-def]
    def coords(n: int, closed: bool) -> str:
        w = rng.choice([2, 2, 3, 4]) if rng.random() < 0.3 else 2
        return " ".join(",".join(p.split()) for p in _pos(rng, n, w, closed))

    kind = rng.choice(["Point", "LineString", "LinearRing", "Polygon"] + (["MultiGeometry"] * 2 if depth < 2 else []))
    if kind == "MultiGeometry":
        return "<MultiGeometry>" + "".join(_kml_piece(rng, depth + 1) for _ in range(rng.choice([0, 1, 2, 3]))) + "</MultiGeometry>"
    if kind == "Polygon":
        rings = [f"<outerBoundaryIs><LinearRing><coordinates>{coords(rng.choice([3, 4, 5]), rng.random() < 0.9)}"
                 "</coordinates></LinearRing></outerBoundaryIs>"]
        rings += [f"<innerBoundaryIs><LinearRing><coordinates>{coords(4, True)}</coordinates></LinearRing></innerBoundaryIs>"
                  for _ in range(rng.choice([0, 0, 1]))]
        return "<Polygon>" + "".join(rings) + "</Polygon>"
    return f"<{kind}><coordinates>{coords(rng.choice([1, 2, 4, 5]), kind == 'LinearRing')}</coordinates></{kind}>"


@pytest.mark.parametrize("seed", range(3))
def test_geometries_made_together_equal_geometries_made_one_by_one(seed: int) -> None:
    import random

    from geochunk.detection.encodings import gml

    rng = random.Random(seed)
    items = []
    for _ in range(400):
        if rng.random() < 0.5:
            srs = rng.choice(["", ' srsName="urn:ogc:def:crs:EPSG::4326"', ' srsName="EPSG:27700"'])
            piece = _gml_piece(rng).replace(">", f' xmlns:gml="{GML32}"{srs}>', 1)
            items.append(("gml", gml.xml_tree(piece)))
        else:
            items.append(("kml", gml.xml_tree(_kml_piece(rng))))
    together = gml.parse_trees(items)
    alone = [gml.parse_tree(kind, root) for kind, root in items]

    def fields(p):  # type: ignore[no-untyped-def]
        wkb = None if p.geometry is None else shapely.to_wkb(p.geometry, output_dimension=3, flavor="iso")
        return wkb, p.geometry is not None and p.geometry.geom_type, p.vertices, p.dims, p.error, p.linearized

    assert [fields(p) for p in together] == [fields(p) for p in alone]
    made = sum(p.geometry is not None for p in alone)
    assert 100 < made < len(items)  # both the geometries and the errors are exercised


# -- GeoJSON scan: a text that is plainly one JSON container is read structurally (numpy) with
# the bracket scan's answer ---------------------------------------------------------------------


def _structural_and_scanned(text: str):  # type: ignore[no-untyped-def]
    from geochunk.detection import scan as det

    fast = det._scan_json_structural(text)
    slow = det._scan_json_all(text)
    fields = lambda f: (f.closed, f.members, f.geometry_members, f.features_arrays, f.unclosed)  # noqa: E731
    return (None if fast is None else fields(fast)), fields(slow)


def _geojson_doc(rng) -> str:  # type: ignore[no-untyped-def]
    feats = []
    for i in range(rng.randrange(0, 4)):
        geom = rng.choice(['{"type": "Point", "coordinates": [1, 2]}', "null", '{"coordinates": [[0, 0], [1, 1]], "type": "LineString"}',
                           '{"type": "GeometryCollection", "geometries": [{"type": "Point", "coordinates": [0, 0]}]}'])
        props = rng.choice(["{}", '{"name": "a", "type": "Point"}', '{"geometry": {"type": "Point"}, "tags": ["x", "y"]}',
                            '{"inner": {"type": "Feature", "geometry": {"type": "Polygon"}}}', '{"q": "a\\"b", "r": "\\\\"}', "null"])
        feats.append(rng.choice(['{"type": "Feature", "id": %d, "geometry": %s, "properties": %s}',
                                 '{"properties": %s, "type": "Feature", "geometry": %s, "id": %d}'])
                     .replace("%d", str(i)).replace("%s", geom, 1).replace("%s", props, 1) if rng.random() < 0.5 else
                     '{"geometry": %s, "type": "Feature", "properties": %s}' % (geom, props))
    sep = rng.choice([", ", ",\n  ", ","])
    body = sep.join(feats)
    return rng.choice(['{"type": "FeatureCollection", "features": [%s]}', '{"features": [%s], "type": "FeatureCollection", "crs": {"type": "name"}}',
                       '[%s]', '{"type": "FeatureCollection", "features": [\n%s\n]}']) % body


def test_bracket_dense_json_goes_to_the_bracket_scan(monkeypatch: pytest.MonkeyPatch) -> None:
    """A text with more than one bracket in 8 characters is never read structurally (its scratch
    would be tens of times the text); a sparse one is, and both answers are the bracket scan's."""
    import json

    from geochunk.detection import scan as det
    from geochunk.samples import load_sample

    asked: list[int] = []
    real = det._scan_json_structural
    monkeypatch.setattr(det, "_scan_json_structural", lambda t: asked.append(len(t)) or real(t))
    fields = lambda f: (f.closed, f.members, f.geometry_members, f.features_arrays, f.unclosed)  # noqa: E731
    dense = json.dumps({"type": "MultiPoint", "coordinates": [[i % 9, i % 7] for i in range(2000)]})
    nested = '{"a": [' + "[]," * 3000 + "[]]}"
    parcels = load_sample("parcels")
    for text, structural in ((dense, False), (nested, False), (parcels, True)):
        asked.clear()
        assert fields(det._scan_json(text)) == fields(det._scan_json_all(text))
        assert asked == ([len(text)] if structural else [])


@pytest.mark.parametrize("seed", range(6))
def test_json_read_structurally_equals_the_bracket_scan(seed: int) -> None:
    import random

    rng = random.Random(seed)
    read = 0
    for _ in range(400):
        text = _json_doc(rng) if rng.random() < 0.5 else _geojson_doc(rng)
        for _ in range(rng.choice([0, 0, 1, 2])):  # a stray character, or one missing
            at = rng.randrange(len(text) + 1)
            text = text[:at] + rng.choice(['"', "{", "}", "[", "]", ",", ":", "\n", "\\", " ", ""]) + text[at + rng.randrange(2):]
        text = rng.choice(["", " ", "\n\t"]) + text + rng.choice(["", "\n", " x"])
        fast, slow = _structural_and_scanned(text)
        if fast is not None:
            read += 1
            assert fast == slow, repr(text)
    assert read > 150  # most texts are read structurally; the rest were refused, not guessed


@pytest.mark.parametrize("sample", ["parcels", "malformed", "mixed_report", "encodings_report"])
def test_json_of_the_samples_read_structurally_equals_the_bracket_scan(sample: str) -> None:
    fast, slow = _structural_and_scanned(load_sample(sample))
    assert fast == slow or (fast is None and sample != "parcels")
