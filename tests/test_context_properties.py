"""Issue #8's property test: documents with shortened reprs, LINEARRINGs, several geometries per
line, headings before split sections and attribute blocks larger than the budget.

Proves, at random budgets, escapes and unit modes: no closed geometry swallowed, nothing
severed (every gate passes), no featureless chunk holding a feature's attributes, no
heading-only chunk, no chunk ending with a heading, and every feature's attributes in its
chunk's JSON. Headings come in every form the chunker reads (ATX, chains of ATX, upper-case
plain-text lines, setext underlines), before a geometry directly or before a paragraph that
introduces it; half the budgets are drawn from the gap where the geometry alone fits and
heading plus geometry do not (the orphaned-heading case).
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from geochunk import ChunkConfig
from geochunk.pipeline import analyse, assemble
from geochunk.tokens.counting import get_counter
from geochunk.gates import validate

COUNTER = get_counter("cl100k_base")

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


_HEADINGS = (
    lambda n: [f"## Part {n}\n", "\n"],
    lambda n: [f"# Chapter {n}\n", "\n", f"## Part {n}\n", "\n"],
    lambda n: [f"SECTION {n}: THE MEADOW\n", "\n"],
    lambda n: [f"Part {n} of the survey\n", "===================\n", "\n"],
    lambda n: [f"Notes on part {n}\n", "-----------------\n", "\n"],
)


@st.composite
def _document(draw):
    """(text, closed geometry offsets, {geometry offset: attributes}, heading line offsets,
    budgets in the gap where a geometry fits alone and not with its headings)."""
    parts: list[str] = []
    closed: list[int] = []
    attrs: dict[int, dict[str, str]] = {}
    heads: list[int] = []  # start of every heading line (and setext underline)
    gaps: list[int] = []
    pos = 0

    def add(s: str) -> None:
        nonlocal pos
        parts.append(s)
        pos += len(s)

    n_feature = 0
    for _ in range(draw(st.integers(1, 7))):
        block = draw(st.sampled_from(["prose", "shortened", "ring", "one_line", "section", "feature", "headed"]))
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
            for line in draw(st.sampled_from(_HEADINGS))(draw(st.integers(1, 9))):
                if line.strip():
                    heads.append(pos)
                add(line)
            for _ in range(draw(st.integers(2, 5))):
                add(draw(_prose()) + "\n\n")
        elif block == "headed":  # heading(s), maybe an introducing paragraph, one geometry
            head_at = len(parts)
            for line in draw(st.sampled_from(_HEADINGS))(draw(st.integers(1, 9))):
                if line.strip():
                    heads.append(pos)
                add(line)
            if draw(st.booleans()):
                add(draw(_prose())[:-1] + " as follows:\n\n")
            x0, y0 = draw(st.integers(0, 900)), draw(st.integers(0, 900))
            n = draw(st.integers(3, 40))
            g = "LINESTRING (" + ", ".join(f"{x0 + k * 13} {y0 + (k * 7) % 29}" for k in range(n)) + ")"
            closed.append(pos)
            geom = COUNTER.count(g + "\n")
            whole = COUNTER.count("".join(parts[head_at:]) + g + "\n")
            gaps.extend(range(max(geom, 24), whole))
            add(g + "\n\n")
        else:
            n_feature += 1
            fid = f"LU-{n_feature:04d}"
            heads.append(pos)
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
    return "".join(parts), closed, attrs, heads, gaps


def _line_starts(s: str) -> list[int]:
    """Offsets of the lines in ``s``; an empty core (a split part after the first, which owns
    no source range) has no lines."""
    if not s:
        return []
    return [0, *(k + 1 for k, ch in enumerate(s) if ch == "\n" and k + 1 < len(s))]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    doc=_document(),
    data=st.data(),
    oversize=st.sampled_from(["isolate", "generalize", "split"]),
    unit=st.sampled_from(["auto", "feature", "section"]),
)
def test_context_never_divorces(doc, data, oversize, unit):
    text, closed, attrs, heads, gaps = doc
    budget = data.draw(st.sampled_from(gaps) if gaps and data.draw(st.booleans()) else st.integers(24, 300))
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
    # headings are read as the generator wrote them (every form)
    assert {h for h, _ in a.headings} == {h for h in heads if text[h] not in "=-"}
    heading_lines = set(heads)
    by_start = {s.start: i for i, s in enumerate(spans)}
    for c in cs.chunks:
        core = text[c.core_start : c.end]
        starts = [c.core_start + m for m in _line_starts(core)]
        lines = [p for p in starts if text[p : text.find("\n", p)].strip()]
        # no heading-only chunk, no chunk that ends with a heading
        assert not lines or not all(p in heading_lines for p in lines), (budget, c.index, core)
        assert not lines or lines[-1] not in heading_lines, (budget, c.index, core)
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


def test_a_split_part_after_the_first_is_not_a_heading_only_chunk():
    """Hypothesis's replayed example: the second part of a split MULTIPOINT owns no source range
    (its core is empty); it has no lines, so it is neither heading-only nor ending with one."""
    text = ("### Parcel LU-0001\nMULTIPOINT ((0 0), (1 2))\nParcel ID: LU-0001\nNote 0: survey\n"
            "Note 1: survey\n\n### Parcel LU-0002\nPOLYGON ((0 0, 1 0, 1 1, 0 1, 0 0))\nParcel ID: LU-0002\n\n")
    cs = assemble(analyse(text), ChunkConfig(budget=24, oversize="split"))
    assert [(c.core_start, c.end) for c in cs.chunks] == [(0, 95), (95, 95), (95, 170)]
    assert cs.chunks[1].part.index == 1 and cs.chunks[1].text.startswith("### Parcel LU-0001\nPOINT (1 2)")
    assert _line_starts("") == [] and _line_starts("a\nb\n") == [0, 2]
