"""Presentation of a retrieval answer: tables, staleness lines, and the map with a draw tool.

Pure functions (no streamlit). Every string from a document is made printable and, where it
reaches HTML (map tooltips), escaped. The draw control is Leaflet.draw served from the app's own
static folder (``/app/static/vendor/leaflet-draw/``), like Leaflet; flagged-frame results are
drawn dashed red and marked "flagged" in the table.

>>> m = retrieve_map(None, None)
>>> sorted(url for _, url in m._children[next(k for k in m._children if k.startswith("draw"))].default_js)
['/app/static/vendor/leaflet-draw/leaflet.draw.js']
"""

from __future__ import annotations

import html
from typing import Any, Sequence

import folium
import pandas as pd
from folium.plugins import Draw

from geochunk.crs.extent import union_bbox
from geochunk.view.colors import TROUBLE_RED
from geochunk.view.maps import base_map
from geochunk.view.safe import printable

__all__ = [
    "LEAFLET_DRAW_JS_URL",
    "LEAFLET_DRAW_CSS_URL",
    "results_frame",
    "shortlist_frame",
    "shortlist_html",
    "SHORTLIST_CSS",
    "scores_html",
    "staleness_lines",
    "retrieve_map",
    "draw_control",
    "result_layer",
    "query_terms",
    "snippet_html",
    "results_html",
    "RESULTS_CSS",
]

LEAFLET_DRAW_JS_URL = "/app/static/vendor/leaflet-draw/leaflet.draw.js"
LEAFLET_DRAW_CSS_URL = "/app/static/vendor/leaflet-draw/leaflet.draw.css"
REGION_BLUE = "#1f6feb"
RESULT_GREEN = "#2da44e"


def query_terms(question: str) -> frozenset[str]:
    """The words of a question as the BM25 lane reads them (folded, plurals folded, stop words
    dropped): what a result's snippet marks.

    >>> sorted(query_terms("Which allotment gardens are in Leith?"))
    ['allotment', 'garden', 'leith']
    """
    from geochunk.retrieve.lexical import tokenize

    return frozenset(tokenize(question))


def _marks(text: str, terms: frozenset[str]) -> list[tuple[int, int]]:
    """``(start, end)`` of every word or code of ``text`` that reads as one of ``terms``."""
    from geochunk.retrieve.lexical import _RUN, _WORD, _fold, singular

    out: list[tuple[int, int]] = []
    for m in _RUN.finditer(text):
        if _fold(m.group()) in terms and not m.group().isalnum():  # a code: LU-0042
            out.append(m.span())
            continue
        for w in _WORD.finditer(m.group()):
            folded = _fold(w.group())
            if folded in terms or singular(folded) in terms:
                out.append((m.start() + w.start(), m.start() + w.end()))
    return out


def snippet_html(text: str, question: str, width: int = 280) -> str:
    """The part of a chunk's readable text (coordinates left out) with the most of the
    question's words, about ``width`` characters, as escaped HTML with the words marked
    (``<mark>``); a document's text never becomes markup.

    >>> snippet_html("Plot 7 <b>allotment</b>: POINT (1 2) community gardens", "allotment gardens")
    'Plot 7 &lt;b&gt;<mark>allotment</mark>&lt;/b&gt;: POINT community <mark>gardens</mark>'
    """
    from geochunk.retrieve.lexical import readable_text

    flat = " ".join(printable(readable_text(text)).split())
    marks = _marks(flat, query_terms(question))
    lo, hi = 0, min(len(flat), width)
    if marks:  # the window of ``width`` characters holding the most marks (two pointers)
        best, j = (0, 0), 0
        for i, (a, _) in enumerate(marks):
            while j < len(marks) and marks[j][1] - a <= width:
                j += 1
            if j - i > best[1] - best[0]:
                best = (i, j)
        first, last = marks[best[0]][0], marks[best[1] - 1][1]
        lo = max(0, first - (width - (last - first)) // 3)
        if lo:  # start at a word
            space = flat.rfind(" ", 0, lo + 1)
            lo = space + 1 if space >= 0 and lo - space < 20 else lo
        hi = min(len(flat), max(last, lo + width))
        if hi < len(flat):
            space = flat.find(" ", hi)
            hi = space if 0 <= space - hi < 20 else hi
    out, at = [], lo
    for a, b in marks:
        if a < lo or b > hi:
            continue
        out.append(html.escape(flat[at:a]) + "<mark>" + html.escape(flat[a:b]) + "</mark>")
        at = b
    out.append(html.escape(flat[at:hi]))
    return ("… " if lo else "") + "".join(out) + (" …" if hi < len(flat) else "")


#: Styles for :func:`results_html` (rendered with it).
RESULTS_CSS = """<style>
.gc-results { margin: 0; padding: 0; list-style: none; font-size: 0.9rem; }
.gc-results li { border-left: 3px solid #2da44e; padding: 0.2rem 0.6rem; margin: 0 0 0.6rem 0; }
.gc-results li.gc-flagged { border-left-color: #cf222e; }
.gc-results .gc-head { font-weight: 600; }
.gc-results .gc-meta { color: #57606a; font-size: 0.8rem; }
.gc-results mark { background: #fff3b0; padding: 0 1px; }
.gc-results .gc-snip { overflow-wrap: anywhere; }
</style>"""


def results_html(result: Any, question: str) -> str:
    """Each result as its rank, document chunk, scores and a snippet with the question's words
    marked (everything from a document escaped).

    >>> from types import SimpleNamespace as N
    >>> r = N(rank=1, chunk_id="a<b>.md#3", final=0.9, semantic=0.5, bm25_rank=1, distance_m=12.0,
    ...       epsg=4326, frame_confidence=1.0, frame_flagged=False, lane="region",
    ...       text="Orchard and <i>allotment</i> plots", feature_ids=("P-1",), footprint_wkt=None)
    >>> h = results_html(N(rows=[r]), "allotment")
    >>> "a&lt;b&gt;.md#3" in h, "<mark>allotment</mark>" in h, "<i>" in h
    (True, True, False)
    """
    items = []
    for r in result.rows:
        dist = "—" if r.distance_m is None else f"{r.distance_m:,.0f} m"
        ids = ", ".join(printable(i) for i in (r.feature_ids or ())[:4])
        more = len(r.feature_ids or ()) - 4
        ids += f" +{more}" if more > 0 else ""
        drawn = "on the map" if r.footprint_wkt else "no extent: not on the map"
        meta = (f"final {r.final:.3f} · semantic {r.semantic:.3f} · bm25 rank "
                f"{r.bm25_rank if r.bm25_rank is not None else '—'} · {dist} · {_frame(r)} · "
                f"{r.lane} lane · {drawn}" + (f" · features: {ids}" if ids else ""))
        cls = ' class="gc-flagged"' if r.frame_flagged else ""
        items.append(
            f"<li{cls}><div class='gc-head'>#{r.rank} · {html.escape(printable(r.chunk_id))}</div>"
            f"<div class='gc-meta'>{html.escape(meta)}</div>"
            f"<div class='gc-snip'>{snippet_html(r.text, question)}</div></li>")
    return RESULTS_CSS + "<ol class='gc-results'>" + "".join(items) + "</ol>"


def _frame(r: Any) -> str:
    if r.epsg is None:
        return "—"
    s = f"EPSG:{r.epsg} ({r.frame_confidence:.2f})"
    return s + " ⚑ flagged" if r.frame_flagged else s


def results_frame(result: Any) -> pd.DataFrame:
    """One row per result with every score component (its text is the result's card).

    >>> results_frame(None).columns.tolist()[:6]
    ['rank', 'final', 'semantic', 'bm25 rank', 'fused', 'distance m']
    """
    cols = ["rank", "final", "semantic", "bm25 rank", "fused", "distance m", "proximity", "frame",
            "collection", "chunk", "lane"]
    if result is None:
        return pd.DataFrame(columns=cols)
    rows = [{
        "rank": r.rank,
        "final": round(r.final, 4),
        "semantic": round(r.semantic, 4),
        "bm25 rank": r.bm25_rank,
        "fused": round(r.fused, 5),
        "distance m": None if r.distance_m is None else round(r.distance_m, 1),
        "proximity": round(r.proximity, 3),
        "frame": _frame(r),
        "collection": f"{printable(r.collection)}@{printable(r.corpus_version)}",
        "chunk": printable(r.chunk_id),
        "lane": r.lane,
    } for r in result.rows]
    return pd.DataFrame(rows, columns=cols)


def shortlist_frame(result: Any) -> pd.DataFrame:
    """The collection shortlist: searched or not, score, items in the region, the reason and the
    caveats (coarser than the question needs, stale, sparse coverage, licence)."""
    cols = ["collection", "searched", "score", "in region", "items", "reason", "caveats"]
    if result is None:
        return pd.DataFrame(columns=cols)
    return pd.DataFrame([{
        "collection": printable(s.collection), "searched": s.included, "score": s.score,
        "in region": s.in_region, "items": s.item_count, "reason": printable(s.reason),
        "caveats": "; ".join(printable(c) for c in getattr(s, "caveats", ())),
    } for s in result.shortlist], columns=cols)


#: Styles of :func:`shortlist_html` (fixed text): a fixed-layout table that wraps, each
#: collection's reason and caveats on a full-width line under its numbers.
SHORTLIST_CSS = """<style>
table.gc-shortlist { width: 100%; table-layout: fixed; border-collapse: collapse; font-size: 0.85rem; line-height: 1.35; }
table.gc-shortlist th { text-align: left; font-weight: 600; font-size: 0.78rem; padding: 3px 6px;
  border-bottom: 1px solid #ccc; background: #f5f5f5; }
table.gc-shortlist td { padding: 3px 6px; vertical-align: top; overflow-wrap: anywhere; }
table.gc-shortlist td.num { text-align: right; }
table.gc-shortlist tr.gc-why td { color: #57606a; font-size: 0.8rem; border-bottom: 1px solid #eee; padding-bottom: 6px; }
table.gc-shortlist tr.gc-skipped td { background: #f6f8fa; }
table.gc-shortlist col.gc-c { width: 34%; } table.gc-shortlist col.gc-s { width: 18%; }
table.gc-shortlist col.gc-n { width: 16%; }
table.gc-shortlist.gc-scores { table-layout: auto; }
table.gc-shortlist.gc-scores td { border-bottom: 1px solid #eee; }
</style>"""


def shortlist_html(result: Any) -> str:
    """The collection shortlist as a table that wraps (readable in a narrow column): per
    collection a row of collection, searched, score, in region and items, then a full-width
    row with the reason and caveats. Every string is made printable and escaped.

    >>> from types import SimpleNamespace as N
    >>> s = N(collection="parks<b>", included=False, score=0.25, in_region=23, item_count=52,
    ...       reason="excluded: licence LicenseRef-NoAI", caveats=("stale",))
    >>> out = shortlist_html(N(shortlist=[s]))
    >>> "parks&lt;b&gt;" in out and "<b>" not in out.split("</style>")[1]
    True
    >>> "reason: excluded: licence LicenseRef-NoAI · caveats: stale" in out
    True
    >>> shortlist_html(None).endswith("no collection</td></tr></tbody></table>")
    True
    """
    head = ("<table class='gc-shortlist'><colgroup><col class='gc-c'><col class='gc-s'>"
            "<col class='gc-n'><col class='gc-n'><col class='gc-n'></colgroup><thead><tr>"
            "<th>collection</th><th>searched</th><th>score</th><th>in region</th><th>items</th>"
            "</tr></thead><tbody>")
    if result is None or not result.shortlist:
        return SHORTLIST_CSS + head + "<tr><td colspan='5'>no collection</td></tr></tbody></table>"
    rows = []
    for s in result.shortlist:
        cls = "" if s.included else " class='gc-skipped'"
        why = f"reason: {printable(s.reason)}"
        caveats = "; ".join(printable(c) for c in getattr(s, "caveats", ()))
        why += f" · caveats: {caveats}" if caveats else ""
        rows.append(
            f"<tr{cls}><td>{html.escape(printable(s.collection))}</td>"
            f"<td>{'yes' if s.included else 'no'}</td><td class='num'>{s.score:.3f}</td>"
            f"<td class='num'>{s.in_region:,}</td><td class='num'>{s.item_count:,}</td></tr>"
            f"<tr class='gc-why{' gc-skipped' if not s.included else ''}'>"
            f"<td colspan='5'>{html.escape(why)}</td></tr>")
    return SHORTLIST_CSS + head + "".join(rows) + "</tbody></table>"


_NUMERIC = frozenset({"rank", "final", "semantic", "bm25 rank", "fused", "distance m", "proximity"})


def scores_html(result: Any) -> str:
    """:func:`results_frame` as a table that wraps (no cell clipped, no sideways scroll at
    1400 px): one row per result in rank order, numbers right-aligned, "—" for none. Every
    string is made printable and escaped.

    >>> from types import SimpleNamespace as N
    >>> r = N(rank=1, final=0.5, semantic=0.4, bm25_rank=None, fused=0.01, distance_m=12.0,
    ...       proximity=0.9, epsg=27700, frame_confidence=0.95, frame_flagged=True,
    ...       collection="c", corpus_version="1", chunk_id="a<b>.md#3", lane="extent")
    >>> out = scores_html(N(rows=[r]))
    >>> "a&lt;b&gt;.md#3" in out and "EPSG:27700 (0.95) ⚑ flagged" in out and "<td class='num'>—</td>" in out
    True
    """
    frame = results_frame(result)
    cols = list(frame.columns)
    head = "".join(f"<th>{html.escape(c)}</th>" for c in cols)
    body = []
    for row in frame.itertuples(index=False):
        cells = []
        for c, v in zip(cols, row):
            text = "—" if v is None or (isinstance(v, float) and v != v) else str(v)
            cls = " class='num'" if c in _NUMERIC else ""
            cells.append(f"<td{cls}>{html.escape(printable(text))}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    if not body:
        body.append(f"<tr><td colspan='{len(cols)}'>no result</td></tr>")
    return (SHORTLIST_CSS + f"<table class='gc-shortlist gc-scores'><thead><tr>{head}</tr></thead><tbody>"
            + "".join(body) + "</tbody></table>")


def staleness_lines(result: Any) -> list[str]:
    """Staleness as numbers, and what the region filter did with chunks that have no extent.

    >>> from types import SimpleNamespace as N
    >>> st = N(index_age_s=90.0, catalog_refresh_age_s=120.0, corpus_versions={"a": "1"}, index_built_at="t")
    >>> staleness_lines(N(staleness=st, no_extent_total=3, no_extent_lane=0, no_extent_searched=False, in_region=5, searched=5))
    ['index built 90 s ago; catalog refreshed 120 s ago; corpus versions: a=1', '5 chunks in the region; 3 chunks without extent skipped (tick "search chunks without extent")']
    >>> staleness_lines(N(staleness=st, no_extent_total=6, no_extent_lane=4, no_extent_searched=True, in_region=5, searched=9))[1]
    '5 chunks in the region; 4 of 6 chunks without extent searched as their own lane (2 in collections not searched)'
    """
    st = result.staleness
    versions = ", ".join(f"{printable(k)}={printable(v)}" for k, v in st.corpus_versions.items())
    skipped = result.no_extent_total - result.no_extent_lane
    lane = (f"{result.no_extent_lane} of {result.no_extent_total} chunks without extent searched as their own lane"
            + (f" ({skipped} in collections not searched)" if skipped else "")
            if result.no_extent_searched
            else f'{result.no_extent_total} chunks without extent skipped (tick "search chunks without extent")')
    return [
        f"index built {st.index_age_s:.0f} s ago; catalog refreshed {st.catalog_refresh_age_s:.0f} s ago; "
        f"corpus versions: {versions}",
        f"{result.in_region} chunks in the region; {lane}",
    ]


def draw_control(local_assets: bool = True) -> Draw:
    """Leaflet.draw with rectangle, polygon and circle tools (served locally by default)."""
    d = Draw(
        export=False,
        draw_options={"polyline": False, "marker": False, "circlemarker": False,
                      "polygon": True, "rectangle": True, "circle": True},
        edit_options={"edit": False, "remove": True},
    )
    if local_assets:
        d.default_js = [("leaflet_draw_js", LEAFLET_DRAW_JS_URL)]
        d.default_css = [("leaflet_draw_css", LEAFLET_DRAW_CSS_URL)]
    return d


def _region_of(result: Any, region: Any) -> Any:
    return result.region if result is not None else region


def result_layer(result: Any, region: Any = None) -> folium.FeatureGroup:
    """The searched region (blue outline, under everything, no click) and each result's
    features (green, flagged frames dashed red; a tooltip with rank, chunk, frame and score).
    ``region`` is drawn when there is no result yet (a box typed, a shape drawn).

    >>> from geochunk.retrieve import Region
    >>> from geochunk.view.layers import layer_data
    >>> [f["properties"]["role"] for f in layer_data(result_layer(None, Region.from_bbox(0, 50, 1, 51)))["features"]]
    ['region']
    """
    import shapely
    from shapely.geometry import mapping

    from geochunk.view.features import leaflet_safe
    from geochunk.view.layers import _FeatureCollectionLayer

    fg = folium.FeatureGroup(name="retrieval")
    reg = _region_of(result, region)
    styles = [
        {"color": REGION_BLUE, "weight": 2, "fill": False, "dashArray": "6 4"},
        {"color": RESULT_GREEN, "fillColor": RESULT_GREEN, "weight": 2, "fillOpacity": 0.35},
        {"color": TROUBLE_RED, "fillColor": TROUBLE_RED, "weight": 2, "fillOpacity": 0.3,
         "dashArray": "6 4"},
    ]
    fields = ["rank", "chunk", "features", "frame", "final"]
    if reg is not None:
        region_fc = {"type": "FeatureCollection", "features": [{
            "type": "Feature", "geometry": mapping(shapely.from_wkt(reg.wkt)),
            "properties": {"s": 0, "role": "region"}}]}
        _FeatureCollectionLayer(region_fc, styles, fields, interactive=False).add_to(fg)
    feats = []
    for r in [] if result is None else result.rows:
        if not r.footprint_wkt:
            continue
        geom = shapely.from_wkt(r.footprint_wkt)
        if geom.is_empty:
            continue
        # a marker at the footprint's centre keeps a result visible (and hoverable) at the
        # region's scale, where a parcel is smaller than a pixel
        try:
            mark = shapely.point_on_surface(shapely.make_valid(geom))
        except shapely.errors.GEOSException:
            mark = shapely.centroid(geom)
        geom = leaflet_safe(shapely.GeometryCollection([*shapely.get_parts(geom), mark]))
        ids = [printable(i) for i in (r.feature_ids or ())]
        feats.append({
            "type": "Feature",
            "geometry": mapping(geom),
            "properties": {
                "s": 2 if r.frame_flagged else 1,
                "role": "result",
                "rank": r.rank,
                "chunk": html.escape(printable(r.chunk_id)),
                "features": html.escape(", ".join(ids[:5]) + (" …" if len(ids) > 5 else "")),
                "frame": html.escape(_frame(r)),
                "final": round(r.final, 3),
            },
        })
    if feats:  # the best result last, so it is drawn on top
        feats.sort(key=lambda f: -f["properties"]["rank"])
        _FeatureCollectionLayer({"type": "FeatureCollection", "features": feats}, styles,
                                fields).add_to(fg)
    return fg


def region_bounds(region: Any) -> tuple[float, float, float, float] | None:
    """The WGS 84 box a map shows for a search region (a region across 180° narrowly, not round
    the globe), or None.

    >>> from geochunk.retrieve import Region
    >>> region_bounds(Region.from_bbox(-3.25, 55.92, -3.15, 55.97))
    (-3.25, 55.92, -3.15, 55.97)
    """
    if region is None:
        return None
    import shapely

    parts = shapely.get_parts(shapely.from_wkt(region.wkt))
    return union_bbox([tuple(p.bounds) for p in parts], lon=True)


def retrieve_map(
    result: Any,
    bounds_wgs84: tuple[float, float, float, float] | None,
    *,
    basemap: str = "none",
    local_assets: bool = True,
    region: Any = None,
) -> folium.Map:
    """The base map with the draw tool, framed on the searched region (the result's, else
    ``region``: a box typed or a shape drawn before any question), else on ``bounds_wgs84``
    (the index)."""
    framed = region_bounds(_region_of(result, region))
    m = base_map(framed or bounds_wgs84, basemap, local_assets=local_assets)
    draw_control(local_assets).add_to(m)
    return m


def drawn_geometry(st_folium_value: dict[str, Any] | None) -> tuple[dict[str, Any], float | None] | None:
    """``(geometry, radius_m)`` of the last shape drawn in ``st_folium``'s return value, or None.

    >>> drawn_geometry({"last_active_drawing": {"type": "Feature", "properties": {"radius": 200},
    ...                 "geometry": {"type": "Point", "coordinates": [0, 51]}}})
    ({'type': 'Point', 'coordinates': [0, 51]}, 200.0)
    """
    if not st_folium_value:
        return None
    feat = st_folium_value.get("last_active_drawing")
    if not isinstance(feat, dict) or not isinstance(feat.get("geometry"), dict):
        return None
    props = feat.get("properties") or {}
    radius = props.get("radius")
    return feat["geometry"], (float(radius) if isinstance(radius, (int, float)) else None)


__all__ += ["drawn_geometry"]
