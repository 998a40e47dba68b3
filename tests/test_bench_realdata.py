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


def test_region_questions_over_most_of_a_layer_are_reported_apart() -> None:
    """A region covering most of the Albuquerque tracts makes any tract chunk a hit, so region hit@5
    is also given on the questions whose answers are under half their layer."""
    layers = bench.dataset("va", quick=True)
    size = {f.fid: len(layer.features) for layer in layers for f in layer.features}
    qs = [q for q in bench.questions(layers, random.Random(28), quick=True) if q.cls == "region"]
    shares = [bench.answer_share(q, layers) for q in qs]
    for q, s in zip(qs, shares):
        assert s == len(q.answers) / size[next(iter(q.answers))] and 0 < s <= 1
    assert any(s >= 0.5 for s in shares) and any(s < 0.5 for s in shares)
    per_sel = {c: [1, None] for c in bench.CONTENDERS}
    line = bench.selective_line(per_sel, 1, len(qs))
    assert f"(1 of {len(qs)};" in line and "geochunk 0.500" in line and "geochunk before" not in line
    assert "none asked" in bench.selective_line({c: [] for c in bench.CONTENDERS}, 0, len(qs))


def test_virginia_neighbours_share_a_stretch_of_border() -> None:
    """'It borders' means a shared stretch of boundary (rook): libpysal's virginia_rook.gal has 287
    pairs; six pairs meet at a single point only (Goochland and Chesterfield, Norfolk and
    Portsmouth, ...) and are not neighbours."""
    va = bench.dataset("va", quick=True)[0]
    borders = {f.name: f.extra["borders"] for f in va.features}
    assert sum(len(b) for b in borders.values()) == 2 * 287
    for a, b in (("Goochland County", "Chesterfield County"), ("Norfolk City", "Portsmouth City"),
                 ("Henrico County", "Powhatan County"), ("Poquoson City", "Hampton City")):
        assert b not in borders[a] and a not in borders[b]
    assert "Chesterfield County" in borders["Powhatan County"]  # a border of positive length
    for f in va.features:  # symmetric, and what the prose says
        assert all(f.name in borders[n] for n in f.extra["borders"])
        assert all(n in f.prose for n in f.extra["borders"])
