"""Timing helpers shared by the benchmark scripts (run as ``python benchmarks/bench_*.py``, so
this folder is on ``sys.path``)."""

from __future__ import annotations

import time
from typing import Any, Callable


def once(fn: Callable[[], Any]) -> float:
    """Wall-clock seconds of one call of ``fn``."""
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def best(fn: Callable[[], Any], repeat: int) -> float:
    """The fastest of ``repeat`` calls of ``fn``, in wall-clock seconds (the least disturbed
    run on a shared machine)."""
    return min(once(fn) for _ in range(max(1, repeat)))
