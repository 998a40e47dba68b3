"""Issue #8: every feature keeps its words, its attributes and its time; units as the seeds
define them; metadata complete enough to retrieve on."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping

import pytest

from geochunk import ChunkConfig, chunk_text
from geochunk.errors import ConfigError
from geochunk.pipeline import analyse, assemble
from geochunk.samples import load_sample
from geochunk.tokens.counting import PINNED_SHA256, get_counter
from geochunk.gates import validate

COUNTER = get_counter("cl100k_base")

PARCEL = (
    "### Parcel LU-0042 - Allotments\n"
    "POLYGON ((530000 180000, 530100 180000, 530100 180100, 530000 180100, 530000 180000))\n"
    + "".join(f"Note {k}: the plot holders asked for a new water trough near gate {k}\n" for k in range(12))
    + "Parcel ID: LU-0042\nSurvey date: 12 March 2024\n"
)


def _text_of(cs, c):
    return cs.analysis.text[c.core_start : c.end]


def test_attribute_block_larger_than_the_budget_never_divorces():
    text = "Intro paragraph.\n\n" + PARCEL + "\nAfter the parcel.\n"
    assert COUNTER.count(PARCEL) > 64
    for policy in ("isolate", "generalize", "split"):
        cs = chunk_text(text, ChunkConfig(budget=64, oversize=policy, tolerance="auto" if policy == "generalize" else None))
        (c,) = [c for c in cs.chunks if c.features]
        assert "Parcel ID: LU-0042" in c.text and "Note 11:" in c.text and c.oversized
        assert not [x for x in cs.chunks if not x.features and "Note " in x.text]
        assert c.features[0].attributes["Survey date"] == "12 March 2024"
        assert dict(c.context)["LU-0042"] == ("heading", "attributes")


def test_introducing_paragraph_travels_with_the_feature_and_the_chunk_says_so():
    text = (
        "General remarks about the survey, which took two weeks.\n\n"
        "The pump house below stands on the east bank:\n\n"
        "POINT (530000 180000)\nPump ID: PH-3\n\n"
        "Unrelated closing words.\n"
    )
    on = chunk_text(text, ChunkConfig(budget=40, unit="feature"))
    (c,) = [c for c in on.chunks if c.features]
    assert c.text.startswith("The pump house below") and dict(c.context)["PH-3"] == ("attributes", "prose")
    off = chunk_text(text, ChunkConfig(budget=40, unit="feature", attach_prose=False))
    (d,) = [c for c in off.chunks if c.features]
    assert d.text.startswith("POINT") and dict(d.context)["PH-3"] == ("attributes",)


def test_no_heading_only_or_heading_ending_chunks_on_the_report():
    a = analyse(load_sample("mixed_report"))
    for budget in (32, 64, 128, 256):
        cs = assemble(a, ChunkConfig(budget=budget))
        for k, c in enumerate(cs.chunks):
            lines = [ln for ln in a.text[c.core_start : c.end].splitlines() if ln.strip()]
            assert not all(ln.startswith("#") for ln in lines), (budget, c.index)
            if k + 1 < len(cs.chunks):
                assert not lines[-1].startswith("#"), (budget, c.index, lines[-1])


def test_unit_feature_gives_one_feature_per_chunk_and_section_never_crosses_a_heading():
    a = analyse(load_sample("land_use_appendix"))
    cs = assemble(a, ChunkConfig(budget=512, unit="feature"))
    with_features = [c for c in cs.chunks if c.features]
    assert len(with_features) == len(a.detection.spans)
    assert all(c.unit == "feature" and len(c.features) == 1 for c in with_features)
    assert cs.unit_shares["feature"] > 0.95
    auto = assemble(a, ChunkConfig(budget=512))
    assert max(len(c.features) for c in auto.chunks) > 1
    assert all(c.unit == "section" for c in auto.chunks if len(c.features) > 1)
    sec = assemble(analyse(load_sample("mixed_report")), ChunkConfig(budget=512, unit="section"))
    text = sec.analysis.text
    heads = [h for h, _ in sec.analysis.headings]
    under = {c: h for h, c in sec.analysis.headings}  # a heading right under another one
    for c in sec.chunks:
        # a section starts at the first heading of a chain ("## 3. Findings" + "### 3.1 ...")
        crossed = [h for h in heads if c.core_start < h < c.end and not text[c.core_start:h].isspace()
                   and not c.core_start <= under.get(h, -1)]
        assert not crossed, c.index
        lines = [ln for ln in text[c.core_start : c.end].splitlines() if ln.strip()]
        assert not all(ln.startswith("#") for ln in lines), (c.index, lines)
    assert validate(text, sec.chunks, budget=512, detection=sec.analysis.detection).passed


def test_unit_is_checked():
    with pytest.raises(ConfigError, match="valid values: auto, feature, section"):
        ChunkConfig(unit="paragraph")


def test_whole_document_fallback_is_reported():
    big = "POLYGON ((" + ", ".join(f"{i} {i % 7}" for i in range(400)) + ", 0 0))"
    cs = chunk_text(big, ChunkConfig(budget=64))
    assert len(cs.chunks) == 1 and cs.chunks[0].unit == "document" and cs.document_fallback
    assert cs.fallback_rate == 1.0
    small = chunk_text("POINT (1 2)", ChunkConfig(budget=64))
    assert small.chunks[0].unit == "document" and not small.document_fallback


def test_every_feature_carries_its_parsed_attributes():
    land = analyse(load_sample("land_use_appendix")).features[0]
    assert land.attributes["Parcel ID"] == "LU-0001" and land.attributes["Land use"] == "Residential"
    geo = analyse(load_sample("parcels")).features[0]
    # a read-only view over the span's properties JSON (issue #13), equal to its dict
    assert isinstance(geo.attributes, Mapping) and geo.attributes
    assert geo.attributes == json.loads(analyse(load_sample("parcels")).detection.spans[0].properties_json)
    sql = analyse(load_sample("sql_dump")).features[0]
    assert sql.attributes["parcel_ref"] == "SB-0001" and sql.attributes["surveyed_on"] == "2022-10-19"
    assert sql.to_dict()["attributes"]["land_use"] == "Mixed use"


def test_period_comes_from_the_source_and_is_never_invented():
    cs = chunk_text(load_sample("land_use_appendix"), ChunkConfig(budget=512, unit="feature"))
    c = next(c for c in cs.chunks if c.features)
    assert c.period is not None and c.period.source == "attribute:Survey date"
    assert c.period.start == c.features[0].attributes["Survey date"]
    sql = chunk_text(load_sample("sql_dump"), ChunkConfig(budget=512, unit="feature"))
    s = next(c for c in sql.chunks if c.features)
    assert s.period.start == "2022-10-19" and s.period.source == "row:surveyed_on"
    caption = chunk_text("## Site boundary (2019 survey)\nPOINT (1 2)\n", ChunkConfig(budget=64))
    assert caption.chunks[0].period.start == "2019" and caption.chunks[0].period.source == "caption"
    declared = chunk_text("The wells were surveyed in May 2021.\n\nPOINT (1 2)\n", ChunkConfig(budget=64))
    assert declared.chunks[0].period.start == "2021-05" and declared.chunks[0].period.source == "document"
    none = chunk_text("A well.\n\nPOINT (1 2)\nName: Old well\n", ChunkConfig(budget=64))
    assert none.chunks[0].period is None and none.chunks[0].to_dict()["period"] is None


def test_provenance_fields(tmp_path):
    folder = tmp_path / "county_survey"
    folder.mkdir()
    path = folder / "doc.md"
    text = "POINT (1 2)\nName: x\n"
    path.write_text(text, encoding="utf-8")
    from geochunk import chunk_file

    c = chunk_file(path, 64)[0]
    digest = hashlib.sha256(text.encode()).hexdigest()
    assert c.doc_sha256 == digest and c.collection == "county_survey" and c.version == digest[:16]
    assert c.tokenizer_sha256 in (PINNED_SHA256["cl100k_base"], None)
    assert c.chunker_version.startswith("geochunk/")
    named = chunk_file(path, 64, collection="C", version="v2")[0]
    assert (named.collection, named.version) == ("C", "v2")
    assert type(named).from_dict(named.to_dict()) == named


def test_every_chunk_with_a_feature_has_an_extent_or_says_why():
    for name in ("land_use_appendix", "parcels", "mixed_report", "sql_dump", "malformed"):
        cs = chunk_text(load_sample(name), ChunkConfig(budget=256))
        for c in cs.chunks:
            if c.features:
                assert (c.bbox is not None and c.bbox_wgs84 is not None) or (
                    c.extent_note and "no_extent" in c.flags
                ), (name, c.index)


def test_blank_lines_never_push_a_fitting_unit_over():
    unit = "### Parcel LU-9\nPOLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))\nParcel ID: LU-9\nLand use: Park\n"
    n = COUNTER.count(unit)
    words = ""
    while COUNTER.count(words + "word .") <= n:
        words += "word "
    for sep in ("\n \n", " \n\n", "\n\t\n", "\n  \n\n"):
        text = words.rstrip() + "." + sep + unit + "\n\nAfter text.\n"
        cs = chunk_text(text, ChunkConfig(budget=n))
        assert not [c for c in cs.chunks if c.oversized], sep
        assert all(c.token_count <= n for c in cs.chunks)
        assert validate(text, cs.chunks, budget=n).passed


_LINE = "LINESTRING (" + ", ".join(f"{530000 + k * 7} {180000 + k * 3}" for k in range(8)) + ")"


@pytest.mark.parametrize(
    "heads",
    [
        "SECTION TWO: THE MEADOW\n\n",  # plain upper-case heading
        "# Title\n\n## Part\n\n",  # a chain of headings
        "## Part\n\nThe meadow below is bounded by the ditch:\n\n",  # heading over an introduction
        "Part two\n========\n\n",  # setext
        "Notes on the ditch\n------------------\n\n",
    ],
)
def test_a_heading_never_ends_a_chunk_when_only_the_feature_under_it_fits(heads):
    """The orphaned heading: heading + feature over the budget, the feature alone within it.
    The heading used to end the previous chunk (or, with unit=section, stand alone)."""
    text = "Opening words about the survey and the river bank near the gate.\n\n" + heads + _LINE + "\n\nAfter.\n"
    first_head = text.index(heads)
    head_lines = {ln for ln in heads.splitlines() if ln.strip() and not ln.endswith(":")}
    lone = COUNTER.count(_LINE + "\n")
    whole = COUNTER.count(heads + _LINE + "\n")
    assert lone < whole
    for unit in ("auto", "feature", "section"):
        for budget in range(lone, whole + 2):
            cs = chunk_text(text, ChunkConfig(budget=budget, unit=unit))
            for c in cs.chunks:
                lines = [ln for ln in text[c.core_start : c.end].splitlines() if ln.strip()]
                assert lines[-1] not in head_lines, (unit, budget, c.text)
            (c,) = [c for c in cs.chunks if c.features]
            if not heads.endswith(":\n\n"):  # the headings travel with the feature under them
                assert c.core_start == first_head, (unit, budget, c.text)
                assert c.oversized == (budget < whole)
            assert validate(text, cs.chunks, budget=budget, detection=cs.analysis.detection).passed


def test_setext_headings_are_headings_and_name_their_feature():
    text = "Intro text here.\n\nParcel LU-0007\n--------------\nPOLYGON ((0 0, 1 0, 1 1, 0 0))\nArea: 2\n\nNext.\n"
    a = analyse(text)
    assert [text[h : text.index("\n", h)] for h, _ in a.headings] == ["Parcel LU-0007"]
    (f,) = a.features
    assert (f.id, f.id_source) == ("LU-0007", "heading")
    # a psql table rule, a lone '---' rule and a list item are not setext underlines
    for not_heading in (" id | name\n----+------\n  1 | a\n", "Text.\n\n---\n\nMore.\n", "- item\n---\n"):
        assert analyse(not_heading).headings == (), not_heading


def test_a_plain_heading_with_a_colon_is_not_the_previous_features_attribute():
    text = "POINT (1 2)\n\nDAY 1: HOLYROOD PARK\n\nWe walked the ridge.\n\nPOINT (3 4)\n\nDepth: 3 m\n"
    a = analyse(text)
    assert a.features[0].attributes is None
    assert a.features[1].attributes == {"Depth": "3 m"}
    cs = chunk_text(text, ChunkConfig(budget=16))
    assert not [c for c in cs.chunks if c.text.rstrip().endswith("HOLYROOD PARK")]
    assert "HOLYROOD" not in cs.chunks[0].text
