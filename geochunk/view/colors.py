"""Deterministic colours for chunks and for the states that must stand out on a map.

Chunk colours cycle through a fixed palette that leaves out red, which is kept for trouble
(oversized chunks, severed geometries), and grey, which is kept for outlines and context.

>>> chunk_color(0), chunk_color(len(PALETTE)) == chunk_color(0)
('#1f77b4', True)
"""

from __future__ import annotations

__all__ = [
    "PALETTE",
    "TROUBLE_RED",
    "FALLBACK_BLACK",
    "ORIGINAL_GREY",
    "INTACT_GREY",
    "chunk_color",
]

#: Tableau-like categorical palette without red (trouble) or grey (outlines, graticule).
PALETTE: tuple[str, ...] = (
    "#1f77b4",
    "#2ca02c",
    "#9467bd",
    "#ff7f0e",
    "#17becf",
    "#8c564b",
    "#e377c2",
    "#bcbd22",
    "#393b79",
    "#637939",
    "#e6550d",
    "#8c6d31",
)

TROUBLE_RED = "#d62728"  # oversized outline, severed geometry fill
FALLBACK_BLACK = "#111111"  # needs-fallback outline (dashed)
ORIGINAL_GREY = "#444444"  # original outline under a generalized feature (dashed, no fill)
INTACT_GREY = "#9e9e9e"  # geometries a splitter left whole (Compare page)


def chunk_color(index: int) -> str:
    """The colour of chunk ``index`` (stable: the same index always gets the same colour).

    >>> chunk_color(3)
    '#ff7f0e'
    """
    return PALETTE[index % len(PALETTE)]
