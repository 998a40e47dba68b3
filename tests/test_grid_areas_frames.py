"""Inner boxes of the grid-areas index (``crs/candidates.py``): grown side by side, kept in the
user cache with the index, checked when read; a point test must give exactly the answers GEOS
gives (issue #12, resolution time)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from geochunk.crs import cache, candidates

SQUARE = [0, 0, 1000, 0, 1000, 1000, 0, 1000]
TRIANGLE = [0, 0, 1000, 0, 0, 1000]
SLIVER = [0, 0, 1000, 0, 1000, 1, 0, 1]


def _small_build() -> dict:
    return {"codes": [28992, 27700, 2193], "rings": [SQUARE, TRIANGLE, SLIVER],
            "names": {"28992": "Amersfoort / RD New", "27700": "OSGB36 / British National Grid",
                      "2193": "NZGD2000 / New Zealand Transverse Mercator 2000"}}


@pytest.fixture()
def small_index(tmp_path: Path, monkeypatch):
    """The index built from three small areas, cached in a folder of its own."""
    monkeypatch.setenv("GEOCHUNK_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(candidates, "_build", _small_build)
    candidates._index.cache_clear()
    yield tmp_path
    candidates._index.cache_clear()


def _by_geos(x: float, y: float) -> list[int]:
    """Rows whose bounding box holds the point and whose polygon GEOS says contains it."""
    ix = candidates._index()
    b = ix.boxes
    rows = np.flatnonzero((b[:, 0] <= x) & (x <= b[:, 2]) & (b[:, 1] <= y) & (y <= b[:, 3]))
    return rows[shapely.contains_xy(ix.polygons[rows], x, y)].tolist()


def _inner_point(data) -> tuple[float, float]:
    """A corner or an edge's middle of one row's inner box, or a point just outside it."""
    ix = candidates._index()
    k = data.draw(st.integers(0, len(ix.codes) - 1))
    x0, y0, x1, y1 = (float(c[k]) for c in ix.inner)
    if x0 > x1:
        x0, y0, x1, y1 = ix.boxes[k].tolist()
    x = data.draw(st.sampled_from([x0, x1, (x0 + x1) / 2, np.nextafter(x0, -np.inf),
                                   np.nextafter(x1, np.inf)]))
    y = data.draw(st.sampled_from([y0, y1, (y0 + y1) / 2, np.nextafter(y0, -np.inf),
                                   np.nextafter(y1, np.inf)]))
    return float(x), float(y)


def _vertex(data) -> tuple[float, float]:
    """A vertex of one row's polygon, or the middle of one of its edges."""
    ix = candidates._index()
    k = data.draw(st.integers(0, len(ix.codes) - 1))
    ring = np.asarray(ix.polygons[k].exterior.coords)
    i = data.draw(st.integers(0, len(ring) - 2))
    if data.draw(st.booleans()):
        return float(ring[i, 0]), float(ring[i, 1])
    return float((ring[i, 0] + ring[i + 1, 0]) / 2), float((ring[i, 1] + ring[i + 1, 1]) / 2)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_one_point_rows_are_what_geos_says(data) -> None:
    """The rows holding one point (box test, inner boxes, GEOS for the rest) are exactly the
    rows GEOS's contains_xy names: anywhere, on the inner boxes' corners and edges and just
    outside them, on the areas' vertices and edges."""
    kind = data.draw(st.sampled_from(["anywhere", "grid-like", "inner box", "vertex"]))
    if kind == "anywhere":
        point = data.draw(st.tuples(st.floats(-3e6, 3e6), st.floats(-1e7, 1e7)))
    elif kind == "grid-like":
        point = data.draw(st.tuples(st.floats(0, 1e6), st.floats(0, 8e6)))
    elif kind == "inner box":
        point = _inner_point(data)
    else:
        point = _vertex(data)
    x, y = point
    got = candidates._rows_holding(np.array([[x, y]], dtype=float)).tolist()
    assert got == _by_geos(x, y), point


def test_inner_boxes_are_grown_past_the_shrunk_box() -> None:
    """Grown side by side, the inner boxes cover more of their areas than the bounding box
    shrunk about its centre did (that box is where growing starts)."""
    ix = candidates._index()
    x0, y0, x1, y1 = ix.inner
    has = x0 <= x1
    assert has.mean() > 0.99
    share = ((x1 - x0) * (y1 - y0))[has] / shapely.area(ix.polygons[has])
    assert np.median(share) > 0.88  # 0.81 for the box shrunk about its centre alone


def test_inner_boxes_are_kept_in_the_cache_and_read_back(small_index: Path, monkeypatch) -> None:
    first = candidates._index()
    files = list(small_index.glob("grid-areas-*.json"))
    assert len(files) == 1
    stored = json.loads(files[0].read_text(encoding="utf-8"))["inner"]
    # the right triangle has none: no box shrunk about its bounding box's centre fits in it
    assert len(stored) == 3 and len(stored[0]) == len(stored[2]) == 4 and stored[1] == []

    def no_build() -> dict:
        raise AssertionError("the cached index must be read, not built")

    monkeypatch.setattr(candidates, "_build", no_build)
    candidates._index.cache_clear()
    again = candidates._index()
    for a, b in zip(first.inner, again.inner):
        assert np.array_equal(a, b)
    assert candidates.frames_holding(np.array([[100.0, 100.0]])) == (27700, 28992)
    assert candidates.frames_holding(np.array([[900.0, 900.0]])) == (28992,)


def _stored(folder: Path) -> dict:
    """The grid-areas file the cache folder holds, as JSON."""
    (path,) = [f for f in folder.iterdir() if f.name.startswith(candidates._NAME)]
    return json.loads(path.read_text())


@pytest.mark.parametrize("damage", ["too big", "not a box", "short", "none at all", "no list"])
def test_damaged_inner_boxes_are_found_again(small_index: Path, damage: str) -> None:
    """An inner box the cache holds that is not properly inside its area (a damaged or
    foreign file) is never trusted: it is found again, the answers are GEOS's, and the cache
    file is written back whole (read and written through the real cache folder)."""
    data = _small_build()
    good = [[10.0, 10.0, 990.0, 990.0], [10.0, 10.0, 400.0, 400.0], []]
    bad = {"too big": [0.0, 0.0, 1000.0, 1000.0], "not a box": "x", "short": [1.0, 2.0],
           "none at all": None, "no list": None}[damage]
    if damage != "no list":
        data["inner"] = [good[0], bad, good[2]]
    assert cache.write_json(candidates._NAME, data)
    ix = candidates._index()
    x0, y0, x1, y1 = ix.inner
    has = x0 <= x1
    assert has[0] and has[2]
    boxes = shapely.box(x0[has], y0[has], x1[has], y1[has])
    assert shapely.contains_properly(ix.polygons[has], boxes).all()
    for x, y in [(900.0, 900.0), (600.0, 400.0), (499.0, 500.0), (500.0, 500.0),
                 (10.0, 990.0), (0.0, 0.0), (500.0, 0.5)]:
        got = candidates._rows_holding(np.array([[x, y]])).tolist()
        assert got == _by_geos(x, y), (x, y)
    stored = _stored(small_index)
    assert len(stored["inner"]) == 3 and stored["inner"][1] != bad
    if stored["inner"][1]:  # [] where none is found (the triangle's centred boxes stick out)
        x0, y0, x1, y1 = stored["inner"][1]
        assert shapely.contains_properly(shapely.Polygon(np.reshape(TRIANGLE, (-1, 2))),
                                         shapely.box(x0, y0, x1, y1))


def test_no_inner_box_is_stored_over_damaged_rings(small_index: Path) -> None:
    """A cache with a damaged ring keeps that ring left out, and is not written over with inner
    boxes for only the rings that could be read."""
    data = _small_build()
    data["rings"][2] = "not a ring"
    assert cache.write_json(candidates._NAME, data)
    assert candidates.frames_holding(np.array([[100.0, 100.0]])) == (27700, 28992)
    assert _stored(small_index) == data


def test_a_cache_written_without_inner_boxes_is_upgraded_in_place(small_index: Path) -> None:
    """A grid-areas file in the shape written before inner boxes were kept (no ``inner``) is
    read as it is (the cache key did not change, so the names and places caches are not
    rebuilt with it): its inner boxes are found, written back into the same file, and the
    answers are GEOS's."""
    assert cache.write_json(candidates._NAME, _small_build())
    assert "inner" not in _stored(small_index)
    for x, y in [(900.0, 900.0), (100.0, 100.0), (500.0, 0.5), (600.0, 600.0)]:
        assert candidates._rows_holding(np.array([[x, y]])).tolist() == _by_geos(x, y)
    stored = _stored(small_index)
    assert stored["codes"] == _small_build()["codes"] and len(stored["inner"]) == 3
    assert stored["inner"][0] and stored["inner"][0][0] <= stored["inner"][0][2]


@pytest.mark.parametrize("where", ["ring", "inner"])
def test_a_number_too_large_for_a_float_in_the_cache_is_damage(small_index: Path,
                                                                 where: str) -> None:
    """An integer beyond a float's range in a cached ring or inner box (JSON allows it) is a
    damaged entry like any other: no OverflowError reaches the caller."""
    data = _small_build()
    data["inner"] = [[10.0, 10.0, 990.0, 990.0], [10.0, 10.0, 400.0, 400.0], []]
    if where == "ring":
        data["rings"][1] = [0, 0, 10**400, 0, 0, 1000]
    else:
        data["inner"][0] = [10**400, 0, 1, 1]
    assert cache.write_json(candidates._NAME, data)
    got = candidates.frames_holding(np.array([[900.0, 900.0]]))
    assert got == (28992,)
    ix = candidates._index()
    x0, y0, x1, y1 = ix.inner
    has = x0 <= x1
    boxes = shapely.box(x0[has], y0[has], x1[has], y1[has])
    assert shapely.contains_properly(ix.polygons[has], boxes).all()
