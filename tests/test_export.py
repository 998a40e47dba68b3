"""JSON Lines and GeoJSON exports: one line per chunk, strict JSON, RFC 7946 extents."""

from __future__ import annotations

import json
import math

import pytest
import shapely
from hypothesis import given, settings, strategies as st

from geochunk.export import bbox_geometry, chunk_properties, to_geojson, to_jsonl
from geochunk.model import Chunk, ChunkConfig, ChunkFeature, Flag, Frame, Generalization, Part
from geochunk.pipeline import chunk_text
from geochunk.samples import list_samples, load_sample

BNG = Frame(epsg=27700, confidence=0.95, source="explicit_code", flagged=False,
            name="OSGB36 / British National Grid", units="metre")


def chunk(index=0, *, text="POLYGON ((0 0, 1 0, 1 1, 0 0))", box=(-1.5, 50.25, -1.25, 50.5), **kw):
    feature = ChunkFeature(id="LU-7", id_source="heading", kind="wkt", geom_type="POLYGON",
                           start=10, end=40, vertices=4, bbox=(0.0, 0.0, 1.0, 1.0),
                           bbox_wgs84=box, epsg=27700)
    base = dict(doc_id="plan.md", index=index, start=10, end=40, core_start=10, text=text,
                token_count=17, tokenizer="cl100k_base", unit="feature", strategy="feature",
                features=(feature,), bbox=(0.0, 0.0, 1.0, 1.0), bbox_wgs84=box, crs=BNG)
    base.update(kw)
    return Chunk(**base)


SPECIAL = [
    chunk(0),
    chunk(1, text="line\nbreak \u2028 sep \u2029 para \x85 nel \"quote\" \\ tab\t é 😀"),
    chunk(2, box=None, features=(), crs=None),
    chunk(3, oversized=True, needs_fallback=True, text_kind="generalized",
          flags=(Flag.OVERSIZED, Flag.GENERALIZED, Flag.NEEDS_FALLBACK),
          generalized=Generalization(2.5, 1000, 40, 2.4, 0.01, True, precision=1, auto=True,
                                     fits=False)),
    chunk(4, text_kind="part", part=Part("LU-7", 1, 3), attributes={"Area": "2 ha"},
          flags=(Flag.OVERSIZED, Flag.SPLIT_PART)),
]


# -- JSON Lines ----------------------------------------------------------------------------------


@pytest.mark.parametrize("c", SPECIAL, ids=lambda c: f"chunk{c.index}")
def test_jsonl_line_is_one_compact_line_that_round_trips(c):
    (line,) = list(to_jsonl([c]))
    assert line.splitlines() == [line]  # no \n, \r, U+2028, U+2029, U+0085 left raw
    assert not line.endswith("\n") and ", " not in line.replace(c.text, "")
    assert Chunk.from_dict(json.loads(line)) == c
    assert json.loads(line) == json.loads(c.to_json())


def test_jsonl_is_lazy_and_ordered():
    def gen():
        yield SPECIAL[0]
        raise RuntimeError("not consumed yet")

    lines = to_jsonl(gen())
    assert json.loads(next(lines))["index"] == 0
    with pytest.raises(RuntimeError):
        next(lines)


def test_jsonl_non_finite_floats_become_null():
    c = chunk(0, bbox=(math.nan, 0.0, 1.0, math.inf))
    line = next(to_jsonl([c]))
    assert "NaN" not in line and "Infinity" not in line
    assert json.loads(line)["bbox"] == [None, 0.0, 1.0, None]


# -- GeoJSON -------------------------------------------------------------------------------------


def test_geojson_feature_collection_is_rfc7946():
    fc = to_geojson(SPECIAL)
    json.dumps(fc, allow_nan=False)  # strict JSON
    assert fc["type"] == "FeatureCollection" and len(fc["features"]) == len(SPECIAL)
    assert fc["bbox"] == [-1.5, 50.25, -1.25, 50.5]
    for f, c in zip(fc["features"], SPECIAL):
        assert f["type"] == "Feature" and f["id"] == f"plan.md#{c.index}"
        if c.bbox_wgs84 is None:
            assert f["geometry"] is None and "bbox" not in f
            continue
        geom = shapely.from_geojson(json.dumps(f["geometry"]))
        assert geom.geom_type == "Polygon" and geom.is_valid
        assert shapely.is_ccw(geom.exterior)  # right-hand rule
        assert tuple(geom.bounds) == c.bbox_wgs84 == tuple(f["bbox"])  # lon/lat order
        ring = f["geometry"]["coordinates"][0]
        assert ring[0] == ring[-1] and len(ring) == 5


def test_geojson_properties_carry_the_metadata_not_the_text():
    props = [f["properties"] for f in to_geojson(SPECIAL)["features"]]
    p0, p3, p4 = props[0], props[3], props[4]
    assert "text" not in p0
    assert (p0["index"], p0["start"], p0["end"], p0["token_count"], p0["tokenizer"]) == (
        0, 10, 40, 17, "cl100k_base")
    assert (p0["unit"], p0["strategy"], p0["feature_ids"], p0["geom_types"]) == (
        "feature", "feature", ["LU-7"], ["POLYGON"])
    assert (p0["crs_epsg"], p0["crs_confidence"], p0["crs_flagged"]) == (27700, 0.95, False)
    assert p0["oversized"] is False and p0["flags"] == []
    assert props[2]["crs_epsg"] is None and props[2]["feature_ids"] == []
    assert p3["oversized"] and p3["needs_fallback"] and p3["generalized"]["tolerance"] == 2.5
    assert p3["flags"] == [Flag.OVERSIZED, Flag.GENERALIZED, Flag.NEEDS_FALLBACK]
    assert p4["part"] == {"feature_id": "LU-7", "index": 1, "of": 3}
    assert p4["attributes"] == {"Area": "2 ha"} and p4["text_kind"] == "part"


def test_geojson_include_text():
    fc = to_geojson(SPECIAL, include_text=True)
    assert [f["properties"]["text"] for f in fc["features"]] == [c.text for c in SPECIAL]
    assert chunk_properties(SPECIAL[1], include_text=True)["text"] == SPECIAL[1].text


def test_geojson_of_no_chunks_is_an_empty_collection():
    assert to_geojson([]) == {"type": "FeatureCollection", "features": []}


def test_geojson_antimeridian_box_is_cut_into_a_multipolygon():
    fc = to_geojson([chunk(0, box=(175.0, -40.0, -178.0, -35.0)), chunk(1)])
    f = fc["features"][0]
    assert f["geometry"]["type"] == "MultiPolygon" and f["bbox"] == [175.0, -40.0, -178.0, -35.0]
    geom = shapely.from_geojson(json.dumps(f["geometry"]))
    assert geom.is_valid and geom.bounds == (-180.0, -40.0, 180.0, -35.0)
    assert math.isclose(geom.area, 7 * 5)
    # one union for core, export and map (issue #8): the narrowest cover, crossing 180°
    # (-1.5 east to -178 is 183.5°; 175 east to -1.25, the 0..360 reading's, is 183.75°)
    assert fc["bbox"] == [-1.5, -40.0, -178.0, 50.5]


def test_geojson_collection_bbox_across_180_is_narrow():
    fc = to_geojson([chunk(0, box=(179.5, 0.0, 179.6, 1.0)), chunk(1, box=(-179.6, 0.0, -179.5, 1.0))])
    assert fc["bbox"] == [179.5, 0.0, -179.5, 1.0]


@pytest.mark.parametrize(
    ("box", "kind"),
    [((-3.2, 55.9, -3.2, 55.9), "Point"), ((-3.2, 55.9, -3.1, 55.9), "LineString"),
     ((-3.2, 55.9, -3.2, 56.0), "LineString")],
)
def test_boxes_without_area_are_points_or_lines(box, kind):
    f = to_geojson([chunk(0, box=box)])["features"][0]
    geom = shapely.from_geojson(json.dumps(f["geometry"]))
    assert geom.geom_type == kind and geom.is_valid and geom.bounds == box
    assert f["bbox"] == list(box)


@pytest.mark.parametrize(
    "box", [None, (math.nan, 0.0, 1.0, 1.0), (0.0, 5.0, 1.0, 4.0), (0.0, 1.0, 2.0)],
    ids=["none", "nan", "south-above-north", "three-values"],
)
def test_bad_boxes_have_no_geometry(box):
    assert bbox_geometry(box) is None
    f = to_geojson([chunk(0, box=box)])["features"][0]
    assert f["geometry"] is None and "bbox" not in f


lon = st.floats(min_value=-180, max_value=180, allow_nan=False)
lat = st.floats(min_value=-90, max_value=90, allow_nan=False)


@settings(max_examples=150, deadline=None)
@given(w=lon | st.sampled_from([0.0, 180.0]), e=lon | st.sampled_from([0.0, -180.0]),
       s=lat | st.just(0.0), n=lat | st.just(0.0))
def test_property_box_geometry_covers_exactly_the_box(w, e, s, n):
    s, n = min(s, n), max(s, n)
    geom = shapely.from_geojson(json.dumps(bbox_geometry((w, s, e, n))))
    assert geom.is_valid
    if w <= e:
        kind = "Polygon" if w < e and s < n else "Point" if (w, s) == (e, n) else "LineString"
        assert geom.geom_type == kind and geom.bounds == (w, s, e, n)
    elif w < 180 and e > -180:
        assert geom.geom_type == ("MultiPolygon" if s < n else "MultiLineString")
        east, west = geom.geoms
        assert east.bounds == (w, s, 180.0, n) and west.bounds == (-180.0, s, e, n)
    elif (w, e) == (180.0, -180.0):  # both sides empty: the antimeridian itself
        assert geom.bounds == (180.0, s, 180.0, n)
    else:  # one side of the antimeridian is empty
        assert geom.bounds == ((-180.0, s, e, n) if w == 180 else (w, s, 180.0, n))
    for part in getattr(geom, "geoms", [geom]):
        assert part.area == 0 or shapely.is_ccw(part.exterior)  # right-hand rule
    json.dumps(bbox_geometry((w, s, e, n)), allow_nan=False)


# -- on real chunks ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", [s.name for s in list_samples()])
def test_sample_chunks_export_losslessly(name):
    cs = chunk_text(load_sample(name), ChunkConfig(budget=128, oversize="split", doc_id=name))
    lines = list(to_jsonl(cs.chunks))
    assert len(lines) == len(cs.chunks)
    assert [Chunk.from_dict(json.loads(line)) for line in lines] == list(cs.chunks)
    fc = json.loads(json.dumps(to_geojson(cs.chunks), allow_nan=False))
    assert len(fc["features"]) == len(cs.chunks)
    for f, c in zip(fc["features"], cs.chunks):
        assert f["properties"]["index"] == c.index
        if c.bbox_wgs84 is None:
            assert f["geometry"] is None
            continue
        w, s_, e, n = f["bbox"]
        assert -180 <= w <= 180 and -180 <= e <= 180 and -90 <= s_ <= n <= 90
        assert shapely.from_geojson(json.dumps(f["geometry"])).is_valid


def test_geojson_properties_carry_context_period_and_provenance():
    from geochunk import ChunkConfig, chunk_text

    text = "### Well W-7\nPOINT (-3.19 55.95)\nWell ID: W-7\nSurvey date: 2021-05-03\n"
    (c,) = chunk_text(text, ChunkConfig(budget=64)).chunks
    props = to_geojson([c])["features"][0]["properties"]
    assert props["feature_attributes"] == {"W-7": {"Well ID": "W-7", "Survey date": "2021-05-03"}}
    assert props["context"] == [{"feature": "W-7", "attached": ["heading", "attributes"]}]
    assert props["period"]["start"] == "2021-05-03" and props["doc_sha256"] == c.doc_sha256
    json.dumps(props, allow_nan=False)
