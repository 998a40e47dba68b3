"""Hex WKB and EWKB: find them in text, read them, write them back in the same flavour.

A hex run counts as a geometry only when it *decodes*: its header names a simple-feature type
(ISO ``1..7``, ``1001..3007``, or PostGIS extended with the Z/M/SRID flag bits, either byte
order), a structural walk of the bytes ends exactly at the end of the run (no missing and no
trailing bytes; GEOS itself accepts trailing bytes, so this walk is what makes the rule exact),
and shapely reads it. Lengths are never guessed. The run may stand bare (COPY data, a CSV cell),
quoted (``'0103…'::geometry``, ``decode('0103…', 'hex')``) or as bytea (``\\x0103…``, ``0x0103…``:
the prefix joins the span). The EWKB SRID is the span's ``srid``: a frame declaration with the
standing of an EWKT ``SRID=n;`` prefix.

Everything here is linear in the text: one possessive regex finds hex runs (a look-behind keeps
it from restarting inside a run), and each run is walked once.

>>> hexwkb = "0101000020E6100000000000000000F03F0000000000000040"
>>> [(s.kind, s.geom_type, s.srid, s.start) for s in find_wkb("geom: \\\\x" + hexwkb)]
[('wkb', 'POINT', 4326, 6)]
>>> parse_wkb(hexwkb).geometry.wkt
'POINT (1 2)'
>>> find_wkb("sha1 0101000000aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa")  # one byte short: no geometry
[]
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterator

import numpy as np
import shapely
from shapely.errors import ShapelyError

from geochunk.detection.parsed import MAX_NESTING, Parsed
from geochunk.model import Span
from geochunk.detection.encodings.rows import row_contexts

__all__ = ["WkbHeader", "find_wkb", "parse_wkb", "wkb_header", "write_wkb", "MIN_HEX"]

#: Shortest hex run looked at: an empty collection is 9 bytes (18 hex digits).
MIN_HEX = 18

_TYPES = {
    1: "POINT",
    2: "LINESTRING",
    3: "POLYGON",
    4: "MULTIPOINT",
    5: "MULTILINESTRING",
    6: "MULTIPOLYGON",
    7: "GEOMETRYCOLLECTION",
}
_Z, _M, _SRID = 0x80000000, 0x40000000, 0x20000000
# A hex run at a word start (``\x`` / ``0x`` bytea prefixes join it); possessive: no backtracking,
# and the look-behind stops the engine from retrying at every position inside a long run.
_HEX_RUN = re.compile(r"(?<![0-9A-Za-z_])(?:\\x|0x)?+([0-9A-Fa-f]{18,}+)(?![0-9A-Za-z_])")
_HEX_MARKS = bytes(0x68 if chr(i) in "0123456789abcdefABCDEF" else 0x2E for i in range(256))
_RUN = b"h" * MIN_HEX


@dataclass(frozen=True)
class WkbHeader:
    """What the outermost header says: type, byte order, flavour, dimensions, SRID."""

    geom_type: str  # OGC upper-case keyword
    little_endian: bool
    extended: bool  # PostGIS EWKB flag bits (else ISO codes)
    dims: str  # "", "Z", "M" or "ZM"
    srid: int | None


@lru_cache(maxsize=1024)  # a document's geometries share a handful of type words
def _type_word(code: int) -> tuple[int, bool, bool, bool] | None:
    """(base type, z, m, extended) of a type word, or None when it names no simple feature."""
    flags = code & 0xF0000000
    base = code & 0x0FFFFFFF
    if flags & 0x10000000:
        return None
    if flags:
        if base not in _TYPES:
            return None
        return base, bool(code & _Z), bool(code & _M), True
    iso_dim, typ = divmod(base, 1000)
    if typ not in _TYPES or iso_dim > 3:
        return None
    return typ, iso_dim in (1, 3), iso_dim in (2, 3), False


_U32 = (struct.Struct(">I").unpack_from, struct.Struct("<I").unpack_from)  # by the byte-order byte


@lru_cache(maxsize=1024)
def _header(typ: int, little: bool, extended: bool, z: bool, m: bool, srid: int | None) -> WkbHeader:
    """One (immutable) header per distinct value: a table's rows share theirs."""
    return WkbHeader(_TYPES[typ], little, extended, ("Z" if z else "") + ("M" if m else ""), srid)


def _walk(buf: bytes, pos: int, depth: int, top: bool) -> tuple[int, WkbHeader | None] | None:
    """End offset of the WKB geometry at ``pos`` (and, at the top, its header), or None if it is
    not one."""
    n = len(buf)
    if depth > MAX_NESTING or pos + 5 > n or buf[pos] > 1:
        return None
    little = buf[pos] == 1
    u32 = _U32[little]
    code = u32(buf, pos + 1)[0]
    word = _type_word(code)
    if word is None:
        return None
    typ, z, m, extended = word
    p = pos + 5
    srid = None
    if extended and code & _SRID:
        if not top or p + 4 > n:
            return None
        srid = u32(buf, p)[0]
        p += 4
    size = 8 * (2 + z + m)
    if typ == 1:
        p += size
    elif typ in (2, 3):
        if p + 4 > n:
            return None
        count = u32(buf, p)[0]
        p += 4
        if typ == 2:
            p += count * size
        else:
            if count * 4 > n - p:
                return None
            for _ in range(count):
                if p + 4 > n:
                    return None
                p += 4 + u32(buf, p)[0] * size
                if p > n:
                    return None
    else:
        if p + 4 > n:
            return None
        count = u32(buf, p)[0]
        p += 4
        if count * 5 > n - p:
            return None
        for _ in range(count):
            sub = _walk(buf, p, depth + 1, False)
            if sub is None:
                return None
            p = sub[0]
    if p > n:
        return None
    return p, (_header(typ, little, extended, z, m, srid) if top else None)


def _point_length_fits(hex_text: str) -> bool:
    """A POINT's length is fixed by its header: check it before decoding anything (a cheap
    reject for hex that merely starts like a point)."""
    try:
        code = int(hex_text[8:10] + hex_text[6:8] + hex_text[4:6] + hex_text[2:4], 16) if (
            hex_text[:2] == "01") else int(hex_text[2:10], 16)
    except ValueError:
        return False
    word = _type_word(code)
    if word is None:
        return False
    typ, z, m, extended = word
    if typ != 1:
        return True
    srid = 4 if extended and code & _SRID else 0
    return len(hex_text) == 2 * (5 + srid + 8 * (2 + z + m))


def wkb_header(hex_text: str) -> WkbHeader | None:
    """The header of a hex WKB/EWKB string that is *exactly* one geometry, else None.

    >>> wkb_header("01010000A0E6100000000000000000F03F00000000000000400000000000000840")
    WkbHeader(geom_type='POINT', little_endian=True, extended=True, dims='Z', srid=4326)
    >>> wkb_header("0101000000000000000000F03F000000000000004000") is None  # a byte too many
    True
    """
    got = _read_header(hex_text)
    return None if got is None else got[0]


def _read_header(hex_text: str) -> tuple[WkbHeader, bytes] | None:
    """:func:`wkb_header` and the bytes it read (decoded once, for the geometry too)."""
    if len(hex_text) % 2 or len(hex_text) < MIN_HEX or not _point_length_fits(hex_text):
        return None
    try:
        buf = bytes.fromhex(hex_text)
    except ValueError:
        return None
    walked = _walk(buf, 0, 0, True)
    if walked is None or walked[0] != len(buf) or walked[1] is None:
        return None
    return walked[1], buf


def parse_wkb(hex_text: str) -> Parsed:
    """Read a hex WKB/EWKB geometry with shapely; the error says why not (never raises).

    >>> p = parse_wkb("010200000002000000" + "0" * 48 + "000000000000F03F")
    >>> p.geometry.wkt, p.vertices
    ('LINESTRING (0 0, 0 1)', 2)
    >>> parse_wkb("0102000000").error
    'not a complete WKB geometry (header, counts and coordinates must end exactly at the end)'
    """
    header = wkb_header(hex_text)
    if header is None:
        return Parsed(None, 0, error="not a complete WKB geometry (header, counts and "
                                     "coordinates must end exactly at the end)")  # fmt: skip
    try:
        geom = shapely.from_wkb(bytes.fromhex(hex_text))
    except (ShapelyError, ValueError) as exc:
        return Parsed(None, 0, error=f"WKB does not decode: {exc}")
    if geom is None:
        return Parsed(None, 0, error="WKB does not decode")
    return Parsed(geom, int(shapely.get_num_coordinates(geom)), dims=header.dims)


def _decode_all(found: list[tuple[str, WkbHeader]], data: list[bytes] | None = None) -> list[Parsed]:
    """:func:`parse_wkb` of each hex string (whose header was read), decoded by one vectorised
    shapely call: per-call overhead was most of a COPY dump's detection (300 rows). ``data``:
    their bytes, when the caller has them."""
    if len(found) < 2:
        return [parse_wkb(h) for h, _ in found]
    try:
        blobs = data if data is not None else [bytes.fromhex(h) for h, _ in found]
        geoms = shapely.from_wkb(np.array(blobs, dtype=object), on_invalid="ignore")
        verts = shapely.get_num_coordinates(geoms)
    except Exception:  # noqa: BLE001 - one by one then, each with its own error
        return [parse_wkb(h) for h, _ in found]
    return [
        Parsed(g, int(v), dims=header.dims) if g is not None
        else Parsed(None, 0, error="WKB does not decode")
        for (_, header), g, v in zip(found, geoms, verts)
    ]


_MARK_SLICE = 1 << 16  # characters mapped at once


def _hex_runs(text: str) -> Iterator[re.Match[str]]:
    """Every hex run of at least ``MIN_HEX`` digits that starts with a byte-order byte (``00``
    or ``01``) at a word start (a ``\\x``/``0x`` prefix joins it).

    The text is mapped to one byte per character (``encode("ascii", "replace")`` keeps
    offsets), hex digits to ``h`` and everything else to ``.`` (``bytes.translate``), and runs
    of ``MIN_HEX`` ``h`` are found with ``bytes.find``: coordinate text full of short digit runs
    costs C speed; the regex then confirms each long run's boundaries. The marks are made and
    searched one slice of :data:`_MARK_SLICE` characters at a time (a run reaching a slice's
    end is carried into the next), so no mark array of the whole text is held.
    """
    carry = -1  # where a run of hex digits reaching the previous slice's end started
    for a in range(0, len(text), _MARK_SLICE):
        marks = text[a : a + _MARK_SLICE].encode("ascii", "replace").translate(_HEX_MARKS)
        pos = 0
        if carry >= 0:
            e = marks.find(b".")
            if e < 0:
                continue  # the run goes on through this whole slice
            yield from _confirmed(text, carry, a + e)
            carry, pos = -1, e
        limit = len(marks.rstrip(b"h"))  # a run from here on may go on in the next slice
        while True:
            s = marks.find(_RUN, pos, limit)
            if s < 0:
                break
            pos = marks.find(b".", s)  # before ``limit``: marks[limit - 1] is "."
            yield from _confirmed(text, a + s, a + pos)
        if limit < len(marks):
            carry = a + max(limit, pos)
    if carry >= 0:
        yield from _confirmed(text, carry, len(text))


def _confirmed(text: str, s: int, e: int) -> Iterator[re.Match[str]]:
    """The hex run ``text[s:e]`` (digits only, the characters around it none) as a match of
    the run pattern, if it is one: at least ``MIN_HEX`` digits, whole bytes, a byte-order byte
    first, at a word start."""
    if e - s < MIN_HEX or text[s : s + 2] not in ("00", "01") or (e - s) % 2:
        return  # short, no byte-order byte, or half a byte: most hex (digests, ids) stops here
    p = s - 2 if s >= 2 and text[s - 2 : s] in ("\\x", "0x") else s
    m = _HEX_RUN.match(text, p)
    if m is not None and m.end() == e:
        yield m


def find_wkb(text: str) -> list[Span]:
    """Every hex (E)WKB geometry in ``text`` as a ``"wkb"`` span (see the module docstring).

    >>> find_wkb("id,geom\\n7,0101000000000000000000F03F0000000000000040\\n")[0].geometry_text[:10]
    '0101000000'
    """
    from geochunk.detection.parsed import remember_many

    found = []
    data = []
    for m in _hex_runs(text):
        h = m.group(1)
        got = _read_header(h)
        if got is not None:
            found.append((m, h, got[0]))
            data.append(got[1])
    decoded = _decode_all([(h, hd) for _, h, hd in found], data)
    del data  # (the bytes are read: not held while the rows are)
    kept = []
    read = []
    for (m, hex_text, header), parsed in zip(found, decoded):
        if parsed.error is not None:
            continue  # only what decodes counts
        read.append((hex_text, parsed))
        kept.append((m.start(), m.end(), hex_text, header))
    remember_many("wkb", read)  # (one hold of the parse cache's lock)
    del read
    # COPY / CSV rows: ids and attributes from the columns (each span made once, with them)
    rows = row_contexts(text, [(s, e, h) for s, e, h, _ in kept])
    out: list[Span] = []
    for (s, e, hex_text, header), row in zip(kept, rows):
        fid, id_source, props = row if row is not None else (None, None, None)
        out.append(Span(s, e, "wkb", header.geom_type, hex_text, dims=header.dims,
                        srid=header.srid if header.srid else None, feature_id=fid,
                        id_source=id_source, properties_json=props))  # fmt: skip
    return out


def write_wkb(geom: Any, like: str) -> str:
    """``geom`` as hex WKB in the flavour of the hex string ``like`` (byte order, EWKB or ISO,
    SRID, letter case).

    >>> src = "0101000020E6100000000000000000F03F0000000000000040"
    >>> write_wkb(shapely.Point(3, 4), src) == write_wkb(shapely.Point(3, 4), src.lower()).upper()
    True
    >>> wkb_header(write_wkb(shapely.Point(3, 4), src)).srid
    4326
    """
    header = wkb_header(like)
    little = header.little_endian if header else True
    extended = header.extended if header else True
    srid = header.srid if header else None
    if srid:
        geom = shapely.set_srid(geom, srid)
    out = shapely.to_wkb(
        geom,
        hex=True,
        byte_order=1 if little else 0,
        include_srid=bool(srid),
        flavor="extended" if extended else "iso",
        output_dimension=4,
    )
    return out.lower() if any(c in "abcdef" for c in like) else out
