"""Extent metadata: a GML ``Envelope``/``Box`` directly in a ``boundedBy`` element.

A WFS ``GetFeature`` response or a CityGML model opens with the collection's bounding box
(``<wfs:boundedBy><gml:Envelope srsName=...>``). It says where the features are and is none of
them: not a feature (no id, not counted), not a unit the packer places, yet still text no cut
may fall inside. The detector keeps such spans apart as :attr:`Detection.extents
<geochunk.model.Detection>`. A feature's own ``boundedBy`` lies inside the feature's unit and is
no concern here; an ``Envelope`` anywhere else (a query filter's ``BBOX``) is a geometry. An
envelope that does not read (unclosed, a corner that is no number) stays a span, so the problem
is reported and an unclosed one's protected text is a problem span, not silent metadata. In a
JSON string or CSV cell an envelope is a geometry unit of that string (as before extents).

>>> text = '<wfs:boundedBy>\\n  <gml:Envelope><gml:lowerCorner>0 0</gml:lowerCorner></gml:Envelope>'
>>> from geochunk.model import Span
>>> env = Span(18, len(text), "gml", "POLYGON", text[18:])
>>> is_extent(text, env), is_extent("<gml:featureMember>" + text[15:], env)
(True, False)
"""

from __future__ import annotations

import bisect
import re
from typing import Sequence

from geochunk.model import Span

__all__ = ["covered_by", "is_extent", "split_extents"]

_EXTENT_TAG = re.compile(r"<(?:[A-Za-z_][\w.\-]*+:)?+(?:Envelope|Box)[\s/>]")
# the start tag of a ``boundedBy`` (any prefix, any attributes) and only white space after it
_BOUNDED_BY = re.compile(r"<(?:[A-Za-z_][\w.\-]*+:)?+boundedBy(?:\s[^<>]*+)?+>\s*+")
_LOOK_BACK = 512  # characters before the envelope searched for its parent's start tag


def is_extent(text: str, span: Span) -> bool:
    """Whether ``span`` is a GML ``Envelope``/``Box`` whose parent element is a ``boundedBy``.
    Bounded work: the envelope's first tag and at most 512 characters before it. Only an
    envelope that reads (``status == "ok"``) is an extent: a broken one stays a problem span."""
    if span.kind != "gml" or span.status != "ok" or _EXTENT_TAG.match(text, span.start) is None:
        return False
    lo = max(0, span.start - _LOOK_BACK)
    lt = text.rfind("<", lo, span.start)
    return lt >= 0 and _BOUNDED_BY.fullmatch(text, lt, span.start) is not None


def split_extents(text: str, spans: list[Span]) -> tuple[list[Span], list[Span]]:
    """``spans`` as ``(geometries, extents)``, each in the order given.

    >>> t = '<gml:boundedBy><gml:Envelope/></gml:boundedBy><gml:Point/>'
    >>> geoms, ext = split_extents(t, [Span(15, 30, "gml", "POLYGON", "x"), Span(46, 58, "gml", "POINT", "y")])
    >>> [s.geom_type for s in geoms], [s.start for s in ext]
    (['POINT'], [15])
    """
    geoms: list[Span] = []
    extents: list[Span] = []
    for s in spans:
        (extents if is_extent(text, s) else geoms).append(s)
    return geoms, extents


def covered_by(extents: Sequence[Span], spans: Sequence[Span]) -> tuple[Span, ...]:
    """The extents (sorted by start) that overlap no span: an envelope inside a larger unit
    (a string property holding a WFS response) is that unit's text, not extent metadata.

    >>> e = Span(5, 9, "gml", "POLYGON", "e")
    >>> covered_by([e], [Span(0, 20, "wkt", "POINT", "p")]), covered_by([e], []) == (e,)
    ((), True)
    """
    starts = [s.start for s in spans]
    out: list[Span] = []
    for e in sorted(extents, key=lambda s: s.start):
        i = bisect.bisect_left(starts, e.end)  # spans that start before the extent ends
        if i and spans[i - 1].end > e.start:
            continue
        if out and e.start < out[-1].end:
            continue
        out.append(e)
    return tuple(out)
