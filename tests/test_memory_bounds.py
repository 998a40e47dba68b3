"""Whole-document passes keep their scratch memory bounded (issue #13, peak memory): measured
with tracemalloc, which counts allocations (not load-dependent timings), on the land-use
appendix x8 (1.5 M characters, not ASCII: 2 bytes a character). The bounds sit between what
the passes allocate now and what they allocated when they held whole-document copies."""

from __future__ import annotations

import pickle
import tracemalloc
from typing import Any, Callable

import numpy as np
import pytest
from hypothesis import given, strategies as st

from geochunk import pipeline
from geochunk.context import period
from geochunk.context import prose
from geochunk.context.attributes import Pairs
from geochunk.detection.scan import detect
from geochunk.context.headings import heading_glue
from geochunk.text.lines import lines_of
from geochunk.samples import load_sample
from geochunk.context.units import find_units


@pytest.fixture(scope="module")
def appendix_x8() -> str:
    text = "\n\n".join([load_sample("land_use_appendix")] * 8)
    lines_of(text)  # the shared line index is built once per document, not by the pass
    return text


def _peak_per_char(fn: Callable[[], Any], n: int) -> float:
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1] / n
    finally:
        tracemalloc.stop()


def test_document_period_holds_no_lower_cased_copy_of_the_document(appendix_x8: str) -> None:
    # a lower-cased copy of the whole text alone would be 2 bytes a character (4 with the join
    # of lower-cased pieces); now one piece at a time (~0.7 bytes a character in all)
    assert _peak_per_char(lambda: period.document_period(appendix_x8), len(appendix_x8)) < 1.5


def test_boundary_scan_drops_offsets_inside_spans_before_merging(appendix_x8: str) -> None:
    # offsets inside geometry spans (every coordinate pair's space) are dropped per slice, not
    # after merging all candidates (~2.6 bytes a character, was ~5.4), and each window's
    # offsets become int32 keys before the next window is scanned: ~1.3
    spans = tuple((s.start, s.end) for s in detect(appendix_x8).spans)
    exclude = pipeline._no_cut(spans, tuple(heading_glue(appendix_x8)))
    assert _peak_per_char(lambda: prose.find_boundaries(appendix_x8, exclude), len(appendix_x8)) < 1.8


def test_equal_attribute_pairs_are_held_once() -> None:
    text = "\n\n".join([load_sample("land_use_appendix")] * 2)
    units = find_units(text, detect(text))
    pairs = [p for u in units for p in u.attributes]
    distinct = {p: p for p in pairs}
    assert all(distinct[p] is p for p in pairs)  # one tuple per distinct (key, value)
    assert len(distinct) < len(pairs)


@pytest.mark.parametrize("size", [1, 2, 5, 64])
def test_paren_offsets_by_slice_are_the_whole_text_mask(size: int) -> None:
    import random

    import numpy as np

    from geochunk.detection.scan import _paren_positions

    rng = random.Random(size)
    for _ in range(500):
        text = "".join(rng.choice("(()) aé\ud800\U0001f600x") for _ in range(rng.randrange(0, 60)))
        raw = np.frombuffer(text.encode("ascii", "replace"), dtype=np.uint8)
        pos = np.flatnonzero((raw == 40) | (raw == 41))
        got_pos, got_open = _paren_positions(text, size)
        assert got_pos.tolist() == pos.tolist() and got_open.tolist() == (raw[pos] == 40).tolist()


def test_hex_marks_by_slice_find_the_same_runs(monkeypatch) -> None:
    from geochunk.detection.encodings import wkb

    text = "id,geom\n7,0101000000000000000000F03F0000000000000040\nx é 01" + "0" * 40 + "\n"
    whole = [(m.start(), m.end()) for m in wkb._hex_runs(text)]
    monkeypatch.setattr(wkb, "_MARK_SLICE", 3)
    assert [(m.start(), m.end()) for m in wkb._hex_runs(text)] == whole and whole


def test_chunks_read_their_text_from_the_document(appendix_x8: str) -> None:
    # a chunk whose text is the source slice does not hold a copy of it: assemble keeps
    # ~0.6 bytes a character (the chunks and their metadata); a copy of every chunk's text
    # alone was 2 bytes a character (the document is not Latin-1)
    from geochunk.model import ChunkConfig

    a = pipeline.analyse(appendix_x8)
    # the first assemble also fills caches kept for later budgets (~0.07 bytes a character
    # here, more or less with what the test process did before): one at another budget first,
    # so the figure is what one budget's chunks hold
    pipeline.assemble(a, ChunkConfig(budget=256))
    tracemalloc.start()
    try:
        cs = pipeline.assemble(a, ChunkConfig(budget=512))
        held = tracemalloc.get_traced_memory()[0] / len(appendix_x8)
    finally:
        tracemalloc.stop()
    assert held < 1.2
    assert "".join(appendix_x8[c.core_start : c.end] for c in cs.chunks) == appendix_x8
    assert all(c.text == appendix_x8[c.start : c.end] for c in cs.chunks)


def test_a_chunk_read_from_the_source_behaves_as_one_that_holds_its_text() -> None:
    import copy
    import dataclasses
    import pickle

    from geochunk.model import Chunk

    source = "intro. POINT (1 2) and more text after it"
    fields = dict(doc_id="d", index=0, start=7, end=18, core_start=7, token_count=5,
                  tokenizer="cl100k_base", unit="feature", strategy="mixed")
    lazy, held = Chunk.sliced(source, 7, 18, **fields), Chunk(text="POINT (1 2)", **fields)
    assert lazy.text == held.text == "POINT (1 2)" and type(lazy.text) is str
    assert lazy == held and hash(lazy) == hash(held) and repr(lazy) == repr(held)
    assert lazy.to_dict() == held.to_dict() and dataclasses.asdict(lazy) == dataclasses.asdict(held)
    assert Chunk.from_dict(lazy.to_dict()) == held
    # a pickle carries the chunk's text, never the whole source
    assert pickle.dumps(lazy) == pickle.dumps(held)
    assert pickle.loads(pickle.dumps(lazy)) == held and copy.deepcopy(lazy) == held
    assert dataclasses.replace(lazy, index=3).text == "POINT (1 2)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        lazy.text = "x"  # type: ignore[misc]
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        lazy.nope  # type: ignore[attr-defined]


def test_spans_read_their_geometry_text_from_the_document(appendix_x8: str) -> None:
    # a WKT span's geometry text is read from the document on access, not held: the spans
    # hold ~0.67 bytes a character; with a copy of every geometry text they held ~1.1. Measured
    # with the parse cache (what detect leaves there, ~0.86 in all, bounded by characters), and
    # once the pipeline has read the parse results (parse_spans drops the document's entries)
    from geochunk.detection import geometry
    from geochunk.detection import parsed

    detect(appendix_x8)  # warm (what a first detection keeps in other caches is not the spans')
    parsed.forget_parsed()  # before measuring: the entries this detection makes are counted
    tracemalloc.start()
    try:
        found = detect(appendix_x8)
        held = tracemalloc.get_traced_memory()[0] / len(appendix_x8)
        geometry.parse_spans(found.spans)
        after_analysis = tracemalloc.get_traced_memory()[0] / len(appendix_x8)
    finally:
        tracemalloc.stop()
    assert held < 0.9 and after_analysis < 0.8
    assert not parsed._PARSED
    wkt = [s for s in found.spans if s.kind == "wkt"]
    assert wkt and all(appendix_x8[s.end - len(s.geometry_text) : s.end] == s.geometry_text
                       and s.geometry_text.startswith(s.geom_type) for s in wkt)


def test_boundaries_are_held_as_int32_and_equal_the_int64_scan(appendix_x8: str, monkeypatch) -> None:
    # offsets of a document under 2**28 characters are int32: the boundaries of the appendix
    # x8 hold ~0.34 bytes a character (int64: ~0.68); the int64 keys (what a longer document
    # gets) find the same offsets
    spans = tuple((s.start, s.end) for s in detect(appendix_x8).spans)
    exclude = pipeline._no_cut(spans, tuple(heading_glue(appendix_x8)))
    got = prose.find_boundaries(appendix_x8, exclude)
    assert sum(a.nbytes for a in got.by_level) / len(appendix_x8) < 0.45
    monkeypatch.setattr(prose, "_INT32_POSITIONS", 0)
    wide = prose.find_boundaries(appendix_x8, exclude)
    assert all(a.dtype == np.int64 for a in wide.by_level)
    assert [a.tolist() for a in got.by_level] == [a.tolist() for a in wide.by_level]


def test_document_digest_encodes_the_document_a_slice_at_a_time(appendix_x8: str, monkeypatch) -> None:
    # the document's UTF-8 bytes at once were ~3 bytes a character of scratch (1.5 M characters);
    # now one slice's (~0.2); slices of 1, 2 and 3 characters give the same digest (lone surrogates too)
    import hashlib

    from geochunk.read import source

    assert _peak_per_char(lambda: source.document_digest(appendix_x8), len(appendix_x8)) < 0.5
    whole = hashlib.sha256(appendix_x8.encode("utf-8")).hexdigest()
    assert source.document_digest(appendix_x8) == whole
    odd = "a\ud83d\ude00é\ud800x\U0001f600\udfff"
    expected = hashlib.sha256(odd.encode("utf-8", "surrogatepass")).hexdigest()
    for size in (1, 2, 3):
        monkeypatch.setattr(source, "_DIGEST_SLICE", size)
        assert source.document_digest(odd) == expected


def _hex_runs_whole(text: str) -> list[tuple[int, int]]:
    """encodings.wkb._hex_runs as written before: the marks of the whole text at once."""
    from geochunk.detection.encodings import wkb

    marks = text.encode("ascii", "replace").translate(wkb._HEX_MARKS)
    out, pos = [], 0
    while (s := marks.find(wkb._RUN, pos)) >= 0:
        e = marks.find(b".", s)
        pos = e = len(marks) if e < 0 else e
        if text[s : s + 2] not in ("00", "01") or (e - s) % 2:
            continue
        p = s - 2 if s >= 2 and text[s - 2 : s] in ("\\x", "0x") else s
        m = wkb._HEX_RUN.match(text, p)
        if m is not None and m.end() == e:
            out.append((m.start(), m.end()))
    return out


@pytest.mark.parametrize("size", [1, 2, 3, 17, 18, 19, 40])
def test_hex_runs_by_slice_equal_the_whole_text_marks(size: int, monkeypatch) -> None:
    import random

    from geochunk.detection.encodings import wkb

    rng = random.Random(size)
    words = ["01", "00", "0101000000", "F03F", "0" * 16, "a", " ", "\n", "\\x", "0x", "é", ",", "g"]
    texts = ["".join(rng.choice(words) for _ in range(rng.randrange(0, 40))) for _ in range(400)]
    texts += ["01" * 30, "x01" + "0" * 40, "0" * 19, "01" + "0" * 17]
    monkeypatch.setattr(wkb, "_MARK_SLICE", size)
    for text in texts:
        assert [(m.start(), m.end()) for m in wkb._hex_runs(text)] == _hex_runs_whole(text), text


def test_hex_run_scan_holds_no_marks_of_the_whole_text(appendix_x8: str) -> None:
    # the marks (one byte a character) were held for the whole text; now one slice's
    from geochunk.detection.encodings import wkb

    assert _peak_per_char(lambda: list(wkb._hex_runs(appendix_x8)), len(appendix_x8)) < 0.3


def test_detect_parses_wkt_a_batch_at_a_time(monkeypatch) -> None:
    # the geometry texts (read from the document) and GEOS's scratch exist for one batch of
    # spans at a time, not for every span of the document (RSS: detect's peak on the appendix
    # x70 3.4 -> 2.0x the input; GEOS memory is not seen by tracemalloc, so the batch size is
    # what is tested); the spans are the same
    from geochunk.detection import scan as detect_mod

    text = "\n\n".join([load_sample("land_use_appendix")] * 2)
    whole = detect(text)
    sizes: list[int] = []
    real = detect_mod.parse_wkt_many

    def spy(wkts: list[str]) -> Any:
        sizes.append(len(wkts))
        return real(wkts)

    monkeypatch.setattr(detect_mod, "parse_wkt_many", spy)
    monkeypatch.setattr(detect_mod, "_PARSE_BATCH", 7)
    assert detect(text) == whole
    assert len(sizes) > 1 and max(sizes) <= 7


def test_paren_matching_uses_int32_scratch(appendix_x8: str) -> None:
    # offsets and depths of every parenthesis as int32 (the document is under 2**31
    # characters), found as int32 and each scratch array dropped as the next is made: the
    # matching peaks ~0.44 bytes a character (~0.87 with every array held to the end, ~1.26
    # with int64); the matches are those of the parenthesis nesting, held as 4-byte offsets
    from geochunk.detection.scan import _ParenIndex

    idx = _ParenIndex(appendix_x8)
    assert _peak_per_char(lambda: _ParenIndex(appendix_x8), len(appendix_x8)) < 0.6
    assert idx.opens.itemsize == idx.closes.itemsize == 4
    stack, pairs = [], {}
    for i, ch in enumerate(appendix_x8):
        if ch == "(":
            stack.append(i)
        elif ch == ")" and stack:
            pairs[stack.pop()] = i
    assert dict(zip(idx.opens, idx.closes)) == pairs


_pair_lists = st.lists(st.tuples(st.sampled_from(["id", "Use", "Area (m²)", "a", ""]), st.text(max_size=3)),
                       max_size=12)


@given(_pair_lists)
def test_pairs_read_as_the_dict_of_their_pairs(pairs: list[tuple[str, str]]) -> None:
    """A feature's attributes (``Pairs``) are ``dict(pairs)`` in every way a reader sees: items
    and their order (first place, last value), length, membership, equality, repr, pickling."""
    p, d = Pairs(tuple(pairs)), dict(pairs)
    assert list(p.items()) == list(d.items()) and len(p) == len(d) and repr(p) == repr(d)
    assert p == d and d == p and dict(p) == d
    assert all(k in p and p.get(k) == d[k] for k in d) and "missing" not in p and p.get("missing") is None
    q = pickle.loads(pickle.dumps(p))
    assert q == d and list(q) == list(d)
    with pytest.raises(KeyError):
        p["missing"]


def test_feature_attributes_are_their_units_pairs_not_a_dict_each(appendix_x8: str) -> None:
    """The appendix's features hold their unit's attribute tuple (no per-feature dict: ~0.6x the
    input in the peak memory of land_use x70), equal to the dict the unit's row and block make."""
    a = pipeline.analyse(appendix_x8)
    by_span = {i: u for u in a.units for i in u.spans}
    with_attrs = [(f, by_span[i]) for i, f in enumerate(a.features) if f.attributes]
    assert len(with_attrs) == 8 * 400
    for f, u in with_attrs:
        assert isinstance(f.attributes, Pairs) and f.attributes._pairs is u.attributes
        assert f.attributes == {**dict(u.row), **dict(u.attributes)}
    indexes = {id(f.attributes._index) for f, _ in with_attrs}
    key_sequences = {tuple(k for k, _ in u.attributes) for _, u in with_attrs}
    assert len(indexes) == len(key_sequences) < 40  # one key index per key sequence, shared


def test_equal_periods_and_frame_notes_are_held_once(appendix_x8: str) -> None:
    """A survey's features share their dates and their frame's operation notes: one Period and
    one notes tuple per distinct value (each was a new object per feature), equal as before."""
    a = pipeline.analyse(appendix_x8)
    periods = [p for p in a.periods if p is not None]
    assert len(periods) >= 8 * 390
    assert len({id(p) for p in periods}) == len(set(periods)) < len(periods) / 8
    notes = [f.notes for f in a.frames.frames]
    assert len({id(n) for n in notes}) == len(set(notes)) < len(notes) / 8
