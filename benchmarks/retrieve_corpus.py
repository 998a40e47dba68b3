"""A seeded synthetic corpus for the retrieval benchmarks (shared by bench_retrieve*.py).

* :func:`documents` — real documents (prose + WKT in British National Grid, declared) that go
  through the whole pipeline: for build-throughput figures.
* :func:`rows` — ``n`` index rows made directly (texts from templates, WGS 84 footprints clustered
  around towns, ~2% without extent): for the 100,000-chunk query and bake-off figures, where
  chunking 100k chunks first would only measure the chunker again.
"""

from __future__ import annotations

from typing import Any

import numpy as np

TOWNS = [
    ("Edinburgh", -3.19, 55.95), ("Glasgow", -4.25, 55.86), ("Newcastle", -1.61, 54.97),
    ("Leeds", -1.55, 53.80), ("Manchester", -2.24, 53.48), ("Birmingham", -1.90, 52.48),
    ("Bristol", -2.59, 51.45), ("London", -0.13, 51.51), ("Norwich", 1.30, 52.63),
    ("Exeter", -3.53, 50.72), ("Cardiff", -3.18, 51.48), ("York", -1.08, 53.96),
    ("Inverness", -4.22, 57.48), ("Aberdeen", -2.10, 57.15), ("Oxford", -1.26, 51.75),
    ("Cambridge", 0.12, 52.20), ("Plymouth", -4.14, 50.37), ("Hull", -0.34, 53.74),
    ("Carlisle", -2.93, 54.89), ("Lincoln", -0.54, 53.23),
]
USES = ["arable farmland", "allotment gardens", "ancient woodland", "wet meadow", "car park",
        "housing estate", "retail park", "sports ground", "cemetery", "flood storage basin",
        "railway sidings", "orchard", "quarry", "reed bed", "school playing field", "heathland",
        "industrial estate", "village green", "nature reserve", "water treatment works"]
NOTES = ["drainage is poor after heavy rain", "the hedgerows hold nesting birds",
         "a footpath crosses the northern edge", "contaminated ground was remediated in 2015",
         "the tenancy renews every five years", "bats roost in the old barn",
         "access is from the county road", "the site floods in most winters",
         "the soil is heavy clay over chalk", "invasive knotweed was treated last year",
         "a listed wall bounds the east side", "the owner plans to sell"]
QUESTIONS = ["where does the ground flood in winter", "allotments with a waiting list",
             "woodland with nesting birds", "contaminated land remediation", "car parking near the station",
             "sites with bats", "heavy clay soil farmland", "invasive plants treated",
             "footpath access across the field", "nature reserve with reed beds"]


def _text(rng: np.random.Generator, i: int) -> tuple[str, int]:
    town = int(rng.integers(0, len(TOWNS)))
    use = USES[int(rng.integers(0, len(USES)))]
    notes = " ".join(NOTES[int(j)] + "." for j in rng.choice(len(NOTES), size=2, replace=False))
    return f"Parcel P-{i:06d} near {TOWNS[town][0]}: {use}. {notes.capitalize()}", town


def rows(n: int, seed: int = 11, no_extent_share: float = 0.02) -> dict[str, Any]:
    """``texts``, ``boxes`` (w, s, e, n; NaN row = no extent) for ``n`` synthetic chunks."""
    rng = np.random.default_rng(seed)
    texts, boxes = [], np.full((n, 4), np.nan)
    for i in range(n):
        t, town = _text(rng, i)
        texts.append(t)
        if rng.random() < no_extent_share:
            continue
        _, lon, lat = TOWNS[town]
        # parcels scattered around the town (sd ~15 km), 20-400 m across
        x = lon + rng.normal(0, 0.22)
        y = lat + rng.normal(0, 0.13)
        w = rng.uniform(0.0003, 0.006)
        h = rng.uniform(0.0002, 0.004)
        boxes[i] = (x, y, x + w, y + h)
    return {"texts": texts, "boxes": boxes}


def documents(n_docs: int, sections: int = 25, seed: int = 5) -> list[tuple[str, str]]:
    """``(doc_id, text)`` pairs: survey appendices in EPSG:27700 with one parcel per section."""
    rng = np.random.default_rng(seed)
    out = []
    for d in range(n_docs):
        parts = [f"# Survey appendix {d}\n\nCoordinates are British National Grid (EPSG:27700), metres.\n"]
        for s in range(sections):
            t, _ = _text(rng, d * sections + s)
            x0 = 300000 + float(rng.uniform(0, 200000))
            y0 = 200000 + float(rng.uniform(0, 400000))
            w, h = float(rng.uniform(20, 400)), float(rng.uniform(20, 400))
            ring = f"{x0:.1f} {y0:.1f}, {x0 + w:.1f} {y0:.1f}, {x0 + w:.1f} {y0 + h:.1f}, {x0:.1f} {y0 + h:.1f}, {x0:.1f} {y0:.1f}"
            parts.append(f"## Parcel {d}-{s}\n\n{t}\n\nBoundary: POLYGON (({ring}))\n")
        out.append((f"appendix_{d:04d}.md", "\n".join(parts)))
    return out
