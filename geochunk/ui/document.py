"""The document view on a page: a small ``st.components.v2`` component of
:mod:`geochunk.ui.components` (inline JavaScript, nothing fetched, no build step) showing
:func:`geochunk.view.document.document_html` (escaped by the view). It reports a click on a chunk's range; the selection it makes is the
page's one selection (``sections.select_chunk``), so the map, the table, the picker and the
detail follow. The HTML is built once per chunk set and window; the selection is passed apart,
so selecting only moves a highlight in the browser.
"""

from __future__ import annotations

import hashlib
from typing import Any

import streamlit as st

from geochunk.view.document import Window, document_html, document_window
from geochunk.ui.components import document_component
from geochunk.ui.sections import select_chunk
from geochunk.ui.state import StateKeys

__all__ = ["document_view"]


@st.cache_resource(show_spinner=False, max_entries=32)
def _html(digest: str, config: Any, window: Window, _cs: Any) -> str:
    a = _cs.analysis
    return document_html(a.text, _cs.chunks, [(f.start, f.end) for f in a.features],
                         window=window)


def _windows() -> dict[str, tuple[int | None, int | None]]:
    return st.session_state.setdefault(StateKeys.DOC_WINDOW, {})


def document_view(cs: Any, selected: int | None, *, scope: str = "inspector") -> None:
    """The document with every chunk's range coloured, geometry marked, cuts labelled and the
    selected chunk highlighted and scrolled to; a click on a range selects that chunk. A large
    document is shown by window, with buttons to move it."""
    a = cs.analysis
    text = a.text
    digest = a.digest
    around = cs.chunks[selected].core_start if selected is not None else None
    start, seen = _windows().get(digest, (None, None))
    # a new selection moves the window to it; the buttons move it away from an old one
    win = document_window(text, around if around != seen else None, start=start)
    _windows()[digest] = (win.start, around)
    if not win.whole:
        def move(step: int) -> None:
            _windows()[digest] = (max(0, min(len(text) - 1, win.start + step)), around)

        left, mid, right = st.columns([1, 4, 1], vertical_alignment="center")
        left.button("◂ Earlier", key=f"{StateKeys.DOC_WINDOW}-prev", disabled=win.start == 0,
                    on_click=move, args=(-(win.end - win.start),), width="stretch")
        right.button("Later ▸", key=f"{StateKeys.DOC_WINDOW}-next", disabled=win.end >= win.total,
                     on_click=move, args=(win.end - win.start,), width="stretch")
        mid.caption(f"Characters {win.start:,}–{win.end:,} of {win.total:,} (a large document "
                    "is shown one window at a time; selecting a chunk moves the window to it).")
    body = _html(digest, cs.config, win, cs)
    key = f"{StateKeys.DOC_VIEW}-{scope}"

    def clicked() -> None:
        value = getattr(st.session_state.get(key), "chunk", None)
        if isinstance(value, int) and 0 <= value < len(cs.chunks):
            select_chunk(cs, value, scope)

    data = {"html": body, "key": f"{digest[:16]}-{_config_id(cs.config)}-{win.start}",
            "selected": selected if selected is not None and _shows(cs, selected, win) else None}
    document_component(key=key, data=data, on_chunk_change=clicked)
    st.caption("Each chunk's own text has its colour; **#N** marks a cut (where chunk N starts); "
               "bold underlined text is geometry; a wavy red underline marks a flagged chunk. "
               "Click any text to select its chunk.")


def _config_id(config: Any) -> str:
    return hashlib.sha1(repr(config).encode()).hexdigest()[:10]


def _shows(cs: Any, index: int, win: Window) -> bool:
    c = cs.chunks[index]
    return c.end > win.start and c.core_start < win.end
