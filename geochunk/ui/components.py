"""Small ``st.components.v2`` components written here: inline JavaScript in the app's own page,
nothing fetched, no build step, no iframe.

``document_component`` shows the document view's HTML (escaped by :mod:`geochunk.view.document`)
and reports a click on a chunk's range as the trigger value ``chunk``; ``scroll_table`` scrolls
a keyed ``st.dataframe`` so that a row is in view (the table follows the selection).
"""

from __future__ import annotations

import streamlit as st

from geochunk.view.document import DOCUMENT_CSS
from geochunk.ui.state import StateKeys

__all__ = ["document_component", "scroll_table"]

_DOCUMENT_JS = """
export default function (component) {
  const { data, setTriggerValue, parentElement } = component;
  let root = parentElement.querySelector(".gc-doc-root");
  if (!root) {
    root = document.createElement("div");
    root.className = "gc-doc-root";
    parentElement.appendChild(root);
  }
  if (root.dataset.key !== data.key) {
    root.innerHTML = data.html;
    root.dataset.key = data.key;
    root.dataset.sel = "";
  }
  root.onclick = (e) => {
    const el = e.target.closest("[data-c]");
    if (el && root.contains(el)) { setTriggerValue("chunk", Number(el.dataset.c)); }
  };
  root.querySelectorAll(".gc-sel").forEach((x) => x.classList.remove("gc-sel"));
  const sel = data.selected === null ? "" : String(data.selected);
  const box = root.querySelector(".gc-doc");
  if (sel !== "" && box) {
    const els = root.querySelectorAll('[data-c="' + sel + '"]');
    els.forEach((x) => x.classList.add("gc-sel"));
    if (els.length && root.dataset.sel !== sel) {  // scroll only when the selection moved
      box.scrollTop = Math.max(0, els[0].offsetTop - 40);
    }
  }
  root.dataset.sel = sel;
}
"""

_SCROLL_JS = """
export default function (component) {
  const { data } = component;
  let tries = 0;
  function go() {
    const table = document.querySelector(".st-key-" + data.key);
    const scroller = table && table.querySelector(".dvn-scroller");
    if (!scroller) { if (tries++ < 40) { setTimeout(go, 50); } return; }
    const top = data.row * data.rowHeight, view = scroller.clientHeight - data.rowHeight;
    if (top < scroller.scrollTop || top + data.rowHeight > scroller.scrollTop + view) {
      scroller.scrollTop = Math.max(0, top - view / 3);
    }
  }
  if (data.row !== null) { go(); }
}
"""

document_component = st.components.v2.component("geochunk_document", css=DOCUMENT_CSS, js=_DOCUMENT_JS)
_scroll = st.components.v2.component("geochunk_table_scroll", js=_SCROLL_JS)


def scroll_table(table_key: str, row: int | None, *, row_height: int = 35) -> None:
    """Scroll the ``st.dataframe`` with key ``table_key`` so that data row ``row`` is in view."""
    _scroll(key=f"{StateKeys.TABLE_SCROLL}-{table_key}", data={"key": table_key, "row": row, "rowHeight": row_height},
            height=0)
