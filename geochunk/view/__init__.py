"""Pure presentation for the geochunk app: folium maps, DataFrames, charts and escaped HTML.

Nothing here imports streamlit; everything is unit-tested directly. Modules: ``maps`` (the base
map), ``layers`` (Leaflet layers), ``features`` (display geometries), ``tables``, ``reasons``,
``highlight``, ``charts``, ``density``, ``colors``, ``frames`` (frames and their evidence).
"""

__all__: list[str] = []
