"""Streamlit glue for the geochunk app: the only package that imports streamlit, and the only
one the pages import (``tests/test_page_imports.py`` checks it).

Modules: ``state`` (session keys), ``static`` (local Leaflet), ``services`` (cached pipeline
calls), ``widgets`` (sidebar), ``render`` (st_folium), ``sections`` (shared page sections),
``review`` (the Review page's decisions), ``retrieve`` (the Retrieve page), ``navigation`` (the
page router). The two names every page needs are here: the error a page catches and shows, and
the escape for document text shown as Markdown.
"""

from geochunk.errors import GeochunkError
from geochunk.view.highlight import escape_markdown

__all__ = ["GeochunkError", "escape_markdown"]
