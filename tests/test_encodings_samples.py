"""The encoding samples (COPY dump with hex EWKB, WFS GML, KML, a mixed report): their expected
features, frames and gates."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from geochunk import ChunkConfig, chunk_text
from geochunk.detection.scan import detect
from geochunk.samples import load_sample
from tools.samples._encodings import COPY_PARCELS, COPY_POINTS, KML_PLACEMARKS, WFS_FEATURES
from geochunk.gates import validate


def test_postgis_copy_dump() -> None:
    text = load_sample("postgis_copy")
    spans = detect(text).spans
    assert len(spans) == COPY_PARCELS + COPY_POINTS == 300
    assert Counter((s.kind, s.geom_type, s.dims, s.srid) for s in spans) == {
        ("wkb", "POLYGON", "", 27700): 200,
        ("wkb", "MULTIPOLYGON", "", 27700): 40,
        ("wkb", "POINT", "Z", 4326): 60,
    }
    assert all(s.status == "ok" and text[s.start - 1] == "\t" and text[s.end] == "\n" for s in spans)
    # ids and attributes come from the COPY columns
    assert [s.feature_id for s in spans[:2]] == ["public.parcels:1", "public.parcels:2"]
    assert spans[-1].feature_id == f"public.survey_points:{COPY_POINTS}" and spans[-1].id_source == "copy:id"
    first = json.loads(spans[0].properties_json)
    assert set(first) == {"id", "parcel_ref", "land_use"} and first["parcel_ref"] == "PC-0001"
    cs = chunk_text(text, ChunkConfig(budget=512))
    feats = [f for c in cs.chunks for f in c.features]
    assert Counter((f.kind, f.epsg) for f in feats) == {("ewkb", 27700): 240, ("ewkb", 4326): 60}
    assert all(f.bbox_wgs84 and 51.4 < f.bbox_wgs84[1] < 51.6 for f in feats)
    assert "\\N" in text and cs.strategy == "feature"


def test_wfs_getfeature_response() -> None:
    text = load_sample("wfs_getfeature")
    found = detect(text)
    spans = found.spans
    # the collection's boundedBy Envelope is extent metadata, kept apart: no feature, no id
    (extent,) = found.extents
    assert text[extent.start : extent.end].startswith("<gml:Envelope") and extent.feature_id is None
    members = [s for s in spans if s.feature_id]
    assert len(members) == len(spans) == WFS_FEATURES
    assert [s.feature_id for s in members] == [f"green_spaces.{1001 + i}" for i in range(WFS_FEATURES)]
    assert Counter(s.geom_type for s in members) == {"MULTIPOLYGON": 32, "LINESTRING": 4, "POINT": 4}
    for s in members:
        assert text[s.start : s.end].startswith("<wfs:member>") and text[s.start : s.end].endswith("</wfs:member>")
        props = json.loads(s.properties_json)
        assert set(props) == {"name", "kind", "ward"}
    cs = chunk_text(text, ChunkConfig(budget=512))
    feats = [f for c in cs.chunks for f in c.features]
    assert {(f.kind, f.epsg) for f in feats} == {("gml", 4326)}
    for f in feats:  # lat/lon in the source (urn EPSG::4326), lon/lat boxes here
        w, s_, e, n = f.bbox
        assert -3.4 < w <= e < -3.0 and 55.8 < s_ <= n < 56.1
    assert not any(c.crs.flagged for c in cs.chunks if c.features)
    assert len(feats) == WFS_FEATURES and extent.start not in {f.start for f in feats}
    for budget in (16, 64, 512):  # no cut inside the envelope at any budget; nothing lost
        cs = chunk_text(text, ChunkConfig(budget=budget))
        assert "".join(c.text for c in cs.chunks) == text
        (holder,) = [c for c in cs.chunks if c.start < extent.end and c.end > extent.start]
        assert holder.start <= extent.start and extent.end <= holder.end
        assert validate(text, cs.chunks, budget=budget).passed


def test_kml_placemarks() -> None:
    text = load_sample("placemarks")
    spans = detect(text).spans
    assert len(spans) == KML_PLACEMARKS
    assert [s.feature_id for s in spans] == [f"LD-{100 + i}" for i in range(KML_PLACEMARKS)]
    assert Counter((s.geom_type, s.dims) for s in spans) == {
        ("POINT", "Z"): 9, ("LINESTRING", ""): 9, ("POLYGON", ""): 9, ("GEOMETRYCOLLECTION", ""): 9,
    }
    for s in spans:
        assert text[s.start : s.end].startswith('<Placemark id="pm')
        props = json.loads(s.properties_json)
        assert {"name", "description", "surveyor", "condition"} <= set(props)
    cs = chunk_text(text, ChunkConfig(budget=256))
    assert {(f.kind, f.epsg) for c in cs.chunks for f in c.features} == {("kml", 4326)}
    assert {c.crs.source for c in cs.chunks if c.features} == {"kml"}


def test_mixed_encodings_report() -> None:
    text = load_sample("encodings_report")
    spans = detect(text).spans
    kinds = Counter((s.kind, s.geom_type) for s in spans)
    assert kinds == {
        ("wkb", "POLYGON"): 6,  # five CSV cells and decode(..., 'hex'); the checksum is not one
        ("wkb", "MULTIPOLYGON"): 1,
        ("wkb", "POINT"): 1,  # the \x bytea
        ("gml", "POLYGON"): 2,  # GML 3 posList and GML 2 coordinates
        ("kml", "POLYGON"): 1,
        ("wkt", "POINT"): 1,
    }
    csv_rows = [s for s in spans if s.id_source == "csv:ref"]
    assert [s.feature_id for s in csv_rows] == [f"D-{k}" for k in range(1, 6)]
    (kml,) = [s for s in spans if s.kind == "kml"]
    assert kml.feature_id == "Community garden"
    cs = chunk_text(text, ChunkConfig(budget=256))
    frames = {f.kind: f.epsg for c in cs.chunks for f in c.features}
    assert frames == {"ewkb": 27700, "wkb": 27700, "gml": 27700, "kml": 4326, "wkt": 27700}


@pytest.mark.parametrize("name", ["postgis_copy", "wfs_getfeature", "placemarks", "encodings_report"])
@pytest.mark.parametrize("budget", [48, 300])
@pytest.mark.parametrize("policy", ["isolate", "generalize", "split"])
def test_encoding_samples_pass_every_gate(name: str, budget: int, policy: str) -> None:
    text = load_sample(name)
    cs = chunk_text(text, ChunkConfig(budget=budget, oversize=policy))
    report = validate(text, cs.chunks, budget=budget)
    assert report.passed, report.lines()
    assert report.features == len(detect(text).spans)


@pytest.mark.parametrize("name", ["wfs_getfeature", "placemarks"])
@pytest.mark.parametrize("budget", [64, 300])
def test_minified_xml_on_one_line_still_splits_between_features(name: str, budget: int) -> None:
    import re

    text = re.sub(r">\s+<", "><", load_sample(name))
    assert text.count("\n") <= 2
    cs = chunk_text(text, ChunkConfig(budget=budget))
    report = validate(text, cs.chunks, budget=budget)
    assert report.passed, report.lines()
    assert report.features == len(detect(load_sample(name)).spans)
    assert len(cs.chunks) > 3
