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

**What is sampled.** A first build checks every row. A build that adds or replaces documents in
an index checks the rows it wrote (``focus``) plus a fixed sample of the others — the
:data:`SAMPLE` rows lowest by a hash of their ``rid``, the same rows build after build while
they exist — so its cost follows the change, not the index: regions are chosen, query vectors
drawn and brute force computed over that population, and both production filters run over the
whole index with their results kept to it (the R-tree's from the file, the in-memory one over
the population's footprints). An index no bigger than the focus plus the sample is checked whole.

>>> [min_placed(t) for _, t in TARGETS]
[20, 200, 2000]
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from geochunk.retrieve.inmemory import FootprintCache
from geochunk.retrieve.search import scan_region

__all__ = ["TARGETS", "MAX_DROP", "SAMPLE", "RecallFigure", "RecallReport", "measure_recall", "min_placed"]

TARGETS: tuple[tuple[str, float], ...] = (("50%", 0.5), ("5%", 0.05), ("0.5%", 0.005))
MAX_DROP = 0.05
K = 10
#: rows of the rest of the index an incremental build's gate checks besides the rows it wrote
SAMPLE = 2000


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
    #: rows the gate checked (the whole index, or the changed rows plus the fixed sample)
    checked: int = 0
    #: rows of the index
    total: int = 0
    #: of ``checked``, the rows this build wrote (None: the whole index was checked)
    changed: int | None = None
    #: query vectors run through each filter (queries x regions, the unfiltered pass included)
    gate_queries: int = 0

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
        head = [] if self.changed is None else [
            f"recall:     checked {self.checked:,} of {self.total:,} rows (the {self.changed:,} written "
            f"and a fixed sample of {self.checked - self.changed:,})"]
        return head + [f.line() for f in self.figures]


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


class _Sampled:
    """The population's vectors as the SQL path scores them: rows outside it score ``-inf``
    (and are then left out), so the R-tree filter runs over the whole index unchanged."""

    def __init__(self, vectors: Any) -> None:
        self.vectors = vectors

    def scores(self, rids: np.ndarray, vec: Any) -> np.ndarray:
        have = self.vectors.rids
        pos = np.minimum(np.searchsorted(have, rids), max(len(have) - 1, 0))
        inside = have[pos] == rids if len(have) else np.zeros(len(rids), bool)
        out = np.full(len(rids), -np.inf, np.float32)
        if inside.any():
            out[inside] = self.vectors.scores(rids[inside], vec)
        return out


def _population(con: Any, focus: np.ndarray | None, sample: int) -> tuple[Any, int, int | None]:
    """The rows to check (a registered table name or None for every row), the index's row count
    and how many of the population were written by this build (None: every row is checked)."""
    import pyarrow as pa

    total = int(con.execute("SELECT count(*) FROM chunks").fetchone()[0])
    if focus is None or total <= len(focus) + sample:
        return None, total, None
    con.register("gc_gate_focus", pa.table({"rid": pa.array(np.asarray(focus, np.int64))}))
    try:
        con.execute(
            "CREATE OR REPLACE TEMP TABLE gc_gate_rows AS "
            "SELECT rid FROM gc_gate_focus UNION "
            "(SELECT rid FROM chunks WHERE rid NOT IN (SELECT rid FROM gc_gate_focus) ORDER BY hash(rid), rid "
            f"LIMIT {int(sample)})")
    finally:
        con.unregister("gc_gate_focus")
    return "gc_gate_rows", total, int(len(focus))


def measure_recall(con: Any, *, queries: int = 12, seed: int = 7, focus: np.ndarray | None = None,
                   sample: int | None = None) -> RecallReport:
    """Run the gate on an open index (needs the R-tree in place): over every row, or with
    ``focus`` (the rows a build wrote) over them and a fixed sample of ``sample`` others."""
    import shapely

    from geochunk.retrieve.search import Vectors, load_vectors

    pop, total, changed = _population(con, focus, SAMPLE if sample is None else sample)
    if pop is None:
        res = con.execute("SELECT rid, ST_AsWKB(footprint) AS wkb FROM chunks ORDER BY rid").fetchnumpy()
        vectors = load_vectors(con)
        sql_vectors: Any = vectors
    else:
        res = con.execute(f"SELECT rid, ST_AsWKB(footprint) AS wkb, embedding FROM chunks "
                          f"WHERE rid IN (SELECT rid FROM {pop}) ORDER BY rid").fetchnumpy()
        con.execute(f"DROP TABLE {pop}")
        n = len(res["rid"])
        matrix = np.stack([np.asarray(e, np.float32) for e in res["embedding"]]) if n else np.zeros((0, 0), np.float32)
        vectors = Vectors(np.asarray(res["rid"], np.int64), matrix)
        sql_vectors = _Sampled(vectors)
    rids_all, emb = vectors.rids, vectors.matrix
    rng = np.random.default_rng(seed)

    def report(figures: list[RecallFigure]) -> RecallReport:
        ran = sum(f.queries for f in figures)
        return RecallReport(tuple(figures), checked=len(rids_all), total=total, changed=changed, gate_queries=ran)

    if len(rids_all) == 0:
        return report([RecallFigure(lbl, t, 0.0, 0, 1.0) for lbl, t in (("unfiltered", None), *TARGETS)])

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
        return report(figures)
    geoms = cache.footprints[placed_pos]
    tree = shapely.STRtree(geoms)
    for label, target in TARGETS:
        region, hit = _region_for(geoms, tree, target, rng)
        mask = np.zeros(len(rids_all), bool)
        mask[placed_pos[hit]] = True
        mem_pos = cache.positions(region)
        vals, agree = [], True
        # the R-tree's rows do not depend on the query vector: one SQL scan per region, its
        # survivors scored for each query as the query path scores them
        sql_rids, first = scan_region(con, region.wkt, q[0], sql_vectors)
        sql_rids = sql_rids[np.isfinite(first)]
        for j in range(queries):
            sql_scores = sql_vectors.scores(sql_rids, q[j])
            agree = agree and np.array_equal(np.sort(sql_rids), rids_all[mem_pos])
            vals.append(min(recall_of(sql_rids, sql_scores, mask, j),
                            recall_of(rids_all[mem_pos], vectors.scores_at(mem_pos, q[j]), mask, j)))
        figures.append(RecallFigure(label, target, float(hit.sum()) / n_placed, queries, float(np.mean(vals)),
                                    n_placed, agree))
    return report(figures)
