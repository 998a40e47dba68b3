"""The declaration scan's windowed helpers (issue #13) give what the whole-piece forms gave."""

import random

import pytest

from geochunk.crs import declarations as D
from geochunk.crs import names as N

ALPHABET = "abcXYZ é\u00fc\u0130\u212a ,:1\t-\n"


def _texts(seed: int = 7, count: int = 400) -> list[str]:
    rnd = random.Random(seed)
    return ["".join(rnd.choice(ALPHABET) for _ in range(rnd.choice([1, 5, 70, 300])))
            for _ in range(count)]


@pytest.mark.parametrize("window", [1, 2, 3, 7, 64])
def test_runs_and_alnum_windows(monkeypatch, window):
    monkeypatch.setattr(N, "_RUN_WINDOW", window)
    for text in _texts() + ["ascii only: EPSG 27700 grid " * 20]:
        data = text.encode("utf-8", "surrogatepass")
        assert N._runs_of(text) == set(data.translate(N._RUNS).split())
        got, alnum = N._alnum_of(text)
        assert bytes(alnum) == data.translate(N._ALNUM)
        assert got is None if (len(text) > window and text.isascii()) else got == data


def test_long_ascii_text_finds_anchors_by_slices(monkeypatch):
    monkeypatch.setattr(D, "_LOWER_SLICE", 16)
    text = "Grid EPSG:27700 epsg:4326, urn:ogc:def:crs:EPSG::3857 " * 5
    low = D._Lowered(text)
    assert low._low is None
    lowered = text.lower()
    for anchor in ("epsg", "urn:", "crs"):
        for start in range(0, len(text), 7):
            assert low.find(anchor, start) == lowered.find(anchor, start)


def test_span_ranges_read_from_the_spans():
    import pickle

    from geochunk.crs.resolve import SpanRanges, resolve_frames
    from geochunk.detection.scan import detect

    text = ("Grid EPSG:27700. POINT (530000 180000) then LINESTRING (1 2, 3 4) and "
            '{"type": "Point", "coordinates": [-3.2, 55.9]} end')
    detection = detect(text)
    report = resolve_frames(text, detection, [None] * len(detection.spans))
    pairs = tuple((s.start, s.end) for s in detection.spans)
    ranges = report.span_ranges
    assert isinstance(ranges, SpanRanges) and len(pairs) >= 2
    assert ranges == pairs and pairs == ranges and hash(ranges) == hash(pairs)
    assert tuple(ranges) == pairs and ranges[1:] == pairs[1:] and repr(ranges) == repr(pairs)
    assert pickle.loads(pickle.dumps(ranges)) == pairs
    for offset in range(len(text)):
        i = next((k for k, (a, b) in enumerate(pairs) if a <= offset < b), None)
        if i is not None:
            assert report.frame_at(offset) == report.frames[i]
