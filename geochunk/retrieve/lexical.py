"""BM25 over chunk texts with ``bm25s``, stored inside the index file.

Tokens are lower-cased words of two or more letters/digits (English stop words removed); pure
digit runs longer than four characters are dropped, so coordinate lists do not flood the
vocabulary while ids like ``LU-0042`` stay searchable. The bm25s score matrix (CSC arrays) and
vocabulary are saved as ``.npy``/JSON blobs in the ``lexical`` table, so one DuckDB file holds
the whole index. ``scores(query)`` scores every chunk (a sparse column sum, milliseconds for
100k chunks); the caller keeps the in-region ones.

>>> lx = Lexical.build(["arable field near the river", "woodland and river bank", "car park"],
...                    rids=[10, 11, 12])
>>> s = lx.scores("river woodland")
>>> [int(r) for r in lx.rids[s > 0]], int(lx.rids[s.argmax()])
([10, 11], 11)
>>> Lexical.from_blobs(lx.to_blobs()).scores("river woodland").tolist() == s.tolist()
True
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

import numpy as np

__all__ = ["tokenize", "Lexical"]

_STOP = frozenset(
    "a an and are as at be by for from has have in into is it its of on or that the their this "
    "to was were which with within".split()
)


def tokenize(text: str) -> list[str]:
    """Lower-cased word tokens (linear scan, no regex).

    >>> tokenize("Parcel LU-0042: Arable, 530123.45 181234.5")
    ['parcel', 'lu', '0042', 'arable', '45', '5']
    """
    out: list[str] = []
    buf: list[str] = []
    for ch in text.lower() + " ":
        if ch.isalnum():
            buf.append(ch)
            continue
        if buf:
            tok = "".join(buf)
            buf.clear()
            if tok in _STOP:
                continue
            if tok.isdigit() and len(tok) > 4:
                continue
            out.append(tok)
    return out


def _npy(a: np.ndarray) -> bytes:
    b = io.BytesIO()
    np.save(b, a, allow_pickle=False)
    return b.getvalue()


def _unnpy(b: bytes) -> np.ndarray:
    return np.load(io.BytesIO(b), allow_pickle=False)


@dataclass
class Lexical:
    """A bm25s index plus the chunk ``rid`` of each of its documents."""

    model: Any
    rids: np.ndarray

    @classmethod
    def build(cls, texts: Sequence[str], rids: Iterable[int]) -> "Lexical":
        import bm25s

        rid_arr = np.asarray(list(rids), dtype=np.int64)
        model = bm25s.BM25(method="lucene", k1=1.5, b=0.75)
        corpus = [tokenize(t) or [""] for t in texts]
        if corpus:
            model.index(corpus, show_progress=False)
        return cls(model, rid_arr)

    def scores(self, query: str) -> np.ndarray:
        """BM25 score of every document for ``query`` (zeros when no query word is known)."""
        if not len(self.rids):
            return np.zeros(0, dtype=np.float32)
        ids = self.model.get_tokens_ids(tokenize(query))
        if not ids:
            return np.zeros(len(self.rids), dtype=np.float32)
        return np.asarray(self.model.get_scores_from_ids(ids), dtype=np.float32)

    def to_blobs(self) -> dict[str, bytes]:
        """Name -> bytes for the ``lexical`` table."""
        if not len(self.rids):
            return {"rids": _npy(self.rids)}
        s = self.model.scores
        return {
            "rids": _npy(self.rids),
            "data": _npy(np.asarray(s["data"])),
            "indices": _npy(np.asarray(s["indices"])),
            "indptr": _npy(np.asarray(s["indptr"])),
            "vocab": json.dumps(self.model.vocab_dict, ensure_ascii=False).encode("utf-8"),
            "params": json.dumps(
                {"num_docs": int(s["num_docs"]), "k1": self.model.k1, "b": self.model.b,
                 "method": self.model.method}
            ).encode("utf-8"),
        }

    @classmethod
    def from_blobs(cls, blobs: dict[str, bytes]) -> "Lexical":
        import bm25s

        rids = _unnpy(blobs["rids"])
        if "params" not in blobs:
            return cls(bm25s.BM25(), rids)
        p = json.loads(blobs["params"])
        model = bm25s.BM25(method=p["method"], k1=p["k1"], b=p["b"])
        model.scores = {
            "data": _unnpy(blobs["data"]),
            "indices": _unnpy(blobs["indices"]),
            "indptr": _unnpy(blobs["indptr"]),
            "num_docs": p["num_docs"],
        }
        model.vocab_dict = json.loads(blobs["vocab"])
        model.unique_token_ids_set = set(model.vocab_dict.values())
        model.nonoccurrence_array = None  # "lucene" scoring has no non-occurrence term
        return cls(model, rids)
