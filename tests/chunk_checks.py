"""Checks the generated-document tests share (``test_invariants``, ``test_encodings_invariants``):
given where the generator put a geometry, it is whole in exactly one chunk; whatever the chunker
emitted parses; token counts are real and within the budget unless oversized."""

from __future__ import annotations

from typing import Any, Sequence

import regex

from geochunk.detection.scan import detect
from geochunk.detection.geometry import parse_span
from geochunk.tokens.counting import get_counter


def assert_whole_in_one_chunk(chunks: Sequence[Any], start: int, end: int, what: str) -> None:
    """No chunk boundary falls strictly inside ``[start, end)``, and exactly one chunk core
    holds it (for a geometry split by part: the chunk of its first part)."""
    for c in chunks:
        for b in (c.start, c.core_start, c.end):
            assert not (start < b < end), f"boundary {b} severs {what}"
    owners = {c.index for c in chunks if c.core_start <= start and end <= c.end and c.part is None}
    owners |= {c.index for c in chunks
               if c.part is not None and c.part.index == 0 and c.start <= start and end <= c.end}
    assert len(owners) == 1, (what, owners)


def assert_emitted_geometry_parses(chunks: Sequence[Any]) -> None:
    """Every geometry in every chunk's text (source slices, generalized text, parts) is found
    whole and parses."""
    for c in chunks:
        for span in detect(c.text).spans:
            assert span.status == "ok", (c.index, c.text_kind, span)
            assert parse_span(span).error is None, (c.index, span.geometry_text[:60])


_GRAPHEME = regex.compile(r"\X")


def assert_real_counts_within_budget(cs: Any, budget: int) -> None:
    """Each chunk's token count is the tokenizer's count of its text, and within ``budget``
    unless the chunk is oversized — and an oversized chunk is one that cannot be divided: it
    holds one geometry (isolated whole), or its text is one grapheme cluster (``regex``'s
    ``\\X``, not geochunk's own segmentation)."""
    counter = get_counter(cs.config.encoding)
    for c in cs.chunks:
        assert c.token_count == counter.count(c.text), c.index
        if c.token_count <= budget:
            continue
        assert c.oversized, (c.index, c.token_count)
        assert len(c.features) == 1 or len(_GRAPHEME.findall(c.text.strip())) == 1, (
            "an oversized chunk that could be divided", c.index, c.token_count,
            len(c.features), c.text[:120])
