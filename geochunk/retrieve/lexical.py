"""BM25 over chunk texts with ``bm25s``, stored inside the index file.

The analyzer (:data:`ANALYZER` = 3) reads a chunk's text **outside its geometry spans** (found by
:func:`geochunk.detection.scan.detect`), so coordinates never reach the vocabulary while every number and
code written around them does: postcodes (``77002``), populations, ids (``LU-0012`` gives
``lu``, ``0012`` and ``lu-0012``), frames (``EPSG:27700``). Tokens are case- and accent-folded
(``São Tomé`` and ``Sao Tome`` give the same tokens), plurals folded (``counties`` finds
``county``), English stop words and question words dropped. A question is read whole (it has no geometry). An index written by an earlier analyzer
(1 dropped digit runs longer than four characters and kept accents; 2 kept plurals) is
queried with the analyzer that wrote it.

The bm25s score matrix (CSC arrays) and vocabulary are saved as ``.npy``/JSON blobs in the
``lexical`` table, so one DuckDB file holds the whole index. ``scores(query)`` scores every chunk
(a sparse column sum, milliseconds for 100k chunks); the caller keeps the in-region ones.

>>> lx = Lexical.build(["arable field near the river", "woodland and river bank", "car park"],
...                    rids=[10, 11, 12])
>>> s = lx.scores("river woodland")
>>> [int(r) for r in lx.rids[s > 0]], int(lx.rids[s.argmax()])
([10, 11], 11)
>>> Lexical.from_blobs(lx.to_blobs()).scores("river woodland").tolist() == s.tolist()
True
>>> lx = Lexical.build(["Zip 77002: POLYGON ((-95.36 29.75, -95.35 29.75, -95.35 29.76, -95.36 29.75))",
...                     "São Tomé: POINT (6.73 0.34)"], rids=[1, 2])
>>> float(lx.scores("77002")[1]), int(lx.scores("Sao Tome").argmax()), float(lx.scores("29").max())
(0.0, 1, 0.0)
"""

from __future__ import annotations

import io
import json
import re
import unicodedata
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

import numpy as np

__all__ = ["ANALYZER", "singular", "tokenize", "document_tokens", "readable_text", "readable_and_tokens", "Lexical"]

#: BM25 term saturation and length normalisation (lucene scoring). Chunks differ in length far
#: more than fixed-size pieces do (one feature's record, or forty rows of a table), and a long
#: chunk of many records is not a chunk about more things: a lighter length normalisation
#: than the usual 0.75 keeps a rare word in a long chunk ranked (measured: bench_realdata.py)
K1 = 1.5
B = 0.3

#: the analyzer this geochunk writes (``params.analyzer`` of the ``lexical`` table; absent = 1;
#: 2 did not fold plurals)
ANALYZER = 3

_STOP = frozenset(
    "a an and are as at be by for from has have in into is it its of on or that the their this "
    "to was were which with within".split()
)
#: dropped from analyzer 2 on: the words of a question that say nothing of what is asked for
_STOP2 = _STOP | frozenset(
    "about am any been but can could did do does had how i if me my our so some tell than them then "
    "there these they those us we what when where who whom why will would you your know please show "
    "find give list".split()
)
# a word (letters/digits), then any words joined to it by one of - _ : . / (a code: LU-0012,
# EPSG:27700, 1234.5); every repetition starts with a separator that no word holds, so the scan
# is linear (no backtracking)
_RUN = re.compile(r"[^\W_]+(?:[-_:./][^\W_]+)*")
_WORD = re.compile(r"[^\W_]+")


def _fold(text: str) -> str:
    """Lower-cased, accents removed (NFKD, combining marks dropped).

    >>> _fold("São Tomé, Straße")
    'sao tome, strasse'
    """
    if text.isascii():
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def singular(word: str) -> str:
    """An English plural folded to its singular (``counties`` -> ``county``, ``states`` ->
    ``state``, ``boxes`` -> ``box``); other words, numbers and short words as they are.

    >>> [singular(w) for w in ("counties", "states", "cities", "addresses", "boxes", "gas", "bus", "lines", "27700")]
    ['county', 'state', 'city', 'address', 'box', 'gas', 'bus', 'line', '27700']
    """
    if len(word) < 4 or not word.isalpha() or word.endswith(("ss", "us", "is")):
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "xes", "ches", "shes", "zes")):
        return word[:-2]
    if word.endswith("s"):
        return word[:-1]
    return word


def tokenize(text: str, analyzer: int = ANALYZER) -> list[str]:
    """The tokens of a question (or of text without geometry): folded words (plurals folded from
    analyzer 3), every number, and each code whole beside its parts.

    >>> tokenize("Parcel LU-0042: Arable, 530123.45 181234.5")
    ['parcel', 'lu', '0042', 'lu-0042', 'arable', '530123', '45', '530123.45', '181234', '5', '181234.5']
    >>> tokenize("Which counties have FIPS code 37001? Bogotá")
    ['county', 'fips', 'code', '37001', 'bogota']
    """
    if analyzer < 2:
        return _tokenize_v1(text)
    plurals = analyzer >= 3
    out: list[str] = []
    if not text.isascii():  # composed, so a letter and its accent are one word character
        text = unicodedata.normalize("NFC", text)
    for m in _RUN.finditer(text):
        run = _fold(m.group())
        words = _WORD.findall(m.group())
        for word in words:
            w = _fold(word)
            if w in _STOP2:
                continue
            out.append(singular(w) if plurals and not word.isupper() else w)  # FIPS is no plural
        if len(words) > 1 and any(ch.isdigit() for ch in run):
            out.append(run)
    return out


# a GeoJSON member's coordinates: numbers, brackets, commas and blanks after "coordinates": (one
# character class, so linear); a Feature's span keeps its properties, only these are left out
_COORDS = re.compile(r'"coordinates"\s*:\s*[\[\]0-9\s,.+\-eE]*')


def _outside(text: str) -> list[str]:
    """The pieces of ``text`` outside its geometry: around each span, the span's geometry type,
    and what a GeoJSON Feature span says besides its coordinates (its properties)."""
    from geochunk.detection.scan import detect

    spans = detect(text).spans
    if not spans:
        return [text]
    out: list[str] = []
    at = 0
    for s in spans:
        if s.start > at:
            out.append(text[at:s.start])
        if s.start >= at:
            if s.kind.startswith("geojson_"):  # a Feature (or collection): keep its properties
                out.append(_COORDS.sub(" ", text[s.start:s.end]))
            elif s.geom_type:  # the geometry's type is a word of the text ("point", "multipolygon")
                out.append(s.geom_type)
        at = max(at, s.end)
    out.append(text[at:])
    return out


def document_tokens(text: str) -> list[str]:
    """The tokens of a chunk: :func:`tokenize` of its text with the coordinates of every geometry
    span left out (a GeoJSON Feature's properties are read; a span's type stays a word).

    >>> document_tokens("Well W-12 (depth 15240 mm): POINT (530123 181234)")
    ['well', 'w', '12', 'w-12', 'depth', '15240', 'mm', 'point']
    >>> document_tokens('{"type": "Feature", "properties": {"zip": "77002"}, '
    ...                 '"geometry": {"type": "Point", "coordinates": [-95.36, 29.75]}}')
    ['type', 'feature', 'property', 'zip', '77002', 'geometry', 'type', 'point']
    """
    return [w for piece in _outside(text) for w in tokenize(piece)]


def readable_text(text: str) -> str:
    """The text with each geometry's coordinates left out (what the embedder reads: the words
    around a geometry, a Feature's properties and the geometry's type, not its numbers).

    >>> readable_text('Well W-12: POINT (530123 181234) {"type": "Point", "coordinates": [1, 2]} ok')
    'Well W-12: POINT {"type": "Point",  } ok'
    """
    return "".join(_outside(text))


def readable_and_tokens(text: str) -> tuple[str, list[str]]:
    """:func:`readable_text` and :func:`document_tokens` of ``text``, from one geometry scan
    (what a build needs of each chunk: the embedder's text and the BM25 tokens).

    >>> readable_and_tokens("Well W-12: POINT (530123 181234)")
    ('Well W-12: POINT', ['well', 'w', '12', 'w-12', 'point'])
    """
    pieces = _outside(text)
    return "".join(pieces), [w for piece in pieces for w in tokenize(piece)]


def _tokenize_v1(text: str) -> list[str]:
    """The first analyzer (indexes written before analyzer 2): digit runs of more than four
    characters dropped, accents kept.

    >>> _tokenize_v1("Parcel LU-0042: Arable, 530123.45 181234.5")
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
    analyzer: int = ANALYZER

    @classmethod
    def build(cls, texts: Sequence[str], rids: Iterable[int], titles: Sequence[str] | None = None) -> "Lexical":
        """BM25 over ``texts``; ``titles`` (one per text: e.g. its document's file name, which
        says ``nc_counties`` for every chunk of that table) add their words to each chunk.

        >>> lx = Lexical.build(["fips 37001", "fips 48001"], rids=[1, 2], titles=["nc_counties", "tx_cities"])
        >>> int(lx.rids[lx.scores("counties").argmax()])
        1
        """
        import bm25s

        rid_arr = np.asarray(list(rids), dtype=np.int64)
        model = bm25s.BM25(method="lucene", k1=K1, b=B)
        named = titles if titles is not None else [""] * len(texts)
        corpus = [(document_tokens(t) + (tokenize(n) if n else [])) or [""] for t, n in zip(texts, named)]
        if corpus:
            model.index(corpus, show_progress=False)
        return cls(model, rid_arr)

    def scores(self, query: str) -> np.ndarray:
        """BM25 score of every document for ``query`` (zeros when no query word is known)."""
        if not len(self.rids):
            return np.zeros(0, dtype=np.float32)
        words = tokenize(query, self.analyzer)
        ids = self.model.get_tokens_ids(words)
        if not ids:
            return np.zeros(len(self.rids), dtype=np.float32)
        return np.asarray(self.model.get_scores_from_ids(ids), dtype=np.float32)

    def known_codes(self, query: str) -> list[str]:
        """The question's numbers and codes (tokens with a digit) that some chunk holds.

        >>> Lexical.build(["zip 77002", "zip 77005"], rids=[1, 2]).known_codes("77002 or 99999?")
        ['77002']
        """
        if not len(self.rids) or self.analyzer < 2:
            return []
        vocab = self.model.vocab_dict
        return list(dict.fromkeys(t for t in tokenize(query, self.analyzer)
                                  if t in vocab and any(c.isdigit() for c in t)))

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
                 "method": self.model.method, "analyzer": self.analyzer}
            ).encode("utf-8"),
        }

    @classmethod
    def from_blobs(cls, blobs: dict[str, bytes]) -> "Lexical":
        import bm25s

        rids = _unnpy(blobs["rids"])
        if "params" not in blobs:
            return cls(bm25s.BM25(), rids)
        p = json.loads(blobs["params"])
        analyzer = int(p.get("analyzer", 1))
        if analyzer > ANALYZER:
            raise ValueError(f"the BM25 index was written by a newer geochunk (analyzer {analyzer})")
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
        return cls(model, rids, analyzer)
