"""``geochunk validate --chunks FILE SOURCE...`` (stored chunks, any tool's) and ``geochunk
validate --index DB --sample N`` (a rotating sample, rates kept in the index, a drift gate)."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

from geochunk.cli import main
from geochunk.samples import load_sample

REAL = Path(__file__).parent / "real_data"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture()
def stored(tmp_path):
    src = tmp_path / "mixed_report.md"
    src.write_text(load_sample("mixed_report"), encoding="utf-8")
    jsonl = tmp_path / "chunks.jsonl"
    assert run("chunk", "--budget", "128", str(src), "--out", str(jsonl))[0] == 0
    return src, jsonl


def _edit(jsonl: Path, pick, change) -> None:
    rows = [json.loads(x) for x in jsonl.read_text(encoding="utf-8").splitlines()]
    k = next(i for i, r in enumerate(rows) if pick(r))
    change(rows[k])
    jsonl.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


def test_geochunks_own_stored_chunks_pass(stored):
    src, jsonl = stored
    code, out, _ = run("validate", "--budget", "128", "--chunks", str(jsonl), str(src))
    assert code == 0 and "PASS" in out and "recounted by cl100k_base" in out


@pytest.mark.parametrize(
    ("pick", "change", "gates"),
    [
        # a ~300-token chunk claiming 5 tokens: nothing recounted it before
        (lambda r: r["token_count"] > 128, lambda r: r.update(token_count=5, needs_fallback=False,
                                                                flags=[], oversized=False), {"tokens", "budget"}),
        # over the budget without the fallback flag
        (lambda r: r["needs_fallback"], lambda r: r.update(needs_fallback=False,
                                                           flags=[f for f in r["flags"] if f != "needs_fallback"]),
         {"budget"}),
        # geometry and no frame
        (lambda r: r["features"], lambda r: r.update(crs=None), {"frames"}),
    ],
)
def test_the_seeds_broken_stored_chunks_fail(stored, pick, change, gates):
    src, jsonl = stored
    _edit(jsonl, pick, change)
    code, out, _ = run("validate", "--budget", "128", "--chunks", str(jsonl), str(src))
    assert code == 1
    failed = {line.split()[1] for line in out.splitlines() if line.strip().startswith("FAIL ")}
    assert failed == gates, out


def test_a_foreign_splitters_chunks_are_checked_against_the_source(tmp_path):
    """Another tool's chunks (LangChain-style ``page_content`` + ``metadata.start_index``) of a
    real Django fixture, cut every 400 characters: the gates see the severed polygons and that
    chunks carrying geometry have no frame."""
    src = tmp_path / "geogapp_initial.json"
    shutil.copyfile(REAL / "django-5.2.8" / "geogapp_initial.json", src)
    text = src.read_text(encoding="utf-8")
    jsonl = tmp_path / "foreign.jsonl"
    with jsonl.open("w", encoding="utf-8") as fh:
        for a in range(0, len(text), 400):
            fh.write(json.dumps({"page_content": text[a:a + 400],
                                 "metadata": {"source": str(src), "start_index": a}}) + "\n")
    code, out, _ = run("validate", "--budget", "512", "--chunks", str(jsonl), str(src))
    assert code == 1
    assert "FAIL no_severing" in out and "FAIL frames" in out and "has geometry and no frame" in out
    # the same text without offsets is found in the source, in order
    plain = tmp_path / "plain.jsonl"
    plain.write_text("".join(json.dumps({"text": text[a:a + 400]}) + "\n" for a in range(0, len(text), 400)),
                     encoding="utf-8")
    code2, out2, _ = run("validate", "--budget", "512", "--chunks", str(plain), str(src))
    assert code2 == 1 and "PASS reconstruction" in out2 and "FAIL no_severing" in out2


def test_stored_chunks_of_no_source_are_reported(stored, tmp_path):
    src, jsonl = stored
    other = tmp_path / "other.md"
    other.write_text("Nothing here.\n", encoding="utf-8")
    code, _, err = run("validate", "--budget", "128", "--chunks", str(jsonl), str(other), str(tmp_path / "none.md"))
    assert code == 1 and "name none of the sources" in err


def test_bad_chunks_file_is_one_line(tmp_path, stored):
    src, _ = stored
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"text": "a"}\nnot json\n', encoding="utf-8")
    code, _, err = run("validate", "--chunks", str(bad), str(src))
    assert code == 1 and err.strip().count("\n") == 0 and "bad.jsonl:2: not JSON" in err


# --- the index sample ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    from geochunk.model import ChunkConfig
    from geochunk.retrieve.build import build_index

    d = tmp_path_factory.mktemp("ix")
    paths = []
    for k, name in enumerate(("mixed_report", "land_use_appendix", "sparse_prose")):
        p = d / f"{name}.md"
        p.write_text(load_sample(name)[:6000] if name == "land_use_appendix" else load_sample(name), encoding="utf-8")
        paths.append(str(p))
    db = d / "ix.duckdb"
    build_index(paths, db, collection="c", embedder="hashing", config=ChunkConfig(budget=256))
    return db, paths


def test_index_sample_rotates_keeps_history_and_detects_drift(index, tmp_path):
    from geochunk.retrieve.store import connect, validation_runs

    src_db, paths = index
    db = tmp_path / "copy.duckdb"
    shutil.copyfile(src_db, db)  # an index built before the table existed: it is added on the first run
    code, out, err = run("validate", "--index", str(db), "--sample", "2")
    assert code == 0, out + err
    assert "first run" in out and "sample: 2 documents" in out
    code, out, _ = run("validate", "--index", str(db), "--sample", "2", "--max-drift", "50")
    assert code == 0 and "PASS drift" in out
    con = connect(db)
    try:
        runs = validation_runs(con)
        assert len(runs) == 2
        seen = set(runs[0].documents) | set(runs[1].documents)
        assert {Path(d).name for d in seen} == {Path(x).name for x in paths}  # the rotation reaches every document
        assert runs[0].documents != runs[1].documents
        con.execute("UPDATE validation_runs SET fallback_rate = fallback_rate + 0.5 WHERE run = ?", [runs[-1].run])
    finally:
        con.close()
    code, out, _ = run("validate", "--index", str(db), "--sample", "2", "--max-drift", "5")
    assert code == 1 and "FAIL drift" in out


def test_index_sample_fails_a_changed_source(index, tmp_path):
    src_db, paths = index
    db = tmp_path / "copy.duckdb"
    shutil.copyfile(src_db, db)
    backup = Path(paths[0]).read_text(encoding="utf-8")
    try:
        Path(paths[0]).write_text(backup + "\nEdited.\n", encoding="utf-8")
        code, out, _ = run("validate", "--index", str(db), "--sample", "3")
        assert code == 1 and "the source changed since it was indexed" in out
    finally:
        Path(paths[0]).write_text(backup, encoding="utf-8")


def test_index_sample_keeps_a_documents_collections_apart(tmp_path):
    """A document in two collections built with different budgets has two chunkings; the sample
    checks each one alone (it used to select rows by doc_id only and interleave both)."""
    from geochunk.model import ChunkConfig
    from geochunk.retrieve.build import build_index
    from geochunk.retrieve.store import connect

    src = tmp_path / "report.md"
    src.write_text(load_sample("mixed_report"), encoding="utf-8")
    db = tmp_path / "ix.duckdb"
    build_index([str(src)], db, collection="a", embedder="hashing", config=ChunkConfig(budget=128))
    build_index([str(src)], db, collection="b", embedder="hashing", config=ChunkConfig(budget=512))
    con = connect(db, read_only=True)
    try:
        per = dict(con.execute("SELECT collection, count(*) FROM chunks GROUP BY collection").fetchall())
    finally:
        con.close()
    assert per["a"] > per["b"] > 0  # two different chunkings of one document
    code, out, err = run("validate", "--index", str(db), "--sample", "2")
    assert code == 0, out + err
    assert "report.md [a]: PASS" in out and "report.md [b]: PASS" in out
