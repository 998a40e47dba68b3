"""Issue #13, memory of dense GeoJSON: the scratch of detection and of the document-period scan
stays a small multiple of the text however long its one line is (allocation counts with
tracemalloc, not RSS or time: deterministic). Before: detection of a one-line MultiPoint peaked
at 22x the text (the bracket-depth check over the whole geometry), ``document_period`` at 12x
(its pieces ended at a line break, and the text had none)."""

from __future__ import annotations

import json
import random
import tracemalloc
from typing import Any, Callable

import pytest

from geochunk.detection import geometry
from geochunk.context import period
from geochunk.detection.scan import detect


def _multipoint(points: int, indent: int | None = None) -> str:
    rnd = random.Random(13)
    pts = [[rnd.randrange(100_000, 999_999), rnd.randrange(1_000_000, 9_999_999)] for _ in range(points)]
    return json.dumps({"type": "FeatureCollection", "features": [
        {"type": "Feature", "id": "cloud-1", "properties": {"name": "survey points"},
         "geometry": {"type": "MultiPoint", "coordinates": pts}}]}, indent=indent)  # fmt: skip


def _peak_ratio(fn: Callable[[], Any], text: str) -> float:
    """Peak traced allocation while ``fn`` runs, over the text's UTF-8 bytes."""
    fn()  # first-call costs (compiled patterns, lazy tables) are not the document's
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        base = tracemalloc.get_traced_memory()[0]
        fn()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return (peak - base) / len(text.encode("utf-8"))


@pytest.fixture(scope="module")
def dense() -> str:
    return _multipoint(60_000)  # ~1.1 MB on one line


def test_detecting_a_one_line_multipoint_keeps_its_scratch_small(dense: str) -> None:
    assert "\n" not in dense
    det = detect(dense)
    assert [s.geom_type for s in det.spans] == ["MULTIPOINT"]
    # the span's geometry text is read once (1x); the depth check's scratch is one slice's
    assert _peak_ratio(lambda: detect(dense), dense) < 3.0


def test_the_document_period_scan_of_a_one_line_text_keeps_its_scratch_small(dense: str) -> None:
    assert period.document_period(dense) is None
    assert _peak_ratio(lambda: period.document_period(dense), dense) < 1.0
    late = dense[:-2] + ', "note": "surveyed in 2019"}]}'
    assert period.document_period(late) is not None  # the last window is read too


@pytest.mark.parametrize("text", [
    "[" * 70 + "]" * 70, "((1 2), (3 4))", "]]" + "[" * 80, "[(" * 40 + ")]" * 40 + "[" * 3, "é[" * 66,
])  # fmt: skip
@pytest.mark.parametrize("window", [1, 5, 64, 1 << 16])
def test_the_depth_read_in_slices_is_the_whole_text_depth(text: str, window: int, monkeypatch) -> None:
    depth = running = 0
    for c in text:
        running += (c in "([") - (c in ")]")
        depth = max(depth, running)
    opens = text.count("(") + text.count("[")
    monkeypatch.setattr(geometry, "_DEPTH_SLICE", window)
    assert geometry._max_depth(text) == (opens if opens <= geometry.MAX_NESTING else depth)
