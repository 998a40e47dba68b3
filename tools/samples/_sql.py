"""Sample 6, ``sql_dump.sql``: a pg_dump-style PostGIS dump with EWKT values.

>>> build_sql_dump().count("INSERT INTO") == SQL_INSERT_COUNT
True
"""

from __future__ import annotations

import datetime as _dt

from ._common import check_valid, iso_date, rng_for
from ._geom import fmt, star_ring, wkt_polygon
from ._text import SQL_LABELS, SQL_OWNERS

__all__ = ["SQL_INSERT_COUNT", "build_sql_dump"]

SQL_INSERT_COUNT = 150


def build_sql_dump() -> str:
    """A PostGIS dump: two tables, 150 INSERTs with EWKT, comments, one multi-line statement.

    >>> text = build_sql_dump()
    >>> text.count("INSERT INTO"), text.count("ST_GeomFromEWKT('SRID=27700;POLYGON((")
    (150, 110)
    """
    rng = rng_for("sql_dump")
    head = """--
-- PostgreSQL database dump
--

-- Dumped from database version 15.6
-- Dumped by pg_dump version 15.6

SET statement_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SET check_function_bodies = false;

CREATE EXTENSION IF NOT EXISTS postgis WITH SCHEMA public;

--
-- Name: land_parcels; Type: TABLE; Schema: public; Owner: gis
--

CREATE TABLE public.land_parcels (
    id integer NOT NULL,
    parcel_ref text NOT NULL,
    land_use text,
    owner text,
    surveyed_on date,
    geom public.geometry(Polygon,27700)
);

--
-- Name: survey_points; Type: TABLE; Schema: public; Owner: gis
--

CREATE TABLE public.survey_points (
    id integer NOT NULL,
    label text,
    captured_at timestamp with time zone,
    geom public.geometry(Point,4326)
);

/* Parcels on the south bank between Blackfriars and London Bridge (British National Grid).
   Outlines were loaded from the 2022 survey; see ticket GIS-311 for the two disputed ones. */

"""
    inserts = []
    cells = [(r, c) for r in range(10) for c in range(12)]
    rng.shuffle(cells)
    for i in range(1, 111):
        r, c = cells[i - 1]
        cx, cy = 531800.0 + c * 80.0 + 40.0, 179900.0 + r * 70.0 + 35.0
        multi_line = i == 57
        n = 40 if multi_line else rng.choice((4, 5, 6, 7))
        ring = star_ring(rng, cx, cy, 22.0, 31.0, n, decimals=2, jitter=0.2)
        wkt = wkt_polygon([ring], 2, compact=True)
        check_valid(wkt, f"SQL parcel {i}")
        owner = rng.choice(SQL_OWNERS).replace("'", "''")
        use = rng.choice(("Residential", "Office", "Retail", "Mixed use", "Warehouse"))
        date = iso_date(rng, _dt.date(2022, 1, 10), 300)
        if multi_line:
            pts = [f"{fmt(x, 2)} {fmt(y, 2)}" for x, y in ring]
            body = ",\n        ".join(",".join(pts[k : k + 5]) for k in range(0, len(pts), 5))
            inserts.append(
                "-- Parcel SB-0057 has a long river-wall frontage, so its outline is wrapped.\n"
                "INSERT INTO public.land_parcels (id, parcel_ref, land_use, owner, surveyed_on, geom)\n"
                f"    VALUES ({i}, 'SB-{i:04d}', '{use}', '{owner}', '{date}',\n"
                f"        ST_GeomFromEWKT('SRID=27700;POLYGON((\n        {body}))'));"
            )
        else:
            inserts.append(
                f"INSERT INTO public.land_parcels (id, parcel_ref, land_use, owner, surveyed_on, geom) VALUES "
                f"({i}, 'SB-{i:04d}', '{use}', '{owner}', '{date}', ST_GeomFromEWKT('SRID=27700;{wkt}'));"
            )
        if i == 80:
            inserts.append(
                "-- GIS-311: SB-0081 and SB-0082 boundaries disputed; loaded as surveyed."
            )
    inserts.append("")
    inserts.append("-- Survey points captured by GNSS (WGS 84 longitude/latitude).")
    for j in range(1, 41):
        lon, lat = -0.0990 + rng.uniform(-0.006, 0.006), 51.5060 + rng.uniform(-0.003, 0.003)
        label = rng.choice(SQL_LABELS)
        day = iso_date(rng, _dt.date(2022, 2, 1), 200)
        ts = f"{day} {rng.randint(7, 17):02d}:{rng.randint(0, 59):02d}:00+00"
        inserts.append(
            f"INSERT INTO public.survey_points (id, label, captured_at, geom) VALUES "
            f"({j}, '{label}', '{ts}', 'SRID=4326;POINT({fmt(lon, 6)} {fmt(lat, 6)})');"
        )
    tail = """
ALTER TABLE ONLY public.land_parcels
    ADD CONSTRAINT land_parcels_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.survey_points
    ADD CONSTRAINT survey_points_pkey PRIMARY KEY (id);

CREATE INDEX land_parcels_geom_idx ON public.land_parcels USING gist (geom);

CREATE INDEX survey_points_geom_idx ON public.survey_points USING gist (geom);

--
-- PostgreSQL database dump complete
--
"""
    return head + "\n".join(inserts) + "\n" + tail
