"""view.tables and view.reasons: chunk, review and corpus tables; decisions CSV."""

from __future__ import annotations

import io

import pandas as pd
import pytest

from geochunk.errors import ConfigError
from geochunk.model import Chunk, ChunkFeature, Flag, Frame, Generalization, Part
from geochunk.view.reasons import REVIEW_FLAGS, flag_reasons, needs_review
from geochunk.view.tables import (
    Decision,
    chunk_key,
    chunk_metadata,
    chunks_frame,
    corpus_error_row,
    corpus_frame,
    decisions_csv,
    review_frame,
)


def _chunk(i: int, tokens: int = 10, flags: tuple[str, ...] = (), **kw) -> Chunk:
    feats = (ChunkFeature(f"f{i}", "geojson:id", "geojson", "POLYGON", i * 10, i * 10 + 5, 5),)
    return Chunk("doc.md", i, i * 10, i * 10 + 10, i * 10, "x" * 10, tokens, "cl100k_base",
                 "feature", "feature", features=feats, flags=flags, **kw)


CHUNKS = [
    _chunk(0),
    _chunk(1, 900, (Flag.OVERSIZED,), oversized=True),
    _chunk(2, 700, (Flag.GENERALIZED,), text_kind="generalized",
           generalized=Generalization(2.5, 40000, 900, 1.2, 0.001, True)),
    _chunk(3, 40, (Flag.SPLIT_PART,), part=Part("f3", 1, 4), text_kind="part"),
    _chunk(4, 40, (Flag.CRS_FLAGGED,), crs=Frame(4326, 0.3, "coordinates", True,
                                                  notes=("guessed from coordinate ranges",))),
    _chunk(5, 40, (Flag.REWRAPPED,)),
]


def test_chunks_frame_has_one_row_per_chunk() -> None:
    df = chunks_frame(CHUNKS, budget=800)
    assert list(df["chunk"]) == [0, 1, 2, 3, 4, 5]
    assert list(df["over budget"]) == [False, True, False, False, False, False]
    assert df.loc[1, "flags"] == "oversized"
    assert df.loc[0, "feature ids"] == "f0"
    assert {"tokens", "features", "unit", "flags"} <= set(df.columns)


def test_chunks_frame_empty() -> None:
    assert chunks_frame([], 100).empty


@pytest.mark.parametrize(
    "index, expected",
    [
        (1, "900 tokens, over the 800-token budget"),
        (2, "40,000 → 900 vertices at tolerance 2.5"),
        (3, "part 2 of 4 of multipart feature f3"),
        (4, "EPSG:4326 from coordinates with confidence 30%: guessed from coordinate ranges"),
        (5, "FeatureCollection rebuilt"),
    ],
)
def test_flag_reasons_explain(index: int, expected: str) -> None:
    assert expected in "; ".join(flag_reasons(CHUNKS[index], 800))


def test_review_frame_lists_only_flagged_chunks_with_decisions() -> None:
    key = chunk_key(CHUNKS[1])
    df = review_frame(CHUNKS, 800, {key: Decision("accepted", "fine")})
    assert list(df["chunk"]) == [1, 2, 3, 4]  # rewrapped alone is not a review flag
    assert df.loc[0, "decision"] == "accepted" and df.loc[0, "note"] == "fine"
    assert set(df.loc[1:, "decision"]) == {"undecided"}
    assert all(needs_review(CHUNKS[i]) for i in df["chunk"])
    assert Flag.REWRAPPED not in REVIEW_FLAGS


def test_decisions_csv_round_trips_and_neutralises_formulas() -> None:
    d = {chunk_key(CHUNKS[2]): Decision("needs work", "=HYPERLINK(\"http://x\")"),
         chunk_key(CHUNKS[4]): Decision("accepted", "ok, frame checked")}
    text = decisions_csv(CHUNKS, 800, d, doc_id="doc.md")
    df = pd.read_csv(io.StringIO(text), keep_default_na=False)
    assert list(df["chunk"]) == [1, 2, 3, 4]
    assert list(df["decision"]) == ["undecided", "needs work", "undecided", "accepted"]
    assert df.loc[1, "note"].startswith("'=")
    assert df.loc[3, "note"] == "ok, frame checked"
    assert set(df["budget"]) == {800} and set(df["doc_id"]) == {"doc.md"}


@pytest.mark.parametrize("status", ["accepted", "needs work", "undecided"])
def test_decision_statuses(status: str) -> None:
    assert Decision(status).status == status


def test_decision_rejects_unknown_status_listing_valid_ones() -> None:
    with pytest.raises(ConfigError, match="valid values: undecided, accepted, needs work"):
        Decision("maybe")


def test_chunk_key_is_stable_and_distinguishes_parts() -> None:
    a = _chunk(3, part=Part("f3", 0, 2))
    b = _chunk(3, part=Part("f3", 1, 2))
    assert chunk_key(a) != chunk_key(b)
    assert chunk_key(a) == chunk_key(_chunk(3, part=Part("f3", 0, 2)))


def test_chunk_metadata_drops_text_only() -> None:
    meta = chunk_metadata(CHUNKS[1])
    assert "text" not in meta and meta["token_count"] == 900 and meta["flags"] == ["oversized"]


def test_corpus_frame_keeps_error_rows() -> None:
    df = corpus_frame([corpus_error_row("bad.bin", "not UTF-8 text")])
    assert df.loc[0, "error"] == "not UTF-8 text" and df.loc[0, "chunks"] == 0


def test_oversized_reason_after_an_escape_says_what_the_chunk_carries() -> None:
    c = _chunk(7, 700, (Flag.OVERSIZED, Flag.GENERALIZED), oversized=True, text_kind="generalized",
               generalized=Generalization(2.5, 40000, 900, 1.2, 0.001, True))
    [oversized, _] = flag_reasons(c, 800)
    assert "source unit (f7) is over the 800-token budget" in oversized
    assert "generalized form (700 tokens)" in oversized


@pytest.mark.parametrize("cell", ["=1+1", "+1", "-1+A1", "@SUM(A1)", "\t=1", "\r=1", "  =1",
                                  "\uff1d1", "=HYPERLINK(\"http://x\")"])
def test_every_csv_neutralises_formulas(cell: str) -> None:
    import csv
    import io

    import pandas as pd

    from geochunk.view.tables import corpus_error_row, corpus_frame, safe_csv

    for frame in (pd.DataFrame({"document": [cell], "n": [-3]}),
                  corpus_frame([corpus_error_row(cell, cell)])):
        rows = list(csv.DictReader(io.StringIO(safe_csv(frame))))
        assert rows[0]["document"] == "'" + cell
        assert all(not v.lstrip(" ")[:1] in "=+@\t\r\uff1d" or v == "" for v in rows[0].values())
    assert list(csv.reader(io.StringIO(safe_csv(pd.DataFrame({"n": [-3]})))))[1] == ["-3"]
