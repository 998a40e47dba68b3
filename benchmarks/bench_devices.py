"""What each speed or memory device buys at the user's level (issue #34 point 5).

Run: ``python benchmarks/bench_devices.py [--rounds 4] [--devices gc,tokenworker,fastpaths,letgo]
[--quick] [--no-write]``

Every measurement is a fresh process (the command a user types), run with the device on and
with it off, alternating (on, off, off, on, ...) so that the machine's load falls on both alike.
Times are CPU seconds (user + system of the process and every process it waited for, from
``os.wait4``), since on a shared machine the wall clock mostly measures the neighbours; memory
is the process's peak resident set (``ru_maxrss``) and, for the memory devices, what the
analysis still holds once it is made (VmRSS after minus before, the analysis kept, as the app
keeps it). The figure is off ÷ on (> 1: the device saves that much), the median of the
per-round ratios, with their spread (min–max) as the noise.

Devices and how each is turned off (only in this benchmark's child; nothing in geochunk reads
these switches):

* ``gc``: the collector pause around a document (``pipeline._CollectorPaused``); off: the pause
  believes other threads are alive (``pipeline._only_thread`` answers False), so the collector
  runs as in a threaded host.
* ``tokenworker``: the tokenizer worker process (``geochunk.tokens.worker``); off:
  ``GEOCHUNK_TOKENIZE_IN=inline``. A one-document ``geochunk chunk`` never uses it (the CLI asks for
  inline: a cold worker cannot be ready in time), so it is measured where ``auto`` uses it: a
  folder (``geochunk index``, ``geochunk chunk FOLDER``).
* ``fastpaths``: the few-point checks written point by point in plain Python instead of numpy
  (``crs.zones._FEW`` = 32 points, ``crs.validate._FEW`` = 16); off: both -1 (always numpy).
* ``letgo``: the let-go / read-again geometries (``geometry.let_go``: a GeoJSON parse's GEOS
  geometry dropped once the features' boxes are read, read again from the span's text if drawn;
  ``_CompactMultiPoint._let_go``: a large MultiPoint's coordinates likewise); off: both keep
  what they hold.

Workloads: ``geochunk chunk`` of a 10 kB document (the mixed report sample) and of a 1 MB one
(the 40k-vertex boundary sample); ``geochunk index`` of a small folder (six bundled samples, 211 kB,
static embedder); ``geochunk chunk`` of a folder of four
large documents (tokenizer worker only); for ``letgo`` the peak and held memory of chunking 20k
small GeoJSON features (4.5 MB) and a 200k-point MultiPoint (3.8 MB).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

# the child: the switches, then one workload; the same modules imported whatever is switched
_CHILD = r"""
import json, os, sys, time
spec = json.loads(sys.argv[1])
off = set(spec["off"])
import geochunk.pipeline as pipeline, geochunk.detection.geometry as geometry
import geochunk.crs.zones as zones, geochunk.crs.validate as validate
if "gc" in off:
    pipeline._only_thread = lambda: False
if "fastpaths" in off:
    zones._FEW = -1
    validate._FEW = -1
if "letgo" in off:
    pipeline.let_go = lambda parsed, spans: tuple(parsed)
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
else:
    from geochunk.cli import main
    with open(os.devnull, "w") as sink:
        code = main(spec["args"], out=sink, err=sys.stderr)
    if code:
        sys.exit(code)
print(json.dumps(out))
"""


def _peak_of(off: list[str], task: str, args: list[str], env_extra: dict[str, str]) -> dict:
    """One fresh process: CPU (user + system of it and the processes it waited for), wall, the
    child's peak RSS (``os.wait4``) and what it printed."""
    import resource

    env = {**os.environ, "PYTHONPATH": str(ROOT), **env_extra}
    spec = json.dumps({"off": off, "task": task, "args": args})
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.Popen([sys.executable, "-c", _CHILD, spec], env=env, cwd=str(ROOT),
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = p.stdout.read()
    err = p.stderr.read()
    _, status, ru = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - t0
    if p.returncode:
        raise SystemExit(f"child failed ({task} {args}, off={off}): {err.decode()[-400:]}")
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    got = json.loads(out.decode().strip().splitlines()[-1])
    got.update(wall=wall, cpu=(r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime),
               peak=ru.ru_maxrss * 1024)
    return got


ALL = "gc,tokenworker,fastpaths,letgo"

#: the small folder indexed: six bundled samples (211 kB; three of 25k characters or more, which
#: ``auto`` hands to the tokenizer worker once it is warm)
FOLDER = ("mixed_report", "sparse_prose", "sql_dump", "wfs_getfeature", "placemarks", "postgis_copy")


def _documents(work: Path, quick: bool) -> dict[str, Path]:
    from bench_chunk import dense_geojson, many_features_geojson

    from geochunk.samples import load_sample, sample_path

    docs = {"10 kB": sample_path("mixed_report"), "1 MB": sample_path("boundary_40k")}
    folder = work / "folder"
    folder.mkdir()
    for name in FOLDER:
        shutil.copy(sample_path(name), folder / sample_path(name).name)
    docs["folder"] = folder
    big = work / "big"
    big.mkdir()
    base = load_sample("land_use_appendix")
    for i in range(2 if quick else 4):  # four large documents: the worker is warm from the second on
        (big / f"appendix_{i}.md").write_text(f"# Copy {i}\n\n" + base, encoding="utf-8")
    docs["big folder"] = big
    (work / "features.json").write_text(many_features_geojson(5_000 if quick else 20_000), encoding="utf-8")
    (work / "multipoint.json").write_text(dense_geojson(50_000 if quick else 200_000), encoding="utf-8")
    docs["features"] = work / "features.json"
    docs["sizes"] = ("5k", "50k") if quick else ("20k", "200k")  # type: ignore[assignment]
    docs["multipoint"] = work / "multipoint.json"
    return docs


def _workloads(device: str, docs: dict[str, Path], work: Path) -> list[tuple[str, str, str, list[str]]]:
    """(label, measure, task, args) per workload of ``device``; measure is cpu, peak or held."""
    db = str(work / "index.duckdb")
    index = ["index", str(docs["folder"]), "--db", db, "--collection", "bench"]
    chunk10 = ["chunk", str(docs["10 kB"]), "--budget", "512"]
    chunk1m = ["chunk", str(docs["1 MB"]), "--budget", "512"]
    if device == "tokenworker":
        return [("`geochunk index` small folder", "cpu", "chunk", index),
                ("`geochunk chunk` 4 large documents", "cpu", "chunk", ["chunk", str(docs["big folder"])])]
    if device == "letgo":
        nf, npts = docs["sizes"]  # type: ignore[misc]
        return [(f"`geochunk chunk` {nf} GeoJSON features: peak RSS", "peak", "chunk", ["chunk", str(docs["features"])]),
                (f"analysis of {nf} GeoJSON features: held RSS", "held", "held", [str(docs["features"])]),
                (f"`geochunk chunk` {npts}-point MultiPoint: peak RSS", "peak", "chunk", ["chunk", str(docs["multipoint"])]),
                (f"analysis of {npts}-point MultiPoint: held RSS", "held", "held", [str(docs["multipoint"])]),
                (f"`geochunk chunk` {nf} GeoJSON features: CPU", "cpu", "chunk", ["chunk", str(docs["features"])])]
    return [("`geochunk chunk` 10 kB", "cpu", "chunk", chunk10),
            ("`geochunk chunk` 1 MB", "cpu", "chunk", chunk1m),
            ("`geochunk index` small folder", "cpu", "chunk", index)]


def _one(device: str, on: bool, measure: str, task: str, args: list[str], work: Path) -> float:
    off = [] if on or device == "tokenworker" else [device]
    env: dict[str, str] = {}
    if device == "tokenworker":
        env["GEOCHUNK_TOKENIZE_IN"] = "auto" if on else "inline"
    else:
        env["GEOCHUNK_TOKENIZE_IN"] = os.environ.get("GEOCHUNK_TOKENIZE_IN", "auto")
    db = work / "index.duckdb"
    for leftover in (db, Path(str(db) + ".wal")):
        leftover.unlink(missing_ok=True)
    got = _peak_of(off, task, args, env)
    return float(got[measure])


def _fmt(measure: str, v: float) -> str:
    return f"{v / 2**20:,.0f} MB" if measure in ("peak", "held") else f"{v:.2f} s"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=4, help="on/off pairs per workload (alternating order)")
    ap.add_argument("--devices", default=ALL)
    ap.add_argument("--quick", action="store_true", help="two rounds, smaller memory documents")
    ap.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    args = ap.parse_args()
    rounds = 2 if args.quick else max(2, args.rounds + args.rounds % 2)  # even: each side first as often
    load0 = os.getloadavg()
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench_devices_") as tmp:
        work = Path(tmp)
        docs = _documents(work, args.quick)
        for device in args.devices.split(","):
            for label, measure, task, wargs in _workloads(device, docs, work):
                on_v, off_v, on_w, off_w = [], [], [], []
                for r in range(rounds):
                    order = (True, False) if r % 2 == 0 else (False, True)
                    for state in order:
                        if measure == "cpu":
                            t0 = time.perf_counter()
                            v = _one(device, state, measure, task, wargs, work)
                            w = time.perf_counter() - t0
                            (on_w if state else off_w).append(w)
                        else:
                            v = _one(device, state, measure, task, wargs, work)
                        (on_v if state else off_v).append(v)
                ratios = [b / a for a, b in zip(on_v, off_v) if a > 0]
                row = (device, label, measure, statistics.median(on_v), statistics.median(off_v),
                       statistics.median(ratios), min(ratios), max(ratios))
                rows.append(row)
                print(f"{device:<12} {label:<48} on {_fmt(measure, row[3]):>9}  off {_fmt(measure, row[4]):>9}  "
                      f"off/on {row[5]:.3f} (rounds {min(ratios):.3f}-{max(ratios):.3f})", flush=True)
                if on_w:
                    wr = [b / a for a, b in zip(on_w, off_w)]
                    rows.append((device, label.replace(": CPU", "") + " (wall)", "wall", statistics.median(on_w),
                                 statistics.median(off_w), statistics.median(wr), min(wr), max(wr)))
                    print(f"{'':<12} {'  wall':<48} on {statistics.median(on_w):>7.2f} s  off "
                          f"{statistics.median(off_w):>7.2f} s  off/on {statistics.median(wr):.3f} "
                          f"(rounds {min(wr):.3f}-{max(wr):.3f})", flush=True)
    load1 = os.getloadavg()
    which = "" if args.devices == ALL else f": {args.devices.replace(',', ', ')}"
    lines = [
        f"## What each speed or memory device buys (`bench_devices.py`){which}",
        "",
        f"`python benchmarks/bench_devices.py{' --quick' if args.quick else ''}"
        f"{'' if args.devices == ALL else ' --devices ' + args.devices}{' --rounds %d' % rounds if not args.quick else ''}`, {date.today().isoformat()}, "
        f"{platform.machine()} ({os.cpu_count()} CPUs, load {load0[0]:.1f} at the start, {load1[0]:.1f} at the end), "
        f"Python {platform.python_version()}; {rounds} alternating on/off rounds a row, each a fresh process. "
        "off/on > 1: the device saves that share (the median of the rounds' ratios; the range is the noise). "
        "CPU = user + system of the process and the processes it waited for; wall rows are mostly the machine's load.",
        "",
        "| device | workload | measure | on | off | off/on | rounds' range |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for device, label, measure, on, off, ratio, lo, hi in rows:
        lines.append(f"| {device} | {label} | {measure} | {_fmt(measure, on)} | {_fmt(measure, off)} | "
                     f"{ratio:.3f} | {lo:.3f}–{hi:.3f} |")
    lines += ["", "Target (issue #34): a device that buys less than 10% (off/on < 1.10) on every "
              "workload, outside its noise, is a candidate for removal."]
    print("\n".join(lines))
    if not args.no_write:  # one section per set of devices measured together
        from _common import write_results_section

        devices = args.devices.split(",")
        everything = devices == ALL.split(",")
        write_results_section("bench_devices" if everything else "bench_devices_" + "_".join(devices), lines)


if __name__ == "__main__":
    main()
