"""Geometry encodings beyond WKT and GeoJSON: hex (E)WKB, GML 2/3/3.2 and KML.

Each encoding has a finder (text -> :class:`~geochunk.model.Span` list, linear, gated behind a
cheap pre-check so documents without the encoding pay one C-speed search), a reader
(``geometry_text`` -> :class:`~geochunk.detection.geometry.Parsed`) and a writer used by the oversize
escape to rewrite a geometry in the same encoding. :func:`find_encoded` is what
:func:`geochunk.detection.scan.detect` calls.

>>> [(s.kind, s.geom_type) for s in find_encoded("row 0101000000000000000000F03F0000000000000040")]
[('wkb', 'POINT')]
>>> parse_encoded("wkb", "0101000000000000000000F03F0000000000000040").geometry.wkt
'POINT (1 2)'
"""

from __future__ import annotations

import re

from geochunk.detection.parsed import Parsed
from geochunk.model import Span
from geochunk.detection.encodings.wkb import find_wkb, parse_wkb

__all__ = ["ENCODED_KINDS", "feature_kind", "find_encoded", "holds_solid", "is_whole", "parse_encoded"]

#: ``Span.kind`` values of the encodings in this package.
ENCODED_KINDS: frozenset[str] = frozenset({"wkb", "gml", "kml"})


def find_encoded(text: str) -> list[Span]:
    """Every hex (E)WKB, GML and KML unit in ``text``, sorted by start (may overlap others:
    :func:`geochunk.detection.scan.detect` merges, the outermost wins)."""
    from geochunk.detection.encodings.xml import find_xml

    spans = find_wkb(text) + find_xml(text)
    spans.sort(key=lambda s: (s.start, -s.end))
    return spans


def parse_encoded(kind: str, geometry_text: str) -> Parsed:
    """Parse the ``geometry_text`` of a span of one of :data:`ENCODED_KINDS`; never raises."""
    if kind == "wkb":
        return parse_wkb(geometry_text)
    from geochunk.detection.encodings.gml import parse_gml, parse_kml

    return parse_gml(geometry_text) if kind == "gml" else parse_kml(geometry_text)


def is_whole(span: Span) -> bool:
    """Whether a span's geometry is one whole though read as several pieces, so the oversize
    escape must not split it by part: a solid or polyhedral surface (any encoding), a GML
    solid or surface of patches, or a feature read as the collection of its geometries (a
    CityGML city object's ``lod*`` geometries, a Placemark holding two bare ones).

    >>> is_whole(Span(0, 9, "gml", "POLYHEDRALSURFACE", "<gml:Solid>...</gml:Solid>"))
    True
    >>> is_whole(Span(0, 9, "kml", "GEOMETRYCOLLECTION", "<Placemark><Point>...</Placemark>"))
    True
    >>> is_whole(Span(0, 9, "gml", "MULTIPOLYGON", "<gml:MultiSurface>...</gml:MultiSurface>"))
    False
    """
    if span.geom_type in ("POLYHEDRALSURFACE", "TIN"):
        return True
    if span.kind not in ("gml", "kml"):
        return False
    from geochunk.detection.encodings.gml import GML_GEOMETRIES, GML_WHOLES, KML_GEOMETRIES, root_name

    name = root_name(span.geometry_text)
    if name is None:
        return False
    return name in GML_WHOLES or name not in (GML_GEOMETRIES if span.kind == "gml" else KML_GEOMETRIES)


_SOLID_TAG = re.compile(r"<(?:[A-Za-z_][\w.\-]*+:)?+(?:Solid|CompositeSolid|MultiSolid)[\s/>]")


def holds_solid(span: Span) -> bool:
    """Whether a span's geometry is or holds a GML solid (``Solid``, ``CompositeSolid``,
    ``MultiSolid``), a volume the oversize escape cannot simplify in plan without flattening it.

    >>> holds_solid(Span(0, 9, "gml", "GEOMETRYCOLLECTION", '<bldg:Building><bldg:lod1Solid><gml:Solid>'))
    True
    >>> holds_solid(Span(0, 9, "gml", "MULTIPOLYGON", "<gml:MultiSurface>...</gml:MultiSurface>"))
    False
    """
    return span.kind == "gml" and _SOLID_TAG.search(span.geometry_text) is not None


def feature_kind(span: Span) -> str:
    """``ChunkFeature.kind`` for a span: ``wkt``/``ewkt``/``geojson``/``wkb``/``ewkb``/``gml``/
    ``kml``.

    >>> feature_kind(Span(0, 1, "wkb", "POINT", "01", srid=4326))
    'ewkb'
    """
    if span.kind == "wkt":
        return "ewkt" if span.srid is not None else "wkt"
    if span.kind == "wkb":
        return "ewkb" if span.srid is not None else "wkb"
    if span.kind in ENCODED_KINDS:
        return span.kind
    return "geojson"
