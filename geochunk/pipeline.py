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

import logging
import os
from dataclasses import replace
from typing import Any, Sequence

from geochunk import crs as crs_mod
from geochunk.analysis import Analysis, ChunkSet, GeomRecord
from geochunk.split.blanks import absorb_blank
from geochunk.split.chunking import Body, ChunkBuilder, source_records, to_source
from geochunk.detection.scan import detect
from geochunk.errors import ConfigError, GeochunkError
from geochunk.context.features import describe_features, feature_attributes, feature_periods
from geochunk.detection.geometry import parse_spans, sampled
from geochunk.context.fences import fence_edge_levels, find_fences
from geochunk.context.headings import find_headings
from geochunk.model import DEFAULT_MAX_FEATURES, ChunkConfig, Detection, Flag
from geochunk.split.overlap import overlap_reserve, overlap_start
from geochunk.split.packing import Inside, pack, with_held
from geochunk.context.period import document_period
from geochunk.read.normalize import Source, normalize_text, unicode_form
from geochunk.context.prose import LINE, find_boundaries
from geochunk.split.rewrap import rewrapped, wrap_collections
from geochunk.read.source import DEFAULT_MAX_BYTES, document_digest, read_document
from geochunk.split.strategies import edge_levels, segments
from geochunk.split.strategy import choose_strategy
from geochunk.tokens.counting import get_counter, guarded
from geochunk.context.units import find_units, unit_ranges

log = logging.getLogger(__name__)

__all__ = [
    "Analysis", "ChunkSet", "GeomRecord", "analyse", "assemble", "chunk_text", "chunk_file", "document_digest",
]


def analyse(
    text: str,
    *,
    encoding: str = "cl100k_base",
    doc_id: str = "<stdin>",
    max_features: int | None = None,
    tokenize_in: str | None = None,
    normalize: str = "none",
    strict_tokens: bool = False,
) -> Analysis:
    """Detect, parse, resolve frames, find units and boundaries, and tokenize ``text`` once.

    A document with more than ``max_features`` geometries (default
    :data:`~geochunk.model.DEFAULT_MAX_FEATURES`) is an :class:`~geochunk.errors.InputError`,
    raised before any per-geometry work. ``tokenize_in`` (``"auto"``, ``"process"``,
    ``"inline"``, or ``None``) is accepted and has no effect: the document is always tokenized
    in this process; any other value is a :class:`~geochunk.errors.ConfigError`, and
    ``$GEOCHUNK_TOKENIZE_IN`` is ignored. ``normalize``
    (``"none"``, ``"nfc"``, ``"nfkc"``) analyses the text in that Unicode form; the analysis
    keeps the document as read and the offset map in ``source`` (:mod:`geochunk.read.normalize`), and
    ``assemble`` gives its chunks offsets into the document as read.

    Failures the document survives: a counting function that fails part-way (a callable, a
    Hugging Face tokenizer) leaves the rest of the document to the estimate, an upper bound
    (:func:`~geochunk.tokens.counting.guarded`; ``analysis.token_outage`` says what failed, the chunks are
    flagged ``token_estimate``), unless ``strict_tokens`` (then ``TokenizerError``); an internal
    error in detection (or in the steps that read its spans) is logged and the document is
    analysed as holding no geometry: ``analysis.detection_error`` says why and ``assemble``
    emits it whole, uncut, flagged ``detection_failed``.

    >>> a = analyse("Cafe\u0301 at POINT (1 2)", normalize="nfc")
    >>> a.text, a.source.form, a.features[0].start
    ('Café at POINT (1 2)', 'NFC', 8)
    """
    form = unicode_form(normalize)
    if form is None:
        return _analyse(text, encoding, doc_id, max_features, tokenize_in, strict_tokens)
    n = normalize_text(text, normalize)
    a = _analyse(n.text, encoding, doc_id, max_features, tokenize_in, strict_tokens)
    return replace(a, source=Source(text, document_digest(text), form, n.offsets))


#: The values ``tokenize_in`` accepts (all the same now: the document is tokenized in this process).
TOKENIZE_IN: tuple[str, ...] = ("auto", "process", "inline")


def _check_tokenize_in(tokenize_in: str | None) -> None:
    """Refuse a ``tokenize_in`` that was never valid; every valid one tokenizes in this process.

    >>> _check_tokenize_in("process")
    >>> _check_tokenize_in("sideways")
    Traceback (most recent call last):
    ...
    geochunk.errors.ConfigError: unknown tokenize_in 'sideways'; valid values: auto, process, inline
    """
    if tokenize_in is None:
        return
    if not isinstance(tokenize_in, str):
        raise ConfigError(f"tokenize_in must be a str, got {type(tokenize_in).__name__}")
    if (tokenize_in.strip().lower() or "auto") not in TOKENIZE_IN:
        raise ConfigError(f"unknown tokenize_in {tokenize_in!r}; valid values: {', '.join(TOKENIZE_IN)}")


def _analyse(text: str, encoding: str, doc_id: str, max_features: int | None, tokenize_in: str | None,
             strict_tokens: bool = False) -> Analysis:
    counter = guarded(get_counter(encoding), strict=strict_tokens)  # one outage record per document
    _check_tokenize_in(tokenize_in)
    limit = DEFAULT_MAX_FEATURES if max_features is None else max_features
    fences = find_fences(text)
    fence_ranges = [(f.start, f.end) for f in fences]
    heading_list = find_headings(text, fence_ranges)
    headings = tuple((h.start, h.glue) for h in heading_list if h.glue is not None)  # heading_glue
    failed: str | None = None
    try:
        steps = _geometry_steps(text, detect(text, max_features=limit), headings, fence_ranges)
    except GeochunkError:
        raise  # the document's own problem (too many features ...): said as it is
    except Exception as exc:  # noqa: BLE001 - a bug must not cut the document anywhere
        failed = f"{type(exc).__name__}: {exc}"
        log.error("detection failed on %s (%s); the document is emitted whole, uncut", doc_id, failed,
                  exc_info=True)
        steps = _geometry_steps(text, Detection(()), headings, fence_ranges)
    detection, parsed, frames, units, boundaries, features, periods = steps
    index = counter.index(text)
    return Analysis(
        doc_id=doc_id,
        text=text,
        digest=document_digest(text),
        encoding=encoding,
        counter=counter,
        index=index,
        detection=detection,
        parsed=parsed,
        frames=frames,
        features=features,
        units=units,
        boundaries=boundaries,
        geometry_tokens=sum(index.count(a, b) for a, b in frames.span_ranges),
        headings=headings,
        periods=periods,
        tokenizer_sha256=counter.sha256,
        fences=fences,
        heading_list=heading_list,
        detection_error=failed,
    )


def _geometry_steps(text: str, detection: Detection, headings: tuple[tuple[int, int], ...],
                    fence_ranges: list[tuple[int, int]]) -> tuple[Any, ...]:
    """Everything that reads the detection's spans: parse, frames, units, boundaries, features,
    periods (one block, so that a failure anywhere in it falls back to a document uncut)."""
    parsed = parse_spans(detection.spans)  # and the parse cache forgets them: the analysis has them
    frames = crs_mod.resolve_frames(text, detection, [sampled(p) for p in parsed])  # what it samples
    units = find_units(text, detection, context=True)
    span_ranges = frames.span_ranges  # ((s.start, s.end) for each span), made once
    attrs = feature_attributes(detection, units)
    extents = tuple((e.start, e.end) for e in detection.extents)  # metadata, still uncut
    boundaries = find_boundaries(text, _no_cut(span_ranges, headings, extents), fence_ranges)
    features = describe_features(detection, parsed, frames, units, attrs)
    periods = feature_periods(text, detection, units, attrs, document_period(text))
    return detection, parsed, frames, units, boundaries, features, periods


def _no_cut(
    spans: Sequence[tuple[int, int]], headings: tuple[tuple[int, int], ...],
    extents: tuple[tuple[int, int], ...] = (),
) -> tuple[tuple[int, int], ...]:
    """No-cut ranges for the boundary finder: the spans, the extents (a collection's boundedBy
    Envelope), and each heading up to and including the first character after it
    (``(h, c + 1)`` drops every cut in ``h < p <= c``)."""
    ranges = sorted([*spans, *extents, *((h, c + 1) for h, c in headings)])
    out: list[tuple[int, int]] = []
    for a, b in ranges:
        if out and a < out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return tuple(out)


def assemble(analysis: Analysis, config: ChunkConfig) -> ChunkSet:
    """Pack an analysed document at ``config``'s budget (cheap: no re-tokenizing).

    The steps: pick the strategy; give every unit its range (with the context it carries at this
    budget); keep room for overlap and a rebuilt FeatureCollection wrapper; pack; hand blank
    pieces to a neighbour; build the chunks (escaping oversized units, prepending overlap);
    rewrap chunks that lie in one FeatureCollection."""
    a, budget = analysis, config.budget
    made = "none" if a.source is None else a.source.form.lower()
    if made != config.normalize:
        raise ConfigError(
            f"the analysis was made with normalize={made!r} but the config asks for "
            f"normalize={config.normalize!r}: analyse the text again with that form"
        )
    strategy, reason = choose_strategy(a.density, config)
    if a.detection_error is not None:  # cut nowhere: the document whole, flagged
        b = ChunkBuilder(a, config, strategy)
        if a.text:  # (an empty document has no chunks, as always)
            # its frame is the unexamined WGS 84 fallback: a guess, flagged as one
            b.add(0, len(a.text), 0, Body(flags=(Flag.DETECTION_FAILED, Flag.CRS_FLAGGED)))
        chunks = b.chunks if a.source is None else to_source(a, a.source, b.chunks, config)
        return ChunkSet(a, config, tuple(chunks), strategy, f"detection failed ({a.detection_error}): "
                        "the document is one chunk, uncut", tuple(b.geoms))
    ranges, chosen, kinds = unit_ranges(a.units, a.headings, a.index.count, config)
    rewrap = config.rewrap and bool(a.detection.collections)
    reserve = overlap_reserve(a, ranges, config.overlap, budget) if config.overlap else 0
    if rewrap:
        reserve += wrap_collections(a, ranges, chosen)
    levels = edge_levels(a.text, a.boundaries, ranges, strategy)
    if a.fences:  # a fence that fits stays whole whatever the strategy ranks unit edges at
        levels = fence_edge_levels(levels, ranges, a.fences, LINE)
    held, owner = ranges, None  # an extent (boundedBy Envelope) is held whole, as no unit
    if a.detection.extents:
        held, levels, owner = with_held(ranges, levels, [(e.start, e.end) for e in a.detection.extents])
    pieces = pack(a.text, budget - reserve, a.boundaries, held, levels,
                  a.index, segments=segments(a.text, config.unit, ranges, a.headings))
    if owner is not None:  # back to unit indices; an extent over the budget is emitted whole
        pieces = [p if p.unit is None else replace(p, unit=owner[p.unit]) for p in pieces]
    pieces = absorb_blank(a, pieces, budget, ranges)
    b = ChunkBuilder(a, config, strategy, ranges, kinds, chosen)
    inside = Inside(ranges)
    for k, p in enumerate(pieces):
        if p.unit == -1:  # an extent over the budget: whole (the builder flags it oversized)
            b.add(p.start, p.end, p.start)
            continue
        if p.unit is not None:
            b.add_oversized(p, chosen[p.unit])
            continue
        start = p.start
        prev = pieces[k - 1] if k else None
        if config.overlap and prev is not None and prev.unit is None:
            q = overlap_start(a, prev.start, prev.end, p.end, config.overlap, budget, inside)
            if q is not None and q < p.start:
                start = q
        b.add(start, p.end, p.start, Body(flags=(Flag.GRAPHEME_CUT,)) if p.grapheme_cut else Body())
    chunks = [rewrapped(a, c, budget) for c in b.chunks] if rewrap else b.chunks
    geoms = tuple(b.geoms)
    if a.source is not None:  # --normalize: offsets into the source as read
        mapped = to_source(a, a.source, chunks, config)
        chunks, geoms = mapped, source_records(chunks, mapped, geoms)
    return ChunkSet(a, config, tuple(chunks), strategy, reason, geoms)


def _check_call(text: Any, config: Any) -> None:
    """Clear errors for the usual slips (``chunk_text(text, 512)``, bytes for text)."""
    if not isinstance(config, ChunkConfig):
        raise ConfigError(
            f"config must be a ChunkConfig, got {type(config).__name__} {config!r:.40} "
            "(for keyword options use geochunk.chunk(text, budget=..., ...))"
        )
    if not isinstance(text, str):
        raise ConfigError(f"text must be a str, got {type(text).__name__}")


def chunk_text(text: str, config: ChunkConfig = ChunkConfig(), *, tokenize_in: str | None = None) -> ChunkSet:
    """Chunk a document held in memory. See docs/how-it-works.md. ``tokenize_in`` is
    accepted and has no effect (see :func:`analyse`: the document is tokenized in this process).

    >>> chunk_text("abc", 16)
    Traceback (most recent call last):
    ...
    geochunk.errors.ConfigError: config must be a ChunkConfig, got int 16 (for keyword options use geochunk.chunk(text, budget=..., ...))
    """
    _check_call(text, config)
    analysis = analyse(
        text, encoding=config.encoding, doc_id=config.doc_id, max_features=config.max_features,
        tokenize_in=tokenize_in, strict_tokens=config.strict_tokens, normalize=config.normalize,
    )
    return assemble(analysis, config)


def chunk_file(
    path: str | os.PathLike[str], config: ChunkConfig = ChunkConfig(), *, max_bytes: int = DEFAULT_MAX_BYTES
) -> ChunkSet:
    """Read ``path`` (strict UTF-8, no newline translation, at most ``max_bytes`` bytes: the
    CLI's ``--max-bytes``) and chunk it; ``doc_id`` is the path. A PDF, HTML or .docx file is
    read through :mod:`geochunk.read.extract`: chunks are cut from the text it becomes and carry
    ``source_pages`` / ``section_path``."""
    from geochunk.read.extract import extract, extractable, locate

    _check_call("", config)
    if extractable(path):
        ex = extract(path, max_bytes=max_bytes)
        cs = chunk_text(ex.text, config.with_(doc_id=str(path)))
        return replace(cs, chunks=tuple(locate(cs.chunks, ex)))
    text = read_document(path, max_bytes=max_bytes)
    return chunk_text(text, config.with_(doc_id=str(path)))
