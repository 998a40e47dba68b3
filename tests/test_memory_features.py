"""Issue #13, per-feature memory of a GeoJSON of many small features: what each feature's
records hold (properties once, as their JSON text; a unit of one span without 1-tuples; a
span's offsets into its geometry text as small ints), each read back exactly as before, and
the traced memory an analysis holds, bounded generously (allocation counts, not RSS or time)."""

from __future__ import annotations

import copy
import gc
import json
import pickle
import random
import tracemalloc
from collections.abc import Mapping

import pytest
from hypothesis import given, strategies as st

from geochunk import ChunkConfig, chunk_text
from geochunk.context.attributes import Properties
from geochunk.model import Span
from geochunk.pipeline import analyse, assemble
from geochunk.context.units import Unit


def _many_features(n: int, seed: int = 13) -> str:
    """``n`` small Points and square Polygons with three properties (as bench_chunk's row)."""
    rnd = random.Random(seed)
    out = []
    for i in range(n):
        x, y = round(rnd.uniform(-3.4, -3.0), 6), round(rnd.uniform(55.8, 56.0), 6)
        if i % 2:
            geom = {"type": "Point", "coordinates": [x, y]}
        else:
            ring = [[round(x + dx, 6), round(y + dy, 6)] for dx, dy in ((0, 0), (1e-3, 0), (1e-3, 1e-3), (0, 1e-3), (0, 0))]
            geom = {"type": "Polygon", "coordinates": [ring]}
        out.append({"type": "Feature", "id": f"F-{i}", "geometry": geom,
                    "properties": {"name": f"site {i}", "kind": rnd.choice(["park", "well"]), "area": i}})
    return json.dumps({"type": "FeatureCollection", "features": out})


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=8,
)


@given(st.dictionaries(st.text(max_size=4), _json_values, max_size=6))
def test_properties_read_as_the_dict_of_their_json(props: dict) -> None:
    """A GeoJSON feature's attributes (``Properties``) are ``json.loads`` of their text in every
    way a reader sees: items and their order, length, membership, equality both ways, repr,
    ``dict()``, pickling and deep copies."""
    text = json.dumps(props, ensure_ascii=False, separators=(",", ":"))
    p, d = Properties(text), json.loads(text)
    assert list(p.items()) == list(d.items()) and list(p) == list(d) and len(p) == len(d)
    assert repr(p) == repr(d) and p == d and d == p and dict(p) == d and not (p != d)
    assert all(k in p and p[k] == d[k] and p.get(k) == d[k] for k in d)
    assert "missing\x00" not in p and p.get("missing\x00", 7) == 7
    assert pickle.loads(pickle.dumps(p)) == d and copy.deepcopy(p) == d
    assert p == Properties(text) and (p == Properties('{"other":1}')) == (d == {"other": 1})
    with pytest.raises(KeyError):
        p["missing\x00"]


def test_two_properties_read_in_turn_each_read_their_own() -> None:
    a, b = Properties('{"k":1,"x":[1]}'), Properties('{"k":2}')
    assert [a["k"], b["k"], a["k"], dict(b), dict(a)] == [1, 2, 1, {"k": 2}, {"k": 1, "x": [1]}]
    assert a != b and {"k": 2} == b


def test_geojson_features_hold_their_spans_properties_text_not_a_dict() -> None:
    a = analyse(_many_features(50))
    for span, f in zip(a.detection.spans, a.features):
        assert isinstance(f.attributes, Properties) and f.attributes._json is span.properties_json
        assert f.attributes == json.loads(span.properties_json)
    assert a.features[3].to_dict()["attributes"] == {"name": "site 3", "kind": a.features[3].attributes["kind"],
                                                     "area": 3}
    # what geochunk.chunk() and detach() hand out is a plain dict again
    c = next(c for c in chunk_text(_many_features(4), ChunkConfig(budget=64)).chunks if c.features).detach()
    assert all(type(f.attributes) is dict for f in c.features) and json.dumps(c.features[0].attributes)


def test_properties_that_are_not_an_object_are_no_attributes() -> None:
    text = ('{"type": "FeatureCollection", "features": ['
            '{"type": "Feature", "properties": [1, 2], "geometry": {"type": "Point", "coordinates": [1, 2]}},'
            '{"type": "Feature", "properties": null, "geometry": {"type": "Point", "coordinates": [3, 4]}},'
            '{"type": "Feature", "properties": {"a": 1}, "geometry": {"type": "Point", "coordinates": [5, 6]}}]}')
    a = analyse(text)
    assert [f.attributes for f in a.features] == [None, None, {"a": 1}]
    assert [type(f.attributes) for f in a.features][2] is Properties


@pytest.mark.parametrize("spans, ids", [((0,), (("x", "hash"),)), ((3, 4), (("a", "hash"), ("b", "heading"))),
                                        ((), ())])
def test_a_unit_reads_its_spans_and_ids_as_tuples(spans: tuple, ids: tuple) -> None:
    u = Unit(spans, (5, 9), (0, 12), ids, (("A", "b"),))
    assert u.spans == spans and u.ids == ids and type(u.spans) is tuple and type(u.ids) is tuple
    assert pickle.loads(pickle.dumps(u)) == u and hash(u) == hash(Unit(spans, (5, 9), (0, 12), ids, (("A", "b"),)))
    assert repr(u).startswith(f"Unit(spans={spans!r}, core=(5, 9), full=(0, 12), ids={ids!r}")


def test_a_sliced_span_keeps_small_offsets_and_reads_its_text() -> None:
    src = "x" * 100_000 + 'SEE POINT (1 2) END'
    lo = src.index("POINT")
    s = Span.sliced(src, lo, lo + 11, start=lo - 4, end=lo + 15, kind="wkt", geom_type="POINT")
    assert s.geometry_text == "POINT (1 2)" and (s._lo, s._hi) == (4, 11)
    assert s == Span(lo - 4, lo + 15, "wkt", "POINT", "POINT (1 2)") and s.detach().geometry_text == "POINT (1 2)"
    assert pickle.loads(pickle.dumps(s)).geometry_text == "POINT (1 2)"


def test_the_analysis_of_many_small_features_holds_a_bounded_multiple_of_the_text() -> None:
    """Traced memory held by the analysis and chunks of 4,000 small features (a document of the
    same kind is chunked first, so per-process caches are not counted). Before: ~9x (decoded
    properties besides their JSON, per-unit 1-tuples, two int objects a span); now ~7x."""
    config = ChunkConfig(budget=800)
    assemble(analyse(_many_features(500, seed=1)), config)
    text = _many_features(4000)
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        a = analyse(text)
        cs = assemble(a, config)
        held = tracemalloc.get_traced_memory()[0] - base
    finally:
        tracemalloc.stop()
    assert len(cs.chunks) > 1 and len(a.features) == 4000
    assert held / len(text.encode("utf-8")) < 8.0
