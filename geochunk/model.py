"""Frozen data types shared by every geochunk module.

This module sits at the bottom of the dependency graph: it imports nothing from geochunk but the
errors. Offsets are always Python ``str`` indices into the source as read (UTF-8, no newline
translation), end exclusive.

>>> cfg = ChunkConfig(budget=256)
>>> cfg.budget, cfg.encoding, cfg.strategy
(256, 'cl100k_base', 'auto')
>>> ChunkConfig(budget=8)
Traceback (most recent call last):
...
geochunk.errors.ConfigError: budget must be at least 16 tokens, got 8
"""

from __future__ import annotations

import json
import math
import numbers
import os
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, Literal, Mapping

from geochunk.errors import ConfigError

__all__ = [
    "CHUNKER_VERSION",
    "OGC_TYPES",
    "ENCODINGS",
    "STRATEGIES",
    "OVERSIZE_POLICIES",
    "NORMALIZE_FORMS",
    "Flag",
    "Span",
    "compact_json",
    "Collection",
    "Evidence",
    "Detection",
    "Frame",
    "ChunkFeature",
    "Generalization",
    "Part",
    "Period",
    "UNIT_MODES",
    "Chunk",
    "ChunkConfig",
    "DEFAULT_MAX_FEATURES",
    "MIN_BUDGET",
    "check_budget",
    "check_tolerance",
]

#: Most geometries read from one document by default (``max_features``): with the 64 MiB
#: ``max_bytes`` default this bounds the worst case's memory (docs/command.md, hostile input).
DEFAULT_MAX_FEATURES = 500_000

#: The smallest budget a chunker accepts (a caption and a point already take about that many).
MIN_BUDGET = 16

#: Recorded on every chunk and in an index's recipe (a change re-chunks indexed documents): bump
#: it whenever the chunks of the same input change (0.1.1: a boundedBy Envelope is extent;
#: 0.1.2: a broken one stays a problem span, an escaped one a unit of its string).
CHUNKER_VERSION = "geochunk/0.1.2"

#: Every OGC simple-feature and curve/surface keyword the detector protects (upper case): all
#: that GEOS reads as WKT (``LINEARRING`` included) plus the ISO surface types it does not.
OGC_TYPES: tuple[str, ...] = (
    "POINT",
    "LINESTRING",
    "LINEARRING",
    "POLYGON",
    "MULTIPOINT",
    "MULTILINESTRING",
    "MULTIPOLYGON",
    "GEOMETRYCOLLECTION",
    "TRIANGLE",
    "TIN",
    "POLYHEDRALSURFACE",
    "CIRCULARSTRING",
    "COMPOUNDCURVE",
    "CURVEPOLYGON",
    "MULTICURVE",
    "MULTISURFACE",
)

ENCODINGS: tuple[str, ...] = ("cl100k_base", "o200k_base")
STRATEGIES: tuple[str, ...] = ("auto", "paragraph", "mixed", "feature")
OVERSIZE_POLICIES: tuple[str, ...] = ("isolate", "generalize", "split")
#: ``--normalize``: Unicode normalisation applied before chunking (``none``: the text as read).
NORMALIZE_FORMS: tuple[str, ...] = ("none", "nfc", "nfkc")
#: ``--unit``: ``feature`` = one feature (with its context) per chunk; ``section`` = chunks never
#: cross a heading; ``auto`` = pack by the strategy (several features may share a chunk).
UNIT_MODES: tuple[str, ...] = ("auto", "feature", "section")
Unit = Literal["feature", "section", "document"]
SpanKind = Literal["wkt", "geojson_geometry", "geojson_feature", "wkb", "gml", "kml"]
SpanStatus = Literal["ok", "unparseable", "unclosed"]


class Flag:
    """The vocabulary of ``Chunk.flags`` (plain strings, so JSON stays simple)."""

    OVERSIZED = "oversized"  # a single unit larger than the budget, emitted whole
    NEEDS_FALLBACK = "needs_fallback"  # the escape did not bring it under budget
    GENERALIZED = "generalized"  # text is a simplified geometry, not the source slice
    SPLIT_PART = "split_part"  # text is one part of a multipart geometry
    SPLIT_NOT_MULTIPART = "split_not_multipart"  # split asked, single part: isolated instead
    # split asked, but the pieces are one whole, not parts (a solid's faces, a surface's patches,
    # a city object's lod* geometries, a Placemark's geometries): isolated instead
    SPLIT_WHOLE = "split_whole"
    # generalize asked, but the geometry crosses itself too often to simplify in bounded work
    TOO_MANY_CROSSINGS = "too_many_crossings"
    REWRAPPED = "rewrapped"  # text is a FeatureCollection rebuilt around the chunk's features
    NOT_REWRAPPED = "not_rewrapped"  # rewrap asked, but the rebuilt collection would not fit
    CRS_FLAGGED = "crs_flagged"  # frame guessed, contradicted, deprecated or missing
    CRS_MIXED = "crs_mixed"  # features in this chunk have different frames
    UNPARSEABLE_SPAN = "unparseable_span"  # geometry-like text that does not parse
    UNCLOSED_GEOMETRY = "unclosed_geometry"  # geometry that never closes: protected to block end
    LINEARIZED = "linearized"  # curve/surface types approximated by linear geometry for bbox
    TOKENS_ESTIMATED = "tokens_estimated"  # no real tokenizer: counts are the flagged estimate
    GRAPHEME_CUT = "grapheme_cut"  # a word longer than the budget had to be cut between graphemes
    # one piece of a fenced code block too long for one chunk (cut at its line ends only)
    FENCE_SPLIT = "fence_split"
    NO_EXTENT = "no_extent"  # features but no bbox or no bbox_wgs84: ``extent_note`` says why
    # the tokenizer failed on this document: this chunk's count is the estimate (an upper bound)
    TOKEN_ESTIMATE = "token_estimate"
    DETECTION_FAILED = "detection_failed"  # detection raised: the document is emitted whole, uncut


class _SourceSlice:
    """Base of a frozen dataclass whose text field (``_sliced``) may be read from the source it
    was found in instead of being held: :meth:`sliced` leaves the field's slot empty and keeps
    the source and two offsets, and reading the field returns ``source[lo:hi]`` (a new ``str``,
    equal to what a held field would be). Issue #13: a held copy of every chunk's text is as
    large as the document again (twice its UTF-8 size when it holds one non-Latin-1 character).

    Everything else sees an ordinary field: ``==``, ``hash``, ``repr``, ``fields``/``asdict``/
    ``to_dict``, ``dataclasses.replace`` (the copy holds the text) and pickling (the state is the
    fields' values, so a pickled chunk carries its text and never the whole source).

    >>> src = "Site A. POINT (1 2) end"
    >>> s = Span.sliced(src, 8, 19, start=8, end=19, kind="wkt", geom_type="POINT")
    >>> s.geometry_text, s == Span(8, 19, "wkt", "POINT", "POINT (1 2)")
    ('POINT (1 2)', True)
    >>> import pickle; pickle.loads(pickle.dumps(s)).geometry_text
    'POINT (1 2)'
    """

    __slots__ = ("_source", "_lo", "_hi")
    _sliced = ""  # the name of the field that may be a slice of the source

    @classmethod
    def sliced(cls, source: str, lo: int, hi: int, /, **values: Any) -> Any:
        """An instance whose ``_sliced`` field reads ``source[lo:hi]`` (every other field by
        keyword, as for the constructor)."""
        return cls(**{cls._sliced: "", **values})._read_from(source, lo, hi)

    def _read_from(self, source: str, lo: int, hi: int) -> Any:
        """This new instance (built with ``""`` in its ``_sliced`` field) made to read that
        field from ``source[lo:hi]``: what :meth:`sliced` does after construction, for a caller
        that builds the instance with plain keywords (no dict of values per instance)."""
        name = type(self)._sliced
        object.__delattr__(self, name)  # the slot stays empty: __getattr__ reads the source
        object.__setattr__(self, "_source", source)
        object.__setattr__(self, "_lo", lo)
        object.__setattr__(self, "_hi", hi)
        return self

    def _text_from(self, source: str) -> str:
        """The sliced field's text: ``source[lo:hi]`` as :meth:`_read_from` was given them."""
        return source[self._lo : self._hi]

    def detach(self) -> Any:
        """This instance if it holds its own text, else an equal one that does: a sliced
        instance keeps the whole source alive (a chunk kept from each of many documents keeps
        each document); the detached one keeps only its own text.

        >>> from geochunk.model import Span
        >>> s = Span.sliced("a POINT (1 2) b", 2, 13, start=2, end=13, kind="wkt", geom_type="POINT")
        >>> d = s.detach()
        >>> d == s, d.geometry_text, d.detach() is d, hasattr(d, "_source")
        (True, 'POINT (1 2)', True, False)
        """
        try:
            object.__getattribute__(self, "_source")
        except AttributeError:
            return self
        return replace(self)

    def __getattr__(self, name: str) -> Any:
        # only called when normal lookup fails: an empty slot of a sliced instance
        if name == type(self)._sliced:
            try:
                source = object.__getattribute__(self, "_source")
            except AttributeError:
                pass
            else:
                return self._text_from(source)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")


#: ``json.dumps(value, ensure_ascii=False, separators=(",", ":"))`` without a new encoder per
#: call: the one spelling of :attr:`Span.properties_json` (every producer writes it so).
compact_json = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


@dataclass(frozen=True, slots=True)
class Span(_SourceSlice):
    """One indivisible geometry unit found in the source text (a no-cut zone).

    ``start``/``end`` cover the whole unit: for EWKT the ``SRID=n;`` prefix, for GeoJSON the whole
    geometry or Feature object. ``geometry_text`` is what a parser needs: the WKT without the SRID
    prefix, or the JSON text of the GeoJSON geometry member (``"null"`` for a null geometry).
    """

    start: int
    end: int
    kind: SpanKind
    geom_type: str | None  # OGC upper-case keyword ("POLYGON"); None for a null geometry
    geometry_text: str
    dims: str = ""  # "", "Z", "M" or "ZM"
    srid: int | None = None  # EWKT SRID prefix or EWKB SRID
    feature_id: str | None = None  # from the source (GeoJSON id / id-like property)
    id_source: str | None = None  # where feature_id came from, e.g. "geojson:id"
    properties_json: str | None = None  # GeoJSON Feature properties as compact JSON: one
    # complete JSON value, as every producer writes it (json.dumps of one value); features.
    # _properties_all decodes many of them as one array and relies on it
    status: SpanStatus = "ok"
    error: str | None = None  # why status is not "ok"
    collection: int | None = None  # index into Detection.collections

    _sliced = "geometry_text"  # the detector makes spans whose geometry text is read from the source

    def _read_from(self, source: str, lo: int, hi: int) -> "Span":
        # kept as ``lo - start`` and ``hi - lo``: for a small feature both are under 257, ints
        # Python shares, where a document's own offsets are two new ints a span (0.28x a
        # GeoJSON of 20k small features; issue #13)
        return _SourceSlice._read_from(self, source, lo - self.start, hi - lo)  # type: ignore[no-any-return]

    def _text_from(self, source: str) -> str:
        lo = self.start + self._lo
        return source[lo : lo + self._hi]

    @property
    def length(self) -> int:
        return self.end - self.start


@dataclass(frozen=True)
class Collection:
    """A GeoJSON FeatureCollection: its features are units, the wrapper text is not."""

    start: int
    end: int
    features: tuple[int, ...]  # indices into Detection.spans
    crs_json: str | None = None  # the collection's "crs" member as compact JSON, if any
    header_json: str = '{"type": "FeatureCollection", "features": []}'  # members but features


@dataclass(frozen=True)
class Detection:
    """Everything the detector found, spans sorted by start and non-overlapping.

    ``extents`` are extent metadata, not features: a GML ``Envelope``/``Box`` directly in a
    collection's ``boundedBy`` (a WFS response, a CityGML model) says where the features are
    and is none of them. It has no feature id, counts in no feature total and is no unit, yet
    its text is a no-cut range like a span's (sorted, disjoint from the spans).
    """

    spans: tuple[Span, ...]
    collections: tuple[Collection, ...] = ()
    extents: tuple[Span, ...] = ()

    @property
    def problems(self) -> tuple[Span, ...]:
        return tuple(s for s in self.spans if s.status != "ok")


@dataclass(frozen=True, slots=True)
class Evidence:
    """Why a frame was chosen: the words and codes that declared it, the places named in the
    document that bear on it, what the coordinates showed, and the other frames considered
    (each with why it lost). Every entry is a short human-readable line.
    """

    words: tuple[str, ...] = ()
    codes: tuple[str, ...] = ()
    places: tuple[str, ...] = ()
    coordinates: tuple[str, ...] = ()
    considered: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, list[str]]:
        return {f.name: list(getattr(self, f.name)) for f in fields(self)}

    def brief(self, most: int = 4) -> "Evidence":
        """The same evidence with at most ``most`` lines per part and, where lines were left
        out, one line counting them: what a chunk carries, so that a document whose frame
        lists hundreds of candidate grids does not repeat them in every chunk (the full
        evidence stays in the document's ``FrameReport``: ``geochunk inspect`` and the app's
        "Frames in detail" show it).

        >>> ev = Evidence(considered=tuple(f"EPSG:{c}: fits" for c in range(9)))
        >>> ev.brief(2).considered
        ('EPSG:0: fits', 'EPSG:1: fits', '... 7 more (geochunk inspect lists them all)')
        >>> short = Evidence(words=("'RD New' at offset 9",))
        >>> short.brief() == short
        True
        """
        parts = {}
        for f in fields(self):
            lines = getattr(self, f.name)
            if len(lines) > most + 1:
                lines = lines[:most] + (
                    f"... {len(lines) - most} more (geochunk inspect lists them all)",)
            parts[f.name] = lines
        return Evidence(**parts)

    def lines(self) -> list[str]:
        """``["words: ...", "places: ...", ...]`` for the non-empty parts."""
        return [f"{f.name}: " + "; ".join(getattr(self, f.name))
                for f in fields(self) if getattr(self, f.name)]


@dataclass(frozen=True, slots=True)
class Frame:
    """The coordinate reference system that governs some geometries, and how sure we are.

    ``source`` says what the frame rests on: ``"explicit_code"``, ``"ewkt_srid"``,
    ``"ewkb_srid"``, ``"kml"`` (KML is WGS 84 by the format's own rule), ``"geojson_crs"``, ``"geojson_rfc7946"`` (GeoJSON without ``crs``: WGS 84 by the format's own
    rule), ``"name"``, ``"place"`` (no declaration: a grid inferred from a place the document
    names and where the grid puts the numbers; always flagged), ``"coordinates"`` or
    ``"fallback"``. ``evidence`` says which words, codes, places and coordinates decided it and
    what else was considered.
    """

    epsg: int | None
    confidence: float
    source: str
    flagged: bool
    name: str | None = None
    units: str | None = None  # axis unit name, e.g. "metre" or "degree"
    notes: tuple[str, ...] = ()
    operation: str | None = None  # transformation used to reach WGS 84
    accuracy_m: float | None = None  # its stated accuracy, metres
    authority: str | None = None  # "ESRI" for a frame with no EPSG equivalent (epsg is None)
    code: int | None = None  # its code in that authority
    evidence: Evidence | None = None  # what decided the frame, and what else was considered

    @property
    def ref(self) -> int | str | None:
        """The frame's key for PROJ: the EPSG code, else ``"AUTH:code"``, else ``None``.

        >>> Frame(None, 0.95, "explicit_code", False, authority="ESRI", code=54030).ref
        'ESRI:54030'
        """
        if self.epsg is not None:
            return self.epsg
        if self.authority and self.code is not None:
            return f"{self.authority}:{self.code}"
        return None

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["notes"] = list(self.notes)
        if self.evidence is not None:
            d["evidence"] = self.evidence.to_dict()
        return d


FALLBACK_FRAME = Frame(
    epsg=4326,
    confidence=0.0,
    source="fallback",
    flagged=True,
    name="WGS 84",
    units="degree",
    notes=("no frame declared; EPSG:4326 assumed",),
)


@dataclass(frozen=True, slots=True)
class ChunkFeature:
    """A geometry unit as carried by a chunk: ids come from the source, never from position."""

    id: str
    id_source: str  # "geojson:id", "property:<key>", "attribute:<key>", "heading", "hash"
    kind: str  # "wkt", "ewkt", "geojson", "wkb", "ewkb", "gml" or "kml"
    geom_type: str | None
    start: int
    end: int
    vertices: int
    bbox: tuple[float, float, float, float] | None = None
    bbox_wgs84: tuple[float, float, float, float] | None = None
    epsg: int | None = None
    status: str = "ok"
    #: parsed attributes: GeoJSON ``properties``, the ``Key: value`` block, SQL row columns
    attributes: Mapping[str, Any] | None = field(default=None, hash=False)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["bbox"] = list(self.bbox) if self.bbox else None
        d["bbox_wgs84"] = list(self.bbox_wgs84) if self.bbox_wgs84 else None
        d["attributes"] = dict(self.attributes) if self.attributes is not None else None
        return d


@dataclass(frozen=True)
class Generalization:
    """What the topology-preserving simplifier did to an oversized feature."""

    tolerance: float  # in the frame's units
    vertices_before: int
    vertices_after: int
    hausdorff: float  # in the frame's units
    area_change: float  # relative, |after - before| / before (0 for lines and points)
    valid: bool
    precision: int | None = None  # decimals kept, when --tolerance auto rounded coordinates
    auto: bool = False
    fits: bool = True

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Part:
    """Which part of a multipart feature a ``split`` chunk carries."""

    feature_id: str
    index: int
    of: int

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class Period:
    """The time a chunk's features describe, as found in the source — never invented.

    ``start``/``end`` are ISO dates (``YYYY-MM-DD``) or years (``YYYY``); ``source`` says where
    they came from (``attribute:<key>``, ``row:<column>``, ``property:<key>``, ``caption``,
    ``document``); ``confidence`` is 0-1 (a named date attribute is surer than a year in prose).
    """

    start: str | None
    end: str | None
    source: str
    confidence: float

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class Chunk(_SourceSlice):
    """One self-describing chunk.

    Guarantee: ``chunk.text == source[chunk.start:chunk.end]`` unless ``text_kind`` is
    ``"generalized"``, ``"part"`` or ``"rewrapped"``; with ``normalization`` set (``--normalize``)
    it is ``unicodedata.normalize(normalization, source[chunk.start:chunk.end])``, the offsets
    still into the source as read. ``core_start`` is where this chunk's own
    content begins (``start`` plus the overlap it repeats from the previous chunk), so
    ``"".join(source[c.core_start:c.end] for c in chunks) == source``.
    """

    doc_id: str
    index: int
    start: int
    end: int
    core_start: int
    text: str
    token_count: int
    tokenizer: str
    unit: Unit
    strategy: str
    features: tuple[ChunkFeature, ...] = ()
    bbox: tuple[float, float, float, float] | None = None
    bbox_wgs84: tuple[float, float, float, float] | None = None
    crs: Frame | None = None
    text_kind: str = "source"  # "source", "generalized", "part" or "rewrapped"
    oversized: bool = False
    needs_fallback: bool = False
    generalized: Generalization | None = None
    part: Part | None = None
    flags: tuple[str, ...] = ()
    attributes: Mapping[str, Any] | None = None  # split parts repeat the parent's attributes
    chunker_version: str = CHUNKER_VERSION
    #: which context travels with each feature: ``(feature id, ("heading", "attributes", ...))``
    context: tuple[tuple[str, tuple[str, ...]], ...] = ()
    period: Period | None = None
    doc_sha256: str | None = None  # of the source text (UTF-8)
    collection: str | None = None
    version: str | None = None
    tokenizer_sha256: str | None = None  # the rank file's sha256 (None for the estimate)
    #: where the chunk came from in an extracted PDF (1-based pages) or HTML/DOCX (heading path)
    source_pages: tuple[int, ...] = ()
    section_path: tuple[str, ...] = ()

    def detach(self) -> "Chunk":
        """This chunk holding its own text (see :meth:`_SourceSlice.detach`) and its features'
        attributes as plain dicts (inside a ``ChunkSet`` they are read-only views over the
        document's attribute pairs): a detached chunk keeps nothing of its document and
        serialises with ``json.dumps(feature.attributes)`` as it reads.

        >>> from geochunk import ChunkConfig, chunk_text
        >>> text = "POINT (1 2)\\nParcel: P-1\\nUse: park\\n"
        >>> c = chunk_text(text, ChunkConfig(budget=64)).chunks[0]
        >>> d = c.detach()
        >>> d == c, type(d.features[0].attributes).__name__, d.features[0].attributes
        (True, 'dict', {'Parcel': 'P-1', 'Use': 'park'})
        """
        out = _SourceSlice.detach(self)

        def plain(value: Any) -> Any:
            return value if value is None or type(value) is dict else dict(value)

        if any(plain(f.attributes) is not f.attributes for f in out.features) or (
                plain(out.attributes) is not out.attributes):
            out = replace(out, attributes=plain(out.attributes), features=tuple(
                f if plain(f.attributes) is f.attributes else replace(f, attributes=plain(f.attributes))
                for f in out.features))
        return out
    extent_note: str | None = None  # why a chunk with features has no bbox / bbox_wgs84
    #: the headings the chunk sits under, outermost first (``("Appendix B", "Parcel LU-0012")``)
    headings: tuple[str, ...] = ()
    #: the info string of the fenced code block the chunk lies in or holds (the first, if it
    #: holds several): ``"wkt"``, ``"python"``, ``""`` for a bare fence; None when none
    fence: str | None = None
    #: ``"NFC"``/``"NFKC"`` when the text was normalised before chunking: then ``text`` is
    #: ``unicodedata.normalize(normalization, source[start:end])`` (offsets stay in the source)
    normalization: str | None = None

    _sliced = "text"  # a chunk whose text is the source slice reads it from the source

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict in the documented chunk schema."""
        d: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if hasattr(v, "to_dict"):
                v = v.to_dict()
            elif f.name == "features":
                v = [x.to_dict() for x in v]
            elif f.name == "context":
                v = [{"feature": fid, "attached": list(kinds)} for fid, kinds in v]
            elif isinstance(v, tuple):
                v = list(v)
            elif isinstance(v, Mapping):
                v = dict(v)
            d[f.name] = v
        return d

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=False)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Chunk":
        """Inverse of :meth:`to_dict`.

        >>> c = Chunk("d", 0, 0, 2, 0, "hi", 1, "cl100k_base", "document", "paragraph")
        >>> Chunk.from_dict(c.to_dict()) == c
        True
        """
        kw = dict(d)

        def box(v: Any) -> tuple[float, float, float, float] | None:
            return tuple(v) if v is not None else None  # type: ignore[return-value]

        kw["features"] = tuple(
            ChunkFeature(**{**f, "bbox": box(f.get("bbox")), "bbox_wgs84": box(f.get("bbox_wgs84"))})
            for f in kw.get("features", ())
        )
        kw["context"] = tuple(
            (x["feature"], tuple(x["attached"])) for x in kw.get("context", ())
        )
        if kw.get("period") is not None:
            kw["period"] = Period(**kw["period"])
        kw["bbox"] = box(kw.get("bbox"))
        kw["bbox_wgs84"] = box(kw.get("bbox_wgs84"))
        if kw.get("crs") is not None:
            crs = dict(kw["crs"])
            ev = crs.get("evidence")
            if isinstance(ev, Mapping):
                crs["evidence"] = Evidence(**{k: tuple(v) for k, v in ev.items()})
            kw["crs"] = Frame(**{**crs, "notes": tuple(crs.get("notes", ()))})
        if kw.get("generalized") is not None:
            kw["generalized"] = Generalization(**kw["generalized"])
        if kw.get("part") is not None:
            kw["part"] = Part(**kw["part"])
        kw["flags"] = tuple(kw.get("flags", ()))
        kw["headings"] = tuple(kw.get("headings", ()))
        kw["source_pages"] = tuple(kw.get("source_pages", ()))
        kw["section_path"] = tuple(kw.get("section_path", ()))
        return cls(**kw)


#: What ``ChunkConfig.encoding`` takes besides the names in :data:`ENCODINGS`.
OTHER_TOKENIZERS = (
    "a path to a Hugging Face tokenizer.json, a tokenizers.Tokenizer, a TokenCounter "
    "or a callable str -> int"
)


def tokenizer_json_path(encoding: Any) -> str | None:
    """The tokenizer JSON file ``encoding`` names: an existing ``*.json`` file, or a model folder
    holding ``tokenizer.json`` (as Hugging Face saves one); ``None`` otherwise."""
    if not isinstance(encoding, (str, os.PathLike)):
        return None
    path = os.fspath(encoding)
    if not isinstance(path, str):
        return None
    if path.endswith(".json") and os.path.isfile(path):
        return path
    inner = os.path.join(path, "tokenizer.json")
    return inner if os.path.isdir(path) and os.path.isfile(inner) else None


def check_budget(budget: Any, *, minimum: int = 1) -> int:
    """The one budget rule: a whole number of tokens (not a bool; numpy integers become
    ``int``), at least ``minimum`` (:data:`MIN_BUDGET` for chunking, 1 for checking chunks).

    >>> check_budget(512), check_budget(16, minimum=MIN_BUDGET)
    (512, 16)
    >>> check_budget(2.5)
    Traceback (most recent call last):
    ...
    geochunk.errors.ConfigError: budget must be a positive integer number of tokens, got 2.5
    >>> check_budget(8, minimum=MIN_BUDGET)
    Traceback (most recent call last):
    ...
    geochunk.errors.ConfigError: budget must be at least 16 tokens, got 8
    """
    if isinstance(budget, numbers.Integral) and not isinstance(budget, bool):
        budget = int(budget)
    whole = isinstance(budget, int) and not isinstance(budget, bool)
    if minimum <= 1 and not (whole and budget >= 1):
        raise ConfigError(f"budget must be a positive integer number of tokens, got {budget!r}")
    if not whole:
        raise ConfigError(f"budget must be an integer number of tokens, got {budget!r}")
    if budget < minimum:
        raise ConfigError(f"budget must be at least {minimum} tokens, got {budget}")
    return budget


def check_tolerance(tolerance: Any) -> float | str | None:
    """The one tolerance rule: ``None`` or ``"auto"`` (search for the smallest that fits), else
    a positive finite number in the frame's units (a numeric string is read as one).

    >>> check_tolerance("auto"), check_tolerance("0.5"), check_tolerance(2)
    ('auto', 0.5, 2)
    >>> check_tolerance(float("inf"))
    Traceback (most recent call last):
    ...
    geochunk.errors.ConfigError: tolerance must be a positive finite number, got inf
    """
    tol = tolerance
    if tol is None or (isinstance(tol, str) and tol == "auto"):
        return tol
    if isinstance(tol, str):
        try:
            tol = float(tol)
        except ValueError:
            raise ConfigError(f"tolerance must be a number in CRS units or 'auto', got {tol!r}") from None
    elif isinstance(tol, bool) or not isinstance(tol, numbers.Real):
        raise ConfigError(f"tolerance must be a number in CRS units, 'auto' or None, got {tol!r}")
    elif not isinstance(tol, (int, float)):  # numpy scalars and the like
        tol = float(tol)
    if not (tol > 0 and math.isfinite(tol)):
        raise ConfigError(f"tolerance must be a positive finite number, got {tol!r}")
    return tol


def _check_encoding(encoding: Any) -> None:
    """Accept a tiktoken name, an existing ``*.json`` path (or a folder holding
    ``tokenizer.json``), or a tokenizer-like object."""
    if isinstance(encoding, str) and encoding in ENCODINGS:
        return
    if isinstance(encoding, (str, os.PathLike)):
        path = os.fspath(encoding)
        if tokenizer_json_path(encoding) is not None:
            return
        what = "no such tokenizer.json" if isinstance(path, str) and path.endswith(".json") else "unknown encoding"
        if isinstance(path, str) and os.path.isdir(path):
            what = "no tokenizer.json in the folder"
        raise ConfigError(
            f"{what} {encoding!r}; valid values: {', '.join(ENCODINGS)}, {OTHER_TOKENIZERS}"
        )
    if _is_counter(encoding) or callable(encoding):
        return
    if callable(getattr(encoding, "encode", None)):
        return
    raise ConfigError(
        f"unknown encoding {encoding!r}; valid values: {', '.join(ENCODINGS)}, {OTHER_TOKENIZERS}"
    )


def _is_counter(obj: Any) -> bool:
    """Whether ``obj`` is a :class:`geochunk.tokens.counting.TokenCounter` (told by what it does: this
    module sits below :mod:`geochunk.tokens.counting`)."""
    return callable(getattr(obj, "count", None)) and hasattr(obj, "max_token_bytes") and hasattr(obj, "index")


@dataclass(frozen=True)
class ChunkConfig:
    """Every setting of a chunking run; checks itself on construction.

    ``tolerance`` is in the frame's units (metres for BNG, degrees for EPSG:4326), or ``"auto"``
    to search for the smallest tolerance (and coordinate precision) that fits the budget.
    """

    budget: int = 800
    encoding: Any = "cl100k_base"  # a tiktoken name, or see OTHER_TOKENIZERS
    strategy: str = "auto"
    oversize: str = "isolate"
    tolerance: float | str | None = None
    overlap: int = 0  # whole sentences (prose) or whole features (feature runs) repeated
    rewrap: bool = False  # FeatureCollection chunks re-wrapped as valid FeatureCollections
    attach_context: bool = True  # captions before / attribute blocks after travel with features
    attach_prose: bool = True  # a paragraph introducing a feature travels with it (when it fits)
    unit: str = "auto"  # one of UNIT_MODES
    collection: str | None = None  # provenance; default: the document's folder name
    version: str | None = None  # provenance; default: the first 16 hex digits of doc_sha256
    paragraph_threshold: float = 0.20
    feature_threshold: float = 0.50
    doc_id: str = "<stdin>"
    # generalize keeps the original (flagged) when simplifying changes the area by more than
    # this share (0.2 = 20%); None: no limit
    max_area_change: float | None = None
    # most geometries one document may hold (memory grows per geometry); more is an InputError
    max_features: int = DEFAULT_MAX_FEATURES
    # Unicode normalisation before chunking (one of NORMALIZE_FORMS); offsets stay in the source
    normalize: str = "none"
    # a counting function that fails part-way: False counts the rest of the document by the
    # estimate (an upper bound; chunks flagged token_estimate), True raises TokenizerError
    strict_tokens: bool = False

    def __post_init__(self) -> None:
        for name in ("budget", "overlap", "max_features"):  # numpy and other integral types become plain ints
            v = getattr(self, name)
            if isinstance(v, numbers.Integral) and not isinstance(v, (bool, int)):
                object.__setattr__(self, name, int(v))
        check_budget(self.budget, minimum=MIN_BUDGET)
        _check_encoding(self.encoding)
        if self.strategy not in STRATEGIES:
            raise ConfigError(
                f"unknown strategy {self.strategy!r}; valid values: {', '.join(STRATEGIES)}"
            )
        if self.oversize not in OVERSIZE_POLICIES:
            raise ConfigError(
                f"unknown oversize policy {self.oversize!r}; "
                f"valid values: {', '.join(OVERSIZE_POLICIES)}"
            )
        if isinstance(self.normalize, str) and self.normalize.lower() in NORMALIZE_FORMS:
            object.__setattr__(self, "normalize", self.normalize.lower())
        elif self.normalize is None:
            object.__setattr__(self, "normalize", "none")
        else:
            raise ConfigError(
                f"unknown normalize form {self.normalize!r}; valid values: {', '.join(NORMALIZE_FORMS)}"
            )
        if self.unit not in UNIT_MODES:
            raise ConfigError(f"unknown unit {self.unit!r}; valid values: {', '.join(UNIT_MODES)}")
        object.__setattr__(self, "tolerance", check_tolerance(self.tolerance))
        for name in ("overlap",):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int):
                raise ConfigError(f"{name} must be an integer, got {v!r}")
        for name in ("rewrap", "attach_context", "attach_prose"):
            if not isinstance(getattr(self, name), bool):
                raise ConfigError(f"{name} must be True or False, got {getattr(self, name)!r}")
        for name in ("paragraph_threshold", "feature_threshold"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                raise ConfigError(f"{name} must be a number between 0 and 1, got {v!r}")
        if not isinstance(self.doc_id, str):
            raise ConfigError(f"doc_id must be a str, got {self.doc_id!r}")
        for name in ("collection", "version"):
            v = getattr(self, name)
            if v is not None and not isinstance(v, str):
                raise ConfigError(f"{name} must be a str or None, got {v!r}")
        if self.overlap < 0:
            raise ConfigError(f"overlap must be >= 0, got {self.overlap}")
        mf = self.max_features
        if isinstance(mf, bool) or not isinstance(mf, int) or mf < 1:
            raise ConfigError(f"max_features must be a positive integer, got {mf!r}")
        mac = self.max_area_change
        if mac is not None and (isinstance(mac, bool) or not isinstance(mac, (int, float))
                                or not 0 <= mac < float("inf")):
            raise ConfigError(f"max_area_change must be a share >= 0 (0.2 = 20%), got {mac!r}")
        if not 0.0 <= self.paragraph_threshold <= self.feature_threshold <= 1.0:
            raise ConfigError(
                "thresholds must satisfy 0 <= paragraph_threshold <= feature_threshold <= 1, got "
                f"{self.paragraph_threshold} and {self.feature_threshold}"
            )

    def with_(self, **changes: Any) -> "ChunkConfig":
        """A copy with some settings changed (validated again)."""
        return replace(self, **changes)
