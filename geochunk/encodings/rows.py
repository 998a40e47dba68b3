"""Ids and attributes for hex (E)WKB values that sit in table rows: PostgreSQL ``COPY`` data and
CSV blocks with a header line.

A ``COPY table (col, ...) FROM stdin;`` block names its columns: each row holding a geometry
gives the feature its other columns as attributes (``\\N`` is null) and its id from the id
column (the one id-key rule, :func:`geochunk.ids.pick_id`: ``id``, ``fid``, ``gid``, ... then
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
import json
import re
from bisect import bisect_right
from collections import Counter
from dataclasses import replace

from ..ids import pick_id
from ..lines import lines_of
from ..model import Span

_MAX_PER_ROW = 16  # geometries on one line beyond which it is not read as a table row

__all__ = ["with_row_context"]

_COPY = re.compile(r"COPY[ \t]++([\w.\"]{1,200}+)[ \t]*+\(([^()\n]{1,4000}+)\)[ \t]*+FROM[ \t]++stdin;")
_NAME = re.compile(r"[A-Za-z_][\w ]{0,62}")


def _id_column(columns: list[str]) -> int | None:
    """The id column: :func:`geochunk.ids.pick_id`'s rule over the column names."""
    got = pick_id((c, str(k)) for k, c in enumerate(columns))
    return None if got is None else int(got[1])


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
    try:
        geom_at = next(k for k, v in enumerate(values) if v.strip().strip("'\"") in (field, "\\x" + field, "\\\\x" + field))
    except StopIteration:
        return None
    props: dict[str, str | None] = {}
    for k, (c, v) in enumerate(zip(columns, values)):
        if k != geom_at:
            if sep == "\t":
                props[c] = None if v == "\\N" else _copy_value(v)
            else:
                props[c] = v.strip()
    return props, geom_at


def _span_with(span: Span, props: dict[str, str | None], columns: list[str], geom_at: int,
               table: str | None, how: str) -> Span:
    rest = [c for k, c in enumerate(columns) if k != geom_at]
    k = _id_column(rest)
    fid = props.get(rest[k]) if k is not None else None
    if fid:
        fid = f"{table}:{fid}" if table else fid
    return replace(
        span,
        feature_id=fid or span.feature_id,
        id_source=f"{how}:{rest[k]}" if fid and k is not None else span.id_source,
        properties_json=json.dumps(props, ensure_ascii=False, separators=(",", ":")),
    )


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
    blocks = _copy_blocks(text) if "FROM stdin;" in text else []
    starts = [b[0] for b in blocks]
    out: list[Span] = []
    csv_block: tuple[int, int, list[str]] | None = None  # (start, end, header columns)
    lines = lines_of(text)
    line_starts = [lines.start(sp.start) for sp in spans]
    on_line = Counter(line_starts)
    for span, ls in zip(spans, line_starts):
        if on_line[ls] > _MAX_PER_ROW:
            # a run of geometries on one line is not a table row, and reading the whole line
            # again for each of them is quadratic (32,000 hex points on one line: 42 s)
            out.append(span)
            continue
        le = lines.end(span.end)
        line = text[ls:le].rstrip("\r\n")
        i = bisect_right(starts, span.start) - 1
        if i >= 0 and span.start < blocks[i][1]:
            _, _, table, columns = blocks[i]
            got = _row(line, "\t", columns, span.geometry_text)
            out.append(_span_with(span, got[0], columns, got[1], table, "copy") if got else span)
            continue
        if "," not in line:
            out.append(span)
            continue
        if csv_block is None or not csv_block[0] <= span.start < csv_block[1]:
            csv_block = _csv_block(text, ls)
        got = _row(line, ",", csv_block[2], span.geometry_text) if csv_block[2] else None
        out.append(_span_with(span, got[0], csv_block[2], got[1], None, "csv") if got else span)
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
