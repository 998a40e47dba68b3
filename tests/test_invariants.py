"""The invariants, proven over generated documents (hypothesis).

Documents are random prose interleaved with random valid geometries of every kind (WKT, EWKT,
GeoJSON geometries and Features, curve types); budgets are random. The generator knows where it
put every geometry, so these tests do not trust the detector: they check the chunks against the
ground truth.
"""

from __future__ import annotations

import json

import shapely
from hypothesis import HealthCheck, given, settings, strategies as st

from chunk_checks import (assert_emitted_geometry_parses, assert_real_counts_within_budget,
                          assert_whole_in_one_chunk)

from geochunk.detection.geometry import parse_wkt
from geochunk.model import ChunkConfig
from geochunk.pipeline import chunk_text

WORDS = (
    "survey parcel boundary river flood the of and at north east culvert gauge was measured "
    "on site team recorded levels after storm drainage ditch field hedge bridge"
).split()

num = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False, allow_infinity=False).map(lambda v: round(v, 2))


def _fmt(v: float) -> str:
    return repr(v) if v != int(v) else str(int(v))


@st.composite
def ring(draw, cx=None, cy=None, r=None):
    cx = draw(num) if cx is None else cx
    cy = draw(num) if cy is None else cy
    r = draw(st.floats(min_value=1, max_value=500)) if r is None else r
    n = draw(st.integers(min_value=3, max_value=12))
    import math

    pts = [(round(cx + r * math.cos(2 * math.pi * k / n), 3), round(cy + r * math.sin(2 * math.pi * k / n), 3)) for k in range(n)]
    pts.append(pts[0])
    return pts


def _coords(pts, z=None):
    if z is None:
        return ", ".join(f"{_fmt(x)} {_fmt(y)}" for x, y in pts)
    return ", ".join(f"{_fmt(x)} {_fmt(y)} {z}" for x, y in pts)


@st.composite
def wkt_geometry(draw):
    kind = draw(
        st.sampled_from(
            ["POINT", "LINESTRING", "POLYGON", "POLYGON_HOLE", "MULTIPOINT", "MULTILINESTRING",
             "MULTIPOLYGON", "GEOMETRYCOLLECTION", "POINTZ", "POINTM", "LINESTRINGZM", "EMPTY",
             "CIRCULARSTRING", "COMPOUNDCURVE", "CURVEPOLYGON", "TRIANGLE", "TIN",
             "POLYHEDRALSURFACE", "MULTICURVE", "MULTISURFACE"]
        )
    )
    x, y = draw(num), draw(num)
    r = draw(ring())
    sep = draw(st.sampled_from([" ", "", "\n    "]))
    if kind == "POINT":
        g = f"POINT ({_fmt(x)} {_fmt(y)})"
    elif kind == "POINTZ":
        g = f"POINT Z ({_fmt(x)} {_fmt(y)} 12.5)"
    elif kind == "POINTM":
        g = f"POINT M ({_fmt(x)} {_fmt(y)} 4)"
    elif kind == "LINESTRINGZM":
        g = f"LINESTRING ZM ({_fmt(x)} {_fmt(y)} 1 2, {_fmt(y)} {_fmt(x)} 3 4)"
    elif kind == "TIN":
        g = "TIN (((0 0 0, 0 0 1, 0 1 0, 0 0 0)),((0 0 0, 0 1 0, 1 1 0, 0 0 0)))"
    elif kind == "POLYHEDRALSURFACE":
        g = "POLYHEDRALSURFACE Z (((0 0 0, 0 1 0, 1 1 0, 1 0 0, 0 0 0)),((0 0 0, 0 1 0, 0 1 1, 0 0 1, 0 0 0)))"
    elif kind == "MULTICURVE":
        g = "MULTICURVE ((0 0, 5 5), CIRCULARSTRING (4 0, 4 4, 8 4))"
    elif kind == "MULTISURFACE":
        g = "MULTISURFACE (CURVEPOLYGON (CIRCULARSTRING (0 0, 4 0, 4 4, 0 4, 0 0)), ((10 10, 14 12, 11 10, 10 10)))"
    elif kind == "EMPTY":
        g = "POLYGON EMPTY"
    elif kind == "LINESTRING":
        g = f"LINESTRING ({_coords(r[:-1])})"
    elif kind == "POLYGON":
        g = f"POLYGON (({_coords(r)}))"
    elif kind == "POLYGON_HOLE":
        outer = draw(ring(cx=0.0, cy=0.0, r=100.0))
        inner = draw(ring(cx=0.0, cy=0.0, r=10.0))
        g = f"POLYGON (({_coords(outer)}),{sep}({_coords(inner[::-1])}))"
    elif kind == "MULTIPOINT":
        g = f"MULTIPOINT (({_fmt(x)} {_fmt(y)}), ({_fmt(y)} {_fmt(x)}))"
    elif kind == "MULTILINESTRING":
        g = f"MULTILINESTRING (({_coords(r[:3])}),{sep}({_coords(r[2:5])}))"
    elif kind == "MULTIPOLYGON":
        a = draw(ring(cx=0.0, cy=0.0, r=5.0))
        b = draw(ring(cx=100.0, cy=0.0, r=5.0))
        g = f"MULTIPOLYGON ((({_coords(a)})),{sep}(({_coords(b)})))"
    elif kind == "GEOMETRYCOLLECTION":
        g = f"GEOMETRYCOLLECTION (POINT ({_fmt(x)} {_fmt(y)}),{sep}LINESTRING ({_coords(r[:3])}))"
    elif kind == "CIRCULARSTRING":
        g = "CIRCULARSTRING (0 0, 1 1, 2 0)"
    elif kind == "COMPOUNDCURVE":
        g = "COMPOUNDCURVE (CIRCULARSTRING (0 0, 1 1, 2 0), (2 0, 3 0))"
    elif kind == "CURVEPOLYGON":
        g = "CURVEPOLYGON (CIRCULARSTRING (0 0, 4 0, 4 4, 0 4, 0 0))"
    else:
        g = "TRIANGLE ((0 0, 1 0, 0 1, 0 0))"
    if draw(st.booleans()) and kind not in ("CIRCULARSTRING", "COMPOUNDCURVE", "CURVEPOLYGON", "MULTICURVE", "MULTISURFACE"):
        g = f"SRID={draw(st.sampled_from([4326, 27700, 3857]))};{g}"
    if draw(st.booleans()):
        g = g.lower() if "SRID" not in g else g
    return g


@st.composite
def geojson_geometry(draw):
    r = draw(ring())
    kind = draw(st.sampled_from(["Point", "LineString", "Polygon", "MultiPoint", "Feature"]))
    if kind == "Point":
        obj = {"type": "Point", "coordinates": list(r[0])}
    elif kind == "LineString":
        obj = {"type": "LineString", "coordinates": [list(p) for p in r[:3]]}
    elif kind == "Polygon":
        obj = {"type": "Polygon", "coordinates": [[list(p) for p in r]]}
    elif kind == "MultiPoint":
        obj = {"type": "MultiPoint", "coordinates": [list(p) for p in r[:2]]}
    else:
        obj = {
            "type": "Feature",
            "id": draw(st.text("abcdefXYZ0123-", min_size=1, max_size=8)),
            "properties": {"name": "a {brace} \"quoted\"", "nested": {"k": [1, {"x": "}"}]}},
            "geometry": {"type": "Polygon", "coordinates": [[list(p) for p in r]]},
        }
    return json.dumps(obj, indent=draw(st.sampled_from([None, 2])))


prose = st.lists(st.sampled_from(WORDS), min_size=1, max_size=40).map(lambda ws: " ".join(ws).capitalize() + ".")
joiner = st.sampled_from([" ", "\n", "\n\n", "\n\n## Section\n", "\nGeometry: ", " at "])


@st.composite
def document(draw):
    parts: list[str] = []
    geoms: list[tuple[int, int, str, str]] = []  # start, end, kind, text
    text = ""
    for _ in range(draw(st.integers(min_value=1, max_value=12))):
        choice = draw(st.sampled_from(["prose", "prose", "wkt", "wkt", "geojson"]))
        if choice == "prose":
            piece = draw(prose)
        else:
            piece = draw(wkt_geometry()) if choice == "wkt" else draw(geojson_geometry())
        text += draw(joiner) if text else ""
        if choice != "prose":
            # keep geometries apart from each other by at least one word
            if geoms and geoms[-1][1] == len(text):
                text += "and "
            geoms.append((len(text), len(text) + len(piece), choice, piece))
        text += piece
        parts.append(piece)
    if draw(st.booleans()):
        text += "\n"
    return text, geoms


def _check(text, geoms, cs, budget):
    chunks = cs.chunks
    # no loss: the cores rebuild the source exactly, in order
    assert "".join(text[c.core_start:c.end] for c in chunks) == text
    pos = 0
    for c in chunks:
        assert c.core_start == pos or (c.part is not None and c.core_start == c.end)
        pos = c.end if c.part is None or c.part.index == 0 else pos
        assert c.start <= c.core_start <= c.end
        if c.text_kind == "source":
            assert c.text == text[c.start:c.end]
        assert c.text.strip(), "empty chunk"
    # no severing (no boundary strictly inside any generated geometry) and no duplication
    # (every geometry lies in exactly one chunk core)
    for s, e, _, g in geoms:
        assert_whole_in_one_chunk(chunks, s, e, repr(g[:40]))
    # every chunk's geometries parse
    for s, e, kind, g in geoms:
        if kind == "wkt":
            wkt = g.split(";", 1)[1] if g.upper().startswith("SRID=") else g
            assert parse_wkt(wkt).error is None, wkt
        else:
            obj = json.loads(g)
            geom = obj["geometry"] if obj["type"] == "Feature" else obj
            assert shapely.from_geojson(json.dumps(geom)) is not None
    # ... and so does whatever the chunker emitted (generalized text, parts, source slices)
    assert_emitted_geometry_parses(chunks)
    # budget with escape, real counts
    assert_real_counts_within_budget(cs, budget)
    for c in chunks:
        if c.oversized:
            assert "oversized" in c.flags


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(document(), st.integers(min_value=16, max_value=300), st.sampled_from(["auto", "paragraph", "feature", "mixed"]))
def test_no_severing_no_loss_no_duplication(doc, budget, strategy):
    text, geoms = doc
    cs = chunk_text(text, ChunkConfig(budget=budget, strategy=strategy))
    _check(text, geoms, cs, budget)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(document(), st.integers(min_value=16, max_value=200), st.integers(min_value=1, max_value=3))
def test_overlap_repeats_only_whole_units(doc, budget, overlap):
    text, geoms = doc
    cs = chunk_text(text, ChunkConfig(budget=budget, overlap=overlap))
    _check(text, geoms, cs, budget)
    for c in cs.chunks:
        if c.start < c.core_start:
            # the overlap itself never starts inside a geometry, and repeats content, not blanks
            assert not any(s < c.start < e for s, e, _, _ in geoms)
            assert text[c.start:c.core_start].strip()
            assert c.token_count <= budget


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(document(), st.integers(min_value=16, max_value=120), st.sampled_from(["generalize", "split"]))
def test_escape_policies_keep_the_invariants(doc, budget, policy):
    text, geoms = doc
    cs = chunk_text(text, ChunkConfig(budget=budget, oversize=policy, tolerance="auto"))
    _check(text, geoms, cs, budget)
    for c in cs.chunks:
        if c.generalized is not None:
            # an invalid source (a zero-length line) cannot be made valid: it stays flagged
            assert c.generalized.valid or c.needs_fallback
            assert c.generalized.vertices_after <= c.generalized.vertices_before
            assert (c.token_count <= budget) == c.generalized.fits or c.needs_fallback


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(document(), st.integers(min_value=16, max_value=300))
def test_deterministic(doc, budget):
    text, _ = doc
    cfg = ChunkConfig(budget=budget)
    a = [c.to_dict() for c in chunk_text(text, cfg).chunks]
    b = [c.to_dict() for c in chunk_text(text, cfg).chunks]
    assert a == b
