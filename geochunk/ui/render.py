"""Put a folium map on the page without needless reruns or rebuilds.

The base map stays constant for a document, so the st_folium component stays mounted; the
changing chunk layer goes in ``feature_group_to_add`` and a selected chunk only changes
``center``/``zoom``. ``returned_objects=[]`` means panning or clicking the map never reruns the
script.

>>> map_note("none", True)
'Basemap: none (offline). Leaflet served locally.'
"""

from __future__ import annotations

from typing import Any

import folium
import streamlit as st
from streamlit_folium import st_folium

__all__ = ["map_note", "show_map"]


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
) -> Any:
    """Render ``base`` with ``layer`` swapped in; returns nothing useful (no returned objects)."""
    out = st_folium(
        base,
        key=key,
        feature_group_to_add=layer,
        returned_objects=[],
        center=center,
        zoom=zoom,
        height=height,
        use_container_width=True,
    )
    st.caption(map_note(basemap, local_assets))
    return out
