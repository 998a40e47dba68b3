"""The oversize escape: what happens to one no-cut unit that is larger than the token budget.

A unit (a geometry plus the caption line before it and the attribute block after it) is never
cut. :func:`escape` applies one of three policies (``ChunkConfig.oversize``):

* ``isolate`` (default) - the unit is emitted alone and whole, flagged oversized.
* ``generalize`` - the geometry text is replaced by a topology-preserving simplification
  (shapely ``simplify(tolerance, preserve_topology=True)``), checked valid (``make_valid`` within
  the same type family, else the original is kept). A geometry that crosses itself too often
  for GEOS to simplify and repair in bounded time (:func:`crossing_work`, bounded work itself) is
  isolated instead, flagged ``too_many_crossings``. With ``tolerance="auto"`` (or ``None``) a
  deterministic search finds the smallest tolerance - and the coarsest coordinate precision that
  stays within it - whose *real* token count of the full output fits the budget.
* ``split`` - a multipart geometry is emitted part by part; every part repeats the context.

Only the geometry text is replaced: the context before and after it is kept verbatim, and the new
geometry keeps the source format (WKT stays WKT with its ``SRID=n;`` prefix, a GeoJSON Feature
stays a Feature with the same id and properties, a bare GeoJSON geometry stays one; hex (E)WKB
keeps its byte order, flavour and SRID, GML and KML their element names, prefix and srsName).
The source text itself is never cut, and unparseable spans are always isolated.

>>> import shapely
>>> from types import SimpleNamespace
>>> from geochunk.model import Span
>>> wkt = "LINESTRING (0 0, 1 0.001, 2 0, 3 0.001, 4 0)"
>>> unit = "Road: " + wkt + "\\nName: A1\\n"
>>> parsed = SimpleNamespace(geometry=shapely.from_wkt(wkt), linearized=False, error=None)
>>> class Words:  # a stand-in counter: one token per whitespace-separated word
...     def count(self, text): return len(text.split())
>>> (e,) = escape(unit, (6, 6 + len(wkt)), Span(6, 6 + len(wkt), "wkt", "LINESTRING", wkt),
...               parsed, policy="generalize", tolerance=0.01, budget=8, counter=Words(),
...               feature_id="A1")
>>> e.text, e.text_kind, e.token_count, e.flags
('Road: LINESTRING (0 0, 4 0)\\nName: A1\\n', 'generalized', 8, ('oversized', 'generalized'))
>>> e.generalized.vertices_before, e.generalized.vertices_after, e.generalized.hausdorff
(5, 2, 0.001)
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
from dataclasses import dataclass
from typing import Any, Callable, Protocol

import numpy as np
import shapely

from geochunk.detection.encodings import ENCODED_KINDS, holds_solid, is_whole
from geochunk.detection.encodings.layout import encoded_layout, quoted_layout, source_decimals
from geochunk.errors import ConfigError
from geochunk.detection.geometry import held
from geochunk.model import OVERSIZE_POLICIES, Flag, Generalization, Part, Span, check_budget, check_tolerance

__all__ = ["CrossingWork", "Escaped", "TEXT_KINDS", "bounded_make_valid", "crossing_work", "escape",
           "source_decimals"]

#: The values of :attr:`Escaped.text_kind`.
TEXT_KINDS: tuple[str, ...] = ("source", "generalized", "part")

_MULTI = {"MultiPoint", "MultiLineString", "MultiPolygon", "GeometryCollection"}
_AS_MULTI = {
    "Point": shapely.MultiPoint, "LineString": shapely.MultiLineString, "Polygon": shapely.MultiPolygon,
}  # fmt: skip
_FAMILY = {
    "Point": "point",
    "MultiPoint": "point",
    "LineString": "line",
    "LinearRing": "line",
    "MultiLineString": "line",
    "Polygon": "polygon",
    "MultiPolygon": "polygon",
    "GeometryCollection": "collection",
}
_LOW_FACTOR = 1e-9  # the auto search starts at 1e-9 x the bbox diagonal ...
_STOP_RATIO = 1.02  # ... and stops when its bracket is within 2 %
_MAX_STEPS = 24  # hard cap on bisection steps (each one counts tokens once)
_MAX_DECIMALS = 15  # beyond this a double carries no more decimal information
_HAUSDORFF_DIRECT = 4_000_000  # vertex pairs up to which GEOS's O(n*m) Hausdorff is used
# GEOS's validity check, simplifier and make_valid all slow down faster than linearly in the
# times a geometry crosses itself (make_valid: 1,200 crossings 0.6 s, 10,000 crossings 17 s; a
# random 200,000-vertex ring took 10 s in is_valid alone and minutes in simplify). Generalize
# first counts crossings with bounded work and refuses above these (``too_many_crossings``).
_MAX_CROSSINGS = 1_000  # segment pairs that cross
_MAX_PAIRS = 2_000_000  # segment pairs whose boxes meet, read to count them (+ 32 per segment:
# a valid ring with radial noise, 0 crossings, has ~29 per segment and GEOS handles it like a
# smooth one; 8 refused a 200,000-vertex one as too_many_crossings)
_PAIRS_PER_SEGMENT = 32


class _Counter(Protocol):
    def count(self, text: str) -> int: ...


class _ParsedLike(Protocol):
    geometry: Any
    linearized: bool
    error: str | None


@dataclass(frozen=True)
class Escaped:
    """One chunk body produced by the escape.

    ``text`` is the full chunk text (context included); ``geometry`` the shapely geometry that
    text carries (for the bbox; for source text, what :func:`geochunk.detection.geometry.held` keeps of
    the parse: a large GeoJSON MultiPoint's GEOS geometry is not built for it). ``text_kind``
    is one of :data:`TEXT_KINDS`: ``"source"`` means ``text`` is exactly the unit's source text.
    """

    text: str
    text_kind: str
    token_count: int
    geometry: object | None
    generalized: Generalization | None = None
    part: Part | None = None
    flags: tuple[str, ...] = ()


def escape(
    unit_text: str,
    span_rel: tuple[int, int],
    span: Span,
    parsed: _ParsedLike,
    *,
    policy: str,
    tolerance: float | str | None,
    budget: int,
    counter: _Counter,
    feature_id: str,
    source_tokens: int | None = None,
    max_area_change: float | None = None,
) -> tuple[Escaped, ...]:
    """Emit one oversized unit under ``policy`` without ever cutting its source text.

    ``unit_text`` is the whole unit, ``span_rel`` the geometry's ``(start, end)`` within it;
    ``parsed`` is ``geometry.parse_span(span)`` (anything with ``geometry``, ``linearized`` and
    ``error``). Every body carries ``oversized``; ``needs_fallback`` is added to any body still
    over ``budget`` (always so for an isolated oversized unit). A unit that already fits is
    returned unchanged, unflagged.

    Tokens are counted with ``counter.count`` on the full output text; pass ``source_tokens``
    when the unit's own count is already known (the pipeline's token index has it). ``tolerance`` is in the
    frame's units, or ``"auto"``; ``None`` means ``"auto"`` for ``generalize``. With
    ``max_area_change`` (a share: 0.2 = 20%), a simplification that changes the area by more
    keeps the original text, isolated and flagged, its ``generalized`` record saying what the
    refused simplification would have done (``fits`` False).

    >>> class Chars:
    ...     def count(self, text): return len(text)
    >>> from types import SimpleNamespace
    >>> p = SimpleNamespace(geometry=shapely.from_wkt("MULTIPOINT ((1 2), (3 4))"),
    ...                     linearized=False, error=None)
    >>> s = Span(0, 25, "wkt", "MULTIPOINT", "MULTIPOINT ((1 2), (3 4))")
    >>> [(e.text, e.part.index, e.part.of) for e in escape("MULTIPOINT ((1 2), (3 4))", (0, 25),
    ...     s, p, policy="split", tolerance=None, budget=16, counter=Chars(), feature_id="f")]
    [('POINT (1 2)', 0, 2), ('POINT (3 4)', 1, 2)]
    >>> escape("x", (0, 1), s, p, policy="shrink", tolerance=None, budget=16, counter=Chars(),
    ...        feature_id="f")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    geochunk.errors.ConfigError: unknown oversize policy 'shrink'; valid values: isolate, ...
    """
    if policy not in OVERSIZE_POLICIES:
        raise ConfigError(
            f"unknown oversize policy {policy!r}; valid values: {', '.join(OVERSIZE_POLICIES)}"
        )
    budget = check_budget(budget)
    tol = check_tolerance(tolerance)
    tol = None if tol is None or isinstance(tol, str) else float(tol)  # None: the search
    a, b = span_rel
    if not 0 <= a <= b <= len(unit_text):
        raise ConfigError(f"span_rel {span_rel!r} is outside a unit of length {len(unit_text)}")

    if source_tokens is None:
        source_tokens = counter.count(unit_text)
    if source_tokens <= budget:
        return (Escaped(unit_text, "source", source_tokens, held(parsed)),)

    problem = _problem_flags(span, parsed)
    if policy == "isolate" or problem:  # whole, as it stands: no geometry is built for it
        return (_isolated(unit_text, source_tokens, held(parsed), budget, problem),)
    geom = parsed.geometry
    if geom is None:
        return (_isolated(unit_text, source_tokens, geom, budget, problem),)
    if policy == "split" and is_whole(span):  # a solid is not multipart: its faces are no parts
        return (_isolated(unit_text, source_tokens, geom, budget, (Flag.SPLIT_WHOLE,)),)
    layout = _Layout.of(unit_text, span_rel, span)
    if layout is None:
        return (_isolated(unit_text, source_tokens, geom, budget, problem),)
    extra = (Flag.LINEARIZED,) if parsed.linearized else ()
    if policy == "split":
        return _split(layout, geom, unit_text, source_tokens, budget, counter, feature_id, extra)
    if holds_solid(span):
        # the simplifier works in plan, where a closed solid's faces overlap (roof over floor,
        # walls on edge): its repair gave the footprint at one height, written as a Polygon or
        # a MultiGeometry inside lod1Solid, reported hausdorff 0. Kept whole instead.
        n = int(shapely.get_num_coordinates(geom))
        kept = Generalization(tolerance=0.0, vertices_before=n, vertices_after=n, hausdorff=0.0,
                              area_change=0.0, valid=False, auto=tol is None, fits=False)
        return (_isolated(unit_text, source_tokens, geom, budget, extra, kept),)
    if not crossing_work(geom).affordable:
        return (_isolated(unit_text, source_tokens, geom, budget, (*extra, Flag.TOO_MANY_CROSSINGS)),)
    out = _generalize(layout, geom, unit_text, source_tokens, tol, budget, counter, extra)
    g = out.generalized
    if (max_area_change is not None and out.text_kind == "generalized" and g is not None
            and g.area_change > max_area_change):
        refused = dataclasses.replace(g, fits=False)
        return (_isolated(unit_text, source_tokens, geom, budget, extra, refused),)
    return (out,)


# ------------------------------------------------------------------------------------------------
# policies


def _isolated(
    unit_text: str,
    tokens: int,
    geom: object | None,
    budget: int,
    extra: tuple[str, ...] = (),
    generalized: Generalization | None = None,
) -> Escaped:
    flags = (Flag.OVERSIZED, *extra)
    if tokens > budget:
        flags += (Flag.NEEDS_FALLBACK,)
    return Escaped(unit_text, "source", tokens, geom, generalized=generalized, flags=flags)


def _split(
    layout: "_Layout",
    geom: Any,
    unit_text: str,
    source_tokens: int,
    budget: int,
    counter: _Counter,
    feature_id: str,
    extra: tuple[str, ...],
) -> tuple[Escaped, ...]:
    parts = shapely.get_parts(geom) if geom.geom_type in _MULTI else np.array([geom])
    if len(parts) < 2:
        return (_isolated(unit_text, source_tokens, geom, budget, (Flag.SPLIT_NOT_MULTIPART,)),)
    out = []
    for i, part in enumerate(parts):
        text = layout.render(part, None)
        n = counter.count(text)
        flags = (Flag.OVERSIZED, Flag.SPLIT_PART, *extra)
        if n > budget:
            flags += (Flag.NEEDS_FALLBACK,)
        where = Part(feature_id, i, len(parts))
        out.append(Escaped(text, "part", n, part, part=where, flags=flags))
    return tuple(out)


@dataclass(frozen=True)
class _Candidate:
    tolerance: float
    geometry: Any
    precision: int | None
    text: str
    tokens: int


def _generalize(
    layout: "_Layout",
    geom: Any,
    unit_text: str,
    source_tokens: int,
    tolerance: float | None,
    budget: int,
    counter: _Counter,
    extra: tuple[str, ...],
) -> Escaped:
    auto = tolerance is None
    counts: dict[str, int] = {unit_text: source_tokens}  # each distinct text counted once
    widest = getattr(counter, "max_token_bytes", None)  # a token covers at most this many characters

    def count(text: str, bounded: bool) -> int:
        if text not in counts:
            if bounded and widest and -(-len(text) // widest) > budget:
                # the search only asks whether it fits: at least this many tokens, over the budget
                return -(-len(text) // widest)
            counts[text] = counter.count(text)
        return counts[text]

    def attempt(t: float, bounded: bool = False) -> _Candidate | None:
        simplified = _repair(_same_kind(shapely.simplify(geom, t, preserve_topology=True), geom), geom)
        if simplified is None:
            return None
        precisions = _precisions(t, layout.decimals) if auto else [None]
        for p in precisions:
            g = simplified if p is None else _repair_rounded(_round(simplified, p), geom)
            if g is not None:
                text = layout.render(g, p)
                return _Candidate(t, g, p, text, count(text, bounded))
        return None

    xmin, ymin, xmax, ymax = shapely.bounds(geom)
    diagonal = math.hypot(xmax - xmin, ymax - ymin)
    degenerate = not (diagonal > 0 and math.isfinite(diagonal))
    best: _Candidate | None
    if tolerance is not None:
        best = attempt(tolerance)
    elif degenerate:
        best = None  # a single position: nothing to simplify, no tolerance to round within
    else:
        best = _search(diagonal, budget, attempt)
    n_before = int(shapely.get_num_coordinates(geom))
    if best is None or (best.tokens > budget and best.tokens >= source_tokens):
        # nothing usable (invalid, empty) or nothing smaller than the source: keep the source
        record = Generalization(
            tolerance=float(best.tolerance if best else (tolerance or 0.0)),
            vertices_before=n_before,
            vertices_after=n_before,
            hausdorff=0.0,
            area_change=0.0,
            valid=best is not None or (auto and degenerate and bool(geom.is_valid)),
            precision=None,
            auto=auto,
            fits=False,
        )
        return _isolated(unit_text, source_tokens, geom, budget, extra, record)
    fits = best.tokens <= budget
    record = Generalization(
        tolerance=float(best.tolerance),
        vertices_before=n_before,
        vertices_after=int(shapely.get_num_coordinates(best.geometry)),
        hausdorff=_hausdorff(geom, best.geometry),
        area_change=_area_change(geom, best.geometry),
        valid=bool(shapely.is_valid(best.geometry)),
        precision=best.precision if auto else None,
        auto=auto,
        fits=fits,
    )
    flags = (Flag.OVERSIZED, Flag.GENERALIZED, *extra)
    if not fits:
        flags += (Flag.NEEDS_FALLBACK,)
    return Escaped(best.text, "generalized", best.tokens, best.geometry, record, flags=flags)


def _search(
    diagonal: float, budget: int, attempt: Callable[..., _Candidate | None]
) -> _Candidate | None:
    """Bisect the tolerance on a log scale between 1e-9 x and 1 x the bbox diagonal.

    Returns the candidate at the smallest tolerance found that fits (the bracket is narrowed to
    ``_STOP_RATIO``), or - when even the diagonal does not fit - the one at the diagonal, the
    smallest text there is. Deterministic; at most ``_MAX_STEPS + 2`` attempts, each counting
    tokens once (about 12 in practice).
    """
    lo, hi = diagonal * _LOW_FACTOR, diagonal
    top = attempt(hi)  # exact: it is returned even when it does not fit
    if top is None or top.tokens > budget:
        return top
    # the others only need "fits or not": a text too long to fit is not counted (``bounded``)
    bottom = attempt(lo, True)
    if bottom is not None and bottom.tokens <= budget:
        return bottom
    best = top
    for _ in range(_MAX_STEPS):
        if hi / lo <= _STOP_RATIO:
            break
        mid = math.sqrt(lo * hi)
        c = attempt(mid, True)
        if c is not None and c.tokens <= budget:
            hi, best = mid, c
        else:
            lo = mid
    return best


def _precisions(tolerance: float, source: int | None) -> list[int | None]:
    """Decimals to try, coarsest first: from the coarsest whose rounding error (at most
    ``0.5 * sqrt(2) * 10**-d``) stays within ``tolerance``, up to the source's own, then none."""
    finest = _MAX_DECIMALS if source is None else min(source, _MAX_DECIMALS)
    coarsest = math.ceil(math.log10(math.sqrt(0.5) / tolerance))
    coarsest = min(max(coarsest, 0), finest)
    return [*range(coarsest, finest + 1), None]


def _problem_flags(span: Span, parsed: _ParsedLike) -> tuple[str, ...]:
    if span.status == "unclosed":
        return (Flag.UNCLOSED_GEOMETRY,)
    if span.status != "ok" or parsed.error:
        return (Flag.UNPARSEABLE_SPAN,)
    return ()


# ------------------------------------------------------------------------------------------------
# geometry helpers


def _family(geom: Any) -> str:
    return _FAMILY.get(geom.geom_type, "other")


def _same_kind(candidate: Any, original: Any) -> Any:
    """``candidate`` as a one-part multi geometry when ``original`` is a multi geometry and GEOS
    simplified it to a single part (a ``geometry(MultiPolygon)`` column takes no POLYGON back).

    >>> _same_kind(shapely.Polygon([(0, 0), (1, 0), (1, 1)]), shapely.MultiPolygon()).geom_type
    'MultiPolygon'
    """
    multi = _AS_MULTI.get(candidate.geom_type)
    if multi is not None and original.geom_type == multi.__name__:
        return multi([candidate])
    return candidate


@dataclass(frozen=True)
class CrossingWork:
    """What :func:`crossing_work` found: ``crossings`` counted (a lower bound when it stopped
    early), ``pairs`` of segments read (its work), and whether GEOS may be given the geometry."""

    affordable: bool
    crossings: int
    pairs: int


def crossing_work(geom: Any) -> CrossingWork:
    """Count the segment pairs of ``geom`` that cross, stopping as soon as there are more than
    ``_MAX_CROSSINGS`` or more than ``_MAX_PAIRS`` (+ 32 per segment) pairs whose boxes meet.

    Segments are queried a batch at a time from an STR tree, each batch small enough that it
    reads at most the pair bound, so the work is bounded whatever the shape (a star whose
    every edge's box holds the centre, a random ring crossing itself everywhere).

    >>> crossing_work(shapely.from_wkt("POLYGON ((0 0, 2 0, 2 2, 0 2, 0 0))"))
    CrossingWork(affordable=True, crossings=0, pairs=12)
    >>> crossing_work(shapely.from_wkt("POLYGON ((0 0, 2 2, 2 0, 0 2, 0 0))")).crossings
    1
    """
    if geom is None or geom.is_empty:
        return CrossingWork(True, 0, 0)
    p, q = _segment_ends(geom)
    n = len(p)
    if n < 2:
        return CrossingWork(True, 0, 0)
    bound = _MAX_PAIRS + _PAIRS_PER_SEGMENT * n
    step = max(1, bound // n)  # a batch reads at most step * n <= bound pairs
    tree = shapely.STRtree(shapely.linestrings(np.stack([p, q], axis=1)))
    boxes = tree.geometries
    crossings = pairs = 0
    for lo in range(0, n, step):
        a, b = tree.query(boxes[lo : lo + step])
        pairs += len(a)
        if pairs > bound:
            return CrossingWork(False, crossings, pairs)
        a = a + lo
        once = a < b
        crossings += _proper_crossings(p, q, a[once], b[once])
        if crossings > _MAX_CROSSINGS:
            return CrossingWork(False, crossings, pairs)
    return CrossingWork(True, crossings, pairs)


def bounded_make_valid(geom: Any) -> Any | None:
    """GEOS's ``make_valid`` of ``geom`` when :func:`crossing_work` finds it affordable, else
    ``None``: the one rule for every repair (the escape's generalizer, the map's display
    repair, a drawn search region), so no repair costs more than a bounded count plus a
    ``make_valid`` of at most ``_MAX_CROSSINGS`` crossings. A valid geometry comes back as is.

    >>> bounded_make_valid(shapely.from_wkt("POLYGON ((0 0, 2 2, 2 0, 0 2, 0 0))")).geom_type
    'MultiPolygon'
    >>> import numpy as np
    >>> xy = np.random.default_rng(0).random((300, 2))  # a ring crossing itself ~10,000 times
    >>> bounded_make_valid(shapely.Polygon(np.vstack([xy, xy[:1]]))) is None
    True
    """
    if geom is None or geom.is_valid:
        return geom
    if not crossing_work(geom).affordable:
        return None
    return shapely.make_valid(geom)


def _segment_ends(geom: Any) -> tuple[Any, Any]:
    """Start and end points (two ``(n, 2)`` arrays) of every segment of ``geom``."""
    starts: list[Any] = []
    ends: list[Any] = []
    stack = [geom]
    while stack:
        g = stack.pop()
        if g.is_empty:
            continue
        kind = g.geom_type
        if kind in _MULTI:
            stack.extend(shapely.get_parts(g))
        elif kind == "Polygon":
            stack.extend(shapely.get_rings(g))
        elif kind != "Point":
            xy = shapely.get_coordinates(g)
            starts.append(xy[:-1])
            ends.append(xy[1:])
    if not starts:
        return np.empty((0, 2)), np.empty((0, 2))
    return np.concatenate(starts), np.concatenate(ends)


def _proper_crossings(p: Any, q: Any, a: Any, b: Any) -> int:
    """How many segment pairs ``(a[k], b[k])`` cross at a point inside both (orientation signs,
    vectorised; segments that only touch or overlap along a line do not count)."""
    if len(a) == 0:
        return 0
    p1, p2, q1, q2 = p[a], q[a], p[b], q[b]

    def side(o: Any, d: Any, r: Any) -> Any:
        return np.sign((d[:, 0] - o[:, 0]) * (r[:, 1] - o[:, 1]) - (d[:, 1] - o[:, 1]) * (r[:, 0] - o[:, 0]))

    cross = (side(p1, p2, q1) * side(p1, p2, q2) < 0) & (side(q1, q2, p1) * side(q1, q2, p2) < 0)
    return int(np.count_nonzero(cross))


def _repair(candidate: Any, original: Any) -> Any | None:
    """``candidate`` if valid and non-empty, else its ``make_valid`` within the original's type
    family (polygons stay polygonal, lines lineal), else ``None`` (also when it crosses itself
    too often for ``make_valid`` to be affordable)."""
    if candidate is None or (candidate.is_empty and not original.is_empty):
        return None
    if candidate.is_valid:
        return candidate
    fixed = bounded_make_valid(candidate)
    if fixed is None:
        return None
    family = _family(original)
    if family != "collection" and _family(fixed) != family:
        keep = [p for p in shapely.get_parts(fixed) if _family(p) == family]
        if not keep:
            return None
        fixed = shapely.union_all(keep) if len(keep) > 1 else keep[0]
        if _family(fixed) != family:
            return None
    return fixed if fixed.is_valid and not fixed.is_empty else None


def _repair_rounded(candidate: Any, original: Any) -> Any | None:
    """A rounded geometry is only used as is: valid, non-empty, same type family."""
    if candidate.is_empty or not candidate.is_valid or _family(candidate) != _family(original):
        return None
    return candidate


def _round(geom: Any, decimals: int) -> Any:
    return shapely.transform(geom, lambda c: np.round(c, decimals), include_z=None)


def _area_change(before: Any, after: Any) -> float:
    a0 = float(shapely.area(before))
    if a0 <= 0:
        return 0.0
    return abs(float(shapely.area(after)) - a0) / a0


def _linework(geom: Any) -> Any:
    """Segments (and lone points) of ``geom`` as an array of shapely geometries."""
    pieces: list[Any] = []
    stack = [geom]
    while stack:
        g = stack.pop()
        kind = g.geom_type
        if g.is_empty:
            continue
        if kind in _MULTI:
            stack.extend(shapely.get_parts(g))
        elif kind == "Polygon":
            stack.extend(shapely.get_rings(g))
        elif kind == "Point":
            pieces.append(g)
        else:
            xy = shapely.get_coordinates(g)
            if len(xy) == 1:
                pieces.append(shapely.points(xy[0]))
            else:
                pieces.extend(shapely.linestrings(np.stack([xy[:-1], xy[1:]], axis=1)))
    return np.array(pieces, dtype=object)


def _directed(a: Any, b: Any) -> float:
    """Largest distance from a vertex of ``a`` to ``b`` (an STRtree over b's segments)."""
    xy = shapely.get_coordinates(a)
    lines = _linework(b)
    if len(xy) == 0 or len(lines) == 0:
        return 0.0
    tree = shapely.STRtree(lines)
    _, dist = tree.query_nearest(shapely.points(xy), return_distance=True, all_matches=False)
    return float(dist.max()) if len(dist) else 0.0


def _hausdorff(a: Any, b: Any) -> float:
    """Discrete Hausdorff distance (vertices to linework, both ways), as GEOS defines it.

    GEOS is O(n x m); above ``_HAUSDORFF_DIRECT`` vertex pairs the same distance is computed
    with a spatial index in O((n + m) log m).
    """
    if a.is_empty or b.is_empty:
        return 0.0
    pairs = int(shapely.get_num_coordinates(a)) * int(shapely.get_num_coordinates(b))
    if pairs <= _HAUSDORFF_DIRECT:
        return float(shapely.hausdorff_distance(a, b))
    return max(_directed(a, b), _directed(b, a))


# ------------------------------------------------------------------------------------------------
# text in the source format


def _number(v: float) -> str:
    """Shortest text that reads back as exactly ``v`` (integral values without ``.0``)."""
    return str(int(v)) if v.is_integer() and abs(v) < 2**53 else repr(v)


def _wkt_coords(geom: Any, z: bool, m: bool) -> str:
    rows = shapely.get_coordinates(geom, include_z=z, include_m=m).tolist()
    return ", ".join(" ".join(_number(v) for v in row) for row in rows)


def _wkt_body(geom: Any, z: bool, m: bool) -> str:
    """The parenthesised WKT text of ``geom`` (``EMPTY`` for an empty geometry)."""
    if geom.is_empty:
        return "EMPTY"
    kind = geom.geom_type
    if kind in ("Point", "LineString", "LinearRing"):
        return f"({_wkt_coords(geom, z, m)})"
    if kind == "Polygon":
        rings = [geom.exterior, *geom.interiors]
        return "(" + ", ".join(f"({_wkt_coords(r, z, m)})" for r in rings) + ")"
    if kind == "GeometryCollection":
        return "(" + ", ".join(_wkt(g) for g in geom.geoms) + ")"
    return "(" + ", ".join(_wkt_body(g, z, m) for g in geom.geoms) + ")"


def _wkt(geom: Any) -> str:
    """Lossless WKT: every coordinate in Python's shortest round-trip form (GEOS's writer
    drops the 17th significant digit); Z and M kept.

    >>> _wkt(shapely.from_wkt("MULTIPOLYGON Z (((0 0 1, 1 0 1, 1 1 1, 0 0 1)), EMPTY)"))
    'MULTIPOLYGON Z (((0 0 1, 1 0 1, 1 1 1, 0 0 1)), EMPTY)'
    >>> _wkt(shapely.Point(0.1, 1.0000000000000002))
    'POINT (0.1 1.0000000000000002)'
    """
    z, m = bool(shapely.has_z(geom)), bool(shapely.has_m(geom))
    dims = " ZM" if z and m else " Z" if z else " M" if m else ""
    return f"{geom.geom_type.upper()}{dims} {_wkt_body(geom, z, m)}"


def _plain(value: Any) -> Any:
    """Integral floats as ints (``1.0`` -> ``1``) throughout nested coordinate lists."""
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return int(value)
    return value


def _geojson_geometry(geom: Any) -> dict[str, Any]:
    g = json.loads(shapely.to_geojson(geom))
    if "coordinates" in g:
        g["coordinates"] = _plain(g["coordinates"])
    if "geometries" in g:
        for i, member in enumerate(geom.geoms):
            g["geometries"][i] = _geojson_geometry(member)
    return g


def _bbox(geom: Any, precision: int | None) -> list[Any]:
    box = [float(v) for v in shapely.bounds(geom)]
    if precision is not None:
        box = [round(v, precision) for v in box]
    return _plain(box)


@dataclass(frozen=True)
class _Layout:
    """The unit split into context before, geometry (in its source format) and context after."""

    before: str
    after: str
    kind: str  # "wkt", "geojson_geometry" or "geojson_feature"
    prefix: str  # "SRID=n;" as written, WKT only
    members: tuple[tuple[str, Any], ...]  # the GeoJSON object's members, in source order
    decimals: int | None  # most decimals the source geometry text uses

    @classmethod
    def of(cls, unit_text: str, span_rel: tuple[int, int], span: Span) -> "_Layout | None":
        """The layout of ``span`` within ``unit_text``; ``None`` if its text cannot be rebuilt."""
        a, b = span_rel
        if span.kind != "wkt" and span.kind != "wkb":
            # GeoJSON, GML or KML escaped in a JSON string or CSV cell: laid out decoded,
            # written back escaped (None when the source is not such a string)
            quoted = quoted_layout(unit_text, span_rel, span, cls.of)
            if quoted is not None:
                return quoted  # type: ignore[return-value]
        if span.kind in ENCODED_KINDS:  # hex (E)WKB, GML, KML: rewritten in their encoding
            return encoded_layout(unit_text, span_rel, span)  # type: ignore[return-value]
        source = unit_text[a:b]
        before, after = unit_text[:a], unit_text[b:]
        decimals = source_decimals(span.geometry_text)
        if span.kind == "wkt":
            prefix = ""
            if span.srid is not None:
                cut = source.find(";")
                if cut < 0:
                    return None
                prefix = source[: cut + 1]
            return cls(before, after, "wkt", prefix, (), decimals)
        try:
            obj = json.loads(source)
        except ValueError:
            return None
        if not isinstance(obj, dict):
            return None
        if span.kind == "geojson_feature" and "geometry" not in obj:
            return None
        return cls(before, after, span.kind, "", tuple(obj.items()), decimals)

    def render(self, geom: Any, precision: int | None) -> str:
        """The full unit text with ``geom`` written in place of the source geometry."""
        return self.before + self._geometry_text(geom, precision) + self.after

    def _geometry_text(self, geom: Any, precision: int | None) -> str:
        if self.kind == "wkt":
            return self.prefix + _wkt(geom)
        new = _geojson_geometry(geom)
        out: dict[str, Any] = {}
        if self.kind == "geojson_feature":
            for key, value in self.members:
                if key == "geometry":
                    out[key] = new
                elif key == "bbox":
                    out[key] = _bbox(geom, precision)
                else:
                    out[key] = value
        else:
            out.update(new)
            for key, value in self.members:
                if key == "bbox":
                    out[key] = _bbox(geom, precision)
                elif key not in ("type", "coordinates", "geometries"):
                    out[key] = value
        return json.dumps(out, ensure_ascii=False, separators=(",", ":"))
