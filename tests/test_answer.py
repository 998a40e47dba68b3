"""The answer context (issue #30 point 1): claims graded from frames, no distance without a
measuring frame, citations, dedupe by feature identity, licence exclusion, a real token budget,
determinism; on a small real index of the bundled samples (real DuckDB, bm25s, tiktoken)."""

from __future__ import annotations

import dataclasses
import datetime as dt
import io
import json

import pytest

from geochunk.cli import main
from geochunk.errors import ConfigError
from geochunk.retrieve import Region, build_index, open_index, query_index
from geochunk.retrieve.answer import answer_context, fence_for
from geochunk.retrieve.catalog import Shortlisted
from geochunk.retrieve.claims import ClaimPolicy, grade_frame
from geochunk.retrieve.fuse import RRF_K
from geochunk.samples import load_sample
from geochunk.tokens.counting import get_counter

NOW = dt.datetime(2027, 1, 1)
SAMPLES = {"reports": ("mixed_report", "malformed"), "parks": ("parcels", "sparse_prose"),
           "closed": ("placemarks",)}
SUFFIX = {"mixed_report": "md", "malformed": "txt", "parcels": "geojson", "sparse_prose": "txt",
          "placemarks": "kml"}
# around the Westonzoyland washland (mixed_report: a frame named in words, flagged)
BRIDGWATER = Region.from_bbox(-3.1, 51.05, -2.85, 51.2)
# around (0 0): malformed.txt's geometry, whose frame is the fallback
ORIGIN = Region.from_bbox(-1.0, -1.0, 11.0, 11.0)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    d = tmp_path_factory.mktemp("answer")
    db = d / "samples.duckdb"
    texts = {}
    for collection, names in SAMPLES.items():
        paths = []
        for name in names:
            p = d / f"{name}.{SUFFIX[name]}"
            p.write_text(load_sample(name), encoding="utf-8")
            texts[p.name] = load_sample(name)
            paths.append(str(p))
        licence = {"reports": "unspecified", "parks": "CC-BY-4.0", "closed": "LicenseRef-NoAI"}[collection]
        build_index(paths, db, collection=collection, version="2026-12", licence=licence, embedder="hashing",
                    root=str(d))
    return db, texts


@pytest.fixture(scope="module")
def ix(built):
    index = open_index(built[0])
    yield index
    index.close()


def _tokens(text: str) -> int:
    counter = get_counter("cl100k_base")
    assert not counter.estimated  # real tiktoken ranks (offline)
    return len(counter.tiktoken_encoding.encode_ordinary(text))


def test_grades_and_thresholds() -> None:
    assert grade_frame(27700, 0.95, False, "explicit_code").grade == "measurement"
    assert grade_frame(4326, 0.8, False, "geojson_rfc7946").grade == "measurement"  # >= 0.8
    assert grade_frame(4326, 0.79, False, "name").grade == "descriptive"
    assert grade_frame(27700, 0.95, True, "name").grade == "descriptive"  # flagged
    assert grade_frame(4326, 0.3, True, "coordinates").grade == "descriptive"
    assert grade_frame(4326, 0.0, True, "fallback").grade == "none"
    assert grade_frame(4326, 0.0, True, None).grade == "none"  # an index that did not record the source
    assert grade_frame(None, None, False).grade == "none"  # no placed geometry
    strict = ClaimPolicy(measurement_at=0.96, descriptive_at=0.5)
    assert grade_frame(27700, 0.95, False, "explicit_code", strict).grade == "descriptive"
    assert grade_frame(4326, 0.3, True, "coordinates", strict).grade == "none"
    for claim in (grade_frame(4326, 0.3, True, "coordinates"), grade_frame(4326, 0.0, True, "fallback")):
        assert "distance not established" in claim.reason
    with pytest.raises(ConfigError, match="measurement_at must be a number in"):
        ClaimPolicy(measurement_at=1.5)
    with pytest.raises(ConfigError, match="must not exceed"):
        ClaimPolicy(measurement_at=0.2, descriptive_at=0.3)


def test_flagged_frame_is_descriptive_with_no_distance(ix) -> None:
    res = query_index(ix, "Westonzoyland washland spillway", BRIDGWATER, k=10, now=NOW)
    flagged = [r for r in res.rows if r.chunk_id.endswith("mixed_report.md#8")]
    assert flagged, [r.chunk_id for r in res.rows]
    (row,) = flagged
    assert row.frame_flagged and row.claim == "descriptive"
    assert row.distance_m is None and row.proximity == 0.0  # no proximity term either
    # it is ordered by the coordinates that placed it in the region (the distance ranking), but
    # shows no distance: its fused score is the text rankings', its distance rank's and, as a
    # lexical hit, the words' kind ranking's (rank 1)
    assert row.distance_rank is not None and row.bm25_rank is not None
    parts = sum(w / (RRF_K + r) for w, r in ((res.fusion["dense"], row.dense_rank),
                                             (res.fusion["lexical"], row.bm25_rank),
                                             (res.fusion["distance"], row.distance_rank),
                                             (res.fusion["kind"], 1)) if r is not None)
    assert row.fused == pytest.approx(parts)
    measured = [r for r in res.rows if r.claim == "measurement"]
    assert measured and all(r.distance_m is not None for r in measured)
    ctx = answer_context(res, budget=4000)
    (p,) = [p for p in ctx.passages if p.citation.chunk_id == row.chunk_id]
    assert p.grade == "descriptive" and p.distance_m is None
    assert p.distance.startswith("distance not established") and "flagged" in p.reason
    block = ctx.text()
    start = block.index(f"[{p.number}] ")
    assert "claim: descriptive" in block[start:] and "distance: distance not established" in block[start:]
    assert "its features are in different frames" in p.caveats  # the chunk's crs_mixed flag
    # the chunk's own period travels in its citation (the report's survey date)
    assert (p.citation.period_start, p.citation.period_end) == (row.period_start, row.period_end) != (None, None)
    assert f"period {row.period_start}/{row.period_end} ({row.period_source})" in p.citation.label()


def test_fallback_frame_is_none(ix) -> None:
    res = query_index(ix, "polygon brackets", ORIGIN, k=10, now=NOW)
    fallback = [r for r in res.rows if r.doc_id.endswith("malformed.txt")]
    assert fallback
    for r in fallback:
        assert r.frame_source == "fallback" and r.claim == "none"
        assert r.distance_m is None and r.proximity == 0.0
        assert r.distance_rank is None  # the fallback's coordinates do not order it by place either
    ctx = answer_context(res, budget=8000)
    got = [p for p in ctx.passages if p.citation.doc_id.endswith("malformed.txt")]
    assert got and all(p.grade == "none" and p.distance_m is None for p in got)
    assert all("no claim about where" in p.reason for p in got)


def test_thresholds_reach_the_query(ix) -> None:
    # a stricter policy turns the RFC 7946 parcels (confidence 0.80) descriptive: no distances
    region = Region.near(-3.19, 55.95, 3000)
    loose = query_index(ix, "allotment raised beds", region, k=5, now=NOW)
    strict = query_index(ix, "allotment raised beds", region, k=5, now=NOW, claims=ClaimPolicy(measurement_at=0.9))
    assert any(r.distance_m is not None for r in loose.rows)
    assert strict.rows and all(r.distance_m is None and r.claim == "descriptive" for r in strict.rows
                               if r.frame_source == "geojson_rfc7946")


def test_citations_point_into_the_document(ix, built) -> None:
    _, texts = built
    res = query_index(ix, "allotment raised beds", Region.near(-3.19, 55.95, 3000), k=6, now=NOW)
    ctx = answer_context(res, budget=20000)
    assert ctx.passages
    by_rank = {r.rank: r for r in res.rows}
    for p in ctx.passages:
        c, row = p.citation, by_rank[p.rank]
        assert (c.collection, c.version, c.doc_id, c.chunk_id) == ("parks", "2026-12", row.doc_id, row.chunk_id)
        assert c.feature_ids == row.feature_ids and c.feature_ids
        assert texts[c.doc_id][c.start:c.end] == p.text  # offsets into the document as read
        label = c.label()
        assert label.startswith("parks@2026-12 · parcels.geojson · chars ") and f"{c.start}-{c.end}" in label
        assert f"[{p.number}] {label}" in ctx.text()
    assert "Region searched: within 3000 m of -3.19,55.95" in ctx.text()


@pytest.mark.parametrize("budget", [700, 900, 1500, 3000, 6000])
def test_budget_is_respected_with_real_token_counts(ix, budget) -> None:
    res = query_index(ix, "allotment raised beds compost", Region.near(-3.19, 55.95, 3000), k=10, now=NOW)
    ctx = answer_context(res, budget=budget)
    text = ctx.text()
    assert ctx.tokens == _tokens(text) <= budget
    assert ctx.encoding == "cl100k_base"
    for p in ctx.passages:  # passages are whole: a geometry is never cut for the budget
        row = next(r for r in res.rows if r.rank == p.rank)
        assert p.text == row.text and row.text in text
    left = [x.rank for x in ctx.left_out if x.why == "budget"]
    assert sorted([p.rank for p in ctx.passages] + left + [x.rank for x in ctx.left_out if x.why != "budget"]) \
        == [r.rank for r in res.rows]
    if left:
        assert f"left out for the token budget (ranks {', '.join(map(str, left))})" in text
    # a smaller budget never holds more
    smaller = answer_context(res, budget=max(700, budget // 2))
    assert len(smaller.passages) <= len(ctx.passages)


def test_budget_too_small_for_the_header_is_one_clear_error(ix) -> None:
    res = query_index(ix, "allotment", Region.near(-3.19, 55.95, 3000), k=3, now=NOW)
    with pytest.raises(ConfigError, match=r"cannot hold the context's header and caveats \(\d+ tokens\)"):
        answer_context(res, budget=20)
    with pytest.raises(ConfigError, match="whole number of tokens"):
        answer_context(res, budget=0)


def test_dedupe_by_feature_identity(ix) -> None:
    res = query_index(ix, "allotment raised beds", Region.near(-3.19, 55.95, 3000), k=4, now=NOW)
    a, b = res.rows[0], res.rows[1]
    assert a.feature_ids and b.feature_ids and set(a.feature_ids).isdisjoint(b.feature_ids)
    # a later result holding only features already quoted (a's; a's and b's) is left out; one
    # holding a new feature too stays and says where the others are quoted already
    repeat = dataclasses.replace(a, rank=3, chunk_id=a.chunk_id + "-copy")
    both = dataclasses.replace(b, rank=4, chunk_id=b.chunk_id + "-more",
                               feature_ids=(b.feature_ids[0], "EXTRA-1", a.feature_ids[0]), text=b.text + " more")
    quoted = dataclasses.replace(b, rank=6, chunk_id=b.chunk_id + "-again", feature_ids=(*b.feature_ids, *a.feature_ids))
    other_doc = dataclasses.replace(a, rank=5, chunk_id="elsewhere#0", doc_id="elsewhere.geojson")
    fake = dataclasses.replace(res, rows=(a, b, repeat, both, other_doc, quoted))
    ctx = answer_context(fake, budget=20000)
    assert [p.rank for p in ctx.passages] == [1, 2, 4, 5]  # the same id in another document is another feature
    (kept,) = [p for p in ctx.passages if p.rank == 4]
    assert kept.also_in == ((b.feature_ids[0], 2), (a.feature_ids[0], 1))
    (gone,) = [x for x in ctx.left_out if x.rank == 3]
    assert gone.why == "repeat" and "[1]" in gone.detail
    assert [x.rank for x in ctx.left_out if x.why == "repeat"] == [3, 6]
    assert "left out as repeats of features already quoted (ranks 3, 6)" in ctx.text()
    assert f"feature {a.feature_ids[0]} also in [1]" in ctx.text()


def test_excluded_licence_never_reaches_the_context(ix, built) -> None:
    _, texts = built
    res = query_index(ix, "Helvellyn summit cairn footpath", None, k=10, now=NOW)
    assert all(r.collection != "closed" for r in res.rows)
    ctx = answer_context(res, budget=8000)
    assert "collection closed not searched: excluded: licence LicenseRef-NoAI" in ctx.text()
    # even a result of that collection handed to it directly is withheld, text and ids
    closed = dataclasses.replace(res.rows[0], collection="closed", chunk_id="placemarks.kml#3",
                                 doc_id="placemarks.kml", text="SECRET PLACEMARK TEXT", feature_ids=("secret-id",))
    ctx = answer_context(dataclasses.replace(res, rows=(closed, *res.rows)), budget=8000)
    text = ctx.text()
    assert "SECRET PLACEMARK TEXT" not in text and "secret-id" not in text and "placemarks.kml#3" not in text
    assert all(p.citation.collection != "closed" for p in ctx.passages)
    assert [x.why for x in ctx.left_out if x.rank == closed.rank] == ["licence"]
    assert "1 result(s) withheld: their collection's licence excludes retrieval" in text


def test_catalog_notes_staleness_coverage_and_unknown_licence(ix) -> None:
    res = query_index(ix, "flood defence crest survey", BRIDGWATER, k=5, now=NOW)
    caveated = tuple(dataclasses.replace(s, caveats=("coarser than the question needs (10 m asked, 50 m held)",))
                     if s.collection == "reports" else s for s in res.shortlist)
    assert any(isinstance(s, Shortlisted) and s.included and s.collection == "reports" for s in caveated)
    ctx = answer_context(dataclasses.replace(res, shortlist=caveated), budget=8000, stale_after_s=86400)
    text = ctx.text()
    assert "index built " in text and "versions closed@2026-12, parks@2026-12, reports@2026-12" in text
    assert "stale: the index is" in text  # built today, asked on 2027-01-01
    assert f"searched {res.searched} chunks ({res.in_region} in the region)" in text
    line = next(c for c in ctx.caveats if c.startswith("collection reports:"))
    assert "licence verdict: unknown" in line and "check its terms before quoting" in line
    assert line.endswith("coarser than the question needs (10 m asked, 50 m held)")


def test_same_result_same_context(ix) -> None:
    runs = [answer_context(query_index(ix, "allotment raised beds", Region.near(-3.19, 55.95, 3000), k=8, now=NOW),
                           budget=2500) for _ in range(2)]
    assert runs[0] == runs[1] and runs[0].text() == runs[1].text()
    d = runs[0].to_dict()
    assert json.loads(json.dumps(d))["text"] == runs[0].text()


def test_passage_text_cannot_close_its_fence() -> None:
    assert fence_for("x ```` y") == "`````"
    assert fence_for("") == "```"


def test_cli_context(built) -> None:
    db, _ = built
    out, err = io.StringIO(), io.StringIO()
    rc = main(["query", "allotment raised beds", "--db", str(db), "--near", "-3.19,55.95", "--radius", "3000",
               "--k", "4", "--context", "--context-budget", "1200"], out=out, err=err)
    assert rc == 0, err.getvalue()
    text = out.getvalue()
    assert text.startswith("# Context for: allotment raised beds\n") and _tokens(text) <= 1200
    assert "claim: measurement" in text and "m from the anchor" in text
    out = io.StringIO()
    rc = main(["query", "Westonzoyland washland spillway", "--db", str(db), "--bbox", "-3.1,51.05,-2.85,51.2",
               "--context", "--json"], out=out, err=err)
    d = json.loads(out.getvalue())
    assert rc == 0 and d["budget"] == 2048 and d["tokens"] <= 2048
    assert any(p["claim"] == "descriptive" and p["distance_m"] is None for p in d["passages"])
    rc = main(["query", "x", "--db", str(db), "--context", "--context-budget", "5"], out=io.StringIO(), err=err)
    assert rc == 2 and "cannot hold the context's header" in err.getvalue()
    err = io.StringIO()
    rc = main(["query", "x", "--db", str(db), "--measurement-confidence", "2"], out=io.StringIO(), err=err)
    assert rc == 2 and "measurement_at must be a number in [0, 1]" in err.getvalue()


def test_budget_property(ix) -> None:
    """Any budget the header fits: the block is within it (real counts), the passages are whole
    results in rank order, each result is accounted for once, and a larger budget keeps the
    passages that came before the first one left out."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    res = query_index(ix, "allotment raised beds compost pond", Region.near(-3.19, 55.95, 3000), k=8, now=NOW)
    texts = {r.rank: r.text for r in res.rows}

    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(st.integers(min_value=600, max_value=9000), st.integers(min_value=0, max_value=2000))
    def check(budget: int, more: int) -> None:
        ctx = answer_context(res, budget=budget)
        assert ctx.tokens == _tokens(ctx.text()) <= budget
        ranks = [p.rank for p in ctx.passages]
        assert ranks == sorted(ranks) and all(p.text == texts[p.rank] for p in ctx.passages)
        assert sorted(ranks + [x.rank for x in ctx.left_out]) == sorted(texts)
        assert [p.number for p in ctx.passages] == list(range(1, len(ranks) + 1))
        # a larger budget keeps every passage ranked before the first one this budget left out
        bigger = answer_context(res, budget=budget + more)
        assert bigger.tokens <= budget + more
        first_out = min((x.rank for x in ctx.left_out if x.why == "budget"), default=max(texts) + 1)
        assert {r for r in ranks if r < first_out} <= {p.rank for p in bigger.passages}

    check()


def test_document_control_characters_are_escaped_in_the_block(ix) -> None:
    res = query_index(ix, "allotment raised beds", Region.near(-3.19, 55.95, 3000), k=2, now=NOW)
    hostile = dataclasses.replace(res.rows[0], text="Plot 4\r\n\x1b[2J\x1b]0;owned\x07 POINT (1 2)\u2028end\r\n",
                                  doc_id="evil\x1b[31m.md")
    ctx = answer_context(dataclasses.replace(res, rows=(hostile,)), budget=4000)
    text = ctx.text()
    assert "\x1b" not in text and "\x07" not in text and "\r" not in text and "\u2028" not in text
    assert "Plot 4\n\\x1b[2J\\x1b]0;owned\\x07 POINT (1 2)\\u2028end\n```" in text
    assert "evil\\x1b[31m.md" in text
    assert ctx.passages[0].text == hostile.text  # the structured form stays exact
