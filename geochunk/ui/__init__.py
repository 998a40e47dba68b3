"""Streamlit glue for the geochunk app: the only package that imports streamlit, and the only
one the pages import (``tests/test_page_imports.py`` checks it).

Modules: ``state`` (session keys), ``static`` (local Leaflet), ``services`` (cached pipeline
calls), ``widgets`` (sidebar), ``render`` (st_folium), ``sections`` (shared page sections),
``review`` (the Review page's decisions), ``retrieve`` (the Retrieve page), ``navigation`` (the
page router). The names every page needs are here: the error a page catches, the one line it
shows of it (:func:`~geochunk.view.messages.error_line`: no traceback, no server path), and the
escape for document text shown as Markdown.
"""

from geochunk.errors import GeochunkError
from geochunk.view.highlight import escape_markdown
from geochunk.view.messages import error_line

__all__ = ["GeochunkError", "error_line", "escape_markdown"]
