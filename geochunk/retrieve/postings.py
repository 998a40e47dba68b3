"""The BM25 index kept as postings in the index file, so a write touches only its own rows.

BM25 needs, per chunk, how often each term occurs in it (``tf``) and its length, and, per
term, how many chunks hold it (``df``, which gives the IDF). Scores are not stored: every one
depends on ``N``, the mean length and ``df``, so a precomputed score matrix (what bm25s keeps)
would change in every row when one chunk is added. Only what does not change is stored:

* ``lexical_terms(term_id, term)``: every term ever written, append-only (a term whose chunks
  are all gone stays, unused: it is not in the vocabulary an open index builds);
* ``lexical_postings(rid, term_id, tf)``: one row per (chunk, term), written with the chunk and
  deleted with it. A chunk whose text has no token holds the empty term once (bm25s indexes
  such a chunk as ``[""]``), so every chunk has postings and a length.

:func:`load_lexical` reads them when an index is opened and computes ``df``, the lengths, the
IDF and the scores of every posting with bm25s' own formula ("lucene": ``idf = ln(1 + (N - df +
0.5) / (df + 0.5))``, ``tfc = tf / (tf + k1 (1 - b + b len / avg len))``, float64 then float32),
into the score matrix a ``bm25s.BM25`` scores from: the scores are those of a bm25s index built
from scratch over the same chunks (tested), however the rows were added.

>>> con = __import__("geochunk.retrieve.store", fromlist=["connect"]).connect(":memory:")
>>> create_tables(con)
>>> write_postings(con, [10, 11, 12], ["arable field near the river", "woodland and river bank", "car park"],
...                ["", "", ""]).postings
9
>>> lx = load_lexical(con)
>>> s = lx.scores("river woodland")
>>> [int(r) for r in lx.rids[s > 0]], int(lx.rids[s.argmax()])
([10, 11], 11)
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any, Sequence

import numpy as np

from geochunk.retrieve.lexical import ANALYZER, B, K1, Lexical, readable_and_tokens, tokenize

__all__ = ["STORAGE", "PostingsWork", "DocPostings", "tokenize_rows", "title_of", "create_tables", "write_postings",
           "delete_postings", "rebuild_postings", "load_lexical", "params_blob", "is_postings"]

#: ``storage`` of the ``lexical`` table's ``params`` row for an index kept as postings
STORAGE = "postings"


@dataclass(frozen=True)
class PostingsWork:
    """What one write did to the postings (the work counters a build reports)."""

    rows: int = 0  # chunks tokenized
    postings: int = 0  # (chunk, term) rows written
    terms_added: int = 0  # terms new to the index


def create_tables(con: Any) -> None:
    """Create the postings tables (and the ``lexical`` table holding the params row) if absent."""
    con.execute("CREATE TABLE IF NOT EXISTS lexical (name VARCHAR PRIMARY KEY, data BLOB NOT NULL)")
    con.execute("CREATE TABLE IF NOT EXISTS lexical_terms (term_id INTEGER NOT NULL, term VARCHAR NOT NULL)")
    con.execute("CREATE TABLE IF NOT EXISTS lexical_postings (rid INTEGER NOT NULL, term_id INTEGER NOT NULL, "
                "tf INTEGER NOT NULL)")
    con.execute("DELETE FROM lexical")
    con.execute("INSERT INTO lexical VALUES ('params', ?)", [params_blob()])


def params_blob() -> bytes:
    """The ``params`` row: storage, analyzer and the BM25 parameters scores are computed with."""
    return json.dumps({"storage": STORAGE, "analyzer": ANALYZER, "k1": K1, "b": B,
                       "method": "lucene"}).encode("utf-8")


def is_postings(blobs: dict[str, bytes]) -> bool:
    """Whether the ``lexical`` table's rows say the index is kept as postings (format 4 on)."""
    try:
        return "params" in blobs and json.loads(blobs["params"]).get("storage") == STORAGE
    except ValueError:
        return False


@dataclass(frozen=True)
class DocPostings:
    """The BM25 postings of one document's chunks, tokenized where the document was prepared (a
    worker), so the writing process only maps terms to ids: ``terms`` are the document's
    distinct terms (sorted); posting ``k`` says chunk ``row[k]`` (its position in the document)
    holds ``terms[term[k]]`` ``tf[k]`` times. Compact numpy columns, cheap to send between
    processes."""

    terms: tuple[str, ...]
    row: np.ndarray = field(repr=False, compare=False)
    term: np.ndarray = field(repr=False, compare=False)
    tf: np.ndarray = field(repr=False, compare=False)

    @property
    def rows(self) -> int:
        """How many chunks these postings are of (every chunk has one at least)."""
        return int(self.row.max()) + 1 if len(self.row) else 0


def title_of(doc_id: str) -> str:
    """The file-name stem of a document's identity: the words a chunk's postings add for it.

    >>> title_of("reports/Water_of_Leith survey.pdf")
    'Water_of_Leith survey'
    """
    return PurePosixPath(str(doc_id).replace("\\", "/")).stem


def tokenize_rows(texts: Sequence[str], title: str) -> tuple[list[str], DocPostings]:
    """Each chunk's readable text (:func:`~.lexical.readable_text`: what the embedder reads) and
    the chunks' postings (:func:`~.lexical.document_tokens` of the text, then ``title``'s
    tokens; a chunk with no token holds the empty term), with one geometry scan a chunk for both.

    >>> readable, p = tokenize_rows(["Well W-12: POINT (530123 181234)", "   "], "")
    >>> readable[0], [(int(r), p.terms[t], int(n)) for r, t, n in zip(p.row, p.term, p.tf)]
    ('Well W-12: POINT', [(0, 'well', 1), (0, 'w', 1), (0, '12', 1), (0, 'w-12', 1), (0, 'point', 1), (1, '', 1)])
    """
    extra = tokenize(title) if title else []
    readable: list[str] = []
    counts: list[Counter[str]] = []
    for text in texts:
        shown, toks = readable_and_tokens(text)
        readable.append(shown)
        counts.append(Counter((toks + extra) or [""]))
    terms = tuple(sorted({w for c in counts for w in c}))
    at = {w: i for i, w in enumerate(terms)}
    n = sum(len(c) for c in counts)
    row = np.empty(n, np.int32)
    term = np.empty(n, np.int32)
    tf = np.empty(n, np.int32)
    k = 0
    for i, c in enumerate(counts):
        m = len(c)
        row[k:k + m] = i
        term[k:k + m] = [at[w] for w in c]
        tf[k:k + m] = list(c.values())
        k += m
    return readable, DocPostings(terms, row, term, tf)


def write_postings(con: Any, rids: Sequence[int], texts: Sequence[str], titles: Sequence[str], *,
                   tokenized: Sequence[DocPostings] | None = None) -> PostingsWork:
    """Write the postings of these chunks (new terms get the next ids): tokenized here from
    ``texts`` and ``titles``, or taken from ``tokenized`` (one :class:`DocPostings` a document,
    whose chunks are ``rids`` in order; ``texts`` and ``titles`` are then not read). Only the
    terms of these chunks are looked up in ``lexical_terms``."""
    import pyarrow as pa

    if not len(rids):
        return PostingsWork()
    if tokenized is None:  # consecutive chunks of one title (a document's rows) tokenized together
        runs = itertools.groupby(range(len(titles)), key=titles.__getitem__)
        tokenized = [tokenize_rows([texts[i] for i in at], title)[1] for title, at in runs]
    distinct = sorted({w for d in tokenized for w in d.terms})
    position = {w: i for i, w in enumerate(distinct)}
    con.register("gc_new_terms", pa.table({"term": pa.array(distinct, pa.string())}))
    try:
        known = dict(con.execute(
            "SELECT t.term, t.term_id FROM lexical_terms t JOIN gc_new_terms n ON t.term = n.term").fetchall())
    finally:
        con.unregister("gc_new_terms")
    fresh = [w for w in distinct if w not in known]
    if fresh:
        start = int(con.execute("SELECT coalesce(max(term_id) + 1, 0) FROM lexical_terms").fetchone()[0])
        ids = np.arange(start, start + len(fresh), dtype=np.int32)
        known.update(zip(fresh, ids.tolist()))
        table = pa.table({"term_id": pa.array(ids), "term": pa.array(fresh, pa.string())})
        con.register("gc_fresh_terms", table)
        try:
            con.execute("INSERT INTO lexical_terms SELECT term_id, term FROM gc_fresh_terms")
        finally:
            con.unregister("gc_fresh_terms")
    ids_of = np.array([known[w] for w in distinct], np.int32)  # term_id of each distinct term
    rid_arr = np.asarray(rids, np.int64)
    rid_parts, term_parts, tf_parts = [], [], []
    first = 0
    for d in tokenized:
        to_batch = np.array([position[w] for w in d.terms], np.int64)
        rid_parts.append(rid_arr[first + d.row.astype(np.int64)])
        term_parts.append(ids_of[to_batch[d.term]] if len(d.term) else np.zeros(0, np.int32))
        tf_parts.append(d.tf)
        first += d.rows
    if first != len(rid_arr):
        raise ValueError(f"postings of {first} chunks for {len(rid_arr)} rids")
    rid_col = np.concatenate(rid_parts).astype(np.int32)
    term_col = np.concatenate(term_parts).astype(np.int32)
    tf_col = np.concatenate(tf_parts).astype(np.int32)
    n = len(rid_col)
    con.register("gc_postings", pa.table({"rid": rid_col, "term_id": term_col, "tf": tf_col}))
    try:
        con.execute("INSERT INTO lexical_postings SELECT rid, term_id, tf FROM gc_postings")
    finally:
        con.unregister("gc_postings")
    return PostingsWork(rows=len(rid_arr), postings=n, terms_added=len(fresh))


def delete_postings(con: Any, where: str, params: Sequence[Any]) -> int:
    """Delete the postings of the chunks ``SELECT rid FROM chunks WHERE <where>`` selects (call
    it before deleting those chunks); returns how many postings went."""
    row = con.execute(f"DELETE FROM lexical_postings WHERE rid IN (SELECT rid FROM chunks WHERE {where})",
                      list(params)).fetchone()
    return int(row[0]) if row else 0


def rebuild_postings(con: Any) -> PostingsWork:
    """Every chunk's postings written again (a first build, an older format or analyzer)."""
    create_tables(con)
    con.execute("DELETE FROM lexical_postings")
    con.execute("DELETE FROM lexical_terms")
    res = con.execute("SELECT rid, text, doc_id FROM chunks ORDER BY rid").fetchnumpy()
    titles = [title_of(d) for d in res["doc_id"]]
    return write_postings(con, [int(r) for r in res["rid"]], list(res["text"]), titles)


def load_lexical(con: Any) -> Lexical:
    """The BM25 index of an open index kept as postings: a ``bm25s.BM25`` whose score matrix is
    computed here from the postings (see the module docstring), with the chunk ``rid`` of each
    of its documents (sorted). Raises ``ValueError`` when the postings are damaged."""
    import bm25s
    import scipy.sparse

    blobs = dict(con.execute("SELECT name, data FROM lexical").fetchall())
    p = json.loads(blobs["params"])
    analyzer = int(p.get("analyzer", ANALYZER))
    if analyzer > ANALYZER:
        raise ValueError(f"the BM25 index was written by a newer geochunk (analyzer {analyzer})")
    post = con.execute("SELECT rid, term_id, tf FROM lexical_postings").fetchnumpy()
    rid = np.asarray(post["rid"], np.int64)
    term = np.asarray(post["term_id"], np.int64)
    tf = np.asarray(post["tf"], np.float64)
    rids = np.unique(rid)
    model = bm25s.BM25(method=p.get("method", "lucene"), k1=p.get("k1", K1), b=p.get("b", B))
    model.nonoccurrence_array = None  # "lucene" scoring has no non-occurrence term
    if not len(rids):
        model.scores = {"data": np.zeros(0, np.float32), "indices": np.zeros(0, np.int32),
                        "indptr": np.zeros(1, np.int64), "num_docs": 0}
        model.vocab_dict = {}
        model.unique_token_ids_set = set()
        return Lexical(model, rids, analyzer)
    if (tf < 1).any() or (term < 0).any():
        raise ValueError("the BM25 postings are damaged")
    pos = np.searchsorted(rids, rid)
    n_docs = len(rids)
    n_terms = int(term.max()) + 1
    length = np.bincount(pos, weights=tf, minlength=n_docs)
    avg = np.float64(length.mean())
    df = np.bincount(term, minlength=n_terms)
    with np.errstate(divide="ignore", invalid="ignore"):
        idf = np.log(1 + (n_docs - df + 0.5) / (df + 0.5)).astype(np.float32)
    k1, b = float(model.k1), float(model.b)
    tfc = tf / (k1 * ((1 - b) + b * length[pos] / avg) + tf)
    data = (idf[term].astype(np.float64) * tfc).astype(np.float32)
    m = scipy.sparse.csc_matrix((data, (pos, term)), shape=(n_docs, n_terms))
    m.sort_indices()
    model.scores = {"data": m.data.astype(np.float32), "indices": m.indices.astype(np.int32),
                    "indptr": m.indptr.astype(np.int64), "num_docs": n_docs}
    names = con.execute("SELECT term_id, term FROM lexical_terms").fetchall()
    used = df > 0
    model.vocab_dict = {w: int(i) for i, w in names if i < n_terms and used[i]}
    model.unique_token_ids_set = set(model.vocab_dict.values())
    return Lexical(model, rids, analyzer)
