"""Timings moved out of the test suite (tests assert no wall-clock figures): linear scans on
pathological input, measured in one run as ratios.

Run: python benchmarks/bench_pathological.py [--repeat N]

* CRS declaration scan (``find_declarations``) on seven pathological units repeated 2,000 and
  8,000 times: time ratio for 4x the text (linear ~4x; quadratic would be ~16x).
* ``read_document`` refusing a 64 MiB + 1 sparse file: ms (it checks the size before opening).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))

from _common import best  # noqa: E402
from pathological import CRS_SCAN_UNITS as UNITS  # noqa: E402

from geochunk.crs import find_declarations  # noqa: E402
from geochunk.errors import InputError  # noqa: E402
from geochunk.read.source import DEFAULT_MAX_BYTES, read_document  # noqa: E402

def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    find_declarations(UNITS[0])  # warm the name index
    print(f"{'find_declarations unit':<40}{'2000x ms':>10}{'8000x ms':>10}{'ratio':>8}")
    for unit in UNITS:
        small, large = unit * 2000, unit * 8000
        ts, tl = best(lambda: find_declarations(small), args.repeat), best(lambda: find_declarations(large), args.repeat)
        print(f"{unit[:38]!r:<40}{ts * 1e3:>10.1f}{tl * 1e3:>10.1f}{tl / ts:>7.1f}x")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "sparse.bin")
        with open(path, "wb") as fh:
            fh.truncate(DEFAULT_MAX_BYTES + 1)

        def refuse() -> None:
            try:
                read_document(path)
            except InputError:
                return
            raise SystemExit("a file over the limit was read")

        print(f"read_document refuses a {DEFAULT_MAX_BYTES + 1}-byte sparse file in {best(refuse, args.repeat) * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
