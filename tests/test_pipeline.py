"""End-to-end behaviour of analyse/assemble on the bundled samples and on targeted documents."""

from __future__ import annotations

import json
import math
import unicodedata

import pytest
import shapely

from geochunk.detection.scan import detect
from geochunk.detection.geometry import parse_span, parse_wkt
from geochunk.model import ChunkConfig, Flag
from geochunk.pipeline import analyse, assemble, chunk_text
from geochunk.samples import list_samples, load_sample
from geochunk.tokens.counting import clear_cache, get_counter
from geochunk.gates import validate

SAMPLES = [s.name for s in list_samples()]


@pytest.fixture(scope="module")
def analyses():
    return {name: analyse(load_sample(name), doc_id=name) for name in SAMPLES}


@pytest.mark.parametrize("name", SAMPLES)
@pytest.mark.parametrize("budget", [64, 256, 800])
def test_every_sample_passes_every_gate(analyses, name, budget):
    a = analyses[name]
    cs = assemble(a, ChunkConfig(budget=budget, doc_id=name))
    report = validate(a.text, cs.chunks, budget=budget, detection=a.detection)
    assert report.passed, report.lines()


@pytest.mark.parametrize(
    ("name", "strategy"),
    [("land_use_appendix", "feature"), ("parcels", "feature"), ("sparse_prose", "paragraph"), ("sql_dump", "feature")],
)
def test_strategy_follows_density(analyses, name, strategy):
    cs = assemble(analyses[name], ChunkConfig())
    assert cs.strategy == strategy, cs.reason


def test_mixed_report_is_mixed_or_explained(analyses):
    cs = assemble(analyses["mixed_report"], ChunkConfig())
    assert cs.strategy in ("mixed", "paragraph", "feature")
    assert f"{cs.density:.1%}" in cs.reason


# -- the three tests of the seed article --------------------------------------------------------


@pytest.mark.parametrize("name", SAMPLES)
def test_seed_every_chunk_parses(analyses, name):
    """Every geometry a chunk carries is whole in the chunk's text and parses with shapely."""
    cs = assemble(analyses[name], ChunkConfig(budget=128))
    for c in cs.chunks:
        for f in c.features:
            piece = c.text[f.start - c.start : f.end - c.start]
            if f.status != "ok":
                assert {Flag.UNPARSEABLE_SPAN, Flag.UNCLOSED_GEOMETRY} & set(c.flags), (c.index, f)
                continue
            if f.kind == "geojson":
                obj = json.loads(piece)
                geom = obj.get("geometry", obj) if obj.get("type") == "Feature" else obj
                assert geom is None or shapely.from_geojson(json.dumps(geom)) is not None
            elif f.kind in ("wkb", "ewkb", "gml", "kml"):  # the piece alone is found again, whole
                (span,) = detect(piece).spans
                assert (span.start, span.end) == (0, len(piece)), (c.index, piece[:60])
                assert parse_span(span).geometry is not None, (c.index, piece[:60])
            else:
                wkt = piece.split(";", 1)[1] if f.kind == "ewkt" else piece
                assert parse_wkt(wkt).geometry is not None, (c.index, piece[:60])


@pytest.mark.parametrize("name", SAMPLES)
def test_seed_no_feature_lost_or_duplicated(analyses, name):
    a = analyses[name]
    cs = assemble(a, ChunkConfig(budget=96))
    owned = []
    for c in cs.chunks:
        owned.extend(f.id for f in c.features if c.core_start <= f.start)
    assert sorted(owned) == sorted(f.id for f in a.features)
    assert len(set(owned)) == len(owned)


def _big_polygon(n: int) -> str:
    pts = []
    for k in range(n):
        t = 2 * math.pi * k / n
        r = 1000 + 40 * math.sin(7 * t) + 15 * math.cos(31 * t)
        pts.append(f"{530000 + r * math.cos(t):.2f} {180000 + r * math.sin(t):.2f}")
    pts.append(pts[0])
    return "POLYGON ((" + ", ".join(pts) + "))"


def test_seed_oversized_20k_polygon_is_isolated_not_cut():
    poly = _big_polygon(20000)
    text = "Boundary of the estate (EPSG:27700).\n\n" + poly + "\n\nThe boundary was walked in 2024. It follows the old hedge line.\n"
    cs = chunk_text(text, ChunkConfig(budget=512))
    holders = [c for c in cs.chunks if poly in c.text]
    assert len(holders) == 1
    (c,) = holders
    assert c.oversized and Flag.OVERSIZED in c.flags
    assert c.features[0].vertices == 20001
    assert shapely.from_wkt(poly).equals(shapely.from_wkt(c.text[c.text.index("POLYGON"):c.text.index("))") + 2]))
    assert all(d.token_count <= 512 for d in cs.chunks if d is not c)


# -- escapes ---------------------------------------------------------------------------------


def test_generalize_auto_fits_the_budget_and_reports_what_it_did(analyses):
    cs = assemble(analyses["boundary_40k"], ChunkConfig(budget=800, oversize="generalize", tolerance="auto"))
    gens = [c for c in cs.chunks if c.generalized is not None]
    assert gens
    big = max(gens, key=lambda c: c.generalized.vertices_before)
    g = big.generalized
    assert g.vertices_before >= 40000 and g.vertices_after < g.vertices_before
    assert g.auto and g.valid and g.fits and big.token_count <= 800
    assert big.text_kind == "generalized" and Flag.GENERALIZED in big.flags
    (span,) = [s for s in detect(big.text).spans if s.geom_type in ("POLYGON", "MULTIPOLYGON")][:1]
    geom = parse_span(span).geometry
    assert geom.is_valid
    assert g.hausdorff > 0 and g.area_change < 0.05


def test_split_emits_valid_parts_that_repeat_the_context(analyses):
    a = analyses["boundary_40k"]
    cs = assemble(a, ChunkConfig(budget=800, oversize="split"))
    parts = [c for c in cs.chunks if c.part is not None]
    assert parts
    of = parts[0].part.of
    same = [c for c in parts if c.part.feature_id == parts[0].part.feature_id]
    assert [c.part.index for c in same] == list(range(of))
    for c in same:
        spans = detect(c.text).spans
        assert spans and all(parse_span(s).geometry.is_valid for s in spans)
        assert c.attributes, "parts repeat the parent's attributes"
        assert c.crs is not None and c.crs.epsg == 27700


def test_rewrap_makes_every_collection_chunk_valid_geojson(analyses):
    a = analyses["parcels"]
    cs = assemble(a, ChunkConfig(budget=400, rewrap=True))
    n = 0
    for c in cs.chunks:
        if c.text_kind == "rewrapped":
            obj = json.loads(c.text)
            assert obj["type"] == "FeatureCollection"
            n += len(obj["features"])
            assert Flag.REWRAPPED in c.flags
    assert n >= len(a.features) - sum(1 for c in cs.chunks if c.text_kind == "source" for _ in c.features)


# -- metadata ---------------------------------------------------------------------------------


def test_land_use_chunks_carry_source_ids_and_bng_frame(analyses):
    cs = assemble(analyses["land_use_appendix"], ChunkConfig(budget=800))
    feats = [f for c in cs.chunks for f in c.features]
    assert len(feats) >= 400
    assert all(not f.id.startswith(("span:", "feature_")) for f in feats)
    assert sum(f.id_source.startswith("attribute") for f in feats) >= 400
    for c in cs.chunks:
        if c.features:
            assert c.crs.epsg == 27700 and not c.crs.flagged
            assert c.bbox is not None and c.bbox_wgs84 is not None
            lon0, lat0, lon1, lat1 = c.bbox_wgs84
            assert -0.3 < lon0 <= lon1 < 0.1 and 51.4 < lat0 <= lat1 < 51.6  # central London


def test_geojson_ids_come_from_the_source(analyses):
    a = analyses["parcels"]
    ids = [f.id for f in a.features]
    assert all(f.id_source in ("geojson:id",) or f.id_source.startswith("property:") for f in a.features)
    assert len(set(ids)) == len(ids)


def test_rechunk_reuses_the_analysis(analyses):
    a = analyses["land_use_appendix"]
    small = assemble(a, ChunkConfig(budget=200))
    large = assemble(a, ChunkConfig(budget=2000))
    assert len(small.chunks) > len(large.chunks)
    assert small.analysis is large.analysis


def test_token_counts_are_real_and_verified(analyses):
    counter = get_counter("cl100k_base")
    assert not counter.estimated
    for name in ("land_use_appendix", "parcels", "mixed_report"):
        cs = assemble(analyses[name], ChunkConfig(budget=300))
        for c in cs.chunks:
            assert c.token_count == counter.count(c.text)
            assert c.tokenizer == "cl100k_base"


def test_o200k_encoding(analyses):
    cs = chunk_text(load_sample("mixed_report"), ChunkConfig(budget=300, encoding="o200k_base"))
    counter = get_counter("o200k_base")
    assert all(c.tokenizer == "o200k_base" and c.token_count == counter.count(c.text) for c in cs.chunks)


def test_estimate_fallback_is_flagged_in_every_chunk(monkeypatch):
    monkeypatch.setenv("GEOCHUNK_TOKENIZER", "estimate")
    clear_cache()
    try:
        cs = chunk_text(load_sample("sparse_prose"), ChunkConfig(budget=200))
        assert cs.chunks
        for c in cs.chunks:
            assert c.tokenizer.startswith("estimate")
            assert Flag.TOKENS_ESTIMATED in c.flags
            assert c.token_count <= 200 or c.oversized
    finally:
        monkeypatch.delenv("GEOCHUNK_TOKENIZER")
        clear_cache()


def test_overlap_repeats_whole_sentences():
    text = " ".join(f"Sentence number {k} is about the river survey." for k in range(60))
    cs = chunk_text(text, ChunkConfig(budget=60, overlap=1))
    assert len(cs.chunks) > 2
    for c in cs.chunks[1:]:
        assert c.start < c.core_start
        repeated = text[c.start:c.core_start]
        assert repeated.lstrip().startswith("Sentence") and repeated.rstrip().endswith(".")
        assert c.token_count <= 60


def test_unclosed_geometry_is_protected_and_reported():
    text = "Intro paragraph here.\n\nPOLYGON((1 2, 3 4, 5 6,\n7 8, 9 10\nstill the block\n\nAfter the block comes prose.\n"
    cs = chunk_text(text, ChunkConfig(budget=16))
    (bad,) = [c for c in cs.chunks if Flag.UNCLOSED_GEOMETRY in c.flags]
    assert "POLYGON((1 2, 3 4, 5 6,\n7 8, 9 10" in bad.text  # protected until clearly over
    assert "".join(text[c.core_start:c.end] for c in cs.chunks) == text


def test_deterministic_on_samples(analyses):
    for name in SAMPLES:
        cfg = ChunkConfig(budget=256)
        a = [c.to_dict() for c in chunk_text(load_sample(name), cfg).chunks]
        b = [c.to_dict() for c in assemble(analyses[name], cfg).chunks]
        for x, y in zip(a, b):
            x.pop("doc_id"), y.pop("doc_id")
        assert a == b


def test_overlap_in_paragraphs_repeats_sentences_not_blank_lines():
    text = "\n\n".join(f"Para {i} first sentence. Para {i} second sentence is here. Third one." for i in range(40))
    cs = chunk_text(text, ChunkConfig(budget=60, overlap=2))
    repeated = [text[c.start:c.core_start] for c in cs.chunks[1:]]
    assert all(r.strip() for r in repeated)
    assert all(r.lstrip().startswith(("Para", "Third")) for r in repeated)


def test_minified_feature_collection_splits_between_features():
    feats = ",".join(
        '{"type":"Feature","id":"F%d","properties":{},"geometry":{"type":"Point","coordinates":[%d,1]}}' % (i, i)
        for i in range(4)
    )
    text = '{"type":"FeatureCollection","features":[' + feats + "]}"
    cs = chunk_text(text, ChunkConfig(budget=64))
    assert not any(c.oversized for c in cs.chunks)
    wrapped = chunk_text(text, ChunkConfig(budget=64, rewrap=True))
    assert [[f.id for f in c.features] for c in wrapped.chunks] == [["F0"], ["F1"], ["F2"], ["F3"]]
    assert all(json.loads(c.text)["type"] == "FeatureCollection" for c in wrapped.chunks)


@pytest.mark.parametrize("budget", [64, 128, 300, 512, 800, 2000])
def test_rewrap_every_chunk_of_a_collection_is_valid_geojson(analyses, budget):
    a = analyses["parcels"]
    cs = assemble(a, ChunkConfig(budget=budget, rewrap=True))
    seen = []
    for c in cs.chunks:
        obj = json.loads(c.text)
        assert obj["type"] == "FeatureCollection" and c.text_kind == "rewrapped"
        seen.extend(f.get("id") for f in obj["features"])
        assert c.token_count <= budget or c.oversized
    assert len(seen) == len(a.features)


def test_generalize_keeps_the_attributes_with_the_simplified_geometry(analyses):
    # issue #8: attributes never divorce; the escape applies to the whole unit
    a = analyses["land_use_appendix"]
    cs = assemble(a, ChunkConfig(budget=128, oversize="generalize", tolerance="auto"))
    gens = [c for c in cs.chunks if c.generalized is not None]
    assert gens
    for c in gens:
        assert "Parcel ID: " in c.text and "Land use: " in c.text
        assert c.token_count <= 128 or c.needs_fallback
        assert c.features[0].attributes["Parcel ID"] in c.text
    assert not [c for c in cs.chunks if not c.features and "Parcel ID:" in c.text]
    assert validate(a.text, cs.chunks, budget=128, detection=a.detection).passed
    wider = assemble(a, ChunkConfig(budget=256, oversize="generalize", tolerance="auto"))
    assert wider.oversize_rate > wider.fallback_rate > 0
    # only the parcels whose attribute block alone is over the budget still need a fallback
    assert all("Lease valid from: " in c.text for c in wider.chunks if c.needs_fallback)

def test_heading_ids_skip_bare_numbers_and_duplicates_stay_content_based():
    text = (
        "## Figure 3: Parcel LU-0007\nPOINT (1 2)\n\n"
        "## Site boundary (2019 survey)\nPOINT (3 4)\n\n"
        "## Site boundary (2019 survey)\nPOINT (5 6)\n"
    )
    feats = analyse(text).features
    ids = [f.id for f in feats]
    assert ids[0] == "LU-0007"
    # issue #8: a heading with no id-shaped token gives no id: the content hash does
    assert [f.id_source for f in feats] == ["heading", "hash", "hash"]
    assert ids[1] != ids[2] and ids[1].startswith("point:")
    moved = "Intro.\n\n" + text.split("\n\n", 1)[1]
    assert [f.id for f in analyse(moved).features] == ids[1:]


def test_runs_without_spaces_are_cut_between_graphemes_at_full_budget():
    text = "[" + ",".join(str(i) for i in range(20000)) + "]"
    cs = chunk_text(text, ChunkConfig(budget=256))
    assert all(Flag.GRAPHEME_CUT in c.flags for c in cs.chunks)
    assert all(c.token_count == 256 for c in cs.chunks[:-1])
    import regex

    korean = unicodedata.normalize("NFD", "한국어텍스트") * 200  # conjoining jamo, no spaces
    ks = chunk_text(korean, ChunkConfig(budget=16))
    clusters = {m.end() for m in regex.finditer(r"\X", korean)}
    assert len(ks.chunks) > 10
    assert all(c.end in clusters for c in ks.chunks), "a chunk ends inside a Hangul syllable"


def test_blank_lines_never_form_a_chunk():
    text = "\n" + "QUJD" * 400 + "\n\nText after."
    cs = chunk_text(text, ChunkConfig(budget=64))
    assert all(c.text.strip() for c in cs.chunks)
    assert validate(text, cs.chunks, budget=64).passed


def test_giving_back_words_to_blank_lines_never_leaves_a_blank_chunk():
    # found by test_invariants: the blank " " before an oversized LINESTRING took the last
    # sentence of the previous piece, whose only other content was a "\n" left on its own
    text = (
        "Survey. POINT (0 0) Survey.\n\n" + "Survey " + "survey " * 12 + "survey. "
        "LINESTRING (1 0, -0.5 0.866, -0.5 -0.866)"
    )
    cs = chunk_text(text, ChunkConfig(budget=16))
    assert "".join(c.text for c in cs.chunks) == text
    assert all(c.text.strip() for c in cs.chunks), [c.text for c in cs.chunks]


def test_no_wgs84_box_where_the_coordinates_contradict_the_declared_frame():
    cs = chunk_text("All coordinates in EPSG:2155.\n\nPOINT (500000 200000)\n", ChunkConfig(budget=64))
    (c,) = cs.chunks
    assert c.crs.flagged and c.crs.confidence < 0.25
    assert c.features[0].bbox_wgs84 is None and c.bbox_wgs84 is None
    assert c.bbox == (500000.0, 200000.0, 500000.0, 200000.0)


@pytest.mark.parametrize("tokenize_in", ["auto", "process", "inline", " Inline ", ""])
def test_every_valid_tokenize_in_is_accepted_and_changes_nothing(monkeypatch, tokenize_in):
    """The tokenizer worker process is gone: ``tokenize_in`` (and ``$GEOCHUNK_TOKENIZE_IN``,
    whatever it says) is accepted and the document is tokenized in this process."""
    import warnings

    from geochunk.errors import ConfigError

    text = load_sample("land_use_appendix")  # large enough that "auto" once used the worker
    cfg = ChunkConfig(budget=256)
    plain = [c.to_dict() for c in chunk_text(text, cfg).chunks]
    assert [c.to_dict() for c in chunk_text(text, cfg, tokenize_in=tokenize_in).chunks] == plain
    for env in ("process", "threads"):  # a value that was never valid is ignored too, silently
        monkeypatch.setenv("GEOCHUNK_TOKENIZE_IN", env)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            got = analyse(text, tokenize_in=tokenize_in)
        assert [c.to_dict() for c in assemble(got, cfg).chunks] == plain
    with pytest.raises(ConfigError, match="unknown tokenize_in 'fork'; valid values: auto, process, inline"):
        chunk_text(text, cfg, tokenize_in="fork")
    with pytest.raises(ConfigError, match="tokenize_in must be a str, got int"):
        analyse("POINT (1 2)", tokenize_in=1)
