"""Pages stay thin: app.py and every file in pages/ import only the standard library (never
``re``), streamlit and ``geochunk.ui`` (the arrows are pages -> ui -> view -> core). Read from
the source with ``ast``, so an import inside a function or a branch counts too."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

APP_DIR = Path(__file__).resolve().parents[1]
PAGE_FILES = sorted([APP_DIR / "app.py", *(APP_DIR / "pages").glob("*.py")])

#: Standard-library modules a page may still not import (house rule: no regexes in pages).
FORBIDDEN_STDLIB = frozenset({"re"})


def _allowed(module: str) -> bool:
    top = module.split(".")[0]
    if module == "geochunk.ui" or module.startswith("geochunk.ui."):
        return True
    if top == "streamlit":
        return True
    return top in sys.stdlib_module_names and top not in FORBIDDEN_STDLIB


def outside_imports(source: str) -> list[str]:
    """Every module ``source`` imports that a page may not import (``"geochunk"`` itself is
    allowed only as ``from geochunk import ui``)."""
    bad = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            bad += [a.name for a in node.names if not _allowed(a.name)]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                bad.append("." * node.level + (node.module or ""))
            elif node.module == "geochunk":
                bad += [f"geochunk.{a.name}" for a in node.names if a.name != "ui"]
            elif not _allowed(node.module or ""):
                bad.append(node.module or "")
    return bad


def test_there_are_pages_to_check() -> None:
    assert len(PAGE_FILES) >= 6  # app.py and the five pages
    assert all(p.is_file() for p in PAGE_FILES)


@pytest.mark.parametrize("path", PAGE_FILES, ids=lambda p: p.name)
def test_pages_import_only_the_ui_layer(path: Path) -> None:
    assert outside_imports(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    ("source", "bad"),
    [
        ("from geochunk.view.tables import corpus_frame", ["geochunk.view.tables"]),
        ("from geochunk.errors import GeochunkError", ["geochunk.errors"]),
        ("from geochunk import pipeline, ui", ["geochunk.pipeline"]),
        ("import geochunk.retrieve.fuse", ["geochunk.retrieve.fuse"]),
        ("from geochunk.uix import x", ["geochunk.uix"]),
        ("import shapely, pyproj", ["shapely", "pyproj"]),
        ("import re", ["re"]),
        ("from streamlit_folium import st_folium", ["streamlit_folium"]),
        ("from . import sibling", ["."]),
        ("def f():\n    import folium\n", ["folium"]),
        ("if True:\n    from geochunk.model import Chunk\n", ["geochunk.model"]),
        ("import streamlit as st\nfrom streamlit.testing.v1 import AppTest", []),
        ("from geochunk import ui\nfrom geochunk.ui import sections\nimport geochunk.ui.state", []),
        ("from pathlib import Path\nimport html, json", []),
    ],
)
def test_the_check_tells_outside_imports(source: str, bad: list[str]) -> None:
    assert outside_imports(source) == bad
