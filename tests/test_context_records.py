"""Issue #25: in an array of JSON records the record is the unit; its sibling fields are the
feature's attributes and id, and travel with it (also when it is generalized or isolated)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from geochunk import ChunkConfig
from geochunk.context import records as records_mod
from geochunk.detection.scan import detect
from geochunk.model import Detection, Span
from geochunk.pipeline import analyse, assemble
from geochunk.gates import validate
from geochunk.context.records import find_records
from geochunk.context.units import find_units

DJANGO = Path(__file__).parent / "real_data" / "django-5.2.8"


def _holders(cs, fid):
    return [c for c in cs.chunks if any(f.id == fid for f in c.features)]


@pytest.mark.parametrize("budget", [24, 40, 64, 100, 200])
@pytest.mark.parametrize("oversize", ["isolate", "generalize", "split"])
def test_django_fixture_records_travel_whole(budget, oversize):
    text = (DJANGO / "geogapp_initial.json").read_text()
    objs = json.loads(text)
    a = analyse(text)
    cs = assemble(a, ChunkConfig(budget=budget, oversize=oversize,
                                 tolerance="auto" if oversize == "generalize" else None))
    assert validate(text, cs.chunks, budget=budget, detection=a.detection).passed
    assert [f.id for f in a.features] == [f"{o['model']}:{o['pk']}" for o in objs]
    for o, f in zip(objs, a.features):
        attrs = {k: v for k, v in o["fields"].items() if k not in ("point", "poly")}
        assert dict(f.attributes) == {"pk": o["pk"], "model": o["model"], **attrs}
        (c,) = _holders(cs, f.id)
        name = next(iter(attrs.values()))
        assert json.dumps(name) in c.text and f'"pk": {o["pk"]},' in c.text, (budget, c.index)
        d = json.loads(c.to_json())
        assert [x["attributes"] for x in d["features"] if x["id"] == f.id] == [{"pk": o["pk"], "model": o["model"],
                                                                              **attrs}]
    for c in cs.chunks:  # no chunk holds a record's fields without its geometry
        if not c.features:
            assert '"pk"' not in c.text and '"name"' not in c.text and '"code"' not in c.text, c.text


def test_generalized_record_keeps_its_fields():
    """``--oversize generalize``: the zip-code polygons are over the budget; the generalized
    chunk still carries the record around the polygon and the record's fields."""
    text = (DJANGO / "geogapp_initial.json").read_text()
    a = analyse(text)
    cs = assemble(a, ChunkConfig(budget=100, oversize="generalize", tolerance="auto"))
    zips = [c for c in cs.chunks if any(f.id.startswith("geogapp.zipcode:") for f in c.features)]
    assert len(zips) == 4 and all(c.generalized is not None for c in zips)
    for c in zips:
        (f,) = c.features
        assert f'"code" : "{f.attributes["code"]}"' in c.text and c.text.lstrip().startswith('{\n    "pk"')


def test_a_record_with_several_geometries_is_one_unit():
    text = (DJANGO / "relatedapp_initial.json").read_text()
    a = analyse(text)
    parcel = next(u for u in a.units if len(u.spans) == 4)
    assert [fid for fid, _ in parcel.ids] == [
        "relatedapp.parcel:1/center1", "relatedapp.parcel:1/center2",
        "relatedapp.parcel:1/border1", "relatedapp.parcel:1/border2"]
    assert dict(parcel.attributes) == {"model": "relatedapp.parcel", "pk": 1, "name": "Aurora Parcel Alpha", "city": 1}
    assert parcel.context_kinds == ("record",)
    for budget in (64, 128, 512):
        cs = assemble(a, ChunkConfig(budget=budget))
        holders = {c.index for f in ("center1", "border2") for c in _holders(cs, f"relatedapp.parcel:1/{f}")}
        assert len(holders) == 1


def test_api_response_geometry_object_beside_fields():
    text = json.dumps({"count": 2, "results": [
        {"id": 7, "name": "Riverside Park", "geometry": {"type": "Point", "coordinates": [1.5, 2.5]}, "zone": "R1",
         "tags": ["a", "b"], "owner": {"name": "City", "since": 1999}},
        {"id": 8, "name": "Mill Pond", "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]},
         "zone": None},
    ]}, indent=2)
    a = analyse(text)
    assert [(f.id, f.id_source) for f in a.features] == [("7", "record:id"), ("8", "record:id")]
    assert dict(a.features[0].attributes) == {"id": 7, "name": "Riverside Park", "zone": "R1",
                                              "owner.name": "City", "since": 1999}
    assert dict(a.features[1].attributes) == {"id": 8, "name": "Mill Pond"}
    for budget in (24, 48, 96):
        cs = assemble(a, ChunkConfig(budget=budget))
        assert validate(text, cs.chunks, budget=budget, detection=a.detection).passed
        for fid, name in (("7", "Riverside Park"), ("8", "Mill Pond")):
            (c,) = _holders(cs, fid)
            assert f'"name": "{name}"' in c.text
        for c in cs.chunks:
            if not c.features:
                assert '"name"' not in c.text and '"zone"' not in c.text


def test_minified_records_on_one_line_are_cut_between_records():
    recs = [{"name": f"Site {k}", "wkt": f"POINT ({k} {k + 1})", "depth": k} for k in range(12)]
    text = json.dumps(recs)
    a = analyse(text)
    assert [f.id for f in a.features] == [f"Site {k}" for k in range(12)]
    assert all(f.id_source == "record:name" for f in a.features)
    cs = assemble(a, ChunkConfig(budget=40))
    assert validate(text, cs.chunks, budget=40, detection=a.detection).passed
    for k in range(12):
        (c,) = _holders(cs, f"Site {k}")
        assert json.dumps(recs[k]) in c.text


def test_records_in_a_markdown_fence_and_prose_quotes_are_left_alone():
    body = json.dumps([{"pk": 1, "model": "app.site", "fields": {"name": "A", "geom": "POINT (1 2)"}},
                       {"pk": 2, "model": "app.site", "fields": {"name": "B", "geom": "POINT (3 4)"}}], indent=2)
    text = f"# Fixture\n\nThe sites:\n\n```json\n{body}\n```\n\nHe wrote \"see POINT (5 6)\" twice.\n"
    a = analyse(text)
    assert [f.id for f in a.features] == ["app.site:1", "app.site:2", "point:" + a.features[2].id.split(":")[1]]
    assert a.units[2].context_kinds == () and a.features[2].attributes is None


def test_nested_record_joins_the_outer_one():
    text = '[\n  {"id": 1, "geom": "POINT (0 0)",\n   "parts": {"a": {"geom": "POINT (1 1)"}, "b": {"geom": "POINT (2 2)"}}}\n]\n'
    (u,) = find_units(text, detect(text))
    assert len(u.spans) == 3 and dict(u.attributes) == {"id": 1}
    assert [fid for fid, _ in u.ids] == ["1/geom", "1/parts.a.geom", "1/parts.b.geom"]


def test_escaped_geojson_in_a_string_is_a_record_member():
    """Whatever finds a geometry inside a JSON string (encodings: escaped GeoJSON), the record
    around it is its unit."""
    text = '[\n  {"id": "P-1", "use": "park", "geom": "{\\"type\\":\\"Point\\",\\"coordinates\\":[1,2]}"}\n]\n'
    at = text.index('{\\"type')
    end = text.index('}"}') + 1
    span = Span(at, end, "geojson_geometry", "POINT", '{"type":"Point","coordinates":[1,2]}')
    (r,) = find_records(text, [span])
    assert r.pairs == (("id", "P-1"), ("use", "park")) and r.members == ("geom",)
    (u,) = find_units(text, Detection((span,)))
    assert u.ids == (("P-1", "record:id"),) and text[u.full[0]:u.full[1]] == text[2:-2]


def test_record_search_parses_each_container_once(monkeypatch):
    """Linear: 2,000 records pretty-printed, one raw_decode per record line, not per span
    against every line before it."""
    calls = []
    real = records_mod._DECODER

    class Counting:
        def raw_decode(self, s, idx=0):
            calls.append(idx)
            return real.raw_decode(s, idx)

    monkeypatch.setattr(records_mod, "_DECODER", Counting())
    recs = [{"pk": k, "model": "a.b", "fields": {"name": f"n{k}", "g": f"POINT ({k} 0)"}} for k in range(2000)]
    text = json.dumps(recs, indent=2)
    got = find_records(text, detect(text).spans)
    assert len(got) == 2000 and len(calls) <= 2000 + 1 and len(set(calls)) == len(calls)


def test_unclosed_brackets_do_not_make_the_search_quadratic(monkeypatch):
    """3,000 lines that open an array and never close it, each before a quoted WKT: each line
    is parsed at most once (the walk back stops where the last one stopped)."""
    calls = []
    real = records_mod._DECODER

    class Counting:
        def raw_decode(self, s, idx=0):
            calls.append(idx)
            return real.raw_decode(s, idx)

    monkeypatch.setattr(records_mod, "_DECODER", Counting())
    text = "".join(f'[\n"x": "POINT ({k} 0)"\n' for k in range(3000))
    assert find_records(text, detect(text).spans) == []
    assert len(calls) <= 3000 and len(set(calls)) == len(calls)


def test_a_long_indent_before_many_geometries_is_read_once(monkeypatch):
    """One line of deep indentation and many geometries: the indentation is read once per line
    (records' container search, the unit finder's table/CSV checks), not once per geometry,
    which made 4x the points cost 15x the time."""
    from geochunk.context import records as records_mod
    from geochunk.context import units as units_mod
    from geochunk.detection.scan import detect

    class Counting:
        def __init__(self, real):
            self.real, self.read = real, 0

        def search(self, text, pos, *rest):
            m = self.real.search(text, pos, *rest)
            self.read += (m.start() if m else len(text)) - pos + 1  # the characters it looked at
            return m

    n = 300
    text = " " * 4000 + "POINT (1 1), " * n + "\n" + "  | a | POINT (2 2) |\n"
    det = detect(text)
    assert len(det.spans) == n + 1
    rec, uni = Counting(records_mod._NONBLANK), Counting(units_mod._NONBLANK)
    monkeypatch.setattr(records_mod, "_NONBLANK", rec)
    monkeypatch.setattr(units_mod, "_NONBLANK", uni)
    got = units_mod.find_units(text, det)
    assert len(got) == n + 1 and all(u.attributes == () for u in got)
    assert records_mod.find_records(text, det.spans) == []
    # each blank read about once (a few times at most), not once per geometry (n * 4000)
    assert 0 < uni.read <= 3 * len(text) and rec.read <= 3 * len(text), (uni.read, rec.read, len(text))
