"""What detecting hex (E)WKB, GML and KML costs: on documents that hold none of them, and
how it scales on documents that do. Ratios are measured within one run.

Run: python benchmarks/bench_encodings.py [--repeat 5]

1. For every bundled sample *without* these encodings (plus an HTML-heavy page and a page of
   hex digests, which pass the cheap pre-checks), the first chunking run (analyse + assemble)
   with the new finders and with them switched off, interleaved, best of N. Target (issue #10):
   at most +10%.
2. ``find_encoded`` alone on the encoding samples at 1x, 4x and 16x (linearity), and on hostile
   tag soup.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import geochunk.detection.scan as detect_mod  # noqa: E402
from _common import best, once  # noqa: E402
from geochunk.detection.encodings import find_encoded  # noqa: E402
from geochunk.model import ChunkConfig  # noqa: E402
from geochunk.pipeline import analyse, assemble  # noqa: E402
from geochunk.samples import load_sample  # noqa: E402

WITHOUT = ("land_use_appendix", "parcels", "mixed_report", "boundary_40k", "sparse_prose",
           "sql_dump", "malformed")  # fmt: skip
WITH = ("postgis_copy", "wfs_getfeature", "placemarks", "encodings_report")


def _html_page() -> str:
    rows = "\n".join(
        f'<tr><td class="id">{i}</td><td><a href="/parcel/{i}">Parcel {i}</a></td>'
        f"<td>POINT ({530000 + i} {180000 + i})</td></tr>"
        for i in range(2000)
    )
    return f"<html><body><h1>Parcels</h1><p>Exported table.</p><table>\n{rows}\n</table></body></html>\n"


def _digests() -> str:
    return "\n".join(
        f"file_{i}.tif sha256 {hashlib.sha256(str(i).encode()).hexdigest()} "
        f"md5 {hashlib.md5(str(i).encode()).hexdigest()} 0101000000{i:08d}"
        for i in range(3000)
    )


def _first_run(text: str, cfg: ChunkConfig) -> None:
    assemble(analyse(text), cfg)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    cfg = ChunkConfig(budget=512)
    docs = {name: load_sample(name) for name in WITHOUT}
    docs["html_table (pre-check hits)"] = _html_page()
    docs["hex digests (pre-check hits)"] = _digests()
    real = detect_mod.find_encoded
    print(f"1. first run with / without the WKB+GML+KML finders (best of {args.repeat}, interleaved)")
    print(f"{'document':<30}{'chars':>10}{'without ms':>12}{'with ms':>10}{'added':>9}{'finders ms':>12}"
          f"{'share':>8}")
    added, shares = [], []
    for name, text in docs.items():
        on, off = [], []
        _first_run(text, cfg)  # warm caches (tokenizer, PROJ) once for both
        for _ in range(args.repeat):
            detect_mod.find_encoded = lambda t: []  # type: ignore[assignment]
            off.append(once(lambda: _first_run(text, cfg)))
            detect_mod.find_encoded = real
            on.append(once(lambda: _first_run(text, cfg)))
        finders = best(lambda: find_encoded(text), args.repeat)
        a, b = min(off), min(on)
        added.append(b / a - 1)
        shares.append(finders / a)
        print(f"{name:<30}{len(text):>10}{a*1e3:>12.1f}{b*1e3:>10.1f}{100*(b/a-1):>8.1f}%"
              f"{finders*1e3:>12.2f}{100*finders/a:>7.1f}%")
    detect_mod.find_encoded = real
    print(f"first run, with / without - 1: median {100*statistics.median(added):.1f}%, worst "
          f"{100*max(added):.1f}% (differences of two noisy timings on a shared machine)")
    print(f"find_encoded alone / first run without it ('share', the cost itself): median "
          f"{100*statistics.median(shares):.2f}%, worst {100*max(shares):.1f}%")

    print("\n2. find_encoded alone, 1x / 4x / 16x the document")
    for name in WITH:
        base = load_sample(name)
        t1 = None
        cells = []
        for k in (1, 4, 16):
            doc = ("\n\n".join([base] * k)) if not base.lstrip().startswith("<") else base * 1
            if base.lstrip().startswith("<") and k > 1:  # keep XML documents well-formed
                head, _, rest = base.partition("\n")
                doc = head + "\n<root>" + "".join(rest for _ in range(k)) + "</root>"
            t = best(lambda: find_encoded(doc), max(1, args.repeat - 2))
            t1 = t1 or t
            cells.append(f"{k:>2}x {len(doc):>9} chars {t*1e3:8.1f} ms ({t/t1:5.2f}x)")
        print(f"{name:<18}" + "  ".join(cells))
    soup = ("<!-- " * 5000 + "<a x='" * 5000 + "<gml:Point " * 5000 + "</gml:Point>" * 5000
            + "<gml:Polygon><gml:exterior>" * 5000)
    t = best(lambda: find_encoded(soup), 3)
    print(f"hostile tag soup ({len(soup)} chars): {t*1e3:.1f} ms")
    hexrun = "0" * 2_000_001
    t = best(lambda: find_encoded(hexrun), 3)
    print(f"one 2 MB hex run that is not WKB: {t*1e3:.1f} ms")


if __name__ == "__main__":
    main()
