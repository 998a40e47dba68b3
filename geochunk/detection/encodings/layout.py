"""Rewrite one geometry of an encoded unit (hex (E)WKB, GML, KML) in the same encoding.

The oversize escape (``generalize``, ``split``) replaces only the geometry text of a unit; the
text before and after it (a COPY row's other columns, a Placemark's name and ExtendedData, a GML
feature's properties) is kept verbatim.

>>> from geochunk.model import Span
>>> hexwkb = "0101000000000000000000F03F0000000000000040"
>>> unit = "7\\t" + hexwkb + "\\n"
>>> lay = encoded_layout(unit, (2, 2 + len(hexwkb)), Span(2, 2 + len(hexwkb), "wkb", "POINT", hexwkb))
>>> import shapely
>>> lay.render(shapely.Point(5, 6), None) == "7\\t" + shapely.to_wkb(shapely.Point(5, 6), hex=True) + "\\n"
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from geochunk.model import Span
from geochunk.detection.encodings.escaped import Quoting, decode, encode, quoted_extent
from geochunk.detection.encodings.wkb import write_wkb

__all__ = ["EncodedLayout", "FeatureLayout", "QuotedLayout", "encoded_layout", "quoted_layout"]



# Linear patterns: no quantifier is followed by anything that can make it give characters back
# except at the start of a number (the lookbehind keeps the last branch to number starts).
_FRACTION = re.compile(r"\.(\d+)")
_EXPONENT = re.compile(r"\d[eE][-+]?\d")
_DECIMALS = re.compile(r"\.(\d+)(?:[eE]([-+]?\d+))?|(?<![\w.])\d+[eE]([-+]?\d+)")
_DIGIT = re.compile(r"\d")


def source_decimals(text: str) -> int | None:
    """Most decimal places of any number written in ``text`` (exponents taken into account).

    ``0`` for integers only, ``None`` when ``text`` holds no number at all.

    >>> source_decimals("POINT (530000.25 180000)"), source_decimals("[1.5e-3, 2]")
    (2, 4)
    >>> source_decimals("POINT (1 2)"), source_decimals("POINT EMPTY") is None
    (0, True)
    """
    if _EXPONENT.search(text) is None:  # the common case, all in C
        fractions = _FRACTION.findall(text)
        if fractions:
            return max(map(len, fractions))
        return 0 if _DIGIT.search(text) else None
    best = 0
    for frac, exp, int_exp in _DECIMALS.findall(text):
        if frac:
            best = max(best, len(frac) - (int(exp) if exp else 0))
        else:
            best = max(best, -int(int_exp))
    return best


@dataclass(frozen=True)
class EncodedLayout:
    """A unit as context before, a geometry written by ``write`` and context after."""

    before: str
    after: str
    write: Callable[[Any, "int | None"], str]
    decimals: int | None  # most decimals the source geometry text uses (None: binary doubles)

    def render(self, geom: Any, precision: int | None) -> str:
        """The full unit text with ``geom`` in place of the source geometry."""
        return self.before + self.write(geom, precision) + self.after


def encoded_layout(unit_text: str, span_rel: tuple[int, int], span: Span) -> EncodedLayout | None:
    """The layout of an encoded ``span`` within ``unit_text``; None if it cannot be rebuilt."""
    a, b = span_rel
    source = unit_text[a:b]
    at = source.find(span.geometry_text)
    if at < 0 or not span.geometry_text:
        return None
    before = unit_text[: a + at]
    after = unit_text[a + at + len(span.geometry_text) :]
    if span.kind == "wkb":
        like = span.geometry_text
        return EncodedLayout(before, after, lambda g, p: write_wkb(g, like), None)
    if span.kind in ("gml", "kml"):
        from geochunk.detection.encodings.gml import GML_GEOMETRIES, KML_GEOMETRIES, gml_writer, root_name

        if root_name(span.geometry_text) not in (GML_GEOMETRIES if span.kind == "gml" else KML_GEOMETRIES):
            return _feature_layout(before, after, span.kind, span.geometry_text)
        writer = gml_writer(span.kind, span.geometry_text)
        if writer is None:
            return None
        return EncodedLayout(before, after, writer, source_decimals(span.geometry_text))
    return None


@dataclass(frozen=True)
class QuotedLayout:
    """A unit written inside a JSON string or CSV cell: the layout of the decoded unit, its
    rendering escaped again and put back between the same context."""

    before: str
    after: str
    inner: Any  # the decoded unit's layout (anything with ``render`` and ``decimals``)
    style: Quoting

    @property
    def decimals(self) -> int | None:
        return self.inner.decimals  # type: ignore[no-any-return]

    def render(self, geom: Any, precision: int | None) -> str:
        """The full unit text with ``geom`` in place of the geometry, escaped as the source."""
        return self.before + encode(self.inner.render(geom, precision), self.style) + self.after


def quoted_layout(
    unit_text: str,
    span_rel: tuple[int, int],
    span: Span,
    inner_layout: Callable[[str, tuple[int, int], Span], Any],
) -> QuotedLayout | None:
    """The layout of a ``span`` whose source is escaped in a quoted string
    (:func:`~geochunk.detection.encodings.escaped.quoted_extent`); None when it is not, or when the
    decoded text does not hold that one unit. ``inner_layout`` lays the decoded unit out.

    >>> import shapely
    >>> from geochunk.detection.scan import detect
    >>> unit = '{"g": "{\\\\"type\\\\":\\\\"Point\\\\",\\\\"coordinates\\\\":[1,2]}"}'
    >>> (sp,) = detect(unit).spans
    >>> from geochunk.split.oversize import _Layout
    >>> lay = quoted_layout(unit, (sp.start, sp.end), sp, _Layout.of)
    >>> lay.render(shapely.Point(5, 6), None)
    '{"g": "{\\\\"type\\\\":\\\\"Point\\\\",\\\\"coordinates\\\\":[5,6]}"}'
    """
    a, b = span_rel
    got = quoted_extent(unit_text[a:b])
    if got is None:
        return None
    style, lo, hi = got
    dec = decode(unit_text, a + lo, a + hi, style)
    from geochunk.detection.scan import detect  # (detect imports this package)

    inner = [s for s in detect(dec.text).spans if s.kind == span.kind]
    if len(inner) != 1:
        return None
    sp = inner[0]
    lay = inner_layout(dec.text, (sp.start, sp.end), sp)
    if lay is None:
        return None
    return QuotedLayout(unit_text[: a + lo], unit_text[a + hi :], lay, style)



@dataclass(frozen=True)
class FeatureLayout:
    """A feature read as the collection of its geometries (a CityGML city object's ``lod*``
    geometries, a Placemark's bare geometries): each is rewritten in place, in its own
    dialect, and the text between them is kept verbatim."""

    before: str
    between: tuple[str, ...]  # the text before each geometry (after the previous one), then the rest
    writers: tuple[Callable[[Any, "int | None"], str], ...]
    decimals: int | None
    source: str  # the feature's own text, for a geometry that does not match the slots

    def render(self, geom: Any, precision: int | None) -> str:
        """The unit with each member of the collection ``geom`` in its geometry's place."""
        parts = list(getattr(geom, "geoms", ()))
        if geom.geom_type != "GeometryCollection" or len(parts) != len(self.writers):
            return self.before + self.source + self.between[-1]  # (not ours to place: unchanged)
        out = [self.before]
        for text, write, part in zip(self.between, self.writers, parts):
            out.append(text)
            out.append(write(part, precision))
        out.append(self.between[-1])
        return "".join(out)


def _feature_layout(before: str, after: str, kind: str, source: str) -> FeatureLayout | None:
    """The layout of a feature whose geometry is the collection of its geometry elements; None
    when one of them has no writer (a MultiSolid, a Tin) or the feature does not read."""
    from geochunk.detection.encodings.gml import GeometryError, KML_GEOMETRIES, feature_parts, gml_writer, xml_tree
    from geochunk.detection.encodings.xmlsafe import XML_ERRORS

    located: dict[int, tuple[int, Any]] = {}
    try:
        root = xml_tree(source, located)
        if kind == "gml":
            nodes = [n for n, _ in feature_parts(root)]
        else:
            nodes = [c for c in root.children if c.local in KML_GEOMETRIES]
    except (GeometryError, *XML_ERRORS):
        return None
    where = {id(node): (s, e) for s, (e, node) in located.items()}
    raw = source.encode("utf-8", "surrogatepass")

    def at(b: int) -> int:
        return b if raw.isascii() else len(raw[:b].decode("utf-8", "surrogatepass"))

    between: list[str] = []
    writers = []
    pos = 0
    for node in nodes:
        if id(node) not in where:
            return None
        s, e = (at(v) for v in where[id(node)])
        if s < pos:
            return None  # (an xlink's target read twice: not rewritten in place)
        writer = gml_writer(kind, source[s:e])
        if writer is None:
            return None
        between.append(source[pos:s])
        writers.append(writer)
        pos = e
    if not writers:
        return None
    between.append(source[pos:] + after)
    return FeatureLayout(before, tuple(between), tuple(writers), source_decimals(source), source)
