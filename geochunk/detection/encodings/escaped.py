"""Geometry stored as a string: GeoJSON, GML or KML escaped inside a JSON string or a CSV cell.

A geometry column is often written as text inside another format: ``{"geom": "{\\"type\\":
\\"Polygon\\", ...}"}`` (JSON in a JSON string: every ``"`` written ``\\"``, PHP writes ``/`` as
``\\/`` too), ``1,"{""type"":""Point"", ...}"`` (a CSV cell: every ``"`` doubled),
``"<gml:Point srsName=\\"EPSG:4326\\">..."``. The escapes hide the geometry from the other
scans, so :func:`find_escaped` reads such strings itself:

1. **Pre-check.** C-speed searches for an escaped ``"type"`` key (``\\"type\\"``, ``""type""``,
   or the two mixed: ``\\""type\\""`` is JSON in a CSV cell) or a GML/KML start tag beside an
   escape. A text without one pays nothing more.
2. **The string.** Each hit's quoted string is found by a tokenizer that reads the line the hit
   sits on from its start (a JSON string never spans lines; a CSV cell may, and is read on from
   its first line) with one possessive regex per style: ``"(?:[^"\\\\\\r\\n]|\\\\.)*+"`` (JSON,
   backslash escapes) or ``"(?:[^"]|"")*+"`` (CSV, doubled quotes). The tokenizer only moves
   forward and hits inside a string already read are skipped, so every character is read once.
3. **Decode and detect.** A string that holds an escape is decoded (``\\uXXXX`` and surrogate
   pairs included) into its text and a map from decoded offsets back to source offsets; the
   text is detected like a document (``detect`` is passed in, so a string inside a string is
   read too, :data:`MAX_DEPTH` levels deep).
4. **Units.** GeoJSON, GML and KML units of the decoded text are kept (WKT and hex WKB need no
   unescaping: the ordinary scans find them in place). A string that holds one unit is the unit,
   quotes included, so a chunk holding it holds the whole string; several units in a string (an
   escaped FeatureCollection) are units each, at their mapped offsets. ``geometry_text`` is the
   decoded geometry (what a parser needs), ``kind`` the decoded unit's. A unit the decoded text
   leaves unclosed is closed by its string: it is reported ``unparseable``.

:func:`quoting` tells a unit's source text is such a string and :func:`decode`/:func:`encode`
read and write it, so the oversize escape rewrites the geometry inside and escapes it again.

>>> text = '{"id": 7, "geom": "{\\\\"type\\\\": \\\\"Point\\\\", \\\\"coordinates\\\\": [1, 2]}"}'
>>> from geochunk.detection.scan import detect
>>> [(s.kind, s.geom_type, text[s.start:s.end][:12], s.geometry_text) for s in detect(text).spans]
[('geojson_geometry', 'POINT', '"{\\\\"type\\\\": ', '{"type": "Point", "coordinates": [1, 2]}')]
>>> csv = 'id,geom\\n1,"{""type"":""Point"",""coordinates"":[3,4]}"\\n'
>>> [(s.kind, s.geometry_text) for s in detect(csv).spans]
[('geojson_geometry', '{"type":"Point","coordinates":[3,4]}')]
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from dataclasses import dataclass, replace
from typing import Callable, Iterator, Literal, Sequence

from geochunk.model import Span

__all__ = ["MAX_DEPTH", "Decoded", "decode", "encode", "find_escaped", "quoted_extent", "quoting"]

#: Strings inside strings read at most this deep (each level at least doubles the backslashes).
MAX_DEPTH = 4

Quoting = Literal["json", "csv"]

_KEEP = frozenset({"geojson_geometry", "geojson_feature", "gml", "kml"})
_JSON_STRING = re.compile(r'"(?:[^"\\\r\n]|\\.)*+"')
_CSV_STRING = re.compile(r'"(?:[^"]|"")*+"')
_JSON_CONTENT = re.compile(r'(?:[^"\\\r\n]|\\.)*+')
_CSV_CONTENT = re.compile(r'(?:[^"]|"")*+')
_XML_HIT = re.compile(
    r"<(?:[A-Za-z_][\w.\-]*+:)?+(?:Point|LineString|LinearRing|Polygon|Multi[A-Za-z]++|Envelope"
    r"|Box|Curve|Surface|CompositeSurface|CompositeCurve|CompositeSolid|Solid|OrientableSurface"
    r"|TriangulatedSurface|Tin|PolyhedralSurface|Placemark)[\s/>\\]"
)
# an escaped "type" key at any depth and mix of escaping (``\\"type``, ``""type``, ``\\""type``
# for JSON in a CSV cell, ``\\\\\\"type``): a run of backslashes and quotes, matched only where the
# run starts (the look-behind), so a long run is read once, not once per character
_KEY = re.compile(r'(?<![\\"])[\\"]++type(?=[\\"])')
_ESCAPE = re.compile(r"\\(?:u[0-9a-fA-F]{4}|[\s\S])")
_SIMPLE = {"n": "\n", "r": "\r", "t": "\t", "b": "\b", "f": "\f"}


class Decoded:
    """A quoted string's decoded text and the map back to the source, made when first asked
    for (a string holding one unit never needs it).

    ``seg_dec``/``seg_src``/``seg_len`` describe the segments the text is made of: segment ``k``
    starts at ``seg_dec[k]`` in the text and ``seg_src[k]`` in the source; a plain segment
    (``seg_len[k] == 0``) maps one to one, an escape (``seg_len[k]`` source characters) is one
    character of the text.
    """

    __slots__ = ("text", "_source", "_lo", "src_end", "_style", "_segs")

    def __init__(self, text: str, source: str, lo: int, hi: int, style: Quoting) -> None:
        self.text = text
        self._source, self._lo, self.src_end, self._style = source, lo, hi, style
        self._segs: tuple[list[int], list[int], list[int]] | None = None

    def _map(self) -> tuple[list[int], list[int], list[int]]:
        if self._segs is None:
            got = _decoded(self._source, self._lo, self.src_end, self._style)
            self._segs = got.seg_dec, got.seg_src, got.seg_len
        return self._segs

    @property
    def seg_dec(self) -> list[int]:
        return self._map()[0]

    @property
    def seg_src(self) -> list[int]:
        return self._map()[1]

    @property
    def seg_len(self) -> list[int]:
        return self._map()[2]

    def source_start(self, d: int) -> int:
        """The source offset where the text's character ``d`` starts."""
        if d >= len(self.text):
            return self.src_end
        k = bisect_right(self.seg_dec, d) - 1
        if self.seg_len[k]:
            return self.seg_src[k]
        return self.seg_src[k] + d - self.seg_dec[k]

    def source_end(self, d: int) -> int:
        """The source offset just after the text's character ``d - 1`` (an exclusive end)."""
        if d <= 0:
            return self.seg_src[0] if self.seg_src else self.src_end
        k = bisect_right(self.seg_dec, d - 1) - 1
        if self.seg_len[k]:
            return self.seg_src[k] + self.seg_len[k]
        return self.seg_src[k] + d - self.seg_dec[k]


def decode(text: str, lo: int, hi: int, style: Quoting) -> Decoded:
    """Decode the content ``text[lo:hi]`` of a quoted string (without its quotes): the text at
    C speed, the map back to the source when first used.

    >>> d = decode('x"a\\\\"b\\\\u00e9"', 2, 12, "json")
    >>> d.text, d.source_start(2), d.source_end(4)
    ('a"bé', 5, 12)
    >>> decode('"a""b"', 1, 5, "csv").text
    'a"b'
    """
    if style == "csv":
        return Decoded(text[lo:hi].replace('""', '"'), text, lo, hi, style)
    try:
        plain = json.loads(text[lo - 1 : hi + 1])  # (the quotes around the content)
    except ValueError:  # an escape JSON does not know (\x): read one by one below
        return _decoded(text, lo, hi, style).decoded(text, lo, hi)
    return Decoded(plain, text, lo, hi, style)


@dataclass(frozen=True)
class _Segments:
    text: str
    seg_dec: list[int]
    seg_src: list[int]
    seg_len: list[int]

    def decoded(self, source: str, lo: int, hi: int) -> Decoded:
        d = Decoded(self.text, source, lo, hi, "json")
        d._segs = (self.seg_dec, self.seg_src, self.seg_len)
        return d


def _decoded(text: str, lo: int, hi: int, style: Quoting) -> _Segments:
    """The decoded text of ``text[lo:hi]`` and its segments, one escape at a time."""
    seg_dec: list[int] = []
    seg_src: list[int] = []
    seg_len: list[int] = []
    out: list[str] = []
    d = 0
    pos = lo

    def plain(a: int, b: int) -> None:
        nonlocal d
        if b > a:
            seg_dec.append(d)
            seg_src.append(a)
            seg_len.append(0)
            out.append(text[a:b])
            d += b - a

    def escape(at: int, length: int, char: str) -> None:
        nonlocal d
        seg_dec.append(d)
        seg_src.append(at)
        seg_len.append(length)
        out.append(char)
        d += len(char)  # one character (a surrogate pair decodes to one)

    if style == "csv":
        while True:
            i = text.find('""', pos, hi)
            if i < 0:
                break
            plain(pos, i)
            escape(i, 2, '"')
            pos = i + 2
        plain(pos, hi)
    else:
        for m in _ESCAPE.finditer(text, lo, hi):
            i = m.start()
            if i < pos:
                continue  # the low half of a surrogate pair read with its high half
            plain(pos, i)
            raw = m.group()
            c = raw[1]
            if c == "u":
                code = int(raw[2:], 16)
                if 0xD800 <= code < 0xDC00 and text.startswith("\\u", m.end()) and m.end() + 6 <= hi:
                    low = text[m.end() + 2 : m.end() + 6]
                    try:
                        low_code = int(low, 16)
                    except ValueError:
                        low_code = -1
                    if 0xDC00 <= low_code < 0xE000:
                        both = 0x10000 + ((code - 0xD800) << 10) + (low_code - 0xDC00)
                        escape(i, 12, chr(both))
                        pos = i + 12
                        continue
                escape(i, 6, chr(code))
            else:
                escape(i, 2, _SIMPLE.get(c, c))
            pos = m.end()
        plain(pos, hi)
    return _Segments("".join(out), seg_dec, seg_src, seg_len)


def encode(text: str, style: Quoting) -> str:
    """``text`` as the content of a quoted string of ``style`` (no quotes around it).

    >>> encode('{"a": "x/y"}', "json"), encode('{"a": 1}', "csv")
    ('{\\\\"a\\\\": \\\\"x/y\\\\"}', '{""a"": 1}')
    """
    if style == "csv":
        return text.replace('"', '""')
    return json.dumps(text, ensure_ascii=False)[1:-1]


def quoting(source: str) -> Quoting | None:
    """The style of the quoted string that ``source`` is wholly, when it holds an escape
    (else None: nothing to decode).

    >>> quoting('"{\\\\"type\\\\": 1}"'), quoting('"{""type"": 1}"'), quoting('"plain"'), quoting("{}")
    ('json', 'csv', None, None)
    """
    if len(source) < 2 or source[0] != '"' or source[-1] != '"':
        return None
    if "\\" in source and _JSON_STRING.fullmatch(source):
        return "json"
    if '""' in source[1:-1] and _CSV_STRING.fullmatch(source):
        return "csv"
    return None


def quoted_extent(source: str) -> tuple[Quoting, int, int] | None:
    """Where the escaped content of a unit's source text lies, and its style: a whole quoted
    string (its content, quotes excluded) or bare escaped content (a unit among several in one
    string); None when ``source`` holds no escape to undo.

    >>> quoted_extent('"{\\\\"a\\\\": 1}"'), quoted_extent('{\\\\"a\\\\": 1}'), quoted_extent('{"a": 1}')
    (('json', 1, 11), ('json', 0, 10), None)
    """
    style = quoting(source)
    if style is not None:
        return style, 1, len(source) - 1
    if "\\" in source and _JSON_CONTENT.fullmatch(source):
        return "json", 0, len(source)
    if '""' in source and _CSV_CONTENT.fullmatch(source):
        return "csv", 0, len(source)
    return None


def _may_hold(text: str) -> bool:
    """The pre-check: an escaped ``"type"`` key, or a GML/KML start tag beside an escape."""
    if '""type""' in text or ("type\\" in text and next(_keys(text), None) is not None):
        return True
    return ("\\" in text or '""' in text) and _XML_HIT.search(text) is not None


def _keys(text: str) -> Iterator[tuple[int, Quoting]]:
    """Each escaped ``"type"`` key's offset and the style of the string it is read in: a key
    whose quote is doubled (``""type``, JSON in a CSV cell ``\\""type``) is in a CSV cell,
    else in a JSON string; a plain ``"type"`` is no hit.

    >>> list(_keys('{"type": 1} "{\\\\"type\\\\": 2}" "{""type"": 3}" "{\\\\""type\\\\"": 4}"'))
    [(14, 'json'), (30, 'csv'), (46, 'csv')]
    """
    for m in _KEY.finditer(text):
        run = m.group()[:-4]
        if '""' in run:
            yield m.start(), "csv"
        elif "\\" in run:
            yield m.start(), "json"


class _Tokens:
    """The quoted strings of one style, read forward from line starts (see the module
    docstring): :meth:`around` gives the string holding an offset, reading each character at
    most once over all calls made with rising offsets."""

    def __init__(self, text: str, style: Quoting) -> None:
        self.text = text
        self.pattern = _JSON_STRING if style == "json" else _CSV_STRING
        self.pos = 0  # everything before is read (a string's end, or a line start)
        self.last: tuple[int, int] | None = None
        self.read = 0  # characters the string pattern has read (the work, for the tests)

    def around(self, at: int) -> tuple[int, int] | None:
        last = self.last
        if last is not None and last[0] <= at < last[1]:
            return last
        if at < self.pos:
            return None  # read already, and in no string
        text = self.text
        start = text.rfind("\n", self.pos, at) + 1
        pos = max(start, self.pos)
        while True:
            q = text.find('"', pos, at + 1)
            if q < 0:
                self.pos = at
                return None
            m = self.pattern.match(text, q)
            if m is None:
                # no string of this style starts here, nor at a later quote of its line (JSON:
                # those are all escaped) or of the text (CSV: no lone quote closes one): the
                # rest is skipped, so no stretch is read twice
                nl = text.find("\n", q) if self.pattern is _JSON_STRING else -1
                self.pos = len(text) if nl < 0 else nl + 1
                self.read += self.pos - q
                return None
            self.read += m.end() - q
            self.pos = pos = m.end()
            if m.end() > at:
                self.last = (q, m.end())
                return self.last


def find_escaped(text: str, detect: Callable[[str], Sequence[Span]]) -> list[Span]:
    """Every GeoJSON/GML/KML unit inside a JSON string or CSV cell of ``text`` (see the module
    docstring); ``detect`` finds the units of a decoded string's text."""
    if not _may_hold(text):
        return []
    hits: list[tuple[int, Quoting | None]] = []
    if "type\\" in text or '""type""' in text:
        hits.extend(_keys(text))
    if "\\" in text or '""' in text:
        hits.extend((m.start(), None) for m in _XML_HIT.finditer(text))
    hits.sort(key=lambda h: h[0])
    tokens = {"json": _Tokens(text, "json"), "csv": _Tokens(text, "csv")}
    strings: list[tuple[int, int, Decoded]] = []
    done = -1  # hits before this are inside a string already read
    for at, style in hits:
        if at < done:
            continue
        got = _string_at(text, at, style, tokens)
        if got is None:
            continue
        s, e, how = got
        done = e
        strings.append((s, e, decode(text, s + 1, e - 1, how)))
    out: list[Span] = []
    for k in range(0, len(strings), _BATCH):
        batch = strings[k : k + _BATCH]
        for (s, e, dec), inner in zip(batch, _detect_each([d for _, _, d in batch], detect)):
            out.extend(_units_of(s, e, dec, inner))
    return out


_BATCH = 2048  # decoded strings detected together (one detect call, a copy of their text)
_SEP = "\n\n\x1e\n\n"  # between them: a blank line ends any unclosed guess's block


def _detect_each(
    decoded: list[Decoded], detect: Callable[[str], Sequence[Span]]
) -> list[list[tuple[Span, int]]]:
    """The kept units (each with the offset of its string's text in what was detected) of every decoded string, by one ``detect`` of their texts joined (a
    call per string cost most of a record export's detection). A unit that runs over from one
    string into the next - no escaped geometry does, but a broken one might - sends the strings
    it touches to be detected one by one, so the result is each string's own."""
    if len(decoded) == 1:
        return [[(sp, 0) for sp in detect(decoded[0].text) if sp.kind in _KEEP]]
    starts: list[int] = []
    at = 0
    for d in decoded:
        starts.append(at)
        at += len(d.text) + len(_SEP)
    joined = _SEP.join(d.text for d in decoded)
    per: list[list[tuple[Span, int]]] = [[] for _ in decoded]
    alone: set[int] = set()
    for sp in detect(joined):
        i = bisect_right(starts, sp.start) - 1
        j = bisect_right(starts, max(sp.start, sp.end - 1)) - 1
        if i != j or sp.end > starts[i] + len(decoded[i].text):
            alone.update(range(i, j + 1))
            continue
        if sp.kind in _KEEP:
            per[i].append((sp, starts[i]))
    for i in sorted(alone):
        per[i] = [(sp, 0) for sp in detect(decoded[i].text) if sp.kind in _KEEP]
    return per


def _string_at(
    text: str, at: int, style: Quoting | None, tokens: dict[str, _Tokens]
) -> tuple[int, int, Quoting] | None:
    """The quoted string (start, end, style) holding offset ``at`` that holds an escape; for a
    tag (``style`` None) the wider of the two styles' strings, as the outer quoting is what the
    text is (GML in a JSON string in a CSV cell: the JSON reading finds a piece of the cell)."""
    best: tuple[int, int, Quoting] | None = None
    for how in (("json", "csv") if style is None else (style,)):
        got = tokens[how].around(at)
        if got is None:
            continue
        s, e = got
        escape = "\\" if how == "json" else '""'
        if text.find(escape, s + 1, e - 1) >= 0 and (best is None or e - s > best[1] - best[0]):
            best = (s, e, how)
    return best


def _units_of(s: int, e: int, dec: Decoded, inner: list[tuple[Span, int]]) -> list[Span]:
    """The units of the string ``[s, e)`` from those of its decoded text (see the module
    docstring), at source offsets."""
    if not inner:
        return []
    out = []
    whole = len(inner) == 1
    for sp, offset in inner:
        status, error = sp.status, sp.error
        if status == "unclosed":
            status = "unparseable"
            error = f"{error}; the quoted string it is written in ends it"
        if whole:
            lo, hi = s, e
        else:
            lo, hi = dec.source_start(sp.start - offset), dec.source_end(sp.end - offset)
        out.append(replace(sp, start=lo, end=hi, geometry_text=sp.geometry_text, status=status,
                           error=error, collection=None))  # fmt: skip
    return out
