"""Overlap (``ChunkConfig.overlap = n``): each chunk may start with the last ``n`` whole
sentences or features of the chunk before it, and packing keeps room for them.

>>> from geochunk.pipeline import chunk_text
>>> from geochunk.model import ChunkConfig
>>> t = " ".join(f"Sentence number {i} is here." for i in range(12))
>>> c = chunk_text(t, ChunkConfig(budget=40, overlap=1)).chunks[1]
>>> t[c.start:c.core_start]
' Sentence number 3 is here.'
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Sequence

from geochunk.analysis import Analysis
from geochunk.split.packing import Inside
from geochunk.context.prose import SENTENCE

__all__ = ["overlap_reserve", "overlap_start"]

Range = tuple[int, int]


def overlap_start(
    a: Analysis, lo: int, hi: int, end: int, n: int, budget: int, units: Inside
) -> int | None:
    """Start of the last ``n`` whole sentences/features of the previous chunk ``[lo, hi)`` that
    still fit the budget together with the chunk ending at ``end``. ``units`` are the unit
    ranges (built once per assemble: this runs once per chunk)."""
    text, starts = a.text, units.starts
    cands = sorted(
        p
        for p in {q for q, _ in a.boundaries.within(lo, hi, SENTENCE) if not units(q)}
        | {u[0] for u in units.ranges[bisect_left(starts, lo) : bisect_left(starts, hi)] if lo < u[0]}
        # a candidate must start a sentence or feature: skip the ones in trailing whitespace
        if not text[p:hi].isspace() and not text[p - 1 : p + 1].isspace()
    )
    for k in range(min(n, len(cands)), 0, -1):
        q = cands[-k]
        if a.index.exact(q, end) <= budget:
            return q
    return None


def overlap_reserve(a: Analysis, units: Sequence[Range], n: int, budget: int) -> int:
    """Tokens to keep free for ``n`` overlapping sentences/features: the 90th percentile of
    their sizes in this document, times ``n``, at most half the budget."""
    cuts = sorted({0, len(a.text), *(p for p, _ in a.boundaries.within(0, len(a.text), SENTENCE))}
                  | {u[0] for u in units} | {u[1] for u in units})
    sizes = sorted(a.index.count(x, y) for x, y in zip(cuts, cuts[1:]))
    if not sizes:
        return 0
    p90 = sizes[min(len(sizes) - 1, int(0.9 * len(sizes)))]
    return min(budget // 2, p90 * n)
