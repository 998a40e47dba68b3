"""Frames on hostile documents: time for 1x / 4x / 16x the number of distinct EPSG codes.

Run: ``python benchmarks/bench_frames_scaling.py [--base 200]``

Two documents, each at 1x, 4x and 16x ``--base`` distinct projected EPSG codes:
``declared``: one code per line, governing no geometry; ``governing``: each code followed by a
point it governs. Each size runs ``geochunk.analyse`` in a fresh process (cold caches, as a CLI
call would), the name index read from the user cache. Before the per-document bound (issue 7)
each distinct code cost ~75 ms (3,000 codes: 211 CPU-s; governing: never finished). The ratios
are taken within one run of this script; the target is <= 20x at 16x.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_CHILD = r"""
import json, sys, time
from pyproj.database import query_crs_info
from pyproj.enums import PJType
from geochunk.crs.names import name_heads
from geochunk.pipeline import analyse
kind, n = sys.argv[1], int(sys.argv[2])
infos = query_crs_info(auth_name="EPSG", pj_types=[PJType.PROJECTED_CRS])
codes = sorted(int(i.code) for i in infos if i.code.isdigit() and not i.deprecated)[:n]
if kind == "declared":
    text = "".join(f"Section {k}: EPSG:{c}\n" for k, c in enumerate(codes))
else:
    text = "".join(f"Section {k}: EPSG:{c}\nPOINT (1000 2000)\n" for k, c in enumerate(codes))
name_heads()
t0 = time.process_time()
a = analyse(text)
cpu = time.process_time() - t0
print(json.dumps({"kB": len(text) / 1000, "cpu_s": cpu, "work": a.frames.work}))
"""


def run(kind: str, n: int) -> dict:
    out = subprocess.run([sys.executable, "-c", _CHILD, kind, str(n)], cwd=ROOT, check=True,
                         capture_output=True, text=True, env={**__import__("os").environ,
                                                               "PYTHONPATH": str(ROOT)})
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", type=int, default=200)
    args = ap.parse_args(argv)
    for kind in ("declared", "governing"):
        rows = [(m, run(kind, args.base * m)) for m in (1, 4, 16)]
        base = rows[0][1]["cpu_s"]
        for m, r in rows:
            print(f"{kind:>9} {m:>2}x: {args.base * m:>5} codes {r['kB']:>6.1f} kB "
                  f"cpu {r['cpu_s']:6.2f} s  ratio {r['cpu_s'] / base:5.1f}x  work {r['work']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
