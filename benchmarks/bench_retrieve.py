"""Retrieval benchmarks (2-core machine; figures are from one run, ratios within that run).

    python benchmarks/bench_retrieve.py --part build   [--docs 40]
    python benchmarks/bench_retrieve.py --part query   [--chunks 100000] [--queries 40]

``build``: real documents through the whole pipeline (chunk + frames + embed + write + R-tree +
BM25 + recall gate) with the static and hashing embedders, on 1 and 2 Dask workers: seconds and
rows/s. (MiniLM is optional and slow: ``bench_realdata.py --embedder minilm`` compares it.)

``query``: a 100,000-chunk index written from generated rows (the same writer as a build), its
size on disk, peak memory, write time; then the full query path (embed the question, region
filter, exact scores, BM25, RRF, proximity) at about 50%, 5% and 0.5% selectivity, through the
in-memory region filter (the default) and the R-tree SQL one on the same regions: p50/p95 in ms
excluding model load, and the in-memory index's work (footprints examined, vectors multiplied); and recall@10 against brute force per selectivity (the build's gate, run
with more queries). The load average is printed with the figures.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from retrieve_corpus import QUESTIONS, documents, rows  # noqa: E402


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def part_build(n_docs: int) -> None:
    from geochunk.model import ChunkConfig
    from geochunk.retrieve import build_index
    from geochunk.retrieve.embed import get_embedder

    docs = documents(n_docs)
    tmp = Path(tempfile.mkdtemp(prefix="bench_retrieve_"))
    paths = []
    for name, text in docs:
        p = tmp / name
        p.write_text(text, encoding="utf-8")
        paths.append(str(p))
    for e in ("static", "hashing"):
        get_embedder(e)  # model load is not build time
    # warm the chunker's one-time loads (tokenizer ranks, frame-name index) in this process
    build_index(paths[:1], tmp / "warm.duckdb", collection="w", embedder="hashing", config=ChunkConfig(budget=128))
    print(f"build: {n_docs} documents, budget 128")
    for embedder in ("static", "hashing"):
        base = None
        for workers in (1, 2):
            db = tmp / f"{embedder}_{workers}.duckdb"
            t0 = time.perf_counter()
            rep = build_index(paths, db, collection="bench", embedder=embedder,
                              config=ChunkConfig(budget=128), workers=workers)
            dt = time.perf_counter() - t0
            base = base or dt
            print(f"  {embedder:<8} workers={workers}: {rep.rows} rows in {dt:6.1f} s = "
                  f"{rep.rows / dt:6.0f} rows/s (speed-up {base / dt:.2f}x); "
                  f"file {db.stat().st_size / 1e6:.1f} MB")


def part_query(n: int, queries: int, reuse: str | None = None) -> None:
    from geochunk.retrieve.embed import get_embedder

    print(f"load average at start {_load()}")
    emb = get_embedder("static")
    data = rows(n)
    boxes = data["boxes"]
    if reuse and Path(reuse).exists():
        db = Path(reuse)
        tmp = db.parent
        print(f"index: reusing {db} ({db.stat().st_size / 1e6:.0f} MB)")
    else:
        db = _write_corpus(emb, data, n, queries, reuse)
        tmp = db.parent
    _queries(db, boxes, queries)
    if not os.environ.get("KEEP") and not reuse:
        for p in tmp.iterdir():
            p.unlink()


def _write_corpus(emb, data, n: int, queries: int, path: str | None) -> Path:
    import shapely

    from geochunk.retrieve.build import write_prepared
    from geochunk.retrieve.rows import ChunkRow, PreparedDocument

    t0 = time.perf_counter()
    vecs = emb.encode(data["texts"])
    t_embed = time.perf_counter() - t0
    boxes = data["boxes"]
    per_doc = 100
    docs = []
    for d in range(0, n, per_doc):
        rs = []
        for i in range(d, min(n, d + per_doc)):
            b = boxes[i]
            placed = bool(np.isfinite(b).all())
            rs.append(ChunkRow(
                chunk_id=f"doc{d // per_doc}#{i - d}", doc_id=f"doc{d // per_doc}", doc_sha256=f"{d:064d}",
                chunk_index=i - d, feature_ids=(f"P-{i:06d}",), text=data["texts"][i],
                footprint_wkb=shapely.to_wkb(shapely.box(*b)) if placed else None, has_extent=placed,
                extent=tuple(b) if placed else None, epsg=27700 if placed else None,
                frame_confidence=0.95 if placed else None, frame_flagged=False, flags=(),
            ))
        docs.append(PreparedDocument(f"doc{d // per_doc}", f"{d:064d}", tuple(rs), vecs[d:d + len(rs)]))
    db = Path(path) if path else Path(tempfile.mkdtemp(prefix="bench_retrieve_q_")) / "corpus.duckdb"
    t0 = time.perf_counter()
    rep = write_prepared(docs, db, emb, {}, collection="bench", version="1", licence="CC-BY-4.0",
                         period=(None, None), resolution_m=None, recall_queries=queries)
    t_write = time.perf_counter() - t0
    print(f"load average {_load()}")
    print(f"index: {rep.rows} rows ({rep.no_extent_rows} without extent); embed {t_embed:.1f} s "
          f"({n / t_embed:.0f} rows/s, static model); write + R-tree + BM25 + recall gate {t_write:.1f} s; "
          f"file {db.stat().st_size / 1e6:.0f} MB; peak RSS {rss_mb():.0f} MB")
    for line in rep.recall.lines():
        print("  " + line)
    return db


def _queries(db: Path, boxes: np.ndarray, queries: int) -> None:
    import shapely

    from geochunk.retrieve.query import REGION_FILTERS, open_index, query_index
    from geochunk.retrieve.recall import _region_for
    from geochunk.retrieve.region import Region

    t0 = time.perf_counter()
    ix = open_index(db)
    print(f"open index (BM25 arrays, footprints, model): {time.perf_counter() - t0:.1f} s")
    geoms = shapely.from_wkb([shapely.to_wkb(shapely.box(*b)) for b in boxes if np.isfinite(b).all()])
    tree = shapely.STRtree(geoms)
    rng = np.random.default_rng(3)
    for how in REGION_FILTERS:
        query_index(ix, "warm up", Region.from_bbox(-3.3, 55.9, -3.1, 56.0), region_filter=how)
    print(f"queries ({queries} per selectivity, full path, model loaded; load average {_load()}):")
    for label, target in (("50%", 0.5), ("5%", 0.05), ("0.5%", 0.005)):
        regions = []
        for j in range(queries):
            box, hit = _region_for(geoms, tree, target, rng, seeds=1)
            regions.append((Region.from_bbox(*box.bounds), hit.mean()))
        for how in REGION_FILTERS:  # the same regions and questions through both region filters
            times = []
            parts: dict[str, list[float]] = {}
            work: dict[str, list[int]] = {}
            for j, (region, _) in enumerate(regions):
                t0 = time.perf_counter()
                res = query_index(ix, QUESTIONS[j % len(QUESTIONS)], region, region_filter=how)
                times.append((time.perf_counter() - t0) * 1e3)
                for k, v in res.timings_ms.items():
                    parts.setdefault(k, []).append(v)
                for k in ("footprints_examined", "vectors_multiplied"):
                    if res.work.get(k) is not None:
                        work.setdefault(k, []).append(res.work[k])
            times.sort()
            p95 = times[min(len(times) - 1, int(round(0.95 * (len(times) - 1))))]
            print(f"  {label:>5} {how:<6} (mean selectivity {np.mean([h for _, h in regions]):.2%}): "
                  f"p50 {statistics.median(times):6.1f} ms, p95 {p95:6.1f} ms; median parts "
                  + ", ".join(f"{k} {statistics.median(v):.1f}" for k, v in parts.items())
                  + "".join(f"; median {k.replace('_', ' ')} {statistics.median(v):,.0f} of {ix.rids.size:,}"
                            for k, v in work.items()))
    ix.close()
    print(f"peak RSS {rss_mb():.0f} MB; load average {_load()}")


def _load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--part", choices=("build", "query"), required=True)
    ap.add_argument("--docs", type=int, default=40)
    ap.add_argument("--chunks", type=int, default=100_000)
    ap.add_argument("--queries", type=int, default=40)
    ap.add_argument("--db", default=None, help="keep the generated index here and reuse it next time")
    a = ap.parse_args()
    if a.part == "build":
        part_build(a.docs)
    else:
        part_query(a.chunks, a.queries, a.db)


if __name__ == "__main__":
    main()
