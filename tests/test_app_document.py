"""The Inspector's document view (AppTest): every chunk's range coloured and clickable,
geometry marked, the selection passed apart from the HTML, a large document shown by window,
and the chunk table told to scroll to the selected row."""

from __future__ import annotations

import json
from pathlib import Path

from apptest_helpers import open_app, picker

from geochunk.ui.state import StateKeys
from geochunk.view.document import LARGE_CHARS, WINDOW_CHARS


def _component(at, name: str) -> dict:
    [e] = [e for e in at.get("bidi_component") if e.proto.component_name == name]
    return json.loads(e.proto.json)


def test_document_view_colours_every_chunk_and_follows_the_selection(app_dir: Path) -> None:
    at = open_app(app_dir)
    data = _component(at, "geochunk_document")
    n = int(next(m.value for m in at.metric if m.label == "Chunks").replace(",", ""))
    body = data["html"]
    assert data["selected"] is None
    assert all(f'data-c="{i}"' in body for i in range(n))
    assert body.count('class="gc-cut"') == n
    assert body.count('<mark class="gc-dg">') >= 400  # every parcel's geometry marked
    box = picker(at)
    box.set_value(7).run()
    data2 = _component(at, "geochunk_document")
    assert data2["selected"] == 7
    assert data2["key"] == data["key"]  # the same HTML: selecting only moves the highlight
    scroll = _component(at, "geochunk_table_scroll")
    assert scroll == {"key": f"{StateKeys.CHUNK_TABLE}-inspector", "row": 7, "rowHeight": 35}


def test_large_document_is_shown_by_window_around_the_selection(app_dir: Path) -> None:
    at = open_app(app_dir, sample="boundary_40k")
    data = _component(at, "geochunk_document")
    assert len(at.session_state[StateKeys.DOCUMENT].text) > LARGE_CHARS
    assert len(data["html"]) < WINDOW_CHARS + 20_000  # a window, long geometry elided
    assert "characters after this window" in data["html"]
    assert any("Characters 0–" in c.value for c in at.caption)
    picker(at).set_value(3).run()  # the last chunk: the window moves to it
    data = _component(at, "geochunk_document")
    assert data["selected"] == 3
    assert 'data-c="3"' in data["html"] and "characters before this window" in data["html"]
    [later] = [b for b in at.button if b.key == f"{StateKeys.DOC_WINDOW}-next"]
    later.click().run()  # to the end of the document
    data = _component(at, "geochunk_document")
    assert "characters after this window" not in data["html"]
    assert [b for b in at.button if b.key == f"{StateKeys.DOC_WINDOW}-next"][0].disabled


def test_document_view_escapes_the_document(app_dir: Path) -> None:
    at = open_app(app_dir)
    at.radio(key=StateKeys.SOURCE).set_value("Paste").run()
    at.text_area(key=StateKeys.PASTE).set_value(
        "<img src=x onerror=alert(1)> POINT (1 2) <script>alert(2)</script>").run()
    body = _component(at, "geochunk_document")["html"]
    assert "<img" not in body and "<script" not in body
    assert "&lt;img src=x onerror=alert(1)&gt;" in body
    assert '<mark class="gc-dg">POINT (1 2)</mark>' in body
