"""Shared widgets: page set-up, the document loader and the sidebar controls."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import streamlit as st

from geochunk.analysis import Analysis
from geochunk.errors import GeochunkError
from geochunk.model import ENCODINGS, OVERSIZE_POLICIES, STRATEGIES, UNIT_MODES, ChunkConfig
from geochunk.view.highlight import escape_markdown
from geochunk.view.messages import error_line
from geochunk.view.features import DEFAULT_DISPLAY_MAX_VERTICES
from geochunk.view.layers import BBOX_MODES
from geochunk.view.maps import BASEMAPS
from geochunk.ui import services
from geochunk.ui.services import Document
from geochunk.ui.state import StateKeys
from geochunk.ui.navigation import leave_v1_mode
from geochunk.ui.static import ensure_leaflet_assets

__all__ = [
    "Run",
    "setup_page",
    "document_loader",
    "sidebar_controls",
    "corpus_controls",
    "current_document",
    "open_document",
]

APP_DIR = Path(__file__).resolve().parents[2]
_SOURCES = ("Sample", "Upload", "Paste")
_OVERSIZE_LABELS = {"isolate": "isolate", "generalize": "generalize", "split": "split parts"}
DEFAULT_SAMPLE = "land_use_appendix"

#: Initial widget values (set once per session, so widgets are created without defaults and
#: keep their values when the user switches pages).
DEFAULTS: dict[str, Any] = {
    StateKeys.SOURCE: "Sample",
    StateKeys.PASTE: "",
    StateKeys.BUDGET: 800,
    StateKeys.ENCODING: "cl100k_base",
    StateKeys.STRATEGY: "auto",
    StateKeys.OVERSIZE: "isolate",
    StateKeys.TOLERANCE_MODE: "auto",
    StateKeys.TOLERANCE: 1.0,
    StateKeys.OVERLAP: 0,
    StateKeys.ATTACH: True,
    StateKeys.ATTACH_PROSE: True,
    StateKeys.UNIT: "auto",
    StateKeys.REWRAP: False,
    StateKeys.BASEMAP: "none",
    StateKeys.DISPLAY_MAX_VERTICES: DEFAULT_DISPLAY_MAX_VERTICES,
    StateKeys.CDN_LEAFLET: False,
    StateKeys.BBOXES: "selected",
    StateKeys.COLOR_BY: "chunk",
    StateKeys.LAYERS: ["features", "chunk bboxes"],
    StateKeys.SWEEP: True,
    StateKeys.MAX_AREA_CHANGE: 20,
}


@dataclass(frozen=True)
class Run:
    """What the sidebar decided: the analysed document, the config and display options."""

    document: Document
    analysis: Any
    config: ChunkConfig
    basemap: str
    display_max_vertices: int
    local_assets: bool
    units: str
    bboxes: str = "selected"


def setup_page(title: str) -> None:
    """Page config, local Leaflet assets, and widget values kept across pages.

    First makes sure the page runs under the router (:func:`navigation.leave_v1_mode`).
    """
    leave_v1_mode()
    st.set_page_config(page_title=f"geochunk · {title}", layout="wide")
    try:
        ensure_leaflet_assets(APP_DIR)
    except (GeochunkError, OSError) as exc:
        st.warning(f"Leaflet could not be served locally ({escape_markdown(error_line(exc, paths=[APP_DIR]))}); "
                   "tick 'Load Leaflet from CDN'.")
    for key in StateKeys.PERSISTENT:  # stop Streamlit from dropping widget state on page switch
        if key in st.session_state:
            st.session_state[key] = st.session_state[key]
        elif key in DEFAULTS:
            st.session_state[key] = DEFAULTS[key]


def current_document() -> Document | None:
    """The document loaded on any page, if any."""
    return st.session_state.get(StateKeys.DOCUMENT)


def _set_document(doc: Document | None) -> Document | None:
    st.session_state[StateKeys.DOCUMENT] = doc
    return doc


def open_document(doc: Document) -> None:
    """Make ``doc`` the loaded document of every page (a sample through the sample picker,
    anything else as the current upload)."""
    if doc.origin == "sample":
        st.session_state[StateKeys.SOURCE] = "Sample"
        st.session_state[StateKeys.SAMPLE] = next(
            (n for n in services.sample_options() if services.sample_document(n).name == doc.name),
            DEFAULT_SAMPLE)
    else:
        st.session_state[StateKeys.SOURCE] = "Upload"
        st.session_state.pop(StateKeys.UPLOAD, None)
        doc = Document(doc.name, doc.text, doc.digest, "upload")
    _set_document(doc)


def document_loader() -> Document | None:
    """Sidebar loader: a bundled sample, an upload, or pasted text. Shows load errors."""
    sb = st.sidebar
    sb.header("Document")
    source = sb.radio("Source", _SOURCES, horizontal=True, key=StateKeys.SOURCE)
    if source == "Sample":
        options = services.sample_options()
        if StateKeys.SAMPLE not in st.session_state:  # a new session: the link's sample, if any
            linked = st.query_params.get("sample")
            st.session_state[StateKeys.SAMPLE] = linked if linked in options else DEFAULT_SAMPLE
        name = sb.selectbox(
            "Bundled sample", list(options), format_func=options.get, key=StateKeys.SAMPLE
        )
        if name and st.query_params.get("sample") != name:
            st.query_params["sample"] = name  # a reload or a shared link keeps the document
        return _set_document(services.sample_document(name)) if name else None
    if source == "Upload":
        up = sb.file_uploader(
            "Upload a file",
            type=list(services.UPLOAD_TYPES),
            key=StateKeys.UPLOAD,
            help=f"UTF-8 text, or PDF/HTML/.docx (its text is extracted), "
            f"up to {services.MAX_DOCUMENT_BYTES // 2**20} MB",
        )
        if up is None:
            doc = current_document()
            return doc if doc is not None and doc.origin == "upload" else None
        try:
            return _set_document(services.read_upload(up.getvalue(), up.name))
        except GeochunkError as exc:
            sb.error(escape_markdown(f"Cannot load {up.name}: {error_line(exc)}"))
            return _set_document(None)
    text = sb.text_area("Paste a document", key=StateKeys.PASTE, height=160)
    if not text.strip():
        sb.info("Paste some text with WKT, EWKT or GeoJSON in it.")
        return None
    try:
        return _set_document(services.read_upload(text.encode("utf-8"), "pasted.txt", "paste"))
    except GeochunkError as exc:
        sb.error(escape_markdown(f"Cannot use the pasted text: {error_line(exc)}"))
        return None


def _frame_units(analysis: Analysis) -> str:
    return analysis.frames.document_frame.units or "CRS units"


def _chunk_widgets(units_of: Callable[[str], str]) -> tuple[dict[str, Any], str]:
    """Budget, encoding, strategy, oversize, tolerance, overlap and attachment widgets."""
    sb = st.sidebar
    sb.header("Chunking")
    budget = sb.slider("Budget (tokens)", 16, 4096, step=16, key=StateKeys.BUDGET)
    encoding = sb.selectbox("Encoding", ENCODINGS, key=StateKeys.ENCODING)
    units = units_of(encoding)
    strategy = sb.selectbox(
        "Strategy", STRATEGIES, key=StateKeys.STRATEGY,
        help="auto chooses from geometry density; the others override it",
    )
    oversize = sb.radio(
        "Oversized features", OVERSIZE_POLICIES, format_func=_OVERSIZE_LABELS.get,
        horizontal=True, key=StateKeys.OVERSIZE,
    )
    mode = sb.radio(
        "Simplification tolerance", ("auto", "value"), horizontal=True,
        key=StateKeys.TOLERANCE_MODE, help="used when oversized features are generalized",
    )
    tolerance: float | str = "auto"
    if mode == "value":
        tolerance = sb.number_input(
            f"Tolerance ({units}, the frame's units)", min_value=1e-9, format="%g",
            key=StateKeys.TOLERANCE,
        )
    limit = sb.number_input(
        "Max area change when generalizing (%)", 0, 100, step=5, key=StateKeys.MAX_AREA_CHANGE,
        help="a simplification that changes a feature's area by more keeps the original "
             "(flagged) instead; 100 = no limit",
    )
    overlap = sb.number_input(
        "Overlap (whole sentences / features)", 0, 10, key=StateKeys.OVERLAP
    )
    unit = sb.radio(
        "Unit", UNIT_MODES, horizontal=True, key=StateKeys.UNIT,
        help="feature: one feature (with its context) per chunk; section: chunks never cross "
        "a heading; auto: pack by the strategy",
    )
    attach = sb.checkbox(
        "Attach captions and attribute blocks to features", key=StateKeys.ATTACH
    )
    prose = sb.checkbox(
        "Attach the paragraph that introduces a feature", key=StateKeys.ATTACH_PROSE,
        disabled=not attach,
    )
    rewrap = sb.checkbox("Re-wrap FeatureCollection chunks", key=StateKeys.REWRAP)
    kwargs = dict(
        budget=int(budget), encoding=encoding, strategy=strategy, oversize=oversize,
        tolerance=tolerance, overlap=int(overlap), rewrap=rewrap, attach_context=attach,
        max_area_change=None if int(limit) >= 100 else int(limit) / 100,
        attach_prose=prose, unit=unit,
    )
    return kwargs, units


def _config(**kwargs: Any) -> ChunkConfig:
    try:
        return ChunkConfig(**kwargs)
    except GeochunkError as exc:
        st.error(escape_markdown(error_line(exc)))
        st.stop()
        raise  # unreachable: st.stop() raises


def sidebar_controls(doc: Document) -> Run:
    """Chunking and map controls; analyses ``doc`` (cached) with the chosen encoding."""
    analyses: dict[str, Any] = {}

    def units_of(encoding: str) -> str:
        try:  # e.g. more geometries than max_features: the library's one-line message
            analyses["a"] = services.get_analysis(doc, encoding)
        except GeochunkError as exc:
            st.error(escape_markdown(f"Cannot analyse {doc.name}: {error_line(exc)}"))
            st.stop()
            raise  # unreachable: st.stop() raises
        return _frame_units(analyses["a"])

    kwargs, units = _chunk_widgets(units_of)
    sb = st.sidebar
    sb.header("Map")
    basemap = sb.selectbox(
        "Basemap", list(BASEMAPS), key=StateKeys.BASEMAP,
        help="'none' needs no network; the others load tiles from the internet",
    )
    max_vertices = sb.number_input(
        "Simplify for display above (vertices)", 100, 100_000, step=500,
        key=StateKeys.DISPLAY_MAX_VERTICES,
        help="display only: chunk text and metadata are never simplified",
    )
    bboxes = sb.radio(
        "Chunk bboxes", BBOX_MODES, horizontal=True, key=StateKeys.BBOXES,
        help="the selected chunk's bbox only (legible with many chunks), every chunk's, or none",
    )
    cdn = sb.checkbox("Load Leaflet from CDN (online only)", key=StateKeys.CDN_LEAFLET)
    config = _config(**kwargs, doc_id=doc.name)
    return Run(doc, analyses["a"], config, basemap, int(max_vertices), not cdn, units, bboxes)


def corpus_controls() -> ChunkConfig:
    """The chunking widgets alone (for many documents, each in its own frame)."""
    kwargs, _ = _chunk_widgets(lambda encoding: "each document's CRS units")
    return _config(**kwargs)


def chunked_document(empty_message: str = "Load a document in the sidebar first.") -> tuple[Document, Run, Any]:
    """The loader, the sidebar controls and the (cached) chunk set every page starts with;
    stops the page with ``empty_message`` when no document is loaded yet."""
    doc = document_loader()
    if doc is None:
        st.info(empty_message)
        st.stop()
    run = sidebar_controls(doc)
    return doc, run, services.get_chunk_set(run.analysis, run.config)
