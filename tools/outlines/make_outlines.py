"""Write ``geochunk/view/data/world_outlines.json``: country outlines for the offline map.

    pip download --no-deps geopandas==0.14.4 -d /tmp/pkgs
    python tools/outlines/make_outlines.py /tmp/pkgs/geopandas-0.14.4-py3-none-any.whl

The source is Natural Earth's 1:110m Admin 0 countries (public domain), as shipped inside the
geopandas 0.14.4 wheel (``geopandas/datasets/naturalearth_lowres/naturalearth_lowres.shp``).
The polygons' rings are read straight from the shapefile (ESRI Shapefile polygon records),
simplified (0.05°) and rounded to 0.01° (~1 km) for display, and written as one GeoJSON
MultiLineString: outlines only, drawn under the features when no tile server is used.
"""

from __future__ import annotations

import io
import json
import struct
import sys
import zipfile
from pathlib import Path

import shapely

SHP = "geopandas/datasets/naturalearth_lowres/naturalearth_lowres.shp"
OUT = Path(__file__).resolve().parents[2] / "geochunk" / "view" / "data" / "world_outlines.json"


def polygon_rings(shp: bytes) -> list[list[tuple[float, float]]]:
    """Every ring of every polygon record (shape type 5) of a shapefile's ``.shp`` bytes."""
    rings: list[list[tuple[float, float]]] = []
    f = io.BytesIO(shp)
    f.seek(100)  # the file header
    while True:
        head = f.read(8)
        if len(head) < 8:
            return rings
        _, words = struct.unpack(">ii", head)
        body = f.read(words * 2)
        (kind,) = struct.unpack("<i", body[:4])
        if kind != 5:
            continue
        nparts, npoints = struct.unpack("<ii", body[36:44])
        parts = list(struct.unpack(f"<{nparts}i", body[44:44 + 4 * nparts])) + [npoints]
        base = 44 + 4 * nparts
        xy = struct.unpack(f"<{2 * npoints}d", body[base:base + 16 * npoints])
        for a, b in zip(parts, parts[1:]):
            rings.append([(xy[2 * i], xy[2 * i + 1]) for i in range(a, b)])


def main(wheel: str) -> None:
    with zipfile.ZipFile(wheel) as z:
        rings = polygon_rings(z.read(SHP))
    lines = []
    for ring in rings:
        line = shapely.simplify(shapely.LineString(ring), 0.05, preserve_topology=False)
        coords = [[round(x, 2), round(y, 2)] for x, y in line.coords]
        if len(coords) >= 2:
            lines.append(coords)
    data = {"type": "FeatureCollection", "features": [{
        "type": "Feature", "properties": {"source": "Natural Earth 1:110m Admin 0 countries"},
        "geometry": {"type": "MultiLineString", "coordinates": lines}}]}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
    print(f"{len(lines)} rings, {sum(map(len, lines)):,} vertices, {OUT.stat().st_size:,} bytes")


if __name__ == "__main__":
    main(sys.argv[1])
