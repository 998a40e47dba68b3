"""Issue #13, peak memory of a long run with no word boundary and of many small GeoJSON
features (allocation peaks with tracemalloc and object identity: deterministic, no timings).

Before: packing cut a 100k-character XML namespace URI between graphemes from a Python list of
every position (~36 bytes a character: assemble peaked at ~37x the document); every GeoJSON
feature without a ``crs`` member had its own RFC 7946 frame, notes and evidence (~1.9x a
FeatureCollection of 20k small features)."""

from __future__ import annotations

import json
import tracemalloc
from array import array

import pytest
import regex
from hypothesis import given, strategies as st

from geochunk.model import ChunkConfig
from geochunk.pipeline import analyse, assemble
from geochunk.context.prose import grapheme_boundaries, grapheme_cuts
from geochunk.samples import load_sample


@given(st.text(alphabet=st.sampled_from("ab \r\n\u0301\U0001F1EC\U0001F1E7\u200d\U0001F600é"), max_size=40),
       st.data())  # fmt: skip
def test_grapheme_cuts_are_the_boundaries_then_the_end(text: str, data) -> None:
    lo = data.draw(st.integers(0, len(text)))
    hi = data.draw(st.integers(lo, len(text)))
    cuts = grapheme_cuts(text, lo, hi)
    assert isinstance(cuts, (range, array))
    assert list(cuts) == grapheme_boundaries(text, lo, hi) + [hi]
    want = [m.end() for m in regex.finditer(r"\X", text, pos=lo, endpos=hi) if m.end() < hi]
    assert list(cuts)[:-1] == want


def test_an_ascii_run_is_a_range() -> None:
    text = "x" * 300_000
    assert grapheme_cuts(text, 7, 200_007) == range(8, 200_008)
    assert grapheme_cuts(text, 5, 5) == range(5, 6)  # the end alone, as boundaries + [hi]


@pytest.fixture(scope="module")
def long_namespace() -> tuple[str, object]:
    text = load_sample("wfs_getfeature").replace("http://example.org/edinburgh",
                                                 "http://example.org/" + "x" * 100_000)  # fmt: skip
    return text, analyse(text)


def test_cutting_a_long_run_between_graphemes_keeps_assemble_small(long_namespace) -> None:
    text, a = long_namespace
    config = ChunkConfig(budget=512)
    first = assemble(a, config)
    assert sum("grapheme_cut" in c.flags for c in first.chunks) > 20  # the run was cut (25 times)
    tracemalloc.start()
    try:
        again = assemble(a, config)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [(c.start, c.end) for c in again.chunks] == [(c.start, c.end) for c in first.chunks]
    # ~1.3x now (the chunks and their records); a list of every position was ~37x
    assert peak / len(text.encode("utf-8")) < 6.0


def test_geojson_features_in_the_rfc7946_frame_share_one_frame() -> None:
    feats = [{"type": "Feature", "id": f"F-{i}", "properties": {"n": i},
              "geometry": {"type": "Point", "coordinates": [-3.2 + i * 1e-4, 55.9]}} for i in range(60)]  # fmt: skip
    text = json.dumps({"type": "FeatureCollection", "features": feats})
    a = analyse(text)
    frames = [a.frames.frame_for(i) for i in range(len(a.features))]
    assert len(frames) == 60 and {f.source for f in frames} == {"geojson_rfc7946"}
    assert len({id(f) for f in frames}) == 1  # one frame object for the one verdict
    # the shared frame reads as each feature's own did
    assert frames[0].notes[:2] == ("GeoJSON without a crs member: RFC 7946 defines WGS 84 longitude/latitude",
                                   "1/1 sampled points are valid lon/lat")  # fmt: skip
