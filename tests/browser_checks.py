"""Checks the real-browser test makes: page errors (uncaught script errors in the page or the
map's iframe, e.g. Leaflet's ``t.getElement is not a function``; failed requests)."""

from __future__ import annotations

import re

__all__ = ["page_errors", "SEVERE_SOURCES"]

#: Console entries that are errors of the page: an uncaught exception or a failed request.
SEVERE_SOURCES = ("javascript", "network")

#: Streamlit's frontend, loaded at a page's URL (``/Review`` after a reload), first probes
#: ``/Review/_stcore/health`` and ``host-config`` for a base path (404) before the root's: its
#: own probe, not a failure of the page.
_BASE_PATH_PROBE = re.compile(r"/[^/\s]+/_stcore/(?:health|host-config) - Failed to load resource: "
                              r"the server responded with a status of 404")


def page_errors(drv) -> list[str]:
    """The page errors logged since the last call (reading drains the browser log), from the
    page and every iframe in it."""
    return [e["message"] for e in drv.get_log("browser")
            if e.get("level") == "SEVERE" and e.get("source") in SEVERE_SOURCES
            and not _BASE_PATH_PROBE.search(e["message"])]
