"""Filtered recall, proven on every build: the production path against brute force.

For three regions holding about 50%, 5% and 0.5% of the placed chunks, and for the whole index
unfiltered, each of a fixed set of query vectors is run through the production path
(:mod:`.search`: DuckDB's R-tree and exact ``ST_Intersects``, then exact scores of the
survivors) and through a brute-force path whose filter shares nothing with it (inner products
over every embedding; shapely ``intersects`` over every footprint read back as WKB). recall@10 = the share of the brute-force top 10 that the
production path returned (a tie with the 10th score counts as found). The build fails when the
tightest region's recall is more than :data:`MAX_DROP` below the unfiltered baseline.

Regions and queries come from a seeded generator over the index's own rows, so the same index
gives the same figures.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .search import scan_region

__all__ = ["TARGETS", "MAX_DROP", "RecallFigure", "RecallReport", "measure_recall"]

TARGETS: tuple[tuple[str, float], ...] = (("50%", 0.5), ("5%", 0.05), ("0.5%", 0.005))
MAX_DROP = 0.05
K = 10


@dataclass(frozen=True)
class RecallFigure:
    label: str
    target_selectivity: float | None
    selectivity: float
    queries: int
    recall_at_10: float


@dataclass(frozen=True)
class RecallReport:
    figures: tuple[RecallFigure, ...]

    @property
    def unfiltered(self) -> RecallFigure:
        return next(f for f in self.figures if f.label == "unfiltered")

    @property
    def tightest(self) -> RecallFigure:
        return next(f for f in self.figures if f.label == TARGETS[-1][0])

    @property
    def passed(self) -> bool:
        return self.tightest.recall_at_10 >= self.unfiltered.recall_at_10 - MAX_DROP

    def lines(self) -> list[str]:
        return [
            f"recall@10 {f.label:>10}: {f.recall_at_10:.3f} "
            f"(selectivity {f.selectivity:.2%}, {f.queries} queries)"
            for f in self.figures
        ]


def _recall(found: np.ndarray, truth_rids: np.ndarray, truth_scores: np.ndarray, all_scores: dict[int, float]) -> float:
    if len(truth_rids) == 0:
        return 1.0
    kth = float(truth_scores[-1])
    hits = sum(1 for r in found[:K] if all_scores.get(int(r), -np.inf) >= kth - 1e-5)
    return min(1.0, hits / len(truth_rids))


def _topk(rids: np.ndarray, scores: np.ndarray, k: int = K) -> tuple[np.ndarray, np.ndarray]:
    order = np.lexsort((rids, -scores))[:k]
    return rids[order], scores[order]


def _region_for(geoms: np.ndarray, tree: Any, target: float, rng: Any, seeds: int = 4) -> tuple[Any, np.ndarray]:
    """A box around a random footprint whose share of footprints is closest to ``target``.

    The half-size is found by bisection on the count (an STRtree query per step); of a few seeds
    the closest share wins. Returns the box and the boolean hit mask over ``geoms``.
    """
    import shapely

    n = len(geoms)
    b = shapely.bounds(geoms)
    span = float(max(b[:, 2].max() - b[:, 0].min(), b[:, 3].max() - b[:, 1].min(), 1e-6))
    best: tuple[float, Any, np.ndarray] | None = None
    for _ in range(seeds):
        c = shapely.centroid(geoms[int(rng.integers(0, n))])
        lo, hi = 0.0, span
        for _ in range(40):
            h = (lo + hi) / 2
            box = shapely.box(c.x - h, c.y - h, c.x + h, c.y + h)
            share = len(tree.query(box, predicate="intersects")) / n
            if share < target:
                lo = h
            else:
                hi = h
        box = shapely.box(c.x - hi, c.y - hi, c.x + hi, c.y + hi)
        hit = np.zeros(n, bool)
        hit[tree.query(box, predicate="intersects")] = True
        err = abs(np.log(max(hit.mean(), 1e-9) / target))
        if best is None or err < best[0]:
            best = (err, box, hit)
    assert best is not None
    return best[1], best[2]


def measure_recall(con: Any, *, queries: int = 12, seed: int = 7) -> RecallReport:
    """Run the gate on an open index (needs the R-tree in place)."""
    import shapely

    res = con.execute(
        "SELECT rid, ST_AsWKB(footprint) AS wkb FROM chunks WHERE has_extent ORDER BY rid"
    ).fetchnumpy()
    from .search import load_vectors

    vectors = load_vectors(con)
    rids_all, emb = vectors.rids, vectors.matrix
    rng = np.random.default_rng(seed)
    if len(rids_all) == 0:
        return RecallReport(tuple(RecallFigure(lbl, t, 0.0, 0, 1.0) for lbl, t in (("unfiltered", None), *TARGETS)))

    # query vectors: blends of two random chunks' embeddings (not a chunk itself: no trivial self-hit)
    a = rng.integers(0, len(rids_all), size=queries)
    b = rng.integers(0, len(rids_all), size=queries)
    q = emb[a] + 0.5 * emb[b]
    q /= np.maximum(np.linalg.norm(q, axis=1, keepdims=True), 1e-12)
    brute_all = emb @ q.T  # (n, queries)
    figures = []

    def figure(label: str, target: float | None, region: Any | None, mask: np.ndarray, sel: float) -> RecallFigure:
        vals = []
        for j in range(queries):
            if region is None:
                pr = rids_all
                ps = vectors.scores(pr, q[j])
            else:
                pr, ps = scan_region(con, region.wkt, q[j], vectors)
            found, _ = _topk(pr, ps)
            t_rids, t_scores = _topk(rids_all[mask], brute_all[mask, j])
            score_of = dict(zip(rids_all.tolist(), brute_all[:, j].tolist()))
            vals.append(_recall(found, t_rids, t_scores, score_of))
        return RecallFigure(label, target, sel, queries, float(np.mean(vals)))

    figures.append(figure("unfiltered", None, None, np.ones(len(rids_all), bool), 1.0))
    placed = np.asarray(res["rid"], dtype=np.int64)
    if len(placed) == 0:
        figures.extend(RecallFigure(lbl, t, 0.0, 0, 1.0) for lbl, t in TARGETS)
        return RecallReport(tuple(figures))
    geoms = shapely.from_wkb(np.asarray([bytes(b) for b in res["wkb"]], dtype=object))
    tree = shapely.STRtree(geoms)
    in_placed = np.isin(rids_all, placed)
    for label, target in TARGETS:
        region, hit = _region_for(geoms, tree, target, rng)
        mask = np.zeros(len(rids_all), bool)
        mask[np.flatnonzero(in_placed)[hit]] = True
        figures.append(figure(label, target, region, mask, float(hit.sum()) / len(placed)))
    return RecallReport(tuple(figures))
