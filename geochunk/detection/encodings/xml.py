"""Find GML and KML geometry units in text: whole XML documents and fragments in prose.

1. **Pre-check.** One regex search for a start tag whose local name is a GML/KML geometry or
   ``Placemark``. A document without one costs that search and nothing else.
2. **Elements.** A text that is an XML document (it starts with ``<``) is parsed with the safe
   expat parser (namespaces on, no DTD, no entities: see ``xmlsafe.py``); every element's
   namespace, local name and exact ``str`` offsets are recorded. Anything else - or a document
   expat refuses - is read by a linear tag scan: each ``<`` is classified (comment, CDATA,
   processing instruction, declaration, end tag, start tag read by one possessive regex whose
   attribute values may not hold ``<``), and a stack matches end tags to start tags (an end tag
   with no open element of its name is ignored; elements it closes over stay unclosed).
   Namespaces come from ``xmlns`` declarations; the conventional ``gml:`` and ``kml:`` prefixes
   count without one.
3. **Units.** The outermost geometry elements: GML ones (GML namespace) and KML ones (KML
   namespace, or no namespace inside a ``Placemark``). A KML ``Placemark`` with one geometry is
   the unit (its ``name`` the id, ``name``/``description``/``ExtendedData`` the attributes). A
   GML geometry inside a feature (the child of a ``featureMember``/``member``/``featureMembers``)
   makes the feature the unit - or its ``member`` wrapper when that holds only the feature - with
   ``gml:id`` (or ``fid``) as the id and the feature's simple-valued properties as attributes;
   the feature's first geometry outside ``boundedBy`` is its geometry. A geometry element that
   never closes is protected to the end of its block (``status="unclosed"``).

>>> doc = ('<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>Well 7</name>'
...        '<Point><coordinates>-3.19,55.95</coordinates></Point></Placemark></kml>')
>>> [(s.kind, s.geom_type, s.feature_id, s.start) for s in find_xml(doc)]
[('kml', 'POINT', 'Well 7', 44)]
>>> find_xml("a <Polygon> in prose is not GML: no namespace says so")
[]
"""

from __future__ import annotations

import re
from typing import Any, Callable

import numpy as np

from geochunk.detection.parsed import MAX_NESTING, remember
from geochunk.model import Span, compact_json
from geochunk.text.runs import back_over
from geochunk.detection.encodings.gml import (
    GML_GEOMETRIES,
    KML_GEOMETRIES,
    OGC_OF,
    SHAPE_KEYWORDS,
    GeometryError,
    XmlNode,
    local,
    parse_gml,
    parse_kml,
    parse_trees,
    xml_tree,
)
from geochunk.detection.encodings.xmlsafe import XML_ERRORS, safe_parser

__all__ = ["GML_NAMESPACES", "KML_NAMESPACES", "find_xml", "has_xml_geometry"]

GML_NAMESPACES: frozenset[str] = frozenset(
    {"http://www.opengis.net/gml", "http://www.opengis.net/gml/3.2"}
)
KML_NAMESPACES: frozenset[str] = frozenset({
    "http://www.opengis.net/kml/2.2", "http://earth.google.com/kml/2.0",
    "http://earth.google.com/kml/2.1", "http://earth.google.com/kml/2.2",
})  # fmt: skip
_DEFAULT_PREFIXES = {"gml": "http://www.opengis.net/gml", "kml": "http://www.opengis.net/kml/2.2"}
# what holds a feature: GML 2/3 and WFS 2.0 (``member``), CityGML (``cityObjectMember``)
_MEMBERS = frozenset({"featureMember", "member", "featureMembers", "cityObjectMember"})

_PRECHECK = re.compile(
    r"<(?:[A-Za-z_][\w.\-]*+:)?+(?:Point|LineString|LinearRing|Polygon|Multi[A-Za-z]++|Envelope"
    r"|Box|Curve|Surface|CompositeSurface|CompositeCurve|CompositeSolid|Solid|OrientableCurve"
    r"|OrientableSurface|TriangulatedSurface|Tin|PolyhedralSurface|Placemark)[\s/>]"
)
# ``<\/name>`` closes too: the closing tags of markup written inside a JSON string (``"\/"`` is
# JSON's escaped slash). Its opening tags are read as usual, so without this an escaped fragment
# such as ``"<gml:exterior>…<\/gml:exterior>"`` would stay open and swallow every element after
# it (the fragment itself is found by :mod:`.escaped`).
_TAG = re.compile(
    r"<((?:\\?+/)?+)([A-Za-z_][\w.\-]*+(?::[A-Za-z_][\w.\-]*+)?+)"
    r"((?:\s++[A-Za-z_][\w.\-:]*+\s*+=\s*+(?:\"[^\"<]*+\"|'[^'<]*+'))*+)\s*+(/?+)>"
)
_ATTR = re.compile(r"([A-Za-z_][\w.\-:]*+)\s*+=\s*+(?:\"([^\"<]*+)\"|'([^'<]*+)')")
_BLANK = re.compile(r"\n[ \t\r\f\v]*+\n")
_WANTED_ATTRS = ("srsName", "id", "fid")


class _El:
    """One element: local name, namespace, ``str`` offsets (``end`` -1 while, or if never,
    closed), parent index, the few attributes used (local name -> value), number of child
    elements, its nodes from the document's one expat pass (None from the tag scan), and
    ``declares``: a namespace is declared on it or inside it, so its nodes' attributes lack
    the xmlns ones that reading its own text would list, and that text is read again instead.
    A plain class with slots: a document pass makes one per element."""

    __slots__ = ("local", "ns", "start", "end", "parent", "attrs", "children", "node", "declares")

    def __init__(
        self,
        local: str,
        ns: str | None,
        start: int,
        end: int,
        parent: int,
        attrs: dict[str, str],
        children: int = 0,
        node: XmlNode | None = None,
        declares: bool = False,
    ) -> None:
        self.local = local
        self.ns = ns
        self.start = start
        self.end = end
        self.parent = parent
        self.attrs = attrs
        self.children = children
        self.node = node
        self.declares = declares


def has_xml_geometry(text: str) -> bool:
    """The cheap pre-check: is there a start tag named like a GML/KML geometry or Placemark?

    >>> has_xml_geometry("<p>plain HTML</p>"), has_xml_geometry("<gml:Point>")
    (False, True)
    """
    return "<" in text and _PRECHECK.search(text) is not None


def find_xml(text: str) -> list[Span]:
    """Every GML/KML geometry unit in ``text`` (see the module docstring), sorted by start."""
    if not has_xml_geometry(text):
        return []
    elements = None
    # a document ends with ">" (its root's end tag, or a comment or processing instruction after
    # it): text after it would make expat fail at the end, after reading all the rest
    if _first_nonspace(text) == "<" and _last_nonspace(text) == ">":
        elements = _expat_elements(text)
    if elements is None:
        elements = _scan_elements(text)
    return _units(text, elements)


_LEADING_SPACE = re.compile(r"\s*+")
_TRAILING_SPACE = " \t\r\n"


def _first_nonspace(text: str) -> str:
    """``text.lstrip()[:1]`` without copying the document.

    >>> _first_nonspace("  \\n <a/>"), _first_nonspace("   ")
    ('<', '')
    """
    i = _LEADING_SPACE.match(text).end()
    return text[i : i + 1]


def _last_nonspace(text: str) -> str:
    """``text.rstrip(" \\t\\r\\n")[-1:]`` without copying the document.

    >>> _last_nonspace("<a/>\\r\\n "), _last_nonspace(" \\n")
    ('>', '')
    """
    i = back_over(text, len(text), _TRAILING_SPACE)  # C-speed windows, no copy of the text
    return text[i - 1 : i]


# --------------------------------------------------------------------------------------------
# elements: a well-formed document


def _char_offsets(data: bytes) -> np.ndarray | None:
    """Byte offset -> str offset table for non-ASCII UTF-8 (None when the bytes are ASCII)."""
    if data.isascii():
        return None
    raw = np.frombuffer(data, dtype=np.uint8)
    starts = (raw & 0xC0) != 0x80
    table = np.empty(len(raw) + 1, dtype=np.int64)
    table[0] = 0
    np.cumsum(starts, out=table[1:])
    return table


def _tag_end(data: bytes, i: int) -> int:
    """End (exclusive) of the tag starting at byte ``i``, skipping quoted attribute values."""
    quote = 0
    n = len(data)
    while i < n:
        c = data[i]
        if quote:
            if c == quote:
                quote = 0
        elif c in (34, 39):
            quote = c
        elif c == 62:
            return i + 1
        i += 1
    return n


def _expat_elements(text: str) -> list[_El] | None:
    """Every element of a well-formed document, or None when expat refuses the text.

    The same pass reads each element into an :class:`XmlNode` (names ``"uri local"``, which
    :func:`~geochunk.detection.encodings.gml.local` reads as the qualified name's local part), so a unit's
    geometry and attributes are read from these nodes, not by parsing its text twice more.
    """
    data = text.encode("utf-8", "surrogatepass")
    elements: list[_El] = []
    stack: list[int] = []
    nodes: list[XmlNode] = []
    declared = [False]
    deep = [False]
    parser = safe_parser(namespaces=True)
    # "uri local" -> (uri or None, local, local part as XmlNode reads it, geometry kind outside
    # a Placemark, geometry kind inside one, is a Placemark): a document names few elements many
    # times (at most one entry per element, like the elements list itself)
    names: dict[str, tuple[str | None, str, str, str | None, str | None, bool]] = {}
    attr_local: dict[str, str] = {}  # attribute name -> its local part (as many as elements)
    # an element inside a geometry element is read into nodes only (no _El): in a well-formed
    # document every geometry closes, so nothing inside one is a unit or decides one (_units)
    geom = -1  # the open geometry element (index), or -1
    inside = 0  # open elements inside it
    placemarks = 0  # open Placemarks (outside geometries)

    def start(name: str, attrs: dict[str, str]) -> None:
        nonlocal geom, inside, placemarks
        got = names.get(name)
        if got is None:
            ns, _, loc = name.rpartition(" ")
            ns = ns or None
            got = names[name] = (ns, loc, local(name), _kind_of_name(loc, ns, False),
                                 _kind_of_name(loc, ns, True),
                                 _is_placemark_name(loc, ns))  # fmt: skip
        node = XmlNode(name, attrs, [], [], got[2])
        if geom >= 0:  # inside the open geometry element
            inside += 1
            if len(nodes) >= MAX_NESTING:
                deep[0] = True
            nodes[-1].children.append(node)
            nodes.append(node)
            if declared[0]:  # as its end would pass it up to the geometry's element
                elements[geom].declares, declared[0] = True, False
            return
        wanted = {}
        if attrs:
            for k, v in attrs.items():
                lk = attr_local.get(k)
                if lk is None:
                    lk = attr_local[k] = k.rpartition(" ")[2]
                if lk in _WANTED_ATTRS:
                    wanted[lk] = v
        if stack:
            parent = stack[-1]
            if len(stack) >= MAX_NESTING:
                deep[0] = True
            elements[parent].children += 1
            nodes[-1].children.append(node)
        else:
            parent = -1
        el = _El(got[1], got[0], parser.CurrentByteIndex, -1, parent, wanted, 0, node)
        if declared[0]:
            el.declares, declared[0] = True, False
        if (got[4] if placemarks else got[3]) is not None:
            geom = len(elements)
        elif got[5]:
            placemarks += 1
        stack.append(len(elements))
        elements.append(el)
        nodes.append(node)

    def end(_: str) -> None:
        nonlocal geom, inside, placemarks
        nodes.pop()
        if inside:
            inside -= 1
            return
        i = stack.pop()
        at = parser.CurrentByteIndex
        el = elements[i]
        if data[at - 2 : at] == b"/>" and _tag_end(data, el.start) == at:
            el.end = at  # <x/>: expat reports the end event after the tag
        else:
            close = data.find(b">", at)
            el.end = close + 1 if close >= 0 else len(data)
        if el.declares and stack:
            elements[stack[-1]].declares = True
        if i == geom:
            geom = -1
        elif _is_placemark_name(el.local, el.ns):
            placemarks -= 1

    def chars(s: str) -> None:
        if nodes:
            nodes[-1].parts.append(s)

    def declare(*_: Any) -> None:
        declared[0] = True

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    parser.StartNamespaceDeclHandler = declare
    try:
        parser.Parse(data, True)
    except XML_ERRORS:
        return None
    finally:
        parser = None  # the handlers reach the parser through this cell: no cycle left for the collector
    if deep[0]:
        for el in elements:  # xml_tree refuses such nesting: let it read (and refuse) the text
            el.node = None
    table = _char_offsets(data)
    if table is not None:
        for el in elements:
            el.start, el.end = int(table[el.start]), int(table[el.end])
    return elements


# --------------------------------------------------------------------------------------------
# elements: fragments (a linear tag scan)


class _Finder:
    """``text.find(token, pos)`` that reuses its last answer while it is still ahead (so many
    unterminated ``<!--`` cannot make the scan quadratic)."""

    def __init__(self, text: str, token: str) -> None:
        self.text, self.token, self.found = text, token, -2

    def __call__(self, pos: int) -> int:
        if self.found == -1 or self.found >= pos:
            return self.found
        self.found = self.text.find(self.token, pos)
        return self.found


def _scan_elements(text: str) -> list[_El]:
    elements: list[_El] = []
    stack: list[int] = []
    open_names: dict[str, int] = {}
    ns_maps: list[dict[str, str]] = [dict(_DEFAULT_PREFIXES)]
    qnames: list[str] = []
    comment_end = _Finder(text, "-->")
    cdata_end = _Finder(text, "]]>")
    pi_end = _Finder(text, "?>")
    decl_end = _Finder(text, ">")
    match = _TAG.match
    pos = text.find("<")
    while pos != -1:
        if text.startswith("<!--", pos):
            e = comment_end(pos + 4)
            pos = text.find("<", pos + 4 if e < 0 else e + 3)
            continue
        if text.startswith("<![CDATA[", pos):
            e = cdata_end(pos + 9)
            pos = text.find("<", pos + 9 if e < 0 else e + 3)
            continue
        if text.startswith("<?", pos) or text.startswith("<!", pos):
            e = (pi_end if text[pos + 1] == "?" else decl_end)(pos + 2)
            pos = text.find("<", pos + 2 if e < 0 else e + 1)
            continue
        m = match(text, pos)
        if m is None:
            pos = text.find("<", pos + 1)
            continue
        closing, qname, raw_attrs, empty = m.group(1), m.group(2), m.group(3), m.group(4)
        if closing:
            if not raw_attrs and not empty and open_names.get(qname, 0) > 0:
                while stack:
                    i = stack.pop()
                    ns_maps.pop()
                    q = qnames[i]
                    open_names[q] -= 1
                    if q == qname:
                        elements[i].end = m.end()
                        break
            pos = text.find("<", m.end())
            continue
        attrs: dict[str, str] = {}
        ns_map = ns_maps[-1]
        if raw_attrs:
            declared = {}
            for k, v1, v2 in _ATTR.findall(raw_attrs):
                v = v1 or v2
                if k == "xmlns":
                    declared[""] = v
                elif k.startswith("xmlns:"):
                    declared[k[6:]] = v
                else:
                    lk = k.rpartition(":")[2]
                    if lk in _WANTED_ATTRS:
                        attrs[lk] = v
            if declared:
                ns_map = {**ns_map, **declared}
        prefix, _, loc = qname.rpartition(":")
        ns: str | None = ns_map.get(prefix)
        if prefix and not ns:
            ns = ""  # a prefix nothing declares: some namespace, not "no namespace"
        elif not prefix and not ns:
            ns = None  # (xmlns="" undeclares the default namespace)
        parent = stack[-1] if stack else -1
        if parent >= 0:
            elements[parent].children += 1
        elements.append(_El(loc, ns, m.start(), m.end() if empty else -1, parent, attrs))
        qnames.append(qname)
        if not empty:
            stack.append(len(elements) - 1)
            ns_maps.append(ns_map)
            open_names[qname] = open_names.get(qname, 0) + 1
        pos = text.find("<", m.end())
    return elements


# --------------------------------------------------------------------------------------------
# units


def _is_placemark_name(loc: str, ns: str | None) -> bool:
    return loc == "Placemark" and (ns is None or ns in KML_NAMESPACES)


def _kind_of_name(loc: str, ns: str | None, in_placemark: bool) -> str | None:
    if ns in GML_NAMESPACES and loc in GML_GEOMETRIES:
        return "gml"
    if loc in KML_GEOMETRIES and (ns in KML_NAMESPACES or (ns is None and in_placemark)):
        return "kml"
    return None


#: What a geometry element may legally hold (collections hold anything; unknown: anything).
_CONTAINS: dict[str, frozenset[str]] = {
    "Point": frozenset(), "LineString": frozenset(), "LinearRing": frozenset(),
    "Envelope": frozenset(), "Box": frozenset(), "Curve": frozenset(),
    "Polygon": frozenset({"LinearRing", "Ring", "Curve", "LineString"}),
}  # fmt: skip


def _may_contain(outer: str, inner: str) -> bool:
    """Whether a geometry element named ``outer`` can hold one named ``inner``.

    >>> _may_contain("Polygon", "LinearRing"), _may_contain("Polygon", "Polygon")
    (True, False)
    >>> _may_contain("MultiSurface", "Polygon")
    True
    """
    allowed = _CONTAINS.get(outer)
    return allowed is None or inner in allowed


def _trim_end(text: str, lo: int, hi: int) -> int:
    while hi > lo + 1 and text[hi - 1].isspace():
        hi -= 1
    return hi


def _block_end(text: str, start: int) -> int:
    m = _BLANK.search(text, start)
    e = m.start() if m else len(text)
    while e > start + 1 and text[e - 1].isspace():
        e -= 1
    return e


_TUPLES = re.compile(
    r"\s*+[-+]?+[0-9.][0-9.eE+\-]*+(?:,[-+]?+[0-9.][0-9.eE+\-]*+){1,3}+"
    r"(?:\s++[-+]?+[0-9.][0-9.eE+\-]*+(?:,[-+]?+[0-9.][0-9.eE+\-]*+){1,3}+)*+\s*+"
)
_POSITIONED = frozenset({"Point", "LineString", "LinearRing"})


def _content(text: str, el: _El) -> str:
    """The text inside a closed element (between its start tag and its end tag)."""
    if el.node is not None:
        return el.node.text
    lo = text.find(">", el.start, el.end) + 1
    hi = text.rfind("<", lo, el.end)
    return text[lo:hi] if 0 < lo <= hi else ""


def _bare_kml(text: str, els: list[_El]) -> list[bool]:
    """Which elements in no namespace are KML geometries: named like one and holding a
    ``coordinates`` element of coordinate tuples in a ``Point``/``LineString``/``LinearRing``
    (KML as JSON fixtures, docs and tutorials write it, with no namespace in scope). A bare
    ``<Polygon>`` with no coordinates is no geometry. One pass back over the elements."""
    n = len(els)
    held = [False] * n
    for i in range(n - 1, -1, -1):
        el = els[i]
        p = el.parent
        if p < 0:
            continue
        if held[i]:
            held[p] = True
        elif (el.local == "coordinates" and el.end >= 0 and els[p].local in _POSITIONED
              and _TUPLES.fullmatch(_content(text, el))):  # fmt: skip
            held[p] = True
    return [held[i] and els[i].ns is None and els[i].local in KML_GEOMETRIES for i in range(n)]


def _units(text: str, els: list[_El]) -> list[Span]:
    n = len(els)
    bare = _bare_kml(text, els) if any(el.local == "coordinates" for el in els) else [False] * n
    geom_kind: list[str | None] = [None] * n
    in_geom = [False] * n
    placemark = [-1] * n  # nearest Placemark ancestor (or self)
    feature = [-1] * n  # nearest ancestor (or self) whose parent is a member element
    nearest_geom = [-1] * n  # nearest geometry ancestor
    cut = [-1] * n  # where an unclosed geometry's guess ends: a geometry it cannot contain starts
    for i, el in enumerate(els):
        p = el.parent
        loc, ns = el.local, el.ns
        if p >= 0:
            pk = geom_kind[p]
            in_geom[i] = in_geom[p] or pk is not None
            placemark[i] = placemark[p]
            feature[i] = i if els[p].local in _MEMBERS else feature[p]
            nearest_geom[i] = p if pk is not None else nearest_geom[p]
        if _is_placemark_name(loc, ns):
            placemark[i] = i
        kind = geom_kind[i] = _kind_of_name(loc, ns, placemark[i] >= 0) or (
            "kml" if bare[i] else None)
        if kind is None:
            continue
        a = nearest_geom[i]
        if a >= 0 and els[a].end < 0 and not _may_contain(els[a].local, el.local):
            # e.g. a second <Polygon> inside an unclosed one: the first is over, this one stands
            # on its own (unclosed guesses never hide a later geometry)
            in_geom[i] = False
            # the guess ends where this geometry's own unit starts: its Placemark or GML
            # feature when that opened inside the guess too (else the unit would be cut)
            at = el.start
            for owner in (placemark[i], feature[i]):
                if 0 <= owner != i and els[owner].start > els[a].start:
                    at = min(at, els[owner].start)
            while a >= 0 and els[a].end < 0 and cut[a] < 0:  # each is cut once: linear
                cut[a] = at
                a = nearest_geom[a]
    tops = [i for i in range(n) if geom_kind[i] is not None and not in_geom[i]]

    # one unit per Placemark (with a single geometry) or GML feature; else the geometry itself
    per_owner: dict[int, list[int]] = {}
    owner_of: dict[int, int] = {}
    for g in tops:
        if geom_kind[g] == "kml" and placemark[g] >= 0 and els[placemark[g]].end >= 0:
            owner_of[g] = placemark[g]
        elif geom_kind[g] == "gml" and feature[g] >= 0 and feature[g] != g and els[feature[g]].end >= 0:
            owner_of[g] = feature[g]
        else:
            continue
        per_owner.setdefault(owner_of[g], []).append(g)
    # the unit of each top geometry: (start, end, kind, owner or -1, geometry)
    blocks = _Blocks(text)
    plan: list[tuple[int, int, str, int, int]] = []
    done: set[int] = set()
    for g in tops:
        owner = owner_of.get(g)
        kind = geom_kind[g] or "gml"
        if owner is not None:
            if owner in done:
                continue
            done.add(owner)
            members = per_owner[owner]
            drawn = [m for m in members if els[els[m].parent].local != "boundedBy"]
            # one geometry: it is the feature's; several (a city object's lod* geometries, a
            # Placemark holding two bare ones): the feature is read as their collection
            geom = drawn[0] if len(drawn) == 1 else owner if drawn else members[0]
            if els[geom].end >= 0:
                unit = _unit_element(els, owner, kind)
                plan.append((els[unit].start, els[unit].end, kind, owner, geom))
                continue
            g = geom
        if els[g].end >= 0:
            end = els[g].end
        else:
            end = max(blocks.end(els[g].start), els[g].start + 1)
            if cut[g] >= 0:
                end = max(min(end, _trim_end(text, els[g].start, cut[g])), els[g].start + 1)
        plan.append((els[g].start, end, kind, -1, g))
    # nested units (a feature inside a feature's property, a geometry inside an unclosed one's
    # block): the outermost wins, and only it is read, so the reading stays linear
    out: list[Span | None] = []
    pending: list[tuple[int, str, str, XmlNode | None, Callable[[Any], Span]]] = []
    last_end = -1
    for start, end, kind, owner, g in sorted(plan, key=lambda u: (u[0], -u[1])):
        if start < last_end:
            continue
        last_end = end
        if owner >= 0:
            got = _owner_span(text, els, owner, g, kind, start, end)
        else:
            got = _geometry_span(text, els, g, kind, end)
        if not isinstance(got, Span):
            pending.append((len(out), *got))
        out.append(got if isinstance(got, Span) else None)
    # every geometry read at once (its shapely objects made by one call per type, parse_trees)
    for (at, _, _, _, finish), parsed in zip(pending, _parse_all([u[1:4] for u in pending])):
        out[at] = finish(parsed)
    return [u for u in out if u is not None]


class _Blocks:
    """End of the line block (next blank line) around a position, memoised."""

    def __init__(self, text: str) -> None:
        self.text, self.lo, self.hi = text, -1, -1

    def end(self, start: int) -> int:
        if not self.lo <= start < self.hi:
            self.lo, self.hi = start, _block_end(self.text, start)
        return self.hi


def _unit_element(els: list[_El], owner: int, kind: str) -> int:
    """The owner, or its member wrapper when that holds only this feature (it travels along)."""
    parent = els[owner].parent
    if (
        kind == "gml"
        and parent >= 0
        and els[parent].local in ("featureMember", "member", "cityObjectMember")
        and els[parent].children == 1
        and els[parent].end >= 0
    ):
        return parent
    return owner


def _tree(el: _El) -> XmlNode | None:
    """The element's nodes from the document pass, when they are what reading its own text
    would give (no namespace declared on or inside it); else None."""
    return None if el.declares else el.node


def _parse_all(units: "list[tuple[str, str, XmlNode | None]]") -> list[Any]:
    """The parse of every ``(kind, geometry text, nodes)``, in order: nodes read by
    :func:`~geochunk.detection.encodings.gml.parse_trees` together, a text without nodes on its own; each
    result remembered for :func:`geochunk.detection.geometry.parse_span`."""
    with_nodes = [(i, kind, node) for i, (kind, _, node) in enumerate(units) if node is not None]
    out: list[Any] = [None] * len(units)
    for (i, _, _), parsed in zip(with_nodes, parse_trees([(k, n) for _, k, n in with_nodes])):
        out[i] = parsed
    for i, (kind, geometry_text, node) in enumerate(units):
        if node is None:
            out[i] = parse_gml(geometry_text) if kind == "gml" else parse_kml(geometry_text)
        remember(kind, geometry_text, out[i])
    return out


def _geom_type(parsed: Any, el: _El) -> str:
    named = SHAPE_KEYWORDS.get(el.local)
    if named is not None:
        return named  # a solid or a surface of patches, read as polygons: said as it is
    if parsed.geometry is not None:
        return str(parsed.geometry.geom_type).upper()
    return OGC_OF.get(el.local, "GEOMETRYCOLLECTION")


#: A unit whose geometry is still to be read: (kind, geometry text, its nodes or None, what
#: makes the span of the parse)
_Pending = tuple[str, str, "XmlNode | None", Callable[[Any], Span]]


def _geometry_span(text: str, els: list[_El], g: int, kind: str, end: int) -> Span | _Pending:
    el = els[g]
    if el.end < 0:
        body = text[el.start : end]
        return Span(el.start, end, kind, OGC_OF.get(el.local), body, status="unclosed",  # type: ignore[arg-type]
                    error=f"unclosed {kind.upper()} {el.local}: no end tag; protected to the "
                          "end of its block")  # fmt: skip
    body = text[el.start : el.end]
    fid = el.attrs.get("id")

    def finish(parsed: Any) -> Span:
        return Span(el.start, el.end, kind, _geom_type(parsed, el), body, dims=parsed.dims,  # type: ignore[arg-type]
                    feature_id=fid, id_source="gml:id" if fid else None,
                    status="ok" if parsed.error is None else "unparseable",
                    error=parsed.error)  # fmt: skip

    return kind, body, _tree(el), finish


def _owner_span(text: str, els: list[_El], owner: int, g: int, kind: str, s: int, e: int) -> _Pending:
    gel, oel = els[g], els[owner]
    body = text[gel.start : gel.end]
    owner_text = text[oel.start : oel.end]
    tree, otree = _tree(gel), _tree(oel)
    if otree is None:  # no nodes from a document pass: the owner's text is read, once
        located: dict[int, tuple[int, XmlNode]] = {}
        try:
            otree = xml_tree(owner_text, located)
        except (GeometryError, *XML_ERRORS):
            otree = _UNREADABLE
        if tree is None and otree is not _UNREADABLE:
            # the geometry's nodes, when an element of the owner spans exactly its text
            at = len(text[oel.start : gel.start].encode("utf-8", "surrogatepass"))
            hit = located.get(at)
            if hit is not None and hit[0] == at + len(body.encode("utf-8", "surrogatepass")):
                tree = hit[1]
    fid, id_source, props = _describe(owner_text, kind, oel, otree)

    def finish(parsed: Any) -> Span:
        return Span(s, e, kind, _geom_type(parsed, gel), body, dims=parsed.dims,  # type: ignore[arg-type]
                    feature_id=fid, id_source=id_source,
                    properties_json=compact_json(props) if props else None,
                    status="ok" if parsed.error is None else "unparseable",
                    error=parsed.error)  # fmt: skip

    return kind, body, tree, finish


def _simple_text(node: XmlNode) -> str | None:
    if node.children:
        return None
    value = " ".join(node.text.split())
    return value or None


#: What reading an element's text gave when it is not XML (it was read, and failed).
_UNREADABLE = XmlNode("", {})


def _describe(
    slice_text: str, kind: str, el: _El, tree: XmlNode | None = None
) -> tuple[str | None, str | None, dict[str, str]]:
    """(id, id source, attributes) of a Placemark or GML feature from its own text (or from
    ``tree``, its nodes as reading that text would give them; ``_UNREADABLE`` if that failed)."""
    node: XmlNode | None = tree
    if node is _UNREADABLE:
        node = None
    elif node is None:
        try:
            node = xml_tree(slice_text)
        except (GeometryError, *XML_ERRORS):
            node = None
    props: dict[str, str] = {}
    if kind == "kml":
        if node is not None:
            for child in node.children:
                if child.local in ("name", "description", "address", "styleUrl"):
                    value = _simple_text(child) if child.local != "description" else (
                        " ".join(child.text.split()) or None)
                    if value is not None:
                        props[child.local] = value
                elif child.local == "ExtendedData":
                    for d in child.children:
                        if d.local == "Data":
                            vals = d.kids("value")
                            if d.attr("name") and vals:
                                props[d.attr("name") or ""] = " ".join(vals[0].text.split())
                        elif d.local == "SchemaData":
                            for sd in d.kids("SimpleData"):
                                if sd.attr("name"):
                                    props[sd.attr("name") or ""] = " ".join(sd.text.split())
        if props.get("name"):
            return props["name"], "kml:name", props
        if el.attrs.get("id"):
            return el.attrs["id"], "kml:id", props
        return None, None, props
    if node is not None:
        for child in node.children:
            value = _simple_text(child)
            if value is not None and child.local not in props:
                props[child.local] = value
    fid = el.attrs.get("id") or el.attrs.get("fid")
    if fid:
        return fid, "gml:id" if el.attrs.get("id") else "gml:fid", props
    return None, None, props
