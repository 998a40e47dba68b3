"""Benchmark geochunk.crs: index build, declaration scanning, frame resolution, WGS 84 boxes, and
the resolution rate over EPSG's projected frames.

Run: ``python benchmarks/bench_crs.py [--repeat 3] [--step 1] [--json]``

1. Name index build (in a fresh process, so nothing is cached): seconds and number of keys.
2. ``find_declarations`` throughput on each bundled sample (MB/s, best of ``--repeat``).
3. ``resolve_frames`` on each bundled sample through the real detector and parser: cold (first
   call in the process after the index is built: transformers are made) and warm (best of
   ``--repeat``). Target: the 400-feature sample well under a second.
4. ``bbox_wgs84`` per feature of the 400-feature sample (µs).
5. The generated test at scale: every ``--step``-th non-deprecated projected EPSG CRS with an
   area of use (``--step 1``: all of them, a few minutes), named in prose over coordinates inside
   its area: resolution rate; and over coordinates far outside: flagged rate.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from _common import best  # noqa: E402
from geochunk.crs import bbox_wgs84, find_declarations, resolve_frames  # noqa: E402
from geochunk.crs.names import name_index  # noqa: E402


def index_build() -> dict:
    code = (
        "import time; t=time.perf_counter(); from geochunk.crs.names import name_index; "
        "ix=name_index(); print(time.perf_counter()-t, ix.size)"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.split()
    return {"index_build_s": round(float(out[0]), 3), "index_keys": int(out[1])}


def samples(repeat: int) -> list[dict]:
    from geochunk.detection.scan import detect
    from geochunk.detection.geometry import parse_span
    from geochunk.samples import list_samples, load_sample

    name_index()
    rows = []
    for sample in list_samples():
        text = load_sample(sample.name)
        det = detect(text)
        geoms = [parse_span(s).geometry for s in det.spans]
        scan = best(lambda: find_declarations(text), repeat)
        t0 = time.perf_counter()
        report = resolve_frames(text, det, geoms)
        cold = time.perf_counter() - t0
        warm = best(lambda: resolve_frames(text, det, geoms), repeat)
        row = {
            "sample": sample.name,
            "kB": round(len(text) / 1000, 1),
            "features": len(det.spans),
            "declarations": len(report.declarations),
            "flagged": sum(f.flagged for f in report.frames),
            "scan_MB_s": round(len(text) / 1e6 / scan, 1),
            "resolve_cold_s": round(cold, 3),
            "resolve_warm_s": round(warm, 3),
        }
        if len(det.spans) >= 400:
            pairs = [(g, report.frame_for(i)) for i, g in enumerate(geoms) if g is not None]
            t = best(lambda: [bbox_wgs84(g, f) for g, f in pairs], repeat)
            row["bbox_wgs84_us_per_feature"] = round(t / len(pairs) * 1e6, 1)
        rows.append(row)
    return rows


def generated(step: int) -> dict:
    import test_crs_generated as gen

    t0 = time.perf_counter()
    done, skipped = gen.run_generated(step)
    resolved, tried, flagged, far = gen._rates(done)
    return {
        "step": step,
        "frames_tried": tried,
        "skipped": len(skipped),
        "resolved": resolved,
        "resolution_rate": round(resolved / tried, 4),
        "far_tried": far,
        "far_flagged": flagged,
        "far_flagged_rate": round(flagged / far, 4) if far else None,
        "seconds": round(time.perf_counter() - t0, 1),
        "misses": [(o.code, o.name, o.inside.epsg, o.inside.notes[:2]) for o in done
                   if not (o.inside.epsg == o.code and not o.inside.flagged)][:10],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--step", type=int, default=12, help="every n-th frame (1 = all)")
    ap.add_argument("--json", action="store_true", help="one JSON object instead of a table")
    args = ap.parse_args(argv)
    result = {
        "index": index_build(),
        "samples": samples(args.repeat),
        "generated": generated(args.step),
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"name index: {result['index']['index_keys']} keys built in "
          f"{result['index']['index_build_s']} s (fresh process)")
    for row in result["samples"]:
        extra = (f", bbox_wgs84 {row['bbox_wgs84_us_per_feature']} us/feature"
                 if "bbox_wgs84_us_per_feature" in row else "")
        print(f"{row['sample']:>18}: {row['kB']:>7} kB {row['features']:>4} features "
              f"{row['declarations']:>4} decl {row['flagged']:>3} flagged | scan "
              f"{row['scan_MB_s']:>5} MB/s | resolve cold {row['resolve_cold_s']:.3f} s "
              f"warm {row['resolve_warm_s']:.3f} s{extra}")
    g = result["generated"]
    print(f"generated (every {g['step']}th frame): {g['resolved']}/{g['frames_tried']} resolved "
          f"({g['resolution_rate']:.2%}), far outside {g['far_flagged']}/{g['far_tried']} "
          f"flagged, {g['skipped']} skipped, {g['seconds']} s")
    for miss in g["misses"]:
        print("  miss:", miss)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
