"""Hex WKB / EWKB: found in every wrapper, only when it decodes exactly, kept whole, rewritten in
its own flavour, its SRID a frame declaration."""

from __future__ import annotations

import hashlib
import json
import re

import pytest
import shapely

from geochunk import ChunkConfig, chunk_text
from geochunk.detection.scan import detect
from geochunk.detection.encodings.wkb import parse_wkb, wkb_header, write_wkb
from geochunk.gates import validate

GEOMS = {
    "POINT": "POINT (530010.5 180020.25)",
    "LINESTRING": "LINESTRING (530000 180000, 530050 180010, 530100 180000)",
    "POLYGON": "POLYGON ((530000 180000, 530100 180000, 530100 180100, 530000 180000), "
    "(530010 180010, 530050 180010, 530050 180050, 530010 180010))",
    "MULTIPOINT": "MULTIPOINT ((530000 180000), (530001 180001))",
    "MULTILINESTRING": "MULTILINESTRING ((530000 180000, 530001 180001), (530002 180002, 530003 180003))",
    "MULTIPOLYGON": "MULTIPOLYGON (((530000 180000, 530010 180000, 530010 180010, 530000 180000)), "
    "((530020 180020, 530030 180020, 530030 180030, 530020 180020)))",
    "GEOMETRYCOLLECTION": "GEOMETRYCOLLECTION (POINT (530000 180000), LINESTRING (530000 180000, 530001 180001))",
}
WRAPPERS = {
    "copy": "COPY public.p (id, geom) FROM stdin;\n17\t{h}\n\\.\n",
    "csv": "id,name,geom\n17,North field,{h}\n",
    "sql_literal": "INSERT INTO p VALUES (17, '{h}'::geometry);\n",
    "decode": "INSERT INTO p VALUES (17, ST_GeomFromWKB(decode('{h}', 'hex'), 27700));\n",
    "bytea": "INSERT INTO p VALUES (17, '\\x{h}');\n",
    "zero_x": "SELECT 0x{h} AS geom;\n",
}


_PAIR = re.compile(r"(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)")
_WORD = re.compile(r"([A-Z]+) \(")


def _lift(wkt: str, dims: str) -> shapely.Geometry:
    """The 2-D WKT with ``dims`` added (each extra ordinate 7) to every keyword and position."""
    if dims:
        wkt = _PAIR.sub(lambda m: m.group(0) + " 7" * len(dims), wkt)
        wkt = _WORD.sub(lambda m: f"{m.group(1)} {dims} (", wkt)
    return shapely.from_wkt(wkt)


def _hex(g: shapely.Geometry, *, srid: int | None, little: bool, iso: bool, lower: bool) -> str:
    if srid:
        g = shapely.set_srid(g, srid)
    h = shapely.to_wkb(g, hex=True, byte_order=1 if little else 0, include_srid=bool(srid),
                       flavor="iso" if iso else "extended", output_dimension=4)
    return h.lower() if lower else h


@pytest.mark.parametrize("geom_type", list(GEOMS))
@pytest.mark.parametrize("dims", ["", "Z", "M", "ZM"])
@pytest.mark.parametrize("flavour", ["ewkb_srid", "ewkb", "iso"])
@pytest.mark.parametrize("little", [True, False])
def test_every_type_dimension_flavour_and_byte_order_is_found(geom_type, dims, flavour, little):
    g = _lift(GEOMS[geom_type], dims)
    srid = 27700 if flavour == "ewkb_srid" else None
    h = _hex(g, srid=srid, little=little, iso=flavour == "iso", lower=not little)
    text = f"Row: {h}\n"
    (span,) = detect(text).spans
    assert (span.kind, span.geom_type, span.dims, span.srid) == ("wkb", geom_type, dims, srid)
    assert text[span.start : span.end] == h and span.status == "ok"
    parsed = parse_wkb(span.geometry_text)
    assert parsed.geometry.equals(g) and parsed.dims == dims


@pytest.mark.parametrize("wrapper", list(WRAPPERS))
def test_every_wrapper(wrapper):
    h = _hex(shapely.from_wkt(GEOMS["POLYGON"]), srid=27700, little=True, iso=False, lower=False)
    text = WRAPPERS[wrapper].format(h=h)
    (span,) = detect(text).spans
    assert span.geometry_text == h
    assert text[span.start : span.end] in (h, "\\x" + h, "0x" + h)


@pytest.mark.parametrize("cut", ["drop_byte", "add_byte", "odd", "bad_order", "bad_type"])
def test_a_run_that_does_not_decode_exactly_is_no_geometry(cut):
    h = _hex(shapely.from_wkt(GEOMS["MULTIPOLYGON"]), srid=4326, little=True, iso=False, lower=False)
    bad = {
        "drop_byte": h[:-2],
        "add_byte": h + "00",
        "odd": h + "0",
        "bad_order": "02" + h[2:],
        "bad_type": h[:2] + "09" + h[4:],
    }[cut]
    assert detect(f"value {bad} end").spans == ()
    assert wkb_header(bad) is None


def test_hex_that_is_not_wkb_is_prose():
    digests = " ".join(hashlib.sha256(str(i).encode()).hexdigest() for i in range(200))
    uuids = "123e4567-e89b-12d3-a456-426614174000 " * 5
    numbers = "0101000000 " + "1" * 80 + " 0101" + "0" * 30
    assert detect(digests + "\n" + uuids + numbers).spans == ()


def test_ewkb_srid_is_a_frame_declaration():
    h = _hex(shapely.from_wkt(GEOMS["POINT"]), srid=27700, little=True, iso=False, lower=False)
    cs = chunk_text(f"1\t{h}\n", ChunkConfig(budget=256))
    (f,) = cs.chunks[0].features
    assert (f.kind, f.epsg) == ("ewkb", 27700)
    assert cs.chunks[0].crs.source == "ewkb_srid" and not cs.chunks[0].crs.flagged
    plain = _hex(shapely.from_wkt("POINT (-3.19 55.95)"), srid=None, little=True, iso=True, lower=False)
    (g,) = chunk_text(f"1\t{plain}\n", ChunkConfig(budget=256)).chunks[0].features
    assert g.kind == "wkb" and g.epsg == 4326  # no SRID: a guess from the coordinates, like WKT


@pytest.mark.parametrize("little", [True, False])
@pytest.mark.parametrize("iso", [True, False])
def test_write_keeps_the_flavour(little, iso):
    like = _hex(shapely.from_wkt("POINT Z (1 2 3)"), srid=None if iso else 3857, little=little, iso=iso,
                lower=True)
    out = write_wkb(shapely.from_wkt("LINESTRING Z (0 0 1, 5 5 2)"), like)
    a, b = wkb_header(like), wkb_header(out)
    assert (a.little_endian, a.extended, a.srid) == (b.little_endian, b.extended, b.srid)
    assert out == out.lower() and b.dims == "Z"


def _big_multipolygon(n: int) -> shapely.Geometry:
    parts = [shapely.Point(530000 + 50 * i, 180000).buffer(20, 4) for i in range(n)]
    return shapely.MultiPolygon(parts)


@pytest.mark.parametrize("policy", ["split", "generalize"])
def test_oversize_escape_rewrites_hex_in_the_same_flavour(policy):
    h = _hex(_big_multipolygon(3), srid=27700, little=True, iso=False, lower=False)
    text = f"COPY p (id, geom) FROM stdin;\n1\t{h}\n\\.\n"
    budget = 400
    cs = chunk_text(text, ChunkConfig(budget=budget, oversize=policy, tolerance="auto"))
    escaped = [c for c in cs.chunks if c.text_kind != "source"]
    assert escaped, [c.flags for c in cs.chunks]
    for c in escaped:
        (span,) = detect(c.text).spans
        assert span.kind == "wkb" and span.srid == 27700
        assert c.text.startswith("1\t") and c.token_count <= budget
    assert validate(text, cs.chunks, budget=budget).passed


def test_copy_and_csv_rows_give_ids_and_attributes():
    h = _hex(shapely.from_wkt(GEOMS["POINT"]), srid=27700, little=True, iso=False, lower=False)
    copy = f'COPY "public"."wells" (gid, name, depth_m, geom) FROM stdin;\n41\tOld well\t\\N\t{h}\n\\.\n'
    (s,) = detect(copy).spans
    assert (s.feature_id, s.id_source) == ("public.wells:41", "copy:gid")
    assert json.loads(s.properties_json) == {"gid": "41", "name": "Old well", "depth_m": None}
    csv = f"Wells:\n\nwell_ref,status,geom\nW-9,dry,{h}\nW-10,live,{h.lower()}\n"
    spans = detect(csv).spans
    assert [(x.feature_id, x.id_source) for x in spans] == [("W-9", "csv:well_ref"), ("W-10", "csv:well_ref")]
    no_header = f"Notes: {h}, {h}\n"
    assert all(x.feature_id is None for x in detect(no_header).spans)


@pytest.mark.parametrize("encoding", ["ewkb", "wkt", "gml"])
def test_generalize_keeps_a_one_part_multipolygon_multi(encoding):
    # a PostGIS geometry(MultiPolygon) column holds one-part MULTIPOLYGONs; GEOS simplify returns
    # a POLYGON for them, which was written back (the column would refuse the row)
    (part,) = _big_multipolygon(1).geoms
    geom = shapely.MultiPolygon([part])
    if encoding == "ewkb":
        body = _hex(geom, srid=27700, little=True, iso=False, lower=False)
    elif encoding == "wkt":
        body = geom.wkt
    else:
        ring = " ".join(f"{x} {y}" for x, y in part.exterior.coords)
        body = (f'<gml:MultiSurface srsName="EPSG:27700"><gml:surfaceMember><gml:Polygon><gml:exterior>'
                f"<gml:LinearRing><gml:posList>{ring}</gml:posList></gml:LinearRing></gml:exterior>"
                "</gml:Polygon></gml:surfaceMember></gml:MultiSurface>")  # fmt: skip
    text = f"COPY p (id, geom) FROM stdin;\n1\t{body}\n\\.\n"
    cs = chunk_text(text, ChunkConfig(budget=40, oversize="generalize", tolerance="auto"))
    (c,) = [c for c in cs.chunks if c.text_kind == "generalized"]
    (span,) = detect(c.text).spans
    assert span.geom_type == "MULTIPOLYGON", c.text
    assert c.generalized.vertices_after < c.generalized.vertices_before


def test_row_attributes_are_the_values_not_their_quoting_or_escapes():
    h = _hex(shapely.from_wkt(GEOMS["POINT"]), srid=27700, little=True, iso=False, lower=False)
    # CSV (RFC 4180): a quoted comma is inside the field, quotes are not part of the value
    csv = f'id,name,geom\n1,"Smith, John",{h}\n2,"Plain","{h}"\n'
    spans = detect(csv).spans
    assert [s.feature_id for s in spans] == ["1", "2"]
    assert [json.loads(s.properties_json)["name"] for s in spans] == ["Smith, John", "Plain"]
    # COPY text format: backslash escapes are decoded (\t tab, \\ backslash, octal UTF-8 bytes)
    copy = f"COPY p (id, name, geom) FROM stdin;\n7\tNorth\\tSide \\\\ caf\\303\\251\t{h}\n\\.\n"
    (s,) = detect(copy).spans
    assert json.loads(s.properties_json) == {"id": "7", "name": "North\tSide \\ café"}


def test_vectorised_decode_is_parse_wkb_one_by_one():
    # find_wkb decodes all candidates in one shapely call: each result is what parse_wkb gives
    import shapely

    from geochunk.detection.encodings import wkb

    good = [shapely.to_wkb(g, hex=True) for g in (
        shapely.Point(1, 2), shapely.LineString([(0, 0), (1, 1)]), shapely.Point(1, 2, 3),
        shapely.Polygon([(0, 0), (1, 0), (1, 1), (0, 0)]), shapely.from_wkt("MULTIPOINT ((1 2), (3 4))"))]
    broken_ring = "0103000000010000000200000000000000000000000000000000000000000000000000F03F000000000000F03F"
    texts = good + [broken_ring] + good[:2]
    found = [(h, wkb.wkb_header(h)) for h in texts]
    assert all(hd is not None for _, hd in found)
    got = wkb._decode_all(found)
    want = [wkb.parse_wkb(h) for h in texts]
    assert [(p.vertices, p.dims, p.error is None) for p in got] == [(p.vertices, p.dims, p.error is None) for p in want]
    assert all(g.geometry is None or g.geometry.equals_exact(w.geometry, 0) for g, w in zip(got, want))


def test_the_geometry_column_of_a_copy_row_is_found_where_earlier_columns_hold_its_hex():
    # the row reader starts at the column that first holds the hex (by counting tabs): a column
    # before it that merely contains the hex, or quotes it, or a later one equal to it, must give
    # the same row as reading every column
    from geochunk.detection.encodings import rows

    h = _hex(shapely.from_wkt(GEOMS["POINT"]), srid=27700, little=True, iso=False, lower=False)
    cols = ["id", "note", "geom", "copy"]
    for line in (f"1\tx{h}y\t{h}\t{h}", f"2\t'{h}'\t{h}\tz", f"3\tplain\t\\\\x{h}\t{h}", f"4\t{h}x\tq\t{h}",
                 f"5\tnone\there\tz"):
        got = rows._row(line, "\t", cols, h)
        values = line.split("\t")
        want_at = next((k for k, v in enumerate(values)
                        if v.strip().strip("'\"") in (h, "\\x" + h, "\\\\x" + h)), None)
        assert (got[1] if got else None) == want_at, line
