"""Find frame declarations in document text: codes, URNs, OGC URLs, GeoJSON ``crs`` members,
EWKT ``SRID=n;`` prefixes, ``CRS84`` and frame names in prose.

Every scan is linear in the text: ``str.find`` locates literal anchors ("epsg", "urn:", "srid=",
...), and one regular expression with only bounded repeats is matched at each anchor (nothing can
backtrack over a coordinate list); one bounded JSON decode per ``"crs"`` member; and the name
index's token walk (see ``names.py``).

>>> [(d.form, d.epsg) for d in find_declarations(
...     'Grid EPSG::27700; also urn:ogc:def:crs:OGC:1.3:CRS84 and "RD New".')]
[('epsg_code', 27700), ('crs84', 4326), ('name', 28992)]
"""

from __future__ import annotations

import bisect
import json
import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from geochunk.text.textcase import lower
from geochunk.crs.context import DECLARING, name_context, wkt_keyword
from geochunk.crs.database import WGS84, crs_facts, esri_facts, preferred_order
from geochunk.crs.names import NameEntry, find_names, letter_runs, may_occur, name_index, run_words
from geochunk.crs.work import current, document_work, over_limit_note
from geochunk.crs.zones import ZonePhrase, find_zones, zone_candidates

__all__ = [
    "Declaration", "declare_code", "find_declarations", "parse_crs_member", "FORMS",
    "ENCODING_FORMS",
]

#: Every value of ``Declaration.form``.
FORMS: tuple[str, ...] = (
    "epsg_code", "urn", "ogc_url", "geojson_crs", "ewkt_srid", "crs84", "name", "esri_code",
    "ewkb_srid", "kml",
)
#: The forms no text scan finds: the resolver declares them from a span (an EWKB header's SRID;
#: a KML geometry, WGS 84 by the format's own rule).
ENCODING_FORMS: tuple[str, ...] = ("ewkb_srid", "kml")

_CRS_WINDOW = 4096  # a GeoJSON crs member longer than this is not decoded
_GATE_FROM = 16384  # characters from which anchors are first looked up among the text's words
_CRS84_NAME = "WGS 84 (CRS84)"

_EXPLICIT = re.compile(
    r"""
    (?P<urn>urn:(?:x-)?ogc:def:crs:
        (?:EPSG:(?:[0-9.]{0,12}:)?(?P<urn_code>\d{1,7})(?!\d)
          |ESRI:(?:[0-9.]{0,12}:)?(?P<urn_esri>\d{1,7})(?!\d)
          |OGC:(?:[0-9.]{0,12}:)?(?P<urn_crs84>CRS:?84)(?![\w]))
    )
    |(?P<url>https?://www\.opengis\.net/
        (?:def/crs/(?:EPSG/[0-9.]{1,12}/(?P<url_code>\d{1,7})(?!\d)
                     |OGC/[0-9.]{1,12}/(?P<url_crs84>CRS84)(?![\w]))
          |gml/srs/epsg\.xml\#(?P<gml_code>\d{1,7})(?!\d))
    )
    |(?P<srid>SRID=(?P<srid_code>\d{1,7})\s{0,2};)
    |(?P<epsg>EPSG
        (?:/0/
          |"?\s{0,2}(?:code\s{0,2})?(?:[:=\#]{1,2}|\s)\s{0,2}"?
        )(?P<epsg_code>\d{4,7})(?!\d)
    )
    |(?P<esri>ESRI
        (?:\s{0,2}[:=]{1,2}\s{0,2}|\s{1,2}(?:WKID\s{0,2}[:=]?\s{0,2})?)
        (?P<esri_code>\d{4,6})(?!\d)
    )
    |(?P<wkid>"?WKID"?\s{0,2}[:=]?\s{0,2}(?P<wkid_code>\d{4,6})(?!\d))
    |(?P<crs84>(?:OGC:)?CRS:?84(?![^\W_]))
    """,
    re.IGNORECASE | re.VERBOSE,
)
# Literal anchors (lower case) where an explicit declaration can start; str.find locates them at
# C speed, then _EXPLICIT.match runs only there. Offsets: how far before the anchor a match starts.
_ANCHORS: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("urn:", (0,)),
    ("://www.opengis.net/", (5, 4)),  # "https" / "http" before the anchor
    ("srid=", (0,)),
    ("epsg", (0,)),
    ("crs84", (4, 0)),  # optional "ogc:" prefix
    ("crs:84", (4, 0)),
    ("esri", (0,)),
    ("wkid", (1, 0)),  # optional opening quote ("wkid": 102100 in ArcGIS JSON)
)
_ASCII_LOWER = str.maketrans(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz"
)  # length-preserving (str.lower() can turn one character into two)
_CRS_MEMBER = re.compile(r'"crs"\s{0,16}:\s{0,16}\{')
_LINK_CODE = re.compile(
    r"(?:spatialreference\.org/ref/epsg/|epsg\.io/|/def/crs/EPSG/[0-9.]{1,12}/|epsg:{1,2})"
    r"(\d{4,7})(?!\d)",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Declaration:
    """One frame declaration found in the text: ``text == source[start:end]``.

    ``epsg`` is the code it resolves to (``None`` when it names nothing in the database);
    ``form`` is one of :data:`FORMS`; ``name`` the database name of the frame; ``note`` says
    anything a reader should know (deprecation, ambiguity, an unresolvable link). For an
    ambiguous name, ``candidates`` lists every frame it may mean (``epsg`` is the first: the
    widest area of use) and the resolver picks among them with the coordinates.
    """

    start: int
    end: int
    epsg: int | None
    form: str
    text: str
    name: str | None = None
    note: str | None = None
    candidates: tuple[int, ...] = ()
    match: str | None = None  # how a name matched: "name", "alias" or "suffix"
    unresolved: bool = False  # past the per-document bound (see ``work.py``): not looked up
    authority: str | None = None  # "ESRI" for a frame with no EPSG equivalent (epsg is None)
    code: int | None = None  # its code in that authority
    # for a frame name: how it stands in the text (``context.name_context``: "keyed" when its
    # line or attribute key names a frame, "named" or "context"); kept out of the repr, which
    # digests of the frames hash
    context: str | None = field(default=None, repr=False, compare=False)

    @property
    def ref(self) -> int | str | None:
        """The frame's key for PROJ: the EPSG code, else ``"AUTH:code"``, else ``None``."""
        if self.epsg is not None:
            return self.epsg
        if self.authority and self.code is not None:
            return f"{self.authority}:{self.code}"
        return None


@lru_cache(maxsize=4096)
def _notes_for(code: int) -> tuple[int | None, str | None, str | None]:
    """(epsg or None, database name, note) for a declared code."""
    facts = crs_facts(code)
    if facts is None:
        return None, None, f"EPSG:{code} is not a CRS in the EPSG database"
    notes = []
    if facts.kind == "other":
        notes.append(f"EPSG:{code} is not a horizontal 2D frame")
    if facts.horizontal != code:
        notes.append(f"compound EPSG:{code}: horizontal part EPSG:{facts.horizontal} is used")
    if facts.deprecated:
        repl = ", ".join(f"EPSG:{c}" for c in facts.replacements) or "no replacement listed"
        notes.append(f"EPSG:{code} is deprecated; replaced by {repl}")
    return code, facts.name, "; ".join(notes) or None


def _over_limit(codes: tuple[int, ...]) -> bool:
    work = current()
    return work is not None and not all(work.may_look_up(c) for c in codes)


def declare_code(start: int, end: int, text: str, code: int, form: str) -> Declaration:
    """A declaration of ``EPSG:code`` in a given form, with the database's name and notes.

    >>> declare_code(0, 0, "", 2155, "epsg_code").note
    'EPSG:2155 is deprecated; replaced by EPSG:2194'
    """
    if form in ("ewkt_srid", "ewkb_srid") and code == 0:
        return Declaration(start, end, None, form, text, note="SRID 0 means no frame")
    if _over_limit((code,)):
        note = over_limit_note(f"EPSG:{code}", "looked up")
        return Declaration(start, end, code, form, text, note=note, unresolved=True)
    epsg, name, note = _notes_for(code)
    return Declaration(start, end, epsg, form, text, name=name, note=note)


def declare_esri(start: int, end: int, text: str, code: int, form: str) -> Declaration:
    """A declaration of ``ESRI:code``: the EPSG frame when PROJ's database holds an identical
    one, else the ESRI frame itself (``authority="ESRI"``, ``epsg`` None).

    >>> d = declare_esri(0, 0, "", 102100, "esri_code")
    >>> d.epsg, d.note
    (3857, 'ESRI:102100 (WGS_1984_Web_Mercator_Auxiliary_Sphere) is EPSG:3857 in the database')
    >>> d = declare_esri(0, 0, "", 54030, "esri_code")
    >>> d.epsg, d.ref, d.name
    (None, 'ESRI:54030', 'World_Robinson')
    """
    if _over_limit((f"ESRI:{code}",)):
        note = over_limit_note(f"ESRI:{code}", "looked up")
        return Declaration(start, end, None, form, text, note=note, unresolved=True,
                           authority="ESRI", code=code)
    epsg, name = esri_facts(code)
    if name is None:
        return Declaration(start, end, None, form, text,
                           note=f"ESRI:{code} is not a CRS in the ESRI database")
    if epsg is not None:
        d = declare_code(start, end, text, epsg, form)
        return _with_note(d, f"ESRI:{code} ({name}) is EPSG:{epsg} in the database")
    facts = crs_facts(f"ESRI:{code}")
    notes = ["no EPSG equivalent: the ESRI frame is used"]
    if facts is None or facts.kind == "other":
        notes.append(f"ESRI:{code} is not a horizontal 2D frame")
    elif facts.deprecated:
        notes.append(f"ESRI:{code} is deprecated")
    return Declaration(start, end, None, form, text, name=name, note="; ".join(notes),
                       authority="ESRI", code=code)


def _wkid(start: int, end: int, text: str, code: int, form: str) -> Declaration:
    """An ArcGIS WKID: below 100000 and known to EPSG it is the EPSG code, else ESRI's."""
    if code < 100000 and crs_facts(code) is not None:
        return declare_code(start, end, text, code, form)
    return declare_esri(start, end, text, code, form)


def _crs84(start: int, end: int, text: str, how: str) -> Declaration:
    note = f"OGC CRS84 ({how}): WGS 84 with longitude first, EPSG:4326 axes swapped"
    return Declaration(start, end, WGS84, "crs84", text, name=_CRS84_NAME, note=note)


def _from_entry(start: int, end: int, text: str, entry: NameEntry, form: str) -> Declaration:
    if _over_limit(entry.codes):
        note = over_limit_note(f"the name {text!r}", "looked up")
        return Declaration(start, end, entry.codes[0], form, text, note=note, match=entry.kind,
                           unresolved=True)
    codes = preferred_order(entry.codes) if entry.ambiguous else entry.codes
    code = codes[0]
    epsg, name, note = _notes_for(code)
    extra = []
    if entry.ambiguous:
        shown = ", ".join(f"EPSG:{c}" for c in codes[:6])
        more = f" and {len(entry.codes) - 6} more" if len(entry.codes) > 6 else ""
        extra.append(f"name matches {len(entry.codes)} frames ({shown}{more})")
    if note:
        extra.append(note)
    return Declaration(
        start,
        end,
        epsg,
        form,
        text,
        name=name,
        note="; ".join(extra) or None,
        candidates=codes if entry.ambiguous else (),
        match=entry.kind,
    )


def _explicit_in(value: str) -> tuple[int | None, str] | None:
    """(code, how) for a string that states a code or CRS84, else None."""
    m = _EXPLICIT.search(value)
    if m is None:
        return None
    if m.group("urn_crs84") or m.group("url_crs84") or m.group("crs84"):
        return WGS84, "crs84"
    for group in ("urn_esri", "esri_code", "wkid_code"):
        if m.group(group):
            return int(m.group(group)), "esri"
    for group in ("urn_code", "url_code", "gml_code", "epsg_code", "srid_code"):
        if m.group(group):
            return int(m.group(group)), group
    return None


def parse_crs_member(
    member: Any, start: int = 0, end: int = 0, text: str = ""
) -> Declaration:
    """A declaration from a decoded GeoJSON ``crs`` member (2008 GeoJSON), named or linked.

    >>> named = {"type": "name", "properties": {"name": "urn:ogc:def:crs:EPSG::27700"}}
    >>> parse_crs_member(named).epsg
    27700
    >>> linked = {"type": "link", "properties": {"href": "http://example.org/x.prj"}}
    >>> parse_crs_member(linked).epsg is None
    True
    """
    form = "geojson_crs"
    props = member.get("properties") if isinstance(member, dict) else None
    props = props if isinstance(props, dict) else {}
    kind = str(member.get("type", "")).lower() if isinstance(member, dict) else ""
    if kind in ("name", "ogc"):
        value = props.get("name", props.get("urn"))
        if isinstance(value, str):
            found = _explicit_in(value)
            if found is not None:
                code, how = found
                if how == "crs84":
                    d = _crs84(start, end, text, "named GeoJSON crs")
                    return Declaration(start, end, d.epsg, form, text, d.name, d.note)
                if how == "esri":
                    return _with_note(_wkid(start, end, text, code, form), "named crs")
                return _with_note(declare_code(start, end, text, code, form), "named crs")
            entry = name_index().lookup(value)
            if entry is not None:
                return _with_note(_from_entry(start, end, text, entry, form), "named crs")
            return Declaration(start, end, None, form, text, note=f"named crs {value!r} not found")
    elif kind == "epsg":
        code = props.get("code")
        if isinstance(code, (int, str)) and str(code).isdigit():
            return _with_note(declare_code(start, end, text, int(code), form), "EPSG-type crs")
    elif kind == "link":
        href = props.get("href")
        if isinstance(href, str):
            m = _LINK_CODE.search(href)
            if m is not None:
                d = declare_code(start, end, text, int(m.group(1)), form)
                return _with_note(d, f"linked crs {href!r} (code read from the link, not fetched)")
            if _explicit_in(href) == (WGS84, "crs84"):
                d = _crs84(start, end, text, "linked GeoJSON crs")
                return Declaration(start, end, d.epsg, form, text, d.name, d.note)
            return Declaration(
                start, end, None, form, text, note=f"linked crs {href!r} cannot be resolved offline"
            )
    return Declaration(start, end, None, form, text, note="unsupported GeoJSON crs member")


def _with_note(d: Declaration, note: str) -> Declaration:
    joined = note if not d.note else f"{note}; {d.note}"
    return replace(d, note=joined)


def _crs_members(text: str) -> list[Declaration]:
    if '"crs"' not in text:  # what _CRS_MEMBER starts with: no member, no decoder made
        return []
    decoder = json.JSONDecoder()
    out: list[Declaration] = []
    resume = 0
    budget = 4 * len(text) + (1 << 20)  # characters failed decodes may read: linear overall
    for m in _CRS_MEMBER.finditer(text):
        if m.start() < resume:
            continue
        brace = m.end() - 1
        window = text[brace : brace + _CRS_WINDOW]
        try:
            member, length = decoder.raw_decode(window)
        except (ValueError, RecursionError) as err:
            budget -= getattr(err, "pos", None) or len(window)
            if budget < 0:
                break  # adversarial nesting ('"crs":{' * 10**5): stop looking for members
            continue
        end = brace + length
        out.append(parse_crs_member(member, m.start(), end, text[m.start() : end]))
        resume = end
    return out


def _lowered(text: str) -> str:
    low = lower(text)
    if len(low) != len(text):  # a rare character that lower-cases to two: keep offsets exact
        low = text.translate(_ASCII_LOWER)
    return low


# the only characters whose lower case holds an ASCII character (İ -> i + dot above, the
# Kelvin sign -> k): a text with neither shows every lower-case ASCII anchor where its UTF-8
# bytes, ASCII-lower-cased, do
_LOWER_TO_ASCII = ("\u0130", "\u212a")


class _Lowered:
    """``str.find`` of lower-case ASCII anchors in the lower-cased text, offsets in
    characters, without lower-casing a text that is not ASCII (which costs ~4 ns a character
    there): its UTF-8 bytes are ASCII-lower-cased (~1 ns) and the few offsets found are
    converted (an anchor that is not ASCII, "gauß", has the text lower-cased after all). Only
    ``find`` and ``len`` are offered: all the anchor scans use.

    The bytes are made a slice of :data:`_LOWER_SLICE` characters at a time, once per anchor
    asked for (a document asks for one or two: the others' letters are in none of its words),
    and dropped: a lower-cased copy of the whole document was ~1x its size in the peak memory
    of a large one, and, made from the allocator's heap once a document-sized buffer had been
    freed, never given back (issue #13).

    >>> low = _Lowered("Grid EPSG:27700, ÉPSG épsg EPSG")
    >>> low.find("epsg"), low.find("epsg", 6), low.find("epsg", 28), low.find("épsg")
    (5, 27, -1, 17)
    """

    def __init__(self, text: str):
        self._text = text
        self._n = len(text)
        self._low: str | None = None
        self._found: dict[str, list[int]] = {}
        self._one: bytes | None = None  # a text of one slice: its bytes, kept for every anchor
        if (text.isascii() and len(text) <= _LOWER_SLICE) or any(c in text for c in _LOWER_TO_ASCII):
            # (a long ASCII text is searched a slice at a time too: its bytes are its characters)
            self._low = _lowered(text)

    def __len__(self) -> int:
        return self._n

    def find(self, sub: str, start: int = 0) -> int:
        if self._low is None and not sub.isascii():  # "gauß": the text lower-cased after all
            self._low = _lowered(self._text)
        if self._low is not None:
            return self._low.find(sub, start)
        at = self._found.get(sub)
        if at is None:
            at = self._found[sub] = self._offsets(sub.encode())
        k = bisect.bisect_left(at, start)
        return at[k] if k < len(at) else -1

    def _offsets(self, sub: bytes) -> list[int]:
        """Character offsets of every (possibly overlapping) ``sub`` in the lower-cased text:
        each slice is searched with the ``len(sub) - 1`` characters after it, keeping the
        matches that start in the slice."""
        text, n = self._text, self._n
        out: list[int] = []
        over = max(0, len(sub) - 1)
        for s in range(0, n, _LOWER_SLICE):
            e = min(n, s + _LOWER_SLICE)
            if n <= _LOWER_SLICE:  # one slice, the whole text: made once, for every anchor
                # asked (no larger than the one slice made at a time for a long text)
                if self._one is None:
                    self._one = text.encode("utf-8", "surrogatepass").lower()
                data = self._one
            else:
                data = text[s : e + over].encode("utf-8", "surrogatepass").lower()
            own = len(text[s:e].encode("utf-8", "surrogatepass")) if over and e < n else len(data)
            byte, char = 0, s
            i = data.find(sub)
            while i != -1 and i < own:
                char += len(data[byte:i].decode("utf-8", "surrogatepass"))
                byte = i
                out.append(char)
                i = data.find(sub, i + 1)
        return out


_LOWER_SLICE = 1 << 18  # characters of the text lower-cased at once by _Lowered


def _anchor_starts(text: str, low: str | _Lowered, words: bytes | None = None) -> list[int]:
    starts = set()
    for anchor, backs in _ANCHORS:
        if not may_occur(anchor, words):
            continue  # its letters are in no word of the text: no pass over it
        i = low.find(anchor)
        while i != -1:
            starts.update(i - b for b in backs if i - b >= 0)
            i = low.find(anchor, i + 1)
    return sorted(starts)


def _word_start(text: str, i: int) -> bool:
    return i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")


def _explicit(text: str, low: str | _Lowered, words: bytes | None = None) -> list[Declaration]:
    out: list[Declaration] = []
    resume = 0
    for p in _anchor_starts(text, low, words):
        if p < resume:
            continue
        m = _EXPLICIT.match(text, p)
        if m is None or (not (m.group("urn") or m.group("url")) and not _word_start(text, p)):
            continue
        resume = m.end()
        s, e, t = m.start(), m.end(), m.group()
        if m.group("urn"):
            if m.group("urn_crs84"):
                out.append(_crs84(s, e, t, "URN"))
            elif m.group("urn_esri"):
                out.append(declare_esri(s, e, t, int(m.group("urn_esri")), "urn"))
            else:
                out.append(declare_code(s, e, t, int(m.group("urn_code")), "urn"))
        elif m.group("url"):
            if m.group("url_crs84"):
                out.append(_crs84(s, e, t, "OGC URL"))
            else:
                code = m.group("url_code") or m.group("gml_code")
                out.append(declare_code(s, e, t, int(code), "ogc_url"))
        elif m.group("esri"):
            out.append(_wkid(s, e, t, int(m.group("esri_code")), "esri_code"))
        elif m.group("wkid"):
            out.append(_wkid(s, e, t, int(m.group("wkid_code")), "esri_code"))
        elif m.group("srid"):
            out.append(declare_code(s, e, t, int(m.group("srid_code")), "ewkt_srid"))
        elif m.group("epsg"):
            code = int(m.group("epsg_code"))
            sep = t[4 : m.start("epsg_code") - s]
            if not sep.strip() and 1900 <= code <= 2100:
                continue  # "the EPSG 2019 guidance": a year after a space, not a code
            out.append(declare_code(s, e, t, code, "epsg_code"))
        else:
            out.append(_crs84(s, e, t, "name"))
    return out


def _inside(ranges: list[tuple[int, int]], start: int, end: int) -> bool:
    i = bisect.bisect_right(ranges, (start, float("inf"))) - 1
    return i >= 0 and ranges[i][0] <= start and end <= ranges[i][1]


def _overlaps(ranges: list[tuple[int, int]], start: int, end: int) -> bool:
    i = bisect.bisect_right(ranges, (start, float("inf"))) - 1
    if i >= 0 and ranges[i][1] > start:
        return True
    return i + 1 < len(ranges) and ranges[i + 1][0] < end


def find_declarations(text: str) -> tuple[Declaration, ...]:
    """Every frame declaration in ``text``, sorted by offset, non-overlapping.

    A code inside a GeoJSON ``crs`` member is reported once, as that member; a frame name is not
    looked for inside an explicit declaration, nor in WKT (``POINT (58`` is no "Point 58"); a
    name that is also a place's declares a frame only with frame words around it (see
    ``context.py``: a heading, a table cell or ``City: São Tomé`` is evidence, not a frame).

    >>> [d.epsg for d in find_declarations('SRID=27700;POINT(530000 180000) in Web Mercator')]
    [27700, 3857]
    >>> [d.text for d in find_declarations('## Puerto Rico\\nCRS: Puerto Rico\\nPOINT (58 12)')]
    ['Puerto Rico']
    """
    with document_work():
        return _find_declarations(text)


def _find_declarations(text: str) -> tuple[Declaration, ...]:
    runs = letter_runs(text)  # the text's words, as sets: which anchors can occur at all
    odd: list[bytes] = []  # the runs that are not ASCII, as the name scan meets them
    work = current()
    if work is not None and work.text is text:  # kept for the swap check's word gate
        work.runs = runs
        work.odd_runs = odd
    # (worth asking only where a find pass costs more than the question: a long text)
    words = run_words(runs) if len(text) >= _GATE_FROM else None
    members = _crs_members(text) if may_occur("crs", words) else []
    member_ranges = [(d.start, d.end) for d in members]
    low = _Lowered(text)
    explicit = [d for d in _explicit(text, low, words)
                if not _inside(member_ranges, d.start, d.end)]
    taken = sorted(member_ranges + [(d.start, d.end) for d in explicit])
    hits = []
    contexts = {}
    evidence = []  # the names that only say where: frames they name may fit undeclared numbers
    for h in find_names(text, runs, odd):
        if _overlaps(taken, h.start, h.end) or wkt_keyword(text, h.start, h.end):
            continue  # inside a code, or WKT ("POINT (58" is no datum "Point 58")
        how = name_context(text, h.start, h.end)
        if how in DECLARING:  # a place name with no frame words near it is evidence only
            hits.append(h)
            contexts[h.start] = how
        else:
            evidence.append(h)
    if work is not None and work.text is text:  # for undeclared numbers (resolve.py)
        work.memo["place_names"] = evidence
    zones = [z for z in find_zones(text, low, words) if not _overlaps(taken, z.start, z.end)]
    if zones:
        # an official name ("ETRS89 / UTM zone 32N") beats the bare zone phrase inside it; a
        # zone phrase beats an ambiguous name match over the same words ("UTM zone 49N")
        exact = sorted((h.start, h.end) for h in hits if not h.entry.ambiguous)
        zones = [z for z in zones if not _overlaps(exact, z.start, z.end)]
        zone_ranges = sorted((z.start, z.end) for z in zones)
        hits = [h for h in hits if not h.entry.ambiguous
                or not _overlaps(zone_ranges, h.start, h.end)]
    names = [replace(_from_entry(h.start, h.end, h.text, h.entry, "name"),
                     context=contexts[h.start]) for h in hits]
    names += [d for d in (_from_zone(z) for z in zones) if d is not None]
    return tuple(sorted(members + explicit + names, key=lambda d: d.start))


def _from_zone(z: ZonePhrase) -> Declaration | None:
    codes = zone_candidates(z.system, z.zone, z.hemisphere, z.degrees)
    if not codes:
        return None
    if _over_limit(codes):
        note = over_limit_note(f"the zone phrase {z.text!r}", "looked up")
        return Declaration(z.start, z.end, codes[0], "name", z.text, note=note, match="zone",
                           unresolved=True)
    family = "UTM" if z.system == "utm" else "Gauss-Krüger"
    left = []
    if z.system == "utm" and z.hemisphere is None:
        left.append("hemisphere")
    left.append("datum")
    note = (f"{family} zone {z.zone}{z.hemisphere or ''} leaves the {' and '.join(left)} "
            f"unstated: {len(codes)} candidate frame(s) in the database")
    facts = crs_facts(codes[0])
    return Declaration(z.start, z.end, codes[0], "name", z.text,
                       name=facts.name if facts else None, note=note, candidates=codes,
                       match="zone")
