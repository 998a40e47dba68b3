"""No-cut units: each geometry with the context that travels with it (ids: :mod:`geochunk.detection.ids`).

In geochunk's core, *unit* always means this no-cut unit (``Unit``, ``Analysis.units``,
``Piece.unit``); only the public ``Chunk.unit`` / ``ChunkConfig.unit`` name a chunk's
granularity (``feature`` / ``section`` / ``document``).

A *unit* is one or more geometry spans, widened to whole lines when the rest of the line is a
short lead-in or tail (``INSERT ... ST_GeomFromEWKT('`` / ``'),``), plus — when they fit the
budget — the heading/caption line right before it and the ``Key: value`` attribute block right
after it. Units never overlap. :func:`unit_ranges` decides, at one budget, which of that
context (and the introducing paragraph and headings) a unit's range carries.

>>> from geochunk.model import Detection, Span
>>> text = "### Parcel LU-0007 - Park\\nPOLYGON((0 0,1 0,1 1,0 0))\\nArea: 2\\n\\nNext."
>>> s = Span(26, 52, "wkt", "POLYGON", "POLYGON((0 0,1 0,1 1,0 0))")
>>> (u,) = find_units(text, Detection((s,)))
>>> text[u.core[0]:u.core[1]], text[u.full[0]:u.full[1]].splitlines()[0]
('POLYGON((0 0,1 0,1 1,0 0))\\n', '### Parcel LU-0007 - Park')
>>> u.ids[0]
('LU-0007', 'heading')
"""

from __future__ import annotations

import json
import re
from dataclasses import FrozenInstanceError
from typing import Any, Callable, Sequence

import numpy as np

from geochunk.context.attributes import attribute_line, nested_key, sql_row, table_pairs, table_row
from geochunk.detection.encodings.rows import row_contexts
from geochunk.detection.ids import record_ids, source_ids
from geochunk.context.headings import is_caption, is_setext_underline, plain_heading_at, setext_title
from geochunk.text.lines import lines_of
from geochunk.model import ChunkConfig, Detection, Span
from geochunk.context.records import Record, find_records

__all__ = ["Unit", "find_units", "unit_ranges"]

_UNSEEN = object()
_UNIT_FIELDS = ("spans", "core", "full", "ids", "attributes", "intro", "row", "kinds")
_NONBLANK = re.compile(r"[^ \t]")  # (a newline is not blank: a search stops at its line)
_MAX_SEEN = 4096  # distinct attribute lines remembered per document (bounds the memo)
_MAX_LEAD = 200  # characters of non-geometry text on the geometry's line that may join it
_MAX_ROW_LEAD = 4000  # the same for the rest of an SQL ``INSERT`` row (its columns and values)
_SENTENCE_END = (". ", "! ", "? ", "\u0964 ", "\u0965 ", ".\t")  # (written out in _has_sentence_end)


class Unit:
    """An indivisible run of source text around one or more geometry spans.

    ``core`` is the geometry (line-widened); ``full`` adds the caption before and the attribute
    block after. ``attributes`` are the ``Key: value`` pairs of that block.

    ``kinds``, when not None, is what :attr:`context_kinds` gives (a layout that the offsets
    alone do not tell: ``record`` for a JSON record, ``attributes`` written before the
    geometry); None reads it from the offsets (caption before, attribute block after).

    Frozen, with the eight fields below; ``core`` and ``full`` are kept as their four offsets
    and made as pairs when read (a pair of each per unit was 0.26x the input of a large
    appendix; issue #13), and a unit of one span keeps that span's index, its id and its id's
    source, not a 1-tuple of each and a pair (0.6x a GeoJSON of 20k small features):
    equal, hashed, shown and pickled as the frozen dataclass of those fields that it was.

    >>> u = Unit((0,), (5, 9), (0, 12), (("x", "hash"),))
    >>> u, u == Unit((0,), (5, 9), (0, 12), (("x", "hash"),)), u.core, u.spans, u.ids
    (Unit(spans=(0,), core=(5, 9), full=(0, 12), ids=(('x', 'hash'),), attributes=(), intro=None, row=(), kinds=None), True, (5, 9), (0,), (('x', 'hash'),))
    """

    __slots__ = ("_spans", "_core_a", "_core_b", "_full_a", "_full_b", "_ids", "_source", "attributes", "intro",
                 "row", "kinds")

    attributes: tuple[tuple[str, Any], ...]  # (a JSON record's values are as JSON decodes them)
    intro: int | None  # start of the paragraph right before ``full`` that introduces it
    row: tuple[tuple[str, str], ...]  # SQL row columns on the geometry's own line
    kinds: tuple[str, ...] | None  # context_kinds when the offsets do not tell them

    def __init__(
        self,
        spans: tuple[int, ...],
        core: tuple[int, int],
        full: tuple[int, int],
        ids: tuple[tuple[str, str], ...],
        attributes: tuple[tuple[str, str], ...] = (),
        intro: int | None = None,
        row: tuple[tuple[str, str], ...] = (),
        kinds: tuple[str, ...] | None = None,
    ) -> None:
        init = object.__setattr__
        if len(spans) == 1 and len(ids) == 1 and type(spans[0]) is int:
            init(self, "_spans", spans[0])  # one span: its index, id and source (.spans, .ids)
            init(self, "_ids", ids[0][0])
            init(self, "_source", ids[0][1])
        else:
            init(self, "_spans", spans)
            init(self, "_ids", ids)
            init(self, "_source", None)
        init(self, "_core_a", core[0])
        init(self, "_core_b", core[1])
        init(self, "_full_a", full[0])
        init(self, "_full_b", full[1])
        init(self, "attributes", attributes)
        init(self, "intro", intro)
        init(self, "row", row)
        init(self, "kinds", kinds)

    @property
    def spans(self) -> tuple[int, ...]:
        """Indices into ``Detection.spans``."""
        s = self._spans
        return (s,) if s.__class__ is int else s

    @property
    def ids(self) -> tuple[tuple[str, str], ...]:
        """``(feature id, id source)`` per span."""
        return ((self._ids, self._source),) if self._spans.__class__ is int else self._ids

    @property
    def core(self) -> tuple[int, int]:
        return (self._core_a, self._core_b)

    @property
    def full(self) -> tuple[int, int]:
        return (self._full_a, self._full_b)

    def _fields(self) -> tuple:
        return (self.spans, (self._core_a, self._core_b), (self._full_a, self._full_b), self.ids,
                self.attributes, self.intro, self.row, self.kinds)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return "Unit(" + ", ".join(f"{k}={v!r}" for k, v in zip(_UNIT_FIELDS, self._fields())) + ")"

    def __reduce__(self) -> tuple:
        return (Unit, self._fields())

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    @property
    def has_context(self) -> bool:
        return self._full_a != self._core_a or self._full_b != self._core_b

    @property
    def context_kinds(self) -> tuple[str, ...]:
        """Which context ``full`` carries: ``heading`` (caption line), ``attributes``, ``row``,
        ``record`` (the JSON record around the geometry).

        >>> Unit((0,), (5, 9), (0, 12), (("x", "hash"),), (("A", "b"),)).context_kinds
        ('heading', 'attributes')
        """
        if self.kinds is not None:
            return self.kinds
        out = []  # (the offsets read from their slots: .full and .core make a pair each)
        if self._full_a < self._core_a:
            out.append("heading")
        if self._full_b > self._core_b and self.attributes:
            out.append("attributes")
        if self.row:
            out.append("row")
        return tuple(out)


def _line_start(text: str, p: int) -> int:
    """Start of the line holding ``p`` (``\\r\\n``, ``\\r`` and ``\\n`` end lines; O(log n))."""
    return lines_of(text).start(p)


def _line_end(text: str, p: int) -> int:
    """Offset just after the terminator of the line holding ``p`` (or len; O(log n))."""
    return lines_of(text).end(p)


def _has_sentence_end(s: str) -> bool:
    """Whether ``s`` holds one of :data:`_SENTENCE_END` (tested one by one, no generator:
    this runs on both sides of every span).

    >>> _has_sentence_end("See below. POINT"), _has_sentence_end("\\n"), _has_sentence_end("x\u0964 y")
    (True, False, True)
    """
    if len(s) < 2:
        return False  # every mark is two characters
    return ". " in s or "! " in s or "? " in s or "\u0964 " in s or "\u0965 " in s or ".\t" in s


def _widen(
    text: str, span: Span, prev_end: int = 0, next_start: int | None = None,
    line_start: int | None = None, line_end: int | None = None,
) -> tuple[int, int]:
    """The span widened to whole lines when the rest of the line is short lead-in/tail.

    A geometry never widens over a neighbour on its line (``prev_end``/``next_start``: the
    neighbouring spans), so several geometries on one line stay separate units and the separator
    between them is a legal cut. A Feature of a FeatureCollection only takes indentation before
    it and ``,`` after it, so a minified collection on one line still splits between its
    features. A span's text is never blank, so a neighbour on the same line already decides,
    and a long line is read once, not per span. ``line_start``/``line_end``: the start of the
    span's first line and the end of its last, when the caller has them."""
    start, end = span.start, span.end
    ls = lines_of(text).start(start) if line_start is None else line_start
    le = lines_of(text).end(end) if line_end is None else line_end
    alone_before = ls >= prev_end
    alone_after = next_start is None or next_start >= le
    if span.collection is not None:
        if alone_before and not text[ls:start].strip():
            start = ls
        if alone_after and not text[end:le].strip(" \t\r\n,"):
            end = le
        return start, end
    if alone_before and start - ls <= _MAX_ROW_LEAD and _is_row_lead(text[ls:start]):
        # an SQL row's columns and values are its geometry's attributes, whatever their words
        # ('St. Louis' holds a sentence end): the row joins it whole, tail included
        return ls, le if alone_after and le - end <= _MAX_ROW_LEAD else end
    if alone_before and start - ls <= _MAX_LEAD and not _has_sentence_end(text[ls:start]):
        start = ls
    if alone_after and le - end <= _MAX_LEAD and not _has_sentence_end(text[end:le]):
        end = le
    return start, end


def _is_row_lead(lead: str) -> bool:
    """Whether ``lead`` is an SQL ``INSERT INTO t (...) VALUES (...`` row up to its geometry
    (cheap first test: the line starts with ``INSERT``).

    >>> _is_row_lead("INSERT INTO t (id, name, geom) VALUES (1, 'St. Louis', ST_GeomFromEWKT('")
    True
    >>> _is_row_lead("Inserted here. "), _is_row_lead("INSERT INTO is a verb. ")
    (False, False)
    """
    head = lead[:24].lstrip(" \t")
    return head[:6].upper() == "INSERT" and bool(sql_row(lead))


def _line_bounds(text: str, starts: Sequence[int], ends: Sequence[int]) -> tuple[list[int], list[int]]:
    """``LineIndex.start`` of every ``starts`` and ``LineIndex.end`` of every ``ends``, in two
    vectorised searches of the line index (not two bisections per span).

    >>> _line_bounds("ab\\ncd\\r\\nef", [0, 3, 7], [1, 4, 8])
    ([0, 3, 7], [3, 7, 9])
    """
    line_ends = lines_of(text).array()
    n, m = len(text), len(line_ends)
    if not m:
        return [0] * len(starts), [n] * len(ends)
    k = np.searchsorted(line_ends, np.asarray(starts, dtype=line_ends.dtype), "right")
    first = np.where(k > 0, line_ends[np.maximum(k - 1, 0)], 0)
    k = np.searchsorted(line_ends, np.asarray(ends, dtype=line_ends.dtype), "right")
    last = np.where(k < m, line_ends[np.minimum(k, m - 1)], n)
    return first.tolist(), last.tolist()


def find_units(text: str, detection: Detection, *, context: bool = True) -> tuple[Unit, ...]:
    """Group the detection's spans into non-overlapping units with their context.

    With ``context=False`` no caption or attribute block is attached (``full == core``).
    """
    spans = detection.spans
    if not spans:
        return ()
    # 1. widen every span to whole lines, then merge overlapping ranges into unit cores; the
    # spans of one JSON record are one unit over the record (its outer range)
    records = find_records(text, spans) if context else []
    rec_of: dict[int, int] = {i: r for r, rec in enumerate(records) for i in rec.spans}
    rec_ranges = [_record_range(text, rec) for rec in records]
    groups: list[tuple[list[int], int, int]] = []
    cores: list[tuple[int, int]] = []
    group_rec: list[int] = []  # the group's record (-1: none, -2: more than one)
    firsts, lasts = _line_bounds(text, [sp.start for sp in spans], [sp.end for sp in spans])
    for i, sp in enumerate(spans):
        a, b = _widen(text, sp, spans[i - 1].end if i else 0,
                      spans[i + 1].start if i + 1 < len(spans) else None, firsts[i], lasts[i])
        r = rec_of.get(i, -1)
        oa, ob = rec_ranges[r] if r >= 0 else (a, b)
        if groups and oa < groups[-1][2]:
            idx, ga, gb = groups[-1]
            idx.append(i)
            groups[-1] = (idx, min(ga, oa), max(gb, ob))
            ca, cb = cores[-1]
            cores[-1] = (min(ca, a), max(cb, b))
            if r != -1 and group_rec[-1] != r:
                group_rec[-1] = r if group_rec[-1] == -1 else -2
        else:
            groups.append(([i], oa, ob))
            cores.append((a, b))
            group_rec.append(r)
    # 2. attribute blocks (Key: value lines, nested blocks, attribute tables) after or before
    # the geometry, captions before (attributes claim lines first). A block between two
    # geometries is the one it sits against; one against both (or neither) goes by the
    # document's layout: the blocks that sit against their geometry only, after or before
    units: list[Unit] = []
    lines = lines_of(text)
    blocks = _Blocks(text, lines)
    n_groups = len(groups)
    after: list[tuple[int, int, tuple, bool]] = []  # (start, end, pairs, after a blank line)
    before: list[tuple[int, tuple, bool]] = []  # (start, pairs, before a blank line)
    if context:
        for gi, (idx, a, b) in enumerate(groups):
            if group_rec[gi] >= 0 or spans[idx[0]].collection is not None or _first_char(text, a, b) == "|":
                after.append((b, b, (), False))  # (a record, a Feature, a table row: no block)
                before.append((a, (), False))
                continue
            next_start = groups[gi + 1][1] if gi + 1 < n_groups else len(text)
            prev_b = groups[gi - 1][2] if gi else 0
            item = blocks.item_indent(a)
            got_before = blocks.before(a, prev_b, item)
            before.append(got_before)
            if item is None and got_before[1]:  # a geometry inside a list item: the item's indent
                top_line = text[got_before[0] : lines.end(got_before[0])]
                if _is_item(top_line) and _indent(top_line) < _indent(text[a : min(lines.end(a), a + 256)]):
                    item = _indent(top_line)
            after.append(blocks.after(b, next_start, item))
    take_after, take_before = _claims(groups, after, before) if context else ([], [])
    csv_rows = _csv_rows(text, spans, groups, group_rec) if context else {}
    prev_end = 0
    for gi, (idx, a, b) in enumerate(groups):
        next_start = groups[gi + 1][1] if gi + 1 < n_groups else len(text)
        r = group_rec[gi]
        if r >= 0:  # a JSON record: the record is the unit, its fields the attributes and id
            rec = records[r]
            ca, cb = cores[gi]
            member = dict(zip(rec.spans, rec.members))
            ids = record_ids([spans[i] for i in idx], rec.pairs, [member.get(i) for i in idx])
            units.append(Unit(tuple(idx), (max(a, ca), min(b, cb)), (a, b), tuple(ids), rec.pairs, None, (),
                              _RECORD))
            prev_end = b
            continue
        full_a, full_b = a, b
        pairs: tuple[tuple[str, Any], ...] = ()
        pairs_before: tuple[tuple[str, Any], ...] = ()
        caption = None
        top = a  # where the caption is looked for: above the attributes written before
        if context:
            p0, got_b, _ = before[gi]
            if take_before[gi] and p0 >= prev_end:
                top, pairs_before = p0, got_b
            if take_after[gi]:
                full_b, pairs = after[gi][1], after[gi][2]
            if top == _line_start(text, top) and top > prev_end:
                ps = _line_start(text, top - 1) if top > 0 else top
                if ps >= prev_end and ps < top:
                    line = text[ps:top]
                    if not line.strip() and ps > prev_end:  # one blank line before a heading
                        ps2 = _line_start(text, ps - 1)
                        if ps2 >= prev_end and text[ps2:ps].lstrip().startswith("#"):
                            ps, line = ps2, text[ps2:top]
                    setext = False
                    if is_setext_underline(text[ps:_line_end(text, ps)]) and ps > prev_end:
                        ps2 = _line_start(text, ps - 1)  # a setext heading: title + underline
                        setext = ps2 >= prev_end and setext_title(text[ps2:ps]) and (
                            ps2 == 0 or not text[_line_start(text, ps2 - 1):ps2].strip())
                        if setext:
                            ps, line = ps2, text[ps2:top]
                    if setext or is_caption(line.strip().splitlines()[0] if line.strip() else ""):
                        caption = line
                        top = ps
            full_a = top
        row: tuple[tuple[str, str], ...] = ()
        if context and len(idx) == 1:
            row = sql_row(text[a : spans[idx[0]].start])
            if not row and idx[0] in csv_rows:  # a CSV row: the whole line, however long its tail
                row = csv_rows[idx[0]]
                sp = spans[idx[0]]
                ls, le = lines.start(sp.start), lines.end(sp.end)
                a, b = min(a, ls), max(b, le)
                full_a, full_b = min(full_a, a), max(full_b, b)
        kinds = None
        if pairs_before:
            kinds = _kinds(caption is not None, True, bool(row))
            pairs = pairs_before + pairs
        ids = source_ids([spans[i] for i in idx], pairs, caption, row)
        intro = _intro(text, full_a, prev_end, [fid for fid, src in ids if src != "hash"]) if context else None
        units.append(Unit(tuple(idx), (a, b), (full_a, full_b), tuple(ids), pairs, intro, row, kinds))
        prev_end = full_b
    return tuple(units)


def _claims(
    groups: Sequence[tuple[list[int], int, int]],
    after: Sequence[tuple[int, int, tuple, bool]],
    before: Sequence[tuple[int, tuple, bool]],
) -> tuple[list[bool], list[bool]]:
    """Which units take the block found after them and the block found before them.

    A block between two geometries that sits against one of them only (the other side is a
    blank line) is that one's. One that sits against both, or is separated from both by a
    blank line, goes by the layout of its stretch of such blocks: the block the first
    geometry of the stretch has before it, or the last one has after it, says which; when
    neither or both do, the document's blocks that sit against one geometry only vote (a tie
    is "after", as a block reads under its geometry). A block before the first geometry is
    its own when it sits against it; the last geometry's block after it is its own; a block
    a blank line above a geometry that has no block after it, and that no geometry before
    can claim, is its own.

    >>> g = [([0], 10, 20), ([1], 40, 50)]
    >>> _claims(g, [(20, 40, ("x",), False), (50, 50, (), False)], [(10, (), False), (20, ("x",), True)])
    ([True, False], [False, False])
    >>> _claims(g, [(20, 40, ("x",), True), (50, 50, (), False)], [(10, (), False), (20, ("x",), False)])
    ([False, False], [False, True])
    """
    n = len(groups)
    take_after = [bool(x[2]) for x in after]
    take_before = [bool(x[1]) and not x[2] for x in before]
    if not n:
        return take_after, take_before
    side: list[str | None] = [None] * n  # the block between group k and k + 1: "A", "B", "X"
    votes_a = votes_b = 0
    for k in range(n - 1):
        q0, q1, pa, blank_a = after[k]
        p0, pb, blank_b = before[k + 1]
        if pa and pb and p0 < q1:  # one block between the two geometries
            touch_a, touch_b = not blank_a, not blank_b
            side[k] = "A" if touch_a and not touch_b else "B" if touch_b and not touch_a else "X"
        else:
            votes_a += bool(pa) and not blank_a
            votes_b += bool(pb) and not blank_b
            if pb and blank_b and not after[k + 1][2]:
                take_before[k + 1] = True  # a block no other geometry can claim, the only one
        votes_a += side[k] == "A"
        votes_b += side[k] == "B"
    if after[-1][2] and not after[-1][3]:
        votes_a += 1
    if before[0][1] and not before[0][2]:
        votes_b += 1
    doc_before = votes_b > votes_a
    k = 0
    while k < n - 1:
        if side[k] != "X":
            if side[k] == "A":
                take_before[k + 1] = False
            elif side[k] == "B":
                take_after[k] = False
            elif doc_before and before[k + 1][1]:
                take_before[k + 1] = True
            k += 1
            continue
        m = k
        while m + 1 < n - 1 and side[m + 1] == "X":
            m += 1
        # the stretch of gaps k..m: its first geometry (k) and last (m + 1)
        left = bool(before[k][1]) and (k == 0 or side[k - 1] in (None, "B"))
        right = bool(after[m + 1][2]) and (m + 1 == n - 1 or side[m + 1] in (None, "A"))
        is_before = doc_before if left == right else left
        for j in range(k, m + 1):
            take_after[j] = not is_before
            take_before[j + 1] = is_before
        if is_before and left:  # the stretch's first block is its first geometry's
            take_before[k] = True
        if not is_before and right:
            take_after[m + 1] = True
        k = m + 1
    if before[0][1] and (doc_before or not after[0][2]):
        take_before[0] = True  # (a block the first geometry has before it and none after)
    return take_after, take_before


def _csv_cell(text: str, span: Span, ls: int, le: int) -> str | None:
    """The CSV field a geometry fills (its text, a quoted field decoded), when the geometry is
    one whole field of a comma-separated line ``[ls, le)``, else None.

    >>> t = 'id,geom\\n7,"POINT (1 2)"\\n'
    >>> _csv_cell(t, Span(11, 22, "wkt", "POINT", "POINT (1 2)"), 8, 24)
    'POINT (1 2)'
    >>> _csv_cell("See POINT (1 2), then", Span(4, 15, "wkt", "POINT", "POINT (1 2)"), 0, 21) is None
    True
    """
    a, b = span.start, span.end
    cell = text[a:b]
    if cell.startswith('"') and cell.endswith('"') and len(cell) > 1:  # a span that holds its quotes
        cell = cell[1:-1].replace('""', '"')
    elif a > ls and b < le and text[a - 1] == '"' and text[b] == '"':
        a, b = a - 1, b + 1
    before = text[a - 1] if a > ls else ","
    after = text[b] if b < le else ","
    if before != "," or after not in ",\r\n":
        return None
    return cell


def _csv_rows(
    text: str, spans: Sequence[Span], groups: Sequence[tuple[list[int], int, int]], group_rec: Sequence[int]
) -> dict[int, tuple[tuple[str, str], ...]]:
    """Per span that is one whole field of a CSV table row (a block under a header line that
    names as many columns: :func:`geochunk.detection.encodings.rows.row_contexts`), the row's other
    columns with a value, as its row pairs. Only single geometries on their line, outside JSON
    records and FeatureCollections, with no attributes from their own encoding."""
    lines = lines_of(text)
    first: dict[int, int] = {}  # line start -> its first non-blank offset (see _first_char)
    picked: list[int] = []
    values: list[tuple[int, int, str]] = []
    for gi, (idx, a, b) in enumerate(groups):
        if len(idx) != 1 or group_rec[gi] >= 0:
            continue
        sp = spans[idx[0]]
        if sp.collection is not None or sp.properties_json is not None or sp.feature_id is not None:
            continue
        ls, le = lines.start(sp.start), lines.end(sp.end)
        if le - ls - (sp.end - sp.start) > 4096 or "," not in text[ls:sp.start] + text[sp.end:le]:
            continue
        if _first_char(text, ls, sp.start, first) == "|":
            continue  # a Markdown table row (_table_rows)
        cell = _csv_cell(text, sp, ls, le)
        if cell is None:
            continue
        picked.append(idx[0])
        values.append((sp.start, sp.end, cell))
    out: dict[int, tuple[tuple[str, str], ...]] = _table_rows(text, spans, groups, group_rec)
    if not values:
        return out
    for i, got in zip(picked, row_contexts(text, values)):
        if got is None:
            continue
        try:
            props = json.loads(got[2])
        except ValueError:
            continue
        pairs = tuple((k, v) for k, v in props.items() if isinstance(v, str) and v.strip())
        if pairs:
            out[i] = pairs
    return out


def _table_rows(
    text: str, spans: Sequence[Span], groups: Sequence[tuple[list[int], int, int]], group_rec: Sequence[int]
) -> dict[int, tuple[tuple[str, str], ...]]:
    """Per span that is one whole cell of a Markdown table row, the row's other cells by the
    table's header names (:func:`~geochunk.context.attributes.table_row`). The header of a table is
    found once: each row line remembers it, so a row walks up to the row above it only."""
    lines = lines_of(text)
    header_of: dict[int, tuple[int, int] | None] = {}  # row line start -> (header, rule) starts
    first: dict[int, int] = {}  # line start -> its first non-blank offset (see _first_char)
    out: dict[int, tuple[tuple[str, str], ...]] = {}
    for gi, (idx, a, b) in enumerate(groups):
        if len(idx) != 1 or group_rec[gi] >= 0:
            continue
        sp = spans[idx[0]]
        if sp.collection is not None or sp.properties_json is not None or sp.feature_id is not None:
            continue
        ls = lines.start(sp.start)
        if _first_char(text, ls, sp.start, first) != "|" or lines.start(sp.end) != ls:
            continue
        p, walked = ls, []
        found: tuple[int, int] | None = None
        while p > 0:  # up the table's lines to its header (or a row that knows it)
            up = lines.start(p - 1)
            if up in header_of:
                found = header_of[up]
                break
            if _first_char(text, up, p, first) != "|":
                break
            walked.append(up)
            p = up
        if found is None and len(walked) >= 2:
            found = (walked[-1], walked[-2])
        for w in walked:
            header_of[w] = found
        header_of[ls] = found
        if found is None:
            continue
        h, r = found
        le = lines.end(sp.end)
        got = table_row(text[h : lines.end(h)], text[r : lines.end(r)], text[ls:le], text[sp.start : sp.end].strip())
        if got:
            out[idx[0]] = got
    return out


def _first_char(text: str, a: int, b: int, memo: dict[int, int] | None = None) -> str:
    """The first character of ``text[a:b]`` that is not a space or tab ("" if none), read
    without slicing (a line of many geometries is long). With ``memo`` (per document, keyed by
    ``a``: the same ``a`` with any ``b``) a line's indentation is read once, however many
    geometries on it ask.

    >>> _first_char("  | a |", 0, 7), _first_char("   ", 0, 3)
    ('|', '')
    """
    p = memo.get(a) if memo is not None else None
    if p is None:
        m = _NONBLANK.search(text, a)
        p = m.start() if m else len(text)
        if memo is not None:
            memo[a] = p
    return text[p] if p < b else ""


_KINDS: dict[tuple[bool, bool, bool], tuple[str, ...]] = {}


def _kinds(heading: bool, attributes: bool, row: bool) -> tuple[str, ...]:
    """One tuple per combination (a unit holds it: one copy each)."""
    key = (heading, attributes, row)
    got = _KINDS.get(key)
    if got is None:
        got = _KINDS[key] = tuple(k for k, on in zip(("heading", "attributes", "row"), key) if on)
    return got


_TABLE, _HEAD = "|", ":"  # what _Blocks.kind gives a table row and a nested block's opening line


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def _is_item(line: str) -> bool:
    s = line.lstrip(" \t")
    return s.startswith(("- ", "* "))


class _Blocks:
    """Attribute blocks around a geometry: runs of ``Key: value`` lines (with nested
    ``properties:`` blocks: an opening line and more-indented lines), or one Markdown attribute
    table (:func:`~geochunk.context.attributes.table_pairs`). A YAML-style list item (``- name: A`` over
    ``  geom: POINT (...)``) is one record: a block stops at the next item. Each distinct line
    is read once (at most :data:`_MAX_SEEN` remembered), and each distinct pair is one tuple."""

    def __init__(self, text: str, lines) -> None:  # type: ignore[no-untyped-def]
        self.text, self.lines = text, lines
        self.seen: dict[str, object] = {}
        self.same: dict[tuple[str, str], tuple[str, str]] = {}

    def kind(self, line: str) -> object:
        """``(key, value)``, :data:`_TABLE`, :data:`_HEAD` or None."""
        got = self.seen.get(line, _UNSEEN)
        if got is _UNSEEN:
            if line.lstrip(" \t").startswith("|"):
                got = _TABLE
            else:
                got = attribute_line(line)
                if got is not None:
                    got = self.same.setdefault(got, got)  # type: ignore[arg-type]
                elif nested_key(line) is not None:
                    got = _HEAD
            if len(self.seen) < _MAX_SEEN:
                self.seen[line] = got
        return got

    def item_indent(self, a: int) -> int | None:
        """The indentation of the list item the geometry's line sits in (that line, or the
        item line right above a more-indented geometry line), else None."""
        text, lines = self.text, self.lines
        if a != lines.start(a):
            return None
        line = text[a : min(lines.end(a), a + 256)]  # (its start is enough: a line may be long)
        if _is_item(line):
            return _indent(line)
        return None

    def after(self, b: int, limit: int, item: int | None) -> tuple[int, int, tuple, bool]:
        """The block right after ``b`` (a line start; one blank line may come first), not past
        ``limit``: (start, end, pairs, after a blank line); end == start when none."""
        text, lines = self.text, self.lines
        if not lines.at_line_end(b) or b >= limit:
            return b, b, (), False
        q, blank = b, False
        le = lines.end(q)
        if le < limit and not text[q:le].strip():
            nxt = text[le : lines.end(le)]
            if self.kind(nxt) is not None and not plain_heading_at(text, le):
                q, blank = le, True  # one blank line may separate the geometry from its attributes
        rows: list[str] = []
        collected: list = []
        start = q
        first = True
        while q < limit:
            le = lines.end(q)
            if le > limit:
                break
            line = text[q:le]
            kd = self.kind(line)
            if kd is None or (kd is _TABLE) != bool(rows) and not first:
                break
            if not first and item is not None and _is_item(line) and _indent(line) <= item:
                break  # the next list item: the next record
            if kd is _TABLE:
                rows.append(line)
            elif kd is _HEAD:
                nxt_end = lines.end(le)
                if le >= limit or nxt_end > limit:
                    break
                nxt = text[le:nxt_end]
                if _indent(nxt) <= _indent(line) or self.kind(nxt) in (None, _TABLE):
                    break
            else:
                collected.append(kd)
            first = False
            q = le
        if rows:
            got = table_pairs(rows)
            return (start, q, got, blank) if got else (start, start, (), blank)
        return (start, q, tuple(collected), blank) if collected else (start, start, (), blank)

    def before(self, a: int, floor: int, item: int | None) -> tuple[int, tuple, bool]:
        """The block right before ``a`` (a line start; one blank line may come between), not
        before ``floor``: (start, pairs, before a blank line); start == a when none. A
        geometry that starts a list item has none (the item starts with it)."""
        text, lines = self.text, self.lines
        if a <= floor or a != lines.start(a) or item is not None:
            return a, (), False
        geo_indent = _indent(text[a : lines.end(a)])
        got = self._up(a, floor, geo_indent)
        if got[1]:
            return got[0], got[1], False
        ls = lines.start(a - 1)
        if ls > floor and not text[ls:a].strip():
            got = self._up(ls, floor, geo_indent)
            if got[1]:
                return got[0], got[1], True
        return a, (), False

    def _up(self, e: int, floor: int, geo_indent: int) -> tuple[int, tuple]:
        text, lines = self.text, self.lines
        rows: list[str] = []
        found: list[str] = []  # the block's lines, bottom first
        p = e
        below_indent = None
        while p > floor and p > 0:
            ls = lines.start(p - 1)
            if ls < floor:
                break
            line = text[ls:p]
            kd = self.kind(line)
            if kd is None or (rows and kd is not _TABLE) or (found and not rows and kd is _TABLE):
                break
            if kd is _TABLE:
                rows.append(line)
            elif kd is _HEAD:
                if below_indent is None or below_indent <= _indent(line):
                    break
                found.append(line)
            else:
                if plain_heading_at(text, ls):
                    break
                found.append(line)
            below_indent = _indent(line)
            p = ls
            if not rows and _is_item(line) and _indent(line) < geo_indent:
                break  # the list item the geometry sits in starts here
        if rows:
            got = table_pairs(rows[::-1])
            return (p, got) if got else (e, ())
        pairs = tuple(kd for kd in (self.kind(x) for x in reversed(found)) if kd is not _HEAD)
        return (p, pairs) if pairs else (e, ())


_RECORD = ("record",)


def _record_range(text: str, rec: Record) -> tuple[int, int]:
    """A record's object widened to whole lines when it starts its line (after indentation)
    and ends it (before a ``,``).

    >>> t = '[\\n  {"a": 1},\\n  {"b": 2}\\n]'
    >>> _record_range(t, Record(4, 12, (), (), ())), _record_range('[{"a": 1}]', Record(1, 9, (), (), ()))
    ((2, 14), (1, 9))
    """
    lines = lines_of(text)
    a, b = rec.start, rec.end
    ls = lines.start(a)
    p = a
    while p > ls and text[p - 1] in " \t":  # (character by character: records share long lines)
        p -= 1
    if p == ls:
        a = ls
    le = lines.end(b - 1)
    q = b
    while q < le and text[q] in " \t":
        q += 1
    if q < le and text[q] == ",":
        q += 1
    while q < le and text[q] in " \t\r\n":
        q += 1
    if q == le:
        b = le
    return a, b


_MAX_INTRO = 600  # characters: a longer paragraph describes more than the feature after it


def _is_heading_line(line: str) -> bool:
    return line.lstrip().startswith("#") or is_setext_underline(line)


def _intro(text: str, at: int, prev_end: int, ids: list[str]) -> int | None:
    """Start of the paragraph right before ``at`` that introduces the feature there, or None.

    The paragraph must sit between the previous unit and ``at`` with at most one blank line
    before ``at``, be prose (no heading, no attribute or table lines, at most 600 characters)
    and *introduce* the feature: it ends with ``:``, or it runs straight into the feature with
    no blank line, or it names the feature's id.

    >>> t = "Old.\\n\\nThe pump house sits on the bank:\\n\\nPOINT (1 2)\\n"
    >>> t[_intro(t, t.index("POINT"), 0, []):].splitlines()[0]
    'The pump house sits on the bank:'
    >>> _intro("A general remark.\\n\\nPOINT (1 2)\\n", 19, 0, []) is None
    True
    """
    if at <= prev_end or at == 0 or text[at - 1] not in "\r\n":
        return None
    e = at
    ls = _line_start(text, e - 1)
    blank = not text[ls:e].strip()
    if blank:
        if ls <= prev_end or ls == 0:
            return None
        e = ls
    start = e
    while start > prev_end and start > 0:
        ls = _line_start(text, start - 1)
        line = text[ls:start]
        if ls < prev_end or not line.strip():
            break
        stripped = line.strip()
        if _is_heading_line(line) or stripped.startswith("|") or attribute_line(line) is not None:
            break
        if e - ls > _MAX_INTRO:
            return None
        start = ls
    if start == e:
        return None
    para = text[start:e].strip()
    if para.endswith(":") or not blank or any(fid and fid in para for fid in ids):
        return start
    return None


Range = tuple[int, int]


def unit_ranges(
    units: Sequence[Unit],
    headings: Sequence[Range],
    count: Callable[[int, int], int],
    config: ChunkConfig,
) -> tuple[list[Range], list[Unit], list[tuple[str, ...]]]:
    """The no-cut range of every unit at this budget, and which context it carries.

    Attributes never divorce: a unit's range always holds its caption and attribute block (an
    over-budget unit is escaped whole). The paragraph that introduces it joins when
    ``attach_prose`` is on and the whole (with any heading above that paragraph) still fits.
    Headings right before the range always join it — even when heading and unit together are
    over the budget and the unit alone is not: the whole is then one over-budget unit and gets
    the escape, because a heading that ends the previous chunk (or stands alone) is a defect.
    ``headings`` are ``(heading start, first line after it)`` pairs; ``count`` counts tokens."""
    if not config.attach_context:
        bare = [Unit(u.spans, u.core, u.core, u.ids) for u in units]
        return [u.core for u in bare], bare, [()] * len(bare)
    budget = config.budget
    glue = {c: h for h, c in headings}  # first line after a heading -> the heading's start

    def above(p: int, floor: int) -> int:
        """Start of the chain of headings glued to ``p`` (``p`` when none), not before ``floor``."""
        h = glue.get(p)
        while h is not None and h >= floor:
            p, h = h, glue.get(h)
        return p

    ranges: list[Range] = []
    kinds: list[tuple[str, ...]] = []
    same_kinds: dict[tuple[str, ...], tuple[str, ...]] = {}
    prev = 0
    for u in units:
        lo, hi = u._full_a, u._full_b  # (u.full: a new pair)
        k = list(u.context_kinds)
        if config.attach_prose and u.intro is not None and u.intro >= prev:
            top = above(u.intro, prev)
            if count(top, hi) <= budget:  # the paragraph and its headings, or neither
                k.append("prose")
                if top < u.intro:
                    k.append("section_heading")
                lo = top
        if "prose" not in k:
            top = above(lo, prev)
            if top < lo:
                lo = top
                k.append("section_heading")
        # one tuple per distinct list of kinds: a tuple of kinds per unit was part of 0.24x the
        # input of a large appendix (issue #13); a unit keeps its offsets, not tuples, so each
        # range is made here once
        ranges.append((lo, hi))
        kt = tuple(k)
        kinds.append(same_kinds.setdefault(kt, kt))
        prev = hi
    return ranges, list(units), kinds
