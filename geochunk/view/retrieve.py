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
from typing import Any

import folium
import pandas as pd
from folium.plugins import Draw

from ..extent import union_bbox
from .colors import TROUBLE_RED
from .maps import base_map
from .safe import printable

__all__ = [
    "LEAFLET_DRAW_JS_URL",
    "LEAFLET_DRAW_CSS_URL",
    "results_frame",
    "shortlist_frame",
    "staleness_lines",
    "retrieve_map",
    "draw_control",
    "result_layer",
]

LEAFLET_DRAW_JS_URL = "/app/static/vendor/leaflet-draw/leaflet.draw.js"
LEAFLET_DRAW_CSS_URL = "/app/static/vendor/leaflet-draw/leaflet.draw.css"
REGION_BLUE = "#1f6feb"
RESULT_GREEN = "#2da44e"
SNIPPET = 160


def _snippet(text: str, n: int = SNIPPET) -> str:
    t = " ".join(printable(text).split())
    return t if len(t) <= n else t[: n - 1] + "…"


def _frame(r: Any) -> str:
    if r.epsg is None:
        return "—"
    s = f"EPSG:{r.epsg} ({r.frame_confidence:.2f})"
    return s + " ⚑ flagged" if r.frame_flagged else s


def results_frame(result: Any) -> pd.DataFrame:
    """One row per result with every score component.

    >>> results_frame(None).columns.tolist()[:6]
    ['rank', 'final', 'semantic', 'bm25 rank', 'fused', 'distance m']
    """
    cols = ["rank", "final", "semantic", "bm25 rank", "fused", "distance m", "proximity", "frame",
            "collection", "chunk", "lane", "text"]
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
        "text": _snippet(r.text),
    } for r in result.rows]
    return pd.DataFrame(rows, columns=cols)


def shortlist_frame(result: Any) -> pd.DataFrame:
    """The collection shortlist: searched or not, score, items in the region, the reason."""
    cols = ["collection", "searched", "score", "in region", "items", "reason"]
    if result is None:
        return pd.DataFrame(columns=cols)
    return pd.DataFrame([{
        "collection": printable(s.collection), "searched": s.included, "score": s.score,
        "in region": s.in_region, "items": s.item_count, "reason": printable(s.reason),
    } for s in result.shortlist], columns=cols)


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


def result_layer(result: Any) -> folium.FeatureGroup:
    """The searched region (blue outline) and the results' footprints (green; flagged dashed red)."""
    import shapely
    from shapely.geometry import mapping

    fg = folium.FeatureGroup(name="retrieval")
    if result is None:
        return fg
    folium.GeoJson(
        mapping(shapely.from_wkt(result.region.wkt)),
        style_function=lambda _: {"color": REGION_BLUE, "weight": 2, "fill": False, "interactive": False},
    ).add_to(fg)
    feats = []
    for r in result.rows:
        if not r.footprint_wkt:
            continue
        feats.append({
            "type": "Feature",
            "geometry": mapping(shapely.from_wkt(r.footprint_wkt)),
            "properties": {
                "rank": r.rank,
                "chunk": html.escape(printable(r.chunk_id)),
                "frame": html.escape(_frame(r)),
                "final": round(r.final, 3),
                "flagged": bool(r.frame_flagged),
            },
        })
    if feats:
        folium.GeoJson(
            {"type": "FeatureCollection", "features": feats},
            style_function=lambda f: {
                "color": TROUBLE_RED if f["properties"]["flagged"] else RESULT_GREEN,
                "dashArray": "6 4" if f["properties"]["flagged"] else None,
                "weight": 3, "fillOpacity": 0.25,
            },
            marker=folium.CircleMarker(radius=6),
            tooltip=folium.GeoJsonTooltip(fields=["rank", "chunk", "frame", "final"]),
        ).add_to(fg)
    return fg


def retrieve_map(
    result: Any,
    bounds_wgs84: tuple[float, float, float, float] | None,
    *,
    basemap: str = "none",
    local_assets: bool = True,
) -> folium.Map:
    """The base map fitted to the index (or the region), with the draw tool."""
    if result is not None:  # a region across 180° is fitted narrowly, not round the globe
        import shapely

        parts = shapely.get_parts(shapely.from_wkt(result.region.wkt))
        bounds_wgs84 = union_bbox([tuple(p.bounds) for p in parts], lon=True)
    m = base_map(bounds_wgs84, basemap, local_assets=local_assets)
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
