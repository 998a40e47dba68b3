"""Cached facts about EPSG frames from pyproj's own database, and cached transformers to WGS 84.

Everything here is looked up lazily and memoised per process: nothing touches the PROJ database
on import. Transformers always use ``always_xy=True`` (x = easting/longitude), the axis order of
WKT and GeoJSON; PROJ's network grids stay off, so the operation used is the best one whose
grids ship with the wheel (for OSGB36 that is a Helmert transform, not OSTN15).

>>> facts = crs_facts(27700)
>>> facts.name, facts.kind, facts.units
('OSGB36 / British National Grid', 'projected', 'metre')
>>> crs_facts(6326) is None  # a datum, not a CRS
True
"""

from __future__ import annotations

import math
import sqlite3
import threading
import warnings
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pyproj import CRS, Transformer
from pyproj.datadir import get_data_dir
from pyproj.exceptions import CRSError, ProjError
from pyproj.transformer import TransformerGroup, TransformerUnsafe

from geochunk.crs.extent import lon_width

__all__ = [
    "CrsFacts",
    "Operation",
    "crs_facts",
    "frame_units",
    "transformer",
    "operation_at",
    "unavailable_better_operation",
    "area_size",
    "preferred_order",
    "WGS84",
    "label",
    "esri_facts",
    "projection_lonlat",
    "SharedTransformer",
]

WGS84 = 4326
_DEFERRED = "unavailable until proj_trans is called"


@dataclass(frozen=True)
class CrsFacts:
    """What geochunk needs to know about one EPSG code.

    ``kind`` is ``"geographic"``, ``"projected"`` or ``"other"`` (geocentric, vertical, ...: not
    usable for 2D document coordinates). ``horizontal`` is the code used for transformations:
    the code itself, or the horizontal component of a compound CRS. ``areas`` are the extents
    of every usage the database records for the code, each ``(west, south, east, north)`` in
    degrees (``west > east`` when it crosses 180°); ``area`` is pyproj's main one.
    """

    epsg: int
    name: str
    kind: str
    units: str | None
    deprecated: bool
    replacements: tuple[int, ...]
    area: tuple[float, float, float, float] | None
    horizontal: int
    areas: tuple[tuple[float, float, float, float], ...] = ()
    unit_factor: float | None = None  # metres per unit (radians per unit for angles)


@dataclass(frozen=True)
class Operation:
    """The coordinate operation PROJ used to reach WGS 84, and its stated accuracy in metres."""

    description: str | None
    accuracy_m: float | None


def _kind(crs: CRS) -> str:
    if crs.is_projected:
        return "projected"
    if crs.is_geographic:
        return "geographic"
    return "other"


def label(ref: int | str | None) -> str:
    """``EPSG:27700`` for an EPSG code, the ref itself (``ESRI:54030``) for another authority.

    >>> label(27700), label("ESRI:54030")
    ('EPSG:27700', 'ESRI:54030')
    """
    return ref if isinstance(ref, str) else f"EPSG:{ref}"


@lru_cache(maxsize=8192)
def crs_facts(epsg: int | str) -> CrsFacts | None:
    """Facts for ``EPSG:epsg`` (or a ``"ESRI:code"`` ref), or ``None`` when the code names no
    CRS in the database.

    >>> crs_facts(2229).units
    'US survey foot'
    >>> crs_facts(7405).horizontal  # compound BNG + ODN height -> its horizontal part
    27700
    >>> crs_facts("ESRI:54030").name
    'World_Robinson'
    """
    other = isinstance(epsg, str)
    try:
        crs = CRS.from_user_input(epsg) if other else CRS.from_epsg(int(epsg))
    except (CRSError, ProjError, ValueError, OverflowError, TypeError):
        return None
    horizontal_crs = crs
    horizontal: int | str = epsg if other else int(epsg)
    if crs.is_compound and crs.sub_crs_list:
        horizontal_crs = crs.sub_crs_list[0]
        horizontal = horizontal_crs.to_epsg() or horizontal
    kind = _kind(horizontal_crs)
    axes = horizontal_crs.axis_info
    units = axes[0].unit_name if axes else None
    unit_factor = float(axes[0].unit_conversion_factor) if axes else None
    replacements: tuple[int, ...] = ()
    if crs.is_deprecated:
        try:
            replacements = tuple(
                c for c in (r.to_epsg() for r in crs.get_non_deprecated()) if c is not None
            )
        except (CRSError, ProjError):
            replacements = ()
    aou = crs.area_of_use or horizontal_crs.area_of_use
    area = tuple(float(v) for v in aou.bounds) if aou is not None else None
    if area is not None and not all(math.isfinite(v) for v in area):
        area = None
    if other:
        areas: tuple = ()
    else:
        areas = _usage_extents().get(int(epsg)) or _usage_extents().get(horizontal) or ()
    if area is not None and area not in areas:
        areas = (area,) + areas  # type: ignore[assignment]
    return CrsFacts(
        unit_factor=unit_factor,
        areas=areas,  # type: ignore[arg-type]
        epsg=epsg if other else int(epsg),  # type: ignore[arg-type]
        name=crs.name,
        kind=kind,
        units=units,
        deprecated=bool(crs.is_deprecated),
        replacements=replacements,
        area=area,  # type: ignore[arg-type]
        horizontal=horizontal,
    )


def proj_db_rows(sql: str) -> list[tuple]:
    """Rows of a query on PROJ's own ``proj.db`` (the one pyproj ships), opened read-only."""
    db = Path(get_data_dir()) / "proj.db"
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


@lru_cache(maxsize=1)
def _usage_extents() -> dict[int, tuple[tuple[float, float, float, float], ...]]:
    """Every usage extent of every EPSG CRS, read once from PROJ's own ``proj.db``.

    pyproj's ``CRS.area_of_use`` reports one usage; a CRS with several (EPSG:2393 is used for
    25.5°E-28.5°E and for all of Finland) is valid over their union.
    """
    rows = proj_db_rows(
        "SELECT u.object_code, e.west_lon, e.south_lat, e.east_lon, e.north_lat "
        "FROM usage u JOIN extent e "
        "ON u.extent_auth_name = e.auth_name AND u.extent_code = e.code "
        "WHERE u.object_auth_name = 'EPSG' "
        "AND u.object_table_name IN ('projected_crs', 'geodetic_crs', 'compound_crs')"
    )
    out: dict[int, list[tuple[float, float, float, float]]] = {}
    for code, *box in rows:
        try:
            key = int(code)
            bounds = tuple(float(v) for v in box)
        except (TypeError, ValueError):
            continue
        if all(math.isfinite(v) for v in bounds):
            out.setdefault(key, []).append(bounds)  # type: ignore[arg-type]
    return {k: tuple(dict.fromkeys(v)) for k, v in out.items()}


def frame_units(epsg: int | None) -> str | None:
    """The unit of a frame's first axis, e.g. ``"metre"``, ``"degree"``, ``"US survey foot"``.

    >>> frame_units(27700), frame_units(4326), frame_units(None)
    ('metre', 'degree', None)
    """
    if epsg is None:
        return None
    facts = crs_facts(epsg)
    return facts.units if facts else None


class SharedTransformer:
    """A pyproj ``Transformer`` built once and shared by every thread, one thread at a time.

    A pyproj ``Transformer`` rebuilds its PROJ object in every new thread that uses it (~30 ms
    a frame: the operation search runs again), and the app runs each rerun in a new thread.
    This wrapper hands every thread the one PROJ object (``TransformerUnsafe``, which has its
    own PROJ context) and serialises the calls with a lock, so it is safe from any thread and
    built once per process. Only the calls geochunk makes are offered.
    """

    __slots__ = ("_tr", "_lock", "description", "accuracy")

    def __init__(self, tr: Transformer):
        self._tr = Transformer(TransformerUnsafe(tr._transformer))
        self._lock = threading.Lock()
        self.description: str = tr.description
        self.accuracy: float = tr.accuracy

    def transform(self, x, y, **kwargs):  # noqa: ANN001, ANN003, ANN201 - as pyproj's
        with self._lock:
            return self._tr.transform(x, y, **kwargs)

    def transform_bounds(self, *bounds: float, densify_pts: int = 21):  # noqa: ANN201
        with self._lock:
            return self._tr.transform_bounds(*bounds, densify_pts=densify_pts)

    def operation_at(self, x: float, y: float):  # noqa: ANN201 - (transformed, operation)
        """The transformed point and the operation PROJ used for it (one locked step: the
        last used operation is per PROJ object)."""
        with self._lock:
            out = self._tr.transform(x, y, errcheck=False)
            return out, self._tr.get_last_used_operation()


@lru_cache(maxsize=1024)
def transformer(epsg: int | str) -> SharedTransformer | None:
    """A cached ``always_xy`` transformer from ``EPSG:epsg`` (its horizontal part) to WGS 84,
    built once per process and safe to use from any thread (see :class:`SharedTransformer`).

    >>> [round(v, 4) for v in transformer(27700).transform(530000.0, 180000.0)]
    [-0.1284, 51.504]
    """
    facts = crs_facts(epsg)
    if facts is None or facts.kind == "other":
        return None
    try:
        return SharedTransformer(Transformer.from_crs(facts.horizontal, WGS84, always_xy=True))
    except (CRSError, ProjError):
        return None


def _accuracy(value: float | None) -> float | None:
    if value is None or value < 0 or not math.isfinite(value):
        return None
    return float(value)


def operation_at(epsg: int, x: float, y: float) -> Operation:
    """The operation PROJ uses for the point ``(x, y)`` of ``EPSG:epsg`` (always_xy).

    A transformer built without an area of interest may hold several candidate operations and
    picks one per point; the last used one is asked for after transforming this point.

    >>> op = operation_at(27700, 530000.0, 180000.0)
    >>> "OSGB36 to WGS 84" in op.description, op.accuracy_m
    (True, 2.0)
    """
    if epsg == WGS84:
        return Operation(None, None)
    tr = transformer(epsg)
    if tr is None:
        return Operation(None, None)
    if tr.description != _DEFERRED:
        return Operation(tr.description, _accuracy(tr.accuracy))
    facts = crs_facts(epsg)
    # operations' areas of validity are regional (tens of km and up): ask once per ~10 km cell
    digits = 1 if facts is not None and facts.kind == "geographic" else -4
    return _operation_cached(epsg, round(x, digits), round(y, digits))


@lru_cache(maxsize=4096)
def _operation_cached(epsg: int, x: float, y: float) -> Operation:
    tr = transformer(epsg)
    if tr is None:
        return Operation(None, None)
    try:
        out, op = tr.operation_at(x, y)
        if not all(math.isfinite(v) for v in out):
            return Operation(None, None)
    except (ProjError, ValueError):
        return Operation(None, None)
    return Operation(op.description, _accuracy(op.accuracy))


@lru_cache(maxsize=1024)
def unavailable_better_operation(epsg: int) -> str | None:
    """A note naming a more accurate operation that needs a grid this install does not have.

    >>> note = unavailable_better_operation(27700)
    >>> "uk_os_OSTN15_NTv2_OSGBtoETRS.tif" in note
    True
    """
    facts = crs_facts(epsg)
    if facts is None or facts.kind == "other" or facts.horizontal == WGS84:
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            group = TransformerGroup(facts.horizontal, WGS84, always_xy=True)
    except (CRSError, ProjError, IndexError):
        return None
    if group.best_available or not group.unavailable_operations:
        return None
    best = group.unavailable_operations[0]
    grids = ", ".join(g.short_name for g in best.grids if not g.available) or "a grid"
    acc = _accuracy(best.accuracy)
    acc_text = f" ({acc:g} m)" if acc is not None else ""
    return (
        f"more accurate operation '{best.name}'{acc_text} needs {grids}, "
        "which is not installed (no network grids): the best available one was used"
    )


def area_size(area: tuple[float, float, float, float] | None) -> float:
    """The size of an area of use in square degrees (0 for none); handles the 180° crossing.

    >>> area_size((170.0, -10.0, -170.0, 10.0))
    400.0
    """
    if area is None:
        return 0.0
    west, south, east, north = area
    return max(lon_width(west, east), 0.0) * max(north - south, 0.0)


def _stated_accuracy(epsg: int) -> float:
    if epsg == WGS84:
        return 0.0
    tr = transformer(epsg)
    if tr is None:
        return math.inf
    acc = _accuracy(tr.accuracy) if tr.description != _DEFERRED else None
    return math.inf if acc is None else acc


@lru_cache(maxsize=1024)
def preferred_order(codes: tuple[int, ...]) -> tuple[int, ...]:
    """Candidate frames of an ambiguous name, the default first.

    Widest area of use first (the least specific frame is the natural default); among frames
    of equal width, the one that reaches WGS 84 with the most accurate single operation (so a
    wrong guess moves the geometry least), then the lowest code.

    >>> preferred_order((32233, 32433, 32633))[0]  # WGS 72, WGS 72BE, WGS 84 / UTM zone 33N
    32633
    """
    facts = {c: crs_facts(c) for c in codes}
    sizes = {c: round(area_size(f.area if f else None), 1) for c, f in facts.items()}
    widest = max(sizes.values(), default=0.0)
    top = [c for c in codes if sizes[c] == widest]
    rest = [c for c in codes if sizes[c] != widest]
    top.sort(key=lambda c: (_stated_accuracy(c), c))
    rest.sort(key=lambda c: (-sizes[c], c))
    return tuple(top + rest)


@lru_cache(maxsize=1)
def _esri_tables() -> tuple[dict[int, str], dict[str, int]]:
    """ESRI code -> name, and ESRI name -> the one non-deprecated EPSG CRS that PROJ's
    ``alias_name`` table gives that name (EPSG's record of what ESRI calls its CRS)."""
    names: dict[int, str] = {}
    for table in ("projected_crs", "geodetic_crs"):
        for code, name in proj_db_rows(
            f"SELECT code, name FROM {table} WHERE auth_name = 'ESRI'"  # noqa: S608 - constant
        ):
            if str(code).isdigit():
                names[int(code)] = str(name)
    by_name: dict[str, set[int]] = {}
    rows = proj_db_rows(
        "SELECT a.code, a.alt_name, COALESCE(p.deprecated, g.deprecated) FROM alias_name a "
        "LEFT JOIN projected_crs p ON a.table_name = 'projected_crs' AND p.auth_name = 'EPSG' "
        "AND p.code = a.code "
        "LEFT JOIN geodetic_crs g ON a.table_name = 'geodetic_crs' AND g.auth_name = 'EPSG' "
        "AND g.code = a.code "
        "WHERE a.auth_name = 'EPSG' AND a.source = 'ESRI' "
        "AND a.table_name IN ('projected_crs', 'geodetic_crs')"
    )
    for code, alt, deprecated in rows:
        if str(code).isdigit() and not deprecated:
            by_name.setdefault(str(alt), set()).add(int(code))
    return names, {n: next(iter(c)) for n, c in by_name.items() if len(c) == 1}


@lru_cache(maxsize=256)
def esri_facts(code: int) -> tuple[int | None, str | None]:
    """(the EPSG code whose ESRI alias is this CRS's name, the ESRI name) for ``ESRI:code``;
    ``(None, None)`` when ESRI has no such CRS. One dictionary lookup (PROJ's own identify
    search, ``CRS.to_epsg``, costs ~0.3 s a code).

    >>> esri_facts(102100)
    (3857, 'WGS_1984_Web_Mercator_Auxiliary_Sphere')
    >>> esri_facts(54030)
    (None, 'World_Robinson')
    """
    names, to_epsg = _esri_tables()
    name = names.get(int(code))
    if name is None:
        return None, None
    return to_epsg.get(name), name


@lru_cache(maxsize=1024)
def _projection_inverse(ref: int | str) -> SharedTransformer | None:
    facts = crs_facts(ref)
    if facts is None or facts.kind != "projected":
        return None
    try:
        crs = CRS.from_user_input(facts.horizontal)
        return SharedTransformer(Transformer.from_crs(crs, crs.geodetic_crs, always_xy=True))
    except (CRSError, ProjError, AttributeError):
        return None


def projection_lonlat(ref: int | str, x: "object", y: "object") -> tuple | None:
    """Projected ``x, y`` of a frame to longitude/latitude on the frame's own datum (no datum
    shift: a few hundred metres at most from WGS 84, and ~10x cheaper to build than the full
    transformation): enough to tell which of several candidate frames puts numbers where.

    >>> lon, lat = projection_lonlat(28992, 155000.0, 463000.0)
    >>> round(float(lon), 2), round(float(lat), 2)
    (5.39, 52.16)
    """
    tr = _projection_inverse(ref)
    if tr is None:
        return None
    try:
        return tr.transform(x, y, errcheck=False)
    except ProjError:
        return None
