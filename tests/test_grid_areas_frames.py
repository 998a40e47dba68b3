"""Inner boxes of the grid-areas index (``crs/candidates.py``): grown side by side, kept in the
user cache with the index, checked when read; a point test must give exactly the answers GEOS
gives (issue #12, resolution time)."""

from __future__ import annotations

from typing import Callable

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
    files = list(small_index.glob("grid-areas-*"))
    assert [f.suffix for f in files] == [".bin"]
    stored = cache.read_arrays(candidates._NAME)
    # rows in code order (2193 sliver, 27700 triangle, 28992 square); the right triangle has
    # none: no box shrunk about its bounding box's centre fits in it
    assert stored["codes"].tolist() == [2193, 27700, 28992]
    assert stored["inner"].shape == (3, 4) and stored["inner"][1, 0] > stored["inner"][1, 2]

    def no_build() -> dict:
        raise AssertionError("the cached index must be read, not built")

    monkeypatch.setattr(candidates, "_build", no_build)
    candidates._index.cache_clear()
    again = candidates._index()
    for a, b in zip(first.inner, again.inner):
        assert np.array_equal(a, b)
    assert np.array_equal(first.boxes, again.boxes) and first.names[27700] == again.names[27700]
    assert candidates.frames_holding(np.array([[100.0, 100.0]])) == (27700, 28992)
    assert candidates.frames_holding(np.array([[900.0, 900.0]])) == (28992,)


def _cache_file(folder: Path) -> Path:
    (path,) = [f for f in folder.iterdir() if f.name.startswith(candidates._NAME + "-")]
    return path


def _flip_last_byte(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[-1] ^= 0x55
    path.write_bytes(bytes(data))


_DAMAGE = {
    "a byte changed": _flip_last_byte,
    "truncated": lambda p: p.write_bytes(p.read_bytes()[:-100]),
    "cut in the header": lambda p: p.write_bytes(p.read_bytes()[:40]),
    "empty": lambda p: p.write_bytes(b""),
    "JSON": lambda p: p.write_text('{"codes": [28992], "rings": [[0, 0, 1', encoding="utf-8"),
    "another layout": lambda p: cache.write_arrays(candidates._NAME,
                                                   {"codes": np.array([28992], np.int32)}),
    "a ring cut short": lambda p: cache.write_arrays(
        candidates._NAME, {**{k: np.array(v) for k, v in cache.read_arrays(
            candidates._NAME).items()}, "ring_at": np.array([0, 5, 8, 15])}),
}


def _forged(**changes) -> "Callable[[Path], None]":
    """A file rewritten with its digest made afresh (a forged file, not damage): the arrays as
    stored, ``changes`` applied to copies of them."""
    def forge(path: Path) -> None:
        arrays = {k: np.array(v) for k, v in cache.read_arrays(candidates._NAME).items()}
        for name, change in changes.items():
            arrays[name] = change(arrays)
        assert cache.write_arrays(candidates._NAME, arrays)
    return forge


def _grid_past_the_rows(a: dict) -> np.ndarray:
    grids = a["grids"].copy()
    grids[0] = 2**31 - 1  # the listing would size an array by it: 16 GiB (reviewer)
    return grids


def _inner_box_past_its_ring(a: dict) -> np.ndarray:
    inner = a["inner"].astype(float)
    inner[0] = (-1e9, -1e9, 1e9, 1e9)  # every point "inside" without asking GEOS
    return inner


def _names_cut_in_a_character(a: dict) -> dict:
    n = len(a["codes"])
    return {"name_blob": np.frombuffer("é".encode() * n, dtype=np.uint8),  # 2 bytes each
            "name_at": np.array([0] + [2 * i + 1 for i in range(n - 1)] + [2 * n])}


_DAMAGE.update({
    "forged: a grid number past the rows": _forged(grids=_grid_past_the_rows),
    "forged: an inner box past its ring's box": _forged(inner=_inner_box_past_its_ring),
    "forged: names cut inside a character": _forged(
        name_blob=lambda a: _names_cut_in_a_character(a)["name_blob"],
        name_at=lambda a: _names_cut_in_a_character(a)["name_at"]),
})


@pytest.mark.parametrize("damage", sorted(_DAMAGE))
def test_a_damaged_cache_file_is_built_afresh(small_index: Path, damage: str,
                                               monkeypatch) -> None:
    """A grid-areas file that is not whole (a crash mid-copy, a full disk, a changed byte) or
    not in this layout is never read as an index: it is built afresh, answers as GEOS says,
    and the file is written back whole."""
    candidates._index()
    good = _cache_file(small_index).read_bytes()
    _DAMAGE[damage](_cache_file(small_index))
    assert _cache_file(small_index).read_bytes() != good
    candidates._index.cache_clear()
    built: list[int] = []

    def counted() -> dict:
        built.append(1)
        return _small_build()

    monkeypatch.setattr(candidates, "_build", counted)
    for x, y in [(900.0, 900.0), (600.0, 400.0), (499.0, 500.0), (500.0, 500.0),
                 (10.0, 990.0), (0.0, 0.0), (500.0, 0.5)]:
        got = candidates._rows_holding(np.array([[x, y]])).tolist()
        assert got == _by_geos(x, y), (x, y)
    assert built == [1]
    assert _cache_file(small_index).read_bytes() == good


def test_an_old_json_cache_file_is_not_read(small_index: Path) -> None:
    """The JSON grid-areas file of earlier versions (another name) is left alone: the index
    is built and stored in its own file."""
    old = {**_small_build(), "inner": [[], [], []]}
    assert cache.write_json("grid-areas", old)
    candidates._index()
    assert cache.read_json("grid-areas") == old
    assert _cache_file(small_index).suffix == ".bin"


def test_rings_that_make_no_polygon_are_left_out(small_index: Path, monkeypatch) -> None:
    """A built ring that makes no polygon (not numbers, an odd count, too few points, a number
    beyond a float's range) is left out; the others are indexed and stored."""
    data = _small_build()
    data["codes"] += [4326, 3857, 2056, 21781]
    data["rings"] += ["not a ring", [5, 5, 6], [0, 0, 1, 1], [0, 0, 10**400, 0, 0, 1000]]
    monkeypatch.setattr(candidates, "_build", lambda: data)
    assert candidates.frames_holding(np.array([[100.0, 100.0]])) == (27700, 28992)
    assert cache.read_arrays(candidates._NAME)["codes"].tolist() == [2193, 27700, 28992]


def test_a_folded_ring_is_its_hull(small_index: Path, monkeypatch) -> None:
    """A ring that folds over itself (a rectangle over a pole) is indexed as its convex hull,
    as before: a superset of the area; stored as that hull's ring."""
    bowtie = [0, 0, 1000, 1000, 1000, 0, 0, 1000]
    monkeypatch.setattr(candidates, "_build", lambda: {
        "codes": [28992], "rings": [bowtie], "names": {"28992": "Amersfoort / RD New"}})
    hull = shapely.Polygon(np.reshape(bowtie, (-1, 2))).convex_hull
    assert candidates.frames_holding(np.array([[500.0, 100.0]])) == (28992,)
    ix = candidates._index()
    assert ix.polygons[0].equals_exact(hull, 0.0)
    assert candidates._rows_holding(np.array([[500.0, 100.0]])).tolist() == [0]


def test_polygons_are_built_when_first_tested(small_index: Path) -> None:
    """Loading the index builds no GEOS polygon; a point test builds those of the rows it asks
    GEOS about, once, and they equal the rings that were stored."""
    ix = candidates._index()
    assert not ix._built.any()
    candidates._rows_holding(np.array([[100.0, 100.0]]))
    assert 0 < ix._built.sum() < 3
    rings = [shapely.Polygon(np.reshape(r, (-1, 2))) for r in (SLIVER, TRIANGLE, SQUARE)]
    for made, ring in zip(ix.polygons, rings):
        assert made.equals_exact(ring, 0.0)
