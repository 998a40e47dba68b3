"""The base map: constant per document, so chunk layers can be swapped into it.

The base map depends only on the document (its bounds), the basemap choice and the legend, so
Streamlit can keep it mounted while a budget change swaps the chunk layer
(``st_folium(..., feature_group_to_add=layer)``). Leaflet is loaded from the app's own static
folder (``/app/static/vendor/leaflet/``); no jQuery, Bootstrap or Font Awesome is loaded because
GeoJSON layers and tooltips only need Leaflet. With ``basemap="none"`` nothing is fetched from
the network at all.

Layers are built in :mod:`geochunk.view.layers`, display geometries in
:mod:`geochunk.view.features`.

>>> m = base_map((-1.0, 51.0, 0.0, 52.0))
>>> [url for _, url in m.default_js]
['/app/static/vendor/leaflet/leaflet.js']
"""

from __future__ import annotations

import html
import math
from typing import Any, Sequence

import folium
from branca.element import MacroElement
from jinja2 import Template

from geochunk.errors import ConfigError
from geochunk.crs.extent import bbox_center_lon, lon_width
from geochunk.view.colors import FALLBACK_BLACK, INTACT_GREY, ORIGINAL_GREY, TROUBLE_RED
from geochunk.view.features import DEFAULT_DISPLAY_MAX_VERTICES

__all__ = [
    "LEAFLET_JS_URL",
    "LEAFLET_CSS_URL",
    "LEAFLET_CDN_JS",
    "LEAFLET_CDN_CSS",
    "OUTLINES_URL",
    "BASEMAPS",
    "view_for_bbox",
    "base_map",
    "chunk_legend_html",
    "severed_legend_html",
    "undrawn_note_html",
]

LEAFLET_JS_URL = "/app/static/vendor/leaflet/leaflet.js"
LEAFLET_CSS_URL = "/app/static/vendor/leaflet/leaflet.css"
LEAFLET_CDN_JS = "https://cdn.jsdelivr.net/npm/leaflet@1.9.3/dist/leaflet.js"
LEAFLET_CDN_CSS = "https://cdn.jsdelivr.net/npm/leaflet@1.9.3/dist/leaflet.css"
#: Country outlines for orientation with no basemap (Natural Earth 1:110m, public domain:
#: ``geochunk/view/data/``), served from the app's static folder like Leaflet.
OUTLINES_URL = "/app/static/vendor/geochunk/world_outlines.json"

#: Basemap choices: label -> folium ``tiles`` value (``None``: no tiles, works offline).
BASEMAPS: dict[str, str | None] = {
    "none": None,
    "OpenStreetMap": "OpenStreetMap",
    "CartoDB positron": "CartoDB positron",
}


def view_for_bbox(
    bbox: tuple[float, float, float, float], width: int = 800, height: int = 520
) -> tuple[tuple[float, float], int]:
    """``((lat, lon), zoom)`` that shows ``bbox`` in a ``width`` × ``height`` pixel map.

    >>> view_for_bbox((-0.2, 51.4, 0.0, 51.6))
    ((51.5, -0.1), 10)
    >>> view_for_bbox((179.0, -18.0, -179.0, -17.0))[0]  # across 180°: centred on it
    (-17.5, 180.0)
    """
    west, south, east, north = bbox
    center = ((south + north) / 2, bbox_center_lon(bbox))

    def merc(lat: float) -> float:
        lat = max(min(lat, 85.0), -85.0)
        return math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))

    lon_frac = max(lon_width(west, east), 1e-9) / 360.0  # eastwards, also across 180°
    lat_frac = max(merc(north) - merc(south), 1e-9) / (2 * math.pi)
    zoom_x = math.log2(width / 256 / lon_frac)
    zoom_y = math.log2(height / 256 / lat_frac)
    zoom = int(max(0, min(18, math.floor(min(zoom_x, zoom_y) - 0.25))))
    return (round(center[0], 7), round(center[1], 7)), zoom


class _Control(MacroElement):
    """A Leaflet control written here (its script is the class's ``_template``), named after
    its class (``_Legend`` -> ``Legend``)."""

    def __init__(self) -> None:
        super().__init__()
        self._name = type(self).__name__.lstrip("_")


class _Legend(_Control):
    """A collapsible Leaflet control (closed by default, so it never hides data) in the map's
    bottom-right corner holding fixed legend HTML."""

    _template = Template(
        """
        {% macro script(this, kwargs) %}
        var {{ this.get_name() }} = L.control({position: "bottomright"});
        {{ this.get_name() }}.onAdd = function () {
            var div = L.DomUtil.create("details", "gc-legend");
            div.style.cssText = "background:rgba(255,255,255,0.92);padding:4px 8px;"
                + "font:12px/1.4 sans-serif;border-radius:4px;box-shadow:0 0 4px #888;"
                + "max-width:260px;";
            div.innerHTML = "<summary style='cursor:pointer'>Legend</summary>"
                + {{ this.html|tojson }};
            L.DomEvent.disableClickPropagation(div);
            return div;
        };
        {{ this.get_name() }}.addTo({{ this._parent.get_name() }});
        {% endmacro %}
        """
    )

    def __init__(self, html_text: str) -> None:
        super().__init__()
        self.html = html_text


class _Note(_Control):
    """A small always-visible note in the map's top-right corner (e.g. the features that are
    not drawn); its HTML is built escaped by :func:`undrawn_note_html`."""

    _template = Template(
        """
        {% macro script(this, kwargs) %}
        var {{ this.get_name() }} = L.control({position: "topright"});
        {{ this.get_name() }}.onAdd = function () {
            var div = L.DomUtil.create("details", "gc-map-note");
            div.style.cssText = "background:rgba(255,248,225,0.95);padding:3px 8px;"
                + "font:12px/1.4 sans-serif;border-radius:4px;box-shadow:0 0 4px #888;"
                + "max-width:340px;max-height:220px;overflow:auto;";
            div.innerHTML = {{ this.html|tojson }};
            L.DomEvent.disableClickPropagation(div);
            L.DomEvent.disableScrollPropagation(div);
            return div;
        };
        {{ this.get_name() }}.addTo({{ this._parent.get_name() }});
        {% endmacro %}
        """
    )

    def __init__(self, html_text: str) -> None:
        super().__init__()
        self.html = html_text


def undrawn_note_html(undrawn: "Sequence[Any]", total: int) -> str:
    """The map's note on features it cannot draw: a count always visible, each feature id and
    reason on opening it (document strings escaped).

    >>> from geochunk.view.features import Undrawn
    >>> h = undrawn_note_html([Undrawn("<b>x</b>", "not parsed: bad")], 3)
    >>> "1 of 3 features not drawn" in h, "&lt;b&gt;x&lt;/b&gt;" in h, "<b>x" in h
    (True, True, False)
    """
    from geochunk.view.safe import printable

    rows = "".join(f"<li><code>{html.escape(printable(u.feature_id))}</code>: "
                   f"{html.escape(printable(u.reason))}</li>" for u in undrawn)
    return (f"<summary style='cursor:pointer'>⚠ {len(undrawn):,} of {total:,} features not drawn"
            f"</summary><ul style='margin:2px 0 0 14px;padding:0'>{rows}</ul>")


class _MousePosition(_Control):
    """A coordinate readout (lon, lat in WGS 84) in the bottom-left corner: a tiny Leaflet
    control written here, so nothing is fetched from a CDN."""

    _template = Template(
        """
        {% macro script(this, kwargs) %}
        (function (map) {
            var ctl = L.control({position: "bottomleft"});
            ctl.onAdd = function () {
                var div = L.DomUtil.create("div", "gc-mouse-position");
                div.style.cssText = "background:rgba(255,255,255,0.85);padding:1px 6px;"
                    + "font:11px/1.5 monospace;border-radius:3px;";
                div.textContent = "lon —, lat — (WGS 84)";
                map.on("mousemove", function (e) {
                    div.textContent = "lon " + e.latlng.lng.toFixed(5) + ", lat "
                        + e.latlng.lat.toFixed(5) + " (WGS 84)";
                });
                return div;
            };
            ctl.addTo(map);
        })({{ this._parent.get_name() }});
        {% endmacro %}
        """
    )


class _Graticule(_Control):
    """A WGS 84 graticule redrawn for the view (lines every 90° down to 0.001°, labelled at
    the map's edges), under everything else and never in the mouse's way: with no basemap it
    shows where on Earth the features are."""

    _template = Template(
        """
        {% macro script(this, kwargs) %}
        (function (map) {
            var pane = map.createPane("gcGraticule");
            pane.style.zIndex = 350;
            pane.style.pointerEvents = "none";
            var group = L.layerGroup().addTo(map);
            var steps = [90, 45, 30, 20, 10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01,
                         0.005, 0.002, 0.001];
            function label(v, pos, neg) {
                var a = Math.abs(v), t = parseFloat(a.toFixed(3)) + "°";
                return v === 0 ? "0°" : t + (v > 0 ? pos : neg);
            }
            function draw() {
                group.clearLayers();
                var b = map.getBounds();
                var south = Math.max(b.getSouth(), -85), north = Math.min(b.getNorth(), 85);
                var west = b.getWest(), east = b.getEast();
                function pick(span) {  // the largest step giving at least 3 lines
                    for (var i = 0; i < steps.length; i++) {
                        if (span / steps[i] >= 3) { return steps[i]; }
                    }
                    return steps[steps.length - 1];
                }
                var stepX = pick(east - west), stepY = pick(north - south);
                var line = {color: "#888", weight: 0.8, opacity: 0.7, interactive: false,
                            pane: "gcGraticule", dashArray: "2 4"};
                var text = "font:10px sans-serif;color:#444;white-space:nowrap;"
                    + "background:rgba(255,255,255,0.7);padding:0 2px;display:inline-block;";
                var x0 = Math.ceil(west / stepX) * stepX, y0 = Math.ceil(south / stepY) * stepY;
                for (var k = 0, x = x0; x <= east && k < 200; k++, x = x0 + k * stepX) {
                    group.addLayer(L.polyline([[south, x], [north, x]], line));
                    // longitudes along the top edge, right of their line
                    group.addLayer(L.marker([north, x], {interactive: false, pane: "gcGraticule",
                        icon: L.divIcon({className: "gc-grat", iconSize: null, html:
                        "<span style='" + text + "margin-left:2px'>" + label(x, "E", "W")
                        + "</span>"})}));
                }
                for (var j = 0, y = y0; y <= north && j < 200; j++, y = y0 + j * stepY) {
                    group.addLayer(L.polyline([[y, west], [y, east]], line));
                    // latitudes along the right edge, above their line
                    group.addLayer(L.marker([y, east], {interactive: false, pane: "gcGraticule",
                        icon: L.divIcon({className: "gc-grat", iconSize: null, html:
                        "<span style='" + text + "transform:translate(-100%,-100%)'>"
                        + label(y, "N", "S") + "</span>"})}));
                }
            }
            map.on("moveend", draw);
            map.whenReady(draw);
        })({{ this._parent.get_name() }});
        {% endmacro %}
        """
    )


class _Outlines(_Control):
    """Country outlines (fetched once from the app's static folder, so the map's own script
    stays small) on a pane under the graticule and the features, never in the mouse's way:
    with no basemap they show which coast or country the features are on."""

    _template = Template(
        """
        {% macro script(this, kwargs) %}
        (function (map) {
            var pane = map.createPane("gcOutlines");
            pane.style.zIndex = 340;
            pane.style.pointerEvents = "none";
            fetch({{ this.url|tojson }}).then(function (r) { return r.ok ? r.json() : null; })
                .then(function (data) {
                    if (!data) { return; }
                    L.geoJSON(data, {pane: "gcOutlines", interactive: false,
                        style: {color: "#6b7f94", weight: 1.2, opacity: 0.9, fill: false}})
                        .addTo(map);
                    map.getContainer().dataset.gcOutlines = "drawn";
                }).catch(function () {});
        })({{ this._parent.get_name() }});
        {% endmacro %}
        """
    )

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url


def _swatch(style: str, label: str) -> str:
    return (
        f'<div><span style="display:inline-block;width:22px;height:11px;margin-right:5px;'
        f'vertical-align:middle;{style}"></span>{label}</div>'
    )


def chunk_legend_html(display_max_vertices: int = DEFAULT_DISPLAY_MAX_VERTICES) -> str:
    """The legend of a chunk map (fixed text, no document content).

    >>> "simplified for display" in chunk_legend_html(500)
    True
    """
    return "".join(
        [
            "<b>Chunks</b>",
            _swatch("background:#1f77b4;opacity:.6", "feature, in its chunk's colour"),
            _swatch("border:1px dashed #1f77b4", "chunk bbox (selected chunk, or all on demand)"),
            _swatch(f"border:3px solid {TROUBLE_RED}", "oversized chunk"),
            _swatch(f"border:3px dashed {FALLBACK_BLACK}", "needs fallback (still over budget)"),
            _swatch(f"border:1px dashed {ORIGINAL_GREY}",
                    "original outline of a generalized feature"),
            _swatch(f"border:1px dotted {ORIGINAL_GREY}",
                    "GML Envelope/Box: extent metadata, outline only"),
            f"<div style='color:#555;max-width:240px'>Geometries over {display_max_vertices:,} "
            "vertices are simplified for display only; chunk text is unchanged.</div>",
        ]
    )


def severed_legend_html() -> str:
    """The legend of the Compare map."""
    return "".join(
        [
            "<b>Geometries</b>",
            _swatch(f"background:{TROUBLE_RED}", "severed by a chunk boundary"),
            _swatch(f"background:{INTACT_GREY}", "kept whole"),
        ]
    )


def base_map(
    bounds_wgs84: tuple[float, float, float, float] | None,
    basemap: str = "none",
    *,
    local_assets: bool = True,
    legend_html: str | None = None,
    graticule: bool | None = None,
    note_html: str | None = None,
    outlines: bool | None = None,
) -> folium.Map:
    """A map fitted to ``(west, south, east, north)`` (padded, so no edge feature is cut) with
    no layers but the basemap, a mouse-position readout, a collapsible legend and (by default
    when there is no basemap) a WGS 84 graticule and country outlines (:data:`OUTLINES_URL`);
    ``note_html`` (already escaped) is shown in the top-right corner.

    ``basemap`` is a key of :data:`BASEMAPS`; ``"none"`` works offline. ``local_assets`` loads
    Leaflet from the app's static folder, otherwise from a CDN (online use only). Only Leaflet
    is loaded either way.

    >>> m = base_map(None, local_assets=False)
    >>> [url for _, url in m.default_css]
    ['https://cdn.jsdelivr.net/npm/leaflet@1.9.3/dist/leaflet.css']
    """
    if basemap not in BASEMAPS:
        raise ConfigError(f"unknown basemap {basemap!r}; valid values: {', '.join(BASEMAPS)}")
    m = folium.Map(
        location=[0.0, 0.0],
        zoom_start=2,
        tiles=BASEMAPS[basemap],
        prefer_canvas=True,
        control_scale=True,
        zoom_snap=0.25,  # the padded fit below need not drop a whole zoom level
    )
    if local_assets:
        js, css = LEAFLET_JS_URL, LEAFLET_CSS_URL
    else:
        js, css = LEAFLET_CDN_JS, LEAFLET_CDN_CSS
    m.default_js = [("leaflet", js)]
    m.default_css = [("leaflet_css", css)]
    if bounds_wgs84 is not None:
        w, s, e, n = bounds_wgs84
        e = w + lon_width(w, e)  # across 180° Leaflet takes an east edge past 180 (not the globe)
        m.location = [(s + n) / 2, bbox_center_lon(bounds_wgs84)]
        m.fit_bounds([[s, w], [n, e]], padding=(16, 16))
    if legend_html:
        _Legend(legend_html).add_to(m)
    if note_html:  # e.g. the features it cannot draw (undrawn_note_html)
        _Note(note_html).add_to(m)
    _MousePosition().add_to(m)
    if outlines if outlines is not None else basemap == "none":
        _Outlines(OUTLINES_URL).add_to(m)
    if graticule if graticule is not None else basemap == "none":
        _Graticule().add_to(m)
    return m
