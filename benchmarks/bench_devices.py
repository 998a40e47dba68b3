"""What each speed or memory device buys at the user's level (issue #34 point 5).

Run: ``nice -n -15 python benchmarks/bench_devices.py [--rounds 4] [--devices compact_letgo]
[--workloads memory,...] [--docs 1000] [--quick] [--no-write]``

Every measurement is a fresh process (the command a user types). A round runs each workload
once with every device on and once with each device off in turn (the others on), in an order
reversed every other round, so that the machine's load falls on both sides alike. Each run
gives its CPU seconds (user + system of the process and every process it waited for, from
``os.wait4``), its wall-clock seconds and its peak resident set
(``ru_maxrss``). The figure of a device is off ÷ on (> 1: the device saves that share): the
median of the rounds' ratios (each round's "off" run over the same round's "on" run), with
their range as the noise.

Devices and how each is turned off (only in this benchmark's child; nothing in geochunk reads
these switches):

* ``compact_letgo``: a large GeoJSON MultiPoint's coordinate array let go once the analysis has it
  (``_CompactMultiPoint._let_go``; the compact MultiPoint itself, no GEOS geometry until one is
  drawn, is not switched); off: it keeps its coordinate array.

Workloads (``--workloads``; by default those that measure a device left, i.e. ``memory``):

* ``index``: ``geochunk index`` of a folder of ``--docs`` distinct documents (1,000 by default,
  written by ``scale_corpus.py``: generated notes, reports, KML, GML, SQL, GeoJSON and the real
  files under ``tests/real_data``; static embedder, a new index file each run);
* ``chunk_1mb``: ``geochunk chunk`` of the 40k-vertex boundary sample (1 MB);
* ``chunk_10kb``: ``geochunk chunk`` of the mixed report sample (10 kB);
* ``budget``: the app's budget step on the land-use appendix (its analysis kept, as the app
  keeps it): ``assemble`` + the chunk table + the map layer rendered, at five budgets, run in a
  thread as Streamlit runs a page; CPU and wall are of the steps only (milliseconds a step);
* ``memory`` (the memory devices only): what an analysis still holds once made (VmRSS after
  minus before, the analysis kept, as the app keeps it), and the peak RSS of ``geochunk chunk``,
  of 20k small GeoJSON features (4.5 MB) and of a 200k-point MultiPoint (3.8 MB).

Not measured where a device is not used by construction: the compact MultiPoint's let-go
where no GeoJSON MultiPoint of 256k characters or more is read (only ``memory`` has one).

Removed after this benchmark measured them under 10% on every workload: the few-point fast
paths of ``crs.zones`` and ``crs.validate``, the garbage-collector pause of ``pipeline``, the
let-go of GeoJSON parses' GEOS geometries (``geometry.let_go``), the tokenizer worker
process (``geochunk.tokens.worker``) and three small-input paths, each switched off by its module
constant set to 0 in the child (``split.packing._FEW_CUTS``, ``context.headings._FEW_LINES`` at -1,
``detection.scan._PAREN_FEW``); see the commits that removed them. With the device left,
``index``, ``budget`` and the two ``geochunk chunk`` workloads measure none (no large
MultiPoint is read there); they stay for a device that would.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

# the child: the switches, then one workload; the same modules imported whatever is switched
_CHILD = r"""
import json, os, sys, time
spec = json.loads(sys.argv[1])
off = set(spec["off"])
import geochunk.pipeline as pipeline, geochunk.detection.geometry as geometry
if "compact_letgo" in off:
    geometry._CompactMultiPoint._let_go = lambda self, span: None
def rss():
    with open("/proc/self/status") as fh:
        return {l.split(":")[0]: int(l.split()[1]) * 1024 for l in fh if l.startswith(("VmRSS", "VmHWM"))}
out = {}
if spec["task"] == "held":
    from geochunk.model import ChunkConfig
    text = open(spec["args"][0], encoding="utf-8").read()
    pipeline.chunk_text("Frame: EPSG:4326.\n\nA pond: POINT (1 2)\n", ChunkConfig(budget=512))
    before = rss()["VmRSS"]
    analysis = pipeline.analyse(text)
    chunks = pipeline.assemble(analysis, ChunkConfig(budget=512))
    import gc; gc.collect()
    out["held"] = rss()["VmRSS"] - before
elif spec["task"] == "budget":
    import threading
    sys.path.insert(0, spec["bench_dir"])
    from bench_app import BUDGETS, map_script
    from geochunk.model import ChunkConfig
    from geochunk.samples import load_sample
    from geochunk.view.tables import chunks_frame
    rounds = int(spec["args"][0])
    def page():  # one session's script thread: analyse once (cached), then the budget steps
        text = load_sample("land_use_appendix")
        analysis = pipeline.analyse(text, doc_id="land_use_appendix.md")
        cache = {}
        map_script(pipeline.assemble(analysis, ChunkConfig(budget=800)), cache)  # the first render
        c0, t0 = time.process_time(), time.perf_counter()
        for _ in range(rounds):
            for b in BUDGETS:
                cs = pipeline.assemble(analysis, ChunkConfig(budget=b))
                chunks_frame(cs.chunks, b)
                map_script(cs, cache)
        steps = rounds * len(BUDGETS)
        out["cpu"] = (time.process_time() - c0) / steps
        out["wall"] = (time.perf_counter() - t0) / steps
    th = threading.Thread(target=page)
    th.start()
    th.join()
    if "cpu" not in out:
        sys.exit("the budget step failed")
else:
    from geochunk.cli import main
    with open(os.devnull, "w") as sink:
        code = main(spec["args"], out=sink, err=sys.stderr)
    if code and not (code == 1 and spec.get("keep_going")):
        sys.exit(code)
print(json.dumps(out))
"""


def _run(off: list[str], task: str, args: list[str], keep_going: bool = False) -> dict[str, float]:
    """One fresh process: CPU (user + system of it and the processes it waited for), wall and
    peak RSS (``os.wait4`` of this child), and what it printed (a task's own figures replace the
    process's: the budget step times only its steps)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    spec = json.dumps({"off": off, "task": task, "args": args, "bench_dir": str(HERE), "keep_going": keep_going})
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        p = subprocess.Popen([sys.executable, "-c", _CHILD, spec], env=env, cwd=str(ROOT), stdout=out, stderr=err)
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if p.returncode:
            raise SystemExit(f"child failed ({task} {args}, off={off}): {err.read().decode()[-400:]}")
        got = {"wall": wall, "cpu": ru.ru_utime + ru.ru_stime, "peak": float(ru.ru_maxrss * 1024)}
        got.update(json.loads(out.read().decode().strip().splitlines()[-1]))
    return got


ALL_DEVICES = ("compact_letgo",)
ALL_WORKLOADS = ("index", "chunk_1mb", "chunk_10kb", "budget", "memory")


def _devices_for(workload: str) -> tuple[str, ...]:
    return ("compact_letgo",) if workload == "memory" else ()


def _prepare(work: Path, n_docs: int, quick: bool, corpus: bool) -> dict[str, object]:
    from bench_chunk import dense_geojson, many_features_geojson
    from scale_corpus import write_corpus

    from geochunk.samples import sample_path

    info = write_corpus(work / "corpus", n_docs) if corpus else None  # (the index workload's)
    (work / "features.json").write_text(many_features_geojson(5_000 if quick else 20_000), encoding="utf-8")
    (work / "multipoint.json").write_text(dense_geojson(50_000 if quick else 200_000), encoding="utf-8")
    return {"corpus": work / "corpus", "corpus_info": info, "10 kB": sample_path("mixed_report"),
            "1 MB": sample_path("boundary_40k"), "features": work / "features.json",
            "multipoint": work / "multipoint.json",
            "sizes": ("5k", "50k") if quick else ("20k", "200k"), "budget_rounds": 2 if quick else 4}


def _tasks(workload: str, docs: dict[str, object], work: Path) -> list[tuple[str, str, list[str], tuple[str, ...], bool]]:
    """(label, task, args, measures, keep_going) of ``workload``'s runs."""
    if workload == "index":
        info = docs["corpus_info"]
        label = f"`geochunk index` {len(info.files):,}-document folder ({info.bytes / 1e6:.1f} MB)"  # type: ignore[attr-defined]
        return [(label, "chunk", ["index", str(docs["corpus"]), "--db", str(work / "index.duckdb"),
                                  "--collection", "bench", "--embedder", "static"], ("cpu", "wall", "peak"), True)]
    if workload == "chunk_1mb":
        return [("`geochunk chunk` 1 MB (boundary_40k)", "chunk", ["chunk", str(docs["1 MB"]), "--budget", "512"],
                 ("cpu", "wall", "peak"), False)]
    if workload == "chunk_10kb":
        return [("`geochunk chunk` 10 kB (mixed_report)", "chunk", ["chunk", str(docs["10 kB"]), "--budget", "512"],
                 ("cpu", "wall", "peak"), False)]
    if workload == "budget":
        return [("app budget step (land_use_appendix, a step)", "budget", [str(docs["budget_rounds"])],
                 ("cpu", "wall", "peak"), False)]
    nf, npts = docs["sizes"]  # type: ignore[misc]
    return [(f"analysis held: {nf} GeoJSON features", "held", [str(docs["features"])], ("held",), False),
            (f"analysis held: {npts}-point MultiPoint", "held", [str(docs["multipoint"])], ("held",), False),
            (f"`geochunk chunk` {nf} GeoJSON features", "chunk", ["chunk", str(docs["features"])],
             ("peak", "cpu"), False),
            (f"`geochunk chunk` {npts}-point MultiPoint", "chunk", ["chunk", str(docs["multipoint"])],
             ("peak", "cpu"), False)]


def _one(device: str | None, task: str, args: list[str], work: Path, keep_going: bool) -> dict[str, float]:
    """One run with every device on (``device`` None) or ``device`` off."""
    for leftover in work.glob("index.duckdb*"):
        leftover.unlink()
    return _run([device] if device else [], task, args, keep_going)


def _fmt(measure: str, v: float) -> str:
    if measure in ("peak", "held"):
        return f"{v / 2**20:,.0f} MB"
    return f"{v:.2f} s" if v >= 1 else f"{v * 1000:.0f} ms"


def _ratio_cell(on: list[float], off: list[float]) -> tuple[float, float, float]:
    ratios = [b / a for a, b in zip(on, off) if a > 0]
    return statistics.median(ratios), min(ratios), max(ratios)


def _spread(values: list[float]) -> str:
    """The noise of the same runs repeated: the largest over the smallest, as a share."""
    return f"{max(values) / min(values) - 1:.1%}" if min(values) > 0 else "-"


def _verdict(cells: list[tuple[str, float, float, float]]) -> str:
    """A device buys >= 10% on a workload when the median ratio of a measure is >= 1.10 and
    every round agrees it saves (the range's low end > 1)."""
    best = max(cells, key=lambda c: c[1])
    if best[1] >= 1.10 and best[2] > 1.0:
        return f"buys {best[1] - 1:.0%} ({best[0]})"
    if best[2] > 1.0:
        return f"< 10% (best {best[0]} {best[1] - 1:+.0%}, outside the noise)"
    return "< 10%, within the noise"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=6, help="rounds per workload (even: each order as often)")
    ap.add_argument("--index-rounds", type=int, default=2, help="rounds of the index workload (even)")
    ap.add_argument("--devices", default=",".join(ALL_DEVICES))
    ap.add_argument("--workloads", default=",".join(w for w in ALL_WORKLOADS if _devices_for(w)))
    ap.add_argument("--docs", type=int, default=1000, help="documents in the indexed folder")
    ap.add_argument("--quick", action="store_true", help="two rounds, 100 documents, smaller memory documents")
    ap.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    args = ap.parse_args(argv)
    devices = [d for d in args.devices.split(",") if d]
    workloads = [w for w in args.workloads.split(",") if w]
    bad = (set(devices) - set(ALL_DEVICES)) | (set(workloads) - set(ALL_WORKLOADS))
    if bad:
        raise SystemExit(f"unknown: {', '.join(sorted(bad))}; devices {', '.join(ALL_DEVICES)}; "
                         f"workloads {', '.join(ALL_WORKLOADS)}")
    rounds = 2 if args.quick else max(2, args.rounds + args.rounds % 2)
    index_rounds = 2 if args.quick else max(2, args.index_rounds + args.index_rounds % 2)
    n_docs = 100 if args.quick else args.docs
    t_start = time.perf_counter()
    started = datetime.now(timezone.utc)
    load0 = os.getloadavg()
    rows: list[tuple[str, str, str, list[float], list[float]]] = []  # device, label, measure, on, off
    with tempfile.TemporaryDirectory(prefix="bench_devices_") as tmp:
        work = Path(tmp)
        measured = [w for w in workloads if any(d in devices for d in _devices_for(w))]
        docs = _prepare(work, n_docs, args.quick, corpus="index" in measured)
        for workload in measured:
            which = [d for d in _devices_for(workload) if d in devices]
            if not which:
                continue
            n = index_rounds if workload == "index" else rounds
            for label, task, wargs, measures, keep_going in _tasks(workload, docs, work):
                runs: dict[str | None, list[dict[str, float]]] = {None: [], **{d: [] for d in which}}
                t_w = time.perf_counter()
                for r in range(n):
                    order: list[str | None] = [None, *which]
                    for state in (order if r % 2 == 0 else order[::-1]):
                        runs[state].append(_one(state, task, wargs, work, keep_going))
                for d in which:
                    for m in measures:
                        on = [x[m] for x in runs[None]]
                        off = [x[m] for x in runs[d]]
                        rows.append((d, label, m, on, off))
                        med, lo, hi = _ratio_cell(on, off)
                        print(f"{d:<12} {label:<52} {m:<5} on {_fmt(m, statistics.median(on)):>9}  off "
                              f"{_fmt(m, statistics.median(off)):>9}  off/on {med:.3f} ({lo:.3f}-{hi:.3f}) "
                              f"on spread {_spread(on)}",
                              flush=True)
                print(f"  ({label}: {n} rounds in {time.perf_counter() - t_w:.0f} s)", flush=True)
        info = docs["corpus_info"]
    load1 = os.getloadavg()
    took = time.perf_counter() - t_start
    shown = " ".join(["python benchmarks/bench_devices.py", *(argv if argv is not None else sys.argv[1:])]).strip()
    lines = [
        "## What each speed or memory device buys (`bench_devices.py`)",
        "",
        f"`{shown}`, {started:%Y-%m-%d %H:%M} UTC, {platform.machine()} ({os.cpu_count()} CPUs, load average "
        f"{load0[0]:.1f} at the start, {load1[0]:.1f} at the end), Python {platform.python_version()}; "
        f"{rounds} rounds a workload ({index_rounds} for the index build), each run a fresh process; a round runs "
        "every device on once and each device off once (the others on), the order reversed every other round. "
        "off/on > 1: the device saves that share (the median of the rounds' ratios, each off run over the same "
        "round's on run; the range is the noise). CPU = user + system of the process and the processes it "
        "waited for; wall = the command's elapsed time; peak = the process's peak "
        "RSS; held = what an analysis keeps (VmRSS after minus before). The budget step's CPU and wall are a "
        f"step's. The whole run took {took / 60:.1f} minutes.",
        "",
    ]
    if info is not None:
        lines += [f"Index folder: {len(info.files):,} distinct documents, {info.bytes / 1e6:.1f} MB "  # type: ignore[attr-defined]
                  f"({', '.join(f'{k} {v}' for k, v in info.kinds.items())}).", ""]  # type: ignore[attr-defined]
    lines += [
        "| device | workload | measure | on | off | off/on | rounds' range | on runs' spread |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for d, label, m, on, off in rows:
        med, lo, hi = _ratio_cell(on, off)
        lines.append(f"| {d} | {label} | {m} | {_fmt(m, statistics.median(on))} | {_fmt(m, statistics.median(off))} "
                     f"| {med:.3f} | {lo:.3f}–{hi:.3f} | {_spread(on)} |")
    lines += ["", "| device | best figure over the workloads | verdict (target: >= 10% on some workload, outside the noise) |",
              "| --- | --- | --- |"]
    for d in devices:
        cells = [(f"{label}, {m}",) + _ratio_cell(on, off) for dd, label, m, on, off in rows if dd == d]
        if not cells:
            continue
        best = max(cells, key=lambda c: c[1])
        lines.append(f"| {d} | {best[0]}: {best[1]:.3f} ({best[2]:.3f}–{best[3]:.3f}) | {_verdict(cells)} |")
    lines += ["", "Target (issue #34): a device that buys less than 10% (off/on < 1.10) on every user-level "
              "workload is removed (its code, switches and tests); those that stay are listed on "
              "docs/performance.md."]
    print("\n".join(lines))
    if not args.no_write:
        from _common import write_results_section

        default = {w for w in ALL_WORKLOADS if _devices_for(w)}
        everything = set(devices) == set(ALL_DEVICES) and set(workloads) >= default
        key = "bench_devices" if everything else "bench_devices_" + "_".join(devices) + "__" + "_".join(workloads)
        write_results_section(key, lines)


if __name__ == "__main__":
    main()
