"""Context figures on every bundled sample (issue #8): what a retriever loses at chunk edges.

Run: python benchmarks/context_figures.py [--budgets 128,256,512,800]

Counts, per sample and budget, with definitions that do not depend on geochunk's internals (so
the same script measures any version):

* ``attr-only`` - featureless chunks whose non-blank lines are all short ``Key: value`` lines
  (at most 120 characters: a feature's attribute block divorced from its geometry);
* ``head-only`` - chunks whose non-blank lines are all Markdown headings (``#``), in a document
  that is more than a heading;
* ``head-end`` - chunks (not the last) whose last non-blank line is a heading: the heading is
  cut from what it introduces;
* ``fallback`` - share of chunks with ``needs_fallback``; ``oversized`` - share ``oversized``;
* ``doc-fb`` - chunks whose unit is ``document`` although the document is over the budget
  (a whole-document fallback);
* ``feat>1`` - chunks labelled ``unit=feature`` that hold more than one feature;
* ``features`` - closed geometries found; ``swallowed`` - closed WKT literals lying inside a span
  reported as unclosed (checked here with a plain balanced-parenthesis walk).

``--dir D`` reads every sample-like file of a folder instead of the bundled list (so an older
checkout can be measured on today's samples); ``--extra F...`` adds real documents (measured at
``--extra-budget``, default 300).
"""

from __future__ import annotations

import argparse
import glob
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from geochunk.model import ChunkConfig  # noqa: E402
from geochunk.pipeline import analyse, assemble  # noqa: E402
from geochunk.samples import list_samples, load_sample  # noqa: E402

_KW = re.compile(r"(?i)\b(?:POINT|LINESTRING|LINEARRING|POLYGON|MULTIPOINT|MULTILINESTRING|"
                 r"MULTIPOLYGON|GEOMETRYCOLLECTION|TRIANGLE|TIN)\b[ \t]*(?:ZM|Z|M)?[ \t]*\(")
_ATTR = re.compile(r"[-*\u2022 \t]*[^\W\d_][\w ()%./'-]{0,49}:[ \t]+\S")


def _lines(text: str) -> list[str]:
    return [ln for ln in text.splitlines() if ln.strip()]


def is_attr_only(text: str) -> bool:
    lines = _lines(text)
    return bool(lines) and all(len(ln) <= 120 and _ATTR.match(ln) for ln in lines)


def is_heading(line: str) -> bool:
    return line.lstrip().startswith("#")


def swallowed(detection) -> int:
    """Closed WKT literals inside spans reported as unclosed."""
    n = 0
    for s in detection.spans:
        if s.status != "unclosed":
            continue
        body = s.geometry_text
        for m in _KW.finditer(body, 1):
            j = m.start()
            while j > 0 and body[j - 1] in " \t\r\n":
                j -= 1
            if body[j - 1] in "(,":
                continue  # a member of a (shortened) collection belongs to it
            depth = 0
            for ch in body[m.end() - 1 :]:
                depth += ch == "("
                depth -= ch == ")"
                if depth == 0:
                    n += 1
                    break
    return n


def figures(cs, code: bool = False) -> dict[str, float]:
    """``code``: a source file, whose ``#`` lines are comments, not headings."""
    text = cs.analysis.text
    only_heading = code or all(is_heading(ln) for ln in _lines(text))
    chunks = cs.chunks
    n = len(chunks)
    total = cs.analysis.total_tokens
    attr_only = head_only = head_end = doc_fb = multi = 0
    for k, c in enumerate(chunks):
        core = text[c.core_start : c.end]
        lines = _lines(core)
        if not c.features and is_attr_only(core):
            attr_only += 1
        if lines and not only_heading and all(is_heading(ln) for ln in lines):
            head_only += 1
        if not code and lines and k + 1 < n and is_heading(lines[-1]) and not all(is_heading(ln) for ln in lines):
            head_end += 1
        if c.unit == "document" and total > cs.config.budget:
            doc_fb += 1
        if c.unit == "feature" and len(c.features) > 1:
            multi += 1
    return {
        "chunks": n,
        "attr-only": attr_only,
        "head-only": head_only,
        "head-end": head_end,
        "fallback": sum(c.needs_fallback for c in chunks) / n if n else 0.0,
        "oversized": sum(c.oversized for c in chunks) / n if n else 0.0,
        "doc-fb": doc_fb,
        "feat>1": multi,
        "features": sum(s.status == "ok" for s in cs.analysis.detection.spans),
        "swallowed": swallowed(cs.analysis.detection),
    }


def _documents(args) -> list[tuple[str, str, list[int]]]:
    budgets = [int(b) for b in args.budgets.split(",")]
    out = []
    if args.dir:
        for path in sorted(glob.glob(os.path.join(args.dir, "*"))):
            if path.endswith((".md", ".txt", ".geojson", ".sql", ".gml", ".kml")):
                with open(path, encoding="utf-8", newline="") as fh:
                    out.append((os.path.basename(path).rsplit(".", 1)[0], fh.read(), budgets))
    else:
        out = [(s.name, load_sample(s.name), budgets) for s in list_samples()]
    for path in args.extra:
        with open(path, encoding="utf-8", newline="") as fh:
            out.append(("real:" + os.path.basename(path), fh.read(), [args.extra_budget]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--budgets", default="128,256,512,800")
    ap.add_argument("--dir", default=None)
    ap.add_argument("--extra", nargs="*", default=[])
    ap.add_argument("--extra-budget", type=int, default=300)
    args = ap.parse_args()
    cols = ["chunks", "attr-only", "head-only", "head-end", "fallback", "oversized", "doc-fb",
            "feat>1", "features", "swallowed"]
    pct = ("fallback", "oversized")
    print(f"{'document':<28}{'budget':>7}" + "".join(f"{c:>10}" for c in cols))
    totals: dict[str, float] = {c: 0 for c in cols}
    fb_chunks = 0.0
    for name, text, budgets in _documents(args):
        a = analyse(text, doc_id=name)
        for b in budgets:
            f = figures(assemble(a, ChunkConfig(budget=b, doc_id=name)), code=name.endswith(".py"))
            row = "".join(f"{f[c]:>10.1%}" if c in pct else f"{int(f[c]):>10}" for c in cols)
            print(f"{name[:27]:<28}{b:>7}{row}")
            if name.startswith("real:"):
                continue
            for c in cols:
                totals[c] += 0 if c in pct else f[c]
            fb_chunks += f["fallback"] * f["chunks"]
    n = max(1, totals["chunks"])
    row = "".join(
        f"{fb_chunks / n:>10.1%}" if c == "fallback" else f"{'':>10}" if c in pct else f"{int(totals[c]):>10}"
        for c in cols
    )
    print(f"{'ALL samples':<28}{'':>7}{row}")


if __name__ == "__main__":
    main()
