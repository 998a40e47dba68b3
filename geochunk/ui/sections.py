"""Page sections shared by the app's pages: summary, map, chunk table, chunk detail, exports.

Each function reads prepared data (a ``Run`` and a pipeline ``ChunkSet``), calls the pure
``geochunk.view`` functions and lays out the result. Document strings reach the page only as
escaped HTML (``st.html`` of ``view.highlight``), plain text (``st.text``, ``st.code``) or data
(``st.dataframe``, ``st.json``), never as Markdown.
"""

from __future__ import annotations

import hashlib
from typing import Any, Callable, Iterable, Sequence

import folium
import streamlit as st

from geochunk.view.charts import compare_frame, sizes_chart, sweep_chart, tokens_chart
from geochunk.view.density import density_html, density_strategy
from geochunk.view.features import document_bounds, span_map_features, undrawn_features
from geochunk.view.frames import frames_text
from geochunk.view.highlight import CHUNK_CSS, chunk_html, escape_markdown
from geochunk.view.layers import chunk_layer, severed_layer
from geochunk.view.maps import (base_map, chunk_legend_html, severed_legend_html, undrawn_note_html,
                         view_for_bbox)
from geochunk.view.reasons import flag_reasons, needs_review
from geochunk.view.safe import printable
from geochunk.view.selection import Selection, chunk_from_tooltip, resolve
from geochunk.view.styling import color_by_options, color_scale, feature_values
from geochunk.view.tables import (chunk_metadata, chunks_frame, corpus_frame, corpus_summary,
                           filter_rows, flagged_rows_styled, safe_csv, unit_shares_text)
from geochunk.ui import services
from geochunk.ui.components import scroll_table
from geochunk.ui.render import show_map
from geochunk.ui.state import StateKeys
from geochunk.ui.widgets import Run

#: Chunk table columns sized to read flags, feature ids and decisions at 1400 px.
CHUNK_COLUMNS: dict[str, Any] = {
    "chunk": st.column_config.NumberColumn("chunk", width=50),
    "tokens": st.column_config.NumberColumn("tokens", width=66),
    "features": st.column_config.NumberColumn("features", width=62),
    "unit": st.column_config.TextColumn("unit", width=62),
    "kind": st.column_config.TextColumn("kind", width=92),  # "generalized" whole
    "flags": st.column_config.TextColumn("flags", width=170),
    "over budget": st.column_config.CheckboxColumn("over", width=44),
    "feature ids": st.column_config.TextColumn("feature ids", width=242),
    "start": st.column_config.NumberColumn("start", width=72),
    "end": st.column_config.NumberColumn("end", width=72),
    "reason": st.column_config.TextColumn("reason", width=300),
    "not drawn": st.column_config.TextColumn(
        "not drawn", width=130, help="features the map cannot draw: how many, and why in short "
        "(the chunk's detail below gives each reason whole)"),
    "decision": st.column_config.TextColumn("decision", width=90),
    "note": st.column_config.TextColumn("note", width=140),
    "reviewer": st.column_config.TextColumn("by", width=70),
    "decided at": st.column_config.TextColumn("when (UTC)", width=150),
}

__all__ = [
    "summary",
    "selected_chunk",
    "select_chunk",
    "chunk_label",
    "LAYERS",
    "map_controls",
    "chunk_map",
    "severed_map",
    "compare_table",
    "sizes",
    "corpus_table",
    "chunk_picker",
    "chunk_table",
    "chunk_detail",
    "downloads",
    "budget_sweep",
    "vega_chart",
]


def summary(run: Run, cs: Any) -> None:
    """Characters, tokens, features, density with its bands, strategy and why, frame."""
    a = cs.analysis
    cfg = cs.config
    # two rows of wide metrics: "1,030,264" is never clipped at 1400 px
    c1, c2, c3, c4 = st.columns(4)
    c5, c6, c7, _ = st.columns(4)
    c1.metric("Characters", f"{len(a.text):,}")
    c2.metric("Tokens", f"{a.total_tokens:,}", help=f"tokenizer: {escape_markdown(a.tokenizer)}")
    c3.metric("Features", f"{len(a.features):,}")
    c4.metric("Geometry density", f"{cs.density:.1%}")
    c5.metric("Chunks", f"{len(cs.chunks):,}", help=unit_shares_text(cs))
    c6.metric("Oversized", f"{cs.oversize_rate:.1%}", help="single units over the budget (escaped)")
    c7.metric("Needs fallback", f"{cs.fallback_rate:.1%}",
              help="still over the budget after the escape: a generalized chunk that fits is "
              "oversized but not a fallback")
    if a.estimated:
        st.warning("No real tokenizer could be loaded: token counts are estimates.")
    left, right = st.columns([3, 2])
    with left:
        st.html(density_html(cs.density, cfg.paragraph_threshold, cfg.feature_threshold))
    with right:
        band = density_strategy(cs.density, cfg.paragraph_threshold, cfg.feature_threshold)
        st.text(f"Band: {band}\nStrategy: {cs.strategy}\nWhy: {cs.reason}")
        frame = a.frames.document_frame
        code = f"EPSG:{frame.epsg}" if frame.epsg is not None else "unknown"
        st.text(
            f"Frame: {code} {frame.name or ''} ({frame.units or 'units unknown'})\n"
            f"Confidence: {frame.confidence:.0%} from {frame.source}"
            + ("  [flagged]" if frame.flagged else "")
        )
        with st.expander("Frames in detail"):
            st.text(frames_text(a.frames))


def _signature(cs: Any) -> str:
    """A short stable name for this chunk set (document + settings), for widget keys: a new
    chunk set gets new widgets, so no label or tick outlives the chunks it described."""
    a = cs.analysis
    return a.digest[:12] + "-" + hashlib.sha1(repr(cs.config).encode()).hexdigest()[:10]


def _selections() -> dict[tuple[str, str], Selection]:
    return st.session_state.setdefault(StateKeys.SELECTION, {})


def selected_chunk(cs: Any, scope: str = "inspector") -> tuple[int | None, str]:
    """The selected chunk of this document in ``scope`` (one selection shared by the picker,
    the table and the map), resolved against the current chunks, and a note when it moved."""
    sel = _selections().get((scope, cs.analysis.digest))
    index, note = resolve(cs.chunks, sel)
    return index, note


def select_chunk(cs: Any, index: int | None, scope: str = "inspector") -> None:
    """Make chunk ``index`` (or nothing) the selection of this document in ``scope``."""
    key = (scope, cs.analysis.digest)
    if index is None or not 0 <= index < len(cs.chunks):
        _selections().pop(key, None)
    else:
        _selections()[key] = Selection.of(cs.chunks[index])


def chunk_label(c: Any) -> str:
    """``#7 · 288 tokens · 3 features · oversized``."""
    flags = f" · {', '.join(c.flags)}" if c.flags else ""
    return f"#{c.index} · {c.token_count} tokens · {len(c.features)} features{flags}"


_NONE = -1  # the picker's "— none —" (a None value would show Streamlit's placeholder)


def chunk_picker(cs: Any, selected: int | None, *, scope: str = "inspector",
                 indices: Iterable[int] | None = None, label: str = "Chunk",
                 describe: Callable[[Any], str] = chunk_label) -> int | None:
    """A selectbox of chunks ("— none —" first) showing the shared selection; choosing in it
    changes the selection. Its labels always describe the current chunk set."""
    options: list[int] = [_NONE, *(range(len(cs.chunks)) if indices is None else indices)]
    if selected is not None and selected not in options:
        options.append(selected)
    key = f"{StateKeys.CHUNK}-{scope}-{_signature(cs)}"
    st.session_state[key] = _NONE if selected is None else selected
    chunks = cs.chunks

    def fmt(i: int) -> str:
        return "— none —" if i == _NONE else describe(chunks[i])

    def changed() -> None:
        value = st.session_state.get(key)
        select_chunk(cs, None if value in (None, _NONE) else int(value), scope)

    value = st.selectbox(label, options, format_func=fmt, key=key, on_change=changed)
    return None if value in (None, _NONE) else int(value)


LAYERS: tuple[str, ...] = ("features", "chunk bboxes", "severed by fixed-size")


def map_controls(cs: Any) -> tuple[str, tuple[str, ...]]:
    """"Colour by" (chunk, tokens, flag, unit, geometry type or any attribute) and the layer
    toggles (features, chunk bboxes, geometries a fixed-size splitter severs) of a chunk map."""
    options = color_by_options(cs.analysis.features)
    if st.session_state.get(StateKeys.COLOR_BY) not in options:
        st.session_state[StateKeys.COLOR_BY] = "chunk"
    left, right = st.columns([2, 3], vertical_alignment="bottom")
    by = left.selectbox("Colour features by", options, key=StateKeys.COLOR_BY,
                        help="chunk: each chunk its own colour; numbers in five quantile "
                        "classes; anything else a colour per value")
    shown = right.pills("Layers", LAYERS, selection_mode="multi", key=StateKeys.LAYERS,
                        help="severed: what a naive fixed-size token splitter at this budget "
                        "would cut (the Compare page has the numbers)")
    return by, tuple(shown or ())


def chunk_map(run: Run, cs: Any, selected: int | None, *, key: str = "inspector",
              only: Iterable[int] | None = None, scope: str = "inspector",
              bboxes: str = "selected", color_by: str = "chunk",
              layers: Sequence[str] = LAYERS[:2]) -> None:
    """The chunk map: a constant base map for the document and the swappable chunk layer,
    styled by ``color_by`` (a legend under the map) with the ``layers`` shown.
    Clicking a feature selects its chunk (in ``scope``)."""
    a = cs.analysis
    base = _document_base(run, a, chunk_legend_html(run.display_max_vertices))
    if base is None:
        return
    cache = services.display_cache(a.digest, a.encoding, run.display_max_vertices)
    color_of = None
    scale = None
    if color_by != "chunk":
        scale = color_scale(feature_values(cs, color_by), color_by)
        color_of = lambda f: scale.color((f.chunk, f.feature_id))  # noqa: E731
    extra: tuple[Any, ...] = ()
    if LAYERS[2] in layers:
        fixed = services.get_comparison(cs)[0]
        extra = tuple(f for f in span_map_features(
            a, fixed.severed, splitter=fixed.name, display_max_vertices=run.display_max_vertices,
            cache=cache) if f.role == "severed")
    layer = chunk_layer(cs, selected=selected, display_max_vertices=run.display_max_vertices,
                        cache=cache, chunks=only,
                        bboxes=bboxes if LAYERS[1] in layers else "none",
                        features=LAYERS[0] in layers, color_of=color_of, extra=extra)
    center = zoom = None
    if selected is not None and cs.chunks[selected].bbox_wgs84 is not None:
        center, zoom = view_for_bbox(cs.chunks[selected].bbox_wgs84)
    allowed = None if only is None else set(only)

    def clicked(value: dict[str, Any]) -> None:
        index = chunk_from_tooltip(value.get("last_object_clicked_tooltip"))
        if index is not None and index < len(cs.chunks) and (allowed is None or index in allowed):
            select_chunk(cs, index, scope)

    show_map(base, layer, key=f"{key}-{a.digest[:16]}", basemap=run.basemap,
             local_assets=run.local_assets, center=center, zoom=zoom, on_click=clicked)
    if scale is not None:
        st.html(scale.legend_html())
    if LAYERS[2] in layers:
        st.caption(f"Red: {len(extra):,} geometries a fixed-size token splitter at "
                   f"{cs.config.budget:,} tokens would cut.")


def undrawn(run: Run, analysis: Any) -> dict[str, str]:
    """Feature id -> why no map draws it (parse error, empty, no WGS 84 position), from the
    document's display cache (what the map already drew costs nothing again)."""
    cache = services.display_cache(analysis.digest, analysis.encoding, run.display_max_vertices)
    return {u.feature_id: u.reason for u in undrawn_features(
        analysis, display_max_vertices=run.display_max_vertices, cache=cache)}


def _document_base(run: Run, analysis: Any, legend_html: str) -> folium.Map | None:
    """The constant base map of a document (its bounds, the basemap, a legend, a note naming
    the features it cannot draw, also said under the map); ``None``, with a note on the page,
    when no geometry has a known position."""
    missing = undrawn(run, analysis)
    if missing:
        st.caption(escape_markdown(
            f"{len(missing):,} of {len(analysis.features):,} features are not drawn: "
            + "; ".join(f"{k} ({v})" for k, v in list(missing.items())[:8])
            + (" …" if len(missing) > 8 else "") + " (the table's \"not drawn\" column lists them)."))
    bounds = document_bounds(analysis.features)
    if bounds is None:
        st.info("No geometry in this document has a known position: nothing to map.")
        return None
    note = None
    if missing:
        from geochunk.view.features import Undrawn

        note = undrawn_note_html([Undrawn(k, v) for k, v in missing.items()],
                                 len(analysis.features))
    return base_map(bounds, run.basemap, local_assets=run.local_assets, legend_html=legend_html,
                    note_html=note)


def severed_map(run: Run, cs: Any, stats: Any) -> None:
    """The Compare map: the geometries one splitter (``stats``, a ``SplitStats``) cuts, on the
    document's base map."""
    a = cs.analysis
    base = _document_base(run, a, severed_legend_html())
    if base is None:
        return
    cache = services.display_cache(a.digest, a.encoding, run.display_max_vertices)
    features = span_map_features(a, stats.severed, splitter=stats.name,
                                 display_max_vertices=run.display_max_vertices, cache=cache)
    show_map(base, severed_layer(features), key=f"compare-{a.digest[:16]}",
             basemap=run.basemap, local_assets=run.local_assets)


def compare_table(stats: Sequence[Any]) -> None:
    """One row per splitter: chunks, severed geometries, sizes."""
    st.dataframe(compare_frame(stats), hide_index=True, width="stretch")


def sizes(stats: Sequence[Any], budget: int) -> None:
    """Chunk sizes of each splitter against the budget."""
    vega_chart(sizes_chart(stats, budget), width="content")


#: Corpus table columns: shares as percentages, seconds to two places.
CORPUS_COLUMNS: dict[str, Any] = {
    "density": st.column_config.NumberColumn(format="percent"),
    "oversize_rate": st.column_config.NumberColumn("oversize rate", format="percent"),
    "fallback_rate": st.column_config.NumberColumn("needs fallback", format="percent"),
    "feature_share": st.column_config.NumberColumn("unit feature", format="percent"),
    "section_share": st.column_config.NumberColumn("unit section", format="percent"),
    "document_share": st.column_config.NumberColumn("unit document", format="percent"),
    "seconds": st.column_config.NumberColumn(format="%.2f"),
}


def corpus_table(rows: Sequence[Any]) -> None:
    """The Corpus table (one row per document), its summary line and a CSV download."""
    frame = corpus_frame(rows)
    st.dataframe(frame, hide_index=True, width="stretch", column_config=CORPUS_COLUMNS)
    st.caption(corpus_summary(rows))
    st.download_button("Corpus table (CSV)", safe_csv(frame), "corpus.csv", "text/csv",
                       on_click="ignore")


def chunk_table(cs: Any, selected: int | None, *, scope: str = "inspector",
                find: str = "", flagged_only: bool = False, run: Run | None = None) -> None:
    """The chunk table, filtered by feature id (``find``) and to flagged chunks; its ticked row
    is the shared selection (a click selects, and a choice elsewhere ticks the row). With
    ``run``, a "not drawn" column names the features the map cannot draw, and why."""
    frame = chunks_frame(cs.chunks, cs.config.budget,
                         undrawn(run, cs.analysis) if run is not None else None)
    keep = filter_rows(cs.chunks, find=find, flagged_only=flagged_only)
    shown = frame[keep]
    flagged = [needs_review(c) for c, k in zip(cs.chunks, keep) if k]
    if find.strip() or flagged_only:
        st.caption(f"{len(shown):,} of {len(frame):,} chunks match.")
    rows = list(shown["chunk"])
    # one table widget per page: its rows change in place (remounting the grid on every budget
    # step costs the browser more than the data), and its tick is set from the selection below
    key = f"{StateKeys.CHUNK_TABLE}-{scope}"
    ticked = [rows.index(selected)] if selected in rows else []
    st.session_state[key] = {"selection": {"rows": ticked, "columns": [], "cells": []}}

    def on_select() -> None:
        picked = st.session_state[key]["selection"]["rows"]
        select_chunk(cs, int(rows[picked[0]]) if picked else None, scope)

    # the table fits 1400 px without scrolling sideways and with offsets up to 9,999,999 and
    # every text kind ("generalized") read whole: it shows where a chunk starts (its end is in
    # the chunk's metadata), and with a "not drawn" column neither offset nor the "over budget"
    # tick (an over-budget chunk is always flagged "oversized" in its flags)
    hidden = ("start", "end", "over budget") if "not drawn" in shown.columns else ("end",)
    order = [c for c in shown.columns if c not in hidden]
    st.dataframe(flagged_rows_styled(shown, flagged), hide_index=True, width="stretch",
                 height=300, on_select=on_select, column_order=order,
                 selection_mode="single-row", key=key, column_config=CHUNK_COLUMNS)
    scroll_table(key, ticked[0] if ticked else None)  # the table follows the selection
    vega_chart(tokens_chart(frame, cs.config.budget))


def chunk_detail(cs: Any, index: int, run: Run | None = None) -> None:
    """The chunk's text with geometry spans highlighted, its flags with reasons, its metadata;
    with ``run``, each of its features the map cannot draw with the whole reason."""
    chunk = cs.chunks[index]
    reasons = flag_reasons(chunk, cs.config.budget)
    if reasons:
        st.text("Flags:\n" + "\n".join(f"  • {r}" for r in reasons))
    missing = undrawn(run, cs.analysis) if run is not None else {}
    lost = {f.id: missing[f.id] for f in chunk.features if f.id in missing}
    if lost:  # st.text: shown as typed, never Markdown or HTML
        st.text("Not drawn on the map:\n" + "\n".join(
            f"  • {printable(k)}: {printable(v)}" for k, v in lost.items()))
    st.html(CHUNK_CSS + chunk_html(chunk, [(f.start, f.end) for f in chunk.features]))
    with st.expander("Metadata"):
        st.json(chunk_metadata(chunk), expanded=False)


def budget_sweep(cs: Any) -> None:
    """The budget sweep chart (chunk count, oversized and needs-fallback shares, features per
    chunk against the budget), the current budget marked."""
    points, note = services.get_sweep(cs.analysis, cs.config)
    vega_chart(sweep_chart(points, cs.config.budget), width="content")
    st.caption("Each point is a real re-chunk of this document at that budget (the dashed line is "
               "the current budget)." + (f" {escape_markdown(note)}" if note else ""))


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
