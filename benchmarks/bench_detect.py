"""Benchmark geochunk.detection.scan: near-linear scaling on a realistic document, and hostile inputs.

Run: ``python benchmarks/bench_detect.py [--size 1] [--repeat 3]``

Prints the best-of-N detection time for 1x, 4x and 16x the same generated document (prose, WKT,
EWKT, curves, CSV rows, a GeoJSON FeatureCollection), the time per MB and the ratio to the 1x
time divided by the size factor (1.0 means perfectly linear), then the pathological inputs.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from geochunk.detection.scan import detect  # noqa: E402

PROSE = (
    "The survey covered the northern parcel and the point (see below) where the old track "
    "meets the river. A polygon (the red one) marks the proposed extension; tin (2 kg) samples "
    "were taken at each corner. "
)


def _ring(rng: random.Random, n: int, cx: float, cy: float) -> list[tuple[float, float]]:
    pts = [(round(cx + rng.uniform(-50, 50), 2), round(cy + rng.uniform(-50, 50), 2)) for _ in range(n)]
    return pts + [pts[0]]


def _wkt_polygon(rng: random.Random, n: int) -> str:
    cx, cy = rng.uniform(400_000, 600_000), rng.uniform(100_000, 300_000)
    outer = ", ".join(f"{x} {y}" for x, y in _ring(rng, n, cx, cy))
    hole = ", ".join(f"{x} {y}" for x, y in _ring(rng, 4, cx, cy))
    return f"SRID=27700;POLYGON(({outer}), ({hole}))"


def _feature(rng: random.Random, i: int) -> dict:
    lon, lat = rng.uniform(-2, 1), rng.uniform(51, 53)
    coords = [[round(lon + rng.uniform(-0.01, 0.01), 6), round(lat + rng.uniform(-0.01, 0.01), 6)] for _ in range(rng.randint(4, 40))]
    coords.append(coords[0])
    return {
        "type": "Feature",
        "id": f"plot-{i}",
        "properties": {"name": f"Plot {i} {{north}}", "note": 'said "ok"', "area_ha": round(rng.uniform(1, 9), 2)},
        "geometry": {"type": "Polygon", "coordinates": [coords]},
    }


def make_document(seed: int = 7, sections: int = 40) -> str:
    """A mixed spatial document of roughly 200 KB per 40 sections."""
    rng = random.Random(seed)
    parts: list[str] = ["# Site report\n\n"]
    for s in range(sections):
        parts.append(PROSE * rng.randint(1, 3) + "\n\n")
        parts.append(f"Boundary of parcel {s}: {_wkt_polygon(rng, rng.randint(5, 120))}.\n\n")
        parts.append("Access track: LINESTRING(" + ", ".join(f"{rng.randint(0, 999)} {rng.randint(0, 999)}" for _ in range(8)) + ")\n")
        parts.append("Kerb: COMPOUNDCURVE(CIRCULARSTRING(0 0, 1 1, 2 0), (2 0, 5 0))\n\n")
        if s % 5 == 0:
            rows = [f'{i},"POINT({rng.uniform(0, 9):.4f} {rng.uniform(50, 59):.4f})"' for i in range(20)]
            parts.append("id,wkt\n" + "\n".join(rows) + "\n\n")
        if s % 8 == 0:
            fc = {"type": "FeatureCollection", "features": [_feature(rng, s * 100 + i) for i in range(12)]}
            parts.append(json.dumps(fc, indent=1) + "\n\n")
    return "".join(parts)


def best_of(text: str, repeat: int) -> tuple[float, float, int]:
    """Best wall-clock and best CPU seconds over ``repeat`` runs, and the span count."""
    best = cpu = float("inf")
    spans = 0
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        d = detect(text)
        best = min(best, time.perf_counter() - t0)
        cpu = min(cpu, time.process_time() - c0)
        spans = len(d.spans)
    return best, cpu, spans


PATHOLOGICAL = {
    "10^6 nested '('": lambda: "(" * 1_000_000,
    "10^6 nested '['": lambda: "[" * 1_000_000,
    "POLYGON(( x 10^5": lambda: "POLYGON((" * 100_000,
    "POLYGON((0 0,  x 10^5": lambda: "POLYGON((0 0, " * 100_000,
    "10^5 stray '\"'": lambda: '"' * 100_000,
    "10^5 stray '{'": lambda: "{" * 100_000,
    "10^5 quote lines": lambda: 'a " b {\n' * 100_000,
    "10 MB line of digits": lambda: "7" * 10_000_000,
    "POINT( + 10 MB digits": lambda: "POINT(" + "7" * 10_000_000,
    "10^5 GEOMETRYCOLLECTION(": lambda: "GEOMETRYCOLLECTION(" * 100_000 + "POINT(1 2",
    "10^4 broken typed objects": lambda: '{"type":"Point","x":"a\n' * 10_000,
    # stray quotes: each string that cannot be JSON is read once, then once more as prose
    "10^5 escaped quotes, stray": lambda: '"' + '\\"' * 100_000 + '"x',
    "10^4 Points, stray quotes": lambda: '{"type":"Point","coordinates":[1,2]}"' * 10_000,
    "open object, 10^5 '\"a\" '": lambda: "{" + '"a" ' * 100_000,
    "open object, 10^6 spaces": lambda: "{" + (" " * 1000 + '"') * 1000,
}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=1, help="sections multiplier for the base document")
    ap.add_argument("--repeat", type=int, default=3, help="runs per measurement (best is kept)")
    args = ap.parse_args(argv)

    base = make_document(sections=40 * args.size)
    print(f"scaling (best of {args.repeat}; ratio = time / (1x time * factor), 1.00 is linear):")
    print(f"{'size':>6} {'chars':>11} {'spans':>7} {'wall s':>8} {'cpu s':>8} {'cpu s/MB':>9} {'ratio':>6}")
    c1 = 0.0
    for factor in (1, 4, 16):
        text = base * factor
        t, cpu, spans = best_of(text, args.repeat)
        if factor == 1:
            c1 = cpu
        ratio = cpu / (c1 * factor) if c1 else float("nan")
        mb = len(text) / 1e6
        print(f"{factor:>5}x {len(text):>11,} {spans:>7,} {t:>8.3f} {cpu:>8.3f} {cpu / mb:>9.3f} {ratio:>6.2f}")

    print("\npathological inputs (one run each):")
    for name, make in PATHOLOGICAL.items():
        text = make()
        t0 = time.perf_counter()
        d = detect(text)
        dt = time.perf_counter() - t0
        kinds = sorted({s.status for s in d.spans})
        print(f"  {name:<28} {len(text):>11,} chars {dt:>7.3f} s  spans={len(d.spans):<7,} {','.join(kinds)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
