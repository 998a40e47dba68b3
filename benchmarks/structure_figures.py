"""Fences, heading paths and Unicode normalisation on the bundled samples and real files.

Run: python benchmarks/structure_figures.py [--compare TREE] [--write]

For every document with a fenced code block (the bundled samples and markovify's README from
``tests/real_data``) at budgets 64/128/256/512: how many fences lie whole in one chunk, how
many chunk cuts fall inside a fence and how many of those inside a line. For Django's French
and Vietnamese translation catalogues (``tests/real_data``), the chunks at budget 128 in NFC,
in NFD, and in NFD with ``normalize="nfc"`` (where the checkout has it). For the bundled
Markdown samples, the share of chunks that carry a heading path (where the checkout has
``Chunk.headings``). Fences are found with this checkout's :mod:`geochunk.context.fences` for both
trees, so the counts compare. ``--compare TREE`` runs the same in another checkout (its
package imported from there) and prints both; ``--write`` replaces the "Structure" section of
``benchmarks/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
import unicodedata
from typing import Any

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
REAL = os.path.join(ROOT, "tests", "real_data")
RESULTS = os.path.join(ROOT, "benchmarks", "RESULTS.md")
BUDGETS = (64, 128, 256, 512)


def _fences_module() -> Any:
    """This checkout's fence finder, loaded from its file (the other tree may have none)."""
    src = open(os.path.join(ROOT, "geochunk", "fences.py"), encoding="utf-8").read()
    src = src.replace("from .lines import lines_of", "from geochunk.text.lines import lines_of")
    mod = type(sys)("_fences_here")
    sys.modules["_fences_here"] = mod  # dataclasses look their module up
    exec(compile(src, "geochunk/context/fences.py", "exec"), mod.__dict__)
    return mod


def figures() -> dict[str, Any]:
    from geochunk.model import ChunkConfig
    from geochunk.pipeline import chunk_text
    from geochunk.samples import list_samples, load_sample

    find_fences = _fences_module().find_fences
    docs = {s.name: load_sample(s.name) for s in list_samples()}
    with open(os.path.join(REAL, "markovify-0.9.4", "README.md"), encoding="utf-8", newline="") as fh:
        docs["markovify-0.9.4 README.md"] = fh.read()
    out: dict[str, Any] = {"fences": {}, "normalize": {}, "headings": {}}
    for name, text in docs.items():
        fences = find_fences(text)
        if not fences:
            continue
        starts = {0} | {i + 1 for i, ch in enumerate(text) if ch == "\n"}
        for b in BUDGETS:
            cs = chunk_text(text, ChunkConfig(budget=b)).chunks
            inside = [c.core_start for c in cs[1:] if any(f.start < c.core_start < f.end for f in fences)]
            whole = sum(any(c.core_start <= f.start and f.end <= c.end for c in cs) for f in fences)
            out["fences"][f"{name} @ {b}"] = [len(fences), whole, len(inside), sum(p not in starts for p in inside)]
    has_normalize = "normalize" in {f.name for f in __import__("dataclasses").fields(ChunkConfig)}
    for lang in ("fr", "vi"):
        with open(os.path.join(REAL, "django-5.2.8", "locale", lang, "django.po"), encoding="utf-8", newline="") as fh:
            text = fh.read()
        nfd = unicodedata.normalize("NFD", text)
        row = [len(chunk_text(unicodedata.normalize("NFC", text), ChunkConfig(budget=128)).chunks),
               len(chunk_text(nfd, ChunkConfig(budget=128)).chunks)]
        row.append(len(chunk_text(nfd, ChunkConfig(budget=128, normalize="nfc")).chunks) if has_normalize else None)
        out["normalize"][f"django {lang} catalogue"] = row
    for name in ("land_use_appendix", "mixed_report", "encodings_report"):
        cs = chunk_text(load_sample(name), ChunkConfig(budget=256)).chunks
        with_path = sum(bool(getattr(c, "headings", ())) for c in cs)
        out["headings"][name] = [len(cs), with_path]
    return out


def _in(tree: str) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": tree}
    proc = subprocess.run([sys.executable, __file__, "--child"], env=env, cwd=tree, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"figures failed in {tree}:\n{proc.stderr[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def report(here: dict[str, Any], there: dict[str, Any] | None, tree: str | None) -> list[str]:
    def pair(key: str, k: str, i: int) -> str:
        now = here[key][k][i]
        if there is None or k not in there[key]:
            return str(now)
        before = there[key][k][i]
        return str(now) if before == now else f"{before} → {now}"

    lines = [
        "## Structure",
        "",
        f"`python benchmarks/structure_figures.py --write{' --compare TREE' if tree else ''}`, "
        f"{datetime.date.today().isoformat()}, {platform.machine()} ({os.cpu_count()} CPUs), Python "
        f"{platform.python_version()}." + (f" `before → after`: TREE ({tree}), then this checkout." if there else ""),
        "",
        "Fenced code blocks (default settings):",
        "",
        "| document @ budget | fences | whole in one chunk | cuts inside a fence | of them mid-line |",
        "| --- | --- | --- | --- | --- |",
    ]
    for k in here["fences"]:
        lines.append(f"| {k} | {here['fences'][k][0]} | {pair('fences', k, 1)} | {pair('fences', k, 2)} | {pair('fences', k, 3)} |")
    lines += ["", "Unicode (chunks at budget 128):", "", "| document | NFC | NFD | NFD, `--normalize nfc` |",
              "| --- | --- | --- | --- |"]
    for k, (nfc, nfd, norm) in here["normalize"].items():
        lines.append(f"| {k} | {nfc} | {nfd} | {norm} |")
    lines += ["", "Heading paths (budget 256):", "", "| sample | chunks | with a heading path |", "| --- | --- | --- |"]
    for k in here["headings"]:
        lines.append(f"| {k} | {here['headings'][k][0]} | {pair('headings', k, 1)} |")
    return lines


def write(lines: list[str]) -> None:
    from _common import write_results_section

    write_results_section("structure_figures", lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--compare", metavar="TREE", help="another checkout to compare with (before)")
    ap.add_argument("--label", default=None, help="how the report names the other checkout (e.g. its commit)")
    ap.add_argument("--write", action="store_true", help="update benchmarks/RESULTS.md")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        print(json.dumps(figures()))
        return 0
    here = _in(ROOT)
    there = _in(os.path.abspath(args.compare)) if args.compare else None
    lines = report(here, there, args.label or args.compare)
    print("\n".join(lines))
    if args.write:
        write(lines)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
