"""Benchmarks for the inspection app (server side).

    python benchmarks/bench_app.py

1. Re-chunk after a budget change on the 400-parcel sample: ``assemble`` with the analysis
   cached, and everything a slider move recomputes (assemble + table + chunk layer + map
   script), against the first ``analyse`` + ``assemble``.
2. The same slider move through Streamlit's AppTest (a whole script rerun of app.py).
3. Map build time and HTML size for the 40,000-vertex boundary, with and without display
   simplification.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from geochunk.model import ChunkConfig  # noqa: E402
from geochunk.pipeline import analyse, assemble  # noqa: E402
from geochunk.samples import load_sample  # noqa: E402
from geochunk.view.features import document_bounds  # noqa: E402
from geochunk.view.layers import chunk_layer  # noqa: E402
from geochunk.view.maps import base_map, chunk_legend_html  # noqa: E402
from geochunk.view.tables import chunks_frame  # noqa: E402

BUDGETS = (256, 384, 512, 640, 1024)


def timed(fn: Callable[[], Any], repeat: int = 5) -> tuple[float, Any]:
    """Median wall time in seconds over ``repeat`` runs, and the last result."""
    times, out = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), out


def map_script(cs: Any, cache: dict[Any, Any] | None, max_vertices: int = 2000) -> str:
    """Build the base map and chunk layer and render them to HTML, as st_folium would."""
    m = base_map(document_bounds(cs.analysis.features), legend_html=chunk_legend_html())
    chunk_layer(cs, display_max_vertices=max_vertices, cache=cache).add_to(m)
    return m.get_root().render()


def bench_rechunk() -> None:
    text = load_sample("land_use_appendix")
    t0 = time.perf_counter()
    a = analyse(text, doc_id="land_use_appendix.md")
    t_analyse = time.perf_counter() - t0
    t0 = time.perf_counter()
    assemble(a, ChunkConfig(budget=800))
    t_first = t_analyse + (time.perf_counter() - t0)
    print(f"land_use_appendix: {len(text):,} chars, {a.total_tokens:,} tokens, "
          f"{len(a.features)} features")
    print(f"  first analyse + assemble        : {t_first * 1000:8.1f} ms "
          f"(analyse {t_analyse * 1000:.1f} ms)")
    cache: dict[Any, Any] = {}
    map_script(assemble(a, ChunkConfig(budget=800)), cache)  # warm the display cache
    asm, full = [], []
    for b in BUDGETS:
        cfg = ChunkConfig(budget=b)
        t_asm, cs = timed(lambda: assemble(a, cfg), repeat=7)
        t_full, _ = timed(lambda: (chunks_frame(assemble(a, cfg).chunks, b),
                                   map_script(assemble(a, cfg), cache)), repeat=5)
        asm.append(t_asm)
        full.append(t_full)
        print(f"  budget {b:5d}: {len(cs.chunks):4d} chunks  assemble {t_asm * 1000:7.1f} ms  "
              f"assemble+table+map {t_full * 1000:7.1f} ms")
    m_asm, m_full = statistics.median(asm), statistics.median(full)
    print(f"  re-chunk after a budget change (median): assemble {m_asm * 1000:.1f} ms "
          f"-> {t_first / m_asm:.0f}x faster than first; with table+map {m_full * 1000:.1f} ms "
          f"-> {t_first / m_full:.1f}x")


def bench_apptest() -> None:
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    t0 = time.perf_counter()
    at.run()
    first = time.perf_counter() - t0
    times = []
    for b in (512, 256, 640, 384, 1024, 768, 320, 896):
        t0 = time.perf_counter()
        at.slider(key="gc_budget").set_value(b).run()
        times.append(time.perf_counter() - t0)
    assert not at.exception, at.exception
    print(f"AppTest app.py (land_use_appendix): first run {first * 1000:.0f} ms, "
          f"rerun after a budget change median {statistics.median(times) * 1000:.0f} ms "
          f"(min {min(times) * 1000:.0f}, max {max(times) * 1000:.0f})")


def bench_big_map() -> None:
    text = load_sample("boundary_40k")
    a = analyse(text, doc_id="boundary_40k.txt")
    cs = assemble(a, ChunkConfig(budget=800))
    vertices = max((f.vertices for f in a.features), default=0)
    print(f"boundary_40k: {len(a.features)} features, largest {vertices:,} vertices")
    for label, limit in (("display simplification (2,000)", 2000), ("no simplification", 0)):
        t, html = timed(lambda: map_script(cs, None, limit), repeat=3)
        print(f"  {label:32s}: build+render {t * 1000:7.1f} ms, HTML {len(html) / 1e6:6.2f} MB")


if __name__ == "__main__":
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    bench_rechunk()
    bench_big_map()
    bench_apptest()
