"""What the pipeline's steps hand each other: the budget-independent :class:`Analysis` of one
document, and the :class:`ChunkSet` that ``assemble`` makes of it at one configuration.

>>> from geochunk.pipeline import chunk_text
>>> cs = chunk_text("POINT (1 2)\\n")
>>> cs.analysis.features[0].geom_type, cs.unit_shares["document"]
('POINT', 1.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from geochunk.crs import FrameReport
from geochunk.detection.geometry import Parsed, resolve
from geochunk.model import Chunk, ChunkConfig, ChunkFeature, Detection, Frame, Period
from geochunk.context.fences import Fence
from geochunk.context.headings import Heading
from geochunk.read.normalize import Source
from geochunk.context.prose import Boundaries
from geochunk.tokens.counting import TokenCounter, TokenIndex
from geochunk.context.units import Unit

__all__ = ["Analysis", "ChunkSet", "GeomRecord"]


@dataclass(frozen=True, slots=True, repr=False)
class GeomRecord:
    """A feature as drawn: the source geometry and what the chunk emitted (both source CRS).

    ``original`` and ``emitted`` are shapely geometries or None; a record may be made with
    what :func:`geochunk.detection.geometry.held` keeps of a parse (a large GeoJSON MultiPoint's parse,
    whose GEOS geometry is built when first drawn, not by the pipeline: issue #13), which
    they read as its geometry."""

    feature: ChunkFeature
    _original: Any  # shapely geometry, None, or what geometry.held keeps
    _emitted: Any  # likewise (simplified or a part for escaped chunks)
    frame: Frame

    @property
    def original(self) -> Any:
        return resolve(self._original)

    @property
    def emitted(self) -> Any:
        return resolve(self._emitted)

    def __repr__(self) -> str:
        return (f"GeomRecord(feature={self.feature!r}, original={self.original!r}, "
                f"emitted={self.emitted!r}, frame={self.frame!r})")


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
    frames: FrameReport
    features: tuple[ChunkFeature, ...]  # one per span
    units: tuple[Unit, ...]  # with their context (caption, attribute block) in ``full``
    boundaries: Boundaries
    geometry_tokens: int
    headings: tuple[tuple[int, int], ...] = ()  # heading start -> first line after it
    periods: tuple[Period | None, ...] = ()  # per span (attributes, caption, document)
    tokenizer_sha256: str | None = None
    #: the document as read when ``text`` is its normalised form (``--normalize``); else None
    source: Source | None = None
    fences: tuple[Fence, ...] = ()  # fenced code blocks (geochunk.context.fences)
    heading_list: tuple[Heading, ...] = ()  # every heading with its level and title
    #: why detection failed (the document is then one chunk, uncut, flagged ``detection_failed``)
    detection_error: str | None = None

    @property
    def token_outage(self) -> str | None:
        """What failed when the document's tokenizer failed part-way (its later counts are the
        estimate, flagged ``token_estimate``); ``None`` when it never did."""
        outage = self.counter._outage
        return None if outage is None else outage.error

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

    def detached_chunks(self) -> tuple[Chunk, ...]:
        """The chunks, each holding its own text (:meth:`Chunk.detach`): what to keep once the
        document and this set are dropped (a chunk of :attr:`chunks` reads its text from the
        document, so one kept keeps the whole document alive).

        >>> from geochunk import ChunkConfig, chunk_text
        >>> cs = chunk_text("A well at POINT (1 2).", ChunkConfig(budget=32))
        >>> [c.text for c in cs.detached_chunks()] == [c.text for c in cs.chunks]
        True
        """
        return tuple(c.detach() for c in self.chunks)

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
