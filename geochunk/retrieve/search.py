"""The two SQL paths: region first (R-tree), then exact vector scores on the survivors.

``ST_Intersects(footprint, <region>)`` with the region as a constant lets DuckDB's planner use
the R-tree on ``footprint`` (``RTREE_INDEX_SCAN``; the exact predicate then runs on the
survivors only). The vector score is an exact inner product of unit vectors (= cosine) computed
for every survivor — no approximate index, so filtered recall cannot drop under a filter. The
query vector is inlined as a ``FLOAT[d]`` literal (a bound parameter cost 40-60 ms more per query
on 100k rows, measured).

>>> vector_literal([0.5, -1.0])
'[0.5,-1.0]::FLOAT[2]'
"""

from __future__ import annotations

import contextlib
import functools
import threading
from typing import Any, Iterator, Sequence

import numpy as np

__all__ = [
    "vector_literal",
    "region_sql",
    "region_rids",
    "load_vectors",
    "Vectors",
    "scan_region",
    "scan_all",
    "scan_no_extent",
    "explain_region",
]


def vector_literal(vec: Sequence[float]) -> str:
    """A DuckDB ``FLOAT[d]`` literal (only numbers reach the SQL text)."""
    arr = np.asarray(vec, dtype=np.float32)
    if not np.isfinite(arr).all():
        raise ValueError("query vector has non-finite values")
    return "[" + ",".join(repr(float(x)) for x in arr) + f"]::FLOAT[{arr.size}]"


def region_sql(vec: Sequence[float] | None) -> str:
    """The region query: rid and score of every chunk whose footprint meets the region.

    The R-tree scan feeds the exact predicate and the inner product directly. (A variant that
    takes the R-tree's row ids and reads vectors through a semi-join on ``rid`` was faster at 5%
    of 100k rows but slower at 50%, measured on this machine; the direct plan is kept.)
    """
    score = f"array_inner_product(embedding, {vector_literal(vec)})" if vec is not None else "0.0"
    return f"SELECT rid, {score} AS s FROM chunks WHERE ST_Intersects(footprint, ST_GeomFromText(?))"


def _fetch(con: Any, sql: str, params: list[Any]) -> tuple[np.ndarray, np.ndarray]:
    res = con.execute(sql, params).fetchnumpy()
    return np.asarray(res["rid"], dtype=np.int64), np.asarray(res["s"], dtype=np.float32)


def scan_region(
    con: Any, region_wkt: str, vec: Sequence[float] | None, vectors: "Vectors | None" = None
) -> tuple[np.ndarray, np.ndarray]:
    """``(rids, scores)`` of every chunk in the region (R-tree, then the exact test).

    With ``vectors`` the survivors are scored in numpy (the query path); without, by DuckDB's
    ``array_inner_product`` in the same statement (kept for the bake-off).
    """
    if vectors is not None and vec is not None:
        rids = region_rids(con, region_wkt)
        return rids, vectors.scores(rids, vec)
    return _fetch(con, region_sql(vec), [region_wkt])


def scan_all(con: Any, vec: Sequence[float]) -> tuple[np.ndarray, np.ndarray]:
    """``(rids, scores)`` of every chunk (the unfiltered baseline)."""
    return _fetch(con, f"SELECT rid, array_inner_product(embedding, {vector_literal(vec)}) AS s FROM chunks", [])


def scan_no_extent(con: Any, vec: Sequence[float] | None) -> tuple[np.ndarray, np.ndarray]:
    """``(rids, scores)`` of the no-extent lane."""
    score = f"array_inner_product(embedding, {vector_literal(vec)})" if vec is not None else "0.0"
    return _fetch(con, f"SELECT rid, {score} AS s FROM chunks WHERE NOT has_extent", [])


class Vectors:
    """Every embedding of an index as one float32 matrix, row ``i`` for ``rids[i]`` (sorted).

    Scoring the survivors is a matrix-vector product (BLAS) over their rows: measured on this
    machine it beat DuckDB's ``array_inner_product`` over the same survivors several-fold at 50%
    of 100k rows, and it is exactly the same arithmetic. Copying out scattered rows costs about
    ten times more per row than a product over contiguous rows, so:

    * with ``order`` (an open index passes the footprints' Z-order, :mod:`.inmemory`), the rows
      are *stored* in that order, a region's survivors fall in a few runs of :data:`BLOCK` rows,
      and the product runs over those runs in place;
    * otherwise, above :data:`GATHER_SHARE` of the rows every row is scored and the survivors'
      scores picked; below, the survivors are gathered first.

    Each row's dot product is the same whichever way (bitwise equal, checked in the tests).
    The products run with BLAS on one thread (:func:`_one_blas_thread`).

    >>> v = Vectors(np.array([3, 5]), np.array([[1.0, 0.0], [0.6, 0.8]]))
    >>> v.scores(np.array([5]), [0.0, 1.0]).tolist()
    [0.800000011920929]
    >>> v.in_order(np.array([1, 0])).scores(np.array([5]), [0.0, 1.0]).tolist()
    [0.800000011920929]
    """

    #: without a storage order: above this share of the rows, score all rows and pick
    GATHER_SHARE = 1 / 16
    #: with a storage order: rows per block of the run search
    BLOCK = 256

    def __init__(self, rids: np.ndarray, matrix: np.ndarray, order: np.ndarray | None = None) -> None:
        self.rids = np.asarray(rids, dtype=np.int64)
        m = np.asarray(matrix, dtype=np.float32)
        if order is None:
            self.rows = np.ascontiguousarray(m)
            self.slot: np.ndarray | None = None
        else:
            order = np.asarray(order, dtype=np.int64)
            self.rows = np.ascontiguousarray(m[order])
            self.slot = np.empty(len(order), dtype=np.int64)
            self.slot[order] = np.arange(len(order))

    @property
    def matrix(self) -> np.ndarray:
        """The embeddings in rid order (a copy when stored in another order)."""
        return self.rows if self.slot is None else self.rows[self.slot]

    def in_order(self, order: np.ndarray) -> "Vectors":
        """The same vectors stored in ``order`` (row positions), e.g. a spatial order."""
        return Vectors(self.rids, self.matrix, order)

    def scores(self, rids: np.ndarray, vec: Sequence[float]) -> np.ndarray:
        """Scores of the rows with these rids."""
        return self.scores_at(np.searchsorted(self.rids, rids), vec)

    def scores_at(self, pos: np.ndarray, vec: Sequence[float]) -> np.ndarray:
        """Scores of the rows at these positions (rid order)."""
        with _one_blas_thread():
            return self._scores_at(np.asarray(pos, dtype=np.int64), np.asarray(vec, dtype=np.float32))

    def scores_counted(self, pos: np.ndarray, vec: Sequence[float]) -> tuple[np.ndarray, int]:
        """:meth:`scores_at` and :meth:`multiplied` of the same rows, planned once.

        >>> v = Vectors(np.arange(4), np.eye(4, dtype=np.float32)).in_order(np.array([3, 2, 1, 0]))
        >>> s, n = v.scores_counted(np.array([1, 2]), [0, 1, 0, 0])
        >>> s.tolist(), n
        ([1.0, 0.0], 2)
        """
        pos = np.asarray(pos, dtype=np.int64)
        plan = self._plan(pos)
        with _one_blas_thread():
            scores = self._scores_at(pos, np.asarray(vec, dtype=np.float32), plan)
        return scores, self._multiplied(plan)

    def multiplied(self, pos: np.ndarray) -> int:
        """How many rows :meth:`scores_at` multiplies to score the rows at ``pos`` (the survivors,
        or whole runs of stored rows that hold them; every row when picking from all is cheaper).

        >>> v = Vectors(np.arange(4), np.eye(4)).in_order(np.array([3, 2, 1, 0]))
        >>> v.multiplied(np.array([1, 2]))  # two scattered rows in one block: gathered
        2
        """
        return self._multiplied(self._plan(np.asarray(pos, dtype=np.int64)))

    def _multiplied(self, plan: "None | np.ndarray | tuple[np.ndarray, list[tuple[int, int]]]") -> int:
        if plan is None:
            return len(self.rows)
        if isinstance(plan, np.ndarray):
            return len(plan)
        return sum(b - a for a, b in plan[1])

    def _plan(self, pos: np.ndarray) -> "None | np.ndarray | tuple[np.ndarray, list[tuple[int, int]]]":
        """``None``: score every row, pick; an array: gather these stored rows; a pair: the stored
        positions and the ``(start, stop)`` runs of stored rows to score in place."""
        n = len(self.rows)
        if self.slot is None:
            return None if len(pos) > self.GATHER_SHARE * n else pos
        at = self.slot[pos]
        # the blocks holding a survivor, ascending (np.unique(at // BLOCK) without sorting them)
        blocks = np.flatnonzero(np.bincount(at // self.BLOCK)) if len(at) else np.zeros(0, dtype=np.int64)
        runs = np.split(blocks, np.flatnonzero(np.diff(blocks) > 1) + 1) if len(blocks) else []
        if len(runs) > 64 or len(blocks) * self.BLOCK > 8 * len(at):  # scattered: gather is cheaper
            return at
        return at, [(int(r[0]) * self.BLOCK, min(n, (int(r[-1]) + 1) * self.BLOCK)) for r in runs]

    def _scores_at(self, pos: np.ndarray, q: np.ndarray, plan: Any = False) -> np.ndarray:
        if plan is False:  # not planned by the caller
            plan = self._plan(pos)
        if plan is None:
            return (self.rows @ q)[pos]
        if isinstance(plan, np.ndarray):
            return self.rows[plan] @ q
        at, runs = plan
        out = np.empty(len(self.rows), dtype=np.float32)
        for a, b in runs:
            out[a:b] = self.rows[a:b] @ q
        return out[at]


@functools.cache
def _blas_controller() -> Any:
    try:
        from threadpoolctl import ThreadpoolController
    except ImportError:  # pragma: no cover - installed with scikit-learn
        return None
    return ThreadpoolController()


_BLAS_LOCK = threading.Lock()
_BLAS_SCOPES: list[Any] = []  # [the limiter of the outermost open scope, open scopes...]


@contextlib.contextmanager
def _one_blas_thread() -> Iterator[None]:
    """BLAS on one thread for the duration (a memory-bound matrix-vector product gains little
    from a second thread, and on a loaded machine the threads' hand-offs cost more than the
    product: measured 69 vs 22 ms p50 at 50% of 100k rows, load 8-18 on 2 cores).

    The limit is process-wide (threadpoolctl sets it in the BLAS library), so scopes opened by
    concurrent queries are counted: the first sets it, the last to leave restores what was there
    before (a plain nested ``limit`` would restore the other scope's 1 and leave it behind).
    It applies to the BLAS libraries loaded when the first query ran (numpy's, which does the
    products; listing the loaded libraries again costs ~4 ms, so it is done once).
    """
    ctl = _blas_controller()
    if ctl is None:
        yield
        return
    with _BLAS_LOCK:
        if not _BLAS_SCOPES:
            _BLAS_SCOPES.append(ctl.limit(limits=1, user_api="blas"))
        _BLAS_SCOPES.append(None)
    try:
        yield
    finally:
        with _BLAS_LOCK:
            _BLAS_SCOPES.pop()
            if len(_BLAS_SCOPES) == 1:
                _BLAS_SCOPES.pop().restore_original_limits()


def load_vectors(con: Any) -> Vectors:
    """All embeddings of the open index, in rid order (zero-copy from Arrow)."""
    tbl = con.execute("SELECT rid, embedding FROM chunks ORDER BY rid").arrow()
    if hasattr(tbl, "read_all"):  # a RecordBatchReader in some duckdb versions
        tbl = tbl.read_all()
    rids = tbl.column("rid").to_numpy()
    emb = tbl.column("embedding").combine_chunks()
    n = len(rids)
    dims = emb.type.list_size if n else 0
    matrix = emb.values.to_numpy(zero_copy_only=False).reshape(n, dims) if n else np.zeros((0, 0), np.float32)
    return Vectors(rids, matrix)


def region_rids(con: Any, region_wkt: str) -> np.ndarray:
    """Row ids of every chunk in the region: the R-tree, then the exact ``ST_Intersects``."""
    res = con.execute(region_sql(None), [region_wkt]).fetchnumpy()
    return np.asarray(res["rid"], dtype=np.int64)


def explain_region(con: Any, region_wkt: str, vec: Sequence[float] | None = None) -> str:
    """DuckDB's physical plan for :func:`region_sql` (tests assert it uses the R-tree)."""
    rows = con.execute("EXPLAIN " + region_sql(vec), [region_wkt]).fetchall()
    return "\n".join(str(r[1]) for r in rows)
