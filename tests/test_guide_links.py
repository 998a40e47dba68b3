"""The guide's and the README's links into ``benchmarks/RESULTS.md`` name a section that the
report's one command writes (``python -m benchmarks.report``), whether or not it has been
written yet."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_LINK = re.compile(r"RESULTS\.md#([A-Za-z0-9_\-]+)")


def _anchor(title: str) -> str:
    """GitHub's anchor of a Markdown heading (the rule ``benchmarks/report.py`` uses)."""
    keep = "".join(c for c in title.strip().lower() if c.isalnum() or c in " -_")
    return keep.replace(" ", "-")


def _written_headings() -> set[str]:
    """Anchors of the ``## `` headings RESULTS.md holds now, the report writes for the areas it
    writes itself, and the benchmark scripts write as plain string literals."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import report
    finally:
        sys.path.pop(0)
    out = {_anchor(a.title) for a in report.AREAS if not a.writes}
    results = (ROOT / "benchmarks" / "RESULTS.md").read_text(encoding="utf-8")
    out |= {_anchor(line[3:]) for line in results.splitlines() if line.startswith("## ")}
    for script in (ROOT / "benchmarks").glob("*.py"):
        tree = ast.parse(script.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("## "):
                out.add(_anchor(node.value[3:]))
    return out


def test_every_link_into_results_names_a_section_the_report_writes():
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    written = _written_headings()
    links = [(p.relative_to(ROOT).as_posix(), a) for p in pages
             for a in _LINK.findall(p.read_text(encoding="utf-8"))]
    assert links, "the guide links into RESULTS.md"
    broken = [(p, a) for p, a in links if a not in written]
    assert not broken, broken
