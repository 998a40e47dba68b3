"""Hostile input (issue 7): the once-quadratic cases at 1x / 4x / 16x, and memory per MB of input.

Run: ``python benchmarks/bench_hostile.py [--cases identical,one_line,epsg,self_crossing] [--memory]``

Cases (each size runs ``chunk_text`` at budget 512 in a fresh process, after a warm-up on a tiny
document so start-up costs are not counted; CPU time, ratios taken within this run):

* ``identical``: ``POINT (1 2)`` repeated; 16x = 40,000 points (480 kB), the issue's reproduction
  (322 CPU-s before the fix).
* ``one_line``: a minified FeatureCollection on one line (113 CPU-s for 10 MB before).
* ``epsg``: a distinct projected EPSG code per section, each governing one point (3,000 codes
  never finished before the frames work; bounded per document since a3d4f4f).

* ``self_crossing`` (issue 29): a random ring of 100 / 200 / 400 vertices crossing itself about
  n**2 / 10 times, pasted as WKT (``chunk_text``), drawn on the map (``view.display_shape``) and
  sent as a drawn search region (``Region.from_geojson``). GEOS's unbounded ``make_valid`` took
  0.5 / 3.8 / 52 CPU-s on the map and 0.5 / 3.2 / 41 s for the region before; both now follow the
  escape's bounded crossing count (``oversize.bounded_make_valid``): the outline is drawn
  unrepaired, the region refused with one line.

``--memory`` chunks the bundled samples scaled to several MB and prints the peak resident memory
the run added (VmHWM after the run minus VmRSS before it, peak reset through /proc) per MB of
input. Target: linear, <= 20x the time at 16x the input.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_CHILD = r"""
import json, sys, time
case, n = sys.argv[1], int(sys.argv[2])
from geochunk.model import ChunkConfig
from geochunk.pipeline import chunk_text

def make(case, n):
    if case == "identical":
        return "POINT (1 2)\n" * n
    if case == "one_line":
        feats = [{"type": "Feature", "id": f"P-{i}", "properties": {"name": f"parcel {i}"},
                  "geometry": {"type": "Point", "coordinates": [i % 360 - 180, i % 170 - 85]}}
                 for i in range(n)]
        return json.dumps({"type": "FeatureCollection", "features": feats})
    if case == "epsg":
        from pyproj.database import query_crs_info
        from pyproj.enums import PJType
        infos = query_crs_info(auth_name="EPSG", pj_types=[PJType.PROJECTED_CRS])
        codes = sorted(int(i.code) for i in infos if i.code.isdigit() and not i.deprecated)[1 : n + 1]
        return "".join(f"Section {k}: EPSG:{c}\nPOINT (1000 2000)\n" for k, c in enumerate(codes))
    if case.startswith("sample:"):
        from geochunk.samples import load_sample
        one = load_sample(case.split(":", 1)[1])
        return (one.rstrip("\n") + "\n\n") * max(1, n // max(1, len(one.encode())))
    raise SystemExit(f"unknown case {case}")

def rss(field):
    for line in open("/proc/self/status"):
        if line.startswith(field):
            return int(line.split()[1]) * 1024
    return 0

chunk_text("Warm-up. EPSG:4326\nPOINT (1 2)\n" + '{"type":"Point","coordinates":[1,2]}', ChunkConfig(budget=512))
text = make(case, n)
before = rss("VmRSS:")
try:
    with open("/proc/self/clear_refs", "w") as fh:
        fh.write("5")  # reset the peak (VmHWM) to the current RSS
except OSError:
    pass
t0 = time.process_time()
cs = chunk_text(text, ChunkConfig(budget=512))
cpu = time.process_time() - t0
peak = rss("VmHWM:")
mb = len(text.encode()) / 1e6
print(json.dumps({"MB": mb, "cpu_s": cpu, "chunks": len(cs.chunks), "features": len(cs.analysis.detection.spans),
                  "added_MB": (peak - before) / 1e6, "before_MB": before / 1e6, "peak_MB": peak / 1e6}))
"""

BASES = {"identical": 2_500, "one_line": 1_000, "epsg": 100}

_SELF_CROSSING = r"""
import json, sys, time
import numpy as np, shapely
from shapely.geometry import mapping
from geochunk.errors import ConfigError
from geochunk.model import ChunkConfig
from geochunk.pipeline import chunk_text
from geochunk.retrieve.region import Region
from geochunk.view.features import display_shape

n = int(sys.argv[1])
xy = np.round(np.random.default_rng(0).uniform(0, 1, size=(n, 2)), 6)
ring = shapely.Polygon(np.vstack([xy, xy[:1]]))
chunk_text("Warm-up.\nPOINT (1 2)\n", ChunkConfig(budget=512))
display_shape(shapely.box(0, 0, 1, 1))
Region.from_bbox(0, 0, 1, 1)
out = {"n": n}
t0 = time.process_time()
chunk_text("A pasted outline.\n\n" + ring.wkt + "\n", ChunkConfig(budget=512))
out["chunk_s"] = time.process_time() - t0
t0 = time.process_time()
shown = display_shape(ring)
out["display_s"] = time.process_time() - t0
out["display"] = "repaired" if "repaired for display" in shown.note else "outline"
t0 = time.process_time()
try:
    Region.from_geojson(mapping(ring))
    out["region"] = "accepted"
except ConfigError:
    out["region"] = "refused"
out["region_s"] = time.process_time() - t0
print(json.dumps(out))
"""


def self_crossing() -> None:
    """The self-crossing outline on the map and as a drawn region at 100 / 200 / 400 vertices."""
    print("self_crossing  vertices  chunk_text  display (map)        region (drawn)")
    rows = []
    for n in (100, 200, 400):
        out = subprocess.run(
            [sys.executable, "-c", _SELF_CROSSING, str(n)], cwd=ROOT, check=True,
            capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        r = json.loads(out.stdout.strip().splitlines()[-1])
        rows.append(r)
        print(f"{'':<14} {n:>8}  {r['chunk_s']:8.3f} s  {r['display_s']:7.3f} s {r['display']:<9}  "
              f"{r['region_s']:7.3f} s {r['region']}")
    worst = max(max(r["display_s"], r["region_s"]) for r in rows)
    print(f"self_crossing  slowest repair {worst:.3f} CPU-s (target: bounded, < 1 s at 400): "
          + ("ok" if worst < 1 else "OVER"))


def child(case: str, n: int) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, case, str(n)], cwd=ROOT, check=True, capture_output=True,
        text=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def scaling(cases: list[str]) -> None:
    print("case        size  input      CPU      ratio  features  chunks")
    for case in cases:
        rows = [(m, child(case, BASES[case] * m)) for m in (1, 4, 16)]
        base = rows[0][1]["cpu_s"]
        for m, r in rows:
            print(f"{case:<10} {m:>3}x  {r['MB']:6.2f} MB {r['cpu_s']:7.2f} s {r['cpu_s'] / base:6.1f}x "
                  f"{r['features']:>9} {r['chunks']:>7}")
        verdict = "ok" if rows[-1][1]["cpu_s"] / base <= 20 else "OVER"
        print(f"{case:<10} 16x/1x = {rows[-1][1]['cpu_s'] / base:.1f} (target <= 20): {verdict}")


def memory(size_mb: float, samples: list[str]) -> None:
    print(f"peak memory added by one chunk_text run, per MB of input (~{size_mb:g} MB documents)")
    for name in samples:
        r = child(f"sample:{name}", int(size_mb * 1e6))
        print(f"{name:<18} {r['MB']:6.2f} MB in, +{r['added_MB']:7.1f} MB peak "
              f"({r['added_MB'] / r['MB']:5.1f} MB per MB; process peak {r['peak_MB']:6.0f} MB), "
              f"{r['cpu_s']:6.1f} CPU-s")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", default="identical,one_line,epsg,self_crossing")
    ap.add_argument("--memory", action="store_true", help="also measure memory per MB of input")
    ap.add_argument("--memory-mb", type=float, default=16.0,
                    help="document size for --memory (64 checks the default --max-bytes limit)")
    ap.add_argument("--memory-samples", default="land_use_appendix,parcels,mixed_report,boundary_40k,sql_dump")
    args = ap.parse_args(argv)
    cases = [c for c in args.cases.split(",") if c]
    if "self_crossing" in cases:
        cases.remove("self_crossing")
        self_crossing()
    if cases:
        scaling(cases)
    if args.memory:
        memory(args.memory_mb, [x for x in args.memory_samples.split(",") if x])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
