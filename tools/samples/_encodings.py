"""Samples 8-11: geometry in hex EWKB, GML and KML.

* ``postgis_copy.sql`` - a pg_dump ``COPY ... FROM stdin;`` dump: 240 parcels (polygons, some
  with holes, some multipolygons) as hex EWKB with SRID 27700, one row with a NULL geometry, and
  60 survey points as POINT Z EWKB with SRID 4326.
* ``wfs_getfeature.gml`` - a WFS 2.0 GetFeature response (GML 3.2): 40 features (MultiSurface,
  LineString, Point) with ``srsName="urn:ogc:def:crs:EPSG::4326"``, so positions are lat/lon.
* ``placemarks.kml`` - a KML 2.2 document: 36 Placemarks (points with altitude, lines, polygons
  with holes, MultiGeometry) with name, description and ExtendedData.
* ``encodings_report.md`` - a report whose prose carries every encoding as fragments.

>>> build_postgis_copy().count("\\n") > 300
True
"""

from __future__ import annotations

import random

import shapely

from ._common import rng_for
from ._geom import Ring, parcel_polygons, star_ring

__all__ = [
    "COPY_PARCELS",
    "COPY_POINTS",
    "WFS_FEATURES",
    "KML_PLACEMARKS",
    "build_postgis_copy",
    "build_wfs_getfeature",
    "build_placemarks_kml",
    "build_encodings_report",
]

COPY_PARCELS = 240
COPY_POINTS = 60
WFS_FEATURES = 40
KML_PLACEMARKS = 36
_USES = ("Residential", "Allotment", "Park", "Retail", "Depot", "School", "Woodland")


def _polygon(rings: list[Ring]) -> shapely.Polygon:
    return shapely.Polygon(rings[0], rings[1:])


def _ewkb(geom: shapely.Geometry, srid: int) -> str:
    return shapely.to_wkb(shapely.set_srid(geom, srid), hex=True, include_srid=True)


def _valid(geom: shapely.Geometry, what: str) -> shapely.Geometry:
    if not geom.is_valid:
        raise RuntimeError(f"generated {what} is invalid: {shapely.is_valid_reason(geom)}")
    return geom


def build_postgis_copy() -> str:
    """The COPY dump (see the module docstring).

    >>> text = build_postgis_copy()
    >>> text.count("\\t0106000020346C0000") + text.count("\\t0103000020346C0000")
    240
    """
    rng = rng_for("postgis_copy")
    lines = [
        "--",
        "-- PostgreSQL database dump",
        "--",
        "",
        "-- Dumped from database version 16.2",
        "-- Dumped by pg_dump version 16.2",
        "",
        "SET client_encoding = 'UTF8';",
        "SET standard_conforming_strings = on;",
        "",
        "CREATE TABLE public.parcels (",
        "    id integer NOT NULL,",
        "    parcel_ref text NOT NULL,",
        "    land_use text,",
        "    geom public.geometry(Geometry,27700)",
        ");",
        "",
        "CREATE TABLE public.survey_points (",
        "    id integer NOT NULL,",
        "    station text NOT NULL,",
        "    geom public.geometry(PointZ,4326)",
        ");",
        "",
        "--",
        "-- Data for Name: parcels; Type: TABLE DATA; Schema: public; Owner: gis",
        "--",
        "",
        "COPY public.parcels (id, parcel_ref, land_use, geom) FROM stdin;",
    ]
    cell = 60.0
    for i in range(COPY_PARCELS):
        cx = 529000 + (i % 20) * cell
        cy = 179000 + (i // 20) * cell
        kind = "multi" if i % 6 == 5 else "holes" if i % 4 == 1 else "plain"
        polys = [_polygon(p) for p in parcel_polygons(rng, cx, cy, cell, kind)]
        geom = shapely.MultiPolygon(polys) if kind == "multi" else polys[0]
        _valid(geom, f"parcel {i + 1}")
        lines.append(f"{i + 1}\tPC-{i + 1:04d}\t{rng.choice(_USES)}\t{_ewkb(geom, 27700)}")
    lines.append(f"{COPY_PARCELS + 1}\tPC-{COPY_PARCELS + 1:04d}\tUnsurveyed\t\\N")
    lines += [
        "\\.",
        "",
        "",
        "--",
        "-- Data for Name: survey_points; Type: TABLE DATA; Schema: public; Owner: gis",
        "--",
        "",
        "COPY public.survey_points (id, station, geom) FROM stdin;",
    ]
    for i in range(COPY_POINTS):
        lon = round(-0.15 + rng.uniform(0, 0.06), 6)
        lat = round(51.49 + rng.uniform(0, 0.04), 6)
        z = round(rng.uniform(2.0, 40.0), 2)
        lines.append(f"{i + 1}\tSP-{i + 1:03d}\t{_ewkb(shapely.Point(lon, lat, z), 4326)}")
    lines += ["\\.", "", "", "--", "-- PostgreSQL database dump complete", "--", ""]
    return "\n".join(lines)


def _latlon(coords: list[tuple[float, float]]) -> str:
    return " ".join(f"{y:.6f} {x:.6f}" for x, y in coords)


def _edinburgh_ring(rng: random.Random, cx: float, cy: float, r: float, n: int) -> Ring:
    return star_ring(rng, cx, cy, r * 0.75, r, n, decimals=6, jitter=0.2, x_scale=1.78)


def build_wfs_getfeature() -> str:
    """The WFS GetFeature response (see the module docstring).

    >>> build_wfs_getfeature().count("<wfs:member>")
    40
    """
    rng = rng_for("wfs_getfeature")
    srs = "urn:ogc:def:crs:EPSG::4326"
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" '
        'xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:app="http://example.org/edinburgh" '
        f'numberMatched="{WFS_FEATURES}" numberReturned="{WFS_FEATURES}" '
        'timeStamp="2024-06-11T09:30:00Z">',
        "  <wfs:boundedBy>",
        f'    <gml:Envelope srsName="{srs}"><gml:lowerCorner>55.900000 -3.300000</gml:lowerCorner>'
        "<gml:upperCorner>56.000000 -3.100000</gml:upperCorner></gml:Envelope>",
        "  </wfs:boundedBy>",
    ]
    for i in range(WFS_FEATURES):
        fid = f"green_spaces.{1001 + i}"
        cx = round(-3.28 + (i % 8) * 0.022, 6)
        cy = round(55.91 + (i // 8) * 0.016, 6)
        if i % 10 == 7:
            pts = [(round(cx + k * 0.002, 6), round(cy + rng.uniform(-0.001, 0.001), 6))
                   for k in range(rng.randint(4, 9))]  # fmt: skip
            geom = (f'<gml:LineString srsName="{srs}" gml:id="{fid}.geom"><gml:posList>'
                    f"{_latlon(pts)}</gml:posList></gml:LineString>")  # fmt: skip
            kind = "Path"
        elif i % 10 == 9:
            geom = (f'<gml:Point srsName="{srs}" gml:id="{fid}.geom"><gml:pos>{cy:.6f} {cx:.6f}'
                    "</gml:pos></gml:Point>")  # fmt: skip
            kind = "Bench"
        else:
            parts = 2 if i % 5 == 3 else 1
            polys = []
            members = []
            for k in range(parts):
                px = cx + k * 0.011
                shell = _edinburgh_ring(rng, px, cy, 0.0025, rng.randint(5, 9))
                rings = [shell]
                if i % 4 == 1 and k == 0:
                    rings.append(_edinburgh_ring(rng, px, cy, 0.0006, 4)[::-1])
                polys.append(_polygon(rings))
                interior = "".join(
                    f"<gml:interior><gml:LinearRing><gml:posList>{_latlon(r)}</gml:posList>"
                    "</gml:LinearRing></gml:interior>"
                    for r in rings[1:]
                )
                members.append(
                    f'        <gml:surfaceMember><gml:Polygon gml:id="{fid}.p{k}"><gml:exterior>'
                    f"<gml:LinearRing><gml:posList>{_latlon(shell)}</gml:posList></gml:LinearRing>"
                    f"</gml:exterior>{interior}</gml:Polygon></gml:surfaceMember>"
                )
            _valid(shapely.MultiPolygon(polys), fid)
            geom = (f'<gml:MultiSurface srsName="{srs}" gml:id="{fid}.geom">\n'
                    + "\n".join(members) + "\n      </gml:MultiSurface>")  # fmt: skip
            kind = "Park"
        out += [
            "  <wfs:member>",
            f'    <app:green_spaces gml:id="{fid}">',
            f"      <app:name>{kind} {1001 + i}</app:name>",
            f"      <app:kind>{kind}</app:kind>",
            f"      <app:ward>{rng.choice(('Leith', 'Morningside', 'Portobello', 'Corstorphine'))}"
            "</app:ward>",
            f"      <app:geometry>\n      {geom}\n      </app:geometry>",
            "    </app:green_spaces>",
            "  </wfs:member>",
        ]
    out.append("</wfs:FeatureCollection>")
    return "\n".join(out) + "\n"


def _kml_coords(coords: list[tuple[float, ...]]) -> str:
    return " ".join(",".join(f"{v:.6f}" if k < 2 else f"{v:.1f}" for k, v in enumerate(c))
                    for c in coords)  # fmt: skip


def _kml_polygon(rng: random.Random, cx: float, cy: float, hole: bool) -> tuple[str, shapely.Polygon]:
    shell = star_ring(rng, cx, cy, 0.003, 0.004, rng.randint(5, 8), decimals=6, jitter=0.2,
                      x_scale=1.7)  # fmt: skip
    rings = [shell]
    if hole:
        rings.append(star_ring(rng, cx, cy, 0.0006, 0.0009, 4, decimals=6, jitter=0.2,
                               x_scale=1.7)[::-1])  # fmt: skip
    inner = "".join(
        f"<innerBoundaryIs><LinearRing><coordinates>{_kml_coords(r)}</coordinates></LinearRing>"
        "</innerBoundaryIs>"
        for r in rings[1:]
    )
    text = (f"<Polygon><outerBoundaryIs><LinearRing><coordinates>{_kml_coords(shell)}"
            f"</coordinates></LinearRing></outerBoundaryIs>{inner}</Polygon>")  # fmt: skip
    return text, _valid(_polygon(rings), "KML polygon")


def build_placemarks_kml() -> str:
    """The KML document (see the module docstring).

    >>> build_placemarks_kml().count("<Placemark")
    36
    """
    rng = rng_for("placemarks_kml")
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<kml xmlns="http://www.opengis.net/kml/2.2">',
        "<Document>",
        "  <name>Lake District field survey</name>",
        '  <Style id="survey"><LineStyle><color>ff0000ff</color><width>2</width></LineStyle></Style>',
    ]
    folders = ("Summits and cairns", "Footpaths", "Enclosures", "Sites with several parts")
    for f, title in enumerate(folders):
        out += ["  <Folder>", f"    <name>{title}</name>"]
        for k in range(9):
            i = f * 9 + k
            cx = round(-3.20 + (i % 6) * 0.03, 6)
            cy = round(54.40 + (i // 6) * 0.02, 6)
            if f == 0:
                z = round(rng.uniform(300, 950), 1)
                geom = f"<Point><coordinates>{_kml_coords([(cx, cy, z)])}</coordinates></Point>"
            elif f == 1:
                pts = [(cx + j * 0.003, cy + rng.uniform(-0.002, 0.002)) for j in range(rng.randint(3, 8))]
                geom = f"<LineString><tessellate>1</tessellate><coordinates>{_kml_coords(pts)}</coordinates></LineString>"
            elif f == 2:
                geom = _kml_polygon(rng, cx, cy, hole=k % 3 == 0)[0]
            else:
                poly = _kml_polygon(rng, cx, cy, hole=False)[0]
                marker = f"<Point><coordinates>{_kml_coords([(cx + 0.01, cy)])}</coordinates></Point>"
                geom = f"<MultiGeometry>{poly}{marker}</MultiGeometry>"
            desc = (f"<description><![CDATA[<p>Surveyed on <b>2024-05-{1 + i % 28:02d}</b> & checked.</p>]]>"
                    "</description>") if i % 2 == 0 else "<description>Not yet checked.</description>"  # fmt: skip
            out += [
                f'    <Placemark id="pm{100 + i}">',
                f"      <name>LD-{100 + i}</name>",
                f"      {desc}",
                "      <styleUrl>#survey</styleUrl>",
                "      <ExtendedData>",
                f'        <Data name="surveyor"><value>{rng.choice(("A. Birkett", "J. Wainwright", "M. Hodge"))}</value></Data>',
                f'        <Data name="condition"><value>{rng.choice(("good", "fair", "poor"))}</value></Data>',
                "      </ExtendedData>",
                f"      {geom}",
                "    </Placemark>",
            ]
        out.append("  </Folder>")
    out += ["</Document>", "</kml>"]
    return "\n".join(out) + "\n"


def build_encodings_report() -> str:
    """A report mixing prose with every encoding as fragments (see the module docstring).

    >>> text = build_encodings_report()
    >>> "<gml:Polygon" in text and "<Placemark>" in text and "decode('" in text
    True
    """
    rng = rng_for("encodings_report")
    bng = [_polygon(p) for p in parcel_polygons(rng, 530450.0, 180250.0, 80.0, "holes")][0]
    lines = []
    for k in range(5):
        poly = _polygon(parcel_polygons(rng, 530100.0 + 90 * k, 180100.0, 80.0, "plain")[0])
        lines.append(f"D-{k + 1},{rng.choice(_USES)},{_ewkb(poly, 27700)}")
    multi = shapely.MultiPolygon(
        [_polygon(p) for p in parcel_polygons(rng, 530700.0, 180400.0, 90.0, "multi")]
    )
    bytea_point = shapely.to_wkb(shapely.Point(530321.5, 180112.25), hex=True)
    shell = bng.exterior.coords[:]
    holes = [r.coords[:] for r in bng.interiors]
    pos = " ".join(f"{x:.2f} {y:.2f}" for x, y in shell)
    interior = "".join(
        "\n    <gml:interior><gml:LinearRing><gml:posList>"
        + " ".join(f"{x:.2f} {y:.2f}" for x, y in h)
        + "</gml:posList></gml:LinearRing></gml:interior>"
        for h in holes
    )
    gml2_ring = star_ring(rng, 530600.0, 180050.0, 25.0, 32.0, 6, decimals=2)
    gml2 = " ".join(f"{x:.2f},{y:.2f}" for x, y in gml2_ring)
    kml_ring = star_ring(rng, -0.1235, 51.5010, 0.0004, 0.0006, 6, decimals=6, x_scale=1.6)
    return f"""# Riverside regeneration: data annex

This annex collects the geometry we received from four agencies, each in its own format. The
surveyors' notes come first; the geometry follows exactly as delivered, so that reviewers can
check it against the source systems. All projected coordinates are in British National Grid
(EPSG:27700) unless a record says otherwise.

## 1. Depot footprints from the asset register (CSV, hex EWKB)

The asset register exports its footprints as hex-encoded EWKB in the last column. Five depots
lie on the river frontage; D-3 is scheduled for demolition in the second phase.

```csv
ref,land_use,geom
{chr(10).join(lines)}
```

## 2. The courtyard block (GML 3, from the planning portal)

The planning portal returned the courtyard block as a GML polygon; the inner ring is the
courtyard, which stays open space.

<gml:Polygon gml:id="courtyard-block" srsName="EPSG:27700" srsDimension="2">
    <gml:exterior><gml:LinearRing><gml:posList>{pos}</gml:posList></gml:LinearRing></gml:exterior>{interior}
</gml:Polygon>

The older boundary service still answers in GML 2, with comma-separated coordinates:

<gml:Polygon srsName="http://www.opengis.net/gml/srs/epsg.xml#27700"><gml:outerBoundaryIs><gml:LinearRing><gml:coordinates>{gml2}</gml:coordinates></gml:LinearRing></gml:outerBoundaryIs></gml:Polygon>

## 3. The community garden (KML, from a volunteer's phone)

A volunteer mapped the community garden on a phone; the app shared it as a KML placemark.

<Placemark>
  <name>Community garden</name>
  <description>Raised beds and a water butt; open Saturdays.</description>
  <ExtendedData><Data name="volunteer"><value>R. Okafor</value></Data></ExtendedData>
  <Polygon><outerBoundaryIs><LinearRing><coordinates>{_kml_coords(kml_ring)}</coordinates></LinearRing></outerBoundaryIs></Polygon>
</Placemark>

## 4. Database fixes (SQL)

The two warehouse plots were corrected directly in the database:

INSERT INTO plots (ref, geom) VALUES ('W-1', '{_ewkb(multi, 27700)}'::geometry);
INSERT INTO plots (ref, geom) VALUES ('W-2', ST_GeomFromWKB(decode('{shapely.to_wkb(bng, hex=True).lower()}', 'hex'), 27700));
UPDATE gauges SET geom = '\\x{bytea_point}' WHERE ref = 'G-9';

The river gauge G-9 was moved 40 m upstream after the 2023 flood; its old position,
POINT (530290 180090), is kept in the history table only.

## 5. Conclusions

All the geometries above were checked against the register. Hex strings such as the
checksum 0f3a9c2e7d41b5a8 0f3a9c2e7d41b5a8c3d2e1f0 are not geometry and must not be read as such.
"""
