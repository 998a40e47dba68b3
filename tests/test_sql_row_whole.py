"""An SQL dump's row stays with its geometry whatever its values say (issue #28's St. Louis County).

The rows are rendered the way ``pg_dump --inserts`` writes them, from libpysal's real St. Louis
region counties (tests/real_data/libpysal-4.14.1/stl_hom): 'St. Louis', 'St. Charles',
'Ste. Genevieve' hold ". ", which once read as a sentence end, so the row text did not join its
geometry: the row and its FIPS landed in a chunk without extent and the geometry in the next
one under a content-hash id.
"""

from __future__ import annotations

from pathlib import Path

import shapefile  # pyshp (requirements-dev.txt)
import shapely
import shapely.geometry

from geochunk.model import ChunkConfig
from geochunk.pipeline import analyse, chunk_text

STL = Path(__file__).parent / "real_data" / "libpysal-4.14.1" / "stl_hom"


def _dump() -> tuple[str, list[tuple[str, str, int, int]]]:
    """The dump and, per row, (fips, name, row start, row end)."""
    with shapefile.Reader(str(STL)) as r:
        fields = [f[0] for f in r.fields[1:]]
        rows = [(shapely.geometry.shape(s.__geo_interface__), dict(zip(fields, rec)))
                for s, rec in zip(r.shapes(), r.records())]
    out = ["-- PostgreSQL database dump\n\n"]
    n = len(out[0])
    where = []
    for g, a in rows:
        name = a["NAME"].replace("'", "''")
        line = (f"INSERT INTO public.stl_counties (fips, name, state, homicides, geom) VALUES "
                f"('{a['FIPS']}', '{name}', '{a['STATE_NAME']}', {int(a['HC7984'])}, "
                f"ST_GeomFromEWKT('SRID=4326;{shapely.to_wkt(g, rounding_precision=6, trim=True)}'));\n")
        where.append((a["FIPS"], a["NAME"], n, n + len(line)))
        out.append(line)
        n += len(line)
    return "".join(out), where


def test_every_row_joins_its_geometry_whatever_its_values_hold() -> None:
    text, where = _dump()
    assert any(". " in name for _, name, _, _ in where)  # the case: 'St. Louis', 'St. Charles'
    units = analyse(text).units
    assert len(units) == len(where)
    for u, (fips, name, a, b) in zip(units, where):
        assert u.core[0] <= a and u.core[1] >= b, (name, text[a:b][:80])
        assert dict(u.row).get("fips") == fips and dict(u.row).get("name") == name


def test_no_chunk_cuts_a_row_and_every_row_id_lands_with_its_extent() -> None:
    text, where = _dump()
    for budget in (128, 256, 512):
        chunks = chunk_text(text, ChunkConfig(budget=budget)).chunks
        for fips, name, a, b in where:
            (holder,) = [c for c in chunks if c.start <= a < c.end]
            assert holder.end >= b, (budget, name)  # the row is never severed
            assert holder.bbox is not None
            assert fips in [f.id for f in holder.features], (budget, name)  # the source's code
