"""AppTest of the Review, Compare and Corpus pages against the real pipeline."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from apptest_helpers import review_table, map_args, metric, open_app, picker

from geochunk.samples import list_samples
from geochunk.ui import services
from geochunk.ui.state import StateKeys
from geochunk.view.tables import Decision



def test_review_lists_flagged_chunks_with_reasons_and_records_decisions(app_dir: Path) -> None:
    at = open_app(app_dir, "pages/1_Review.py", "boundary_40k")
    flagged, total = metric(at, "Flagged chunks").split(" of ")
    assert int(flagged) >= 1
    table = review_table(at)
    assert len(table) == int(flagged)
    assert table["reason"].str.contains("over the 800-token budget").any()
    assert set(table["decision"]) == {"undecided"}
    assert [d.label for d in at.get("download_button")] == ["Export decisions (CSV)"]

    first = int(table.iloc[0]["chunk"])
    picker(at, "gc_chunk-review-").set_value(first).run()
    [args] = map_args(at)  # a map of this chunk only
    assert args["feature_group"].count('"chunk": ') >= 1
    assert {int(x) for x in _chunk_ids(args)} == {first}
    [status] = [r for r in at.radio if r.key.startswith(StateKeys.REVIEW_STATUS)]
    [note] = [t for t in at.text_input if t.key.startswith(StateKeys.REVIEW_NOTE)]
    status.set_value("needs work")
    note.set_value("boundary too big; try generalize")
    at.text_input(key=StateKeys.REVIEWER).set_value("ana")
    [save] = [b for b in at.button if b.label == "Save decision"]
    save.click().run()
    assert not at.exception
    assert review_table(at).iloc[0]["decision"] == "needs work"
    assert review_table(at).iloc[0]["reviewer"] == "ana"
    assert picker(at, "gc_chunk-review-").options[1].endswith(" · needs work")

    # a new browser tab (a new session) and a server restart: the decision is still there
    services._review_store.clear()
    fresh = open_app(app_dir, "pages/1_Review.py", "boundary_40k")
    row = review_table(fresh).iloc[0]
    assert (row["decision"], row["note"], row["reviewer"]) == (
        "needs work", "boundary too big; try generalize", "ana")
    assert row["decided at"].endswith("+00:00")


def test_review_next_flagged_steps_through_flagged_chunks(app_dir: Path) -> None:
    at = open_app(app_dir, "pages/1_Review.py", "malformed")
    flagged = list(review_table(at)["chunk"])
    assert len(flagged) >= 2
    seen = []
    for _ in range(len(flagged) + 1):
        at.button(key=StateKeys.REVIEW_NEXT).click().run()
        seen.append(picker(at, "gc_chunk-review-").value)
    assert seen == flagged + flagged[:1]  # in order, then round again


def test_a_decision_survives_a_rechunk_that_keeps_the_chunk(app_dir: Path, _review_db: Path) -> None:
    from geochunk.reviews import ReviewStore

    at = open_app(app_dir, "pages/1_Review.py", "boundary_40k")
    table = review_table(at)
    picker(at, "gc_chunk-review-").set_value(int(table.iloc[0]["chunk"])).run()
    [save] = [b for b in at.button if b.label == "Save decision"]
    [status] = [r for r in at.radio if r.key.startswith(StateKeys.REVIEW_STATUS)]
    status.set_value("accepted")
    save.click().run()
    [(digest, stored)] = [(k, v) for k, v in _all(ReviewStore(_review_db)).items()]
    at.slider(key=StateKeys.BUDGET).set_value(768).run()  # the 40k boundary stays one chunk
    assert "accepted" in set(review_table(at)["decision"])
    assert stored.status == "accepted"


def _all(store) -> dict:
    import sqlite3

    with sqlite3.connect(store.path) as con:
        digests = [r[0] for r in con.execute("SELECT DISTINCT doc_digest FROM decisions")]
    return {(d, k): v for d in digests for k, v in store.decisions(d).items()}


def _chunk_ids(args: dict) -> list[str]:
    import re

    return re.findall(r'"chunk": "#(\d+)"', args["feature_group"])


def test_review_flag_count_follows_the_budget(app_dir: Path) -> None:
    at = open_app(app_dir, "pages/1_Review.py", "parcels")
    before = metric(at, "Flagged chunks")
    at.slider(key=StateKeys.BUDGET).set_value(2048).run()
    assert not at.exception
    assert metric(at, "Flagged chunks") != before


def test_compare_counts_severed_geometries(app_dir: Path) -> None:
    at = open_app(app_dir, "pages/2_Compare.py")
    at.slider(key=StateKeys.BUDGET).set_value(256).run()
    assert not at.exception
    fixed = int(metric(at, "fixed tokens: severed geometries"))
    ours = int(metric(at, "geochunk: severed geometries"))
    assert fixed > 0 and ours == 0
    table = at.dataframe[0].value
    assert list(table["splitter"]) == ["fixed tokens", "recursive", "geochunk"]
    [args] = map_args(at)
    assert args["feature_group"].count('"status": "SEVERED"') == fixed
    assert args["js_links"] == ["/app/static/vendor/leaflet/leaflet.js"]
    at.radio(key=StateKeys.COMPARE_SPLITTER).set_value("geochunk").run()
    [ours_map] = map_args(at)
    assert '"status": "SEVERED"' not in ours_map["feature_group"]
    assert ours_map["key"] == args["key"]  # same base map, only the layer changed


def test_corpus_runs_over_uploaded_files_and_samples(app_dir: Path) -> None:
    at = AppTest.from_file(str(app_dir / "pages" / "3_Corpus.py"), default_timeout=180)
    at.run()
    assert not at.exception
    files = [("a.wkt", b"Site.\n\nPOINT (1 2)\n", "text/plain"),
             ("bad.txt", b"\xff\xfe\x00\x01", "text/plain")]
    at.file_uploader(key=StateKeys.CORPUS_UPLOAD).set_value(files).run()
    at.checkbox(key=StateKeys.CORPUS_SAMPLES).check().run()
    n = 2 + len(list_samples())
    assert at.button[0].label == f"Chunk {n} document(s)"
    at.button[0].click().run()
    assert not at.exception
    frame = at.dataframe[0].value
    assert len(frame) == n
    assert frame.loc[frame["document"] == "bad.txt", "error"].str.len().iloc[0] > 0
    boundary = frame[frame["document"] == "boundary_40k.txt"].iloc[0]
    assert boundary["oversize_rate"] > 0 and boundary["strategy"] == "feature"
    assert (frame.loc[frame["error"] == "", "chunks"] > 0).all()


def test_compare_follows_every_setting_not_only_the_budget(app_dir: Path) -> None:
    at = open_app(app_dir, "pages/2_Compare.py", sample="mixed_report")
    at.slider(key=StateKeys.BUDGET).set_value(128).run()
    before = at.dataframe[0].value.set_index("splitter").loc["geochunk", "chunks"]
    at.selectbox(key=StateKeys.STRATEGY).set_value("paragraph").run()
    at.checkbox(key=StateKeys.ATTACH).uncheck().run()
    assert not at.exception
    after = at.dataframe[0].value.set_index("splitter").loc["geochunk", "chunks"]
    from geochunk import ChunkConfig, chunk_text
    from geochunk.samples import load_sample

    expected = len(chunk_text(load_sample("mixed_report"),
                              ChunkConfig(budget=128, strategy="paragraph", attach_context=False)).chunks)
    assert after == expected and after != before


def test_corpus_progress_text_escapes_file_names(app_dir: Path) -> None:
    at = AppTest.from_file(str(app_dir / "pages" / "3_Corpus.py"), default_timeout=180)
    at.run()
    evil = "![x](http://example.invalid/x.png) **bold**.txt"
    at.file_uploader(key=StateKeys.CORPUS_UPLOAD).set_value([(evil, b"POINT (1 2)\n", "text/plain")]).run()
    at.button[0].click().run()
    assert not at.exception
    texts = [str(getattr(e.proto, "text", "")) for e in at.get("progress")]
    assert texts and all("![x](" not in t for t in texts)


def _corpus(app_dir: Path) -> AppTest:
    at = AppTest.from_file(str(app_dir / "app.py"), default_timeout=180)
    at.run()
    at.switch_page("pages/3_Corpus.py").run()
    assert not at.exception
    return at


def test_corpus_folder_input_is_off_by_default(app_dir: Path, monkeypatch) -> None:
    monkeypatch.delenv("GEOCHUNK_CORPUS_ROOTS", raising=False)
    at = _corpus(app_dir)
    assert not [t for t in at.text_input if t.key == StateKeys.CORPUS_PATH]
    assert any("Reading folders on the server is off" in c.value for c in at.caption)


def test_corpus_folders_are_confined_and_rows_open_in_the_inspector(
    app_dir: Path, tmp_path: Path, monkeypatch
) -> None:
    root = tmp_path / "shared"
    (root / "reports").mkdir(parents=True)
    (root / "reports" / "wells.wkt").write_text("Well A.\n\nPOINT (1 2)\n\nWell B.\n\nPOINT (3 4)\n")
    (root / "=cmd.md").write_text("Site.\n\nPOINT (5 6)\n")
    (tmp_path / "prod-secrets.txt").write_text("password")
    monkeypatch.setenv("GEOCHUNK_CORPUS_ROOTS", str(root))
    at = _corpus(app_dir)
    path = at.text_input(key=StateKeys.CORPUS_PATH)
    for typed in ("/etc", "..", "~nosuchuser", "/proc/1/cwd", str(tmp_path)):
        path.set_value(typed).run()
        assert not at.exception
        [error] = [e.value for e in at.error]
        assert "app may read" in error or "not allowed" in error or "cannot be opened" in error
        assert at.button[0].label == "Chunk 0 document(s)"
    path.set_value("reports").run()
    assert at.button[0].label == "Chunk 1 document(s)"
    path.set_value(str(root)).run()
    assert at.button[0].label == "Chunk 1 document(s)"
    assert at.caption[-1].value.startswith("1 readable file")
    path.set_value("reports").run()
    at.button[0].click().run()
    frame = at.dataframe[0].value
    assert list(frame["document"]) == ["reports/wells.wkt"]
    at.selectbox(key=StateKeys.CORPUS_PICK).set_value("reports/wells.wkt").run()
    [open_inspector] = [b for b in at.button if b.label == "in the Inspector"]
    open_inspector.click().run()
    assert not at.exception
    assert metric(at, "Features") == "2"
    assert any("wells\\.wkt" in h.value for h in at.subheader)


def test_unit_choice_and_fallback_share_in_the_inspector(app_dir: Path) -> None:
    # issue #8: --unit in the sidebar; the needs_fallback share shown apart from oversized
    at = open_app(app_dir, "pages/0_Inspector.py", sample="land_use_appendix")
    at.slider(key=StateKeys.BUDGET).set_value(512).run()
    auto_chunks = int(metric(at, "Chunks").replace(",", ""))
    at.radio(key=StateKeys.UNIT).set_value("feature").run()
    assert not at.exception
    assert int(metric(at, "Chunks").replace(",", "")) > auto_chunks
    at.radio(key=StateKeys.UNIT).set_value("auto").run()
    at.radio(key=StateKeys.OVERSIZE).set_value("generalize").run()
    # a generalized chunk that fits is oversized but not a fallback: two different shares
    oversized, fallback = (float(metric(at, k).rstrip("%")) for k in ("Oversized", "Needs fallback"))
    assert oversized > fallback
