"""Issue #25: attribute blocks written before their geometry, attribute tables and nested
``properties:`` blocks belong to the feature they sit against, decided by the document's layout;
none is given to the next feature, none lands in a featureless chunk."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from geochunk import ChunkConfig
from geochunk.context.attributes import nested_key, table_pairs
from geochunk.detection.scan import detect
from geochunk.gates import validate
from geochunk.pipeline import analyse, assemble
from geochunk.context.units import find_units

P1 = "POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))"
P2 = "POLYGON ((20 20, 30 20, 30 30, 20 30, 20 20))"
P3 = "POLYGON ((40 40, 50 40, 50 50, 40 50, 40 40))"


def _units(text):
    return find_units(text, detect(text))


def _ids_attrs(text):
    return [(u.ids[0][0], dict(u.attributes)) for u in _units(text)]


def _doc(order, blank_inside=False):
    """Three parcels, each block written in ``order`` ("before"/"after") of its polygon."""
    out = []
    for k, p in enumerate((P1, P2, P3), 1):
        block = f"Parcel ID: P-{k}\nZone: R{k}\n"
        gap = "\n" if blank_inside else ""
        out.append(block + gap + p + "\n" if order == "before" else p + "\n" + gap + block)
    return "\n".join(out)


EXPECTED = [("P-1", {"Parcel ID": "P-1", "Zone": "R1"}), ("P-2", {"Parcel ID": "P-2", "Zone": "R2"}),
            ("P-3", {"Parcel ID": "P-3", "Zone": "R3"})]


@pytest.mark.parametrize("order", ["before", "after"])
def test_attributes_before_and_after_go_to_their_own_feature(order):
    text = _doc(order)
    assert _ids_attrs(text) == EXPECTED
    kinds = {u.context_kinds for u in _units(text)}
    assert kinds == {("attributes",)}


def test_attributes_before_with_a_heading_above_them():
    text = "\n".join(f"### Parcel {k}\nParcel ID: P-{k}\nZone: R{k}\n{p}\n" for k, p in enumerate((P1, P2, P3), 1))
    assert _ids_attrs(text) == EXPECTED
    u = _units(text)[1]
    assert u.context_kinds == ("heading", "attributes")
    assert text[u.full[0]:u.full[1]] == f"### Parcel 2\nParcel ID: P-2\nZone: R2\n{P2}\n"


def test_blocks_against_both_geometries_follow_the_document_layout():
    """No blank lines at all: the first block before the first polygon says "before"."""
    text = f"Parcel ID: P-1\n{P1}\nParcel ID: P-2\n{P2}\nParcel ID: P-3\n{P3}\n"
    assert [fid for fid, _ in _ids_attrs(text)] == ["P-1", "P-2", "P-3"]
    text = f"{P1}\nParcel ID: P-1\n{P2}\nParcel ID: P-2\n{P3}\nParcel ID: P-3\n"
    assert [fid for fid, _ in _ids_attrs(text)] == ["P-1", "P-2", "P-3"]


@pytest.mark.parametrize("order", ["before", "after"])
def test_blank_separated_blocks_follow_the_document_layout(order):
    """Blank lines on both sides of every block (as Markdown writes tables): the document's
    first and last blocks decide."""
    text = _doc(order, blank_inside=True)
    assert _ids_attrs(text) == EXPECTED


@pytest.mark.parametrize("order", ["before", "after"])
@pytest.mark.parametrize("budget", [16, 24, 40, 80])
def test_no_block_lands_in_a_featureless_chunk(order, budget):
    text = "Survey of three parcels.\n\n" + _doc(order) + "\nEnd of the schedule.\n"
    a = analyse(text)
    cs = assemble(a, ChunkConfig(budget=budget))
    assert validate(text, cs.chunks, budget=budget, detection=a.detection).passed
    for fid, attrs in EXPECTED:
        holders = [c for c in cs.chunks if any(f.id == fid for f in c.features)]
        assert holders
        for c in holders:
            assert all(f"{k}: {v}\n" in c.text for k, v in attrs.items())
    for c in cs.chunks:
        if not c.features:
            assert "Parcel ID" not in c.text and "Zone:" not in c.text, c.text


TABLES = {
    "vertical": "| Parcel ID | P-{k} |\n| Zone | R{k} |\n",
    "labelled": "| Field | Value |\n| --- | --- |\n| Parcel ID | P-{k} |\n| Zone | R{k} |\n",
    "horizontal": "| Parcel ID | Zone |\n|:--|--:|\n| P-{k} | R{k} |\n",
}


@pytest.mark.parametrize("table", sorted(TABLES))
@pytest.mark.parametrize("order", ["before", "after"])
@pytest.mark.parametrize("blank", [False, True])
def test_attribute_tables_belong_to_their_feature(table, order, blank):
    gap = "\n" if blank else ""
    parts = []
    for k, p in enumerate((P1, P2, P3), 1):
        t = TABLES[table].format(k=k)
        parts.append(t + gap + p + "\n" if order == "before" else p + "\n" + gap + t)
    text = "\n".join(parts)
    assert _ids_attrs(text) == EXPECTED
    for budget in (16, 32):
        a = analyse(text)
        cs = assemble(a, ChunkConfig(budget=budget))
        for c in cs.chunks:
            if not c.features:
                assert "P-" not in c.text, (budget, c.text)


def test_a_listing_table_is_no_feature_s_attributes():
    rows = "| Parcel | Zone |\n|---|---|\n| P-1 | R1 |\n| P-2 | R2 |\n| P-3 | R3 |\n"
    text = f"{P1}\n{rows}"
    (u,) = _units(text)
    assert u.attributes == () and u.full == u.core
    assert table_pairs(rows.splitlines()) is None


@pytest.mark.parametrize("order", ["before", "after"])
def test_nested_properties_blocks_belong_to_their_feature(order):
    parts = []
    for k, p in enumerate((P1, P2, P3), 1):
        block = f"properties:\n  Parcel ID: P-{k}\n  Zone: R{k}\n"
        parts.append(block + p + "\n" if order == "before" else p + "\n" + block)
    text = "\n".join(parts)
    assert _ids_attrs(text) == EXPECTED
    assert nested_key("properties:") == "properties" and nested_key("Zone: R1") is None


def test_yaml_list_records():
    text = "".join(f"- name: Parcel {k}\n  geometry: {p}\n  zone: R{k}\n" for k, p in enumerate((P1, P2, P3), 1))
    assert _ids_attrs(text) == [(f"Parcel {k}", {"name": f"Parcel {k}", "zone": f"R{k}"}) for k in (1, 2, 3)]
    text = "".join(f"- geometry: {p}\n  parcel_id: P-{k}\n  zone: R{k}\n" for k, p in enumerate((P1, P2, P3), 1))
    assert [fid for fid, _ in _ids_attrs(text)] == ["P-1", "P-2", "P-3"]


def test_issue_example_outline_takes_its_own_id():
    """The issue's report: each outline took its successor's id and the first block landed
    in a featureless chunk."""
    text = ("Parcel ID: LU-0001\nZone: Residential\nPOLYGON ((0 0, 4 0, 4 4, 0 4, 0 0))\n\n"
            "Parcel ID: LU-0002\nZone: Park\nPOLYGON ((9 9, 12 9, 12 12, 9 12, 9 9))\n")
    a = analyse(text)
    assert [(f.id, dict(f.attributes)["Zone"]) for f in a.features] == [("LU-0001", "Residential"), ("LU-0002", "Park")]
    cs = assemble(a, ChunkConfig(budget=30))
    assert all(c.features for c in cs.chunks)


REAL = Path(__file__).parent / "real_data"


@pytest.mark.parametrize("budget", [64, 300])
def test_csv_rows_with_wkt_give_their_columns(budget):
    """libpysal's stl_hom.csv: a WKT column first, then NAME, FIPS, rates; each row is its
    feature's unit, its other columns the attributes, the FIPS code the id (NAME repeats:
    Washington, Jefferson... are in two states; ids used to be ``name~hash``)."""
    path = REAL / "libpysal-4.14.1" / "stl" / "stl_hom.csv"
    text = path.read_text()
    rows = list(csv.DictReader(io.StringIO(text)))
    a = analyse(text)
    assert len(a.features) == len(rows) == 78
    for f, row in zip(a.features, rows):
        want = {k: v.strip() for k, v in row.items() if k != "WKT" and v.strip()}
        assert dict(f.attributes) == want
        assert f.id == row["FIPS"].strip() and f.id_source == "row:FIPS"
    cs = assemble(a, ChunkConfig(budget=budget))
    assert validate(text, cs.chunks, budget=budget, detection=a.detection).passed
    for f, row in zip(a.features, rows):
        for c in (c for c in cs.chunks if any(x.id == f.id for x in c.features)):
            assert f",{row['NAME']},{row['STATE_NAME']},{row['STATE_FIPS']}," in c.text


def test_csv_cells_with_escaped_geojson_and_ewkt():
    text = ('id,name,geom\n1,Park,"{""type"":""Point"",""coordinates"":[1,2]}"\n2,Pond,"POINT (3 4)"\n'
            "3,Lake,SRID=4326;POINT (5 6)\n")
    a = analyse(text)
    assert [(f.id, f.id_source, dict(f.attributes)) for f in a.features] == [
        ("1", "row:id", {"id": "1", "name": "Park"}), ("2", "row:id", {"id": "2", "name": "Pond"}),
        ("3", "row:id", {"id": "3", "name": "Lake"})]
    assert {u.context_kinds for u in a.units} == {("row",)}


@pytest.mark.parametrize("budget", [24, 64])
def test_a_geometry_in_a_markdown_table_row_takes_the_row(budget):
    rows = "".join(f"| P-{k} | use {k} | POLYGON (({k} 0, {k + 1} 0, {k + 1} 1, {k} 0)) |\n" for k in range(1, 6))
    text = f"Parcels:\n\n| Parcel ID | Use | Outline |\n|---|---|---|\n{rows}\nEnd.\n"
    a = analyse(text)
    assert [(f.id, dict(f.attributes)) for f in a.features] == [
        (f"P-{k}", {"Parcel ID": f"P-{k}", "Use": f"use {k}"}) for k in range(1, 6)]
    assert {u.context_kinds for u in a.units} == {("row",)}
    cs = assemble(a, ChunkConfig(budget=budget))
    assert validate(text, cs.chunks, budget=budget, detection=a.detection).passed
    for c in cs.chunks:
        if not c.features:
            assert "P-" not in c.text


def test_a_shared_name_is_no_feature_s_bare_id():
    """A name several features share gives each the name and its content hash, the first too:
    adding another "Park" above (or reordering) changes no existing feature's id."""
    from geochunk.model import ChunkConfig
    from geochunk.pipeline import chunk_text

    def ids(text: str) -> dict[str, str]:
        return {text[f.start:f.end]: f.id for c in chunk_text(text, ChunkConfig(budget=256)).chunks
                for f in c.features}

    two = "POINT (1 1)\nName: Park\n\nPOINT (2 2)\nName: Park\n\nPOINT (3 3)\nName: Mill\n\n"
    three = "POINT (9 9)\nName: Park\n\n" + two
    swapped = "POINT (2 2)\nName: Park\n\nPOINT (1 1)\nName: Park\n\nPOINT (3 3)\nName: Mill\n\n"
    a, b, c = ids(two), ids(three), ids(swapped)
    assert set(a) == {"POINT (1 1)", "POINT (2 2)", "POINT (3 3)"}
    assert a["POINT (1 1)"] != a["POINT (2 2)"]
    assert a["POINT (1 1)"].startswith("Park~") and a["POINT (2 2)"].startswith("Park~")
    assert a["POINT (3 3)"] == "Mill"  # a name used once is the id itself
    for k in a:
        assert a[k] == b[k] == c[k], (k, a[k], b[k], c[k])
    rec = '{"name": "Main St", "geometry": {"type": "Point", "coordinates": [%d, %d]}}'
    one = ids("[" + rec % (1, 1) + "]")
    both = ids("[" + rec % (1, 1) + ", " + rec % (2, 2) + "]")
    assert list(one.values()) == ["Main St"]
    assert len(set(both.values())) == 2 and all(v.startswith("Main St~") for v in both.values())
