"""The assembly's fast paths give the general path's answer (no clocks): a chunk's frame,
boxes and period read from per-span data equal what the general merges give."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from geochunk import crs as crs_mod
from geochunk.chunking import _merge_one_ref, _one_box
from geochunk.extent import union_bbox
from geochunk.model import Frame

_coord = st.one_of(
    st.floats(-400, 400, allow_nan=False), st.sampled_from([-180.0, 180.0, 0.0, -179.5, 179.5, math.nan])
)
_box = st.tuples(_coord, _coord, _coord, _coord)


def _union_before(boxes, *, lon=False):  # type: ignore[no-untyped-def]
    """union_bbox as it was written before the one-pass-per-side rewrite (the reference)."""
    bs = [b for b in boxes if b is not None]
    if not bs:
        return None
    south, north = min(b[1] for b in bs), max(b[3] for b in bs)
    if not lon:
        return (min(b[0] for b in bs), south, max(b[2] for b in bs), north)
    if all(b[0] <= b[2] for b in bs):
        west, east = min(b[0] for b in bs), max(b[2] for b in bs)
        if east - west <= 180 or not all(-180 <= b[0] and b[2] <= 180 for b in bs):
            return (west, south, east, north)
    return union_bbox(bs, lon=True)  # the 0..360 reading was not rewritten


def _same(x, y) -> bool:  # type: ignore[no-untyped-def]
    return repr(x) == repr(y)  # NaN-aware, and float vs int told apart


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.none(), _box), max_size=6), st.booleans())
def test_union_bbox_equals_the_reference(boxes, lon) -> None:  # type: ignore[no-untyped-def]
    assert _same(union_bbox(boxes, lon=lon), _union_before(boxes, lon=lon))


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.none(), _box), st.booleans())
def test_one_box_equals_the_union_of_one(box, lon) -> None:  # type: ignore[no-untyped-def]
    assert _same(_one_box(box, lon=lon), union_bbox([box], lon=lon))


_frame = st.builds(
    Frame,
    st.just(27700),
    st.sampled_from([0.2, 0.5, 0.95, 0.95, 1.0]),
    st.sampled_from(["explicit_code", "name", "coordinates"]),
    st.booleans(),
    notes=st.lists(st.sampled_from(["a", "b"]), max_size=2).map(tuple),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_frame, min_size=1, max_size=5))
def test_one_code_merge_equals_merge_frames(frames) -> None:  # type: ignore[no-untyped-def]
    merged, mixed = crs_mod.merge_frames(frames)
    assert not mixed
    assert _merge_one_ref(frames) == merged
