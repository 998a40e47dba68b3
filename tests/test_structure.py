"""Structure people expect from a chunker: fenced code blocks and the heading path."""

from __future__ import annotations

import json
import os

import pytest

import geochunk
from geochunk.cli import main
from geochunk.context.fences import find_fences
from geochunk.context.headings import find_headings, heading_glue
from geochunk.integrations import FLAT_METADATA_KEYS, METADATA_KEYS, chunk_metadata
from geochunk.model import Chunk, ChunkConfig, Flag
from geochunk.pipeline import chunk_text
from geochunk.samples import load_sample
from geochunk.tokens.counting import get_counter

COUNT = get_counter("cl100k_base").count

CODE = (
    "Run the loader:\n\n```python\nimport geochunk  # Load it. Then chunk it.\n"
    "chunks = geochunk.chunk(open('parcels.md').read(), budget=256)  # One call. Done!\n"
    "# A comment. Not a heading.\n\n"
    "print(len(chunks), 'chunks were made. See the README for the schema.')\n```\n\nThat is all.\n"
)


def _fence_range(text: str) -> tuple[int, int]:
    (f,) = find_fences(text)
    return f.start, f.end


def _line_starts(text: str) -> set[int]:
    return {0} | {i + 1 for i, ch in enumerate(text) if ch == "\n"}


@pytest.mark.parametrize("budget", range(16, 72, 4))
def test_a_fence_is_whole_when_it_fits_else_cut_at_line_ends(budget):
    lo, hi = _fence_range(CODE)
    chunks = geochunk.chunk(CODE, budget=budget)
    if COUNT(CODE[lo:hi]) <= budget:
        assert any(c.core_start <= lo and hi <= c.end for c in chunks), [c.text for c in chunks]
    starts = _line_starts(CODE)
    lines = CODE.splitlines(keepends=True)
    for c in chunks[1:]:
        p = c.core_start
        if lo < p < hi and p not in starts:  # mid-line: only in a line over the budget
            line = next(ln for ln in lines if CODE.index(ln) <= p < CODE.index(ln) + len(ln))
            assert COUNT(line) > budget, (budget, repr(CODE[p - 20 : p + 5]))
    for c in chunks:
        meets = c.core_start < hi and lo < c.end
        assert (c.fence == "python") == meets
        whole = c.core_start <= lo and hi <= c.end
        assert (Flag.FENCE_SPLIT in c.flags) == (meets and not whole)


def test_the_fence_used_to_be_cut_mid_line_at_budget_24():
    # before: "... budget=256)  # One call." | " Done!" and "... made." | " See the ..." cuts;
    # lines that fit are never cut now
    texts = [c.text for c in geochunk.chunk(CODE, budget=24)]
    assert "# A comment. Not a heading.\n\n" in "".join(t for t in texts if t.startswith("# A comment"))
    assert not any(t.startswith(" See the README") for t in texts)


def test_nothing_in_a_fence_is_a_heading():
    text = "# Real\n\n```sh\n# not a heading\n\nSETUP\n\nrun it\n```\n\n## Also real\nx\n"
    fences = [(f.start, f.end) for f in find_fences(text)]
    assert [h.title for h in find_headings(text, fences)] == ["Real", "Also real"]
    assert len(heading_glue(text, fences)) == 2
    paths = {c.headings for c in geochunk.chunk(text, budget=16)}
    assert paths <= {("Real",), ("Real", "Also real")}


def test_a_wkt_fence_follows_the_geometry_rules():
    wkt = "POLYGON ((" + ", ".join(f"{530000 + i * 3.5:.2f} {180000 + (i % 7) * 2.25:.2f}" for i in range(60)) + ", 530000.00 180000.00))"
    text = f"Parcel outline:\n\n```wkt\n{wkt}\n```\n\nParcel ID: P-1\n\nMore notes follow here.\n"
    for budget in (16, 64, 256, 2048):
        for c in geochunk.chunk(text, budget=budget):
            s = text.index(wkt)
            assert not (c.core_start < s < c.end < s + len(wkt)) and not (s < c.core_start < s + len(wkt))
            if c.core_start < text.index("```\n\n") and text.index("```wkt") < c.end:
                assert c.fence == "wkt"


def test_tilde_fences_long_fences_and_an_unclosed_fence():
    text = "A.\n\n~~~~ {.sql}\nSELECT 1;\n~~~\nSTILL INSIDE;\n~~~~~\n\nB.\n\n```\nnever closed\n\nstill code\n"
    fs = find_fences(text)
    assert [(f.info, f.closed) for f in fs] == [("{.sql}", True), ("", False)]
    assert text[fs[0].start : fs[0].end].endswith("~~~~~\n")
    chunks = geochunk.chunk(text, budget=16)
    tail = [c for c in chunks if c.end == len(text)][0]
    assert tail.fence == ""


def test_a_fence_in_a_list_item_is_a_fence_and_ends_with_it():
    # before: "- ```wkt" opened nothing, so its closing "  ```" opened a fence that ran to the
    # end of the document: "# Later" was no heading and every later chunk said fence ""
    text = "# Top\n\n- ```wkt\n  POINT (1 2)\n  ```\n- next\n\n# Later\n\nLater text here.\n"
    (f,) = find_fences(text)
    assert (text[f.start : f.end], f.info, f.closed) == ("- ```wkt\n  POINT (1 2)\n  ```\n", "wkt", True)
    assert [h.title for h in find_headings(text, [(f.start, f.end)])] == ["Top", "Later"]
    chunks = geochunk.chunk(text, budget=16)
    assert chunks[0].fence == "wkt" and chunks[-1].headings == ("Later",)
    assert all(c.fence is None for c in chunks if c.core_start >= f.end)
    # indented under an ordered item (4 spaces), closed at the item's indentation
    text = "1. Outline:\n\n    ```wkt\n    POINT (1 2)\n\n    POINT (3 4)\n    ```\n\n2. Next\n"
    (f,) = find_fences(text)
    assert f.closed and text[f.start : f.end].endswith("    ```\n") and f.info == "wkt"
    # never closed: it ends with its list item (the first line indented less than its run)
    text = "- ```py\n  # not a heading\n\n# Heading\n\nText.\n"
    (f,) = find_fences(text)
    assert not f.closed and f.end == text.index("# Heading")
    assert [h.title for h in find_headings(text, [(f.start, f.end)])] == ["Heading"]
    # hostile: many list-item fences, each ended by the next item
    assert len(find_fences("- ```\n" * 20_000)) == 20_000


def test_mixed_report_fence_pieces_say_so():
    text = load_sample("mixed_report")
    chunks = geochunk.chunk(text, budget=128)
    lo, hi = [(f.start, f.end) for f in find_fences(text)][0]
    pieces = [c for c in chunks if c.core_start < hi and lo < c.end]
    assert len(pieces) > 1 and all(c.fence == "" and Flag.FENCE_SPLIT in c.flags for c in pieces)


# -- heading path -------------------------------------------------------------------------------


def test_every_chunk_carries_the_headings_it_sits_under():
    text = load_sample("land_use_appendix")
    chunks = geochunk.chunk(text, budget=256)
    by_parcel = {c.features[0].id: c.headings for c in chunks if len(c.features) == 1}
    assert by_parcel["LU-0012"] == (
        "Appendix C — Land-use parcel schedule", "C.1 Schedule of parcels", "Parcel LU-0012 — Retail",
    )
    assert chunks[0].headings == ("Appendix C — Land-use parcel schedule",)
    assert chunks[-1].headings[:2] == ("Appendix C — Land-use parcel schedule", "C.2 Summary by land use")


def test_heading_levels_close_deeper_headings():
    text = (
        "Report\n======\n\nIntro text here.\n\n## Appendix B\n\nSome text.\n\n### Parcel LU-0012 ###\n"
        "POINT (1 2)\n\n## Appendix C\n\nOther text.\n\nNOTES\n\nA plain note.\n"
    )
    chunks = geochunk.chunk(text, budget=16, unit="section")  # a chunk per section
    got = {c.text.strip().split("\n")[-1]: c.headings for c in chunks}
    assert got["POINT (1 2)"] == ("Report", "Appendix B", "Parcel LU-0012")
    assert got["Other text."] == ("Report", "Appendix C")
    assert got["A plain note."] == ("Report", "Appendix C", "NOTES")
    assert chunks[0].headings == ("Report",)


def test_no_headings_no_path():
    assert all(c.headings == () for c in geochunk.chunk("Just prose. " * 30, budget=16))


def test_headings_and_fence_travel_to_jsonl_metadata_and_back(capsys, tmp_path):
    text = "# Appendix B\n\n## Parcel LU-0012\n\n```wkt\nPOINT (1 2)\n```\n"
    (c,) = geochunk.chunk(text, budget=64)
    assert c.headings == ("Appendix B", "Parcel LU-0012") and c.fence == "wkt"
    d = json.loads(c.to_json())
    assert d["headings"] == ["Appendix B", "Parcel LU-0012"] and d["fence"] == "wkt" and d["normalization"] is None
    assert Chunk.from_dict(d) == c
    meta = chunk_metadata(c)
    assert meta["headings"] == ["Appendix B", "Parcel LU-0012"] and meta["fence"] == "wkt"
    assert tuple(meta) == METADATA_KEYS
    flat = chunk_metadata(c, flat=True)
    assert flat["headings"] == "Appendix B > Parcel LU-0012" and set(flat) == set(FLAT_METADATA_KEYS)
    path = tmp_path / "a.md"
    path.write_text(text, encoding="utf-8")
    assert main(["chunk", "--budget", "64", str(path)]) == 0
    row = json.loads(capsys.readouterr().out.splitlines()[0])
    assert row["headings"] == ["Appendix B", "Parcel LU-0012"] and row["fence"] == "wkt"


def test_the_adapters_pass_the_path_on():
    pytest.importorskip("langchain_text_splitters")
    pytest.importorskip("llama_index.core")
    from llama_index.core import Document

    from geochunk.integrations.langchain import GeochunkTextSplitter
    from geochunk.integrations.llamaindex import GeochunkNodeParser

    text = load_sample("land_use_appendix")[:4000]
    docs = GeochunkTextSplitter(budget=256).create_documents([text])
    assert docs[2].metadata["headings"][-1].startswith("Parcel LU-000")
    nodes = GeochunkNodeParser(budget=256).get_nodes_from_documents([Document(text=text)])
    assert [n.metadata["headings"] for n in nodes] == [d.metadata["headings"] for d in docs]
    flat = GeochunkNodeParser(budget=256, flat_metadata=True).get_nodes_from_documents([Document(text=text)])
    assert flat[2].metadata["headings"].endswith(docs[2].metadata["headings"][-1])
    assert "headings" in flat[2].excluded_embed_metadata_keys


def test_chunk_config_unchanged_by_structure_fields():
    cs = chunk_text(CODE, ChunkConfig(budget=32))
    assert all(isinstance(c.headings, tuple) for c in cs.chunks)


MARKOVIFY = os.path.join(os.path.dirname(__file__), "real_data", "markovify-0.9.4", "README.md")


@pytest.mark.parametrize("budget", [32, 64, 128, 512])
def test_a_real_readme_fences_stay_whole_and_comments_are_no_headings(budget):
    with open(MARKOVIFY, encoding="utf-8", newline="") as fh:
        text = fh.read()
    fences = find_fences(text)
    assert len(fences) >= 8 and {f.info for f in fences} >= {"python", ""}
    chunks = geochunk.chunk(text, budget=budget)
    titles = {t for c in chunks for t in c.headings}
    assert "Get raw text as string." not in titles and "Build the model." not in titles
    assert {"Markovify", "Basic Usage"} <= titles
    starts = _line_starts(text)
    for f in fences:
        meeting = [c for c in chunks if c.core_start < f.end and f.start < c.end]
        assert all(c.fence == f.info or c.core_start < f.start for c in meeting)
        if COUNT(text[f.start : f.end]) <= budget:
            assert any(c.core_start <= f.start and f.end <= c.end for c in chunks), text[f.start : f.start + 60]
        else:
            assert all(Flag.FENCE_SPLIT in c.flags for c in meeting)
        for c in chunks:
            if f.start < c.core_start < f.end:
                a = text.rfind("\n", 0, c.core_start) + 1
                b = text.find("\n", c.core_start) + 1 or len(text)
                assert c.core_start in starts or COUNT(text[a:b]) > budget
    by_section = geochunk.chunk(text, budget=budget, unit="section")  # a chunk starts each section
    combining = [c for c in by_section if "Combining models" in c.headings]
    assert combining and all(c.headings == ("Markovify", "Advanced Usage", "Combining models") for c in combining)


def test_fence_scan_on_hostile_runs():
    # many runs on one long line: none opens a fence (each was once checked with a slice of
    # the line's head: quadratic); many fence lines pair up; a run inside an info string or a
    # backtick fence's info string with a backtick opens nothing
    assert find_fences("x" + " ```" * 50_000) == ()
    assert len(find_fences("```\n" * 20_000)) == 10_000
    assert [(f.start, f.closed) for f in find_fences("``` a`b\ncode\n```\n")] == [(13, False)]
    (f,) = find_fences("```\n" + "a ``` b\n" * 5_000)
    assert not f.closed and f.end == 4 + 8 * 5_000


def test_inspect_names_headings_fences_and_normalisation(capsys):
    from geochunk.samples import sample_path

    assert main(["inspect", "--budget", "256", "--normalize", "nfc", str(sample_path("mixed_report"))]) == 0
    line = [ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("structure:")]
    assert line == ["structure:  11 headings; 1 fenced block (bare); text normalised to NFC"]
