"""The app's page router: every page file under ``pages/``, the Inspector first, each page
run inside one guard so a visitor never sees a traceback or a server path.

Pages are discovered (``pages/<n>_<Name>.py``, ordered by ``n``), so a page added later
(e.g. ``pages/4_Retrieve.py``) appears in the sidebar without touching the router. A ``pages/``
folder makes Streamlit start each server process in its v1 multipage mode until the first
``st.navigation`` call: the very first request after a start, if it asks for a page's URL
(``/Review``), would run that page file directly, outside this router and its guard. Every page
calls :func:`leave_v1_mode` first (via ``widgets.setup_page``), which switches the process to the
router and runs the page under it and its guard. An unexpected error in a page is logged
server-side with its traceback and a short reference; the page shows a plain message with that
reference.

>>> page_title("pages/1_Review.py"), page_title("pages/0_Inspector.py")
('Review', 'Inspector')
>>> page_title("pages/12_Feature_search.py")
'Feature search'
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import streamlit as st

__all__ = ["PAGES_DIR", "PageFile", "page_title", "discover_pages", "guarded", "run_app", "MAIN_PAGE", "leave_v1_mode"]

log = logging.getLogger("geochunk.app")

#: Where the page files live (the project's layout: ``app.py``, ``geochunk/``, ``pages/``, ``tests/``).
PAGES_DIR = "pages"
#: The page that opens at ``/`` and is named first in the sidebar.
MAIN_PAGE = "0_Inspector.py"


@dataclass(frozen=True)
class PageFile:
    """One page script: its path, sidebar title and whether it opens at ``/``."""

    path: Path
    title: str
    default: bool


def page_title(path: str | Path) -> str:
    """The sidebar title of a page file: its name without the order prefix, ``_`` as spaces."""
    stem = Path(path).stem
    head, sep, rest = stem.partition("_")
    name = rest if sep and head.isdigit() else stem
    return name.replace("_", " ").strip() or stem


def _order(path: Path) -> tuple[int, str]:
    head = path.stem.partition("_")[0]
    return (int(head) if head.isdigit() else 10**6, path.name)


def discover_pages(app_dir: str | Path) -> list[PageFile]:
    """The page files in ``<app_dir>/pages`` (``*.py``, not starting with ``_``), in order.

    >>> [p.title for p in discover_pages(Path(__file__).resolve().parents[2])][:4]
    ['Inspector', 'Review', 'Compare', 'Corpus']
    """
    folder = Path(app_dir) / PAGES_DIR
    files = sorted((p for p in folder.glob("*.py") if not p.name.startswith("_")), key=_order)
    return [PageFile(p, page_title(p), p.name == MAIN_PAGE) for p in files]


def _report(exc: BaseException) -> str:
    """Log ``exc`` with its traceback under a fresh reference; return the reference."""
    ref = secrets.token_hex(4)
    log.error("page error [ref %s]", ref, exc_info=(type(exc), exc, exc.__traceback__))
    return ref


def guarded(run: Callable[[], None]) -> None:
    """Run a page; an unexpected exception becomes a plain message (details in the server log).

    Streamlit's own control flow (``st.stop``, ``st.rerun``) derives from ``BaseException`` and
    passes through untouched.
    """
    try:
        run()
    except Exception as exc:  # noqa: BLE001 - the last guard of a page
        ref = _report(exc)
        st.error(
            f"This page could not be completed: an unexpected error occurred "
            f"({type(exc).__name__}, reference {ref}). The details are in the server log; "
            "try other settings or another document."
        )


def leave_v1_mode() -> None:
    """If Streamlit is running a page file directly (its v1 multipage mode, outside the router),
    switch the process to the router, run the requested page under it, and end the direct run;
    else do nothing.

    Streamlit decides per process, from the ``pages/`` folder, before any script runs; the first
    ``st.navigation`` call turns v1 off for good. Page URLs are the same in both modes, so the
    router picks the page the visitor asked for, in the same run (widget events are kept).
    """
    from streamlit.runtime.pages_manager import PagesManager
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx()
    if PagesManager.uses_pages_directory and ctx is not None:
        PagesManager.uses_pages_directory = False
        run_app(Path(ctx.pages_manager.main_script_path).parent)  # the folder holding app.py
        st.stop()


def run_app(app_dir: str | Path) -> None:
    """Register every page with ``st.navigation`` and run the chosen one under :func:`guarded`."""
    pages = [st.Page(str(p.path), title=p.title, default=p.default) for p in discover_pages(app_dir)]
    chosen = st.navigation(pages)
    guarded(chosen.run)
