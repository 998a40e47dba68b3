"""Fences and headings over generated documents (hypothesis): random prose, headings of every
kind and level, and fenced blocks (```wkt with geometries inside, code with ``#`` lines,
sentences and blank lines, ~~~ fences). The generator knows where it put every fence, heading
and geometry, and the tests check the chunks against that ground truth:

- nothing severed (every geometry, also inside a fence, whole in one chunk core), no loss;
- a fence that fits the budget lies whole in one chunk; a fence that does not is cut only at
  its line ends (a cut inside a line only where that line alone is over the budget);
- every chunk that meets a fence names it (``fence``), and ``fence_split`` marks the pieces;
- every chunk carries the heading path in force where its own text begins, and nothing in a
  fence is ever a heading.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from test_invariants import _check, prose, wkt_geometry

from geochunk.model import ChunkConfig, Flag
from geochunk.pipeline import chunk_text
from geochunk.tokens.counting import get_counter

COUNT = get_counter("cl100k_base").count

code_line = st.sampled_from([
    "x = load('parcels.md')  # Load it. Then chunk it.",
    "# a comment, not a heading",
    "## neither is this",
    "SELECT id, geom FROM parcels WHERE zone = 'R1';",
    "print('Done. Next.')",
    "",
    "    return area * 2.5",
    "STATUS",
])


@st.composite
def fence_block(draw):
    """(text, [(offset in text, geometry)]) of one fenced block."""
    char = draw(st.sampled_from(["```", "~~~", "````"]))
    info = draw(st.sampled_from(["wkt", "python", "", "sql", "text {.numberLines}"]))
    body, geoms = f"{char}{info}\n", []
    for _ in range(draw(st.integers(min_value=1, max_value=6))):
        if info == "wkt" or draw(st.integers(0, 3)) == 0:
            g = draw(wkt_geometry())
            if "\n" in g:  # a multi-line geometry stays as drawn
                pass
            geoms.append((len(body), g))
            body += g + "\n"
        else:
            body += draw(code_line) + "\n"
    return body + char + "\n", geoms, info


heading = st.tuples(st.integers(min_value=1, max_value=4), st.sampled_from(
    ["Appendix B", "Parcel LU-0012", "Survey notes", "C.1 Schedule", "Flood levels", "Results"]))


@st.composite
def structured_document(draw):
    text = ""
    geoms: list[tuple[int, int, str, str]] = []
    fences: list[tuple[int, int, str]] = []
    heads: list[tuple[int, int, str]] = []  # start, level, title
    for _ in range(draw(st.integers(min_value=1, max_value=10))):
        choice = draw(st.sampled_from(["prose", "prose", "fence", "fence", "heading", "wkt"]))
        if text and not text.endswith("\n\n"):
            text += "\n\n" if not text.endswith("\n") else "\n"
        if choice == "prose":
            text += draw(prose)
        elif choice == "wkt":
            g = draw(wkt_geometry())
            geoms.append((len(text), len(text) + len(g), "wkt", g))
            text += g
        elif choice == "heading":
            level, title = draw(heading)
            if draw(st.booleans()) or level > 2:
                heads.append((len(text), level, title))
                text += "#" * level + " " + title + "\n"
            else:
                heads.append((len(text), level, title))
                text += title + "\n" + ("=" if level == 1 else "-") * 6 + "\n"
            text += draw(prose)
        else:
            block, inner, info = draw(fence_block())
            start = len(text)
            for off, g in inner:
                geoms.append((start + off, start + off + len(g), "wkt", g))
            text += block
            fences.append((start, len(text), info))
    if draw(st.booleans()):
        text += "\n"
    return text, geoms, fences, heads


def _path_at(heads: list[tuple[int, int, str]], p: int) -> tuple[str, ...]:
    stack: list[tuple[int, str]] = []
    for start, level, title in heads:
        if start > p:
            break
        while stack and stack[-1][0] >= level:
            stack.pop()
        stack.append((level, title))
    return tuple(t for _, t in stack)


def _line_of(text: str, p: int) -> tuple[int, int]:
    a = text.rfind("\n", 0, p) + 1
    b = text.find("\n", p)
    return a, len(text) if b < 0 else b + 1


SETTINGS = settings(max_examples=120, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@SETTINGS
@given(structured_document(), st.integers(min_value=16, max_value=300),
       st.sampled_from(["auto", "paragraph", "feature", "mixed"]))
def test_fences_whole_or_cut_at_line_ends_and_nothing_severed(doc, budget, strategy):
    text, geoms, fences, _ = doc
    cs = chunk_text(text, ChunkConfig(budget=budget, strategy=strategy))
    _check(text, geoms, cs, budget)
    chunks = cs.chunks
    for lo, hi, info in fences:
        meeting = [c for c in chunks if c.core_start < hi and lo < c.end]
        assert meeting and all(c.fence is not None for c in meeting)
        assert meeting[0].fence == info or meeting[0].core_start < lo  # it may hold an earlier fence
        # blanks at the document's edges cannot be a chunk of their own: they go to the
        # fence's chunk, so the fence fits only with them (e.g. '````wkt ... ````\n' is 16
        # tokens, 17 with the document's last '\n')
        a = 0 if not text[:lo].strip() else lo
        b = len(text) if not text[hi:].strip() else hi
        if COUNT(text[a:b]) <= budget:
            # whole in one chunk (its core, or a unit's escape holding the fence whole)
            assert any(c.core_start <= lo and hi <= c.end for c in chunks), (budget, text[lo:hi][:60])
        for c in chunks:
            p = c.core_start
            if lo < p < hi and c.part is None:
                a, b = _line_of(text, p)
                assert p == a or COUNT(text[a:b]) > budget, (budget, repr(text[a:p]), repr(text[p:b]))
        for c in meeting:
            whole = c.core_start <= lo and hi <= c.end
            if not whole:
                assert Flag.FENCE_SPLIT in c.flags


@SETTINGS
@given(structured_document(), st.integers(min_value=16, max_value=300), st.sampled_from(["auto", "section"]))
def test_every_chunk_carries_its_heading_path(doc, budget, unit):
    text, _, fences, heads = doc
    cs = chunk_text(text, ChunkConfig(budget=budget, unit=unit))
    starts = {s for s, _, _ in heads}
    for c in cs.chunks:
        p = c.core_start
        while p < c.end and text[p].isspace():
            p += 1
        if p >= c.end:
            continue
        # a chunk opening with headings carries the path of what they introduce
        while p in starts:
            nxt = text.find("\n", p)
            q = nxt + 1 if nxt >= 0 else c.end
            if text[q : q + 6] in ("======", "------"):
                q = text.find("\n", q) + 1 or c.end
            while q < c.end and text[q].isspace():
                q += 1
            if q >= c.end:
                break
            p = q
        assert c.headings == _path_at(heads, p), (c.text[:80], c.headings, _path_at(heads, p))
        for lo, hi, _ in fences:  # nothing in a fence is a heading
            assert not any(lo < s < hi for s in starts)
