"""The local pool of ``stream_ordered`` (workers forked after one warm-up) against the in-process
loop: the same results in input order, the warm-up paid once before the fork, failures re-raised."""

from __future__ import annotations

import os

import pytest

from geochunk.errors import ConfigError
from geochunk.retrieve import parallel
from geochunk.retrieve.parallel import pool_kind, run_ordered, stream_ordered

WARMED: dict[str, int] = {}


def _warm() -> None:
    WARMED["pid"] = os.getpid()
    WARMED["count"] = WARMED.get("count", 0) + 1


def _work(x: int, *, scale: int) -> tuple[int, int, int | None]:
    """The item scaled, the pid that ran it and the pid that warmed the state it runs with."""
    if x == 13:
        raise ValueError("thirteen")
    return x * scale, os.getpid(), WARMED.get("pid")


@pytest.mark.skipif("fork" not in __import__("multiprocessing").get_all_start_methods(), reason="no fork")
def test_forked_pool_streams_in_order_and_warms_once(monkeypatch) -> None:
    monkeypatch.setattr(parallel, "BATCH_ITEMS", 3)  # many batches, a window that refills
    WARMED.clear()
    items = list(range(14, 54))  # 13 fails
    seen, finished, peaks = [], [], {}
    out = list(stream_ordered(_work, items, workers=2, pool="fork", scale=3, warm=_warm, peaks=peaks.update,
                              on_result=lambda i, r: finished.append(i),
                              progress=lambda done, total, label: seen.append((done, total))))
    assert [i for i, _ in out] == list(range(40)) and [r[0] for _, r in out] == [3 * x for x in items]
    me = os.getpid()
    assert WARMED == {"pid": me, "count": 1}  # warmed once, here, before the workers were forked
    assert {r[2] for _, r in out} == {me}  # every worker started with that state
    assert me not in {r[1] for _, r in out}  # and the work ran in the workers
    assert sorted(finished) == list(range(40)) and seen[-1] == (40, 40) and [d for d, _ in seen] == list(range(1, 41))
    assert 1 <= len(peaks) <= 2 and all(k.startswith("worker ") and mb > 0 for k, mb in peaks.items())


@pytest.mark.skipif("fork" not in __import__("multiprocessing").get_all_start_methods(), reason="no fork")
def test_forked_pool_matches_the_loop_and_reraises(monkeypatch) -> None:
    monkeypatch.setattr(parallel, "BATCH_ITEMS", 2)
    items = list(range(14, 26))
    here = [r[0] for r in run_ordered(_work, items, scale=5)]
    there = [r[0] for r in run_ordered(_work, items, workers=2, pool="fork", scale=5)]
    assert here == there
    with pytest.raises(ValueError, match="thirteen"):
        run_ordered(_work, list(range(30)), workers=2, pool="fork", scale=1)


def test_pool_names() -> None:
    assert pool_kind("fork") == "fork" and pool_kind("dask") == "dask"
    assert pool_kind("auto") in ("fork", "dask")
    with pytest.raises(ConfigError, match="pool must be one of"):
        list(stream_ordered(len, ["a"], workers=2, pool="threads"))
