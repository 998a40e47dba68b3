"""Store bake-off: the same filtered vector queries on four paths, recall@10 and latency.

    pip install -r requirements-bench.txt      # duckdb-extension-vss, lancedb (bench only)
    python benchmarks/bench_retrieve_bakeoff.py [--chunks 100000] [--queries 20] [--skip-hnsw]

Data: the generated corpus of :mod:`retrieve_corpus` (static-model embeddings, WGS 84 boxes).
Regions hold about 50%, 5% and 0.5% of the placed chunks. Truth: brute-force cosine top-10
among the chunks whose box intersects the region (numpy + shapely). Paths:

* ``geochunk``      — geochunk's query path: the in-memory region filter (cached footprint
  boxes, exact GEOS tests at the border only: inmemory.FootprintCache) and exact scores from the
  vectors held in memory in the footprints' Z-order (search.Vectors.in_order).
* ``geochunk-rtree`` — geochunk's other region filter: DuckDB R-tree + exact ``ST_Intersects``
  for the survivors' row ids, the same in-memory scores (search.scan_region with ``vectors``).
* ``duckdb-exact``  — the same R-tree survivors scored by DuckDB's ``array_inner_product`` in SQL.
* ``duckdb-hnsw``   — the same table with a vss HNSW index too (ef_search 200); the planner
  chooses between HNSW and the R-tree: ``ORDER BY array_cosine_distance LIMIT 10``.
* ``lancedb``       — IVF_HNSW_SQ vector index, bbox as four float columns, ``prefilter=True``,
  nprobes 16, 50 candidates then the exact shapely test; and LanceDB's own hybrid (vector + FTS +
  RRF) for latency.
* ``numpy``         — "embed everything, then filter": all cosine scores in numpy, region mask
  from a shapely STRtree.

Prints one line per path and selectivity: recall@10, p50 and p95 in ms (same run, same queries).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from retrieve_corpus import QUESTIONS, rows  # noqa: E402

K = 10


def pct(v: list[float], p: float) -> float:
    v = sorted(v)
    return v[min(len(v) - 1, int(round(p * (len(v) - 1))))]


def recall(found: list[int], truth: np.ndarray) -> float:
    if len(truth) == 0:
        return 1.0
    return len(set(int(x) for x in found[:K]) & set(int(x) for x in truth)) / len(truth)


def main() -> None:
    import shapely

    from geochunk.retrieve.embed import get_embedder
    from geochunk.retrieve.recall import _region_for
    from geochunk.retrieve.search import scan_region, vector_literal
    from geochunk.retrieve.store import connect

    ap = argparse.ArgumentParser()
    ap.add_argument("--chunks", type=int, default=100_000)
    ap.add_argument("--queries", type=int, default=20)
    ap.add_argument("--skip-hnsw", action="store_true")
    ap.add_argument("--skip-lance", action="store_true")
    a = ap.parse_args()

    emb = get_embedder("static")
    data = rows(a.chunks, no_extent_share=0.0)
    texts, boxes = data["texts"], data["boxes"]
    n = len(texts)
    t0 = time.perf_counter()
    vecs = emb.encode(texts)
    print(f"{n} chunks, {emb.dims} dims; embedded in {time.perf_counter() - t0:.1f} s")
    geoms = shapely.box(boxes[:, 0], boxes[:, 1], boxes[:, 2], boxes[:, 3])
    tree = shapely.STRtree(geoms)
    rng = np.random.default_rng(5)
    qtexts = [QUESTIONS[i % len(QUESTIONS)] for i in range(a.queries)]
    qvecs = emb.encode(qtexts)
    regions = {}
    for label, target in (("50%", 0.5), ("5%", 0.05), ("0.5%", 0.005)):
        regions[label] = [_region_for(geoms, tree, target, rng, seeds=1) for _ in range(a.queries)]
    truth = {}
    for label, regs in regions.items():
        truth[label] = []
        for j, (box, hit) in enumerate(regs):
            idx = np.flatnonzero(hit)
            s = vecs[idx] @ qvecs[j]
            truth[label].append(idx[np.argsort(-s, kind="stable")[:K]])
    results: list[str] = []

    def report(name: str, label: str, recs: list[float], times: list[float]) -> None:
        line = (f"{name:<16} {label:>5}: recall@10 {np.mean(recs):.3f} (min {min(recs):.2f}), "
                f"p50 {statistics.median(times):7.1f} ms, p95 {pct(times, 0.95):7.1f} ms")
        print(line, flush=True)
        results.append(line)

    # numpy: embed everything, then filter
    for label, regs in regions.items():
        recs, times = [], []
        for j, (box, _) in enumerate(regs):
            t0 = time.perf_counter()
            idx = tree.query(box, predicate="intersects")
            s = vecs @ qvecs[j]
            top = idx[np.argsort(-s[idx], kind="stable")[:K]]
            times.append((time.perf_counter() - t0) * 1e3)
            recs.append(recall(list(top), truth[label][j]))
        report("numpy", label, recs, times)

    # DuckDB: one table, R-tree (+ HNSW)
    tmp = Path(tempfile.mkdtemp(prefix="bakeoff_"))
    con = connect(tmp / "b.duckdb")
    import pyarrow as pa

    con.execute(f"CREATE TABLE chunks (rid INTEGER, embedding FLOAT[{emb.dims}], footprint GEOMETRY)")
    tbl = pa.table({"rid": np.arange(n, dtype=np.int32),
                    "embedding": pa.FixedSizeListArray.from_arrays(pa.array(vecs.reshape(-1)), emb.dims),
                    "wkb": pa.array(list(shapely.to_wkb(geoms)), pa.binary())})
    con.register("staging", tbl)
    con.execute(f"INSERT INTO chunks SELECT rid, embedding::FLOAT[{emb.dims}], ST_GeomFromWKB(wkb) FROM staging")
    con.unregister("staging")
    t0 = time.perf_counter()
    con.execute("CREATE INDEX chunks_footprint_rtree ON chunks USING RTREE (footprint)")
    print(f"duckdb: R-tree built in {time.perf_counter() - t0:.1f} s")
    from geochunk.retrieve.search import load_vectors

    vectors = load_vectors(con)
    from geochunk.retrieve.inmemory import FootprintCache

    cache = FootprintCache.from_footprints(geoms)
    ordered = vectors.in_order(cache.spatial_order())
    for label, regs in regions.items():
        recs, times = [], []
        for j, (box, _) in enumerate(regs):
            t0 = time.perf_counter()
            pos = cache.positions(box)
            r, s = vectors.rids[pos], ordered.scores_at(pos, qvecs[j])
            top = r[np.lexsort((r, -s))[:K]]
            times.append((time.perf_counter() - t0) * 1e3)
            recs.append(recall(list(top), truth[label][j]))
        report("geochunk", label, recs, times)
    for name, vv in (("geochunk-rtree", vectors), ("duckdb-exact", None)):
        for label, regs in regions.items():
            recs, times = [], []
            for j, (box, _) in enumerate(regs):
                t0 = time.perf_counter()
                r, s = scan_region(con, box.wkt, qvecs[j], vv)
                top = r[np.lexsort((r, -s))[:K]]
                times.append((time.perf_counter() - t0) * 1e3)
                recs.append(recall(list(top), truth[label][j]))
            report(name, label, recs, times)

    if not a.skip_hnsw:
        import importlib.util

        spec = importlib.util.find_spec("duckdb_extension_vss")
        if spec is None:
            print("duckdb-hnsw: skipped (pip install -r requirements-bench.txt)")
        else:
            vss = Path(spec.origin).parent / "extensions" / "v1.5.5" / "vss.duckdb_extension"
            con.execute(f"LOAD '{vss.as_posix()}'")
            con.execute("SET hnsw_enable_experimental_persistence = true")
            t0 = time.perf_counter()
            con.execute("CREATE INDEX chunks_hnsw ON chunks USING HNSW (embedding) WITH (metric = 'cosine')")
            print(f"duckdb: HNSW built in {time.perf_counter() - t0:.1f} s")
            con.execute("SET hnsw_ef_search = 200")
            for label, regs in regions.items():
                recs, times, plans = [], [], set()
                for j, (box, _) in enumerate(regs):
                    sql = (f"SELECT rid FROM chunks WHERE ST_Intersects(footprint, ST_GeomFromText(?)) "
                           f"ORDER BY array_cosine_distance(embedding, {vector_literal(qvecs[j])}) LIMIT {K}")
                    if j == 0:
                        plan = con.execute("EXPLAIN " + sql, [box.wkt]).fetchall()[0][1]
                        plans.add("HNSW" if "HNSW_INDEX_SCAN" in plan else "RTREE" if "RTREE" in plan else "SEQ")
                    t0 = time.perf_counter()
                    got = [r[0] for r in con.execute(sql, [box.wkt]).fetchall()]
                    times.append((time.perf_counter() - t0) * 1e3)
                    recs.append(recall(got, truth[label][j]))
                report(f"duckdb-hnsw[{'/'.join(sorted(plans))}]", label, recs, times)
    con.close()

    if not a.skip_lance:
        try:
            import lancedb
            from lancedb.rerankers import RRFReranker
        except ImportError:
            print("lancedb: skipped (pip install -r requirements-bench.txt)")
            lancedb = None
        if lancedb is not None:
            db = lancedb.connect(str(tmp / "lance"))
            t0 = time.perf_counter()
            table = db.create_table("chunks", pa.table({
                "rid": np.arange(n, dtype=np.int32), "text": texts,
                "vector": pa.FixedSizeListArray.from_arrays(pa.array(vecs.reshape(-1)), emb.dims),
                "xmin": boxes[:, 0], "ymin": boxes[:, 1], "xmax": boxes[:, 2], "ymax": boxes[:, 3]}))
            table.create_index(metric="cosine", index_type="IVF_HNSW_SQ", num_partitions=64)
            table.create_fts_index("text")
            for col in ("xmin", "ymin", "xmax", "ymax"):
                table.create_scalar_index(col)
            print(f"lancedb: table + IVF_HNSW_SQ + FTS + scalar indexes in {time.perf_counter() - t0:.1f} s")
            for label, regs in regions.items():
                recs, times, htimes = [], [], []
                for j, (box, _) in enumerate(regs):
                    w, s_, e, nn = box.bounds
                    where = f"xmin <= {e!r} AND xmax >= {w!r} AND ymin <= {nn!r} AND ymax >= {s_!r}"
                    t0 = time.perf_counter()
                    df = (table.search(qvecs[j]).where(where, prefilter=True).nprobes(16)
                          .limit(50).select(["rid", "xmin", "ymin", "xmax", "ymax"]).to_arrow())
                    cand = shapely.box(df["xmin"].to_numpy(), df["ymin"].to_numpy(), df["xmax"].to_numpy(), df["ymax"].to_numpy())
                    ok = shapely.intersects(cand, box)
                    got = df["rid"].to_numpy()[ok][:K]
                    times.append((time.perf_counter() - t0) * 1e3)
                    recs.append(recall(list(got), truth[label][j]))
                    t0 = time.perf_counter()
                    (table.search(query_type="hybrid").vector(qvecs[j]).text(qtexts[j]).where(where, prefilter=True)
                     .rerank(RRFReranker()).limit(K).to_arrow())
                    htimes.append((time.perf_counter() - t0) * 1e3)
                report("lancedb-vector", label, recs, times)
                line = (f"{'lancedb-hybrid':<16} {label:>5}: latency only (vector+FTS+RRF), "
                        f"p50 {statistics.median(htimes):7.1f} ms, p95 {pct(htimes, 0.95):7.1f} ms")
                print(line, flush=True)
                results.append(line)
    print("\nsummary:")
    for line in results:
        print("  " + line)


if __name__ == "__main__":
    main()
