"""The chunk builder: turns packed pieces (and escaped units) into self-describing chunks.

A chunk carries its features, its boxes (:mod:`geochunk.crs.extent`), its frame, flags, the
context that travels with each feature, its period and its provenance (document digest,
collection, version). The escape's output for an oversized unit arrives as :class:`Body`.

>>> from geochunk.pipeline import chunk_text
>>> c = chunk_text("Intro.\\n\\nPOINT (1 2)\\n").chunks[0]
>>> c.bbox, c.unit, c.text_kind
((1.0, 2.0, 1.0, 2.0), 'document', 'source')
"""

from __future__ import annotations

import os
from array import array
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from typing import Any, Sequence

from geochunk import crs as crs_mod
from geochunk.analysis import Analysis, GeomRecord
from geochunk.crs.extent import extent_note, one_bbox, union_bbox
from geochunk.context.features import properties_of
from geochunk.context.fences import FenceIndex
from geochunk.context.headings import HeadingPath
from geochunk.detection.geometry import bounds, held
from geochunk.model import Chunk, ChunkConfig, ChunkFeature, Evidence, Flag, Frame, Generalization, Part
from geochunk.read.normalize import Source
from geochunk.split.oversize import Escaped, escape
from geochunk.split.packing import Piece
from geochunk.context.period import merge_periods
from geochunk.text.runs import forward_over
from geochunk.split.strategy import chunk_unit
from geochunk.tokens.counting import estimate_count
from geochunk.context.units import Unit

__all__ = ["Body", "ChunkBuilder", "source_records", "to_source"]


@dataclass(frozen=True)
class Body:
    """What a chunk says over ``[start, end)`` when that is not simply its source text: an
    escape's output (generalized / part text and geometry) or extra flags.

    >>> Body().text_kind, Body(flags=(Flag.GRAPHEME_CUT,)).oversized
    ('source', False)
    """

    text: str | None = None  # None: the source text
    text_kind: str = "source"
    token_count: int | None = None  # None: counted from the index
    flags: tuple[str, ...] = ()
    oversized: bool = False
    generalized: Generalization | None = None
    part: Part | None = None
    emitted: Any = None  # the geometry an escaped body carries (shapely), for its boxes
    attributes: dict[str, Any] | None = None

    @property
    def escaped(self) -> bool:
        return self.text_kind in ("generalized", "part") and self.emitted is not None


SOURCE = Body()
_BLANK = " \t\r\n\f\v"  # skipped before the offset whose heading path a chunk carries


@lru_cache(maxsize=256)
def brief_frame(frame: Frame) -> Frame:
    """The frame as a chunk carries it: its evidence brief (``Evidence.brief``: at most four
    lines per part). Every chunk repeats its frame, so a frame listing hundreds of candidate
    grids would repeat kilobytes per chunk; the full evidence stays in the document's frame
    report (``geochunk inspect``, the app's "Frames in detail"). Frames are shared, so each
    distinct frame is shortened once.
    """
    if frame.evidence is None:
        return frame
    ev = frame.evidence.brief()
    return frame if ev == frame.evidence else replace(frame, evidence=ev)


_UNPARSEABLE, _UNCLOSED, _LINEARIZED = 1, 2, 4
_EVIDENCE_PARTS = tuple(f.name for f in fields(Evidence))
_BRIEF_KEEPS = Evidence.brief.__defaults__[0] + 1  # type: ignore[index]  # a part this long stays whole


def _span_bits(status: str, parsed: Any) -> int:
    """A span's own flags as bits: unparseable, unclosed, linearized."""
    bits = _UNPARSEABLE if status == "unparseable" or (status == "ok" and parsed.error) else 0
    if status == "unclosed":
        bits |= _UNCLOSED
    if parsed.linearized:
        bits |= _LINEARIZED
    return bits


def folder_name(doc_id: str) -> str | None:
    """The name of the folder a document was read from (``None`` for stdin or a bare name).

    >>> folder_name("<stdin>"), folder_name("notes.md"), folder_name("/data/parcels/a.md")
    (None, None, 'parcels')
    """
    if doc_id.startswith("<") or ("/" not in doc_id and os.sep not in doc_id):
        return None
    return os.path.basename(os.path.dirname(os.path.abspath(doc_id))) or None


class ChunkBuilder:
    """Turns packed pieces into self-describing chunks (``chunks`` and, index-aligned,
    ``geoms``: what each chunk draws)."""

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
        self.ends = [s.end for s in a.detection.spans]
        self._ends_sorted = all(x <= y for x, y in zip(self.ends, self.ends[1:]))
        self.chunks: list[Chunk] = []
        self.geoms: list[tuple[GeomRecord, ...]] = []
        self.ranges = list(ranges)
        self.kinds = list(kinds)
        # span -> its unit's number (-1: none), 8 bytes a span (a dict was ~90 bytes a span)
        self.unit_of = array("q", [-1]) * len(a.detection.spans)
        for k, u in enumerate(units):
            for i in u.spans:
                self.unit_of[i] = k
        self.collection = config.collection if config.collection is not None else folder_name(a.doc_id)
        self.version = config.version if config.version is not None else a.digest[:16]
        # what each span contributes to every chunk holding it, found once per span (a span
        # sits in one chunk, or two with overlap): its frame, its flag bits, its drawn record
        n = len(a.detection.spans)
        self._frames = [a.frames.frame_for(i) for i in range(n)]
        self._refs = [f.ref for f in self._frames]
        self._bits = [_span_bits(s.status, p) for s, p in zip(a.detection.spans, a.parsed)]
        self._records = [GeomRecord(f, held(p), held(p), fr) for f, p, fr in zip(a.features, a.parsed, self._frames)]
        self._briefs: dict[int, tuple[Frame, Frame]] = {}  # id(frame) -> (frame, its brief)
        self._paths = HeadingPath(a.heading_list)
        self._fences = FenceIndex(a.fences)

    def spans_in(self, lo: int, hi: int) -> list[int]:
        """Indices of the spans that lie wholly in ``[lo, hi)``."""
        starts, ends = self.starts, self.ends
        i = bisect_left(starts, lo)
        j = bisect_left(starts, hi, i)
        if self._ends_sorted:  # spans in order end in order: the ones ending by hi come first
            return list(range(i, bisect_right(ends, hi, i, j)))
        return [k for k in range(i, j) if ends[k] <= hi]

    def _brief(self, frame: Frame) -> Frame:
        """:func:`brief_frame`, memoised by the frame object (a chunk's frame is usually one
        of its spans' frames: hashing a frame with its evidence costs more than the lookup);
        a frame whose evidence no part of which is long enough to shorten is its own brief."""
        ev = frame.evidence
        if ev is None or all(len(getattr(ev, name)) <= _BRIEF_KEEPS for name in _EVIDENCE_PARTS):
            return frame  # Evidence.brief leaves every part as it is: brief_frame gives frame
        got = self._briefs.get(id(frame))
        if got is None:
            got = self._briefs[id(frame)] = (frame, brief_frame(frame))  # holds the frame: ids stay unique
        return got[1]

    def _frame(self, span_ids: Sequence[int], at: int) -> tuple[Frame, bool]:
        """The chunk's frame (and whether its features' frames differ), its evidence brief
        (:func:`brief_frame`)."""
        if not span_ids:
            return self._brief(self.a.frames.frame_at(at)), False
        if len(span_ids) == 1:
            return self._brief(self._frames[span_ids[0]]), False  # merge_frames of one frame
        frames = [self._frames[i] for i in span_ids]
        refs = self._refs
        ref = refs[span_ids[0]]
        if any(refs[i] != ref for i in span_ids):
            frame, mixed = crs_mod.merge_frames(frames)
            return self._brief(frame), mixed
        return self._brief(crs_mod.merge_one_ref(frames)), False

    def _common_flags(self, span_ids: Sequence[int], frame: Frame, mixed: bool) -> list[str]:
        flags: list[str] = []
        bits = 0
        for i in span_ids:
            bits |= self._bits[i]
        if bits & _UNPARSEABLE:
            flags.append(Flag.UNPARSEABLE_SPAN)
        if bits & _UNCLOSED:
            flags.append(Flag.UNCLOSED_GEOMETRY)
        if bits & _LINEARIZED:
            flags.append(Flag.LINEARIZED)
        if frame.flagged and span_ids:
            flags.append(Flag.CRS_FLAGGED)
        if mixed:
            flags.append(Flag.CRS_MIXED)
        if self.a.estimated:
            flags.append(Flag.TOKENS_ESTIMATED)
        return flags

    def add(self, start: int, end: int, core_start: int, body: Body = SOURCE) -> None:
        """One chunk over ``[start, end)`` whose own content starts at ``core_start`` (before
        it: overlap from the previous chunk)."""
        a = self.a
        span_ids = self.spans_in(start, end)
        frame, mixed = self._frame(span_ids, core_start)
        features = a.features
        feats = tuple([features[i] for i in span_ids])
        token_count = a.index.exact(start, end) if body.token_count is None else body.token_count
        oversized, extra = body.oversized, body.flags
        if token_count > self.config.budget and not oversized and body.text_kind == "source":
            # over the budget without a unit: one grapheme cluster longer than the budget
            # (an 'a' with 3,000 combining accents). Never silently: flag it like a unit.
            oversized, extra = True, (*extra, Flag.OVERSIZED, Flag.NEEDS_FALLBACK)
        if body.escaped:
            bbox, bbox_wgs84 = bounds(body.emitted), crs_mod.bbox_wgs84(body.emitted, frame)
        elif len(feats) == 1:  # the feature's own boxes (what the union of one box gives)
            bbox, bbox_wgs84 = one_bbox(feats[0].bbox), one_bbox(feats[0].bbox_wgs84, lon=True)
        else:
            bbox = None if mixed else union_bbox([f.bbox for f in feats])
            bbox_wgs84 = union_bbox([f.bbox_wgs84 for f in feats], lon=True)
        flags = self._common_flags(span_ids, frame, mixed)
        flags.extend(f for f in extra if f not in flags)
        if a.token_outage is not None and self._estimated(start, end, body, token_count):
            flags.append(Flag.TOKEN_ESTIMATE)
        fence, fence_split = self._fence(core_start, end)
        if fence_split:
            flags.append(Flag.FENCE_SPLIT)
        note = extent_note(feats, bbox, bbox_wgs84, frame, mixed)
        if note is not None and Flag.NO_EXTENT not in flags:
            flags.append(Flag.NO_EXTENT)
        whole = start == 0 and end == len(a.text) and core_start == 0 and body.text_kind == "source"
        granularity = chunk_unit(  # Chunk.unit: feature / section / document
            whole_document=whole,
            n_features=len(feats),
            within_unit=len(span_ids) == 1 and self._within_unit(span_ids[0], core_start, end),
        )
        chunk = Chunk(
            doc_id=a.doc_id,
            index=len(self.chunks),
            start=start,
            end=end,
            core_start=core_start,
            token_count=token_count,
            tokenizer=a.tokenizer,
            unit=granularity,  # type: ignore[arg-type]
            strategy=self.strategy,
            features=feats,
            bbox=bbox,
            bbox_wgs84=bbox_wgs84,
            crs=frame,
            text_kind=body.text_kind,
            oversized=oversized,
            needs_fallback=Flag.NEEDS_FALLBACK in flags,
            generalized=body.generalized,
            part=body.part,
            flags=tuple(flags),
            attributes=body.attributes,
            context=self._context(span_ids, core_start, end),
            period=self._period(span_ids),
            doc_sha256=a.digest,
            collection=self.collection,
            version=self.version,
            tokenizer_sha256=a.tokenizer_sha256,
            extent_note=note,
            text="" if body.text is None else body.text,
            headings=self._headings(core_start, end),
            fence=fence,
        )
        # a source slice is read from the document on access, not held a second time (issue #13;
        # Chunk.sliced, without building a dict of the values for every chunk)
        self.chunks.append(chunk._read_from(a.text, start, end) if body.text is None else chunk)
        if body.escaped:
            self.geoms.append(tuple(
                GeomRecord(a.features[i], held(a.parsed[i]), body.emitted, self._frames[i])
                for i in span_ids
            ))
        else:
            records = self._records  # each span as drawn from its source, one record shared
            self.geoms.append(tuple([records[i] for i in span_ids]))

    def _headings(self, lo: int, hi: int) -> tuple[str, ...]:
        """The heading path where the chunk's own text begins: at its first non-blank
        character, past the headings it opens with (:meth:`HeadingPath.of_range`)."""
        if not self._paths.starts:
            return ()
        q = forward_over(self.a.text, lo, _BLANK)
        return self._paths.of_range(q, hi) if q < hi else self._paths.at(lo)

    def _fence(self, lo: int, hi: int) -> tuple[str | None, bool]:
        """The info string of the first fence the chunk's own text ``[lo, hi)`` meets, and
        whether the chunk holds only part of a fence (its first or its last)."""
        if not self._fences.fences or hi <= lo:
            return None, False
        first = self._fences.first_in(lo, hi)
        if first is None:
            return None, False
        last = self._fences.at(hi - 1) or first
        split = first.start < lo or (last.end > hi and last.start < hi)
        return first.info, split

    def _estimated(self, start: int, end: int, body: Body, token_count: int) -> bool:
        """After a tokenizer outage: whether this chunk's count is the estimate (the index knows
        for a source range; an escape's count is the estimate when it equals it, as every count
        after the outage does)."""
        if body.token_count is None:
            return self.a.index.is_estimate(start, end)
        text = self.a.text[start:end] if body.text is None else body.text
        return token_count == estimate_count(text)

    def _period(self, span_ids: Sequence[int]) -> Any:
        periods = self.a.periods
        if not periods:
            return None
        if len(span_ids) == 1:
            return periods[span_ids[0]]  # merge_periods of one period (or None) is itself
        return merge_periods(periods[i] for i in span_ids)

    def _within_unit(self, i: int, lo: int, hi: int) -> bool:
        """``[lo, hi)`` holds nothing but span ``i``'s unit range (and whitespace)."""
        k = self.unit_of[i]
        if k < 0 or k >= len(self.ranges):
            return False
        ua, ub = self.ranges[k]
        text = self.a.text
        return (lo >= ua or not text[lo:ua].strip()) and (hi <= ub or not text[ub:hi].strip())

    def _context(self, span_ids: Sequence[int], lo: int, hi: int) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """Which context travels with each feature of the chunk ``[lo, hi)``."""
        out = []
        for i in span_ids:
            k = self.unit_of[i]
            if k < 0 or k >= len(self.ranges):
                continue
            ua, ub = self.ranges[k]
            if lo <= ua and ub <= hi and self.kinds[k]:
                out.append((self.a.features[i].id, self.kinds[k]))
        return tuple(out)

    def add_oversized(self, piece: Piece, unit: Unit) -> None:
        """The chunks of one unit over the budget: isolated, generalized or split by part."""
        a, cfg = self.a, self.config
        lo, hi = piece.start, piece.end
        if a.index.exact(lo, hi) <= cfg.budget:  # over the packing budget only (overlap reserve)
            self.add(lo, hi, lo)
            return
        if len(unit.spans) != 1:  # several geometries on one line: isolate the line whole
            self.add(lo, hi, lo, Body(oversized=True, flags=(Flag.OVERSIZED, Flag.NEEDS_FALLBACK)))
            return
        i = unit.spans[0]
        # attributes never divorce: the escape applies to the whole unit (caption, geometry,
        # attribute block); generalize and split keep the context verbatim around the geometry
        self._emit(lo, hi, i, unit, self._escape(lo, hi, i))

    def _escape(self, lo: int, hi: int, i: int) -> tuple[Escaped, ...]:
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

    def _emit(self, lo: int, hi: int, i: int, unit: Unit, out: Sequence[Escaped]) -> None:
        span = self.a.detection.spans[i]
        attrs = dict(unit.attributes) if unit.attributes else properties_of(span)
        for k, e in enumerate(out):
            self.add(lo, hi, lo if k == 0 else hi, Body(
                text=e.text if e.text_kind != "source" else None,
                text_kind=e.text_kind,
                token_count=e.token_count,
                flags=e.flags,
                oversized=Flag.OVERSIZED in e.flags,
                generalized=e.generalized,
                part=e.part,
                emitted=e.geometry,
                attributes=attrs if e.part is not None else None,
            ))


def to_source(a: Analysis, source: Source, chunks: Sequence[Chunk], config: ChunkConfig) -> list[Chunk]:
    """The chunks of a normalised analysis with offsets into the document as read: ``start``,
    ``end``, ``core_start`` and each feature's ``start``/``end`` mapped back
    (:class:`~geochunk.read.normalize.OffsetMap`), ``normalization`` naming the form, ``doc_sha256``
    (and the default ``version``) those of the source. The text stays the normalised text:
    ``chunk.text == unicodedata.normalize(form, source[start:end])`` for a source slice.

    >>> from geochunk.pipeline import chunk_text
    >>> src = "Cafe\u0301 at POINT (1 2)"
    >>> c = chunk_text(src, ChunkConfig(budget=64, normalize="nfc")).chunks[0]
    >>> c.text, (c.start, c.end), c.features[0].start, c.normalization
    ('Café at POINT (1 2)', (0, 20), 9, 'NFC')
    """
    feats: dict[int, ChunkFeature] = {}
    for c in chunks:
        for f in c.features:
            if id(f) not in feats:
                lo, hi = source.to_source([f.start, f.end])
                feats[id(f)] = replace(f, start=lo, end=hi)
    version = config.version if config.version is not None else source.digest[:16]
    out = []
    for c in chunks:
        start, end, core = source.to_source([c.start, c.end, c.core_start])
        changes: dict[str, Any] = dict(
            start=start, end=end, core_start=core, normalization=source.form,
            doc_sha256=source.digest, version=version,
            features=tuple(feats[id(f)] for f in c.features),
        )
        try:
            object.__getattribute__(c, "_source")
        except AttributeError:  # the chunk holds its own text (escaped, rewrapped)
            out.append(replace(c, **changes))
            continue
        # a source slice: read from the normalised text where the analysis cut it
        out.append(replace(c, text="", **changes)._read_from(a.text, c.start, c.end))
    return out


def source_records(
    before: Sequence[Chunk], after: Sequence[Chunk], geoms: Sequence[tuple[GeomRecord, ...]]
) -> tuple[tuple[GeomRecord, ...], ...]:
    """What each chunk draws (``ChunkSet.geometries``) with the features :func:`to_source`
    gave the chunks (offsets into the source as read), record for record."""
    feats: dict[int, ChunkFeature] = {}
    for old, new in zip(before, after):
        for f, g in zip(old.features, new.features):
            feats[id(f)] = g
    return tuple(
        tuple(replace(r, feature=feats.get(id(r.feature), r.feature)) for r in records) for records in geoms
    )
