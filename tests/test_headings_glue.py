"""heading_glue's glances (a "#" among a line's first four characters, an "=" or "-" among the
next line's) skip only lines the full checks refuse: the glue equals the one asked line by line."""

from __future__ import annotations

import random

import pytest

from geochunk.context.headings import heading_glue, is_heading_line, is_setext_underline, setext_title
from geochunk.text.lines import lines_of

_LINES = ["# Title", "## Part two", "   ### deep", "    # four spaces", "\t# tab", "#nospace", "PLAIN HEADING",
          "SHORT", "Site B", "A sentence that goes on.", "x" * 90, "WORD " * 20, "", "", "   ", "\t", "===", "---",
          "  ==", "   ---", "    ---", "- item", "= x", "Key: value", "POLYGON ((0 0, 1 1))", "é HEADING", "Title (1)"]


def _reference(text: str) -> list[tuple[int, int]]:
    """heading_glue asked of every line, with no glance."""
    ends = list(lines_of(text).ends)
    bounds = [0, *ends]
    if bounds[-1] == len(text):
        bounds.pop()
    bounds.append(len(text))
    m = len(bounds) - 1
    blank = [not text[bounds[k] : bounds[k + 1]].strip() for k in range(m)]
    out = []
    for k in range(m):
        if blank[k]:
            continue
        a, b = bounds[k], bounds[k + 1]
        before, after = k == 0 or blank[k - 1], k + 1 == m or blank[k + 1]
        j = k + 1
        if before and j < m and is_setext_underline(text[bounds[j] : bounds[j + 1]]) and setext_title(text[a:b]):
            j += 1
        elif not is_heading_line(text[a:b], blank_before=before, blank_after=after):
            continue
        while j < m and blank[j]:
            j += 1
        if j < m:
            out.append((a, bounds[j]))
    return out


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("size", [30, 400])  # the plain loop and the numpy pass (over 256 lines)
def test_heading_glue_equals_the_lines_asked_one_by_one(seed: int, size: int) -> None:
    rng = random.Random(seed * 1000 + size)
    for _ in range(40):
        text = "".join(rng.choice(_LINES) + rng.choice(["\n", "\n", "\r\n", "\n\n"]) for _ in range(rng.randrange(1, size)))
        assert heading_glue(text) == _reference(text), repr(text[:200])
