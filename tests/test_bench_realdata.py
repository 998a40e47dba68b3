"""The held-out dataset ``va`` of ``benchmarks/bench_realdata.py`` builds: its layers are read from
the shipped files, every document renders with its ids where its offsets say, and every question
has ground truth that shapely confirms on the true geometries."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import shapely

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import bench_realdata as bench  # noqa: E402


def test_held_out_dataset_renders_and_every_question_has_ground_truth() -> None:
    layers = bench.dataset("va", quick=True)
    assert [len(layer.features) for layer in layers][:2] == [136, 195]  # Virginia, Albuquerque tracts
    by_fid = {f.fid: f for layer in layers for f in layer.features}
    for layer in layers:
        for fmt in bench.FORMATS:
            doc = bench.render(layer, fmt, "va")
            assert {fid for fid in doc.keys} == {f.fid for f in layer.features}
            for fid, (a, b) in doc.keys.items():
                assert doc.text[a:b] == fid
            for a, b, fid in doc.geoms:  # the geometry text is the feature's true geometry
                text = doc.text[a:b]
                g = shapely.from_geojson(text) if fmt == "geojson" else shapely.from_wkt(text)
                assert shapely.equals_exact(g, by_fid[fid].geom, 1e-9)
    qs = bench.questions(layers, random.Random(28), quick=True)
    assert {q.cls for q in qs} == set(bench.CLASSES)
    for q in qs:
        assert q.answers and q.answers <= by_fid.keys(), q.text
        if q.cls in ("region", "antimeridian"):  # each answer meets the region
            assert all(shapely.intersects(q.region.geometry, by_fid[fid].geom) for fid in q.answers), q.text
