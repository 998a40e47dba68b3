"""AppTest of the Inspector (app.py) against the real pipeline and the bundled samples."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from apptest_helpers import map_args, metric, open_app, picker

from geochunk.model import ChunkConfig
from geochunk.pipeline import analyse, assemble
from geochunk.samples import load_sample
from geochunk.ui.state import StateKeys
from geochunk.view.features import chunk_map_features

XSS = "<img src=x onerror=alert(1)>"



def feature_count(args: dict) -> int:
    return args["feature_group"].count('"type": "Feature"')


def test_budget_change_rechunks_and_swaps_only_the_chunk_layer(app_dir: Path) -> None:
    at = open_app(app_dir)
    assert at.selectbox(key=StateKeys.SAMPLE).value == "land_use_appendix"
    assert metric(at, "Features") == "400"
    assert any('aria-label="geometry density 51' in h.proto.body for h in at.get("html"))
    before_chunks, [before] = int(metric(at, "Chunks")), map_args(at)

    at.slider(key=StateKeys.BUDGET).set_value(256).run()
    assert not at.exception
    after_chunks, [after] = int(metric(at, "Chunks")), map_args(at)

    assert after_chunks > before_chunks
    assert len(at.dataframe[0].value) == after_chunks
    # the base map (its component key) is unchanged: only the feature group was swapped
    assert after["key"] == before["key"] and after["feature_group"] != before["feature_group"]
    assert after["returned_objects"] == ["last_object_clicked", "last_object_clicked_tooltip"]
    cs = assemble(analyse(load_sample("land_use_appendix"), doc_id="land_use_appendix.md"),
                  ChunkConfig(budget=256, doc_id="land_use_appendix.md"))
    assert after_chunks == len(cs.chunks)
    assert feature_count(after) == sum(f.role != "bbox" for f in chunk_map_features(cs))  # no bbox unless selected


@pytest.mark.parametrize("sample", ["land_use_appendix", "parcels", "boundary_40k"])
def test_map_loads_only_local_leaflet(app_dir: Path, sample: str) -> None:
    at = open_app(app_dir)
    at.selectbox(key=StateKeys.SAMPLE).set_value(sample).run()
    [args] = map_args(at)
    links = args["js_links"] + args["css_links"]
    assert links == ["/app/static/vendor/leaflet/leaflet.js", "/app/static/vendor/leaflet/leaflet.css"]
    assert "https://" not in args["header"] and "https://" not in args["script"]
    assert "L.tileLayer" not in args["script"]  # basemap "none" by default: offline
    assert feature_count(args) > 0
    assert any("Basemap: none (offline). Leaflet served locally." in c.value for c in at.caption)


def test_40k_boundary_is_flagged_and_simplified_for_display(app_dir: Path) -> None:
    at = open_app(app_dir)
    at.selectbox(key=StateKeys.SAMPLE).set_value("boundary_40k").run()
    table = at.dataframe[0].value
    oversized = table[table["flags"].str.contains("oversized")]
    assert len(oversized) >= 1
    [args] = map_args(at)
    assert "simplified for display" in args["feature_group"]
    assert len(args["feature_group"]) < 1_000_000  # the 1 MB boundary is not shipped whole
    picker(at).set_value(int(oversized.iloc[0]["chunk"])).run()
    assert any("oversized:" in t.value for t in at.text)
    [zoomed] = map_args(at)
    assert zoomed["zoom"] is not None and zoomed["center"] is not None
    assert zoomed["key"] == args["key"]


def test_generalize_policy_shows_original_and_simplified(app_dir: Path) -> None:
    at = open_app(app_dir)
    at.selectbox(key=StateKeys.SAMPLE).set_value("boundary_40k").run()
    at.radio(key=StateKeys.OVERSIZE).set_value("generalize").run()
    assert not at.exception
    assert at.dataframe[0].value["flags"].str.contains("generalized").any()
    [args] = map_args(at)
    assert '"role": "original"' in args["feature_group"]
    assert "original outline, simplified for display" in args["feature_group"]
    at.radio(key=StateKeys.TOLERANCE_MODE).set_value("value").run()
    assert "metre" in at.number_input(key=StateKeys.TOLERANCE).label


def test_document_markup_is_escaped_in_text_and_map(app_dir: Path) -> None:
    at = open_app(app_dir)
    at.selectbox(key=StateKeys.SAMPLE).set_value("parcels").run()
    text = load_sample("parcels")
    cs = assemble(analyse(text, doc_id="parcels.geojson"), ChunkConfig(doc_id="parcels.geojson"))
    [index] = [c.index for c in cs.chunks if XSS in c.text]
    picker(at).set_value(index).run()
    [body] = [h.proto.body for h in at.get("html") if "gc-chunk" in h.proto.body]
    assert XSS not in body and "&lt;img src=x onerror=alert(1)&gt;" in body

    doc = json.dumps({"type": "FeatureCollection", "features": [{
        "type": "Feature", "properties": {"id": XSS},
        "geometry": {"type": "Point", "coordinates": [-3.2, 55.95]}}]})
    at.radio(key=StateKeys.SOURCE).set_value("Paste").run()
    at.text_area(key=StateKeys.PASTE).set_value(doc).run()
    assert metric(at, "Features") == "1"
    [args] = map_args(at)
    assert "<img" not in args["feature_group"]
    assert "\\u0026lt;img src=x onerror=alert(1)\\u0026gt;" in args["feature_group"]


@pytest.mark.parametrize(
    "name, data, message",
    [
        ("empty.txt", b"", "empty"),
        ("latin.txt", "Caf\xe9 POINT (1 2)".encode("latin-1"), "UTF-8"),
        ("image.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00", "not a text document"),
    ],
)
def test_bad_upload_gets_a_clear_message(app_dir: Path, name: str, data: bytes, message: str) -> None:
    at = open_app(app_dir)
    at.radio(key=StateKeys.SOURCE).set_value("Upload").run()
    at.file_uploader(key=StateKeys.UPLOAD).set_value((name, data, "text/plain")).run()
    assert not at.exception
    errors = [_unescape(e.value) for e in at.sidebar.error]
    assert errors and f"Cannot load {name}" in errors[0] and message in errors[0]
    assert not at.metric  # nothing is shown for a document that did not load


def _unescape(markdown: str) -> str:
    return markdown.replace("\\", "")


def test_file_names_cannot_inject_markdown(app_dir: Path) -> None:
    at = open_app(app_dir)
    at.radio(key=StateKeys.SOURCE).set_value("Upload").run()
    name = "![x](http://example.invalid/x.png) <b>.txt"
    at.file_uploader(key=StateKeys.UPLOAD).set_value((name, b"", "text/plain")).run()
    [error] = [e.value for e in at.sidebar.error]
    assert "![x](" not in error and "\\!\\[x\\]\\(http" in error and "\\<b\\>" in error
    at.file_uploader(key=StateKeys.UPLOAD).set_value((name, b"POINT (1 2)\n", "text/plain")).run()
    [title] = [h.value for h in at.subheader if h.value.startswith("Summary")]
    assert "![x](" not in title and _unescape(title) == f"Summary · {name}"


def test_upload_a_wkt_file(app_dir: Path) -> None:
    at = open_app(app_dir)
    at.radio(key=StateKeys.SOURCE).set_value("Upload").run()
    doc = b"Well A.\n\nSRID=27700;POINT (530000 180000)\n\nWell B.\n\nSRID=27700;POINT (530100 180100)\n"
    at.file_uploader(key=StateKeys.UPLOAD).set_value(("wells.wkt", doc, "text/plain")).run()
    assert not at.exception
    assert metric(at, "Features") == "2"
    assert [d.label for d in at.get("download_button")] == ["Chunks as JSON Lines", "Chunks as GeoJSON"]


def test_controls_persist_across_pages(app_dir: Path) -> None:
    at = open_app(app_dir)
    at.slider(key=StateKeys.BUDGET).set_value(320).run()
    at.selectbox(key=StateKeys.SAMPLE).set_value("mixed_report").run()
    at.switch_page("pages/2_Compare.py").run()
    assert not at.exception
    assert at.slider(key=StateKeys.BUDGET).value == 320
    assert at.selectbox(key=StateKeys.SAMPLE).value == "mixed_report"


def test_budget_change_does_not_reanalyse(app_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import geochunk.pipeline as pipeline
    from geochunk.ui import services

    calls: list[str] = []
    real = pipeline.analyse

    def counting(text: str, **kw):
        calls.append(kw.get("doc_id", ""))
        return real(text, **kw)

    monkeypatch.setattr(pipeline, "analyse", counting)
    services._analysis.clear()
    at = open_app(app_dir)
    for budget in (256, 512, 1024):
        at.slider(key=StateKeys.BUDGET).set_value(budget).run()
        assert not at.exception
    assert calls == ["land_use_appendix.md"]  # tokenized once; only assemble ran again
    at.selectbox(key=StateKeys.ENCODING).set_value("o200k_base").run()
    assert calls == ["land_use_appendix.md"] * 2  # a new encoding is a new analysis


def test_one_selection_shared_by_picker_table_and_map(app_dir: Path) -> None:
    at = open_app(app_dir)
    picker(at).set_value(5).run()
    [table_key] = [k for k in at.session_state.keys() if k.startswith(StateKeys.CHUNK_TABLE)]
    assert at.session_state[table_key]["selection"]["rows"] == [5]  # the picker ticks the row
    assert any(m.value == "**Chunk #5**" for m in at.markdown)
    # a click on a feature of chunk 9 in the map (st_folium returns its tooltip text)
    [args] = map_args(at)
    assert '"chunk": "#9"' in args["feature_group"]
    from geochunk.ui.render import CLICK_OBJECTS
    assert args["returned_objects"] == list(CLICK_OBJECTS)


def test_picker_labels_follow_the_chunk_set_and_say_when_the_chunk_is_gone(app_dir: Path) -> None:
    at = open_app(app_dir)
    picker(at).set_value(7).run()
    old = picker(at).options[8]
    at.slider(key=StateKeys.BUDGET).set_value(4096).run()
    assert not at.exception
    box = picker(at)
    assert box.options[0] == "— none —"
    cs = assemble(analyse(load_sample("land_use_appendix"), doc_id="land_use_appendix.md"),
                  ChunkConfig(budget=4096, doc_id="land_use_appendix.md"))
    assert box.options[1:] == [f"#{c.index} · {c.token_count} tokens · {len(c.features)} features"
                               + (f" · {', '.join(c.flags)}" if c.flags else "") for c in cs.chunks]
    assert box.options[8] != old
    [note] = [i.value for i in at.info if "no longer exists" in i.value]
    assert note.startswith("Chunk #7 no longer exists at these settings; showing #")
    shown = int(box.value)
    assert cs.chunks[shown].core_start <= 11126 < cs.chunks[shown].end or shown >= 0
    at.slider(key=StateKeys.BUDGET).set_value(800).run()  # back: the same chunk #7 again
    assert picker(at).value == 7 and not [i for i in at.info if "no longer exists" in i.value]


def test_selection_does_not_follow_into_another_document(app_dir: Path) -> None:
    at = open_app(app_dir)
    picker(at).set_value(3).run()
    at.selectbox(key=StateKeys.SAMPLE).set_value("parcels").run()
    assert picker(at).value == -1 and picker(at).options[0] == "— none —"  # "— none —"
    [table_key] = [k for k in at.session_state.keys() if k.startswith(StateKeys.CHUNK_TABLE)]
    assert at.session_state[table_key]["selection"]["rows"] == []


def test_find_by_feature_id_and_flagged_only(app_dir: Path) -> None:
    at = open_app(app_dir)
    at.text_input(key=StateKeys.FIND).set_value("lu-0042").run()
    table = at.dataframe[0].value
    assert len(table) == 1 and "LU-0042" in table.iloc[0]["feature ids"]
    at.text_input(key=StateKeys.FIND).set_value("").run()
    at.selectbox(key=StateKeys.SAMPLE).set_value("boundary_40k").run()
    at.toggle(key=StateKeys.FLAGGED_ONLY).set_value(True).run()
    table = at.dataframe[0].value
    assert len(table) >= 1 and table["flags"].str.len().gt(0).all()
    assert any("chunks match" in c.value for c in at.caption)


def test_budget_sweep_is_real_rechunks_with_the_current_budget_marked(app_dir: Path) -> None:
    at = open_app(app_dir)
    at.slider(key=StateKeys.BUDGET).set_value(640).run()
    import pyarrow as pa

    [chart] = [c for c in at.get("vega_lite_chart") if '"facet"' in c.proto.spec]
    sweep = json.loads(chart.proto.spec)
    [data] = chart.proto.datasets
    rows = pa.ipc.open_stream(data.data.data).read_all().to_pandas().to_dict("records")
    chunks = {r["budget"]: r["value"] for r in rows if r["measure"] == "chunks"}
    assert len(chunks) >= 20 and 640 in chunks
    a = analyse(load_sample("land_use_appendix"), doc_id="land_use_appendix.md")
    for b in (64, 640, 4096):
        assert chunks[b] == len(assemble(a, ChunkConfig(budget=b, doc_id="land_use_appendix.md")).chunks)
    assert '"datum": 640' in json.dumps(sweep).replace(".0", "")
    over = {r["budget"]: r["value"] for r in rows if r["measure"] == "oversized share"}
    assert over[64] > over[4096]  # small budgets leave more units oversized


def _frames_in_detail(at: AppTest) -> str:
    [exp] = [e for e in at.expander if e.label == "Frames in detail"]
    [text] = [t.value for t in exp.text]
    return text


def test_frames_in_detail_says_what_decided_each_frame(app_dir: Path) -> None:
    """Issue 12 as a user sees it: a Gauss-Krüger zone near München names the words, the place
    and the Pulkovo frames it passed over; bare RD numbers under a hostile heading list RD New
    and British National Grid first and every grid that fits; document text is only ever
    shown as plain text (st.text) or escaped."""
    at = open_app(app_dir)
    at.radio(key=StateKeys.SOURCE).set_value("Paste").run()
    gk = ("# München\n\nKoordinaten im Gauß-Krüger zone 4 System.\n\n"
          "POINT (4468105.8 5333641.6)\nPOINT (4470344.2 5334741.5)\n")
    at.text_area(key=StateKeys.PASTE).set_value(gk).run()
    assert not at.exception, at.exception
    text = _frames_in_detail(at)
    assert "EPSG:31468 DHDN / 3-degree Gauss-Kruger zone 4" in text
    assert "words: 'Gauß-Krüger zone 4' at offset" in text
    assert "places: 'München'" in text
    assert "EPSG:28404 Pulkovo 1942 / Gauss-Kruger zone 4: no place named" in text

    rd = f"# {XSS} Parcels\n\nNo metadata.\n\nPOINT (136688 455783)\nPOINT (137377 456893)\n"
    at.text_area(key=StateKeys.PASTE).set_value(rd).run()
    assert not at.exception, at.exception
    text = _frames_in_detail(at)
    assert "fallback, flagged" in text and re.search(r"considered: \d+ regional projected", text)
    head = text[text.index("considered: "):]
    assert head.index("EPSG:28992") < head.index("EPSG:27700") < head.index("New York East")
    assert "every frame that fits, most central first: " in text  # the full list, not the brief
    assert not [h for h in at.get("html") if "<img" in h.proto.body]
    assert not [m for m in at.markdown if "<img" in m.value]
