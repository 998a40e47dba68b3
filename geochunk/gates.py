"""The validation gates: checks every chunk list must pass, on any document.

:func:`validate` runs nine gates over a document and its chunks and returns a
:class:`GateReport`; the ``geochunk validate`` command and the test suite call it on every sample.

* ``geometries_parse`` - every geometry found in a chunk's text parses; unparseable *source*
  spans are allowed when the chunk carries ``unparseable_span`` / ``unclosed_geometry``;
* ``no_swallowing`` - no unclosed (or shortened) source span holds a closed geometry of its own:
  detection must end the broken literal before it, so the closed one is a feature;
* ``no_severing`` - no chunk ``start``, ``core_start`` or ``end`` falls strictly inside a span;
* ``frames`` - every chunk with features has a frame with an EPSG code or is flagged, a
  fallback frame is flagged, and it has ``bbox`` and ``bbox_wgs84`` or an ``extent_note``;
* ``budget`` - every chunk is within the budget unless it is ``oversized``;
* ``round_trip`` - every source span lies in exactly one chunk core ``[core_start, end)`` (the
  parts of one split feature count once, and every part is there exactly once);
* ``reconstruction`` - the cores, in index order, tile the document exactly, and a source-kind
  chunk's text equals ``text[start:end]``;
* ``no_empty`` - no chunk text is empty, nor whitespace-only unless the whole document is;
* ``tokens`` - every chunk has ``token_count > 0`` and all name the same tokenizer.

Failure details name the chunk index (at most five problems per gate are spelled out).

>>> from geochunk.model import Chunk
>>> text = "Intro.\\n\\nPOINT (1 2)\\n"
>>> ok = [Chunk("d", 0, 0, 8, 0, text[:8], 2, "cl100k_base", "document", "paragraph"),
...       Chunk("d", 1, 8, 20, 8, text[8:], 6, "cl100k_base", "feature", "paragraph",
...             flags=("crs_flagged",))]
>>> validate(text, ok, budget=16).passed
True
>>> bad = [ok[0], Chunk("d", 1, 12, 20, 12, text[12:], 4, "cl100k_base", "feature", "paragraph")]
>>> report = validate(text, bad, budget=16)
>>> [g.name for g in report.gates if not g.passed]
['no_severing', 'round_trip', 'reconstruction']
>>> report.gate("no_severing").detail
'1 boundary inside a geometry: chunk 1: start 12 falls inside POINT span [8, 19)'
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from typing import Sequence

from .detect import detect
from .errors import ConfigError, ValidationError
from .geometry import parse_span
from .model import Chunk, Detection, Flag, Span, check_budget

__all__ = ["GATES", "Gate", "GateReport", "validate"]

#: The gates, in the order they are run and reported.
GATES: tuple[str, ...] = (
    "geometries_parse",
    "no_swallowing",
    "no_severing",
    "frames",
    "budget",
    "round_trip",
    "reconstruction",
    "no_empty",
    "tokens",
)

_SHOWN = 5  # problems spelled out per gate
_PROBLEM_FLAGS = frozenset({Flag.UNPARSEABLE_SPAN, Flag.UNCLOSED_GEOMETRY})
_CRS_FLAGS = frozenset({Flag.CRS_FLAGGED, Flag.CRS_MIXED})


@dataclass(frozen=True)
class Gate:
    """One gate's verdict; ``detail`` says what was checked or, on failure, where it broke."""

    name: str
    passed: bool
    detail: str


@dataclass(frozen=True)
class GateReport:
    """The verdicts of every gate on one chunk list.

    >>> r = GateReport((Gate("budget", True, "ok"), Gate("tokens", False, "chunk 0: none")),
    ...                oversize_rate=0.0, chunks=1, features=0)
    >>> r.passed, r.lines()[1]
    (False, 'FAIL tokens           chunk 0: none')
    """

    gates: tuple[Gate, ...]
    oversize_rate: float
    chunks: int
    features: int
    fallback_rate: float = 0.0  # share of chunks with needs_fallback (reported apart from oversized)

    @property
    def passed(self) -> bool:
        """True when every gate passed."""
        return all(g.passed for g in self.gates)

    @property
    def failures(self) -> tuple[Gate, ...]:
        """The gates that failed."""
        return tuple(g for g in self.gates if not g.passed)

    def gate(self, name: str) -> Gate:
        """The verdict of gate ``name`` (one of :data:`GATES`)."""
        for g in self.gates:
            if g.name == name:
                return g
        raise ConfigError(f"unknown gate {name!r}; valid values: {', '.join(GATES)}")

    def lines(self) -> list[str]:
        """One line per gate, then a summary line."""
        out = [f"{'PASS' if g.passed else 'FAIL'} {g.name:<17} {g.detail}" for g in self.gates]
        passed = sum(g.passed for g in self.gates)
        out.append(
            f"{passed}/{len(self.gates)} gates passed; {self.chunks} chunks, {self.features} "
            f"features, oversize rate {self.oversize_rate:.1%}, needs_fallback {self.fallback_rate:.1%}"
        )
        return out

    def raise_if_failed(self) -> None:
        """Raise :class:`~geochunk.errors.ValidationError` listing the failed gates, if any."""
        failed = self.failures
        if failed:
            raise ValidationError(
                f"{len(failed)} validation gate(s) failed: {', '.join(g.name for g in failed)}",
                tuple(f"{g.name}: {g.detail}" for g in failed),
            )


def validate(
    text: str,
    chunks: Sequence[Chunk],
    *,
    budget: int,
    detection: Detection | None = None,
    max_fallback_rate: float | None = None,
) -> GateReport:
    """Run every gate over ``chunks`` of the document ``text``.

    ``detection`` is the source's :func:`~geochunk.detect.detect` result (computed when not
    given). Chunks are taken in ``index`` order. Each chunk's text is scanned and parsed again,
    so the cost is about one more analysis of the document. With ``max_fallback_rate`` a tenth
    gate, ``fallback_rate``, fails when the share of chunks that need a fallback is over it.
    """
    check_budget(budget)
    source = detection if detection is not None else detect(text)
    ordered = sorted(chunks, key=lambda c: c.index)
    found = [detect(c.text) for c in ordered]
    spans = source.spans
    gates = (
        _geometries_parse(ordered, found, source),
        _no_swallowing(spans),
        _no_severing(ordered, spans),
        _frames(ordered, spans),
        _budget(ordered, budget),
        _round_trip(ordered, found, spans),
        _reconstruction(text, ordered),
        _no_empty(text, ordered),
        _tokens(ordered),
    )
    n = len(ordered)
    oversized = sum(1 for c in ordered if c.oversized)
    fallback = sum(1 for c in ordered if c.needs_fallback) / n if n else 0.0
    if max_fallback_rate is not None:
        gates += (_fallback_rate(ordered, fallback, max_fallback_rate),)
    return GateReport(gates, oversized / n if n else 0.0, n, len(spans), fallback)


def _fallback_rate(chunks: Sequence[Chunk], rate: float, limit: float) -> Gate:
    detail = f"needs_fallback share {rate:.1%} (limit {limit:.1%})"
    if rate <= limit:
        return Gate("fallback_rate", True, detail)
    worst = [f"chunk {c.index}: {c.token_count} tokens" for c in chunks if c.needs_fallback]
    return Gate("fallback_rate", False, f"{detail}; {'; '.join(worst[:_SHOWN])}"
                + (f"; ... and {len(worst) - _SHOWN} more" if len(worst) > _SHOWN else ""))


# ------------------------------------------------------------------------------------------------
# helpers


def _gate(name: str, problems: list[str], ok_detail: str, what: tuple[str, str]) -> Gate:
    """A passing gate with ``ok_detail``, or a failing one listing the first problems.

    ``what`` names one problem and several, e.g. ``("empty chunk", "empty chunks")``.
    """
    if not problems:
        return Gate(name, True, ok_detail)
    shown = "; ".join(problems[:_SHOWN])
    more = f"; ... and {len(problems) - _SHOWN} more" if len(problems) > _SHOWN else ""
    count = f"1 {what[0]}" if len(problems) == 1 else f"{len(problems)} {what[1]}"
    return Gate(name, False, f"{count}: {shown}{more}")


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


# ------------------------------------------------------------------------------------------------
# the gates


def _geometries_parse(
    chunks: Sequence[Chunk], found: Sequence[Detection], source: Detection
) -> Gate:
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
    geometries = allowed = wrappers = 0
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
    return _gate(
        "geometries_parse",
        problems,
        f"{geometries} geometries in {len(chunks)} chunks parse{note}",
        ("geometry that does not parse", "geometries that do not parse"),
    )


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


def _no_swallowing(spans: Sequence[Span]) -> Gate:
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
    return _gate(
        "no_swallowing",
        problems,
        f"none of {unclosed} unclosed span(s) holds a closed geometry",
        ("swallowed geometry", "swallowed geometries"),
    )


def _no_severing(chunks: Sequence[Chunk], spans: Sequence[Span]) -> Gate:
    index = _SpanIndex(spans)
    problems = []
    for c in chunks:
        for label, p in (("start", c.start), ("core_start", c.core_start), ("end", c.end)):
            if label == "core_start" and p == c.start:
                continue
            hit = index.inside(p)
            if hit is not None:
                problems.append(f"chunk {c.index}: {label} {p} falls inside {_describe(hit)}")
    return _gate(
        "no_severing",
        problems,
        f"no boundary of {len(chunks)} chunks falls inside any of {len(spans)} spans",
        ("boundary inside a geometry", "boundaries inside geometries"),
    )


def _frames(chunks: Sequence[Chunk], spans: Sequence[Span]) -> Gate:
    """What the seeds ask: every chunk with geometry has a frame (an EPSG code or another
    authority's, e.g. ESRI:54030; or flagged),
    a fallback frame is flagged on the chunk, and the chunk has an extent (``bbox`` and
    ``bbox_wgs84``) or says why not (``extent_note``)."""
    index = _SpanIndex(spans)
    problems = []
    with_features = 0
    for c in chunks:
        if not c.features and not index.within(c.start, c.end):
            continue
        with_features += 1
        flags = set(c.flags)
        if not (c.crs is not None and (c.crs.ref is not None or c.crs.flagged)) and not _CRS_FLAGS & flags:
            what = "no frame" if c.crs is None else "a frame without a code"
            problems.append(f"chunk {c.index}: has features, {what}, and is not flagged")
        if c.crs is not None and c.crs.source == "fallback" and not _CRS_FLAGS & flags:
            problems.append(f"chunk {c.index}: its frame is the EPSG:4326 fallback and the chunk is not flagged")
        if c.features and (c.bbox is None or c.bbox_wgs84 is None) and not c.extent_note:
            missing = "bbox" if c.bbox is None else "bbox_wgs84"
            problems.append(f"chunk {c.index}: has features, no {missing}, and no extent_note saying why")
    return _gate(
        "frames",
        problems,
        f"{with_features} chunks with features all have a frame (EPSG or flagged) and an extent or a note",
        ("chunk without a frame or extent", "chunks without a frame or extent"),
    )


def _budget(chunks: Sequence[Chunk], budget: int) -> Gate:
    problems = [
        f"chunk {c.index}: {c.token_count} tokens > budget {budget} and not oversized"
        for c in chunks
        if c.token_count > budget and not c.oversized
    ]
    over = [c.token_count for c in chunks if c.oversized]
    note = f"; {len(over)} oversized (largest {max(over)})" if over else ""
    return _gate(
        "budget",
        problems,
        f"{len(chunks) - len(over)} chunks within {budget} tokens{note}",
        ("chunk over budget", "chunks over budget"),
    )


def _round_trip(
    chunks: Sequence[Chunk], found: Sequence[Detection], spans: Sequence[Span]
) -> Gate:
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
    return _gate(
        "round_trip",
        problems,
        f"{kept}/{len(spans)} source spans each in exactly one chunk core"
        + (f" ({len(parts)} split into parts)" if parts else ""),
        ("round-trip error", "round-trip errors"),
    )


def _reconstruction(text: str, chunks: Sequence[Chunk]) -> Gate:
    problems = []
    for k, c in enumerate(chunks):
        if c.index != k:
            problems.append(f"chunk {c.index}: index out of sequence at position {k}")
            break
    pos = 0
    previous: Chunk | None = None
    for c in chunks:
        if not 0 <= c.start <= c.core_start <= c.end <= len(text):
            problems.append(
                f"chunk {c.index}: range start {c.start}, core_start {c.core_start}, end {c.end} "
                f"is not ordered within a document of {len(text)} characters"
            )
            previous = c
            continue
        same_part = (
            previous is not None
            and c.part is not None
            and previous.part is not None
            and previous.part.feature_id == c.part.feature_id
            and (previous.core_start, previous.end) == (c.core_start, c.end)
        )
        if not same_part and c.core_start != pos:
            gap = c.core_start - pos
            what = f"gap of {gap}" if gap > 0 else f"overlap of {-gap}"
            problems.append(
                f"chunk {c.index}: core starts at {c.core_start} but the previous core ends at "
                f"{pos} ({what} characters)"
            )
        pos = c.end
        if c.text_kind == "source" and c.text != text[c.start : c.end]:
            problems.append(
                f"chunk {c.index}: source text differs from the document at [{c.start}, {c.end})"
            )
        previous = c
    if pos != len(text):
        last = chunks[-1].index if chunks else None
        where = f"chunk {last}" if last is not None else "no chunks"
        problems.append(f"{where}: cores end at {pos}, the document at {len(text)}")
    return _gate(
        "reconstruction",
        problems,
        f"{len(chunks)} chunk cores rebuild all {len(text)} characters exactly",
        ("reconstruction error", "reconstruction errors"),
    )


def _no_empty(text: str, chunks: Sequence[Chunk]) -> Gate:
    blank_document = not text.strip()
    problems = []
    for c in chunks:
        if not c.text:
            problems.append(f"chunk {c.index}: empty text")
        elif not blank_document and not c.text.strip():
            problems.append(f"chunk {c.index}: whitespace-only text")
    return _gate(
        "no_empty",
        problems,
        f"{len(chunks)} chunks all have content",
        ("empty chunk", "empty chunks"),
    )


def _tokens(chunks: Sequence[Chunk]) -> Gate:
    problems = []
    for c in chunks:
        if isinstance(c.token_count, bool) or not isinstance(c.token_count, int):
            problems.append(f"chunk {c.index}: token_count {c.token_count!r} is not an integer")
        elif c.token_count <= 0:
            problems.append(f"chunk {c.index}: token_count {c.token_count} is not positive")
        if not isinstance(c.tokenizer, str) or not c.tokenizer.strip():
            problems.append(f"chunk {c.index}: no tokenizer named")
    names = sorted({c.tokenizer for c in chunks if isinstance(c.tokenizer, str) and c.tokenizer})
    if len(names) > 1:
        problems.append(f"chunks use {len(names)} tokenizers: {', '.join(names)}")
    total = sum(c.token_count for c in chunks if isinstance(c.token_count, int))
    return _gate(
        "tokens",
        problems,
        f"{total} tokens counted by {names[0] if names else 'no tokenizer'}",
        ("token count problem", "token count problems"),
    )
