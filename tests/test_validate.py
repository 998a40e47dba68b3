"""The validation gates: each passes on good chunks and fails on broken ones, naming the chunk."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest
from hypothesis import given, settings, strategies as st

from geochunk.detection.scan import detect
from geochunk.errors import ConfigError, ValidationError
from geochunk.model import Chunk, ChunkConfig, ChunkFeature, Detection, Flag, Frame, Part, Span
from geochunk.pipeline import analyse, assemble
from geochunk.samples import list_samples, load_sample
from geochunk.tokens.counting import get_counter
from geochunk.gates import GATES, Gate, GateReport, validate

COUNTER = get_counter("cl100k_base")
BNG = Frame(epsg=27700, confidence=0.95, source="explicit_code", flagged=False)

POLYGON = "POLYGON ((530000 180000, 530100 180000, 530100 180100, 530000 180000))"
FEATURE = json.dumps({"type": "Feature", "id": "F-1", "properties": {"name": "Pond"},
                      "geometry": {"type": "Point", "coordinates": [-3.19, 55.95]}})
GEOMETRIES = {
    "wkt": POLYGON,
    "ewkt": "SRID=27700;MULTIPOINT ((530000 180000), (530010 180020))",
    "geojson_feature": FEATURE,
    "geojson_geometry": '{"type": "LineString", "coordinates": [[0, 0], [1.5, 2.5]]}',
}


def document(geometry: str) -> str:
    return (
        "Survey notes for the north field.\n\n"
        f"### Parcel A\n{geometry}\nArea: 1 ha\n\n"
        "The hedge was laid in spring and the ditch cleared.\n\n"
        "POINT (530050 180050)\n\n"
        "End of notes.\n"
    )


def recounted(c: Chunk) -> Chunk:
    """``c`` with the count of its (changed) text: the tokens gate recounts every chunk."""
    return replace(c, token_count=COUNTER.count(c.text))


def chunks_at(text: str, cuts: list[int], changes: dict[int, dict] | None = None) -> list[Chunk]:
    """Source chunks between consecutive ``cuts`` (0 and len(text) added), with features and
    frames filled in the way the pipeline does it. ``changes`` maps index -> field changes."""
    spans = detect(text).spans
    bounds = [0, *cuts, len(text)]
    out = []
    for i, (a, b) in enumerate(zip(bounds, bounds[1:])):
        feats = tuple(
            ChunkFeature(id=f"f{k}", id_source="hash", kind=s.kind, geom_type=s.geom_type,
                         start=s.start, end=s.end, vertices=1, epsg=27700)
            for k, s in enumerate(spans) if a <= s.start and s.end <= b
        )
        c = Chunk("doc", i, a, b, a, text[a:b], COUNTER.count(text[a:b]), COUNTER.name,
                  "feature" if feats else "section", "mixed", features=feats,
                  crs=BNG if feats else None,
                  bbox=(530000.0, 180000.0, 530050.0, 180050.0) if feats else None,
                  bbox_wgs84=(-0.13, 51.50, -0.12, 51.51) if feats else None)
        out.append(replace(c, **(changes or {}).get(i, {})))
    return out


def paragraph_cuts(text: str) -> list[int]:
    return [m.end() for m in re.finditer("\n\n", text)]


def failed(report: GateReport) -> list[str]:
    return [g.name for g in report.failures]


# -- passes on good input ------------------------------------------------------------------------


@pytest.mark.parametrize("kind", sorted(GEOMETRIES))
@pytest.mark.parametrize("cuts", ["paragraphs", "none"])
def test_good_chunks_pass_every_gate(kind, cuts):
    text = document(GEOMETRIES[kind])
    chunks = chunks_at(text, paragraph_cuts(text) if cuts == "paragraphs" else [])
    report = validate(text, chunks, budget=800)
    assert report.passed, report.lines()
    assert [g.name for g in report.gates] == list(GATES)
    assert (report.chunks, report.features, report.oversize_rate) == (len(chunks), 2, 0.0)


def test_chunk_order_in_the_list_does_not_matter():
    text = document(POLYGON)
    chunks = chunks_at(text, paragraph_cuts(text))
    assert validate(text, chunks[::-1], budget=800).passed


def test_empty_document_with_no_chunks_passes():
    report = validate("", [], budget=64)
    assert report.passed and report.oversize_rate == 0.0 and report.chunks == 0


@pytest.mark.parametrize("name", [s.name for s in list_samples()])
@pytest.mark.parametrize("policy", ["generalize", "split"])
def test_samples_pass_every_gate_under_each_escape(name, policy):
    a = analyse(load_sample(name), doc_id=name)
    cs = assemble(a, ChunkConfig(budget=96, oversize=policy, tolerance="auto", doc_id=name))
    report = validate(a.text, cs.chunks, budget=96, detection=a.detection)
    assert report.passed, report.lines()
    assert report.oversize_rate == pytest.approx(cs.oversize_rate)


# -- each gate fails on a broken list, naming the chunk ------------------------------------------


@pytest.mark.parametrize("kind", sorted(GEOMETRIES))
def test_severed_geometry_fails_no_severing(kind):
    text = document(GEOMETRIES[kind])
    span = detect(text).spans[0]
    middle = (span.start + span.end) // 2
    chunks = chunks_at(text, [span.start, middle])
    report = validate(text, chunks, budget=800)
    gate = report.gate("no_severing")
    assert not gate.passed and "chunk 1: end" in gate.detail and "chunk 2: start" in gate.detail
    assert f"[{span.start}, {span.end})" in gate.detail
    assert "round_trip" in failed(report)  # severed means lost too


def test_lost_feature_fails_round_trip():
    text = document(POLYGON)
    chunks = chunks_at(text, paragraph_cuts(text))
    # chunk 1 claims to be the generalized polygon but carries no geometry text
    chunks[1] = recounted(replace(chunks[1], text="### Parcel A\n(geometry omitted)\nArea: 1 ha\n\n",
                                  text_kind="generalized", oversized=True))
    report = validate(text, chunks, budget=800)
    assert failed(report) == ["round_trip"]
    assert "chunk 1: generalized text carries no geometry" in report.gate("round_trip").detail


def test_skipped_feature_fails_round_trip_and_reconstruction():
    text = document(POLYGON)
    cuts = paragraph_cuts(text)
    chunks = chunks_at(text, cuts)
    del chunks[1]  # the chunk that held the polygon
    chunks = [replace(c, index=i) for i, c in enumerate(chunks)]
    report = validate(text, chunks, budget=800)
    assert set(failed(report)) >= {"round_trip", "reconstruction"}
    detail = report.gate("round_trip").detail
    assert re.search(r"chunk 0: POLYGON span \[\d+, \d+\) is lost", detail)
    assert "chunk 1: core starts at" in report.gate("reconstruction").detail


def test_duplicated_feature_fails_round_trip():
    text = document(POLYGON)
    cuts = paragraph_cuts(text)
    chunks = chunks_at(text, cuts)
    # chunk 2's core reaches back over chunk 1's polygon
    chunks[2] = replace(chunks[2], start=cuts[0], core_start=cuts[0], text=text[cuts[0]:cuts[2]])
    report = validate(text, chunks, budget=800)
    detail = report.gate("round_trip").detail
    assert "chunks 1, 2: POLYGON span" in detail and "duplicated in 2 cores" in detail
    assert "chunk 2: core starts at" in report.gate("reconstruction").detail


def test_overlap_outside_the_core_is_not_a_duplicate():
    text = document(POLYGON)
    cuts = paragraph_cuts(text)
    chunks = chunks_at(text, cuts)
    # chunk 2 repeats chunk 1 (with its polygon) as overlap; its own content starts at cuts[1]
    chunks[2] = recounted(replace(chunks[2], start=cuts[0], text=text[cuts[0]:cuts[2]], crs=BNG,
                        features=chunks[1].features, bbox=chunks[1].bbox, bbox_wgs84=chunks[1].bbox_wgs84))
    assert validate(text, chunks, budget=800).passed


def test_over_budget_without_flag_fails_budget():
    text = document(POLYGON)
    chunks = chunks_at(text, paragraph_cuts(text))
    biggest = max(chunks, key=lambda c: c.token_count)
    budget = biggest.token_count - 1
    report = validate(text, chunks, budget=budget)
    assert failed(report) == ["budget"]
    assert f"chunk {biggest.index}: {biggest.token_count} tokens > budget {budget}" in (
        report.gate("budget").detail)
    chunks[biggest.index] = replace(biggest, oversized=True, flags=(Flag.OVERSIZED,))
    report = validate(text, chunks, budget=budget)  # oversized, but nothing says it needs a fallback
    assert failed(report) == ["budget"] and "not flagged needs_fallback" in report.gate("budget").detail
    chunks[biggest.index] = replace(biggest, oversized=True, needs_fallback=True,
                                    flags=(Flag.OVERSIZED, Flag.NEEDS_FALLBACK))
    report = validate(text, chunks, budget=budget)
    assert report.passed and report.oversize_rate == pytest.approx(1 / len(chunks))


def test_gap_fails_reconstruction():
    text = document(POLYGON)
    cuts = paragraph_cuts(text)
    chunks = chunks_at(text, cuts)
    c = chunks[2]
    chunks[2] = recounted(replace(c, start=c.start + 5, core_start=c.start + 5, text=text[c.start + 5:c.end]))
    report = validate(text, chunks, budget=800)
    assert failed(report) == ["reconstruction"]
    assert "chunk 2: core starts at" in report.gate("reconstruction").detail
    assert "gap of 5 characters" in report.gate("reconstruction").detail


@pytest.mark.parametrize(
    ("change", "message"),
    [({"text": "something else"}, "chunk 2: source text differs"),
     ({"index": 7}, "index out of sequence at position 2"),
     ({"core_start": 10_000}, "chunk 2: range start"),
     ],
)
def test_broken_offsets_fail_reconstruction(change, message):
    text = document(POLYGON)
    chunks = chunks_at(text, paragraph_cuts(text), {2: change})
    report = validate(text, chunks, budget=800)
    assert message in report.gate("reconstruction").detail


def test_truncated_tail_fails_reconstruction():
    text = document(POLYGON)
    chunks = chunks_at(text, paragraph_cuts(text))[:-1]
    detail = validate(text, chunks, budget=800).gate("reconstruction").detail
    assert f"chunk {len(chunks) - 1}: cores end at" in detail


def test_generalized_text_need_not_match_the_source():
    text = document(POLYGON)
    chunks = chunks_at(text, paragraph_cuts(text))
    simpler = chunks[1].text.replace(POLYGON, "POLYGON ((530000 180000, 530100 180100, "
                                              "530100 180000, 530000 180000))")
    chunks[1] = replace(chunks[1], text=simpler, text_kind="generalized", oversized=True)
    assert validate(text, chunks, budget=800).passed


def test_broken_generalized_geometry_fails_geometries_parse():
    text = document(POLYGON)
    chunks = chunks_at(text, paragraph_cuts(text))
    broken = chunks[1].text.replace(POLYGON, "POLYGON ((530000 180000, 530100 180000))")
    chunks[1] = recounted(replace(chunks[1], text=broken, text_kind="generalized", oversized=True,
                        flags=(Flag.UNPARSEABLE_SPAN,)))  # a flag cannot excuse our own output
    report = validate(text, chunks, budget=800)
    assert failed(report) == ["geometries_parse"]
    assert "chunk 1: POLYGON span" in report.gate("geometries_parse").detail


@pytest.mark.parametrize("overlap", [0, 1])
def test_a_keyword_in_prose_cut_at_a_chunk_end_is_not_a_broken_geometry(overlap):
    # review of issue 7: "POINT (1." ends a sentence; the document holds no geometry there, but
    # the chunk "POINT (1." alone read as an unclosed POINT and failed geometries_parse
    text = "POINT (1. The survey found a well. Parcel ID: LU-0007\n"
    assert detect(text).spans == ()
    cs = assemble(analyse(text), ChunkConfig(budget=16, overlap=overlap))
    report = validate(text, cs.chunks, budget=16)
    assert report.passed, report.lines()
    cut = chunks_at(text, [9])  # cut right after "1." whatever the packer chose
    assert cut[0].text == "POINT (1."
    gate = validate(text, cut, budget=800).gate("geometries_parse")
    assert gate.passed and "read as an unclosed geometry only at a chunk's end" in gate.detail


def test_a_geometry_the_document_scan_missed_and_a_chunk_severed_still_fails():
    # the gate keeps its use as the fuzz tests' oracle: were the document's scan to miss a
    # geometry (an empty detection stands in for the miss), a chunk that severs it is reported
    text = "Wells: POINT (1 2) and LINESTRING (0 0, 1 1, 2 2) here.\n"
    chunks = chunks_at(text, [text.index(", 1 1")])
    missed = replace(detect(text), spans=())
    report = validate(text, chunks, budget=800, detection=missed)
    assert "geometries_parse" in failed(report)
    assert "LINESTRING" in report.gate("geometries_parse").detail


@pytest.mark.parametrize(
    ("bad", "flag"),
    [("POINT (1 2 3 4 5)", Flag.UNPARSEABLE_SPAN),
     ("POLYGON ((0 0, 1 0, 1 1, 0 0)", Flag.UNCLOSED_GEOMETRY),
     ('{"type": "Point", "coordinates": [1, "x"]}', Flag.UNPARSEABLE_SPAN)],
)
def test_unparseable_source_span_passes_only_when_flagged(bad, flag):
    text = document(POLYGON).replace("POINT (530050 180050)", bad)
    spans = detect(text).spans
    assert spans[1].status != "ok" or "x" in bad
    cuts = paragraph_cuts(text)
    chunks = chunks_at(text, cuts)
    holder = next(c for c in chunks if c.start <= spans[1].start < c.end)
    report = validate(text, chunks, budget=800)
    assert "geometries_parse" in failed(report)
    assert f"chunk {holder.index}:" in report.gate("geometries_parse").detail
    chunks[holder.index] = replace(holder, flags=(flag,))
    report = validate(text, chunks, budget=800)
    assert report.gate("geometries_parse").passed, report.lines()
    assert "1 unparseable source span(s) flagged" in report.gate("geometries_parse").detail


def test_feature_without_frame_fails_frames():
    text = document(POLYGON)
    chunks = chunks_at(text, paragraph_cuts(text), {1: {"crs": None}})
    report = validate(text, chunks, budget=800)
    assert failed(report) == ["frames"]
    assert "chunk 1: has geometry and no frame" in report.gate("frames").detail
    flagged = chunks_at(text, paragraph_cuts(text), {1: {"crs": None,
                                                           "flags": (Flag.CRS_FLAGGED,)}})
    assert failed(validate(text, flagged, budget=800)) == ["frames"]  # a flag is not a frame
    fallback = Frame(4326, 0.2, "fallback", True, name="WGS 84")
    warned = chunks_at(text, paragraph_cuts(text), {1: {"crs": fallback, "flags": (Flag.CRS_FLAGGED,)}})
    assert validate(text, warned, budget=800).passed  # the flagged WGS 84 fallback is a frame
    guessed = chunks_at(text, paragraph_cuts(text), {1: {"crs": replace(
        BNG, epsg=None, flagged=True)}})
    assert validate(text, guessed, budget=800).passed


@pytest.mark.parametrize(
    ("change", "message"),
    [({"text": ""}, "chunk 2: empty text"),
     ({"text": " \n\t"}, "chunk 2: whitespace-only text")],
)
def test_empty_chunks_fail_no_empty(change, message):
    text = document(POLYGON)
    chunks = chunks_at(text, paragraph_cuts(text), {2: change})
    assert message in validate(text, chunks, budget=800).gate("no_empty").detail


def test_whitespace_document_may_have_whitespace_chunks():
    text = "\n\n   \n"
    chunks = chunks_at(text, [2])
    assert validate(text, chunks, budget=64).passed


@pytest.mark.parametrize(
    ("change", "message"),
    [({"token_count": 0}, "chunk 2: token_count 0 is not positive"),
     ({"tokenizer": ""}, "chunk 2: no tokenizer named"),
     ({"tokenizer": "o200k_base"}, "chunks use 2 tokenizers")],
)
def test_bad_counts_fail_tokens(change, message):
    text = document(POLYGON)
    chunks = chunks_at(text, paragraph_cuts(text), {2: change})
    report = validate(text, chunks, budget=800)
    assert failed(report) == ["tokens"] and message in report.gate("tokens").detail


# -- split parts ---------------------------------------------------------------------------------


def split_chunks(text: str, *, same_core: bool, indices=(0, 1)) -> list[Chunk]:
    """Chunks with the MULTIPOINT split into two part chunks (the pipeline gives later parts an
    empty core at the unit's end; ``same_core`` gives every part the whole core instead)."""
    cuts = paragraph_cuts(text)
    chunks = chunks_at(text, cuts)
    unit = chunks[1]
    parts = []
    for k, (i, point) in enumerate(zip(indices, ("POINT (530000 180000)",
                                                 "POINT (530010 180020)"))):
        body = unit.text.replace(GEOMETRIES["ewkt"], "SRID=27700;" + point)
        core = unit.start if (k == 0 or same_core) else unit.end
        parts.append(recounted(replace(unit, core_start=core, text=body, text_kind="part", oversized=True,
                             part=Part("f0", i, 2), flags=(Flag.OVERSIZED, Flag.SPLIT_PART))))
    out = [chunks[0], *parts, *chunks[2:]]
    return [replace(c, index=i) for i, c in enumerate(out)]


@pytest.mark.parametrize("same_core", [False, True])
def test_split_parts_count_once(same_core):
    text = document(GEOMETRIES["ewkt"])
    report = validate(text, split_chunks(text, same_core=same_core), budget=800)
    assert report.passed, report.lines()
    assert "(1 split into parts)" in report.gate("round_trip").detail


def test_missing_part_fails_round_trip():
    text = document(GEOMETRIES["ewkt"])
    chunks = split_chunks(text, same_core=False, indices=(0, 0))
    detail = validate(text, chunks, budget=800).gate("round_trip").detail
    assert "chunks 1, 2: parts of feature 'f0' are [0, 0] of [2]" in detail


# -- the report ----------------------------------------------------------------------------------


def test_report_lines_and_raise():
    text = document(POLYGON)
    chunks = chunks_at(text, paragraph_cuts(text), {2: {"token_count": 0}})
    report = validate(text, chunks, budget=800)
    lines = report.lines()
    assert len(lines) == len(GATES) + 1
    assert lines[0].startswith("PASS geometries_parse") and "FAIL tokens" in lines[-2]
    assert lines[-1].startswith("8/9 gates passed; 5 chunks, 2 features, oversize rate 0.0%")
    with pytest.raises(ValidationError, match="1 validation gate") as info:
        report.raise_if_failed()
    assert info.value.failures == (f"tokens: {report.gate('tokens').detail}",)
    validate(text, chunks_at(text, []), budget=800).raise_if_failed()


def test_long_failure_lists_are_shortened():
    text = document(POLYGON)
    chunks = chunks_at(text, list(range(1, len(text))))  # one chunk per character
    detail = validate(text, chunks, budget=800).gate("no_severing").detail
    assert detail.count("chunk ") == 5 and "... and" in detail


def test_unknown_gate_and_bad_budget_raise_config_error():
    report = GateReport((Gate("budget", True, "ok"),), 0.0, 0, 0)
    with pytest.raises(ConfigError, match="valid values: geometries_parse, no_swallowing, no_severing"):
        report.gate("speed")
    with pytest.raises(ConfigError, match="positive integer"):
        validate("x", [], budget=0)


# -- properties ----------------------------------------------------------------------------------

PIECES = [
    "Notes on the drainage survey.", "The culvert was blocked after the storm.",
    POLYGON, GEOMETRIES["ewkt"], FEATURE, GEOMETRIES["geojson_geometry"],
    "LINESTRING (0 0, 1 1, 2 0)", "Gauge readings were normal.",
]


@settings(max_examples=60, deadline=None)
@given(
    pieces=st.lists(st.sampled_from(PIECES), min_size=1, max_size=8),
    keep=st.lists(st.booleans(), min_size=8, max_size=8),
    data=st.data(),
)
def test_property_any_cut_between_pieces_passes_and_any_cut_inside_fails(pieces, keep, data):
    text = "\n\n".join(pieces) + "\n"
    between = [m.end() for m in re.finditer("\n\n", text)]
    cuts = [p for p, k in zip(between, keep) if k]
    report = validate(text, chunks_at(text, cuts), budget=10_000)
    assert report.passed, report.lines()
    spans = detect(text).spans
    if not spans:
        return
    s = data.draw(st.sampled_from(spans))
    inside = data.draw(st.integers(min_value=s.start + 1, max_value=s.end - 1))
    bad = sorted({*cuts, inside})
    report = validate(text, chunks_at(text, bad), budget=10_000)
    gate = report.gate("no_severing")
    k = bad.index(inside)
    assert not gate.passed and f"chunk {k}: end {inside} falls inside" in gate.detail


def test_a_detection_that_swallowed_a_closed_geometry_fails_no_swallowing() -> None:
    # issue #8: the old detector protected a shortened repr to the end of its block and the six
    # closed POLYGONs after it were never features; validate passed. Now the gate fails on it.
    text = "<POLYGON ((12 10, 14 10, \u2026 8.5...>\n" + "".join(
        f"p{i} = POLYGON (({i} 0, {i + 1} 0, {i + 1} 1, {i} 0))\n" for i in range(6)
    )
    swallowed = Span(1, len(text) - 1, "wkt", "POLYGON", text[1:-1], status="unclosed", error="x")
    chunk = Chunk("d", 0, 0, len(text), 0, text, 99, "cl100k_base", "document", "paragraph",
                  flags=("unclosed_geometry", "crs_flagged"))
    gate = validate(text, [chunk], budget=800, detection=Detection((swallowed,))).gate("no_swallowing")
    assert not gate.passed and "swallows a closed POLYGON" in gate.detail
    fresh = detect(text)
    assert validate(text, [chunk], budget=800, detection=fresh).gate("no_swallowing").passed
    assert sum(s.status == "ok" for s in fresh.spans) == 6


def test_the_seeds_broken_chunks_fail():
    """Issue #25: each of these passed before; the gates recount and ask for flags and frames."""
    text = document(POLYGON) + ("The survey walked the boundary twice. " * 40) + "\n"
    cuts = paragraph_cuts(text)
    chunks = chunks_at(text, cuts)
    big = max(chunks, key=lambda c: c.token_count)
    assert big.token_count > 256
    lying = list(chunks)
    lying[big.index] = replace(big, token_count=5)  # claims 5, holds ~300: nothing recounted it
    report = validate(text, lying, budget=256)
    assert {"tokens", "budget"} <= set(failed(report))
    assert f"chunk {big.index}: token_count 5, recounted {big.token_count} by cl100k_base" in report.gate("tokens").detail
    assert f"chunk {big.index}: {big.token_count} tokens > budget 256 and not flagged needs_fallback" in (
        report.gate("budget").detail)
    no_frame = chunks_at(text, cuts, {1: {"crs": None}})
    assert "frames" in failed(validate(text, no_frame, budget=800))
