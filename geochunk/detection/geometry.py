"""Parse a detected geometry span into a shapely geometry, count its vertices, give its bbox.

Linear OGC types (POINT … GEOMETRYCOLLECTION) are read by shapely/GEOS. GEOS 3.14 reads none of
the curve and surface types (CIRCULARSTRING, COMPOUNDCURVE, CURVEPOLYGON, MULTICURVE,
MULTISURFACE, TRIANGLE, TIN, POLYHEDRALSURFACE), so a small linear-time parser here reads those
(and any collection that contains them) into an equivalent *linear* geometry: each 3-point arc is
densified through the circle it defines, TRIANGLE becomes a Polygon, TIN/POLYHEDRALSURFACE/
MULTISURFACE a MultiPolygon, MULTICURVE a MultiLineString, CURVEPOLYGON a Polygon.
``Parsed.linearized`` says so. Linearized geometries are 2-D: their Z and M values are dropped.
Geometries GEOS reads keep Z and M.

``Parsed.vertices`` always counts the coordinates written in the *source* (an arc of three
points counts 3, however finely it is densified). Nothing here raises on bad input: the error is
returned in ``Parsed.error``.

>>> p = parse_wkt("CIRCULARSTRING(-1 0, 0 1, 1 0)")
>>> p.vertices, p.linearized, [round(v, 6) for v in bounds(p.geometry)]
(3, True, [-1.0, 0.0, 1.0, 1.0])
>>> parse_wkt("POLYGON((1 2, 3 4))").error
'IllegalArgumentException: Points of LinearRing do not form a closed linestring'
"""

from __future__ import annotations

import threading

import json
import math
import re
from typing import Any, Callable, Sequence

import numpy as np
import shapely
from shapely.errors import ShapelyError
from shapely.geometry.base import BaseGeometry

from geochunk.detection.encodings import parse_encoded
from geochunk.model import OGC_TYPES, Span
from geochunk.detection.parsed import MAX_NESTING, Parsed, drop_parsed, failed as _fail, forget_parsed, recall_parsed, remember, remember_many

__all__ = [
    "MAX_NESTING",
    "Parsed",
    "parse_wkt",
    "parse_wkt_many",
    "parse_geojson",
    "parse_geojson_many",
    "parse_geojson_object",
    "parse_span",
    "parse_spans",
    "remember",
    "forget_parsed",
    "bounds",
    "held",
    "resolve",
    "extent",
    "sampled",
]

#: Largest angle (radians) one segment of a densified arc may sweep: 64 segments per circle.
ARC_STEP = math.pi / 32


_PARSED_SLOTS = {name: Parsed.__dict__[name] for name in ("geometry", "vertices", "linearized", "error", "dims")}


_COMPACT_BUILD = threading.Lock()


class _CompactMultiPoint(Parsed):
    """A large GeoJSON MultiPoint read piece by piece: its coordinates (one float array), its
    bounds and the sample the frame step reads, but no GEOS geometry until one is asked for.
    GEOS holds one geometry a point (~290 bytes for 2 doubles): a 3.8 MB one-line MultiPoint of
    200k integer points was ~15x its text in GEOS alone for as long as the analysis lived
    (issue #13). ``geometry`` builds it on first access (the same geometry
    ``shapely.from_geojson`` gives) and keeps it; the pipeline reads the facts instead
    (:func:`held`, :func:`extent`, :func:`sampled`). Once :func:`parse_spans` has handed it
    to an analysis it lets its coordinates go too (0.84x that text, for as long as the analysis
    lives): ``geometry`` reads them again from its span's text when first asked."""

    __slots__ = ("_coords", "_box", "_built", "_sample", "_span")

    def __init__(self, coords: np.ndarray, box: "tuple[float, float, float, float]") -> None:
        _PARSED_SLOTS["geometry"].__set__(self, None)  # unused: the property below answers
        _PARSED_SLOTS["vertices"].__set__(self, len(coords))
        _PARSED_SLOTS["linearized"].__set__(self, False)
        _PARSED_SLOTS["error"].__set__(self, None)
        _PARSED_SLOTS["dims"].__set__(self, "Z" if coords.shape[1] == 3 else "")
        object.__setattr__(self, "_coords", coords)
        object.__setattr__(self, "_box", box)
        object.__setattr__(self, "_built", None)
        object.__setattr__(self, "_sample", None)
        object.__setattr__(self, "_span", None)

    @property
    def geometry(self) -> BaseGeometry:  # type: ignore[override]
        if self._built is None:
            with _COMPACT_BUILD:  # one geometry, also when two threads draw it first at once
                if self._built is None:  # (the map tells a part from its original by identity)
                    coords = self._coords
                    if coords is None:  # let go (_let_go): read again from the span's text
                        again = _compact_multipoint(self._span.geometry_text)
                        if again is None or again.vertices != self.vertices:  # (the same text)
                            raise RuntimeError("a compact MultiPoint's text no longer reads as it did")
                        coords = again._coords
                    object.__setattr__(self, "_built", shapely.multipoints(coords))
        return self._built

    def _sampled_xy(self) -> np.ndarray:
        """The x, y of at most ``SAMPLE_PER_FEATURE`` evenly spaced coordinates (kept). Made
        under the lock: another thread's :meth:`_let_go` may be letting the coordinates go."""
        if self._sample is None:
            with _COMPACT_BUILD:
                self._make_sample()
        return self._sample

    def _make_sample(self) -> None:
        """:meth:`_sampled_xy`'s sample, made if missing (call it holding ``_COMPACT_BUILD``)."""
        if self._sample is None:
            from geochunk.crs.validate import SAMPLE_PER_FEATURE as limit
            xy = self._coords[:, :2]
            n = len(xy)
            if n > limit:
                xy = xy[np.linspace(0, n - 1, limit).round().astype(int)]
            object.__setattr__(self, "_sample", np.ascontiguousarray(xy))

    def _let_go(self, span: Span) -> None:
        """Keep the box, the counts and the frame step's sample, and read the coordinates
        again from ``span`` (whose geometry text this parse was made of) when a geometry is
        asked for."""
        with _COMPACT_BUILD:
            if self._coords is not None:
                self._make_sample()
                object.__setattr__(self, "_span", span)
                object.__setattr__(self, "_coords", None)

    def __reduce__(self) -> Any:  # a plain Parsed (its slots' __setstate__ cannot set a property)
        return Parsed, (self.geometry, self.vertices, self.linearized, self.error, self.dims)


def held(parsed: Parsed) -> Any:
    """What a long-lived record keeps of ``parsed``'s geometry: the geometry, or for a compact
    parse the parse itself (:func:`resolve` gives its geometry when one is drawn)."""
    return parsed if isinstance(parsed, _CompactMultiPoint) else parsed.geometry


def resolve(value: Any) -> Any:
    """The shapely geometry of what :func:`held` returned (anything else as it is)."""
    return value.geometry if isinstance(value, Parsed) else value


def extent(value: Any) -> Any:
    """A geometry with the bounds of ``value`` (a :class:`Parsed`, what :func:`held` returned,
    or a geometry): for the box facts (bbox, WGS 84 bbox), which read only bounds and emptiness.
    A compact parse answers with a two-point MultiPoint of its corners, not its GEOS geometry."""
    if isinstance(value, _CompactMultiPoint):
        return shapely.multipoints(np.array([value._box[:2], value._box[2:]], dtype=float))
    return value.geometry if isinstance(value, Parsed) else value


def sampled(parsed: Parsed) -> Any:
    """The geometry the frame step reads (it samples at most ``SAMPLE_PER_FEATURE`` evenly
    spaced coordinates, :func:`geochunk.crs.validate.sample_xy`): the geometry, or for a compact
    parse a MultiPoint of exactly those coordinates (the frame step's sample of it is the same)."""
    if not isinstance(parsed, _CompactMultiPoint):
        return parsed.geometry
    return shapely.multipoints(parsed._sampled_xy())


#: GeoJSON MultiPoint texts at least this long are read piece by piece (:func:`_compact_multipoint`)
_COMPACT_MIN_CHARS = 1 << 18
_COMPACT_PIECE_CHARS = 1 << 16
_MULTIPOINT_A = re.compile(r'[ \t\r\n]*+\{[ \t\r\n]*+"type"[ \t\r\n]*+:[ \t\r\n]*+"MultiPoint"[ \t\r\n]*+,'
                           r'[ \t\r\n]*+"coordinates"[ \t\r\n]*+:[ \t\r\n]*+\[')
_MULTIPOINT_A_TAIL = re.compile(r'\][ \t\r\n]*+\}[ \t\r\n]*+\Z')
_MULTIPOINT_B = re.compile(r'[ \t\r\n]*+\{[ \t\r\n]*+"coordinates"[ \t\r\n]*+:[ \t\r\n]*+\[')
_MULTIPOINT_B_TAIL = re.compile(r'\][ \t\r\n]*+,[ \t\r\n]*+"type"[ \t\r\n]*+:[ \t\r\n]*+"MultiPoint"'
                                r'[ \t\r\n]*+\}[ \t\r\n]*+\Z')
_NUMBERS_ONLY = str.maketrans("", "", "0123456789+-.eE \t\r\n,[]")
_TAIL_WINDOW = 256


def _compact_multipoint(text: str) -> "_CompactMultiPoint | None":
    """A large ``{"type": "MultiPoint", "coordinates": [...]}`` (either member first, nothing
    else in it) read by GEOS a piece of positions at a time (each piece's GEOS geometry is let
    go once its coordinates are copied out), or None when the text is not such a MultiPoint,
    a piece does not read, the dimensions differ or a coordinate is not finite: then the
    whole text is parsed as before (and any error reads the same). The pieces are cut after a
    position's ``]`` followed by a comma: the array holds only numbers, so every ``]`` inside
    it closes a position, and the pieces read alone exactly when the whole array does."""
    if len(text) < _COMPACT_MIN_CHARS:
        return None
    tail_from = max(0, len(text) - _TAIL_WINDOW)
    head = _MULTIPOINT_A.match(text)
    tail = _MULTIPOINT_A_TAIL.search(text, tail_from) if head else None
    if tail is None:
        head = _MULTIPOINT_B.match(text)
        tail = _MULTIPOINT_B_TAIL.search(text, tail_from) if head else None
    if head is None or tail is None or tail.start() < head.end():
        return None
    lo, hi = head.end(), tail.start()  # the positions, without the array's brackets
    parts: list[np.ndarray] = []
    width = None
    while lo < hi:
        cut = hi if hi - lo <= _COMPACT_PIECE_CHARS else text.find("]", lo + _COMPACT_PIECE_CHARS, hi)
        if cut < 0:
            cut = hi
        elif cut < hi:
            cut += 1  # after the position's "]"
        piece = text[lo:cut]
        nxt = cut
        if cut < hi:  # a comma (and blanks) before the next position
            while nxt < hi and text[nxt] in " \t\r\n":
                nxt += 1
            if nxt >= hi or text[nxt] != ",":
                return None
            nxt += 1
            while nxt < hi and text[nxt] in " \t\r\n":
                nxt += 1
            if nxt >= hi:
                return None  # a trailing comma ("[..., [1, 2],]"): not JSON, read whole
        if piece.translate(_NUMBERS_ONLY):
            return None  # a string, object or literal among the positions: not this reader's
        try:
            geom = shapely.from_geojson('{"type":"MultiPoint","coordinates":[' + piece + "]}")
        except (ShapelyError, ValueError):
            return None
        if geom is None or shapely.get_type_id(geom) != 4:
            return None
        z = bool(shapely.has_z(geom))
        xy = shapely.get_coordinates(geom, include_z=z)
        if not len(xy) or len(xy) != shapely.get_num_geometries(geom):
            return None  # no position (a trailing comma), or an empty one (a point with no coordinates)
        del geom
        if width is None:
            width = xy.shape[1]
        if xy.shape[1] != width or not np.isfinite(xy).all():
            return None
        parts.append(xy)
        lo = nxt
    if not parts:
        return None
    coords = np.concatenate(parts) if len(parts) > 1 else parts[0]
    del parts
    if not len(coords):
        return None
    box = (_extreme(coords[:, 0], np.min), _extreme(coords[:, 1], np.min),
           _extreme(coords[:, 0], np.max), _extreme(coords[:, 1], np.max))  # fmt: skip
    return _CompactMultiPoint(np.ascontiguousarray(coords), box)


def _extreme(column: np.ndarray, pick: Callable[[np.ndarray], Any]) -> float:
    """``pick`` (min or max) of a finite column as GEOS's envelope has it: of equal extremes the
    first seen (it only replaces on a strict comparison), which tells 0.0 from -0.0."""
    v = float(pick(column))
    if v == 0.0:
        v = float(column[int(np.flatnonzero(column == 0.0)[0])])
    return v


# --------------------------------------------------------------------------------------------
# WKT

_SRID_PREFIX = re.compile(r"(?ai)\s*+SRID\s*+=\s*+-?\d++\s*+;")
_NONLINEAR = re.compile(
    r"(?ai)(?<![a-z0-9_])(?:CIRCULARSTRING|COMPOUNDCURVE|CURVEPOLYGON|MULTICURVE|MULTISURFACE"
    r"|TRIANGLE|TIN|POLYHEDRALSURFACE)(?:ZM|Z|M)?+(?![a-z0-9_])"
)
_WORD_CHAR = np.zeros(256, dtype=bool)  # what the look-behind of _NONLINEAR refuses: [A-Za-z0-9_]
for _c in b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_":
    _WORD_CHAR[_c] = True
del _c
_CURVE_SLICE = 1 << 20
_CURVE_SHORT = 4096


def _has_curve(body: str) -> bool:
    """``_NONLINEAR.search(body) is not None``, trying the pattern only where it can start: a
    ``C``, ``M``, ``P`` or ``T`` after no ``[A-Za-z0-9_]`` (its look-behind), found with numpy
    over one byte per character (``?`` for a character beyond latin-1, which the look-behind
    lets pass too), a slice at a time. The regex's own search tested every position of a
    coordinate list (24 ms for a 40k-vertex polygon).

    >>> _has_curve("GEOMETRYCOLLECTION(POINT(1 2), CircularString(0 0, 1 1, 2 0))"), _has_curve("POLYGON((0 0))")
    (True, False)
    """
    n = len(body)
    if n <= _CURVE_SHORT:  # numpy's fixed cost per call is more than the regex's scan
        # every curve keyword but TIN holds an A or a V, which no linear one does: most bodies
        # need no regex at all (a search that opens with a look-behind tests every position)
        low = body.lower()
        if "a" not in low and "v" not in low and "tin" not in low:
            return False
        return _NONLINEAR.search(body) is not None
    for s in range(0, n, _CURVE_SLICE):
        lo = max(s - 1, 0)
        raw = np.frombuffer(body[lo : min(n, s + _CURVE_SLICE)].encode("latin-1", "replace"), dtype=np.uint8)
        low = raw | 0x20  # ASCII letters in lower case (a compare is faster than a table)
        first = (low == 99) | (low == 109) | (low == 112) | (low == 116)  # c m p t
        if s > 0:
            first[0] = False  # the character before the slice: its own slice looked at it
        at = np.flatnonzero(first)
        at = at[(at == 0) | ~_WORD_CHAR[raw[at - 1]]]  # (at - 1 == -1 only where at == 0)
        for k in at.tolist():
            if _NONLINEAR.match(body, lo + k):
                return True
    return False


# One token per match; every quantifier is possessive, so no match ever backtracks.
_TOKEN = re.compile(
    r"\s*+(?:(?P<word>[A-Za-z]++)"
    r"|(?P<num>[-+]?+(?:\d++(?:\.\d*+)?+|\.\d++)(?:[eE][-+]?+\d++)?+)"
    r"|(?P<punct>[(),])|(?P<other>\S))"
)
_TOKEN_NAMES = {i: name for name, i in _TOKEN.groupindex.items()}  # group number -> token kind
_WANT_ORDINATES = {"Z": 3, "M": 3, "ZM": 4}  # numbers a coordinate of these dimensions holds
_KEYWORDS = frozenset(OGC_TYPES)


# bracket -> its step in depth: ( and [ open, ) and ] close (one byte a character)
_DEPTH_STEP = np.zeros(256, dtype=np.int8)
_DEPTH_STEP[[40, 91]] = 1
_DEPTH_STEP[[41, 93]] = -1
_DEPTH_SLICE = 1 << 16  # characters read at a time: the scratch is a slice's, not the text's


def _max_depth(text: str) -> int:
    """Deepest ``(``/``[`` nesting in ``text`` (vectorised, linear), or a bound below the limit.

    Read in slices of :data:`_DEPTH_SLICE` characters carrying the depth from one to the next,
    so the scratch (~10 bytes a character) stays one slice's: over a whole 4.5 MB MultiPoint
    it was 22x the text, the largest transient of its detection.

    >>> _max_depth("[" * 70 + "]" * 70), _max_depth("((1 2))")
    (70, 2)
    """
    opens = text.count("(") + text.count("[")
    if opens <= MAX_NESTING:
        return opens
    depth = deepest = 0
    for s in range(0, len(text), _DEPTH_SLICE):
        raw = np.frombuffer(text[s : s + _DEPTH_SLICE].encode("ascii", "replace"), dtype=np.uint8)
        run = np.cumsum(np.take(_DEPTH_STEP, raw), dtype=np.int64)
        deepest = max(deepest, depth + int(run.max()))
        depth += int(run[-1])
    return deepest


def parse_wkt(wkt: str) -> Parsed:
    """Parse WKT (an EWKT ``SRID=n;`` prefix is allowed and ignored) and count its vertices.

    >>> p = parse_wkt("POLYGON((0 0, 4 0, 4 4, 0 4, 0 0), (1 1, 2 1, 2 2, 1 1))")
    >>> p.geometry.geom_type, p.vertices, p.linearized, p.error
    ('Polygon', 9, False, None)
    >>> parse_wkt("TRIANGLE((0 0, 1 0, 0 1, 0 0))").geometry.geom_type
    'Polygon'
    >>> parse_wkt("POINT Z (1 2 3)").dims
    'Z'
    """
    m = _SRID_PREFIX.match(wkt)
    body = wkt[m.end() :] if m else wkt
    body = body.strip()
    if not body:
        return _fail("empty WKT")
    depth = _max_depth(body)
    if depth > MAX_NESTING:
        return _fail(f"geometry nested {depth} brackets deep; at most {MAX_NESTING} allowed")
    if _has_curve(body):
        return _parse_curved_wkt(body)
    try:
        with np.errstate(over="ignore", invalid="ignore"):  # 1e999 reads as inf: refused below
            geom = shapely.from_wkt(body)
    except (ShapelyError, ValueError, NotImplementedError) as exc:
        return _fail(str(exc).strip() or type(exc).__name__)
    if geom is None:
        return _fail("not a WKT geometry")
    if not np.isfinite(shapely.get_coordinates(geom, include_z=bool(geom.has_z))).all():
        return _fail("coordinates must be finite numbers")
    return Parsed(
        geometry=geom,
        vertices=int(shapely.get_num_coordinates(geom)),
        linearized=False,
        error=None,
        dims=_dims_of(geom),
    )


def parse_wkt_many(wkts: "list[str]") -> list[Parsed]:
    """``[parse_wkt(w) for w in wkts]``, the plain linear ones read by one vectorised GEOS call
    (the per-call wrappers cost more than GEOS itself on small polygons: 400 land-use polygons
    15 -> 5 ms). Anything GEOS refuses, and curves, go through :func:`parse_wkt` one by one,
    so errors read the same.

    >>> got = parse_wkt_many(["POINT Z (1 2 3)", "SRID=4326;LINESTRING(0 0, 1 1)",
    ...                       "POLYGON((1 2, 3 4))", "POINT (1e999 2)"])
    >>> [(p.geometry.geom_type, p.vertices, p.dims) for p in got[:2]]
    [('Point', 1, 'Z'), ('LineString', 2, '')]
    >>> [p.error for p in got[2:]]
    ['IllegalArgumentException: Points of LinearRing do not form a closed linestring', 'coordinates must be finite numbers']
    """
    out: list[Parsed | None] = [None] * len(wkts)
    bodies: list[str] = []
    where: list[int] = []
    for i, wkt in enumerate(wkts):
        m = _SRID_PREFIX.match(wkt)
        body = (wkt[m.end() :] if m else wkt).strip()
        if body and _max_depth(body) <= MAX_NESTING and not _has_curve(body):
            bodies.append(body)
            where.append(i)
    if len(bodies) > 1:
        try:
            with np.errstate(over="ignore", invalid="ignore"):
                geoms = shapely.from_wkt(np.array(bodies, dtype=object), on_invalid="ignore")
            got = np.flatnonzero(shapely.is_geometry(geoms))
            read = geoms[got]
            verts = shapely.get_num_coordinates(read)
            has_z = shapely.has_z(read)
            has_m = shapely.has_m(read) if hasattr(shapely, "has_m") else np.zeros(len(read), dtype=bool)
            xyz, owner = shapely.get_coordinates(read, include_z=True, return_index=True)
            bad = ~np.isfinite(xyz[:, :2]).all(axis=1)
            bad |= has_z[owner] & ~np.isfinite(xyz[:, 2])  # a 2-D geometry's z reads NaN
            infinite = np.zeros(len(read), dtype=bool)
            infinite[owner[bad]] = True
        except Exception:  # noqa: BLE001 - the one-by-one reader below says what went wrong
            got = np.zeros(0, dtype=np.int64)
        if got.size:  # (plain lists: a numpy element read one at a time costs more than its Parsed)
            for k, g, v, z, mm, inf in zip(got.tolist(), read.tolist(), verts.tolist(), has_z.tolist(),
                                           has_m.tolist(), infinite.tolist()):
                i = where[k]
                if inf:
                    out[i] = _fail("coordinates must be finite numbers")
                else:
                    dims = ("Z" if z else "") + ("M" if mm else "")
                    out[i] = Parsed(geometry=g, vertices=v, linearized=False, error=None, dims=dims)
    return [p if p is not None else parse_wkt(w) for p, w in zip(out, wkts)]


def _dims_of(geom: BaseGeometry) -> str:
    z = bool(geom.has_z)
    m = bool(getattr(geom, "has_m", False))
    return ("Z" if z else "") + ("M" if m else "")


class _WktError(ValueError):
    """Raised inside the curve parser; turned into ``Parsed.error``."""


class _CurveParser:
    """Recursive-descent reader of OGC WKT incl. curves and surfaces, into linear shapely.

    Recursion depth is bounded by :data:`MAX_NESTING` (checked before parsing), and each
    token is read once, so the parse is linear in the text.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        names = _TOKEN_NAMES
        # (kind, text, offset) per token, then one ("end", "", len(text)) that is never passed
        self.tokens: list[tuple[str, str, int]] = [
            (names[g], m.group(g), m.start(g)) for m in _TOKEN.finditer(text) for g in (m.lastindex,)
        ]
        self.tokens.append(("end", "", len(text)))
        self.end = len(self.tokens) - 1
        self.i = 0
        self.vertices = 0
        self.max_ordinates = 2
        self.tags: set[str] = set()

    # -- token helpers ---------------------------------------------------------------------
    def _peek(self) -> tuple[str, str, int]:
        return self.tokens[self.i]

    def _next(self) -> tuple[str, str, int]:
        tok = self.tokens[self.i]
        if self.i < self.end:
            self.i += 1
        return tok

    def _expect(self, value: str) -> None:
        kind, val, pos = self._next()
        if val != value:
            shown = "end of text" if kind == "end" else repr(val)
            raise _WktError(f"expected {value!r} at offset {pos}, found {shown}")

    def _peek_is(self, value: str) -> bool:
        return self._peek()[1] == value

    def _peek_word(self) -> str | None:
        kind, val, _ = self._peek()
        return val.upper() if kind == "word" else None

    # -- grammar ---------------------------------------------------------------------------
    def parse(self) -> BaseGeometry:
        geom = self._tagged()
        kind, val, pos = self._peek()
        if kind != "end":
            raise _WktError(f"unexpected text after the geometry at offset {pos}: {val!r}")
        return geom

    def _read_type(self) -> tuple[str, str]:
        kind, val, pos = self._next()
        if kind != "word":
            raise _WktError(f"expected a geometry type at offset {pos}, found {val!r}")
        word = val.upper()
        dims = ""
        if word not in _KEYWORDS:
            for tag in ("ZM", "Z", "M"):
                if word.endswith(tag) and word[: -len(tag)] in _KEYWORDS:
                    word, dims = word[: -len(tag)], tag
                    break
            else:
                raise _WktError(f"unknown geometry type {val!r} at offset {pos}")
        if not dims and self._peek_word() in ("Z", "M", "ZM"):
            dims = self._next()[1].upper()
        if dims:
            self.tags.add(dims)
        return word, dims

    def _is_empty(self) -> bool:
        if self._peek_word() == "EMPTY":
            self.i += 1
            return True
        return False

    def _tagged(self) -> BaseGeometry:
        word, dims = self._read_type()
        return self._body(word, dims)

    def _body(self, word: str, dims: str) -> BaseGeometry:
        return _BODIES[word](self, dims)

    def _coord(self, dims: str) -> tuple[float, float]:
        tokens, i = self.tokens, self.i
        values: list[float] = []
        while tokens[i][0] == "num":  # (the end token is no number: i stays within)
            values.append(float(tokens[i][1]))
            i += 1
        self.i = i
        if not 2 <= len(values) <= 4:
            kind, val, pos = self._peek()
            raise _WktError(
                f"a coordinate needs 2 to 4 numbers, found {len(values)} before offset {pos}"
            )
        want = _WANT_ORDINATES.get(dims)
        if want is not None and len(values) != want:
            raise _WktError(f"{dims} coordinates need {want} numbers, found {len(values)}")
        if not all(map(math.isfinite, values)):
            raise _WktError("coordinates must be finite numbers")
        self.vertices += 1
        self.max_ordinates = max(self.max_ordinates, len(values))
        return (values[0], values[1])

    def _coords(self, dims: str) -> list[tuple[float, float]]:
        """``( x y, x y, ... )`` or EMPTY."""
        if self._is_empty():
            return []
        self._expect("(")
        pts = [self._coord(dims)]
        while self._peek_is(","):
            self.i += 1
            pts.append(self._coord(dims))
        self._expect(")")
        return pts

    def _list(self, dims: str, item: Callable[[str], Any]) -> list[Any]:
        """``( item, item, ... )`` or EMPTY."""
        if self._is_empty():
            return []
        self._expect("(")
        items = [item(dims)]
        while self._peek_is(","):
            self.i += 1
            items.append(item(dims))
        self._expect(")")
        return items

    # -- linear pieces -----------------------------------------------------------------------
    def point(self, dims: str) -> BaseGeometry:
        if self._is_empty():
            return shapely.Point()
        self._expect("(")
        pt = self._coord(dims)
        self._expect(")")
        return shapely.Point(pt)

    def _line_pts(self, dims: str) -> list[tuple[float, float]]:
        pts = self._coords(dims)
        if len(pts) == 1:
            raise _WktError("a linestring needs at least 2 points, found 1")
        return pts

    def linestring(self, dims: str) -> BaseGeometry:
        pts = self._line_pts(dims)
        return _line(pts)

    def _ring(self, dims: str) -> list[tuple[float, float]]:
        pts = self._coords(dims)
        _check_ring(pts)
        return pts

    def _polygon_rings(self, dims: str) -> list[list[tuple[float, float]]]:
        return [r for r in self._list(dims, self._ring) if r]

    def polygon(self, dims: str) -> BaseGeometry:
        return _polygon(self._polygon_rings(dims))

    def multipoint(self, dims: str) -> BaseGeometry:
        def item(d: str) -> tuple[float, float] | None:
            if self._is_empty():
                return None
            if self._peek_is("("):
                self.i += 1
                pt = self._coord(d)
                self._expect(")")
                return pt
            return self._coord(d)

        pts = [p for p in self._list(dims, item) if p is not None]
        return shapely.MultiPoint(pts) if pts else shapely.MultiPoint()

    def multilinestring(self, dims: str) -> BaseGeometry:
        lines = [p for p in self._list(dims, self._line_pts) if p]
        return shapely.MultiLineString(lines) if lines else shapely.MultiLineString()

    def multipolygon(self, dims: str) -> BaseGeometry:
        polys = [_polygon(r) for r in self._list(dims, self._polygon_rings) if r]
        return shapely.MultiPolygon(polys) if polys else shapely.MultiPolygon()

    def collection(self, dims: str) -> BaseGeometry:
        parts = self._list(dims, lambda d: self._tagged())
        return shapely.GeometryCollection(parts) if parts else shapely.GeometryCollection()

    # -- curves and surfaces ---------------------------------------------------------------
    def _arc_pts(self, dims: str) -> list[tuple[float, float]]:
        pts = self._coords(dims)
        if pts and (len(pts) < 3 or len(pts) % 2 == 0):
            raise _WktError(
                f"a circular string needs an odd number (>= 3) of points, found {len(pts)}"
            )
        return _densify(pts)

    def circularstring(self, dims: str) -> BaseGeometry:
        pts = self._arc_pts(dims)
        return _line(pts)

    def _compound_pts(self, dims: str) -> list[tuple[float, float]]:
        def item(d: str) -> list[tuple[float, float]]:
            word = self._peek_word()
            if word is None:
                return self._line_pts(d)
            sub, sub_dims = self._read_type()
            if sub == "CIRCULARSTRING":
                return self._arc_pts(sub_dims or d)
            if sub == "LINESTRING":
                return self._line_pts(sub_dims or d)
            raise _WktError(f"a compound curve cannot contain {sub}")

        out: list[tuple[float, float]] = []
        for seg in self._list(dims, item):
            if not seg:
                continue
            if out:
                if not _same_point(out[-1], seg[0]):
                    raise _WktError("compound curve segments do not join end to start")
                out.extend(seg[1:])
            else:
                out.extend(seg)
        return out

    def compoundcurve(self, dims: str) -> BaseGeometry:
        pts = self._compound_pts(dims)
        return _line(pts)

    def _curve_pts(self, dims: str, allow_compound: bool = True) -> list[tuple[float, float]]:
        """A curve element: ``(x y, ...)``, LINESTRING, CIRCULARSTRING or COMPOUNDCURVE."""
        if self._peek_word() is None:
            return self._line_pts(dims)
        sub, sub_dims = self._read_type()
        d = sub_dims or dims
        if sub == "LINESTRING":
            return self._line_pts(d)
        if sub == "CIRCULARSTRING":
            return self._arc_pts(d)
        if sub == "COMPOUNDCURVE" and allow_compound:
            return self._compound_pts(d)
        raise _WktError(f"expected a curve, found {sub}")

    def _curve_ring(self, dims: str) -> list[tuple[float, float]]:
        pts = self._curve_pts(dims)
        _check_ring(pts)
        return pts

    def curvepolygon(self, dims: str) -> BaseGeometry:
        return _polygon([r for r in self._list(dims, self._curve_ring) if r])

    def multicurve(self, dims: str) -> BaseGeometry:
        lines = [p for p in self._list(dims, self._curve_pts) if p]
        return shapely.MultiLineString(lines) if lines else shapely.MultiLineString()

    def _surface(self, dims: str) -> BaseGeometry | None:
        word = self._peek_word()
        if word is None:
            rings = self._polygon_rings(dims)
            return _polygon(rings) if rings else None
        sub, sub_dims = self._read_type()
        d = sub_dims or dims
        if sub == "POLYGON":
            geom = self.polygon(d)
        elif sub == "CURVEPOLYGON":
            geom = self.curvepolygon(d)
        elif sub == "TRIANGLE":
            geom = self.triangle(d)
        else:
            raise _WktError(f"expected a surface, found {sub}")
        return None if geom.is_empty else geom

    def multisurface(self, dims: str) -> BaseGeometry:
        polys = [p for p in self._list(dims, self._surface) if p is not None]
        return shapely.MultiPolygon(polys) if polys else shapely.MultiPolygon()

    def triangle(self, dims: str) -> BaseGeometry:
        rings = self._polygon_rings(dims)
        if not rings:
            return shapely.Polygon()
        if len(rings) != 1 or len(rings[0]) != 4:
            raise _WktError("a triangle needs exactly one ring of 4 points (closed)")
        return _polygon(rings)


_BODIES: dict[str, Callable[[_CurveParser, str], BaseGeometry]] = {
    "POINT": _CurveParser.point,
    "LINESTRING": _CurveParser.linestring,
    "POLYGON": _CurveParser.polygon,
    "MULTIPOINT": _CurveParser.multipoint,
    "MULTILINESTRING": _CurveParser.multilinestring,
    "MULTIPOLYGON": _CurveParser.multipolygon,
    "GEOMETRYCOLLECTION": _CurveParser.collection,
    "TRIANGLE": _CurveParser.triangle,
    "TIN": _CurveParser.multisurface,
    "POLYHEDRALSURFACE": _CurveParser.multisurface,
    "CIRCULARSTRING": _CurveParser.circularstring,
    "COMPOUNDCURVE": _CurveParser.compoundcurve,
    "CURVEPOLYGON": _CurveParser.curvepolygon,
    "MULTICURVE": _CurveParser.multicurve,
    "MULTISURFACE": _CurveParser.multisurface,
}


def _parse_curved_wkt(body: str) -> Parsed:
    parser = _CurveParser(body)
    try:
        geom = parser.parse()
    except (_WktError, ShapelyError, ValueError) as exc:
        return _fail(str(exc))
    if len(parser.tags) == 1:
        dims = next(iter(parser.tags))
    else:
        dims = {2: "", 3: "Z", 4: "ZM"}[parser.max_ordinates]
    return Parsed(geometry=geom, vertices=parser.vertices, linearized=True, error=None, dims=dims)


def _same_point(a: tuple[float, float], b: tuple[float, float]) -> bool:
    scale = max(1.0, abs(a[0]), abs(a[1]), abs(b[0]), abs(b[1]))
    return abs(a[0] - b[0]) <= 1e-9 * scale and abs(a[1] - b[1]) <= 1e-9 * scale


def _check_ring(pts: list[tuple[float, float]]) -> None:
    if not pts:
        return
    if len(pts) < 4:
        raise _WktError(f"a ring needs at least 4 points, found {len(pts)}")
    if not _same_point(pts[0], pts[-1]):
        raise _WktError("a ring must be closed (first point equal to last)")


def _polygon(rings: list[list[tuple[float, float]]]) -> BaseGeometry:
    """``shapely.Polygon(rings[0], rings[1:])`` (the same rings, closed by GEOS alike) made by
    the vectorised constructors: the class's per-ring checks and conversions cost twice the
    GEOS work on the small rings of a curved WKT (51 -> 25 us a curve polygon with a hole)."""
    if not rings:
        return shapely.Polygon()
    holes = [shapely.linearrings(r) for r in rings[1:]] or None
    return shapely.polygons(shapely.linearrings(rings[0]), holes=holes)


def _line(pts: list[tuple[float, float]]) -> BaseGeometry:
    """``shapely.LineString(pts)``, made by the vectorised constructor (an empty one for no
    points)."""
    return shapely.linestrings(pts) if pts else shapely.LineString()


def _densify(pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Linearize a circular string: consecutive arcs share their end points."""
    if not pts:
        return []
    out = [pts[0]]
    for j in range(0, len(pts) - 2, 2):
        out.extend(_arc(pts[j], pts[j + 1], pts[j + 2]))
    return out


def _arc(
    p0: tuple[float, float], p1: tuple[float, float], p2: tuple[float, float]
) -> list[tuple[float, float]]:
    """Points after ``p0`` along the circular arc p0 -> p1 -> p2, through ``p1``, ending at ``p2``.

    Source points are kept exactly; each sub-arc is split into segments of at most
    :data:`ARC_STEP` radians.
    """
    (x0, y0), (x1, y1), (x2, y2) = p0, p1, p2
    if _same_point(p0, p2):
        # A full circle: p1 is diametrically opposite p0.
        cx, cy = (x0 + x1) / 2.0, (y0 + y1) / 2.0
        if math.hypot(x0 - cx, y0 - cy) == 0.0:
            return [p1, p2]  # a circle of radius 0: keep the source points
        a0 = math.atan2(y0 - cy, x0 - cx)
        to_mid, sweep = math.pi, 2.0 * math.pi
    else:
        d = 2.0 * (x0 * (y1 - y2) + x1 * (y2 - y0) + x2 * (y0 - y1))
        scale = max(
            abs(x0 - x1), abs(y0 - y1), abs(x2 - x1), abs(y2 - y1), abs(x0 - x2), abs(y0 - y2)
        )
        if scale == 0.0 or abs(d) <= 1e-12 * scale * scale:
            return [p1, p2]  # collinear: the "arc" is two straight segments
        s0, s1, s2 = x0 * x0 + y0 * y0, x1 * x1 + y1 * y1, x2 * x2 + y2 * y2
        cx = (s0 * (y1 - y2) + s1 * (y2 - y0) + s2 * (y0 - y1)) / d
        cy = (s0 * (x2 - x1) + s1 * (x0 - x2) + s2 * (x1 - x0)) / d
        a0 = math.atan2(y0 - cy, x0 - cx)
        a1 = math.atan2(y1 - cy, x1 - cx)
        a2 = math.atan2(y2 - cy, x2 - cx)
        turn = 2.0 * math.pi
        if (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0) > 0:  # counter-clockwise
            to_mid, sweep = (a1 - a0) % turn, (a2 - a0) % turn
        else:
            to_mid, sweep = -((a0 - a1) % turn), -((a0 - a2) % turn)
    r = math.hypot(x0 - cx, y0 - cy)
    out: list[tuple[float, float]] = []
    cos, sin = math.cos, math.sin
    for lo, hi, end in ((0.0, to_mid, p1), (to_mid, sweep, p2)):
        n = max(1, math.ceil(abs(hi - lo) / ARC_STEP - 1e-9))
        # a0 + lo + (hi - lo) * i / n, evaluated in that order (the same bits as ever)
        base, span = a0 + lo, hi - lo
        out += [(cx + r * cos(a), cy + r * sin(a)) for a in [base + span * i / n for i in range(1, n)]]
        out.append(end)
    return out


# --------------------------------------------------------------------------------------------
# GeoJSON

_GEOJSON_TYPES = (
    "Point", "LineString", "Polygon", "MultiPoint", "MultiLineString", "MultiPolygon",
    "GeometryCollection",
)  # fmt: skip


class _GeoJSONError(ValueError):
    """Raised inside the GeoJSON reader; turned into ``Parsed.error``."""


class _GeoJSONReader:
    def __init__(self) -> None:
        self.vertices = 0
        self.has_z = False

    def position(self, p: Any) -> tuple[float, ...]:
        if not isinstance(p, list) or len(p) < 2:
            raise _GeoJSONError(
                f"a position must be an array of 2 or 3 numbers, got {_short(p)}"
            )
        for v in p:
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                raise _GeoJSONError(f"a position must hold numbers, got {_short(p)}")
            if not math.isfinite(v):
                raise _GeoJSONError("coordinates must be finite numbers")
        self.vertices += 1
        if len(p) >= 3:
            self.has_z = True
            return (float(p[0]), float(p[1]), float(p[2]))
        return (float(p[0]), float(p[1]))

    def positions(self, ps: Any, minimum: int, what: str) -> list[tuple[float, ...]]:
        if not isinstance(ps, list):
            raise _GeoJSONError(f"{what} coordinates must be an array, got {_short(ps)}")
        pts = [self.position(p) for p in ps]
        if pts and len(pts) < minimum:
            raise _GeoJSONError(f"{what} needs at least {minimum} positions, found {len(pts)}")
        return pts

    def rings(self, rs: Any) -> list[list[tuple[float, ...]]]:
        if not isinstance(rs, list):
            raise _GeoJSONError(
                f"polygon coordinates must be an array of rings, got {_short(rs)}"
            )
        out = []
        for r in rs:
            pts = self.positions(r, 4, "a linear ring")
            if not pts:
                raise _GeoJSONError("a linear ring needs at least 4 positions, found 0")
            if pts[0][:2] != pts[-1][:2]:
                raise _GeoJSONError("a linear ring must be closed (first position equal to last)")
            out.append(pts)
        return out

    def geometry(self, obj: Any, depth: int = 0) -> BaseGeometry:
        if depth > MAX_NESTING:
            raise _GeoJSONError(f"geometry collections nested deeper than {MAX_NESTING}")
        if not isinstance(obj, dict):
            raise _GeoJSONError(f"a geometry must be a JSON object, got {_short(obj)}")
        kind = obj.get("type")
        if kind == "Feature":
            inner = obj.get("geometry")
            if inner is None:
                return shapely.GeometryCollection()
            return self.geometry(inner, depth + 1)
        if kind not in _GEOJSON_TYPES:
            raise _GeoJSONError(
                f"unknown GeoJSON geometry type {kind!r}; valid types: {', '.join(_GEOJSON_TYPES)}"
            )
        if kind == "GeometryCollection":
            parts = obj.get("geometries")
            if not isinstance(parts, list):
                raise _GeoJSONError("a GeometryCollection needs a \"geometries\" array")
            return shapely.GeometryCollection([self.geometry(g, depth + 1) for g in parts])
        if "coordinates" not in obj:
            raise _GeoJSONError(f"a {kind} needs a \"coordinates\" member")
        c = obj["coordinates"]
        if kind == "Point":
            if c == []:
                return shapely.Point()
            return shapely.Point(self.position(c))
        if kind == "LineString":
            pts = self.positions(c, 2, "a LineString")
            return shapely.LineString(pts) if pts else shapely.LineString()
        if kind == "Polygon":
            rings = self.rings(c)
            return shapely.Polygon(rings[0], rings[1:]) if rings else shapely.Polygon()
        if not isinstance(c, list):
            raise _GeoJSONError(f"{kind} coordinates must be an array, got {_short(c)}")
        if kind == "MultiPoint":
            pts = [self.position(p) for p in c]
            return shapely.MultiPoint(pts) if pts else shapely.MultiPoint()
        if kind == "MultiLineString":
            lines = [self.positions(p, 2, "a LineString") for p in c]
            lines = [ln for ln in lines if ln]
            return shapely.MultiLineString(lines) if lines else shapely.MultiLineString()
        polys = [self.rings(r) for r in c]
        polys_g = [shapely.Polygon(r[0], r[1:]) for r in polys if r]
        return shapely.MultiPolygon(polys_g) if polys_g else shapely.MultiPolygon()


def _short(v: Any) -> str:
    try:
        s = json.dumps(v)
    except (TypeError, ValueError, RecursionError):
        s = type(v).__name__
    return s if len(s) <= 40 else s[:37] + "..."


def parse_geojson_object(obj: Any) -> Parsed:
    """Read an already-decoded GeoJSON geometry (or Feature) object.

    ``None`` (a null geometry) gives ``Parsed(None, 0)`` with no error.

    >>> line = {"type": "LineString", "coordinates": [[0, 0], [3, 4]]}
    >>> parse_geojson_object(line).geometry.length
    5.0
    """
    if obj is None:
        return Parsed(geometry=None, vertices=0)
    reader = _GeoJSONReader()
    try:
        geom = reader.geometry(obj)
    except (_GeoJSONError, ShapelyError, ValueError, TypeError) as exc:
        return _fail(str(exc))
    except RecursionError:
        return _fail("GeoJSON nested too deeply")
    return Parsed(geometry=geom, vertices=reader.vertices, dims="Z" if reader.has_z else "")


def _rings_ok(geom: BaseGeometry) -> bool:
    """Every ring of every polygon in ``geom`` has at least 4 coordinates (GEOS allows fewer)."""
    todo = [geom]
    polygons = []
    while todo:
        g = todo.pop()
        kind = g.geom_type
        if kind == "Polygon":
            polygons.append(g)
        elif kind in ("MultiPolygon", "GeometryCollection"):
            todo.extend(shapely.get_parts(g))
    if not polygons:
        return True
    rings = shapely.get_rings(np.array(polygons, dtype=object))
    return bool((shapely.get_num_coordinates(rings) >= 4).all())


def parse_geojson(geometry_json: str) -> Parsed:
    """Parse the JSON text of a GeoJSON geometry (``"null"`` is a null geometry, no error).

    Valid geometries are read by GEOS (C speed, strict JSON); anything GEOS refuses is read
    again by the Python reader, which accepts what GeoJSON allows (e.g. positions with more
    than 3 values) and explains the rest.

    >>> p = parse_geojson('{"type": "Polygon", "coordinates": [[[0,0],[2,0],[2,2],[0,0]]]}')
    >>> p.geometry.area, p.vertices
    (2.0, 4)
    >>> parse_geojson('{"type": "Polygon", "coordinates": [[[0,0],[2,0]]]}').error
    'a linear ring needs at least 4 positions, found 2'
    """
    compact = _compact_multipoint(geometry_json)
    if compact is not None:
        return compact
    if _max_depth(geometry_json) <= MAX_NESTING:
        try:
            geom = shapely.from_geojson(geometry_json)
        except (ShapelyError, ValueError):
            geom = None
        if geom is not None and _rings_ok(geom):
            return Parsed(
                geometry=geom,
                vertices=int(shapely.get_num_coordinates(geom)),
                dims=_dims_of(geom),
            )
    try:
        obj = json.loads(geometry_json)
    except RecursionError:
        return _fail("GeoJSON nested too deeply")
    except ValueError as exc:
        return _fail(f"not valid JSON: {exc}")
    return parse_geojson_object(obj)


def parse_geojson_many(texts: "list[str]") -> list[Parsed]:
    """``[parse_geojson(t) for t in texts]``, the ones GEOS reads taken by one vectorised call
    (with the ring check and the counts vectorised too: per-call wrappers cost more than GEOS on
    small features). Anything GEOS refuses goes through :func:`parse_geojson`, so errors read
    the same.

    >>> got = parse_geojson_many(['{"type": "Point", "coordinates": [1, 2, 3]}', 'null',
    ...                           '{"type": "Polygon", "coordinates": [[[0,0],[2,0],[0,0]]]}'])
    >>> [(p.geometry.geom_type, p.vertices, p.dims) for p in got[:1]], got[1].geometry, got[2].error
    ([('Point', 1, 'Z')], None, 'a linear ring needs at least 4 positions, found 3')
    """
    out: list[Parsed | None] = [_compact_multipoint(t) if len(t) >= _COMPACT_MIN_CHARS else None for t in texts]
    where = [i for i, t in enumerate(texts) if out[i] is None and _max_depth(t) <= MAX_NESTING]
    if len(where) > 1:
        try:
            with np.errstate(over="ignore", invalid="ignore"):
                geoms = shapely.from_geojson(np.array([texts[i] for i in where], dtype=object),
                                             on_invalid="ignore")  # fmt: skip
            got = np.flatnonzero(shapely.is_geometry(geoms))
            read = geoms[got]
            keep = _rings_ok_many(read)
            verts = shapely.get_num_coordinates(read)
            has_z = shapely.has_z(read)
            has_m = shapely.has_m(read) if hasattr(shapely, "has_m") else np.zeros(len(read), dtype=bool)
        except Exception:  # noqa: BLE001 - one by one then, each with its own error
            got = np.zeros(0, dtype=np.int64)
        if got.size:  # (plain lists, as in parse_wkt_many)
            for k, g, ok, v, z, mm in zip(got.tolist(), read.tolist(), keep.tolist(), verts.tolist(),
                                          has_z.tolist(), has_m.tolist()):
                if ok:
                    dims = ("Z" if z else "") + ("M" if mm else "")
                    out[where[k]] = Parsed(geometry=g, vertices=v, dims=dims)
    return [p if p is not None else parse_geojson(t) for p, t in zip(out, texts)]


def _rings_ok_many(geoms: np.ndarray) -> np.ndarray:
    """:func:`_rings_ok` of each geometry: polygons and multipolygons checked by one call each,
    collections one by one."""
    ok = np.ones(len(geoms), dtype=bool)
    types = shapely.get_type_id(geoms)
    single = np.flatnonzero(types == 3)  # Polygon
    multi = np.flatnonzero(types == 6)  # MultiPolygon
    parts, part_of = shapely.get_parts(geoms[multi], return_index=True)
    polygons = np.concatenate([geoms[single], parts])
    owner = np.concatenate([single, multi[part_of]])
    if len(polygons):
        rings, ring_of = shapely.get_rings(polygons, return_index=True)
        short = shapely.get_num_coordinates(rings) < 4
        ok[owner[ring_of[short]]] = False
    for k in np.flatnonzero(types == 7).tolist():  # GeometryCollection
        ok[k] = _rings_ok(geoms[k])
    return ok


def parse_span(span: Span) -> Parsed:
    """Parse a detected span's ``geometry_text`` by its kind; never raises.

    Unclosed spans are not parsed: their ``error`` is returned.

    >>> from geochunk.model import Span
    >>> parse_span(Span(0, 10, "wkt", "POINT", "POINT(1 2)")).geometry.wkt
    'POINT (1 2)'
    """
    if span.status == "unclosed":
        return _fail(span.error or "geometry never closes")
    key = _cache_key(span)
    kind, text = key
    hit = recall_parsed(key)
    if hit is not None:
        return hit
    if kind == "wkt":
        parsed = parse_wkt(text)
    elif kind == "geojson":
        parsed = parse_geojson(text)
    else:  # hex (E)WKB, GML, KML
        parsed = parse_encoded(kind, text)
    remember(kind, text, parsed)
    return parsed


def parse_spans(spans: Sequence[Span]) -> tuple[Parsed, ...]:
    """:func:`parse_span` of each span, then the parse cache's entries of these spans are
    dropped: a document's analysis keeps its parse results; the cache does not outlive it.

    >>> from geochunk.model import Span
    >>> [p.geometry.wkt for p in parse_spans([Span(0, 10, "wkt", "POINT", "POINT(1 2)")])]
    ['POINT (1 2)']
    """
    out = tuple(parse_span(s) for s in spans)
    for s, p in zip(spans, out):
        if isinstance(p, _CompactMultiPoint):
            p._let_go(s)  # its coordinates are read again from the span if a geometry is drawn
    # the keys are made again, a span at a time (not kept from the parse: a list of them all
    # would hold every geometry text at once), and dropped only after every span is parsed
    # (equal geometries share an entry)
    drop_parsed(_cache_key(s) for s in spans if s.status != "unclosed")  # unclosed: never parsed, never kept
    return out


def _cache_key(span: Span) -> tuple[str, str]:
    """The parse cache's key of ``span``: (how its text is parsed, the text). The text is read
    once: a detected span reads it from the document on access."""
    kind = span.kind if span.kind in ("wkt", "wkb", "gml", "kml") else "geojson"
    return kind, span.geometry_text


# --------------------------------------------------------------------------------------------
# helpers for other modules


def bounds(geom: BaseGeometry | None) -> tuple[float, float, float, float] | None:
    """``(minx, miny, maxx, maxy)``, or None for a missing or empty geometry.

    >>> bounds(shapely.from_wkt("LINESTRING(0 1, 2 3)"))
    (0.0, 1.0, 2.0, 3.0)
    >>> bounds(shapely.from_wkt("POINT EMPTY")) is None
    True
    """
    if isinstance(geom, _CompactMultiPoint):  # what geometry.held kept: its box, no GEOS
        return geom._box
    if geom is None or geom.is_empty:
        return None
    b = tuple(float(v) for v in geom.bounds)
    if not all(math.isfinite(v) for v in b):
        return None
    return b[0], b[1], b[2], b[3]
