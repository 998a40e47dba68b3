"""The in-memory region filter answers exactly as DuckDB's R-tree + ``ST_Intersects`` does.

One generated index (3,000 chunks: boxes, points, lines, two-part footprints, boxes split at
180°, footprints whose edges lie exactly on the regions' edges, and a no-extent lane) is queried
through both region filters over boxes at about 50%, 5% and 0.5% selectivity, circles, a concave
drawn polygon, a projected box, boxes and circles across the antimeridian and a feature point;
the rows found, and every field of every result row, must be identical, and both must equal a
brute-force shapely test over every footprint.
"""

from __future__ import annotations

import numpy as np
import pytest
import shapely

from geochunk.retrieve import Region, open_index, query_index
from geochunk.retrieve.build import write_prepared
from geochunk.retrieve.embed import get_embedder
from geochunk.retrieve.fuse import top_order
from geochunk.retrieve.inmemory import EXACT_ONLY_BELOW, FootprintCache
from geochunk.retrieve.recall import measure_recall, min_placed
from geochunk.retrieve.rows import ChunkRow, PreparedDocument
from geochunk.retrieve.search import Vectors, region_rids

N = 3000
WORDS = ["allotment", "woodland", "meadow", "car park", "orchard", "quarry", "reed bed", "cemetery",
         "flooding", "bats", "footpath", "clay soil", "hedgerow", "school field"]


def _footprint(rng: np.random.Generator, i: int):
    """A mix of the footprint shapes a build writes, most around Edinburgh, some by 180°."""
    kind = i % 10
    if kind == 9:
        return None  # no extent
    if kind == 8:  # near the antimeridian (Fiji), some split into two boxes at 180°
        x, y = float(rng.uniform(179.0, 180.0)), float(rng.uniform(-17.5, -16.0))
        if i % 20 == 8:
            return shapely.union_all([shapely.box(x, y, 180.0, y + 0.05), shapely.box(-180.0, y, -179.6, y + 0.05)])
        return shapely.box(x - 0.02, y, x, y + 0.02) if i % 40 == 18 else shapely.Point(-x, y)
    x, y = -3.19 + float(rng.normal(0, 0.06)), 55.95 + float(rng.normal(0, 0.035))
    if kind == 7:  # on the 0.01° grid the test regions' edges also lie on: edges touch exactly
        x, y = round(x, 2), round(y, 2)
        return shapely.box(x, y, x + 0.01, y + 0.01)
    if kind == 6:
        return shapely.Point(x, y)
    if kind == 5:
        return shapely.LineString([(x, y), (x + 0.004, y + 0.002)])
    if kind == 4:  # two parcels far apart: their box spans the gap, the footprint does not
        return shapely.union_all([shapely.box(x, y, x + 0.001, y + 0.001),
                                  shapely.box(x + 0.05, y + 0.03, x + 0.051, y + 0.031)])
    if kind == 3:
        return shapely.MultiPoint([(x, y), (x - 0.03, y + 0.02)])
    w, h = float(rng.uniform(0.0003, 0.004)), float(rng.uniform(0.0002, 0.003))
    return shapely.box(x, y, x + w, y + h)


@pytest.fixture(scope="module")
def ix(tmp_path_factory: pytest.TempPathFactory):
    rng = np.random.default_rng(5)
    emb = get_embedder("static")
    texts = [f"Parcel {i}: {WORDS[i % len(WORDS)]} beside the {WORDS[(i * 7) % len(WORDS)]}" for i in range(N)]
    vecs = emb.encode(texts)
    docs = []
    for d in range(0, N, 100):
        rows = []
        for i in range(d, d + 100):
            g = _footprint(rng, i)
            rows.append(ChunkRow(
                chunk_id=f"d{d}#{i - d}", doc_id=f"d{d}", doc_sha256=f"{d:064d}", chunk_index=i - d,
                feature_ids=(f"F-{i}",), text=texts[i],
                footprint_wkb=shapely.to_wkb(g) if g is not None else None, has_extent=g is not None,
                extent=tuple(g.bounds) if g is not None else None, epsg=4326 if g is not None else None,
                frame_confidence=0.9 if g is not None else None, frame_flagged=i % 13 == 0, flags=(),
            ))
        docs.append(PreparedDocument(f"d{d}", f"{d:064d}", tuple(rows), vecs[d:d + 100]))
    db = tmp_path_factory.mktemp("paths") / "paths.duckdb"
    write_prepared(docs, db, emb, collection="gen", version="1", licence="CC0-1.0", period=(None, None),
                   resolution_m=None)
    index = open_index(db)
    yield index
    index.close()


def _concave() -> Region:
    """A drawn U shape (not convex, not a box) over the middle of the corpus."""
    ring = [(-3.28, 55.90), (-3.10, 55.90), (-3.10, 56.00), (-3.15, 56.00), (-3.15, 55.93),
            (-3.23, 55.93), (-3.23, 56.00), (-3.28, 56.00), (-3.28, 55.90)]
    return Region.from_geojson({"type": "Polygon", "coordinates": [ring]})


REGIONS = {
    "box ~50%": lambda: Region.from_bbox(-3.40, 55.80, -3.19, 56.10),
    "box ~5%": lambda: Region.from_bbox(-3.21, 55.94, -3.18, 55.96),
    "box ~0.5%": lambda: Region.from_bbox(-3.20, 55.95, -3.195, 55.955),
    "box on the grid edges": lambda: Region.from_bbox(-3.25, 55.92, -3.13, 55.98),
    "circle": lambda: Region.near(-3.19, 55.95, 4000),
    "small circle": lambda: Region.near(-3.20, 55.94, 600),
    "concave polygon": _concave,
    "projected box (EPSG:27700)": lambda: Region.from_bbox(318000, 668000, 330000, 678000, epsg=27700),
    "box across 180°": lambda: Region.from_bbox(179.5, -17.5, -179.5, -16.0),
    "circle across 180°": lambda: Region.near(179.95, -16.8, 60_000),
    "feature point": lambda: Region.around(shapely.Point(-3.19, 55.95), label="p"),
    "nowhere": lambda: Region.from_bbox(10, 10, 11, 11),
}


@pytest.mark.parametrize("name", list(REGIONS))
def test_memory_filter_finds_the_rtree_rows(ix, name) -> None:
    region = REGIONS[name]()
    mem = ix.rids[ix.regions.positions(region.geometry)]
    sql = np.sort(region_rids(ix.con, region.wkt))
    brute = ix.rids[np.flatnonzero([g is not None and g.intersects(region.geometry) for g in ix.footprints])]
    assert mem.tolist() == sql.tolist() == brute.tolist()


def test_the_regions_cover_the_selectivities_and_both_filter_routes(ix) -> None:
    """Not a vacuous comparison: the boxes hold about 50/5/0.5% of the placed chunks, the
    polygons are big enough for the grid route, and footprints touch the region edges."""
    placed = len(ix.rids) - len(ix.regions.no_extent)
    share = {n: len(ix.regions.positions(REGIONS[n]().geometry)) / placed for n in REGIONS}
    assert 0.35 < share["box ~50%"] < 0.65 and 0.02 < share["box ~5%"] < 0.1
    assert 0.002 < share["box ~0.5%"] < 0.01 and share["nowhere"] == 0
    assert share["box across 180°"] > 0 and share["circle across 180°"] > 0
    for name in ("circle", "concave polygon", "projected box (EPSG:27700)"):
        g = REGIONS[name]().geometry
        assert g.geom_type == "Polygon" and not g.equals(shapely.box(*g.bounds))
        assert len(ix.regions._overlapping(g.bounds)) >= EXACT_ONLY_BELOW  # the grid route runs
    edge = REGIONS["box on the grid edges"]().geometry
    touching = [g for g in ix.footprints if g is not None and g.touches(edge)]
    assert touching  # boundary contact only: both filters must count these as inside


@pytest.mark.parametrize("name", ["box ~50%", "box ~5%", "box ~0.5%", "concave polygon", "circle across 180°"])
@pytest.mark.parametrize("no_extent", [False, True])
def test_query_answers_are_identical_through_both_filters(ix, name, no_extent) -> None:
    region = REGIONS[name]()
    answers = []
    for how in ("memory", "rtree"):
        res = query_index(ix, "woodland with bats near the footpath", region, k=25,
                          include_no_extent=no_extent, region_filter=how)
        d = res.to_dict()
        d.pop("timings_ms")
        d.pop("staleness")
        d.pop("work")  # the filters' own counters
        answers.append(d)
    assert answers[0] == answers[1]
    assert answers[0]["results"]  # something was compared
    assert (answers[0]["no_extent"]["lane"] > 0) == no_extent
    # the lane's rows rank: without the distance ranking (placed rows nearest the anchor lead
    # when the words tie, as they do in this corpus) they are among the first
    flat = query_index(ix, "woodland with bats near the footpath", region, k=25, include_no_extent=no_extent,
                       proximity_weight=0.0)
    assert ("no-extent" in {r.lane for r in flat.rows}) == no_extent


def test_unknown_region_filter_is_refused(ix) -> None:
    from geochunk.errors import ConfigError

    with pytest.raises(ConfigError, match="valid values: memory, rtree"):
        query_index(ix, "x", REGIONS["box ~5%"](), region_filter="hnsw")


def test_gathered_full_and_run_products_give_the_same_scores() -> None:
    """Above 1/16 of the rows every row is scored and the survivors picked; below, the survivors
    are gathered first; stored in another order, runs of rows are scored in place. Each row's
    score is bitwise the same every way."""
    rng = np.random.default_rng(0)
    n = 20_000
    m = rng.normal(size=(n, 256)).astype(np.float32)
    v = Vectors(np.arange(n) * 3, m)
    q = rng.normal(size=256).astype(np.float32)
    full = m @ q
    perm = rng.permutation(n)
    stored = v.in_order(perm)
    assert np.array_equal(stored.matrix, m)
    few = np.sort(rng.choice(n, 100, replace=False))  # scattered in storage: gathered
    many = np.sort(rng.choice(n, n // 2, replace=False))  # every row scored, then picked
    runs = np.sort(perm[3000:9000])  # contiguous in storage: scored in place, run by run
    assert len(few) < v.GATHER_SHARE * n < len(many)
    for pos in (few, many, runs):
        assert np.array_equal(v.scores_at(pos, q), full[pos])
        assert np.array_equal(stored.scores_at(pos, q), full[pos])
        assert np.array_equal(stored.scores(v.rids[pos], q), full[pos])


def test_top_order_equals_a_full_sort_with_ties() -> None:
    rng = np.random.default_rng(1)
    for n, k in ((10, 100), (1000, 7), (5000, 100), (5000, 1)):
        scores = rng.integers(0, 20, size=n).astype(np.float32)  # many ties
        keys = rng.permutation(n * 2)[:n]
        assert top_order(scores, keys, k).tolist() == np.lexsort((keys, -scores))[:k].tolist()


def test_footprint_cache_border_cases() -> None:
    """A footprint whose box overlaps a rectangle but which itself misses it (two points across
    its corner) is not in; one touching the edge is; a box over a concave notch is not."""
    u = shapely.Polygon([(0, 0), (3, 0), (3, 3), (2, 3), (2, 1), (1, 1), (1, 3), (0, 3)])
    fc = FootprintCache.from_footprints(
        [shapely.MultiPoint([(-1, 2), (2, -1)]), shapely.Point(1, 1.5), shapely.box(1.2, 1.5, 1.8, 2.5),
         shapely.box(-1, -1, 0, 0), None] + [shapely.Point(0.5, 0.5)] * EXACT_ONLY_BELOW)
    assert fc.positions(shapely.box(0, 0, 1, 1)).tolist()[:3] == [3, 5, 6]
    got = set(fc.positions(u).tolist())
    assert 1 in got and 3 in got and 2 not in got and 0 not in got and 4 not in got


def test_recall_gate_says_when_an_index_is_too_small(ix) -> None:
    """3,000 rows, 2,700 placed: 50% and 5% are claims, 0.5% (needs 2,000 placed) is one too;
    the figures come with both filters agreeing."""
    rep = measure_recall(ix.con, queries=3)
    placed = len(ix.rids) - len(ix.regions.no_extent)
    assert all(f.filters_agree for f in rep.figures) and rep.passed
    for f in rep.figures[1:]:
        assert f.placed == placed and f.claimed == (placed >= min_placed(f.target_selectivity))
    small = type(rep.figures[-1])("0.5%", 0.005, 0.03, 12, 1.0, placed=33)
    assert not small.claimed and "not claimed — needs >= 2,000 placed chunks, this index has 33" in small.line()
    assert "closest region instead: 1.000 (selectivity 3.00%" in small.line()
    empty = type(rep.figures[-1])("5%", 0.05, 0.0, 0, 1.0, placed=0)
    assert empty.line().endswith("this index has 0 (nothing to check)")


def _city(n: int = 20_000) -> FootprintCache:
    """Parcel-like footprints over a city (small boxes, points, short lines; 2% wide boxes and
    1% without extent), rows in no spatial order."""
    rng = np.random.default_rng(9)
    x, y = rng.uniform(-3.35, -3.05, n), rng.uniform(55.85, 56.05, n)
    w, h = rng.uniform(0.0002, 0.003, n), rng.uniform(0.0002, 0.002, n)
    wide = rng.random(n) < 0.02
    w[wide], h[wide] = w[wide] * 30, h[wide] * 30
    foot = shapely.box(x, y, x + w, y + h).astype(object)
    foot[::7] = shapely.points(x[::7], y[::7])
    foot[3::11] = shapely.linestrings(np.stack([np.stack([x, y], 1), np.stack([x + w, y + h], 1)], 1)[3::11])
    foot[rng.random(n) < 0.01] = None
    return FootprintCache.from_footprints(list(foot))


@pytest.mark.parametrize("share, most", [(0.005, 0.08), (0.05, 0.3)])
@pytest.mark.parametrize("shape", ["box", "circle"])
def test_memory_filter_uses_its_spatial_index(share, most, shape) -> None:
    """The in-memory counterpart of the EXPLAIN assertion: a selective region compares the leaf
    boxes of the packed index (one per LEAF footprints in Z-order) and examines only the
    footprints of the leaves that overlap it — a small share of the rows, not every row — and
    finds exactly what a brute-force test of every footprint finds."""
    from geochunk.retrieve.inmemory import LEAF

    fc = _city()
    n = len(fc.footprints)
    side = (0.30 * 0.20 * share) ** 0.5  # the city is 0.30 x 0.20 degrees
    region = shapely.box(-3.2, 55.95, -3.2 + side * 1.5, 55.95 + side / 1.5)
    if shape == "circle":
        region = shapely.Point(-3.2, 55.95).buffer(side / 1.7, quad_segs=16)
    pos, work = fc.search(region)
    brute = np.flatnonzero([g is not None and g.intersects(region) for g in fc.footprints])
    assert pos.tolist() == brute.tolist()  # the index loses nothing
    assert 0.4 * share * n < len(pos) < 2.5 * share * n  # the selectivity is what the name says
    assert work.leaves == -(-n // LEAF) and work.leaves_hit * LEAF >= work.examined
    assert work.examined <= most * n  # a regression to a scan of every row fails here
    assert work.found == len(pos) <= work.candidates <= work.examined and work.exact_tests <= work.candidates
    if shape == "box" and work.candidates >= EXACT_ONLY_BELOW:
        assert work.exact_tests < work.candidates / 2  # boxes inside the rectangle need no GEOS test


@pytest.mark.parametrize("name", ["box ~0.5%", "box ~5%", "small circle", "box across 180°", "nowhere"])
def test_query_work_shows_region_before_vectors(ix, name) -> None:
    """What a query reports it did: the footprints the index examined (fewer than the rows for
    a selective region, even on these deliberately mixed footprints: 20% wide boxes and a
    world-wide box per 20 rows), the survivors, and only the survivors' vectors — or the runs
    of stored rows that hold them, at most 8x as many — multiplied and ranked."""
    region = REGIONS[name]()
    pos, work = ix.regions.search(region.geometry)
    res = query_index(ix, "woodland with bats near the footpath", region, k=10)
    w, n = res.work, len(ix.rids)
    assert w["filter"] == "memory" and w["rows"] == n
    assert w["footprints_examined"] == work.examined < n / 2 and w["exact_tests"] == work.exact_tests
    assert w["in_region"] == len(pos) == res.in_region and w["vectors_ranked"] == res.searched == len(pos)
    assert len(pos) <= w["vectors_multiplied"] <= 8 * len(pos)
    rtree = query_index(ix, "woodland with bats near the footpath", region, k=10, region_filter="rtree").work
    assert rtree["filter"] == "rtree" and rtree["footprints_examined"] is None  # DuckDB's own count
    assert rtree["in_region"] == w["in_region"] and rtree["vectors_ranked"] == w["vectors_ranked"]


def _blas_threads() -> list[int]:
    """Threads of the BLAS libraries the scorer limits (those loaded when it first ran: numpy's;
    a library loaded later, e.g. scipy's by another test, is not the one that multiplies)."""
    from geochunk.retrieve.search import _blas_controller

    return [d["num_threads"] for d in _blas_controller().select(user_api="blas").info()]


def test_one_blas_thread_is_scoped_even_when_scopes_overlap() -> None:
    """The limit is process-wide, so overlapping scopes (two queries on two threads) must not
    leave it behind: entered A, entered B, left A, left B restores what was there before."""
    from threadpoolctl import threadpool_limits

    from geochunk.retrieve.search import _one_blas_thread

    with threadpool_limits(limits=2, user_api="blas"):
        before = _blas_threads()
        assert before and all(t == 2 for t in before)  # otherwise the test proves nothing
        a, b = _one_blas_thread(), _one_blas_thread()
        a.__enter__()
        b.__enter__()
        assert all(t == 1 for t in _blas_threads())
        a.__exit__(None, None, None)
        assert all(t == 1 for t in _blas_threads())  # B still runs: still one thread
        b.__exit__(None, None, None)
        assert _blas_threads() == before


def test_concurrent_queries_from_threads_answer_as_one_at_a_time(ix) -> None:
    """An open index shared by threads (the app's sessions): every answer equals the same
    query run alone, and the BLAS limit is what it was once they are done."""
    from concurrent.futures import ThreadPoolExecutor

    from threadpoolctl import threadpool_limits

    names = ["box ~50%", "box ~5%", "box ~0.5%", "concave polygon", "circle across 180°", "small circle"]
    qs = [(f"{WORDS[i % len(WORDS)]} by the {WORDS[(3 * i) % len(WORDS)]}", names[i % len(names)]) for i in range(24)]

    def ask(q: tuple[str, str]) -> dict:
        d = query_index(ix, q[0], REGIONS[q[1]](), k=10).to_dict()
        d.pop("timings_ms")
        d.pop("staleness")
        return d

    with threadpool_limits(limits=2, user_api="blas"):
        alone = [ask(q) for q in qs]
        with ThreadPoolExecutor(max_workers=4) as pool:
            together = list(pool.map(ask, qs))
        assert all(t == 2 for t in _blas_threads())
    assert together == alone
