"""Issue #25's property test: documents in the layouts real exports use - JSON record arrays
(Django fixtures, API responses; WKT strings, GeoJSON objects, escaped GeoJSON strings; pretty,
minified, fenced), attribute blocks written before or after their geometry (``Key: value``
lines, nested ``properties:`` blocks, Markdown tables of three shapes; with or without a blank
line between block and geometry), YAML-style lists of records, CSV tables with a WKT or
escaped GeoJSON column, Markdown tables with a geometry column - with prose between.

Proves, at random budgets and escapes: nothing severed (every gate passes), every feature has
its generated id and attributes, each of its attributes is in every chunk that holds it, and no
featureless chunk holds any feature's attribute.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from geochunk import ChunkConfig
from geochunk.gates import validate
from geochunk.pipeline import analyse, assemble

_WORDS = ("survey", "bank", "ditch", "wall", "gate", "meadow", "river", "the", "of", "near")
_KEYS = ("Zone", "Owner", "Land use", "Surveyor")


@st.composite
def _prose(draw) -> str:
    words = draw(st.lists(st.sampled_from(_WORDS), min_size=4, max_size=30))
    return " ".join(words).capitalize() + "."


def _polygon(draw, k: int) -> str:
    x, y = draw(st.integers(0, 900)), draw(st.integers(0, 900))
    n = draw(st.integers(3, 30))
    pts = [(x + j * 3, y + (j * 7) % 11) for j in range(n)]
    pts.append(pts[0])
    return "POLYGON ((" + ", ".join(f"{a} {b}" for a, b in pts) + "))"


def _tag(k: int) -> str:
    return f"{k:04d}"


class _Doc:
    def __init__(self) -> None:
        self.parts: list[str] = []
        self.pos = 0
        self.expect: list[tuple[int, str, dict]] = []  # (geometry start, id, attributes)
        self.k = 0

    def add(self, s: str) -> None:
        self.parts.append(s)
        self.pos += len(s)

    def next_k(self) -> int:
        self.k += 1
        return self.k


def _attrs(draw, k: int) -> dict[str, str]:
    pairs = {"Parcel ID": f"P-{_tag(k)}"}
    for key in draw(st.lists(st.sampled_from(_KEYS), unique=True, max_size=3)):
        pairs[key] = f"{draw(st.sampled_from(_WORDS))}-{_tag(k)}"
    return pairs


def _block(style: str, pairs: dict[str, str]) -> str:
    if style == "lines":
        return "".join(f"{k}: {v}\n" for k, v in pairs.items())
    if style == "nested":
        return "properties:\n" + "".join(f"  {k}: {v}\n" for k, v in pairs.items())
    if style == "vertical":
        return "".join(f"| {k} | {v} |\n" for k, v in pairs.items())
    if style == "labelled":
        return "| Field | Value |\n| --- | --- |\n" + "".join(f"| {k} | {v} |\n" for k, v in pairs.items())
    head = "| " + " | ".join(pairs) + " |\n"
    return head + "|" + "---|" * len(pairs) + "\n" + "| " + " | ".join(pairs.values()) + " |\n"


def _markdown(draw, doc: _Doc) -> None:
    order = draw(st.sampled_from(["before", "after"]))
    style = draw(st.sampled_from(["lines", "nested", "vertical", "labelled", "horizontal"]))
    blank = draw(st.booleans()) or style in ("labelled", "horizontal") and draw(st.booleans())
    headed = draw(st.booleans())
    for j in range(draw(st.integers(1, 4))):
        k = doc.next_k()
        pairs = _attrs(draw, k)
        g = _polygon(draw, k)
        if headed:
            doc.add(f"### Parcel {draw(st.sampled_from(_WORDS))}\n")
        if order == "before":
            doc.add(_block(style, pairs) + ("\n" if blank else ""))
            doc.expect.append((doc.pos, pairs["Parcel ID"], pairs))
            doc.add(g + "\n")
        else:
            doc.expect.append((doc.pos, pairs["Parcel ID"], pairs))
            doc.add(g + "\n" + ("\n" if blank else "") + _block(style, pairs))
        doc.add("\n")


def _records(draw, doc: _Doc) -> None:
    django = draw(st.booleans())
    form = draw(st.sampled_from(["wkt", "object", "escaped"]))
    recs, geoms = [], []
    for _ in range(draw(st.integers(1, 4))):
        k = doc.next_k()
        g = _polygon(draw, k)
        if form == "object":
            coords = [[float(a), float(b)] for a, b in (p.split() for p in g[10:-2].split(", "))]
            geom = {"type": "Polygon", "coordinates": [coords]}
        elif form == "escaped":
            coords = [[int(a), int(b)] for a, b in (p.split() for p in g[10:-2].split(", "))]
            geom = json.dumps({"type": "Polygon", "coordinates": [coords]}, separators=(",", ":"))
        else:
            geom = g
        name = f"{draw(st.sampled_from(_WORDS))}-{_tag(k)}"
        extra = {key.lower().replace(" ", "_"): f"{draw(st.sampled_from(_WORDS))}-{_tag(k)}"
                 for key in draw(st.lists(st.sampled_from(_KEYS), unique=True, max_size=2))}
        if django:
            rec = {"pk": k, "model": "survey.parcel", "fields": {"name": name, **extra, "geom": geom}}
            fid, attrs = f"survey.parcel:{k}", {"pk": k, "model": "survey.parcel", "name": name, **extra}
        elif draw(st.booleans()):
            rec = {"id": f"P-{_tag(k)}", "name": name, "geometry": geom, **extra}
            fid, attrs = f"P-{_tag(k)}", {"id": f"P-{_tag(k)}", "name": name, **extra}
        else:
            rec = {**extra, "geometry": geom, "name": name}
            fid, attrs = name, {**extra, "name": name}
        recs.append(rec)
        geoms.append((geom, fid, attrs))
    body = json.dumps(recs, indent=draw(st.sampled_from([None, 2, 4])))
    fenced = draw(st.booleans())
    if fenced:
        doc.add("```json\n")
    at = doc.pos
    search = 0
    for geom, fid, attrs in geoms:
        needle = json.dumps(geom)[1:-1] if isinstance(geom, str) else None
        if needle is None:  # the object as json.dumps wrote it, indented or not
            needle = '"type": "Polygon"'
            j = body.index(needle, search)
            i = body.rindex("{", 0, j)
        else:
            j = i = body.index(needle, search)
        doc.expect.append((at + i, fid, attrs))
        search = j + len(needle)
    doc.add(body + "\n")
    if fenced:
        doc.add("```\n")
    doc.add("\n")


def _yaml(draw, doc: _Doc) -> None:
    for _ in range(draw(st.integers(1, 3))):
        k = doc.next_k()
        name = f"{draw(st.sampled_from(_WORDS))}-{_tag(k)}"
        zone = f"zone-{_tag(k)}"
        doc.add(f"- name: {name}\n  geometry: ")
        doc.expect.append((doc.pos, name, {"name": name, "zone": zone}))
        doc.add(_polygon(draw, k) + f"\n  zone: {zone}\n")
    doc.add("\n")


def _csv(draw, doc: _Doc) -> None:
    with_id = draw(st.booleans())
    first = draw(st.booleans())  # the geometry column first (libpysal's layout) or last
    form = draw(st.sampled_from(["wkt", "escaped"]))
    cols = (["id"] if with_id else []) + ["name", "zone"]
    header = ["geom", *cols] if first else [*cols, "geom"]
    doc.add(",".join(header) + "\n")
    for _ in range(draw(st.integers(1, 4))):
        k = doc.next_k()
        g = _polygon(draw, k)
        if form == "escaped":
            coords = [[int(a), int(b)] for a, b in (p.split() for p in g[10:-2].split(", "))]
            g = json.dumps({"type": "Polygon", "coordinates": [coords]}, separators=(",", ":"))
        cell = '"' + g.replace('"', '""') + '"'
        vals = {"id": f"P-{_tag(k)}", "name": f"{draw(st.sampled_from(_WORDS))}-{_tag(k)}", "zone": f"zone-{_tag(k)}"}
        attrs = {c: vals[c] for c in cols}
        fid = attrs["id"] if with_id else attrs["name"]
        rest = ",".join(attrs.values())
        if first:
            doc.expect.append((doc.pos + 1, fid, attrs))
            doc.add(cell + "," + rest + "\n")
        else:
            doc.add(rest + ",")
            doc.expect.append((doc.pos + 1, fid, attrs))
            doc.add(cell + "\n")
    doc.add("\n")


def _table_rows(draw, doc: _Doc) -> None:
    doc.add("| Parcel ID | Zone | Outline |\n| --- | --- | --- |\n")
    for _ in range(draw(st.integers(1, 4))):
        k = doc.next_k()
        attrs = {"Parcel ID": f"P-{_tag(k)}", "Zone": f"zone-{_tag(k)}"}
        doc.add(f"| {attrs['Parcel ID']} | {attrs['Zone']} | ")
        doc.expect.append((doc.pos, attrs["Parcel ID"], attrs))
        doc.add(_polygon(draw, k) + " |\n")
    doc.add("\n")


@st.composite
def _document(draw):
    doc = _Doc()
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["prose", "markdown", "records", "yaml", "csv", "table_rows"]))
        if kind == "prose":
            doc.add(draw(_prose()) + "\n\n")
        elif kind == "markdown":
            _markdown(draw, doc)
        elif kind == "records":
            _records(draw, doc)
        elif kind == "csv":
            _csv(draw, doc)
        elif kind == "table_rows":
            _table_rows(draw, doc)
        else:
            _yaml(draw, doc)
        doc.add(draw(_prose()) + "\n\n")
    return "".join(doc.parts), doc.expect


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(doc=_document(), budget=st.integers(16, 300), oversize=st.sampled_from(["isolate", "generalize", "split"]))
def test_real_layouts_keep_each_feature_whole_with_its_attributes(doc, budget, oversize):
    text, expect = doc
    a = analyse(text)
    cs = assemble(a, ChunkConfig(budget=budget, oversize=oversize,
                                 tolerance="auto" if oversize == "generalize" else None))
    report = validate(text, cs.chunks, budget=budget, detection=a.detection)
    assert report.passed, report.lines()
    by_start = {f.start: f for f in a.features}
    values = []
    for at, fid, attrs in expect:
        f = by_start.get(at) or by_start.get(at - 1)  # (an escaped geometry's span holds its quotes)
        assert f is not None, (at, text[at:at + 40])
        assert f.id == fid, (f.id, fid)
        assert dict(f.attributes or {}) == attrs, (fid, f.attributes)
        holders = [c for c in cs.chunks if any(x.id == fid for x in c.features)]
        assert holders
        for c in holders:
            missing = [v for v in attrs.values() if str(v) not in c.text]
            if isinstance(attrs.get("pk"), int):  # a pk is a number: look for the field itself
                missing = [v for v in missing if v != attrs["pk"]] + (
                    [] if f'"pk": {attrs["pk"]},' in c.text else ["pk"])
            assert not missing, (fid, c.index, missing)
        values.extend(str(v) for v in attrs.values() if isinstance(v, str) and v[-4:].isdigit())
    for c in cs.chunks:
        if not c.features:
            held = [v for v in values if v in c.text]
            assert not held, (c.index, held, c.text)
