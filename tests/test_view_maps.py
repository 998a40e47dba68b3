"""view.maps, view.layers, view.features: local-only Leaflet, escaped tooltips, display
simplification, chunk layers."""

from __future__ import annotations

import html
import math
import re

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, Polygon, box

from geochunk.errors import ConfigError
from geochunk.view.features import MapFeature, chunk_map_features, display_shape
from geochunk.view.layers import features_layer, layer_data, severed_layer
from geochunk.view.maps import (
    BASEMAPS,
    LEAFLET_CSS_URL,
    LEAFLET_JS_URL,
    base_map,
    chunk_legend_html,
    view_for_bbox,
)

XSS = "<img src=x onerror=alert(1)>"
BOUNDS = (-0.2, 51.4, 0.0, 51.6)


def _links(markup: str) -> list[str]:
    return re.findall(r'(?:src|href)="([^"]+)"', markup)


def test_base_map_loads_only_local_leaflet() -> None:
    m = base_map(BOUNDS, legend_html=chunk_legend_html())
    markup = m.get_root().render()
    links = _links(markup)
    assert LEAFLET_JS_URL in links and LEAFLET_CSS_URL in links
    assert not [u for u in links if u.startswith(("http:", "https:", "//"))]
    for dropped in ("jquery", "bootstrap", "fontawesome", "awesome-markers"):
        assert dropped not in markup.lower()


def test_base_map_none_has_no_tiles_and_osm_does() -> None:
    assert "L.tileLayer" not in base_map(BOUNDS).get_root().render()
    assert "L.tileLayer" in base_map(BOUNDS, "OpenStreetMap").get_root().render()


def test_base_map_cdn_is_optional() -> None:
    links = _links(base_map(BOUNDS, local_assets=False).get_root().render())
    assert [u for u in links if "leaflet" in u] and all(u.startswith("https://") for u in links)


def test_unknown_basemap_lists_valid_values() -> None:
    with pytest.raises(ConfigError, match="valid values: " + ", ".join(BASEMAPS)):
        base_map(BOUNDS, "Google")


@pytest.mark.parametrize("field", ["feature_id", "label"])
def test_document_strings_are_escaped_in_map_html(field: str) -> None:
    feats = [MapFeature(box(-0.1, 51.45, -0.05, 51.5), "feature", chunk=0, tokens=12,
                        **{field: XSS})]
    m = base_map(BOUNDS)
    features_layer(feats).add_to(m)
    severed_layer([MapFeature(Point(-0.1, 51.5), "severed", **{field: XSS})]).add_to(m)
    markup = m.get_root().render()
    assert XSS not in markup
    assert "<img" not in markup
    # Leaflet sets tooltip content as HTML, so the value itself must be entity-escaped text
    assert "\\u0026lt;img src=x onerror=alert(1)\\u0026gt;" in markup
    if field == "feature_id":
        layer, key = features_layer(feats), "feature"
    else:
        layer, key = severed_layer([MapFeature(Point(0, 0), "severed", label=XSS)]), "splitter"
    [value] = [f["properties"][key] for f in layer_data(layer)["features"]]
    assert value == "&lt;img src=x onerror=alert(1)&gt;" and html.unescape(value) == XSS


def test_features_layer_puts_bboxes_beneath_and_out_of_the_mouse_s_way() -> None:
    feats = [
        MapFeature(box(0, 0, 1, 1), "feature", "a", 0, 10),
        MapFeature(box(2, 2, 3, 3), "feature", "b", 1, 900, flags=("oversized",)),
        MapFeature(box(0, 0, 1, 1), "original", "a", 2, 10, flags=("generalized",)),
        MapFeature(box(0, 0, 3, 3), "bbox", "chunk bbox", 1, 900),
        MapFeature(Point(0, 0), "feature", "p", 3, 5),
    ]
    fg = features_layer(feats, selected=1)
    boxes, features = fg._children.values()  # bboxes first: drawn beneath the features
    assert not boxes.interactive and features.interactive
    assert [f["properties"]["role"] for f in boxes.data["features"]] == ["bbox"]
    assert [f["properties"]["role"] for f in features.data["features"]] == [
        "feature", "feature", "original", "feature"]
    assert len(layer_data(fg)["features"]) == 5
    m = base_map(BOUNDS, outlines=False)  # the outlines are one more L.geoJSON
    fg.add_to(m)
    markup = m.get_root().render()
    assert markup.count("L.geoJSON(") == 2
    assert markup.index("interactive = false") < markup.index("interactive = true")
    assert "if (!interactive) { return; }" in markup  # no tooltip on a bbox
    assert "#d62728" in markup  # the oversized outline
    assert '"dashArray": "5 4"' in markup  # the original outline of a generalized feature
    assert "L.circleMarker" in markup  # points need no marker images


def test_chunk_layer_draws_bboxes_only_on_demand(parcels_chunk_set) -> None:
    from geochunk.view.layers import chunk_layer

    def boxes(**kw: object) -> set:
        data = layer_data(chunk_layer(parcels_chunk_set, **kw))
        return {f["properties"]["chunk"] for f in data["features"] if f["properties"]["role"] == "bbox"}

    assert boxes() == set() and boxes(selected=2) == {"#2"}
    assert len(boxes(bboxes="all")) == sum(c.bbox_wgs84 is not None for c in parcels_chunk_set.chunks)
    assert boxes(selected=2, bboxes="none") == set()
    with pytest.raises(ConfigError, match="valid values: selected, all, none"):
        chunk_layer(parcels_chunk_set, bboxes="some")


def test_empty_layer_has_no_geojson() -> None:
    assert not features_layer([])._children and layer_data(features_layer([])) is None


def _wiggly(n: int) -> Polygon:
    pts = [(math.cos(2 * math.pi * k / n) * (1 + 0.01 * math.sin(37 * k)),
            math.sin(2 * math.pi * k / n) * (1 + 0.01 * math.sin(37 * k))) for k in range(n)]
    return Polygon(pts)


@pytest.mark.parametrize("limit", [200, 2000])
def test_display_simplification_bounds_vertices(limit: int) -> None:
    poly = _wiggly(40_000)
    shape = display_shape(poly, limit)
    shown, simplified = shape.geometry, shape.simplified
    assert simplified
    assert shapely.get_num_coordinates(shown) <= limit
    assert shown.is_valid
    assert abs(shown.area - poly.area) / poly.area < 0.02


def test_small_geometries_are_not_simplified() -> None:
    shape = display_shape(box(0, 0, 1, 1), 2000)
    shown, simplified = shape.geometry, shape.simplified
    assert not simplified and shown.equals(box(0, 0, 1, 1))


@settings(max_examples=150, deadline=None)
@given(
    west=st.floats(-179, 170), south=st.floats(-80, 75),
    width=st.floats(1e-5, 9), height=st.floats(1e-5, 4.5),
)
def test_view_for_bbox_centres_and_fits(west: float, south: float, width: float, height: float) -> None:
    bbox = (west, south, west + width, south + height)
    (lat, lon), zoom = view_for_bbox(bbox, 800, 520)
    assert south <= lat <= south + height and west <= lon <= west + width
    assert 0 <= zoom <= 18
    if zoom < 18:  # fits: the bbox's longitude span takes at most the map width at this zoom
        assert width / 360 * 256 * 2**zoom <= 800


def test_chunk_layer_of_the_parcel_sample(parcels_chunk_set) -> None:

    cs = parcels_chunk_set
    cache: dict = {}
    feats = chunk_map_features(cs, cache=cache)
    roles = [f.role for f in feats]
    drawn = sum(1 for recs in cs.geometries for r in recs if r.original is not None)
    assert roles.count("feature") == drawn == 400
    assert roles.count("bbox") == sum(1 for c in cs.chunks if c.bbox_wgs84 is not None)
    assert len(cache) == drawn
    # every feature is drawn in WGS 84, inside its chunk's bbox
    for f in feats:
        if f.role == "feature":
            w, s, e, n = cs.chunks[f.chunk].bbox_wgs84
            minx, miny, maxx, maxy = f.geometry.bounds
            assert w - 1e-5 <= minx and maxx <= e + 1e-5 and s - 1e-5 <= miny and maxy <= n + 1e-5
    again = chunk_map_features(cs, cache=cache)  # a re-chunk reuses the display geometries
    assert [a.geometry for a in again if a.role == "feature"][0] is feats[0].geometry
    only = chunk_map_features(cs, chunks=[3])
    assert {f.chunk for f in only} == {3}
