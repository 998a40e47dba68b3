"""Issue 30: the index format 4 additions — each chunk's own period, the builds and recall history.

Real DuckDB files and the hashing embedder (fast, offline).
"""

from __future__ import annotations

from pathlib import Path

from geochunk.model import ChunkConfig
from geochunk.retrieve import build_index
from geochunk.retrieve.store import (FORMAT4_COLUMNS, INDEX_FORMAT, RTREE_INDEX, builds, connect, has_table, read_meta,
                                     recall_history)

CFG = ChunkConfig(budget=256)
EMB = "hashing"

DATED = ("Frame: EPSG:4326.\n\n## Allotments\nCommunity allotment gardens: POINT (-3.190 55.950)\n"
         "Survey date: 2019-05-14\n\n## Orchard\nAn orchard of apple trees: POINT (-3.180 55.940)\n"
         "Survey date: 2023-08-02\n")
PLAIN = "Frame: EPSG:4326.\n\n## Pond\nA small pond: POINT (-3.170 55.930)\n"


def _rows(db: Path, sql: str) -> list[tuple]:
    con = connect(db, read_only=True)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def test_rows_carry_their_own_period_and_each_build_is_recorded(tmp_path) -> None:
    (tmp_path / "dated.md").write_text(DATED, encoding="utf-8")
    (tmp_path / "plain.md").write_text(PLAIN, encoding="utf-8")
    db = tmp_path / "ix.duckdb"
    build_index([str(tmp_path / "dated.md")], db, collection="c", embedder=EMB, config=ChunkConfig(budget=32),
                period="2010/2030")
    got = _rows(db, "SELECT period_start, period_end, period_source FROM chunks WHERE has_extent ORDER BY rid")
    # each chunk its own survey date (not the collection's 2010/2030)
    assert ("2019-05-14", "2019-05-14", "attribute:Survey date") in got
    assert ("2023-08-02", "2023-08-02", "attribute:Survey date") in got
    build_index([str(tmp_path / "plain.md")], db, collection="c", embedder=EMB, config=CFG)
    con = connect(db, read_only=True)
    try:
        bs, hist = builds(con), recall_history(con)
    finally:
        con.close()
    assert [b.build for b in bs] == [1, 2]
    assert [(b.documents, b.indexed, b.failed) for b in bs] == [(1, 1, 0), (1, 1, 0)]
    assert bs[1].rows_total > bs[0].rows_total and bs[0].chunks_written == bs[0].rows_total
    labels = [(h.build, h.label) for h in hist]
    assert labels == [(b, lbl) for b in (1, 2) for lbl in ("unfiltered", "50%", "5%", "0.5%")]
    assert all(h.placed is not None and h.claimed is not None for h in hist)


def test_a_format_3_index_is_upgraded_keeping_its_last_recall(tmp_path) -> None:
    (tmp_path / "plain.md").write_text(PLAIN, encoding="utf-8")
    (tmp_path / "dated.md").write_text(DATED, encoding="utf-8")
    db = tmp_path / "old.duckdb"
    build_index([str(tmp_path / "plain.md")], db, collection="c", embedder=EMB, config=CFG, period="2001/2002")
    con = connect(db)  # as format 3 wrote it: the collection's period on every row, no history
    con.execute(f"DROP INDEX {RTREE_INDEX}")
    con.execute("DROP INDEX chunks_rid")
    for name, _ in FORMAT4_COLUMNS:
        con.execute(f"ALTER TABLE chunks DROP COLUMN {name}")
    con.execute(f"CREATE INDEX {RTREE_INDEX} ON chunks USING RTREE (footprint)")
    con.execute("DROP TABLE builds")
    con.execute("DROP TABLE recall_history")
    con.execute("UPDATE chunks SET period_start = '2001', period_end = '2002'")
    con.execute("UPDATE meta SET value = '3' WHERE key = 'index_format'")
    old_recall = con.execute("SELECT label, recall_at_10 FROM recall ORDER BY label").fetchall()
    con.close()
    con = connect(db, read_only=True)
    try:  # read as it is: its one recall table stands for the history
        assert read_meta(con)["index_format"] == 3 and not has_table(con, "builds")
        assert sorted((h.label, h.recall_at_10) for h in recall_history(con)) == old_recall
        assert builds(con) == []
    finally:
        con.close()
    build_index([str(tmp_path / "dated.md")], db, collection="c", embedder=EMB, config=CFG)
    assert _rows(db, "SELECT value FROM meta WHERE key = 'index_format'") == [(str(INDEX_FORMAT),)]
    # the old rows say their period is the collection's; the new ones carry their own
    assert _rows(db, "SELECT DISTINCT period_source FROM chunks WHERE doc_id = 'plain.md'") == [("collection",)]
    assert ("attribute:Survey date",) in _rows(db, "SELECT period_source FROM chunks WHERE doc_id = 'dated.md'")
    con = connect(db, read_only=True)
    try:
        hist = recall_history(con)
        assert sorted((h.label, h.recall_at_10) for h in hist if h.build == 0) == old_recall
        assert {h.build for h in hist} == {0, 1} and [b.build for b in builds(con)] == [1]
    finally:
        con.close()
