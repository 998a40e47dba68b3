"""Read and write GML 2/3/3.2 and KML geometry elements.

:func:`parse_gml` and :func:`parse_kml` read the text of one geometry element (as sliced from a
document, so namespace prefixes may be undeclared: names are matched by their local part) with
the safe expat parser and build a shapely geometry:

* GML: ``Point``, ``LineString``, ``LinearRing``, ``Curve`` (linear segments), ``Polygon``,
  ``Surface``/``PolygonPatch``, ``Envelope``, ``Box``, ``MultiPoint``, ``MultiLineString``,
  ``MultiCurve``, ``MultiPolygon``, ``MultiSurface``, ``CompositeSurface``, ``MultiGeometry``;
  positions from ``posList`` (``srsDimension``), ``pos``, ``coordinates`` (``cs``/``ts``/
  ``decimal``) or ``coord``. Axis order follows ``srsName``: a URN or OGC URL naming an EPSG
  frame whose first axis points north (EPSG:4326 is latitude, longitude) is swapped to x = east;
  ``EPSG:n`` and ``.../srs/epsg.xml#n`` are read x, y as written (the traditional convention).
* KML: ``Point``, ``LineString``, ``LinearRing``, ``Polygon``, ``MultiGeometry`` with
  ``coordinates`` (``lon,lat[,alt]`` tuples; always WGS 84).

The writers (:func:`gml_writer`) put a geometry back in the same dialect: element names, prefix,
the root's attributes (``srsName``, ``gml:id``), GML 2 ``coordinates`` or GML 3 ``posList``, and
the axis order.

>>> p = parse_gml('<gml:Polygon srsName="urn:ogc:def:crs:EPSG::4326"><gml:exterior>'
...               '<gml:LinearRing><gml:posList>51 -1 51 0 52 0 51 -1</gml:posList>'
...               '</gml:LinearRing></gml:exterior></gml:Polygon>')
>>> p.geometry.wkt  # lat/lon in the source, x = longitude here
'POLYGON ((-1 51, 0 51, 0 52, -1 51))'
>>> parse_kml("<Point><coordinates>-3.19,55.95,12</coordinates></Point>").geometry.wkt
'POINT Z (-3.19 55.95 12)'
>>> parse_gml("<gml:Point><gml:pos>1 2</gml:pos>").error  # doctest: +ELLIPSIS
'not well-formed XML: ...'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable

import numpy as np
import shapely
from shapely.errors import ShapelyError

from geochunk.detection.parsed import MAX_NESTING, Parsed
from geochunk.text.memo import KEPT_KEY_CHARS
from geochunk.detection.encodings.xmlsafe import XML_ERRORS, safe_parser

__all__ = [
    "GML_GEOMETRIES",
    "KML_GEOMETRIES",
    "OGC_OF",
    "XmlNode",
    "gml_writer",
    "parse_gml",
    "parse_kml",
    "parse_tree",
    "xml_tree",
    "local",
]

#: GML geometry element names (local) geochunk reads.
GML_GEOMETRIES: frozenset[str] = frozenset({
    "Point", "LineString", "LinearRing", "Curve", "Polygon", "Surface", "Envelope", "Box",
    "MultiPoint", "MultiLineString", "MultiCurve", "MultiPolygon", "MultiSurface",
    "CompositeSurface", "MultiGeometry",
    # shells around surfaces and curves (CityGML, GeoSciML): the outermost is the unit
    "Solid", "MultiSolid", "CompositeSolid", "CompositeCurve", "OrientableCurve",
    "OrientableSurface", "TriangulatedSurface", "Tin", "PolyhedralSurface",
})  # fmt: skip
#: GML elements that are one whole, not parts, though read as several polygons: a solid (its
#: faces bound one volume) and a surface of patches. The oversize escape does not split them.
GML_WHOLES: frozenset[str] = frozenset(
    {"Solid", "MultiSolid", "CompositeSolid", "TriangulatedSurface", "Tin", "PolyhedralSurface"}
)
#: KML geometry element names.
KML_GEOMETRIES: frozenset[str] = frozenset(
    {"Point", "LineString", "LinearRing", "Polygon", "MultiGeometry"}
)
#: Element local name -> OGC keyword (for ``Span.geom_type`` when the geometry does not parse).
OGC_OF: dict[str, str] = {
    "Point": "POINT", "LineString": "LINESTRING", "LinearRing": "LINESTRING",
    "Curve": "LINESTRING", "Polygon": "POLYGON", "Surface": "POLYGON", "Envelope": "POLYGON",
    "Box": "POLYGON", "MultiPoint": "MULTIPOINT", "MultiLineString": "MULTILINESTRING",
    "MultiCurve": "MULTILINESTRING", "MultiPolygon": "MULTIPOLYGON",
    "MultiSurface": "MULTIPOLYGON", "CompositeSurface": "MULTIPOLYGON",
    "MultiGeometry": "GEOMETRYCOLLECTION", "Solid": "POLYHEDRALSURFACE",
    "CompositeSolid": "POLYHEDRALSURFACE", "MultiSolid": "GEOMETRYCOLLECTION",
    "CompositeCurve": "LINESTRING", "OrientableCurve": "LINESTRING", "OrientableSurface": "POLYGON",
    "TriangulatedSurface": "TIN", "Tin": "TIN", "PolyhedralSurface": "POLYHEDRALSURFACE",
}  # fmt: skip
#: ``Span.geom_type`` of the elements read as polygons that are not a MULTIPOLYGON.
SHAPE_KEYWORDS: dict[str, str] = {
    name: OGC_OF[name] for name in ("Solid", "CompositeSolid", "MultiSolid", "TriangulatedSurface",
                                    "Tin", "PolyhedralSurface")
}  # fmt: skip

_NUM = re.compile(r"[^\s,]++")
_COMMA_WS = re.compile(r"[ \t\r\n]*+,[ \t\r\n]*+")
_SWAP_FORMS = re.compile(
    r"(?:urn:(?:x-)?ogc:def:crs:EPSG:(?:[0-9.]{0,12}:)?+|https?://www\.opengis\.net/def/crs/EPSG/[0-9.]{1,12}/)"
    r"(\d{1,7})$",
    re.IGNORECASE,
)


class GeometryError(ValueError):
    """Why a geometry element cannot be read."""


def local(name: str) -> str:
    """The local part of a qualified (``gml:Polygon``) or expanded (``uri Polygon``) name.

    >>> local("gml:Polygon"), local("http://www.opengis.net/gml Polygon"), local("Point")
    ('Polygon', 'Polygon', 'Point')
    """
    got = _LOCALS.get(name)
    if got is None:
        got = name.rpartition(" ")[2].rpartition(":")[2]
        if len(_LOCALS) < _MAX_LOCALS and len(name) <= KEPT_KEY_CHARS:
            _LOCALS[name] = got
    return got


_local = local  # XmlNode's parameter ``local`` shadows the function in its __init__


# a document names a handful of elements and attributes thousands of times: each name's local
# part is found once (a dict lookup; two partitions cost several times that), bounded by
# entries and by the length of the names kept (as the one-key memos are, geochunk.text.memo)
_LOCALS: dict[str, str] = {}
_MAX_LOCALS = 4096


class XmlNode:
    """One element: qualified name, attributes (qualified names), children, text.

    A plain class with slots (a document pass makes one per element: a dataclass's
    ``__init__`` and a ``local`` looked up on every read cost several times this); ``local``
    is the name's local part, found once when the node is made (or given by the maker).

    >>> XmlNode("gml:Point", {}).local, XmlNode("x Point", {}, local="Point").local
    ('Point', 'Point')
    """

    __slots__ = ("name", "attrs", "children", "parts", "local")

    def __init__(
        self,
        name: str,
        attrs: dict[str, str],
        children: "list[XmlNode] | None" = None,
        parts: list[str] | None = None,
        local: str | None = None,
    ) -> None:
        self.name = name
        self.attrs = attrs
        self.children = [] if children is None else children
        self.parts = [] if parts is None else parts
        self.local = _local(name) if local is None else local

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, XmlNode):
            return NotImplemented
        return (self.name, self.attrs, self.children, self.parts) == (
            other.name, other.attrs, other.children, other.parts)  # fmt: skip

    __hash__ = None  # type: ignore[assignment]  # mutable, as the dataclass was

    def __repr__(self) -> str:
        return (f"XmlNode(name={self.name!r}, attrs={self.attrs!r}, children={self.children!r}, "
                f"parts={self.parts!r})")  # fmt: skip

    @property
    def text(self) -> str:
        return "".join(self.parts)

    def attr(self, name: str) -> str | None:
        """An attribute by local name (``srsName``, ``gml:id`` as ``id``)."""
        for k, v in self.attrs.items():
            lk = _LOCALS.get(k)
            if (lk if lk is not None else local(k)) == name:
                return v
        return None

    def kids(self, *names: str) -> list["XmlNode"]:
        return [c for c in self.children if c.local in names]


def xml_tree(text: str, located: "dict[int, tuple[int, XmlNode]] | None" = None) -> XmlNode:
    """Parse one element's text (prefixes need not be declared) into nodes; raises
    ``GeometryError`` when it is not well-formed or nests deeper than ``MAX_NESTING``.

    With ``located``, every element's UTF-8 byte offsets are recorded in it: start -> (end,
    node), so a caller can take an inner element's nodes instead of parsing its text again.

    >>> where = {}
    >>> xml_tree("<a><b>1</b><c/></a>", where).local, sorted((s, e, n.local) for s, (e, n) in where.items())
    ('a', [(0, 19, 'a'), (3, 11, 'b'), (11, 15, 'c')])
    """
    root: list[XmlNode] = []
    stack: list[XmlNode] = []
    opened: list[int] = []
    raw = text.encode("utf-8", "surrogatepass")

    def start(name: str, attrs: dict[str, str]) -> None:
        if len(stack) >= MAX_NESTING:
            raise GeometryError(f"XML nested deeper than {MAX_NESTING} elements")
        node = XmlNode(name, attrs)
        if stack:
            stack[-1].children.append(node)
        else:
            root.append(node)
        stack.append(node)
        if located is not None:
            opened.append(p.CurrentByteIndex)

    def end(_: str) -> None:
        node = stack.pop()
        if located is not None:
            s, at = opened.pop(), p.CurrentByteIndex
            if raw[at - 2 : at] == b"/>" and raw.find(b">", s) + 1 == at:
                e = at  # <x/>: the end event comes after the tag
            else:
                close = raw.find(b">", at)
                e = close + 1 if close >= 0 else len(raw)
            located[s] = (e, node)

    def data(s: str) -> None:
        if stack:
            stack[-1].parts.append(s)

    p = safe_parser()
    p.StartElementHandler = start
    p.EndElementHandler = end
    p.CharacterDataHandler = data
    try:
        p.Parse(raw, True)
    except GeometryError:
        raise
    except XML_ERRORS as exc:
        raise GeometryError(f"not well-formed XML: {exc}") from None
    finally:
        p = None  # the handlers reach the parser through this cell: no cycle left for the collector
    if len(root) != 1:
        raise GeometryError("not one XML element")
    return root[0]


# --------------------------------------------------------------------------------------------
# reading


@lru_cache(maxsize=512)
def _north_first(code: int) -> bool:
    """Whether EPSG:code's first axis points north or south (latitude/northing first)."""
    from pyproj import CRS
    from pyproj.exceptions import CRSError

    try:
        axes = CRS.from_epsg(code).axis_info
    except (CRSError, ValueError, OverflowError):
        return False
    return bool(axes) and axes[0].direction.lower() in ("north", "south")


def axis_swapped(srs_name: str | None) -> bool:
    """Whether positions under ``srsName`` are written northing/latitude first.

    >>> axis_swapped("urn:ogc:def:crs:EPSG::4326"), axis_swapped("EPSG:4326")
    (True, False)
    >>> axis_swapped("urn:x-ogc:def:crs:EPSG:4326")  # WFS 1.1's form (no version field)
    True
    >>> axis_swapped("http://www.opengis.net/def/crs/EPSG/0/27700")
    False
    """
    if not srs_name:
        return False
    m = _SWAP_FORMS.match(srs_name.strip())
    return m is not None and _north_first(int(m.group(1)))


@dataclass(frozen=True)
class _Ctx:
    swap: bool
    dim: int | None  # srsDimension in force
    ids: "dict[str, XmlNode] | None" = None  # gml:id -> element, to follow local xlink:href


def _numbers(text: str) -> np.ndarray:
    try:
        values = np.array(text.split(), dtype=float)
    except ValueError:
        bad = next((w for w in text.split() if not _is_float(w)), text[:20])
        raise GeometryError(f"not a number: {bad[:40]!r}") from None
    if not np.isfinite(values).all():
        raise GeometryError("coordinates must be finite numbers")
    return values


def _is_float(w: str) -> bool:
    try:
        float(w)
    except ValueError:
        return False
    return True


def _dim_of(node: XmlNode, ctx: _Ctx) -> _Ctx:
    d = node.attr("srsDimension")
    if d is None:
        return ctx
    if not d.strip().isdigit() or int(d) not in (2, 3, 4):
        raise GeometryError(f"srsDimension must be 2, 3 or 4, got {d!r}")
    return _Ctx(ctx.swap, int(d), ctx.ids)


def _tuples(text: str, cs: str = ",", ts: str | None = None, dec: str = ".") -> np.ndarray:
    """GML 2 / KML ``coordinates``: tuples separated by ``ts`` (whitespace), values by ``cs``."""
    if cs == ",":
        text = _COMMA_WS.sub(",", text.strip())
    rows = text.split(ts) if ts and ts.strip() else text.split()
    if not rows:
        raise GeometryError("empty coordinates")
    if cs == "," and dec == "." and not (ts and ts.strip()):
        # the usual "x,y[,z] x,y[,z] ...": one conversion of all the values (the same strings
        # as the loop below makes, so the same numbers or the same error) when every tuple has
        # the first one's 2-4 values (else the loop below says which tuple does not)
        commas = rows[0].count(",")
        if 1 <= commas <= 3 and text.count(",") == commas * len(rows):
            if all(r.count(",") == commas for r in rows):
                try:
                    arr = np.array(",".join(rows).split(","), dtype=float)
                except ValueError:
                    raise GeometryError("coordinates hold something that is not a number") from None
                if not np.isfinite(arr).all():
                    raise GeometryError("coordinates must be finite numbers")
                return arr.reshape(len(rows), commas + 1)
    out = []
    width = None
    for row in rows:
        vals = [v for v in row.split(cs)] if cs.strip() else row.split()
        if dec != ".":
            vals = [v.replace(dec, ".") for v in vals]
        if width is None:
            width = len(vals)
        if len(vals) != width or width < 2 or width > 4:
            raise GeometryError(f"coordinate tuples must all have 2-4 values, found {row[:40]!r}")
        out.append(vals)
    try:
        arr = np.array(out, dtype=float)
    except ValueError:
        raise GeometryError("coordinates hold something that is not a number") from None
    if not np.isfinite(arr).all():
        raise GeometryError("coordinates must be finite numbers")
    return arr


def _srs_of(node: XmlNode, ctx: _Ctx) -> _Ctx:
    """``ctx`` with the axis order of ``node``'s own ``srsName``, when it names one (GML lets
    any geometry or position list name its frame: GeoSciML's boreholes do so on ``posList``)."""
    srs = node.attr("srsName") if node.attrs else None
    if not srs:
        return ctx
    swap = axis_swapped(srs)
    return ctx if swap == ctx.swap else _Ctx(swap, ctx.dim, ctx.ids)


def _positions(node: XmlNode, ctx: _Ctx) -> np.ndarray:
    """The positions of a point/line/ring element (rows), x = east after axis swapping."""
    ctx = _srs_of(node, _dim_of(node, ctx))
    pos_list = node.kids("posList")
    if pos_list:
        pl = pos_list[0]
        c = _srs_of(pl, _dim_of(pl, ctx))
        values = _numbers(pl.text)
        dim = c.dim or 2
        if values.size % dim:
            raise GeometryError(f"posList holds {values.size} numbers, not a multiple of {dim}")
        arr = values.reshape(-1, dim)
        ctx = c
    elif node.kids("coordinates"):
        co = node.kids("coordinates")[0]
        arr = _tuples(co.text, co.attr("cs") or ",", co.attr("ts"), co.attr("decimal") or ".")
    elif node.kids("pos", "pointProperty", "pointRep"):
        rows = []
        for k in node.kids("pos", "pointProperty", "pointRep"):
            if k.local == "pos":
                rows.append(_numbers(k.text))
            else:
                pts = k.kids("Point")
                if not pts:
                    raise GeometryError(f"{k.local} without an inline Point (xlink is not followed)")
                rows.append(_positions(pts[0], ctx)[0])
        if len({len(r) for r in rows}) != 1 or not 2 <= len(rows[0]) <= 4:
            raise GeometryError("pos elements must all have the same 2-4 values")
        arr = np.array(rows)
    elif node.kids("coord"):
        rows = []
        for k in node.kids("coord"):
            vals = [k.kids(a)[0].text for a in ("X", "Y", "Z") if k.kids(a)]
            rows.append(_numbers(" ".join(vals)))
        if len({len(r) for r in rows}) != 1:
            raise GeometryError("coord elements must all have the same axes")
        arr = np.array(rows)
    else:
        raise GeometryError(f"{node.local} has no posList, pos, coordinates or coord")
    if arr.shape[1] > 3:
        arr = arr[:, :3]  # a 4th ordinate (M) is not carried by GML positions we read
    if ctx.swap:
        order = _SWAPPED.get(arr.shape[1]) if arr.ndim == 2 else None
        if order is not None:
            arr = arr[:, order]  # a copy with x and y exchanged
        else:  # (fewer than two columns: this raises, and the error says so)
            arr = arr.copy()
            arr[:, [0, 1]] = arr[:, [1, 0]]
    return arr


# the column order that exchanges x and y, by the number of columns
_SWAPPED = {2: np.array([1, 0]), 3: np.array([1, 0, 2])}


def _same(a: np.ndarray, b: np.ndarray) -> bool:
    """``np.array_equal(a, b)`` of two positions of one array (same shape; NaN equals nothing,
    as there: ``tolist`` makes a new float for each value), several times cheaper.

    >>> _same(np.array([1.0, 2.0]), np.array([1.0, 2.0])), _same(np.array([np.nan]), np.array([np.nan]))
    (True, False)
    """
    return a.shape == b.shape and a.tolist() == b.tolist()


def _joined(parts: list[np.ndarray]) -> np.ndarray:
    """Consecutive segments (or ring members) as one line: a segment that starts where the last
    one ended does not repeat that position."""
    out = [parts[0]]
    for p in parts[1:]:
        if p.shape[1] == out[-1].shape[1] and _same(p[0], out[-1][-1]):
            p = p[1:]
        out.append(p)
    try:
        return np.vstack(out)
    except ValueError:
        raise GeometryError("segments mix 2D and 3D positions") from None


def _ring(node: XmlNode, ctx: _Ctx) -> np.ndarray:
    if node.local == "Ring":  # GML 3 Ring of curve members
        parts = [_line_coords(m, ctx) for cm in node.kids("curveMember") for m in cm.children]
        if not parts:
            raise GeometryError("Ring without curve members")
        arr = _joined(parts)
    else:
        arr = _positions(node, ctx)
    return _ring_check(arr)


def _line_coords(node: XmlNode, ctx: _Ctx, depth: int = 0) -> np.ndarray:
    if depth > MAX_NESTING:
        raise GeometryError("geometry nested too deeply")
    name = node.local
    if name in ("CompositeCurve", "OrientableCurve"):
        # a chain of curves (GeoSciML's mapped features), or one curve read either way
        ctx = _dim_of(node, ctx)
        single = ("curveMember",) if name == "CompositeCurve" else ("baseCurve",)
        members = _members(node, single, (), ctx)
        if not members:
            raise GeometryError(f"{name} without curve members")
        line = _joined([_line_coords(m, ctx, depth + 1) for m in members])
        if name == "OrientableCurve" and (node.attr("orientation") or "+").strip() == "-":
            line = line[::-1]
        return line
    if node.local == "Curve":
        segs = [s for seg in node.kids("segments") for s in seg.children]
        parts = []
        for s in segs:
            if s.local != "LineStringSegment":
                raise GeometryError(f"curve segment {s.local} is not linear; not read")
            parts.append(_positions(s, _dim_of(node, ctx)))
        if not parts:
            raise GeometryError("Curve without segments")
        return _joined(parts)
    if node.local not in ("LineString", "LinearRing"):
        raise GeometryError(f"expected a curve, found {node.local}")
    arr = _positions(node, ctx)
    if len(arr) < 2:
        raise GeometryError("a line needs at least 2 positions")
    return arr


def _polygon_rings(node: XmlNode, ctx: _Ctx) -> list[np.ndarray]:
    ctx = _dim_of(node, ctx)
    outer = node.kids("exterior", "outerBoundaryIs")
    if len(outer) != 1:
        raise GeometryError(f"{node.local} needs exactly one exterior ring")
    rings = []
    for boundary in outer + node.kids("interior", "innerBoundaryIs"):
        members = boundary.kids("LinearRing", "Ring")
        if not members:
            raise GeometryError(f"{boundary.local} without a LinearRing")
        rings.extend(_ring(m, ctx) for m in members)
    return rings


class _Build:
    """What the readers make of what they read: shapely geometries (``_SHAPELY``, one at a
    time, as they always did) or plans of them (``_PLAN``), each made later by one vectorised
    call per geometry type and dimension (:func:`parse_trees`)."""

    point: Callable[[np.ndarray], Any]
    line: Callable[[np.ndarray], Any]
    polygon: Callable[[list[np.ndarray]], Any]
    multipoint: Callable[[list[Any]], Any]
    multiline: Callable[[list[Any]], Any]
    multipolygon: Callable[[list[Any]], Any]
    collection: Callable[[list[Any]], Any]
    box: Callable[[float, float, float, float], Any]


class _ShapelyBuild(_Build):
    point = staticmethod(shapely.Point)
    line = staticmethod(shapely.LineString)
    multipoint = staticmethod(shapely.MultiPoint)
    multiline = staticmethod(shapely.MultiLineString)
    multipolygon = staticmethod(shapely.MultiPolygon)
    collection = staticmethod(shapely.GeometryCollection)
    box = staticmethod(shapely.box)

    @staticmethod
    def polygon(rings: list[np.ndarray]) -> Any:
        return shapely.Polygon(rings[0], rings[1:])


class _Plan:
    """A geometry not made yet: its shapely type name (``geom_type``), its members (``geoms``)
    or its coordinates (a position, a line's rows, a polygon's rings)."""

    __slots__ = ("geom_type", "geoms", "coords")

    def __init__(self, geom_type: str, geoms: "list[_Plan] | tuple[()]" = (), coords: Any = None) -> None:
        self.geom_type = geom_type
        self.geoms = geoms
        self.coords = coords


class _PlanBuild(_Build):
    @staticmethod
    def point(xy: np.ndarray) -> _Plan:
        return _Plan("Point", coords=xy)

    @staticmethod
    def line(arr: np.ndarray) -> _Plan:
        return _Plan("LineString", coords=arr)

    @staticmethod
    def polygon(rings: list[np.ndarray]) -> _Plan:
        return _Plan("Polygon", coords=rings)

    @staticmethod
    def multipoint(parts: list[Any]) -> _Plan:
        return _Plan("MultiPoint", list(parts))

    @staticmethod
    def multiline(parts: list[Any]) -> _Plan:
        return _Plan("MultiLineString", list(parts))

    @staticmethod
    def multipolygon(parts: list[Any]) -> _Plan:
        return _Plan("MultiPolygon", list(parts))

    @staticmethod
    def collection(parts: list[Any]) -> _Plan:
        return _Plan("GeometryCollection", list(parts))

    @staticmethod
    def box(x0: float, y0: float, x1: float, y1: float) -> _Plan:
        return _Plan("Polygon", coords=(x0, y0, x1, y1))  # a tuple, not rings: made one by one


_SHAPELY = _ShapelyBuild()
_PLAN = _PlanBuild()


def _members(
    node: XmlNode, single: tuple[str, ...], plural: tuple[str, ...], ctx: "_Ctx | None" = None
) -> list[XmlNode]:
    out: list[XmlNode] = []
    for k in node.children:
        if k.local in single:
            if not k.children:
                out.append(_linked(k, ctx))
                continue
            out.extend(k.children)
        elif k.local in plural:
            out.extend(k.children)
    return out


def _linked(member: XmlNode, ctx: "_Ctx | None") -> XmlNode:
    """The geometry a member without one points at (``xlink:href="#id"``), when it is inside
    the feature being read (CityGML solids point at their boundary surfaces' polygons)."""
    href = member.attr("href") or ""
    target = ctx.ids.get(href[1:]) if ctx is not None and ctx.ids and href.startswith("#") else None
    if target is None:
        raise GeometryError(f"{member.local} without an inline geometry (xlink is not followed)")
    return target


def _polygons(node: XmlNode, ctx: _Ctx, depth: int, make: "_Build", what: str) -> list[Any]:
    """The polygons of a surface element (a polygon, a surface of patches, a multi or composite
    surface, a shell, an oriented surface), flattened."""
    g = _gml(node, ctx, depth + 1, make)
    if g.geom_type == "Polygon":
        return [g]
    if g.geom_type == "MultiPolygon":
        return list(g.geoms)
    raise GeometryError(f"{what} members must be surfaces")


def _gml(node: XmlNode, ctx: _Ctx, depth: int, make: "_Build") -> Any:
    if depth > MAX_NESTING:
        raise GeometryError("geometry nested too deeply")
    name = node.local
    ctx = _dim_of(node, ctx)
    if name == "Point":
        arr = _positions(node, ctx)
        if len(arr) != 1:
            raise GeometryError(f"a Point needs one position, found {len(arr)}")
        return make.point(arr[0])
    if name in ("LineString", "Curve"):
        return make.line(_line_coords(node, ctx))
    if name == "LinearRing":
        return make.line(_ring(node, ctx))
    if name == "Polygon":
        return make.polygon(_polygon_rings(node, ctx))
    if name in ("Surface", "TriangulatedSurface", "Tin", "PolyhedralSurface"):
        patches = [p for ps in node.kids("patches", "polygonPatches", "trianglePatches")
                   for p in ps.children]  # fmt: skip
        polys = []
        for p in patches:
            if p.local not in ("PolygonPatch", "Triangle"):
                raise GeometryError(f"surface patch {p.local} is not planar; not read")
            polys.append(make.polygon(_polygon_rings(p, ctx)))
        if not polys:
            raise GeometryError(f"{name} without patches")
        if name != "Surface":
            return make.multipolygon(polys)  # several patches or one: a surface of patches
        return polys[0] if len(polys) == 1 else make.multipolygon(polys)
    if name == "OrientableSurface":
        base = node.kids("baseSurface")
        if len(base) != 1:
            raise GeometryError("OrientableSurface needs one baseSurface")
        (inner,) = _members(node, ("baseSurface",), (), ctx)
        polys = _polygons(inner, ctx, depth, make, name)
        return polys[0] if len(polys) == 1 else make.multipolygon(polys)
    if name == "Solid":
        # the faces of its exterior shell (and of any interior ones): one volume, not parts
        polys = []
        for boundary in node.kids("exterior", "interior"):
            for shell in boundary.children:
                polys.extend(_polygons(shell, ctx, depth, make, name))
        if not polys:
            raise GeometryError("Solid without an exterior shell")
        return make.multipolygon(polys)
    if name in ("CompositeSolid", "MultiSolid"):
        parts = _members(node, ("solidMember",), ("solidMembers",), ctx)
        polys = []
        for p in parts:
            if p.local not in ("Solid", "CompositeSolid", "MultiSolid"):
                raise GeometryError(f"{name} members must be solids")
            polys.extend(_polygons(p, ctx, depth, make, name))
        if not polys:
            raise GeometryError(f"{name} without solids")
        return make.multipolygon(polys)
    if name in ("CompositeCurve", "OrientableCurve"):
        return make.line(_line_coords(node, ctx))
    if name in ("Envelope", "Box"):
        lo, hi = node.kids("lowerCorner"), node.kids("upperCorner")
        if lo and hi:
            a, b = _numbers(lo[0].text), _numbers(hi[0].text)
            if len(a) != len(b) or len(a) < 2:
                raise GeometryError("Envelope corners must have the same 2-3 values")
            corners = np.array([a, b])
            if ctx.swap:
                corners[:, [0, 1]] = corners[:, [1, 0]]
        else:
            corners = _positions(node, ctx)
        if len(corners) != 2:
            raise GeometryError(f"{name} needs two corners")
        (x0, y0), (x1, y1) = corners[0][:2], corners[1][:2]
        return make.box(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
    if name == "MultiPoint":
        parts = _members(node, ("pointMember",), ("pointMembers",), ctx)
        pts = [_gml(p, ctx, depth + 1, make) for p in parts]
        if any(p.geom_type != "Point" for p in pts):
            raise GeometryError("MultiPoint members must be Points")
        return make.multipoint(pts)
    if name in ("MultiLineString", "MultiCurve"):
        parts = _members(node, ("lineStringMember", "curveMember"), ("curveMembers",), ctx)
        lines = [_gml(p, ctx, depth + 1, make) for p in parts]
        if any(g.geom_type != "LineString" for g in lines):
            raise GeometryError(f"{name} members must be lines")
        return make.multiline(lines)
    if name in ("MultiPolygon", "MultiSurface", "CompositeSurface", "Shell"):
        parts = _members(node, ("polygonMember", "surfaceMember"), ("surfaceMembers",), ctx)
        polys: list[Any] = []
        for p in parts:
            polys.extend(_polygons(p, ctx, depth, make, name))
        return make.multipolygon(polys)
    if name == "MultiGeometry":
        parts = _members(node, ("geometryMember",), ("geometryMembers",), ctx)
        return make.collection([_gml(p, ctx, depth + 1, make) for p in parts])
    raise GeometryError(f"{name} is not a GML geometry geochunk reads")


def _kml(node: XmlNode, depth: int, make: "_Build") -> Any:
    if depth > MAX_NESTING:
        raise GeometryError("geometry nested too deeply")
    name = node.local
    ctx = _Ctx(False, None)
    if name in ("Point", "LineString", "LinearRing"):
        co = node.kids("coordinates")
        if len(co) != 1:
            raise GeometryError(f"KML {name} needs one coordinates element")
        arr = _tuples(co[0].text)
        if arr.shape[1] > 3:
            raise GeometryError("KML coordinates are lon,lat[,alt]")
        if name == "Point":
            if len(arr) != 1:
                raise GeometryError(f"a Point needs one position, found {len(arr)}")
            return make.point(arr[0])
        if name == "LinearRing":
            return make.line(_ring_check(arr))
        if len(arr) < 2:
            raise GeometryError("a line needs at least 2 positions")
        return make.line(arr)
    if name == "Polygon":
        rings = []
        outer = node.kids("outerBoundaryIs")
        if len(outer) != 1:
            raise GeometryError("KML Polygon needs exactly one outerBoundaryIs")
        for b in outer + node.kids("innerBoundaryIs"):
            lrs = b.kids("LinearRing")
            if not lrs:
                raise GeometryError(f"{b.local} without a LinearRing")
            for lr in lrs:
                co = lr.kids("coordinates")
                if len(co) != 1:
                    raise GeometryError("LinearRing needs one coordinates element")
                rings.append(_ring_check(_tuples(co[0].text)))
        return make.polygon(rings)
    if name in ("MultiGeometry", "Placemark"):
        # (a Placemark holding several geometries, which real tools write: one feature whose
        # geometry is their collection, as a MultiGeometry would say)
        del ctx
        parts = [_kml(k, depth + 1, make) for k in node.children if k.local in KML_GEOMETRIES]
        if not parts and name == "Placemark":
            raise GeometryError("Placemark without a geometry")
        kinds = {p.geom_type for p in parts}
        if kinds == {"Point"}:
            return make.multipoint(parts)
        if kinds == {"LineString"}:
            return make.multiline(parts)
        if kinds == {"Polygon"}:
            return make.multipolygon(parts)
        return make.collection(parts)
    raise GeometryError(f"{name} is not a KML geometry")


def _ring_check(arr: np.ndarray) -> np.ndarray:
    if len(arr) < 4:
        raise GeometryError(f"a linear ring needs at least 4 positions, found {len(arr)}")
    if not _same(arr[0], arr[-1]):
        raise GeometryError("a linear ring must end where it starts")
    return arr


def _parsed(build: Callable[[], Any]) -> Parsed:
    try:
        geom = build()
    except GeometryError as exc:
        return Parsed(None, 0, error=str(exc))
    except (ShapelyError, ValueError, TypeError, IndexError) as exc:
        return Parsed(None, 0, error=f"not a valid geometry: {exc}")
    return Parsed(geom, int(shapely.get_num_coordinates(geom)), dims="Z" if geom.has_z else "")


def _gml_root(root: XmlNode, b: _Build = _SHAPELY) -> Any:
    if root.local not in GML_GEOMETRIES:
        return _gml_feature(root, b)
    return _gml(root, _Ctx(axis_swapped(root.attr("srsName")), None), 0, b)


def feature_geometries(root: XmlNode) -> list[XmlNode]:
    """The outermost geometry elements of a feature element (a CityGML city object's ``lod*``
    geometries, its boundary surfaces' and its parts'), in document order; an ``Envelope`` or
    ``Box`` directly in a ``boundedBy`` is the feature's extent, not its geometry.

    >>> f = xml_tree('<b:Building><gml:boundedBy><gml:Envelope/></gml:boundedBy><b:lod1Solid>'
    ...              '<gml:Solid/></b:lod1Solid><b:lod0FootPrint><gml:MultiSurface/>'
    ...              '</b:lod0FootPrint></b:Building>')
    >>> [g.local for g in feature_geometries(f)]
    ['Solid', 'MultiSurface']
    """
    out: list[XmlNode] = []
    todo: list[tuple[XmlNode, XmlNode | None, int]] = [(root, None, 0)]
    while todo:
        node, parent, depth = todo.pop()
        if depth > MAX_NESTING:
            raise GeometryError("XML nested too deeply")
        if node is not root and node.local in GML_GEOMETRIES:
            if not (node.local in ("Envelope", "Box") and parent is not None
                    and parent.local == "boundedBy"):  # fmt: skip
                out.append(node)
            continue
        todo.extend((c, node, depth + 1) for c in reversed(node.children))
    return out


def _ids(root: XmlNode) -> dict[str, XmlNode]:
    """``gml:id`` -> element for every element of ``root`` (what a local xlink points at)."""
    out: dict[str, XmlNode] = {}
    todo = [root]
    while todo:
        node = todo.pop()
        if node.attrs:
            i = node.attr("id")
            if i:
                out.setdefault(i, node)
        todo.extend(node.children)
    return out


def feature_parts(root: XmlNode, b: "_Build | None" = None) -> list[tuple[XmlNode, Any]]:
    """The geometry elements of a feature element (:func:`feature_geometries`) that read, each
    with what it reads as (``xlink:href``s to elements inside the feature followed); a
    geometry that is no place (GeoSciML's 1-D core interval along a borehole) is left out.
    Raises the first error when none reads."""
    b = b or _SHAPELY
    geoms = feature_geometries(root)
    if not geoms:
        raise GeometryError(f"{root.local} is not a GML geometry and holds none")
    ids = _ids(root)
    outer = axis_swapped(root.attr("srsName"))
    parts = []
    first: GeometryError | None = None
    for g in geoms:
        srs = g.attr("srsName")
        try:
            parts.append((g, _gml(g, _Ctx(axis_swapped(srs) if srs else outer, None, ids), 1, b)))
        except GeometryError as exc:
            first = first or exc
    if not parts:
        raise first or GeometryError(f"{root.local} holds no geometry")
    return parts


def _gml_feature(root: XmlNode, b: _Build) -> Any:
    """A feature element's geometries as one collection (a city object drawn at several levels
    of detail is one feature)."""
    return b.collection([g for _, g in feature_parts(root, b)])


def parse_gml(text: str) -> Parsed:
    """Read one GML geometry element (see the module docstring); never raises."""
    return _parsed(lambda: _gml_root(xml_tree(text)))


def parse_kml(text: str) -> Parsed:
    """Read one KML geometry element (see the module docstring); never raises."""
    return _parsed(lambda: _kml(xml_tree(text), 0, _SHAPELY))


def parse_tree(kind: str, root: XmlNode) -> Parsed:
    """:func:`parse_gml` (``kind="gml"``) or :func:`parse_kml` of an element already read into
    nodes - the same result as parsing the element's text, without reading it again (the
    caller vouches that ``root`` is what :func:`xml_tree` makes of that text).

    >>> root = xml_tree("<gml:Point><gml:pos>1 2</gml:pos></gml:Point>")
    >>> parse_tree("gml", root) == parse_gml("<gml:Point><gml:pos>1 2</gml:pos></gml:Point>")
    True
    """
    if kind == "gml":
        return _parsed(lambda: _gml_root(root))
    return _parsed(lambda: _kml(root, 0, _SHAPELY))


def parse_trees(items: "list[tuple[str, XmlNode]]") -> list[Parsed]:
    """``[parse_tree(kind, root) for kind, root in items]``, with the geometries made by one
    vectorised shapely call per geometry type and dimension (``from_ragged_array``) instead of
    a constructor call per point, line, ring and polygon (those calls were most of a WFS
    feature's reading). Each element is first read into a plan by the same readers (the same
    checks, in the same order); an element whose reading raises anything, or whose plan holds
    a coordinate array of another width than its others (or than 2 or 3), a line of fewer than
    2 positions, a ring of fewer than 4, or no coordinates at all, is read by
    :func:`parse_tree` instead, so its geometry or error is the one that always was.

    >>> root = xml_tree("<gml:Point><gml:pos>1 2</gml:pos></gml:Point>")
    >>> parse_trees([("gml", root)]) == [parse_tree("gml", root)]
    True
    """
    out: list[Parsed | None] = [None] * len(items)
    plans: list[_Plan] = []
    widths: list[int] = []
    where: list[int] = []
    for i, (kind, root) in enumerate(items):
        try:
            plan = _gml_root(root, _PLAN) if kind == "gml" else _kml(root, 0, _PLAN)
            width = _plan_width(plan)
        except Exception:  # noqa: BLE001 - parse_tree below reads it again and says what failed
            width = 0
        if width:
            plans.append(plan)
            widths.append(width)
            where.append(i)
        else:
            out[i] = parse_tree(kind, root)
    if plans:
        geoms = np.empty(len(plans), dtype=object)
        geoms[:] = _made(plans, widths)
        verts = shapely.get_num_coordinates(geoms).tolist()
        has_z = shapely.has_z(geoms).tolist()
        for i, g, v, z in zip(where, geoms.tolist(), verts, has_z):
            out[i] = Parsed(g, v, dims="Z" if z else "")
    return [p for p in out if p is not None]


def _plan_width(plan: _Plan) -> int:
    """The one width (2 or 3) of every coordinate array of ``plan``, or 0 (see
    :func:`parse_trees`: then the plan is not made, its element is read one by one)."""
    found: set[int] = set()
    todo = [plan]
    while todo:
        p = todo.pop()
        if p.geoms:
            todo.extend(p.geoms)
            continue
        c = p.coords
        if c is None or isinstance(c, tuple):
            return 0  # a collection with no member, or an Envelope's box
        if p.geom_type == "Point":
            found.add(c.shape[0])
        elif p.geom_type == "LineString":
            if len(c) < 2:
                return 0
            found.add(c.shape[1])
        else:  # Polygon rings
            for r in c:
                if len(r) < 4:
                    return 0
                found.add(r.shape[1])
        if len(found) > 1:
            return 0
    w = found.pop() if len(found) == 1 else 0
    return w if w in (2, 3) else 0


_RAGGED = {
    "Point": shapely.GeometryType.POINT, "LineString": shapely.GeometryType.LINESTRING,
    "Polygon": shapely.GeometryType.POLYGON, "MultiPoint": shapely.GeometryType.MULTIPOINT,
    "MultiLineString": shapely.GeometryType.MULTILINESTRING,
    "MultiPolygon": shapely.GeometryType.MULTIPOLYGON,
}  # fmt: skip


def _made(plans: list[_Plan], widths: list[int]) -> list[Any]:
    """The shapely geometry of every plan: those of one type and width by one
    ``from_ragged_array`` call; collections made of their members' geometries."""
    out: list[Any] = [None] * len(plans)
    groups: dict[tuple[str, int], list[int]] = {}
    for i, (p, w) in enumerate(zip(plans, widths)):
        if p.geom_type in _RAGGED and (p.geom_type not in ("MultiPoint", "MultiLineString", "MultiPolygon")
                                       or all(not g.geoms for g in p.geoms)):
            groups.setdefault((p.geom_type, w), []).append(i)
        else:
            out[i] = _made_one(p)
    for (typ, w), idx in groups.items():
        arrays: list[np.ndarray] = []
        rows: list[int] = [0]  # coordinate offsets of every line or ring
        rings: list[int] = [0]  # ring offsets of every polygon
        parts: list[int] = [0]  # part offsets of every multi-geometry
        for i in idx:
            p = plans[i]
            for q in (p.geoms if typ.startswith("Multi") else (p,)):
                if q.geom_type == "Point":
                    arrays.append(q.coords.reshape(1, -1))
                elif q.geom_type == "LineString":
                    arrays.append(q.coords)
                    rows.append(rows[-1] + len(q.coords))
                else:
                    for r in q.coords:
                        arrays.append(r)
                        rows.append(rows[-1] + len(r))
                    rings.append(rings[-1] + len(q.coords))
            parts.append(parts[-1] + len(p.geoms))
        coords = np.ascontiguousarray(np.concatenate(arrays), dtype=np.float64)
        offsets: tuple[np.ndarray, ...] | None
        if typ == "Point":
            offsets = None
        elif typ == "LineString":
            offsets = (np.array(rows),)
        elif typ == "Polygon":
            offsets = (np.array(rows), np.array(rings))
        elif typ == "MultiPoint":
            offsets = (np.array(parts),)
        elif typ == "MultiLineString":
            offsets = (np.array(rows), np.array(parts))
        else:
            offsets = (np.array(rows), np.array(rings), np.array(parts))
        for i, g in zip(idx, shapely.from_ragged_array(_RAGGED[typ], coords, offsets)):
            out[i] = g
    return out


def _made_one(plan: _Plan) -> Any:
    """The shapely geometry of one plan, made as the readers make it with ``_SHAPELY``."""
    b = _SHAPELY
    t = plan.geom_type
    if t == "Point":
        return b.point(plan.coords)
    if t == "LineString":
        return b.line(plan.coords)
    if t == "Polygon":
        return b.box(*plan.coords) if isinstance(plan.coords, tuple) else b.polygon(plan.coords)
    parts = [_made_one(g) for g in plan.geoms]
    return {"MultiPoint": b.multipoint, "MultiLineString": b.multiline, "MultiPolygon": b.multipolygon,
            "GeometryCollection": b.collection}[t](parts)


# --------------------------------------------------------------------------------------------
# writing

_START_TAG = re.compile(r"<([^\s/>]++)([^>]*?)(/?)>", re.DOTALL)


def _num(v: float) -> str:
    return str(int(v)) if float(v).is_integer() and abs(v) < 2**53 else repr(float(v))


@dataclass(frozen=True)
class _Style:
    prefix: str  # "gml:" / "kml:" / ""
    root_attrs: str  # the root start tag's attributes, verbatim
    kml: bool
    gml2: bool
    swap: bool
    surface: bool  # write MultiSurface/surfaceMember (else MultiPolygon/polygonMember)
    curve: bool  # write MultiCurve/curveMember (else MultiLineString/lineStringMember)
    solid: bool = False  # write a MultiPolygon as a Solid's exterior CompositeSurface


def root_name(source: str) -> str | None:
    """The local name of the first start tag of ``source`` (None if it has none).

    >>> root_name('<bldg:Building gml:id="b1"><bldg:lod1Solid>'), root_name("POINT (1 2)")
    ('Building', None)
    """
    m = _START_TAG.match(source, _LEAD.match(source).end())
    return local(m.group(1)) if m else None


_LEAD = re.compile(r"\s*+")


def gml_writer(kind: str, source: str) -> Callable[[Any, "int | None"], str] | None:
    """A function writing a shapely geometry as the ``kind`` (``"gml"``/``"kml"``) dialect of
    ``source`` (one geometry element); None if ``source`` has no readable start tag.

    >>> w = gml_writer("gml", '<gml:MultiSurface srsName="EPSG:27700"><gml:surfaceMember/>'
    ...                       '</gml:MultiSurface>')
    >>> w(shapely.Point(1, 2), None)
    '<gml:Point srsName="EPSG:27700"><gml:pos>1 2</gml:pos></gml:Point>'
    """
    m = _START_TAG.match(source.lstrip())
    if m is None:
        return None
    qname, attrs = m.group(1), m.group(2).rstrip()
    prefix = qname[: qname.index(":") + 1] if ":" in qname else ""
    name = local(qname)
    if name not in (KML_GEOMETRIES if kind == "kml" else GML_GEOMETRIES) or (
            name in GML_WHOLES and name != "Solid"):  # fmt: skip
        # a feature read as its geometries' collection, or a shell this writer does not write
        return None
    srs = re.search(r"""srsName\s*=\s*["']([^"']*)["']""", attrs)
    style = _Style(
        prefix=prefix,
        root_attrs=attrs,
        kml=kind == "kml",
        gml2="<" + prefix + "coordinates" in source or "outerBoundaryIs" in source,
        swap=kind == "gml" and axis_swapped(srs.group(1) if srs else None),
        surface=name in ("MultiSurface", "Surface", "CompositeSurface") or "surfaceMember" in source,
        curve=name in ("MultiCurve", "Curve") or "curveMember" in source,
        solid=name == "Solid",
    )

    def write(geom: Any, precision: int | None) -> str:
        return _write(geom, style, True)

    return write


def _coords(geom: Any, style: _Style) -> tuple[str, int]:
    arr = shapely.get_coordinates(geom, include_z=bool(geom.has_z))
    if style.swap:
        arr = arr.copy()
        arr[:, [0, 1]] = arr[:, [1, 0]]
    rows = arr.tolist()
    if style.kml or style.gml2:
        return " ".join(",".join(_num(v) for v in r) for r in rows), arr.shape[1]
    return " ".join(" ".join(_num(v) for v in r) for r in rows), arr.shape[1]


def _el(style: _Style, name: str, body: str, root: bool) -> str:
    attrs = style.root_attrs if root else ""
    return f"<{style.prefix}{name}{attrs}>{body}</{style.prefix}{name}>"


def _positions_el(geom: Any, style: _Style, single: bool) -> str:
    text, dim = _coords(geom, style)
    if style.kml or style.gml2:
        return _el(style, "coordinates", text, False)
    name = "pos" if single else "posList"
    attrs = f' srsDimension="{dim}"' if dim != 2 else ""
    return f"<{style.prefix}{name}{attrs}>{text}</{style.prefix}{name}>"


def _ring_el(ring: Any, style: _Style) -> str:
    return _el(style, "LinearRing", _positions_el(ring, style, False), False)


def _write(geom: Any, style: _Style, root: bool) -> str:
    kind = geom.geom_type
    if kind == "Point":
        return _el(style, "Point", _positions_el(geom, style, True), root)
    if kind in ("LineString", "LinearRing"):
        return _el(style, "LineString", _positions_el(geom, style, False), root)
    if kind == "Polygon":
        outer, inner = ("outerBoundaryIs", "innerBoundaryIs") if style.kml or style.gml2 else (
            "exterior", "interior")
        body = _el(style, outer, _ring_el(geom.exterior, style), False)
        body += "".join(_el(style, inner, _ring_el(r, style), False) for r in geom.interiors)
        return _el(style, "Polygon", body, root)
    parts = list(geom.geoms)
    if style.kml:
        return _el(style, "MultiGeometry", "".join(_write(p, style, False) for p in parts), root)
    if kind == "MultiPoint":
        name, member = "MultiPoint", "pointMember"
    elif kind == "MultiLineString":
        name, member = (("MultiCurve", "curveMember") if style.curve and not style.gml2
                        else ("MultiLineString", "lineStringMember"))
    elif kind == "MultiPolygon" and root and style.solid:
        p = style.prefix
        faces = "".join(_el(style, "surfaceMember", _write(f, style, False), False) for f in parts)
        shell = f"<{p}exterior><{p}CompositeSurface>{faces}</{p}CompositeSurface></{p}exterior>"
        return _el(style, "Solid", shell, root)
    elif kind == "MultiPolygon":
        name, member = (("MultiSurface", "surfaceMember") if style.surface and not style.gml2
                        else ("MultiPolygon", "polygonMember"))
    else:
        name, member = "MultiGeometry", "geometryMember"
    body = "".join(_el(style, member, _write(p, style, False), False) for p in parts)
    return _el(style, name, body, root)
