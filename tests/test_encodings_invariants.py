"""The invariants over generated documents that carry every encoding (hypothesis).

Random prose interleaved with random valid geometries written as hex WKB/EWKB (both byte orders,
ISO or extended, with or without SRID, upper or lower case, bare, in CSV/COPY rows, SQL literals,
``decode('..','hex')`` and ``\\x`` bytea), GML (3.2 with prefix, GML 3 default namespace, GML 2
``coordinates``, a lat/lon ``urn:ogc:def:crs:EPSG::4326``), KML Placemark fragments, and WKT;
and the classes of issues #25/#26: GeoJSON and GML escaped in JSON strings and CSV cells (one or
two levels deep), bare KML (no namespace), GML 2 under a GML default namespace, GML Solids,
Placemarks holding two bare geometries and CityGML city objects with several ``lod*``
geometries (one feature each, their geometry the collection).
The GML/KML text comes from a writer in this file (independent of the library's) checked by
parsing it back; hex comes from shapely's WKB writer. The generator knows where it put every
geometry and what it is, so the checks do not trust the detector.
"""

from __future__ import annotations

import json
import math

import shapely
from hypothesis import HealthCheck, given, settings, strategies as st

from chunk_checks import (assert_emitted_geometry_parses, assert_real_counts_within_budget,
                          assert_whole_in_one_chunk)

from geochunk.detection.scan import detect
from geochunk.detection.encodings import feature_kind
from geochunk.detection.geometry import parse_span
from geochunk.model import ChunkConfig
from geochunk.pipeline import chunk_text

WORDS = (
    "survey parcel boundary river flood the of and at north east culvert gauge was measured "
    "on site team recorded levels after storm drainage ditch field hedge bridge deadbeef cafe"
).split()
GML32 = "http://www.opengis.net/gml/3.2"
GML3 = "http://www.opengis.net/gml"
KML = "http://www.opengis.net/kml/2.2"


def _n(v: float) -> str:
    return repr(float(v)) if v != int(v) else str(int(v))


@st.composite
def geometry(draw) -> shapely.Geometry:
    cx = draw(st.integers(-170, 170)) + draw(st.sampled_from([0.0, 0.25, 0.5]))
    cy = draw(st.integers(-80, 80)) + draw(st.sampled_from([0.0, 0.125]))
    n = draw(st.integers(3, 14))
    r = draw(st.sampled_from([0.01, 0.5, 2.0]))
    ring = [(round(cx + r * math.cos(2 * math.pi * k / n), 4), round(cy + r * math.sin(2 * math.pi * k / n), 4))
            for k in range(n)]  # fmt: skip
    kind = draw(st.sampled_from(["point", "line", "polygon", "hole", "multipolygon", "multiline",
                                 "multipoint", "pointz"]))  # fmt: skip
    if kind == "point":
        return shapely.Point(cx, cy)
    if kind == "pointz":
        return shapely.Point(cx, cy, draw(st.integers(0, 900)))
    if kind == "line":
        return shapely.LineString(ring)
    if kind == "polygon":
        return shapely.Polygon(ring + ring[:1])
    if kind == "hole":
        inner = [(cx + (x - cx) * 0.3, cy + (y - cy) * 0.3) for x, y in ring[::-1]]
        return shapely.Polygon(ring + ring[:1], [inner + inner[:1]])
    if kind == "multipoint":
        return shapely.MultiPoint(ring[:3])
    if kind == "multiline":
        return shapely.MultiLineString([ring[:2], ring[1:]])
    other = [(x + 3 * r, y) for x, y in ring]
    return shapely.MultiPolygon([shapely.Polygon(ring + ring[:1]), shapely.Polygon(other + other[:1])])


# -- an independent GML / KML writer -------------------------------------------------------------


def _xy(g, latlon: bool, sep: str = " ", tup: str = " ") -> str:
    rows = shapely.get_coordinates(g, include_z=bool(g.has_z)).tolist()
    if latlon:
        rows = [[r[1], r[0], *r[2:]] for r in rows]
    return tup.join(sep.join(_n(v) for v in r) for r in rows)


def gml(g, p: str, style: str, latlon: bool) -> str:
    """GML 3 (``posList``) or GML 2 (``coordinates``) for a shapely geometry; prefix ``p``."""
    def pos(x, single=False):
        if style == "gml2":
            return f"<{p}coordinates>{_xy(x, latlon, ',', ' ')}</{p}coordinates>"
        dim = ' srsDimension="3"' if x.has_z else ""
        tag = "pos" if single else "posList"
        return f"<{p}{tag}{dim}>{_xy(x, latlon)}</{p}{tag}>"

    def ring(x, outer):
        name = ("outerBoundaryIs" if outer else "innerBoundaryIs") if style == "gml2" else (
            "exterior" if outer else "interior")
        return f"<{p}{name}><{p}LinearRing>{pos(x)}</{p}LinearRing></{p}{name}>"

    t = g.geom_type
    if t == "Point":
        return f"<{p}Point>{pos(g, True)}</{p}Point>"
    if t == "LineString":
        return f"<{p}LineString>{pos(g)}</{p}LineString>"
    if t == "Polygon":
        return (f"<{p}Polygon>{ring(g.exterior, True)}"
                + "".join(ring(i, False) for i in g.interiors) + f"</{p}Polygon>")  # fmt: skip
    name, member = {
        "MultiPoint": ("MultiPoint", "pointMember"),
        "MultiLineString": ("MultiLineString", "lineStringMember") if style == "gml2" else ("MultiCurve", "curveMember"),
        "MultiPolygon": ("MultiPolygon", "polygonMember") if style == "gml2" else ("MultiSurface", "surfaceMember"),
    }[t]  # fmt: skip
    body = "".join(f"<{p}{member}>{gml(x, p, style, latlon)}</{p}{member}>" for x in g.geoms)
    return f"<{p}{name}>{body}</{p}{name}>"


def kml(g) -> str:
    t = g.geom_type
    co = lambda x: f"<coordinates>{_xy(x, False, ',', ' ')}</coordinates>"  # noqa: E731
    if t == "Point":
        return f"<Point>{co(g)}</Point>"
    if t == "LineString":
        return f"<LineString>{co(g)}</LineString>"
    if t == "Polygon":
        inner = "".join(f"<innerBoundaryIs><LinearRing>{co(i)}</LinearRing></innerBoundaryIs>" for i in g.interiors)
        return f"<Polygon><outerBoundaryIs><LinearRing>{co(g.exterior)}</LinearRing></outerBoundaryIs>{inner}</Polygon>"
    return "<MultiGeometry>" + "".join(kml(x) for x in g.geoms) + "</MultiGeometry>"


def _with_root_attrs(body: str, attrs: str) -> str:
    head, _, rest = body.partition(">")
    return f"{head}{attrs}>{rest}"


def _prism(g: shapely.Geometry, z0: float, z1: float) -> shapely.MultiPolygon:
    """A solid's faces: a polygon's outline at z0 and z1 and its walls between."""
    ring = list(g.exterior.coords)[:-1]
    bottom = shapely.Polygon([(x, y, z0) for x, y in ring[::-1]])
    top = shapely.Polygon([(x, y, z1) for x, y in ring])
    walls = [shapely.Polygon([(*a, z0), (*b, z0), (*b, z1), (*a, z1)]) for a, b in zip(ring, ring[1:] + ring[:1])]
    return shapely.MultiPolygon([bottom, top, *walls])


def _poslist3(poly: shapely.Polygon) -> str:
    rows = shapely.get_coordinates(poly.exterior, include_z=True).tolist()
    return " ".join(" ".join(_n(v) for v in r) for r in rows)


def solid(faces: shapely.MultiPolygon) -> str:
    members = "".join(
        f'<gml:surfaceMember><gml:Polygon><gml:exterior><gml:LinearRing><gml:posList srsDimension="3">'
        f"{_poslist3(f)}</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>"
        for f in faces.geoms)  # fmt: skip
    return f"<gml:Solid><gml:exterior><gml:CompositeSurface>{members}</gml:CompositeSurface></gml:exterior></gml:Solid>"


def _json_escaped(text: str, levels: int) -> str:
    for _ in range(levels):
        text = json.dumps(text)[1:-1]
    return text


@st.composite
def shelled(draw) -> tuple[str, int, int, str, shapely.Geometry]:
    """The classes of issue #26: a Solid, a Placemark with two bare geometries, a CityGML city
    object with several lod* geometries, bare KML, GML 2 under a GML default namespace."""
    g = draw(geometry())
    form = draw(st.sampled_from(["solid", "placemark2", "city", "bare_kml", "gml2_default"]))
    poly = g if g.geom_type == "Polygon" and not g.interiors else shapely.Point(g.centroid.x, g.centroid.y).buffer(0.5, 2)
    poly = shapely.Polygon([(round(x, 4), round(y, 4)) for x, y in poly.exterior.coords])
    if form == "solid":
        faces = _prism(poly, 10, 10 + draw(st.integers(3, 40)))
        text = solid(faces)
        return text, 0, len(text), "gml", faces
    if form == "placemark2":
        pt = shapely.Point(round(poly.centroid.x, 4), round(poly.centroid.y, 4))
        text = f"<Placemark><name>Gate {draw(st.integers(1, 99))}</name>{kml(pt)}{kml(shapely.LineString(poly.exterior.coords))}</Placemark>"
        line = shapely.LineString(poly.exterior.coords)
        return text, 0, len(text), "kml", shapely.GeometryCollection([pt, line])
    if form == "city":
        faces = _prism(poly, 0, draw(st.integers(3, 40)))
        foot = shapely.MultiPolygon([poly])
        text = (f'<core:cityObjectMember><bldg:Building gml:id="B{draw(st.integers(1, 999))}">'
                f"<bldg:measuredHeight>12</bldg:measuredHeight><bldg:lod0FootPrint>{gml(foot, 'gml:', 'gml3', False)}"
                f"</bldg:lod0FootPrint><bldg:lod1Solid>{solid(faces)}</bldg:lod1Solid></bldg:Building>"
                "</core:cityObjectMember>")  # fmt: skip
        return text, 0, len(text), "gml", shapely.GeometryCollection([foot, faces])
    if form == "bare_kml":
        text = kml(g)
        return text, 0, len(text), "kml", g
    text = _with_root_attrs(gml(g, "", "gml2", True), f' xmlns="{GML3}" srsName="urn:ogc:def:crs:EPSG::4326"')
    return text, 0, len(text), "gml", g


@st.composite
def escaped(draw) -> tuple[str, int, int, str, shapely.Geometry]:
    """Issue #25: GeoJSON (or GML) as a string: a JSON string (one or two levels deep, PHP's
    ``\\/`` or not) or a CSV cell with doubled quotes (holding it, or a JSON record holding it
    as a string)."""
    g = draw(geometry())
    inner = json.dumps(json.loads(shapely.to_geojson(g)), separators=draw(st.sampled_from([(",", ":"), (", ", ": ")])))
    if draw(st.integers(0, 3)) == 0:
        inner = _with_root_attrs(gml(g, "gml:", "gml3", False), ' srsName="EPSG:4326"')
    where = draw(st.sampled_from(["json", "json2", "csv", "csv2"]))
    if where.startswith("csv"):
        if where == "csv2":  # a JSON record in a cell, its geometry a JSON string in it (\""type)
            inner = '{"geom": ' + json.dumps(inner) + "}"
        quoted = '"' + inner.replace('"', '""') + '"'
        text = f"id,name,geom\n{draw(st.integers(1, 99))},Plot,{quoted}\n"
    else:
        if where == "json2":  # a record stored as a string, its geometry a string in it
            inner = '{"geom": ' + json.dumps(inner) + "}"
        body = _json_escaped(inner, 1)
        if draw(st.booleans()):
            body = body.replace("/", "\\/")
        quoted = '"' + body + '"'
        text = '{"id": 7, "geom": ' + quoted + ', "name": "Plot"}'
    s = text.index(quoted)
    return text, s, s + len(quoted), "escaped", g


@st.composite
def encoded(draw) -> tuple[str, int, int, str, shapely.Geometry]:
    """(text, unit start, unit end within text, kind, geometry in x = east)."""
    g = draw(geometry())
    enc = draw(st.sampled_from(["wkb", "wkb", "gml", "gml", "kml", "wkt", "shelled", "escaped"]))
    if enc == "shelled":
        return draw(shelled())
    if enc == "escaped":
        return draw(escaped())
    if enc == "wkb":
        srid = draw(st.sampled_from([None, 4326, 27700]))
        gg = shapely.set_srid(g, srid) if srid else g
        h = shapely.to_wkb(gg, hex=True, byte_order=draw(st.sampled_from([0, 1])), include_srid=bool(srid),
                           flavor=draw(st.sampled_from(["extended", "iso"])) if not srid else "extended")
        if draw(st.booleans()):
            h = h.lower()
        wrap = draw(st.sampled_from(["{h}", "17\tPlot\t{h}", "7,north,{h}", "'{h}'::geometry",
                                     "ST_GeomFromWKB(decode('{h}', 'hex'))", "'\\x{h}'"]))  # fmt: skip
        text = wrap.replace("{h}", h)
        s = text.index(h)
        return text, s, s + len(h), "wkb", g
    if enc == "wkt":
        w = shapely.to_wkt(g, rounding_precision=-1)
        return w, 0, len(w), "wkt", g
    if enc == "kml":
        body = kml(g)
        name = draw(st.sampled_from(["Site 4", "Well &amp; pump", "P-17"]))
        text = f"<Placemark><name>{name}</name><description>checked</description>{body}</Placemark>"
        return text, 0, len(text), "kml", g
    style = draw(st.sampled_from(["gml32", "gml3_default", "gml2", "latlon"]))
    if style == "gml3_default":
        body = _with_root_attrs(gml(g, "", "gml3", False), f' xmlns="{GML3}"')
    elif style == "gml2":
        body = _with_root_attrs(gml(g, "gml:", "gml2", False), ' srsName="EPSG:4326"')
    elif style == "latlon":
        body = _with_root_attrs(gml(g, "gml:", "gml3", True), ' srsName="urn:ogc:def:crs:EPSG::4326"')
    else:
        attrs = draw(st.sampled_from(["", f' xmlns:gml="{GML32}"', ' srsName="EPSG:4326"']))
        body = _with_root_attrs(gml(g, "gml:", "gml3", False), attrs)
    return body, 0, len(body), "gml", g


prose = st.lists(st.sampled_from(WORDS), min_size=1, max_size=30).map(lambda ws: " ".join(ws).capitalize() + ".")
joiner = st.sampled_from([" ", "\n", "\n\n", "\n\n## Section\n", "\nGeometry: ", " at "])


@st.composite
def document(draw):
    text = ""
    truth: list[tuple[int, int, str, shapely.Geometry]] = []
    for _ in range(draw(st.integers(1, 10))):
        text += draw(joiner) if text else ""
        if draw(st.integers(0, 2)) == 0:
            text += draw(prose)
            continue
        piece, s, e, kind, g = draw(encoded())
        if truth and truth[-1][1] >= len(text) - 1:
            text += "then "
        truth.append((len(text) + s, len(text) + e, kind, g))
        text += piece
    return text, truth


def _same(a: shapely.Geometry, b: shapely.Geometry) -> bool:
    return a.geom_type == b.geom_type and shapely.equals_exact(a, b, 1e-9)


def _check(text, truth, cs, budget) -> None:
    chunks = cs.chunks
    assert "".join(text[c.core_start : c.end] for c in chunks) == text  # no loss
    spans = cs.analysis.detection.spans
    for s, e, kind, g in truth:
        # found, whole, and read back as exactly the generated geometry
        hits = [sp for sp in spans if sp.start <= s and e <= sp.end]
        assert len(hits) == 1, (kind, text[s:e][:80])
        got = parse_span(hits[0]).geometry
        assert got is not None and (_same(got, g) or got.equals(g)), (kind, text[s:e][:80], got)
        assert_whole_in_one_chunk(chunks, s, e, f"{kind} {text[s:e][:40]!r}")  # no severing
    assert_emitted_geometry_parses(chunks)  # whatever the chunker emitted parses
    assert_real_counts_within_budget(cs, budget)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(document(), st.integers(min_value=16, max_value=400), st.sampled_from(["auto", "paragraph", "feature", "mixed"]))
def test_every_encoding_no_severing_no_loss_every_chunk_parses(doc, budget, strategy):
    text, truth = doc
    cs = chunk_text(text, ChunkConfig(budget=budget, strategy=strategy))
    _check(text, truth, cs, budget)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(document(), st.integers(min_value=16, max_value=200), st.sampled_from(["generalize", "split"]))
def test_every_encoding_under_the_escape_policies(doc, budget, policy):
    text, truth = doc
    cs = chunk_text(text, ChunkConfig(budget=budget, oversize=policy, tolerance="auto"))
    _check(text, truth, cs, budget)
    for c in cs.chunks:
        if c.text_kind in ("generalized", "part"):
            (span,) = detect(c.text).spans  # rewritten in the same encoding, found again whole
            assert feature_kind(span) in {f.kind for f in c.features}, (c.text_kind, span.kind)


@settings(max_examples=60, deadline=None)
@given(geometry(), st.sampled_from(["gml3", "gml2"]), st.booleans())
def test_the_test_writer_reads_back(g, style, latlon):
    from geochunk.detection.encodings.gml import parse_gml, parse_kml

    attrs = ' srsName="urn:ogc:def:crs:EPSG::4326"' if latlon else ""
    got = parse_gml(_with_root_attrs(gml(g, "gml:", style, latlon), attrs)).geometry
    assert got is not None and _same(got, g)
    assert _same(parse_kml(kml(g)).geometry, g)
