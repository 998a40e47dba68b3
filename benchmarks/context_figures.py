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
* ``feat>1`` - chunks labelled ``unit=feature`` that hold more than one feature.
"""

from __future__ import annotations

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from geochunk.model import ChunkConfig  # noqa: E402
from geochunk.pipeline import analyse, assemble  # noqa: E402
from geochunk.samples import list_samples, load_sample  # noqa: E402

_ATTR = re.compile(r"[-*\u2022 \t]*[^\W\d_][\w ()%./'-]{0,49}:[ \t]+\S")


def _lines(text: str) -> list[str]:
    return [ln for ln in text.splitlines() if ln.strip()]


def is_attr_only(text: str) -> bool:
    lines = _lines(text)
    return bool(lines) and all(len(ln) <= 120 and _ATTR.match(ln) for ln in lines)


def is_heading(line: str) -> bool:
    return line.lstrip().startswith("#")


def figures(cs) -> dict[str, float]:
    text = cs.analysis.text
    only_heading = all(is_heading(ln) for ln in _lines(text))
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
        if lines and k + 1 < n and is_heading(lines[-1]) and not all(is_heading(ln) for ln in lines):
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
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--budgets", default="128,256,512,800")
    args = ap.parse_args()
    budgets = [int(b) for b in args.budgets.split(",")]
    cols = ["chunks", "attr-only", "head-only", "head-end", "fallback", "oversized", "doc-fb", "feat>1"]
    print(f"{'sample':<20}{'budget':>7}" + "".join(f"{c:>11}" for c in cols))
    totals: dict[str, float] = {c: 0 for c in cols}
    fb_chunks = 0.0
    for s in list_samples():
        a = analyse(load_sample(s.name), doc_id=s.name)
        for b in budgets:
            f = figures(assemble(a, ChunkConfig(budget=b, doc_id=s.name)))
            row = "".join(
                f"{f[c]:>11.1%}" if c in ("fallback", "oversized") else f"{int(f[c]):>11}" for c in cols
            )
            print(f"{s.name:<20}{b:>7}{row}")
            for c in cols:
                totals[c] += f[c] if c not in ("fallback", "oversized") else 0
            fb_chunks += f["fallback"] * f["chunks"]
    print(
        f"{'ALL':<20}{'':>7}{int(totals['chunks']):>11}{int(totals['attr-only']):>11}"
        f"{int(totals['head-only']):>11}{int(totals['head-end']):>11}"
        f"{fb_chunks / max(1, totals['chunks']):>11.1%}{'':>11}{int(totals['doc-fb']):>11}"
        f"{int(totals['feat>1']):>11}"
    )


if __name__ == "__main__":
    main()
