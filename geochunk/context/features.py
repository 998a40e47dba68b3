"""One self-describing :class:`~geochunk.model.ChunkFeature` per geometry span: its id, frame,
boxes (source CRS and WGS 84), attributes and period.

>>> from geochunk.pipeline import analyse
>>> a = analyse("Well ID: W-7\\n\\nPOINT (1 2)\\nDepth: 4 m\\n")
>>> f = a.features[0]
>>> f.id_source, f.bbox, f.attributes
('hash', (1.0, 2.0, 1.0, 2.0), {'Depth': '4 m'})
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Iterator, Sequence

import numpy as np
import shapely

from geochunk import crs as crs_mod
from geochunk.context.attributes import Pairs, Properties
from geochunk.context.units import Unit
from geochunk.crs import FrameReport
from geochunk.detection.encodings import feature_kind
from geochunk.detection.geometry import Parsed, extent
from geochunk.crs.extent import wgs84_trusted
from geochunk.detection.ids import unique_ids
from geochunk.model import ChunkFeature, Detection, Period, Span
from geochunk.context.period import feature_period

__all__ = ["describe_features", "feature_attributes", "feature_periods", "properties_of"]


def feature_attributes(detection: Detection, units: Sequence[Unit]) -> list[Mapping[str, Any] | None]:
    """Per span: GeoJSON ``properties`` (a read-only :class:`~geochunk.context.attributes.Properties`
    over the span's ``properties_json``), else the unit's SQL row and ``Key: value`` block (a
    read-only :class:`~geochunk.context.attributes.Pairs`, the block's value winning)."""
    out: list[Mapping[str, Any] | None] = [None] * len(detection.spans)
    for u in units:
        if not u.row and not u.attributes:
            continue
        # read-only, over the unit's own pairs: one mapping shared by the unit's spans
        pairs = Pairs(u.row + u.attributes if u.row and u.attributes else u.row or u.attributes)
        for i in u.spans:
            out[i] = pairs
    spans = detection.spans
    with_props = [i for i, span in enumerate(spans) if span.properties_json]
    for i, props in zip(with_props, _properties_batched([spans[i].properties_json for i in with_props])):
        if props is not None:  # an object: read from the span's text when asked, not held decoded
            out[i] = Properties(spans[i].properties_json)
    return out


_BATCH = 1024  # properties decoded by one json.loads at a time (the dicts are dropped after)


def _properties_batched(texts: Sequence[str | None]) -> Iterator[dict[str, Any] | None]:
    """:func:`_properties_all` of ``texts`` (properties JSON texts), :data:`_BATCH` at a
    time: the decoded dicts of one batch are alive at once, never the whole document's."""
    for k in range(0, len(texts), _BATCH):
        yield from _properties_all(texts[k : k + _BATCH])


def _properties_all(texts: Sequence[str | None]) -> list[dict[str, Any] | None]:
    """:func:`properties_of` of every properties JSON text, decoded by one ``json.loads`` of
    them all as one array (faster than one call each, and the decoder's key memo gives equal
    keys one ``str``); one by one when the array does not read or has another length. Each
    text must be one complete JSON value (as every producer writes it: see
    :class:`~geochunk.model.Span`); texts that are pieces of values could join into other
    values of the same count, which this does not detect.

    >>> _properties_all(['{"a":1}', '[2]', '{"a":']), _properties_all(['{"a":1}', '[2]'])
    ([{'a': 1}, None, None], [{'a': 1}, None])
    """
    if len(texts) > 1 and all(texts):
        try:
            got = json.loads("[" + ",".join(texts) + "]")  # type: ignore[arg-type]
        except (ValueError, RecursionError):
            got = None
        if got is not None and len(got) == len(texts):
            return [v if isinstance(v, dict) else None for v in got]
    return [_decoded(t) for t in texts]


def properties_of(span: Span) -> dict[str, Any] | None:
    """A GeoJSON Feature's ``properties`` object (None when absent, unreadable or not an object)."""
    return _decoded(span.properties_json)


def _decoded(text: str | None) -> dict[str, Any] | None:
    if not text:
        return None
    try:
        props = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return props if isinstance(props, dict) else None


def feature_periods(
    text: str,
    detection: Detection,
    units: Sequence[Unit],
    attrs: Sequence[Mapping[str, Any] | None],
    doc: Period | None,
) -> tuple[Period | None, ...]:
    """Per span, the time its feature describes (attributes, then caption, then ``doc``)."""
    by_span = {i: u for u in units for i in u.spans}
    return tuple(
        _period_of(text, sp, a, by_span.get(i), doc)
        for i, (sp, a) in enumerate(zip(detection.spans, _read_batched(attrs)))
    )


def _read_batched(attrs: Sequence[Mapping[str, Any] | None]) -> Iterator[Mapping[str, Any] | None]:
    """``attrs``, each :class:`~geochunk.context.attributes.Properties` as its decoded dict (equal),
    decoded :data:`_BATCH` at a time by one call (not one ``json.loads`` a feature)."""
    for k in range(0, len(attrs), _BATCH):
        batch = attrs[k : k + _BATCH]
        views = [a for a in batch if type(a) is Properties]
        if not views:
            yield from batch
            continue
        got = iter(_properties_all([v._json for v in views]))
        for a in batch:
            yield next(got) if type(a) is Properties else a


def _period_of(
    text: str, span: Span, attrs: dict[str, Any] | None, unit: Unit | None, doc: Period | None
) -> Period | None:
    origin = "property" if span.properties_json else ("row" if unit is not None and unit.row and
                                                      not unit.attributes else "attribute")
    caption = None  # (a JSON record's lead-in, or attributes written before, are no caption)
    if unit is not None and unit.full[0] < unit.core[0] and unit.kinds is None:
        caption = text[unit.full[0] : unit.core[0]]
    return feature_period(attrs, caption, origin=origin) or doc


def _bounds_all(geoms: Sequence[Any]) -> list[tuple[float, float, float, float] | None]:
    """:func:`geochunk.detection.geometry.bounds` of every geometry, in one vectorised shapely call.

    >>> import shapely
    >>> _bounds_all([shapely.Point(1, 2), None, shapely.from_wkt("POINT EMPTY")])
    [(1.0, 2.0, 1.0, 2.0), None, None]
    """
    if not geoms:
        return []
    arr = np.empty(len(geoms), dtype=object)
    arr[:] = geoms
    table = shapely.bounds(arr)  # NaN rows for None and empty geometries
    ok = np.isfinite(table).all(axis=1).tolist()
    return [_box(b) if good else None for *b, good in zip(*table.T.tolist(), ok)]  # columns: no list a row


def _box(b: list[float]) -> tuple[float, float, float, float]:
    """``tuple(b)``, a point's box holding its two numbers once each (two floats fewer a point
    feature; not for a zero, whose sign the two corners may not share).

    >>> _box([1.5, 2.0, 1.5, 2.0]), _box([0.0, 1.0, -0.0, 1.0])
    ((1.5, 2.0, 1.5, 2.0), (0.0, 1.0, -0.0, 1.0))
    """
    x0, y0, x1, y1 = b
    if x1 == x0 and x0:
        x1 = x0
    if y1 == y0 and y0:
        y1 = y0
    return (x0, y0, x1, y1)


def describe_features(
    detection: Detection,
    parsed: Sequence[Parsed],
    frames: FrameReport,
    units: Sequence[Unit],
    attrs: Sequence[Mapping[str, Any] | None],
) -> tuple[ChunkFeature, ...]:
    """One self-describing feature per span: source id (unique by content, never by position,
    see :func:`geochunk.detection.ids.unique_ids`), frame, bbox in the source CRS and in WGS 84."""
    spans = detection.spans
    given: list[tuple[str, str] | None] = [None] * len(spans)  # (a list, not a dict by index)
    for u in units:
        for i, pair in zip(u.spans, u.ids):
            given[i] = pair
    ids = unique_ids(spans, given)
    del given
    span_frames = [frames.frame_for(i) for i in range(len(spans))]
    # one call for the whole document (its vectorised transforms group features by frame)
    boxes84 = crs_mod.bboxes_wgs84(
        [extent(p) if wgs84_trusted(f) else None for p, f in zip(parsed, span_frames)], span_frames)
    out: list[ChunkFeature] = []
    for lo in range(0, len(spans), _BATCH):  # source boxes read a batch at a time (bounded scratch)
        hi = lo + _BATCH
        boxes = _bounds_all([extent(p) for p in parsed[lo:hi]])
        for i, b in enumerate(boxes, lo):
            span, w, (fid, source) = spans[i], boxes84[i], ids[i]
            # a lon/lat feature's WGS 84 box is its box: one tuple for both (4 floats and a
            # tuple a feature, ~0.7x a GeoJSON of 20k small features); not when a zero's sign
            # could differ
            if w is not None and w == b and 0.0 not in b:
                w = b
            boxes84[i] = ids[i] = None  # type: ignore[assignment, call-overload]  # each dropped once used
            out.append(ChunkFeature(
                id=fid,
                id_source=source,
                kind=feature_kind(span),
                geom_type=span.geom_type,
                start=span.start,
                end=span.end,
                vertices=parsed[i].vertices,
                bbox=b,
                bbox_wgs84=w,
                epsg=span_frames[i].epsg,
                status=span.status,
                attributes=attrs[i],
            ))
    return tuple(out)
