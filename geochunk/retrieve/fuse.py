"""Rank fusion and distance decay: small pure functions, each with one job.

* :func:`rrf` — reciprocal rank fusion: ``sum(w / (k + rank))`` over the lists a chunk is in
  (ranks start at 1; ``k`` = :data:`RRF_K`; ``w`` the list's weight, 1 unless given).
  Fusing on rank, not score, means cosine similarities, BM25 scores and metres never have to be
  put on one scale.
* :func:`fusion_weights` — how much each ranking says about *this* question (see there):
  lexical first when the question carries a number or code the index knows, the dense ranking
  alone when no word of the question is known, and otherwise each ranking by how far its best
  candidates stand out from the rest.
* :func:`distance_ranks` — with a region, the third ranking: the candidates nearest the anchor
  first (equal distances share a rank), of those whose proximity is above 0.
* :func:`proximity` — 1 at distance 0, falling with distance in **metres**: exponential with a
  half-life (default) or linear reaching 0 at twice the half-life (so both give 0.5 at the
  half-life). Outside the searched region proximity is 0 (and the row is not in the distance
  ranking).
* :func:`final_score` — the fused score over the best possible one (every ranking putting the
  row first), in [0, 1].

>>> rrf({"a": 1, "b": 2}, {"b": 1}, weights=(1.0, 0.5))["b"] > rrf({"a": 1, "b": 2}, {"b": 1}, weights=(1.0, 0.5))["a"]
True

>>> rrf({"a": 1, "b": 2}, {"b": 1})
{'a': 0.09090909090909091, 'b': 0.17424242424242425}
>>> proximity(1000.0, half_life_m=1000.0), proximity(2000.0, half_life_m=1000.0)
(0.5, 0.25)
>>> proximity(1000.0, half_life_m=1000.0, decay="linear"), proximity(5000.0, half_life_m=1000.0, decay="linear")
(0.5, 0.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Hashable, Mapping, Sequence

import numpy as np

from geochunk.errors import ConfigError

__all__ = ["RRF_K", "DECAYS", "rrf", "proximity", "final_score", "ranks", "top_order", "Weights",
           "fusion_weights", "standout", "distance_ranks", "DISTANCE_WEIGHT"]

#: the rank offset of reciprocal rank fusion. Cormack et al. use 60, which flattens the top: a row
#: ranked 1st by BM25 alone lost to rows ranked 5th-7th by both halves. At 10 the first ranks
#: count (bench_realdata.py, the questions without a region, hit@5: us 0.932 -> 0.942, mx 0.922
#: -> 0.934, each now at or above its BM25 half's 0.935 / 0.928; 20 and 60 stayed under)
RRF_K = 10
#: the weight of the distance ranking when a question has a region (the text rankings weigh
#: 0..1 each by how informative they are, so distance leads when the words single nothing out)
DISTANCE_WEIGHT = 1.0
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


def rrf(*rankings: Mapping[Hashable, int], k: int = RRF_K,
        weights: Sequence[float] | None = None) -> dict[Hashable, float]:
    """Weighted reciprocal rank fusion of several ``key -> rank`` maps (weight 1 each unless
    ``weights`` is given; a ranking of weight 0 adds its keys with nothing)."""
    ws = [1.0] * len(rankings) if weights is None else [float(w) for w in weights]
    if len(ws) != len(rankings):
        raise ConfigError(f"{len(rankings)} rankings but {len(ws)} weights")
    out: dict[Hashable, float] = {}
    for r, w in zip(rankings, ws):
        for key, rank in r.items():
            out[key] = out.get(key, 0.0) + w / (k + rank)
    return out


@dataclass(frozen=True)
class Weights:
    """The weight of each ranking in the fusion of one question, and why.

    >>> Weights(1.0, 0.1, "lexical first: the question's codes 77002").to_dict()["dense"]
    0.1
    """

    lexical: float
    dense: float
    reason: str
    #: the distance ranking's weight (0 without a region or without placed candidates)
    distance: float = 0.0
    #: the weight of the words' *kind* ranking: every row with a lexical hit shares rank 1 (the
    #: words say which kind of row answers, distance orders them); 0 without a distance ranking
    kind: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"lexical": self.lexical, "dense": self.dense, "distance": self.distance, "kind": self.kind,
                "reason": self.reason}


#: the weight of the dense ranking when the question names a number or code the index holds
CODE_DENSE_WEIGHT = 0.05
#: the least weight a ranking that found something keeps (it still breaks the other's ties)
FLOOR = 0.1


def standout(scores: np.ndarray, ref: int = 10) -> float:
    """How far the best score stands above the ``ref``-th best, relative to the best, in [0, 1]
    (``(s1 - s_ref) / |s1|``; 0 for a flat ranking, 1 when only the best scored). Scale-free, so
    BM25 scores and cosines are read the same way; fewer than ``ref`` scores compare with the
    last one.

    >>> round(standout(np.array([9.0, 8.0, 1.0, 1.0, 1.0, 1.1, 0.9, 1.0, 0.5, 0.2, 0.1])), 2)
    0.98
    >>> standout(np.array([0.5, 0.5, 0.5, 0.5]))
    0.0
    """
    s = np.asarray(scores, dtype=np.float64)
    if not len(s):
        return 0.0
    ref = max(2, ref)
    if len(s) > ref:  # the best ref only (a partition, not a sort of every searched row)
        s = np.partition(s, len(s) - ref)[len(s) - ref:]
    top = np.sort(s)[::-1]
    if top[0] <= 0:
        return 0.0
    if len(top) < 2:
        return 1.0
    return float(min(1.0, max(0.0, (top[0] - top[-1]) / abs(top[0]))))


def fusion_weights(codes_known: Sequence[str], lexical_hits: int, lexical_scores: np.ndarray,
                   dense_scores: np.ndarray, *, with_distance: bool = False) -> Weights:
    """The weights of the BM25 and dense rankings for one question.

    * a number or code of the question (a token with a digit) that the index holds: **lexical
      first**, the dense ranking only breaks ties (:data:`CODE_DENSE_WEIGHT`);
    * no word of the question in the searched rows: the dense ranking alone;
    * otherwise the lexical weight is how far its best candidates stand out (:func:`standout`
      of its scores over the searched rows, at least :data:`FLOOR`), and the dense weight half
      its own standout, at least :data:`FLOOR` too;
    * ``with_distance`` (a region: distance is a further ranking): the words may single out
      *which kind* of row answers without ordering those rows (every county chunk matches
      "counties" about alike, none of the state or city chunks around it does; BM25 orders the
      city chunks by how many cities they hold, not by where), so a fourth ranking puts every
      row with a lexical hit at rank 1, weighted by the share of searched rows the words leave
      out (``kind = 1 - hits / searched``): distance then orders the rows of that kind. A
      ranking that finds nearly every row says little of kind, and its kind weight is near 0.

    >>> fusion_weights(["77002"], 3, np.array([5.0, 0, 0]), np.array([0.3, 0.2, 0.1])).reason
    'lexical first: the question names 77002'
    >>> fusion_weights([], 0, np.zeros(3), np.array([0.3, 0.2, 0.1])).lexical
    0.0
    >>> flat = np.array([2.0] * 10 + [0.0] * 30)
    >>> w = fusion_weights([], 10, flat, np.zeros(40), with_distance=True)
    >>> w.lexical, w.kind, fusion_weights([], 10, flat, np.zeros(40)).kind
    (0.1, 0.75, 0.0)
    """
    if lexical_hits == 0:
        return Weights(0.0, 1.0, "dense only: no word of the question is in the searched chunks")
    if codes_known:
        shown = ", ".join(codes_known[:3])
        return Weights(1.0, CODE_DENSE_WEIGHT, f"lexical first: the question names {shown}")
    lex = max(FLOOR, standout(lexical_scores))
    left_out = 1.0 - lexical_hits / max(1, len(lexical_scores))
    kind = round(left_out, 3) if with_distance else 0.0
    # tried: the dense weight shrinking as the lexical standout grows (x (1 - lexical) and
    # x (1 - lexical / 2)): more lexical hit@1, fewer hit@5 on the benchmark's described
    # questions (bench_realdata us: no-region hit@5 0.97 -> 0.95); hit@5 is the criterion
    dense = max(FLOOR, standout(dense_scores) / 2.0)
    why = f"by standout: lexical {lex:.2f}, dense {dense:.2f}"
    if kind:
        why += f"; kind {kind:.2f} (the words leave out {left_out:.0%} of the searched rows)"
    return Weights(round(lex, 3), round(dense, 3), why, kind=kind)


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


def distance_ranks(distances: Mapping[Hashable, float]) -> dict[Hashable, int]:
    """Competition ranks of ``key -> metres``, nearest first: equal distances share a rank and
    the next distance skips the shared places (1, 1, 3). Ties in key order do not matter.

    >>> distance_ranks({"a": 120.0, "b": 0.0, "c": 0.0, "d": 5.0})
    {'b': 1, 'c': 1, 'd': 3, 'a': 4}
    """
    out: dict[Hashable, int] = {}
    prev, rank = None, 0
    for i, (key, d) in enumerate(sorted(distances.items(), key=lambda kv: kv[1])):
        if prev is None or d > prev:
            rank, prev = i + 1, d
        out[key] = rank
    return out


def final_score(fused: float, best: float) -> float:
    """The fused score over the best possible one (``best``: every ranking of the fusion putting
    the row first, ``sum(weights) / (k + 1)``), so 1 is a row first everywhere; 0 if nothing ranks.

    >>> final_score(1.5 / 11, best=1.5 / 11)
    1.0
    >>> round(final_score(1 / 11 + 0.5 / 12, best=1.5 / 11), 3)
    0.972
    """
    if best <= 0:
        return 0.0
    return min(1.0, fused / best)
