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

from geochunk.errors import ConfigError
from geochunk.crs.extent import bbox_center_lon, box_halves, union_bbox

__all__ = ["HALF_CIRCUMFERENCE_M", "Region", "distances_m", "parse_floats"]

#: Most vertices a drawn (or pasted) region may have: its validity check, repair and the
#: distance to each vertex are paid on every query, and the browser sends any shape.
MAX_DRAWN_VERTICES = 20_000

#: the farthest two points of the WGS 84 ellipsoid can be apart (half a meridian): a larger
#: radius is clamped to it, and a circle of this radius is the whole world
HALF_CIRCUMFERENCE_M = 20_003_931.4586
_WORLD = (-180.0, -90.0, 180.0, 90.0)


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
        """A box; ``epsg`` other than 4326 transforms the box (densified) to WGS 84.

        Refused in one line: a bound that is not a finite number, ``s >= n``, ``w >= e`` (except
        a WGS 84 box crossing 180°, ``w > e``), WGS 84 latitudes outside ±90° or longitudes
        outside ±180°. A projected box is followed edge by edge, so one wider than 180° of
        longitude is that wide (not the antimeridian crossing its corners alone suggest), one
        wider than the world is the world, and one around a pole holds the pole.

        >>> [round(x, 3) for x in Region.from_bbox(-1.5e7, -1e7, 1.5e7, 1e7, epsg=3857).geometry.bounds]
        [-134.747, -66.446, 134.747, 66.446]
        >>> Region.from_bbox(0, 0, 1e308, 1)
        Traceback (most recent call last):
        ...
        geochunk.errors.ConfigError: bbox longitudes must be within ±180°, got 0,0,1e+308,1
        """
        import shapely

        vals = (w, s, e, n)
        if not all(isinstance(v, (int, float)) and np.isfinite(v) for v in vals):
            raise ConfigError(f"bbox must be four finite numbers w,s,e,n, got {','.join(f'{v:g}' for v in vals)}")
        if not (s < n and (w < e or (epsg == 4326 and w > e))):
            raise ConfigError(
                "bbox must be w,s,e,n with s < n (and w < e unless it crosses 180°), "
                f"got {w:g},{s:g},{e:g},{n:g}"
            )
        if epsg == 4326 and not (-90 <= s and n <= 90):
            raise ConfigError(f"bbox latitudes must be within ±90°, got {w:g},{s:g},{e:g},{n:g}")
        if epsg == 4326 and not (-180 <= min(w, e) and max(w, e) <= 180):
            raise ConfigError(f"bbox longitudes must be within ±180°, got {w:g},{s:g},{e:g},{n:g}")
        desc = f"bbox {w:g},{s:g},{e:g},{n:g}" + (f" (EPSG:{epsg})" if epsg != 4326 else "")
        if epsg != 4326:
            from pyproj import CRS, Transformer
            from pyproj.exceptions import CRSError

            try:
                tr = Transformer.from_crs(CRS.from_epsg(epsg), CRS.from_epsg(4326), always_xy=True)
            except CRSError as err:
                raise ConfigError(f"unknown frame EPSG:{epsg}: {err}") from None
            w, s, e, n = _within_frame(tr, CRS.from_epsg(epsg), (w, s, e, n), desc)
            t = np.linspace(0.0, 1.0, 64, endpoint=False)  # each edge densified: 64 points
            xs, ys = w + (e - w) * t, s + (n - s) * t
            xy = np.vstack([np.column_stack([xs, np.full(64, s)]), np.column_stack([np.full(64, e), ys]),
                            np.column_stack([e - (xs - w), np.full(64, n)]),
                            np.column_stack([np.full(64, w), n - (ys - s)]), [[w, s]]])
            with np.errstate(all="ignore"):
                lonlat = np.column_stack(tr.transform(xy[:, 0], xy[:, 1]))
                mid = tr.transform((w + e) / 2, (s + n) / 2)
            jumps = np.abs((np.diff(lonlat[:, 0]) + 180.0) % 360.0 - 180.0) if np.isfinite(lonlat).all() else None
            if jumps is None or np.abs(lonlat[:, 1]).max() > 90 + 1e-9 or jumps.max() > 90:
                raise ConfigError(f"{desc} cannot be transformed to WGS 84 (outside the frame's area)")
            geom, c = _wrap_ring(lonlat, mid if np.isfinite(mid).all() else None)
        elif w > e:
            geom = shapely.union_all([shapely.box(*half) for half in box_halves((w, s, e, n))])
            c = shapely.Point(bbox_center_lon((w, s, e, n)), (s + n) / 2)
        else:
            geom = shapely.box(w, s, e, n)
            c = geom.centroid
        anchor = (float(c.x), float(c.y))
        radius = float(max(distances_m(anchor, [shapely.Point(p) for p in shapely.get_coordinates(geom)])))
        return cls("bbox", geom.wkt, anchor, min(radius, HALF_CIRCUMFERENCE_M), desc)

    @classmethod
    def near(cls, lon: float, lat: float, radius_m: float) -> "Region":
        """A geodesic circle of ``radius_m`` metres around ``(lon, lat)``."""
        import shapely
        from pyproj import Geod

        if not (-180 <= lon <= 180 and -90 <= lat <= 90):
            raise ConfigError(f"near must be lon,lat in degrees, got {lon:g},{lat:g}")
        desc = f"within {radius_m:g} m of {lon:g},{lat:g}"
        radius_m = _checked_radius(radius_m)
        if radius_m >= HALF_CIRCUMFERENCE_M:
            return cls("near", shapely.box(*_WORLD).wkt, (float(lon), float(lat)), HALF_CIRCUMFERENCE_M,
                       desc + " (the whole world)")
        geod = Geod(ellps="WGS84")
        to_pole = {p: float(geod.inv(lon, lat, lon, p)[2]) for p in (90, -90)}
        if radius_m >= to_pole[90] and radius_m >= to_pole[-90]:
            # both poles inside: the world less the small circle around the antipode
            hole, _ = _circle(geod, lon - 180 if lon > 0 else lon + 180, -lat, HALF_CIRCUMFERENCE_M - radius_m)
            geom = shapely.box(*_WORLD).difference(hole)
        else:
            geom, _ = _circle(geod, lon, lat, radius_m)
        return cls("near", geom.wkt, (float(lon), float(lat)), float(radius_m), desc)

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
            try:  # from the browser, so from any client: never a traceback
                lon, lat = (float(v) for v in geometry["coordinates"][:2])
                radius_m = float(radius_m)
            except (KeyError, TypeError, ValueError, IndexError) as e:
                raise ConfigError(f"the drawn circle is not valid GeoJSON: {e}") from None
            return cls.near(lon, lat, radius_m)
        if kind not in ("Polygon", "MultiPolygon"):
            raise ConfigError(f"draw a rectangle, polygon or circle (got {kind or 'nothing'})")
        try:
            geom = shapely.geometry.shape(geometry)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
            raise ConfigError(f"the drawn shape is not valid GeoJSON: {e}") from None
        if not np.isfinite(shapely.get_coordinates(geom)).all():
            raise ConfigError("the drawn shape has coordinates that are not finite numbers")
        n = int(shapely.get_num_coordinates(geom))
        if n > MAX_DRAWN_VERTICES:  # GEOS's validity check alone grows past a second here
            raise ConfigError(f"the drawn shape has {n:,} vertices (at most {MAX_DRAWN_VERTICES:,}); "
                              "simplify it, or search by a box or a circle")
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

        radius_m = 0.0 if radius_m == 0 else _checked_radius(radius_m)
        c = geom.centroid
        if geom.area > 0 and not geom.covers(c):  # a crescent, an archipelago: a point of it
            c = geom.representative_point()
        anchor = (float(c.x), float(c.y))
        box = union_bbox([tuple(p.bounds) for p in shapely.get_parts(geom)], lon=True)
        if box is not None and box[0] > box[2]:  # parts either side of 180°: the centroid of
            anchor = (bbox_center_lon(box), (box[1] + box[3]) / 2)  # the two is on the far side
        if radius_m >= HALF_CIRCUMFERENCE_M / 2:  # a buffer this wide folds over in any plane:
            wide = cls.near(anchor[0], anchor[1], radius_m)  # the geodesic circle instead
            return cls("feature", wide.wkt, wide.anchor, wide.radius_m, f"feature {label} + {radius_m:g} m")
        if radius_m > 0:
            fwd, inv = _aeqd(anchor)
            local = shapely.transform(geom, fwd).buffer(radius_m, quad_segs=8)
            geom, _ = _split_at_180(shapely.transform(local, inv), anchor[0])
        if geom.area == 0:  # a point or line: give the R-tree a box, not a zero-area shape
            geom = shapely.box(*geom.bounds) if geom.length else geom
        radius = float(max(distances_m(anchor, [shapely.Point(p) for p in shapely.get_coordinates(geom)])))
        desc = f"feature {label}" + (f" + {radius_m:g} m" if radius_m > 0 else "")
        return cls("feature", geom.wkt, anchor, radius, desc)


def _within_frame(tr: Any, crs: Any, box: tuple[float, float, float, float], desc: str) -> tuple[float, ...]:
    """A projected box clamped to its frame's area of use grown by its own size on every side
    (projection formulas mean nothing far beyond it: ``--bbox 0,0,1e308,1 --crs 3857``); a box
    wholly outside that is refused."""
    area = crs.area_of_use
    if area is None:
        return box
    try:
        inv = type(tr).from_crs(4326, crs, always_xy=True)
        x0, y0, x1, y1 = inv.transform_bounds(*area.bounds, densify_pts=21)
    except Exception:  # noqa: BLE001 - no bounds to clamp to: the box as given
        return box
    if not (np.isfinite([x0, y0, x1, y1]).all() and x0 < x1 and y0 < y1):
        return box
    dx, dy = x1 - x0, y1 - y0
    lo_x, lo_y, hi_x, hi_y = x0 - dx, y0 - dy, x1 + dx, y1 + dy
    w, s, e, n = box
    if e <= lo_x or w >= hi_x or n <= lo_y or s >= hi_y:
        raise ConfigError(f"{desc} lies far outside the area its frame is for "
                          f"({lo_x:.0f},{lo_y:.0f},{hi_x:.0f},{hi_y:.0f})")
    return max(w, lo_x), max(s, lo_y), min(e, hi_x), min(n, hi_y)


def _checked_radius(radius_m: float) -> float:
    """A radius in metres: positive and finite (else one line), clamped to half the Earth's
    circumference (no two points are farther apart).

    >>> _checked_radius(1e30) == HALF_CIRCUMFERENCE_M
    True
    """
    try:
        r = float(radius_m)
    except (TypeError, ValueError):
        raise ConfigError(f"radius must be a positive number of metres, got {radius_m!r}") from None
    if not (r > 0 and np.isfinite(r)):
        raise ConfigError(f"radius must be a positive finite number of metres, got {r:g}")
    return min(r, HALF_CIRCUMFERENCE_M)


def _circle(geod: Any, lon: float, lat: float, radius_m: float) -> tuple[Any, Any]:
    """The geodesic circle of ``radius_m`` around ``(lon, lat)`` as a lon/lat shape (64 points,
    cut at 180°; closed over the pole it holds, if any) and its centre."""
    az = np.linspace(0, 360, 64, endpoint=False)
    lons, lats, _ = geod.fwd(np.full(64, lon), np.full(64, lat), az, np.full(64, radius_m))
    # followed from the centre's longitude, so the ring starts on the centre's side of 180°
    lons = lon + ((np.asarray(lons) - lon + 180.0) % 360.0 - 180.0)
    ring = np.column_stack([lons, lats])
    return _wrap_ring(np.vstack([ring, ring[:1]]), (lon, lat))


def _wrap_ring(lonlat: np.ndarray, inside: tuple[float, float] | None = None) -> tuple[Any, Any]:
    """A closed ring of lon/lat points (each within 180° of longitude of the one before: a
    densified edge) -> its WGS 84 shape and centre.

    The longitudes are followed from point to point (never taken modulo 360 one by one), so a
    ring wider than 180° stays that wide; a ring that winds once round a pole is closed over
    it (the pole on the side of ``inside``, a point of the region, when given: else the pole
    nearer the ring's mean latitude); the shape is cut at ±180° (and every 360° beyond) and
    the pieces moved back, so a ring wider than the world covers it once.

    >>> g, c = _wrap_ring(np.array([[170., 0.], [190., 0.], [190., 1.], [170., 1.], [170., 0.]]))
    >>> g.geom_type, round(g.area, 6), round(c.x, 6)
    ('MultiPolygon', 20.0, -180.0)
    """
    import shapely
    import shapely.affinity

    lon = np.asarray(lonlat[:, 0], dtype=float)
    lat = np.asarray(lonlat[:, 1], dtype=float)
    step = (np.diff(lon) + 180.0) % 360.0 - 180.0
    lon = np.concatenate([[lon[0]], lon[0] + np.cumsum(step)])
    turns = int(round((lon[-1] - lon[0]) / 360.0))
    pts = np.column_stack([lon, lat])
    if turns:  # round a pole: along the ring, then over the pole back to the start
        poles = (90.0, -90.0) if lat.mean() > 0 else (-90.0, 90.0)
        for pole in poles:
            whole = shapely.Polygon(np.vstack([pts, [[lon[-1], pole], [lon[0], pole]]]))
            if inside is None or _holds(whole, inside):
                break
    else:
        whole = shapely.Polygon(pts)
    if not whole.is_valid:
        whole = _repaired(whole, "the region")
    x0, _, x1, _ = whole.bounds
    parts = []
    for k in range(int(np.floor((x0 + 180.0) / 360.0)), int(np.floor((x1 + 180.0) / 360.0)) + 1):
        piece = whole.intersection(shapely.box(-180.0 + 360.0 * k, -90.0, 180.0 + 360.0 * k, 90.0))
        if not piece.is_empty:
            parts.append(shapely.affinity.translate(piece, -360.0 * k) if k else piece)
    geom = shapely.union_all(parts) if len(parts) > 1 else parts[0]
    c = whole.centroid
    return geom, shapely.Point(((c.x + 180.0) % 360.0) - 180.0, c.y)


def _holds(geom: Any, point: tuple[float, float]) -> bool:
    """Whether ``geom`` (longitudes followed past ±180°) holds ``point`` at any of its 360° turns."""
    import shapely

    lon, lat = point
    return any(geom.intersects(shapely.Point(lon + 360.0 * k, lat)) for k in (-1, 0, 1))


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
    from geochunk.split.oversize import bounded_make_valid

    fixed = bounded_make_valid(geom)
    if fixed is None:
        raise ConfigError(f"{what} crosses itself too often to be repaired; "
                          "draw its outline without crossing edges")
    return fixed


def shapely_box(w: float, s: float, e: float, n: float) -> Any:
    """``shapely.box`` (for the examples)."""
    import shapely

    return shapely.box(w, s, e, n)


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


#: longest edge, in degrees, of a geometry measured from an anchor: an edge is a straight line
#: in longitude/latitude, which the azimuthal projection bends; cut this short, the bend is
#: metres at most
EDGE_DEG = 0.05


def distances_m(anchor: tuple[float, float], geoms: Sequence[Any]) -> list[float]:
    """Metres from ``anchor`` to the nearest point of each WGS 84 geometry (0 inside): each
    geometry's edges are cut to :data:`EDGE_DEG` and projected to an azimuthal equidistant frame
    centred on the anchor, where distance from the centre is geodesic distance.

    >>> [round(d) for d in distances_m((-100.0, 45.0), [shapely_box(-90, 49, -80, 50)])]
    [879978]
    """
    import shapely

    if not len(geoms):
        return []
    from geochunk.split.oversize import bounded_make_valid

    fwd, _ = _aeqd(anchor)
    arr = np.asarray(geoms, dtype=object)
    lined = shapely.get_type_id(arr) != 0  # points need no cutting
    if lined.any():
        arr = arr.copy()
        # GEOS densifies an invalid polygon and then mends it with buffer(0), which can drop
        # most of its area (a prefecture dissolved from municipalities measured 12 km from a
        # point inside it): an invalid geometry is repaired first (area kept), and one too
        # costly to repair is measured on its own vertices
        multi = np.flatnonzero(shapely.get_type_id(arr) >= 4)
        for i in multi:  # GEOS's densifier crashes the process on a multi with an empty member
            arr[i] = _without_empty_parts(arr[i])
        bad = np.flatnonzero(lined & ~shapely.is_valid(arr))
        for i in bad:
            fixed = bounded_make_valid(arr[i])
            if fixed is None:
                lined[i] = False
            else:
                arr[i] = fixed
        arr[lined] = shapely.segmentize(arr[lined], EDGE_DEG)
    local = shapely.transform(arr, fwd)
    return [float(d) for d in shapely.distance(local, shapely.Point(0.0, 0.0))]


def _without_empty_parts(geom: Any) -> Any:
    """``geom`` itself, or when a part of it (at any depth) is empty, the collection of its
    non-empty parts (the same points, so the same distances).

    >>> import shapely
    >>> _without_empty_parts(shapely.from_wkt("MULTIPOLYGON (EMPTY, ((0 0, 1 0, 1 1, 0 0)))")).wkt
    'GEOMETRYCOLLECTION (POLYGON ((0 0, 1 0, 1 1, 0 0)))'
    """
    import shapely

    parts, flat, changed = [geom], [], False
    while parts:
        g = parts.pop()
        if g.is_empty:
            changed = True
        elif shapely.get_type_id(g) >= 4:
            parts.extend(shapely.get_parts(g).tolist()[::-1])
        else:
            flat.append(g)
    return shapely.GeometryCollection(flat) if changed else geom
