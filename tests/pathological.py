"""Pathological text units for the linear-scan checks: ``tests/test_crs.py`` asserts the CRS
declaration scan stays linear on each, ``benchmarks/bench_pathological.py`` times it."""

#: Each unit is repeated thousands of times; a backtracking scanner would go quadratic on it.
CRS_SCAN_UNITS: tuple[str, ...] = (
    "EPSG" * 7,
    "urn:ogc:def:crs:" * 3,
    '"crs": {"type": "name", "properties": {"name": ',
    "SRID=",
    "530000.25 180000.75, ",
    "British National British National Grid OSGB 1936 / ",
    "http://www.opengis.net/def/crs/EPSG/0/",
)
