"""Put a folium map on the page without needless reruns or rebuilds.

The base map stays constant for a document, so the st_folium component stays mounted; the
changing chunk layer goes in ``feature_group_to_add`` and a selected chunk only changes
``center``/``zoom``. Only the click is returned (``last_object_clicked`` and its tooltip, a few
bytes), so panning never reruns the script and a click on a feature selects its chunk.

>>> map_note("none", True)
'Basemap: none (offline). Leaflet served locally.'
"""

from __future__ import annotations

from typing import Any, Callable

import folium
import streamlit as st
from streamlit_folium import st_folium

__all__ = ["CLICK_OBJECTS", "map_note", "show_map"]

#: What a map returns to the script: the clicked point and the clicked feature's tooltip text.
CLICK_OBJECTS: tuple[str, ...] = ("last_object_clicked", "last_object_clicked_tooltip")


def map_note(basemap: str, local_assets: bool) -> str:
    """The caption under a map: where tiles and Leaflet come from."""
    tiles = "none (offline)" if basemap == "none" else f"{basemap} (needs internet)"
    leaflet = "served locally" if local_assets else "from CDN (needs internet)"
    return f"Basemap: {tiles}. Leaflet {leaflet}."


def show_map(
    base: folium.Map,
    layer: folium.FeatureGroup,
    *,
    key: str,
    basemap: str,
    local_assets: bool,
    center: tuple[float, float] | None = None,
    zoom: int | None = None,
    height: int = 520,
    on_click: Callable[[dict[str, Any]], None] | None = None,
) -> Any:
    """Render ``base`` with ``layer`` swapped in. With ``on_click``, a click on a feature calls
    it (before the rerun) with ``{"last_object_clicked": ..., "last_object_clicked_tooltip":
    ...}``; without, nothing is returned and the map never reruns the script."""

    def changed() -> None:
        if on_click is not None:
            on_click(st.session_state.get(key) or {})

    out = st_folium(
        base,
        key=key,
        feature_group_to_add=layer,
        returned_objects=list(CLICK_OBJECTS) if on_click is not None else [],
        center=center,
        zoom=zoom,
        height=height,
        use_container_width=True,
        on_change=changed if on_click is not None else None,
    )
    st.caption(map_note(basemap, local_assets))
    return out
