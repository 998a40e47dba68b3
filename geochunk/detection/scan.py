"""Find every geometry unit in a text: WKT/EWKT, GeoJSON, hex (E)WKB, GML and KML, one linear
pass each, then a merge.

How it works (every step is linear in the length of the text, whatever the input; the GeoJSON
scan runs first so the WKT scan can skip the GeoJSON units):

1. **WKT.** A case-insensitive keyword search (no quantifier can backtrack) finds each OGC
   keyword at a word boundary. A candidate must *start like a geometry*: keyword, optional
   ``Z``/``M``/``ZM``, then ``EMPTY`` or ``(`` and a coordinate pair (or nested keywords leading
   to one). Results are memoised per keyword, so nested keywords are examined once. Its
   closing ``)`` comes from one vectorised parenthesis matching of the whole text (a non-greedy
   regex would stop at the first ``)`` and sever every polygon with a hole). The unit is closed
   if nothing but coordinate text (numbers, whitespace, commas, parentheses, OGC keywords,
   ``EMPTY``) lies before that ``)``. The first non-coordinate character after each opening
   parenthesis is found by a forward scan that is memoised, so no text is scanned twice. An
   ``SRID=n;`` prefix joins the unit. A geometry that starts but never closes is protected to
   the end of its block (the next blank line) with ``status="unclosed"``; if it is a quoted
   value (``'...'`` or ``"..."``), protection ends at the closing quote. The text of closed
   GeoJSON units is not scanned for WKT: it belongs to them.
2. **GeoJSON.** One JSON-aware bracket scan (a stack of ``{``/``[``, string state with escapes)
   notes, for every object, its ``"type"`` member and where it sits. A raw newline inside a
   "string" means it was not JSON, so the state is reset. Inside a container a string starts
   only after ``{ [ , :`` or whitespace and is followed only by ``: , } ]``; outside one, a
   closing quote runs into no letter or digit (``"{"type"`` is a stray quote before an object)
   and does not come right after a ``{`` or ``[`` (``"hi {"@context"``: the quote that closes
   it opens the object's first key).
   A quote that breaks these rules is prose: the scan reads on right after it, in the same
   pass. A stray quote or brace in prose therefore cannot swallow the document. Closed objects
   whose type is a GeoJSON type are read with ``json.JSONDecoder.raw_decode``. A geometry or
   Feature is one unit; in a FeatureCollection each Feature is a unit and the collection is recorded; the head of a
   collection that is broken or never closes is reported up to its first feature. Arrays of
   plain numbers are skipped in one step.
2b. **Hex (E)WKB, GML, KML** (:mod:`geochunk.detection.encodings`, run before the WKT scan, which skips
   their closed units): hex runs that decode exactly, GML/KML geometry elements, Placemarks
   and WFS features, each gated behind a C-speed pre-check.
3. **Merge.** Candidates sorted by start; the outermost wins. An unclosed span that overlaps a
   later one grows to cover it. Closed WKT spans are then parsed with
   :func:`geochunk.detection.geometry.parse_wkt`; those that fail become ``status="unparseable"``.

>>> text = 'Site SRID=27700;POINT(530000 180000) and {"type": "Point", "coordinates": [1, 2]}.'
>>> [(s.kind, s.geom_type, s.srid, s.status) for s in detect(text).spans]
[('wkt', 'POINT', 27700, 'ok'), ('geojson_geometry', 'POINT', None, 'ok')]
>>> detect("a polygon (the red one) and a point (see below)").spans
()
"""

from __future__ import annotations

import json
import re
from array import array
from bisect import bisect_left, insort
from dataclasses import dataclass, replace
from itertools import chain
from typing import Any, Callable, Iterable, Iterator

import numpy as np

from geochunk.detection.encodings import find_encoded
from geochunk.detection.encodings.escaped import MAX_DEPTH, find_escaped
from geochunk.detection.extents import covered_by, split_extents
from geochunk.errors import InputError
from geochunk.text.lines import lines_of
from geochunk.text.runs import back_over
from geochunk.detection.geometry import (
    Parsed,
    parse_geojson,
    parse_geojson_many,
    parse_geojson_object,
    parse_wkt_many,
    remember,
    remember_many,
)
from geochunk.detection.ids import geojson_id
from geochunk.model import OGC_TYPES, Collection, Detection, Span, SpanKind, SpanStatus, compact_json

__all__ = ["detect", "GEOJSON_TO_OGC"]

#: GeoJSON geometry type -> OGC keyword used in ``Span.geom_type``.
GEOJSON_TO_OGC: dict[str, str] = {
    "Point": "POINT",
    "LineString": "LINESTRING",
    "Polygon": "POLYGON",
    "MultiPoint": "MULTIPOINT",
    "MultiLineString": "MULTILINESTRING",
    "MultiPolygon": "MULTIPOLYGON",
    "GeometryCollection": "GEOMETRYCOLLECTION",
}

_UNIT_TYPES = frozenset((*GEOJSON_TO_OGC, "Feature"))
_ALL_TYPES = frozenset((*_UNIT_TYPES, "FeatureCollection"))


def detect(text: str, *, max_features: int | None = None) -> Detection:
    """Find every geometry unit in ``text`` (see the module docstring for how).

    Returns spans sorted by start and non-overlapping; offsets are ``str`` indices, end
    exclusive. FeatureCollections are listed in ``Detection.collections``; their features are
    spans with ``collection`` set.

    >>> d = detect('See POLYGON((0 0, 4 0, 4 4, 0 0), (1 1, 2 1, 2 2, 1 1)) here.')
    >>> s = d.spans[0]
    >>> s.start, s.end, s.geom_type, s.status
    (4, 55, 'POLYGON', 'ok')
    >>> detect("POLYGON((0 0, 1 0, 1 1").spans[0].status
    'unclosed'

    ``max_features`` bounds the geometries (memory grows per geometry): more is refused as soon
    as they are counted, before any is parsed.

    >>> detect("POINT (1 2) POINT (3 4)", max_features=1)
    Traceback (most recent call last):
    ...
    geochunk.errors.InputError: the document has more than 1 geometries (max_features=1); split the document, or raise the limit if you trust it (--max-features on the command line, max_features= in Python)
    """
    if not isinstance(text, str):
        raise InputError(f"detect() needs text (str), got {type(text).__name__}")
    return _detect(text, max_features, 0)


def _detect(text: str, max_features: int | None, depth: int) -> Detection:
    """:func:`detect` of a document (``depth`` 0) or of a decoded string inside one."""
    blocks = _BlockEnds(text)
    json_spans, collections, deferred = _json_units(text, _scan_json(text), blocks)
    encoded = find_encoded(text)  # hex (E)WKB, GML, KML (geochunk.detection.encodings)
    # a collection's boundedBy Envelope is extent metadata, kept apart (geochunk.detection.extents)
    encoded, extents = split_extents(text, encoded)
    if depth < MAX_DEPTH:  # GeoJSON, GML and KML escaped in JSON strings and CSV cells
        # an extent in a string is a unit of it (its text is the string's): never dropped
        encoded += find_escaped(text, lambda inner: _spans_and_extents(_detect(inner, None, depth + 1)))
    # Closed GeoJSON units (and whole collections) own their text: the WKT scan jumps over them;
    # so do closed WKB/GML/KML units.
    owned = _disjoint(
        [(c.start, c.end) for c in collections]
        + [(s.start, s.end) for s in json_spans if s.status != "unclosed" and s.collection is None]
        + [(s.start, s.end) for s in encoded + extents if s.status != "unclosed"]
    )
    wkt = _WktScanner(text, _ParenIndex(text), blocks, owned).scan()
    found = _merge(text, wkt + encoded, json_spans, collections, deferred, max_features)
    if not extents:
        return found
    return replace(found, extents=covered_by(extents, found.spans))


def _spans_and_extents(found: Detection) -> list[Span]:
    """A decoded string's spans with its extents among them, sorted by start: an escaped
    string's units must cover every envelope in it, or its text could be cut."""
    if not found.extents:
        return list(found.spans)
    return sorted([*found.spans, *found.extents], key=lambda s: s.start)


def too_many_features(max_features: int) -> InputError:
    """The one-line error for a document with more than ``max_features`` geometries."""
    return InputError(
        f"the document has more than {max_features:,} geometries (max_features={max_features:,}); "
        "split the document, or raise the limit if you trust it "
        "(--max-features on the command line, max_features= in Python)"
    )


def _disjoint(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sorted ranges with the contained ones dropped (the WKT scan needs them disjoint)."""
    out: list[tuple[int, int]] = []
    for s, e in sorted(ranges, key=lambda r: (r[0], -r[1])):
        if out and s < out[-1][1]:
            if e > out[-1][1]:
                out[-1] = (out[-1][0], e)
            continue
        out.append((s, e))
    return out


# ============================================================================================
# shared helpers

# a blank line: two line ends (\r\n, \n or a lone \r) with only spaces between
_BLANK = re.compile(r"(?:\r\n|\r(?!\n)|\n)[ \t\f\v]*+(?:\r\n|\r(?!\n)|\n)")


def _is_ident(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def _end(pattern: re.Pattern[str], text: str, pos: int) -> int:
    """End of ``pattern`` matched at ``pos`` (for patterns that always match, e.g. ``x*+``)."""
    m = pattern.match(text, pos)
    return m.end() if m is not None else pos


class _BlockEnds:
    """End of the line block (up to the next blank line) containing a position, memoised."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.lo = -1
        self.hi = -1
        self.trimmed = -1

    def end(self, start: int) -> int:
        text = self.text
        if not self.lo <= start <= self.hi:
            m = _BLANK.search(text, start)
            self.lo = start
            self.hi = m.start() if m else len(text)
            e = self.hi
            while e > start and text[e - 1].isspace():
                e -= 1
            self.trimmed = e
        return self.trimmed if self.trimmed > start else self.hi


_PAREN_SLICE = 1 << 16  # characters encoded and tested at once (bounds the scratch arrays)


def _paren_positions(
    text: str, size: int = _PAREN_SLICE, anchors: list[np.ndarray] | None = None,
    dtype: type = np.int64,
) -> tuple[np.ndarray, np.ndarray]:
    """Offsets of every ``(`` and ``)`` (``dtype``, ascending) and whether each is a ``(``; one
    byte a code point (``encode("ascii", "replace")``), a slice at a time, so no per-character
    array of the whole document is held.

    With ``anchors``, the same bytes give the places a WKT head can end (one array per slice,
    ascending): every ``EMPTY`` in any ASCII letter case, and every ``(`` after a letter that
    ends an OGC keyword or is a ``Z``/``M`` (after whitespace too): a ``(`` after ``(`` or
    ``,`` opens a ring, and one after ``Area`` is prose; neither is looked at again (one whose
    look back leaves the slice, or runs over more than three whitespace characters, is kept:
    the look back in Python decides).

    >>> found = []
    >>> [a.tolist() for a in _paren_positions("Area (b) é(Empty((, POINT (", anchors=found)]
    [[5, 7, 10, 16, 17, 26], [True, False, True, True, True, True]]
    >>> [a.tolist() for a in found]  # not the "(" after "Area", "é", "(" or ","
    [[11, 26]]
    """
    size = max(size, 1)
    extra = 4 if anchors is not None else 0  # an EMPTY may run over the slice's end
    found, opens = [], []
    for s in range(0, len(text), size):
        chunk = text[s : s + size + extra].encode("ascii", "replace")
        raw = np.frombuffer(chunk, dtype=np.uint8, count=min(size, len(chunk)))
        if anchors is not None:
            anchors.append(_head_anchors(chunk, raw, size, s))
        hit = raw == 40
        is_open = hit.copy()
        hit |= raw == 41
        pos = np.flatnonzero(hit)
        opens.append(is_open[pos])
        found.append(pos.astype(dtype) + dtype(s))
    if not found:
        return np.zeros(0, dtype=dtype), np.zeros(0, dtype=bool)
    return np.concatenate(found), np.concatenate(opens)


# what the word before a unit's "(" ends with: a keyword's last letter (or an attached or
# separate Z / M), in either case
_HEAD_END_BYTES = np.array([chr(c).upper() in {k[-1] for k in OGC_TYPES} | {"Z", "M"} for c in range(256)])
_WS_BYTES = np.array([c in (32, 9, 13, 10) for c in range(256)])


def _head_anchors(chunk: bytes, raw: np.ndarray, size: int, s: int) -> np.ndarray:
    """The anchors of one slice (see :func:`_paren_positions`), as text offsets."""
    low = chunk.lower()
    empties = []
    at = low.find(b"empty")
    while 0 <= at < size:
        empties.append(at)
        at = low.find(b"empty", at + 1)
    o = np.flatnonzero(raw == 40)
    kept = [o[o == 0], np.array(empties, dtype=np.int64)]  # at 0 the look back leaves the slice
    o = o[o > 0]
    q = o - 1  # the character looked at; o keeps those with only whitespace after it so far
    for _ in range(4):
        c = raw[q]
        kept.append(o[_HEAD_END_BYTES[c]])  # (no whitespace ends a keyword)
        more = _WS_BYTES[c]
        o, q = o[more], q[more] - 1
        edge = q < 0
        kept.append(o[edge])  # the look back leaves the slice
        o, q = o[~edge], q[~edge]
    kept.append(o)  # more whitespace than that
    return np.unique(np.concatenate(kept)).astype(np.int64) + s


class _ParenIndex:
    """Matching ``)`` of every ``(`` in the text, from one vectorised pass.

    A ``(`` at depth ``k`` closes at the next ``)`` that brings the depth back to ``k - 1``;
    grouping parentheses by that level and sorting by position makes opens and closes alternate,
    so each open is followed by its match.
    """

    def __init__(self, text: str) -> None:
        anchors: list[np.ndarray] = []
        # int32 offsets and depths while the text is under 2**31 characters: half the scratch
        # of every parenthesis; each array is dropped as soon as the next one is made (issue
        # #13: the freed scratch stays in the process's heap, so its peak is what counts)
        small = len(text) < 1 << 31
        dtype = np.int32 if small else np.int64
        pos, is_open = _paren_positions(text, _PAREN_SLICE, anchors, dtype)
        # where a WKT head may end (see _paren_positions), for _keyword_candidates
        self.anchors = np.concatenate(anchors) if anchors else np.zeros(0, dtype=np.int64)
        del anchors
        self.opens = array("i" if small else "q")
        self.closes = array("i" if small else "q")
        if pos.size == 0:
            return
        level = np.where(is_open, dtype(1), dtype(-1))
        np.cumsum(level, out=level)  # the depth after each parenthesis
        level += ~is_open  # an open's depth, a close's depth + 1
        # by level, then by position (``pos`` ascends, the sort is stable)
        order = np.argsort(level, kind="stable")
        level, is_open, pos = level[order], is_open[order], pos[order]
        del order
        hit = is_open[:-1] & ~is_open[1:]
        del is_open
        hit &= level[:-1] == level[1:]
        del level
        opens, closes = pos[:-1][hit], pos[1:][hit]
        del pos, hit
        by_pos = np.argsort(opens, kind="stable")
        # Compact arrays searched with bisect: cheaper per lookup than numpy.
        self.opens.frombytes(memoryview(np.ascontiguousarray(opens[by_pos], dtype=dtype)).cast("B"))
        del opens
        self.closes.frombytes(memoryview(np.ascontiguousarray(closes[by_pos], dtype=dtype)).cast("B"))

    def match(self, o: int) -> int:
        """Offset of the ``)`` matching the ``(`` at ``o``, or -1."""
        i = bisect_left(self.opens, o)
        if i < len(self.opens) and self.opens[i] == o:
            return self.closes[i]
        return -1


# ============================================================================================
# WKT


def _keyword_pattern() -> re.Pattern[str]:
    """All OGC keywords, case-insensitive, at most one attached Z/M/ZM, whole word.

    The pattern opens with a plain character set (the first letters) and checks the rest after
    a look-behind, so the engine skips most positions with a set test (about 5x faster than a
    case-insensitive alternation); a letter inside a word fails at the next look-behind (a
    third faster on prose). No quantifier can backtrack.
    """
    by_first: dict[str, list[str]] = {}
    for kw in sorted(OGC_TYPES, key=len, reverse=True):
        by_first.setdefault(kw[0], []).append(kw[1:])
    firsts = "".join(sorted(by_first))
    branches = "|".join(
        f"(?<=[{f}{f.lower()}])(?i:{'|'.join(rests)})" for f, rests in sorted(by_first.items())
    )
    # the look-behind after the first letter drops a letter inside a word at once (the scanner
    # would refuse it anyway: a keyword after an identifier character is no keyword)
    f = f"{firsts}{firsts.lower()}"
    return re.compile(f"(?a)[{f}](?<![A-Za-z0-9_][{f}])(?:{branches})(?i:ZM|Z|M)?+(?![A-Za-z0-9_])")


_KEYWORD = _keyword_pattern()
_IDENT = re.compile(r"[A-Za-z0-9_]++")
_WS = re.compile(r"[ \t\r\n]*+")
_OPEN_WS = re.compile(r"[( \t\r\n]*+")
# Something meant as a number (bad ones like "1.2.3" too: they make the span unparseable).
_NUMBERISH = re.compile(r"[-+]*+\.?+[0-9][0-9.eE+\-]*+")
# A run of characters that cannot appear in WKT coordinate text except as a keyword.
_NON_COORD = re.compile(r"[^0-9+\-.,() \t\r\n]++")
# the same set as a byte table (1 = not coordinate text; "?" stands for characters beyond latin-1)
_COORD_FLAGS = bytes(0 if chr(c) in "0123456789+-.,() \t\r\n" else 1 for c in range(256))
_DIMS = ("ZM", "Z", "M")
_DIMS_STR = {d: d for d in _DIMS}
# _WktScanner._plain_closed: the head and first two numbers of the commonest unit (group "dims":
# a dimension word of its own, as in ``POINT Z (``; group "open": its "("), and a run of
# coordinate characters (every quantifier possessive: linear)
_PLAIN_HEAD = re.compile(
    r"[ \t]*+(?:(?P<dims>(?i:ZM|Z|M))[ \t]*+)?+(?P<open>\()"
    r"[( \t\r\n]*+[-+]*+\.?+[0-9][0-9.eE+\-]*+[ \t\r\n]++[-+]*+\.?+[0-9]"
)
_COORD_RUN = re.compile(r"[0-9+\-.,() \t\r\n]*+")
_FAST_WKT = True  # tests turn the shortcut off to compare
_NESTING = frozenset(("GEOMETRYCOLLECTION", "COMPOUNDCURVE", "CURVEPOLYGON", "MULTICURVE", "MULTISURFACE"))
_SHORT_END = re.compile("[>\"'\n]")  # where a shortened repr ends after its ellipsis
_KEYWORDS = frozenset(OGC_TYPES)
# one shared str per keyword: a span's ``geom_type`` is this copy, not its own upper-cased slice
# (a str per span was 0.12x the input of a large appendix; issue #13)
_KEYWORD_STR = {w: w for w in OGC_TYPES}


def _keyword_dims(raw: str) -> tuple[str, str]:
    """The OGC keyword (its one shared str) and the dimension suffix of a keyword as written:
    ``"pointz"`` -> ``("POINT", "Z")``; a word that is no keyword comes back upper-cased."""
    word, dims = raw.upper(), ""
    if word not in _KEYWORDS:
        for d in _DIMS:
            if word.endswith(d) and word[: -len(d)] in _KEYWORDS:
                word, dims = word[: -len(d)], d
                break
    return _KEYWORD_STR.get(word, word), dims


_COORD_WORDS = frozenset(
    [k + d for k in OGC_TYPES for d in ("", *_DIMS)] + ["EMPTY", "Z", "M", "ZM", "E"]
)


_WS_CHARS = " \t\r\n"
_IDENT_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_"
_IDENT_SET = frozenset(_IDENT_CHARS)


def _keyword_candidates(
    text: str, parens: _ParenIndex, after: "Callable[[], int]" = lambda: 0
) -> Iterator[tuple[int, int]]:
    """The ``_KEYWORD`` matches ``(start, end)`` that can start a WKT unit, in order: a unit's
    head is keyword, whitespace, an optional ``Z``/``M``/``ZM`` word and whitespace, then ``(``
    or ``EMPTY``. So from every ``EMPTY`` and every ``(`` after a word (found with the
    parentheses, one byte a character; a ``(`` after ``(`` or ``,`` opens a ring) the scan looks
    back over whitespace for the word before it - the keyword, or a dimension word after one -
    and keeps it if ``_KEYWORD`` matches that whole word. A keyword search over the whole text
    tested every position of the prose (2 ms on the land-use appendix); each look back reads
    only the whitespace and words just before its anchor.

    Lazily: ``after()`` is where the caller reads on (the end of its last unit), and anchors
    before it are skipped by bisection, not looked at (an unclosed unit over 10^5 keywords).
    A keyword found from an anchor lies after every earlier anchor's (what lies between a
    keyword and its anchor is whitespace and words, and a ``(`` is neither; from an ``EMPTY``,
    the next anchor's word is that ``EMPTY`` or later), so the matches come in order.

    >>> t = "a point (see) POINT Z (1 2) and polygon empty, LINESTRING(0 0, 1 1)"
    >>> [t[a:b] for a, b in _keyword_candidates(t, _ParenIndex(t))]
    ['point', 'POINT', 'polygon', 'LINESTRING']
    """
    anchors = parens.anchors
    match = _KEYWORD.match
    i, count = 0, len(anchors)
    while i < count:
        pos = after()
        a = int(anchors[i])
        if a < pos:  # every match from an anchor before pos starts before it
            i = int(np.searchsorted(anchors, pos))
            continue
        i += 1
        j = a
        if j and text[j - 1] in _WS_CHARS:
            j -= 1
            if j and text[j - 1] in _WS_CHARS:
                j = back_over(text, j, _WS_CHARS, 16)
        if not j or text[j - 1] not in _IDENT_SET:
            continue
        lo = max(0, j - 24)
        w = lo + len(text[lo:j].rstrip(_IDENT_CHARS))
        if w == lo and lo and text[lo - 1] in _IDENT_SET:
            continue  # a word of more than 24 characters: no keyword, nor a dimension word
        m = match(text, w)
        if m is not None and m.end() == j:
            yield w, j
            continue
        if j - w <= 2 and text[w:j].upper() in _DIMS:  # POINT Z (
            d = back_over(text, w, _WS_CHARS, 16)
            if d < w and d and text[d - 1] in _IDENT_SET:
                k = back_over(text, d, _IDENT_CHARS, 16)
                m = match(text, k)
                if m is not None and m.end() == d:
                    yield k, d


@dataclass(frozen=True)
class _Head:
    word: str  # OGC keyword, upper case
    dims: str
    paren: int  # offset of the first "(" or -1
    empty_end: int  # end of "EMPTY" or -1


class _WktScanner:
    def __init__(
        self, text: str, parens: _ParenIndex, blocks: _BlockEnds, owned: list[tuple[int, int]]
    ) -> None:
        self.text = text
        self.n = len(text)
        self.parens = parens
        self.blocks = blocks
        self.owned = owned  # sorted, non-overlapping ranges whose text is not scanned
        self.starts: dict[int, bool] = {}
        self.bad_lo = -1
        self.bad_hi = -1
        self.flags_lo = 0  # window of _first_non_coord: 1 where a character is not coordinate text
        self.flags = b""

    def scan(self, keywords: "Iterable[tuple[int, int]] | None" = None) -> list[Span]:
        """The WKT units, read from the keyword matches ``(start, end)`` in order (by default
        :func:`_keyword_candidates`: the only ones that can start a unit; every match of
        ``_KEYWORD`` gives the same units, which the tests check)."""
        pos = 0
        if keywords is None:
            keywords = _keyword_candidates(self.text, self.parens, lambda: pos)
        out: list[Span] = []
        owned = self.owned
        ri = 0
        for k, ke in keywords:
            if k < pos:
                continue
            while ri < len(owned) and owned[ri][1] <= k:
                ri += 1
            if ri < len(owned) and owned[ri][0] <= k:
                pos = owned[ri][1]  # inside a GeoJSON unit: its text is its own
                continue
            span = self._candidate(k, ke)
            if span is not None:
                out.append(span)
                pos = span.end  # keywords inside a unit are not candidates: the outermost wins
            else:
                pos = ke
        return out

    # -- pieces ----------------------------------------------------------------------------
    def _skip_ws(self, p: int) -> int:
        """Skip whitespace that holds no blank line; -1 if it holds one."""
        e = _end(_WS, self.text, p)
        return -1 if self.text.count("\n", p, e) >= 2 else e

    def _head(self, k: int, ke: int) -> _Head | None:
        text, n = self.text, self.n
        if (k > 0 and _is_ident(text[k - 1])) or (ke < n and _is_ident(text[ke])):
            return None
        word, dims = _keyword_dims(text[k:ke])
        p = self._skip_ws(ke)
        if p < 0:
            return None
        w = _IDENT.match(text, p)
        if w is not None and not dims and w.group().upper() in _DIMS:
            if w.end() < n and _is_ident(text[w.end()]):
                return None
            dims = w.group().upper()
            p = self._skip_ws(w.end())
            if p < 0:
                return None
            w = _IDENT.match(text, p)
        if p < n and text[p] == "(":
            return _Head(word, dims, p, -1)
        if w is not None and w.group().upper() == "EMPTY":
            if w.end() < n and _is_ident(text[w.end()]):
                return None
            return _Head(word, dims, -1, w.end())
        return None

    def _coordinate_follows(self, p: int) -> bool:
        """After a first number: a second one, or a line end (a truncated geometry). A line end,
        not only a blank line: a chunk may end right after ``POINT (\n1.\n``, and there the
        chunk's own text ends, so the gates read it as unclosed; the document must say so too.
        """
        text = self.text
        q = _end(_WS, text, p)
        if q > p and _NUMBERISH.match(text, q):
            return True
        return q == self.n or text.count("\n", p, q) > 0 or text.count("\r", p, q) > 0

    def _starts_like_geometry(self, k: int, head: _Head) -> bool:
        """Keyword [dims] then EMPTY, or ``(`` + a coordinate pair, possibly via nested keywords.

        Every keyword visited on the way is memoised, so nested keywords are walked once.
        """
        text = self.text
        chain: list[int] = []
        pos = k
        result = False
        while True:
            if pos in self.starts:
                result = self.starts[pos]
                break
            chain.append(pos)
            if pos != k:
                kw = _KEYWORD.match(text, pos)
                nested_head = self._head(pos, kw.end()) if kw else None
                if nested_head is None:
                    break
                head = nested_head
            if head.empty_end >= 0:
                result = True
                break
            q = _end(_OPEN_WS, text, head.paren)
            num = _NUMBERISH.match(text, q)
            if num is not None:
                result = self._coordinate_follows(num.end())
                break
            w = _IDENT.match(text, q)
            if w is None:
                break
            if w.group().upper() == "EMPTY":
                result = True
                break
            nested = _KEYWORD.match(text, q)
            if nested is None or nested.end() != w.end():
                break
            pos = q
        for c in chain:
            self.starts[c] = result
        return result

    def _next_bad(self, o: int) -> int:
        """First offset >= ``o`` that cannot be WKT coordinate text (memoised, monotone): the
        start of the first run of ``_NON_COORD`` from ``o`` that is no coordinate word."""
        if self.bad_lo <= o < self.bad_hi:
            return self.bad_hi
        text, n = self.text, self.n
        p = o
        while True:
            p = self._first_non_coord(p)
            if p >= n:
                bad = n
                break
            m = _NON_COORD.match(text, p)
            run = m.group() if m is not None else ""
            if not (run.isascii() and run.isalpha() and run.upper() in _COORD_WORDS):
                bad = p
                break
            p = m.end() if m is not None else p + 1
        self.bad_lo, self.bad_hi = o, bad
        return bad

    def _first_non_coord(self, p: int) -> int:
        """First offset >= ``p`` whose character cannot be in coordinate text (``n`` if none):
        ``bytes.translate`` + ``find`` over a window of the text (kept for the next call, which
        usually asks a little further on; a window that holds none grows 4x). A regex search
        for the same character set tested one position at a time (12 ms on a 1 MB polygon)."""
        text, n, step = self.text, self.n, 256
        while p < n:
            lo, flags = self.flags_lo, self.flags
            if not lo <= p < lo + len(flags):
                lo = p
                flags = text[p : p + step].encode("latin-1", "replace").translate(_COORD_FLAGS)
                self.flags_lo, self.flags = lo, flags
                step = min(step * 4, 1 << 20)
            i = flags.find(1, p - lo)
            if i >= 0:
                return lo + i
            p = lo + len(flags)
        return n

    def _srid(self, k: int) -> tuple[int, int | None]:
        """Start of an ``SRID=n;`` prefix ending just before ``k`` (and n), else ``(k, None)``."""
        text = self.text
        j = k
        while j > 0 and k - j < 4 and text[j - 1] in " \t":
            j -= 1
        if j == 0 or text[j - 1] != ";":
            return k, None
        digits_end = j = j - 1
        while j > 0 and digits_end - j < 10 and "0" <= text[j - 1] <= "9":
            j -= 1
        if j == digits_end or j < 5 or text[j - 1] != "=":
            return k, None
        s = j - 5
        if text[s : j - 1].upper() != "SRID" or (s > 0 and _is_ident(text[s - 1])):
            return k, None
        return s, int(text[j:digits_end])

    def _candidate(self, k: int, ke: int) -> Span | None:
        if _FAST_WKT:
            m = _PLAIN_HEAD.match(self.text, ke)  # (here: a keyword that fails it costs one match)
            if m is not None:
                span = self._plain_closed(k, ke, m)
                if span is not None:
                    return span
        head = self._head(k, ke)
        if head is None:
            return None
        text = self.text
        if head.empty_end >= 0:
            start, srid = self._srid(k)
            return Span.sliced(text, k, head.empty_end, start=start, end=head.empty_end, kind="wkt",
                               geom_type=head.word, dims=head.dims, srid=srid)  # fmt: skip
        if not self._starts_like_geometry(k, head):
            return None
        start, srid = self._srid(k)
        o = head.paren
        close = self.parens.match(o)
        bad = self._next_bad(o)
        if 0 <= close < bad:
            # the geometry text is read from the document when asked for, not held (issue #13)
            return Span.sliced(text, k, close + 1, start=start, end=close + 1, kind="wkt",
                               geom_type=head.word, dims=head.dims, srid=srid)  # fmt: skip
        limit = max(self.blocks.end(start), o + 1)
        end, why = self._clear_end(start, o, bad, limit)
        inner = self._first_closed(ke, end, head.word in _NESTING)
        if inner is not None:
            end = inner
            why = f"a closed geometry starts at offset {inner}"
        while end > o + 1 and text[end - 1] in " \t\r\n;,+-":
            end -= 1
        error = f"unclosed {head.word}: {why}; protected to offset {end}"
        return Span.sliced(text, k, end, start=start, end=end, kind="wkt", geom_type=head.word,
                           dims=head.dims, srid=srid, status="unclosed", error=error)  # fmt: skip

    def _plain_closed(self, k: int, ke: int, m: "re.Match[str]") -> Span | None:
        """The unit of the commonest shape, found with two C-speed matches (``m``: the first,
        ``_PLAIN_HEAD`` at ``ke``), or None (then the steps of :meth:`_candidate` decide, and
        give the same answer for this shape): keyword (with an attached ``Z``/``M``/``ZM``, or
        one as a word of its own after spaces or tabs, as :meth:`_head` reads it: not after
        an attached one), spaces or tabs, ``(``, opening parentheses and
        whitespace, a number, whitespace, the start of a second number; and nothing but
        coordinate characters (no letter, so no keyword) up to its matching ``)``. That is what
        :meth:`_head` (``(`` on the same line), :meth:`_starts_like_geometry` (a number and a
        second one) and :meth:`_next_bad` (no character that is not coordinate text before the
        ``)``) accept. Linear: the run read ends at the first letter after the ``(``, and every
        later keyword lies past it."""
        text = self.text
        if k > 0 and _is_ident(text[k - 1]):  # (text[ke] is a space, a tab or the "(")
            return None
        o = m.start("open")
        close = self.parens.match(o)
        if close < 0 or _COORD_RUN.match(text, o, close + 1).end() <= close:
            return None
        word, dims = _keyword_dims(text[k:ke])  # the shared keyword str, as _head gives it
        separate = m.group("dims")
        if separate is not None:
            if dims:  # POINTZ Z (: no unit (the steps say so)
                return None
            dims = _DIMS_STR[separate.upper()]  # (one shared str, as for an attached one)
        start, srid = self._srid(k)
        # Span.sliced without its dict of values (the commonest unit: a quarter of its cost)
        return Span(start, close + 1, "wkt", word, "", dims, srid)._read_from(text, k, close + 1)

    def _clear_end(self, start: int, o: int, bad: int, limit: int) -> tuple[int, str]:
        """Where an unclosed literal is clearly over, and why: a closing quote or ``>`` (a
        shortened repr such as ``<POLYGON ((1 2, … 8.5...>``), after an ellipsis the next ``>``,
        quote or line end, any other non-coordinate character (the literal ends before it),
        else the end of its line block."""
        text = self.text
        if bad >= limit:
            return limit, "no matching ')'"
        dots = text.find("...", o, bad)
        if text[bad] == "\u2026" or dots >= 0:
            at = bad if dots < 0 else dots
            stop = _SHORT_END.search(text, at, limit)
            return (stop.start() if stop else limit), f"shortened (an ellipsis at offset {at})"
        quote = text[start - 1] if start > 0 else ""
        if text[bad] == quote:
            # a quoted value (JSON string, SQL literal, CSV cell) that ends before the geometry
            return bad, f"the quoted value ends at offset {bad} before any closing ')'"
        return bad, f"{text[bad]!r} at offset {bad} before any closing ')'"

    def _first_closed(self, lo: int, hi: int, nesting: bool) -> int | None:
        """Start (with its ``SRID=n;`` prefix) of the first closed geometry whose keyword lies in
        ``[lo, hi)``: it ends the unclosed literal before it instead of being swallowed. In a
        type that nests keywords (``GEOMETRYCOLLECTION(POINT(1 2), ...``) a member right after
        ``(`` or ``,`` belongs to the literal."""
        text = self.text
        for m in _KEYWORD.finditer(text, lo, hi):
            k = m.start()
            if nesting:
                j = k
                while j > lo and text[j - 1] in " \t\r\n":
                    j -= 1
                if text[j - 1] in "(,":
                    continue
            head = self._head(k, m.end())
            if head is not None and head.paren < 0:  # `POINT EMPTY` is closed too
                return self._srid(k)[0]
            if head is None or not self._starts_like_geometry(k, head):
                continue
            close = self.parens.match(head.paren)
            if 0 <= close < self._next_bad(head.paren):
                return self._srid(k)[0]
        return None


# ============================================================================================
# GeoJSON: the bracket scan

_JSON_OUT = re.compile(r'[{}\[\]"]')
_JSON_IN = re.compile(r'["\\\n\r]')  # a raw CR or LF never sits inside a JSON string
_JSON_COLON = re.compile(r"[ \t\r\n]*+:")
_JSON_NUMERIC = re.compile(r"[\[\]0-9 \t\r\n,.eE+\-]*+")
_JSON_OPEN_RUN = re.compile(r"\[(?:[ \t\r\n]*+\[)*+")
_JSON_CLOSE_RUN = re.compile(r"\](?:[ \t\r\n]*+\])*+")
_MAX_KEY = 24  # longer strings are never one of the keys or type names we look for
# A run of object members `"key": value` whose keys and string values hold no escape and no
# line end and whose other values hold no bracket, quote or comma, each followed by a comma, the
# last maybe by the object's "}" instead (not taken): what the scan would read of them one string
# at a time is their last key (possessive, and no part can match what another does: linear).
# No member of a run has the key "type": the scan reads that one's value as the object's type.
_JSON_MEMBER = r'(?!"type")"([^"\\\n\r]*+)"[ \t\r\n]*+:[ \t\r\n]*+(?:"[^"\\\n\r]*+"|[^{}\[\]",]*+)[ \t\r\n]*+'
_JSON_MEMBERS = re.compile(
    f"(?:{_JSON_MEMBER},[ \\t\\r\\n]*+)*+(?:{_JSON_MEMBER.replace('([', '(?P<last>[', 1)}(?=}}))?+"
)


_JSON_WS = " \t\r\n"
# in a container a string follows one of these, or whitespace (what precedes that is left to
# the check at its end: a look back per quote would cost a quarter of the scan on indented JSON)
_STRING_MAY_FOLLOW = frozenset("{[,: \t\r\n")
_STRING_FOLLOWERS = frozenset(":,}]")  # ... and is followed by one of these (after whitespace)


def _may_end_string(text: str, at: int, in_container: bool) -> bool:
    """Can a JSON string end just before ``at``? In a container only ``: , } ]`` (after
    whitespace) or the end of the text may follow; outside one (prose) anything but an ASCII
    letter, digit or ``_`` right after the quote (``"{"type"`` is a stray quote before an
    object, not a string ``"{"``).
    """
    n = len(text)
    if at >= n:
        return True
    c = text[at]
    if not in_container:
        return not (c.isascii() and (c.isalnum() or c == "_"))
    if c in _JSON_WS:
        at = _end(_WS, text, at)
        if at >= n:
            return True
        c = text[at]
    return c in _STRING_FOLLOWERS


def _opens_before(text: str, i: int, k: int) -> bool:
    """Outside a container, does the "string" from ``i`` to ``k`` end on ``{`` or ``[`` (then
    whitespace)? Then its closing quote is the opening quote of a key or an element, and the
    first quote was prose: ``Say "hi {"@context":...`` must not hide the object's ``{``. The
    look back stays inside this string, which is read once: linear.

    >>> _opens_before('Say "hi {"@id":1}', 4, 9), _opens_before('"a {b" c', 0, 5)
    (True, False)
    """
    at = k - 1
    while at > i and text[at] in _JSON_WS:
        at -= 1
    return at > i and text[at] in "{["


class _Frame:
    __slots__ = ("pos", "obj", "key", "container", "type", "last_key", "count")

    def __init__(self, pos: int, obj: bool, key: str | None, container: int, count: int = 1):
        self.pos = pos
        self.obj = obj  # True for "{", False for "["
        self.key = key  # the member name this value sits under in its parent object
        self.container = container  # FeatureCollection start, if a member of its "features"
        self.type: str | None = None
        self.last_key: str | None = None
        self.count = count  # a run of directly nested "[" is one frame (linear, and small)


@dataclass
class _JsonFound:
    closed: list[tuple[int, int, str]]  # (start, end, type) of closed GeoJSON-typed objects
    # FeatureCollection start -> its object members (start, end, type or "")
    members: dict[int, list[tuple[int, int, str]]]
    # object start -> its "geometry" member object (start, end, type or "")
    geometry_members: dict[int, tuple[int, int, str]]
    features_arrays: dict[int, tuple[int, int]]  # object start -> its "features" array
    unclosed: list[tuple[int, str, str | None, str]]  # (start, type, geometry type, reason)


def _scan_json(text: str) -> _JsonFound:
    """One JSON-aware bracket scan over the whole text (see the module docstring)."""
    if "{" not in text:
        # everything the scan reports is an object (closed, a member, a geometry member, the
        # parent of a "features" array, or an open one flushed): none without a "{" (a C-speed
        # find, where the scan tests its character set at every position: 0.8 ms on the
        # appendix, 4 ms on the 40k-vertex boundary; tests/test_fast_paths.py checks the scan)
        return _JsonFound(closed=[], members={}, geometry_members={}, features_arrays={}, unclosed=[])
    if _FAST_JSON and len(text) <= _STRUCTURAL_MAX and _brackets_sparse(text):
        found = _scan_json_structural(text)
        if found is not None:
            return found
    return _scan_json_all(text)


_FAST_JSON = True  # tests turn the structural scan off to compare
# The structural scan keeps a few 8-byte arrays per bracket and quote: about 6x the input on
# the parcels sample, 11x on a 2.6M-character GeoJSON with 0.08 brackets a character, 65x on a
# text of nested empty arrays (0.67). Bracket-dense texts (coordinate arrays of small numbers,
# empty arrays) are also where the bracket scan is fastest (3.2M characters of integer points:
# 9 ms against 55 ms): they go to it (tracemalloc peaks and CPU times, one run each). So do
# texts whose arrays outnumber their strings twice (coordinates, few properties): the bracket
# scan steps over each array at C speed, the structural one records it (a one-line 3.8 MB
# MultiPoint of integer points, 0.05 brackets a character: 18 ms and no scratch against 75 ms
# and 11x; 500 indented LineStrings of 100 vertices, 3.4 arrays a string: 28 ms and 0.07x
# against 30 ms and 5.8x; 2000 LineStrings of 10 vertices, 0.4: 52 ms against 36 ms, kept
# structural).
_STRUCTURAL_MAX = 1 << 22  # characters
_BRACKETS_PER_CHAR = 1 / 8  # above it: the bracket scan
_ARRAYS_PER_STRING = 2  # above it: the bracket scan


def _brackets_sparse(text: str) -> bool:
    """Whether ``text`` has at most one bracket in 8 characters (the structural scan's scratch
    then stays near 10x the text; denser texts are read faster by the bracket scan) and at most
    two arrays a string (the structural scan's speed is in its strings and objects).

    >>> _brackets_sparse('{"type": "Point", "coordinates": [1.5, 2.5]}'), _brackets_sparse('[[],[],[]]')
    (True, False)
    >>> _brackets_sparse('{"type": "MultiPoint", "coordinates": [' + '[100000, 200000], ' * 9 + '[1, 2]]}')
    False
    """
    arrays = text.count("[")
    brackets = arrays + text.count("{")  # (closes match opens on a text read structurally)
    if brackets * 2 > len(text) * _BRACKETS_PER_CHAR:
        return False
    return arrays <= _ARRAYS_PER_STRING * (text.count('"') // 2)


_JSON_BYTE = {c: np.array([chr(b) in c for b in range(256)]) for c in ("{[,: \t\r\n", ":,}]", " \t\r\n")}


def _scan_json_structural(text: str) -> _JsonFound | None:
    """What :func:`_scan_json_all` finds, for a text that is one JSON container from its first
    non-space character to its last (the common GeoJSON file), found with numpy over one byte a
    character instead of a Python step per string and bracket; None when the text is not that
    plainly (then the bracket scan reads it).

    Plainly means: an even number of unescaped quotes, paired in order into strings that hold no
    line end; no backslash outside them; brackets outside them nested and matched (``{`` with
    ``}``, ``[`` with ``]``) into one outer container with only whitespace around it; every
    string after ``{ [ , :`` or whitespace and followed (after whitespace) by ``: , } ]``; and
    every ``"features"`` array opening on an object. On such a text the bracket scan meets no
    stray quote, broken string or mismatched bracket, so what it records follows from the
    structure alone: an object's member name is the last key (a string followed by ``:``) of
    its parent object before it; its type is the first string value (at most 23 characters, as
    written) whose last key before it is ``type``; a member of a collection is an object right
    inside a ``"features"`` array that is a member of an object; a geometry member is an
    object under the key ``geometry`` of an object. Linear: a few vectorised passes, then
    Python only for the strings and brackets that matter (keys and values of ``type``, and
    the objects recorded).

    >>> f = _scan_json_structural('{"type": "Feature", "geometry": {"type": "Point", "coordinates": [1, 2]}}')
    >>> f.closed, f.geometry_members
    ([(32, 72, 'Point'), (0, 73, 'Feature')], {0: (32, 72, 'Point')})
    >>> _scan_json_structural('Note: {"type": "Point"}') is None  # not one container alone
    True
    """
    n = len(text)
    first = _end(_WS, text, 0)
    last = back_over(text, n, _JSON_WS)
    if first >= last or text[first] not in "{[" or text[last - 1] not in "}]":
        return None
    raw = np.frombuffer(text.encode("latin-1", "replace"), dtype=np.uint8)
    quotes = np.flatnonzero(raw == 34)
    slashes = np.flatnonzero(raw == 92)
    if slashes.size:
        # a quote after an odd run of backslashes is escaped (read in Python: escapes are few)
        after = np.flatnonzero(raw[quotes - 1] == 92)  # (the first quote follows the "{" or "[")
        escaped = [i for i in after.tolist() if (int(quotes[i]) - back_over(text, int(quotes[i]), "\\", 8)) % 2]
        if escaped:
            quotes = np.delete(quotes, escaped)
    if quotes.size % 2:
        return None
    s_open, s_close = quotes[0::2], quotes[1::2]

    def inside(pos: np.ndarray) -> np.ndarray:
        return np.searchsorted(quotes, pos, "right") % 2 == 1

    if slashes.size and not inside(slashes).all():
        return None
    ends = np.flatnonzero((raw == 10) | (raw == 13))
    if ends.size and inside(ends).any():
        return None
    st = np.flatnonzero((raw == 123) | (raw == 125) | (raw == 91) | (raw == 93))
    st = st[~inside(st)]
    if st.size == 0 or st[0] != first or st[-1] != last - 1:
        return None
    kind = raw[st]
    is_open = (kind == 123) | (kind == 91)
    step = np.where(is_open, 1, -1)
    depth = np.cumsum(step)  # after each bracket
    if depth[-1] != 0 or (depth[:-1] <= 0).any():
        return None  # unbalanced, or more than one outer container
    level = depth + ~is_open  # an open's level (1 = outer), a close's = its open's
    order = np.argsort(level, kind="stable")
    lv, op, ps, kd = level[order], is_open[order], st[order], kind[order]
    if (op[0::2] != True).any() or (op[1::2] != False).any() or (lv[0::2] != lv[1::2]).any():  # noqa: E712
        return None
    if ((kd[1::2] - kd[0::2]) != 2).any():  # "{" (123) with "}" (125), "[" (91) with "]" (93)
        return None
    c_open, c_close, c_obj, c_level = ps[0::2], ps[1::2] + 1, kd[0::2] == 123, lv[0::2]
    by_pos = np.argsort(c_open)
    c_open, c_close, c_obj, c_level = c_open[by_pos], c_close[by_pos], c_obj[by_pos], c_level[by_pos]
    # strings: after { [ , : or whitespace; followed, after whitespace, by : , } ]
    if not _JSON_BYTE["{[,: \t\r\n"][raw[s_open - 1]].all():
        return None
    follower = raw[s_close + 1]  # (the outer container's last bracket follows every string)
    done = _JSON_BYTE[":,}]"][follower]
    if not done.all():
        space = np.flatnonzero(~done)
        if not _JSON_BYTE[" \t\r\n"][follower[space]].all():
            return None
        follower = follower.copy()
        for t, a in zip(space.tolist(), (s_close[space] + 1).tolist()):  # whitespace first
            a = _end(_WS, text, a)
            if text[a] not in ":,}]":
                return None
            follower[t] = ord(text[a])
    # the container around every string and every container: the last one opened before it on
    # the level its depth names (searched by level, then position)
    span = n + 1
    ckey = c_level.astype(np.int64) * span + c_open
    by_key = np.argsort(ckey, kind="stable")
    ckey = ckey[by_key]

    def container(lvl: np.ndarray, pos: np.ndarray) -> np.ndarray:
        return by_key[np.searchsorted(ckey, lvl.astype(np.int64) * span + pos) - 1]

    s_parent = container(depth[np.searchsorted(st, s_open) - 1], s_open)
    c_parent = container(np.maximum(c_level - 1, 1), c_open)
    c_parent[0] = -1  # the outer container
    in_obj = c_obj[s_parent]
    is_key = (follower == 58) & in_obj
    # the last key of the same object before a string or a container
    k_idx = np.flatnonzero(is_key)
    k_key = s_parent[k_idx].astype(np.int64) * span + s_open[k_idx]
    k_order = np.argsort(k_key)
    k_idx, k_key = k_idx[k_order], k_key[k_order]

    def last_key(parent: np.ndarray, pos: np.ndarray) -> np.ndarray:
        """Index (into the strings) of the last key of ``parent`` before ``pos``, or -1."""
        if not k_idx.size:
            return np.full(parent.size, -1)
        j = np.searchsorted(k_key, parent.astype(np.int64) * span + pos) - 1
        jj = np.maximum(j, 0)
        return np.where((j >= 0) & (s_parent[k_idx[jj]] == parent), k_idx[jj], -1)

    # the three names that matter, as written (a longer key would be read as "": none of them)
    word = np.zeros(s_open.size, dtype=np.int8)
    length = s_close - s_open - 1
    for code, name in ((1, "type"), (2, "features"), (3, "geometry")):
        hit = np.flatnonzero(length == len(name))
        for i, ch in enumerate(name.encode()):
            hit = hit[raw[s_open[hit] + 1 + i] == ch]
        word[hit] = code
    # object types: the first short string value whose last key is "type"
    values = np.flatnonzero(in_obj & (follower != 58) & (s_close - s_open <= _MAX_KEY))
    types: dict[int, str] = {}
    if values.size and k_idx.size:
        lk = last_key(s_parent[values], s_open[values])
        typed = values[(lk >= 0) & (word[np.maximum(lk, 0)] == 1)]
        for v, parent in zip(typed.tolist(), s_parent[typed].tolist()):
            if parent not in types:
                types[parent] = text[int(s_open[v]) + 1 : int(s_close[v])]
    # member names of containers inside objects ("features" and "geometry" are the ones read)
    nested = np.flatnonzero((c_parent >= 0) & c_obj[np.maximum(c_parent, 0)])
    names: dict[int, str] = {}
    if nested.size and k_idx.size:
        lk = last_key(c_parent[nested], c_open[nested])
        named = (lk >= 0) & (word[np.maximum(lk, 0)] >= 2)
        for c, k in zip(nested[named].tolist(), lk[named].tolist()):
            names[c] = "features" if word[k] == 2 else "geometry"
    closed: list[tuple[int, int, str]] = []
    members: dict[int, list[tuple[int, int, str]]] = {}
    geoms: dict[int, tuple[int, int, str]] = {}
    arrays: dict[int, tuple[int, int]] = {}
    for c, name in sorted(names.items()):
        parent = int(c_parent[c])
        if name == "geometry" and c_obj[c]:
            geoms[int(c_open[parent])] = (int(c_open[c]), int(c_close[c]), types.get(c) or "")
        elif name == "features" and not c_obj[c]:
            if text[_end(_WS, text, int(c_open[c]) + 1)] != "{":
                return None  # the bracket scan reads such an array its own way
            arrays[int(c_open[parent])] = (int(c_open[c]), int(c_close[c]))
    feature_arrays = {c for c, name in names.items() if name == "features" and not c_obj[c]}
    if feature_arrays:
        inner = np.flatnonzero(c_obj & np.isin(c_parent, np.fromiter(feature_arrays, dtype=np.int64)))
        for c in inner.tolist():
            container = int(c_open[c_parent[int(c_parent[c])]])
            members.setdefault(container, []).append((int(c_open[c]), int(c_close[c]), types.get(c) or ""))
    for c, typ in types.items():
        if typ in _ALL_TYPES and c_obj[c]:
            closed.append((int(c_open[c]), int(c_close[c]), typ))
    closed.sort(key=lambda t: t[1])
    return _JsonFound(closed=closed, members=members, geometry_members=geoms, features_arrays=arrays,
                      unclosed=[])


def _scan_json_all(text: str) -> _JsonFound:
    """:func:`_scan_json` without its shortcut for a text with no ``{``."""
    n = len(text)
    closed: list[tuple[int, int, str]] = []
    members: list[tuple[int, int, int, str]] = []  # (container, start, end, type), closing order
    geoms: list[tuple[int, int, int, str]] = []  # (parent, start, end, type), closing order
    arrays: list[tuple[int, int, int]] = []  # "features" arrays: (parent, start, end)
    member_count: dict[int, int] = {}
    unclosed: list[tuple[int, str, str | None, str]] = []
    stack: list[_Frame] = []
    out_search, in_search = _JSON_OUT.search, _JSON_IN.search
    members_match = _JSON_MEMBERS.match

    def undo_after(limit: int) -> None:
        """Forget objects that closed after ``limit``: they were read in a broken string state."""
        while closed and closed[-1][1] > limit:
            closed.pop()
        while members and members[-1][2] > limit:
            member_count[members.pop()[0]] -= 1
        while geoms and geoms[-1][2] > limit:
            geoms.pop()
        while arrays and arrays[-1][2] > limit:
            arrays.pop()

    def flush(limit: int, reason: str) -> None:
        """Reset: the outermost open GeoJSON-typed object (opened before ``limit``) is unclosed."""
        pick = -1
        fc = -1
        for idx, f in enumerate(stack):
            if f.pos >= limit:
                break
            if f.obj and f.type in _ALL_TYPES:
                if f.type != "FeatureCollection":
                    pick = idx
                    break
                if fc < 0:
                    fc = idx
        if pick < 0 and fc >= 0:
            pick = fc  # its closed features end its span when the units are merged
        if pick >= 0:
            f = stack[pick]
            hint = f.type if f.type in GEOJSON_TO_OGC else None
            if f.type == "Feature":
                for g in stack[pick + 1 :]:
                    if g.pos < limit and g.obj and g.key == "geometry" and g.type in GEOJSON_TO_OGC:
                        hint = g.type
                        break
            unclosed.append((f.pos, f.type or "", hint, reason))
            # an open collection around it too: its head would otherwise be neither protected
            # nor reported when the object is in a later block (its closed features, and the
            # object, end its span when the units are merged)
            for g in stack[:pick]:
                if g.obj and g.type == "FeatureCollection":
                    unclosed.append((g.pos, g.type, None, reason))
            # deeper open objects too: the outer one is protected only to the end of its block,
            # so one in a later block would be neither protected nor reported (duplicates in
            # the same block are dropped when the units are read)
            for g in stack[pick + 1 :]:
                if g.pos < limit and g.obj and g.type in _ALL_TYPES:
                    unclosed.append((g.pos, g.type or "", g.type if g.type in GEOJSON_TO_OGC else None, reason))
        stack.clear()

    pos = 0
    rescanned_to = -1
    stray_until = -1  # quotes before this offset were skipped as escapes by a rejected string
    while True:
        m = out_search(text, pos)
        if m is None:
            break
        i = m.start()
        c = text[i]
        if c == '"':
            if i < stray_until or (stack and text[i - 1] not in _STRING_MAY_FOLLOW):
                pos = i + 1  # a quote no JSON string can start at: prose (or an escape in one)
                continue
            if stack and stack[-1].obj:
                # members with plain keys and scalar values, each followed by a comma, read at
                # once: all they leave is the last key. A run stops before a "type" member (read
                # one string at a time); a new run starts after it: each member is matched once
                run = members_match(text, i)
                if run.end() > i:
                    key = run.group("last")
                    key = run.group(1) if key is None else key
                    stack[-1].last_key = key if len(key) < _MAX_KEY else ""
                    pos = run.end()
                    continue
            j = i + 1
            while True:
                m2 = in_search(text, j)
                if m2 is None:
                    k, ch = n, ""
                    break
                k = m2.start()
                ch = text[k]
                if ch != "\\":
                    break
                j = k + 2
            if ch == '"':
                after = text[k + 1 : k + 2]
                if (after not in _STRING_FOLLOWERS and not _may_end_string(text, k + 1, bool(stack))) or (
                    not stack and _opens_before(text, i, k)
                ):
                    # What follows cannot follow a string: the opening quote was prose (a stray
                    # quote between Features, an unpaired quotation mark). Read on after it; the
                    # quotes this string skipped as escapes are prose too (each char is read in
                    # a string at most once: linear).
                    stray_until = k
                    pos = i + 1
                    continue
                pos = k + 1
                if stack and stack[-1].obj:
                    top = stack[-1]
                    colon = _JSON_COLON.match(text, pos)
                    if colon is not None:
                        top.last_key = text[i + 1 : k] if k - i <= _MAX_KEY else ""
                        pos = colon.end()
                    elif top.last_key == "type" and top.type is None and k - i <= _MAX_KEY:
                        top.type = text[i + 1 : k]
                continue
            # A raw newline (or the end of the text) inside a "string": it was not JSON, and
            # some quote on this line is prose (an inch mark, an unpaired quotation mark).
            reason = "a string breaks at a newline" if ch else "a string never closes"
            if k > rescanned_to:
                # Read the line once more with one quote taken as prose: the one that opened
                # this string if a GeoJSON object already closed on this line, else the line's
                # first quote. A line is re-read at most once, so the scan stays linear.
                rescanned_to = k
                line_start = lines_of(text).start(i)  # \r, \r\n or \n; O(log n)
                if closed and closed[-1][1] > line_start:
                    stray = i
                else:
                    stray = text.find('"', line_start, i + 1)
                undo_after(stray)
                flush(stray, reason)
                pos = stray + 1
            else:
                undo_after(i)
                flush(i, reason)
                pos = k + 1
            continue
        if c == "[":
            parent = stack[-1] if stack else None
            key = None
            if parent is not None and parent.obj:
                key = parent.last_key
                r = _end(_JSON_NUMERIC, text, i)
                if text.count("[", i, r) == text.count("]", i, r):
                    pos = r  # an array of plain numbers: nothing inside can be a unit
                    continue
            pos = _end(_JSON_OPEN_RUN, text, i)
            stack.append(_Frame(i, False, key, -1, text.count("[", i, pos)))
            continue
        if c == "{":
            parent = stack[-1] if stack else None
            key = None
            container = -1
            if parent is not None:
                if parent.obj:
                    key = parent.last_key
                elif parent.key == "features" and parent.count == 1 and len(stack) >= 2:
                    if stack[-2].obj:
                        container = stack[-2].pos
            stack.append(_Frame(i, True, key, container))
            pos = i + 1
            continue
        if c == "]":
            pos = _end(_JSON_CLOSE_RUN, text, i)
            todo = text.count("]", i, pos)
            used = 0  # closers of this run consumed so far
            while todo and stack and not stack[-1].obj:
                top = stack[-1]
                take = min(todo, top.count)
                top.count -= take
                todo -= take
                used += take
                if top.count == 0:
                    stack.pop()
                    if top.key == "features" and take == 1 and stack and stack[-1].obj:
                        at = i  # find this frame's "]" (once per features array: linear)
                        for _ in range(used - 1):
                            at = text.index("]", at + 1)
                        arrays.append((stack[-1].pos, top.pos, at + 1))
            if todo and stack:
                flush(n, f"mismatched ']' at offset {i}")
            continue
        # "}"
        pos = i + 1
        if not stack:
            continue
        top = stack[-1]
        if not top.obj:
            flush(n, f"mismatched '}}' at offset {i}")
            continue
        stack.pop()
        if top.type in _ALL_TYPES:
            closed.append((top.pos, pos, top.type or ""))
        if top.container >= 0:
            members.append((top.container, top.pos, pos, top.type or ""))
            member_count[top.container] = member_count.get(top.container, 0) + 1
        if top.key == "geometry" and stack and stack[-1].obj:
            geoms.append((stack[-1].pos, top.pos, pos, top.type or ""))
    flush(n, "no closing '}' before the end of the text")

    by_container: dict[int, list[tuple[int, int, str]]] = {}
    for container, s, e, typ in members:
        by_container.setdefault(container, []).append((s, e, typ))
    return _JsonFound(
        closed=closed,
        members=by_container,
        geometry_members={parent: (s, e, typ) for parent, s, e, typ in geoms},
        features_arrays={parent: (s, e) for parent, s, e in arrays},
        unclosed=unclosed,
    )


# ============================================================================================
# GeoJSON: reading the units

_DECODER = json.JSONDecoder()
_MISSING = object()


@dataclass(frozen=True)
class _PendingCollection:
    start: int
    end: int
    crs_json: str | None
    header_json: str


def _compact(value: Any) -> str | None:
    try:
        return compact_json(value)
    except (TypeError, ValueError, RecursionError):
        return None


class _Decoder:
    """``raw_decode`` at known object offsets; remembers where decoding failed.

    An object that encloses a known syntax error cannot decode either, so it is not decoded
    again. This keeps nested broken objects linear.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.errors: list[tuple[int, str]] = []

    def decode(self, s: int, e: int) -> tuple[Any, str | None]:
        i = bisect_left(self.errors, (s, ""))
        if i < len(self.errors) and self.errors[i][0] < e:
            return None, self.errors[i][1]
        try:
            obj, end = _DECODER.raw_decode(self.text, s)
        except RecursionError:
            return None, "JSON nested too deeply to read"
        except ValueError as exc:
            at = getattr(exc, "pos", s)
            msg = f"not valid JSON: {getattr(exc, 'msg', str(exc))} at offset {at}"
            insort(self.errors, (at, msg))
            return None, msg
        if end != e:
            return None, f"not valid JSON: the object ends at offset {end}, not {e}"
        return obj, None


def _status(parsed: Parsed) -> tuple[SpanStatus, str | None]:
    return ("ok", None) if parsed.error is None else ("unparseable", parsed.error)


_READ_AHEAD_CHARS = 1 << 20  # GeoJSON geometry text read ahead by one vectorised call (at most)
_GAP = re.compile(r"[ \t\r\n]*+")
_COMMA_GAP = re.compile(r"[ \t\r\n]*+,[ \t\r\n]*+")


class _UnitReader:
    """Reads GeoJSON units from their offsets without decoding coordinates into Python.

    Geometries are parsed from their source text by :func:`geochunk.detection.geometry.parse_geojson`
    (GEOS); a Feature is decoded with its geometry member replaced by ``null``; a collection's
    header with its features array replaced by ``[]``. Whenever a shortcut does not apply
    (unusual layout, invalid JSON), the whole object is decoded instead, which also gives the
    error message.
    """

    def __init__(self, text: str, found: _JsonFound) -> None:
        self.text = text
        self.found = found
        self.decoder = _Decoder(text)
        self.read: dict[tuple[int, int], Parsed] = {}  # geometry texts read ahead, by offsets

    def read_ahead(self) -> None:
        """Parse, by one vectorised call, the geometry text of every outermost closed object
        (and of each member of an outermost collection): the ones :meth:`unit` will ask for.
        They are disjoint, so the text read is at most the document (linear)."""
        found, wanted = self.found, []
        covered = -1
        for s, e, typ in sorted(found.closed, key=lambda t: (t[0], -t[1])):
            if s < covered:
                continue
            covered = e
            for ms, me, mtyp in found.members.get(s, []) if typ == "FeatureCollection" else [(s, e, typ)]:
                if mtyp in GEOJSON_TO_OGC:
                    wanted.append((ms, me))
                elif mtyp == "Feature" and (located := found.geometry_members.get(ms)) is not None:
                    wanted.append(located[:2])
        text = self.text
        # a batch at a time: the texts of all of them at once would be a copy of most of the
        # document (as for the WKT spans, see _PARSE_BATCH)
        i = 0
        while i < len(wanted):
            j, chars = i, 0
            while j < len(wanted) and j - i < _PARSE_BATCH and chars < _READ_AHEAD_CHARS:
                chars += wanted[j][1] - wanted[j][0]
                j += 1
            batch = wanted[i:j]
            for at, parsed in zip(batch, parse_geojson_many([text[a:b] for a, b in batch])):
                self.read[at] = parsed
            i = j

    def _geometry(self, s: int, e: int, geometry_text: str) -> Parsed:
        """:func:`parse_geojson` of ``text[s:e]`` (``geometry_text``), read ahead when it was."""
        parsed = self.read.pop((s, e), None)
        return parse_geojson(geometry_text) if parsed is None else parsed

    def _decode_without(self, s: int, e: int, hole: tuple[int, int], filler: str) -> Any:
        """Decode ``text[s:e]`` with ``text[hole]`` replaced by ``filler``; None if invalid."""
        text = self.text
        try:
            return json.loads(text[s : hole[0]] + filler + text[hole[1] : e])
        except (ValueError, RecursionError):
            return None

    def unit(self, s: int, e: int, typ: str, collection: int | None) -> Span | None:
        """The span of the GeoJSON geometry or Feature object at ``[s, e)``; None if neither."""
        text = self.text
        if typ in GEOJSON_TO_OGC:
            gtext = text[s:e]
            status, error = _status(parsed := self._geometry(s, e, gtext))
            remember("geojson", gtext, parsed)
            if status != "ok":
                _, err = self.decoder.decode(s, e)  # invalid JSON says so first
                error = err or error
            # the span reads its geometry text from the document (as WKT spans do), not a copy
            return Span(s, e, "geojson_geometry", GEOJSON_TO_OGC[typ], "", dims=parsed.dims, status=status,
                        error=error, collection=collection)._read_from(text, s, e)  # fmt: skip
        if typ != "Feature":
            return None
        located = self.found.geometry_members.get(s)
        obj = self._decode_without(s, e, located[:2], "null") if located else None
        if obj is None:
            obj, err = self.decoder.decode(s, e)
            if err is not None:
                return Span(s, e, "geojson_feature", None, text[s:e], status="unparseable",
                            error=err, collection=collection)  # fmt: skip
            located = None
        if not isinstance(obj, dict):
            return None
        props = obj.get("properties", _MISSING)
        fid, id_source = geojson_id(obj, props)
        common: dict[str, Any] = dict(
            feature_id=fid,
            id_source=id_source,
            properties_json=None if props is _MISSING else _compact(props),
            collection=collection,
        )
        gtype: str | None
        if located is not None:
            gs, ge, found_type = located
            gtype = found_type or None
            geometry_text = text[gs:ge]
            parsed = self._geometry(gs, ge, geometry_text)
            remember("geojson", geometry_text, parsed)
        else:
            geometry = obj.get("geometry", _MISSING)
            if geometry is _MISSING:
                return Span(s, e, "geojson_feature", None, "null", status="unparseable",
                            error='a Feature needs a "geometry" member', **common)  # fmt: skip
            if geometry is None:
                return Span(s, e, "geojson_feature", None, "null", **common)
            geometry_text = _compact(geometry) or "null"
            gtype = geometry.get("type") if isinstance(geometry, dict) else None
            parsed = parse_geojson_object(geometry)
            remember("geojson", geometry_text, parsed)
        if gtype not in GEOJSON_TO_OGC:
            error = f"a Feature's geometry must be a GeoJSON geometry object, got type {gtype!r}"
            return Span(s, e, "geojson_feature", None, geometry_text, status="unparseable",
                        error=error, **common)  # fmt: skip
        status, error = _status(parsed)
        span = Span(s, e, "geojson_feature", GEOJSON_TO_OGC[gtype], "" if located else geometry_text,
                    dims=parsed.dims, status=status, error=error, **common)  # fmt: skip
        # a located geometry's text is read from the document on access (as WKT spans' is), not
        # held as a copy: ~0.7x a GeoJSON of 20k small features, 1x a one-geometry one (issue #13)
        return span._read_from(text, located[0], located[1]) if located else span

    def _members_only(self, features: tuple[int, int], members: list[tuple[int, int, str]]) -> bool:
        """The features array holds nothing but its object members, comma separated."""
        text = self.text
        at = features[0] + 1
        for k, (ms, me, _) in enumerate(members):
            gap = _GAP if k == 0 else _COMMA_GAP
            m = gap.match(text, at, ms)
            if m is None or m.end() != ms:
                return False
            at = me
        return _end(_GAP, text, at) == features[1] - 1

    def collection(self, s: int, e: int, index: int) -> tuple[list[Span], _PendingCollection] | str:
        """The member spans and the record of a FeatureCollection, or why it is not one."""
        members = self.found.members.get(s, [])
        features = self.found.features_arrays.get(s)
        header: Any = None
        if features is not None and self._members_only(features, members):
            header = self._decode_without(s, e, features, "[]")
        if header is None:
            obj, err = self.decoder.decode(s, e)
            if err is not None:
                return err
            feats = obj.get("features") if isinstance(obj, dict) else None
            if not isinstance(feats, list):
                return 'a FeatureCollection needs a "features" array'
            if sum(isinstance(f, dict) for f in feats) != len(members):
                return "the features array could not be matched to its objects"
            header = obj
        spans = []
        for ms, me, typ in members:
            span = self.unit(ms, me, typ, index)
            if span is not None:
                spans.append(span)
        crs = header.get("crs")
        record = _PendingCollection(
            s,
            e,
            None if crs is None else _compact(crs),
            _compact({k: ([] if k == "features" else v) for k, v in header.items()})
            or '{"type":"FeatureCollection","features":[]}',
        )
        return spans, record


def _json_units(
    text: str, found: _JsonFound, blocks: _BlockEnds
) -> tuple[list[Span], list[_PendingCollection], list[_Deferred]]:
    """Read closed candidates outermost first; add the unclosed ones.

    An unclosed object in the block of an earlier one is covered by it, unless a closed unit
    between them ends the earlier guess when the units are merged: it is returned apart
    (without its text) for :func:`_merge` to protect then.
    """
    spans: list[Span] = []
    collections: list[_PendingCollection] = []
    reader = _UnitReader(text, found)
    reader.read_ahead()
    covered = -1
    for s, e, typ in sorted(found.closed, key=lambda t: (t[0], -t[1])):
        if s < covered:
            continue
        if typ == "FeatureCollection":
            result = reader.collection(s, e, len(collections))
            if isinstance(result, tuple):
                spans.extend(result[0])
                collections.append(result[1])
                covered = e
            elif not found.members.get(s):
                spans.append(Span(s, e, "geojson_feature", None, text[s:e], status="unparseable",
                                  error=result))  # fmt: skip
                covered = e
            else:
                # a broken collection (a stray quote between its features, ...): its features
                # still stand alone; its head, up to the first one, is reported, as an
                # unclosed collection's head is
                first = min(ms for ms, _, _ in found.members[s])
                spans.append(Span(s, first, "geojson_feature", None, text[s:first],
                                  status="unparseable",
                                  error=f"{result}; its features are read one by one"))  # fmt: skip
            continue
        span = reader.unit(s, e, typ, None)
        if span is not None:
            spans.append(span)
            covered = e
    deferred: list[_Deferred] = []
    last_end = -1
    pending = sorted(found.unclosed)
    for at, (s, typ, hint, reason) in enumerate(pending):
        kind: SpanKind = "geojson_geometry" if typ in GEOJSON_TO_OGC else "geojson_feature"
        error = f"unclosed GeoJSON {typ} object ({reason}); protected to the end of its block"
        geom_type = GEOJSON_TO_OGC.get(hint or "")
        if s < last_end:
            # same block as the previous unclosed object: covered by it, unless a closed unit
            # between them cuts that guess short (decided in _merge)
            deferred.append(_Deferred(s, last_end, kind, geom_type, error))
            continue
        end = max(blocks.end(s), s + 1)
        if typ == "FeatureCollection" and at + 1 < len(pending) and pending[at + 1][0] < end:
            # an open object in the collection's block ends its head (as its closed features
            # do): the object is protected and reported on its own
            end = pending[at + 1][0]
            error = f"unclosed GeoJSON {typ} object ({reason}); its head is protected"
        last_end = end
        spans.append(Span(s, end, kind, geom_type, text[s:end], status="unclosed", error=error))
    return spans, collections, deferred


_PARSE_BATCH = 4096  # WKT spans parsed by one vectorised call in _merge


def _parsed_batch(spans: list[Span]) -> list[tuple[str, Parsed]]:
    """Each span's geometry text (read once) and its parse, by one vectorised call."""
    texts = [sp.geometry_text for sp in spans]
    return list(zip(texts, parse_wkt_many(texts)))


@dataclass(frozen=True)
class _Deferred:
    """An unclosed GeoJSON object inside an earlier one's block (its span, not yet sliced)."""

    start: int
    end: int
    kind: SpanKind
    geom_type: str | None
    error: str


# ============================================================================================
# merge


def _merge(
    text: str,
    wkt: list[Span],
    json_spans: list[Span],
    pending: list[_PendingCollection],
    deferred: list[_Deferred],
    max_features: int | None = None,
) -> Detection:
    ranges = sorted((c.start, c.end) for c in pending)
    starts = [r[0] for r in ranges]

    def in_collection(s: int) -> bool:
        i = bisect_left(starts, s + 1) - 1
        return i >= 0 and ranges[i][0] < s < ranges[i][1]

    # WKT (and anything else) inside a collection's wrapper text belongs to the collection.
    if ranges:
        candidates = [sp for sp in wkt if not in_collection(sp.start)]
        candidates += [
            sp for sp in json_spans if sp.collection is not None or not in_collection(sp.start)
        ]
    else:  # (no collection: nothing is inside one)
        candidates = wkt + json_spans
    candidates.sort(key=lambda sp: (sp.start, -sp.end))

    # Unclosed objects in an earlier guess's block: protected only where a closed unit cut that
    # guess short. Each ends at the next closed candidate (which would cut it there anyway), so
    # the text sliced for them is disjoint: linear.
    waiting = sorted((d for d in deferred if not in_collection(d.start)), key=lambda d: d.start)
    next_closed = [len(text)] * (len(candidates) + 1)
    for i in range(len(candidates) - 1, -1, -1):
        sp = candidates[i]
        next_closed[i] = sp.start if sp.status != "unclosed" else next_closed[i + 1]
    w = 0

    def protect_waiting(before: int, i: int) -> None:
        """Protect the deferred objects starting before ``before`` that no kept span covers."""
        nonlocal w
        while w < len(waiting) and waiting[w].start < before:
            d = waiting[w]
            w += 1
            if kept and d.start < kept[-1].end:
                last = kept[-1]
                if last.status == "unclosed" and d.end > last.end:
                    text_start = last.end - len(last.geometry_text)
                    kept[-1] = replace(last, end=d.end, geometry_text=text[text_start : d.end])
                continue  # covered (a closed unit around it is the truth)
            end = min(d.end, next_closed[i])
            if end > d.start:
                kept.append(Span(d.start, end, d.kind, d.geom_type, text[d.start : end],
                                 status="unclosed", error=d.error))  # fmt: skip

    kept: list[Span] = []
    for ci, sp in enumerate(candidates):
        protect_waiting(sp.start, ci)
        if kept and sp.start < kept[-1].end:
            last = kept[-1]
            if last.status == "unclosed" and sp.status != "unclosed" and sp.start > last.start:
                j = sp.start
                while j > last.start and text[j - 1] in " \t\r\n":
                    j -= 1
                if last.kind != "wkt" or text[j - 1] not in "(,":
                    # a closed geometry inside an unclosed guess's block ends the guess there:
                    # it is found as usual, never swallowed (a WKT member after "(" or ","
                    # still belongs to its unclosed GEOMETRYCOLLECTION)
                    text_start = last.end - len(last.geometry_text)
                    kept[-1] = replace(last, end=sp.start, geometry_text=text[text_start : sp.start])
                    kept.append(sp)
                    continue
            if sp.end <= last.end:
                continue  # contained: the outermost wins
            if last.status == "unclosed":
                end = sp.end
                text_start = last.end - len(last.geometry_text)
                kept[-1] = replace(last, end=end, geometry_text=text[text_start:end])
            # else: a partial overlap is only ever an unclosed guess starting inside a closed
            # unit; the closed unit is the truth.
            continue
        kept.append(sp)
    protect_waiting(len(text) + 1, len(candidates))
    if max_features is not None and len(kept) > max_features:
        raise too_many_features(max_features)

    # Parse the WKT that survived (one vectorised read); decide ok / unparseable.
    final: list[Span] = []
    # a batch of geometry texts at a time: they are read from the document (Span.sliced), so
    # the texts of all spans at once would be a copy of most of it (and GEOS's scratch beside)
    todo = [sp for sp in kept if sp.kind == "wkt" and sp.status == "ok"]
    results = chain.from_iterable(_parsed_batch(todo[i : i + _PARSE_BATCH])
                                  for i in range(0, len(todo), _PARSE_BATCH))
    read: list[tuple[str, Parsed]] = []  # remembered together (one hold of the cache's lock)
    for sp in kept:
        if sp.kind == "wkt" and sp.status == "ok":
            wkt, parsed = next(results)
            read.append((wkt, parsed))
            if len(read) >= _PARSE_BATCH:
                remember_many("wkt", read)
                read = []
            if parsed.error is not None:
                sp = replace(sp, status="unparseable", error=parsed.error)
            elif not sp.dims and parsed.dims:
                sp = replace(sp, dims=parsed.dims)
        final.append(sp)
    remember_many("wkt", read)

    # Collections survive only whole.
    expected: dict[int, int] = {}
    for sp in json_spans:
        if sp.collection is not None:
            expected[sp.collection] = expected.get(sp.collection, 0) + 1
    present: dict[int, list[int]] = {}
    for idx, sp in enumerate(final):
        if sp.collection is not None:
            present.setdefault(sp.collection, []).append(idx)
    renumber: dict[int, int] = {}
    collections: list[Collection] = []
    for old, pc in enumerate(pending):
        idxs = present.get(old, [])
        if len(idxs) != expected.get(old, 0):
            continue
        renumber[old] = len(collections)
        collections.append(Collection(pc.start, pc.end, tuple(idxs), pc.crs_json, pc.header_json))
    out = [
        sp if sp.collection is None or renumber.get(sp.collection) == sp.collection
        else replace(sp, collection=renumber.get(sp.collection))
        for sp in final
    ]  # fmt: skip
    return Detection(spans=tuple(out), collections=tuple(collections))
