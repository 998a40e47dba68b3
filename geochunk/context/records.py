"""JSON records around geometry: in an array of records (a Django fixture, an API response with
``geometry`` beside other fields) the record is the feature's unit, and its sibling fields are
the feature's attributes and id.

A geometry is a *record member* when it sits in a JSON string (``"mpoly": "MULTIPOLYGON (...)"``,
``"geom": "0101..."``, escaped GeoJSON) or is a JSON object value (``"geometry": {"type": ...}``)
inside valid JSON. Its record is found from the innermost JSON container that starts a line and
parses (``json.JSONDecoder.raw_decode``) around it: the enclosing objects are climbed while the
parent holds no other geometry, so each element of an array of records, or each value of an
object keyed by id, is one record, and a record holding several geometries (``wkt`` and ``hex``
of one shape) is one record. Records never nest (an inner one joins its outer one).

Linear: each line is looked at by one backward walk, each container is parsed once (memo by
offset) and the parse work is capped at a few times the text; a structural scan (one regex
search per bracket or string, geometry spans jumped over) finds the containers.

>>> from geochunk.model import Span
>>> text = '[\\n  {"pk": 1, "model": "geo.city",\\n   "fields": {"name": "Houston", "point": "POINT (1 2)"}}\\n]\\n'
>>> at = text.index("POINT")
>>> (r,) = find_records(text, [Span(at, at + 11, "wkt", "POINT", "POINT (1 2)")])
>>> text[r.start:r.end].startswith('{"pk": 1'), r.spans, r.members, r.pairs
(True, (0,), ('point',), (('pk', 1), ('model', 'geo.city'), ('name', 'Houston')))
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any, Sequence

from geochunk.text.lines import lines_of
from geochunk.model import Span

__all__ = ["Record", "find_records"]

_DECODER = json.JSONDecoder()
_NONBLANK = re.compile(r"[^ \t]")
_STRUCT = re.compile(r'["{}\[\]]')
_STRING = re.compile(r'"(?:[^"\\\n]++|\\.)*+"')  # one JSON string (no raw line break): linear
_WORK = 8  # parse work allowed, in multiples of the text's length
_MAX_PAIRS = 64  # scalar fields kept as a record's attributes


@dataclass(frozen=True)
class Record:
    """One JSON record holding geometry spans: ``[start, end)`` is its object (``{`` to ``}``),
    ``spans`` the indices of the spans in it, ``members`` the key of each (``mpoly``; its dotted path ``a.geom`` when
    two share a key),
    ``pairs`` its scalar fields (nested objects' fields by their own key, dotted when that key
    is taken; geometry members, lists, nulls and blank strings left out), in the source's
    order, values as JSON decodes them."""

    start: int
    end: int
    spans: tuple[int, ...]
    members: tuple[str, ...]
    pairs: tuple[tuple[str, Any], ...]


def _candidate(text: str, span: Span) -> bool:
    """A geometry that may be a record member: not a GeoJSON Feature (its properties are its
    attributes already), no id from its own encoding's row, and a JSON string or value before it.

    >>> _candidate('{"g": "POINT (1 2)"}', Span(7, 18, "wkt", "POINT", "POINT (1 2)"))
    True
    >>> _candidate("See POINT (1 2)", Span(4, 15, "wkt", "POINT", "POINT (1 2)"))
    False
    """
    if span.kind == "geojson_feature" or span.collection is not None or span.properties_json is not None:
        return False
    if span.feature_id is not None:
        return False
    p = span.start
    while p > 0 and text[p - 1] in " \t\r\n":
        p -= 1
        if span.start - p > 200:
            return False
    return p > 0 and text[p - 1] in '":[,'


class _Parses:
    """``raw_decode`` of a container starting at an offset, each offset parsed once, the total
    work capped (a document of many unclosed brackets cannot make it quadratic)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.left = _WORK * max(len(text), 1)
        self.memo: dict[int, int | None] = {}
        self.first: dict[int, int] = {}  # per line start, its first non-blank offset (read once)

    def first_nonblank(self, ls: int, le: int) -> int:
        """The first offset in ``[ls, le)`` that is no space or tab (``le`` if none): each line
        is read once, however many geometries it holds."""
        got = self.first.get(ls)
        if got is None:
            m = _NONBLANK.search(self.text, ls, le)
            got = self.first[ls] = m.start() if m else le
        return got

    def end(self, p: int) -> int | None:
        got = self.memo.get(p, -1)
        if got != -1:
            return got
        if self.left <= 0:
            return None
        try:
            _, end = _DECODER.raw_decode(self.text, p)
        except (ValueError, RecursionError) as e:
            end = None
            self.left -= max(getattr(e, "pos", 0) - p, 1)
        else:
            self.left -= end - p
        self.memo[p] = end
        return end


def _container(text: str, span: Span, floor: int, parses: _Parses) -> tuple[int, int] | None:
    """The innermost valid JSON container starting a line (after indentation) at or after
    ``floor`` that strictly holds ``span``, or None."""
    lines = lines_of(text)
    ls = lines.start(span.start)
    while ls >= floor:
        le = lines.end(ls)
        j = parses.first_nonblank(ls, le)
        if j < le and text[j] in "[{" and j < span.start:
            end = parses.end(j)
            if end is not None and end >= span.end:
                return j, end
        if ls == 0:
            break
        ls = lines.start(ls - 1)
    return None


class _Box:
    """A container met by the structural scan: its kind, start, key in its parent, parent, the
    spans in it (at any depth) and, per span, the key path from it to the span's value."""

    __slots__ = ("kind", "start", "end", "key", "parent", "n", "key_now")

    def __init__(self, kind: str, start: int, key: Any, parent: "_Box | None") -> None:
        self.kind, self.start, self.end, self.key, self.parent = kind, start, -1, key, parent
        self.n = 0
        self.key_now: Any = None  # (an array's members are not keyed: never flattened)


def _scan(text: str, lo: int, hi: int, spans: Sequence[Span], members: list[int]) -> list[tuple[_Box, Any]]:
    """For each of ``members`` (indices of spans inside ``[lo, hi)``, a valid JSON container),
    the innermost container holding it and the key of its value there (a span is in a string,
    or is an object value: jumped over)."""
    out: list[tuple[_Box, Any]] = []
    stack: list[_Box] = []
    k, n_members = 0, len(members)

    def member_here() -> None:
        box = stack[-1]
        out.append((box, box.key_now))
        _count(box)

    p = lo
    while p < hi:
        m = _STRUCT.search(text, p, hi)
        if m is None:
            break
        t = m.start()
        if k < n_members and spans[members[k]].start <= t and stack:
            member_here()  # an object value starting here (or before: a value all the same)
            p = max(p, spans[members[k]].end)
            k += 1
            continue
        ch = text[t]
        if ch == '"':
            s = _STRING.match(text, t)
            if s is None:
                break  # not the JSON raw_decode read
            q = s.end()
            while k < n_members and spans[members[k]].start < q:
                if stack:
                    member_here()
                k += 1
            if stack and stack[-1].kind == "{":
                r = q
                while r < hi and text[r] in " \t\r\n":
                    r += 1
                if r < hi and text[r] == ":":
                    key = s.group()
                    stack[-1].key_now = key[1:-1] if "\\" not in key else json.loads(key)
            p = q
        elif ch in "{[":
            parent = stack[-1] if stack else None
            stack.append(_Box(ch, t, parent.key_now if parent is not None else None, parent))
            p = t + 1
        else:
            if not stack:
                break
            stack.pop().end = t + 1
            p = t + 1
            if not stack:
                break
    return out


def _count(box: _Box | None) -> None:
    while box is not None:
        box.n += 1
        box = box.parent


def _record_of(box: _Box) -> _Box | None:
    """Climb from the span's innermost container while the parent holds no other geometry; the
    highest object reached is the record."""
    best = box if box.kind == "{" else None
    cur = box
    while cur.parent is not None and cur.parent.n == cur.n:
        cur = cur.parent
        if cur.kind == "{":
            best = cur
    return best


def _path(box: _Box, record: _Box, key: Any) -> tuple[Any, ...]:
    """The keys from ``record`` down to the span's value (``("fields", "mpoly")``)."""
    keys = [key]
    cur: _Box | None = box
    while cur is not None and cur is not record:
        keys.append(cur.key)
        cur = cur.parent
    return tuple(reversed(keys))


def _flatten(obj: dict[str, Any], skip: set[tuple[Any, ...]], out: list[tuple[str, Any]],
             taken: set[str], prefix: tuple[Any, ...] = ()) -> None:
    for key, value in obj.items():
        if len(out) >= _MAX_PAIRS:
            return
        path = (*prefix, key)
        if path in skip:
            continue
        if isinstance(value, dict):
            _flatten(value, skip, out, taken, path)
        elif isinstance(value, (str, int, float, bool)) and not (isinstance(value, str) and not value.strip()):
            name = key if key not in taken else ".".join(str(k) for k in path)
            if name in taken:
                continue
            taken.add(name)
            out.append((name, value))


def find_records(text: str, spans: Sequence[Span]) -> list[Record]:
    """The JSON records holding the detection's spans, sorted and disjoint (see the module)."""
    cands = [i for i, sp in enumerate(spans) if _candidate(text, sp)]
    if not cands:
        return []
    parses = _Parses(text)
    found: list[tuple[_Box, list[tuple[int, _Box, Any]]]] = []
    floor, c = 0, 0
    while c < len(cands):
        i = cands[c]
        region = _container(text, spans[i], floor, parses)
        if region is None:
            floor = lines_of(text).start(spans[i].start)
            c += 1
            continue
        lo, hi = region
        members = []
        while c < len(cands) and spans[cands[c]].start < hi:
            members.append(cands[c])
            c += 1
        boxes: dict[int, tuple[_Box, list[tuple[int, _Box, Any]]]] = {}
        for i, (box, key) in zip(members, _scan(text, lo, hi, spans, members)):
            rec = _record_of(box)
            if rec is None or rec.end < 0:
                continue
            boxes.setdefault(id(rec), (rec, []))[1].append((i, box, key))
        for rec, held in sorted(boxes.values(), key=lambda b: b[0].start):
            if found and rec.start < found[-1][0].end:  # nested in the one before: join it
                found[-1][1].extend(held)
                continue
            found.append((rec, held))
        floor = hi
    out = []
    for rec, held in found:
        a, b = rec.start, rec.end
        try:
            obj = json.loads(text[a:b])
        except (ValueError, RecursionError):
            continue
        if not isinstance(obj, dict):
            continue
        held.sort(key=lambda h: h[0])
        paths = [_path(box, rec, key) for _, box, key in held]
        pairs: list[tuple[str, Any]] = []
        _flatten(obj, set(paths), pairs, set())
        keyed = [tuple(k for k in path if k is not None) for path in paths]
        leaves = [path[-1] if path else "" for path in keyed]
        shared = Counter(leaves)
        members = tuple(  # each member by its own key, by its path when two share a key
            str(leaf) if shared[leaf] == 1 else ".".join(map(str, path)) for leaf, path in zip(leaves, keyed))
        out.append(Record(a, b, tuple(i for i, _, _ in held), members, tuple(pairs)))
    return out
