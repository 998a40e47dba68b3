"""Retrieval: real DuckDB + spatial, real shipped model2vec model, real bm25s, real Dask.

One small corpus is indexed once per module (two collections, one with a NoAI licence; a chunk
with a flagged frame; chunks without extent); the tests then prove each stage.
"""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import duckdb
import pytest

from geochunk.cli import main
from geochunk.errors import GeochunkError
from geochunk.model import ChunkConfig
from geochunk.pipeline import chunk_text
from geochunk.retrieve import IndexBuildError, Region, build_index, open_index, query_index
from geochunk.retrieve.recall import TARGETS
from geochunk.retrieve.search import explain_region
from geochunk.retrieve.store import StoreError, connect

CFG = ChunkConfig(budget=48)

OPEN_A = """Frame: EPSG:4326.

## Allotments
Community allotment gardens with raised vegetable beds: POINT (-3.190 55.950)

## Car park
Tarmac car park for the leisure centre: POINT (-3.170 55.940)

## Woodland
Ancient oak woodland with bluebells: POLYGON ((-3.25 55.90, -3.24 55.90, -3.24 55.91, -3.25 55.91, -3.25 55.90))

## Minutes
The committee discussed the allotment waiting list and compost deliveries on Tuesday.
"""

# no frame declared: WGS 84 is guessed from the coordinates, so the frame is flagged
OPEN_B = """Orchard planting of apple and pear trees near the allotments: POINT (-3.188 55.951)
"""

CLOSED = """Frame: EPSG:4326.

Private allotment survey, not licensed for AI use: POINT (-3.1905 55.9501)
"""


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("corpus")
    files = {"open_a": OPEN_A, "open_b": OPEN_B, "closed": CLOSED}
    out = {}
    for name, text in files.items():
        p = d / f"{name}.md"
        p.write_text(text, encoding="utf-8")
        out[name] = p
    db = d / "index.duckdb"
    build_index([str(out["open_a"]), str(out["open_b"])], db, collection="open", version="v1",
                licence="CC-BY-4.0", period="2019/2021", config=CFG)
    build_index([str(out["closed"])], db, collection="closed", version="v7",
                licence="LicenseRef-NoAI", config=CFG)
    out["db"] = db
    return out


@pytest.fixture(scope="module")
def ix(corpus):
    index = open_index(corpus["db"])
    yield index
    index.close()


def test_plan_uses_rtree(ix) -> None:
    region = Region.near(-3.19, 55.95, 2000)
    plan = explain_region(ix.con, region.wkt, [0.0] * ix.embedder.dims)
    assert "RTREE_INDEX_SCAN" in plan, plan
    assert "chunks_footprint_rtree" in plan
    assert "ST_Intersects" in plan  # the exact predicate runs on the R-tree's survivors


def test_region_filter_is_exact_and_results_inside(ix) -> None:
    res = query_index(ix, "allotment gardens", Region.near(-3.19, 55.95, 500))
    ids = [r.chunk_id for r in res.rows]
    assert ids and all(r.lane == "region" for r in res.rows)
    for r in res.rows:  # a distance only where the frame measures (the flagged guess has none)
        if r.claim == "measurement":
            assert r.distance_m is not None and r.distance_m <= 500
        else:
            assert r.distance_m is None and r.proximity == 0.0 and r.frame_flagged, r
    assert {r.claim for r in res.rows} == {"measurement", "descriptive"}
    # the car park (~1.6 km away) and the woodland (~5 km) are outside
    assert not any("Car park" in r.text or "Woodland" in r.text for r in res.rows)
    top = res.rows[0]
    assert "allotment" in top.text.lower() and top.distance_m == pytest.approx(0.0, abs=1e-6)
    assert top.proximity == pytest.approx(1.0)
    for r in res.rows:  # every score component is present and consistent
        assert r.fused > 0 and 0 <= r.proximity <= 1 and r.final > 0
        assert r.dense_rank is not None or r.bm25_rank is not None


def test_distances_are_metres_on_the_ellipsoid(ix) -> None:
    res = query_index(ix, "car park", Region.near(-3.19, 55.95, 3000), k=10)
    car = next(r for r in res.rows if "Car park" in r.text)
    # the geodesic on the WGS 84 ellipsoid (pyproj Geod.inv: 1,673.7 m), not degrees
    from pyproj import Geod

    assert car.distance_m == pytest.approx(Geod(ellps="WGS84").inv(-3.19, 55.95, -3.17, 55.94)[2], abs=0.5)
    exp = 0.5 ** (car.distance_m / res.half_life_m)
    assert car.proximity == pytest.approx(exp)
    lin = query_index(ix, "car park", Region.near(-3.19, 55.95, 3000), decay="linear", half_life_m=1000)
    car_lin = next(r for r in lin.rows if "Car park" in r.text)
    assert car_lin.proximity == pytest.approx(max(0.0, 1 - car.distance_m / 2000))


def test_licence_excludes_collection_with_reason(ix) -> None:
    res = query_index(ix, "allotment survey", Region.near(-3.19, 55.95, 500))
    by_name = {s.collection: s for s in res.shortlist}
    assert by_name["closed"].included is False
    assert "LicenseRef-NoAI" in by_name["closed"].reason and by_name["closed"].in_region == 1
    assert by_name["open"].included and by_name["open"].reason.startswith(f"{by_name['open'].in_region} of ")
    assert all(r.collection == "open" for r in res.rows)


def test_period_excludes_and_collection_coverage_counts_items(ix) -> None:
    res = query_index(ix, "allotment", Region.near(-3.19, 55.95, 500), period="2023")
    open_ = next(s for s in res.shortlist if s.collection == "open")
    assert not open_.included and "period 2019/2021 does not overlap 2023/2023" in open_.reason
    assert res.rows == ()
    far = query_index(ix, "allotment", Region.from_bbox(-3.26, 55.895, -3.235, 55.915))
    assert next(s for s in far.shortlist if s.collection == "open").in_region == 1  # the woodland only


def test_no_extent_lane_counted_and_searchable(ix) -> None:
    region = Region.near(-3.19, 55.95, 500)
    skipped = query_index(ix, "committee waiting list compost", region)
    assert skipped.no_extent_total >= 1 and not skipped.no_extent_searched
    assert all(r.lane == "region" for r in skipped.rows)
    searched = query_index(ix, "committee waiting list compost", region, include_no_extent=True)
    minutes = [r for r in searched.rows if "committee" in r.text]
    assert minutes and minutes[0].lane == "no-extent" and minutes[0].distance_m is None
    assert minutes[0].proximity == 0.0 and minutes[0].bm25_rank == 1
    assert searched.no_extent_lane == searched.no_extent_total == searched.to_dict()["no_extent"]["lane"]


def test_no_extent_count_leaves_out_collections_not_searched(ix) -> None:
    """Asked for the closed collection only, the open collection's chunks without extent are not
    searched, and the answer must not say they were (it said 'lane searched: <all of them>')."""
    from geochunk.retrieve.cli import format_result

    res = query_index(ix, "committee waiting list compost", Region.near(-3.19, 55.95, 500),
                      collections=("closed",), include_no_extent=True)
    assert res.no_extent_total >= 1 and res.no_extent_lane == 0 and not res.rows
    assert res.to_dict()["no_extent"] == {"total": res.no_extent_total, "searched": True, "lane": 0,
                                          "skipped": res.no_extent_total}
    assert f"no-extent lane searched: 0 of {res.no_extent_total}" in format_result(res)[1]


def test_flagged_frame_result_is_marked(ix) -> None:
    res = query_index(ix, "orchard apple pear trees", Region.near(-3.19, 55.95, 500))
    orchard = next(r for r in res.rows if "Orchard" in r.text)
    assert orchard.frame_flagged and orchard.frame_confidence < 0.5
    from geochunk.retrieve.cli import format_result

    line = next(x for x in format_result(res) if orchard.chunk_id in x)
    assert "FLAG" in line


def test_staleness_and_recall_recorded(ix) -> None:
    # staleness from a fixed clock (an hour after the build), never the machine's own
    import datetime as dt

    built = dt.datetime.fromisoformat(ix.meta["built_at"])
    oldest = min(c.refreshed_at for c in ix.catalog)
    now = built + dt.timedelta(hours=1)
    res = query_index(ix, "allotment", Region.near(-3.19, 55.95, 500), now=now)
    st = res.staleness
    assert st.index_age_s == 3600.0 and st.index_built_at == built.isoformat() + "Z"
    assert st.catalog_refresh_age_s == (now - oldest).total_seconds()
    assert st.corpus_versions == {"closed": "v7", "open": "v1"}
    rec = dict(ix.con.execute("SELECT label, recall_at_10 FROM recall").fetchall())
    assert set(rec) == {"unfiltered", *(lbl for lbl, _ in TARGETS)}
    assert min(rec.values()) >= 0.95


def test_feature_region(ix, corpus) -> None:
    con = ix.con
    fid = con.execute("SELECT feature_ids[1] FROM chunks WHERE text LIKE '%Woodland%'").fetchone()[0]
    from geochunk.retrieve import resolve_feature

    region = resolve_feature(ix, fid, radius_m=100)
    res = query_index(ix, "oak woodland", region)
    assert res.rows and "Woodland" in res.rows[0].text and res.rows[0].distance_m == 0.0


def test_query_refuses_another_model(corpus, tmp_path) -> None:
    db = tmp_path / "copy.duckdb"
    shutil.copyfile(corpus["db"], db)
    con = duckdb.connect(str(db))
    con.execute("UPDATE meta SET value = ? WHERE key = 'model_id'", [json.dumps("model2vec:other:000000000000")])
    con.close()
    with pytest.raises(Exception, match="embedded with model2vec:other"):
        open_index(db)
    with pytest.raises(IndexBuildError, match="embedded with"):
        build_index([str(corpus["open_b"])], db, collection="open", embedder="hashing", config=CFG)


def test_build_failures_write_nothing(corpus, tmp_path) -> None:
    db = tmp_path / "new.duckdb"
    bad = tmp_path / "latin1.md"  # a document that cannot be read
    bad.write_bytes("Frame: EPSG:4326.\n\nThe caf\u00e9 site: POINT (-3.19 55.95)\n".encode("latin-1"))
    with pytest.raises(GeochunkError, match="not valid UTF-8"):
        build_index([str(bad)], db, collection="x", embedder="hashing", config=CFG)
    assert not db.exists() and list(tmp_path.glob(".new.duckdb*")) == []
    # metres with no frame: no WGS 84 extent can be computed, so the no-extent lane (issue #27:
    # the build goes on), the chunk flagged and saying why
    unplaced = tmp_path / "unplaced.md"
    unplaced.write_text("Site: POINT (530000 180000)\n", encoding="utf-8")
    report = build_index([str(unplaced)], tmp_path / "unplaced.duckdb", collection="x",
                         embedder="hashing", config=CFG)
    assert report.no_extent_rows == report.rows == 1
    (c,) = chunk_text(unplaced.read_text(encoding="utf-8"), CFG).chunks
    assert c.bbox_wgs84 is None and "no_extent" in c.flags and "frame unknown" in c.extent_note
    # an existing index is left byte-identical by a failed update
    existing = tmp_path / "existing.duckdb"
    shutil.copyfile(corpus["db"], existing)
    before = existing.read_bytes()
    with pytest.raises(GeochunkError):
        build_index([str(bad)], existing, collection="open", config=CFG)
    assert existing.read_bytes() == before


def test_a_documents_own_broken_geometry_is_indexed_flagged(tmp_path) -> None:
    """Issue 27: a geometry that does not parse in the document itself (an unclosed polygon, a
    truncated example) is kept as flagged text, as ``geochunk validate`` accepts it; it used to
    fail the whole document."""
    bad = tmp_path / "bad.md"
    bad.write_text("Frame: EPSG:4326.\n\nWell: POINT (-3.19 55.95)\n\nBroken: POLYGON ((1 2, 3 4\n",
                   encoding="utf-8")
    db = tmp_path / "broken.duckdb"
    rep = build_index([str(bad)], db, collection="x", embedder="hashing", config=CFG)
    assert rep.added == ("bad.md",)
    con = connect(db, read_only=True)
    rows = con.execute("SELECT has_extent, flags FROM chunks ORDER BY rid").fetchall()
    con.close()
    assert any(placed for placed, _ in rows)
    assert any("unclosed_geometry" in flags for _, flags in rows)


def _table(db: Path, with_time: bool = True) -> list[tuple]:
    con = connect(db, read_only=True)
    cols = "rid, chunk_id, doc_id, doc_sha256, text, embedding, ST_AsText(footprint), frame_flagged, flags"
    if with_time:
        cols += ", built_at"
    rows = con.execute(f"SELECT {cols} FROM chunks ORDER BY rid").fetchall()
    con.close()
    return rows


def test_reindex_replaces_only_the_changed_document(corpus, tmp_path) -> None:
    a, b = tmp_path / "a.md", tmp_path / "b.md"
    a.write_text(OPEN_A, encoding="utf-8")
    b.write_text(OPEN_B, encoding="utf-8")
    db = tmp_path / "re.duckdb"
    build_index([str(a), str(b)], db, collection="c", embedder="hashing", config=CFG)
    before = _table(db)
    same = build_index([str(a), str(b)], db, collection="c", embedder="hashing", config=CFG)
    assert same.unchanged == ("a.md", "b.md") and _table(db) == before  # ids: paths under the root
    b.write_text(OPEN_B.replace("apple and pear", "plum and cherry"), encoding="utf-8")
    rep = build_index([str(b)], db, collection="c", embedder="hashing", config=CFG)
    assert rep.replaced == ("b.md",) and rep.added == ()
    assert rep.replaced_why == (("b.md", "content changed"),)
    after = _table(db)
    a_rows = [r for r in before if r[2] == "a.md"]
    assert [r for r in after if r[2] == "a.md"] == a_rows  # untouched, even the build time
    b_after = [r for r in after if r[2] == "b.md"]
    assert b_after and all("plum" in r[4] for r in b_after)
    assert {r[3] for r in b_after} != {r[3] for r in before if r[2] == "b.md"}


@pytest.mark.slow
@pytest.mark.parametrize("pool", ["fork", "dask"])
def test_one_or_two_workers_give_the_same_index(corpus, tmp_path, monkeypatch, pool) -> None:
    import sys
    import types

    # as under Streamlit (AppTest leaves its script as __main__): workers must not re-run it
    fake_main = types.ModuleType("__main__")
    fake_main.__file__ = str(tmp_path / "app_that_must_not_run.py")
    (tmp_path / "app_that_must_not_run.py").write_text("raise SystemExit('re-ran __main__')\n")
    monkeypatch.setitem(sys.modules, "__main__", fake_main)
    paths = [str(corpus["open_a"]), str(corpus["open_b"]), str(corpus["closed"])]
    one, two = tmp_path / "one.duckdb", tmp_path / "two.duckdb"
    build_index(paths, one, collection="c", config=CFG, workers=1, embedder="hashing")
    seen = []
    peaks: dict[str, float] = {}
    build_index(paths, two, collection="c", config=CFG, workers=2, embedder="hashing", pool=pool,
                progress=lambda done, total, label: seen.append((done, total)), peaks=peaks.update)
    assert peaks and all(mb > 0 for mb in peaks.values())  # each worker's peak memory, reported
    assert _table(one, with_time=False) == _table(two, with_time=False)
    assert seen[-1] == (3, 3)
    con1, con2 = connect(one, read_only=True), connect(two, read_only=True)
    for sql in ("SELECT * FROM lexical ORDER BY name", "SELECT * FROM lexical_terms ORDER BY term_id",
                "SELECT * FROM lexical_postings ORDER BY rid, term_id"):
        assert con1.execute(sql).fetchall() == con2.execute(sql).fetchall()
    con1.close()
    con2.close()


def test_cli_index_and_query(corpus, tmp_path) -> None:
    db = tmp_path / "cli.duckdb"
    out, err = io.StringIO(), io.StringIO()
    code = main(["index", str(corpus["open_a"]), "--db", str(db), "--collection", "cli",
                 "--budget", "48", "--no-progress"], out=out, err=err)
    assert code == 0, err.getvalue()
    assert "recall@10       0.5%" in out.getvalue()
    out = io.StringIO()
    code = main(["query", "allotment gardens", "--db", str(db), "--near", "-3.19,55.95",
                 "--radius", "800", "--json"], out=out, err=err)
    assert code == 0, err.getvalue()
    data = json.loads(out.getvalue())
    assert data["results"][0]["distance_m"] == 0.0 and data["staleness"]["corpus_versions"] == {"cli": "1"}
    assert {"semantic", "bm25_rank", "fused", "distance_m", "proximity", "final", "frame_flagged"} <= set(
        data["results"][0])
    err = io.StringIO()
    assert main(["query", "x", "--db", str(db), "--near", "-3.19,55.95"], out=out, err=err) == 2
    assert "needs --radius" in err.getvalue()
    err = io.StringIO()
    assert main(["query", "x", "--db", str(tmp_path / "none.duckdb"), "--bbox", "0,0,1,1"], out=out, err=err) == 1
    assert "no index at" in err.getvalue()


def test_store_refuses_non_index(tmp_path) -> None:
    db = tmp_path / "plain.duckdb"
    duckdb.connect(str(db)).close()
    with pytest.raises(StoreError, match="not a geochunk index"):
        open_index(db)


def test_unreadable_indexes_give_one_clear_line(corpus, tmp_path) -> None:
    """Another DuckDB file, a truncated index, an index whose BM25 arrays are gone, one written
    by a newer geochunk (index format 99), random bytes: ``geochunk query`` exits 1 with one line
    naming the problem, and ``geochunk index`` into them refuses the same way."""
    from geochunk.retrieve.store import INDEX_FORMAT, write_meta

    other = tmp_path / "other.duckdb"
    c = duckdb.connect(str(other))
    c.execute("CREATE TABLE t (a INT)")
    c.close()
    trunc = tmp_path / "trunc.duckdb"
    trunc.write_bytes(corpus["db"].read_bytes()[: 300_000])
    nolex, newer = tmp_path / "nolex.duckdb", tmp_path / "newer.duckdb"
    for p, change in ((nolex, lambda con: con.execute("DELETE FROM lexical")),
                      (newer, lambda con: write_meta(con, {"index_format": 99}))):
        p.write_bytes(corpus["db"].read_bytes())
        con = connect(p)
        change(con)
        con.close()
    noise = tmp_path / "noise.duckdb"
    noise.write_bytes(bytes(range(256)) * 40)
    expect = {other: "not a geochunk index", trunc: "damaged", nolex: "damaged",
              newer: f"index format 99; this geochunk reads format {INDEX_FORMAT}", noise: "cannot open index"}
    for db, words in expect.items():
        out, err = io.StringIO(), io.StringIO()
        assert main(["query", "x", "--db", str(db), "--bbox", "0,0,1,1"], out=out, err=err) == 1, db
        assert words in err.getvalue() and err.getvalue().count("\n") == 1, err.getvalue()
        assert "Traceback" not in err.getvalue() and not out.getvalue()
    for db in (other, newer):
        err = io.StringIO()
        assert main(["index", str(corpus["open_a"]), "--db", str(db), "--collection", "x", "--no-progress"],
                    out=io.StringIO(), err=err) == 1
        assert expect[db] in err.getvalue() and err.getvalue().count("\n") == 1, err.getvalue()


def test_concurrent_builds_lose_nothing(tmp_path, corpus) -> None:
    """A build whose view of the index is stale (another build landed since it read it) keeps
    the other build's documents: the write re-reads the index under the build lock. Before, the
    last ``os.replace`` won and a concurrent build's documents vanished with a success report."""
    from geochunk.retrieve.build import write_prepared
    from geochunk.retrieve.embed import get_embedder
    from geochunk.retrieve.rows import prepare_document

    db = tmp_path / "race.duckdb"
    emb = get_embedder("static")
    docs_b = [prepare_document("late.md", "Frame: EPSG:4326.\n\nA late pond survey: POINT (-3.2 55.95)\n", config=CFG)]
    # build B read the (absent) index first: existing = {} ... then another build landed
    shutil.copyfile(corpus["db"], db)
    rep = write_prepared(docs_b, db, emb, {}, collection="B", version="1", licence="unspecified",
                         period=(None, None), resolution_m=None)
    assert rep.added == ("late.md",) and rep.replaced == ()
    con = connect(db, read_only=True)
    try:
        docs = {r[0] for r in con.execute("SELECT DISTINCT doc_id FROM chunks").fetchall()}
        cols = {r[0] for r in con.execute("SELECT collection FROM collections").fetchall()}
    finally:
        con.close()
    assert docs == {corpus[k].name for k in ("open_a", "open_b", "closed")} | {"late.md"}
    assert cols == {"open", "closed", "B"}


def test_projected_bbox_across_the_antimeridian() -> None:
    """A box in a projected frame (EPSG:3832, PDC Mercator, lon_0 150°) straddling 180° is the
    two thin halves either side of the line, not the 358° ring the raw transform draws (which
    found a point 15,000 km away and missed both stations next to the line)."""
    import shapely

    r = Region.from_bbox(3228251, -1920000, 3450889, -1800000, epsg=3832)
    g = r.geometry
    assert g.contains(shapely.Point(179.5, -16.5)) and g.contains(shapely.Point(-179.5, -16.6))
    assert not g.intersects(shapely.Point(150, -16.5)) and not g.intersects(shapely.Point(0, -16.5))
    assert g.area == pytest.approx(2.0 * 1.085, rel=0.05)  # 2° of longitude by ~1.08° of latitude
    assert abs(abs(r.anchor[0]) - 180) < 0.01 and r.radius_m < 200_000
    # a circle, a buffered feature and a shape drawn past 180° on the map: the same
    for g in (Region.near(-179.9, -16.5, 50_000).geometry,
              Region.around(shapely.Point(179.95, -16.5), label="f", radius_m=50_000).geometry,
              Region.from_geojson({"type": "Polygon", "coordinates": [[[179.5, -17], [180.5, -17], [180.5, -16],
                                                                       [179.5, -16], [179.5, -17]]]}).geometry):
        assert g.contains(shapely.Point(179.9, -16.5)) and g.contains(shapely.Point(-179.9, -16.5))
        assert not g.intersects(shapely.Point(0, -16.5)) and g.area < 2


def test_recall_gate_fails_the_build_and_writes_nothing(tmp_path, corpus, monkeypatch) -> None:
    """The gate reads the production region path: when that path loses survivors (here: a
    region scan that returns no survivors), the tightest region's recall falls more than five
    points below unfiltered, the build fails with the figures and the old index is untouched."""
    import geochunk.retrieve.recall as recall_mod

    db = tmp_path / "gate.duckdb"
    shutil.copyfile(corpus["db"], db)
    before = db.read_bytes()
    real = recall_mod.scan_region

    def lossy(con, wkt, vec, vectors=None):
        rids, scores = real(con, wkt, vec, vectors)
        return rids[:0], scores[:0]

    monkeypatch.setattr(recall_mod, "scan_region", lossy)
    with pytest.raises(IndexBuildError, match=r"filtered recall gate failed: .*0\.5%"):
        build_index(["late.md"], db, collection="B", version="1", config=CFG,
                    texts=["Frame: EPSG:4326.\n\nA late pond survey: POINT (-3.2 55.95)\n"])
    assert db.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [".gate.duckdb.lock", "gate.duckdb"]


def test_recall_gate_catches_a_lossy_in_memory_filter(tmp_path, corpus, monkeypatch) -> None:
    """The default query path (the in-memory index) is checked too: when it drops one survivor
    of each region, the build fails naming the disagreement, and the old index is untouched."""
    from geochunk.retrieve.inmemory import FootprintCache

    db = tmp_path / "gate.duckdb"
    shutil.copyfile(corpus["db"], db)
    before = db.read_bytes()
    real = FootprintCache.positions
    monkeypatch.setattr(FootprintCache, "positions", lambda self, region: real(self, region)[:-1])
    with pytest.raises(IndexBuildError, match="region filters returned different rows"):
        build_index(["late.md"], db, collection="B", version="1", config=CFG,
                    texts=["Frame: EPSG:4326.\n\nA late pond survey: POINT (-3.2 55.95)\n"])
    assert db.read_bytes() == before
