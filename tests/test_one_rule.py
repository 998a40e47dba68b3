"""One rule, one place: every entry point that applies a rule gives the same answer, because
each rule is one function (issue #11). A test per rule, through the places that use it."""

from __future__ import annotations

import numpy as np
import pytest
import shapely

from geochunk import gates
from geochunk.split import baselines
from geochunk.detection import geometry
from geochunk.split import oversize
from geochunk.crs import database, resolve
from geochunk.crs import validate as crs_validate
from geochunk.detection.scan import detect
from geochunk.errors import ConfigError
from geochunk.export import to_geojson
from geochunk.crs.extent import box_halves
from geochunk.detection.ids import ID_KEYS, REF_KEYS, pick_id, pick_name
from geochunk.model import MIN_BUDGET, OGC_TYPES, ChunkConfig, Span, check_budget, check_tolerance
from geochunk.pipeline import analyse, chunk_text
from geochunk.retrieve.region import Region
from geochunk.retrieve.rows import prepare_document
from geochunk.read.source import document_digest
from geochunk.split.strategy import choose_strategy
from geochunk.tokens.counting import get_counter
from geochunk.ui.services import Document
from geochunk.context.units import find_units
from geochunk.view.density import density_strategy
from geochunk.view.features import chunk_map_features, document_bounds
from geochunk.view.maps import base_map
from geochunk.view.retrieve import retrieve_map

COUNTER = get_counter("cl100k_base")
POINT = Span(0, 11, "wkt", "POINT", "POINT (1 2)")


def _escape(**kw: object) -> object:
    args = {"policy": "generalize", "tolerance": None, "budget": 64, **kw}
    return oversize.escape("POINT (1 2)", (0, 11), POINT, geometry.parse_span(POINT), counter=COUNTER,
                           feature_id="f", **args)


# -- budget ---------------------------------------------------------------------------------------

CHECKERS = {
    "gates": lambda b: gates.validate("x", [], budget=b),
    "fixed_token_split": lambda b: baselines.fixed_token_split("x y", b, COUNTER),
    "recursive_split": lambda b: baselines.recursive_split("x y", b, COUNTER),
    "escape": lambda b: _escape(budget=b),
}


@pytest.mark.parametrize("bad", [0, -3, True, 2.5, "64", None])
@pytest.mark.parametrize("where", sorted(CHECKERS))
def test_every_budget_check_is_check_budget(where: str, bad: object) -> None:
    with pytest.raises(ConfigError) as expected:
        check_budget(bad)
    with pytest.raises(ConfigError) as got:
        CHECKERS[where](bad)
    assert str(got.value) == str(expected.value)


@pytest.mark.parametrize("where", sorted(CHECKERS))
def test_a_numpy_budget_is_a_budget_everywhere(where: str) -> None:
    CHECKERS[where](np.int64(64))  # no error: the same integral rule as ChunkConfig
    assert ChunkConfig(budget=np.int64(64)).budget == 64


@pytest.mark.parametrize("bad", [8, 15, True, 2.5, "512"])
def test_chunk_config_budget_is_check_budget_with_the_chunking_minimum(bad: object) -> None:
    with pytest.raises(ConfigError) as expected:
        check_budget(bad, minimum=MIN_BUDGET)
    with pytest.raises(ConfigError) as got:
        ChunkConfig(budget=bad)  # type: ignore[arg-type]
    assert str(got.value) == str(expected.value)


# -- tolerance -------------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [-1.0, 0, float("nan"), float("inf"), "coarse", True, [1]])
def test_config_and_escape_refuse_the_same_tolerances_with_the_same_words(bad: object) -> None:
    with pytest.raises(ConfigError) as expected:
        check_tolerance(bad)
    with pytest.raises(ConfigError) as config:
        ChunkConfig(tolerance=bad)  # type: ignore[arg-type]
    with pytest.raises(ConfigError) as escape:
        _escape(tolerance=bad)
    assert str(config.value) == str(escape.value) == str(expected.value)


@pytest.mark.parametrize("good", ["auto", None, "0.5", 2, np.float64(0.25)])
def test_config_and_escape_accept_the_same_tolerances(good: object) -> None:
    ChunkConfig(tolerance=good)  # type: ignore[arg-type]
    _escape(tolerance=good)


# -- OGC keywords ----------------------------------------------------------------------------------


@pytest.mark.parametrize("keyword", OGC_TYPES)
def test_every_ogc_keyword_is_detected_and_read_as_a_geometry_type(keyword: str) -> None:
    text = f"Shape: {keyword} EMPTY\n"
    (span,) = detect(text).spans
    assert span.geom_type == keyword
    assert "unknown geometry type" not in (geometry.parse_wkt(f"{keyword} EMPTY").error or "")


# -- document digest -------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["POINT (1 2)\n", "caf\u00e9 POINT (1 2) \ud800 lone surrogate"])
def test_one_digest_for_chunks_reviews_and_the_app_cache(text: str) -> None:
    digest = document_digest(text)
    assert Document.from_text(text, name="a", origin="paste").digest == digest
    assert analyse(text).digest == digest
    assert {c.doc_sha256 for c in chunk_text(text).chunks} == {digest}
    assert prepare_document("a.txt", text, embedder="hashing").doc_sha256 == digest  # the index


# -- lon/lat box size ------------------------------------------------------------------------------


@pytest.mark.parametrize("box", [(170.0, -10.0, -170.0, 10.0), (-170.0, -10.0, -150.0, 10.0)])
def test_box_width_across_180_is_one_rule_for_size_specificity_and_the_area_check(box) -> None:
    w, s, e, n = box
    assert database.lon_width(w, e) == 20.0
    assert database.area_size(box) == 400.0
    facts = database.crs_facts(4326)
    assert resolve._area_deg2(4326) == database.area_size(facts.area)
    inside = np.array([w + 10.0 if w + 10.0 <= 180 else w + 10.0 - 360.0])
    outside = np.array([w - 90.0])
    assert crs_validate._in_area(inside, np.array([0.0]), box).all()
    assert not crs_validate._in_area(outside, np.array([0.0]), box).any()


# -- feature ids -----------------------------------------------------------------------------------

PAIRS = [
    ([("Name", "Pump"), ("Parcel ID", "P-1")], "P-1"),  # an id suffix, after the named keys
    ([("Ref", "R-1"), ("FID", "F-1")], "F-1"),  # the named keys in priority order
    ([("parcel_id", "P-2"), ("Name", "x")], "P-2"),
    ([("Name", "Pump"), ("Depth", "3 m")], "Pump"),  # no id key: the name, else the hash
    ([("Zone", "R1"), ("Depth", "3 m")], None),
    ([("Ref", "R-9"), ("Parcel ID", "P-1")], "P-1"),  # a key naming an id before a reference
    ([("Name", "Pump"), ("planning_ref", "19-0042")], "19-0042"),  # a reference, else the hash
    ([("NAME", "Washington"), ("FIPS", "29221")], "29221"),  # a census code before the name
    ([("name", "Alamance"), ("GEOID20", "37001")], "37001"),
]


def test_counties_with_one_name_keep_their_fips_codes_as_ids() -> None:
    """Repeated county names (libpysal's stl_hom: Washington in Missouri and Illinois) got
    ``Washington~hash`` ids; the source's own FIPS code is the id a user looks for."""
    import json

    feats = [{"type": "Feature", "properties": {"fips": f, "name": "Washington"},
              "geometry": {"type": "Point", "coordinates": [x, 38]}}
             for f, x in (("29221", -90.9), ("17189", -89.4))]
    text = json.dumps({"type": "FeatureCollection", "features": feats})
    ids = [(f.id, f.id_source) for c in chunk_text(text, ChunkConfig(budget=64)).chunks for f in c.features]
    assert ids == [("29221", "property:fips"), ("17189", "property:fips")]


@pytest.mark.parametrize(("pairs", "fid"), PAIRS)
def test_geojson_properties_and_attribute_blocks_pick_the_same_id(pairs, fid) -> None:
    got = pick_id(pairs) or pick_name(pairs)
    assert (got[1] if got else None) == fid
    props = ", ".join(f'"{k}": "{v}"' for k, v in pairs)
    geojson = '{"type": "Feature", "geometry": {"type": "Point", "coordinates": [1, 2]}, ' \
              f'"properties": {{{props}}}}}\n'
    (span,) = detect(geojson).spans
    assert span.feature_id == fid
    block = "POINT (1 2)\n" + "".join(f"{k}: {v}\n" for k, v in pairs)
    (unit,) = find_units(block, detect(block))
    assert (unit.ids[0][0] if unit.ids[0][1] != "hash" else None) == fid


def test_id_keys_are_lower_case_and_unique() -> None:
    assert all(k == k.lower() for k in ID_KEYS) and len(set(ID_KEYS)) == len(ID_KEYS)
    assert all(k == k.lower() for k in REF_KEYS) and not set(REF_KEYS) & set(ID_KEYS)


@pytest.mark.parametrize(("pairs", "fid"), PAIRS)
def test_table_columns_pick_the_id_column_by_the_same_rule(pairs, fid) -> None:
    hexwkb = shapely.to_wkb(shapely.Point(1, 2), hex=True)
    cols = [k.replace(" ", "_") for k, _ in pairs]  # column names have no spaces
    text = f"COPY t ({', '.join(cols)}, geom) FROM stdin;\n" + "\t".join(v for _, v in pairs) + f"\t{hexwkb}\n\\.\n"
    (span,) = detect(text).spans
    named = [(c, v) for c, (_, v) in zip(cols, pairs)]
    got = pick_id(named) or pick_name(named)
    assert (got[1] if got else None) == fid
    assert span.feature_id == (f"t:{fid}" if fid else None)


# -- density bands -------------------------------------------------------------------------------


@pytest.mark.parametrize("density", [0.0, 0.1, 0.2, 0.35, 0.5, 0.51, 1.0])
def test_the_band_shown_is_the_strategy_auto_picks(density: float) -> None:
    cfg = ChunkConfig(paragraph_threshold=0.2, feature_threshold=0.5)
    assert density_strategy(density, 0.2, 0.5) == choose_strategy(density, cfg)[0]


# -- bbox union across the antimeridian ----------------------------------------------------------


def test_two_points_either_side_of_180_make_a_narrow_box_in_chunks_map_and_export() -> None:
    text = "Site A (EPSG:4326):\n\nPOINT (179.5 0)\n\nSite B:\n\nPOINT (-179.5 1)\n"
    cs = chunk_text(text, ChunkConfig(budget=16, unit="feature"))
    assert [c.bbox_wgs84 for c in cs.chunks if c.features] == [(179.5, 0.0, 179.5, 0.0),
                                                               (-179.5, 1.0, -179.5, 1.0)]
    whole = chunk_text(text, ChunkConfig(budget=512)).chunks
    assert [c.bbox_wgs84 for c in whole] == [(179.5, 0.0, -179.5, 1.0)]  # the core's union
    bounds = document_bounds(cs.analysis.features)  # the map's
    assert bounds == (179.5, 0.0, -179.5, 1.0)
    m = base_map(bounds, local_assets=False)
    (fit,) = [c for c in m._children.values() if type(c).__name__ == "FitBounds"]
    (south, west), (north, east) = fit.bounds
    assert east - west == pytest.approx(1.0) and (south, north) == (0.0, 1.0)
    assert m.location[1] in (180.0, -180.0)
    assert to_geojson(cs.chunks)["bbox"] == [179.5, 0.0, -179.5, 1.0]  # the export's


def test_a_chunk_box_across_180_is_drawn_and_exported_as_the_same_two_halves() -> None:
    text = "Site A (EPSG:4326):\n\nPOINT (179.5 0)\n\nSite B:\n\nPOINT (-179.5 1)\n"
    cs = chunk_text(text, ChunkConfig(budget=512))
    (drawn,) = [f.geometry for f in chunk_map_features(cs) if f.role == "bbox"]
    exported = to_geojson(cs.chunks)["features"][0]["geometry"]
    halves = sorted(tuple(round(v, 9) for v in g.bounds) for g in drawn.geoms)
    assert halves == [(-180.0, 0.0, -179.5, 1.0), (179.5, 0.0, 180.0, 1.0)]
    assert exported["type"] == "MultiPolygon"
    assert sorted((p[0][0][0], p[0][2][0]) for p in exported["coordinates"]) == [(-180.0, -179.5), (179.5, 180.0)]


@pytest.mark.parametrize("region", [Region.from_bbox(179, -17, -179, -16), Region.near(180.0, -16.5, 50_000)])
def test_the_retrieve_map_fits_a_region_across_180_narrowly(region: Region) -> None:
    class Result:  # what retrieve_map reads of a query result
        pass

    result = Result()
    result.region = region
    m = retrieve_map(result, None, local_assets=False)
    (fit,) = [c for c in m._children.values() if type(c).__name__ == "FitBounds"]
    (south, west), (north, east) = fit.bounds
    assert 0 < east - west < 3 and m.location[1] in (180.0, -180.0)  # not the 360° globe


@pytest.mark.parametrize("radius_m", [0.0, 1000.0])
def test_a_feature_region_across_180_is_anchored_on_it(radius_m: float) -> None:
    """A feature whose footprint lies either side of 180 (its chunk box's two halves): the
    anchor distances are measured from is on the line, not at the centroid of the halves
    (lon 0, the far side of the globe)."""
    footprint = shapely.union_all([shapely.box(*h) for h in box_halves((179.5, 0.0, -179.5, 1.0))])
    region = Region.around(footprint, label="X", radius_m=radius_m)
    assert region.anchor[0] in (180.0, -180.0) and region.anchor[1] == pytest.approx(0.5)
    assert region.radius_m < 100_000  # half the 1 x 1 degree box's diagonal, plus the radius
