"""Filtered recall, proven on every build: both region filters against brute force.

For three regions holding about 50%, 5% and 0.5% of the placed chunks, and for the whole index
unfiltered, each of a fixed set of query vectors is run through both production region filters
— the in-memory one that queries use (:mod:`.inmemory`: cached footprint boxes, exact GEOS tests
at the border) and the SQL one (:mod:`.search`: DuckDB's R-tree and exact ``ST_Intersects``) —
each followed by exact scores of the survivors, and through a brute-force path whose filter
shares nothing with them (inner products over every embedding; shapely ``intersects`` over
every footprint read back as WKB, through an STRtree). recall@10 = the share of the brute-force
top 10 that a path returned (a tie with the 10th score counts as found); the figure is the worse
of the two paths. The build fails when the two filters disagree on any region's rows, or when
the tightest region's recall is more than :data:`MAX_DROP` below the unfiltered baseline.

A selectivity is only a claim when the index is big enough: a region holding ``s`` of the
placed chunks holds :data:`K` of them only when at least ``K / s`` are placed
(:func:`min_placed`: 20 for 50%, 200 for 5%, 2,000 for 0.5%). In a smaller index the gate still
runs, on the region closest to the target it can find, and says that it is not that selectivity.

Regions and queries come from a seeded generator over the index's own rows, so the same index
gives the same figures.

>>> [min_placed(t) for _, t in TARGETS]
[20, 200, 2000]
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from .inmemory import FootprintCache
from .search import scan_region

__all__ = ["TARGETS", "MAX_DROP", "RecallFigure", "RecallReport", "measure_recall", "min_placed"]

TARGETS: tuple[tuple[str, float], ...] = (("50%", 0.5), ("5%", 0.05), ("0.5%", 0.005))
MAX_DROP = 0.05
K = 10


def min_placed(target: float) -> int:
    """How many placed chunks an index needs for a region of share ``target`` to hold K of them."""
    return math.ceil(K / target - 1e-9)


@dataclass(frozen=True)
class RecallFigure:
    label: str
    target_selectivity: float | None
    selectivity: float
    queries: int
    recall_at_10: float
    placed: int = 0  # placed chunks in the index
    filters_agree: bool = True  # the in-memory and the R-tree filter returned the same rows

    @property
    def claimed(self) -> bool:
        """The index is big enough for this selectivity to mean what its label says."""
        return self.target_selectivity is None or self.placed >= min_placed(self.target_selectivity)

    def line(self) -> str:
        got = f"{self.recall_at_10:.3f} (selectivity {self.selectivity:.2%}, {self.queries} queries)"
        if not self.filters_agree:
            got += " — the in-memory and R-tree region filters returned different rows"
        if self.claimed:
            return f"recall@10 {self.label:>10}: {got}"
        head = (f"recall@10 {self.label:>10}: not claimed — needs >= {min_placed(self.target_selectivity or 1):,} "
                f"placed chunks, this index has {self.placed:,}")
        return head + (f"; checked on the closest region instead: {got}" if self.queries else " (nothing to check)")


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
        return (all(f.filters_agree for f in self.figures)
                and self.tightest.recall_at_10 >= self.unfiltered.recall_at_10 - MAX_DROP)

    def lines(self) -> list[str]:
        return [f.line() for f in self.figures]


def _recall(found_true: np.ndarray, truth_scores: np.ndarray) -> float:
    """Share of the true top ``K`` found: ``found_true`` are the brute-force scores of a path's top K."""
    if len(truth_scores) == 0:
        return 1.0
    kth = float(truth_scores[-1])
    hits = int(np.count_nonzero(found_true[:K] >= kth - 1e-5))
    return min(1.0, hits / len(truth_scores))


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

    from .search import load_vectors

    res = con.execute("SELECT rid, ST_AsWKB(footprint) AS wkb FROM chunks ORDER BY rid").fetchnumpy()
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
    wkb = [None if w is None or w is np.ma.masked else bytes(w) for w in res["wkb"]]
    cache = FootprintCache.from_footprints(shapely.from_wkb(np.asarray(wkb, dtype=object)))
    placed_pos = np.setdiff1d(np.arange(len(rids_all)), cache.no_extent)
    n_placed = len(placed_pos)

    def recall_of(pr: np.ndarray, ps: np.ndarray, mask: np.ndarray, j: int) -> float:
        found, _ = _topk(pr, ps)
        _, t_scores = _topk(rids_all[mask], brute_all[mask, j])
        return _recall(brute_all[np.searchsorted(rids_all, found), j], t_scores)

    figures = [RecallFigure("unfiltered", None, 1.0, queries, float(np.mean([
        recall_of(rids_all, vectors.scores(rids_all, q[j]), np.ones(len(rids_all), bool), j) for j in range(queries)
    ])), n_placed)]
    if n_placed == 0:
        figures.extend(RecallFigure(lbl, t, 0.0, 0, 1.0, 0) for lbl, t in TARGETS)
        return RecallReport(tuple(figures))
    geoms = cache.footprints[placed_pos]
    tree = shapely.STRtree(geoms)
    for label, target in TARGETS:
        region, hit = _region_for(geoms, tree, target, rng)
        mask = np.zeros(len(rids_all), bool)
        mask[placed_pos[hit]] = True
        mem_pos = cache.positions(region)
        vals, agree = [], True
        for j in range(queries):
            sql_rids, sql_scores = scan_region(con, region.wkt, q[j], vectors)
            agree = agree and np.array_equal(np.sort(sql_rids), rids_all[mem_pos])
            vals.append(min(recall_of(sql_rids, sql_scores, mask, j),
                            recall_of(rids_all[mem_pos], vectors.scores_at(mem_pos, q[j]), mask, j)))
        figures.append(RecallFigure(label, target, float(hit.sum()) / n_placed, queries, float(np.mean(vals)),
                                    n_placed, agree))
    return RecallReport(tuple(figures))
