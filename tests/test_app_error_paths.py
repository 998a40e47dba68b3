"""No app page shows a traceback or a server path: the Retrieve page pointed at a damaged index
says what is wrong and what to do, naming the file by its base name only.

The page's text is Markdown-escaped (``/tmp/x`` is sent as ``\\/tmp\\/x``), so every check reads
the page's output with the backslash escapes removed: a substring check on the escaped text
would pass while the path leaks."""

from __future__ import annotations

import os
import re
from pathlib import Path

import duckdb
import pytest
from streamlit.testing.v1 import AppTest

from apptest_helpers import page_output

from geochunk.ui.retrieve import RetrieveKeys as K
from geochunk.retrieve.store import INDEX_FORMAT

APP_DIR = Path(__file__).resolve().parents[1]


def unescaped_output(at: AppTest) -> str:
    """Everything the page sends (:func:`apptest_helpers.page_output`), with each backslash
    escape removed (``\\/tmp`` -> ``/tmp``, ``\\"`` -> ``"``)."""
    text = page_output(at)
    for _ in range(2):  # the protobuf's own escapes, then the Markdown escapes under them
        text = re.sub(r"\\(.)", r"\1", text, flags=re.S)
    return text


def _forbidden(tmp_path: Path) -> list[str]:
    home = os.path.expanduser("~")
    return [str(tmp_path), os.path.realpath(tmp_path), "/root", "/tmp", "Traceback"] + (
        [home] if home not in ("", "/") else [])


def _real_duckdb(path: Path) -> Path:
    con = duckdb.connect(str(path))
    con.execute("CREATE TABLE t AS SELECT range AS i, repeat('x', 200) AS s FROM range(20000)")
    con.close()
    return path


def _garbage(d: Path) -> Path:
    p = d / "garbage.duckdb"
    p.write_bytes(b"this is not a DuckDB database file\n" * 400)
    return p


def _empty(d: Path) -> Path:
    p = d / "empty.duckdb"
    p.write_bytes(b"")
    return p


def _truncated(d: Path) -> Path:
    real = _real_duckdb(d / "real.duckdb").read_bytes()
    p = d / "trunc.duckdb"
    p.write_bytes(real[: len(real) // 3])
    return p


def _meta_only(d: Path) -> Path:
    p = d / "metaonly.duckdb"
    con = duckdb.connect(str(p))
    con.execute("CREATE TABLE meta (key VARCHAR PRIMARY KEY, value VARCHAR)")
    con.execute("INSERT INTO meta VALUES ('index_format', ?)", [str(INDEX_FORMAT)])
    con.close()
    return p


def _meta_table_only(d: Path) -> Path:
    p = d / "metatable.duckdb"
    con = duckdb.connect(str(p))
    con.execute("CREATE TABLE meta (key VARCHAR PRIMARY KEY, value VARCHAR)")
    con.close()
    return p


def _missing(d: Path) -> Path:
    return d / "missing.duckdb"


def _folder(d: Path) -> Path:
    p = d / "dir.duckdb"
    p.mkdir()
    return p


@pytest.mark.parametrize("make", [_garbage, _empty, _truncated, _meta_only, _meta_table_only,
                                  _missing, _folder],
                         ids=lambda f: f.__name__.strip("_"))
def test_a_damaged_index_is_named_by_its_file_name_with_what_to_do(make, tmp_path: Path, monkeypatch) -> None:
    # a folder with a space, like a home folder's: the scan alone would stop at the space
    where = tmp_path / "home dir" / ".cache" / "retrieve"
    where.mkdir(parents=True)
    monkeypatch.setenv("GEOCHUNK_CACHE", str(tmp_path / "home dir" / ".cache"))
    index = make(where)
    at = AppTest.from_file(str(APP_DIR / "pages" / "4_Retrieve.py"), default_timeout=60)
    at.session_state[K.INDEX_PATH] = str(index)  # the page's one seam: the index it opens
    at.run()
    assert not at.exception, at.exception
    [error] = [e.value for e in at.error]
    assert index.name.replace(".", "\\.") in error or index.name in error, error
    assert "Build the index again" in error, error
    shown = unescaped_output(at)
    assert index.name in shown
    leaks = [s for s in _forbidden(tmp_path) if s in shown]
    assert leaks == [], (leaks, error)
    assert "home dir" not in shown and ".cache" not in shown, error


def test_a_corpus_row_error_names_the_file_under_its_root(tmp_path: Path, monkeypatch) -> None:
    """The Corpus table's error column: a read error naming the server path shows the file by
    its name, never the folders above it (its root has a space: found as a known path)."""
    from geochunk.errors import GeochunkError
    from geochunk.model import ChunkConfig
    from geochunk.read.folders import FolderPolicy, list_folder
    from geochunk.view import corpus

    root = tmp_path / "my root"
    root.mkdir()
    (root / "a.md").write_text("POINT (1 2)\n")
    policy = FolderPolicy((root,))
    [file] = list_folder(policy, str(root)).files

    def fail(policy, file):
        raise GeochunkError(f"cannot read {file.path}: Traceback (most recent call last) ...")

    monkeypatch.setattr(corpus, "read_file", fail)
    row = corpus.summarise_job(corpus.CorpusJob(file.name, file=file, policy=policy), ChunkConfig())
    assert row.error == "cannot read a.md:", row.error
