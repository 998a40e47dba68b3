"""Plain-language reasons for chunk flags, and which flags send a chunk to review.

>>> from geochunk.model import Chunk, Flag
>>> c = Chunk("d", 0, 0, 5, 0, "POINT", 900, "cl100k_base", "feature", "feature",
...           oversized=True, flags=(Flag.OVERSIZED,))
>>> flag_reasons(c, 800)
('oversized: 900 tokens, over the 800-token budget; one indivisible unit emitted whole',)
>>> needs_review(c)
True
"""

from __future__ import annotations

from typing import Sequence

from geochunk.model import Chunk, Flag
from geochunk.view.safe import printable

__all__ = ["REVIEW_FLAGS", "needs_review", "flag_reasons", "review_flags", "feature_ids_text",
           "fitted", "fitted_ids"]

#: Flags that put a chunk on the Review page (``rewrapped`` and ``linearized`` are informative).
REVIEW_FLAGS: tuple[str, ...] = (
    Flag.OVERSIZED,
    Flag.NEEDS_FALLBACK,
    Flag.GENERALIZED,
    Flag.SPLIT_PART,
    Flag.SPLIT_NOT_MULTIPART,
    Flag.SPLIT_WHOLE,
    Flag.TOO_MANY_CROSSINGS,
    Flag.CRS_FLAGGED,
    Flag.CRS_MIXED,
    Flag.UNPARSEABLE_SPAN,
    Flag.UNCLOSED_GEOMETRY,
    Flag.TOKENS_ESTIMATED,
    Flag.TOKEN_ESTIMATE,
    Flag.DETECTION_FAILED,
    Flag.GRAPHEME_CUT,
)

_FIXED = {
    Flag.SPLIT_NOT_MULTIPART: "split asked, but the feature has a single part: isolated instead",
    Flag.SPLIT_WHOLE: ("split asked, but the feature is one whole, not parts (a solid's faces, a "
                       "surface's patches, a city object's levels of detail, a Placemark's "
                       "geometries): isolated instead"),
    Flag.TOO_MANY_CROSSINGS: ("generalize asked, but the geometry crosses itself too often, or its "
                              "edges crowd each other too densely, to simplify and repair in "
                              "bounded time: isolated instead"),
    Flag.REWRAPPED: "text is a FeatureCollection rebuilt around this chunk's features",
    Flag.CRS_MIXED: "features in this chunk are in different frames",
    Flag.UNPARSEABLE_SPAN: "holds geometry-like text that does not parse (kept whole, no bbox)",
    Flag.UNCLOSED_GEOMETRY: "a geometry never closes: protected to the end of its block",
    Flag.LINEARIZED: "curve types approximated by straight segments for the bbox",
    Flag.TOKENS_ESTIMATED: "no real tokenizer loaded: token counts are estimates",
    Flag.GRAPHEME_CUT: "a word longer than the budget was cut between graphemes",
    Flag.TOKEN_ESTIMATE: "the tokenizer failed on this document: the count is the estimate (an upper bound)",
    Flag.DETECTION_FAILED: "geometry detection failed on this document: emitted whole, uncut (see the log)",
}


def review_flags(chunk: Chunk) -> tuple[str, ...]:
    """The chunk's flags that call for review, in the chunk's order.

    >>> from geochunk.model import Chunk
    >>> review_flags(Chunk("d", 0, 0, 1, 0, "x", 1, "t", "document", "paragraph",
    ...                    flags=("rewrapped", "crs_flagged")))
    ('crs_flagged',)
    """
    return tuple(f for f in chunk.flags if f in REVIEW_FLAGS)


def needs_review(chunk: Chunk) -> bool:
    """True when the chunk carries at least one of :data:`REVIEW_FLAGS`."""
    return bool(review_flags(chunk))


def feature_ids_text(chunk: Chunk, limit: int = 3, more_mark: str = " ") -> str:
    """The chunk's first ``limit`` feature ids (printable), and how many more.

    >>> from geochunk.model import Chunk, ChunkFeature
    >>> c = Chunk("d", 0, 0, 1, 0, "x", 1, "t", "feature", "feature", features=tuple(
    ...     ChunkFeature(f"f{i}", "hash", "wkt", "POINT", 0, 1, 1) for i in range(5)))
    >>> feature_ids_text(c), feature_ids_text(c, 2, " … ")
    ('f0, f1, f2 (+2)', 'f0, f1 … (+3)')
    """
    ids = [printable(f.id) for f in chunk.features[:limit]]
    more = len(chunk.features) - limit
    return ", ".join(ids) + (f"{more_mark}(+{more})" if more > 0 else "")


def fitted(items: Sequence[str], max_chars: int) -> str:
    """The first ``items`` that fit in ``max_chars`` characters joined by ", " (at least one,
    cut with "…" if alone too long), and how many more: a table cell read whole, not clipped.

    >>> fitted(["oversized", "crs_flagged", "grapheme_cut"], 28)
    'oversized, crs_flagged (+1)'
    """
    shown: list[str] = []
    for i, name in enumerate(items):
        more = len(items) - i - 1
        tail = f" (+{more})" if more else ""
        if shown and len(", ".join([*shown, name])) + len(tail) > max_chars:
            break
        shown.append(name)
    more = len(items) - len(shown)
    text = ", ".join(shown)
    if len(text) > max_chars:  # one long item: its start, marked
        text = text[: max(1, max_chars - 1)] + "…"
    return text + (f" (+{more})" if more else "")


def fitted_ids(chunk: Chunk, max_chars: int = 34) -> str:
    """The chunk's feature ids that fit in ``max_chars`` characters (:func:`fitted`); all of
    them are in the chunk's detail.

    >>> from geochunk.model import Chunk, ChunkFeature
    >>> c = Chunk("d", 0, 0, 1, 0, "x", 1, "t", "feature", "feature", features=tuple(
    ...     ChunkFeature(f"LU-000{i}", "hash", "wkt", "POINT", 0, 1, 1) for i in range(5)))
    >>> fitted_ids(c), fitted_ids(c, 8)
    ('LU-0000, LU-0001, LU-0002 (+2)', 'LU-0000 (+4)')
    """
    return fitted([printable(f.id) for f in chunk.features], max_chars)


def _reason(flag: str, chunk: Chunk, budget: int) -> str:
    if flag == Flag.OVERSIZED:
        ids = f" ({feature_ids_text(chunk)})" if chunk.features else ""
        if chunk.token_count > budget:
            return (
                f"{chunk.token_count} tokens, over the {budget}-token budget; "
                f"one indivisible unit emitted whole{ids}"
            )
        return (
            f"its source unit{ids} is over the {budget}-token budget; this chunk carries its "
            f"{chunk.text_kind} form ({chunk.token_count} tokens)"
        )
    if flag == Flag.NEEDS_FALLBACK and chunk.generalized is not None and chunk.text_kind == "source":
        g = chunk.generalized
        if g.vertices_after != g.vertices_before:
            return (
                f"generalizing was refused and the original kept ({chunk.token_count} tokens, "
                f"budget {budget}): the simplification would have kept {g.vertices_after:,} of "
                f"{g.vertices_before:,} vertices and changed the area by {g.area_change:.1%}, "
                "over the maximum area change; try split parts, a bigger budget or a higher limit"
            )
    if flag == Flag.NEEDS_FALLBACK:
        return (
            f"still {chunk.token_count} tokens (budget {budget}) after the oversize escape: "
            "try generalize with a coarser tolerance, split parts, or a bigger budget"
        )
    if flag == Flag.GENERALIZED:
        g = chunk.generalized
        if g is None:
            return "text is a simplified geometry"
        return (
            f"text is a simplified geometry: {g.vertices_before:,} → {g.vertices_after:,} "
            f"vertices at tolerance {g.tolerance:g}, Hausdorff {g.hausdorff:g}, "
            f"area change {g.area_change:.2%}"
            + ("" if g.valid else ", result INVALID")
        )
    if flag == Flag.SPLIT_PART:
        p = chunk.part
        if p is None:
            return "text is one part of a multipart geometry"
        return f"part {p.index + 1} of {p.of} of multipart feature {p.feature_id}"
    if flag == Flag.CRS_FLAGGED:
        fr = chunk.crs
        if fr is None:
            return "no frame could be established"
        code = f"EPSG:{fr.epsg}" if fr.epsg is not None else "unknown frame"
        notes = "; ".join(fr.notes)
        return (
            f"{code} from {fr.source} with confidence {fr.confidence:.0%}"
            + (f": {notes}" if notes else "")
        )
    return _FIXED.get(flag, flag.replace("_", " "))


def flag_reasons(chunk: Chunk, budget: int) -> tuple[str, ...]:
    """One ``"flag: reason"`` line per flag on the chunk (document text is not escaped here)."""
    return tuple(printable(f"{f}: {_reason(f, chunk, budget)}") for f in chunk.flags)
