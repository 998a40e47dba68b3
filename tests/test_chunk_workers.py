"""``geochunk chunk --workers N`` / ``--scheduler``: the same output and messages as one process,
batches in order, clear one-line errors (issue #33)."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from geochunk.batch import CorpusReport, chunk_corpus
from geochunk.cli import main
from geochunk.model import ChunkConfig
from geochunk.retrieve.parallel import batches, stream_ordered
from geochunk.samples import sample_path

REAL = Path(__file__).parent / "real_data"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture()
def corpus(tmp_path: Path) -> Path:
    """Bundled samples, real files written by others, a broken one and a skipped one."""
    folder = tmp_path / "corpus"
    (folder / "sub").mkdir(parents=True)
    for name in ("mixed_report", "placemarks", "encodings_report", "malformed"):
        src = sample_path(name)
        shutil.copy(src, folder / src.name)
    for rel in ("geojson-3.2.0/README.rst", "pykml-0.2.0/complete_tour_example.kml"):
        src = REAL / rel
        shutil.copy(src, folder / "sub" / src.name)
    (folder / "sub" / "not_utf8.txt").write_bytes(b"POINT (1 2)\xff\xfe\n")
    (folder / "logo.png").write_bytes(b"\x89PNG")
    return folder


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 500), max_size=60), st.integers(1, 400), st.integers(1, 8))
def test_batches_cover_the_items_in_order_within_the_limits(sizes, most_bytes, most_items) -> None:
    groups = batches(sizes, most_bytes=most_bytes, most_items=most_items)
    assert [i for g in groups for i in g] == list(range(len(sizes)))
    for g in groups:
        assert 1 <= len(g) <= most_items
        # over the byte limit only when a single item is larger than it
        assert sum(sizes[i] for i in g) <= most_bytes or len(g) == 1


def test_in_process_stream_warms_once_and_reports_peaks() -> None:
    calls: list[str] = []
    seen: dict[str, float] = {}
    got = list(stream_ordered(len, ["a", "bb", "ccc"], warm=lambda: calls.append("warm"), peaks=seen.update))
    assert got == [(0, 1), (1, 2), (2, 3)]
    assert calls == ["warm"] and seen["this process"] > 0


def test_chunk_corpus_matches_chunking_each_document_alone(corpus: Path) -> None:
    from geochunk.read.extract import read_any
    from geochunk.pipeline import chunk_text

    cfg = ChunkConfig(budget=200)
    files = sorted(p for p in corpus.rglob("*") if p.suffix in (".md", ".kml", ".txt", ".rst"))
    results = list(chunk_corpus([(str(p), str(p), None) for p in files], cfg))
    assert [r.doc_id for r in results] == [str(p) for p in files]
    bad = [r for r in results if r.status == "failed"]
    assert [Path(r.doc_id).name for r in bad] == ["not_utf8.txt"]
    assert bad[0].messages and bad[0].messages[0].startswith("geochunk: ")
    for r in results:
        if r.status == "chunked":
            text, _ = read_any(r.doc_id)
            assert r.chunks == chunk_text(text, cfg.with_(doc_id=r.doc_id)).chunks


def test_report_lists_failed_and_skipped_like_the_index(corpus: Path, tmp_path: Path) -> None:
    code, out, err = run("chunk", str(corpus), "--out", str(tmp_path / "c.jsonl"), "--budget", "200")
    assert code == 1 and out == ""
    assert "chunk report:" in err and "\n  failed          1\n" in err and "\n  skipped         1\n" in err
    assert "not_utf8.txt: " in err.split("failed:")[1] and "logo.png: not a document type" in err
    # no --out: stdout is the chunks and the report is left out unless asked for
    code, out, err = run("chunk", str(sample_path("malformed")), "--budget", "200")
    assert code == 0 and "chunk report:" not in err
    code, out, err = run("chunk", str(sample_path("malformed")), "--budget", "200", "--report")
    assert "chunk report:" in err and "chunked         1" in err


@pytest.mark.parametrize("address, want", [
    ("nope", "geochunk: error: --scheduler must be tcp://HOST:PORT (a running Dask scheduler), got 'nope'"),
    ("tcp://127.0.0.1:1", "geochunk: cannot reach the Dask scheduler at tcp://127.0.0.1:1: "),
    # host names the resolver raises UnicodeError on (a traceback before): an empty label, a
    # label of 64+ letters, a byte that was not UTF-8
    ("tcp://a..b:1", "geochunk: error: --scheduler must be tcp://HOST:PORT (a running Dask scheduler), got "),
    ("tcp://" + "a" * 300 + ":1", "geochunk: error: --scheduler must be tcp://HOST:PORT"),
    ("tcp://h\udcff:1", "geochunk: error: --scheduler must be tcp://HOST:PORT"),
])
def test_a_bad_scheduler_is_one_line_and_writes_nothing(corpus: Path, tmp_path: Path, address: str, want: str) -> None:
    target = tmp_path / "c.jsonl"
    code, out, err = run("chunk", str(corpus / "malformed.txt"), "--out", str(target), "--scheduler", address)
    assert code == (1 if address == "tcp://127.0.0.1:1" else 2)
    assert err.startswith(want) and err.count("\n") == 1 and "Traceback" not in err
    assert not target.exists()


def test_workers_below_one_is_one_line(corpus: Path) -> None:
    code, _, err = run("chunk", str(corpus), "--workers", "0")
    assert code == 2 and err == "geochunk: error: --workers must be at least 1, got 0\n"


@pytest.mark.slow
def test_two_dask_workers_write_what_one_process_writes(corpus: Path, tmp_path: Path, monkeypatch) -> None:
    import sys
    import types

    # as under Streamlit: workers must not re-run the caller's __main__
    fake_main = types.ModuleType("__main__")
    fake_main.__file__ = str(tmp_path / "must_not_run.py")
    (tmp_path / "must_not_run.py").write_text("raise SystemExit('re-ran __main__')\n")
    monkeypatch.setitem(sys.modules, "__main__", fake_main)
    monkeypatch.setattr("geochunk.retrieve.parallel.BATCH_BYTES", 8 * 1024)  # several batches
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    args = ("chunk", str(corpus), "--budget", "200", "--no-progress")
    code1, _, err1 = run(*args, "--out", str(one))
    code2, _, err2 = run(*args, "--out", str(two), "--workers", "2")
    assert (code1, code2) == (1, 1)  # the document that is not UTF-8
    assert one.read_bytes() == two.read_bytes() and one.stat().st_size > 10_000
    assert err1 == err2  # the same messages, in the same order, and the same report
    code3, out3, err3 = run("chunk", str(corpus / "placemarks.kml"), "--format", "geojson", "--workers", "2")
    assert code3 == 0 and out3 == run("chunk", str(corpus / "placemarks.kml"), "--format", "geojson")[1]
    assert "chunk report:" in err3


def test_corpus_report_lines() -> None:
    rep = CorpusReport(chunked=("a",), chunks=2, skipped=tuple((f"s{i}", "hidden file") for i in range(3)))
    assert rep.lines(limit=2)[-1] == "  ... and 1 more"


def test_scale_corpus_is_distinct_and_mixed(tmp_path: Path) -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).parents[1] / "benchmarks"))
    from scale_corpus import write_corpus

    from geochunk.samples import load_sample

    info = write_corpus(tmp_path / "c", 40, with_real=False)
    assert len(info.files) == 40 and len(info.kinds) >= 5
    datas = [p.read_bytes() for p in info.files]
    assert len(set(datas)) == 40
    bundled = {load_sample(s).encode("utf-8") for s in ("sparse_prose", "encodings_report", "malformed")}
    assert not bundled & set(datas)  # their own seeds: not the bundled samples again
    # the generators are put back: the bundled samples still regenerate byte for byte
    from tools.samples.make_samples import build_all

    assert build_all()["malformed.txt"].encode("utf-8") == load_sample("malformed").encode("utf-8")
