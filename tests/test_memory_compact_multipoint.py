"""Issue #13, a large GeoJSON MultiPoint: the pipeline never builds its whole GEOS geometry
(GEOS keeps one geometry a point, ~290 bytes for two doubles: a 3.8 MB one-line MultiPoint of
200k integer points was ~15x its text for as long as the analysis lived). It is read by GEOS a
piece of positions at a time (``geometry._compact_multipoint``) into one coordinate array, its
box and the frame step's sample; the geometry is built only when something draws it, and is
then the one ``shapely.from_geojson`` gives. The chunks are the same as with the whole parse.
GEOS memory is not seen by tracemalloc: the tests check that no geometry was built and the
traced peak of the parse (the coordinate array and one piece's scratch)."""

from __future__ import annotations

import json
import pickle
import random
import tracemalloc

import numpy as np
import pytest
import shapely

from geochunk.detection import geometry
from geochunk.detection import parsed
from geochunk.crs.validate import sample_xy
from geochunk.model import ChunkConfig
from geochunk.pipeline import chunk_text


def _multipoint(points: int, *, z: bool = False, order: str = "type", indent: int | None = None,
                seed: int = 13) -> str:  # fmt: skip
    rnd = random.Random(seed)
    pts = [[rnd.randrange(100_000, 999_999), rnd.randrange(1_000_000, 9_999_999)] + ([rnd.random()] if z else [])
           for _ in range(points)]  # fmt: skip
    geom = {"type": "MultiPoint", "coordinates": pts} if order == "type" else {"coordinates": pts, "type": "MultiPoint"}
    return json.dumps(geom, indent=indent)


@pytest.mark.parametrize("kw", [{}, {"z": True}, {"order": "coordinates"}, {"indent": 1}])
def test_a_large_multipoint_reads_the_same_without_its_geos_geometry(kw) -> None:
    text = _multipoint(20_000, **kw)
    assert len(text) >= geometry._COMPACT_MIN_CHARS
    p = geometry.parse_geojson(text)
    assert isinstance(p, geometry._CompactMultiPoint) and p._built is None
    whole = shapely.from_geojson(text)
    assert (p.vertices, p.dims, p.error, p.linearized) == (20_000, geometry._dims_of(whole), None, False)
    assert geometry.bounds(geometry.held(p)) == geometry.bounds(whole)
    assert shapely.bounds(geometry.extent(p)).tolist() == shapely.bounds(whole).tolist()
    assert np.array_equal(sample_xy(geometry.sampled(p)), sample_xy(whole))
    assert p._built is None  # none of the facts built it
    assert shapely.to_wkb(p.geometry) == shapely.to_wkb(whole)  # drawn: the whole parse's geometry
    assert p.geometry is p.geometry
    again = pickle.loads(pickle.dumps(p))
    assert shapely.to_wkb(again.geometry) == shapely.to_wkb(whole)
    assert geometry.parse_geojson_many([text, '{"type": "Point", "coordinates": [1, 2]}'])[0].vertices == 20_000


@pytest.mark.parametrize("kw", [{}, {"z": True}])
def test_an_analysed_multipoint_lets_its_coordinates_go_and_reads_them_again(kw) -> None:
    """parse_spans hands the analysis a compact parse without its coordinate array (0.84x the
    text of the dense row for as long as the analysis lived): its box, counts and the frame
    step's sample stay; a geometry asked for is read again from the span's text, the same."""
    from geochunk.model import Span

    text = "x = " + _multipoint(20_000, **kw) + " ;"
    span = Span.sliced(text, 4, len(text) - 2, start=4, end=len(text) - 2, kind="geojson_geometry",
                       geom_type="MULTIPOINT")
    whole = shapely.from_geojson(span.geometry_text)
    (p,) = geometry.parse_spans([span])
    assert isinstance(p, geometry._CompactMultiPoint) and p._coords is None and p._built is None
    assert geometry.bounds(geometry.held(p)) == geometry.bounds(whole) and p.vertices == 20_000
    assert np.array_equal(sample_xy(geometry.sampled(p)), sample_xy(whole))
    assert p._built is None
    assert shapely.to_wkb(p.geometry) == shapely.to_wkb(whole) and p.geometry is p.geometry
    assert shapely.to_wkb(pickle.loads(pickle.dumps(p)).geometry) == shapely.to_wkb(whole)


@pytest.mark.parametrize("text", [
    '{"type": "MultiPoint", "coordinates": [' + ", ".join(["[1, 2]"] * 40_000) + ', [3, "x"]]}',  # a string
    '{"type": "MultiPoint", "coordinates": [' + ", ".join(["[1, 2]"] * 40_000) + ", [1e999, 2]]}",  # not finite
    '{"type": "MultiPoint", "coordinates": [' + ", ".join(["[1, 2]"] * 40_000) + ", []]}",  # an empty point
    '{"type": "MultiPoint", "coordinates": [' + ", ".join(["[1, 2]"] * 40_000) + ", [1, 2, 3]]}",  # mixed dims
    '{"type": "MultiPoint", "coordinates": [' + ", ".join(["[1, 2]"] * 40_000) + ", [[1, 2]]]}",  # nested
    '{"type": "MultiPoint", "coordinates": [' + ", ".join(["[1, 2]"] * 40_000) + " [1, 2]]}",  # no comma
    '{"type": "MultiPoint", "bbox": [1, 2, 1, 2], "coordinates": [' + ", ".join(["[1, 2]"] * 40_000) + "]}",
    '{"type": "MultiPoint", "coordinates": [' + ", ".join(["[1, 2]"] * 40_000) + ", ]}",  # a trailing comma
])  # fmt: skip
def test_anything_else_is_parsed_whole_as_before(text: str) -> None:
    assert len(text) >= geometry._COMPACT_MIN_CHARS
    good = text[: text.index('"coordinates"')] + '"coordinates": [' + ", ".join(["[1, 2]"] * 40_000) + "]}"
    assert isinstance(geometry._compact_multipoint(good), geometry._CompactMultiPoint) or '"bbox"' in text
    assert geometry._compact_multipoint(text) is None
    p = geometry.parse_geojson(text)
    assert not isinstance(p, geometry._CompactMultiPoint)


def test_parsing_a_large_multipoint_keeps_its_scratch_small() -> None:
    text = _multipoint(60_000)  # ~1.1 MB
    geometry.parse_geojson(text)
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        p = geometry.parse_geojson(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert isinstance(p, geometry._CompactMultiPoint)
    # the coordinate array (16 bytes a point, ~0.85x) and one piece's text and coordinates
    assert peak / len(text) < 2.0


@pytest.fixture(scope="module")
def document() -> str:
    inner = json.loads(_multipoint(400))  # ~8k characters: read compact below a lowered bar
    return ("Survey points of the 2019 campaign:\n\n" + json.dumps({"type": "FeatureCollection", "features": [
        {"type": "Feature", "id": "cloud-1", "properties": {"name": "survey points"}, "geometry": inner},
        {"type": "Feature", "id": "well-2", "properties": {"name": "well"},
         "geometry": {"type": "Point", "coordinates": [530000, 1800000]}}]}) + "\n")  # fmt: skip


def _digest(cs) -> list:
    return [[c.to_dict() for c in cs.chunks], [[repr(g) for g in gs] for gs in cs.geometries],
            cs.strategy, cs.reason, [repr(f) for f in cs.analysis.features]]  # fmt: skip


@pytest.mark.parametrize("config", [
    ChunkConfig(budget=512), ChunkConfig(budget=512, overlap=1), ChunkConfig(budget=256, unit="feature"),
    ChunkConfig(budget=512, rewrap=True), ChunkConfig(budget=256, oversize="split"),
    ChunkConfig(budget=256, oversize="generalize"),
])  # fmt: skip
def test_the_chunks_are_those_of_the_whole_parse(document: str, config: ChunkConfig, monkeypatch) -> None:
    monkeypatch.setattr(geometry, "_COMPACT_MIN_CHARS", 1024)
    monkeypatch.setattr(geometry, "_COMPACT_PIECE_CHARS", 500)  # ~25 pieces
    cs = chunk_text(document, config)
    compact = [p for p in cs.analysis.parsed if isinstance(p, geometry._CompactMultiPoint)]
    assert len(compact) == 1
    assert compact[0]._coords is None  # let go once the analysis had it: read again to draw
    if config.oversize == "isolate":
        assert compact[0]._built is None  # chunking it built no GEOS geometry
    got = _digest(cs)
    monkeypatch.setattr(geometry, "_COMPACT_MIN_CHARS", 1 << 40)
    whole = chunk_text(document, config)
    assert not any(isinstance(p, geometry._CompactMultiPoint) for p in whole.analysis.parsed)
    assert got == _digest(whole)


def test_geojson_spans_read_their_geometry_text_from_the_document() -> None:
    """The detector's GeoJSON spans hold no copy of their geometry's text (as WKT spans do
    not): kept after detection it was 1x a one-geometry document, ~0.7x one of many features."""
    from geochunk.detection.scan import detect

    features = [{"type": "Feature", "id": f"F-{i}", "properties": {"n": i},
                 "geometry": {"type": "Point", "coordinates": [i, 2 * i]}} for i in range(300)]  # fmt: skip
    many = json.dumps({"type": "FeatureCollection", "features": features})
    det = detect(many)
    assert all(hasattr(s, "_source") for s in det.spans)  # each reads its text from the document
    assert [s.geometry_text for s in det.spans] == [json.dumps(f["geometry"]) for f in features]
    text = _multipoint(30_000)
    (span,) = detect(text).spans
    assert hasattr(span, "_source") and span.geometry_text == text
    detect(text)
    parsed.forget_parsed()
    tracemalloc.start()
    try:
        det = detect(text)
        parsed.forget_parsed()  # the parse cache's keys (the pipeline drops them in parse_spans)
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert held / len(text) < 0.5  # the compact parse's coordinates are not held by detection


def test_a_lon_lat_features_wgs84_box_is_its_box() -> None:
    features = [{"type": "Feature", "id": f"F-{i}", "properties": {"n": i},
                 "geometry": {"type": "Point", "coordinates": [-3.2 + i * 1e-3, 55.9]}} for i in range(20)]  # fmt: skip
    features.append({"type": "Feature", "id": "zero", "properties": {},
                     "geometry": {"type": "Point", "coordinates": [0.0, 51.5]}})  # fmt: skip
    a = chunk_text(json.dumps({"type": "FeatureCollection", "features": features}), ChunkConfig(budget=256)).analysis
    assert all(f.bbox == f.bbox_wgs84 for f in a.features)
    assert all(f.bbox is f.bbox_wgs84 for f in a.features[:-1])  # one tuple for both
    assert a.features[-1].bbox is not a.features[-1].bbox_wgs84  # a zero's sign: kept as computed


@pytest.mark.parametrize("trail", [", ", ",", ",\n  "])
def test_a_trailing_comma_at_a_piece_cut_is_not_read_as_an_empty_piece(monkeypatch, trail: str) -> None:
    body = ", ".join(["[1, 2]"] * 40_000) + trail
    text = '{"type": "MultiPoint", "coordinates": [' + body + "]}"
    assert len(text) >= geometry._COMPACT_MIN_CHARS
    monkeypatch.setattr(geometry, "_COMPACT_PIECE_CHARS", len(body) - len(trail) - 1)  # the cut: the last "]"
    assert geometry._compact_multipoint(text) is None
    assert geometry.parse_geojson(text).error.startswith("not valid JSON")
