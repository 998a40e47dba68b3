"""ui.services and ui.static: loading documents with clear errors, corpus runs, Leaflet assets."""

from __future__ import annotations

from pathlib import Path

import pytest

from geochunk.errors import InputError
from geochunk.model import ChunkConfig
from geochunk.ui import services
from geochunk.view.corpus import CorpusJob, run_corpus_jobs
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


def test_run_corpus_reports_progress_and_errors(tmp_path: Path) -> None:
    jobs = [CorpusJob("good.md", data=b"Parcel A.\n\nPOLYGON ((0 0, 1 0, 1 1, 0 0))\n"),
            CorpusJob("bad.txt", data=b"\xff\xfe\x00garbage\x00")]
    seen = []
    rows = services.run_corpus(jobs, ChunkConfig(budget=64), lambda d, t, n: seen.append((d, t)))
    assert seen == [(1, 2), (2, 2)]
    assert rows[0].error == "" and rows[0].chunks >= 1 and rows[0].features == 1
    assert rows[1].error and rows[1].chunks == 0


@pytest.mark.slow
def test_corpus_on_several_processes_gives_the_same_rows() -> None:
    from geochunk.samples import list_samples

    small = ("mixed_report", "sparse_prose", "sql_dump", "malformed")
    jobs = [CorpusJob(s.filename, sample=s.name) for s in list_samples() if s.name in small]
    jobs.append(CorpusJob("empty.txt", data=b""))
    config = ChunkConfig(budget=256)
    one = run_corpus_jobs(jobs, config, workers=1)
    seen: list[int] = []
    from geochunk.view.corpus import _run_pool

    two: list = [None] * len(jobs)
    _run_pool(jobs, config, 2, two, set(), lambda d, t, n: seen.append(d))  # no serial fallback
    def strip(rows: list) -> list:
        return [(r.document, r.characters, r.tokens, r.features, r.chunks, r.flags, r.error)
                for r in rows]

    assert strip(two) == strip(one)  # same rows, same order
    assert sorted(seen) == list(range(1, len(jobs) + 1))
    assert one[-1].error and all(not r.error for r in one[:-1])


def test_leaflet_assets_are_copied_from_the_installed_package(tmp_path: Path) -> None:
    out = ensure_leaflet_assets(tmp_path)
    js = (out / "leaflet.js").read_text()
    assert "1.9.3" in js[:400] and (out / "leaflet.css").stat().st_size > 5000
    assert (out / "images" / "layers.png").is_file()
    mtime = (out / "leaflet.js").stat().st_mtime_ns
    ensure_leaflet_assets(tmp_path)  # a second call copies nothing
    assert (out / "leaflet.js").stat().st_mtime_ns == mtime
