"""Bundled sample documents for demos, tests and benchmarks.

The files live in this package directory; the installed package carries only them. They are
written by a seeded generator kept in the repository beside the tests
(``python -m tools.samples.make_samples``, byte-identical on every run). They are read as
UTF-8 with no newline translation, so offsets into the returned text are offsets into the file
as decoded (``malformed.txt`` deliberately contains CRLF lines).

>>> [s.name for s in list_samples()][:3]
['land_use_appendix', 'parcels', 'mixed_report']
>>> load_sample("sparse_prose").startswith("FIELD TRIP NOTES")
True
>>> sample_path("nope")
Traceback (most recent call last):
...
geochunk.errors.ConfigError: unknown sample 'nope'; valid values: land_use_appendix, parcels, mixed_report, boundary_40k, sparse_prose, sql_dump, malformed, ...
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from geochunk.errors import ConfigError

__all__ = [
    "Sample",
    "SAMPLES",
    "SAMPLES_DIR",
    "list_samples",
    "get_sample",
    "sample_path",
    "load_sample",
]

#: The directory that holds the sample files (this package's directory).
SAMPLES_DIR: Path = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Sample:
    """One bundled document: a short ``name`` for menus and APIs, and what it exercises."""

    name: str
    filename: str
    title: str
    description: str


SAMPLES: tuple[Sample, ...] = (
    Sample(
        "land_use_appendix",
        "land_use_appendix.md",
        "Land-use appendix (400 parcels, BNG)",
        "A planning report's appendix: 400 parcels around Westminster and Lambeth in British "
        "National Grid (EPSG:27700), each a heading, a WKT POLYGON (some with courtyard holes) or "
        "MULTIPOLYGON, and a Key: value attribute block. Feature-dense.",
    ),
    Sample(
        "parcels",
        "parcels.geojson",
        "Edinburgh growing spaces (GeoJSON)",
        "A pretty-printed RFC 7946 FeatureCollection of 120 features in WGS 84: polygons, "
        "multipolygons, lines and points with nested properties, braces and quotes in strings, "
        "numeric and string ids, one null geometry and one HTML-injection probe.",
    ),
    Sample(
        "mixed_report",
        "mixed_report.md",
        "Flood-defence survey report (mixed)",
        "Prose sections (with a Hindi passage) followed by EWKT appendices with Z coordinates in "
        "EPSG:27700, then a section declared as WGS 84 / UTM zone 30N whose plain WKT inherits it.",
    ),
    Sample(
        "boundary_40k",
        "boundary_40k.txt",
        "40,000-vertex boundary (oversized)",
        "One administrative boundary POLYGON with 40,000 coordinates wrapped across lines, and a "
        "three-part MULTIPOLYGON district of 3,000 coordinates per part. Exercises the oversize "
        "policies: isolate, generalize and split by part.",
    ),
    Sample(
        "sparse_prose",
        "sparse_prose.txt",
        "Field-trip notes (sparse)",
        "Several pages of prose with five POINT (lon lat) literals and one EPSG:4326 mention: "
        "geometry density far below the paragraph threshold.",
    ),
    Sample(
        "sql_dump",
        "sql_dump.sql",
        "PostGIS SQL dump",
        "A pg_dump-style script: CREATE TABLE and 150 INSERT statements with EWKT polygons "
        "(SRID=27700) and points (SRID=4326), comments, quoted semicolons and one multi-line "
        "statement.",
    ),
    Sample(
        "malformed",
        "malformed.txt",
        "Malformed input (torture test)",
        "Geometry-like prose, a too-short ring, a self-intersecting bow-tie, curve types, deeply "
        "nested and unbalanced brackets, CRLF lines, long words, multi-code-point graphemes, and an "
        "unclosed POLYGON at the very end of the file.",
    ),
    Sample(
        "postgis_copy",
        "postgis_copy.sql",
        "PostGIS COPY dump (hex EWKB)",
        "What pg_dump writes for geometry columns: COPY ... FROM stdin blocks with hex EWKB, 240 "
        "parcels in EPSG:27700 (polygons, holes, multipolygons, one NULL) and 60 POINT Z survey "
        "points with SRID 4326.",
    ),
    Sample(
        "wfs_getfeature",
        "wfs_getfeature.gml",
        "WFS GetFeature response (GML 3.2)",
        "A WFS 2.0 FeatureCollection of 40 Edinburgh green spaces (MultiSurface, LineString, "
        "Point) with srsName urn:ogc:def:crs:EPSG::4326, so every position is written lat/lon.",
    ),
    Sample(
        "placemarks",
        "placemarks.kml",
        "KML placemarks (Lake District survey)",
        "A KML 2.2 document with 36 Placemarks in folders: summits with altitude, footpaths, "
        "enclosures with holes and MultiGeometry sites; name, CDATA descriptions, ExtendedData.",
    ),
    Sample(
        "encodings_report",
        "encodings_report.md",
        "Data annex mixing every encoding",
        "A regeneration report whose prose carries hex EWKB in a CSV block, SQL literals, "
        "decode('...','hex') and bytea, GML 3 and GML 2 polygons, a KML placemark and WKT.",
    ),
)

_BY_KEY: dict[str, Sample] = {key: s for s in SAMPLES for key in (s.name, s.filename)}


def list_samples() -> tuple[Sample, ...]:
    """Every bundled sample, in menu order.

    >>> len(list_samples())
    11
    """
    return SAMPLES


def get_sample(name: str) -> Sample:
    """The :class:`Sample` called ``name`` (its file name is accepted too).

    >>> get_sample("parcels.geojson").name
    'parcels'
    """
    try:
        return _BY_KEY[name]
    except (KeyError, TypeError):
        valid = ", ".join(s.name for s in SAMPLES)
        raise ConfigError(f"unknown sample {name!r}; valid values: {valid}") from None


def sample_path(name: str) -> Path:
    """Where the sample file lives inside the package.

    >>> sample_path("boundary_40k").name
    'boundary_40k.txt'
    """
    return SAMPLES_DIR / get_sample(name).filename


def load_sample(name: str) -> str:
    """The sample's text, decoded as strict UTF-8 with no newline translation.

    >>> "\\r\\n" in load_sample("malformed")
    True
    """
    with sample_path(name).open(encoding="utf-8", newline="") as fh:
        return fh.read()
