"""A budget sweep: what the chunks look like over a range of budgets, from one analysis.

Analysts choose a budget by looking at how the chunk count, the share of oversized chunks and of
chunks that still need a fallback, and the features per chunk move with it. Every point is a
real :func:`~geochunk.pipeline.assemble` of the cached analysis (no re-tokenizing).

>>> from geochunk.pipeline import analyse
>>> a = analyse("Site A.\\n\\nPOINT (1 2)\\n\\nSite B.\\n\\nPOINT (3 4)\\n", doc_id="d")
>>> [(p.budget, p.chunks) for p in budget_sweep(a, ChunkConfig(), (16, 64))]
[(16, 2), (64, 1)]
>>> sweep_budgets(800, n=5)
(64, 176, 512, 800, 1456, 4096)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterable

from geochunk.model import ChunkConfig, Flag

__all__ = ["SweepPoint", "sweep_budgets", "budget_sweep"]


@dataclass(frozen=True)
class SweepPoint:
    """The chunk set at one budget, summarised."""

    budget: int
    chunks: int
    oversized_share: float
    needs_fallback_share: float
    features_per_chunk: float
    max_tokens: int


def sweep_budgets(current: int, *, n: int = 20, low: int = 64, high: int = 4096,
                  step: int = 16) -> tuple[int, ...]:
    """``n`` budgets spread evenly on a log scale from ``low`` to ``high`` (multiples of
    ``step``), plus ``current``, sorted and without repeats."""
    if n < 2:
        return (current,)
    ratio = math.log(high / low) / (n - 1)
    out = {max(step, int(round(low * math.exp(ratio * k) / step)) * step) for k in range(n)}
    out.add(current)
    return tuple(sorted(out))


def budget_sweep(analysis: Any, config: ChunkConfig, budgets: Iterable[int]) -> tuple[SweepPoint, ...]:
    """One :class:`SweepPoint` per budget, assembling ``analysis`` with ``config`` at each."""
    from geochunk.pipeline import assemble

    points = []
    for b in budgets:
        cs = assemble(analysis, config.with_(budget=int(b)))
        n = len(cs.chunks) or 1
        with_features = [c for c in cs.chunks if c.features]
        points.append(SweepPoint(
            budget=int(b),
            chunks=len(cs.chunks),
            oversized_share=sum(Flag.OVERSIZED in c.flags for c in cs.chunks) / n,
            needs_fallback_share=sum(Flag.NEEDS_FALLBACK in c.flags for c in cs.chunks) / n,
            features_per_chunk=(sum(len(c.features) for c in with_features) / len(with_features)
                                if with_features else 0.0),
            max_tokens=max((c.token_count for c in cs.chunks), default=0),
        ))
    return tuple(points)
