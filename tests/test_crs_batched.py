"""Batched area-of-use checks (``validate.expect``) give exactly the per-feature verdicts.

The resolver announces which frame each feature will be checked against, and the first check
of a frame transforms all announced samples in one PROJ call. These tests compare, verdict by
verdict and frame by frame, the batched path with checks made one feature at a time, and count
the PROJ calls to show the batching happens (work counted, never time).
"""

from __future__ import annotations

import numpy as np
import pytest

from geochunk.crs import resolve as resolve_mod
from geochunk.crs import validate
from geochunk.crs.validate import check, expect
from geochunk.crs.work import document_work
from geochunk.pipeline import analyse
from geochunk.samples import list_samples, load_sample

# frames of every kind: projected grids (metres, US feet, a zone), geographic, WGS 84 itself
FRAMES = (27700, 3857, 32631, 2229, 28992, 4326, 4258, 2056)


def _random_samples(rng: np.random.Generator, n: int) -> list[np.ndarray]:
    """Samples of 1-50 points: grid-sized numbers, lon/lat, lat/lon, huge values, mixtures."""
    out = []
    for _ in range(n):
        m = int(rng.integers(1, 51))
        kind = int(rng.integers(0, 5))
        if kind == 0:
            xy = rng.uniform([0, 0], [700_000, 1_300_000], (m, 2))
        elif kind == 1:
            xy = rng.uniform([-180, -90], [180, 90], (m, 2))
        elif kind == 2:
            xy = rng.uniform([-90, -180], [90, 180], (m, 2))
        elif kind == 3:
            xy = rng.uniform(-4e7, 4e7, (m, 2))
        else:
            xy = np.concatenate([rng.uniform([-5, 49], [2, 59], (m, 2)),
                                 rng.uniform([100_000, 50_000], [600_000, 900_000], (m, 2))])
        out.append(xy)
    return out


@pytest.mark.parametrize("epsg", FRAMES)
def test_batched_checks_equal_per_feature_checks_on_random_points(epsg) -> None:
    rng = np.random.default_rng(epsg)
    samples = _random_samples(rng, 300)
    alone = [check(epsg, xy) for xy in samples]  # no document: one transform per sample
    with document_work():
        expect(epsg, samples[::2] + samples[1::2])  # announced in another order than asked
        batched = [check(epsg, xy) for xy in samples]
    assert batched == alone
    assert len({c.status for c in alone}) >= 2  # the points do exercise the verdicts


def test_a_check_nobody_announced_and_a_repeated_check_agree(monkeypatch) -> None:
    rng = np.random.default_rng(7)
    samples = _random_samples(rng, 40)
    stray = np.array([[530000.0, 180000.0], [1e9, 1e9]])
    with document_work():
        expect(27700, samples)
        first = [check(27700, xy) for xy in samples + [stray]]
        again = [check(27700, xy) for xy in samples + [stray]]  # answers are read once
    assert first == again == [check(27700, xy) for xy in samples + [stray]]


def test_batches_are_bounded(monkeypatch) -> None:
    monkeypatch.setattr(validate, "BATCH", 16)
    sizes: list[int] = []
    real = validate._lonlat_ok
    monkeypatch.setattr(validate, "_lonlat_ok",
                        lambda epsg, facts, xy: sizes.append(len(xy)) or real(epsg, facts, xy))
    samples = [np.array([[530000.0 + k, 180000.0]]) for k in range(40)]
    with document_work():
        expect(27700, samples)
        got = [check(27700, xy).status for xy in samples]
    assert got == ["inside"] * 40
    assert sizes == [16, 16, 8]  # three PROJ calls of at most BATCH samples


def _frames_without_batching(monkeypatch, text: str):
    with monkeypatch.context() as m:
        m.setattr(resolve_mod, "_expect_checks", lambda *a, **k: None)
        return analyse(text).frames


@pytest.mark.parametrize("name", [s.name for s in list_samples()])
def test_every_sample_resolves_the_same_frames_batched(monkeypatch, name) -> None:
    text = load_sample(name)
    calls: list[int] = []
    real = validate._lonlat_ok
    monkeypatch.setattr(validate, "_lonlat_ok",
                        lambda epsg, facts, xy: calls.append(len(xy)) or real(epsg, facts, xy))
    batched = analyse(text).frames
    batched_calls = len(calls)
    calls.clear()
    alone = _frames_without_batching(monkeypatch, text)
    assert batched.frames == alone.frames
    assert batched.scopes == alone.scopes
    assert batched.document_frame == alone.document_frame
    assert batched.collection_frames == alone.collection_frames
    assert batched.work == alone.work  # the per-document bounds count the same
    assert batched_calls <= len(calls)


def test_the_appendix_checks_its_parcels_in_a_few_transforms(monkeypatch) -> None:
    calls: list[int] = []
    real = validate._lonlat_ok
    monkeypatch.setattr(validate, "_lonlat_ok",
                        lambda epsg, facts, xy: calls.append(len(xy)) or real(epsg, facts, xy))
    report = analyse(load_sample("land_use_appendix")).frames
    assert len(report.frames) >= 400
    assert len(calls) <= 10  # was one per parcel (400+)


@pytest.mark.parametrize("epsg", FRAMES)
def test_batched_summaries_are_the_per_point_verdicts(epsg) -> None:
    """Points inside, and the representative point (the middle one of those inside), read
    from the batch's reductions, are what the sample's own per-point test gives."""
    from geochunk.crs.database import crs_facts

    rng = np.random.default_rng(epsg + 1)
    samples = _random_samples(rng, 200)
    facts = crs_facts(epsg)
    with document_work():
        expect(epsg, samples)
        got = [check(epsg, xy) for xy in samples]
    for xy, chk in zip(samples, got):
        if chk.status not in ("inside", "partial", "outside"):
            continue
        lon, lat, ok = validate._lonlat_ok(epsg, facts, xy)
        assert chk.inside == int(ok.sum()) and chk.total == len(xy)
        if chk.inside:
            k = int(np.flatnonzero(ok)[chk.inside // 2])
            assert chk.lonlat == (float(lon[k]), float(lat[k]))
            assert chk.xy == (float(xy[k, 0]), float(xy[k, 1]))
        else:
            assert chk.lonlat is None and chk.xy == (float(xy[0, 0]), float(xy[0, 1]))


def test_sample_many_is_sample_xy_for_each_geometry(monkeypatch) -> None:
    import shapely

    monkeypatch.setattr(validate, "_SAMPLE_BLOCK", 7)  # blocks cut through the list
    rng = np.random.default_rng(3)
    geoms: list = [None, shapely.Point(), shapely.from_wkt("POINT (1 2)")]
    for _ in range(60):
        n = int(rng.integers(1, 140))
        xy = rng.uniform(-1e6, 1e6, (n, 2))
        if rng.random() < 0.3:
            xy[rng.integers(0, n, 3)] = np.nan  # non-finite vertices are left out
        geoms.append(shapely.linestrings(xy) if n > 1 else shapely.points(xy[0]))
    many = validate.sample_many(geoms)
    for g, got in zip(geoms, many, strict=True):
        want = validate.sample_xy(g)
        assert (got is None) == (want is None)
        if want is not None:
            assert np.array_equal(got, want)
            assert got.base is None or got.base.size <= validate.SAMPLE_PER_FEATURE * 2


def test_transformers_are_built_once_and_shared_by_threads() -> None:
    """A pyproj Transformer rebuilds its PROJ object in every new thread (~30 ms a frame: the
    app runs each rerun in a new thread); the shared one hands every thread the same object,
    one thread at a time, with the same results."""
    import threading

    from geochunk.crs.database import transformer

    tr = transformer(27700)
    rng = np.random.default_rng(5)
    xs, ys = rng.uniform(100000, 600000, 2000), rng.uniform(100000, 900000, 2000)
    want = tr.transform(xs, ys, errcheck=False)
    seen, got = [], []

    def work() -> None:
        seen.append(tr._tr._transformer)  # the PROJ object this thread uses
        for _ in range(5):
            got.append(tr.transform(xs, ys, errcheck=False))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(obj is tr._tr._transformer for obj in seen)  # nothing rebuilt in a new thread
    assert len(got) == 20
    assert all(np.array_equal(a, want[0]) and np.array_equal(b, want[1]) for a, b in got)


def test_a_check_filled_in_one_step_is_the_dataclass() -> None:
    from dataclasses import fields

    from geochunk.crs.validate import Check, _inside

    assert [f.name for f in fields(Check)] == ["status", "inside", "total", "lonlat", "xy", "note"]
    made = _inside(5, 5, (1.0, 2.0), (3.0, 4.0))
    assert made == Check("inside", 5, 5, (1.0, 2.0), (3.0, 4.0))
    assert repr(made) == repr(Check("inside", 5, 5, (1.0, 2.0), (3.0, 4.0)))
    assert hash(made) == hash(Check("inside", 5, 5, (1.0, 2.0), (3.0, 4.0)))


@pytest.mark.parametrize("name", ["postgis_copy", "land_use_appendix", "sql_dump"])
def test_frame_templates_shared_by_equal_declarations_are_the_ones_made_apart(
        monkeypatch, name) -> None:
    """Declarations alike in all a frame reads of them (each EWKB row's SRID is one of its
    own) share one frame template; made per feature, with no template kept, the frames are
    the same, and the shared templates are few."""
    from geochunk.crs import grade

    made: list[int] = []
    real = grade._part
    monkeypatch.setattr(grade, "_part", lambda *a: made.append(1) or real(*a))
    shared = analyse(load_sample(name)).frames
    n_shared = len(made)
    made.clear()
    with monkeypatch.context() as m:
        m.setattr(grade, "current", lambda: None)  # no document work: nothing is kept
        apart = analyse(load_sample(name)).frames
    assert shared.frames == apart.frames and shared.document_frame == apart.document_frame
    assert [repr(f) for f in shared.frames] == [repr(f) for f in apart.frames]
    assert len(made) >= len(shared.frames) > 100
    assert n_shared * 10 < len(made)  # a template per verdict (points inside / sampled)


def test_infer_ahead_batches_only_samples_that_will_be_asked(monkeypatch):
    """Reviewer (c463718): the first sample needing a grid inferred from a named place took
    every other undeclared sample into ``infer_many``, lon/lat ones too (never asked): 10,000
    lon/lat points and one RD point cost 2.45 s CPU and 163 MB against 1.56 s and 135 MB.
    Only samples that are not lon/lat join, at most ``_INFER_AHEAD`` of them; the frames are
    the same as when each sample is inferred alone."""
    sizes: list[int] = []
    real = resolve_mod.infer_many

    def spy(samples, places):
        sizes.append(len(samples))
        return real(samples, places)

    rng = np.random.default_rng(7)
    lines = ["Parcels surveyed in Groningen, Maastricht, Leeuwarden, Enschede and Middelburg.", ""]
    lines += [f"POINT ({5 + x:.5f} {52 + y:.5f})" for x, y in rng.random((400, 2))]
    lines += ["POINT (136000 455000)", "POINT (137000 456000)"]
    text = "\n".join(lines)
    monkeypatch.setattr(resolve_mod, "infer_many", spy)
    batched = analyse(text).frames
    assert sizes and max(sizes) == 2, sizes  # the two RD points, none of the 400 lon/lat ones
    sizes.clear()
    monkeypatch.setattr(resolve_mod, "_INFER_AHEAD", 0)  # each sample inferred when asked
    alone = analyse(text).frames
    assert sizes == [1, 1]
    assert alone == batched
