"""The API reference builds from the docstrings (the README's pdoc command, in-process)."""

from __future__ import annotations

import pytest


def test_api_reference_builds_one_page_from_the_docstrings(tmp_path):
    import geochunk

    # imported here, not at collection: only the xdist worker running this test pays for pdoc
    pdoc = pytest.importorskip("pdoc")  # installed by requirements-dev.txt

    pdoc.pdoc("geochunk", "!geochunk\\.", output_directory=tmp_path)
    page = (tmp_path / "geochunk.html").read_text(encoding="utf-8")
    for name in geochunk.__all__:
        if not name.startswith("_"):
            assert f'id="{name}"' in page, name
    assert "chunk.text == text[chunk.start:chunk.end]" in page.replace("&quot;", '"').replace("&#39;", "'")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["geochunk.html", "index.html", "search.js"]
