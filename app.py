"""geochunk app: ``streamlit run app.py``.

The router only: every page lives in ``pages/`` (the Inspector opens at ``/``); each runs inside
one guard that turns an unexpected error into a plain message and logs the details server-side.
Works offline: Leaflet is served from ``static/`` and the default basemap is "none".
"""

from pathlib import Path

from geochunk.ui.navigation import run_app

run_app(Path(__file__).resolve().parent)
