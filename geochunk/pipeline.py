"""The one place that runs a document through geochunk: ``analyse`` then ``assemble``.

``analyse`` does everything that does not depend on the budget — detect geometry spans, parse
them, resolve frames, find units and their ids, find prose boundaries, and tokenize the document
once into a token index — so re-chunking at a new budget (``assemble`` again) reuses it.

>>> cs = chunk_text("Site A.\\n\\nPOINT (1 2)\\nWell ID: W-7\\n", ChunkConfig(budget=64))
>>> [c.text for c in cs.chunks]
['Site A.\\n\\nPOINT (1 2)\\nWell ID: W-7\\n']
>>> cs.chunks[0].features[0].id, cs.chunks[0].unit
('W-7', 'document')
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, replace
from typing import Any, Sequence

from . import crs as crs_mod
from .packing import Piece, pack
from .context import Unit, content_id, find_units
from .errors import ConfigError
from .extent import union_bbox
from .headings import heading_glue
from .period import document_period, feature_period, merge_periods
from .detect import detect
from .encodings import feature_kind
from .geometry import Parsed, bounds, parse_span
from .lines import lines_of
from .model import (
    DEFAULT_MAX_FEATURES,
    Chunk,
    ChunkConfig,
    ChunkFeature,
    Detection,
    Flag,
    Frame,
    Generalization,
    Part,
    Period,
)
from .oversize import escape
from .prose import LINE, PARAGRAPH, SECTION, SENTENCE, WORD, Boundaries, find_boundaries
from .source import DEFAULT_MAX_BYTES, read_document
from .strategy import choose_strategy, chunk_unit
from .tokens import TokenCounter, TokenIndex, get_counter

__all__ = ["Analysis", "ChunkSet", "GeomRecord", "analyse", "assemble", "chunk_text", "chunk_file"]


@dataclass(frozen=True)
class GeomRecord:
    """A feature as drawn: the source geometry and what the chunk emitted (both source CRS)."""

    feature: ChunkFeature
    original: Any  # shapely geometry or None
    emitted: Any  # shapely geometry or None (simplified or a part for escaped chunks)
    frame: Frame


@dataclass(frozen=True, eq=False)
class Analysis:
    """Everything about one document that does not depend on the budget."""

    doc_id: str
    text: str
    digest: str
    encoding: str
    counter: TokenCounter
    index: TokenIndex
    detection: Detection
    parsed: tuple[Parsed, ...]
    frames: Any  # crs.FrameReport
    features: tuple[ChunkFeature, ...]  # one per span
    units: tuple[Unit, ...]  # with their context (caption, attribute block) in ``full``
    boundaries: Boundaries
    geometry_tokens: int
    headings: tuple[tuple[int, int], ...] = ()  # heading start -> first line after it
    periods: tuple[Period | None, ...] = ()  # per span (attributes, caption, document)
    tokenizer_sha256: str | None = None

    @property
    def tokenizer(self) -> str:
        return self.counter.name

    @property
    def estimated(self) -> bool:
        return self.counter.estimated

    @property
    def total_tokens(self) -> int:
        return self.index.total

    @property
    def density(self) -> float:
        return self.geometry_tokens / self.index.total if self.index.total else 0.0


@dataclass(frozen=True, eq=False)
class ChunkSet:
    """The chunks of one document at one configuration, with what was decided and why."""

    analysis: Analysis
    config: ChunkConfig
    chunks: tuple[Chunk, ...]
    strategy: str
    reason: str
    geometries: tuple[tuple[GeomRecord, ...], ...]  # index-aligned with chunks

    @property
    def density(self) -> float:
        return self.analysis.density

    @property
    def oversize_rate(self) -> float:
        return sum(c.oversized for c in self.chunks) / len(self.chunks) if self.chunks else 0.0

    @property
    def fallback_rate(self) -> float:
        """Share of chunks that still need a fallback (``needs_fallback``): over the budget
        after the escape. A generalized chunk that fits is oversized but not a fallback."""
        return sum(c.needs_fallback for c in self.chunks) / len(self.chunks) if self.chunks else 0.0

    @property
    def unit_shares(self) -> dict[str, float]:
        """Share of chunks per ``unit`` (``feature``, ``section``, ``document``)."""
        n = len(self.chunks)
        return {u: (sum(c.unit == u for c in self.chunks) / n if n else 0.0)
                for u in ("feature", "section", "document")}  # fmt: skip

    @property
    def document_fallback(self) -> bool:
        """The whole document came out as one chunk over the budget: no safe boundary."""
        return (
            len(self.chunks) == 1
            and self.chunks[0].unit == "document"
            and self.chunks[0].token_count > self.config.budget
        )

    @property
    def flagged(self) -> tuple[Chunk, ...]:
        return tuple(c for c in self.chunks if c.flags)

    @property
    def feature_count(self) -> int:
        return len(self.analysis.detection.spans)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def analyse(
    text: str,
    *,
    encoding: str = "cl100k_base",
    doc_id: str = "<stdin>",
    max_features: int | None = None,
) -> Analysis:
    """Detect, parse, resolve frames, find units and boundaries, and tokenize ``text`` once.

    A document with more than ``max_features`` geometries (default
    :data:`~geochunk.model.DEFAULT_MAX_FEATURES`) is an :class:`~geochunk.errors.InputError`,
    raised before any per-geometry work."""
    counter = get_counter(encoding)
    limit = DEFAULT_MAX_FEATURES if max_features is None else max_features
    detection = detect(text, max_features=limit)
    parsed = tuple(parse_span(s) for s in detection.spans)
    frames = crs_mod.resolve_frames(text, detection, [p.geometry for p in parsed])
    units = find_units(text, detection, context=True)
    span_ranges = tuple((s.start, s.end) for s in detection.spans)
    index = counter.index(text)  # (tiktoken 0.14 holds the GIL while encoding: no thread helps)
    headings = tuple(heading_glue(text))
    attrs = _feature_attributes(detection, units)
    doc_period = document_period(text)
    by_span = {i: u for u in units for i in u.spans}
    periods = tuple(
        _period_of(text, sp, attrs[i], by_span.get(i), doc_period)
        for i, sp in enumerate(detection.spans)
    )
    return Analysis(
        doc_id=doc_id,
        text=text,
        digest=_digest(text),
        encoding=encoding,
        counter=counter,
        index=index,
        detection=detection,
        parsed=parsed,
        frames=frames,
        features=_features(detection, parsed, frames, units, attrs),
        units=units,
        boundaries=find_boundaries(text, _merged(span_ranges, headings)),
        geometry_tokens=sum(index.count(a, b) for a, b in span_ranges),
        headings=headings,
        periods=periods,
        tokenizer_sha256=counter.sha256,
    )


def _merged(
    spans: Sequence[tuple[int, int]], headings: Sequence[tuple[int, int]]
) -> tuple[tuple[int, int], ...]:
    """No-cut ranges for the boundary finder: the spans, and each heading up to and including
    the first character after it (``(h, c + 1)`` drops every cut in ``h < p <= c``)."""
    ranges = sorted([*spans, *((h, c + 1) for h, c in headings)])
    out: list[tuple[int, int]] = []
    for a, b in ranges:
        if out and a < out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return tuple(out)


def _feature_attributes(detection: Detection, units: Sequence[Unit]) -> list[dict[str, Any] | None]:
    """Per span: GeoJSON ``properties``, else the unit's ``Key: value`` block and SQL row."""
    out: list[dict[str, Any] | None] = [None] * len(detection.spans)
    for u in units:
        pairs = dict(u.row)
        pairs.update(u.attributes)
        for i in u.spans:
            out[i] = dict(pairs) if pairs else None
    for i, span in enumerate(detection.spans):
        if span.properties_json:
            try:
                props = json.loads(span.properties_json)
            except ValueError:
                continue
            if isinstance(props, dict):
                out[i] = props
    return out


def _period_of(
    text: str, span: Any, attrs: dict[str, Any] | None, unit: Unit | None, doc: Period | None
) -> Period | None:
    origin = "property" if span.properties_json else ("row" if unit is not None and unit.row and
                                                      not unit.attributes else "attribute")
    caption = None
    if unit is not None and unit.full[0] < unit.core[0]:
        caption = text[unit.full[0] : unit.core[0]]
    return feature_period(attrs, caption, origin=origin) or doc


def _features(
    detection: Detection,
    parsed: Sequence[Parsed],
    frames: Any,
    units: Sequence[Unit],
    attrs: Sequence[dict[str, Any] | None],
) -> tuple[ChunkFeature, ...]:
    """One self-describing feature per span: source id (unique by content, never by position),
    frame, bbox in the source CRS and in WGS 84."""
    ids = {i: fid for u in units for i, fid in zip(u.spans, u.ids)}
    span_frames = [frames.frame_for(i) for i in range(len(detection.spans))]
    # no WGS 84 box where the coordinates contradict their declared frame: a box in the wrong
    # ocean is worse than none for maps and spatial filters (the flag and notes say why)
    trusted = [
        None if f.flagged and f.confidence < 0.25 and f.source not in ("fallback", "coordinates") else p.geometry
        for p, f in zip(parsed, span_frames)
    ]
    boxes84 = crs_mod.bboxes_wgs84(trusted, span_frames)
    taken: set[str] = set()
    next_k: dict[str, int] = {}  # per suffix base, the next number to try (identical geometries
    out = []  # repeated 40,000 times must not probe .2, .3, ... from the start each time)
    for i, (span, p) in enumerate(zip(detection.spans, parsed)):
        fid, source = ids.get(i) or (content_id(span), "hash")
        if fid in taken:  # the same id twice: tell them apart by content, not by position
            base = f"{fid}~{content_id(span).split(':')[1][:8]}"
            fid, k = base, next_k.get(base, 2)
            while fid in taken:
                fid, k = f"{base}.{k}", k + 1
            next_k[base] = k
        taken.add(fid)
        out.append(
            ChunkFeature(
                id=fid,
                id_source=source,
                kind=feature_kind(span),
                geom_type=span.geom_type,
                start=span.start,
                end=span.end,
                vertices=p.vertices,
                bbox=bounds(p.geometry),
                bbox_wgs84=boxes84[i],
                epsg=span_frames[i].epsg,
                status=span.status,
                attributes=attrs[i],
            )
        )
    return tuple(out)


# --------------------------------------------------------------------------------------------
# assemble


def _natural_level(b: Boundaries, text: str, p: int) -> int:
    if p <= 0 or p >= len(text):
        return SECTION
    lv = b.levels_at(p)
    if lv is not None:
        return lv
    return LINE if lines_of(text).at_line_end(p) else WORD


def _edge_levels(a: Analysis, ranges: Sequence[tuple[int, int]], strategy: str) -> list[tuple[int, int]]:
    text, b = a.text, a.boundaries
    out = []
    for i, (s, e) in enumerate(ranges):
        ls, le = _natural_level(b, text, s), _natural_level(b, text, e)
        at_line_s = lines_of(text).at_line_end(s)  # \r\n, \r and \n end lines
        at_line_e = lines_of(text).at_line_end(e)
        if strategy == "feature":
            ls = SECTION if at_line_s else min(ls, LINE)
            le = SECTION if at_line_e else min(le, LINE)
        elif strategy == "mixed":
            prev_gap = s - ranges[i - 1][1] if i else None
            next_gap = ranges[i + 1][0] - e if i + 1 < len(ranges) else None
            in_run = any(g is not None and g <= 300 for g in (prev_gap, next_gap))
            if in_run:
                ls = PARAGRAPH if at_line_s else min(ls, LINE)
                le = PARAGRAPH if at_line_e else min(le, LINE)
        out.append((ls, le))
    return out


def _frame_for_chunk(a: Analysis, span_ids: Sequence[int], at: int) -> tuple[Frame, bool]:
    if not span_ids:
        return a.frames.frame_at(at), False
    return crs_mod.merge_frames([a.frames.frame_for(i) for i in span_ids])


def _folder_name(doc_id: str) -> str | None:
    """The name of the folder a document was read from (``None`` for stdin or a bare name)."""
    if doc_id.startswith("<") or ("/" not in doc_id and os.sep not in doc_id):
        return None
    return os.path.basename(os.path.dirname(os.path.abspath(doc_id))) or None


def _extent_note(
    feats: Sequence[ChunkFeature], bbox: Any, bbox_wgs84: Any, frame: Frame, mixed: bool
) -> str | None:
    """Why a chunk with features has no ``bbox`` or no ``bbox_wgs84`` (None when it has both)."""
    if not feats or (bbox is not None and bbox_wgs84 is not None):
        return None
    if all(f.bbox is None for f in feats):
        return "no feature has a parseable, non-empty geometry"
    if bbox is None and mixed:
        return "features in different frames: no common bbox in a source CRS (see bbox_wgs84)"
    if frame.flagged and frame.confidence < 0.25 and frame.source not in ("fallback", "coordinates"):
        return "frame contradicted by the coordinates: no WGS 84 box ({})".format(
            "; ".join(frame.notes) or frame.source)
    ref = getattr(frame, "ref", None) if frame.epsg is None else f"EPSG:{frame.epsg}"
    if ref is None:
        return "frame unknown: no WGS 84 box"
    return f"the coordinates do not transform to WGS 84 in frame {ref}"


class _Builder:
    """Turns packed pieces into self-describing chunks."""

    def __init__(
        self,
        a: Analysis,
        config: ChunkConfig,
        strategy: str,
        ranges: Sequence[tuple[int, int]] = (),
        kinds: Sequence[tuple[str, ...]] = (),
        units: Sequence[Unit] = (),
    ) -> None:
        self.a = a
        self.config = config
        self.strategy = strategy
        self.starts = [s.start for s in a.detection.spans]
        self.chunks: list[Chunk] = []
        self.geoms: list[tuple[GeomRecord, ...]] = []
        self.ranges = list(ranges)
        self.kinds = list(kinds)
        self.unit_of = {i: k for k, u in enumerate(units) for i in u.spans}
        self.collection = config.collection if config.collection is not None else _folder_name(a.doc_id)
        self.version = config.version if config.version is not None else a.digest[:16]

    def spans_in(self, lo: int, hi: int) -> list[int]:
        i = bisect_left(self.starts, lo)
        out = []
        spans = self.a.detection.spans
        while i < len(spans) and spans[i].start < hi:
            if spans[i].end <= hi:
                out.append(i)
            i += 1
        return out

    def _common_flags(self, span_ids: Sequence[int], frame: Frame, mixed: bool) -> list[str]:
        flags: list[str] = []
        spans, parsed = self.a.detection.spans, self.a.parsed
        if any(spans[i].status == "unparseable" or (spans[i].status == "ok" and parsed[i].error)
               for i in span_ids):
            flags.append(Flag.UNPARSEABLE_SPAN)
        if any(spans[i].status == "unclosed" for i in span_ids):
            flags.append(Flag.UNCLOSED_GEOMETRY)
        if any(parsed[i].linearized for i in span_ids):
            flags.append(Flag.LINEARIZED)
        if frame.flagged and span_ids:
            flags.append(Flag.CRS_FLAGGED)
        if mixed:
            flags.append(Flag.CRS_MIXED)
        if self.a.estimated:
            flags.append(Flag.TOKENS_ESTIMATED)
        return flags

    def add(
        self,
        start: int,
        end: int,
        core_start: int,
        *,
        text: str | None = None,
        text_kind: str = "source",
        token_count: int | None = None,
        extra_flags: Sequence[str] = (),
        oversized: bool = False,
        generalized: Generalization | None = None,
        part: Part | None = None,
        emitted: Any = None,
        attributes: dict[str, Any] | None = None,
    ) -> None:
        a = self.a
        span_ids = self.spans_in(start, end)
        frame, mixed = _frame_for_chunk(a, span_ids, core_start)
        feats = tuple(a.features[i] for i in span_ids)
        if text is None:
            text = a.text[start:end]
        if token_count is None:
            token_count = a.index.exact(start, end)
        if token_count > self.config.budget and not oversized and text_kind == "source":
            # over the budget without a unit: one grapheme cluster longer than the budget
            # (an 'a' with 3,000 combining accents). Never silently: flag it like a unit.
            oversized = True
            extra_flags = (*extra_flags, Flag.OVERSIZED, Flag.NEEDS_FALLBACK)
        escaped = text_kind in ("generalized", "part")
        records = tuple(
            GeomRecord(
                a.features[i],
                a.parsed[i].geometry,
                emitted if (escaped and emitted is not None) else a.parsed[i].geometry,
                a.frames.frame_for(i),
            )
            for i in span_ids
        )
        if escaped and emitted is not None:
            bbox = bounds(emitted)
            bbox_wgs84 = crs_mod.bbox_wgs84(emitted, frame)
        else:
            bbox = None if mixed else union_bbox([f.bbox for f in feats])
            bbox_wgs84 = union_bbox([f.bbox_wgs84 for f in feats], lon=True)
        flags = self._common_flags(span_ids, frame, mixed)
        flags.extend(f for f in extra_flags if f not in flags)
        whole = start == 0 and end == len(a.text) and core_start == 0 and text_kind == "source"
        context = self._context(span_ids, core_start, end)
        unit = chunk_unit(
            whole_document=whole,
            n_features=len(feats),
            within_unit=len(span_ids) == 1 and self._within_unit(span_ids[0], core_start, end),
        )
        note = _extent_note(feats, bbox, bbox_wgs84, frame, mixed)
        if note is not None and Flag.NO_EXTENT not in flags:
            flags.append(Flag.NO_EXTENT)
        self.chunks.append(
            Chunk(
                doc_id=a.doc_id,
                index=len(self.chunks),
                start=start,
                end=end,
                core_start=core_start,
                text=text,
                token_count=token_count,
                tokenizer=a.tokenizer,
                unit=unit,  # type: ignore[arg-type]
                strategy=self.strategy,
                features=feats,
                bbox=bbox,
                bbox_wgs84=bbox_wgs84,
                crs=frame,
                text_kind=text_kind,
                oversized=oversized,
                needs_fallback=Flag.NEEDS_FALLBACK in flags,
                generalized=generalized,
                part=part,
                flags=tuple(flags),
                attributes=attributes,
                context=context,
                period=merge_periods(a.periods[i] for i in span_ids) if a.periods else None,
                doc_sha256=a.digest,
                collection=self.collection,
                version=self.version,
                tokenizer_sha256=a.tokenizer_sha256,
                extent_note=note,
            )
        )
        self.geoms.append(records)

    def _within_unit(self, i: int, lo: int, hi: int) -> bool:
        """``[lo, hi)`` holds nothing but span ``i``'s unit range (and whitespace)."""
        k = self.unit_of.get(i)
        if k is None or k >= len(self.ranges):
            return False
        ua, ub = self.ranges[k]
        text = self.a.text
        return (lo >= ua or not text[lo:ua].strip()) and (hi <= ub or not text[ub:hi].strip())

    def _context(self, span_ids: Sequence[int], lo: int, hi: int) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """Which context travels with each feature of the chunk ``[lo, hi)``."""
        out = []
        for i in span_ids:
            k = self.unit_of.get(i)
            if k is None or k >= len(self.ranges):
                continue
            ua, ub = self.ranges[k]
            if lo <= ua and ub <= hi and self.kinds[k]:
                out.append((self.a.features[i].id, self.kinds[k]))
        return tuple(out)

    def add_oversized(self, piece: Piece, unit: Unit) -> None:
        a, cfg = self.a, self.config
        lo, hi = piece.start, piece.end
        if a.index.exact(lo, hi) <= cfg.budget:  # over the packing budget only (overlap reserve)
            self.add(lo, hi, lo)
            return
        if len(unit.spans) != 1:  # several geometries on one line: isolate the line whole
            self.add(lo, hi, lo, oversized=True, extra_flags=(Flag.OVERSIZED, Flag.NEEDS_FALLBACK))
            return
        i = unit.spans[0]
        # attributes never divorce: the escape applies to the whole unit (caption, geometry,
        # attribute block); generalize and split keep the context verbatim around the geometry
        out = self._escape(lo, hi, i)
        self._emit(lo, hi, i, unit, out)

    def _escape(self, lo: int, hi: int, i: int) -> tuple[Any, ...]:
        a, cfg = self.a, self.config
        span = a.detection.spans[i]
        return escape(
            a.text[lo:hi],
            (span.start - lo, span.end - lo),
            span,
            a.parsed[i],
            policy=cfg.oversize,
            tolerance=cfg.tolerance,
            budget=cfg.budget,
            counter=a.counter,
            feature_id=a.features[i].id,
            source_tokens=a.index.exact(lo, hi),
            max_area_change=cfg.max_area_change,
        )

    def _emit(self, lo: int, hi: int, i: int, unit: Unit, out: Sequence[Any]) -> None:
        span = self.a.detection.spans[i]
        attrs = dict(unit.attributes) if unit.attributes else None
        if span.properties_json and attrs is None:
            try:
                props = json.loads(span.properties_json)
                attrs = props if isinstance(props, dict) else None
            except ValueError:
                attrs = None
        for k, e in enumerate(out):
            self.add(
                lo,
                hi,
                lo if k == 0 else hi,
                text=e.text if e.text_kind != "source" else None,
                text_kind=e.text_kind,
                token_count=e.token_count,
                extra_flags=e.flags,
                oversized=Flag.OVERSIZED in e.flags,
                generalized=e.generalized,
                part=e.part,
                emitted=e.geometry,
                attributes=attrs if e.part is not None else None,
            )


def _overlap_start(
    a: Analysis,
    lo: int,
    hi: int,
    end: int,
    n: int,
    budget: int,
    units: Sequence[tuple[int, int]],
    unit_starts: Sequence[int],
) -> int | None:
    """Start of the last ``n`` whole sentences/features of the previous chunk ``[lo, hi)`` that
    still fit the budget together with the chunk ending at ``end``. ``unit_starts`` are the
    units' start offsets (built once per assemble: this runs once per chunk)."""

    def inside(p: int) -> bool:
        k = bisect_right(unit_starts, p) - 1
        return k >= 0 and units[k][0] < p < units[k][1]

    text = a.text
    cands = sorted(
        p
        for p in {q for q, _ in a.boundaries.within(lo, hi, SENTENCE) if not inside(q)}
        | {u[0] for u in units[bisect_left(unit_starts, lo) : bisect_left(unit_starts, hi)] if lo < u[0]}
        # a candidate must start a sentence or feature: skip the ones in trailing whitespace
        if not text[p:hi].isspace() and not text[p - 1 : p + 1].isspace()
    )
    for k in range(min(n, len(cands)), 0, -1):
        q = cands[-k]
        if a.index.exact(q, end) <= budget:
            return q
    return None


def _overlap_reserve(a: Analysis, units: Sequence[tuple[int, int]], n: int, budget: int) -> int:
    """Tokens to keep free for ``n`` overlapping sentences/features: the 90th percentile of
    their sizes in this document, times ``n``, at most half the budget."""
    cuts = sorted({0, len(a.text), *(p for p, _ in a.boundaries.within(0, len(a.text), SENTENCE))}
                  | {u[0] for u in units} | {u[1] for u in units})
    sizes = sorted(a.index.count(x, y) for x, y in zip(cuts, cuts[1:]))
    if not sizes:
        return 0
    p90 = sizes[min(len(sizes) - 1, int(0.9 * len(sizes)))]
    return min(budget // 2, p90 * n)


def _wrap_collections(a: Analysis, ranges: list[tuple[int, int]], chosen: Sequence[Unit]) -> int:
    """For ``rewrap``: give each collection's wrapper text (``{"type": "FeatureCollection",
    "features": [`` ... ``]}``) to its first and last feature units, so no chunk is a bare
    wrapper fragment, and return the tokens a rebuilt wrapper needs (kept free when packing)."""
    text = a.text
    unit_of = {i: k for k, u in enumerate(chosen) for i in u.spans}
    worst = 0
    for col in a.detection.collections:
        if not col.features:
            continue
        first, last = unit_of.get(col.features[0]), unit_of.get(col.features[-1])
        if first is None or last is None:
            continue
        if first == 0 or ranges[first - 1][1] <= col.start:
            ranges[first] = (min(ranges[first][0], _line_start_of(text, col.start)), ranges[first][1])
        end = col.end
        tail_end = lines_of(text).end(end)  # O(log n): a document with no "\n" is one line
        if not _NON_SPACE.search(text, end, tail_end):  # reads only the blank run after it
            end = tail_end
        if last + 1 == len(ranges) or ranges[last + 1][0] >= end:
            ranges[last] = (ranges[last][0], max(ranges[last][1], end))
        wrapper = _rewrap_text(col, [])
        worst = max(worst, a.counter.count(wrapper) + 2)
    return worst


_NON_SPACE = re.compile(r"\S")


def _line_start_of(text: str, p: int) -> int:
    q = lines_of(text).start(p)
    return q if p - q <= 200 and not text[q:p].strip() else p  # (longer: not indentation)


def _rewrap_text(col: Any, bodies: Sequence[str]) -> str:
    header = col.header_json
    marker = '"features": []'
    if marker not in header:
        header = json.dumps({**json.loads(header), "features": []})
    return header.replace(marker, '"features": [\n' + ",\n".join(bodies) + "\n]", 1)


def _rewrap(a: Analysis, chunk: Chunk) -> str | None:
    """The chunk's features as a valid FeatureCollection, when it lies inside one collection."""
    spans = a.detection.spans
    i = bisect_left(spans, chunk.core_start, key=lambda s: s.start)  # spans are sorted: no
    ids = []  # walk over every span for every chunk (quadratic on a big collection)
    while i < len(spans) and spans[i].start < chunk.end:
        if spans[i].end <= chunk.end:
            ids.append(i)
        i += 1
    if not ids:
        return None
    cols = {spans[i].collection for i in ids}
    if len(cols) != 1 or None in cols:
        return None
    col = a.detection.collections[cols.pop()]  # type: ignore[index]
    text = a.text
    if not (col.start <= chunk.core_start or not text[chunk.core_start : col.start].strip()):
        return None
    if not (chunk.end <= col.end or not text[col.end : chunk.end].strip()):
        return None
    return _rewrap_text(col, [a.text[spans[i].start : spans[i].end] for i in ids])


def assemble(analysis: Analysis, config: ChunkConfig) -> ChunkSet:
    """Pack an analysed document at ``config``'s budget (cheap: no re-tokenizing)."""
    a = analysis
    strategy, reason = choose_strategy(a.density, config)
    budget = config.budget
    ranges, chosen, kinds = _unit_ranges(a, config)
    reserve = _overlap_reserve(a, ranges, config.overlap, budget) if config.overlap else 0
    if config.rewrap and a.detection.collections:
        reserve += _wrap_collections(a, ranges, chosen)
    pieces = pack(a.text, budget - reserve, a.boundaries, ranges, _edge_levels(a, ranges, strategy),
                  a.index, segments=_segments(a, config, ranges))
    pieces = _absorb_blank(a, pieces, budget, ranges)
    b = _Builder(a, config, strategy, ranges, kinds, chosen)
    starts = [u[0] for u in ranges]
    for k, p in enumerate(pieces):
        if p.unit is not None:
            b.add_oversized(p, chosen[p.unit])
            continue
        start = p.start
        prev = pieces[k - 1] if k else None
        if config.overlap and prev is not None and prev.unit is None:
            q = _overlap_start(a, prev.start, prev.end, p.end, config.overlap, budget, ranges, starts)
            if q is not None and q < p.start:
                start = q
        b.add(start, p.end, p.start, extra_flags=(Flag.GRAPHEME_CUT,) if p.grapheme_cut else ())
    chunks = b.chunks
    if config.rewrap and a.detection.collections:
        chunks = [_rewrapped(a, c, budget) for c in chunks]
    return ChunkSet(a, config, tuple(chunks), strategy, reason, tuple(b.geoms))


def _unit_ranges(
    a: Analysis, config: ChunkConfig
) -> tuple[list[tuple[int, int]], list[Unit], list[tuple[str, ...]]]:
    """The no-cut range of every unit at this budget, and which context it carries.

    Attributes never divorce: a unit's range always holds its caption and attribute block (an
    over-budget unit is escaped whole). The paragraph that introduces it joins when
    ``attach_prose`` is on and the whole (with any heading above that paragraph) still fits.
    Headings right before the range always join it — even when heading and unit together are
    over the budget and the unit alone is not: the whole is then one over-budget unit and gets
    the escape, because a heading that ends the previous chunk (or stands alone) is a defect."""
    if not config.attach_context:
        units = [replace(u, full=u.core, attributes=(), intro=None, row=()) for u in a.units]
        return [u.core for u in units], units, [()] * len(units)
    count, budget = a.index.count, config.budget
    glue = {c: h for h, c in a.headings}  # first line after a heading -> the heading's start

    def above(p: int, floor: int) -> int:
        """Start of the chain of headings glued to ``p`` (``p`` when none), not before ``floor``."""
        h = glue.get(p)
        while h is not None and h >= floor:
            p, h = h, glue.get(h)
        return p

    ranges: list[tuple[int, int]] = []
    kinds: list[tuple[str, ...]] = []
    prev = 0
    for u in a.units:
        lo, hi = u.full
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
        ranges.append((lo, hi))
        kinds.append(tuple(k))
        prev = hi
    return ranges, list(a.units), kinds


def _segments(a: Analysis, config: ChunkConfig, ranges: Sequence[tuple[int, int]]) -> list[tuple[int, int]] | None:
    """Ranges packed on their own for ``unit="feature"`` (every unit range alone) or
    ``unit="section"`` (cut at every heading that starts a section — at the first of a chain
    such as ``# Chapter`` + ``## Part``, never between them); None for ``auto``."""
    n = len(a.text)
    if config.unit == "feature":
        edges = sorted({0, n, *(x for r in ranges for x in r)})
    elif config.unit == "section":
        inside = _Inside(ranges)
        chained = {c for _, c in a.headings}  # a heading right under a heading: same section start
        edges = sorted({0, n, *(h for h, _ in a.headings if not inside(h) and h not in chained)})
    else:
        return None
    return [(x, y) for x, y in zip(edges, edges[1:]) if x < y]


class _Inside:
    """Whether an offset falls strictly inside one of sorted, non-overlapping ranges."""

    def __init__(self, ranges: Sequence[tuple[int, int]]) -> None:
        self.ranges = list(ranges)
        self.starts = [r[0] for r in ranges]

    def __call__(self, p: int) -> bool:
        k = bisect_right(self.starts, p) - 1
        return k >= 0 and self.ranges[k][0] < p < self.ranges[k][1]


def _rewrapped(a: Analysis, c: Chunk, budget: int) -> Chunk:
    """``c`` with its features re-wrapped as a FeatureCollection, when it lies in one."""
    wrapped = _rewrap(a, c) if c.text_kind == "source" else None
    if wrapped is None:
        return c
    n = a.counter.count(wrapped)
    if n <= budget or c.oversized:
        return _with(c, text=wrapped, text_kind="rewrapped", token_count=n, flags=c.flags + (Flag.REWRAPPED,))
    if len(c.features) == 1:  # one feature that fits alone but not with the wrapper
        extra = tuple(f for f in (Flag.REWRAPPED, Flag.OVERSIZED, Flag.NEEDS_FALLBACK) if f not in c.flags)
        return _with(c, text=wrapped, text_kind="rewrapped", token_count=n, oversized=True,
                     needs_fallback=True, flags=c.flags + extra)
    return _with(c, flags=c.flags + (Flag.NOT_REWRAPPED,))


def _is_filler(s: str) -> bool:
    """Whitespace, or a few punctuation characters (``,`` between two CSV geometries)."""
    return s.isspace() or (len(s.strip()) <= 3 and not any(c.isalnum() for c in s))


def _absorb_blank(
    a: Analysis, pieces: list[Piece], budget: int, ranges: Sequence[tuple[int, int]] = ()
) -> list[Piece]:
    """Give filler pieces (blank lines, a lone ``,`` between oversized units) to a neighbour.

    Blank lines never push a fitting chunk over the budget: when neither neighbour can take
    them and stay within it, the previous piece gives up its last sentence or words (never
    inside a unit) so that those words and the blank lines make a chunk that fits."""
    text, index = a.text, a.index
    inside = _Inside(ranges)
    out: list[Piece] = []
    pending: Piece | None = None  # a blank piece no previous piece could take
    for p in pieces:
        if pending is not None:
            if index.exact(pending.start, p.end) <= budget or not out:
                p = Piece(pending.start, p.end, p.unit, p.grapheme_cut)
            elif (moved := _give_back(a, out[-1], pending.end, budget, inside)) is not None:
                out[-1:] = list(moved)
            elif p.unit is not None and index.exact(p.start, p.end) > budget:
                p = Piece(pending.start, p.end, p.unit, p.grapheme_cut)  # over anyway: no harm
            else:  # fits with neither neighbour (both already over, e.g. one huge grapheme
                # cluster each): never a whitespace-only chunk, the previous one takes it
                prev = out[-1]
                out[-1] = Piece(prev.start, pending.end, prev.unit, prev.grapheme_cut)
            pending = None
        if not _is_filler(text[p.start : p.end]):
            out.append(p)
            continue
        prev = out[-1] if out else None
        if prev is not None and (
            (prev.unit is not None and index.exact(prev.start, prev.end) > budget)
            or index.exact(prev.start, p.end) <= budget
        ):
            out[-1] = Piece(prev.start, p.end, prev.unit, prev.grapheme_cut)
        else:
            pending = p
    if pending is not None:
        if out:
            prev = out[-1]
            moved = _give_back(a, prev, pending.end, budget, inside)
            if moved is not None:
                out[-1:] = list(moved)
            else:
                out[-1] = Piece(prev.start, pending.end, prev.unit, prev.grapheme_cut)
        else:
            out.append(pending)
    return out


def _give_back(
    a: Analysis, prev: Piece, blank_end: int, budget: int, inside: "_Inside"
) -> tuple[Piece, Piece] | None:
    """``prev`` cut at its last cut ``q`` (sentence, then word; never inside a unit) such that
    ``[q, blank_end)`` fits the budget; None when no such cut (among the last 32) exists."""
    if prev.unit is not None or prev.grapheme_cut:
        return None
    text, index = a.text, a.index
    for level in (SENTENCE, WORD):
        cands = [q for q, _ in a.boundaries.within(prev.start, prev.end, level) if not inside(q)]
        for q in reversed(cands[-32:]):
            if text[q:prev.end].isspace():
                continue
            if index.exact(q, blank_end) <= budget:
                return Piece(prev.start, q), Piece(q, blank_end)
    return None


def _with(c: Chunk, **kw: Any) -> Chunk:
    return replace(c, **kw)


def _check_call(text: Any, config: Any) -> None:
    """Clear errors for the usual slips (``chunk_text(text, 512)``, bytes for text)."""
    if not isinstance(config, ChunkConfig):
        raise ConfigError(
            f"config must be a ChunkConfig, got {type(config).__name__} {config!r:.40} "
            "(for keyword options use geochunk.chunk(text, budget=..., ...))"
        )
    if not isinstance(text, str):
        raise ConfigError(f"text must be a str, got {type(text).__name__}")


def chunk_text(text: str, config: ChunkConfig = ChunkConfig()) -> ChunkSet:
    """Chunk a document held in memory. See the README's "How it works".

    >>> chunk_text("abc", 16)
    Traceback (most recent call last):
    ...
    geochunk.errors.ConfigError: config must be a ChunkConfig, got int 16 (for keyword options use geochunk.chunk(text, budget=..., ...))
    """
    _check_call(text, config)
    analysis = analyse(
        text, encoding=config.encoding, doc_id=config.doc_id, max_features=config.max_features
    )
    return assemble(analysis, config)


def chunk_file(
    path: str | os.PathLike[str], config: ChunkConfig = ChunkConfig(), *, max_bytes: int = DEFAULT_MAX_BYTES
) -> ChunkSet:
    """Read ``path`` (strict UTF-8, no newline translation, at most ``max_bytes`` bytes: the
    CLI's ``--max-bytes``) and chunk it; ``doc_id`` is the path."""
    _check_call("", config)
    text = read_document(path, max_bytes=max_bytes)
    return chunk_text(text, config.with_(doc_id=str(path)))
