"""The map faults of issue #31: a nested GeometryCollection that broke every click in Leaflet,
a WFS ``boundedBy`` Envelope drawn filled over every feature, and features that vanished from
the map silently. Checked on the bundled samples and on real files written by others."""

from __future__ import annotations

from pathlib import Path

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from apptest_helpers import map_args, open_app, picker

from geochunk.model import ChunkConfig
from geochunk.pipeline import analyse, assemble
from geochunk.samples import load_sample
from geochunk.view.features import leaflet_safe, undrawn_features
from geochunk.view.layers import _FeatureCollectionLayer, chunk_layer, layer_data
from geochunk.view.maps import base_map, undrawn_note_html

REAL = Path(__file__).parent / "real_data"


def _chunk_set(name: str, budget: int = 800):
    a = analyse(load_sample(name), doc_id=name)
    return assemble(a, ChunkConfig(budget=budget, doc_id=name))


def _leaflet_groups(geometry: dict) -> list[str]:
    """Members Leaflet would draw as a group with no element inside a GeometryCollection."""
    if geometry["type"] != "GeometryCollection":
        return []
    return [g["type"] for g in geometry["geometries"]
            if g["type"] in ("GeometryCollection", "MultiPoint")]


@pytest.mark.parametrize("name", ["malformed", "encodings_report", "mixed_report"])
def test_no_drawn_collection_nests_a_group_leaflet_cannot_focus(name: str) -> None:
    # Leaflet 1.9's tooltip focus listeners call getElement() on every member of a feature's
    # layer: a GeometryCollection inside one is a FeatureGroup without it (TypeError on every
    # hover and click on the Malformed sample, so nothing could be selected)
    data = layer_data(chunk_layer(_chunk_set(name), bboxes="all"))
    assert data is not None
    bad = [(f["properties"]["feature"], _leaflet_groups(f["geometry"])) for f in data["features"]
           if _leaflet_groups(f["geometry"])]
    assert bad == []


_points = st.tuples(st.integers(-50, 50), st.integers(-50, 50))


@st.composite
def _nested(draw, depth: int = 3):
    kind = draw(st.sampled_from(["point", "line", "multipoint"] + (["gc"] if depth else [])))
    if kind == "point":
        return shapely.Point(draw(_points))
    if kind == "line":
        return shapely.LineString(draw(st.lists(_points, min_size=2, max_size=4)))
    if kind == "multipoint":
        return shapely.MultiPoint(draw(st.lists(_points, min_size=1, max_size=3)))
    return shapely.GeometryCollection(draw(st.lists(_nested(depth - 1), min_size=0, max_size=3)))


@settings(max_examples=60)
@given(_nested())
def test_flattening_keeps_every_vertex_in_order_and_nests_nothing(geom) -> None:
    flat = leaflet_safe(geom)
    assert shapely.get_coordinates(flat).tolist() == shapely.get_coordinates(geom).tolist()
    if flat.geom_type == "GeometryCollection":
        assert all(g.geom_type not in ("GeometryCollection", "MultiPoint") for g in flat.geoms)


def _collections(layer) -> list[_FeatureCollectionLayer]:
    return [c for c in layer._children.values() if isinstance(c, _FeatureCollectionLayer)]


def test_a_wfs_envelope_is_an_outline_under_the_features_that_takes_no_click() -> None:
    cs = _chunk_set("wfs_getfeature")
    passive, active = _collections(chunk_layer(cs, bboxes="none"))
    assert not passive.interactive and active.interactive
    [envelope] = passive.data["features"]
    assert envelope["properties"]["role"] == "extent"
    style = passive.styles[envelope["properties"]["s"]]
    assert style["fill"] is False and style.get("dashArray")
    assert all(f["properties"]["role"] == "feature" for f in active.data["features"])
    assert len(active.data["features"]) == 40  # every park is drawn, and clickable
    # (the passive collection is the layer's first child: added to the map first, under the parks)


ENVELOPED = ["citysmith-0.2.0/CS1_lod0.gml", "citysmith-0.2.0/CS1_lod2_lower_only.gml",
             "citysmith-0.2.0/CS1_multiLOD.gml", "pydov-4.0.0/polygon_single_31370.gml"]


@pytest.mark.parametrize("name", ENVELOPED)
def test_real_collection_envelopes_lie_under_every_feature_and_all_are_drawn(name: str) -> None:
    # CityGML and a WFS response written by others: the collection's boundedBy Envelope is an
    # outline in the passive collection; every other feature is drawn and takes the mouse
    # (the CityGML building, a collection of invalid solids, used to vanish as an empty outline)
    text = (REAL / name).read_text(encoding="utf-8")
    a = analyse(text, doc_id=name)
    cs = assemble(a, ChunkConfig(budget=512, doc_id=name))
    passive, active = _collections(chunk_layer(cs, bboxes="none"))
    assert [f["properties"]["role"] for f in passive.data["features"]] == ["extent"]
    assert not passive.interactive and active.interactive
    assert len(active.data["features"]) == len(a.features)  # the envelope is no feature
    assert all(f["geometry"].get("geometries", True) for f in active.data["features"])
    assert undrawn_features(a) == ()


def test_features_not_drawn_are_named_with_their_reason() -> None:
    cs = _chunk_set("malformed")
    missing = {u.feature_id: u.reason for u in undrawn_features(cs.analysis)}
    drawn = {f["properties"]["feature"] for f in layer_data(chunk_layer(cs, bboxes="none"))["features"]}
    ids = {f.id for f in cs.analysis.features}
    assert drawn | set(missing) == ids and not drawn & set(missing)  # every feature: one or other
    assert sum(r.startswith("not parsed: ") for r in missing.values()) == 4
    assert any("unclosed POLYGON" in r for r in missing.values())
    html = undrawn_note_html([u for u in undrawn_features(cs.analysis)], len(ids))
    assert f"{len(missing)} of {len(ids)} features not drawn" in html


def test_the_inspector_says_on_the_map_and_in_the_table_what_is_not_drawn(app_dir: Path) -> None:
    at = open_app(app_dir, sample="malformed")
    [args] = map_args(at)
    assert "6 of 15 features not drawn" in args["script"]
    assert any("6 of 15 features are not drawn" in c.value for c in at.caption)
    table = at.dataframe[0].value
    column = table["not drawn"]
    assert column.str.len().gt(0).sum() == 2  # chunks 0 and 5 hold the six
    # the cell says how many and why in short (read whole in its 130 px column); the chunk's
    # detail gives each reason whole, as plain text
    cells = [c for c in column if c]
    assert sum(int(c.split(":")[0]) for c in cells) == 6, cells
    assert all(len(c) <= 15 for c in cells) and any("unparsed" in c for c in cells), cells
    missing = {u.feature_id: u.reason for u in undrawn_features(_chunk_set("malformed").analysis)}
    for row in table.index[column.str.len().gt(0)]:
        picker(at).set_value(int(table.loc[row, "chunk"])).run()
        [detail] = [t.value for t in at.text if t.value.startswith("Not drawn on the map:")]
        lines = detail.splitlines()[1:]
        assert len(lines) == int(column[row].split(":")[0])
        for line in lines:
            fid, reason = line.strip(" •").split(": ", 1)
            assert missing[fid] == reason
    # a document whose features are all drawn has no such column or note
    at = open_app(app_dir, sample="wfs_getfeature")
    assert "not drawn" not in at.dataframe[0].value.columns
    assert "features not drawn" not in map_args(at)[0]["script"]
