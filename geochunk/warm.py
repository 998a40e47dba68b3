"""A process's one-time loads, done once before its first document (a Dask worker at start).

Chunking the first document in a fresh process pays for state every later document shares:
the tokenizer's BPE ranks, the CRS name index and grid-area index, the offline place
gazetteer and the parsers' imports (an index build adds its embedding model:
:func:`geochunk.retrieve.rows.warm_prepare`). A worker that
pays them inside its first task makes a short parallel run slower than one process (issue #33
measured 0.23-0.41x with 2 Dask workers on 1,000-4,000 chunks). :func:`warm_process` pays them
up front, by chunking a small document that reaches every one of them (a declared grid,
numbers without one, a place name, GeoJSON, WKB, GML and KML) and, when asked, loading and
running the embedder.

>>> warm_process("cl100k_base")
'cl100k_base'
"""

from __future__ import annotations

from typing import Any

__all__ = ["warm_process", "WARM_TEXT"]

#: a small document that touches each of the chunker's lazily built indexes
WARM_TEXT = (
    "# Survey near Edinburgh, Scotland\n\n"
    "Coordinates are British National Grid (EPSG:27700), metres.\n\n"
    "Boundary: POLYGON ((325000 673000, 325100 673000, 325100 673100, 325000 673000))\n\n"
    "## Points without a declared grid\n\n"
    "A marker at 325050 673050 by the Water of Leith; another at 51.4545, -2.5879 in Bristol.\n\n"
    '{"type": "FeatureCollection", "features": [{"type": "Feature", "id": "a", "properties": '
    '{"name": "gauge"}, "geometry": {"type": "Point", "coordinates": [-3.19, 55.95]}}]}\n\n'
    "<gml:Point srsName=\"urn:ogc:def:crs:EPSG::4326\"><gml:pos>55.95 -3.19</gml:pos></gml:Point>\n\n"
    "<Placemark><name>p</name><Point><coordinates>-3.19,55.95</coordinates></Point></Placemark>\n\n"
    "0101000020E6100000000000000000F03F0000000000000040\n"
)


def warm_process(encoding: Any = "cl100k_base") -> Any:
    """Load everything the chunker builds once per process; returns ``encoding``. Safe to call again (everything loaded is cached per process); a failure
    here is left for the first real document to report, with its name.
    """
    from geochunk.model import ChunkConfig
    from geochunk.pipeline import chunk_text

    try:
        chunk_text(WARM_TEXT, ChunkConfig(budget=64, encoding=encoding))
    except Exception:  # noqa: BLE001 - the first document reports the same failure, with its name
        pass
    return encoding
