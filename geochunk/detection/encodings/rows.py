"""Ids and attributes for hex (E)WKB values that sit in table rows: PostgreSQL ``COPY`` data and
CSV blocks with a header line.

A ``COPY table (col, ...) FROM stdin;`` block names its columns: each row holding a geometry
gives the feature its other columns as attributes (``\\N`` is null) and its id from the id
column (the one id-key rule, :func:`geochunk.detection.ids.pick_id`: ``id``, ``fid``, ``gid``, ... then
``*_id``, then ``ref`` / ``*_ref``), qualified by the table (``public.parcels:17``). A CSV
block (lines up to a blank line, a Markdown fence skipped) whose first line has as many
comma-separated names as the row has fields is read the same way. One pass over the spans in
order; every line block is looked at once.

>>> from geochunk.model import Span
>>> text = "COPY public.p (id, name, geom) FROM stdin;\\n7\\tNorth\\t0101\\n\\\\.\\n"
>>> s = Span(text.index("0101"), text.index("0101") + 4, "wkb", "POINT", "0101")
>>> r = with_row_context(text, [s])[0]
>>> r.feature_id, r.id_source, r.properties_json
('public.p:7', 'copy:id', '{"id":"7","name":"North"}')
"""

from __future__ import annotations

import csv
import re
from bisect import bisect_right
from collections import Counter
from dataclasses import replace
from functools import lru_cache

from geochunk.detection.ids import pick_id, pick_name
from geochunk.text.lines import lines_of
from geochunk.model import Span, compact_json

_MAX_PER_ROW = 16  # geometries on one line beyond which it is not read as a table row

__all__ = ["RowContext", "row_contexts", "with_row_context"]

_COPY = re.compile(r"COPY[ \t]++([\w.\"]{1,200}+)[ \t]*+\(([^()\n]{1,4000}+)\)[ \t]*+FROM[ \t]++stdin;")
_NAME = re.compile(r"[A-Za-z_][\w ]{0,62}")


@lru_cache(maxsize=256)  # a table's rows share their columns
def _id_column(columns: tuple[str, ...]) -> int | None:
    """The id column: :func:`geochunk.detection.ids.pick_id`'s rule over the column names, else a name
    column (:func:`geochunk.detection.ids.pick_name`)."""
    named = [(c, str(k)) for k, c in enumerate(columns)]
    got = pick_id(named) or pick_name(named)
    return None if got is None else int(got[1])


@lru_cache(maxsize=256)
def _rest_and_id(columns: tuple[str, ...], geom_at: int) -> tuple[tuple[str, ...], int | None]:
    """The columns but the geometry's, and which of them is the id (a table's rows share both)."""
    rest = tuple(c for k, c in enumerate(columns) if k != geom_at)
    return rest, _id_column(rest)


_COPY_ESCAPE = re.compile(r"\\(?:([0-7]{1,3}+)|x([0-9A-Fa-f]{1,2}+)|(.))", re.DOTALL)
_COPY_CHARS = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v"}


def _copy_value(value: str) -> str:
    r"""A COPY text-format value with its backslash escapes decoded (``\t`` is a tab, ``\\`` a
    backslash, ``\303\251`` the UTF-8 bytes of an é).

    >>> _copy_value(r"North\tSide \\ 2"), _copy_value(r"caf\303\251")
    ('North\tSide \\ 2', 'café')
    """
    if "\\" not in value:
        return value
    as_bytes = False

    def one(m: re.Match[str]) -> str:
        nonlocal as_bytes
        if m.group(1) or m.group(2):
            as_bytes = True
            return chr(int(m.group(1), 8) & 0xFF) if m.group(1) else chr(int(m.group(2), 16))
        return _COPY_CHARS.get(m.group(3), m.group(3))

    decoded = _COPY_ESCAPE.sub(one, value)
    if as_bytes:  # octal/hex escapes are bytes of the server encoding (UTF-8 in practice)
        try:
            return decoded.encode("latin-1").decode("utf-8")
        except (UnicodeEncodeError, UnicodeDecodeError):
            pass
    return decoded


def _fields(line: str, sep: str) -> list[str]:
    """The fields of one COPY (tab) or CSV (comma, RFC 4180 quoting) line."""
    if sep == "\t":
        return line.split(sep)
    try:
        return next(csv.reader([line]))
    except (csv.Error, StopIteration):
        return line.split(sep)


def _row(line: str, sep: str, columns: list[str], field: str) -> tuple[dict[str, str | None], int] | None:
    values = _fields(line, sep)
    if len(values) != len(columns):
        return None
    forms = (field, "\\x" + field, "\\\\x" + field)
    # no value before the first one that holds the hex can be it: a tab-separated line says
    # which value that is by counting tabs (a CSV line's quotes may hold commas: read them all)
    at = line.find(field) if sep == "\t" else -1
    first = line.count(sep, 0, at) if at >= 0 else 0
    for geom_at in range(first, len(values)):
        if values[geom_at].strip().strip("'\"") in forms:
            break
    else:
        return None
    props: dict[str, str | None] = {}
    for k, (c, v) in enumerate(zip(columns, values)):
        if k != geom_at:
            if sep == "\t":
                props[c] = None if v == "\\N" else _copy_value(v)
            else:
                props[c] = v.strip()
    return props, geom_at


#: What a table row gives its geometry: (feature id, id source, properties JSON); a None id or
#: source leaves the span's own.
RowContext = tuple["str | None", "str | None", str]


def _context(props: dict[str, str | None], columns: list[str], geom_at: int, table: str | None,
             how: str) -> RowContext:
    rest, k = _rest_and_id(tuple(columns), geom_at)
    fid = props.get(rest[k]) if k is not None else None
    if fid:
        fid = f"{table}:{fid}" if table else fid
    return (fid or None, f"{how}:{rest[k]}" if fid and k is not None else None, compact_json(props))


def _span_with(span: Span, context: RowContext | None) -> Span:
    if context is None:
        return span
    fid, id_source, props_json = context
    return replace(span, feature_id=fid or span.feature_id, id_source=id_source or span.id_source,
                   properties_json=props_json)  # fmt: skip


def _copy_blocks(text: str) -> list[tuple[int, int, str, list[str]]]:
    """(data start, data end, table, columns) of every COPY ... FROM stdin block."""
    out = []
    for m in _COPY.finditer(text):
        start = text.find("\n", m.end())
        if start < 0:
            continue
        end = text.find("\n\\.", start)
        end = len(text) if end < 0 else end + 1
        columns = [c.strip().strip('"') for c in m.group(2).split(",")]
        out.append((start + 1, end, m.group(1).replace('"', ""), columns))
    return out


def with_row_context(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` (hex WKB, sorted by start) with ids and attributes from their table rows."""
    if not spans:
        return spans
    found = row_contexts(text, [(sp.start, sp.end, sp.geometry_text) for sp in spans])
    return [_span_with(sp, got) for sp, got in zip(spans, found)]


def row_contexts(text: str, values: list[tuple[int, int, str]]) -> list[RowContext | None]:
    """What the table row of each hex value ``(start, end, hex)`` (sorted by start) gives it:
    :data:`RowContext`, or None outside a table row (:func:`with_row_context` applies it; a
    finder that makes its spans afterwards passes it to them at once)."""
    if not values:
        return []
    blocks = _copy_blocks(text) if "FROM stdin;" in text else []
    starts = [b[0] for b in blocks]
    out: list[RowContext | None] = []
    csv_block: tuple[int, int, list[str]] | None = None  # (start, end, header columns)
    lines = lines_of(text)
    line_starts = [lines.start(v[0]) for v in values]
    on_line = Counter(line_starts)
    for (start, end, field), ls in zip(values, line_starts):
        if on_line[ls] > _MAX_PER_ROW:
            # a run of geometries on one line is not a table row, and reading the whole line
            # again for each of them is quadratic (32,000 hex points on one line: 42 s)
            out.append(None)
            continue
        le = lines.end(end)
        line = text[ls:le].rstrip("\r\n")
        i = bisect_right(starts, start) - 1
        if i >= 0 and start < blocks[i][1]:
            _, _, table, columns = blocks[i]
            got = _row(line, "\t", columns, field)
            out.append(_context(got[0], columns, got[1], table, "copy") if got else None)
            continue
        if "," not in line:
            out.append(None)
            continue
        if csv_block is None or not csv_block[0] <= start < csv_block[1]:
            csv_block = _csv_block(text, ls)
        got = _row(line, ",", csv_block[2], field) if csv_block[2] else None
        out.append(_context(got[0], csv_block[2], got[1], None, "csv") if got else None)
    return out


def _csv_block(text: str, line_start: int) -> tuple[int, int, list[str]]:
    """The line block around ``line_start`` and its header's column names (or none)."""
    blank = text.rfind("\n\n", 0, line_start)
    start = 0 if blank < 0 else blank + 2
    end = text.find("\n\n", line_start)
    end = len(text) if end < 0 else end
    first_end = text.find("\n", start, end)
    header = text[start : first_end if first_end >= 0 else end]
    if header.lstrip().startswith("```") and first_end >= 0:
        second_end = text.find("\n", first_end + 1, end)
        header = text[first_end + 1 : second_end if second_end >= 0 else end]
    names = [h.strip().strip('"') for h in _fields(header, ",")]
    if len(names) < 2 or not all(_NAME.fullmatch(n) for n in names):
        names = []
    return start, end, names
