"""FeatureCollection rewrap (``ChunkConfig.rewrap``): a chunk that lies inside one GeoJSON
FeatureCollection is emitted as a valid FeatureCollection of its own features.

Before packing, :func:`wrap_collections` gives each collection's wrapper text to its first and
last feature units (no chunk is a bare wrapper fragment) and says how many tokens a rebuilt
wrapper needs; after packing, :func:`rewrapped` rebuilds each chunk's text.

>>> from geochunk.model import Collection
>>> col = Collection(0, 40, (0,))
>>> rewrap_text(col, ['{"type": "Feature"}'])
'{"type": "FeatureCollection", "features": [\\n{"type": "Feature"}\\n]}'
"""

from __future__ import annotations

import json
import re
from bisect import bisect_left
from dataclasses import replace
from typing import Sequence

from geochunk.analysis import Analysis
from geochunk.text.lines import lines_of
from geochunk.tokens.counting import estimate_count
from geochunk.model import Chunk, Collection, Flag
from geochunk.context.units import Unit

__all__ = ["rewrap_text", "rewrapped", "wrap_collections"]

_NON_SPACE = re.compile(r"\S")
_MAX_INDENT = 200  # characters: a longer blank lead-in before a collection is not indentation


def wrap_collections(a: Analysis, ranges: list[tuple[int, int]], chosen: Sequence[Unit]) -> int:
    """For ``rewrap``: give each collection's wrapper text (``{"type": "FeatureCollection",
    "features": [`` ... ``]}``) to its first and last feature units, so no chunk is a bare
    wrapper fragment, and return the tokens a rebuilt wrapper needs (kept free when packing)."""
    text = a.text
    unit_of = {i: k for k, u in enumerate(chosen) for i in u.spans}
    worst = 0
    for col in a.detection.collections:
        if not col.features:
            continue
        first, last = unit_of.get(col.features[0]), unit_of.get(col.features[-1])
        if first is None or last is None:
            continue
        if first == 0 or ranges[first - 1][1] <= col.start:
            ranges[first] = (min(ranges[first][0], _line_start_of(text, col.start)), ranges[first][1])
        end = col.end
        tail_end = lines_of(text).end(end)  # O(log n): a document with no "\n" is one line
        if not _NON_SPACE.search(text, end, tail_end):  # reads only the blank run after it
            end = tail_end
        if last + 1 == len(ranges) or ranges[last + 1][0] >= end:
            ranges[last] = (ranges[last][0], max(ranges[last][1], end))
        wrapper = rewrap_text(col, [])
        worst = max(worst, a.counter.count(wrapper) + 2)
    return worst


def _line_start_of(text: str, p: int) -> int:
    q = lines_of(text).start(p)
    return q if p - q <= _MAX_INDENT and not text[q:p].strip() else p


def rewrap_text(col: Collection, bodies: Sequence[str]) -> str:
    header = col.header_json
    marker = '"features": []'
    if marker not in header:
        header = json.dumps({**json.loads(header), "features": []})
    return header.replace(marker, '"features": [\n' + ",\n".join(bodies) + "\n]", 1)


def _rewrap(a: Analysis, chunk: Chunk) -> str | None:
    """The chunk's features as a valid FeatureCollection, when it lies inside one collection."""
    spans = a.detection.spans
    i = bisect_left(spans, chunk.core_start, key=lambda s: s.start)  # spans are sorted: no
    ids = []  # walk over every span for every chunk (quadratic on a big collection)
    while i < len(spans) and spans[i].start < chunk.end:
        if spans[i].end <= chunk.end:
            ids.append(i)
        i += 1
    if not ids:
        return None
    cols = {spans[i].collection for i in ids}
    if len(cols) != 1 or None in cols:
        return None
    col = a.detection.collections[cols.pop()]  # type: ignore[index]
    text = a.text
    if not (col.start <= chunk.core_start or not text[chunk.core_start : col.start].strip()):
        return None
    if not (chunk.end <= col.end or not text[col.end : chunk.end].strip()):
        return None
    return rewrap_text(col, [a.text[spans[i].start : spans[i].end] for i in ids])


def rewrapped(a: Analysis, c: Chunk, budget: int) -> Chunk:
    """``c`` with its features re-wrapped as a FeatureCollection, when it lies in one."""
    wrapped = _rewrap(a, c) if c.text_kind == "source" else None
    if wrapped is None:
        return c
    n = a.counter.count(wrapped)
    if a.token_outage is not None and Flag.TOKEN_ESTIMATE not in c.flags and n == estimate_count(wrapped):
        c = replace(c, flags=c.flags + (Flag.TOKEN_ESTIMATE,))  # counted after the tokenizer failed
    if n <= budget or c.oversized:
        return replace(c, text=wrapped, text_kind="rewrapped", token_count=n, flags=c.flags + (Flag.REWRAPPED,))
    if len(c.features) == 1:  # one feature that fits alone but not with the wrapper
        extra = tuple(f for f in (Flag.REWRAPPED, Flag.OVERSIZED, Flag.NEEDS_FALLBACK) if f not in c.flags)
        return replace(c, text=wrapped, text_kind="rewrapped", token_count=n, oversized=True,
                     needs_fallback=True, flags=c.flags + extra)
    return replace(c, flags=c.flags + (Flag.NOT_REWRAPPED,))
