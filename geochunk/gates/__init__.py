"""The validation gates: checks every chunk list must pass, on any document.

:func:`validate` runs nine gates over a document and its chunks and returns a
:class:`GateReport`; the ``geochunk validate`` command and the test suite call it on every sample.

* ``geometries_parse`` - every geometry found in a chunk's text parses; unparseable *source*
  spans are allowed when the chunk carries ``unparseable_span`` / ``unclosed_geometry``;
* ``no_swallowing`` - no unclosed (or shortened) source span holds a closed geometry of its own:
  detection must end the broken literal before it, so the closed one is a feature;
* ``no_severing`` - no chunk ``start``, ``core_start`` or ``end`` falls strictly inside a span;
* ``frames`` - every chunk with geometry has a frame (a flagged WGS 84 fallback is one, with
  its warning), with an EPSG code or flagged, a
  fallback frame is flagged, and it has ``bbox`` and ``bbox_wgs84`` or an ``extent_note``;
* ``budget`` - every chunk is within the budget (its count or the gate's recount, the larger)
  unless it carries ``needs_fallback``;
* ``round_trip`` - every source span lies in exactly one chunk core ``[core_start, end)`` (the
  parts of one split feature count once, and every part is there exactly once);
* ``reconstruction`` - the cores, in index order, tile the document exactly, and a source-kind
  chunk's text equals ``text[start:end]``;
* ``no_empty`` - no chunk text is empty, nor whitespace-only unless the whole document is;
* ``tokens`` - every chunk has ``token_count > 0``, all name the same tokenizer, and every
  chunk's text counted again gives its ``token_count`` (a count flagged as the estimate may be
  higher, never lower: the estimate is an upper bound).

Failure details name the chunk index (at most five problems per gate are spelled out).

>>> from geochunk.model import Chunk, Frame
>>> text = "Intro.\\n\\nPOINT (1 2)\\n"
>>> fallback = Frame(4326, 0.3, "fallback", True)  # a flagged WGS 84 fallback: a frame, warned
>>> ok = [Chunk("d", 0, 0, 8, 0, text[:8], 2, "cl100k_base", "document", "paragraph"),
...       Chunk("d", 1, 8, 20, 8, text[8:], 6, "cl100k_base", "feature", "paragraph",
...             crs=fallback, flags=("crs_flagged",), extent_note="no extent: test")]
>>> validate(text, ok, budget=16).passed
True
>>> from dataclasses import replace
>>> lying = [ok[0], replace(ok[1], token_count=1, crs=None)]  # a wrong count, no frame
>>> [g.name for g in validate(text, lying, budget=16).gates if not g.passed]
['frames', 'tokens']
>>> bad = [ok[0], Chunk("d", 1, 12, 20, 12, text[12:], 6, "cl100k_base", "feature", "paragraph")]
>>> report = validate(text, bad, budget=16)
>>> [g.name for g in report.gates if not g.passed]
['no_severing', 'round_trip', 'reconstruction']
>>> report.gate("no_severing").detail
'1 boundary inside a geometry: chunk 1: start 12 falls inside POINT span [8, 19)'
"""

from __future__ import annotations

from typing import Any, Sequence

from geochunk.detection.scan import detect
from geochunk.errors import ConfigError, TokenizerError
from geochunk.model import ENCODINGS, Chunk, Detection, check_budget
from geochunk.read.normalize import normalized_view
from geochunk.tokens.counting import TokenCounter, get_counter
from geochunk.gates import chunks as _chunks
from geochunk.gates import spans as _spans
from geochunk.gates.report import GATES, Gate, GateReport

__all__ = ["GATES", "Gate", "GateReport", "counter_named", "recounter", "validate"]


def _recount(chunks: Sequence[Chunk], counter: TokenCounter | None) -> list[int | None]:
    """Every chunk's text counted again; ``None`` for all when there is no counter or it fails
    (a tokenizer that is down now cannot say whether the stored counts were right)."""
    if counter is None:
        return [None] * len(chunks)
    try:
        return [counter.count(c.text) for c in chunks]
    except TokenizerError:
        return [None] * len(chunks)


def recounter(chunks: Sequence[Chunk], encoding: Any = None) -> TokenCounter | None:
    """The tokenizer the ``tokens`` and ``budget`` gates recount every chunk with: ``encoding``
    when given (anything :func:`~geochunk.tokens.counting.get_counter` takes), else the one the chunks
    name when it can be loaded here (``cl100k_base`` / ``o200k_base``; for the estimate's
    ``estimate(<name>)`` the real encoding, so an estimate is checked against it), else ``None``.

    >>> from geochunk.model import Chunk
    >>> recounter([Chunk("d", 0, 0, 1, 0, "x", 1, "callable:f", "document", "paragraph")]) is None
    True
    """
    if encoding is not None:
        return get_counter(encoding)
    names = {c.tokenizer for c in chunks if isinstance(c.tokenizer, str)}
    return counter_named(names.pop()) if len(names) == 1 else None


def counter_named(name: Any) -> TokenCounter | None:
    """The real counter a chunk's ``tokenizer`` name stands for, when it can be loaded here
    (``cl100k_base`` / ``o200k_base``; ``estimate(<name>)`` gives the real ``<name>``), else
    ``None``.

    >>> counter_named("estimate(cl100k_base)").name, counter_named("callable:f")
    ('cl100k_base', None)
    """
    if isinstance(name, str) and name.startswith("estimate(") and name.endswith(")"):
        name = name[len("estimate(") : -1]
    if name not in ENCODINGS:
        return None
    try:
        return get_counter(name)
    except ConfigError:
        return None


def validate(
    text: str,
    chunks: Sequence[Chunk],
    *,
    budget: int,
    detection: Detection | None = None,
    max_fallback_rate: float | None = None,
    encoding: Any = None,
) -> GateReport:
    """Run every gate over ``chunks`` of the document ``text``.

    ``detection`` is the source's :func:`~geochunk.detection.scan.detect` result (computed when not
    given). Chunks are taken in ``index`` order. Each chunk's text is scanned and parsed again,
    so the cost is about one more analysis of the document. With ``max_fallback_rate`` a tenth
    gate, ``fallback_rate``, fails when the share of chunks that need a fallback is over it.
    Every chunk's text is counted again (``encoding``, else the tokenizer the chunks name, see
    :func:`recounter`) for the ``tokens`` and ``budget`` gates.
    """
    check_budget(budget)
    if any(getattr(c, "normalization", None) for c in chunks):
        # --normalize: check the chunks against the text they were cut from, in its offsets
        text, chunks = normalized_view(text, chunks)
        detection = None
    source = detection if detection is not None else detect(text)
    ordered = sorted(chunks, key=lambda c: c.index)
    found = [detect(c.text) for c in ordered]
    spans = source.spans
    counter = recounter(ordered, encoding)
    recounts = _recount(ordered, counter)
    by = None if counter is None or all(r is None for r in recounts) else counter.name
    gates = (
        _spans.geometries_parse(text, ordered, found, source),
        _spans.no_swallowing(spans),
        _spans.no_severing(ordered, spans, source.extents),
        _spans.frames(ordered, spans, found, text),
        _chunks.budget(ordered, budget, recounts),
        _spans.round_trip(ordered, found, spans),
        _chunks.reconstruction(text, ordered),
        _chunks.no_empty(text, ordered),
        _chunks.tokens(ordered, recounts, by),
    )
    n = len(ordered)
    oversized = sum(1 for c, r in zip(ordered, recounts)
                    if c.oversized or max(c.token_count if isinstance(c.token_count, int) else 0, r or 0) > budget)
    fallback = sum(1 for c in ordered if c.needs_fallback) / n if n else 0.0
    if max_fallback_rate is not None:
        gates += (_chunks.fallback_rate(ordered, fallback, max_fallback_rate),)
    return GateReport(gates, oversized / n if n else 0.0, n, len(spans), fallback)
