"""Helpers shared by the benchmark scripts (run as ``python benchmarks/bench_*.py``, so this
folder is on ``sys.path``): timing, and the one writer of ``RESULTS.md`` sections."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any, Callable

#: the results file; ``$GEOCHUNK_BENCH_RESULTS`` names another (``python -m benchmarks.report --out``)
RESULTS = Path(os.environ.get("GEOCHUNK_BENCH_RESULTS") or Path(__file__).resolve().parent / "RESULTS.md")


_TITLE = "# Benchmark results\n\nFigures written by the scripts in `benchmarks/` (`python -m benchmarks.report` runs them all).\n"


def write_results_section(name: str, lines: list[str], path: Path = RESULTS, *, at_top: bool = False) -> None:
    """Put ``lines`` in ``path`` between ``<!-- name:start -->`` and ``<!-- name:end -->``,
    replacing that section where it stands, else appending it (``at_top``: placing it first,
    under the title); other sections are kept."""
    start, end = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
    block = "\n".join([start, *lines, end])
    old = path.read_text(encoding="utf-8") if path.exists() else _TITLE
    if start in old and end in old:
        new = old[: old.index(start)] + block + old[old.index(end) + len(end):]
    elif at_top:
        first = old.find("<!-- ")
        head, rest = (old, "") if first < 0 else (old[:first], old[first:])
        new = head.rstrip("\n") + "\n\n" + block + "\n\n" + rest.lstrip("\n")
        new = new.rstrip("\n") + "\n"
    else:
        new = old.rstrip("\n") + "\n\n" + block + "\n"
    path.write_text(new, encoding="utf-8")


def once(fn: Callable[[], Any]) -> float:
    """Wall-clock seconds of one call of ``fn``."""
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def best(fn: Callable[[], Any], repeat: int) -> float:
    """The fastest of ``repeat`` calls of ``fn``, in wall-clock seconds (the least disturbed
    run on a shared machine)."""
    return min(once(fn) for _ in range(max(1, repeat)))
