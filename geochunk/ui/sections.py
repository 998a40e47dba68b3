"""Page sections shared by the app's pages: summary, map, chunk table, chunk detail, exports.

Each function reads prepared data (a ``Run`` and a pipeline ``ChunkSet``), calls the pure
``geochunk.view`` functions and lays out the result. Document strings reach the page only as
escaped HTML (``st.html`` of ``view.highlight``), plain text (``st.text``, ``st.code``) or data
(``st.dataframe``, ``st.json``), never as Markdown.
"""

from __future__ import annotations

from typing import Any, Iterable

import streamlit as st

from ..view.density import density_band, density_html
from ..view.highlight import CHUNK_CSS, chunk_html
from ..view.features import document_bounds
from ..view.layers import chunk_layer
from ..view.maps import base_map, chunk_legend_html, view_for_bbox
from ..view.reasons import flag_reasons
from ..view.tables import chunk_metadata, chunks_frame
from ..view.charts import tokens_chart
from . import services
from .render import show_map
from .state import StateKeys
from .widgets import Run

__all__ = [
    "summary",
    "chunk_map",
    "chunk_picker",
    "chunk_table",
    "chunk_detail",
    "downloads",
    "vega_chart",
]


def summary(run: Run, cs: Any) -> None:
    """Characters, tokens, features, density with its bands, strategy and why, frame."""
    a = cs.analysis
    cfg = cs.config
    c1, c2, c3, c4, c5 = st.columns(5)
    c1.metric("Characters", f"{len(a.text):,}")
    c2.metric("Tokens", f"{a.total_tokens:,}", help=f"tokenizer: {a.tokenizer}")
    c3.metric("Features", f"{len(a.features):,}")
    c4.metric("Geometry density", f"{cs.density:.1%}")
    c5.metric("Chunks", f"{len(cs.chunks):,}")
    if a.estimated:
        st.warning("No real tokenizer could be loaded: token counts are estimates.")
    left, right = st.columns([3, 2])
    with left:
        st.html(density_html(cs.density, cfg.paragraph_threshold, cfg.feature_threshold))
    with right:
        band = density_band(cs.density, cfg.paragraph_threshold, cfg.feature_threshold)
        st.text(f"Band: {band}\nStrategy: {cs.strategy}\nWhy: {cs.reason}")
        frame = getattr(a.frames, "document_frame", None)
        if frame is not None:
            code = f"EPSG:{frame.epsg}" if frame.epsg is not None else "unknown"
            st.text(
                f"Frame: {code} {frame.name or ''} ({frame.units or 'units unknown'})\n"
                f"Confidence: {frame.confidence:.0%} from {frame.source}"
                + ("  [flagged]" if frame.flagged else "")
            )
        describe = getattr(a.frames, "describe", None)
        if callable(describe):
            with st.expander("Frames in detail"):
                st.text(str(describe()))


def chunk_picker(cs: Any, *, key: str = StateKeys.CHUNK, indices: Iterable[int] | None = None,
                 label: str = "Chunk") -> int | None:
    """A selectbox of chunks (``None`` = no selection) kept valid when the chunk count changes."""
    options: list[int | None] = [None, *(range(len(cs.chunks)) if indices is None else indices)]
    if st.session_state.get(key) not in options:
        st.session_state[key] = None
    chunks = cs.chunks

    def fmt(i: int | None) -> str:
        if i is None:
            return "— none —"
        c = chunks[i]
        flags = f" · {', '.join(c.flags)}" if c.flags else ""
        return f"#{i} · {c.token_count} tokens · {len(c.features)} features{flags}"

    return st.selectbox(label, options, format_func=fmt, key=key)


def chunk_map(run: Run, cs: Any, selected: int | None, *, key: str = "inspector",
              only: Iterable[int] | None = None) -> None:
    """The chunk map: a constant base map for the document and the swappable chunk layer."""
    a = cs.analysis
    bounds = document_bounds(a.features)
    if bounds is None:
        st.info("No geometry in this document has a known position: nothing to map.")
        return
    base = base_map(bounds, run.basemap, local_assets=run.local_assets,
                    legend_html=chunk_legend_html(run.display_max_vertices))
    cache = services.display_cache(a.digest, a.encoding, run.display_max_vertices)
    layer = chunk_layer(cs, selected=selected, display_max_vertices=run.display_max_vertices,
                        cache=cache, chunks=only)
    center = zoom = None
    if selected is not None and cs.chunks[selected].bbox_wgs84 is not None:
        center, zoom = view_for_bbox(cs.chunks[selected].bbox_wgs84)
    show_map(base, layer, key=f"{key}-{a.digest[:16]}", basemap=run.basemap,
             local_assets=run.local_assets, center=center, zoom=zoom)


def chunk_table(cs: Any, *, picker_key: str = StateKeys.CHUNK) -> None:
    """The chunk table (a click selects the chunk in the picker) and the tokens chart."""
    frame = chunks_frame(cs.chunks, cs.config.budget)

    def on_select() -> None:
        rows = st.session_state[StateKeys.CHUNK_TABLE]["selection"]["rows"]
        st.session_state[picker_key] = int(frame.iloc[rows[0]]["chunk"]) if rows else None

    st.dataframe(frame, hide_index=True, width="stretch", height=300,
                 on_select=on_select, selection_mode="single-row", key=StateKeys.CHUNK_TABLE)
    vega_chart(tokens_chart(frame, cs.config.budget))


def chunk_detail(cs: Any, index: int) -> None:
    """The chunk's text with geometry spans highlighted, its flags with reasons, its metadata."""
    chunk = cs.chunks[index]
    reasons = flag_reasons(chunk, cs.config.budget)
    if reasons:
        st.text("Flags:\n" + "\n".join(f"  • {r}" for r in reasons))
    st.html(CHUNK_CSS + chunk_html(chunk, [(f.start, f.end) for f in chunk.features]))
    with st.expander("Metadata"):
        st.json(chunk_metadata(chunk), expanded=False)


def vega_chart(chart: Any, *, width: str = "stretch") -> None:
    """An Altair chart without re-validating its spec on every rerun (a spec is built by us)."""
    st.vega_lite_chart(spec=chart.to_dict(validate=False), width=width)


def downloads(cs: Any) -> None:
    """Download buttons: JSON Lines and GeoJSON, built only when clicked (no rerun either)."""
    stem = cs.analysis.doc_id.rsplit("/", 1)[-1].rsplit(".", 1)[0] or "document"
    c1, c2 = st.columns(2)
    c1.download_button("Chunks as JSON Lines", lambda: services.export_jsonl(cs),
                       file_name=f"{stem}.chunks.jsonl", mime="application/jsonl",
                       on_click="ignore")
    c2.download_button("Chunks as GeoJSON", lambda: services.export_geojson(cs),
                       file_name=f"{stem}.chunks.geojson", mime="application/geo+json",
                       on_click="ignore")
