"""Streamlit glue for the geochunk app: the only package that imports streamlit.

Modules: ``state`` (session keys), ``static`` (local Leaflet), ``services`` (cached pipeline
calls), ``widgets`` (sidebar), ``render`` (st_folium), ``sections`` (shared page sections).
"""

__all__: list[str] = []
