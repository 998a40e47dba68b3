"""The searched region, in WGS 84, and distances from its anchor in metres.

A region is built from a box (``--bbox w,s,e,n``, optionally in another frame: the *region* is
transformed with densified edges, never the indexed column), a geodesic circle
(``--near lon,lat --radius M``: 64 points on the ellipsoid) or a feature's footprint
(``--feature ID``, optionally grown by ``--radius``). Its anchor — the near point, or the
centre — is where distances are measured from.

Distances are metres on the WGS 84 ellipsoid: footprints are projected to an azimuthal
equidistant frame centred on the anchor (distances from its centre are true geodesic distances)
and the distance from the origin to the nearest part of each footprint is taken there.

>>> r = Region.near(-3.19, 55.95, 1000.0)
>>> r.kind, r.anchor, round(r.radius_m)
('near', (-3.19, 55.95), 1000)
>>> import shapely
>>> [round(d) for d in distances_m(r.anchor, [shapely.Point(-3.19, 55.95), shapely.Point(-3.19, 55.96)])]
[0, 1113]
>>> Region.from_bbox(179, -17, -179, -16).anchor  # crosses 180° (extent's halves and centre)
(180.0, -16.5)
>>> Region.from_bbox(0, 3, 1, 2)
Traceback (most recent call last):
...
geochunk.errors.ConfigError: bbox must be w,s,e,n with s < n (and w < e unless it crosses 180°), got 0,3,1,2
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np

from ..errors import ConfigError
from ..extent import bbox_center_lon, box_halves, union_bbox

__all__ = ["Region", "distances_m", "parse_floats"]


def parse_floats(text: str, n: int, what: str) -> tuple[float, ...]:
    """``"1,2,3"`` -> floats, with a clear message.

    >>> parse_floats("1, 2", 2, "near")
    (1.0, 2.0)
    """
    parts = [p.strip() for p in str(text).split(",")]
    try:
        vals = tuple(float(p) for p in parts)
    except ValueError:
        raise ConfigError(f"{what} must be {n} comma-separated numbers, got {text!r}") from None
    if len(vals) != n or not all(np.isfinite(vals)):
        raise ConfigError(f"{what} must be {n} comma-separated finite numbers, got {text!r}")
    return vals


@dataclass(frozen=True)
class Region:
    """A WGS 84 search region (lon/lat), its anchor and a human description."""

    kind: str  # "bbox", "near", "feature" or "drawn"
    wkt: str
    anchor: tuple[float, float]
    radius_m: float  # distance from the anchor to the farthest point of the region
    description: str

    @property
    def geometry(self) -> Any:
        import shapely

        return shapely.from_wkt(self.wkt)

    @classmethod
    def from_bbox(cls, w: float, s: float, e: float, n: float, *, epsg: int = 4326) -> "Region":
        """A box; ``epsg`` other than 4326 transforms the box (densified) to WGS 84."""
        import shapely

        if not (s < n and (w < e or (epsg == 4326 and w > e))):
            raise ConfigError(
                "bbox must be w,s,e,n with s < n (and w < e unless it crosses 180°), "
                f"got {w:g},{s:g},{e:g},{n:g}"
            )
        desc = f"bbox {w:g},{s:g},{e:g},{n:g}" + (f" (EPSG:{epsg})" if epsg != 4326 else "")
        if epsg != 4326:
            from pyproj import CRS, Transformer
            from pyproj.exceptions import CRSError

            try:
                tr = Transformer.from_crs(CRS.from_epsg(epsg), CRS.from_epsg(4326), always_xy=True)
            except CRSError as err:
                raise ConfigError(f"unknown frame EPSG:{epsg}: {err}") from None
            ring = shapely.segmentize(shapely.box(w, s, e, n), max(e - w, n - s) / 32)
            geom = shapely.transform(ring, lambda xy: np.column_stack(tr.transform(xy[:, 0], xy[:, 1])))
            if not np.isfinite(shapely.get_coordinates(geom)).all():
                raise ConfigError(f"bbox {desc} cannot be transformed to WGS 84")
            geom, c = _split_at_180(geom)
        elif w > e:
            geom = shapely.union_all([shapely.box(*half) for half in box_halves((w, s, e, n))])
            c = shapely.Point(bbox_center_lon((w, s, e, n)), (s + n) / 2)
        else:
            geom = shapely.box(w, s, e, n)
            c = geom.centroid
        anchor = (float(c.x), float(c.y))
        radius = float(max(distances_m(anchor, [shapely.Point(p) for p in shapely.get_coordinates(geom)])))
        return cls("bbox", geom.wkt, anchor, radius, desc)

    @classmethod
    def near(cls, lon: float, lat: float, radius_m: float) -> "Region":
        """A geodesic circle of ``radius_m`` metres around ``(lon, lat)``."""
        import shapely
        from pyproj import Geod

        if not (-180 <= lon <= 180 and -90 <= lat <= 90):
            raise ConfigError(f"near must be lon,lat in degrees, got {lon:g},{lat:g}")
        if not radius_m > 0:
            raise ConfigError(f"radius must be a positive number of metres, got {radius_m:g}")
        az = np.linspace(0, 360, 64, endpoint=False)
        lons, lats, _ = Geod(ellps="WGS84").fwd(np.full(64, lon), np.full(64, lat), az, np.full(64, radius_m))
        geom, _ = _split_at_180(shapely.Polygon(np.column_stack([lons, lats])), lon)
        return cls("near", geom.wkt, (float(lon), float(lat)), float(radius_m),
                   f"within {radius_m:g} m of {lon:g},{lat:g}")

    @classmethod
    def from_geojson(cls, geometry: dict[str, Any], *, radius_m: float | None = None) -> "Region":
        """A region drawn on a map: a WGS 84 GeoJSON Polygon, or a Point with ``radius_m``.

        >>> Region.from_geojson({"type": "Point", "coordinates": [-3.19, 55.95]}, radius_m=250).kind
        'near'
        >>> Region.from_geojson({"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}).kind
        'drawn'
        """
        import shapely

        kind = geometry.get("type") if isinstance(geometry, dict) else None
        if kind == "Point":
            if radius_m is None:
                raise ConfigError("a drawn point needs a radius (draw a circle)")
            lon, lat = (float(v) for v in geometry["coordinates"][:2])
            return cls.near(lon, lat, float(radius_m))
        if kind not in ("Polygon", "MultiPolygon"):
            raise ConfigError(f"draw a rectangle, polygon or circle (got {kind or 'nothing'})")
        try:
            geom = shapely.geometry.shape(geometry)
        except (KeyError, TypeError, ValueError) as e:
            raise ConfigError(f"the drawn shape is not valid GeoJSON: {e}") from None
        if not geom.is_valid:
            geom = _repaired(geom, "the drawn shape")
        if not geom.is_empty:  # Leaflet gives 181° for a shape drawn across the antimeridian
            geom, _ = _split_at_180(geom)
        b = geom.bounds
        if geom.is_empty or geom.area == 0 or b[1] < -90 or b[3] > 90:
            raise ConfigError("the drawn shape is empty or not in WGS 84 degrees")
        c = geom.representative_point() if not geom.contains(geom.centroid) else geom.centroid
        anchor = (float(c.x), float(c.y))
        radius = float(max(distances_m(anchor, [shapely.Point(p) for p in shapely.get_coordinates(geom)])))
        return cls("drawn", geom.wkt, anchor, radius,
                   f"drawn {geom.geom_type.lower()} {b[0]:.4f},{b[1]:.4f},{b[2]:.4f},{b[3]:.4f}")

    @classmethod
    def around(cls, geom: Any, *, label: str, radius_m: float = 0.0) -> "Region":
        """A footprint (WGS 84 shapely geometry) grown by ``radius_m`` metres (a feature search)."""
        import shapely

        c = geom.centroid
        anchor = (float(c.x), float(c.y))
        box = union_bbox([tuple(p.bounds) for p in shapely.get_parts(geom)], lon=True)
        if box is not None and box[0] > box[2]:  # parts either side of 180°: the centroid of
            anchor = (bbox_center_lon(box), (box[1] + box[3]) / 2)  # the two is on the far side
        if radius_m > 0:
            fwd, inv = _aeqd(anchor)
            local = shapely.transform(geom, fwd).buffer(radius_m, quad_segs=8)
            geom, _ = _split_at_180(shapely.transform(local, inv), anchor[0])
        if geom.area == 0:  # a point or line: give the R-tree a box, not a zero-area shape
            geom = shapely.box(*geom.bounds) if geom.length else geom
        radius = float(max(distances_m(anchor, [shapely.Point(p) for p in shapely.get_coordinates(geom)])))
        desc = f"feature {label}" + (f" + {radius_m:g} m" if radius_m > 0 else "")
        return cls("feature", geom.wkt, anchor, radius, desc)


def _split_at_180(geom: Any, ref_lon: float | None = None) -> tuple[Any, Any]:
    """A WGS 84 shape whose edges cross 180° -> its parts either side of the line, and its centre.

    A box in a projected frame, a circle or a buffered feature next to the antimeridian comes
    back from the transform with longitudes 179.x then -179.x; taken as drawn, that ring spans
    the other 358° of the globe. Every longitude is brought within 180° of ``ref_lon`` (default:
    the first vertex), the shape cut at ±180° and the overhanging parts moved back by 360°.
    A shape that does not cross the line is returned as it is.

    >>> import shapely
    >>> g, c = _split_at_180(shapely.Polygon([(179, -17), (-179, -17), (-179, -16), (179, -16)]))
    >>> g.geom_type, round(g.area, 6), round(c.x, 6)
    ('MultiPolygon', 2.0, -180.0)
    """
    import shapely
    import shapely.affinity

    xy = shapely.get_coordinates(geom)
    ref = float(xy[0, 0]) if ref_lon is None else float(ref_lon)
    near = lambda a: np.column_stack([ref + ((a[:, 0] - ref + 180.0) % 360.0 - 180.0), a[:, 1]])  # noqa: E731
    whole = shapely.transform(geom, near)
    b = whole.bounds
    if b[0] >= -180 and b[2] <= 180:
        return geom, geom.centroid
    if not whole.is_valid:
        whole = _repaired(whole, "the region")
    parts = [whole.intersection(shapely.box(-180, -90, 180, 90))]
    parts.append(shapely.affinity.translate(whole.intersection(shapely.box(180, -90, 540, 90)), -360))
    parts.append(shapely.affinity.translate(whole.intersection(shapely.box(-540, -90, -180, 90)), 360))
    c = whole.centroid
    return shapely.union_all([p for p in parts if not p.is_empty]), shapely.Point(((c.x + 180) % 360) - 180, c.y)


def _repaired(geom: Any, what: str) -> Any:
    """``geom`` made valid under the escape's bound (``oversize.bounded_make_valid``), or a
    ConfigError: a drawn outline crossing itself thousands of times is refused in bounded work,
    never handed to GEOS's unbounded ``make_valid``."""
    from ..oversize import bounded_make_valid

    fixed = bounded_make_valid(geom)
    if fixed is None:
        raise ConfigError(f"{what} crosses itself too often to be repaired; "
                          "draw its outline without crossing edges")
    return fixed


@functools.lru_cache(maxsize=64)
def _aeqd(anchor: tuple[float, float]) -> tuple[Any, Any]:
    from pyproj import Transformer

    lon, lat = anchor
    proj = f"+proj=aeqd +lat_0={lat!r} +lon_0={lon!r} +datum=WGS84 +units=m +no_defs"
    to_local = Transformer.from_crs("EPSG:4326", proj, always_xy=True)
    to_wgs = Transformer.from_crs(proj, "EPSG:4326", always_xy=True)

    def fwd(xy: np.ndarray) -> np.ndarray:
        return np.column_stack(to_local.transform(xy[:, 0], xy[:, 1]))

    def inv(xy: np.ndarray) -> np.ndarray:
        return np.column_stack(to_wgs.transform(xy[:, 0], xy[:, 1]))

    return fwd, inv


def distances_m(anchor: tuple[float, float], geoms: Sequence[Any]) -> list[float]:
    """Metres from ``anchor`` to the nearest point of each WGS 84 geometry (0 inside)."""
    import shapely

    if not len(geoms):
        return []
    fwd, _ = _aeqd(anchor)
    local = shapely.transform(np.asarray(geoms, dtype=object), fwd)
    return [float(d) for d in shapely.distance(local, shapely.Point(0.0, 0.0))]
