"""The one place feature ids are decided: from the source (a GeoJSON ``id`` or id-like property,
an ID attribute, an id-shaped token of the heading) or else a stable content hash, and made
unique by content, never by position (``feature_17`` would change on every re-export).

>>> from geochunk.model import Span
>>> a = Span(0, 11, "wkt", "POINT", "POINT (1 2)")
>>> b = Span(20, 31, "wkt", "POINT", "POINT (3 4)")
>>> unique_ids([a, b], {0: ("W-7", "heading"), 1: ("W-7", "heading")})
[('W-7', 'heading'), ('W-7~ac0d6cdf', 'heading')]
>>> pick_id([("Name", "Well"), ("Well ID", "W-7")])
('Well ID', 'W-7')
"""

from __future__ import annotations

import hashlib
from collections import Counter
import json
import re
import sys
from typing import Any, Iterable, Mapping, Sequence

from geochunk.text.memo import key_memo, tuple_memo
from geochunk.model import Span

__all__ = [
    "ID_KEYS", "NAME_KEYS", "REF_KEYS", "content_id", "geojson_id", "heading_id", "pick_id", "pick_name", "record_ids",
    "source_ids", "unique_ids",
]

#: Keys (case-insensitive, in priority order) whose value is a feature's id - in GeoJSON
#: ``properties``, ``Key: value`` attribute blocks, SQL rows and table columns alike. After these,
#: the first key ending in ``_id``, `` id`` or ``-id``; then a reference (:data:`REF_KEYS`, then
#: the first key ending in ``_ref``, `` ref`` or ``-ref``) - a key that names an id wins over one
#: that names a reference ("Parcel ID" before "Ref", whatever the order of the lines). US Census
#: codes (``GEOID``, ``GEOID20``/``GEOID10`` as TIGER/Line names them, ``FIPS``) are ids: unique per
#: county or tract where names repeat ("Washington County" in 30 states).
ID_KEYS: tuple[str, ...] = (
    "id", "fid", "gid", "uid", "uuid", "objectid", "pk", "feature_id", "featureid", "feature id",
    "parcel_id", "parcelid", "geoid", "geoid20", "geoid10", "fips",
)  # fmt: skip
REF_KEYS: tuple[str, ...] = ("ref", "reference")
#: Keys (case-insensitive, in order) whose value names a feature: its id when nothing else
#: gives one (no id key, heading id or row id), before the content hash.
NAME_KEYS: tuple[str, ...] = ("name", "title", "label")
_ID_SUFFIXES = ("_id", " id", "-id")
_REF_SUFFIXES = ("_ref", " ref", "-ref")


def pick_id(pairs: Iterable[tuple[str, str]]) -> tuple[str, str] | None:
    """The ``(key, value)`` that gives the id among key/value pairs: the first key of
    :data:`ID_KEYS` present (in that order), else the first key ending in an id suffix, else a
    reference (:data:`REF_KEYS` in order, then the first key ending in a ref suffix).

    >>> pick_id([("Ref", "R-9"), ("Parcel ID", "P-1")]), pick_id([("Ref", "R-1"), ("FID", "F-1")])
    (('Parcel ID', 'P-1'), ('FID', 'F-1'))
    >>> pick_id([("name", "a"), ("planning_ref", "19/0042")]), pick_id([("idea", "x")])
    (('planning_ref', '19/0042'), None)
    >>> pick_id([("NAME", "Washington"), ("FIPS", "29221")])  # a census code: the source's own id
    ('FIPS', '29221')
    """
    pairs = pairs if isinstance(pairs, (tuple, list)) else tuple(pairs)
    if not pairs:
        return None
    at = _pick_index(tuple([key for key, _ in pairs]))  # the choice depends on the keys only
    if at is None:
        return None
    got = pairs[at]
    return got if type(got) is tuple else (got[0], got[1])


def pick_name(pairs: Sequence[tuple[str, Any]]) -> tuple[str, str] | None:
    """The ``(key, value)`` that names the feature: the first key of :data:`NAME_KEYS` (in
    that order) with a non-blank text or number value, else None.

    >>> pick_name([("Zone", "R1"), ("Title", "North field"), ("name", "Meadow")])
    ('name', 'Meadow')
    """
    if not pairs:
        return None
    at = _name_index(tuple([key for key, _ in pairs]))
    if at is None:
        return None
    for k in at:
        value = _scalar_id(pairs[k][1])
        if value is not None:
            return pairs[k][0], value
    return None


@tuple_memo(max_entries=4096, max_chars=1 << 20)
def _name_index(keys: tuple[str, ...]) -> tuple[int, ...] | None:
    """Positions of the name keys among ``keys``, in :data:`NAME_KEYS` order (None if none)."""
    low = [_key_kind(k)[0] for k in keys]
    got = tuple(k for name in NAME_KEYS for k, key in enumerate(low) if key == name)
    return got or None


@tuple_memo(max_entries=4096, max_chars=1 << 20)  # features repeat a handful of key sequences
def _pick_index(keys: tuple[str, ...]) -> int | None:
    """Which of ``keys`` :func:`pick_id` picks (its position), or None.

    >>> _pick_index(("Ref", "Name", "Parcel ID")), _pick_index(("name",))
    (2, None)
    """
    first: dict[str, int] = {}
    suffixed: int | None = None
    ref_suffixed: int | None = None
    for k, key in enumerate(keys):
        low, id_like, ref_like = _key_kind(key)
        first.setdefault(low, k)
        if suffixed is None and id_like:
            suffixed = k
        elif ref_suffixed is None and ref_like:
            ref_suffixed = k
    for name in ID_KEYS:
        if name in first:
            return first[name]
    if suffixed is not None:
        return suffixed
    for name in REF_KEYS:
        if name in first:
            return first[name]
    return ref_suffixed


@key_memo()  # a document repeats a handful of keys
def _key_kind(key: str) -> tuple[str, bool, bool]:
    """The key as compared (lower case, stripped) and whether it ends in an id / a ref suffix."""
    low = key.lower().strip()
    return low, low.endswith(_ID_SUFFIXES), low.endswith(_REF_SUFFIXES)


def content_id(span: Span) -> str:
    """A stable id from the geometry's content (whitespace-insensitive), never its position.

    >>> content_id(Span(0, 12, "wkt", "POINT", "POINT (1  2)")) == content_id(
    ...     Span(99, 110, "wkt", "POINT", "POINT (1 2)"))
    True
    >>> content_id(Span(0, 12, "wkt", "POINT", "POINT (1  2)"))
    'point:2f35f2ba4425'
    """
    digest = hashlib.sha1(_normalized(span.geometry_text)).hexdigest()[:12]
    return f"{(span.geom_type or 'null').lower()}:{digest}"


_ASCII_SPACE = bytes.maketrans(b"\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f", b" " * 9)  # str.isspace() in ASCII


def _normalized(geometry_text: str) -> bytes:
    """``" ".join(geometry_text.split()).upper().encode("utf-8")``: whitespace runs as one
    space, no space at either end, upper case. ASCII text (the usual coordinate list) is
    normalised as bytes — every whitespace byte a space, double spaces replaced until none is
    left — without splitting a 40,000-vertex ring into 80,000 strings.

    >>> t = " POINT (1\\t\\r\\n  2)\\x1f"
    >>> _normalized(t), _normalized(t) == " ".join(t.split()).upper().encode()
    (b'POINT (1 2)', True)
    """
    if not geometry_text.isascii():
        return " ".join(geometry_text.split()).upper().encode("utf-8", "surrogatepass")  # as document_digest
    b = geometry_text.encode("ascii").translate(_ASCII_SPACE)
    while b"  " in b:
        b = b.replace(b"  ", b" ")
    return b.strip(b" ").upper()


_ID_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9]*+(?:[-_./][A-Za-z0-9]++)*+")  # LU-0007, W17, TQ.3080
_CODE_MARKS = ("def ", "class ", "(self", " = ", "==", "return ", "()", "//", "/*", "--", "import ")


def heading_id(caption: str) -> str | None:
    """An id-shaped token of a heading (letters and digits: ``LU-0007``, ``W17``), else None —
    never a bare number (usually a figure or a year), never words of a caption ("A database row
    follows:"), never a line of code or a comment (``def test_polygon_2(self``).

    >>> heading_id("### Parcel LU-0007 - Park"), heading_id("A database row follows:")
    ('LU-0007', None)
    >>> heading_id("    def test_polygon_2(self):") is None
    True
    """
    s = caption.strip()
    if any(mark in s for mark in _CODE_MARKS):
        return None
    for word in s.lstrip("#").split():
        w = word.strip(".,;:()[]{}\"'")
        if (
            len(w) <= 40
            and _ID_TOKEN.fullmatch(w)
            and any(map(str.isdigit, w))  # (map: no generator frame per character)
            and any(map(str.isalpha, w))
        ):
            return w
    return None


def _scalar_id(value: Any) -> str | None:
    if isinstance(value, str):
        return value if value.strip() else None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return json.dumps(value)
    return None


def geojson_id(feature: Mapping[str, Any], props: Any) -> tuple[str | None, str | None]:
    """A GeoJSON Feature's ``(id, id source)``: its ``id`` member, else an id-like property
    (:func:`pick_id`), else a name property (:func:`pick_name`); ``(None, None)`` when it has none.

    >>> geojson_id({"id": 7}, {}), geojson_id({}, {"name": "a", "parcel_id": "P-1"})
    (('7', 'geojson:id'), ('P-1', 'property:parcel_id'))
    >>> geojson_id({}, {"name": "Houston", "pop": 2300000})
    ('Houston', 'property:name')
    """
    if "id" in feature:
        fid = _scalar_id(feature["id"])
        if fid is not None:
            return fid, "geojson:id"
    if not isinstance(props, dict):
        return None, None
    scalars = [(k, s) for k, s in ((k, _scalar_id(v)) for k, v in props.items() if isinstance(k, str))
               if s is not None]
    got = pick_id(scalars) or pick_name(scalars)
    return (None, None) if got is None else (got[1], f"property:{got[0]}")


def record_ids(
    spans: Sequence[Span], pairs: Sequence[tuple[str, Any]], members: Sequence[str | None]
) -> list[tuple[str, str]]:
    """``(id, id source)`` for the spans of one JSON record (:mod:`geochunk.context.records`): the
    span's own id, else the record's id field (:func:`pick_id`; a Django fixture's ``pk`` is
    qualified by its ``model``: ``geogapp.city:1``), else its name (:func:`pick_name`), else
    the content hash. A record holding several geometries gives each ``id/member``; a span
    that is no member of the record (``None``) its content hash.

    >>> s = Span(0, 11, "wkt", "POINT", "POINT (1 2)")
    >>> record_ids([s], [("pk", 1), ("model", "geogapp.city"), ("name", "Houston")], ["fields.point"])
    [('geogapp.city:1', 'record:pk')]
    >>> record_ids([s, s], [("name", "Parcel A")], ["border1", "border2"])
    [('Parcel A/border1', 'record:name'), ('Parcel A/border2', 'record:name')]
    """
    rid: tuple[str, str] | None = None
    got = pick_id(pairs)
    if got is not None:
        value = _scalar_id(got[1])
        if value is not None:
            if _key_kind(got[0])[0] == "pk":
                model = next((v for k, v in pairs if k == "model" and isinstance(v, str) and v.strip()), None)
                if model is not None:
                    value = f"{model}:{value}"
            rid = (value, sys.intern(f"record:{got[0]}"))
    if rid is None:
        name = pick_name(pairs)
        if name is not None:
            rid = (name[1], sys.intern(f"record:{name[0]}"))
    single = sum(m is not None for m in members) == 1
    out = []
    for sp, member in zip(spans, members):
        if sp.feature_id is not None:
            out.append((sp.feature_id, sp.id_source or "geojson:id"))
        elif rid is None or member is None:
            out.append((content_id(sp), "hash"))
        else:
            out.append(rid if single or not member else (f"{rid[0]}/{member}", rid[1]))
    return out


def source_ids(
    spans: Sequence[Span],
    attributes: Sequence[tuple[str, str]] = (),
    caption: str | None = None,
    row: Sequence[tuple[str, str]] = (),
) -> list[tuple[str, str]]:
    """``(id, id source)`` for the spans of one no-cut unit, by precedence: the span's own id
    (GeoJSON), then - for a unit of one geometry only - an ID attribute of its ``Key: value``
    block, an id-shaped token of its caption, an id column of its SQL or CSV row, a name
    attribute, a name column (:func:`pick_name`); else the content hash.

    >>> s = Span(0, 11, "wkt", "POINT", "POINT (1 2)")
    >>> source_ids([s], [("Well ID", "W-7")]), source_ids([s], caption="## Well W-8")
    ([('W-7', 'attribute:Well ID')], [('W-8', 'heading')])
    >>> source_ids([s], row=[("id", "3")]), source_ids([s, s], [("Well ID", "W-7")])[0][1]
    ([('3', 'row:id')], 'hash')
    >>> source_ids([s], [("Name", "Old Mill")], caption="## Mill M-2"), source_ids([s], [("Name", "Old Mill")])
    ([('M-2', 'heading')], [('Old Mill', 'attribute:Name')])
    """
    single = len(spans) == 1
    out = []
    for sp in spans:
        if sp.feature_id is not None:
            out.append((sp.feature_id, sp.id_source or "geojson:id"))
            continue
        got = None
        if single:  # by precedence, each source read only when the ones before it gave none
            key = pick_id(attributes)
            if key is not None:
                got = (key[1], sys.intern(f"attribute:{key[0]}"))  # one label per key, not per feature
            else:
                hid = heading_id(caption.strip().splitlines()[0]) if caption and caption.strip() else None
                if hid is not None:
                    got = (hid, "heading")
                else:
                    keyed_row = pick_id(row)
                    if keyed_row is not None:
                        got = (keyed_row[1], sys.intern(f"row:{keyed_row[0]}"))
                    else:
                        name = pick_name(attributes)
                        if name is not None:
                            got = (name[1], sys.intern(f"attribute:{name[0]}"))
                        else:
                            name = pick_name(row)
                            if name is not None:
                                got = (name[1], sys.intern(f"row:{name[0]}"))
        out.append(got or (content_id(sp), "hash"))
    return out


def _is_name_source(source: str) -> bool:
    """Whether an id source (``attribute:Name``, ``record:title``) names a :data:`NAME_KEYS` key."""
    _, sep, key = source.partition(":")
    return bool(sep) and _key_kind(key)[0] in NAME_KEYS


def unique_ids(
    spans: Sequence[Span], source_ids: Mapping[int, tuple[str, str]] | Sequence[tuple[str, str] | None]
) -> list[tuple[str, str]]:
    """``(id, id source)`` per span: the source's id (``source_ids``, by span index: a mapping,
    or a sequence as long as ``spans`` with ``None`` where the source gives none) or the
    :func:`content_id` (source ``hash``); an id seen before gets ``~`` and 8 characters of
    the content hash, then ``.2``, ``.3``, ... if that is taken too. A name (:data:`NAME_KEYS`)
    that several features share is no id of any one of them: each gets the suffix, the first
    too, so which of two "Park"s comes first (or a third added above) changes no feature's id.

    >>> a = Span(0, 11, "wkt", "POINT", "POINT (1 2)")
    >>> b = Span(20, 31, "wkt", "POINT", "POINT (3 4)")
    >>> unique_ids([a, b], [("Park", "attribute:Name"), ("Park", "attribute:Name")])
    [('Park~2f35f2ba', 'attribute:Name'), ('Park~ac0d6cdf', 'attribute:Name')]
    """
    taken: set[str] = set()
    next_k: dict[str, int] = {}  # per suffix base, the next number to try (identical geometries
    out = []  # repeated 40,000 times must not probe .2, .3, ... from the start each time)
    hashed: dict[tuple[str | None, str], str] = {}  # each distinct geometry text hashed once

    def content(span: Span) -> str:
        key = (span.geom_type, span.geometry_text)
        got = hashed.get(key)
        if got is None:
            got = hashed[key] = content_id(span)
        return got

    given = source_ids.get if isinstance(source_ids, Mapping) else source_ids.__getitem__
    picked = [given(i) for i in range(len(spans))]
    names = Counter(got[0] for got in picked if got is not None and _is_name_source(got[1]))
    for span, got in zip(spans, picked):
        fid, source = got or (content(span), "hash")
        if fid in taken or (names.get(fid, 0) > 1 and _is_name_source(source)):
            # the same id twice (or a shared name): tell them apart by content, not by position
            base = f"{fid}~{content(span).split(':')[1][:8]}"
            fid, k = base, next_k.get(base, 2)
            while fid in taken:
                fid, k = f"{base}.{k}", k + 1
            next_k[base] = k
        taken.add(fid)
        out.append((fid, source))
    return out
