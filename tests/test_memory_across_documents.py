"""What one document leaves in the process after it and its chunks are dropped (a Streamlit
app or a RAG pipeline chunks many documents in one process): measured as retained bytes with
tracemalloc, never timings."""

from __future__ import annotations

import gc
import json
import random
import tracemalloc

from hypothesis import given, strategies as st

from geochunk.detection import scan as detect_mod
from geochunk.detection import geometry
from geochunk.detection import ids
from geochunk.detection import parsed
from geochunk.context import period
from geochunk.detection.encodings import xml
from geochunk.model import ChunkConfig
from geochunk.pipeline import chunk_text


def _polygon_document(n: int, seed: int) -> str:
    rnd = random.Random(seed)

    def poly(i: int) -> str:
        pts = [(i * 10 + rnd.random(), rnd.random()) for _ in range(60)]
        pts.append(pts[0])
        return "POLYGON ((" + ", ".join(f"{x:.6f} {y:.6f}" for x, y in pts) + "))"

    return "\n\n".join(f"Parcel {i}\n{poly(i)}\nID: P-{i}" for i in range(n))


def test_the_parse_cache_keeps_nothing_of_a_chunked_document() -> None:
    # the cache held a copy of every geometry text (and its shapely geometry) of the last
    # documents: ~1.01x a 10 M-character document after it and its chunks were dropped
    import sys

    text = _polygon_document(1600, 2)  # 2.2 M characters
    polygons = {line for line in text.splitlines() if line.startswith("POLYGON")}
    cs = chunk_text(text, ChunkConfig(budget=512), tokenize_in="inline")
    assert len(cs.chunks) > 10
    del cs, text
    gc.collect()
    kept = sum(sys.getsizeof(key[1]) for key in list(parsed._PARSED) if key[1] in polygons)
    assert kept == 0  # was ~2.2 MB (1600 entries)


def test_the_parse_cache_is_bounded_by_characters(monkeypatch) -> None:
    monkeypatch.setattr(parsed, "_PARSED_MAX_CHARS", 20_000)
    parsed.forget_parsed()
    try:
        for i in range(100):
            wkt = f"LINESTRING ({i} 0, " + ", ".join(f"{i}.{j} {j}" for j in range(100)) + ")"
            parsed.remember("wkt", wkt, geometry.parse_wkt(wkt))
        held = sum(len(key[1]) for key in parsed._PARSED)
        assert 0 < held <= 20_000 and held == parsed._PARSED_CHARS
        assert len(parsed._PARSED) < 100
    finally:
        parsed.forget_parsed()


def test_geojson_geometries_are_read_ahead_a_batch_of_characters_at_a_time(monkeypatch) -> None:
    # all the geometry texts of a FeatureCollection went to one call: 0.98x the document
    rnd = random.Random(3)
    feats = []
    for i in range(400):
        ring = [[rnd.random(), rnd.random()] for _ in range(30)]
        ring.append(ring[0])
        feats.append({"type": "Feature", "id": i, "properties": {"n": i},
                      "geometry": {"type": "Polygon", "coordinates": [ring]}})
    text = json.dumps({"type": "FeatureCollection", "features": feats}, indent=1)
    monkeypatch.setattr(detect_mod, "_READ_AHEAD_CHARS", 20_000)
    real, sizes = detect_mod.parse_geojson_many, []

    def spy(texts):
        sizes.append(sum(len(t) for t in texts))
        return real(texts)

    monkeypatch.setattr(detect_mod, "parse_geojson_many", spy)
    got = detect_mod.detect(text)
    assert len(got.spans) == 400 and all(s.status == "ok" for s in got.spans)
    longest = max(len(json.dumps(f["geometry"], indent=1)) for f in feats) * 2
    assert len(sizes) > 10 and max(sizes) <= 20_000 + longest


@given(st.text(alphabet=" \t\r\n\f\v\x1c\u2003\u00a0<>ab", max_size=12))
def test_first_and_last_non_space_are_lstrip_and_rstrip(text: str) -> None:
    assert xml._first_nonspace(text) == text.lstrip()[:1]
    assert xml._last_nonspace(text) == text.rstrip(" \t\r\n")[-1:]


def test_xml_first_and_last_non_space_copy_nothing() -> None:
    # text.lstrip() / text.rstrip() copied the whole document when it had space around it
    text = "\n" + "<a>" + "x" * 1_000_000 + "</a>\n"
    tracemalloc.start()
    try:
        assert xml._first_nonspace(text) == "<" and xml._last_nonspace(text) == ">"
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 10_000


def test_key_tuple_memos_are_bounded_by_size() -> None:
    # lru_cache(4096) / (1024) held whole key tuples: 4,096 features' property names of long
    # keys were megabytes kept after their document
    ids._pick_index.cache_clear()
    period._date_keys.cache_clear()
    gc.collect()
    tracemalloc.start()
    try:
        for i in range(1500):
            keys = tuple(f"property {j} of feature {i} " + "x" * 300 for j in range(10))
            ids.pick_id([(k, "v") for k in keys])
            period.feature_period(dict.fromkeys(keys, "v"), None)
        gc.collect()
        retained = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert ids._pick_index.cache_chars() <= 1 << 20 and period._date_keys.cache_chars() <= 1 << 20
    assert retained < 6_000_000  # both memos full: ~2 x 1 M characters of keys and their objects


def test_chunks_from_the_one_call_api_do_not_keep_their_document() -> None:
    # a chunk read from the source (Chunk.text offset-backed) kept its whole document alive:
    # chunks[0] of 5 documents of 0.76 M characters retained 7.8 MB; detached, 1.7 MB
    from geochunk.api import chunk
    from geochunk.samples import load_sample

    base = load_sample("land_use_appendix")
    chunk(base + "\nwarm\n", budget=512)
    gc.collect()
    tracemalloc.start()
    try:
        kept = []
        for i in range(3):
            doc = base + f"\n{i}\n"
            chunks = chunk(doc, budget=512)
            kept.append(chunks[0])
            del doc, chunks
            gc.collect()
        retained = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert all(c.detach() is c for c in kept)
    # each kept document alone was ~2 bytes a character (3 of them: ~6x len(base)); what is left
    # now (~2.3x) is caches bounded by entries (frames, keys), not a share of the documents
    assert retained < 4 * len(base)


def test_a_detached_chunk_equals_its_sliced_self() -> None:
    from geochunk.pipeline import chunk_text

    text = _polygon_document(20, 4)
    for c in chunk_text(text, ChunkConfig(budget=128), tokenize_in="inline").chunks:
        d = c.detach()
        assert d == c and d.text == c.text and d.to_dict() == c.to_dict() and d.detach() is d
