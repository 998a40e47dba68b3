"""Issue #25 figures: does each record of a real layout travel whole, with its fields?

Run: python benchmarks/layout_figures.py [--before TREE] [--no-write]

Measures the checkout it runs in (and, with ``--before``, another checkout, each in its own
process with ``PYTHONPATH`` set to it) on real files shipped in packages - Django 5.2.8's GIS
fixtures, libpysal's ``stl_hom.csv`` - and on seeded documents in the layouts the issue names
(attributes written before their geometry, Markdown attribute tables, nested ``properties:``
blocks, YAML-style lists, a Markdown table with a geometry column). The ground truth is read here without geochunk (``json`` and
``csv``), so any version is measured the same way:

* ``records`` - records holding a geometry (array elements; CSV rows; generated parcels);
* ``whole`` - records whose every text field (3+ characters) is in each chunk that holds one
  of the record's geometries;
* ``orphan`` - featureless chunks holding some record's field;
* ``attrs`` - features with attributes; ``src id`` - features whose id is not the content hash;
* ``wrong`` (generated documents) - features whose attributes hold another parcel's id.

Writes the ``layout_figures`` section of ``benchmarks/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import io
import json
import os
import platform
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "tests" / "real_data"
RESULTS = ROOT / "benchmarks" / "RESULTS.md"
BUDGETS = (64, 128, 256)
FILES = ("django-5.2.8/geogapp_initial.json", "django-5.2.8/distapp_initial.json",
         "django-5.2.8/relatedapp_initial.json", "django-5.2.8/geometries.json",
         "libpysal-4.14.1/stl/stl_hom.csv")
_GEOM = re.compile(r"\s*(?:SRID=\d+;)?\s*[A-Z]+\s*(?:ZM|Z|M)?\s*\(|[0-9A-Fa-f]{10,}$|\s*[<{]")
_DECODER = json.JSONDecoder()
_WORDS = ("meadow", "river", "orchard", "quarry", "common", "spinney", "marsh", "heath")


def _array_elements(text: str, p: int) -> list[tuple[int, int, Any]]:
    out = []
    p += 1
    while True:
        while text[p] in " \t\r\n,":
            p += 1
        if text[p] == "]":
            return out
        value, end = _DECODER.raw_decode(text, p)
        out.append((p, end, value))
        p = end


def _json_records(text: str) -> list[tuple[int, int, list[str]]]:
    p = len(text) - len(text.lstrip())
    if text[p] == "[":
        elements = _array_elements(text, p)
    else:  # an object of arrays: the arrays' elements
        elements, q = [], p + 1
        while True:
            while text[q] in " \t\r\n,":
                q += 1
            if text[q] == "}":
                break
            _, q = _DECODER.raw_decode(text, q)
            while text[q] in " \t\r\n:":
                q += 1
            if text[q] == "[":
                elements += _array_elements(text, q)
            _, q = _DECODER.raw_decode(text, q)
    out = []
    for a, b, value in elements:
        if isinstance(value, dict):
            fields: list[str] = []

            def leaves(v: Any) -> None:
                if isinstance(v, dict):
                    for x in v.values():
                        leaves(x)
                elif isinstance(v, str) and len(v) >= 3 and not _GEOM.match(v):
                    fields.append(json.dumps(v))

            leaves(value)
            out.append((a, b, fields))
    return out


def _csv_records(text: str) -> list[tuple[int, int, list[str]]]:
    out, p = [], text.index("\n") + 1
    for line in text[p:].splitlines(keepends=True):
        (row,) = list(csv.reader(io.StringIO(line)))
        out.append((p, p + len(line), [v.strip() for v in row if len(v.strip()) >= 3 and not _GEOM.match(v)]))
        p += len(line)
    return out


def _polygon(rng: random.Random) -> str:
    x, y = rng.randint(0, 9000), rng.randint(0, 9000)
    pts = [(x + 3 * j, y + (7 * j) % 11) for j in range(rng.randint(4, 40))]
    pts.append(pts[0])
    return "POLYGON ((" + ", ".join(f"{a} {b}" for a, b in pts) + "))"


def _generated(layout: str, n: int = 30, seed: int = 25) -> tuple[str, list[tuple[int, int, list[str]]]]:
    """``n`` parcels in one layout, each its (start, end, fields) as written."""
    rng = random.Random(seed)
    parts, records, pos = [], [], 0
    intro = "Schedule of parcels surveyed in the spring; each entry gives its outline.\n\n"
    parts.append(intro)
    pos += len(intro)
    for k in range(1, n + 1):
        pid, zone, owner = f"P-{k:04d}", f"{rng.choice(_WORDS)}-{k:04d}", f"{rng.choice(_WORDS)} trust {k:04d}"
        g = _polygon(rng)
        if layout == "before":
            s = f"Parcel ID: {pid}\nZone: {zone}\nOwner: {owner}\n{g}\n\n"
        elif layout == "table":
            s = f"| Parcel ID | {pid} |\n| Zone | {zone} |\n| Owner | {owner} |\n\n{g}\n\n"
        elif layout == "nested":
            s = f"{g}\nproperties:\n  parcel_id: {pid}\n  zone: {zone}\n  owner: {owner}\n\n"
        elif layout == "table rows":
            if k == 1:
                head = "| Parcel ID | Zone | Owner | Outline |\n| --- | --- | --- | --- |\n"
                parts.append(head)
                pos += len(head)
            s = f"| {pid} | {zone} | {owner} | {g} |\n"
        else:  # yaml
            s = f"- parcel_id: {pid}\n  zone: {zone}\n  geometry: {g}\n  owner: {owner}\n"
        records.append((pos, pos + len(s), [pid, zone, owner]))
        parts.append(s)
        pos += len(s)
    return "".join(parts), records


def measure() -> dict[str, Any]:
    """Figures for this process's geochunk: {document: {budget: {figure: value}}}."""
    from geochunk.model import ChunkConfig
    from geochunk.pipeline import analyse, assemble

    docs: list[tuple[str, str, list[tuple[int, int, list[str]]], bool]] = []
    for name in FILES:
        text = (REAL / name).read_text(encoding="utf-8")
        docs.append((name.split("/")[-1], text, _csv_records(text) if name.endswith(".csv") else _json_records(text),
                     False))
    for layout in ("before", "table", "nested", "yaml", "table rows"):
        text, recs = _generated(layout)
        docs.append((f"generated: {layout}", text, recs, True))
    out: dict[str, Any] = {}
    for name, text, recs, generated in docs:
        a = analyse(text)
        feats = a.features
        per: dict[str, Any] = {}
        for budget, oversize in [(b, "isolate") for b in BUDGETS] + [(128, "generalize")]:
            cs = assemble(a, ChunkConfig(budget=budget, oversize=oversize,
                                         tolerance="auto" if oversize == "generalize" else None))
            chunks = cs.chunks
            holding: dict[str, list[Any]] = {}
            for c in chunks:
                for f in c.features:
                    holding.setdefault(f.id, []).append(c)
            n_rec = whole = 0
            all_fields: list[str] = []
            for a0, b0, fields in recs:
                inside = [f for f in feats if a0 <= f.start < b0]
                if not inside:
                    continue
                n_rec += 1
                all_fields += fields
                holders = [c for f in inside for c in holding.get(f.id, [])]
                whole += bool(holders) and all(v in c.text for c in holders for v in fields)
            orphan = sum(1 for c in chunks if not c.features and any(v in c.text for v in all_fields))
            fig = {"chunks": len(chunks), "records": n_rec, "whole": whole, "orphan": orphan,
                   "attrs": sum(1 for f in feats if f.attributes), "src_id": sum(1 for f in feats if f.id_source != "hash"),
                   "features": len(feats)}
            if generated:
                wrong = 0
                for (a0, b0, fields), f in zip(recs, feats):
                    values = {str(v) for v in (f.attributes or {}).values()}
                    wrong += bool(values) and fields[0] not in values
                fig["wrong"] = wrong
            per[f"{budget}" + ("" if oversize == "isolate" else " generalize")] = fig
        out[name] = per
    return out


def _run_in(tree: str) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": tree}
    proc = subprocess.run([sys.executable, __file__, "--child"], env=env, cwd=ROOT, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"figures failed in {tree}:\n{proc.stderr[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _cell(before: dict[str, Any] | None, after: dict[str, Any], key: str) -> str:
    if key not in after:
        return "-"
    return f"{before[key]} -> {after[key]}" if before is not None and key in before else str(after[key])


def section(after: dict[str, Any], before: dict[str, Any] | None, label: str) -> list[str]:
    lines = [
        "## Real layouts: records, attributes written before, tables (issue #25)",
        "",
        f"{dt.date.today().isoformat()}, {platform.machine()}, {os.cpu_count()} CPUs shared with other work; "
        f"`python benchmarks/layout_figures.py{label}` (definitions in its docstring). "
        + ("Cells read before -> after." if before else ""),
        "",
        "| document | budget | chunks | records | whole | orphan | attrs | src id | wrong |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for name, per in after.items():
        for budget, fig in per.items():
            old = before.get(name, {}).get(budget) if before else None
            n = fig["features"]
            lines.append(f"| {name} | {budget} | {_cell(old, fig, 'chunks')} | {fig['records']} | "
                         f"{_cell(old, fig, 'whole')} | {_cell(old, fig, 'orphan')} | {_cell(old, fig, 'attrs')} / {n} | "
                         f"{_cell(old, fig, 'src_id')} / {n} | {_cell(old, fig, 'wrong')} |")
    return lines


def write_section(lines: list[str]) -> None:
    from _common import write_results_section

    write_results_section("layout_figures", lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", metavar="TREE", help="another checkout to compare with (e.g. an export of main)")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    args = ap.parse_args()
    if args.child:
        print(json.dumps(measure()))
        return
    after = _run_in(str(ROOT))
    before = _run_in(os.path.abspath(args.before)) if args.before else None
    lines = section(after, before, " --before TREE" if args.before else "")
    print("\n".join(lines))
    if not args.no_write:
        write_section(lines)


if __name__ == "__main__":
    main()
