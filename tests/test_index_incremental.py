"""Incremental, crash-safe index writes (issue #33; #29's "adding one document rebuilds the
whole index" regression test).

* Adding one document to an N-document index does work that follows the change, not N: the
  build's work counters (rows written and tokenized, postings written, gate rows and queries,
  no file copied, no lexical rebuild) are the same for a 4- and a 12-document index.
* Whatever order documents are added in (one build each, with a replacement on the way), the
  index answers exactly as one built from scratch from the same documents: the same rows,
  the same BM25 scores bit for bit, the same fused results.
* The BM25 index computed from stored postings scores exactly as bm25s built from scratch.
* kill -9 of a process adding documents, at named points and at random times: the index opens
  (its consistency check passes), answers, and holds either the old or the new documents.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from geochunk.model import ChunkConfig
from geochunk.retrieve import build_index, open_index, query_index
from geochunk.retrieve.lexical import Lexical
from geochunk.retrieve.postings import create_tables, load_lexical, write_postings
from geochunk.retrieve.region import Region
from geochunk.retrieve.store import INDEX_FORMAT, connect

CFG = ChunkConfig(budget=48)
ROOT = Path(__file__).resolve().parents[1]
PLACES = ["pond", "mill", "school", "orchard", "quarry", "chapel", "allotment", "meadow", "ford", "weir",
          "bridge", "barn", "forge", "kiln"]


WORDS = ("reeds willow ditch hedge stile gravel clay spring culvert lane beech ash rookery heath "
         "moss bracken sheep byre").split()


def _doc(i: int, twist: str = "") -> tuple[str, str]:
    """A small document with a point and a polygon somewhere near Edinburgh, its own words and
    code (words of its own, so that no two chunks tie on a score and ranks are the same
    whichever rows were written first)."""
    x, y = -3.30 + 0.013 * i, 55.90 + 0.007 * i
    place = PLACES[i % len(PLACES)]
    own = " ".join(WORDS[(i * 7 + k * 5) % len(WORDS)] for k in range(2 + i % 6))
    text = (f"Frame: EPSG:4326.\n\n## The {place} {i}\nSurvey code LU-{i:04d}{twist}: the old {place} "
            f"by the road, with {own}: POINT ({x:.3f} {y:.3f})\n\n## Field {i}\nArable field next to the {place}"
            f" and {WORDS[i % len(WORDS)]}: "
            f"POLYGON (({x:.3f} {y:.3f}, {x + 0.004:.3f} {y:.3f}, {x + 0.004:.3f} {y + 0.003:.3f}, "
            f"{x:.3f} {y:.3f}))\n")
    return f"{place}_{i}.md", text


def _build(db: Path, docs: list[tuple[str, str]], **kw):
    return build_index([n for n, _ in docs], db, collection="parish", embedder="hashing", config=CFG,
                       texts=[t for _, t in docs], **kw)


QUESTIONS = ["old mill by the road", "LU-0003", "arable field", "orchard survey code", "chapel 5"]
REGION = Region.from_bbox(-3.31, 55.89, -3.20, 55.99)


def _answers(db: Path) -> list:
    """Every question's results (chunk, scores) and each chunk's BM25 score, by chunk id."""
    ix = open_index(db)
    try:
        out = []
        chunk_of = dict(zip(ix.rids.tolist(), ix.row_meta.column("chunk_id").to_pylist()))
        for q in QUESTIONS:
            bm = ix.lexical.scores(q)
            for region in (None, REGION):
                res = query_index(ix, q, region, k=100)  # every row: no tied row cut at k
                out.append(_untied([(r.chunk_id, r.semantic, r.bm25, r.final) for r in res.rows], bm))
            out.append(sorted((chunk_of[int(r)], float(s)) for r, s in zip(ix.lexical.rids, bm)))
        return out
    finally:
        ix.close()


def _untied(rows: list[tuple], bm25: np.ndarray) -> list[tuple]:
    """The results whose rank rests on no exact tie, in their order: a chunk whose BM25 score
    another chunk has too, or whose cosine another result has, is ranked among its equals by
    ``rid``, which depends on the order rows were written, so its lane rank (and fused score)
    differs between orders and it may land before or after an untied row. An untied row's lane
    ranks (how many score strictly higher) and so its fused score are the same for any order,
    and so is the order of the untied rows among themselves. (A prefix up to the first tie was
    compared before: a tied row moving ahead of an untied one cut one prefix short.)"""
    nonzero = bm25[bm25 > 0].tolist()
    semantic = [r[1] for r in rows]
    return [row for row in rows
            if not ((row[2] > 0 and nonzero.count(row[2]) > 1) or semantic.count(row[1]) > 1)]


def _docs_in(db: Path) -> set[tuple[str, str]]:
    con = connect(db, read_only=True)
    try:
        return set(con.execute("SELECT DISTINCT doc_id, doc_sha256 FROM chunks").fetchall())
    finally:
        con.close()


# --- work follows the change ---------------------------------------------------------------


def _one_add(tmp_path: Path, n: int) -> dict[str, int]:
    db = tmp_path / f"ix{n}.duckdb"
    first = _build(db, [_doc(i) for i in range(n)])
    assert first.work["file_copied"] == 0 and first.work["lexical_rebuilt"] == 1  # a new file
    total = first.rows
    rep = _build(db, [_doc(100)])
    one = rep.rows - total
    w = rep.work
    assert len(rep.added) == 1 and one > 0
    assert w["rows_written"] == one and w["rows_tokenized"] == one and w["rows_deleted"] == 0
    assert w["file_copied"] == 0 and w["lexical_rebuilt"] == 0 and w["postings_deleted"] == 0
    assert 0 < w["postings_written"] <= 40 * one
    assert w["gate_rows"] == one + 6 < rep.rows  # the written rows and the fixed sample only
    assert rep.recall is not None and rep.recall.changed == one
    assert any("fixed sample of 6" in line for line in rep.recall.lines())
    # replacing it deletes and writes only its rows and postings
    again = _build(db, [_doc(100, twist=" (resurveyed)")])
    assert again.replaced and again.work["rows_deleted"] == one and again.work["rows_written"] == one
    assert again.work["postings_deleted"] == w["postings_written"] and again.work["lexical_rebuilt"] == 0
    return {k: w[k] for k in ("rows_written", "rows_tokenized", "postings_written", "gate_rows", "gate_queries")}


def test_adding_one_document_does_work_in_proportion_to_it(tmp_path, monkeypatch):
    """#29 before: +1.15 CPU-s at 2.5k rows, the whole file copied, every row tokenized again
    and the gate over every row. Now the counters of one add are the same for a 4- and a
    12-document index (three times the rows)."""
    import geochunk.retrieve.recall as recall

    monkeypatch.setattr(recall, "SAMPLE", 6)  # a small fixed sample, so the index is bigger than it
    assert _one_add(tmp_path, 4) == _one_add(tmp_path, 12)


def test_an_index_held_open_is_written_in_a_copy(tmp_path):
    """The app keeps the indexes it shows open: a build into one cannot write in place, so it
    makes the same incremental writes in a copy swapped in (the reader keeps the old file)."""
    db = tmp_path / "ix.duckdb"
    _build(db, [_doc(i) for i in range(3)])
    ix = open_index(db)
    try:
        rep = _build(db, [_doc(3)])
        assert rep.work["file_copied"] == 1 and rep.work["lexical_rebuilt"] == 0
        assert rep.work["rows_tokenized"] == rep.work["rows_written"] > 0
        assert len(ix.rids) < rep.rows  # the reader still sees the old file
    finally:
        ix.close()
    fresh = tmp_path / "fresh.duckdb"
    _build(fresh, [_doc(i) for i in range(4)])
    assert _answers(db) == _answers(fresh)
    assert not [p.name for p in tmp_path.iterdir() if ".building" in p.name]


def test_nothing_changed_writes_nothing(tmp_path):
    db = tmp_path / "ix.duckdb"
    _build(db, [_doc(i) for i in range(3)])
    before = db.read_bytes()
    rep = _build(db, [_doc(i) for i in range(3)])
    assert rep.recall is None and rep.work == {} and len(rep.unchanged) == 3
    assert db.read_bytes() == before


# --- identical to a build from scratch -----------------------------------------------------


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    d = tmp_path_factory.mktemp("scratch")
    db = d / "all.duckdb"
    _build(db, [_doc(i) for i in range(6)])
    return _answers(db), _docs_in(db)


@settings(max_examples=2, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(order=st.permutations(list(range(6))), split=st.integers(1, 5), replace=st.integers(0, 5))
def test_any_order_of_adds_answers_as_a_build_from_scratch(tmp_path_factory, scratch, order, split, replace):
    """Documents added one at a time and in batches, in any order, one replaced by another
    version and back on the way: the same rows, BM25 scores and answers as the scratch build."""
    answers, docs = scratch
    db = tmp_path_factory.mktemp("incr") / "ix.duckdb"
    _build(db, [_doc(i) for i in order[:split]])
    if replace in order[:split]:
        _build(db, [_doc(replace, twist=" (draft)")])
    for i in order[split:]:
        _build(db, [_doc(i)])
    if replace not in order[:split]:
        _build(db, [_doc(replace, twist=" (draft)")])
    rep = _build(db, [_doc(replace)])
    assert rep.replaced == (_doc(replace)[0],) and rep.work["lexical_rebuilt"] == 0
    assert _docs_in(db) == docs
    # every untied result in the same order, and every chunk's BM25 score bit for bit
    assert _answers(db) == answers


def test_postings_score_as_bm25s_built_from_scratch():
    """Scores computed from postings written in several batches (with rows deleted on the way)
    are bm25s' own, bit for bit, for random corpora."""
    rng = random.Random(5)
    words = "river county field 77002 LU-0012 park pond wood mill school road counties parks".split()
    for trial in range(4):
        texts = [" ".join(rng.choice(words) for _ in range(rng.randint(0, 25))) for _ in range(80)]
        titles = [rng.choice(["nc_counties", "", "parks"]) for _ in texts]
        rids = list(range(3, 83))
        con = connect(":memory:")
        create_tables(con)
        con.execute("CREATE TABLE chunks (rid INTEGER)")
        write_postings(con, rids[:30], texts[:30], titles[:30])
        write_postings(con, [900, 901], ["river river park", "gone"], ["", ""])  # deleted below
        write_postings(con, rids[30:], texts[30:], titles[30:])
        con.execute("DELETE FROM lexical_postings WHERE rid >= 900")
        ref = Lexical.build(texts, rids, titles)
        got = load_lexical(con)
        assert got.rids.tolist() == rids
        assert "gone" not in got.model.vocab_dict  # a term whose chunks are all gone is unknown
        for q in ("river county", "77002", "lu-0012 park", "counties parks", "nothing here", "gone"):
            assert np.array_equal(ref.scores(q), got.scores(q)), (trial, q)
            assert ref.known_codes(q) == got.known_codes(q)


def test_an_older_format_is_upgraded_through_a_copy(tmp_path):
    """A format-3 index (bm25s arrays as blobs) opens as it is; its next build copies it, writes
    every row's postings, sets format 4, and answers as a build from scratch."""
    db = tmp_path / "old.duckdb"
    _build(db, [_doc(i) for i in range(3)])
    con = connect(db)
    res = con.execute("SELECT rid, text, doc_id FROM chunks ORDER BY rid").fetchnumpy()
    lx = Lexical.build(list(res["text"]), res["rid"], [str(d).removesuffix(".md") for d in res["doc_id"]])
    con.execute("DROP TABLE lexical_postings")
    con.execute("DROP TABLE lexical_terms")
    con.execute("DELETE FROM lexical")
    for name, blob in lx.to_blobs().items():
        con.execute("INSERT INTO lexical VALUES (?, ?)", [name, blob])
    con.execute("UPDATE meta SET value = '3' WHERE key = 'index_format'")
    con.close()
    assert _answers(db)  # format 3 answers as it is
    rep = _build(db, [_doc(3)])
    assert rep.work["file_copied"] == 1 and rep.work["lexical_rebuilt"] == 1
    fresh = tmp_path / "fresh.duckdb"
    _build(fresh, [_doc(i) for i in range(4)])
    assert _answers(db) == _answers(fresh)
    con = connect(db, read_only=True)
    assert con.execute("SELECT value FROM meta WHERE key = 'index_format'").fetchone()[0] == str(INDEX_FORMAT)
    con.close()


# --- kill -9 --------------------------------------------------------------------------------

_CHILD = r"""
import os, signal, sys, time
from geochunk.model import ChunkConfig
from geochunk.retrieve import build, build_index, postings, recall, store
sys.path.insert(0, sys.argv[3])
from test_index_incremental import _doc
point, db, first = sys.argv[1], sys.argv[2], int(sys.argv[4])

def die(*a, **k):
    os.kill(os.getpid(), signal.SIGKILL)

def after(mod, name):
    real = getattr(mod, name)
    def wrapped(*a, **k):
        out = real(*a, **k)
        die()
        return out
    setattr(mod, name, wrapped)

if point == "rows":  # the new rows inserted, their postings not yet
    build.write_postings = die
elif point == "postings":  # rows and postings written, before the gate
    after(build, "write_postings")
elif point == "gate":
    build.measure_recall = die
elif point == "meta":  # everything written, just before COMMIT
    after(build, "write_meta")
elif point == "commit":  # inside the commit's checkpoint
    real = build.connect
    def connect(*a, **k):
        con = real(*a, **k)
        class Con:
            def __getattr__(self, n):
                return getattr(con, n)
            def execute(self, sql, *p):
                if sql == "COMMIT":
                    import threading
                    threading.Timer(0.01, die).start()
                return con.execute(sql, *p)
        return Con()
    build.connect = connect
print("ready", flush=True)
for i in range(first, first + 50):  # "loop": one document per build until killed
    name, text = _doc(i)
    build_index([name], db, collection="parish", embedder="hashing", config=ChunkConfig(budget=48), texts=[text])
    print("added", i, flush=True)
    if point != "loop":
        break
"""


def _child(point: str, db: Path, first: int) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-c", _CHILD, point, str(db), str(Path(__file__).parent), str(first)],
                            env=env, stdout=subprocess.PIPE, text=True)


def _check_after_kill(db: Path, allowed: list[set]) -> set:
    ix = open_index(db)  # the consistency check on open (catalog digest, row counts)
    try:
        for how in ("memory", "rtree"):
            assert query_index(ix, "old mill", REGION, region_filter=how).rows
    finally:
        ix.close()
    state = _docs_in(db)
    assert state in allowed, sorted(state)
    return state


@pytest.fixture(scope="module")
def _base_files(tmp_path_factory) -> Path:
    """The 4-document index, built once for the module (a build is ~0.8 CPU-s warm)."""
    db = tmp_path_factory.mktemp("base") / "ix.duckdb"
    _build(db, [_doc(i) for i in range(4)])
    return db


@pytest.fixture()
def base(_base_files, tmp_path):
    """A fresh copy of the 4-document index for each test (every file of its folder)."""
    for f in _base_files.parent.iterdir():
        shutil.copy2(f, tmp_path / f.name)
    return tmp_path / _base_files.name


@pytest.mark.parametrize("point", ["rows", "postings", "gate", "meta", "commit"])
def test_kill_9_while_adding_leaves_the_old_or_the_new_index(base, point):
    old = _docs_in(base)
    proc = _child(point, base, 10)
    out, _ = proc.communicate(timeout=300)
    assert proc.returncode == -signal.SIGKILL, out
    name, text = _doc(10)
    from geochunk.read.source import document_digest
    new = old | {(name, document_digest(text))}
    state = _check_after_kill(base, [old, new])
    if point != "commit":
        assert state == old  # killed before the commit: nothing of it is there
    assert not [p for p in base.parent.iterdir() if p.name.endswith(".wal") or ".building" in p.name]
    # and the next build goes on from there
    rep = _build(base, [_doc(10)])
    assert _docs_in(base) == new and (rep.added or rep.unchanged)


def test_kill_9_at_random_times_while_adding_one_by_one(base):
    """A loop adding one document per build, killed at random times: each time the index holds
    the documents of some prefix of the adds (never a half-written one)."""
    from geochunk.read.source import document_digest

    rng = random.Random(11)
    first = 20
    states = [_docs_in(base)]
    for i in range(first, first + 60):
        name, text = _doc(i)
        states.append(states[-1] | {(name, document_digest(text))})
    for _ in range(3):
        proc = _child("loop", base, first)
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.5, 3.0))
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=60)
        state = _check_after_kill(base, states)
        first = 20 + states.index(state)  # go on after the last add that landed
        if first >= 20 + 50:
            break


def test_a_log_left_by_a_killed_commit_is_replayed_and_the_rtree_rebuilt(base):
    """DuckDB 1.5.5 replays a log of changes to a table with an R-tree into an index it cannot
    scan; connect() replays it with the extension loaded and makes the R-tree again."""
    script = r"""
import os, sys
from geochunk.retrieve.store import connect
con = connect(sys.argv[1])
con.execute("BEGIN")
con.execute("CREATE TEMP TABLE x AS SELECT * FROM chunks WHERE rid = 0")
con.execute("DELETE FROM chunks WHERE rid = 0")
con.execute("INSERT INTO chunks SELECT * FROM x")
con.execute("COMMIT")
os._exit(0)  # killed after the commit, before any checkpoint: the log stays
"""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-c", script, str(base)], env=env, check=True)
    assert Path(str(base) + ".wal").exists()
    before = _docs_in(base)  # replays it (connect)
    assert not Path(str(base) + ".wal").exists()
    assert _check_after_kill(base, [before]) == before


# --- a build streams its documents into the writer -----------------------------------------


def test_a_build_streams_documents_into_the_index_never_holding_them_all(tmp_path, monkeypatch):
    """build_index writes each batch as it is prepared: the writer's first insert comes after
    one batch of documents, not after all of them, and at no point are more documents prepared
    than written plus one batch (a count of work, not a clock)."""
    from geochunk.retrieve import build, rows

    monkeypatch.setattr(build, "BATCH_DOCUMENTS", 2)
    prepared = [0]
    inserted = [0]
    held: list[int] = []
    real_prepare, real_insert = rows.prepare_document, build._insert

    def counting_prepare(*a, **k):
        prepared[0] += 1
        held.append(prepared[0] - inserted[0])
        return real_prepare(*a, **k)

    def counting_insert(con, docs, **k):
        inserted[0] += len(docs)
        return real_insert(con, docs, **k)

    monkeypatch.setattr(build, "prepare_document", counting_prepare)
    monkeypatch.setattr(build, "_insert", counting_insert)
    docs = [_doc(i) for i in range(7)]
    rep = _build(tmp_path / "ix.duckdb", docs)
    assert prepared[0] == inserted[0] == 7 and len(rep.added) == 7
    assert max(held) == 2  # one batch at most was held before it was written
    # the same for an in-place add into the existing index, with unchanged documents among them
    prepared[0] = inserted[0] = 0
    held.clear()
    more = [_doc(i, twist=" (b)" if i % 2 else "") for i in range(7)] + [_doc(i) for i in range(7, 12)]
    rep = _build(tmp_path / "ix.duckdb", more)
    assert rep.work["file_copied"] == 0
    assert len(rep.unchanged) == 4 and len(rep.replaced) == 3 and len(rep.added) == 5
    assert list(rep.unchanged) == [_doc(i)[0] for i in (0, 2, 4, 6)]
    assert prepared[0] == inserted[0] == 8 and max(held) == 2
