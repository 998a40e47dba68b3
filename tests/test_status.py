"""Issue 30 (3): ``geochunk status`` — index age, catalog, recall history, build rates, thresholds.

Real index files (DuckDB + spatial, the hashing embedder). A stale index and a recall drop each
fail ``status`` (exit 3); an index of format 3 is read as it is; the Retrieve page shows the same.
"""

from __future__ import annotations

import datetime as dt
import io
import json
from pathlib import Path

import pytest

from geochunk.cli import main
from geochunk.errors import ConfigError
from geochunk.model import ChunkConfig
from geochunk.retrieve import build_index
from geochunk.retrieve.status import EXIT_THRESHOLD, index_status, parse_age
from geochunk.retrieve.store import FORMAT4_COLUMNS, INDEX_FORMAT, RTREE_INDEX, connect

CFG = ChunkConfig(budget=64)
EMB = "hashing"
A = "Frame: EPSG:4326.\n\n## Allotments\nCommunity allotment gardens: POINT (-3.190 55.950)\n"
B = "Frame: EPSG:4326.\n\n## Orchard\nAn orchard of apple trees: POINT (-3.180 55.940)\n"
BROKEN = b"Frame: EPSG:4326.\n\nThe caf\xe9 site: POINT (-3.19 55.95)\n"  # Latin-1: refused


def _cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def two_builds(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two builds: the first of one document, the second of one more and one refused."""
    d = tmp_path_factory.mktemp("status")
    (d / "a.md").write_text(A, encoding="utf-8")
    (d / "b.md").write_text(B, encoding="utf-8")
    (d / "broken.md").write_bytes(BROKEN)
    db = d / "ix.duckdb"
    build_index([str(d / "a.md")], db, collection="parks", embedder=EMB, config=CFG, licence="CC-BY-4.0")
    rep = build_index([str(d / "a.md"), str(d / "b.md"), str(d / "broken.md")], db, collection="parks",
                      embedder=EMB, config=CFG, keep_going=True)
    assert len(rep.failed) == 1
    return db


def _copy(src: Path, tmp_path: Path) -> Path:
    dst = tmp_path / src.name
    dst.write_bytes(src.read_bytes())
    return dst


def test_status_reports_ages_versions_history_and_rates(two_builds: Path) -> None:
    code, out, err = _cli("status", "--db", str(two_builds))
    assert code == 0, err
    assert f"format {INDEX_FORMAT}" in out and "parks@1: 2 items" in out and "licence CC-BY-4.0" in out
    assert "oversized 0.00%, needs fallback 0.00%" in out
    # the rejection rate of the last builds: 1 refused of 1 + 3 given
    assert "documents refused 25.00% of those given" in out
    assert "#2" in out and "3 given, 1 indexed, 1 unchanged, 1 refused (33%)" in out
    assert out.count("recall@10:") == 1 and "#1" in out and "unfiltered" in out
    st = index_status(two_builds)
    assert [b.build for b in st.builds] == [1, 2] and st.ok and st.checks == ()
    assert {r.build for r in st.recall} == {1, 2} and len(st.recall) == 8
    assert st.rejection_rate == pytest.approx(0.25)
    data = json.loads(_cli("status", "--db", str(two_builds), "--json")[1])
    assert data["ok"] and data["rejection_rate"] == pytest.approx(0.25) and len(data["builds"]) == 2


def test_a_stale_index_fails_status(two_builds: Path, tmp_path: Path) -> None:
    st = index_status(two_builds, now=dt.datetime.now() + dt.timedelta(days=9), max_index_age_s=parse_age("7d"),
                      max_catalog_age_s=parse_age("30d"))
    assert not st.ok and [c.name for c in st.checks if c.crossed] == ["index_age"]
    db = _copy(two_builds, tmp_path)
    con = connect(db)  # built ten days ago (meta is not part of the catalog digest)
    old = (dt.datetime.now() - dt.timedelta(days=10)).replace(microsecond=0).isoformat()
    con.execute("UPDATE meta SET value = ? WHERE key = 'built_at'", [json.dumps(old)])
    con.close()
    code, out, err = _cli("status", "--db", str(db), "--max-index-age", "7d")
    assert code == EXIT_THRESHOLD and "FAIL index age 10d" in out and "threshold crossed: index_age" in err
    assert _cli("status", "--db", str(db), "--max-index-age", "11d")[0] == 0


def test_a_recall_drop_fails_status(two_builds: Path, tmp_path: Path) -> None:
    assert _cli("status", "--db", str(two_builds), "--max-recall-drop", "0.02")[0] == 0
    db = _copy(two_builds, tmp_path)
    con = connect(db)  # the last build measured 0.8 at 5% where the first measured 1.0
    con.execute("UPDATE recall_history SET recall_at_10 = 0.8 WHERE build = 2 AND label = '5%'")
    con.close()
    code, out, err = _cli("status", "--db", str(db), "--max-recall-drop", "0.05")
    assert code == EXIT_THRESHOLD and "FAIL recall drop 0.200 at 5%" in out and "recall_drop" in err
    assert _cli("status", "--db", str(db), "--max-recall-drop", "0.25")[0] == 0


def test_a_rejection_rate_threshold(two_builds: Path) -> None:
    code, out, _ = _cli("status", "--db", str(two_builds), "--max-rejection-rate", "0.2")
    assert code == EXIT_THRESHOLD and "FAIL rejection rate of build #2 33.33% (1 of 3 refused)" in out
    assert _cli("status", "--db", str(two_builds), "--max-rejection-rate", "0.5")[0] == 0


def test_status_on_an_index_of_an_older_format(two_builds: Path, tmp_path: Path) -> None:
    db = _copy(two_builds, tmp_path)
    con = connect(db)  # as format 3 wrote it: no period source columns, no history tables
    con.execute(f"DROP INDEX {RTREE_INDEX}")
    con.execute("DROP INDEX chunks_rid")
    for name, _ in FORMAT4_COLUMNS:
        con.execute(f"ALTER TABLE chunks DROP COLUMN {name}")
    con.execute("DROP TABLE builds")
    con.execute("DROP TABLE recall_history")
    con.execute("UPDATE meta SET value = '3' WHERE key = 'index_format'")
    con.close()
    code, out, err = _cli("status", "--db", str(db), "--max-index-age", "1d", "--max-recall-drop", "0.05",
                          "--max-rejection-rate", "0.1")
    assert code == 0, err
    assert "format 3" in out and "history:    not recorded" in out
    assert "#0" in out  # its one recall table stands for the history
    assert "recall drop: fewer than two builds measured" in out and "rejection rate: no build recorded" in out


def test_bad_status_options_are_one_line(two_builds: Path, tmp_path: Path) -> None:
    code, _, err = _cli("status", "--db", str(two_builds), "--max-index-age", "soon")
    assert code == 2 and err.count("\n") == 1 and "36h or 7d" in err
    code, _, err = _cli("status", "--db", str(two_builds), "--max-recall-drop", "5")
    assert code == 2 and "between 0 and 1" in err
    code, _, err = _cli("status", "--db", str(tmp_path / "none.duckdb"))
    assert code == 1 and err.count("\n") == 1 and "no index" in err
    with pytest.raises(ConfigError):
        parse_age("-3h")


def test_the_retrieve_page_shows_the_status(app_dir: Path, two_builds: Path) -> None:
    from streamlit.testing.v1 import AppTest

    from geochunk.ui.retrieve import RetrieveKeys as K

    at = AppTest.from_file(str(app_dir / "pages" / "4_Retrieve.py"), default_timeout=120)
    at.session_state[K.INDEX_PATH] = str(two_builds)
    at.run()
    assert not at.exception, at.exception
    labels = [e.label for e in at.expander]
    assert any(lbl.startswith("Index status: built") and "refused 25%" in lbl for lbl in labels), labels
    text = "\n".join(t.value for t in at.text)
    assert "recall@10:" in text and "documents refused 25.00%" in text and "parks@1" in text


def test_a_build_that_writes_no_rows_is_recorded(two_builds: Path, tmp_path: Path) -> None:
    """Nothing changed but a document refused: the file's rows stay, the build and its refusal
    are recorded, so the rejection-rate threshold sees them."""
    db = _copy(two_builds, tmp_path)
    d = two_builds.parent
    before = index_status(db)
    rep = build_index([str(d / "a.md"), str(d / "b.md"), str(d / "broken.md")], db, collection="parks",
                      embedder=EMB, config=CFG, keep_going=True)
    assert rep.added == () and rep.replaced == () and len(rep.failed) == 1 and rep.recall is None
    st = index_status(db, max_rejection_rate=0.2)
    assert [b.build for b in st.builds] == [1, 2, 3] and st.rows == before.rows
    last = st.builds[-1]
    assert (last.documents, last.indexed, last.unchanged, last.failed, last.chunks_written) == (3, 0, 2, 1, 0)
    assert [c.name for c in st.checks if c.crossed] == ["rejection_rate"]
    assert st.built_at == before.built_at  # the rows' age is what it was: nothing was rebuilt
    assert {r.build for r in st.recall} == {1, 2}  # no recall measured on a build that wrote nothing


def test_status_escapes_names_in_its_checks(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text(A, encoding="utf-8")
    db = tmp_path / "ix.duckdb"
    build_index([str(tmp_path / "a.md")], db, collection="ev\x1b[31mil\x07", embedder=EMB, config=CFG)
    st = index_status(db, now=dt.datetime.now() + dt.timedelta(days=2), max_catalog_age_s=60.0,
                      max_index_age_s=60.0)
    text = "\n".join(st.lines())
    assert "\x1b" not in text and "\x07" not in text and "FAIL catalog refresh age" in text
    assert "ev\\x1b[31mil\\x07" in text
