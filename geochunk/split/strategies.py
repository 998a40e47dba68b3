"""What each strategy does with the levels (:mod:`geochunk.split.strategy` only *picks* one).

The packing engine ranks every cut by level (section > paragraph > line > sentence > word). A
strategy decides the level of each no-cut unit's two edges, and ``ChunkConfig.unit`` which
ranges are packed on their own:

- ``feature``: a unit edge at a line end is a section break (one feature per chunk wherever
  the budget allows); elsewhere at most a line break.
- ``mixed``: units that stand in a run (less than :data:`RUN_GAP` characters from the next or
  previous unit) get paragraph-level edges, so a run of features splits between features
  before it splits inside prose; a lone unit keeps the prose's own level.
- ``prose``: unit edges keep the natural level of the text around them.

>>> from geochunk.context.prose import find_boundaries
>>> text = "Intro.\\n\\nPOINT (1 2)\\nPOINT (3 4)\\nEnd."
>>> edge_levels(text, find_boundaries(text), [(8, 20), (20, 32)], "mixed")
[(1, 1), (1, 1)]
>>> edge_levels(text, find_boundaries(text), [(8, 20)], "prose")
[(1, 2)]
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from geochunk.text.lines import lines_of
from geochunk.split.packing import Inside
from geochunk.context.prose import LINE, PARAGRAPH, SECTION, WORD, Boundaries

__all__ = ["RUN_GAP", "edge_levels", "natural_level", "segments"]

Range = tuple[int, int]

#: Characters between two units under which they stand "in a run" for the ``mixed`` strategy.
RUN_GAP = 300


def natural_level(b: Boundaries, text: str, p: int) -> int:
    """The level of a cut at ``p`` from the text alone (document edges are section breaks).

    >>> from geochunk.context.prose import find_boundaries
    >>> t = "One. Two.\\nThree"
    >>> [natural_level(find_boundaries(t), t, p) for p in (0, 10, 12)]
    [0, 2, 4]
    """
    if p <= 0 or p >= len(text):
        return SECTION
    lv = b.levels_at(p)
    if lv is not None:
        return lv
    return LINE if lines_of(text).at_line_end(p) else WORD


def _natural_levels(
    b: Boundaries, text: str, ps: Sequence[int], at_line: list[bool] | None = None
) -> list[int]:
    """:func:`natural_level` of many positions, each level's offsets searched once for all
    (``at_line``: :func:`_at_line_end` of them, when the caller has it)."""
    n = len(text)
    pos = np.asarray(ps, dtype=np.int64)
    found = np.full(len(pos), -1, dtype=np.int64)
    for level, arr in enumerate(b.by_level):  # the strongest level holding p wins, as levels_at
        if len(arr):
            i = np.minimum(np.searchsorted(arr, pos), len(arr) - 1)
            found[(found < 0) & (arr[i] == pos)] = level
    if at_line is None:
        at_line = _at_line_end(text, pos)
    return [SECTION if p <= 0 or p >= n else lv if lv >= 0 else LINE if at else WORD
            for p, lv, at in zip(ps, found.tolist(), at_line)]


def _at_line_end(text: str, pos: np.ndarray) -> list[bool]:
    """:meth:`~geochunk.text.lines.LineIndex.at_line_end` of many positions at once.

    >>> _at_line_end("a\\nb\\r\\nc", np.array([0, 1, 2, 3, 5, 6]))
    [True, False, True, False, True, True]
    """
    ends = lines_of(text).array()
    n = len(text)
    if not len(ends):
        return ((pos <= 0) | (pos >= n)).tolist()
    i = np.minimum(np.searchsorted(ends, pos), len(ends) - 1)
    return ((pos <= 0) | (pos >= n) | (ends[i] == pos)).tolist()


def edge_levels(text: str, b: Boundaries, ranges: Sequence[Range], strategy: str) -> list[Range]:
    """``(start level, end level)`` of every unit range under ``strategy``."""
    if not ranges:
        return []
    edges = [x for r in ranges for x in r]
    at_line = _at_line_end(text, np.asarray(edges, dtype=np.int64))  # \r\n, \r and \n end lines
    natural = _natural_levels(b, text, edges, at_line)
    out = []
    for i, (s, e) in enumerate(ranges):
        ls, le = natural[2 * i], natural[2 * i + 1]
        at_line_s, at_line_e = at_line[2 * i], at_line[2 * i + 1]
        if strategy == "feature":
            ls = SECTION if at_line_s else min(ls, LINE)
            le = SECTION if at_line_e else min(le, LINE)
        elif strategy == "mixed":
            prev_gap = s - ranges[i - 1][1] if i else None
            next_gap = ranges[i + 1][0] - e if i + 1 < len(ranges) else None
            if any(g is not None and g <= RUN_GAP for g in (prev_gap, next_gap)):
                ls = PARAGRAPH if at_line_s else min(ls, LINE)
                le = PARAGRAPH if at_line_e else min(le, LINE)
        out.append((ls, le))
    return out


def segments(
    text: str, unit: str, ranges: Sequence[Range], headings: Sequence[Range]
) -> list[Range] | None:
    """Ranges packed on their own for ``unit="feature"`` (every unit range alone) or
    ``unit="section"`` (cut at every heading that starts a section — at the first of a chain
    such as ``# Chapter`` + ``## Part``, never between them); None for ``auto``.

    >>> segments("ab POINT (1 2) cd", "feature", [(3, 14)], [])
    [(0, 3), (3, 14), (14, 17)]
    """
    n = len(text)
    if unit == "feature":
        edges = sorted({0, n, *(x for r in ranges for x in r)})
    elif unit == "section":
        inside = Inside(ranges)
        chained = {c for _, c in headings}  # a heading right under a heading: same section start
        edges = sorted({0, n, *(h for h, _ in headings if not inside(h) and h not in chained)})
    else:
        return None
    return [(x, y) for x, y in zip(edges, edges[1:]) if x < y]
