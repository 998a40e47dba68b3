"""Index a corpus of distinct documents on 1, 2 and N workers (issue #33).

    python benchmarks/bench_scale.py                 # 10,000 documents; speed-up on 1,500 of them
    python benchmarks/bench_scale.py --quick         # 600 documents; speed-up on 300
    python benchmarks/bench_scale.py --docs 4000 --speedup-docs 1000 --no-write

The corpus is :mod:`scale_corpus` (seeded sample generators with their own seeds, counts and
offsets, plus the real files under ``tests/real_data``; no two documents with the same digest).
Every build runs ``geochunk.retrieve.build_index`` (the product path: list, read, chunk, check,
embed with the static model, write, R-tree, BM25, recall gate) into a new index file, each in a
fresh process so no run inherits another's warm caches or memory:

* **speed-up**: ``--speedup-docs`` documents spread over the corpus on 1 worker (in-process: the loop a user
  gets without ``--workers``), on 2 and N workers (``--workers-n``, default the CPU count;
  skipped when it is 2) of ``--workers N``'s pool (forked after one warm-up,
  ``rows.warm_prepare``: tokenizer ranks, CRS indexes, gazetteer, model), and on a 2-worker
  Dask LocalCluster (``--no-dask`` leaves it out) started inside the timed span (a user waits
  for it too), each of its workers warmed once at start; documents go in batches by size.
* **full build**: all ``--docs`` documents on the fastest worker count of the speed-up runs.

Printed and written to ``benchmarks/RESULTS.md`` (section ``bench_scale``): documents/s, chunks/s,
seconds, the share of the time spent before the first write (chunk + embed) where the build
reports it, peak memory of each worker and of the writing process, the speed-up over 1 worker,
the machine and its load average before and after each run (this machine is shared: a load
above the core count depresses every parallel figure).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))


def _peak_mb() -> float:
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def child(spec: dict) -> dict:
    """One build in this (fresh) process: ``spec`` = paths file, db, workers."""
    from geochunk.model import ChunkConfig
    from geochunk.retrieve.build import build_index
    from geochunk.retrieve.parallel import _dask_client, _peak_rss_mb

    paths = Path(spec["paths"]).read_text(encoding="utf-8").splitlines()
    workers = spec["workers"]
    pool = spec.get("pool", "auto")
    t0 = time.perf_counter()
    client = cluster = None
    scheduler = None
    if workers > 1 and pool == "dask":  # its start is timed apart: a user waits for it too
        client, cluster = _dask_client(workers, None)
        scheduler = cluster.scheduler_address
    t_cluster = time.perf_counter() - t0
    first_write: list[float] = []
    peaks = {}
    rep = build_index(paths, spec["db"], collection="scale", embedder="static",
                      config=ChunkConfig(budget=spec["budget"]), workers=1 if scheduler else workers,
                      scheduler=scheduler, keep_going=True, pool=pool, peaks=peaks.update,
                      progress=lambda done, total, label: first_write.append(time.perf_counter())
                      if done == total else None)
    seconds = time.perf_counter() - t0
    peaks.pop("this process", None)  # 1 worker: the writer does everything
    peaks = {"writer": _peak_rss_mb(), **{f"worker {i + 1}": mb for i, mb in enumerate(peaks.values())}}
    if client is not None:
        client.close()
        cluster.close()
    import resource

    # CPU of this process and of the worker processes (reaped when the cluster closed): the work
    # done, whatever the load; seconds ÷ CPU shows how much of the wall clock was waiting
    cpu = sum(getattr(resource.getrusage(who), f) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
              for f in ("ru_utime", "ru_stime"))
    return {
        "workers": workers, "pool": pool if workers > 1 else "in-process", "documents": rep.documents, "indexed": len(rep.added) + len(rep.replaced),
        "failed": len(rep.failed), "failed_names": [Path(d).name for d, _ in rep.failed[:3]], "rows": rep.rows, "seconds": seconds, "cluster_s": t_cluster,
        "prepared_s": (first_write[0] - t0) if first_write else None, "peaks_mb": peaks, "cpu_s": cpu,
    }


def _load() -> str:
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


def run_build(paths: list[Path], workers: int, tmp: Path, budget: int, tag: str, pool: str = "auto") -> dict:
    listing = tmp / f"paths_{tag}.txt"
    listing.write_text("\n".join(str(p) for p in paths), encoding="utf-8")
    db = tmp / f"scale_{tag}.duckdb"
    spec = {"paths": str(listing), "db": str(db), "workers": workers, "budget": budget, "pool": pool}
    before = _load()
    proc = subprocess.run([sys.executable, __file__, "--child", json.dumps(spec)], capture_output=True,
                          text=True, check=False, cwd=str(ROOT))
    if proc.returncode != 0:
        raise SystemExit(f"build with {workers} worker(s) failed:\n{proc.stderr[-3000:]}")
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    out["load_before"], out["load_after"] = before, _load()
    out["db_mb"] = db.stat().st_size / 1e6 if db.exists() else 0.0
    for p in (db, Path(str(db) + ".wal")):
        if p.exists():
            p.unlink()
    return out


def _row(r: dict, base: dict | None) -> str:
    speed = f"{base['seconds'] / r['seconds']:.2f}x" if base else "1.00x"
    peaks = ", ".join(f"{k} {v:.0f}" for k, v in r["peaks_mb"].items())
    prep = f"{r['prepared_s']:.0f}" if r.get("prepared_s") else "-"
    kind = {"in-process": "", "auto": "", "fork": " (forked pool)", "dask": " (Dask LocalCluster)"}[r.get("pool", "auto")]
    return (f"| {r['workers']}{kind} | {r['documents']} | {r['rows']} | {r['seconds']:.1f} | {prep} | "
            f"{r['cluster_s']:.1f} | {r['cpu_s']:.0f} | {r['documents'] / r['seconds']:.1f} | {r['rows'] / r['seconds']:.0f} | "
            f"{speed} | {peaks} | {r['load_before']} → {r['load_after']} |")


def _machine() -> str:
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        mem = next(int(x.split()[1]) for x in Path("/proc/meminfo").read_text().splitlines()
                   if x.startswith("MemTotal")) / 1024 / 1024
        mem_s = f", {mem:.0f} GB RAM"
    except (OSError, StopIteration):
        mem_s = ""
    return f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs ({model or 'unknown model'}){mem_s}, Python {platform.python_version()}"


def main() -> None:
    ap = argparse.ArgumentParser(description="Index a corpus of distinct documents on 1, 2 and N workers.")
    ap.add_argument("--docs", type=int, default=10_000, help="documents in the corpus (the full build)")
    ap.add_argument("--speedup-docs", type=int, default=1_500, help="documents of the 1/2/N speed-up runs")
    ap.add_argument("--workers-n", type=int, default=os.cpu_count() or 2, help="N (default: the CPU count)")
    ap.add_argument("--budget", type=int, default=512)
    ap.add_argument("--quick", action="store_true", help="600 documents, speed-up on 300")
    ap.add_argument("--no-full", action="store_true", help="only the speed-up runs")
    ap.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    ap.add_argument("--no-dask", action="store_true", help="leave out the 2-worker Dask LocalCluster run")
    ap.add_argument("--corpus", type=Path, default=None, help="write the corpus here and keep it (default: a temporary folder)")
    ap.add_argument("--child", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(child(json.loads(args.child))))
        return
    if args.quick:
        args.docs, args.speedup_docs = 600, 300
    args.speedup_docs = min(args.speedup_docs, args.docs)
    from scale_corpus import write_corpus

    t_all = time.perf_counter()
    tmp = Path(tempfile.mkdtemp(prefix="bench_scale_"))
    corpus_dir = args.corpus or tmp / "corpus"
    info = write_corpus(corpus_dir, args.docs)
    files = list(info.files)
    print(f"corpus: {len(files)} distinct documents, {info.bytes / 1e6:.1f} MB, written in {info.seconds:.0f} s; "
          + ", ".join(f"{k} {v}" for k, v in info.kinds.items()))
    print(f"machine: {_machine()}; load average {_load()}")
    # the speed-up subset: spread over the corpus (real files first, then the generated kinds
    # interleaved), so it holds every kind in about its share
    n = args.speedup_docs
    subset = [files[i * len(files) // n] for i in range(n)]
    plan = [(1, "fork"), (2, "fork")] + ([(args.workers_n, "fork")] if args.workers_n not in (1, 2) else [])
    if not args.no_dask:
        plan.append((2, "dask"))
    runs = []
    for w, pool in plan:
        r = run_build(subset, w, tmp, args.budget, f"w{w}{pool}", pool)
        runs.append(r)
        print("  " + _row(r, runs[0]), flush=True)
    full = None
    if not args.no_full and args.docs > args.speedup_docs:
        fastest = min(runs, key=lambda r: r["seconds"])
        best, best_pool = fastest["workers"], fastest["pool"] if fastest["workers"] > 1 else "fork"
        full = run_build(files, best, tmp, args.budget, f"full{best}", best_pool)
        print("  full: " + _row(full, None))
    elapsed = time.perf_counter() - t_all
    shutil.rmtree(tmp, ignore_errors=True)

    head = ("| workers | documents | chunks | seconds | chunk+embed s | cluster start s | CPU s | documents/s | "
            "chunks/s | speed-up | peak MB | load average before → after |")
    lines = [
        "## Corpus scale: index builds on 1, 2 and N workers (issue #33)",
        "",
        f"`python benchmarks/bench_scale.py{''.join(' ' + a for a in sys.argv[1:])}` at "
        f"{dt.datetime.now(dt.timezone.utc):%Y-%m-%d %H:%M} UTC on {_machine()}. Corpus: "
        f"{len(files)} distinct documents ({info.bytes / 1e6:.1f} MB; "
        + ", ".join(f"{k} {v}" for k, v in info.kinds.items())
        + f"), budget {args.budget}, static model, each build a fresh process into a new index file. "
        "1 worker = the in-process loop; 2 and N = `--workers N` (worker processes forked from the "
        "build's process after it warmed once: tokenizer ranks, CRS indexes, gazetteer, model); the Dask row = "
        "a LocalCluster started inside the timed span (cluster start s), each worker warmed once at start. "
        "Batches by size either way; postings tokenized on the workers. chunk+embed s: when the last document was prepared "
        "(the rest is the write, R-tree, BM25 and recall gate in the writing process). Peak MB: each "
        "worker's peak RSS, and the writing process's (for 1 worker it does everything). CPU s: "
        "user + system of the build's process and its workers (the work done, whatever the load).",
        "",
        f"Speed-up runs: {len(subset)} documents spread evenly over the corpus.",
        "",
        head,
        "|" + "|".join("---" for _ in range(head.count("|") - 1)) + "|",
        *(_row(r, runs[0]) for r in runs),
    ]
    if full is not None:
        n_w = f"{full['workers']} worker{'s' if full['workers'] > 1 else ''}"
        if full["documents"] >= 10_000:
            verdict = f" ({'under' if full['seconds'] < 600 else 'over'} the 10-minute target for 10,000 documents)"
        else:
            verdict = (f"; at this rate 10,000 documents would take about "
                       f"{full['seconds'] / full['documents'] * 10_000 / 60:.0f} minutes (target: 10), "
                       f"and their CPU time about {full['cpu_s'] / full['documents'] * 10_000 / 60:.0f} "
                       "CPU-minutes (one core's time when it is not shared)")
        failed = (f"{full['failed']} document(s) failed and were reported ({', '.join(full['failed_names'])}"
                  f"{', ...' if full['failed'] > 3 else ''})" if full["failed"] else "no document failed")
        lines += ["", f"Full build: all {full['documents']} documents on {n_w} (the fastest of the runs above), "
                  f"{full['seconds'] / 60:.1f} minutes{verdict}; {failed}.",
                  "", head, "|" + "|".join("---" for _ in range(head.count("|") - 1)) + "|", _row(full, None)]
    two = next((r for r in runs if r["workers"] == 2 and r["pool"] != "dask"), None)
    if two is not None:
        s = runs[0]["seconds"] / two["seconds"]
        cpus = os.cpu_count() or 1
        loaded = max(float(x) for r in runs for x in (r["load_before"] + " " + r["load_after"]).split()
                     if x.replace(".", "", 1).isdigit()) if runs else 0.0
        note = (f" The load average was up to {loaded:.0f} on {cpus} CPUs: other processes held the cores, "
                "so the second worker had no core of its own and the wall-clock figures are not the "
                "machine's; the CPU seconds show the work done.") if loaded > cpus else ""
        if len(subset) < 1000:
            note += (f" {len(subset)} documents are too few for workers to pay off: the cluster's start and "
                     "each worker's warm-up are more than the work they share (docs/scale.md); the "
                     "target is for the default run's 1,500.")
        lines += ["", f"2 workers over 1: {s:.2f}x (target 1.6x).{note}"]
    lines += ["", f"The whole script took {elapsed / 60:.1f} minutes."]
    print("\n".join(lines))
    if not args.no_write:
        from _common import write_results_section

        write_results_section("bench_scale", lines)
        print("(written to benchmarks/RESULTS.md, section bench_scale)")


if __name__ == "__main__":
    main()
