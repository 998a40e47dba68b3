"""A feature's attributes from the text around it: ``Key: value`` lines (and a nested
``properties:`` block's), a Markdown attribute table, and SQL row columns on the geometry's
own line.

GeoJSON ``properties`` are read by the detector; this module reads ``Key: value`` lines (which
lines form a feature's block is decided in :mod:`geochunk.context.units`) and the columns of an
``INSERT INTO t (c1, c2, geom) VALUES (v1, v2,`` row that leads in to the geometry, pairing each column with its value. One forward scan of the
line's lead-in: linear, no regex that can backtrack.

>>> sql_row("INSERT INTO parcels (id, ref, use, geom) VALUES (7, 'SB-7', 'O''Brien', ST_GeomFromEWKT('")
(('id', '7'), ('ref', 'SB-7'), ('use', "O'Brien"))
>>> sql_row("Some prose before POINT")
()
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from typing import Any

from geochunk.text.memo import tuple_memo

__all__ = [
    "Pairs", "Properties", "attribute_line", "attribute_pairs", "nested_key", "sql_row", "table_pairs", "table_row",
]

_HEAD = re.compile(r"(?i)[ \t]*+INSERT[ \t]++INTO[ \t]++[\w.\"`]++[ \t]*+\(")
_VALUES = re.compile(r"(?i)[ \t]*+VALUES[ \t]*+\(")
_BARE = re.compile(r"[-+.\w]++")
_BULLETS = "-*\u2022 \t"
_KEY = re.compile(r"[^\W\d_][\w ()%./'²³#-]*")  # one flat class: linear, no backtracking


class Pairs(Mapping[str, Any]):
    """A read-only mapping over ``(key, value)`` pairs, read as ``dict(pairs)`` reads them (a
    later pair's value wins, a key keeps its first place), that holds the pairs themselves:
    a feature's attributes share its unit's pair tuple and one key index per key sequence
    (a dict per feature was about 0.6x the input in the peak memory of a large appendix,
    issue #13). It compares, prints and converts (``dict(p)``) as that dict.

    >>> p = Pairs((("a", "1"), ("b", "2"), ("a", "3")))
    >>> p["a"], list(p), len(p), "b" in p, p.get("c")
    ('3', ['a', 'b'], 2, True, None)
    >>> p == {"a": "3", "b": "2"}, p
    (True, {'a': '3', 'b': '2'})
    """

    __slots__ = ("_pairs", "_index")

    def __init__(self, pairs: tuple[tuple[str, Any], ...]) -> None:
        self._pairs = pairs
        self._index = _key_index(tuple([k for k, _ in pairs]))

    def __getitem__(self, key: str) -> Any:
        return self._pairs[self._index[key]][1]

    def __contains__(self, key: object) -> bool:
        return key in self._index

    def __iter__(self) -> Iterator[str]:
        return iter(self._index)

    def __len__(self) -> int:
        return len(self._index)

    def __repr__(self) -> str:
        return repr(dict(self.items()))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Pairs, (self._pairs,))


class Properties(Mapping[str, Any]):
    """A GeoJSON Feature's ``properties`` object read from its compact JSON text (the span's
    ``properties_json``, held once) when asked, not held decoded as well: a dict per feature
    (its keys, values and table) was ~1.4x the input in a GeoJSON of 20k small features with
    three properties (issue #13). It compares, prints and converts (``dict(p)``) as the dict
    ``json.loads(text)`` is; the text must be a JSON object. Like :class:`Pairs`, a read-only
    view: the last one read stays decoded (one at a time, so ``dict(p)`` and a key after
    another decode it once), and a nested list or object it gives is that decoding's.

    >>> p = Properties('{"name":"site 1","area":40}')
    >>> p["area"], list(p), len(p), "name" in p, p.get("x"), p == {"name": "site 1", "area": 40}
    (40, ['name', 'area'], 2, True, None, True)
    >>> p, dict(p)
    ({'name': 'site 1', 'area': 40}, {'name': 'site 1', 'area': 40})
    """

    __slots__ = ("_json",)

    def __init__(self, text: str) -> None:
        self._json = text

    def _dict(self) -> dict[str, Any]:
        global _last_read
        text, got = _last_read
        if text is not self._json:
            got = json.loads(self._json)
            _last_read = (self._json, got)  # one tuple: a thread reads a whole pair
        return got

    def __getitem__(self, key: str) -> Any:
        return self._dict()[key]

    def __contains__(self, key: object) -> bool:
        return key in self._dict()

    def __iter__(self) -> Iterator[str]:
        return iter(self._dict())

    def __len__(self) -> int:
        return len(self._dict())

    def get(self, key: str, default: Any = None) -> Any:
        return self._dict().get(key, default)

    def keys(self) -> Any:
        return self._dict().keys()

    def items(self) -> Any:
        return self._dict().items()

    def values(self) -> Any:
        return self._dict().values()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Properties):
            return self._json == other._json or self._dict() == dict(other.items())
        if isinstance(other, Mapping):
            return self._dict() == (other if type(other) is dict else dict(other.items()))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # as a dict's

    def __repr__(self) -> str:
        return repr(self._dict())

    def __reduce__(self) -> tuple[Any, ...]:
        return (Properties, (self._json,))


_last_read: tuple[str | None, dict[str, Any]] = (None, {})


@tuple_memo(max_entries=1024, max_chars=1 << 20)  # bounded by size too, like ids/period
def _key_index(keys: tuple[str, ...]) -> dict[str, int]:
    """Key -> position of its last pair, in first-seen order (shared by equal key sequences:
    never changed once made)."""
    index: dict[str, int] = {}
    for i, k in enumerate(keys):
        index[k] = i
    return index


def _columns(text: str, p: int) -> tuple[list[str], int] | None:
    close = text.find(")", p)
    if close < 0:
        return None
    cols = [c.strip().strip('"`') for c in text[p:close].split(",")]
    if not cols or not all(c and c.replace("_", "").isalnum() for c in cols):
        return None
    return cols, close + 1


def _values(text: str, p: int) -> list[str]:
    """Scalar values from ``p`` until the first one that is not a plain literal."""
    out: list[str] = []
    n = len(text)
    while p < n:
        while p < n and text[p] in " \t":
            p += 1
        if p >= n:
            break
        if text[p] == "'":
            buf, q = [], p + 1
            while True:  # runs up to each quote at once; '' is a quote inside the literal
                q_end = text.find("'", q)
                if q_end < 0:
                    break
                buf.append(text[q:q_end])
                if q_end + 1 < n and text[q_end + 1] == "'":
                    buf.append("'")
                    q = q_end + 2
                    continue
                break
            if q_end < 0:
                break  # an open literal: the geometry's own quote
            out.append("".join(buf))
            p = q_end + 1
        else:
            m = _BARE.match(text, p)
            if m is None:
                break
            q = m.end()
            while q < n and text[q] in " \t":
                q += 1
            if q < n and text[q] == "(":
                break  # a function call: the geometry (or a value we do not read)
            word = m.group()
            out.append("" if word.upper() == "NULL" else word)
            p = m.end()
        while p < n and text[p] in " \t":
            p += 1
        if p < n and text[p] == ",":
            p += 1
            continue
        break
    return out


def sql_row(lead_in: str) -> tuple[tuple[str, str], ...]:
    """``(column, value)`` pairs of an ``INSERT ... (columns) VALUES (values`` lead-in, for the
    values written before the geometry (``NULL`` and empty values are left out)."""
    m = _HEAD.match(lead_in)
    if m is None:
        return ()
    got = _columns(lead_in, m.end())
    if got is None:
        return ()
    cols, p = got
    v = _VALUES.match(lead_in, p)
    if v is None:
        return ()
    vals = _values(lead_in, v.end())
    return tuple((c, x) for c, x in zip(cols, vals) if x != "")


def attribute_line(line: str) -> tuple[str, str] | None:
    """``Key: value`` → (key, value), else None.

    >>> attribute_line("- Depth: 3 m"), attribute_line("see http://x"), attribute_line("3:4")
    (('Depth', '3 m'), None, None)
    """
    if line.find(":", 0, 60) < 0:  # (":" in line[:60], without the slice)
        return None
    key, sep, value = line.strip().lstrip(_BULLETS).partition(":")
    if not value.startswith((" ", "\t")):
        return None  # "3:4", "http://..." — an attribute separator is a colon and a space
    key, value = key.strip(), value.strip()
    if not key or not value or value.startswith("//"):
        return None
    key = _checked_key(key)
    return None if key is None else (key, value)


@lru_cache(maxsize=4096)
def _checked_key(key: str) -> str | None:
    """``key`` (interned: the same keys repeat on every feature, one copy each) if it reads as
    an attribute key, else None; cached, as a document repeats a handful of keys."""
    if len(key) > 50 or len(key.split()) > 6 or not key[0].isalpha() or _KEY.fullmatch(key) is None:
        return None
    return sys.intern(key)


def attribute_pairs(block: str) -> tuple[tuple[str, str], ...]:
    """The ``Key: value`` pairs of an attribute block.

    >>> attribute_pairs("Parcel ID: LU-1\\nLand use: Park\\n")
    (('Parcel ID', 'LU-1'), ('Land use', 'Park'))
    """
    out = []
    for line in block.splitlines():
        kv = attribute_line(line)
        if kv:
            out.append(kv)
    return tuple(out)


def nested_key(line: str) -> str | None:
    """The key of a line that opens a nested block (``properties:``, nothing after the colon),
    else None; the block's lines are the more-indented ``Key: value`` lines below it.

    >>> nested_key("properties:"), nested_key("  - attributes:  "), nested_key("Zone: R1"), nested_key("http:")
    ('properties', 'attributes', None, 'http')
    """
    s = line.strip().lstrip(_BULLETS)
    if not s.endswith(":") or s.count(":") != 1:
        return None
    key = s[:-1].strip()
    return _checked_key(key) if key else None


_GENERIC_KEYS = frozenset(("", "field", "key", "attribute", "property", "name", "item", "column"))
_GENERIC_VALUES = frozenset(("", "value", "values"))
_TABLE_MARKS = "*_`"


def _cells(row: str) -> list[str]:
    s = row.strip()
    if s.startswith("|"):
        s = s[1:]
    if s.endswith("|") and not s.endswith("\\|"):
        s = s[:-1]
    return [c.strip().strip(_TABLE_MARKS).strip() for c in s.split("|")]


def _is_rule(cells: list[str]) -> bool:
    return all(c and not c.strip(":-") and "-" in c for c in cells)


def table_pairs(rows: Sequence[str]) -> tuple[tuple[str, str], ...] | None:
    """The ``(key, value)`` pairs of a Markdown attribute table, or None when the table is not
    one feature's attributes. A table with a header and one row gives the header's names with
    that row's values; a two-column table gives a pair a row (its header row too when that
    reads as a pair, ``| Parcel ID | P-1 |``; a header that only names the columns, ``| Field
    | Value |`` or empty, is left out); any other table (a listing of many rows, or a header
    naming two columns over many rows) gives None.

    >>> table_pairs(["| Parcel ID | P-1 |", "| Zone | R1 |"])
    (('Parcel ID', 'P-1'), ('Zone', 'R1'))
    >>> table_pairs(["| Field | Value |", "|---|---|", "| **Parcel ID** | P-1 |"])
    (('Parcel ID', 'P-1'),)
    >>> table_pairs(["| Parcel ID | Zone | Area |", "| :-- | --- | --: |", "| P-1 | R1 | 2.5 |"])
    (('Parcel ID', 'P-1'), ('Zone', 'R1'), ('Area', '2.5'))
    >>> table_pairs(["| a | b | c |", "|---|---|---|", "| 1 | 2 | 3 |", "| 4 | 5 | 6 |"]) is None
    True
    >>> table_pairs(["| Parcel | Zone |", "|---|---|", "| P-1 | R1 |", "| P-2 | R2 |"]) is None
    True
    """
    cells = [_cells(r) for r in rows]
    ruled = len(cells) >= 2 and _is_rule(cells[1])
    data = [c for c in cells if not _is_rule(c)]
    if not data:
        return None
    if ruled and len(data) == 2 and len(data[0]) == len(data[1]) and not (
            data[0][0].lower() in _GENERIC_KEYS and data[0][1].lower() in _GENERIC_VALUES):
        raw = list(zip(data[0], data[1]))  # a header and one row: the header names the values
    elif all(len(c) == 2 for c in data):
        if ruled and data[0][0].lower() in _GENERIC_KEYS and data[0][1].lower() in _GENERIC_VALUES:
            data = data[1:]
        elif ruled and _checked_key(data[0][1]) is not None and not any(map(str.isdigit, data[0][1])):
            return None  # a header naming two columns over many rows: a listing
        raw = [(k, v) for k, v in data]
    else:
        return None
    out = []
    for k, v in raw:
        key = _checked_key(k) if k else None
        if key is None:
            return None  # a row that is no attribute: not an attribute table
        if v:
            out.append((key, v))
    return tuple(out) or None


def table_row(header: str, rule: str, row: str, cell: str) -> tuple[tuple[str, str], ...] | None:
    """The other cells of a Markdown table ``row`` whose cell ``cell`` holds a geometry, by the
    names in the table's ``header`` (``rule`` the line under it), or None when the lines are no
    such table (no rule, another number of cells, a header cell that is no name).

    >>> table_row("| id | use | geom |", "|---|---|---|", "| P-1 | park | POINT (1 2) |", "POINT (1 2)")
    (('id', 'P-1'), ('use', 'park'))
    """
    names, cells = _cells(header), _cells(row)
    if not _is_rule(_cells(rule)) or len(names) != len(cells) or cell not in cells:
        return None
    at = cells.index(cell)
    out = []
    for k, (name, value) in enumerate(zip(names, cells)):
        if k == at:
            continue
        key = _checked_key(name) if name else None
        if key is None:
            return None
        if value:
            out.append((key, value))
    return tuple(out)
