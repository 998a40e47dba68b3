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

from dataclasses import dataclass
from typing import Any, Callable

from ..model import Span
from .wkb import write_wkb

__all__ = ["EncodedLayout", "encoded_layout"]


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
        from ..oversize import source_decimals
        from .gml import gml_writer

        writer = gml_writer(span.kind, span.geometry_text)
        if writer is None:
            return None
        return EncodedLayout(before, after, writer, source_decimals(span.geometry_text))
    return None
