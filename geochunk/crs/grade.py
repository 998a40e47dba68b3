"""Turn a declaration (or its absence) and a coordinate check into a graded :class:`Frame`.

Confidence grades (0-1), and what each rests on:

============================================  ===========  ======================  =======
what the frame rests on                        coords fit   no coordinates to test  flagged
============================================  ===========  ======================  =======
explicit code (EPSG, URN, URL, SRID, crs)      0.95         0.80                    no
name or alias resolved through the database    0.85         0.70                    no
projection part of a name, one frame           0.80         0.65                    no
GeoJSON without ``crs`` (RFC 7946 WGS 84)      0.80         0.60                    no
ambiguous name (several frames)                0.50         0.40                    yes
UTM / Gauss-Krüger zone phrase, one frame      0.75         0.60                    no
  chosen by datum words, places, coordinates
grid inferred from named places + coordinates  0.50         --                      yes
coordinates alone look like lon/lat            0.30         --                      yes
nothing at all: EPSG:4326 fallback             0.00         0.00                    yes
============================================  ===========  ======================  =======

Whatever the declaration, coordinates that contradict it cap the grade: ``partial`` 0.40,
``degree_like`` 0.20, ``outside`` 0.10, all flagged; a frame PROJ cannot transform at all
(``untransformable``) gets 0.30, flagged, since nothing about it can be checked. A deprecated code is multiplied by 0.8 and
flagged (the replacement is in the notes); a declaration applied to geometry that comes before it
in the text is multiplied by 0.8 (noted, not flagged).

Why RFC 7946 gets 0.80: the format itself defines the frame, so it is not a guess, and the
coordinates were checked; it stays below an explicit code because the producer did not state it,
and producers do write projected or non-WGS 84 values into crs-less GeoJSON (caught when they
fall outside lon/lat, not when they are another datum's lon/lat, a few metres to ~100 m off).

>>> from geochunk.crs.validate import Check
>>> grade("explicit", Check("inside", 5, 5))
(0.95, False)
>>> grade("name", Check("outside", 0, 5))
(0.1, True)
"""

from __future__ import annotations

import sys
from dataclasses import replace
from functools import lru_cache
from typing import Any, Callable, Iterable, NamedTuple

from geochunk.model import FALLBACK_FRAME, Evidence, Frame
from geochunk.crs.database import (
    WGS84,
    crs_facts,
    label,
    operation_at,
    transformer,
    unavailable_better_operation,
)
from geochunk.crs.declarations import Declaration
from geochunk.crs.validate import Check
from geochunk.crs.work import current

__all__ = [
    "grade",
    "frame_from_check",
    "source_of",
    "rfc7946_frame",
    "coordinates_frame",
    "fallback_frame",
    "BACKWARD_FACTOR",
    "DEPRECATED_FACTOR",
]

_BASE = {  # basis -> (coordinates fit, nothing to test)
    "explicit": (0.95, 0.80),
    "name": (0.85, 0.70),
    "suffix": (0.80, 0.65),
    "rfc7946": (0.80, 0.60),
    "ambiguous": (0.50, 0.40),
    "zone": (0.75, 0.60),
    "place": (0.50, 0.0),
    "coordinates": (0.30, 0.0),
}
_CONTRADICTED = {
    "untransformable": 0.30,
    "partial": 0.40,
    "degree_like": 0.20,
    "outside": 0.10,
    "unusable": 0.0,
    "unresolved": 0.0,
}
BACKWARD_FACTOR = 0.8
DEPRECATED_FACTOR = 0.8
_SOURCE = {
    "epsg_code": "explicit_code",
    "urn": "explicit_code",
    "ogc_url": "explicit_code",
    "crs84": "explicit_code",
    "esri_code": "explicit_code",
    "ewkt_srid": "ewkt_srid",
    "ewkb_srid": "ewkb_srid",
    "kml": "kml",
    "geojson_crs": "geojson_crs",
    "name": "name",
}


def grade(basis: str, chk: Check) -> tuple[float, bool]:
    """(confidence, flagged) for a basis (see the table) and a coordinate check."""
    fit, untested = _BASE[basis]
    flagged = basis in ("ambiguous", "coordinates", "place")
    if chk.status == "inside":
        return fit, flagged
    if chk.status == "no_coordinates":
        return untested, flagged or basis == "coordinates"
    return _CONTRADICTED[chk.status], True


def source_of(decl: Declaration) -> str:
    """``Frame.source`` for a declaration's form."""
    return _SOURCE.get(decl.form, decl.form)


def _basis(decl: Declaration, ambiguous: bool) -> str:
    if ambiguous:
        return "ambiguous"
    if decl.form != "name" and not (decl.form == "geojson_crs" and decl.match):
        return "explicit"
    return "suffix" if decl.match == "suffix" else "name"


def _operation_notes(epsg: int | str, chk: Check) -> tuple[str | None, float | None, tuple[str, ...]]:
    facts = crs_facts(epsg)
    if facts is None or facts.horizontal == WGS84:
        return None, None, ()
    if chk.status in ("no_coordinates", "unresolved", "unusable", "untransformable"):
        return None, None, ()  # governs no geometry (or may not be checked): nothing is built
    if chk.xy is not None and chk.status in ("inside", "partial"):
        op = operation_at(epsg, *chk.xy)
        desc, acc = op.description, op.accuracy_m
    else:
        desc, acc = _stated_operation(epsg)
    return desc, acc, _op_notes(epsg, desc)


@lru_cache(maxsize=1024)
def _stated_operation(epsg: int | str) -> tuple[str | None, float | None]:
    tr = transformer(epsg)
    desc = tr.description if tr is not None else None
    acc = tr.accuracy if tr is not None and tr.accuracy >= 0 else None
    if desc == "unavailable until proj_trans is called":
        desc = None  # several candidate operations; which one depends on the coordinates
    return desc, acc


@lru_cache(maxsize=4096)
def _op_notes(epsg: int | str, desc: str | None) -> tuple[str, ...]:
    notes: list[str] = []
    if desc and "ballpark" in desc.lower():
        notes.append("ballpark transformation (datum shift ignored): may be 100 m or more off")
    better = unavailable_better_operation(epsg)
    if better:
        notes.append(better)
    return _shared(notes)


class _Part(NamedTuple):
    """What a graded frame takes from its declaration, frame and check verdict, without the
    operation and the example point (which differ from feature to feature). (A named tuple:
    made once or twice per declaration of every document, where a frozen dataclass's
    field-by-field ``__init__`` was a sixth of making it.)"""

    confidence: float
    flagged: bool
    notes: tuple[str, ...]
    facts: Any
    epsg: int | None
    name: str | None
    authority: str | None
    code: int | None
    words: tuple[str, ...]
    codes: tuple[str, ...]
    checked: tuple[str, ...]  # the first coordinate evidence line
    frame: dict  # every field of the Frame (operation, notes, evidence: filled per feature)
    evidence: dict  # every field of its Evidence (places, coordinates: filled per feature)


class _Core(NamedTuple):
    """What :class:`_Part` takes from the declaration and the frame alone, whatever the
    verdict: worked out once per declaration and frame in a document (its features and its
    scope are graded on checks of different counts)."""

    facts: Any
    where: str  # the first note
    words: tuple[str, ...]
    codes: tuple[str, ...]
    frame: dict  # the Frame's fields that do not depend on the verdict


def frame_from_check(
    decl: Declaration,
    epsg: int | str,
    chk: Check,
    *,
    ambiguous: bool = False,
    backward: bool = False,
    extra_notes: tuple[str, ...] = (),
    basis: str | None = None,
    places: tuple[str, ...] = (),
    considered: tuple[str, ...] = (),
    why: tuple[str, ...] = (),
) -> Frame:
    """The graded frame a declaration gives coordinates that were checked against ``epsg``
    (an EPSG code, or an ``"ESRI:code"`` ref). ``basis`` overrides the grade's basis (see the
    table); ``places`` and ``considered`` go into the frame's evidence; ``why``: notes put
    after the first two (what chose among a zone phrase's candidates).

    Inside a document's frame work (``work.document_work``) what does not depend on the
    example point is worked out once per declaration, frame and verdict: the 400 features of
    one appendix under one declaration share it."""
    work = current()
    key = (epsg, chk.status, chk.inside, chk.total, chk.note, ambiguous, backward, extra_notes,
           basis, places, considered)
    parts = None
    if work is not None:  # per declaration, by what of it a frame reads (see ``_part``): the
        # SRID of each EWKB row is a declaration of its own, and they share one
        dkey = ("frame", decl.form, decl.text, decl.start if decl.text else None, decl.note,
                decl.match)
        parts = work.memo.get(dkey)
        if parts is None:
            parts = work.memo[dkey] = {}
    part = parts.get(key) if parts is not None else None
    if part is None and parts is not None and decl.text:
        # the same declaration text elsewhere ("SRID=27700;" on every row of a dump): its
        # template with the offset lines made anew
        cores = work.memo.setdefault(("frame-text", decl.form, decl.text, decl.note,
                                      decl.match), {})
        core = cores.get(key)
        if core is None:
            part = _part(decl, epsg, chk, ambiguous, backward, extra_notes, basis, considered,
                         _core_of(parts, decl, epsg))
            cores[key] = (decl.start, part)
        else:
            part = core[1] if core[0] == decl.start else _moved(core[1], decl)
        parts[key] = part
    if part is None:
        part = _part(decl, epsg, chk, ambiguous, backward, extra_notes, basis, considered,
                     _core_of(parts, decl, epsg))
        if parts is not None:
            parts[key] = part
    if part.facts is not None:
        op, acc, op_notes = _operation_notes(epsg, chk)
    else:
        op, acc, op_notes = None, None, ()
    coordinates = part.checked
    if chk.xy is not None and chk.lonlat is not None and chk.status != "no_coordinates":
        coordinates = coordinates + (_example(chk),)
    # the declaration's template with this feature's own fields (Frame and Evidence have
    # slots: a constructor call is the fast way to fill them)
    notes = _joined(part.notes, op_notes) if op_notes else part.notes
    if why:
        notes = notes[:2] + why + notes[2:]
    return Frame(**{
        **part.frame,
        "notes": notes,
        "operation": op,
        "accuracy_m": acc,
        "evidence": Evidence(**{**part.evidence, "places": places, "coordinates": coordinates}),
    })


@lru_cache(maxsize=1024)
def _joined(notes: tuple[str, ...], more: tuple[str, ...]) -> tuple[str, ...]:
    """``notes + more``, one tuple for all the features that add the same operation notes to
    the same declaration's notes (a tuple per feature was 0.13x the input of a large
    appendix; issue #13)."""
    return notes + more


def _where(decl: Declaration) -> str:
    """The first note of a frame from ``decl``: which declaration, and where."""
    where = f"{decl.form} {decl.text!r} at offset {decl.start}" if decl.text else decl.form
    return f"declared by {where}"


def _said(decl: Declaration) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The evidence's (words, codes) lines for ``decl``."""
    words = (f"{decl.text!r} at offset {decl.start}",) if decl.form == "name" and decl.text else ()
    codes = ((f"{decl.text!r} ({decl.form}) at offset {decl.start}",)
             if decl.form != "name" and decl.text else ((decl.form,) if not decl.text else ()))
    return words, codes


def _moved(part: _Part, decl: Declaration) -> _Part:
    """``part`` (made for the same declaration text at another offset) for ``decl``: the
    lines that name the offset made anew (each its own: not interned, nothing shares them),
    everything else as it is (see :func:`_part`)."""
    words, codes = _said(decl)
    evidence = {**part.evidence, "words": words, "codes": codes}
    return part._replace(notes=(_where(decl),) + part.notes[1:], words=words, codes=codes,
                         evidence=evidence)


def _core_of(parts: dict | None, decl: Declaration, epsg: int | str) -> _Core:
    """:func:`_core` of ``decl`` and ``epsg``, kept among the declaration's ``parts`` in the
    document's memo (under the frame's code: the parts' own keys are tuples)."""
    core = parts.get(epsg) if parts is not None else None
    if core is None:
        core = _core(decl, epsg)
        if parts is not None:
            parts[epsg] = core
    return core


def _core(decl: Declaration, epsg: int | str) -> _Core:
    facts = crs_facts(epsg)
    horizontal = facts.horizontal if facts is not None else epsg
    words, codes = map(_shared, _said(decl))
    other = isinstance(horizontal, str)
    auth, code = (horizontal.split(":", 1) if other else (None, None))
    frame = {
        "epsg": None if other else horizontal,
        "source": source_of(decl),
        "name": (facts.name if facts is not None and horizontal == epsg else _name(horizontal)),
        "units": facts.units if facts is not None else None,
        "authority": auth,
        "code": int(code) if code is not None and code.isdigit() else None,
    }
    return _Core(facts, _where(decl), words, codes, frame)


def _part(decl: Declaration, epsg: int | str, chk: Check, ambiguous: bool, backward: bool,
          extra_notes: tuple[str, ...], basis: str | None, considered: tuple[str, ...],
          core: _Core) -> _Part:
    facts = core.facts
    conf, flagged = grade(basis or _basis(decl, ambiguous), chk)
    notes = [core.where]
    if decl.note:
        notes.append(decl.note)
    if ambiguous and not considered:
        notes.append(f"chose {label(epsg)}: the first candidate whose area of use fits")
    if chk.status == "inside":
        notes.append(f"{chk.inside}/{chk.total} sampled points inside the area of use "
                     "(PROJ's rectangle for it; the real boundary is not shipped)")
    elif chk.status == "no_coordinates":
        notes.append("not validated: no coordinates to test")
    if chk.note:
        notes.append(chk.note)
    if chk.status in ("outside", "degree_like", "partial"):
        notes.append(f"coordinates contradict the declared {label(epsg)}: not to be trusted")
    if facts is not None and facts.deprecated:
        conf *= DEPRECATED_FACTOR
        flagged = True
    if backward:
        conf *= BACKWARD_FACTOR
        notes.append("the declaration comes after this geometry in the text")
    notes.extend(extra_notes)
    base = core.frame
    frame = {
        "epsg": base["epsg"],
        "confidence": round(conf, 3),
        "source": base["source"],
        "flagged": flagged,
        "name": base["name"],
        "units": base["units"],
        "notes": (),
        "operation": None,
        "accuracy_m": None,
        "authority": base["authority"],
        "code": base["code"],
        "evidence": None,
    }
    evidence = {"words": core.words, "codes": core.codes, "places": (),
                "coordinates": (), "considered": considered}
    return _Part(frame["confidence"], flagged, _shared(notes), facts, frame["epsg"],
                 frame["name"], base["authority"], frame["code"], core.words, core.codes,
                 _shared(_checked(epsg, chk)), frame, evidence)


def _shared(lines: Iterable[str]) -> tuple[str, ...]:
    """The lines as one shared copy each: every feature under one declaration carries the same
    notes (a 13 MB appendix held ~1.5 bytes per character of identical note strings)."""
    return tuple(sys.intern(line) for line in lines)


def coordinate_evidence(ref: int | str, chk: Check) -> tuple[str, ...]:
    """What the coordinates showed about ``ref``, as evidence lines."""
    out = _checked(ref, chk)
    if chk.status != "no_coordinates" and chk.xy is not None and chk.lonlat is not None:
        out += (_example(chk),)
    return out


def _checked(ref: int | str, chk: Check) -> tuple[str]:
    """The first line of :func:`coordinate_evidence` (it does not depend on the example)."""
    if chk.status == "no_coordinates":
        return ("no coordinates to test",)
    if chk.status in ("unusable", "unresolved", "untransformable"):
        return (f"not checked against {label(ref)} ({chk.status})",)
    return (f"{chk.inside}/{chk.total} sampled points inside the rectangle(s) of "
            f"{label(ref)}'s area of use (PROJ ships rectangles, not the boundary polygon)",)


def _example(chk: Check) -> str:
    return (f"e.g. ({chk.xy[0]:.6g}, {chk.xy[1]:.6g}) -> lon {chk.lonlat[0]:.4f}, "  # type: ignore[index]
            f"lat {chk.lonlat[1]:.4f}")  # type: ignore[index]


def _name(epsg: int | str) -> str | None:
    facts = crs_facts(epsg)
    return facts.name if facts else None


def rfc7946_frame(chk: Check, extra_notes: tuple[str, ...] = ()) -> Frame:
    """GeoJSON without a ``crs`` member: RFC 7946 WGS 84 longitude/latitude (made once per
    verdict and notes inside a document's frame work: :func:`_per_document`)."""

    def make() -> Frame:
        conf, flagged = grade("rfc7946", chk)
        notes = ["GeoJSON without a crs member: RFC 7946 defines WGS 84 longitude/latitude"]
        if chk.status == "inside":
            notes.append(f"{chk.inside}/{chk.total} sampled points are valid lon/lat")
        elif chk.note:
            notes.append(chk.note)
        return _wgs84_frame(conf, "geojson_rfc7946", flagged, tuple(notes) + tuple(extra_notes))

    return _per_document(("rfc7946-frame", chk.status, chk.inside, chk.total, chk.note, tuple(extra_notes)), make)


def coordinates_frame(chk: Check, extra_notes: tuple[str, ...] = ()) -> Frame:
    """No declaration, but the coordinates look like lon/lat: a low-confidence, flagged guess
    (made once per verdict and notes inside a document's frame work: :func:`_per_document`)."""

    def make() -> Frame:
        conf, flagged = grade("coordinates", chk)
        notes = (
            "no frame declared; coordinates look like lon/lat, so EPSG:4326 is guessed",
            f"{chk.inside}/{chk.total} sampled points are valid lon/lat",
        )
        return _wgs84_frame(conf, "coordinates", flagged, notes + tuple(extra_notes))

    return _per_document(("coordinates-frame", chk.status, chk.inside, chk.total, tuple(extra_notes)), make)


def _per_document(key: tuple, make: Callable[[], Frame]) -> Frame:
    """``make()``'s frame, made once per ``key`` inside a document's frame work and shared by
    the features it fits (frames are frozen; the key holds everything ``make`` reads of the
    check: a frame, its notes and evidence per feature were ~1.9x a GeoJSON of 20k small
    features, issue #13); outside one, made each time."""
    work = current()
    if work is None:
        return make()
    frame = work.memo.get(key)
    if frame is None:
        frame = work.memo[key] = make()
    return frame


def _wgs84_frame(conf: float, source: str, flagged: bool, notes: tuple[str, ...]) -> Frame:
    evidence = Evidence(
        codes=(notes[0],) if source == "geojson_rfc7946" else (),
        coordinates=notes[1:2],
        considered=notes[2:],
    )
    return Frame(epsg=WGS84, confidence=conf, source=source, flagged=flagged, name="WGS 84",
                 units="degree", notes=notes, evidence=evidence)


def fallback_frame(extra_notes: tuple[str, ...] = ()) -> Frame:
    """Nothing to go on: EPSG:4326, confidence 0, flagged, with the reasons in the notes."""
    if not extra_notes:
        return FALLBACK_FRAME
    return replace(FALLBACK_FRAME, notes=FALLBACK_FRAME.notes + tuple(extra_notes))
