"""Scope frame declarations over a document and give every geometry span a graded frame.

Scope rules:

* an EWKT ``SRID=n;`` prefix, or a ``crs`` member / declaration inside a GeoJSON Feature,
  applies to that feature only;
* a FeatureCollection's ``crs`` member applies to its features;
* any other declaration applies from where it is made until the next one that names a different
  frame (a new section or appendix takes over); geometry before the first declaration gets the
  first one, with lower confidence and a note; repeating the same frame ("British National Grid
  (EPSG:27700)") keeps the scope and its strongest form;
* a *weak* declaration, a frame name with no digit in it ("British National Grid", "RD New",
  "Web Mercator", a projection part, or an ambiguous name), takes over only where the coordinates
  fit it; where they do not and the frame in effect before it fits, that one stays (prose
  mentions "New Jersey" or "Puerto Rico" without meaning a frame). A weak *geographic* name
  never displaces an earlier frame that fits, since lon/lat values fit every geographic frame
  whose area covers them;
* a GeoJSON object with no ``crs`` of its own takes the declaration in scope when its coordinates
  fit it, else the RFC 7946 default (WGS 84 lon/lat) when they are lon/lat;
* with no declaration at all, lon/lat-looking coordinates give a flagged EPSG:4326 guess
  (confidence 0.3), anything else the flagged EPSG:4326 fallback (confidence 0).

Every candidate is checked against a sample of the coordinates it governs (see ``validate.py``)
and graded (see ``grade.py``).

>>> import shapely
>>> from geochunk.model import Detection, Span
>>> text = "Sites (EPSG:27700): POINT (530000 180000)"
>>> span = Span(20, 41, "wkt", "POINT", "POINT (530000 180000)")
>>> report = resolve_frames(text, Detection((span,)), [shapely.from_wkt(span.geometry_text)])
>>> f = report.frame_for(0)
>>> f.epsg, f.confidence, f.source, f.flagged
(27700, 0.95, 'explicit_code', False)
"""

from __future__ import annotations

import bisect
import json
import math
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any, Sequence

import numpy as np

from geochunk.model import FALLBACK_FRAME, Detection, Evidence, Frame
from geochunk.crs.database import WGS84, area_size, crs_facts, label, preferred_order, projection_lonlat
from geochunk.crs.declarations import Declaration, declare_code, find_declarations, parse_crs_member
from geochunk.crs.grade import (
    coordinates_frame,
    fallback_frame,
    frame_from_check,
    rfc7946_frame,
)
from geochunk.crs.validate import Check, check, expect, sample_many
from geochunk.crs.work import current, document_work
from geochunk.crs.candidates import listing
from geochunk.crs.infer import infer_from_places, infer_many
from geochunk.crs.places import names_any, near_words
from geochunk.crs.zones import choose_zone, choose_zones

__all__ = ["FrameScope", "FrameReport", "resolve_frames", "merge_frames", "strength", "index_ranges"]

_SCOPE_SAMPLE_CAP = 500  # points used to grade a whole scope


@dataclass(frozen=True)
class FrameScope:
    """A run of text governed by one prose declaration (``declaration`` indexes
    ``FrameReport.declarations``), the frame it yields there and the features it governs."""

    start: int
    end: int
    declaration: int
    frame: Frame
    features: tuple[int, ...] = ()


class SpanRanges(Sequence):
    """``tuple((s.start, s.end) for s in spans)`` read from the spans when asked: equal to (and
    hashed, shown and pickled as) that tuple, without holding a pair a span beside the spans
    (64 bytes each, 0.28x the text of a GeoJSON of 20k small features; issue #13).

    >>> from geochunk.model import Span
    >>> r = SpanRanges((Span(0, 3, "wkt", "POINT", "abc"), Span(5, 9, "wkt", "POINT", "defg")))
    >>> r, r[1], r == ((0, 3), (5, 9)), len(r), bisect.bisect_right(r, (5, float("inf")))
    (((0, 3), (5, 9)), (5, 9), True, 2, 2)
    """

    __slots__ = ("_spans",)

    def __init__(self, spans: Sequence[Any]):
        self._spans = spans

    def __len__(self) -> int:
        return len(self._spans)

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return tuple((s.start, s.end) for s in self._spans[i])
        s = self._spans[i]
        return (s.start, s.end)

    def __iter__(self) -> Any:
        return ((s.start, s.end) for s in self._spans)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (tuple, SpanRanges)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))

    def __reduce__(self) -> Any:
        return (tuple, (tuple(self),))


@dataclass(frozen=True)
class FrameReport:
    """Frames for one document: per declaration, per span (index-aligned) and per text offset.

    >>> report = resolve_frames("No frame here.", Detection(()), [])
    >>> report.frame_at(3).source, report.describe()[0]
    ('fallback', 'frames: 0 declaration(s), 0 feature(s), 0 flagged')
    """

    declarations: tuple[Declaration, ...]
    frames: tuple[Frame, ...]
    document_frame: Frame
    scopes: tuple[FrameScope, ...] = ()
    span_ranges: tuple[tuple[int, int], ...] = field(default=(), repr=False)
    collection_frames: tuple[tuple[int, int, Frame], ...] = field(default=(), repr=False)
    work: dict = field(default_factory=dict, repr=False, compare=False)  # see ``work.py``

    def frame_for(self, span_index: int) -> Frame:
        """The frame of ``Detection.spans[span_index]``."""
        return self.frames[span_index]

    def frame_at(self, offset: int) -> Frame:
        """The frame in scope at a text offset (a span's own frame inside a span)."""
        i = bisect.bisect_right(self.span_ranges, (offset, float("inf"))) - 1
        if i >= 0 and self.span_ranges[i][0] <= offset < self.span_ranges[i][1]:
            return self.frames[i]
        for start, end, frame in self.collection_frames:
            if start <= offset < end:
                return frame
        if not self.scopes:
            return self.document_frame
        k = bisect.bisect_right([s.start for s in self.scopes], offset) - 1
        return self.scopes[max(k, 0)].frame

    def describe(self) -> list[str]:
        """Human-readable lines for ``geochunk inspect``: declarations, scopes, confidences.

        Runs of identical declarations and features sharing a frame are folded into one line.
        """
        lines = [
            f"frames: {len(self.declarations)} declaration(s), {len(self.frames)} feature(s), "
            f"{sum(f.flagged for f in self.frames)} flagged"
        ]
        k = 0
        decls = self.declarations
        while k < len(decls):
            d = decls[k]
            j = k
            key = (d.form, d.ref, d.text)
            while j + 1 < len(decls) and _decl_key(decls[j + 1]) == key:
                j += 1
            target = f"{label(d.ref)} {d.name}" if d.ref is not None else "nothing usable"
            if d.match == "zone" and d.candidates:
                target = (f"{len(d.candidates)} candidate frame(s), chosen per feature by the "
                          "evidence")
            which = f"declaration {k}" if j == k else f"declarations {k}-{j} ({j - k + 1}x)"
            lines.append(f"  {which} @{d.start} {d.form} {d.text[:60]!r} -> {target}")
            if d.note:
                lines.append(f"    note: {d.note}")
            k = j + 1
        for sc in self.scopes:
            lines.append(f"  scope {sc.start}-{sc.end} (declaration {sc.declaration}): "
                         f"{_summary(sc.frame)}; {len(sc.features)} feature(s)")
        lines.append(f"  document frame: {_summary(self.document_frame)}")
        if self.work.get("lookups_refused") or self.work.get("checks_refused"):
            lines.append(
                f"  bounded: {self.work['codes_looked_up']} code(s) looked up, "
                f"{self.work['frames_checked']} frame(s) checked; "
                f"{self.work['lookups_refused']} lookup(s) and {self.work['checks_refused']} "
                "check(s) refused (too many distinct frames for one document): flagged")
        groups: dict[str, list[int]] = {}
        for i, f in enumerate(self.frames):
            groups.setdefault(_summary(f), []).append(i)
        for summary, members in groups.items():
            lines.append(f"  features {index_ranges(members)} ({len(members)}): {summary}")
            first = self.frames[members[0]]
            if first.flagged:
                lines.extend(f"    note: {n}" for n in first.notes[:3])
            if first.evidence is not None:
                lines.extend(f"    {line}" for line in first.evidence.lines()[:6])
        return lines


def _decl_key(d: Declaration) -> tuple[str, int | None, str]:
    return d.form, d.ref, d.text


def index_ranges(indices: list[int]) -> str:
    """Feature indices as runs, long lists cut after eight runs.

    >>> index_ranges([0, 1, 2, 5])
    '0-2, 5'
    """
    runs: list[str] = []
    start = prev = indices[0]
    for i in indices[1:] + [None]:  # type: ignore[list-item]
        if i is not None and i == prev + 1:
            prev = i
            continue
        runs.append(str(start) if start == prev else f"{start}-{prev}")
        if i is not None:
            start = prev = i
    return ", ".join(runs[:8]) + (", ..." if len(runs) > 8 else "")


def _summary(f: Frame) -> str:
    head = f"{label(f.ref) if f.ref is not None else 'no frame'} {f.name or ''}".rstrip()
    text = f"{head}, confidence {f.confidence:.2f} ({f.source}{', flagged' if f.flagged else ''})"
    if f.operation:
        acc = f" ±{f.accuracy_m:g} m" if f.accuracy_m is not None else " accuracy unknown"
        text += f"; via {f.operation}{acc}"
    return text


def _evaluate(
    decl: Declaration, xy: np.ndarray | None, *, backward: bool = False, extra: tuple[str, ...] = ()
) -> tuple[Frame | None, Check]:
    """The frame a declaration gives these coordinates, or None if it names no usable frame."""
    if decl.ref is None:
        return None, Check("unusable", note=decl.note or "declaration names no frame")
    if decl.unresolved:
        chk = Check("unresolved", note=decl.note)
        return fallback_frame((f"declared by {decl.form} {decl.text!r} at offset {decl.start}",
                               decl.note or "not resolved")), chk
    if decl.match == "zone":
        return _evaluate_zone(decl, xy, backward=backward, extra=extra)
    if decl.candidates:
        chosen, chk = decl.candidates[0], None
        for code in decl.candidates:
            c = check(code, xy)
            if c.status in ("inside", "no_coordinates"):
                chosen, chk = code, c
                break
        if chk is None:
            chk = check(chosen, xy)
        if chk.status == "unusable":
            return None, chk
        return frame_from_check(decl, chosen, chk, ambiguous=True, backward=backward,
                                extra_notes=extra), chk
    chk = check(decl.ref, xy)
    if chk.status == "unusable":
        return None, chk
    return frame_from_check(decl, decl.ref, chk, backward=backward, extra_notes=extra), chk


def _evaluate_zone(
    decl: Declaration, xy: np.ndarray | None, *, backward: bool, extra: tuple[str, ...]
) -> tuple[Frame | None, Check]:
    """A zone phrase: choose among its candidates by coordinates, named datum and places."""
    work = current()
    text_lower = work.lower() if work is not None else ""
    places = work.places() if work is not None and work.text else []
    key = (decl.start, decl.text, None if xy is None else xy.tobytes())
    memo = work.memo if work is not None else {}
    choice = memo.get(key)
    if choice is None:
        choice = choose_zone(_zone_system(decl), decl.text, decl.candidates, xy, text_lower,
                             places)
        memo[key] = choice
    chk = check(choice.code, xy)
    if chk.status == "unusable":
        return None, chk
    basis = "ambiguous" if choice.ambiguous else "zone"
    lines_key = ("zone-lines", choice.places, choice.considered[0], choice.datum_named)
    lines = memo.get(lines_key)  # the document's other geometries mostly share the choice
    if lines is None:
        place_lines = tuple(f"{p.describe()} at offset {p.start}" for p in places
                            if p.text in choice.places)[:5]
        why = [choice.considered[0]]
        if choice.datum_named:
            why.append(f"datum {choice.datum_named!r} is named in the document")
        if choice.places:
            why.append("place(s) named: " + ", ".join(choice.places[:3]))
        lines = memo[lines_key] = (place_lines, tuple(why))
    return frame_from_check(decl, choice.code, chk, ambiguous=choice.ambiguous,
                            backward=backward, extra_notes=extra, basis=basis,
                            places=lines[0], considered=choice.considered,
                            why=lines[1]), chk


def _zone_system(decl: Declaration) -> str:
    return "utm" if "utm" in decl.text.lower() else "gk"


def _zone_choices(decl: Declaration, xys: list[np.ndarray],
                  scope_xy: np.ndarray | None = None) -> dict[int, list[np.ndarray]]:
    """Choose a zone phrase's frame for each of these samples ahead of their checks, all at
    once (``zones.choose_zones``: one PROJ call per candidate projection, the area tests in
    numpy; the choices kept where :func:`_evaluate_zone` looks them up); the samples by the
    code chosen for them.
    ``scope_xy``: the sample its scope will likely be graded on, chosen for in the same call."""
    work = current()
    if work is None:
        return {}
    todo: dict[tuple, np.ndarray] = {}
    for xy in xys + ([scope_xy] if scope_xy is not None else []):
        key = (decl.start, decl.text, xy.tobytes())
        if key not in work.memo:
            todo.setdefault(key, xy)
    if todo:
        text_lower = work.lower()
        places = work.places() if work.text else []
        chosen = choose_zones(_zone_system(decl), decl.text, decl.candidates,
                              list(todo.values()), text_lower, places)
        work.memo.update(zip(todo, chosen))
    by_code: dict[int, list[np.ndarray]] = {}
    for xy in xys:
        by_code.setdefault(work.memo[(decl.start, decl.text, xy.tobytes())].code, []).append(xy)
    return by_code


_GROUP_ORDER = {"ewkt_srid": 0, "ewkb_srid": 0, "kml": 0, "geojson_crs": 1, "name": 3}
_GEOJSON_KINDS = ("geojson_geometry", "geojson_feature")
# declarations the encoding itself makes: (span kind -> form); KML is always WGS 84
_SRID_FORMS = {"wkt": "ewkt_srid", "wkb": "ewkb_srid"}
# a GML bounding box (``<gml:boundedBy><gml:Envelope srsName=...>``): its srsName is the frame
# of what follows it, the geometries of a CityGML model written with no srsName of their own
_GML_ENVELOPE = re.compile(r"\s{0,64}<(?:[A-Za-z_][\w.\-]{0,64}:)?(?:Envelope|Box)[\s/>]")


def _from_group(
    decls: Sequence[Declaration], group: list[int], xy: np.ndarray | None, notes: list[str]
) -> Frame | None:
    """The frame from declarations inside a feature or a collection wrapper: SRID, then crs
    member, then other codes, then names; a name there (a title or a property value) counts
    only where the coordinates fit it."""
    for k in sorted(group, key=lambda k: (_GROUP_ORDER.get(decls[k].form, 2), decls[k].start)):
        decl = decls[k]
        frame, chk = _evaluate(decl, xy)
        if frame is None:
            if chk.note:
                notes.append(chk.note)
            continue
        if decl.form == "name" and chk.status not in ("inside", "no_coordinates"):
            continue
        return frame
    return None


def _area_deg2(epsg: int | str | None) -> float:
    """Size of a frame's area of use in square degrees (inf when unknown): a narrower frame is
    the more specific claim."""
    facts = crs_facts(epsg) if epsg is not None else None
    if facts is None or facts.area is None:
        return float("inf")
    return area_size(facts.area)


def _usable(decl: Declaration) -> bool:
    """Whether a declaration names a horizontal frame that can govern coordinates."""
    if decl.unresolved:
        return True  # not looked up (over the bound): it takes its scope, flagged
    codes = decl.candidates or ((decl.ref,) if decl.ref is not None else ())
    for code in codes:
        facts = crs_facts(code)
        if facts is not None and facts.kind != "other":
            return True
    return False


def _same_frame(a: Declaration, b: Declaration) -> bool:
    return a.ref == b.ref and a.candidates == b.candidates


def _concat(samples: list[np.ndarray | None]) -> np.ndarray | None:
    """The samples' points in order, evenly thinned to :data:`_SCOPE_SAMPLE_CAP` when more:
    the points of ``np.concatenate`` of them all at the thinned positions, read from only the
    samples that hold one (all of a large document's samples joined were 0.3x its size at
    the frame step's peak, to keep 500 points; issue #13).

    >>> a, b = np.array([[0.0, 0], [1, 1]]), np.array([[2.0, 2]])
    >>> _concat([a, None, b]).tolist(), _concat([None]) is None
    ([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]], True)
    """
    parts = [s for s in samples if s is not None and len(s)]
    if not parts:
        return None
    if sum(map(len, parts)) <= _SCOPE_SAMPLE_CAP:
        return np.concatenate(parts)
    lengths = np.fromiter(map(len, parts), dtype=np.int64, count=len(parts))
    total = int(lengths.sum())
    pick = np.linspace(0, total - 1, _SCOPE_SAMPLE_CAP).round().astype(int)
    ends = np.cumsum(lengths)
    which = np.searchsorted(ends, pick, "right")  # the sample holding each picked point
    used = np.unique(which)
    sub = np.concatenate([parts[w] for w in used.tolist()])
    sub_starts = np.cumsum(lengths[used]) - lengths[used]
    return sub[sub_starts[np.searchsorted(used, which)] + pick - (ends[which] - lengths[which])]


def _scope_sample(samples: list[np.ndarray | None]) -> np.ndarray | None:
    """``_concat(samples)``: the very array :func:`_expect_checks` made of them and announced
    for the scope's check when it guessed these samples (so that check reads its answer from
    the batch of the features' checks: no PROJ call of its own), else a new one."""
    parts = [s for s in samples if s is not None and len(s)]
    work = current()
    if work is not None and parts:
        hit = work.memo.get(("scope-sample", tuple(map(id, parts))))
        if hit is not None and all(a is b for a, b in zip(hit[0], parts)):
            return hit[1]
    return _concat(parts)


def resolve_frames(text: str, detection: Detection, geometries: Sequence[Any]) -> FrameReport:
    """Find, scope, validate and grade the frames of a document (see the module docstring).

    ``geometries`` is index-aligned with ``detection.spans`` (shapely geometries, ``None`` for a
    span that did not parse). Returns one frame per span, in order. The work is bounded per
    document (see ``work.py``) and counted in ``FrameReport.work``.

    >>> import shapely
    >>> from geochunk.model import Span
    >>> wkt = "POINT (-3.19 55.95)"
    >>> span = Span(6, 6 + len(wkt), "wkt", "POINT", wkt)
    >>> report = resolve_frames("Fix:  " + wkt, Detection((span,)), [shapely.from_wkt(wkt)])
    >>> f = report.frame_for(0)
    >>> f.epsg, f.source, f.flagged, f.confidence  # no declaration: a flagged lon/lat guess
    (4326, 'coordinates', True, 0.3)
    """
    ranges = SpanRanges(detection.spans)  # the work's and the report's
    with document_work() as work:
        work.text = text
        work.spans = ranges
        return _resolve(text, detection, geometries, ranges, work)


def _resolve(text: str, detection: Detection, geometries: Sequence[Any],
             ranges: tuple[tuple[int, int], ...], work: Any) -> FrameReport:
    """The report of :func:`resolve_frames`, inside its document's frame work ``work``
    (whose counts it carries: nothing is looked up or checked after it is made)."""
    spans = detection.spans
    geoms = list(geometries)[: len(spans)] + [None] * max(0, len(spans) - len(geometries))
    decls = _outside_geometries(find_declarations(text), spans)
    if work is not None and decls:  # a place inside a declaration ("Tokyo / Japan Plane ...") is not one
        work.spans = tuple(sorted((*work.spans, *((d.start, d.end) for d in decls))))
    samples = sample_many(geoms)
    starts = [s.start for s in spans]
    colls = detection.collections
    coll_starts = [c.start for c in colls]

    # 1. where does each declaration belong: a span, a collection, or the prose?
    own: dict[int, list[int]] = {}
    in_props: dict[int, list[int]] = {}
    in_coll: dict[int, list[int]] = {}
    prose: list[int] = []
    envelopes: list[tuple[int, int]] = []  # (span, declaration) of a GML Envelope's srsName
    for k, d in enumerate(decls):
        i = bisect.bisect_right(starts, d.start) - 1
        if i >= 0 and spans[i].start <= d.start < spans[i].end:
            if spans[i].kind not in _GEOJSON_KINDS or d.form == "geojson_crs":
                own.setdefault(i, []).append(k)
                if (spans[i].kind == "gml" and (d.form != "name" or d.context == "keyed")
                        and _GML_ENVELOPE.match(spans[i].geometry_text)):
                    envelopes.append((i, k))
            else:  # a code or name in a Feature's property values ("reprojected from
                # EPSG:27700") is a last resort, used only where nothing else fits
                in_props.setdefault(i, []).append(k)
            continue
        c = bisect.bisect_right(coll_starts, d.start) - 1
        if c >= 0 and colls[c].start <= d.start < colls[c].end:
            in_coll.setdefault(c, []).append(k)
        else:
            prose.append(k)
    if envelopes:
        # an Envelope's srsName (a CityGML model's boundedBy) is the frame of the GML
        # geometries after it that declare none of their own
        bare_after = [False] * (len(spans) + 1)
        for i in range(len(spans) - 1, -1, -1):
            bare_after[i] = bare_after[i + 1] or (spans[i].kind == "gml" and i not in own)
        prose = sorted(prose + [k for i, k in envelopes if bare_after[i + 1]],
                       key=lambda k: (decls[k].start, k))

    # 2. declarations the detector saw but the scan did not (SRID, collection crs)
    for i, span in enumerate(spans):
        form = _SRID_FORMS.get(span.kind, "ewkt_srid")
        if span.srid is not None and not any(decls[k].form == form for k in own.get(i, [])):
            decls.append(declare_code(span.start, span.start, "", span.srid, form))
            own.setdefault(i, []).append(len(decls) - 1)
        elif span.kind == "kml":
            decls.append(declare_code(span.start, span.start, "", WGS84, "kml"))
            own.setdefault(i, []).append(len(decls) - 1)
    for j, coll in enumerate(colls):
        if coll.crs_json and not any(decls[k].form == "geojson_crs" for k in in_coll.get(j, [])):
            try:
                member = json.loads(coll.crs_json)
            except ValueError:
                continue
            decls.append(parse_crs_member(member, coll.start, coll.start, ""))
            in_coll.setdefault(j, []).append(len(decls) - 1)
    coll_of_span = {i: j for j, c in enumerate(colls) for i in c.features}

    # 3. prose scopes: a declaration of a different frame takes over
    scope_decls: list[int] = []
    scope_starts: list[int] = []
    skipped: list[tuple[int, str]] = []  # (offset, note) of prose declarations naming no frame
    for k in prose:
        if not _usable(decls[k]):
            # "EPSG:5701 (ODN height)", a typo: noted, but the frame in scope stays
            skipped.append((decls[k].start, decls[k].note or f"{decls[k].text!r} names no horizontal frame"))
            continue
        if scope_decls and _same_frame(decls[scope_decls[-1]], decls[k]):
            if strength(decls[k]) > strength(decls[scope_decls[-1]]):
                scope_decls[-1] = k  # keep the scope's start, take the stronger form
            continue
        scope_decls.append(k)
        scope_starts.append(decls[k].start)
    ctx = _ScopeContext(decls, scope_decls, scope_starts)
    _expect_checks(decls, [own.get(i) or (in_coll.get(coll_of_span[i]) if i in coll_of_span
                                          else None) for i in range(len(spans))],
                   [bisect.bisect_right(scope_starts, s.start) - 1 for s in spans],
                   scope_decls, samples)

    frames: list[Frame] = []
    for i, span in enumerate(spans):
        xy = samples[i]
        notes: list[str] = []
        frame: Frame | None = None
        # own, then collection declaration
        for group in (own.get(i), in_coll.get(coll_of_span[i]) if i in coll_of_span else None):
            if frame is None and group:
                frame = _from_group(decls, group, xy, notes)
        if frame is None:
            n = bisect.bisect_right(scope_starts, span.start) - 1
            since = scope_starts[n] if n >= 0 else 0
            notes.extend(note for at, note in skipped[-3:] if since <= at <= span.start)
            frame = _from_scope(i, span.kind, span.start, xy, ctx, tuple(notes))
            if i in in_props and (frame.flagged or frame.source == "fallback"):
                for k in sorted(in_props[i], key=lambda k: (-strength(decls[k]), decls[k].start)):
                    found, chk = _evaluate(decls[k], xy)
                    if found is not None and chk.status == "inside":
                        frame = replace(found, notes=found.notes + (
                            "named in the feature's properties; nothing else in scope fits",))
                        break
        frames.append(frame)
    frames = _swap_checks(frames, samples)
    frames = _place_checks(frames, samples, ctx)

    # 4. scope frames, collection frames, document frame
    scopes: list[FrameScope] = []
    for n, k in enumerate(scope_decls):
        end = scope_starts[n + 1] if n + 1 < len(scope_starts) else len(text)
        governed = ctx.governed[n]
        if governed or strength(decls[k]) >= 2 or not scopes:
            frame, _ = _evaluate(decls[k], _scope_sample([samples[i] for i in governed]))
            if frame is None:
                frame = fallback_frame((decls[k].note or "declaration names no frame",))
        else:  # a weak mention that governs no geometry leaves the text in the previous frame
            frame = scopes[-1].frame
        scopes.append(FrameScope(scope_starts[n] if n else 0, end, k, frame, tuple(governed)))
    coll_frames = []
    for j, ks in in_coll.items():
        xy = _concat([samples[i] for i in colls[j].features])
        frame = _from_group(decls, ks, xy, [])
        if frame is not None:
            coll_frames.append((colls[j].start, colls[j].end, frame))
    if scopes:
        document = scopes[0].frame
    elif frames and len({f.ref for f in frames}) == 1 and not any(f.flagged for f in frames):
        notes = ("taken from the document's features",) + frames[0].notes
        document = replace(frames[0], notes=notes)
    else:
        document = FALLBACK_FRAME
    order = sorted(range(len(decls)), key=lambda k: (decls[k].start, k))
    remap = {old: new for new, old in enumerate(order)}
    scopes = [s if remap[s.declaration] == s.declaration
              else replace(s, declaration=remap[s.declaration]) for s in scopes]
    return FrameReport(
        declarations=tuple(decls[k] for k in order),
        frames=tuple(frames),
        document_frame=document,
        scopes=tuple(scopes),
        span_ranges=ranges,
        collection_frames=tuple(sorted(coll_frames, key=lambda t: t[0])),
        work=work.as_dict(),
    )


def _outside_geometries(decls: Sequence[Declaration], spans: Sequence[Any]) -> list[Declaration]:
    """``decls`` without the frame names that stand inside a geometry: nothing in a WKT,
    WKB, GML or KML span declares a frame but its own codes (and a name keyed by a frame
    attribute, ``srsName="..."``); in a GeoJSON Feature a name in a property value declares
    only when the name or its key is a frame's (``"grid": "British National Grid"``), not
    from frame words elsewhere on the line (``"coordinates"`` is the format's own key).

    >>> from geochunk.model import Span
    >>> d = find_declarations("Point 58 survey: WGS 84")
    >>> [x.text for x in _outside_geometries(d, [Span(0, 8, "wkt", "POINT", "x")])]
    ['WGS 84']
    """
    out: list[Declaration] = []
    starts = [s.start for s in spans] if any(d.form == "name" for d in decls) else []
    for d in decls:
        if d.form == "name":
            i = bisect.bisect_right(starts, d.start) - 1
            if i >= 0 and d.start < spans[i].end:
                if spans[i].kind in _GEOJSON_KINDS:
                    if d.context == "context":
                        continue
                elif d.context != "keyed":
                    continue
        out.append(d)
    return out


def _first_code(decl: Declaration) -> int | str | None:
    """The frame a declaration's check tries first (none for a zone phrase, chosen later)."""
    if decl.ref is None or decl.unresolved or decl.match == "zone":
        return None
    return decl.candidates[0] if decl.candidates else decl.ref


def _expect_checks(
    decls: Sequence[Declaration],
    groups: Sequence[list[int] | None],
    scope_of: Sequence[int],
    scope_decls: Sequence[int],
    samples: Sequence[np.ndarray | None],
) -> None:
    """Tell ``validate`` which frame each feature's coordinates will likely be checked
    against (its own or its collection's first declaration; else the prose scope it lies in and
    the one before it), so each frame's checks share one vectorised transform (see
    ``validate.expect``); a zone phrase's samples are first given their choice of frame
    (:func:`_zone_choices`). Only a guess: the verdicts are the same whatever it says."""
    wanted: dict[int | str, list[np.ndarray | None]] = {}
    zoned: dict[int, list[np.ndarray]] = {}
    scoped: dict[int, list[np.ndarray]] = {}  # per prose scope, the samples it likely governs
    undeclared: list[np.ndarray] = []
    for i, xy in enumerate(samples):
        if xy is None or not len(xy):
            continue
        group = groups[i]
        if group:
            ks = [min(group, key=lambda k: (_GROUP_ORDER.get(decls[k].form, 2), decls[k].start))]
        else:
            n = max(scope_of[i], 0)  # before the first scope: the first one, backwards
            ks = [scope_decls[m] for m in ((n, n - 1) if n else (0,)) if m < len(scope_decls)]
            if scope_decls:
                scoped.setdefault(n, []).append(xy)
        if not ks:  # no declaration governs it: its numbers are tried as lon/lat (and, if
            # they are not, a grid is inferred for them: _inferred_frame)
            wanted.setdefault(WGS84, []).append(xy)
            undeclared.append(xy)
        for k in dict.fromkeys(ks):
            decl = decls[k]
            if _zoned(decl):
                zoned.setdefault(k, []).append(xy)
                continue
            ref = _first_code(decl)
            if ref is not None:
                wanted.setdefault(ref, []).append(xy)
    # a prose scope will likely be graded on its samples together (step 4): that array made
    # now (:func:`_scope_sample` hands it out again) and its check announced with the others
    wholes: dict[int, np.ndarray] = {}
    work = current()
    if work is not None and undeclared:
        work.memo["undeclared"] = undeclared
    for n, parts in scoped.items():
        whole = _concat(parts)
        k = scope_decls[n]
        if work is None or whole is None:
            continue
        work.memo[("scope-sample", tuple(map(id, parts)))] = (parts, whole)
        if _zoned(decls[k]):
            wholes[k] = whole
            zoned.setdefault(k, [])
        else:
            ref = _first_code(decls[k])
            if ref is not None:
                wanted.setdefault(ref, []).append(whole)
    for k, xys in zoned.items():
        whole = wholes.get(k)
        for ref, chosen in _zone_choices(decls[k], xys, whole).items():
            wanted.setdefault(ref, []).extend(chosen)
        if whole is not None:
            key = (decls[k].start, decls[k].text, whole.tobytes())
            wanted.setdefault(work.memo[key].code, []).append(whole)
    for ref, xys in wanted.items():
        expect(ref, xys)


def _zoned(decl: Declaration) -> bool:
    """Whether a declaration is a zone phrase whose frame is chosen per sample."""
    return decl.match == "zone" and bool(decl.candidates) and not decl.unresolved


_SWAP_NEAR_DEG = 1.0  # read swapped, the point is this close to a place the document names ...
_SWAP_FAR_DEG = 5.0  # ... and as written, at least this far from every one of them


def _swap_checks(frames: list[Frame], samples: list[np.ndarray | None]) -> list[Frame]:
    """Flag lon/lat geometry whose values were likely written lat/lon: read swapped it lies
    near a place the document names, as written far from all of them. Never swapped."""
    work = current()
    if work is None or not work.text:
        return frames
    idx, mids = [], []
    # per 0.1° cell: [x, y of its first point, whether a city near that point, read swapped,
    # may be named (None: not asked yet)]: the cell's first point answers for all its points
    maybe: dict[tuple[float, float], list] = {}
    for i, f in enumerate(frames):
        xy = samples[i]
        if xy is None or not len(xy) or f.ref is None:
            continue
        facts = crs_facts(f.ref)
        if facts is None or facts.kind != "geographic":
            continue
        k = len(xy) // 2
        x, y = float(xy[k, 0]), float(xy[k, 1])
        if abs(x) > 90.0:
            continue  # x beyond ±90 cannot be a latitude: not swapped
        cell = (round(x, 1), round(y, 1))
        entry = maybe.get(cell)
        if entry is None:
            entry = maybe[cell] = [x, y, None]
        near = entry[2]
        if near is False:
            continue
        if _swap_shift(x, y) < _SWAP_FAR_DEG - _SWAP_NEAR_DEG - 0.1:
            continue  # read swapped it barely moves: as written it is near that place too
        if near is None:  # read swapped, is there a city near it, one the text may name?
            x0, y0 = entry[0], entry[1]
            ascii_words, other = near_words(y0, x0, _SWAP_NEAR_DEG + 0.1)
            near = entry[2] = bool(ascii_words or other) and _names_any(work, ascii_words,
                                                                        other)
        if not near:
            continue
        far = np.abs(xy).max(axis=0)
        if far[0] <= 90.0 and far[1] <= 180.0:  # every x could be a latitude
            idx.append(i)
            mids.append((x, y))
    if not idx:
        return frames  # nothing read swapped lies near a place: no need to find the places
    places = work.places()
    pts = [(lon, lat, k) for k, p in enumerate(places) for lon, lat, _ in p.points]
    if not pts:
        return frames
    table = np.array(pts, dtype=float)
    mid = np.array(mids, dtype=float)
    m = len(mid)  # both readings in one call: spans x places, degrees, as written then swapped
    both = _distances(table, np.concatenate((mid[:, 0], mid[:, 1])),
                      np.concatenate((mid[:, 1], mid[:, 0])))
    as_written, swapped = both[:m], both[m:]
    near = swapped.argmin(axis=1)
    near_d = swapped[np.arange(len(idx)), near]
    far_d = as_written.min(axis=1)
    out = list(frames)
    for row in np.flatnonzero((near_d <= _SWAP_NEAR_DEG) & (far_d >= _SWAP_FAR_DEG)):
        i = idx[int(row)]
        f = out[i]
        x, y = mids[int(row)]
        place = places[int(table[near[row], 2])]
        note = (f"axes likely swapped: read as (lat, lon) these values lie {near_d[row]:.2f}° "
                f"from {place.text!r} (named at offset {place.start}); as written (x = longitude "
                f"{x:.4g}, y = latitude {y:.4g}) they lie {far_d[row]:.0f}° from every place "
                "the document names. Not swapped: review the source")
        out[i] = _flagged(f, 0.2, note,
                          places=(f"{place.describe()} at offset {place.start}",),
                          coordinates=(f"({x:.5g}, {y:.5g}); swapped ({y:.5g}, {x:.5g}) is "
                                       f"{near_d[row]:.2f}° from {place.text!r}",))
    return out


def _swap_shift(x: float, y: float) -> float:
    """Great-circle degrees between ``(x, y)`` and ``(y, x)`` read as (lon, lat), as
    :func:`_distances` computes them (the angle between the two unit vectors). A point flagged
    swapped lies, read swapped, within ``_SWAP_NEAR_DEG`` of a named place and, as written, at
    least ``_SWAP_FAR_DEG`` from it: by the triangle inequality the two readings are then at
    least their difference apart, so a point that moves less (Null Island's toy (1 1), a
    diagonal) is settled without looking for places.

    >>> _swap_shift(1.0, 1.0), round(_swap_shift(0.0, 10.0), 2), round(_swap_shift(51.48, -0.12))
    (0.0, 14.11, 67)
    """
    p1, p2 = math.radians(x), math.radians(y)  # the latitudes of (y, x) and of (x, y)
    c = math.sin(p1) * math.sin(p2) + math.cos(p1) * math.cos(p2) * math.cos(math.radians(x - y))
    return math.degrees(math.acos(max(-1.0, min(1.0, c))))


def _names_any(work: Any, ascii_words: set[bytes], other: set[str]) -> bool:
    """``names_any(work.folded(), words)`` for the near words given as (the ASCII ones as
    bytes, the others: ``places.near_words``); the whole text is folded only for a word that
    is not ASCII (an ASCII word needs the folded word set alone), and not at all where no
    ASCII word is one of the text's letter runs (the gate, ``places.fold_gate``)."""
    gate = work.fold_gate()  # the text's words without folding it: most near words are not
    if gate is not None:  # (the near words met with the document's own small sets)
        ascii_words = set().union(*(ascii_words & runs for runs in gate
                                    if not ascii_words.isdisjoint(runs)))
        if not ascii_words and not other:
            return False
    if ascii_words:
        folded = work.folded_words()
        if any(w.decode("ascii") in folded for w in ascii_words):
            return True
    return bool(other) and names_any(work.folded(), other)


def _flagged(f: Frame, cap: float, note: str, **evidence: tuple[str, ...]) -> Frame:
    """``f`` flagged, its confidence at most ``cap``, with ``note`` and more evidence lines
    (``places=``, ``coordinates=``, ``considered=``, ...) added to what it has."""
    ev = f.evidence or Evidence()
    ev = replace(ev, **{k: getattr(ev, k) + v for k, v in evidence.items()})
    return replace(f, flagged=True, confidence=min(f.confidence, cap), notes=f.notes + (note,),
                   evidence=ev)


def _distances(points: np.ndarray, lon: np.ndarray, lat: np.ndarray) -> np.ndarray:
    """Great-circle degrees from each (lon, lat) to each of ``points[:, :2]``."""
    p1, p2 = np.radians(lat)[:, None], np.radians(points[:, 1])[None, :]
    dl = np.radians(points[:, 0][None, :] - lon[:, None])
    c = np.sin(p1) * np.sin(p2) + np.cos(p1) * np.cos(p2) * np.cos(dl)
    return np.degrees(np.arccos(np.clip(c, -1.0, 1.0)))


_PLACE_FAR_DEG = 3.0  # a weakly named grid that puts its numbers this far from every named place


def _place_checks(frames: list[Frame], samples: list[np.ndarray | None],
                  ctx: "_ScopeContext") -> list[Frame]:
    """A weak name ("British National Grid") whose numbers also fit another grid by its
    area's rectangle: when the named grid puts them far from every place the document names
    and another grid puts them next to one (RD New numbers in a report on Utrecht), both fit:
    the named frame stays, flagged, and the other is in its evidence."""
    work = current()
    if work is None or not work.text:
        return frames
    out = list(frames)
    for n, governed in ctx.governed.items():
        decl = ctx.decl(n)
        if not governed or strength(decl) != 1:
            continue
        refs = {out[i].ref for i in governed}
        if len(refs) != 1:
            continue
        (ref,) = refs
        facts = crs_facts(ref) if ref is not None else None
        if facts is None or facts.kind != "projected" or any(out[i].flagged for i in governed):
            continue
        places = work.places()
        if not places:
            return out
        xy = _scope_sample([samples[i] for i in governed])
        ll = projection_lonlat(ref, xy[:, 0], xy[:, 1]) if xy is not None else None
        if ll is None:
            continue
        k = len(xy) // 2
        lon, lat = float(np.asarray(ll[0])[k]), float(np.asarray(ll[1])[k])
        pts = np.array([(plon, plat, 0) for p in places for plon, plat, _ in p.points])
        if _nearest(pts, lon, lat)[0] <= _PLACE_FAR_DEG:
            continue  # the named grid puts them near a named place: consistent
        guess = infer_from_places(xy, places)
        if guess is None or guess.code == ref:
            continue
        other = crs_facts(guess.code)
        note = (f"both fit: {decl.text!r} ({label(ref)}) puts these numbers {lon:.2f}, {lat:.2f}, "
                f"far from every place the document names, while {label(guess.code)} "
                f"{other.name if other else ''} puts them next to {guess.place.text!r}: which "
                "frame is meant is for a reviewer")
        for i in governed:
            out[i] = _flagged(out[i], 0.4, note,
                              places=(f"{guess.place.describe()} at offset {guess.place.start}",),
                              considered=(f"{label(guess.code)} {other.name if other else ''}: "
                                          f"puts the numbers next to {guess.place.text!r} "
                                          "(also fits)",))
    return out


def _nearest(points: np.ndarray, lon: float, lat: float) -> tuple[float, int]:
    """(great-circle degrees, row) of the point in ``points[:, :2]`` nearest to (lon, lat)."""
    d = _distances(points, np.array([lon]), np.array([lat]))[0]
    k = int(np.argmin(d))
    return float(d[k]), k


class _ScopeContext:
    """The prose scopes, and which spans each one ends up governing."""

    def __init__(self, decls: list[Declaration], scope_decls: list[int], starts: list[int]):
        self.decls = decls
        self.scope_decls = scope_decls
        self.starts = starts
        self.governed: dict[int, list[int]] = {n: [] for n in range(len(scope_decls))}
        self._explicit: list[int] | None = None

    def decl(self, n: int) -> Declaration:
        return self.decls[self.scope_decls[n]]

    def explicit_scopes(self) -> list[int]:
        """The indices of the explicit scopes (:func:`explicit`), ascending; made once."""
        if self._explicit is None:
            self._explicit = [n for n in range(len(self.scope_decls)) if explicit(self.decl(n))]
        return self._explicit


def strength(decl: Declaration) -> int:
    """3 for a stated code or crs member, 2 for a frame name with a digit in it (a datum or
    zone: "OSGB 1936 / British National Grid", "WGS 84"), 1 for a weak name (no digit, a
    projection part, or ambiguous) that must be backed by the coordinates to take over."""
    if decl.form != "name":
        return 3
    if decl.match == "zone":
        return 2  # a zone number is a specific claim, even with the datum left out
    has_digit = any(c.isdigit() for c in decl.text)
    if decl.match in ("name", "alias") and not decl.candidates and has_digit:
        return 2
    return 1


def _scoped_frame(
    n: int, xy: np.ndarray | None, ctx: _ScopeContext, backward: bool, notes: tuple[str, ...]
) -> tuple[Frame | None, Check | None, int]:
    """The frame scope ``n`` gives these coordinates, and the scope that actually governs them."""
    decl = ctx.decl(n)
    frame, chk = _evaluate(decl, xy, backward=backward, extra=notes)
    if n == 0 or xy is None:
        return frame, chk, n
    prev_n = n - 1  # one level back only: no chains of lookbacks
    prev_decl = ctx.decl(prev_n)
    prev_frame, prev_chk = _evaluate(prev_decl, xy, extra=notes)
    prev_fits = prev_frame is not None and prev_chk is not None and prev_chk.status == "inside"
    fits = frame is not None and chk.status == "inside"
    if not prev_fits and not fits and not explicit(decl):
        # a name these coordinates contradict never overrides an explicit declaration
        # further back that they fit, whatever names came between ("EPSG:4326" ... "Datum:
        # Puerto Rico" ... "New Jersey state plane" over lon/lat points in New Jersey)
        back = _explicit_before(ctx, n, xy, notes)
        if back is not None:
            m, kept, kept_chk = back
            note = (f"the later mention {decl.text!r} at offset {decl.start} does not fit these "
                    f"coordinates; the explicit {ctx.decl(m).text!r} before it fits and stays")
            return replace(kept, notes=kept.notes + (note,)), kept_chk, m
    if not prev_fits:
        return frame, chk, n
    s, ps = strength(decl), strength(prev_decl)
    facts = crs_facts(frame.ref) if frame is not None and frame.ref is not None else None
    geographic = facts is not None and facts.kind == "geographic"
    weak_and_vague = s == 1 and (
        geographic or _area_deg2(frame.ref if frame else None) >= _area_deg2(prev_frame.ref)
    )
    if not fits or weak_and_vague:
        # a later mention the coordinates contradict, or a weak name (no digit: "Web
        # Mercator") whose area is no narrower than the frame before it: that one stays
        # ("RD New" after a UTM zone is narrower, more specific: it takes over)
        why = "does not fit these coordinates" if not fits else "is a weak, less specific name"
        note = (f"the later mention {decl.text!r} at offset {decl.start} {why}; the frame "
                "declared before it fits and stays")
        kept = replace(prev_frame, notes=prev_frame.notes + (note,))
        if s == 3 and not fits:  # a stated code that contradicts: keep, but have it reviewed
            kept = replace(kept, flagged=True, confidence=round(kept.confidence * 0.8, 3))
        return kept, prev_chk, prev_n
    if ps == 3 and s < 3 and frame is not None:
        # a frame name after a stated code, and the coordinates fit both: ambiguous
        note = (f"the earlier {prev_decl.text!r} ({label(prev_frame.ref)}) also fits these "
                "coordinates: which one governs them is ambiguous")
        frame = replace(frame, flagged=True, confidence=min(frame.confidence, 0.5),
                        notes=frame.notes + (note,))
    return frame, chk, n


def explicit(decl: Declaration) -> bool:
    """Whether a declaration is explicit: a code, URN, URL, crs member, CRS84 or SRID
    (:func:`strength` 3), or a frame name keyed by a line or attribute that names a frame
    (``Projection: RD New``, ``CRS: Puerto Rico``). A name never overrides one of these where
    the coordinates fit it.

    >>> [explicit(d) for d in find_declarations("EPSG:4326; CRS: RD New; in RD New")]
    [True, True, False]
    """
    return strength(decl) == 3 or decl.context == "keyed"


def _explicit_before(
    ctx: _ScopeContext, n: int, xy: np.ndarray, notes: tuple[str, ...]
) -> tuple[int, Frame, Check] | None:
    """(scope, frame, check) of the latest explicit scope before scope ``n`` (``n``
    excluded) whose frame these coordinates fit, looking back over at most
    :data:`_EXPLICIT_BACK` explicit scopes (a bound on the work per feature), else ``None``."""
    ex = ctx.explicit_scopes()  # jump to them: no walk over the weak scopes between
    k = bisect.bisect_left(ex, n)
    for m in reversed(ex[max(0, k - _EXPLICIT_BACK):k]):
        frame, chk = _evaluate(ctx.decl(m), xy, extra=notes)
        if frame is not None and chk.status == "inside":
            return m, frame, chk
    return None


_EXPLICIT_BACK = 8  # explicit scopes a contradicted name looks back over


def _from_scope(
    i: int,
    kind: str,
    offset: int,
    xy: np.ndarray | None,
    ctx: _ScopeContext,
    notes: tuple[str, ...],
) -> Frame:
    """The frame for span ``i`` from the prose declaration in scope, GeoJSON's default, or the
    coordinates alone."""
    n = bisect.bisect_right(ctx.starts, offset) - 1
    backward = n < 0 and bool(ctx.scope_decls)
    n = max(n, 0)
    scoped: Frame | None = None
    scoped_chk: Check | None = None
    if ctx.scope_decls:
        scoped, scoped_chk, n = _scoped_frame(n, xy, ctx, backward, notes)
        if scoped is None and scoped_chk is not None and scoped_chk.note:
            notes = notes + (scoped_chk.note,)
    if kind in _GEOJSON_KINDS:  # GeoJSON: RFC 7946 unless the declaration in scope fits better
        if scoped is not None and scoped_chk is not None and scoped_chk.status == "inside":
            ctx.governed[n].append(i)
            return replace(scoped, notes=scoped.notes + (
                "GeoJSON without a crs member, but its coordinates fit the declared frame",))
        lonlat = check(WGS84, xy)
        if lonlat.status == "inside" or (xy is None and scoped is None):
            extra = notes
            if scoped is not None:
                extra += (f"the declaration in scope ({label(scoped.ref)}) does not fit these "
                          "coordinates",)
            return rfc7946_frame(lonlat, extra)
        if scoped is None:
            return _inferred_frame(xy) or _named_place_frame(xy) or _unknown_frame(xy, notes + (
                "GeoJSON coordinates are not WGS 84 lon/lat as RFC 7946 requires, and no frame "
                "is declared",))
    if scoped is not None:
        ctx.governed[n].append(i)
        return scoped
    if xy is None:  # nothing to check (check(WGS84, None) says "no_coordinates")
        return fallback_frame(notes)
    lonlat = check(WGS84, xy)
    if lonlat.status == "inside":
        return coordinates_frame(lonlat, notes)
    return _inferred_frame(xy) or _named_place_frame(xy) or _unknown_frame(xy, notes + (
        "coordinates are not lon/lat degrees and no frame is declared: the frame is unknown "
        "(and no place named in the document tells which grid they are in)",))


_MAX_LISTINGS = 32  # distinct places per document whose fitting frames are listed


def _unknown_frame(xy: np.ndarray, notes: tuple[str, ...]) -> Frame:
    """Undeclared projected numbers no named place settles: the fallback, flagged, with every
    regional grid whose area of use holds them in its evidence ("both fit")."""
    work = current()
    k = len(xy) // 2  # spans whose middle points share a 10 km cell share one listing
    key = ("candidates", round(float(xy[k, 0]), -4), round(float(xy[k, 1]), -4))
    found = work.memo.get(key) if work is not None else None
    if found is None:
        done = work.memo.setdefault("listings", [0]) if work is not None else [0]
        if done[0] >= _MAX_LISTINGS:
            return fallback_frame(notes + (
                f"the frames these numbers fit are not listed: this document has undeclared "
                f"numbers in more than {_MAX_LISTINGS} places (a bound on the work one "
                "document may cause)",))
        done[0] += 1
        found = listing(xy[k:k + 1])
        if work is not None:
            work.memo[key] = found
    coords = (f"({xy[k, 0]:.6g}, {xy[k, 1]:.6g}) read in each frame's own coordinates",)
    # fallback_frame(notes + (found.note(),)) with this evidence, in one step
    return replace(FALLBACK_FRAME, notes=FALLBACK_FRAME.notes + notes + (found.note(),),
                   evidence=Evidence(coordinates=coords, considered=found.lines))


def _inferred_frame(xy: np.ndarray | None) -> Frame | None:
    """Undeclared projected numbers: a grid inferred from the places the document names."""
    work = current()
    if work is None or not work.text or xy is None:
        return None
    key = ("infer", xy.tobytes())
    if key not in work.memo:
        _infer_ahead(work, xy)
    guess = work.memo[key]
    if guess is None:
        return None
    chk = check(guess.code, xy)
    place = guess.place
    decl = Declaration(place.start, place.end, guess.code, "name", place.text,
                       note="no frame declared: inferred from a place the document names",
                       match="place")
    frame = frame_from_check(decl, guess.code, chk, basis="place",
                             places=(f"{place.describe()} at offset {place.start}",),
                             considered=guess.considered)
    why = (f"no frame declared; {label(guess.code)} puts these numbers next to {place.text!r}, "
           "named in the document (inferred, so flagged)")
    if guess.ambiguous:
        why += "; other grids put them near it too"
    return replace(frame, source="place", flagged=True, notes=(why,) + frame.notes[1:],
                   evidence=replace(frame.evidence, words=()))


_PLACE_NAMES = 8  # distinct frame names that are place names tried for undeclared numbers


def _named_place_frame(xy: np.ndarray | None) -> Frame | None:
    """Undeclared projected numbers and a frame name the document uses only as a place ("##
    New Jersey", a table cell): the first frame so named whose area holds the numbers, flagged
    (a place name is evidence for choosing among frames, never a declaration; issue #27).
    The first :data:`_PLACE_NAMES` distinct names are tried, in document order."""
    work = current()
    hits = work.memo.get("place_names") if work is not None else None
    if not hits or xy is None:
        return None
    key = ("named-place", xy.tobytes())
    if key in work.memo:
        return work.memo[key]
    found: Frame | None = None
    seen: list[tuple[int, ...]] = []
    for h in hits:
        if h.entry.codes in seen:
            continue
        if len(seen) >= _PLACE_NAMES:
            break
        seen.append(h.entry.codes)
        codes = preferred_order(h.entry.codes) if h.entry.ambiguous else h.entry.codes
        fits = [(c, chk) for c in codes for chk in (check(c, xy),) if chk.status == "inside"]
        if not fits:
            continue
        code, chk = fits[0]
        decl = Declaration(h.start, h.end, code, "name", h.text, match="place",
                           note="a place name, not a declaration")
        considered = tuple(f"{label(c)} {crs_facts(c).name if crs_facts(c) else ''}: named "
                           f"{h.text!r}, holds the numbers" for c, _ in fits[:6])
        frame = frame_from_check(decl, code, chk, basis="place",
                                 places=(f"{h.text!r} (a frame's name) at offset {h.start}",),
                                 considered=considered)
        why = (f"no frame declared; {label(code)} is named {h.text!r}, which the document "
               "uses as a place (not a declaration), and its area holds these numbers "
               "(inferred, so flagged)")
        if len(fits) > 1:
            why += f"; {len(fits) - 1} other frame(s) of that name hold them too"
        found = replace(frame, source="place", flagged=True, notes=(why,) + frame.notes[1:],
                        evidence=replace(frame.evidence, words=()))
        break
    work.memo[key] = found
    return found


_INFER_AHEAD = 256  # other undeclared samples inferred together with the first one asked


def _infer_ahead(work: Any, xy: np.ndarray) -> None:
    """The inferred grid of ``xy`` and of the document's other undeclared samples not yet
    inferred (``_expect_checks`` lists them), kept in the work's memo: one PROJ call per
    candidate grid for them all (``infer.infer_many``); each sample's check against its
    grid announced, so they share one transform too. Only samples that will be asked join:
    those that are not lon/lat (their WGS 84 checks were announced with the others), at most
    :data:`_INFER_AHEAD` of them (a sample left out is inferred when asked, the same way)."""
    batch = {xy.tobytes(): xy}
    for other in work.memo.get("undeclared", ()):
        if len(batch) > _INFER_AHEAD:
            break
        b = other.tobytes()
        if ("infer", b) not in work.memo and b not in batch and check(WGS84, other).status != "inside":
            batch[b] = other
    by_code: dict[int, list[np.ndarray]] = {}
    for (b, sample), guess in zip(batch.items(), infer_many(list(batch.values()),
                                                            work.places())):
        work.memo[("infer", b)] = guess
        if guess is not None:
            by_code.setdefault(guess.code, []).append(sample)
    for code, xys in by_code.items():
        expect(code, xys)


def merge_one_ref(frames: Sequence[Frame]) -> Frame:
    """``merge_frames(frames)[0]`` for frames that share one code (none mixed): the least
    confident (the first of them), flagged if any is — without counting the codes (a chunk's
    features mostly share one frame).

    >>> a = Frame(27700, 0.95, "explicit_code", False)
    >>> b = Frame(27700, 0.5, "name", True)
    >>> merge_one_ref([a, b]) == merge_frames([a, b])[0] == b
    True
    """
    frame = min(frames, key=_confidence)
    if not frame.flagged and any(f.flagged for f in frames):
        return replace(frame, flagged=True)
    return frame


def _confidence(frame: Frame) -> float:
    return frame.confidence


def merge_frames(frames: Sequence[Frame]) -> tuple[Frame, bool]:
    """A chunk's frame from its features' frames, and whether they are mixed.

    One frame code: the least confident of them (flagged if any is). Several codes: the most
    common one, with the lowest confidence among all, flagged, and a note listing them; the
    ``True`` tells the caller to flag the chunk ``crs_mixed``. No frames: the fallback.

    >>> a = Frame(27700, 0.95, "explicit_code", False, "OSGB36 / British National Grid")
    >>> b = Frame(4326, 0.8, "geojson_rfc7946", False, "WGS 84")
    >>> merge_frames([a, a]) == (a, False)
    True
    >>> frame, mixed = merge_frames([a, b, a])
    >>> frame.epsg, frame.confidence, frame.flagged, mixed
    (27700, 0.8, True, True)
    """
    if not frames:
        return FALLBACK_FRAME, False
    counts = Counter(f.ref for f in frames)
    lowest = min(f.confidence for f in frames)
    flagged = any(f.flagged for f in frames)
    if len(counts) == 1:
        return merge_one_ref(frames), False
    top = max(counts.values())
    main = next(f for f in frames if counts[f.ref] == top)
    listing = ", ".join(f"{label(code)} x{n}" for code, n in counts.most_common())
    frame = replace(
        main,
        confidence=lowest,
        flagged=True,
        notes=(f"mixed frames in this chunk: {listing}; see each feature's epsg",) + main.notes,
    )
    return frame, True
