"""Frame names in prose, resolved through PROJ's own EPSG database (never a hand-kept table).

The index holds the official names and the aliases (``alias_name`` table of ``proj.db``) of every
EPSG projected and geographic 2D CRS, plus the projection part of projected names ("RD New" from
"Amersfoort / RD New"), as a trie over normalised word tokens. Scanning a document is linear:
the set of its letter runs (one ``bytes.translate`` and ``split``) tells which name heads occur
at all, literal searches find just those, and a bounded trie walk runs from each place where a
name can start (names are at most a dozen tokens); no Python step runs per word. The index is
built on first use and cached for the process.

Keys that would fire on ordinary prose are left out: a single alphabetic word ("Tokyo", "Cape",
"Lake"), keys made only of numbers ("727", "42/83"), and projection parts whose only word is one
that hundreds of projection names share ("zone 3", "Grid 5"); the resolver also treats names
without a digit as weak (see ``resolve.py``).

>>> index = name_index()
>>> [(h.text, h.codes) for h in index.scan("Grid: OSGB 1936 / British National Grid.")]
[('OSGB 1936 / British National Grid', (27700,))]
>>> index.lookup("MGA zone 55").codes, index.lookup("MGA zone 55").kind
((7855, 28355), 'suffix')
"""

from __future__ import annotations

import re
from itertools import filterfalse
import time
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Iterator
from zlib import crc32

from pyproj.database import query_crs_info
from pyproj.enums import PJType

from geochunk.text.textcase import PIECE, pieces
from geochunk.crs.cache import read_arrays, read_json, write_arrays, write_json
from geochunk.crs.database import area_size, proj_db_rows

__all__ = [
    "NameEntry", "NameHeads", "NameHit", "NameIndex", "find_names", "letter_runs", "may_occur",
    "name_heads", "name_index", "normalise", "run_words",
]

_TOKEN = re.compile(r"[^\W_]+")  # runs of letters/digits; no nesting, no backtracking
_MAX_GAP = 4  # at most this many separator characters between two tokens of one name
_NEXT = re.compile(r"[\W_]{0,%d}([^\W_]+)" % _MAX_GAP)  # the next token, a bounded gap away
_RANK = {"name": 0, "alias": 1, "suffix": 2}
_END = ""  # trie terminal key (tokens are never empty)
_CACHE_INDEX = "crs-names-3"  # -2: the index holds INFORMAL_NAMES too; -3: flat arrays
_CACHE_HEADS = "crs-name-heads-2"

# Informal names of major national grids that PROJ's database holds neither as a name, an
# alias nor a projection part (checked against proj.db's ``alias_name``; everything else comes
# from the database). Phrase -> the EPSG frames it names; several codes mean the phrase alone is
# ambiguous (the resolver flags it). A code missing from the database in use is skipped.
INFORMAL_NAMES: dict[str, tuple[int, ...]] = {
    "OS National Grid": (27700,),
    "OSGB National Grid": (27700,),
    "Ordnance Survey National Grid": (27700,),
    "OS Grid": (27700,),
    "RD coordinates": (28992,),
    "RD coordinaten": (28992,),
    "RD coördinaten": (28992,),
    "Rijksdriehoekscoördinaten": (28992,),
    "Rijksdriehoekscoordinaten": (28992,),
    "Dutch RD grid": (28992,),
    "Swiss grid": (2056, 21781),
    "Swiss coordinates": (2056, 21781),
    "NZTM": (2193,),
    "NZTM2000": (2193,),
    "ITM": (2157,),
    "Lambert93": (2154,),
}


def _fold(token: str) -> str:
    token = token.lower()
    if not token.isascii():
        token = "".join(
            c for c in unicodedata.normalize("NFKD", token) if not unicodedata.combining(c)
        )
    return token


def normalise(name: str) -> tuple[str, ...]:
    """The lookup key of a name: lower-case letter/digit runs, accents folded.

    >>> normalise("NAD83 / California zone 5 (ftUS)")
    ('nad83', 'california', 'zone', '5', 'ftus')
    """
    return tuple(_fold(t) for t in _TOKEN.findall(name))


def _indexable(key: tuple[str, ...]) -> bool:
    if not key or not any(any(c.isalpha() for c in t) for t in key):
        return False  # empty, or numbers only
    if len(key) == 1 and key[0].isalpha():
        return False  # one plain word: too likely to be ordinary prose
    return True


@dataclass(frozen=True)
class NameEntry:
    """The frames a name key resolves to, best first, and how the key was matched.

    ``kind`` is ``"name"`` (an official EPSG name), ``"alias"`` (a database alias) or
    ``"suffix"`` (the projection part of projected names). ``codes`` holds every candidate of
    that kind, non-deprecated first, widest area of use first; more than one means ambiguous.
    """

    codes: tuple[int, ...]
    kind: str
    deprecated: bool = False

    @property
    def ambiguous(self) -> bool:
        return len(self.codes) > 1


@dataclass(frozen=True)
class NameHit:
    """A name found in the text: ``text[start:end]`` and what it resolves to."""

    start: int
    end: int
    text: str
    entry: NameEntry

    @property
    def codes(self) -> tuple[int, ...]:
        return self.entry.codes


def _as_entry(value: Any) -> NameEntry:
    if isinstance(value, NameEntry):
        return value
    codes, kind, dep = value
    if kind not in _RANK or not codes:
        raise ValueError(f"bad name entry {value!r}")
    return NameEntry(tuple(int(c) for c in codes), str(kind), bool(dep))


_KINDS = tuple(sorted(_RANK, key=_RANK.__getitem__))  # a kind by its rank


class NameIndex:
    """A token trie of EPSG CRS names and aliases; see the module docstring.

    Held as a few flat arrays (:func:`_pack_trie`; ~1.2 MB where the trie of dicts was ~10
    MB): node 0 is the root; an edge from a node to a child has the key ``parent << 32 |
    crc32(token's UTF-8)``, the edges sorted by key (``_keys``), with each one's child
    (``_child_of``) and token (``_tok_blob`` from ``_tok_at[i]`` to ``_tok_at[i + 1]``); a
    child is found through an open-addressing table of the edges (``_slots``: an edge's
    number + 1 in a slot, 0 empty, see :func:`_slot`), checking its key and the token's
    bytes. ``_node_entry``: the entry ending at each node (-1: none); an entry's codes are
    ``_codes[_code_at[e]:_code_at[e + 1]]``, its kind's rank ``_kinds[e]``, and
    ``_deprecated[e]``; each made a :class:`NameEntry` when first hit (``_entries``)."""

    def __init__(self, entries: dict[tuple[str, ...], NameEntry]):
        self._load(_pack_trie(entries))
        self.build_seconds = 0.0
        self.loaded_from_cache = False

    def _load(self, arrays: dict[str, Any]) -> None:
        import numpy as np

        keys, child = arrays["keys"], arrays["child"]
        tok_at, tok_blob = arrays["tok_at"], arrays["tok_blob"]
        node_entry, code_at = arrays["node_entry"], arrays["code_at"]
        codes, kinds, deprecated = arrays["codes"], arrays["kinds"], arrays["deprecated"]
        n_edges, n_entries = len(keys), len(kinds)
        if not (keys.dtype == np.int64 and child.dtype == tok_at.dtype == node_entry.dtype
                == code_at.dtype == codes.dtype == np.int32 and tok_blob.dtype == np.uint8
                and kinds.dtype == deprecated.dtype == np.int8
                and child.shape == (n_edges,) and tok_at.shape == (n_edges + 1,)
                and node_entry.shape == (n_edges + 1,) and code_at.shape == (n_entries + 1,)
                and deprecated.shape == (n_entries,) and codes.ndim == 1):
            raise ValueError("not a name index")
        if not (n_edges == 0 or ((np.diff(keys) >= 0).all() and (keys >= 0).all()
                                 and (keys >> 32).max() <= n_edges
                                 and child.min() >= 1 and child.max() <= n_edges)):
            raise ValueError("a damaged name index")
        if not (tok_at[0] == 0 and tok_at[-1] == len(tok_blob) and (np.diff(tok_at) > 0).all()
                and code_at[0] == 0 and code_at[-1] == len(codes)
                and (np.diff(code_at) > 0).all() and node_entry.min() >= -1
                and node_entry.max() < n_entries and kinds.min(initial=0) >= 0
                and kinds.max(initial=0) < len(_KINDS)):
            raise ValueError("a damaged name index")
        slots = arrays["slots"]
        n_slots = len(slots)
        if not (slots.dtype == np.int32 and slots.ndim == 1 and n_slots >= 1
                and n_slots & (n_slots - 1) == 0 and slots.min() >= 0
                and slots.max() <= n_edges and (slots == 0).any()):
            raise ValueError("a damaged name index")  # (an empty slot ends every probe)
        self._slots, self._mask = memoryview(slots), n_slots - 1
        self._arrays = arrays  # what the views below read (and what the cache stores)
        self._keys, self._child_of = memoryview(keys), memoryview(child)
        self._tok_at, self._tok_blob = memoryview(tok_at), tok_blob.tobytes()
        self._node_entry, self._code_at = memoryview(node_entry), memoryview(code_at)
        self._codes, self._kinds = memoryview(codes), memoryview(kinds)
        self._deprecated = memoryview(deprecated)
        self._entries: dict[int, NameEntry] = {}
        self.size = n_entries
        self._heads: NameHeads | None = None  # the trie's first two levels, made on first scan

    @classmethod
    def from_arrays(cls, arrays: dict[str, Any]) -> "NameIndex":
        """The index held in ``arrays`` (as :meth:`arrays` gives them, e.g. read back from
        the cache); raises ``ValueError`` (or ``KeyError``) on anything malformed."""
        index = cls.__new__(cls)
        index._load(arrays)
        index.build_seconds = 0.0
        index.loaded_from_cache = False
        return index

    def arrays(self) -> dict[str, Any]:
        """The arrays the index is held in (see the class docstring), for the cache."""
        return dict(self._arrays)

    @classmethod
    def from_candidates(
        cls, candidates: dict[tuple[str, ...], dict[int, tuple[int, bool, float]]]
    ) -> "NameIndex":
        """Build from ``key -> {code: (rank, deprecated, area size)}``."""
        return cls({key: cls._entry(codes) for key, codes in candidates.items()})

    def _child(self, node: int, token: str) -> int:
        """The child of ``node`` by ``token``, or -1: the edge's slot in the open-addressing
        table ``_slots`` (see :func:`_slot`), probed on until an empty slot."""
        spelling = token.encode("utf-8", "surrogatepass")
        crc = crc32(spelling)
        key = node << 32 | crc
        slots, keys, mask = self._slots, self._keys, self._mask
        i = _slot(node, crc, mask)
        while True:
            e = slots[i]
            if not e:
                return -1
            e -= 1
            if keys[e] == key and self._tok_blob[self._tok_at[e]:self._tok_at[e + 1]] == spelling:
                return self._child_of[e]
            i = (i + 1) & mask

    def _entry_at(self, node: int) -> NameEntry | None:
        """The entry ending at ``node``, or ``None``."""
        e = self._node_entry[node]
        if e < 0:
            return None
        entry = self._entries.get(e)
        if entry is None:
            codes = tuple(self._codes[self._code_at[e]:self._code_at[e + 1]].tolist())
            entry = NameEntry(codes, _KINDS[self._kinds[e]], bool(self._deprecated[e]))
            self._entries[e] = entry
        return entry

    def _edges(self) -> list[tuple[int, int, str]]:
        """Every edge as ``(child, parent, token)``, in the order the nodes were made (a
        node's children in the order their keys were first added)."""
        out = []
        blob, at = self._tok_blob, self._tok_at
        for i, (key, child) in enumerate(zip(self._keys, self._child_of)):
            out.append((child, key >> 32, blob[at[i]:at[i + 1]].decode("utf-8", "surrogatepass")))
        out.sort()
        return out

    def as_trie(self) -> dict:
        """The index as the trie of dicts it once was (token -> child node, ``""`` -> the
        :class:`NameEntry` ending there), made afresh on each call: for inspection and tests."""
        nodes: list[dict] = [{} for _ in range(len(self._node_entry))]
        for child, parent, token in self._edges():
            nodes[parent][token] = nodes[child]
        for node, found in enumerate(nodes):
            entry = self._entry_at(node)
            if entry is not None:
                found[_END] = entry
        return nodes[0]

    def heads(self) -> dict[str, list[str]]:
        """The trie's first two levels: first token -> the tokens that may follow it (``""``
        when the first token alone is a name). Enough to tell that a text names no frame."""
        edges = self._edges()
        second: dict[int, list[str]] = {}
        first: list[tuple[int, str]] = []
        for child, parent, token in edges:
            if parent == 0:
                first.append((child, token))
                second[child] = [_END] if self._node_entry[child] >= 0 else []
        for child, parent, token in edges:
            if parent in second:
                second[parent].append(token)
        return {token: sorted(second[child]) for child, token in first}

    @staticmethod
    def _entry(codes: dict[int, tuple[int, bool, float]]) -> NameEntry:
        # codes: code -> (rank, deprecated, area size)
        best = min((dep, rank) for rank, dep, _ in codes.values())
        chosen = [c for c, (rank, dep, _) in codes.items() if (dep, rank) == best]
        chosen.sort(key=lambda c: (-codes[c][2], c))
        kind = next(k for k, r in _RANK.items() if r == best[1])
        return NameEntry(codes=tuple(chosen), kind=kind, deprecated=best[0])

    def lookup(self, name: str) -> NameEntry | None:
        """The entry for a whole name (e.g. a GeoJSON ``crs`` name), or ``None``."""
        node = 0
        for tok in normalise(name):
            node = self._child(node, tok)
            if node < 0:
                return None
        return self._entry_at(node)

    def scan(self, text: str, start: int = 0) -> list[NameHit]:
        """Leftmost-longest, non-overlapping name matches in ``text[start:]`` (linear).

        Only the places where a name can start are visited (see :meth:`NameHeads.starts`: a
        token that starts a name, followed by one that can come second in it); from each, the
        trie walk reads at most one name's worth of following tokens, each within ``_MAX_GAP``
        separator characters.
        """
        if self._heads is None:
            self._heads = NameHeads(self.heads())
        return self.scan_at(text, self._heads.starts(text, start))

    def scan_at(self, text: str, starts: Iterable[int]) -> list[NameHit]:
        """:meth:`scan`, visiting only the token starts ``starts`` (ascending): every offset
        where a name may start must be among them; any other offset is a token start that
        begins no name, or is skipped."""
        hits: list[NameHit] = []
        child, entry_at = self._child, self._entry_at
        resume = 0
        for start in starts:
            if start < resume:
                continue
            m = _TOKEN.match(text, start)
            if m is None:
                continue
            token = m.group()
            node = child(0, token.lower() if token.isascii() else _fold(token))
            if node < 0:
                continue
            best: tuple[int, NameEntry] | None = None
            pos = m.end()
            while True:
                entry = entry_at(node)
                if entry is not None:
                    best = (pos, entry)
                nxt = _NEXT.match(text, pos)
                if nxt is None:
                    break
                node = child(node, _fold(nxt.group(1)))
                if node < 0:
                    break
                pos = nxt.end()
            if best is None:
                continue
            end, entry = best
            hits.append(NameHit(start, end, text[start:end], entry))
            resume = end
        return hits


_COMPOUND_LEN = 16  # an alias word this long is a compound name ("rijksdriehoeksmeting")
_STEM_LEN = 12  # ... and its stems from this length on name it too ("rijksdriehoek")
_COMMON_SHARE = 0.04  # a word in more than this share of distinct projection names is generic


def _common_words(keys: Iterable[tuple[str, ...]]) -> set[str]:
    distinct = set(keys)
    counts: dict[str, int] = {}
    for key in distinct:
        for word in {t for t in key if t.isalpha()}:
            counts[word] = counts.get(word, 0) + 1
    limit = _COMMON_SHARE * max(len(distinct), 1)
    return {w for w, n in counts.items() if n > limit}


def _alias_rows(codes: Iterable[int]) -> list[tuple[int, str]]:
    wanted = set(codes)
    rows = proj_db_rows(
        "SELECT code, alt_name FROM alias_name WHERE auth_name = 'EPSG' "
        "AND table_name IN ('projected_crs', 'geodetic_crs')"
    )
    out = []
    for code, alt in rows:
        try:
            c = int(code)
        except (TypeError, ValueError):
            continue
        if c in wanted:
            out.append((c, str(alt)))
    return out


def _build_index() -> NameIndex:
    """Build the index from PROJ's database (0.5-2 s)."""
    infos = query_crs_info(
        auth_name="EPSG", pj_types=[PJType.PROJECTED_CRS, PJType.GEOGRAPHIC_2D_CRS]
    )
    meta: dict[int, tuple[bool, float]] = {}
    candidates: dict[tuple[str, ...], dict[int, tuple[int, bool, float]]] = {}

    def add(key: tuple[str, ...], code: int, kind: str) -> None:
        if not _indexable(key):
            return
        dep, size = meta[code]
        slot = candidates.setdefault(key, {})
        rank = _RANK[kind]
        if code not in slot or rank < slot[code][0]:
            slot[code] = (rank, dep, size)

    for info in infos:
        try:
            code = int(info.code)
        except ValueError:
            continue
        aou = info.area_of_use
        box = (aou.west, aou.south, aou.east, aou.north) if aou is not None else None
        meta[code] = (bool(info.deprecated), area_size(box))
    suffixes: list[tuple[tuple[str, ...], int]] = []
    for info in infos:
        if not info.code.isdigit():
            continue
        code = int(info.code)
        add(normalise(info.name), code, "name")
        if info.type == PJType.PROJECTED_CRS and not info.deprecated and " / " in info.name:
            suffixes.append((normalise(info.name.split(" / ", 1)[1]), code))
    common = _common_words(key for key, _ in suffixes)
    for key, code in suffixes:
        words = [t for t in key if t.isalpha()]
        if len(words) == 1 and words[0] in common:
            continue  # "zone 3": the one word is shared by hundreds of projection names
        add(key, code, "suffix")
    compound_codes: dict[str, set[int]] = {}
    for code, alt in _alias_rows(meta):
        key = normalise(alt)
        add(key, code, "alias")
        for tok in key:
            if tok.isalpha() and len(tok) >= _COMPOUND_LEN:
                compound_codes.setdefault(tok, set()).add(code)
    # a long compound word of one frame's alias ("Rijksdriehoeksmeting") names that frame on its
    # own, and so does its stem ("Rijksdriehoek"): single words, but no prose word is that long
    for tok, codes in compound_codes.items():
        if len(codes) != 1:
            continue
        (code,) = codes
        dep, size = meta[code]
        for n in range(_STEM_LEN, len(tok) + 1):
            slot = candidates.setdefault((tok[:n],), {})
            slot.setdefault(code, (_RANK["alias"], dep, size))
    for phrase, codes in INFORMAL_NAMES.items():
        slot = candidates.setdefault(normalise(phrase), {})
        for code in codes:
            if code in meta:
                dep, size = meta[code]
                slot.setdefault(code, (_RANK["alias"], dep, size))
    return NameIndex.from_candidates({k: v for k, v in candidates.items() if v})


def _slot(node: int, crc: int, mask: int) -> int:
    """The first slot of an edge (from ``node``, a token of CRC-32 ``crc``) in a table of
    ``mask + 1`` slots (a power of two)."""
    return (crc ^ node * 0x9E3779B1) & mask


def _pack_trie(entries: dict[tuple[str, ...], NameEntry]) -> dict[str, Any]:
    """The arrays :class:`NameIndex` is held in, for ``key -> entry``: nodes numbered in the
    order the keys make them (the root 0), edges keyed ``parent << 32 | crc32(token)`` and
    sorted by key, then the entries (see :class:`NameIndex`)."""
    import numpy as np

    made: dict[tuple[int, str], int] = {}  # (parent, token) -> node
    parents: list[int] = []
    tokens: list[bytes] = []
    node_entry = [-1]
    codes: list[int] = []
    code_at = [0]
    kinds: list[int] = []
    deprecated: list[int] = []
    for key, value in entries.items():
        entry = _as_entry(value)
        node = 0
        for tok in key:
            nxt = made.get((node, tok))
            if nxt is None:
                nxt = made[node, tok] = len(node_entry)
                parents.append(node)
                tokens.append(tok.encode("utf-8", "surrogatepass"))
                node_entry.append(-1)
            node = nxt
        if node_entry[node] < 0:
            node_entry[node] = len(kinds)
            kinds.append(_RANK[entry.kind])
            deprecated.append(int(entry.deprecated))
            codes.extend(entry.codes)
            code_at.append(len(codes))
    del made
    if len(node_entry) >= 2**31 or any(not t for t in tokens):
        raise ValueError("too many nodes, or an empty token")
    keys = np.asarray([p << 32 | crc32(t) for p, t in zip(parents, tokens)], dtype=np.int64)
    order = np.argsort(keys, kind="stable")
    lengths = np.asarray([len(t) for t in tokens], dtype=np.int64)[order]
    tok_at = np.zeros(len(tokens) + 1, dtype=np.int64)
    np.cumsum(lengths, out=tok_at[1:])
    sorted_keys = keys[order]
    n_slots = 8
    while n_slots < 2 * len(tokens):
        n_slots *= 2
    slots = np.zeros(n_slots, dtype=np.int32)
    for e, key in enumerate(sorted_keys.tolist()):
        i = _slot(key >> 32, key & 0xFFFFFFFF, n_slots - 1)
        while slots[i]:
            i = (i + 1) & (n_slots - 1)
        slots[i] = e + 1
    return {"keys": sorted_keys, "child": (order + 1).astype(np.int32), "slots": slots,
            "tok_at": tok_at.astype(np.int32),
            "tok_blob": np.frombuffer(b"".join(tokens[k] for k in order.tolist()), np.uint8),
            "node_entry": np.asarray(node_entry, dtype=np.int32),
            "code_at": np.asarray(code_at, dtype=np.int32),
            "codes": np.asarray(codes, dtype=np.int32),
            "kinds": np.asarray(kinds, dtype=np.int8),
            "deprecated": np.asarray(deprecated, dtype=np.int8)}


@lru_cache(maxsize=1)
def name_index() -> NameIndex:
    """The process-wide name index (never built on import).

    Read from the user's cache directory when a copy made from this very PROJ database is
    there (tens of milliseconds), else built from the database (0.5-2 s) and stored there for
    the next process (see ``cache.py``; an unwritable cache only means building every time).
    """
    t0 = time.perf_counter()
    cached = read_arrays(_CACHE_INDEX)
    index = None
    if cached is not None:
        try:
            index = NameIndex.from_arrays(cached)
            index.loaded_from_cache = True
        except (ValueError, TypeError, KeyError):
            index = None  # another layout: built afresh
    if index is None or index.size == 0:
        index = _build_index()
        write_arrays(_CACHE_INDEX, index.arrays())
        write_json(_CACHE_HEADS, index.heads())
    index.build_seconds = time.perf_counter() - t0
    return index


# ASCII letters lower-cased, every other ASCII byte (digits, punctuation, space, "_") a space,
# bytes of other characters kept: the text's letter runs, split at C speed (see NameHeads.starts)
_RUNS = bytes(
    c | 0x20 if 0x41 <= c <= 0x5A or 0x61 <= c <= 0x7A else (0x20 if c < 0x80 else c)
    for c in range(256)
)
# the same with ASCII digits kept: to find a head that holds a digit ("st74") as spelled
_ALNUM = bytes(c | 0x20 if 0x41 <= c <= 0x5A else c if 0x30 <= c <= 0x39 else _RUNS[c]
               for c in range(256))
_ASCII_ALNUM = re.compile(rb"[a-z0-9]++")  # in an _ALNUM text: an ASCII letter/digit run
_FEW_LEADS = 6  # up to this many leads of whole-token heads in a piece: searched for, not
# found in the set of the piece's tokens (a search per lead is cheaper than the set)
_PIECE = re.compile(r"[^\W\d_][^\W_]*")  # in a run with other characters: a word's letters-first part


def _lead(key: str) -> str:
    """The part of a key before its first digit (``"ed50"`` -> ``"ed"``; ``""`` for ``"3"``)."""
    for i, c in enumerate(key):
        if c.isdigit():
            return key[:i]
    return key


_FOLDED_RUNS_KEPT = 65536  # letter runs whose words' leads are kept (then forgotten, all at once)
_FOLDED_RUN_BYTES = 64  # longer runs are folded each time, not kept (a whole CJK line or document is one run)


class NameHeads:
    """The first two levels of the name trie: where in a text a name can start, found without
    visiting every word, and so a cheap test that a text names no frame (such a text never
    loads the whole index).

    >>> heads = name_heads()
    >>> heads.first_candidate("The survey covers the north field.") is None
    True
    >>> heads.first_candidate("Grid: British National Grid") is not None
    True
    >>> heads.starts("Grid: British National Grid, RD New")
    [6, 29]
    """

    def __init__(self, heads: dict[str, list[str]]):
        self._heads = {t: frozenset(nxt) for t, nxt in heads.items()}
        # per head: (a name ends with it, the leads of its second tokens, its second tokens
        # that start with a digit); heads by their lead; heads that start with a digit
        self._follow: dict[str, tuple[bool, frozenset[str], tuple[str, ...]]] = {}
        self._by_lead: dict[str, list[str]] = {}
        roots: list[str] = []
        leads: set[str] = set()
        for t, nxt in self._heads.items():
            second = frozenset(_lead(c) for c in nxt if c and not c[:1].isdigit())
            numbers = tuple(sorted((c for c in nxt if c[:1].isdigit()), key=len, reverse=True))
            self._follow[t] = (_END in nxt, second, numbers)
            leads |= second
            lead = _lead(t)
            if lead:
                self._by_lead.setdefault(lead, []).append(t)
                leads.add(lead)
            else:
                roots.append(t)
        self._leads = frozenset(leads)
        self._lead_bytes = frozenset(x.encode("utf-8", "surrogatepass") for x in leads)
        # a letter run holding other than ASCII letters -> its words that may start or follow
        # a name, as (folded lead, spelling) (see _fold_run): the same run folds alike in
        # every text (Devanagari, Cyrillic or accented prose repeats its words)
        self._folded_runs: dict[bytes, tuple[tuple[str, bytes], ...]] = {}
        # a head that starts with a digit ("3" of "3-degree Gauss-Kruger"): that whole token
        self._roots = {
            t: re.compile(re.escape(t) + r"(?<![^\W_]" + re.escape(t) + r")(?![^\W_])",
                          re.IGNORECASE)
            for t in sorted(roots, key=len, reverse=True)
        }

    def first_candidate(self, text: str, start: int = 0) -> int | None:
        """The offset of the first place where a name could start, or ``None`` (see
        :meth:`starts`)."""
        found = self.starts(text, start)
        return found[0] if found else None

    def starts(self, text: str, start: int = 0,
               runs_of_pieces: list[set[bytes]] | None = None,
               odd_runs: list[bytes] | None = None) -> list[int]:
        """Every offset from ``start`` on where a name could start, ascending: there, a token
        that starts a name is followed (within the usual gap) by a token that can come second
        in one, or is a whole name by itself.

        Linear, and at C speed where the text names nothing: first the set of the text's
        letter runs (one ``bytes.translate`` and ``split`` per piece of the text) tells which
        heads, and which of their second words, occur at all; a head that starts a name only
        as a whole token is looked for only where one compiled search per lead (for a piece
        with few such leads; else the set of its tokens) finds it as one; only those heads are
        then looked for, by compiled literal searches; each place found is checked as a whole
        token followed by a possible second one. No Python step runs per word of the text.
        ``runs_of_pieces``: :func:`letter_runs` of ``text`` from ``start``, when already made;
        ``odd_runs``: a list that is given every letter run holding other than ASCII letters
        (each piece's, in turn), as this scan meets them."""
        present: set[str] = set()
        odd: dict[str, set[bytes]] = {}  # lead -> spellings of non-ASCII words that fold to it
        leads: list[set[str]] = []  # per piece, the leads in it ("" for a word that folds to
        # a digit first)
        for runs in (letter_runs(text, start) if runs_of_pieces is None else runs_of_pieces):
            here = {r.decode() for r in runs & self._lead_bytes}
            for run in filterfalse(bytes.isascii, runs):  # C filter: no Python step per run
                self._fold_run(run, here, odd)
                if odd_runs is not None:
                    odd_runs.append(run)
            leads.append(here)
            present |= here
        # lead -> how to find its heads: the ASCII heads that must be whole tokens of a piece
        # for their patterns to be worth running there, (head, pattern) each; the ASCII heads
        # followed by a number, whose patterns match only where they are whole tokens, the
        # same; and the patterns run as they are (non-ASCII spellings)
        wanted: dict[str, tuple[tuple[tuple[bytes, re.Pattern], ...],
                                list[tuple[bytes, re.Pattern]], list[re.Pattern]]] = {}
        for lead in present:
            gated: list[tuple[bytes, re.Pattern]] = []
            followed: list[tuple[bytes, re.Pattern]] = []
            plain: list[re.Pattern] = []
            for head in self._by_lead.get(lead, ()):
                found = self._pattern(head, present)
                if found is not None:
                    if not head.isascii():
                        plain.append(found[1])
                    elif found[0] is None:
                        followed.append((head.encode(), found[1]))
                    else:
                        gated.append(found)
            if gated or followed or plain or not lead:
                plain.extend(_spelled(sp) for sp in odd.get(lead, ()))
                wanted[lead] = (tuple(gated), followed, plain)
        roots = [p for head, p in self._roots.items() if self._may_follow(head, present)]
        at: set[int] = set()
        for (base, piece), here in zip(_pieces(text, start, _OVERLAP), leads):
            # only the heads whose letters occur in this piece are looked for in it
            run: list[re.Pattern] = []
            gates: list[tuple[tuple[bytes, re.Pattern], ...]] = []
            followed: list[tuple[bytes, re.Pattern]] = []
            for lead in here:
                found = wanted.get(lead)
                if found is not None:
                    if found[0]:
                        gates.append(found[0])
                    followed.extend(found[1])
                    run.extend(found[2])
            if run or gates or followed:
                data, alnum = _alnum_of(piece)
                # an ASCII head starts a name only as a whole token (see _may_start): one that
                # is no token of this piece is not looked for ("cc42" where "cc" only occurs).
                # A whole token: no ASCII letter or digit on either side (a dash or a letter
                # other than ASCII may stand there). For a few leads, one compiled search per
                # lead says whether any of its heads is one (then one per head); for many, the
                # set of the piece's tokens is made once.
                if len(gates) > _FEW_LEADS:
                    tokens = set(alnum.split() if data is not None else map(bytes, alnum.split()))
                    tokens.update(*(_ASCII_ALNUM.findall(t)
                                    for t in filterfalse(bytes.isascii, tokens)))
                    run.extend(p for heads in gates for head, p in heads if head in tokens)
                    run.extend(p for head, p in followed if head in tokens)
                else:
                    run.extend(p for _, p in followed)
                    for heads in gates:
                        if len(heads) == 1:
                            if _whole(heads[0][0]).search(alnum) is not None:
                                run.append(heads[0][1])
                        elif _whole_any(tuple(head for head, _ in heads)).search(alnum):
                            run.extend(p for head, p in heads
                                       if _whole(head).search(alnum) is not None)
                hits = sorted({m.start() for p in dict.fromkeys(run) for m in p.finditer(alnum)})
                at.update(base + c for c in (hits if data is None else _char_offsets(data, hits)))
            for pattern in roots:
                at.update(base + m.start() for m in pattern.finditer(piece))
        return [s for s in sorted(at) if self._may_start(text, s)]

    def _pattern(self, head: str, present: set[str]
                 ) -> tuple[bytes | None, re.Pattern] | None:
        """How to find ``head`` where it may start a name in this text (``None``: nowhere):
        the ASCII head that must be a whole token of a piece for the pattern to be worth
        running there (``None``: the pattern says so itself, or the head is not ASCII), and
        the pattern."""
        ends, second, numbers = self._follow[head]
        if not head.isascii():
            return None, _spelled(_lead(head).encode("utf-8", "surrogatepass"))
        if ends or not second.isdisjoint(present):
            spelling = head.encode()
            return spelling, _spelled(spelling)
        if numbers:
            return None, _followed(head, numbers)  # matches only where head is a whole token
        return None

    def _may_follow(self, head: str, present: set[str]) -> bool:
        ends, second, numbers = self._follow[head]
        return ends or bool(numbers) or not second.isdisjoint(present)

    def _fold_run(self, run: bytes, present: set[str], odd: dict[str, set[bytes]]) -> None:
        """The words of a letter run holding other than ASCII letters: each one's folded lead,
        and its spelling in the run (to be found again)."""
        if len(run) > _FOLDED_RUN_BYTES:  # long runs (CJK lines: one run a line) are not kept
            words = self._run_words(run)
        else:
            words = self._folded_runs.get(run)
            if words is None:
                words = self._run_words(run)
                if len(self._folded_runs) >= _FOLDED_RUNS_KEPT:
                    self._folded_runs.clear()
                self._folded_runs[run] = words
        for lead, spelling in words:
            present.add(lead)
            odd.setdefault(lead, set()).add(spelling)

    def _run_words(self, run: bytes) -> tuple[tuple[str, bytes], ...]:
        """The (folded lead, spelling) of each word of ``run`` that may start or follow a
        name (its lead is one of the heads' or second tokens', or empty), in order."""
        out = []
        for m in _PIECE.finditer(run.decode("utf-8", "surrogatepass")):
            word = m.group()
            lead = _lead(_fold(word))
            if lead and lead not in self._leads:
                continue
            out.append((lead, word.encode("utf-8", "surrogatepass")))
        return tuple(out)

    def _may_start(self, text: str, s: int) -> bool:
        """Whether a name can start at ``s``: a whole token that starts one, followed by a
        token that can come second, or a whole name by itself."""
        if s and text[s - 1].isalnum():
            return False
        m = _TOKEN.match(text, s)
        if m is None:
            return False
        token = m.group()
        nxt_set = self._heads.get(token.lower() if token.isascii() else _fold(token))
        if nxt_set is None:
            return False
        if _END in nxt_set:
            return True
        nxt = _NEXT.match(text, m.end())
        return nxt is not None and _fold(nxt.group(1)) in nxt_set


@lru_cache(maxsize=4096)
def _spelled(spelling: bytes) -> re.Pattern:
    """``spelling`` where no ASCII letter or digit comes right before it (in an :data:`_ALNUM`
    text; whether the place is a whole token's start is checked after)."""
    lit = re.escape(spelling)
    return re.compile(lit + rb"(?<![a-z0-9]" + lit + rb")")


@lru_cache(maxsize=4096)
def _whole(head: bytes) -> re.Pattern:
    """The ASCII ``head`` as a whole token of an :data:`_ALNUM` text: no ASCII letter or digit
    right before or after it (what ``alnum.split()`` and the ASCII runs of its split words
    would hold as a token)."""
    lit = re.escape(head)
    return re.compile(lit + rb"(?<![a-z0-9]" + lit + rb")(?![a-z0-9])")


@lru_cache(maxsize=1024)
def _whole_any(heads: tuple[bytes, ...]) -> re.Pattern:
    """Any of the ASCII ``heads`` of one lead (their part before the first digit) as a whole
    token of an :data:`_ALNUM` text (see :func:`_whole`)."""
    lead = _lead(heads[0].decode()).encode()
    rests = sorted({re.escape(h[len(lead):]) for h in heads}, key=len, reverse=True)
    lit = re.escape(lead)
    return re.compile(lit + rb"(?<![a-z0-9]" + lit + rb")(?:" + b"|".join(rests)
                      + rb")(?![a-z0-9])")


@lru_cache(maxsize=1024)
def _followed(head: str, numbers: tuple[str, ...]) -> re.Pattern:
    """``head`` followed, a short gap on, by one of the number tokens ``numbers`` (in an
    :data:`_ALNUM` text: a gap of up to ``_MAX_GAP`` characters is at most 4 bytes each)."""
    lit = re.escape(head.encode())
    nums = b"|".join(re.escape(n.encode("utf-8", "surrogatepass")) for n in numbers)
    return re.compile(lit + rb"(?<![a-z0-9]" + lit + rb")[^a-z0-9]{1,%d}(?:%s)"
                      % (4 * _MAX_GAP, nums))


def letter_runs(text: str, start: int = 0) -> list[set[bytes]]:
    """Per piece of ``text[start:]`` (see :func:`_pieces`), the set of its letter runs: ASCII
    letters lower-cased, split at every other ASCII character (digits too); a run holding
    other characters keeps their UTF-8 bytes as they are. Every whole word that starts with a
    letter begins with one of them.

    >>> sorted(letter_runs("EPSG:27700 Grid, Krüger")[0])
    [b'epsg', b'grid', b'kr\\xc3\\xbcger']
    """
    return [_runs_of(piece) for _, piece in _pieces(text, start)]


_RUN_WINDOW = 1 << 16  # characters of a piece whose runs are split out at once


def _runs_of(piece: str) -> set[bytes]:
    """``set(piece.encode("utf-8", "surrogatepass").translate(_RUNS).split())``, made a window
    of :data:`_RUN_WINDOW` characters at a time (a run cut by a window's end is carried into the
    next one): the list ``split`` makes of a whole piece (a one-line document is one piece) was
    ~4x the text at the frame step's peak on a GeoJSON of 20k small features (issue #13)."""
    if len(piece) <= _RUN_WINDOW:
        return set(piece.encode("utf-8", "surrogatepass").translate(_RUNS).split())
    out: set[bytes] = set()
    carry = b""
    for s in range(0, len(piece), _RUN_WINDOW):
        data = carry + piece[s : s + _RUN_WINDOW].encode("utf-8", "surrogatepass").translate(_RUNS)
        cut = data.rfind(b" ") + 1  # the runs before the last separator are whole
        out.update(data[:cut].split())
        carry = data[cut:]
    if carry:
        out.add(carry)
    return out


def run_words(runs_of_pieces: list[set[bytes]]) -> bytes:
    """Every letter run of a text (see :func:`letter_runs`) once, joined by spaces; a run
    holding other than ASCII letters is there lower-cased as well. What ``str.find`` on the
    lower-cased text can find, where it is letters, is in here: see :func:`may_occur`."""
    every = set().union(*runs_of_pieces)
    other = [r.decode("utf-8", "surrogatepass").lower().encode("utf-8", "surrogatepass")
             for r in every if not r.isascii()]
    return b" ".join(every) + b" " + b" ".join(other)


_LETTERS = re.compile(r"[a-z]+")


@lru_cache(maxsize=256)
def _anchor_letters(anchor: str) -> bytes:
    return max(_LETTERS.findall(anchor), key=len, default="").encode()


def may_occur(anchor: str, words: bytes | None) -> bool:
    """Whether the lower-case ``anchor`` (``"epsg"``, ``"urn:"``) can occur in the lower-cased
    text whose :func:`run_words` are ``words`` (always, when ``words`` is None): its longest
    run of letters must be part of a letter run. Saves a ``find`` pass over a long text for
    every anchor that is not there.

    >>> words = run_words(letter_runs("Grid: EPSG:27700"))
    >>> may_occur("epsg", words), may_occur("urn:", words), may_occur("utm", None)
    (True, False, True)
    """
    return words is None or _anchor_letters(anchor) in words


_PIECE_CHARS = PIECE  # characters per piece of a scanned text (at least; see textcase.pieces)
_OVERLAP = 32  # characters of the next piece a piece is searched with: a head, its gap and a
# number that follows it ("Point 58") may straddle the cut


def _pieces(text: str, start: int, overlap: int = 0) -> Iterator[tuple[int, str]]:
    """``(offset, piece)`` of ``text[start:]`` in pieces cut after a line break (no token
    crosses one), each with the first ``overlap`` characters of the next, so that the
    scratch copies stay small."""
    base = start
    for piece in pieces(text[start:] if start else text, _PIECE_CHARS):
        end = base + len(piece)
        yield base, piece + text[end : end + overlap] if overlap else piece
        base = end


def _alnum_of(piece: str) -> tuple[bytes | None, bytes | bytearray]:
    """``(data, data.translate(_ALNUM))`` of ``data = piece.encode("utf-8", "surrogatepass")``;
    for an ASCII piece longer than :data:`_RUN_WINDOW` ``(None, the same bytes in a
    bytearray)``, made a window at a time: its bytes are its characters, so no offset needs
    converting, and neither the piece's whole encoding nor a second copy is made (the two
    were 2x a one-line document at the frame step's peak, issue #13)."""
    if len(piece) <= _RUN_WINDOW or not piece.isascii():
        data = piece.encode("utf-8", "surrogatepass")
        return data, data.translate(_ALNUM)
    alnum = bytearray(len(piece))
    for s in range(0, len(piece), _RUN_WINDOW):
        window = piece[s : s + _RUN_WINDOW].encode("ascii").translate(_ALNUM)
        alnum[s : s + len(window)] = window
    return None, alnum


def _char_offsets(data: bytes, at: list[int]) -> list[int]:
    """Character offsets of the ascending UTF-8 byte offsets ``at`` of ``data``."""
    if data.isascii():
        return at
    out: list[int] = []
    byte = char = 0
    for b in at:
        char += len(data[byte:b].decode("utf-8", "surrogatepass"))
        byte = b
        out.append(char)
    return out


@lru_cache(maxsize=1)
def name_heads() -> NameHeads:
    """The process-wide :class:`NameHeads` (from the cache; built with the index otherwise)."""
    heads = read_json(_CACHE_HEADS)
    if isinstance(heads, dict) and heads and all(
        isinstance(k, str) and isinstance(v, list) for k, v in heads.items()
    ):
        return NameHeads(heads)
    index = name_index()
    heads = index.heads()
    if index.loaded_from_cache:
        write_json(_CACHE_HEADS, heads)
    return NameHeads(heads)


def find_names(text: str, runs_of_pieces: list[set[bytes]] | None = None,
               odd_runs: list[bytes] | None = None) -> list[NameHit]:
    """Every frame name in ``text``; loads the name index only when the text may hold one
    (``runs_of_pieces``: :func:`letter_runs` of ``text``, when already made).

    >>> [h.codes for h in find_names("Plots in RD New")]
    [(28992,)]
    """
    starts = name_heads().starts(text, 0, runs_of_pieces, odd_runs)
    if not starts:
        return []
    return name_index().scan_at(text, starts)
