"""The gates that read geometry spans: ``geometries_parse``, ``no_swallowing``, ``no_severing``,
``frames`` and ``round_trip`` (see :mod:`geochunk.gates`). Each takes the chunks in index order
and the source's spans and returns a :class:`~geochunk.gates.report.Gate`.

>>> from geochunk.detection.scan import detect
>>> from geochunk.model import Chunk
>>> text = "POINT (1 2)"
>>> c = Chunk("d", 0, 4, 11, 4, text[4:], 4, "cl100k_base", "feature", "paragraph")
>>> no_severing([c], detect(text).spans).detail
'1 boundary inside a geometry: chunk 0: start 4 falls inside POINT span [0, 11)'
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Sequence

from geochunk.detection.scan import detect
from geochunk.detection.geometry import parse_span
from geochunk.model import Chunk, Detection, Flag, Span
from geochunk.gates.report import Gate, verdict

__all__ = ["frames", "geometries_parse", "no_severing", "no_swallowing", "round_trip"]

_PROBLEM_FLAGS = frozenset({Flag.UNPARSEABLE_SPAN, Flag.UNCLOSED_GEOMETRY})
_CRS_FLAGS = frozenset({Flag.CRS_FLAGGED, Flag.CRS_MIXED})


def _describe(span: Span) -> str:
    return f"{span.geom_type or 'null'} span [{span.start}, {span.end})"


class _SpanIndex:
    """Source spans by position (sorted by start and non-overlapping, so ends are sorted too)."""

    def __init__(self, spans: Sequence[Span]) -> None:
        self.spans = spans
        self.starts = [s.start for s in spans]
        self.ends = [s.end for s in spans]

    def inside(self, p: int) -> Span | None:
        """The span that ``p`` falls strictly inside, if any."""
        k = bisect_right(self.starts, p) - 1
        if k >= 0 and self.spans[k].start < p < self.spans[k].end:
            return self.spans[k]
        return None

    def within(self, lo: int, hi: int) -> range:
        """Indices of the spans wholly inside ``[lo, hi)``."""
        return range(bisect_left(self.starts, lo), bisect_right(self.ends, hi))

    def overlapping(self, lo: int, hi: int) -> range:
        """Indices of the spans that share at least one character with ``[lo, hi)``."""
        return range(bisect_right(self.ends, lo), bisect_left(self.starts, hi))


def geometries_parse(
    text: str, chunks: Sequence[Chunk], found: Sequence[Detection], source: Detection
) -> Gate:
    """Every geometry in a chunk's text parses, unless the chunk is flagged for a broken source
    span, or it is a keyword in prose that reads as a geometry only because the chunk ends there."""
    spans = source.spans
    index = _SpanIndex(spans)
    collection_starts = {col.start for col in source.collections}
    bad_source: dict[int, bool] = {}

    def source_problem(i: int) -> bool:
        if i not in bad_source:
            s = spans[i]
            bad_source[i] = _parse_problem(s) is not None
        return bad_source[i]

    problem_texts: set[str] | None = None
    problems: list[str] = []
    geometries = allowed = wrappers = prose = 0
    for c, det in zip(chunks, found):
        for s in det.spans:
            if (
                s.geom_type is None
                and s.status == "unclosed"
                and c.text_kind == "source"
                and c.start + s.start in collection_starts
            ):
                wrappers += 1  # a FeatureCollection's head: chunks may end between features
                continue
            if (
                s.status == "unclosed"
                and c.text_kind == "source"
                and not index.overlapping(c.start + s.start, c.start + s.end)
                and _cut_prose(text, c.start + s.start, c.start + s.end)
            ):
                prose += 1
                continue
            geometries += 1
            why = _parse_problem(s)
            if why is None:
                continue
            if _PROBLEM_FLAGS & set(c.flags):
                if c.text_kind == "source":
                    lo, hi = c.start + s.start, c.start + s.end
                    known = any(source_problem(i) for i in index.overlapping(lo, hi))
                else:
                    if problem_texts is None:
                        problem_texts = {
                            sp.geometry_text for i, sp in enumerate(spans) if source_problem(i)
                        }
                    known = any(s.geometry_text in t for t in problem_texts)
                if known:
                    allowed += 1
                    continue
            problems.append(f"chunk {c.index}: {_describe(s)} of its text: {why}")
    note = f"; {allowed} unparseable source span(s) flagged as such" if allowed else ""
    if wrappers:
        note += f"; {wrappers} FeatureCollection head(s) cut between features"
    if prose:
        note += f"; {prose} keyword(s) in prose that read as an unclosed geometry only at a chunk's end"
    return verdict(
        "geometries_parse",
        problems,
        f"{geometries} geometries in {len(chunks)} chunks parse{note}",
        ("geometry that does not parse", "geometries that do not parse"),
    )


_LINE_WINDOW = 4096  # how far past a chunk's end the rest of a line is read again


def _cut_prose(text: str, lo: int, hi: int) -> bool:
    """Whether ``text[lo:hi]``, read as an unclosed geometry in a chunk that ends at ``hi``, is
    prose that the chunk's end cut short ("POINT (1. The survey found ..." cut after "1."): read
    again with the rest of its line (at most :data:`_LINE_WINDOW` characters more) it is no
    geometry at all. A geometry the document's scan missed and a chunk severed still reads as
    one (closed or unclosed) in that window, so the gate keeps reporting it.

    >>> _cut_prose("POINT (1. The survey found a well.\\n", 0, 9)
    True
    >>> _cut_prose("POINT (1 2, 3 4)\\n", 0, 9)
    False
    """
    nl = text.find("\n", hi, hi + _LINE_WINDOW)
    end = min(len(text), hi + _LINE_WINDOW) if nl == -1 else nl + 1
    return not any(sp.start < hi - lo for sp in detect(text[lo:end]).spans)


def _parse_problem(span: Span) -> str | None:
    """Why ``span`` does not parse, or ``None`` when it does (a null geometry is fine)."""
    if span.status != "ok":
        return f"{span.status}: {span.error}" if span.error else span.status
    parsed = parse_span(span)
    if parsed.error:
        return str(parsed.error)
    if parsed.geometry is None and span.geom_type is not None:
        return "does not parse"
    return None


def _nests(geom_type: str | None) -> bool:
    return geom_type is None or geom_type.startswith(("MULTI", "GEOMETRYCOLLECTION"))


def no_swallowing(spans: Sequence[Span]) -> Gate:
    """No unclosed source span holds a closed geometry of its own."""
    problems = []
    unclosed = 0
    for s in spans:
        if s.status != "unclosed":
            continue
        unclosed += 1
        body = s.geometry_text
        # the text after the literal's own first character: its own keyword cannot match there
        for inner in detect(body[1:]).spans:
            if inner.status != "ok":
                continue
            j = inner.start  # offset in body[1:]
            while j > 0 and body[j] in " \t\r\n":  # body[j] is the character before it
                j -= 1
            if j > 0 and body[j] in "(,":
                continue  # a member of a nesting type (GEOMETRYCOLLECTION(POINT(1 2), ...)
            if j > 0 and body[j] == ">" and s.kind in ("gml", "kml") and _nests(s.geom_type):
                continue  # a member element of an unclosed GML/KML collection
            at = s.end - len(body) + 1 + inner.start
            problems.append(
                f"{_describe(s)} swallows a closed {inner.geom_type or 'geometry'} at {at}"
            )
            break
    return verdict(
        "no_swallowing",
        problems,
        f"none of {unclosed} unclosed span(s) holds a closed geometry",
        ("swallowed geometry", "swallowed geometries"),
    )


def no_severing(chunks: Sequence[Chunk], spans: Sequence[Span], extents: Sequence[Span] = ()) -> Gate:
    """No chunk ``start``, ``core_start`` or ``end`` falls strictly inside a span, nor inside an
    extent (a collection's boundedBy Envelope: metadata, no feature, but text never cut)."""
    index = _SpanIndex(sorted([*spans, *extents], key=lambda s: s.start) if extents else spans)
    problems = []
    for c in chunks:
        for label, p in (("start", c.start), ("core_start", c.core_start), ("end", c.end)):
            if label == "core_start" and p == c.start:
                continue
            hit = index.inside(p)
            if hit is not None:
                problems.append(f"chunk {c.index}: {label} {p} falls inside {_describe(hit)}")
    return verdict(
        "no_severing",
        problems,
        f"no boundary of {len(chunks)} chunks falls inside any of {len(spans)} spans",
        ("boundary inside a geometry", "boundaries inside geometries"),
    )


def frames(
    chunks: Sequence[Chunk],
    spans: Sequence[Span],
    found: Sequence[Detection] = (),
    text: str | None = None,
) -> Gate:
    """What the seeds ask: every chunk with geometry has a frame (an EPSG code or another
    authority's, e.g. ESRI:54030; or flagged),
    a fallback frame is flagged on the chunk, and the chunk has an extent (``bbox`` and
    ``bbox_wgs84``) or says why not (``extent_note``). A chunk has geometry when it lists
    features, a source span lies in its range, or its own text holds a closed geometry that the
    document's detection does not contradict (``found``, index-aligned; see :func:`_carries`:
    chunks another tool made list no features). A chunk with no frame at all fails even when
    flagged: a flagged WGS 84 fallback is a frame, with a warning.

    A slice of the document is judged by what detection found in the whole document: a piece
    of a hex run cut out of a longer word ("...0040POLYGON") reads as WKB on its own, but the
    document holds no geometry there, so the chunk owes no frame.

    >>> from geochunk.detection.scan import detect
    >>> from geochunk.model import Chunk, Frame
    >>> text = "0101000000000000000000F03F0000000000000040POLYGON"  # one word: no WKB
    >>> guess = Frame(4326, 0.0, "fallback", True)
    >>> cut = [Chunk("d", 0, 0, 42, 0, text[:42], 17, "cl100k_base", "document", "g", crs=guess),
    ...        Chunk("d", 1, 42, 49, 42, text[42:], 2, "cl100k_base", "document", "g", crs=guess)]
    >>> found = [detect(c.text) for c in cut]
    >>> found[0].spans[0].geom_type, frames(cut, detect(text).spans, found, text).passed
    ('POINT', True)
    """
    index = _SpanIndex(spans)
    problems = []
    with_features = 0
    for k, c in enumerate(chunks):
        carried = k < len(found) and _carries(c, found[k], index, text)
        if not c.features and not index.within(c.start, c.end) and not carried:
            continue
        with_features += 1
        flags = set(c.flags)
        if c.crs is None:  # flags alone are no frame: a flagged WGS 84 fallback is one, with a warning
            problems.append(f"chunk {c.index}: has geometry and no frame")
        elif not (c.crs.ref is not None or c.crs.flagged) and not _CRS_FLAGS & flags:
            problems.append(f"chunk {c.index}: has features, a frame without a code, and is not flagged")
        if c.crs is not None and c.crs.source == "fallback" and not _CRS_FLAGS & flags:
            problems.append(f"chunk {c.index}: its frame is the EPSG:4326 fallback and the chunk is not flagged")
        if c.features and (c.bbox is None or c.bbox_wgs84 is None) and not c.extent_note:
            missing = "bbox" if c.bbox is None else "bbox_wgs84"
            problems.append(f"chunk {c.index}: has features, no {missing}, and no extent_note saying why")
    return verdict(
        "frames",
        problems,
        f"{with_features} chunks with features all have a frame (EPSG or flagged) and an extent or a note",
        ("chunk without a frame or extent", "chunks without a frame or extent"),
    )


def _carries(c: Chunk, det: Detection, index: _SpanIndex, text: str | None) -> bool:
    """Whether chunk ``c``'s own text (detected alone: ``det``) holds a closed geometry the
    frames gate must see.

    A chunk whose text is a slice of the document (``text_kind`` ``"source"`` and, when the
    document is given, equal to ``text[start:end]``) is judged in context: its geometry counts
    only where the document's detection found a span it shares characters with (a piece of a
    severed span, as another tool's cut leaves). A geometry its text shows only out of context
    (a hex run cut from a longer word) is none. Re-detection stays the judge where the document's
    detection cannot be: text the chunker made (generalized, part, rewrapped), text that is no
    slice of its range, and a chunk whose document detection failed (``detection_failed``: the
    detection given has no spans).
    """
    own = [sp for sp in det.spans if sp.status == "ok" and sp.geom_type]
    if not own:
        return False
    in_context = (
        c.text_kind == "source"
        and Flag.DETECTION_FAILED not in c.flags
        and (text is None or text[c.start : c.end] == c.text)
    )
    if not in_context:
        return True
    return any(index.overlapping(c.start + sp.start, c.start + sp.end) for sp in own)


def round_trip(
    chunks: Sequence[Chunk], found: Sequence[Detection], spans: Sequence[Span]
) -> Gate:
    """Every source span lies in exactly one chunk core; a split feature's parts each once."""
    index = _SpanIndex(spans)
    owners: list[set[tuple[str, object]]] = [set() for _ in spans]
    owner_chunks: list[list[int]] = [[] for _ in spans]
    problems: list[str] = []
    parts: dict[str, list[Chunk]] = {}
    for c, det in zip(chunks, found):
        core = index.within(c.core_start, c.end) if c.core_start < c.end else range(0)
        key: tuple[str, object] = ("part", c.part.feature_id) if c.part else ("chunk", c.index)
        for i in core:
            if key not in owners[i]:
                owners[i].add(key)
                owner_chunks[i].append(c.index)
        if c.part is not None:
            parts.setdefault(c.part.feature_id, []).append(c)
        carried = len(det.spans)
        if c.text_kind in ("generalized", "part") and carried < 1:
            problems.append(f"chunk {c.index}: {c.text_kind} text carries no geometry")
        elif c.text_kind == "rewrapped" and carried != len(core):
            problems.append(
                f"chunk {c.index}: rewrapped text carries {carried} geometries, its core "
                f"{len(core)}"
            )
    kept = 0
    for i, s in enumerate(spans):
        n = len(owners[i])
        if n == 1:
            kept += 1
        elif n > 1:
            who = ", ".join(str(k) for k in owner_chunks[i])
            problems.append(f"chunks {who}: {_describe(s)} is duplicated in {n} cores")
        else:
            near = [c.index for c in chunks if c.start < s.end and s.start < c.end]
            if not near:  # name the chunk before the hole (or the first one)
                near = [c.index for c in chunks if c.end <= s.start][-1:] or [
                    c.index for c in chunks[:1]
                ]
            where = "chunk " + ", ".join(map(str, near)) if near else "no chunk"
            problems.append(f"{where}: {_describe(s)} is lost (in no chunk's core)")
    for fid, group in parts.items():
        ofs = {c.part.of for c in group if c.part}
        got = sorted(c.part.index for c in group if c.part)
        if len(ofs) != 1 or got != list(range(next(iter(ofs)))):
            who = ", ".join(str(c.index) for c in group)
            problems.append(
                f"chunks {who}: parts of feature {fid!r} are {got} of {sorted(ofs)}, not all "
                "exactly once"
            )
    return verdict(
        "round_trip",
        problems,
        f"{kept}/{len(spans)} source spans each in exactly one chunk core"
        + (f" ({len(parts)} split into parts)" if parts else ""),
        ("round-trip error", "round-trip errors"),
    )
