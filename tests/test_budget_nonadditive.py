"""Every chunk fits the budget by a REAL encode, also where token counts are not additive.

Prose is generated from material whose tokens do not add up at character edges: emoji, ZWJ
sequences, flags, CJK, combining marks, long runs with no space, mixed with plain words. At
budgets 8-128 and for both tiktoken encodings, each chunk's real count (``encode_ordinary`` of
its text) is within the budget unless the chunk cannot be divided: its text, leading and
trailing whitespace aside, is ONE extended grapheme cluster (``regex``'s ``\\X``, independent of
geochunk's own segmentation). The chunks rebuild the input exactly (no loss, no duplication).

``chunk_text`` accepts budgets from ``MIN_BUDGET`` (16); budgets 8-15 are checked one level
down, on the packing engine plus blank absorption (``pack`` then ``absorb_blank``: the pieces
``assemble`` turns into chunks when nothing is escaped or overlapped).
"""

from __future__ import annotations

import pytest
import regex
from hypothesis import HealthCheck, given, settings, strategies as st

from geochunk.split.blanks import absorb_blank
from geochunk.model import ChunkConfig
from geochunk.split.packing import pack
from geochunk.pipeline import analyse, chunk_text
from geochunk.tokens.counting import get_counter

ENCODINGS = ("cl100k_base", "o200k_base")
WORDS = "river gauge flood the of and north culvert field hedge bridge levels".split()
ATOMS = (
    "😀", "🌊", "👨\u200d👩\u200d👧\u200d👦", "🏳️\u200d🌈", "🇬🇧", "🇯🇵", "👍🏽", "東京都", "河川", "水位",
    "e\u0301", "a\u0308\u0323", "\u0915\u094d\u0937", "ñ", "—", "→", "°", "·", "…", "\u00a0",
)
SEPARATORS = (" ", " ", " ", "\n", "\n\n", ". ", ", ", "  ")


@st.composite
def _run(draw) -> str:
    """A run with no space: atoms (and now and then a plain word) glued together."""
    parts = draw(st.lists(st.sampled_from(ATOMS + tuple(WORDS[:3])), min_size=1, max_size=60))
    if draw(st.booleans()):  # a base letter with many combining marks: one cluster, many tokens
        parts.append("o" + "\u0301\u0302\u0303\u0304"[: draw(st.integers(1, 4))] * draw(st.integers(1, 12)))
    return "".join(parts)


@st.composite
def documents(draw) -> str:
    pieces = draw(st.lists(st.one_of(st.sampled_from(WORDS), st.sampled_from(ATOMS), _run()),
                           min_size=1, max_size=40))
    out = []
    for p in pieces:
        out.append(p)
        out.append(draw(st.sampled_from(SEPARATORS)))
    if draw(st.booleans()):
        out.pop()
    return "".join(out)


def _indivisible(text: str) -> bool:
    """One grapheme cluster once the whitespace around it is set aside."""
    return len(regex.findall(r"\X", text.strip())) == 1


def _check(text: str, ranges: list[tuple[int, int]], budget: int, encoding: str) -> None:
    assert [a for a, _ in ranges] == [0, *(b for _, b in ranges[:-1])], "chunks leave a gap or overlap"
    assert ranges[0][0] == 0 and ranges[-1][1] == len(text)
    count = get_counter(encoding).count
    for a, b in ranges:
        assert a < b, "empty chunk"
        real = count(text[a:b])
        assert real <= budget or _indivisible(text[a:b]), (encoding, budget, real, text[a:b])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=documents(), budget=st.integers(16, 128), encoding=st.sampled_from(ENCODINGS))
def test_chunks_fit_by_real_encode(text: str, budget: int, encoding: str) -> None:
    cs = chunk_text(text, ChunkConfig(budget=budget, encoding=encoding))
    assert "".join(c.text for c in cs.chunks) == text
    _check(text, [(c.start, c.end) for c in cs.chunks], budget, encoding)
    for c in cs.chunks:
        assert c.token_count == get_counter(encoding).count(c.text)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=documents(), budget=st.integers(8, 128), encoding=st.sampled_from(ENCODINGS))
def test_packed_pieces_fit_by_real_encode(text: str, budget: int, encoding: str) -> None:
    a = analyse(text, encoding=encoding)
    pieces = absorb_blank(a, pack(text, budget, a.boundaries, [], [], a.index), budget)
    _check(text, [(p.start, p.end) for p in pieces], budget, encoding)


def test_emoji_run_reviewer_case() -> None:
    """50 emoji used to end in a 10-emoji chunk (20 tokens at budget 16): the last two emoji
    of the grapheme-cut run were taken for filler and merged into the previous chunk."""
    text = "😀" * 50
    for encoding in ENCODINGS:
        for budget in range(16, 120):
            cs = chunk_text(text, ChunkConfig(budget=budget, encoding=encoding))
            assert "".join(c.text for c in cs.chunks) == text
            assert all(c.token_count <= budget and not c.oversized for c in cs.chunks), (encoding, budget)


@pytest.mark.parametrize("encoding", ["cl100k_base", "o200k_base"])
def test_a_run_without_word_cuts_is_cut_after_a_separator_not_inside_a_number(encoding) -> None:
    """Coordinates written as one run ("12.3,-1.2,..."): when the run must give back its end,
    the cut falls after a comma, never between two digits of a number."""
    text = "the bridge. 12.345678,-1.234567,12.345678,-1.234567\n"
    cs = chunk_text(text, ChunkConfig(budget=20, encoding=encoding))
    assert "".join(c.text for c in cs.chunks) == text
    assert all(c.token_count <= 20 for c in cs.chunks)
    for c in cs.chunks[1:]:
        assert not (text[c.start - 1].isdigit() and text[c.start].isdigit()), c.start
    assert [c.text for c in cs.chunks][-1] == "-1.234567\n"
