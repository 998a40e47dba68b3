"""Declarations that leave something out: "UTM zone 12", "UTM 44S", "Gauß-Krüger Zone 4".

A zone phrase names a projection family and a zone but not the datum, and sometimes not the
hemisphere. The candidate frames come from PROJ's database (every non-deprecated ``<datum> / UTM
zone <z><N|S>`` or ``<datum> / [3-degree ]Gauss-Kruger zone <z>``), and one is chosen with the
evidence the document carries, in this order:

1. the coordinates: the frame must put them inside its area of use (PROJ's rectangles);
2. a datum named anywhere in the document ("ETRS89", "NAD83", "DHDN", "Pulkovo 1942");
3. a place named in the document (offline gazetteer, ``places.py``) that lies inside the frame's
   area and near where the frame puts the coordinates;
4. for UTM only, WGS 84 when no datum is named (the conventional reading of a bare UTM zone).

If two candidates are still equal (the northings fit both hemispheres and nothing else tells;
two datums share the projection and the place), the choice is flagged ambiguous, and every frame
considered is listed with why it lost.

Scanning is linear: ``str.find`` for the anchors ("utm", "gauss", "gauß", "gk") and one
bounded regular expression at each.

>>> [(z.system, z.zone, z.hemisphere) for z in find_zones("Grid: UTM Zone 31 N; GK4 east")]
[('utm', 31, 'N'), ('gk', 4, None)]
>>> zone_candidates("utm", 32, "N")[0]
32632
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Sequence

import numpy as np

from geochunk.text.textcase import lower
from geochunk.crs.database import crs_facts, label, projection_lonlat
from geochunk.crs.names import may_occur
from geochunk.crs.places import Place, distance_deg
from geochunk.crs.work import current

__all__ = ["ZonePhrase", "ZoneChoice", "find_zones", "zone_candidates", "choose_zone",
           "choose_zones", "zone_lonlats"]

_UTM = re.compile(
    r"""utm(?![^\W\d_])[\s,:/\-]{0,3}
    (?:(?:zone|zona)\s{0,2}[:\#]?\s{0,2})?
    (?P<z>\d{1,2})(?!\d)
    (?:\s{0,2}(?:
        (?P<h>[NS](?![^\W_])|north(?:ern)?(?![^\W_])|south(?:ern)?(?![^\W_]))
        |(?P<band>[C-HJ-MP-RT-X])(?![^\W_])
    ))?""",
    re.IGNORECASE | re.VERBOSE,
)
_GK = re.compile(
    r"""(?:gau(?:ss|ß)[\s\-]{0,2}kr(?:ü|u|ue)ger|gk)(?![^\W\d_])[\s,:\-]{0,3}
    (?:\(?(?P<deg>[36])[\s\-]?(?:degree|deg|°|grad)\)?[\s,\-]{0,3})?
    (?:(?:zone|zona|streifen|strip)\s{0,2}[:\#]?\s{0,2})?
    (?P<z>\d{1,2})(?!\d)""",
    re.IGNORECASE | re.VERBOSE,
)
_AFTER_HEMI = re.compile(r"[\s,;()\-]{0,4}(?:in\s+the\s+)?(north|south)(?:ern)?\s+hemisphere",
                         re.IGNORECASE)
_BEFORE_HEMI = re.compile(r"(north|south)(?:ern)?(?:\s+hemisphere)?[\s,]{0,3}$", re.IGNORECASE)
_BEFORE_DEG = re.compile(r"([36])[\s\-]?(?:degree|deg|°|grad)[\s\-]{0,2}$", re.IGNORECASE)
_ANCHORS = (("utm", _UTM), ("gauss", _GK), ("gauß", _GK), ("gk", _GK))
_UTM_NAME = re.compile(r"^(?P<datum>.+) / UTM zone (?P<z>\d{1,2})(?P<h>[NS])$")
_GK_NAME = re.compile(r"^(?P<datum>.+) / (?P<three>3-degree )?Gauss-Kruger zone (?P<z>\d{1,2})$")
_STRICT_MARGIN = 0.05  # degrees: the rectangle test for choosing among candidates
_NEAR_DEG = 1.5  # a named place this close to where a candidate puts the numbers supports it
_DEFAULT_DATUM = {"utm": "WGS 84"}
_MAX_CANDIDATES = 48


@dataclass(frozen=True)
class ZonePhrase:
    """A zone phrase in the text: ``text == source[start:end]``."""

    start: int
    end: int
    text: str
    system: str  # "utm" or "gk"
    zone: int
    hemisphere: str | None = None  # "N", "S" or None (not stated)
    degrees: int | None = None  # Gauss-Krüger 3- or 6-degree zones, when stated


def _word_start(text: str, i: int) -> bool:
    return i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")


def find_zones(text: str, low: Any = None, words: bytes | None = None) -> list[ZonePhrase]:
    """Every UTM / Gauss-Krüger zone phrase in ``text``, in order, non-overlapping (``low``:
    the text already lower-cased, offsets kept, or anything whose ``find`` finds lower-case
    ASCII anchors as in it; ``words``: its ``names.run_words``, so that an
    anchor none of whose letters occur is not looked for)."""
    low = lower(text) if low is None else low
    if len(low) != len(text):
        low = text.translate(str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ",
                                           "abcdefghijklmnopqrstuvwxyz"))
    starts: list[tuple[int, re.Pattern]] = []
    for anchor, pattern in _ANCHORS:
        if not may_occur(anchor, words):
            continue
        if anchor == "gauß" and "ß" not in text and "ẞ" not in text:
            continue  # the only characters whose lower case holds "ß": no pass over the text
        i = low.find(anchor)
        while i != -1:
            starts.append((i, pattern))
            i = low.find(anchor, i + 1)
    starts.sort(key=lambda t: t[0])
    out: list[ZonePhrase] = []
    resume = 0
    for i, pattern in starts:
        if i < resume or not _word_start(text, i):
            continue
        m = pattern.match(text, i)
        if m is None:
            continue
        zone = int(m.group("z"))
        if not 1 <= zone <= 60:
            continue
        before = text[max(0, i - 24):i]
        end = m.end()
        if pattern is _UTM:
            hemi = None
            h = m.group("h")
            if h:
                hemi = h[0].upper()
            elif m.group("band"):
                hemi = "N" if m.group("band").upper() >= "N" else "S"
            else:
                after = _AFTER_HEMI.match(text, end)
                if after is not None:
                    hemi = after.group(1)[0].upper()
                    end = after.end()
                else:
                    b = _BEFORE_HEMI.search(before)
                    if b is not None:
                        hemi = b.group(1)[0].upper()
            out.append(ZonePhrase(i, end, text[i:end], "utm", zone, hemi))
        else:
            deg = int(m.group("deg")) if m.group("deg") else None
            if deg is None:
                b = _BEFORE_DEG.search(before[-12:])
                deg = int(b.group(1)) if b is not None else None
            out.append(ZonePhrase(i, end, text[i:end], "gk", zone, None, deg))
        resume = end
    return out


@lru_cache(maxsize=1)
def _zone_frames() -> tuple[tuple[int, str, str, int, str | None, bool], ...]:
    """(code, name, system, zone, hemisphere, 3-degree) of every non-deprecated zone frame."""
    from pyproj.database import query_crs_info
    from pyproj.enums import PJType

    out = []
    for info in query_crs_info(auth_name="EPSG", pj_types=[PJType.PROJECTED_CRS]):
        if info.deprecated or not info.code.isdigit():
            continue
        m = _UTM_NAME.match(info.name)
        if m:
            out.append((int(info.code), info.name, "utm", int(m.group("z")), m.group("h"), False))
            continue
        m = _GK_NAME.match(info.name)
        if m:
            out.append((int(info.code), info.name, "gk", int(m.group("z")), None,
                        bool(m.group("three"))))
    return tuple(out)


@lru_cache(maxsize=512)
def zone_candidates(system: str, zone: int, hemisphere: str | None = None,
                    degrees: int | None = None) -> tuple[int, ...]:
    """Candidate EPSG codes for a zone phrase, the default datum first (WGS 84 for UTM), then
    by widest area of use."""
    found = []
    for code, name, sys_, z, h, three in _zone_frames():
        if sys_ != system or z != zone:
            continue
        if hemisphere is not None and h is not None and h != hemisphere:
            continue
        if degrees == 3 and not three or degrees == 6 and three:
            continue
        found.append((code, name))
    default = _DEFAULT_DATUM.get(system)

    def order(item: tuple[int, str]) -> tuple:
        code, name = item
        facts = crs_facts(code)
        area = facts.area if facts is not None else None
        size = 0.0 if area is None else (area[2] - area[0]) % 360 * (area[3] - area[1])
        return (_datum(name) != default, -round(size, 1), code)

    found = list(dict(found).items())  # the database lists a code once per usage
    found.sort(key=order)
    return tuple(code for code, _ in found[:_MAX_CANDIDATES])


@lru_cache(maxsize=4096)
def _projection_key(code: int) -> tuple:
    """The projection method and parameters of a frame (not its datum), or the code itself."""
    from pyproj import CRS
    from pyproj.exceptions import CRSError

    try:
        op = CRS.from_epsg(code).coordinate_operation
        return (op.method_name,) + tuple((p.name, round(float(p.value), 9)) for p in op.params)
    except (CRSError, AttributeError, TypeError, ValueError):
        return (code,)


def _datum(name: str) -> str:
    return name.split(" / ", 1)[0]


@dataclass(frozen=True)
class ZoneChoice:
    """The candidate chosen for a zone phrase, whether the choice is ambiguous, and the
    evidence: the places that bore on it and every other candidate with why it lost."""

    code: int
    ambiguous: bool
    places: tuple[str, ...]
    considered: tuple[str, ...]
    datum_named: str | None = None


def _strict_share(lon: np.ndarray, lat: np.ndarray, areas: Sequence[tuple]) -> float:
    if not len(lon):
        return 0.0
    ok = np.zeros(len(lon), dtype=bool)
    m = _STRICT_MARGIN
    for w, s, e, n in areas:
        in_lat = (lat >= s - m) & (lat <= n + m)
        if e >= w:
            in_lon = (lon >= w - m) & (lon <= e + m)
        else:
            in_lon = (lon >= w - m) | (lon <= e + m)
        ok |= in_lat & in_lon
    return float(ok.mean())


def _lonlat_of(code: int, xy: np.ndarray) -> tuple | None:
    """(lon, lat, every value finite) of ``xy`` read in ``code``'s projection (see
    ``database.projection_lonlat``), or ``None``."""
    ll = projection_lonlat(code, xy[:, 0], xy[:, 1])
    if ll is None:
        return None
    lon, lat = np.asarray(ll[0], dtype=float), np.asarray(ll[1], dtype=float)
    good = bool((np.isfinite(lon) & np.isfinite(lat)).all())
    return lon, lat, good


@lru_cache(maxsize=512)
def _candidate_rows(candidates: tuple[int, ...]) -> tuple[tuple, ...]:
    """Per candidate that PROJ knows: (code, name, datum, areas, projection key), in order
    (what :func:`choose_zone` reads of each candidate, the same for every document)."""
    out = []
    for c in candidates:
        facts = crs_facts(c)
        if facts is None:
            continue
        areas = facts.areas or ((facts.area,) if facts.area else ())
        out.append((c, facts.name, _datum(facts.name), tuple(areas), _projection_key(c)))
    return tuple(out)


def _document_facts(known: tuple[tuple, ...], text_lower: str, places: Sequence[Place],
                    margins: tuple[tuple, ...]) -> tuple[set[str], list[list]]:
    """What :func:`choose_zone` reads of the document for these candidates, the same for
    every geometry: the datums named in it, and per candidate the places named with a point
    in its area of use (``[(text, [(lon, lat), ...]), ...]``, in order). Kept in the
    document's frame work (``work.memo``) for its other geometries."""
    work = current()
    key = ("zone-doc", id(known), id(text_lower), id(places))
    if work is not None:
        hit = work.memo.get(key)
        if hit is not None and hit[0] is text_lower and hit[1] is places and hit[3] is known:
            return hit[2]
    datums = {datum for _, _, datum, _, _ in known}
    named = {d for d in datums if d and _named(d, text_lower)}
    in_area = []
    for bounds in margins:  # (_in_bounds' tests, the bounds widened once: ``_margins(known)``)
        held = []
        for p in places:
            points = [(plon, plat) for plon, plat, _ in p.points
                      if _in_bounds(plon, plat, bounds)]
            if points:
                held.append((p.text, points))
        in_area.append(held)
    if work is not None:  # the text and the places kept with it: their ids stay theirs
        work.memo[key] = (text_lower, places, (named, in_area), known)
    return named, in_area


def zone_lonlats(candidates: Sequence[int], xys: Sequence[np.ndarray]) -> list[dict]:
    """Per sample, what :func:`choose_zone` reads of its numbers in each projection among the
    candidates (``{projection key: _lonlat_of(first such candidate, xy)}``, its ``lonlat=``),
    one PROJ call per projection for all the samples (PROJ reads each point alone, so each
    sample's slice is what its own call gives)."""
    first: dict = {}
    for c, _, _, _, pkey in _candidate_rows(tuple(candidates)):
        first.setdefault(pkey, c)
    out: list[dict] = [{} for _ in xys]
    if not xys:
        return out
    every = np.concatenate(xys)
    ends = np.cumsum([len(xy) for xy in xys]).tolist()
    for pkey, c in first.items():
        ll = projection_lonlat(c, every[:, 0], every[:, 1])
        if ll is None:  # PROJ refused the batch: each sample on its own, as before
            for got, xy in zip(out, xys):
                got[pkey] = _lonlat_of(c, xy)
            continue
        lon_all = np.asarray(ll[0], dtype=float)
        lat_all = np.asarray(ll[1], dtype=float)
        finite = (np.isfinite(lon_all) & np.isfinite(lat_all)).tolist()
        start = 0
        for got, end in zip(out, ends):
            lon, lat = lon_all[start:end], lat_all[start:end]
            good = all(finite[start:end])
            got[pkey] = (lon, lat, good)
            start = end
    return out


def choose_zone(
    system: str,
    phrase_text: str,
    candidates: Sequence[int],
    xy: np.ndarray | None,
    text_lower: str,
    places: Sequence[Place],
    lonlat: dict | None = None,
) -> ZoneChoice:
    """Choose among a zone phrase's candidate frames (see the module docstring); ``lonlat``:
    this sample's :func:`zone_lonlats`, when made with others'."""
    known = _candidate_rows(tuple(candidates))
    margins = _candidate_margins(tuple(candidates))  # by the codes: no hash of the rows
    named, in_area = _document_facts(known, text_lower, places, margins)
    default = _DEFAULT_DATUM.get(system)
    rows = []
    by_projection: dict = {}
    has_xy = xy is not None and len(xy) > 0
    near_centre: dict = {}  # per projection: place point -> whether near the centre it gives
    for (c, name, datum, areas, pkey), held in zip(known, in_area):
        fits = None
        centre = None
        if has_xy:
            # candidates that share a projection (the same zone on another datum) share the
            # lon/lat of the numbers, up to the ellipsoid: one transformer per projection
            ll = by_projection.get(pkey, by_projection)
            if ll is by_projection:
                ll = by_projection[pkey] = (lonlat[pkey] if lonlat is not None and pkey in lonlat
                                            else _lonlat_of(c, xy))
            if ll is None:
                fits = False
            else:
                lon, lat, good = ll
                if not good:
                    fits = False
                else:
                    fits = _strict_share(lon, lat, areas) >= 0.95
                if fits:
                    k = len(lon) // 2
                    centre = (float(lon[k]), float(lat[k]))
        if not held:
            support = []
        elif centre is None:
            support = [text for text, _ in held]
        else:  # each place with a point in the area: one near the centre (the centre is
            # the projection's, so candidates that share it share each point's distance)
            support = list(_near_texts(held, near_centre.setdefault(pkey, {}), centre))
        rows.append(_scored(c, name, datum, fits, support, named, default))
    if not rows:
        return ZoneChoice(candidates[0], True, (), ("no candidate frame could be read",))
    work = current()  # the document's other geometries mostly score the candidates alike
    # (the candidate rows are one lru-cached tuple: named by its id, checked by identity)
    key = ("zone-choice", system, phrase_text, id(known), tuple(sorted(named)),
           tuple((r[0], r[3], tuple(r[4])) for r in rows))
    hit = work.memo.get(key) if work is not None else None
    if hit is not None and hit[0] is known:
        return hit[1]
    found = _choice(rows, named, default, phrase_text)
    if work is not None:
        work.memo[key] = (known, found)
    return found


def choose_zones(
    system: str,
    phrase_text: str,
    candidates: Sequence[int],
    xys: Sequence[np.ndarray],
    text_lower: str,
    places: Sequence[Place],
) -> list[ZoneChoice]:
    """:func:`choose_zone` for each of several samples (each with a point), the same choices:
    the candidates each sample fits come from :func:`_fits` (one PROJ call per candidate
    projection, the area tests in numpy), and a choice is made once per distinct outcome
    (the candidates fitted and the named places near the numbers: a zone document's samples
    mostly share one), instead of a Python pass over the candidates per sample."""
    known = _candidate_rows(tuple(candidates))
    got = _fits(tuple(candidates), xys) if known and xys else None
    if got is None:
        return [choose_zone(system, phrase_text, candidates, xy, text_lower, places, lonlat=ll)
                for xy, ll in zip(xys, zone_lonlats(candidates, list(xys)))]
    fits, centres = got
    named, in_area = _document_facts(known, text_lower, places,
                                     _candidate_margins(tuple(candidates)))
    default = _DEFAULT_DATUM.get(system)
    held_groups: dict[tuple, list] = {}  # the places in an area -> [them, [candidate rows]]
    for i, held in enumerate(in_area):
        if held:
            key = tuple((text, tuple(points)) for text, points in held)
            held_groups.setdefault(key, [held, []])[1].append(i)
    k_of = _plan_of(tuple(candidates))
    work = current()
    memo = work.memo if work is not None else {}
    named_key = tuple(sorted(named))
    out = []
    for s, fit in enumerate(fits.tolist()):
        supports = []  # per group of candidates: {projection: places near its centre}
        near_by_k: dict = {}  # per projection: place point -> near the centre it gives
        for held, members in held_groups.values():
            near_texts: dict = {}
            for i in members:
                k = k_of[i]
                if fit[i] and k not in near_texts:
                    near = near_by_k.setdefault(k, {})
                    near_texts[k] = _near_texts(held, near, centres[k][s])
            supports.append(near_texts)
        key = ("zone-choices", system, phrase_text, id(known), named_key, fits[s].tobytes(),
               tuple(tuple(sorted(n.items())) for n in supports))
        hit = memo.get(key)
        if hit is None or hit[0] is not known:
            support_of = {}
            for (held, members), near_texts in zip(held_groups.values(), supports):
                for i in members:  # as in choose_zone: every place held where it does not fit
                    support_of[i] = (list(near_texts[k_of[i]]) if fit[i]
                                     else [text for text, _ in held])
            rows = []
            for i, (c, name, datum, _, _) in enumerate(known):
                support = support_of.get(i, [])
                rows.append(_scored(c, name, datum, fit[i], support, named, default))
            hit = memo[key] = (known, _choice(rows, named, default, phrase_text))
        out.append(hit[1])
    return out


def _scored(code: int, name: str, datum: str | None, fits: bool | None, support: list,
            named: set[str], default: str | None) -> tuple:
    """A candidate's row for :func:`_choice`: its score (fits, or no numbers to tell; its
    datum named in the text; places named near the numbers; the system's default datum),
    code, name, ``fits`` and the supporting places. The one scoring rule of
    :func:`choose_zone` and :func:`choose_zones`."""
    return ((fits is not False, datum in named, bool(support), datum == default),
            code, name, fits, support)


def _near_texts(held: list, near: dict, centre: tuple[float, float]) -> tuple[str, ...]:
    """The places of ``held`` (``[(text, [(lon, lat), ...]), ...]``) with a point within
    :data:`_NEAR_DEG` of ``centre``; ``near`` keeps each point's answer for this centre."""
    texts = []
    for text, points in held:
        for point in points:
            hit = near.get(point)
            if hit is None:
                hit = near[point] = distance_deg(point[0], point[1], *centre) <= _NEAR_DEG
            if hit:
                texts.append(text)
                break
    return tuple(texts)


def _fits(candidates: tuple[int, ...], xys: Sequence[np.ndarray]) -> tuple | None:
    """(which candidates each sample fits: a samples x rows bool array, per candidate
    projection each sample's middle point read in it), the tests and shares of
    :func:`choose_zone` made for all the samples together: each projection reads every
    number in one PROJ call (as :func:`zone_lonlats`) and the widened rectangles
    (:func:`_margins`) are tested in numpy with the same float comparisons. ``None`` where a
    sample has no point or PROJ refuses a batch (then each sample on its own)."""
    if any(len(xy) == 0 for xy in xys):
        return None
    lens = np.fromiter(map(len, xys), dtype=np.intp, count=len(xys))
    starts = np.cumsum(lens) - lens
    every = np.concatenate(xys)
    fits = np.zeros((len(xys), len(_candidate_rows(candidates))), dtype=bool)
    centres = []
    for code, _, with_bounds, lo, hi, west, east, crosses, bstart in _zone_plan(candidates):
        ll = projection_lonlat(code, every[:, 0], every[:, 1])
        if ll is None:
            return None
        lon = np.asarray(ll[0], dtype=float)
        lat = np.asarray(ll[1], dtype=float)
        good = np.logical_and.reduceat(np.isfinite(lon) & np.isfinite(lat), starts)
        if len(with_bounds):
            x, y = lon[:, None], lat[:, None]
            if crosses is None:  # no rectangle crosses 180°
                inside = (y >= lo) & (y <= hi) & (x >= west) & (x <= east)
            else:
                inside = (y >= lo) & (y <= hi) & np.where(crosses, (x >= west) | (x <= east),
                                                          (x >= west) & (x <= east))
            held = np.logical_or.reduceat(inside, bstart, axis=1).astype(np.intp)
            share = np.add.reduceat(held, starts, axis=0) / lens[:, None]
            fits[:, with_bounds] = (share >= 0.95) & good[:, None]
        mid = starts + lens // 2
        centres.append(list(zip(lon[mid].tolist(), lat[mid].tolist())))
    return fits, centres


@lru_cache(maxsize=512)
def _zone_plan(candidates: tuple[int, ...]) -> tuple[tuple, ...]:
    """Per candidate projection (in the order of their first candidates): (that candidate's
    code, the rows of :func:`_candidate_rows` in it, those of them with an area, and their
    areas' widened bounds as arrays: south, north, west, east, crosses 180° (``None`` where
    none does), and where each row's bounds start), for :func:`choose_zones`."""
    known = _candidate_rows(candidates)
    margins = _margins(known)
    by_pkey: dict = {}
    for i, row in enumerate(known):
        by_pkey.setdefault(row[4], (row[0], []))[1].append(i)
    plan = []
    for code, rows in by_pkey.values():
        with_bounds = [i for i in rows if margins[i]]
        flat = [b for i in with_bounds for b in margins[i]]
        bstart = np.cumsum([0] + [len(margins[i]) for i in with_bounds[:-1]]).astype(np.intp)
        cols = list(zip(*flat)) if flat else [(), (), (), (), ()]
        lo, hi, west, east = (np.array(c, dtype=float) for c in cols[:4])
        crosses = np.array(cols[4], dtype=bool)
        plan.append((code, tuple(rows), np.array(with_bounds, dtype=np.intp), lo, hi, west,
                     east, crosses if crosses.any() else None, bstart))
    return tuple(plan)


@lru_cache(maxsize=512)
def _plan_of(candidates: tuple[int, ...]) -> tuple[int, ...]:
    """Per row of :func:`_candidate_rows`, the index of its projection in :func:`_zone_plan`."""
    out = [0] * len(_candidate_rows(candidates))
    for k, entry in enumerate(_zone_plan(candidates)):
        for i in entry[1]:
            out[i] = k
    return tuple(out)


@lru_cache(maxsize=512)
def _margins(known: tuple[tuple, ...]) -> tuple[tuple, ...]:
    """Per candidate row, its areas widened as :func:`_strict_share` widens them: (south - m,
    north + m, west - m, east + m, crosses 180°), the same float operations done once."""
    m = _STRICT_MARGIN
    return tuple(tuple((s - m, n + m, w - m, e + m, e < w) for w, s, e, n in row[3])
                 for row in known)


@lru_cache(maxsize=512)
def _candidate_margins(candidates: tuple[int, ...]) -> tuple[tuple, ...]:
    """``_margins(_candidate_rows(candidates))``, looked up by the codes (a tuple of ints
    hashes in a few steps; the rows, with their names and areas, in a hundred)."""
    return _margins(_candidate_rows(candidates))


def _in_bounds(lon: float, lat: float, bounds: tuple) -> bool:
    """Whether one point is in any of a row's :func:`_margins` bounds: :func:`_strict_share`'s
    tests for one point (a place named in the document)."""
    for lo, hi, west, east, crosses in bounds:
        if lo <= lat <= hi and ((lon >= west or lon <= east) if crosses else west <= lon <= east):
            return True
    return False


def _choice(rows: list[tuple], named: set[str], default: str | None,
            phrase_text: str) -> ZoneChoice:
    """The choice and its evidence lines from the scored candidates (see :func:`choose_zone`)."""
    best = max(r[0] for r in rows)
    top = [r for r in rows if r[0] == best]
    chosen = top[0]
    ambiguous = len(top) > 1
    placed = tuple(dict.fromkeys(p for r in rows for p in r[4]))
    considered = []
    # the lines past the 8th are only counted (with 9 rows or fewer, every line is kept)
    others = sum(1 for r in rows if r[1] != chosen[1]) if len(rows) > 9 else 0
    for score, c, name, fits, support in rows:
        if c == chosen[1]:
            continue
        if len(considered) == 8 and others > 8:
            break
        if score == best:
            why = "fits as well: the evidence does not decide between them"
        elif fits is False:
            why = "the coordinates fall outside its area of use"
        elif not score[1] and best[1]:
            why = f"its datum is not named (the document names {', '.join(sorted(named))})"
        elif not score[2] and best[2]:
            why = "no place named in the document lies in its area near the coordinates"
        else:
            why = f"its datum is not named, and {default} is the default for a bare zone"
        considered.append(f"{label(c)} {name}: {why}")
    if others > 8:
        considered.append(f"... and {others - 8} more")
    head = (f"{len(rows)} candidate frame(s) for {phrase_text!r}; chose {label(chosen[1])} "
            f"{chosen[2]}" + (" (ambiguous)" if ambiguous else ""))
    datum_named = _datum(chosen[2]) if chosen[0][1] else None
    return ZoneChoice(chosen[1], ambiguous, placed, (head, *considered), datum_named)


@lru_cache(maxsize=1024)
def _variants(datum: str) -> tuple[str, ...]:
    """The spellings :func:`_named` looks for: lower case, with the blanks kept, dropped or
    made hyphens (each once)."""
    d = datum.lower()
    return tuple(dict.fromkeys((d, d.replace(" ", ""), d.replace(" ", "-"))))


def _named(datum: str, text_lower: str) -> bool:
    """Whether a datum name ("ETRS89", "Pulkovo 1942(58)", "WGS 84") occurs as words."""
    for v in _variants(datum):
        i = text_lower.find(v)
        while i != -1:
            before = text_lower[i - 1] if i else " "
            after = text_lower[i + len(v)] if i + len(v) < len(text_lower) else " "
            if not (before.isalnum() or after.isalnum() or after == "("):
                return True
            i = text_lower.find(v, i + 1)
    return False
