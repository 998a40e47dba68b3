"""Issue #8's property test: documents with shortened reprs, LINEARRINGs, several geometries per
line, headings before split sections and attribute blocks larger than the budget.

Proves, at random budgets, escapes and unit modes: no closed geometry swallowed, nothing
severed (every gate passes), no featureless chunk holding a feature's attributes, no
heading-only chunk, and every feature's attributes in its chunk's JSON.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from geochunk import ChunkConfig
from geochunk.pipeline import analyse, assemble
from geochunk.validate import validate

_WORDS = ("survey", "bank", "parcel", "ditch", "wall", "gate", "meadow", "river", "the", "of", "near")


@st.composite
def _prose(draw) -> str:
    sentences = []
    for _ in range(draw(st.integers(1, 4))):
        words = draw(st.lists(st.sampled_from(_WORDS), min_size=3, max_size=14))
        sentences.append(" ".join(words).capitalize() + ".")
    return " ".join(sentences)


def _ring(draw, x0: int, y0: int) -> list[tuple[int, int]]:
    w, h = draw(st.integers(1, 50)), draw(st.integers(1, 50))
    return [(x0, y0), (x0 + w, y0), (x0 + w, y0 + h), (x0, y0 + h), (x0, y0)]


def _coords(ring) -> str:
    return ", ".join(f"{x} {y}" for x, y in ring)


@st.composite
def _closed(draw) -> str:
    x0, y0 = draw(st.integers(0, 900)), draw(st.integers(0, 900))
    kind = draw(st.sampled_from(["POLYGON", "LINEARRING", "MULTIPOINT", "POINT", "LINESTRING", "TIN"]))
    r = _ring(draw, x0, y0)
    return {
        "POLYGON": f"POLYGON (({_coords(r)}))",
        "LINEARRING": f"LINEARRING ({_coords(r)})",
        "MULTIPOINT": f"MULTIPOINT (({x0} {y0}), ({x0 + 1} {y0 + 2}))",
        "POINT": f"POINT ({x0} {y0})",
        "LINESTRING": f"LINESTRING ({_coords(r[:3])})",
        "TIN": f"TIN ((({_coords([r[0], r[1], r[2], r[0]])})))",
    }[kind]


@st.composite
def _document(draw):
    """(text, closed geometry offsets, {geometry offset: attributes}, heading count)."""
    parts: list[str] = []
    closed: list[int] = []
    attrs: dict[int, dict[str, str]] = {}
    pos = 0

    def add(s: str) -> None:
        nonlocal pos
        parts.append(s)
        pos += len(s)

    n_feature = 0
    for _ in range(draw(st.integers(1, 7))):
        block = draw(st.sampled_from(["prose", "shortened", "ring", "one_line", "section", "feature"]))
        if block == "prose":
            add(draw(_prose()) + "\n\n")
        elif block == "shortened":
            x = draw(st.integers(1, 99))
            add(f">>> shape\n<POLYGON (({x} 10, {x + 2} 10, \u2026 8.5...>\n")
            g = draw(_closed())
            add(">>> other = ")
            closed.append(pos)
            add(g + "\n\n")
        elif block == "ring":
            g = f"LINEARRING ({_coords(_ring(draw, draw(st.integers(0, 900)), draw(st.integers(0, 900))))})"
            quote = draw(st.sampled_from(['{"wkt": "', "x = '", ""]))
            tail = {'{"wkt": "': '"}', "x = '": "'", "": ""}[quote]
            add(quote)
            closed.append(pos)
            add(g + tail + "\n\n")
        elif block == "one_line":
            for k in range(draw(st.integers(2, 4))):
                if k:
                    add("; ")
                closed.append(pos)
                add(draw(_closed()))
            add("\n\n")
        elif block == "section":
            add(f"## Section {draw(st.integers(1, 9))}\n\n")
            for _ in range(draw(st.integers(2, 5))):
                add(draw(_prose()) + "\n\n")
        else:
            n_feature += 1
            fid = f"LU-{n_feature:04d}"
            add(f"### Parcel {fid}\n")
            g = draw(_closed())
            closed.append(pos)
            at = pos
            add(g + "\n")
            pairs = {"Parcel ID": fid}
            for k in range(draw(st.integers(0, 24))):  # up to ~350 tokens: over most budgets
                pairs[f"Note {k}"] = " ".join(draw(st.lists(st.sampled_from(_WORDS), min_size=1, max_size=6)))
            for key, value in pairs.items():
                add(f"{key}: {value}\n")
            attrs[at] = pairs
            add("\n")
    return "".join(parts), closed, attrs


def _heading(line: str) -> bool:
    return line.lstrip().startswith("#")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    doc=_document(),
    budget=st.integers(24, 300),
    oversize=st.sampled_from(["isolate", "generalize", "split"]),
    unit=st.sampled_from(["auto", "feature", "section"]),
)
def test_context_never_divorces(doc, budget, oversize, unit):
    text, closed, attrs = doc
    a = analyse(text)
    cs = assemble(a, ChunkConfig(budget=budget, oversize=oversize, unit=unit,
                                 tolerance="auto" if oversize == "generalize" else None))
    spans = a.detection.spans
    # no closed geometry swallowed: each one is a feature of its own that parses
    ok_starts = {s.start for s in spans if s.status == "ok"}
    assert set(closed) <= ok_starts, [text[p : p + 30] for p in closed if p not in ok_starts]
    # nothing severed, nothing lost (every gate, incl. no_swallowing and reconstruction)
    report = validate(text, cs.chunks, budget=budget, detection=a.detection)
    assert report.passed, report.lines()
    only_headings = all(_heading(ln) for ln in text.splitlines() if ln.strip())
    by_start = {s.start: i for i, s in enumerate(spans)}
    for c in cs.chunks:
        core = text[c.core_start : c.end]
        lines = [ln for ln in core.splitlines() if ln.strip()]
        # no heading-only chunk
        assert only_headings or not lines or not all(_heading(ln) for ln in lines), (c.index, core)
        # no featureless chunk holding a feature's attributes
        if not c.features:
            held = [f"{k}: {v}" for pairs in attrs.values() for k, v in pairs.items() if f"{k}: {v}\n" in core]
            assert not held, (c.index, held)
    # every feature's attributes travel with it and are in its chunk's JSON
    for at, pairs in attrs.items():
        i = by_start[at]
        fid = a.features[i].id
        holders = [c for c in cs.chunks if any(f.id == fid for f in c.features)]
        assert holders
        for c in holders:
            assert all(f"{k}: {v}\n" in c.text for k, v in pairs.items()), (c.index, fid)
            d = json.loads(c.to_json())
            (feat,) = [f for f in d["features"] if f["id"] == fid]
            assert feat["attributes"] == pairs
