"""ui.services and ui.static: loading documents with clear errors, corpus runs, Leaflet assets."""

from __future__ import annotations

from pathlib import Path

import pytest

from geochunk.errors import InputError
from geochunk.model import ChunkConfig
from geochunk.ui import services
from geochunk.ui.static import ensure_leaflet_assets


@pytest.mark.parametrize(
    "data, message",
    [
        (b"", "empty"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)), "binary|not UTF-8|not a text document"),
        ("café".encode("latin-1") + b" POINT (1 2)", "UTF-8"),
        (b"x" * (services.MAX_DOCUMENT_BYTES + 1), "MB|bytes|too large|limit"),
    ],
    ids=["empty", "binary", "latin-1", "too-large"],
)
def test_bad_uploads_get_a_clear_message(data: bytes, message: str) -> None:
    with pytest.raises(InputError, match=message) as info:
        services.read_upload(data, "upload.txt")
    assert "upload.txt" in str(info.value)


def test_upload_keeps_text_exactly() -> None:
    doc = services.read_upload("Site.\r\nPOINT (1 2)\n".encode(), "a.wkt")
    assert doc.text == "Site.\r\nPOINT (1 2)\n" and doc.origin == "upload" and len(doc.digest) == 64


def test_same_text_same_digest() -> None:
    a = services.Document.from_text("abc", name="a", origin="paste")
    b = services.Document.from_text("abc", name="b", origin="upload")
    assert a.digest == b.digest != services.Document.from_text("abd", name="a", origin="paste").digest


def test_corpus_sources_filters_extensions(tmp_path: Path) -> None:
    for name in ("a.md", "b.geojson", "c.png", "d.WKT"):
        (tmp_path / name).write_text("POINT (1 2)")
    (tmp_path / "sub").mkdir()
    assert [p.name for p in services.corpus_sources(tmp_path)] == ["a.md", "b.geojson", "d.WKT"]
    with pytest.raises(InputError, match="not a folder"):
        services.corpus_sources(tmp_path / "missing")


def test_run_corpus_reports_progress_and_errors(tmp_path: Path) -> None:
    good = tmp_path / "good.md"
    good.write_text("Parcel A.\n\nPOLYGON ((0 0, 1 0, 1 1, 0 0))\n")
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\xff\xfe\x00garbage\x00")
    items = [(str(p), lambda p=p: services.read_upload(p.read_bytes(), str(p), "path"))
             for p in (good, bad)]
    seen = []
    rows = services.run_corpus(items, ChunkConfig(budget=64), lambda d, t, n: seen.append((d, t)))
    assert seen == [(1, 2), (2, 2)]
    assert rows[0].error == "" and rows[0].chunks >= 1 and rows[0].features == 1
    assert rows[1].error and rows[1].chunks == 0


def test_leaflet_assets_are_copied_from_the_installed_package(tmp_path: Path) -> None:
    out = ensure_leaflet_assets(tmp_path)
    js = (out / "leaflet.js").read_text()
    assert "1.9.3" in js[:400] and (out / "leaflet.css").stat().st_size > 5000
    assert (out / "images" / "layers.png").is_file()
    mtime = (out / "leaflet.js").stat().st_mtime_ns
    ensure_leaflet_assets(tmp_path)  # a second call copies nothing
    assert (out / "leaflet.js").stat().st_mtime_ns == mtime
