"""Rank fusion and distance decay: small pure functions, each with one job.

* :func:`rrf` — reciprocal rank fusion: ``sum(1 / (k + rank))`` over the lists a chunk is in
  (ranks start at 1; ``k = 60`` as in Cormack et al.). Fusing on rank, not score, means cosine
  similarities and BM25 scores never have to be put on one scale.
* :func:`proximity` — 1 at distance 0, falling with distance in **metres**: exponential with a
  half-life (default) or linear reaching 0 at twice the half-life (so both give 0.5 at the
  half-life). Outside the searched region proximity is 0.
* :func:`final_score` — ``(1 - w) * fused / best_possible_fused + w * proximity``.

>>> rrf({"a": 1, "b": 2}, {"b": 1})
{'a': 0.01639344262295082, 'b': 0.03252247488101534}
>>> proximity(1000.0, half_life_m=1000.0), proximity(2000.0, half_life_m=1000.0)
(0.5, 0.25)
>>> proximity(1000.0, half_life_m=1000.0, decay="linear"), proximity(5000.0, half_life_m=1000.0, decay="linear")
(0.5, 0.0)
"""

from __future__ import annotations

import math
from typing import Hashable, Mapping

import numpy as np

from ..errors import ConfigError

__all__ = ["RRF_K", "DECAYS", "rrf", "proximity", "final_score", "ranks", "top_order"]

RRF_K = 60
DECAYS: tuple[str, ...] = ("exponential", "linear")


def ranks(ordered: list[Hashable]) -> dict[Hashable, int]:
    """1-based ranks of an ordered list.

    >>> ranks(["x", "y"])
    {'x': 1, 'y': 2}
    """
    return {key: i + 1 for i, key in enumerate(ordered)}


def top_order(scores: np.ndarray, keys: np.ndarray, k: int) -> np.ndarray:
    """Indices of the ``k`` best: highest score first, ties by ascending key.

    The same as ``np.lexsort((keys, -scores))[:k]``, without sorting every row: the ``k``-th best
    score is found by partition, and only the rows at or above it are sorted.

    >>> top_order(np.array([0.2, 0.9, 0.5, 0.9]), np.array([7, 9, 8, 3]), 3).tolist()
    [3, 1, 2]
    """
    if k <= 0 or not len(scores):
        return np.zeros(0, dtype=np.int64)
    neg = -np.asarray(scores)
    if len(neg) > 4 * k:
        kth = np.partition(neg, k - 1)[k - 1]
        sel = np.flatnonzero(neg <= kth)
        return sel[np.lexsort((keys[sel], neg[sel]))[:k]]
    return np.lexsort((keys, neg))[:k]


def rrf(*rankings: Mapping[Hashable, int], k: int = RRF_K) -> dict[Hashable, float]:
    """Reciprocal rank fusion of several ``key -> rank`` maps."""
    out: dict[Hashable, float] = {}
    for r in rankings:
        for key, rank in r.items():
            out[key] = out.get(key, 0.0) + 1.0 / (k + rank)
    return out


def proximity(distance_m: float | None, *, half_life_m: float, decay: str = "exponential") -> float:
    """Distance decay in [0, 1]; ``None`` (outside the region) gives 0."""
    if decay not in DECAYS:
        raise ConfigError(f"unknown decay {decay!r}; valid values: {', '.join(DECAYS)}")
    if not half_life_m > 0:
        raise ConfigError(f"half-life must be a positive number of metres, got {half_life_m!r}")
    if distance_m is None:
        return 0.0
    d = max(0.0, float(distance_m))
    if decay == "exponential":
        return math.pow(0.5, d / half_life_m)
    return max(0.0, 1.0 - d / (2.0 * half_life_m))


def final_score(fused: float, prox: float, *, lists: int = 2, weight: float = 0.3, k: int = RRF_K) -> float:
    """Blend fused rank (normalised by the best possible fused score) with proximity.

    >>> final_score(2 / 61, 1.0, weight=0.3)
    1.0
    """
    if not 0.0 <= weight <= 1.0:
        raise ConfigError(f"proximity weight must be in [0, 1], got {weight}")
    best = lists / (k + 1)
    return (1.0 - weight) * (fused / best) + weight * prox
