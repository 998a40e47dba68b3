"""Fast paths after detection give the general path's answer (no clocks): a chunk's frame,
boxes and period read from per-span data, ids chosen per key sequence, attribute lines read once."""

from __future__ import annotations

import math
from functools import lru_cache

from hypothesis import given, settings
from hypothesis import strategies as st

from geochunk import crs as crs_mod
from geochunk.crs.extent import one_bbox, union_bbox
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


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.none(), _box), max_size=6), st.booleans())
def test_union_bbox_equals_the_reference(boxes, lon) -> None:  # type: ignore[no-untyped-def]
    assert _same(union_bbox(boxes, lon=lon), _union_before(boxes, lon=lon))


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.none(), _box), st.booleans())
def test_one_box_equals_the_union_of_one(box, lon) -> None:  # type: ignore[no-untyped-def]
    assert _same(one_bbox(box, lon=lon), union_bbox([box], lon=lon))


_frame = st.builds(
    Frame,
    st.just(27700),
    st.sampled_from([0.2, 0.5, 0.95, 0.95, 1.0]),
    st.sampled_from(["explicit_code", "name", "coordinates"]),
    st.booleans(),
    notes=st.lists(st.sampled_from(["a", "b"]), max_size=2).map(tuple),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(_frame, min_size=1, max_size=5))
def test_one_code_merge_is_the_least_confident_flagged_if_any(frames) -> None:  # type: ignore[no-untyped-def]
    """One code: the first of the least confident frames, flagged if any frame is (the rule as
    stated, against what the chunker's shortcut and merge_frames give)."""
    from dataclasses import replace

    lowest = min(f.confidence for f in frames)
    first = next(f for f in frames if f.confidence == lowest)
    expected = replace(first, flagged=True) if any(f.flagged for f in frames) else first
    merged, mixed = crs_mod.merge_frames(frames)
    assert not mixed
    assert crs_mod.merge_one_ref(frames) == merged == expected


_ws_text = st.text(alphabet=st.sampled_from(list("AbZ09(),. -\t\n\r\x0b\x0c\x1c\x1d\x1e\x1f") + ["\u00a0", "\u2028", "é"]))


@settings(max_examples=200, deadline=None)
@given(_ws_text)
def test_content_normalization_equals_split_join(text: str) -> None:
    from geochunk.detection.ids import _normalized

    assert _normalized(text) == " ".join(text.split()).upper().encode("utf-8")


def _pick_before(pairs):  # type: ignore[no-untyped-def]
    """pick_id as it was written before the choice was memoised per key sequence (reference)."""
    from geochunk.detection.ids import ID_KEYS, REF_KEYS, _key_kind

    first, suffixed, ref_suffixed = {}, None, None
    for key, value in pairs:
        low, id_like, ref_like = _key_kind(key)
        first.setdefault(low, (key, value))
        if suffixed is None and id_like:
            suffixed = (key, value)
        elif ref_suffixed is None and ref_like:
            ref_suffixed = (key, value)
    for name in ID_KEYS:
        if name in first:
            return first[name]
    if suffixed is not None:
        return suffixed
    for name in REF_KEYS:
        if name in first:
            return first[name]
    return ref_suffixed


_key = st.sampled_from(["id", "ID", " Id ", "FID", "gid", "Parcel ID", "parcel_id", "feature id", "Ref",
                        "reference", "planning_ref", "x-ref", "Name", "idea", "area", "site-id", "uuid"])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(_key, st.sampled_from(["1", "A-7", "x"])), max_size=8))
def test_pick_id_equals_the_reference(pairs) -> None:  # type: ignore[no-untyped-def]
    from geochunk.detection.ids import pick_id

    assert pick_id(pairs) == _pick_before(pairs)
    assert pick_id(iter(pairs)) == _pick_before(pairs)


def test_repeated_attribute_lines_are_read_once(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """find_units reads each distinct attribute line once; the units equal those found with
    no memo (every line read)."""
    from geochunk.context import units as units_mod
    from geochunk.detection.scan import detect

    text = "".join(
        f"### Parcel P-{i}\nPOINT ({i} {i + 1})\nParcel ID: P-{i}\nBorough: Westminster\n"
        f"Condition: {'Fair' if i % 2 else 'Poor'}\n\n" for i in range(60)
    )
    det = detect(text)
    calls = []
    real = units_mod.attribute_line
    monkeypatch.setattr(units_mod, "attribute_line", lambda line: calls.append(line) or real(line))
    fast = units_mod.find_units(text, det)
    fast_calls = list(calls)
    monkeypatch.setattr(units_mod, "_MAX_SEEN", 0)
    calls.clear()
    slow = units_mod.find_units(text, det)
    assert fast == slow
    # With the memo no line is read twice, and the lines read are exactly the distinct lines
    # read without it (the headings count too: a line above a geometry may be its attribute).
    assert len(fast_calls) == len(set(fast_calls)) == len(set(calls))
    assert len(calls) >= 4 * 60 and len(fast_calls) <= 2 * 60 + 4  # ids, headings; 4 shared


@settings(max_examples=200, deadline=None)
@given(
    st.text(alphabet=st.sampled_from(list("ab1 /\n\r\t{}\":,") + ["\u00a0", "\u2028"]), min_size=2, max_size=300),
    st.integers(1, 300),
    st.integers(0, 300),
)
def test_clean_search_equals_asking_every_position(text: str, lo: int, width: int) -> None:
    """The regex-guided search for the clean position nearest a ragged end finds what asking
    clean_boundary at every position finds (first from lo, last back from hi)."""
    from geochunk.tokens.counting import _first_clean, _last_clean, clean_boundary

    lo = min(lo, len(text) - 1)
    hi = min(lo + width, len(text) - 1)

    def clean(p: int) -> bool:
        return clean_boundary(text, p)

    every = [p for p in range(lo, hi + 1) if clean(p)]
    assert _first_clean(text, clean, lo, hi) == (every[0] if every else None)
    assert _last_clean(text, clean, lo, hi) == (every[-1] if every else None)


@lru_cache(maxsize=1)
def _builder():  # type: ignore[no-untyped-def]
    from geochunk.split.chunking import ChunkBuilder
    from geochunk.model import ChunkConfig
    from geochunk.pipeline import analyse

    return ChunkBuilder(analyse("POINT (1 2)\n"), ChunkConfig(), "paragraph")


_lines = st.lists(st.sampled_from(["a", "b", "EPSG:1: fits"]), max_size=7).map(tuple)


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.none(), st.builds(
    __import__("geochunk.model", fromlist=["Evidence"]).Evidence, _lines, _lines, _lines, _lines, _lines)))
def test_brief_of_a_short_evidence_is_the_frame(evidence) -> None:  # type: ignore[no-untyped-def]
    """The builder's brief (no shortening when no part is long) equals brief_frame's."""
    from geochunk.split.chunking import brief_frame

    b = _builder()
    frame = Frame(27700, 0.9, "explicit_code", False, evidence=evidence)
    assert b._brief(frame) == brief_frame(frame)


def test_spans_in_equals_the_scan() -> None:
    """spans_in (bisection over starts and ends) gives the spans wholly inside a range, as
    scanning every span does, on a document with several geometries on a line."""
    from geochunk.split.chunking import ChunkBuilder
    from geochunk.model import ChunkConfig
    from geochunk.pipeline import analyse

    text = "".join(f"Row {i}: POINT ({i} 1), POINT ({i} 2)\nLINESTRING (0 0, {i} 1)\n\n" for i in range(30))
    a = analyse(text)
    b = ChunkBuilder(a, ChunkConfig(), "paragraph")
    spans = a.detection.spans
    for lo in range(0, len(text), 7):
        for hi in range(lo, len(text) + 1, 13):
            assert b.spans_in(lo, hi) == [i for i, s in enumerate(spans) if s.start >= lo and s.end <= hi]


@settings(max_examples=150, deadline=None)
@given(
    st.text(alphabet=st.sampled_from(list("ab .\n\n#")), min_size=1, max_size=200),
    st.lists(st.integers(0, 200), max_size=12),
    st.integers(0, 4),
)
def test_cuts_equal_the_set_of_boundaries_outside_units(text, marks, level) -> None:  # type: ignore[no-untyped-def]
    """The packer's cuts (boundary arrays filtered at once) equal the boundaries outside every
    unit (Inside, one position at a time) plus the unit edges at that level."""
    from geochunk.split.packing import Inside, SimpleCounter, _Packer
    from geochunk.context.prose import find_boundaries

    n = len(text)
    pts = sorted({min(m, n) for m in marks})
    units = [(x, y) for x, y in zip(pts[::2], pts[1::2]) if x < y]
    levels = [(k % 5, (k + 2) % 5) for k in range(len(units))]
    b = find_boundaries(text)
    packer = _Packer(text, 8, b, SimpleCounter(lambda x, y: y - x))
    packer.protect(units, levels)
    inside = Inside(units)
    for lo in range(0, n + 1, 5):
        for hi in range(lo, n + 1, 9):
            want = {p for p, _ in b.within(lo, hi, level) if not inside(p)}
            want |= {p for (x, y), (lx, ly) in zip(units, levels) for p, lv in ((x, lx), (y, ly))
                     if lo < p < hi and lv <= level}
            assert packer.cuts(lo, hi, level) == sorted(want)


def _period_before(attributes, caption, *, origin="attribute"):  # type: ignore[no-untyped-def]
    """feature_period as written before date keys were memoised per key sequence (reference)."""
    from geochunk.model import Period
    from geochunk.context.period import _ISO, _YEAR, _date_key, parse_date

    start = end = src_start = src_end = point = None
    for key, value in (attributes or {}).items():
        if not isinstance(key, str):
            continue
        kind = _date_key(key)
        if kind is None or not isinstance(value, (str, int)) or isinstance(value, bool):
            continue
        d = parse_date(str(value))
        if d is None:
            continue
        src = f"{origin}:{key}"
        is_start, is_end = kind
        if is_start and start is None:
            start, src_start = d, src
        elif is_end and end is None:
            end, src_end = d, src
        elif point is None:
            point = (d, src)
    if start is not None or end is not None:
        return Period(start, end, src_start or src_end or "", 0.9)
    if point is not None:
        return Period(point[0], point[0], point[1], 0.9)
    if caption:
        m = _ISO.search(caption) or _YEAR.search(caption)
        if m is not None:
            return Period(m.group(), m.group(), "caption", 0.6)
    return None


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(
        st.one_of(st.sampled_from(["Survey date", "valid_from", "valid_to", "Land use", "year", "end", "validFrom"]),
                  st.integers(0, 3)),
        st.one_of(st.sampled_from(["2024-03-12", "March 2024", "1998", "Park", ""]), st.integers(1990, 2030),
                  st.booleans(), st.none()),
        max_size=5,
    ),
    st.sampled_from([None, "### Site (2019 survey)", "Parcel A"]),
    st.sampled_from(["attribute", "row", "property"]),
)
def test_feature_period_equals_the_reference(attributes, caption, origin) -> None:  # type: ignore[no-untyped-def]
    from geochunk.context.period import feature_period

    assert feature_period(attributes, caption, origin=origin) == _period_before(attributes, caption, origin=origin)


def _attribute_line_before(line):  # type: ignore[no-untyped-def]
    """attribute_line as written before its checks were reordered (reference)."""
    from geochunk.context.attributes import _BULLETS, _checked_key

    if ":" not in line[:60]:
        return None
    body = line.strip().lstrip(_BULLETS)
    key, sep, value = body.partition(":")
    if sep and value[:1] not in (" ", "\t"):
        return None
    key, value = key.strip(), value.strip()
    if not sep or not key or not value or value.startswith("//"):
        return None
    key = _checked_key(key)
    return None if key is None else (key, value)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("Ab1 :-*/\t\n\u2022._()#") + ["\u00a0", "²"]), max_size=80))
def test_attribute_line_equals_the_reference(line: str) -> None:
    from geochunk.context.attributes import attribute_line

    assert attribute_line(line) == _attribute_line_before(line)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab \r\n")), max_size=40))
def test_line_ends_at_once_equal_the_line_index(text: str) -> None:
    import numpy as np

    from geochunk.text.lines import LineIndex
    from geochunk.split.strategies import _at_line_end

    ps = list(range(-1, len(text) + 2))
    assert _at_line_end(text, np.asarray(ps, dtype=np.int64)) == [LineIndex(text).at_line_end(p) for p in ps]


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab \r\n")), max_size=40))
def test_line_bounds_at_once_equal_the_line_index(text: str) -> None:
    from geochunk.text.lines import LineIndex
    from geochunk.context.units import _line_bounds

    li, ps = LineIndex(text), list(range(len(text) + 1))
    assert _line_bounds(text, ps, ps) == ([li.start(p) for p in ps], [li.end(p) for p in ps])


def test_indentation_is_not_asked_about() -> None:
    """Searching back from a ragged end in pretty-printed JSON asks clean_boundary only about
    positions the rules do not reject at a glance (a counter, not a clock)."""
    from geochunk.tokens.counting import _last_clean, clean_boundary

    text = "".join(f'{{\n{" " * 12}"type": "Feature",\n{" " * 12}"id": {i}\n}},\n' for i in range(4))
    asked: list[int] = []

    def clean(p: int) -> bool:
        asked.append(p)
        return clean_boundary(text, p)

    hi = len(text) - 2
    got = _last_clean(text, clean, 1, hi)
    assert got == max(p for p in range(1, hi + 1) if clean_boundary(text, p))
    assert len(asked) <= 2 and text.count(" ", 0, hi) > 40
